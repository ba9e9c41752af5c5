//! Matches told in words: one line per command, for event logs
//! ("Round 3, side 1: Pikeman moves to (2,-1) and captures the Energy
//! objective at (2,-1)"), told to everyone or to one side as it may know
//! it ([`narrate_for`]).

use super::command::Command;
use super::event::{EnergyReason, Event};
use super::fog::sees_cell;
use super::state::round_of_turn;
use super::state::{MatchState, Outcome, Status, UnitId};
use crate::Hex;
use crate::map::Side;
use crate::rules::UnitCommand;
use std::fmt::Write as _;

pub(super) fn at(h: Hex) -> String {
    format!("({},{})", h.x, h.y)
}

pub(super) fn name(s: &MatchState, u: UnitId) -> String {
    s.unit(u).map_or_else(
        || format!("unit {u}"),
        |x| s.roster().kind(x.kind).def.name.clone(),
    )
}

/// Joins clauses as "a", "a and b", "a, b and c".
pub(super) fn join(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// One line in words for `cmd`, played by the side to move in `before`, and
/// the `events` it caused. `after` is the state once they are applied (unit
/// kinds are looked up there, so units that arrived are named too).
#[must_use]
pub fn narrate(before: &MatchState, cmd: &Command, events: &[Event], after: &MatchState) -> String {
    narrate_for(before, cmd, events, after, None)
}

/// The hex a command is about (where it ends or strikes), if any; `before`
/// is the state it is played in.
#[must_use]
pub fn command_hex(before: &MatchState, cmd: &Command) -> Option<Hex> {
    match cmd {
        Command::Unit(u) => unit_command_hex(before, u),
        Command::Spawn { to, .. } => Some(*to),
        Command::EndTurn => None,
    }
}

/// The hex a unit's command is about, in either ruleset: where a move or
/// a summon ends, what an attack strikes, or the acting unit's own hex for
/// Rebound and Healing; `board` is the board it is played on.
#[must_use]
pub fn unit_command_hex(board: &MatchState, cmd: &UnitCommand) -> Option<Hex> {
    match cmd {
        UnitCommand::Move { to, .. } | UnitCommand::Summon { to, .. } => Some(*to),
        UnitCommand::Attack { target, .. } => Some(*target),
        UnitCommand::Rebound { unit } | UnitCommand::Heal { unit, .. } => {
            board.unit(*unit).map(|u| board.arena().hex(u.cell))
        }
    }
}

/// Like [`narrate`], told to `viewer` (`None`: all-seeing) as it may know
/// it: an enemy command whose hex it saw neither before nor after is only
/// "acts out of side N's sight", and when the viewer ends its turn the
/// enemy's turn start is told without its income and bank.
#[must_use]
pub fn narrate_for(
    before: &MatchState,
    cmd: &Command,
    events: &[Event],
    after: &MatchState,
    viewer: Option<Side>,
) -> String {
    let side = before.side();
    if let Some(v) = viewer
        && v != side
        && *cmd != Command::EndTurn
    {
        let seen = command_hex(before, cmd)
            .and_then(|h| after.arena().cell(h))
            .is_some_and(|c| sees_cell(before, v, c) || sees_cell(after, v, c));
        if !seen {
            return format!(
                "Round {}, side {side}: acts out of side {v}'s sight",
                before.round()
            );
        }
    }
    let main = main_clause(before, cmd, events, after);
    let next_turn = events.iter().find_map(|e| match e {
        Event::TurnStarted { side, turn } => Some((round_of_turn(*turn), *side)),
        _ => None,
    });
    // The turn start that follows the viewer's own End turn is the enemy's:
    // its income and bank stay hidden.
    let untold = *cmd == Command::EndTurn && next_turn.is_some() && viewer == Some(side);
    let parts: Vec<String> = if untold {
        Vec::new()
    } else {
        events
            .iter()
            .filter_map(|e| event_clause(e, *cmd == Command::EndTurn, after))
            .collect()
    };
    let mut line = format!("Round {}, side {side}: {main}", before.round());
    if let (Command::EndTurn, Some((round, s))) = (cmd, next_turn) {
        let _ = write!(line, "; round {round}, side {s} begins");
        if !parts.is_empty() {
            line.push_str(": ");
            line.push_str(&join(&parts));
        }
    } else if !parts.is_empty() {
        line.push_str(" and ");
        line.push_str(&join(&parts));
    }
    line
}

/// The clause for the command itself ("Pikeman moves to (2,-1)").
pub(super) fn main_clause(
    before: &MatchState,
    cmd: &Command,
    events: &[Event],
    after: &MatchState,
) -> String {
    if let Some(stop) = events.iter().find_map(|e| stop_text(e, after)) {
        return format!("{}: {stop}", attempt(before, cmd, after));
    }
    match cmd {
        Command::Unit(UnitCommand::Move { unit, to }) => {
            format!("{} moves to {}", name(after, *unit), at(*to))
        }
        Command::Unit(UnitCommand::Rebound { unit }) => {
            format!(
                "{} rebounds to {}",
                name(after, *unit),
                rebound_to(before, *unit)
            )
        }
        Command::Unit(UnitCommand::Attack { unit, target }) => {
            format!("{} attacks {}", name(after, *unit), at(*target))
        }
        Command::Unit(UnitCommand::Heal { unit, targets }) => {
            let names: Vec<String> = targets.iter().map(|t| name(after, *t)).collect();
            format!("{} heals {}", name(after, *unit), join(&names))
        }
        Command::Unit(UnitCommand::Summon { unit, to }) => {
            let kind = events.iter().find_map(|e| match e {
                Event::Summoned { unit: new, .. } => Some(name(after, *new)),
                _ => None,
            });
            format!(
                "{} summons a {} at {}",
                name(after, *unit),
                kind.unwrap_or_default(),
                at(*to)
            )
        }
        Command::Spawn { barracks, kind, to } => {
            format!(
                "the barracks at {} spawns a {kind} at {}",
                at(*barracks),
                at(*to)
            )
        }
        Command::EndTurn => "ends the turn".to_owned(),
    }
}

/// What a side is told of its command that units it could not see stopped
/// ([`Event::Stopped`]): "stopped: an enemy unit stands at (-7,0)"; `None`
/// for every other event. `after` is the state once it is applied.
#[must_use]
pub fn stop_text(e: &Event, after: &MatchState) -> Option<String> {
    let Event::Stopped { at: hex, units, .. } = e else {
        return None;
    };
    let corpses = units
        .iter()
        .filter(|&&u| after.unit(u).is_some_and(|u| u.status == Status::Corpse))
        .count();
    let what = match (units.len(), corpses) {
        (1, 0) => "an enemy unit stands",
        (1, _) => "an enemy corpse lies",
        (_, 0) => "two enemy units stand",
        _ => "enemy units stand",
    };
    Some(format!("stopped: {what} at {}", at(*hex)))
}

/// Where `unit` would rebound to in `before`, as "(q,r)" (empty when it
/// has no move to take back).
fn rebound_to(before: &MatchState, unit: UnitId) -> String {
    before
        .unit(unit)
        .and_then(|u| u.came_from)
        .map_or_else(String::new, |c| at(before.arena().hex(c)))
}

/// The command told as an attempt, for one that was stopped ("Archer
/// tries to move to (-7,0)").
fn attempt(before: &MatchState, cmd: &Command, after: &MatchState) -> String {
    match cmd {
        Command::Unit(UnitCommand::Move { unit, to }) => {
            format!("{} tries to move to {}", name(after, *unit), at(*to))
        }
        Command::Unit(UnitCommand::Rebound { unit }) => {
            format!(
                "{} tries to rebound to {}",
                name(after, *unit),
                rebound_to(before, *unit)
            )
        }
        Command::Unit(UnitCommand::Summon { unit, to }) => {
            format!("{} tries to summon at {}", name(after, *unit), at(*to))
        }
        Command::Spawn { barracks, kind, to } => format!(
            "the barracks at {} tries to spawn a {kind} at {}",
            at(*barracks),
            at(*to)
        ),
        Command::Unit(UnitCommand::Attack { .. } | UnitCommand::Heal { .. }) | Command::EndTurn => {
            main_clause(before, cmd, &[], after)
        }
    }
}

/// The clause for one consequence, if it is worth telling; `passive_heals`
/// tells healing (Monks heal at turn starts; a Heal command's own healing
/// is its main clause).
pub(super) fn event_clause(e: &Event, passive_heals: bool, after: &MatchState) -> Option<String> {
    match e {
        Event::Energy {
            side,
            delta,
            bank,
            reason,
        } => match reason {
            EnergyReason::Income => {
                Some(format!("side {side} gains {delta} Energy ({bank} banked)"))
            }
            EnergyReason::OpeningBonus => Some(format!("side {side} gets its opening bonus")),
            EnergyReason::Kill => Some(format!("side {side} gains {delta} Energy for the kill")),
            EnergyReason::Penalty => Some(format!("side {side} loses {} Energy", -delta)),
            EnergyReason::Spend => None,
        },
        Event::ObjectiveCaptured { objective, side: s } => Some(format!(
            "side {s} captures the Energy objective at {}",
            at(*objective)
        )),
        Event::ObjectiveNeutralised { objective, .. } => Some(format!(
            "neutralises the Energy objective at {}",
            at(*objective)
        )),
        Event::CaptureCancelled { objective } => {
            Some(format!("the capture of {} is cancelled", at(*objective)))
        }
        Event::OutpostControl {
            outpost,
            side: Some(s),
        } => Some(format!("side {s} takes the Outpost at {}", at(*outpost))),
        Event::OutpostControl {
            outpost,
            side: None,
        } => Some(format!("the Outpost at {} is no longer held", at(*outpost))),
        Event::Damaged {
            unit,
            amount,
            health,
        } => Some(format!(
            "{} takes {amount} damage ({health} left)",
            name(after, *unit)
        )),
        Event::Poisoned { unit, poison, .. } => {
            Some(format!("{} is poisoned ({poison})", name(after, *unit)))
        }
        Event::PoisonTicked {
            unit,
            damage,
            health,
            ..
        } => Some(format!(
            "poison deals {damage} damage to {} ({health} left)",
            name(after, *unit)
        )),
        Event::Died {
            unit,
            corpse: Some(_),
            ..
        } => Some(format!("{} falls and leaves a corpse", name(after, *unit))),
        Event::Died {
            unit, corpse: None, ..
        } => Some(format!("{} dies", name(after, *unit))),
        Event::CorpseDestroyed { unit } => {
            Some(format!("{}'s corpse is destroyed", name(after, *unit)))
        }
        Event::Revived { unit, .. } => Some(format!("{} rises again", name(after, *unit))),
        Event::Healed {
            unit, amount, by, ..
        } if passive_heals => Some(format!(
            "{} heals {} for {amount}",
            name(after, *by),
            name(after, *unit)
        )),
        Event::BaseDamaged {
            base,
            amount,
            health,
        } => {
            let owner = after
                .arena()
                .cell(*base)
                .and_then(|c| after.arena().base_of(c));
            let owner = owner.map_or_else(String::new, |o| format!("side {o}'s "));
            Some(format!(
                "{owner}base at {} takes {amount} damage ({health} left)",
                at(*base)
            ))
        }
        Event::Penalty {
            side: s, penalty, ..
        } => Some(format!("side {s}'s commander falls: {penalty}")),
        Event::MatchEnded {
            outcome: Outcome::Won(w),
        } => Some(format!("side {w} wins the match")),
        Event::MatchEnded {
            outcome: Outcome::Draw,
        } => Some("the round limit is reached: the match is a draw".to_owned()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotKind;
    use crate::format;
    use crate::rules::scenario::Scenario;
    use crate::rules::{Roster, execute};
    use crate::sim::{self, PlayOptions};
    use std::path::Path;

    #[test]
    fn every_command_of_a_match_is_told_in_one_line() {
        // e.g. "Round 1, side 0: Pikeman moves to (3,-4)".
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        let map = format::load_map(&maps.join("broken-crown.ron")).unwrap();
        let p = Scenario::for_map(map, 4, 60)
            .prepare(&maps, &Roster::bundled(), "t")
            .unwrap();
        let r = sim::play(
            &p,
            4,
            [BotKind::Greedy, BotKind::Random],
            PlayOptions { record: true },
        );
        let (mut s, _) = p.new_match_with_seed(4);
        let mut lines = Vec::new();
        for cmd in &r.commands {
            let before = s.clone();
            let mut events = Vec::new();
            execute(&mut s, cmd, &mut events).unwrap();
            let line = narrate(&before, cmd, &events, &s);
            assert!(!line.contains('\n'), "{line}");
            lines.push(line);
        }
        assert_eq!(lines.len(), r.commands.len());
        assert!(lines[0].starts_with("Round 1, side 0: "), "{}", lines[0]);
        assert!(
            lines
                .iter()
                .any(|l| l.contains("captures the Energy objective"))
        );
        assert!(
            lines
                .iter()
                .any(|l| l.contains("; round 2, side 0 begins: side 0 gains"))
        );
        let last = lines.last().unwrap();
        assert!(last.ends_with("side 0 wins the match"), "{last}");
    }

    #[test]
    fn a_side_is_told_what_it_may_know() {
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        let map = format::load_map(&maps.join("broken-crown.ron")).unwrap();
        let p = Scenario::for_map(map, 4, 60)
            .prepare(&maps, &Roster::bundled(), "t")
            .unwrap();
        let bots = [BotKind::Greedy, BotKind::Greedy];
        let r = sim::play(&p, 4, bots, PlayOptions { record: true });
        let (mut s, _) = p.new_match_with_seed(4);
        let (mut hidden, mut cut) = (0, 0);
        for cmd in &r.commands {
            let before = s.clone();
            let mut events = Vec::new();
            execute(&mut s, cmd, &mut events).unwrap();
            let all = narrate(&before, cmd, &events, &s);
            assert_eq!(narrate_for(&before, cmd, &events, &s, None), all);
            let mover = before.side();
            let own = narrate_for(&before, cmd, &events, &s, Some(mover));
            let other = narrate_for(&before, cmd, &events, &s, Some(mover.next(2)));
            if *cmd == Command::EndTurn {
                // The enemy's turn start is told to the side that ended its
                // turn without the enemy's income.
                assert_eq!(other, all, "the side whose turn starts hears it all");
                if let Some(i) = all.find(" begins") {
                    assert_eq!(own, all[..i + " begins".len()]);
                    cut += usize::from(own.len() < all.len());
                }
                continue;
            }
            assert_eq!(own, all, "a side's own commands are told in full");
            let seen = command_hex(&before, cmd)
                .and_then(|h| s.arena().cell(h))
                .is_some_and(|c| {
                    sees_cell(&before, mover.next(2), c) || sees_cell(&s, mover.next(2), c)
                });
            if seen {
                assert_eq!(other, all);
            } else {
                assert_eq!(
                    other,
                    format!(
                        "Round {}, side {mover}: acts out of side {}'s sight",
                        before.round(),
                        mover.next(2)
                    )
                );
                hidden += 1;
            }
        }
        assert!(hidden > 0, "some commands were out of the enemy's sight");
        assert!(cut > 0, "some turn starts were told without the income");
    }

    #[test]
    fn a_move_that_captures_is_one_sentence() {
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        let map = format::load_map(&maps.join("twin-fords.ron")).unwrap();
        let p = Scenario::for_map(map, 1, 60)
            .prepare(&maps, &Roster::bundled(), "t")
            .unwrap();
        let r = sim::play(
            &p,
            1,
            [BotKind::Greedy, BotKind::Greedy],
            PlayOptions { record: true },
        );
        let (mut s, _) = p.new_match_with_seed(1);
        let mut told = None;
        for cmd in &r.commands {
            let before = s.clone();
            let mut events = Vec::new();
            execute(&mut s, cmd, &mut events).unwrap();
            let captures = events
                .iter()
                .any(|e| matches!(e, Event::ObjectiveCaptured { .. }));
            if let (Command::Unit(UnitCommand::Move { unit, to }), true) = (cmd, captures) {
                let kind = s
                    .roster()
                    .kind(s.units()[usize::from(*unit)].kind)
                    .def
                    .name
                    .clone();
                let expected = format!(
                    "Round {}, side {}: {kind} moves to ({q},{r}) and side {} captures the Energy objective at ({q},{r})",
                    before.round(),
                    before.side(),
                    before.side(),
                    q = to.x,
                    r = to.y
                );
                told = Some((narrate(&before, cmd, &events, &s), expected));
                break;
            }
        }
        let (line, expected) = told.expect("greedy bots capture an objective by moving onto it");
        assert_eq!(line, expected);
    }
}
