//! Golden fixtures: what akw-rules-v1 does on the bundled maps, recorded
//! once and compared byte for byte on every run.
//!
//! The fixtures live in `tests/golden/` at the repository root:
//! - one replay per bundled map and pairing (greedy against greedy, planner
//!   against random), as `Replay::to_ron_string` writes it;
//! - one `simulate --json` report (the speed field is 0, the value a report
//!   gets for zero elapsed seconds; the CLI test compares the real command's
//!   output with the speed masked);
//! - one batch export as the sandbox writes it (JSON and CSV);
//! - one openings study as JSON.
//!
//! `tests/golden/v1/` keeps the same replays as format 1 wrote them: they
//! must still load and re-run, and read as the matches today's engine
//! records with the same bots and seed on the map each one holds.
//!
//! A change to the rules, the bots, the seeding or a report's shape shows up
//! here as a diff. When the change is meant, regenerate on purpose with
//! `UPDATE_GOLDEN=1 cargo test -p hexwright-engine --test engine golden::` and say
//! why in the commit.

use hexwright_engine::bots::BotKind;
use hexwright_engine::format;
use hexwright_engine::map::Map;
use hexwright_engine::openings::{OpeningSpec, simulate_openings};
use hexwright_engine::replay::Replay;
use hexwright_engine::rotation::{Played, Rotation};
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::scenario::{Prepared, Scenario};
use hexwright_engine::ruleset::{AkwRulesV1, RulesetId};
use hexwright_engine::sim::{self, Batch, BatchExport, MatchRow, PlayOptions, Report};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// The bundled maps the fixtures cover.
const MAPS: [&str; 3] = ["broken-crown", "ember-isles", "twin-fords"];
/// The seed of every recorded replay.
const REPLAY_SEED: u64 = 11;
/// The pairings recorded per map: file suffix and the bots of sides 0 and 1.
const PAIRINGS: [(&str, [BotKind; 2]); 2] = [
    ("greedy-greedy", [BotKind::Greedy, BotKind::Greedy]),
    ("planner-random", [BotKind::Planner, BotKind::Random]),
];
/// The batch behind the report fixtures: map, matches, bots, first seed.
const BATCH: (&str, usize, [BotKind; 2], u64) =
    ("twin-fords", 40, [BotKind::Greedy, BotKind::Random], 1);
/// The openings study: map, rounds, runs, bots, first seed.
const OPENINGS: (&str, u32, usize, [BotKind; 2], u64) =
    ("broken-crown", 6, 24, [BotKind::Greedy, BotKind::Random], 3);

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn golden(name: &str) -> PathBuf {
    root().join("tests").join("golden").join(name)
}

