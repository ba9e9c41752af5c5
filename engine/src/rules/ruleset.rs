//! Rulesets: the one trait every turn system implements, and the closed
//! list of rulesets this engine plays.
//!
//! Like shakmaty's `Position` and its variants, a ruleset supplies the
//! parts that differ — who decides now, checking a command, executing it
//! into events, the legal commands, what one player may know, the words for
//! a command, the state hash, the outcome — and the parts written once are
//! provided methods: [`Ruleset::execute`] is always `check` then
//! `execute_unchecked`, so no ruleset can execute a command it did not
//! check. A ruleset also declares the player counts it plays
//! ([`Ruleset::PLAYERS`]).
//!
//! At the edges (files, the command line, the app) a ruleset is named by
//! [`RulesetId`], a closed enum: files store its id, the app offers the ones
//! that seat a map's player count and says why it refuses the others.
//!
//! ```
//! use hexwright_engine::ruleset::{AkwRulesV1, Ruleset, RulesetId};
//!
//! assert!(AkwRulesV1::supports(2));
//! assert!(!AkwRulesV1::supports(4));
//! let id: RulesetId = "akw-rules-v1".parse().unwrap();
//! assert_eq!(id.id(), AkwRulesV1::ID);
//! assert!(id.refusal(4).unwrap().contains("exactly 2"));
//! ```

use crate::player::{MAX_PLAYERS, MIN_PLAYERS, PlayerId};
use crate::rules::phase::{self, PhaseCommand, PhaseError, PhaseEvent, PhaseMatch, PhaseView};
use crate::rules::scenario::Prepared;
use crate::rules::{self, Command, Event, MatchState, Outcome, PlayerView, RuleError};
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// A turn system: its state, commands, events and errors, and the
/// functions that define play on them.
pub trait Ruleset {
    /// The id files name the ruleset by (`akw-rules-v1`).
    const ID: &'static str;
    /// The player counts it plays.
    const PLAYERS: RangeInclusive<usize>;

    /// What a match is set up from (a prepared scenario).
    type Setup;
    /// The whole state of a match.
    type State: Clone;
    /// What a player asks for.
    type Command: Clone + PartialEq + fmt::Debug;
    /// What happened.
    type Event: Clone + PartialEq + fmt::Debug;
    /// Why a command is refused.
    type Error: std::error::Error + Clone + PartialEq;
    /// What one player may know of a match: what its bots decide from.
    type View: Clone + fmt::Debug + Send;
    /// Buffers that make repeated checks cheap (bots check many commands a
    /// turn); `()` when there is nothing to keep.
    type Scratch: Default + fmt::Debug + Send;

    /// A new match of `setup` with `seed`: the state after setting up, and
    /// the events that set it up.
    fn start(setup: &Self::Setup, seed: u64) -> (Self::State, Vec<Self::Event>);

    /// The player who decides now; `None` once the match is over.
    fn to_move(s: &Self::State) -> Option<PlayerId>;

    /// Whether `cmd` may be played now, or the first rule it breaks.
    ///
    /// # Errors
    /// The rule `cmd` breaks.
    fn check(s: &Self::State, cmd: &Self::Command) -> Result<(), Self::Error>;

    /// Plays a command [`Ruleset::check`] accepted, appending its events to
    /// `out` (each applied to the state as it is produced).
    fn execute_unchecked(s: &mut Self::State, cmd: &Self::Command, out: &mut Vec<Self::Event>);

    /// Every legal command now, in a fixed order, into `out`.
    fn legal(s: &Self::State, out: &mut Vec<Self::Command>);

    /// The match as `player` may know it.
    fn view(s: &Self::State, player: PlayerId) -> Self::View;

    /// The state inside a view: the match as the view's player may know
    /// it, with everything else hidden or blank.
    fn view_state(view: &Self::View) -> &Self::State;

    /// A command the player to move may always play (akw-rules-v1: end the
    /// turn): what a bot that keeps being refused plays instead.
    fn pass(s: &Self::State) -> Self::Command;

    /// `cmd` and its `events` in words, told to `viewer` (`None`:
    /// all-seeing) as that player may know them; `before` and `after` are
    /// the states around it.
    fn narrate(
        before: &Self::State,
        cmd: &Self::Command,
        events: &[Self::Event],
        after: &Self::State,
        viewer: Option<PlayerId>,
    ) -> String;

    /// A stable hash of everything that can change in a match.
    fn state_hash(s: &Self::State) -> u64;

    /// How the match ended, once it has.
    fn outcome(s: &Self::State) -> Option<Outcome>;

