//! The map generator over its whole parameter range: every map it makes
//! validates with no error, has one zone and base per side and the
//! features asked for (as room allows), keeps the symmetry asked for hex by
//! hex, and has more than one route between every two zones; the same seed
//! makes the same map; parameters out of range are refused with a reason.

use hexwright_engine::Hex;
use hexwright_engine::coverage::Coverage;
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::generate::{Params, Size, Style, generate};
use hexwright_engine::map::{FeatureKind, Map};
use hexwright_engine::symmetry::{self, Centre, Mode, Symmetry};
use hexwright_engine::transform::Axis;
use hexwright_engine::validate::{Severity, validate};
use proptest::prelude::*;
use std::collections::{HashSet, VecDeque};

fn arb_params() -> impl Strategy<Value = Params> {
    (
        2u8..=4,
        0usize..3,
        prop::sample::select(Style::ALL.to_vec()),
        prop_oneof![Just(Orientation::Pointy), Just(Orientation::Flat)],
        prop_oneof![
            (150u32..=1600).prop_map(Size::Hexes),
            (900.0f64..2400.0, 700.0f64..1800.0)
                .prop_map(|(width, height)| Size::Area { width, height }),
        ],
        (0u8..=3, any::<bool>(), 0u8..=3, 0u8..=6, 0u8..=3),
    )
        .prop_map(
            |(players, m, style, orientation, size, (obj, centre, out, bush, bar))| {
                let modes: Vec<Mode> = Mode::ALL
                    .into_iter()
                    .filter(|x| x.players().is_none_or(|n| n == usize::from(players)))
                    .collect();
                Params {
                    players,
                    size,
                    orientation,
                    symmetry: modes[m % modes.len()],
                    style,
                    objectives: obj,
                    centre_objective: centre,
                    outposts: out,
                    bushes: bush,
                    barracks: bar,
                }
            },
        )
        .prop_filter("a size the generator takes", |p| p.check().is_ok())
}

/// Whether zones `a` and `b` are joined by a way that avoids one shortest
/// way between them and the hexes beside it (away from the zones).
fn two_routes(usable: &HashSet<Hex>, a: &[Hex], b: &[Hex]) -> bool {
    let reach = |avoid: &HashSet<Hex>| -> Vec<(Hex, Option<Hex>)> {
        let mut seen: HashSet<Hex> = a.iter().copied().collect();
        let mut order: Vec<(Hex, Option<Hex>)> = a.iter().map(|&h| (h, None)).collect();
        let mut queue: VecDeque<usize> = (0..order.len()).collect();
        while let Some(i) = queue.pop_front() {
            let h = order[i].0;
            for n in h.all_neighbors() {
                if usable.contains(&n) && !avoid.contains(&n) && seen.insert(n) {
                    order.push((n, Some(h)));
                    queue.push_back(order.len() - 1);
                }
            }
        }
        order
    };
    let first = reach(&HashSet::new());
    let Some(end) = first.iter().position(|(h, _)| b.contains(h)) else {
        return false;
    };
    let parent: std::collections::HashMap<Hex, Option<Hex>> = first.iter().copied().collect();
    let mut path = vec![first[end].0];
    while let Some(Some(p)) = parent.get(path.last().unwrap()) {
        path.push(*p);
    }
    let near = |h: Hex| a.iter().chain(b).any(|&z| z.unsigned_distance_to(h) <= 2);
    let band: HashSet<Hex> = path
        .iter()
        .flat_map(|&h| std::iter::once(h).chain(h.all_neighbors()))
        .filter(|&h| !near(h))
        .collect();
    reach(&band).iter().any(|(h, _)| b.contains(h))
}

fn count(map: &Map, f: impl Fn(FeatureKind) -> bool) -> usize {
    map.features.iter().filter(|x| f(x.kind)).count()
}

proptest! {
    #![proptest_config(crate::common::proptest_config(3000))]

    #[test]
    fn generated_maps_are_valid_symmetric_and_open(params in arb_params(), seed in any::<u64>()) {
        let map = generate(&params, seed).unwrap();
        let coverage = Coverage::new(&map).unwrap();
        let errors: Vec<String> = validate(&map, &coverage)
            .into_iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| f.to_string())
            .collect();
        prop_assert!(errors.is_empty(), "{params:?} seed {seed}: {errors:?}");
        let n = usize::from(params.players);
        prop_assert_eq!(map.zones.len(), n);
        prop_assert_eq!(count(&map, |k| matches!(k, FeatureKind::Base { .. })), n);
        prop_assert!(count(&map, |k| k == FeatureKind::Objective) <= n * usize::from(params.objectives) + 1);
        prop_assert!(count(&map, |k| k == FeatureKind::Bush) <= n * usize::from(params.bushes));
        if params.symmetry != Mode::Off {
            let s = Symmetry::new(params.symmetry, Centre::Hex);
            let broken = symmetry::breaks(&map, &coverage, s);
            prop_assert!(broken.is_empty(), "{params:?} seed {seed}: breaks at {broken:?}");
        }
        let usable: HashSet<Hex> = coverage.usable_hexes().into_iter().collect();
        for (i, a) in map.zones.iter().enumerate() {
            for b in &map.zones[i + 1..] {
                prop_assert!(
                    two_routes(&usable, &a.hexes, &b.hexes),
                    "{params:?} seed {seed}: one route between sides {} and {}", a.side, b.side
                );
            }
        }
    }
}

#[test]
fn the_same_seed_and_parameters_make_the_same_map() {
    for players in 2..=4 {
        let params = Params {
            style: Style::Islands,
            ..Params::new(players)
        };
        let a = generate(&params, 99).unwrap();
        assert_eq!(a, generate(&params, 99).unwrap());
        let g = a.meta.generated.as_ref().unwrap();
        assert_eq!((g.seed, &g.params), (99, &params));
        // What the metadata records makes the map again.
        assert_eq!(generate(&g.params, g.seed).unwrap(), a);
        // The map file round-trips, the record with it.
        let text = hexwright_engine::format::to_ron_string(&a).unwrap();
        assert_eq!(hexwright_engine::format::parse_map(&text, "m").unwrap(), a);
    }
}

#[test]
fn parameters_out_of_range_are_refused_with_a_reason() {
    let bad = [
        (Params::new(5), "5 players"),
        (
            Params {
                symmetry: Mode::Turn3,
                ..Params::new(2)
            },
            "is for 3 players",
        ),
        (
            Params {
                symmetry: Mode::Mirror(Axis::Vertical),
                ..Params::new(4)
            },
            "is for 2 players",
        ),
        (
            Params {
                size: Size::Hexes(20),
                ..Params::new(2)
            },
            "20 hexes",
        ),
        (
            Params {
                size: Size::Area {
                    width: f64::NAN,
                    height: 800.0,
                },
                ..Params::new(2)
            },
            "holds about",
        ),
        (
            Params {
                bushes: 200,
                ..Params::new(2)
            },
            "200 bushes",
        ),
    ];
    for (params, says) in bad {
        let e = generate(&params, 1).unwrap_err().to_string();
        assert!(e.contains(says), "{e}");
    }
}
