//! The selected terrain piece: its shape and kind (editable) and a button
//! to delete it.

use crate::app::action::Action;
use crate::document::Document;
use crate::panels::toolbar::terrain_label;
use egui::{ComboBox, Grid, RichText, Ui};
use hexwright_engine::map::{TerrainKind, TerrainShape};

/// Draws the properties of terrain piece `index`.
pub fn show_ui(ui: &mut Ui, doc: &Document, index: usize) -> Vec<Action> {
    let mut actions = Vec::new();
    let Some(piece) = doc.map().terrain.get(index) else {
        return actions;
    };
    ui.label(RichText::new(format!("Terrain piece #{}", index + 1)).strong());
    Grid::new("selected_piece")
        .num_columns(2)
        .spacing([16.0, 3.0])
        .show(ui, |ui| {
            ui.label("Shape");
            ui.label(match &piece.shape {
                TerrainShape::Polygon { points } => {
                    format!("polygon, {} corners", points.points().len())
                }
                TerrainShape::Circle { center, radius } => format!(
                    "circle at ({:.0}, {:.0}), radius {:.1}",
                    center.0.x,
                    center.0.y,
                    radius.get()
                ),
                TerrainShape::Stroke {
                    radius,
                    points,
                    erase,
                } => format!(
                    "{} stroke, {} points, radius {:.1}",
                    if *erase { "eraser" } else { "brush" },
                    points.points().len(),
                    radius.get()
                ),
                TerrainShape::Hexes { hexes } => match hexes.len() {
                    1 => "1 whole hex".to_owned(),
                    n => format!("{n} whole hexes"),
                },
            });
            ui.end_row();
            ui.label("Kind");
            ComboBox::from_id_salt("piece_kind")
                .selected_text(terrain_label(piece.kind))
                .show_ui(ui, |ui| {
                    for kind in TerrainKind::ALL {
                        if ui
                            .selectable_label(piece.kind == kind, terrain_label(kind))
                            .clicked()
                            && kind != piece.kind
                        {
                            actions.push(Action::SetPieceKind(index, kind));
                        }
                    }
                })
                .response
                .on_hover_text("The piece's kind of terrain (its look)");
            ui.end_row();
        });
    if ui
        .button("Delete piece")
        .on_hover_text("Remove this piece (Delete)")
        .clicked()
    {
        actions.push(Action::DeletePiece);
    }
    actions
}
