//! The map summary: name, author, description and counts
//! ([`hexwright_engine::summary::Summary`]).

use crate::canvas::theme;
use crate::document::Document;
use egui::{Grid, RichText, Sense, Ui, Vec2};
use hexwright_engine::player::PlayerId;

/// Draws the summary of the open map.
pub fn show_ui(ui: &mut Ui, doc: &Document) {
    let s = doc.summary();
    let meta = &doc.map().meta;
    ui.label(RichText::new(&s.name).heading().strong());
    // Always a line, so typing an author does not move what is below.
    let author = if s.author.is_empty() {
        "no author given".to_owned()
    } else {
        format!("by {}", s.author)
    };
    ui.add(egui::Label::new(RichText::new(author).weak()).truncate());
    if !meta.description.is_empty() {
        ui.add_space(2.0);
        ui.label(&meta.description);
    }
    if !meta.tags.is_empty() {
        ui.label(RichText::new(meta.tags.join(" · ")).small().weak());
    }
    ui.add_space(6.0);
    let count = |name: &str| s.features.get(name).copied().unwrap_or(0).to_string();
    let mut pairs: Vec<(String, String)> = vec![
        ("Grid hexes".into(), s.grid_hexes.to_string()),
        ("Terrain pieces".into(), s.terrain_pieces.to_string()),
        ("Usable hexes".into(), s.usable_hexes.to_string()),
        ("Unusable hexes".into(), s.unusable_hexes.to_string()),
        ("Bases".into(), count("base")),
        ("Barracks".into(), count("barracks")),
        ("Objectives".into(), count("objective")),
        ("Outposts".into(), count("outpost")),
        ("Bushes".into(), count("bush")),
        (
            "Hex size".into(),
            format!("{} {}", s.hex_size, s.orientation),
        ),
        ("Area".into(), format!("{} x {}", s.width, s.height)),
        ("Players".into(), s.players.to_string()),
    ];
    let zones = pairs.len();
    pairs.extend(
        s.zone_sizes
            .iter()
            .map(|size| (String::new(), format!("{size} hexes"))),
    );
    // Two pairs a row when the panel has room for them, else one.
    let per_row = if ui.available_width() >= TWO_PAIRS_WIDTH {
        2
    } else {
        1
    };
    Grid::new("map_counts")
        .num_columns(2 * per_row)
        .spacing([10.0, 3.0])
        .striped(true)
        .show(ui, |ui| {
            for (i, (label, value)) in pairs.iter().enumerate() {
                if i >= zones {
                    side_label_ui(ui, PlayerId((i - zones) as u8));
                } else {
                    ui.label(label.as_str());
                }
                ui.label(RichText::new(value).monospace());
                if i % per_row == per_row - 1 || i + 1 == pairs.len() {
                    ui.end_row();
                }
            }
        });
}

/// The panel width from which the counts go two pairs a row.
const TWO_PAIRS_WIDTH: f32 = 300.0;

/// "Side n" with a dot in the side's colour.
pub fn side_label_ui(ui: &mut Ui, side: PlayerId) {
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 5.0;
        let (rect, _) = ui.allocate_exact_size(Vec2::splat(11.0), Sense::hover());
        ui.painter()
            .circle_filled(rect.center(), 5.0, theme::side_color(side));
        ui.label(format!("Side {side}"));
    });
}
