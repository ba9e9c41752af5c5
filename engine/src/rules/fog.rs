//! Fog of war: what each side sees, and [`PlayerView`], the state as one
//! side knows it.
//!
//! A side sees every hex within its living units' sight (hex distance) and
//! within 1 of its bases, plus what its controlled Outposts reveal: the
//! Outpost and every non-bush hex within 2. A unit in a bush is seen by the
//! other side only from the same or an adjacent hex. Map features, base
//! health and objective owners are public; enemy units, the enemy bank and
//! reserve pool are not.
//!
//! What a side cannot see never refuses its command for free: the rules
//! judge a command by what its side knows ([`MatchState::knows_of`]), and a
//! command that hidden units then stop is spent without effect and shows
//! them to the side for the rest of the turn
//! ([`crate::rules::Event::Stopped`]; views keep them).
//!
//! A true state keeps a sight grid up to date as it changes (each player's
//! eyes on each cell), so [`sees_units_at`] on it is one lookup. Views
//! keep none (it would tell where the other players' eyes are): there, and
//! for [`sees_cell`], point queries look at the few units, bases and
//! Outposts involved. [`visible_cells`] computes the whole field from
//! scratch for drawing; a property test checks that all three agree after
//! every command of random play.

use super::arena::{Cell, Site};
use super::state::{BASE_SIGHT, MatchState};
use crate::map::Side;
use crate::validate::OUTPOST_RADIUS;

/// Whether `side` sees cell `c` (the hex, not necessarily a unit in a bush
/// on it).
#[must_use]
pub fn sees_cell(s: &MatchState, side: Side, c: Cell) -> bool {
    let a = s.arena();
    let h = a.hex(c);
    if s.units().iter().any(|u| {
        u.side == side
            && u.alive()
            && a.hex(u.cell).unsigned_distance_to(h) <= u32::from(s.roster().kind(u.kind).def.sight)
    }) {
        return true;
    }
    if s.bases()
        .iter()
        .any(|b| b.side == side && a.hex(b.cell).unsigned_distance_to(h) <= BASE_SIGHT)
    {
        return true;
    }
    let bush = a.site(c) == Site::Bush;
    a.outposts.iter().any(|&o| {
        let d = a.hex(o).unsigned_distance_to(h);
        (d == 0 || (!bush && d <= OUTPOST_RADIUS)) && s.outpost_controller(o) == Some(side)
    })
}

/// Whether `side` sees units standing on cell `c`: it sees the hex, and if
/// the hex is a bush, one of its living units or bases is on it or next to it.
#[must_use]
pub fn sees_units_at(s: &MatchState, side: Side, c: Cell) -> bool {
    if let Some(seen) = s.grid_sees(side, c) {
        return seen;
    }
    if s.arena().site(c) == Site::Bush {
        return close_watch(s, side, c);
    }
    sees_cell(s, side, c)
}

fn close_watch(s: &MatchState, side: Side, c: Cell) -> bool {
    let a = s.arena();
    let h = a.hex(c);
    s.units()
        .iter()
        .any(|u| u.side == side && u.alive() && a.hex(u.cell).unsigned_distance_to(h) <= 1)
        || s.bases()
            .iter()
            .any(|b| b.side == side && a.hex(b.cell).unsigned_distance_to(h) <= 1)
}

/// Everything that gives one side sight, gathered once so that many
/// queries cost only a pass over these few hexes.
#[derive(Clone, Debug, Default)]
pub struct Watch {
    /// Living units: where, and how far they see.
    eyes: Vec<(crate::Hex, u32)>,
    /// The side's bases.
    bases: Vec<crate::Hex>,
    /// Outposts the side controls.
    outposts: Vec<crate::Hex>,
}

impl Watch {
    /// Gathers `side`'s eyes on `s`.
    #[must_use]
    pub fn new(s: &MatchState, side: Side) -> Self {
        let mut w = Self::default();
        w.refill(s, side);
        w
    }

    /// Like [`Self::new`], reusing allocations.
    pub fn refill(&mut self, s: &MatchState, side: Side) {
        let a = s.arena();
        self.eyes.clear();
        self.bases.clear();
        self.outposts.clear();
        for u in s.units().iter().filter(|u| u.side == side && u.alive()) {
            self.eyes
                .push((a.hex(u.cell), u32::from(s.roster().kind(u.kind).def.sight)));
        }
        self.bases.extend(
            s.bases()
                .iter()
                .filter(|b| b.side == side)
                .map(|b| a.hex(b.cell)),
        );
        self.outposts.extend(
            a.outposts
                .iter()
                .filter(|&&o| s.outpost_controller(o) == Some(side))
                .map(|&o| a.hex(o)),
        );
    }

