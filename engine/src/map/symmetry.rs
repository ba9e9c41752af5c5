//! Map symmetry: the images of a hex, point, feature, zone side or terrain
//! piece under a symmetry of the map, and the hexes that break it.
//!
//! A map is fair when every player sees what every other player sees, moved
//! onto their corner of the board. A [`Symmetry`] is a [`Mode`] — which
//! group of rigid motions — and a [`Centre`] — the fixed point they turn or
//! mirror about. Each motion other than the identity is an [`Image`]: it
//! maps hexes to hexes exactly and gives what one player owns (a zone, a
//! barracks, a base) to another player:
//!
//! | mode | players | images | owners |
//! |---|---|---|---|
//! | [`Mode::Point`] | 2 | a half turn | 0 ↔ 1 |
//! | [`Mode::Mirror`] | 2 | a reflection in a vertical or horizontal line | 0 ↔ 1 |
//! | [`Mode::Turn3`] | 3 | turns of 120° and 240° clockwise | 0 → 1 → 2 → 0, and back |
//! | [`Mode::Mirror4`] | 4 | both reflections and the half turn | players in reading order: 0 ↔ 1 and 2 ↔ 3 left–right, 0 ↔ 2 and 1 ↔ 3 top–bottom, 0 ↔ 3 and 1 ↔ 2 by the half turn |
//!
//! (A half turn together with a mirror is the same group as both mirrors:
//! the half turn is the two reflections one after the other.)
//!
//! The centre is hex `(0, 0)` at the middle of the map area, the midpoint of
//! one of its edges, or one of its corners. Only some centres are
//! symmetries of the hex grid for a mode: a half turn works about an edge
//! midpoint (19 of 35 two-player Battle for Wesnoth maps are symmetric that
//! way), a 120° turn about a corner, a mirror about a line through edge
//! midpoints only across the rows or columns of hexes. [`Mode::centres`]
//! lists the ones that work (and differ from the hex centre):
//!
//! ```
//! use hexwright_engine::layout::Orientation;
//! use hexwright_engine::symmetry::{Centre, Mode, Symmetry};
//! use hexwright_engine::Hex;
//! use hexwright_engine::map::Map;
//!
//! assert_eq!(Mode::Point.centres(Orientation::Pointy), [Centre::Hex, Centre::Edge]);
//! assert_eq!(Mode::Turn3.centres(Orientation::Pointy), [Centre::Hex, Centre::Corner]);
//!
//! let mut map = Map::new_empty("Three", Orientation::Pointy, 10.0, 400.0, 400.0).unwrap();
//! map.players = 3;
//! let turn = Symmetry::new(Mode::Turn3, Centre::Hex);
//! let images = turn.images(&map);
//! assert_eq!(images.len(), 2);
//! // A turn of 120° about hex (0, 0) moves (3, 0) two hex directions on.
//! assert_eq!(images[0].hex(Hex::new(3, 0)), Hex::new(-3, 3));
//! ```

use crate::coverage::Coverage;
use crate::geom::Point;
use crate::layout::{Orientation, hex_key};
use crate::map::{Feature, FeatureKind, Map, Side, TerrainPiece};
use crate::player::PlayerId;
use crate::transform::{self, Axis};
use hexx::Hex;
use std::collections::{BTreeMap, BTreeSet};

/// Which group of rigid motions a symmetry is.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Mode {
    /// No symmetry.
    #[default]
    Off,
    /// A half turn about the centre (two players).
    Point,
    /// A reflection about a line through the centre (two players).
    Mirror(Axis),
    /// Turns of 120° and 240° about the centre (three players).
    Turn3,
    /// Reflections about the vertical and the horizontal line through the
    /// centre, and the half turn they make together (four players).
    Mirror4,
}

impl Mode {
    /// Every mode, in menu order.
    pub const ALL: [Self; 6] = [
        Self::Off,
        Self::Point,
        Self::Mirror(Axis::Vertical),
        Self::Mirror(Axis::Horizontal),
        Self::Turn3,
        Self::Mirror4,
    ];

