//! The map file's checked values: each refuses, while the file is parsed,
//! what can never make sense (a format version this engine does not read, a
//! hex size or length out of range, a non-finite coordinate, a polygon or
//! path with too few or too many vertices, a hex list out of bounds), so the
//! error carries a line and column.

use super::{FORMAT_VERSION, limits};
use crate::geom::Point;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// The `format` field: only [`FORMAT_VERSION`] is accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct FormatVersion;

impl TryFrom<u32> for FormatVersion {
    type Error = String;
    fn try_from(v: u32) -> Result<Self, String> {
        if v == FORMAT_VERSION {
            Ok(Self)
        } else {
            Err(format!(
                "unsupported format version {v}: this Hexwright reads format {FORMAT_VERSION}"
            ))
        }
    }
}

impl From<FormatVersion> for u32 {
    fn from(_: FormatVersion) -> u32 {
        FORMAT_VERSION
    }
}

/// A hex circumradius within [`limits::MIN_HEX_SIZE`]..=[`limits::MAX_HEX_SIZE`].
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd, Serialize, Deserialize)]
#[serde(try_from = "f64", into = "f64")]
pub struct HexSize(f64);

impl HexSize {
    /// The size in world units.
    #[must_use]
    pub fn get(self) -> f64 {
        self.0
    }
}

impl TryFrom<f64> for HexSize {
    type Error = String;
    fn try_from(v: f64) -> Result<Self, String> {
        if v.is_finite() && (limits::MIN_HEX_SIZE..=limits::MAX_HEX_SIZE).contains(&v) {
            Ok(Self(v))
        } else {
            Err(format!(
                "hex_size {v} is out of range: it must be between {} and {}",
                limits::MIN_HEX_SIZE,
                limits::MAX_HEX_SIZE
            ))
        }
    }
}

impl From<HexSize> for f64 {
    fn from(s: HexSize) -> f64 {
        s.0
    }
}

/// A positive finite length no larger than [`limits::MAX_COORD`].
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd, Serialize, Deserialize)]
#[serde(try_from = "f64", into = "f64")]
pub struct Length(f64);

impl Length {
    /// Wraps a length; `None` when it is not positive, finite and within limits.
    #[must_use]
    pub fn new(v: f64) -> Option<Self> {
        Self::try_from(v).ok()
    }

    /// The length.
    #[must_use]
    pub fn get(self) -> f64 {
        self.0
    }
}

impl TryFrom<f64> for Length {
    type Error = String;
    fn try_from(v: f64) -> Result<Self, String> {
        if v.is_finite() && v > 0.0 && v <= limits::MAX_COORD {
            Ok(Self(v))
        } else {
            Err(format!(
                "length {v} is out of range: it must be above 0 and at most {}",
                limits::MAX_COORD
            ))
        }
    }
}

impl From<Length> for f64 {
    fn from(l: Length) -> f64 {
        l.0
    }
}

/// A world coordinate pair as stored in files: `(x, y)`, finite and within
/// ±[`limits::MAX_COORD`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "(f64, f64)", into = "(f64, f64)")]
pub struct Coord(pub Point);

impl TryFrom<(f64, f64)> for Coord {
    type Error = String;
    fn try_from((x, y): (f64, f64)) -> Result<Self, String> {
        let ok = |v: f64| v.is_finite() && v.abs() <= limits::MAX_COORD;
        if ok(x) && ok(y) {
            Ok(Self(Point::new(x, y)))
        } else {
            Err(format!(
                "point ({x}, {y}) is out of range: coordinates must be finite and within ±{}",
                limits::MAX_COORD
            ))
        }
    }
}

impl From<Coord> for (f64, f64) {
    fn from(c: Coord) -> Self {
        (c.0.x, c.0.y)
    }
}

/// A polygon: 3 to [`limits::MAX_RING_VERTICES`] points, closed implicitly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Coord>", into = "Vec<Coord>")]
pub struct Polygon(pub(super) Vec<Point>);

impl Polygon {
    /// Makes a polygon; an error says why the points are not one.
    pub fn new(points: Vec<Point>) -> Result<Self, String> {
        Self::try_from(points.into_iter().map(Coord).collect::<Vec<_>>())
    }

    /// The polygon's corners.
    #[must_use]
    pub fn points(&self) -> &[Point] {
        &self.0
    }
}

