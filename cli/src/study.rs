//! Ladders, balances and rotated batches until decided on many machines:
//! `ladder --shard K/N`, `balance --wave W --shard K/N` and, in
//! phase-rules-v1, `simulate --until-decided --wave W --shard K/N` each
//! play one task's slice and write it to a file; `merge` (with
//! `--until-decided` for waves) checks the files and prints what one
//! process prints ([`hexwright_engine::study`]).

use super::report::progress_bar;
use super::setup::{Setup, SimulateArgs};
use anyhow::{Context, bail};
use hexwright_engine::bots::BotKind;
use hexwright_engine::format;
use hexwright_engine::ladder::{self, LadderSpec};
use hexwright_engine::rotation::{self, Played, Rotation};
use hexwright_engine::ruleset::{AkwRulesV1, PhaseRulesV1, RulesetId};
use hexwright_engine::sequential::Plan;
use hexwright_engine::shard::{self, BatchId, SHARD_FORMAT, Shard, ShardFile, Wave, WaveTest};
use hexwright_engine::sim::MatchRow;
use hexwright_engine::study::{BalanceMerger, LadderMerger, Study, StudyFile};
use hexwright_engine::until_decided::SeatRounds;
use indicatif::ProgressBar;
use std::io::Write;
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// One task of a cluster: its slice, the file it writes, its threads.
pub(super) struct Task<'a> {
    /// The slice of every batch (or wave) it plays.
    pub shard: Shard,
    /// The file it writes.
    pub path: &'a Path,
    /// Worker threads.
    pub jobs: usize,
}

/// Plays the matches `range` of `rotation` on `setup` in its ruleset, as
/// batch rows; `done` counts finished matches across calls for `bar`.
fn play_rows(
    setup: &Setup,
    rotation: &Rotation,
    range: Range<usize>,
    bar: Option<&ProgressBar>,
    before: usize,
) -> Vec<MatchRow> {
    let never = AtomicBool::new(false);
    let progress = |k: usize| {
        if let Some(b) = bar {
            b.set_position((before + k) as u64);
        }
    };
    let p = &setup.prepared;
    let played = match p.ruleset {
        RulesetId::AkwRulesV1 => {
            rotation::simulate_range::<AkwRulesV1>(p, rotation, range, &progress, &never)
        }
        RulesetId::PhaseRulesV1 => {
            rotation::simulate_range::<PhaseRulesV1>(p, rotation, range, &progress, &never)
        }
    };
    played.iter().map(Played::row).collect()
}

fn pool(jobs: usize) -> anyhow::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")
}

