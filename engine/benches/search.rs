//! The search bot's decision time, one core:
//! `cargo bench -p hexwright-engine --bench search`.
//!
//! - `search/akw_decision`: one decision at the default budget
//!   ([`hexwright_engine::bots::search::DEFAULT_PLAYOUTS`] playouts) in a
//!   mid-game akw-rules-v1 position on Twin Fords (greedy played the first
//!   eight turns), as `planner_turn` in the `rules` bench.
//! - `search/phase_decision_4p`: one unit decision at the default budget in
//!   a mid-game phase-rules-v1 position on Four Corners (greedy played the
//!   first three turns), as `planner_unit_turn` in the `phase` bench.
//! - `search/akw_decision_ranked`: the same search admitting commands in
//!   the ruleset's one-step ranking (`SearchConfig::guide` none: the search
//!   before it was guided; phase-rules-v1's search is not guided).
//! - `policy/akw_decision` and `policy/phase_decision_4p`: the policy bot
//!   (the network distilled from the search) in the same two positions.

use criterion::{Criterion, criterion_group, criterion_main};
use hexwright_engine::bots::{Bot, BotKind, HasBots, SearchBot, SearchBudget, SearchConfig};
use hexwright_engine::format;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rotation::play;
use hexwright_engine::rules::phase::{PhaseView, Stage};
use hexwright_engine::rules::scenario::{Prepared, Scenario};
use hexwright_engine::rules::{Command, PlayerView, Roster, execute};
use hexwright_engine::ruleset::{AkwRulesV1, PhaseRulesV1, Ruleset, RulesetId};
use hexwright_engine::sim::{self, PlayOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::path::Path;
use std::sync::atomic::AtomicBool;

fn prepared(name: &str, ruleset: RulesetId, limit: u32) -> Prepared {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let map = format::load_map(&maps.join(name)).expect("bundled map");
    Scenario::for_map(map, 1, limit)
        .with_ruleset(ruleset)
        .prepare(&maps, &Roster::bundled(), name)
        .expect("bundled map is valid")
}

/// The search at the ruleset's default budget, admitting commands in the
/// ruleset's ranking.
fn ranked(ruleset: RulesetId) -> SearchConfig {
    SearchConfig {
        guide: None,
        ..SearchConfig::with_budget(SearchBudget::for_ruleset(ruleset))
    }
}

fn akw(c: &mut Criterion) {
    let p = prepared("twin-fords.ron", RulesetId::AkwRulesV1, 60);
    let r = sim::play(&p, 3, [BotKind::Greedy; 2], PlayOptions { record: true });
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
    c.bench_function("search/akw_decision", |b| {
        b.iter(|| {
            let mut bot = BotKind::Search.build(3, s.side());
            black_box(bot.decide(&view, &[]))
        });
    });
    c.bench_function("search/akw_decision_ranked", |b| {
        b.iter(|| {
            let mut bot = SearchBot::<AkwRulesV1>::new(
                ChaCha8Rng::seed_from_u64(3),
                ranked(RulesetId::AkwRulesV1),
            );
            black_box(bot.decide(&view, &[]))
        });
    });
    c.bench_function("policy/akw_decision", |b| {
        b.iter(|| {
            let mut bot = BotKind::Policy.build(3, s.side());
            black_box(bot.decide(&view, &[]))
        });
    });
}

fn phase(c: &mut Criterion) {
    let p = prepared("four-corners.ron", RulesetId::PhaseRulesV1, 40);
    let never = AtomicBool::new(false);
    let (_, commands, _) =
        play::<PhaseRulesV1>(&p, 3, &[BotKind::Greedy; 4], &never).expect("not cancelled");
    let (mut s, _) = PhaseRulesV1::start(&p, 3);
    let mut events = Vec::new();
    for cmd in &commands {
        if s.turn() >= 3 && s.stage() == Stage::Acting && s.active().is_none() {
            break;
        }
        events.clear();
        PhaseRulesV1::execute(&mut s, cmd, &mut events).expect("recorded commands are legal");
    }
    let me = PhaseRulesV1::to_move(&s).unwrap_or(PlayerId(0));
    let view = PhaseView::new(&s, me);
    c.bench_function("search/phase_decision_4p", |b| {
        b.iter(|| {
            let mut bot = PhaseRulesV1::bot(BotKind::Search, 3, me);
            black_box(bot.decide(&view, &[]))
        });
    });
    c.bench_function("policy/phase_decision_4p", |b| {
        b.iter(|| {
            let mut bot = PhaseRulesV1::bot(BotKind::Policy, 3, me);
            black_box(bot.decide(&view, &[]))
        });
    });
}

criterion_group!(benches, akw, phase);
criterion_main!(benches);
