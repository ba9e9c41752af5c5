//! phase-rules-v1 told in words: one line per command ("Turn 3, elites,
//! Mirefolk: places its cards face down; elites: Mirefolk flips 7,
//! Dawnguard flips 7; tie: Mirefolk reveals 5, Dawnguard reveals 2;
//! Mirefolk moves first"), for everyone or for one player as it may know
//! it. Board events are told as in every ruleset.

use super::command::PhaseCommand;
use super::event::PhaseEvent;
use super::state::PhaseMatch;
use super::{PHASES, Stage};
use crate::player::PlayerId;
use crate::rules::UnitCommand;
use crate::rules::command::Command;
use crate::rules::event::Event;
use crate::rules::fog::sees_cell;
use crate::rules::narrate::{event_clause, join, main_clause, name};
use crate::rules::roster::Class;
use crate::rules::state::Outcome;
use std::fmt::Write as _;

/// How a player is called: its army's race, with its seat when another
/// player plays the same race.
#[must_use]
pub fn player_name(pm: &PhaseMatch, p: PlayerId) -> String {
    let b = pm.board();
    let race = |q: PlayerId| b.race().get(q).copied().unwrap_or(0);
    let word = b
        .roster()
        .races
        .get(usize::from(race(p)))
        .cloned()
        .unwrap_or_else(|| format!("side {p}"));
    let shared = p.others(pm.players()).any(|q| race(q) == race(p));
    if shared {
        format!("{word} (side {p})")
    } else {
        word
    }
}

fn plural(class: Class) -> String {
    format!("{}s", class.name())
}

/// The board command a unit command is, for the shared words.
fn board_command(cmd: &PhaseCommand) -> Option<Command> {
    match cmd {
        PhaseCommand::Unit(u) => Some(Command::Unit(u.clone())),
        PhaseCommand::PlaceCards { .. }
        | PhaseCommand::Reveal { .. }
        | PhaseCommand::EndUnit
        | PhaseCommand::EndSlot => None,
    }
}

/// The player who played `cmd` in `before`.
fn actor(before: &PhaseMatch) -> PlayerId {
    super::logic::to_move(before).unwrap_or_default()
}

/// `cmd` and its `events` in one line, told to `viewer` (`None`:
/// all-seeing) as that player may know them: cards are told once flipped
/// (a player hears its own at once), a reveal once every tied player has
/// revealed, and another player's unit action whose hex the viewer saw
/// neither before nor after only as "acts out of sight".
#[must_use]
pub fn narrate_for(
    before: &PhaseMatch,
    cmd: &PhaseCommand,
    events: &[PhaseEvent],
    after: &PhaseMatch,
    viewer: Option<PlayerId>,
) -> String {
    let who = actor(before);
    let knows = |p: PlayerId| viewer.is_none_or(|v| v == p);
    // "Round", as the round limit and every count of the sandbox say (in
    // this ruleset a round is one turn of the table).
    let mut line = format!("Round {}", before.round());
    if before.stage() != Stage::Placing {
        let _ = write!(line, ", {}", plural(before.phase()));
    }
    let _ = write!(line, ", {}: ", player_name(before, who));
    let board_events: Vec<Event> = events
        .iter()
        .filter_map(|e| match e {
            PhaseEvent::Board(b) => Some(b.clone()),
            _ => None,
        })
        .collect();
    let main = match cmd {
        PhaseCommand::PlaceCards { player, cards } if knows(*player) => {
            let shown: Vec<String> = PHASES
                .iter()
                .zip(cards)
                .map(|(c, n)| format!("{n} for {}", plural(*c)))
                .collect();
            format!("places {}", join(&shown))
        }
        PhaseCommand::PlaceCards { .. } => "places its cards face down".to_owned(),
        PhaseCommand::Reveal { player, card }
            if knows(*player)
                || events
                    .iter()
                    .any(|e| matches!(e, PhaseEvent::Ordered { .. })) =>
        {
            format!("reveals {card}")
        }
        PhaseCommand::Reveal { .. } => "reveals a card".to_owned(),
        PhaseCommand::EndUnit => before.active().map_or_else(String::new, |u| {
            format!("{} ends its turn", name(after.board(), u))
        }),
        PhaseCommand::EndSlot => "ends its slot".to_owned(),
        PhaseCommand::Unit(_) => {
            let Some(c) = board_command(cmd) else {
                return line;
            };
            if let Some(v) = viewer
                && v != who
            {
                let seen = crate::rules::narrate::command_hex(before.board(), &c)
                    .and_then(|h| after.board().arena().cell(h))
                    .is_some_and(|cell| {
                        sees_cell(before.board(), v, cell) || sees_cell(after.board(), v, cell)
                    });
                if !seen {
                    line.push_str("acts out of sight");
                    return line;
                }
            }
            main_clause(before.board(), &c, &board_events, after.board())
        }
    };
    line.push_str(&main);
    let told = Told {
        after,
        viewer,
        events,
        actor: who,
        passive_heals: !matches!(cmd, PhaseCommand::Unit(UnitCommand::Heal { .. })),
    };
    let parts: Vec<String> = events.iter().filter_map(|e| told.clause(e)).collect();
    if !parts.is_empty() {
        line.push_str("; ");
        line.push_str(&parts.join("; "));
    }
    line
}

