//! What a batch plays: `simulate`'s arguments, the map or scenario they
//! name made ready to play ([`Setup`]), the bots and the worker threads.
//! Every batch command (`simulate`, its shards and waves, `merge`) starts
//! here.

use anyhow::bail;
use hexwright_engine::bots::BotKind;
use hexwright_engine::bots::BotSpec;
use hexwright_engine::bots::search::{MAX_PLAYOUTS, SearchBudget};
use hexwright_engine::format;
use hexwright_engine::map::Map;
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::scenario::{MAX_ROUND_LIMIT, MapRef, Prepared, Scenario};
use hexwright_engine::ruleset::RulesetId;
use hexwright_engine::sim::MAX_MATCHES;
use std::path::{Path, PathBuf};

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
    /// favours a seat or is fair within `--margin` (side 0's score in
    /// akw-rules-v1, every seat's share of the wins in phase-rules-v1).
    /// With `--shard`, it plays one wave of the test (`--wave`) on many
    /// machines: see `hexwright merge --until-decided`.
    #[arg(long, conflicts_with_all = ["record", "matches"])]
    pub until_decided: bool,
    /// With `--until-decided --shard K/N --out FILE`: play slice K of wave
    /// W (from 1), the matches between the test's looks W - 1 and W, for
    /// `hexwright merge --until-decided`.
    #[arg(long, value_name = "W", requires_all = ["until_decided", "shard"])]
    pub wave: Option<usize>,
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
    /// One bot per player, `A,B,...` (random, greedy, planner, search, policy); default
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
    /// The search bot's budget.
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// What `ladder` and `balance` play on, as `simulate` reads it: the map or
/// scenario, its ruleset, seed and round limit, the threads, the roster,
/// the output and the search bot's budget.
#[derive(Debug, Clone, clap::Args)]
pub struct PlayArgs {
    /// A map file, or a scenario file (`.ron`).
    pub path: PathBuf,
    /// The ruleset to play; default the scenario's, or for a map the first
    /// that seats its players.
    #[arg(long, value_name = "ID")]
    pub ruleset: Option<String>,
    /// First seed (default the scenario's, or 1 for a map).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Rounds before a match is decided by the round limit.
    #[arg(long, value_name = "R")]
    pub max_rounds: Option<u32>,
    /// Worker threads (default: every core).
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
    /// Play with this roster file instead of the bundled one.
    #[arg(long, value_name = "FILE")]
    pub roster: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// The search bot's budget.
    #[command(flatten)]
    pub budget: BudgetArgs,
}

impl PlayArgs {
    /// The same as `simulate`'s arguments (for [`load`] and [`jobs`]).
    pub(super) fn simulate_args(&self) -> SimulateArgs {
        SimulateArgs {
            path: self.path.clone(),
            entry: None,
            shard: None,
            out: None,
            matches: 1,
            until_decided: false,
            wave: None,
            margin: None,
            alpha: None,
            max: None,
            bots: None,
            ruleset: self.ruleset.clone(),
            seed: self.seed,
            jobs: self.jobs,
            max_rounds: self.max_rounds,
            json: self.json,
            record: None,
            roster: self.roster.clone(),
            budget: self.budget.clone(),
        }
    }
}

/// Where a list of bot names comes from: the command line, where the
/// search bot's budget is `--playouts` and `--think` (a name's `:400` is
/// refused, never dropped), or a batch file, whose identities carry it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Names {
    /// Typed by the user.
    CommandLine,
    /// Read from a batch or study file.
    File,
}

/// The bot of one name, read by [`BotSpec`] (the one parser of bot names).
pub(super) fn bot_of(name: &str, from: Names) -> anyhow::Result<BotKind> {
    if from == Names::File {
        // A file's names may carry the policy weights' hash (`policy@…`).
        return hexwright_engine::shard::bot_of_name(name.trim()).map_err(anyhow::Error::msg);
    }
    let spec: BotSpec = name.trim().parse()?;
    if from == Names::CommandLine && spec.has_budget() {
        bail!(
            "`{}`: give the search bot's budget with --playouts (and --think), not after its name",
            name.trim()
        );
    }
    Ok(spec.kind)
}

/// The bots of a list of names (`random,greedy`) typed on the command line.
pub(super) fn bot_list(names: &[String]) -> anyhow::Result<Vec<BotKind>> {
    names
        .iter()
        .map(|n| bot_of(n, Names::CommandLine))
        .collect()
}

