//! Tiled hexagonal maps turned into Hexwright maps, and back.
//!
//! **Import.** Every cell that holds a tile in some layer is a hex of the
//! map; the others are off the map (outside the grid region). What a tile
//! means comes from a mapping file given by the user
//! ([`TileMapping`]: global tile id → meaning) or else from the tile's
//! custom property `hexwright`; a tile that says nothing is open ground, and
//! the report lists such tiles. A meaning is a comma-separated list of:
//! `open`, `void` (not part of the map), `rock`, `water`, `forest`, `chasm`
//! (whole-hex terrain: the hex is not usable), `bush`, `outpost`,
//! `objective`, `base:N`, `barracks:N` (features of side `N`), `zone:N` (a
//! hex of side `N`'s starting zone). Layers are read bottom first: a higher
//! layer's terrain or feature replaces a lower one's.
//!
//! Offset coordinates follow the map's stagger: `staggeraxis` `x` gives
//! flat-topped hexes in columns, `y` pointy-topped hexes in rows, and
//! `staggerindex` says whether odd or even columns (rows) are shifted.
//!
//! **Export** ([`export`]) writes a Tiled map (TMJ) with three layers —
//! `terrain`, `features`, `zones` — over one embedded tileset whose tiles
//! carry the `hexwright` property, and the map's metadata, player count,
//! hex size and the cell of hex `(0, 0)` as map properties, so importing the
//! export gives the same map.

use super::ImportError;
use super::outline;
pub use super::tiled_export::{
    TILESET_COLUMNS, Tmj, TmjLayer, TmjProperty, TmjTile, TmjTileset, export, export_tiles,
};
use super::tiled_read::{StaggerAxis, TiledMap};
use super::{Entry, Report};
use crate::geom::Point;
use crate::layout::{HexLayout, Orientation, hex_key};
use crate::map::{
    Feature, FeatureKind, HexList, Map, Meta, TerrainKind, TerrainPiece, TerrainShape, Zone,
};
use crate::player::PlayerId;
use hexx::Hex;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The custom property that says what a tile means.
pub const TILE_PROPERTY: &str = "hexwright";

/// What a tile says about its hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileMeaning {
    /// Open ground.
    Open,
    /// Not part of the map.
    Void,
    /// Whole-hex terrain of this kind.
    Terrain(TerrainKind),
    /// A feature.
    Feature(FeatureKind),
    /// A hex of this side's starting zone.
    Zone(PlayerId),
}

impl TileMeaning {
    /// Reads one item (`rock`, `base:1`, ...).
    ///
    /// # Errors
    /// When the item is none of the meanings.
    pub fn parse(item: &str) -> Result<Self, String> {
        let item = item.trim().to_ascii_lowercase();
        let side = |s: &str| -> Result<PlayerId, String> {
            s.parse::<u8>()
                .ok()
                .filter(|&n| usize::from(n) < crate::player::MAX_PLAYERS)
                .map(PlayerId)
                .ok_or_else(|| format!("\"{s}\" is not a side (0 to 3)"))
        };
        Ok(match item.split_once(':') {
            Some(("base", s)) => Self::Feature(FeatureKind::Base { side: side(s)? }),
            Some(("barracks", s)) => Self::Feature(FeatureKind::Barracks { side: side(s)? }),
            Some(("zone", s)) => Self::Zone(side(s)?),
            _ => match item.as_str() {
                "open" => Self::Open,
                "void" => Self::Void,
                "rock" => Self::Terrain(TerrainKind::Rock),
                "water" => Self::Terrain(TerrainKind::Water),
                "forest" => Self::Terrain(TerrainKind::Forest),
                "chasm" => Self::Terrain(TerrainKind::Chasm),
                "bush" => Self::Feature(FeatureKind::Bush),
                "outpost" => Self::Feature(FeatureKind::Outpost),
                "objective" => Self::Feature(FeatureKind::Objective),
                _ => {
                    return Err(format!(
                        "\"{item}\" is not a tile meaning (open, void, rock, water, forest, chasm, bush, outpost, objective, base:N, barracks:N, zone:N)"
                    ));
                }
            },
        })
    }

    /// The text that reads back as this meaning.
    #[must_use]
    pub fn text(self) -> String {
        match self {
            Self::Open => "open".to_owned(),
            Self::Void => "void".to_owned(),
            Self::Terrain(k) => k.name().to_owned(),
            Self::Feature(FeatureKind::Base { side }) => format!("base:{side}"),
            Self::Feature(FeatureKind::Barracks { side }) => format!("barracks:{side}"),
            Self::Feature(k) => k.name().to_owned(),
            Self::Zone(side) => format!("zone:{side}"),
        }
    }
}

