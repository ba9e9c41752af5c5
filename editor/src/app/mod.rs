//! The Hexwright window: [`HexwrightApp`] owns the open map, the user's
//! settings and the session's UI state, lays out the panels around the map
//! canvas, and applies the [`Action`]s they return once the frame is drawn.
//!
//! State is split three ways, as in egui's demo app:
//!
//! * the [`Document`] — the open map and everything derived from it — with
//!   its undo [`History`];
//! * [`Settings`] — layer toggles, theme, tool options, recent files: the
//!   only state persisted (eframe storage, [`Settings::STORAGE_KEY`]);
//! * UI state — camera, selection, hover, the tools' gesture, dialogs,
//!   banners — which lives for the session only.
//!
//! Every change to the map is a [`crate::document::command::Command`] run through the
//! history, so it can be undone; the tools build them in [`Editor`].
//!
//! [`HexwrightApp::ui`] draws everything into any [`egui::Ui`], so tests drive
//! the same code headless with `egui_kittest` (see `tests/ui_first_screen.rs`).

pub(crate) mod action;
pub(crate) mod settings;

pub use action::Action;
pub use settings::Settings;

use crate::canvas::theme::{Palette, ThemeChoice};
use crate::canvas::view::View;
use crate::canvas::{self, CanvasParams, CanvasState};
use crate::document::command::{Change, Command};
use crate::document::files;
use crate::document::history::History;
use crate::document::load::{self, LoadProblem};
use crate::document::pack_draft::PackDraft;
use crate::document::{Document, MapSource};
use crate::edit::editing::{EditContext, Editor, PointerEvent, ToolKey};
use crate::edit::suggest::Suggestions;
use crate::edit::tool::Tool;
use crate::panels::analysis;
use crate::panels::dialogs::{self, Dialog, Pending};
use crate::panels::import_dialog::ImportForm;
use crate::panels::meta::MetaForm;
use crate::panels::parity::{self, Parity};
use crate::panels::resize::ResizeForm;
use crate::panels::status_bar;
use crate::panels::{
    inspector, layers, legend, load_error, pack, shortcuts, sizes, toolbar, top_bar,
};
use crate::sandbox::{OpenError, Sandbox, SandboxContext, SandboxOutput};
use egui::{
    CentralPanel, CollapsingHeader, Frame, Key, KeyboardShortcut, Margin, Modifiers, Panel,
    RichText, ScrollArea, Ui, ViewportCommand,
};
use hexwright_engine::Hex;
use hexwright_engine::analysis::{Analysis, Movement};
use hexwright_engine::board::Board;
use hexwright_engine::map::{Feature, TerrainPiece};
use hexwright_engine::symmetry::{self, Symmetry};
use hexwright_engine::transform;
use hexwright_headless::draw::overlay::{self, Drawn, Overlay};
use hexwright_headless::files::import::WesnothChoices;
use std::path::{Path, PathBuf};

/// The window title.
pub const TITLE: &str = "Hexwright";

