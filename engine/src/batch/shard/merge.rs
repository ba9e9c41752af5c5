//! Merging shard files: [`merge`] checks that the files belong to one batch
//! and cover it exactly once ([`check`] one file, [`Merger`] a file at a
//! time), [`merge_waves`] a batch played in waves until decided, and
//! [`MergeError`] says why files cannot be merged.

use super::{BatchId, MAX_SHARDS, SHARD_FORMAT, ShardFile, Wave, WaveTest};
use crate::bots::BotKind;
use crate::limits;
use crate::player::{MAX_PLAYERS, MIN_PLAYERS};
use crate::rules::scenario::MAX_ROUND_LIMIT;
use crate::ruleset::RulesetId;
use crate::sim::{MAX_MATCHES, MatchRow};
use std::collections::BTreeMap;
use std::ops::Range;

/// Why shard files cannot be merged.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MergeError {
    /// No file was given.
    #[error("no shard file to merge")]
    Empty,
    /// A file of another format.
    #[error("{file}: shard format {found}; this Hexwright reads format {SHARD_FORMAT}")]
    Format {
        /// The file.
        file: String,
        /// Its format.
        found: u32,
    },
    /// A format-1 file of a batch whose seating repeats around the table.
    #[error(
        "{file}: shard format 1 of a batch seated {bots}, which repeats around the table; format 1 numbered its matches otherwise (each seating twice), so play its shards again"
    )]
    RepeatingSeating {
        /// The file.
        file: String,
        /// The batch's bots, comma-separated.
        bots: String,
    },
    /// A file of another batch.
    #[error("{file} is a shard of another batch than {first}: its {field} differs")]
    OtherBatch {
        /// The file.
        file: String,
        /// The first file, which the others are compared with.
        first: String,
        /// What differs.
        field: &'static str,
    },
    /// Two files are the same shard.
    #[error("{second} and {first} are both shard {shard} of {count}: give each shard once")]
    Doubled {
        /// The shard.
        shard: usize,
        /// Of how many.
        count: usize,
        /// One file.
        first: String,
        /// The other.
        second: String,
    },
    /// Shards are missing.
    #[error(
        "shards {} of {count} are missing: run them and merge again",
        list(missing)
    )]
    Missing {
        /// Their indices.
        missing: Vec<usize>,
        /// Of how many.
        count: usize,
    },
    /// A wave is missing, or a wave's matches do not follow the last.
    #[error(
        "wave {wave} is missing or out of step (it should hold matches {range:?}): merge every wave from wave 1, each played with the same --max, --alpha and --margin"
    )]
    Wave {
        /// The wave.
        wave: usize,
        /// The matches it should hold.
        range: Range<usize>,
    },
    /// A file of a plain batch among waves, or of a wave among a plain
    /// batch's shards.
    #[error("{file}: {what}")]
    Kind {
        /// The file.
        file: String,
        /// What is wrong.
        what: &'static str,
    },
    /// A file no batch could have written: a field out of range, or a row
    /// that is not the match its batch plays at its index.
    #[error("{file}: {reason}")]
    Invalid {
        /// The file.
        file: String,
        /// What is wrong, in words.
        reason: String,
    },
    /// The files together hold more matches than their batch.
    #[error(
        "{file}: the files so far hold more matches than their batch of {matches}; give each shard once"
    )]
    TooManyRows {
        /// The file that went over.
        file: String,
        /// The batch's matches.
        matches: usize,
    },
    /// A file does not hold exactly the matches of its slice.
    #[error("{file}: shard {shard} of {count} should hold matches {range:?}, but its rows do not")]
    Rows {
        /// The file.
        file: String,
        /// Its shard.
        shard: usize,
        /// Of how many.
        count: usize,
        /// The matches it should hold.
        range: Range<usize>,
    },
}

pub(super) fn list(v: &[usize]) -> String {
    let shown: Vec<String> = v.iter().take(20).map(ToString::to_string).collect();
    let more = if v.len() > 20 {
        format!(" and {} more", v.len() - 20)
    } else {
        String::new()
    };
    format!("{}{more}", shown.join(", "))
}

