//! A match as a timeline: the prepared scenario, every command played with
//! its events and a line in words, the state after each, and a cursor.
//!
//! Rewinding moves the cursor back; stepping forward again first replays the
//! recorded commands (so the same states come back, bit for bit), and only
//! past the last recorded command asks the side to move for a new one. A
//! command that differs from the recorded one at the cursor — a human move
//! after a rewind — cuts the recorded future off: the match branches.
//!
//! Bots are driven exactly as [`hexwright_engine::sim::play`] drives them
//! (same streams, same [`BotTurn`] loop), so a bot-versus-bot match watched
//! here is the match `hexwright simulate` plays with that seed. After a
//! branch, bots are rebuilt with streams keyed by the seed and the branch
//! point, so a branched match is reproducible too.
//!
//! The timeline knows rulesets only through [`Ruleset`] (and
//! [`HasBots`] for its seats): it is `Timeline<R>`, akw-rules-v1 unless
//! named, so the speed-card ruleset steps, rewinds and branches the same
//! way.

use hexwright_engine::bots::{Bot, BotKind, HasBots};
use hexwright_engine::map::Side;
use hexwright_engine::player::PerPlayer;
use hexwright_engine::ruleset::{AkwRulesV1, Ruleset};
use hexwright_engine::sim::BotTurn;

/// One command played.
#[derive(Clone, Debug)]
pub struct Step<R: Ruleset = AkwRulesV1> {
    /// The command.
    pub cmd: R::Command,
    /// What it caused.
    pub events: Vec<R::Event>,
    /// The command and its events in words.
    pub line: String,
    /// The side that played it.
    pub side: Side,
    /// The round it was played in.
    pub round: u32,
    /// The turn counter when it was played.
    pub turn: u32,
    /// The state hash after it.
    pub hash: u64,
    /// A person played it (not a bot, not a file replayed).
    pub by_hand: bool,
}

/// Who plays a side: a bot, or a person (`None`).
pub type Seat = Option<BotKind>;

/// A match of ruleset `R` (akw-rules-v1 unless named) being stepped
/// through.
pub struct Timeline<R: HasBots = AkwRulesV1> {
    prepared: R::Setup,
    seed: u64,
    /// `states[i]` is the state after `i` steps; `states[0]` the start.
    states: Vec<R::State>,
    steps: Vec<Step<R>>,
    cursor: usize,
    seats: PerPlayer<Seat>,
    /// Live bots (one per player), valid for the timeline's prefix up to
    /// `bots_at` steps.
    bots: Vec<Option<Box<dyn Bot<R>>>>,
    bots_at: PerPlayer<Option<usize>>,
    driver: BotTurn<R>,
    /// Commands the rules refused to bots (their views miss hidden enemies).
    refused: u64,
}

impl<R: HasBots> std::fmt::Debug for Timeline<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Timeline")
            .field("seed", &self.seed)
            .field("steps", &self.steps.len())
            .field("cursor", &self.cursor)
            .field("seats", &self.seats)
            .finish_non_exhaustive()
    }
}

/// What happened when the timeline was asked for one more command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advance {
    /// A command was played (or replayed).
    Played,
    /// The match is over.
    Over,
    /// A person plays the side to move and nothing is recorded ahead.
    WaitingForHuman(Side),
}

impl<R: HasBots> Timeline<R> {
    /// A new match of `prepared` with `seed`, the opening (if any) played.
    #[must_use]
    pub fn new(prepared: R::Setup, seed: u64, seats: impl Into<PerPlayer<Seat>>) -> Self {
        let seats: PerPlayer<Seat> = seats.into();
        let (start, _) = R::start(&prepared, seed);
        let driver = BotTurn::new(&start);
        let mut t = Self {
            prepared,
            seed,
            states: vec![start],
            steps: Vec::new(),
            cursor: 0,
            seats,
            bots: seats.iter().map(|_| None).collect(),
            bots_at: PerPlayer::splat(seats.len(), &None),
            driver,
            refused: 0,
        };
        for side in seats.players() {
            t.build_bot(side);
        }
        t
    }

