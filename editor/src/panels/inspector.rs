//! The right-hand inspector: map summary and metadata, the selected hex and
//! terrain piece, validation findings, the parity and fairness tables,
//! *Suggest fixes* and the edit history, in one scrolling column.

use crate::app::action::Action;
use crate::canvas::theme::Palette;
use crate::document::Document;
use crate::document::history::History;
use crate::panels::meta::{self, MetaForm};
use crate::panels::parity::{self, Parity};
use crate::panels::resize::{self, ResizeForm};
use crate::panels::{findings, history, map_info, piece, selection};
use egui::{CollapsingHeader, RichText, ScrollArea, Ui};
use hexwright_engine::Hex;

/// What the inspector shows.
pub struct InspectorParams<'a> {
    /// The open map.
    pub doc: &'a Document,
    /// The selected hex.
    pub selected_hex: Option<Hex>,
    /// The selected terrain piece.
    pub selected_piece: Option<usize>,
    /// The selected finding.
    pub selected_finding: Option<usize>,
    /// Canvas colours (for the finding badges).
    pub palette: Palette,
    /// The metadata being edited.
    pub meta_form: &'a mut MetaForm,
    /// The new size being typed.
    pub resize_form: &'a mut ResizeForm,
    /// The parity table.
    pub parity: Option<&'a Parity>,
    /// The map analysis (none while the map is being recomputed).
    pub analysis: Option<&'a hexwright_engine::analysis::Analysis>,
    /// The simulated verdict the sandbox holds, and whether it was played
    /// on the map as it is now.
    pub simulated: Option<(String, bool)>,
    /// *Suggest fixes*: its form, search and proposals.
    pub suggest: &'a mut crate::edit::suggest::Suggestions,
    /// The undo history.
    pub history: &'a History,
    /// Whether the history is shown.
    pub show_history: bool,
}

/// Draws the inspector.
pub fn show_ui(ui: &mut Ui, p: &mut InspectorParams<'_>) -> Vec<Action> {
    let mut actions = Vec::new();
    // The panel's width is the user's: contents wrap to it and never widen it.
    let width = ui.available_width();
    ScrollArea::vertical()
        .id_salt("inspector")
        .auto_shrink(false)
        .show(ui, |ui| {
            ui.set_max_width(width);
            ui.add_space(4.0);
            map_info::show_ui(ui, p.doc);
            CollapsingHeader::new(RichText::new("Metadata").strong())
                .id_salt("metadata")
                .default_open(false)
                .show(ui, |ui| {
                    actions.extend(meta::show_ui(ui, p.meta_form, &p.doc.map().meta));
                });
            CollapsingHeader::new(RichText::new("Map size").strong())
                .id_salt("map_size")
                .default_open(false)
                .show(ui, |ui| {
                    actions.extend(resize::show_ui(ui, p.resize_form, p.doc.map()));
                });
            ui.add_space(4.0);
            ui.separator();
            CollapsingHeader::new(RichText::new("Selected hex").strong())
                .id_salt("selection")
                .default_open(true)
                .show(ui, |ui| {
                    actions.extend(selection::show_ui(
                        ui,
                        p.doc,
                        p.selected_hex,
                        p.selected_finding,
                    ));
                    if let Some(i) = p.selected_piece {
                        ui.separator();
                        actions.extend(piece::show_ui(ui, p.doc, i));
                    }
                });
            ui.separator();
            CollapsingHeader::new(RichText::new("Validation").strong())
                .id_salt("validation")
                .default_open(true)
                .show(ui, |ui| {
                    actions.extend(findings::show_ui(ui, p.doc, p.selected_finding, &p.palette));
                });
            ui.separator();
            CollapsingHeader::new(RichText::new("Parity").strong())
                .id_salt("parity")
                .default_open(true)
                .show(ui, |ui| {
                    if let Some(table) = p.parity {
                        parity::show_ui(ui, table);
                    }
                });
            ui.separator();
            CollapsingHeader::new(RichText::new("Fairness").strong())
                .id_salt("fairness")
                .default_open(true)
                .show(ui, |ui| {
                    let certified = certificates_ui(ui, p.doc.board());
                    match p.analysis {
                        Some(a) => actions.extend(crate::panels::analysis::show_fairness_ui(
                            ui,
                            a,
                            p.simulated.as_ref().map(|(v, now)| (v.as_str(), *now)),
                            certified,
                            p.doc.serial(),
                        )),
                        None => {
                            ui.label(RichText::new("Working out the figures…").weak());
                        }
                    }
                });
            ui.separator();
            CollapsingHeader::new(RichText::new("Suggest fixes").strong())
                .id_salt("suggest")
                .default_open(false)
                .show(ui, |ui| {
                    actions.extend(crate::panels::suggest::show_ui(ui, p.suggest));
                });
            ui.separator();
            let header = CollapsingHeader::new(RichText::new("History").strong())
                .id_salt("history")
                .open(Some(p.show_history))
                .show(ui, |ui| {
                    actions.extend(history::show_ui(ui, p.history));
                });
            if header.header_response.clicked() {
                actions.push(Action::ShowHistory(!p.show_history));
            }
        });
    actions
}

/// The map's fairness certificates: each one that holds, and each made
/// for another version of the map (void). Returns whether some holds.
fn certificates_ui(ui: &mut Ui, board: &hexwright_engine::board::Board) -> bool {
    let map = board.map();
    let mut holds = false;
    for c in &map.certificates {
        if c.holds_on(map, board.coverage()) {
            holds = true;
            ui.label(RichText::new(c.summary()).strong());
        } else {
            ui.label(
                RichText::new(format!(
                    "Void: the certificate for {} in {} ({}) was made for another version of this map",
                    c.bot, c.ruleset, c.date
                ))
                .color(crate::canvas::theme::ERROR),
            );
        }
    }
    holds
}
