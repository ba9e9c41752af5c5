//! The keyboard shortcut sheet (F1).

use crate::app::action::Action;
use crate::edit::tool::Tool;
use egui::{Grid, Id, RichText, Ui, Window};

/// Every shortcut that is not a tool hotkey: `(keys, what it does)`.
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("Ctrl+Z", "Undo"),
    ("Ctrl+Shift+Z, Ctrl+Y", "Redo"),
    ("Ctrl+N", "New map"),
    ("Ctrl+O", "Open a map"),
    ("Ctrl+S", "Save"),
    ("Ctrl+Shift+S", "Save as"),
    (
        "Ctrl+C / Ctrl+V",
        "Copy the selected hexes / paste them (Hexes tool)",
    ),
    ("R / M", "Turn the paste 60° / mirror it"),
    ("F1, Esc", "Show or hide this sheet (Esc closes it)"),
    ("F5", "Play the map in the sandbox"),
    (
        "Esc (sandbox)",
        "Drop the selection, then back to the editor",
    ),
    ("F or Home", "Fit the map into the canvas"),
    (
        "+ / −, mouse wheel",
        "Zoom (the wheel zooms about the cursor)",
    ),
    ("Middle or right drag, Space+drag", "Pan"),
    ("[ / ]", "Smaller / larger brush"),
    ("S", "Switch the active side"),
    ("Enter", "Close the polygon being drawn"),
    ("Backspace", "Remove the polygon's last corner"),
    ("Delete", "Delete the selected terrain piece"),
    ("Esc", "Cancel the drawing, clear the selection"),
];

/// The room kept above the sheet for the top bar and the tool bar (their
/// rows at the narrowest window), and below it for the status bar.
const BARS_CLEARANCE: f32 = 300.0;

/// Draws the sheet as a window while `open`.
pub fn show_ui(ui: &mut Ui, open: bool) -> Vec<Action> {
    let mut actions = Vec::new();
    let mut still_open = open;
    // A reference beside the work: it opens in the bottom-right corner,
    // short enough to stay under the top bar and the tool bar, so their
    // buttons (Play among them) stay clickable while it is open.
    let content = ui.ctx().content_rect();
    Window::new("Keyboard shortcuts")
        .id(Id::unique("shortcut_sheet"))
        .open(&mut still_open)
        .collapsible(false)
        .resizable(false)
        .pivot(egui::Align2::RIGHT_BOTTOM)
        .default_pos(content.right_bottom() - egui::vec2(12.0, 36.0))
        .show(ui.ctx(), |ui| {
            ui.label(RichText::new("Esc or F1 closes this sheet.").weak());
            // The sheet is longer than a small window: it scrolls.
            egui::ScrollArea::vertical()
                .max_height((content.height() - BARS_CLEARANCE).max(160.0))
                .show(ui, grid_ui);
        });
    if open && !still_open {
        actions.push(Action::ShowShortcuts(false));
    }
    actions
}

fn grid_ui(ui: &mut Ui) {
    Grid::new("shortcut_grid")
        .num_columns(2)
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            ui.label(RichText::new("Tools").strong());
            ui.end_row();
            for tool in Tool::ALL {
                ui.label(RichText::new(tool.key().symbol_or_name()).monospace());
                ui.label(tool.label());
                ui.end_row();
            }
            ui.label(RichText::new("Everything else").strong());
            ui.end_row();
            for (keys, what) in SHORTCUTS {
                ui.label(RichText::new(*keys).monospace());
                ui.label(*what);
                ui.end_row();
            }
        });
}
