//! Batch simulation in the sandbox: many matches between two bots on the
//! map being edited, played on a worker thread, summarised for playtesters
//! (win rates with 95% intervals over independent games, the engine's
//! verdict on side balance, match lengths, objective captures), listed match
//! by match, and exported as CSV or JSON.
//!
//! Matches are seated like `hexwright simulate` ([`Batch`]): the same bot in
//! both seats plays every match from its own seed; two bots play
//! seat-swapped pairs. The same form gives the same matches as the command
//! line, and *Open* replays a match exactly (`sim::play` with its seed and
//! bots).

use crate::canvas::theme;
use crate::sandbox::batch::decide::{DecideForm, Decision, LiveLooks};
use crate::sandbox::batch::export::{BatchFile, ExportForm, pretty_json};
use crate::sandbox::batch::import::{ImportForm, import};
use crate::sandbox::job::{BatchAsked, Job};
use crate::sandbox::worker::{number_ui, seating_rows_ui};
use egui::{Grid, RichText, Ui};
use hexwright_engine::bots::BotKind;
use hexwright_engine::map::{Map, Side};
use hexwright_engine::player::PerPlayer;
use hexwright_engine::rules::scenario::{PlayedArmies, Prepared};
use hexwright_engine::rules::{Arena, Rules};
use hexwright_engine::sim::{
    self, Batch, BatchExport, CaptureSummary, MatchRow, PlayOptions, Report,
};
use hexwright_engine::stats::{Counting, Rate};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::{Arc, PoisonError};

/// The batch panel's job: a [`Batch`] played on a worker.
type BatchJob = Job<BatchAsked<Batch>, Played>;

/// The most matches one batch may ask for.
pub const MAX_MATCHES: usize = 100_000;

/// What the batch panel needs from the sandbox.
pub struct BatchInput<'a> {
    /// The scenario the matches are played on.
    pub prepared: &'a Prepared,
    /// The armies `prepared` plays, as the results and exports say.
    pub armies: &'a PlayedArmies,
    /// The map it was made from (imported batches must match it).
    pub map: &'a Map,
    /// The bots the form starts with (the sandbox's own choice).
    pub default_bots: [BotKind; 2],
    /// Use the system's file dialogs for exports (off in tests: a path
    /// field instead).
    pub native_dialogs: bool,
    /// Where exports are offered to go (the map's folder).
    pub export_dir: Option<&'a Path>,
}

/// What the batch panel asks the sandbox to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BatchRequest {
    /// Replay this match in the sandbox (`sim::play` with this seed and
    /// these bots gives the very match listed).
    OpenMatch {
        /// The match seed.
        seed: u64,
        /// The bot of each side.
        bots: PerPlayer<BotKind>,
    },
}

/// A finished (or cancelled) batch.
#[derive(Clone, Debug)]
pub struct BatchResults {
    /// What was asked.
    pub batch: Batch,
    /// Whether it was cancelled before every match finished.
    pub cancelled: bool,
    /// Every finished match, in match order.
    pub rows: Vec<MatchRow>,
    /// The summary of the finished matches.
    pub report: Report,
    /// How often and when each objective was first captured.
    pub captures: Vec<CaptureSummary>,
    /// Wall-clock seconds.
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
    fn new(batch: Batch, rules: Arc<Rules>, rows: Vec<MatchRow>, seconds: f64) -> Self {
        let lengths = sim::length_histogram(&rows);
        Self {
            batch,
            cancelled: rows.len() < batch.matches,
            report: Report::from_rows(&rows, batch.bots, seconds),
            captures: sim::capture_summary(&rules.arena, &rows),
            rows,
            seconds,
            decision: None,
            imported: None,
            armies: PlayedArmies::default(),
            rules,
            lengths,
        }
    }

    /// How many matches lasted each number of rounds.
    #[must_use]
    pub fn lengths(&self) -> &BTreeMap<u32, usize> {
        &self.lengths
    }

    /// Side `side`'s win rate, with its interval over independent games.
    #[must_use]
    pub fn win_rate(&self, side: Side) -> Rate {
        self.report
            .side_win_rates
            .get(side)
            .copied()
            .unwrap_or_default()
    }