    /// A short label for display.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Off => "Off",
            Self::Point => "Point",
            Self::Mirror(Axis::Vertical) => "Mirror |",
            Self::Mirror(Axis::Horizontal) => "Mirror —",
            Self::Turn3 => "Turn 120°",
            Self::Mirror4 => "Mirror | and —",
        }
    }

    /// A one-line explanation.
    #[must_use]
    pub const fn hint(self) -> &'static str {
        match self {
            Self::Off => "Edits apply where you make them only",
            Self::Point => {
                "Every edit is repeated turned 180° about the centre, sides 0 and 1 swapped"
            }
            Self::Mirror(Axis::Vertical) => {
                "Every edit is repeated mirrored left–right about the centre, sides 0 and 1 swapped"
            }
            Self::Mirror(Axis::Horizontal) => {
                "Every edit is repeated mirrored top–bottom about the centre, sides 0 and 1 swapped"
            }
            Self::Turn3 => {
                "Every edit is repeated turned 120° and 240° clockwise about the centre; \
                 what side 0 owns goes to side 1, side 1's to side 2, side 2's to side 0"
            }
            Self::Mirror4 => {
                "Every edit is repeated in the other three quarters, sides in reading order: \
                 mirrored left–right (0 ↔ 1, 2 ↔ 3), top–bottom (0 ↔ 2, 1 ↔ 3) and both (0 ↔ 3, 1 ↔ 2)"
            }
        }
    }

    /// How many players a map in this mode has (`None` when off).
    #[must_use]
    pub const fn players(self) -> Option<usize> {
        match self {
            Self::Off => None,
            Self::Point | Self::Mirror(_) => Some(2),
            Self::Turn3 => Some(3),
            Self::Mirror4 => Some(4),
        }
    }

    /// Whether the mode can be used on `map`: off, or made for its player
    /// count.
    #[must_use]
    pub fn fits(self, map: &Map) -> bool {
        self.players().is_none_or(|n| n == map.player_count())
    }

    /// The centres this mode can turn or mirror about on a grid of
    /// `orientation`, the hex centre first. A centre is listed when the
    /// motions about it map hexes to hexes and differ from the motions about
    /// the centres listed before it (a mirror line through a corner may be
    /// the line through an edge midpoint).
    #[must_use]
    pub fn centres(self, orientation: Orientation) -> Vec<Centre> {
        if self == Self::Off {
            return Vec::new();
        }
        let mut seen = Vec::new();
        let mut out = Vec::new();
        for c in Centre::ALL {
            if let Some(m) = self.motions(orientation, c)
                && !seen.contains(&m)
            {
                seen.push(m);
                out.push(c);
            }
        }
        out
    }

    /// The motions of the mode about `centre` as (linear part, shift,
    /// owners), or `None` when one of them does not map hexes to hexes.
    fn motions(
        self,
        orientation: Orientation,
        centre: Centre,
    ) -> Option<Vec<(Linear, Hex, Owners)>> {
        let elements: &[(Linear, Owners)] = match self {
            Self::Off => &[],
            Self::Point => &[(Linear::Turn(3), [1, 0, 2, 3])],
            Self::Mirror(Axis::Vertical) => &[(Linear::Mirror(Axis::Vertical), [1, 0, 2, 3])],
            Self::Mirror(Axis::Horizontal) => &[(Linear::Mirror(Axis::Horizontal), [1, 0, 2, 3])],
            Self::Turn3 => &[
                (Linear::Turn(2), [1, 2, 0, 3]),
                (Linear::Turn(4), [2, 0, 1, 3]),
            ],
            Self::Mirror4 => &[
                (Linear::Mirror(Axis::Vertical), [1, 0, 3, 2]),
                (Linear::Mirror(Axis::Horizontal), [2, 3, 0, 1]),
                (Linear::Turn(3), [3, 2, 1, 0]),
            ],
        };
        let c6 = centre.sixths(orientation);
        elements
            .iter()
            .map(|&(linear, owners)| {
                // About the centre c: h ↦ L(h - c) + c = L(h) + (c - L(c)).
                let d = c6 - linear.hex(c6, orientation);
                (d.x % 6 == 0 && d.y % 6 == 0).then(|| (linear, Hex::new(d.x / 6, d.y / 6), owners))
            })
            .collect()
    }
}

/// The point a symmetry turns or mirrors about, relative to hex `(0, 0)` at
/// the centre of the map area.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Centre {
    /// The centre of hex `(0, 0)`.
    #[default]
    Hex,
    /// The midpoint of the edge hex `(0, 0)` shares with its neighbour to
    /// the east (pointy hexes) or to the south (flat hexes).
    Edge,
    /// The corner hex `(0, 0)` shares with its neighbours `(1, 0)` and
    /// `(0, 1)`.
    Corner,
}

