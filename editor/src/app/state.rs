//! Building the app (on a map, a file, the default map; with settings,
//! native dialogs, autosave) and reading its state, as the tests and the
//! panels do.

use super::{Derived, HexwrightApp, Settings};
use crate::canvas::CanvasState;
use crate::canvas::view::View;
use crate::document::files;
use crate::document::history::History;
use crate::document::load::{self, LoadProblem};
use crate::document::pack_draft::PackDraft;
use crate::document::{Document, MapSource};
use crate::edit::editing::Editor;
use crate::edit::suggest::Suggestions;
use crate::panels::dialogs::Dialog;
use crate::panels::meta::MetaForm;
use crate::panels::resize::ResizeForm;
use crate::sandbox::Sandbox;
use hexwright_engine::Hex;
use hexwright_engine::board::Board;
use hexwright_engine::symmetry;
use std::path::{Path, PathBuf};

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
            window_fitted: false,
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
    pub(super) fn adopt_symmetry(&mut self) {
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

    /// The map pack being edited, if any.
    #[must_use]
    pub fn pack(&self) -> Option<&PackDraft> {
        self.pack.as_ref()
    }
}
