//! Vector glyphs for features and validation markers, as [`epaint`] shapes
//! so they stay crisp at any zoom. The editor's canvas, its legend and the
//! SVG pictures all draw these shapes, so every one of them matches the map.
//!
//! Every glyph has its own silhouette (bush: cluster of leaves, Outpost: eye,
//! objective: lightning bolt, barracks: chevrons on a square, base: castle),
//! so they are told apart without relying on colour.

use super::palette::{self as theme, Palette};
use super::tessellate;
use epaint::{
    CircleShape, Color32, CornerRadius, PathShape, Pos2, Rect, RectShape, Shape, Stroke,
    StrokeKind, Vec2, pos2, vec2,
};
use hexwright_engine::map::FeatureKind;
use hexwright_engine::validate::Severity;

const BUSH_LEAF: Color32 = Color32::from_rgb(0x4C, 0xA8, 0x52);
const BUSH_DARK: Color32 = Color32::from_rgb(0x17, 0x4D, 0x25);
const ENERGY: Color32 = Color32::from_rgb(0xF0, 0xE4, 0x42);
const ENERGY_DISC: Color32 = Color32::from_rgb(0x2B, 0x2B, 0x30);
/// Points along each arc of the Outpost's eye.
const LENS_STEPS: usize = 16;

/// The shapes a glyph is made of, in drawing order.
type Shapes = Vec<Shape>;

fn circle(out: &mut Shapes, center: Pos2, radius: f32, fill: Color32, stroke: Stroke) {
    out.push(Shape::Circle(CircleShape {
        center,
        radius,
        fill,
        stroke,
    }));
}

/// The glyph of a feature `kind` centred at `c`, fitting a circle of
/// radius `r` points.
#[must_use]
pub fn feature(c: Pos2, r: f32, kind: FeatureKind, palette: &Palette) -> Vec<Shape> {
    let mut out = Vec::new();
    let painter = &mut out;
    let line = (r * 0.09).clamp(1.0, 2.5);
    let outline = Stroke::new(line, palette.glyph_outline);
    match kind {
        FeatureKind::Bush => bush(painter, c, r, line),
        FeatureKind::Outpost => outpost(painter, c, r, outline),
        FeatureKind::Objective => objective(painter, c, r, line),
        FeatureKind::Barracks { side } => {
            barracks(painter, c, r, theme::side_color(side), outline, palette);
        }
        FeatureKind::Base { side } => {
            base(painter, c, r, theme::side_color(side), outline, palette);
        }
    }
    out
}

/// Below this radius (points) a bush's leaves would blur into one blot, so
/// it is drawn as one: two discs instead of nine shapes. A map of 30,000
/// bushes zoomed out to fit (or rendered at 1,600 pixels) then costs a
/// fifth of what it would.
const BUSH_DETAIL_RADIUS: f32 = 5.0;

fn bush(painter: &mut Shapes, c: Pos2, r: f32, line: f32) {
    if r < BUSH_DETAIL_RADIUS {
        painter.push(Shape::circle_filled(c, 0.7 * r + line, BUSH_DARK));
        painter.push(Shape::circle_filled(c, 0.7 * r, BUSH_LEAF));
        return;
    }
    let leaves = [
        (vec2(-0.42, 0.16), 0.44),
        (vec2(0.42, 0.16), 0.44),
        (vec2(0.0, -0.22), 0.52),
        (vec2(0.0, 0.36), 0.4),
    ];
    for (o, s) in leaves {
        painter.push(Shape::circle_filled(c + o * r, s * r + line, BUSH_DARK));
    }
    for (o, s) in leaves {
        painter.push(Shape::circle_filled(c + o * r, s * r, BUSH_LEAF));
    }
    // A darker vein on each side leaf gives the cluster some depth.
    painter.push(Shape::circle_filled(
        c + vec2(-0.1, -0.34) * r,
        0.14 * r,
        Color32::from_rgb(0x7B, 0xC6, 0x7E),
    ));
}

fn outpost(painter: &mut Shapes, c: Pos2, r: f32, outline: Stroke) {
    circle(painter, c, r * 0.95, Color32::WHITE, outline);
    // An eye: the Outpost reveals the hexes around it.
    let (half_width, half_height) = (0.72 * r, 0.42 * r);
    let arc = |step: usize, upper: bool| {
        let along = step as f32 / LENS_STEPS as f32;
        let dx = if upper {
            -half_width + 2.0 * half_width * along
        } else {
            half_width - 2.0 * half_width * along
        };
        let dy = half_height * (1.0 - (dx / half_width).powi(2));
        pos2(c.x + dx, if upper { c.y - dy } else { c.y + dy })
    };
    let lens: Vec<Pos2> = (0..=LENS_STEPS)
        .map(|s| arc(s, true))
        .chain((1..LENS_STEPS).map(|s| arc(s, false)))
        .collect();
    painter.push(Shape::Path(PathShape::convex_polygon(
        lens,
        Color32::from_rgb(0xE8, 0xF1, 0xF8),
        outline,
    )));
    painter.push(Shape::circle_filled(
        c,
        0.24 * r,
        Color32::from_rgb(0x1E, 0x1E, 0x1E),
    ));
    painter.push(Shape::circle_filled(
        c + vec2(-0.08, -0.08) * r,
        0.07 * r,
        Color32::WHITE,
    ));
}

