//! The match at a glance: round and whose turn, who plays each side, each
//! side's Energy bank and income, bases, objectives and Outposts, and the
//! winner once the match is over. In a side's view the enemy's bank is
//! hidden, as the engine hides it.

use crate::canvas::theme;
use crate::sandbox::action::SandboxAction;
use crate::sandbox::play::timeline::{Seat, Timeline};
use egui::{ComboBox, Grid, RichText, Ui};
use hexwright_engine::bots::BotKind;
use hexwright_engine::map::Side;
use hexwright_engine::player::{PerPlayer, PlayerId};
use hexwright_engine::rules::query::{SideSummary, pending_captures, side_summary};
use hexwright_engine::rules::{MatchState, Outcome};

/// A seat's label.
#[must_use]
pub fn seat_label(seat: Seat) -> &'static str {
    match seat {
        None => "Human",
        Some(BotKind::Random) => "Random bot",
        Some(BotKind::Greedy) => "Greedy bot",
        Some(BotKind::Planner) => "Planner bot",
        Some(BotKind::Search) => "Search bot",
        Some(BotKind::Policy) => "Policy bot",
    }
}

/// The winner line, if the match is over; `round` is the round it ended
/// in, as the ruleset counts rounds (phase-rules-v1 keeps its own count,
/// not the board's).
#[must_use]
pub fn outcome_text(s: &MatchState, round: u32) -> Option<String> {
    s.outcome().map(|o| match o {
        Outcome::Won(side) => format!("Side {side} wins in round {round}"),
        Outcome::Draw => format!(
            "Draw: the round limit ({}) was reached",
            s.rules().round_limit
        ),
    })
}

/// The winner in the winner's colour once the match is over (in `round`),
/// else `line`.
pub fn header_ui(ui: &mut Ui, s: &MatchState, round: u32, line: String) {
    if let Some(text) = outcome_text(s, round) {
        ui.label(RichText::new(text).heading().color(match s.outcome() {
            Some(Outcome::Won(side)) => theme::side_color(side),
            _ => ui.visuals().text_color(),
        }));
    } else {
        ui.label(RichText::new(line).strong());
    }
}

/// Shows the status of the state at the cursor; `viewer` is the side whose
/// view is drawn (`None`: all-seeing).
pub fn show_ui(ui: &mut Ui, t: &Timeline, viewer: Option<Side>) -> Vec<SandboxAction> {
    let mut actions = Vec::new();
    let s = t.state();
    header_ui(
        ui,
        s,
        s.round(),
        format!(
            "Round {} of {} · side {} to move",
            s.round(),
            s.rules().round_limit,
            s.side()
        ),
    );
    ui.label(format!("Seed {}", t.seed()));
    actions.extend(seats_ui(ui, t.seats()));
    ui.add_space(4.0);
    sides_grid_ui(ui, s, viewer);
    let pending = pending_captures(s, viewer);
    if !pending.is_empty() {
        ui.label(RichText::new("Pending captures").strong());
        for p in pending {
            ui.label(format!(
                "side {} takes ({},{}) at its next turn start if it holds",
                p.side, p.hex.x, p.hex.y
            ));
        }
    }
    actions
}

/// Who plays each seat, one menu per player; picking a choice hands the
/// seat over from the cursor on.
pub fn seats_ui(ui: &mut Ui, seats: PerPlayer<Seat>) -> Vec<SandboxAction> {
    let mut actions = Vec::new();
    for (side, &seat) in seats.pairs() {
        ComboBox::from_label(format!("plays side {side}"))
            .selected_text(seat_label(seat))
            .show_ui(ui, |ui| {
                for choice in std::iter::once(None).chain(BotKind::ALL.iter().copied().map(Some)) {
                    if ui
                        .selectable_label(seat == choice, seat_label(choice))
                        .clicked()
                    {
                        actions.push(SandboxAction::SetSeat(side, choice));
                    }
                }
            })
            .response
            .on_hover_text("Hand the side to a person or a bot from this point on");
    }
    actions
}

/// One column per side: race, Energy, income, bases, objectives, Outposts
/// and units, as the engine tells them to `viewer`.
fn sides_grid_ui(ui: &mut Ui, s: &MatchState, viewer: Option<Side>) {
    let sides: Vec<SideSummary> = PlayerId::all(s.players())
        .map(|side| side_summary(s, side, viewer))
        .collect();
    let hidden = |ui: &mut Ui| {
        ui.label("?").on_hover_text("Hidden in this side's view");
    };
    Grid::new("sides")
        .num_columns(sides.len() + 1)
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            for side in &sides {
                ui.label(
                    RichText::new(format!("Side {}", side.side))
                        .color(theme::side_text_color(side.side, ui.visuals()))
                        .strong(),
                );
            }
            ui.end_row();
            ui.label("Race");
            for side in &sides {
                ui.label(&side.race);
            }
            ui.end_row();
            ui.label("Energy");
            for side in &sides {
                match side.energy {
                    Some(e) => {
                        ui.label(format!("{e} / {}", side.energy_cap));
                    }
                    None => hidden(ui),
                }
            }
            ui.end_row();
            ui.label("Income")
                .on_hover_text("Energy at the side's next turn start");
            for side in &sides {
                ui.label(format!("+{}", side.next_income));
            }
            ui.end_row();
            ui.label("Base health");
            for side in &sides {
                let h: Vec<String> = side.base_health.iter().map(ToString::to_string).collect();
                ui.label(h.join(", "));
            }
            ui.end_row();
            ui.label("Objectives");
            for side in &sides {
                ui.label(format!("{} / {}", side.objectives, s.objectives().len()));
            }
            ui.end_row();
            ui.label("Outposts");
            for side in &sides {
                ui.label(format!("{} / {}", side.outposts, s.arena().outposts.len()));
            }
            ui.end_row();
            ui.label("Units");
            for side in &sides {
                match side.units {
                    Some(n) => {
                        ui.label(n.to_string());
                    }
                    None => hidden(ui),
                }
            }
            ui.end_row();
        });
}
