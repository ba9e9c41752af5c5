//! The sight grid: for each player, how many of its eyes see units on each
//! cell, kept up to date by [`MatchState::apply`] so that a fog query on a
//! true state is one lookup.
//!
//! An eye is what [`crate::rules::fog`] says gives sight: a living unit on
//! the board (every non-bush hex within its sight, every bush hex under or
//! next to it), a base (every hex within 1) and a controlled Outpost (every
//! non-bush hex within 2). A cell's count is the number of the player's
//! eyes that see units on it, so the player sees units there exactly when
//! the count is not 0 — what [`crate::rules::fog::visible_cells`] computes
//! from scratch, which a property test checks after every command of
//! random play.
//!
//! Only true states keep a grid. A player's view leaves it off (it would
//! tell where the other players' eyes are); a state without one answers
//! fog queries from its units, bases and Outposts.

use super::{BASE_SIGHT, MatchState, UnitId};
use crate::map::Side;
use crate::rules::arena::{Arena, Cell, NO_CELL, Site};
use crate::rules::event::Event;
use crate::validate::OUTPOST_RADIUS;

/// Per player and cell, the number of the player's eyes that see units
/// there; empty when the state keeps no grid.
#[derive(Clone, Debug, Default)]
pub(super) struct Sight {
    cells: usize,
    counts: Vec<u16>,
}

/// Whether an eye opens or closes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    Open,
    Close,
}

impl Sight {
    /// A grid for `players` on `arena` with the bases' eyes (no unit is on
    /// the board yet, so no Outpost is controlled).
    pub(super) fn new(arena: &Arena, players: usize) -> Self {
        let mut sight = Self {
            cells: arena.len(),
            counts: vec![0; arena.len() * players],
        };
        for &(c, side) in &arena.bases {
            sight.eye(arena, side, c, BASE_SIGHT, Some(1), Change::Open);
        }
        sight
    }

    /// Whether `side` sees units on `c`, when the state keeps a grid.
    #[inline]
    pub(super) fn sees(&self, side: Side, c: Cell) -> Option<bool> {
        let i = side.index() * self.cells + usize::from(c);
        self.counts.get(i).map(|&n| n > 0)
    }

    /// Keeps no grid (a view's state).
    pub(super) fn turn_off(&mut self) {
        self.cells = 0;
        self.counts.clear();
    }

    /// Whether the state keeps a grid.
    pub(super) fn is_on(&self) -> bool {
        !self.counts.is_empty()
    }

    fn outpost(&mut self, a: &Arena, side: Side, at: Cell, change: Change) {
        self.eye(a, side, at, OUTPOST_RADIUS, None, change);
    }

    /// Opens or closes one eye of `side` at `at`: it sees units on every
    /// non-bush cell within `radius`, and on every bush cell within
    /// `close` (on none when `close` is `None`).
    fn eye(
        &mut self,
        a: &Arena,
        side: Side,
        at: Cell,
        radius: u32,
        close: Option<u32>,
        change: Change,
    ) {
        let row = side.index() * self.cells;
        let counts = &mut self.counts[row..row + self.cells];
        let mut count = |c: Cell, bush: bool| {
            if (a.site(c) == Site::Bush) == bush {
                let n = &mut counts[usize::from(c)];
                match change {
                    Change::Open => *n += 1,
                    Change::Close => *n -= 1,
                }
            }
        };
        a.for_each_within(at, radius, |c| count(c, false));
        if let Some(close) = close {
            a.for_each_within(at, close, |c| count(c, true));
        }
    }
}

impl MatchState {
    /// Applies `event` with the sight grid kept up to date around it: the
    /// eyes of the unit it touches, and those of the Outposts that unit
    /// leaves or enters, close before the change and open after it.
    pub(super) fn apply_seen(&mut self, event: &Event) {
        let Some((unit, to)) = touched(self, event).filter(|_| self.board.sight.is_on()) else {
            self.apply_event(event);
            return;
        };
        let from = self
            .board
            .units
            .get(usize::from(unit))
            .map(|u| u.cell)
            .filter(|&c| c != NO_CELL);
        let to = to.filter(|&c| Some(c) != from);
        let a = self.arena();
        let outposts = [from, to].map(|c| {
            c.filter(|&c| a.site(c) == Site::Outpost)
                .map(|c| (c, self.outpost_controller(c)))
        });
        self.unit_eyes(unit, Change::Close);
        self.apply_event(event);
        self.unit_eyes(unit, Change::Open);
        self.outposts_changed(outposts.iter().flatten().copied());
    }

    /// Closes the eyes of units about to leave the board for good (and
    /// returns the Outposts' controllers before), for
    /// [`MatchState::remove_player`].
    pub(super) fn close_eyes(&mut self, units: &[UnitId]) -> Vec<(Cell, Option<Side>)> {
        if !self.board.sight.is_on() {
            return Vec::new();
        }
        let before = self
            .arena()
            .outposts
            .iter()
            .map(|&o| (o, self.outpost_controller(o)))
            .collect();
        for &u in units {
            self.unit_eyes(u, Change::Close);
        }
        before
    }

    /// Moves the eyes of the Outposts whose controller is no longer the
    /// one given.
    pub(super) fn outposts_changed(&mut self, before: impl Iterator<Item = (Cell, Option<Side>)>) {
        for (o, was) in before {
            let now = self.outpost_controller(o);
            if now == was {
                continue;
            }
            let rules = &self.board.rules;
            let sight = &mut self.board.sight;
            if let Some(side) = was {
                sight.outpost(&rules.arena, side, o, Change::Close);
            }
            if let Some(side) = now {
                sight.outpost(&rules.arena, side, o, Change::Open);
            }
        }
    }

    /// Opens or closes the eyes of a living unit on the board.
    fn unit_eyes(&mut self, unit: UnitId, change: Change) {
        let Some(u) = self.board.units.get(usize::from(unit)) else {
            return;
        };
        if !u.alive() || u.cell == NO_CELL {
            return;
        }
        let rules = &self.board.rules;
        let sight = u32::from(rules.roster.kind(u.kind).def.sight);
        let (side, at) = (u.side, u.cell);
        self.board
            .sight
            .eye(&rules.arena, side, at, sight, Some(1), change);
    }
}

/// The unit whose eyes an event may change, and the cell it comes to.
fn touched(s: &MatchState, event: &Event) -> Option<(UnitId, Option<Cell>)> {
    let a = s.arena();
    match *event {
        Event::Deployed { unit, hex, .. }
        | Event::Spawned { unit, hex, .. }
        | Event::Summoned { unit, hex, .. }
        | Event::Moved { unit, to: hex, .. }
        | Event::Rebounded { unit, to: hex, .. } => Some((unit, a.cell(hex))),
        Event::Died { unit, .. } | Event::Revived { unit, .. } => Some((unit, None)),
        _ => None,
    }
}
