//! How batches are reported: one writer for every batch command, so
//! `simulate`, `merge` and the until-decided runs print the same lines. A
//! batch's report ([`print_report`]: akw-rules-v1's two sides, or the seat
//! test of every other batch), the lines the until-decided report shares,
//! and the progress bar.

use hexwright_engine::bots::BotKind;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rotation::Rotation;
use hexwright_engine::sim::{Reading, Report, SeatReading, SideReading};
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
    batch: &Rotation,
    json: bool,
) -> anyhow::Result<()> {
    if json {
        serde_json::to_writer(&mut *out, report)?;
        writeln!(out)?;
    } else {
        match &report.reading {
            Reading::Sides(s) => write_sides(out, report, s, batch)?,
            Reading::Seats(s) => write_seats(out, report, s, batch)?,
        }
    }
    Ok(())
}

/// An akw-rules-v1 batch of two bots: side 0's score.
fn write_sides(
    out: &mut dyn Write,
    r: &Report,
    s: &SideReading,
    batch: &Rotation,
) -> std::io::Result<()> {
    let names = names(&batch.bots).replace(", ", " vs ");
    let seating = match batch.counting() {
        Counting::Matches => "each match its own seed",
        Counting::SeatSwappedPairs | Counting::SeatRotations(_) => "seat-swapped pairs",
    };
    writeln!(
        out,
        "Matches:     {} ({names}, {seating}, seeds {}..={})",
        r.matches,
        batch.seed,
        batch.last_seed()
    )?;
    games_line(out, r.independent_games, r.counting)?;
    side_wins_line(out, r)?;
    if let (Some(first), [a, b]) = (s.first_bot_score, &batch.bots[..]) {
        let by_bot: Vec<String> = s
            .bot_wins
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect();
        writeln!(out, "Bot wins:    {}", by_bot.join(", "))?;
        writeln!(out, "{a} score:  {first} against {b} (a draw counts half)")?;
    }
    writeln!(out, "Draws:       {}", r.draws.wins)?;
    writeln!(
        out,
        "Side 0 wins: {} (95% interval over independent games)",
        r.win_rate(PlayerId(0))
    )?;
    rounds_and_speed(out, r.mean_rounds, r.median_rounds, r.matches_per_sec)?;
    writeln!(out, "Verdict:     {}", s.verdict)
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

/// The "Side wins:" line of a two-sided text report.
pub(super) fn side_wins_line(out: &mut dyn Write, r: &Report) -> std::io::Result<()> {
    writeln!(
        out,
        "Side wins:   side 0: {}, side 1: {}",
        r.seats.first().map_or(0, |s| s.wins),
        r.seats.get(1).map_or(0, |s| s.wins)
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

fn names(bots: &[BotKind]) -> String {
    let v: Vec<&str> = bots.iter().map(|b| b.name()).collect();
    v.join(", ")
}

/// Every other batch: the seat test.
fn write_seats(
    out: &mut dyn Write,
    r: &Report,
    s: &SeatReading,
    batch: &Rotation,
) -> std::io::Result<()> {
    let seating = match r.counting {
        Counting::Matches => "each match its own seed".to_owned(),
        Counting::SeatSwappedPairs | Counting::SeatRotations(_) => {
            format!("seats rotated, {} seatings per seed", batch.period())
        }
    };
    writeln!(out, "Ruleset:     {} ({} players)", r.ruleset, r.players())?;
    writeln!(
        out,
        "Matches:     {} ({}; {seating}, seeds {}..={})",
        r.matches,
        names(&s.bots),
        batch.seed,
        batch.last_seed()
    )?;
    games_line(out, r.independent_games, r.counting)?;
    for (p, seat) in r.seats.iter().enumerate() {
        let points = s
            .mean_points
            .get(p)
            .map_or_else(String::new, |m| format!(", mean points {m:.1}"));
        writeln!(
            out,
            "Seat {p}:      {} wins, {}{points}",
            seat.wins, seat.rate
        )?;
    }
    // With one bot in every seat, its win rate is every win: nothing to
    // compare.
    if s.by_bot.len() > 1 {
        for b in &s.by_bot {
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
    writeln!(out, "Verdict:     {}", s.verdict.sentence())
}
