//! Files from the app's side: the unsaved-changes guard, opening maps,
//! packs, imports and generated maps, Save and Save As, and the autosave
//! recovery file.

use super::{Derived, HexwrightApp};
use crate::document::files;
use crate::document::history::History;
use crate::document::load;
use crate::document::pack_draft::PackDraft;
use crate::document::{Document, MapSource};
use crate::panels::dialogs::{Dialog, Pending};
use crate::panels::import_dialog::ImportForm;
use crate::panels::meta::MetaForm;
use hexwright_engine::board::Board;
use hexwright_headless::files::import::WesnothChoices;
use std::path::Path;

impl HexwrightApp {
    /// Does `then`, after asking about a sandbox's results it would
    /// discard and about unsaved changes.
    pub(super) fn guard(&mut self, then: Pending) {
        if let Some((map, work)) = self.sandbox_work() {
            self.dialog = Dialog::SandboxWork { then, map, work };
        } else if self.is_dirty() {
            self.dialog = Dialog::Unsaved { then };
        } else {
            self.proceed(then);
        }
    }

    pub(super) fn proceed(&mut self, then: Pending) {
        match then {
            Pending::New => {
                self.dialog = Dialog::New {
                    spec: files::NewMapSpec::default(),
                    error: None,
                };
            }
            Pending::Open => {
                let path = match self.doc.source() {
                    MapSource::File(p) => p
                        .parent()
                        .map(|d| format!("{}/", d.display()))
                        .unwrap_or_default(),
                    _ => String::new(),
                };
                self.dialog = Dialog::Open { path, error: None };
            }
            Pending::OpenPath(path) => {
                self.dialog = Dialog::None;
                self.open_path(&path);
            }
            Pending::OpenBundled(name) => {
                self.dialog = Dialog::None;
                self.open_bundled(&name);
            }
            Pending::OpenCopy(path) => {
                self.dialog = Dialog::None;
                match load::open_file(&path) {
                    Ok(mut doc) => {
                        doc.set_source(MapSource::Unsaved);
                        self.replace_document(doc);
                        self.history.mark_unsaved();
                        self.message = Some(
                            "Opened a map of a zipped pack: save it to a file to keep changes"
                                .to_owned(),
                        );
                    }
                    Err(problem) => self.load_error = Some(problem),
                }
            }
            Pending::Recover => {
                self.dialog = Dialog::None;
                if let Some((path, _)) = self.recovery.clone() {
                    match load::open_file(&path) {
                        Ok(mut doc) => {
                            doc.set_source(MapSource::Unsaved);
                            self.replace_document(doc);
                            self.history.mark_unsaved();
                            self.message = Some("Recovered the autosaved map".to_owned());
                        }
                        Err(problem) => self.load_error = Some(problem),
                    }
                }
            }
            Pending::Close => {
                self.dialog = Dialog::None;
                self.closing = true;
            }
            Pending::Import => {
                self.dialog = Dialog::Import {
                    form: ImportForm::default(),
                    error: None,
                };
            }
            Pending::OpenGenerated(map) => {
                self.dialog = Dialog::None;
                self.open_generated(*map);
            }
        }
    }

    /// Opens the map file at `path`; on failure the current map stays and
    /// the error shows in the banner.
    pub(super) fn open_path(&mut self, path: &Path) {
        match load::open_file(path) {
            Ok(doc) => {
                self.replace_document(doc);
                self.settings.remember(path);
                self.remove_recovery();
                self.message = Some(format!("Opened {}", path.display()));
            }
            Err(problem) => self.load_error = Some(problem),
        }
    }

