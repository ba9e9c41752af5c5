//! Scenarios: a map, the ruleset, each side's army, the round limit and the
//! seed, as a RON file; army selection rules (document 004); default armies
//! picked from the seed.
//!
//! ```ron
//! (
//!     format: 1,
//!     map: Path("twin-fords.ron"),
//!     ruleset: "akw-rules-v1",
//!     round_limit: 60,
//!     seed: 7,
//!     armies: Some((
//!         (race: "Dawnguard", units: [(kind: "Lord Marshal"), (kind: "Pikeman", at: Some((3, -7)))], reserve: []),
//!         (race: "Mirefolk", units: [(kind: "Lich")], reserve: ["Spiderling"]),
//!     )),
//! )
//! ```
//!
//! Units without `at` are deployed automatically on the free hexes of the
//! side's zone, front first. Without `armies`, both sides get a default army.
//! A saved position adds `opening: [...]`, the commands every match starts
//! with.

mod armies;

use super::arena::Arena;
use super::command::Command;
use super::event::Event;
use super::logic::Deployment;
use super::roster::Roster;
use super::state::{AKW_RULES_V1, MatchState, Rules};
use crate::coverage::Coverage;
use crate::format::{self, LoadError};
use crate::map::{Map, Side};
use crate::player::{PerPlayer, PlayerId};
use crate::ruleset::RulesetId;
use crate::validate::{self, Severity};
use armies::written;
pub use armies::{
    army_problems, check_army, default_armies, default_armies_for, default_army, deploy,
};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The scenario file format this engine writes. It also reads format 1
/// (armies as a pair, no seats).
pub const SCENARIO_FORMAT: u32 = 2;
/// Selection points per army.
pub const ARMY_POINTS: u32 = 30;
/// Most units deployed at the start (one per zone hex).
pub const MAX_DEPLOYED: usize = 10;
/// Largest round limit a scenario may ask for.
pub const MAX_ROUND_LIMIT: u32 = 1000;

/// Where a scenario's map comes from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MapRef {
    /// A map file, relative to the scenario file's folder.
    Path(String),
    /// The map itself.
    Inline(Box<Map>),
}

/// One unit of an army.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyUnit {
    /// Unit kind name.
    pub kind: String,
    /// Deployment hex `(q, r)` in the side's zone; automatic when absent.
    #[serde(default)]
    pub at: Option<(i32, i32)>,
}

/// A side's army as written in a scenario.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Army {
    /// Race name.
    pub race: String,
    /// Commanders, elites and soldiers deployed at the start.
    pub units: Vec<ArmyUnit>,
    /// Summons bought for the reserve pool.
    #[serde(default)]
    pub reserve: Vec<String>,
}

/// Where the armies of a batch came from, as its exported file says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ArmySource {
    /// Each match's own default armies, drawn from its seed.
    #[default]
    Default,
    /// The armies the scenario writes, the same in every match.
    Scenario,
    /// Armies picked by hand for one match (the sandbox's secret picks),
    /// played in every match on purpose.
    HandPicked,
}

/// The armies a batch played: where they came from and, unless they are
/// each match's default armies, the armies themselves in seat order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedArmies {
    /// Where they came from.
    pub source: ArmySource,
    /// The armies, one per seat (empty for default armies).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub armies: Vec<Army>,
}

impl PlayedArmies {
    /// Armies from `source`; `armies` is ignored for default armies.
    #[must_use]
    pub fn new(source: ArmySource, armies: Vec<Army>) -> Self {
        let armies = if source == ArmySource::Default {
            Vec::new()
        } else {
            armies
        };
        Self { source, armies }
    }
}

fn default_ruleset() -> String {
    AKW_RULES_V1.to_string()
}
/// What a file without `round_limit` reads as until [`Scenario::parse`]
/// puts the ruleset's default in its place.
const UNSET_ROUND_LIMIT: u32 = u32::MAX;

fn default_round_limit() -> u32 {
    UNSET_ROUND_LIMIT
}

