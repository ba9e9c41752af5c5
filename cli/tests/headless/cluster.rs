//! Ladders, balances and rotated batches until decided played as a cluster
//! plays them: each task's slice written to a file, the files merged, and
//! the merge's report equal to the one-process run's, in both rulesets.
//! Files of another study, a wave left out and a level left out of a wave
//! are refused.

use super::{map, run, temp_dir};
use std::path::Path;

/// Runs `args` and asserts it succeeded; its report.
fn ok(args: &[&str]) -> String {
    let (code, out) = run(args);
    assert_eq!(code, 0, "{args:?}: {out}");
    out
}

/// Plays `command` (with `args`) as `shards` tasks of a ladder into `dir`:
/// the files written.
fn ladder_shards(dir: &Path, args: &[&str], shards: usize) -> Vec<String> {
    (0..shards)
        .map(|k| {
            let file = dir.join(format!("ladder-{k}.json")).display().to_string();
            let shard = format!("{k}/{shards}");
            let mut a = vec!["ladder", "--shard", &shard, "--out", &file];
            a.extend(args);
            ok(&a);
            file
        })
        .collect()
}

/// The merge of `files` (with `flags` before them): exit code and report.
fn merge(flags: &[&str], files: &[String]) -> (u8, String) {
    let mut a = vec!["merge"];
    a.extend(flags);
    a.extend(files.iter().map(String::as_str));
    run(&a)
}

/// A JSON report without the keys that only a merge of waves has.
fn without_next(text: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    if let Some(o) = v.as_object_mut() {
        o.remove("next_wave");
    }
    v
}

#[test]
fn ladder_shards_merge_to_the_one_process_ladder_in_both_rulesets() {
    let dir = temp_dir("ladder-shards");
    for (name, extra) in [
        ("twin-fords.ron", &["--matches", "10"][..]),
        ("four-corners.ron", &["--matches", "6", "--max-rounds", "6"]),
    ] {
        let m = map(name);
        let mut args = vec![m.as_str(), "--bots", "random,greedy,planner", "--seed", "4"];
        args.extend(extra);
        let files = ladder_shards(&dir, &args, 3);
        let (code, merged) = merge(&["--json"], &files);
        assert_eq!(code, 0, "{merged}");
        let mut whole = vec!["ladder", "--json"];
        whole.extend(&args);
        let whole = ok(&whole);
        let merged: serde_json::Value = serde_json::from_str(&merged).unwrap();
        let whole: serde_json::Value = serde_json::from_str(&whole).unwrap();
        assert_eq!(merged, whole, "{name}");
        assert_eq!(merged["pairs"].as_array().unwrap().len(), 3);
        // The text report is the one-process table.
        let (_, text) = merge(&[], &files);
        let mut table = vec!["ladder"];
        table.extend(&args);
        assert_eq!(text, ok(&table), "{name}");
        // A shard left out, or given twice, is refused.
        let (code, e) = merge(&[], &files[..2]);
        assert_eq!(code, 2, "{e}");
        let (code, _) = merge(&[], &[files[0].clone(), files[0].clone(), files[2].clone()]);
        assert_eq!(code, 2);
        // Ladder shards are no waves, and no plain batch.
        let (code, _) = merge(&["--until-decided"], &files);
        assert_eq!(code, 2);
    }
    // A shard of a ladder of other bots is refused.
    let m = map("twin-fords.ron");
    let others = ladder_shards(
        &temp_dir("ladder-others"),
        &[m.as_str(), "--bots", "random,planner", "--matches", "4"],
        1,
    );
    let mine = ladder_shards(
        &temp_dir("ladder-mine"),
        &[m.as_str(), "--bots", "random,greedy", "--matches", "4"],
        2,
    );
    let (code, _) = merge(&[], &[mine[0].clone(), others[0].clone()]);
    assert_eq!(code, 2);
}

