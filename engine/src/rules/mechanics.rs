//! The mechanics every turn system shares, over the shared board state:
//! where units may pass and stop ([`reachable`], [`can_end`]), attack
//! targets, and the event-producing steps — arrivals, moves, attacks and
//! damage, death and its penalties, captures, Outposts, healing, poison,
//! Revive, Monks. A ruleset drives them through [`Exec`] and decides, by
//! its [`Hooks`], what differs between turn systems: what a kill earns,
//! the death penalties that are not Wound, and what a fallen base means.
//!
//! akw-rules-v1's own part (Energy, income, spawns, the turn order) is in
//! [`super::akw`]; its commands are checked and executed in
//! [`super::logic`].

use super::arena::{Cell, NO_CELL, Scratch, Site};
use super::event::{Event, Spent};
use super::fog;
use super::roster::{DeathPenalty, KindId};
use super::state::{MatchState, Status, Unit, UnitId};
use crate::Hex;
use crate::map::Side;
use std::marker::PhantomData;

/// What a turn system decides where the shared mechanics leave it open.
pub(super) trait Hooks: Sized {
    /// `killer` defeated an enemy unit (after its `Died` event).
    fn killed(x: &mut Exec<'_, Self>, killer: Side);

    /// A commander of `side` died with `penalty`, which is not Wound
    /// (after its `Penalty` event).
    fn penalty(x: &mut Exec<'_, Self>, side: Side, penalty: DeathPenalty);

    /// An attack by `attacker` brought a base to 0 (after `BaseDamaged`).
    fn base_fell(x: &mut Exec<'_, Self>, attacker: Side);
}

/// Whose knowledge of the units on the board a check goes by.
///
/// Rules check a command by what its side knows ([`Units::KnownTo`]): a
/// unit the side cannot see never refuses it. Playing it then meets the
/// true state ([`Units::All`]); when a unit the side could not see stands
/// in the way, the command is stopped (see [`Event::Stopped`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Units {
    /// The units `side` knows of ([`MatchState::knows_of`]).
    KnownTo(Side),
    /// Every unit.
    All,
}

impl Units {
    /// Whether unit `o` counts.
    #[inline]
    fn count(self, s: &MatchState, o: &Unit) -> bool {
        match self {
            Self::All => true,
            Self::KnownTo(side) => s.knows_of(side, o),
        }
    }
}

/// Whether `unit` may pass through cell `c` while moving, counting the
/// units `by` counts.
fn passable(s: &MatchState, mover: &Unit, phasewalk: bool, c: Cell, by: Units) -> bool {
    if s.site_blocks(c) {
        return false;
    }
    s.units_at(c).all(|o| {
        o.side == mover.side
            || phasewalk
            || (o.alive() && s.roster().kind(o.kind).phasewalk)
            || !by.count(s, o)
    })
}

/// Whether a unit of kind `kind` may end on cell `c` (`ignore` is a unit
/// considered absent, the mover itself), counting the units `by` counts.
pub(crate) fn can_end(
    s: &MatchState,
    kind: KindId,
    c: Cell,
    ignore: UnitId,
    by: Units,
) -> Result<(), &'static str> {
    if s.site_blocks(c) {
        return Err("a base cannot be entered");
    }
    let phasewalk = s.roster().kind(kind).phasewalk;
    let mut others = s.units_at(c).filter(|o| o.id != ignore && by.count(s, o));
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
/// Energy and flags) by what its side knows of the units, in
/// breadth-first order.
pub fn reachable(s: &MatchState, unit: &Unit, scratch: &mut Scratch, f: impl FnMut(Cell)) {
    let max = s.roster().kind(unit.kind).def.movement;
    reachable_within(s, unit, max, scratch, f);
}

/// Calls `f` for every cell the unit can reach along a path of at most
/// `max` steps and stop on, by what its side knows of the units, in
/// breadth-first order.
pub fn reachable_within(
    s: &MatchState,
    unit: &Unit,
    max: u8,
    scratch: &mut Scratch,
    mut f: impl FnMut(Cell),
) {
    search(s, unit, max, scratch, |c| {
        f(c);
        false
    });
}

/// Whether the unit can reach cell `dest` along a path of at most `max`
/// steps and stop there: exactly whether [`reachable_within`] would list
/// `dest`, found by [`steps_to`] through the cells it may pass.
pub fn reaches(s: &MatchState, unit: &Unit, dest: Cell, max: u8, scratch: &mut Scratch) -> bool {
    reaches_by(s, unit, dest, max, scratch, Units::KnownTo(unit.side))
}

/// [`reaches`], counting the units `by` counts.
pub(crate) fn reaches_by(
    s: &MatchState,
    unit: &Unit,
    dest: Cell,
    max: u8,
    scratch: &mut Scratch,
    by: Units,
) -> bool {
    if dest == unit.cell || can_end(s, unit.kind, dest, unit.id, by).is_err() {
        return false;
    }
    let phasewalk = s.roster().kind(unit.kind).phasewalk;
    let pass = |c| passable(s, unit, phasewalk, c, by);
    steps_to(s.arena(), unit.cell, dest, max, scratch, pass).is_some()
}

/// The fewest steps from `from` to `to` through cells `pass` lets through
/// (`to` among them), if at most `max`. The breadth-first search goes only
/// where a path of `max` steps to `to` may still run — each step is at
/// most one hex nearer — and ends as soon as it steps on `to`.
fn steps_to(
    a: &super::Arena,
    from: Cell,
    to: Cell,
    max: u8,
    scratch: &mut Scratch,
    pass: impl Fn(Cell) -> bool,
) -> Option<u8> {
    let goal = a.hex(to);
    let max = u32::from(max);
    if from == to {
        return Some(0);
    }
    if a.hex(from).unsigned_distance_to(goal) > max {
        return None;
    }
    scratch.begin(a.len());
    scratch.queue.clear();
    scratch.mark(from);
    scratch.queue.push((from, 0));
    let mut head = 0;
    while head < scratch.queue.len() {
        let (c, d) = scratch.queue[head];
        head += 1;
        let d = d + 1;
        for &n in a.neighbours(c) {
            if n == NO_CELL || scratch.seen(n) {
                continue;
            }
            // Breadth first, a cell is first met at its fewest steps: one
            // too far from `to` now is too far on every later path.
            scratch.mark(n);
            if u32::from(d) + a.hex(n).unsigned_distance_to(goal) > max || !pass(n) {
                continue;
            }
            if n == to {
                return Some(d);
            }
            scratch.queue.push((n, d));
        }
    }
    None
}

/// The breadth-first search behind [`reachable_within`] and [`reaches`]:
/// `stop` sees every cell the unit may end on, and ends the search by
/// returning `true`.
#[inline]
fn search(
    s: &MatchState,
    unit: &Unit,
    max: u8,
    scratch: &mut Scratch,
    mut stop: impl FnMut(Cell) -> bool,
) {
    let phasewalk = s.roster().kind(unit.kind).phasewalk;
    let by = Units::KnownTo(unit.side);
    let a = s.arena();
    scratch.begin(a.len());
    scratch.queue.clear();
    scratch.mark(unit.cell);
    scratch.queue.push((unit.cell, 0));
    let mut head = 0;
    while head < scratch.queue.len() {
        let (c, d) = scratch.queue[head];
        head += 1;
        if c != unit.cell && can_end(s, unit.kind, c, unit.id, by).is_ok() && stop(c) {
            return;
        }
        if d == max {
            continue;
        }
        for &n in a.neighbours(c) {
            if n != NO_CELL && !scratch.seen(n) {
                scratch.mark(n);
                if passable(s, unit, phasewalk, n, by) {
                    scratch.queue.push((n, d + 1));
                }
            }
        }
    }
}

/// Where a move of `unit` to `dest`, legal by what its side knows, is
/// stopped by units the side does not know of; `None` when the true state
/// lets it through. That is `dest` when such units stand there, otherwise
/// the first cell where they stand along the path the unit takes: the
/// first shortest one, breadth first in neighbour order, by what its side
/// knows. A state without a sight grid (a view) holds only known units,
/// so nothing stops a move there.
pub(crate) fn move_stop(s: &MatchState, unit: &Unit, dest: Cell, max: u8) -> Option<Cell> {
    if !s.keeps_sight() {
        return None;
    }
    if can_end(s, unit.kind, dest, unit.id, Units::All).is_err() {
        return Some(dest);
    }
    if reaches_by(s, unit, dest, max, &mut Scratch::default(), Units::All) {
        return None;
    }
    let phasewalk = s.roster().kind(unit.kind).phasewalk;
    let stop = known_path(s, unit, dest, max)
        .into_iter()
        .find(|&c| !passable(s, unit, phasewalk, c, Units::All));
    debug_assert!(stop.is_some(), "a known path the true state refuses");
    stop.or(Some(dest))
}

/// Where a unit of kind `kind` arriving on `c` (a spawn, a summon, a
/// Rebound of `ignore`), legal by what `side` knows, is stopped by units
/// the side does not know of: `Some(c)` when the true state refuses it.
pub(crate) fn arrival_stop(s: &MatchState, kind: KindId, c: Cell, ignore: UnitId) -> Option<Cell> {
    (s.keeps_sight() && can_end(s, kind, c, ignore, Units::All).is_err()).then_some(c)
}

/// The enemy units on `c` that `side` does not know of, by id.
pub(crate) fn unknown_at(s: &MatchState, side: Side, c: Cell) -> Vec<UnitId> {
    s.units_at(c)
        .filter(|o| !s.knows_of(side, o))
        .map(|o| o.id)
        .collect()
}

/// The first shortest path of at most `max` steps from `unit` to `dest`
/// (without the start) by what its side knows, breadth first in
/// neighbour order; empty when there is none.
fn known_path(s: &MatchState, unit: &Unit, dest: Cell, max: u8) -> Vec<Cell> {
    let a = s.arena();
    let by = Units::KnownTo(unit.side);
    let phasewalk = s.roster().kind(unit.kind).phasewalk;
    let mut parent = vec![NO_CELL; a.len()];
    parent[usize::from(unit.cell)] = unit.cell;
    let mut queue = std::collections::VecDeque::from([(unit.cell, 0u8)]);
    while let Some((c, d)) = queue.pop_front() {
        if c == dest {
            break;
        }
        if d == max {
            continue;
        }
        for &n in a.neighbours(c) {
            if n != NO_CELL
                && parent[usize::from(n)] == NO_CELL
                && passable(s, unit, phasewalk, n, by)
            {
                parent[usize::from(n)] = c;
                queue.push_back((n, d + 1));
            }
        }
    }
    let mut path = Vec::new();
    if parent[usize::from(dest)] == NO_CELL {
        return path;
    }
    let mut c = dest;
    while c != unit.cell {
        path.push(c);
        c = parent[usize::from(c)];
    }
    path.reverse();
    path
}

/// Steps (over usable hexes, nothing blocking) from `from` to `to`, if at
/// most `max`.
pub(super) fn steps(
    s: &MatchState,
    from: Cell,
    to: Cell,
    max: u8,
    scratch: &mut Scratch,
) -> Option<u8> {
    steps_to(s.arena(), from, to, max, scratch, |_| true)
}

/// Whether `side` has a valid attack target on cell `c` for `attacker`:
/// an enemy base, or an enemy unit or corpse it sees or was shown this
/// turn.
pub(super) fn has_target(s: &MatchState, attacker: &Unit, c: Cell) -> bool {
    if let Site::Base(b) = s.arena().site(c) {
        return b != attacker.side && s.base_at(c).is_some_and(|i| s.bases()[i].health > 0);
    }
    let side = attacker.side;
    let mut enemies = s
        .units_at(c)
        .filter(|o| o.id != attacker.id && o.side != side)
        .peekable();
    enemies.peek().is_some()
        && (fog::sees_units_at(s, side, c) || enemies.any(|o| s.revealed_to(o.id, side)))
}

/// Builds events and applies each as it is produced, with `H` deciding
/// what the shared mechanics leave to the ruleset.
pub(super) struct Exec<'a, H> {
    pub(super) s: &'a mut MatchState,
    pub(super) out: &'a mut Vec<Event>,
    hooks: PhantomData<H>,
}

impl<'a, H: Hooks> Exec<'a, H> {
    /// Ready to play on `s`, events into `out`.
    pub(super) fn new(s: &'a mut MatchState, out: &'a mut Vec<Event>) -> Self {
        Self {
            s,
            out,
            hooks: PhantomData,
        }
    }

