//! Reading Tiled maps: TMX (XML) and TMJ (JSON) files, hexagonal only.
//!
//! What is read: the map's size and hex geometry (`staggeraxis`,
//! `staggerindex`, `hexsidelength`, tile size), its custom properties, each
//! embedded tileset's `firstgid` and the custom properties of its tiles, and
//! every tile layer's global tile ids (layer data in CSV, base64, base64 with
//! zlib or gzip compression, or the old `<tile gid>` list). The top four
//! bits of a global tile id are flip and rotation flags and are masked off
//! ([`GID_MASK`]). Infinite maps, zstd-compressed data and external tilesets'
//! properties are not read: the first two are errors, the last a note.

use super::ImportError;
use crate::limits;
use base64::Engine as _;
use std::collections::BTreeMap;
use std::io::Read;

/// The bits of a global tile id that name the tile (the rest are flags).
pub const GID_MASK: u32 = 0x0FFF_FFFF;

/// Most tiles a layer may hold (as many as a grid may hold hexes).
const MAX_LAYER_TILES: usize = limits::MAX_GRID_HEXES;

/// Which axis is staggered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StaggerAxis {
    /// Columns shifted: flat-topped hexes.
    X,
    /// Rows shifted: pointy-topped hexes.
    Y,
}

/// A Tiled map, as far as an import needs it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TiledMap {
    /// Tiles per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Tile width in pixels.
    pub tile_width: f64,
    /// Tile height in pixels.
    pub tile_height: f64,
    /// The hex side length in pixels (0 when not given).
    pub hex_side: f64,
    /// The staggered axis.
    pub stagger_axis: Option<StaggerAxis>,
    /// Whether the even (rather than odd) rows or columns are shifted.
    pub stagger_even: bool,
    /// The map's custom properties.
    pub properties: BTreeMap<String, String>,
    /// Custom properties of tiles, by global tile id.
    pub tile_properties: BTreeMap<u32, BTreeMap<String, String>>,
    /// External tilesets (their tiles' properties were not read).
    pub external_tilesets: Vec<String>,
    /// Tile layers, bottom first: name and global tile ids (flags masked),
    /// row by row.
    pub layers: Vec<(String, Vec<u32>)>,
}

impl TiledMap {
    /// The global tile id at `(x, y)` of layer `i` (0 for none).
    #[must_use]
    pub fn gid(&self, i: usize, x: usize, y: usize) -> u32 {
        self.layers[i]
            .1
            .get(y * self.width + x)
            .copied()
            .unwrap_or(0)
    }
}

fn file_err(file: &str, message: impl Into<String>) -> ImportError {
    ImportError::File {
        file: file.to_owned(),
        message: message.into(),
    }
}

/// Reads a TMX (XML) or TMJ (JSON) file's text: JSON when it starts with
/// `{`.
///
/// # Errors
/// When the text is not a hexagonal Tiled map this can read; the message
/// says where and why.
pub fn parse(text: &str, file: &str) -> Result<TiledMap, ImportError> {
    if text.len() as u64 > limits::MAX_FILE_BYTES {
        return Err(ImportError::TooLarge {
            file: file.to_owned(),
            size: text.len(),
        });
    }
    let map = if text.trim_start().starts_with('{') {
        parse_tmj(text, file)?
    } else {
        parse_tmx(text, file)?
    };
    if map.stagger_axis.is_none() {
        return Err(file_err(
            file,
            "not a hexagonal map (orientation=\"hexagonal\" with a staggeraxis is needed)",
        ));
    }
    // Checked: `width` and `height` can each be up to 2^64 - 1.
    let tiles = map.width.checked_mul(map.height);
    if map.width == 0 || map.height == 0 || tiles.is_none_or(|t| t > MAX_LAYER_TILES) {
        return Err(file_err(
            file,
            format!(
                "a {} x {} map; a map holds 1 to {MAX_LAYER_TILES} tiles",
                map.width, map.height
            ),
        ));
    }
    for (name, data) in &map.layers {
        if data.len() != map.width * map.height {
            return Err(file_err(
                file,
                format!(
                    "layer \"{name}\" has {} tiles, the map {} x {}",
                    data.len(),
                    map.width,
                    map.height
                ),
            ));
        }
    }
    if map.layers.is_empty() {
        return Err(file_err(file, "the map has no tile layer"));
    }
    Ok(map)
}

