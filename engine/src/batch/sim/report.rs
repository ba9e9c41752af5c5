//! What a batch says, for every ruleset and 2 to 4 players: the
//! [`Report`] (wins per seat and per bot with their intervals, draws,
//! lengths, and the verdict of its [`Reading`]), one [`MatchRow`] per
//! match, the first captures and the CSV of the matches.

use super::layout::ReportLayout;
use super::{Capture, MatchResult, counting_for};
use crate::Hex;
use crate::batch::seat_test::FixedVerdict;
use crate::bots::BotKind;
use crate::map::{Side, axial};
use crate::player::{PerPlayer, PlayerId};
use crate::rules::{Arena, Outcome};
use crate::ruleset::RulesetId;
use crate::sequential::{DEFAULT_ALPHA, DEFAULT_MARGIN};
use crate::stats::{Counting, Rate, Tally, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What `hexwright simulate` reports, for every ruleset and player count.
///
/// Counts are over matches; every rate and the verdict are over
/// independent games ([`Report::counting`], [`crate::stats`]). How the
/// seats are judged is the [`Reading`]: akw-rules-v1's two sides on side
/// 0's score, every other batch by the seat test of `fairness.md`.
///
/// In files a report keeps the layout its ruleset has always written
/// (see [`Reading`]), so `simulate --json` output and exported batches of
/// either kind read back as they were written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "ReportLayout", try_from = "ReportLayout")]
pub struct Report {
    /// The ruleset's id.
    pub ruleset: String,
    /// Matches played.
    pub matches: usize,
    /// Independent games among them: the matches, or the groups of
    /// rotated seatings.
    pub independent_games: usize,
    /// Which matches make one independent game.
    pub counting: Counting,
    /// Per seat: matches won, and the win rate with its 95% interval over
    /// independent games.
    pub seats: Vec<Wins>,
    /// Matches drawn (round limit reached), and the draw rate.
    pub draws: Wins,
    /// Mean match length in rounds.
    pub mean_rounds: f64,
    /// Median match length in rounds.
    pub median_rounds: f64,
    /// Matches per second of wall-clock time.
    pub matches_per_sec: f64,
    /// How the seats are judged, with what only that reading reports.
    pub reading: Reading,
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

/// How a batch's seats are judged.
#[derive(Clone, Debug, PartialEq)]
pub enum Reading {
    /// akw-rules-v1's two sides, judged on side 0's score (a win 1, a draw
    /// ½) against 50%.
    Sides(SideReading),
    /// The seat test of `fairness.md`: each seat's share of the wins (a
    /// draw `1/N` to every seat) against the fair share `1/N`.
    Seats(SeatReading),
}

/// What a two-sided akw-rules-v1 report says beyond every report.
#[derive(Clone, Debug, PartialEq)]
pub struct SideReading {
    /// Wins by bot name (empty when both seats run the same bot: every
    /// win is that bot's).
    pub bot_wins: BTreeMap<String, usize>,
    /// Each side's score (a win counts 1, a draw ½), with its 95% interval
    /// over independent games: what the verdict reads.
    pub side_scores: PerPlayer<Rate>,
    /// The first bot's score against the second (a draw counts ½), over
    /// independent games; `None` when both seats run the same bot.
    pub first_bot_score: Option<Rate>,
    /// Who the map favours.
    pub verdict: Verdict,
}

/// What a seat-test report says beyond every report.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatReading {
    /// The bots of the first seating.
    pub bots: Vec<BotKind>,
    /// Per distinct bot, in the order first named.
    pub by_bot: Vec<BotWins>,
    /// Mean points per seat at the end (empty without points).
    pub mean_points: Vec<f64>,
    /// Commands the rules refused, over the batch.
    pub rejected: u64,
    /// The seat test on each seat's share of the wins (a draw `1/N` to
    /// every seat), judged against the fair share `1/N` at the default α
    /// and margin, corrected for the seats.
    pub verdict: FixedVerdict,
}

impl Report {
    /// The report of `rows` (the finished matches of a batch between
    /// `bots`, each with its match index) in `ruleset`, played in
    /// `seconds`: an akw-rules-v1 batch of two bots reads side 0's score
    /// ([`Reading::Sides`]), every other batch the seat test
    /// ([`Reading::Seats`]). Independent games are counted as the batch
    /// seats its matches ([`crate::rotation::Rotation::counting`]).
    #[must_use]
    pub fn new(ruleset: RulesetId, rows: &[MatchRow], bots: &[BotKind], seconds: f64) -> Self {
        match (ruleset, bots) {
            (RulesetId::AkwRulesV1, &[a, b]) => Self::of_sides(rows, [a, b], seconds),
            _ => Self::of_seats(ruleset, rows, bots, seconds),
        }
    }

    /// Players per match.
    #[must_use]
    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// Seat `seat`'s win rate, with its interval over independent games.
    #[must_use]
    pub fn win_rate(&self, seat: PlayerId) -> Rate {
        self.seats
            .get(seat.index())
            .map(|s| s.rate)
            .unwrap_or_default()
    }

    /// The two-sided reading, for an akw-rules-v1 batch of two bots.
    #[must_use]
    pub fn sides(&self) -> Option<&SideReading> {
        match &self.reading {
            Reading::Sides(s) => Some(s),
            Reading::Seats(_) => None,
        }
    }

    /// The seat test's reading, for every other batch.
    #[must_use]
    pub fn seat_reading(&self) -> Option<&SeatReading> {
        match &self.reading {
            Reading::Seats(s) => Some(s),
            Reading::Sides(_) => None,
        }
    }

    /// The verdict in one sentence.
    #[must_use]
    pub fn verdict_sentence(&self) -> String {
        match &self.reading {
            Reading::Sides(s) => s.verdict.to_string(),
            Reading::Seats(s) => s.verdict.sentence(),
        }
    }

    fn of_sides(rows: &[MatchRow], bots: [BotKind; 2], seconds: f64) -> Self {
        let counting = counting_for(bots);
        let players = crate::rules::state::PLAYERS;
        let mut side_wins = vec![0; players];
        let mut bot_wins: BTreeMap<String, usize> = BTreeMap::new();
        if counting == Counting::SeatSwappedPairs {
            for b in bots {
                bot_wins.insert(b.name().to_string(), 0);
            }
        }
        let mut wins: Vec<Tally> = (0..players).map(|_| Tally::new(counting)).collect();
        let mut score0 = Tally::new(counting);
        let mut first_bot = Tally::new(counting);
        let mut drawn = Tally::new(counting);
        let mut draws = 0;
        let mut rounds: Vec<u32> = Vec::new();
        for m in rows {
            let (won, score) = match m.outcome {
                Outcome::Won(side) => {
                    if let Some(w) = side_wins.get_mut(side.index()) {
                        *w += 1;
                    }
                    if counting == Counting::SeatSwappedPairs {
                        *bot_wins.entry(m.bots[side].name().to_string()).or_default() += 1;
                    }
                    let mut won = vec![0.0; players];
                    won[side.index()] = 1.0;
                    let score = won[0];
                    (won, score)
                }
                Outcome::Draw => {
                    draws += 1;
                    (vec![0.0; players], 0.5)
                }
            };
            for (tally, &w) in wins.iter_mut().zip(&won) {
                tally.add(m.index, w);
            }
            score0.add(m.index, score);
            drawn.add(m.index, if m.outcome == Outcome::Draw { 1.0 } else { 0.0 });
            // The first bot's score: side 0's when it sits there.
            let first = if m.bots[PlayerId(0)] == bots[0] {
                score
            } else {
                1.0 - score
            };
            first_bot.add(m.index, first);
            rounds.push(m.rounds);
        }
        let (mean_rounds, median_rounds) = mean_and_median(&mut rounds);
        let s0 = score0.rate();
        let s1 = Rate {
            value: 1.0 - s0.value,
            ci95: [1.0 - s0.ci95[1], 1.0 - s0.ci95[0]],
        };
        let games = score0.games();
        Self {
            ruleset: RulesetId::AkwRulesV1.id().to_owned(),
            matches: rows.len(),
            independent_games: games,
            counting,
            seats: side_wins
                .into_iter()
                .zip(&wins)
                .map(|(wins, t)| Wins {
                    wins,
                    rate: t.rate(),
                })
                .collect(),
            draws: Wins {
                wins: draws,
                rate: drawn.rate(),
            },
            mean_rounds,
            median_rounds,
            matches_per_sec: per_second(rows.len(), seconds),
            reading: Reading::Sides(SideReading {
                bot_wins,
                side_scores: PerPlayer::from([s0, s1]),
                first_bot_score: (counting == Counting::SeatSwappedPairs).then(|| first_bot.rate()),
                verdict: Verdict::from_score(s0, games),
            }),
        }
    }

    fn of_seats(ruleset: RulesetId, rows: &[MatchRow], bots: &[BotKind], seconds: f64) -> Self {
        let n = bots.len();
        let counting = crate::rotation::counting(bots);
        let tally = |score: &dyn Fn(&MatchRow) -> bool| {
            let mut t = Tally::new(counting);
            let mut k = 0;
            for m in rows {
                let hit = score(m);
                k += usize::from(hit);
                t.add(m.index, f64::from(u8::from(hit)));
            }
            (k, t)
        };
        let wins = |score: &dyn Fn(&MatchRow) -> bool| {
            let (wins, t) = tally(score);
            Wins {
                wins,
                rate: t.rate(),
            }
        };
        let seats = PlayerId::all(n)
            .map(|p| wins(&|m: &MatchRow| m.winner() == Some(p)))
            .collect();
        let mut distinct: Vec<BotKind> = Vec::new();
        for b in bots {
            if !distinct.contains(b) {
                distinct.push(*b);
            }
        }
        let by_bot = distinct
            .into_iter()
            .map(|bot| BotWins {
                bot,
                wins: wins(&|m: &MatchRow| m.winner().is_some_and(|w| m.bots.get(w) == Some(&bot))),
            })
            .collect();
        let (_, games) = tally(&|_| true);
        let totals: Vec<f64> = PlayerId::all(n)
            .map(|p| {
                let mut t = Tally::new(counting);
                for m in rows {
                    let share = match m.winner() {
                        Some(w) => f64::from(u8::from(w == p)),
                        None => 1.0 / n as f64,
                    };
                    t.add(m.index, share);
                }
                t.total()
            })
            .collect();
        let verdict = FixedVerdict::new(&totals, games.games(), DEFAULT_ALPHA, DEFAULT_MARGIN);
        let mut rounds: Vec<u32> = rows.iter().map(|m| m.rounds).collect();
        let (mean_rounds, median_rounds) = mean_and_median(&mut rounds);
        let count = rows.len().max(1) as f64;
        let mean_points = if rows.iter().any(|m| !m.points.is_empty()) {
            (0..n)
                .map(|p| {
                    rows.iter()
                        .map(|m| f64::from(m.points.get(p).copied().unwrap_or(0)))
                        .sum::<f64>()
                        / count
                })
                .collect()
        } else {
            Vec::new()
        };
        Self {
            ruleset: ruleset.id().to_owned(),
            matches: rows.len(),
            independent_games: games.games(),
            counting,
            seats,
            draws: wins(&|m: &MatchRow| m.winner().is_none()),
            mean_rounds,
            median_rounds,
            matches_per_sec: per_second(rows.len(), seconds),
            reading: Reading::Seats(SeatReading {
                bots: bots.to_vec(),
                by_bot,
                mean_points,
                rejected: rows.iter().map(|m| m.rejected).sum(),
                verdict,
            }),
        }
    }
}

/// The mean and median of match lengths (sorting them); 0 for none.
fn mean_and_median(rounds: &mut [u32]) -> (f64, f64) {
    let n = rounds.len();
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
    (mean, median)
}

/// Matches per second of `seconds` (0 when no time passed).
fn per_second(matches: usize, seconds: f64) -> f64 {
    if seconds > 0.0 {
        matches as f64 / seconds
    } else {
        0.0
    }
}

/// One finished match of a batch, small enough to keep by the hundred
/// thousand (no command list, no final state): what the app lists and
/// exports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchRow {
    /// The match's index in its batch.
    pub index: usize,
    /// The match seed.
    pub seed: u64,
    /// The bot of each side.
    pub bots: PerPlayer<BotKind>,
    /// How it ended.
    pub outcome: Outcome,
    /// Rounds played.
    pub rounds: u32,
    /// Commands the rules refused.
    pub rejected: u64,
    /// When each objective was first captured ([`MatchResult::first_captures`]).
    pub first_captures: Vec<Option<Capture>>,
    /// Points per side at the end, in rulesets that score them (empty
    /// otherwise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<u32>,
}

