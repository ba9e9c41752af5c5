//! Plane geometry in `f64`: points, rings, bounding boxes, areas and
//! clipping against convex polygons.
//!
//! World coordinates have their origin at the top-left corner of the map area,
//! `x` growing to the right and `y` growing downwards (screen order). Signed
//! areas use the shoelace formula about a ring's first corner, so "positive"
//! orientation here is the order in which a hexagon's corners are generated
//! (increasing angle).

use serde::{Deserialize, Serialize};

/// A point (or vector) in world coordinates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// Horizontal coordinate, growing to the right.
    pub x: f64,
    /// Vertical coordinate, growing downwards.
    pub y: f64,
}

impl Point {
    /// Creates a point.
    #[must_use]
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    /// Both coordinates are finite (neither NaN nor infinite).
    #[must_use]
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    /// Euclidean distance to `other`.
    #[must_use]
    pub fn distance(self, other: Self) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }
}

impl std::ops::Add for Point {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Self::new(self.x + o.x, self.y + o.y)
    }
}

impl std::ops::Sub for Point {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        Self::new(self.x - o.x, self.y - o.y)
    }
}

impl std::ops::Mul<f64> for Point {
    type Output = Self;
    fn mul(self, k: f64) -> Self {
        Self::new(self.x * k, self.y * k)
    }
}

/// 2D cross product of `a` and `b`.
#[must_use]
pub fn cross(a: Point, b: Point) -> f64 {
    a.x * b.y - a.y * b.x
}

/// An axis-aligned bounding box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bbox {
    /// Smallest corner.
    pub min: Point,
    /// Largest corner.
    pub max: Point,
}

impl Bbox {
    /// The empty box (contains nothing, overlaps nothing).
    pub const EMPTY: Self = Self {
        min: Point::new(f64::INFINITY, f64::INFINITY),
        max: Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    };

    /// The bounding box of `points`; [`Bbox::EMPTY`] when there are none.
    #[must_use]
    pub fn of(points: &[Point]) -> Self {
        let mut b = Self::EMPTY;
        for &p in points {
            b.include(p);
        }
        b
    }

    /// Grows the box to contain `p`.
    pub fn include(&mut self, p: Point) {
        self.min.x = self.min.x.min(p.x);
        self.min.y = self.min.y.min(p.y);
        self.max.x = self.max.x.max(p.x);
        self.max.y = self.max.y.max(p.y);
    }

    /// The smallest box holding both boxes.
    #[must_use]
    pub fn union(self, o: Self) -> Self {
        Self {
            min: Point::new(self.min.x.min(o.min.x), self.min.y.min(o.min.y)),
            max: Point::new(self.max.x.max(o.max.x), self.max.y.max(o.max.y)),
        }
    }

    /// The box grown by `d` on every side.
    #[must_use]
    pub fn expand(self, d: f64) -> Self {
        Self {
            min: Point::new(self.min.x - d, self.min.y - d),
            max: Point::new(self.max.x + d, self.max.y + d),
        }
    }

    /// The box holds no point.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.min.x > self.max.x || self.min.y > self.max.y
    }

    /// The two boxes share at least one point of positive-area overlap
    /// (boxes that only touch along an edge do not overlap).
    #[must_use]
    pub fn overlaps(self, o: Self) -> bool {
        self.min.x < o.max.x && o.min.x < self.max.x && self.min.y < o.max.y && o.min.y < self.max.y
    }

    /// `o` lies entirely inside this box.
    #[must_use]
    pub fn contains_box(self, o: Self) -> bool {
        self.min.x <= o.min.x
            && self.min.y <= o.min.y
            && o.max.x <= self.max.x
            && o.max.y <= self.max.y
    }
}

/// Signed area of a closed ring (shoelace); positive for rings in the
/// orientation of [`crate::layout::HexLayout::corners`].
///
/// The sum is taken about the ring's first corner, so its terms are of the
/// ring's own size, whatever its distance from the origin: a small ring far
/// away loses no precision to cancellation.
///
/// ```
/// use hexwright_engine::geom::{Point, signed_area};
/// let far = 1.0e6;
/// let square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
///     .map(|(x, y)| Point::new(far + x, far + y));
/// assert_eq!(signed_area(&square), 1.0);
/// ```
#[must_use]
pub fn signed_area(ring: &[Point]) -> f64 {
    let n = ring.len();
    if n < 3 {
        return 0.0;
    }
    let o = ring[0];
    let mut s = 0.0;
    let mut prev = ring[1] - o;
    for &p in &ring[2..] {
        let p = p - o;
        s += cross(prev, p);
        prev = p;
    }
    s * 0.5
}

/// Clips `subject` (any simple ring) against the convex ring `clip`
/// (positive orientation) with the Sutherland–Hodgman algorithm, writing the
/// result into `out`.
///
/// The output may contain zero-width "bridges" along the clip boundary when
/// the subject is not convex; they add nothing to the signed area, so
/// `signed_area(out)` is exactly the signed area of `subject ∩ clip`.
pub fn clip_convex_into(
    subject: &[Point],
    clip: &[Point],
    out: &mut Vec<Point>,
    scratch: &mut Vec<Point>,
) {
    out.clear();
    out.extend_from_slice(subject);
    let m = clip.len();
    for i in 0..m {
        if out.is_empty() {
            return;
        }
        let a = clip[i];
        std::mem::swap(out, scratch);
        clip_half_plane(scratch, a, clip[(i + 1) % m] - a, out);
    }
}

