//! The layer toggles: one checkbox per canvas layer.

use crate::app::action::Action;
use crate::app::settings::{Layer, Layers};
use egui::Ui;

/// Draws a checkbox per layer; returns the toggles the user clicked.
pub fn show_ui(ui: &mut Ui, layers: Layers) -> Vec<Action> {
    let mut actions = Vec::new();
    for layer in Layer::ALL {
        let mut shown = layers.get(layer);
        if ui
            .checkbox(&mut shown, layer.label())
            .on_hover_text(layer.hint())
            .changed()
        {
            actions.push(Action::SetLayer(layer, shown));
        }
    }
    actions
}
