//! Replays: a recorded match as a RON file that re-runs by itself.
//!
//! A replay holds a [`Header`] (format, engine version, ruleset, content
//! hashes of the map and the roster, the seed and who played), everything
//! needed to set the match up again (the map inline, both armies written out
//! with their hexes, the round limit), the command list, and optionally the
//! state hash after every turn. [`Replay::run`] prepares the scenario,
//! applies each command with [`rules::execute`] and compares the state hashes
//! that are present; an illegal command or a different hash is a typed
//! [`ReplayError`]. A per-command [`Snapshot`] can be traced while it runs.
//!
//! State hashes are optional, so a modder can hand-write a scenario and a
//! command list as a test of a pack. The format is described in
//! `docs/replays.md`.
//!
//! ```
//! use hexwright_engine::{bots::BotKind, format, replay::Replay, rules::Roster};
//! use hexwright_engine::rules::scenario::Scenario;
//! use hexwright_engine::sim::{self, PlayOptions};
//!
//! let text = include_str!("../../../../maps/twin-fords.ron");
//! let map = format::parse_map(text, "twin-fords.ron").unwrap();
//! let roster = Roster::bundled();
//! let prepared = Scenario::for_map(map.clone(), 3, 4)
//!     .prepare(".".as_ref(), &roster, "twin-fords.ron")
//!     .unwrap();
//! let bots = [BotKind::Random, BotKind::Random];
//! let result = sim::play(&prepared, 3, bots, PlayOptions { record: true });
//! let replay = Replay::from_match(&result, &prepared, &map).unwrap();
//! let text = replay.to_ron_string().unwrap();
//! let back = Replay::parse(&text, "match.ron").unwrap();
//! let summary = back.run(&roster, "match.ron", None).unwrap();
//! assert_eq!(summary.rounds, result.rounds);
//! assert_eq!(summary.hashes_checked, result.turn_hashes.len());
//! ```

use crate::format::{self, LoadError, SaveError};
use crate::map::{Map, Side};
use crate::player::{PerPlayer, PlayerId};

use crate::rules::scenario::{Army, MAX_ROUND_LIMIT, MapRef, Prepared, SCENARIO_FORMAT, Scenario};
use crate::rules::{self, AKW_RULES_V1, Command, MatchState, Outcome, Roster};
use crate::ruleset::{AkwRulesV1, Ruleset};
use crate::sim::MatchResult;
use serde::{Deserialize, Serialize};
use std::path::Path;

mod error;
mod phase;
mod snapshot;
pub use crate::hash::{Hash64, fnv1a64, map_hash};
pub use crate::rules::roster::{roster_file, roster_hash};
pub use crate::seat::HUMAN;
pub use error::ReplayError;
pub use phase::{AnyReplay, PhaseReplay, PhaseSnapshot, SeatSnapshot};
pub use snapshot::{
    BaseSnapshot, BoardSnapshot, CorpseSnapshot, ObjectiveSnapshot, OutpostSnapshot, Snapshot,
    UnitSnapshot,
};

/// The replay file format this engine writes. It also reads format 1 (the
/// players and armies as pairs).
pub const REPLAY_FORMAT: u32 = 2;
/// The engine version written into new replays.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");
/// Most commands a replay may hold.
pub const MAX_COMMANDS: usize = 250_000;
/// Most state hashes a replay may hold (one per turn of the longest match,
/// plus one).
pub const MAX_HASHES: usize = 2 * MAX_ROUND_LIMIT as usize + 1;

/// Which roster a replay was recorded with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RosterId {
    /// The roster's name.
    pub name: String,
    /// [`roster_hash`].
    pub hash: Hash64,
}

/// What a replay says about itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Must be [`REPLAY_FORMAT`].
    pub format: u32,
    /// The engine version that wrote it (informational).
    pub engine: String,
    /// Ruleset id; only `akw-rules-v1` so far.
    pub ruleset: String,
    /// [`map_hash`] of the inline map.
    pub map_hash: Hash64,
    /// The roster.
    pub roster: RosterId,
    /// The match seed.
    pub seed: u64,
    /// Who played each seat, in seat order: a bot name or `human`.
    pub players: Vec<String>,
}