    /// Imports a Wesnoth map as a new unsaved map and shows the report; on
    /// failure the form stays open with the reason.
    pub(super) fn import_wesnoth(&mut self, choices: &WesnothChoices) {
        let result = hexwright_headless::files::import::any(choices).and_then(|(map, report)| {
            let board = Board::new(map)?;
            Ok((report, board))
        });
        match result {
            Ok((report, board)) => {
                self.replace_document(Document::new(board, MapSource::Unsaved));
                self.history.mark_unsaved();
                let file = choices.map.file_name().map_or_else(
                    || choices.map.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                self.message = Some(format!("Imported {file}; save it to keep it"));
                self.dialog = Dialog::ImportReport { file, report };
            }
            Err(e) => {
                if let Dialog::Import { error, .. } = &mut self.dialog {
                    *error = Some(format!("{}", hexwright_headless::report::Chain(&e)));
                } else {
                    self.message = Some(format!(
                        "Cannot import: {}",
                        hexwright_headless::report::Chain(&e)
                    ));
                }
            }
        }
    }

    /// Makes the Generate dialog's previews: of its first seed and the next
    /// ones, or (`more`) of the seeds after the last shown. A failure shows
    /// in the dialog.
    pub(super) fn generate_previews(&mut self, more: bool) {
        let Dialog::Generate(form) = &mut self.dialog else {
            return;
        };
        let first = match (more, form.current().last()) {
            (true, Some(p)) => p.seed.saturating_add(1),
            _ => form.first_seed,
        };
        if !more || form.made_with.as_ref() != Some(&form.params) {
            form.previews.clear();
        }
        form.made_with = Some(form.params.clone());
        form.error = None;
        for seed in (first..).take(crate::panels::generate_dialog::PREVIEWS as usize) {
            match crate::panels::generate_dialog::Preview::make(&form.params, seed) {
                Ok(p) => form.previews.push(p),
                Err(e) => {
                    form.error = Some(format!("{}", hexwright_headless::report::Chain(&e)));
                    return;
                }
            }
        }
    }

    /// Opens a generated map as a new unsaved map.
    pub(super) fn open_generated(&mut self, map: hexwright_engine::map::Map) {
        let seed = map.meta.generated.as_ref().map_or(0, |g| g.seed);
        match Board::new(map) {
            Ok(board) => {
                self.replace_document(Document::new(board, MapSource::Unsaved));
                self.history.mark_unsaved();
                self.message = Some(format!(
                    "Generated a map from seed {seed}; save it to keep it"
                ));
            }
            Err(e) => self.message = Some(format!("Cannot open the generated map: {e}")),
        }
    }

    /// Opens the bundled map `name` (saving it asks for a file).
    pub(super) fn open_bundled(&mut self, name: &str) {
        match load::open_bundled(name) {
            Ok(doc) => {
                self.replace_document(doc);
                self.remove_recovery();
                self.message = Some(format!("Opened the bundled map {name}"));
            }
            Err(problem) => self.load_error = Some(problem),
        }
    }

    pub(super) fn replace_document(&mut self, doc: Document) {
        // The sandbox plays the map it opened with; a new map closes it.
        self.sandbox = None;
        self.parked = None;
        self.doc = doc;
        self.adopt_symmetry();
        self.history = History::new();
        self.editor.reset();
        self.selected_hex = None;
        self.selected_finding = None;
        self.load_error = None;
        self.canvas.reset();
        self.derived = Derived::default();
        self.suggest.clear();
        self.meta_form = MetaForm::default();
        self.seen_revision = self.doc.revision();
        self.autosaved_revision = None;
        // What the status bar said was about the map before.
        self.message = None;
    }

    /// How the save prompt names the open map: its file, or for a map
    /// never saved, its own name.
    pub(super) fn prompt_name(&self) -> String {
        match self.doc.source() {
            MapSource::Unsaved => format!("“{}”", self.doc.map().meta.name),
            source => source.short_name(),
        }
    }

    pub(super) fn save_as_dialog(&self) -> Dialog {
        let path = match self.doc.source() {
            MapSource::File(p) => p.display().to_string(),
            // Where a map that has no file yet will go: the folder is
            // part of the path shown.
            MapSource::Bundled(name) => in_working_dir(name),
            MapSource::Unsaved => in_working_dir(&format!("{}.ron", self.name_stem())),
        };
        Dialog::SaveAs { path, error: None }
    }

    /// The map's name as a file name stem (`Twin Fords` → `twin-fords`).
    pub(super) fn name_stem(&self) -> String {
        let stem: String = self
            .doc
            .map()
            .meta
            .name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        stem.trim_matches('-').to_owned()
    }

    /// Where a picture of the map goes by default: beside its file.
    /// Where an export with extension `ext` goes by default, as an
    /// absolute path: beside the map's file, else in the working folder,
    /// named after the map. Every export dialog starts from it.
    pub(super) fn export_path(&self, ext: &str) -> String {
        match self.doc.source() {
            MapSource::File(p) => in_working_dir(&p.with_extension(ext).display().to_string()),
            _ => in_working_dir(&format!("{}.{ext}", self.name_stem())),
        }
    }

    /// Saves to `path`; on failure the error shows (in the Save As dialog
    /// when it is open, else in the status bar).
    pub(super) fn save_to(&mut self, path: &Path) -> bool {
        // Kept and shown with its folder, however it was typed.
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        match files::save_map(self.doc.map(), &path) {
            Ok(()) => {
                self.doc.set_source(MapSource::File(path.clone()));
                self.history.mark_saved();
                self.settings.remember(&path);
                self.remove_recovery();
                self.message = Some(format!("Saved {}", path.display()));
                true
            }
            Err(e) => {
                let text = format!("Could not save: {e}");
                if let Dialog::SaveAs { error, .. } = &mut self.dialog {
                    *error = Some(text);
                } else {
                    self.message = Some(text);
                }
                false
            }
        }
    }

    pub(super) fn remove_recovery(&mut self) {
        if let Some((path, _)) = &self.recovery {
            files::remove_recovery(path);
        }
        self.autosaved_revision = None;
    }

    /// Writes the recovery file when edits have rested long enough.
    pub(super) fn autosave(&mut self, now: f64) {
        if self.doc.revision() != self.seen_revision {
            self.seen_revision = self.doc.revision();
            self.last_edit = now;
        }
        let Some((path, delay)) = &self.recovery else {
            return;
        };
        if !self.is_dirty()
            || self.editor.busy()
            || self.autosaved_revision == Some(self.doc.revision())
            || now - self.last_edit < *delay
        {
            return;
        }
        match files::write_recovery(self.doc.map(), path) {
            Ok(()) => self.autosaved_revision = Some(self.doc.revision()),
            Err(e) => {
                self.message = Some(format!("Autosave failed: {e}"));
                self.autosaved_revision = Some(self.doc.revision());
            }
        }
    }
}

/// Opens the pack at `path`: a folder, its `pack.ron`, or a zipped pack,
/// which is unpacked (the returned files must live while the pack is open)
/// and opened read only.
pub(super) fn open_pack(
    path: &Path,
) -> Result<
    (
        PackDraft,
        Option<hexwright_headless::files::zipped::Unzipped>,
    ),
    String,
> {
    if hexwright_headless::files::zipped::is_zip(path) {
        let unzipped = hexwright_headless::files::zipped::Unzipped::open(path)
            .map_err(|e| format!("{}", hexwright_headless::report::Chain(&e)))?;
        let mut draft = PackDraft::open(unzipped.dir()).map_err(|e| unzipped.shown(&e))?;
        draft.archive = Some(path.to_path_buf());
        Ok((draft, Some(unzipped)))
    } else {
        PackDraft::open(path).map(|d| (d, None))
    }
}

/// `file` in the working folder, as an absolute path (or as it is, when the
/// working folder cannot be told).
pub(super) fn in_working_dir(file: &str) -> String {
    std::path::absolute(file).map_or_else(|_| file.to_owned(), |p| p.display().to_string())
}
