//! The evaluation the greedy and planner bots maximise, from one side's
//! point of view, on that side's view of the match. Documented in
//! `docs/bots.md`; in short (all terms "mine minus the enemy's"):
//!
//! - a won match is worth +10,000 (lost −10,000);
//! - each point of damage on an enemy base is worth 40;
//! - each owned Energy objective 12, a delayed capture in progress 6;
//! - each controlled Outpost 3;
//! - banked Energy: 1 each up to 10, 0.2 each above (it is lost at the cap);
//! - each unit on the board its worth (2 + 2 × selection points) scaled by
//!   health (half at 0 health, full at full health), a Revive corpse half its
//!   worth, each point of poison −0.8;
//! - each of *my* living units: −0.4 per step to the enemy base; +0.6 per
//!   step closer than 5 to the nearest objective my side does not own; +0.4
//!   per hex closer than 4 to the nearest visible enemy (counted beyond the
//!   unit's attack range).
//!
//! Steps are precomputed per map (breadth-first over usable hexes, bases
//! impassable): to the enemy bases from every cell, and to the objectives
//! only from the cells within reach of their pull, so that a decision's
//! cost does not grow with the number of objectives. [`Evaluator::move_delta`] gives the exact change of a move
//! without executing it; a test checks it against a full evaluation.

use crate::Hex;
use crate::map::Side;
use crate::player::PerPlayer;
use crate::rules::arena::{Arena, Cell, NO_CELL, Site};
use crate::rules::roster::KindId;
use crate::rules::state::{BASE_HEALTH, MatchState, NO_UNIT, Outcome, Status, Unit, UnitId};
use std::sync::Arc;

/// Score of a won match.
pub const WIN: f64 = 10_000.0;
const BASE_POINT: f64 = 40.0;
const OBJECTIVE: f64 = 12.0;
const PENDING: f64 = 6.0;
const OUTPOST: f64 = 3.0;
const ENERGY: f64 = 1.0;
const ENERGY_FULL: u8 = 10;
const ENERGY_SURPLUS: f64 = 0.2;
const POISON: f64 = 0.8;
const BASE_STEP: f64 = 0.4;
const OBJECTIVE_PULL: f64 = 0.6;
const OBJECTIVE_REACH: u16 = 5;
const ENEMY_PULL: f64 = 0.4;
const ENEMY_REACH: u32 = 4;
const FAR: u16 = 60;

/// What a side's units are drawn to in one state: visible enemy units and
/// objectives the side does not own. Gathered once per decision.
#[derive(Clone, Debug, Default)]
pub struct Targets {
    side: Side,
    enemies: Vec<Hex>,
    /// Per objective: whether the side does not own it (pulls its units).
    wanted: Vec<bool>,
}

impl Targets {
    /// The targets of `side`'s units in `s`.
    #[must_use]
    pub fn of(s: &MatchState, side: Side) -> Self {
        let a = s.arena();
        Self {
            side,
            enemies: s
                .units()
                .iter()
                .filter(|e| e.side != side && e.on_board())
                .map(|e| a.hex(e.cell))
                .collect(),
            wanted: s
                .objectives()
                .iter()
                .map(|o| o.owner != Some(side))
                .collect(),
        }
    }
}

/// Precomputed step distances for one board.
#[derive(Debug)]
pub struct Evaluator {
    rules: usize,
    /// Whether the base fields lead to standing bases only, and which
    /// bases stood when they were built (see [`Evaluator::standing`]).
    standing: Option<Vec<bool>>,
    /// Per side: steps from each cell to the nearest base of the *other* side.
    to_enemy_base: PerPlayer<Vec<u16>>,
    /// The objectives within pull of each cell, with their steps: cell
    /// `c`'s are `near[near_start[c]..near_start[c + 1]]`.
    near_start: Vec<u32>,
    near: Vec<(u16, u16)>,
}

fn field(a: &Arena, sources: &[Cell]) -> Vec<u16> {
    let mut d = vec![u16::MAX; a.len()];
    spread(a, sources, u16::MAX, &mut d, &mut Vec::new());
    d
}

/// Steps from the nearest of `sources` over usable cells, with bases
/// impassable (reached, not crossed), written into `d` (all `u16::MAX`
/// before) for the cells at most `reach` steps away, which are listed in
/// `reached` (sources first, nearer before farther): a search that costs
/// what it reaches, so that `d` can be cleared from `reached` for the next.
fn spread(a: &Arena, sources: &[Cell], reach: u16, d: &mut [u16], reached: &mut Vec<Cell>) {
    reached.clear();
    for &s in sources {
        if d[usize::from(s)] == u16::MAX {
            d[usize::from(s)] = 0;
            reached.push(s);
        }
    }
    let mut next = 0;
    while let Some(&c) = reached.get(next) {
        next += 1;
        let dc = d[usize::from(c)];
        if dc >= reach || (dc > 0 && matches!(a.site(c), Site::Base(_))) {
            continue;
        }
        for &n in a.neighbours(c) {
            if n == NO_CELL || d[usize::from(n)] != u16::MAX {
                continue;
            }
            d[usize::from(n)] = dc + 1;
            reached.push(n);
        }
    }
}

