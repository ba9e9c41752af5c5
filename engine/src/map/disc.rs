//! Discs against polygons: the exact area of their intersection, and the
//! intersection as a polygon whose arcs are tessellated finely enough that
//! no hex can tell.
//!
//! A [`crate::map::TerrainShape::Circle`] is a true disc. Where a hex holds
//! only the disc, its covered area is [`convex_area`]: the disc's area
//! inside the hexagon in closed form (a polygon and circular segments),
//! exact up to rounding however far and however large the circle. Where it meets other pieces, the disc's
//! part of the hex is the polygon [`clip_convex`] builds: the hex's edges
//! inside the disc and the disc's arcs inside the hex, each arc replaced by
//! chords whose corners lie just outside the circle so that every chord
//! keeps the area of its sector ([`arc_step`] says how fine). That polygon
//! is convex, and cutting it anywhere with a straight line misses or adds at
//! most [`TESSELLATION_ERROR`] of the hex's area, so the coverage rule can
//! treat it like any other convex piece.
//!
//! ```
//! use hexwright_engine::disc;
//! use hexwright_engine::geom::Point;
//!
//! // A unit square with a corner at the centre of a disc of radius 1 holds
//! // a quarter of it.
//! let square = [
//!     Point::new(0.0, 0.0),
//!     Point::new(2.0, 0.0),
//!     Point::new(2.0, 2.0),
//!     Point::new(0.0, 2.0),
//! ];
//! let quarter = disc::convex_area(Point::new(0.0, 0.0), 1.0, &square);
//! assert!((quarter - std::f64::consts::PI / 4.0).abs() < 1e-15);
//! ```

use crate::geom::{self, Point};

/// The most area, as a share of `reference_area` in [`arc_step`], that a
/// straight cut through a tessellated arc can gain or lose.
pub const TESSELLATION_ERROR: f64 = 1e-8;

/// Area of `disc(center, radius) ∩ clip`, exact up to rounding. `clip` must
/// be convex and in positive orientation.
///
/// The intersection's boundary is walked as [`clip_convex`] walks it, its
/// arcs replaced by their chords; the area is that polygon's (in the clip's
/// own coordinates, so a disc far larger than the clip loses nothing to
/// rounding) plus each arc's circular segment in closed form.
#[must_use]
pub fn convex_area(center: Point, radius: f64, clip: &[Point]) -> f64 {
    convex_area_with(center, radius, clip, &mut Vec::new())
}

/// [`convex_area`] with a reusable buffer.
pub(crate) fn convex_area_with(
    center: Point,
    radius: f64,
    clip: &[Point],
    buf: &mut Vec<Point>,
) -> f64 {
    let mut segments = 0.0;
    let meet = walk(center, radius, clip, buf, &mut |_, from, to| {
        segments += segment_area(radius, from, to);
    });
    match meet {
        Meet::Apart => 0.0,
        Meet::DiscInside => std::f64::consts::PI * radius * radius,
        Meet::Boundary => geom::signed_area(buf) + segments,
    }
}

/// Area between the chord from `from` to `to` (on the circle of radius `r`
/// about the origin) and the arc going forwards between them.
fn segment_area(r: f64, from: Point, to: Point) -> f64 {
    let mut sweep = to.y.atan2(to.x) - from.y.atan2(from.x);
    if sweep < 0.0 {
        sweep += std::f64::consts::TAU;
    }
    let phi = if sweep > std::f64::consts::PI {
        sweep
    } else {
        // From the chord's length: exact however large the circle.
        2.0 * (from.distance(to) / (2.0 * r)).min(1.0).asin()
    };
    // φ − sin φ, by its series where the subtraction would cancel.
    let excess = if phi < 0.1 {
        let p2 = phi * phi;
        phi * p2
            * (1.0 / 6.0
                - p2 * (1.0 / 120.0
                    - p2 * (1.0 / 5040.0 - p2 * (1.0 / 362_880.0 - p2 / 39_916_800.0))))
    } else {
        phi - phi.sin()
    };
    0.5 * r * r * excess
}

/// How a disc and a convex clip meet.
enum Meet {
    Apart,
    DiscInside,
    /// Their boundaries cross (or the clip lies inside the disc).
    Boundary,
}

