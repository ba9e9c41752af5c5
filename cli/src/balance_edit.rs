//! `hexwright balance-edit MAP -o FIXED.ron [--budget N] [--bots A,B]
//! [--matches N] [--verify N] [--free-symmetry]`: the balance assistant
//! ([`hexwright_engine::balance_edit`]). It searches the moves of one
//! objective, Outpost, barracks or bush by up to two hexes (with its images
//! on a symmetric map), ranks them by the fairness summary and then by a
//! short batch of the named bots, prints the best few in words with their
//! figures, checks the best on a fresh batch and writes that map.

use super::setup::bot_list;
use anyhow::Context as _;
use hexwright_engine::balance_edit::{self, Options};
use hexwright_engine::format;
use std::io::Write;
use std::path::PathBuf;

/// The options of `hexwright balance-edit`.
#[derive(Debug, Clone, clap::Args)]
pub struct BalanceEditArgs {
    /// The map file (`.ron`).
    pub map: PathBuf,
    /// Where to write the map with the best edit.
    #[arg(short, long)]
    pub out: PathBuf,
    /// How many of the fairest candidates to play.
    #[arg(long, default_value_t = 8)]
    pub budget: usize,
    /// The two bots of each batch.
    #[arg(
        long,
        value_name = "A,B",
        value_delimiter = ',',
        default_value = "greedy,greedy"
    )]
    pub bots: Vec<String>,
    /// Matches in each candidate's batch.
    #[arg(long, default_value_t = 200)]
    pub matches: usize,
    /// Matches of the fresh batch that checks the best proposal.
    #[arg(long, default_value_t = 1000)]
    pub verify: usize,
    /// Move single features even on a symmetric map (it stops being
    /// symmetric).
    #[arg(long)]
    pub free_symmetry: bool,
    /// First seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A roster file (default: the map's pack's, else the bundled one).
    #[arg(long)]
    pub roster: Option<PathBuf>,
}

/// Runs `balance-edit`; returns the exit code (0, or 2 for bad input).
pub fn run(args: &BalanceEditArgs, out: &mut dyn Write) -> u8 {
    super::exit_code(balance_edit(args, out))
}

/// The most proposals listed.
const SHOWN: usize = 5;

fn balance_edit(args: &BalanceEditArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let bots = bot_list(&args.bots)?;
    let [a, b] = bots[..] else {
        anyhow::bail!("--bots names two bots (the map's two sides), e.g. greedy,greedy");
    };
    if !(1..=64).contains(&args.budget) {
        anyhow::bail!("--budget {}: play from 1 to 64 candidates", args.budget);
    }
    if args.matches > 100_000 || args.verify > 100_000 {
        anyhow::bail!("--matches and --verify are at most 100000");
    }
    // Before any play: an output that cannot be written fails now, not
    // after the whole search.
    format::check_output(&args.out)
        .and_then(|()| output_folder_exists(&args.out))
        .with_context(|| format!("{}: cannot write the map there", args.out.display()))?;
    let map = format::load_map(&args.map)?;
    let roster = super::roster(args.roster.as_deref(), Some(&args.map))?;
    let opts = Options {
        budget: args.budget,
        matches: args.matches,
        bots: [a, b],
        keep_symmetry: !args.free_symmetry,
        seed: args.seed,
        ..Options::default()
    };
    let found = balance_edit::propose(&map, &roster, &opts)
        .with_context(|| args.map.display().to_string())?;
    let symmetry = if found.symmetry.is_off() {
        "none kept".to_owned()
    } else {
        format!(
            "{} about the {} kept",
            found.symmetry.mode.label(),
            found.symmetry.centre.label().to_lowercase()
        )
    };
    writeln!(
        out,
        "{}: {} valid edits (each one feature moved up to {} hexes; symmetry {symmetry})",
        map.meta.name,
        found.candidates,
        balance_edit::REACH
    )?;
    if found.examined < found.moves {
        writeln!(
            out,
            "  The map is large: {} of its {} moves examined, spread evenly over its features (at most {} hexes examined in all)",
            found.examined,
            found.moves,
            balance_edit::MAX_EXAMINED_HEXES
        )?;
    }
    let score = |s: Option<hexwright_engine::stats::Rate>| {
        s.map_or_else(
            || "not played (the batch plays two-player maps)".to_owned(),
            |s| format!("side 0 scores {s}"),
        )
    };
    writeln!(
        out,
        "Before: unevenness {:.2}; {} ({a} vs {b}, {} matches)",
        found.before.0,
        score(found.before.1),
        args.matches
    )?;
    let Some(best) = found.proposals.first() else {
        writeln!(out, "No edit keeps the map valid: nothing written.")?;
        return Ok(());
    };
    writeln!(out, "Proposals, nearest to even first:")?;
    for (i, p) in found.proposals.iter().take(SHOWN).enumerate() {
        writeln!(
            out,
            "  {}. {}: unevenness {:.2}; {}",
            i + 1,
            p.edit,
            p.unevenness,
            score(p.score)
        )?;
    }
    let checked = balance_edit::verify(best, &roster, &opts, args.verify)?;
    writeln!(
        out,
        "Best: {}; on {} fresh matches {}",
        best.edit,
        args.verify,
        score(checked)
    )?;
    format::save_atomic(&best.map, &args.out)
        .with_context(|| format!("{}: cannot write the map", args.out.display()))?;
    writeln!(out, "Wrote {}", args.out.display())?;
    Ok(())
}

/// Whether the folder `path` would be written in exists (a missing folder
/// is an error now rather than after the search).
fn output_folder_exists(path: &std::path::Path) -> std::io::Result<()> {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() && !dir.is_dir() => Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("the folder {} does not exist", dir.display()),
        )),
        _ => Ok(()),
    }
}
