//! The map model: layout, area, grid region, terrain pieces, features,
//! starting zones and metadata.
//!
//! A [`Map`] is plain data that (de)serialises to the RON map format
//! (see `docs/formats.md`). Values that can never make sense (non-finite
//! coordinates, negative radii, too many vertices) are rejected while the
//! file is parsed, so the error carries a line and column; everything that
//! depends on the whole map (zone sizes, reachability, ...) is a validation
//! finding instead (see [`crate::validate`]).
//!
//! This module is also the engine's bottom layer, *the map*: the model
//! here, and beside it the hex geometry ([`geom`], [`layout`], [`shape`],
//! [`disc`]), the usable-hex rule ([`coverage`], [`board`], [`hex_paint`]),
//! symmetry and transforms ([`symmetry`], [`transform`]), the map
//! generator ([`generate`]), the limits on
//! hostile input ([`limits`], [`complexity`]), players ([`player`]), the
//! RON map format on disk ([`format`]), validation ([`validate`],
//! [`summary`]) and the one stable hash ([`hash`]). Nothing here imports the
//! rules, bots, batches or files above it. The crate root re-exports each
//! of these modules under its old path (`hexwright_engine::coverage`, ...).

pub mod board;
pub mod certificate;
pub mod complexity;
pub mod coverage;
pub mod disc;
pub mod format;
pub mod generate;
pub mod geom;
pub mod hash;
pub mod hex_paint;
pub mod layout;
pub mod limits;
pub mod parity;
pub mod player;
pub mod shape;
pub mod summary;
pub mod symmetry;
pub mod transform;
pub mod validate;
mod values;

pub use values::{Coord, FormatVersion, HexList, HexSize, Length, Path, Polygon};

use crate::geom::{Bbox, Point};
use crate::layout::{HexLayout, Orientation};
use hexx::Hex;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The map format version this engine reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// The players of a map that does not say (every map written before
/// maps stated their player count).
pub const SIDES: u8 = 2;

fn default_players() -> u8 {
    SIDES
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_default_players(n: &u8) -> bool {
    *n == SIDES
}

/// Corners of the regular polygon that draws a [`TerrainShape::Circle`] (its
/// outline in [`crate::shape::prepare_shape`]); the coverage uses the true
/// circle (see [`crate::disc`]).
pub const CIRCLE_SEGMENTS: usize = 256;

/// Corners of the regular polygon that stands for each disc of a brush stroke.
pub const BRUSH_SEGMENTS: usize = 32;

/// A whole map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Map {
    /// Format version; always [`FORMAT_VERSION`].
    pub format: FormatVersion,
    /// Name, author, description and tags.
    pub meta: Meta,
    /// How many players the map is for: 2 to 4 (see
    /// [`crate::player::MIN_PLAYERS`], [`crate::player::MAX_PLAYERS`]).
    /// Sides are numbered from 0. Files without it are two-player maps, and
    /// two-player maps are written without it.
    #[serde(
        default = "default_players",
        skip_serializing_if = "is_default_players"
    )]
    pub players: u8,
    /// Hex orientation and size.
    pub layout: LayoutSpec,
    /// The map area: a rectangle from `(0, 0)` to `(width, height)`.
    pub area: Area,
    /// The grid region: a polygon inside the area that holds the hex grid
    /// (its first part; see [`Map::grid_parts`]).
    pub grid: Polygon,
    /// Holes cut out of [`Map::grid`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grid_holes: Vec<Polygon>,
    /// Further parts of the grid region, each a polygon with holes: the
    /// region is the union of every part less its own holes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grid_parts: Vec<GridPart>,
    /// Terrain pieces covering parts of the grid, in painting order.
    #[serde(default)]
    pub terrain: Vec<TerrainPiece>,
    /// Features standing on hexes.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// Starting zones.
    #[serde(default)]
    pub zones: Vec<Zone>,
    /// Fairness certificates, one per skill level certified (void once the
    /// map changes: [`certificate::Certificate::holds_for`]). Files
    /// without them load as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub certificates: Vec<certificate::Certificate>,
}

/// One more part of the grid region: a polygon less its holes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridPart {
    /// The part's outline.
    pub outer: Polygon,
    /// Holes cut out of this part.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holes: Vec<Polygon>,
}

