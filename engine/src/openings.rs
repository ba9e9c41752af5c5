//! Openings: the first rounds of many matches, summed into heatmaps — where
//! units stood, where they died, and which objectives were taken and when.
//!
//! A study plays `runs` matches of the prepared scenario with two bots and
//! stops each one at the end of round `rounds` (or earlier, when the match
//! ends). Runs are seated exactly like a [`Batch`]: run `i` plays
//! [`Batch::game`]`(i)` of a batch of `runs` matches from the first seed, so
//! with the same bot in both seats every run has its own seed, and with two
//! bots pair `i` uses seed `seed + i` with each bot on each side once (a
//! map's side advantage is not mixed up with one bot's strength) and no run
//! repeats another. Bots are driven by
//! [`BotTurn`] exactly as in [`crate::sim::play`]: the first rounds of run
//! `i` are the first rounds of that batch's match `i`.
//!
//! What is counted:
//! - **Presence**: at the end of every turn (just before its `EndTurn`), each
//!   living unit on the board adds one to its cell; a match that ends during
//!   a turn is sampled once more in its final position. So `rounds` rounds
//!   give `2 × rounds` samples per run that lasts.
//! - **Deaths**: each `Died` event adds one to the cell the unit died on (a
//!   unit that revives and dies again counts twice).
//! - **Objectives**: per run, the first capture of each objective within the
//!   studied rounds (including captures while the armies deployed or the
//!   scenario's opening was played), by side and by round.
//!
//! Events caused by the turn start after the last studied round (poison,
//! delayed captures) are not counted. Rounds are the match's own round
//! numbers, so a scenario whose opening already reached round `rounds + 1`
//! studies nothing.
//!
//! Results are sums of integers over runs, so they do not depend on the
//! thread count or the order runs finish in.

use crate::Hex;
use crate::bots::{Bot, BotKind};
use crate::map::{Side, axial, axial_vec};
use crate::player::{PerPlayer, PlayerId};
use crate::rules::logic::execute_unchecked;
use crate::rules::query::TURNS_PER_ROUND;
use crate::rules::scenario::Prepared;
use crate::rules::{Command, Event, MatchState, Status};
use crate::sim::{Batch, BotTurn, Capture, EventClock};
use rayon::prelude::*;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// What to study.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OpeningSpec {
    /// Rounds played in each run (at least 1).
    pub rounds: u32,
    /// Runs (matches).
    pub runs: usize,
    /// The two bots, seated like a [`Batch`].
    pub bots: [BotKind; 2],
    /// First seed.
    pub seed: u64,
}

