//! [`Live`]: the match the sandbox is stepping through, in whichever
//! ruleset its scenario names — the closed enum at the sandbox's edge over
//! [`Timeline`]s of each [`SandboxRules`]. What both rulesets do alike
//! (stepping, rewinding, seats, the board to draw) is written once here;
//! panels that differ (akw-rules-v1's Energy and a person's turn,
//! phase-rules-v1's turn strip) ask for their own timeline.

use crate::sandbox::play::rules::SandboxRules;
use crate::sandbox::play::timeline::{Advance, Seat, Timeline};
use hexwright_engine::map::Side;
use hexwright_engine::player::PerPlayer;
use hexwright_engine::rules::phase::PhaseEvent;
use hexwright_engine::rules::scenario::Prepared;
use hexwright_engine::rules::{MatchState, Outcome};
use hexwright_engine::ruleset::{AkwRulesV1, PhaseRulesV1, RulesetId};

/// A match of either ruleset.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)] // one per sandbox, never moved in a loop
pub enum Live {
    /// akw-rules-v1.
    Akw(Timeline<AkwRulesV1>),
    /// phase-rules-v1.
    Phase(Timeline<PhaseRulesV1>),
}

/// Runs `$e` with `$t` bound to the timeline, whichever ruleset it is.
macro_rules! each {
    ($live:expr, $t:ident => $e:expr) => {
        match $live {
            Live::Akw($t) => $e,
            Live::Phase($t) => $e,
        }
    };
}

/// How far a step goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stride {
    /// One command.
    Command,
    /// To the end of the unit's turn under way or the next one
    /// (phase-rules-v1; one command in akw-rules-v1).
    UnitTurn,
    /// To the next phase (phase-rules-v1; the next turn in akw-rules-v1).
    Phase,
    /// To the next turn.
    Turn,
}

impl Stride {
    /// The playback button's label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Command => "Step command",
            Self::UnitTurn => "Step unit turn",
            Self::Phase => "Step phase",
            Self::Turn => "Step turn",
        }
    }

    /// The request its button makes.
    #[must_use]
    pub fn action(self) -> crate::sandbox::action::SandboxAction {
        use crate::sandbox::action::SandboxAction;
        match self {
            Self::Command => SandboxAction::Step,
            Self::UnitTurn => SandboxAction::StepUnitTurn,
            Self::Phase => SandboxAction::StepPhase,
            Self::Turn => SandboxAction::StepTurn,
        }
    }
}

impl Live {
    /// A new match of `prepared` (in its ruleset) with `seed`.
    #[must_use]
    pub fn new(prepared: Prepared, seed: u64, seats: PerPlayer<Seat>) -> Self {
        match prepared.ruleset {
            RulesetId::AkwRulesV1 => Self::Akw(Timeline::new(prepared, seed, seats)),
            RulesetId::PhaseRulesV1 => Self::Phase(Timeline::new(prepared, seed, seats)),
        }
    }

    /// The ruleset.
    #[must_use]
    pub fn ruleset(&self) -> RulesetId {
        match self {
            Self::Akw(_) => RulesetId::AkwRulesV1,
            Self::Phase(_) => RulesetId::PhaseRulesV1,
        }
    }

    /// The akw-rules-v1 match, if it is one.
    #[must_use]
    pub fn akw(&self) -> Option<&Timeline> {
        match self {
            Self::Akw(t) => Some(t),
            Self::Phase(_) => None,
        }
    }

    /// The akw-rules-v1 match, if it is one, to change.
    pub fn akw_mut(&mut self) -> Option<&mut Timeline> {
        match self {
            Self::Akw(t) => Some(t),
            Self::Phase(_) => None,
        }
    }

    /// The phase-rules-v1 match, if it is one.
    #[must_use]
    pub fn phase(&self) -> Option<&Timeline<PhaseRulesV1>> {
        match self {
            Self::Phase(t) => Some(t),
            Self::Akw(_) => None,
        }
    }

    /// How many of the recorded commands a person played.
    #[must_use]
    pub fn hand_played(&self) -> usize {
        each!(self, t => t.hand_played())
    }

