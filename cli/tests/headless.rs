//! The command line, tested without the editor: its dependency tree holds
//! no GUI crate, and every subcommand runs here in this process (this test
//! binary links this crate alone) through [`hexwright`], which reads like
//! a run of the binary. Only what needs a real process runs the
//! `hexwright-cli` binary: a batch stopped by a signal, a report cut off by
//! a closed pipe, and the deploy scripts run by a shell.
//!
//! - [`commands`]: `validate`, `info`, `rules`, `import`, `render`, `pack`
//!   and the errors every subcommand shares;
//! - [`simulate`]: `simulate`, shards and `merge`, and the Kubernetes and
//!   Slurm files run locally; [`cluster`]: ladders, balances and batches
//!   played until decided, across machines;
//! - [`replay`]: recorded matches re-run, broken ones caught;
//! - [`generate`]: `generate`; [`hostile`]: hostile input and outputs.

#[path = "headless/cluster.rs"]
mod cluster;
#[path = "headless/commands.rs"]
mod commands;
#[path = "headless/generate.rs"]
mod generate;
#[path = "headless/hostile.rs"]
mod hostile;
#[path = "headless/replay.rs"]
mod replay;
#[path = "headless/simulate.rs"]
mod simulate;

use clap::Parser as _;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root")
        .to_path_buf()
}

fn map(name: &str) -> String {
    root().join("maps").join(name).display().to_string()
}

/// A bundled map as designed, before its balance edits and without their
/// certificates (Twin Fords so is lopsided by turn order alone).
fn design(name: &str) -> String {
    root()
        .join("engine/tests/fixtures/designs")
        .join(name)
        .display()
        .to_string()
}

/// A fresh folder under the target directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("headless-{name}"));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the command line in this process: its exit code and report.
/// (Its errors are shown with the test's output.)
fn run(args: &[&str]) -> (u8, String) {
    let o = hexwright(args);
    eprint!("{}", stderr(&o));
    (o.status.0, String::from_utf8(o.stdout).unwrap())
}

/// What a run of the command line in this process left: as a process's
/// [`std::process::Output`], so a test reads the same either way.
struct Output {
    status: Status,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// An exit code, read as [`std::process::ExitStatus`] is.
#[derive(Clone, Copy, Debug)]
struct Status(u8);

impl Status {
    #[expect(
        clippy::unnecessary_wraps,
        reason = "the signature of ExitStatus::code, so tests read either alike"
    )]
    fn code(self) -> Option<i32> {
        Some(i32::from(self.0))
    }

    fn success(self) -> bool {
        self.0 == 0
    }
}

/// Runs `hexwright ARGS` in this process, with its standard output and
/// standard error captured: arguments clap refuses print its message (on
/// standard error, or `--help` and `--version` on standard output) and exit
/// with its code, as the binary does.
fn hexwright(args: &[&str]) -> Output {
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let argv = std::iter::once("hexwright").chain(args.iter().copied());
    let code = match hexwright_cli::Args::try_parse_from(argv) {
        Ok(args) => hexwright_cli::run_quietly_to(args, &mut stdout, &mut stderr),
        Err(e) => {
            let text = e.render().to_string();
            if e.use_stderr() {
                stderr.extend_from_slice(text.as_bytes());
            } else {
                stdout.extend_from_slice(text.as_bytes());
            }
            u8::try_from(e.exit_code()).expect("clap exits 0 or 2")
        }
    };
    Output {
        status: Status(code),
        stdout,
        stderr,
    }
}

