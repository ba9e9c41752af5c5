//! The match state and [`MatchState::apply`], the only code that changes it.

use super::arena::{Arena, Cell, NO_CELL, Site};
use super::roster::{KindId, Roster};
use crate::Hex;
use crate::map::Side;
use crate::player::{PerPlayer, PlayerId};
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

mod apply;
mod sight;

use sight::Sight;

/// The ruleset id of document 000.
pub const AKW_RULES_V1: &str = "akw-rules-v1";
/// Energy granted at every turn start before objectives and barracks.
pub const BASE_INCOME: u8 = 5;
/// The Energy bank's cap.
pub const ENERGY_CAP: u8 = 15;
/// Side 1's one-time bonus on its first turn.
pub const OPENING_BONUS: u8 = 1;
/// Energy for defeating an enemy unit.
pub const KILL_BONUS: u8 = 1;
/// How far a base sees.
pub const BASE_SIGHT: u32 = 1;
/// A base's starting Health.
pub const BASE_HEALTH: u8 = 5;
/// Rounds before a match is a draw, when the scenario does not say.
pub const DEFAULT_ROUND_LIMIT: u32 = 60;
/// The players of an akw-rules-v1 match.
pub const PLAYERS: usize = 2;

/// Turns per round in akw-rules-v1: side 0's turn, then side 1's.
pub const TURNS_PER_ROUND: u32 = 2;

/// The round (1-based) a turn index (0 = side 0's first turn) falls in.
///
/// ```
/// use hexwright_engine::rules::state::{round_of_turn, first_turn_of_round};
/// assert_eq!(round_of_turn(0), 1);
/// assert_eq!(round_of_turn(3), 2);
/// assert_eq!(first_turn_of_round(2), 2);
/// assert_eq!(round_of_turn(first_turn_of_round(7)), 7);
/// ```
#[must_use]
pub const fn round_of_turn(turn: u32) -> u32 {
    turn / TURNS_PER_ROUND + 1
}

/// The index of the first turn of `round` (rounds are 1-based; 0 is read
/// as 1).
#[must_use]
pub const fn first_turn_of_round(round: u32) -> u32 {
    round.saturating_sub(1) * TURNS_PER_ROUND
}

/// A unit's id: its index in [`MatchState::units`], never reused.
pub type UnitId = u16;
/// "No unit" in occupancy slots.
pub const NO_UNIT: UnitId = UnitId::MAX;

/// Everything fixed for a match: the board, the roster, the round limit.
#[derive(Debug)]
pub struct Rules {
    /// The board.
    pub arena: Arena,
    /// Unit kinds.
    pub roster: Roster,
    /// Rounds before a draw.
    pub round_limit: u32,
}

/// Where a unit is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    /// On the board and acting.
    Alive,
    /// A Revive corpse: blocks its hex, can be attacked, returns next turn.
    Corpse,
    /// Gone for good.
    Dead,
    /// In a side's view only: an enemy unit that side cannot see.
    Hidden,
}

/// One unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)] // per-turn flags, reset together at turn start
pub struct Unit {
    /// Its id.
    pub id: UnitId,
    /// Its kind.
    pub kind: KindId,
    /// Its side.
    pub side: Side,
    /// Where it stands (meaningless once dead or hidden).
    pub cell: Cell,
    /// Health; a corpse's health while a corpse.
    pub health: u8,
    /// Life status.
    pub status: Status,
    /// Poison (damage at its side's next turn start, then minus one).
    pub poison: u8,
    /// The side that last poisoned it (gets the kill bonus for poison kills).
    pub poisoned_by: Side,
    /// Moved this turn.
    pub moved: bool,
    /// Actions spent this turn.
    pub actions: u8,
    /// Used its activated ability (Healing or Summon) this turn.
    pub ability_used: bool,
    /// Where it moved from this turn, while Rebound is still possible.
    pub came_from: Option<Cell>,
    /// Spawned or summoned this turn: cannot move or act yet.
    pub arrived: bool,
    /// Its Revive has been used.
    pub revived: bool,
    /// The unit that summoned it.
    pub summoner: Option<UnitId>,
}

impl Unit {
    /// Alive and on the board.
    #[must_use]
    pub fn alive(&self) -> bool {
        self.status == Status::Alive
    }

    /// Alive or a corpse: stands on its hex.
    #[must_use]
    pub fn on_board(&self) -> bool {
        matches!(self.status, Status::Alive | Status::Corpse)
    }
}