impl Evaluator {
    /// The evaluator for a match's board.
    #[must_use]
    pub fn new(s: &MatchState) -> Self {
        Self::build(s, None)
    }

    /// Like [`Self::new`], but the pull towards enemy bases leads to the
    /// bases still standing only, and [`Self::fits`] asks for a new
    /// evaluator once one falls: for turn systems where a match goes on
    /// after a base falls (phase-rules-v1 eliminates players one by one).
    #[must_use]
    pub fn standing(s: &MatchState) -> Self {
        Self::build(s, Some(s.bases().iter().map(|b| b.health > 0).collect()))
    }

    fn build(s: &MatchState, standing: Option<Vec<bool>>) -> Self {
        let a = s.arena();
        let up = |i: usize| standing.as_ref().is_none_or(|st| st[i]);
        let bases = |side: Side| -> Vec<Cell> {
            a.bases
                .iter()
                .enumerate()
                .filter(|(i, b)| b.1 != side && up(*i))
                .map(|(_, b)| b.0)
                .collect()
        };
        Self {
            rules: Arc::as_ptr(s.rules()) as usize,
            to_enemy_base: PerPlayer::from_fn(s.players(), |p| field(a, &bases(p))),
            standing,
            ..Self::near_objectives(a)
        }
    }

    /// The sparse objective fields: for each cell, the objectives less than
    /// [`OBJECTIVE_REACH`] steps away (farther ones do not pull).
    fn near_objectives(a: &Arena) -> Self {
        let mut entries: Vec<(u32, u16, u16)> = Vec::new();
        // One distance array for every objective, cleared from the cells
        // each reached: an objective costs the few cells within its pull,
        // not the board (3,000 objectives on 56,644 cells took seconds).
        let mut d = vec![u16::MAX; a.len()];
        let mut reached = Vec::new();
        for (i, &o) in a.objectives.iter().enumerate() {
            let i = u16::try_from(i).unwrap_or(u16::MAX);
            spread(a, &[o], OBJECTIVE_REACH - 1, &mut d, &mut reached);
            for &c in &reached {
                entries.push((u32::from(c), i, d[usize::from(c)]));
                d[usize::from(c)] = u16::MAX;
            }
        }
        entries.sort_unstable();
        let mut near_start = vec![0_u32; a.len() + 1];
        for &(c, ..) in &entries {
            near_start[c as usize + 1] += 1;
        }
        for c in 0..a.len() {
            near_start[c + 1] += near_start[c];
        }
        Self {
            rules: 0,
            standing: None,
            to_enemy_base: PerPlayer::default(),
            near_start,
            near: entries.into_iter().map(|(_, i, d)| (i, d)).collect(),
        }
    }

    /// Steps from `c` to the nearest objective `t`'s side does not own,
    /// when it is within pull; else `u16::MAX`.
    fn near_objective(&self, t: &Targets, c: Cell) -> u16 {
        let c = usize::from(c);
        let span = self.near_start[c] as usize..self.near_start[c + 1] as usize;
        self.near[span]
            .iter()
            .filter(|(i, _)| t.wanted.get(usize::from(*i)).copied().unwrap_or(false))
            .map(|&(_, d)| d)
            .min()
            .unwrap_or(u16::MAX)
    }

    /// Whether this evaluator was built for the match's board.
    #[must_use]
    pub fn fits(&self, s: &MatchState) -> bool {
        self.rules == Arc::as_ptr(s.rules()) as usize
            && self.standing.as_ref().is_none_or(|st| {
                st.iter()
                    .zip(s.bases())
                    .all(|(&up, b)| up == (b.health > 0))
            })
    }

    /// The position term of a unit of `side` with attack range `range` on
    /// cell `c`: progress towards the enemy base, pull towards objectives the
    /// side does not own and towards visible enemies.
    fn position(&self, s: &MatchState, t: &Targets, c: Cell, range: u8) -> f64 {
        let [to_base, objective, enemy] = self.position_parts(s, t, c, range);
        -BASE_STEP * to_base + OBJECTIVE_PULL * objective + ENEMY_PULL * enemy
    }

