//! The usable-hex rule: exact geometry at the half-area threshold, region
//! clipping, overlapping pieces, erasers, and incremental == full recompute.

use hexwright_engine::Hex;
use hexwright_engine::board::Board;
use hexwright_engine::coverage::Coverage;
use hexwright_engine::geom::Point;
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::{
    Coord, GridPart, HexList, Length, Map, Path, Polygon, TerrainKind, TerrainPiece, TerrainShape,
};
use proptest::prelude::*;

fn open_map(orientation: Orientation) -> Map {
    let mut m = Map::new_empty("t", orientation, 10.0, 200.0, 200.0).unwrap();
    m.grid = Polygon::new(vec![
        Point::new(0.0, 0.0),
        Point::new(200.0, 0.0),
        Point::new(200.0, 200.0),
        Point::new(0.0, 200.0),
    ])
    .unwrap();
    m
}

fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> TerrainShape {
    TerrainShape::Polygon {
        points: Polygon::new(vec![
            Point::new(x0, y0),
            Point::new(x1, y0),
            Point::new(x1, y1),
            Point::new(x0, y1),
        ])
        .unwrap(),
    }
}

fn piece(shape: TerrainShape) -> TerrainPiece {
    TerrainPiece {
        kind: TerrainKind::Rock,
        shape,
    }
}

#[test]
fn hex_half_covered_through_its_centre_is_usable() {
    for o in [Orientation::Pointy, Orientation::Flat] {
        let mut m = open_map(o);
        // Hex (0,0) is centred at (100, 100); cover everything left of x = 100.
        m.terrain.push(piece(rect(-10.0, 80.0, 100.0, 120.0)));
        let c = Coverage::new(&m).unwrap();
        let f = c.free_fraction(Hex::ZERO).unwrap();
        assert!((f - 0.5).abs() < 1e-12, "{o:?}: free fraction {f}");
        assert!(
            c.is_usable(Hex::ZERO),
            "{o:?}: exactly half free must be usable"
        );
    }
}

#[test]
fn hex_covered_by_half_plus_a_little_is_unusable() {
    for o in [Orientation::Pointy, Orientation::Flat] {
        let mut m = open_map(o);
        // 0.01 world units past the centre line: about 0.07% of the hex more.
        m.terrain.push(piece(rect(-10.0, 80.0, 100.01, 120.0)));
        let c = Coverage::new(&m).unwrap();
        let f = c.free_fraction(Hex::ZERO).unwrap();
        assert!(f < 0.5 && f > 0.49, "{o:?}: free fraction {f}");
        assert!(!c.is_usable(Hex::ZERO));
    }
}

#[test]
fn grid_region_edge_clips_hexes() {
    let mut m = open_map(Orientation::Pointy);
    // The region's right edge runs through the centre of hex (0,0).
    m.grid = Polygon::new(vec![
        Point::new(0.0, 0.0),
        Point::new(100.0, 0.0),
        Point::new(100.0, 200.0),
        Point::new(0.0, 200.0),
    ])
    .unwrap();
    let c = Coverage::new(&m).unwrap();
    assert!((c.free_fraction(Hex::ZERO).unwrap() - 0.5).abs() < 1e-12);
    assert!(c.is_usable(Hex::ZERO));
    // Hex (1,0) lies entirely right of x = 100 + 10·√3/2 > 100: outside the grid.
    assert!(c.free_fraction(Hex::new(1, 0)).is_none());
    // A terrain piece over the in-region half of hex (0,0) leaves it with nothing.
    m.terrain.push(piece(rect(95.0, 80.0, 150.0, 120.0)));
    let c = Coverage::new(&m).unwrap();
    let f = c.free_fraction(Hex::ZERO).unwrap();
    assert!(f < 0.5, "{f}");
    // Only the strip 91.34..95 remains free inside the region.
    assert!(!c.is_usable(Hex::ZERO));
}