/// Decodes a layer's data text.
fn layer_data(
    text: &str,
    encoding: Option<&str>,
    compression: Option<&str>,
) -> Result<Vec<u32>, String> {
    match encoding {
        Some("csv") => text
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .take(MAX_LAYER_TILES + 1)
            .map(gid_of)
            .collect(),
        Some("base64") => {
            let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
            let raw = base64::engine::general_purpose::STANDARD
                .decode(clean.as_bytes())
                .map_err(|e| format!("bad base64 data: {e}"))?;
            let bytes = match compression {
                None | Some("") => raw,
                Some("zlib") => {
                    let mut d = flate2::bufread::ZlibDecoder::new(raw.as_slice());
                    let out = inflate(&mut d)?;
                    all_read(d.into_inner())?;
                    out
                }
                Some("gzip") => {
                    let mut d = flate2::bufread::GzDecoder::new(raw.as_slice());
                    let out = inflate(&mut d)?;
                    all_read(d.into_inner())?;
                    out
                }
                Some(other) => {
                    return Err(format!(
                        "{other} compression is not supported (save the map with zlib, gzip or no compression)"
                    ));
                }
            };
            if bytes.len() % 4 != 0 {
                return Err("the layer data is not a whole number of tile ids".to_owned());
            }
            Ok(bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) & GID_MASK)
                .collect())
        }
        Some(other) => Err(format!("\"{other}\" encoding is not supported")),
        None => Err("layer data without an encoding (use CSV or base64)".to_owned()),
    }
}

/// The inflated bytes of a layer, refused past the most tiles a layer holds.
fn inflate(r: impl Read) -> Result<Vec<u8>, String> {
    let limit = (MAX_LAYER_TILES as u64 + 1) * 4;
    let mut out = Vec::new();
    r.take(limit)
        .read_to_end(&mut out)
        .map_err(|e| format!("the compressed layer data cannot be inflated: {e}"))?;
    if out.len() as u64 == limit {
        return Err(format!(
            "the compressed layer data inflates to more than {MAX_LAYER_TILES} tiles"
        ));
    }
    Ok(out)
}

/// Refuses bytes left after the end of a compressed stream: they would be
/// silently dropped.
fn all_read(rest: &[u8]) -> Result<(), String> {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} bytes after the end of the compressed layer data",
            rest.len()
        ))
    }
}

/// A global tile id as written (flags and all), masked to its tile.
fn gid_of(text: &str) -> Result<u32, String> {
    text.trim()
        .parse::<u32>()
        .map(|g| g & GID_MASK)
        .map_err(|_| format!("\"{text}\" is not a tile id (0 to {})", u32::MAX))
}

// ----- TMX ------------------------------------------------------------------

/// Where the TMX reader is: what the properties it meets belong to, and the
/// layer data it is reading.
#[derive(Default)]
struct Tmx {
    map: TiledMap,
    /// Inside a tileset: its first global id.
    firstgid: Option<u32>,
    /// Inside a tileset's tile: its global id.
    tile: Option<u32>,
    /// Inside a layer's data: its encoding and compression.
    data: Option<(Option<String>, Option<String>)>,
    layer_name: String,
    gids: Vec<u32>,
    text: String,
    /// Whether `</map>` was read: a file cut short is refused.
    closed: bool,
}

