//! What a searching bot remembers of the enemy units it has seen, and how
//! it imagines the ones it cannot see now: the board half of a
//! determinization, shared by both rulesets (their boards are the same
//! [`MatchState`]).
//!
//! A hidden enemy unit is stood on a cell its side could have reached that
//! the bot's side cannot see: near where it was last seen (farther the
//! longer ago), or, never seen, near its side's bases. Everything used is
//! in the bot's own views: the memory is built from them alone.

use crate::map::Side;
use crate::rules::arena::{Cell, NO_CELL};
use crate::rules::fog;
use crate::rules::state::{MatchState, Status, UnitId};
use rand::Rng;
use std::collections::BTreeMap;

/// How far (in hexes) a hidden unit may have gone per turn since it was
/// last seen, and the most that is imagined.
const DRIFT_PER_TURN: u32 = 2;
const MAX_DRIFT: u32 = 8;
/// How far from its side's bases a never-seen unit is imagined.
const HOME: u32 = 4;

/// Where each enemy unit was last seen, with its health and the turn.
#[derive(Clone, Debug, Default)]
pub(crate) struct Sightings {
    last: BTreeMap<UnitId, (Cell, u8, u32)>,
    cells: Vec<Cell>,
}

impl Sightings {
    /// Records what `view` (the board `me` sees on turn `turn`) shows.
    pub fn observe(&mut self, view: &MatchState, me: Side, turn: u32) {
        for u in view.units() {
            if u.side == me {
                continue;
            }
            match u.status {
                Status::Alive | Status::Corpse if u.cell != NO_CELL => {
                    self.last.insert(u.id, (u.cell, u.health, turn));
                }
                Status::Dead => {
                    self.last.remove(&u.id);
                }
                _ => {}
            }
        }
    }

    /// Stands every hidden enemy unit of `board` (a view of `me`'s) on a
    /// cell `me` cannot see, chosen with `rng`; a unit with nowhere to go
    /// stays hidden.
    pub fn imagine(&mut self, board: &mut MatchState, me: Side, turn: u32, rng: &mut impl Rng) {
        let hidden: Vec<(UnitId, Side, u8)> = board
            .units()
            .iter()
            .filter(|u| u.side != me && u.status == Status::Hidden)
            .map(|u| (u.id, u.side, board.roster().kind(u.kind).def.health))
            .collect();
        for (id, side, max) in hidden {
            let (centre, radius, health) = match self.last.get(&id) {
                Some(&(cell, health, seen)) => (
                    vec![cell],
                    (DRIFT_PER_TURN * (turn.saturating_sub(seen) + 1)).min(MAX_DRIFT),
                    health,
                ),
                None => (
                    board
                        .bases()
                        .iter()
                        .filter(|b| b.side == side)
                        .map(|b| b.cell)
                        .collect(),
                    HOME,
                    max,
                ),
            };
            self.cells.clear();
            let a = board.arena();
            for c in 0..a.len() {
                let c = Cell::try_from(c).unwrap_or(NO_CELL);
                if c == NO_CELL || board.site_blocks(c) || board.units_at(c).next().is_some() {
                    continue;
                }
                let h = a.hex(c);
                if centre
                    .iter()
                    .all(|&o| a.hex(o).unsigned_distance_to(h) > radius)
                {
                    continue;
                }
                if fog::sees_units_at(board, me, c) {
                    continue;
                }
                self.cells.push(c);
            }
            if self.cells.is_empty() {
                continue;
            }
            let c = self.cells[rng.random_range(0..self.cells.len())];
            board.imagine_unit(id, c, health);
        }
    }
}
