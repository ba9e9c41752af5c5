//! `hexwright simulate … --until-decided`: a batch played in rounds that
//! stops as soon as the engine's sequential test
//! ([`hexwright_engine::sequential`]) says the map favours a seat or is
//! fair within the margin, reported with the test's error bound.
//!
//! The fixed-sample 95% intervals of a plain batch do not hold once the
//! batch stops on what it saw, so this report prints the test's
//! anytime-valid interval instead.

use super::simulate::{
    Setup, SimulateArgs, games_line, progress_bar, rounds_and_speed, side_wins_line,
};
use anyhow::Context;
use hexwright_engine::bots::BotKind;
use hexwright_engine::sequential::{DEFAULT_ALPHA, DEFAULT_MARGIN, Summary};
use hexwright_engine::sim::{Batch, Report};
use hexwright_engine::until_decided::{Decided, plan_for, play_until_decided};
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The most matches `--until-decided` plays without `--max`.
pub use hexwright_engine::sequential::DEFAULT_MAX;

/// Plays `bots` on `setup` until decided and prints the report.
pub(super) fn simulate(
    args: &SimulateArgs,
    setup: &Setup,
    bots: [BotKind; 2],
    jobs: usize,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let batch = Batch {
        matches: args.max.unwrap_or(DEFAULT_MAX),
        bots,
        seed: setup.seed,
    };
    let plan = plan_for(
        &batch,
        args.alpha.unwrap_or(DEFAULT_ALPHA),
        args.margin.unwrap_or(DEFAULT_MARGIN),
    )?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let bar = progress_bar(batch.matches);
    let started = Instant::now();
    let decided = pool.install(|| {
        play_until_decided(
            &setup.prepared,
            &batch,
            plan,
            &|done| {
                if let Some(b) = &bar {
                    b.set_position(done as u64);
                }
            },
            &AtomicBool::new(false),
            &mut |look| {
                if let Some(b) = &bar {
                    b.set_message(look.to_string());
                }
            },
        )
    });
    let seconds = started.elapsed().as_secs_f64();
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let report = Report::from_rows(&decided.rows, bots, seconds);
    let summary = decided.test.summary();
    if args.json {
        let mut v = serde_json::to_value(&report)?;
        v["until_decided"] = serde_json::to_value(summary)?;
        v["looks"] = serde_json::to_value(decided.test.looks())?;
        serde_json::to_writer(&mut *out, &v)?;
        writeln!(out)?;
    } else {
        write_text(out, &report, &batch, &decided, &summary)?;
    }
    Ok(())
}

fn write_text(
    out: &mut dyn Write,
    r: &Report,
    batch: &Batch,
    d: &Decided,
    s: &Summary,
) -> std::io::Result<()> {
    let [a, b] = batch.bots;
    writeln!(
        out,
        "Matches:     {} of at most {} ({a} vs {b}, seeds {}..={}; the batch's first matches)",
        r.matches,
        batch.matches,
        batch.seed,
        batch.game(r.matches.saturating_sub(1)).0
    )?;
    games_line(out, r.independent_games, r.counting)?;
    let looks: Vec<String> = d.test.looks().iter().map(|l| l.games.to_string()).collect();
    writeln!(
        out,
        "Looks:       {} (after {} games)",
        looks.len(),
        looks.join(", ")
    )?;
    side_wins_line(out, r)?;
    writeln!(out, "Draws:       {}", r.draws)?;
    rounds_and_speed(out, r.mean_rounds, r.median_rounds, r.matches_per_sec)?;
    writeln!(out, "Decision:    {s}")?;
    writeln!(
        out,
        "Error bound: at most {:.1}% chance that this decision is wrong. The interval is a {:.0}% anytime-valid confidence sequence for side 0's score (a draw counts half): Hoeffding's bound at every look, with 6·α/(π²·j²) of α spent at look j, so stopping on what it shows keeps the bound. Fixed-sample intervals do not hold after stopping early and are not printed.",
        s.alpha * 100.0,
        (1.0 - s.alpha) * 100.0
    )
}
