//! Adversarial brush-stroke maps (issue 60): strokes side by side a
//! fraction of a unit apart, strokes through one point or one hex corner,
//! the same stroke repeated, paint and erase alternating on one path, and a
//! stroke retracing itself or crossing itself at one point, at brush radii from a fifth of a hex to well
//! past the editor's largest. Every such map is either computed, within the
//! map's budget and with the results the geometry forces, or refused with
//! the hex and the pieces that make it too detailed; never computed without
//! bound (the time at the budget is `cargo bench -p hexwright-engine
//! --bench hostile`'s "worst stroke maps").

#[path = "support/strokes.rs"]
mod support;

use crate::common::proptest_config;
use hexwright_engine::coverage::Coverage;
use hexwright_engine::limits;
use hexwright_engine::map::{LimitError, Map};
use proptest::prelude::*;
use support::{Family, stroke_family};

fn arb_family() -> impl Strategy<Value = Family> {
    let radius = prop_oneof![0.2..1.0f64, 1.0..8.0f64, 8.0..20.0f64];
    prop_oneof![
        (2usize..120, radius.clone(), 0.001..0.5f64, any::<bool>()).prop_map(
            |(n, radius, gap, wavy)| Family::SideBySide {
                n,
                radius,
                gap,
                wavy
            }
        ),
        (2usize..400, radius.clone(), 0usize..3).prop_map(|(n, radius, at)| Family::ThroughOne {
            n,
            radius,
            at
        }),
        (2usize..200, radius.clone(), prop::option::of(0.0..0.01f64))
            .prop_map(|(n, radius, jitter)| { Family::Repeated { n, radius, jitter } }),
        (2usize..200, radius.clone(), any::<bool>()).prop_map(|(n, radius, end_erased)| {
            Family::PaintErase {
                n,
                radius,
                end_erased,
            }
        }),
        (2usize..60, radius.clone()).prop_map(|(laps, radius)| Family::Retrace { laps, radius }),
        (2usize..400, radius).prop_map(|(n, radius)| Family::Asterisk { n, radius }),
    ]
}

/// Every hex's free fraction, by the coverage's hex order.
fn fractions(c: &Coverage) -> Vec<f64> {
    c.hexes()
        .iter()
        .map(|&h| c.free_fraction(h).unwrap_or(f64::NAN))
        .collect()
}

/// The coverage of `map` with its terrain replaced by `pieces`.
fn with_terrain(map: &Map, pieces: &[hexwright_engine::map::TerrainPiece]) -> Coverage {
    let mut m = map.clone();
    m.terrain = pieces.to_vec();
    Coverage::new(&m).expect("a single stroke is computed")
}

fn assert_same(a: &[f64], b: &[f64], what: &str) {
    assert_eq!(a.len(), b.len());
    for (k, (x, y)) in a.iter().zip(b).enumerate() {
        assert!((x - y).abs() <= 1e-9, "{what}: hex {k}: {x} against {y}");
    }
}

proptest! {
    #![proptest_config(proptest_config(24))]

    #[test]
    fn adversarial_stroke_maps_are_computed_within_the_budget_or_refused_with_the_hex(
        family in arb_family()
    ) {
        let map = stroke_family(&family);
        let pieces = map.terrain.len();
        match Coverage::new(&map) {
            Ok(c) => {
                prop_assert!(c.work() <= limits::MAX_COVERAGE_WORK);
                let got = fractions(&c);
                prop_assert!(got.iter().all(|f| (0.0..=1.0 + 1e-9).contains(f)));
                // What the geometry forces, where it forces something.
                match family {
                    Family::Repeated { jitter: None, .. } => {
                        let one = with_terrain(&map, &map.terrain[..1]);
                        assert_same(&got, &fractions(&one), "a repeated stroke is one stroke");
                    }
                    Family::PaintErase { end_erased: true, .. } => {
                        let none = with_terrain(&map, &[]);
                        assert_same(&got, &fractions(&none), "the last eraser clears the path");
                    }
                    Family::PaintErase { end_erased: false, .. } => {
                        let last = with_terrain(&map, &map.terrain[pieces - 1..]);
                        assert_same(&got, &fractions(&last), "the last stroke paints the path");
                    }
                    Family::SideBySide { .. } | Family::ThroughOne { .. } => {
                        // Adding strokes only covers more.
                        let first = fractions(&with_terrain(&map, &map.terrain[..1]));
                        for (k, (all, one)) in got.iter().zip(&first).enumerate() {
                            prop_assert!(all <= &(one + 1e-9), "hex {}: {} > {}", k, all, one);
                        }
                    }
                    Family::Repeated { .. } | Family::Retrace { .. } | Family::Asterisk { .. } => {}
                }
            }
            Err(
                LimitError::TooDetailed { q, r, pieces: named, .. }
                | LimitError::TooTangled { q, r, pieces: named, .. },
            ) => {
                // The hex is on the map, and the pieces named are its own.
                let hex = hexwright_engine::Hex::new(q, r);
                let grid = Coverage::new(&with_terrain_empty(&map)).expect("empty map");
                prop_assert!(grid.hexes().contains(&hex), "hex {},{} is not on the map", q, r);
                prop_assert!(!named.first.is_empty());
                prop_assert!(named.first.iter().all(|&p| p < pieces));
                prop_assert!(named.first.len() + named.more <= pieces);
            }
            Err(
                LimitError::StrokeWork { .. }
                | LimitError::StrokeReach { .. }
                | LimitError::StrokeCrossings { .. },
            ) => {}
            Err(e) => prop_assert!(false, "unexpected refusal: {}", e),
        }
    }
}

fn with_terrain_empty(map: &Map) -> Map {
    let mut m = map.clone();
    m.terrain.clear();
    m
}
