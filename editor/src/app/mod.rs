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
//! The room: this file holds the app's state; [`state`] builds it and
//! reads it, [`apply`] applies actions, [`open_save`] opens and saves, [`play`]
//! opens and draws the sandbox, [`ui`] lays the frame out. [`action`] is
//! what the user asks for and [`settings`] what persists between runs.
//!
//! [`HexwrightApp::ui`] draws everything into any [`egui::Ui`], so tests drive
//! the same code headless with `egui_kittest` (see `tests/ui_first_screen.rs`).

pub(crate) mod action;
mod apply;
mod open_save;
mod play;
pub(crate) mod settings;
mod state;
mod ui;

pub use action::Action;
pub use settings::Settings;

use crate::canvas::CanvasState;
use crate::canvas::theme::ThemeChoice;
use crate::canvas::view::View;
use crate::document::Document;
use crate::document::files;
use crate::document::history::History;
use crate::document::load::LoadProblem;
use crate::document::pack_draft::PackDraft;
use crate::edit::editing::Editor;
use crate::edit::suggest::Suggestions;
use crate::panels::dialogs::{Dialog, Pending};
use crate::panels::meta::MetaForm;
use crate::panels::parity::Parity;
use crate::panels::resize::ResizeForm;
use crate::sandbox::Sandbox;
use hexwright_engine::Hex;
use hexwright_engine::analysis::Analysis;
use hexwright_engine::symmetry::Symmetry;
use hexwright_headless::draw::overlay::{Drawn, Overlay};
use std::path::PathBuf;

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
    /// Whether the window's size was checked against the screen (once,
    /// when the screen's size is first known).
    window_fitted: bool,
}
