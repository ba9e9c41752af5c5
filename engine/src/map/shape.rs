//! Prepared shapes: a terrain piece or the grid region turned into
//! non-overlapping rings (outer rings with positive orientation, holes with
//! negative), ready for per-hex area computations.
//!
//! Boolean operations (union, difference, intersection) use `i_overlay` with
//! its 64-bit integer engine, which snaps coordinates to a fine grid; the
//! snapping error is far below [`crate::coverage::USABLE_TOLERANCE`].
//!
//! A brush stroke is the union of many overlapping discs and rectangles.
//! First, every disc is reduced to the fans (sectors) that its neighbouring
//! rectangles and discs do not already cover, which removes most edges (see
//! `stroke_parts`). [`prepare_shape`] then unites the parts into the
//! stroke's outline with `i_overlay`, on a grid of `2^-36` of the brush
//! radius (or of the hex size, whichever is smaller, for the coverage): fine
//! enough that the snapping changes a hex's covered area by less than `1e-10`
//! of the hex area, and coarse enough that the exact integer crossing
//! computations stay in native 128-bit arithmetic. For the coverage, a
//! stroke is instead cut into non-overlapping convex rings without any
//! boolean engine (see `stroke_partition`), which is several times faster
//! and lets the coverage intersect strokes by convex clipping.

use crate::geom::{self, Bbox, Point};
use crate::layout::HexLayout;
use crate::map::{CIRCLE_SEGMENTS, Map, Polygon, TerrainShape};
use hexx::Hex;
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::ShapeType;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::overlay::FloatOverlay;
use i_overlay::float::simplify::SimplifyShape;
use i_overlay::float::single::SingleFloatOverlay;
use i_overlay::i_float::adapter::FloatPointAdapter;
use i_overlay::i_float::float::rect::FloatRect;

mod stroke;

pub(crate) use stroke::stroke_crossings;
use stroke::{prepare_stroke, stroke_partition};

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
                let mut pts: Vec<Point> =
                    contour.into_iter().map(|[x, y]| Point::new(x, y)).collect();
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
        self.rings
            .iter()
            .map(|r| geom::signed_area(&r.points))
            .sum()
    }
}

/// Prepares the grid region of `map`: the union of its parts, each a
/// polygon (non-zero fill) less its holes, intersected with the map area
/// rectangle.
#[must_use]
pub fn prepare_region(map: &Map) -> Prepared {
    let area = map.area.bbox();
    let clip: Contour = vec![
        [area.min.x, area.min.y],
        [area.max.x, area.min.y],
        [area.max.x, area.max.y],
        [area.min.x, area.max.y],
    ];
    let contour = |p: &Polygon| -> Contour { p.points().iter().map(|p| [p.x, p.y]).collect() };
    if map.grid_is_one_polygon() {
        return Prepared::from_shapes(contour(&map.grid).overlay_as::<i64>(
            &clip,
            OverlayRule::Intersect,
            FillRule::NonZero,
        ));
    }
    // Each part less its holes, as i_overlay's shapes: outer rings and holes
    // wound oppositely, so under the non-zero rule the parts together are
    // their union.
    let mut parts: Vec<Contour> = Vec::new();
    for (outer, holes) in map.grid_region() {
        let outer = vec![contour(outer)];
        let shapes = if holes.is_empty() {
            outer.simplify_shape_as::<i64>(FillRule::NonZero)
        } else {
            let holes: Vec<Contour> = holes.iter().map(contour).collect();
            outer.overlay_as::<i64>(&holes, OverlayRule::Difference, FillRule::NonZero)
        };
        parts.extend(shapes.into_iter().flatten());
    }
    Prepared::from_shapes(parts.overlay_as::<i64>(&clip, OverlayRule::Intersect, FillRule::NonZero))
}

/// The hexes of `hexes` in `layout` as a prepared shape: one ring per hex
/// (hexagons tile the plane, so the rings never overlap).
#[must_use]
pub fn prepare_hexes(hexes: &[Hex], layout: &HexLayout) -> Prepared {
    Prepared::from_rings(
        hexes
            .iter()
            .map(|&h| {
                let mut pts = layout.corners(h).to_vec();
                if geom::signed_area(&pts) < 0.0 {
                    pts.reverse();
                }
                Ring::new(pts)
            })
            .collect(),
    )
}

/// Prepares a terrain shape (an eraser stroke is prepared like a brush
/// stroke, which becomes its outline).
#[must_use]
pub fn prepare_shape(shape: &TerrainShape, layout: &HexLayout) -> Prepared {
    match shape {
        TerrainShape::Hexes { hexes } => prepare_hexes(hexes.hexes(), layout),
        _ => prepare_outline(shape, f64::INFINITY),
    }
}

/// Prepares a terrain shape for the coverage of hexes of circumradius
/// `hex_size`. A brush stroke becomes non-overlapping convex rings (see
/// [`stroke_partition`]) rather than its outline; if it overlaps itself too
/// much for that, its outline on a snapping grid relative to the smaller of
/// the brush radius and `hex_size` (see the module docs).
pub(crate) fn prepare_for_coverage(shape: &TerrainShape, hex_size: f64) -> Polys {
    if let TerrainShape::Stroke { radius, points, .. } = shape
        && let Some(p) = stroke_partition(points.points(), radius.get())
    {
        return p;
    }
    Polys::from(&prepare_outline(shape, hex_size))
}

