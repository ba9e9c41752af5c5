//! Openings: the first rounds of many matches, summed into heatmaps — where
//! units stood, where they died, and which objectives were taken and when —
//! for every ruleset and player count, in total and per player.
//!
//! A study plays `runs` matches of the prepared scenario with one bot per
//! seat and stops each one at the end of round `rounds` (or earlier, when
//! the match ends). Runs are seated exactly like a [`Rotation`]: run `i`
//! plays [`Rotation::game`]`(i)` of a batch of `runs` matches from the first
//! seed, so with the same bot on every seat every run has its own seed, and
//! with different bots each group of runs shares a seed with the bots
//! rotated around the table (a map's seat advantage is not mixed up with
//! one bot's strength) and no run repeats another. With two players this
//! is the seating of a [`crate::sim::Batch`]. Bots are driven by
//! [`BotTurn`] exactly as in [`crate::sim::play`] and
//! [`crate::rotation::play`]: the first rounds of run `i` are the first
//! rounds of that batch's match `i`.
//!
//! What is counted:
//! - **Presence**: at the end of every turn (the state just before the
//!   command that ends it), each living unit on the board adds one to its
//!   cell; a match that ends during a turn is sampled once more in its
//!   final position. In akw-rules-v1 a turn is one side's, so `rounds`
//!   rounds give `2 × rounds` samples per run that lasts; in
//!   phase-rules-v1 a turn is a whole round of four phases.
//! - **Deaths**: each `Died` event adds one to the cell the unit died on (a
//!   unit that revives and dies again counts twice).
//! - **Objectives**: per run, the first capture of each objective within the
//!   studied rounds (including captures while the armies deployed or the
//!   scenario's opening was played), by player and by round.
//!
//! Presence and deaths are kept per player too (whose units), so each
//! player's heatmap can be drawn alone. Events caused by the turn start
//! after the last studied round (poison, delayed captures) are not counted.
//! Rounds are the match's own round numbers, so a scenario whose opening
//! already reached round `rounds + 1` studies nothing.
//!
//! Results are sums of integers over runs, so they do not depend on the
//! thread count or the order runs finish in.

use crate::Hex;
use crate::bots::{BotKind, HasBots};
use crate::map::{axial, axial_vec};
use crate::player::{PerPlayer, PlayerId};
use crate::rotation::Rotation;
use crate::rules::arena::Cell;
use crate::rules::scenario::Prepared;
use crate::rules::{Event, MatchState, Status};
use crate::ruleset::OnBoard;
use crate::sim::{BotTurn, Capture, EventClock};
use rayon::prelude::*;
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// What to study.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OpeningSpec {
    /// Rounds played in each run (at least 1).
    pub rounds: u32,
    /// Runs (matches).
    pub runs: usize,
    /// The bots, one per seat of the first seating, seated like a
    /// [`Rotation`].
    pub bots: Vec<BotKind>,
    /// First seed.
    pub seed: u64,
}

impl OpeningSpec {
    /// Seed and seating of run `i` (those of match `i` of the same batch).
    #[must_use]
    pub fn game(&self, i: usize) -> (u64, Vec<BotKind>) {
        Rotation {
            matches: self.runs,
            bots: self.bots.clone(),
            seed: self.seed,
        }
        .game(i)
    }
}

/// One objective over a study.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ObjectiveOpening {
    /// The objective.
    #[serde(with = "axial")]
    pub hex: Hex,
    /// Runs in which each player captured it first.
    pub by_side: PerPlayer<usize>,
    /// Per round (index `round - 1`), the runs whose first capture of it
    /// happened in that round, by player.
    pub first_round: Vec<PerPlayer<usize>>,
}

impl ObjectiveOpening {
    /// Runs in which it was captured.
    #[must_use]
    pub fn captured(&self) -> usize {
        self.by_side.iter().sum()
    }

    /// The mean round of its first capture, over the runs that captured it.
    #[must_use]
    pub fn mean_round(&self) -> Option<f64> {
        let n = self.captured();
        let sum: usize = self
            .first_round
            .iter()
            .enumerate()
            .map(|(i, c)| (i + 1) * c.iter().sum::<usize>())
            .sum();
        (n > 0).then(|| sum as f64 / n as f64)
    }
}

