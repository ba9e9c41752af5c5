//! Coverage benchmarks on a deterministic 10,000-hex map with 200 terrain
//! pieces (polygons, circles, brush strokes and a few erasers).
//!
//! Run with `cargo bench -p hexwright-engine --bench coverage`.
//!
//! Targets: a full recompute under 20 ms, an incremental update after one
//! brush stroke under 1 ms.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use hexwright_engine::Hex;
use hexwright_engine::board::Board;
use hexwright_engine::coverage::Coverage;
use hexwright_engine::geom::Point;
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::{
    Coord, HexList, Length, Map, Path, Polygon, TerrainKind, TerrainPiece, TerrainShape,
};
use std::f64::consts::TAU;
use std::hint::black_box;

/// Map area size: with pointy hexes of size 10 and the default grid region
/// (inset by half a hex) this holds about 10,000 grid hexes.
const WIDTH: f64 = 1700.0;
const HEIGHT: f64 = 1520.0;

/// splitmix64: a tiny deterministic PRNG, so the map is the same every run.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0.0..1.0`.
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    fn int(&mut self, lo: usize, hi_inclusive: usize) -> usize {
        lo + (self.next_u64() % (hi_inclusive - lo + 1) as u64) as usize
    }
}

fn clamp_to_area(p: Point) -> Point {
    Point::new(p.x.clamp(0.0, WIDTH), p.y.clamp(0.0, HEIGHT))
}

fn kind(rng: &mut Rng) -> TerrainKind {
    TerrainKind::ALL[rng.int(0, TerrainKind::ALL.len() - 1)]
}

/// A star-shaped polygon of 5–12 corners; about half are concave.
fn random_polygon(rng: &mut Rng) -> TerrainShape {
    let c = Point::new(
        rng.range(40.0, WIDTH - 40.0),
        rng.range(40.0, HEIGHT - 40.0),
    );
    let n = rng.int(5, 12);
    let base = rng.range(15.0, 70.0);
    let concave = rng.unit() < 0.5;
    let start = rng.range(0.0, TAU);
    let pts = (0..n)
        .map(|i| {
            let a = start + TAU * (i as f64 + rng.range(-0.3, 0.3)) / n as f64;
            let r = if concave && i % 2 == 1 {
                base * rng.range(0.3, 0.6)
            } else {
                base * rng.range(0.8, 1.0)
            };
            clamp_to_area(Point::new(c.x + r * a.cos(), c.y + r * a.sin()))
        })
        .collect();
    TerrainShape::Polygon {
        points: Polygon::new(pts).expect("valid polygon"),
    }
}

fn random_circle(rng: &mut Rng) -> TerrainShape {
    let c = Point::new(rng.range(0.0, WIDTH), rng.range(0.0, HEIGHT));
    TerrainShape::Circle {
        center: Coord(c),
        radius: Length::new(rng.range(8.0, 60.0)).expect("valid radius"),
    }
}

/// A wandering brush path of `n` points starting at `start`.
fn brush_path(rng: &mut Rng, start: Point, n: usize, step: f64) -> Vec<Point> {
    let mut dir = rng.range(0.0, TAU);
    let mut p = start;
    let mut pts = vec![p];
    for _ in 1..n {
        dir += rng.range(-0.6, 0.6);
        p = clamp_to_area(Point::new(p.x + step * dir.cos(), p.y + step * dir.sin()));
        pts.push(p);
    }
    pts
}

fn random_stroke(rng: &mut Rng, erase: bool) -> TerrainShape {
    let start = Point::new(rng.range(0.0, WIDTH), rng.range(0.0, HEIGHT));
    let n = rng.int(5, 30);
    let radius = rng.range(5.0, 25.0);
    let step = rng.range(0.4, 1.2) * radius;
    let pts = brush_path(rng, start, n, step);
    TerrainShape::Stroke {
        radius: Length::new(radius).expect("valid radius"),
        points: Path::new(pts).expect("valid path"),
        erase,
    }
}

