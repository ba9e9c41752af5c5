//! Batches on many machines: `hexwright simulate … --shard K/N --out
//! shard-K.json` plays one slice of a batch ([`play_shard`]), and
//! `hexwright merge shard-*.json` checks that the files are one batch,
//! each slice once, and prints the batch's report as `simulate` prints it
//! for the whole batch in one process (its speed line sums the shards'
//! playing time).

use super::report::{print_report, progress_bar};
use super::setup::{Setup, SimulateArgs, parse_bots};
use anyhow::{Context, bail};
use clap::Args;
use hexwright_engine::bots::BotKind;
use hexwright_engine::format;
use hexwright_engine::rotation::{self, Played, Rotation};
use hexwright_engine::ruleset::{PhaseRulesV1, RulesetId};
use hexwright_engine::shard::{self, BatchId, SHARD_FORMAT, Shard, ShardFile, WaveTest};
use hexwright_engine::sim::{self, Batch, MatchRow, PlayOptions, Report};
use hexwright_engine::study;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// `merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard files (`simulate --shard K/N --out FILE`), or the files
    /// of a ladder (`ladder --shard K/N`) or of a balance's waves
    /// (`balance --wave W --shard K/N`, with `--until-decided`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print the report as one JSON object, as `simulate --json` does.
    #[arg(long)]
    pub json: bool,
    /// Also write the merged batch as one file (shard 0 of 1), which
    /// `merge` reads again and the sandbox's batch tab imports.
    #[arg(long, value_name = "FILE", conflicts_with = "until_decided")]
    pub out: Option<PathBuf>,
    /// The files are the waves of a batch played until decided
    /// (`simulate --until-decided --wave W --shard K/N`): run the test over
    /// every wave and print its report. Exits 0 when the test has decided
    /// (or the batch reached `--max`), 3 when it wants another wave, whose
    /// number and matches it prints.
    #[arg(long)]
    pub until_decided: bool,
}

/// Plays slice `shard` of the batch `bots` play on `setup` (seat-swapped
/// pairs in akw-rules-v1, rotated seats otherwise) and writes it to
/// `--out`.
pub(super) fn play_shard(
    args: &SimulateArgs,
    setup: &Setup,
    bots: &[BotKind],
    shard: Shard,
    jobs: usize,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let path = args
        .out
        .as_ref()
        .context("--shard writes its matches to a file: give --out FILE")?;
    if args.record.is_some() || args.json {
        bail!("--shard writes a shard file only; --record and --json go with the merged batch");
    }
    let matches = args.matches;
    let range = shard.range(matches);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let bar = progress_bar(range.len());
    let started = Instant::now();
    let progress = |done: usize| {
        if let Some(b) = &bar {
            b.set_position(done as u64);
        }
    };
    let never = AtomicBool::new(false);
    let rows: Vec<MatchRow> = pool.install(|| match setup.prepared.ruleset {
        RulesetId::AkwRulesV1 => {
            let batch = Batch {
                matches,
                bots: [bots[0], bots[1]],
                seed: setup.seed,
            };
            sim::simulate_range(
                &setup.prepared,
                &batch,
                range.clone(),
                PlayOptions { record: false },
                &progress,
                &never,
                &|i, r| MatchRow::new(i, &r),
            )
        }
        RulesetId::PhaseRulesV1 => {
            let batch = Rotation {
                matches,
                bots: bots.to_vec(),
                seed: setup.seed,
            };
            rotation::simulate_range::<PhaseRulesV1>(
                &setup.prepared,
                &batch,
                range.clone(),
                &progress,
                &never,
            )
            .iter()
            .map(Played::row)
            .collect()
        }
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let file = ShardFile {
        format: SHARD_FORMAT,
        batch: BatchId::new(&setup.map, &setup.prepared, bots, setup.seed, matches)?,
        shard: shard.index,
        shards: shard.count,
        seconds: started.elapsed().as_secs_f64(),
        rows,
        wave: None,
    };
    write_shard(path, &file)?;
    writeln!(
        out,
        "Shard {}/{}: matches {}..{} of {} written to {}",
        shard.index,
        shard.count,
        range.start,
        range.end,
        matches,
        path.display()
    )?;
    Ok(())
}

/// Writes `file` to `path` (atomically) as JSON.
pub(super) fn write_shard(path: &std::path::Path, file: &ShardFile) -> anyhow::Result<()> {
    let text = serde_json::to_string(file)?;
    format::write_atomic(path, text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Runs `merge`; returns the exit code (0; 3 when `--until-decided` wants
/// another wave; 2 when the files cannot be read or are not one whole
/// batch).
pub fn run(args: &MergeArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    match merge(args, out) {
        Ok(code) => code,
        Err(e) => {
            super::report_error(err, &e);
            2
        }
    }
}

fn merge(args: &MergeArgs, out: &mut dyn Write) -> anyhow::Result<u8> {
    let inputs: Vec<&std::path::Path> = args.files.iter().map(PathBuf::as_path).collect();
    super::check_out(args.out.as_deref(), &inputs)?;
    // One file at a time, each checked as it comes: a doubled, foreign or
    // forged file is refused before anything else is read.
    let read = |p: &PathBuf| -> anyhow::Result<(String, ShardFile)> {
        let name = p.display().to_string();
        match study::read(p)? {
            study::Input::Batch(f) => Ok((name, *f)),
            study::Input::Study(_) => {
                bail!("{name} is a shard of a ladder or balance, not of one batch: merge it apart")
            }
        }
    };
    let Some((first, rest)) = args.files.split_first() else {
        bail!("no shard file to merge");
    };
    let name = first.display().to_string();
    let first = match study::read(first)? {
        study::Input::Study(f) => {
            if args.out.is_some() {
                bail!(
                    "{name} is part of a ladder or a balance, whose merge prints its report only: --out writes one merged batch"
                );
            }
            return super::study::merge((name, f), rest, args.until_decided, args.json, out);
        }
        study::Input::Batch(f) => (name, *f),
    };
    let files = std::iter::once(Ok(first)).chain(rest.iter().map(read));
    if args.until_decided {
        let mut waves = shard::WaveMerger::default();
        for file in files {
            let (name, f) = file?;
            waves.add(name, f)?;
        }
        let plan = waves.plan().context("no wave file to merge")?;
        if waves.test() == Some(WaveTest::Seats) {
            return super::study::merge_seat_waves(plan, waves.finish()?, args.json, out);
        }
        return super::decide::merge_waves(plan, waves.finish()?, args.json, out);
    }
    let mut merger = shard::Merger::default();
    for file in files {
        let (name, f) = file?;
        if f.wave.is_some() {
            bail!(
                "{name} is a wave of a batch played until decided: merge its waves with --until-decided"
            );
        }
        merger.add(name, f)?;
    }
    let merged = merger.finish()?;
    if let Some(path) = &args.out {
        write_shard(path, &ShardFile::whole(merged.clone()))?;
    }
    let b = &merged.batch;
    let ruleset: RulesetId = b.ruleset.parse().map_err(anyhow::Error::msg)?;
    let kinds = parse_bots(Some(&b.bots), b.bots.len(), super::setup::Names::File)?;
    if ruleset == RulesetId::AkwRulesV1 && kinds.len() != 2 {
        bail!("an akw-rules-v1 batch has two bots, not {}", kinds.len());
    }
    let batch = Rotation {
        matches: b.matches,
        bots: kinds,
        seed: b.seed,
    };
    let report = Report::new(ruleset, &merged.rows, &batch.bots, merged.seconds);
    print_report(out, &report, &batch, args.json)?;
    Ok(0)
}
