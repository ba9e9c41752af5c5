//! phase-rules-v1 at a glance: the turn strip — the four phases, each
//! player's speed card per phase as far as the viewer knows it, tie
//! reveals and how each tie was broken (by card or by the token), the
//! order of play, the token holder and the current phase and slot — then
//! points, bases, objectives, eliminated players and the unit acting with
//! its actions left. In a player's view the others' unflipped cards and
//! hands are hidden, as the engine's [`PhaseView`] hides them.

use crate::canvas::theme;
use crate::sandbox::action::SandboxAction;
use crate::sandbox::play::status::{header_ui, seats_ui};
use crate::sandbox::play::timeline::Timeline;
use egui::{Grid, RichText, Ui};
use hexwright_engine::map::Side;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::Class;
use hexwright_engine::rules::phase::{PHASES, PhaseMatch, PhaseView, Stage};
use hexwright_engine::rules::query::side_summary;
use hexwright_engine::ruleset::PhaseRulesV1;

/// A phase's column title.
#[must_use]
pub fn phase_title(class: Class) -> &'static str {
    match class {
        Class::Commander => "Commanders",
        Class::Elite => "Elites",
        Class::Soldier => "Soldiers",
        Class::Summon => "Summons",
    }
}

/// What a player's card for phase `i` shows: the card as far as the state
/// knows it, with its tie reveal in brackets ("7 (5)", "7 (none)": four
/// columns of them fit a narrow panel), `?` face down, `–` not placed yet.
/// [`card_hint`] says it in words.
#[must_use]
pub fn card_text(s: &PhaseMatch, p: PlayerId, i: usize) -> String {
    let seat = &s.seats()[p];
    let card = match seat.speeds[i] {
        Some(c) => c.to_string(),
        None if seat.placed => "?".to_owned(),
        None => "–".to_owned(),
    };
    match seat.reveals[i] {
        Some(0) => format!("{card} (none)"),
        Some(r) => format!("{card} ({r})"),
        None => card,
    }
}

/// [`card_text`] in words, for its tooltip.
#[must_use]
pub fn card_hint(s: &PhaseMatch, p: PlayerId, i: usize) -> String {
    let seat = &s.seats()[p];
    let card = match seat.speeds[i] {
        Some(c) => format!("Flipped {c}"),
        None if seat.placed => "Placed face down".to_owned(),
        None => "Not placed yet".to_owned(),
    };
    match seat.reveals[i] {
        Some(0) => format!("{card}; tied, with no card left to reveal"),
        Some(r) => format!("{card}; tied, and revealed {r} to break the tie"),
        None => card,
    }
}

/// How phase `i`'s order was decided: by speed alone, by a revealed card,
/// or by the token (tied players still equal after revealing).
#[must_use]
pub fn order_text(s: &PhaseMatch, i: usize) -> Option<String> {
    let order = s.order(i);
    if order.is_empty() {
        return None;
    }
    let key = |p: PlayerId| {
        let seat = &s.seats()[p];
        (seat.speeds[i], seat.reveals[i])
    };
    let names: Vec<String> = order.iter().map(|p| format!("side {p}")).collect();
    let by_token = order.windows(2).any(|w| key(w[0]) == key(w[1]));
    let by_card = order.iter().any(|&p| s.seats()[p].reveals[i].is_some());
    let how = if by_token {
        " (tie broken by the token)"
    } else if by_card {
        " (tie broken by cards)"
    } else {
        ""
    };
    Some(format!("{}{how}", names.join(" › ")))
}

