//! Commands (what a player wants to do) and the typed reasons one is refused.

use super::state::UnitId;
use crate::Hex;
use crate::map::{Side, axial};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a unit does, in every ruleset: one type shared by akw-rules-v1's
/// [`Command`] and phase-rules-v1's [`super::phase::PhaseCommand`], as
/// both rulesets mean the same by it (what it costs, and when it may be
/// given, is each ruleset's).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnitCommand {
    /// Move a unit along a path to a free hex (akw-rules-v1: up to its
    /// movement, 1 Energy, once per turn; phase-rules-v1: up to 3 steps,
    /// an action).
    Move {
        /// The unit.
        unit: UnitId,
        /// Destination.
        to: Hex,
    },
    /// Rebound: return a unit that moved this turn to where it came from
    /// (free, once per turn).
    Rebound {
        /// The unit.
        unit: UnitId,
    },
    /// An ordinary attack on a hex: an enemy unit or corpse there, or an
    /// enemy base (an action; 1 Energy in akw-rules-v1).
    Attack {
        /// The attacker.
        unit: UnitId,
        /// Target hex.
        target: Hex,
    },
    /// Healing X Y on up to Y adjacent damaged allies (once per turn).
    Heal {
        /// The healer.
        unit: UnitId,
        /// The units to heal.
        targets: Vec<UnitId>,
    },
    /// Summon X Y: place a summon from the reserve pool next to the unit
    /// (once per turn).
    Summon {
        /// The summoner.
        unit: UnitId,
        /// Where the summon appears (adjacent, free).
        to: Hex,
    },
}

impl UnitCommand {
    /// The unit that acts.
    #[must_use]
    pub const fn unit(&self) -> UnitId {
        match self {
            Self::Move { unit, .. }
            | Self::Rebound { unit }
            | Self::Attack { unit, .. }
            | Self::Heal { unit, .. }
            | Self::Summon { unit, .. } => *unit,
        }
    }
}

impl fmt::Display for UnitCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = |h: &Hex| format!("({},{})", h.x, h.y);
        match self {
            Self::Move { unit, to } => write!(f, "move unit {unit} to {}", h(to)),
            Self::Rebound { unit } => write!(f, "rebound unit {unit}"),
            Self::Attack { unit, target } => write!(f, "unit {unit} attacks {}", h(target)),
            Self::Heal { unit, targets } => write!(f, "unit {unit} heals {targets:?}"),
            Self::Summon { unit, to } => write!(f, "unit {unit} summons at {}", h(to)),
        }
    }
}

/// A player's intent. [`super::check`] says whether it is legal and why not;
/// [`super::execute`] turns a legal one into events.
///
/// In files a unit's command is written as its own variant (`Move(unit: 3,
/// to: (1, 2))`), as it always was: see [`CommandFile`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "CommandFile", from = "CommandFile")]
pub enum Command {
    /// What a unit does.
    Unit(UnitCommand),
    /// Spawn a soldier or elite from an owned barracks onto its hex or an
    /// adjacent free hex (its Energy cost; once per barracks per turn).
    Spawn {
        /// The barracks.
        barracks: Hex,
        /// Unit kind name (stored inline: kind names are short, and the
        /// bots list spawn commands by the hundred each turn).
        kind: KindName,
        /// Where the unit appears.
        to: Hex,
    },
    /// End the turn.
    EndTurn,
}

impl From<UnitCommand> for Command {
    fn from(c: UnitCommand) -> Self {
        Self::Unit(c)
    }
}

/// A [`Command`] as files hold it: every command its own variant.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Command")]
enum CommandFile {
    Move {
        unit: UnitId,
        #[serde(with = "axial")]
        to: Hex,
    },
    Rebound {
        unit: UnitId,
    },
    Attack {
        unit: UnitId,
        #[serde(with = "axial")]
        target: Hex,
    },
    Heal {
        unit: UnitId,
        targets: Vec<UnitId>,
    },
    Summon {
        unit: UnitId,
        #[serde(with = "axial")]
        to: Hex,
    },
    Spawn {
        #[serde(with = "axial")]
        barracks: Hex,
        kind: KindName,
        #[serde(with = "axial")]
        to: Hex,
    },
    EndTurn,
}

impl From<Command> for CommandFile {
    fn from(c: Command) -> Self {
        match c {
            Command::Unit(UnitCommand::Move { unit, to }) => Self::Move { unit, to },
            Command::Unit(UnitCommand::Rebound { unit }) => Self::Rebound { unit },
            Command::Unit(UnitCommand::Attack { unit, target }) => Self::Attack { unit, target },
            Command::Unit(UnitCommand::Heal { unit, targets }) => Self::Heal { unit, targets },
            Command::Unit(UnitCommand::Summon { unit, to }) => Self::Summon { unit, to },
            Command::Spawn { barracks, kind, to } => Self::Spawn { barracks, kind, to },
            Command::EndTurn => Self::EndTurn,
        }
    }
}

impl From<CommandFile> for Command {
    fn from(c: CommandFile) -> Self {
        match c {
            CommandFile::Move { unit, to } => UnitCommand::Move { unit, to }.into(),
            CommandFile::Rebound { unit } => UnitCommand::Rebound { unit }.into(),
            CommandFile::Attack { unit, target } => UnitCommand::Attack { unit, target }.into(),
            CommandFile::Heal { unit, targets } => UnitCommand::Heal { unit, targets }.into(),
            CommandFile::Summon { unit, to } => UnitCommand::Summon { unit, to }.into(),
            CommandFile::Spawn { barracks, kind, to } => Self::Spawn { barracks, kind, to },
            CommandFile::EndTurn => Self::EndTurn,
        }
    }
}

