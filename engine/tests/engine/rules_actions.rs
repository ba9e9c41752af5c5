//! akw-rules-v1 movement, attacks, actions and barracks spawns.

use crate::rules_common;
use hexwright_engine::rules::UnitCommand;

use hexwright_engine::map::FeatureKind;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::{Command, EnergyReason, Event, RuleError};
use rules_common::{Setup, damaged, energy, h};

use EnergyReason::Spend;

fn mv(unit: u16, to: hexwright_engine::Hex) -> Command {
    Command::Unit(UnitCommand::Move { unit, to })
}

fn attack(unit: u16, target: hexwright_engine::Hex) -> Command {
    Command::Unit(UnitCommand::Attack { unit, target })
}

#[test]
fn move_costs_one_energy_whatever_the_length() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0)), ("Grunt", h(0, 2))], &[]);
    assert_eq!(
        g.mv(0, h(3, 0)),
        vec![
            energy(PlayerId(0), -1, 4, Spend),
            Event::Moved {
                unit: 0,
                from: h(0, 0),
                to: h(3, 0)
            }
        ]
    );
    assert_eq!(
        g.mv(1, h(0, 3)),
        vec![
            energy(PlayerId(0), -1, 3, Spend),
            Event::Moved {
                unit: 1,
                from: h(0, 2),
                to: h(0, 3)
            }
        ]
    );
}

#[test]
fn a_unit_moves_once_per_turn() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Grunt", h(6, 0))]);
    g.mv(0, h(1, 0));
    assert_eq!(g.refuse(mv(0, h(2, 0))), RuleError::AlreadyMoved(0));
    g.pass_round();
    g.mv(0, h(2, 0));
}

#[test]
fn path_length_is_at_most_the_movement() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[]);
    assert_eq!(
        g.refuse(mv(0, h(4, 0))),
        RuleError::Unreachable {
            hex: h(4, 0),
            movement: 3
        }
    );
    g.mv(0, h(3, 0));
}

#[test]
fn moves_only_over_usable_hexes() {
    // (1,0) is covered: the straight way to (3,0) is gone, the detour is 4.
    let mut g = Setup::new()
        .block(h(1, 0))
        .start(&[("Grunt", h(0, 0))], &[]);
    assert_eq!(g.refuse(mv(0, h(1, 0))), RuleError::NotUsable(h(1, 0)));
    assert_eq!(
        g.refuse(mv(0, h(3, 0))),
        RuleError::Unreachable {
            hex: h(3, 0),
            movement: 3
        }
    );
    // Two steps around the covered hex still fit.
    g.mv(0, h(2, 0));
}

#[test]
fn allies_can_be_passed_through_but_not_ended_on() {
    // The only 3-step path from (0,0) to (3,0) runs through (1,0) and (2,0).
    let mut g = Setup::new().start(&[("Grunt", h(0, 0)), ("Grunt", h(1, 0))], &[]);
    assert_eq!(
        g.refuse(mv(0, h(1, 0))),
        RuleError::Blocked {
            hex: h(1, 0),
            reason: "a unit stands there"
        }
    );
    g.mv(0, h(3, 0));
}

#[test]
fn enemy_units_block_movement() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Dummy", h(1, 0))]);
    assert_eq!(
        g.refuse(mv(0, h(3, 0))),
        RuleError::Unreachable {
            hex: h(3, 0),
            movement: 3
        }
    );
    assert_eq!(
        g.refuse(mv(0, h(1, 0))),
        RuleError::Blocked {
            hex: h(1, 0),
            reason: "a unit stands there"
        }
    );
}

#[test]
fn bases_block_movement_and_cannot_be_entered() {
    for side in 0..2 {
        let mut g = Setup::new()
            .feature(
                h(1, 0),
                FeatureKind::Base {
                    side: PlayerId(side),
                },
            )
            .start(&[("Grunt", h(0, 0))], &[]);
        assert_eq!(
            g.refuse(mv(0, h(1, 0))),
            RuleError::Blocked {
                hex: h(1, 0),
                reason: "a base cannot be entered"
            }
        );
        assert_eq!(
            g.refuse(mv(0, h(3, 0))),
            RuleError::Unreachable {
                hex: h(3, 0),
                movement: 3
            }
        );
    }
}

