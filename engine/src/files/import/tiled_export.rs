//! Writing a map as a Tiled map (TMJ): three tile layers — `terrain`,
//! `features`, `zones` — over one embedded tileset whose tiles carry the
//! `hexwright` property, and the map's metadata, player count, hex size and
//! the cell of hex `(0, 0)` as map properties, so that
//! [`super::tiled::import`] reads the export back to the same map.

use super::tiled::{TILE_PROPERTY, TileMeaning, offset};
use super::tiled_read::StaggerAxis;
use super::{Entry, Report};
use crate::coverage::Coverage;
use crate::hex_paint::whole_hex_kind;
use crate::layout::Orientation;
use crate::map::{FeatureKind, Map, TerrainKind};
use crate::player::PlayerId;
use hexx::Hex;
use serde::Serialize;

/// The tiles of an exported map's tileset, in id order.
#[must_use]
pub fn export_tiles(players: usize) -> Vec<TileMeaning> {
    let mut tiles = vec![TileMeaning::Open];
    tiles.extend(TerrainKind::ALL.map(TileMeaning::Terrain));
    tiles.extend(
        [
            FeatureKind::Bush,
            FeatureKind::Outpost,
            FeatureKind::Objective,
        ]
        .map(TileMeaning::Feature),
    );
    for side in PlayerId::all(players.clamp(2, crate::player::MAX_PLAYERS)) {
        tiles.push(TileMeaning::Feature(FeatureKind::Base { side }));
        tiles.push(TileMeaning::Feature(FeatureKind::Barracks { side }));
        tiles.push(TileMeaning::Zone(side));
    }
    tiles
}

/// A TMJ map, as written.
#[derive(Clone, Debug, Serialize)]
#[allow(missing_docs)]
pub struct Tmj {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub version: &'static str,
    pub orientation: &'static str,
    pub renderorder: &'static str,
    pub width: usize,
    pub height: usize,
    pub tilewidth: u32,
    pub tileheight: u32,
    pub hexsidelength: u32,
    pub staggeraxis: &'static str,
    pub staggerindex: &'static str,
    pub infinite: bool,
    pub nextlayerid: u32,
    pub nextobjectid: u32,
    pub properties: Vec<TmjProperty>,
    pub tilesets: Vec<TmjTileset>,
    pub layers: Vec<TmjLayer>,
}

/// A custom property.
#[derive(Clone, Debug, Serialize)]
#[allow(missing_docs)]
pub struct TmjProperty {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub value: String,
}

/// The embedded tileset.
#[derive(Clone, Debug, Serialize)]
#[allow(missing_docs)]
pub struct TmjTileset {
    pub firstgid: u32,
    pub name: &'static str,
    pub tilewidth: u32,
    pub tileheight: u32,
    pub tilecount: usize,
    pub columns: usize,
    pub image: String,
    pub imagewidth: u32,
    pub imageheight: u32,
    pub tiles: Vec<TmjTile>,
}

/// A tile with its meaning.
#[derive(Clone, Debug, Serialize)]
#[allow(missing_docs)]
pub struct TmjTile {
    pub id: usize,
    pub properties: Vec<TmjProperty>,
}

/// A tile layer.
#[derive(Clone, Debug, Serialize)]
#[allow(missing_docs)]
pub struct TmjLayer {
    pub id: u32,
    pub name: &'static str,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub width: usize,
    pub height: usize,
    pub x: i32,
    pub y: i32,
    pub opacity: f64,
    pub visible: bool,
    pub data: Vec<u32>,
}

/// Columns of the exported tileset's image.
pub const TILESET_COLUMNS: usize = 5;

fn string_prop(name: &str, value: String) -> TmjProperty {
    TmjProperty {
        name: name.to_owned(),
        kind: "string",
        value,
    }
}