/// Descriptive metadata.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// Display name.
    pub name: String,
    /// Who made the map.
    #[serde(default)]
    pub author: String,
    /// Free text.
    #[serde(default)]
    pub description: String,
    /// Search tags.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Where the map comes from, for a map made from another project's
    /// (an import records the file it read); empty for an original map.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
    /// The licence the map is under, as an SPDX expression where there is
    /// one (`GPL-2.0-or-later` for a map made from Battle for Wesnoth's).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub license: String,
    /// How the map was generated ([`generate`]): the generator's version,
    /// seed and parameters, so that it can be made again; `None` for a map
    /// made by hand or imported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated: Option<Box<generate::Generated>>,
}

/// Hex orientation and size.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayoutSpec {
    /// Pointy or flat topped hexagons.
    pub orientation: Orientation,
    /// Circumradius of one hexagon in world units.
    pub hex_size: HexSize,
}

/// The map area's size.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Area {
    /// Width in world units.
    pub width: Length,
    /// Height in world units.
    pub height: Length,
}

impl Area {
    /// The centre of the area.
    #[must_use]
    pub fn center(&self) -> Point {
        Point::new(self.width.get() / 2.0, self.height.get() / 2.0)
    }

    /// The area as a bounding box.
    #[must_use]
    pub fn bbox(&self) -> Bbox {
        Bbox {
            min: Point::default(),
            max: Point::new(self.width.get(), self.height.get()),
        }
    }
}

/// What a terrain piece looks like. Purely cosmetic: every kind covers the
/// grid the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TerrainKind {
    /// Cliffs and boulders.
    Rock,
    /// Lakes and rivers.
    Water,
    /// Dense woods.
    Forest,
    /// A drop into nothing.
    Chasm,
}

impl TerrainKind {
    /// Every kind, in display order.
    pub const ALL: [Self; 4] = [Self::Rock, Self::Water, Self::Forest, Self::Chasm];

    /// Lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Rock => "rock",
            Self::Water => "water",
            Self::Forest => "forest",
            Self::Chasm => "chasm",
        }
    }
}

/// One terrain piece.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainPiece {
    /// Its look.
    pub kind: TerrainKind,
    /// Its geometry.
    pub shape: TerrainShape,
}

/// The geometry of a terrain piece.
///
/// Coverage is the union of all polygons and circles, together with the
/// *painted layer*: brush strokes applied in order, where a stroke with
/// `erase: true` removes painted coverage (it never removes polygons or
/// circles).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum TerrainShape {
    /// A polygon; self-intersections are filled by the non-zero winding rule.
    Polygon {
        /// Corners.
        points: Polygon,
    },
    /// A circle: the true disc, whose area in each hex is computed exactly
    /// (see [`crate::disc`]).
    Circle {
        /// Centre.
        center: Coord,
        /// Radius.
        radius: Length,
    },
    /// A freehand brush stroke: the union of discs of `radius` (each the
    /// inscribed regular [`BRUSH_SEGMENTS`]-gon) at every point, and of the
    /// rectangles of width `2 × radius` joining consecutive points.
    Stroke {
        /// Brush radius.
        radius: Length,
        /// The path the brush followed.
        points: Path,
        /// `true` for the eraser brush, which removes painted coverage.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        erase: bool,
    },
    /// Whole hexes: covers each listed hex exactly and nothing else (what
    /// the hex brush and the flood fill paint, and what importers write for
    /// a grid of terrain cells).
    Hexes {
        /// The hexes, in axial coordinates.
        hexes: HexList,
    },
}

impl TerrainShape {
    /// Number of vertices the shape stores.
    #[must_use]
    pub fn vertex_count(&self) -> usize {
        match self {
            Self::Polygon { points } => points.points().len(),
            Self::Circle { .. } => 1,
            Self::Stroke { points, .. } => points.points().len(),
            Self::Hexes { hexes } => hexes.len(),
        }
    }

    /// A bounding box of everything the shape can cover, with the hexes of
    /// `layout` (which only whole-hex pieces need).
    #[must_use]
    pub fn bbox(&self, layout: &HexLayout) -> Bbox {
        match self {
            Self::Polygon { points } => Bbox::of(points.points()),
            Self::Circle { center, radius } => Bbox::of(&[center.0]).expand(radius.get()),
            Self::Stroke { radius, points, .. } => Bbox::of(points.points()).expand(radius.get()),
            Self::Hexes { hexes } => hexes
                .hexes()
                .iter()
                .map(|&h| layout.bbox(h))
                .fold(Bbox::EMPTY, Bbox::union),
        }
    }