/// Walks the boundary of `disc(center, r) ∩ clip`, pushing to `out` (in the
/// clip's coordinates) the clip's corners inside the disc and the points
/// where its edges cross the circle, and calling `arc(out, from, to)` where
/// the boundary follows the circle forwards from `from` to `to` (relative to
/// `center`).
fn walk(
    center: Point,
    r: f64,
    clip: &[Point],
    out: &mut Vec<Point>,
    arc: &mut dyn FnMut(&mut Vec<Point>, Point, Point),
) -> Meet {
    out.clear();
    let n = clip.len();
    if n < 3 || r <= 0.0 {
        return Meet::Apart;
    }
    let mut first_entry: Option<Point> = None;
    let mut exit: Option<Point> = None;
    let mut any = false;
    // Each corner is inside the disc or not (on the circle counts as out),
    // and each edge crosses the circle as its ends say: once from an inside
    // corner to an outside one, and so on. Entries and exits then always
    // alternate, however near the circle a corner lies (a circle drawn
    // through hex corners puts them on it up to rounding), so no arc is
    // ever lost to a crossing that rounding hides.
    let inside = |p: Point| dot(p, p) < r * r;
    // An exit and an entry this close are one point: no arc between them.
    let same = |p: Point, q: Point| p.distance(q) <= 1e-9 * r;
    let mut enter = |out: &mut Vec<Point>, p: Point, exit: &mut Option<Point>| {
        match exit.take() {
            Some(e) if same(e, p) => {}
            Some(e) => arc(out, e, p),
            None if first_entry.is_none() => first_entry = Some(p),
            None => {}
        }
        out.push(center + p);
    };
    for i in 0..n {
        let a = clip[i] - center;
        let b = clip[(i + 1) % n] - center;
        let d = b - a;
        let (ia, ib) = (inside(a), inside(b));
        if ia {
            any = true;
            out.push(clip[i]);
        }
        match (ia, ib) {
            (true, true) => {}
            (true, false) => {
                let (_, t) = roots(a, b, r);
                let q = on_circle(a + d * t, r);
                out.push(center + q);
                exit = Some(q);
            }
            (false, true) => {
                any = true;
                let (s, _) = roots(a, b, r);
                enter(out, on_circle(a + d * s, r), &mut exit);
            }
            (false, false) => {
                if let Some((s, t)) = chord(a, b, r) {
                    any = true;
                    enter(out, on_circle(a + d * s, r), &mut exit);
                    let q = on_circle(a + d * t, r);
                    out.push(center + q);
                    exit = Some(q);
                }
            }
        }
    }
    if !any {
        // No corner or edge reaches into the disc: the disc lies inside the
        // clip, or they do not meet.
        return if geom::point_in_ring(center, clip) {
            Meet::DiscInside
        } else {
            Meet::Apart
        };
    }
    if let (Some(e), Some(p)) = (exit, first_entry)
        && !same(e, p)
    {
        arc(out, e, p);
    }
    Meet::Boundary
}

/// The parameters `t0 ≤ t1`, clamped to `[0, 1]`, where the line
/// `a + u·(b − a)` meets the circle of radius `r` about the origin (for an
/// edge with one end inside and one outside, which does meet it).
fn roots(a: Point, b: Point, r: f64) -> (f64, f64) {
    let d = b - a;
    let qa = dot(d, d);
    if qa == 0.0 {
        return (0.0, 0.0);
    }
    let qb = 2.0 * dot(a, d);
    let qc = dot(a, a) - r * r;
    let disc = (qb * qb - 4.0 * qa * qc).max(0.0);
    let q = -0.5 * (qb + qb.signum() * disc.sqrt());
    let (mut t0, mut t1) = if q == 0.0 {
        let h = (-qc / qa).max(0.0).sqrt();
        (-h, h)
    } else {
        (q / qa, qc / q)
    };
    if t0 > t1 {
        std::mem::swap(&mut t0, &mut t1);
    }
    (t0.clamp(0.0, 1.0), t1.clamp(0.0, 1.0))
}