    /// A match replaying `commands` (each checked by the rules), cursor at
    /// the start. Fails with the first illegal command's index and reason.
    pub fn with_commands(
        prepared: R::Setup,
        seed: u64,
        seats: impl Into<PerPlayer<Seat>>,
        commands: &[R::Command],
    ) -> Result<Self, (usize, R::Error)> {
        let mut t = Self::new(prepared, seed, seats);
        for (i, cmd) in commands.iter().enumerate() {
            t.push(cmd.clone(), false).map_err(|e| (i, e))?;
        }
        // Bots have not decided any of these: rebuild them where they are
        // needed next.
        t.bots_at = PerPlayer::splat(t.seats.len(), &None);
        t.cursor = 0;
        Ok(t)
    }

    /// The scenario being played.
    #[must_use]
    pub fn prepared(&self) -> &R::Setup {
        &self.prepared
    }

    /// The match seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Who plays each side.
    #[must_use]
    pub fn seats(&self) -> PerPlayer<Seat> {
        self.seats
    }

    /// Hands a side to a bot or a person from the cursor on.
    pub fn set_seat(&mut self, side: Side, seat: Seat) {
        if self.seats.get(side).is_some_and(|&s| s != seat) {
            self.seats[side] = seat;
            self.bots_at[side] = None;
        }
    }

    /// Every recorded step (also those after the cursor).
    #[must_use]
    pub fn steps(&self) -> &[Step<R>] {
        &self.steps
    }

    /// How many steps are applied.
    #[must_use]
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The state at the cursor.
    #[must_use]
    pub fn state(&self) -> &R::State {
        &self.states[self.cursor]
    }

    /// The state after `i` steps (`0` is the start).
    #[must_use]
    pub fn state_at(&self, i: usize) -> Option<&R::State> {
        self.states.get(i)
    }

    /// Commands the rules refused to bots so far.
    #[must_use]
    pub fn refused(&self) -> u64 {
        self.refused
    }

    /// Moves the cursor to `i` steps (clamped to what is recorded).
    pub fn seek(&mut self, i: usize) {
        self.cursor = i.min(self.steps.len());
    }

    /// The step index where round `round` starts (the first step played
    /// in its first turn), if that turn is recorded.
    #[must_use]
    pub fn round_start(&self, round: u32) -> Option<usize> {
        self.first_step_where(|s| s.round == round, |s| R::round(s) == round)
    }

    /// The step index where turn `turn` starts (the first step played in
    /// it), if that turn is recorded.
    #[must_use]
    pub fn turn_start(&self, turn: u32) -> Option<usize> {
        self.first_step_where(|s| s.turn == turn, |s| R::turn(s) == turn)
    }

    /// The first step index whose state is in the wanted turn or round:
    /// 0 when the start is (`state` holds), else the first step played in
    /// it (`step` holds), else the end when the last state is in it.
    fn first_step_where(
        &self,
        step: impl Fn(&Step<R>) -> bool,
        state: impl Fn(&R::State) -> bool,
    ) -> Option<usize> {
        if state(&self.states[0]) {
            return Some(0);
        }
        self.steps
            .iter()
            .position(step)
            .or_else(|| state(self.states.last()?).then_some(self.steps.len()))
    }

    /// Plays `cmd` for the side to move at the cursor. When it is the
    /// recorded next command, the cursor just moves on; otherwise the
    /// recorded future is dropped and the match branches here.
    pub fn play(&mut self, cmd: R::Command) -> Result<(), R::Error> {
        if self.steps.get(self.cursor).is_some_and(|s| s.cmd == cmd) {
            self.cursor += 1;
            return Ok(());
        }
        R::check(&self.states[self.cursor], &cmd)?;
        self.branch();
        self.push(cmd, true)
    }

    /// How many recorded steps [`Self::play`] of `cmd` would drop: none
    /// when the cursor is at the end or `cmd` is the recorded next one,
    /// otherwise every step after the cursor.
    #[must_use]
    pub fn would_drop(&self, cmd: &R::Command) -> usize {
        match self.steps.get(self.cursor) {
            Some(s) if s.cmd != *cmd => self.steps.len() - self.cursor,
            _ => 0,
        }
    }

