//! Prepared shapes: a terrain piece or the grid region turned into
//! non-overlapping rings (outer rings with positive orientation, holes with
//! negative), ready for per-hex area computations.
//!
//! Boolean operations (union, difference, intersection) use `i_overlay` with
//! its 64-bit integer engine, which snaps coordinates to a fine grid chosen
//! from the input's extent; the snapping error is far below
//! [`crate::coverage::USABLE_TOLERANCE`].

use crate::geom::{self, Bbox, Point};
use crate::map::{BRUSH_SEGMENTS, CIRCLE_SEGMENTS, Polygon, TerrainShape};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::simplify::SimplifyShape;
use i_overlay::float::single::SingleFloatOverlay;

/// A contour as `i_overlay` takes it.
pub(crate) type Contour = Vec<[f64; 2]>;

/// One ring of a prepared shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Ring {
    /// Corners; positive orientation for outer rings, negative for holes.
    pub points: Vec<Point>,
    /// Bounding box of the corners.
    pub bbox: Bbox,
}

impl Ring {
    fn new(points: Vec<Point>) -> Self {
        let bbox = Bbox::of(&points);
        Self { points, bbox }
    }
}

/// A region of the plane as non-overlapping rings: the signed areas of the
/// rings, clipped to any convex window, add up to the area of the region
/// inside that window.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Prepared {
    /// The rings.
    pub rings: Vec<Ring>,
    /// Bounding box of all rings.
    pub bbox: Option<Bbox>,
}

impl Prepared {
    /// Builds a prepared shape from `i_overlay` output (each shape's first
    /// contour is its outer ring, the rest are holes).
    fn from_shapes(shapes: Vec<Vec<Contour>>) -> Self {
        let mut rings = Vec::new();
        for shape in shapes {
            for (i, contour) in shape.into_iter().enumerate() {
                let mut pts: Vec<Point> = contour.into_iter().map(|[x, y]| Point::new(x, y)).collect();
                let a = geom::signed_area(&pts);
                if a == 0.0 {
                    continue;
                }
                let want_positive = i == 0;
                if (a > 0.0) != want_positive {
                    pts.reverse();
                }
                rings.push(Ring::new(pts));
            }
        }
        Self::from_rings(rings)
    }

    fn from_rings(rings: Vec<Ring>) -> Self {
        let bbox = rings.iter().map(|r| r.bbox).reduce(Bbox::union);
        Self { rings, bbox }
    }

    /// A single simple ring in positive orientation, taken as it is.
    fn simple(mut points: Vec<Point>) -> Self {
        if geom::signed_area(&points) < 0.0 {
            points.reverse();
        }
        Self::from_rings(vec![Ring::new(points)])
    }

    /// Total area.
    #[must_use]
    pub fn area(&self) -> f64 {
        self.rings.iter().map(|r| geom::signed_area(&r.points)).sum()
    }

}

/// Prepares the grid region: the polygon (non-zero fill) intersected with
/// the map area rectangle.
#[must_use]
pub fn prepare_region(grid: &Polygon, area: Bbox) -> Prepared {
    let subj: Contour = grid.points().iter().map(|p| [p.x, p.y]).collect();
    let clip: Contour =
        vec![[area.min.x, area.min.y], [area.max.x, area.min.y], [area.max.x, area.max.y], [area.min.x, area.max.y]];
    Prepared::from_shapes(subj.overlay_as::<i64>(&clip, OverlayRule::Intersect, FillRule::NonZero))
}

/// Prepares a terrain shape (an eraser stroke is prepared like a brush stroke).
#[must_use]
pub fn prepare_shape(shape: &TerrainShape) -> Prepared {
    match shape {
        TerrainShape::Polygon { points } => {
            let c: Contour = points.points().iter().map(|p| [p.x, p.y]).collect();
            Prepared::from_shapes(c.simplify_shape_as::<i64>(FillRule::NonZero))
        }
        TerrainShape::Circle { center, radius } => {
            Prepared::simple(geom::regular_polygon(center.0, radius.get(), CIRCLE_SEGMENTS))
        }
        TerrainShape::Stroke { radius, points, .. } => prepare_stroke(points.points(), radius.get()),
    }
}