    /// The turn counter: 0 during the first turn, one more each turn.
    fn turn(s: &Self::State) -> u32;

    /// The round (1-based) the match is in.
    fn round(s: &Self::State) -> u32;

    /// Points per player, in rulesets that score them (phase-rules-v1's
    /// control points); empty otherwise.
    fn points(_s: &Self::State) -> Vec<u32> {
        Vec::new()
    }

    /// The commands `setup` plays before anyone decides (a scenario's
    /// opening), which [`Ruleset::start`] has already played.
    fn opening(_setup: &Self::Setup) -> Vec<Self::Command> {
        Vec::new()
    }

    /// Whether the ruleset plays `players` players.
    #[must_use]
    fn supports(players: usize) -> bool {
        Self::PLAYERS.contains(&players)
    }

    /// Makes `view` the view of `player` on `s`, reusing its allocations
    /// where the ruleset can.
    fn update_view(view: &mut Self::View, s: &Self::State, player: PlayerId) {
        *view = Self::view(s, player);
    }

    /// [`Ruleset::check`] with buffers kept between calls; the same answer.
    ///
    /// # Errors
    /// The rule `cmd` breaks.
    fn check_with(
        s: &Self::State,
        cmd: &Self::Command,
        _scratch: &mut Self::Scratch,
    ) -> Result<(), Self::Error> {
        Self::check(s, cmd)
    }

    /// Checks `cmd`, then plays it. The state is unchanged when it is
    /// refused. Written once for every ruleset.
    ///
    /// # Errors
    /// The rule `cmd` breaks.
    fn execute(
        s: &mut Self::State,
        cmd: &Self::Command,
        out: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error> {
        Self::check(s, cmd)?;
        Self::execute_unchecked(s, cmd, out);
        Ok(())
    }

    /// Every legal command now, in a fixed order.
    #[must_use]
    fn legal_commands(s: &Self::State) -> Vec<Self::Command> {
        let mut out = Vec::new();
        Self::legal(s, &mut out);
        out
    }
}

/// A ruleset played on the shared hex board ([`MatchState`]: units,
/// objectives, Outposts, bases), as both of this engine's are: what batch
/// reports, opening studies and the app read beyond [`Ruleset`]. A turn
/// system with no board (a test's toy) implements [`Ruleset`] alone.
pub trait OnBoard: Ruleset {
    /// The board of a state.
    fn board(s: &Self::State) -> &MatchState;

    /// The board event `e` is (a move, a death, a capture…), or `None` for
    /// the ruleset's own events (turns, cards).
    fn board_event(e: &Self::Event) -> Option<&Event>;

    /// When `e` begins a turn, the round (1-based) of that turn: the events
    /// after it happen in that round. Batches and opening studies date
    /// first captures and stop counting by it.
    fn turn_began(e: &Self::Event) -> Option<u32>;
}

/// akw-rules-v1 (document 000): two players, Energy, alternating turns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AkwRulesV1;

impl Ruleset for AkwRulesV1 {
    const ID: &'static str = rules::AKW_RULES_V1;
    const PLAYERS: RangeInclusive<usize> = rules::state::PLAYERS..=rules::state::PLAYERS;

    type Setup = Prepared;
    type State = MatchState;
    type Command = Command;
    type Event = Event;
    type Error = RuleError;
    type View = PlayerView;
    type Scratch = rules::Scratch;

    fn start(setup: &Prepared, seed: u64) -> (MatchState, Vec<Event>) {
        setup.new_match_with_seed(seed)
    }

    fn to_move(s: &MatchState) -> Option<PlayerId> {
        s.outcome().is_none().then_some(s.side())
    }

    fn check(s: &MatchState, cmd: &Command) -> Result<(), RuleError> {
        rules::logic::check(s, cmd)
    }

    fn execute_unchecked(s: &mut MatchState, cmd: &Command, out: &mut Vec<Event>) {
        rules::logic::execute_unchecked(s, cmd, out);
    }

    fn legal(s: &MatchState, out: &mut Vec<Command>) {
        rules::logic::legal_into(s, &mut rules::Scratch::default(), out);
    }

    fn view(s: &MatchState, player: PlayerId) -> PlayerView {
        PlayerView::new(s, player)
    }

    fn view_state(view: &PlayerView) -> &MatchState {
        &view.state
    }

    fn pass(_: &MatchState) -> Command {
        Command::EndTurn
    }

    fn update_view(view: &mut PlayerView, s: &MatchState, player: PlayerId) {
        view.update(s, player);
    }