/// Which field of two batch ids differs first.
pub(crate) fn differs(a: &BatchId, b: &BatchId) -> Option<&'static str> {
    [
        (a.ruleset != b.ruleset, "ruleset"),
        (a.map != b.map, "map"),
        (a.roster != b.roster, "roster"),
        (a.setup != b.setup, "scenario setup"),
        (a.bots != b.bots, "bots"),
        (a.seed != b.seed, "seed"),
        (a.matches != b.matches, "match count"),
        (a.round_limit != b.round_limit, "round limit"),
    ]
    .into_iter()
    .find_map(|(d, f)| d.then_some(f))
}

/// A merged batch: its identity, every match row in order, and the total
/// playing time of its shards.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The batch.
    pub batch: BatchId,
    /// Every match, in match order.
    pub rows: Vec<MatchRow>,
    /// Seconds spent playing, all shards together.
    pub seconds: f64,
}

/// Whether `f` (named `name`) is of a format this engine reads: the
/// current one, or format 1 where its match numbering is the same (a
/// seating that does not repeat around the table).
pub(super) fn check_format(name: &str, f: &ShardFile) -> Result<(), MergeError> {
    let bots = &f.batch.bots;
    let repeats = (2..bots.len()).contains(&crate::rotation::period(bots));
    match f.format {
        SHARD_FORMAT => Ok(()),
        1 if !repeats => Ok(()),
        1 => Err(MergeError::RepeatingSeating {
            file: name.to_owned(),
            bots: bots.join(","),
        }),
        found => Err(MergeError::Format {
            file: name.to_owned(),
            found,
        }),
    }
}

/// Checks that `f` (named `name`) is a file some batch could have written,
/// before any of it is trusted: its slice, ruleset, bots, match count,
/// round limit, playing time and wave plan in range, and each row the
/// match its batch plays at its index (that seed and seating, a winner
/// among the players, rounds within the limit, points and captures of the
/// players).
///
/// # Errors
/// [`MergeError::Invalid`] saying what is wrong.
pub fn check(name: &str, f: &ShardFile) -> Result<(), MergeError> {
    check_format(name, f)?;
    let invalid = |reason: String| MergeError::Invalid {
        file: name.to_owned(),
        reason,
    };
    if f.shards == 0 || f.shards > MAX_SHARDS || f.shard >= f.shards {
        return Err(invalid(format!(
            "shard {} of {} is not a slice (K from 0 to N - 1, N from 1 to {MAX_SHARDS})",
            f.shard, f.shards
        )));
    }
    if !(f.seconds.is_finite() && (0.0..=MAX_SECONDS).contains(&f.seconds)) {
        return Err(invalid(format!(
            "{} seconds of play is not a duration",
            f.seconds
        )));
    }
    let b = &f.batch;
    let ruleset: RulesetId = b.ruleset.parse().map_err(|e| invalid(format!("{e}")))?;
    let bots = b
        .bots
        .iter()
        .map(|n| bot_of_name(n))
        .collect::<Result<Vec<_>, _>>()
        .map_err(invalid)?;
    let players = match ruleset {
        RulesetId::AkwRulesV1 => 2..=2,
        RulesetId::PhaseRulesV1 => MIN_PLAYERS..=MAX_PLAYERS,
    };
    if !players.contains(&bots.len()) {
        return Err(invalid(format!(
            "a {ruleset} batch has {} to {} bots, one per player, not {}",
            players.start(),
            players.end(),
            bots.len()
        )));
    }
    if b.matches > MAX_MATCHES {
        return Err(invalid(format!(
            "a batch of {} matches; a batch holds at most {MAX_MATCHES}",
            b.matches
        )));
    }
    if b.round_limit == 0 || b.round_limit > MAX_ROUND_LIMIT {
        return Err(invalid(format!(
            "the round limit {} is out of range (1 to {MAX_ROUND_LIMIT})",
            b.round_limit
        )));
    }
    if let Some(w) = f.wave {
        let p = w.plan;
        crate::sequential::Plan::new(p.alpha, p.margin, p.max_games)
            .map_err(|e| invalid(format!("its wave's test plan is not one: {e}")))?;
        if w.index == 0 || w.start > w.end || w.end > b.matches {
            return Err(invalid(format!(
                "wave {} of matches {}..{} is not a wave of a batch of {} matches",
                w.index, w.start, w.end, b.matches
            )));
        }
    }
    check_rows(name, f, ruleset, &bots)
}

