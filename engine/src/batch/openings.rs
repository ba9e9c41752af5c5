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
mod tests {
    use super::*;
    use crate::format;
    use crate::map::Side;
    use crate::rules::Command;
    use crate::rules::scenario::Scenario;
    use crate::rules::{Roster, execute};
    use crate::ruleset::AkwRulesV1;
    use crate::sim::{PlayOptions, play};
    use std::path::Path;

    fn prepared(file: &str) -> Prepared {
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        let map = format::load_map(&maps.join(file)).unwrap();
        Scenario::for_map(map, 1, 60)
            .prepare(&maps, &Roster::bundled(), "t")
            .unwrap()
    }

    fn spec(rounds: u32, runs: usize) -> OpeningSpec {
        OpeningSpec {
            rounds,
            runs,
            bots: vec![BotKind::Greedy, BotKind::Random],
            seed: 7,
        }
    }

    /// A full match's first captures, kept only within the first `rounds`.
    fn within_rounds(captures: &[Option<Capture>], rounds: u32) -> Vec<Option<Capture>> {
        captures
            .iter()
            .map(|c| c.filter(|c| c.round <= rounds))
            .collect()
    }

    fn never() -> AtomicBool {
        AtomicBool::new(false)
    }

    /// Recounts a study from full matches played by `sim::play`: replays
    /// each match's first `rounds` rounds command by command and polls the
    /// state (living units at each turn end, units that stopped being alive,
    /// objectives that got an owner).
    fn recount(p: &Prepared, spec: &OpeningSpec) -> (Vec<u64>, Vec<u64>, u64, Vec<[usize; 2]>) {
        let cells = p.rules.arena.len();
        let (mut presence, mut deaths, mut samples) = (vec![0; cells], vec![0; cells], 0);
        let mut taken = vec![[0usize; 2]; p.rules.arena.objectives.len()];
        let limit = spec.rounds * 2;
        for i in 0..spec.runs {
            let (seed, bots) = spec.game(i);
            let r = play(
                p,
                seed,
                PerPlayer::from_vec(bots),
                PlayOptions { record: true },
            );
            let (mut s, _) = p.new_match_with_seed(seed);
            let mut first: Vec<Option<Side>> = s.objectives().iter().map(|o| o.owner).collect();
            for cmd in &r.commands {
                if s.turn() >= limit || s.outcome().is_some() {
                    break;
                }
                if *cmd == Command::EndTurn {
                    samples += 1;
                    for u in s.units().iter().filter(|u| u.alive()) {
                        presence[usize::from(u.cell)] += 1;
                    }
                }
                let before: Vec<bool> = s.units().iter().map(crate::rules::Unit::alive).collect();
                let mut events = Vec::new();
                execute(&mut s, cmd, &mut events).unwrap();
                if s.turn() >= limit {
                    // Only the turn start of the next round happened since.
                    continue;
                }
                for (u, was) in s.units().iter().zip(before) {
                    if was && !u.alive() {
                        deaths[usize::from(u.cell)] += 1;
                    }
                }
                for (i, o) in s.objectives().iter().enumerate() {
                    if first[i].is_none() {
                        first[i] = o.owner;
                    }
                }
                if *cmd != Command::EndTurn && s.outcome().is_some() {
                    samples += 1;
                    for u in s.units().iter().filter(|u| u.alive()) {
                        presence[usize::from(u.cell)] += 1;
                    }
                }
            }
            for (t, f) in taken.iter_mut().zip(first) {
                if let Some(side) = f {
                    t[usize::from(side)] += 1;
                }
            }
        }
        (presence, deaths, samples, taken)
    }