impl MatchRow {
    /// The row of match `index`.
    #[must_use]
    pub fn new(index: usize, r: &MatchResult) -> Self {
        Self {
            index,
            seed: r.seed,
            bots: r.bots,
            outcome: r.outcome,
            rounds: r.rounds,
            rejected: r.rejected,
            first_captures: r.first_captures.clone(),
            points: Vec::new(),
        }
    }

    /// The winning side, `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        match self.outcome {
            Outcome::Won(s) => Some(s),
            Outcome::Draw => None,
        }
    }
}

/// How often one objective was captured over a batch, and when.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaptureSummary {
    /// The objective.
    #[serde(with = "axial")]
    pub hex: Hex,
    /// Matches in which it was captured at all.
    pub captured: usize,
    /// Of those, the matches in which each side took it first.
    pub by_side: PerPlayer<usize>,
    /// The mean round of its first capture over the matches that captured
    /// it (`None`: never captured).
    pub mean_round: Option<f64>,
}

/// The objective hexes of an arena, in the order of
/// [`MatchState::objectives`] and [`MatchResult::first_captures`].
#[must_use]
pub fn objective_hexes(arena: &Arena) -> Vec<Hex> {
    arena.objectives.iter().map(|&c| arena.hex(c)).collect()
}

/// Per objective of `arena`, how often and when the matches in `rows`
/// first captured it.
#[must_use]
pub fn capture_summary(arena: &Arena, rows: &[MatchRow]) -> Vec<CaptureSummary> {
    objective_hexes(arena)
        .into_iter()
        .enumerate()
        .map(|(i, hex)| {
            let mut by_side = PerPlayer::splat(arena.zones.len(), &0);
            let mut round_sum = 0u64;
            for c in rows
                .iter()
                .filter_map(|r| r.first_captures.get(i).copied().flatten())
            {
                if let Some(n) = by_side.get_mut(c.side) {
                    *n += 1;
                }
                round_sum += u64::from(c.round);
            }
            let captured = by_side.iter().sum();
            CaptureSummary {
                hex,
                captured,
                by_side,
                mean_round: (captured > 0).then(|| round_sum as f64 / captured as f64),
            }
        })
        .collect()
}