impl Tmx {
    fn start(&mut self, name: &[u8], attrs: &BTreeMap<String, String>) -> Result<(), String> {
        let get = |k: &str| attrs.get(k).map(String::as_str);
        match name {
            b"map" => map_attributes(&mut self.map, attrs)?,
            b"tileset" => {
                self.firstgid = Some(firstgid(number(get("firstgid"), "firstgid")?)?);
                if let Some(source) = get("source") {
                    self.map.external_tilesets.push(source.to_owned());
                }
            }
            // `<tile/>` with no gid is an empty cell; a gid that is not one
            // is an error, not an empty cell.
            b"tile" if self.data.is_some() => {
                if self.gids.len() > MAX_LAYER_TILES {
                    return Err(format!("more than {MAX_LAYER_TILES} tiles in a layer"));
                }
                let gid = get("gid").map_or(Ok(0), gid_of)?;
                self.gids.push(gid);
            }
            b"tile" => {
                let id: u32 = number(get("id"), "id")?;
                self.tile = match self.firstgid {
                    Some(f) => Some(f.checked_add(id).ok_or_else(|| {
                        format!("tile id {id} past firstgid {f} is beyond the largest tile id")
                    })?),
                    None => None,
                };
            }
            b"property" => {
                if let Some(name) = get("name") {
                    let value = get("value").unwrap_or("").to_owned();
                    match self.tile {
                        Some(gid) => {
                            self.map
                                .tile_properties
                                .entry(gid)
                                .or_default()
                                .insert(name.to_owned(), value);
                        }
                        None if self.firstgid.is_none() && self.layer_name.is_empty() => {
                            self.map.properties.insert(name.to_owned(), value);
                        }
                        None => {}
                    }
                }
            }
            b"layer" => {
                get("name").unwrap_or("").clone_into(&mut self.layer_name);
                self.firstgid = None;
            }
            b"data" => {
                self.data = Some((
                    get("encoding").map(str::to_owned),
                    get("compression").map(str::to_owned),
                ));
                self.gids.clear();
                self.text.clear();
            }
            b"chunk" => {
                return Err(
                    "chunked (infinite) layer data; make the map a fixed size in Tiled".to_owned(),
                );
            }
            _ => {}
        }
        Ok(())
    }

    fn end(&mut self, name: &[u8]) -> Result<(), String> {
        match name {
            b"data" => {
                let (encoding, compression) = self.data.take().unwrap_or_default();
                let tiles = if encoding.is_none() {
                    std::mem::take(&mut self.gids)
                } else {
                    layer_data(&self.text, encoding.as_deref(), compression.as_deref())
                        .map_err(|m| format!("layer \"{}\": {m}", self.layer_name))?
                };
                self.map.layers.push((self.layer_name.clone(), tiles));
            }
            b"tile" => self.tile = None,
            b"tileset" => (self.firstgid, self.tile) = (None, None),
            b"map" => self.closed = true,
            b"layer" => self.layer_name.clear(),
            _ => {}
        }
        Ok(())
    }
}

fn parse_tmx(text: &str, file: &str) -> Result<TiledMap, ImportError> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(text);
    let line_of = |pos: u64| text[..(pos as usize).min(text.len())].matches('\n').count() + 1;
    let at = |pos: u64, message: String| ImportError::At {
        file: file.to_owned(),
        line: line_of(pos),
        message,
    };
    let mut tmx = Tmx::default();
    loop {
        let pos = reader.buffer_position();
        let event = reader
            .read_event()
            .map_err(|e| at(pos, format!("not well-formed XML: {e}")))?;
        match event {
            Event::Start(e) => {
                let attrs = attributes(&e).map_err(|m| at(pos, m))?;
                tmx.start(e.name().as_ref(), &attrs)
                    .map_err(|m| at(pos, m))?;
            }
            // An empty element ends where it starts.
            Event::Empty(e) => {
                let attrs = attributes(&e).map_err(|m| at(pos, m))?;
                let name = e.name();
                tmx.start(name.as_ref(), &attrs).map_err(|m| at(pos, m))?;
                tmx.end(name.as_ref()).map_err(|m| at(pos, m))?;
            }
            Event::Text(t) if tmx.data.is_some() => {
                let s = t.decode().map_err(|e| at(pos, format!("bad text: {e}")))?;
                if tmx.text.len() + s.len() > limits::MAX_FILE_BYTES as usize {
                    return Err(at(pos, "layer data too large".to_owned()));
                }
                tmx.text.push_str(&s);
            }
            Event::End(e) => tmx.end(e.name().as_ref()).map_err(|m| at(pos, m))?,
            Event::Eof => break,
            _ => {}
        }
    }
    if !tmx.closed {
        return Err(file_err(
            file,
            "the file ends before </map>: it is cut short",
        ));
    }
    Ok(tmx.map)
}

