//! Tests of [`super`] (`engine/src/map/shape.rs`).

use super::stroke::{piece_area, stroke_partition};
use super::*;

fn test_layout() -> HexLayout {
    HexLayout::new(crate::layout::Orientation::Pointy, 10.0, Point::default())
}
use crate::map::{BRUSH_SEGMENTS, Coord, Length, Path};

#[test]
fn self_intersecting_polygon_is_normalised() {
    // A bow-tie: two triangles of area 1 each.
    let p = Polygon::new(vec![
        Point::new(0.0, 0.0),
        Point::new(2.0, 2.0),
        Point::new(2.0, 0.0),
        Point::new(0.0, 2.0),
    ])
    .unwrap();
    let prep = prepare_shape(&TerrainShape::Polygon { points: p }, &test_layout());
    assert!((prep.area() - 2.0).abs() < 1e-9, "{}", prep.area());
    assert!(
        prep.rings
            .iter()
            .all(|r| geom::signed_area(&r.points) > 0.0)
    );
}

#[test]
fn simple_polygons_are_taken_as_they_are() {
    let poly = |pts: &[(f64, f64)]| {
        pts.iter()
            .map(|&(x, y)| Point::new(x, y))
            .collect::<Vec<_>>()
    };
    // Convex, concave, clockwise: simple.
    assert!(is_simple(&poly(&[
        (0.0, 0.0),
        (4.0, 0.0),
        (4.0, 3.0),
        (0.0, 3.0)
    ])));
    assert!(is_simple(&poly(&[
        (0.0, 0.0),
        (4.0, 0.0),
        (2.0, 1.0),
        (4.0, 3.0),
        (0.0, 3.0)
    ])));
    assert!(is_simple(&poly(&[
        (0.0, 0.0),
        (0.0, 3.0),
        (4.0, 3.0),
        (4.0, 0.0)
    ])));
    // A bow-tie, a corner touching another edge, a repeated corner, an
    // edge folding back, and a flat polygon: not taken as they are.
    assert!(!is_simple(&poly(&[
        (0.0, 0.0),
        (2.0, 2.0),
        (2.0, 0.0),
        (0.0, 2.0)
    ])));
    assert!(!is_simple(&poly(&[
        (0.0, 0.0),
        (4.0, 0.0),
        (2.0, 3.0),
        (2.0, 0.0),
        (0.0, 3.0)
    ])));
    assert!(!is_simple(&poly(&[
        (0.0, 0.0),
        (4.0, 0.0),
        (4.0, 0.0),
        (0.0, 3.0)
    ])));
    assert!(!is_simple(&poly(&[
        (0.0, 0.0),
        (4.0, 0.0),
        (2.0, 0.0),
        (0.0, 3.0)
    ])));
    assert!(!is_simple(&poly(&[(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)])));
    // Either way the prepared shape covers the same area.
    for pts in [
        poly(&[(0.0, 0.0), (4.0, 0.0), (2.0, 1.0), (4.0, 3.0), (0.0, 3.0)]),
        poly(&[(0.0, 0.0), (0.0, 3.0), (4.0, 3.0), (4.0, 0.0)]),
    ] {
        let fast = prepare_shape(
            &TerrainShape::Polygon {
                points: Polygon::new(pts.clone()).unwrap(),
            },
            &test_layout(),
        );
        let slow = Prepared::from_shapes(
            pts.iter()
                .map(|p| [p.x, p.y])
                .collect::<Contour>()
                .simplify_shape_as::<i64>(FillRule::NonZero),
        );
        assert!((fast.area() - slow.area()).abs() < 1e-12);
        assert!(xor_area(&fast, &slow) < 1e-12);
    }
}

#[test]
fn circle_is_the_inscribed_polygon() {
    let c = TerrainShape::Circle {
        center: Coord(Point::new(5.0, 5.0)),
        radius: Length::new(2.0).unwrap(),
    };
    let n = CIRCLE_SEGMENTS as f64;
    let expected = 0.5 * n * 4.0 * (std::f64::consts::TAU / n).sin();
    assert!((prepare_shape(&c, &test_layout()).area() - expected).abs() < 1e-9);
}

fn positive(mut pts: Vec<Point>) -> Contour {
    if geom::signed_area(&pts) < 0.0 {
        pts.reverse();
    }
    pts.into_iter().map(|p| [p.x, p.y]).collect()
}

