//! Modal dialogs: New map, Open and Save As (an in-app path field, with the
//! native file dialog one click away), the unsaved-changes prompt, and the
//! offer to recover the map autosaved before a crash, File → Import
//! ([`import_dialog`]) and File → Generate ([`generate_dialog`]).
//!
//! A dialog's form (the text typed so far) is UI state the dialog edits in
//! place; what the user decides comes back as [`Action`]s.

use crate::app::action::Action;
use crate::document::files::{self, NewMapSpec};
use crate::panels::generate_dialog::{self, GenerateForm};
use crate::panels::import_dialog::{self, ImportForm};
use egui::{Align, DragValue, Grid, Id, Layout, Modal, RichText, TextEdit, Ui};
use hexwright_engine::import::Report;
use hexwright_engine::layout::Orientation;
use hexwright_engine::player::{MAX_PLAYERS, MIN_PLAYERS};
use std::path::PathBuf;

/// What to do once the unsaved-changes prompt is answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    /// Show the New dialog.
    New,
    /// Show the Open dialog.
    Open,
    /// Open this file.
    OpenPath(PathBuf),
    /// Open this bundled map.
    OpenBundled(String),
    /// Open the recovered map.
    Recover,
    /// Open a copy of this file as an unsaved map (a map of a zipped
    /// pack).
    OpenCopy(PathBuf),
    /// Show the Import dialog.
    Import,
    /// Open this generated map as a new unsaved map.
    OpenGenerated(Box<hexwright_engine::map::Map>),
    /// Close the window.
    Close,
}

/// The open dialog, if any.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Dialog {
    /// No dialog.
    #[default]
    None,
    /// New map: size, orientation and hex size.
    New {
        /// The form.
        spec: NewMapSpec,
        /// Why the last attempt failed.
        error: Option<String>,
    },
    /// Open a file.
    Open {
        /// The path typed so far.
        path: String,
        /// Why the last attempt failed.
        error: Option<String>,
    },
    /// Save to a new file.
    SaveAs {
        /// The path typed so far.
        path: String,
        /// Why the last attempt failed.
        error: Option<String>,
    },
    /// The map has unsaved changes.
    Unsaved {
        /// What the user wanted to do.
        then: Pending,
    },
    /// Open a map pack, or start one.
    Pack {
        /// The folder typed so far.
        path: String,
        /// Why the last attempt failed.
        error: Option<String>,
    },
    /// *Play* after the map changed, with a sandbox left earlier; `work`
    /// is what a new sandbox would discard ([`crate::sandbox::Sandbox::held_work`]).
    ReturnToSandbox {
        /// What the earlier sandbox holds.
        work: Vec<String>,
    },
    /// Opening another map (or closing the window) would close a sandbox
    /// that holds results.
    SandboxWork {
        /// What the user wanted to do.
        then: Pending,
        /// The sandbox's map.
        map: String,
        /// What it holds ([`crate::sandbox::Sandbox::held_work`]).
        work: Vec<String>,
    },
    /// A recovery file was found.
    Recover {
        /// Where.
        path: PathBuf,
    },
    /// Export a picture of the map.
    ExportImage {
        /// The path typed so far.
        path: String,
        /// Why the last attempt failed.
        error: Option<String>,
    },
    /// Export the map as a Tiled map.
    ExportTiled {
        /// The path typed so far.
        path: String,
        /// Why the last attempt failed.
        error: Option<String>,
    },
    /// Import a map made elsewhere.
    Import {
        /// The form.
        form: ImportForm,
        /// Why the last attempt failed.
        error: Option<String>,
    },
    /// Generate a map: parameters and previews.
    Generate(Box<GenerateForm>),
    /// What an import did.
    ImportReport {
        /// The imported file's name.
        file: String,
        /// The report.
        report: Report,
    },
}

impl Dialog {
    /// Whether a dialog is open.
    #[must_use]
    pub fn is_open(&self) -> bool {
        *self != Self::None
    }
}

/// The hexes `spec` makes, counted once per change of the form (kept in
/// egui's memory between frames).
fn counted_ui(ui: &Ui, spec: &NewMapSpec) -> Option<usize> {
    let key = format!("{spec:?}");
    let id = Id::unique("new_map_hex_count");
    let cached = ui.data(|d| d.get_temp::<(String, Option<usize>)>(id));
    match cached {
        Some((k, n)) if k == key => n,
        _ => {
            let n = spec.counted_hexes();
            ui.data_mut(|d| d.insert_temp(id, (key, n)));
            n
        }
    }
}

