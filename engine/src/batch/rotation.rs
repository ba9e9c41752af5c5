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

use crate::bots::{BotKind, HasBots};
use crate::player::PerPlayer;
use crate::player::PlayerId;
use crate::rules::Outcome;
use crate::ruleset::OnBoard;
use crate::sim::{Capture, EventClock, MatchRow, run_match};
use crate::stats::Counting;
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

/// How a batch seating `seating` first makes independent games: each
/// match when every seat runs the same bot, else the groups of its distinct
/// rotations ([`Rotation::period`]).
pub(crate) fn counting<T: PartialEq>(seating: &[T]) -> Counting {
    match period(seating) {
        1 => Counting::Matches,
        2 if seating.len() == 2 => Counting::SeatSwappedPairs,
        p => Counting::SeatRotations(u8::try_from(p).unwrap_or(u8::MAX)),
    }
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
        counting(&self.bots)
    }

    /// The last seed the batch plays.
    #[must_use]
    pub fn last_seed(&self) -> u64 {
        self.game(self.matches.saturating_sub(1)).0
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

impl From<&crate::sim::Batch> for Rotation {
    /// A two-player batch is a rotation: seat-swapped pairs are its two
    /// rotations, and it seats every match as [`crate::sim::Batch::game`].
    fn from(b: &crate::sim::Batch) -> Self {
        Self {
            matches: b.matches,
            bots: b.bots.to_vec(),
            seed: b.seed,
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
    /// [`crate::sim::Report::new`] reads; the command count, which no report
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;
    use crate::rules::Roster;
    use crate::rules::scenario::{Prepared, Scenario};
    use crate::ruleset::{PhaseRulesV1, Ruleset, RulesetId};
    use crate::sim::{BatchExport, Report};
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
        let rows: Vec<MatchRow> = played.iter().map(Played::row).collect();
        let report = Report::new(RulesetId::PhaseRulesV1, &rows, &rotation.bots, 1.0);
        let export = BatchExport::new(&p.rules.arena, &rotation, false, report, played.clone());
        assert_eq!(
            export.captures.iter().map(|c| c.captured).sum::<usize>(),
            taken
        );
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
        assert!(json.contains(r#""seating":"#), "played matches: {json}");
        let back: BatchExport = serde_json::from_str(&json).unwrap();
        // Floats may lose their last bit in JSON; everything else is exact.
        assert_eq!(back.matches, export.matches);
        assert_eq!(back.captures, export.captures);
        assert_eq!(
            back.report.seat_reading().map(|s| &s.bots),
            Some(&rotation.bots)
        );
        assert_eq!(
            back.report.seats.iter().map(|s| s.wins).collect::<Vec<_>>(),
            export
                .report
                .seats
                .iter()
                .map(|s| s.wins)
                .collect::<Vec<_>>()
        );
    }
}