/// A scenario file (format 2; format-1 files are read into it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// [`SCENARIO_FORMAT`].
    pub format: u32,
    /// The map.
    pub map: MapRef,
    /// Ruleset id: `akw-rules-v1` (the default) or `phase-rules-v1`.
    #[serde(default = "default_ruleset")]
    pub ruleset: String,
    /// The round limit (default: the ruleset's, 60 for akw-rules-v1 and
    /// 40 for phase-rules-v1).
    #[serde(default = "default_round_limit")]
    pub round_limit: u32,
    /// The match seed.
    #[serde(default)]
    pub seed: u64,
    /// One army per player, in seat order; default armies from the seed
    /// when absent.
    #[serde(default)]
    pub armies: Option<Vec<Army>>,
    /// Who plays each seat, in seat order: a bot's name (`random`,
    /// `greedy`, `planner`) or `human`; empty when the scenario does not
    /// say (the sandbox's defaults; `simulate` takes `--bots`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<String>,
    /// Commands played from the start before a match begins: a saved
    /// position. Every match of the scenario starts after them (each must be
    /// legal in turn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opening: Vec<Command>,
}

/// A format-1 scenario file: the armies a pair, no seats.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioV1 {
    #[allow(dead_code)] // read to be refused when wrong, by the probe
    format: u32,
    map: MapRef,
    #[serde(default = "default_ruleset")]
    ruleset: String,
    #[serde(default = "default_round_limit")]
    round_limit: u32,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    armies: Option<(Army, Army)>,
    #[serde(default)]
    opening: Vec<Command>,
}

impl From<ScenarioV1> for Scenario {
    fn from(v: ScenarioV1) -> Self {
        Self {
            format: SCENARIO_FORMAT,
            map: v.map,
            ruleset: v.ruleset,
            round_limit: v.round_limit,
            seed: v.seed,
            armies: v.armies.map(|(a, b)| vec![a, b]),
            seats: Vec::new(),
            opening: v.opening,
        }
    }
}

/// Only a file's format number.
#[derive(Deserialize)]
struct FormatProbe {
    format: u32,
}

/// Why a scenario cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    /// The scenario or its map could not be read.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// Wrong format number.
    #[error(
        "{origin}: scenario format {found} is not supported (this engine reads formats 1 and {SCENARIO_FORMAT})"
    )]
    Format {
        /// File.
        origin: String,
        /// Found.
        found: u32,
    },
    /// Unknown ruleset.
    #[error("{origin}: {}", crate::ruleset::UnknownRuleset(found.clone()))]
    Ruleset {
        /// File.
        origin: String,
        /// Found.
        found: String,
    },
    /// Bad round limit.
    #[error("{origin}: round limit {found} is out of range (1 to {MAX_ROUND_LIMIT})")]
    RoundLimit {
        /// File.
        origin: String,
        /// Found.
        found: u32,
    },
    /// The ruleset does not play the map's player count.
    #[error("{origin}: {refusal}; pick a map for {plays} players or another ruleset")]
    Players {
        /// Map origin.
        origin: String,
        /// The ruleset's id.
        ruleset: &'static str,
        /// The map's player count.
        found: usize,
        /// Why the ruleset refuses it.
        refusal: String,
        /// The player counts the ruleset plays, in words.
        plays: String,
    },
    /// The map has validation errors.
    #[error("{origin}: the map has {} validation error(s), fix them before playing:\n  {}", .errors.len(), .errors.join("\n  "))]
    InvalidMap {
        /// Map origin.
        origin: String,
        /// The errors, one line each.
        errors: Vec<String>,
    },
    /// A command of the opening cannot be played.
    #[error("{origin}: opening command {index} cannot be played: {reason}")]
    Opening {
        /// File.
        origin: String,
        /// Index into the opening.
        index: usize,
        /// The rules' reason.
        reason: String,
    },
    /// The scenario lists another number of armies or seats than the
    /// ruleset has players.
    #[error(
        "{origin}: the scenario lists {found} {what}; the match has {players} players, one each"
    )]
    PlayerCount {
        /// File.
        origin: String,
        /// `armies` or `seats`.
        what: &'static str,
        /// How many it lists.
        found: usize,
        /// The match's players.
        players: usize,
    },
    /// A seat names neither a bot nor `human`.
    #[error(
        "{origin}: seat {side} is played by `{name}`, which is not a bot (random, greedy, planner, search, policy) or `human`"
    )]
    Seat {
        /// File.
        origin: String,
        /// The seat.
        side: Side,
        /// The name given.
        name: String,
    },
    /// An army breaks the selection rules.
    #[error("{origin}: the army of side {side} breaks {} selection rule(s):\n  {}", .problems.len(), .problems.join("\n  "))]
    Army {
        /// File.
        origin: String,
        /// Side.
        side: Side,
        /// Every problem.
        problems: Vec<String>,
    },
}

