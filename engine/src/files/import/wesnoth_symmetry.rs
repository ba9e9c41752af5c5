//! The symmetry of a Battle for Wesnoth map: the half turn or mirror that
//! maps the most of its hexes onto hexes of the same kind.
//!
//! Motions are written in Wesnoth's columns `x` and *half rows*: row `y` of
//! column `x` is half row `2y + x mod 2`, so a hex's centre is at
//! `(1.5·x, √3/2·half row)` for hexes of size 1, and every motion is an
//! integer map. The centre is searched near the middle of the map's
//! bounding box.

use super::wesnoth_terrain::{Ground, Meaning, Site};
use crate::geom::Point;
use std::collections::BTreeMap;

/// A motion that may map a Wesnoth map onto itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// A half turn about a point.
    HalfTurn,
    /// A mirror about a vertical line: left and right swap.
    MirrorLeftRight,
    /// A mirror about a horizontal line: top and bottom swap.
    MirrorTopBottom,
}

impl Motion {
    /// A lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::HalfTurn => "a half turn",
            Self::MirrorLeftRight => "a left-right mirror",
            Self::MirrorTopBottom => "a top-bottom mirror",
        }
    }
}

/// The symmetry found in a map: `motion` about the point `(tx/2, ty2/2)`
/// in Wesnoth's columns and half rows (row `y` of column `x` is half row
/// `2y + x mod 2`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Symmetry {
    /// The motion.
    pub motion: Motion,
    /// Twice the centre's column.
    pub tx: i32,
    /// Twice the centre's half row.
    pub ty2: i32,
    /// The share of hexes whose image has the same terrain, 0 to 1.
    pub agreement: f64,
}

/// The least agreement for a map to count as symmetric.
pub const SYMMETRY_AGREEMENT: f64 = 0.9;

impl Symmetry {
    /// The image of Wesnoth's `(x, y)`.
    #[must_use]
    pub fn image(&self, (x, y): (i32, i32)) -> (i32, i32) {
        let y2 = 2 * y + x.rem_euclid(2);
        let (x2, y2) = match self.motion {
            Motion::HalfTurn => (self.tx - x, self.ty2 - y2),
            Motion::MirrorLeftRight => (self.tx - x, y2),
            Motion::MirrorTopBottom => (x, self.ty2 - y2),
        };
        (x2, (y2 - x2.rem_euclid(2)).div_euclid(2))
    }

    /// The centre in Wesnoth's world units (a column is 1.5 wide, a row √3
    /// high, for hexes of size 1).
    #[must_use]
    pub fn centre(&self) -> Point {
        Point::new(
            0.75 * f64::from(self.tx),
            3f64.sqrt() / 4.0 * f64::from(self.ty2),
        )
    }
}

/// What a cell is, for comparing it with its image: whether a unit can
/// stand there, and whether it is a village or castle (forests and other
/// decorations are often placed loosely).
fn class(m: Meaning) -> (Ground, Site) {
    let site = match m.site {
        Site::Forest => Site::Plain,
        Site::Keep => Site::Castle,
        s => s,
    };
    (m.ground, site)
}

/// The best of the half turns and mirrors that map the map's hexes onto
/// hexes of the same kind, when it agrees on at least
/// [`SYMMETRY_AGREEMENT`] of them.
#[must_use]
pub fn detect(cells: &BTreeMap<(i32, i32), Meaning>) -> Option<Symmetry> {
    let (mut x0, mut x1, mut y0, mut y1) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
    for &(x, y) in cells.keys() {
        let y2 = 2 * y + x.rem_euclid(2);
        (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y2), y1.max(y2));
    }
    let mut best: Option<Symmetry> = None;
    for motion in [
        Motion::HalfTurn,
        Motion::MirrorLeftRight,
        Motion::MirrorTopBottom,
    ] {
        for dx in -2..=2 {
            for dy in -2..=2 {
                let (tx, ty2) = (x0 + x1 + dx, y0 + y1 + dy);
                let fits = match motion {
                    Motion::HalfTurn => (tx - ty2).rem_euclid(2) == 0,
                    Motion::MirrorLeftRight => tx.rem_euclid(2) == 0 && dy == 0,
                    Motion::MirrorTopBottom => ty2.rem_euclid(2) == 0 && dx == 0,
                };
                if !fits {
                    continue;
                }
                let s = Symmetry {
                    motion,
                    tx,
                    ty2,
                    agreement: 0.0,
                };
                let agree = cells
                    .iter()
                    .filter(|&(&c, m)| {
                        cells
                            .get(&s.image(c))
                            .is_some_and(|&i| class(i) == class(*m))
                    })
                    .count();
                let agreement = agree as f64 / cells.len().max(1) as f64;
                if best.is_none_or(|b| agreement > b.agreement) {
                    best = Some(Symmetry { agreement, ..s });
                }
            }
        }
    }
    best.filter(|b| b.agreement >= SYMMETRY_AGREEMENT)
}

/// The centre of Wesnoth's `(x, y)` for hexes of size 1.
#[must_use]
pub fn world((x, y): (i32, i32)) -> Point {
    Point::new(
        1.5 * f64::from(x),
        3f64.sqrt() * (f64::from(y) + 0.5 * f64::from(x.rem_euclid(2))),
    )
}

/// Whether a centre (hexes of size 1) is a hex's centre, the midpoint of an
/// edge, or elsewhere.
#[must_use]
pub fn centre_kind(c: Point) -> &'static str {
    let x = (c.x / 1.5).round() as i32;
    let nearest = [x - 1, x, x + 1]
        .into_iter()
        .flat_map(|x| {
            let y = (c.y / 3f64.sqrt() - 0.5 * f64::from(x.rem_euclid(2))).round() as i32;
            [world((x, y - 1)), world((x, y)), world((x, y + 1))]
        })
        .map(|p| p.distance(c))
        .fold(f64::INFINITY, f64::min);
    if nearest < 1e-6 {
        "a hex's centre"
    } else if (nearest - 3f64.sqrt() / 2.0).abs() < 1e-6 {
        "the midpoint of an edge"
    } else if (nearest - 1.0).abs() < 1e-6 {
        "a corner"
    } else {
        "a point between hexes"
    }
}