#[test]
fn overlapping_pieces_are_counted_once() {
    let free_with = |pieces: Vec<TerrainShape>| {
        let mut m = open_map(Orientation::Pointy);
        m.terrain = pieces.into_iter().map(piece).collect();
        Coverage::new(&m).unwrap().free_fraction(Hex::ZERO).unwrap()
    };
    // A band covering the left ~40% of hex (0,0) (centre x = 100).
    let single = free_with(vec![rect(-10.0, 80.0, 98.0, 120.0)]);
    assert!(single > 0.5 && single < 0.7, "{single}");
    // Counted twice, the same band would leave less than half free.
    assert!(1.0 - 2.0 * (1.0 - single) < 0.5);
    let twice = free_with(vec![
        rect(-10.0, 80.0, 98.0, 120.0),
        rect(-10.0, 80.0, 98.0, 120.0),
    ]);
    assert!((twice - single).abs() < 1e-9, "{twice} vs {single}");
    // Partly overlapping pieces cover exactly their union.
    let union = free_with(vec![
        rect(-10.0, 80.0, 98.0, 100.0),
        rect(-10.0, 90.0, 98.0, 120.0),
    ]);
    assert!((union - single).abs() < 1e-9, "{union} vs {single}");
    let mut m = open_map(Orientation::Pointy);
    m.terrain = vec![
        piece(rect(-10.0, 80.0, 98.0, 120.0)),
        piece(rect(-10.0, 80.0, 98.0, 120.0)),
    ];
    assert!(Coverage::new(&m).unwrap().is_usable(Hex::ZERO));
}

#[test]
fn eraser_removes_painted_coverage_but_not_polygons() {
    let mut m = open_map(Orientation::Pointy);
    let stroke = |erase: bool, r: f64| {
        piece(TerrainShape::Stroke {
            radius: Length::new(r).unwrap(),
            points: Path::new(vec![Point::new(60.0, 100.0), Point::new(140.0, 100.0)]).unwrap(),
            erase,
        })
    };
    let mut board = Board::new(m.clone()).unwrap();
    assert!(board.coverage().is_usable(Hex::ZERO));
    board.push_piece(stroke(false, 12.0)).unwrap();
    assert!(!board.coverage().is_usable(Hex::ZERO), "painted over");
    board.push_piece(stroke(true, 14.0)).unwrap();
    assert!(board.coverage().is_usable(Hex::ZERO), "erased again");
    assert!((board.coverage().free_fraction(Hex::ZERO).unwrap() - 1.0).abs() < 1e-9);
    // An eraser does not remove a circle.
    m.terrain.push(piece(TerrainShape::Circle {
        center: Coord(Point::new(100.0, 100.0)),
        radius: Length::new(12.0).unwrap(),
    }));
    m.terrain.push(stroke(true, 14.0));
    let c = Coverage::new(&m).unwrap();
    assert!(!c.is_usable(Hex::ZERO));
    // Paint placed after an eraser is not erased by it.
    let mut m = open_map(Orientation::Pointy);
    m.terrain.push(stroke(true, 14.0));
    m.terrain.push(stroke(false, 12.0));
    assert!(!Coverage::new(&m).unwrap().is_usable(Hex::ZERO));
}

#[test]
fn grid_holds_only_hexes_touching_the_region() {
    let m = open_map(Orientation::Flat);
    let c = Coverage::new(&m).unwrap();
    let layout = m.hex_layout();
    for &h in c.hexes() {
        let center = layout.center(h);
        assert!(center.x > -10.0 && center.x < 210.0 && center.y > -10.0 && center.y < 210.0);
    }
    // Hexes are ordered by r then q.
    let keys: Vec<_> = c.hexes().iter().map(|h| (h.y, h.x)).collect();
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    assert_eq!(keys, sorted);
}

#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, TerrainPiece),
    Remove(usize),
    Replace(usize, TerrainPiece),
}

