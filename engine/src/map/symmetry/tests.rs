use super::*;
use crate::layout::Orientation;
use crate::map::{Coord, Length, TerrainKind, TerrainShape, Zone};

fn empty(orientation: Orientation, players: u8) -> Map {
    let mut map = Map::new_empty("S", orientation, 10.0, 300.0, 300.0).unwrap();
    map.players = players;
    map
}

/// Every symmetry the editor offers: each mode about each of its centres.
fn all(orientation: Orientation) -> Vec<Symmetry> {
    Mode::ALL
        .into_iter()
        .flat_map(|m| {
            m.centres(orientation)
                .into_iter()
                .map(move |c| Symmetry::new(m, c))
        })
        .collect()
}

#[test]
fn each_mode_lists_the_centres_the_grid_allows() {
    use Centre::{Corner, Edge, Hex as H};
    use Orientation::{Flat, Pointy};
    let v = Mode::Mirror(Axis::Vertical);
    let h = Mode::Mirror(Axis::Horizontal);
    assert_eq!(Mode::Off.centres(Pointy), []);
    assert_eq!(Mode::Point.centres(Pointy), [H, Edge]);
    assert_eq!(Mode::Point.centres(Flat), [H, Edge]);
    // Pointy rows are staggered: a horizontal mirror only works along a row.
    assert_eq!(v.centres(Pointy), [H, Edge]);
    assert_eq!(h.centres(Pointy), [H]);
    assert_eq!(v.centres(Flat), [H]);
    assert_eq!(h.centres(Flat), [H, Edge]);
    assert_eq!(Mode::Turn3.centres(Pointy), [H, Corner]);
    assert_eq!(Mode::Turn3.centres(Flat), [H, Corner]);
    assert_eq!(Mode::Mirror4.centres(Pointy), [H, Edge]);
    assert_eq!(Mode::Mirror4.centres(Flat), [H, Edge]);
}

