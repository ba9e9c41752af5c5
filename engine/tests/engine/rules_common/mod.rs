//! Helpers shared by the rules tests (`engine/tests/rules_*.rs`): a tiny
//! inline map, a test roster with one unit kind per ability, exact
//! deployments, and a `Game` that runs commands and returns their events.

#![allow(dead_code)] // each test crate uses a different part

use hexwright_engine::Hex;
use hexwright_engine::coverage::Coverage;
use hexwright_engine::geom::Point;
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::{Coord, Feature, FeatureKind, Length, Map, Side, TerrainKind};
use hexwright_engine::map::{TerrainPiece, TerrainShape};
use hexwright_engine::rules::UnitCommand;
use hexwright_engine::rules::roster::KindId;
use hexwright_engine::rules::{
    Arena, Command, Deployment, EnergyReason, Event, MatchState, Roster, RuleError, Rules, Unit,
    UnitId, check, execute, start,
};
use std::sync::Arc;

/// A roster for rule tests: race `Test` has one kind per ability with round
/// numbers; race `Other` exists for the one-race rules.
pub const TEST_ROSTER: &str = r#"(
    format: 1,
    name: "rule tests",
    races: [
        (
            name: "Test",
            units: [
                (name: "Chief", class: Commander, health: 10, attack: 2, penalty: Some(EnergyLoss(4))),
                (name: "Warlord", class: Commander, health: 10, attack: 2, penalty: Some(IncomeLoss(amount: 2, turns: 2))),
                (name: "Captain", class: Commander, health: 10, attack: 2, penalty: Some(Wound(2))),
                (name: "Lich", class: Commander, health: 6, attack: 2, abilities: [Revive(3)], penalty: Some(EnergyLoss(2))),
                (name: "Grunt", class: Soldier, health: 5, attack: 2, cost: Some(3)),
                (name: "Dummy", class: Soldier, health: 9, attack: 0, cost: Some(2)),
                (name: "Brute", class: Elite, health: 8, attack: 4, cost: Some(6)),
                (name: "Archer", class: Soldier, health: 4, attack: 2, range: 3, cost: Some(4), abilities: [Range]),
                (name: "Tank", class: Elite, health: 8, attack: 1, cost: Some(6), abilities: [Armour(1)]),
                (name: "Twin", class: Soldier, health: 5, attack: 2, cost: Some(3), abilities: [Combine]),
                (name: "Fury", class: Soldier, health: 5, attack: 1, cost: Some(3), abilities: [Active]),
                (name: "Viper", class: Soldier, health: 5, attack: 1, cost: Some(3), abilities: [Poison(3)]),
                (name: "Wisp", class: Elite, health: 5, attack: 2, cost: Some(6), abilities: [Phasewalk]),
                (name: "Reaper", class: Elite, health: 8, attack: 1, cost: Some(6), abilities: [Smite(2)]),
                (name: "Ghoul", class: Soldier, health: 5, attack: 2, cost: Some(4), abilities: [Revive(3)]),
                (name: "Hopper", class: Soldier, health: 4, attack: 1, cost: Some(3), abilities: [Rebound]),
                (name: "Medic", class: Elite, health: 6, attack: 1, cost: Some(6), abilities: [Healing(amount: 2, targets: 2)]),
                (name: "Monk", class: Elite, health: 6, attack: 1, cost: Some(6), abilities: [Healing(amount: 2, targets: 2)], monk: true),
                (name: "Caller", class: Elite, health: 6, attack: 1, cost: Some(6), abilities: [Summon(limit: 2, kind: "Imp")]),
                (name: "Imp", class: Summon, health: 2, attack: 1),
                (name: "Blind", class: Soldier, health: 5, attack: 1, sight: 0, cost: Some(2)),
                (name: "Slug", class: Soldier, health: 5, attack: 1, movement: 1, cost: Some(2)),
                (name: "Hare", class: Soldier, health: 4, attack: 1, cost: Some(3), abilities: [Rebound, Active]),
                (name: "Strider", class: Soldier, health: 5, attack: 1, movement: 5, cost: Some(2)),
            ],
        ),
        (
            name: "Other",
            units: [
                (name: "Overlord", class: Commander, health: 10, attack: 2, penalty: Some(EnergyLoss(1))),
                (name: "Orc", class: Soldier, health: 5, attack: 2, cost: Some(3)),
                (name: "Goblin", class: Summon, health: 2, attack: 1),
            ],
        ),
    ],
)"#;

/// The test roster.
pub fn roster() -> Roster {
    Roster::parse(TEST_ROSTER, "test-roster.ron").expect("the test roster is valid")
}