/// Reads a comma-separated list of meanings.
///
/// # Errors
/// When an item is not a meaning.
pub fn parse_meanings(text: &str) -> Result<Vec<TileMeaning>, String> {
    text.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(TileMeaning::parse)
        .collect()
}

/// A mapping file: what each global tile id means.
///
/// ```ron
/// (tiles: {1: "open", 2: "rock", 3: "water", 7: "open,bush", 9: "void"}, default: "open")
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TileMapping {
    /// Global tile id (flags masked) → meaning.
    pub tiles: BTreeMap<u32, String>,
    /// The meaning of tiles the mapping does not list (`open` when left
    /// out or empty).
    #[serde(default)]
    pub default: String,
}

/// The choices of a Tiled import.
#[derive(Clone, Debug, Default)]
pub struct TiledOptions {
    /// The file name, for the metadata and errors.
    pub file: String,
    /// The hex size; by default the map's `hexwright:hex_size` property,
    /// its hex side length, or half a tile.
    pub hex_size: Option<f64>,
    /// What tiles mean; without it, the tiles' `hexwright` properties.
    pub mapping: Option<TileMapping>,
}

/// An imported Tiled map and what the import did.
#[derive(Clone, Debug)]
pub struct TiledImport {
    /// The map.
    pub map: Map,
    /// What was mapped, dropped and guessed.
    pub report: Report,
}

/// Axial coordinates of Tiled's `(x, y)` for a stagger.
#[must_use]
pub fn axial(axis: StaggerAxis, even: bool, (x, y): (i32, i32)) -> Hex {
    let shift = |v: i32| {
        if even {
            (v + 1).div_euclid(2)
        } else {
            v.div_euclid(2)
        }
    };
    match axis {
        StaggerAxis::X => Hex::new(x, y - shift(x)),
        StaggerAxis::Y => Hex::new(x - shift(y), y),
    }
}

/// Tiled's `(x, y)` of axial `h` (odd index), the inverse of [`axial`].
#[must_use]
pub fn offset(axis: StaggerAxis, h: Hex) -> (i32, i32) {
    match axis {
        StaggerAxis::X => (h.x, h.y + h.x.div_euclid(2)),
        StaggerAxis::Y => (h.x + h.y.div_euclid(2), h.y),
    }
}

/// What the cells of a Tiled map say, layer over layer.
#[derive(Default)]
struct Cells {
    terrain: BTreeMap<(i32, i32), TileMeaning>,
    features: BTreeMap<(i32, i32), FeatureKind>,
    zones: BTreeMap<(i32, i32), PlayerId>,
}

fn read_cells(t: &TiledMap, opts: &TiledOptions, report: &mut Report) -> Result<Cells, String> {
    let mut meanings: BTreeMap<u32, Vec<TileMeaning>> = BTreeMap::new();
    let default = match opts.mapping.as_ref().map(|m| m.default.as_str()) {
        Some(d) if !d.trim().is_empty() => {
            parse_meanings(d).map_err(|e| format!("mapping default: {e}"))?
        }
        _ => vec![TileMeaning::Open],
    };
    let mut unmapped: BTreeMap<u32, usize> = BTreeMap::new();
    let mut cells = Cells::default();
    for i in 0..t.layers.len() {
        for y in 0..t.height {
            for x in 0..t.width {
                let gid = t.gid(i, x, y);
                if gid == 0 {
                    continue;
                }
                let list = if let Some(m) = meanings.get(&gid) {
                    m.clone()
                } else {
                    let text = match &opts.mapping {
                        Some(m) => m.tiles.get(&gid).cloned(),
                        None => t
                            .tile_properties
                            .get(&gid)
                            .and_then(|p| p.get(TILE_PROPERTY))
                            .cloned(),
                    };
                    let list = match text {
                        Some(text) => {
                            parse_meanings(&text).map_err(|e| format!("tile {gid}: {e}"))?
                        }
                        None => default.clone(),
                    };
                    meanings.insert(gid, list.clone());
                    list
                };
                if !meanings_known(opts, t, gid) {
                    *unmapped.entry(gid).or_default() += 1;
                }
                let key = (x as i32, y as i32);
                cells.terrain.entry(key).or_insert(TileMeaning::Open);
                for m in list {
                    match m {
                        TileMeaning::Open | TileMeaning::Void | TileMeaning::Terrain(_) => {
                            cells.terrain.insert(key, m);
                        }
                        TileMeaning::Feature(k) => {
                            cells.features.insert(key, k);
                        }
                        TileMeaning::Zone(s) => {
                            cells.zones.insert(key, s);
                        }
                    }
                }
            }
        }
    }
    if !unmapped.is_empty() {
        let list: Vec<String> = unmapped.iter().map(|(g, n)| format!("{g} ({n})")).collect();
        report.push(
            Entry::Guessed,
            format!(
                "tiles that say nothing (no {} property or mapping entry), taken as {}: {}",
                TILE_PROPERTY,
                default
                    .iter()
                    .map(|m| m.text())
                    .collect::<Vec<_>>()
                    .join(","),
                list.join(", ")
            ),
        );
    }
    Ok(cells)
}

