//! The frame's UI: the panels laid out around the canvas (or the sandbox),
//! the window's events and the keyboard shortcuts, and what is derived from
//! the document once per revision.

use super::{Action, HexwrightApp, Settings};
use crate::canvas::{self, CanvasParams};
use crate::document::files;
use crate::edit::editing::ToolKey;
use crate::edit::tool::Tool;
use crate::panels::analysis;
use crate::panels::dialogs::{self, Dialog, Pending};
use crate::panels::parity;
use crate::panels::status_bar;
use crate::panels::{
    inspector, layers, legend, load_error, pack, shortcuts, sizes, toolbar, top_bar,
};
use egui::{
    CentralPanel, CollapsingHeader, Frame, Key, KeyboardShortcut, Margin, Modifiers, Panel,
    RichText, ScrollArea, Ui, ViewportCommand,
};
use hexwright_engine::Hex;
use hexwright_engine::analysis::{Analysis, Movement};
use hexwright_engine::symmetry;
use hexwright_headless::draw::overlay;
use std::path::PathBuf;

impl HexwrightApp {
    /// Brings the cached parity table and symmetry breaks up to date.
    pub(super) fn update_derived(&mut self) {
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
            actions.extend(self.dialogs_ui(ui));
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
            actions.extend(top_bar::show_ui(
                ui,
                &self.doc,
                &self.settings,
                self.view.scale(),
                dirty,
            ));
        });
        Panel::top("toolbar").frame(bar_frame(ui)).show(ui, |ui| {
            actions.extend(toolbar::show_ui(
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
                    actions.extend(load_error::show_ui(ui, problem, &showing));
                });
        }
        let message = self.message.as_deref().or(self.editor.message());
        Panel::bottom("status_bar")
            .frame(bar_frame(ui))
            .show(ui, |ui| {
                status_bar::show_ui(
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
                        actions.extend(layers::show_ui(ui, self.settings.layers));
                        ui.add_space(6.0);
                        ui.separator();
                        CollapsingHeader::new(RichText::new("Analysis").strong())
                            .id_salt("analysis")
                            .default_open(true)
                            .show(ui, |ui| {
                                actions.extend(analysis::show_overlays_ui(
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
                                legend::show_ui(ui, &palette, self.doc.map().player_count());
                            });
                    });
            });
        let selected_piece = self
            .editor
            .selected_piece()
            .filter(|&i| i < self.doc.map().terrain.len());
        Panel::right("inspector")
            .resizable(true)
            // Wide enough for the four-player Fairness table.
            .default_size(390.0)
            .size_range(sizes::inspector(window))
            .show(ui, |ui| {
                actions.extend(inspector::show_ui(
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
            actions.extend(canvas::show_ui(
                ui,
                &mut self.canvas,
                &mut self.view,
                params,
            ));
        });
        actions.extend(self.dialogs_ui(ui));
        if self.show_shortcuts {
            actions.extend(shortcuts::show_ui(ui, true));
        }
        if self.pack_shown
            && let Some(draft) = &mut self.pack
        {
            actions.extend(pack::show_ui(ui, draft, &mut self.pack_add_name));
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
    pub(super) fn window_events(&mut self, ui: &Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        if !self.window_fitted {
            let (inner, monitor) = ui.input(|i| {
                let v = i.viewport();
                (v.inner_rect.map(|r| r.size()), v.monitor_size)
            });
            if let (Some(inner), Some(monitor)) = (inner, monitor) {
                self.window_fitted = true;
                if let Some(size) = fit_window(inner, monitor) {
                    ui.ctx().send_viewport_cmd(ViewportCommand::InnerSize(size));
                    ui.ctx()
                        .send_viewport_cmd(ViewportCommand::OuterPosition(egui::Pos2::ZERO));
                }
            }
        }
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
    pub(super) fn shortcuts(&self, ui: &Ui) -> Vec<Action> {
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

pub(super) fn bar_frame(ui: &Ui) -> Frame {
    Frame::side_top_panel(ui.style()).inner_margin(Margin::symmetric(10, 5))
}

/// Room kept for the title bar and the desktop's panels around a window.
const WINDOW_MARGIN: egui::Vec2 = egui::Vec2::new(16.0, 80.0);

/// The window size to use when a window of `inner` size (remembered from
/// a bigger screen, say) would not fit a screen of `monitor` size with its
/// title bar; `None` when it fits.
fn fit_window(inner: egui::Vec2, monitor: egui::Vec2) -> Option<egui::Vec2> {
    let room = (monitor - WINDOW_MARGIN).max(egui::Vec2::new(720.0, 480.0));
    (inner.x > room.x || inner.y > room.y).then(|| inner.min(room))
}

impl HexwrightApp {
    /// Draws the open dialog, if any, and remembers what the Generate
    /// dialog is set to, so that it opens so again.
    fn dialogs_ui(&mut self, ui: &mut Ui) -> Vec<Action> {
        let name = self.prompt_name();
        let actions = dialogs::show_ui(ui, &mut self.dialog, self.native_dialogs, &name);
        if let Dialog::Generate(form) = &self.dialog {
            self.settings.generate.remember(form);
        }
        actions
    }
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

#[cfg(test)]
mod tests {
    use super::fit_window;
    use egui::Vec2;

    #[test]
    fn a_window_remembered_from_a_bigger_screen_is_fitted_to_this_one() {
        let small = Vec2::new(1000.0, 700.0);
        assert_eq!(
            fit_window(Vec2::new(1360.0, 860.0), small),
            Some(Vec2::new(984.0, 620.0))
        );
        assert_eq!(fit_window(Vec2::new(900.0, 600.0), small), None);
        assert_eq!(
            fit_window(Vec2::new(900.0, 690.0), small),
            Some(Vec2::new(900.0, 620.0)),
            "no room for its title bar"
        );
    }
}
