//! `hexwright simulate MAP_OR_SCENARIO`: matches between bots over worker
//! threads, summarised for playtesters. In akw-rules-v1 two bots play
//! seat-swapped pairs ([`Batch::game`]); in phase-rules-v1 one bot per
//! player plays every rotation of the seats ([`super::rotation`]). The
//! same bot in every seat plays every match from its own seed; rates count
//! independent games only.

use anyhow::{Context, bail};
use hexwright_engine::bots::BotKind;
use hexwright_engine::format;
use hexwright_engine::map::Map;
use hexwright_engine::player::PlayerId;
use hexwright_engine::replay::Replay;
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::scenario::{MAX_ROUND_LIMIT, MapRef, Prepared, Scenario};
use hexwright_engine::ruleset::RulesetId;
use hexwright_engine::sim::{self, Batch, Counting, MatchResult, PlayOptions, Report};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The options of `hexwright simulate`.
#[derive(Debug, Clone, clap::Args)]
pub struct SimulateArgs {
    /// A map file, or a scenario file (`.ron`), or a zipped map pack
    /// (`.zip`: its first map, or `--entry`).
    pub path: PathBuf,
    /// With a zipped pack: the map or scenario in it to play.
    #[arg(long, value_name = "FILE")]
    pub entry: Option<String>,
    /// Play only slice K of N of the batch (K from 0, e.g. a Kubernetes
    /// `JOB_COMPLETION_INDEX`), with the same seeds and seatings as the
    /// whole batch, and write it to `--out` for `hexwright merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<hexwright_engine::shard::Shard>,
    /// With `--shard`: the shard file to write (`.json`).
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub out: Option<PathBuf>,
    /// Matches to play (seat-swapped pairs when the bots differ).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub matches: usize,
    /// Play in rounds and stop as soon as a sequential test says the map
    /// favours a seat or is fair within `--margin` (akw-rules-v1).
    #[arg(long, conflicts_with_all = ["shard", "record", "matches"])]
    pub until_decided: bool,
    /// With `--until-decided`: fair means side 0's score within this of
    /// 50% (default 0.05: 45% to 55%).
    #[arg(long, value_name = "M", requires = "until_decided")]
    pub margin: Option<f64>,
    /// With `--until-decided`: the most the chance of a wrong decision may
    /// be (default 0.05).
    #[arg(long, value_name = "A", requires = "until_decided")]
    pub alpha: Option<f64>,
    /// With `--until-decided`: the most matches to play (default 20000).
    #[arg(long = "max", value_name = "N", requires = "until_decided")]
    pub max: Option<usize>,
    /// One bot per player, `A,B,...` (random, greedy, planner); default
    /// greedy, then random for every other seat.
    #[arg(long, value_name = "A,B,...", value_delimiter = ',')]
    pub bots: Option<Vec<String>>,
    /// The ruleset to play (`akw-rules-v1`, `phase-rules-v1`); default the
    /// scenario's, or for a map the first that seats its players.
    #[arg(long, value_name = "ID")]
    pub ruleset: Option<String>,
    /// First seed (match `i`, or pair `i` when the bots differ, uses
    /// seed + i); default the scenario's seed, or 1 for a map.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Worker threads (default: every core).
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
    /// Rounds before a match is decided by the round limit (overrides the
    /// scenario's; default the ruleset's, 60 or 40, for a map).
    #[arg(long, value_name = "R")]
    pub max_rounds: Option<u32>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Write one replay per match into this folder (`match-0001.ron`, ...).
    #[arg(long, value_name = "DIR")]
    pub record: Option<PathBuf>,
    /// Play with this roster file instead of the bundled one (or the map
    /// pack's).
    #[arg(long, value_name = "FILE")]
    pub roster: Option<PathBuf>,
}

/// What the input path turned out to be, ready to play.
pub(super) struct Setup {
    pub(super) map: Map,
    pub(super) prepared: Prepared,
    pub(super) seed: u64,
}

/// Runs `simulate`, printing the report to `out`; returns the exit code (0,
/// or 2 for bad input).
pub fn run(args: &SimulateArgs, out: &mut dyn Write) -> u8 {
    let result = if crate::zipped::is_zip(&args.path) {
        crate::zipped::Unzipped::open(&args.path).and_then(|unzipped| {
            let inner = SimulateArgs {
                path: unzipped.entry(args.entry.as_deref())?,
                ..args.clone()
            };
            simulate(&inner, out).map_err(|e| anyhow::anyhow!(unzipped.shown(&format!("{e:#}"))))
        })
    } else if args.entry.is_some() {
        Err(anyhow::anyhow!(
            "--entry picks a file of a zipped pack; {} is not a .zip",
            args.path.display()
        ))
    } else {
        simulate(args, out)
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e:#}");
            2
        }
    }
}