/// The current phase's ties, each group of tied players with the speed
/// card they share: "tie between side 0 and side 1 (speed 3); tie between
/// side 2 and side 3 (speed 5)", not one list of every tied player.
fn ties_text(s: &PhaseMatch) -> String {
    let i = s.phase_index();
    let mut groups: Vec<(Option<u8>, Vec<PlayerId>)> = Vec::new();
    for &p in s.tied() {
        let speed = s.seats()[p].speeds.get(i).copied().flatten();
        match groups.iter_mut().find(|(v, _)| *v == speed) {
            Some((_, g)) => g.push(p),
            None => groups.push((speed, vec![p])),
        }
    }
    groups
        .iter()
        .map(|(speed, g)| {
            let names: Vec<String> = g.iter().map(|p| format!("side {p}")).collect();
            let names = match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => names.join(""),
            };
            let card = speed.map_or_else(String::new, |v| format!(" (speed {v})"));
            format!("tie between {names}{card}")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The line saying what the turn waits for.
#[must_use]
pub fn stage_text(s: &PhaseMatch) -> String {
    let phase = phase_title(s.phase()).to_lowercase();
    match s.stage() {
        Stage::Placing => {
            let next = PlayerId::all(s.players()).find(|&p| s.in_play(p) && !s.seats()[p].placed);
            next.map_or_else(
                || "cards are placed".to_owned(),
                |p| format!("side {p} places its cards"),
            )
        }
        Stage::Revealing => {
            let next = s.to_reveal().first().map(|p| format!(": side {p} reveals"));
            format!("{phase}: {}{}", ties_text(s), next.unwrap_or_default())
        }
        Stage::Acting => match s.slot_player() {
            Some(p) => format!("{phase}: side {p}'s slot"),
            None => format!("{phase}: nobody plays"),
        },
    }
}

/// Shows the strip of the match at the cursor; `viewer` is the player whose
/// view is drawn (`None`: all-seeing).
pub fn show_ui(
    ui: &mut Ui,
    t: &Timeline<PhaseRulesV1>,
    viewer: Option<Side>,
) -> Vec<SandboxAction> {
    let mut actions = Vec::new();
    let view = viewer.map(|v| PhaseView::new(t.state(), v).state);
    let s = view.as_ref().unwrap_or(t.state());
    let b = s.board();
    header_ui(
        ui,
        b,
        s.round(),
        format!(
            "Round {} of {} · {}",
            s.round(),
            b.rules().round_limit,
            stage_text(s)
        ),
    );
    ui.label(format!("Seed {} · token: side {}", t.seed(), s.token()));
    actions.extend(seats_ui(ui, t.seats()));
    ui.add_space(4.0);
    cards_grid_ui(ui, s, viewer);
    // A line per phase and one for the acting unit, there whether or not
    // they have anything to say yet, so nothing below moves as the turn
    // goes on.
    for (i, class) in PHASES.iter().enumerate() {
        let line = match order_text(s, i) {
            Some(order) => RichText::new(format!("{}: {order}", phase_title(*class))),
            None => RichText::new(format!("{}: order not known yet", phase_title(*class))).weak(),
        };
        ui.add(egui::Label::new(line).truncate());
    }
    let acting = s.active().and_then(|id| b.unit(id).map(|u| (id, u)));
    let line = match acting {
        Some((id, u)) => RichText::new(format!(
            "Acting: {} of side {} · {} action(s) left",
            b.roster().kind(u.kind).def.name,
            u.side,
            s.unit_turn(id).left
        ))
        .strong(),
        None => RichText::new("Acting: no unit").weak(),
    };
    ui.add(egui::Label::new(line).truncate());
    ui.add_space(4.0);
    players_grid_ui(ui, s, viewer);
    actions
}

/// A column per player (narrow, so four fit the panel), a row per phase
/// with each player's card, then each player's hand on a row of its own.
fn cards_grid_ui(ui: &mut Ui, s: &PhaseMatch, viewer: Option<Side>) {
    Grid::new("phase_strip")
        .num_columns(s.players() + 1)
        .spacing([6.0, 3.0])
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            for p in PlayerId::all(s.players()) {
                side_header_ui(ui, s, p);
            }
            ui.end_row();
            for (i, class) in PHASES.iter().enumerate() {
                let mut title = RichText::new(phase_title(*class));
                if i == s.phase_index() && s.board().outcome().is_none() {
                    title = title.strong().underline();
                }
                ui.label(title);
                for p in PlayerId::all(s.players()) {
                    ui.label(card_text(s, p, i))
                        .on_hover_text(card_hint(s, p, i));
                }
                ui.end_row();
            }
        });
    ui.label(RichText::new("Hand").strong());
    Grid::new("phase_hands")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for p in PlayerId::all(s.players()) {
                side_header_ui(ui, s, p);
                if viewer.is_none_or(|v| v == p) {
                    let hand: Vec<String> =
                        s.seats()[p].hand.iter().map(|c| c.to_string()).collect();
                    ui.label(hand.join(" "));
                } else {
                    ui.label("?").on_hover_text("Hidden in this player's view");
                }
                ui.end_row();
            }
        });
}

