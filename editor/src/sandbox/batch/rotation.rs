//! Batches of phase-rules-v1 matches in the sandbox, for 2 to 4 players:
//! one bot per seat, seats rotated around the table so every bot plays
//! every seat equally often (the engine's [`Rotation`], exactly as
//! `hexwright simulate` seats them), played on a worker thread. The report
//! is the engine's [`RotationReport`]: wins per seat and per bot with 95%
//! intervals over independent games, draws, rounds, mean points and the
//! favoured seat, with match lengths and each objective's first capture;
//! every match is listed and *Open* steps through it, and the batch exports
//! as CSV (a row per match, points included) or JSON
//! ([`RotationExport`]).

use crate::canvas::theme;
use crate::sandbox::batch::export::{BatchFile, ExportForm, pretty_json};
use crate::sandbox::batch::import::{ImportForm, import};
use crate::sandbox::batch::view::{captures_table_ui, lengths_chart_ui};
use crate::sandbox::job::{BatchAsked, Job};
use crate::sandbox::worker::{number_ui, seat_rows_ui};
use egui::{Grid, RichText, ScrollArea, Ui};
use hexwright_engine::bots::BotKind;
use hexwright_engine::map::Map;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rotation::{self, Played, Rotation, RotationExport, RotationReport};
use hexwright_engine::rules::scenario::{PlayedArmies, Prepared};
use hexwright_engine::rules::{Arena, Rules};
use hexwright_engine::ruleset::PhaseRulesV1;
use hexwright_engine::sim::{self, CaptureSummary, MatchRow};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// The panel's job: a [`Rotation`] played on a worker.
type RotationJob = Job<BatchAsked<Rotation>, Vec<Played>>;

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
    /// Every finished match as a batch row.
    pub rows: Vec<MatchRow>,
    /// How often and when each objective was first captured.
    pub captures: Vec<CaptureSummary>,
    /// How many matches lasted each number of rounds.
    pub lengths: BTreeMap<u32, usize>,
    /// For an imported batch: where it came from.
    pub imported: Option<String>,
    /// The armies every match played.
    pub armies: PlayedArmies,
    rules: Arc<Rules>,
}

impl RotationResults {
    fn new(rotation: Rotation, rules: Arc<Rules>, played: Vec<Played>, seconds: f64) -> Self {
        let report = RotationReport::new::<PhaseRulesV1>(&played, &rotation, seconds);
        let rows: Vec<MatchRow> = played.iter().map(Played::row).collect();
        Self {
            captures: sim::capture_summary(&rules.arena, &rows),
            lengths: sim::length_histogram(&rows),
            rotation,
            played,
            report,
            rows,
            imported: None,
            armies: PlayedArmies::default(),
            rules,
        }
    }
}

impl BatchFile for RotationResults {
    fn rows(&self) -> &[MatchRow] {
        &self.rows
    }

    fn arena(&self) -> &Arena {
        &self.rules.arena
    }

    /// [`RotationExport`].
    fn json(&self) -> String {
        pretty_json(
            &RotationExport::new(
                &self.rules.arena,
                &self.rotation,
                self.report.clone(),
                self.played.clone(),
            )
            .with_armies(self.armies.clone()),
        )
    }
}

/// What the panel needs from the sandbox.
pub struct RotationInput<'a> {
    /// The scenario the matches are played on.
    pub prepared: &'a Prepared,
    /// The armies `prepared` plays, as the results and exports say.
    pub armies: &'a PlayedArmies,
    /// The map it was made from (imported batches must match it).
    pub map: &'a Map,
    /// The bots the form starts with, one per seat.
    pub default_bots: Vec<BotKind>,
    /// Use the system's file dialogs for exports.
    pub native_dialogs: bool,
    /// Where exports are offered to go (the map's folder).
    pub export_dir: Option<&'a Path>,
}

/// The batch form, the running batch and its results.
#[derive(Default)]
pub struct RotationPanel {
    matches: usize,
    bots: Vec<BotKind>,
    seed: u64,
    job: RotationJob,
    results: Option<RotationResults>,
    export: ExportForm,
    import: ImportForm,
    /// The armies the next batch plays (the sandbox's choice, each frame).
    armies: PlayedArmies,
    /// The scenario the last batch played (its matches open from it, even
    /// when the scenario panel changed since).
    prepared: Option<Prepared>,
}