/// The bots of `--bots`, one per player; without it, greedy and then
/// random for every other seat.
pub(super) fn parse_bots(names: Option<&[String]>, players: usize) -> anyhow::Result<Vec<BotKind>> {
    let Some(names) = names else {
        let mut bots = vec![BotKind::Greedy];
        bots.resize(players, BotKind::Random);
        return Ok(bots);
    };
    let bots: Vec<BotKind> = names
        .iter()
        .map(|n| n.trim().parse::<BotKind>().map_err(anyhow::Error::msg))
        .collect::<anyhow::Result<_>>()?;
    if bots.len() != players {
        bail!(
            "--bots takes one bot per player: the map has {players} players and {} bot(s) were given; bots: random, greedy, planner",
            names.len()
        );
    }
    Ok(bots)
}

/// Reads the path as a scenario, or else as a map.
pub(super) fn load(args: &SimulateArgs, roster: &Roster) -> anyhow::Result<Setup> {
    let path = &args.path;
    let shown = path.display().to_string();
    if path.is_dir() {
        bail!("{shown} is a folder; `simulate` takes one map or scenario file");
    }
    let text = format::read_text(path)?;
    let (mut scenario, seed) = match Scenario::parse(&text, &shown) {
        Ok(s) => {
            let seed = args.seed.unwrap_or(s.seed);
            (s, seed)
        }
        Err(as_scenario) => match format::parse_map(&text, &shown) {
            Ok(map) => {
                let seed = args.seed.unwrap_or(1);
                let ruleset = match &args.ruleset {
                    Some(id) => id.parse::<RulesetId>()?,
                    None => RulesetId::for_players(map.player_count())
                        .first()
                        .copied()
                        .unwrap_or(RulesetId::AkwRulesV1),
                };
                let limit = args.max_rounds.unwrap_or(ruleset.default_round_limit());
                let mut scenario = Scenario::for_map(map, seed, limit);
                ruleset.id().clone_into(&mut scenario.ruleset);
                (scenario, seed)
            }
            Err(as_map) => bail!(
                "{shown} is neither a scenario nor a map:\n  as a scenario: {as_scenario}\n  as a map: {as_map}"
            ),
        },
    };
    if let Some(id) = &args.ruleset {
        let ruleset = id.parse::<RulesetId>()?;
        if scenario.ruleset != ruleset.id() {
            ruleset.id().clone_into(&mut scenario.ruleset);
            scenario.opening.clear();
            if args.max_rounds.is_none() {
                scenario.round_limit = ruleset.default_round_limit();
            }
        }
    }
    if let Some(r) = args.max_rounds {
        scenario.round_limit = r;
    }
    if scenario.round_limit == 0 || scenario.round_limit > MAX_ROUND_LIMIT {
        bail!(
            "the round limit {} is out of range (1 to {MAX_ROUND_LIMIT})",
            scenario.round_limit
        );
    }
    let base = path.parent().unwrap_or(Path::new("."));
    let map = match &scenario.map {
        MapRef::Inline(m) => (**m).clone(),
        MapRef::Path(p) => format::load_map(&base.join(p))?,
    };
    scenario.map = MapRef::Inline(Box::new(map.clone()));
    let prepared = scenario.prepare(base, roster, &shown)?;
    Ok(Setup {
        map,
        prepared,
        seed,
    })
}

/// The worker threads of `--jobs`.
pub(super) fn jobs(args: &SimulateArgs) -> anyhow::Result<usize> {
    Ok(match args.jobs {
        Some(0) => bail!("--jobs must be at least 1"),
        Some(j) => j,
        None => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
    })
}

/// A progress bar on a terminal, none otherwise.
pub(super) fn progress_bar(matches: usize) -> Option<indicatif::ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(matches as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} matches, {elapsed} elapsed, ~{eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    })
}