/// The heatmaps of a study, written out as JSON (`serde_json`) for a
/// report: hexes as axial `(q, r)` pairs, per-cell counts in the order of
/// `hexes`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Openings {
    /// What was asked.
    pub spec: OpeningSpec,
    /// Runs finished (fewer than asked when cancelled).
    pub runs: usize,
    /// Whether the study was cancelled before every run was played.
    pub cancelled: bool,
    /// The arena's hexes, in cell order (the index of every per-cell count).
    #[serde(with = "axial_vec")]
    pub hexes: Vec<Hex>,
    /// Per cell, the unit-turns spent on it (see the module's notes).
    pub presence: Vec<u64>,
    /// Per cell, the units that died on it.
    pub deaths: Vec<u64>,
    /// Turn-end samples taken, over all runs.
    pub samples: u64,
    /// Per objective (arena order), how often and when it was taken.
    pub objectives: Vec<ObjectiveOpening>,
    /// Per player, per cell: that player's unit-turns (they sum to
    /// `presence`).
    pub presence_by_player: Vec<Vec<u64>>,
    /// Per player, per cell: that player's units that died there (they sum
    /// to `deaths`).
    pub deaths_by_player: Vec<Vec<u64>>,
}

impl Openings {
    /// Players per match.
    #[must_use]
    pub fn players(&self) -> usize {
        self.presence_by_player.len()
    }

    /// Presence per cell: every player's units (`None`) or one player's.
    /// Empty for a player not in the study.
    #[must_use]
    pub fn presence_of(&self, player: Option<PlayerId>) -> &[u64] {
        whose(&self.presence, &self.presence_by_player, player)
    }

    /// Deaths per cell: every player's units (`None`) or one player's.
    #[must_use]
    pub fn deaths_of(&self, player: Option<PlayerId>) -> &[u64] {
        whose(&self.deaths, &self.deaths_by_player, player)
    }

    /// The largest presence count (0 when nothing was sampled).
    #[must_use]
    pub fn max_presence(&self) -> u64 {
        max(&self.presence)
    }

    /// The largest death count.
    #[must_use]
    pub fn max_deaths(&self) -> u64 {
        max(&self.deaths)
    }

    /// The count of a hex in `counts` (presence or deaths), 0 off the
    /// arena.
    #[must_use]
    pub fn at(&self, counts: &[u64], hex: Hex) -> u64 {
        self.hexes
            .binary_search_by_key(&crate::layout::hex_key(hex), |h| crate::layout::hex_key(*h))
            .ok()
            .and_then(|i| counts.get(i).copied())
            .unwrap_or(0)
    }
}

/// Every player's counts (`None`) or one player's (empty for a player not
/// in the study).
fn whose<'a>(total: &'a [u64], by_player: &'a [Vec<u64>], player: Option<PlayerId>) -> &'a [u64] {
    match player {
        None => total,
        Some(p) => by_player.get(p.index()).map_or(&[], Vec::as_slice),
    }
}

/// The largest of `counts` (0 when empty).
#[must_use]
pub fn max(counts: &[u64]) -> u64 {
    counts.iter().copied().max().unwrap_or(0)
}

/// What one run saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningRun {
    /// Per player, per cell: its living units at each turn end.
    pub presence: Vec<Vec<u64>>,
    /// Per player, per cell: its deaths.
    pub deaths: Vec<Vec<u64>>,
    /// Turn ends sampled.
    pub samples: u64,
    /// First capture of each objective within the studied rounds.
    pub first_captures: Vec<Option<Capture>>,
}

impl OpeningRun {
    fn sample(&mut self, standing: &[(PlayerId, Cell)]) {
        for &(p, c) in standing {
            if let Some(row) = self.presence.get_mut(p.index()) {
                row[usize::from(c)] += 1;
            }
        }
        self.samples += 1;
    }

    /// Reads a command's events (or the setup's) up to the end of the
    /// studied rounds; counts deaths when `deaths` is set.
    fn read<R: OnBoard>(
        &mut self,
        clock: &mut EventClock,
        board: &MatchState,
        events: &[R::Event],
        rounds: u32,
        deaths: bool,
    ) {
        for e in events {
            clock.observe::<R>(board.arena(), e);
            if clock.round > rounds {
                break;
            }
            if let Some(&Event::Died { unit, .. }) = R::board_event(e)
                && deaths
            {
                // A unit's cell is kept when it leaves the board.
                let u = &board.units()[usize::from(unit)];
                if let Some(row) = self.deaths.get_mut(u.side.index()) {
                    row[usize::from(u.cell)] += 1;
                }
            }
        }
    }
}

/// The living units of a board, with their players and cells.
fn standing(board: &MatchState, out: &mut Vec<(PlayerId, Cell)>) {
    out.clear();
    out.extend(
        board
            .units()
            .iter()
            .filter(|u| u.status == Status::Alive)
            .map(|u| (u.side, u.cell)),
    );
}