    /// The armies every match played, in words.
    #[must_use]
    pub fn armies_text(&self) -> String {
        crate::sandbox::batch::armies::text(&self.armies, &self.rules.roster)
    }

    /// Who the map favours, in one sentence (the engine's verdict on side
    /// 0's score over independent games).
    #[must_use]
    pub fn verdict(&self) -> String {
        self.report.verdict.to_string()
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
            self.rows.clone(),
            self.seconds,
        )
        .with_armies(self.armies.clone());
        if let Some(d) = &self.decision {
            export = export.with_decision(d.summary, d.looks.clone());
        }
        pretty_json(&export)
    }
}

pub(super) fn percent(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

pub(super) fn rate_text(r: Rate) -> String {
    r.to_string()
}

/// What a batch's worker hands back.
struct Played {
    rows: Vec<MatchRow>,
    /// With *Until decided*, once decided.
    decision: Option<Decision>,
    /// Stopped before the end (or before a decision).
    cancelled: bool,
}

/// The batch simulation panel.
pub struct BatchPanel {
    matches: usize,
    bots: [BotKind; 2],
    bots_chosen: bool,
    seed: u64,
    /// *Until decided* and its settings.
    decide: DecideForm,
    /// The running test's looks, while a batch plays until decided.
    live: Option<LiveLooks>,
    import: ImportForm,
    job: BatchJob,
    results: Option<BatchResults>,
    /// The export buttons and their last outcome.
    export: ExportForm,
    /// The scenario the last batch played (its matches open from it, even
    /// when the scenario panel changed since).
    prepared: Option<Prepared>,
    /// The matches table's order.
    sort: crate::sandbox::batch::view::Sort,
    /// The armies the next batch plays (the sandbox's choice, each frame).
    armies: PlayedArmies,
}

impl Default for BatchPanel {
    fn default() -> Self {
        Self {
            matches: 100,
            bots: [BotKind::Greedy, BotKind::Random],
            bots_chosen: false,
            seed: 1,
            decide: DecideForm::default(),
            live: None,
            import: ImportForm::default(),
            job: Job::default(),
            results: None,
            export: ExportForm::default(),
            prepared: None,
            sort: crate::sandbox::batch::view::Sort::default(),
            armies: PlayedArmies::default(),
        }
    }
}

impl BatchPanel {
    /// Sets the form: matches (clamped to `1..=MAX_MATCHES`), the two bots
    /// and the first seed.
    pub fn configure(&mut self, matches: usize, bots: [BotKind; 2], seed: u64) {
        self.matches = matches.clamp(1, MAX_MATCHES);
        self.bots = bots;
        self.bots_chosen = true;
        self.seed = seed;
    }

    /// Whether a batch is being played.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.job.is_running()
    }

    /// The last finished batch.
    #[must_use]
    pub fn results(&self) -> Option<&BatchResults> {
        self.results.as_ref()
    }

    /// Looks the running batch's test has taken so far (0 when not playing
    /// until decided).
    #[must_use]
    pub fn live_looks(&self) -> usize {
        self.live.as_ref().map_or(0, |l| {
            l.lock().unwrap_or_else(PoisonError::into_inner).len()
        })
    }

    /// Whether the central area shows the batch: results, or the live
    /// chart of a batch playing until decided.
    #[must_use]
    pub fn has_results_view(&self) -> bool {
        self.results.is_some() || self.live.is_some()
    }

    /// The last error (the worker died, or an export failed).
    #[must_use]
    pub fn error(&self) -> Option<&str> {
        self.job.error().or(self.export.error())
    }

    /// Asks a running batch to stop; the matches that finished are kept.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// Sets *Until decided*: on or off, the margin and the error chance
    /// (both in percent).
    pub fn configure_decide(&mut self, on: bool, margin_pct: f64, alpha_pct: f64) {
        self.decide = DecideForm {
            on,
            margin_pct,
            alpha_pct,
            max: self.decide.max,
        };
    }

    /// Sets the most matches a batch played until decided may play.
    pub fn configure_decide_max(&mut self, max: usize) {
        self.decide.max = max.clamp(1, MAX_MATCHES);
    }

    /// Plays the batch of the form on `prepared` (like pressing the
    /// button). A batch already running is cancelled and replaced.
    pub fn start(&mut self, prepared: &Prepared) {
        let matches = if self.decide.on {
            self.decide.max
        } else {
            self.matches
        };
        let batch = Batch {
            matches: matches.clamp(1, MAX_MATCHES),
            bots: self.bots,
            seed: self.seed,
        };
        let p = prepared.clone();
        let asked = BatchAsked {
            batch,
            prepared: prepared.clone(),
            armies: self.armies.clone(),
        };
        if self.decide.on {
            let plan = match self.decide.plan(&batch) {
                Ok(plan) => plan,
                Err(e) => {
                    self.job.fail(e);
                    return;
                }
            };
            let live = LiveLooks::default();
            self.live = Some(live.clone());
            self.job.start(asked, batch.matches, move |done, cancel| {
                let d = hexwright_engine::until_decided::play_until_decided(
                    &p,
                    &batch,
                    plan,
                    &|k| done.store(k, Ordering::Relaxed),
                    cancel,
                    &mut |look| {
                        live.lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .push(*look);
                    },
                );
                // A cancelled batch keeps the test's interval too: the user
                // may have stopped on what the live chart showed, and only
                // the anytime-valid interval holds then.
                Played {
                    decision: (!d.test.looks().is_empty()).then(|| Decision {
                        summary: d.test.summary(),
                        looks: d.test.looks().to_vec(),
                    }),
                    cancelled: d.cancelled,
                    rows: d.rows,
                }
            });
        } else {
            self.live = None;
            self.job.start(asked, batch.matches, move |done, cancel| {
                let rows = sim::simulate_each(
                    &p,
                    &batch,
                    PlayOptions { record: false },
                    &|k| done.store(k, Ordering::Relaxed),
                    cancel,
                    &|i, r| MatchRow::new(i, &r),
                );
                Played {
                    cancelled: rows.len() < batch.matches,
                    rows,
                    decision: None,
                }
            });
        }
    }

    /// Sets the armies the next batch plays, as its results will say
    /// (the sandbox sets them from its choice each frame).
    pub fn set_armies(&mut self, armies: PlayedArmies) {
        self.armies = armies;
    }

    /// Reads a batch played elsewhere (a merged file, or all its shards)
    /// into the tab, as if played here; its matches open on `prepared`.
    ///
    /// # Errors
    /// Why the files cannot be imported (also shown under the button).
    pub fn import_files(
        &mut self,
        paths: &[std::path::PathBuf],
        map: &Map,
        prepared: &Prepared,
    ) -> Result<(), String> {
        let outcome = import(paths, map, prepared).and_then(|i| {
            let mut r = BatchResults::new(i.batch()?, prepared.rules.clone(), i.rows, i.seconds);
            r.imported = Some(i.source);
            r.armies = self.armies.clone();
            self.results = Some(r);
            self.prepared = Some(prepared.clone());
            self.export.reset();
            Ok(())
        });
        self.import.done(outcome.clone());
        outcome
    }

    /// The scenario of the batch playing, or else of the last one played
    /// or imported.
    #[must_use]
    pub fn prepared(&self) -> Option<&Prepared> {
        self.job
            .asked()
            .map(|a| &a.prepared)
            .or(self.prepared.as_ref())
    }

    /// Takes the results once the worker finished. Returns whether a batch
    /// is still running (the caller keeps repainting while it is).
    pub fn poll(&mut self) -> bool {
        let Some(f) = self.job.poll() else {
            let running = self.job.is_running();
            if !running {
                // Idle, or the worker died (the job keeps the error).
                self.live = None;
            }
            return running;
        };
        let BatchAsked {
            batch,
            prepared,
            armies,
        } = f.asked;
        let mut r = BatchResults::new(batch, prepared.rules.clone(), f.output.rows, f.seconds);
        r.cancelled = f.output.cancelled;
        r.decision = f.output.decision;
        r.armies = armies;
        self.results = Some(r);
        self.prepared = Some(prepared);
        self.export.reset();
        self.live = None;
        false
    }

    /// Draws the form, the running batch and the export buttons (the
    /// results go in the central area: [`Self::show_results_ui`]).
    pub fn show_ui(&mut self, ui: &mut Ui, input: &BatchInput<'_>) {
        if !self.bots_chosen {
            self.bots = input.default_bots;
            self.bots_chosen = true;
        }
        self.armies = input.armies.clone();
        self.poll();
        ui.heading("Batch simulation");
        ui.label(RichText::new(seating_note(self.bots)).weak());
        self.form_ui(ui, input.prepared);
        if let Some(e) = self.job.error() {
            ui.colored_label(theme::ERROR, e);
        }
        if !self.is_running()
            && let Some(paths) = self.import.ui(ui, input.native_dialogs, input.export_dir)
        {
            // The error, if any, is shown under the button.
            let _ = self.import_files(&paths, input.map, input.prepared);
        }
        if let Some(r) = &self.results {
            ui.separator();
            ui.label(format!(
                "{}: the results are in the middle.",
                crate::words::count(r.report.matches, "match", "matches")
            ));
            self.export_ui(ui, input);
        }
    }

    /// Draws the last batch's results (in the sandbox's central area);
    /// returns a request to open one of its matches.
    pub fn show_results_ui(&mut self, ui: &mut Ui) -> Option<BatchRequest> {
        if let Some(live) = &self.live {
            ui.strong("Playing until decided");
            let looks = crate::sandbox::batch::decide::snapshot(live);
            crate::sandbox::batch::decide::chart_ui(
                ui,
                "batch_live_chart",
                &looks,
                self.decide.margin_pct / 100.0,
            );
            return None;
        }
        let r = self.results.as_ref()?;
        crate::sandbox::batch::view::show_ui(ui, r, &mut self.sort)
    }

    fn form_ui(&mut self, ui: &mut Ui, prepared: &Prepared) {
        let running = self.is_running();
        ui.add_enabled_ui(!running, |ui| {
            Grid::new("batch_form")
                .num_columns(2)
                .spacing([8.0, 4.0])
                .show(ui, |ui| {
                    if !self.decide.on {
                        number_ui(
                            ui,
                            "Matches",
                            &mut self.matches,
                            1..=MAX_MATCHES,
                            "How many matches to play",
                        );
                        ui.label("");
                        ui.horizontal(|ui| {
                            for n in [100, 1_000, 10_000] {
                                if ui
                                    .selectable_label(self.matches == n, format!("{n}"))
                                    .on_hover_text(format!("Play {n} matches"))
                                    .clicked()
                                {
                                    self.matches = n;
                                }
                            }
                        });
                        ui.end_row();
                    }
                    seating_rows_ui(ui, "batch", "matches", &mut self.bots, &mut self.seed);
                    self.decide.rows_ui(ui, 1..=MAX_MATCHES);
                });
        });
        if self.job.is_running() {
            self.job.progress_ui(ui, "matches");
            if let Some(live) = &self.live {
                let looks = crate::sandbox::batch::decide::snapshot(live);
                if let Some(last) = looks.last() {
                    ui.label(crate::sandbox::batch::decide::look_text(looks.len(), last));
                }
            }
        } else {
            let label = if self.decide.on {
                format!("Simulate until decided (at most {})", self.decide.max)
            } else {
                format!("Simulate {} matches", self.matches)
            };
            if ui
                .button(label)
                .on_hover_text("Play the matches on worker threads; the editor stays usable")
                .clicked()
            {
                self.start(prepared);
            }
        }
    }

    fn export_ui(&mut self, ui: &mut Ui, input: &BatchInput<'_>) {
        if let Some(results) = &self.results {
            self.export
                .ui(ui, input.native_dialogs, input.export_dir, results);
        }
    }
}

/// How a batch between `bots` is seated, in one line.
fn seating_note(bots: [BotKind; 2]) -> &'static str {
    match sim::counting_for(bots) {
        Counting::Matches => {
            "The same bot on both sides: match i uses seed + i, so every match is its own game."
        }
        Counting::SeatSwappedPairs | Counting::SeatRotations(_) => {
            "Side-swapped pairs: pair i uses seed + i, once with each bot on each side; each pair counts as one game."
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
