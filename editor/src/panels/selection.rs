//! The selected hex: its coordinate, free fraction and everything standing
//! there, with the findings that concern it.

use crate::app::action::Action;
use crate::document::{Document, percent};
use crate::panels::findings::row_text;
use crate::panels::map_info::side_label_ui;
use egui::{Button, Grid, RichText, Ui};
use hexwright_engine::Hex;
use hexwright_engine::format::HexDisplay;

/// Draws the details of `hex`, or a hint when nothing is selected.
pub fn show_ui(
    ui: &mut Ui,
    doc: &Document,
    hex: Option<Hex>,
    selected_finding: Option<usize>,
) -> Vec<Action> {
    let mut actions = Vec::new();
    let Some(hex) = hex else {
        ui.label(RichText::new("Click a hex on the map to see what is there.").weak());
        return actions;
    };
    let report = doc.report(hex);
    ui.horizontal(|ui| {
        ui.label(RichText::new(format!("Hex {}", HexDisplay(hex))).strong());
        if ui
            .small_button("Clear")
            .on_hover_text("Clear the selection (Esc)")
            .clicked()
        {
            actions.push(Action::SelectHex(None));
        }
    });
    Grid::new("selected_hex")
        .num_columns(2)
        .spacing([16.0, 3.0])
        .show(ui, |ui| {
            ui.label("Free");
            match report.free {
                Some(f) => ui.label(format!(
                    "{} ({})",
                    percent(f),
                    if report.usable { "usable" } else { "unusable" }
                )),
                None => ui.label("outside the grid"),
            };
            ui.end_row();
            ui.label("Terrain");
            if report.terrain.is_empty() {
                ui.label(RichText::new("none").weak());
            } else {
                ui.label(
                    report
                        .terrain
                        .iter()
                        .map(|k| k.name())
                        .collect::<Vec<_>>()
                        .join(", "),
                );
            }
            ui.end_row();
            ui.label("Feature");
            if report.features.is_empty() {
                ui.label(RichText::new("none").weak());
            } else {
                ui.label(
                    report
                        .features
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                );
            }
            ui.end_row();
            ui.label("Zone");
            if report.zones.is_empty() {
                ui.label(RichText::new("none").weak());
            } else {
                ui.vertical(|ui| {
                    for &side in &report.zones {
                        side_label_ui(ui, side);
                    }
                });
            }
            ui.end_row();
        });
    if !report.features.is_empty()
        && ui
            .button("Remove the feature here")
            .on_hover_text("Take the feature off this hex (undoable)")
            .clicked()
    {
        actions.push(Action::RemoveFeatureAt(hex));
    }
    for &i in &report.findings {
        let f = &doc.findings()[i];
        let text = RichText::new(format!("{}: {}", f.severity, row_text(f)));
        if ui
            .add(Button::selectable(selected_finding == Some(i), text).wrap())
            .clicked()
        {
            actions.push(Action::FocusFinding(i));
        }
    }
    actions
}