/// The benchmark map: about 10,000 grid hexes and 200 terrain pieces
/// (70 polygons, 70 circles, 60 strokes of which 6 are erasers), shuffled.
fn bench_map() -> Map {
    let mut rng = Rng(0x4845_5857_5249_4748);
    let mut map =
        Map::new_empty("bench", Orientation::Pointy, 10.0, WIDTH, HEIGHT).expect("valid size");
    let mut kinds: Vec<u8> = [0u8; 70]
        .into_iter()
        .chain([1u8; 70])
        .chain([2u8; 54])
        .chain([3u8; 6])
        .collect();
    for i in (1..kinds.len()).rev() {
        let j = rng.int(0, i);
        kinds.swap(i, j);
    }
    for k in kinds {
        let shape = match k {
            0 => random_polygon(&mut rng),
            1 => random_circle(&mut rng),
            2 => random_stroke(&mut rng, false),
            _ => random_stroke(&mut rng, true),
        };
        map.terrain.push(TerrainPiece {
            kind: kind(&mut rng),
            shape,
        });
    }
    map
}

/// A typical new brush stroke: 20 points, radius 12, near the map centre.
fn new_stroke() -> TerrainPiece {
    let mut rng = Rng(7);
    let pts = brush_path(&mut rng, Point::new(WIDTH * 0.45, HEIGHT * 0.5), 20, 9.0);
    TerrainPiece {
        kind: TerrainKind::Forest,
        shape: TerrainShape::Stroke {
            radius: Length::new(12.0).expect("valid radius"),
            points: Path::new(pts).expect("valid path"),
            erase: false,
        },
    }
}

/// Piece `index` of `map` moved by `(30, 20)`.
fn moved_piece(map: &Map, index: usize) -> TerrainPiece {
    let d = Point::new(30.0, 20.0);
    let mv = |pts: &[Point]| {
        pts.iter()
            .map(|&p| clamp_to_area(p + d))
            .collect::<Vec<_>>()
    };
    let old = &map.terrain[index];
    let shape = match &old.shape {
        TerrainShape::Polygon { points } => TerrainShape::Polygon {
            points: Polygon::new(mv(points.points())).expect("valid polygon"),
        },
        TerrainShape::Circle { center, radius } => TerrainShape::Circle {
            center: Coord(center.0 + d),
            radius: *radius,
        },
        TerrainShape::Stroke {
            radius,
            points,
            erase,
        } => TerrainShape::Stroke {
            radius: *radius,
            points: Path::new(mv(points.points())).expect("valid path"),
            erase: *erase,
        },
        TerrainShape::Hexes { hexes } => TerrainShape::Hexes {
            hexes: HexList::new(hexes.hexes().iter().map(|&h| h + Hex::new(1, 0)))
                .expect("valid hexes"),
        },
    };
    TerrainPiece {
        kind: old.kind,
        shape,
    }
}

fn coverage_benches(c: &mut Criterion) {
    let map = bench_map();
    let board = Board::new(map.clone()).expect("within limits");
    let hexes = board.coverage().hexes().len();
    assert!(
        (9_500..=10_500).contains(&hexes),
        "the bench map has {hexes} grid hexes"
    );
    assert_eq!(map.terrain.len(), 200);
    eprintln!(
        "bench map: {hexes} grid hexes, {} usable, 200 pieces",
        board.coverage().usable_count()
    );

    c.bench_function("full_recompute_10k_200", |b| {
        b.iter(|| Coverage::new(black_box(&map)).expect("within limits"));
    });

    let stroke = new_stroke();
    c.bench_function("incremental_brush_stroke", |b| {
        b.iter_batched(
            || (board.clone(), stroke.clone()),
            |(mut board, stroke)| {
                board.push_piece(stroke).expect("within limits");
                board
            },
            BatchSize::PerIteration,
        );
    });

    // Replace a piece in the middle of the painting order.
    let index = 100;
    let replacement = moved_piece(&map, index);
    c.bench_function("incremental_replace", |b| {
        b.iter_batched(
            || (board.clone(), replacement.clone()),
            |(mut board, piece)| {
                board.replace_piece(index, piece).expect("index in range");
                board
            },
            BatchSize::PerIteration,
        );
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = coverage_benches
}
criterion_main!(benches);
