//! `check` (is a command legal, and if not why), `execute` (a legal command
//! becomes events, each applied as it is produced) and `legal` (every legal
//! command of the side to move).

use super::arena::{Cell, NO_CELL, Scratch, Site};
use super::command::{Command, RuleError};
use super::event::{EnergyReason, Event};
use super::fog;
use super::roster::{Class, DeathPenalty, KindId};
use super::state::{
    ENERGY_CAP, KILL_BONUS, MatchState, NO_UNIT, OPENING_BONUS, Outcome, Status, Unit, UnitId,
};
use crate::Hex;
use crate::map::Side;
use crate::player::{PerPlayer, PlayerId};

/// Whether `unit` may pass through cell `c` while moving.
fn passable(s: &MatchState, mover: &Unit, phasewalk: bool, c: Cell) -> bool {
    if s.site_blocks(c) {
        return false;
    }
    s.units_at(c).all(|o| {
        o.side == mover.side || phasewalk || (o.alive() && s.roster().kind(o.kind).phasewalk)
    })
}

/// Whether a unit of kind `kind` may end on cell `c` (`ignore` is a unit
/// considered absent, the mover itself).
pub(crate) fn can_end(
    s: &MatchState,
    kind: KindId,
    c: Cell,
    ignore: UnitId,
) -> Result<(), &'static str> {
    if s.site_blocks(c) {
        return Err("a base cannot be entered");
    }
    let phasewalk = s.roster().kind(kind).phasewalk;
    let mut others = s.units_at(c).filter(|o| o.id != ignore);
    match (others.next(), others.next()) {
        (None, _) => Ok(()),
        (Some(_), Some(_)) => Err("two units already share it"),
        (Some(o), None) => {
            if o.status == Status::Corpse {
                Err("a corpse lies there")
            } else if phasewalk || s.roster().kind(o.kind).phasewalk {
                Ok(())
            } else {
                Err("a unit stands there")
            }
        }
    }
}

/// Calls `f` for every cell the unit can move to this turn (ignoring
/// Energy and flags), in breadth-first order.
pub fn reachable(s: &MatchState, unit: &Unit, scratch: &mut Scratch, mut f: impl FnMut(Cell)) {
    let kind = s.roster().kind(unit.kind);
    let phasewalk = kind.phasewalk;
    let max = kind.def.movement;
    let a = s.arena();
    scratch.begin(a.len());
    scratch.queue.clear();
    scratch.mark(unit.cell);
    scratch.queue.push((unit.cell, 0));
    let mut head = 0;
    while head < scratch.queue.len() {
        let (c, d) = scratch.queue[head];
        head += 1;
        if c != unit.cell && can_end(s, unit.kind, c, unit.id).is_ok() {
            f(c);
        }
        if d == max {
            continue;
        }
        for &n in a.neighbours(c) {
            if n != NO_CELL && !scratch.seen(n) {
                scratch.mark(n);
                if passable(s, unit, phasewalk, n) {
                    scratch.queue.push((n, d + 1));
                }
            }
        }
    }
}

/// Steps (over usable hexes, nothing blocking) from `from` to `to`, if at
/// most `max`.
fn steps(s: &MatchState, from: Cell, to: Cell, max: u8, scratch: &mut Scratch) -> Option<u8> {
    if s.arena().distance(from, to) > u32::from(max) {
        return None;
    }
    let mut found = None;
    s.arena().within_steps(from, max, scratch, |c, d| {
        if c == to && found.is_none() {
            found = Some(d);
        }
    });
    found
}

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

fn cell(s: &MatchState, h: Hex) -> Result<Cell, RuleError> {
    s.arena().cell(h).ok_or(RuleError::NotUsable(h))
}