/// "Side n" in the side's colour (underlined for the token holder, which
/// the line above the grids names too).
fn side_header_ui(ui: &mut Ui, s: &PhaseMatch, p: PlayerId) {
    let token = p == s.token();
    let mut name = RichText::new(format!("Side {p}"));
    if token {
        name = name.underline();
    }
    ui.label(name.color(theme::side_text_color(p, ui.visuals())).strong())
        .on_hover_text(if token {
            "Holds the tiebreaker token"
        } else {
            ""
        });
}

/// A column per player, a row per measure: points, bases, objectives,
/// Outposts, units, and whether it is out.
fn players_grid_ui(ui: &mut Ui, s: &PhaseMatch, viewer: Option<Side>) {
    let b = s.board();
    let sides: Vec<_> = PlayerId::all(s.players())
        .map(|p| (p, side_summary(b, p, viewer)))
        .collect();
    Grid::new("phase_players")
        .num_columns(s.players() + 1)
        .spacing([6.0, 3.0])
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            for (p, _) in &sides {
                side_header_ui(ui, s, *p);
            }
            ui.end_row();
            ui.label(RichText::new("Points").strong());
            for (p, _) in &sides {
                ui.label(s.points()[*p].to_string());
            }
            ui.end_row();
            ui.label(RichText::new("Bases").strong());
            for (_, side) in &sides {
                let h: Vec<String> = side.base_health.iter().map(ToString::to_string).collect();
                ui.label(h.join(", "));
            }
            ui.end_row();
            ui.label(RichText::new("Objectives").strong());
            for (_, side) in &sides {
                ui.label(side.objectives.to_string());
            }
            ui.end_row();
            ui.label(RichText::new("Outposts").strong());
            for (_, side) in &sides {
                ui.label(side.outposts.to_string());
            }
            ui.end_row();
            ui.label(RichText::new("Units").strong());
            for (p, side) in &sides {
                if s.eliminated()[*p] {
                    ui.label(RichText::new("out").color(theme::ERROR))
                        .on_hover_text("Eliminated");
                } else if let Some(n) = side.units {
                    ui.label(n.to_string());
                } else {
                    ui.label("?");
                }
            }
            ui.end_row();
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexwright_engine::bots::BotKind;

    /// Random bots on Four Corners until a phase has two separate ties (two
    /// pairs on different speed cards): the line names each pair with its
    /// card, not the four sides as one tie.
    #[test]
    fn two_separate_ties_are_told_apart() {
        for seed in 1..200 {
            let p = crate::sandbox::batch::panel::tests::four_corners(20);
            let mut t = Timeline::<PhaseRulesV1>::new(p, seed, [Some(BotKind::Random); 4]);
            for _ in 0..3_000 {
                let s = t.state();
                if s.stage() == Stage::Revealing {
                    let i = s.phase_index();
                    let mut speeds: Vec<_> =
                        s.tied().iter().map(|&p| s.seats()[p].speeds[i]).collect();
                    speeds.sort_unstable();
                    speeds.dedup();
                    if speeds.len() == 2 {
                        let text = stage_text(s);
                        assert_eq!(text.matches("tie between").count(), 2, "{text}");
                        assert!(text.contains(" and "), "{text}");
                        return;
                    }
                }
                if t.advance() != crate::sandbox::play::timeline::Advance::Played {
                    break;
                }
            }
        }
        panic!("no phase with two separate ties in 200 matches");
    }
}
