//! `hexwright analyze MAP [--json] [--player P] [--ruleset R]`: the map
//! analysis ([`hexwright_engine::analysis`]) as a report — the fairness
//! summary (one line per figure, one column per player, the largest
//! difference and whom it favours), every objective's, Outpost's,
//! barracks' and base's distances, and the chokepoints.

use anyhow::Context as _;
use hexwright_engine::analysis::fairness::{STATIC_CAVEAT, StaticVerdict};
use hexwright_engine::analysis::{Analysis, Movement};
use hexwright_engine::coverage::Coverage;
use hexwright_engine::format;
use hexwright_engine::map::Map;
use hexwright_engine::player::PlayerId;
use hexwright_engine::ruleset::RulesetId;
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;

/// The options of `hexwright analyze`.
#[derive(Debug, Clone, clap::Args)]
pub struct AnalyzeArgs {
    /// The map file (`.ron`).
    pub map: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Show the feature distances of this player only (0 to 3), with its
    /// margin over the nearest rival.
    #[arg(long, value_name = "P")]
    pub player: Option<u8>,
    /// Count moves as this ruleset does (default: akw-rules-v1 for two
    /// players, phase-rules-v1 for three and four).
    #[arg(long, value_name = "ID")]
    pub ruleset: Option<String>,
}

/// Runs `analyze`; returns the exit code (0, or 2 for bad input).
pub fn run(args: &AnalyzeArgs, out: &mut dyn Write, err: &mut (dyn Write + Send)) -> u8 {
    super::exit_code(analyze(args, out), err)
}

fn analyze(args: &AnalyzeArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let map = format::load_map(&args.map)?;
    let coverage = Coverage::new(&map).with_context(|| args.map.display().to_string())?;
    let players = map.player_count();
    let ruleset = match &args.ruleset {
        Some(id) => id.parse::<RulesetId>().map_err(anyhow::Error::msg)?,
        None => *RulesetId::for_players(players)
            .first()
            .context("no ruleset plays this many players")?,
    };
    if let Some(why) = ruleset.refusal(players) {
        anyhow::bail!("{}: {why}", args.map.display());
    }
    let player = match args.player {
        Some(p) if usize::from(p) >= players => anyhow::bail!(
            "--player {p}: the map is for {players} players, numbered 0 to {}",
            players - 1
        ),
        p => p.map(PlayerId),
    };
    let a = Analysis::new(&map, &coverage, Movement::of(ruleset));
    if args.json {
        #[derive(Serialize)]
        struct Out<'a> {
            map: &'a str,
            ruleset: &'static str,
            #[serde(flatten)]
            analysis: &'a Analysis,
        }
        serde_json::to_writer_pretty(
            &mut *out,
            &Out {
                map: &map.meta.name,
                ruleset: ruleset.id(),
                analysis: &a,
            },
        )?;
        writeln!(out)?;
    } else {
        write_text(out, &map, ruleset, &a, player)?;
    }
    Ok(())
}

fn write_text(
    out: &mut dyn Write,
    map: &Map,
    ruleset: RulesetId,
    a: &Analysis,
    player: Option<PlayerId>,
) -> anyhow::Result<()> {
    let m = a.movement;
    writeln!(
        out,
        "{}: {} players, counted as {ruleset} moves ({} hexes a move, {} move{} a turn, sight {})",
        map.meta.name,
        a.players,
        m.steps_per_action,
        m.actions_per_turn,
        if m.actions_per_turn == 1 { "" } else { "s" },
        m.sight
    )?;
    write_fairness(out, a)?;
    write_certificates(out, map)?;
    write_features(out, a, player)?;
    write_chokes_and_cover(out, a)
}

fn write_fairness(out: &mut dyn Write, a: &Analysis) -> anyhow::Result<()> {
    writeln!(out)?;
    write!(out, "{:<20}", "Fairness")?;
    for p in PlayerId::all(a.players) {
        write!(out, "{:>10}", format!("side {p}"))?;
    }
    writeln!(out, "{:>10}  favours", "spread")?;
    for f in &a.fairness.figures {
        write!(out, "{:<20}", f.label)?;
        for &v in &f.values {
            write!(out, "{:>10}", f.value_text(v, 2))?;
        }
        let spread = f.spread_text(2);
        let mark = if f.is_uneven() { "!" } else { " " };
        let favours = f.favours.map_or_else(String::new, |p| format!("side {p}"));
        writeln!(out, "{spread:>9}{mark}  {favours}")?;
    }
    writeln!(out)?;
    // The engine's one reading of the figures, as the Fairness panel and
    // `validate` show it.
    let verdict = a.fairness.verdict();
    let mark = if matches!(verdict, StaticVerdict::Uneven { .. }) {
        " (!)"
    } else {
        ""
    };
    writeln!(out, "Static verdict{mark}: {}", verdict.sentence())?;
    writeln!(out, "{STATIC_CAVEAT}")?;
    Ok(())
}