/// Draws the dialog, if any. `native` allows the native file dialogs
/// (off in tests); `name` is the open map's file name for the prompt.
pub fn show_ui(ui: &mut Ui, dialog: &mut Dialog, native: bool, name: &str) -> Vec<Action> {
    let mut actions = Vec::new();
    if !dialog.is_open() {
        return actions;
    }
    // One id per kind of dialog, so none opens at the size another had.
    let id = Id::unique(("hexwright_dialog", std::mem::discriminant(dialog)));
    let modal = Modal::new(id).show(ui.ctx(), |ui| {
        ui.set_width(460.0);
        match dialog {
            Dialog::None => {}
            Dialog::New { spec, error } => new_map_ui(ui, spec, error.as_deref(), &mut actions),
            Dialog::Open { path, error } => {
                path_form_ui(ui, PathForm::Open, path, error, native, &mut actions);
            }
            Dialog::SaveAs { path, error } => {
                path_form_ui(ui, PathForm::SaveAs, path, error, native, &mut actions);
            }
            Dialog::ExportImage { path, error } => {
                path_form_ui(ui, PathForm::ExportImage, path, error, native, &mut actions);
            }
            Dialog::ExportTiled { path, error } => {
                path_form_ui(ui, PathForm::ExportTiled, path, error, native, &mut actions);
            }
            Dialog::Unsaved { .. } => unsaved_ui(ui, name, &mut actions),
            Dialog::Pack { path, error } => pack_ui(ui, path, error, native, &mut actions),
            Dialog::Recover { path } => recover_ui(ui, path, &mut actions),
            Dialog::ReturnToSandbox { work } => return_to_sandbox_ui(ui, work, &mut actions),
            Dialog::SandboxWork { then, map, work } => {
                sandbox_work(ui, then, map, work, &mut actions);
            }
            Dialog::Import { form, error } => {
                import_dialog::form_ui(ui, form, error, native, &mut actions);
            }
            Dialog::ImportReport { file, report } => {
                import_dialog::report_ui(ui, &format!("Imported {file}"), report, &mut actions);
            }
            Dialog::Generate(form) => generate_dialog::form_ui(ui, form, &mut actions),
        }
    });
    if modal.should_close() && actions.is_empty() {
        actions.push(Action::CloseDialog);
    }
    actions
}

fn buttons_ui(ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
    ui.add_space(8.0);
    ui.with_layout(Layout::right_to_left(Align::Center), add);
}

fn error_line_ui(ui: &mut Ui, error: Option<&str>) {
    if let Some(e) = error {
        ui.label(RichText::new(e).color(crate::canvas::theme::ERROR));
    }
}

fn new_map_ui(ui: &mut Ui, spec: &mut NewMapSpec, error: Option<&str>, actions: &mut Vec<Action>) {
    ui.heading("New map");
    Grid::new("new_map")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            ui.label("Name");
            ui.add(TextEdit::singleline(&mut spec.name).desired_width(240.0))
                .on_hover_text("Map name");
            ui.end_row();
            ui.label("Width");
            ui.add(
                DragValue::new(&mut spec.width)
                    .range(1.0..=1.0e6)
                    .speed(10.0),
            )
            .on_hover_text("Map width");
            ui.end_row();
            ui.label("Height");
            ui.add(
                DragValue::new(&mut spec.height)
                    .range(1.0..=1.0e6)
                    .speed(10.0),
            )
            .on_hover_text("Map height");
            ui.end_row();
            ui.label("Hex size");
            ui.add(
                DragValue::new(&mut spec.hex_size)
                    .range(1.0..=1.0e4)
                    .speed(0.5),
            )
            .on_hover_text("Hex size: circumradius (centre to corner), in map units");
            ui.end_row();
            ui.label("Orientation");
            ui.horizontal(|ui| {
                ui.radio_value(&mut spec.orientation, Orientation::Pointy, "Pointy");
                ui.radio_value(&mut spec.orientation, Orientation::Flat, "Flat");
            });
            ui.end_row();
            ui.label("Players");
            ui.horizontal(|ui| {
                for n in MIN_PLAYERS..=MAX_PLAYERS {
                    let n = n as u8;
                    ui.radio_value(&mut spec.players, n, format!("{n} players"))
                        .on_hover_text(format!(
                            "A map for {n} players: {n} starting zones, bases and sides"
                        ));
                }
            });
            ui.end_row();
        });
    if let Some(advice) = spec.over_limit_advice() {
        ui.label(RichText::new(advice).color(crate::canvas::theme::ERROR));
    } else if let Some(n) = counted_ui(ui, spec) {
        ui.label(format!("{n} hexes"));
    }
    error_line_ui(ui, error);
    buttons_ui(ui, |ui| {
        if ui.button("Create").clicked() {
            actions.push(Action::CreateMap(spec.clone()));
        }
        if ui.button("Cancel").clicked() {
            actions.push(Action::CloseDialog);
        }
    });
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum PathForm {
    Open,
    SaveAs,
    ExportImage,
    ExportTiled,
}

