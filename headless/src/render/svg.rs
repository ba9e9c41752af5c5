//! A map as an SVG picture: the canvas's layers as vector shapes in the
//! canvas's colours — hexes (usable or not), terrain, starting zones,
//! features — and a legend.

use super::{LEGEND_WIDTH, RenderOptions, svg_shapes};
use crate::draw::glyphs;
use crate::draw::overlay::{self, Drawn, Overlay};
use crate::draw::palette::{self as theme, Palette};
use epaint::{Color32, pos2};
use hexwright_engine::Hex;
use hexwright_engine::analysis::{Analysis, Movement};
use hexwright_engine::coverage::Coverage;
use hexwright_engine::geom::Point;
use hexwright_engine::map::{FeatureKind, Map, TerrainKind};
use hexwright_engine::player::PlayerId;
use hexwright_engine::shape;
use hexwright_engine::validate::{self, Severity};
use std::collections::BTreeMap;
use std::fmt::Write;

fn paint(c: Color32) -> String {
    let [r, g, b, a] = c.to_srgba_unmultiplied();
    format!(
        "fill=\"#{r:02x}{g:02x}{b:02x}\" fill-opacity=\"{:.3}\"",
        f32::from(a) / 255.0
    )
}

fn stroke(c: Color32, width: f64) -> String {
    let [r, g, b, _] = c.to_srgba_unmultiplied();
    format!("stroke=\"#{r:02x}{g:02x}{b:02x}\" stroke-width=\"{width:.2}\"")
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// World to picture coordinates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    margin: f64,
    scale: f64,
}

impl Frame {
    /// The map's area fitted into the canvas part (left of the legend) of
    /// a `width × height` picture.
    pub(crate) fn new(map: &Map, width: usize, height: usize) -> Self {
        let canvas = (width - LEGEND_WIDTH) as f64;
        let margin = 16.0;
        Self {
            margin,
            scale: ((canvas - 2.0 * margin) / map.area.width.get())
                .min((height as f64 - 2.0 * margin) / map.area.height.get()),
        }
    }

    /// Where the world point `p` is in the picture.
    pub(crate) fn at(&self, p: Point) -> (f64, f64) {
        (
            self.margin + p.x * self.scale,
            self.margin + p.y * self.scale,
        )
    }