    /// Whether this is an eraser stroke.
    #[must_use]
    pub fn is_eraser(&self) -> bool {
        matches!(self, Self::Stroke { erase: true, .. })
    }
}

/// A side: the player who owns a zone, base or barracks (a
/// [`PlayerId`](crate::player::PlayerId); `0` or `1` in a valid two-player
/// map). Files may hold other numbers; validation reports them
/// (`owner-invalid`).
pub type Side = crate::player::PlayerId;

/// Something standing on a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Feature {
    /// Where it stands.
    #[serde(with = "axial")]
    pub hex: Hex,
    /// What it is.
    pub kind: FeatureKind,
}

/// The kinds of feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum FeatureKind {
    /// Hides a unit standing in it from enemies further than one hex away.
    Bush,
    /// Controlled by a unit standing on it; reveals the hexes around it.
    Outpost,
    /// An Energy objective: +1 Energy income for its owner.
    Objective,
    /// Spawns soldiers and elites for its owner; +1 Energy income.
    Barracks {
        /// Owner.
        side: Side,
    },
    /// A side's base (5 Health); destroy every enemy base to win.
    Base {
        /// Owner.
        side: Side,
    },
}

impl FeatureKind {
    /// A short lower-case name (`bush`, `outpost`, `objective`, `barracks`, `base`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Bush => "bush",
            Self::Outpost => "outpost",
            Self::Objective => "objective",
            Self::Barracks { .. } => "barracks",
            Self::Base { .. } => "base",
        }
    }

    /// The owning side, for barracks and bases.
    #[must_use]
    pub const fn side(self) -> Option<Side> {
        match self {
            Self::Barracks { side } | Self::Base { side } => Some(side),
            _ => None,
        }
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.side() {
            Some(s) => write!(f, "{} of side {s}", self.name()),
            None => f.write_str(self.name()),
        }
    }
}

/// A side's starting zone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    /// Owner.
    pub side: Side,
    /// The zone's hexes (10 in a valid map).
    #[serde(with = "axial_vec")]
    pub hexes: Vec<Hex>,
}

impl Map {
    /// A new empty map: an area of `width` × `height`, a rectangular grid
    /// region half a hex inside it, no terrain, features or zones.
    ///
    /// Fails with a message saying which value is out of range (hex size,
    /// width or height), or when the area cannot hold a hex.
    ///
    /// ```
    /// use hexwright_engine::layout::Orientation;
    /// use hexwright_engine::map::Map;
    ///
    /// assert!(Map::new_empty("New", Orientation::Flat, 32.0, 1200.0, 800.0).is_ok());
    /// assert!(Map::new_empty("New", Orientation::Flat, 0.5, 1200.0, 800.0).is_err());
    /// assert!(Map::new_empty("New", Orientation::Flat, 32.0, 40.0, 800.0).is_err());
    /// ```
    pub fn new_empty(
        name: &str,
        orientation: Orientation,
        hex_size: f64,
        width: f64,
        height: f64,
    ) -> Result<Self, String> {
        let hs = HexSize::try_from(hex_size)?;
        let w = Length::try_from(width).map_err(|e| format!("width: {e}"))?;
        let h = Length::try_from(height).map_err(|e| format!("height: {e}"))?;
        if w.get() < hs.get() * 2.0 || h.get() < hs.get() * 2.0 {
            return Err(format!(
                "a {width} x {height} area cannot hold a hex of size {hex_size}: make it at least {} x {}",
                hs.get() * 2.0,
                hs.get() * 2.0
            ));
        }
        let m = hs.get() * 0.5;
        let grid = Polygon(vec![
            Point::new(m, m),
            Point::new(w.get() - m, m),
            Point::new(w.get() - m, h.get() - m),
            Point::new(m, h.get() - m),
        ]);
        Ok(Self {
            format: FormatVersion,
            meta: Meta {
                name: name.to_owned(),
                ..Meta::default()
            },
            players: SIDES,
            layout: LayoutSpec {
                orientation,
                hex_size: hs,
            },
            area: Area {
                width: w,
                height: h,
            },
            grid,
            grid_holes: Vec::new(),
            grid_parts: Vec::new(),
            terrain: Vec::new(),
            features: Vec::new(),
            zones: Vec::new(),
            certificates: Vec::new(),
        })
    }