#[test]
fn attack_costs_one_energy_and_the_action_and_movement_remains() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Dummy", h(1, 0))]);
    assert_eq!(
        g.attack(0, h(1, 0)),
        vec![
            energy(PlayerId(0), -1, 4, Spend),
            Event::Attacked {
                unit: 0,
                target: h(1, 0)
            },
            damaged(1, 2, 7),
        ]
    );
    assert_eq!(
        g.refuse(attack(0, h(1, 0))),
        RuleError::NoActionLeft {
            unit: 0,
            actions: 1
        }
    );
    // Unused movement remains available after the attack.
    g.mv(0, h(-1, 0));
}

#[test]
fn move_and_attack_in_either_order() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Dummy", h(3, 0))]);
    g.mv(0, h(2, 0));
    g.attack(0, h(3, 0));
    assert_eq!(g.health(1), 7);
}

#[test]
fn melee_range_is_one() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Dummy", h(2, 0))]);
    assert_eq!(
        g.refuse(attack(0, h(2, 0))),
        RuleError::OutOfRange {
            hex: h(2, 0),
            range: 1,
            steps: 2
        }
    );
}

#[test]
fn an_attack_needs_an_enemy_target() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0)), ("Grunt", h(1, 0))], &[]);
    assert_eq!(g.refuse(attack(0, h(1, 0))), RuleError::NoTarget(h(1, 0)));
    assert_eq!(g.refuse(attack(0, h(0, 1))), RuleError::NoTarget(h(0, 1)));
}

#[test]
fn active_gives_a_second_action() {
    let mut g = Setup::new().start(&[("Fury", h(0, 0))], &[("Dummy", h(1, 0))]);
    g.attack(0, h(1, 0));
    g.attack(0, h(1, 0));
    assert_eq!(g.health(1), 7);
    assert_eq!(
        g.refuse(attack(0, h(1, 0))),
        RuleError::NoActionLeft {
            unit: 0,
            actions: 2
        }
    );
    // Active gives an action, not a second move.
    g.mv(0, h(-1, 0));
    assert_eq!(g.refuse(mv(0, h(-2, 0))), RuleError::AlreadyMoved(0));
}

#[test]
fn flags_reset_at_the_sides_turn_start() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Dummy", h(1, 0))]);
    g.attack(0, h(1, 0));
    g.mv(0, h(-1, 0));
    g.pass_round();
    g.mv(0, h(0, 0));
    g.attack(0, h(1, 0));
}

fn barracks_setup() -> Setup {
    Setup::new()
        .feature(h(-2, 0), FeatureKind::Barracks { side: PlayerId(0) })
        .feature(h(4, 0), FeatureKind::Barracks { side: PlayerId(1) })
}

fn spawn(kind: &str, to: hexwright_engine::Hex) -> Command {
    Command::Spawn {
        barracks: h(-2, 0),
        kind: kind.into(),
        to,
    }
}

#[test]
fn spawn_on_the_barracks_for_its_printed_cost() {
    let mut g = barracks_setup().start(&[("Grunt", h(0, 0))], &[("Grunt", h(6, 0))]);
    assert_eq!(g.s.energy()[PlayerId(0)], 6);
    let grunt = g.kind("Grunt");
    assert_eq!(
        g.run(spawn("Grunt", h(-2, 0))),
        vec![
            energy(PlayerId(0), -3, 3, Spend),
            Event::BarracksUsed { barracks: h(-2, 0) },
            Event::Spawned {
                unit: 2,
                kind: grunt,
                side: PlayerId(0),
                hex: h(-2, 0),
                barracks: h(-2, 0)
            },
        ]
    );
}