fn path_form_ui(
    ui: &mut Ui,
    form: PathForm,
    path: &mut String,
    error: &mut Option<String>,
    native: bool,
    actions: &mut Vec<Action>,
) {
    let (title, verb) = match form {
        PathForm::Open => ("Open a map", "Open file"),
        PathForm::SaveAs => ("Save the map as", "Save file"),
        PathForm::ExportImage => ("Export an image of the map", "Export image"),
        PathForm::ExportTiled => ("Export the map to Tiled", "Export to Tiled"),
    };
    ui.heading(title);
    let label = ui.label("File path");
    let field = ui
        .add(
            TextEdit::singleline(path)
                .desired_width(f32::INFINITY)
                .hint_text(match form {
                    PathForm::ExportImage => "/path/to/map.png (or .svg)",
                    PathForm::ExportTiled => "/path/to/map.tmj",
                    PathForm::Open | PathForm::SaveAs => "/path/to/map.ron",
                }),
        )
        .labelled_by(label.id);
    field.request_focus();
    let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    error_line_ui(ui, error.as_deref());
    if form == PathForm::Open {
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            ui.label("Or open a bundled map:");
            for (label, file) in crate::panels::top_bar::bundled_entries() {
                if ui.button(label).clicked() {
                    actions.push(Action::OpenBundled(file.to_owned()));
                }
            }
        });
    }
    let mut chosen: Option<PathBuf> = None;
    let mut from_system = false;
    buttons_ui(ui, |ui| {
        if ui.button(verb).clicked() || entered {
            let p = path.trim();
            if !p.is_empty() {
                chosen = Some(PathBuf::from(p));
            }
        }
        if ui.button("Cancel").clicked() {
            actions.push(Action::CloseDialog);
        }
        if native
            && ui
                .button("Browse…")
                .on_hover_text("Pick the file with the system's file dialog")
                .clicked()
        {
            let dialog = rfd::FileDialog::new().add_filter("Hexwright map", &["ron"]);
            chosen = match form {
                PathForm::Open => dialog.pick_file(),
                PathForm::SaveAs => dialog.set_file_name("map.ron").save_file(),
                PathForm::ExportImage => rfd::FileDialog::new()
                    .add_filter("PNG image", &["png"])
                    .add_filter("SVG image", &["svg"])
                    .set_file_name("map.png")
                    .save_file(),
                PathForm::ExportTiled => rfd::FileDialog::new()
                    .add_filter("Tiled map", &["tmj"])
                    .set_file_name("map.tmj")
                    .save_file(),
            };
            if chosen.is_none() {
                *error = Some(files::NOTHING_PICKED.to_owned());
            }
            from_system = true;
        }
    });
    if let Some(p) = chosen {
        actions.push(match form {
            PathForm::Open => Action::OpenPath(p),
            PathForm::SaveAs => Action::SavePath(p, from_system),
            PathForm::ExportImage => Action::ExportImagePath(p),
            PathForm::ExportTiled => Action::ExportTiledPath(p),
        });
    }
}

fn pack_ui(
    ui: &mut Ui,
    path: &mut String,
    error: &mut Option<String>,
    native: bool,
    actions: &mut Vec<Action>,
) {
    ui.heading("Map pack");
    ui.label("A pack is a folder with a pack.ron manifest and the maps it lists, or a .zip of one (opened read only).");
    let field = ui
        .add(
            TextEdit::singleline(path)
                .desired_width(f32::INFINITY)
                .hint_text("/path/to/my-pack"),
        )
        .on_hover_text("Pack folder");
    field.request_focus();
    let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    error_line_ui(ui, error.as_deref());
    let folder = || {
        let p = path.trim();
        (!p.is_empty()).then(|| PathBuf::from(p))
    };
    let mut chosen: Option<Action> = None;
    buttons_ui(ui, |ui| {
        if ui.button("Open pack").clicked() || entered {
            chosen = folder().map(Action::OpenPack);
        }
        if ui
            .button("New pack")
            .on_hover_text("Start an empty pack to be saved in this folder")
            .clicked()
        {
            chosen = folder().map(Action::NewPack);
        }
        if ui.button("Cancel").clicked() {
            actions.push(Action::CloseDialog);
        }
        if native && ui.button("Browse…").clicked() {
            chosen = rfd::FileDialog::new().pick_folder().map(Action::OpenPack);
            if chosen.is_none() {
                *error = Some(files::NOTHING_PICKED.to_owned());
            }
        }
    });
    actions.extend(chosen);
}

