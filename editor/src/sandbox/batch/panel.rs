//! Batch simulation in the sandbox, for every ruleset and 2 to 4 players:
//! many matches on the map being edited, one bot per seat, played on a
//! worker thread, summarised for playtesters (win rates with 95% intervals
//! over independent games, the engine's verdict, match lengths, objective
//! captures), listed match by match, and exported as CSV or JSON.
//!
//! Matches are seated like `hexwright simulate` ([`Rotation::game`]): the
//! same bot on every seat plays every match from its own seed; otherwise
//! the seats rotate around the table, each distinct rotation once per seed
//! (a two-player batch's seat-swapped pairs). The same form gives the same
//! matches as the command line, and *Open* replays a match exactly. An
//! akw-rules-v1 batch may also play *Until decided*
//! ([`crate::sandbox::batch::decide`]).

use crate::canvas::theme;
use crate::sandbox::batch::decide::{DecideForm, Decision, LiveLooks};
use crate::sandbox::batch::export::ExportForm;
use crate::sandbox::batch::import::{ImportForm, import};
use crate::sandbox::batch::results::BatchResults;
use crate::sandbox::batch::view::Sort;
use crate::sandbox::job::{BatchAsked, Job};
use crate::sandbox::worker::{number_ui, seat_rows_ui};
use egui::{Grid, RichText, Ui};
use hexwright_engine::bots::BotKind;
use hexwright_engine::map::Map;
use hexwright_engine::rotation::{self, Played, Rotation};
use hexwright_engine::rules::scenario::{PlayedArmies, Prepared};
use hexwright_engine::ruleset::{AkwRulesV1, PhaseRulesV1, RulesetId};
use hexwright_engine::sim::Batch;
use hexwright_engine::stats::Counting;
use std::path::Path;
use std::sync::PoisonError;
use std::sync::atomic::Ordering;

/// The batch panel's job: a [`Rotation`] played on a worker.
type BatchJob = Job<BatchAsked, Finished>;

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
    /// The bots the form starts with, one per seat (the sandbox's own
    /// choice).
    pub default_bots: Vec<BotKind>,
    /// Use the system's file dialogs for exports (off in tests: a path
    /// field instead).
    pub native_dialogs: bool,
    /// Where exports are offered to go (the map's folder).
    pub export_dir: Option<&'a Path>,
}

/// What the batch panel asks the sandbox to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BatchRequest {
    /// Replay this match in the sandbox, on the batch's own scenario (its
    /// seed and seating give the very match listed).
    OpenMatch {
        /// The match seed.
        seed: u64,
        /// The bot on each seat.
        seating: Vec<BotKind>,
    },
}

/// What a batch's worker hands back.
struct Finished {
    played: Vec<Played>,
    /// With *Until decided*, once decided.
    decision: Option<Decision>,
    /// Stopped before the end (or before a decision).
    cancelled: bool,
}

/// The batch simulation panel.
pub struct BatchPanel {
    matches: usize,
    /// A bot per seat of the first seating.
    bots: Vec<BotKind>,
    bots_chosen: bool,
    seed: u64,
    /// *Until decided* and its settings (akw-rules-v1 batches of two bots).
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
    sort: Sort,
    /// The armies the next batch plays (the sandbox's choice, each frame).
    armies: PlayedArmies,
}

impl Default for BatchPanel {
    fn default() -> Self {
        Self {
            matches: 100,
            bots: vec![BotKind::Greedy, BotKind::Random],
            bots_chosen: false,
            seed: 1,
            decide: DecideForm::default(),
            live: None,
            import: ImportForm::default(),
            job: Job::default(),
            results: None,
            export: ExportForm::default(),
            prepared: None,
            sort: Sort::default(),
            armies: PlayedArmies::default(),
        }
    }
}

impl std::fmt::Debug for BatchPanel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BatchPanel")
            .field("matches", &self.matches)
            .field("bots", &self.bots)
            .field("running", &self.job.is_running())
            .finish_non_exhaustive()
    }
}

/// The akw-rules-v1 batch a two-bot rotation is, for *Until decided*.
fn two_sided(batch: &Rotation) -> Option<Batch> {
    match batch.bots[..] {
        [a, b] => Some(Batch {
            matches: batch.matches,
            bots: [a, b],
            seed: batch.seed,
        }),
        _ => None,
    }
}

