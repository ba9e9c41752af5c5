//! A finished (or cancelled, or imported) batch as the batch tab keeps it:
//! what was asked, every match, the engine's [`Report`] and the figures the
//! results view draws, for every ruleset and player count; written out as
//! CSV or JSON ([`BatchExport`]) through [`BatchFile`].

use crate::sandbox::batch::decide::Decision;
use crate::sandbox::batch::export::{BatchFile, pretty_json};
use hexwright_engine::player::PlayerId;
use hexwright_engine::rotation::{Played, Rotation};
use hexwright_engine::rules::scenario::PlayedArmies;
use hexwright_engine::rules::{Arena, Rules};
use hexwright_engine::ruleset::RulesetId;
use hexwright_engine::sim::{self, BatchExport, CaptureSummary, MatchRow, Reading, Report};
use hexwright_engine::stats::Rate;
use std::collections::BTreeMap;
use std::sync::Arc;

/// A finished (or cancelled) batch.
#[derive(Clone, Debug)]
pub struct BatchResults {
    /// What was asked: the matches, a bot per seat of the first seating,
    /// the first seed.
    pub batch: Rotation,
    /// The ruleset the matches were played in.
    pub ruleset: RulesetId,
    /// Whether it stopped before every match finished.
    pub cancelled: bool,
    /// Every finished match, in match order.
    pub played: Vec<Played>,
    /// Every finished match as a batch row.
    pub rows: Vec<MatchRow>,
    /// The engine's summary of the finished matches.
    pub report: Report,
    /// How often and when each objective was first captured.
    pub captures: Vec<CaptureSummary>,
    /// Wall-clock seconds (for an imported batch, its shards' playing
    /// time).
    pub seconds: f64,
    /// With *Until decided*: what the test decided, and its looks.
    pub decision: Option<Decision>,
    /// For an imported batch: where it came from.
    pub imported: Option<String>,
    /// The armies every match played.
    pub armies: PlayedArmies,
    rules: Arc<Rules>,
    lengths: BTreeMap<u32, usize>,
}

impl BatchResults {
    /// The results of `played` (in match order) of `batch`, played in
    /// `ruleset` under `rules` in `seconds`.
    pub(super) fn new(
        batch: Rotation,
        ruleset: RulesetId,
        rules: Arc<Rules>,
        played: Vec<Played>,
        seconds: f64,
    ) -> Self {
        let rows: Vec<MatchRow> = played.iter().map(Played::row).collect();
        Self {
            cancelled: rows.len() < batch.matches,
            report: Report::new(ruleset, &rows, &batch.bots, seconds),
            captures: sim::capture_summary(&rules.arena, &rows),
            lengths: sim::length_histogram(&rows),
            batch,
            ruleset,
            played,
            rows,
            seconds,
            decision: None,
            imported: None,
            armies: PlayedArmies::default(),
            rules,
        }
    }

    /// How many matches lasted each number of rounds.
    #[must_use]
    pub fn lengths(&self) -> &BTreeMap<u32, usize> {
        &self.lengths
    }

    /// Seat `side`'s win rate, with its interval over independent games.
    #[must_use]
    pub fn win_rate(&self, side: PlayerId) -> Rate {
        self.report.win_rate(side)
    }

    /// The armies every match played, in words.
    #[must_use]
    pub fn armies_text(&self) -> String {
        crate::sandbox::batch::armies::text(&self.armies, &self.rules.roster)
    }

    /// Who the map favours, in one sentence: the engine's verdict of the
    /// report's reading.
    #[must_use]
    pub fn verdict(&self) -> String {
        match &self.report.reading {
            Reading::Sides(s) => s.verdict.to_string(),
            Reading::Seats(s) => format!("{}.", s.verdict.sentence()),
        }
    }
}

impl BatchFile for BatchResults {
    fn rows(&self) -> &[MatchRow] {
        &self.rows
    }

    fn arena(&self) -> &Arena {
        &self.rules.arena
    }

    /// [`BatchExport`], with the test's decision and looks when the batch
    /// was played until decided: what the panel shows.
    fn json(&self) -> String {
        let mut export = BatchExport::new(
            &self.rules.arena,
            &self.batch,
            self.cancelled,
            self.report.clone(),
            self.played.clone(),
        )
        .with_armies(self.armies.clone());
        if let Some(d) = &self.decision {
            export = export.with_decision(d.summary, d.looks.clone());
        }
        pretty_json(&export)
    }
}

/// `x` (a share) in percent, to one decimal.
pub(super) fn percent(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}