/// What the clauses of one command's events are told from.
struct Told<'a> {
    after: &'a PhaseMatch,
    viewer: Option<PlayerId>,
    events: &'a [PhaseEvent],
    /// Who played the command (its own reveal is the main clause).
    actor: PlayerId,
    passive_heals: bool,
}

impl Told<'_> {
    /// Whether the viewer knows `p`'s secrets.
    fn knows(&self, p: PlayerId) -> bool {
        self.viewer.is_none_or(|v| v == p)
    }

    /// Whether the tie of `phase` is resolved within these events.
    fn resolved(&self, phase: Class) -> bool {
        self.events
            .iter()
            .any(|e| matches!(e, PhaseEvent::Ordered { phase: p, .. } if *p == phase))
    }

    /// The clause for one event, if it is worth telling. Reveals are told
    /// with the order they lead to, when every tied player has revealed.
    fn clause(&self, e: &PhaseEvent) -> Option<String> {
        let after = self.after;
        let named = |p: &PlayerId| player_name(after, *p);
        match e {
            PhaseEvent::Board(Event::MatchEnded { outcome }) => Some(match outcome {
                Outcome::Won(w) => format!("{} wins the match", named(w)),
                Outcome::Draw => "the match is a draw".to_owned(),
            }),
            PhaseEvent::Board(b) => event_clause(b, self.passive_heals, after.board()),
            PhaseEvent::TurnBegan { turn, token } => Some(format!(
                "round {} begins, {} holds the token",
                turn + 1,
                named(token)
            )),
            PhaseEvent::Flipped { phase, cards } => {
                let flips: Vec<String> = cards
                    .iter()
                    .map(|(p, c)| format!("{} flips {c}", named(p)))
                    .collect();
                Some(format!("{}: {}", plural(*phase), join(&flips)))
            }
            PhaseEvent::TieCalled { tied, .. } => {
                let names: Vec<String> = tied.iter().map(named).collect();
                Some(format!("tie between {}", join(&names)))
            }
            PhaseEvent::Revealed { .. } if self.resolved(after.phase()) => None,
            PhaseEvent::Revealed { player, card } => match card {
                None => Some(format!("{} has no card left (0)", named(player))),
                Some(_) if *player == self.actor => None,
                Some(c) if self.knows(*player) => Some(format!("{} reveals {c}", named(player))),
                Some(_) => Some(format!("{} reveals a card", named(player))),
            },
            PhaseEvent::Ordered { phase, order } => {
                let i = usize::from(super::phase_index(*phase));
                let reveals: Vec<String> = order
                    .iter()
                    .filter_map(|p| match after.seats()[*p].reveals[i]? {
                        0 => Some(format!("{} has no card left", named(p))),
                        c => Some(format!("{} reveals {c}", named(p))),
                    })
                    .collect();
                let mut clause = String::new();
                if !reveals.is_empty() {
                    let _ = write!(clause, "tie: {}; ", reveals.join(", "));
                }
                clause.push_str(&order_clause(after, *phase, order));
                Some(clause)
            }
            PhaseEvent::Scored {
                player,
                gained,
                total,
            } if *gained > 0 => Some(format!(
                "{} scores {gained} {} ({total} in all)",
                named(player),
                if *gained == 1 { "point" } else { "points" }
            )),
            PhaseEvent::Faltered { player } => Some(format!(
                "{} falters: its units have one action fewer next turn",
                named(player)
            )),
            PhaseEvent::Eliminated { player } => Some(format!(
                "{} is eliminated: its last base has fallen",
                named(player)
            )),
            _ => None,
        }
    }
}

/// "Mirefolk moves first", "order: A, B, C", with the token's say when a
/// tie outlasted the reveals.
fn order_clause(after: &PhaseMatch, phase: Class, order: &[PlayerId]) -> String {
    let i = usize::from(super::phase_index(phase));
    let names: Vec<String> = order.iter().map(|p| player_name(after, *p)).collect();
    let mut clause = match names.as_slice() {
        [] => format!("nobody plays the {}", plural(phase)),
        [one] => format!("only {one} plays"),
        [first, _] => format!("{first} moves first"),
        _ => format!("order: {}", names.join(", ")),
    };
    let key = |p: PlayerId| {
        let s = &after.seats()[p];
        (s.speeds[i], s.reveals[i])
    };
    let by_token: Vec<String> = order
        .windows(2)
        .filter(|w| key(w[0]) == key(w[1]))
        .map(|w| player_name(after, w[0]))
        .collect();
    if !by_token.is_empty() {
        let _ = write!(
            clause,
            " (tied again: the token, held by {}, puts {} ahead)",
            player_name(after, after.token()),
            join(&by_token)
        );
    }
    clause
}