fn unsaved_ui(ui: &mut Ui, name: &str, actions: &mut Vec<Action>) {
    ui.heading("Unsaved changes");
    ui.label(format!("Save the changes to {name} first?"));
    ui.label(RichText::new("Without saving, your changes are lost.").weak());
    buttons_ui(ui, |ui| {
        if ui.button("Save changes").clicked() {
            actions.push(Action::PromptSave);
        }
        if ui.button("Don't save").clicked() {
            actions.push(Action::PromptDiscard);
        }
        if ui.button("Cancel").clicked() {
            actions.push(Action::CloseDialog);
        }
    });
}

/// The lines of what a sandbox holds, under a sentence.
fn work_lines_ui(ui: &mut Ui, intro: &str, work: &[String]) {
    if work.is_empty() {
        return;
    }
    ui.add_space(4.0);
    ui.label(RichText::new(intro).strong());
    for w in work {
        ui.label(format!("• {w}"));
    }
}

fn return_to_sandbox_ui(ui: &mut Ui, work: &[String], actions: &mut Vec<Action>) {
    ui.heading("Back to the sandbox?");
    ui.label(
        "The map changed since you left the sandbox. Its match plays the map as it was when you pressed Play.",
    );
    work_lines_ui(
        ui,
        "A new sandbox discards what the earlier one holds:",
        work,
    );
    buttons_ui(ui, |ui| {
        if ui
            .button("Back to the match")
            .on_hover_text("The match as you left it, on the map as it was")
            .clicked()
        {
            actions.push(Action::ResumeSandbox);
        }
        let fresh = if work.is_empty() {
            "New sandbox on the edited map"
        } else {
            "Discard and play the edited map"
        };
        if ui
            .button(fresh)
            .on_hover_text("Close the earlier sandbox and play the map as it is now")
            .clicked()
        {
            actions.push(Action::FreshSandbox);
        }
        if ui.button("Cancel").clicked() {
            actions.push(Action::CloseDialog);
        }
    });
}

fn sandbox_work(
    ui: &mut Ui,
    then: &Pending,
    map: &str,
    work: &[String],
    actions: &mut Vec<Action>,
) {
    ui.heading("Discard the sandbox's results?");
    let doing = match then {
        Pending::Close => "Closing the window",
        Pending::New => "A new map",
        Pending::Import => "Importing a map",
        Pending::OpenGenerated(_) => "Opening a generated map",
        Pending::Recover => "Recovering the earlier map",
        Pending::Open | Pending::OpenPath(_) | Pending::OpenBundled(_) | Pending::OpenCopy(_) => {
            "Opening another map"
        }
    };
    ui.label(format!(
        "{doing} closes the sandbox of {map}. Go back to it to export what you want to keep (Export JSON…, Export CSV…)."
    ));
    work_lines_ui(ui, "It holds:", work);
    buttons_ui(ui, |ui| {
        if ui
            .button("Back to the sandbox")
            .on_hover_text("Show the sandbox as you left it")
            .clicked()
        {
            actions.push(Action::ResumeSandbox);
        }
        if ui
            .button("Discard results")
            .on_hover_text("Close the sandbox and go on")
            .clicked()
        {
            actions.push(Action::DiscardSandbox);
        }
        if ui.button("Cancel").clicked() {
            actions.push(Action::CloseDialog);
        }
    });
}

fn recover_ui(ui: &mut Ui, path: &std::path::Path, actions: &mut Vec<Action>) {
    ui.heading("Recover unsaved work?");
    ui.label(
        "Hexwright did not close cleanly last time. A copy of the map you were editing was kept.",
    );
    ui.label(RichText::new(path.display().to_string()).monospace().weak());
    buttons_ui(ui, |ui| {
        if ui.button("Recover").clicked() {
            actions.push(Action::Recover);
        }
        if ui.button("Discard").clicked() {
            actions.push(Action::DiscardRecovery);
        }
    });
}
