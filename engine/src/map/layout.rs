//! Hex layout: where each hex of the axial grid lies in world coordinates.
//!
//! Hex coordinates are axial `(q, r)` held in a [`hexx::Hex`] (`x` is `q`,
//! `y` is `r`). Hex `(0, 0)` is centred on the centre of the map area, so the
//! point reflection about the map centre maps hex `h` to `-h`; this keeps
//! point-symmetric maps simple to check.
//!
//! ```
//! use hexwright_engine::layout::{HexLayout, Orientation};
//! use hexwright_engine::geom::Point;
//! use hexx::Hex;
//!
//! let layout = HexLayout::new(Orientation::Pointy, 10.0, Point::new(100.0, 100.0));
//! assert_eq!(layout.center(Hex::ZERO), Point::new(100.0, 100.0));
//! let h = Hex::new(2, -1);
//! assert_eq!(layout.hex_at(layout.center(h)), h);
//! ```

use crate::geom::{Bbox, Point};
use hexx::Hex;
use serde::{Deserialize, Serialize};

const SQRT_3: f64 = 1.732_050_807_568_877_2;

/// Cosine and sine of each corner's angle (30° + 60°·i pointy, 60°·i flat),
/// computed once; [`HexLayout::corners`] scales and offsets them.
static UNIT_CORNERS: std::sync::LazyLock<[[(f64, f64); 6]; 2]> = std::sync::LazyLock::new(|| {
    [30.0_f64, 0.0].map(|start| {
        std::array::from_fn(|i| {
            let a = (start + 60.0 * i as f64).to_radians();
            (a.cos(), a.sin())
        })
    })
});

/// Which way the hexagons point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Orientation {
    /// A corner points up; rows of hexes run horizontally.
    Pointy,
    /// A flat edge is on top; columns of hexes run vertically.
    Flat,
}

impl Orientation {
    /// A lower-case name for display (`pointy` / `flat`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Pointy => "pointy",
            Self::Flat => "flat",
        }
    }
}

/// Converts between axial hex coordinates and world positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HexLayout {
    /// Which way the hexagons point.
    pub orientation: Orientation,
    /// Circumradius of a hexagon (centre to corner) in world units.
    pub size: f64,
    /// World position of the centre of hex `(0, 0)`.
    pub origin: Point,
}

impl HexLayout {
    /// Creates a layout.
    #[must_use]
    pub const fn new(orientation: Orientation, size: f64, origin: Point) -> Self {
        Self {
            orientation,
            size,
            origin,
        }
    }

    /// Area of one hexagon: `3√3/2 · size²`.
    #[must_use]
    pub fn hex_area(&self) -> f64 {
        1.5 * SQRT_3 * self.size * self.size
    }

    /// World position of the centre of `hex`.
    #[must_use]
    pub fn center(&self, hex: Hex) -> Point {
        let (q, r) = (f64::from(hex.x), f64::from(hex.y));
        let s = self.size;
        match self.orientation {
            Orientation::Pointy => {
                Point::new(s * SQRT_3 * (q + r / 2.0), s * 1.5 * r) + self.origin
            }
            Orientation::Flat => Point::new(s * 1.5 * q, s * SQRT_3 * (r + q / 2.0)) + self.origin,
        }
    }

    /// Fractional axial coordinates of a world position.
    #[must_use]
    pub fn fractional(&self, p: Point) -> (f64, f64) {
        let d = p - self.origin;
        let s = self.size;
        match self.orientation {
            Orientation::Pointy => ((SQRT_3 / 3.0 * d.x - d.y / 3.0) / s, (2.0 / 3.0 * d.y) / s),
            Orientation::Flat => ((2.0 / 3.0 * d.x) / s, (-d.x / 3.0 + SQRT_3 / 3.0 * d.y) / s),
        }
    }

    /// The hex containing the world position `p`.
    #[must_use]
    pub fn hex_at(&self, p: Point) -> Hex {
        let (q, r) = self.fractional(p);
        cube_round(q, r)
    }

