//! Rules-engine speed on the largest bundled map (Ember Isles), one core:
//! `cargo bench -p hexwright-engine --bench rules`.
//!
//! - `random_vs_random`: one full match; throughput in commands applied
//!   (bot decisions and each decision's `PlayerView` included).
//! - `random_commands_applied`: the same match's commands re-executed by the
//!   rules alone (check + execute + apply, as a replay does).
//! - `greedy_vs_greedy`: one full match; throughput in matches.
//! - `planner_turn`: one whole-turn plan of the planner bot.
//! - `batch/jobs_1`, `batch/jobs_2`: a 200-match greedy batch
//!   (`sim::simulate`, as `hexwright simulate` plays it) on a rayon pool of
//!   one and of two threads; throughput in matches.
//! - `large/greedy_vs_greedy`: one full greedy match on a generated map of
//!   over 1,500 usable hexes with 40 Energy objectives (a Wesnoth-style
//!   grid made here and read by the Wesnoth importer, which places the
//!   objectives, Outposts, bases, zones and barracks); throughput in
//!   matches.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hexwright_engine::bots::BotKind;
use hexwright_engine::format;
use hexwright_engine::import::wesnoth::{WesnothOptions, import};
use hexwright_engine::rules::scenario::{Prepared, Scenario};
use hexwright_engine::rules::{Command, PlayerView, Roster, execute};
use hexwright_engine::sim::{self, PlayOptions};
use std::hint::black_box;
use std::path::Path;

fn prepared() -> Prepared {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let map = format::load_map(&maps.join("ember-isles.ron")).expect("bundled map");
    Scenario::for_map(map, 1, 60)
        .prepare(&maps, &Roster::bundled(), "ember-isles.ron")
        .expect("bundled map is valid")
}

fn matches(c: &mut Criterion) {
    let p = prepared();
    let mut g = c.benchmark_group("match");
    let random = [BotKind::Random, BotKind::Random];
    let commands = sim::play(&p, 7, random, PlayOptions { record: true })
        .commands
        .len();
    g.throughput(Throughput::Elements(commands as u64));
    g.bench_function("random_vs_random", |b| {
        b.iter(|| black_box(sim::play(&p, 7, random, PlayOptions { record: false })));
    });
    // The rules alone: check + execute + apply of the same match's commands.
    let recorded = sim::play(&p, 7, random, PlayOptions { record: true }).commands;
    g.bench_function("random_commands_applied", |b| {
        b.iter(|| {
            let (mut s, mut events) = p.new_match_with_seed(7);
            for cmd in &recorded {
                events.clear();
                execute(&mut s, cmd, &mut events).expect("recorded commands are legal");
            }
            black_box(s.state_hash())
        });
    });
    g.throughput(Throughput::Elements(1));
    let greedy = [BotKind::Greedy, BotKind::Greedy];
    g.bench_function("greedy_vs_greedy", |b| {
        b.iter(|| black_box(sim::play(&p, 7, greedy, PlayOptions { record: false })));
    });
    g.finish();
}

fn planner(c: &mut Criterion) {
    let p = prepared();
    // A mid-game position: greedy plays the first eight turns.
    let r = sim::play(
        &p,
        3,
        [BotKind::Greedy, BotKind::Greedy],
        PlayOptions { record: true },
    );
    let (mut s, _) = p.new_match_with_seed(3);
    let mut events = Vec::new();
    let mut ends = 0;
    for cmd in &r.commands {
        if ends == 8 {
            break;
        }
        ends += usize::from(*cmd == Command::EndTurn);
        execute(&mut s, cmd, &mut events).expect("recorded commands are legal");
    }
    let view = PlayerView::new(&s, s.side());
    c.bench_function("planner_turn", |b| {
        b.iter(|| {
            let mut bot = BotKind::Planner.build(3, view.side);
            black_box(bot.decide(&view, &[]))
        });
    });
}

