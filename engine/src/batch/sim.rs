//! Headless matches: one match between two bots ([`play`]), and batches of
//! matches over worker threads ([`simulate`]) with the summary playtesters
//! read ([`Report`]).
//!
//! A batch never plays one game twice ([`Batch::game`]): with the same bot
//! in both seats every match has its own seed; with two different bots the
//! matches come in seat-swapped pairs, and the report's intervals count each
//! pair as one game ([`crate::stats`]).
//!
//! Determinism: a match depends only on the prepared scenario, its seed and
//! the two bots; batches split work by match index and reduce in index
//! order, so reports do not depend on the thread count.

mod export;
mod layout;
mod report;

use crate::bots::{Bot, BotKind};
use crate::map::Side;
use crate::player::PerPlayer;
use crate::rules::scenario::Prepared;
use crate::rules::{Arena, Command, Event, MatchState, Outcome};
use crate::ruleset::{AkwRulesV1, OnBoard, Ruleset};
pub use export::BatchExport;
pub use layout::LayoutError;
use rayon::prelude::*;
pub use report::{
    BotWins, CaptureSummary, MatchRow, Reading, Report, SeatReading, SideReading, Wins,
    capture_summary, length_histogram, objective_hexes, results_csv,
};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::stats::Counting;

/// The most matches one batch may hold (`simulate --matches`, a batch cut
/// into shards, the most a batch played until decided may play). A row
/// of a batch takes a few hundred bytes, so a batch's report fits in a few
/// hundred megabytes; play more as several batches from other seeds.
pub const MAX_MATCHES: usize = 1_000_000;

/// How many refused commands in a row end a bot's turn.
pub const MAX_REJECTED: usize = 8;

/// One finished match.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// The match seed.
    pub seed: u64,
    /// The bot of each side.
    pub bots: PerPlayer<BotKind>,
    /// How it ended.
    pub outcome: Outcome,
    /// Rounds played (the round the match ended in).
    pub rounds: u32,
    /// Commands applied.
    pub commands: Vec<Command>,
    /// State hash after each turn's last command (at each `EndTurn`, and at
    /// the end).
    pub turn_hashes: Vec<u64>,
    /// The final state.
    pub state: MatchState,
    /// Commands the rules refused (a bot's mistakes: what its view allows
    /// is accepted, and stopped when hidden units stand in the way).
    pub rejected: u64,
    /// When each objective (indexed like [`MatchState::objectives`]) was
    /// first captured, if it was: during deployment and the scenario's
    /// opening too (round 1 before any bot moved).
    pub first_captures: Vec<Option<Capture>>,
}

/// The first capture of an objective: the round it happened in and the
/// side that took it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Capture {
    /// The round (1-based) the capture happened in. A delayed capture (an
    /// enemy objective held until the side's next turn start) counts in the
    /// round of that turn start.
    pub round: u32,
    /// The side that captured it.
    pub side: Side,
}

/// Reads a match's events in order, for any ruleset: which round each one
/// happened in and when each objective was first captured. [`play`],
/// [`crate::rotation::play`] and [`crate::openings`] read events through
/// it.
#[derive(Clone, Debug)]
pub(crate) struct EventClock {
    /// The round (1-based) the next event happens in.
    pub round: u32,
    /// First capture of each objective, indexed like the arena's objectives.
    pub first: Vec<Option<Capture>>,
}

impl EventClock {
    /// Before any event of a match on `arena`.
    pub fn new(arena: &Arena) -> Self {
        Self {
            round: 1,
            first: vec![None; arena.objectives.len()],
        }
    }

    /// Reads one event (a turn's beginning moves the clock first, so the
    /// turn start's own events count in the new turn).
    pub fn observe<R: OnBoard>(&mut self, arena: &Arena, e: &R::Event) {
        if let Some(round) = R::turn_began(e) {
            self.round = round;
        }
        if let Some(&Event::ObjectiveCaptured { objective, side }) = R::board_event(e) {
            let index = arena
                .cell(objective)
                .and_then(|c| arena.objectives.binary_search(&c).ok());
            if let Some(slot) = index.and_then(|i| self.first.get_mut(i))
                && slot.is_none()
            {
                *slot = Some(Capture {
                    round: self.round,
                    side,
                });
            }
        }
    }
}

/// Options of one match.
#[derive(Clone, Copy, Debug)]
pub struct PlayOptions {
    /// Keep the command list and per-turn hashes.
    pub record: bool,
}

/// Plays one match, one bot per player in seat order (`[Greedy, Random]`
/// or a [`PerPlayer`] table).
#[must_use]
pub fn play(
    prepared: &Prepared,
    seed: u64,
    bots: impl Into<PerPlayer<BotKind>>,
    options: PlayOptions,
) -> MatchResult {
    play_until(prepared, seed, bots, options, &AtomicBool::new(false))
        .expect("a match that is never cancelled finishes")
}