    /// The six corners of `hex`, in positive orientation (see [`crate::geom::signed_area`]).
    #[must_use]
    pub fn corners(&self, hex: Hex) -> [Point; 6] {
        let c = self.center(hex);
        let unit = &UNIT_CORNERS[match self.orientation {
            Orientation::Pointy => 0,
            Orientation::Flat => 1,
        }];
        std::array::from_fn(|i| {
            Point::new(c.x + self.size * unit[i].0, c.y + self.size * unit[i].1)
        })
    }

    /// Bounding box of `hex`.
    #[must_use]
    pub fn bbox(&self, hex: Hex) -> Bbox {
        Bbox::of(&self.corners(hex))
    }

    /// Every hex whose bounding box overlaps `b`, in row-major order
    /// (by `r`, then `q`). A conservative superset of the hexes that
    /// intersect any shape inside `b`.
    #[must_use]
    pub fn hexes_overlapping(&self, b: Bbox) -> Vec<Hex> {
        let mut out = Vec::new();
        self.for_each_hex_overlapping(b, |h| out.push(h));
        out
    }

    /// Calls `f` with every hex whose bounding box overlaps `b`, in the order
    /// of [`HexLayout::hexes_overlapping`]. Only the hexes of each row (or
    /// column) that can reach `b` are tested.
    pub fn for_each_hex_overlapping(&self, b: Bbox, mut f: impl FnMut(Hex)) {
        if b.is_empty() {
            return;
        }
        let s = self.size;
        let (lo, hi) = (b.min - self.origin, b.max - self.origin);
        // A hex's box reaches `s` from its centre along the axis its corners
        // point to and `s·√3/2` across; ranges get one hex of slack for
        // rounding, and the box test decides.
        let half = s * SQRT_3 / 2.0;
        let floor = |v: f64| v.floor().clamp(-1.0e6, 1.0e6) as i32 - 1;
        let ceil = |v: f64| v.ceil().clamp(-1.0e6, 1.0e6) as i32 + 1;
        let mut test = |q: i32, r: i32| {
            let h = Hex::new(q, r);
            if self.bbox(h).overlaps(b) {
                f(h);
            }
        };
        match self.orientation {
            Orientation::Pointy => {
                for r in floor((lo.y - s) / (1.5 * s))..=ceil((hi.y + s) / (1.5 * s)) {
                    let shift = f64::from(r) / 2.0;
                    for q in floor((lo.x - half) / (SQRT_3 * s) - shift)
                        ..=ceil((hi.x + half) / (SQRT_3 * s) - shift)
                    {
                        test(q, r);
                    }
                }
            }
            Orientation::Flat => {
                let (qlo, qhi) = (floor((lo.x - s) / (1.5 * s)), ceil((hi.x + s) / (1.5 * s)));
                let (ylo, yhi) = ((lo.y - half) / (SQRT_3 * s), (hi.y + half) / (SQRT_3 * s));
                for r in floor(ylo - f64::from(qhi) / 2.0)..=ceil(yhi - f64::from(qlo) / 2.0) {
                    let r64 = f64::from(r);
                    for q in floor(2.0 * (ylo - r64)).max(qlo)..=ceil(2.0 * (yhi - r64)).min(qhi) {
                        test(q, r);
                    }
                }
            }
        }
    }

    /// Axial ranges `(qmin, qmax, rmin, rmax)` covering every hex that can
    /// touch the box `b`.
    #[must_use]
    pub fn axial_range(&self, b: Bbox) -> (i32, i32, i32, i32) {
        let b = b.expand(self.size * 2.0);
        let corners = [
            b.min,
            Point::new(b.max.x, b.min.y),
            b.max,
            Point::new(b.min.x, b.max.y),
        ];
        let (mut qmin, mut qmax, mut rmin, mut rmax) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for c in corners {
            let (q, r) = self.fractional(c);
            qmin = qmin.min(q);
            qmax = qmax.max(q);
            rmin = rmin.min(r);
            rmax = rmax.max(r);
        }
        let clamp = |v: f64| v.clamp(-1.0e6, 1.0e6) as i32;
        (
            clamp(qmin.floor()),
            clamp(qmax.ceil()),
            clamp(rmin.floor()),
            clamp(rmax.ceil()),
        )
    }
}

