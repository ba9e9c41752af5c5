//! Batches for any ruleset and any number of players, with the seats
//! rotated so that every bot plays every seat equally often, and the
//! report playtesters read: wins per seat and per bot with 95% intervals,
//! draws, rounds and points.
//!
//! A batch never counts one game twice ([`Rotation::game`]): when every
//! seat runs the same bot, each match has its own seed and is an
//! independent game; otherwise matches come in groups of one seed per
//! player count, once with each rotation of the bots around the table, and
//! the group is the independent game ([`Counting::SeatRotations`]).
//!
//! Determinism: a match depends only on the setup, its seed and its
//! seating; matches are played over the current rayon pool and collected
//! in match order, so the report does not depend on the thread count.

use crate::bots::{BotKind, HasBots};
use crate::player::PlayerId;
use crate::rules::Outcome;
use crate::ruleset::Ruleset;
use crate::sim::run_match;
use crate::stats::{Counting, Rate, Tally};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A batch of `matches` matches from the first seed `seed`, one bot per
/// seat of [`Rotation::bots`] rotated around the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rotation {
    /// Matches (with different bots, a count that is not a multiple of the
    /// players plays the last group in part).
    pub matches: usize,
    /// The bots, one per seat in the first seating.
    pub bots: Vec<BotKind>,
    /// First seed.
    pub seed: u64,
}

impl Rotation {
    /// How many players the matches have.
    #[must_use]
    pub fn players(&self) -> usize {
        self.bots.len()
    }

    /// How the batch's matches make independent games.
    #[must_use]
    pub fn counting(&self) -> Counting {
        if self.bots.windows(2).all(|w| w[0] == w[1]) {
            Counting::Matches
        } else if self.players() == 2 {
            Counting::SeatSwappedPairs
        } else {
            Counting::SeatRotations(self.players() as u8)
        }
    }

    /// The seed and seating (a bot per seat) of match `i`: in group `g`
    /// (seed `seed + g`), rotation `r` seats bot `(p + r) mod n` on seat `p`.
    ///
    /// ```
    /// use hexwright_engine::bots::BotKind::{Greedy, Random};
    /// use hexwright_engine::rotation::Rotation;
    ///
    /// let r = Rotation { matches: 6, bots: vec![Greedy, Random, Random], seed: 10 };
    /// assert_eq!(r.game(0), (10, vec![Greedy, Random, Random]));
    /// assert_eq!(r.game(1), (10, vec![Random, Random, Greedy]));
    /// assert_eq!(r.game(2), (10, vec![Random, Greedy, Random]));
    /// assert_eq!(r.game(3), (11, vec![Greedy, Random, Random]));
    /// ```
    #[must_use]
    pub fn game(&self, i: usize) -> (u64, Vec<BotKind>) {
        let n = self.players().max(1);
        match self.counting() {
            Counting::Matches => (self.seed.wrapping_add(i as u64), self.bots.clone()),
            Counting::SeatSwappedPairs | Counting::SeatRotations(_) => {
                let (group, r) = (i / n, i % n);
                let seating = (0..n).map(|p| self.bots[(p + r) % n]).collect();
                (self.seed.wrapping_add(group as u64), seating)
            }
        }
    }
}

/// One finished match of a batch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Played {
    /// Its index in the batch.
    pub index: usize,
    /// The match seed.
    pub seed: u64,
    /// The bot on each seat.
    pub seating: Vec<BotKind>,
    /// The winning seat (`None`: a draw).
    pub winner: Option<PlayerId>,
    /// The round the match ended in.
    pub rounds: u32,
    /// Points per seat (phase-rules-v1's control points; empty in rulesets
    /// without points).
    pub points: Vec<u32>,
    /// Commands applied.
    pub commands: usize,
    /// Commands the rules refused (bots seeing only their view).
    pub rejected: u64,
}

/// A match of `setup` with `seed` between `seating` (one bot per seat), to
/// its end. Returns the final state, the commands and what the report
/// keeps; `None` when `cancel` was set.
pub fn play<R: HasBots>(
    setup: &R::Setup,
    seed: u64,
    seating: &[BotKind],
    cancel: &AtomicBool,
) -> Option<(R::State, Vec<R::Command>, Played)> {
    let (mut s, _) = R::start(setup, seed);
    let mut bots: Vec<_> = seating
        .iter()
        .enumerate()
        .map(|(p, k)| R::bot(*k, seed, PlayerId(p as u8)))
        .collect();
    let mut commands = Vec::new();
    let rejected = run_match::<R>(&mut s, &mut bots, cancel, |cmd, _, _| {
        commands.push(cmd.clone());
    })?;
    let winner = match R::outcome(&s) {
        Some(Outcome::Won(w)) => Some(w),
        _ => None,
    };
    let played = Played {
        index: 0,
        seed,
        seating: seating.to_vec(),
        winner,
        rounds: R::round(&s),
        points: R::points(&s),
        commands: commands.len(),
        rejected,
    };
    Some((s, commands, played))
}

