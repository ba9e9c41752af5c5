//! Tests of [`super`] (`engine/src/files/replay/mod.rs`).

use super::*;
use crate::bots::BotKind;
use crate::rules::RuleError;
use crate::rules::UnitCommand;
use crate::sim::{self, PlayOptions};

const MAP: &str = include_str!("../../../../maps/twin-fords.ron");

fn setup(rounds: u32) -> (Map, Roster, Prepared) {
    let map = format::parse_map(MAP, "twin-fords.ron").unwrap();
    let roster = Roster::bundled();
    let prepared = Scenario::for_map(map.clone(), 5, rounds)
        .prepare(Path::new("."), &roster, "twin-fords.ron")
        .unwrap();
    (map, roster, prepared)
}

fn recorded(seed: u64) -> (Replay, Roster, MatchResult) {
    let (map, roster, prepared) = setup(6);
    let bots = [BotKind::Random, BotKind::Greedy];
    let result = sim::play(&prepared, seed, bots, PlayOptions { record: true });
    let replay = Replay::from_match(&result, &prepared, &map).unwrap();
    (replay, roster, result)
}

/// A scenario with an opening: the replay of a simulated match holds
/// the opening too (it used to start after it, so it did not re-run).
#[test]
fn a_match_after_an_opening_replays_from_the_setup() {
    let (map, roster, prepared) = setup(8);
    let first = sim::play(
        &prepared,
        5,
        [BotKind::Greedy; 2],
        PlayOptions { record: true },
    );
    let mut scenario = Scenario::for_map(map.clone(), 5, 8);
    scenario.armies = Some(prepared.written_armies(5));
    scenario.opening = first.commands[..12].to_vec();
    let with_opening = scenario
        .prepare(Path::new("."), &roster, "opening.ron")
        .unwrap();
    let bots = [BotKind::Random, BotKind::Greedy];
    let r = sim::play(&with_opening, 9, bots, PlayOptions { record: true });
    let replay = Replay::from_match(&r, &with_opening, &map).unwrap();
    assert_eq!(replay.commands[..12], first.commands[..12]);
    assert_eq!(replay.commands.len(), 12 + r.commands.len());
    let summary = replay.run(&roster, "opening.ron", None).unwrap();
    assert_eq!(summary.final_hash, Hash64(r.state.state_hash()));
    assert_eq!(
        summary.hashes_checked,
        replay.hashes.as_ref().unwrap().len()
    );
}