    /// Records that `side`'s command, which spent `spent`, was stopped on
    /// `at` by units the side did not know of, and shows them to it.
    pub(super) fn stopped(&mut self, side: Side, spent: Spent, at: Cell) {
        let units = unknown_at(self.s, side, at);
        let at = self.s.arena().hex(at);
        self.emit(Event::Stopped {
            side,
            spent,
            at,
            units,
        });
    }

    /// Applies `e` and records it.
    pub(super) fn emit(&mut self, e: Event) {
        self.s.apply(&e);
        self.out.push(e);
    }

    pub(super) fn hex(&self, c: Cell) -> Hex {
        self.s.arena().hex(c)
    }

    pub(super) fn outposts_before(&self, cells: &[Cell]) -> [Option<(Cell, Option<Side>)>; 2] {
        let mut out = [None, None];
        for (i, &c) in cells.iter().take(2).enumerate() {
            if c != NO_CELL && self.s.arena().site(c) == Site::Outpost {
                out[i] = Some((c, self.s.outpost_controller(c)));
            }
        }
        out
    }

    pub(super) fn outposts_after(&mut self, before: [Option<(Cell, Option<Side>)>; 2]) {
        for (c, was) in before.into_iter().flatten() {
            let now = self.s.outpost_controller(c);
            if now != was {
                let outpost = self.hex(c);
                self.emit(Event::OutpostControl { outpost, side: now });
            }
        }
    }