fn arb_piece() -> impl Strategy<Value = TerrainPiece> {
    let pt = || (0.0..200.0f64, 0.0..200.0f64).prop_map(|(x, y)| Point::new(x, y));
    prop_oneof![
        prop::collection::vec(pt(), 3..8).prop_map(|pts| piece(TerrainShape::Polygon {
            points: Polygon::new(pts).unwrap()
        })),
        (pt(), 1.0..40.0f64).prop_map(|(c, r)| piece(TerrainShape::Circle {
            center: Coord(c),
            radius: Length::new(r).unwrap()
        })),
        (
            prop::collection::vec(pt(), 1..6),
            2.0..15.0f64,
            any::<bool>()
        )
            .prop_map(|(pts, r, erase)| piece(TerrainShape::Stroke {
                radius: Length::new(r).unwrap(),
                points: Path::new(pts).unwrap(),
                erase
            })),
        // A hex-brush stroke: whole hexes, some of them off the grid.
        prop::collection::vec((-8..9i32, -8..9i32), 1..24).prop_map(|hs| piece(
            TerrainShape::Hexes {
                hexes: HexList::new(hs.into_iter().map(|(q, r)| Hex::new(q, r))).unwrap()
            }
        )),
    ]
}

fn arb_edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (0..20usize, arb_piece()).prop_map(|(i, p)| Edit::Insert(i, p)),
        (0..20usize).prop_map(Edit::Remove),
        (0..20usize, arb_piece()).prop_map(|(i, p)| Edit::Replace(i, p)),
    ]
}

proptest! {
    #![proptest_config(crate::common::proptest_config(48))]

    #[test]
    fn incremental_recompute_equals_full(
        orientation in prop_oneof![Just(Orientation::Pointy), Just(Orientation::Flat)],
        initial in prop::collection::vec(arb_piece(), 0..6),
        edits in prop::collection::vec(arb_edit(), 1..10),
    ) {
        let mut m = open_map(orientation);
        m.terrain = initial;
        let mut board = Board::new(m).unwrap();
        for e in edits {
            let n = board.map().terrain.len();
            match e {
                Edit::Insert(i, p) => { board.insert_piece(i.min(n), p).unwrap(); }
                Edit::Remove(i) => if n > 0 { let _ = board.remove_piece(i % n); },
                Edit::Replace(i, p) => if n > 0 { let _ = board.replace_piece(i % n, p); },
            }
        }
        let full = Coverage::new(board.map()).unwrap();
        prop_assert_eq!(full.hexes(), board.coverage().hexes());
        for &h in full.hexes() {
            let a = full.free_fraction(h).unwrap();
            let b = board.coverage().free_fraction(h).unwrap();
            prop_assert!((a - b).abs() < 1e-12, "hex {:?}: full {} incremental {}", h, a, b);
        }
    }
}

/// A wandering brush path of `n` points, `step` apart.
fn brush(start: Point, n: usize, step: f64, mut turn: impl FnMut(usize) -> f64) -> Vec<Point> {
    let mut dir = 0.0_f64;
    let mut p = start;
    let mut pts = vec![p];
    for i in 1..n {
        dir += turn(i);
        p = Point::new(p.x + step * dir.cos(), p.y + step * dir.sin());
        pts.push(p);
    }
    pts
}

