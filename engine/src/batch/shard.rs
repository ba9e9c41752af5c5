//! Batches split across machines and merged exactly.
//!
//! A batch of `matches` matches is cut into `count` disjoint slices of
//! consecutive matches ([`Shard::range`]); slice `index` plays exactly the
//! matches the whole batch would play there, with the same seeds and
//! seatings ([`crate::sim::Batch::game`]). Each slice is written as a
//! [`ShardFile`]: the batch's identity ([`BatchId`]: ruleset, map, roster
//! and setup hashes, bots, seed, matches, round limit), which slice it is,
//! its match rows and its playing time. [`merge`] checks that the files
//! belong to one batch and cover it exactly once, and gives back every
//! match row in order, from which the batch's report is made as if one
//! process had played it.

use crate::bots::BotKind;
use crate::hash::{fnv1a64, map_hash};
use crate::map::Map;
use crate::rules::roster::roster_hash;
use crate::rules::scenario::Prepared;
use crate::sim::MatchRow;
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::ops::Range;
use std::path::Path;
use std::str::FromStr;

mod merge;

pub(crate) use merge::differs;
pub use merge::{MergeError, Merged, Merger, WaveMerger, bot_of_name, check, merge, merge_waves};

/// The shard file format this engine writes and reads.
///
/// Format 2 (2026-12-04) groups a seating that repeats around the table
/// (`a, b, a, b`) in its distinct rotations, two matches, where format 1
/// grouped it in four (two of them replays). Format-1 files are read too,
/// except for such a batch, whose match indices they number otherwise.
pub const SHARD_FORMAT: u32 = 2;

/// Most shards a batch may be cut into.
pub const MAX_SHARDS: usize = 100_000;

/// The largest shard file read (a row is about 200 bytes).
pub const MAX_SHARD_BYTES: u64 = 512 * 1024 * 1024;

/// Which slice of a batch to play: `index` of `count`, from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// The slice, from 0 (a Kubernetes `JOB_COMPLETION_INDEX`).
    pub index: usize,
    /// How many slices.
    pub count: usize,
}

impl FromStr for Shard {
    type Err = String;

    /// Reads `K/N`, with `0 <= K < N <= MAX_SHARDS`.
    ///
    /// ```
    /// use hexwright_engine::shard::Shard;
    /// assert_eq!("2/7".parse(), Ok(Shard { index: 2, count: 7 }));
    /// assert!("7/7".parse::<Shard>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("\"{s}\" is not a shard: write K/N, K from 0 to N - 1 (e.g. 0/4)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if count == 0 || count > MAX_SHARDS || index >= count {
            return Err(bad());
        }
        Ok(Self { index, count })
    }
}

impl Shard {
    /// The matches of this slice of a batch of `matches`: consecutive, the
    /// slices together covering `0..matches` once.
    ///
    /// ```
    /// use hexwright_engine::shard::Shard;
    /// let s = |index| Shard { index, count: 3 }.range(10);
    /// assert_eq!((s(0), s(1), s(2)), (0..3, 3..6, 6..10));
    /// ```
    #[must_use]
    pub fn range(self, matches: usize) -> Range<usize> {
        let at = |k: usize| (matches as u128 * k as u128 / self.count as u128) as usize;
        at(self.index)..at(self.index + 1)
    }
}

/// What makes two shards parts of the same batch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BatchId {
    /// The ruleset's id.
    pub ruleset: String,
    /// The map's content hash.
    pub map: String,
    /// The roster's content hash.
    pub roster: String,
    /// The hash of everything else a scenario sets up (armies, opening).
    pub setup: String,
    /// The bots, in the batch's order.
    pub bots: Vec<String>,
    /// The first seed.
    pub seed: u64,
    /// Matches in the whole batch.
    pub matches: usize,
    /// The round limit.
    pub round_limit: u32,
}

impl BatchId {
    /// The identity of the batch of `matches` matches from `seed` that
    /// `bots` play on `prepared` (made from `map`).
    ///
    /// # Errors
    /// When the map or roster cannot be written out to be hashed.
    pub fn new(
        map: &Map,
        prepared: &Prepared,
        bots: &[BotKind],
        seed: u64,
        matches: usize,
    ) -> Result<Self, ron::Error> {
        Ok(Self {
            ruleset: prepared.ruleset.to_string(),
            map: map_hash(map)?.to_string(),
            roster: roster_hash(&prepared.rules.roster)?.to_string(),
            setup: format!(
                "{:016x}",
                fnv1a64(format!("{:?}", (&prepared.armies, &prepared.opening)).as_bytes())
            ),
            bots: bots.iter().map(|b| bot_name(*b, prepared)).collect(),
            seed,
            matches,
            round_limit: prepared.rules.round_limit,
        })
    }

