//! phase-rules-v1's commands and the typed reasons one is refused.

use super::Stage;
use crate::Hex;
use crate::map::{Side, axial};
use crate::player::PlayerId;
use crate::rules::command::{RuleError, UnitCommand};
use crate::rules::roster::Class;
use crate::rules::state::UnitId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's decision in phase-rules-v1.
///
/// In files a unit's command is written as its own variant (`Move(unit: 3,
/// to: (1, 2))`), as it always was: see [`PhaseCommandFile`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "PhaseCommandFile", from = "PhaseCommandFile")]
pub enum PhaseCommand {
    /// Place four cards face down, one per class in class order
    /// (commanders, elites, soldiers, summons), also for classes the
    /// player has no units in. The four cards left are its hand.
    PlaceCards {
        /// The player placing (the one whose decision it is).
        player: PlayerId,
        /// The speeds of commanders, elites, soldiers and summons.
        cards: [u8; 4],
    },
    /// Reveal a card from the hand to break a tie.
    Reveal {
        /// The tied player.
        player: PlayerId,
        /// A card in its hand.
        card: u8,
    },
    /// What the acting unit does: move up to 3 steps or attack (one action
    /// each), heal, summon or rebound (no action; once each).
    Unit(UnitCommand),
    /// End the turn of the unit that is acting.
    EndUnit,
    /// End the player's slot: its units of the phase that have not acted
    /// do nothing this turn.
    EndSlot,
}

impl From<UnitCommand> for PhaseCommand {
    fn from(c: UnitCommand) -> Self {
        Self::Unit(c)
    }
}

impl PhaseCommand {
    /// The unit the command is about, if any.
    #[must_use]
    pub const fn unit(&self) -> Option<UnitId> {
        match self {
            Self::Unit(u) => Some(u.unit()),
            Self::PlaceCards { .. } | Self::Reveal { .. } | Self::EndUnit | Self::EndSlot => None,
        }
    }
}

impl fmt::Display for PhaseCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::PlaceCards { player, cards } => {
                write!(f, "side {player} places {cards:?}")
            }
            Self::Reveal { player, card } => write!(f, "side {player} reveals {card}"),
            Self::Unit(u) => u.fmt(f),
            Self::EndUnit => f.write_str("end the unit's turn"),
            Self::EndSlot => f.write_str("end the slot"),
        }
    }
}