#[test]
fn painting_stroke_after_stroke_equals_a_full_recompute() {
    // Appending and then removing the last piece (the usual editing case)
    // shifts no piece index; long, dense and scribbled strokes and erasers
    // exercise every way a stroke is prepared.
    let mut board = Board::new(open_map(Orientation::Pointy)).unwrap();
    let strokes = [
        (Point::new(20.0, 30.0), 25, 6.0, 8.0, false),
        (Point::new(40.0, 150.0), 120, 1.0, 12.0, false),
        (Point::new(100.0, 100.0), 200, 3.0, 5.0, false),
        (Point::new(30.0, 60.0), 30, 5.0, 9.0, true),
        (Point::new(150.0, 20.0), 1, 0.0, 14.0, false),
        (Point::new(90.0, 120.0), 12, 9.0, 6.0, true),
    ];
    for (k, &(start, n, step, radius, erase)) in strokes.iter().enumerate() {
        let pts = brush(start, n, step, |i| ((i * (k + 3)) % 7) as f64 * 0.35 - 1.0);
        let stroke = TerrainShape::Stroke {
            radius: Length::new(radius).unwrap(),
            points: Path::new(pts).unwrap(),
            erase,
        };
        board.push_piece(piece(stroke)).unwrap();
        board
            .push_piece(piece(rect(10.0, 10.0, 40.0, 25.0)))
            .unwrap();
        let last = board.map().terrain.len() - 1;
        board.remove_piece(last).unwrap();
        let full = Coverage::new(board.map()).unwrap();
        for &h in full.hexes() {
            let (a, b) = (
                full.free_fraction(h).unwrap(),
                board.coverage().free_fraction(h).unwrap(),
            );
            assert!(
                (a - b).abs() < 1e-12,
                "after stroke {k}, hex {h:?}: full {a} incremental {b}"
            );
        }
    }
    assert!(board.coverage().usable_count() < board.coverage().hexes().len());
}

/// A 24 × 24 grid with `pieces` (drawn about the world origin) moved to
/// `at`, in an area 10⁶ wide with hex size 1: the largest distances from
/// the area's corner the format allows for such a grid.
fn far_map(orientation: Orientation, at: Point, pieces: &[TerrainPiece]) -> Map {
    let mut m = Map::new_empty("far", orientation, 1.0, 1.0e6, 1.0e6).unwrap();
    let p = |x: f64, y: f64| Point::new(at.x + x, at.y + y);
    m.grid = Polygon::new(vec![
        p(-12.0, -12.0),
        p(12.0, -12.0),
        p(12.0, 12.0),
        p(-12.0, 12.0),
    ])
    .unwrap();
    let layout = m.hex_layout();
    m.terrain = pieces
        .iter()
        .map(|piece| TerrainPiece {
            kind: piece.kind,
            shape: hexwright_engine::transform::translate_shape(&piece.shape, at.x, at.y, &layout)
                .unwrap(),
        })
        .collect();
    m
}

fn arb_local_piece() -> impl Strategy<Value = TerrainPiece> {
    let pt = || (-11.0..11.0f64, -11.0..11.0f64).prop_map(|(x, y)| Point::new(x, y));
    prop_oneof![
        prop::collection::vec(pt(), 3..7).prop_map(|pts| piece(TerrainShape::Polygon {
            points: Polygon::new(pts).unwrap()
        })),
        (pt(), 0.5..9.0f64).prop_map(|(c, r)| piece(TerrainShape::Circle {
            center: Coord(c),
            radius: Length::new(r).unwrap()
        })),
        (
            prop::collection::vec(pt(), 1..5),
            0.5..4.0f64,
            any::<bool>()
        )
            .prop_map(|(pts, r, erase)| piece(TerrainShape::Stroke {
                radius: Length::new(r).unwrap(),
                points: Path::new(pts).unwrap(),
                erase
            })),
    ]
}

proptest! {
    #![proptest_config(crate::common::proptest_config(40))]

    /// Free fractions do not depend on where the map lies: the same map
    /// near the area's corner and moved by whole hexes up to 10⁶ units away
    /// agree to 10⁻⁸ of a hex on every hex. (Not to 10⁻⁹: moving a point
    /// 10⁶ units rounds it by up to half a unit in the last place there,
    /// 6·10⁻¹¹, and a stroke's outline, built from the moved points,
    /// turns that into 3·10⁻⁹ of a hex in the saved regression case.)
    #[test]
    fn moving_a_map_by_whole_hexes_keeps_every_free_fraction(
        orientation in prop_oneof![Just(Orientation::Pointy), Just(Orientation::Flat)],
        pieces in prop::collection::vec(arb_local_piece(), 1..6),
        far in (0.1..0.99f64, 0.1..0.99f64),
    ) {
        let layout = Map::new_empty("l", orientation, 1.0, 1.0e6, 1.0e6).unwrap().hex_layout();
        let near_hex = layout.hex_at(Point::new(30.0, 30.0));
        let far_hex = layout.hex_at(Point::new(far.0 * 1.0e6, far.1 * 1.0e6));
        let near = far_map(orientation, layout.center(near_hex), &pieces);
        let away = far_map(orientation, layout.center(far_hex), &pieces);
        let (a, b) = (Coverage::new(&near).unwrap(), Coverage::new(&away).unwrap());
        let shift = far_hex - near_hex;
        prop_assert_eq!(a.hexes().len(), b.hexes().len());
        for &h in a.hexes() {
            let fa = a.free_fraction(h).unwrap();
            let fb = b.free_fraction(h + shift);
            prop_assert!(fb.is_some(), "hex {:?} is missing far away", h);
            let fb = fb.unwrap();
            prop_assert!((fa - fb).abs() <= 1e-8, "hex {:?}: {} near, {} far", h, fa, fb);
        }
    }
}

