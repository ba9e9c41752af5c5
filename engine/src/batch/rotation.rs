//! Batches for any ruleset and any number of players, with the seats
//! rotated so that every bot plays every seat equally often, and the
//! report playtesters read: wins per seat and per bot with 95% intervals,
//! draws, rounds and points.
//!
//! A batch never counts one game twice ([`Rotation::game`]): when every
//! seat runs the same bot, each match has its own seed and is an
//! independent game; otherwise matches come in groups of one seed, once
//! with each distinct rotation of the bots around the table, and the group
//! is the independent game ([`Counting::SeatRotations`]). A seating that
//! repeats around the table plays each distinct rotation once: `a, b, a,
//! b` has two (turned by two seats it is itself again, and would replay the
//! same match), so its groups are two matches.
//!
//! Determinism: a match depends only on the setup, its seed and its
//! seating; matches are played over the current rayon pool and collected
//! in match order, so the report does not depend on the thread count.

use crate::Hex;
use crate::batch::seat_test::FixedVerdict;
use crate::bots::{BotKind, HasBots};
use crate::map::axial_vec;
use crate::player::PerPlayer;
use crate::player::PlayerId;
use crate::rules::Arena;
use crate::rules::Outcome;
use crate::ruleset::{OnBoard, Ruleset};
use crate::sequential::{DEFAULT_ALPHA, DEFAULT_MARGIN};
use crate::sim::{Capture, CaptureSummary, EventClock, MatchRow, capture_summary, run_match};
use crate::stats::{Counting, Rate, Tally};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The fewest seats that turn `seating` into itself (at least 1): see
/// [`Rotation::period`].
pub(crate) fn period<T: PartialEq>(seating: &[T]) -> usize {
    let n = seating.len();
    (1..n)
        .find(|&p| (0..n).all(|i| seating[i] == seating[(i + p) % n]))
        .unwrap_or(n.max(1))
}

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

    /// How many distinct seatings turning the bots around the table gives:
    /// the fewest seats that bring the seating back to itself (1 when
    /// every seat runs the same bot, 2 for `a, b, a, b`, the player count
    /// for `a, b, b, b`).
    ///
    /// ```
    /// use hexwright_engine::bots::BotKind::{Greedy, Planner, Random};
    /// use hexwright_engine::rotation::Rotation;
    ///
    /// let r = |bots| Rotation { matches: 8, bots, seed: 1 };
    /// assert_eq!(r(vec![Greedy; 4]).period(), 1);
    /// assert_eq!(r(vec![Greedy, Random, Greedy, Random]).period(), 2);
    /// assert_eq!(r(vec![Greedy, Random, Planner, Random]).period(), 4);
    /// ```
    #[must_use]
    pub fn period(&self) -> usize {
        period(&self.bots)
    }

    /// How the batch's matches make independent games.
    #[must_use]
    pub fn counting(&self) -> Counting {
        match self.period() {
            1 => Counting::Matches,
            2 if self.players() == 2 => Counting::SeatSwappedPairs,
            p => Counting::SeatRotations(u8::try_from(p).unwrap_or(u8::MAX)),
        }
    }

    /// The seed and seating (a bot per seat) of match `i`: in group `g`
    /// (seed `seed + g`, [`Rotation::period`] matches), rotation `r` seats
    /// bot `(p + r) mod n` on seat `p`.
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
    ///
    /// // A seating that repeats: two matches per group, not four.
    /// let r = Rotation { matches: 4, bots: vec![Greedy, Random, Greedy, Random], seed: 10 };
    /// assert_eq!(r.game(1), (10, vec![Random, Greedy, Random, Greedy]));
    /// assert_eq!(r.game(2), (11, vec![Greedy, Random, Greedy, Random]));
    /// ```
    #[must_use]
    pub fn game(&self, i: usize) -> (u64, Vec<BotKind>) {
        let n = self.players().max(1);
        match self.counting() {
            Counting::Matches => (self.seed.wrapping_add(i as u64), self.bots.clone()),
            c @ (Counting::SeatSwappedPairs | Counting::SeatRotations(_)) => {
                let k = c.matches_per_game();
                let (group, r) = (i / k, i % k);
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
    /// When each objective (arena order) was first captured, if it was:
    /// while the armies deployed too (round 1).
    #[serde(default)]
    pub first_captures: Vec<Option<Capture>>,
}

impl Played {
    /// The match as a batch row: what [`crate::sim::results_csv`],
    /// [`crate::sim::capture_summary`] and
    /// [`crate::sim::length_histogram`] read.
    #[must_use]
    pub fn row(&self) -> MatchRow {
        MatchRow {
            index: self.index,
            seed: self.seed,
            bots: PerPlayer::from_vec(self.seating.clone()),
            outcome: self.winner.map_or(Outcome::Draw, Outcome::Won),
            rounds: self.rounds,
            rejected: self.rejected,
            first_captures: self.first_captures.clone(),
            points: self.points.clone(),
        }
    }
}

impl From<&MatchRow> for Played {
    /// A batch row back as a played match (a shard file's row): everything
    /// [`RotationReport::new`] reads; the command count, which no report
    /// reads, is not kept in rows and comes back as 0.
    fn from(r: &MatchRow) -> Self {
        Self {
            index: r.index,
            seed: r.seed,
            seating: r.bots.iter().copied().collect(),
            winner: r.winner(),
            rounds: r.rounds,
            points: r.points.clone(),
            commands: 0,
            rejected: r.rejected,
            first_captures: r.first_captures.clone(),
        }
    }
}

/// A match of `setup` with `seed` between `seating` (one bot per seat), to
/// its end. Returns the final state, the commands and what the report
/// keeps; `None` when `cancel` was set.
pub fn play<R: HasBots + OnBoard>(
    setup: &R::Setup,
    seed: u64,
    seating: &[BotKind],
    cancel: &AtomicBool,
) -> Option<(R::State, Vec<R::Command>, Played)> {
    let (mut s, setup_events) = R::start(setup, seed);
    let rules = std::sync::Arc::clone(R::board(&s).rules());
    let arena = &rules.arena;
    let mut clock = EventClock::new(arena);
    for e in &setup_events {
        clock.observe::<R>(arena, e);
    }
    let mut bots: Vec<_> = seating
        .iter()
        .enumerate()
        .map(|(p, k)| R::bot_with(*k, seed, PlayerId(p as u8), R::search_budget(setup)))
        .collect();
    let mut commands = Vec::new();
    let rejected = run_match::<R>(&mut s, &mut bots, cancel, |cmd, events, _| {
        commands.push(cmd.clone());
        for e in events {
            clock.observe::<R>(arena, e);
        }
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
        first_captures: clock.first,
    };
    Some((s, commands, played))
}

/// Plays a batch on the current rayon pool; `progress` is called with the
/// number of finished matches. Stops early when `cancel` is set (only
/// finished matches come back). Results are in match order.
pub fn simulate<R: HasBots + OnBoard>(
    setup: &R::Setup,
    rotation: &Rotation,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Vec<Played>
where
    R::Setup: Sync,
{
    simulate_range::<R>(setup, rotation, 0..rotation.matches, progress, cancel)
}

/// Like [`simulate`], for the matches `range` of the batch only (a shard,
/// see [`crate::shard`]): each plays exactly as in the whole batch.
pub fn simulate_range<R: HasBots + OnBoard>(
    setup: &R::Setup,
    rotation: &Rotation,
    range: std::ops::Range<usize>,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Vec<Played>
where
    R::Setup: Sync,
{
    let done = AtomicUsize::new(0);
    (range.start..range.end.min(rotation.matches))
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
    /// The seat test on each seat's share of the wins (a draw `1/N` to
    /// every seat), judged against the fair share `1/N` at the default α
    /// and margin, corrected for the seats.
    #[serde(default)]
    pub verdict: FixedVerdict,
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
        let totals: Vec<f64> = PlayerId::all(n)
            .map(|p| {
                let mut t = Tally::new(counting);
                for m in played {
                    let share = match m.winner {
                        Some(w) => f64::from(u8::from(w == p)),
                        None => 1.0 / n as f64,
                    };
                    t.add(m.index, share);
                }
                t.total()
            })
            .collect();
        let verdict = FixedVerdict::new(&totals, games.games(), DEFAULT_ALPHA, DEFAULT_MARGIN);
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
            verdict,
        }
    }
}

/// A rotated batch written out as JSON by the app: what was asked, the
/// report, the objectives and every finished match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RotationExport {
    /// Matches asked for.
    pub requested: usize,
    /// First seed (see [`Rotation::game`]).
    pub seed: u64,
    /// The bots of the first seating.
    pub bots: Vec<BotKind>,
    /// Whether the batch was cancelled before every match was played.
    pub cancelled: bool,
    /// The summary of the finished matches.
    pub report: RotationReport,
    /// The objectives, in the order of each match's `first_captures`.
    #[serde(with = "axial_vec")]
    pub objectives: Vec<Hex>,
    /// How often and when each objective was first captured.
    pub captures: Vec<CaptureSummary>,
    /// Every finished match, in match order.
    pub matches: Vec<Played>,
    /// The armies every match played (older files: each match's default).
    #[serde(default)]
    pub armies: crate::rules::scenario::PlayedArmies,
}

impl RotationExport {
    /// Gathers a batch's finished matches (in match order) on `arena`.
    #[must_use]
    pub fn new(
        arena: &Arena,
        rotation: &Rotation,
        report: RotationReport,
        played: Vec<Played>,
    ) -> Self {
        let rows: Vec<MatchRow> = played.iter().map(Played::row).collect();
        Self {
            requested: rotation.matches,
            seed: rotation.seed,
            bots: rotation.bots.clone(),
            cancelled: played.len() < rotation.matches,
            report,
            objectives: crate::sim::objective_hexes(arena),
            captures: capture_summary(arena, &rows),
            matches: played,
            armies: crate::rules::scenario::PlayedArmies::default(),
        }
    }

    /// The same export, saying which armies the matches played.
    #[must_use]
    pub fn with_armies(mut self, armies: crate::rules::scenario::PlayedArmies) -> Self {
        self.armies = armies;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;
    use crate::rules::Roster;
    use crate::rules::scenario::{Prepared, Scenario};
    use crate::ruleset::{PhaseRulesV1, RulesetId};
    use std::path::Path;

    fn four_corners() -> Prepared {
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        let map = format::load_map(&maps.join("four-corners.ron")).unwrap();
        Scenario::for_map(map, 1, 40)
            .with_ruleset(RulesetId::PhaseRulesV1)
            .prepare(&maps, &Roster::bundled(), "t")
            .unwrap()
    }

    /// First captures found again by replaying the commands and polling
    /// the objectives' owners: the round after the command that gave an
    /// objective its first owner.
    fn polled(
        p: &Prepared,
        seed: u64,
        commands: &[crate::rules::phase::PhaseCommand],
    ) -> Vec<Option<Capture>> {
        let (mut s, _) = PhaseRulesV1::start(p, seed);
        let owners = |s: &crate::rules::phase::PhaseMatch| -> Vec<Option<PlayerId>> {
            PhaseRulesV1::board(s)
                .objectives()
                .iter()
                .map(|o| o.owner)
                .collect()
        };
        let mut first: Vec<Option<Capture>> = owners(&s)
            .into_iter()
            .map(|o| o.map(|side| Capture { round: 1, side }))
            .collect();
        for cmd in commands {
            let mut events = Vec::new();
            PhaseRulesV1::execute(&mut s, cmd, &mut events).unwrap();
            for (f, o) in first.iter_mut().zip(owners(&s)) {
                if f.is_none() {
                    *f = o.map(|side| Capture {
                        round: PhaseRulesV1::round(&s),
                        side,
                    });
                }
            }
        }
        first
    }

    #[test]
    fn a_rotated_batch_keeps_each_matchs_first_captures_and_exports_them() {
        let p = four_corners();
        let rotation = Rotation {
            matches: 8,
            bots: vec![
                BotKind::Greedy,
                BotKind::Random,
                BotKind::Greedy,
                BotKind::Random,
            ],
            seed: 3,
        };
        let cancel = AtomicBool::new(false);
        let played = simulate::<PhaseRulesV1>(&p, &rotation, &|_| {}, &cancel);
        assert_eq!(played.len(), 8);
        for m in &played {
            let (_, commands, again) =
                play::<PhaseRulesV1>(&p, m.seed, &m.seating, &cancel).unwrap();
            assert_eq!(again.first_captures, m.first_captures);
            assert_eq!(
                m.first_captures,
                polled(&p, m.seed, &commands),
                "match {}",
                m.index
            );
            assert_eq!(m.first_captures.len(), p.rules.arena.objectives.len());
        }
        let taken: usize = played
            .iter()
            .map(|m| m.first_captures.iter().flatten().count())
            .sum();
        assert!(taken > 0);
        let report = RotationReport::new::<PhaseRulesV1>(&played, &rotation, 1.0);
        let export = RotationExport::new(&p.rules.arena, &rotation, report, played.clone());
        assert!(!export.cancelled);
        assert_eq!(
            export.captures.iter().map(|c| c.captured).sum::<usize>(),
            taken
        );
        let rows: Vec<MatchRow> = played.iter().map(Played::row).collect();
        let csv = crate::sim::results_csv(&p.rules.arena, &rows);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 9);
        assert!(lines[0].contains(
            ",side3_bot,winner,rounds,refused_commands,side0_points,side1_points,side2_points,side3_points"
        ));
        let m = &played[5];
        let points: Vec<String> = m.points.iter().map(u32::to_string).collect();
        assert!(
            lines[6].starts_with(&format!("6,{},", m.seed)),
            "{}",
            lines[6]
        );
        assert!(
            lines[6].contains(&format!(
                ",{},{},{},{}",
                m.rounds,
                m.rejected,
                points.join(","),
                ""
            )),
            "{}",
            lines[6]
        );
        let json = serde_json::to_string(&export).unwrap();
        let back: RotationExport = serde_json::from_str(&json).unwrap();
        assert_eq!(back.matches, export.matches);
        assert_eq!(back.captures, export.captures);
    }
}