fn positive(mut pts: Vec<Point>) -> Contour {
    if geom::signed_area(&pts) < 0.0 {
        pts.reverse();
    }
    pts.into_iter().map(|p| [p.x, p.y]).collect()
}

fn prepare_stroke(points: &[Point], radius: f64) -> Prepared {
    let disc = |c: Point| geom::regular_polygon(c, radius, BRUSH_SEGMENTS);
    if points.len() == 1 {
        return Prepared::simple(disc(points[0]));
    }
    let mut contours: Vec<Contour> = Vec::with_capacity(points.len() * 2);
    for (i, &p) in points.iter().enumerate() {
        contours.push(positive(disc(p)));
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

/// Area of the union of `contours` (non-zero fill).
pub(crate) fn union_area(contours: &[Contour]) -> f64 {
    if contours.is_empty() {
        return 0.0;
    }
    shapes_area(&contours.simplify_shape_as::<i64>(FillRule::NonZero))
}

/// Area of `subject ∩ clip` (non-zero fill on both).
pub(crate) fn intersection_area(subject: &[Contour], clip: &[Contour]) -> f64 {
    if subject.is_empty() || clip.is_empty() {
        return 0.0;
    }
    shapes_area(&subject.to_vec().overlay_as::<i64>(&clip.to_vec(), OverlayRule::Intersect, FillRule::NonZero))
}

/// `subject ∖ clip` as contours (non-zero fill on both).
pub(crate) fn difference(subject: &[Contour], clip: &[Contour]) -> Vec<Contour> {
    if subject.is_empty() || clip.is_empty() {
        return subject.to_vec();
    }
    subject
        .to_vec()
        .overlay_as::<i64>(&clip.to_vec(), OverlayRule::Difference, FillRule::NonZero)
        .into_iter()
        .flatten()
        .collect()
}

fn shapes_area(shapes: &[Vec<Contour>]) -> f64 {
    let mut total = 0.0;
    for shape in shapes {
        for (i, c) in shape.iter().enumerate() {
            let pts: Vec<Point> = c.iter().map(|&[x, y]| Point::new(x, y)).collect();
            let a = geom::signed_area(&pts).abs();
            total += if i == 0 { a } else { -a };
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{Coord, Length, Path};

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
        let prep = prepare_shape(&TerrainShape::Polygon { points: p });
        assert!((prep.area() - 2.0).abs() < 1e-9, "{}", prep.area());
        assert!(prep.rings.iter().all(|r| geom::signed_area(&r.points) > 0.0));
    }

    #[test]
    fn circle_is_the_inscribed_polygon() {
        let c = TerrainShape::Circle { center: Coord(Point::new(5.0, 5.0)), radius: Length::new(2.0).unwrap() };
        let n = CIRCLE_SEGMENTS as f64;
        let expected = 0.5 * n * 4.0 * (std::f64::consts::TAU / n).sin();
        assert!((prepare_shape(&c).area() - expected).abs() < 1e-9);
    }

    #[test]
    fn stroke_overlaps_are_counted_once() {
        // Going back and forth over the same segment covers it once.
        let pts = vec![Point::new(0.0, 0.0), Point::new(10.0, 0.0), Point::new(0.0, 0.0)];
        let s = TerrainShape::Stroke { radius: Length::new(1.0).unwrap(), points: Path::new(pts).unwrap(), erase: false };
        let disc = 0.5 * 32.0 * (std::f64::consts::TAU / 32.0).sin();
        let a = prepare_shape(&s).area();
        // Rectangle 10 x 2 plus two half-discs (approximately one disc).
        assert!((a - (20.0 + disc)).abs() < 0.05, "{a}");
    }
}