/// How long the search bot thinks per decision.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct BudgetArgs {
    /// The search bot's playouts per decision (default 400 in
    /// akw-rules-v1, 300 in phase-rules-v1): the same seed and playouts give
    /// the same matches.
    #[arg(long, value_name = "N")]
    pub playouts: Option<u32>,
    /// Also stop each search decision after this long (`50ms`, `2s`, or
    /// milliseconds): steadier speed, but matches are no longer
    /// reproducible.
    #[arg(long, value_name = "TIME", value_parser = parse_think)]
    pub think: Option<std::time::Duration>,
}

impl BudgetArgs {
    /// The budget asked for, checked; what is not asked stays as in
    /// `default` (the ruleset's).
    ///
    /// # Errors
    /// Playouts outside 1 to [`MAX_PLAYOUTS`].
    pub fn budget(&self, default: SearchBudget) -> anyhow::Result<SearchBudget> {
        let playouts = self.playouts.unwrap_or(default.playouts);
        if !(1..=MAX_PLAYOUTS).contains(&playouts) {
            bail!("--playouts {playouts} is out of range (1 to {MAX_PLAYOUTS})");
        }
        Ok(SearchBudget {
            playouts,
            think: self.think.or(default.think),
        })
    }
}

/// `50ms`, `2s` or a number of milliseconds, from 1 ms to 60 s.
fn parse_think(text: &str) -> Result<std::time::Duration, String> {
    let t = text.trim();
    let (number, scale) = if let Some(ms) = t.strip_suffix("ms") {
        (ms, 1)
    } else if let Some(s) = t.strip_suffix('s') {
        (s, 1000)
    } else {
        (t, 1)
    };
    let n: u64 = number
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a time (e.g. 50ms or 2s)"))?;
    let ms = n.saturating_mul(scale);
    if !(1..=60_000).contains(&ms) {
        return Err(format!("`{text}` is out of range (1ms to 60s)"));
    }
    Ok(std::time::Duration::from_millis(ms))
}

/// What the input path turned out to be, ready to play.
pub(super) struct Setup {
    pub(super) map: Map,
    pub(super) prepared: Prepared,
    pub(super) seed: u64,
}

/// The bots of `--bots`, one per player; without it, greedy and then
/// random for every other seat.
pub(super) fn parse_bots(
    names: Option<&[String]>,
    players: usize,
    from: Names,
) -> anyhow::Result<Vec<BotKind>> {
    let Some(names) = names else {
        let mut bots = vec![BotKind::Greedy];
        bots.resize(players, BotKind::Random);
        return Ok(bots);
    };
    let bots: Vec<BotKind> = names
        .iter()
        .map(|n| bot_of(n, from))
        .collect::<anyhow::Result<_>>()?;
    if bots.len() != players {
        bail!(
            "--bots takes one bot per player: the map has {players} players and {} bot(s) were given; bots: random, greedy, planner, search, policy",
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
    // The pack check (a scenario in a pack reads only the pack's files)
    // comes before the map is read.
    let (map, _) = scenario.load_map(base, &shown)?;
    scenario.map = MapRef::Inline(Box::new(map.clone()));
    let mut prepared = scenario.prepare(base, roster, &shown)?;
    prepared.search = args.budget.budget(prepared.search)?;
    Ok(Setup {
        map,
        prepared,
        seed,
    })
}

/// The most matches a batch played until decided may play: `--max`, or
/// the default.
///
/// # Errors
/// Outside 1 to [`MAX_MATCHES`].
pub(super) fn checked_max(max: Option<usize>) -> anyhow::Result<usize> {
    let n = max.unwrap_or(hexwright_engine::sequential::DEFAULT_MAX);
    if !(1..=MAX_MATCHES).contains(&n) {
        bail!("--max {n} is out of range (1 to {MAX_MATCHES})");
    }
    Ok(n)
}

/// The most worker threads `--jobs` starts: far more than any machine has
/// cores, and few enough that starting them is quick.
pub const MAX_JOBS: usize = 1024;

/// The worker threads to play on: `--jobs`, or one per core.
///
/// # Errors
/// `--jobs` outside 1 to [`MAX_JOBS`].
pub(super) fn jobs(args: &SimulateArgs) -> anyhow::Result<usize> {
    Ok(match args.jobs {
        Some(j) if !(1..=MAX_JOBS).contains(&j) => {
            bail!("--jobs {j} is out of range (1 to {MAX_JOBS} worker threads)")
        }
        Some(j) => j,
        None => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
    })
}
