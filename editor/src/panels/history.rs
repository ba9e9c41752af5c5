//! The history panel: every remembered edit, oldest first, the undone ones
//! in italics; clicking a row undoes or redoes up to it.

use crate::app::action::Action;
use crate::document::history::History;
use egui::{RichText, Ui};

/// Draws the history list.
pub fn show_ui(ui: &mut Ui, history: &History) -> Vec<Action> {
    let mut actions = Vec::new();
    ui.label(
        RichText::new(format!(
            "{} of {} steps applied",
            history.cursor(),
            history.steps().len()
        ))
        .weak(),
    );
    if ui
        .selectable_label(history.cursor() == 0, "Opened map")
        .on_hover_text("Undo every remembered edit")
        .clicked()
    {
        actions.push(Action::JumpTo(0));
    }
    for (i, cmd) in history.steps().iter().enumerate() {
        let step = i + 1;
        let mut text = RichText::new(format!("{step}. {}", cmd.label));
        if step > history.cursor() {
            text = text.weak().italics();
        }
        if ui
            .selectable_label(history.cursor() == step, text)
            .on_hover_text("Go back (or forward) to just after this edit")
            .clicked()
        {
            actions.push(Action::JumpTo(step));
        }
    }
    actions
}
