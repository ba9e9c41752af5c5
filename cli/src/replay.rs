//! `hexwright replay FILE`: re-runs a recorded match and checks every state
//! hash it holds.

use hexwright_engine::player::PerPlayer;
use hexwright_engine::replay::{AnyReplay, PhaseSnapshot, ReplayError, Snapshot, Summary};
use hexwright_engine::ruleset::RulesetId;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The options of `hexwright replay`.
#[derive(Debug, Clone, clap::Args)]
pub struct ReplayArgs {
    /// A replay file (`.ron`).
    pub file: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print the match after every command (one JSON object per line with
    /// `--json`).
    #[arg(long)]
    pub trace: bool,
    /// Re-run with this roster file instead of the bundled one.
    #[arg(long, value_name = "FILE")]
    pub roster: Option<PathBuf>,
    /// The ruleset the replay must have been recorded in (a replay names
    /// its own in its header; this refuses one of another ruleset).
    #[arg(long, value_name = "ID")]
    pub ruleset: Option<String>,
}

/// The `--json` result object.
#[derive(Serialize)]
struct JsonResult<'a> {
    ok: bool,
    #[serde(flatten)]
    summary: Option<&'a Summary>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    command_index: Option<usize>,
}

/// Runs `replay`, printing to `out`; returns the exit code: 0 the replay
/// re-runs with every hash matching, 1 a mismatch or an illegal command, 2
/// the file cannot be read or parsed.
pub fn run(args: &ReplayArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let origin = args.file.display().to_string();
    let roster = match super::roster(args.roster.as_deref(), None) {
        Ok(r) => r,
        Err(e) => {
            super::report_error(err, &e);
            return 2;
        }
    };
    let replay = match load(&args.file) {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return 2;
        }
    };
    if let Err(e) = check_ruleset(args.ruleset.as_deref(), &replay, &origin) {
        let _ = writeln!(err, "error: {e}");
        return 2;
    }
    let mut write_error: Option<std::io::Error> = None;
    let result = match &replay {
        AnyReplay::Akw(replay) => {
            let mut trace = |s: &Snapshot| {
                if write_error.is_none()
                    && let Err(e) = write_snapshot(out, s, args.json)
                {
                    write_error = Some(e);
                }
            };
            let tracer: Option<&mut dyn FnMut(&Snapshot)> =
                if args.trace { Some(&mut trace) } else { None };
            replay.run(&roster, &origin, tracer)
        }
        AnyReplay::Phase(replay) => {
            let mut trace = |s: &PhaseSnapshot| {
                if write_error.is_none()
                    && let Err(e) = write_phase_snapshot(out, s, args.json)
                {
                    write_error = Some(e);
                }
            };
            let tracer: Option<&mut dyn FnMut(&PhaseSnapshot)> =
                if args.trace { Some(&mut trace) } else { None };
            replay.run(&roster, &origin, tracer)
        }
    };
    // A closed pipe (`| head`) is not an error worth reporting; the replay
    // was still checked to the end.
    let broken_pipe = |e: &std::io::Error| e.kind() == std::io::ErrorKind::BrokenPipe;
    if let Some(e) = write_error.filter(|e| !broken_pipe(e)) {
        let _ = writeln!(err, "error: cannot write the trace: {e}");
        return 2;
    }
    let code = match &result {
        Ok(_) => 0,
        Err(e) if e.is_unreadable() => 2,
        Err(_) => 1,
    };
    if let Err(e) = &result {
        let _ = writeln!(err, "error: {e}");
    }
    let written = if args.json {
        let index = match &result {
            Err(
                ReplayError::Illegal { index, .. }
                | ReplayError::IllegalPhase { index, .. }
                | ReplayError::Hash { index, .. },
            ) => Some(*index),
            _ => None,
        };
        let json = JsonResult {
            ok: result.is_ok(),
            summary: result.as_ref().ok(),
            error: result.as_ref().err().map(ToString::to_string),
            command_index: index,
        };
        serde_json::to_writer(&mut *out, &json)
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(out))
    } else {
        match &result {
            Ok(s) => write_summary(out, s),
            Err(_) => Ok(()),
        }
    };
    match written {
        Err(e) if !broken_pipe(&e) => {
            let _ = writeln!(err, "error: cannot write the result: {e}");
            2
        }
        _ => code,
    }
}

fn load(path: &Path) -> Result<AnyReplay, ReplayError> {
    if path.is_dir() {
        return Err(ReplayError::Load(hexwright_engine::format::LoadError::Io {
            path: path.display().to_string(),
            source: std::io::Error::new(
                std::io::ErrorKind::IsADirectory,
                "it is a folder; `replay` takes one replay file",
            ),
        }));
    }
    AnyReplay::load(path)
}

