//! What the sandbox needs of a ruleset beyond [`HasBots`] and [`OnBoard`]
//! (whose `board` gives the shared board it draws): how to step it, and a
//! player's view of that board. Implemented for both rulesets; the panels that work the same for both (playback
//! controls, the event log) are generic over it, and [`crate::sandbox::play::live::Live`]
//! is the closed enum the rest of the sandbox holds.

use crate::sandbox::play::live::Stride;
use hexwright_engine::Hex;
use hexwright_engine::bots::HasBots;
use hexwright_engine::map::Side;
use hexwright_engine::rules::UnitCommand;
use hexwright_engine::rules::narrate::unit_command_hex;
use hexwright_engine::rules::phase::{PhaseCommand, PhaseMatch, PhaseView};
use hexwright_engine::rules::{Command, MatchState, PlayerView, UnitId};
use hexwright_engine::ruleset::{AkwRulesV1, OnBoard, PhaseRulesV1};

/// A ruleset the sandbox plays.
pub trait SandboxRules: HasBots + OnBoard {
    /// The ways to step forward the playback controls offer, shortest first.
    const STRIDES: &'static [Stride];

    /// `side`'s view of the state, whose board is what that side may know.
    fn view_of(s: &Self::State, side: Side) -> Self::State;

    /// Where `cmd`, played in `before`, acts on the board, for the
    /// last-move mark: the acting unit's hex for a move or an attack (the
    /// arrow's tail) and the hex it acts on; `None` for a command off the
    /// board (ending a turn, placing cards).
    fn command_hexes(before: &Self::State, cmd: &Self::Command) -> Option<(Option<Hex>, Hex)>;
}

/// Where a unit's command acts on `board`, in either ruleset: the acting
/// unit's hex for a move or an attack (the arrow's tail), and the hex it
/// acts on.
fn unit_command_hexes(board: &MatchState, cmd: &UnitCommand) -> Option<(Option<Hex>, Hex)> {
    let to = unit_command_hex(board, cmd)?;
    let from = match cmd {
        UnitCommand::Move { unit, .. } | UnitCommand::Attack { unit, .. } => unit_hex(board, *unit),
        UnitCommand::Rebound { .. } | UnitCommand::Heal { .. } | UnitCommand::Summon { .. } => None,
    };
    Some((from, to))
}

/// The hex of `unit` on `board`, if it is in play.
fn unit_hex(board: &MatchState, unit: UnitId) -> Option<Hex> {
    board.unit(unit).map(|u| board.arena().hex(u.cell))
}

impl SandboxRules for AkwRulesV1 {
    const STRIDES: &'static [Stride] = &[Stride::Command, Stride::Turn];

    fn view_of(s: &MatchState, side: Side) -> MatchState {
        PlayerView::new(s, side).state
    }

    fn command_hexes(before: &MatchState, cmd: &Command) -> Option<(Option<Hex>, Hex)> {
        match cmd {
            Command::Unit(u) => unit_command_hexes(before, u),
            Command::Spawn { to, .. } => Some((None, *to)),
            Command::EndTurn => None,
        }
    }
}

impl SandboxRules for PhaseRulesV1 {
    const STRIDES: &'static [Stride] = &[
        Stride::Command,
        Stride::UnitTurn,
        Stride::Phase,
        Stride::Turn,
    ];

    fn view_of(s: &PhaseMatch, side: Side) -> PhaseMatch {
        PhaseView::new(s, side).state
    }

    fn command_hexes(before: &PhaseMatch, cmd: &PhaseCommand) -> Option<(Option<Hex>, Hex)> {
        match cmd {
            PhaseCommand::Unit(u) => unit_command_hexes(before.board(), u),
            PhaseCommand::PlaceCards { .. }
            | PhaseCommand::Reveal { .. }
            | PhaseCommand::EndUnit
            | PhaseCommand::EndSlot => None,
        }
    }
}