    /// The match seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        each!(self, t => t.seed())
    }

    /// Steps before the cursor.
    #[must_use]
    pub fn cursor(&self) -> usize {
        each!(self, t => t.cursor())
    }

    /// Steps recorded.
    #[must_use]
    pub fn len(&self) -> usize {
        each!(self, t => t.steps().len())
    }

    /// Whether nothing is recorded yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The line in words of step `i` (all-seeing).
    #[must_use]
    pub fn line(&self, i: usize) -> Option<&str> {
        each!(self, t => t.steps().get(i).map(|s| s.line.as_str()))
    }

    /// Who plays each seat.
    #[must_use]
    pub fn seats(&self) -> PerPlayer<Seat> {
        each!(self, t => t.seats())
    }

    /// Hands a seat to a bot or a person.
    pub fn set_seat(&mut self, side: Side, seat: Seat) {
        each!(self, t => t.set_seat(side, seat));
    }

    /// Moves the cursor to `i` steps.
    pub fn seek(&mut self, i: usize) {
        each!(self, t => t.seek(i));
    }

    /// The step index where round `round` starts, if recorded.
    #[must_use]
    pub fn round_start(&self, round: u32) -> Option<usize> {
        each!(self, t => t.round_start(round))
    }

    /// The cursor at the start of round `round`: seeks there when it is
    /// recorded, else plays on (bots' moves) until it starts, the match
    /// ends or a person must play. Returns how the playing stopped
    /// ([`Advance::Played`]: the round was reached).
    pub fn go_to_round(&mut self, round: u32) -> Advance {
        use hexwright_engine::ruleset::Ruleset as _;
        if let Some(i) = self.round_start(round) {
            self.seek(i);
            return Advance::Played;
        }
        let end = self.len();
        self.seek(end);
        let r = match self {
            Self::Akw(t) => t.advance_until(|_, s| AkwRulesV1::round(s) >= round),
            Self::Phase(t) => t.advance_until(|_, s| PhaseRulesV1::round(s) >= round),
        };
        // The last command may end the match short of the round.
        if r == Advance::Played && self.round() < round {
            Advance::Over
        } else {
            r
        }
    }

    /// Steps forward by `stride`.
    pub fn advance(&mut self, stride: Stride) -> Advance {
        match (self, stride) {
            (Self::Akw(t), Stride::Command | Stride::UnitTurn) => t.advance(),
            (Self::Akw(t), Stride::Phase | Stride::Turn) => t.advance_turn(),
            (Self::Phase(t), Stride::Command) => t.advance(),
            (Self::Phase(t), Stride::UnitTurn) => t.advance_until(|step, _| {
                step.events.iter().any(|e| {
                    matches!(
                        e,
                        PhaseEvent::UnitEnded { .. } | PhaseEvent::SlotEnded { .. }
                    )
                })
            }),
            (Self::Phase(t), Stride::Phase) => {
                let at = (t.state().turn(), t.state().phase_index());
                t.advance_until(|_, s| (s.turn(), s.phase_index()) != at)
            }
            (Self::Phase(t), Stride::Turn) => t.advance_turn(),
        }
    }

    /// The board at the cursor (the truth).
    #[must_use]
    pub fn board(&self) -> &MatchState {
        each!(self, t => board_of(t))
    }

    /// The board at the cursor as `viewer` knows it (`None`: the truth).
    #[must_use]
    pub fn board_for(&self, viewer: Option<Side>) -> MatchState {
        each!(self, t => board_for(t, viewer))
    }

    /// The player to move at the cursor, if the match goes on.
    #[must_use]
    pub fn to_move(&self) -> Option<Side> {
        use hexwright_engine::ruleset::Ruleset as _;
        match self {
            Self::Akw(t) => AkwRulesV1::to_move(t.state()),
            Self::Phase(t) => PhaseRulesV1::to_move(t.state()),
        }
    }

    /// The round at the cursor, as the ruleset counts rounds.
    #[must_use]
    pub fn round(&self) -> u32 {
        use hexwright_engine::ruleset::Ruleset as _;
        match self {
            Self::Akw(t) => AkwRulesV1::round(t.state()),
            Self::Phase(t) => PhaseRulesV1::round(t.state()),
        }
    }

    /// The winner line once the match is over.
    #[must_use]
    pub fn outcome_text(&self) -> Option<String> {
        crate::sandbox::play::status::outcome_text(self.board(), self.round())
    }

    /// The outcome, once the match is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.board().outcome()
    }

    /// The state hash at the cursor.
    #[must_use]
    pub fn state_hash(&self) -> u64 {
        use hexwright_engine::ruleset::Ruleset as _;
        match self {
            Self::Akw(t) => AkwRulesV1::state_hash(t.state()),
            Self::Phase(t) => PhaseRulesV1::state_hash(t.state()),
        }
    }
}

fn board_of<R: SandboxRules>(t: &Timeline<R>) -> &MatchState {
    R::board(t.state())
}

fn board_for<R: SandboxRules>(t: &Timeline<R>, viewer: Option<Side>) -> MatchState {
    match viewer {
        None => R::board(t.state()).clone(),
        Some(side) => R::board(&R::view_of(t.state(), side)).clone(),
    }
}
