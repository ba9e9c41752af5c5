//! `hexwright export tiled MAP -o OUT.tmj`: a map as a Tiled map (TMJ) with
//! its tileset picture beside it (`OUT-tiles.png`), to take it on into
//! Tiled; `hexwright import tiled` reads it back to the same map.

use clap::{Args, Subcommand};
use hexwright_engine::format;
use hexwright_headless::render;
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
pub fn run(args: &ExportArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let ExportTo::Tiled { map, out: path } = &args.to;
    let result = (|| -> anyhow::Result<String> {
        format::check_output_for(path, &[map.as_path()]).map_err(|e| {
            anyhow::anyhow!("{}: cannot write the Tiled map there: {e}", path.display())
        })?;
        let map = format::load_map(map)?;
        let written = render::tiled::write(&map, path)?;
        Ok(format!(
            "{}wrote {} and {}\n",
            written.report,
            path.display(),
            written.tileset.display()
        ))
    })();
    match result {
        Ok(text) => {
            if let Err(e) = out.write_all(text.as_bytes()) {
                let _ = writeln!(err, "error: {e}");
                return 2;
            }
            0
        }
        Err(e) => {
            super::report_error(err, &e);
            2
        }
    }
}