/// Whether `side` has a valid attack target on cell `c` for `attacker`:
/// an enemy base, or an enemy unit or corpse it sees.
fn has_target(s: &MatchState, attacker: &Unit, c: Cell) -> bool {
    if let Site::Base(b) = s.arena().site(c) {
        return b != attacker.side && s.base_at(c).is_some_and(|i| s.bases()[i].health > 0);
    }
    s.units_at(c)
        .any(|o| o.id != attacker.id && o.side != attacker.side)
        && fog::sees_units_at(s, attacker.side, c)
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
        Command::Move { unit, to } => {
            let u = own_unit(s, *unit)?;
            if u.moved {
                return Err(RuleError::AlreadyMoved(*unit));
            }
            pay(s, 1)?;
            let dest = cell(s, *to)?;
            if dest == u.cell {
                return Err(RuleError::Blocked {
                    hex: *to,
                    reason: "the unit already stands there",
                });
            }
            can_end(s, u.kind, dest, u.id)
                .map_err(|reason| RuleError::Blocked { hex: *to, reason })?;
            let mut ok = false;
            reachable(s, u, scratch, |c| ok |= c == dest);
            if ok {
                Ok(())
            } else {
                Err(RuleError::Unreachable {
                    hex: *to,
                    movement: s.roster().kind(u.kind).def.movement,
                })
            }
        }
        Command::Rebound { unit } => {
            let u = own_unit(s, *unit)?;
            if !s.roster().kind(u.kind).rebound {
                return Err(RuleError::NoAbility {
                    unit: *unit,
                    ability: "Rebound",
                });
            }
            let back = u.came_from.ok_or(RuleError::NothingToRebound(*unit))?;
            can_end(s, u.kind, back, u.id).map_err(|reason| RuleError::Blocked {
                hex: s.arena().hex(back),
                reason,
            })
        }
        Command::Attack { unit, target } => {
            let u = own_unit(s, *unit)?;
            let kind = s.roster().kind(u.kind);
            if u.actions >= kind.actions {
                return Err(RuleError::NoActionLeft {
                    unit: *unit,
                    actions: kind.actions,
                });
            }
            pay(s, 1)?;
            let t = cell(s, *target)?;
            if kind.phasewalk && t != u.cell {
                return Err(RuleError::PhasewalkOwnHex(*unit));
            }
            let range = kind.def.range;
            if steps(s, u.cell, t, range, scratch).is_none() {
                let d = s.arena().distance(u.cell, t).min(255) as u8;
                return Err(RuleError::OutOfRange {
                    hex: *target,
                    range,
                    steps: d.max(range + 1),
                });
            }
            if has_target(s, u, t) {
                Ok(())
            } else {
                Err(RuleError::NoTarget(*target))
            }
        }
        Command::Heal { unit, targets } => {
            let u = own_unit(s, *unit)?;
            let Some((_, max)) = s.roster().kind(u.kind).healing else {
                return Err(RuleError::NoAbility {
                    unit: *unit,
                    ability: "Healing",
                });
            };
            if u.ability_used {
                return Err(RuleError::AbilityUsed(*unit));
            }
            pay(s, 1)?;
            if targets.is_empty() || targets.len() > usize::from(max) {
                return Err(RuleError::HealCount {
                    max,
                    given: targets.len(),
                });
            }
            for (i, t) in targets.iter().enumerate() {
                let bad = |reason| Err(RuleError::BadHealTarget { target: *t, reason });
                let Some(o) = s.unit(*t) else {
                    return bad("no such unit");
                };
                if targets[..i].contains(t) {
                    return bad("it is listed twice");
                }
                if o.id == u.id {
                    return bad("a healer heals others, not itself");
                }
                if o.side != u.side || !o.alive() {
                    return bad("it is not a living ally");
                }
                if s.arena().distance(o.cell, u.cell) > 1 {
                    return bad("it is not adjacent");
                }
                if o.health >= s.roster().kind(o.kind).def.health {
                    return bad("it is at full health");
                }
            }
            Ok(())
        }
        Command::Summon { unit, to } => {
            let u = own_unit(s, *unit)?;
            let Some((limit, kind)) = s.roster().kind(u.kind).summon else {
                return Err(RuleError::NoAbility {
                    unit: *unit,
                    ability: "Summon",
                });
            };
            if u.ability_used {
                return Err(RuleError::AbilityUsed(*unit));
            }
            pay(s, 1)?;
            if !s.reserve()[s.side()].contains(&kind) {
                return Err(RuleError::ReserveEmpty {
                    side: s.side(),
                    kind: s.roster().kind(kind).def.name.clone(),
                });
            }
            let alive = s
                .units()
                .iter()
                .filter(|x| x.summoner == Some(u.id) && x.on_board())
                .count();
            if alive >= usize::from(limit) {
                return Err(RuleError::SummonLimit { unit: *unit, limit });
            }
            let dest = cell(s, *to)?;
            if s.arena().distance(dest, u.cell) != 1 {
                return Err(RuleError::NotAdjacent {
                    hex: *to,
                    what: "the summoner",
                });
            }
            can_end(s, kind, dest, NO_UNIT)
                .map_err(|reason| RuleError::Blocked { hex: *to, reason })
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
                .ok_or_else(|| RuleError::UnknownKind(kind.clone()))?;
            let kd = s.roster().kind(k);
            if !kd.def.class.spawnable() {
                return Err(RuleError::NotSpawnable {
                    kind: kind.clone(),
                    reason: "barracks spawn only soldiers and elites",
                });
            }
            if kd.race != s.race()[s.side()] {
                return Err(RuleError::NotSpawnable {
                    kind: kind.clone(),
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
            can_end(s, k, dest, NO_UNIT).map_err(|reason| RuleError::Blocked { hex: *to, reason })
        }
    }
}

/// Builds events and applies each as it is produced.
struct Exec<'a> {
    s: &'a mut MatchState,
    out: &'a mut Vec<Event>,
}

impl Exec<'_> {
    fn emit(&mut self, e: Event) {
        self.s.apply(&e);
        self.out.push(e);
    }

    fn hex(&self, c: Cell) -> Hex {
        self.s.arena().hex(c)
    }

    fn energy(&mut self, side: Side, delta: i16, reason: EnergyReason) {
        let bank = self.s.energy()[side];
        let new = (i16::from(bank) + delta).clamp(0, i16::from(ENERGY_CAP)) as u8;
        self.emit(Event::Energy {
            side,
            delta: i16::from(new) - i16::from(bank),
            bank: new,
            reason,
        });
    }

    fn outposts_before(&self, cells: &[Cell]) -> [Option<(Cell, Option<Side>)>; 2] {
        let mut out = [None, None];
        for (i, &c) in cells.iter().take(2).enumerate() {
            if c != NO_CELL && self.s.arena().site(c) == Site::Outpost {
                out[i] = Some((c, self.s.outpost_controller(c)));
            }
        }
        out
    }

    fn outposts_after(&mut self, before: [Option<(Cell, Option<Side>)>; 2]) {
        for (c, was) in before.into_iter().flatten() {
            let now = self.s.outpost_controller(c);
            if now != was {
                let outpost = self.hex(c);
                self.emit(Event::OutpostControl { outpost, side: now });
            }
        }
    }

    /// A unit left cell `c`: a delayed capture it held is cancelled.
    fn left(&mut self, unit: UnitId, c: Cell) {
        if let Some(i) = self.s.objective_at(c)
            && self.s.objectives()[i].pending == Some(unit)
        {
            let objective = self.hex(c);
            self.emit(Event::CaptureCancelled { objective });
        }
    }

    /// A unit ended a move or placement on cell `c`.
    fn entered(&mut self, unit: UnitId, c: Cell) {
        let Some(i) = self.s.objective_at(c) else {
            return;
        };
        let side = self.s.units()[usize::from(unit)].side;
        let objective = self.hex(c);
        match self.s.objectives()[i].owner {
            None => self.emit(Event::ObjectiveCaptured { objective, side }),
            Some(o) if o != side => self.emit(Event::ObjectiveNeutralised { objective, unit }),
            Some(_) => {}
        }
    }

    fn die(&mut self, unit: UnitId, by: Option<Side>) {
        let u = self.s.units()[usize::from(unit)].clone();
        let kind = self.s.roster().kind(u.kind).clone();
        let corpse = kind.revive.filter(|_| !u.revived && u.alive());
        let before = self.outposts_before(&[u.cell]);
        self.emit(Event::Died { unit, by, corpse });
        if let Some(s) = by
            && s != u.side
        {
            self.energy(s, i16::from(KILL_BONUS), EnergyReason::Kill);
        }
        self.left(unit, u.cell);
        self.outposts_after(before);
        if let Some(penalty) = kind.def.penalty {
            self.emit(Event::Penalty {
                side: u.side,
                commander: unit,
                penalty,
            });
            match penalty {
                DeathPenalty::EnergyLoss(n) => {
                    self.energy(u.side, -i16::from(n), EnergyReason::Penalty);
                }
                DeathPenalty::IncomeLoss { amount, turns } => {
                    self.emit(Event::PenaltyIncome {
                        side: u.side,
                        amount,
                        turns,
                    });
                }
                DeathPenalty::Wound(n) => {
                    let hurt: Vec<(UnitId, u8)> = self
                        .s
                        .units()
                        .iter()
                        .filter(|o| o.side == u.side && o.alive() && o.id != unit && o.health > 1)
                        .map(|o| (o.id, o.health))
                        .collect();
                    for (id, h) in hurt {
                        let health = h.saturating_sub(n).max(1);
                        self.emit(Event::Damaged {
                            unit: id,
                            amount: h - health,
                            health,
                        });
                    }
                }
            }
        }
    }

    fn attack(&mut self, unit: UnitId, t: Cell) {
        let a = self.s.units()[usize::from(unit)].clone();
        let kind = self.s.roster().kind(a.kind).clone();
        let side = a.side;
        self.energy(side, -1, EnergyReason::Spend);
        let target = self.hex(t);
        self.emit(Event::Attacked { unit, target });
        let combined = kind.combine
            && self.s.arena().neighbours(a.cell).iter().any(|&n| {
                n != NO_CELL
                    && self.s.units_at(n).any(|o| {
                        o.side == side && o.alive() && self.s.roster().kind(o.kind).combine
                    })
            });
        let mult = if combined { 2 } else { 1 };
        if let Some(bi) = self.s.base_at(t) {
            let b = &self.s.bases()[bi];
            let amount = (kind.def.attack.saturating_mul(mult)).min(b.health);
            let health = b.health - amount;
            self.emit(Event::BaseDamaged {
                base: target,
                amount,
                health,
            });
            if health == 0
                && self
                    .s
                    .bases()
                    .iter()
                    .all(|b| b.side == side || b.health == 0)
            {
                self.emit(Event::MatchEnded {
                    outcome: Outcome::Won(side),
                });
            }
            return;
        }
        let hit: Vec<UnitId> = self
            .s
            .units_at(t)
            .map(|o| o.id)
            .filter(|&o| o != unit)
            .collect();
        let mut hit = hit;
        hit.sort_unstable();
        for id in hit {
            let o = self.s.units()[usize::from(id)].clone();
            let ok = self.s.roster().kind(o.kind).clone();
            if o.status == Status::Corpse {
                let amount = kind.def.attack.saturating_mul(mult).min(o.health);
                let health = o.health - amount;
                self.emit(Event::Damaged {
                    unit: id,
                    amount,
                    health,
                });
                if health == 0 {
                    self.emit(Event::CorpseDestroyed { unit: id });
                }
                continue;
            }
            let amount = kind
                .def
                .attack
                .saturating_sub(ok.armour)
                .saturating_mul(mult)
                .min(o.health);
            let health = o.health - amount;
            self.emit(Event::Damaged {
                unit: id,
                amount,
                health,
            });
            let smitten = o.side != side && kind.smite.is_some_and(|x| health <= x);
            if health == 0 || smitten {
                self.die(id, Some(side));
            } else if kind.poison > 0 {
                let poison = o.poison.max(kind.poison);
                self.emit(Event::Poisoned {
                    unit: id,
                    poison,
                    by: side,
                });
            }
        }
    }

    fn start_turn(&mut self, side: Side, turn: u32) {
        self.emit(Event::TurnStarted { side, turn });
        // 1. Pending captures held until now resolve.
        for i in 0..self.s.objectives().len() {
            let o = &self.s.objectives()[i];
            if let Some(u) = o.pending {
                let unit = &self.s.units()[usize::from(u)];
                if unit.side == side && unit.alive() && unit.cell == o.cell {
                    let objective = self.hex(o.cell);
                    self.emit(Event::ObjectiveCaptured { objective, side });
                }
            }
        }
        // 2. Income (objectives captured before this turn start only).
        let mut income = i16::from(self.s.income(side, turn));
        let (loss, left) = self.s.income_loss()[side];
        if left > 0 {
            income = (income - i16::from(loss)).max(0);
            self.emit(Event::IncomePenaltyUsed {
                side,
                turns_left: left - 1,
            });
        }
        self.energy(side, income, EnergyReason::Income);
        if side == PlayerId(1) && turn == 1 {
            self.energy(side, i16::from(OPENING_BONUS), EnergyReason::OpeningBonus);
        }
        // 3. Flags and barracks spawn use.
        self.emit(Event::FlagsReset { side });
        let corpses: Vec<UnitId> = self
            .s
            .units()
            .iter()
            .filter(|u| u.side == side && u.status == Status::Corpse)
            .map(|u| u.id)
            .collect();
        // 4. Poison ticks.
        let poisoned: Vec<UnitId> = self
            .s
            .units()
            .iter()
            .filter(|u| u.side == side && u.alive() && u.poison > 0)
            .map(|u| u.id)
            .collect();
        for id in poisoned {
            let u = &self.s.units()[usize::from(id)];
            let damage = u.poison.min(u.health);
            let (health, by) = (u.health - damage, u.poisoned_by);
            let poison = u.poison - 1;
            self.emit(Event::PoisonTicked {
                unit: id,
                damage,
                health,
                poison,
            });
            if health == 0 {
                self.die(id, Some(by));
            }
        }
        // 5. Corpses revive: those left before this turn start began (a
        // unit that poison kills now lies there until its side's next turn
        // start, so the enemy gets a turn to destroy the corpse).
        for id in corpses {
            let u = &self.s.units()[usize::from(id)];
            let health = self.s.roster().kind(u.kind).def.health;
            let (c, before) = (u.cell, self.outposts_before(&[u.cell]));
            self.emit(Event::Revived { unit: id, health });
            self.entered(id, c);
            self.outposts_after(before);
        }
        // 6. Monk passive healing.
        let monks: Vec<UnitId> = self
            .s
            .units()
            .iter()
            .filter(|u| u.side == side && u.alive() && self.s.roster().kind(u.kind).def.monk)
            .map(|u| u.id)
            .collect();
        for m in monks {
            if let Some((amount, count)) = self
                .s
                .roster()
                .kind(self.s.units()[usize::from(m)].kind)
                .healing
            {
                let targets = heal_candidates(self.s, m);
                for t in targets.into_iter().take(usize::from(count)) {
                    self.heal(t, amount, m);
                }
            }
        }
    }

    fn heal(&mut self, t: UnitId, amount: u8, by: UnitId) {
        let o = &self.s.units()[usize::from(t)];
        let max = self.s.roster().kind(o.kind).def.health;
        let amount = amount.min(max - o.health.min(max));
        if amount > 0 {
            let health = o.health + amount;
            self.emit(Event::Healed {
                unit: t,
                amount,
                health,
                by,
            });
        }
    }
}