impl Centre {
    /// Every centre, in menu order.
    pub const ALL: [Self; 3] = [Self::Hex, Self::Edge, Self::Corner];

    /// A short label for display.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Hex => "Hex centre",
            Self::Edge => "Edge midpoint",
            Self::Corner => "Hex corner",
        }
    }

    /// Six times the centre in axial coordinates (so it is whole).
    fn sixths(self, orientation: Orientation) -> Hex {
        match (self, orientation) {
            (Self::Hex, _) => Hex::ZERO,
            (Self::Edge, Orientation::Pointy) => Hex::new(3, 0),
            (Self::Edge, Orientation::Flat) => Hex::new(0, 3),
            (Self::Corner, _) => Hex::new(2, 2),
        }
    }

    /// The centre's world position on `map`.
    #[must_use]
    pub fn point(self, map: &Map) -> Point {
        let layout = map.hex_layout();
        let c6 = layout.center(self.sixths(map.layout.orientation)) - layout.origin;
        layout.origin + Point::new(c6.x / 6.0, c6.y / 6.0)
    }
}

/// A symmetry of the map: a mode about a centre.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Symmetry {
    /// Which motions.
    pub mode: Mode,
    /// About which point.
    pub centre: Centre,
}

impl Symmetry {
    /// No symmetry.
    pub const OFF: Self = Self {
        mode: Mode::Off,
        centre: Centre::Hex,
    };

    /// The symmetry of `mode` about `centre`.
    #[must_use]
    pub const fn new(mode: Mode, centre: Centre) -> Self {
        Self { mode, centre }
    }

    /// Whether the symmetry is off.
    #[must_use]
    pub fn is_off(self) -> bool {
        self.mode == Mode::Off
    }

    /// The symmetry's images on `map`, in the mode's order; none when off.
    /// A centre the mode cannot use on this grid counts as the hex centre.
    #[must_use]
    pub fn images(self, map: &Map) -> Vec<Image> {
        let orientation = map.layout.orientation;
        let (centre, motions) = match self.mode.motions(orientation, self.centre) {
            Some(m) => (self.centre, m),
            None => (
                Centre::Hex,
                self.mode
                    .motions(orientation, Centre::Hex)
                    .unwrap_or_default(),
            ),
        };
        let centre = centre.point(map);
        motions
            .into_iter()
            .map(|(linear, shift, owners)| Image {
                linear,
                shift,
                orientation,
                centre,
                owners,
            })
            .collect()
    }
}

/// Who gets what player `i` owns: `owners[i]`.
type Owners = [u8; 4];

/// The linear part of a motion of the hex grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Linear {
    /// A turn by this many 60° steps clockwise on screen.
    Turn(i32),
    /// A reflection about a line along this axis.
    Mirror(Axis),
}

impl Linear {
    fn hex(self, h: Hex, orientation: Orientation) -> Hex {
        match self {
            Self::Turn(steps) => transform::rotate_hex(h, steps),
            Self::Mirror(axis) => transform::mirror_hex(h, orientation, axis),
        }
    }

    fn point(self, p: Point, centre: Point) -> Point {
        match self {
            Self::Turn(3) => transform::reflect_point(p, centre),
            Self::Turn(steps) => transform::rotate_point(p, centre, steps),
            Self::Mirror(axis) => transform::mirror_point(p, centre, axis),
        }
    }
}

/// One motion of a symmetry other than the identity, on one map: where it
/// takes hexes, points, pieces and features, and whose things become whose.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Image {
    linear: Linear,
    shift: Hex,
    orientation: Orientation,
    centre: Point,
    owners: Owners,
}

impl Image {
    /// The image of `hex`.
    #[must_use]
    pub fn hex(&self, hex: Hex) -> Hex {
        self.linear.hex(hex, self.orientation) + self.shift
    }

    /// The image of the world point `p`.
    #[must_use]
    pub fn point(&self, p: Point) -> Point {
        self.linear.point(p, self.centre)
    }

    /// The player who owns the image of what `side` owns; players the mode
    /// does not move keep their things.
    #[must_use]
    pub fn side(&self, side: Side) -> Side {
        self.owners.get(side.index()).map_or(side, |&o| PlayerId(o))
    }

