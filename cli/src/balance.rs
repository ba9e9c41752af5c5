//! Balance across skill levels: `hexwright balance MAP --skills
//! greedy,planner,search` runs the until-decided seat test
//! ([`hexwright_engine::seat_test`]) once per skill level, the same bot in
//! every seat, and prints one row per level — the favoured side or fair,
//! the shares with their intervals, the games played — and in words
//! whether the verdict changes with skill. The same test serves
//! `simulate --until-decided` in phase-rules-v1 (2 to 4 players).

use super::report::progress_bar;
use super::setup::{PlayArgs, Setup, SimulateArgs, bot_list, jobs, load};
use anyhow::Context;
use hexwright_engine::balance::{Level, summary};
use hexwright_engine::bots::BotKind;
use hexwright_engine::rotation::Rotation;
use hexwright_engine::seat_test::SeatLook;
use hexwright_engine::sequential::{DEFAULT_ALPHA, DEFAULT_MARGIN, Plan};
use hexwright_engine::until_decided::{SeatsDecided, play_seats_prepared};
use std::io::Write;
use std::sync::atomic::AtomicBool;

/// The options of `hexwright balance`.
#[derive(Debug, Clone, clap::Args)]
pub struct BalanceArgs {
    /// The map or scenario, and how to play it.
    #[command(flatten)]
    pub play: PlayArgs,
    /// The skill levels: one bot each, playing every seat.
    #[arg(
        long,
        value_name = "A,B,...",
        value_delimiter = ',',
        default_value = "greedy,planner"
    )]
    pub skills: Vec<String>,
    /// Fair means every side's share of the wins within this of 1/N.
    #[arg(long, value_name = "M")]
    pub margin: Option<f64>,
    /// The most the chance of a wrong verdict may be, at each level.
    #[arg(long, value_name = "A")]
    pub alpha: Option<f64>,
    /// The most matches per level.
    #[arg(long = "max", value_name = "N")]
    pub max: Option<usize>,
    /// Play only slice K of N of wave `--wave` of every level in
    /// `--skills`, and write it to `--out` for `hexwright merge
    /// --until-decided`, which tests every wave so far and names the next
    /// wave and the levels still undecided.
    #[arg(long, value_name = "K/N", requires_all = ["wave", "out"], conflicts_with = "json")]
    pub shard: Option<hexwright_engine::shard::Shard>,
    /// With `--shard`: the wave (from 1), the matches between each level's
    /// looks W - 1 and W.
    #[arg(long, value_name = "W", requires = "shard")]
    pub wave: Option<usize>,
    /// With `--shard`: the file to write (`.json`).
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub out: Option<std::path::PathBuf>,
}

/// Runs `balance`; returns the exit code (0, or 2 for bad input).
pub fn run(args: &BalanceArgs, out: &mut dyn Write, err: &mut (dyn Write + Send)) -> u8 {
    super::exit_code(balance(args, out), err)
}

fn balance(args: &BalanceArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    super::check_out(args.out.as_deref(), &[&args.play.path])?;
    let skills = bot_list(&args.skills)?;
    if skills.is_empty() {
        anyhow::bail!("--skills names at least one bot");
    }
    let sim = SimulateArgs {
        until_decided: true,
        margin: args.margin,
        alpha: args.alpha,
        max: args.max,
        ..args.play.simulate_args()
    };
    let jobs = jobs(&sim)?;
    let roster = super::roster(args.play.roster.as_deref(), Some(&args.play.path))?;
    let setup = load(&sim, &roster)?;
    let players = setup.prepared.players();
    if let (Some(shard), Some(wave), Some(path)) = (args.shard, args.wave, &args.out) {
        let task = super::study::Task { shard, path, jobs };
        return super::study::balance_wave(&sim, &setup, &skills, wave, &task, out);
    }
    let mut levels = Vec::new();
    for bot in skills {
        let decided = seats_until_decided(&sim, &setup, vec![bot; players], jobs)?;
        levels.push(Level::new(bot, &decided));
    }
    let ruleset = setup.prepared.ruleset.to_string();
    write_levels(out, &ruleset, players, &levels, args.play.json)
}

/// Prints the levels of a balance (as text, or one JSON object).
pub(super) fn write_levels(
    out: &mut dyn Write,
    ruleset: &str,
    players: usize,
    levels: &[Level],
    json: bool,
) -> anyhow::Result<()> {
    if json {
        writeln!(out, "{}", levels_json(ruleset, players, levels))?;
        return Ok(());
    }
    write_level_rows(out, ruleset, players, levels)?;
    writeln!(out, "{}", summary(levels))?;
    Ok(())
}

/// Prints a balance's levels as text, without the summary.
pub(super) fn write_level_rows(
    out: &mut dyn Write,
    ruleset: &str,
    players: usize,
    levels: &[Level],
) -> anyhow::Result<()> {
    writeln!(
        out,
        "balance across skill levels: {ruleset}, {players} players, the same bot on every side"
    )?;
    for l in levels {
        writeln!(
            out,
            "  {:<8} {}; {} games ({} matches){}",
            l.bot.name(),
            l.verdict,
            l.games,
            l.matches,
            if l.cancelled { ", cancelled" } else { "" }
        )?;
        writeln!(out, "           {}", l.shares_text())?;
    }
    Ok(())
}