    /// How many of the recorded steps a person played.
    #[must_use]
    pub fn hand_played(&self) -> usize {
        self.steps.iter().filter(|s| s.by_hand).count()
    }

    /// Steps one command forward: the recorded one, or a bot's decision.
    pub fn advance(&mut self) -> Advance {
        if self.cursor < self.steps.len() {
            self.cursor += 1;
            return Advance::Played;
        }
        let Some(side) = R::to_move(&self.states[self.cursor]) else {
            return Advance::Over;
        };
        if self.seats[side].is_none() {
            return Advance::WaitingForHuman(side);
        }
        if self.bots_at[side] != Some(self.cursor) {
            self.build_bot(side);
        }
        let Some(bot) = self.bots[side.index()].as_mut() else {
            return Advance::WaitingForHuman(side);
        };
        let (cmd, refused) = self.driver.next(&self.states[self.cursor], bot.as_mut());
        self.refused += refused;
        self.push(cmd, false)
            .expect("BotTurn hands out commands the rules accept");
        Advance::Played
    }

    /// Steps until the turn changes (or the match ends, or a person must
    /// play). Returns the last result.
    pub fn advance_turn(&mut self) -> Advance {
        let turn = R::turn(self.state());
        self.advance_until(|_, s| R::turn(s) != turn)
    }

    /// Steps until `done` holds for the step just played and the state
    /// after it (or the match ends, or a person must play). Returns the
    /// last result.
    pub fn advance_until(&mut self, mut done: impl FnMut(&Step<R>, &R::State) -> bool) -> Advance {
        loop {
            let r = self.advance();
            if r != Advance::Played || R::outcome(self.state()).is_some() {
                return r;
            }
            if done(&self.steps[self.cursor - 1], self.state()) {
                return r;
            }
        }
    }

    /// Steps until the match ends or a person must play, at most `limit`
    /// commands. Returns the last result.
    pub fn advance_to_end(&mut self, limit: usize) -> Advance {
        for _ in 0..limit {
            let r = self.advance();
            if r != Advance::Played {
                return r;
            }
        }
        Advance::Played
    }

    /// Every command from the start of the scenario: its opening, then the
    /// steps up to the cursor.
    #[must_use]
    pub fn commands_from_setup(&self) -> Vec<R::Command> {
        let mut all = R::opening(&self.prepared);
        all.extend(self.steps[..self.cursor].iter().map(|s| s.cmd.clone()));
        all
    }

    /// Drops the recorded steps after the cursor.
    fn branch(&mut self) {
        if self.cursor < self.steps.len() {
            self.steps.truncate(self.cursor);
            self.states.truncate(self.cursor + 1);
            for at in &mut self.bots_at {
                if at.is_some_and(|a| a > self.cursor) {
                    *at = None;
                }
            }
        }
    }

    /// Checks and applies `cmd` at the cursor, which must be the end;
    /// `by_hand` when a person played it.
    fn push(&mut self, cmd: R::Command, by_hand: bool) -> Result<(), R::Error> {
        debug_assert_eq!(self.cursor, self.steps.len());
        let before = &self.states[self.cursor];
        let mut after = before.clone();
        let mut events = Vec::new();
        R::execute(&mut after, &cmd, &mut events)?;
        let line = R::narrate(before, &cmd, &events, &after, None);
        let step = Step {
            side: R::to_move(before).unwrap_or_default(),
            round: R::round(before),
            turn: R::turn(before),
            hash: R::state_hash(&after),
            cmd,
            events,
            line,
            by_hand,
        };
        self.steps.push(step);
        self.states.push(after);
        // Live bots go on with their streams, as in `sim::play`.
        for at in &mut self.bots_at {
            if *at == Some(self.cursor) {
                *at = Some(self.cursor + 1);
            }
        }
        self.cursor += 1;
        Ok(())
    }