    /// `kind` with its owner mapped (unchanged for unowned features).
    #[must_use]
    pub fn kind(&self, kind: FeatureKind) -> FeatureKind {
        match kind {
            FeatureKind::Barracks { side } => FeatureKind::Barracks {
                side: self.side(side),
            },
            FeatureKind::Base { side } => FeatureKind::Base {
                side: self.side(side),
            },
            other => other,
        }
    }

    /// The image of a feature: its hex mapped, its owner mapped.
    #[must_use]
    pub fn feature(&self, f: Feature) -> Feature {
        Feature {
            hex: self.hex(f.hex),
            kind: self.kind(f.kind),
        }
    }

    /// The image of a terrain piece; `None` when the image would leave the
    /// coordinate range.
    #[must_use]
    pub fn piece(&self, piece: &TerrainPiece) -> Option<TerrainPiece> {
        let shape = transform::map_shape(&piece.shape, |p| self.point(p), |h| self.hex(h))?;
        Some(TerrainPiece {
            kind: piece.kind,
            shape,
        })
    }
}

/// The symmetry `map` has: the first mode (in [`Mode::ALL`] order) and
/// centre under which nothing breaks; [`Symmetry::OFF`] when none holds.
/// What the editor turns on when it opens a map, and what the balance
/// assistant keeps.
#[must_use]
pub fn detect(map: &Map, coverage: &Coverage) -> Symmetry {
    for mode in Mode::ALL
        .into_iter()
        .filter(|m| *m != Mode::Off && m.fits(map))
    {
        for centre in Centre::ALL {
            if !mode.centres(map.layout.orientation).contains(&centre) {
                continue;
            }
            let s = Symmetry::new(mode, centre);
            if breaks(map, coverage, s).is_empty() {
                return s;
            }
        }
    }
    Symmetry::OFF
}

/// Every hex that breaks `symmetry`, sorted by row then column: what
/// [`breaks_with`] finds for any of its images. Empty when the symmetry is
/// off.
#[must_use]
pub fn breaks(map: &Map, coverage: &Coverage, symmetry: Symmetry) -> Vec<Hex> {
    let mut out: BTreeMap<(i32, i32), Hex> = BTreeMap::new();
    for image in symmetry.images(map) {
        for h in breaks_with(map, coverage, |h| image.hex(h), |s| image.side(s)) {
            out.insert(hex_key(h), h);
        }
    }
    out.into_values().collect()
}

/// Every hex that breaks the symmetry that maps hex `h` to `image(h)` and
/// gives what side `s` owns to side `owner(s)`: grid hexes whose image is
/// not a grid hex or differs in being usable, hexes whose feature has no
/// image (same kind, owner mapped), and zone hexes whose image is not in
/// the mapped side's zone. Sorted by row then column.
#[must_use]
pub fn breaks_with(
    map: &Map,
    coverage: &Coverage,
    image: impl Fn(Hex) -> Hex,
    owner: impl Fn(Side) -> Side,
) -> Vec<Hex> {
    let mut out: BTreeMap<(i32, i32), Hex> = BTreeMap::new();
    for &h in coverage.hexes() {
        let m = image(h);
        if !coverage.in_grid(m) || coverage.is_usable(h) != coverage.is_usable(m) {
            out.insert(hex_key(h), h);
        }
    }
    let mut features: BTreeMap<(i32, i32), Vec<FeatureKind>> = BTreeMap::new();
    for f in &map.features {
        features.entry(hex_key(f.hex)).or_default().push(f.kind);
    }
    let map_kind = |k: FeatureKind| match k {
        FeatureKind::Barracks { side } => FeatureKind::Barracks { side: owner(side) },
        FeatureKind::Base { side } => FeatureKind::Base { side: owner(side) },
        other => other,
    };
    for f in &map.features {
        let want = map_kind(f.kind);
        let ok = features
            .get(&hex_key(image(f.hex)))
            .is_some_and(|kinds| kinds.contains(&want));
        if !ok {
            out.insert(hex_key(f.hex), f.hex);
        }
    }
    let mut zones: BTreeSet<(Side, (i32, i32))> = BTreeSet::new();
    for z in &map.zones {
        for &h in &z.hexes {
            zones.insert((z.side, hex_key(h)));
        }
    }
    for z in &map.zones {
        for &h in &z.hexes {
            if !zones.contains(&(owner(z.side), hex_key(image(h)))) {
                out.insert(hex_key(h), h);
            }
        }
    }
    out.into_values().collect()
}

#[cfg(test)]
mod tests;
