//! # hexwright-cli
//!
//! The `hexwright` command line: argument definitions and dispatch of every
//! subcommand but `edit`, which the binary hands to the editor when it is
//! built with one ([`Args::editor_request`]). This crate has no GUI
//! dependency and never sees the editor's code: a headless build
//! (`cargo install --path . --no-default-features`) is this crate alone.
//!
//! Exit codes follow one convention across subcommands: `0` success, `1` the
//! input was read but has errors (e.g. validation errors), `2` a file could
//! not be read or parsed, or the arguments were wrong; `merge
//! --until-decided` also exits `3` when the test wants another wave.

mod analyze;
mod balance;
mod balance_edit;
mod decide;
mod export;
mod generate;
mod import;
mod info;
mod ladder;
mod merge;
mod pack_cmd;
mod progress;
mod render;
mod replay;
mod report;
mod rotation;
mod rules;
mod setup;
mod simulate;
mod study;
mod validate;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

pub use analyze::AnalyzeArgs;
pub use balance::BalanceArgs;
pub use balance_edit::BalanceEditArgs;
pub use generate::GenerateArgs;
pub use ladder::LadderArgs;
pub use replay::ReplayArgs;
pub use rules::RulesArgs;
pub use setup::SimulateArgs;

/// Hexwright: map and scenario editor, and batch player, for hex skirmish
/// games of 2 to 4 players.
///
/// With no subcommand, opens the editor on the bundled default map, or on
/// the map file given (`hexwright map.ron`, as `hexwright edit map.ron`),
/// in a build with the editor.
#[derive(Debug, Parser)]
#[command(name = "hexwright", version, args_conflicts_with_subcommands = true)]
pub struct Args {
    /// A map file to open in the editor (`.ron`).
    #[arg(value_parser = editor_file)]
    pub file: Option<PathBuf>,
    /// What to do; omit to open the editor.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// A file for the editor: a path with an extension or a folder part, or
/// one that exists. A bare word is refused as a mistyped subcommand.
fn editor_file(s: &str) -> Result<PathBuf, String> {
    let p = PathBuf::from(s);
    if p.extension().is_some() || p.components().count() > 1 || p.exists() {
        Ok(p)
    } else {
        Err(format!(
            "`{s}` is neither a subcommand nor a map file (see `hexwright --help`)"
        ))
    }
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
    /// With `--until-decided`, the files are the waves of a batch played
    /// until decided on many machines (`simulate --until-decided --wave W
    /// --shard K/N`, in either ruleset): it runs the test over them and
    /// exits 0 when it has decided, 3 when it wants another wave.
    ///
    /// It merges a ladder's shards (`ladder --shard K/N`) into its ratings,
    /// and with `--until-decided` a balance's waves (`balance --wave W
    /// --shard K/N`) into its levels, naming the next wave and the levels
    /// still undecided.
    ///
    /// Refuses files of different batches, a missing shard and a doubled
    /// one, and a missing wave (exit 2).
    Merge(merge::MergeArgs),
    /// Rate bots against each other on a map: every pair plays a batch
    /// (seats swapped or rotated) and a Bradley-Terry fit gives each bot an
    /// Elo-scale rating with a 95% interval, relative to the first bot.
    ///
    /// With `--shard K/N --out FILE` it plays one slice of every pair, for
    /// `merge` (a cluster job: deploy/README.md).
    ///
    /// Exits 2 on bad input (unknown or repeated bot, a 3-player map).
    Ladder(LadderArgs),
    /// Whether the map's verdict holds for skilled play: the until-decided
    /// seat test at each skill level (the same bot on every side), one row
    /// per level, and in words whether the verdict changes with skill.
    ///
    /// With `--wave W --shard K/N --out FILE` it plays one slice of one wave
    /// of every level, for `merge --until-decided` (a cluster job:
    /// deploy/README.md).
    ///
    /// Exits 2 on bad input.
    Balance(BalanceArgs),
    /// Analyse a map's balance before playing it: who reaches each
    /// objective, Outpost, barracks and base first, territory, openness,
    /// bush cover and chokepoints, and a fairness summary (one figure per
    /// line, each player's value, the largest difference and whom it
    /// favours).
    ///
    /// Exits 2 when the map cannot be read or an option is out of range.
    Analyze(AnalyzeArgs),
    /// Edit a map until it is certified fair: small edits (move an
    /// objective, Outpost, barracks, bush or base by up to two hexes, add
    /// or remove a bush, shift a starting zone, block or open a hex), each
    /// chosen by racing candidates against the map on shared seeds, until
    /// the seat test on fresh games certifies the map fair at the levels
    /// asked; prints each step in words with its figures and writes the map
    /// with its certificates (or says why none was issued).
    ///
    /// Exits 2 on bad input (an invalid map, unknown bots, out-of-range
    /// numbers) or when the map cannot be written.
    #[command(name = "balance-edit")]
    BalanceEdit(BalanceEditArgs),
    /// Make a new map: 2 to 4 players, a size, a symmetry and a style (open
    /// field, islands and straits, rivers with fords, mountain passes),
    /// valid for every seed; the seed and options go into the map's
    /// metadata so that it can be made again. With `--fair LEVEL` the
    /// balance assistant makes it certified fair before it is written.
    ///
    /// Prints what it wrote and the map's validation findings. Exits 0 when
    /// the map is written, 1 when `--fair` found no certificate (nothing is
    /// written), 2 on bad input or when the map cannot be written.
    Generate(GenerateArgs),
}

impl Args {
    /// The file the editor should open when the command line asks for the
    /// editor (no subcommand, or `edit`): `Some(None)` for the bundled
    /// default map; `None` when it asks for a subcommand, which [`run`]
    /// runs.
    #[must_use]
    pub fn editor_request(&self) -> Option<Option<PathBuf>> {
        match &self.command {
            None => Some(self.file.clone()),
            Some(Command::Edit { file }) => Some(file.clone()),
            Some(_) => None,
        }
    }
}

/// Runs the parsed command line and returns the process exit code. The
/// editor is not this crate's: when [`Args::editor_request`] asks for it,
/// this says so and exits 2.
#[must_use]
pub fn run(args: Args) -> ExitCode {
    ExitCode::from(run_quietly_to(
        args,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr(),
    ))
}

/// [`run_to`] for a report written to a pipe: when its reader goes away
/// (`hexwright analyze MAP | head`), the rest of the report is dropped and
/// the command ends as it would have, with no "Broken pipe" error.
pub fn run_quietly_to(
    args: Args,
    out: &mut dyn std::io::Write,
    err: &mut (dyn std::io::Write + Send),
) -> u8 {
    let mut out = ClosedPipeIsQuiet {
        inner: out,
        closed: false,
    };
    run_to(args, &mut out, err)
}

/// Standard output that goes quiet when its reader goes away
/// (`hexwright analyze MAP | head`): once a write finds the pipe closed,
/// the rest of the report is dropped instead of failing the command with
/// "Broken pipe", as command-line tools do.
struct ClosedPipeIsQuiet<W> {
    inner: W,
    closed: bool,
}

impl<W: std::io::Write> std::io::Write for ClosedPipeIsQuiet<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        match self.inner.write(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(buf.len())
            }
            other => other,
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.closed {
            return Ok(());
        }
        match self.inner.flush() {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

/// Runs the parsed command line with its report written to `out` and its
/// errors, notes and progress lines to `err` (standard output and standard
/// error in the binary), and returns the exit code: what tests and
/// embedders call. Progress bars are drawn on the terminal's standard error
/// only when it is one.
pub fn run_to(
    args: Args,
    out: &mut dyn std::io::Write,
    err: &mut (dyn std::io::Write + Send),
) -> u8 {
    match args.command {
        None | Some(Command::Edit { .. }) => {
            let _ = writeln!(
                err,
                "error: the editor is not part of the command line; run `hexwright edit`"
            );
            2
        }
        Some(Command::Validate { paths, json }) => validate::run(&paths, json, out, err),
        Some(Command::Info { map, json, hexes }) => info::run(&map, json, hexes, out, err),
        Some(Command::Simulate(a)) => simulate::run(&a, out, err),
        Some(Command::Replay(a)) => replay::run(&a, out, err),
        Some(Command::Rules(a)) => rules::run(&a, out, err),
        Some(Command::Import(a)) => import::run(&a, out, err),
        Some(Command::Render(a)) => render::run(&a, err),
        Some(Command::Pack(a)) => pack_cmd::run(&a, out, err),
        Some(Command::Export(a)) => export::run(&a, out, err),
        Some(Command::Merge(a)) => merge::run(&a, out, err),
        Some(Command::Ladder(a)) => ladder::run(&a, out, err),
        Some(Command::Balance(a)) => balance::run(&a, out, err),
        Some(Command::Analyze(a)) => analyze::run(&a, out, err),
        Some(Command::BalanceEdit(a)) => balance_edit::run(&a, out, err),
        Some(Command::Generate(a)) => generate::run(&a, out, err),
    }
}

use hexwright_headless::files::roster::roster;

/// Refuses, before any work, an output (`out`, when given) that could not
/// be written or is one of the command's `inputs` (see
/// [`format::check_output_for`]).
///
/// # Errors
/// Why it cannot be written there.
pub(crate) fn check_out(
    out: Option<&std::path::Path>,
    inputs: &[&std::path::Path],
) -> anyhow::Result<()> {
    match out {
        Some(path) => hexwright_engine::format::check_output_for(path, inputs)
            .map_err(|e| anyhow::anyhow!("{}: cannot write there: {e}", path.display())),
        None => Ok(()),
    }
}

/// The exit code of a subcommand that either worked (0) or failed on its
/// input (2, with the error and its causes on `err`): the one place such a
/// failure is reported.
pub(crate) fn exit_code(result: anyhow::Result<()>, err: &mut dyn std::io::Write) -> u8 {
    match result {
        Ok(()) => 0,
        Err(e) => {
            report_error(err, &e);
            2
        }
    }
}

/// Writes `error: ` and `e` with its causes, each said once, to `err`. A
/// failure to write to standard error has nowhere to be reported.
pub(crate) fn report_error(err: &mut dyn std::io::Write, e: &anyhow::Error) {
    let _ = writeln!(err, "error: {}", hexwright_headless::report::Chain(e));
}
