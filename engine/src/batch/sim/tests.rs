//! Tests of [`super`] (`engine/src/batch/sim.rs`).

use super::*;
use crate::format;
use crate::player::PlayerId;
use crate::rules::Roster;
use crate::rules::execute;
use crate::rules::scenario::Scenario;
use crate::ruleset::RulesetId;
use crate::stats::Verdict;
use crate::stats::{self, wilson};
use std::path::Path;

/// A bundled map, prepared with seed 1 and `round_limit`.
pub(crate) fn prepared(file: &str, round_limit: u32) -> Prepared {
    prepared_with_seed(file, 1, round_limit)
}

/// A bundled map, prepared with `seed` and `round_limit`.
pub(crate) fn prepared_with_seed(file: &str, seed: u64, round_limit: u32) -> Prepared {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let map = format::load_map(&maps.join(file)).unwrap();
    Scenario::for_map(map, seed, round_limit)
        .prepare(&maps, &Roster::bundled(), "t")
        .unwrap()
}

const RANDOM: [BotKind; 2] = [BotKind::Random, BotKind::Random];

#[test]
fn the_length_histogram_counts_every_match_once() {
    let p = prepared("twin-fords.ron", 8);
    let batch = Batch {
        matches: 6,
        bots: RANDOM,
        seed: 2,
    };
    let results = simulate(&p, &batch, PlayOptions { record: false }, &|_| {});
    let rows: Vec<MatchRow> = results
        .iter()
        .enumerate()
        .map(|(i, r)| MatchRow::new(i, r))
        .collect();
    let h = length_histogram(&rows);
    assert_eq!(h.values().sum::<usize>(), 6);
    for (&rounds, &n) in &h {
        assert!(n > 0);
        assert_eq!(n, rows.iter().filter(|r| r.rounds == rounds).count());
    }
}

#[test]
fn first_captures_agree_with_the_owners_seen_command_by_command() {
    let p = prepared("twin-fords.ron", 12);
    let mut seen_any = false;
    for seed in 1..=4 {
        let r = play(
            &p,
            seed,
            [BotKind::Greedy, BotKind::Random],
            PlayOptions { record: true },
        );
        // Replay and note, after every command, which objectives have an
        // owner for the first time.
        let (mut s, _) = p.new_match_with_seed(seed);
        let mut expected: Vec<Option<Capture>> = s
            .objectives()
            .iter()
            .map(|o| o.owner.map(|side| Capture { round: 1, side }))
            .collect();
        for cmd in &r.commands {
            let mut events = Vec::new();
            execute(&mut s, cmd, &mut events).unwrap();
            for (i, o) in s.objectives().iter().enumerate() {
                if expected[i].is_none()
                    && let Some(side) = o.owner
                {
                    expected[i] = Some(Capture {
                        round: s.round(),
                        side,
                    });
                }
            }
        }
        assert_eq!(r.first_captures, expected, "seed {seed}");
        assert_eq!(r.first_captures.len(), s.objectives().len());
        for c in r.first_captures.iter().flatten() {
            assert!(c.round >= 1 && c.round <= r.rounds);
            seen_any = true;
        }
    }
    assert!(seen_any, "some objective is captured in four matches");
}

#[test]
fn play_is_unchanged_by_the_capture_log_and_the_cancel_flag() {
    let p = prepared("twin-fords.ron", 8);
    let a = play(&p, 9, RANDOM, PlayOptions { record: true });
    let b = play_until(
        &p,
        9,
        RANDOM,
        PlayOptions { record: true },
        &AtomicBool::new(false),
    )
    .unwrap();
    assert_eq!(a.commands, b.commands);
    assert_eq!(a.turn_hashes, b.turn_hashes);
    assert_eq!(a.first_captures, b.first_captures);
    let cancelled = AtomicBool::new(true);
    assert!(play_until(&p, 9, RANDOM, PlayOptions { record: false }, &cancelled).is_none());
}

