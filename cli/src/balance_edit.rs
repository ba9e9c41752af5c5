//! `hexwright balance-edit MAP -o FIXED.ron [--level greedy] [--skills
//! greedy,planner] [--max-edits 4] [--keep-symmetry] [--json]`: the
//! certifying balance assistant ([`hexwright_engine::fix`]). It asks the
//! seat test whether the map is fair as it is; if not, it composes small
//! edits one at a time, each raced against the map on shared seeds and kept
//! only when its paired gain shows it helps, until the map is certified
//! fair on fresh games (or the budget runs out); then it certifies the
//! result at every other level asked and writes the map with its
//! certificates. Each step is printed in words with its figures.

use super::setup::bot_list;
use anyhow::Context as _;
use hexwright_engine::fix::{self, Ending, Level, Options};
use hexwright_engine::format;
use hexwright_engine::ruleset::RulesetId;
use hexwright_engine::sequential::Decision;
use hexwright_headless::files::interrupt;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

/// The options of `hexwright balance-edit`.
#[derive(Debug, Clone, clap::Args)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent command-line switches"
)]
pub struct BalanceEditArgs {
    /// The map file (`.ron`).
    pub map: PathBuf,
    /// Where to write the map with its edits and certificates.
    #[arg(short, long)]
    pub out: PathBuf,
    /// The bot edits are chosen at (on every seat).
    #[arg(long, default_value = "greedy")]
    pub level: String,
    /// Further levels to certify the result at, e.g. `planner`
    /// (comma-separated; the chosen level is always certified).
    #[arg(long, value_delimiter = ',')]
    pub skills: Vec<String>,
    /// Rulesets to certify in, comma-separated (`akw-rules-v1`,
    /// `phase-rules-v1`), or `all` for every ruleset that seats the map's
    /// players; edits are chosen in the first (default: the first ruleset
    /// that seats them).
    #[arg(long, value_delimiter = ',')]
    pub rulesets: Vec<String>,
    /// Keep editing until the map is certified at every level and ruleset
    /// asked (an edit for a level is chosen on that level's games), not
    /// only at `--level`.
    #[arg(long)]
    pub every_level: bool,
    /// As even as it can get within `--max-edits`: once certified, go on
    /// with edits that bring the map nearer to fair (each certified again on
    /// fresh games) and end at the certified map found nearest to fair.
    #[arg(long)]
    pub as_even: bool,
    /// The most edits made.
    #[arg(long, default_value_t = 4)]
    pub max_edits: usize,
    /// Candidates raced per edit.
    #[arg(long, default_value_t = 24)]
    pub shortlist: usize,
    /// Edit a symmetric map with its images, so it stays symmetric (a map
    /// whose turn order favours a side may need an asymmetric edit).
    #[arg(long)]
    pub keep_symmetry: bool,
    /// The fairness margin, in points of share around 1/N.
    #[arg(long, default_value_t = 5.0)]
    pub margin: f64,
    /// The chance of a wrong certificate, in percent.
    #[arg(long, default_value_t = 5.0)]
    pub alpha: f64,
    /// The most games of one certification.
    #[arg(long, default_value_t = 10_000)]
    pub certify_games: usize,
    /// Rounds before a draw (default: the ruleset's).
    #[arg(long)]
    pub round_limit: Option<u32>,
    /// First seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A roster file (default: the map's pack's, else the bundled one).
    #[arg(long)]
    pub roster: Option<PathBuf>,
    /// Print the outcome as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `balance-edit`; returns the exit code (0, or 2 for bad input).
///
/// Interrupted (Ctrl-C, SIGTERM, a cluster's time limit), the search stops
/// at its next check, writes the map as edited so far with the
/// certificates it earned and reports it, then exits 130; a second signal
/// ends it at once.
pub fn run(args: &BalanceEditArgs, out: &mut dyn Write, err: &mut (dyn Write + Send)) -> u8 {
    let _finishing = interrupt::Finishing::start();
    let cancel = interrupt::interrupted();
    let result = balance_edit(args, out, &Mutex::new(&mut *err), cancel);
    let code = super::exit_code(result, err);
    if cancel.load(std::sync::atomic::Ordering::SeqCst) {
        130
    } else {
        code
    }
}

/// The options the arguments ask for.
fn options(args: &BalanceEditArgs, players: usize) -> anyhow::Result<Options> {
    let level = bot_list(std::slice::from_ref(&args.level))?;
    let mut bots = level.clone();
    bots.extend(bot_list(&args.skills)?);
    if !(1..=64).contains(&args.shortlist) {
        anyhow::bail!(
            "--shortlist {}: race from 1 to 64 candidates",
            args.shortlist
        );
    }
    if args.max_edits > 32 {
        anyhow::bail!("--max-edits {}: at most 32", args.max_edits);
    }
    // What a certificate may mean: a chance of error and a margin, in
    // percent and points; looser than the defaults is allowed, and the
    // certificate then says it is weaker (`Certificate::weakness`).
    if !(args.alpha > 0.0 && args.alpha <= 50.0) {
        anyhow::bail!(
            "--alpha {}: a chance of error in percent, above 0 and at most 50 (the default is 5)",
            args.alpha
        );
    }
    if !(args.margin > 0.0 && args.margin < 50.0) {
        anyhow::bail!(
            "--margin {}: points of share around a fair share, above 0 and below 50 (the default is 5)",
            args.margin
        );
    }
    if !(1..=hexwright_engine::sim::MAX_MATCHES).contains(&args.certify_games) {
        anyhow::bail!(
            "--certify-games {}: from 1 to {}",
            args.certify_games,
            hexwright_engine::sim::MAX_MATCHES
        );
    }
    let seating = RulesetId::for_players(players);
    let rulesets: Vec<RulesetId> = match args.rulesets.as_slice() {
        [] => seating.first().copied().into_iter().collect(),
        [all] if all == "all" => seating.clone(),
        ids => ids
            .iter()
            .map(|id| {
                let r: RulesetId = id.parse()?;
                anyhow::ensure!(
                    seating.contains(&r),
                    "--rulesets {id}: it does not seat {players} players"
                );
                Ok(r)
            })
            .collect::<anyhow::Result<_>>()?,
    };
    anyhow::ensure!(!rulesets.is_empty(), "no ruleset seats this map's players");
    let max = hexwright_engine::rules::scenario::MAX_ROUND_LIMIT;
    let mut levels = Vec::new();
    for &r in &rulesets {
        let round_limit = args.round_limit.unwrap_or(r.default_round_limit());
        if !(1..=max).contains(&round_limit) {
            anyhow::bail!("--round-limit {round_limit}: from 1 to {max}");
        }
        for &bot in &bots {
            let l = Level {
                bot,
                round_limit,
                ruleset: Some(r),
            };
            if !levels.contains(&l) {
                levels.push(l);
            }
        }
    }
    let also = levels.split_off(1);
    Ok(Options {
        level: levels[0],
        also,
        every_level: args.every_level,
        as_even: args.as_even,
        keep_symmetry: args.keep_symmetry,
        max_steps: args.max_edits,
        shortlist: args.shortlist,
        margin: args.margin / 100.0,
        alpha: args.alpha / 100.0,
        certify_games: args.certify_games,
        seed: args.seed,
        date: hexwright_headless::files::today_utc(),
        ..Options::default()
    })
}

/// Runs the search, stopping when `cancel` is set.
fn balance_edit(
    args: &BalanceEditArgs,
    out: &mut dyn Write,
    err: &Mutex<&mut (dyn Write + Send)>,
    cancel: &std::sync::atomic::AtomicBool,
) -> anyhow::Result<()> {
    // Before any play: an output that cannot be written fails now, not
    // after the whole search.
    format::check_output_for(&args.out, &[&args.map])
        .with_context(|| format!("{}: cannot write the map there", args.out.display()))?;
    let map = format::load_map(&args.map)?;
    let opts = options(args, map.player_count())?;
    let roster = super::roster(args.roster.as_deref(), Some(&args.map))?;
    let bar = super::progress::spinner("matches");
    // Each edit and each certification goes to `err` as it is
    // made, so a long search shows where it is (and a search stopped
    // early has still said what it found); the report at the end says it
    // all again in order.
    let edits = std::sync::atomic::AtomicUsize::new(0);
    let news = |n: fix::News<'_>| tell(bar.as_ref(), &edits, err, n);
    let fixed = fix::fix_observed(&map, &roster, &opts, &news, cancel)
        .with_context(|| args.map.display().to_string())?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let certified = matches!(fixed.ending, Ending::AlreadyFair | Ending::Certified);
    if certified || !fixed.steps.is_empty() {
        format::save_atomic(&fixed.map, &args.out)
            .with_context(|| format!("{}: cannot write the map", args.out.display()))?;
    }
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &json(&fixed, &args.out, certified))?;
        writeln!(out)?;
        return Ok(());
    }
    words(out, &map.meta.name, &fixed, &opts)?;
    if cancel.load(std::sync::atomic::Ordering::SeqCst) {
        writeln!(out, "Interrupted: the search stopped early.")?;
    }
    if certified || !fixed.steps.is_empty() {
        writeln!(out, "Wrote {}", args.out.display())?;
    } else {
        writeln!(out, "Nothing written: no edit was kept.")?;
    }
    Ok(())
}