/// A replay file, of akw-rules-v1 commands unless `C` says otherwise
/// (phase-rules-v1's are [`PhaseReplay`]; [`AnyReplay`] reads either).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay<C = Command> {
    /// Header.
    pub header: Header,
    /// Rounds before a draw.
    pub round_limit: u32,
    /// The map.
    pub map: Map,
    /// One army per player, in seat order; units without `at` are
    /// deployed automatically.
    pub armies: Vec<Army>,
    /// Every command applied, in order.
    pub commands: Vec<C>,
    /// The state hash after each turn's last command (each `EndTurn`, and
    /// the final command when it is not one); `None` skips the checks.
    #[serde(default)]
    pub hashes: Option<Vec<Hash64>>,
}

/// Only the format number, to pick the reader (or explain a newer file).
#[derive(Deserialize)]
struct Probe {
    header: ProbeHeader,
}

#[derive(Deserialize)]
struct ProbeHeader {
    format: u32,
}

/// A format-1 header: the players a pair named `bots`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HeaderV1 {
    #[allow(dead_code)] // the probe read it
    format: u32,
    engine: String,
    ruleset: String,
    map_hash: Hash64,
    roster: RosterId,
    seed: u64,
    bots: (String, String),
}

/// A format-1 replay: the armies a pair.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplayV1 {
    header: HeaderV1,
    round_limit: u32,
    map: Map,
    armies: (Army, Army),
    commands: Vec<Command>,
    #[serde(default)]
    hashes: Option<Vec<Hash64>>,
}

impl From<ReplayV1> for Replay {
    fn from(v: ReplayV1) -> Self {
        let h = v.header;
        Self {
            header: Header {
                format: REPLAY_FORMAT,
                engine: h.engine,
                ruleset: h.ruleset,
                map_hash: h.map_hash,
                roster: h.roster,
                seed: h.seed,
                players: vec![h.bots.0, h.bots.1],
            },
            round_limit: v.round_limit,
            map: v.map,
            armies: vec![v.armies.0, v.armies.1],
            commands: v.commands,
            hashes: v.hashes,
        }
    }
}

impl Replay {
    /// The replay of a recorded match ([`crate::sim::PlayOptions::record`]).
    /// `map` is the map `prepared` was made from.
    pub fn from_match(
        result: &MatchResult,
        prepared: &Prepared,
        map: &Map,
    ) -> Result<Self, ReplayError> {
        let players: Vec<&str> = result.bots.iter().map(|b| b.name()).collect();
        Self::record(prepared, map, result.seed, &players, &result.commands)
    }

    /// The replay of a match of `prepared` with `seed` in which `played`
    /// was played after the scenario's opening; `players` names who played
    /// each side in seat order (a bot's name or [`HUMAN`]; a missing name
    /// is [`HUMAN`]). `map` is the map `prepared`
    /// was made from.
    ///
    /// The command list starts after deployment: the part of the opening
    /// the match applied (all of it, unless default armies of another seed
    /// make a command illegal, see [`Prepared::new_match_with_seed`]), then
    /// `played`. Every command is checked and a state hash is taken at each
    /// `EndTurn` and after the last command, so the replay re-runs as
    /// [`Replay::run`] checks it. `hexwright simulate --record` and the
    /// sandbox's Save replay both write replays through here.
    pub fn record(
        prepared: &Prepared,
        map: &Map,
        seed: u64,
        players: &[&str],
        played: &[Command],
    ) -> Result<Self, ReplayError> {
        let origin = "the recorded match";
        let name = |i: usize| players.get(i).copied().unwrap_or(HUMAN);
        let encode = |e: ron::Error| SaveError::Encode {
            path: "replay".into(),
            message: e.to_string(),
        };
        let (mut s, _) = prepared.setup(seed);
        let mut events = Vec::new();
        let mut commands = Vec::with_capacity(prepared.opening.len() + played.len());
        let mut hashes = Vec::new();
        for cmd in &prepared.opening {
            events.clear();
            if s.outcome().is_some() || rules::execute(&mut s, cmd, &mut events).is_err() {
                break;
            }
            commands.push(cmd.clone());
            if *cmd == Command::EndTurn {
                hashes.push(Hash64(s.state_hash()));
            }
        }
        for cmd in played {
            events.clear();
            rules::execute(&mut s, cmd, &mut events).map_err(|reason| ReplayError::Illegal {
                origin: origin.into(),
                index: commands.len(),
                command: cmd.clone(),
                reason,
            })?;
            commands.push(cmd.clone());
            if *cmd == Command::EndTurn {
                hashes.push(Hash64(s.state_hash()));
            }
        }
        if commands.last().is_some_and(|c| *c != Command::EndTurn) {
            hashes.push(Hash64(s.state_hash()));
        }
        let roster = &prepared.rules.roster;
        Ok(Self {
            header: Header {
                format: REPLAY_FORMAT,
                engine: ENGINE_VERSION.into(),
                ruleset: AKW_RULES_V1.into(),
                map_hash: map_hash(map).map_err(encode)?,
                roster: RosterId {
                    name: roster.name.clone(),
                    hash: roster_hash(roster).map_err(encode)?,
                },
                seed,
                players: (0..prepared.rules.arena.zones.len())
                    .map(|i| name(i).to_owned())
                    .collect(),
            },
            round_limit: prepared.rules.round_limit,
            map: map.clone(),
            armies: prepared.written_armies(seed),
            commands,
            hashes: Some(hashes),
        })
    }

