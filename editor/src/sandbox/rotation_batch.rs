//! Batches of phase-rules-v1 matches in the sandbox, for 2 to 4 players:
//! one bot per seat, seats rotated around the table so every bot plays
//! every seat equally often (the engine's [`Rotation`], exactly as
//! `hexwright simulate` seats them), played on a worker thread. The report
//! is the engine's [`RotationReport`]: wins per seat and per bot with 95%
//! intervals over independent games, draws, rounds, mean points and the
//! favoured seat; every match is listed and *Open* steps through it.

use super::worker::{Worker, bot_combo, number};
use crate::theme;
use egui::{Grid, RichText, ScrollArea, Ui};
use hexwright_engine::bots::BotKind;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rotation::{self, Played, Rotation, RotationReport};
use hexwright_engine::rules::scenario::Prepared;
use hexwright_engine::ruleset::PhaseRulesV1;
use std::sync::atomic::Ordering;

/// The most matches one batch may ask for.
pub const MAX_MATCHES: usize = 100_000;
/// Matches listed in the panel (the report counts them all).
const LISTED: usize = 200;

/// What the panel asks the sandbox to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RotationRequest {
    /// Step through this match (`rotation::play` with this seed and seating
    /// is the very match listed).
    OpenMatch {
        /// The match seed.
        seed: u64,
        /// The bot on each seat.
        seating: Vec<BotKind>,
    },
}

/// A finished (or cancelled) batch.
#[derive(Clone, Debug)]
pub struct RotationResults {
    /// What was asked.
    pub rotation: Rotation,
    /// Every finished match, in match order.
    pub played: Vec<Played>,
    /// The engine's summary.
    pub report: RotationReport,
}

/// The batch form, the running batch and its results.
#[derive(Default)]
pub struct RotationPanel {
    matches: usize,
    bots: Vec<BotKind>,
    seed: u64,
    worker: Option<(Worker<Vec<Played>>, Rotation)>,
    results: Option<RotationResults>,
    error: Option<String>,
}

impl std::fmt::Debug for RotationPanel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RotationPanel")
            .field("matches", &self.matches)
            .field("bots", &self.bots)
            .field("running", &self.worker.is_some())
            .finish_non_exhaustive()
    }
}

impl RotationPanel {
    /// Sets the form: `matches` matches between `bots` (one per seat) from
    /// `seed`.
    pub fn configure(&mut self, matches: usize, bots: Vec<BotKind>, seed: u64) {
        self.matches = matches;
        self.bots = bots;
        self.seed = seed;
    }

    /// Whether a batch is running.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.worker.is_some()
    }

    /// The last finished batch.
    #[must_use]
    pub fn results(&self) -> Option<&RotationResults> {
        self.results.as_ref()
    }

    /// Plays the batch of the form on `prepared` (like pressing the button).
    pub fn start(&mut self, prepared: &Prepared) {
        let rotation = Rotation {
            matches: self.matches.clamp(1, MAX_MATCHES),
            bots: self.bots.clone(),
            seed: self.seed,
        };
        let (p, r) = (prepared.clone(), rotation.clone());
        let worker = Worker::spawn(rotation.matches, move |done, cancel| {
            rotation::simulate::<PhaseRulesV1>(
                &p,
                &r,
                &|k| done.store(k, Ordering::Relaxed),
                cancel,
            )
        });
        self.error = None;
        self.worker = Some((worker, rotation));
    }

    /// Takes the results once the worker finished; whether one still runs.
    pub fn poll(&mut self) -> bool {
        let Some((worker, rotation)) = &self.worker else {
            return false;
        };
        let Some(outcome) = worker.take() else {
            return true;
        };
        let seconds = worker.started.elapsed().as_secs_f64();
        match outcome {
            Ok(played) => {
                let report = RotationReport::new::<PhaseRulesV1>(&played, rotation, seconds);
                self.results = Some(RotationResults {
                    rotation: rotation.clone(),
                    played,
                    report,
                });
            }
            Err(e) => self.error = Some(e),
        }
        self.worker = None;
        false
    }

    /// Draws the form and the running batch; `default_bots` (one per
    /// player) seed the form the first time. The results go in the central
    /// area ([`Self::show_results`]).
    pub fn show(&mut self, ui: &mut Ui, prepared: &Prepared, default_bots: Vec<BotKind>) {
        if self.bots.len() != default_bots.len() {
            self.configure(400, default_bots, 1);
        }
        self.poll();
        ui.heading("Batch simulation");
        ui.label(
            RichText::new(
                "Seats rotate around the table: every bot plays every seat equally often, \
                 and each group of rotations (one seed) counts as one independent game.",
            )
            .weak(),
        );
        let running = self.is_running();
        ui.add_enabled_ui(!running, |ui| {
            Grid::new("rotation_form").num_columns(2).show(ui, |ui| {
                number(
                    ui,
                    "Matches",
                    &mut self.matches,
                    1..=MAX_MATCHES,
                    "Matches to play",
                );
                for (p, bot) in self.bots.iter_mut().enumerate() {
                    ui.label(format!("Bot {}", p + 1));
                    bot_combo(
                        ui,
                        &format!("rotation_bot_{p}"),
                        &format!("Seat {p} in the first seating"),
                        bot,
                    );
                    ui.end_row();
                }
                number(
                    ui,
                    "First seed",
                    &mut self.seed,
                    0..=u64::MAX,
                    "Group g plays with seed + g",
                );
            });
            if ui.button("Simulate").clicked() {
                self.start(prepared);
            }
        });
        if let Some((worker, _)) = &self.worker {
            worker.progress_ui(ui, "matches");
        }
        if let Some(e) = &self.error {
            ui.colored_label(theme::ERROR, e);
        }
        if let Some(r) = &self.results {
            ui.separator();
            ui.label(format!(
                "{}: the results are in the middle.",
                crate::words::count(r.report.matches, "match", "matches")
            ));
        }
    }

    /// Draws the last batch's report and matches (in the sandbox's central
    /// area); returns a request to open one of its matches.
    pub fn show_results(&self, ui: &mut Ui) -> Option<RotationRequest> {
        let r = self.results.as_ref()?;
        report_ui(ui, &r.report);
        ui.separator();
        matches_ui(ui, r)
    }
}

