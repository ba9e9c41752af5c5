//! File → Import: the form for importing a Battle for Wesnoth map or a
//! Tiled map (the files and the choices, with the importers' defaults), and
//! the report shown once the map is open: what was mapped, dropped and
//! guessed.

use crate::app::action::Action;
use egui::{Align, DragValue, Grid, Layout, RichText, ScrollArea, TextEdit, Ui};
use hexwright_engine::import::wesnoth::WesnothOptions;
use hexwright_engine::import::{Entry, Report};
use hexwright_headless::files::import::WesnothChoices;
use std::path::PathBuf;

/// The import form as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportForm {
    /// The `.map` file.
    pub map: String,
    /// The scenario `.cfg`, or empty.
    pub scenario: String,
    /// Wesnoth's `terrain.cfg`, or empty.
    pub terrain: String,
    /// The counts and the hex size.
    pub choices: WesnothChoices,
}

impl Default for ImportForm {
    fn default() -> Self {
        Self {
            map: String::new(),
            scenario: String::new(),
            terrain: String::new(),
            choices: WesnothChoices::new(PathBuf::new()),
        }
    }
}

impl ImportForm {
    /// The choices, when a map file is named.
    #[must_use]
    pub fn choices(&self) -> Option<WesnothChoices> {
        let path = |s: &str| {
            let s = s.trim();
            (!s.is_empty()).then(|| PathBuf::from(s))
        };
        Some(WesnothChoices {
            map: path(&self.map)?,
            scenario: path(&self.scenario),
            terrain: path(&self.terrain),
            ..self.choices.clone()
        })
    }
}

/// Draws the import form.
pub fn form_ui(
    ui: &mut Ui,
    form: &mut ImportForm,
    error: &mut Option<String>,
    native: bool,
    actions: &mut Vec<Action>,
) {
    ui.heading("Import a map (Battle for Wesnoth or Tiled)");
    ui.label(
        "Opens the map as a new, unsaved Hexwright map, with a report of what was carried over.",
    );
    Grid::new("import_form")
        .num_columns(3)
        .spacing([10.0, 6.0])
        .show(ui, |ui| {
            file_row_ui(
                ui,
                "Map file (.map, .tmx, .tmj)",
                &mut form.map,
                "/path/to/2p_Map.map",
                native,
                &["map", "tmx", "tmj"],
                error,
            );
            file_row_ui(
                ui,
                "Scenario (.cfg, optional)",
                &mut form.scenario,
                "which sides play, and who are opponents",
                native,
                &["cfg"],
                error,
            );
            file_row_ui(
                ui,
                "Terrain table or tile mapping (optional)",
                &mut form.terrain,
                "Wesnoth's terrain.cfg, or a Tiled mapping .ron",
                native,
                &["cfg", "ron"],
                error,
            );
            let c = &mut form.choices;
            number_ui(
                ui,
                "Energy objectives",
                &mut c.objectives,
                "Wesnoth villages nearest the centre that become Energy objectives",
            );
            number_ui(
                ui,
                "Outposts",
                &mut c.outposts,
                "The next villages, which become Outposts",
            );
            number_ui(
                ui,
                "Barracks per side",
                &mut c.barracks,
                "Barracks placed on the free hexes nearest each base",
            );
            hex_size_row_ui(ui, &mut c.hex_size);
        });
    if let Some(e) = error.as_deref() {
        ui.label(RichText::new(e).color(crate::canvas::theme::ERROR));
    }
    ui.add_space(8.0);
    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
        if ui.button("Import").clicked() {
            match form.choices() {
                Some(c) => actions.push(Action::ImportWesnoth(c)),
                None => *error = Some("Name the map file to import".to_owned()),
            }
        }
        if ui.button("Cancel").clicked() {
            actions.push(Action::CloseDialog);
        }
    });
}

/// A file field with its *Browse…* button; says so in `error` when the
/// system's dialog comes back without a file (it may not open at all).
fn file_row_ui(
    ui: &mut Ui,
    label: &str,
    text: &mut String,
    hint: &str,
    native: bool,
    ext: &[&str],
    error: &mut Option<String>,
) {
    let name = ui.label(label);
    ui.add_sized([210.0, 20.0], TextEdit::singleline(text).hint_text(hint))
        .labelled_by(name.id)
        .on_hover_text(hint);
    if native && ui.button("Browse…").clicked() {
        match rfd::FileDialog::new()
            .add_filter(ext.join(", "), ext)
            .pick_file()
        {
            Some(p) => {
                *text = p.display().to_string();
                *error = None;
            }
            None => *error = Some(crate::document::files::NOTHING_PICKED.to_owned()),
        }
    } else if !native {
        ui.label("");
    }
    ui.end_row();
}

/// The hex size: the file's own until the user changes it.
fn hex_size_row_ui(ui: &mut Ui, size: &mut Option<f64>) {
    let name = ui.label("Hex size of the new map");
    let mut value = size.unwrap_or(WesnothOptions::default().hex_size);
    let field = ui
        .add(DragValue::new(&mut value).range(1.0..=1.0e4).speed(0.5))
        .labelled_by(name.id)
        .on_hover_text(
            "Hex size of the new map: circumradius, in map units. Untouched, a Tiled map keeps its own",
        );
    if field.changed() {
        *size = Some(value);
    }
    match size {
        None => {
            ui.label(RichText::new("the file's own (Tiled), else this").weak());
        }
        Some(_) => {
            if ui
                .button("Use the file's")
                .on_hover_text("Keep the hex size the file gives")
                .clicked()
            {
                *size = None;
            }
        }
    }
    ui.end_row();
}

fn number_ui(ui: &mut Ui, label: &str, value: &mut usize, hint: &str) {
    let name = ui.label(label);
    ui.add(DragValue::new(value).range(0..=200))
        .labelled_by(name.id)
        .on_hover_text(hint);
    ui.end_row();
}

/// Draws the report of an import.
pub fn report_ui(ui: &mut Ui, title: &str, report: &Report, actions: &mut Vec<Action>) {
    ui.heading(title);
    ScrollArea::vertical().max_height(360.0).show(ui, |ui| {
        for (entry, heading) in [
            (Entry::Mapped, "Mapped"),
            (Entry::Dropped, "Dropped"),
            (Entry::Guessed, "Guessed — check these"),
            (Entry::Note, "Notes"),
        ] {
            let lines: Vec<&str> = report.of(entry).collect();
            if lines.is_empty() {
                continue;
            }
            ui.label(RichText::new(heading).strong());
            for line in lines {
                ui.label(format!("• {line}"));
            }
            ui.add_space(4.0);
        }
    });
    ui.label(RichText::new("Fix what the validation panel reports, then save the map.").weak());
    ui.add_space(8.0);
    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
        if ui.button("Close").clicked() {
            actions.push(Action::CloseDialog);
        }
    });
}
