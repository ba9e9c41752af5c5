//! `hexwright simulate … --until-decided`: a batch played in rounds that
//! stops as soon as the engine's sequential test
//! ([`hexwright_engine::sequential`]) says the map favours a seat or is
//! fair within the margin, reported with the test's error bound.
//!
//! The fixed-sample 95% intervals of a plain batch do not hold once the
//! batch stops on what it saw, so this report prints the test's
//! anytime-valid interval instead.

use super::report::{games_line, progress_bar, rounds_and_speed, side_wins_line};
use super::setup::{Setup, SimulateArgs, parse_bots};
use anyhow::{Context, bail};
use hexwright_engine::bots::BotKind;
use hexwright_engine::ruleset::RulesetId;
use hexwright_engine::sequential::{DEFAULT_ALPHA, DEFAULT_MARGIN, Plan, Summary};
use hexwright_engine::shard::{self, BatchId, SHARD_FORMAT, Shard, ShardFile, Wave};
use hexwright_engine::sim::{self, Batch, MatchRow, PlayOptions, Report};
use hexwright_engine::until_decided::{Decided, Rounds, plan_for, play_until_decided};
use std::io::Write;
use std::ops::Range;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The batch `--max` allows and the test `--alpha` and `--margin` ask
/// for: what one process and every wave of a cluster play.
fn batch_and_plan(
    args: &SimulateArgs,
    setup: &Setup,
    bots: [BotKind; 2],
) -> anyhow::Result<(Batch, Plan)> {
    let batch = Batch {
        matches: super::setup::checked_max(args.max)?,
        bots,
        seed: setup.seed,
    };
    let plan = plan_for(
        &batch,
        args.alpha.unwrap_or(DEFAULT_ALPHA),
        args.margin.unwrap_or(DEFAULT_MARGIN),
    )?;
    Ok((batch, plan))
}

