//! The Hexwright window: [`HexwrightApp`] owns the open map, the user's
//! settings and the session's UI state, lays out the panels around the map
//! canvas, and applies the [`Action`]s they return once the frame is drawn.
//!
//! State is split three ways, as in egui's demo app:
//!
//! * the [`Document`] — the open map and everything derived from it;
//! * [`Settings`] — layer toggles and theme, the only state persisted
//!   (eframe storage, [`Settings::STORAGE_KEY`]);
//! * UI state — camera, selection, hover, banners — which lives for the
//!   session only.
//!
//! [`HexwrightApp::ui`] draws everything into any [`egui::Ui`], so tests drive
//! the same code headless with `egui_kittest` (see `tests/ui_first_screen.rs`).

use crate::action::Action;
use crate::canvas::{self, CanvasParams, CanvasState};
use crate::document::{Document, MapSource};
use crate::load::{self, LoadProblem};
use crate::panels::{inspector, layers, legend, load_error, top_bar};
use crate::settings::Settings;
use crate::status;
use crate::theme::{Palette, ThemeChoice};
use crate::view::View;
use egui::{CentralPanel, CollapsingHeader, Frame, Key, Margin, Panel, RichText, ScrollArea, Ui};
use hexwright_engine::Hex;
use hexwright_engine::board::Board;
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
            let settings: Settings = cc
                .storage
                .and_then(|s| eframe::get_value(s, Settings::STORAGE_KEY))
                .unwrap_or_default();
            let app = match &file {
                Some(path) => HexwrightApp::open(path),
                None => HexwrightApp::with_default_map(),
            };
            Ok(Box::new(app.with_settings(settings)))
        }),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the editor window: {e}"))
}

/// The editor app.
#[derive(Debug)]
pub struct HexwrightApp {
    doc: Document,
    settings: Settings,
    /// The theme last handed to egui, to apply changes once.
    applied_theme: Option<ThemeChoice>,
    view: View,
    canvas: CanvasState,
    selected_hex: Option<Hex>,
    selected_finding: Option<usize>,
    load_error: Option<LoadProblem>,
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
        Self {
            doc,
            settings: Settings::default(),
            applied_theme: None,
            view: View::default(),
            canvas: CanvasState::default(),
            selected_hex: None,
            selected_finding: None,
            load_error: None,
        }
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

    /// Uses `settings` (e.g. restored from storage).
    #[must_use]
    pub fn with_settings(mut self, settings: Settings) -> Self {
        self.settings = settings;
        self.applied_theme = None;
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

    /// Applies one user request.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::SetLayer(layer, shown) => self.settings.layers.set(layer, shown),
            Action::SetTheme(theme) => self.settings.theme = theme,
            Action::SelectHex(hex) => {
                self.selected_hex = hex;
                self.selected_finding = None;
            }
            Action::FocusFinding(i) => {
                let Some(f) = self.doc.findings().get(i) else {
                    return;
                };
                self.selected_finding = Some(i);
                self.selected_hex = f.hex;
                if let Some(h) = f.hex {
                    self.view.center_on(self.doc.hex_center(h));
                    self.view.zoom_to_at_least(
                        canvas::FOCUS_HEX_PX / self.doc.map().layout.hex_size.get(),
                    );
                    self.canvas.release_fit();
                }
            }
            Action::FitToMap => self.canvas.fit(&mut self.view, &self.doc),
            Action::Zoom(factor) => {
                let rect = self.canvas.rect();
                if rect.is_positive() {
                    self.view.zoom_at(rect, factor, rect.center());
                    self.canvas.release_fit();
                }
            }
            Action::DismissLoadError => self.load_error = None,
        }
    }

    /// Draws the whole app into `ui` and applies what the user did. This is
    /// what [`eframe::App::ui`] calls; tests call it directly.
    pub fn ui(&mut self, ui: &mut Ui) {
        if self.applied_theme != Some(self.settings.theme) {
            ui.ctx().set_theme(self.settings.theme.preference());
            self.applied_theme = Some(self.settings.theme);
        }
        let palette = Palette::for_visuals(ui.visuals());
        let mut actions = self.shortcuts(ui);

        Panel::top("top_bar").frame(bar_frame(ui)).show(ui, |ui| {
            actions.extend(top_bar::show(
                ui,
                &self.doc,
                &self.settings,
                self.view.scale(),
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
        Panel::bottom("status_bar")
            .frame(bar_frame(ui))
            .show(ui, |ui| {
                status::show(
                    ui,
                    &self.doc,
                    self.canvas.hovered(),
                    self.canvas.pointer_world(),
                );
            });
        Panel::left("layers")
            .resizable(true)
            .default_size(210.0)
            .size_range(170.0..=360.0)
            .show(ui, |ui| {
                ScrollArea::vertical()
                    .id_salt("left")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        ui.add_space(6.0);
                        ui.label(RichText::new("Layers").strong());
                        actions.extend(layers::show(ui, &self.settings.layers));
                        ui.add_space(6.0);
                        ui.separator();
                        CollapsingHeader::new(RichText::new("Legend").strong())
                            .id_salt("legend")
                            .default_open(true)
                            .show(ui, |ui| legend::show(ui, &palette));
                    });
            });
        Panel::right("inspector")
            .resizable(true)
            .default_size(330.0)
            .size_range(240.0..=560.0)
            .show(ui, |ui| {
                actions.extend(inspector::show(
                    ui,
                    inspector::InspectorParams {
                        doc: &self.doc,
                        selected_hex: self.selected_hex,
                        selected_finding: self.selected_finding,
                        palette,
                    },
                ));
            });
        CentralPanel::no_frame().show(ui, |ui| {
            let params = CanvasParams {
                doc: &self.doc,
                layers: self.settings.layers,
                selected: self.selected_hex,
                palette,
            };
            actions.extend(canvas::show(ui, &mut self.canvas, &mut self.view, params));
        });

        for action in actions {
            self.apply(action);
        }
    }

    /// Keyboard shortcuts that work anywhere (unless a text field has focus).
    fn shortcuts(&self, ui: &Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        if ui.ctx().egui_wants_keyboard_input() {
            return actions;
        }
        ui.input(|i| {
            if i.key_pressed(Key::F) || i.key_pressed(Key::Home) {
                actions.push(Action::FitToMap);
            }
            if i.key_pressed(Key::Plus) || i.key_pressed(Key::Equals) {
                actions.push(Action::Zoom(crate::view::ZOOM_STEP));
            }
            if i.key_pressed(Key::Minus) {
                actions.push(Action::Zoom(1.0 / crate::view::ZOOM_STEP));
            }
            if i.key_pressed(Key::Escape) && self.selected_hex.is_some() {
                actions.push(Action::SelectHex(None));
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

    /// Only the settings are persisted, not egui's own memory.
    fn persist_egui_memory(&self) -> bool {
        false
    }
}
