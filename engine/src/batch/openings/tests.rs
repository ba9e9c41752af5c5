//! Tests of [`super`] (`engine/src/batch/openings.rs`).

use super::*;
use crate::format;
use crate::map::Side;
use crate::rules::Command;
use crate::rules::scenario::Scenario;
use crate::rules::{Roster, execute};
use crate::ruleset::AkwRulesV1;
use crate::sim::{PlayOptions, play};
use std::path::Path;

fn prepared(file: &str) -> Prepared {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let map = format::load_map(&maps.join(file)).unwrap();
    Scenario::for_map(map, 1, 60)
        .prepare(&maps, &Roster::bundled(), "t")
        .unwrap()
}

fn spec(rounds: u32, runs: usize) -> OpeningSpec {
    OpeningSpec {
        rounds,
        runs,
        bots: vec![BotKind::Greedy, BotKind::Random],
        seed: 7,
    }
}

/// A full match's first captures, kept only within the first `rounds`.
fn within_rounds(captures: &[Option<Capture>], rounds: u32) -> Vec<Option<Capture>> {
    captures
        .iter()
        .map(|c| c.filter(|c| c.round <= rounds))
        .collect()
}

fn never() -> AtomicBool {
    AtomicBool::new(false)
}

/// Recounts a study from full matches played by `sim::play`: replays
/// each match's first `rounds` rounds command by command and polls the
/// state (living units at each turn end, units that stopped being alive,
/// objectives that got an owner).
fn recount(p: &Prepared, spec: &OpeningSpec) -> (Vec<u64>, Vec<u64>, u64, Vec<[usize; 2]>) {
    let cells = p.rules.arena.len();
    let (mut presence, mut deaths, mut samples) = (vec![0; cells], vec![0; cells], 0);
    let mut taken = vec![[0usize; 2]; p.rules.arena.objectives.len()];
    let limit = spec.rounds * 2;
    for i in 0..spec.runs {
        let (seed, bots) = spec.game(i);
        let r = play(
            p,
            seed,
            PerPlayer::from_vec(bots),
            PlayOptions { record: true },
        );
        let (mut s, _) = p.new_match_with_seed(seed);
        let mut first: Vec<Option<Side>> = s.objectives().iter().map(|o| o.owner).collect();
        for cmd in &r.commands {
            if s.turn() >= limit || s.outcome().is_some() {
                break;
            }
            if *cmd == Command::EndTurn {
                samples += 1;
                for u in s.units().iter().filter(|u| u.alive()) {
                    presence[usize::from(u.cell)] += 1;
                }
            }
            let before: Vec<bool> = s.units().iter().map(crate::rules::Unit::alive).collect();
            let mut events = Vec::new();
            execute(&mut s, cmd, &mut events).unwrap();
            if s.turn() >= limit {
                // Only the turn start of the next round happened since.
                continue;
            }
            for (u, was) in s.units().iter().zip(before) {
                if was && !u.alive() {
                    deaths[usize::from(u.cell)] += 1;
                }
            }
            for (i, o) in s.objectives().iter().enumerate() {
                if first[i].is_none() {
                    first[i] = o.owner;
                }
            }
            if *cmd != Command::EndTurn && s.outcome().is_some() {
                samples += 1;
                for u in s.units().iter().filter(|u| u.alive()) {
                    presence[usize::from(u.cell)] += 1;
                }
            }
        }
        for (t, f) in taken.iter_mut().zip(first) {
            if let Some(side) = f {
                t[usize::from(side)] += 1;
            }
        }
    }
    (presence, deaths, samples, taken)
}

#[test]
fn counts_match_a_recount_from_full_matches() {
    let p = prepared("twin-fords.ron");
    let spec = spec(12, 6);
    let o = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &never());
    assert_eq!(o.runs, 6);
    assert!(!o.cancelled);
    let (presence, deaths, samples, taken) = recount(&p, &spec);
    assert_eq!(o.presence, presence);
    assert_eq!(o.deaths, deaths);
    assert_eq!(o.samples, samples);
    let by_side: Vec<[usize; 2]> = o
        .objectives
        .iter()
        .map(|x| [x.by_side[PlayerId(0)], x.by_side[PlayerId(1)]])
        .collect();
    assert_eq!(by_side, taken);
    assert!(o.presence.iter().sum::<u64>() > 0);
    assert!(o.deaths.iter().sum::<u64>() > 0, "units die in 12 rounds");
    // At most 24 turn ends per run (fewer when a match ends early).
    assert!(o.samples <= 6 * 24);
}