fn meanings_known(opts: &TiledOptions, t: &TiledMap, gid: u32) -> bool {
    match &opts.mapping {
        Some(m) => m.tiles.contains_key(&gid),
        None => t
            .tile_properties
            .get(&gid)
            .is_some_and(|p| p.contains_key(TILE_PROPERTY)),
    }
}

/// Imports the text of a TMX or TMJ file.
///
/// # Errors
/// When the file cannot be read as a hexagonal Tiled map, a tile meaning is
/// not one, nothing is on the map, or the map would exceed a limit.
pub fn import(text: &str, opts: &TiledOptions) -> Result<TiledImport, ImportError> {
    let file = opts.file.as_str();
    let fail = |message: String| ImportError::File {
        file: file.to_owned(),
        message,
    };
    let t = super::tiled_read::parse(text, file)?;
    let axis = t
        .stagger_axis
        .ok_or_else(|| fail("not a hexagonal map".to_owned()))?;
    let mut report = Report::default();
    let cells = read_cells(&t, opts, &mut report).map_err(fail)?;
    let on_map: Vec<(i32, i32)> = cells
        .terrain
        .iter()
        .filter(|(_, m)| **m != TileMeaning::Void)
        .map(|(&k, _)| k)
        .collect();
    if on_map.is_empty() {
        return Err(fail("no cell holds a tile: the map is empty".to_owned()));
    }
    let orientation = match axis {
        StaggerAxis::X => Orientation::Flat,
        StaggerAxis::Y => Orientation::Pointy,
    };
    let prop = |k: &str| t.properties.get(k).map(String::as_str);
    let hex_size = opts
        .hex_size
        .or_else(|| prop("hexwright:hex_size").and_then(|v| v.parse().ok()))
        .or((t.hex_side > 0.0).then_some(t.hex_side))
        .unwrap_or(match axis {
            StaggerAxis::X => t.tile_width / 2.0,
            StaggerAxis::Y => t.tile_height / 2.0,
        });
    let to_axial = |xy: (i32, i32)| axial(axis, t.stagger_even, xy);
    // Hex (0, 0): the cell the map says, else the cell nearest the middle.
    let origin = to_axial(
        prop("hexwright:origin")
            .and_then(parse_pair)
            .unwrap_or_else(|| nearest_middle(&on_map, orientation, &to_axial)),
    );
    let hex = |xy: (i32, i32)| to_axial(xy) - origin;
    let mut map = build(&on_map, &hex, orientation, hex_size).map_err(fail)?;
    report.push(
        Entry::Mapped,
        format!("{} hexes: the cells that hold a tile", on_map.len()),
    );
    for kind in TerrainKind::ALL {
        let hexes: Vec<Hex> = cells
            .terrain
            .iter()
            .filter(|(_, m)| **m == TileMeaning::Terrain(kind))
            .map(|(&xy, _)| hex(xy))
            .collect();
        if !hexes.is_empty() {
            report.push(
                Entry::Mapped,
                format!("{} {} hexes -> whole-hex terrain", hexes.len(), kind.name()),
            );
            map.terrain.push(TerrainPiece {
                kind,
                shape: TerrainShape::Hexes {
                    hexes: HexList::new(hexes).map_err(fail)?,
                },
            });
        }
    }
    place(&mut map, &cells, &on_map, &hex, &mut report);
    if let Some(n) = prop("hexwright:players").and_then(|v| v.parse().ok()) {
        map.players = n;
    }
    if map
        .features
        .iter()
        .all(|f| !matches!(f.kind, FeatureKind::Base { .. }))
    {
        report.push(
            Entry::Note,
            "no tile says base:N: place the bases, zones and other features in the editor (or give tiles hexwright properties)",
        );
    }
    if !t.external_tilesets.is_empty() {
        report.push(
            Entry::Dropped,
            format!(
                "the properties of external tilesets ({}): embed them in Tiled, or give a mapping file",
                t.external_tilesets.join(", ")
            ),
        );
    }
    map.meta = meta(&t, file);
    map.check_limits().map_err(|source| ImportError::Limit {
        file: file.to_owned(),
        source,
    })?;
    Ok(TiledImport { map, report })
}