/// A batch as CSV (RFC 4180, `\n` line ends): a header, then one row per
/// match with its number (from 1, as the app's tables count), seed, the
/// bot of each side, the winner (`0`, `1` or `draw`), the rounds played,
/// `refused_commands` (commands a bot chose that the rules refused: bots
/// see only their side's view, so some of their choices are illegal in
/// truth, and they choose again), and for each
/// objective of `arena` (named `objective_Q_R`) the round of its first
/// capture and the side that took it (both empty when it never was). In
/// rulesets with points, each side's points at the end follow the refused
/// commands (`side0_points`, …).
#[must_use]
pub fn results_csv(arena: &Arena, rows: &[MatchRow]) -> String {
    let objectives = objective_hexes(arena);
    let players = arena.zones.len();
    let mut out = String::from("match,seed");
    for p in 0..players {
        let _ = write!(out, ",side{p}_bot");
    }
    out.push_str(",winner,rounds,refused_commands");
    let points = rows.iter().any(|r| !r.points.is_empty());
    if points {
        for p in 0..players {
            let _ = write!(out, ",side{p}_points");
        }
    }
    for h in &objectives {
        let _ = write!(
            out,
            ",objective_{q}_{r}_round,objective_{q}_{r}_side",
            q = h.x,
            r = h.y
        );
    }
    out.push('\n');
    for r in rows {
        let winner = r
            .winner()
            .map_or_else(|| "draw".to_string(), |s| s.to_string());
        let _ = write!(out, "{},{}", r.index + 1, r.seed);
        for p in PlayerId::all(players) {
            match r.bots.get(p) {
                Some(b) => {
                    let _ = write!(out, ",{b}");
                }
                None => out.push(','),
            }
        }
        let _ = write!(out, ",{winner},{},{}", r.rounds, r.rejected);
        if points {
            for p in 0..players {
                match r.points.get(p) {
                    Some(x) => {
                        let _ = write!(out, ",{x}");
                    }
                    None => out.push(','),
                }
            }
        }
        for i in 0..objectives.len() {
            match r.first_captures.get(i).copied().flatten() {
                Some(c) => {
                    let _ = write!(out, ",{},{}", c.round, c.side);
                }
                None => out.push_str(",,"),
            }
        }
        out.push('\n');
    }
    out
}

/// How many matches lasted each number of rounds.
#[must_use]
pub fn length_histogram(rows: &[MatchRow]) -> BTreeMap<u32, usize> {
    let mut lengths = BTreeMap::new();
    for r in rows {
        *lengths.entry(r.rounds).or_insert(0) += 1;
    }
    lengths
}