/// Like [`play`], but gives up (returns `None`) as soon as `cancel` is set;
/// it is read before every command.
#[must_use]
pub fn play_until(
    prepared: &Prepared,
    seed: u64,
    bots: impl Into<PerPlayer<BotKind>>,
    options: PlayOptions,
    cancel: &AtomicBool,
) -> Option<MatchResult> {
    let bots: PerPlayer<BotKind> = bots.into();
    let (mut s, setup) = prepared.new_match_with_seed(seed);
    let mut clock = EventClock::new(s.arena());
    for e in &setup {
        clock.observe::<AkwRulesV1>(s.arena(), e);
    }
    let mut players: Vec<Box<dyn Bot>> = bots
        .pairs()
        .map(|(p, b)| b.build_with(seed, p, prepared.search))
        .collect();
    let mut commands = Vec::new();
    let mut turn_hashes = Vec::new();
    let refused = run_match::<AkwRulesV1>(&mut s, &mut players, cancel, |cmd, events, s| {
        for e in events {
            clock.observe::<AkwRulesV1>(s.arena(), e);
        }
        if options.record {
            commands.push(cmd.clone());
            if *cmd == Command::EndTurn || s.outcome().is_some() {
                turn_hashes.push(s.state_hash());
            }
        }
    })?;
    Some(MatchResult {
        seed,
        bots,
        outcome: s.outcome().expect("loop ends with an outcome"),
        rounds: s.round(),
        commands,
        turn_hashes,
        state: s,
        rejected: refused,
        first_captures: clock.first,
    })
}

/// Asks bots for commands the way every match does: each bot decides from
/// its side's [`PlayerView`]. The rules judge a command by what its side
/// knows, so a command legal in the view is accepted (hidden units that
/// stop it cost the bot that action, as they cost a person); a command the
/// rules still refuse (a bot's mistake) goes back to the bot, and after
/// [`MAX_REJECTED`] refusals in a row the turn ends. [`play`] and the app's sandbox both use it, so a
/// match watched step by step is the match `hexwright simulate` plays.
#[derive(Debug)]
pub struct BotTurn<R: Ruleset = AkwRulesV1> {
    view: R::View,
    scratch: R::Scratch,
    rejected: Vec<R::Command>,
}

impl<R: Ruleset> BotTurn<R> {
    /// Ready for matches like `s`.
    #[must_use]
    pub fn new(s: &R::State) -> Self {
        Self {
            view: R::view(s, R::to_move(s).unwrap_or_default()),
            scratch: R::Scratch::default(),
            rejected: Vec::new(),
        }
    }

    /// The next command of the player to move in `s`, decided by `bot`,
    /// and how many commands the rules refused on the way. The command is
    /// legal in `s`: after [`MAX_REJECTED`] refusals in a row it is the
    /// ruleset's [`Ruleset::pass`].
    pub fn next(&mut self, s: &R::State, bot: &mut dyn Bot<R>) -> (R::Command, u64) {
        self.rejected.clear();
        R::update_view(&mut self.view, s, R::to_move(s).unwrap_or_default());
        loop {
            let cmd = bot.decide(&self.view, &self.rejected);
            if R::check_with(s, &cmd, &mut self.scratch).is_ok() {
                let refused = self.rejected.len() as u64;
                self.rejected.clear();
                return (cmd, refused);
            }
            self.rejected.push(cmd);
            if self.rejected.len() >= MAX_REJECTED {
                let refused = self.rejected.len() as u64;
                self.rejected.clear();
                return (R::pass(s), refused);
            }
        }
    }
}

/// Plays the match in `s` to its end with one bot per player (`bots`, in
/// seat order), for any ruleset: each command is decided through a
/// [`BotTurn`] and executed, then `step` sees it, its events and the state
/// after. Returns how many commands the rules refused, or `None` when
/// `cancel` was set (it is read before every command).
///
/// # Panics
/// When the ruleset names a player to move that has no bot.
pub fn run_match<R: Ruleset>(
    s: &mut R::State,
    bots: &mut [Box<dyn Bot<R>>],
    cancel: &AtomicBool,
    mut step: impl FnMut(&R::Command, &[R::Event], &R::State),
) -> Option<u64> {
    let mut turn = BotTurn::<R>::new(s);
    let mut events = Vec::new();
    let mut refused = 0u64;
    while let Some(mover) = R::to_move(s) {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let (cmd, r) = turn.next(s, bots[mover.index()].as_mut());
        refused += r;
        events.clear();
        R::execute_unchecked(s, &cmd, &mut events);
        step(&cmd, &events, s);
    }
    Some(refused)
}