/// Plays a balance (`args`) in waves of `shards` tasks into `dir`, merging
/// after each wave, each wave for the levels the merge names: the last
/// merge's report, the files, and the levels each wave played.
fn balance_waves(
    dir: &Path,
    args: &[&str],
    skills: &str,
    shards: usize,
) -> (String, Vec<String>, Vec<String>) {
    let mut files: Vec<String> = Vec::new();
    let mut played = vec![skills.to_owned()];
    for wave in 1.. {
        assert!(wave <= 12, "the tests never stopped");
        let skills = played.last().unwrap().clone();
        for k in 0..shards {
            let file = dir
                .join(format!("wave-{wave}-shard-{k}.json"))
                .display()
                .to_string();
            let (w, shard) = (wave.to_string(), format!("{k}/{shards}"));
            let mut a = vec!["balance", "--skills", &skills, "--wave", &w];
            a.extend(["--shard", &shard, "--out", &file]);
            a.extend(args);
            ok(&a);
            files.push(file);
        }
        let (code, out) = merge(&["--until-decided"], &files);
        match code {
            0 => return (out, files, played),
            3 => {
                assert!(out.contains("not decided yet after"), "{out}");
                let line = out
                    .lines()
                    .find_map(|l| l.strip_prefix(&format!("Next wave:   {} for ", wave + 1)))
                    .unwrap_or_else(|| panic!("no next wave in {out}"));
                played.push(line.split(':').next().unwrap().to_owned());
            }
            other => panic!("merge exited {other}: {out}"),
        }
    }
    unreachable!()
}

#[test]
fn balance_waves_merge_to_the_one_process_balance_in_both_rulesets() {
    // Twin Fords with a wide margin: random (every match a draw at 10
    // rounds) is fair after wave 3, greedy later, so the last waves play
    // greedy alone.
    for (name, extra, waves) in [
        (
            "twin-fords.ron",
            &["--max", "60", "--max-rounds", "10", "--margin", "0.35"][..],
            &[
                "random,greedy",
                "random,greedy",
                "random,greedy",
                "greedy",
                "greedy",
                "greedy",
            ][..],
        ),
        (
            "four-corners.ron",
            &["--max", "48", "--max-rounds", "6"],
            &["random,greedy"; 6],
        ),
    ] {
        let dir = temp_dir(&format!("balance-{name}"));
        let m = map(name);
        let mut args = vec![m.as_str(), "--seed", "3"];
        args.extend(extra);
        let (merged, files, played) = balance_waves(&dir, &args, "random,greedy", 2);
        assert_eq!(played, waves, "{name}");
        let mut whole = vec!["balance", "--skills", "random,greedy"];
        whole.extend(&args);
        assert_eq!(merged, ok(&whole), "{name}");
        let (code, json) = merge(&["--until-decided", "--json"], &files);
        assert_eq!(code, 0);
        whole.push("--json");
        assert_eq!(without_next(&json), without_next(&ok(&whole)), "{name}");
        // Balance waves merge only as waves; wave 1 left out is refused.
        let (code, _) = merge(&[], &files);
        assert_eq!(code, 2);
        let (code, _) = merge(&["--until-decided"], &files[2..]);
        assert_eq!(code, 2);
    }
}

/// Plays wave `wave` of a balance on Twin Fords for `skills` (one task)
/// into `dir`, with `args`: the file.
fn one_task_wave(dir: &Path, args: &[&str], wave: &str, skills: &str) -> String {
    let file = dir
        .join(format!("wave-{wave}-{skills}.json"))
        .display()
        .to_string();
    let m = map("twin-fords.ron");
    let mut a = vec!["balance", &m, "--skills", skills, "--wave", wave];
    a.extend(["--shard", "0/1", "--out", &file, "--seed", "3"]);
    a.extend(args);
    ok(&a);
    file
}

/// Each wave plays exactly the levels still undecided: a level left out
/// while undecided, or played on after its test decided, is refused.
#[test]
fn a_wave_plays_exactly_the_undecided_levels() {
    let dir = temp_dir("balance-levels");
    let tight = ["--max", "400", "--max-rounds", "8"];
    let first = one_task_wave(&dir, &tight, "1", "random,greedy");
    let (code, out) = merge(&["--until-decided"], std::slice::from_ref(&first));
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("Next wave:   2 for random,greedy:"), "{out}");
    let alone = one_task_wave(&dir, &tight, "2", "random");
    let (code, out) = merge(&["--until-decided"], &[first, alone]);
    assert_eq!(code, 2, "greedy left out of wave 2: {out}");
    // With a wide margin random is fair after wave 3 (see above).
    let wide = ["--max", "60", "--max-rounds", "10", "--margin", "0.35"];
    let mut files: Vec<String> = ["1", "2", "3"]
        .into_iter()
        .map(|w| one_task_wave(&dir, &wide, w, "random,greedy"))
        .collect();
    let (code, out) = merge(&["--until-decided"], &files);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("Next wave:   4 for greedy:"), "{out}");
    files.push(one_task_wave(&dir, &wide, "4", "random,greedy"));
    let (code, out) = merge(&["--until-decided"], &files);
    assert_eq!(code, 2, "random played on after it decided: {out}");
}