    /// How many players the map is for ([`Map::players`] as a count).
    #[must_use]
    pub fn player_count(&self) -> usize {
        usize::from(self.players)
    }

    /// The map's players in seat order (none beyond
    /// [`crate::player::MAX_PLAYERS`]).
    pub fn sides(&self) -> impl Iterator<Item = Side> + Clone {
        crate::player::PlayerId::all(self.player_count().min(crate::player::MAX_PLAYERS))
    }

    /// The hex layout of this map (hex `(0, 0)` at the area centre).
    #[must_use]
    pub fn hex_layout(&self) -> HexLayout {
        HexLayout::new(
            self.layout.orientation,
            self.layout.hex_size.get(),
            self.area.center(),
        )
    }

    /// The feature standing on `hex`, if any (the first one when a broken
    /// map stacks several).
    #[must_use]
    pub fn feature_at(&self, hex: Hex) -> Option<&Feature> {
        self.features.iter().find(|f| f.hex == hex)
    }

    /// The zone of `side`, if it has (at least) one.
    #[must_use]
    pub fn zone_of(&self, side: Side) -> Option<&Zone> {
        self.zones.iter().find(|z| z.side == side)
    }

    /// Every part of the grid region as its outline and holes:
    /// [`Map::grid`] with [`Map::grid_holes`] first, then
    /// [`Map::grid_parts`].
    pub fn grid_region(&self) -> impl Iterator<Item = (&Polygon, &[Polygon])> {
        std::iter::once((&self.grid, self.grid_holes.as_slice())).chain(
            self.grid_parts
                .iter()
                .map(|p| (&p.outer, p.holes.as_slice())),
        )
    }

    /// Whether the grid region is the single polygon [`Map::grid`], with no
    /// holes or further parts.
    #[must_use]
    pub fn grid_is_one_polygon(&self) -> bool {
        self.grid_holes.is_empty() && self.grid_parts.is_empty()
    }

    /// Every ring of the grid region: outlines and holes.
    pub fn grid_rings(&self) -> impl Iterator<Item = &Polygon> {
        self.grid_region()
            .flat_map(|(outer, holes)| std::iter::once(outer).chain(holes))
    }

    /// The bounding box of the grid region's outlines.
    #[must_use]
    pub fn grid_bbox(&self) -> Bbox {
        self.grid_region()
            .map(|(outer, _)| Bbox::of(outer.points()))
            .fold(Bbox::EMPTY, Bbox::union)
    }

    /// About how many hexes the grid holds, from the grid region's bounding
    /// box `w × h`: `(w + 4·s)·(h + 4·s) / hex area` (an upper estimate,
    /// what [`limits::MAX_GRID_HEXES`] is checked against; cheap, unlike
    /// computing the grid).
    #[must_use]
    pub fn estimated_grid_hexes(&self) -> f64 {
        let b = self.grid_bbox();
        let s = self.layout.hex_size.get();
        (b.max.x - b.min.x + 4.0 * s) * (b.max.y - b.min.y + 4.0 * s) / self.hex_layout().hex_area()
    }

    /// The smallest whole `hex_size` (at most [`limits::MAX_HEX_SIZE`]) with
    /// which this map's grid region would hold at most
    /// [`limits::MAX_GRID_HEXES`] hexes by [`Self::estimated_grid_hexes`],
    /// or `None` when no allowed hex size is large enough.
    #[must_use]
    pub fn hex_size_to_fit(&self) -> Option<u64> {
        let b = self.grid_bbox();
        let (w, h) = (b.max.x - b.min.x, b.max.y - b.min.y);
        // hex area = c·s², and the estimate (w + 4s)(h + 4s)/(c·s²) ≤ L
        // when (L·c − 16)·s² − 4(w + h)·s − w·h ≥ 0.
        let c = 1.5 * 3f64.sqrt();
        let k = limits::MAX_GRID_HEXES as f64 * c - 16.0;
        let root = (4.0 * (w + h) + (16.0 * (w + h).powi(2) + 4.0 * k * w * h).sqrt()) / (2.0 * k);
        let mut s = root.ceil().max(limits::MIN_HEX_SIZE);
        // Rounding: step up until the estimate really fits.
        let fits =
            |s: f64| (w + 4.0 * s) * (h + 4.0 * s) / (c * s * s) <= limits::MAX_GRID_HEXES as f64;
        while !fits(s) && s <= limits::MAX_HEX_SIZE {
            s += 1.0;
        }
        (s <= limits::MAX_HEX_SIZE).then_some(s as u64)
    }

