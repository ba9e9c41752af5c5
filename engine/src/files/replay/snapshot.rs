//! A match state as a replay's trace shows it (`hexwright replay --trace`):
//! the units, corpses, objectives, Outposts and bases after each command, in
//! the order and with the fields the JSON trace has.

use crate::map::Side;
use crate::player::PerPlayer;

use crate::rules::{Command, MatchState, Outcome, Status};
use serde::{Deserialize, Serialize};

/// A unit in a [`Snapshot`].
#[allow(
    clippy::struct_excessive_bools,
    reason = "it mirrors the unit's turn flags one to one"
)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSnapshot {
    /// Unit id.
    pub id: u16,
    /// Kind name.
    pub kind: String,
    /// Side.
    pub side: Side,
    /// Where it stands `(q, r)`; `None` once dead.
    pub hex: Option<(i32, i32)>,
    /// Health (a corpse's health while a corpse).
    pub health: u8,
    /// Poison.
    pub poison: u8,
    /// Moved this turn.
    pub moved: bool,
    /// Actions spent this turn.
    pub actions: u8,
    /// Used its Healing or Summon this turn.
    pub ability_used: bool,
    /// Spawned or summoned this turn.
    pub arrived: bool,
    /// Its Revive has been used.
    pub revived: bool,
    /// `Alive`, `Corpse` or `Dead`.
    pub status: Status,
}

/// A corpse in a [`Snapshot`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorpseSnapshot {
    /// Unit id.
    pub id: u16,
    /// Kind name.
    pub kind: String,
    /// Side.
    pub side: Side,
    /// Where it lies.
    pub hex: (i32, i32),
    /// Corpse health.
    pub health: u8,
}

/// An Energy objective in a [`Snapshot`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectiveSnapshot {
    /// Its hex.
    pub hex: (i32, i32),
    /// Its owner.
    pub owner: Option<Side>,
    /// The unit holding it for a delayed capture.
    pub pending: Option<u16>,
}

/// An Outpost in a [`Snapshot`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutpostSnapshot {
    /// Its hex.
    pub hex: (i32, i32),
    /// The side controlling it.
    pub controller: Option<Side>,
}

/// A base in a [`Snapshot`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaseSnapshot {
    /// Its hex.
    pub hex: (i32, i32),
    /// Its side.
    pub side: Side,
    /// Health left.
    pub health: u8,
}

/// The match after one command of a replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Index of the command just applied.
    pub index: usize,
    /// The command.
    pub command: Command,
    /// Round (1-based).
    pub round: u32,
    /// Turn index (0 = side 0's first).
    pub turn: u32,
    /// The side to move.
    pub side: Side,
    /// Each side's Energy.
    pub energy: PerPlayer<u8>,
    /// Every unit that entered play, by id.
    pub units: Vec<UnitSnapshot>,
    /// Revive corpses on the board.
    pub corpses: Vec<CorpseSnapshot>,
    /// Energy objectives, in cell order.
    pub objectives: Vec<ObjectiveSnapshot>,
    /// Outposts, in cell order.
    pub outposts: Vec<OutpostSnapshot>,
    /// Bases, in cell order.
    pub bases: Vec<BaseSnapshot>,
    /// `won`, `draw` or `None` while the match goes on.
    pub result: Option<String>,
    /// The winner once there is one.
    pub winner: Option<Side>,
}

impl Snapshot {
    /// A snapshot of `s` after command `index`, `command`.
    #[must_use]
    pub fn new(s: &MatchState, index: usize, command: &Command) -> Self {
        let b = BoardSnapshot::new(s);
        Self {
            index,
            command: command.clone(),
            round: s.round(),
            turn: s.turn(),
            side: s.side(),
            energy: *s.energy(),
            units: b.units,
            corpses: b.corpses,
            objectives: b.objectives,
            outposts: b.outposts,
            bases: b.bases,
            result: b.result,
            winner: b.winner,
        }
    }
}

/// The board part of a snapshot, the same in every ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardSnapshot {
    /// Every unit that entered play, by id.
    pub units: Vec<UnitSnapshot>,
    /// Revive corpses on the board.
    pub corpses: Vec<CorpseSnapshot>,
    /// Energy objectives (control points), in cell order.
    pub objectives: Vec<ObjectiveSnapshot>,
    /// Outposts, in cell order.
    pub outposts: Vec<OutpostSnapshot>,
    /// Bases, in cell order.
    pub bases: Vec<BaseSnapshot>,
    /// `won`, `draw` or `None` while the match goes on.
    pub result: Option<String>,
    /// The winner once there is one.
    pub winner: Option<Side>,
}

impl BoardSnapshot {
    /// The board of `s`.
    #[must_use]
    pub fn new(s: &MatchState) -> Self {
        let a = s.arena();
        let hex = |c| {
            let h = a.hex(c);
            (h.x, h.y)
        };
        let name = |k| s.roster().kind(k).def.name.clone();
        Self {
            units: s
                .units()
                .iter()
                .map(|u| UnitSnapshot {
                    id: u.id,
                    kind: name(u.kind),
                    side: u.side,
                    hex: u.on_board().then(|| hex(u.cell)),
                    health: u.health,
                    poison: u.poison,
                    moved: u.moved,
                    actions: u.actions,
                    ability_used: u.ability_used,
                    arrived: u.arrived,
                    revived: u.revived,
                    status: u.status,
                })
                .collect(),
            corpses: s
                .units()
                .iter()
                .filter(|u| u.status == Status::Corpse)
                .map(|u| CorpseSnapshot {
                    id: u.id,
                    kind: name(u.kind),
                    side: u.side,
                    hex: hex(u.cell),
                    health: u.health,
                })
                .collect(),
            objectives: s
                .objectives()
                .iter()
                .map(|o| ObjectiveSnapshot {
                    hex: hex(o.cell),
                    owner: o.owner,
                    pending: o.pending,
                })
                .collect(),
            outposts: a
                .outposts
                .iter()
                .map(|&c| OutpostSnapshot {
                    hex: hex(c),
                    controller: s.outpost_controller(c),
                })
                .collect(),
            bases: s
                .bases()
                .iter()
                .map(|b| BaseSnapshot {
                    hex: hex(b.cell),
                    side: b.side,
                    health: b.health,
                })
                .collect(),
            result: s.outcome().map(|o| {
                match o {
                    Outcome::Won(_) => "won",
                    Outcome::Draw => "draw",
                }
                .into()
            }),
            winner: match s.outcome() {
                Some(Outcome::Won(w)) => Some(w),
                _ => None,
            },
        }
    }
}