fn simulate(args: &SimulateArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    if args.matches == 0 {
        bail!("--matches must be at least 1");
    }
    let jobs = jobs(args)?;
    let roster = super::roster(args.roster.as_deref(), Some(&args.path))?;
    let setup = load(args, &roster)?;
    let bots = parse_bots(args.bots.as_deref(), setup.prepared.players())?;
    if setup.prepared.ruleset != RulesetId::AkwRulesV1 {
        if let Some(shard) = args.shard {
            return super::merge::play_shard(args, &setup, &bots, shard, jobs, out);
        }
        if args.until_decided {
            bail!(
                "--until-decided tests side 0's score in two-player akw-rules-v1 batches; {} batches rotate seats among up to four players, so run them with --matches",
                setup.prepared.ruleset
            );
        }
        return super::rotation::simulate(args, &setup, bots, jobs, out);
    }
    let bots = [bots[0], bots[1]];
    let batch = Batch {
        matches: args.matches,
        bots,
        seed: setup.seed,
    };
    if args.until_decided {
        return super::decide::simulate(args, &setup, bots, jobs, out);
    }
    if let Some(shard) = args.shard {
        return super::merge::play_shard(args, &setup, &bots, shard, jobs, out);
    }
    if let Some(dir) = &args.record {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the folder {}", dir.display()))?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let bar = progress_bar(args.matches);
    let options = PlayOptions {
        record: args.record.is_some(),
    };
    let started = Instant::now();
    let results = pool.install(|| {
        sim::simulate(&setup.prepared, &batch, options, &|done| {
            if let Some(b) = &bar {
                b.set_position(done as u64);
            }
        })
    });
    let seconds = started.elapsed().as_secs_f64();
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if let Some(dir) = &args.record {
        record(dir, &results, &setup)?;
    }
    let report = Report::new(&results, bots, seconds);
    print_report(out, &report, &batch, args.json)
}

/// Prints a batch's report as text, or as one JSON object.
pub(super) fn print_report(
    out: &mut dyn Write,
    report: &Report,
    batch: &Batch,
    json: bool,
) -> anyhow::Result<()> {
    if json {
        serde_json::to_writer(&mut *out, report)?;
        writeln!(out)?;
    } else {
        write_text(out, report, batch)?;
    }
    Ok(())
}

fn record(dir: &Path, results: &[MatchResult], setup: &Setup) -> anyhow::Result<()> {
    for (i, r) in results.iter().enumerate() {
        let path = dir.join(format!("match-{:04}.ron", i + 1));
        Replay::from_match(r, &setup.prepared, &setup.map)
            .and_then(|replay| replay.save(&path))
            .with_context(|| format!("cannot record {}", path.display()))?;
    }
    Ok(())
}

fn write_text(out: &mut dyn Write, r: &Report, batch: &Batch) -> std::io::Result<()> {
    let [a, b] = batch.bots;
    let seating = match batch.counting() {
        Counting::Matches => "each match its own seed",
        Counting::SeatSwappedPairs | Counting::SeatRotations(_) => "seat-swapped pairs",
    };
    writeln!(
        out,
        "Matches:     {} ({a} vs {b}, {seating}, seeds {}..={})",
        r.matches,
        batch.seed,
        batch.last_seed()
    )?;
    games_line(out, r.independent_games, r.counting)?;
    side_wins_line(out, r)?;
    if let Some(first) = r.first_bot_score {
        let by_bot: Vec<String> = r
            .bot_wins
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect();
        writeln!(out, "Bot wins:    {}", by_bot.join(", "))?;
        writeln!(out, "{a} score:  {first} against {b} (a draw counts half)")?;
    }
    writeln!(out, "Draws:       {}", r.draws)?;
    writeln!(
        out,
        "Side 0 wins: {} (95% interval over independent games)",
        r.side_win_rates[PlayerId(0)]
    )?;
    rounds_and_speed(out, r.mean_rounds, r.median_rounds, r.matches_per_sec)?;
    writeln!(out, "Verdict:     {}", r.verdict)
}

/// The "Games:" line of a text report.
pub(super) fn games_line(
    out: &mut dyn Write,
    games: usize,
    counting: Counting,
) -> std::io::Result<()> {
    writeln!(
        out,
        "Games:       {games} independent ({})",
        counting.describe()
    )
}

/// The "Side wins:" line of a two-player text report.
pub(super) fn side_wins_line(out: &mut dyn Write, r: &Report) -> std::io::Result<()> {
    writeln!(
        out,
        "Side wins:   side 0: {}, side 1: {}",
        r.side_wins[PlayerId(0)],
        r.side_wins[PlayerId(1)]
    )
}

/// The "Rounds:" and "Speed:" lines of a text report.
pub(super) fn rounds_and_speed(
    out: &mut dyn Write,
    mean: f64,
    median: f64,
    per_sec: f64,
) -> std::io::Result<()> {
    writeln!(out, "Rounds:      mean {mean:.1}, median {median:.1}")?;
    writeln!(out, "Speed:       {per_sec:.1} matches/s")
}
