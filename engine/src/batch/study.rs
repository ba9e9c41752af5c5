//! Studies on many machines: a ladder's pairs of bots and a balance's
//! skill levels, each several batches, played in shards and merged exactly.
//!
//! One task of a study plays the same slice of each of its batches — shard
//! `K` of `N` of every pair of a ladder (`hexwright ladder --shard K/N`), or
//! of wave `W` of every undecided level of a balance (`hexwright balance
//! --wave W --shard K/N`) — and writes them together as one [`StudyFile`]:
//! which study it is and one [`ShardFile`] per batch. Every task so gets an
//! equal share of the slow batches and the fast ones.
//!
//! [`LadderMerger`] merges a ladder's files into the [`Ladder`] one process
//! plays; [`BalanceMerger`] merges a balance's waves into the [`Level`]s one
//! process plays, and names the next wave and the levels still undecided.
//! [`seat_waves`] runs the seat test over the waves of one batch (phase-rules-v1's
//! `simulate --until-decided` on a cluster). Each batch is checked as
//! [`crate::shard`] checks it: one batch, each shard once, all there, every
//! row the match its batch plays.

use super::balance::Level;
use super::ladder::{self, Ladder, LadderSpec};
use super::rotation::{Played, Rotation};
use super::sequential::Plan;
use super::shard::{
    self, BatchId, MergeError, Merged, Merger, ReadError, SHARD_FORMAT, ShardFile, WaveMerger,
    WaveTest,
};
use super::until_decided::{SeatRounds, SeatsDecided};
use crate::bots::BotKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

/// The most batches one study file holds (a ladder of the four bots has
/// six pairs).
pub const MAX_PARTS: usize = 16;

/// Which study a file is part of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Study {
    /// `hexwright ladder`: one batch per pair of `bots` (as a batch names
    /// them), in [`ladder::pairs_of`]'s order; the first is the ratings'
    /// zero.
    Ladder {
        /// The bots.
        bots: Vec<String>,
    },
    /// `hexwright balance`: one batch per skill level, the same bot on
    /// every seat, each played until decided in waves; a wave holds the
    /// levels still undecided.
    Balance,
}

/// One task's slices of a study's batches, as a file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StudyFile {
    /// Always [`SHARD_FORMAT`].
    pub format: u32,
    /// The study.
    pub study: Study,
    /// One slice per batch: every pair of a ladder, or every level a
    /// balance's wave plays.
    pub parts: Vec<ShardFile>,
}

/// A file `merge` reads: a slice of one batch, or of a study's batches.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// `simulate --shard` (or a merged batch).
    Batch(Box<ShardFile>),
    /// `ladder --shard` or `balance --wave --shard`.
    Study(StudyFile),
}

/// Reads a shard file or a study file, at most [`shard::MAX_SHARD_BYTES`].
///
/// # Errors
/// A [`ReadError`] naming the file.
pub fn read(path: &Path) -> Result<Input, ReadError> {
    /// Whether the file names a study (nothing else is kept).
    #[derive(Deserialize)]
    struct Probe {
        #[serde(default)]
        study: Option<serde::de::IgnoredAny>,
    }
    let (file, text) = shard::read_text(path)?;
    let json = |source| ReadError::Json {
        file: file.clone(),
        source,
    };
    let probe: Probe = serde_json::from_str(&text).map_err(json)?;
    if probe.study.is_some() {
        serde_json::from_str(&text).map(Input::Study).map_err(json)
    } else {
        serde_json::from_str(&text)
            .map(|f| Input::Batch(Box::new(f)))
            .map_err(json)
    }
}

