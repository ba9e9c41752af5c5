//! Tests of [`super`] (`editor/src/sandbox/batch/panel.rs`): batches of
//! both rulesets, two and four players.

use super::*;
use crate::sandbox::batch::export::BatchFile as _;
use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use hexwright_engine::player::{PerPlayer, PlayerId};
use hexwright_engine::rotation::Played;
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::scenario::Scenario;
use hexwright_engine::rules::state::Outcome;
use hexwright_engine::sim::{self, BatchExport, MatchRow, PlayOptions};
use hexwright_headless::files::bundled;
use std::path::PathBuf;
use std::time::{Duration, Instant};

pub(crate) const RANDOM: [BotKind; 2] = [BotKind::Random, BotKind::Random];

pub(crate) fn prepared(round_limit: u32) -> Prepared {
    Scenario::for_map(default_map().clone(), 1, round_limit)
        .prepare(Path::new("."), &Roster::bundled(), "test")
        .unwrap()
}

/// Four Corners in phase-rules-v1.
/// The bundled four-player map, which [`four_corners`] plays.
pub(crate) fn four_corners_map() -> &'static Map {
    static MAP: std::sync::OnceLock<Map> = std::sync::OnceLock::new();
    MAP.get_or_init(|| bundled::map("four-corners.ron").unwrap())
}

pub(crate) fn four_corners(round_limit: u32) -> Prepared {
    Scenario::for_map(four_corners_map().clone(), 1, round_limit)
        .with_ruleset(hexwright_engine::ruleset::RulesetId::PhaseRulesV1)
        .prepare(Path::new("."), &Roster::bundled(), "test")
        .unwrap()
}

/// A fresh folder under the system's temporary folder, removed again
/// when dropped.
pub(crate) struct TempDir(PathBuf);

impl TempDir {
    pub(crate) fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "hexwright-{name}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    pub(crate) fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[derive(Default)]
pub(crate) struct State {
    pub(crate) panel: BatchPanel,
    pub(crate) request: Option<BatchRequest>,
}

/// The bundled default map, which [`prepared`] plays.
pub(crate) fn default_map() -> &'static Map {
    static MAP: std::sync::OnceLock<Map> = std::sync::OnceLock::new();
    MAP.get_or_init(|| bundled::default_map().unwrap())
}

/// The panel on `p` (made from `map`) with `bots` as its default seats,
/// the results under the form, in a window of `size`.
fn harness_on<'a>(
    p: &'a Prepared,
    map: &'a Map,
    bots: Vec<BotKind>,
    export_dir: &'a Path,
    size: Vec2,
) -> Harness<'a, State> {
    Harness::builder()
        .with_size(size)
        // A batch that finishes within a run lays out its tables and
        // chart there too, which takes egui a few sizing passes.
        .with_max_steps(16)
        .build_ui_state(
            move |ui, s: &mut State| {
                let input = BatchInput {
                    prepared: p,
                    armies: &PlayedArmies::default(),
                    map,
                    default_bots: bots.clone(),
                    native_dialogs: false,
                    export_dir: Some(export_dir),
                };
                egui::ScrollArea::vertical().show(ui, |ui| {
                    s.panel.show_ui(ui, &input);
                    if let Some(r) = s.panel.show_results_ui(ui) {
                        s.request = Some(r);
                    }
                });
            },
            State::default(),
        )
}

/// The panel on the default map's two-player scenario `p`.
pub(crate) fn harness<'a>(p: &'a Prepared, export_dir: &'a Path) -> Harness<'a, State> {
    harness_on(
        p,
        default_map(),
        RANDOM.to_vec(),
        export_dir,
        Vec2::new(640.0, 1400.0),
    )
}

/// Exports the batch as `format` (`CSV`, `JSON`) through the path field
/// the panel offers, to the name it suggests.
pub(crate) fn save_export(h: &mut Harness<'_, State>, format: &str) {
    h.get_by_label(&format!("Export {format}…")).click();
    h.run();
    h.get_by_label("Save").click();
    h.run();
}