#[test]
fn hex_images_agree_with_the_images_of_hex_centres() {
    for o in [Orientation::Pointy, Orientation::Flat] {
        let map = empty(o, 2);
        let layout = map.hex_layout();
        for s in all(o) {
            for image in s.images(&map) {
                for q in -6..=6 {
                    for r in -6..=6 {
                        let h = Hex::new(q, r);
                        let want = image.point(layout.center(h));
                        let got = layout.center(image.hex(h));
                        assert!(
                            want.distance(got) < 1e-9,
                            "{o:?} {s:?} {image:?}: {h:?} goes to {got:?}, not {want:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_images_and_the_identity_make_a_group_that_permutes_the_players() {
    for o in [Orientation::Pointy, Orientation::Flat] {
        let map = empty(o, 4);
        for s in all(o) {
            let images = s.images(&map);
            let n = s.mode.players().unwrap_or(1);
            assert_eq!(images.len() + 1, n, "{s:?}: one image per other player");
            let probe = [Hex::new(2, -5), Hex::new(-3, 1), Hex::new(4, 4)];
            for a in &images {
                // Each image moves every player onto another one.
                let moved: BTreeSet<u8> = (0..n).map(|p| a.side(PlayerId(p as u8)).0).collect();
                assert_eq!(moved.len(), n, "{s:?}: {a:?} is a permutation");
                assert!((0..n).all(|p| a.side(PlayerId(p as u8)).index() != p));
                for b in &images {
                    let hexes: Vec<Hex> = probe.iter().map(|&h| a.hex(b.hex(h))).collect();
                    let sides: Vec<Side> = (0..4).map(|p| a.side(b.side(PlayerId(p)))).collect();
                    let identity =
                        hexes == probe && sides.iter().enumerate().all(|(i, s)| s.index() == i);
                    let another = images.iter().any(|c| {
                        probe.iter().map(|&h| c.hex(h)).collect::<Vec<_>>() == hexes
                            && (0..4).map(|p| c.side(PlayerId(p))).collect::<Vec<_>>() == sides
                    });
                    assert!(identity || another, "{s:?}: {a:?} after {b:?}");
                }
            }
        }
    }
}

#[test]
fn a_half_turn_about_an_edge_swaps_the_two_hexes_beside_it() {
    let pointy = Symmetry::new(Mode::Point, Centre::Edge).images(&empty(Orientation::Pointy, 2));
    assert_eq!(pointy[0].hex(Hex::ZERO), Hex::new(1, 0));
    assert_eq!(pointy[0].hex(Hex::new(1, 0)), Hex::ZERO);
    let flat = Symmetry::new(Mode::Point, Centre::Edge).images(&empty(Orientation::Flat, 2));
    assert_eq!(flat[0].hex(Hex::ZERO), Hex::new(0, 1));
}

#[test]
fn a_turn_about_a_corner_cycles_the_three_hexes_round_it() {
    let map = empty(Orientation::Pointy, 3);
    let images = Symmetry::new(Mode::Turn3, Centre::Corner).images(&map);
    let trio = [Hex::ZERO, Hex::new(1, 0), Hex::new(0, 1)];
    for image in &images {
        let mut moved: Vec<Hex> = trio.iter().map(|&h| image.hex(h)).collect();
        assert_ne!(moved, trio);
        moved.sort_by_key(|&h| hex_key(h));
        let mut want = trio.to_vec();
        want.sort_by_key(|&h| hex_key(h));
        assert_eq!(moved, want);
    }
}

#[test]
fn a_centre_the_mode_cannot_use_counts_as_the_hex_centre() {
    let map = empty(Orientation::Pointy, 3);
    assert_eq!(
        Symmetry::new(Mode::Turn3, Centre::Edge).images(&map),
        Symmetry::new(Mode::Turn3, Centre::Hex).images(&map)
    );
}

#[test]
fn a_mode_fits_maps_of_its_player_count() {
    let three = empty(Orientation::Pointy, 3);
    assert!(Mode::Turn3.fits(&three));
    assert!(Mode::Off.fits(&three));
    assert!(!Mode::Point.fits(&three));
    assert!(!Mode::Mirror4.fits(&three));
}

#[test]
fn an_empty_map_is_symmetric_in_every_mode() {
    for o in [Orientation::Pointy, Orientation::Flat] {
        let map = empty(o, 2);
        let cov = Coverage::new(&map).unwrap();
        // A rectangle has no 120° turn.
        let rectangle = |s: &Symmetry| s.centre == Centre::Hex && s.mode != Mode::Turn3;
        for s in all(o).into_iter().filter(rectangle) {
            assert!(breaks(&map, &cov, s).is_empty(), "{s:?}");
        }
    }
}

#[test]
fn a_lone_base_breaks_point_symmetry_until_mirrored() {
    let mut map = empty(Orientation::Pointy, 2);
    let point = Symmetry::new(Mode::Point, Centre::Hex);
    let base = Feature {
        hex: Hex::new(-5, 1),
        kind: FeatureKind::Base { side: PlayerId(0) },
    };
    map.features.push(base);
    let cov = Coverage::new(&map).unwrap();
    assert_eq!(breaks(&map, &cov, point), vec![base.hex]);
    assert!(breaks(&map, &cov, Symmetry::OFF).is_empty());

    let image = point.images(&map)[0].feature(base);
    assert_eq!(image.hex, Hex::new(5, -1));
    assert_eq!(image.kind, FeatureKind::Base { side: PlayerId(1) });
    map.features.push(image);
    assert!(breaks(&map, &cov, point).is_empty());
}

#[test]
fn a_base_for_each_of_three_players_keeps_the_turn() {
    let mut map = empty(Orientation::Pointy, 3);
    let turn = Symmetry::new(Mode::Turn3, Centre::Hex);
    let base = Feature {
        hex: Hex::new(0, -8),
        kind: FeatureKind::Base { side: PlayerId(0) },
    };
    map.features.push(base);
    let cov = Coverage::new(&map).unwrap();
    // The square area is not a hexagon: trim the grid to what turns.
    let broken_grid = breaks(&map, &cov, turn);
    assert!(broken_grid.contains(&base.hex));
    for image in turn.images(&map) {
        map.features.push(image.feature(base));
    }
    let sides: Vec<Side> = map.features.iter().filter_map(|f| f.kind.side()).collect();
    assert_eq!(sides, [PlayerId(0), PlayerId(1), PlayerId(2)]);
    let after = breaks(&map, &cov, turn);
    assert!(!after.contains(&base.hex));
    assert!(after.iter().all(|h| broken_grid.contains(h)));
}

#[test]
fn terrain_and_zones_are_checked_through_their_images() {
    for (s, players) in [
        (Symmetry::new(Mode::Point, Centre::Hex), 2),
        (Symmetry::new(Mode::Point, Centre::Edge), 2),
        (Symmetry::new(Mode::Mirror(Axis::Vertical), Centre::Hex), 2),
        (
            Symmetry::new(Mode::Mirror(Axis::Horizontal), Centre::Hex),
            2,
        ),
        (Symmetry::new(Mode::Mirror4, Centre::Hex), 4),
    ] {
        let mut map = empty(Orientation::Pointy, players);
        // A grid region symmetric about the centre, whichever it is.
        let c = s.centre.point(&map);
        map.grid = crate::map::Polygon::new(vec![
            Point::new(c.x - 120.0, c.y - 120.0),
            Point::new(c.x + 120.0, c.y - 120.0),
            Point::new(c.x + 120.0, c.y + 120.0),
            Point::new(c.x - 120.0, c.y + 120.0),
        ])
        .unwrap();
        let lake = TerrainPiece {
            kind: TerrainKind::Water,
            shape: TerrainShape::Circle {
                center: Coord(Point::new(c.x - 70.0, c.y - 40.0)),
                radius: Length::new(25.0).unwrap(),
            },
        };
        map.terrain.push(lake.clone());
        let zone_hex = Hex::new(-6, 0);
        map.zones.push(Zone {
            side: PlayerId(0),
            hexes: vec![zone_hex],
        });
        let cov = Coverage::new(&map).unwrap();
        assert!(breaks(&map, &cov, Symmetry::OFF).is_empty());
        let broken = breaks(&map, &cov, s);
        assert!(broken.contains(&zone_hex), "{s:?}: the zone hex");
        assert!(broken.len() > 2, "{s:?}: the lake's hexes");

        for image in s.images(&map) {
            map.terrain.push(image.piece(&lake).unwrap());
            map.zones.push(Zone {
                side: image.side(PlayerId(0)),
                hexes: vec![image.hex(zone_hex)],
            });
        }
        let cov = Coverage::new(&map).unwrap();
        assert!(breaks(&map, &cov, s).is_empty(), "{s:?}");
    }
}