    #[test]
    fn counts_match_a_recount_from_full_matches() {
        let p = prepared("twin-fords.ron");
        let spec = spec(12, 6);
        let o = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &never());
        assert_eq!(o.runs, 6);
        assert!(!o.cancelled);
        let (presence, deaths, samples, taken) = recount(&p, &spec);
        assert_eq!(o.presence, presence);
        assert_eq!(o.deaths, deaths);
        assert_eq!(o.samples, samples);
        let by_side: Vec<[usize; 2]> = o
            .objectives
            .iter()
            .map(|x| [x.by_side[PlayerId(0)], x.by_side[PlayerId(1)]])
            .collect();
        assert_eq!(by_side, taken);
        assert!(o.presence.iter().sum::<u64>() > 0);
        assert!(o.deaths.iter().sum::<u64>() > 0, "units die in 12 rounds");
        // At most 24 turn ends per run (fewer when a match ends early).
        assert!(o.samples <= 6 * 24);
    }

    #[test]
    fn presence_sums_to_the_units_on_board_at_every_sample() {
        let p = prepared("broken-crown.ron");
        let spec = spec(3, 4);
        let cancel = never();
        let mut total = 0u64;
        let mut samples = 0u64;
        for i in 0..spec.runs {
            let (seed, bots) = spec.game(i);
            let run = play_opening::<AkwRulesV1>(&p, seed, &bots, spec.rounds, &cancel).unwrap();
            samples += run.samples;
            total += run.presence.iter().flatten().sum::<u64>();
        }
        let o = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &cancel);
        assert_eq!(o.samples, samples);
        assert_eq!(o.presence.iter().sum::<u64>(), total);
        // Every sample sees at least the deployed armies' survivors.
        assert!(total >= o.samples);
    }

    #[test]
    fn the_same_study_gives_the_same_heatmaps_on_any_thread_count() {
        let p = prepared("twin-fords.ron");
        let spec = spec(3, 5);
        let a = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &never());
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let b = one.install(|| simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &never()));
        let c = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &never());
        assert_eq!(a, b);
        assert_eq!(a, c);
    }

    #[test]
    fn one_round_sees_round_one_only() {
        let p = prepared("twin-fords.ron");
        let spec = spec(1, 4);
        let o = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &never());
        assert_eq!(o.samples, 4 * 2, "two turn ends per run");
        for obj in &o.objectives {
            assert_eq!(obj.first_round.len(), 1);
            assert_eq!(
                obj.first_round[0][PlayerId(0)] + obj.first_round[0][PlayerId(1)],
                obj.captured()
            );
            if obj.captured() > 0 {
                assert_eq!(obj.mean_round(), Some(1.0));
            }
        }
        // Presence is where units stood at the two turn ends of round 1.
        let (presence, deaths, samples, _) = recount(&p, &spec);
        assert_eq!(
            (&o.presence, &o.deaths, o.samples),
            (&presence, &deaths, samples)
        );
        let longer = simulate_openings::<AkwRulesV1>(
            &p,
            &OpeningSpec {
                rounds: 3,
                ..spec.clone()
            },
            &|_| {},
            &never(),
        );
        assert!(longer.samples > o.samples);
        // The first round of the longer study is this study.
        let (seed, bots) = spec.game(0);
        let first = play_opening::<AkwRulesV1>(&p, seed, &bots, 1, &never()).unwrap();
        let (_, setup) = p.new_match_with_seed(seed);
        assert!(!setup.is_empty());
        let r = play(
            &p,
            seed,
            PerPlayer::from_vec(bots.clone()),
            PlayOptions { record: false },
        );
        for (a, b) in first.first_captures.iter().zip(&r.first_captures) {
            assert_eq!(*a, b.filter(|c| c.round <= 1));
        }
    }

    #[test]
    fn first_captures_are_the_full_matchs_within_the_rounds() {
        let p = prepared("twin-fords.ron");
        let spec = spec(5, 4);
        for i in 0..spec.runs {
            let (seed, bots) = spec.game(i);
            let run = play_opening::<AkwRulesV1>(&p, seed, &bots, spec.rounds, &never()).unwrap();
            let full = play(
                &p,
                seed,
                PerPlayer::from_vec(bots.clone()),
                PlayOptions { record: false },
            );
            let within = within_rounds(&full.first_captures, spec.rounds);
            assert_eq!(run.first_captures, within, "run {i}");
        }
        let o = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &never());
        for obj in &o.objectives {
            let rounds: usize = obj
                .first_round
                .iter()
                .map(|c| c[PlayerId(0)] + c[PlayerId(1)])
                .sum();
            assert_eq!(rounds, obj.captured());
            assert!(obj.captured() <= o.runs);
            assert_eq!(obj.first_round.len(), 5);
        }
    }

    #[test]
    fn cancelling_keeps_the_finished_runs() {
        let p = prepared("twin-fords.ron");
        let spec = spec(2, 8);
        let set = AtomicBool::new(true);
        let none = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &set);
        assert_eq!(none.runs, 0);
        assert!(none.cancelled);
        assert_eq!(none.presence.iter().sum::<u64>(), 0);
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let cancel = AtomicBool::new(false);
        let some = one.install(|| {
            simulate_openings::<AkwRulesV1>(
                &p,
                &spec,
                &|done| {
                    if done >= 3 {
                        cancel.store(true, Ordering::Relaxed);
                    }
                },
                &cancel,
            )
        });
        assert!(some.cancelled);
        assert!(some.runs >= 3 && some.runs < 8, "{} runs", some.runs);
        assert_eq!(some.samples, some.runs as u64 * 4);
    }

    #[test]
    fn at_reads_counts_by_hex() {
        let p = prepared("twin-fords.ron");
        let o = simulate_openings::<AkwRulesV1>(&p, &spec(2, 2), &|_| {}, &never());
        for (i, h) in o.hexes.iter().enumerate() {
            assert_eq!(o.at(&o.presence, *h), o.presence[i]);
        }
        assert_eq!(o.at(&o.presence, Hex::new(10_000, 10_000)), 0);
        assert!(o.max_presence() >= o.presence[0]);
        assert!(o.max_deaths() >= o.deaths.iter().copied().min().unwrap_or(0));
    }

    #[test]
    fn a_four_player_phase_study_counts_per_player_and_dates_captures_like_full_matches() {
        use crate::ruleset::PhaseRulesV1;
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        let map = format::load_map(&maps.join("four-corners.ron")).unwrap();
        let p = Scenario::for_map(map, 1, 40)
            .with_ruleset(crate::ruleset::RulesetId::PhaseRulesV1)
            .prepare(&maps, &Roster::bundled(), "t")
            .unwrap();
        let spec = OpeningSpec {
            rounds: 4,
            runs: 8,
            bots: vec![
                BotKind::Greedy,
                BotKind::Random,
                BotKind::Greedy,
                BotKind::Random,
            ],
            seed: 5,
        };
        let o = simulate_openings::<PhaseRulesV1>(&p, &spec, &|_| {}, &never());
        assert_eq!((o.runs, o.players()), (8, 4));
        // Per-player counts add up to the totals, cell by cell.
        for (cell, total) in o.presence.iter().enumerate() {
            let sum: u64 = o.presence_by_player.iter().map(|c| c[cell]).sum();
            assert_eq!(sum, *total);
        }
        for (cell, total) in o.deaths.iter().enumerate() {
            let sum: u64 = o.deaths_by_player.iter().map(|c| c[cell]).sum();
            assert_eq!(sum, *total);
        }
        // Every player has units on the board at some turn end.
        for q in PlayerId::all(4) {
            assert!(o.presence_of(Some(q)).iter().sum::<u64>() > 0, "{q}");
        }
        // One sample per phase-rules turn (a whole round), at most 4 a run.
        assert!(o.samples > 0 && o.samples <= 8 * 4, "{}", o.samples);
        // Runs are seated like a rotated batch, and each run's first
        // captures are its full match's, within the studied rounds.
        let cancel = never();
        let mut taken = 0;
        for i in 0..spec.runs {
            let (seed, bots) = spec.game(i);
            let run = play_opening::<PhaseRulesV1>(&p, seed, &bots, spec.rounds, &cancel).unwrap();
            let (_, _, full) =
                crate::rotation::play::<PhaseRulesV1>(&p, seed, &bots, &cancel).unwrap();
            let within = within_rounds(&full.first_captures, spec.rounds);
            assert_eq!(run.first_captures, within, "run {i}");
            taken += within.iter().flatten().count();
        }
        assert!(taken > 0, "objectives are taken in four rounds");
        let captured: usize = o.objectives.iter().map(ObjectiveOpening::captured).sum();
        assert_eq!(captured, taken);
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let b = one.install(|| simulate_openings::<PhaseRulesV1>(&p, &spec, &|_| {}, &never()));
        assert_eq!(o, b);
    }
}