/// An Energy objective's state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Objective {
    /// Its cell.
    pub cell: Cell,
    /// Its owner.
    pub owner: Option<Side>,
    /// The turn index it was captured in (income starts at the owner's
    /// first turn start after it).
    pub since: u32,
    /// The unit holding it for a delayed capture (it neutralised an enemy
    /// objective and must stay until its side's next turn start).
    pub pending: Option<UnitId>,
}

/// A base's state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Base {
    /// Its cell.
    pub cell: Cell,
    /// Its side.
    pub side: Side,
    /// Health left.
    pub health: u8,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// This side dealt the last point of damage to the last enemy base.
    Won(Side),
    /// The round limit was reached.
    Draw,
}

/// The whole state of a match: the board every turn system shares, and
/// akw-rules-v1's own part beside it.
///
/// Its fields are private: [`MatchState::apply`] is the only code that
/// changes a match in play (the views of [`super::PlayerView`] are built
/// from a copy of the truth, hiding what their player cannot see). Read it
/// through the accessors named after the fields.
#[derive(Debug)]
pub struct MatchState {
    board: BoardState,
    akw: AkwState,
}

/// What every turn system keeps of a match: the board, the units on it,
/// armies, objectives, bases, the outcome and the seed.
#[derive(Debug)]
struct BoardState {
    /// Board, roster, round limit (shared, never changes).
    rules: Arc<Rules>,
    /// Every unit that ever entered play, by id.
    units: Vec<Unit>,
    /// Up to two units per cell (two only with a Phasewalker).
    occupants: Vec<[UnitId; 2]>,
    /// Each side's race (roster index).
    race: PerPlayer<u16>,
    /// Summons waiting in each side's reserve pool (kind ids, sorted).
    reserve: PerPlayer<Vec<KindId>>,
    /// Objectives, in cell order.
    objectives: Vec<Objective>,
    /// Bases, in cell order.
    bases: Vec<Base>,
    /// Set when the match ended.
    outcome: Option<Outcome>,
    /// The match seed (bots derive their random streams from it).
    seed: u64,
    /// Each player's eyes on each cell (true states only).
    sight: Sight,
    /// Units shown to a side for the rest of the turn because they stopped
    /// one of its commands (see [`Event::Stopped`](super::event::Event::Stopped)): (unit, side).
    revealed: Vec<(UnitId, Side)>,
}

/// akw-rules-v1's own part of a match: Energy banks and income
/// penalties, barracks use, and whose turn it is.
#[derive(Debug)]
struct AkwState {
    /// Energy banks.
    energy: PerPlayer<u8>,
    /// Income penalties from commander deaths: (amount, turn starts left).
    income_loss: PerPlayer<(u8, u8)>,
    /// Whether each barracks (in arena order) spawned this turn.
    spawned: Vec<bool>,
    /// Index of the current turn (0 = side 0's first).
    turn: u32,
    /// The side to move.
    side: Side,
}

impl Clone for MatchState {
    fn clone(&self) -> Self {
        Self {
            board: self.board.clone(),
            akw: self.akw.clone(),
        }
    }

    /// Reuses this state's allocations (bots copy states many times a turn).
    fn clone_from(&mut self, o: &Self) {
        self.board.copy_from(&o.board, true);
        self.akw.clone_from(&o.akw);
    }
}

impl Clone for BoardState {
    fn clone(&self) -> Self {
        Self {
            rules: self.rules.clone(),
            units: self.units.clone(),
            occupants: self.occupants.clone(),
            race: self.race,
            reserve: self.reserve.clone(),
            objectives: self.objectives.clone(),
            bases: self.bases.clone(),
            outcome: self.outcome,
            seed: self.seed,
            sight: self.sight.clone(),
            revealed: self.revealed.clone(),
        }
    }

    fn clone_from(&mut self, o: &Self) {
        self.copy_from(o, true);
    }
}

impl BoardState {
    /// [`Clone::clone_from`], leaving the sight grid off unless `sight`.
    fn copy_from(&mut self, o: &Self, sight: bool) {
        if sight {
            self.sight.clone_from(&o.sight);
        } else {
            self.sight.turn_off();
        }
        if !Arc::ptr_eq(&self.rules, &o.rules) {
            self.rules = o.rules.clone();
        }
        self.units.clone_from(&o.units);
        self.occupants.clone_from(&o.occupants);
        self.race = o.race;
        self.reserve.clone_from(&o.reserve);
        self.objectives.clone_from(&o.objectives);
        self.bases.clone_from(&o.bases);
        self.outcome = o.outcome;
        self.seed = o.seed;
        self.revealed.clone_from(&o.revealed);
    }
}