impl OpeningSpec {
    /// Seed and seating of run `i` (those of match `i` of the same batch).
    #[must_use]
    pub fn game(&self, i: usize) -> (u64, [BotKind; 2]) {
        Batch {
            matches: self.runs,
            bots: self.bots,
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
    /// Runs in which each side captured it first.
    pub by_side: PerPlayer<usize>,
    /// Per round (index `round - 1`), the runs whose first capture of it
    /// happened in that round, by side.
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
}

impl Openings {
    /// The largest presence count (0 when nothing was sampled).
    #[must_use]
    pub fn max_presence(&self) -> u64 {
        self.presence.iter().copied().max().unwrap_or(0)
    }

    /// The largest death count.
    #[must_use]
    pub fn max_deaths(&self) -> u64 {
        self.deaths.iter().copied().max().unwrap_or(0)
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

/// What one run saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningRun {
    /// Per cell, living units at each turn end.
    pub presence: Vec<u64>,
    /// Per cell, deaths.
    pub deaths: Vec<u64>,
    /// Turn ends sampled.
    pub samples: u64,
    /// First capture of each objective within the studied rounds.
    pub first_captures: Vec<Option<Capture>>,
}

fn sample(s: &MatchState, presence: &mut [u64]) {
    for u in s.units().iter().filter(|u| u.status == Status::Alive) {
        presence[usize::from(u.cell)] += 1;
    }
}

/// Plays the first `rounds` rounds of one match (seed and seating as in
/// [`crate::sim::play`]); `None` when `cancel` was set before it finished
/// (it is read before every command).
#[must_use]
pub fn play_opening(
    prepared: &Prepared,
    seed: u64,
    bots: [BotKind; 2],
    rounds: u32,
    cancel: &AtomicBool,
) -> Option<OpeningRun> {
    let (mut s, setup) = prepared.new_match_with_seed(seed);
    let cells = s.arena().len();
    let limit = rounds.saturating_mul(TURNS_PER_ROUND);
    let mut clock = EventClock::new(s.arena());
    let mut run = OpeningRun {
        presence: vec![0; cells],
        deaths: vec![0; cells],
        samples: 0,
        first_captures: Vec::new(),
    };
    for e in &setup {
        clock.observe(s.arena(), e);
        if clock.turn >= limit {
            break;
        }
    }
    let mut players: Vec<Box<dyn Bot>> = PlayerId::all(bots.len())
        .zip(bots)
        .map(|(side, bot)| bot.build(seed, side))
        .collect();
    let mut turn = BotTurn::new(&s);
    let mut events: Vec<Event> = Vec::new();
    while s.outcome().is_none() && s.turn() < limit {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let side = s.side();
        let (cmd, _) = turn.next(&s, players[side.index()].as_mut());
        let end = cmd == Command::EndTurn;
        if end {
            sample(&s, &mut run.presence);
            run.samples += 1;
        }
        events.clear();
        execute_unchecked(&mut s, &cmd, &mut events);
        for e in &events {
            clock.observe(s.arena(), e);
            if clock.turn >= limit {
                break;
            }
            if let Event::Died { unit, .. } = *e {
                // A unit's cell is kept when it leaves the board.
                let cell = s.units()[usize::from(unit)].cell;
                run.deaths[usize::from(cell)] += 1;
            }
        }
        if !end && s.outcome().is_some() {
            sample(&s, &mut run.presence);
            run.samples += 1;
        }
    }
    run.first_captures = clock.first;
    Some(run)
}

/// Plays a study on the current rayon pool. `progress` gets the number of
/// finished runs (from worker threads); once `cancel` is set, no run starts
/// and runs being played are abandoned, and the result sums the finished
/// runs only (marked `cancelled`).
#[must_use]
pub fn simulate_openings(
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
            let run = play_opening(prepared, seed, bots, spec.rounds, cancel)?;
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            Some(run)
        })
        .collect();
    let cells = arena.len();
    let rounds = spec.rounds as usize;
    let players = crate::rules::state::PLAYERS;
    let mut out = Openings {
        spec: *spec,
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
    };
    for run in &runs {
        for (sum, x) in out.presence.iter_mut().zip(&run.presence) {
            *sum += x;
        }
        for (sum, x) in out.deaths.iter_mut().zip(&run.deaths) {
            *sum += x;
        }
        out.samples += run.samples;
        for (o, c) in out.objectives.iter_mut().zip(&run.first_captures) {
            if let Some(c) = c {
                let side: Side = c.side;
                o.by_side[side] += 1;
                let r = (c.round.max(1) - 1) as usize;
                if r >= o.first_round.len() {
                    o.first_round.resize(r + 1, PerPlayer::splat(players, &0));
                }
                o.first_round[r][side] += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;
    use crate::rules::scenario::Scenario;
    use crate::rules::{Roster, execute};
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
            bots: [BotKind::Greedy, BotKind::Random],
            seed: 7,
        }
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
            let r = play(p, seed, bots, PlayOptions { record: true });
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
        let o = simulate_openings(&p, &spec, &|_| {}, &never());
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
            let run = play_opening(&p, seed, bots, spec.rounds, &cancel).unwrap();
            samples += run.samples;
            total += run.presence.iter().sum::<u64>();
        }
        let o = simulate_openings(&p, &spec, &|_| {}, &cancel);
        assert_eq!(o.samples, samples);
        assert_eq!(o.presence.iter().sum::<u64>(), total);
        // Every sample sees at least the deployed armies' survivors.
        assert!(total >= o.samples);
    }

    #[test]
    fn the_same_study_gives_the_same_heatmaps_on_any_thread_count() {
        let p = prepared("twin-fords.ron");
        let spec = spec(3, 5);
        let a = simulate_openings(&p, &spec, &|_| {}, &never());
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let b = one.install(|| simulate_openings(&p, &spec, &|_| {}, &never()));
        let c = simulate_openings(&p, &spec, &|_| {}, &never());
        assert_eq!(a, b);
        assert_eq!(a, c);
    }

    #[test]
    fn one_round_sees_round_one_only() {
        let p = prepared("twin-fords.ron");
        let spec = spec(1, 4);
        let o = simulate_openings(&p, &spec, &|_| {}, &never());
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
        let longer = simulate_openings(&p, &OpeningSpec { rounds: 3, ..spec }, &|_| {}, &never());
        assert!(longer.samples > o.samples);
        // The first round of the longer study is this study.
        let (seed, bots) = spec.game(0);
        let first = play_opening(&p, seed, bots, 1, &never()).unwrap();
        let (_, setup) = p.new_match_with_seed(seed);
        assert!(!setup.is_empty());
        let r = play(&p, seed, bots, PlayOptions { record: false });
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
            let run = play_opening(&p, seed, bots, spec.rounds, &never()).unwrap();
            let full = play(&p, seed, bots, PlayOptions { record: false });
            let within: Vec<Option<Capture>> = full
                .first_captures
                .iter()
                .map(|c| c.filter(|c| c.round <= spec.rounds))
                .collect();
            assert_eq!(run.first_captures, within, "run {i}");
        }
        let o = simulate_openings(&p, &spec, &|_| {}, &never());
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
        let none = simulate_openings(&p, &spec, &|_| {}, &set);
        assert_eq!(none.runs, 0);
        assert!(none.cancelled);
        assert_eq!(none.presence.iter().sum::<u64>(), 0);
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let cancel = AtomicBool::new(false);
        let some = one.install(|| {
            simulate_openings(
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
        let o = simulate_openings(&p, &spec(2, 2), &|_| {}, &never());
        for (i, h) in o.hexes.iter().enumerate() {
            assert_eq!(o.at(&o.presence, *h), o.presence[i]);
        }
        assert_eq!(o.at(&o.presence, Hex::new(10_000, 10_000)), 0);
        assert!(o.max_presence() >= o.presence[0]);
        assert!(o.max_deaths() >= o.deaths.iter().copied().min().unwrap_or(0));
    }
}