/// The simulated verdicts the file carries: each certificate, and whether
/// it still holds for the map as it is (a changed map voids it).
fn write_certificates(out: &mut dyn Write, map: &Map) -> anyhow::Result<()> {
    for c in &map.certificates {
        if c.holds_for(map) {
            writeln!(out, "Simulated: {}.", c.summary())?;
        } else {
            writeln!(
                out,
                "Void: the board changed since it was {} (certify it again with `hexwright balance-edit`).",
                c.summary().replacen("Certified fair", "certified fair", 1)
            )?;
        }
    }
    Ok(())
}

fn write_features(
    out: &mut dyn Write,
    a: &Analysis,
    player: Option<PlayerId>,
) -> anyhow::Result<()> {
    writeln!(out)?;
    match player {
        Some(p) => writeln!(
            out,
            "Features, from side {p}'s zone: steps, turns, margin over the nearest rival (negative: first)"
        )?,
        None => writeln!(
            out,
            "Features: steps (turns) from each zone; first to get there"
        )?,
    }
    for f in &a.reach.features {
        let at = format!("{} ({},{})", f.kind, f.hex.x, f.hex.y);
        write!(out, "  {at:<28}")?;
        let cell = |p: usize| match (f.steps[p], f.turns[p]) {
            (Some(s), Some(t)) => format!("{s} ({t})"),
            _ => "cut off".to_owned(),
        };
        if let Some(p) = player {
            let margin = f.margin[p.index()].map_or_else(|| "-".to_owned(), |d| format!("{d:+}"));
            writeln!(out, "{:>10}  margin {margin}", cell(p.index()))?;
        } else {
            for p in 0..a.players {
                write!(out, "{:>10}", cell(p))?;
            }
            let first: Vec<String> = f.first().iter().map(|p| format!("side {p}")).collect();
            let first = match first.len() {
                0 => "nobody".to_owned(),
                1 => first[0].clone(),
                _ => format!("tie: {}", first.join(", ")),
            };
            writeln!(out, "  {first}")?;
        }
    }
    Ok(())
}

fn write_chokes_and_cover(out: &mut dyn Write, a: &Analysis) -> anyhow::Result<()> {
    writeln!(out)?;
    if a.chokes.is_empty() {
        writeln!(
            out,
            "Chokepoints: none (no narrow passage lengthens a path)."
        )?;
    } else {
        writeln!(
            out,
            "Chokepoints (blocking one: steps added per side, targets cut off):"
        )?;
        for c in &a.chokes {
            let hexes: Vec<String> = c
                .hexes
                .iter()
                .map(|h| format!("({},{})", h.x, h.y))
                .collect();
            let effects: Vec<String> = PlayerId::all(a.players)
                .map(|p| {
                    let i = p.index();
                    match (c.detour[i], c.cut_off[i]) {
                        (0, 0) => format!("side {p} -"),
                        (d, 0) => format!("side {p} +{d}"),
                        (d, n) => format!("side {p} +{d}, {n} cut off"),
                    }
                })
                .collect();
            writeln!(
                out,
                "  width {:<2} {}: {}",
                c.width,
                hexes.join(" "),
                effects.join("; ")
            )?;
        }
    }
    let bushes = &a.cover.bushes;
    writeln!(
        out,
        "Cover: {} bush{}; {} watch a starting zone, {} an objective (sight {}).",
        bushes.len(),
        if bushes.len() == 1 { "" } else { "es" },
        bushes
            .iter()
            .filter(|b| !b.watches_zones.is_empty())
            .count(),
        bushes
            .iter()
            .filter(|b| !b.watches_objectives.is_empty())
            .count(),
        a.cover.sight
    )?;
    Ok(())
}
