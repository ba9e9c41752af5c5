//! The sandbox from the editor's side: opening it on a copy of the map,
//! parking it and coming back to it, drawing it in place of the editor's
//! panels, and *Suggest fixes*, which plays matches as the sandbox does.

use super::HexwrightApp;
use crate::canvas::theme::Palette;
use crate::document::MapSource;
use crate::edit::editing::Editor;
use crate::panels::dialogs::Dialog;
use crate::sandbox::{OpenError, Sandbox, SandboxContext, SandboxOutput};
use egui::Ui;

impl HexwrightApp {
    /// Opens the sandbox on the open map, or says why it cannot.
    /// *Play*: back to the sandbox left earlier, if any (asking first when
    /// the map changed since), else a new one.
    pub(super) fn play(&mut self) {
        match self.parked.take() {
            Some((revision, sb)) if revision == self.doc.revision() => self.resume(revision, sb),
            Some(parked) => {
                let work = parked.1.held_work();
                self.parked = Some(parked);
                self.dialog = Dialog::ReturnToSandbox { work };
            }
            None => self.open_sandbox(),
        }
    }

    /// Shows `sb` again, as it was left (it plays the map of `revision`).
    pub(super) fn resume(&mut self, revision: u64, sb: Box<Sandbox>) {
        self.sandbox_revision = revision;
        self.sandbox = Some(sb);
        self.message = None;
        self.show_shortcuts = false;
    }

    /// The roster matches on the open map play: the one beside its file,
    /// else the bundled one.
    pub(super) fn roster(&self) -> anyhow::Result<hexwright_engine::rules::Roster> {
        let near = match self.doc.source() {
            MapSource::File(path) => Some(path.clone()),
            _ => None,
        };
        hexwright_headless::files::roster::roster(None, near.as_deref())
    }

    /// Starts *Suggest fixes* on the open map.
    pub(super) fn suggest_fixes(&mut self) {
        self.edit(Editor::finish);
        match self.roster() {
            Ok(roster) => self.suggest.start(self.doc.map(), roster),
            Err(e) => self.suggest.fail(format!(
                "Cannot suggest fixes: {}",
                hexwright_headless::report::Chain(&e)
            )),
        }
    }

    pub(super) fn open_sandbox(&mut self) {
        self.edit(Editor::finish);
        self.doc.refresh_derived();
        let roster = match self.roster() {
            Ok(r) => r,
            Err(e) => {
                self.message = Some(format!(
                    "Cannot play: {}",
                    hexwright_headless::report::Chain(&e)
                ));
                return;
            }
        };
        match Sandbox::open(&self.doc, roster) {
            Ok(sandbox) => {
                self.sandbox = Some(Box::new(sandbox));
                self.sandbox_revision = self.doc.revision();
                self.message = None;
                // The sheet lists the editor's keys: it stays behind.
                self.show_shortcuts = false;
            }
            Err(OpenError::Refused(e)) => self.message = Some(format!("Cannot play: {e}")),
            Err(OpenError::Invalid(errors)) => {
                let first = errors.first().cloned().unwrap_or_default();
                self.message = Some(format!(
                    "Cannot play: the map has {} validation error(s); fix them first. {first}",
                    errors.len()
                ));
                if let Some(i) = self
                    .doc
                    .findings()
                    .iter()
                    .position(|f| f.severity == hexwright_engine::validate::Severity::Error)
                {
                    self.focus_finding(i);
                }
            }
        }
    }

    /// Draws the sandbox instead of the editor's panels.
    pub(super) fn sandbox_ui(&mut self, ui: &mut Ui, palette: Palette) {
        let Some(sandbox) = self.sandbox.as_deref_mut() else {
            return;
        };
        let map_file = self.pack.as_ref().and_then(|p| match self.doc.source() {
            MapSource::File(path) => p
                .entries
                .iter()
                .find(|e| p.dir.join(&e.name) == *path)
                .map(|e| e.name.clone()),
            _ => None,
        });
        let outputs = sandbox.ui(
            ui,
            SandboxContext {
                doc: &self.doc,
                canvas: &mut self.canvas,
                view: &mut self.view,
                layers: self.settings.layers,
                palette,
                native_dialogs: self.native_dialogs,
                pack_dir: self.pack.as_ref().map(|p| p.dir.as_path()),
                map_file: map_file.as_deref(),
            },
        );
        for out in outputs {
            match out {
                SandboxOutput::Close => {
                    // Kept, so Play comes back to the match under way.
                    let revision = self.sandbox_revision;
                    self.parked = self.sandbox.take().map(|sb| (revision, sb));
                }
                SandboxOutput::SavedScenario(path) => {
                    if let Some(pack) = &mut self.pack
                        && pack.register_scenario(&path)
                    {
                        self.message = Some(format!(
                            "{} added to the pack (save the pack to keep it)",
                            path.display()
                        ));
                    }
                }
            }
        }
    }

    /// Runs `then` now, or after the unsaved-changes prompt.
    /// What the open or parked sandbox holds that closing it would lose
    /// ([`Sandbox::held_work`]), and its map's name.
    pub(super) fn sandbox_work(&self) -> Option<(String, Vec<String>)> {
        let sb = self
            .sandbox
            .as_deref()
            .or(self.parked.as_ref().map(|(_, sb)| &**sb))?;
        let work = sb.held_work();
        (!work.is_empty()).then(|| (sb.map().meta.name.clone(), work))
    }
}