#[test]
fn cancelled_batches_keep_finished_matches_in_order() {
    let p = prepared("twin-fords.ron", 6);
    let batch = Batch {
        matches: 6,
        bots: [BotKind::Greedy, BotKind::Random],
        seed: 3,
    };
    let options = PlayOptions { record: false };
    let all = simulate(&p, &batch, options, &|_| {});
    let none = AtomicBool::new(false);
    let kept = simulate_with_cancel(&p, &batch, options, &|_| {}, &none);
    assert_eq!(kept.len(), 6);
    for ((i, r), full) in kept.iter().zip(&all) {
        let (seed, bots) = batch.game(*i);
        assert_eq!((r.seed, r.bots), (seed, bots.into()));
        assert_eq!(r.state.state_hash(), full.state.state_hash());
    }
    // Cancelled from the start: nothing is played.
    let set = AtomicBool::new(true);
    assert!(simulate_with_cancel(&p, &batch, options, &|_| {}, &set).is_empty());
    // Cancelled after the second finished match, on one thread: the
    // matches that finished are kept, in index order, and are the same
    // as in the full batch.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let cancel = AtomicBool::new(false);
    let rows = pool.install(|| {
        simulate_each(
            &p,
            &batch,
            options,
            &|done| {
                if done >= 2 {
                    cancel.store(true, Ordering::Relaxed);
                }
            },
            &cancel,
            &|i, r| MatchRow::new(i, &r),
        )
    });
    assert!(rows.len() >= 2 && rows.len() < 6, "{} rows", rows.len());
    assert!(rows.windows(2).all(|w| w[0].index < w[1].index));
    for row in &rows {
        assert_eq!(*row, MatchRow::new(row.index, &all[row.index]));
    }
}

#[test]
fn report_from_rows_equals_report_from_results() {
    let p = prepared("twin-fords.ron", 6);
    let batch = Batch {
        matches: 5,
        bots: [BotKind::Greedy, BotKind::Random],
        seed: 11,
    };
    let all = simulate(&p, &batch, PlayOptions { record: false }, &|_| {});
    let rows: Vec<MatchRow> = all
        .iter()
        .enumerate()
        .map(|(i, r)| MatchRow::new(i, r))
        .collect();
    // A two-player batch is a rotation of period 2 (1 with one bot): the
    // same seeds and seatings, and the same report read from its rows.
    let rotation = crate::rotation::Rotation::from(&batch);
    for (i, m) in all.iter().enumerate() {
        let (seed, seating) = rotation.game(i);
        assert_eq!(
            (seed, seating.as_slice()),
            (m.seed, &m.bots.iter().copied().collect::<Vec<_>>()[..])
        );
    }
    let same = Batch {
        bots: [BotKind::Greedy; 2],
        ..batch
    };
    let r = crate::rotation::Rotation::from(&same);
    assert_eq!(
        (0..5).map(|i| r.game(i).0).collect::<Vec<_>>(),
        (0..5).map(|i| same.game(i).0).collect::<Vec<_>>()
    );
    assert_eq!(r.counting(), same.counting());
    assert_eq!(rotation.counting(), batch.counting());
    assert_eq!(
        report(&all, batch.bots, 2.0),
        Report::new(RulesetId::AkwRulesV1, &rows, &rotation.bots, 2.0)
    );
}

/// The report of a batch's results, through their rows.
fn report(all: &[MatchResult], bots: [BotKind; 2], seconds: f64) -> Report {
    let rows: Vec<MatchRow> = all
        .iter()
        .enumerate()
        .map(|(i, r)| MatchRow::new(i, r))
        .collect();
    Report::new(RulesetId::AkwRulesV1, &rows, &bots, seconds)
}

