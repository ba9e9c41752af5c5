//! phase-rules-v1's commands and the typed reasons one is refused.

use super::Stage;
use crate::Hex;
use crate::map::{Side, axial};
use crate::player::PlayerId;
use crate::rules::command::RuleError;
use crate::rules::roster::Class;
use crate::rules::state::UnitId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's decision in phase-rules-v1.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// Move a unit up to 3 steps (one action).
    Move {
        /// The unit.
        unit: UnitId,
        /// Destination.
        #[serde(with = "axial")]
        to: Hex,
    },
    /// Attack a hex (one action).
    Attack {
        /// The attacker.
        unit: UnitId,
        /// Target hex.
        #[serde(with = "axial")]
        target: Hex,
    },
    /// Healing X Y on up to Y adjacent damaged allies (no action; once).
    Heal {
        /// The healer.
        unit: UnitId,
        /// The units to heal.
        targets: Vec<UnitId>,
    },
    /// Summon X Y next to the unit (no action; once).
    Summon {
        /// The summoner.
        unit: UnitId,
        /// Where the summon appears.
        #[serde(with = "axial")]
        to: Hex,
    },
    /// Rebound: take back the unit's last move (no action; once).
    Rebound {
        /// The unit.
        unit: UnitId,
    },
    /// End the turn of the unit that is acting.
    EndUnit,
    /// End the player's slot: its units of the phase that have not acted
    /// do nothing this turn.
    EndSlot,
}

impl PhaseCommand {
    /// The unit the command is about, if any.
    #[must_use]
    pub fn unit(&self) -> Option<UnitId> {
        match self {
            Self::Move { unit, .. }
            | Self::Attack { unit, .. }
            | Self::Heal { unit, .. }
            | Self::Summon { unit, .. }
            | Self::Rebound { unit } => Some(*unit),
            Self::PlaceCards { .. } | Self::Reveal { .. } | Self::EndUnit | Self::EndSlot => None,
        }
    }
}

impl fmt::Display for PhaseCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = |h: &Hex| format!("({},{})", h.x, h.y);
        match self {
            Self::PlaceCards { player, cards } => {
                write!(f, "side {player} places {cards:?}")
            }
            Self::Reveal { player, card } => write!(f, "side {player} reveals {card}"),
            Self::Move { unit, to } => write!(f, "move unit {unit} to {}", h(to)),
            Self::Attack { unit, target } => write!(f, "unit {unit} attacks {}", h(target)),
            Self::Heal { unit, targets } => write!(f, "unit {unit} heals {targets:?}"),
            Self::Summon { unit, to } => write!(f, "unit {unit} summons at {}", h(to)),
            Self::Rebound { unit } => write!(f, "rebound unit {unit}"),
            Self::EndUnit => f.write_str("end the unit's turn"),
            Self::EndSlot => f.write_str("end the slot"),
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
