//! `hexwright simulate` for rulesets other than akw-rules-v1: one bot per
//! player, every rotation of the seats ([`Rotation::game`]), and the
//! per-seat and per-bot report ([`Report`]).

use super::report::{print_report, progress_bar};
use super::setup::{Setup, SimulateArgs};
use anyhow::{Context, bail};
use hexwright_engine::bots::BotKind;
use hexwright_engine::replay::PhaseReplay;
use hexwright_engine::rotation::{self, Rotation};
use hexwright_engine::ruleset::{PhaseRulesV1, RulesetId};
use hexwright_engine::sim::Report;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Plays and reports a rotated batch of `setup` between `bots`.
pub(super) fn simulate(
    args: &SimulateArgs,
    setup: &Setup,
    bots: Vec<BotKind>,
    jobs: usize,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let batch = Rotation {
        matches: args.matches,
        bots,
        seed: setup.seed,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let bar = progress_bar(args.matches);
    let started = Instant::now();
    let cancel = AtomicBool::new(false);
    let progress = |done: usize| {
        if let Some(b) = &bar {
            b.set_position(done as u64);
        }
    };
    let (played, report) = match setup.prepared.ruleset {
        RulesetId::PhaseRulesV1 => {
            let played = pool.install(|| {
                rotation::simulate::<PhaseRulesV1>(&setup.prepared, &batch, &progress, &cancel)
            });
            let seconds = started.elapsed().as_secs_f64();
            let rows: Vec<_> = played.iter().map(rotation::Played::row).collect();
            let report = Report::new(RulesetId::PhaseRulesV1, &rows, &batch.bots, seconds);
            (played, report)
        }
        RulesetId::AkwRulesV1 => bail!("akw-rules-v1 batches are seat-swapped pairs"),
    };
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if let Some(dir) = &args.record {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the folder {}", dir.display()))?;
        record(dir, &played, setup, &cancel)?;
    }
    print_report(out, &report, &batch, args.json)
}

/// Writes one replay per match into `dir`, playing each match again (a
/// match is a pure function of its seed and seating).
fn record(
    dir: &std::path::Path,
    played: &[rotation::Played],
    setup: &Setup,
    cancel: &AtomicBool,
) -> anyhow::Result<()> {
    for m in played {
        let path = dir.join(format!("match-{:04}.ron", m.index + 1));
        let (_, commands, _) =
            rotation::play::<PhaseRulesV1>(&setup.prepared, m.seed, &m.seating, cancel)
                .context("the batch was cancelled")?;
        let names: Vec<&str> = m.seating.iter().map(|b| b.name()).collect();
        PhaseReplay::record_phase(&setup.prepared, &setup.map, m.seed, &names, &commands)
            .and_then(|replay| replay.save(&path))
            .with_context(|| format!("cannot record {}", path.display()))?;
    }
    Ok(())
}
