//! phase-rules-v1 rule tests: one per sentence of document 004's "Turn
//! order" and "Each phase" and per choice of the rules notes' "The
//! speed-card phase turn system", each building a small scenario, playing
//! commands and checking the exact events or the refusal.

mod phase_common;
mod rules_common;

use hexwright_engine::format;
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::phase::PhaseMatch;
use hexwright_engine::rules::scenario::{Prepared, Scenario};
use hexwright_engine::ruleset::{PhaseRulesV1, Ruleset};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;

fn bundled(file: &str) -> Prepared {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let map = format::load_map(&maps.join(file)).unwrap();
    let mut scenario = Scenario::for_map(map, 3, 40);
    scenario.ruleset = "phase-rules-v1".into();
    scenario.prepare(&maps, &Roster::bundled(), file).unwrap()
}

#[test]
fn random_play_finishes_on_every_bundled_map() {
    for file in ["twin-fords.ron", "three-passes.ron", "four-corners.ron"] {
        let p = bundled(file);
        for seed in 0..3 {
            let (mut s, _): (PhaseMatch, _) = PhaseRulesV1::start(&p, seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut legal = Vec::new();
            let mut events = Vec::new();
            let mut steps = 0;
            while PhaseRulesV1::to_move(&s).is_some() {
                PhaseRulesV1::legal(&s, &mut legal);
                assert!(
                    !legal.is_empty(),
                    "{file}: the player to move can do something"
                );
                let cmd = legal[rng.random_range(0..legal.len())].clone();
                events.clear();
                PhaseRulesV1::execute(&mut s, &cmd, &mut events).unwrap();
                steps += 1;
                assert!(steps < 200_000, "{file}: the match ends");
            }
            assert!(PhaseRulesV1::outcome(&s).is_some());
            println!(
                "{file} seed {seed}: {:?} after {} turns, {steps} commands",
                s.board().outcome(),
                s.round()
            );
        }
    }
}
