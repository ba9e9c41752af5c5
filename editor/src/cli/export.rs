//! `hexwright export tiled MAP -o OUT.tmj`: a map as a Tiled map (TMJ) with
//! its tileset picture beside it (`OUT-tiles.png`), to take it on into
//! Tiled; `hexwright import tiled` reads it back to the same map.

use crate::render::{self, tileset};
use clap::{Args, Subcommand};
use hexwright_engine::format;
use hexwright_engine::import::tiled;
use hexwright_engine::layout::Orientation;
use std::io::Write;
use std::path::PathBuf;

/// What to export.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The target format.
    #[command(subcommand)]
    pub to: ExportTo,
}

/// The formats `export` writes.
#[derive(Debug, Subcommand)]
pub enum ExportTo {
    /// A Tiled map (`.tmj`), with its tileset picture.
    Tiled {
        /// The map file (`.ron`).
        map: PathBuf,
        /// The Tiled map to write (`.tmj`).
        #[arg(short, long)]
        out: PathBuf,
    },
}

/// Runs `export`; returns the exit code (0, or 2 when the map cannot be
/// read or the files cannot be written).
pub fn run(args: &ExportArgs, out: &mut dyn Write) -> u8 {
    let ExportTo::Tiled { map, out: path } = &args.to;
    let result = (|| -> anyhow::Result<String> {
        let map = format::load_map(map)?;
        let stem = path
            .file_stem()
            .map_or_else(|| "map".to_owned(), |s| s.to_string_lossy().into_owned());
        let image_name = format!("{stem}-tiles.png");
        let (tmj, report) = tiled::export(&map, &image_name)?;
        let tiles = tiled::export_tiles(map.player_count());
        let picture = tileset::image(
            &tiles,
            tmj.tilewidth as usize,
            tmj.tileheight as usize,
            map.layout.orientation == Orientation::Flat,
        );
        let image_path = path.with_file_name(&image_name);
        format::write_atomic(&image_path, &render::png(&picture)?)?;
        let text = serde_json::to_string_pretty(&tmj)?;
        format::write_atomic(path, text.as_bytes())?;
        Ok(format!(
            "{report}wrote {} and {}\n",
            path.display(),
            image_path.display()
        ))
    })();
    match result {
        Ok(text) => {
            if let Err(e) = out.write_all(text.as_bytes()) {
                eprintln!("error: {e}");
                return 2;
            }
            0
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            2
        }
    }
}
