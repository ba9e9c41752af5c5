//! Importing maps made elsewhere, from files: what `hexwright import` and
//! the editor's File → Import share. The engine builds the map
//! ([`hexwright_engine::import`]); this reads the files it needs, with the
//! same size limits as map files.

use anyhow::Context;
use hexwright_engine::format;
use hexwright_engine::import::wesnoth::{self, Imported, WesnothOptions};
use hexwright_engine::import::wesnoth_scenario;
use hexwright_engine::import::wesnoth_terrain::TerrainTable;
use std::path::{Path, PathBuf};

/// The choices of a Wesnoth import, as a person makes them.
#[derive(Clone, Debug, PartialEq)]
pub struct WesnothChoices {
    /// The `.map` file.
    pub map: PathBuf,
    /// The scenario `.cfg` that uses it, if any.
    pub scenario: Option<PathBuf>,
    /// Wesnoth's `terrain.cfg`, if any.
    pub terrain: Option<PathBuf>,
    /// Villages that become Energy objectives.
    pub objectives: usize,
    /// Villages that become Outposts.
    pub outposts: usize,
    /// Barracks per side.
    pub barracks: usize,
    /// Hex size of the new map; `None`: the file's own (a Tiled map's
    /// tile size), or the importer's default for a Wesnoth map, which has
    /// none.
    pub hex_size: Option<f64>,
}

impl WesnothChoices {
    /// The defaults for `map`.
    #[must_use]
    pub fn new(map: PathBuf) -> Self {
        let d = WesnothOptions::default();
        Self {
            map,
            scenario: None,
            terrain: None,
            objectives: d.objectives,
            outposts: d.outposts,
            barracks: d.barracks,
            hex_size: None,
        }
    }
}

/// Reads the files `choices` names and imports the map.
///
/// # Errors
/// When a file cannot be read, or the map, scenario or terrain table
/// cannot be used; the message names the file and, where it can, the line.
pub fn wesnoth(choices: &WesnothChoices) -> anyhow::Result<Imported> {
    let read = |p: &Path| format::read_text(p).map_err(anyhow::Error::from);
    let text = read(&choices.map)?;
    let scenario = match &choices.scenario {
        Some(p) => Some(
            wesnoth_scenario::sides(&read(p)?)
                .map_err(anyhow::Error::msg)
                .with_context(|| format!("{}: not a usable scenario", p.display()))?,
        ),
        None => None,
    };
    let table = match &choices.terrain {
        Some(p) => Some(
            TerrainTable::parse_cfg(&read(p)?)
                .map_err(anyhow::Error::msg)
                .with_context(|| format!("{}", p.display()))?,
        ),
        None => None,
    };
    let file = choices.map.file_name().map_or_else(
        || choices.map.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let opts = WesnothOptions {
        name: None,
        file,
        hex_size: choices
            .hex_size
            .unwrap_or(WesnothOptions::default().hex_size),
        objectives: choices.objectives,
        outposts: choices.outposts,
        barracks: choices.barracks,
        table,
        scenario,
    };
    Ok(wesnoth::import(&text, &opts)?)
}

/// Imports the map `choices` names, by its extension: a Tiled map for
/// `.tmx` and `.tmj` (with `choices.terrain` as its tile mapping), else a
/// Battle for Wesnoth map. Returns the map and the report.
///
/// # Errors
/// As [`wesnoth`] and [`tiled`].
pub fn any(
    choices: &WesnothChoices,
) -> anyhow::Result<(hexwright_engine::map::Map, hexwright_engine::import::Report)> {
    let ext = choices
        .map
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    if matches!(ext.as_deref(), Some("tmx" | "tmj" | "json")) {
        let t = tiled(&choices.map, choices.terrain.as_deref(), choices.hex_size)?;
        Ok((t.map, t.report))
    } else {
        let w = wesnoth(choices)?;
        Ok((w.map, w.report))
    }
}

/// Reads a Tiled map (`.tmx` or `.tmj`) and, if given, a mapping file, and
/// imports the map.
///
/// # Errors
/// When a file cannot be read, or the map or mapping cannot be used.
pub fn tiled(
    path: &Path,
    mapping: Option<&Path>,
    hex_size: Option<f64>,
) -> anyhow::Result<hexwright_engine::import::tiled::TiledImport> {
    use hexwright_engine::import::tiled::{self, TileMapping, TiledOptions};
    let text = format::read_text(path)?;
    let mapping = match mapping {
        Some(p) => Some(format::parse_ron::<TileMapping>(
            &format::read_text(p)?,
            &p.display().to_string(),
        )?),
        None => None,
    };
    let opts = TiledOptions {
        file: path.display().to_string(),
        hex_size,
        mapping,
    };
    Ok(tiled::import(&text, &opts)?)
}
