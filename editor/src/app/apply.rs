//! Applying what the user asked for: each [`Action`] the panels and the
//! canvas returned, once the frame is drawn; edits go through the tools and
//! the undo history.

use super::open_save::open_pack;
use super::{Action, HexwrightApp};
use crate::canvas;
use crate::document::command::{Change, Command};
use crate::document::pack_draft::PackDraft;
use crate::document::{Document, MapSource};
use crate::edit::editing::{EditContext, Editor, PointerEvent, ToolKey};
use crate::edit::tool::Tool;
use crate::panels::dialogs::{Dialog, Pending};
use hexwright_engine::board::Board;
use hexwright_engine::map::{Feature, TerrainPiece};
use hexwright_engine::transform;

impl HexwrightApp {
    /// Runs `f` with the editing context.
    pub(super) fn edit<R>(&mut self, f: impl FnOnce(&mut Editor, &mut EditContext<'_>) -> R) -> R {
        let mut cx = EditContext {
            doc: &mut self.doc,
            history: &mut self.history,
            options: self.settings.tools,
        };
        f(&mut self.editor, &mut cx)
    }

    /// Runs a command through the history, reporting a failure.
    pub(super) fn execute(&mut self, cmd: Command) {
        self.edit(Editor::finish);
        if let Err(e) = self.history.execute(&mut self.doc, cmd) {
            self.message = Some(format!("Cannot make that change: {e}"));
        }
    }

    /// Applies one user request.
    #[expect(clippy::too_many_lines, reason = "one arm per action")]
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::SetLayer(layer, shown) => self.settings.layers.set(layer, shown),
            Action::SetTheme(theme) => self.settings.theme = theme,
            Action::SelectHex(hex) => {
                self.selected_hex = hex;
                self.selected_finding = None;
            }
            Action::SetOverlay(o) => self.overlay = o,
            Action::LocateHex(h) => {
                self.selected_hex = Some(h);
                self.selected_finding = None;
                self.view.center_on(self.doc.hex_center(h));
                self.canvas.release_fit();
            }
            Action::SuggestFixes => self.suggest_fixes(),
            Action::ShowProposal(i) => {
                self.suggest.show_ui(i);
                if let Some(h) = self.suggest.step_hex(i) {
                    self.view.center_on(self.doc.hex_center(h));
                    self.canvas.release_fit();
                }
            }
            Action::ApplyProposal(i) => match self.suggest.command(i, &self.doc) {
                Some(cmd) => {
                    self.execute(cmd);
                    self.suggest.update(&self.doc);
                }
                None => {
                    self.message = Some(
                        "That fix is not the next step for the map as it is: apply the steps in order, or search again."
                            .to_owned(),
                    );
                }
            },
            Action::ApplyAllProposals => {
                while let Some(i) = self.suggest.position()
                    && let Some(cmd) = self.suggest.command(i, &self.doc)
                {
                    self.execute(cmd);
                    self.suggest.update(&self.doc);
                }
            }
            Action::FocusFinding(i) => self.focus_finding(i),
            Action::FitToMap => self.canvas.fit(&mut self.view, &self.doc),
            Action::Zoom(factor) => {
                let rect = self.canvas.rect();
                if rect.is_positive() {
                    self.view.zoom_at(rect, factor, rect.center());
                    self.canvas.release_fit();
                }
            }
            Action::DismissLoadError => self.load_error = None,
            Action::SetTool(tool) => {
                self.edit(|e, cx| {
                    e.finish(cx);
                    e.key(ToolKey::Escape, cx);
                });
                self.settings.tools.tool = tool;
            }
            Action::SetTerrainKind(kind) => self.settings.tools.terrain = kind,
            Action::SetBrush(size) => {
                self.settings.tools.brush = size;
                self.settings.tools.scale_brush(1.0);
            }
            Action::ScaleBrush(factor) => self.settings.tools.scale_brush(factor),
            Action::SetSide(side) => self.settings.tools.side = side,
            Action::SetSymmetry(s) => self.settings.tools.symmetry = s,
            Action::SetSymmetryCentre(c) => self.settings.tools.centre = c,
            Action::Pointer(ev) => self.pointer(ev),
            Action::ToolKey(key) => {
                if key == ToolKey::Paste {
                    self.settings.tools.tool = Tool::HexSelect;
                }
                self.edit(|e, cx| e.key(key, cx));
                if key == ToolKey::Copy
                    && let Some(clip) = self.editor.clipboard()
                {
                    self.clipboard_text = Some(format!(
                        "Hexwright: {}, {}",
                        crate::words::count(clip.features.len(), "feature", "features"),
                        crate::words::count(clip.zones.len(), "zone hex", "zone hexes")
                    ));
                }
            }
            Action::SetPieceKind(index, kind) => {
                if let Some(before) = self.doc.map().terrain.get(index).cloned() {
                    let after = TerrainPiece {
                        kind,
                        shape: before.shape.clone(),
                    };
                    self.execute(Command::new(
                        "Change terrain kind",
                        vec![Change::ReplacePiece {
                            index,
                            before,
                            after,
                        }],
                    ));
                }
            }
            Action::DeletePiece => self.edit(|e, cx| e.key(ToolKey::Delete, cx)),
            Action::RemoveFeatureAt(hex) => {
                let before = self.doc.map().features.clone();
                let after: Vec<Feature> = before.iter().filter(|f| f.hex != hex).copied().collect();
                if after != before {
                    self.execute(Command::new(
                        "Remove feature",
                        vec![Change::Features { before, after }],
                    ));
                }
            }
            Action::SetMeta(meta) => {
                let before = self.doc.map().meta.clone();
                if before != meta {
                    self.execute(Command::new(
                        "Edit metadata",
                        vec![Change::Meta {
                            before,
                            after: meta,
                        }],
                    ));
                }
            }
            Action::ResizeMap(width, height) => {
                match transform::resize_map(self.doc.map(), width, height) {
                    Ok(after) => {
                        let before = self.doc.map().clone();
                        self.execute(Command::new(
                            "Resize map",
                            vec![Change::Map {
                                before: Box::new(before),
                                after: Box::new(after),
                            }],
                        ));
                        self.canvas.fit(&mut self.view, &self.doc);
                    }
                    Err(e) => self.message = Some(format!("Cannot resize the map: {e}")),
                }
            }
            Action::Undo => {
                self.edit(Editor::finish);
                match self.history.undo(&mut self.doc) {
                    Some(label) => self.message = Some(format!("Undid: {label}")),
                    None => self.message = Some("Nothing to undo".to_owned()),
                }
            }
            Action::Redo => {
                self.edit(Editor::finish);
                match self.history.redo(&mut self.doc) {
                    Some(label) => self.message = Some(format!("Redid: {label}")),
                    None => self.message = Some("Nothing to redo".to_owned()),
                }
            }
            Action::JumpTo(step) => {
                self.edit(Editor::finish);
                self.history.jump_to(&mut self.doc, step);
            }
            Action::ShowHistory(shown) => self.settings.show_history = shown,
            Action::Play => self.play(),
            Action::ResumeSandbox => {
                self.dialog = Dialog::None;
                if let Some((revision, sb)) = self.parked.take() {
                    self.resume(revision, sb);
                }
            }
            Action::FreshSandbox => {
                self.dialog = Dialog::None;
                self.parked = None;
                self.open_sandbox();
            }
            Action::DiscardSandbox => {
                if let Dialog::SandboxWork { then, .. } = std::mem::take(&mut self.dialog) {
                    self.sandbox = None;
                    self.parked = None;
                    self.guard(then);
                }
            }
            Action::ShowShortcuts(shown) => self.show_shortcuts = shown,
            Action::New => self.guard(Pending::New),
            Action::Open => self.guard(Pending::Open),
            Action::Import => self.guard(Pending::Import),
            Action::Generate => {
                self.dialog = Dialog::Generate(Box::new(self.settings.generate.form()));
            }
            Action::GeneratePreviews { more } => self.generate_previews(more),
            Action::OpenGenerated(seed) => {
                if let Dialog::Generate(form) = &self.dialog
                    && let Some(p) = form.current().iter().find(|p| p.seed == seed)
                {
                    self.guard(Pending::OpenGenerated(Box::new(p.map.clone())));
                }
            }
            Action::ExportImage => {
                self.dialog = Dialog::ExportImage {
                    path: self.export_path("png"),
                    error: None,
                };
            }
            Action::ExportImagePath(path) => {
                // The picture looks as the editor does now, light or dark.
                let opts = hexwright_headless::render::RenderOptions {
                    dark: self.dark,
                    ..hexwright_headless::render::RenderOptions::default()
                };
                match hexwright_headless::render::write(self.doc.map(), &path, opts) {
                    Ok(()) => {
                        self.dialog = Dialog::None;
                        self.message = Some(format!("Exported {}", path.display()));
                    }
                    Err(e) => {
                        self.dialog = Dialog::ExportImage {
                            path: path.display().to_string(),
                            error: Some(format!("{}", hexwright_headless::report::Chain(&e))),
                        };
                    }
                }
            }
            Action::ExportTiled => {
                self.dialog = Dialog::ExportTiled {
                    path: self.export_path("tmj"),
                    error: None,
                };
            }
            Action::ExportTiledPath(path) => {
                match hexwright_headless::render::tiled::write(self.doc.map(), &path) {
                    Ok(written) => {
                        self.dialog = Dialog::None;
                        self.message = Some(format!(
                            "Exported {} and {} for Tiled",
                            path.display(),
                            written.tileset.display()
                        ));
                    }
                    Err(e) => {
                        self.dialog = Dialog::ExportTiled {
                            path: path.display().to_string(),
                            error: Some(format!("{}", hexwright_headless::report::Chain(&e))),
                        };
                    }
                }
            }
            Action::ImportWesnoth(choices) => self.import_wesnoth(&choices),
            Action::OpenPath(path) => {
                if matches!(self.dialog, Dialog::Open { .. }) {
                    // The Open dialog shows only once unsaved changes were dealt with.
                    self.dialog = Dialog::None;
                    self.open_path(&path);
                } else {
                    self.guard(Pending::OpenPath(path));
                }
            }
            Action::OpenBundled(name) => {
                if matches!(self.dialog, Dialog::Open { .. }) {
                    self.dialog = Dialog::None;
                    self.open_bundled(&name);
                } else {
                    self.guard(Pending::OpenBundled(name));
                }
            }
            Action::CreateMap(spec) => match spec
                .build()
                .and_then(|map| Board::new(map).map_err(|e| e.to_string()))
            {
                Ok(board) => {
                    self.replace_document(Document::new(board, MapSource::Unsaved));
                    self.dialog = Dialog::None;
                }
                Err(e) => {
                    self.dialog = Dialog::New {
                        spec,
                        error: Some(e),
                    };
                }
            },
            Action::Save => match self.doc.source().clone() {
                MapSource::File(path) => {
                    self.save_to(&path);
                }
                _ => self.dialog = self.save_as_dialog(),
            },
            Action::SaveAs => self.dialog = self.save_as_dialog(),
            Action::SavePath(path, confirmed) => {
                let replacing = path.exists()
                    && self.doc.source() != &MapSource::File(path.clone())
                    && !confirmed
                    && self.replace_confirmed.as_ref() != Some(&path);
                if replacing {
                    // Nothing the user made is lost: replacing another file
                    // takes a second click.
                    self.dialog = Dialog::SaveAs {
                        path: path.display().to_string(),
                        error: Some(format!(
                            "{} already exists: press Save file again to replace it",
                            path.display()
                        )),
                    };
                    self.replace_confirmed = Some(path);
                } else if self.save_to(&path) {
                    self.replace_confirmed = None;
                    self.dialog = Dialog::None;
                    if let Some(then) = self.after_save.take() {
                        self.proceed(then);
                    }
                }
            }
            Action::CloseDialog => {
                self.dialog = Dialog::None;
                self.after_save = None;
                self.replace_confirmed = None;
            }
            Action::PromptSave => {
                if let Dialog::Unsaved { then } = std::mem::take(&mut self.dialog) {
                    if let MapSource::File(path) = self.doc.source().clone() {
                        if self.save_to(&path) {
                            self.proceed(then);
                        } else {
                            self.dialog = Dialog::Unsaved { then };
                        }
                    } else {
                        self.after_save = Some(then);
                        self.dialog = self.save_as_dialog();
                    }
                }
            }
            Action::PromptDiscard => {
                if let Dialog::Unsaved { then } = std::mem::take(&mut self.dialog) {
                    self.remove_recovery();
                    // The edits were discarded: autosave must not write
                    // them back while the next dialog is open (or the app
                    // is killed there). A new edit autosaves again.
                    self.autosaved_revision = Some(self.doc.revision());
                    self.proceed(then);
                }
            }
            Action::Recover => self.guard(Pending::Recover),
            Action::DiscardRecovery => {
                self.remove_recovery();
                self.dialog = Dialog::None;
            }
            action => self.apply_pack(action),
        }
    }

    pub(super) fn apply_pack(&mut self, action: Action) {
        match action {
            Action::Pack => {
                if self.pack.is_some() {
                    self.pack_shown = true;
                } else {
                    self.dialog = Dialog::Pack {
                        path: String::new(),
                        error: None,
                    };
                }
            }
            Action::OpenPack(path) => match open_pack(&path) {
                Ok((draft, unzipped)) => {
                    let shown = draft.archive.as_ref().unwrap_or(&draft.dir);
                    self.message = Some(format!("Opened the pack {}", shown.display()));
                    self.pack = Some(draft);
                    self.unzipped = unzipped;
                    self.pack_shown = true;
                    self.dialog = Dialog::None;
                }
                Err(e) => {
                    self.dialog = Dialog::Pack {
                        path: path.display().to_string(),
                        error: Some(e),
                    };
                }
            },
            Action::NewPack(path) => {
                if path.join(hexwright_engine::pack::MANIFEST_FILE).exists() {
                    self.dialog = Dialog::Pack {
                        error: Some(format!(
                            "{} already holds a pack: open it instead",
                            path.display()
                        )),
                        path: path.display().to_string(),
                    };
                } else {
                    self.pack = Some(PackDraft::new(path));
                    self.pack_shown = true;
                    self.dialog = Dialog::None;
                }
            }
            Action::PackShift(i, by) => {
                if let Some(p) = &mut self.pack {
                    p.shift(i, by);
                }
            }
            Action::PackRemove(i) => {
                if let Some(p) = &mut self.pack {
                    p.remove(i);
                }
            }
            Action::PackAdd(name) => {
                if let Some(p) = &mut self.pack {
                    match p.add(&name, self.doc.map().clone()) {
                        Ok(()) => self.pack_add_name.clear(),
                        Err(e) => self.message = Some(format!("Cannot add the map: {e}")),
                    }
                }
            }
            Action::PackOpenMap(i) => {
                if let Some(path) = self.pack.as_ref().and_then(|p| p.path_of(i)) {
                    if self.pack.as_ref().is_some_and(|p| p.archive.is_some()) {
                        self.guard(Pending::OpenCopy(path));
                    } else {
                        self.guard(Pending::OpenPath(path));
                    }
                }
            }
            Action::PackSave => {
                if let Some(p) = &mut self.pack {
                    self.message = Some(match p.save() {
                        Ok(()) => format!("Saved the pack {}", p.dir.display()),
                        Err(e) => format!("Could not save the pack: {e}"),
                    });
                }
            }
            Action::PackClose => self.pack_shown = false,
            _ => {}
        }
    }

    pub(super) fn focus_finding(&mut self, i: usize) {
        let Some(f) = self.doc.findings().get(i) else {
            return;
        };
        self.selected_finding = Some(i);
        self.selected_hex = f.hex;
        if let Some(h) = f.hex {
            self.view.center_on(self.doc.hex_center(h));
            self.view
                .zoom_to_at_least(canvas::FOCUS_HEX_PX / self.doc.map().layout.hex_size.get());
            self.canvas.release_fit();
        }
    }

    pub(super) fn pointer(&mut self, ev: PointerEvent) {
        self.message = None;
        self.edit(|e, cx| e.pointer(ev, cx));
    }
}