/// The area of `disc ∩ hex ∖ rect` and of `disc ∩ hex` for each grid hex,
/// from the closed form for a disc against a convex polygon (hex ∩ rect is
/// convex) and inclusion–exclusion: an exact reference for coverage.
fn exact_covered(
    layout: &hexwright_engine::layout::HexLayout,
    h: Hex,
    c: Point,
    r: f64,
    rect: Option<[Point; 4]>,
) -> f64 {
    use hexwright_engine::{disc, geom};
    let hex = layout.corners(h);
    let disc_part = disc::convex_area(c, r, &hex);
    let Some(rect) = rect else {
        return disc_part;
    };
    let mut both = Vec::new();
    geom::clip_convex_into(&hex, &rect, &mut both, &mut Vec::new());
    let rect_part = geom::signed_area(&both);
    rect_part + disc_part - disc::convex_area(c, r, &both)
}

#[test]
fn circles_cover_exactly_what_the_true_disc_covers() {
    // Radii from a fifth of a hex to 10⁵ hexes, near and far from the
    // area's corner, alone in a hex and together with a rectangle.
    for (k, &(at, r)) in [
        (Point::new(30.0, 30.0), 0.2),
        (Point::new(30.0, 30.0), 0.93),
        (Point::new(30.0, 30.0), 3.7),
        (Point::new(7.0e5, 3.0e5), 6.3),
        (Point::new(2.0e5, 9.0e5), 1.0e5),
    ]
    .iter()
    .enumerate()
    {
        for with_rect in [false, true] {
            let layout = Map::new_empty("l", Orientation::Pointy, 1.0, 1.0e6, 1.0e6)
                .unwrap()
                .hex_layout();
            let centre = layout.center(layout.hex_at(at));
            // A circle whose edge runs through the grid.
            let c = Point::new(centre.x - r + 0.37, centre.y + 0.21);
            let mut m = far_map(Orientation::Pointy, centre, &[]);
            m.terrain.push(piece(TerrainShape::Circle {
                center: Coord(c),
                radius: Length::new(r).unwrap(),
            }));
            let rect = with_rect.then(|| {
                let (x0, y0, x1, y1) = (
                    centre.x - 1.3,
                    centre.y - 2.1,
                    centre.x + 2.2,
                    centre.y + 0.4,
                );
                m.terrain.push(piece(rect(x0, y0, x1, y1)));
                [
                    Point::new(x0, y0),
                    Point::new(x1, y0),
                    Point::new(x1, y1),
                    Point::new(x0, y1),
                ]
            });
            let cov = Coverage::new(&m).unwrap();
            let area = cov.hex_area();
            let mut partial = 0;
            for &h in cov.hexes() {
                // Hexes cut by the grid's square edge are not the point here.
                let corners = layout.corners(h);
                if corners
                    .iter()
                    .any(|p| (p.x - centre.x).abs() > 12.0 || (p.y - centre.y).abs() > 12.0)
                {
                    continue;
                }
                let covered = exact_covered(&layout, h, c, r, rect);
                let free = cov.free_fraction(h).unwrap() * area;
                let tol = if with_rect { 4.0e-8 } else { 1.0e-9 } * area;
                assert!(
                    (area - covered - free).abs() <= tol,
                    "case {k} rect {with_rect} hex {h:?}: free {free}, exact {}",
                    area - covered
                );
                partial += usize::from(covered > 1e-6 * area && covered < area * (1.0 - 1e-6));
            }
            assert!(partial > 0, "case {k}: no hex is cut by the circle");
        }
    }
}

