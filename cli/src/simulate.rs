//! `hexwright simulate MAP_OR_SCENARIO`: matches between bots over worker
//! threads, summarised for playtesters. In akw-rules-v1 two bots play
//! seat-swapped pairs ([`Batch::game`]); in phase-rules-v1 one bot per
//! player plays every rotation of the seats ([`super::rotation`]). The
//! same bot in every seat plays every match from its own seed; rates count
//! independent games only.

use super::report::{print_report, progress_bar};
use super::setup::{Setup, SimulateArgs, jobs, load, parse_bots};
use anyhow::{Context, bail};
use hexwright_engine::replay::Replay;
use hexwright_engine::ruleset::RulesetId;
use hexwright_engine::sim::{self, Batch, MAX_MATCHES, MatchResult, MatchRow, PlayOptions, Report};
use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Runs `simulate`, printing the report to `out`; returns the exit code (0,
/// or 2 for bad input).
pub fn run(args: &SimulateArgs, out: &mut dyn Write, err: &mut (dyn Write + Send)) -> u8 {
    // (`--record` is a folder of new files, checked as they are written.)
    if let Err(e) = super::check_out(args.out.as_deref(), &[&args.path]) {
        return super::exit_code(Err(e), err);
    }
    let result = if hexwright_headless::files::zipped::is_zip(&args.path) {
        hexwright_headless::files::zipped::Unzipped::open(&args.path).and_then(|unzipped| {
            let inner = SimulateArgs {
                path: unzipped.entry(args.entry.as_deref())?,
                ..args.clone()
            };
            simulate(&inner, out).map_err(|e| {
                anyhow::anyhow!(
                    unzipped.shown(&format!("{}", hexwright_headless::report::Chain(&e)))
                )
            })
        })
    } else if args.entry.is_some() {
        Err(anyhow::anyhow!(
            "--entry picks a file of a zipped pack; {} is not a .zip",
            args.path.display()
        ))
    } else {
        simulate(args, out)
    };
    super::exit_code(result, err)
}

fn simulate(args: &SimulateArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    if !(1..=MAX_MATCHES).contains(&args.matches) {
        bail!(
            "--matches {} is out of range (1 to {MAX_MATCHES}; play more as several batches from other --seed values)",
            args.matches
        );
    }
    let jobs = jobs(args)?;
    let roster = super::roster(args.roster.as_deref(), Some(&args.path))?;
    let setup = load(args, &roster)?;
    let bots = parse_bots(
        args.bots.as_deref(),
        setup.prepared.players(),
        super::setup::Names::CommandLine,
    )?;
    if setup.prepared.ruleset != RulesetId::AkwRulesV1 {
        if let (true, Some(shard)) = (args.until_decided, args.shard) {
            let path = args
                .out
                .as_deref()
                .context("--shard writes its matches to a file: give --out FILE")?;
            let task = super::study::Task { shard, path, jobs };
            return super::study::seat_wave(args, &setup, bots, &task, out);
        }
        if let Some(shard) = args.shard {
            return super::merge::play_shard(args, &setup, &bots, shard, jobs, out);
        }
        if args.until_decided {
            return super::balance::simulate(args, &setup, bots, jobs, out);
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
        if let Some(shard) = args.shard {
            return super::decide::play_wave(args, &setup, bots, shard, jobs, out);
        }
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
    // Each match is cut to its row (and its replay written) on its worker,
    // so a batch holds a few hundred bytes per match, not its final states.
    let kept: Vec<(MatchRow, Option<anyhow::Error>)> = pool.install(|| {
        sim::simulate_each(
            &setup.prepared,
            &batch,
            options,
            &|done| {
                if let Some(b) = &bar {
                    b.set_position(done as u64);
                }
            },
            &AtomicBool::new(false),
            &|i, r| {
                let recorded = args
                    .record
                    .as_deref()
                    .and_then(|dir| record(dir, i, &r, &setup).err());
                (MatchRow::new(i, &r), recorded)
            },
        )
    });
    let seconds = started.elapsed().as_secs_f64();
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let mut rows = Vec::with_capacity(kept.len());
    for (row, recorded) in kept {
        if let Some(e) = recorded {
            return Err(e);
        }
        rows.push(row);
    }
    let report = Report::new(RulesetId::AkwRulesV1, &rows, &bots, seconds);
    print_report(out, &report, &(&batch).into(), args.json)
}

/// Writes match `i`'s replay into `dir` (`match-0001.ron` for the first).
fn record(dir: &Path, i: usize, r: &MatchResult, setup: &Setup) -> anyhow::Result<()> {
    let path = dir.join(format!("match-{:04}.ron", i + 1));
    Replay::from_match(r, &setup.prepared, &setup.map)
        .and_then(|replay| replay.save(&path))
        .with_context(|| format!("cannot record {}", path.display()))
}