/// Why a study's files cannot be merged.
#[derive(Debug, thiserror::Error)]
pub enum StudyError {
    /// One of its batches cannot be merged.
    #[error(transparent)]
    Merge(#[from] MergeError),
    /// A file that no study task could have written, or of another study.
    #[error("{file}: {reason}")]
    Invalid {
        /// The file.
        file: String,
        /// What is wrong, in words.
        reason: String,
    },
    /// The waves do not follow the levels' tests.
    #[error("{0}")]
    Waves(String),
}

fn invalid(file: &str, reason: impl Into<String>) -> StudyError {
    StudyError::Invalid {
        file: file.to_owned(),
        reason: reason.into(),
    }
}

/// The bots of a batch's identity.
fn bots_of(file: &str, b: &BatchId) -> Result<Vec<BotKind>, StudyError> {
    b.bots
        .iter()
        .map(|n| shard::bot_of_name(n))
        .collect::<Result<_, _>>()
        .map_err(|e| invalid(file, e))
}

/// Checks the frame of a study file: its format and part count, and that
/// every part is a batch of one scenario, seed and match count with the
/// first part seen (`first`).
fn check_frame(
    name: &str,
    f: &StudyFile,
    first: &mut Option<(String, BatchId)>,
) -> Result<(), StudyError> {
    if f.format != SHARD_FORMAT {
        return Err(MergeError::Format {
            file: name.to_owned(),
            found: f.format,
        }
        .into());
    }
    if f.parts.is_empty() || f.parts.len() > MAX_PARTS {
        return Err(invalid(
            name,
            format!(
                "{} parts; a study file holds 1 to {MAX_PARTS}",
                f.parts.len()
            ),
        ));
    }
    for p in &f.parts {
        let (first_name, batch) = first.get_or_insert_with(|| (name.to_owned(), p.batch.clone()));
        let field = batch
            .scenario_differs(&p.batch)
            .or_else(|| (batch.seed != p.batch.seed).then_some("seed"))
            .or_else(|| (batch.matches != p.batch.matches).then_some("match count"));
        if let Some(field) = field {
            return Err(MergeError::OtherBatch {
                file: name.to_owned(),
                first: first_name.clone(),
                field,
            }
            .into());
        }
    }
    Ok(())
}

/// A ladder's study files merged one at a time, each pair's slices as
/// [`Merger`] merges a batch.
#[derive(Debug, Default)]
pub struct LadderMerger {
    first: Option<(String, BatchId)>,
    bots: Vec<String>,
    pairs: Vec<Merger>,
}

impl LadderMerger {
    /// Adds the file `f` (named `name`).
    ///
    /// # Errors
    /// A [`StudyError`] naming the file: not a ladder's, of another ladder,
    /// a part that is not its pair's batch, or refused by its pair's
    /// [`Merger`].
    pub fn add(&mut self, name: &str, f: StudyFile) -> Result<(), StudyError> {
        let Study::Ladder { bots } = &f.study else {
            return Err(invalid(name, "a balance's wave, not a ladder's shard"));
        };
        check_frame(name, &f, &mut self.first)?;
        if self.pairs.is_empty() {
            let kinds = bots
                .iter()
                .map(|n| shard::bot_of_name(n))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| invalid(name, e))?;
            let spec = LadderSpec {
                bots: kinds,
                matches: 1,
                seed: 0,
            };
            let players = f.parts[0].batch.bots.len();
            ladder::check(&spec, players).map_err(|e| invalid(name, e.to_string()))?;
            self.bots.clone_from(bots);
            self.pairs = ladder::pairs_of(&spec.bots)
                .iter()
                .map(|_| Merger::default())
                .collect();
        } else if *bots != self.bots {
            return Err(invalid(name, "a shard of a ladder of other bots"));
        }
        if f.parts.len() != self.pairs.len() {
            return Err(invalid(
                name,
                format!(
                    "{} parts, where a ladder of {} bots has {} pairs",
                    f.parts.len(),
                    self.bots.len(),
                    self.pairs.len()
                ),
            ));
        }
        let mut names = Vec::new();
        for (i, a) in self.bots.iter().enumerate() {
            for b in &self.bots[i + 1..] {
                names.push((a.clone(), b.clone()));
            }
        }
        for ((part, (a, b)), merger) in f.parts.into_iter().zip(names).zip(&mut self.pairs) {
            let seated = part
                .batch
                .bots
                .iter()
                .enumerate()
                .all(|(p, n)| *n == if p % 2 == 0 { a.as_str() } else { b.as_str() });
            if !seated || part.wave.is_some() {
                return Err(invalid(
                    name,
                    format!("its part for {a} vs {b} is not that pair's batch"),
                ));
            }
            merger.add(name.to_owned(), part)?;
        }
        Ok(())
    }

