//! How much work a map's terrain can make, estimated before the work is
//! done, so the limits can refuse a map that would take too long
//! ([`crate::limits`]): brush strokes by their points and overlaps
//! ([`stroke_work`]) and by the crossings of their parts
//! ([`stroke_crossings`]), large polygons by their self-crossings
//! ([`crossings`]).
//!
//! A polygon that is not plainly simple is normalised by the boolean engine,
//! whose time grows with the number of places where its edges cross.
//! [`crossings`] counts them: it lays a grid over the polygon (about one
//! cell per corner), walks each edge through the cells it passes, and tests
//! the pairs of edges that share a cell, counting each crossing once (in the
//! cell that holds it). It stops early once either the crossings or the
//! pairs tested pass a bound, so the estimate itself takes bounded time.

use crate::geom::{Bbox, Point};

/// The work a brush stroke of `radius` through `points` makes: each point
/// is a disc cut against the `k` earlier discs it overlaps, about
/// `2 radius / step` of them for points `step` apart (at most the points),
/// and each cut splits the pieces of the earlier cuts, so a point costs
/// `(1 + k)(1 + k / 8)`: a little more than linear in `k` while the discs
/// overlap a few neighbours (a stroke drawn in the editor, a point every
/// 0.4 radius, overlaps five), quadratic when they pile up.
///
/// ```
/// use hexwright_engine::complexity::stroke_work;
/// use hexwright_engine::geom::Point;
/// // Ten points a radius apart: each overlaps two earlier discs.
/// let pts: Vec<Point> = (0..10).map(|i| Point::new(f64::from(i) * 5.0, 0.0)).collect();
/// assert_eq!(stroke_work(&pts, 5.0), 10 * 3 * 5 / 4);
/// assert_eq!(stroke_work(&pts[..1], 5.0), 1);
/// ```
#[must_use]
pub fn stroke_work(points: &[Point], radius: f64) -> u64 {
    let n = points.len() as u64;
    if n <= 1 {
        return n;
    }
    let length: f64 = points.windows(2).map(|w| w[0].distance(w[1])).sum();
    let step = length / (n - 1) as f64;
    let k = if step > 0.0 {
        ((2.0 * radius / step).ceil() as u64).min(n - 1)
    } else {
        n - 1
    };
    // n (1 + k) (1 + k / 8), in whole numbers.
    n.saturating_mul(1 + k).saturating_mul(8 + k) / 8
}

/// How far a brush stroke of `radius` through `points` reaches over a grid
/// of hexes of circumradius `hex_size` lying in the box `grid`: the sum,
/// over its parts (the capsule from each point to the next, or the one disc
/// of a stroke of one point), of the hex-size squares its bounding box
/// spans within `grid`. The usable-hex computation clips each part (cut
/// into a few convex rings) against every grid hex its box meets, so this
/// bounds that work however the points are spread: [`stroke_work`] counts
/// the overlaps of neighbouring points, and misses a stroke whose points
/// jump across the whole map, each part a capsule as long as the map.
///
/// ```
/// use hexwright_engine::complexity::stroke_reach;
/// use hexwright_engine::geom::{Bbox, Point};
/// let grid = Bbox::of(&[Point::new(-1000.0, -1000.0), Point::new(1000.0, 1000.0)]);
/// // One disc of radius 5 on hexes of size 10: a 10 × 10 box, 1 square.
/// assert_eq!(stroke_reach(&[Point::new(0.0, 0.0)], 5.0, 10.0, grid), 1);
/// // A capsule 100 long: a 110 × 10 box, 11 × 1 squares.
/// let two = [Point::new(0.0, 0.0), Point::new(100.0, 0.0)];
/// assert_eq!(stroke_reach(&two, 5.0, 10.0, grid), 11);
/// // Only the part within the grid counts.
/// let far = [Point::new(0.0, 0.0), Point::new(1.0e6, 0.0)];
/// assert_eq!(stroke_reach(&far, 5.0, 10.0, grid), 101);
/// ```
#[must_use]
pub fn stroke_reach(points: &[Point], radius: f64, hex_size: f64, grid: Bbox) -> u64 {
    let squares = |a: Point, b: Point| -> u64 {
        let side = |lo: f64, hi: f64, glo: f64, ghi: f64| {
            let (lo, hi) = (lo.max(glo), hi.min(ghi));
            if hi < lo {
                0
            } else {
                ((hi - lo) / hex_size).ceil().clamp(1.0, 1.0e9) as u64
            }
        };
        let w = side(
            a.x.min(b.x) - radius,
            a.x.max(b.x) + radius,
            grid.min.x,
            grid.max.x,
        );
        let h = side(
            a.y.min(b.y) - radius,
            a.y.max(b.y) + radius,
            grid.min.y,
            grid.max.y,
        );
        w.saturating_mul(h)
    };
    match points {
        [] => 0,
        [p] => squares(*p, *p),
        _ => points
            .windows(2)
            .map(|w| squares(w[0], w[1]))
            .fold(0u64, u64::saturating_add),
    }
}

