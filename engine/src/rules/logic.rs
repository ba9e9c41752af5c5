//! akw-rules-v1's commands: `check` (is a command legal, and if not why),
//! `execute` (a legal command becomes events, each applied as it is
//! produced, through the shared [`super::mechanics`] and akw's own
//! [`super::akw`]) and `legal` (every legal command of the side to move).

use super::akw::Akw;
use super::arena::{NO_CELL, Scratch};
use super::checks::{
    attack_targets, cell, check_attack, check_heal_targets, check_move_to, check_rebound,
    check_summon_at, heal_choices, healing_of, summon_cells, summon_of,
};
use super::command::{Command, RuleError};
use super::event::{EnergyReason, Event, Spent};
use super::mechanics::reachable;
use super::mechanics::{Exec, Units, arrival_stop, can_end, move_stop};
use super::roster::{Class, KindId};
use super::state::{MatchState, NO_UNIT, Outcome, Unit, UnitId};
use crate::Hex;
use crate::player::{PerPlayer, PlayerId};
use crate::rules::UnitCommand;

fn own_unit(s: &MatchState, id: UnitId) -> Result<&Unit, RuleError> {
    if s.outcome().is_some() {
        return Err(RuleError::MatchOver);
    }
    let u = s.unit(id).ok_or(RuleError::NoSuchUnit(id))?;
    if u.side != s.side() {
        return Err(RuleError::NotYourUnit {
            unit: id,
            owner: u.side,
            turn: s.side(),
        });
    }
    if !u.alive() {
        return Err(RuleError::NotAlive(id));
    }
    if u.arrived {
        return Err(RuleError::JustArrived(id));
    }
    Ok(u)
}

fn pay(s: &MatchState, need: u8) -> Result<(), RuleError> {
    let have = s.energy()[s.side()];
    if have < need {
        return Err(RuleError::NotEnoughEnergy {
            side: s.side(),
            need,
            have,
        });
    }
    Ok(())
}

/// Checks a command against the rules.
///
/// # Errors
/// The first rule the command breaks.
pub fn check(s: &MatchState, cmd: &Command) -> Result<(), RuleError> {
    check_with(s, cmd, &mut Scratch::default())
}

/// [`check`] with reusable search buffers.
#[allow(clippy::too_many_lines)] // one arm per command, each a list of rule checks
pub fn check_with(s: &MatchState, cmd: &Command, scratch: &mut Scratch) -> Result<(), RuleError> {
    if s.outcome().is_some() {
        return Err(RuleError::MatchOver);
    }
    match cmd {
        Command::EndTurn => Ok(()),
        Command::Unit(UnitCommand::Move { unit, to }) => {
            let u = own_unit(s, *unit)?;
            if u.moved {
                return Err(RuleError::AlreadyMoved(*unit));
            }
            pay(s, 1)?;
            let movement = s.roster().kind(u.kind).def.movement;
            check_move_to(s, u, *to, movement, scratch).map(|_| ())
        }
        Command::Unit(UnitCommand::Rebound { unit }) => {
            check_rebound(s, own_unit(s, *unit)?).map(|_| ())
        }
        Command::Unit(UnitCommand::Attack { unit, target }) => {
            let u = own_unit(s, *unit)?;
            let kind = s.roster().kind(u.kind);
            if u.actions >= kind.actions {
                return Err(RuleError::NoActionLeft {
                    unit: *unit,
                    actions: kind.actions,
                });
            }
            pay(s, 1)?;
            check_attack(s, u, *target, scratch).map(|_| ())
        }
        Command::Unit(UnitCommand::Heal { unit, targets }) => {
            let u = own_unit(s, *unit)?;
            let (_, max) = healing_of(s, u)?;
            if u.ability_used {
                return Err(RuleError::AbilityUsed(*unit));
            }
            pay(s, 1)?;
            check_heal_targets(s, u, targets, max)
        }
        Command::Unit(UnitCommand::Summon { unit, to }) => {
            let u = own_unit(s, *unit)?;
            let summon = summon_of(s, u)?;
            if u.ability_used {
                return Err(RuleError::AbilityUsed(*unit));
            }
            pay(s, 1)?;
            check_summon_at(s, u, summon, *to)
        }
        Command::Spawn { barracks, kind, to } => {
            let b = cell(s, *barracks)?;
            let Some(bi) = s
                .arena()
                .barracks
                .iter()
                .position(|x| x.0 == b && x.1 == s.side())
            else {
                return Err(RuleError::NotYourBarracks {
                    hex: *barracks,
                    side: s.side(),
                });
            };
            if s.spawned()[bi] {
                return Err(RuleError::BarracksUsed(*barracks));
            }
            let k = s
                .roster()
                .kind_by_name(kind)
                .ok_or_else(|| RuleError::UnknownKind(kind.to_string()))?;
            let kd = s.roster().kind(k);
            if !kd.def.class.spawnable() {
                return Err(RuleError::NotSpawnable {
                    kind: kind.to_string(),
                    reason: "barracks spawn only soldiers and elites",
                });
            }
            if kd.race != s.race()[s.side()] {
                return Err(RuleError::NotSpawnable {
                    kind: kind.to_string(),
                    reason: "it is not of the side's race",
                });
            }
            pay(s, kd.def.cost.unwrap_or(0))?;
            let dest = cell(s, *to)?;
            if s.arena().distance(dest, b) > 1 {
                return Err(RuleError::NotAdjacent {
                    hex: *to,
                    what: "the barracks",
                });
            }
            can_end(s, k, dest, NO_UNIT, Units::KnownTo(s.side()))
                .map_err(|reason| RuleError::Blocked { hex: *to, reason })
        }
    }
}