/// A phase-rules-v1 batch until decided, in waves of shards, reports what
/// one process reports (the seat test over four seats).
#[test]
fn phase_waves_of_shards_decide_as_one_process_does() {
    let dir = temp_dir("phase-waves");
    let m = map("four-corners.ron");
    let common = [
        m.as_str(),
        "--until-decided",
        "--bots",
        "greedy,random,greedy,random",
        "--max",
        "40",
        "--max-rounds",
        "6",
        "--seed",
        "2",
    ];
    let mut files: Vec<String> = Vec::new();
    let mut merged = String::new();
    for wave in 1.. {
        assert!(wave <= 8, "the test never stopped");
        for k in 0..2 {
            let file = dir
                .join(format!("wave-{wave}-shard-{k}.json"))
                .display()
                .to_string();
            let (w, shard) = (wave.to_string(), format!("{k}/2"));
            let mut a = vec!["simulate", "--wave", &w, "--shard", &shard, "--out", &file];
            a.extend(common);
            ok(&a);
            files.push(file);
        }
        let (code, out) = merge(&["--until-decided"], &files);
        merged = out;
        match code {
            3 => assert!(
                merged.contains(&format!("Next wave:   {} (matches", wave + 1)),
                "{merged}"
            ),
            0 => break,
            other => panic!("merge exited {other}: {merged}"),
        }
    }
    let mut whole = vec!["simulate"];
    whole.extend(common);
    assert_eq!(merged, ok(&whole));
    assert!(merged.contains("phase-rules-v1, 4 players"), "{merged}");
}

/// Study files changed by hand are refused with a clear error and no
/// panic: a ladder's pairs out of order, a part of another scenario or
/// seed, no part or too many, a balance part tested side by side or with
/// two bots, a level twice; and a study file among one batch's shards.
#[test]
fn forged_study_files_are_refused() {
    type Forge = fn(&mut serde_json::Value);
    let dir = temp_dir("forged-studies");
    let m = map("twin-fords.ron");
    let ladder = ladder_shards(
        &dir,
        &[
            m.as_str(),
            "--bots",
            "random,greedy,planner",
            "--matches",
            "2",
        ],
        1,
    )
    .remove(0);
    let wave = one_task_wave(&dir, &["--max", "40"], "1", "random,greedy");
    let read = |p: &str| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
    };
    let forgeries: [(&str, &str, Forge); 9] = [
        ("pairs swapped", &ladder, |v| {
            v["parts"].as_array_mut().unwrap().swap(0, 1);
        }),
        ("another seed", &ladder, |v| {
            v["parts"][1]["batch"]["seed"] = 99.into();
        }),
        ("another map", &ladder, |v| {
            v["parts"][2]["batch"]["map"] = "0".into();
        }),
        ("no part", &ladder, |v| v["parts"] = serde_json::json!([])),
        ("the ladder's bots changed", &ladder, |v| {
            v["study"]["ladder"]["bots"] = serde_json::json!(["greedy", "random", "planner"]);
        }),
        ("too many parts", &wave, |v| {
            let part = v["parts"][0].clone();
            v["parts"] = serde_json::json!(vec![part; 100]);
        }),
        ("a level twice", &wave, |v| {
            v["parts"][1] = v["parts"][0].clone();
        }),
        ("a level tested side by side", &wave, |v| {
            v["parts"][0]["wave"]
                .as_object_mut()
                .unwrap()
                .remove("test");
        }),
        ("two bots in a level", &wave, |v| {
            v["parts"][0]["batch"]["bots"] = serde_json::json!(["random", "greedy"]);
        }),
    ];
    for (what, file, forge) in forgeries {
        let mut v = read(file);
        forge(&mut v);
        let forged = dir.join("forged.json").display().to_string();
        std::fs::write(&forged, v.to_string()).unwrap();
        for flags in [&[][..], &["--until-decided"]] {
            let (code, out) = merge(flags, std::slice::from_ref(&forged));
            assert_eq!(code, 2, "{what} {flags:?}: {out}");
        }
    }
    // A study file after one batch's shard, and a shard after a study file.
    let shard = dir.join("shard.json").display().to_string();
    ok(&[
        "simulate",
        &m,
        "--matches",
        "2",
        "--shard",
        "0/1",
        "--out",
        &shard,
    ]);
    assert_eq!(merge(&[], &[shard.clone(), ladder.clone()]).0, 2);
    assert_eq!(merge(&[], &[ladder, shard]).0, 2);
}