/// Tells one piece of the balance assistant's news as it comes: the matches
/// played on the progress bar, each edit (numbered with `edits`) and each
/// certification as a line on `err` (above the bar, when there is one).
pub(super) fn tell(
    bar: Option<&indicatif::ProgressBar>,
    edits: &std::sync::atomic::AtomicUsize,
    err: &Mutex<&mut (dyn Write + Send)>,
    n: fix::News<'_>,
) {
    let line = match n {
        fix::News::Matches(k) => {
            if let Some(b) = bar {
                b.set_position(k as u64);
            }
            return;
        }
        fix::News::Step(s) => {
            let k = edits.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            format!("edit {k}: {}", s.sentence())
        }
        fix::News::Certification(c) => format!("check: {}", c.sentence()),
    };
    if let Some(b) = bar {
        b.println(line);
    } else {
        let mut err = err.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = writeln!(err, "{line}");
    }
}

/// The outcome in words: the check before, each step, the certification,
/// the other levels.
pub(super) fn words(
    out: &mut dyn Write,
    name: &str,
    f: &fix::Fixed,
    opts: &Options,
) -> anyhow::Result<()> {
    let symmetry = if f.symmetry.is_off() {
        "edits may be asymmetric".to_owned()
    } else {
        format!(
            "edits keep the {} symmetry about the {}",
            f.symmetry.mode.label(),
            f.symmetry.centre.label().to_lowercase()
        )
    };
    writeln!(out, "{name}: {} on every seat; {symmetry}", opts.level)?;
    if let Some(first) = f.attempts.first() {
        writeln!(out, "Before: {}", first.sentence())?;
    }
    for (i, s) in f.steps.iter().enumerate() {
        writeln!(out, "  {}. {}", i + 1, s.sentence())?;
    }
    if let Some(r) = &f.rejected {
        writeln!(
            out,
            "  The best of the last race did not help enough: {}",
            r.sentence()
        )?;
    }
    writeln!(out, "{}", f.verdict())?;
    let also = f.latest_also();
    for c in &also {
        writeln!(out, "Also: {}", f.also_sentence(c))?;
    }
    let held: Vec<String> = also
        .iter()
        .filter(|c| c.decision != Decision::Fair)
        .map(|c| c.level.to_string())
        .collect();
    if !f.also.is_empty() && matches!(f.ending, Ending::AlreadyFair | Ending::Certified) {
        if held.is_empty() {
            writeln!(out, "The fix holds at every level asked.")?;
        } else {
            writeln!(
                out,
                "The fix holds for {} but not for {}: certify at that level separately (or search with --every-level).",
                opts.level,
                held.join(", ")
            )?;
        }
    }
    writeln!(out, "Matches played: {}", f.matches)?;
    Ok(())
}