fn parse_pair(s: &str) -> Option<(i32, i32)> {
    let (a, b) = s.split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// The map's area and grid region for the hexes of `cells`.
fn build(
    cells: &[(i32, i32)],
    hex: &dyn Fn((i32, i32)) -> Hex,
    orientation: Orientation,
    hex_size: f64,
) -> Result<Map, String> {
    let probe = HexLayout::new(orientation, hex_size, Point::default());
    let (mut mx, mut my) = (0.0f64, 0.0f64);
    for &xy in cells {
        let c = probe.center(hex(xy));
        (mx, my) = (mx.max(c.x.abs()), my.max(c.y.abs()));
    }
    let (w, h) = (
        (2.0 * (mx + 1.5 * hex_size)).ceil(),
        (2.0 * (my + 1.5 * hex_size)).ceil(),
    );
    let mut map = Map::new_empty("import", orientation, hex_size, w, h)?;
    let set: BTreeSet<(i32, i32)> = cells.iter().map(|&xy| hex_key(hex(xy))).collect();
    let mut parts = outline::outline(&set, &map.hex_layout())?.into_iter();
    let first = parts.next().ok_or("the map is empty")?;
    map.grid = first.outer;
    map.grid_holes = first.holes;
    map.grid_parts = parts.collect();
    Ok(map)
}

fn meta(t: &TiledMap, file: &str) -> Meta {
    let prop = |k: &str| t.properties.get(k).cloned().unwrap_or_default();
    let stem = std::path::Path::new(file)
        .file_stem()
        .map_or_else(|| file.to_owned(), |s| s.to_string_lossy().into_owned());
    let tags = prop("tags");
    Meta {
        name: t
            .properties
            .get("name")
            .cloned()
            .unwrap_or_else(|| stem.replace(['_', '-'], " ")),
        author: prop("author"),
        description: prop("description"),
        tags: if tags.is_empty() {
            vec!["tiled".to_owned(), "imported".to_owned()]
        } else {
            tags.split(',').map(|s| s.trim().to_owned()).collect()
        },
        source: t.properties.get("source").cloned().unwrap_or_else(|| {
            format!(
                "Tiled map {}",
                std::path::Path::new(file)
                    .file_name()
                    .map_or_else(|| file.to_owned(), |n| n.to_string_lossy().into_owned())
            )
        }),
        license: prop("license"),
        generated: None,
    }
}

/// The cell nearest the middle of `cells` (by their centres), the first in
/// row order among equals: hex `(0, 0)` when the map does not say.
fn nearest_middle(
    cells: &[(i32, i32)],
    orientation: Orientation,
    to_axial: &dyn Fn((i32, i32)) -> Hex,
) -> (i32, i32) {
    let probe = HexLayout::new(orientation, 1.0, Point::default());
    let pts: Vec<Point> = cells.iter().map(|&xy| probe.center(to_axial(xy))).collect();
    let n = pts.len().max(1) as f64;
    let mid = Point::new(
        pts.iter().map(|p| p.x).sum::<f64>() / n,
        pts.iter().map(|p| p.y).sum::<f64>() / n,
    );
    pts.iter()
        .zip(cells)
        .min_by(|a, b| {
            a.0.distance(mid)
                .total_cmp(&b.0.distance(mid))
                .then((a.1.1, a.1.0).cmp(&(b.1.1, b.1.0)))
        })
        .map_or((0, 0), |(_, &xy)| xy)
}

/// The features and zones of the cells on the map, in canonical order, and
/// the player count they imply.
fn place(
    map: &mut Map,
    cells: &Cells,
    on_map: &[(i32, i32)],
    hex: &dyn Fn((i32, i32)) -> Hex,
    report: &mut Report,
) {
    let mut features: Vec<Feature> = cells
        .features
        .iter()
        .filter(|(xy, _)| on_map.binary_search(xy).is_ok())
        .map(|(&xy, &kind)| Feature { hex: hex(xy), kind })
        .collect();
    features.sort_by_key(|f| hex_key(f.hex));
    if !features.is_empty() {
        report.push(Entry::Mapped, format!("{} features", features.len()));
    }
    let mut zones: BTreeMap<PlayerId, Vec<Hex>> = BTreeMap::new();
    for (&xy, &side) in &cells.zones {
        zones.entry(side).or_default().push(hex(xy));
    }
    let sides = features
        .iter()
        .filter_map(|f| f.kind.side())
        .chain(zones.keys().copied())
        .map(|s| usize::from(s.0) + 1)
        .max()
        .unwrap_or(2);
    map.players = sides.max(2) as u8;
    map.features = features;
    map.zones = zones
        .into_iter()
        .map(|(side, mut hexes)| {
            hexes.sort_by_key(|&h| hex_key(h));
            Zone { side, hexes }
        })
        .collect();
}
