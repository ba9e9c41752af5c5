//! The banner shown when a map file could not be opened: which file, the
//! line and column, what is wrong, and that the default map is shown instead.

use crate::app::action::Action;
use crate::canvas::theme;
use crate::document::load::LoadProblem;
use egui::{Align, Frame, Layout, Margin, RichText, Ui};

/// Draws the banner for `problem`; returns [`Action::DismissLoadError`] when
/// the user closes it.
pub fn show_ui(ui: &mut Ui, problem: &LoadProblem, showing: &str) -> Vec<Action> {
    let mut actions = Vec::new();
    let fill = theme::ERROR.gamma_multiply(if ui.visuals().dark_mode { 0.35 } else { 0.16 });
    Frame::new()
        .fill(fill)
        .inner_margin(Margin::symmetric(10, 6))
        .corner_radius(4.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new("Could not open the map")
                        .strong()
                        .color(theme::ERROR),
                );
                ui.label(RichText::new(problem.location()).monospace());
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    if ui
                        .button("Dismiss")
                        .on_hover_text("Hide this message")
                        .clicked()
                    {
                        actions.push(Action::DismissLoadError);
                    }
                });
            });
            if let Some((line, column)) = problem.position {
                ui.label(format!("Line {line}, column {column}: {}", problem.message));
            } else {
                ui.label(&problem.message);
            }
            ui.label(RichText::new(format!("Showing {showing} instead.")).weak());
        });
    actions
}
