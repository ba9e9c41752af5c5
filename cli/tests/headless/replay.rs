//! `hexwright replay`: recorded matches re-run, and broken ones are caught.

use super::{hexwright, root, stderr, stdout, temp_dir};
use hexwright_engine::rules::UnitCommand;
use std::path::{Path, PathBuf};

/// Records `n` matches on Twin Fords into `dir` and returns the replay files.
fn record(dir: &Path, n: usize) -> Vec<PathBuf> {
    let map = root().join("maps/twin-fords.ron");
    let o = hexwright(&[
        "simulate",
        map.to_str().unwrap(),
        "--matches",
        &n.to_string(),
        "--bots",
        "greedy,random",
        "--max-rounds",
        "8",
        "--seed",
        "5",
        "--json",
        "--record",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let files: Vec<PathBuf> = (1..=n)
        .map(|i| dir.join(format!("match-{i:04}.ron")))
        .collect();
    for f in &files {
        assert!(f.is_file(), "{} was not written", f.display());
    }
    files
}

#[test]
fn recorded_matches_replay_with_exit_0() {
    let dir = temp_dir("ok");
    let files = record(&dir, 2);
    for f in &files {
        let o = hexwright(&["replay", f.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains("Result:"), "{out}");
        assert!(out.contains("Base health: side 0:"), "{out}");
        assert!(out.contains("state hashes"), "{out}");
    }
    // Seat swapping: the second match has the bots the other way round.
    let second = hexwright_engine::replay::Replay::load(&files[1]).unwrap();
    assert_eq!(second.header.players, ["random", "greedy"]);

    let o = hexwright(&["replay", "--json", files[0].to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["ok"], true);
    assert!(
        ["won", "draw"].contains(&v["result"].as_str().unwrap()),
        "{v}"
    );
    assert!(v["hashes_checked"].as_u64().unwrap() > 0);
    assert_eq!(v["energy"].as_array().unwrap().len(), 2);
    assert_eq!(v["base_health"].as_array().unwrap().len(), 2);
}

#[test]
fn trace_json_prints_one_snapshot_per_command_then_the_result() {
    let dir = temp_dir("trace");
    let files = record(&dir, 1);
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let replay = hexwright_engine::replay::Replay::parse(&text, "r").unwrap();
    let o = hexwright(&["replay", "--trace", "--json", files[0].to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), replay.commands.len() + 1);
    for (i, snap) in lines[..lines.len() - 1].iter().enumerate() {
        assert_eq!(snap["index"], i);
        for key in [
            "command",
            "round",
            "side",
            "energy",
            "units",
            "corpses",
            "objectives",
            "outposts",
            "bases",
            "winner",
        ] {
            assert!(snap.get(key).is_some(), "{key} missing from {snap}");
        }
        let unit = &snap["units"][0];
        for key in [
            "id",
            "kind",
            "side",
            "hex",
            "health",
            "poison",
            "moved",
            "actions",
            "ability_used",
            "arrived",
            "revived",
            "status",
        ] {
            assert!(unit.get(key).is_some(), "{key} missing from {unit}");
        }
    }
    let last = lines.last().unwrap();
    assert_eq!(last["ok"], true);
    assert_eq!(last["commands"], replay.commands.len());
    // Without --json the trace is one text line per command.
    let o = hexwright(&["replay", "--trace", files[0].to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.starts_with("#0 "), "{text}");
    assert!(text.lines().count() > replay.commands.len());
}

#[test]
fn a_corrupted_state_hash_exits_1_and_names_the_turn() {
    let dir = temp_dir("hash");
    let files = record(&dir, 1);
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let mut replay = hexwright_engine::replay::Replay::parse(&text, "r").unwrap();
    let hashes = replay.hashes.as_mut().unwrap();
    assert!(hashes.len() > 4);
    hashes[3].0 = hashes[3].0.wrapping_add(1);
    let bad = dir.join("bad-hash.ron");
    replay.save(&bad).unwrap();
    let o = hexwright(&["replay", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("state hash mismatch after turn 3"), "{err}");
    assert!(err.contains(&hashes_str(&replay, 3)), "{err}");

    let o = hexwright(&["replay", "--json", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["ok"], false);
    assert!(v["error"].as_str().unwrap().contains("turn 3"));
    assert!(v["command_index"].is_u64());
}

fn hashes_str(r: &hexwright_engine::replay::Replay, i: usize) -> String {
    r.hashes.as_ref().unwrap()[i].to_string()
}

#[test]
fn an_illegal_command_exits_1_with_the_engine_reason() {
    let dir = temp_dir("illegal");
    let files = record(&dir, 1);
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let mut replay = hexwright_engine::replay::Replay::parse(&text, "r").unwrap();
    // A hand-written test of the scenario: no hashes, side 0 moves unit 0
    // and then tries to move it again.
    replay.hashes = None;
    let first_move = replay
        .commands
        .iter()
        .position(|c| {
            matches!(
                c,
                hexwright_engine::rules::Command::Unit(UnitCommand::Move { .. })
            )
        })
        .expect("the greedy bot moves");
    let repeat = replay.commands[first_move].clone();
    replay.commands.truncate(first_move + 1);
    replay.commands.push(repeat);
    let bad = dir.join("illegal.ron");
    replay.save(&bad).unwrap();
    let o = hexwright(&["replay", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains(&format!("command {} (move unit", first_move + 1)),
        "{err}"
    );
    assert!(err.contains("has already moved this turn"), "{err}");
}

#[test]
fn a_malformed_replay_exits_2_with_its_position() {
    let dir = temp_dir("malformed");
    let files = record(&dir, 1);
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains("round_limit"))
        .unwrap()
        + 1;
    let bad = dir.join("malformed.ron");
    std::fs::write(&bad, text.replacen("round_limit", "round_limits", 1)).unwrap();
    let o = hexwright(&["replay", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains(&format!("{}:{line}:", bad.display())), "{err}");

    std::fs::write(&bad, "(header: (format: 7, anything: 1))").unwrap();
    let o = hexwright(&["replay", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("replay format 7 is not supported"),
        "{}",
        stderr(&o)
    );

    let o = hexwright(&["replay", "/nonexistent/replay.ron"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/nonexistent/replay.ron"));
}

#[test]
fn an_edited_map_is_a_map_hash_mismatch() {
    let dir = temp_dir("map");
    let files = record(&dir, 1);
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let mut replay = hexwright_engine::replay::Replay::parse(&text, "r").unwrap();
    replay.map.meta.author = "someone else".into();
    let bad = dir.join("edited.ron");
    replay.save(&bad).unwrap();
    let o = hexwright(&["replay", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("map hash mismatch"), "{}", stderr(&o));
}

/// The golden replays (`tests/golden/`) re-run through the command, and
/// `simulate --record` writes them again byte for byte.
#[test]
fn the_golden_replays_rerun_and_are_recorded_the_same_way() {
    let golden = root().join("tests/golden");
    for (map, bots) in [
        ("twin-fords", "greedy,greedy"),
        ("ember-isles", "planner,random"),
    ] {
        let fixture = golden.join(format!("replay-{map}-{}.ron", bots.replace(',', "-")));
        let o = hexwright(&["replay", fixture.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let dir = temp_dir(&format!("golden-{map}"));
        let path = root().join(format!("maps/{map}.ron"));
        let o = hexwright(&[
            "simulate",
            path.to_str().unwrap(),
            "--matches",
            "1",
            "--bots",
            bots,
            "--seed",
            "11",
            "--json",
            "--record",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let recorded = std::fs::read_to_string(dir.join("match-0001.ron")).unwrap();
        assert_eq!(
            recorded,
            std::fs::read_to_string(&fixture).unwrap(),
            "{}",
            fixture.display()
        );
    }
}

#[test]
fn phase_rules_matches_record_replay_and_trace_for_four_players() {
    let dir = temp_dir("phase");
    let map = root().join("maps/four-corners.ron");
    let o = hexwright(&[
        "simulate",
        map.to_str().unwrap(),
        "--matches",
        "4",
        "--bots",
        "greedy,random,random,planner",
        "--max-rounds",
        "6",
        "--json",
        "--record",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for i in 1..=4 {
        let f = dir.join(format!("match-{i:04}.ron"));
        let o = hexwright(&["replay", "--json", f.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["ok"], true, "{v}");
        assert_eq!(v["points"].as_array().unwrap().len(), 4);
        assert_eq!(v["bots"].as_array().unwrap().len(), 4);
    }
    // Seats rotate: match 2 has the bots turned one seat.
    let second = hexwright_engine::replay::AnyReplay::load(&dir.join("match-0002.ron")).unwrap();
    let hexwright_engine::replay::AnyReplay::Phase(second) = second else {
        panic!("a phase-rules-v1 replay");
    };
    assert_eq!(second.header.ruleset, "phase-rules-v1");
    assert_eq!(
        second.header.players,
        ["random", "random", "planner", "greedy"]
    );
    let f = dir.join("match-0001.ron");
    let o = hexwright(&["replay", "--trace", "--json", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let snapshots: Vec<&serde_json::Value> =
        lines.iter().filter(|v| v.get("stage").is_some()).collect();
    assert!(snapshots.len() > 10);
    let first = snapshots[0];
    assert_eq!(first["stage"], "placing");
    assert_eq!(first["seats"].as_array().unwrap().len(), 4);
    assert_eq!(first["seats"][0]["hand"].as_array().unwrap().len(), 4);
    assert!(first["token"].is_u64());
    assert!(
        snapshots
            .iter()
            .any(|s| s["active"]["actions_left"].is_u64())
    );
    assert!(
        snapshots
            .iter()
            .any(|s| s["orders"][0].as_array().is_some_and(|o| !o.is_empty()))
    );
    // --ruleset names the ruleset the replay must be in.
    let o = hexwright(&["replay", "--ruleset", "phase-rules-v1", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = hexwright(&["replay", "--ruleset", "akw-rules-v1", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("recorded in phase-rules-v1, not akw-rules-v1"),
        "{}",
        stderr(&o)
    );
    // The text trace names the stage, phase and token.
    let o = hexwright(&["replay", "--trace", f.to_str().unwrap()]);
    let out = stdout(&o);
    assert!(out.contains("placing") && out.contains("token"), "{out}");
    assert!(out.contains("Points:"), "{out}");
}