#[test]
fn same_bot_batches_play_every_match_from_its_own_seed() {
    let p = prepared("twin-fords.ron", 12);
    let batch = Batch {
        matches: 6,
        bots: [BotKind::Greedy, BotKind::Greedy],
        seed: 5,
    };
    let all = simulate(&p, &batch, PlayOptions { record: true }, &|_| {});
    let seeds: Vec<u64> = all.iter().map(|r| r.seed).collect();
    assert_eq!(seeds, vec![5, 6, 7, 8, 9, 10]);
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert_ne!(a.commands, b.commands, "two matches are one game");
        }
    }
    let report = report(&all, batch.bots, 1.0);
    assert_eq!(report.counting, Counting::Matches);
    assert_eq!(report.independent_games, 6);
    let sides = report.sides().expect("two sides");
    assert!(sides.bot_wins.is_empty());
    assert_eq!(sides.first_bot_score, None);
    assert_eq!(
        report.win_rate(PlayerId(0)),
        wilson(report.seats[0].wins, report.matches)
    );
}

#[test]
fn mixed_bot_batches_count_each_seat_swapped_pair_once() {
    let p = prepared("twin-fords.ron", 8);
    let batch = Batch {
        matches: 6,
        bots: [BotKind::Greedy, BotKind::Random],
        seed: 2,
    };
    let all = simulate(&p, &batch, PlayOptions { record: false }, &|_| {});
    let report = report(&all, batch.bots, 1.0);
    assert_eq!(report.counting, Counting::SeatSwappedPairs);
    assert_eq!(report.independent_games, 3);
    // The first bot's score: per pair, the mean of its two matches (a
    // win 1, a draw ½); the interval is that of 3 games, not 6 matches.
    let score = |r: &MatchResult| {
        let seat = usize::from(r.bots[PlayerId(0)] != batch.bots[0]);
        match r.outcome {
            Outcome::Won(s) if usize::from(s) == seat => 1.0,
            Outcome::Won(_) => 0.0,
            Outcome::Draw => 0.5,
        }
    };
    let total: f64 = all
        .chunks(2)
        .map(|pair| pair.iter().map(score).sum::<f64>() / 2.0)
        .sum();
    let sides = report.sides().expect("two sides");
    assert_eq!(sides.first_bot_score, Some(stats::wilson_mean(total, 3)));
    let s0 = sides.side_scores[PlayerId(0)];
    let s1 = sides.side_scores[PlayerId(1)];
    assert!((s0.value + s1.value - 1.0).abs() < 1e-12);
    assert_eq!(sides.verdict, Verdict::from_score(s0, 3));
}

fn row(index: usize, outcome: Outcome, rounds: u32, caps: Vec<Option<Capture>>) -> MatchRow {
    MatchRow {
        index,
        seed: 100 + index as u64,
        bots: [BotKind::Greedy, BotKind::Random].into(),
        outcome,
        rounds,
        rejected: 0,
        first_captures: caps,
        points: Vec::new(),
    }
}

#[test]
fn csv_has_a_header_and_one_line_per_match() {
    let p = prepared("twin-fords.ron", 6);
    let arena = &p.rules.arena;
    let n = arena.objectives.len();
    assert!(n > 0);
    let mut caps = vec![None; n];
    caps[0] = Some(Capture {
        round: 3,
        side: PlayerId(1),
    });
    let rows = vec![
        row(0, Outcome::Won(PlayerId(0)), 7, caps.clone()),
        row(1, Outcome::Draw, 6, vec![None; n]),
    ];
    let csv = results_csv(arena, &rows);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 3);
    let h0 = arena.hex(arena.objectives[0]);
    assert!(lines[0].starts_with("match,seed,side0_bot,side1_bot,winner,rounds,refused_commands,"));
    assert!(lines[0].contains(&format!("objective_{}_{}_round", h0.x, h0.y)));
    for l in &lines {
        assert_eq!(l.split(',').count(), 7 + 2 * n, "{l}");
    }
    assert!(lines[1].starts_with("1,100,greedy,random,0,7,0,3,1"));
    assert!(lines[2].starts_with("2,101,greedy,random,draw,6,0,,"));
    assert!(csv.ends_with('\n'));
}