impl std::fmt::Debug for RotationPanel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RotationPanel")
            .field("matches", &self.matches)
            .field("bots", &self.bots)
            .field("running", &self.job.is_running())
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
        self.job.is_running()
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
        let asked = BatchAsked {
            batch: rotation,
            prepared: prepared.clone(),
            armies: self.armies.clone(),
        };
        self.job.start(asked, r.matches, move |done, cancel| {
            rotation::simulate::<PhaseRulesV1>(
                &p,
                &r,
                &|k| done.store(k, Ordering::Relaxed),
                cancel,
            )
        });
    }

    /// Sets the armies the next batch plays, as its results will say
    /// (the sandbox sets them from its choice each frame).
    pub fn set_armies(&mut self, armies: PlayedArmies) {
        self.armies = armies;
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

    /// Reads a batch played elsewhere (a merged file, or all its shards)
    /// into the panel; its matches open on `prepared`.
    ///
    /// # Errors
    /// Why the files cannot be imported (also shown under the button).
    pub fn import_files(
        &mut self,
        paths: &[std::path::PathBuf],
        map: &Map,
        prepared: &Prepared,
    ) -> Result<(), String> {
        let outcome = import(paths, map, prepared).map(|i| {
            let played = i.rows.iter().map(Played::from).collect();
            let mut r =
                RotationResults::new(i.rotation(), prepared.rules.clone(), played, i.seconds);
            r.imported = Some(i.source);
            r.armies = self.armies.clone();
            self.results = Some(r);
            self.prepared = Some(prepared.clone());
            self.export.reset();
        });
        self.import.done(outcome.clone());
        outcome
    }

    /// Takes the results once the worker finished; whether one still runs.
    pub fn poll(&mut self) -> bool {
        let Some(f) = self.job.poll() else {
            return self.job.is_running();
        };
        let BatchAsked {
            batch,
            prepared,
            armies,
        } = f.asked;
        let mut r = RotationResults::new(batch, prepared.rules.clone(), f.output, f.seconds);
        r.armies = armies;
        self.results = Some(r);
        self.prepared = Some(prepared);
        self.export.reset();
        false
    }

    /// Draws the form, the running batch and the export buttons;
    /// `default_bots` (one per player) seed the form the first time. The
    /// results go in the central area ([`Self::show_results_ui`]).
    pub fn show_ui(&mut self, ui: &mut Ui, input: &RotationInput<'_>) {
        let (prepared, default_bots) = (input.prepared, input.default_bots.clone());
        self.armies = input.armies.clone();
        if self.bots.len() != default_bots.len() {
            self.configure(400, default_bots, 1);
        }
        self.poll();
        ui.heading("Batch simulation");
        ui.label(
            RichText::new(
                "Sides rotate around the table: every bot plays every side equally often, \
                 and each group of rotations (one seed) counts as one independent game.",
            )
            .weak(),
        );
        let running = self.is_running();
        ui.add_enabled_ui(!running, |ui| {
            Grid::new("rotation_form").num_columns(2).show(ui, |ui| {
                number_ui(
                    ui,
                    "Matches",
                    &mut self.matches,
                    1..=MAX_MATCHES,
                    "Matches to play",
                );
                seat_rows_ui(ui, "rotation", &mut self.bots, &mut self.seed);
            });
            if ui.button("Simulate").clicked() {
                self.start(prepared);
            }
        });
        self.job.progress_ui(ui, "matches");
        if let Some(e) = self.job.error() {
            ui.colored_label(theme::ERROR, e);
        }
        if !running && let Some(paths) = self.import.ui(ui, input.native_dialogs, input.export_dir)
        {
            // The error, if any, is shown under the button.
            let _ = self.import_files(&paths, input.map, prepared);
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

    /// Draws the last batch's report and matches (in the sandbox's central
    /// area); returns a request to open one of its matches.
    pub fn show_results_ui(&self, ui: &mut Ui) -> Option<RotationRequest> {
        let r = self.results.as_ref()?;
        if let Some(source) = &r.imported {
            ui.label(format!(
                "Imported from {source}: {} (seeds from {})",
                crate::words::count(r.rotation.matches, "match", "matches"),
                r.rotation.seed
            ));
        }
        ui.label(crate::sandbox::batch::armies::text(
            &r.armies,
            &r.rules.roster,
        ));
        ui.columns(2, |cols| {
            report_ui(&mut cols[0], &r.report);
            lengths_chart_ui(&mut cols[1], "rotation_lengths", &r.lengths);
        });
        captures_table_ui(ui, "rotation_captures", &r.captures, r.report.matches);
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
            RichText::new(format!("Side {p}: {} wins, {}{points}", s.wins, s.rate))
                .color(theme::side_text_color(PlayerId(p as u8), ui.visuals())),
        );
    }
    // With one bot in every seat, its win rate is every win: nothing to
    // compare.
    if r.by_bot.len() > 1 {
        for b in &r.by_bot {
            ui.label(format!(
                "Bot {}: {} wins, {}",
                b.bot, b.wins.wins, b.wins.rate
            ));
        }
    }
    ui.label(format!("Draws: {}, {}", r.draws.wins, r.draws.rate));
    ui.label(format!(
        "Rounds: mean {:.1}, median {:.1}",
        r.mean_rounds, r.median_rounds
    ));
    ui.label(RichText::new(format!("{}.", r.verdict.sentence())).strong());
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
                    ui.label(m.winner.map_or("draw".to_owned(), |w| format!("side {w}")));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sandbox::batch::akw::tests::{TempDir, four_corners, four_corners_map};
    use egui::Vec2;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;
    use std::time::{Duration, Instant};

    fn harness<'a>(
        p: &'a Prepared,
        dir: &'a Path,
    ) -> Harness<'a, (RotationPanel, Option<RotationRequest>)> {
        Harness::builder()
            .with_size(Vec2::new(900.0, 1600.0))
            .with_max_steps(16)
            .build_ui_state(
                move |ui, (panel, request): &mut (RotationPanel, Option<RotationRequest>)| {
                    let input = RotationInput {
                        prepared: p,
                        armies: &PlayedArmies::default(),
                        map: four_corners_map(),
                        default_bots: vec![BotKind::Random; 4],
                        native_dialogs: false,
                        export_dir: Some(dir),
                    };
                    ui.columns(2, |cols| {
                        panel.show_ui(&mut cols[0], &input);
                        if let Some(r) = panel.show_results_ui(&mut cols[1]) {
                            *request = Some(r);
                        }
                    });
                },
                (RotationPanel::default(), None),
            )
    }

    #[test]
    fn a_four_player_batch_shows_lengths_and_captures_and_exports_csv_and_json() {
        let p = four_corners(30);
        let tmp = TempDir::new("rotation-export");
        let dir = tmp.path();
        let mut h = harness(&p, dir);
        h.run();
        let bots = vec![
            BotKind::Greedy,
            BotKind::Random,
            BotKind::Random,
            BotKind::Random,
        ];
        h.state_mut().0.configure(8, bots, 2);
        h.get_by_label("Simulate").click();
        h.run();
        let started = Instant::now();
        while h.state_mut().0.poll() {
            assert!(started.elapsed() < Duration::from_mins(2));
            std::thread::sleep(Duration::from_millis(20));
        }
        h.run();
        let r = h.state().0.results().expect("results").clone();
        assert_eq!(r.rows.len(), 8);
        for label in ["Match lengths (rounds)", "Objectives: first capture"] {
            assert!(h.query_by_label(label).is_some(), "{label}");
        }
        for p in 0..4 {
            assert!(
                h.query_by_label(&format!("Side {p}")).is_some(),
                "side {p} column"
            );
        }
        // Every objective's row: its captures, as the engine counts them.
        assert_eq!(r.captures.len(), p.rules.arena.objectives.len());
        for c in &r.captures {
            let taken = r
                .played
                .iter()
                .filter(|m| {
                    let i = sim::objective_hexes(&p.rules.arena)
                        .iter()
                        .position(|h| *h == c.hex)
                        .unwrap();
                    m.first_captures[i].is_some()
                })
                .count();
            assert_eq!(c.captured, taken);
        }
        assert_eq!(r.lengths.values().sum::<usize>(), 8);

        h.get_by_label("Export CSV…").click();
        h.run();
        h.get_by_label("Save").click();
        h.run();
        let csv = std::fs::read_to_string(dir.join("batch.csv")).expect("the CSV is written");
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 9, "a header and eight rows:\n{csv}");
        assert!(lines[0].starts_with(
            "match,seed,side0_bot,side1_bot,side2_bot,side3_bot,winner,rounds,refused_commands,side0_points"
        ));
        let shown = format!("Saved 8 matches to {}", dir.join("batch.csv").display());
        assert!(h.query_by_label(&shown).is_some(), "{shown}");

        h.get_by_label("Export JSON…").click();
        h.run();
        h.get_by_label("Save").click();
        h.run();
        let text = std::fs::read_to_string(dir.join("batch.json")).expect("the JSON is written");
        let export: RotationExport = serde_json::from_str(&text).unwrap();
        assert_eq!(export.matches, r.played);
        assert_eq!(export.report.seats.len(), 4);
        assert_eq!(export.captures, r.captures);
        assert_eq!(
            (export.requested, export.seed, export.cancelled),
            (8, 2, false)
        );

        h.get_by_label("Open match 2").click();
        h.run();
        assert_eq!(
            h.state().1,
            Some(RotationRequest::OpenMatch {
                seed: r.played[1].seed,
                seating: r.played[1].seating.clone(),
            })
        );
    }

    /// A phase-rules-v1 batch played in shards elsewhere and merged into
    /// one file imports with the report one process makes, and its matches
    /// open as the very matches listed.
    #[test]
    fn an_imported_merged_batch_reports_like_one_process_and_opens_its_matches() {
        use hexwright_engine::shard::{self, BatchId, SHARD_FORMAT, Shard, ShardFile};
        use std::sync::atomic::AtomicBool;
        let p = four_corners(8);
        let tmp = TempDir::new("rotation-import");
        let rotation = Rotation {
            matches: 8,
            bots: vec![
                BotKind::Greedy,
                BotKind::Random,
                BotKind::Random,
                BotKind::Greedy,
            ],
            seed: 3,
        };
        let never = AtomicBool::new(false);
        let id = BatchId::new(four_corners_map(), &p, &rotation.bots, 3, 8).unwrap();
        let files: Vec<(String, ShardFile)> = (0..2)
            .map(|index| {
                let range = Shard { index, count: 2 }.range(8);
                let played =
                    rotation::simulate_range::<PhaseRulesV1>(&p, &rotation, range, &|_| {}, &never);
                let file = ShardFile {
                    format: SHARD_FORMAT,
                    batch: id.clone(),
                    shard: index,
                    shards: 2,
                    seconds: 1.0,
                    rows: played.iter().map(Played::row).collect(),
                    wave: None,
                };
                (format!("s{index}"), file)
            })
            .collect();
        let merged = ShardFile::whole(shard::merge(files).unwrap());
        let path = tmp.path().join("merged.json");
        std::fs::write(&path, serde_json::to_string(&merged).unwrap()).unwrap();

        let mut h = harness(&p, tmp.path());
        h.run();
        h.state_mut()
            .0
            .import_files(&[path], four_corners_map(), &p)
            .unwrap();
        h.run();
        let r = h.state().0.results().unwrap().clone();
        let whole = rotation::simulate::<PhaseRulesV1>(&p, &rotation, &|_| {}, &never);
        let one = RotationReport::new::<PhaseRulesV1>(&whole, &rotation, 2.0);
        assert_eq!(r.report.seats, one.seats);
        assert_eq!(r.report.by_bot, one.by_bot);
        assert_eq!(r.rows, whole.iter().map(Played::row).collect::<Vec<_>>());
        assert!(
            h.query_by_label("Imported from merged.json: 8 matches (seeds from 3)")
                .is_some()
        );
        h.get_by_label("Open match 6").click();
        h.run();
        let Some(RotationRequest::OpenMatch { seed, seating }) = h.state().1.clone() else {
            panic!("Open makes a request");
        };
        assert_eq!((seed, seating), (whole[5].seed, whole[5].seating.clone()));
    }
}
