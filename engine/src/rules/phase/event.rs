//! What happens in a phase-rules-v1 match: the shared board's events and
//! the table's own.

use crate::map::Side;
use crate::player::PlayerId;
use crate::rules::event::Event;
use crate::rules::roster::Class;
use crate::rules::state::UnitId;
use serde::{Deserialize, Serialize};

/// One thing that happened. [`super::PhaseMatch::apply`] applies it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PhaseEvent {
    /// Something on the board (moves, attacks, damage, deaths, captures,
    /// Outposts, healing, poison, Revive), as in every ruleset.
    Board(Event),
    /// A turn began: cards are collected and replaced (every player holds
    /// 1 to 8 again), unit turns reset, and `token` holds the tiebreaker
    /// token.
    TurnBegan {
        /// The turn (0-based).
        turn: u32,
        /// The token holder.
        token: PlayerId,
    },
    /// A player placed its four cards face down (their values are secret
    /// until each is flipped).
    CardsPlaced {
        /// The player.
        player: PlayerId,
        /// Its cards, in class order.
        cards: [u8; 4],
    },
    /// Every player in play flipped its card for a phase.
    Flipped {
        /// The phase.
        phase: Class,
        /// Each player's card, in seat order.
        cards: Vec<(PlayerId, u8)>,
    },
    /// Participants flipped the same card: they must each reveal a card.
    TieCalled {
        /// The phase.
        phase: Class,
        /// The tied players, in seat order.
        tied: Vec<PlayerId>,
    },
    /// A tied player revealed a card from its hand (`None`: it had none
    /// left, and counts 0). The card is spent for the turn.
    Revealed {
        /// The player.
        player: PlayerId,
        /// The card.
        card: Option<u8>,
    },
    /// The order of play of a phase: its participants, fastest first.
    Ordered {
        /// The phase.
        phase: Class,
        /// The players, fastest first.
        order: Vec<PlayerId>,
    },
    /// A unit began its turn with this many actions.
    UnitStarted {
        /// The unit.
        unit: UnitId,
        /// Its actions this turn.
        actions: u8,
    },
    /// A unit spent an action (a move or an attack).
    ActionSpent {
        /// The unit.
        unit: UnitId,
        /// Actions left.
        left: u8,
    },
    /// A unit used its Rebound for this turn.
    ReboundUsed {
        /// The unit.
        unit: UnitId,
    },
    /// A unit's turn ended: it does nothing more this turn.
    UnitEnded {
        /// The unit.
        unit: UnitId,
    },
    /// A player's slot in the phase ended.
    SlotEnded {
        /// The player.
        player: PlayerId,
    },
    /// End of turn: a player scored its control points.
    Scored {
        /// The player.
        player: Side,
        /// Points this turn (objectives it owns).
        gained: u32,
        /// Its points now.
        total: u32,
    },
    /// A commander died with a penalty of Energy or income: its player's
    /// next turn has one action fewer per unit (never fewer than 1).
    Faltered {
        /// The player.
        player: Side,
    },
    /// Every base of a player has fallen: its units leave the board and it
    /// takes no further part.
    Eliminated {
        /// The player.
        player: Side,
    },
    /// A turn ended (after scoring).
    TurnEnded {
        /// The turn (0-based).
        turn: u32,
    },
}
