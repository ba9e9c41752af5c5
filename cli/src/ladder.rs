//! `hexwright ladder MAP --bots random,greedy,planner,search`: every pair
//! of bots plays a batch on the map (seats swapped or rotated), and a
//! Bradley–Terry fit rates each bot on the Elo scale with a 95% interval
//! ([`hexwright_engine::ladder`]). Printed as a table, or `--json`.

use super::report::progress_bar;
use super::setup::{PlayArgs, bot_list, jobs, load};
use anyhow::Context;
use hexwright_engine::ladder::{self, Ladder, LadderSpec};
use hexwright_engine::ruleset::RulesetId;
use std::io::Write;
use std::sync::atomic::AtomicBool;

/// The options of `hexwright ladder`.
#[derive(Debug, Clone, clap::Args)]
pub struct LadderArgs {
    /// The map or scenario, and how to play it.
    #[command(flatten)]
    pub play: PlayArgs,
    /// The bots to rate, each once (random, greedy, planner, search, policy); the
    /// first is the ratings' zero.
    #[arg(
        long,
        value_name = "A,B,...",
        value_delimiter = ',',
        default_value = "random,greedy,planner"
    )]
    pub bots: Vec<String>,
    /// Matches per pair of bots (seat-swapped pairs or rotations).
    #[arg(long, value_name = "N", default_value_t = 40)]
    pub matches: usize,
    /// Play only slice K of N of every pair's batch (K from 0, e.g. a
    /// Kubernetes `JOB_COMPLETION_INDEX`) and write it to `--out` for
    /// `hexwright merge`, which rates the bots as one process does.
    #[arg(long, value_name = "K/N", requires = "out", conflicts_with = "json")]
    pub shard: Option<hexwright_engine::shard::Shard>,
    /// With `--shard`: the file to write (`.json`).
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub out: Option<std::path::PathBuf>,
}

/// Runs `ladder`; returns the exit code (0, or 2 for bad input).
pub fn run(args: &LadderArgs, out: &mut dyn Write, err: &mut (dyn Write + Send)) -> u8 {
    super::exit_code(play(args, out), err)
}

fn play(args: &LadderArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    super::check_out(args.out.as_deref(), &[&args.play.path])?;
    let bots = bot_list(&args.bots)?;
    let sim = args.play.simulate_args();
    let jobs = jobs(&sim)?;
    let roster = super::roster(args.play.roster.as_deref(), Some(&args.play.path))?;
    let setup = load(&sim, &roster)?;
    let players = setup.prepared.players();
    let spec = LadderSpec {
        bots,
        matches: args.matches,
        seed: setup.seed,
    };
    ladder::check(&spec, players)?;
    if let (Some(shard), Some(path)) = (args.shard, &args.out) {
        let task = super::study::Task { shard, path, jobs };
        return super::study::ladder_shard(&setup, &spec, &task, out);
    }
    let pairs = spec.bots.len() * (spec.bots.len() - 1) / 2;
    let bar = progress_bar(pairs * spec.matches);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let never = AtomicBool::new(false);
    let progress = |k: usize| {
        if let Some(b) = &bar {
            b.set_position(k as u64);
        }
    };
    let p = &setup.prepared;
    let played = pool.install(|| ladder::play_prepared(p, &spec, &progress, &never))?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if args.play.json {
        serde_json::to_writer(&mut *out, &played)?;
        writeln!(out)?;
    } else {
        write_text(out, &played, p.ruleset)?;
    }
    Ok(())
}

/// Prints a ladder as a table.
pub(super) fn write_text(
    out: &mut dyn Write,
    l: &Ladder,
    ruleset: RulesetId,
) -> std::io::Result<()> {
    writeln!(
        out,
        "ladder: {} bots, {} matches per pair, {}, {} players, seeds from {}",
        l.spec.bots.len(),
        l.spec.matches,
        ruleset,
        l.players,
        l.spec.seed
    )?;
    writeln!(
        out,
        "ratings (Bradley-Terry, Elo scale, relative to {}; 95% intervals):",
        l.spec.bots[0]
    )?;
    let mut order: Vec<_> = l.ratings.iter().collect();
    order.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    for r in order {
        writeln!(
            out,
            "  {:<8} {:>7.0}  [{:.0}, {:.0}]  score {:.1}% over {} games",
            r.bot.name(),
            r.elo,
            r.ci95[0],
            r.ci95[1],
            r.score * 100.0,
            r.games
        )?;
    }
    writeln!(
        out,
        "pairs (each independent game: one seed, every seating):"
    )?;
    for p in &l.pairs {
        writeln!(
            out,
            "  {} vs {}: {} scores {} over {} games ({} matches, {} drawn)",
            p.a, p.b, p.a, p.score, p.games, p.matches, p.draws
        )?;
    }
    if l.cancelled {
        writeln!(
            out,
            "cancelled: the ratings count the matches that finished"
        )?;
    }
    Ok(())
}
