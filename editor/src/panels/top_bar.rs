//! The top bar: file commands, the open map (with an unsaved mark), view
//! controls, the shortcut sheet and the theme switch.

use crate::action::Action;
use crate::document::Document;
use crate::settings::Settings;
use crate::theme::ThemeChoice;
use crate::view::ZOOM_STEP;
use egui::{Align, Layout, RichText, Ui};

/// The label shown next to the map's name while it has unsaved changes.
pub const UNSAVED_MARK: &str = "• unsaved changes";

/// Draws the bar; `zoom` is the canvas scale (screen points per world unit).
pub fn show(
    ui: &mut Ui,
    doc: &Document,
    settings: &Settings,
    zoom: f64,
    dirty: bool,
) -> Vec<Action> {
    let mut actions = Vec::new();
    ui.horizontal_centered(|ui| {
        ui.label(RichText::new("Hexwright").strong().size(15.0));
        ui.separator();
        for (label, hint, action) in [
            ("New…", "Make a new map (Ctrl+N)", Action::New),
            ("Open…", "Open a map file (Ctrl+O)", Action::Open),
            ("Save", "Save the map (Ctrl+S)", Action::Save),
            (
                "Save as…",
                "Save the map to another file (Ctrl+Shift+S)",
                Action::SaveAs,
            ),
            (
                "Pack…",
                "Open, make or edit a map pack (a folder of maps with a manifest)",
                Action::Pack,
            ),
            (
                "Play",
                "Play matches on this map in the sandbox (F5)",
                Action::Play,
            ),
        ] {
            if ui.button(label).on_hover_text(hint).clicked() {
                actions.push(action);
            }
        }
        ui.add_enabled_ui(!settings.recent.is_empty(), |ui| {
            ui.menu_button("Recent", |ui| {
                for path in &settings.recent {
                    if ui.button(path.display().to_string()).clicked() {
                        actions.push(Action::OpenPath(path.clone()));
                        ui.close();
                    }
                }
            })
            .response
            .on_hover_text("Open a recently used map");
        });
        ui.separator();
        ui.label(RichText::new(&doc.map().meta.name).strong());
        ui.label(RichText::new(doc.source().to_string()).weak())
            .on_hover_text("Where this map was opened from");
        if dirty {
            ui.label(RichText::new(UNSAVED_MARK).color(ui.visuals().warn_fg_color))
                .on_hover_text("The map has changes that are not saved");
        }
        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
            for choice in ThemeChoice::ALL.iter().rev().copied() {
                let hint = format!("Use the {} theme", choice.label().to_lowercase());
                if ui
                    .selectable_label(settings.theme == choice, choice.label())
                    .on_hover_text(hint)
                    .clicked()
                {
                    actions.push(Action::SetTheme(choice));
                }
            }
            ui.label(RichText::new("Theme").weak());
            ui.separator();
            if ui
                .button("Shortcuts")
                .on_hover_text("Show the keyboard shortcuts (F1)")
                .clicked()
            {
                actions.push(Action::ShowShortcuts(true));
            }
            ui.separator();
            if ui
                .button("Fit map")
                .on_hover_text("Show the whole map (F or Home)")
                .clicked()
            {
                actions.push(Action::FitToMap);
            }
            if ui
                .button("+")
                .on_hover_text("Zoom in (+ or mouse wheel)")
                .clicked()
            {
                actions.push(Action::Zoom(ZOOM_STEP));
            }
            ui.label(RichText::new(format!("{:.0}%", zoom * 100.0)).monospace())
                .on_hover_text("Zoom: screen points per 100 map units");
            if ui
                .button("−")
                .on_hover_text("Zoom out (- or mouse wheel)")
                .clicked()
            {
                actions.push(Action::Zoom(1.0 / ZOOM_STEP));
            }
        });
    });
    actions
}
