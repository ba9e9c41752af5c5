//! Map symmetry: the image of a hex, point, feature, zone side or terrain
//! piece under a symmetry of the map area, and the hexes that break it.
//!
//! A two-player map is fair when each side sees the mirror image of what the
//! other side sees. [`Symmetry::Point`] is the point reflection about the
//! centre of the map area (hex `h` ↦ `-h`); [`Symmetry::Mirror`] reflects
//! about a vertical or horizontal line through the centre. The image of a
//! side-owned thing (zone, barracks, base) belongs to the other side.

use crate::coverage::Coverage;
use crate::geom::Point;
use crate::layout::hex_key;
use crate::map::{Feature, FeatureKind, Map, Side, TerrainPiece};
use crate::player::PlayerId;
use crate::transform::{self, Axis};
use hexx::Hex;
use std::collections::{BTreeMap, BTreeSet};

/// A symmetry of the map area.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Symmetry {
    /// No symmetry.
    #[default]
    Off,
    /// Point reflection (a half turn) about the centre of the map area.
    Point,
    /// Reflection about a line through the centre of the map area.
    Mirror(Axis),
}

impl Symmetry {
    /// Every mode, in menu order.
    pub const ALL: [Self; 4] = [
        Self::Off,
        Self::Point,
        Self::Mirror(Axis::Vertical),
        Self::Mirror(Axis::Horizontal),
    ];

    /// A short label for display.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Off => "Off",
            Self::Point => "Point",
            Self::Mirror(Axis::Vertical) => "Mirror |",
            Self::Mirror(Axis::Horizontal) => "Mirror —",
        }
    }

    /// A one-line explanation.
    #[must_use]
    pub const fn hint(self) -> &'static str {
        match self {
            Self::Off => "Edits apply where you make them only",
            Self::Point => "Every edit is repeated turned 180° about the map centre, sides swapped",
            Self::Mirror(Axis::Vertical) => {
                "Every edit is repeated mirrored left–right about the map centre, sides swapped"
            }
            Self::Mirror(Axis::Horizontal) => {
                "Every edit is repeated mirrored top–bottom about the map centre, sides swapped"
            }
        }
    }

    /// The image of `hex` on `map`, or `None` when the symmetry is off.
    #[must_use]
    pub fn hex(self, map: &Map, hex: Hex) -> Option<Hex> {
        match self {
            Self::Off => None,
            Self::Point => Some(transform::reflect_hex(hex)),
            Self::Mirror(axis) => Some(transform::mirror_hex(hex, map.layout.orientation, axis)),
        }
    }

    /// The image of the world point `p` on `map`, or `None` when off.
    #[must_use]
    pub fn point(self, map: &Map, p: Point) -> Option<Point> {
        let c = map.area.center();
        match self {
            Self::Off => None,
            Self::Point => Some(transform::reflect_point(p, c)),
            Self::Mirror(axis) => Some(transform::mirror_point(p, c, axis)),
        }
    }

    /// The image of a feature: its hex mapped, its side swapped.
    #[must_use]
    pub fn feature(self, map: &Map, f: Feature) -> Option<Feature> {
        Some(Feature {
            hex: self.hex(map, f.hex)?,
            kind: swap_kind(f.kind),
        })
    }

    /// The image of a terrain piece; `None` when off or when the image would
    /// leave the coordinate range.
    #[must_use]
    pub fn piece(self, map: &Map, piece: &TerrainPiece) -> Option<TerrainPiece> {
        if self == Self::Off {
            return None;
        }
        let shape = transform::map_shape(&piece.shape, |p| self.point(map, p).unwrap_or(p))?;
        Some(TerrainPiece {
            kind: piece.kind,
            shape,
        })
    }
}

/// The other side: `0` ↔ `1`; other owners stay as they are.
#[must_use]
pub const fn swap_side(side: Side) -> Side {
    match side.0 {
        0 => PlayerId(1),
        1 => PlayerId(0),
        _ => side,
    }
}

