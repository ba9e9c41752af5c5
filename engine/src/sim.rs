//! Headless matches: one match between two bots ([`play`]), and batches of
//! seat-swapped matches over worker threads ([`simulate`]) with the summary
//! playtesters read ([`Report`]).
//!
//! Determinism: a match depends only on the prepared scenario, its seed and
//! the two bots; batches split work by match index and reduce in index
//! order, so reports do not depend on the thread count.

use crate::bots::BotKind;
use crate::rules::logic::{check_with, execute_unchecked};
use crate::rules::scenario::Prepared;
use crate::rules::{Command, Event, MatchState, Outcome, PlayerView, Scratch};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many refused commands in a row end a bot's turn.
pub const MAX_REJECTED: usize = 8;

/// One finished match.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// The match seed.
    pub seed: u64,
    /// The bot of each side.
    pub bots: [BotKind; 2],
    /// How it ended.
    pub outcome: Outcome,
    /// Rounds played (the round the match ended in).
    pub rounds: u32,
    /// Commands applied.
    pub commands: Vec<Command>,
    /// State hash after each turn's last command (at each `EndTurn`, and at
    /// the end).
    pub turn_hashes: Vec<u64>,
    /// The final state.
    pub state: MatchState,
    /// Commands the rules refused (bots seeing only their side's view).
    pub rejected: u64,
}

/// Options of one match.
#[derive(Clone, Copy, Debug)]
pub struct PlayOptions {
    /// Keep the command list and per-turn hashes.
    pub record: bool,
}

/// Plays one match between two bots.
#[must_use]
pub fn play(
    prepared: &Prepared,
    seed: u64,
    bots: [BotKind; 2],
    options: PlayOptions,
) -> MatchResult {
    let (mut s, _) = prepared.new_match_with_seed(seed);
    let mut players = [bots[0].build(seed, 0), bots[1].build(seed, 1)];
    let mut rejected: Vec<Command> = Vec::new();
    let mut commands = Vec::new();
    let mut turn_hashes = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    let mut scratch = Scratch::default();
    let mut refused = 0u64;
    let mut view = PlayerView::new(&s, s.side);
    while s.outcome.is_none() {
        let side = s.side;
        view.update(&s, side);
        let mut cmd = players[usize::from(side)].decide(&view, &rejected);
        if check_with(&s, &cmd, &mut scratch).is_err() {
            refused += 1;
            rejected.push(cmd);
            if rejected.len() < MAX_REJECTED {
                continue;
            }
            cmd = Command::EndTurn;
        }
        rejected.clear();
        events.clear();
        let end = cmd == Command::EndTurn;
        execute_unchecked(&mut s, &cmd, &mut events);
        if options.record {
            commands.push(cmd);
            if end || s.outcome.is_some() {
                turn_hashes.push(s.state_hash());
            }
        }
    }
    MatchResult {
        seed,
        bots,
        outcome: s.outcome.expect("loop ends with an outcome"),
        rounds: s.round(),
        commands,
        turn_hashes,
        state: s,
        rejected: refused,
    }
}

/// A batch: `matches` matches in seat-swapped pairs. Pair `i` uses seed
/// `seed + i`, first with `bots[0]` as side 0, then with `bots[0]` as side 1.
#[derive(Clone, Copy, Debug)]
pub struct Batch {
    /// Matches (an odd count plays the last pair's first match only).
    pub matches: usize,
    /// The two bots.
    pub bots: [BotKind; 2],
    /// First seed.
    pub seed: u64,
}

impl Batch {
    /// Seed and seating of match `i`.
    #[must_use]
    pub fn game(&self, i: usize) -> (u64, [BotKind; 2]) {
        let seed = self.seed.wrapping_add((i / 2) as u64);
        let bots = if i.is_multiple_of(2) {
            self.bots
        } else {
            [self.bots[1], self.bots[0]]
        };
        (seed, bots)
    }
}

/// Plays a batch on the current rayon pool; `progress` is called with the
/// number of finished matches (from worker threads). Results are in match
/// order.
pub fn simulate(
    prepared: &Prepared,
    batch: &Batch,
    options: PlayOptions,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<MatchResult> {
    let done = AtomicUsize::new(0);
    (0..batch.matches)
        .into_par_iter()
        .map(|i| {
            let (seed, bots) = batch.game(i);
            let r = play(prepared, seed, bots, options);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            r
        })
        .collect()
}

/// A value with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    /// Point estimate.
    pub value: f64,
    /// 95% Wilson score interval.
    pub ci95: [f64; 2],
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
///
/// ```
/// let r = hexwright_engine::sim::wilson(50, 100);
/// assert!((r.value - 0.5).abs() < 1e-12);
/// assert!((r.ci95[0] - 0.4038).abs() < 1e-3 && (r.ci95[1] - 0.5962).abs() < 1e-3);
/// ```
#[must_use]
pub fn wilson(k: usize, n: usize) -> Rate {
    if n == 0 {
        return Rate {
            value: 0.0,
            ci95: [0.0, 1.0],
        };
    }
    let z = 1.959_963_984_540_054_f64;
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    Rate {
        value: p,
        ci95: [(centre - half).max(0.0), (centre + half).min(1.0)],
    }
}

/// What `hexwright simulate` reports.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Matches played.
    pub matches: usize,
    /// Wins of side 0 and side 1.
    pub side_wins: [usize; 2],
    /// Wins by bot name.
    pub bot_wins: BTreeMap<String, usize>,
    /// Draws (round limit reached).
    pub draws: usize,
    /// Side 0's win rate over all matches, with its 95% Wilson interval.
    pub side0_win_rate: Rate,
    /// Mean match length in rounds.
    pub mean_rounds: f64,
    /// Median match length in rounds.
    pub median_rounds: f64,
    /// Matches per second of wall-clock time.
    pub matches_per_sec: f64,
}

impl Report {
    /// Summarises results (in match order) and the elapsed seconds.
    #[must_use]
    pub fn new(results: &[MatchResult], bots: [BotKind; 2], seconds: f64) -> Self {
        let mut side_wins = [0; 2];
        let mut bot_wins: BTreeMap<String, usize> = BTreeMap::new();
        for b in bots {
            bot_wins.insert(b.name().to_string(), 0);
        }
        let mut draws = 0;
        for r in results {
            match r.outcome {
                Outcome::Won(s) => {
                    side_wins[usize::from(s)] += 1;
                    *bot_wins
                        .entry(r.bots[usize::from(s)].name().to_string())
                        .or_default() += 1;
                }
                Outcome::Draw => draws += 1,
            }
        }
        let n = results.len();
        let mut rounds: Vec<u32> = results.iter().map(|r| r.rounds).collect();
        rounds.sort_unstable();
        let mean = if n == 0 {
            0.0
        } else {
            rounds.iter().map(|&r| f64::from(r)).sum::<f64>() / n as f64
        };
        let median = match n {
            0 => 0.0,
            _ if n % 2 == 1 => f64::from(rounds[n / 2]),
            _ => f64::midpoint(f64::from(rounds[n / 2 - 1]), f64::from(rounds[n / 2])),
        };
        Self {
            matches: n,
            side_wins,
            bot_wins,
            draws,
            side0_win_rate: wilson(side_wins[0], n),
            mean_rounds: mean,
            median_rounds: median,
            matches_per_sec: if seconds > 0.0 {
                n as f64 / seconds
            } else {
                0.0
            },
        }
    }
}
