//! The right-hand inspector: map summary, findings and the selected hex, in
//! one scrolling column.

use crate::action::Action;
use crate::document::Document;
use crate::panels::{findings, map_info, selection};
use crate::theme::Palette;
use egui::{CollapsingHeader, RichText, ScrollArea, Ui};
use hexwright_engine::Hex;

/// What the inspector shows.
#[derive(Clone, Copy, Debug)]
pub struct InspectorParams<'a> {
    /// The open map.
    pub doc: &'a Document,
    /// The selected hex.
    pub selected_hex: Option<Hex>,
    /// The selected finding.
    pub selected_finding: Option<usize>,
    /// Canvas colours (for the finding badges).
    pub palette: Palette,
}

/// Draws the inspector.
pub fn show(ui: &mut Ui, p: InspectorParams<'_>) -> Vec<Action> {
    let mut actions = Vec::new();
    ScrollArea::vertical()
        .id_salt("inspector")
        .auto_shrink(false)
        .show(ui, |ui| {
            ui.add_space(4.0);
            map_info::show(ui, p.doc);
            ui.add_space(4.0);
            ui.separator();
            CollapsingHeader::new(RichText::new("Selected hex").strong())
                .id_salt("selection")
                .default_open(true)
                .show(ui, |ui| {
                    actions.extend(selection::show(
                        ui,
                        p.doc,
                        p.selected_hex,
                        p.selected_finding,
                    ));
                });
            ui.separator();
            CollapsingHeader::new(RichText::new("Validation").strong())
                .id_salt("validation")
                .default_open(true)
                .show(ui, |ui| {
                    actions.extend(findings::show(ui, p.doc, p.selected_finding, &p.palette));
                });
        });
    actions
}