#[test]
fn presence_sums_to_the_units_on_board_at_every_sample() {
    let p = prepared("broken-crown.ron");
    let spec = spec(3, 4);
    let cancel = never();
    let mut total = 0u64;
    let mut samples = 0u64;
    for i in 0..spec.runs {
        let (seed, bots) = spec.game(i);
        let run = play_opening::<AkwRulesV1>(&p, seed, &bots, spec.rounds, &cancel).unwrap();
        samples += run.samples;
        total += run.presence.iter().flatten().sum::<u64>();
    }
    let o = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &cancel);
    assert_eq!(o.samples, samples);
    assert_eq!(o.presence.iter().sum::<u64>(), total);
    // Every sample sees at least the deployed armies' survivors.
    assert!(total >= o.samples);
}

#[test]
fn the_same_study_gives_the_same_heatmaps_on_any_thread_count() {
    let p = prepared("twin-fords.ron");
    let spec = spec(3, 5);
    let a = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &never());
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let b = one.install(|| simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &never()));
    let c = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &never());
    assert_eq!(a, b);
    assert_eq!(a, c);
}

#[test]
fn one_round_sees_round_one_only() {
    let p = prepared("twin-fords.ron");
    let spec = spec(1, 4);
    let o = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &never());
    assert_eq!(o.samples, 4 * 2, "two turn ends per run");
    for obj in &o.objectives {
        assert_eq!(obj.first_round.len(), 1);
        assert_eq!(
            obj.first_round[0][PlayerId(0)] + obj.first_round[0][PlayerId(1)],
            obj.captured()
        );
        if obj.captured() > 0 {
            assert_eq!(obj.mean_round(), Some(1.0));
        }
    }
    // Presence is where units stood at the two turn ends of round 1.
    let (presence, deaths, samples, _) = recount(&p, &spec);
    assert_eq!(
        (&o.presence, &o.deaths, o.samples),
        (&presence, &deaths, samples)
    );
    let longer = simulate_openings::<AkwRulesV1>(
        &p,
        &OpeningSpec {
            rounds: 3,
            ..spec.clone()
        },
        &|_| {},
        &never(),
    );
    assert!(longer.samples > o.samples);
    // The first round of the longer study is this study.
    let (seed, bots) = spec.game(0);
    let first = play_opening::<AkwRulesV1>(&p, seed, &bots, 1, &never()).unwrap();
    let (_, setup) = p.new_match_with_seed(seed);
    assert!(!setup.is_empty());
    let r = play(
        &p,
        seed,
        PerPlayer::from_vec(bots.clone()),
        PlayOptions { record: false },
    );
    for (a, b) in first.first_captures.iter().zip(&r.first_captures) {
        assert_eq!(*a, b.filter(|c| c.round <= 1));
    }
}

#[test]
fn first_captures_are_the_full_matchs_within_the_rounds() {
    let p = prepared("twin-fords.ron");
    let spec = spec(5, 4);
    for i in 0..spec.runs {
        let (seed, bots) = spec.game(i);
        let run = play_opening::<AkwRulesV1>(&p, seed, &bots, spec.rounds, &never()).unwrap();
        let full = play(
            &p,
            seed,
            PerPlayer::from_vec(bots.clone()),
            PlayOptions { record: false },
        );
        let within = within_rounds(&full.first_captures, spec.rounds);
        assert_eq!(run.first_captures, within, "run {i}");
    }
    let o = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &never());
    for obj in &o.objectives {
        let rounds: usize = obj
            .first_round
            .iter()
            .map(|c| c[PlayerId(0)] + c[PlayerId(1)])
            .sum();
        assert_eq!(rounds, obj.captured());
        assert!(obj.captured() <= o.runs);
        assert_eq!(obj.first_round.len(), 5);
    }
}