    /// Parses a replay's text (format 2, or format 1 read into format 2's
    /// shape); `origin` names it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<Self, ReplayError> {
        let probe = format::parse_ron::<Probe>(text, origin).ok();
        let replay: Self = match probe.map(|p| p.header.format) {
            Some(1) => format::parse_ron::<ReplayV1>(text, origin)?.into(),
            Some(found) if found != REPLAY_FORMAT => {
                return Err(ReplayError::Format {
                    origin: origin.into(),
                    found,
                });
            }
            _ => format::parse_ron(text, origin)?,
        };
        replay.within_limits(origin)
    }

    /// Reads a replay file.
    pub fn load(path: &Path) -> Result<Self, ReplayError> {
        Self::parse(&format::read_text(path)?, &path.display().to_string())
    }
}

impl<C: Serialize> Replay<C> {
    /// The replay, once its map, commands and hashes are within the limits.
    fn within_limits(self, origin: &str) -> Result<Self, ReplayError> {
        let replay = self;
        replay
            .map
            .check_limits()
            .map_err(|source| LoadError::Limit {
                path: origin.into(),
                source,
            })?;
        let too_many = |what, found, limit| ReplayError::TooMany {
            origin: origin.into(),
            what,
            found,
            limit,
        };
        if replay.commands.len() > MAX_COMMANDS {
            return Err(too_many("commands", replay.commands.len(), MAX_COMMANDS));
        }
        if let Some(h) = &replay.hashes
            && h.len() > MAX_HASHES
        {
            return Err(too_many("state hashes", h.len(), MAX_HASHES));
        }
        Ok(replay)
    }

    /// The canonical RON text of the replay.
    pub fn to_ron_string(&self) -> Result<String, ron::Error> {
        format::to_ron_string(self)
    }

    /// Writes the replay atomically.
    pub fn save(&self, path: &Path) -> Result<(), ReplayError> {
        Ok(format::save_atomic(self, path)?)
    }

    /// The scenario that sets the match up.
    #[must_use]
    pub fn scenario(&self) -> Scenario {
        Scenario {
            format: SCENARIO_FORMAT,
            map: MapRef::Inline(Box::new(self.map.clone())),
            ruleset: self.header.ruleset.clone(),
            round_limit: self.round_limit,
            seed: self.header.seed,
            armies: Some(self.armies.clone()),
            seats: Vec::new(),
            opening: Vec::new(),
        }
    }