    fn points(&self, pts: &[Point]) -> String {
        pts.iter()
            .map(|&p| {
                let (x, y) = self.at(p);
                format!("{x:.2},{y:.2}")
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The SVG text of `map`.
///
/// # Errors
/// When the width is out of range or the usable hexes cannot be computed.
pub fn render(map: &Map, opts: RenderOptions) -> anyhow::Result<String> {
    let (width, height) = opts.size(map)?;
    let coverage = Coverage::new(map)?;
    let palette: Palette = opts.palette();
    let canvas = (width - LEGEND_WIDTH) as f64;
    let frame = Frame::new(map, width, height);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">"
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&map.meta.name));
    let _ = writeln!(
        s,
        "<rect width=\"100%\" height=\"100%\" {}/>",
        paint(palette.background)
    );
    let (ax, ay) = frame.at(Point::new(0.0, 0.0));
    let _ = writeln!(
        s,
        "<rect x=\"{ax:.2}\" y=\"{ay:.2}\" width=\"{:.2}\" height=\"{:.2}\" {} {}/>",
        map.area.width.get() * frame.scale,
        map.area.height.get() * frame.scale,
        paint(palette.area),
        stroke(palette.area_border, 1.0)
    );
    hexes(&mut s, map, &coverage, &palette, &frame);
    terrain(&mut s, map, &palette, &frame);
    let drawn = opts.overlay.map(|o| {
        let a = Analysis::new(map, &coverage, Movement::for_players(map.player_count()));
        (o, overlay::draw(&a, o))
    });
    if let Some((o, d)) = &drawn {
        overlay_layer(&mut s, map, *o, d, &frame);
    }
    features(&mut s, map, &palette, &frame);
    findings(&mut s, map, &coverage, &palette, &frame);
    legend(&mut s, map, &palette, canvas, drawn.as_ref());
    s.push_str("</svg>\n");
    Ok(s)
}

/// Every grid hex, usable or not, and the starting zones.
fn hexes(s: &mut String, map: &Map, coverage: &Coverage, palette: &Palette, frame: &Frame) {
    let layout = map.hex_layout();
    let _ = writeln!(s, "<g id=\"hexes\" {}>", stroke(palette.grid_line, 0.6));
    for &h in coverage.hexes() {
        let fill = if coverage.is_usable(h) {
            palette.usable
        } else {
            palette.unusable
        };
        let _ = writeln!(
            s,
            "<polygon data-hex=\"{},{}\" points=\"{}\" {}/>",
            h.x,
            h.y,
            frame.points(&layout.corners(h)),
            paint(fill)
        );
    }
    let _ = writeln!(s, "</g>\n<g id=\"zones\">");
    for z in &map.zones {
        for &h in &z.hexes {
            let _ = writeln!(
                s,
                "<polygon points=\"{}\" {} {}/>",
                frame.points(&layout.corners(h)),
                paint(palette.zone_fill(z.side)),
                stroke(theme::side_color(z.side), 1.2)
            );
        }
    }
    let _ = writeln!(s, "</g>");
}

/// Every terrain piece but erasers, as its outline.
fn terrain(s: &mut String, map: &Map, palette: &Palette, frame: &Frame) {
    let layout = map.hex_layout();
    let _ = writeln!(s, "<g id=\"terrain\">");
    for piece in map.terrain.iter().filter(|p| !p.shape.is_eraser()) {
        let prepared = shape::prepare_shape(&piece.shape, &layout);
        let mut d = String::new();
        for ring in &prepared.rings {
            let _ = write!(d, "M{}Z", frame.points(&ring.points).replace(' ', "L"));
        }
        let _ = writeln!(
            s,
            "<path d=\"{d}\" {} {} fill-rule=\"nonzero\"/>",
            paint(palette.terrain_fill(piece.kind)),
            stroke(palette.terrain_line(piece.kind), 1.0)
        );
    }
    let _ = writeln!(s, "</g>");
}

/// Every feature as the canvas draws it: the same glyph, as SVG shapes
/// (each in a group that names the feature, for screen readers and
/// scripts).
fn features(s: &mut String, map: &Map, palette: &Palette, frame: &Frame) {
    let layout = map.hex_layout();
    let _ = writeln!(s, "<g id=\"features\">");
    let r = (layout.size * frame.scale * 0.55) as f32;
    for f in &map.features {
        let (x, y) = frame.at(layout.center(f.hex));
        let shapes = glyphs::feature(pos2(x as f32, y as f32), r, f.kind, palette);
        let _ = writeln!(
            s,
            "<g data-feature=\"{}\"><title>{}</title>",
            f.kind.name(),
            escape(&feature_name(f.kind))
        );
        svg_shapes::write(s, &shapes);
        let _ = writeln!(s, "</g>");
    }
    let _ = writeln!(s, "</g>");
}

/// Every hex with a validation finding as the canvas marks it: an outline
/// in the worst finding's colour and its badge (a disc for an error, a
/// triangle for a warning), each in a group that says what is wrong.
fn findings(s: &mut String, map: &Map, coverage: &Coverage, palette: &Palette, frame: &Frame) {
    let mut at: BTreeMap<(i32, i32), (Hex, Severity, Vec<String>)> = BTreeMap::new();
    for f in validate::validate(map, coverage) {
        let Some(h) = f.hex else { continue };
        let entry = at.entry((h.y, h.x)).or_insert((h, f.severity, Vec::new()));
        entry.1 = entry.1.min(f.severity);
        entry.2.push(f.message);
    }
    let layout = map.hex_layout();
    let px = layout.size * frame.scale;
    let _ = writeln!(s, "<g id=\"findings\">");
    for (h, severity, messages) in at.values() {
        let (cx, cy) = frame.at(layout.center(*h));
        let k = (1.0 - 1.5 / px.max(1.0)).max(0.0);
        let inset: Vec<Point> = layout
            .corners(*h)
            .iter()
            .map(|p| {
                let c = layout.center(*h);
                Point::new(c.x + (p.x - c.x) * k, c.y + (p.y - c.y) * k)
            })
            .collect();
        let _ = writeln!(
            s,
            "<g data-finding=\"{},{}\"><title>{}</title>",
            h.x,
            h.y,
            escape(&messages.join("; "))
        );
        let points = frame.points(&inset);
        if *severity == Severity::Warning {
            let _ = writeln!(
                s,
                "<polygon points=\"{points}\" fill=\"none\" {}/>",
                stroke(palette.glyph_outline, 3.5)
            );
        }
        let _ = writeln!(
            s,
            "<polygon points=\"{points}\" fill=\"none\" {}/>",
            stroke(theme::severity_color(*severity), 2.0)
        );
        let r = (px * 0.24).clamp(5.0, 11.0) as f32;
        let badge = pos2((cx + 0.52 * px) as f32, (cy - 0.5 * px) as f32);
        svg_shapes::write(s, &glyphs::marker(badge, r, *severity, palette));
        let _ = writeln!(s, "</g>");
    }
    let _ = writeln!(s, "</g>");
}

/// A feature's name in words: "Barracks, side 1".
fn feature_name(kind: FeatureKind) -> String {
    match kind {
        FeatureKind::Bush => "Bush".to_owned(),
        FeatureKind::Outpost => "Outpost".to_owned(),
        FeatureKind::Objective => "Energy objective".to_owned(),
        FeatureKind::Barracks { side } => format!("Barracks, side {side}"),
        FeatureKind::Base { side } => format!("Base, side {side}"),
    }
}

/// An analysis overlay: its tints on the hexes, then its outlines (each
/// hex set's border, its label on its first hex).
fn overlay_layer(s: &mut String, map: &Map, o: Overlay, d: &Drawn, frame: &Frame) {
    let layout = map.hex_layout();
    let _ = writeln!(s, "<g id=\"overlay\" data-overlay=\"{o}\">");
    for &(h, tint) in &d.tints {
        let _ = writeln!(
            s,
            "<polygon data-overlay-hex=\"{},{}\" points=\"{}\" {}/>",
            h.x,
            h.y,
            frame.points(&layout.corners(h)),
            paint(tint)
        );
    }
    for (hexes, label) in &d.outlines {
        for &h in hexes {
            let _ = writeln!(
                s,
                "<polygon points=\"{}\" fill=\"none\" {}/>",
                frame.points(&layout.corners(h)),
                stroke(overlay::CHOKE, 2.5)
            );
        }
        if let Some(&h) = hexes.first() {
            let (x, y) = frame.at(layout.center(h));
            let size = (layout.size * frame.scale * 0.9).max(9.0);
            let _ = writeln!(
                s,
                "<text data-choke-width=\"{label}\" x=\"{x:.1}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"{size:.1}\" font-weight=\"bold\" text-anchor=\"middle\" {}>{}</text>",
                y + size * 0.35,
                paint(Color32::WHITE),
                escape(label)
            );
        }
    }
    let _ = writeln!(s, "</g>");
}

fn legend(s: &mut String, map: &Map, palette: &Palette, x0: f64, drawn: Option<&(Overlay, Drawn)>) {
    let x = x0 + 12.0;
    let mut y = 28.0;
    let _ = writeln!(
        s,
        "<g id=\"legend\" font-family=\"sans-serif\" font-size=\"13\" {}>",
        paint(if palette.dark {
            Color32::WHITE
        } else {
            Color32::BLACK
        })
    );
    let _ = writeln!(
        s,
        "<text x=\"{x}\" y=\"{y}\" font-size=\"16\" font-weight=\"bold\">{}</text>",
        escape(&map.meta.name)
    );
    y += 26.0;
    let mut rows: Vec<(Color32, String)> = vec![
        (palette.usable, "Usable hex".to_owned()),
        (
            palette.unusable,
            "Unusable hex (under half free)".to_owned(),
        ),
    ];
    for kind in TerrainKind::ALL {
        rows.push((palette.terrain_fill(kind), kind.name().to_owned()));
    }
    for side in PlayerId::all(map.player_count()) {
        rows.push((
            palette.zone_fill(side),
            format!("Starting zone, side {side}"),
        ));
    }
    if let Some((o, d)) = drawn {
        rows.push((Color32::TRANSPARENT, format!("Overlay: {o}")));
        rows.extend(d.legend.iter().cloned());
    }
    for (color, label) in rows {
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{:.1}\" width=\"16\" height=\"16\" {} {}/><text x=\"{}\" y=\"{y:.1}\">{}</text>",
            y - 12.0,
            paint(color),
            stroke(palette.grid_line, 1.0),
            x + 24.0,
            escape(&label)
        );
        y += 22.0;
    }
    // The features as the map shows them: each glyph beside its name.
    let mut kinds = vec![
        FeatureKind::Objective,
        FeatureKind::Outpost,
        FeatureKind::Bush,
    ];
    for side in PlayerId::all(map.player_count()) {
        kinds.push(FeatureKind::Base { side });
        kinds.push(FeatureKind::Barracks { side });
    }
    for kind in kinds {
        let shapes = glyphs::feature(pos2((x + 8.0) as f32, (y - 4.0) as f32), 8.0, kind, palette);
        svg_shapes::write(s, &shapes);
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{y:.1}\">{}</text>",
            x + 24.0,
            escape(&feature_name(kind))
        );
        y += 22.0;
    }
    let _ = writeln!(s, "</g>");
}