/// Recording refuses an illegal command with its index.
#[test]
fn recording_an_illegal_command_says_which() {
    let (map, _, prepared) = setup(4);
    let bad = Command::Unit(UnitCommand::Move {
        unit: 0,
        to: crate::Hex::new(40, 40),
    });
    let played = [Command::EndTurn, bad.clone()];
    match Replay::record(&prepared, &map, 5, &["greedy", HUMAN], &played) {
        Err(ReplayError::Illegal { index, command, .. }) => {
            assert_eq!((index, command), (1, bad));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn round_trip_and_rerun() {
    let (replay, roster, result) = recorded(11);
    assert_eq!(replay.header.players, ["random", "greedy"]);
    assert!(replay.armies[0].units.iter().all(|u| u.at.is_some()));
    let text = replay.to_ron_string().unwrap();
    let back = Replay::parse(&text, "r.ron").unwrap();
    assert_eq!(back, replay);
    assert_eq!(back.to_ron_string().unwrap(), text);
    let mut snaps = Vec::new();
    let summary = back
        .run(
            &roster,
            "r.ron",
            Some(&mut |s: &Snapshot| snaps.push(s.clone())),
        )
        .unwrap();
    assert_eq!(snaps.len(), result.commands.len());
    assert_eq!(summary.rounds, result.rounds);
    assert_eq!(summary.hashes_checked, result.turn_hashes.len());
    assert_eq!(summary.final_hash, Hash64(result.state.state_hash()));
    assert_eq!(summary.energy, *result.state.energy());
    let last = snaps.last().unwrap();
    match result.outcome {
        Outcome::Won(w) => assert_eq!((last.winner, summary.winner), (Some(w), Some(w))),
        Outcome::Draw => assert_eq!(summary.result, "draw"),
    }
    assert_eq!(last.units.len(), result.state.units().len());
}

#[test]
fn same_seed_and_bots_give_the_same_replay() {
    let (a, _, _) = recorded(21);
    let (b, _, _) = recorded(21);
    assert_eq!(a.commands, b.commands);
    assert_eq!(a.hashes, b.hashes);
    let (c, _, _) = recorded(22);
    assert_ne!(a.hashes, c.hashes);
}

#[test]
fn a_changed_hash_names_its_turn() {
    let (mut replay, roster, _) = recorded(31);
    let hashes = replay.hashes.as_mut().unwrap();
    assert!(hashes.len() > 3);
    hashes[2].0 ^= 1;
    match replay.run(&roster, "r.ron", None) {
        Err(ReplayError::Hash { turn, index, .. }) => {
            assert_eq!(turn, 2);
            let ends: Vec<usize> = replay
                .commands
                .iter()
                .enumerate()
                .filter(|(_, c)| **c == Command::EndTurn)
                .map(|(i, _)| i)
                .collect();
            assert_eq!(index, ends[2]);
        }
        other => panic!("expected a hash mismatch, got {other:?}"),
    }
    replay.hashes.as_mut().unwrap().pop();
    assert!(replay.run(&roster, "r.ron", None).is_err());
}

#[test]
fn an_illegal_command_gives_the_engine_reason() {
    let (mut replay, roster, _) = recorded(41);
    replay.hashes = None;
    replay
        .commands
        .insert(1, Command::Unit(UnitCommand::Rebound { unit: 999 }));
    let err = replay.run(&roster, "r.ron", None).unwrap_err();
    assert!(
        matches!(
            &err,
            ReplayError::Illegal {
                index: 1,
                reason: RuleError::NoSuchUnit(999),
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("there is no unit 999"), "{err}");
}

#[test]
fn map_and_roster_changes_are_refused() {
    let (replay, roster, _) = recorded(51);
    let mut edited = replay.clone();
    edited.map.meta.name.push('!');
    assert!(matches!(
        edited.run(&roster, "r.ron", None),
        Err(ReplayError::MapHash { .. })
    ));
    let mut other = roster.clone();
    other.kinds[0].def.health += 1;
    let err = replay.run(&other, "r.ron", None).unwrap_err();
    assert!(matches!(err, ReplayError::Roster { .. }), "{err:?}");
    let mut ruleset = replay.clone();
    ruleset.header.ruleset = "other".into();
    assert!(matches!(
        ruleset.run(&roster, "r.ron", None),
        Err(ReplayError::Ruleset { .. })
    ));
}

#[test]
fn bad_files_are_errors_with_positions() {
    let (replay, _, _) = recorded(61);
    let text = replay.to_ron_string().unwrap();
    let bad = text.replacen("seed:", "sead:", 1);
    let err = Replay::parse(&bad, "r.ron").unwrap_err();
    assert!(err.is_unreadable());
    let line = bad.lines().position(|l| l.contains("sead:")).unwrap() + 1;
    assert!(
        matches!(&err, ReplayError::Load(LoadError::Syntax { line: l, .. }) if *l == line),
        "{err:?}"
    );
    let newer = text.replacen("format: 2,", "format: 3,\n        future: true,", 1);
    assert!(matches!(
        Replay::parse(&newer, "r.ron"),
        Err(ReplayError::Format { found: 3, .. })
    ));
    let hash = text.replacen("map_hash: \"", "map_hash: \"zz", 1);
    assert!(Replay::parse(&hash, "r.ron").unwrap_err().is_unreadable());
    assert!(Replay::parse("", "r.ron").is_err());
    assert!(Replay::parse(&"[".repeat(10_000), "r.ron").is_err());
}

const DOC: &str = include_str!("../../../../docs/replays.md");

/// The fenced blocks of `docs/replays.md` marked `lang`, in order.
fn doc_blocks(lang: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in DOC.lines() {
        match current.as_mut() {
            None if line.trim() == format!("```{lang}") => current = Some(String::new()),
            None => {}
            Some(_) if line.trim() == "```" => blocks.extend(current.take()),
            Some(text) => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    assert!(current.is_none(), "unclosed block in docs/replays.md");
    blocks
}

#[test]
fn the_documented_example_replays() {
    let blocks = doc_blocks("ron");
    let text = blocks.first().expect("docs/replays.md has a ron block");
    let replay = Replay::parse(text, "docs/replays.md").unwrap_or_else(|e| panic!("{e}"));
    let roster = Roster::bundled();
    let mut snaps = Vec::new();
    let summary = replay
        .run(
            &roster,
            "docs/replays.md",
            Some(&mut |s: &Snapshot| snaps.push(s.clone())),
        )
        .unwrap_or_else(|e| {
            panic!("{e}\n(when the rules or the state change, update the example's hashes)")
        });
    assert_eq!(summary.result, "draw");
    assert_eq!(summary.hashes_checked, 4);
    assert_eq!(summary.commands, replay.commands.len());
    let printed = format!(
        "Energy:      side 0: {}, side 1: {}\nBase health: side 0: {}, side 1: {}\nChecked:     {} commands, 4 state hashes, final hash {}",
        summary.energy[PlayerId(0)],
        summary.energy[PlayerId(1)],
        summary.base_health[PlayerId(0)],
        summary.base_health[PlayerId(1)],
        summary.commands,
        summary.final_hash
    );
    assert!(
        DOC.contains(&printed),
        "docs/replays.md should show:\n{printed}"
    );
    // The second block is a hand-written test without hashes.
    let hand = Replay::parse(&blocks[1], "docs/replays.md").unwrap_or_else(|e| panic!("{e}"));
    assert!(hand.hashes.is_none());
    let err = hand.run(&roster, "docs/replays.md", None).unwrap_err();
    assert!(
        matches!(err, ReplayError::Illegal { index: 1, .. }),
        "{err}"
    );
    assert!(
        DOC.contains(&err.to_string().replace("docs/replays.md: ", "")),
        "{err}"
    );

    // The trace and result fields the page explains are the ones written.
    let json = |v: serde_json::Value| -> Vec<String> {
        let mut keys = Vec::new();
        let mut stack = vec![v];
        while let Some(v) = stack.pop() {
            match v {
                serde_json::Value::Object(m) => {
                    for (k, v) in m {
                        keys.push(k);
                        stack.push(v);
                    }
                }
                serde_json::Value::Array(a) => stack.extend(a),
                _ => {}
            }
        }
        keys
    };
    let mut keys = json(serde_json::to_value(snaps.last().unwrap()).unwrap());
    keys.extend(json(serde_json::to_value(&summary).unwrap()));
    for k in ["corpses", "pending", "winner", "final_hash"] {
        assert!(keys.contains(&k.to_string()), "{k}");
    }
    for k in keys {
        if k != "Move" && k != "Spawn" {
            assert!(
                DOC.contains(&format!("`{k}`")),
                "docs/replays.md does not explain `{k}`"
            );
        }
    }
}

#[test]
fn mutated_commands_never_panic() {
    let text = &doc_blocks("ron")[0];
    let roster = Roster::bundled();
    let start = text.find("commands:").unwrap();
    let end = text.find("hashes:").unwrap();
    let digits: Vec<usize> = (start..end)
        .filter(|&i| text.as_bytes()[i].is_ascii_digit())
        .collect();
    let mut outcomes = [0usize; 2];
    for (n, &i) in digits.iter().enumerate() {
        for with in ["9", "40000", "-3", "0"] {
            let mutated = format!("{}{with}{}", &text[..i], &text[i + 1..]);
            let Ok(mut replay) = Replay::parse(&mutated, "m.ron") else {
                continue;
            };
            if n % 2 == 0 {
                replay.hashes = None;
            }
            outcomes[usize::from(replay.run(&roster, "m.ron", None).is_ok())] += 1;
        }
    }
    // Most mutations break the replay; a few (a hash skipped, a hex
    // still in reach) do not.
    assert!(
        outcomes[0] > 20 && outcomes[0] > outcomes[1],
        "{outcomes:?}"
    );
}