impl BatchPanel {
    /// Sets the form: matches (clamped to `1..=MAX_MATCHES`), a bot per
    /// seat of the first seating and the first seed.
    pub fn configure(&mut self, matches: usize, bots: Vec<BotKind>, seed: u64) {
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

    /// Whether the next batch on `prepared` plays until decided: the
    /// switch is on, and it is an akw-rules-v1 batch of two bots (the test
    /// reads side 0's score).
    fn decides(&self, prepared: &Prepared) -> bool {
        self.decide.on && prepared.ruleset == RulesetId::AkwRulesV1 && self.bots.len() == 2
    }

    /// Plays the batch of the form on `prepared` (like pressing the
    /// button). A batch already running is cancelled and replaced.
    pub fn start(&mut self, prepared: &Prepared) {
        let decides = self.decides(prepared);
        let matches = if decides {
            self.decide.max
        } else {
            self.matches
        };
        let batch = Rotation {
            matches: matches.clamp(1, MAX_MATCHES),
            bots: self.bots.clone(),
            seed: self.seed,
        };
        let p = prepared.clone();
        let asked = BatchAsked {
            batch: batch.clone(),
            prepared: prepared.clone(),
            armies: self.armies.clone(),
        };
        let total = batch.matches;
        if let Some(two) = two_sided(&batch).filter(|_| decides) {
            let plan = match self.decide.plan(&two) {
                Ok(plan) => plan,
                Err(e) => {
                    self.job.fail(e);
                    return;
                }
            };
            let live = LiveLooks::default();
            self.live = Some(live.clone());
            self.job.start(asked, total, move |done, cancel| {
                let d = hexwright_engine::until_decided::play_until_decided(
                    &p,
                    &two,
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
                Finished {
                    decision: (!d.test.looks().is_empty()).then(|| Decision {
                        summary: d.test.summary(),
                        looks: d.test.looks().to_vec(),
                    }),
                    cancelled: d.cancelled,
                    played: d.rows.iter().map(Played::from).collect(),
                }
            });
        } else {
            self.live = None;
            self.job.start(asked, total, move |done, cancel| {
                let progress = |k| done.store(k, Ordering::Relaxed);
                let played = match p.ruleset {
                    RulesetId::AkwRulesV1 => {
                        rotation::simulate::<AkwRulesV1>(&p, &batch, &progress, cancel)
                    }
                    RulesetId::PhaseRulesV1 => {
                        rotation::simulate::<PhaseRulesV1>(&p, &batch, &progress, cancel)
                    }
                };
                Finished {
                    cancelled: played.len() < batch.matches,
                    played,
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
            let batch = i.batch(prepared.ruleset)?;
            let played = i.rows.iter().map(Played::from).collect();
            let mut r = BatchResults::new(
                batch,
                prepared.ruleset,
                prepared.rules.clone(),
                played,
                i.seconds,
            );
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
        let mut r = BatchResults::new(
            batch,
            prepared.ruleset,
            prepared.rules.clone(),
            f.output.played,
            f.seconds,
        );
        r.cancelled = f.output.cancelled;
        r.decision = f.output.decision;
        r.armies = armies;
        self.results = Some(r);
        self.prepared = Some(prepared);
        self.export.reset();
        self.live = None;
        false
    }

    /// Draws the form, the running batch and the export buttons; the bots
    /// of `input` (one per seat) fill the form the first time and whenever
    /// the player count changes. The results go in the central area:
    /// [`Self::show_results_ui`].
    pub fn show_ui(&mut self, ui: &mut Ui, input: &BatchInput<'_>) {
        if !self.bots_chosen || self.bots.len() != input.default_bots.len() {
            self.bots.clone_from(&input.default_bots);
            self.bots_chosen = true;
        }
        self.armies = input.armies.clone();
        self.poll();
        ui.heading("Batch simulation");
        ui.label(RichText::new(seating_note(&self.bots)).weak());
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
            self.export
                .ui(ui, input.native_dialogs, input.export_dir, r);
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
        // Until decided reads side 0's score: akw-rules-v1's two sides.
        let may_decide = prepared.ruleset == RulesetId::AkwRulesV1 && self.bots.len() == 2;
        let decides = self.decides(prepared);
        ui.add_enabled_ui(!running, |ui| {
            Grid::new("batch_form")
                .num_columns(2)
                .spacing([8.0, 4.0])
                .show(ui, |ui| {
                    if !decides {
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
                    let hint = seed_hint(&self.bots);
                    seat_rows_ui(ui, "batch", &mut self.bots, &mut self.seed, hint);
                    if may_decide {
                        self.decide.rows_ui(ui, 1..=MAX_MATCHES);
                    }
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
            let label = if decides {
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
}

/// How a batch between `bots` (one per seat) makes independent games.
fn counting(bots: &[BotKind]) -> Counting {
    Rotation {
        matches: 0,
        bots: bots.to_vec(),
        seed: 0,
    }
    .counting()
}

/// What the first seed seeds, for the form's hint.
fn seed_hint(bots: &[BotKind]) -> &'static str {
    match counting(bots) {
        Counting::Matches => "Match i plays with seed + i",
        Counting::SeatSwappedPairs => "Pair i plays with seed + i",
        Counting::SeatRotations(_) => "Group g plays with seed + g",
    }
}

/// How a batch between `bots` (one per seat) is seated, in one line.
fn seating_note(bots: &[BotKind]) -> &'static str {
    match counting(bots) {
        Counting::Matches if bots.len() == 2 => {
            "The same bot on both sides: match i uses seed + i, so every match is its own game."
        }
        Counting::Matches => {
            "The same bot on every side: match i uses seed + i, so every match is its own game."
        }
        Counting::SeatSwappedPairs => {
            "Side-swapped pairs: pair i uses seed + i, once with each bot on each side; each pair counts as one game."
        }
        Counting::SeatRotations(_) => {
            "Sides rotate around the table: every bot plays every side equally often, and each group of rotations (one seed) counts as one independent game."
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