    /// What differs between the scenarios of two batches (ruleset, map,
    /// roster, setup or round limit), if anything: whether a batch's
    /// matches can be replayed on the other's scenario.
    #[must_use]
    pub fn scenario_differs(&self, other: &Self) -> Option<&'static str> {
        let same_plays = Self {
            bots: self.bots.clone(),
            seed: self.seed,
            matches: self.matches,
            ..other.clone()
        };
        differs(self, &same_plays)
    }
}

/// A bot's name in a batch's identity: the search bot with a budget other
/// than the default carries it (`search:400`, `search:400:50ms`), the
/// policy bot its weights' hash (`policy@0123456789abcdef`), and the search
/// bot guided by those weights in the ruleset
/// ([`crate::bots::search::guided`]) the hash too (`search@…`,
/// `search:400@…`), so shards played at different budgets or with
/// different weights are different batches.
#[must_use]
pub fn bot_name(b: BotKind, prepared: &Prepared) -> String {
    let weights = || format!("@{}", crate::bots::policy::weights_hash());
    match b {
        BotKind::Policy => format!("{b}{}", weights()),
        BotKind::Search => {
            let budget = prepared.search;
            let mut name = if budget == crate::bots::SearchBudget::for_ruleset(prepared.ruleset) {
                b.to_string()
            } else {
                match budget.think {
                    Some(t) => format!("{b}:{}:{}ms", budget.playouts, t.as_millis()),
                    None => format!("{b}:{}", budget.playouts),
                }
            };
            if crate::bots::search::guided(prepared.ruleset) {
                name.push_str(&weights());
            }
            name
        }
        _ => b.to_string(),
    }
}

/// One slice of a batch, as a file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardFile {
    /// Always [`SHARD_FORMAT`].
    pub format: u32,
    /// The batch.
    pub batch: BatchId,
    /// This slice's index, from 0.
    pub shard: usize,
    /// How many slices.
    pub shards: usize,
    /// Seconds spent playing this slice.
    pub seconds: f64,
    /// Its matches, in order.
    pub rows: Vec<MatchRow>,
    /// For a batch played until decided in waves: which wave this slice is
    /// of (the slices of a wave cut its matches, not the whole batch's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wave: Option<Wave>,
}

/// One wave of a batch played until decided on many machines: the matches
/// between two looks of the sequential test, cut into shards like a batch.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wave {
    /// Which wave, from 1 (wave `j` ends at the test's look `j`).
    pub index: usize,
    /// Its first match.
    pub start: usize,
    /// One past its last match.
    pub end: usize,
    /// The test it is played for.
    pub plan: crate::sequential::Plan,
    /// What that test judges (side 0's score unless said).
    #[serde(default, skip_serializing_if = "WaveTest::is_side0")]
    pub test: WaveTest,
}

/// What the test of a batch played in waves judges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WaveTest {
    /// Side 0's score ([`crate::sequential::Sequential`]): a two-player
    /// akw-rules-v1 batch, `simulate --until-decided`.
    #[default]
    Side0,
    /// Every seat's share of the wins ([`crate::seat_test::SeatTest`]):
    /// `simulate --until-decided` in phase-rules-v1, and each skill level of
    /// `balance`.
    Seats,
}

impl WaveTest {
    /// Whether it is [`WaveTest::Side0`] (which a file need not say).
    #[must_use]
    pub fn is_side0(&self) -> bool {
        *self == Self::Side0
    }
}

impl ShardFile {
    /// The matches this slice holds: its share of the batch, or of its
    /// wave.
    #[must_use]
    pub fn range(&self) -> Range<usize> {
        let shard = Shard {
            index: self.shard,
            count: self.shards,
        };
        match self.wave {
            None => shard.range(self.batch.matches),
            Some(w) => {
                let r = shard.range(w.end.saturating_sub(w.start));
                w.start + r.start..w.start + r.end
            }
        }
    }
}

impl ShardFile {
    /// A merged batch as one file: shard 0 of 1, which [`merge`] accepts
    /// again and the sandbox's batch tab imports.
    #[must_use]
    pub fn whole(merged: Merged) -> Self {
        Self {
            format: SHARD_FORMAT,
            batch: merged.batch,
            shard: 0,
            shards: 1,
            seconds: merged.seconds,
            rows: merged.rows,
            wave: None,
        }
    }
}