    fn check_with(
        s: &MatchState,
        cmd: &Command,
        scratch: &mut rules::Scratch,
    ) -> Result<(), RuleError> {
        rules::logic::check_with(s, cmd, scratch)
    }

    fn narrate(
        before: &MatchState,
        cmd: &Command,
        events: &[Event],
        after: &MatchState,
        viewer: Option<PlayerId>,
    ) -> String {
        rules::narrate::narrate_for(before, cmd, events, after, viewer)
    }

    fn state_hash(s: &MatchState) -> u64 {
        s.state_hash()
    }

    fn outcome(s: &MatchState) -> Option<Outcome> {
        s.outcome()
    }

    fn turn(s: &MatchState) -> u32 {
        s.turn()
    }

    fn round(s: &MatchState) -> u32 {
        s.round()
    }

    fn opening(setup: &Prepared) -> Vec<Command> {
        setup.opening.clone()
    }
}

/// phase-rules-v1 (document 004): two to four players, speed cards and
/// class phases, control points, no Energy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PhaseRulesV1;

impl Ruleset for PhaseRulesV1 {
    const ID: &'static str = phase::PHASE_RULES_V1;
    const PLAYERS: RangeInclusive<usize> = MIN_PLAYERS..=MAX_PLAYERS;

    type Setup = Prepared;
    type State = PhaseMatch;
    type Command = PhaseCommand;
    type Event = PhaseEvent;
    type Error = PhaseError;
    type View = PhaseView;
    type Scratch = rules::Scratch;

    fn start(setup: &Prepared, seed: u64) -> (PhaseMatch, Vec<PhaseEvent>) {
        let mut s = PhaseMatch::empty(setup.rules.clone(), seed);
        let mut events = Vec::new();
        phase::start(&mut s, &setup.deployments(seed), &mut events);
        (s, events)
    }

    fn to_move(s: &PhaseMatch) -> Option<PlayerId> {
        phase::logic::to_move(s)
    }

    fn check(s: &PhaseMatch, cmd: &PhaseCommand) -> Result<(), PhaseError> {
        phase::check(s, cmd)
    }

    fn execute_unchecked(s: &mut PhaseMatch, cmd: &PhaseCommand, out: &mut Vec<PhaseEvent>) {
        phase::execute_unchecked(s, cmd, out);
    }

    fn legal(s: &PhaseMatch, out: &mut Vec<PhaseCommand>) {
        phase::legal_into(s, &mut rules::Scratch::default(), out);
    }

    fn view(s: &PhaseMatch, player: PlayerId) -> PhaseView {
        PhaseView::new(s, player)
    }

    fn view_state(view: &PhaseView) -> &PhaseMatch {
        &view.state
    }

    fn pass(s: &PhaseMatch) -> PhaseCommand {
        phase::logic::pass(s)
    }

    fn update_view(view: &mut PhaseView, s: &PhaseMatch, player: PlayerId) {
        view.update(s, player);
    }

    fn check_with(
        s: &PhaseMatch,
        cmd: &PhaseCommand,
        scratch: &mut rules::Scratch,
    ) -> Result<(), PhaseError> {
        phase::logic::check_with(s, cmd, scratch)
    }

    fn narrate(
        before: &PhaseMatch,
        cmd: &PhaseCommand,
        events: &[PhaseEvent],
        after: &PhaseMatch,
        viewer: Option<PlayerId>,
    ) -> String {
        phase::narrate_for(before, cmd, events, after, viewer)
    }

    fn state_hash(s: &PhaseMatch) -> u64 {
        s.state_hash()
    }

    fn outcome(s: &PhaseMatch) -> Option<Outcome> {
        s.board().outcome()
    }

    fn turn(s: &PhaseMatch) -> u32 {
        s.turn()
    }

    fn round(s: &PhaseMatch) -> u32 {
        s.round()
    }

    fn points(s: &PhaseMatch) -> Vec<u32> {
        s.points().as_slice().to_vec()
    }
}

impl OnBoard for AkwRulesV1 {
    fn board(s: &MatchState) -> &MatchState {
        s
    }

    fn board_event(e: &Event) -> Option<&Event> {
        Some(e)
    }

    fn turn_began(e: &Event) -> Option<u32> {
        match *e {
            Event::TurnStarted { turn, .. } => Some(rules::state::round_of_turn(turn)),
            _ => None,
        }
    }
}

impl OnBoard for PhaseRulesV1 {
    fn board(s: &PhaseMatch) -> &MatchState {
        s.board()
    }