/// A 41 × 41 Wesnoth grid (border included), symmetric under a half turn:
/// grass with forests, hills and a few deep-water pools, 46 villages and a
/// keep with its castles on each side.
fn large_wesnoth_text() -> String {
    const SIDE: usize = 41;
    let mut cells = vec![vec!["Gg".to_owned(); SIDE]; SIDE];
    // A fixed linear congruential walk, so the map is the same every run.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(state >> 33).expect("31 bits fit") % n
    };
    let mirror = |(x, y): (usize, usize)| (SIDE - 1 - x, SIDE - 1 - y);
    let put = |cells: &mut Vec<Vec<String>>, at: (usize, usize), code: &str| {
        let (mx, my) = mirror(at);
        code.clone_into(&mut cells[at.1][at.0]);
        cells[my][mx] = code.replace("1 ", "2 ");
    };
    let keep = (4, 20);
    put(&mut cells, keep, "1 Kh");
    for castle in [
        (4, 19),
        (4, 21),
        (5, 20),
        (3, 20),
        (5, 19),
        (3, 19),
        (4, 18),
        (4, 22),
    ] {
        put(&mut cells, castle, "Ch");
    }
    let free = |cells: &[Vec<String>], (x, y): (usize, usize)| {
        (2..SIDE - 2).contains(&x)
            && (2..SIDE - 2).contains(&y)
            && cells[y][x] == "Gg"
            && x.abs_diff(keep.0) + y.abs_diff(keep.1) > 4
    };
    let mut placed = 0;
    while placed < 23 {
        let at = (2 + next(SIDE / 2 - 1), 2 + next(SIDE - 4));
        if free(&cells, at) && free(&cells, mirror(at)) && mirror(at) != at {
            put(&mut cells, at, "Gg^Vh");
            placed += 1;
        }
    }
    for (code, count) in [("Gs^Fp", 60), ("Hh", 40), ("Wo", 6)] {
        let mut n = 0;
        while n < count {
            let at = (1 + next(SIDE / 2), 1 + next(SIDE - 2));
            if free(&cells, at) && free(&cells, mirror(at)) && mirror(at) != at {
                put(&mut cells, at, code);
                n += 1;
            }
        }
    }
    cells
        .iter()
        .map(|row| row.join(", "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The generated large map, prepared: over 1,500 usable hexes, 40
/// objectives.
fn large() -> Prepared {
    let opts = WesnothOptions {
        file: "large.map".to_owned(),
        objectives: 40,
        outposts: 4,
        barracks: 2,
        ..WesnothOptions::default()
    };
    let map = import(&large_wesnoth_text(), &opts)
        .expect("the generated grid imports")
        .map;
    let p = Scenario::for_map(map, 1, 60)
        .prepare(Path::new("."), &Roster::bundled(), "large.ron")
        .expect("the generated map is valid");
    let objectives = p.rules.arena.objectives.len();
    let usable = p.rules.arena.len();
    assert!(
        objectives == 40 && usable >= 1_500,
        "{objectives} objectives, {usable} hexes"
    );
    p
}

fn large_matches(c: &mut Criterion) {
    let p = large();
    let mut g = c.benchmark_group("large");
    g.throughput(Throughput::Elements(1));
    let greedy = [BotKind::Greedy, BotKind::Greedy];
    g.bench_function("greedy_vs_greedy", |b| {
        b.iter(|| black_box(sim::play(&p, 7, greedy, PlayOptions { record: false })));
    });
    g.finish();
}

fn jobs(c: &mut Criterion) {
    let p = prepared();
    let batch = sim::Batch {
        matches: 200,
        bots: [BotKind::Greedy, BotKind::Greedy],
        seed: 1,
    };
    let mut g = c.benchmark_group("batch");
    g.throughput(Throughput::Elements(batch.matches as u64));
    g.sample_size(10);
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        g.bench_function(format!("jobs_{threads}"), |b| {
            b.iter(|| {
                pool.install(|| {
                    black_box(sim::simulate(
                        &p,
                        &batch,
                        PlayOptions { record: false },
                        &|_| {},
                    ))
                })
            });
        });
    }
    g.finish();
}

criterion_group!(benches, matches, planner, large_matches, jobs);
criterion_main!(benches);