/// The `<map>` element's size, tile size and stagger.
fn map_attributes(map: &mut TiledMap, attrs: &BTreeMap<String, String>) -> Result<(), String> {
    let get = |k: &str| attrs.get(k).map(String::as_str);
    if get("orientation") != Some("hexagonal") {
        return Err(format!(
            "orientation is \"{}\"; only hexagonal maps are read",
            get("orientation").unwrap_or("")
        ));
    }
    if get("infinite") == Some("1") {
        return Err(
            "an infinite map; make it a fixed size in Tiled (Map > Map Properties)".to_owned(),
        );
    }
    map.width = number(get("width"), "width")?;
    map.height = number(get("height"), "height")?;
    map.tile_width = number(get("tilewidth"), "tilewidth")?;
    map.tile_height = number(get("tileheight"), "tileheight")?;
    map.hex_side = get("hexsidelength")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    map.stagger_axis = stagger_axis(get("staggeraxis"));
    map.stagger_even = get("staggerindex") == Some("even");
    Ok(())
}

fn stagger_axis(v: Option<&str>) -> Option<StaggerAxis> {
    match v {
        Some("x") => Some(StaggerAxis::X),
        Some("y") => Some(StaggerAxis::Y),
        _ => None,
    }
}

fn attributes(e: &quick_xml::events::BytesStart<'_>) -> Result<BTreeMap<String, String>, String> {
    let mut out = BTreeMap::new();
    for a in e.attributes() {
        let a = a.map_err(|e| format!("bad attribute: {e}"))?;
        let key = String::from_utf8_lossy(a.key.as_ref()).into_owned();
        let value = a
            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
            .map_err(|e| format!("bad attribute value: {e}"))?
            .into_owned();
        out.insert(key, value);
    }
    Ok(out)
}

/// A tileset's first global id: 1 or more (0 is the empty cell).
fn firstgid(first: u32) -> Result<u32, String> {
    if first == 0 {
        Err("firstgid=\"0\": a tileset's first tile id is 1 or more".to_owned())
    } else {
        Ok(first)
    }
}

fn number<T: std::str::FromStr>(v: Option<&str>, what: &str) -> Result<T, String> {
    let v = v.ok_or_else(|| format!("{what} is missing"))?;
    v.parse()
        .map_err(|_| format!("{what}=\"{v}\" is not a number"))
}

// ----- TMJ ------------------------------------------------------------------

