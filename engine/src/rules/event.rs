//! Events: what happened, in order. [`super::execute`] turns a command into
//! events and [`super::MatchState::apply`] applies them; events are serde-able
//! so matches can be logged and shown in words.

use super::roster::{DeathPenalty, KindId};
use super::state::{Outcome, UnitId};
use crate::Hex;
use crate::map::{Side, axial};
use serde::{Deserialize, Serialize};

/// Why a bank changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EnergyReason {
    /// Turn-start income.
    Income,
    /// Side 1's one-time opening bonus.
    OpeningBonus,
    /// Defeating an enemy unit.
    Kill,
    /// Paid for a move, attack, ability or spawn.
    Spend,
    /// A commander's death penalty.
    Penalty,
}

/// What a stopped command spent (see [`Event::Stopped`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Spent {
    /// A unit's move (akw-rules-v1: its move this turn; phase-rules-v1:
    /// one of its actions).
    Move {
        /// The unit that was to move.
        unit: UnitId,
    },
    /// A unit's Rebound.
    Rebound {
        /// The unit that was to rebound.
        unit: UnitId,
    },
    /// A summoner's Summon this turn.
    Summon {
        /// The summoner.
        unit: UnitId,
    },
    /// A barracks' spawn this turn.
    Spawn {
        /// The barracks.
        #[serde(with = "axial")]
        barracks: Hex,
    },
}

impl Spent {
    /// The unit that acted, if a unit did (a spawn is the barracks').
    #[must_use]
    pub fn unit(self) -> Option<UnitId> {
        match self {
            Self::Move { unit } | Self::Rebound { unit } | Self::Summon { unit } => Some(unit),
            Self::Spawn { .. } => None,
        }
    }
}

