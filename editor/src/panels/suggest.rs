//! The *Suggest fixes* section of the inspector: the certifying balance
//! assistant's form (the level, the most edits, symmetry, a planner
//! check), its progress, and what it found — the check before, each step
//! in words with its figures (*Show* draws it strongest and centres the
//! map on it; *Apply* makes the next step, one undo step; *Apply all*
//! makes every step left), the verdict and the certificate; while it runs,
//! its latest news (each edit and each certification as it happens), and
//! after, the whole of it under *Search log*.

use crate::app::action::Action;
use crate::canvas::theme;
use crate::edit::suggest::{Found, SuggestForm, Suggestions};
use crate::sandbox::worker::{bot_combo_ui, number_ui};
use egui::{Button, Grid, RichText, Ui};
use hexwright_engine::fix::Ending;

/// Draws the section.
pub fn show_ui(ui: &mut Ui, s: &mut Suggestions) -> Vec<Action> {
    let mut actions = Vec::new();
    ui.label(
        RichText::new(
            "Plays bots on every seat: if the map is not fair, it tries small edits \
             (features moved, bushes planted or cleared, zones shifted), keeps one only \
             when the same games show it helps, and certifies the result on fresh games.",
        )
        .weak(),
    );
    form_ui(ui, &mut s.form);
    let running = s.is_running();
    if ui
        .add_enabled(!running, Button::new("Suggest fixes"))
        .on_hover_text("Search, in the background, the edits that make the map certified fair")
        .clicked()
    {
        actions.push(Action::SuggestFixes);
    }
    s.progress_ui(ui);
    log_ui(ui, s);
    if let Some(e) = s.error() {
        ui.label(RichText::new(e).color(theme::ERROR));
    }
    if let Some(found) = s.found() {
        ui.add_space(4.0);
        actions.extend(steps_ui(ui, found, s.position(), s.shown()));
    }
    actions
}

/// The search's news: its last lines while it runs (a search takes
/// minutes, and this says where it is), all of them in a closed section
/// once it ends.
fn log_ui(ui: &mut Ui, s: &Suggestions) {
    let log = s.log();
    if log.is_empty() {
        return;
    }
    if s.is_running() {
        for line in &log[log.len().saturating_sub(4)..] {
            ui.label(RichText::new(line).weak().small());
        }
    } else {
        egui::CollapsingHeader::new(format!("Search log ({} lines)", log.len()))
            .id_salt("suggest_log")
            .show(ui, |ui| {
                for line in &log {
                    ui.label(RichText::new(line).weak().small());
                }
            });
    }
}

fn form_ui(ui: &mut Ui, form: &mut SuggestForm) {
    Grid::new("suggest_form")
        .num_columns(2)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            ui.label("Level");
            bot_combo_ui(
                ui,
                "suggest_level",
                "The bot on every seat, that edits are chosen and certified at",
                &mut form.level,
            );
            ui.end_row();
            number_ui(
                ui,
                "Most edits",
                &mut form.max_edits,
                1..=32,
                "The search stops after this many edits",
            );
        });
    ui.checkbox(&mut form.keep_symmetry, "Keep the map's symmetry")
        .on_hover_text(
            "Make every edit with its images. A map whose turn order favours a side may need an asymmetric edit.",
        );
    ui.checkbox(&mut form.as_even, "As even as it can get")
        .on_hover_text(
            "Once certified, go on while an edit brings the map nearer to fair (each certified again on fresh games), and keep the certified map found nearest to fair, within the most edits",
        );
    ui.checkbox(&mut form.also_planner, "Also certify with planner bots")
        .on_hover_text("Check the result at the planner's level too (on fresh games)");
    ui.add_enabled(
        form.also_planner,
        egui::Checkbox::new(&mut form.every_level, "Edit until fair at both levels"),
    )
    .on_hover_text(
        "When the planner's games find the result unfair, go on editing on the planner's games, then certify both levels again (slow: minutes per step)",
    );
}

fn steps_ui(ui: &mut Ui, found: &Found, at: Option<usize>, shown: Option<usize>) -> Vec<Action> {
    let mut actions = Vec::new();
    let f = &found.fixed;
    if let Some(first) = f.attempts.first() {
        ui.label(format!("Before: {}", first.sentence()));
    }
    ui.label(RichText::new(format!("{} matches, {:.1} s", f.matches, found.seconds)).weak());
    let verdict = RichText::new(f.verdict()).strong();
    ui.label(match f.ending {
        Ending::AlreadyFair | Ending::Certified => verdict,
        _ => verdict.color(theme::ERROR),
    });
    for c in f.latest_also() {
        ui.label(format!("Also: {}", f.also_sentence(c)));
    }
    if let Some(cert) = f.map.certificates.first() {
        ui.label(RichText::new(cert.summary()).weak());
    }
    if at.is_none() {
        ui.label(
            RichText::new(
                "The map changed since: these steps are for the map as it was. \
                 Undo back to it, or search again.",
            )
            .color(theme::ERROR),
        );
    }
    let n = f.steps.len();
    let at = at.unwrap_or(usize::MAX);
    for (i, s) in f.steps.iter().enumerate() {
        let k = i + 1;
        ui.separator();
        let text = RichText::new(format!("{k}. {}", s.edit));
        ui.label(if shown == Some(i) {
            text.strong()
        } else {
            text
        });
        ui.label(RichText::new(s.sentence()).weak());
        let next = at == i;
        ui.horizontal(|ui| {
            if ui
                .add_enabled(at <= i, Button::new(format!("Show fix {k}")))
                .on_hover_text("Draw this step strongest on the map and centre on it")
                .clicked()
            {
                actions.push(Action::ShowProposal(i));
            }
            if ui
                .add_enabled(next, Button::new(format!("Apply fix {k}")))
                .on_hover_text("Make this step (one undo step); the steps apply in order")
                .clicked()
            {
                actions.push(Action::ApplyProposal(i));
            }
        });
    }
    if n > 0 && at < n {
        ui.separator();
        if ui
            .button(format!("Apply all {} fixes", n - at))
            .on_hover_text("Make every step left, each its own undo step")
            .clicked()
        {
            actions.push(Action::ApplyAllProposals);
        }
    }
    actions
}