impl Clone for AkwState {
    fn clone(&self) -> Self {
        Self {
            energy: self.energy,
            income_loss: self.income_loss,
            spawned: self.spawned.clone(),
            turn: self.turn,
            side: self.side,
        }
    }

    fn clone_from(&mut self, o: &Self) {
        self.energy = o.energy;
        self.income_loss = o.income_loss;
        self.spawned.clone_from(&o.spawned);
        self.turn = o.turn;
        self.side = o.side;
    }
}

impl MatchState {
    /// An empty state on a board: no units, banks at 0, before any turn.
    #[must_use]
    pub fn empty(rules: Arc<Rules>, seed: u64) -> Self {
        let a = &rules.arena;
        // One player per starting zone (akw-rules-v1's arenas have two).
        let players = a.zones.len();
        let akw = AkwState {
            energy: PerPlayer::splat(players, &0),
            income_loss: PerPlayer::splat(players, &(0, 0)),
            spawned: vec![false; a.barracks.len()],
            turn: 0,
            side: PlayerId(0),
        };
        let board = BoardState {
            sight: Sight::new(a, players),
            occupants: vec![[NO_UNIT; 2]; a.len()],
            objectives: a
                .objectives
                .iter()
                .map(|&cell| Objective {
                    cell,
                    owner: None,
                    since: 0,
                    pending: None,
                })
                .collect(),
            bases: a
                .bases
                .iter()
                .map(|&(cell, side)| Base {
                    cell,
                    side,
                    health: BASE_HEALTH,
                })
                .collect(),
            units: Vec::new(),
            race: PerPlayer::splat(players, &0),
            reserve: PerPlayer::splat(players, &Vec::new()),
            outcome: None,
            seed,
            rules,
            revealed: Vec::new(),
        };
        Self { board, akw }
    }

    /// Board, roster, round limit (shared, never changes).
    #[must_use]
    pub fn rules(&self) -> &Arc<Rules> {
        &self.board.rules
    }

    /// Every unit that ever entered play, by id.
    #[must_use]
    pub fn units(&self) -> &[Unit] {
        &self.board.units
    }

    /// Energy banks.
    #[must_use]
    pub fn energy(&self) -> &PerPlayer<u8> {
        &self.akw.energy
    }

    /// Income penalties from commander deaths: (amount, turn starts left).
    #[must_use]
    pub fn income_loss(&self) -> &PerPlayer<(u8, u8)> {
        &self.akw.income_loss
    }

    /// Each side's race (roster index).
    #[must_use]
    pub fn race(&self) -> &PerPlayer<u16> {
        &self.board.race
    }

    /// Summons waiting in each side's reserve pool (kind ids, sorted).
    #[must_use]
    pub fn reserve(&self) -> &PerPlayer<Vec<KindId>> {
        &self.board.reserve
    }

    /// Objectives, in cell order.
    #[must_use]
    pub fn objectives(&self) -> &[Objective] {
        &self.board.objectives
    }

    /// Bases, in cell order.
    #[must_use]
    pub fn bases(&self) -> &[Base] {
        &self.board.bases
    }

    /// Whether each barracks (in arena order) spawned this turn.
    #[must_use]
    pub fn spawned(&self) -> &[bool] {
        &self.akw.spawned
    }