    /// The three parts of a unit's position term, unweighted: steps to the
    /// enemy base (at most 60), steps closer than 5 to the nearest wanted
    /// objective, hexes closer than 4 to the nearest visible enemy beyond
    /// attack range `range`.
    #[must_use]
    pub fn position_parts(&self, s: &MatchState, t: &Targets, c: Cell, range: u8) -> [f64; 3] {
        let to_base = self.to_enemy_base[t.side][usize::from(c)].min(FAR);
        let near_objective = self.near_objective(t, c);
        let h = s.arena().hex(c);
        let mut near_enemy = u32::MAX;
        for e in &t.enemies {
            near_enemy = near_enemy.min(e.unsigned_distance_to(h).saturating_sub(u32::from(range)));
        }
        [
            f64::from(to_base),
            f64::from(OBJECTIVE_REACH.saturating_sub(near_objective)),
            f64::from(ENEMY_REACH.saturating_sub(near_enemy)),
        ]
    }

    fn unit_term(&self, s: &MatchState, t: &Targets, u: &Unit, c: Cell) -> f64 {
        let kind = s.roster().kind(u.kind);
        let worth = 2.0 + 2.0 * f64::from(kind.def.class.points());
        match u.status {
            Status::Alive => {
                let h = f64::from(u.health) / f64::from(kind.def.health.max(1));
                let position = if u.side == t.side {
                    self.position(s, t, c, kind.def.range)
                } else {
                    0.0
                };
                worth * (0.5 + 0.5 * h) - POISON * f64::from(u.poison) + position
            }
            Status::Corpse => 0.5 * worth,
            Status::Dead | Status::Hidden => 0.0,
        }
    }

    /// The value of a bank: Energy up to [`ENERGY_FULL`] is worth
    /// [`ENERGY`] each, more only a little (it is lost at the cap).
    fn bank(e: u8) -> f64 {
        let e = f64::from(e);
        let full = f64::from(ENERGY_FULL);
        ENERGY * e.min(full) + ENERGY_SURPLUS * (e - full).max(0.0)
    }

    fn objective_term(s: &MatchState, me: Side) -> f64 {
        let mut v = 0.0;
        for o in s.objectives() {
            match o.owner {
                Some(x) if x == me => v += OBJECTIVE,
                Some(_) => v -= OBJECTIVE,
                None => {}
            }
            if let Some(p) = o.pending {
                v += if s.units()[usize::from(p)].side == me {
                    PENDING
                } else {
                    -PENDING
                };
            }
        }
        v
    }

    fn outpost_term(s: &MatchState, me: Side) -> f64 {
        let mut v = 0.0;
        for &o in &s.arena().outposts {
            match s.outpost_controller(o) {
                Some(x) if x == me => v += OUTPOST,
                Some(_) => v -= OUTPOST,
                None => {}
            }
        }
        v
    }

    /// The position term of a unit where it stands (see the module docs).
    #[must_use]
    pub fn position_of(&self, s: &MatchState, u: &Unit) -> f64 {
        let t = Targets::of(s, u.side);
        self.position(s, &t, u.cell, s.roster().kind(u.kind).def.range)
    }

    /// Steps from a cell to the nearest base of the other side of `side`.
    #[must_use]
    pub fn base_steps(&self, side: Side, c: Cell) -> u16 {
        self.to_enemy_base[side][usize::from(c)]
    }

    /// The evaluation of `s` for side `me`.
    #[must_use]
    pub fn evaluate(&self, s: &MatchState, me: Side) -> f64 {
        match s.outcome() {
            Some(Outcome::Won(w)) => return if w == me { WIN } else { -WIN },
            Some(Outcome::Draw) => return 0.0,
            None => {}
        }
        let mut v = 0.0;
        for b in s.bases() {
            let dmg = f64::from(BASE_HEALTH.saturating_sub(b.health));
            v += if b.side == me {
                -BASE_POINT * dmg
            } else {
                BASE_POINT * dmg
            };
        }
        v += Self::objective_term(s, me) + Self::outpost_term(s, me);
        v += Self::bank(s.energy()[me])
            - me.others(s.players())
                .map(|p| Self::bank(s.energy()[p]))
                .sum::<f64>();
        let t = Targets::of(s, me);
        for u in s.units() {
            let term = self.unit_term(s, &t, u, u.cell);
            v += if u.side == me { term } else { -term };
        }
        v
    }

    /// The exact change of [`Self::evaluate`] for `me` if unit `unit` (of
    /// side `me`, to move) moved to `to` for 1 Energy, computed without
    /// executing the move. `None` when the move would change an objective's
    /// owner (goals of many units change then; execute it instead).
    #[must_use]
    pub fn move_delta(&self, s: &MatchState, t: &Targets, unit: &Unit, to: Cell) -> Option<f64> {
        let me = t.side;
        let from = unit.cell;
        let mut d = self.unit_term(s, t, unit, to) - self.unit_term(s, t, unit, from);
        let bank = s.energy()[me];
        d += Self::bank(bank.saturating_sub(1)) - Self::bank(bank);
        let objectives = s.objectives();
        if let Some(o) = s.objective_at(to).map(|i| &objectives[i])
            && o.owner != Some(me)
        {
            return None;
        }
        if let Some(o) = s.objective_at(from).map(|i| &objectives[i])
            && o.pending == Some(unit.id)
        {
            d -= PENDING;
        }
        d += outpost_change(s, me, from, unit.id, None);
        d += outpost_change(s, me, to, unit.id, Some(unit.side));
        Some(d)
    }