impl TryFrom<Vec<Coord>> for Polygon {
    type Error = String;
    fn try_from(v: Vec<Coord>) -> Result<Self, String> {
        if v.len() < 3 {
            return Err(format!(
                "a polygon needs at least 3 points, found {}",
                v.len()
            ));
        }
        if v.len() > limits::MAX_RING_VERTICES {
            return Err(format!(
                "a polygon has {} points; the limit is {}",
                v.len(),
                limits::MAX_RING_VERTICES
            ));
        }
        for c in &v {
            Coord::try_from((c.0.x, c.0.y))?;
        }
        Ok(Self(v.into_iter().map(|c| c.0).collect()))
    }
}

impl From<Polygon> for Vec<Coord> {
    fn from(p: Polygon) -> Self {
        p.0.into_iter().map(Coord).collect()
    }
}

/// A brush path: 1 to [`limits::MAX_RING_VERTICES`] points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Coord>", into = "Vec<Coord>")]
pub struct Path(Vec<Point>);

impl Path {
    /// Makes a path; an error says why the points are not one.
    pub fn new(points: Vec<Point>) -> Result<Self, String> {
        Self::try_from(points.into_iter().map(Coord).collect::<Vec<_>>())
    }

    /// The path's points.
    #[must_use]
    pub fn points(&self) -> &[Point] {
        &self.0
    }
}

impl TryFrom<Vec<Coord>> for Path {
    type Error = String;
    fn try_from(v: Vec<Coord>) -> Result<Self, String> {
        if v.is_empty() {
            return Err("a brush stroke needs at least 1 point".to_owned());
        }
        if v.len() > limits::MAX_RING_VERTICES {
            return Err(format!(
                "a brush stroke has {} points; the limit is {}",
                v.len(),
                limits::MAX_RING_VERTICES
            ));
        }
        for c in &v {
            Coord::try_from((c.0.x, c.0.y))?;
        }
        Ok(Self(v.into_iter().map(|c| c.0).collect()))
    }
}

impl From<Path> for Vec<Coord> {
    fn from(p: Path) -> Self {
        p.0.into_iter().map(Coord).collect()
    }
}

/// A set of hexes as a file stores it: axial `(q, r)` pairs, kept sorted by
/// row then column without repeats (so equal sets are equal lists), at most
/// [`limits::MAX_GRID_HEXES`] of them, each coordinate within
/// ±[`limits::MAX_HEX_COORD`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<(i32, i32)>", into = "Vec<(i32, i32)>")]
pub struct HexList(Vec<Hex>);

impl HexList {
    /// Makes a set of hexes from any list (sorted, repeats dropped); an
    /// error says why it cannot be one.
    pub fn new(hexes: impl IntoIterator<Item = Hex>) -> Result<Self, String> {
        Self::try_from(
            hexes
                .into_iter()
                .map(|h| (h.x, h.y))
                .collect::<Vec<(i32, i32)>>(),
        )
    }

    /// The hexes, sorted by row then column.
    #[must_use]
    pub fn hexes(&self) -> &[Hex] {
        &self.0
    }

    /// Whether `hex` is in the set.
    #[must_use]
    pub fn contains(&self, hex: Hex) -> bool {
        self.0
            .binary_search_by_key(&crate::layout::hex_key(hex), |&h| crate::layout::hex_key(h))
            .is_ok()
    }

    /// Number of hexes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl TryFrom<Vec<(i32, i32)>> for HexList {
    type Error = String;
    fn try_from(v: Vec<(i32, i32)>) -> Result<Self, String> {
        if v.len() > limits::MAX_GRID_HEXES {
            return Err(format!(
                "a list of hexes has {} entries; the limit is {}",
                v.len(),
                limits::MAX_GRID_HEXES
            ));
        }
        if let Some((q, r)) = v
            .iter()
            .find(|(q, r)| q.unsigned_abs().max(r.unsigned_abs()) > limits::MAX_HEX_COORD)
        {
            return Err(format!(
                "hex ({q}, {r}) is out of range: axial coordinates must be within ±{}",
                limits::MAX_HEX_COORD
            ));
        }
        let mut hexes: Vec<Hex> = v.into_iter().map(|(q, r)| Hex::new(q, r)).collect();
        hexes.sort_unstable_by_key(|&h| crate::layout::hex_key(h));
        hexes.dedup();
        Ok(Self(hexes))
    }
}

impl From<HexList> for Vec<(i32, i32)> {
    fn from(l: HexList) -> Self {
        l.0.into_iter().map(|h| (h.x, h.y)).collect()
    }
}
