//! Hostile files and arguments, each built in the test: a path out of its
//! pack (zipped or not), an output that is a special file, forged shard and
//! wave files, a FIFO named like a zip, and out-of-range counts. Each gets
//! an error (exit 2) in bounded time, and nothing outside the user's files
//! is read or replaced.

use super::{map, run, temp_dir};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// A change made to a real shard file's JSON.
type Forge = fn(&mut serde_json::Value);

/// A zip of `(name, text)` entries at `path`.
fn zip(path: &Path, entries: &[(&str, &str)]) {
    let mut w = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    for (name, text) in entries {
        w.start_file(*name, zip::write::SimpleFileOptions::default())
            .unwrap();
        w.write_all(text.as_bytes()).unwrap();
    }
    w.finish().unwrap();
}

fn text(path: &str) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// `mkfifo path`; false where the machine cannot make one.
fn mkfifo(path: &Path) -> bool {
    std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

const PLAY: [&str; 4] = ["--matches", "1", "--max-rounds", "2"];

#[test]
fn a_zipped_pack_plays_no_map_outside_the_archive() {
    let dir = temp_dir("zip-escape");
    let outside = dir.join("outside.ron");
    std::fs::copy(map("twin-fords.ron"), &outside).unwrap();
    let fords = text(&map("twin-fords.ron"));
    for listed in [outside.display().to_string(), "../outside.ron".to_owned()] {
        let archive = dir.join("p.zip");
        let manifest = format!("(format: 1, name: \"P\", version: \"1\", maps: [\"{listed}\"])\n");
        zip(&archive, &[("pack.ron", &manifest), ("fords.ron", &fords)]);
        let mut args = vec!["simulate", archive.to_str().unwrap()];
        args.extend(PLAY);
        let (code, out) = run(&args);
        assert_eq!(code, 2, "{listed}: {out}");
        assert!(out.is_empty(), "{listed}: nothing is played: {out}");
    }
}

#[test]
fn a_scenario_in_a_pack_reads_no_map_outside_it() {
    let dir = temp_dir("scenario-escape");
    let pack = dir.join("p");
    std::fs::create_dir_all(&pack).unwrap();
    std::fs::copy(map("twin-fords.ron"), dir.join("outside.ron")).unwrap();
    let fords = text(&map("twin-fords.ron"));
    std::fs::write(pack.join("fords.ron"), &fords).unwrap();
    let manifest =
        "(format: 1, name: \"P\", version: \"1\", maps: [\"fords.ron\"], scenarios: [\"s.ron\"])\n";
    let scenario = "(format: 1, map: Path(\"../outside.ron\"))\n";
    std::fs::write(pack.join("pack.ron"), manifest).unwrap();
    std::fs::write(pack.join("s.ron"), scenario).unwrap();
    let s = pack.join("s.ron").display().to_string();
    for command in ["simulate", "balance"] {
        let mut args = vec![command, s.as_str()];
        if command == "simulate" {
            args.extend(PLAY);
        } else {
            args.extend(["--skills", "random", "--max", "4"]);
        }
        let (code, out) = run(&args);
        assert_eq!(code, 2, "{command}: {out}");
        assert!(out.is_empty(), "{command}: {out}");
    }
    let (code, out) = run(&["ladder", &s, "--bots", "random,greedy", "--matches", "2"]);
    assert_eq!(code, 2, "ladder: {out}");
    // The same pack zipped, its scenario picked with --entry.
    let archive = dir.join("p.zip");
    zip(
        &archive,
        &[
            ("pack.ron", manifest),
            ("fords.ron", &fords),
            ("s.ron", scenario),
        ],
    );
    let mut args = vec!["simulate", archive.to_str().unwrap(), "--entry", "s.ron"];
    args.extend(PLAY);
    let (code, out) = run(&args);
    assert_eq!(code, 2, "{out}");
    // Inside the pack, the same scenario plays.
    std::fs::write(
        pack.join("s.ron"),
        "(format: 1, map: Path(\"fords.ron\"))\n",
    )
    .unwrap();
    let mut args = vec!["simulate", s.as_str()];
    args.extend(PLAY);
    assert_eq!(run(&args).0, 0);
}

#[test]
fn outputs_that_are_special_files_are_refused_not_replaced() {
    use std::os::unix::fs::symlink;
    let dir = temp_dir("special-outputs");
    let fifo = dir.join("out.fifo");
    let folder = dir.join("folder.png");
    std::fs::create_dir_all(&folder).unwrap();
    let link = dir.join("link.png");
    let mut specials = vec![folder.clone()];
    if mkfifo(&fifo) {
        symlink(&fifo, &link).unwrap();
        specials.push(fifo.clone());
        specials.push(link.clone());
    }
    let fords = map("twin-fords.ron");
    for special in &specials {
        let o = special.display().to_string();
        let shard = [
            "simulate",
            &fords,
            "--shard",
            "0/1",
            "--out",
            &o,
            "--matches",
            "1",
        ];
        let cases: [&[&str]; 4] = [
            &["render", &fords, "-o", &o],
            &shard,
            &["export", "tiled", &fords, "-o", &o],
            &["balance-edit", &fords, "-o", &o],
        ];
        for args in cases {
            let (code, out) = run(args);
            assert_eq!(code, 2, "{args:?}: {out}");
        }
        let kind = std::fs::symlink_metadata(special).unwrap().file_type();
        assert!(!kind.is_file(), "{o} was replaced by a regular file");
    }
    if specials.len() == 3 {
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
    }
}

#[test]
fn a_fifo_named_like_a_zip_is_refused_without_opening_it() {
    let dir = temp_dir("fifo-zip");
    let fifo = dir.join("x.zip");
    if !mkfifo(&fifo) {
        return;
    }
    // Before the fix both blocked forever in open().
    let f = fifo.display().to_string();
    assert_eq!(run(&["validate", &f]).0, 2);
    let mut args = vec!["simulate", f.as_str()];
    args.extend(PLAY);
    assert_eq!(run(&args).0, 2);
}

/// Plays shard 0 of 1 of a small batch into `dir/name.json` and gives its
/// JSON, for a test to forge.
fn a_shard(dir: &Path, name: &str, extra: &[&str]) -> (PathBuf, serde_json::Value) {
    let path = dir.join(format!("{name}.json"));
    let fords = map("twin-fords.ron");
    let out = path.display().to_string();
    let mut args = vec![
        "simulate",
        &fords,
        "--shard",
        "0/1",
        "--out",
        &out,
        "--bots",
        "greedy,random",
    ];
    args.extend(extra);
    let (code, report) = run(&args);
    assert_eq!(code, 0, "{report}");
    let v = serde_json::from_str(&text(&out)).unwrap();
    (path, v)
}

#[test]
fn forged_shard_files_are_refused_with_no_panic() {
    let dir = temp_dir("forged-shards");
    let (path, good) = a_shard(&dir, "good", &["--matches", "4", "--max-rounds", "6"]);
    let p = path.display().to_string();
    assert_eq!(run(&["merge", &p]).0, 0, "the real file merges");
    let forgeries: [(&str, Forge); 17] = [
        ("no shards", |v| v["shards"] = 0.into()),
        ("2^64 - 1 shards", |v| v["shards"] = u64::MAX.into()),
        ("10^9 shards", |v| v["shards"] = 1_000_000_000.into()),
        ("a winner beyond the players", |v| {
            v["rows"][0]["outcome"] = serde_json::json!({"Won": 5});
        }),
        ("a row with no bots", |v| {
            v["rows"][0]["bots"] = serde_json::json!([]);
        }),
        ("a bot the batch does not have", |v| {
            v["rows"][1]["bots"] = serde_json::json!(["planner", "random"]);
        }),
        ("rounds past the limit", |v| {
            v["rows"][0]["rounds"] = u32::MAX.into();
        }),
        ("another seed", |v| v["rows"][2]["seed"] = 999.into()),
        ("negative seconds", |v| v["seconds"] = (-5.0).into()),
        ("no bots", |v| v["batch"]["bots"] = serde_json::json!([])),
        ("a hundred bots", |v| {
            v["batch"]["ruleset"] = "phase-rules-v1".into();
            v["batch"]["bots"] = serde_json::json!(vec!["greedy"; 100]);
        }),
        ("a billion matches", |v| {
            v["batch"]["matches"] = 1_000_000_000_000u64.into();
        }),
        ("a row field no batch writes", |v| {
            v["rows"][0]["bonus"] = 1.into();
        }),
        ("a capture field no batch writes", |v| {
            v["rows"][0]["first_captures"][0] =
                serde_json::json!({"round": 1, "side": 0, "extra": 2});
        }),
        ("points on akw-rules-v1 rows", |v| {
            v["rows"][0]["points"] = serde_json::json!([3, 1]);
        }),
        ("2^64 - 1 refused commands", |v| {
            v["rows"][0]["rejected"] = u64::MAX.into();
        }),
        ("seconds that sum to infinity", |v| {
            v["seconds"] = 1e308.into();
        }),
    ];
    for (what, forge) in forgeries {
        let mut v = good.clone();
        forge(&mut v);
        let forged = dir.join("forged.json");
        std::fs::write(&forged, v.to_string()).unwrap();
        let f = forged.display().to_string();
        let (code, out) = run(&["merge", &f]);
        assert_eq!(code, 2, "{what}: {out}");
        let (code, out) = run(&["merge", "--until-decided", &f]);
        assert_eq!(code, 2, "{what}, --until-decided: {out}");
    }
    // One file given twice: refused (as the second is read).
    assert_eq!(run(&["merge", &p, &p]).0, 2);
}

#[test]
fn wave_files_with_a_plan_simulate_would_refuse_are_refused() {
    let dir = temp_dir("forged-waves");
    let (path, good) = a_shard(
        &dir,
        "wave",
        &[
            "--until-decided",
            "--wave",
            "1",
            "--max",
            "40",
            "--max-rounds",
            "6",
        ],
    );
    let p = path.display().to_string();
    let (code, out) = run(&["merge", "--until-decided", &p]);
    assert!(code == 0 || code == 3, "the real wave merges: {out}");
    let forgeries: [(&str, Forge); 4] = [
        ("alpha -1", |v| v["wave"]["plan"]["alpha"] = (-1.0).into()),
        ("margin 0.9", |v| v["wave"]["plan"]["margin"] = 0.9.into()),
        ("no games", |v| v["wave"]["plan"]["max_games"] = 0.into()),
        ("a wave past the batch", |v| {
            v["wave"]["end"] = 100_000.into();
        }),
    ];
    for (what, forge) in forgeries {
        let mut v = good.clone();
        forge(&mut v);
        let forged = dir.join("forged.json");
        std::fs::write(&forged, v.to_string()).unwrap();
        let (code, out) = run(&["merge", "--until-decided", &forged.display().to_string()]);
        assert_eq!(code, 2, "{what}: {out}");
    }
}

#[test]
fn counts_past_the_limits_are_refused_before_playing() {
    let fords = map("twin-fords.ron");
    for args in [
        vec!["simulate", fords.as_str(), "--matches", "1000001"],
        vec![
            "simulate",
            fords.as_str(),
            "--until-decided",
            "--max",
            "1000001",
        ],
        vec![
            "balance",
            fords.as_str(),
            "--skills",
            "random",
            "--max",
            "1000001",
        ],
    ] {
        let (code, out) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}");
    }
}

