//! Applying events: the one way a match state changes (see
//! [`MatchState::apply`]), units placed and vacated on the arena's cells,
//! the sight grid kept up to date, and a player removed when eliminated.

use super::{MatchState, NO_UNIT, Status, Unit, UnitId};
use crate::Hex;
use crate::map::Side;
use crate::rules::arena::{Cell, NO_CELL};
use crate::rules::event::{Event, Spent};
use crate::rules::roster::KindId;

impl MatchState {
    pub(super) fn place(&mut self, id: UnitId, c: Cell) {
        let slot = &mut self.board.occupants[usize::from(c)];
        if slot[0] == NO_UNIT {
            slot[0] = id;
        } else {
            debug_assert!(slot[1] == NO_UNIT, "a third unit on one hex");
            slot[1] = id;
        }
        self.board.units[usize::from(id)].cell = c;
    }

    pub(super) fn vacate(&mut self, id: UnitId) {
        let c = self.board.units[usize::from(id)].cell;
        if c == NO_CELL {
            return;
        }
        let slot = &mut self.board.occupants[usize::from(c)];
        if slot[0] == id {
            slot[0] = slot[1];
            slot[1] = NO_UNIT;
        } else if slot[1] == id {
            slot[1] = NO_UNIT;
        }
    }

    pub(super) fn cell_of(&self, h: Hex) -> Cell {
        self.arena().cell(h).expect("events name usable hexes")
    }

    /// Applies one event. This is the only code that changes a match
    /// state; [`super::execute`] produces the events.
    ///
    /// # Panics
    /// When the event does not fit the state (a unit id or hex that does not
    /// exist): events come from `execute` on this very state, or from a
    /// replay that was checked command by command.
    pub fn apply(&mut self, event: &Event) {
        self.apply_seen(event);
    }

    /// [`Self::apply`] but for the sight grid.
    #[allow(clippy::too_many_lines)] // one arm per event
    pub(super) fn apply_event(&mut self, event: &Event) {
        match *event {
            Event::TurnStarted { side, turn } => {
                self.akw.side = side;
                self.akw.turn = turn;
                self.forget_revealed();
            }
            Event::FlagsReset { side } => {
                for u in self.board.units.iter_mut().filter(|u| u.side == side) {
                    u.moved = false;
                    u.actions = 0;
                    u.ability_used = false;
                    u.came_from = None;
                    u.arrived = false;
                }
                for (i, b) in self.board.rules.arena.barracks.iter().enumerate() {
                    if b.1 == side {
                        self.akw.spawned[i] = false;
                    }
                }
            }
            Event::Army { side, race } => self.board.race[side] = race,
            Event::Energy { side, bank, .. } => self.akw.energy[side] = bank,
            Event::IncomePenaltyUsed { side, turns_left } => {
                self.akw.income_loss[side].1 = turns_left;
            }
            Event::Deployed {
                unit,
                kind,
                side,
                hex,
            }
            | Event::Spawned {
                unit,
                kind,
                side,
                hex,
                ..
            } => {
                let c = self.cell_of(hex);
                let arrived = matches!(event, Event::Spawned { .. });
                self.push_unit(unit, kind, side, c, None, arrived);
            }
            Event::Summoned {
                unit,
                kind,
                side,
                hex,
                by,
            } => {
                let c = self.cell_of(hex);
                let reserve = &mut self.board.reserve[side];
                if let Some(i) = reserve.iter().position(|&k| k == kind) {
                    reserve.remove(i);
                }
                self.board.units[usize::from(by)].ability_used = true;
                self.push_unit(unit, kind, side, c, Some(by), true);
            }
            Event::ReserveAdded { side, kind } => {
                let r = &mut self.board.reserve[side];
                let at = r.partition_point(|&k| k <= kind);
                r.insert(at, kind);
            }
            Event::BarracksUsed { barracks } => {
                let c = self.cell_of(barracks);
                if let Some(i) = self
                    .board
                    .rules
                    .arena
                    .barracks
                    .iter()
                    .position(|b| b.0 == c)
                {
                    self.akw.spawned[i] = true;
                }
            }
            Event::Moved { unit, to, .. } => {
                let c = self.cell_of(to);
                let from = self.board.units[usize::from(unit)].cell;
                self.vacate(unit);
                self.place(unit, c);
                let rebound = self
                    .board
                    .rules
                    .roster
                    .kind(self.board.units[usize::from(unit)].kind)
                    .rebound;
                let u = &mut self.board.units[usize::from(unit)];
                u.moved = true;
                u.came_from = rebound.then_some(from);
            }
            Event::Rebounded { unit, to, .. } => {
                let c = self.cell_of(to);
                self.vacate(unit);
                self.place(unit, c);
                self.board.units[usize::from(unit)].came_from = None;
            }
            Event::Attacked { unit, .. } => self.board.units[usize::from(unit)].actions += 1,
            Event::AbilityUsed { unit } => self.board.units[usize::from(unit)].ability_used = true,
            Event::Damaged { unit, health, .. } | Event::Healed { unit, health, .. } => {
                self.board.units[usize::from(unit)].health = health;
            }
            Event::Poisoned { unit, poison, by } => {
                let u = &mut self.board.units[usize::from(unit)];
                u.poison = poison;
                u.poisoned_by = by;
            }
            Event::PoisonTicked {
                unit,
                health,
                poison,
                ..
            } => {
                let u = &mut self.board.units[usize::from(unit)];
                u.health = health;
                u.poison = poison;
            }
            Event::Died { unit, corpse, .. } => {
                if let Some(health) = corpse {
                    let u = &mut self.board.units[usize::from(unit)];
                    u.status = Status::Corpse;
                    u.health = health;
                    u.poison = 0;
                    u.revived = true;
                } else {
                    self.vacate(unit);
                    self.board.units[usize::from(unit)].status = Status::Dead;
                }
            }
            Event::CorpseDestroyed { unit } => {
                self.vacate(unit);
                self.board.units[usize::from(unit)].status = Status::Dead;
            }
            Event::Revived { unit, health } => {
                let u = &mut self.board.units[usize::from(unit)];
                u.status = Status::Alive;
                u.health = health;
            }
            Event::BaseDamaged { base, health, .. } => {
                let c = self.cell_of(base);
                if let Some(i) = self.base_at(c) {
                    self.board.bases[i].health = health;
                }
            }
            Event::ObjectiveCaptured { objective, side } => {
                let c = self.cell_of(objective);
                let turn = self.akw.turn;
                if let Some(i) = self.objective_at(c) {
                    let o = &mut self.board.objectives[i];
                    o.owner = Some(side);
                    o.since = turn;
                    o.pending = None;
                }
            }
            Event::ObjectiveNeutralised { objective, unit } => {
                let c = self.cell_of(objective);
                if let Some(i) = self.objective_at(c) {
                    let o = &mut self.board.objectives[i];
                    o.owner = None;
                    o.pending = Some(unit);
                }
            }
            Event::CaptureCancelled { objective } => {
                let c = self.cell_of(objective);
                if let Some(i) = self.objective_at(c) {
                    self.board.objectives[i].pending = None;
                }
            }
            Event::PenaltyIncome {
                side,
                amount,
                turns,
            } => {
                self.akw.income_loss[side] = (amount, turns);
            }
            Event::Stopped {
                side,
                spent,
                ref units,
                ..
            } => {
                match spent {
                    Spent::Move { unit } => self.board.units[usize::from(unit)].moved = true,
                    Spent::Rebound { unit } => self.board.units[usize::from(unit)].came_from = None,
                    Spent::Summon { unit } => {
                        self.board.units[usize::from(unit)].ability_used = true;
                    }
                    Spent::Spawn { barracks } => {
                        let c = self.cell_of(barracks);
                        if let Some(i) = self.arena().barracks.iter().position(|b| b.0 == c) {
                            self.akw.spawned[i] = true;
                        }
                    }
                }
                for &u in units {
                    if !self.revealed_to(u, side) {
                        self.board.revealed.push((u, side));
                    }
                }
            }
            Event::MatchEnded { outcome } => self.board.outcome = Some(outcome),
            Event::OutpostControl { .. } | Event::TurnEnded { .. } | Event::Penalty { .. } => {}
        }
    }