/// A scenario ready to play: its ruleset, shared rules, the armies, the
/// seed.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The ruleset the scenario plays.
    pub ruleset: RulesetId,
    /// Board, roster, round limit.
    pub rules: Arc<Rules>,
    /// Both armies as the scenario wrote them, or `None` for default armies
    /// picked from each match's seed.
    pub armies: Option<PerPlayer<Deployment>>,
    /// The scenario's seed.
    pub seed: u64,
    /// Commands every match starts with (a saved position).
    pub opening: Vec<Command>,
    /// How long the search bot thinks per decision in this scenario's
    /// matches (the command line's `--playouts` and `--think`).
    pub search: crate::rules::seat::SearchBudget,
}

impl Prepared {
    /// A fresh match with the scenario's seed: both armies deployed, side
    /// 0's first turn started. Returns the state and the setup events.
    #[must_use]
    pub fn new_match(&self) -> (MatchState, Vec<Event>) {
        self.new_match_with_seed(self.seed)
    }

    /// The deployments of a match with this seed.
    #[must_use]
    pub fn deployments(&self, seed: u64) -> PerPlayer<Deployment> {
        if let Some(a) = &self.armies {
            return a.clone();
        }
        let roster = &self.rules.roster;
        let armies = default_armies_for(roster, seed, self.rules.arena.zones.len());
        PerPlayer::from_fn(armies.len(), |side| {
            deploy(&self.rules, roster, &armies[side], side)
                .expect("default armies fit every valid map's zones")
        })
    }

    /// The armies of a match with this seed, written out with their hexes,
    /// one per player in seat order.
    #[must_use]
    pub fn written_armies(&self, seed: u64) -> Vec<Army> {
        self.deployments(seed)
            .iter()
            .map(|d| written(d, &self.rules.roster))
            .collect()
    }

    /// Like [`Self::new_match`] with another seed (default armies follow
    /// the seed; written armies stay). The opening is played.
    #[must_use]
    pub fn new_match_with_seed(&self, seed: u64) -> (MatchState, Vec<Event>) {
        let (mut s, mut events) = self.setup(seed);
        for cmd in &self.opening {
            if s.outcome().is_some() || super::logic::execute(&mut s, cmd, &mut events).is_err() {
                // `Scenario::prepare` checked the opening with written armies;
                // default armies from another seed may not allow it.
                break;
            }
        }
        (s, events)
    }

    /// How many players its matches have.
    #[must_use]
    pub fn players(&self) -> usize {
        self.rules.arena.zones.len()
    }

    /// A match with this seed after deployment, before the opening, in
    /// akw-rules-v1.
    #[must_use]
    pub fn setup(&self, seed: u64) -> (MatchState, Vec<Event>) {
        let mut s = MatchState::empty(self.rules.clone(), seed);
        let mut events = Vec::new();
        super::logic::start(&mut s, &self.deployments(seed), &mut events);
        (s, events)
    }
}

impl Scenario {
    /// The default scenario of a map: default armies from `seed`.
    #[must_use]
    pub fn for_map(map: Map, seed: u64, round_limit: u32) -> Self {
        Self {
            format: SCENARIO_FORMAT,
            map: MapRef::Inline(Box::new(map)),
            ruleset: default_ruleset(),
            round_limit,
            seed,
            armies: None,
            seats: Vec::new(),
            opening: Vec::new(),
        }
    }