#[test]
fn capture_summary_counts_sides_and_mean_round() {
    let p = prepared("twin-fords.ron", 6);
    let arena = &p.rules.arena;
    let n = arena.objectives.len();
    let cap = |round, side| {
        let mut v = vec![None; n];
        v[0] = Some(Capture { round, side });
        v
    };
    let rows = vec![
        row(0, Outcome::Won(PlayerId(0)), 7, cap(2, PlayerId(0))),
        row(1, Outcome::Won(PlayerId(1)), 7, cap(4, PlayerId(1))),
        row(2, Outcome::Won(PlayerId(1)), 7, cap(3, PlayerId(1))),
        row(3, Outcome::Draw, 6, vec![None; n]),
    ];
    let s = capture_summary(arena, &rows);
    assert_eq!(s.len(), n);
    assert_eq!(s[0].captured, 3);
    assert_eq!(s[0].by_side.as_slice(), &[1, 2]);
    assert!((s[0].mean_round.unwrap() - 3.0).abs() < 1e-12);
    if n > 1 {
        assert_eq!(s[1].captured, 0);
        assert_eq!(s[1].mean_round, None);
    }
}

#[test]
fn batch_export_round_trips_through_json() {
    let p = prepared("twin-fords.ron", 6);
    let batch = Batch {
        matches: 3,
        bots: [BotKind::Greedy, BotKind::Random],
        seed: 5,
    };
    let rows = simulate_each(
        &p,
        &batch,
        PlayOptions { record: false },
        &|_| {},
        &AtomicBool::new(false),
        &|i, r| MatchRow::new(i, &r),
    );
    let report = Report::new(RulesetId::AkwRulesV1, &rows, &batch.bots, 1.0);
    let played = rows.iter().map(crate::rotation::Played::from).collect();
    let export = BatchExport::new(&p.rules.arena, &(&batch).into(), false, report, played);
    assert_eq!(export.report.matches, 3);
    assert_eq!(export.matches.len(), 3);
    let text = serde_json::to_string(&export).unwrap();
    let back: BatchExport = serde_json::from_str(&text).unwrap();
    // Floats may lose their last bit in JSON; everything else is exact.
    assert_eq!(back.matches, export.matches);
    assert_eq!(back.captures.len(), export.captures.len());
    assert_eq!(back.objectives, export.objectives);
    assert_eq!(
        (
            back.requested,
            back.seed,
            back.bots.as_slice(),
            back.cancelled
        ),
        (3, 5, &batch.bots[..], false)
    );
    assert!(text.contains(r#""outcome":"#), "two-sided rows: {text}");
    assert_eq!(back.report.seats, export.report.seats);
    assert!((back.report.mean_rounds - export.report.mean_rounds).abs() < 1e-9);
}

/// A two-player akw-rules-v1 batch played as a rotation (the one pipeline
/// every ruleset's batches take) plays the very matches `simulate` plays.
#[test]
fn an_akw_batch_played_as_a_rotation_is_the_same_batch() {
    let p = prepared("twin-fords.ron", 10);
    for bots in [
        [BotKind::Greedy, BotKind::Random],
        [BotKind::Random, BotKind::Random],
    ] {
        let batch = Batch {
            matches: 6,
            bots,
            seed: 7,
        };
        let rows: Vec<MatchRow> = simulate(&p, &batch, PlayOptions { record: false }, &|_| {})
            .iter()
            .enumerate()
            .map(|(i, r)| MatchRow::new(i, r))
            .collect();
        let played = crate::rotation::simulate::<crate::ruleset::AkwRulesV1>(
            &p,
            &(&batch).into(),
            &|_| {},
            &AtomicBool::new(false),
        );
        let again: Vec<MatchRow> = played.iter().map(crate::rotation::Played::row).collect();
        assert_eq!(again, rows, "{bots:?}");
    }
}