fn map(name: &str) -> Map {
    format::load_map(&root().join("maps").join(format!("{name}.ron")))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A bundled map as `hexwright simulate MAP` prepares it (seed 1, the
/// default round limit).
fn prepared(map: &Map) -> Prepared {
    let limit = hexwright_engine::rules::state::DEFAULT_ROUND_LIMIT;
    Scenario::for_map(map.clone(), 1, limit)
        .prepare(&root().join("maps"), &Roster::bundled(), "golden")
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Compares `actual` with the fixture `name`, or writes it when
/// `UPDATE_GOLDEN` is set. Returns a description of the difference.
fn compare(name: &str, actual: &str) -> Option<String> {
    let path = golden(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(&path, actual).unwrap_or_else(|e| panic!("{e}"));
        return None;
    }
    let expected = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => return Some(format!("{name}: cannot read the fixture: {e}")),
    };
    if expected == actual {
        return None;
    }
    let line = expected
        .lines()
        .zip(actual.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
    Some(format!(
        "{name} differs from the fixture at line {}:\n  fixture: {}\n  now:     {}",
        line + 1,
        expected.lines().nth(line).unwrap_or("(end of file)"),
        actual.lines().nth(line).unwrap_or("(end of file)"),
    ))
}

fn check_all(diffs: impl IntoIterator<Item = Option<String>>) {
    let diffs: Vec<String> = diffs.into_iter().flatten().collect();
    assert!(
        diffs.is_empty(),
        "{}\n(if the change is meant: UPDATE_GOLDEN=1 cargo test -p hexwright-engine --test engine golden::)",
        diffs.join("\n")
    );
}

#[test]
fn replays_of_the_bundled_maps_are_unchanged() {
    let mut diffs = Vec::new();
    for name in MAPS {
        let map = map(name);
        let p = prepared(&map);
        for (suffix, bots) in PAIRINGS {
            let r = sim::play(&p, REPLAY_SEED, bots, PlayOptions { record: true });
            let replay = Replay::from_match(&r, &p, &map).unwrap_or_else(|e| panic!("{e}"));
            let text = replay.to_ron_string().unwrap_or_else(|e| panic!("{e}"));
            diffs.push(compare(&format!("replay-{name}-{suffix}.ron"), &text));
        }
    }
    check_all(diffs);
}

#[test]
fn the_replay_fixtures_rerun_with_every_hash_checked() {
    let roster = Roster::bundled();
    for name in MAPS {
        for (suffix, _) in PAIRINGS {
            for file in [
                format!("replay-{name}-{suffix}.ron"),
                format!("v1/replay-{name}-{suffix}.ron"),
            ] {
                let replay = Replay::load(&golden(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
                let summary = replay
                    .run(&roster, &file, None)
                    .unwrap_or_else(|e| panic!("{file}: {e}"));
                assert!(summary.hashes_checked > 2, "{file}: too few hashes");
                assert_ne!(summary.result, "unfinished", "{file}: the match has no end");
            }
        }
    }
}

/// A format-1 replay reads as the same match as a format-2 recording of
/// that match: the same seed, players and commands on the map it holds
/// (the bundled map as it was then; a map changed since, as Broken Crown
/// by its balance edits, keeps its old version in the old replay). The
/// commands are the old file's, not today's bots' choices: the bots, and
/// the rules since commands stopped by hidden units are spent, have
/// changed since, and an old match must still read and re-run as it was
/// played.
#[test]
fn format_one_replays_read_as_the_same_matches() {
    for name in MAPS {
        for (suffix, bots) in PAIRINGS {
            let file = format!("v1/replay-{name}-{suffix}.ron");
            let old = Replay::load(&golden(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
            let text = std::fs::read_to_string(golden(&file)).unwrap();
            assert!(text.contains("format: 1,"), "{file} is a format-1 file");
            let p = prepared(&old.map);
            let names: Vec<&str> = bots.iter().map(|b| b.name()).collect();
            let played = &old.commands[p.opening.len().min(old.commands.len())..];
            let now = Replay::record(&p, &old.map, REPLAY_SEED, &names, played)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(old, now, "{file}: format 1 and format 2 differ");
        }
    }
}

fn batch() -> (Prepared, Batch) {
    let (name, matches, bots, seed) = BATCH;
    let p = prepared(&map(name));
    let batch = Batch {
        matches,
        bots,
        seed,
    };
    (p, batch)
}

#[test]
fn the_simulate_report_and_the_batch_export_are_unchanged() {
    let (p, batch) = batch();
    let results = sim::simulate(&p, &batch, PlayOptions { record: false }, &|_| {});
    let rows: Vec<MatchRow> = results
        .iter()
        .enumerate()
        .map(|(i, r)| MatchRow::new(i, r))
        .collect();
    let report = Report::new(RulesetId::AkwRulesV1, &rows, &batch.bots, 0.0);
    let mut json = serde_json::to_string(&report).unwrap_or_else(|e| panic!("{e}"));
    json.push('\n');
    let arena = &p.rules.arena;
    let csv = sim::results_csv(arena, &rows);
    let played = rows.iter().map(Played::from).collect();
    let export = BatchExport::new(arena, &Rotation::from(&batch), false, report, played);
    let export = serde_json::to_string_pretty(&export).unwrap_or_else(|e| panic!("{e}")) + "\n";
    check_all([
        compare("simulate-twin-fords.json", &json),
        compare("batch-twin-fords.json", &export),
        compare("batch-twin-fords.csv", &csv),
    ]);
}

/// The pinned report and export, written before akw-rules-v1 and rotated
/// batches shared one report and one export type, read back into them and
/// write out byte for byte as they were.
#[test]
fn the_pinned_report_and_export_read_back_unchanged() {
    for name in ["simulate-twin-fords.json", "batch-twin-fords.json"] {
        let text = std::fs::read_to_string(golden(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let again = if name.starts_with("simulate") {
            let r: Report = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(r.sides().is_some(), "{name}: a two-sided report");
            serde_json::to_string(&r).unwrap_or_else(|e| panic!("{e}")) + "\n"
        } else {
            let e: BatchExport =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            serde_json::to_string_pretty(&e).unwrap_or_else(|e| panic!("{e}")) + "\n"
        };
        assert_eq!(again, text, "{name}");
    }
}

/// A phase-rules-v1 batch exported by the app before the one export type
/// (`RotationExport`, written by the engine at dcdc4cf) reads back as a
/// seat-test export with every match and its command count, and writes
/// out as it was.
#[test]
fn an_old_rotated_batch_export_reads_back_unchanged() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/exports/rotation-export-before-one-type.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    let e: BatchExport = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
    let seats = e.report.seat_reading().expect("a seat-test report");
    assert_eq!(seats.bots.len(), 4);
    assert_eq!((e.requested, e.matches.len()), (4, 4));
    assert!(
        e.matches.iter().all(|m| m.commands > 0),
        "command counts kept"
    );
    // The same JSON again, every field and value (serde_json reads a float
    // to within its last bit, so its digits may be written differently).
    let again = serde_json::to_value(&e).unwrap_or_else(|e| panic!("{e}"));
    let before: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again, before);
}

#[test]
fn the_openings_study_is_unchanged() {
    let (name, rounds, runs, bots, seed) = OPENINGS;
    let p = prepared(&map(name));
    let spec = OpeningSpec {
        rounds,
        runs,
        bots: bots.to_vec(),
        seed,
    };
    let o = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &AtomicBool::new(false));
    assert!(!o.cancelled);
    let json = serde_json::to_string_pretty(&o).unwrap_or_else(|e| panic!("{e}")) + "\n";
    check_all([compare(&format!("openings-{name}.json"), &json)]);
}