/// Executes a command: checks it, then appends its events to `out`,
/// applying each to the state as it is produced.
///
/// # Errors
/// The rule the command breaks; the state is then unchanged.
pub fn execute(s: &mut MatchState, cmd: &Command, out: &mut Vec<Event>) -> Result<(), RuleError> {
    // Check-then-execute is written once, in the ruleset trait.
    <crate::ruleset::AkwRulesV1 as crate::ruleset::Ruleset>::execute(s, cmd, out)
}

/// Executes a command that [`check`] accepted.
#[allow(clippy::too_many_lines)] // one arm per command
pub fn execute_unchecked(s: &mut MatchState, cmd: &Command, out: &mut Vec<Event>) {
    let mut x = Exec::<Akw>::new(s, out);
    match cmd {
        Command::EndTurn => {
            let side = x.s.side();
            x.emit(Event::TurnEnded { side });
            let last_in_round = side.index() + 1 == x.s.players();
            if last_in_round && x.s.round() >= x.s.rules().round_limit {
                x.emit(Event::MatchEnded {
                    outcome: Outcome::Draw,
                });
            } else {
                let turn = x.s.turn() + 1;
                let next = x.s.next_player(side);
                x.start_turn(next, turn);
            }
        }
        Command::Unit(UnitCommand::Move { unit, to }) => {
            let u = &x.s.units()[usize::from(*unit)];
            let from = u.cell;
            let dest = x.s.arena().cell(*to).expect("checked");
            let movement = x.s.roster().kind(u.kind).def.movement;
            if let Some(at) = move_stop(x.s, u, dest, movement) {
                x.stopped(u.side, Spent::Move { unit: *unit }, at);
                return;
            }
            x.energy(x.s.side(), -1, EnergyReason::Spend);
            let moved = Event::Moved {
                unit: *unit,
                from: x.hex(from),
                to: *to,
            };
            x.relocate(*unit, from, dest, moved);
        }
        Command::Unit(UnitCommand::Rebound { unit }) => {
            let u = &x.s.units()[usize::from(*unit)];
            let (from, back) = (u.cell, u.came_from.expect("checked"));
            if let Some(at) = arrival_stop(x.s, u.kind, back, u.id) {
                x.stopped(u.side, Spent::Rebound { unit: *unit }, at);
                return;
            }
            let rebounded = Event::Rebounded {
                unit: *unit,
                from: x.hex(from),
                to: x.hex(back),
            };
            x.relocate(*unit, from, back, rebounded);
        }
        Command::Unit(UnitCommand::Attack { unit, target }) => {
            let t = x.s.arena().cell(*target).expect("checked");
            let side = x.s.units()[usize::from(*unit)].side;
            x.energy(side, -1, EnergyReason::Spend);
            x.attack(*unit, t);
        }
        Command::Unit(UnitCommand::Heal { unit, targets }) => {
            let (amount, _) =
                x.s.roster()
                    .kind(x.s.units()[usize::from(*unit)].kind)
                    .healing
                    .expect("checked");
            x.energy(x.s.side(), -1, EnergyReason::Spend);
            x.emit(Event::AbilityUsed { unit: *unit });
            for t in targets {
                x.heal(*t, amount, *unit);
            }
        }
        Command::Unit(UnitCommand::Summon { unit, to }) => {
            let (_, kind) =
                x.s.roster()
                    .kind(x.s.units()[usize::from(*unit)].kind)
                    .summon
                    .expect("checked");
            let side = x.s.side();
            let dest = x.s.arena().cell(*to).expect("checked");
            if let Some(at) = arrival_stop(x.s, kind, dest, NO_UNIT) {
                x.stopped(side, Spent::Summon { unit: *unit }, at);
                return;
            }
            x.energy(side, -1, EnergyReason::Spend);
            x.arrive(*to, |id| Event::Summoned {
                unit: id,
                kind,
                side,
                hex: *to,
                by: *unit,
            });
        }
        Command::Spawn { barracks, kind, to } => {
            let k = x.s.roster().kind_by_name(kind).expect("checked");
            let cost = x.s.roster().kind(k).def.cost.unwrap_or(0);
            let side = x.s.side();
            let dest = x.s.arena().cell(*to).expect("checked");
            if let Some(at) = arrival_stop(x.s, k, dest, NO_UNIT) {
                let spent = Spent::Spawn {
                    barracks: *barracks,
                };
                x.stopped(side, spent, at);
                return;
            }
            x.energy(side, -i16::from(cost), EnergyReason::Spend);
            x.emit(Event::BarracksUsed {
                barracks: *barracks,
            });
            x.arrive(*to, |id| Event::Spawned {
                unit: id,
                kind: k,
                side,
                hex: *to,
                barracks: *barracks,
            });
        }
    }
}