    /// [`sees_units_at`] with the gathered eyes.
    #[must_use]
    pub fn sees_units_at(&self, s: &MatchState, c: Cell) -> bool {
        let a = s.arena();
        let h = a.hex(c);
        if a.site(c) == Site::Bush {
            return self
                .eyes
                .iter()
                .any(|(e, _)| e.unsigned_distance_to(h) <= 1)
                || self.bases.iter().any(|b| b.unsigned_distance_to(h) <= 1);
        }
        self.eyes
            .iter()
            .any(|(e, r)| e.unsigned_distance_to(h) <= *r)
            || self
                .bases
                .iter()
                .any(|b| b.unsigned_distance_to(h) <= BASE_SIGHT)
            || self
                .outposts
                .iter()
                .any(|o| o.unsigned_distance_to(h) <= OUTPOST_RADIUS)
    }
}

/// Per cell: does `side` see units there? (The full recompute.)
#[must_use]
pub fn visible_cells(s: &MatchState, side: Side) -> Vec<bool> {
    let a = s.arena();
    let mut seen = vec![false; a.len()];
    let mut close = vec![false; a.len()];
    let mark = |from: Cell, radius: u32, into: &mut Vec<bool>, skip_bush: bool| {
        let centre = a.hex(from);
        for h in centre.range(radius) {
            if let Some(c) = a.cell(h)
                && !(skip_bush && c != from && a.site(c) == Site::Bush)
            {
                into[usize::from(c)] = true;
            }
        }
    };
    for u in s.units().iter().filter(|u| u.side == side && u.alive()) {
        mark(
            u.cell,
            u32::from(s.roster().kind(u.kind).def.sight),
            &mut seen,
            false,
        );
        mark(u.cell, 1, &mut close, false);
    }
    for b in s.bases().iter().filter(|b| b.side == side) {
        mark(b.cell, BASE_SIGHT, &mut seen, false);
        mark(b.cell, 1, &mut close, false);
    }
    for &o in &a.outposts {
        if s.outpost_controller(o) == Some(side) {
            mark(o, OUTPOST_RADIUS, &mut seen, true);
        }
    }
    for c in 0..a.len() {
        if a.site(c as Cell) == Site::Bush {
            seen[c] = close[c];
        }
    }
    seen
}

/// A match as one side knows it: enemy units it cannot see (and that were
/// not shown to it this turn) are
/// [`Status::Hidden`] (and off the board), the enemy's bank is 0 and its
/// reserve pool empty. Bots decide from this alone; because it is an
/// ordinary [`MatchState`], they can look ahead with the real rules. The
/// fog to draw for a side is [`visible_cells`] of the true state.
#[derive(Clone, Debug)]
pub struct PlayerView {
    /// Whose view.
    pub side: Side,
    /// The state as the side knows it.
    pub state: MatchState,
    /// The side's eyes, kept to reuse their allocations.
    watch: Watch,
}

impl PlayerView {
    /// The view of `side` on a true state.
    #[must_use]
    pub fn new(truth: &MatchState, side: Side) -> Self {
        let mut view = Self {
            side,
            state: truth.clone(),
            watch: Watch::default(),
        };
        view.mask(truth);
        view
    }

    /// Makes this the view of `side` on `truth`, reusing allocations.
    pub fn update(&mut self, truth: &MatchState, side: Side) {
        self.side = side;
        self.mask(truth);
    }

    fn mask(&mut self, truth: &MatchState) {
        mask(&mut self.state, truth, self.side, &mut self.watch);
    }
}

/// Makes `view` what `side` may know of `truth` (see [`PlayerView`]): the
/// board part of every ruleset's view, a copy without a sight grid. When
/// `truth` keeps none, `watch` gathers `side`'s eyes on it.
pub(crate) fn mask(view: &mut MatchState, truth: &MatchState, side: Side, watch: &mut Watch) {
    view.copy_for_view(truth);
    if truth.keeps_sight() {
        view.hide_from(truth, side, |c| truth.grid_sees(side, c) == Some(true));
    } else {
        watch.refill(truth, side);
        view.hide_from(truth, side, |c| watch.sees_units_at(truth, c));
    }
}
