//! The status bar: the hovered hex (coordinate, free fraction, what stands
//! there), the last message (saved, an edit that could not be made), and the
//! map's validation state.

use crate::canvas::theme;
use crate::document::Document;
use crate::panels::findings::summary_line;
use egui::{Align, Layout, RichText, Ui};
use hexwright_engine::Hex;
use hexwright_engine::geom::Point;
use hexwright_engine::validate::Severity;

/// Draws the status bar for the hovered hex (or pointer position).
pub fn show_ui(
    ui: &mut Ui,
    doc: &Document,
    hovered: Option<Hex>,
    pointer: Option<Point>,
    message: Option<&str>,
) {
    ui.horizontal_centered(|ui| {
        match (hovered, pointer) {
            (Some(hex), _) => {
                ui.label(RichText::new(doc.report(hex).one_line()).monospace());
            }
            (None, Some(p)) => {
                ui.label(
                    RichText::new(format!("({:.0}, {:.0}) · outside the grid", p.x, p.y))
                        .monospace()
                        .weak(),
                );
            }
            (None, None) => {
                ui.label(RichText::new("Point at a hex to see what is there").weak());
            }
        }
        if let Some(m) = message {
            ui.separator();
            ui.label(RichText::new(m).strong());
        }
        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
            let (errors, warnings) = (doc.count(Severity::Error), doc.count(Severity::Warning));
            if errors + warnings == 0 {
                ui.label("Valid map");
            } else {
                let color = if errors > 0 {
                    theme::ERROR
                } else {
                    ui.visuals().warn_fg_color
                };
                ui.label(RichText::new(summary_line(errors, warnings)).color(color));
            }
            ui.separator();
            let s = doc.summary();
            ui.label(
                RichText::new(format!(
                    "{} of {} hexes usable",
                    s.usable_hexes, s.grid_hexes
                ))
                .weak(),
            );
        });
    });
}