/// A hex `(q, r)`.
pub const fn h(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

/// A board for one test: a 320 × 320 pointy map with hexes of size 10 (every
/// hex within about 8 steps of `(0, 0)` is usable), features, and hexes made
/// unusable by terrain.
#[derive(Clone, Debug)]
pub struct Setup {
    pub features: Vec<(Hex, FeatureKind)>,
    pub blocked: Vec<Hex>,
    pub roster: Roster,
    pub round_limit: u32,
    pub players: u8,
}

impl Default for Setup {
    fn default() -> Self {
        Self::new()
    }
}

impl Setup {
    /// An empty board, the test roster, 60 rounds.
    pub fn new() -> Self {
        Self {
            features: Vec::new(),
            blocked: Vec::new(),
            roster: roster(),
            round_limit: 60,
            players: 2,
        }
    }

    /// Adds a feature.
    #[must_use]
    pub fn feature(mut self, hex: Hex, kind: FeatureKind) -> Self {
        self.features.push((hex, kind));
        self
    }

    /// Covers a hex with terrain (a circle as large as the hex).
    #[must_use]
    pub fn block(mut self, hex: Hex) -> Self {
        self.blocked.push(hex);
        self
    }

    /// Sets the round limit.
    #[must_use]
    pub fn limit(mut self, rounds: u32) -> Self {
        self.round_limit = rounds;
        self
    }

    /// Seats this many players (2 to 4).
    #[must_use]
    pub fn players(mut self, players: u8) -> Self {
        self.players = players;
        self
    }

    /// Uses another roster.
    #[must_use]
    pub fn with_roster(mut self, roster: Roster) -> Self {
        self.roster = roster;
        self
    }

    /// The map.
    pub fn map(&self) -> Map {
        let mut map = Map::new_empty("rules test", Orientation::Pointy, 10.0, 320.0, 320.0)
            .expect("a valid empty map");
        map.players = self.players;
        let layout = map.hex_layout();
        for &b in &self.blocked {
            let c: Point = layout.center(b);
            map.terrain.push(TerrainPiece {
                kind: TerrainKind::Rock,
                shape: TerrainShape::Circle {
                    center: Coord(c),
                    radius: Length::new(10.0).expect("a valid radius"),
                },
            });
        }
        for &(hex, kind) in &self.features {
            map.features.push(Feature { hex, kind });
        }
        map
    }

    /// The rules of this board.
    pub fn rules(&self) -> Arc<Rules> {
        let map = self.map();
        let coverage = Coverage::new(&map).expect("coverage of a small map");
        let arena = Arena::new(&map, &coverage);
        for &b in &self.blocked {
            assert!(arena.cell(b).is_none(), "{b:?} should be unusable");
        }
        for &(hex, _) in &self.features {
            assert!(arena.cell(hex).is_some(), "feature hex {hex:?} is unusable");
        }
        Arc::new(Rules {
            arena,
            roster: self.roster.clone(),
            round_limit: self.round_limit,
        })
    }

    /// Deploys exactly these units (side 0's get ids 0.., then side 1's)
    /// and starts side 0's first turn.
    pub fn start(&self, side0: &[(&str, Hex)], side1: &[(&str, Hex)]) -> Game {
        self.start_with_reserve(side0, side1, &[], &[])
    }

    /// [`Self::start`] with summons in the reserve pools.
    pub fn start_with_reserve(
        &self,
        side0: &[(&str, Hex)],
        side1: &[(&str, Hex)],
        reserve0: &[&str],
        reserve1: &[&str],
    ) -> Game {
        let rules = self.rules();
        let deployment = |units: &[(&str, Hex)], reserve: &[&str]| {
            let kinds: Vec<(KindId, Hex)> = units
                .iter()
                .map(|(n, hex)| (kind_id(&self.roster, n), *hex))
                .collect();
            let race = kinds.first().map_or(0, |(k, _)| self.roster.kind(*k).race);
            Deployment {
                race,
                units: kinds,
                reserve: reserve.iter().map(|n| kind_id(&self.roster, n)).collect(),
            }
        };
        let armies = hexwright_engine::player::PerPlayer::from_vec(vec![
            deployment(side0, reserve0),
            deployment(side1, reserve1),
        ]);
        let mut s = MatchState::empty(rules, 1);
        let mut events = Vec::new();
        start(&mut s, &armies, &mut events);
        Game {
            s,
            setup_events: events,
        }
    }
}

/// A kind id by name.
pub fn kind_id(roster: &Roster, name: &str) -> KindId {
    roster
        .kind_by_name(name)
        .unwrap_or_else(|| panic!("no kind {name}"))
}

/// A match under test.
#[derive(Debug)]
pub struct Game {
    pub s: MatchState,
    pub setup_events: Vec<Event>,
}

impl Game {
    /// Runs a command that must be legal; returns its events. Also checks
    /// that `rules::check` agreed beforehand.
    #[allow(clippy::needless_pass_by_value)] // tests build commands inline
    pub fn run(&mut self, cmd: Command) -> Vec<Event> {
        assert_eq!(check(&self.s, &cmd), Ok(()), "{cmd} should be legal");
        let mut out = Vec::new();
        execute(&mut self.s, &cmd, &mut out).unwrap_or_else(|e| panic!("{cmd}: {e}"));
        out
    }

    /// Runs a command that must be refused; returns why, and checks that the
    /// state did not change.
    #[allow(clippy::needless_pass_by_value)] // tests build commands inline
    pub fn refuse(&mut self, cmd: Command) -> RuleError {
        let before = self.s.state_hash();
        let mut out = Vec::new();
        let err = execute(&mut self.s, &cmd, &mut out).expect_err("the command should be refused");
        assert!(out.is_empty(), "a refused command emits no events");
        assert_eq!(
            before,
            self.s.state_hash(),
            "a refused command changes nothing"
        );
        err
    }

    /// Ends the turn.
    pub fn end_turn(&mut self) -> Vec<Event> {
        self.run(Command::EndTurn)
    }

    /// Ends two turns (back to the same side), returning the events of the
    /// second (the same side's next turn start).
    pub fn pass_round(&mut self) -> Vec<Event> {
        self.end_turn();
        self.end_turn()
    }

    /// Moves a unit.
    pub fn mv(&mut self, unit: UnitId, to: Hex) -> Vec<Event> {
        self.run(Command::Unit(UnitCommand::Move { unit, to }))
    }

    /// Attacks a hex.
    pub fn attack(&mut self, unit: UnitId, target: Hex) -> Vec<Event> {
        self.run(Command::Unit(UnitCommand::Attack { unit, target }))
    }

    /// A unit.
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.s.units()[usize::from(id)]
    }

    /// A unit's health.
    pub fn health(&self, id: UnitId) -> u8 {
        self.unit(id).health
    }

    /// A unit's maximum health.
    pub fn max_health(&self, id: UnitId) -> u8 {
        self.s.roster().kind(self.unit(id).kind).def.health
    }

    /// Sets a side's bank (test setup, through the event that changes
    /// banks: `apply` is the only mutator).
    pub fn set_energy(&mut self, side: Side, bank: u8) {
        let before = self.s.energy()[side];
        self.s.apply(&Event::Energy {
            side,
            delta: i16::from(bank) - i16::from(before),
            bank,
            reason: EnergyReason::Spend,
        });
    }

    /// Sets a unit's health (test setup, through the event that lowers
    /// health).
    pub fn set_health(&mut self, unit: UnitId, health: u8) {
        self.s.apply(&Event::Damaged {
            unit,
            amount: 0,
            health,
        });
    }

    /// Sets a base's health (test setup).
    pub fn set_base_health(&mut self, base: usize, health: u8) {
        let hex = self.s.arena().hex(self.s.bases()[base].cell);
        self.s.apply(&Event::BaseDamaged {
            base: hex,
            amount: 0,
            health,
        });
    }

    /// A kind id by name.
    pub fn kind(&self, name: &str) -> KindId {
        kind_id(self.s.roster(), name)
    }

    /// The objective at a hex: (owner, pending unit).
    pub fn objective(&self, hex: Hex) -> (Option<Side>, Option<UnitId>) {
        let c = self.s.arena().cell(hex).expect("a usable hex");
        let o = &self.s.objectives()[self.s.objective_at(c).expect("an objective")];
        (o.owner, o.pending)
    }

    /// The health of the base at a hex.
    pub fn base_health(&self, hex: Hex) -> u8 {
        let c = self.s.arena().cell(hex).expect("a usable hex");
        self.s.bases()[self.s.base_at(c).expect("a base")].health
    }

    /// The cell of a hex.
    pub fn cell(&self, hex: Hex) -> u16 {
        self.s.arena().cell(hex).expect("a usable hex")
    }

    /// The hex a unit stands on.
    pub fn hex_of(&self, id: UnitId) -> Hex {
        self.s.arena().hex(self.unit(id).cell)
    }
}

/// An income event.
pub const fn energy(side: Side, delta: i16, bank: u8, reason: EnergyReason) -> Event {
    Event::Energy {
        side,
        delta,
        bank,
        reason,
    }
}

/// The `Energy` events of a list, as (side, delta, bank, reason).
/// `(side number, delta, bank, reason)` of every Energy event.
pub fn energy_events(events: &[Event]) -> Vec<(u8, i16, u8, EnergyReason)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Energy {
                side,
                delta,
                bank,
                reason,
            } => Some((side.0, delta, bank, reason)),
            _ => None,
        })
        .collect()
}

/// A damage event.
pub const fn damaged(unit: UnitId, amount: u8, health: u8) -> Event {
    Event::Damaged {
        unit,
        amount,
        health,
    }
}

/// The events after `TurnEnded` of an `EndTurn` (the turn start).
pub fn turn_start(events: &[Event]) -> &[Event] {
    let i = events
        .iter()
        .position(|e| matches!(e, Event::TurnStarted { .. }))
        .expect("a turn started");
    &events[i..]
}
