//! The map summary: name, author, description and counts
//! ([`hexwright_engine::summary::Summary`]).

use crate::document::Document;
use crate::theme;
use egui::{Grid, RichText, Sense, Ui, Vec2};
use hexwright_engine::player::PlayerId;

/// Draws the summary of the open map.
pub fn show(ui: &mut Ui, doc: &Document) {
    let s = doc.summary();
    let meta = &doc.map().meta;
    ui.label(RichText::new(&s.name).heading().strong());
    if !s.author.is_empty() {
        ui.label(RichText::new(format!("by {}", s.author)).weak());
    }
    if !meta.description.is_empty() {
        ui.add_space(2.0);
        ui.label(&meta.description);
    }
    if !meta.tags.is_empty() {
        ui.label(RichText::new(meta.tags.join(" · ")).small().weak());
    }
    ui.add_space(6.0);
    let count = |name: &str| s.features.get(name).copied().unwrap_or(0).to_string();
    Grid::new("map_counts")
        .num_columns(4)
        .spacing([10.0, 3.0])
        .striped(true)
        .show(ui, |ui| {
            let pair = |ui: &mut Ui, label: &str, value: String| {
                ui.label(label);
                ui.label(RichText::new(value).monospace());
            };
            pair(ui, "Grid hexes", s.grid_hexes.to_string());
            pair(ui, "Terrain pieces", s.terrain_pieces.to_string());
            ui.end_row();
            pair(ui, "Usable hexes", s.usable_hexes.to_string());
            pair(ui, "Unusable hexes", s.unusable_hexes.to_string());
            ui.end_row();
            pair(ui, "Bases", count("base"));
            pair(ui, "Barracks", count("barracks"));
            ui.end_row();
            pair(ui, "Objectives", count("objective"));
            pair(ui, "Outposts", count("outpost"));
            ui.end_row();
            pair(ui, "Bushes", count("bush"));
            pair(ui, "Hex size", format!("{} {}", s.hex_size, s.orientation));
            ui.end_row();
            pair(ui, "Area", format!("{} x {}", s.width, s.height));
            pair(ui, "Players", s.players.to_string());
            ui.end_row();
            // Two sides per row, like the other pairs.
            for (i, (side, &size)) in PlayerId::all(s.zone_sizes.len())
                .zip(&s.zone_sizes)
                .enumerate()
            {
                side_label(ui, side);
                ui.label(RichText::new(format!("{size} hexes")).monospace());
                if i % 2 == 1 {
                    ui.end_row();
                }
            }
            if s.zone_sizes.len() % 2 == 1 {
                ui.end_row();
            }
        });
}

/// "Side n" with a dot in the side's colour.
pub fn side_label(ui: &mut Ui, side: PlayerId) {
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 5.0;
        let (rect, _) = ui.allocate_exact_size(Vec2::splat(11.0), Sense::hover());
        ui.painter()
            .circle_filled(rect.center(), 5.0, theme::side_color(side));
        ui.label(format!("Side {side}"));
    });
}
