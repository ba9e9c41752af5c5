//! # Batches
//!
//! The sandbox's *Batch* tab: many matches on worker threads, one pipeline
//! for every ruleset and 2 to 4 players. [`panel`] holds the form and runs
//! the batch (seats rotated around the table, a two-player batch's
//! seat-swapped pairs included) and keeps its [`results`]; [`armies`] says
//! which armies they play; [`decide`] plays an akw-rules-v1 batch until a
//! sequential test decides; [`balance`] runs a balance across skill levels;
//! [`view`] shows a finished batch, [`export`] writes it as CSV or JSON and
//! [`import`] reads one played elsewhere.

pub(crate) mod armies;
pub(crate) mod balance;
mod decide;
mod export;
mod import;
pub(crate) mod panel;
mod results;
mod view;

pub use export::BatchFile;

/// What the user did with a [`path_row_ui`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PathRow {
    /// Nothing yet.
    Idle,
    /// The button, or Enter in the field.
    Go,
    /// Cancel.
    Cancel,
}

/// A path field as wide as the panel, with `button` and Cancel on the line
/// under it, so that a narrow panel cuts off neither.
pub(crate) fn path_row_ui(
    ui: &mut egui::Ui,
    path: &mut String,
    hint: &str,
    hover: &str,
    button: &str,
    cancel_hover: &str,
) -> PathRow {
    let field = ui.add(
        egui::TextEdit::singleline(path)
            .desired_width(ui.available_width())
            .hint_text(hint),
    );
    // Enter in the field does what the button does.
    let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    field.on_hover_text(hover);
    let mut row = if entered { PathRow::Go } else { PathRow::Idle };
    ui.horizontal(|ui| {
        if ui.button(button).clicked() {
            row = PathRow::Go;
        }
        if ui.button("Cancel").on_hover_text(cancel_hover).clicked() {
            row = PathRow::Cancel;
        }
    });
    row
}
pub use panel::{BatchInput, BatchPanel, BatchRequest};
pub use results::BatchResults;