/// Checks each row of `f` (whose batch has been checked) against the match
/// its batch plays at its index.
pub(super) fn check_rows(
    name: &str,
    f: &ShardFile,
    ruleset: RulesetId,
    bots: &[BotKind],
) -> Result<(), MergeError> {
    let invalid = |reason: String| MergeError::Invalid {
        file: name.to_owned(),
        reason,
    };
    let b = &f.batch;
    let game = |i: usize| -> (u64, Vec<BotKind>) {
        match ruleset {
            RulesetId::AkwRulesV1 => {
                let batch = crate::sim::Batch {
                    matches: b.matches,
                    bots: [bots[0], bots[1]],
                    seed: b.seed,
                };
                let (seed, seating) = batch.game(i);
                (seed, seating.to_vec())
            }
            RulesetId::PhaseRulesV1 => crate::rotation::Rotation {
                matches: b.matches,
                bots: bots.to_vec(),
                seed: b.seed,
            }
            .game(i),
        }
    };
    let n = bots.len();
    let objectives = f.rows.first().map_or(0, |r| r.first_captures.len());
    for row in &f.rows {
        let bad = |what: String| invalid(format!("the row of match {}: {what}", row.index));
        let (seed, seating) = game(row.index);
        if row.seed != seed {
            return Err(bad(format!(
                "seed {}, where the batch plays seed {seed}",
                row.seed
            )));
        }
        if !row.bots.iter().eq(seating.iter()) {
            return Err(bad(format!(
                "the seating does not match the batch's ({})",
                seating
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            )));
        }
        if let Some(w) = row.winner()
            && w.index() >= n
        {
            return Err(bad(format!("a winner, seat {w}, beyond its {n} players")));
        }
        if row.rounds == 0 || row.rounds > b.round_limit {
            return Err(bad(format!(
                "{} rounds, outside 1 to the round limit {}",
                row.rounds, b.round_limit
            )));
        }
        if !(row.points.is_empty() || row.points.len() == n) {
            return Err(bad(format!("points for {} seats of {n}", row.points.len())));
        }
        if ruleset == RulesetId::AkwRulesV1 && !row.points.is_empty() {
            return Err(bad(format!("points, which {ruleset} does not score")));
        }
        if row.rejected > u64::from(row.rounds).saturating_mul(MAX_REJECTED_PER_ROUND) {
            return Err(bad(format!(
                "{} refused commands in {} rounds (at most {MAX_REJECTED_PER_ROUND} a round)",
                row.rejected, row.rounds
            )));
        }
        if row.first_captures.len() != objectives || objectives > limits::MAX_FEATURES {
            return Err(bad(format!(
                "{} objectives, where the file's first row has {objectives}",
                row.first_captures.len()
            )));
        }
        if row
            .first_captures
            .iter()
            .flatten()
            .any(|c| c.side.index() >= n || c.round > row.rounds)
        {
            return Err(bad(
                "a capture by a seat beyond the players, or after the match ended".to_owned(),
            ));
        }
    }
    Ok(())
}

/// The most seconds of play one shard file may claim (about 30 years): a
/// merge of [`super::MAX_SHARDS`] of them still sums to a finite speed.
pub const MAX_SECONDS: f64 = 1e9;

/// The most commands the rules may refuse to a match's bots in one round:
/// far more than any match sees (a bot is refused at most
/// [`crate::sim::MAX_REJECTED`] times in a row), and few enough that a
/// batch's total never overflows.
pub const MAX_REJECTED_PER_ROUND: u64 = 100_000;

