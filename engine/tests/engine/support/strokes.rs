//! Families of adversarial brush-stroke maps: the shapes that made the
//! usable-hex computation run for minutes before its work was bounded
//! (issue 60). Shared by the `hostile_strokes` property test and the
//! `hostile` benchmark.

use hexwright_engine::geom::Point;
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::{Length, Map, Path, Polygon, TerrainKind, TerrainPiece, TerrainShape};

/// Hex circumradius of the maps (brush radii are given in hexes).
const HEX: f64 = 10.0;
/// Side of the square map area.
const SIDE: f64 = 300.0;
/// Most points in one stroke ([`hexwright_engine::limits::MAX_RING_VERTICES`]).
const MAX_POINTS: usize = 4096;

/// One family of adversarial strokes; radii are in hexes.
#[derive(Clone, Copy, Debug)]
pub enum Family {
    /// `n` strokes along one path (a wave, or a straight line), each `gap`
    /// units beside the one before.
    SideBySide {
        n: usize,
        radius: f64,
        gap: f64,
        wavy: bool,
    },
    /// `n` straight strokes through one point: a hex's centre (`at` 0),
    /// one of its corners (1), or a point of no special place (2).
    ThroughOne { n: usize, radius: f64, at: usize },
    /// The same stroke `n` times, each moved by up to `jitter` units (none
    /// when `None`).
    Repeated {
        n: usize,
        radius: f64,
        jitter: Option<f64>,
    },
    /// `n` strokes on one path, painting and erasing by turns, the last one
    /// an eraser when `end_erased`.
    PaintErase {
        n: usize,
        radius: f64,
        end_erased: bool,
    },
    /// One stroke that runs to and fro along one path `laps` times, a
    /// hundredth of a unit further each lap.
    Retrace { laps: usize, radius: f64 },
    /// One stroke whose `n` straight parts all cross at one point (an
    /// asterisk drawn without lifting the brush).
    Asterisk { n: usize, radius: f64 },
}

/// The map of a family: an open square grid of hexes of size 10, whose
/// terrain is the family's strokes.
#[must_use]
pub fn stroke_family(family: &Family) -> Map {
    let mut m =
        Map::new_empty("strokes", Orientation::Pointy, HEX, SIDE, SIDE).expect("a valid empty map");
    m.grid = Polygon::new(vec![
        Point::new(0.0, 0.0),
        Point::new(SIDE, 0.0),
        Point::new(SIDE, SIDE),
        Point::new(0.0, SIDE),
    ])
    .expect("a square");
    let mut push = |radius: f64, pts: Vec<Point>, erase: bool| {
        m.terrain.push(TerrainPiece {
            kind: TerrainKind::Forest,
            shape: TerrainShape::Stroke {
                radius: Length::new(radius * HEX).expect("a positive radius"),
                points: Path::new(pts).expect("a valid path"),
                erase,
            },
        });
    };
    match *family {
        Family::SideBySide {
            n,
            radius,
            gap,
            wavy,
        } => {
            for k in 0..n {
                let pts = path(radius, wavy, gap * k as f64, 1);
                push(radius, pts, false);
            }
        }
        Family::ThroughOne { n, radius, at } => {
            let centre = Point::new(SIDE / 2.0, SIDE / 2.0);
            let through = match at {
                0 => centre,
                // A corner of the pointy hex at the centre: straight up.
                1 => Point::new(centre.x, centre.y + HEX),
                _ => Point::new(centre.x + 3.217, centre.y - 1.931),
            };
            for k in 0..n {
                let a = std::f64::consts::PI * k as f64 / n as f64;
                let d = Point::new(a.cos(), a.sin());
                let count = points_along(120.0, radius);
                let pts = (0..count)
                    .map(|j| {
                        let t = -60.0 + 120.0 * j as f64 / (count - 1) as f64;
                        Point::new(through.x + t * d.x, through.y + t * d.y)
                    })
                    .collect();
                push(radius, pts, false);
            }
        }
        Family::Repeated { n, radius, jitter } => {
            for k in 0..n {
                let off = jitter.map_or(0.0, |j| j * ((k * 7919) % 101) as f64 / 100.0);
                push(radius, path(radius, true, off, 1), false);
            }
        }
        Family::PaintErase {
            n,
            radius,
            end_erased,
        } => {
            for k in 0..n {
                let erase = ((n - 1 - k) % 2 == 0) == end_erased;
                push(radius, path(radius, true, 0.0, 1), erase);
            }
        }
        Family::Retrace { laps, radius } => push(radius, path(radius, true, 0.01, laps), false),
        Family::Asterisk { n, radius } => {
            let c = Point::new(SIDE / 2.0 + 0.37, SIDE / 2.0 - 0.21);
            let pts = (0..n.min(MAX_POINTS))
                .map(|k| {
                    let a = std::f64::consts::PI * k as f64 / n as f64;
                    let s = if k % 2 == 0 { 60.0 } else { -60.0 };
                    Point::new(c.x + s * a.cos(), c.y + s * a.sin())
                })
                .collect();
            push(radius, pts, false);
        }
    }
    m
}

/// How many points a stroke of `radius` hexes drawn over `length` units
/// takes in the editor (one every 0.4 radius), at least 2.
fn points_along(length: f64, radius: f64) -> usize {
    ((length / (0.4 * radius * HEX)).ceil() as usize + 1).clamp(2, MAX_POINTS)
}

/// A stroke's points across the middle of the map, `offset` units up, run
/// `laps` times to and fro (each lap `offset` further up).
fn path(radius: f64, wavy: bool, offset: f64, laps: usize) -> Vec<Point> {
    let each = points_along(200.0, radius)
        .min(MAX_POINTS / laps.max(1))
        .max(2);
    let mut pts = Vec::with_capacity(each * laps);
    for lap in 0..laps {
        for j in 0..each {
            let s = j as f64 / (each - 1) as f64;
            let s = if lap % 2 == 0 { s } else { 1.0 - s };
            let x = 50.0 + 200.0 * s;
            let wave = if wavy { 25.0 * (x / 20.0).sin() } else { 0.0 };
            let y = SIDE / 2.0 + wave + offset * (lap + 1) as f64;
            pts.push(Point::new(x, y));
        }
    }
    pts
}
