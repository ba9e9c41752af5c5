//! The generator's tests: valid maps for every style, symmetry and player
//! count; the same map for the same seed; symmetric maps symmetric.

use super::*;
use crate::validate::{Severity, validate};

fn errors(map: &Map) -> Vec<String> {
    let coverage = Coverage::new(map).unwrap();
    validate(map, &coverage)
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| f.to_string())
        .collect()
}

#[test]
fn every_style_and_symmetry_makes_valid_maps() {
    for players in 2..=4u8 {
        let modes: Vec<Mode> = Mode::ALL
            .into_iter()
            .filter(|m| m.players().is_none_or(|n| n == usize::from(players)))
            .collect();
        for mode in modes {
            for style in Style::ALL {
                for seed in 0..3 {
                    let params = Params {
                        symmetry: mode,
                        style,
                        ..Params::new(players)
                    };
                    let map = generate(&params, seed).unwrap();
                    let e = errors(&map);
                    assert!(e.is_empty(), "{players} {mode:?} {style} {seed}: {e:?}");
                }
            }
        }
    }
}

#[test]
fn the_same_seed_makes_the_same_map() {
    let params = Params {
        style: Style::Rivers,
        ..Params::new(4)
    };
    assert_eq!(generate(&params, 7).unwrap(), generate(&params, 7).unwrap());
    assert_ne!(generate(&params, 7).unwrap(), generate(&params, 8).unwrap());
}
