//! The top bar: app name, the open map, view controls and the theme switch.

use crate::action::Action;
use crate::document::Document;
use crate::settings::Settings;
use crate::theme::ThemeChoice;
use crate::view::ZOOM_STEP;
use egui::{Align, Layout, RichText, Ui};

/// Draws the bar; `zoom` is the canvas scale (screen points per world unit).
pub fn show(ui: &mut Ui, doc: &Document, settings: &Settings, zoom: f64) -> Vec<Action> {
    let mut actions = Vec::new();
    ui.horizontal_centered(|ui| {
        ui.label(RichText::new("Hexwright").strong().size(15.0));
        ui.separator();
        ui.label(RichText::new(&doc.map().meta.name).strong());
        ui.label(RichText::new(doc.source().to_string()).weak())
            .on_hover_text("Where this map was opened from");
        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
            for choice in ThemeChoice::ALL.iter().rev().copied() {
                let hint = format!("Use the {} theme", choice.label().to_lowercase());
                if ui
                    .selectable_label(settings.theme == choice, choice.label())
                    .on_hover_text(hint)
                    .clicked()
                {
                    actions.push(Action::SetTheme(choice));
                }
            }
            ui.label(RichText::new("Theme").weak());
            ui.separator();
            if ui
                .button("Fit map")
                .on_hover_text("Show the whole map (F or Home)")
                .clicked()
            {
                actions.push(Action::FitToMap);
            }
            if ui
                .button("+")
                .on_hover_text("Zoom in (+ or mouse wheel)")
                .clicked()
            {
                actions.push(Action::Zoom(ZOOM_STEP));
            }
            ui.label(RichText::new(format!("{:.0}%", zoom * 100.0)).monospace())
                .on_hover_text("Zoom: screen points per 100 map units");
            if ui
                .button("−")
                .on_hover_text("Zoom out (- or mouse wheel)")
                .clicked()
            {
                actions.push(Action::Zoom(1.0 / ZOOM_STEP));
            }
        });
    });
    actions
}