fn parse_tmj(text: &str, file: &str) -> Result<TiledMap, ImportError> {
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| ImportError::At {
        file: file.to_owned(),
        line: e.line(),
        message: format!("not valid JSON: {e}"),
    })?;
    let err = |m: String| file_err(file, m);
    let s = |o: &serde_json::Value, k: &str| {
        o.get(k)
            .and_then(serde_json::Value::as_str)
            .map(str::to_owned)
    };
    let n = |o: &serde_json::Value, k: &str| o.get(k).and_then(serde_json::Value::as_f64);
    if s(&v, "orientation").as_deref() != Some("hexagonal") {
        return Err(err(format!(
            "orientation is \"{}\"; only hexagonal maps are read",
            s(&v, "orientation").unwrap_or_default()
        )));
    }
    if v.get("infinite").and_then(serde_json::Value::as_bool) == Some(true) {
        return Err(err(
            "an infinite map; make it a fixed size in Tiled".to_owned()
        ));
    }
    let size = |k: &str| -> Result<usize, ImportError> {
        n(&v, k)
            .filter(|x| *x >= 0.0 && x.fract() == 0.0)
            .map(|x| x as usize)
            .ok_or_else(|| err(format!("\"{k}\" is missing or not a whole number")))
    };
    let mut map = TiledMap {
        width: size("width")?,
        height: size("height")?,
        tile_width: n(&v, "tilewidth").unwrap_or(0.0),
        tile_height: n(&v, "tileheight").unwrap_or(0.0),
        hex_side: n(&v, "hexsidelength").unwrap_or(0.0),
        stagger_axis: stagger_axis(s(&v, "staggeraxis").as_deref()),
        stagger_even: s(&v, "staggerindex").as_deref() == Some("even"),
        ..TiledMap::default()
    };
    map.properties = json_properties(v.get("properties"));
    read_tilesets(&v, &mut map, &err)?;
    for layer in array(&v, "layers") {
        if s(layer, "type").as_deref() != Some("tilelayer") {
            continue;
        }
        let name = s(layer, "name").unwrap_or_default();
        if layer.get("chunks").is_some() {
            return Err(err(format!(
                "layer \"{name}\" is chunked (infinite); make the map a fixed size"
            )));
        }
        let data = match layer.get("data") {
            Some(serde_json::Value::Array(a)) => a
                .iter()
                .take(MAX_LAYER_TILES + 1)
                .map(|g| {
                    g.as_u64()
                        .and_then(|g| u32::try_from(g).ok())
                        .map(|g| g & GID_MASK)
                        .ok_or_else(|| {
                            err(format!(
                                "layer \"{name}\": the tile id {g} is not one (0 to {})",
                                u32::MAX
                            ))
                        })
                })
                .collect::<Result<Vec<u32>, _>>()?,
            Some(serde_json::Value::String(t)) => layer_data(
                t,
                s(layer, "encoding").as_deref(),
                s(layer, "compression").as_deref(),
            )
            .map_err(|m| err(format!("layer \"{name}\": {m}")))?,
            _ => return Err(err(format!("layer \"{name}\" has no data"))),
        };
        map.layers.push((name, data));
    }
    Ok(map)
}

/// The embedded tilesets' tile properties (by global tile id) and the
/// external tilesets' names.
fn read_tilesets(
    v: &serde_json::Value,
    map: &mut TiledMap,
    err: &dyn Fn(String) -> ImportError,
) -> Result<(), ImportError> {
    let s = |o: &serde_json::Value, k: &str| {
        o.get(k)
            .and_then(serde_json::Value::as_str)
            .map(str::to_owned)
    };
    // A whole number from 0 to u32::MAX, or an error naming it.
    let id_of = |o: &serde_json::Value, k: &str, default: u32| -> Result<u32, ImportError> {
        match o.get(k) {
            None => Ok(default),
            Some(x) => x
                .as_u64()
                .and_then(|x| u32::try_from(x).ok())
                .ok_or_else(|| err(format!("\"{k}\": {x} is not a tile id (0 to {})", u32::MAX))),
        }
    };
    for ts in array(v, "tilesets") {
        let first = firstgid(id_of(ts, "firstgid", 1)?).map_err(err)?;
        if let Some(src) = s(ts, "source") {
            map.external_tilesets.push(src);
        }
        for t in array(ts, "tiles") {
            let id = id_of(t, "id", 0)?;
            let gid = first.checked_add(id).ok_or_else(|| {
                err(format!(
                    "tile id {id} past firstgid {first} is beyond the largest tile id"
                ))
            })?;
            let props = json_properties(t.get("properties"));
            if !props.is_empty() {
                map.tile_properties.insert(gid, props);
            }
        }
    }
    Ok(())
}

/// The elements of the array `key` of `v` (none when it is not one).
fn array<'a>(v: &'a serde_json::Value, key: &str) -> impl Iterator<Item = &'a serde_json::Value> {
    v.get(key)
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
}

fn json_properties(v: Option<&serde_json::Value>) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for p in v
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
    {
        if let Some(name) = p.get("name").and_then(serde_json::Value::as_str) {
            let value = match p.get("value") {
                Some(serde_json::Value::String(s)) => s.clone(),
                Some(other) => other.to_string(),
                None => String::new(),
            };
            out.insert(name.to_owned(), value);
        }
    }
    out
}