/// A [`PhaseCommand`] as files hold it: every command its own variant.
#[derive(Serialize, Deserialize)]
#[serde(rename = "PhaseCommand")]
enum PhaseCommandFile {
    PlaceCards {
        player: PlayerId,
        cards: [u8; 4],
    },
    Reveal {
        player: PlayerId,
        card: u8,
    },
    Move {
        unit: UnitId,
        #[serde(with = "axial")]
        to: Hex,
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
    Rebound {
        unit: UnitId,
    },
    EndUnit,
    EndSlot,
}

impl From<PhaseCommand> for PhaseCommandFile {
    fn from(c: PhaseCommand) -> Self {
        match c {
            PhaseCommand::PlaceCards { player, cards } => Self::PlaceCards { player, cards },
            PhaseCommand::Reveal { player, card } => Self::Reveal { player, card },
            PhaseCommand::Unit(UnitCommand::Move { unit, to }) => Self::Move { unit, to },
            PhaseCommand::Unit(UnitCommand::Attack { unit, target }) => {
                Self::Attack { unit, target }
            }
            PhaseCommand::Unit(UnitCommand::Heal { unit, targets }) => Self::Heal { unit, targets },
            PhaseCommand::Unit(UnitCommand::Summon { unit, to }) => Self::Summon { unit, to },
            PhaseCommand::Unit(UnitCommand::Rebound { unit }) => Self::Rebound { unit },
            PhaseCommand::EndUnit => Self::EndUnit,
            PhaseCommand::EndSlot => Self::EndSlot,
        }
    }
}

impl From<PhaseCommandFile> for PhaseCommand {
    fn from(c: PhaseCommandFile) -> Self {
        match c {
            PhaseCommandFile::PlaceCards { player, cards } => Self::PlaceCards { player, cards },
            PhaseCommandFile::Reveal { player, card } => Self::Reveal { player, card },
            PhaseCommandFile::Move { unit, to } => UnitCommand::Move { unit, to }.into(),
            PhaseCommandFile::Attack { unit, target } => {
                UnitCommand::Attack { unit, target }.into()
            }
            PhaseCommandFile::Heal { unit, targets } => UnitCommand::Heal { unit, targets }.into(),
            PhaseCommandFile::Summon { unit, to } => UnitCommand::Summon { unit, to }.into(),
            PhaseCommandFile::Rebound { unit } => UnitCommand::Rebound { unit }.into(),
            PhaseCommandFile::EndUnit => Self::EndUnit,
            PhaseCommandFile::EndSlot => Self::EndSlot,
        }
    }
}

/// Why a phase-rules-v1 command is not legal now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PhaseError {
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
    /// The command is not one the turn is waiting for.
    #[error("{command} cannot be played now: the turn is waiting for {waiting}")]
    WrongStage {
        /// What was asked.
        command: &'static str,
        /// What the turn waits for.
        waiting: Stage,
    },
    /// Another player decides now.
    #[error("it is side {to_move}'s decision, not side {player}'s")]
    NotYourDecision {
        /// Who asked.
        player: PlayerId,
        /// Who decides.
        to_move: PlayerId,
    },
    /// The player placed its cards this turn already.
    #[error("side {0} has already placed its cards this turn")]
    AlreadyPlaced(PlayerId),
    /// Not a card's number.
    #[error("{0} is not a speed card (the cards are 1 to 8)")]
    NoSuchCard(u8),
    /// The same card placed for two classes.
    #[error("card {0} is placed twice; each class takes a different card")]
    CardTwice(u8),
    /// The card is not in the player's hand.
    #[error("card {card} is not in side {player}'s hand (it was placed or revealed this turn)")]
    NotInHand {
        /// The player.
        player: PlayerId,
        /// The card.
        card: u8,
    },
    /// The unit belongs to another player than the one whose slot it is.
    #[error("unit {unit} belongs to side {owner}, and it is side {slot}'s slot")]
    NotYourUnit {
        /// The unit.
        unit: UnitId,
        /// Its player.
        owner: Side,
        /// The slot's player.
        slot: PlayerId,
    },
    /// The unit's class does not play in this phase.
    #[error("unit {unit} is a {}, and this is the {}s' phase", .class.name(), .phase.name())]
    WrongPhase {
        /// The unit.
        unit: UnitId,
        /// Its class.
        class: Class,
        /// The phase.
        phase: Class,
    },
    /// The unit's turn is over.
    #[error("unit {0} has taken its turn and is done until the next turn")]
    UnitDone(UnitId),
    /// Another unit is taking its turn.
    #[error(
        "unit {active} is taking its turn; end it before unit {unit} acts (units take their entire turns at once)"
    )]
    UnitInProgress {
        /// The unit asked.
        unit: UnitId,
        /// The unit acting.
        active: UnitId,
    },
    /// No action left (cannot happen for an acting unit: its turn ends at
    /// its last action; kept for clear refusals).
    #[error("unit {0} has no action left")]
    NoActionLeft(UnitId),
    /// The unit used that ability this turn.
    #[error("unit {unit} has already used {ability} this turn")]
    AbilityUsed {
        /// The unit.
        unit: UnitId,
        /// The ability.
        ability: &'static str,
    },
    /// End unit with no unit acting.
    #[error("no unit is taking its turn")]
    NoUnitActive,
    /// A rule of the shared board.
    #[error(transparent)]
    Board(#[from] RuleError),
}
