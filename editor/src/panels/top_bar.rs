//! The top bar: file commands, the open map (with an unsaved mark), view
//! controls, the shortcut sheet and the theme switch.

use crate::app::action::Action;
use crate::app::settings::Settings;
use crate::canvas::theme::ThemeChoice;
use crate::canvas::view::ZOOM_STEP;
use crate::document::Document;
use egui::{Align, Label, Layout, RichText, Ui};

/// The label shown next to the map's name while it has unsaved changes.
pub const UNSAVED_MARK: &str = "• unsaved changes";

/// The room kept for the unsaved mark beside the map's name.
const MARK_WIDTH: f32 = 130.0;

/// Below this width the file commands get a row of their own.
const ONE_ROW_WIDTH: f32 = 1700.0;

/// Draws the bar; `zoom` is the canvas scale (screen points per world unit).
pub fn show_ui(
    ui: &mut Ui,
    doc: &Document,
    settings: &Settings,
    zoom: f64,
    dirty: bool,
) -> Vec<Action> {
    let mut actions = Vec::new();
    // The view controls take their room first, from the right; the map's
    // name and source get what is left and are cut short rather than run
    // under the zoom buttons. A window too narrow for everything on one
    // row puts the file commands on a row of their own.
    let one_row = ui.available_width() >= ONE_ROW_WIDTH;
    ui.vertical(|ui| {
        if !one_row {
            // Wrapped, so a narrow window keeps every command on screen.
            ui.horizontal_wrapped(|ui| file_commands_ui(ui, settings, &mut actions));
        }
        ui.horizontal(|ui| {
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                view_controls_ui(ui, settings, zoom, &mut actions);
                ui.separator();
                ui.with_layout(Layout::left_to_right(Align::Center), |ui| {
                    if one_row {
                        file_commands_ui(ui, settings, &mut actions);
                        ui.separator();
                    }
                    // The unsaved mark keeps its room: the name is cut short
                    // before it, so the mark never runs under the zoom
                    // buttons.
                    let mark = if dirty { MARK_WIDTH } else { 0.0 };
                    let name_room = (ui.available_width() - mark).max(0.0);
                    ui.allocate_ui(egui::vec2(name_room, ui.available_height()), |ui| {
                        ui.add(Label::new(RichText::new(&doc.map().meta.name).strong()).truncate());
                    });
                    if dirty {
                        ui.add(
                            Label::new(
                                RichText::new(UNSAVED_MARK).color(ui.visuals().warn_fg_color),
                            )
                            .truncate(),
                        )
                        .on_hover_text("The map has changes that are not saved");
                    }
                    let source = doc.source().to_string();
                    ui.add(Label::new(RichText::new(&source).weak()).truncate())
                        .on_hover_text(format!("Where this map was opened from: {source}"));
                });
            });
        });
    });
    actions
}

/// New, Open, Save, Save as, Pack, Play, and the Recent and Bundled menus.
fn file_commands_ui(ui: &mut Ui, settings: &Settings, actions: &mut Vec<Action>) {
    ui.label(RichText::new("Hexwright").strong().size(15.0));
    ui.separator();
    for (label, hint, action) in [
        ("New…", "Make a new map (Ctrl+N)", Action::New),
        ("Open…", "Open a map file (Ctrl+O)", Action::Open),
        (
            "Import…",
            "Open a map made elsewhere (Battle for Wesnoth) as a new map",
            Action::Import,
        ),
        (
            "Generate…",
            "Make a new map from a seed: players, size, symmetry and style, with previews",
            Action::Generate,
        ),
        ("Save", "Save the map (Ctrl+S)", Action::Save),
        (
            "Save as…",
            "Save the map to another file (Ctrl+Shift+S)",
            Action::SaveAs,
        ),
        (
            "Export image…",
            "Save a picture of the map (PNG or SVG), as the canvas draws it, with a legend",
            Action::ExportImage,
        ),
        (
            "Export to Tiled…",
            "Save the map as a Tiled map (.tmj) with its tileset picture, to go on in Tiled",
            Action::ExportTiled,
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
                // The file's name first, then its folder.
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                let folder = path
                    .parent()
                    .map(|d| d.display().to_string())
                    .unwrap_or_default();
                if ui
                    .button(format!("{name} — {folder}"))
                    .on_hover_text(path.display().to_string())
                    .clicked()
                {
                    actions.push(Action::OpenPath(path.clone()));
                    ui.close();
                }
            }
        })
        .response
        .on_hover_text("Open a recently used map");
    });
    ui.menu_button("Bundled", |ui| {
        for (label, file) in bundled_entries() {
            if ui.button(label).clicked() {
                actions.push(Action::OpenBundled(file.to_owned()));
                ui.close();
            }
        }
    })
    .response
    .on_hover_text("Open one of the maps that come with Hexwright");
}

/// Each bundled map as a menu entry: its name and file name.
#[must_use]
pub fn bundled_entries() -> Vec<(String, &'static str)> {
    hexwright_headless::files::bundled::MAPS
        .iter()
        .map(|&(file, _)| {
            let name = hexwright_headless::files::bundled::map(file)
                .map_or_else(|_| file.to_owned(), |m| m.meta.name);
            (format!("{name} ({file})"), file)
        })
        .collect()
}

/// Theme, shortcuts, fit and zoom, laid out from the right.
fn view_controls_ui(ui: &mut Ui, settings: &Settings, zoom: f64, actions: &mut Vec<Action>) {
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
}
