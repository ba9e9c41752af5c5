//! The command line: argument definitions and dispatch.
//!
//! Exit codes follow one convention across subcommands: `0` success, `1` the
//! input was read but has errors (e.g. validation errors), `2` a file could
//! not be read or parsed, or the arguments were wrong.

mod info;
mod validate;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Hexwright: map and scenario editor for a two-player hex skirmish game.
///
/// With no subcommand, opens the editor on the bundled default map.
#[derive(Debug, Parser)]
#[command(name = "hexwright", version, about, long_about = None)]
pub struct Args {
    /// What to do; omit to open the editor.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the editor on a map file (or on the bundled default map).
    Edit {
        /// A map file (`.ron`).
        file: Option<PathBuf>,
    },
    /// Validate map files and map pack folders.
    ///
    /// Prints one finding per line: `SEVERITY RULE-ID FILE[:q,r] message`.
    /// Exits 0 when there is no error, 1 when there is any error, 2 when a
    /// file cannot be read or parsed.
    Validate {
        /// Map files (`.ron`), pack folders, or pack manifests (`pack.ron`).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print a JSON array of `{severity, rule, file, hex, message}` instead.
        #[arg(long)]
        json: bool,
    },
    /// Summarise a map: layout, hex counts, features, zones.
    Info {
        /// A map file (`.ron`).
        map: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Also list every grid hex with its free fraction and whether it is usable.
        #[arg(long)]
        hexes: bool,
    },
}

/// Runs the parsed command line and returns the process exit code.
#[must_use]
pub fn run(args: Args) -> ExitCode {
    let code = match args.command {
        None => open_editor(None),
        Some(Command::Edit { file }) => open_editor(file),
        Some(Command::Validate { paths, json }) => {
            validate::run(&paths, json, &mut std::io::stdout().lock())
        }
        Some(Command::Info { map, json, hexes }) => {
            info::run(&map, json, hexes, &mut std::io::stdout().lock())
        }
    };
    ExitCode::from(code)
}

fn open_editor(file: Option<PathBuf>) -> u8 {
    match crate::app::run(file) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e:#}");
            2
        }
    }
}

pub use info::run as info;
pub use validate::run as validate;
