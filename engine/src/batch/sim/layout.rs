//! How reports and exported batches are laid out in files: each ruleset's
//! reading keeps the layout it has always written, so `simulate --json`
//! output, exported batches and the golden files read as before, and files
//! of either layout read back into the one [`Report`] and [`BatchExport`].
//!
//! A file says which layout it is by its fields: a two-sided report has
//! `side_wins`, a seat-test report `seats`; a two-sided export lists its
//! matches as batch rows, a seat-test export as played matches (with their
//! command counts).

use super::{
    BatchExport, BotWins, CaptureSummary, MatchRow, Reading, Report, SeatReading, SideReading, Wins,
};
use crate::Hex;
use crate::batch::seat_test::FixedVerdict;
use crate::bots::BotKind;
use crate::map::axial_vec;
use crate::player::PerPlayer;
use crate::rotation::Played;
use crate::rules::scenario::PlayedArmies;
use crate::stats::{Counting, Rate, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A report as a file holds it.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
pub(super) enum ReportLayout {
    /// akw-rules-v1's two-sided report.
    Sides(SidesReport),
    /// A seat-test report.
    Seats(SeatsReport),
}

/// The two-sided layout.
#[derive(Serialize, Deserialize)]
pub(super) struct SidesReport {
    matches: usize,
    independent_games: usize,
    counting: Counting,
    side_wins: PerPlayer<usize>,
    bot_wins: BTreeMap<String, usize>,
    draws: usize,
    draw_rate: Rate,
    side_win_rates: PerPlayer<Rate>,
    side_scores: PerPlayer<Rate>,
    first_bot_score: Option<Rate>,
    verdict: Verdict,
    mean_rounds: f64,
    median_rounds: f64,
    matches_per_sec: f64,
}

/// The seat-test layout.
#[derive(Serialize, Deserialize)]
pub(super) struct SeatsReport {
    ruleset: String,
    players: usize,
    matches: usize,
    independent_games: usize,
    counting: Counting,
    bots: Vec<BotKind>,
    seats: Vec<Wins>,
    by_bot: Vec<BotWins>,
    draws: Wins,
    mean_rounds: f64,
    median_rounds: f64,
    mean_points: Vec<f64>,
    rejected: u64,
    matches_per_sec: f64,
    #[serde(default)]
    verdict: FixedVerdict,
}

/// Why a report in a file is not one.
#[derive(Debug, thiserror::Error)]
pub enum LayoutError {
    /// The seats' wins and rates are not of one count.
    #[error("the report's {what} has {found} seats, not {players}")]
    Seats {
        /// Which list.
        what: &'static str,
        /// Its length.
        found: usize,
        /// The seats the report has.
        players: usize,
    },
}

impl From<Report> for ReportLayout {
    fn from(r: Report) -> Self {
        match r.reading {
            Reading::Sides(s) => Self::Sides(SidesReport {
                matches: r.matches,
                independent_games: r.independent_games,
                counting: r.counting,
                side_wins: PerPlayer::from_vec(r.seats.iter().map(|w| w.wins).collect()),
                bot_wins: s.bot_wins,
                draws: r.draws.wins,
                draw_rate: r.draws.rate,
                side_win_rates: PerPlayer::from_vec(r.seats.iter().map(|w| w.rate).collect()),
                side_scores: s.side_scores,
                first_bot_score: s.first_bot_score,
                verdict: s.verdict,
                mean_rounds: r.mean_rounds,
                median_rounds: r.median_rounds,
                matches_per_sec: r.matches_per_sec,
            }),
            Reading::Seats(s) => Self::Seats(SeatsReport {
                ruleset: r.ruleset,
                players: r.seats.len(),
                matches: r.matches,
                independent_games: r.independent_games,
                counting: r.counting,
                bots: s.bots,
                seats: r.seats,
                by_bot: s.by_bot,
                draws: r.draws,
                mean_rounds: r.mean_rounds,
                median_rounds: r.median_rounds,
                mean_points: s.mean_points,
                rejected: s.rejected,
                matches_per_sec: r.matches_per_sec,
                verdict: s.verdict,
            }),
        }
    }
}

impl TryFrom<ReportLayout> for Report {
    type Error = LayoutError;

    fn try_from(l: ReportLayout) -> Result<Self, LayoutError> {
        Ok(match l {
            ReportLayout::Sides(s) => {
                let players = s.side_wins.len();
                for (what, found) in [
                    ("side_win_rates", s.side_win_rates.len()),
                    ("side_scores", s.side_scores.len()),
                ] {
                    if found != players {
                        return Err(LayoutError::Seats {
                            what,
                            found,
                            players,
                        });
                    }
                }
                Self {
                    ruleset: crate::ruleset::RulesetId::AkwRulesV1.id().to_owned(),
                    matches: s.matches,
                    independent_games: s.independent_games,
                    counting: s.counting,
                    seats: s
                        .side_wins
                        .iter()
                        .zip(s.side_win_rates.iter())
                        .map(|(&wins, &rate)| Wins { wins, rate })
                        .collect(),
                    draws: Wins {
                        wins: s.draws,
                        rate: s.draw_rate,
                    },
                    mean_rounds: s.mean_rounds,
                    median_rounds: s.median_rounds,
                    matches_per_sec: s.matches_per_sec,
                    reading: Reading::Sides(SideReading {
                        bot_wins: s.bot_wins,
                        side_scores: s.side_scores,
                        first_bot_score: s.first_bot_score,
                        verdict: s.verdict,
                    }),
                }
            }
            ReportLayout::Seats(s) => {
                if s.seats.len() != s.players {
                    return Err(LayoutError::Seats {
                        what: "seats",
                        found: s.seats.len(),
                        players: s.players,
                    });
                }
                Self {
                    ruleset: s.ruleset,
                    matches: s.matches,
                    independent_games: s.independent_games,
                    counting: s.counting,
                    seats: s.seats,
                    draws: s.draws,
                    mean_rounds: s.mean_rounds,
                    median_rounds: s.median_rounds,
                    matches_per_sec: s.matches_per_sec,
                    reading: Reading::Seats(SeatReading {
                        bots: s.bots,
                        by_bot: s.by_bot,
                        mean_points: s.mean_points,
                        rejected: s.rejected,
                        verdict: s.verdict,
                    }),
                }
            }
        })
    }
}

/// An exported batch as a file holds it.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
pub(super) enum ExportLayout {
    /// A two-sided batch: its matches as batch rows.
    Sides(ExportFile<MatchRow>),
    /// A seat-test batch: its matches as played matches.
    Seats(ExportFile<Played>),
}

/// The export layout, its matches as `M` (the fields of both kinds are
/// the same but for how a match is written).
#[derive(Serialize, Deserialize)]
pub(super) struct ExportFile<M> {
    requested: usize,
    seed: u64,
    bots: Vec<BotKind>,
    cancelled: bool,
    report: Report,
    #[serde(with = "axial_vec")]
    objectives: Vec<Hex>,
    captures: Vec<CaptureSummary>,
    matches: Vec<M>,
    #[serde(default)]
    armies: PlayedArmies,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    until_decided: Option<crate::sequential::Summary>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    looks: Vec<crate::sequential::Look>,
}

impl<M> ExportFile<M> {
    /// `e` with each match written by `write`.
    fn of(e: BatchExport, write: impl Fn(Played) -> M) -> Self {
        Self {
            requested: e.requested,
            seed: e.seed,
            bots: e.bots,
            cancelled: e.cancelled,
            report: e.report,
            objectives: e.objectives,
            captures: e.captures,
            matches: e.matches.into_iter().map(write).collect(),
            armies: e.armies,
            until_decided: e.until_decided,
            looks: e.looks,
        }
    }

    /// The export, each match read by `read`.
    fn export(self, read: impl Fn(M) -> Played) -> BatchExport {
        BatchExport {
            requested: self.requested,
            seed: self.seed,
            bots: self.bots,
            cancelled: self.cancelled,
            report: self.report,
            objectives: self.objectives,
            captures: self.captures,
            matches: self.matches.into_iter().map(read).collect(),
            armies: self.armies,
            until_decided: self.until_decided,
            looks: self.looks,
        }
    }
}

impl From<BatchExport> for ExportLayout {
    fn from(e: BatchExport) -> Self {
        match e.report.reading {
            Reading::Sides(_) => Self::Sides(ExportFile::of(e, |m| m.row())),
            Reading::Seats(_) => Self::Seats(ExportFile::of(e, |m| m)),
        }
    }
}

impl From<ExportLayout> for BatchExport {
    fn from(l: ExportLayout) -> Self {
        match l {
            ExportLayout::Sides(e) => e.export(|row| Played::from(&row)),
            ExportLayout::Seats(e) => e.export(|m| m),
        }
    }
}