/// `map` as a Tiled map whose tileset image is `image` (see the module
/// docs), and what the export could not carry exactly.
///
/// # Errors
/// When the map's usable hexes cannot be computed.
pub fn export(map: &Map, image: &str) -> Result<(Tmj, Report), crate::map::LimitError> {
    let coverage = Coverage::new(map)?;
    let mut report = Report::default();
    let s = map.layout.hex_size.get();
    let (axis, tw, th) = match map.layout.orientation {
        Orientation::Flat => (StaggerAxis::X, 2.0 * s, 3f64.sqrt() * s),
        Orientation::Pointy => (StaggerAxis::Y, 3f64.sqrt() * s, 2.0 * s),
    };
    let (tw, th) = (tw.round().max(1.0) as u32, th.round().max(1.0) as u32);
    let cells: Vec<(Hex, (i32, i32))> = coverage
        .hexes()
        .iter()
        .map(|&h| (h, offset(axis, h)))
        .collect();
    let x0 = cells.iter().map(|c| c.1.0).min().unwrap_or(0);
    let y0 = cells.iter().map(|c| c.1.1).min().unwrap_or(0);
    // Keep the stagger parity: shift by an even number of columns (rows).
    let (x0, y0) = match axis {
        StaggerAxis::X => (x0 - x0.rem_euclid(2), y0),
        StaggerAxis::Y => (x0, y0 - y0.rem_euclid(2)),
    };
    let width = cells.iter().map(|c| c.1.0 - x0 + 1).max().unwrap_or(1) as usize;
    let height = cells.iter().map(|c| c.1.1 - y0 + 1).max().unwrap_or(1) as usize;
    let tiles = export_tiles(map.player_count());
    let gid = |m: TileMeaning| {
        tiles
            .iter()
            .position(|&t| t == m)
            .map_or(0, |i| i as u32 + 1)
    };
    let mut layers = [
        vec![0u32; width * height],
        vec![0u32; width * height],
        vec![0u32; width * height],
    ];
    let index = |h: Hex| {
        let (x, y) = offset(axis, h);
        (y - y0) as usize * width + (x - x0) as usize
    };
    let (mut approximated, mut cut) = (0, 0);
    for &(h, _) in &cells {
        match terrain_tile(map, &coverage, h) {
            (Some(meaning), guessed) => {
                approximated += usize::from(guessed);
                layers[0][index(h)] = gid(meaning);
            }
            (None, _) => cut += 1,
        }
    }
    terrain_report(&mut report, approximated, cut);
    for f in &map.features {
        if coverage.in_grid(f.hex) {
            layers[1][index(f.hex)] = gid(TileMeaning::Feature(f.kind));
        }
    }
    for z in &map.zones {
        for &h in &z.hexes {
            if coverage.in_grid(h) {
                layers[2][index(h)] = gid(TileMeaning::Zone(z.side));
            }
        }
    }
    let origin = (-x0, -y0);
    let properties = properties(map, origin);
    let [terrain, features, zones] = layers;
    let layer = |id, name, data| tile_layer(id, name, width, height, data);
    let tmj = Tmj {
        kind: "map",
        version: "1.10",
        orientation: "hexagonal",
        renderorder: "right-down",
        width,
        height,
        tilewidth: tw,
        tileheight: th,
        hexsidelength: s.round().max(1.0) as u32,
        staggeraxis: match axis {
            StaggerAxis::X => "x",
            StaggerAxis::Y => "y",
        },
        staggerindex: "odd",
        infinite: false,
        nextlayerid: 4,
        nextobjectid: 1,
        properties,
        tilesets: vec![tileset(&tiles, tw, th, image)],
        layers: vec![
            layer(1, "terrain", terrain),
            layer(2, "features", features),
            layer(3, "zones", zones),
        ],
    };
    Ok((tmj, report))
}

