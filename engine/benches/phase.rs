//! phase-rules-v1 speed on the bundled four-player map (Four Corners), one
//! core: `cargo bench -p hexwright-engine --bench phase`.
//!
//! - `random_4p`: one full match of four random bots; throughput in
//!   commands applied (bot decisions and each decision's view included).
//! - `greedy_4p`: one full match of four greedy bots; throughput in
//!   matches.
//! - `planner_unit_turn`: one planner decision at the start of a slot in
//!   mid-game: the search of every unit's whole turn and the choice of the
//!   unit to move.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hexwright_engine::bots::{BotKind, HasBots};
use hexwright_engine::format;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rotation::play;
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::phase::{PhaseView, Stage};
use hexwright_engine::rules::scenario::{Prepared, Scenario};
use hexwright_engine::ruleset::{PhaseRulesV1, Ruleset};
use std::hint::black_box;
use std::path::Path;
use std::sync::atomic::AtomicBool;

fn prepared() -> Prepared {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let map = format::load_map(&maps.join("four-corners.ron")).expect("bundled map");
    let scenario = Scenario::for_map(map, 1, 40)
        .with_ruleset(hexwright_engine::ruleset::RulesetId::PhaseRulesV1);
    scenario
        .prepare(&maps, &Roster::bundled(), "four-corners.ron")
        .expect("bundled map is valid")
}

fn matches(c: &mut Criterion) {
    let p = prepared();
    let never = AtomicBool::new(false);
    let mut g = c.benchmark_group("phase");
    let random = [BotKind::Random; 4];
    let (_, commands, _) = play::<PhaseRulesV1>(&p, 7, &random, &never).expect("not cancelled");
    g.throughput(Throughput::Elements(commands.len() as u64));
    g.bench_function("random_4p", |b| {
        b.iter(|| black_box(play::<PhaseRulesV1>(&p, 7, &random, &never)));
    });
    g.throughput(Throughput::Elements(1));
    let greedy = [BotKind::Greedy; 4];
    g.bench_function("greedy_4p", |b| {
        b.iter(|| black_box(play::<PhaseRulesV1>(&p, 7, &greedy, &never)));
    });
    g.finish();
}

fn planner(c: &mut Criterion) {
    let p = prepared();
    let never = AtomicBool::new(false);
    // A mid-game position: greedy plays the first three turns, then on to
    // the next slot start with no unit acting.
    let (_, commands, _) =
        play::<PhaseRulesV1>(&p, 3, &[BotKind::Greedy; 4], &never).expect("not cancelled");
    let (mut s, _) = PhaseRulesV1::start(&p, 3);
    let mut events = Vec::new();
    for cmd in &commands {
        let ready = s.turn() >= 3 && s.stage() == Stage::Acting && s.active().is_none();
        if ready {
            break;
        }
        events.clear();
        PhaseRulesV1::execute(&mut s, cmd, &mut events).expect("recorded commands are legal");
    }
    let me = PhaseRulesV1::to_move(&s).unwrap_or(PlayerId(0));
    let view = PhaseView::new(&s, me);
    c.bench_function("phase/planner_unit_turn", |b| {
        b.iter(|| {
            let mut bot = PhaseRulesV1::bot(BotKind::Planner, 3, me);
            black_box(bot.decide(&view, &[]))
        });
    });
}

criterion_group!(benches, matches, planner);
criterion_main!(benches);
