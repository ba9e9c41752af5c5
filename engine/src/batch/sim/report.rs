//! What a batch of akw-rules-v1 matches says: the [`Report`] (wins per seat
//! and per bot with their intervals, draws, lengths), one [`MatchRow`] per
//! match, the first captures, the CSV of the matches and the exported JSON
//! ([`BatchExport`]).

use super::{Batch, Capture, MatchResult, counting_for};
use crate::Hex;
use crate::bots::BotKind;
use crate::map::{Side, axial, axial_vec};
use crate::player::{PerPlayer, PlayerId};
use crate::rules::{Arena, Outcome};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::stats::Tally;
use crate::stats::{Counting, Rate, Verdict};

/// What `hexwright simulate` reports.
///
/// Counts are over matches; every rate and the verdict are over
/// independent games ([`Report::counting`], [`crate::stats`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Matches played.
    pub matches: usize,
    /// Independent games among them: the matches, or the seat-swapped
    /// pairs.
    pub independent_games: usize,
    /// Which matches make one independent game.
    pub counting: Counting,
    /// Wins of each side.
    pub side_wins: PerPlayer<usize>,
    /// Wins by bot name (empty when both seats run the same bot: every
    /// win is that bot's).
    pub bot_wins: BTreeMap<String, usize>,
    /// Draws (round limit reached).
    pub draws: usize,
    /// The draw rate, with its 95% interval over independent games.
    pub draw_rate: Rate,
    /// Each side's win rate, with its 95% interval over independent games.
    pub side_win_rates: PerPlayer<Rate>,
    /// Each side's score (a win counts 1, a draw ½), with its 95% interval
    /// over independent games: what [`Report::verdict`] reads.
    pub side_scores: PerPlayer<Rate>,
    /// The first bot's score against the second (a draw counts ½), over
    /// independent games; `None` when both seats run the same bot.
    pub first_bot_score: Option<Rate>,
    /// Who the map favours.
    pub verdict: Verdict,
    /// Mean match length in rounds.
    pub mean_rounds: f64,
    /// Median match length in rounds.
    pub median_rounds: f64,
    /// Matches per second of wall-clock time.
    pub matches_per_sec: f64,
}

/// What a report needs of one finished match.
struct Finished {
    index: usize,
    outcome: Outcome,
    seats: PerPlayer<BotKind>,
    rounds: u32,
}

impl Report {
    /// Summarises a whole batch's results (in match order: the result at
    /// position `i` is match `i`) and the elapsed seconds.
    #[must_use]
    pub fn new(results: &[MatchResult], bots: [BotKind; 2], seconds: f64) -> Self {
        Self::summarise(
            results.iter().enumerate().map(|(index, r)| Finished {
                index,
                outcome: r.outcome,
                seats: r.bots,
                rounds: r.rounds,
            }),
            bots,
            seconds,
        )
    }

    /// Summarises [`MatchRow`]s (each with its match index), like
    /// [`Self::new`].
    #[must_use]
    pub fn from_rows(rows: &[MatchRow], bots: [BotKind; 2], seconds: f64) -> Self {
        Self::summarise(
            rows.iter().map(|r| Finished {
                index: r.index,
                outcome: r.outcome,
                seats: r.bots,
                rounds: r.rounds,
            }),
            bots,
            seconds,
        )
    }

    fn summarise(
        results: impl Iterator<Item = Finished>,
        bots: [BotKind; 2],
        seconds: f64,
    ) -> Self {
        let counting = counting_for(bots);
        let players = crate::rules::state::PLAYERS;
        let mut side_wins = PerPlayer::splat(players, &0);
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
        for m in results {
            let (won, score) = match m.outcome {
                Outcome::Won(side) => {
                    side_wins[side] += 1;
                    if counting == Counting::SeatSwappedPairs {
                        *bot_wins
                            .entry(m.seats[side].name().to_string())
                            .or_default() += 1;
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
            let first = if m.seats[PlayerId(0)] == bots[0] {
                score
            } else {
                1.0 - score
            };
            first_bot.add(m.index, first);
            rounds.push(m.rounds);
        }
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
        let s0 = score0.rate();
        let s1 = Rate {
            value: 1.0 - s0.value,
            ci95: [1.0 - s0.ci95[1], 1.0 - s0.ci95[0]],
        };
        let games = score0.games();
        Self {
            matches: n,
            independent_games: games,
            counting,
            side_wins,
            bot_wins,
            draws,
            draw_rate: drawn.rate(),
            side_win_rates: PerPlayer::from_vec(wins.iter().map(Tally::rate).collect()),
            side_scores: PerPlayer::from([s0, s1]),
            first_bot_score: (counting == Counting::SeatSwappedPairs).then(|| first_bot.rate()),
            verdict: Verdict::from_score(s0, games),
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

/// One finished match of a batch, small enough to keep by the hundred
/// thousand (no command list, no final state): what the app lists and
/// exports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// A batch written out as JSON by the app: what was asked, the summary,
/// the objectives and every finished match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BatchExport {
    /// Matches asked for.
    pub requested: usize,
    /// First seed (see [`Batch::game`]).
    pub seed: u64,
    /// The two bots (the first one plays side 0 in even matches when they
    /// differ).
    pub bots: [BotKind; 2],
    /// Whether the batch was cancelled before every match was played.
    pub cancelled: bool,
    /// The summary of the finished matches.
    pub report: Report,
    /// The objectives, in the order of each row's `first_captures`.
    #[serde(with = "axial_vec")]
    pub objectives: Vec<Hex>,
    /// How often and when each objective was first captured.
    pub captures: Vec<CaptureSummary>,
    /// Every finished match, in match order.
    pub matches: Vec<MatchRow>,
    /// The armies every match played (older files: each match's default).
    #[serde(default)]
    pub armies: crate::rules::scenario::PlayedArmies,
    /// A batch played until decided: the sequential test's decision, α,
    /// margin and last interval — the figure to read. The report's
    /// `verdict` is then a fixed-sample reading, which does not hold after
    /// stopping early.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until_decided: Option<crate::sequential::Summary>,
    /// A batch played until decided: every look of the test, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub looks: Vec<crate::sequential::Look>,
}

impl BatchExport {
    /// Gathers a batch's finished matches (in match order).
    #[must_use]
    pub fn new(
        arena: &Arena,
        batch: &Batch,
        cancelled: bool,
        rows: Vec<MatchRow>,
        seconds: f64,
    ) -> Self {
        Self {
            requested: batch.matches,
            seed: batch.seed,
            bots: batch.bots,
            cancelled,
            report: Report::from_rows(&rows, batch.bots, seconds),
            objectives: objective_hexes(arena),
            captures: capture_summary(arena, &rows),
            matches: rows,
            armies: crate::rules::scenario::PlayedArmies::default(),
            until_decided: None,
            looks: Vec::new(),
        }
    }

    /// The same export, saying which armies the matches played.
    #[must_use]
    pub fn with_armies(mut self, armies: crate::rules::scenario::PlayedArmies) -> Self {
        self.armies = armies;
        self
    }

    /// The same export of a batch played until decided, with the test's
    /// decision and its looks.
    #[must_use]
    pub fn with_decision(
        mut self,
        summary: crate::sequential::Summary,
        looks: Vec<crate::sequential::Look>,
    ) -> Self {
        self.until_decided = Some(summary);
        self.looks = looks;
        self
    }
}