#[test]
fn removing_a_piece_that_bares_too_much_detail_is_refused_with_the_reason() {
    use hexwright_engine::board::PieceError;
    use hexwright_engine::map::LimitError;
    // 4,000 thin rectangles stacked inside hex (0,0), each starting and
    // ending at its own x: 8,000 slabs of about 4,000 edges each, past the
    // map's budget. A square over the whole hex hides them, so the map
    // loads.
    let mut m = open_map(Orientation::Pointy);
    for k in 0..4000 {
        let y = 96.0 + 8.0 * f64::from(k) / 4000.0;
        let x0 = 93.0 + 7.0 * f64::from(k * 37 % 4000) / 4000.0;
        let x1 = 100.001 + 7.0 * f64::from(k * 53 % 4000) / 4000.0;
        m.terrain.push(piece(rect(x0, y, x1, y + 0.001)));
    }
    m.terrain.push(piece(rect(85.0, 85.0, 115.0, 115.0)));
    let mut board = Board::new(m).unwrap();
    let before = board.map().clone();
    assert_eq!(board.coverage().free_fraction(Hex::ZERO), Some(0.0));
    let e = board.remove_piece(4000).unwrap_err();
    assert!(
        matches!(
            e,
            PieceError::Limit(LimitError::TooDetailed { q: 0, r: 0, .. })
        ),
        "{e:?}"
    );
    // The message names the hex and the pieces there.
    assert!(
        e.to_string()
            .contains("hex 0,0 is too detailed to compute in bounded time: terrain pieces #0, #1, #2, #3, #4, #5 and 3994 more overlap there"),
        "{e}"
    );
    assert_eq!(board.map(), &before, "the map is unchanged");
    assert_eq!(board.coverage().free_fraction(Hex::ZERO), Some(0.0));
    assert!(matches!(
        board.remove_piece(4001),
        Err(PieceError::NoSuchPiece(4001))
    ));
}

/// Hexagons of `hexes` as six-corner polygon pieces: what a map had to
/// hold before whole-hex terrain.
fn hexagon_pieces(m: &Map, hexes: &[Hex]) -> Vec<TerrainPiece> {
    let layout = m.hex_layout();
    hexes
        .iter()
        .map(|&h| {
            piece(TerrainShape::Polygon {
                points: Polygon::new(layout.corners(h).to_vec()).unwrap(),
            })
        })
        .collect()
}

#[test]
fn whole_hexes_count_as_the_hexagon_polygons_they_replace() {
    for orientation in [Orientation::Pointy, Orientation::Flat] {
        let mut hexes: Vec<Hex> = (-6..7).map(|q| Hex::new(q, 2 - q / 2)).collect();
        hexes.extend([Hex::new(0, 0), Hex::new(1, -3), Hex::new(-4, 4)]);
        // With a circle and a stroke over some of them, and a grid region
        // that cuts hexes at its edge.
        let mut base = open_map(orientation);
        base.grid = Polygon::new(vec![
            Point::new(37.0, 21.0),
            Point::new(171.0, 14.0),
            Point::new(185.0, 180.0),
            Point::new(24.0, 169.0),
        ])
        .unwrap();
        base.terrain = vec![
            piece(TerrainShape::Circle {
                center: Coord(Point::new(90.0, 110.0)),
                radius: Length::new(23.0).unwrap(),
            }),
            piece(TerrainShape::Stroke {
                radius: Length::new(6.0).unwrap(),
                points: Path::new(vec![Point::new(30.0, 40.0), Point::new(160.0, 70.0)]).unwrap(),
                erase: false,
            }),
        ];
        let mut whole = base.clone();
        whole.terrain.push(piece(TerrainShape::Hexes {
            hexes: HexList::new(hexes.iter().copied()).unwrap(),
        }));
        let mut polygons = base.clone();
        polygons.terrain.extend(hexagon_pieces(&base, &hexes));
        let (a, b) = (
            Coverage::new(&whole).unwrap(),
            Coverage::new(&polygons).unwrap(),
        );
        assert_eq!(a.hexes(), b.hexes());
        assert_eq!(a.usable_hexes(), b.usable_hexes(), "{orientation:?}");
        for &h in a.hexes() {
            if hexes.contains(&h) {
                assert_eq!(a.free_fraction(h), Some(0.0));
            }
            let (fa, fb) = (a.free_fraction(h).unwrap(), b.free_fraction(h).unwrap());
            assert!((fa - fb).abs() < 1e-6, "hex {h:?}: {fa} vs {fb}");
        }
        assert!(a.usable_count() < Coverage::new(&base).unwrap().usable_count());
    }
}

