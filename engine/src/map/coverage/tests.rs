//! Tests of [`super`] (`engine/src/map/coverage.rs`).

use super::clip::{clip_convex, clip_ring, clip_window, clip_window_area, is_convex, ring_area_in};
use super::*;
use crate::layout::Orientation;
use crate::map::{Coord, Length, Path, Polygon, TerrainKind, TerrainPiece};

/// splitmix64, for deterministic random maps.
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }

    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    fn point(&mut self, size: f64) -> Point {
        Point::new(self.range(0.0, size), self.range(0.0, size))
    }
}

fn random_shape(rng: &mut Rng, size: f64) -> TerrainShape {
    let kind = rng.unit();
    if kind < 0.3 {
        let c = rng.point(size);
        let n = 3 + (rng.unit() * 8.0) as usize;
        let base = rng.range(5.0, 40.0);
        let pts = (0..n)
            .map(|i| {
                let a = std::f64::consts::TAU * (i as f64 + rng.range(-0.3, 0.3)) / n as f64;
                let r = base * rng.range(0.3, 1.0);
                Point::new(c.x + r * a.cos(), c.y + r * a.sin())
            })
            .collect();
        TerrainShape::Polygon {
            points: Polygon::new(pts).unwrap(),
        }
    } else if kind < 0.55 {
        TerrainShape::Circle {
            center: Coord(rng.point(size)),
            radius: Length::new(rng.range(3.0, 30.0)).unwrap(),
        }
    } else {
        let mut p = rng.point(size);
        let n = 1 + (rng.unit() * 12.0) as usize;
        let radius = rng.range(2.0, 15.0);
        let mut dir = rng.range(0.0, std::f64::consts::TAU);
        let mut pts = vec![p];
        for _ in 1..n {
            dir += rng.range(-1.5, 1.5);
            let step = rng.range(0.0, 2.0) * radius;
            p = Point::new(p.x + step * dir.cos(), p.y + step * dir.sin());
            pts.push(p);
        }
        TerrainShape::Stroke {
            radius: Length::new(radius).unwrap(),
            points: Path::new(pts).unwrap(),
            erase: rng.unit() < 0.25,
        }
    }
}

fn random_map(seed: u64, orientation: Orientation, pieces: usize) -> Map {
    let mut rng = Rng(seed);
    let mut m = Map::new_empty("t", orientation, 8.0, 200.0, 200.0).unwrap();
    if seed % 2 == 1 {
        // A concave grid region (an L shape with a notch).
        m.grid = Polygon::new(vec![
            Point::new(3.0, 3.0),
            Point::new(197.0, 3.0),
            Point::new(197.0, 90.3),
            Point::new(101.7, 90.3),
            Point::new(101.7, 197.0),
            Point::new(3.0, 197.0),
        ])
        .unwrap();
    }
    m.terrain = (0..pieces)
        .map(|_| TerrainPiece {
            kind: TerrainKind::Rock,
            shape: random_shape(&mut rng, 200.0),
        })
        .collect();
    m
}

#[test]
fn fast_paths_match_the_boolean_engine() {
    let mut general = 0;
    for seed in 0..12u64 {
        let orientation = if seed % 3 == 0 {
            Orientation::Flat
        } else {
            Orientation::Pointy
        };
        let map = random_map(seed, orientation, 40);
        let cov = Coverage::new(&map).unwrap();
        let mut scratch = Scratch::default();
        for i in 0..cov.hexes.len() {
            let fast = cov
                .compute_free(i, &mut scratch, true, u64::MAX)
                .unwrap()
                .free;
            let slow = cov
                .compute_free(i, &mut scratch, false, u64::MAX)
                .unwrap()
                .free;
            assert!(
                (fast - slow).abs() <= 1e-9 * cov.hex_area,
                "seed {seed} hex {:?}: fast {fast} slow {slow}",
                cov.hexes[i]
            );
            general += usize::from(cov.hex_pieces[i].len() > 1);
        }
    }
    assert!(general > 1000, "only {general} hexes with several pieces");
}

