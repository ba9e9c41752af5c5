//! The `hexwright` command line, run as a user (or a modder's CI) runs it.

use super::{hexwright, process_stderr, root, stderr, stdout, temp_dir};
use std::path::{Path, PathBuf};

/// The default map with its first zone hex removed: one `zone-size` error.
fn broken_map(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(root().join("maps/twin-fords.ron")).unwrap();
    let mut map = hexwright_engine::format::parse_map(&text, "x").unwrap();
    map.zones[0].hexes.remove(0);
    let p = dir.join("broken.ron");
    hexwright_engine::format::save_atomic(&map, &p).unwrap();
    p
}

#[test]
fn validate_bundled_pack_is_clean() {
    let maps = root().join("maps");
    let o = hexwright(&["validate", maps.to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "stdout: {}\nstderr: {}",
        stdout(&o),
        stderr(&o)
    );
    assert_eq!(stdout(&o), "");
}

#[test]
fn validate_reports_errors_with_exit_1() {
    let dir = temp_dir("errors");
    let p = broken_map(&dir);
    let o = hexwright(&["validate", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    let line = out
        .lines()
        .find(|l| l.contains("zone-size"))
        .expect("a zone-size line");
    assert!(
        line.starts_with(&format!("error zone-size {}:", p.display())),
        "{line}"
    );
    assert!(line.contains("has 9 distinct hexes"), "{line}");
}

#[test]
fn validate_json_lists_findings() {
    let dir = temp_dir("json");
    let p = broken_map(&dir);
    let o = hexwright(&["validate", "--json", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = v.as_array().unwrap();
    let row = rows.iter().find(|r| r["rule"] == "zone-size").unwrap();
    assert_eq!(row["severity"], "error");
    assert_eq!(row["file"], p.display().to_string());
    assert!(row["hex"]["q"].is_i64() && row["hex"]["r"].is_i64());
    assert!(row["message"].as_str().unwrap().contains("exactly 10"));
}

#[test]
fn validate_unparsable_file_exits_2_with_position() {
    let dir = temp_dir("syntax");
    let p = dir.join("bad.ron");
    std::fs::write(&p, "(\n  format: 1,\n  meta: (name: \"x\",,\n)").unwrap();
    let o = hexwright(&["validate", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains(&format!("{}:3:", p.display())), "{err}");
    // JSON mode reports it as a `load-failed` row.
    let o = hexwright(&["validate", "--json", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v[0]["rule"], "load-failed");
}

#[test]
fn validate_pack_with_missing_map() {
    let dir = temp_dir("pack");
    std::fs::write(
        dir.join("pack.ron"),
        "(format: 1, name: \"P\", version: \"1.0.0\", maps: [\"gone.ron\"])\n",
    )
    .unwrap();
    let o = hexwright(&["validate", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).starts_with("error pack-missing-map "),
        "{}",
        stdout(&o)
    );
}

#[test]
fn info_prints_counts() {
    let map = root().join("maps/twin-fords.ron");
    let o = hexwright(&["info", map.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Hexes:"), "{out}");
    assert!(
        out.contains("Zones:     side 0: 10 hexes, side 1: 10 hexes"),
        "{out}"
    );

    let o = hexwright(&["info", "--json", "--hexes", map.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let grid = v["grid_hexes"].as_u64().unwrap();
    let usable = v["usable_hexes"].as_u64().unwrap();
    assert_eq!(grid, usable + v["unusable_hexes"].as_u64().unwrap());
    let hexes = v["hexes"].as_array().unwrap();
    assert_eq!(hexes.len() as u64, grid);
    let usable_rows = hexes.iter().filter(|h| h["usable"] == true).count() as u64;
    assert_eq!(usable_rows, usable);
    for h in hexes {
        let free = h["free"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&free));
        assert_eq!(h["usable"] == true, free >= 0.5 - 1e-6, "{h}");
    }
}

#[test]
fn info_on_missing_file_exits_2() {
    let o = hexwright(&["info", "/nonexistent/map.ron"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/nonexistent/map.ron"));
}

#[test]
fn rules_exit_1_for_a_roster_that_breaks_roster_rules() {
    let dir = temp_dir("rules-exit");
    let p = dir.join("roster.ron");
    // It parses, but its race has no commander.
    std::fs::write(
        &p,
        "(format: 1, name: \"R\", races: [(name: \"A\", units: [])])\n",
    )
    .unwrap();
    let o = hexwright(&["rules", "--roster", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("has no commander"), "{}", stderr(&o));
}

#[test]
fn rules_describes_either_ruleset() {
    let o = hexwright(&["rules", "--ruleset", "phase-rules-v1", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["ruleset"]["id"], "phase-rules-v1");
    assert_eq!(v["ruleset"]["players"], serde_json::json!([2, 4]));
    assert_eq!(v["ruleset"]["cards"], 8);
    assert_eq!(v["ruleset"]["move_steps"], 3);
    assert_eq!(v["ruleset"]["default_round_limit"], 40);
    let o = hexwright(&["rules", "--ruleset", "phase-rules-v1"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.starts_with("Ruleset phase-rules-v1 (2 to 4 players)"),
        "{text}"
    );
    assert!(text.contains("Roster \""), "{text}");
    let o = hexwright(&["rules", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["ruleset"]["id"], "akw-rules-v1");
    assert_eq!(v["ruleset"]["energy_cap"], 15);
    let o = hexwright(&["rules", "--ruleset", "chess"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown ruleset `chess`"),
        "{}",
        stderr(&o)
    );
}

/// Paths that are not regular files, and links out of a pack, are refused
/// with an error (and never block or quote the outside file).
#[cfg(unix)]
#[test]
fn validate_refuses_fifos_and_files_outside_the_pack() {
    use std::os::unix::fs::symlink;
    let dir = temp_dir("hostile-paths");
    let fifo = dir.join("map.ron");
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        let o = hexwright(&["validate", fifo.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains("not a regular file (it is a FIFO)"),
            "{}",
            stderr(&o)
        );
    }
    let outside = dir.join("outside");
    let pack = dir.join("pack");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir_all(&pack).unwrap();
    std::fs::write(outside.join("secret.ron"), "topsecretword and more\n").unwrap();
    std::fs::copy(root().join("maps/twin-fords.ron"), pack.join("fords.ron")).unwrap();
    symlink(outside.join("secret.ron"), pack.join("passwd.ron")).unwrap();
    std::fs::write(
        pack.join("pack.ron"),
        "(format: 1, name: \"P\", version: \"1\", maps: [\"fords.ron\", \"passwd.ron\"])\n",
    )
    .unwrap();
    let o = hexwright(&["validate", pack.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("resolves outside the pack folder"), "{err}");
    assert!(
        !err.contains("topsecretword"),
        "the outside file is not read: {err}"
    );

    // A roster that is a folder, then one that links out of the pack.
    std::fs::create_dir_all(pack.join("roster.ron")).unwrap();
    std::fs::write(
        pack.join("pack.ron"),
        "(format: 1, name: \"P\", version: \"1\", maps: [\"fords.ron\"], roster: Some(\"roster.ron\"))\n",
    )
    .unwrap();
    let o = hexwright(&["validate", pack.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("error pack-bad-roster"),
        "{}",
        stdout(&o)
    );
    std::fs::remove_dir(pack.join("roster.ron")).unwrap();
    std::fs::copy(
        root().join("engine/data/roster.ron"),
        outside.join("roster.ron"),
    )
    .unwrap();
    symlink(outside.join("roster.ron"), pack.join("roster.ron")).unwrap();
    let fords = pack.join("fords.ron");
    let o = hexwright(&[
        "simulate",
        fords.to_str().unwrap(),
        "--matches",
        "1",
        "--max-rounds",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("resolves outside the pack folder"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn validate_a_folder_without_a_manifest_checks_every_map_in_it() {
    let dir = temp_dir("plain-folder");
    std::fs::copy(
        root().join("maps/twin-fords.ron"),
        dir.join("a-twin-fords.ron"),
    )
    .unwrap();
    let broken = broken_map(&dir);
    // A scenario and a roster beside the maps are skipped, not failed.
    let map = hexwright_engine::format::load_map(&root().join("maps/twin-fords.ron")).unwrap();
    let scenario = hexwright_engine::rules::scenario::Scenario::for_map(map, 1, 60);
    hexwright_engine::format::save_atomic(&scenario, &dir.join("c-scenario.ron")).unwrap();
    std::fs::copy(
        root().join("engine/data/roster.ron"),
        dir.join("d-roster.ron"),
    )
    .unwrap();
    std::fs::write(dir.join("notes.txt"), "not RON at all").unwrap();
    let o = hexwright(&["validate", dir.to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "stdout: {}\nstderr: {}",
        stdout(&o),
        stderr(&o)
    );
    let out = stdout(&o);
    assert!(
        out.lines()
            .any(|l| l.starts_with(&format!("error zone-size {}:", broken.display()))),
        "{out}"
    );
    assert!(
        !out.contains("a-twin-fords.ron"),
        "the clean map has no findings: {out}"
    );
    assert!(
        stderr(&o).contains("d-roster.ron: a roster, not a map"),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains("c-scenario.ron: a scenario, not a map"),
        "{}",
        stderr(&o)
    );

    // A file that is no kind of project file is a broken map: exit 2.
    std::fs::write(dir.join("e-bad.ron"), "(format: 1, meta: (name: 3))").unwrap();
    let o = hexwright(&["validate", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("e-bad.ron"), "{}", stderr(&o));

    // A folder with no maps says so.
    let empty = temp_dir("plain-folder-empty");
    std::fs::write(empty.join("readme.txt"), "hello").unwrap();
    let o = hexwright(&["validate", empty.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no pack.ron and no map files"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn import_wesnoth_writes_a_map_that_validates() {
    let data = root().join("../shared/data");
    let map = data.join("wesnoth-2p/2p_Hamlets.map");
    if !map.is_file() {
        eprintln!("skipped: {} is absent", map.display());
        return;
    }
    let dir = temp_dir("import");
    let out = dir.join("hamlets.ron");
    let terrain = data.join("wesnoth-terrain.cfg");
    let cfg = dir.join("hamlets.cfg");
    std::fs::write(
        &cfg,
        "[multiplayer]\n[side]\nside=1\nteam_name=north\n[/side]\n[side]\nside=2\nteam_name=south\n[/side]\n[/multiplayer]\n",
    )
    .unwrap();
    let o = hexwright(&[
        "import",
        "wesnoth",
        map.to_str().unwrap(),
        "--cfg",
        cfg.to_str().unwrap(),
        "--terrain",
        terrain.to_str().unwrap(),
        "--objectives",
        "4",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("mapped   start position 1 at"), "{text}");
    assert!(
        text.contains("the 4 nearest the centre -> Energy objectives"),
        "{text}"
    );
    assert!(text.contains("note     movement costs and terrain defence are not carried over"));
    assert!(text.contains(&format!("wrote {}", out.display())), "{text}");
    let v = hexwright(&["validate", out.to_str().unwrap()]);
    assert_eq!(v.status.code(), Some(0), "{}", stdout(&v));
    // A scenario whose sides are allies leaves one side: nothing to import.
    std::fs::write(
        &cfg,
        "[side]\nside=1\nteam_name=one\n[/side]\n[side]\nside=2\nteam_name=one\n[/side]\n",
    )
    .unwrap();
    refused(
        &[
            "import",
            "wesnoth",
            map.to_str().unwrap(),
            "--cfg",
            cfg.to_str().unwrap(),
            "-o",
            dir.join("x.ron").to_str().unwrap(),
        ],
        "1 start position(s) to use",
    );
}

#[test]
fn import_wesnoth_refuses_a_broken_file_with_its_line() {
    let dir = temp_dir("import-bad");
    let bad = dir.join("bad.map");
    std::fs::write(&bad, "Gg, Gg, Gg\nGg, Gg^Vh!!!!!, Gg\nGg, Gg, Gg\n").unwrap();
    refused(
        &[
            "import",
            "wesnoth",
            bad.to_str().unwrap(),
            "-o",
            dir.join("o.ron").to_str().unwrap(),
        ],
        "bad.map:2: cell 2",
    );
    assert!(!dir.join("o.ron").exists(), "nothing is written");
}

#[test]
fn render_draws_png_and_svg_headless_and_refuses_what_it_cannot() {
    let dir = temp_dir("render-cmd");
    let map = root().join("maps/twin-fords.ron");
    let png = dir.join("twin-fords.png");
    let o = hexwright(&[
        "render",
        map.to_str().unwrap(),
        "-o",
        png.to_str().unwrap(),
        "--size",
        "640",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    // Width from the PNG header: 640 as asked.
    assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 640);
    let svg = dir.join("twin-fords.svg");
    let o = hexwright(&["render", map.to_str().unwrap(), "-o", svg.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let bad = dir.join("x.gif");
    refused(
        &["render", map.to_str().unwrap(), "-o", bad.to_str().unwrap()],
        "name a .png or .svg file",
    );
    refused(
        &[
            "render",
            map.to_str().unwrap(),
            "-o",
            png.to_str().unwrap(),
            "--size",
            "10",
        ],
        "from 480 to 8192",
    );
}

#[test]
fn a_pack_is_zipped_then_validated_and_simulated_from_the_zip() {
    let dir = temp_dir("zip");
    let pack = dir.join("classics");
    std::fs::create_dir_all(&pack).unwrap();
    for f in [
        "pack.ron",
        "twin-fords.ron",
        "ember-isles.ron",
        "broken-crown.ron",
        "three-passes.ron",
        "four-corners.ron",
    ] {
        std::fs::copy(root().join("maps").join(f), pack.join(f)).unwrap();
    }
    // A preview for one map, made by render.
    let o = hexwright(&[
        "render",
        pack.join("twin-fords.ron").to_str().unwrap(),
        "-o",
        pack.join("twin-fords.png").to_str().unwrap(),
        "--size",
        "480",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let manifest = std::fs::read_to_string(pack.join("pack.ron")).unwrap();
    let manifest = manifest.trim_end().trim_end_matches(')').to_owned()
        + "    previews: {\"twin-fords.ron\": \"twin-fords.png\"},\n)\n";
    std::fs::write(pack.join("pack.ron"), manifest).unwrap();
    let zip = dir.join("classics.zip");
    let o = hexwright(&[
        "pack",
        "zip",
        pack.to_str().unwrap(),
        "-o",
        zip.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = hexwright(&["validate", zip.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert_eq!(stdout(&o), "");
    let o = hexwright(&[
        "simulate",
        zip.to_str().unwrap(),
        "--matches",
        "4",
        "--entry",
        "ember-isles.ron",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Matches:     4"), "{}", stdout(&o));

    // A broken map inside the zip is reported as inside it.
    let broken = broken_map(&dir);
    std::fs::copy(&broken, pack.join("twin-fords.ron")).unwrap();
    let o = hexwright(&[
        "pack",
        "zip",
        pack.to_str().unwrap(),
        "-o",
        dir.join("no.zip").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("twin-fords.ron has validation errors"),
        "{}",
        stderr(&o)
    );
    assert!(!dir.join("no.zip").exists());

    // A hostile zip: refused with the entry named.
    let evil = dir.join("evil.zip");
    {
        use std::io::Write as _;
        let mut w = zip::ZipWriter::new(std::fs::File::create(&evil).unwrap());
        w.start_file("pack.ron", zip::write::SimpleFileOptions::default())
            .unwrap();
        w.write_all(b"(format: 1, name: \"E\", version: \"1\", maps: [])")
            .unwrap();
        w.start_file("../../escape.ron", zip::write::SimpleFileOptions::default())
            .unwrap();
        w.write_all(b"x").unwrap();
        w.finish().unwrap();
    }
    refused(
        &["validate", evil.to_str().unwrap()],
        "the entry \"../../escape.ron\" is not a plain path",
    );
}

#[test]
fn import_tiled_then_export_and_import_again_gives_the_same_file() {
    let tmx = root().join("../shared/data/tiled-hex/test_hexagonal_tile_60x60x30.tmx");
    if !tmx.is_file() {
        eprintln!("skipped: {} is absent", tmx.display());
        return;
    }
    let dir = temp_dir("tiled-cmd");
    let (a, tmj, b) = (dir.join("a.ron"), dir.join("a.tmj"), dir.join("b.ron"));
    let mapping = dir.join("mapping.ron");
    std::fs::write(&mapping, r#"(tiles: {1: "open,bush"})"#).unwrap();
    let o = hexwright(&[
        "import",
        "tiled",
        tmx.to_str().unwrap(),
        "--mapping",
        mapping.to_str().unwrap(),
        "-o",
        a.to_str().unwrap(),
    ]);
    // Written, with validation errors to fix (no zones or bases yet).
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("mapped   14 hexes"), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("mapped   14 features"),
        "{}",
        stdout(&o)
    );
    let o = hexwright(&[
        "export",
        "tiled",
        a.to_str().unwrap(),
        "-o",
        tmj.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(dir.join("a-tiles.png").is_file());
    let o = hexwright(&[
        "import",
        "tiled",
        tmj.to_str().unwrap(),
        "-o",
        b.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let (ta, tb) = (
        std::fs::read_to_string(&a).unwrap(),
        std::fs::read_to_string(&b).unwrap(),
    );
    // The same map, but for where it says it came from.
    let strip = |t: &str| {
        t.lines()
            .filter(|l| !l.contains("source:") && !l.contains("name:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&ta), strip(&tb));
    // A mapping with a meaning that is not one is refused.
    std::fs::write(&mapping, r#"(tiles: {1: "lava"})"#).unwrap();
    refused(
        &[
            "import",
            "tiled",
            tmx.to_str().unwrap(),
            "--mapping",
            mapping.to_str().unwrap(),
            "-o",
            dir.join("c.ron").to_str().unwrap(),
        ],
        "\"lava\" is not a tile meaning",
    );
}

/// Runs `args`, expecting exit 2 and `text` in the error output.
fn refused(args: &[&str], text: &str) {
    let o = hexwright(args);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains(text), "{}", stderr(&o));
}

/// A `simulate` of a zipped pack stopped by SIGTERM (or Ctrl-C) removes
/// the folder it unpacked the pack into before it exits; before, the
/// folder stayed in the temporary directory.
#[test]
fn an_interrupted_simulate_of_a_zip_leaves_no_unpacked_folder() {
    use std::process::{Command, Stdio};
    let dir = temp_dir("interrupted-zip");
    let zip = dir.join("maps.zip");
    let o = hexwright(&[
        "pack",
        "zip",
        root().join("maps").to_str().unwrap(),
        "-o",
        zip.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexwright-cli"))
        .args([
            "simulate",
            zip.to_str().unwrap(),
            "--matches",
            "1000000",
            "--bots",
            "greedy,greedy",
        ])
        .env("TMPDIR", &tmp)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait (at most a minute) for the pack to be unpacked.
    let unpacked = || std::fs::read_dir(&tmp).unwrap().count();
    let started = std::time::Instant::now();
    while unpacked() == 0 && started.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(unpacked(), 1, "the pack was unpacked into TMPDIR");
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status:?}");
    assert_eq!(unpacked(), 0, "the unpacked folder was removed");
}

/// A `balance-edit` stopped by SIGTERM (as a cluster's time limit stops a
/// job) loses nothing: it stops at its next check, writes the map with the
/// edits made so far, says it was interrupted, and exits 130.
#[test]
fn an_interrupted_balance_edit_writes_the_map_as_edited_so_far() {
    use std::io::BufRead as _;
    use std::process::{Command, Stdio};
    let dir = temp_dir("interrupted-balance-edit");
    let out = dir.join("fixed.ron");
    let design = root().join("engine/tests/fixtures/designs/twin-fords.ron");
    // Within one point: far more edits and games than the test waits for.
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexwright-cli"))
        .args([
            "balance-edit",
            design.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--margin",
            "1",
            "--max-edits",
            "32",
            "--certify-games",
            "200",
            "--shortlist",
            "2",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first edit is told on standard error as it is made.
    let mut err = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut told = String::new();
    loop {
        let mut line = String::new();
        assert!(
            err.read_line(&mut line).unwrap() > 0,
            "ended before its first edit: {told}"
        );
        told.push_str(&line);
        if line.starts_with("edit 1:") {
            break;
        }
    }
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    let report = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(130), "{report}");
    assert!(report.contains("Interrupted"), "{report}");
    assert!(
        report.contains(&format!("Wrote {}", out.display())),
        "{report}"
    );
    let written = hexwright_engine::format::load_map(&out).unwrap();
    let before = hexwright_engine::format::load_map(&design).unwrap();
    assert_ne!(written, before, "the edits made so far are in the file");
}

/// A read error names its cause once ("No such file or directory", not
/// twice), and a reader that goes away ends the report quietly.
#[test]
fn errors_name_their_cause_once_and_a_closed_pipe_is_quiet() {
    use std::process::{Command, Stdio};
    for args in [
        &["simulate", "/no/such/map.ron"][..],
        &["merge", "/no/such/shard.json"],
        &["render", "/no/such/map.ron", "-o", "/tmp/never.png"],
    ] {
        let o = hexwright(args);
        assert_eq!(o.status.code(), Some(2));
        let err = stderr(&o);
        assert_eq!(
            err.matches("No such file or directory").count(),
            1,
            "{args:?}: {err}"
        );
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexwright-cli"))
        .args([
            "analyze",
            root().join("maps/twin-fords.ron").to_str().unwrap(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", process_stderr(&o));
    assert!(
        !process_stderr(&o).contains("Broken pipe"),
        "{}",
        process_stderr(&o)
    );
}

/// A file that cannot be read is named once with its cause once, whichever
/// subcommand reads it (not "…: No such file or directory (os error 2): No
/// such file or directory (os error 2)").
#[test]
fn a_read_error_says_its_cause_once() {
    let dir = temp_dir("read-error");
    let missing = dir.join("missing.ron");
    let m = missing.to_str().unwrap();
    let (out, png) = (dir.join("out.ron"), dir.join("out.png"));
    let (o, p) = (out.to_str().unwrap(), png.to_str().unwrap());
    for args in [
        vec!["validate", m],
        vec!["info", m],
        vec!["simulate", m, "--matches", "2"],
        vec!["analyze", m],
        vec!["render", m, "-o", p],
        vec!["balance-edit", m, "-o", o],
        vec!["merge", m],
        vec!["replay", m],
    ] {
        let run = hexwright(&args);
        let err = stderr(&run);
        assert_ne!(run.status.code(), Some(0), "{args:?}");
        assert_eq!(err.matches("os error 2").count(), 1, "{args:?}: {err}");
        assert_eq!(err.matches("missing.ron").count(), 1, "{args:?}: {err}");
    }
}
