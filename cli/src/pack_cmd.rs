//! `hexwright pack zip DIR -o PACK.zip`: a map pack folder as one zip file
//! to share, after checking that it has no error.

use clap::{Args, Subcommand};
use hexwright_engine::pack_zip;
use std::io::Write;
use std::path::PathBuf;

/// `pack`.
#[derive(Debug, Args)]
pub struct PackArgs {
    /// What to do with the pack.
    #[command(subcommand)]
    pub action: PackAction,
}

/// What `pack` does.
#[derive(Debug, Subcommand)]
pub enum PackAction {
    /// Zip a pack folder: its manifest and exactly the files it lists
    /// (maps, scenarios, roster, previews). The pack is validated first; a
    /// pack with errors is not zipped (exit 1).
    Zip {
        /// The pack folder (with its `pack.ron`).
        dir: PathBuf,
        /// The zip file to write.
        #[arg(short, long)]
        out: PathBuf,
    },
}

/// Runs `pack`; returns the exit code: 0 written, 1 the pack has errors,
/// 2 it cannot be read or the zip cannot be written.
pub fn run(args: &PackArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    match &args.action {
        PackAction::Zip { dir, out: zip } => match pack_zip::write_zip(dir, zip) {
            Ok(()) => match writeln!(out, "wrote {}", zip.display()) {
                Ok(()) => 0,
                Err(e) => {
                    let _ = writeln!(err, "error: cannot write the report: {e}");
                    2
                }
            },
            Err(e @ pack_zip::ZipError::Invalid { .. }) => {
                let _ = writeln!(err, "error: {e}");
                1
            }
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                2
            }
        },
    }
}