    /// The ladder, once every shard of every pair is there.
    ///
    /// # Errors
    /// [`MergeError::Empty`] with no file, or a pair's [`Merger::finish`]
    /// error.
    pub fn finish(self) -> Result<LadderMerged, StudyError> {
        let (_, batch) = self.first.ok_or(MergeError::Empty)?;
        let players = batch.bots.len();
        let bots = self
            .bots
            .iter()
            .map(|n| shard::bot_of_name(n))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| invalid("the ladder", e))?;
        let spec = LadderSpec {
            bots,
            matches: batch.matches,
            seed: batch.seed,
        };
        let mut pairs = Vec::new();
        let mut seconds = 0.0;
        for ((a, b), merger) in ladder::pairs_of(&spec.bots).into_iter().zip(self.pairs) {
            let merged = merger.finish()?;
            seconds += merged.seconds;
            let rotation = ladder::pair_batch(&spec, a, b, players)
                .map_err(|e| invalid("the ladder", e.to_string()))?;
            let played: Vec<Played> = merged.rows.iter().map(Played::from).collect();
            pairs.push(ladder::pair_result(a, b, &rotation, &played));
        }
        Ok(LadderMerged {
            ladder: ladder::from_pairs(&spec, players, pairs, false),
            ruleset: batch.ruleset,
            seconds,
        })
    }
}

/// A ladder merged from its shards.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderMerged {
    /// The ladder, as one process plays it.
    pub ladder: Ladder,
    /// The ruleset's id.
    pub ruleset: String,
    /// Seconds spent playing, every shard and pair together.
    pub seconds: f64,
}

/// The seat test of a batch played until decided in waves (each wave's
/// merge, in order from wave 1), run as one process runs it: what it
/// decided, and the next wave (its number and matches) when it wants one.
///
/// # Errors
/// [`StudyError::Waves`] when a wave was played after the test decided or
/// does not hold the test's matches.
pub fn seat_waves(
    batch: &BatchId,
    plan: Plan,
    waves: Vec<Merged>,
) -> Result<SeatWaves, StudyError> {
    let rotation = Rotation {
        matches: batch.matches,
        bots: bots_of("the batch", batch)?,
        seed: batch.seed,
    };
    let mut rounds = SeatRounds::new(&rotation, plan);
    let played = waves.len();
    for (index, merged) in (1..).zip(waves) {
        if rounds.next().is_none() {
            return Err(StudyError::Waves(format!(
                "wave {index} of {} was played after the test decided at wave {}: merge waves 1 to {}",
                batch.bots.join(","),
                index - 1,
                index - 1
            )));
        }
        let round = merged.rows.iter().map(Played::from).collect();
        rounds.add(round).map_err(|range| {
            StudyError::Waves(format!(
                "wave {index} should hold the test's matches {range:?}, but does not"
            ))
        })?;
    }
    let next = rounds.next().map(|r| (played + 1, r));
    Ok(SeatWaves {
        decided: rounds.into_decided(false),
        next,
    })
}

/// The seat test of a batch over its waves so far.
#[derive(Clone, Debug)]
pub struct SeatWaves {
    /// What was played and decided.
    pub decided: SeatsDecided,
    /// The next wave (its number and matches), when the test wants one.
    pub next: Option<(usize, Range<usize>)>,
}