#[test]
fn grid_region_of_several_parts_with_holes() {
    let mut m = open_map(Orientation::Pointy);
    let sq = |x0: f64, y0: f64, x1: f64, y1: f64| {
        Polygon::new(vec![
            Point::new(x0, y0),
            Point::new(x1, y0),
            Point::new(x1, y1),
            Point::new(x0, y1),
        ])
        .unwrap()
    };
    m.grid = sq(0.0, 0.0, 90.0, 200.0);
    let whole = Coverage::new(&m).unwrap();
    m.grid_holes = vec![sq(20.0, 60.0, 70.0, 140.0)];
    m.grid_parts = vec![GridPart {
        outer: sq(120.0, 0.0, 200.0, 200.0),
        holes: vec![sq(140.0, 40.0, 180.0, 80.0)],
    }];
    let c = Coverage::new(&m).unwrap();
    let layout = m.hex_layout();
    let inside =
        |p: Point, b: (f64, f64, f64, f64)| p.x > b.0 && p.x < b.2 && p.y > b.1 && p.y < b.3;
    for &h in c.hexes() {
        let p = layout.center(h);
        let usable = c.is_usable(h);
        if inside(p, (25.0, 65.0, 65.0, 135.0)) || inside(p, (145.0, 45.0, 175.0, 75.0)) {
            assert!(!usable, "hex {h:?} at {p:?} is in a hole");
        }
        if inside(p, (10.0, 10.0, 80.0, 50.0)) || inside(p, (130.0, 100.0, 190.0, 190.0)) {
            assert!(usable, "hex {h:?} at {p:?} is in a part");
        }
        assert!(
            !inside(p, (100.0, 0.0, 110.0, 200.0)) || !usable,
            "the gap between parts"
        );
    }
    // The holes and the second part change the count as their areas say.
    let hex = layout.hex_area();
    let expected = (90.0 * 200.0 - 50.0 * 80.0 + 80.0 * 200.0 - 40.0 * 40.0) / hex;
    let area: f64 = c.hexes().iter().map(|&h| c.free_fraction(h).unwrap()).sum();
    assert!((area - expected).abs() < 1e-6, "{area} vs {expected}");
    assert!(c.usable_count() > whole.usable_count());
    // The file form round-trips.
    let text = hexwright_engine::format::to_ron_string(&m).unwrap();
    assert!(text.contains("grid_holes") && text.contains("grid_parts"));
    assert_eq!(
        hexwright_engine::format::parse_map(&text, "t.ron").unwrap(),
        m
    );
}