    /// The same scenario in `ruleset`.
    ///
    /// ```
    /// use hexwright_engine::rules::scenario::Scenario;
    /// use hexwright_engine::ruleset::RulesetId;
    ///
    /// let map = hexwright_engine::format::parse_map(
    ///     include_str!("../../../maps/four-corners.ron"),
    ///     "four-corners.ron",
    /// )
    /// .unwrap();
    /// let scenario = Scenario::for_map(map, 1, 40).with_ruleset(RulesetId::PhaseRulesV1);
    /// assert_eq!(scenario.ruleset, "phase-rules-v1");
    /// ```
    #[must_use]
    pub fn with_ruleset(mut self, ruleset: RulesetId) -> Self {
        ruleset.id().clone_into(&mut self.ruleset);
        self
    }

    /// Parses a scenario file's text, in format 2 or 1.
    pub fn parse(text: &str, origin: &str) -> Result<Self, ScenarioError> {
        let probe: FormatProbe = format::parse_ron(text, origin)?;
        let mut scenario: Self = match probe.format {
            1 => format::parse_ron::<ScenarioV1>(text, origin)?.into(),
            SCENARIO_FORMAT => format::parse_ron(text, origin)?,
            found => {
                return Err(ScenarioError::Format {
                    origin: origin.into(),
                    found,
                });
            }
        };
        if scenario.round_limit == UNSET_ROUND_LIMIT {
            let ruleset = scenario.ruleset.parse().unwrap_or(RulesetId::AkwRulesV1);
            scenario.round_limit = ruleset.default_round_limit();
        }
        Ok(scenario)
    }

    /// Checks the seats: none, or one per player, each a bot's name or
    /// `human`.
    fn check_seats(&self, origin: &str, players: usize) -> Result<(), ScenarioError> {
        if self.seats.is_empty() {
            return Ok(());
        }
        if self.seats.len() != players {
            return Err(ScenarioError::PlayerCount {
                origin: origin.into(),
                what: "seats",
                found: self.seats.len(),
                players,
            });
        }
        for (side, name) in PlayerId::all(players).zip(&self.seats) {
            if name != crate::seat::HUMAN && name.parse::<crate::seat::BotKind>().is_err() {
                return Err(ScenarioError::Seat {
                    origin: origin.into(),
                    side,
                    name: name.clone(),
                });
            }
        }
        Ok(())
    }

    /// Reads a scenario file.
    pub fn load(path: &Path) -> Result<Self, ScenarioError> {
        Self::parse(&format::read_text(path)?, &path.display().to_string())
    }

    /// The scenario's map and the name to show for it: the inline map, or
    /// the map file it names, relative to `base`. When `base` lies in a map
    /// pack (a folder at or above it holds a `pack.ron`), a map path that
    /// leads outside the pack folder — by `..`, an absolute path or a
    /// symbolic link — is refused ([`LoadError::OutsidePack`]) before the
    /// file is opened.
    pub fn load_map(&self, base: &Path, origin: &str) -> Result<(Map, String), LoadError> {
        match &self.map {
            MapRef::Inline(m) => Ok(((**m).clone(), origin.to_string())),
            MapRef::Path(p) => {
                let path: PathBuf = base.join(p);
                // A scenario inside a pack reads only the pack's files.
                let real = match crate::format::pack_root_of(base) {
                    Some(root) => {
                        crate::format::resolve_in_pack(&root, base, p, origin, "the map")?
                    }
                    None => path.clone(),
                };
                Ok((format::load_map(&real)?, path.display().to_string()))
            }
        }
    }