/// Plays a batch on the current rayon pool; `progress` is called with the
/// number of finished matches. Stops early when `cancel` is set (only
/// finished matches come back). Results are in match order.
pub fn simulate<R: HasBots>(
    setup: &R::Setup,
    rotation: &Rotation,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Vec<Played>
where
    R::Setup: Sync,
{
    let done = AtomicUsize::new(0);
    (0..rotation.matches)
        .into_par_iter()
        .filter_map(|i| {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let (seed, seating) = rotation.game(i);
            let (_, _, mut played) = play::<R>(setup, seed, &seating, cancel)?;
            played.index = i;
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            Some(played)
        })
        .collect()
}

/// A seat's or a bot's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Wins {
    /// Matches won.
    pub wins: usize,
    /// The win rate over independent games, with its 95% interval.
    pub rate: Rate,
}

/// A bot's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotWins {
    /// The bot.
    pub bot: BotKind,
    /// Its results: a match counts as its win when a seat it plays wins.
    #[serde(flatten)]
    pub wins: Wins,
}

/// What `hexwright simulate` reports for a rotated batch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RotationReport {
    /// The ruleset's id.
    pub ruleset: String,
    /// Players per match.
    pub players: usize,
    /// Matches played.
    pub matches: usize,
    /// Independent games among them.
    pub independent_games: usize,
    /// Which matches make one independent game.
    pub counting: Counting,
    /// The bots of the first seating.
    pub bots: Vec<BotKind>,
    /// Per seat: wins and the win rate.
    pub seats: Vec<Wins>,
    /// Per distinct bot, in the order first named.
    pub by_bot: Vec<BotWins>,
    /// Matches drawn, and the draw rate.
    pub draws: Wins,
    /// Mean rounds per match.
    pub mean_rounds: f64,
    /// Median rounds per match.
    pub median_rounds: f64,
    /// Mean points per seat at the end (empty without points).
    pub mean_points: Vec<f64>,
    /// Commands the rules refused, over the batch.
    pub rejected: u64,
    /// Matches per second of wall time.
    pub matches_per_sec: f64,
}

impl RotationReport {
    /// The report of `played` (in match order) of `rotation` in ruleset
    /// `R`, played in `seconds`.
    #[must_use]
    pub fn new<R: Ruleset>(played: &[Played], rotation: &Rotation, seconds: f64) -> Self {
        let n = rotation.players();
        let counting = rotation.counting();
        let tally = |score: &dyn Fn(&Played) -> bool| {
            let mut t = Tally::new(counting);
            let mut k = 0;
            for m in played {
                let hit = score(m);
                k += usize::from(hit);
                t.add(m.index, f64::from(u8::from(hit)));
            }
            (k, t)
        };
        let wins = |score: &dyn Fn(&Played) -> bool| {
            let (wins, t) = tally(score);
            Wins {
                wins,
                rate: t.rate(),
            }
        };
        let seats = PlayerId::all(n)
            .map(|p| wins(&|m: &Played| m.winner == Some(p)))
            .collect();
        let mut distinct: Vec<BotKind> = Vec::new();
        for b in &rotation.bots {
            if !distinct.contains(b) {
                distinct.push(*b);
            }
        }
        let by_bot = distinct
            .into_iter()
            .map(|bot| BotWins {
                bot,
                wins: wins(&|m: &Played| m.winner.is_some_and(|w| m.seating[w.index()] == bot)),
            })
            .collect();
        let (_, games) = tally(&|_| true);
        let mut rounds: Vec<u32> = played.iter().map(|m| m.rounds).collect();
        rounds.sort_unstable();
        let median_rounds = match rounds.len() {
            0 => 0.0,
            k if k % 2 == 1 => f64::from(rounds[k / 2]),
            k => f64::midpoint(f64::from(rounds[k / 2 - 1]), f64::from(rounds[k / 2])),
        };
        let count = played.len().max(1) as f64;
        let mean_points = if played.iter().any(|m| !m.points.is_empty()) {
            (0..n)
                .map(|p| {
                    played
                        .iter()
                        .map(|m| f64::from(m.points.get(p).copied().unwrap_or(0)))
                        .sum::<f64>()
                        / count
                })
                .collect()
        } else {
            Vec::new()
        };
        Self {
            ruleset: R::ID.to_owned(),
            players: n,
            matches: played.len(),
            independent_games: games.games(),
            counting,
            bots: rotation.bots.clone(),
            seats,
            by_bot,
            draws: wins(&|m: &Played| m.winner.is_none()),
            mean_rounds: rounds.iter().map(|&r| f64::from(r)).sum::<f64>() / count,
            median_rounds,
            mean_points,
            rejected: played.iter().map(|m| m.rejected).sum(),
            matches_per_sec: if seconds > 0.0 {
                played.len() as f64 / seconds
            } else {
                0.0
            },
        }
    }

    /// The seat with the highest win rate whose interval lies wholly above
    /// every other seat's: the seat the map favours, if the batch shows one.
    #[must_use]
    pub fn favoured_seat(&self) -> Option<PlayerId> {
        let (best, top) = self
            .seats
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.rate.value.total_cmp(&b.1.rate.value))?;
        let clear = self
            .seats
            .iter()
            .enumerate()
            .all(|(i, s)| i == best || s.rate.ci95[1] < top.rate.ci95[0]);
        clear.then_some(PlayerId(best as u8))
    }
}