/// The kind of the last terrain piece whose outline holds the centre of
/// `h`.
/// What the terrain layer could not write as it is: hexes a piece's shape
/// makes unusable (written as whole hexes of its kind) and hexes the
/// grid's edge cuts (left off the map).
fn terrain_report(report: &mut Report, approximated: usize, cut: usize) {
    if approximated > 0 {
        report.push(
            Entry::Guessed,
            format!("{approximated} hexes made unusable by polygons, circles or strokes -> whole-hex terrain of the piece there"),
        );
    }
    if cut > 0 {
        report.push(
            Entry::Dropped,
            format!("{cut} hexes the grid's edge cuts (under half inside, so unusable) -> left off the Tiled map"),
        );
    }
}

/// The terrain tile of grid hex `h`, and whether it stands for a piece's
/// shape rather than a whole hex: open when usable, whole-hex terrain,
/// else the kind of the piece over it; `None` for a hex unusable only
/// because the grid's edge cuts it, which is left off the Tiled map (no
/// cell) rather than written as a rock that was never there.
fn terrain_tile(map: &Map, coverage: &Coverage, h: Hex) -> (Option<TileMeaning>, bool) {
    if coverage.is_usable(h) {
        (Some(TileMeaning::Open), false)
    } else if let Some(kind) = whole_hex_kind(map, h) {
        (Some(TileMeaning::Terrain(kind)), false)
    } else if let Some(kind) = piece_kind_at(map, h) {
        (Some(TileMeaning::Terrain(kind)), true)
    } else {
        (None, false)
    }
}

fn piece_kind_at(map: &Map, h: Hex) -> Option<TerrainKind> {
    let layout = map.hex_layout();
    let c = layout.center(h);
    map.terrain
        .iter()
        .rev()
        .filter(|p| !p.shape.is_eraser())
        .find(|p| {
            crate::shape::prepare_shape(&p.shape, &layout)
                .rings
                .iter()
                .any(|r| crate::geom::point_in_ring(c, &r.points))
        })
        .map(|p| p.kind)
}

/// The map's metadata, player count, hex size and the cell of hex `(0, 0)`.
fn properties(map: &Map, origin: (i32, i32)) -> Vec<TmjProperty> {
    let m = &map.meta;
    vec![
        string_prop("name", m.name.clone()),
        string_prop("author", m.author.clone()),
        string_prop("description", m.description.clone()),
        string_prop("tags", m.tags.join(",")),
        string_prop("source", m.source.clone()),
        string_prop("license", m.license.clone()),
        string_prop("hexwright:players", map.players.to_string()),
        string_prop("hexwright:hex_size", map.layout.hex_size.get().to_string()),
        string_prop("hexwright:origin", format!("{},{}", origin.0, origin.1)),
    ]
}

/// A tile layer; zones are drawn see-through over the terrain.
fn tile_layer(
    id: u32,
    name: &'static str,
    width: usize,
    height: usize,
    data: Vec<u32>,
) -> TmjLayer {
    TmjLayer {
        id,
        name,
        kind: "tilelayer",
        width,
        height,
        x: 0,
        y: 0,
        opacity: if name == "zones" { 0.5 } else { 1.0 },
        visible: true,
        data,
    }
}

/// The embedded tileset of `tiles`, its picture `image`.
fn tileset(tiles: &[TileMeaning], tw: u32, th: u32, image: &str) -> TmjTileset {
    let rows = tiles.len().div_ceil(TILESET_COLUMNS);
    TmjTileset {
        firstgid: 1,
        name: "hexwright",
        tilewidth: tw,
        tileheight: th,
        tilecount: tiles.len(),
        columns: TILESET_COLUMNS,
        image: image.to_owned(),
        imagewidth: tw * TILESET_COLUMNS as u32,
        imageheight: th * rows as u32,
        tiles: tiles
            .iter()
            .enumerate()
            .map(|(id, t)| TmjTile {
                id,
                properties: vec![string_prop(TILE_PROPERTY, t.text())],
            })
            .collect(),
    }
}
