//! `hexwright import wesnoth FILE.map -o OUT.ron` and `hexwright import
//! tiled FILE.tmx -o OUT.ron`: a map made elsewhere, turned into a Hexwright
//! map file.
//!
//! Prints the import's report (what was mapped, dropped and guessed), then
//! the new map's validation findings. Exits 0 when the map is written and
//! has no validation error, 1 when it is written but has errors to fix in
//! the editor, 2 when nothing could be imported or written.

use clap::{Args, Subcommand};
use hexwright_engine::coverage::Coverage;
use hexwright_engine::format;
use hexwright_engine::validate::{self, Severity};
use hexwright_headless::files::import::{self, WesnothChoices};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What to import.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The source's format.
    #[command(subcommand)]
    pub from: ImportFrom,
}

/// The formats `import` reads.
#[derive(Debug, Subcommand)]
pub enum ImportFrom {
    /// A Battle for Wesnoth map (`.map`).
    Wesnoth(WesnothArgs),
    /// A Tiled hexagonal map (`.tmx` or `.tmj`).
    Tiled(TiledArgs),
}

/// `import tiled`.
#[derive(Debug, Args)]
pub struct TiledArgs {
    /// The `.tmx` or `.tmj` file.
    pub file: PathBuf,
    /// A RON file saying what each tile means, e.g.
    /// `(tiles: {1: "open", 2: "rock", 5: "open,bush"}, default: "open")`;
    /// without it, the tiles' `hexwright` properties.
    #[arg(long)]
    pub mapping: Option<PathBuf>,
    /// Hex size of the new map; default the map's own.
    #[arg(long)]
    pub hex_size: Option<f64>,
    /// The map file to write (`.ron`).
    #[arg(short, long)]
    pub out: PathBuf,
}

/// `import wesnoth`.
#[derive(Debug, Args)]
pub struct WesnothArgs {
    /// The `.map` file.
    pub file: PathBuf,
    /// The scenario `.cfg` that uses the map: which start positions are
    /// sides, and which sides are opponents.
    #[arg(long)]
    pub cfg: Option<PathBuf>,
    /// Wesnoth's `data/core/terrain.cfg`, to read terrain codes by their
    /// aliases instead of by their letters.
    #[arg(long)]
    pub terrain: Option<PathBuf>,
    /// Villages that become Energy objectives, nearest the centre first.
    #[arg(long, default_value_t = 5)]
    pub objectives: usize,
    /// Villages after those that become Outposts.
    #[arg(long, default_value_t = 2)]
    pub outposts: usize,
    /// Barracks per side, on the free hexes nearest its base.
    #[arg(long, default_value_t = 1)]
    pub barracks: usize,
    /// Hex size of the new map, in world units.
    #[arg(long, default_value_t = 28.0)]
    pub hex_size: f64,
    /// The map file to write (`.ron`).
    #[arg(short, long)]
    pub out: PathBuf,
}

/// Runs `import`; returns the exit code.
pub fn run(args: &ImportArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    // Before reading: an output that is one of the files read, or that
    // cannot be written, is refused.
    let (to, inputs): (&Path, Vec<&Path>) = match &args.from {
        ImportFrom::Wesnoth(a) => (
            &a.out,
            [
                Some(a.file.as_path()),
                a.cfg.as_deref(),
                a.terrain.as_deref(),
            ]
            .into_iter()
            .flatten()
            .collect(),
        ),
        ImportFrom::Tiled(a) => (
            &a.out,
            [Some(a.file.as_path()), a.mapping.as_deref()]
                .into_iter()
                .flatten()
                .collect(),
        ),
    };
    if let Err(e) = format::check_output_for(to, &inputs) {
        let _ = writeln!(
            err,
            "error: {}: cannot write the map there: {e}",
            to.display()
        );
        return 2;
    }
    match &args.from {
        ImportFrom::Wesnoth(a) => wesnoth(a, out, err),
        ImportFrom::Tiled(a) => match import::tiled(&a.file, a.mapping.as_deref(), a.hex_size) {
            Ok(imported) => finish(&imported.map, &imported.report, &a.out, out, err),
            Err(e) => {
                super::report_error(err, &e);
                2
            }
        },
    }
}

fn wesnoth(a: &WesnothArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let choices = WesnothChoices {
        map: a.file.clone(),
        scenario: a.cfg.clone(),
        terrain: a.terrain.clone(),
        objectives: a.objectives,
        outposts: a.outposts,
        barracks: a.barracks,
        hex_size: Some(a.hex_size),
    };
    let imported = match import::wesnoth(&choices) {
        Ok(i) => i,
        Err(e) => {
            super::report_error(err, &e);
            return 2;
        }
    };
    finish(&imported.map, &imported.report, &a.out, out, err)
}

/// Writes the imported map to `path`, then prints the report and the map's
/// findings; returns the exit code.
fn finish(
    map: &hexwright_engine::map::Map,
    report: &hexwright_engine::import::Report,
    path: &std::path::Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    if let Err(e) = format::save_atomic(map, path) {
        let _ = writeln!(err, "error: {e}");
        return 2;
    }
    let coverage = match Coverage::new(map) {
        Ok(c) => c,
        Err(e) => {
            let _ = writeln!(err, "error: {}: {e}", path.display());
            return 2;
        }
    };
    let findings = validate::validate(map, &coverage);
    let shown = path.display().to_string();
    let written = (|| -> std::io::Result<()> {
        write!(out, "{report}")?;
        writeln!(
            out,
            "wrote {shown}: {} hexes, {} usable",
            coverage.hexes().len(),
            coverage.usable_count()
        )?;
        write_findings(out, &shown, &findings)
    })();
    if let Err(e) = written {
        let _ = writeln!(err, "error: cannot write the report: {e}");
        return 2;
    }
    u8::from(findings.iter().any(|f| f.severity == Severity::Error))
}

/// Prints `findings` of the map file `shown`, one per line:
/// `SEVERITY RULE-ID FILE[:q,r] message`.
pub(super) fn write_findings(
    out: &mut dyn Write,
    shown: &str,
    findings: &[validate::Finding],
) -> std::io::Result<()> {
    for f in findings {
        let hex = f
            .hex
            .map(|h| format!(":{},{}", h.x, h.y))
            .unwrap_or_default();
        writeln!(
            out,
            "{} {} {shown}{hex} {}",
            f.severity.as_str(),
            f.rule.id(),
            f.message
        )?;
    }
    Ok(())
}
