//! Until decided in phase-rules-v1 with four players: a scenario that gives
//! side 0 its whole army and the others one unit each stops early and
//! names side 0; the matches played are the rotation's first ones.

use hexwright_engine::bots::BotKind;
use hexwright_engine::format;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rotation::{self, Rotation};
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::scenario::{Scenario, default_armies_for};
use hexwright_engine::ruleset::{PhaseRulesV1, RulesetId};
use hexwright_engine::sequential::{Decision, Plan};
use hexwright_engine::until_decided::play_seats_until_decided;
use std::path::Path;
use std::sync::atomic::AtomicBool;

#[test]
fn a_lopsided_four_player_scenario_is_decided_for_the_strong_side() {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let map = format::load_map(&maps.join("four-corners.ron")).unwrap();
    let roster = Roster::bundled();
    let mut armies = default_armies_for(&roster, 3, 4).as_slice().to_vec();
    for army in &mut armies[1..] {
        army.units.truncate(1);
        army.reserve.clear();
    }
    let mut scenario = Scenario::for_map(map, 3, 8).with_ruleset(RulesetId::PhaseRulesV1);
    scenario.armies = Some(armies);
    let p = scenario
        .prepare(&maps, &roster, "lopsided four corners")
        .unwrap();
    let rot = Rotation {
        matches: 200,
        bots: vec![BotKind::Greedy; 4],
        seed: 3,
    };
    let plan = Plan::new(0.05, 0.05, 200).unwrap();
    let never = AtomicBool::new(false);
    let mut looks = 0;
    let d = play_seats_until_decided::<PhaseRulesV1>(&p, &rot, plan, &|_| {}, &never, &mut |_| {
        looks += 1;
    });
    assert_eq!(
        d.test.decision(),
        Some(Decision::Favoured { side: PlayerId(0) }),
        "{:?}",
        d.test.looks().last()
    );
    assert!(d.played.len() < 200, "stopped early: {}", d.played.len());
    assert_eq!(looks, d.test.looks().len());
    let whole =
        rotation::simulate_range::<PhaseRulesV1>(&p, &rot, 0..d.played.len(), &|_| {}, &never);
    assert_eq!(d.played, whole, "the rotation's first matches, in order");
}