    /// Checks the limits that depend on the whole map: total vertex count,
    /// number of pieces, features and zone hexes, and the number of hexes
    /// the grid can hold. Files are checked on load; call this on maps built
    /// in code before computing their coverage.
    pub fn check_limits(&self) -> Result<(), LimitError> {
        let vertices: usize = self.grid_rings().map(|p| p.points().len()).sum::<usize>()
            + self
                .terrain
                .iter()
                .map(|t| t.shape.vertex_count())
                .sum::<usize>();
        if vertices > limits::MAX_TOTAL_VERTICES {
            return Err(LimitError::Vertices { count: vertices });
        }
        let stroke_work: u64 = self
            .terrain
            .iter()
            .map(|t| match &t.shape {
                TerrainShape::Stroke { points, radius, .. } => {
                    crate::complexity::stroke_work(points.points(), radius.get())
                }
                _ => 0,
            })
            .sum();
        if stroke_work > limits::MAX_STROKE_WORK {
            return Err(LimitError::StrokeWork { work: stroke_work });
        }
        let hex_size = self.layout.hex_size.get();
        let grid = self
            .grid_rings()
            .map(|p| crate::geom::Bbox::of(p.points()))
            .fold(crate::geom::Bbox::EMPTY, crate::geom::Bbox::union);
        let stroke_reach: u64 = self
            .terrain
            .iter()
            .map(|t| match &t.shape {
                TerrainShape::Stroke { points, radius, .. } => {
                    crate::complexity::stroke_reach(points.points(), radius.get(), hex_size, grid)
                }
                _ => 0,
            })
            .fold(0, u64::saturating_add);
        if stroke_reach > limits::MAX_STROKE_REACH {
            return Err(LimitError::StrokeReach {
                reach: stroke_reach,
            });
        }
        self.check_stroke_crossings()?;
        let (mut crossings, mut pairs) = (0u64, 0u64);
        for t in &self.terrain {
            if let TerrainShape::Polygon { points } = &t.shape
                && points.points().len() > 64
            {
                let found = crate::complexity::crossings(
                    points.points(),
                    limits::MAX_POLYGON_CROSSINGS - crossings,
                    limits::MAX_POLYGON_PAIRS - pairs,
                );
                crossings += found.crossings;
                pairs += found.pairs;
                if crossings > limits::MAX_POLYGON_CROSSINGS || pairs > limits::MAX_POLYGON_PAIRS {
                    return Err(LimitError::PolygonCrossings);
                }
            }
        }
        if self.terrain.len() > limits::MAX_PIECES {
            return Err(LimitError::Pieces {
                count: self.terrain.len(),
            });
        }
        if self.features.len() > limits::MAX_FEATURES {
            return Err(LimitError::Features {
                count: self.features.len(),
            });
        }
        if self.zones.len() > limits::MAX_ZONES {
            return Err(LimitError::Zones {
                count: self.zones.len(),
            });
        }
        let zone_hexes: usize = self.zones.iter().map(|z| z.hexes.len()).sum();
        if zone_hexes > limits::MAX_FEATURES {
            return Err(LimitError::ZoneHexes { count: zone_hexes });
        }
        let estimate = self.estimated_grid_hexes();
        if estimate > limits::MAX_GRID_HEXES as f64 {
            return Err(LimitError::Hexes {
                estimate: estimate as u64,
                fits_with: self.hex_size_to_fit(),
            });
        }
        Ok(())
    }