/// A unit kind's name in a command: a string, written and read as one,
/// kept inline without allocating when short (every bundled name is).
pub type KindName = smol_str::SmolStr;

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = |h: &Hex| format!("({},{})", h.x, h.y);
        match self {
            Self::Unit(u) => u.fmt(f),
            Self::Spawn { barracks, kind, to } => {
                write!(f, "barracks {} spawns {kind} at {}", h(barracks), h(to))
            }
            Self::EndTurn => f.write_str("end turn"),
        }
    }
}

/// Why a command is not legal now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
    /// No unit has this id.
    #[error("there is no unit {0}")]
    NoSuchUnit(UnitId),
    /// The unit belongs to the other side.
    #[error("unit {unit} belongs to side {owner}, and it is side {turn}'s turn")]
    NotYourUnit {
        /// The unit.
        unit: UnitId,
        /// Its side.
        owner: Side,
        /// The side to move.
        turn: Side,
    },
    /// The unit is dead or a corpse.
    #[error("unit {0} is not alive")]
    NotAlive(UnitId),
    /// Spawned or summoned this turn.
    #[error("unit {0} arrived this turn and cannot move or act until the next")]
    JustArrived(UnitId),
    /// Already moved.
    #[error("unit {0} has already moved this turn")]
    AlreadyMoved(UnitId),
    /// No action left.
    #[error("unit {unit} has used its {actions} action(s) this turn")]
    NoActionLeft {
        /// The unit.
        unit: UnitId,
        /// Actions per turn.
        actions: u8,
    },
    /// Already used its ability this turn.
    #[error("unit {0} has already used its ability this turn")]
    AbilityUsed(UnitId),
    /// The unit lacks the ability.
    #[error("unit {unit} has no {ability} ability")]
    NoAbility {
        /// The unit.
        unit: UnitId,
        /// Ability name.
        ability: &'static str,
    },
    /// Not enough Energy.
    #[error("this needs {need} Energy and side {side} has {have}")]
    NotEnoughEnergy {
        /// Side.
        side: Side,
        /// Cost.
        need: u8,
        /// Bank.
        have: u8,
    },
    /// The hex is not a usable hex of the map.
    #[error("hex ({},{}) is not a usable hex", .0.x, .0.y)]
    NotUsable(Hex),
    /// The hex cannot be entered.
    #[error("hex ({},{}) is taken: {reason}", .hex.x, .hex.y)]
    Blocked {
        /// The hex.
        hex: Hex,
        /// Why.
        reason: &'static str,
    },
    /// No path short enough.
    #[error("hex ({},{}) is not reachable within {movement} steps (enemies and bases block the way)", .hex.x, .hex.y)]
    Unreachable {
        /// The hex.
        hex: Hex,
        /// The unit's movement.
        movement: u8,
    },
    /// Target out of range.
    #[error("hex ({},{}) is {steps} steps away and the unit's range is {range}", .hex.x, .hex.y)]
    OutOfRange {
        /// The hex.
        hex: Hex,
        /// Range.
        range: u8,
        /// Steps (255: farther than 254).
        steps: u8,
    },
    /// Nothing to attack there.
    #[error("there is no enemy unit, corpse or base the side can see at ({},{})", .0.x, .0.y)]
    NoTarget(Hex),
    /// A Phasewalker attacks only its own hex.
    #[error("unit {0} is a Phasewalker and can only attack its own hex")]
    PhasewalkOwnHex(UnitId),
    /// Bad healing targets.
    #[error("cannot heal unit {target}: {reason}")]
    BadHealTarget {
        /// The target.
        target: UnitId,
        /// Why.
        reason: &'static str,
    },
    /// Wrong number of healing targets.
    #[error("Healing heals 1 to {max} units, not {given}")]
    HealCount {
        /// Y.
        max: u8,
        /// Given.
        given: usize,
    },
    /// Summon limit reached.
    #[error("unit {unit} already has {limit} summons in play (its limit)")]
    SummonLimit {
        /// Summoner.
        unit: UnitId,
        /// X.
        limit: u8,
    },
    /// The reserve pool lacks the summon.
    #[error("side {side} has no {kind} left in its reserve pool")]
    ReserveEmpty {
        /// Side.
        side: Side,
        /// Kind name.
        kind: String,
    },
    /// Not adjacent.
    #[error("hex ({},{}) is not next to {what}", .hex.x, .hex.y)]
    NotAdjacent {
        /// The hex.
        hex: Hex,
        /// Next to what.
        what: &'static str,
    },
    /// Not an owned barracks.
    #[error("there is no barracks of side {side} at ({},{})", .hex.x, .hex.y)]
    NotYourBarracks {
        /// The hex.
        hex: Hex,
        /// Side.
        side: Side,
    },
    /// Barracks already spawned.
    #[error("the barracks at ({},{}) has already spawned this turn", .0.x, .0.y)]
    BarracksUsed(Hex),
    /// Unknown kind.
    #[error("no unit kind is called `{0}`")]
    UnknownKind(String),
    /// Kind cannot be spawned by this side.
    #[error("`{kind}` cannot be spawned: {reason}")]
    NotSpawnable {
        /// Kind name.
        kind: String,
        /// Why.
        reason: &'static str,
    },
    /// Nothing to rebound.
    #[error("unit {0} has no move to take back this turn")]
    NothingToRebound(UnitId),
}