/// Standard output as text.
fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Standard error of a process as text.
fn process_stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A report without its speed line (the only line that varies by run).
fn without_speed(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("Speed:"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The packages in `cargo tree` of `args` (normal and build dependencies:
/// what the binary is built from, not what its tests use).
fn tree(args: &[&str]) -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let out = std::process::Command::new(cargo)
        .current_dir(root())
        .args([
            "tree",
            "--edges",
            "normal,build",
            "--prefix",
            "none",
            "--format",
            "{p}",
        ])
        .args(args)
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo tree {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_owned)
        .collect()
}

const GUI: [&str; 4] = ["eframe", "egui", "winit", "rfd"];

#[test]
fn the_headless_build_has_no_gui_dependency() {
    for args in [
        &["--package", "hexwright", "--no-default-features"][..],
        &["--package", "hexwright-cli"][..],
    ] {
        let packages = tree(args);
        assert!(
            packages.iter().any(|p| p == "hexwright-engine"),
            "{args:?}: {packages:?}"
        );
        for gui in GUI {
            assert!(
                !packages.iter().any(|p| p == gui),
                "{args:?} depends on {gui}"
            );
        }
    }
    // The check sees the GUI stack where it is: the default build has it.
    let full = tree(&["--package", "hexwright"]);
    for gui in GUI {
        assert!(
            full.iter().any(|p| p == gui),
            "the editor build lacks {gui}"
        );
    }
}

#[test]
fn validate_and_render_work_headless() {
    let dir = temp_dir("render");
    let (code, out) = run(&["validate", &root().join("maps").display().to_string()]);
    assert_eq!(code, 0, "{out}");
    let png = dir.join("four.png");
    let svg = dir.join("four.svg");
    for path in [&png, &svg] {
        let (code, _) = run(&[
            "render",
            &map("four-corners.ron"),
            "-o",
            path.to_str().unwrap(),
            "--size",
            "800",
        ]);
        assert_eq!(code, 0);
    }
    let bytes = std::fs::read(&png).unwrap();
    let decoded = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .unwrap()
        .info()
        .clone();
    assert_eq!(decoded.width, 800);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("Four Corners"));
}

#[test]
fn export_and_import_through_tiled_work_headless() {
    let dir = temp_dir("tiled");
    let tmj = dir.join("fords.tmj");
    let (code, out) = run(&[
        "export",
        "tiled",
        &map("twin-fords.ron"),
        "-o",
        tmj.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(dir.join("fords-tiles.png").is_file());
    let back = dir.join("back.ron");
    let (code, out) = run(&[
        "import",
        "tiled",
        tmj.to_str().unwrap(),
        "-o",
        back.to_str().unwrap(),
    ]);
    assert!(code <= 1, "{code}: {out}");
    let (code, info) = run(&["info", back.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(info.contains("Twin Fords"), "{info}");
}

#[test]
fn shards_merge_to_the_one_process_report_headless() {
    let dir = temp_dir("shards");
    let m = map("twin-fords.ron");
    let common = ["--matches", "6", "--bots", "greedy,random", "--seed", "3"];
    let mut files = Vec::new();
    for k in 0..3 {
        let file = dir.join(format!("shard-{k}.json"));
        let shard = format!("{k}/3");
        let mut args = vec![
            "simulate",
            m.as_str(),
            "--shard",
            &shard,
            "--out",
            file.to_str().unwrap(),
        ];
        args.extend(common);
        let (code, out) = run(&args);
        assert_eq!(code, 0, "{out}");
        files.push(file.display().to_string());
    }
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    let (code, merged) = run(&args);
    assert_eq!(code, 0);
    let mut args = vec!["simulate", m.as_str()];
    args.extend(common);
    let (code, whole) = run(&args);
    assert_eq!(code, 0);
    assert_eq!(without_speed(&merged), without_speed(&whole));
}

/// A batch played until decided in waves of shards, merged and tested after
/// each wave, reports what one process playing it until decided reports.
#[test]
fn waves_of_shards_decide_as_one_process_does() {
    let dir = temp_dir("waves");
    let m = map("twin-fords.ron");
    let common = [
        "--until-decided",
        "--max",
        "40",
        "--bots",
        "greedy,random",
        "--seed",
        "2",
    ];
    let mut files: Vec<String> = Vec::new();
    let mut merged = String::new();
    for wave in 1.. {
        assert!(wave <= 3, "the test never stopped");
        for k in 0..2 {
            let file = dir.join(format!("wave-{wave}-shard-{k}.json"));
            let (w, shard) = (wave.to_string(), format!("{k}/2"));
            let mut args = vec!["simulate", m.as_str(), "--wave", &w, "--shard", &shard];
            args.extend(["--out", file.to_str().unwrap()]);
            args.extend(common);
            let (code, out) = run(&args);
            assert_eq!(code, 0, "{out}");
            files.push(file.display().to_string());
        }
        let mut args = vec!["merge", "--until-decided"];
        args.extend(files.iter().map(String::as_str));
        let (code, out) = run(&args);
        merged = out;
        match code {
            3 => assert!(
                merged.contains(&format!("Next wave:   {}", wave + 1)),
                "{merged}"
            ),
            0 => break,
            other => panic!("merge exited {other}: {merged}"),
        }
    }
    // 40 matches are 20 seat-swapped pairs: looks after 16 and 20 games.
    assert!(
        merged.contains("Looks:       2 (after 16, 20 games)"),
        "{merged}"
    );
    let mut args = vec!["simulate", m.as_str()];
    args.extend(common);
    let (code, whole) = run(&args);
    assert_eq!(code, 0);
    assert_eq!(without_speed(&merged), without_speed(&whole));
    // A wave left out, or a plain merge of waves, is refused.
    let (code, _) = run(&["merge", "--until-decided", &files[2], &files[3]]);
    assert_eq!(code, 2);
    let (code, _) = run(&["merge", &files[0], &files[1]]);
    assert_eq!(code, 2);
}

/// `ladder` rates the bots from their pairs' batches: on the bundled
/// two-player map greedy rates above random (it wins every game there), the
/// JSON holds every pair and rating, and bad input exits 2.
#[test]
fn ladder_rates_bots_from_their_pairs() {
    let (code, out) = run(&[
        "ladder",
        &map("twin-fords.ron"),
        "--bots",
        "random,greedy",
        "--matches",
        "24",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}");
    let l: hexwright_engine::ladder::Ladder = serde_json::from_str(&out).unwrap();
    assert_eq!(l.pairs.len(), 1);
    assert_eq!((l.pairs[0].matches, l.pairs[0].games), (24, 12));
    assert!(l.ratings[0].elo.abs() < 1e-12);
    assert!(l.ratings[1].ci95[0] > 0.0, "{:?}", l.ratings);
    assert_eq!(
        l.order(),
        [
            hexwright_engine::bots::BotKind::Random,
            hexwright_engine::bots::BotKind::Greedy
        ]
    );
    let (code, text) = run(&[
        "ladder",
        &map("four-corners.ron"),
        "--bots",
        "random,greedy",
        "--matches",
        "4",
    ]);
    assert_eq!(code, 0);
    assert!(text.contains("phase-rules-v1, 4 players"), "{text}");
    assert!(text.contains("random vs greedy: random scores"), "{text}");
    let (code, _) = run(&["ladder", &map("twin-fords.ron"), "--bots", "greedy,greedy"]);
    assert_eq!(code, 2, "a bot named twice");
    let (code, _) = run(&[
        "ladder",
        &map("three-passes.ron"),
        "--bots",
        "random,greedy",
    ]);
    assert_eq!(code, 2, "three players cannot seat two bots equally");
}

/// `balance` runs the until-decided seat test once per skill level and
/// says whether the verdict changes; `simulate --until-decided` runs the
/// same test in phase-rules-v1 with four players.
#[test]
fn balance_gives_a_verdict_per_skill_level() {
    let (code, out) = run(&[
        "balance",
        &map("four-corners.ron"),
        "--skills",
        "random,greedy",
        "--max",
        "48",
        "--max-rounds",
        "6",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["players"], 4);
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 2);
    assert_eq!(levels[0]["bot"], "random");
    assert_eq!(levels[1]["bot"], "greedy");
    for l in levels {
        assert_eq!(l["shares"].as_array().unwrap().len(), 4);
        assert!(l["matches"].as_u64().unwrap() <= 48);
        let shares: f64 = l["shares"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .sum();
        assert!((shares - 1.0).abs() < 1e-9, "the shares of the wins add up");
    }
    let summary = v["summary"].as_str().unwrap();
    assert!(summary.starts_with("The verdict"), "{summary}");

    let (code, text) = run(&[
        "simulate",
        &map("four-corners.ron"),
        "--until-decided",
        "--bots",
        "greedy,greedy,greedy,greedy",
        "--max",
        "32",
        "--max-rounds",
        "6",
    ]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.starts_with(
            "until decided (phase-rules-v1, 4 players, bots greedy, greedy, greedy, greedy): "
        ),
        "{text}"
    );
    assert!(text.contains("shares of the wins: side 0 "), "{text}");
    let (code, _) = run(&["balance", &map("four-corners.ron"), "--skills", "nobody"]);
    assert_eq!(code, 2);
}

/// The search bot's budget from the command line: the same seed and
/// playouts give the same batch, a shard file names the budget, and a
/// budget out of range is refused.
#[test]
fn the_search_budget_is_set_and_reproducible() {
    let args = [
        "simulate",
        &map("twin-fords.ron"),
        "--bots",
        "search,greedy",
        "--matches",
        "2",
        "--max-rounds",
        "2",
        "--playouts",
        "6",
    ];
    let (code, first) = run(&args);
    assert_eq!(code, 0, "{first}");
    let (_, again) = run(&args);
    assert_eq!(without_speed(&first), without_speed(&again));
    let dir = temp_dir("search-budget");
    let shard = dir.join("s.json");
    let mut sharded = args.to_vec();
    let shard_path = shard.display().to_string();
    sharded.extend(["--shard", "0/1", "--out", &shard_path]);
    let (code, _) = run(&sharded);
    assert_eq!(code, 0);
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&shard).unwrap()).unwrap();
    // The search is guided by the shipped policy in akw-rules-v1, so its
    // name carries the weights' hash as well as the budget.
    assert_eq!(
        file["batch"]["bots"][0],
        format!(
            "search:6@{}",
            hexwright_engine::bots::policy::weights_hash()
        )
    );
    // And the shard merges, its names read back as the bots they are.
    let (code, merged) = run(&["merge", &shard_path]);
    assert_eq!(code, 0, "{merged}");
    assert!(merged.contains("search vs greedy"), "{merged}");
    for bad in [["--playouts", "0"], ["--think", "0ms"], ["--think", "soon"]] {
        let mut all = args[..8].to_vec();
        all.extend(bad);
        let parsed = hexwright_cli::Args::try_parse_from(
            std::iter::once("hexwright").chain(all.iter().copied()),
        );
        let code = match parsed {
            Ok(a) => hexwright_cli::run_to(a, &mut Vec::new(), &mut Vec::new()),
            Err(_) => 2,
        };
        assert_eq!(code, 2, "{bad:?}");
    }
}

#[test]
fn analyze_reports_fairness_features_and_chokes() {
    // A symmetric map (Three Passes as designed, before its balance
    // edits): even on every figure.
    let design = root().join("engine/tests/fixtures/designs/three-passes.ron");
    let (code, text) = run(&["analyze", &design.display().to_string()]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("Static verdict: Even on every static figure."),
        "{text}"
    );
    assert!(text.contains("never certify a map"), "{text}");
    assert!(text.contains("Chokepoints (blocking one"), "{text}");
    assert!(text.contains("objective (0,0)"), "{text}");
    assert!(!text.contains("Simulated:"), "no certificate: {text}");

    // Three Passes as bundled: its balance edits make a static figure
    // uneven, and its certificates say what the games found.
    let (code, text) = run(&["analyze", &map("three-passes.ron")]);
    assert_eq!(code, 0, "{text}");
    for bot in ["greedy", "planner"] {
        let line =
            format!("Simulated: Certified fair within ±5 points for {bot} in phase-rules-v1;");
        assert!(text.contains(&line), "{text}");
    }
    assert!(!text.contains("Void:"), "{text}");
    // A bush cleared after certifying voids every certificate.
    let mut m = hexwright_engine::format::load_map(Path::new(&map("three-passes.ron"))).unwrap();
    let bush = m
        .features
        .iter()
        .position(|f| f.kind == hexwright_engine::map::FeatureKind::Bush)
        .unwrap();
    m.features.remove(bush);
    let changed = temp_dir("analyze-void").join("changed.ron");
    hexwright_engine::format::save_atomic(&m, &changed).unwrap();
    let (code, text) = run(&["analyze", &changed.display().to_string()]);
    assert_eq!(code, 0, "{text}");
    assert!(!text.contains("Simulated:"), "{text}");
    assert!(
        text.contains("Void: the board changed since it was certified fair"),
        "{text}"
    );

    // One objective of Twin Fords moved beside side 0's zone: uneven, and
    // the JSON says whom it favours.
    let mut m = hexwright_engine::format::load_map(Path::new(&map("twin-fords.ron"))).unwrap();
    let zone = m
        .zone_of(hexwright_engine::player::PlayerId(0))
        .unwrap()
        .hexes[0];
    let coverage = hexwright_engine::coverage::Coverage::new(&m).unwrap();
    let free = coverage
        .usable_hexes()
        .into_iter()
        .filter(|h| m.feature_at(*h).is_none() && m.zones.iter().all(|z| !z.hexes.contains(h)))
        .min_by_key(|h| h.unsigned_distance_to(zone))
        .unwrap();
    let objective = m
        .features
        .iter_mut()
        .filter(|f| f.kind == hexwright_engine::map::FeatureKind::Objective)
        .max_by_key(|f| f.hex.unsigned_distance_to(zone))
        .unwrap();
    objective.hex = free;
    let dir = temp_dir("analyze");
    let lopsided = dir.join("lopsided.ron");
    hexwright_engine::format::save_atomic(&m, &lopsided).unwrap();
    let path = lopsided.display().to_string();
    let (code, text) = run(&["analyze", &path]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("Static verdict (!): Uneven on "), "{text}");
    let (code, json) = run(&["analyze", &path, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let figures = v["fairness"]["figures"].as_array().unwrap();
    let first = figures
        .iter()
        .find(|f| f["id"] == "objectives_first")
        .unwrap();
    assert_eq!(first["favours"], 0, "{first}");
    assert_eq!(v["ruleset"], "akw-rules-v1");
    assert!(!v["reach"]["features"].as_array().unwrap().is_empty());

    // One player's view: its steps and margins.
    let (code, text) = run(&["analyze", &path, "--player", "1"]);
    assert_eq!(code, 0);
    assert!(
        text.contains("from side 1's zone") && text.contains("margin "),
        "{text}"
    );
    // Out of range: refused with the reason.
    let (code, _) = run(&["analyze", &path, "--player", "2"]);
    assert_eq!(code, 2);
    let (code, _) = run(&[
        "analyze",
        &map("four-corners.ron"),
        "--ruleset",
        "akw-rules-v1",
    ]);
    assert_eq!(code, 2, "akw-rules-v1 does not play four players");
}

#[test]
fn render_draws_each_analysis_overlay() {
    let dir = temp_dir("overlay");
    let twin = map("twin-fords.ron");
    let m = hexwright_engine::format::load_map(Path::new(&twin)).unwrap();
    let coverage = hexwright_engine::coverage::Coverage::new(&m).unwrap();
    let a = hexwright_engine::analysis::Analysis::new(
        &m,
        &coverage,
        hexwright_engine::analysis::Movement::AKW,
    );
    let svg = dir.join("chokes.svg");
    let (code, _) = run(&[
        "render",
        &twin,
        "--overlay",
        "chokes",
        "-o",
        &svg.display().to_string(),
    ]);
    assert_eq!(code, 0);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("data-overlay=\"chokes\""));
    assert_eq!(text.matches("data-choke-width=").count(), a.chokes.len());
    assert!(!a.chokes.is_empty());
    for overlay in ["territory", "reach:1", "openness", "cover"] {
        let png = dir.join(format!("{}.png", overlay.replace(':', "")));
        let (code, _) = run(&[
            "render",
            &twin,
            "--overlay",
            overlay,
            "-o",
            &png.display().to_string(),
        ]);
        assert_eq!(code, 0, "{overlay}");
        assert!(std::fs::metadata(&png).unwrap().len() > 1000);
    }
    let territory = dir.join("territory.svg");
    run(&[
        "render",
        &twin,
        "--overlay",
        "territory",
        "-o",
        &territory.display().to_string(),
    ]);
    let text = std::fs::read_to_string(&territory).unwrap();
    assert_eq!(
        text.matches("data-overlay-hex=").count(),
        a.arena.len() - a.arena.bases.len()
    );
    let bad = dir.join("bad.png").display().to_string();
    assert_eq!(
        run(&["render", &twin, "--overlay", "heat", "-o", &bad]).0,
        2
    );
    assert_eq!(
        run(&["render", &twin, "--overlay", "reach:2", "-o", &bad]).0,
        2
    );
    assert!(!Path::new(&bad).exists());
}

/// The certifying assistant on Twin Fords as designed (side 1 favoured by
/// turn order): the check before, each step in words, the certificate on
/// fresh games, a valid map written with its certificate; the same run
/// says the same.
#[test]
fn balance_edit_certifies_a_lopsided_map_and_writes_its_certificate() {
    let dir = temp_dir("balance-edit");
    let fixed = dir.join("fixed.ron");
    let out = fixed.display().to_string();
    let twin = design("twin-fords.ron");
    let args = ["balance-edit", &twin, "-o", &out];
    let (code, text) = run(&args);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("Before: greedy in akw-rules-v1: Side 1 is favoured by "),
        "{text}"
    );
    assert!(text.contains("  1. "), "{text}");
    assert!(text.contains("share falls by "), "{text}");
    assert!(text.contains("towards its fair 50%"), "{text}");
    assert!(
        text.contains("Fair after ")
            && text.contains("greedy in akw-rules-v1: certified: Fair within ±5 points"),
        "{text}"
    );
    assert!(text.contains(&format!("Wrote {out}")), "{text}");
    // Valid, with a certificate that holds for it.
    let (code, report) = run(&["validate", &out]);
    assert_eq!(code, 0, "{report}");
    assert!(!report.contains("certificate-void"), "{report}");
    let after = hexwright_engine::format::load_map(&fixed).unwrap();
    assert_eq!(after.certificates.len(), 1);
    assert!(after.certificates[0].holds_for(&after));
    // Seeded: the same run says the same.
    let (_, again) = run(&args);
    assert_eq!(again, text);
    // Bad input is refused before any play.
    assert_eq!(
        run(&["balance-edit", &twin, "-o", &out, "--level", "nobody"]).0,
        2
    );
    assert_eq!(
        run(&["balance-edit", &twin, "-o", &out, "--shortlist", "0"]).0,
        2
    );
}

/// A map the seat test finds fair as it is gets "no change needed", in
/// JSON too, and is written with its certificate (random bots at a
/// 10-round limit draw every match).
#[test]
fn balance_edit_on_a_fair_map_proposes_nothing() {
    let dir = temp_dir("balance-edit-fair");
    let out = dir.join("same.ron").display().to_string();
    let twin = design("twin-fords.ron");
    let fair_level = [
        "balance-edit",
        &twin,
        "-o",
        &out,
        "--level",
        "random",
        "--round-limit",
        "10",
        "--margin",
        "20",
        "--json",
    ];
    let (code, text) = run(&fair_level);
    assert_eq!(code, 0, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["ending"], "already_fair", "{v}");
    assert_eq!(v["steps"].as_array().unwrap().len(), 0);
    assert!(
        v["verdict"]
            .as_str()
            .unwrap()
            .starts_with("No change needed")
    );
    assert_eq!(v["certificates"][0]["bot"], "random");
    // Every ruleset that seats the map, each certified on its own games.
    let every: Vec<&str> = fair_level
        .iter()
        .copied()
        .chain(["--rulesets", "all", "--every-level"])
        .collect();
    let (code, text) = run(&every);
    assert_eq!(code, 0, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["ending"], "already_fair", "{v}");
    let rulesets: Vec<&str> = v["certificates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["ruleset"].as_str().unwrap())
        .collect();
    assert_eq!(rulesets, ["akw-rules-v1", "phase-rules-v1"], "{v}");
    // A ruleset that does not seat the map is refused before any play.
    let (code, text) = run(&[
        "balance-edit",
        &map("four-corners.ron"),
        "-o",
        &out,
        "--rulesets",
        "akw-rules-v1",
    ]);
    assert_eq!(code, 2, "{text}");
}

#[test]
fn a_rotated_batch_of_one_bot_has_no_bot_lines_and_a_seat_verdict() {
    let (code, text) = run(&[
        "simulate",
        &map("four-corners.ron"),
        "--matches",
        "4",
        "--bots",
        "random,random,random,random",
    ]);
    assert_eq!(code, 0, "{text}");
    assert!(!text.contains("Bot random:"), "{text}");
    let verdict = text
        .lines()
        .find(|l| l.starts_with("Verdict:"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(verdict.contains("25.0%"), "judged against 1/4: {verdict}");
}

/// `hexwright FILE.ron` opens the editor on that file, as `edit FILE.ron`
/// does; a mistyped subcommand is not taken for a file.
#[test]
fn a_file_alone_asks_for_the_editor_on_it() {
    let parse = |args: &[&str]| {
        hexwright_cli::Args::try_parse_from(
            std::iter::once("hexwright").chain(args.iter().copied()),
        )
    };
    let a = parse(&["maps/twin-fords.ron"]).unwrap();
    assert_eq!(
        a.editor_request(),
        Some(Some(std::path::PathBuf::from("maps/twin-fords.ron")))
    );
    let e = parse(&["edit", "x.ron"]).unwrap();
    assert_eq!(
        e.editor_request(),
        Some(Some(std::path::PathBuf::from("x.ron")))
    );
    assert_eq!(parse(&[]).unwrap().editor_request(), Some(None));
    assert_eq!(
        parse(&["validate", "x.ron"]).unwrap().editor_request(),
        None
    );
    let typo = parse(&["simualte"]).unwrap_err().to_string();
    assert!(
        typo.contains("neither a subcommand nor a map file"),
        "{typo}"
    );
}