/// Writes `value` to `path` (atomically) as JSON.
fn write_json(path: &Path, value: &impl serde::Serialize) -> anyhow::Result<()> {
    let text = serde_json::to_string(value)?;
    format::write_atomic(path, text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}

/// `ladder --shard K/N --out FILE`: slice K of N of every pair's batch, as
/// one study file.
pub(super) fn ladder_shard(
    setup: &Setup,
    spec: &LadderSpec,
    task: &Task,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let players = setup.prepared.players();
    ladder::check(spec, players)?;
    let pairs = ladder::pairs_of(&spec.bots);
    let range = task.shard.range(spec.matches);
    let bar = progress_bar(range.len() * pairs.len());
    let pool = pool(task.jobs)?;
    let mut parts = Vec::new();
    for (i, (a, b)) in pairs.into_iter().enumerate() {
        let rotation = ladder::pair_batch(spec, a, b, players)?;
        let started = Instant::now();
        let before = i * range.len();
        let rows =
            pool.install(|| play_rows(setup, &rotation, range.clone(), bar.as_ref(), before));
        parts.push(ShardFile {
            format: SHARD_FORMAT,
            batch: BatchId::new(
                &setup.map,
                &setup.prepared,
                &rotation.bots,
                spec.seed,
                spec.matches,
            )?,
            shard: task.shard.index,
            shards: task.shard.count,
            seconds: started.elapsed().as_secs_f64(),
            rows,
            wave: None,
        });
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let bots = spec
        .bots
        .iter()
        .map(|b| shard::bot_name(*b, &setup.prepared))
        .collect();
    write_json(
        task.path,
        &StudyFile {
            format: SHARD_FORMAT,
            study: Study::Ladder { bots },
            parts,
        },
    )?;
    writeln!(
        out,
        "Ladder shard {}/{}: matches {}..{} of the {} of each pair ({} pairs) written to {}",
        task.shard.index,
        task.shard.count,
        range.start,
        range.end,
        spec.matches,
        spec.bots.len() * (spec.bots.len() - 1) / 2,
        task.path.display()
    )?;
    Ok(())
}

/// Slice `task.shard` of wave `index` of the batch `rotation` played until
/// its seat test (`plan`) decides, as a shard file.
fn seat_wave_part(
    setup: &Setup,
    (rotation, plan): (&Rotation, Plan),
    index: usize,
    task: &Task,
    bar: Option<&ProgressBar>,
    before: usize,
) -> anyhow::Result<ShardFile> {
    let wave = SeatRounds::wave(rotation, plan, index).with_context(|| {
        format!(
            "--wave {index}: the test looks {} times at most (--max {}), so its waves are 1 to {}",
            plan.looks().len(),
            rotation.matches,
            plan.looks().len()
        )
    })?;
    let part = task.shard.range(wave.len());
    let range = wave.start + part.start..wave.start + part.end;
    let started = Instant::now();
    let rows = pool(task.jobs)?.install(|| play_rows(setup, rotation, range, bar, before));
    Ok(ShardFile {
        format: SHARD_FORMAT,
        batch: BatchId::new(
            &setup.map,
            &setup.prepared,
            &rotation.bots,
            setup.seed,
            rotation.matches,
        )?,
        shard: task.shard.index,
        shards: task.shard.count,
        seconds: started.elapsed().as_secs_f64(),
        rows,
        wave: Some(Wave {
            index,
            start: wave.start,
            end: wave.end,
            plan,
            test: WaveTest::Seats,
        }),
    })
}

/// `simulate --until-decided --wave W --shard K/N --out FILE` in a ruleset
/// of 2 to 4 players (the seat test): one shard file.
pub(super) fn seat_wave(
    args: &SimulateArgs,
    setup: &Setup,
    bots: Vec<BotKind>,
    task: &Task,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let index = args.wave.context(
        "--until-decided with --shard plays one wave of the test on many machines: give --wave W (from 1)",
    )?;
    if args.json {
        bail!("--shard writes a shard file only; `merge --until-decided --json` prints the report");
    }
    let (rotation, plan) = super::balance::seat_batch(args, setup, bots)?;
    let file = seat_wave_part(setup, (&rotation, plan), index, task, None, 0)?;
    super::merge::write_shard(task.path, &file)?;
    let (range, w) = (file.range(), file.wave.unwrap_or_else(|| unreachable!()));
    writeln!(
        out,
        "Wave {index}, shard {}/{}: matches {}..{} of the wave's {}..{} written to {}",
        task.shard.index,
        task.shard.count,
        range.start,
        range.end,
        w.start,
        w.end,
        task.path.display()
    )?;
    Ok(())
}

/// `balance --wave W --shard K/N --out FILE`: slice K of N of wave W of
/// every level in `skills`, as one study file.
pub(super) fn balance_wave(
    args: &SimulateArgs,
    setup: &Setup,
    skills: &[BotKind],
    index: usize,
    task: &Task,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let players = setup.prepared.players();
    let bar = progress_bar(0);
    let mut parts = Vec::new();
    let mut before = 0;
    for &bot in skills {
        let (rotation, plan) = super::balance::seat_batch(args, setup, vec![bot; players])?;
        let part = seat_wave_part(setup, (&rotation, plan), index, task, bar.as_ref(), before)?;
        before += part.rows.len();
        parts.push(part);
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let matches: usize = parts.iter().map(|p| p.rows.len()).sum();
    write_json(
        task.path,
        &StudyFile {
            format: SHARD_FORMAT,
            study: Study::Balance,
            parts,
        },
    )?;
    writeln!(
        out,
        "Balance wave {index}, shard {}/{}: {matches} matches of {} level(s) written to {}",
        task.shard.index,
        task.shard.count,
        skills.len(),
        task.path.display()
    )?;
    Ok(())
}

/// `merge` of study files (the first already read): a ladder's shards, or
/// with `until_decided` a balance's waves. Returns the exit code: 0, or 3
/// when a balance's level wants another wave.
pub(super) fn merge(
    first: (String, StudyFile),
    rest: &[std::path::PathBuf],
    until_decided: bool,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<u8> {
    let read = |p: &std::path::PathBuf| -> anyhow::Result<(String, StudyFile)> {
        let name = p.display().to_string();
        match hexwright_engine::study::read(p)? {
            hexwright_engine::study::Input::Study(f) => Ok((name, f)),
            hexwright_engine::study::Input::Batch(_) => {
                bail!("{name} is a shard of one batch, not of a ladder or balance: merge it apart")
            }
        }
    };
    match first.1.study {
        Study::Ladder { .. } => {
            if until_decided {
                bail!(
                    "{} is a ladder's shard, played in full: merge it without --until-decided",
                    first.0
                );
            }
            let mut merger = LadderMerger::default();
            merger.add(&first.0, first.1)?;
            for p in rest {
                let (name, f) = read(p)?;
                merger.add(&name, f)?;
            }
            let merged = merger.finish()?;
            if json {
                serde_json::to_writer(&mut *out, &merged.ladder)?;
                writeln!(out)?;
            } else {
                let ruleset: RulesetId = merged.ruleset.parse().map_err(anyhow::Error::msg)?;
                super::ladder::write_text(out, &merged.ladder, ruleset)?;
            }
            Ok(0)
        }
        Study::Balance => {
            if !until_decided {
                bail!(
                    "{} is a wave of a balance played until decided: merge its waves with --until-decided",
                    first.0
                );
            }
            let mut merger = BalanceMerger::default();
            merger.add(&first.0, first.1)?;
            for p in rest {
                let (name, f) = read(p)?;
                merger.add(&name, f)?;
            }
            let b = merger.finish()?;
            write_balance(out, &b, json)?;
            Ok(if b.next.is_some() { 3 } else { 0 })
        }
    }
}

/// Prints a merged balance, and the next wave when one is wanted.
fn write_balance(
    out: &mut dyn Write,
    b: &hexwright_engine::study::Balance,
    json: bool,
) -> anyhow::Result<()> {
    let skills = |bots: &[BotKind]| bots.iter().map(|b| b.name()).collect::<Vec<_>>().join(",");
    if json {
        let mut v = super::balance::levels_json(&b.ruleset, b.players, &b.levels);
        v["next_wave"] = match &b.next {
            Some((wave, bots)) => serde_json::json!({ "wave": wave, "skills": skills(bots) }),
            None => serde_json::Value::Null,
        };
        writeln!(out, "{v}")?;
        return Ok(());
    }
    let Some((wave, bots)) = &b.next else {
        return super::balance::write_levels(out, &b.ruleset, b.players, &b.levels, false);
    };
    super::balance::write_level_rows(out, &b.ruleset, b.players, &b.levels)?;
    {
        let skills = skills(bots);
        writeln!(
            out,
            "Next wave:   {wave} for {skills}: the test has not decided at these levels after {} wave(s); play it (balance --skills {skills} --wave {wave}) and merge again",
            wave - 1
        )?;
    }
    Ok(())
}

/// `merge --until-decided` of the waves of one batch tested seat by seat
/// (phase-rules-v1's `simulate --until-decided`): prints what one process
/// prints, and the next wave when the test wants one (exit 3).
pub(super) fn merge_seat_waves(
    plan: Plan,
    waves: Vec<shard::Merged>,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<u8> {
    let Some(first) = waves.first() else {
        bail!("no wave file to merge");
    };
    let batch = first.batch.clone();
    let bots = super::setup::parse_bots(
        Some(&batch.bots),
        batch.bots.len(),
        super::setup::Names::File,
    )?;
    let names = super::balance::bot_names(&bots);
    let hexwright_engine::study::SeatWaves { decided, next } =
        hexwright_engine::study::seat_waves(&batch, plan, waves)?;
    let so_far = next.as_ref().map(|(index, _)| index - 1);
    if json {
        let mut v = super::balance::seats_decided_json(&batch.ruleset, &names, &decided, so_far);
        v["next_wave"] = super::decide::next_wave_json(next.as_ref());
        writeln!(out, "{v}")?;
    } else {
        super::balance::write_seats_decided(out, &batch.ruleset, &names, &decided, so_far)?;
        if let Some(next) = &next {
            super::decide::write_next_wave(out, next)?;
        }
    }
    Ok(if next.is_some() { 3 } else { 0 })
}