/// The stroke as the plain union of every disc and rectangle, on the
/// finest grid: the definition the reduced preparation must match.
fn reference_stroke(points: &[Point], radius: f64) -> Prepared {
    let mut contours: Vec<Contour> = Vec::new();
    for (i, &p) in points.iter().enumerate() {
        contours.push(positive(geom::regular_polygon(p, radius, BRUSH_SEGMENTS)));
        if let Some(&q) = points.get(i + 1) {
            let d = q - p;
            let len = d.x.hypot(d.y);
            if len > 0.0 {
                let n = Point::new(-d.y / len * radius, d.x / len * radius);
                contours.push(positive(vec![p + n, q + n, q - n, p - n]));
            }
        }
    }
    Prepared::from_shapes(contours.simplify_shape_as::<i64>(FillRule::NonZero))
}

fn rings_of(p: &Prepared) -> Vec<Contour> {
    p.rings
        .iter()
        .map(|r| r.points.iter().map(|q| [q.x, q.y]).collect())
        .collect()
}

/// Area of the symmetric difference of two prepared shapes.
fn xor_area(a: &Prepared, b: &Prepared) -> f64 {
    let shapes = rings_of(a).overlay_as::<i64>(&rings_of(b), OverlayRule::Xor, FillRule::NonZero);
    shapes_area(&shapes)
}

fn assert_stroke_matches(points: &[Point], radius: f64) {
    let slow = reference_stroke(points, radius);
    // On the finest grid the outline from the reduced parts changes
    // nothing but rounding.
    let fine = prepare_stroke(points, radius, 0.0);
    let noise = 1e-12 * radius * radius * points.len() as f64;
    let (a, b) = (fine.area(), slow.area());
    assert!(
        (a - b).abs() <= noise,
        "area {a} vs {b} for {points:?} r {radius}"
    );
    let x = xor_area(&fine, &slow);
    assert!(x <= noise, "xor area {x} for {points:?} r {radius}");
    // On the coverage grid, the outline moves by at most a grid step.
    let length: f64 = points.windows(2).map(|w| w[0].distance(w[1])).sum();
    let perimeter = 2.0 * length + std::f64::consts::TAU * radius;
    let s = TerrainShape::Stroke {
        radius: Length::new(radius).unwrap(),
        points: Path::new(points.to_vec()).unwrap(),
        erase: false,
    };
    for hex_size in [1.0, 10.0] {
        let grid = prepare_outline(&s, hex_size);
        let step = radius.min(hex_size) * STROKE_GRID;
        let x = xor_area(&grid, &slow);
        assert!(
            x <= perimeter * step,
            "xor area {x} on the grid of {step} for {points:?} r {radius}"
        );
    }
    // The partition: convex rings that do not overlap and cover the
    // stroke, up to slivers of rounding size along the cuts.
    let extent = points.iter().fold(radius, |m, p| {
        m.max(p.x.abs() + radius).max(p.y.abs() + radius)
    });
    let noise = 1e-12 * extent * perimeter;
    let Some(part) = stroke_partition(points, radius).map(|p| Prepared::from(&p)) else {
        eprintln!(
            "no partition: {} points r {radius}: {points:?}",
            points.len()
        );
        assert_eq!(
            Prepared::from(&prepare_for_coverage(&s, 10.0)),
            prepare_outline(&s, 10.0)
        );
        return;
    };
    for r in &part.rings {
        assert!(
            is_convex_ring(&r.points),
            "{:?} in {points:?} r {radius}",
            r.points
        );
    }
    let a = part.area();
    assert!(
        (a - b).abs() <= noise,
        "partition area {a} vs {b} for {points:?} r {radius}"
    );
    let x = xor_area(&part, &slow);
    assert!(
        x <= noise,
        "partition xor area {x} for {points:?} r {radius}"
    );
    assert_eq!(Prepared::from(&prepare_for_coverage(&s, 10.0)), part);
}

/// Whether the ring turns left at every corner, up to a relative angle
/// of rounding size, and has positive area. The area is summed about the
/// first corner: a ring may be small but well clear of rounding (a
/// triangle 1e-9 by 1e-5 far from the origin), and the shoelace sum on
/// absolute coordinates rounds by more than its whole area.
#[allow(clippy::many_single_char_names)]
fn is_convex_ring(r: &[Point]) -> bool {
    let n = r.len();
    n >= 3
        && piece_area(r) > 0.0
        && (0..n).all(|i| {
            let (a, b, c) = (r[i], r[(i + 1) % n], r[(i + 2) % n]);
            let (u, v) = (b - a, c - b);
            geom::cross(u, v) >= -1e-9 * (u.x.abs() + u.y.abs()) * (v.x.abs() + v.y.abs())
        })
}