/// The outcome for scripts.
fn json(f: &fix::Fixed, written: &std::path::Path, certified: bool) -> serde_json::Value {
    let cert = |c: &fix::Certification| {
        serde_json::json!({
            "bot": c.level.bot.name(),
            "ruleset": c.level.ruleset.map(|r| r.to_string()),
            "decision": c.decision,
            "seed": c.seed,
            "games": c.games,
            "alpha": c.plan.alpha,
            "margin": c.plan.margin,
            "shares": c.shares,
            "intervals": c.intervals,
        })
    };
    serde_json::json!({
        "ending": match f.ending {
            Ending::AlreadyFair => "already_fair",
            Ending::Certified => "certified",
            Ending::NoHelpingEdit => "no_helping_edit",
            Ending::OutOfBudget => "out_of_budget",
            Ending::Cancelled => "cancelled",
        },
        "verdict": f.verdict(),
        "certified": certified,
        "steps": f.steps.iter().map(|s| serde_json::json!({
            "edit": s.edit.to_string(),
            "bot": s.level.bot.name(),
            "ruleset": s.level.ruleset.map(|r| r.to_string()),
            "before": s.before,
            "after": s.after,
            "gain": s.gain.mean,
            "gain_interval": s.gain.interval,
            "games": s.gain.games,
            "matches": s.matches,
            "candidates": s.candidates.0,
            "raced": s.candidates.1,
            "screened": s.screened.0,
            "changing_no_match": s.screened.1,
            "checks": s.checks.iter().map(|c| serde_json::json!({
                "bot": c.level.bot.name(),
                "ruleset": c.level.ruleset.map(|r| r.to_string()),
                "games": c.games,
                "before": c.before,
                "after": c.after,
                "passed": c.passed,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "attempts": f.attempts.iter().map(cert).collect::<Vec<_>>(),
        "also": f.also.iter().map(cert).collect::<Vec<_>>(),
        "certificates": f.map.certificates,
        "matches": f.matches,
        "written": (certified || !f.steps.is_empty()).then(|| written.display().to_string()),
    })
}