#[test]
fn balance_edit_checks_its_output_before_it_searches() {
    let dir = temp_dir("balance-edit-output");
    let missing = dir.join("no-such-folder/fixed.ron");
    let (code, out) = run(&[
        "balance-edit",
        &map("twin-fords.ron"),
        "-o",
        &missing.display().to_string(),
    ]);
    assert_eq!(code, 2);
    assert!(out.is_empty(), "nothing was searched: {out}");
}

#[test]
fn a_closed_reader_ends_the_report_quietly() {
    // The binary's standard output, as `hexwright analyze MAP | head` has
    // it: writes past the reader's end fail with "Broken pipe".
    struct Closed;
    impl std::io::Write for Closed {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
    }
    let args = <hexwright_cli::Args as clap::Parser>::try_parse_from([
        "hexwright",
        "analyze",
        &map("twin-fords.ron"),
    ])
    .unwrap();
    assert_eq!(
        hexwright_cli::run_quietly_to(args, &mut Closed, &mut Vec::new()),
        0
    );
}

/// An output that is one of the command's inputs, or that no file can be
/// written at (a folder like `/proc/self`), is refused before any work and
/// leaves the inputs as they were, in every command that writes.
#[test]
fn an_output_that_is_an_input_or_cannot_be_written_is_refused_first() {
    let dir = temp_dir("output-over-input");
    // A pack of one bundled map, zipped over its own manifest.
    let pack = dir.join("pack");
    std::fs::create_dir_all(&pack).unwrap();
    std::fs::copy(map("twin-fords.ron"), pack.join("twin-fords.ron")).unwrap();
    let manifest = pack.join("pack.ron");
    std::fs::write(
        &manifest,
        "(format: 1, name: \"P\", version: \"1.0.0\", maps: [\"twin-fords.ron\"])\n",
    )
    .unwrap();
    let before = std::fs::read(&manifest).unwrap();
    let p = pack.display().to_string();
    let m = manifest.display().to_string();
    let copy = pack.join("twin-fords.ron").display().to_string();
    let via = pack.join(".").join("twin-fords.ron").display().to_string();
    for args in [
        vec!["pack", "zip", p.as_str(), "-o", m.as_str()],
        vec!["pack", "zip", p.as_str(), "-o", copy.as_str()],
        vec!["render", copy.as_str(), "-o", via.as_str()],
        vec!["export", "tiled", copy.as_str(), "-o", copy.as_str()],
        vec!["balance-edit", copy.as_str(), "-o", via.as_str()],
        vec!["import", "tiled", copy.as_str(), "-o", copy.as_str()],
        vec![
            "simulate",
            copy.as_str(),
            "--shard",
            "0/2",
            "--out",
            copy.as_str(),
        ],
    ] {
        let (code, out) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(out.is_empty(), "{args:?} reported {out}");
    }
    assert_eq!(
        std::fs::read(&manifest).unwrap(),
        before,
        "the manifest is whole"
    );
    assert_eq!(
        std::fs::read(pack.join("twin-fords.ron")).unwrap(),
        std::fs::read(map("twin-fords.ron")).unwrap(),
        "the map is whole"
    );
    // A file that can be opened but not written, like /proc/self/status,
    // fails before the search, not after it.
    if Path::new("/proc/self/status").exists() {
        let start = std::time::Instant::now();
        let (code, out) = run(&["balance-edit", copy.as_str(), "-o", "/proc/self/status"]);
        assert_eq!(code, 2, "{out}");
        assert!(out.is_empty(), "nothing was searched: {out}");
        assert!(start.elapsed().as_secs() < 5, "refused before any game");
    }
}