#[test]
fn reduced_stroke_is_the_union_of_discs_and_rectangles() {
    // Straight (axis-aligned and not), turning, reversing, crossing itself,
    // short and long steps, repeated points.
    let cases: Vec<(Vec<(f64, f64)>, f64)> = vec![
        (vec![(0.0, 0.0), (10.0, 0.0), (20.0, 0.0), (30.0, 0.0)], 4.0),
        (vec![(0.0, 0.0), (3.0, 4.0), (6.0, 8.0), (9.0, 12.0)], 7.0),
        (
            vec![
                (0.0, 0.0),
                (10.0, 0.0),
                (10.0, 10.0),
                (0.0, 10.0),
                (0.0, 0.0),
            ],
            3.0,
        ),
        (vec![(0.0, 0.0), (10.0, 0.0), (0.0, 0.0)], 1.0),
        (
            vec![(0.0, 0.0), (20.0, 20.0), (20.0, 0.0), (0.0, 20.0)],
            2.5,
        ),
        (
            vec![
                (0.0, 0.0),
                (1.0, 0.2),
                (2.0, 0.5),
                (2.5, 1.5),
                (2.6, 3.0),
                (2.0, 4.0),
            ],
            5.0,
        ),
        (vec![(5.0, 5.0), (5.0, 5.0), (6.0, 5.0), (6.0, 5.0)], 2.0),
        (vec![(0.0, 0.0), (100.0, 1.0), (0.0, 2.0)], 12.0),
        (vec![(0.0, 0.0), (0.5, 0.0), (1.0, 0.1), (1.5, 0.3)], 25.0),
    ];
    for (pts, r) in cases {
        let pts: Vec<Point> = pts.into_iter().map(|(x, y)| Point::new(x, y)).collect();
        assert_stroke_matches(&pts, r);
    }
}

#[test]
fn long_strokes_find_their_overlapping_parts() {
    // Many parts (so the partition looks them up in a grid): a dense
    // spiral that overlaps itself, and a zigzag of long segments with a
    // tiny brush (parts far larger than the brush).
    let spiral: Vec<Point> = (0..150)
        .map(|i| {
            let a = f64::from(i) * 0.12;
            Point::new(50.0 + (5.0 + a) * a.cos(), 50.0 + (5.0 + a) * a.sin())
        })
        .collect();
    assert_stroke_matches(&spiral, 4.0);
    let zigzag: Vec<Point> = (0..80)
        .map(|i| Point::new(if i % 2 == 0 { 0.0 } else { 1000.0 }, f64::from(i) * 3.0))
        .collect();
    assert_stroke_matches(&zigzag, 0.01);
    assert!(stroke_partition(&zigzag, 0.01).is_some());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 64, ..Default::default() })]
    #[test]
    fn random_reduced_strokes_match_the_definition(
        start in (0.0..100.0f64, 0.0..100.0f64),
        steps in proptest::collection::vec((0.0..std::f64::consts::TAU, 0.0..30.0f64), 1..25),
        radius in 0.5..25.0f64,
    ) {
        let mut p = Point::new(start.0, start.1);
        let mut pts = vec![p];
        for (a, l) in steps {
            p = Point::new(p.x + l * a.cos(), p.y + l * a.sin());
            pts.push(p);
        }
        assert_stroke_matches(&pts, radius);
    }
}

#[test]
fn stroke_overlaps_are_counted_once() {
    // Going back and forth over the same segment covers it once.
    let pts = vec![
        Point::new(0.0, 0.0),
        Point::new(10.0, 0.0),
        Point::new(0.0, 0.0),
    ];
    let s = TerrainShape::Stroke {
        radius: Length::new(1.0).unwrap(),
        points: Path::new(pts).unwrap(),
        erase: false,
    };
    let disc = 0.5 * 32.0 * (std::f64::consts::TAU / 32.0).sin();
    let a = prepare_shape(&s, &test_layout()).area();
    // Rectangle 10 x 2 plus two half-discs (approximately one disc).
    assert!((a - (20.0 + disc)).abs() < 0.05, "{a}");
}
