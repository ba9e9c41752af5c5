//! The command line: argument definitions and dispatch.
//!
//! Exit codes follow one convention across subcommands: `0` success, `1` the
//! input was read but has errors (e.g. validation errors), `2` a file could
//! not be read or parsed, or the arguments were wrong.

mod decide;
mod export;
mod import;
mod info;
mod merge;
mod pack_cmd;
mod render;
mod replay;
mod rotation;
mod rules;
mod simulate;
mod validate;

use anyhow::Context;
use clap::{Parser, Subcommand};
use hexwright_engine::format;
use hexwright_engine::pack::{self, MANIFEST_FILE};
use hexwright_engine::rules::Roster;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub use replay::ReplayArgs;
pub use rules::RulesArgs;
pub use simulate::SimulateArgs;

/// Hexwright: map and scenario editor for a hex skirmish game for two to four players.
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
        /// Map files (`.ron`), pack folders, pack manifests (`pack.ron`),
        /// zipped packs (`.zip`) or folders of maps.
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
    /// Play matches between bots, seats swapped or rotated, and summarise
    /// them.
    ///
    /// Prints matches, wins per seat and per bot with 95% Wilson intervals
    /// over independent games, draws, match length (and points in
    /// phase-rules-v1) and speed. Exits 2 on bad input (unknown bot or
    /// ruleset, wrong number of bots, invalid map, out-of-range numbers).
    Simulate(SimulateArgs),
    /// Re-run a replay file and check every state hash it holds.
    ///
    /// Exits 0 when it re-runs and every hash matches, 1 on a mismatch or an
    /// illegal command, 2 when the file cannot be read or parsed.
    Replay(ReplayArgs),
    /// Print the ruleset's constants and the roster's races and units.
    Rules(RulesArgs),
    /// Turn a map made elsewhere (Battle for Wesnoth, Tiled) into a map file.
    ///
    /// Prints what was mapped, dropped and guessed, then the new map's
    /// validation findings. Exits 0 when the map is written with no
    /// validation error, 1 when it is written with errors to fix, 2 when
    /// nothing could be imported or written.
    Import(import::ImportArgs),
    /// Draw a map to a PNG or SVG picture, headless (no window or GPU).
    ///
    /// The picture is the canvas's look with a legend. Exits 2 when the map
    /// cannot be read or the picture cannot be drawn or written.
    Render(render::RenderArgs),
    /// Work with map packs: `pack zip DIR -o PACK.zip` shares a pack as one
    /// file (which `validate` and `simulate` read directly).
    Pack(pack_cmd::PackArgs),
    /// Write a map in another program's format: `export tiled MAP -o
    /// OUT.tmj` (with its tileset picture), which `import tiled` reads back.
    Export(export::ExportArgs),
    /// Merge the shard files of a batch played in slices
    /// (`simulate --shard K/N --out FILE`) and print its report as
    /// `simulate` prints it for the whole batch.
    ///
    /// Refuses files of different batches, a missing shard and a doubled
    /// one (exit 2).
    Merge(merge::MergeArgs),
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
        Some(Command::Simulate(a)) => simulate::run(&a, &mut std::io::stdout().lock()),
        Some(Command::Replay(a)) => replay::run(&a, &mut std::io::stdout().lock()),
        Some(Command::Rules(a)) => rules::run(&a, &mut std::io::stdout().lock()),
        Some(Command::Import(a)) => import::run(&a, &mut std::io::stdout().lock()),
        Some(Command::Render(a)) => render::run(&a),
        Some(Command::Pack(a)) => pack_cmd::run(&a),
        Some(Command::Export(a)) => export::run(&a, &mut std::io::stdout().lock()),
        Some(Command::Merge(a)) => merge::run(&a, &mut std::io::stdout().lock()),
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

/// The roster to play with: the file `explicit` when given; otherwise the
/// roster named by the `pack.ron` beside `near` (a map or scenario in a map
/// pack), if it names one; otherwise the bundled roster.
pub fn roster(explicit: Option<&Path>, near: Option<&Path>) -> anyhow::Result<Roster> {
    let load = |path: &Path| -> anyhow::Result<Roster> {
        let text = format::read_text(path)?;
        Ok(Roster::parse(&text, &path.display().to_string())?)
    };
    if let Some(path) = explicit {
        return load(path);
    }
    let Some(dir) = near.and_then(Path::parent) else {
        return Ok(Roster::bundled());
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let manifest = dir.join(MANIFEST_FILE);
    if !manifest.is_file() {
        return Ok(Roster::bundled());
    }
    let shown = manifest.display().to_string();
    let probe = pack::Manifest::parse(&format::read_text(&manifest)?, &shown)?;
    match probe.roster {
        None => Ok(Roster::bundled()),
        Some(name) => pack::load_pack_roster(dir, &name, &shown)
            .with_context(|| format!("{shown} names the roster \"{name}\"")),
    }
}

pub use info::run as info;
pub use validate::run as validate;