/// Counts past what a command can do in bounded time are refused before
/// it starts, and a bot's name with a budget is read one way: on the
/// command line the budget is `--playouts`, so `search:0` or `search:400`
/// there is refused rather than run with the budget dropped.
#[test]
fn huge_counts_and_budgets_after_a_bot_name_are_refused() {
    let fords = map("twin-fords.ron");
    let out = temp_dir("bot-names").join("x.ron").display().to_string();
    for args in [
        vec![
            "ladder",
            fords.as_str(),
            "--bots",
            "random,greedy",
            "--matches",
            "1000000000000",
        ],
        vec![
            "simulate",
            fords.as_str(),
            "--matches",
            "2",
            "--jobs",
            "100000",
        ],
        vec!["simulate", fords.as_str(), "--bots", "search:0,greedy"],
        vec!["simulate", fords.as_str(), "--bots", "search:5,greedy"],
        vec!["simulate", fords.as_str(), "--bots", "greedy:3,random"],
        vec![
            "balance-edit",
            fords.as_str(),
            "-o",
            out.as_str(),
            "--level",
            "search:0",
        ],
        vec![
            "balance-edit",
            fords.as_str(),
            "-o",
            out.as_str(),
            "--alpha",
            "150",
        ],
        vec![
            "balance-edit",
            fords.as_str(),
            "-o",
            out.as_str(),
            "--alpha",
            "0",
        ],
        vec![
            "balance-edit",
            fords.as_str(),
            "-o",
            out.as_str(),
            "--margin",
            "50",
        ],
        vec![
            "balance-edit",
            fords.as_str(),
            "-o",
            out.as_str(),
            "--margin",
            "NaN",
        ],
        vec!["generate", "-o", out.as_str(), "--fair", "search:0"],
    ] {
        let start = std::time::Instant::now();
        let (code, report) = run(&args);
        assert_eq!(code, 2, "{args:?}: {report}");
        assert!(start.elapsed().as_secs() < 5, "{args:?} refused at once");
    }
}