/// How often the outline of a brush stroke of `radius` through `points`
/// crosses itself where its parts meet (the discs and rectangles whose
/// union is the stroke), counting at most `cap`, and the middle of the
/// spot (a square of `max(2 radius, hex_size / 2)` units) where most of
/// those crossings are. Uniting the parts into the outline that the editor
/// draws and the renderer exports takes time that grows with these
/// crossings: a stroke drawn once along a path crosses about five times per
/// point, but one that runs to and fro over itself, or whose straight parts
/// all cross at one point, crosses thousands of times per point. The count
/// stops (reporting `cap`) once it has compared 256 pairs of edges per
/// crossing it may count, so it takes bounded time itself.
///
/// ```
/// use hexwright_engine::complexity::stroke_crossings;
/// use hexwright_engine::geom::Point;
/// let line: Vec<Point> = (0..50).map(|i| Point::new(f64::from(i) * 2.0, 0.0)).collect();
/// let (once, _) = stroke_crossings(&line, 5.0, 10.0, u64::MAX / 256);
/// // To and fro ten times: far more than ten times as many crossings.
/// let laps: Vec<Point> = (0..10)
///     .flat_map(|lap| {
///         let l = line.clone();
///         let y = 0.01 * f64::from(lap);
///         let l: Vec<Point> = if lap % 2 == 0 { l } else { l.into_iter().rev().collect() };
///         l.into_iter().map(move |p| Point::new(p.x, p.y + y))
///     })
///     .collect();
/// let (tangled, at) = stroke_crossings(&laps, 5.0, 10.0, u64::MAX / 256);
/// assert!(tangled > 10 * once, "{tangled} against {once}");
/// assert!(at.is_some());
/// // The count stops at the cap.
/// assert_eq!(stroke_crossings(&laps, 5.0, 10.0, 100).0, 100);
/// ```
#[must_use]
pub fn stroke_crossings(
    points: &[Point],
    radius: f64,
    hex_size: f64,
    cap: u64,
) -> (u64, Option<Point>) {
    crate::shape::stroke_crossings(points, radius, (2.0 * radius).max(hex_size / 2.0), cap)
}

/// What [`crossings`] found, each count capped where it stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Crossings {
    /// Points where two edges that are not neighbours cross or touch.
    pub crossings: u64,
    /// Pairs of edges tested (edges sharing a grid cell).
    pub pairs: u64,
}

/// The crossings of the polygon's edges, testing at most `max_pairs` pairs
/// and stopping once `max_crossings` are found.
///
/// ```
/// use hexwright_engine::complexity::crossings;
/// use hexwright_engine::geom::Point;
/// let bow_tie = [(0.0, 0.0), (1.0, 1.0), (1.0, 0.0), (0.0, 1.0)].map(|(x, y)| Point::new(x, y));
/// assert_eq!(crossings(&bow_tie, 100, 100).crossings, 1);
/// let square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map(|(x, y)| Point::new(x, y));
/// assert_eq!(crossings(&square, 100, 100).crossings, 0);
/// ```
#[must_use]
pub fn crossings(points: &[Point], max_crossings: u64, max_pairs: u64) -> Crossings {
    let n = points.len();
    let mut found = Crossings::default();
    if n < 4 {
        return found;
    }
    let b = Bbox::of(points);
    let g = (n as f64).sqrt().ceil().max(1.0) as usize;
    let (w, h) = (b.max.x - b.min.x, b.max.y - b.min.y);
    let cw = if w > 0.0 { w / g as f64 } else { 1.0 };
    let ch = if h > 0.0 { h / g as f64 } else { 1.0 };
    let cell = |p: Point| {
        let x = (((p.x - b.min.x) / cw).floor().max(0.0) as usize).min(g - 1);
        let y = (((p.y - b.min.y) / ch).floor().max(0.0) as usize).min(g - 1);
        (x, y)
    };
    let mut cells: Vec<Vec<u32>> = vec![Vec::new(); g * g];
    for i in 0..n {
        let (a, c) = (points[i], points[(i + 1) % n]);
        walk(a, c, b.min, (cw, ch), g, &cell, &mut |k| {
            cells[k].push(i as u32);
        });
    }
    let edge = |i: u32| (points[i as usize], points[(i as usize + 1) % n]);
    for (k, list) in cells.iter().enumerate() {
        for (x, &i) in list.iter().enumerate() {
            for &j in &list[x + 1..] {
                found.pairs += 1;
                if found.pairs > max_pairs || found.crossings > max_crossings {
                    return found;
                }
                let d = i.abs_diff(j) as usize;
                if d == 1 || d == n - 1 {
                    continue; // neighbours share a corner
                }
                let ((p, q), (r, s)) = (edge(i), edge(j));
                if let Some(at) = intersection(p, q, r, s) {
                    let (cx, cy) = cell(at);
                    if cy * g + cx == k {
                        found.crossings += 1;
                    }
                }
            }
        }
    }
    found
}

