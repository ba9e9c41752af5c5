//! A batch written out as JSON by the app ([`BatchExport`]): what was
//! asked, the report, the objectives and every finished match, for every
//! ruleset and player count.

use super::layout::ExportLayout;
use super::{CaptureSummary, MatchRow, Report, capture_summary, objective_hexes};
use crate::Hex;
use crate::bots::BotKind;
use crate::rotation::{Played, Rotation};
use crate::rules::Arena;
use crate::rules::scenario::PlayedArmies;
use crate::sequential::{Look, Summary};
use serde::{Deserialize, Serialize};

/// A batch written out as JSON by the app: what was asked, the report, the
/// objectives and every finished match.
///
/// In files it keeps the layout its report's reading has always written
/// ([`super::Reading`]): two-sided akw-rules-v1 batches list their matches
/// as [`MatchRow`]s, seat-test batches as [`Played`] matches (with their
/// command counts); either reads back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "ExportLayout", from = "ExportLayout")]
pub struct BatchExport {
    /// Matches asked for.
    pub requested: usize,
    /// First seed (see [`Rotation::game`]).
    pub seed: u64,
    /// The bots of the first seating.
    pub bots: Vec<BotKind>,
    /// Whether the batch stopped before every match was played.
    pub cancelled: bool,
    /// The summary of the finished matches.
    pub report: Report,
    /// The objectives, in the order of each row's `first_captures`.
    pub objectives: Vec<Hex>,
    /// How often and when each objective was first captured.
    pub captures: Vec<CaptureSummary>,
    /// Every finished match, in match order (the command counts of a
    /// two-sided batch's matches are not kept: 0).
    pub matches: Vec<Played>,
    /// The armies every match played (older files: each match's default).
    pub armies: PlayedArmies,
    /// A batch played until decided: the sequential test's decision, α,
    /// margin and last interval — the figure to read. The report's
    /// verdict is then a fixed-sample reading, which does not hold after
    /// stopping early.
    pub until_decided: Option<Summary>,
    /// A batch played until decided: every look of the test, in order.
    pub looks: Vec<Look>,
}

impl BatchExport {
    /// Gathers the finished matches `matches` (in match order) of `batch`
    /// on `arena`, with their `report`; `cancelled` when it stopped before
    /// every match was played.
    #[must_use]
    pub fn new(
        arena: &Arena,
        batch: &Rotation,
        cancelled: bool,
        report: Report,
        matches: Vec<Played>,
    ) -> Self {
        let rows: Vec<MatchRow> = matches.iter().map(Played::row).collect();
        Self {
            requested: batch.matches,
            seed: batch.seed,
            bots: batch.bots.clone(),
            cancelled,
            report,
            objectives: objective_hexes(arena),
            captures: capture_summary(arena, &rows),
            matches,
            armies: PlayedArmies::default(),
            until_decided: None,
            looks: Vec::new(),
        }
    }

    /// The same export, saying which armies the matches played.
    #[must_use]
    pub fn with_armies(mut self, armies: PlayedArmies) -> Self {
        self.armies = armies;
        self
    }

    /// The same export of a batch played until decided, with the test's
    /// decision and its looks.
    #[must_use]
    pub fn with_decision(mut self, summary: Summary, looks: Vec<Look>) -> Self {
        self.until_decided = Some(summary);
        self.looks = looks;
        self
    }
}
