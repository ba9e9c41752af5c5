//! Resizing the map area: new width and height, the content kept centred
//! ([`hexwright_engine::transform::resize_map`]).

use crate::app::action::Action;
use egui::{DragValue, Grid, Ui};
use hexwright_engine::map::Map;

/// The size typed so far.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ResizeForm {
    /// New width.
    pub width: f64,
    /// New height.
    pub height: f64,
    /// The size the form was filled from.
    loaded: Option<(f64, f64)>,
}

/// Draws the form; returns [`Action::ResizeMap`] on Resize.
pub fn show_ui(ui: &mut Ui, form: &mut ResizeForm, map: &Map) -> Vec<Action> {
    let mut actions = Vec::new();
    let current = (map.area.width.get(), map.area.height.get());
    if form.loaded != Some(current) {
        (form.width, form.height) = current;
        form.loaded = Some(current);
    }
    Grid::new("resize_map")
        .num_columns(2)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            ui.label("Width");
            ui.add(
                DragValue::new(&mut form.width)
                    .range(1.0..=1.0e6)
                    .speed(5.0),
            )
            .on_hover_text("New map width");
            ui.end_row();
            ui.label("Height");
            ui.add(
                DragValue::new(&mut form.height)
                    .range(1.0..=1.0e6)
                    .speed(5.0),
            )
            .on_hover_text("New map height");
            ui.end_row();
        });
    let changed = (form.width, form.height) != current;
    if ui
        .add_enabled(changed, egui::Button::new("Resize map"))
        .on_hover_text(
            "Change the map area's size; terrain, features and zones stay centred on their hexes",
        )
        .clicked()
    {
        actions.push(Action::ResizeMap(form.width, form.height));
    }
    actions
}