    /// The exact change of [`Self::evaluate`] for `me` (to move) if a
    /// barracks spawned a unit of `kind` on `to` for its cost. `None` when
    /// `to` holds an objective (execute it instead).
    #[must_use]
    pub fn spawn_delta(&self, s: &MatchState, t: &Targets, kind: KindId, to: Cell) -> Option<f64> {
        let me = t.side;
        if s.objective_at(to).is_some() {
            return None;
        }
        let k = s.roster().kind(kind);
        let bank = s.energy()[me];
        let mut d = Self::bank(bank.saturating_sub(k.def.cost.unwrap_or(0))) - Self::bank(bank);
        let unit = Unit {
            id: NO_UNIT,
            kind,
            side: me,
            cell: to,
            health: k.def.health,
            status: Status::Alive,
            poison: 0,
            poisoned_by: me,
            moved: false,
            actions: 0,
            ability_used: false,
            came_from: None,
            arrived: true,
            revived: false,
            summoner: None,
        };
        d += self.unit_term(s, t, &unit, to);
        d += outpost_change(s, me, to, NO_UNIT, Some(me));
        Some(d)
    }
}

/// The change of the Outpost term for `me` on cell `c` if unit `leaving`
/// left it and a unit of side `arriving` came.
fn outpost_change(
    s: &MatchState,
    me: Side,
    c: Cell,
    leaving: UnitId,
    arriving: Option<Side>,
) -> f64 {
    if s.arena().site(c) != Site::Outpost {
        return 0.0;
    }
    let before = s.outpost_controller(c);
    let mut sides = s
        .units_at(c)
        .filter(|o| o.alive() && o.id != leaving)
        .map(|o| o.side)
        .chain(arriving);
    let first = sides.next();
    let after = if sides.all(|x| Some(x) == first) {
        first
    } else {
        None
    };
    let val = |x: Option<Side>| match x {
        Some(x) if x == me => OUTPOST,
        Some(_) => -OUTPOST,
        None => 0.0,
    };
    val(after) - val(before)
}

/// Evaluates `s` for side `me` (builds an [`Evaluator`]; bots keep one).
#[must_use]
pub fn evaluate(s: &MatchState, me: Side) -> f64 {
    Evaluator::new(s).evaluate(s, me)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotKind;
    use crate::rules::UnitCommand;
    use crate::rules::{Command, PlayerView, execute, legal};
    use crate::sim::tests::prepared_with_seed;
    use crate::sim::{self, PlayOptions};

    /// `move_delta` and `spawn_delta` are exact: they equal the change of a
    /// full evaluation after executing the command, on every view met in a
    /// few greedy matches.
    #[test]
    fn deltas_equal_full_evaluation() {
        let mut checked = 0;
        for name in ["twin-fords.ron", "broken-crown.ron"] {
            let p = prepared_with_seed(name, 2, 60);
            let r = sim::play(
                &p,
                2,
                [BotKind::Greedy, BotKind::Random],
                PlayOptions { record: true },
            );
            let (mut s, _) = p.new_match_with_seed(2);
            let mut events = Vec::new();
            for (i, cmd) in r.commands.iter().enumerate() {
                if i % 5 == 0 {
                    let view = PlayerView::new(&s, s.side());
                    let v = &view.state;
                    let eval = Evaluator::new(v);
                    let t = Targets::of(v, view.side);
                    let base = eval.evaluate(v, view.side);
                    for c in legal(v) {
                        let delta = match &c {
                            Command::Unit(UnitCommand::Move { unit, to }) => eval.move_delta(
                                v,
                                &t,
                                &v.units()[usize::from(*unit)],
                                v.arena().cell(*to).unwrap(),
                            ),
                            Command::Spawn { kind, to, .. } => eval.spawn_delta(
                                v,
                                &t,
                                v.roster().kind_by_name(kind).unwrap(),
                                v.arena().cell(*to).unwrap(),
                            ),
                            _ => None,
                        };
                        if let Some(d) = delta {
                            let mut w = v.clone();
                            execute(&mut w, &c, &mut Vec::new()).unwrap();
                            let full = eval.evaluate(&w, view.side) - base;
                            assert!(
                                (full - d).abs() < 1e-9,
                                "{name} {c}: delta {d} but full {full}"
                            );
                            checked += 1;
                        }
                    }
                }
                execute(&mut s, cmd, &mut events).unwrap();
            }
        }
        assert!(checked > 1000, "only {checked} deltas checked");
    }
}