#[test]
fn ring_fast_paths_clip_to_the_same_area() {
    let mut rng = Rng(7);
    let layout = HexLayout::new(Orientation::Pointy, 6.0, Point::new(100.0, 100.0));
    let mut scratch = Scratch::default();
    let mut inside = 0;
    for _ in 0..50 {
        // A wiggly ring: a star with many corners (or a few).
        let c = rng.point(200.0);
        let n = 3 + (rng.unit() * 200.0) as usize;
        let pts: Vec<Point> = (0..n)
            .map(|i| {
                let a = std::f64::consts::TAU * i as f64 / n as f64;
                let r = rng.range(20.0, 80.0);
                Point::new(c.x + r * a.cos(), c.y + r * a.sin())
            })
            .collect();
        let reversed: Vec<Point> = pts.iter().rev().copied().collect();
        let shapes = [pts.clone(), reversed].map(|points| {
            let bbox = Bbox::of(&points);
            Shape::new(shape::Polys::from(&shape::Prepared {
                rings: vec![shape::Ring { points, bbox }],
                bbox: Some(bbox),
            }))
        });
        let (ring, hole) = (
            shapes[0].ring(&shapes[0].rings[0]),
            shapes[1].ring(&shapes[1].rings[0]),
        );
        assert_eq!(ring.chunks.is_empty(), n <= 2 * CHUNK);
        for q in -12..12 {
            for r in -12..12 {
                let w = Window::new(&layout, Hex::new(q, r));
                let fast = clip_ring(ring, &w, &mut scratch);
                let slow = geom::clipped_area(&pts, &w.corners);
                assert!((fast - slow).abs() <= 1e-9, "{fast} vs {slow}");
                assert!((geom::signed_area(&scratch.out) - fast).abs() <= 1e-9);
                let area_only = ring_area_in(ring, &w, &mut scratch);
                assert!((area_only - slow).abs() <= 1e-9, "{area_only} vs {slow}");
                let (_, touches) = ring.relevant(w.bbox, &mut scratch.relevant);
                inside += usize::from(!touches && fast > 0.0);
                // The ring reversed (a hole) clips to the opposite area.
                let fast = clip_ring(hole, &w, &mut scratch);
                assert!((fast + slow).abs() <= 1e-9, "{fast} vs {slow}");
            }
        }
    }
    assert!(inside > 100, "only {inside} hexes took the inside path");
}

#[test]
#[allow(clippy::many_single_char_names)]
fn skipping_clip_edges_and_summing_areas_change_nothing() {
    let mut rng = Rng(11);
    let layout = HexLayout::new(Orientation::Flat, 10.0, Point::default());
    let w = Window::new(&layout, Hex::ZERO);
    for _ in 0..2000 {
        let c = Point::new(rng.range(-20.0, 20.0), rng.range(-20.0, 20.0));
        let n = 3 + (rng.unit() * 10.0) as usize;
        let pts: Vec<Point> = (0..n)
            .map(|i| {
                let a = std::f64::consts::TAU * i as f64 / n as f64;
                let r = rng.range(1.0, 15.0);
                Point::new(c.x + r * a.cos(), c.y + r * a.sin())
            })
            .collect();
        let (mut out, mut tmp) = (Vec::new(), Vec::new());
        let fast = clip_convex(&pts, &w.corners, &w.edges, &mut out, &mut tmp);
        let slow = geom::clipped_area(&pts, &w.corners);
        assert!((fast - slow).abs() <= 1e-12, "{fast} vs {slow}");
        assert!((geom::signed_area(&out) - fast).abs() <= 1e-12);
        let mut shifted = Vec::new();
        let area_only = clip_window_area(&pts, &w, None, &mut shifted, &mut out, &mut tmp);
        let window = clip_window(&pts, &w, &mut shifted, &mut out, &mut tmp);
        assert!((window - slow).abs() <= 1e-12, "{window} vs {slow}");
        assert!((area_only - slow).abs() <= 1e-12, "{area_only} vs {slow}");
    }
}

#[test]
fn convexity_test() {
    let sq = |pts: &[(f64, f64)]| {
        pts.iter()
            .map(|&(x, y)| Point::new(x, y))
            .collect::<Vec<_>>()
    };
    assert!(is_convex(&sq(&[
        (0.0, 0.0),
        (1.0, 0.0),
        (1.0, 1.0),
        (0.0, 1.0)
    ])));
    // Collinear and repeated corners are fine.
    assert!(is_convex(&sq(&[
        (0.0, 0.0),
        (0.5, 0.0),
        (1.0, 0.0),
        (1.0, 0.0),
        (1.0, 1.0),
        (0.0, 1.0)
    ])));
    // Clockwise, concave, and doubling back are not.
    assert!(!is_convex(&sq(&[
        (0.0, 0.0),
        (0.0, 1.0),
        (1.0, 1.0),
        (1.0, 0.0)
    ])));
    assert!(!is_convex(&sq(&[
        (0.0, 0.0),
        (2.0, 0.0),
        (2.0, 2.0),
        (1.0, 0.5),
        (0.0, 2.0)
    ])));
    assert!(!is_convex(&sq(&[
        (0.0, 0.0),
        (2.0, 0.0),
        (1.0, 0.0),
        (2.0, 0.0),
        (2.0, 2.0),
        (0.0, 2.0)
    ])));
    // Two squares joined by a bridge along an edge (a clipped "U").
    assert!(!is_convex(&sq(&[
        (0.0, 0.0),
        (1.0, 0.0),
        (1.0, 1.0),
        (2.0, 1.0),
        (2.0, 0.0),
        (3.0, 0.0),
        (3.0, 2.0),
        (2.0, 2.0),
        (1.0, 2.0),
        (0.0, 2.0)
    ])));
}