    /// Checks the header against this engine and `roster`, then prepares
    /// the match.
    pub fn prepare(&self, roster: &Roster, origin: &str) -> Result<Prepared, ReplayError> {
        let h = &self.header;
        if h.ruleset.parse::<crate::ruleset::RulesetId>().is_err() {
            return Err(ReplayError::Ruleset {
                origin: origin.into(),
                found: h.ruleset.clone(),
            });
        }
        if h.players.len() != self.armies.len() {
            return Err(ReplayError::Players {
                origin: origin.into(),
                players: h.players.len(),
                armies: self.armies.len(),
            });
        }
        for (side, name) in PlayerId::all(h.players.len()).zip(&h.players) {
            if name != HUMAN && name.parse::<crate::bots::BotKind>().is_err() {
                return Err(ReplayError::Bot {
                    origin: origin.into(),
                    side,
                    name: name.clone(),
                });
            }
        }
        let encode = |e: ron::Error| SaveError::Encode {
            path: origin.into(),
            message: e.to_string(),
        };
        let found_hash = roster_hash(roster).map_err(encode)?;
        if found_hash != h.roster.hash || roster.name != h.roster.name {
            return Err(ReplayError::Roster {
                origin: origin.into(),
                expected: h.roster.name.clone(),
                expected_hash: h.roster.hash,
                found: roster.name.clone(),
                found_hash,
            });
        }
        let found = map_hash(&self.map).map_err(encode)?;
        if found != h.map_hash {
            return Err(ReplayError::MapHash {
                origin: origin.into(),
                expected: h.map_hash,
                found,
            });
        }
        Ok(self.scenario().prepare(Path::new("."), roster, origin)?)
    }
}

impl Replay {
    /// Re-runs the replay with `roster`: every command must be legal and
    /// every state hash present must match. `trace` is called after each
    /// command applied.
    pub fn run(
        &self,
        roster: &Roster,
        origin: &str,
        mut trace: Option<&mut dyn FnMut(&Snapshot)>,
    ) -> Result<Summary, ReplayError> {
        let prepared = self.prepare(roster, origin)?;
        let (mut s, _) = prepared.new_match();
        let checked = rerun::<AkwRulesV1>(
            &mut s,
            &self.commands,
            self.hashes.as_deref(),
            |index, cmd, s| {
                if let Some(f) = trace.as_deref_mut() {
                    f(&Snapshot::new(s, index, cmd));
                }
            },
        )
        .map_err(|e| {
            e.into_replay_error(origin, |index, reason| ReplayError::Illegal {
                origin: origin.into(),
                index,
                command: self.commands[index].clone(),
                reason,
            })
        })?;
        Ok(Summary::new(self, &s, checked))
    }
}

/// Why [`rerun`] stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rerun<E> {
    /// Command `index` broke a rule.
    Illegal {
        /// Its index.
        index: usize,
        /// The rule.
        reason: E,
    },
    /// The state after turn `turn` (ended by command `index`) has another
    /// hash than the one recorded.
    Hash {
        /// The turn (0-based, counted in the replay).
        turn: usize,
        /// The command that ended it.
        index: usize,
        /// Recorded.
        expected: Hash64,
        /// Found.
        found: Hash64,
    },
    /// The replay lists another number of hashes than it has turns.
    HashCount {
        /// Hashes listed.
        listed: usize,
        /// Turns played.
        turns: usize,
    },
}

impl<E> Rerun<E> {
    /// The [`ReplayError`] of a replay file `origin` that stopped this way;
    /// `illegal` builds the ruleset's error for an illegal command.
    fn into_replay_error(
        self,
        origin: &str,
        illegal: impl FnOnce(usize, E) -> ReplayError,
    ) -> ReplayError {
        match self {
            Self::Illegal { index, reason } => illegal(index, reason),
            Self::Hash {
                turn,
                index,
                expected,
                found,
            } => ReplayError::Hash {
                origin: origin.into(),
                turn,
                index,
                expected,
                found,
            },
            Self::HashCount { listed, turns } => ReplayError::HashCount {
                origin: origin.into(),
                listed,
                turns,
            },
        }
    }
}