#[test]
fn spawn_on_an_adjacent_free_hex_only() {
    let mut g = barracks_setup().start(&[("Grunt", h(-1, 0))], &[("Grunt", h(6, 0))]);
    g.set_energy(PlayerId(0), 15);
    assert_eq!(
        g.refuse(spawn("Grunt", h(-4, 0))),
        RuleError::NotAdjacent {
            hex: h(-4, 0),
            what: "the barracks"
        }
    );
    assert_eq!(
        g.refuse(spawn("Grunt", h(-1, 0))),
        RuleError::Blocked {
            hex: h(-1, 0),
            reason: "a unit stands there"
        }
    );
    let ev = g.run(spawn("Dummy", h(-2, 1)));
    assert!(matches!(ev[2], Event::Spawned { hex, .. } if hex == h(-2, 1)));
}

#[test]
fn a_barracks_spawns_once_per_turn() {
    let mut g = barracks_setup().start(&[("Grunt", h(0, 0))], &[("Grunt", h(6, 0))]);
    g.set_energy(PlayerId(0), 15);
    g.run(spawn("Grunt", h(-2, 0)));
    assert_eq!(
        g.refuse(spawn("Grunt", h(-3, 0))),
        RuleError::BarracksUsed(h(-2, 0))
    );
    g.pass_round();
    g.run(spawn("Grunt", h(-3, 0)));
}

#[test]
fn a_spawned_unit_cannot_move_or_act_on_its_first_turn() {
    let mut g = barracks_setup().start(&[("Grunt", h(0, 0))], &[("Dummy", h(-1, 1))]);
    g.set_energy(PlayerId(0), 15);
    g.run(spawn("Grunt", h(-2, 1)));
    assert_eq!(g.refuse(mv(2, h(-3, 1))), RuleError::JustArrived(2));
    assert_eq!(g.refuse(attack(2, h(-1, 1))), RuleError::JustArrived(2));
    g.pass_round();
    g.attack(2, h(-1, 1));
    g.mv(2, h(-3, 1));
}

#[test]
fn barracks_spawn_only_soldiers_and_elites_of_the_sides_race() {
    let mut g = barracks_setup().start(&[("Grunt", h(0, 0))], &[("Grunt", h(6, 0))]);
    g.set_energy(PlayerId(0), 15);
    for (kind, reason) in [
        ("Chief", "barracks spawn only soldiers and elites"),
        ("Imp", "barracks spawn only soldiers and elites"),
        ("Orc", "it is not of the side's race"),
    ] {
        assert_eq!(
            g.refuse(spawn(kind, h(-2, 0))),
            RuleError::NotSpawnable {
                kind: kind.into(),
                reason
            }
        );
    }
    assert_eq!(
        g.refuse(spawn("Nobody", h(-2, 0))),
        RuleError::UnknownKind("Nobody".into())
    );
    // An elite and a soldier both spawn.
    g.run(spawn("Brute", h(-2, 0)));
    g.pass_round();
    g.run(spawn("Grunt", h(-3, 0)));
}

#[test]
fn spawning_needs_the_printed_cost_in_the_bank() {
    let mut g = barracks_setup().start(&[("Grunt", h(0, 0))], &[("Grunt", h(6, 0))]);
    g.set_energy(PlayerId(0), 5);
    assert_eq!(
        g.refuse(spawn("Brute", h(-2, 0))),
        RuleError::NotEnoughEnergy {
            side: PlayerId(0),
            need: 6,
            have: 5
        }
    );
    g.set_energy(PlayerId(0), 6);
    g.run(spawn("Brute", h(-2, 0)));
    assert_eq!(g.s.energy()[PlayerId(0)], 0);
}

#[test]
fn only_own_barracks_spawn() {
    let mut g = barracks_setup().start(&[("Grunt", h(0, 0))], &[("Grunt", h(6, 0))]);
    assert_eq!(
        g.refuse(Command::Spawn {
            barracks: h(4, 0),
            kind: "Grunt".into(),
            to: h(4, 0)
        }),
        RuleError::NotYourBarracks {
            hex: h(4, 0),
            side: PlayerId(0)
        }
    );
}