/// Where the segments `p`–`q` and `r`–`s` meet, if they do (touching counts).
fn intersection(p: Point, q: Point, r: Point, s: Point) -> Option<Point> {
    let (d1, d2) = (q - p, s - r);
    let denom = crate::geom::cross(d1, d2);
    if denom == 0.0 {
        // Parallel: overlapping collinear edges count as meeting at `r`.
        let collinear = crate::geom::cross(d1, r - p) == 0.0;
        let within = |a: Point| {
            let t = (a - p).x * d1.x + (a - p).y * d1.y;
            (0.0..=d1.x * d1.x + d1.y * d1.y).contains(&t)
        };
        return (collinear && (within(r) || within(s))).then_some(r);
    }
    let t = crate::geom::cross(r - p, d2) / denom;
    let u = crate::geom::cross(r - p, d1) / denom;
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)).then(|| p + d1 * t)
}

/// Calls `visit` with every grid cell the segment `a`–`b` passes through
/// (Amanatides and Woo's traversal, at most `|Δx| + |Δy| + 1` cells).
fn walk(
    a: Point,
    b: Point,
    origin: Point,
    (cw, ch): (f64, f64),
    g: usize,
    cell: &impl Fn(Point) -> (usize, usize),
    visit: &mut impl FnMut(usize),
) {
    let (mut x, mut y) = cell(a);
    let end = cell(b);
    let steps = x.abs_diff(end.0) + y.abs_diff(end.1);
    let d = b - a;
    let step_x: isize = if d.x > 0.0 { 1 } else { -1 };
    let step_y: isize = if d.y > 0.0 { 1 } else { -1 };
    // Parameter t along the segment at which the next vertical or
    // horizontal cell boundary is crossed, and how far t moves per cell.
    let boundary = |i: usize, step: isize, size: f64, o: f64| {
        o + size * (i as f64 + if step > 0 { 1.0 } else { 0.0 })
    };
    let (mut t_x, dt_x) = if d.x == 0.0 {
        (f64::INFINITY, f64::INFINITY)
    } else {
        (
            (boundary(x, step_x, cw, origin.x) - a.x) / d.x,
            cw / d.x.abs(),
        )
    };
    let (mut t_y, dt_y) = if d.y == 0.0 {
        (f64::INFINITY, f64::INFINITY)
    } else {
        (
            (boundary(y, step_y, ch, origin.y) - a.y) / d.y,
            ch / d.y.abs(),
        )
    };
    visit(y * g + x);
    for _ in 0..steps {
        if (x, y) == end {
            break;
        }
        if t_x < t_y {
            x = x.saturating_add_signed(step_x).min(g - 1);
            t_x += dt_x;
        } else {
            y = y.saturating_add_signed(step_y).min(g - 1);
            t_y += dt_y;
        }
        visit(y * g + x);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// splitmix64.
    fn unit(state: &mut u64) -> f64 {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }

    #[test]
    fn a_tangle_crosses_itself_and_a_star_does_not() {
        let n = 4096;
        let star: Vec<Point> = (0..n)
            .map(|i| {
                let r = if i % 2 == 1 { 300.0 } else { 150.0 };
                let a = std::f64::consts::TAU * f64::from(i) / f64::from(n);
                Point::new(1000.0 + r * a.cos(), 1000.0 + r * a.sin())
            })
            .collect();
        assert_eq!(crossings(&star, u64::MAX, u64::MAX).crossings, 0);
        let mut s = 3;
        let tangle: Vec<Point> = (0..n)
            .map(|_| Point::new(unit(&mut s) * 2000.0, unit(&mut s) * 2000.0))
            .collect();
        let all = crossings(&tangle, u64::MAX, u64::MAX);
        assert!(all.crossings > 1_000_000, "{all:?}");
        // It stops early.
        let some = crossings(&tangle, 1000, u64::MAX);
        assert!(some.crossings <= 1001 && some.pairs < all.pairs, "{some:?}");
    }

    #[test]
    fn crossings_are_counted_once_against_a_brute_force_count() {
        let mut s = 11;
        for n in [5, 12, 40, 150] {
            let pts: Vec<Point> = (0..n)
                .map(|_| Point::new(unit(&mut s) * 100.0, unit(&mut s) * 100.0))
                .collect();
            let mut brute = 0;
            for i in 0..n {
                for j in i + 2..n {
                    if i == 0 && j == n - 1 {
                        continue;
                    }
                    let e = |k: usize| (pts[k], pts[(k + 1) % n]);
                    let ((p, q), (r, t)) = (e(i), e(j));
                    brute += u64::from(intersection(p, q, r, t).is_some());
                }
            }
            assert_eq!(
                crossings(&pts, u64::MAX, u64::MAX).crossings,
                brute,
                "n {n}"
            );
        }
    }
}
