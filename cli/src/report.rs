//! How batches are reported: one writer for every batch command, so
//! `simulate`, `merge` and the until-decided runs print the same lines. A
//! plain batch's report ([`print_report`]), a rotated batch's
//! ([`print_rotation_report`]), the lines the until-decided report shares,
//! and the progress bar.

use hexwright_engine::bots::BotKind;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rotation::{Rotation, RotationReport};
use hexwright_engine::sim::{Batch, Report};
use hexwright_engine::stats::Counting;
use std::io::Write;

/// A progress bar of matches on a terminal, none otherwise.
pub(super) fn progress_bar(matches: usize) -> Option<indicatif::ProgressBar> {
    super::progress::bar(matches, "matches")
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

/// Prints a rotated batch's report as text, or as one JSON object.
pub(super) fn print_rotation_report(
    out: &mut dyn Write,
    report: &RotationReport,
    batch: &Rotation,
    json: bool,
) -> anyhow::Result<()> {
    if json {
        serde_json::to_writer(&mut *out, report)?;
        writeln!(out)?;
    } else {
        write_rotation_text(out, report, batch)?;
    }
    Ok(())
}

fn names(bots: &[BotKind]) -> String {
    let v: Vec<&str> = bots.iter().map(|b| b.name()).collect();
    v.join(", ")
}

fn write_rotation_text(
    out: &mut dyn Write,
    r: &RotationReport,
    batch: &Rotation,
) -> std::io::Result<()> {
    let groups = batch.matches.div_ceil(batch.players().max(1));
    let seating = match r.counting {
        hexwright_engine::stats::Counting::Matches => "each match its own seed".to_owned(),
        _ => format!("seats rotated, {} seatings per seed", r.players),
    };
    let last = match r.counting {
        hexwright_engine::stats::Counting::Matches => batch.seed + batch.matches as u64 - 1,
        _ => batch.seed + groups as u64 - 1,
    };
    writeln!(out, "Ruleset:     {} ({} players)", r.ruleset, r.players)?;
    writeln!(
        out,
        "Matches:     {} ({}; {seating}, seeds {}..={last})",
        r.matches,
        names(&r.bots),
        batch.seed
    )?;
    games_line(out, r.independent_games, r.counting)?;
    for (p, s) in r.seats.iter().enumerate() {
        let points = r
            .mean_points
            .get(p)
            .map_or_else(String::new, |m| format!(", mean points {m:.1}"));
        writeln!(out, "Seat {p}:      {} wins, {}{points}", s.wins, s.rate)?;
    }
    // With one bot in every seat, its win rate is every win: nothing to
    // compare.
    if r.by_bot.len() > 1 {
        for b in &r.by_bot {
            writeln!(
                out,
                "Bot {:<8} {} wins, {}",
                format!("{}:", b.bot),
                b.wins.wins,
                b.wins.rate
            )?;
        }
    }
    writeln!(out, "Draws:       {}, {}", r.draws.wins, r.draws.rate)?;
    rounds_and_speed(out, r.mean_rounds, r.median_rounds, r.matches_per_sec)?;
    writeln!(out, "Verdict:     {}", r.verdict.sentence())
}
