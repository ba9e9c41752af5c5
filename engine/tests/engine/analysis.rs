//! Map analysis on the bundled maps: every design is symmetric, so every
//! fairness figure is even between its players (2, 3 and 4 of them), and
//! moving one objective towards one zone makes the figures say so.
//!
//! A bundled map made fair by the balance assistant's asymmetric edits is
//! checked as designed, from `engine/tests/fixtures/designs/`.

use hexwright_engine::analysis::{Analysis, Movement};
use hexwright_engine::coverage::Coverage;
use hexwright_engine::format;
use hexwright_engine::map::{FeatureKind, Map};
use hexwright_engine::player::PlayerId;
use std::path::Path;

const BUNDLED: [&str; 5] = [
    "twin-fords",
    "broken-crown",
    "ember-isles",
    "three-passes",
    "four-corners",
];

fn map(name: &str) -> Map {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(format!("{name}.ron"));
    format::load_map(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// The map as designed, before any balance edit: the design fixture when
/// the bundled map was edited, else the bundled map.
fn design(name: &str) -> Map {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/designs")
        .join(format!("{name}.ron"));
    if path.exists() {
        format::load_map(&path).unwrap_or_else(|e| panic!("{e}"))
    } else {
        map(name)
    }
}

fn analyse(map: &Map) -> Analysis {
    let coverage = Coverage::new(map).unwrap_or_else(|e| panic!("{e}"));
    Analysis::new(map, &coverage, Movement::for_players(map.player_count()))
}

#[test]
fn every_bundled_symmetric_map_gives_equal_rows() {
    let mut players_seen = Vec::new();
    for name in BUNDLED {
        let m = design(name);
        let a = analyse(&m);
        players_seen.push(a.players);
        for f in &a.fairness.figures {
            let spread = f.spread.unwrap_or_else(|| panic!("{name}: {f:?}"));
            assert!(spread.abs() < 1e-9, "{name}: {} is uneven: {f:?}", f.id);
            assert_eq!(f.favours, None, "{name}: {f:?}");
        }
        // Every player reaches every objective, and each is reached first
        // by someone (or tied).
        for feature in &a.reach.features {
            assert!(
                feature.steps.iter().all(Option::is_some),
                "{name}: {feature:?}"
            );
            assert!(!feature.first().is_empty());
        }
    }
    players_seen.sort_unstable();
    assert_eq!(players_seen, vec![2, 2, 2, 3, 4]);
}

#[test]
fn moving_an_objective_towards_a_zone_favours_that_player() {
    let mut m = map("twin-fords");
    let before = analyse(&m);
    let zone = m.zone_of(PlayerId(0)).expect("a zone").hexes[0];
    // The objective farthest from side 0's zone, moved right beside it.
    let far = before
        .reach
        .features
        .iter()
        .filter(|f| f.kind == FeatureKind::Objective)
        .max_by_key(|f| f.steps[0])
        .expect("objectives")
        .hex;
    let free = before
        .arena
        .hexes()
        .iter()
        .copied()
        .filter(|h| m.feature_at(*h).is_none())
        .filter(|h| m.zones.iter().all(|z| !z.hexes.contains(h)))
        .min_by_key(|h| h.unsigned_distance_to(zone))
        .expect("a free hex");
    let f = m
        .features
        .iter_mut()
        .find(|f| f.hex == far)
        .expect("the objective");
    f.hex = free;
    let after = analyse(&m);
    let first = after.fairness.figure("objectives_first").expect("a figure");
    assert!(first.is_uneven(), "{first:?}");
    assert_eq!(first.favours, Some(PlayerId(0)));
    let mean = after.fairness.figure("mean_objective").expect("a figure");
    assert_eq!(mean.favours, Some(PlayerId(0)), "{mean:?}");
}

#[test]
fn bundled_maps_show_their_passes() {
    // Three passes is a vale parted by ridges: the analysis finds narrow
    // passages, each a few hexes wide, that lengthen someone's way.
    let a = analyse(&map("three-passes"));
    assert!(!a.chokes.is_empty());
    for c in &a.chokes {
        assert!(c.width >= 1 && c.width == c.hexes.len());
        assert!(c.impact() > 0);
    }
}