/// A batch of `matches` matches from the first seed `seed`.
///
/// - Both seats run the same bot: match `i` uses seed `seed + i`. Swapping
///   seats would replay the very same match (same seed, armies and bot
///   streams), so every match gets its own seed instead and each one is an
///   independent game.
/// - The bots differ: matches come in seat-swapped pairs. Pair `i` uses seed
///   `seed + i`, first with `bots[0]` as side 0, then with `bots[0]` as side
///   1, so a map's side advantage is not mixed up with one bot's strength;
///   the pair is one independent game.
#[derive(Clone, Copy, Debug)]
pub struct Batch {
    /// Matches (with different bots, an odd count plays the last pair's
    /// first match only).
    pub matches: usize,
    /// The two bots.
    pub bots: [BotKind; 2],
    /// First seed.
    pub seed: u64,
}

impl Batch {
    /// How the batch's matches make independent games.
    #[must_use]
    pub fn counting(&self) -> Counting {
        counting_for(self.bots)
    }

    /// Seed and seating of match `i`.
    ///
    /// ```
    /// use hexwright_engine::bots::BotKind::{Greedy, Random};
    /// use hexwright_engine::sim::Batch;
    ///
    /// let same = Batch { matches: 4, bots: [Greedy, Greedy], seed: 10 };
    /// assert_eq!(same.game(1), (11, [Greedy, Greedy]));
    /// let mixed = Batch { matches: 4, bots: [Greedy, Random], seed: 10 };
    /// assert_eq!(mixed.game(1), (10, [Random, Greedy]));
    /// assert_eq!(mixed.game(2), (11, [Greedy, Random]));
    /// ```
    #[must_use]
    pub fn game(&self, i: usize) -> (u64, [BotKind; 2]) {
        match self.counting() {
            Counting::Matches => (self.seed.wrapping_add(i as u64), self.bots),
            Counting::SeatSwappedPairs | Counting::SeatRotations(_) => {
                let seed = self.seed.wrapping_add((i / 2) as u64);
                let bots = if i.is_multiple_of(2) {
                    self.bots
                } else {
                    [self.bots[1], self.bots[0]]
                };
                (seed, bots)
            }
        }
    }

    /// The last seed the batch plays.
    #[must_use]
    pub fn last_seed(&self) -> u64 {
        self.game(self.matches.saturating_sub(1)).0
    }
}

/// How a batch between `bots` makes independent games.
#[must_use]
pub fn counting_for(bots: [BotKind; 2]) -> Counting {
    if bots[0] == bots[1] {
        Counting::Matches
    } else {
        Counting::SeatSwappedPairs
    }
}

/// Plays a batch on the current rayon pool; `progress` is called with the
/// number of finished matches (from worker threads). Results are in match
/// order.
pub fn simulate(
    prepared: &Prepared,
    batch: &Batch,
    options: PlayOptions,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<MatchResult> {
    simulate_each(
        prepared,
        batch,
        options,
        progress,
        &AtomicBool::new(false),
        &|_, r| r,
    )
}

/// Like [`simulate`], stopping early when `cancel` is set: matches not yet
/// started are skipped and matches being played are abandoned, so only
/// finished matches come back, as `(match index, result)` in index order.
pub fn simulate_with_cancel(
    prepared: &Prepared,
    batch: &Batch,
    options: PlayOptions,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Vec<(usize, MatchResult)> {
    simulate_each(prepared, batch, options, progress, cancel, &|i, r| (i, r))
}

/// The general batch runner behind [`simulate`] and
/// [`simulate_with_cancel`]: each finished match `i` is handed to `keep`
/// on its worker thread (so a caller can keep a small [`MatchRow`] instead
/// of the whole final state), and what it returns is collected in match
/// order. `progress` gets the number of finished matches; once `cancel` is
/// set, no match starts and matches being played are abandoned.
pub fn simulate_each<T: Send>(
    prepared: &Prepared,
    batch: &Batch,
    options: PlayOptions,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
    keep: &(dyn Fn(usize, MatchResult) -> T + Sync),
) -> Vec<T> {
    simulate_range(
        prepared,
        batch,
        0..batch.matches,
        options,
        progress,
        cancel,
        keep,
    )
}

/// Like [`simulate_each`], for the matches `range` of the batch only (a
/// shard, see [`crate::shard`]): each plays exactly as in the whole batch.
pub fn simulate_range<T: Send>(
    prepared: &Prepared,
    batch: &Batch,
    range: std::ops::Range<usize>,
    options: PlayOptions,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
    keep: &(dyn Fn(usize, MatchResult) -> T + Sync),
) -> Vec<T> {
    let done = AtomicUsize::new(0);
    (range.start..range.end.min(batch.matches))
        .into_par_iter()
        .filter_map(|i| {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let (seed, bots) = batch.game(i);
            let r = play_until(prepared, seed, bots, options, cancel)?;
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            Some(keep(i, r))
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests;