    /// [`limits::MAX_STROKE_CROSSINGS`]: the crossings of the brush
    /// strokes' parts, naming the stroke with the most and where they
    /// crowd.
    fn check_stroke_crossings(&self) -> Result<(), LimitError> {
        let hex_size = self.layout.hex_size.get();
        let mut total = 0u64;
        let mut worst = (0u64, 0usize, None);
        for (i, t) in self.terrain.iter().enumerate() {
            let TerrainShape::Stroke { points, radius, .. } = &t.shape else {
                continue;
            };
            let left = limits::MAX_STROKE_CROSSINGS - total;
            let (found, at) = crate::complexity::stroke_crossings(
                points.points(),
                radius.get(),
                hex_size,
                left.saturating_add(1),
            );
            if found > worst.0 {
                worst = (found, i, at);
            }
            total = total.saturating_add(found);
            if total > limits::MAX_STROKE_CROSSINGS {
                let at = worst.2.map(|p| self.hex_layout().hex_at(p));
                return Err(LimitError::StrokeCrossings {
                    crossings: total,
                    piece: worst.1,
                    q: at.map_or(0, |h| h.x),
                    r: at.map_or(0, |h| h.y),
                });
            }
        }
        Ok(())
    }
}

/// A whole-map limit that a map exceeds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// Too many vertices in the grid region and terrain together.
    #[error(
        "the map has {count} vertices in all; the limit is {}",
        limits::MAX_TOTAL_VERTICES
    )]
    Vertices {
        /// How many.
        count: usize,
    },
    /// Too many terrain pieces.
    #[error(
        "the map has {count} terrain pieces; the limit is {}",
        limits::MAX_PIECES
    )]
    Pieces {
        /// How many.
        count: usize,
    },
    /// Too many features.
    #[error("the map has {count} features; the limit is {}", limits::MAX_FEATURES)]
    Features {
        /// How many.
        count: usize,
    },
    /// Too many zone hexes.
    #[error(
        "the zones list {count} hexes in all; the limit is {}",
        limits::MAX_FEATURES
    )]
    ZoneHexes {
        /// How many.
        count: usize,
    },
    /// Computing the usable hexes exactly would take too long: the pieces
    /// overlapping in a hex have too many corners
    /// ([`limits::MAX_COVERAGE_WORK`]).
    #[error(
        "the terrain around hex {q},{r} is too detailed to compute in bounded time: {pieces} overlap there with {corners} corners, beyond what is left of the map's budget; simplify the pieces there (fewer overlapping strokes and erasers, fewer polygon corners)"
    )]
    TooDetailed {
        /// The hex's `q`.
        q: i32,
        /// The hex's `r`.
        r: i32,
        /// Corners of its clipped pieces.
        corners: u64,
        /// The pieces overlapping there.
        pieces: PieceList,
    },
    /// Computing the usable hexes exactly would take too long: the outlines
    /// of the pieces in a hex cross one another too often (many strokes
    /// along one path or through one point)
    /// ([`limits::MAX_COVERAGE_WORK`]).
    #[error(
        "the terrain around hex {q},{r} is too detailed to compute in bounded time: the outlines of {pieces} cross there at least {crossings} times, beyond what is left of the map's budget; simplify the pieces there (fewer strokes along the same path or through the same point)"
    )]
    TooTangled {
        /// The hex's `q`.
        q: i32,
        /// The hex's `r`.
        r: i32,
        /// Crossings counted (at least).
        crossings: u64,
        /// The pieces overlapping there.
        pieces: PieceList,
    },
    /// The brush strokes are too many or too dense.
    #[error(
        "the map's brush strokes are too dense to compute in bounded time: their points and overlaps add up to {work}, the limit is {}; use fewer or shorter strokes, or a smaller brush where points crowd together",
        limits::MAX_STROKE_WORK
    )]
    StrokeWork {
        /// The strokes' work ([`crate::complexity::stroke_work`], summed).
        work: u64,
    },
    /// The brush strokes reach over too many hexes.
    #[error(
        "the map's brush strokes reach over too much of the map to compute in bounded time: their parts' boxes span {reach} hex-sized squares, the limit is {}; use fewer or shorter strokes, draw strokes point by point across the map rather than in long jumps, or use polygons for large areas",
        limits::MAX_STROKE_REACH
    )]
    StrokeReach {
        /// The strokes' reach ([`crate::complexity::stroke_reach`], summed).
        reach: u64,
    },
    /// Brush strokes whose parts cross each other too often.
    #[error(
        "the map's brush strokes cross themselves too often to draw in bounded time: their parts cross at least {crossings} times, the limit is {}; terrain piece #{piece} crosses itself most, around hex {q},{r}; redraw it without going over the same ground again and again, or split it into strokes that do not pile up in one spot",
        limits::MAX_STROKE_CROSSINGS
    )]
    StrokeCrossings {
        /// The crossings counted (at least).
        crossings: u64,
        /// The stroke with the most crossings (its index in the terrain).
        piece: usize,
        /// The hex where that stroke's crossings crowd most: its `q`.
        q: i32,
        /// Its `r`.
        r: i32,
    },
    /// Large polygons whose edges cross each other too much.
    #[error(
        "the map's large polygons (over 64 corners) cross themselves or crowd their edges too much to compute in bounded time (at most {} crossings and {} close edge pairs in all); untangle them, or use fewer corners",
        limits::MAX_POLYGON_CROSSINGS,
        limits::MAX_POLYGON_PAIRS
    )]
    PolygonCrossings,
    /// Too many starting zones.
    #[error(
        "the map has {count} starting zones; the limit is {} (one per side)",
        limits::MAX_ZONES
    )]
    Zones {
        /// How many.
        count: usize,
    },
    /// The grid region would hold too many hexes for its hex size.
    #[error(
        "the grid region would hold about {estimate} hexes; the limit is {}: {}",
        limits::MAX_GRID_HEXES,
        match fits_with {
            Some(s) => format!("use a hex_size of at least {s}, or a smaller grid"),
            None => format!("make the grid smaller (even the largest hex_size, {}, gives too many)", limits::MAX_HEX_SIZE),
        }
    )]
    Hexes {
        /// Rough count.
        estimate: u64,
        /// The smallest whole hex size that would fit
        /// ([`Map::hex_size_to_fit`]), if one is allowed.
        fits_with: Option<u64>,
    },
}