/// The parameters `0 ≤ s < t ≤ 1` between which the segment `a + u·(b − a)`
/// lies inside the circle of radius `r` about the origin, if it does
/// anywhere; a chord shorter than 10⁻⁹ of the segment counts as touching.
fn chord(a: Point, b: Point, r: f64) -> Option<(f64, f64)> {
    let d = b - a;
    let qa = dot(d, d);
    if qa == 0.0 {
        return None;
    }
    let qb = 2.0 * dot(a, d);
    let qc = dot(a, a) - r * r;
    let disc = qb * qb - 4.0 * qa * qc;
    if disc <= 0.0 {
        return None;
    }
    // The numerically stable pair of roots.
    let q = -0.5 * (qb + qb.signum() * disc.sqrt());
    let (mut t0, mut t1) = if q == 0.0 {
        let h = (-qc / qa).sqrt();
        (-h, h)
    } else {
        (q / qa, qc / q)
    };
    if t0 > t1 {
        std::mem::swap(&mut t0, &mut t1);
    }
    let (s, t) = (t0.max(0.0), t1.min(1.0));
    (t - s > 1e-9).then_some((s, t))
}

fn dot(a: Point, b: Point) -> f64 {
    a.x * b.x + a.y * b.y
}

/// The angle between consecutive corners of a tessellated arc of a circle
/// of `radius`, such that a straight cut through the tessellation misses or
/// adds at most [`TESSELLATION_ERROR`] × `reference_area` (a chord of angle
/// `θ` keeps its sector's area, and the most a cut can tell from the arc is
/// below `r²θ³/24`); never more than 1/32 of a turn.
#[must_use]
pub fn arc_step(radius: f64, reference_area: f64) -> f64 {
    let theta = (24.0 * TESSELLATION_ERROR * reference_area / (radius * radius)).cbrt();
    theta.min(std::f64::consts::TAU / 32.0)
}

/// Writes `disc(center, radius) ∩ clip` to `out` as a convex polygon in
/// positive orientation, its arcs tessellated with [`arc_step`] for
/// `reference_area`; returns its signed area (zero and `out` empty when they
/// do not meet). `clip` must be convex and in positive orientation.
pub fn clip_convex(
    center: Point,
    radius: f64,
    clip: &[Point],
    reference_area: f64,
    out: &mut Vec<Point>,
) -> f64 {
    let step = arc_step(radius, reference_area);
    let meet = walk(center, radius, clip, out, &mut |out, from, to| {
        push_arc(out, center, radius, from, to, step);
    });
    match meet {
        Meet::Apart => 0.0,
        Meet::DiscInside => {
            push_circle(out, center, radius, step);
            geom::signed_area(out)
        }
        Meet::Boundary if out.len() < 3 => {
            out.clear();
            0.0
        }
        Meet::Boundary => geom::signed_area(out),
    }
}

/// `p` moved onto the circle along its ray (it is there up to rounding).
fn on_circle(p: Point, r: f64) -> Point {
    let len = p.x.hypot(p.y);
    if len > 0.0 { p * (r / len) } else { p }
}

/// Pushes the inner corners of the arc from `from` to `to` (both on the
/// circle, relative to `center`), going forwards, `step` apart at most, at
/// least one. They lie just outside the circle, at the radius that gives
/// the polygon from `from` through them to `to` the arc's exact area.
fn push_arc(out: &mut Vec<Point>, center: Point, r: f64, from: Point, to: Point, step: f64) {
    let start = from.y.atan2(from.x);
    let mut sweep = to.y.atan2(to.x) - start;
    if sweep < 0.0 {
        sweep += std::f64::consts::TAU;
    }
    if sweep == 0.0 {
        return;
    }
    let count = (sweep / step).ceil().max(2.0);
    let theta = sweep / count;
    // The fan from the centre: two end triangles with sides r and ρ, and
    // count − 2 inner ones with sides ρ, together r²·sweep/2:
    // (count − 2)·sin θ·ρ² + 2r·sin θ·ρ − count·θ·r² = 0.
    let sin = theta.sin();
    let inner = count - 2.0;
    let rho = if inner == 0.0 {
        r * theta / sin
    } else {
        r * ((count * theta * inner * sin + sin * sin).sqrt() - sin) / (inner * sin)
    };
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    for k in 1..count as usize {
        let a = start + theta * k as f64;
        out.push(center + Point::new(rho * a.cos(), rho * a.sin()));
    }
}

/// Pushes a whole tessellated circle with the disc's exact area.
fn push_circle(out: &mut Vec<Point>, center: Point, r: f64, step: f64) {
    let count = (std::f64::consts::TAU / step).ceil().max(32.0);
    let theta = std::f64::consts::TAU / count;
    let rr = r * (theta / theta.sin()).sqrt();
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    for k in 0..count as usize {
        let a = theta * k as f64;
        out.push(center + Point::new(rr * a.cos(), rr * a.sin()));
    }
}

#[cfg(test)]
mod tests;