/// Waits (at most a minute) for the worker, then settles the UI.
pub(crate) fn wait(h: &mut Harness<'_, State>) {
    let started = Instant::now();
    while h.state_mut().panel.poll() {
        assert!(
            started.elapsed() < Duration::from_mins(1),
            "the batch did not finish in a minute"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    h.run();
}

#[test]
fn a_batch_runs_on_a_worker_and_shows_its_summary() {
    let p = prepared(10);
    let dir = TempDir::new("batch-summary");
    let mut h = harness(&p, dir.path());
    h.run();
    assert!(
        h.query_by_label("Simulate 100 matches").is_some(),
        "default 100"
    );
    h.state_mut().panel.configure(4, RANDOM.to_vec(), 5);
    h.run();
    h.get_by_label("Simulate 4 matches").click();
    h.run();
    // Started: running, or (four quick matches) already finished.
    assert!(h.state().panel.is_running() || h.state().panel.results().is_some());
    wait(&mut h);
    assert!(!h.state().panel.is_running());
    let r = h.state().panel.results().expect("results");
    assert!(!r.cancelled);
    assert_eq!(r.rows.len(), 4);
    assert_eq!(r.report.matches, 4);
    for (i, row) in r.rows.iter().enumerate() {
        let batch = Batch {
            matches: 4,
            bots: RANDOM,
            seed: 5,
        };
        let (seed, bots) = batch.game(i);
        assert_eq!((row.seed, row.bots), (seed, bots.into()));
    }
    for label in [
        "Side 0 wins",
        "Side 1 wins",
        "Draws:",
        "4 independent games: ",
        "Length: mean",
        "Objectives: first capture",
    ] {
        assert!(
            h.query_by_label_contains(label).is_some(),
            "{label} is shown"
        );
    }
    let w = r.win_rate(PlayerId(0));
    let text = format!("Side 0 wins {w}");
    assert!(h.query_by_label(&text).is_some(), "{text}");
    assert!(h.query_by_label(&r.verdict()).is_some());
    assert_eq!(h.query_all_by_label_contains("Open match ").count(), 4);
    assert!(
        h.query_by_label_contains("Wins by bot:").is_none(),
        "the same bot in both seats: wins by bot say nothing"
    );
}

#[test]
fn open_asks_for_the_very_match_listed() {
    let p = prepared(10);
    let dir = TempDir::new("batch-open");
    let mut h = harness(&p, dir.path());
    h.state_mut()
        .panel
        .configure(3, vec![BotKind::Greedy, BotKind::Random], 2);
    h.state_mut().panel.start(&p);
    wait(&mut h);
    h.get_by_label("Open match 2").click();
    h.run();
    let row = h.state().panel.results().unwrap().rows[1].clone();
    let Some(BatchRequest::OpenMatch { seed, seating }) = h.state().request.clone() else {
        panic!("Open makes a request");
    };
    let bots = PerPlayer::from_vec(seating);
    assert_eq!((seed, bots), (row.seed, row.bots));
    assert_eq!(
        bots,
        PerPlayer::from([BotKind::Random, BotKind::Greedy]),
        "seats swapped"
    );
    assert!(h.query_by_label_contains("Wins by bot:").is_some());
    assert!(h.query_by_label_contains("2 independent games: ").is_some());
    let replay = sim::play(&p, seed, bots, PlayOptions { record: false });
    assert_eq!(MatchRow::new(1, &replay), row);
}

#[test]
fn exports_write_csv_and_json_through_the_path_field() {
    let p = prepared(10);
    let tmp = TempDir::new("batch-export");
    let dir = tmp.path();
    let mut h = harness(&p, dir);
    h.state_mut().panel.configure(4, RANDOM.to_vec(), 1);
    h.state_mut().panel.start(&p);
    wait(&mut h);

    save_export(&mut h, "CSV");
    let csv = std::fs::read_to_string(dir.join("batch.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 5, "a header and four rows:\n{csv}");
    assert!(lines[0].starts_with("match,seed,side0_bot,side1_bot,winner,rounds"));
    let shown = format!("Saved 4 matches to {}", dir.join("batch.csv").display());
    assert!(h.query_by_label(&shown).is_some(), "{shown}");

    save_export(&mut h, "JSON");
    let text = std::fs::read_to_string(dir.join("batch.json")).unwrap();
    let export: BatchExport = serde_json::from_str(&text).unwrap();
    assert_eq!(export.matches.len(), 4);
    assert_eq!(export.requested, 4);
    assert!(!export.cancelled);
    // Floats may lose their last bit in JSON: compare the counts exactly.
    let report = &h.state().panel.results().unwrap().report;
    assert_eq!(export.report.matches, report.matches);
    let wins =
        |r: &hexwright_engine::sim::Report| r.seats.iter().map(|s| s.wins).collect::<Vec<_>>();
    assert_eq!(wins(&export.report), wins(report));
    assert_eq!(export.report.draws.wins, report.draws.wins);
    assert_eq!(
        export.report.sides().map(|s| &s.bot_wins),
        report.sides().map(|s| &s.bot_wins)
    );
    assert!(
        text.contains(r#""side_wins""#),
        "the two-sided layout:\n{text}"
    );
    assert!((export.report.mean_rounds - report.mean_rounds).abs() < 1e-9);
    // No temporary files are left behind.
    let names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn enter_in_the_export_path_field_saves() {
    use egui::accesskit::Role;
    let p = prepared(10);
    let tmp = TempDir::new("batch-export-enter");
    let dir = tmp.path();
    let mut h = harness(&p, dir);
    h.state_mut().panel.configure(2, RANDOM.to_vec(), 1);
    h.state_mut().panel.start(&p);
    wait(&mut h);
    h.get_by_label("Export CSV…").click();
    h.run();
    h.get_by_role(Role::TextInput).click();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    let csv = std::fs::read_to_string(dir.join("batch.csv")).expect("Enter saved the file");
    assert_eq!(csv.lines().count(), 3, "a header and two rows:\n{csv}");
}

#[test]
fn a_failed_export_says_why() {
    let p = prepared(10);
    let tmp = TempDir::new("batch-export-fail");
    let dir = tmp.path().join("missing-folder");
    let mut h = harness(&p, &dir);
    h.state_mut().panel.configure(2, RANDOM.to_vec(), 1);
    h.state_mut().panel.start(&p);
    wait(&mut h);
    save_export(&mut h, "CSV");
    let error = h.state().panel.error().expect("an error").to_string();
    assert!(error.starts_with("Cannot write"), "{error}");
    assert!(h.query_by_label(&error).is_some(), "the error is shown");
    assert!(!dir.exists());
}

#[test]
fn cancel_stops_early_and_keeps_finished_matches() {
    let p = prepared(60);
    let dir = TempDir::new("batch-cancel");
    let mut h = harness(&p, dir.path());
    h.state_mut().panel.configure(5000, RANDOM.to_vec(), 1);
    h.state_mut().panel.start(&p);
    h.run();
    assert!(
        h.query_by_label_contains(" / 5000").is_some(),
        "progress k / n"
    );
    // Let a few matches finish, then cancel.
    let started = Instant::now();
    while h.state().panel.job.done() < 2 {
        assert!(started.elapsed() < Duration::from_mins(1));
        std::thread::sleep(Duration::from_millis(10));
    }
    h.get_by_label("Cancel").click();
    h.run();
    wait(&mut h);
    let r = h.state().panel.results().expect("partial results");
    assert!(r.cancelled);
    assert!(r.rows.len() >= 2 && r.rows.len() < 5000, "{}", r.rows.len());
    assert!(r.rows.windows(2).all(|w| w[0].index < w[1].index));
    assert_eq!(r.report.matches, r.rows.len());
    assert!(
        h.query_by_label_contains("Cancelled: results of the")
            .is_some()
    );
}

fn rows(wins: [usize; 2], draws: usize) -> Vec<MatchRow> {
    let mut out = Vec::new();
    let mut push = |outcome| {
        out.push(MatchRow {
            index: out.len(),
            seed: 1,
            bots: RANDOM.into(),
            outcome,
            rounds: 10 + (out.len() % 5) as u32,
            rejected: 0,
            first_captures: Vec::new(),
            points: Vec::new(),
        });
    };
    for _ in 0..wins[0] {
        push(Outcome::Won(PlayerId(0)));
    }
    for _ in 0..wins[1] {
        push(Outcome::Won(PlayerId(1)));
    }
    for _ in 0..draws {
        push(Outcome::Draw);
    }
    out
}

fn results(wins: [usize; 2], draws: usize) -> BatchResults {
    let p = prepared(10);
    let rows = rows(wins, draws);
    let batch = Rotation {
        matches: rows.len(),
        bots: RANDOM.to_vec(),
        seed: 1,
    };
    let played = rows.iter().map(Played::from).collect();
    BatchResults::new(batch, RulesetId::AkwRulesV1, p.rules.clone(), played, 1.0)
}

#[test]
fn the_verdict_reads_the_interval_of_side_0s_score() {
    let v = results([70, 30], 0).verdict();
    assert!(
        v.starts_with("Not fair within ±5 points: side 0 is favoured by 20.0 points ["),
        "{v}"
    );
    assert!(v.contains("(side 0 70.0% ["), "{v}");
    let v = results([20, 60], 20).verdict();
    assert!(
        v.starts_with("Not fair within ±5 points: side 1 is favoured"),
        "{v}"
    );
    let v = results([52, 48], 10).verdict();
    assert!(
        v.starts_with("Undecided: no side is clearly favoured or disfavoured"),
        "{v}"
    );
    let v = results([0, 0], 8).verdict();
    assert!(v.starts_with("Undecided"), "{v}");
    let v = results([0, 0], 0).verdict();
    assert!(v.starts_with("No match finished"), "{v}");
    let r = results([70, 30], 0);
    assert!((r.win_rate(PlayerId(0)).value - 0.7).abs() < 1e-12);
    assert_eq!(r.lengths().values().sum::<usize>(), 100);
    assert!(!r.cancelled);
}

#[test]
fn the_histogram_counts_every_length() {
    let r = results([3, 4], 5);
    let total: usize = r.lengths().values().sum();
    assert_eq!(total, 12);
    for (&rounds, &n) in r.lengths() {
        assert_eq!(n, r.rows.iter().filter(|x| x.rounds == rounds).count());
    }
}

/// The panel on a four-player phase-rules-v1 scenario, as wide as the
/// sandbox's central area.
fn harness_four<'a>(p: &'a Prepared, dir: &'a Path) -> Harness<'a, State> {
    harness_on(
        p,
        four_corners_map(),
        vec![BotKind::Random; 4],
        dir,
        Vec2::new(1000.0, 1800.0),
    )
}

#[test]
fn a_four_player_batch_shows_lengths_and_captures_and_exports_csv_and_json() {
    let p = four_corners(30);
    let tmp = TempDir::new("rotation-export");
    let dir = tmp.path();
    let mut h = harness_four(&p, dir);
    h.run();
    let bots = vec![
        BotKind::Greedy,
        BotKind::Random,
        BotKind::Random,
        BotKind::Random,
    ];
    h.state_mut().panel.configure(8, bots, 2);
    h.run();
    assert!(
        h.query_by_label_contains("Sides rotate around the table")
            .is_some()
    );
    h.get_by_label("Simulate 8 matches").click();
    h.run();
    wait(&mut h);
    let r = h.state().panel.results().expect("results").clone();
    assert_eq!(r.rows.len(), 8);
    assert_eq!(r.report.seats.len(), 4, "a row per seat");
    for label in ["Match lengths (rounds)", "Objectives: first capture"] {
        assert!(h.query_by_label(label).is_some(), "{label}");
    }
    for (p, seat) in r.report.seats.iter().enumerate() {
        let line = format!("Side {p}: {} wins, {}", seat.wins, seat.rate);
        assert!(h.query_by_label_contains(&line).is_some(), "{line}");
    }
    assert!(h.query_by_label_contains("Bot greedy: ").is_some());
    assert!(h.query_by_label(&r.verdict()).is_some(), "the seat test");
    // Every objective's row: its captures, as the engine counts them.
    assert_eq!(r.captures.len(), p.rules.arena.objectives.len());
    let objectives = sim::objective_hexes(&p.rules.arena);
    for c in &r.captures {
        let i = objectives.iter().position(|h| *h == c.hex).unwrap();
        let taken = r
            .played
            .iter()
            .filter(|m| m.first_captures[i].is_some())
            .count();
        assert_eq!(c.captured, taken);
    }
    assert_eq!(r.lengths().values().sum::<usize>(), 8);

    save_export(&mut h, "CSV");
    let csv = std::fs::read_to_string(dir.join("batch.csv")).expect("the CSV is written");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 9, "a header and eight rows:\n{csv}");
    assert!(lines[0].starts_with(
        "match,seed,side0_bot,side1_bot,side2_bot,side3_bot,winner,rounds,refused_commands,side0_points"
    ));
    let shown = format!("Saved 8 matches to {}", dir.join("batch.csv").display());
    assert!(h.query_by_label(&shown).is_some(), "{shown}");

    save_export(&mut h, "JSON");
    let text = std::fs::read_to_string(dir.join("batch.json")).expect("the JSON is written");
    assert!(
        text.contains(r#""seating""#),
        "the seat-test layout:\n{text}"
    );
    let export: BatchExport = serde_json::from_str(&text).unwrap();
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
        h.state().request,
        Some(BatchRequest::OpenMatch {
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
    use hexwright_engine::sim::Report;
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

    let mut h = harness_four(&p, tmp.path());
    h.run();
    h.state_mut()
        .panel
        .import_files(&[path], four_corners_map(), &p)
        .unwrap();
    h.run();
    let r = h.state().panel.results().unwrap().clone();
    let whole = rotation::simulate::<PhaseRulesV1>(&p, &rotation, &|_| {}, &never);
    let rows: Vec<MatchRow> = whole.iter().map(Played::row).collect();
    let one = Report::new(RulesetId::PhaseRulesV1, &rows, &rotation.bots, 2.0);
    assert_eq!(r.report.seats, one.seats);
    assert_eq!(r.report.reading.clone(), one.reading);
    assert_eq!(r.rows, rows);
    assert!(
        h.query_by_label_contains("Imported from merged.json: 8 matches (seeds from 3)")
            .is_some()
    );
    h.get_by_label("Open match 6").click();
    h.run();
    let Some(BatchRequest::OpenMatch { seed, seating }) = h.state().request.clone() else {
        panic!("Open makes a request");
    };
    assert_eq!((seed, seating), (whole[5].seed, whole[5].seating.clone()));
}

/// The JSON a batch writes says what its report's reading is, in the
/// layout that reading has always written: a two-sided akw-rules-v1
/// report, or the seat test.
#[test]
fn each_rulesets_export_keeps_its_layout() {
    let r = results([3, 1], 1);
    let json: serde_json::Value = serde_json::from_str(&r.json()).unwrap();
    assert!(json["report"]["side_wins"].is_array(), "{json}");
    let first = &json["matches"][0];
    assert!(
        first.get("outcome").is_some() && first.get("seating").is_none(),
        "{first}"
    );
}