/// A side's starting army, ready to deploy.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deployment {
    /// Race index.
    pub race: u16,
    /// Units and their hexes.
    pub units: Vec<(KindId, Hex)>,
    /// Summons for the reserve pool.
    pub reserve: Vec<KindId>,
}

/// Deploys both armies and starts side 0's first turn, appending the
/// events to `out`. Deployments must already be checked (see
/// [`super::scenario`]).
pub fn start(s: &mut MatchState, armies: &PerPlayer<Deployment>, out: &mut Vec<Event>) {
    let mut x = Exec::<Akw>::new(s, out);
    for (side, army) in armies.pairs() {
        x.emit(Event::Army {
            side,
            race: army.race,
        });
        for &(kind, hex) in &army.units {
            x.arrive(hex, |id| Event::Deployed {
                unit: id,
                kind,
                side,
                hex,
            });
        }
        for &kind in &army.reserve {
            x.emit(Event::ReserveAdded { side, kind });
        }
    }
    x.start_turn(PlayerId(0), 0);
}

/// Every legal command of the side to move, in a fixed order (`EndTurn`
/// first, then per unit by id: moves, rebound, attacks, heals, summons; then
/// spawns by barracks). Every command returned passes [`check`].
#[must_use]
pub fn legal(s: &MatchState) -> Vec<Command> {
    let mut out = Vec::new();
    legal_into(s, &mut Scratch::default(), &mut out);
    out
}

/// [`legal`] into a reusable buffer.
pub fn legal_into(s: &MatchState, scratch: &mut Scratch, out: &mut Vec<Command>) {
    out.clear();
    if s.outcome().is_some() {
        return;
    }
    out.push(Command::EndTurn);
    let side = s.side();
    let energy = s.energy()[side];
    let a = s.arena();
    for u in s
        .units()
        .iter()
        .filter(|u| u.side == side && u.alive() && !u.arrived)
    {
        let kind = s.roster().kind(u.kind);
        if !u.moved && energy >= 1 {
            reachable(s, u, scratch, |c| {
                out.push(Command::Unit(UnitCommand::Move {
                    unit: u.id,
                    to: a.hex(c),
                }));
            });
        }
        if let Some(back) = u.came_from
            && can_end(s, u.kind, back, u.id, Units::KnownTo(side)).is_ok()
        {
            out.push(Command::Unit(UnitCommand::Rebound { unit: u.id }));
        }
        if u.actions < kind.actions && energy >= 1 {
            attack_targets(s, u, scratch, |c| {
                out.push(Command::Unit(UnitCommand::Attack {
                    unit: u.id,
                    target: a.hex(c),
                }));
            });
        }
        if !u.ability_used && energy >= 1 {
            heal_commands(s, u.id, out);
            summon_cells(s, u, |c| {
                out.push(Command::Unit(UnitCommand::Summon {
                    unit: u.id,
                    to: a.hex(c),
                }));
            });
        }
    }
    let race = s.race()[side];
    for (bi, &(b, owner)) in a.barracks.iter().enumerate() {
        if owner != side || s.spawned()[bi] {
            continue;
        }
        for k in s.roster().race_kinds(race) {
            let kd = s.roster().kind(k);
            if !kd.def.class.spawnable() || kd.def.cost.unwrap_or(0) > energy {
                continue;
            }
            let mut cells = vec![b];
            cells.extend(a.neighbours(b).iter().copied().filter(|&n| n != NO_CELL));
            cells.sort_unstable();
            for c in cells {
                if can_end(s, k, c, NO_UNIT, Units::KnownTo(side)).is_ok() {
                    out.push(Command::Spawn {
                        barracks: a.hex(b),
                        kind: kd.key.clone(),
                        to: a.hex(c),
                    });
                }
            }
        }
    }
}

/// The Healing commands [`legal`] lists for a unit that may heal now: all
/// its damaged adjacent allies at once when they are at most Y, otherwise
/// every choice of exactly Y of them.
pub fn heal_commands(s: &MatchState, unit: UnitId, out: &mut Vec<Command>) {
    heal_choices(s, unit, |targets| {
        out.push(Command::Unit(UnitCommand::Heal { unit, targets }));
    });
}

/// The class of a unit kind (convenience for bots and views).
#[must_use]
pub fn class_of(s: &MatchState, id: UnitId) -> Class {
    s.roster().kind(s.units()[usize::from(id)].kind).def.class
}