/// Opens the editor window on `file`, or on the bundled default map when
/// `file` is `None`. A file that cannot be opened does not stop the app: the
/// default map is shown with the error above it.
pub fn run(file: Option<PathBuf>) -> anyhow::Result<()> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(TITLE)
            .with_app_id("hexwright")
            .with_inner_size([1360.0, 860.0])
            .with_min_inner_size([720.0, 480.0]),
        ..Default::default()
    };
    eframe::run_native(
        TITLE,
        options,
        Box::new(move |cc| {
            let stored: Option<Settings> = cc
                .storage
                .and_then(|s| eframe::get_value(s, Settings::STORAGE_KEY));
            let mut app = HexwrightApp::start(file.as_deref(), stored).with_native_dialogs(true);
            if let Some(path) = files::default_recovery_path() {
                app = app.with_autosave(path, files::AUTOSAVE_DELAY);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the editor window: {e}"))
}

/// Cached results that depend on the document revision.
#[derive(Debug, Default)]
struct Derived {
    parity_revision: Option<u64>,
    parity: Option<Parity>,
    /// The map analysis of `parity_revision`, and the overlay drawn from it.
    analysis: Option<Analysis>,
    drawn: Option<(Overlay, Drawn)>,
    breaks_key: Option<(u64, Symmetry)>,
    breaks: Vec<Hex>,
}

/// The editor app.
#[derive(Debug)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent UI flags: shortcut sheet, pack window, native dialogs, closing"
)]
pub struct HexwrightApp {
    doc: Document,
    settings: Settings,
    /// The theme last handed to egui, to apply changes once.
    applied_theme: Option<ThemeChoice>,
    /// Whether the editor is drawn dark (the theme as shown, the system's
    /// included): exported pictures take the same look.
    dark: bool,
    view: View,
    canvas: CanvasState,
    selected_hex: Option<Hex>,
    selected_finding: Option<usize>,
    load_error: Option<LoadProblem>,
    history: History,
    editor: Editor,
    dialog: Dialog,
    /// What to do once a Save As started from the unsaved prompt succeeds.
    after_save: Option<Pending>,
    show_shortcuts: bool,
    meta_form: MetaForm,
    resize_form: ResizeForm,
    native_dialogs: bool,
    message: Option<String>,
    derived: Derived,
    /// The analysis overlay shown on the canvas.
    overlay: Option<Overlay>,
    /// *Suggest fixes*: the balance assistant's form, search and proposals.
    suggest: Suggestions,
    /// Autosave: where, and how long after the last edit.
    recovery: Option<(PathBuf, f64)>,
    seen_revision: u64,
    last_edit: f64,
    autosaved_revision: Option<u64>,
    /// The user agreed to close the window.
    closing: bool,
    title_sent: String,
    /// Text to put on the system clipboard after a copy, so the next Ctrl+V
    /// reaches the app as a paste event.
    clipboard_text: Option<String>,
    /// The map pack being edited, if any, and whether its window shows.
    pack: Option<PackDraft>,
    /// The unpacked files of a zipped pack while it is open.
    unzipped: Option<hexwright_headless::files::zipped::Unzipped>,
    pack_shown: bool,
    pack_add_name: String,
    /// A file the user was told exists and may press Save again to replace.
    replace_confirmed: Option<PathBuf>,
    /// The sandbox, while it is open (it replaces the editor's panels).
    sandbox: Option<Box<Sandbox>>,
    /// The document revision the open sandbox copied its map at.
    sandbox_revision: u64,
    /// The sandbox the user went back to the editor from, with the
    /// document revision it copied its map at: *Play* returns to it, match
    /// and all, rather than discarding it.
    parked: Option<(u64, Box<Sandbox>)>,
}

impl HexwrightApp {
    /// An app showing `board`, which came from `source`, with default settings.
    #[must_use]
    pub fn new(board: Board, source: MapSource) -> Self {
        Self::from_document(Document::new(board, source))
    }

    /// An app showing an already opened document.
    #[must_use]
    pub fn from_document(doc: Document) -> Self {
        let mut app = Self {
            seen_revision: doc.revision(),
            doc,
            settings: Settings::default(),
            applied_theme: None,
            dark: false,
            view: View::default(),
            canvas: CanvasState::default(),
            selected_hex: None,
            selected_finding: None,
            load_error: None,
            history: History::new(),
            editor: Editor::default(),
            dialog: Dialog::None,
            after_save: None,
            show_shortcuts: false,
            meta_form: MetaForm::default(),
            resize_form: ResizeForm::default(),
            native_dialogs: false,
            message: None,
            derived: Derived::default(),
            overlay: None,
            suggest: Suggestions::default(),
            recovery: None,
            last_edit: 0.0,
            autosaved_revision: None,
            closing: false,
            title_sent: String::new(),
            clipboard_text: None,
            pack: None,
            pack_shown: false,
            unzipped: None,
            pack_add_name: String::new(),
            replace_confirmed: None,
            sandbox: None,
            sandbox_revision: 0,
            parked: None,
        };
        app.adopt_symmetry();
        app
    }

    /// An app showing the bundled default map.
    #[must_use]
    pub fn with_default_map() -> Self {
        let (doc, problem) = load::open_default_or_empty();
        let mut app = Self::from_document(doc);
        app.load_error = problem;
        app
    }

    /// An app showing the map file at `path`. When the file cannot be opened
    /// the bundled default map is shown instead, with the error (file, line,
    /// column, message) in a banner; see [`HexwrightApp::load_error`].
    #[must_use]
    pub fn open(path: &Path) -> Self {
        match load::open_file(path) {
            Ok(doc) => Self::from_document(doc),
            Err(problem) => {
                let mut app = Self::with_default_map();
                app.load_error = Some(problem);
                app
            }
        }
    }

    /// The app as it starts: on `file` (or the bundled default map) with the
    /// settings restored from the last run, the opened file first in Recent.
    #[must_use]
    pub fn start(file: Option<&Path>, stored: Option<Settings>) -> Self {
        let app = match file {
            Some(path) => Self::open(path),
            None => Self::with_default_map(),
        };
        let mut settings = stored.unwrap_or_default();
        if let Some(path) = file
            && app.load_error().is_none()
        {
            settings.remember(path);
        }
        app.with_settings(settings)
    }

    /// Uses `settings` (e.g. restored from storage).
    #[must_use]
    pub fn with_settings(mut self, settings: Settings) -> Self {
        self.settings = settings;
        self.applied_theme = None;
        self.adopt_symmetry();
        self
    }

    /// Turns on the symmetry the open map has ([`symmetry::detect`]), or
    /// turns it off when the map has none: an opened map is edited the way
    /// it was made.
    fn adopt_symmetry(&mut self) {
        let map = self.doc.map();
        if map.features.is_empty() && map.terrain.is_empty() && map.zones.is_empty() {
            // A blank map is symmetric every way: the user's choice stays.
            return;
        }
        let found = symmetry::detect(self.doc.map(), self.doc.board().coverage());
        self.settings.tools.symmetry = found.mode;
        self.settings.tools.centre = found.centre;
    }

    /// Whether Open and Save As offer the system's file dialog (off by
    /// default, so tests never block on one).
    #[must_use]
    pub fn with_native_dialogs(mut self, native: bool) -> Self {
        self.native_dialogs = native;
        self
    }

    /// Autosaves to `path` `delay` seconds after an edit while there are
    /// unsaved changes. When the file already exists (the app did not close
    /// cleanly), offers to recover it.
    #[must_use]
    pub fn with_autosave(mut self, path: PathBuf, delay: f64) -> Self {
        if path.is_file() {
            self.dialog = Dialog::Recover { path: path.clone() };
        }
        self.recovery = Some((path, delay));
        self
    }

    /// The open map and its derived data.
    #[must_use]
    pub fn document(&self) -> &Document {
        &self.doc
    }

    /// The current settings.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The camera.
    #[must_use]
    pub fn view(&self) -> &View {
        &self.view
    }

    /// The canvas's frame-to-frame state (hover, last size).
    #[must_use]
    pub fn canvas(&self) -> &CanvasState {
        &self.canvas
    }

    /// The selected hex, if any.
    #[must_use]
    pub fn selected_hex(&self) -> Option<Hex> {
        self.selected_hex
    }

    /// *Suggest fixes*: its form, search and proposals.
    #[must_use]
    pub fn suggestions(&self) -> &Suggestions {
        &self.suggest
    }

    /// The index (into [`Document::findings`]) of the selected finding.
    #[must_use]
    pub fn selected_finding(&self) -> Option<usize> {
        self.selected_finding
    }

    /// Why the requested map could not be opened, while the banner shows.
    #[must_use]
    pub fn load_error(&self) -> Option<&LoadProblem> {
        self.load_error.as_ref()
    }

    /// The undo history.
    #[must_use]
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The tools' state (selected piece, gesture).
    #[must_use]
    pub fn editor(&self) -> &Editor {
        &self.editor
    }

    /// The open dialog.
    #[must_use]
    pub fn dialog(&self) -> &Dialog {
        &self.dialog
    }

    /// Whether the map has changes that are not saved.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.history.is_dirty()
    }

    /// The window title: file name, unsaved mark, app name.
    #[must_use]
    pub fn title(&self) -> String {
        files::title(self.doc.source(), self.is_dirty())
    }

    /// The last status message.
    #[must_use]
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref().or(self.editor.message())
    }

    /// Whether the shortcut sheet is shown.
    #[must_use]
    pub fn shortcuts_shown(&self) -> bool {
        self.show_shortcuts
    }

    /// Hexes that break the current symmetry mode (as last drawn).
    #[must_use]
    pub fn symmetry_breaks(&self) -> &[Hex] {
        &self.derived.breaks
    }

    /// The sandbox, while it is open.
    #[must_use]
    pub fn sandbox(&self) -> Option<&Sandbox> {
        self.sandbox.as_deref()
    }

    /// The sandbox, while it is open, to drive it (tests).
    pub fn sandbox_mut(&mut self) -> Option<&mut Sandbox> {
        self.sandbox.as_deref_mut()
    }

    /// Whether the user agreed to close the window.
    #[must_use]
    pub fn is_closing(&self) -> bool {
        self.closing
    }

    /// Runs `f` with the editing context.
    fn edit<R>(&mut self, f: impl FnOnce(&mut Editor, &mut EditContext<'_>) -> R) -> R {
        let mut cx = EditContext {
            doc: &mut self.doc,
            history: &mut self.history,
            options: self.settings.tools,
        };
        f(&mut self.editor, &mut cx)
    }

    /// Runs a command through the history, reporting a failure.
    fn execute(&mut self, cmd: Command) {
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
                self.suggest.show(i);
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
                self.dialog = Dialog::Generate(Box::default());
            }
            Action::GeneratePreviews { more } => self.generate_previews(more),
            Action::OpenGenerated(seed) => {
                if let Dialog::Generate(form) = &self.dialog
                    && let Some(p) = form.previews.iter().find(|p| p.seed == seed)
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

    /// The map pack being edited, if any.
    #[must_use]
    pub fn pack(&self) -> Option<&PackDraft> {
        self.pack.as_ref()
    }

    fn apply_pack(&mut self, action: Action) {
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

    /// Opens the sandbox on the open map, or says why it cannot.
    /// *Play*: back to the sandbox left earlier, if any (asking first when
    /// the map changed since), else a new one.
    fn play(&mut self) {
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
    fn resume(&mut self, revision: u64, sb: Box<Sandbox>) {
        self.sandbox_revision = revision;
        self.sandbox = Some(sb);
        self.message = None;
        self.show_shortcuts = false;
    }

    /// The roster matches on the open map play: the one beside its file,
    /// else the bundled one.
    fn roster(&self) -> anyhow::Result<hexwright_engine::rules::Roster> {
        let near = match self.doc.source() {
            MapSource::File(path) => Some(path.clone()),
            _ => None,
        };
        hexwright_headless::files::roster::roster(None, near.as_deref())
    }

    /// Starts *Suggest fixes* on the open map.
    fn suggest_fixes(&mut self) {
        self.edit(Editor::finish);
        match self.roster() {
            Ok(roster) => self.suggest.start(self.doc.map(), roster),
            Err(e) => self.suggest.fail(format!(
                "Cannot suggest fixes: {}",
                hexwright_headless::report::Chain(&e)
            )),
        }
    }

    fn open_sandbox(&mut self) {
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
    fn sandbox_ui(&mut self, ui: &mut Ui, palette: Palette) {
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

    fn focus_finding(&mut self, i: usize) {
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

    fn pointer(&mut self, ev: PointerEvent) {
        self.message = None;
        self.edit(|e, cx| e.pointer(ev, cx));
    }

    /// Runs `then` now, or after the unsaved-changes prompt.
    /// What the open or parked sandbox holds that closing it would lose
    /// ([`Sandbox::held_work`]), and its map's name.
    fn sandbox_work(&self) -> Option<(String, Vec<String>)> {
        let sb = self
            .sandbox
            .as_deref()
            .or(self.parked.as_ref().map(|(_, sb)| &**sb))?;
        let work = sb.held_work();
        (!work.is_empty()).then(|| (sb.map().meta.name.clone(), work))
    }

    /// Does `then`, after asking about a sandbox's results it would
    /// discard and about unsaved changes.
    fn guard(&mut self, then: Pending) {
        if let Some((map, work)) = self.sandbox_work() {
            self.dialog = Dialog::SandboxWork { then, map, work };
        } else if self.is_dirty() {
            self.dialog = Dialog::Unsaved { then };
        } else {
            self.proceed(then);
        }
    }

    fn proceed(&mut self, then: Pending) {
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
    fn open_path(&mut self, path: &Path) {
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
    fn import_wesnoth(&mut self, choices: &WesnothChoices) {
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
    fn generate_previews(&mut self, more: bool) {
        let Dialog::Generate(form) = &mut self.dialog else {
            return;
        };
        let first = match (more, form.previews.last()) {
            (true, Some(p)) => p.seed.saturating_add(1),
            _ => form.first_seed,
        };
        if !more {
            form.previews.clear();
        }
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
    fn open_generated(&mut self, map: hexwright_engine::map::Map) {
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
    fn open_bundled(&mut self, name: &str) {
        match load::open_bundled(name) {
            Ok(doc) => {
                self.replace_document(doc);
                self.remove_recovery();
                self.message = Some(format!("Opened the bundled map {name}"));
            }
            Err(problem) => self.load_error = Some(problem),
        }
    }

    fn replace_document(&mut self, doc: Document) {
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
    fn prompt_name(&self) -> String {
        match self.doc.source() {
            MapSource::Unsaved => format!("“{}”", self.doc.map().meta.name),
            source => source.short_name(),
        }
    }

    fn save_as_dialog(&self) -> Dialog {
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
    fn name_stem(&self) -> String {
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
    fn export_path(&self, ext: &str) -> String {
        match self.doc.source() {
            MapSource::File(p) => in_working_dir(&p.with_extension(ext).display().to_string()),
            _ => in_working_dir(&format!("{}.{ext}", self.name_stem())),
        }
    }

    /// Saves to `path`; on failure the error shows (in the Save As dialog
    /// when it is open, else in the status bar).
    fn save_to(&mut self, path: &Path) -> bool {
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

    fn remove_recovery(&mut self) {
        if let Some((path, _)) = &self.recovery {
            files::remove_recovery(path);
        }
        self.autosaved_revision = None;
    }

    /// Writes the recovery file when edits have rested long enough.
    fn autosave(&mut self, now: f64) {
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

    /// Brings the cached parity table and symmetry breaks up to date.
    fn update_derived(&mut self) {
        let rev = self.doc.revision();
        if !self.doc.is_stale() && self.derived.parity_revision != Some(rev) {
            self.derived.parity = Some(parity::rows(self.doc.board()));
            let map = self.doc.map();
            self.derived.analysis = Some(Analysis::new(
                map,
                self.doc.board().coverage(),
                Movement::for_players(map.player_count()),
            ));
            self.derived.drawn = None;
            self.derived.parity_revision = Some(rev);
        }
        let want = self.overlay;
        if self.derived.drawn.as_ref().map(|(o, _)| *o) != want {
            self.derived.drawn = want.and_then(|o| {
                self.derived
                    .analysis
                    .as_ref()
                    .map(|a| (o, overlay::draw(a, o)))
            });
        }
        let sym = self.settings.tools.symmetry_on(self.doc.map());
        if self.derived.breaks_key != Some((rev, sym)) {
            self.derived.breaks =
                symmetry::breaks(self.doc.map(), self.doc.board().coverage(), sym);
            self.derived.breaks_key = Some((rev, sym));
        }
    }

    /// Draws the whole app into `ui` and applies what the user did. This is
    /// what [`eframe::App::ui`] calls; tests call it directly.
    #[expect(
        clippy::too_many_lines,
        reason = "the layout of every panel in one place"
    )]
    pub fn ui(&mut self, ui: &mut Ui) {
        if self.applied_theme != Some(self.settings.theme) {
            ui.ctx().set_theme(self.settings.theme.preference());
            self.applied_theme = Some(self.settings.theme);
        }
        let palette = crate::canvas::theme::palette_for(ui.visuals());
        self.dark = palette.dark;
        if self.sandbox.is_some() {
            let mut actions = self.window_events(ui);
            self.sandbox_ui(ui, palette);
            let name = self.prompt_name();
            actions.extend(dialogs::show(
                ui,
                &mut self.dialog,
                self.native_dialogs,
                &name,
            ));
            for action in actions {
                self.apply(action);
            }
            if self.closing {
                ui.ctx().send_viewport_cmd(ViewportCommand::Close);
            }
            return;
        }
        let mut actions = self.shortcuts(ui);
        actions.extend(self.window_events(ui));
        self.update_derived();
        self.suggest.update(&self.doc);
        if self.suggest.is_running() {
            // The search finishes on another thread: look again soon.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
        let dirty = self.is_dirty();

        Panel::top("top_bar").frame(bar_frame(ui)).show(ui, |ui| {
            actions.extend(top_bar::show(
                ui,
                &self.doc,
                &self.settings,
                self.view.scale(),
                dirty,
            ));
        });
        Panel::top("toolbar").frame(bar_frame(ui)).show(ui, |ui| {
            actions.extend(toolbar::show(
                ui,
                &toolbar::ToolbarParams {
                    doc: &self.doc,
                    options: &self.settings.tools,
                    history: &self.history,
                    editor: &self.editor,
                    palette: &palette,
                },
            ));
        });
        if let Some(problem) = &self.load_error {
            let showing = format!(
                "{} ({})",
                self.doc.map().meta.name,
                self.doc.source().short_name()
            );
            Panel::top("load_error")
                .frame(Frame::side_top_panel(ui.style()).inner_margin(Margin::same(6)))
                .show(ui, |ui| {
                    actions.extend(load_error::show(ui, problem, &showing));
                });
        }
        let message = self.message.as_deref().or(self.editor.message());
        Panel::bottom("status_bar")
            .frame(bar_frame(ui))
            .show(ui, |ui| {
                status_bar::show(
                    ui,
                    &self.doc,
                    self.canvas.hovered(),
                    self.canvas.pointer_world(),
                    message,
                );
            });
        let window = ui.ctx().content_rect().width();
        Panel::left("layers")
            .resizable(true)
            .default_size(210.0)
            .size_range(sizes::layers(window))
            .show(ui, |ui| {
                ScrollArea::vertical()
                    .id_salt("left")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        ui.add_space(6.0);
                        ui.label(RichText::new("Layers").strong());
                        actions.extend(layers::show(ui, self.settings.layers));
                        ui.add_space(6.0);
                        ui.separator();
                        CollapsingHeader::new(RichText::new("Analysis").strong())
                            .id_salt("analysis")
                            .default_open(true)
                            .show(ui, |ui| {
                                actions.extend(analysis::show_overlays(
                                    ui,
                                    self.overlay,
                                    self.doc.map().player_count(),
                                    self.derived.drawn.as_ref().map(|(_, d)| d),
                                ));
                            });
                        ui.separator();
                        CollapsingHeader::new(RichText::new("Legend").strong())
                            .id_salt("legend")
                            .default_open(true)
                            .show(ui, |ui| {
                                legend::show(ui, &palette, self.doc.map().player_count());
                            });
                    });
            });
        let selected_piece = self
            .editor
            .selected_piece()
            .filter(|&i| i < self.doc.map().terrain.len());
        Panel::right("inspector")
            .resizable(true)
            .default_size(330.0)
            .size_range(sizes::inspector(window))
            .show(ui, |ui| {
                actions.extend(inspector::show(
                    ui,
                    &mut inspector::InspectorParams {
                        doc: &self.doc,
                        selected_hex: self.selected_hex,
                        selected_piece,
                        selected_finding: self.selected_finding,
                        palette,
                        meta_form: &mut self.meta_form,
                        resize_form: &mut self.resize_form,
                        parity: self.derived.parity.as_ref(),
                        analysis: self.derived.analysis.as_ref(),
                        simulated: self.parked.as_ref().and_then(|(revision, sb)| {
                            sb.simulated_verdict()
                                .map(|v| (v, *revision == self.doc.revision()))
                        }),
                        suggest: &mut self.suggest,
                        history: &self.history,
                        show_history: self.settings.show_history,
                    },
                ));
            });
        let mut marks =
            self.editor
                .preview(&self.doc, &self.settings.tools, self.canvas.pointer_world());
        marks.extend(self.suggest.marks());
        let symmetry = self.settings.tools.symmetry_on(self.doc.map());
        let breaks: &[Hex] = if symmetry.is_off() {
            &[]
        } else {
            &self.derived.breaks
        };
        CentralPanel::no_frame().show(ui, |ui| {
            let params = CanvasParams {
                doc: &self.doc,
                layers: self.settings.layers,
                selected: self.selected_hex,
                palette,
                tool: self.settings.tools.tool,
                marks: &marks,
                breaks,
                symmetry,
                analysis: self.derived.drawn.as_ref().map(|(o, d)| (*o, d)),
            };
            actions.extend(canvas::show(ui, &mut self.canvas, &mut self.view, params));
        });
        let name = self.prompt_name();
        actions.extend(dialogs::show(
            ui,
            &mut self.dialog,
            self.native_dialogs,
            &name,
        ));
        if self.show_shortcuts {
            actions.extend(shortcuts::show(ui, true));
        }
        if self.pack_shown
            && let Some(draft) = &mut self.pack
        {
            actions.extend(pack::show(ui, draft, &mut self.pack_add_name));
        }

        // Pointer moves repaint anyway; anything else may change what shows.
        let changed = actions.iter().any(|a| !matches!(a, Action::Pointer(_)));
        for action in actions {
            self.apply(action);
        }
        if let Some(i) = self.editor.selected_piece()
            && i >= self.doc.map().terrain.len()
        {
            self.editor.select_piece(None);
        }
        if !self.editor.painting() {
            self.doc.refresh_derived();
        }
        let now = ui.input(|i| i.time);
        self.autosave(now);
        if let Some((_, delay)) = &self.recovery
            && self.is_dirty()
        {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(delay.max(0.05)));
        }
        let title = self.title();
        if title != self.title_sent {
            ui.ctx()
                .send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.title_sent = title;
        }
        if self.closing {
            ui.ctx().send_viewport_cmd(ViewportCommand::Close);
        }
        if let Some(text) = self.clipboard_text.take() {
            ui.ctx().copy_text(text);
        }
        if changed {
            ui.ctx().request_repaint();
        }
    }

    /// Close requests and dropped files.
    fn window_events(&mut self, ui: &Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        if ui.input(|i| i.viewport().close_requested()) && !self.closing {
            if self.is_dirty() || self.sandbox_work().is_some() {
                ui.ctx().send_viewport_cmd(ViewportCommand::CancelClose);
                self.guard(Pending::Close);
            } else {
                self.remove_recovery();
            }
        }
        let dropped: Vec<PathBuf> = ui.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        if let Some(path) = dropped.iter().find(|p| files::is_map_file(p)) {
            actions.push(Action::OpenPath(path.clone()));
        } else if let Some(p) = dropped.first() {
            self.message = Some(format!(
                "{} is not a map file: drop a .ron file to open it",
                p.display()
            ));
        }
        actions
    }

    /// Keyboard shortcuts that work anywhere (unless a text field has focus
    /// or a dialog is open).
    fn shortcuts(&self, ui: &Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        if ui.ctx().egui_wants_keyboard_input() || self.dialog.is_open() {
            return actions;
        }
        let command = |k: Key| KeyboardShortcut::new(Modifiers::COMMAND, k);
        let command_shift =
            |k: Key| KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, k);
        ui.input_mut(|i| {
            for (shortcut, action) in [
                (command_shift(Key::Z), Action::Redo),
                (command_shift(Key::S), Action::SaveAs),
                (command(Key::Z), Action::Undo),
                (command(Key::Y), Action::Redo),
                (command(Key::S), Action::Save),
                (command(Key::N), Action::New),
                (command(Key::O), Action::Open),
            ] {
                if i.consume_shortcut(&shortcut) {
                    actions.push(action);
                }
            }
            // The window turns Ctrl+C and Ctrl+V into clipboard events.
            for event in &i.events {
                match event {
                    egui::Event::Copy => actions.push(Action::ToolKey(ToolKey::Copy)),
                    egui::Event::Paste(_) => actions.push(Action::ToolKey(ToolKey::Paste)),
                    _ => {}
                }
            }
            if i.consume_shortcut(&command(Key::C)) {
                actions.push(Action::ToolKey(ToolKey::Copy));
            }
            if i.consume_shortcut(&command(Key::V)) {
                actions.push(Action::ToolKey(ToolKey::Paste));
            }
            if i.key_pressed(Key::F1) {
                actions.push(Action::ShowShortcuts(!self.show_shortcuts));
            }
            if i.key_pressed(Key::F5) {
                actions.push(Action::Play);
            }
            if !i.modifiers.is_none() && !i.modifiers.shift_only() {
                return;
            }
            if i.key_pressed(Key::F) || i.key_pressed(Key::Home) {
                actions.push(Action::FitToMap);
            }
            if i.key_pressed(Key::Plus) || i.key_pressed(Key::Equals) {
                actions.push(Action::Zoom(crate::canvas::view::ZOOM_STEP));
            }
            if i.key_pressed(Key::Minus) {
                actions.push(Action::Zoom(1.0 / crate::canvas::view::ZOOM_STEP));
            }
            if i.key_pressed(Key::Escape) {
                if self.show_shortcuts {
                    // Esc closes the sheet first, and does nothing else.
                    actions.push(Action::ShowShortcuts(false));
                    return;
                }
                actions.push(Action::ToolKey(ToolKey::Escape));
                if self.selected_hex.is_some() && !self.editor.busy() {
                    actions.push(Action::SelectHex(None));
                }
            }
            for (key, tool_key) in [
                (Key::Enter, ToolKey::Enter),
                (Key::Backspace, ToolKey::Backspace),
                (Key::Delete, ToolKey::Delete),
            ] {
                if i.key_pressed(key) {
                    actions.push(Action::ToolKey(tool_key));
                }
            }
            if i.modifiers.is_none() {
                for tool in Tool::ALL {
                    if i.key_pressed(tool.key()) {
                        actions.push(Action::SetTool(tool));
                    }
                }
                if i.key_pressed(Key::S) {
                    let players = self.doc.map().player_count();
                    actions.push(Action::SetSide(self.settings.tools.side.next(players)));
                }
                if i.key_pressed(Key::R) {
                    actions.push(Action::ToolKey(ToolKey::Rotate));
                }
                if i.key_pressed(Key::M) {
                    actions.push(Action::ToolKey(ToolKey::Mirror));
                }
                if i.key_pressed(Key::OpenBracket) {
                    actions.push(Action::ScaleBrush(1.0 / 1.25));
                }
                if i.key_pressed(Key::CloseBracket) {
                    actions.push(Action::ScaleBrush(1.25));
                }
            }
        });
        actions
    }
}

fn bar_frame(ui: &Ui) -> Frame {
    Frame::side_top_panel(ui.style()).inner_margin(Margin::symmetric(10, 5))
}

impl eframe::App for HexwrightApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        HexwrightApp::ui(self, ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, Settings::STORAGE_KEY, &self.settings);
    }

    /// A clean exit without unsaved changes leaves no recovery file.
    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        if !self.is_dirty() {
            self.remove_recovery();
        }
    }

    /// egui's memory holds the window layout (panel widths, open sections),
    /// so it is persisted next to the settings.
    fn persist_egui_memory(&self) -> bool {
        true
    }
}

/// Opens the pack at `path`: a folder, its `pack.ron`, or a zipped pack,
/// which is unpacked (the returned files must live while the pack is open)
/// and opened read only.
fn open_pack(
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
fn in_working_dir(file: &str) -> String {
    std::path::absolute(file).map_or_else(|_| file.to_owned(), |p| p.display().to_string())
}
