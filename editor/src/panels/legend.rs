//! The legend: what each colour, hatch and glyph on the canvas means, drawn
//! with the same painting code as the canvas so the two always agree.

use crate::canvas::theme::{self, Palette};
use egui::epaint::{PathShape, Stroke};
use egui::{Painter, Pos2, Rect, Sense, Ui, Vec2, vec2};
use hexwright_engine::map::{FeatureKind, TerrainKind};
use hexwright_engine::player::PlayerId;
use hexwright_engine::validate::Severity;
use hexwright_headless::draw::glyphs;

const SWATCH: f32 = 22.0;

/// Draws the legend.
pub fn show_ui(ui: &mut Ui, palette: &Palette, players: usize) {
    let hex_row = |ui: &mut Ui, label: &str, paint: &dyn Fn(&Painter, Pos2, f32)| {
        row_ui(ui, label, |p, rect| {
            let c = rect.center();
            let r = rect.height() * 0.5;
            paint(p, c, r);
        });
    };
    hex_row(ui, "Usable hex", &|p, c, r| {
        p.add(PathShape::convex_polygon(
            hexagon(c, r),
            palette.usable,
            Stroke::new(1.0, palette.grid_line),
        ));
    });
    hex_row(ui, "Unusable hex (under half free)", &|p, c, r| {
        p.add(PathShape::convex_polygon(
            hexagon(c, r),
            palette.unusable,
            Stroke::new(1.0, palette.grid_line),
        ));
        let mut shapes = Vec::new();
        crate::canvas::hatch_into(
            &hexagon(c, r - 0.5),
            4.0,
            Stroke::new(0.9, palette.hatch),
            &mut shapes,
        );
        p.extend(shapes);
    });
    for kind in TerrainKind::ALL {
        let label = match kind {
            TerrainKind::Rock => "Rock",
            TerrainKind::Water => "Water",
            TerrainKind::Forest => "Forest",
            TerrainKind::Chasm => "Chasm",
        };
        hex_row(ui, label, &|p, c, r| {
            let rect = Rect::from_center_size(c, Vec2::splat(r * 1.6));
            p.rect(
                rect,
                4.0,
                palette.terrain_fill(kind),
                Stroke::new(1.2, palette.terrain_line(kind)),
                egui::StrokeKind::Inside,
            );
        });
    }
    for side in PlayerId::all(players) {
        hex_row(ui, &format!("Starting zone, side {side}"), &|p, c, r| {
            p.add(PathShape::convex_polygon(
                hexagon(c, r),
                palette.usable,
                Stroke::NONE,
            ));
            p.add(PathShape::convex_polygon(
                hexagon(c, r),
                palette.zone_fill(side),
                Stroke::new(2.0, theme::side_color(side)),
            ));
        });
    }
    let mut features: Vec<(FeatureKind, String)> = Vec::new();
    for side in PlayerId::all(players) {
        features.push((FeatureKind::Base { side }, format!("Base, side {side}")));
    }
    for side in PlayerId::all(players) {
        features.push((
            FeatureKind::Barracks { side },
            format!("Barracks, side {side}"),
        ));
    }
    for (kind, label) in [
        (FeatureKind::Objective, "Energy objective"),
        (FeatureKind::Outpost, "Outpost"),
        (FeatureKind::Bush, "Bush"),
    ] {
        features.push((kind, label.to_owned()));
    }
    for (kind, label) in features {
        hex_row(ui, &label, &|p, c, r| {
            p.extend(glyphs::feature(c, r * 0.85, kind, palette));
        });
    }
    marks_ui(ui, palette);
}

/// The rows of the marks drawn over hexes: findings, the selection and
/// symmetry breaks.
fn marks_ui(ui: &mut Ui, palette: &Palette) {
    let hex_row = |ui: &mut Ui, label: &str, paint: &dyn Fn(&Painter, Pos2, f32)| {
        row_ui(ui, label, |p, rect| {
            paint(p, rect.center(), rect.height() * 0.5);
        });
    };
    hex_row(ui, "Validation error", &|p, c, r| {
        p.extend(glyphs::marker(c, r * 0.6, Severity::Error, palette));
    });
    hex_row(ui, "Validation warning", &|p, c, r| {
        p.extend(glyphs::marker(c, r * 0.6, Severity::Warning, palette));
    });
    hex_row(ui, "Selected hex", &|p, c, r| {
        p.add(PathShape::closed_line(
            hexagon(c, r - 1.0),
            Stroke::new(3.0, theme::SELECTION),
        ));
    });
    // Drawn like the canvas's Symmetry breaks layer: a dashed green outline.
    hex_row(
        ui,
        "Breaks the symmetry (one of its images differs)",
        &|p, c, r| {
            let mut pts = hexagon(c, r - 2.0);
            pts.push(pts[0]);
            p.extend(egui::Shape::dashed_line(
                &pts,
                Stroke::new(1.6, theme::SYMMETRY_BREAK),
                4.0,
                3.0,
            ));
        },
    );
}

fn row_ui(ui: &mut Ui, label: &str, paint: impl FnOnce(&Painter, Rect)) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(Vec2::splat(SWATCH), Sense::hover());
        paint(ui.painter(), rect);
        // Long labels wrap to the panel rather than widen it.
        ui.add(egui::Label::new(label).wrap());
    });
}

/// A pointy-top hexagon around `c` with circumradius `r`.
fn hexagon(c: Pos2, r: f32) -> Vec<Pos2> {
    (0..6)
        .map(|i| {
            let a = (30.0 + 60.0 * i as f32).to_radians();
            c + vec2(a.cos(), a.sin()) * r
        })
        .collect()
}
