//! What can go wrong with a replay file: it cannot be read or parsed, it is
//! out of bounds, it names another map, roster or ruleset, a recorded command
//! is illegal, or a state hash differs.

use super::REPLAY_FORMAT;
use crate::format::{LoadError, SaveError};
use crate::hash::Hash64;
use crate::map::Side;
use crate::rules::phase::{PhaseCommand, PhaseError};

use crate::rules::scenario::ScenarioError;
use crate::rules::{Command, RuleError};

/// Why a replay cannot be read or does not replay.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The file cannot be read or is not a replay.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// Written in a format this engine does not read.
    #[error(
        "{origin}: replay format {found} is not supported (this engine reads formats 1 and {REPLAY_FORMAT})"
    )]
    Format {
        /// File.
        origin: String,
        /// Found.
        found: u32,
    },
    /// Recorded under a ruleset this engine does not play.
    #[error("{origin}: {}", crate::ruleset::UnknownRuleset(found.clone()))]
    Ruleset {
        /// File.
        origin: String,
        /// Found.
        found: String,
    },
    /// Recorded with another roster.
    #[error(
        "{origin}: the replay was recorded with roster \"{expected}\" (hash {expected_hash}), but the roster in use is \"{found}\" (hash {found_hash}); pass the recording's roster with --roster"
    )]
    Roster {
        /// File.
        origin: String,
        /// The replay's roster name.
        expected: String,
        /// The replay's roster hash.
        expected_hash: Hash64,
        /// The roster in use.
        found: String,
        /// Its hash.
        found_hash: Hash64,
    },
    /// The inline map is not the map the header names.
    #[error(
        "{origin}: map hash mismatch: the header says {expected}, the map in the file hashes to {found} (the map was edited after recording)"
    )]
    MapHash {
        /// File.
        origin: String,
        /// The header's hash.
        expected: Hash64,
        /// The inline map's hash.
        found: Hash64,
    },
    /// A bot name that is neither an engine bot nor `human`.
    #[error(
        "{origin}: side {side} is played by `{name}`, which is not a bot (random, greedy, planner, search, policy) or `human`"
    )]
    Bot {
        /// File.
        origin: String,
        /// Side.
        side: Side,
        /// Name.
        name: String,
    },
    /// The header names another number of players than the armies.
    #[error(
        "{origin}: the header names {players} player(s) but the replay lists {armies} army(ies); give one army per player"
    )]
    Players {
        /// File.
        origin: String,
        /// Players named.
        players: usize,
        /// Armies listed.
        armies: usize,
    },
    /// Too many commands or hashes.
    #[error("{origin}: the replay has {found} {what}; the limit is {limit}")]
    TooMany {
        /// File.
        origin: String,
        /// What.
        what: &'static str,
        /// Found.
        found: usize,
        /// Limit.
        limit: usize,
    },
    /// The scenario in the replay cannot be played.
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
    /// A command the rules refuse.
    #[error("{origin}: command {index} ({command}) is illegal: {reason}")]
    Illegal {
        /// File.
        origin: String,
        /// Index in the command list (0-based).
        index: usize,
        /// The command.
        command: Command,
        /// The engine's reason.
        reason: RuleError,
    },
    /// A phase-rules-v1 command the rules refuse.
    #[error("{origin}: command {index} ({command}) is illegal: {reason}")]
    IllegalPhase {
        /// File.
        origin: String,
        /// Index in the command list (0-based).
        index: usize,
        /// The command.
        command: PhaseCommand,
        /// The engine's reason.
        reason: PhaseError,
    },
    /// A state hash differs.
    #[error(
        "{origin}: state hash mismatch after turn {turn} (command {index}): the replay says {expected}, the engine computes {found}"
    )]
    Hash {
        /// File.
        origin: String,
        /// Turn index (0-based; the index into `hashes`).
        turn: usize,
        /// Index of the command after which it was compared.
        index: usize,
        /// The replay's hash.
        expected: Hash64,
        /// The engine's hash.
        found: Hash64,
    },
    /// More or fewer hashes than turns played.
    #[error(
        "{origin}: the replay lists {listed} state hash(es), but its commands play {turns} turn(s)"
    )]
    HashCount {
        /// File.
        origin: String,
        /// Hashes listed.
        listed: usize,
        /// Turns played.
        turns: usize,
    },
    /// Writing the replay failed.
    #[error(transparent)]
    Save(#[from] SaveError),
}

impl ReplayError {
    /// Whether the file itself could not be read or parsed (as opposed to a
    /// replay that was read and does not replay).
    #[must_use]
    pub fn is_unreadable(&self) -> bool {
        matches!(
            self,
            Self::Load(_) | Self::Format { .. } | Self::TooMany { .. }
        )
    }
}
