//! The findings list: validation errors and warnings grouped by severity.
//! Clicking one selects it, centres the canvas on its hex and highlights the
//! hex.

use crate::app::action::Action;
use crate::canvas::theme::Palette;
use crate::document::Document;
use egui::text::{LayoutJob, TextFormat};
use egui::{Button, CollapsingHeader, RichText, Sense, TextStyle, Ui, Vec2};
use hexwright_engine::format::HexDisplay;
use hexwright_engine::validate::{Finding, Severity};
use hexwright_headless::draw::glyphs;

/// The first line of a finding's row: rule id and hex.
#[must_use]
pub fn row_title(f: &Finding) -> String {
    match f.hex {
        Some(h) => format!("{} at {}", f.rule, HexDisplay(h)),
        None => format!("{} (whole map)", f.rule),
    }
}

/// The text of a finding's row: the title line, then the message.
#[must_use]
pub fn row_text(f: &Finding) -> String {
    format!("{}\n{}", row_title(f), f.message)
}

/// The row as rich text: the title line strong, the message plain.
#[must_use]
pub fn row_job_ui(ui: &Ui, f: &Finding) -> LayoutJob {
    let body = TextFormat {
        font_id: TextStyle::Body.resolve(ui.style()),
        color: ui.visuals().text_color(),
        ..TextFormat::default()
    };
    let title = TextFormat {
        color: ui.visuals().strong_text_color(),
        ..body.clone()
    };
    let mut job = LayoutJob::default();
    job.append(&row_title(f), 0.0, title);
    job.append("\n", 0.0, body.clone());
    job.append(&f.message, 0.0, body);
    job
}

/// Draws the findings; `selected` is the index of the selected finding.
pub fn show_ui(
    ui: &mut Ui,
    doc: &Document,
    selected: Option<usize>,
    palette: &Palette,
) -> Vec<Action> {
    let mut actions = Vec::new();
    let (errors, warnings) = (doc.count(Severity::Error), doc.count(Severity::Warning));
    if errors + warnings == 0 {
        ui.label(
            RichText::new("No problems found: the map is ready to play.")
                .color(ui.visuals().text_color()),
        );
        return actions;
    }
    ui.label(RichText::new(summary_line(errors, warnings)).weak());
    for (severity, title, count) in [
        (Severity::Error, "Errors", errors),
        (Severity::Warning, "Warnings", warnings),
    ] {
        if count == 0 {
            continue;
        }
        CollapsingHeader::new(RichText::new(format!("{title} ({count})")).strong())
            .id_salt(("findings", severity.as_str()))
            .default_open(true)
            .show(ui, |ui| {
                for (i, f) in doc
                    .findings()
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| f.severity == severity)
                {
                    ui.horizontal_top(|ui| {
                        let (rect, _) = ui.allocate_exact_size(Vec2::splat(16.0), Sense::hover());
                        ui.painter().extend(glyphs::marker(
                            rect.center() + Vec2::new(0.0, 3.0),
                            6.0,
                            severity,
                            palette,
                        ));
                        let button =
                            Button::selectable(selected == Some(i), row_job_ui(ui, f)).wrap();
                        let hint = if f.hex.is_some() {
                            "Show this hex on the map"
                        } else {
                            "This finding concerns the whole map"
                        };
                        if ui.add(button).on_hover_text(hint).clicked() {
                            actions.push(Action::FocusFinding(i));
                        }
                    });
                }
            });
    }
    actions
}

/// `"2 errors, 1 warning"`.
#[must_use]
pub fn summary_line(errors: usize, warnings: usize) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{}, {}",
        plural(errors, "error", "errors"),
        plural(warnings, "warning", "warnings")
    )
}
