//! The strength ladder on the bundled two-player maps: each bot plays the
//! next stronger one (random against greedy, greedy against the planner,
//! the planner against search at its default budget) in seat-swapped
//! games on each map, through `ladder::play_prepared`, and the
//! Bradley–Terry ratings fitted to all of them order the bots random <
//! greedy < planner < search.
//!
//! A small ladder (four games per pair and map, and the chain of
//! neighbours rather than every pair, whose games against the search bot
//! cost most), so it runs in CI; the seeds are fixed, so it is the same
//! ladder every run. `docs/bots.md` has the large measurements, with their
//! intervals.

use hexwright_engine::bots::BotKind;
use hexwright_engine::format;
use hexwright_engine::ladder::{self, LadderSpec, PairResult};
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::scenario::Scenario;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// Matches per pair and map: four seat-swapped games.
const MATCHES: usize = 8;

#[test]
fn ratings_order_random_greedy_planner_search_on_the_bundled_maps() {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let roster = Roster::bundled();
    let bots = vec![
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Planner,
        BotKind::Search,
    ];
    let never = AtomicBool::new(false);
    let mut pairs: Vec<PairResult> = Vec::new();
    for name in ["twin-fords.ron", "broken-crown.ron", "ember-isles.ron"] {
        let map = format::load_map(&maps.join(name)).unwrap();
        let prepared = Scenario::for_map(map, 1, 60)
            .prepare(&maps, &roster, name)
            .unwrap();
        for w in bots.windows(2) {
            let spec = LadderSpec {
                bots: w.to_vec(),
                matches: MATCHES,
                seed: 1,
            };
            let played = ladder::play_prepared(&prepared, &spec, &|_| {}, &never).unwrap();
            assert!(!played.cancelled);
            let [p] = played.pairs.as_slice() else {
                panic!("{name}: one pair, not {:?}", played.pairs);
            };
            assert_eq!((p.matches, p.games), (MATCHES, MATCHES / 2), "{name}");
            pairs.push(p.clone());
        }
    }
    let ratings = ladder::fit(&bots, &pairs);
    let elo: Vec<f64> = ratings.iter().map(|r| r.elo).collect();
    assert!(
        elo.windows(2).all(|w| w[0] < w[1]),
        "ratings not in order random < greedy < planner < search: {ratings:#?}"
    );
    let score = |a: BotKind, b: BotKind| {
        let p: Vec<&PairResult> = pairs.iter().filter(|p| (p.a, p.b) == (a, b)).collect();
        let games: usize = p.iter().map(|p| p.games).sum();
        p.iter()
            .map(|p| p.score.value * p.games as f64)
            .sum::<f64>()
            / games as f64
    };
    // Each stronger bot wins its pairing over the three maps.
    for w in bots.windows(2) {
        let s = score(w[0], w[1]);
        assert!(s < 0.5, "{} scores {s} against {}", w[0], w[1]);
    }
}
