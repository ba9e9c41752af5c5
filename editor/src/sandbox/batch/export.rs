//! Exporting a finished batch: *Export CSV…* and
//! *Export JSON…* open the system's save dialog in the map's folder (or a
//! path field when no dialog can open, and in tests), the file is written
//! atomically, and the outcome is said in words under the buttons.

use crate::canvas::theme;
use egui::Ui;
use hexwright_engine::format::write_atomic;
use hexwright_engine::rules::Arena;
use hexwright_engine::sim::{self, MatchRow};
use std::path::{Path, PathBuf};

/// A finished batch that can be written out.
pub trait BatchFile {
    /// Its finished matches, in match order.
    fn rows(&self) -> &[MatchRow];

    /// The arena they were played on (whose objectives the rows name).
    fn arena(&self) -> &Arena;

    /// Its matches.
    fn matches(&self) -> usize {
        self.rows().len()
    }

    /// A row per match ([`sim::results_csv`]).
    fn csv(&self) -> String {
        sim::results_csv(self.arena(), self.rows())
    }

    /// The report and every match.
    fn json(&self) -> String;

    /// Writes it in `format` to `path` atomically.
    ///
    /// # Errors
    /// The file cannot be written.
    fn export(&self, format: ExportFormat, path: &Path) -> std::io::Result<()> {
        let text = match format {
            ExportFormat::Csv => self.csv(),
            ExportFormat::Json => self.json(),
        };
        write_atomic(path, text.as_bytes())
    }
}

/// `value` as indented JSON with a final newline.
pub fn pretty_json(value: &impl serde::Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}

/// The two export formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// One row per match.
    Csv,
    /// The report and every match.
    Json,
}

impl ExportFormat {
    const fn extension(self) -> &'static str {
        match self {
            Self::Csv => "csv",
            Self::Json => "json",
        }
    }

    const fn label(self) -> &'static str {
        match self {
            Self::Csv => "CSV",
            Self::Json => "JSON",
        }
    }
}

/// Where a panel's exports go, and how the last one went.
#[derive(Debug, Default)]
pub struct ExportForm {
    /// The export asked for through the path field (no native dialogs).
    form: Option<ExportFormat>,
    path: String,
    /// The last export's outcome: `Ok(message)` or `Err(message)`.
    status: Option<Result<String, String>>,
}

impl ExportForm {
    /// Forgets the last export (a new batch finished).
    pub fn reset(&mut self) {
        *self = Self::default();
    }

    /// The last export's error, if it failed.
    #[must_use]
    pub fn error(&self) -> Option<&str> {
        match &self.status {
            Some(Err(e)) => Some(e),
            _ => None,
        }
    }

    /// Draws the buttons, the path field when it is open and the last
    /// outcome, for `batch`.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        native_dialogs: bool,
        dir: Option<&Path>,
        batch: &dyn BatchFile,
    ) {
        let mut chosen: Option<(ExportFormat, PathBuf)> = None;
        ui.horizontal(|ui| {
            for format in [ExportFormat::Csv, ExportFormat::Json] {
                if ui
                    .button(format!("Export {}…", format.label()))
                    .on_hover_text(format!("Write every match as {}", format.label()))
                    .clicked()
                {
                    chosen = self.asked(format, native_dialogs, dir);
                }
            }
        });
        if let Some(format) = self.form {
            let hint = format!("/path/to/batch.{}", format.extension());
            let hover = format!("Where to write the {}", format.label());
            match super::path_row_ui(ui, &mut self.path, &hint, &hover, "Save", "Do not export") {
                super::PathRow::Go => {
                    let p = self.path.trim();
                    if p.is_empty() {
                        self.status = Some(Err("Type a file path first.".into()));
                    } else {
                        chosen = Some((format, PathBuf::from(p)));
                    }
                }
                super::PathRow::Cancel => self.form = None,
                super::PathRow::Idle => {}
            }
        }
        if let Some((format, path)) = chosen {
            self.status = Some(match batch.export(format, &path) {
                Ok(()) => {
                    self.form = None;
                    Ok(format!(
                        "Saved {} matches to {}",
                        batch.matches(),
                        path.display()
                    ))
                }
                Err(e) => Err(format!("Cannot write {}: {e}", path.display())),
            });
        }
        match &self.status {
            Some(Ok(m)) => {
                ui.label(m);
            }
            Some(Err(e)) => {
                ui.colored_label(theme::ERROR, e);
            }
            None => {}
        }
    }

    /// An export button was pressed: the dialog's choice, or the path field
    /// opened (no dialogs, or the dialog was cancelled).
    fn asked(
        &mut self,
        format: ExportFormat,
        native_dialogs: bool,
        dir: Option<&Path>,
    ) -> Option<(ExportFormat, PathBuf)> {
        let name = format!("batch.{}", format.extension());
        if native_dialogs {
            let mut dialog = rfd::FileDialog::new()
                .add_filter(format.label(), &[format.extension()])
                .set_file_name(&name);
            if let Some(dir) = dir {
                dialog = dialog.set_directory(dir);
            }
            if let Some(path) = dialog.save_file() {
                return Some((format, path));
            }
            // Cancelled, or no dialog could open: the path field takes over.
            self.status = Some(Err(crate::document::files::NOTHING_PICKED.into()));
        } else {
            self.status = None;
        }
        self.form = Some(format);
        // Absolute, as every export dialog of the app starts: in the pack's
        // folder, else in the working folder.
        let path = dir.map_or_else(|| PathBuf::from(&name), |d| d.join(&name));
        self.path = std::path::absolute(&path)
            .unwrap_or(path)
            .display()
            .to_string();
        None
    }
}