/// `kind` with its owner swapped (unchanged for unowned features).
#[must_use]
pub const fn swap_kind(kind: FeatureKind) -> FeatureKind {
    match kind {
        FeatureKind::Barracks { side } => FeatureKind::Barracks {
            side: swap_side(side),
        },
        FeatureKind::Base { side } => FeatureKind::Base {
            side: swap_side(side),
        },
        other => other,
    }
}

/// Every hex that breaks `symmetry`, sorted by row then column: grid hexes whose image is not a
/// grid hex or differs in being usable, hexes whose feature has no matching
/// image (same kind, side swapped), and zone hexes whose image is not in the
/// other side's zone. Empty when the symmetry is off.
#[must_use]
pub fn breaks(map: &Map, coverage: &Coverage, symmetry: Symmetry) -> Vec<Hex> {
    if symmetry == Symmetry::Off {
        return Vec::new();
    }
    breaks_with(
        map,
        coverage,
        |h| symmetry.hex(map, h).unwrap_or(h),
        swap_side,
    )
}

/// Every hex that breaks the symmetry that maps hex `h` to `image(h)` and
/// gives what side `s` owns to side `owner(s)`: grid hexes whose image is
/// not a grid hex or differs in being usable, hexes whose feature has no
/// image (same kind, owner mapped), and zone hexes whose image is not in
/// the mapped side's zone. Sorted by row then column. A map for several
/// players is checked this way against each symmetry it should have (both
/// mirrors of a four-player map, each with its own owners).
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
mod tests {
    use super::*;
    use crate::layout::Orientation;
    use crate::map::{Coord, Length, TerrainKind, TerrainShape, Zone};

    fn empty() -> Map {
        Map::new_empty("S", Orientation::Pointy, 10.0, 300.0, 200.0).unwrap()
    }

    #[test]
    fn an_empty_map_is_symmetric_in_every_mode() {
        let map = empty();
        let cov = Coverage::new(&map).unwrap();
        for s in Symmetry::ALL {
            assert!(breaks(&map, &cov, s).is_empty(), "{s:?}");
        }
    }

    #[test]
    fn a_lone_base_breaks_point_symmetry_until_mirrored() {
        let mut map = empty();
        let base = Feature {
            hex: Hex::new(-5, 1),
            kind: FeatureKind::Base { side: PlayerId(0) },
        };
        map.features.push(base);
        let cov = Coverage::new(&map).unwrap();
        assert_eq!(breaks(&map, &cov, Symmetry::Point), vec![base.hex]);
        assert!(breaks(&map, &cov, Symmetry::Off).is_empty());

        let image = Symmetry::Point.feature(&map, base).unwrap();
        assert_eq!(image.hex, Hex::new(5, -1));
        assert_eq!(image.kind, FeatureKind::Base { side: PlayerId(1) });
        map.features.push(image);
        assert!(breaks(&map, &cov, Symmetry::Point).is_empty());
    }

    #[test]
    fn terrain_and_zones_are_checked_through_their_images() {
        for s in [
            Symmetry::Point,
            Symmetry::Mirror(Axis::Vertical),
            Symmetry::Mirror(Axis::Horizontal),
        ] {
            let mut map = empty();
            let lake = TerrainPiece {
                kind: TerrainKind::Water,
                shape: TerrainShape::Circle {
                    center: Coord(Point::new(80.0, 60.0)),
                    radius: Length::new(25.0).unwrap(),
                },
            };
            map.terrain.push(lake.clone());
            map.zones.push(Zone {
                side: PlayerId(0),
                hexes: vec![Hex::new(-6, 0)],
            });
            let cov = Coverage::new(&map).unwrap();
            let broken = breaks(&map, &cov, s);
            assert!(broken.contains(&Hex::new(-6, 0)), "{s:?}: the zone hex");
            assert!(broken.len() > 2, "{s:?}: the lake's hexes");

            map.terrain.push(s.piece(&map, &lake).unwrap());
            let image = s.hex(&map, Hex::new(-6, 0)).unwrap();
            map.zones.push(Zone {
                side: PlayerId(1),
                hexes: vec![image],
            });
            let cov = Coverage::new(&map).unwrap();
            assert!(breaks(&map, &cov, s).is_empty(), "{s:?}");
        }
    }
}