    /// A unit left cell `c`: a delayed capture it held is cancelled.
    pub(super) fn left(&mut self, unit: UnitId, c: Cell) {
        if let Some(i) = self.s.objective_at(c)
            && self.s.objectives()[i].pending == Some(unit)
        {
            let objective = self.hex(c);
            self.emit(Event::CaptureCancelled { objective });
        }
    }

    /// A unit ended a move or placement on cell `c`.
    pub(super) fn entered(&mut self, unit: UnitId, c: Cell) {
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

    pub(super) fn die(&mut self, unit: UnitId, by: Option<Side>) {
        let u = self.s.units()[usize::from(unit)];
        let kind = self.s.roster().kind(u.kind).clone();
        let corpse = kind.revive.filter(|_| !u.revived && u.alive());
        let before = self.outposts_before(&[u.cell]);
        self.emit(Event::Died { unit, by, corpse });
        if let Some(killer) = by
            && killer != u.side
        {
            H::killed(self, killer);
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
                DeathPenalty::EnergyLoss(_) | DeathPenalty::IncomeLoss { .. } => {
                    H::penalty(self, u.side, penalty);
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

    /// Unit `unit` attacks cell `t` (checked): the attack, the damage to
    /// the base or to every other unit and corpse there (doubled by
    /// Combine), deaths, Smite and poison.
    pub(super) fn attack(&mut self, unit: UnitId, t: Cell) {
        let a = self.s.units()[usize::from(unit)];
        let kind = self.s.roster().kind(a.kind).clone();
        let side = a.side;
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
            if health == 0 {
                H::base_fell(self, side);
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
            let o = self.s.units()[usize::from(id)];
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

    /// Pending captures of `side` held until this turn start resolve.
    pub(super) fn resolve_captures(&mut self, side: Side) {
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
    }

    /// The corpses `side` has now, by id.
    pub(super) fn corpses(&self, side: Side) -> Vec<UnitId> {
        self.s
            .units()
            .iter()
            .filter(|u| u.side == side && u.status == Status::Corpse)
            .map(|u| u.id)
            .collect()
    }

    /// Poison ticks on `side`'s living units, by id; a unit it kills dies.
    pub(super) fn poison_ticks(&mut self, side: Side) {
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
    }

    /// `corpses` revive at full health where they lie.
    pub(super) fn revive(&mut self, corpses: Vec<UnitId>) {
        for id in corpses {
            let u = &self.s.units()[usize::from(id)];
            let health = self.s.roster().kind(u.kind).def.health;
            let (c, before) = (u.cell, self.outposts_before(&[u.cell]));
            self.emit(Event::Revived { unit: id, health });
            self.entered(id, c);
            self.outposts_after(before);
        }
    }

    /// `side`'s Monks heal their most hurt neighbours.
    pub(super) fn monk_healing(&mut self, side: Side) {
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

    /// A unit of `kind` enters play for `side` on `hex` by `how` (the
    /// event's constructor, given the new unit's id): the event, then the
    /// capture and Outpost changes of its arrival. Returns the unit's id.
    pub(super) fn arrive(&mut self, hex: Hex, how: impl FnOnce(UnitId) -> Event) -> UnitId {
        let id = self.s.units().len() as UnitId;
        let c = self.s.arena().cell(hex).expect("checked");
        let before = self.outposts_before(&[c]);
        self.emit(how(id));
        self.entered(id, c);
        self.outposts_after(before);
        id
    }

    /// Unit `unit` goes from cell `from` to cell `to` by `how` (a move or a
    /// Rebound): the event, then the captures and Outposts it changes.
    pub(super) fn relocate(&mut self, unit: UnitId, from: Cell, to: Cell, how: Event) {
        let before = self.outposts_before(&[from, to]);
        self.emit(how);
        self.left(unit, from);
        self.entered(unit, to);
        self.outposts_after(before);
    }

    pub(super) fn heal(&mut self, t: UnitId, amount: u8, by: UnitId) {
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
        .filter(|o| can_be_healed(s, h, o))
        .map(|o| (o.health, o.id))
        .collect();
    v.sort_unstable();
    v.into_iter().map(|(_, id)| id).collect()
}

/// How many units [`heal_candidates`] gives, counted without a list.
#[must_use]
pub fn heal_candidate_count(s: &MatchState, healer: UnitId) -> usize {
    let h = &s.units()[usize::from(healer)];
    s.units().iter().filter(|o| can_be_healed(s, h, o)).count()
}

/// Whether `healer` may heal `o`: a hurt living ally next to it.
fn can_be_healed(s: &MatchState, healer: &Unit, o: &Unit) -> bool {
    o.side == healer.side
        && o.alive()
        && o.id != healer.id
        && o.health < s.roster().kind(o.kind).def.health
        && s.arena().distance(o.cell, healer.cell) <= 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;
    use crate::rules::Roster;
    use crate::rules::scenario::Scenario;
    use std::path::Path;

    /// The pruned search finds exactly the step counts of the full one,
    /// between every pair of cells up to 5 hexes apart, for every bound.
    #[test]
    fn steps_equal_the_full_search() {
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        for file in ["ember-isles.ron", "broken-crown.ron"] {
            let map = format::load_map(&maps.join(file)).unwrap();
            let p = Scenario::for_map(map, 1, 20)
                .prepare(&maps, &Roster::bundled(), "t")
                .unwrap();
            let (s, _) = p.new_match_with_seed(1);
            let a = s.arena();
            let (mut full, mut pruned) = (Scratch::default(), Scratch::default());
            let mut tested = 0;
            for from in 0..a.len() as Cell {
                let mut want = vec![None; a.len()];
                a.within_steps(from, 6, &mut full, |c, d| want[usize::from(c)] = Some(d));
                for to in 0..a.len() as Cell {
                    if a.distance(from, to) > 5 {
                        continue;
                    }
                    for max in 0..=6 {
                        let want = want[usize::from(to)].filter(|&d| d <= max);
                        assert_eq!(steps(&s, from, to, max, &mut pruned), want);
                        tested += usize::from(want.is_some());
                    }
                }
            }
            assert!(tested > 10_000, "{file}: {tested}");
        }
    }
}
