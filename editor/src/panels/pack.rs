//! The map pack window: the manifest's fields, the list of maps (open,
//! move up or down, remove), the list of scenarios (remove; the sandbox's
//! scenario panel adds the ones it saves into the pack folder), adding the
//! open map, and saving.

use crate::app::action::Action;
use crate::canvas::theme;
use crate::document::pack_draft::PackDraft;
use egui::{Grid, Id, RichText, TextEdit, Ui, Window};

/// Draws the window for `draft`; `add_name` is the file name typed for
/// adding the open map.
pub fn show_ui(ui: &mut Ui, draft: &mut PackDraft, add_name: &mut String) -> Vec<Action> {
    let mut actions = Vec::new();
    let mut open = true;
    Window::new("Map pack")
        .id(Id::unique("pack_window"))
        .open(&mut open)
        .default_width(440.0)
        .show(ui.ctx(), |ui| {
            if let Some(zip) = &draft.archive {
                ui.label(RichText::new(zip.display().to_string()).monospace().weak());
                ui.label(
                    RichText::new(
                        "A zipped pack, read only: open its maps, or unzip it to edit it.",
                    )
                    .color(ui.visuals().warn_fg_color),
                );
                ui.separator();
                ui.label(RichText::new(format!("Maps ({})", draft.entries.len())).strong());
                entries_ui(ui, draft, &mut actions);
                return;
            }
            ui.label(
                RichText::new(draft.dir.display().to_string())
                    .monospace()
                    .weak(),
            );
            Grid::new("pack_manifest")
                .num_columns(2)
                .spacing([10.0, 4.0])
                .show(ui, |ui| {
                    for (label, text) in [
                        ("Pack name", &mut draft.name),
                        ("Version", &mut draft.version),
                        ("Pack author", &mut draft.author),
                        ("Pack description", &mut draft.description),
                    ] {
                        ui.label(label);
                        ui.add(TextEdit::singleline(text).desired_width(f32::INFINITY))
                            .on_hover_text(label);
                        ui.end_row();
                    }
                });
            ui.separator();
            ui.label(RichText::new(format!("Maps ({})", draft.entries.len())).strong());
            entries_ui(ui, draft, &mut actions);
            ui.separator();
            scenarios_ui(ui, draft);
            ui.separator();
            ui.horizontal(|ui| {
                ui.add(
                    TextEdit::singleline(add_name)
                        .hint_text("file name, e.g. my-map.ron")
                        .desired_width(200.0),
                )
                .on_hover_text("File name for the open map in the pack");
                if ui
                    .button("Add the open map")
                    .on_hover_text("List the map open in the editor in this pack")
                    .clicked()
                {
                    actions.push(Action::PackAdd(add_name.clone()));
                }
            });
            ui.add_space(6.0);
            if ui
                .button("Save pack")
                .on_hover_text("Write the new maps and the manifest (pack.ron)")
                .clicked()
            {
                actions.push(Action::PackSave);
            }
        });
    if !open {
        actions.push(Action::PackClose);
    }
    actions
}

/// One row per map: its name, its state, and Open, Up, Down, Remove.
fn entries_ui(ui: &mut Ui, draft: &PackDraft, actions: &mut Vec<Action>) {
    let n = draft.entries.len();
    for (i, entry) in draft.entries.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("{}. {}", i + 1, entry.name));
            if entry.added.is_some() {
                ui.label(RichText::new("(new, written on save)").weak());
            }
            if let Some(p) = &entry.problem {
                ui.label(RichText::new("cannot be read").color(theme::ERROR))
                    .on_hover_text(p.as_str());
            }
            let open_it = entry.added.is_none() && entry.problem.is_none();
            for (label, enabled, action, hint) in [
                (
                    "Open",
                    open_it,
                    Action::PackOpenMap(i),
                    "Open this map in the editor",
                ),
                ("Up", i > 0, Action::PackShift(i, -1), "Move it up the list"),
                (
                    "Down",
                    i + 1 < n,
                    Action::PackShift(i, 1),
                    "Move it down the list",
                ),
                (
                    "Remove",
                    true,
                    Action::PackRemove(i),
                    "Take it off the list (the file stays in the folder)",
                ),
            ] {
                // A zipped pack is read only: its maps can only be opened.
                if draft.archive.is_some() && label != "Open" {
                    continue;
                }
                if ui
                    .add_enabled(enabled, egui::Button::new(label).small())
                    .on_hover_text(format!("{hint}: {}", entry.name))
                    .clicked()
                {
                    actions.push(action);
                }
            }
        });
    }
}

/// One row per scenario: its name, its state, and Remove. Removing edits
/// the draft in place (like the manifest fields); the file stays in the
/// folder and the manifest changes when the pack is saved.
fn scenarios_ui(ui: &mut Ui, draft: &mut PackDraft) {
    ui.label(RichText::new(format!("Scenarios ({})", draft.scenarios.len())).strong());
    if draft.scenarios.is_empty() {
        ui.label(
            RichText::new("None yet: save a scenario from the sandbox into the pack folder.")
                .weak(),
        );
    }
    let mut remove = None;
    for (i, s) in draft.scenarios.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("{}. {}", i + 1, s.name));
            if let Some(p) = &s.problem {
                ui.label(RichText::new("cannot be read").color(theme::ERROR))
                    .on_hover_text(p.as_str());
            }
            if ui
                .add(egui::Button::new("Remove").small())
                .on_hover_text(format!(
                    "Take it off the list (the file stays in the folder): {}",
                    s.name
                ))
                .clicked()
            {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        draft.remove_scenario(i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;

    #[test]
    fn the_window_lists_the_scenarios_and_removes_one() {
        let mut draft = PackDraft::new(std::env::temp_dir().join("hexwright-pack-panel"));
        assert!(draft.add_scenario("a.ron"));
        assert!(draft.add_scenario("scenarios/b.ron"));
        draft.scenarios[1].problem = Some("the file does not exist".to_owned());
        let mut h = Harness::builder()
            .with_size(egui::Vec2::new(700.0, 900.0))
            .build_ui_state(
                |ui, d: &mut PackDraft| {
                    let mut name = String::new();
                    show_ui(ui, d, &mut name);
                },
                draft,
            );
        h.run();
        assert!(h.query_by_label("Scenarios (2)").is_some());
        assert!(h.query_by_label("1. a.ron").is_some());
        assert!(h.query_by_label("2. scenarios/b.ron").is_some());
        assert!(h.query_by_label("cannot be read").is_some());
        // No maps are listed, so the only Remove buttons are the scenarios'.
        h.get_all_by_label("Remove").next().unwrap().click();
        h.run();
        assert_eq!(h.state().manifest().scenarios, vec!["scenarios/b.ron"]);
        assert!(h.query_by_label("Scenarios (1)").is_some());
        assert!(h.query_by_label("1. scenarios/b.ron").is_some());
    }
}