/// A balance merged: each level's verdict, and what to play next.
#[derive(Clone, Debug, PartialEq)]
pub struct Balance {
    /// Players per match.
    pub players: usize,
    /// The ruleset's id.
    pub ruleset: String,
    /// Every level, in the order of the first wave's files.
    pub levels: Vec<Level>,
    /// The next wave and the levels it plays, when some level's test wants
    /// one.
    pub next: Option<(usize, Vec<BotKind>)>,
    /// Seconds spent playing, every wave and level together.
    pub seconds: f64,
}

/// A balance's wave files merged one at a time: each level's waves as
/// [`WaveMerger`] merges a batch's.
#[derive(Debug, Default)]
pub struct BalanceMerger {
    first: Option<(String, BatchId)>,
    order: Vec<String>,
    levels: BTreeMap<String, WaveMerger>,
}

impl BalanceMerger {
    /// Adds the file `f` (named `name`).
    ///
    /// # Errors
    /// A [`StudyError`] naming the file: not a balance's wave, a part that
    /// is not a level's wave, or refused by its level's [`WaveMerger`].
    pub fn add(&mut self, name: &str, f: StudyFile) -> Result<(), StudyError> {
        if f.study != Study::Balance {
            return Err(invalid(name, "a ladder's shard, not a balance's wave"));
        }
        check_frame(name, &f, &mut self.first)?;
        let mut seen = Vec::new();
        for part in f.parts {
            let level = part.batch.bots.first().cloned().unwrap_or_default();
            let one_bot = part.batch.bots.iter().all(|b| *b == level);
            let seats = part.wave.is_some_and(|w| w.test == WaveTest::Seats);
            if !one_bot || !seats || seen.contains(&level) {
                return Err(invalid(
                    name,
                    "a part that is not one skill level's wave (the same bot on every seat, tested seat by seat), or a level twice",
                ));
            }
            seen.push(level.clone());
            if !self.levels.contains_key(&level) {
                self.order.push(level.clone());
            }
            self.levels
                .entry(level)
                .or_default()
                .add(name.to_owned(), part)?;
        }
        Ok(())
    }

    /// Every level's verdict over its waves, as one process plays the
    /// balance, and the next wave with the levels still undecided.
    ///
    /// # Errors
    /// [`MergeError::Empty`] with no file; a level's wave missing, played
    /// after its test decided, or not holding its matches.
    pub fn finish(mut self) -> Result<Balance, StudyError> {
        let (_, batch) = self.first.ok_or(MergeError::Empty)?;
        let mut runs = Vec::new();
        let mut waves_played = 0;
        let mut seconds = 0.0;
        for level in &self.order {
            let Some(merger) = self.levels.remove(level) else {
                continue;
            };
            let plan = merger.plan().ok_or(MergeError::Empty)?;
            let waves = merger.finish()?;
            seconds += waves.iter().map(|w| w.seconds).sum::<f64>();
            let count = waves.len();
            waves_played = waves_played.max(count);
            let level_batch = BatchId {
                bots: vec![level.clone(); batch.bots.len()],
                ..batch.clone()
            };
            let run = seat_waves(&level_batch, plan, waves)?;
            runs.push((level, run.decided, run.next.is_some(), count));
        }
        let mut levels = Vec::new();
        let mut undecided = Vec::new();
        for (level, decided, wants_more, count) in runs {
            if wants_more && count < waves_played {
                return Err(StudyError::Waves(format!(
                    "wave {} has no files of the level {level}, whose test had not decided after wave {count}: play it for {level} too",
                    count + 1
                )));
            }
            let bot = shard::bot_of_name(level).map_err(|e| invalid("the balance", e))?;
            if wants_more {
                undecided.push(bot);
            }
            levels.push(if wants_more {
                Level::so_far(bot, &decided, count)
            } else {
                Level::new(bot, &decided)
            });
        }
        Ok(Balance {
            players: batch.bots.len(),
            ruleset: batch.ruleset,
            levels,
            next: (!undecided.is_empty()).then(|| (waves_played + 1, undecided)),
            seconds,
        })
    }
}