    /// Forgets the units shown to sides: a turn began.
    pub(crate) fn forget_revealed(&mut self) {
        self.board.revealed.clear();
    }

    pub(super) fn push_unit(
        &mut self,
        unit: UnitId,
        kind: KindId,
        side: Side,
        c: Cell,
        summoner: Option<UnitId>,
        arrived: bool,
    ) {
        debug_assert_eq!(
            usize::from(unit),
            self.board.units.len(),
            "unit ids are dense"
        );
        let k = self.board.rules.roster.kind(kind);
        self.board.units.push(Unit {
            id: unit,
            kind,
            side,
            cell: NO_CELL,
            health: k.def.health,
            status: Status::Alive,
            poison: 0,
            poisoned_by: side,
            moved: false,
            actions: 0,
            ability_used: false,
            came_from: None,
            arrived,
            revived: false,
            summoner,
        });
        self.place(unit, c);
    }

    /// Takes every unit and corpse of `side` off the board for good, and
    /// makes the objectives it owns or was taking neutral: what a player's
    /// elimination does to the board (phase-rules-v1). Called only by the
    /// phase-rules state's `apply`.
    pub(in crate::rules) fn remove_player(&mut self, side: Side) {
        let gone: Vec<UnitId> = self
            .board
            .units
            .iter()
            .filter(|u| u.side == side && u.on_board())
            .map(|u| u.id)
            .collect();
        let outposts = self.close_eyes(&gone);
        for &id in &gone {
            self.vacate(id);
            self.board.units[usize::from(id)].status = Status::Dead;
        }
        self.outposts_changed(outposts.into_iter());
        for o in &mut self.board.objectives {
            if o.owner == Some(side) {
                o.owner = None;
            }
            if o.pending.is_some_and(|p| gone.contains(&p)) {
                o.pending = None;
            }
        }
    }
}