/// Terrain pieces named in an error, by their index in the map file's
/// `terrain` list (counting from 0): the first few, and how many more.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceList {
    /// The first pieces, ascending.
    pub first: Vec<usize>,
    /// How many more there are.
    pub more: usize,
}

impl PieceList {
    /// Most pieces named.
    const SHOWN: usize = 6;

    /// The pieces `indices` (in any order, without repeats).
    #[must_use]
    pub fn of(indices: impl IntoIterator<Item = usize>) -> Self {
        let mut all: Vec<usize> = indices.into_iter().collect();
        all.sort_unstable();
        all.dedup();
        let more = all.len().saturating_sub(Self::SHOWN);
        all.truncate(Self::SHOWN);
        Self { first: all, more }
    }
}

impl std::fmt::Display for PieceList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<String> = self.first.iter().map(|i| format!("#{i}")).collect();
        match (names.len(), self.more) {
            (0, _) => f.write_str("no terrain piece"),
            (1, 0) => write!(f, "terrain piece {}", names[0]),
            (n, 0) => write!(
                f,
                "terrain pieces {} and {}",
                names[..n - 1].join(", "),
                names[n - 1]
            ),
            (_, more) => write!(f, "terrain pieces {} and {more} more", names.join(", ")),
        }
    }
}

/// Serde helpers writing a [`Hex`] as an axial `(q, r)` tuple.
pub mod axial {
    use hexx::Hex;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Serialises `(q, r)`.
    pub fn serialize<S: Serializer>(h: &Hex, s: S) -> Result<S::Ok, S::Error> {
        (h.x, h.y).serialize(s)
    }

    /// Deserialises `(q, r)`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Hex, D::Error> {
        let (q, r) = <(i32, i32)>::deserialize(d)?;
        Ok(Hex::new(q, r))
    }
}

/// Serde helpers writing a list of [`Hex`] as axial `(q, r)` tuples.
pub mod axial_vec {
    use hexx::Hex;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Serialises `[(q, r), ...]`.
    pub fn serialize<S: Serializer>(hs: &[Hex], s: S) -> Result<S::Ok, S::Error> {
        hs.iter()
            .map(|h| (h.x, h.y))
            .collect::<Vec<_>>()
            .serialize(s)
    }

    /// Deserialises `[(q, r), ...]`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Hex>, D::Error> {
        let v = Vec::<(i32, i32)>::deserialize(d)?;
        Ok(v.into_iter().map(|(q, r)| Hex::new(q, r)).collect())
    }
}