/// A balance's levels as `balance --json` prints them.
pub(super) fn levels_json(ruleset: &str, players: usize, levels: &[Level]) -> serde_json::Value {
    serde_json::json!({
        "players": players,
        "ruleset": ruleset,
        "levels": levels,
        "summary": summary(levels),
    })
}

/// The batch `bots` play on `setup` until decided, at most `--max`
/// matches, and the test `--alpha` and `--margin` ask for: what one
/// process and every wave of a cluster play.
pub(super) fn seat_batch(
    args: &SimulateArgs,
    setup: &Setup,
    bots: Vec<BotKind>,
) -> anyhow::Result<(Rotation, Plan)> {
    let rotation = Rotation {
        matches: super::setup::checked_max(args.max)?,
        bots,
        seed: setup.seed,
    };
    let per_game = rotation.counting().matches_per_game();
    let plan = Plan::new(
        args.alpha.unwrap_or(DEFAULT_ALPHA),
        args.margin.unwrap_or(DEFAULT_MARGIN),
        rotation.matches.div_ceil(per_game),
    )?;
    Ok((rotation, plan))
}

/// Plays `bots` on `setup` until the seat test decides (any ruleset).
pub(super) fn seats_until_decided(
    args: &SimulateArgs,
    setup: &Setup,
    bots: Vec<BotKind>,
    jobs: usize,
) -> anyhow::Result<SeatsDecided> {
    let (rotation, plan) = seat_batch(args, setup, bots)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let bar = progress_bar(rotation.matches);
    let progress = |done: usize| {
        if let Some(b) = &bar {
            b.set_position(done as u64);
        }
    };
    let never = AtomicBool::new(false);
    let mut on_look = |look: &SeatLook| {
        if let Some(b) = &bar {
            b.set_message(format!("{} games", look.games));
        }
    };
    let p = &setup.prepared;
    let decided =
        pool.install(|| play_seats_prepared(p, &rotation, plan, &progress, &never, &mut on_look));
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    Ok(decided)
}

/// `simulate --until-decided` in a ruleset of 2 to 4 players: plays `bots`
/// until the seat test decides and prints its verdict.
pub(super) fn simulate(
    args: &SimulateArgs,
    setup: &Setup,
    bots: Vec<BotKind>,
    jobs: usize,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let ruleset = setup.prepared.ruleset.to_string();
    let names = bot_names(&bots);
    let d = seats_until_decided(args, setup, bots, jobs)?;
    if args.json {
        writeln!(out, "{}", seats_decided_json(&ruleset, &names, &d, None))?;
        return Ok(());
    }
    write_seats_decided(out, &ruleset, &names, &d, None)
}

/// `greedy, random, ...`.
pub(super) fn bot_names(bots: &[BotKind]) -> String {
    let names: Vec<&str> = bots.iter().map(|b| b.name()).collect();
    names.join(", ")
}

/// Prints a batch played until the seat test decided, as `simulate
/// --until-decided` prints it in a ruleset of 2 to 4 players.
pub(super) fn write_seats_decided(
    out: &mut dyn Write,
    ruleset: &str,
    names: &str,
    d: &SeatsDecided,
    so_far: Option<usize>,
) -> anyhow::Result<()> {
    let bot = d.played.first().map_or(BotKind::Random, |m| m.seating[0]);
    let l = match so_far {
        Some(waves) => Level::so_far(bot, d, waves),
        None => Level::new(bot, d),
    };
    writeln!(
        out,
        "until decided ({ruleset}, {} players, bots {names}): {} after {} games ({} matches)",
        d.test.seats(),
        l.verdict,
        l.games,
        l.matches
    )?;
    writeln!(out, "shares of the wins: {}", l.shares_text())?;
    writeln!(
        out,
        "intervals hold at every look together: the chance of a wrong verdict is at most {}",
        d.test.plan().alpha
    )?;
    Ok(())
}

/// A batch played until the seat test decided, as `simulate
/// --until-decided --json` prints it in a ruleset of 2 to 4 players.
/// `so_far` is the waves played of a test that goes on.
pub(super) fn seats_decided_json(
    ruleset: &str,
    names: &str,
    d: &SeatsDecided,
    so_far: Option<usize>,
) -> serde_json::Value {
    let bot = d.played.first().map_or(BotKind::Random, |m| m.seating[0]);
    let level = match so_far {
        Some(waves) => Level::so_far(bot, d, waves),
        None => Level::new(bot, d),
    };
    serde_json::json!({
        "ruleset": ruleset,
        "bots": names,
        "until_decided": level,
        "looks": d.test.looks(),
        "alpha": d.test.plan().alpha,
    })
}