/// Re-runs `commands` on `s` by the rules of `R`: every command must be
/// legal, and when `hashes` are given, the state hash after every command
/// that ends a turn or the match (and after the last command) must be the
/// next one listed, and the list must have one per such turn. `after` sees
/// each command's index, the command and the state after it. Returns how
/// many hashes were checked.
///
/// # Errors
/// The first illegal command, the first hash that differs, or a hash count
/// that does not fit.
pub fn rerun<R: Ruleset>(
    s: &mut R::State,
    commands: &[R::Command],
    hashes: Option<&[Hash64]>,
    mut after: impl FnMut(usize, &R::Command, &R::State),
) -> Result<usize, Rerun<R::Error>> {
    let mut events = Vec::new();
    let mut turns = 0;
    let last = commands.len().checked_sub(1);
    for (index, cmd) in commands.iter().enumerate() {
        events.clear();
        let turn = R::turn(s);
        if let Err(reason) = R::execute(s, cmd, &mut events) {
            return Err(Rerun::Illegal { index, reason });
        }
        after(index, cmd, s);
        let ended = R::turn(s) != turn || R::outcome(s).is_some() || Some(index) == last;
        if ended {
            if let Some(&expected) = hashes.and_then(|h| h.get(turns)) {
                let found = Hash64(R::state_hash(s));
                if found != expected {
                    return Err(Rerun::Hash {
                        turn: turns,
                        index,
                        expected,
                        found,
                    });
                }
            }
            turns += 1;
        }
    }
    match hashes {
        Some(h) if h.len() != turns => Err(Rerun::HashCount {
            listed: h.len(),
            turns,
        }),
        Some(h) => Ok(h.len()),
        None => Ok(0),
    }
}

/// How a replay ended, once it re-ran without a problem.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// `won`, `draw`, or `unfinished` (the commands stop before the end).
    pub result: String,
    /// The winning side.
    pub winner: Option<Side>,
    /// Who played the winning side.
    pub winner_bot: Option<String>,
    /// Who played each side.
    pub bots: PerPlayer<String>,
    /// The match seed.
    pub seed: u64,
    /// The map's name.
    pub map: String,
    /// The round the match ended in (or stands at).
    pub rounds: u32,
    /// Turns started (0 = side 0's first).
    pub turn: u32,
    /// Commands applied.
    pub commands: usize,
    /// State hashes compared.
    pub hashes_checked: usize,
    /// Each side's final Energy.
    pub energy: PerPlayer<u8>,
    /// Each side's total base health at the end.
    pub base_health: PerPlayer<u32>,
    /// The final state's hash.
    pub final_hash: Hash64,
    /// Each player's points (phase-rules-v1; absent in akw-rules-v1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<u32>,
}

impl Summary {
    fn new(replay: &Replay, s: &MatchState, hashes_checked: usize) -> Self {
        Self::of(
            replay,
            s,
            Progress {
                rounds: s.round(),
                turn: s.turn(),
                hash: s.state_hash(),
                points: Vec::new(),
            },
            hashes_checked,
        )
    }

    /// The summary of `replay` ending on board `s`, whose ruleset counts
    /// `progress`.
    fn of<C>(
        replay: &Replay<C>,
        s: &MatchState,
        progress: Progress,
        hashes_checked: usize,
    ) -> Self {
        let (result, winner) = match s.outcome() {
            Some(Outcome::Won(w)) => ("won", Some(w)),
            Some(Outcome::Draw) => ("draw", None),
            None => ("unfinished", None),
        };
        let bots = PerPlayer::from_vec(replay.header.players.clone());
        let base_health = PerPlayer::from_fn(s.players(), |p| {
            s.bases()
                .iter()
                .filter(|b| b.side == p)
                .map(|b| u32::from(b.health))
                .sum()
        });
        Self {
            result: result.into(),
            winner,
            winner_bot: winner.and_then(|w| bots.get(w).cloned()),
            bots,
            seed: replay.header.seed,
            map: replay.map.meta.name.clone(),
            rounds: progress.rounds,
            turn: progress.turn,
            commands: replay.commands.len(),
            hashes_checked,
            energy: *s.energy(),
            base_health,
            final_hash: Hash64(progress.hash),
            points: progress.points,
        }
    }
}

/// Where a match stands by its ruleset's count, for [`Summary::of`].
struct Progress {
    rounds: u32,
    turn: u32,
    hash: u64,
    points: Vec<u32>,
}

#[cfg(test)]
mod tests;