#[test]
fn cancelling_keeps_the_finished_runs() {
    let p = prepared("twin-fords.ron");
    let spec = spec(2, 8);
    let set = AtomicBool::new(true);
    let none = simulate_openings::<AkwRulesV1>(&p, &spec, &|_| {}, &set);
    assert_eq!(none.runs, 0);
    assert!(none.cancelled);
    assert_eq!(none.presence.iter().sum::<u64>(), 0);
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let cancel = AtomicBool::new(false);
    let some = one.install(|| {
        simulate_openings::<AkwRulesV1>(
            &p,
            &spec,
            &|done| {
                if done >= 3 {
                    cancel.store(true, Ordering::Relaxed);
                }
            },
            &cancel,
        )
    });
    assert!(some.cancelled);
    assert!(some.runs >= 3 && some.runs < 8, "{} runs", some.runs);
    assert_eq!(some.samples, some.runs as u64 * 4);
}

#[test]
fn at_reads_counts_by_hex() {
    let p = prepared("twin-fords.ron");
    let o = simulate_openings::<AkwRulesV1>(&p, &spec(2, 2), &|_| {}, &never());
    for (i, h) in o.hexes.iter().enumerate() {
        assert_eq!(o.at(&o.presence, *h), o.presence[i]);
    }
    assert_eq!(o.at(&o.presence, Hex::new(10_000, 10_000)), 0);
    assert!(o.max_presence() >= o.presence[0]);
    assert!(o.max_deaths() >= o.deaths.iter().copied().min().unwrap_or(0));
}

#[test]
fn a_four_player_phase_study_counts_per_player_and_dates_captures_like_full_matches() {
    use crate::ruleset::PhaseRulesV1;
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let map = format::load_map(&maps.join("four-corners.ron")).unwrap();
    let p = Scenario::for_map(map, 1, 40)
        .with_ruleset(crate::ruleset::RulesetId::PhaseRulesV1)
        .prepare(&maps, &Roster::bundled(), "t")
        .unwrap();
    let spec = OpeningSpec {
        rounds: 4,
        runs: 8,
        bots: vec![
            BotKind::Greedy,
            BotKind::Random,
            BotKind::Greedy,
            BotKind::Random,
        ],
        seed: 5,
    };
    let o = simulate_openings::<PhaseRulesV1>(&p, &spec, &|_| {}, &never());
    assert_eq!((o.runs, o.players()), (8, 4));
    // Per-player counts add up to the totals, cell by cell.
    for (cell, total) in o.presence.iter().enumerate() {
        let sum: u64 = o.presence_by_player.iter().map(|c| c[cell]).sum();
        assert_eq!(sum, *total);
    }
    for (cell, total) in o.deaths.iter().enumerate() {
        let sum: u64 = o.deaths_by_player.iter().map(|c| c[cell]).sum();
        assert_eq!(sum, *total);
    }
    // Every player has units on the board at some turn end.
    for q in PlayerId::all(4) {
        assert!(o.presence_of(Some(q)).iter().sum::<u64>() > 0, "{q}");
    }
    // One sample per phase-rules turn (a whole round), at most 4 a run.
    assert!(o.samples > 0 && o.samples <= 8 * 4, "{}", o.samples);
    // Runs are seated like a rotated batch, and each run's first
    // captures are its full match's, within the studied rounds.
    let cancel = never();
    let mut taken = 0;
    for i in 0..spec.runs {
        let (seed, bots) = spec.game(i);
        let run = play_opening::<PhaseRulesV1>(&p, seed, &bots, spec.rounds, &cancel).unwrap();
        let (_, _, full) = crate::rotation::play::<PhaseRulesV1>(&p, seed, &bots, &cancel).unwrap();
        let within = within_rounds(&full.first_captures, spec.rounds);
        assert_eq!(run.first_captures, within, "run {i}");
        taken += within.iter().flatten().count();
    }
    assert!(taken > 0, "objectives are taken in four rounds");
    let captured: usize = o.objectives.iter().map(ObjectiveOpening::captured).sum();
    assert_eq!(captured, taken);
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let b = one.install(|| simulate_openings::<PhaseRulesV1>(&p, &spec, &|_| {}, &never()));
    assert_eq!(o, b);
}