/// Damaged living allies adjacent to `healer`, most hurt first (then by id).
#[must_use]
pub fn heal_candidates(s: &MatchState, healer: UnitId) -> Vec<UnitId> {
    let h = &s.units()[usize::from(healer)];
    let mut v: Vec<(u8, UnitId)> = s
        .units()
        .iter()
        .filter(|o| {
            o.side == h.side
                && o.alive()
                && o.id != healer
                && o.health < s.roster().kind(o.kind).def.health
                && s.arena().distance(o.cell, h.cell) <= 1
        })
        .map(|o| (o.health, o.id))
        .collect();
    v.sort_unstable();
    v.into_iter().map(|(_, id)| id).collect()
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
    let mut x = Exec { s, out };
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
        Command::Move { unit, to } => {
            let from = x.s.units()[usize::from(*unit)].cell;
            let dest = x.s.arena().cell(*to).expect("checked");
            let before = x.outposts_before(&[from, dest]);
            x.energy(x.s.side(), -1, EnergyReason::Spend);
            let from_hex = x.hex(from);
            x.emit(Event::Moved {
                unit: *unit,
                from: from_hex,
                to: *to,
            });
            x.left(*unit, from);
            x.entered(*unit, dest);
            x.outposts_after(before);
        }
        Command::Rebound { unit } => {
            let u = &x.s.units()[usize::from(*unit)];
            let (from, back) = (u.cell, u.came_from.expect("checked"));
            let before = x.outposts_before(&[from, back]);
            let (fh, bh) = (x.hex(from), x.hex(back));
            x.emit(Event::Rebounded {
                unit: *unit,
                from: fh,
                to: bh,
            });
            x.left(*unit, from);
            x.entered(*unit, back);
            x.outposts_after(before);
        }
        Command::Attack { unit, target } => {
            let t = x.s.arena().cell(*target).expect("checked");
            x.attack(*unit, t);
        }
        Command::Heal { unit, targets } => {
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
        Command::Summon { unit, to } => {
            let (_, kind) =
                x.s.roster()
                    .kind(x.s.units()[usize::from(*unit)].kind)
                    .summon
                    .expect("checked");
            let dest = x.s.arena().cell(*to).expect("checked");
            let before = x.outposts_before(&[dest]);
            let side = x.s.side();
            x.energy(side, -1, EnergyReason::Spend);
            let id = x.s.units().len() as UnitId;
            x.emit(Event::Summoned {
                unit: id,
                kind,
                side,
                hex: *to,
                by: *unit,
            });
            x.entered(id, dest);
            x.outposts_after(before);
        }
        Command::Spawn { barracks, kind, to } => {
            let k = x.s.roster().kind_by_name(kind).expect("checked");
            let cost = x.s.roster().kind(k).def.cost.unwrap_or(0);
            let dest = x.s.arena().cell(*to).expect("checked");
            let before = x.outposts_before(&[dest]);
            let side = x.s.side();
            x.energy(side, -i16::from(cost), EnergyReason::Spend);
            x.emit(Event::BarracksUsed {
                barracks: *barracks,
            });
            let id = x.s.units().len() as UnitId;
            x.emit(Event::Spawned {
                unit: id,
                kind: k,
                side,
                hex: *to,
                barracks: *barracks,
            });
            x.entered(id, dest);
            x.outposts_after(before);
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
    let mut x = Exec { s, out };
    for (side, army) in armies.pairs() {
        x.emit(Event::Army {
            side,
            race: army.race,
        });
        for &(kind, hex) in &army.units {
            let id = x.s.units().len() as UnitId;
            let c = x.s.arena().cell(hex).expect("deployments are checked");
            let before = x.outposts_before(&[c]);
            x.emit(Event::Deployed {
                unit: id,
                kind,
                side,
                hex,
            });
            x.entered(id, c);
            x.outposts_after(before);
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
                out.push(Command::Move {
                    unit: u.id,
                    to: a.hex(c),
                });
            });
        }
        if let Some(back) = u.came_from
            && can_end(s, u.kind, back, u.id).is_ok()
        {
            out.push(Command::Rebound { unit: u.id });
        }
        if u.actions < kind.actions && energy >= 1 {
            if kind.phasewalk {
                if has_target(s, u, u.cell) {
                    out.push(Command::Attack {
                        unit: u.id,
                        target: a.hex(u.cell),
                    });
                }
            } else {
                let mut targets = Vec::new();
                a.within_steps(u.cell, kind.def.range, scratch, |c, _| {
                    if has_target(s, u, c) {
                        targets.push(c);
                    }
                });
                targets.sort_unstable();
                out.extend(targets.into_iter().map(|c| Command::Attack {
                    unit: u.id,
                    target: a.hex(c),
                }));
            }
        }
        if !u.ability_used && energy >= 1 {
            heal_commands(s, u.id, out);
            if let Some((limit, skind)) = kind.summon {
                let alive = s
                    .units()
                    .iter()
                    .filter(|x| x.summoner == Some(u.id) && x.on_board())
                    .count();
                if alive < usize::from(limit) && s.reserve()[side].contains(&skind) {
                    for &n in a.neighbours(u.cell) {
                        if n != NO_CELL && can_end(s, skind, n, NO_UNIT).is_ok() {
                            out.push(Command::Summon {
                                unit: u.id,
                                to: a.hex(n),
                            });
                        }
                    }
                }
            }
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
                if can_end(s, k, c, NO_UNIT).is_ok() {
                    out.push(Command::Spawn {
                        barracks: a.hex(b),
                        kind: kd.def.name.clone(),
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
    let Some((_, max)) = s.roster().kind(s.units()[usize::from(unit)].kind).healing else {
        return;
    };
    let cands = heal_candidates(s, unit);
    let max = usize::from(max);
    if cands.is_empty() {
        return;
    }
    if cands.len() <= max {
        out.push(Command::Heal {
            unit,
            targets: cands,
        });
    } else {
        combinations(&cands, max, &mut |t| {
            out.push(Command::Heal {
                unit,
                targets: t.to_vec(),
            });
        });
    }
}

fn combinations(items: &[UnitId], k: usize, f: &mut impl FnMut(&[UnitId])) {
    fn go(
        items: &[UnitId],
        k: usize,
        start: usize,
        cur: &mut Vec<UnitId>,
        f: &mut impl FnMut(&[UnitId]),
    ) {
        if cur.len() == k {
            f(cur);
            return;
        }
        for i in start..items.len() {
            cur.push(items[i]);
            go(items, k, i + 1, cur, f);
            cur.pop();
        }
    }
    go(items, k, 0, &mut Vec::new(), f);
}

/// The class of a unit kind (convenience for bots and views).
#[must_use]
pub fn class_of(s: &MatchState, id: UnitId) -> Class {
    s.roster().kind(s.units()[usize::from(id)].kind).def.class
}
