//! Until decided in phase-rules-v1 with four players: a scenario that gives
//! side 0 its whole army and the others one unit each stops early and
//! names a seat that wins more than its quarter over the whole batch;
//! the matches played are the rotation's first ones. On real
//! four-player outcomes whose seats are turned by a fair die (an exact
//! null: every seat's share is 1/4), a favourite is named at most alpha
//! of the time.

use hexwright_engine::bots::BotKind;
use hexwright_engine::format;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rotation::{self, Rotation};
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::scenario::{Scenario, default_armies_for};
use hexwright_engine::ruleset::{PhaseRulesV1, RulesetId};
use hexwright_engine::seat_test::SeatTest;
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
    // The whole batch: the seats with one unit win next to nothing; side
    // 0 (the whole army) and side 3 (the last to move) share the wins.
    let whole = rotation::simulate_range::<PhaseRulesV1>(&p, &rot, 0..200, &|_| {}, &never);
    let share = |side: u8| {
        whole
            .iter()
            .filter(|m| m.winner == Some(PlayerId(side)))
            .count() as f64
            / whole.len() as f64
    };
    assert!(
        share(0) > 0.4 && share(1) < 0.1 && share(2) < 0.1,
        "{whole:?}"
    );
    // The test names a favourite early, one that wins more than its
    // quarter over the whole batch.
    let Some(Decision::Favoured { side }) = d.test.decision() else {
        panic!("{:?}", d.test.looks().last());
    };
    assert!(share(side.0) > 0.3, "{side:?}: {}", share(side.0));
    assert!(d.played.len() < 200, "stopped early: {}", d.played.len());
    assert_eq!(looks, d.test.looks().len());
    assert_eq!(
        d.played,
        whole[..d.played.len()],
        "the rotation's first matches, in order"
    );
}

/// A map's seats are never exactly even in truth (the token, the corners'
/// terrain), so the false-favourite rate is measured on an exact null made
/// of real outcomes: each game is a real greedy match's result on Four
/// Corners, its seats turned by a number from 0 to 3 drawn at random, so
/// every seat wins a quarter of the decided games in truth. Over 1,000
/// seeded runs of the until-decided seat test at alpha 0.05, a favourite
/// is named at most alpha of the time (with room for chance in 1,000
/// draws), and runs end fair.
#[test]
fn real_four_player_outcomes_with_seats_drawn_fairly_rarely_name_a_favourite() {
    use rand::{Rng, SeedableRng};
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let map = format::load_map(&maps.join("four-corners.ron")).unwrap();
    let p = Scenario::for_map(map, 1, 40)
        .with_ruleset(RulesetId::PhaseRulesV1)
        .prepare(&maps, &Roster::bundled(), "four corners")
        .unwrap();
    let rot = Rotation {
        matches: 40,
        bots: vec![BotKind::Greedy; 4],
        seed: 1,
    };
    let never = AtomicBool::new(false);
    let winners: Vec<Option<usize>> = rotation::simulate::<PhaseRulesV1>(&p, &rot, &|_| {}, &never)
        .iter()
        .map(|m| m.winner.map(PlayerId::index))
        .collect();
    assert!(
        winners.iter().filter(|w| w.is_some()).count() >= 30,
        "decisive matches: {winners:?}"
    );
    let plan = Plan::new(0.05, 0.1, 4_000).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    let runs = 1_000;
    let (mut favourite, mut fair) = (0, 0);
    for _ in 0..runs {
        let mut t = SeatTest::new(plan, 4);
        let (mut games, mut totals) = (0, [0.0; 4]);
        while let Some(next) = t.next_look() {
            while games < next {
                let turn = rng.random_range(0..4);
                match winners[rng.random_range(0..winners.len())] {
                    Some(w) => totals[(w + turn) % 4] += 1.0,
                    None => totals.iter_mut().for_each(|t| *t += 0.25),
                }
                games += 1;
            }
            t.look(games, &totals, games);
        }
        match t.decision() {
            Some(Decision::Favoured { .. }) => favourite += 1,
            Some(Decision::Fair) => fair += 1,
            _ => {}
        }
    }
    // Alpha is 50 of 1,000; three standard deviations more is 21.
    assert!(favourite <= 71, "{favourite} of {runs} named a favourite");
    assert!(fair >= runs * 9 / 10, "{fair} of {runs} found fair");
}