/// Plays `bots` on `setup` until decided and prints the report.
pub(super) fn simulate(
    args: &SimulateArgs,
    setup: &Setup,
    bots: [BotKind; 2],
    jobs: usize,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let (batch, plan) = batch_and_plan(args, setup, bots)?;
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
    let report = Report::new(RulesetId::AkwRulesV1, &decided.rows, &bots, seconds);
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

/// Plays slice `shard` of wave `--wave` of the batch `bots` play on
/// `setup` until decided, and writes it to `--out`.
pub(super) fn play_wave(
    args: &SimulateArgs,
    setup: &Setup,
    bots: [BotKind; 2],
    shard: Shard,
    jobs: usize,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let index = args.wave.context(
        "--until-decided with --shard plays one wave of the test on many machines: give --wave W (from 1)",
    )?;
    let path = args
        .out
        .as_ref()
        .context("--shard writes its matches to a file: give --out FILE")?;
    if args.json {
        bail!("--shard writes a shard file only; `merge --until-decided --json` prints the report");
    }
    let (batch, plan) = batch_and_plan(args, setup, bots)?;
    let wave = Rounds::wave(&batch, plan, index).with_context(|| {
        format!(
            "--wave {index}: the test looks {} times at most (--max {}), so its waves are 1 to {}",
            plan.looks().len(),
            batch.matches,
            plan.looks().len()
        )
    })?;
    let part = shard.range(wave.len());
    let range = wave.start + part.start..wave.start + part.end;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let bar = progress_bar(range.len());
    let started = Instant::now();
    let rows = pool.install(|| {
        sim::simulate_range(
            &setup.prepared,
            &batch,
            range.clone(),
            PlayOptions { record: false },
            &|done| {
                if let Some(b) = &bar {
                    b.set_position(done as u64);
                }
            },
            &AtomicBool::new(false),
            &|i, r| MatchRow::new(i, &r),
        )
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let file = ShardFile {
        format: SHARD_FORMAT,
        batch: BatchId::new(
            &setup.map,
            &setup.prepared,
            &bots,
            setup.seed,
            batch.matches,
        )?,
        shard: shard.index,
        shards: shard.count,
        seconds: started.elapsed().as_secs_f64(),
        rows,
        wave: Some(Wave {
            index,
            start: wave.start,
            end: wave.end,
            plan,
            test: hexwright_engine::shard::WaveTest::Side0,
        }),
    };
    super::merge::write_shard(path, &file)?;
    writeln!(
        out,
        "Wave {index}, shard {}/{}: matches {}..{} of the wave's {}..{} written to {}",
        shard.index,
        shard.count,
        range.start,
        range.end,
        wave.start,
        wave.end,
        path.display()
    )?;
    Ok(())
}

/// `merge --until-decided`: the waves' shard files merged, the test run
/// over them wave by wave as one process would have run it, and its
/// report printed. Returns 0 when the test has decided or the batch is
/// played, 3 when it wants the next wave (printed).
pub(super) fn merge_waves(
    plan: Plan,
    waves: Vec<shard::Merged>,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<u8> {
    let Some(first) = waves.first() else {
        bail!("no wave file to merge");
    };
    let b = first.batch.clone();
    let ruleset: RulesetId = b.ruleset.parse().map_err(anyhow::Error::msg)?;
    if ruleset != RulesetId::AkwRulesV1 {
        bail!("--until-decided tests two-player akw-rules-v1 batches, not {ruleset}");
    }
    let kinds = parse_bots(Some(&b.bots), 2, super::setup::Names::File)?;
    let batch = Batch {
        matches: b.matches,
        bots: [kinds[0], kinds[1]],
        seed: b.seed,
    };
    let mut rounds = Rounds::new(&batch, plan);
    let mut seconds = 0.0;
    let played = waves.len();
    for (index, merged) in (1..).zip(waves) {
        if rounds.next().is_none() {
            bail!(
                "wave {index} was played after the test decided at wave {}: merge waves 1 to {}",
                index - 1,
                index - 1
            );
        }
        seconds += merged.seconds;
        rounds.add(merged.rows).map_err(|range| {
            anyhow::anyhow!("wave {index} should hold the test's matches {range:?}, but does not")
        })?;
    }
    let next: Option<(usize, Range<usize>)> = rounds.next().map(|r| (played + 1, r));
    let decided = rounds.into_decided(false);
    let report = Report::new(RulesetId::AkwRulesV1, &decided.rows, &batch.bots, seconds);
    let summary = decided.test.summary();
    if json {
        let mut v = serde_json::to_value(&report)?;
        v["until_decided"] = serde_json::to_value(summary)?;
        v["looks"] = serde_json::to_value(decided.test.looks())?;
        v["next_wave"] = next_wave_json(next.as_ref());
        serde_json::to_writer(&mut *out, &v)?;
        writeln!(out)?;
    } else {
        write_text(out, &report, &batch, &decided, &summary)?;
        if let Some(next) = &next {
            write_next_wave(out, next)?;
        }
    }
    Ok(if next.is_some() { 3 } else { 0 })
}

/// The next wave of a batch played until decided, as `--json` gives it
/// (`null` when the test wants none).
pub(super) fn next_wave_json(next: Option<&(usize, Range<usize>)>) -> serde_json::Value {
    match next {
        Some((index, r)) => serde_json::json!({ "wave": index, "start": r.start, "end": r.end }),
        None => serde_json::Value::Null,
    }
}

/// The line naming the next wave (`index`, its matches) after `index - 1`
/// waves were played.
pub(super) fn write_next_wave(
    out: &mut dyn Write,
    (index, r): &(usize, Range<usize>),
) -> std::io::Result<()> {
    writeln!(
        out,
        "Next wave:   {index} (matches {}..{}): the test has not decided after {} wave(s); play it and merge again",
        r.start,
        r.end,
        index - 1
    )
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
    writeln!(out, "Draws:       {}", r.draws.wins)?;
    rounds_and_speed(out, r.mean_rounds, r.median_rounds, r.matches_per_sec)?;
    writeln!(out, "Decision:    {s}")?;
    writeln!(
        out,
        "Error bound: at most {:.1}% chance that this decision is wrong. The interval is a {:.0}% anytime-valid confidence sequence for side 0's score (a draw counts half): a normal-mixture boundary that holds at every number of games at once, so stopping on what it shows keeps the bound. Fixed-sample intervals do not hold after stopping early and are not printed.",
        s.alpha * 100.0,
        (1.0 - s.alpha) * 100.0
    )
}
