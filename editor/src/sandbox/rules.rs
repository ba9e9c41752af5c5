//! What the sandbox needs of a ruleset beyond [`HasBots`] and [`OnBoard`]
//! (whose `board` gives the shared board it draws): how to step it, and a
//! player's view of that board. Implemented for both rulesets; the panels that work the same for both (playback
//! controls, the event log) are generic over it, and [`super::live::Live`]
//! is the closed enum the rest of the sandbox holds.

use super::live::Stride;
use hexwright_engine::bots::HasBots;
use hexwright_engine::map::Side;
use hexwright_engine::rules::phase::{PhaseMatch, PhaseView};
use hexwright_engine::rules::{MatchState, PlayerView};
use hexwright_engine::ruleset::{AkwRulesV1, OnBoard, PhaseRulesV1};

/// A ruleset the sandbox plays.
pub trait SandboxRules: HasBots + OnBoard {
    /// The ways to step forward the playback controls offer, shortest first.
    const STRIDES: &'static [Stride];

    /// `side`'s view of the state, whose board is what that side may know.
    fn view_of(s: &Self::State, side: Side) -> Self::State;
}

impl SandboxRules for AkwRulesV1 {
    const STRIDES: &'static [Stride] = &[Stride::Command, Stride::Turn];

    fn view_of(s: &MatchState, side: Side) -> MatchState {
        PlayerView::new(s, side).state
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
}