/// The report as the command line prints it, a line each.
fn report_ui(ui: &mut Ui, r: &RotationReport) {
    ui.label(
        RichText::new(format!(
            "{} matches · {} independent games",
            r.matches, r.independent_games
        ))
        .strong(),
    );
    for (p, s) in r.seats.iter().enumerate() {
        let points = r
            .mean_points
            .get(p)
            .map_or_else(String::new, |m| format!(", mean points {m:.1}"));
        ui.label(
            RichText::new(format!("Seat {p}: {} wins, {}{points}", s.wins, s.rate))
                .color(theme::side_text_color(PlayerId(p as u8), ui.visuals())),
        );
    }
    for b in &r.by_bot {
        ui.label(format!(
            "Bot {}: {} wins, {}",
            b.bot, b.wins.wins, b.wins.rate
        ));
    }
    ui.label(format!("Draws: {}, {}", r.draws.wins, r.draws.rate));
    ui.label(format!(
        "Rounds: mean {:.1}, median {:.1}",
        r.mean_rounds, r.median_rounds
    ));
    let verdict = match r.favoured_seat() {
        Some(p) => format!("Seat {p} is favoured: its interval lies above every other seat's."),
        None => "No seat is clearly favoured at this sample size.".to_owned(),
    };
    ui.label(RichText::new(verdict).strong());
}

/// The first matches, each with *Open*.
fn matches_ui(ui: &mut Ui, r: &RotationResults) -> Option<RotationRequest> {
    let mut request = None;
    ui.label(format!(
        "Matches (the first {} of {}):",
        LISTED.min(r.played.len()),
        r.played.len()
    ));
    ScrollArea::vertical()
        .id_salt("rotation_matches")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            Grid::new("rotation_rows").striped(true).show(ui, |ui| {
                for title in ["#", "Seed", "Seating", "Winner", "Rounds", ""] {
                    ui.label(RichText::new(title).strong());
                }
                ui.end_row();
                for m in r.played.iter().take(LISTED) {
                    ui.label((m.index + 1).to_string());
                    ui.label(m.seed.to_string());
                    let names: Vec<&str> = m.seating.iter().map(|b| b.name()).collect();
                    ui.label(names.join(", "));
                    ui.label(m.winner.map_or("draw".to_owned(), |w| format!("seat {w}")));
                    ui.label(m.rounds.to_string());
                    let open = ui.button("Open");
                    open.widget_info(|| {
                        egui::WidgetInfo::labeled(
                            egui::Role::Button,
                            true,
                            format!("Open match {}", m.index + 1),
                        )
                    });
                    if open.clicked() {
                        request = Some(RotationRequest::OpenMatch {
                            seed: m.seed,
                            seating: m.seating.clone(),
                        });
                    }
                    ui.end_row();
                }
            });
        });
    request
}
