//! A map written as Tiled files: the Tiled map (TMJ) and its tileset
//! picture beside it (`NAME-tiles.png`), for `hexwright export tiled` and
//! the editor's *Export to Tiled…*; `import tiled` (or File → Import) reads
//! the map back.

use super::tileset;
use hexwright_engine::format;
use hexwright_engine::import::{Report, tiled};
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::Map;
use std::path::{Path, PathBuf};

/// What was written: the export's report and the tileset picture's path.
#[derive(Debug)]
pub struct Written {
    /// What was carried over, and how.
    pub report: Report,
    /// The tileset picture written beside the map.
    pub tileset: PathBuf,
}

/// Writes `map` as a Tiled map to `path` (`.tmj`) and its tileset picture
/// beside it, each atomically.
///
/// # Errors
/// The map cannot be exported (over the size limits), or a file cannot be
/// written.
pub fn write(map: &Map, path: &Path) -> anyhow::Result<Written> {
    let stem = path
        .file_stem()
        .map_or_else(|| "map".to_owned(), |s| s.to_string_lossy().into_owned());
    let image_name = format!("{stem}-tiles.png");
    let (tmj, report) = tiled::export(map, &image_name)?;
    let tiles = tiled::export_tiles(map.player_count());
    let picture = tileset::image(
        &tiles,
        tmj.tilewidth as usize,
        tmj.tileheight as usize,
        map.layout.orientation == Orientation::Flat,
    );
    let image_path = path.with_file_name(&image_name);
    format::write_atomic(&image_path, &picture.png()?)?;
    let text = serde_json::to_string_pretty(&tmj)?;
    format::write_atomic(path, text.as_bytes())?;
    Ok(Written {
        report,
        tileset: image_path,
    })
}