/// Something that happened in a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A turn began.
    TurnStarted {
        /// Whose turn.
        side: Side,
        /// Turn index (0 = side 0's first).
        turn: u32,
    },
    /// A side's unit flags and barracks spawn use were reset.
    FlagsReset {
        /// Which side.
        side: Side,
    },
    /// A bank changed; `bank` is the new value (capped at 15, never below 0).
    Energy {
        /// Whose bank.
        side: Side,
        /// Change actually made.
        delta: i16,
        /// New value.
        bank: u8,
        /// Why.
        reason: EnergyReason,
    },
    /// One turn of an income penalty was used.
    IncomePenaltyUsed {
        /// Whose.
        side: Side,
        /// Turn starts still affected.
        turns_left: u8,
    },
    /// A side's army race was revealed before the first turn.
    Army {
        /// Side.
        side: Side,
        /// Race index in the roster.
        race: u16,
    },
    /// A unit was deployed before the first turn.
    Deployed {
        /// New id.
        unit: UnitId,
        /// Kind.
        kind: KindId,
        /// Side.
        side: Side,
        /// Where.
        #[serde(with = "axial")]
        hex: Hex,
    },
    /// A summon was put in a side's reserve pool before the first turn.
    ReserveAdded {
        /// Side.
        side: Side,
        /// Summon kind.
        kind: KindId,
    },
    /// A barracks spawned a unit.
    Spawned {
        /// New id.
        unit: UnitId,
        /// Kind.
        kind: KindId,
        /// Side.
        side: Side,
        /// Where it stands.
        #[serde(with = "axial")]
        hex: Hex,
        /// The barracks.
        #[serde(with = "axial")]
        barracks: Hex,
    },
    /// The barracks has spawned this turn.
    BarracksUsed {
        /// The barracks.
        #[serde(with = "axial")]
        barracks: Hex,
    },
    /// A unit summoned another from the reserve pool.
    Summoned {
        /// New id.
        unit: UnitId,
        /// Kind.
        kind: KindId,
        /// Side.
        side: Side,
        /// Where.
        #[serde(with = "axial")]
        hex: Hex,
        /// The summoner.
        by: UnitId,
    },
    /// A unit moved.
    Moved {
        /// Who.
        unit: UnitId,
        /// From.
        #[serde(with = "axial")]
        from: Hex,
        /// To.
        #[serde(with = "axial")]
        to: Hex,
    },
    /// A unit took its move back (Rebound).
    Rebounded {
        /// Who.
        unit: UnitId,
        /// From.
        #[serde(with = "axial")]
        from: Hex,
        /// Back to.
        #[serde(with = "axial")]
        to: Hex,
    },
    /// A unit attacked a hex (spending an action).
    Attacked {
        /// Attacker.
        unit: UnitId,
        /// Target hex.
        #[serde(with = "axial")]
        target: Hex,
    },
    /// A unit used its activated ability this turn (Healing).
    AbilityUsed {
        /// Who.
        unit: UnitId,
    },
    /// A unit or corpse lost health.
    Damaged {
        /// Who.
        unit: UnitId,
        /// Damage dealt.
        amount: u8,
        /// Health left (0 when it died).
        health: u8,
    },
    /// A unit was healed.
    Healed {
        /// Who.
        unit: UnitId,
        /// Health gained.
        amount: u8,
        /// New health.
        health: u8,
        /// The healer.
        by: UnitId,
    },
    /// A unit's poison was set.
    Poisoned {
        /// Who.
        unit: UnitId,
        /// New poison.
        poison: u8,
        /// The side that poisoned it.
        by: Side,
    },
    /// Poison dealt its damage at turn start and fell by one.
    PoisonTicked {
        /// Who.
        unit: UnitId,
        /// Damage dealt.
        damage: u8,
        /// Health left.
        health: u8,
        /// Poison left.
        poison: u8,
    },
    /// A unit was defeated. With `corpse`, it left a Revive corpse with that
    /// health.
    Died {
        /// Who.
        unit: UnitId,
        /// The side credited with the kill (`None`: nobody).
        by: Option<Side>,
        /// Corpse health, for a unit that will revive.
        corpse: Option<u8>,
    },
    /// A corpse was destroyed; the unit will not revive.
    CorpseDestroyed {
        /// Whose corpse.
        unit: UnitId,
    },
    /// A corpse got up at its side's turn start.
    Revived {
        /// Who.
        unit: UnitId,
        /// Health (full).
        health: u8,
    },
    /// A base lost health.
    BaseDamaged {
        /// The base.
        #[serde(with = "axial")]
        base: Hex,
        /// Damage.
        amount: u8,
        /// Health left.
        health: u8,
    },
    /// An objective was captured.
    ObjectiveCaptured {
        /// The objective.
        #[serde(with = "axial")]
        objective: Hex,
        /// New owner.
        side: Side,
    },
    /// An enemy-owned objective was neutralised; `unit` must hold it until
    /// its side's next turn start to capture it.
    ObjectiveNeutralised {
        /// The objective.
        #[serde(with = "axial")]
        objective: Hex,
        /// The unit holding it.
        unit: UnitId,
    },
    /// The holding unit left or died; the objective stays neutral.
    CaptureCancelled {
        /// The objective.
        #[serde(with = "axial")]
        objective: Hex,
    },
    /// Outpost control changed.
    OutpostControl {
        /// The Outpost.
        #[serde(with = "axial")]
        outpost: Hex,
        /// New controller.
        side: Option<Side>,
    },
    /// A commander died and its side suffers its death penalty.
    Penalty {
        /// The side.
        side: Side,
        /// The commander.
        commander: UnitId,
        /// The penalty.
        penalty: DeathPenalty,
    },
    /// An income penalty started.
    PenaltyIncome {
        /// The side.
        side: Side,
        /// Energy less per turn start.
        amount: u8,
        /// Turn starts.
        turns: u8,
    },
    /// A command legal in its side's view met enemy units the side could
    /// not see, and was spent without effect: what it spent counts as used,
    /// nothing is paid, and `units` (all on `at`) are shown to the side for
    /// the rest of the turn.
    Stopped {
        /// The side whose command was stopped.
        side: Side,
        /// What the command spent.
        spent: Spent,
        /// Where the units that stopped it stand.
        #[serde(with = "axial")]
        at: Hex,
        /// The units that stopped it.
        units: Vec<UnitId>,
    },
    /// A side ended its turn.
    TurnEnded {
        /// Which side.
        side: Side,
    },
    /// The match ended.
    MatchEnded {
        /// How.
        outcome: Outcome,
    },
}
