//! The *Suggest fixes* section of the inspector: the balance assistant's
//! form (the bots, how many edits to play and how many matches each), its
//! progress, and the proposals it found, each with *Show* (draw it strongest
//! and centre the map on it) and *Apply* (make it, one undo step).

use crate::action::Action;
use crate::sandbox::worker::{bot_combo, number};
use crate::suggest::{Found, SuggestForm, Suggestions};
use crate::theme;
use egui::{Button, Grid, RichText, Ui};
use hexwright_engine::balance_edit::REACH;
use hexwright_engine::stats::Rate;

/// Draws the section; `players` is the open map's player count.
pub fn show(ui: &mut Ui, s: &mut Suggestions, players: usize) -> Vec<Action> {
    let mut actions = Vec::new();
    ui.label(
        RichText::new(format!(
            "Moves of one objective, Outpost, barracks or bush by up to {REACH} hexes \
             (with its images on a symmetric map), ranked by the fairness figures and \
             then by matches between two bots."
        ))
        .weak(),
    );
    let two = players == 2;
    form(ui, &mut s.form, two);
    let running = s.is_running();
    let label = if two {
        format!("Suggest fixes ({} matches)", s.form.matches_asked())
    } else {
        "Suggest fixes".to_owned()
    };
    if ui
        .add_enabled(!running, Button::new(label))
        .on_hover_text("Search the small edits that make the map fairer, in the background")
        .clicked()
    {
        actions.push(Action::SuggestFixes);
    }
    s.progress_ui(ui);
    if let Some(e) = s.error() {
        ui.label(RichText::new(e).color(theme::ERROR));
    }
    if let Some(found) = s.found() {
        ui.add_space(4.0);
        actions.extend(proposals(ui, found, s.is_current(), s.shown()));
    }
    actions
}

fn form(ui: &mut Ui, form: &mut SuggestForm, two: bool) {
    Grid::new("suggest_form")
        .num_columns(2)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            number(
                ui,
                "Edits played",
                &mut form.budget,
                1..=64,
                "How many of the fairest edits by the figures are played",
            );
            if !two {
                return;
            }
            for (i, bot) in form.bots.iter_mut().enumerate() {
                ui.label(format!("Side {i} bot"));
                bot_combo(
                    ui,
                    &format!("suggest_bot_{i}"),
                    &format!("The bot of side {i} (seats swap every other match)"),
                    bot,
                );
                ui.end_row();
            }
            number(
                ui,
                "Matches per edit",
                &mut form.matches,
                0..=100_000,
                "Matches that rank each edit",
            );
            number(
                ui,
                "Fresh matches for the best",
                &mut form.verify,
                0..=100_000,
                "Matches on other seeds that check the best edit: the score to trust",
            );
        });
    if !two {
        ui.label(
            RichText::new(
                "Matches are played on two-player maps: here the figures rank the edits.",
            )
            .weak(),
        );
    }
}

fn score(s: Option<Rate>) -> String {
    s.map_or_else(String::new, |s| format!("; side 0 scores {s}"))
}

fn proposals(ui: &mut Ui, found: &Found, current: bool, shown: Option<usize>) -> Vec<Action> {
    let mut actions = Vec::new();
    let a = &found.assistant;
    let [b0, b1] = found.form.bots;
    ui.label(format!(
        "Now: unevenness {:.2}{}{}",
        a.before.0,
        score(a.before.1),
        if a.before.1.is_some() {
            format!(" ({b0} vs {b1}, {} matches)", found.form.matches)
        } else {
            String::new()
        }
    ));
    ui.label(
        RichText::new(format!(
            "{} valid edits; searched in {:.1} s",
            a.candidates, found.seconds
        ))
        .weak(),
    );
    if a.cancelled {
        ui.label(
            RichText::new("Cancelled: only the edits whose matches finished are listed.").weak(),
        );
    }
    if !current {
        ui.label(
            RichText::new(
                "The map changed since: these fixes are for the map as it was. \
                 Undo back to it, or search again.",
            )
            .color(theme::ERROR),
        );
    }
    if a.proposals.is_empty() {
        ui.label("No edit to propose.");
        return actions;
    }
    if let Some(checked) = found.checked {
        ui.label(
            RichText::new(format!(
                "Best on {} fresh matches: side 0 scores {checked}",
                found.form.verify
            ))
            .strong(),
        )
        .on_hover_text(
            "The ranking score of the best edit is flattered by being the best of several; \
             this one, on other seeds, is the figure to trust",
        );
    }
    for (i, p) in a.proposals.iter().enumerate() {
        let n = i + 1;
        ui.separator();
        let text = RichText::new(format!("{n}. {}", p.edit));
        ui.label(if shown == Some(i) {
            text.strong()
        } else {
            text
        });
        ui.label(
            RichText::new(format!("unevenness {:.2}{}", p.unevenness, score(p.score))).small(),
        );
        ui.horizontal(|ui| {
            if ui
                .add_enabled(current, Button::new(format!("Show fix {n}")))
                .on_hover_text("Draw this edit strongest on the map and centre on it")
                .clicked()
            {
                actions.push(Action::ShowProposal(i));
            }
            if ui
                .add_enabled(current, Button::new(format!("Apply fix {n}")))
                .on_hover_text("Make this edit (one undo step)")
                .clicked()
            {
                actions.push(Action::ApplyProposal(i));
            }
        });
    }
    actions
}