fn objective(painter: &mut Shapes, c: Pos2, r: f32, line: f32) {
    circle(painter, c, r * 0.95, ENERGY_DISC, Stroke::new(line, ENERGY));
    let bolt: Vec<Pos2> = [
        (0.14, -0.72),
        (-0.38, 0.1),
        (-0.02, 0.1),
        (-0.16, 0.72),
        (0.38, -0.12),
        (0.02, -0.12),
    ]
    .iter()
    .map(|&(x, y)| c + vec2(x, y) * r)
    .collect();
    painter.push(Shape::mesh(tessellate::polygon_mesh(&bolt, ENERGY)));
    painter.push(Shape::closed_line(
        bolt,
        Stroke::new(line * 0.6, Color32::from_rgb(0x8A, 0x7A, 0x00)),
    ));
}

fn barracks(
    painter: &mut Shapes,
    c: Pos2,
    r: f32,
    color: Color32,
    outline: Stroke,
    palette: &Palette,
) {
    let rect = Rect::from_center_size(c, Vec2::splat(1.6 * r));
    painter.push(Shape::Rect(RectShape::new(
        rect,
        CornerRadius::same((0.25 * r) as u8),
        color,
        outline,
        StrokeKind::Middle,
    )));
    let chevron = Stroke::new((0.17 * r).max(1.0), palette.glyph_light);
    for dy in [-0.22, 0.2] {
        let pts = vec![
            c + vec2(-0.48, dy + 0.2) * r,
            c + vec2(0.0, dy - 0.14) * r,
            c + vec2(0.48, dy + 0.2) * r,
        ];
        painter.push(Shape::line(pts, chevron));
    }
}

fn base(painter: &mut Shapes, c: Pos2, r: f32, color: Color32, outline: Stroke, palette: &Palette) {
    let castle: Vec<Pos2> = [
        (-0.9, 0.82),
        (0.9, 0.82),
        (0.9, -0.86),
        (0.54, -0.86),
        (0.54, -0.56),
        (0.18, -0.56),
        (0.18, -0.86),
        (-0.18, -0.86),
        (-0.18, -0.56),
        (-0.54, -0.56),
        (-0.54, -0.86),
        (-0.9, -0.86),
    ]
    .iter()
    .map(|&(x, y)| c + vec2(x, y) * r)
    .collect();
    painter.push(Shape::mesh(tessellate::polygon_mesh(&castle, color)));
    painter.push(Shape::closed_line(castle, outline));
    let door = Rect::from_min_max(c + vec2(-0.24, 0.18) * r, c + vec2(0.24, 0.82) * r);
    let round = CornerRadius {
        nw: (0.24 * r) as u8,
        ne: (0.24 * r) as u8,
        sw: 0,
        se: 0,
    };
    painter.push(Shape::Rect(RectShape::new(
        door,
        round,
        palette.glyph_light,
        outline,
        StrokeKind::Middle,
    )));
}

/// A validation badge for `severity` centred at `c` with radius `r`: a
/// vermillion disc for errors, a yellow triangle for warnings, each with an
/// exclamation mark.
#[must_use]
pub fn marker(c: Pos2, r: f32, severity: Severity, palette: &Palette) -> Vec<Shape> {
    let mut out = Vec::new();
    let painter = &mut out;
    let outline = Stroke::new((r * 0.14).clamp(1.0, 2.0), palette.glyph_outline);
    let (mark, top, bottom) = match severity {
        Severity::Error => {
            circle(painter, c, r, theme::ERROR, outline);
            (Color32::WHITE, -0.52, 0.14)
        }
        Severity::Warning => {
            let tri = vec![
                c + vec2(0.0, -1.1) * r,
                c + vec2(1.05, 0.78) * r,
                c + vec2(-1.05, 0.78) * r,
            ];
            painter.push(Shape::Path(PathShape::convex_polygon(
                tri,
                theme::WARNING,
                outline,
            )));
            (Color32::from_rgb(0x1E, 0x1E, 0x1E), -0.48, 0.2)
        }
    };
    let w = (r * 0.24).max(1.0);
    painter.push(Shape::line_segment(
        [c + vec2(0.0, top) * r, c + vec2(0.0, bottom) * r],
        Stroke::new(w, mark),
    ));
    painter.push(Shape::circle_filled(
        c + vec2(0.0, bottom + 0.3) * r,
        w * 0.6,
        mark,
    ));
    out
}