    /// A fresh bot for `side` at the cursor: at the start exactly the bot
    /// `sim::play` builds; later, one whose stream is keyed by the seed and
    /// the cursor.
    fn build_bot(&mut self, side: Side) {
        let seat = self.seats[side];
        self.bots[side.index()] = seat.map(|kind| {
            let seed = if self.cursor == 0 {
                self.seed
            } else {
                self.seed ^ (self.cursor as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            };
            R::bot(kind, seed, side)
        });
        self.bots_at[side] = Some(self.cursor);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexwright_engine::player::PlayerId;
    use hexwright_engine::rules::Command;
    use hexwright_engine::rules::Roster;
    use hexwright_engine::rules::UnitCommand;
    use hexwright_engine::rules::scenario::Prepared;
    use hexwright_engine::rules::scenario::Scenario;
    use hexwright_engine::sim::{PlayOptions, play};
    use std::path::Path;

    fn prepared() -> Prepared {
        let map = hexwright_headless::files::bundled::default_map().expect("the bundled map loads");
        Scenario::for_map(map, 3, 60)
            .prepare(Path::new("."), &Roster::bundled(), "test")
            .expect("the bundled map is valid")
    }

    #[test]
    fn bots_play_the_match_the_simulator_plays() {
        let p = prepared();
        let bots = [BotKind::Greedy, BotKind::Random];
        let result = play(&p, 11, bots, PlayOptions { record: true });
        let mut t = <Timeline>::new(p, 11, [Some(bots[0]), Some(bots[1])]);
        assert_eq!(t.advance_to_end(100_000), Advance::Over);
        let played: Vec<Command> = t.steps().iter().map(|s| s.cmd.clone()).collect();
        assert_eq!(played, result.commands);
        assert_eq!(t.state().state_hash(), result.state.state_hash());
    }

    #[test]
    fn rewinding_and_stepping_again_gives_the_same_states() {
        let mut t = <Timeline>::new(prepared(), 5, [Some(BotKind::Greedy); 2]);
        t.advance_to_end(400);
        let hashes: Vec<u64> = t.steps().iter().map(|s| s.hash).collect();
        let n = t.cursor();
        t.seek(n / 3);
        while t.cursor() < n {
            assert_eq!(t.advance(), Advance::Played);
            assert_eq!(t.state().state_hash(), hashes[t.cursor() - 1]);
        }
    }

    #[test]
    fn a_different_command_after_a_rewind_branches() {
        let mut t = <Timeline>::new(prepared(), 5, [None, Some(BotKind::Greedy)]);
        assert_eq!(t.advance(), Advance::WaitingForHuman(PlayerId(0)));
        t.play(Command::EndTurn).expect("ending the turn is legal");
        t.advance_turn();
        let recorded = t.steps().len();
        assert!(recorded > 1);
        t.seek(0);
        let legal = hexwright_engine::rules::legal(t.state());
        let other = legal
            .into_iter()
            .find(|c| *c != Command::EndTurn)
            .expect("side 0 has a move");
        t.play(other.clone()).expect("a legal command");
        assert_eq!(t.steps().len(), 1);
        assert_eq!(t.steps()[0].cmd, other);
    }

    #[test]
    fn an_illegal_command_is_refused_with_the_reason() {
        let mut t = <Timeline>::new(prepared(), 5, [None, None]);
        let err = t
            .play(Command::Unit(UnitCommand::Move {
                unit: 9999,
                to: hexwright_engine::Hex::ZERO,
            }))
            .expect_err("no such unit");
        assert!(err.to_string().contains("9999"), "{err}");
        assert_eq!(t.steps().len(), 0);
    }

    #[test]
    fn recorded_commands_replay_and_turns_can_be_found() {
        let p = prepared();
        let result = play(&p, 2, [BotKind::Greedy; 2], PlayOptions { record: true });
        let t = <Timeline>::with_commands(p, 2, [None, None], &result.commands).expect("legal");
        assert_eq!(t.cursor(), 0);
        assert_eq!(t.steps().len(), result.commands.len());
        let i = t.turn_start(3).expect("turn 3 was played");
        assert_eq!(t.state_at(i).expect("recorded").turn(), 3);
    }
}