    fn board_event(e: &PhaseEvent) -> Option<&Event> {
        match e {
            PhaseEvent::Board(e) => Some(e),
            _ => None,
        }
    }

    fn turn_began(e: &PhaseEvent) -> Option<u32> {
        match *e {
            PhaseEvent::TurnBegan { turn, .. } => Some(turn + 1),
            _ => None,
        }
    }
}

/// The rulesets this engine plays, by id: what files, the command line and
/// the app name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RulesetId {
    /// [`AkwRulesV1`].
    AkwRulesV1,
    /// [`PhaseRulesV1`].
    PhaseRulesV1,
}

impl RulesetId {
    /// Every ruleset, in menu order.
    pub const ALL: [Self; 2] = [Self::AkwRulesV1, Self::PhaseRulesV1];

    /// Its id in files (`akw-rules-v1`).
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::AkwRulesV1 => AkwRulesV1::ID,
            Self::PhaseRulesV1 => PhaseRulesV1::ID,
        }
    }

    /// The player counts it plays.
    #[must_use]
    pub const fn players(self) -> RangeInclusive<usize> {
        match self {
            Self::AkwRulesV1 => AkwRulesV1::PLAYERS,
            Self::PhaseRulesV1 => PhaseRulesV1::PLAYERS,
        }
    }

    /// The round limit of a scenario that does not set one.
    #[must_use]
    pub const fn default_round_limit(self) -> u32 {
        match self {
            Self::AkwRulesV1 => rules::state::DEFAULT_ROUND_LIMIT,
            Self::PhaseRulesV1 => phase::DEFAULT_TURN_LIMIT,
        }
    }

    /// Why it cannot seat a map for `players` players; `None` when it can.
    #[must_use]
    pub fn refusal(self, players: usize) -> Option<String> {
        let range = self.players();
        if range.contains(&players) {
            return None;
        }
        let (lo, hi) = (*range.start(), *range.end());
        let plays = if lo == hi {
            format!("exactly {lo}")
        } else {
            format!("{lo} to {hi}")
        };
        Some(format!(
            "{} plays {plays} players, and the map is for {players}",
            self.id()
        ))
    }

    /// The rulesets that seat `players` players.
    #[must_use]
    pub fn for_players(players: usize) -> Vec<Self> {
        Self::ALL
            .into_iter()
            .filter(|r| r.players().contains(&players))
            .collect()
    }
}

impl fmt::Display for RulesetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A ruleset id that names no ruleset this engine plays.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown ruleset `{0}` (this engine plays {known})", known = known_rulesets())]
pub struct UnknownRuleset(pub String);

fn known_rulesets() -> String {
    let ids: Vec<String> = RulesetId::ALL
        .iter()
        .map(|r| format!("`{}`", r.id()))
        .collect();
    ids.join(", ")
}

impl FromStr for RulesetId {
    type Err = UnknownRuleset;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|r| r.id() == s)
            .ok_or_else(|| UnknownRuleset(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_unknown_ones_are_named() {
        for r in RulesetId::ALL {
            assert_eq!(r.id().parse::<RulesetId>(), Ok(r));
            assert_eq!(r.to_string(), r.id());
        }
        let e = "chess".parse::<RulesetId>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown ruleset `chess` (this engine plays `akw-rules-v1`, `phase-rules-v1`)"
        );
    }

    #[test]
    fn akw_rules_v1_seats_exactly_two_and_phase_rules_v1_two_to_four() {
        assert_eq!(RulesetId::AkwRulesV1.players(), 2..=2);
        assert_eq!(RulesetId::PhaseRulesV1.players(), 2..=4);
        assert_eq!(
            RulesetId::for_players(2),
            [RulesetId::AkwRulesV1, RulesetId::PhaseRulesV1]
        );
        assert_eq!(RulesetId::for_players(3), [RulesetId::PhaseRulesV1]);
        assert_eq!(RulesetId::for_players(4), [RulesetId::PhaseRulesV1]);
        assert!(RulesetId::for_players(5).is_empty());
        assert_eq!(
            RulesetId::PhaseRulesV1.refusal(5).as_deref(),
            Some("phase-rules-v1 plays 2 to 4 players, and the map is for 5")
        );
        assert_eq!(RulesetId::AkwRulesV1.refusal(2), None);
        assert_eq!(
            RulesetId::AkwRulesV1.refusal(3).as_deref(),
            Some("akw-rules-v1 plays exactly 2 players, and the map is for 3")
        );
    }
}