    /// Index of the current turn (0 = side 0's first).
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.akw.turn
    }

    /// The side to move.
    #[must_use]
    pub fn side(&self) -> Side {
        self.akw.side
    }

    /// How the match ended, once it has.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.board.outcome
    }

    /// The match seed (bots derive their random streams from it).
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.board.seed
    }

    /// Makes this a copy of `truth` that keeps no sight grid: the first
    /// step of a view, before [`Self::hide_from`].
    pub(super) fn copy_for_view(&mut self, truth: &Self) {
        self.board.copy_from(&truth.board, false);
        self.akw.clone_from(&truth.akw);
    }

    /// Whether the state keeps a sight grid (true states do; views do not).
    #[must_use]
    pub(super) fn keeps_sight(&self) -> bool {
        self.board.sight.is_on()
    }

    /// Whether `side` sees units on `c`, from the sight grid when the
    /// state keeps one (true states do; views do not).
    #[must_use]
    #[inline]
    pub(super) fn grid_sees(&self, side: Side, c: Cell) -> Option<bool> {
        self.board.sight.sees(side, c)
    }

    /// Makes this copy of `truth` what `side` may know of it: the other
    /// sides' banks, pools and penalties zeroed, and every enemy unit in a
    /// cell `seen` says `side` cannot see taken off the board, keeping only
    /// its id and kind. Pending captures by hidden units are forgotten.
    pub(super) fn hide_from(&mut self, truth: &Self, side: Side, seen: impl Fn(Cell) -> bool) {
        self.board.revealed.retain(|&(_, to)| to == side);
        for enemy in side.others(truth.players()) {
            self.akw.energy[enemy] = 0;
            self.board.reserve[enemy].clear();
            self.akw.income_loss[enemy] = (0, 0);
        }
        for (i, u) in truth.board.units.iter().enumerate() {
            if u.side == side || !u.on_board() || seen(u.cell) || truth.revealed_to(u.id, side) {
                continue;
            }
            let slot = &mut self.board.occupants[usize::from(u.cell)];
            if slot[0] == u.id {
                slot[0] = slot[1];
                slot[1] = NO_UNIT;
            } else if slot[1] == u.id {
                slot[1] = NO_UNIT;
            }
            // Nothing about an unseen unit stays in the view but that it
            // exists (its id) and its kind.
            let hidden = &mut self.board.units[i];
            hidden.status = Status::Hidden;
            hidden.cell = NO_CELL;
            hidden.health = 0;
            hidden.poison = 0;
            hidden.moved = false;
            hidden.actions = 0;
            hidden.ability_used = false;
            hidden.came_from = None;
        }
        for o in &mut self.board.objectives {
            if let Some(p) = o.pending
                && self.board.units[usize::from(p)].status == Status::Hidden
            {
                o.pending = None;
            }
        }
    }

    /// In a side's view: stands the hidden enemy unit `id` alive on the
    /// empty, enterable cell `c` with `health` (at least 1, at most its
    /// kind's), as a searching bot imagines a unit it cannot see (one
    /// determinization of the view). Returns whether it was placed: only a
    /// [`Status::Hidden`] unit is, and only on an empty cell that is not a
    /// base.
    pub(crate) fn imagine_unit(&mut self, id: UnitId, c: Cell, health: u8) -> bool {
        let Some(u) = self.board.units.get(usize::from(id)) else {
            return false;
        };
        let max = self.roster().kind(u.kind).def.health;
        if u.status != Status::Hidden
            || usize::from(c) >= self.board.occupants.len()
            || self.site_blocks(c)
            || self.units_at(c).next().is_some()
        {
            return false;
        }
        self.place(id, c);
        let u = &mut self.board.units[usize::from(id)];
        u.status = Status::Alive;
        u.health = health.clamp(1, max.max(1));
        true
    }

    /// The board.
    #[must_use]
    pub fn arena(&self) -> &Arena {
        &self.board.rules.arena
    }

    /// The roster.
    #[must_use]
    pub fn roster(&self) -> &Roster {
        &self.board.rules.roster
    }

    /// How many players the match has.
    #[must_use]
    pub fn players(&self) -> usize {
        self.board.race.len()
    }

    /// The player who moves after `side` (in akw-rules-v1, its one
    /// opponent).
    #[must_use]
    pub fn next_player(&self, side: Side) -> Side {
        side.next(self.players())
    }

    /// The current round (1-based; a round is one turn of every player,
    /// in seat order: see [`round_of_turn`]).
    #[must_use]
    pub fn round(&self) -> u32 {
        round_of_turn(self.akw.turn)
    }

    /// Whether unit `id` is shown to `side` for the rest of the turn
    /// because it stopped one of the side's commands (see
    /// [`Event::Stopped`](super::event::Event::Stopped)).
    #[must_use]
    pub fn revealed_to(&self, id: UnitId, side: Side) -> bool {
        self.board.revealed.contains(&(id, side))
    }

    /// Every unit shown to a side this turn, as (unit, side), in the order
    /// they were shown.
    #[must_use]
    pub fn revealed(&self) -> &[(UnitId, Side)] {
        &self.board.revealed
    }

    /// Whether `side` knows of unit `o` standing where it stands: its own,
    /// one it sees, or one shown to it this turn. A state without a sight
    /// grid (a player's view) holds only the units its player knows of.
    #[must_use]
    #[inline]
    pub fn knows_of(&self, side: Side, o: &Unit) -> bool {
        o.side == side
            || self
                .grid_sees(side, o.cell)
                .is_none_or(|seen| seen || self.revealed_to(o.id, side))
    }

    /// A unit by id.
    #[must_use]
    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.board.units.get(usize::from(id))
    }

    /// Units on a cell (alive or corpse), up to two.
    pub fn units_at(&self, c: Cell) -> impl Iterator<Item = &Unit> + '_ {
        self.board.occupants[usize::from(c)]
            .into_iter()
            .filter(|&u| u != NO_UNIT)
            .map(|u| &self.board.units[usize::from(u)])
    }

    /// Units on a hex (alive or corpse).
    pub fn units_at_hex(&self, h: Hex) -> impl Iterator<Item = &Unit> + '_ {
        let cell = self.arena().cell(h);
        cell.into_iter().flat_map(|c| self.units_at(c))
    }

    /// The side controlling an Outpost cell: the side of the living units on
    /// it, when there are some and they are all of one side.
    #[must_use]
    pub fn outpost_controller(&self, c: Cell) -> Option<Side> {
        let mut side = None;
        for u in self.units_at(c).filter(|u| u.alive()) {
            match side {
                None => side = Some(u.side),
                Some(s) if s != u.side => return None,
                Some(_) => {}
            }
        }
        side
    }

    /// The base on a cell, by index into [`Self::bases`].
    #[must_use]
    pub fn base_at(&self, c: Cell) -> Option<usize> {
        self.board.bases.iter().position(|b| b.cell == c)
    }

    /// The objective on a cell, by index into [`Self::objectives`].
    #[must_use]
    pub fn objective_at(&self, c: Cell) -> Option<usize> {
        let a = self.arena();
        if usize::from(c) >= a.len() || a.site(c) != Site::Objective {
            return None;
        }
        self.board.objectives.iter().position(|o| o.cell == c)
    }

    /// Energy income `side` would get at a turn start in turn `turn`
    /// before penalties: 5 + objectives captured before that turn start +
    /// owned barracks. At turn 0 every owned objective was captured while
    /// the armies deployed, before the first turn start, so it counts (as
    /// it does for side 1 at turn 1).
    #[must_use]
    pub fn income(&self, side: Side, turn: u32) -> u8 {
        let objectives = self
            .board
            .objectives
            .iter()
            .filter(|o| o.owner == Some(side) && (o.since < turn || turn == 0))
            .count();
        let barracks = self.arena().barracks.iter().filter(|b| b.1 == side).count();
        (usize::from(BASE_INCOME) + objectives + barracks).min(255) as u8
    }

    /// A stable 64-bit hash of everything that can change in a match
    /// (FNV-1a over the state's fields; identical on every platform with
    /// 64-bit `usize`).
    #[must_use]
    pub fn state_hash(&self) -> u64 {
        // The order of the fields from before the state was split into its
        // board and akw parts, so recorded hashes stay valid.
        let mut h = fnv::FnvHasher::default();
        self.board.units.hash(&mut h);
        self.akw.energy.hash(&mut h);
        self.board.race.hash(&mut h);
        self.akw.income_loss.hash(&mut h);
        self.board.reserve.hash(&mut h);
        self.board.objectives.hash(&mut h);
        self.board.bases.hash(&mut h);
        self.akw.spawned.hash(&mut h);
        self.akw.turn.hash(&mut h);
        self.akw.side.hash(&mut h);
        self.board.outcome.hash(&mut h);
        self.board.seed.hash(&mut h);
        // Only when some unit is shown, so that hashes recorded before
        // commands could be stopped stay valid.
        if !self.board.revealed.is_empty() {
            self.board.revealed.hash(&mut h);
        }
        h.finish()
    }

    /// Whether a site blocks entering (bases).
    #[must_use]
    pub fn site_blocks(&self, c: Cell) -> bool {
        matches!(self.arena().site(c), Site::Base(_))
    }
}

#[cfg(test)]
mod tests {
    use super::{first_turn_of_round, round_of_turn};

    #[test]
    fn rounds_and_turns_convert_both_ways() {
        for turn in 0..50 {
            let r = round_of_turn(turn);
            assert!(first_turn_of_round(r) <= turn && turn < first_turn_of_round(r + 1));
        }
        assert_eq!(first_turn_of_round(0), 0);
    }
}