/// The bot of a batch identity's bot name: `greedy`, the search bot with
/// a budget (`search:400`, `search:400:50ms`), read by
/// [`crate::bots::BotSpec`], and the policy weights' hash its name may
/// carry after `@` (`policy@…`, `search:6@…`: [`super::bot_name`]).
///
/// # Errors
/// When the name is no bot's, in words.
pub fn bot_of_name(name: &str) -> Result<BotKind, String> {
    // The weights' hash a policy, or a search guided by it, is named with
    // (`policy@…`, `search:6@…`: `shard::bot_name`) names no other bot.
    let spec = name.split_once('@').map_or(name, |(spec, _)| spec);
    spec.parse::<crate::bots::BotSpec>()
        .map(|s| s.kind)
        .map_err(|e| e.to_string())
}

/// Shard files merged one at a time, each checked ([`check`]) and compared
/// with the first as it comes, so that a doubled or foreign file is
/// refused before a second copy of anything is kept: at most one batch's
/// rows are ever held.
#[derive(Debug, Default)]
pub struct Merger {
    first: Option<(String, BatchId, usize, Option<Wave>)>,
    by_shard: BTreeMap<usize, (String, ShardFile)>,
    rows: usize,
}

impl Merger {
    /// Adds the file `f` (named `name`).
    ///
    /// # Errors
    /// A [`MergeError`] naming the file: not a valid shard, of another
    /// batch, holding other matches than its slice's, or a shard already
    /// added.
    pub fn add(&mut self, name: String, f: ShardFile) -> Result<(), MergeError> {
        check(&name, &f)?;
        let (first_name, batch, count, wave) = self
            .first
            .get_or_insert_with(|| (name.clone(), f.batch.clone(), f.shards, f.wave));
        if let Some(field) = differs(batch, &f.batch)
            .or_else(|| (f.shards != *count).then_some("shard count"))
            .or_else(|| (f.wave != *wave).then_some("wave"))
        {
            return Err(MergeError::OtherBatch {
                file: name,
                first: first_name.clone(),
                field,
            });
        }
        let count = *count;
        let range = f.range();
        let indices_ok = f.rows.len() == range.len()
            && f.rows.iter().zip(range.clone()).all(|(r, i)| r.index == i);
        if !indices_ok {
            return Err(MergeError::Rows {
                file: name,
                shard: f.shard,
                count,
                range,
            });
        }
        if let Some((other, _)) = self.by_shard.get(&f.shard) {
            return Err(MergeError::Doubled {
                shard: f.shard,
                count,
                first: other.clone(),
                second: name,
            });
        }
        self.rows += f.rows.len();
        if self.rows > f.batch.matches {
            return Err(MergeError::TooManyRows {
                file: name,
                matches: f.batch.matches,
            });
        }
        self.by_shard.insert(f.shard, (name, f));
        Ok(())
    }

    /// The merged batch, once every shard is there.
    ///
    /// # Errors
    /// [`MergeError::Empty`] with no file, [`MergeError::Missing`] naming
    /// the missing shards.
    pub fn finish(self) -> Result<Merged, MergeError> {
        let (_, batch, count, _) = self.first.ok_or(MergeError::Empty)?;
        // `count` is at most MAX_SHARDS (checked), so this list is bounded.
        let missing: Vec<usize> = (0..count)
            .filter(|k| !self.by_shard.contains_key(k))
            .collect();
        if !missing.is_empty() {
            return Err(MergeError::Missing { missing, count });
        }
        let seconds = self.by_shard.values().map(|(_, f)| f.seconds).sum();
        let rows = self
            .by_shard
            .into_values()
            .flat_map(|(_, f)| f.rows)
            .collect();
        Ok(Merged {
            batch,
            rows,
            seconds,
        })
    }
}

