//! Helpers for the phase-rules-v1 tests: exact deployments for 2 to 4
//! players on the rules-test board, a `PhaseGame` that runs commands and
//! returns their events, and seeds that give the token to a chosen player.

#![allow(dead_code)] // each test crate uses a different part

use crate::rules_common::{Setup, kind_id};
use hexwright_engine::Hex;
use hexwright_engine::player::{PerPlayer, PlayerId};
use hexwright_engine::rules::UnitCommand;
use hexwright_engine::rules::phase::logic::first_token;
use hexwright_engine::rules::phase::{
    PhaseCommand, PhaseError, PhaseEvent, PhaseMatch, check, execute_unchecked, start,
};
use hexwright_engine::rules::roster::KindId;
use hexwright_engine::rules::{Deployment, Event, Unit, UnitId};
use hexwright_engine::ruleset::{PhaseRulesV1, Ruleset};

/// One player's army: units with their hexes, and summons in reserve.
pub type Army<'a> = (&'a [(&'a str, Hex)], &'a [&'a str]);

/// A seed whose token goes to `token` among `players`.
pub fn seed_for_token(players: usize, token: u8) -> u64 {
    (0..1_000_u64)
        .find(|&s| first_token(s, players) == PlayerId(token))
        .expect("some seed")
}

/// Deploys exactly these armies (player 0's units get ids 0.., then player
/// 1's, …) with the token on `token`, and begins the first turn.
pub fn start_phase(setup: &Setup, armies: &[Army<'_>], token: u8) -> PhaseGame {
    let rules = setup.rules();
    let roster = &setup.roster;
    let deployments: Vec<Deployment> = armies
        .iter()
        .map(|(units, reserve)| {
            let kinds: Vec<(KindId, Hex)> = units
                .iter()
                .map(|(n, hex)| (kind_id(roster, n), *hex))
                .collect();
            let race = kinds.first().map_or(0, |(k, _)| roster.kind(*k).race);
            Deployment {
                race,
                units: kinds,
                reserve: reserve.iter().map(|n| kind_id(roster, n)).collect(),
            }
        })
        .collect();
    let seed = seed_for_token(armies.len(), token);
    let mut s = PhaseMatch::empty(rules, seed);
    let mut events = Vec::new();
    start(&mut s, &PerPlayer::from_vec(deployments), &mut events);
    PhaseGame {
        s,
        setup_events: events,
    }
}

/// A phase-rules match under test.
#[derive(Debug)]
pub struct PhaseGame {
    pub s: PhaseMatch,
    pub setup_events: Vec<PhaseEvent>,
}

impl PhaseGame {
    /// Runs a command that must be legal (by `check`, and listed by
    /// `legal`); returns its events.
    #[allow(clippy::needless_pass_by_value)] // tests build commands inline
    pub fn run(&mut self, cmd: PhaseCommand) -> Vec<PhaseEvent> {
        assert_eq!(check(&self.s, &cmd), Ok(()), "{cmd} should be legal");
        assert!(
            PhaseRulesV1::legal_commands(&self.s).contains(&cmd),
            "{cmd} should be listed as legal"
        );
        let mut out = Vec::new();
        execute_unchecked(&mut self.s, &cmd, &mut out);
        out
    }

    /// Runs a command that must be refused; returns why, and checks that
    /// the state did not change.
    #[allow(clippy::needless_pass_by_value)] // tests build commands inline
    pub fn refuse(&mut self, cmd: PhaseCommand) -> PhaseError {
        let before = self.s.state_hash();
        let mut out = Vec::new();
        let err = PhaseRulesV1::execute(&mut self.s, &cmd, &mut out)
            .expect_err("the command should be refused");
        assert!(out.is_empty(), "a refused command emits no events");
        assert_eq!(
            before,
            self.s.state_hash(),
            "a refused command changes nothing"
        );
        assert!(
            !PhaseRulesV1::legal_commands(&self.s).contains(&cmd),
            "a refused command is not listed as legal"
        );
        err
    }

    /// Player `p` places `cards`.
    pub fn place(&mut self, p: u8, cards: [u8; 4]) -> Vec<PhaseEvent> {
        self.run(PhaseCommand::PlaceCards {
            player: PlayerId(p),
            cards,
        })
    }

    /// Every player places its cards, in seat order; the events of all.
    pub fn place_all(&mut self, cards: &[[u8; 4]]) -> Vec<PhaseEvent> {
        let mut all = Vec::new();
        for (p, c) in cards.iter().enumerate() {
            all.extend(self.place(p as u8, *c));
        }
        all
    }

    /// Player `p` reveals `card`.
    pub fn reveal(&mut self, p: u8, card: u8) -> Vec<PhaseEvent> {
        self.run(PhaseCommand::Reveal {
            player: PlayerId(p),
            card,
        })
    }

    /// Moves a unit.
    pub fn mv(&mut self, unit: UnitId, to: Hex) -> Vec<PhaseEvent> {
        self.run(PhaseCommand::Unit(UnitCommand::Move { unit, to }))
    }

    /// Attacks a hex.
    pub fn attack(&mut self, unit: UnitId, target: Hex) -> Vec<PhaseEvent> {
        self.run(PhaseCommand::Unit(UnitCommand::Attack { unit, target }))
    }

    /// Ends the slot.
    pub fn end_slot(&mut self) -> Vec<PhaseEvent> {
        self.run(PhaseCommand::EndSlot)
    }

    /// Ends slots until the turn is placing cards again (or the match is
    /// over); the events of all.
    pub fn finish_turn(&mut self) -> Vec<PhaseEvent> {
        let turn = self.s.turn();
        let mut all = Vec::new();
        while self.s.turn() == turn && self.s.board().outcome().is_none() {
            let cmd = PhaseRulesV1::pass(&self.s);
            all.extend(self.run(cmd));
        }
        all
    }

    /// A unit.
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.s.board().units()[usize::from(id)]
    }

    /// The hex a unit stands on.
    pub fn hex_of(&self, id: UnitId) -> Hex {
        self.s.board().arena().hex(self.unit(id).cell)
    }

    /// Test setup through `apply`, the only mutator.
    #[allow(clippy::needless_pass_by_value)] // tests build events inline
    pub fn apply(&mut self, e: PhaseEvent) {
        self.s.apply(&e);
    }

    /// Sets a unit's health (test setup).
    pub fn set_health(&mut self, unit: UnitId, health: u8) {
        self.apply(PhaseEvent::Board(Event::Damaged {
            unit,
            amount: 0,
            health,
        }));
    }

    /// Sets the health of the base at `hex` (test setup).
    pub fn set_base_health(&mut self, base: Hex, health: u8) {
        self.apply(PhaseEvent::Board(Event::BaseDamaged {
            base,
            amount: 0,
            health,
        }));
    }
}

/// The table's events of a list (board events left out).
pub fn table(events: &[PhaseEvent]) -> Vec<PhaseEvent> {
    events
        .iter()
        .filter(|e| !matches!(e, PhaseEvent::Board(_)))
        .cloned()
        .collect()
}

/// The board events of a list.
pub fn board(events: &[PhaseEvent]) -> Vec<Event> {
    events
        .iter()
        .filter_map(|e| match e {
            PhaseEvent::Board(b) => Some(b.clone()),
            _ => None,
        })
        .collect()
}