/// One Sutherland–Hodgman pass: writes into `out` the part of the non-empty
/// ring `input` that lies left of (or on) the line through `a` along `edge`
/// (the inside of a positively oriented clip edge).
pub fn clip_half_plane(input: &[Point], a: Point, edge: Point, out: &mut Vec<Point>) {
    out.clear();
    out.reserve(input.len() + 2);
    let mut prev = input[input.len() - 1];
    let mut prev_side = cross(edge, prev - a);
    for &cur in input {
        let cur_side = cross(edge, cur - a);
        let cur_in = cur_side >= 0.0;
        if cur_in != (prev_side >= 0.0) {
            let t = prev_side / (prev_side - cur_side);
            out.push(prev + (cur - prev) * t);
        }
        if cur_in {
            out.push(cur);
        }
        prev = cur;
        prev_side = cur_side;
    }
}

/// Signed area of `subject ∩ clip` where `clip` is convex with positive
/// orientation. See [`clip_convex_into`].
#[must_use]
pub fn clipped_area(subject: &[Point], clip: &[Point]) -> f64 {
    let mut out = Vec::with_capacity(subject.len() + clip.len());
    let mut scratch = Vec::with_capacity(subject.len() + clip.len());
    clip_convex_into(subject, clip, &mut out, &mut scratch);
    signed_area(&out)
}

/// The regular polygon with `segments` corners inscribed in the circle of
/// `radius` about `center`, in positive orientation, first corner at angle 0.
#[must_use]
pub fn regular_polygon(center: Point, radius: f64, segments: usize) -> Vec<Point> {
    (0..segments)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / segments as f64;
            Point::new(center.x + radius * a.cos(), center.y + radius * a.sin())
        })
        .collect()
}

/// The corners of [`regular_polygon`] relative to its centre: adding
/// `center` to each gives exactly the same points.
#[must_use]
pub fn regular_offsets(radius: f64, segments: usize) -> Vec<Point> {
    (0..segments)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / segments as f64;
            Point::new(radius * a.cos(), radius * a.sin())
        })
        .collect()
}

/// Whether `p` lies inside the ring (even–odd rule; points on the boundary
/// may go either way).
#[must_use]
#[allow(clippy::many_single_char_names)]
pub fn point_in_ring(p: Point, ring: &[Point]) -> bool {
    let mut inside = false;
    let n = ring.len();
    if n < 3 {
        return false;
    }
    let mut j = n - 1;
    for i in 0..n {
        let (a, b) = (ring[i], ring[j]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// Distance from `p` to the segment `a`–`b`.
#[must_use]
pub fn distance_to_segment(p: Point, a: Point, b: Point) -> f64 {
    let ab = b - a;
    let len2 = ab.x * ab.x + ab.y * ab.y;
    if len2 == 0.0 {
        return p.distance(a);
    }
    let t = (((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / len2).clamp(0.0, 1.0);
    p.distance(a + ab * t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x0: f64, y0: f64, s: f64) -> Vec<Point> {
        vec![
            Point::new(x0, y0),
            Point::new(x0 + s, y0),
            Point::new(x0 + s, y0 + s),
            Point::new(x0, y0 + s),
        ]
    }

    #[test]
    fn area_of_unit_square() {
        assert!((signed_area(&square(0.0, 0.0, 1.0)) - 1.0).abs() < 1e-12);
        let mut rev = square(0.0, 0.0, 1.0);
        rev.reverse();
        assert!((signed_area(&rev) + 1.0).abs() < 1e-12);
    }

    #[test]
    fn clip_overlapping_squares() {
        let a = square(0.0, 0.0, 2.0);
        let b = square(1.0, 1.0, 2.0);
        assert!((clipped_area(&a, &b) - 1.0).abs() < 1e-12);
        let far = square(5.0, 5.0, 1.0);
        assert!(clipped_area(&a, &far).abs() < 1e-12);
    }

    #[test]
    fn clip_concave_subject_keeps_exact_area() {
        // A "U" shape: 3x3 square minus the 1x2 notch at the top middle.
        let u = vec![
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
            Point::new(1.0, 2.0),
            Point::new(2.0, 2.0),
            Point::new(2.0, 0.0),
            Point::new(3.0, 0.0),
            Point::new(3.0, 3.0),
            Point::new(0.0, 3.0),
        ];
        assert!((signed_area(&u) - 7.0).abs() < 1e-12);
        let clip = square(0.5, -1.0, 2.0); // x in 0.5..2.5, y in -1..1
        // Inside the clip: [0.5,1]x[0,1] and [2,2.5]x[0,1] = 0.5 + 0.5.
        assert!((clipped_area(&u, &clip) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn point_in_ring_works() {
        let s = square(0.0, 0.0, 1.0);
        assert!(point_in_ring(Point::new(0.5, 0.5), &s));
        assert!(!point_in_ring(Point::new(1.5, 0.5), &s));
    }
}