fn prepare_outline(shape: &TerrainShape, hex_size: f64) -> Prepared {
    match shape {
        TerrainShape::Polygon { points } if is_simple(points.points()) => {
            Prepared::simple(points.points().to_vec())
        }
        TerrainShape::Polygon { points } => {
            let c: Contour = points.points().iter().map(|p| [p.x, p.y]).collect();
            Prepared::from_shapes(c.simplify_shape_as::<i64>(FillRule::NonZero))
        }
        TerrainShape::Circle { center, radius } => Prepared::simple(geom::regular_polygon(
            center.0,
            radius.get(),
            CIRCLE_SEGMENTS,
        )),
        TerrainShape::Stroke { radius, points, .. } => {
            let r = radius.get();
            prepare_stroke(points.points(), r, r.min(hex_size) * STROKE_GRID)
        }
        // The coverage counts whole hexes by their coordinates; as an
        // outline they have no layout here.
        TerrainShape::Hexes { .. } => Prepared::default(),
    }
}

/// Whether the polygon is simple beyond doubt, so that it is its own
/// prepared shape: at most 64 corners, no edge of zero length, adjacent
/// edges not folding back onto each other, and no two other edges meeting
/// (edges that only touch or are collinear count as meeting). Larger or
/// doubtful polygons go through the boolean engine.
#[allow(clippy::many_single_char_names)]
fn is_simple(pts: &[Point]) -> bool {
    let n = pts.len();
    if n > 64 || geom::signed_area(pts) == 0.0 {
        return false;
    }
    let edge = |i: usize| (pts[i], pts[(i + 1) % n]);
    let side = |a: Point, b: Point, p: Point| geom::cross(b - a, p - a);
    for i in 0..n {
        let (a, b) = edge(i);
        let (_, c) = edge((i + 1) % n);
        if a == b || (side(a, b, c) == 0.0 && (b - a).x * (c - b).x + (b - a).y * (c - b).y <= 0.0)
        {
            return false;
        }
        for j in i + 2..n {
            if i == 0 && j == n - 1 {
                continue;
            }
            let (p, q) = edge(j);
            let (s1, s2) = (side(a, b, p), side(a, b, q));
            let (s3, s4) = (side(p, q, a), side(p, q, b));
            if [s1, s2, s3, s4].contains(&0.0)
                || ((s1 > 0.0) != (s2 > 0.0) && (s3 > 0.0) != (s4 > 0.0))
            {
                return false;
            }
        }
    }
    true
}

/// Snapping grid of brush strokes relative to the brush radius or hex size.
const STROKE_GRID: f64 = 1.0 / (1u64 << 36) as f64;

/// Polygons (or rings) stored one after another.
#[derive(Clone, Debug, Default)]
pub(crate) struct Polys {
    pub(crate) pts: Vec<Point>,
    ends: Vec<usize>,
}

impl Polys {
    fn clear(&mut self) {
        self.pts.clear();
        self.ends.clear();
    }

    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Where polygon `i` is in `pts`.
    pub(crate) fn range(&self, i: usize) -> (usize, usize) {
        (if i == 0 { 0 } else { self.ends[i - 1] }, self.ends[i])
    }

    pub(crate) fn get(&self, i: usize) -> &[Point] {
        let (start, end) = self.range(i);
        &self.pts[start..end]
    }

    fn push(&mut self, poly: &[Point]) {
        self.pts.extend_from_slice(poly);
        self.ends.push(self.pts.len());
    }
}

impl From<&Polys> for Prepared {
    fn from(p: &Polys) -> Self {
        Self::from_rings((0..p.len()).map(|i| Ring::new(p.get(i).to_vec())).collect())
    }
}

impl From<&Prepared> for Polys {
    fn from(p: &Prepared) -> Self {
        let mut polys = Self::default();
        for ring in &p.rings {
            polys.push(&ring.points);
        }
        polys
    }
}

/// Union (non-zero fill) of `contours` on an integer grid of about `unit`.
fn union_on_grid(contours: &[Contour], unit: f64) -> Vec<Vec<Contour>> {
    let Ok(Some(rect)) = FloatRect::with_iter(contours.iter().flatten()) else {
        return Vec::new();
    };
    let half = rect.width().max(rect.height()) * 0.5;
    let bits = if half > 0.0 && unit > 0.0 && unit.is_finite() {
        // Coordinates up to 2^bits with a grid of at most `unit`.
        ((half.log2().ceil() + (1.0 / unit).log2().ceil()) as i64 + 1).clamp(1, 61) as u32
    } else {
        61
    };
    let adapter = FloatPointAdapter::<[f64; 2], i64>::with_coordinate_bits(rect, bits);
    let capacity = contours.iter().map(Vec::len).sum();
    FloatOverlay::with_adapter(adapter, capacity)
        .unsafe_add_source(contours, ShapeType::Subject)
        .overlay(OverlayRule::Subject, FillRule::NonZero)
}

/// Area of `i_overlay` output (each shape's first contour is its outer
/// ring, the rest are holes).
#[cfg(test)]
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
mod tests;