/// Merges shard files (`(name, file)`), checking that they are of one
/// batch, each shard once, all shards there, each holding exactly its
/// slice's matches ([`Merger`] one file at a time).
///
/// # Errors
/// A [`MergeError`] naming the files at fault.
pub fn merge(files: Vec<(String, ShardFile)>) -> Result<Merged, MergeError> {
    let mut merger = Merger::default();
    for (name, f) in files {
        merger.add(name, f)?;
    }
    merger.finish()
}

/// The wave files of a batch played until decided, merged one at a time:
/// each wave as [`Merger`] merges a batch, every wave of the first file's
/// batch and test plan.
#[derive(Debug, Default)]
pub struct WaveMerger {
    first: Option<(String, BatchId, crate::sequential::Plan, WaveTest)>,
    by_wave: BTreeMap<usize, (Wave, Merger)>,
    rows: usize,
}

impl WaveMerger {
    /// Adds the wave file `f` (named `name`).
    ///
    /// # Errors
    /// A [`MergeError`] naming the file: not a wave, not a valid shard, of
    /// another batch or plan, or refused by its wave's [`Merger`].
    pub fn add(&mut self, name: String, f: ShardFile) -> Result<(), MergeError> {
        let Some(w) = f.wave else {
            return Err(MergeError::Kind {
                file: name,
                what: "a shard of a whole batch, not of a wave (simulate --until-decided --wave W)",
            });
        };
        check(&name, &f)?;
        let (first_name, batch, plan, test) = self
            .first
            .get_or_insert_with(|| (name.clone(), f.batch.clone(), w.plan, w.test));
        if let Some(field) = differs(batch, &f.batch)
            .or_else(|| (w.plan != *plan).then_some("test plan"))
            .or_else(|| (w.test != *test).then_some("test"))
        {
            return Err(MergeError::OtherBatch {
                file: name,
                first: first_name.clone(),
                field,
            });
        }
        self.rows += f.rows.len();
        if self.rows > f.batch.matches {
            return Err(MergeError::TooManyRows {
                file: name,
                matches: f.batch.matches,
            });
        }
        self.by_wave
            .entry(w.index)
            .or_insert_with(|| (w, Merger::default()))
            .1
            .add(name, f)
    }

    /// The test plan of the waves (`None` before the first file).
    #[must_use]
    pub fn plan(&self) -> Option<crate::sequential::Plan> {
        self.first.as_ref().map(|(_, _, plan, _)| *plan)
    }

    /// What the waves' test judges (`None` before the first file).
    #[must_use]
    pub fn test(&self) -> Option<WaveTest> {
        self.first.as_ref().map(|(_, _, _, test)| *test)
    }

    /// Each wave's merge, in order from wave 1, each starting where the
    /// one before ended.
    ///
    /// # Errors
    /// [`MergeError::Empty`] with no file, [`MergeError::Wave`] for a gap,
    /// or a wave's [`Merger::finish`] error.
    pub fn finish(self) -> Result<Vec<Merged>, MergeError> {
        if self.first.is_none() {
            return Err(MergeError::Empty);
        }
        let mut out = Vec::new();
        let mut end = 0;
        for (expected, (index, (w, merger))) in (1..).zip(self.by_wave) {
            if index != expected || w.start != end {
                return Err(MergeError::Wave {
                    wave: expected,
                    range: end..w.end,
                });
            }
            end = w.end;
            out.push(merger.finish()?);
        }
        Ok(out)
    }
}

/// Merges the shard files of the waves of a batch played until decided:
/// each wave checked as [`merge`] checks a batch (one batch, each shard
/// once, all there), the waves in order from wave 1 with no gap, each
/// starting where the one before ended. Gives back each wave's merge, in
/// order.
///
/// # Errors
/// A [`MergeError`] naming the files or the wave at fault.
pub fn merge_waves(files: Vec<(String, ShardFile)>) -> Result<Vec<Merged>, MergeError> {
    let mut merger = WaveMerger::default();
    for (name, f) in files {
        merger.add(name, f)?;
    }
    merger.finish()
}