/// Why a shard file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file cannot be opened or read.
    #[error("cannot read {file}: {source}")]
    Io {
        /// The file.
        file: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is too large.
    #[error("{file}: larger than {MAX_SHARD_BYTES} bytes; cut the batch into more shards")]
    TooLarge {
        /// The file.
        file: String,
    },
    /// The file is not a shard file.
    #[error("{file}: not a shard file: {source}")]
    Json {
        /// The file.
        file: String,
        /// Where and why.
        source: serde_json::Error,
    },
}

/// Reads a shard file (or a merged batch), at most [`MAX_SHARD_BYTES`].
///
/// # Errors
/// A [`ReadError`] naming the file.
pub fn read(path: &Path) -> Result<ShardFile, ReadError> {
    let (file, text) = read_text(path)?;
    serde_json::from_str(&text).map_err(|source| ReadError::Json { file, source })
}

/// The text of the file at `path` (named as shown), at most
/// [`MAX_SHARD_BYTES`].
pub(crate) fn read_text(path: &Path) -> Result<(String, String), ReadError> {
    let file = path.display().to_string();
    let mut text = String::new();
    crate::format::open_regular(path)
        .and_then(|f| f.take(MAX_SHARD_BYTES + 1).read_to_string(&mut text))
        .map_err(|source| ReadError::Io {
            file: file.clone(),
            source,
        })?;
    if text.len() as u64 > MAX_SHARD_BYTES {
        return Err(ReadError::TooLarge { file });
    }
    Ok((file, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_cover_the_batch_once_for_any_count() {
        for matches in [0, 1, 2, 7, 10, 100, 1001] {
            for count in [1, 2, 3, 7, 13] {
                let covered: Vec<usize> = (0..count)
                    .flat_map(|index| Shard { index, count }.range(matches))
                    .collect();
                assert_eq!(covered, (0..matches).collect::<Vec<_>>());
            }
        }
        for bad in ["", "3", "1/0", "4/4", "-1/4", "a/b", "0/100001"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    /// An empty one-shard file of format `format` for `bots`.
    fn file(format: u32, bots: &[&str]) -> ShardFile {
        ShardFile {
            format,
            batch: BatchId {
                ruleset: "phase-rules-v1".into(),
                map: "0".into(),
                roster: "0".into(),
                setup: "0".into(),
                bots: bots.iter().map(|b| (*b).to_owned()).collect(),
                seed: 1,
                matches: 0,
                round_limit: 40,
            },
            shard: 0,
            shards: 1,
            seconds: 0.0,
            rows: Vec::new(),
            wave: None,
        }
    }

    /// The names a batch gives the policy and the search guided by its
    /// weights (`bot_name`: the weights' hash after `@`) are read back as
    /// those bots when shards are merged; an unknown name is still refused.
    #[test]
    fn bots_named_with_their_weights_merge() {
        let merges = |bots: &[&str]| merge(vec![("f".into(), file(SHARD_FORMAT, bots))]);
        for bots in [
            &["policy@0123456789abcdef", "greedy"][..],
            &["search@0123456789abcdef", "policy@0123456789abcdef"],
            &["search:6@0123456789abcdef", "planner"],
        ] {
            assert!(merges(bots).is_ok(), "{bots:?}: {:?}", merges(bots).err());
        }
        assert!(merges(&["nobody@0123456789abcdef", "greedy"]).is_err());
    }

    #[test]
    fn format_1_files_merge_unless_their_seating_repeats_around_the_table() {
        let merges = |format, bots: &[&str]| merge(vec![("f".into(), file(format, bots))]);
        for bots in [
            &["greedy", "random"][..],
            &["greedy", "greedy", "greedy", "greedy"],
            &["greedy", "random", "random", "planner"],
        ] {
            assert!(merges(1, bots).is_ok(), "{bots:?}");
            assert!(merges(2, bots).is_ok(), "{bots:?}");
        }
        let abab = ["greedy", "random", "greedy", "random"];
        assert!(merges(2, &abab).is_ok());
        let e = merges(1, &abab).unwrap_err();
        assert!(matches!(e, MergeError::RepeatingSeating { .. }), "{e}");
        assert!(e.to_string().contains("greedy,random,greedy,random"), "{e}");
        let e = merges(3, &abab).unwrap_err();
        assert_eq!(
            e.to_string(),
            "f: shard format 3; this Hexwright reads format 2"
        );
    }
}