/// Rounds fractional axial coordinates to the nearest hex.
#[must_use]
pub fn cube_round(q: f64, r: f64) -> Hex {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex::new(rq as i32, rr as i32)
}

/// A total order on hexes (by `r`, then `q`) for deterministic iteration.
#[must_use]
pub fn hex_key(h: Hex) -> (i32, i32) {
    (h.y, h.x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::signed_area;

    #[test]
    fn corners_have_positive_area_equal_to_hex_area() {
        for o in [Orientation::Pointy, Orientation::Flat] {
            let l = HexLayout::new(o, 7.0, Point::new(3.0, 4.0));
            let a = signed_area(&l.corners(Hex::new(2, -3)));
            assert!((a - l.hex_area()).abs() < 1e-9, "{o:?}: {a}");
        }
    }

    #[test]
    fn corners_match_the_trigonometric_formula_exactly() {
        for (o, start) in [(Orientation::Pointy, 30.0_f64), (Orientation::Flat, 0.0)] {
            let l = HexLayout::new(o, 13.7, Point::new(31.0, -7.5));
            for h in [Hex::ZERO, Hex::new(5, -9), Hex::new(-40, 17)] {
                let c = l.center(h);
                for (i, p) in l.corners(h).into_iter().enumerate() {
                    let a = (start + 60.0 * i as f64).to_radians();
                    assert_eq!(
                        p,
                        Point::new(c.x + l.size * a.cos(), c.y + l.size * a.sin())
                    );
                }
            }
        }
    }

    #[test]
    fn tight_ranges_find_the_same_hexes() {
        // The row-by-row enumeration finds exactly the hexes the full axial
        // range finds.
        let boxes = [
            Bbox {
                min: Point::new(3.0, 4.0),
                max: Point::new(5.0, 6.0),
            },
            Bbox {
                min: Point::new(-40.0, 17.5),
                max: Point::new(93.3, 120.0),
            },
            Bbox {
                min: Point::new(100.0, -300.0),
                max: Point::new(101.0, 300.0),
            },
            Bbox {
                min: Point::new(-250.0, 99.0),
                max: Point::new(250.0, 99.5),
            },
        ];
        for o in [Orientation::Pointy, Orientation::Flat] {
            for (size, origin) in [
                (10.0, Point::new(50.0, 60.0)),
                (7.3, Point::new(-1.5, 2.25)),
                (1.0, Point::default()),
            ] {
                let l = HexLayout::new(o, size, origin);
                for b in boxes {
                    let (qmin, qmax, rmin, rmax) = l.axial_range(b);
                    let mut all = Vec::new();
                    for r in rmin..=rmax {
                        for q in qmin..=qmax {
                            if l.bbox(Hex::new(q, r)).overlaps(b) {
                                all.push(Hex::new(q, r));
                            }
                        }
                    }
                    assert!(!all.is_empty());
                    assert_eq!(l.hexes_overlapping(b), all, "{o:?} {size} {b:?}");
                }
            }
        }
    }

    #[test]
    fn neighbours_are_adjacent_in_world() {
        for o in [Orientation::Pointy, Orientation::Flat] {
            let l = HexLayout::new(o, 10.0, Point::default());
            for n in Hex::ZERO.all_neighbors() {
                let d = l.center(n).distance(l.center(Hex::ZERO));
                assert!((d - 10.0 * SQRT_3).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn hex_at_inverts_center() {
        for o in [Orientation::Pointy, Orientation::Flat] {
            let l = HexLayout::new(o, 13.0, Point::new(50.0, 20.0));
            for q in -5..5 {
                for r in -5..5 {
                    let h = Hex::new(q, r);
                    assert_eq!(l.hex_at(l.center(h)), h);
                    assert_eq!(l.hex_at(l.center(h) + Point::new(3.0, -2.0)), h);
                }
            }
        }
    }

    #[test]
    fn point_reflection_maps_hex_to_its_negation() {
        let l = HexLayout::new(Orientation::Flat, 9.0, Point::new(40.0, 40.0));
        let h = Hex::new(3, -1);
        let c = l.center(h);
        let mirrored = Point::new(80.0 - c.x, 80.0 - c.y);
        assert_eq!(l.hex_at(mirrored), -h);
    }
}
