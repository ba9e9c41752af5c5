//! The state of a phase-rules-v1 match — the shared board plus the table
//! (cards, phases, order, token, unit turns, points, eliminations) — and
//! [`PhaseMatch::apply`], the only code that changes it.

use super::cards::Cards;
use super::event::PhaseEvent;
use super::{PHASES, Stage};
use crate::map::Side;
use crate::player::{PerPlayer, PlayerId};
use crate::rules::roster::Class;
use crate::rules::state::{MatchState, Rules, UnitId};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// One player's speed cards this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Seat {
    /// The cards in its hand: neither placed nor revealed this turn. In
    /// another player's view: empty (see [`PhaseMatch::unseen`]).
    pub hand: Cards,
    /// Whether it has placed its four cards this turn.
    pub placed: bool,
    /// The card placed for each phase, in class order. In another
    /// player's view a card is `None` until it is flipped.
    pub speeds: [Option<u8>; 4],
    /// The card revealed to break a tie in each phase (`Some(0)`: it had
    /// none left). In another player's view the current tie's reveal is
    /// `None` until every tied player has revealed.
    pub reveals: [Option<u8>; 4],
}

/// A unit's turn in the current game turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UnitTurn {
    /// It has begun its turn.
    pub started: bool,
    /// Actions it has left.
    pub left: u8,
    /// Its turn is over: it does nothing more this game turn.
    pub done: bool,
    /// It has used Rebound this turn.
    pub rebounded: bool,
}

/// Falter (the death penalty that replaces Energy and income losses):
/// whether it waits for the player's next turn, and whether it weighs on
/// this one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Falter {
    /// A commander died: the player's next turn has one action fewer per unit.
    pub next: bool,
    /// This turn has one action fewer per unit.
    pub now: bool,
}

/// phase-rules-v1's own part of a match.
#[derive(Debug)]
pub(super) struct Table {
    pub(super) turn: u32,
    pub(super) token: PlayerId,
    pub(super) stage: Stage,
    /// The phase being played (index into [`PHASES`]); phases before it
    /// are flipped, and it is flipped once the stage is past placing.
    pub(super) phase: u8,
    pub(super) seats: PerPlayer<Seat>,
    /// The players of the current phase's tie, in seat order.
    pub(super) tied: Vec<PlayerId>,
    /// Tied players still to reveal, in seat order.
    pub(super) to_reveal: Vec<PlayerId>,
    /// Each phase's order of play this turn, once set.
    pub(super) orders: [Vec<PlayerId>; 4],
    /// The slot of the current phase being played (index into its order).
    pub(super) slot: u8,
    /// The unit whose turn is under way.
    pub(super) active: Option<UnitId>,
    /// Unit turns by unit id (ids past the end have not begun).
    pub(super) units: Vec<UnitTurn>,
    pub(super) points: PerPlayer<u32>,
    pub(super) out: PerPlayer<bool>,
    pub(super) falter: PerPlayer<Falter>,
}

impl Clone for Table {
    fn clone(&self) -> Self {
        Self {
            turn: self.turn,
            token: self.token,
            stage: self.stage,
            phase: self.phase,
            seats: self.seats,
            tied: self.tied.clone(),
            to_reveal: self.to_reveal.clone(),
            orders: self.orders.clone(),
            slot: self.slot,
            active: self.active,
            units: self.units.clone(),
            points: self.points,
            out: self.out,
            falter: self.falter,
        }
    }

    /// Reuses this table's allocations (views copy the truth's table at
    /// every decision).
    fn clone_from(&mut self, o: &Self) {
        self.turn = o.turn;
        self.token = o.token;
        self.stage = o.stage;
        self.phase = o.phase;
        self.seats = o.seats;
        self.tied.clone_from(&o.tied);
        self.to_reveal.clone_from(&o.to_reveal);
        for (mine, theirs) in self.orders.iter_mut().zip(&o.orders) {
            mine.clone_from(theirs);
        }
        self.slot = o.slot;
        self.active = o.active;
        self.units.clone_from(&o.units);
        self.points = o.points;
        self.out = o.out;
        self.falter = o.falter;
    }
}

/// The whole state of a phase-rules-v1 match.
///
/// Its fields are private: [`PhaseMatch::apply`] is the only code that
/// changes it. Read it through the accessors.
#[derive(Debug)]
pub struct PhaseMatch {
    pub(super) board: MatchState,
    pub(super) table: Table,
}

impl Clone for PhaseMatch {
    fn clone(&self) -> Self {
        Self {
            board: self.board.clone(),
            table: self.table.clone(),
        }
    }

    /// Reuses this state's allocations (bots copy states many times a turn).
    fn clone_from(&mut self, o: &Self) {
        self.board.clone_from(&o.board);
        self.table.clone_from(&o.table);
    }
}