    /// Checks everything and prepares the match. `base` is the folder that
    /// map paths are relative to. When `base` lies in a map pack (a folder
    /// at or above it holds a `pack.ron`), a map path that leads outside the
    /// pack folder — by `..`, an absolute path or a symbolic link — is
    /// refused ([`LoadError::OutsidePack`]).
    pub fn prepare(
        &self,
        base: &Path,
        roster: &Roster,
        origin: &str,
    ) -> Result<Prepared, ScenarioError> {
        let Ok(ruleset) = self.ruleset.parse::<RulesetId>() else {
            return Err(ScenarioError::Ruleset {
                origin: origin.into(),
                found: self.ruleset.clone(),
            });
        };
        if self.round_limit == 0 || self.round_limit > MAX_ROUND_LIMIT {
            return Err(ScenarioError::RoundLimit {
                origin: origin.into(),
                found: self.round_limit,
            });
        }
        let (map, map_origin) = self.load_map(base, origin)?;
        let rules = Arc::new(rules_for_ruleset(
            ruleset,
            &map,
            roster.clone(),
            self.round_limit,
            &map_origin,
        )?);
        let players = map.player_count();
        self.check_seats(origin, players)?;
        let armies = match &self.armies {
            None => None,
            Some(armies) => {
                if armies.len() != players {
                    return Err(ScenarioError::PlayerCount {
                        origin: origin.into(),
                        what: "armies",
                        found: armies.len(),
                        players,
                    });
                }
                let mut deployed = Vec::new();
                for (side, army) in PlayerId::all(players).zip(armies) {
                    let d = deploy(&rules, roster, army, side).map_err(|problems| {
                        ScenarioError::Army {
                            origin: origin.into(),
                            side,
                            problems,
                        }
                    })?;
                    deployed.push(d);
                }
                Some(PerPlayer::from_vec(deployed))
            }
        };
        if ruleset != RulesetId::AkwRulesV1 && !self.opening.is_empty() {
            return Err(ScenarioError::Opening {
                origin: origin.into(),
                index: 0,
                reason: format!(
                    "an opening holds {AKW_RULES_V1} commands, and this scenario plays {ruleset}"
                ),
            });
        }
        let prepared = Prepared {
            ruleset,
            rules,
            armies,
            seed: self.seed,
            opening: self.opening.clone(),
            search: crate::rules::seat::SearchBudget::for_ruleset(ruleset),
        };
        if !self.opening.is_empty() {
            let (mut s, mut events) = prepared.setup(self.seed);
            for (index, cmd) in self.opening.iter().enumerate() {
                if s.outcome().is_some() {
                    return Err(ScenarioError::Opening {
                        origin: origin.into(),
                        index,
                        reason: "the match is already over".into(),
                    });
                }
                super::logic::execute(&mut s, cmd, &mut events).map_err(|e| {
                    ScenarioError::Opening {
                        origin: origin.into(),
                        index,
                        reason: e.to_string(),
                    }
                })?;
            }
        }
        Ok(prepared)
    }
}

/// The akw-rules-v1 rules of a map: see [`rules_for_ruleset`].
pub fn rules_for(
    map: &Map,
    roster: Roster,
    round_limit: u32,
    origin: &str,
) -> Result<Rules, ScenarioError> {
    rules_for_ruleset(RulesetId::AkwRulesV1, map, roster, round_limit, origin)
}

/// The rules of a map in `ruleset`: refuses a map for a player count the
/// ruleset does not play, and maps with validation errors.
pub fn rules_for_ruleset(
    ruleset: RulesetId,
    map: &Map,
    roster: Roster,
    round_limit: u32,
    origin: &str,
) -> Result<Rules, ScenarioError> {
    if let Some(refusal) = ruleset.refusal(map.player_count()) {
        let range = ruleset.players();
        let plays = if range.start() == range.end() {
            range.start().to_string()
        } else {
            format!("{} to {}", range.start(), range.end())
        };
        return Err(ScenarioError::Players {
            origin: origin.into(),
            ruleset: ruleset.id(),
            found: map.player_count(),
            refusal,
            plays,
        });
    }
    let coverage = Coverage::new(map).map_err(|e| ScenarioError::InvalidMap {
        origin: origin.into(),
        errors: vec![e.to_string()],
    })?;
    let errors: Vec<String> = validate::validate(map, &coverage)
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| f.to_string())
        .collect();
    if !errors.is_empty() {
        return Err(ScenarioError::InvalidMap {
            origin: origin.into(),
            errors,
        });
    }
    Ok(Rules {
        arena: Arena::new(map, &coverage),
        roster,
        round_limit,
    })
}
