//! Rules-engine speed on the largest bundled map (Ember Isles), one core:
//! `cargo bench -p hexwright-engine --bench rules`.
//!
//! - `random_vs_random`: one full match; throughput in commands applied
//!   (bot decisions and each decision's `PlayerView` included).
//! - `random_commands_applied`: the same match's commands re-executed by the
//!   rules alone (check + execute + apply, as a replay does).
//! - `greedy_vs_greedy`: one full match; throughput in matches.
//! - `planner_turn`: one whole-turn plan of the planner bot.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hexwright_engine::bots::BotKind;
use hexwright_engine::format;
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

criterion_group!(benches, matches, planner);
criterion_main!(benches);