impl PhaseMatch {
    /// An empty match on a board: no units, no cards placed, before the
    /// first turn.
    #[must_use]
    pub fn empty(rules: Arc<Rules>, seed: u64) -> Self {
        let board = MatchState::empty(rules, seed);
        let players = board.players();
        Self {
            table: Table {
                turn: 0,
                token: PlayerId(0),
                stage: Stage::Placing,
                phase: 0,
                seats: PerPlayer::splat(players, &Seat::default()),
                tied: Vec::new(),
                to_reveal: Vec::new(),
                orders: Default::default(),
                slot: 0,
                active: None,
                units: Vec::new(),
                points: PerPlayer::splat(players, &0),
                out: PerPlayer::splat(players, &false),
                falter: PerPlayer::splat(players, &Falter::default()),
            },
            board,
        }
    }

    /// The board: units, objectives, Outposts, bases, reserve pools (its
    /// Energy fields stay 0 in this ruleset).
    #[must_use]
    pub fn board(&self) -> &MatchState {
        &self.board
    }

    /// How many players the match has.
    #[must_use]
    pub fn players(&self) -> usize {
        self.board.players()
    }

    /// The turn counter: 0 during the first turn.
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.table.turn
    }

    /// The round (1-based): in this ruleset a round is one turn.
    #[must_use]
    pub fn round(&self) -> u32 {
        self.table.turn + 1
    }

    /// Who holds the tiebreaker token.
    #[must_use]
    pub fn token(&self) -> PlayerId {
        self.table.token
    }

    /// What the turn is waiting for.
    #[must_use]
    pub fn stage(&self) -> Stage {
        self.table.stage
    }

    /// The class whose phase is flipped or being played (the commanders'
    /// while cards are placed).
    #[must_use]
    pub fn phase(&self) -> Class {
        PHASES[usize::from(self.table.phase)]
    }

    /// The phase's index in class order (0 to 3).
    #[must_use]
    pub fn phase_index(&self) -> usize {
        usize::from(self.table.phase)
    }

    /// How many phases have been flipped this turn.
    #[must_use]
    pub fn flipped(&self) -> usize {
        match self.table.stage {
            Stage::Placing => 0,
            Stage::Revealing | Stage::Acting => usize::from(self.table.phase) + 1,
        }
    }

    /// Each player's cards this turn.
    #[must_use]
    pub fn seats(&self) -> &PerPlayer<Seat> {
        &self.table.seats
    }

    /// The cards `p` may still hold as far as anyone at the table can
    /// tell: all eight but those already flipped or revealed this turn.
    /// (For a player itself, its hand is [`Seat::hand`].)
    #[must_use]
    pub fn unseen(&self, p: PlayerId) -> Cards {
        let seat = &self.table.seats[p];
        let mut c = Cards::ALL;
        for card in seat.speeds[..self.flipped()].iter().flatten() {
            c.remove(*card);
        }
        for card in seat.reveals.iter().flatten() {
            c.remove(*card);
        }
        c
    }

    /// The players of the current phase's tie, in seat order.
    #[must_use]
    pub fn tied(&self) -> &[PlayerId] {
        &self.table.tied
    }

    /// Tied players who still have to reveal a card, in seat order.
    #[must_use]
    pub fn to_reveal(&self) -> &[PlayerId] {
        &self.table.to_reveal
    }

    /// The order of play of phase `i` this turn (empty until it is set).
    #[must_use]
    pub fn order(&self, i: usize) -> &[PlayerId] {
        self.table.orders.get(i).map_or(&[], Vec::as_slice)
    }

    /// The current phase's slot (index into its order).
    #[must_use]
    pub fn slot(&self) -> usize {
        usize::from(self.table.slot)
    }

    /// The player whose slot is being played, while units act.
    #[must_use]
    pub fn slot_player(&self) -> Option<PlayerId> {
        if self.table.stage != Stage::Acting {
            return None;
        }
        self.order(self.phase_index()).get(self.slot()).copied()
    }

    /// The unit whose turn is under way.
    #[must_use]
    pub fn active(&self) -> Option<UnitId> {
        self.table.active
    }

    /// Unit `id`'s turn this game turn.
    #[must_use]
    pub fn unit_turn(&self, id: UnitId) -> UnitTurn {
        self.table
            .units
            .get(usize::from(id))
            .copied()
            .unwrap_or_default()
    }

    /// Points from control points.
    #[must_use]
    pub fn points(&self) -> &PerPlayer<u32> {
        &self.table.points
    }

    /// Whether each player is eliminated.
    #[must_use]
    pub fn eliminated(&self) -> &PerPlayer<bool> {
        &self.table.out
    }

    /// Whether `p` still takes part.
    #[must_use]
    pub fn in_play(&self, p: Side) -> bool {
        !self.table.out.get(p).copied().unwrap_or(true)
    }

    /// Each player's Falter.
    #[must_use]
    pub fn falter(&self) -> &PerPlayer<Falter> {
        &self.table.falter
    }

    /// A stable 64-bit hash of everything that can change in the match.
    #[must_use]
    pub fn state_hash(&self) -> u64 {
        let t = &self.table;
        let mut h = fnv::FnvHasher::default();
        self.board.state_hash().hash(&mut h);
        t.turn.hash(&mut h);
        t.token.hash(&mut h);
        t.stage.hash(&mut h);
        t.phase.hash(&mut h);
        t.seats.hash(&mut h);
        t.tied.hash(&mut h);
        t.to_reveal.hash(&mut h);
        t.orders.hash(&mut h);
        t.slot.hash(&mut h);
        t.active.hash(&mut h);
        t.units.hash(&mut h);
        t.points.hash(&mut h);
        t.out.hash(&mut h);
        t.falter.hash(&mut h);
        h.finish()
    }

    fn unit_mut(&mut self, id: UnitId) -> &mut UnitTurn {
        let i = usize::from(id);
        if self.table.units.len() <= i {
            self.table.units.resize(i + 1, UnitTurn::default());
        }
        &mut self.table.units[i]
    }

    /// Applies one event. This is the only code that changes a match;
    /// the ruleset's `execute` produces the events.
    ///
    /// # Panics
    /// When the event does not fit the state (see [`MatchState::apply`]).
    pub fn apply(&mut self, event: &PhaseEvent) {
        let t = &mut self.table;
        match event {
            PhaseEvent::Board(e) => self.board.apply(e),
            PhaseEvent::TurnBegan { turn, token } => {
                t.turn = *turn;
                t.token = *token;
                t.stage = Stage::Placing;
                t.phase = 0;
                for seat in &mut t.seats {
                    *seat = Seat {
                        hand: Cards::ALL,
                        ..Seat::default()
                    };
                }
                t.tied.clear();
                t.to_reveal.clear();
                t.orders.iter_mut().for_each(Vec::clear);
                t.slot = 0;
                t.active = None;
                t.units.clear();
                self.board.forget_revealed();
                for f in &mut t.falter {
                    *f = Falter {
                        next: false,
                        now: f.next,
                    };
                }
            }
            PhaseEvent::CardsPlaced { player, cards } => {
                let seat = &mut t.seats[*player];
                seat.placed = true;
                for (slot, &card) in seat.speeds.iter_mut().zip(cards) {
                    *slot = Some(card);
                    seat.hand.remove(card);
                }
            }
            PhaseEvent::Flipped { phase, .. } => {
                t.phase = phase_index(*phase);
                t.stage = Stage::Revealing;
            }
            PhaseEvent::TieCalled { tied, .. } => {
                t.tied.clone_from(tied);
                t.to_reveal.clone_from(tied);
            }
            PhaseEvent::Revealed { player, card } => {
                let seat = &mut t.seats[*player];
                seat.reveals[usize::from(t.phase)] = Some(card.unwrap_or(0));
                if let Some(c) = card {
                    seat.hand.remove(*c);
                }
                t.to_reveal.retain(|p| p != player);
            }
            PhaseEvent::Ordered { phase, order } => {
                t.phase = phase_index(*phase);
                t.orders[usize::from(t.phase)].clone_from(order);
                t.stage = Stage::Acting;
                t.slot = 0;
                t.tied.clear();
            }
            PhaseEvent::UnitStarted { unit, actions } => {
                self.table.active = Some(*unit);
                *self.unit_mut(*unit) = UnitTurn {
                    started: true,
                    left: *actions,
                    ..UnitTurn::default()
                };
            }
            PhaseEvent::ActionSpent { unit, left } => self.unit_mut(*unit).left = *left,
            PhaseEvent::ReboundUsed { unit } => self.unit_mut(*unit).rebounded = true,
            PhaseEvent::UnitEnded { unit } => {
                self.unit_mut(*unit).done = true;
                self.table.active = None;
            }
            PhaseEvent::SlotEnded { .. } => {
                t.slot += 1;
                t.active = None;
            }
            PhaseEvent::Scored { player, total, .. } => t.points[*player] = *total,
            PhaseEvent::Faltered { player } => t.falter[*player].next = true,
            PhaseEvent::Eliminated { player } => {
                t.out[*player] = true;
                self.board.remove_player(*player);
            }
            PhaseEvent::TurnEnded { .. } => {}
        }
    }
}

/// The index of `class`'s phase in class order.
#[must_use]
pub fn phase_index(class: Class) -> u8 {
    match class {
        Class::Commander => 0,
        Class::Elite => 1,
        Class::Soldier => 2,
        Class::Summon => 3,
    }
}