/// Plays the first `rounds` rounds of one match of ruleset `R` (seed and
/// seating as in [`crate::rotation::play`]); `None` when `cancel` was set
/// before it finished (it is read before every command).
#[must_use]
pub fn play_opening<R: HasBots<Setup = Prepared> + OnBoard>(
    prepared: &Prepared,
    seed: u64,
    bots: &[BotKind],
    rounds: u32,
    cancel: &AtomicBool,
) -> Option<OpeningRun> {
    let (mut s, setup) = R::start(prepared, seed);
    let rules = Arc::clone(R::board(&s).rules());
    let cells = rules.arena.len();
    let mut clock = EventClock::new(&rules.arena);
    let mut run = OpeningRun {
        presence: vec![vec![0; cells]; bots.len()],
        deaths: vec![vec![0; cells]; bots.len()],
        samples: 0,
        first_captures: Vec::new(),
    };
    run.read::<R>(&mut clock, R::board(&s), &setup, rounds, false);
    let mut players: Vec<_> = bots
        .iter()
        .zip(PlayerId::all(bots.len()))
        .map(|(k, p)| R::bot_with(*k, seed, p, prepared.search))
        .collect();
    let mut turn = BotTurn::<R>::new(&s);
    let mut events = Vec::new();
    let mut before = Vec::new();
    while R::outcome(&s).is_none() && R::round(&s) <= rounds {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let Some(bot) = R::to_move(&s).and_then(|p| players.get_mut(p.index())) else {
            break;
        };
        let (cmd, _) = turn.next(&s, bot.as_mut());
        let turn_before = R::turn(&s);
        standing(R::board(&s), &mut before);
        events.clear();
        R::execute_unchecked(&mut s, &cmd, &mut events);
        if R::turn(&s) != turn_before {
            run.sample(&before);
        } else if R::outcome(&s).is_some() {
            standing(R::board(&s), &mut before);
            run.sample(&before);
        }
        run.read::<R>(&mut clock, R::board(&s), &events, rounds, true);
    }
    run.first_captures = clock.first;
    Some(run)
}

/// Plays a study of ruleset `R` on the current rayon pool. `progress` gets
/// the number of finished runs (from worker threads); once `cancel` is set,
/// no run starts and runs being played are abandoned, and the result sums
/// the finished runs only (marked `cancelled`).
#[must_use]
pub fn simulate_openings<R: HasBots<Setup = Prepared> + OnBoard>(
    prepared: &Prepared,
    spec: &OpeningSpec,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Openings {
    let arena = &prepared.rules.arena;
    let done = AtomicUsize::new(0);
    let runs: Vec<OpeningRun> = (0..spec.runs)
        .into_par_iter()
        .filter_map(|i| {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let (seed, bots) = spec.game(i);
            let run = play_opening::<R>(prepared, seed, &bots, spec.rounds, cancel)?;
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            Some(run)
        })
        .collect();
    let cells = arena.len();
    let rounds = spec.rounds as usize;
    let players = spec.bots.len();
    let mut out = Openings {
        spec: spec.clone(),
        runs: runs.len(),
        cancelled: runs.len() < spec.runs,
        hexes: arena.hexes().to_vec(),
        presence: vec![0; cells],
        deaths: vec![0; cells],
        samples: 0,
        objectives: arena
            .objectives
            .iter()
            .map(|&c| ObjectiveOpening {
                hex: arena.hex(c),
                by_side: PerPlayer::splat(players, &0),
                first_round: vec![PerPlayer::splat(players, &0); rounds],
            })
            .collect(),
        presence_by_player: vec![vec![0; cells]; players],
        deaths_by_player: vec![vec![0; cells]; players],
    };
    let add = |sum: &mut [u64], x: &[u64]| {
        for (s, x) in sum.iter_mut().zip(x) {
            *s += x;
        }
    };
    for run in &runs {
        for p in 0..players {
            add(&mut out.presence, &run.presence[p]);
            add(&mut out.deaths, &run.deaths[p]);
            add(&mut out.presence_by_player[p], &run.presence[p]);
            add(&mut out.deaths_by_player[p], &run.deaths[p]);
        }
        out.samples += run.samples;
        for (o, c) in out.objectives.iter_mut().zip(&run.first_captures) {
            if let Some(c) = c {
                let Some(n) = o.by_side.get_mut(c.side) else {
                    continue;
                };
                *n += 1;
                let r = (c.round.max(1) - 1) as usize;
                if r >= o.first_round.len() {
                    o.first_round.resize(r + 1, PerPlayer::splat(players, &0));
                }
                o.first_round[r][c.side] += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
