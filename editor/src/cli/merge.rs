//! Batches on many machines: `hexwright simulate … --shard K/N --out
//! shard-K.json` plays one slice of a batch ([`play_shard`]), and
//! `hexwright merge shard-*.json` checks that the files are one batch,
//! each slice once, and prints the batch's report as `simulate` prints it
//! for the whole batch in one process (its speed line sums the shards'
//! playing time).

use super::simulate::{Setup, SimulateArgs, parse_bots, print_report, progress_bar};
use anyhow::{Context, bail};
use clap::Args;
use hexwright_engine::format;
use hexwright_engine::replay::{self, fnv1a64};
use hexwright_engine::rules::Roster;
use hexwright_engine::shard::{self, BatchId, SHARD_FORMAT, Shard, ShardFile};
use hexwright_engine::sim::{self, Batch, MatchRow, PlayOptions, Report};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The largest shard file read (a row is about 200 bytes).
const MAX_SHARD_BYTES: u64 = 512 * 1024 * 1024;

/// `merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard files (`simulate --shard K/N --out FILE`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print the report as one JSON object, as `simulate --json` does.
    #[arg(long)]
    pub json: bool,
}

/// The identity of the batch `setup` plays with `roster` and `batch`.
fn batch_id(setup: &Setup, roster: &Roster, batch: &Batch) -> anyhow::Result<BatchId> {
    let p = &setup.prepared;
    Ok(BatchId {
        ruleset: p.ruleset.to_string(),
        map: replay::map_hash(&setup.map)?.to_string(),
        roster: replay::roster_hash(roster)?.to_string(),
        setup: format!(
            "{:016x}",
            fnv1a64(format!("{:?}", (&p.armies, &p.opening)).as_bytes())
        ),
        bots: batch.bots.iter().map(ToString::to_string).collect(),
        seed: batch.seed,
        matches: batch.matches,
        round_limit: p.rules.round_limit,
    })
}

/// Plays slice `shard` of `batch` and writes it to `--out`.
pub(super) fn play_shard(
    args: &SimulateArgs,
    setup: &Setup,
    roster: &Roster,
    batch: &Batch,
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
    let range = shard.range(batch.matches);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let bar = progress_bar(range.len());
    let started = Instant::now();
    let rows: Vec<MatchRow> = pool.install(|| {
        sim::simulate_range(
            &setup.prepared,
            batch,
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
        batch: batch_id(setup, roster, batch)?,
        shard: shard.index,
        shards: shard.count,
        seconds: started.elapsed().as_secs_f64(),
        rows,
    };
    let text = serde_json::to_string(&file)?;
    format::write_atomic(path, text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))?;
    writeln!(
        out,
        "Shard {}/{}: matches {}..{} of {} written to {}",
        shard.index,
        shard.count,
        range.start,
        range.end,
        batch.matches,
        path.display()
    )?;
    Ok(())
}

/// Runs `merge`; returns the exit code (0, or 2 when the files cannot be
/// read or are not one whole batch).
pub fn run(args: &MergeArgs, out: &mut dyn Write) -> u8 {
    match merge(args, out) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e:#}");
            2
        }
    }
}

fn read_shard(path: &std::path::Path) -> anyhow::Result<ShardFile> {
    let shown = path.display().to_string();
    let mut text = String::new();
    std::fs::File::open(path)
        .with_context(|| format!("cannot read {shown}"))?
        .take(MAX_SHARD_BYTES + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("cannot read {shown}"))?;
    if text.len() as u64 > MAX_SHARD_BYTES {
        bail!("{shown}: larger than {MAX_SHARD_BYTES} bytes; cut the batch into more shards");
    }
    serde_json::from_str(&text).with_context(|| format!("{shown}: not a shard file"))
}

fn merge(args: &MergeArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let files = args
        .files
        .iter()
        .map(|p| Ok((p.display().to_string(), read_shard(p)?)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let merged = shard::merge(files)?;
    let b = &merged.batch;
    let kinds = parse_bots(Some(&b.bots), 2)?;
    let batch = Batch {
        matches: b.matches,
        bots: [kinds[0], kinds[1]],
        seed: b.seed,
    };
    let report = Report::from_rows(&merged.rows, batch.bots, merged.seconds);
    print_report(out, &report, &batch, args.json)
}