proptest! {
    #![proptest_config(crate::common::proptest_config(48))]

    /// A circle snapped to the grid — centred on a hex centre, a corner or
    /// an edge's midpoint, through hex corners (radius 1, √3, 2, √7, 3, √12
    /// hex sizes) — covers what the same circle moved a hair off them
    /// covers: every free fraction within the change the move makes, and
    /// the same usable flags away from the half-area threshold. Alone, with
    /// a rectangle over part of it, and with a second snapped circle.
    #[test]
    fn circles_through_hex_corners_cover_what_a_nudged_circle_covers(
        orientation in prop_oneof![Just(Orientation::Pointy), Just(Orientation::Flat)],
        anchor in 0..3usize,
        radius in prop_oneof![
            Just(1.0), Just(3f64.sqrt()), Just(2.0), Just(7f64.sqrt()), Just(3.0), Just(12f64.sqrt())
        ],
        with_rect in any::<bool>(),
        second in prop::option::of((0..6usize, prop_oneof![Just(1.0), Just(2.0), Just(3f64.sqrt())])),
        angle in 0.0..std::f64::consts::TAU,
    ) {
        let size = 10.0;
        let make = |nudge: Point| {
            let mut m = open_map(orientation);
            let layout = m.hex_layout();
            let centre = layout.center(layout.hex_at(Point::new(100.0, 100.0)));
            let corners = layout.corners(layout.hex_at(centre));
            let at = match anchor {
                0 => centre,
                1 => corners[0],
                _ => (corners[0] + corners[1]) * 0.5,
            };
            let circle = |c: Point, r: f64| piece(TerrainShape::Circle {
                center: Coord(c + nudge),
                radius: Length::new(r * size).unwrap(),
            });
            m.terrain.push(circle(at, radius));
            if let Some((k, r)) = second {
                m.terrain.push(circle(corners[k], r));
            }
            if with_rect {
                m.terrain.push(piece(rect(centre.x - 5.0, centre.y - 25.0, centre.x + 30.0, centre.y + 3.0)));
            }
            Coverage::new(&m).unwrap()
        };
        let exact = make(Point::new(0.0, 0.0));
        let eps = 1e-7 * size;
        let nudged = make(Point::new(eps * angle.cos(), eps * angle.sin()));
        // Moving a disc by ε changes a hex's covered area by at most its
        // boundary inside the hex (under 2π·r) times ε.
        let bound = 2.0 * std::f64::consts::PI * 4.0 * size * eps / exact.hex_area() * 3.0;
        for &h in exact.hexes() {
            let (a, b) = (exact.free_fraction(h).unwrap(), nudged.free_fraction(h).unwrap());
            prop_assert!((a - b).abs() <= bound, "hex {:?}: {} snapped, {} nudged", h, a, b);
            if (a - 0.5).abs() > bound {
                prop_assert_eq!(exact.is_usable(h), nudged.is_usable(h), "hex {:?}", h);
            }
        }
    }
}

/// Strokes that run side by side a fraction of a unit apart cross one
/// another at every joint: the boolean engine's time grows with those
/// crossings far faster than with their corners (issue 60's maps took
/// minutes and gigabytes). They are counted before the engine runs and
/// charged to the map's budget, so such a map is refused as too detailed,
/// naming the hex, instead of computed without bound.
#[test]
fn strokes_side_by_side_are_refused_by_their_crossings() {
    use hexwright_engine::map::LimitError;
    let mut m = open_map(Orientation::Pointy);
    let mut offset = 0.0;
    for k in 0..40 {
        let pts: Vec<Point> = (0..60)
            .map(|j| {
                let x = 10.0 + 3.0 * f64::from(j);
                Point::new(x, 100.0 + 25.0 * (x / 20.0).sin() + offset)
            })
            .collect();
        offset += 0.1 + 0.3 * f64::from(k % 3) / 2.0;
        m.terrain.push(piece(TerrainShape::Stroke {
            radius: Length::new(8.0).unwrap(),
            points: Path::new(pts).unwrap(),
            erase: false,
        }));
    }
    match Coverage::new(&m) {
        Err(LimitError::TooTangled { crossings, .. }) => assert!(crossings > 0),
        Err(LimitError::TooDetailed { .. }) => {}
        other => panic!(
            "side-by-side strokes computed: {:?}",
            other.map(|c| c.usable_count())
        ),
    }
}
