//! # Rules: phase-rules-v1, the speed-card phase turn system (document 004)
//!
//! Two to four players, one per starting zone, seated in zone order. Each
//! turn every player places four of its eight speed cards face down, one
//! per class; then the four phases — commanders, elites, soldiers,
//! summons — are played in order. In each phase every player flips that
//! class's card; the players with a living unit of the class play, fastest
//! first. Tied players reveal a card from their hand (the higher wins, the
//! card is spent); a tie that remains goes to the player closest to the
//! tiebreaker token counterclockwise. In its slot a player takes the whole
//! turn of each of its units of the class, one unit at a time: two actions
//! (summons one, Active one more), an action being a move of up to 3 hexes
//! or an attack, abilities free and once per unit per turn. There is no
//! Energy: Energy objectives are control points worth 1 point per turn,
//! a player whose bases have all fallen is eliminated, the last player
//! standing wins, and at the round limit the most points win.
//!
//! The board — units, movement, attacks, abilities, deaths, captures,
//! Outposts, fog — is the shared one ([`crate::rules::mechanics`]); this
//! module adds the table: [`PhaseMatch`] (state and `apply`),
//! [`PhaseCommand`], [`PhaseEvent`], [`PhaseError`], `check`, `execute`
//! and `legal` ([`logic`]), views ([`PhaseView`]) and narration.
//!
//! Secret choices (placing cards, revealing a tiebreak card) are
//! decisions taken one player at a time in seat order; each player's view
//! hides what the others chose until it is flipped or every tied player
//! has revealed, so "who decides now" is always one player and a match is
//! a list of commands.

mod cards;
mod command;
mod event;
pub mod logic;
mod narrate;
mod state;
mod view;

pub use cards::{CARDS, Cards};
pub use command::{PhaseCommand, PhaseError};
pub use event::PhaseEvent;
pub use logic::{actions_for, check, check_with, execute_unchecked, legal_into, start};
pub use narrate::narrate_for;
pub use state::{Falter, PhaseMatch, Seat, UnitTurn, phase_index};
pub use view::PhaseView;

use crate::rules::roster::Class;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The ruleset id of the speed-card phase turn system.
pub const PHASE_RULES_V1: &str = "phase-rules-v1";
/// Turns before the match is decided on points, when the scenario does
/// not say.
pub const DEFAULT_TURN_LIMIT: u32 = 40;
/// Steps a move action covers, for every unit (document 004: "Movespeed
/// is 3 hexes per action").
pub const MOVE_STEPS: u8 = 3;
/// Actions of a unit per turn, summons aside.
pub const ACTIONS: u8 = 2;
/// Actions of a summon per turn.
pub const SUMMON_ACTIONS: u8 = 1;
/// The phases of a turn, in order.
pub const PHASES: [Class; 4] = [
    Class::Commander,
    Class::Elite,
    Class::Soldier,
    Class::Summon,
];

/// What a turn is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// Players place their cards, one after another in seat order.
    Placing,
    /// Tied players reveal a card, one after another in seat order.
    Revealing,
    /// The players of a phase take their slots, fastest first.
    Acting,
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Placing => "cards to be placed",
            Self::Revealing => "tied players to reveal a card",
            Self::Acting => "units to act",
        })
    }
}