/// Refuses a replay of another ruleset than `--ruleset` names.
fn check_ruleset(wanted: Option<&str>, replay: &AnyReplay, origin: &str) -> anyhow::Result<()> {
    let Some(wanted) = wanted else {
        return Ok(());
    };
    wanted.parse::<RulesetId>()?;
    let recorded = match replay {
        AnyReplay::Akw(r) => &r.header.ruleset,
        AnyReplay::Phase(r) => &r.header.ruleset,
    };
    if wanted != recorded {
        anyhow::bail!(
            "{origin}: the replay was recorded in {recorded}, not {wanted}; leave out --ruleset to re-run it in its own"
        );
    }
    Ok(())
}

/// One line per command of a phase-rules-v1 trace (or its JSON object).
fn write_phase_snapshot(out: &mut dyn Write, s: &PhaseSnapshot, json: bool) -> std::io::Result<()> {
    if json {
        serde_json::to_writer(&mut *out, s)?;
        return writeln!(out);
    }
    let points: Vec<String> = s.seats.iter().map(|p| p.points.to_string()).collect();
    let bases: Vec<String> = s
        .board
        .bases
        .iter()
        .map(|b| format!("{}:{}", b.side, b.health))
        .collect();
    let order = s
        .orders
        .iter()
        .rev()
        .find(|o| !o.is_empty())
        .map(|o| {
            let v: Vec<String> = o.iter().map(ToString::to_string).collect();
            v.join(">")
        })
        .unwrap_or_default();
    let active = s.active.map_or_else(String::new, |a| {
        format!(" | unit {} ({} left)", a.unit, a.actions_left)
    });
    writeln!(
        out,
        "#{:<5} round {:>3} {:<9} {:<9} token {} | {:<34} | order {order} | points {} | bases {}{active}{}",
        s.index,
        s.round,
        s.stage,
        s.phase,
        s.token,
        s.command.to_string(),
        points.join("/"),
        bases.join(" "),
        match (&s.board.result, s.board.winner) {
            (Some(_), Some(w)) => format!(" | side {w} wins"),
            (Some(r), None) => format!(" | {r}"),
            _ => String::new(),
        }
    )
}

fn write_snapshot(out: &mut dyn Write, s: &Snapshot, json: bool) -> std::io::Result<()> {
    if json {
        serde_json::to_writer(&mut *out, s)?;
        return writeln!(out);
    }
    let alive = |side| {
        s.units
            .iter()
            .filter(|u| {
                u.side == side
                    && u.hex.is_some()
                    && u.status != hexwright_engine::rules::Status::Corpse
            })
            .count()
    };
    let bases: Vec<String> = s
        .bases
        .iter()
        .map(|b| format!("{}:{}", b.side, b.health))
        .collect();
    // `Energy  6/0 `: the first bank right-aligned, the others left-aligned.
    let energy: Vec<String> = s
        .energy
        .iter()
        .enumerate()
        .map(|(i, e)| {
            if i == 0 {
                format!("{e:>2}")
            } else {
                format!("{e:<2}")
            }
        })
        .collect();
    let units: Vec<String> = s.energy.players().map(|p| alive(p).to_string()).collect();
    writeln!(
        out,
        "#{:<5} round {:>3} side {} | {:<40} | Energy {} | units {} | bases {}{}",
        s.index,
        s.round,
        s.side,
        s.command.to_string(),
        energy.join("/"),
        units.join("/"),
        bases.join(" "),
        match (&s.result, s.winner) {
            (Some(_), Some(w)) => format!(" | side {w} wins"),
            (Some(r), None) => format!(" | {r}"),
            _ => String::new(),
        }
    )
}

/// `side 0: a, side 1: b, …` in seat order.
fn per_side<T: std::fmt::Display>(values: &PerPlayer<T>) -> String {
    let parts: Vec<String> = values
        .pairs()
        .map(|(side, v)| format!("side {side}: {v}"))
        .collect();
    parts.join(", ")
}

fn write_summary(out: &mut dyn Write, s: &Summary) -> std::io::Result<()> {
    let result = match (s.result.as_str(), s.winner, &s.winner_bot) {
        ("won", Some(w), Some(bot)) => format!("side {w} ({bot}) won"),
        ("draw", ..) => "draw (round limit reached)".to_string(),
        _ => "unfinished (the commands stop before the match ends)".to_string(),
    };
    writeln!(out, "Result:      {result}")?;
    writeln!(
        out,
        "Match:       {}, seed {}, {}",
        s.map,
        s.seed,
        per_side(&s.bots)
    )?;
    writeln!(out, "Rounds:      {}", s.rounds)?;
    if s.points.is_empty() {
        writeln!(out, "Energy:      {}", per_side(&s.energy))?;
    } else {
        writeln!(
            out,
            "Points:      {}",
            per_side(&PerPlayer::from_vec(s.points.clone()))
        )?;
    }
    writeln!(out, "Base health: {}", per_side(&s.base_health))?;
    writeln!(
        out,
        "Checked:     {} commands, {} state hashes, final hash {}",
        s.commands, s.hashes_checked, s.final_hash
    )
}
