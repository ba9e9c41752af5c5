//! akw-rules-v1 Energy objectives, Outposts, bases and the win condition.

use crate::rules_common;
use hexwright_engine::rules::UnitCommand;

use hexwright_engine::map::FeatureKind;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::{Command, EnergyReason, Event, Outcome, RuleError};
use rules_common::{Game, Setup, energy, energy_events, h, turn_start};

use EnergyReason::{Income, Spend};

const OBJ: hexwright_engine::Hex = h(2, 0);

fn objective_setup() -> Setup {
    Setup::new().feature(OBJ, FeatureKind::Objective)
}

#[test]
fn neutral_objective_is_captured_on_ending_a_move_there() {
    let mut g = objective_setup().start(&[("Grunt", h(0, 0))], &[]);
    assert_eq!(
        g.mv(0, OBJ),
        vec![
            energy(PlayerId(0), -1, 4, Spend),
            Event::Moved {
                unit: 0,
                from: h(0, 0),
                to: OBJ
            },
            Event::ObjectiveCaptured {
                objective: OBJ,
                side: PlayerId(0)
            },
        ]
    );
    assert_eq!(g.objective(OBJ), (Some(PlayerId(0)), None));
}

#[test]
fn passing_through_an_objective_does_not_capture_it() {
    let mut g = Setup::new()
        .feature(h(1, 0), FeatureKind::Objective)
        .start(&[("Grunt", h(0, 0))], &[]);
    let ev = g.mv(0, h(3, 0));
    assert_eq!(ev.len(), 2, "{ev:?}");
    assert_eq!(g.objective(h(1, 0)), (None, None));
}

#[test]
fn objective_income_starts_at_the_owners_next_turn_start() {
    let mut g = objective_setup().start(&[("Grunt", h(0, 0))], &[("Grunt", h(6, 0))]);
    g.mv(0, OBJ);
    let ev = g.end_turn();
    // Side 1 owns nothing.
    assert_eq!(energy_events(&ev)[0], (1, 5, 5, Income));
    let ev = g.end_turn();
    assert_eq!(energy_events(&ev), vec![(0, 6, 10, Income)]);
    // The objective stays owned after its unit leaves.
    g.mv(0, h(0, 0));
    let ev = g.pass_round();
    assert_eq!(energy_events(&ev), vec![(0, 6, 15, Income)]);
}

#[test]
fn entering_your_own_objective_changes_nothing() {
    let mut g = objective_setup().start(&[("Hopper", h(0, 0))], &[]);
    g.mv(0, OBJ);
    g.run(Command::Unit(UnitCommand::Rebound { unit: 0 }));
    g.pass_round();
    assert_eq!(g.mv(0, OBJ).len(), 2);
    assert_eq!(g.objective(OBJ), (Some(PlayerId(0)), None));
}

/// Side 0 captures the objective with a Hopper and hops back off it; side
/// 1's unit at (3,0) is next to it. Returns at side 1's first turn.
fn side_0_owns_objective(side1: &[(&str, hexwright_engine::Hex)]) -> Game {
    let mut g = objective_setup().start(&[("Hopper", h(0, 0)), ("Brute", h(1, 1))], side1);
    g.mv(0, OBJ);
    g.run(Command::Unit(UnitCommand::Rebound { unit: 0 }));
    g.end_turn();
    assert_eq!(g.objective(OBJ), (Some(PlayerId(0)), None));
    g
}

#[test]
fn entering_an_enemy_objective_neutralises_it_and_capture_resolves_next_turn_start() {
    let mut g = side_0_owns_objective(&[("Grunt", h(3, 0))]);
    assert_eq!(
        g.mv(2, OBJ),
        vec![
            energy(PlayerId(1), -1, 5, Spend),
            Event::Moved {
                unit: 2,
                from: h(3, 0),
                to: OBJ
            },
            Event::ObjectiveNeutralised {
                objective: OBJ,
                unit: 2
            },
        ]
    );
    assert_eq!(g.objective(OBJ), (None, Some(2)));
    // Side 0's turn start: the objective is neutral and yields it nothing.
    let ev = g.end_turn();
    assert_eq!(energy_events(&ev), vec![(0, 5, 9, Income)]);
    assert_eq!(g.objective(OBJ), (None, Some(2)));
    // Side 1's turn start: the unit stayed, the capture resolves, but the
    // objective yields nothing at this turn start...
    let ev = g.end_turn();
    assert_eq!(
        turn_start(&ev)[..3],
        [
            Event::TurnStarted {
                side: PlayerId(1),
                turn: 3
            },
            Event::ObjectiveCaptured {
                objective: OBJ,
                side: PlayerId(1)
            },
            energy(PlayerId(1), 5, 10, Income),
        ]
    );
    assert_eq!(g.objective(OBJ), (Some(PlayerId(1)), None));
    // ...and from the next one it does.
    g.set_energy(PlayerId(1), 0);
    let ev = g.pass_round();
    assert_eq!(energy_events(&ev), vec![(1, 6, 6, Income)]);
}

#[test]
fn leaving_clears_a_pending_capture() {
    let mut g = side_0_owns_objective(&[("Hopper", h(3, 0))]);
    g.mv(2, OBJ);
    assert_eq!(
        g.run(Command::Unit(UnitCommand::Rebound { unit: 2 })),
        vec![
            Event::Rebounded {
                unit: 2,
                from: OBJ,
                to: h(3, 0)
            },
            Event::CaptureCancelled { objective: OBJ },
        ]
    );
    assert_eq!(g.objective(OBJ), (None, None));
    g.end_turn();
    let ev = g.end_turn();
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ObjectiveCaptured { .. }))
    );
    assert_eq!(g.objective(OBJ), (None, None));
}

#[test]
fn dying_clears_a_pending_capture() {
    let mut g = side_0_owns_objective(&[("Grunt", h(3, 0))]);
    g.mv(2, OBJ);
    g.end_turn();
    g.set_health(2, 4);
    let ev = g.attack(1, OBJ);
    let died = ev
        .iter()
        .position(|e| matches!(e, Event::Died { unit: 2, .. }))
        .expect("the holder died");
    assert!(ev[died..].contains(&Event::CaptureCancelled { objective: OBJ }));
    let ev = g.end_turn();
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ObjectiveCaptured { .. }))
    );
    assert_eq!(g.objective(OBJ), (None, None));
}

#[test]
fn revival_counts_as_entering_an_objective() {
    let mut g = side_0_owns_objective(&[("Ghoul", h(3, 0))]);
    g.mv(2, OBJ);
    g.end_turn();
    g.set_health(2, 4);
    let ev = g.attack(1, OBJ);
    assert!(ev.contains(&Event::Died {
        unit: 2,
        by: Some(PlayerId(0)),
        corpse: Some(3)
    }));
    assert!(ev.contains(&Event::CaptureCancelled { objective: OBJ }));
    let ev = g.end_turn();
    let start = turn_start(&ev);
    let revived = start
        .iter()
        .position(|e| *e == Event::Revived { unit: 2, health: 5 })
        .expect("the Ghoul revives");
    assert_eq!(
        start[revived + 1],
        Event::ObjectiveCaptured {
            objective: OBJ,
            side: PlayerId(1)
        }
    );
    // Captured during this turn start, after income: income from the next.
    assert_eq!(energy_events(start)[0], (1, 5, 10, Income));
    g.set_energy(PlayerId(1), 0);
    let ev = g.pass_round();
    assert_eq!(energy_events(&ev), vec![(1, 6, 6, Income)]);
}

#[test]
fn spawning_onto_a_neutral_objective_captures_it() {
    let mut g = Setup::new()
        .feature(h(0, 0), FeatureKind::Barracks { side: PlayerId(0) })
        .feature(h(1, 0), FeatureKind::Objective)
        .start(&[("Grunt", h(-3, 0))], &[]);
    let ev = g.run(Command::Spawn {
        barracks: h(0, 0),
        kind: "Grunt".into(),
        to: h(1, 0),
    });
    assert_eq!(
        ev.last(),
        Some(&Event::ObjectiveCaptured {
            objective: h(1, 0),
            side: PlayerId(0)
        })
    );
}

const OUTPOST: hexwright_engine::Hex = h(2, 0);

fn outpost_setup() -> Setup {
    Setup::new().feature(OUTPOST, FeatureKind::Outpost)
}

#[test]
fn outpost_control_is_immediate_and_leaving_clears_it() {
    let mut g = outpost_setup().start(&[("Grunt", h(0, 0))], &[("Grunt", h(8, 0))]);
    assert_eq!(
        g.mv(0, OUTPOST)[2..],
        [Event::OutpostControl {
            outpost: OUTPOST,
            side: Some(PlayerId(0))
        }]
    );
    assert_eq!(g.s.outpost_controller(g.cell(OUTPOST)), Some(PlayerId(0)));
    g.pass_round();
    assert_eq!(
        g.mv(0, h(0, 0))[2..],
        [Event::OutpostControl {
            outpost: OUTPOST,
            side: None
        }]
    );
    assert_eq!(g.s.outpost_controller(g.cell(OUTPOST)), None);
}

#[test]
fn outpost_control_is_cleared_when_its_unit_dies() {
    let mut g = outpost_setup().start(&[("Brute", h(1, 0))], &[("Grunt", OUTPOST)]);
    assert!(g.setup_events.contains(&Event::OutpostControl {
        outpost: OUTPOST,
        side: Some(PlayerId(1))
    }));
    g.set_health(1, 4);
    let ev = g.attack(0, OUTPOST);
    let died = ev
        .iter()
        .position(|e| matches!(e, Event::Died { unit: 1, .. }))
        .unwrap();
    assert!(ev[died..].contains(&Event::OutpostControl {
        outpost: OUTPOST,
        side: None
    }));
    assert_eq!(g.s.outpost_controller(g.cell(OUTPOST)), None);
}

#[test]
fn a_revive_corpse_does_not_control_an_outpost() {
    let mut g = outpost_setup().start(&[("Brute", h(1, 0))], &[("Ghoul", OUTPOST)]);
    g.set_health(1, 4);
    let ev = g.attack(0, OUTPOST);
    assert!(ev.contains(&Event::OutpostControl {
        outpost: OUTPOST,
        side: None
    }));
    let ev = g.end_turn();
    assert!(ev.contains(&Event::OutpostControl {
        outpost: OUTPOST,
        side: Some(PlayerId(1))
    }));
}

#[test]
fn an_outpost_shared_by_both_sides_is_uncontrolled() {
    let mut g = outpost_setup().start(&[("Grunt", OUTPOST)], &[("Wisp", h(4, 0))]);
    g.end_turn();
    assert_eq!(
        g.mv(1, OUTPOST)[2..],
        [Event::OutpostControl {
            outpost: OUTPOST,
            side: None
        }]
    );
    g.pass_round();
    assert_eq!(
        g.mv(1, h(4, 0))[2..],
        [Event::OutpostControl {
            outpost: OUTPOST,
            side: Some(PlayerId(0))
        }]
    );
}

const BASE: hexwright_engine::Hex = h(1, 0);

fn base_setup() -> Setup {
    Setup::new()
        .feature(BASE, FeatureKind::Base { side: PlayerId(1) })
        .feature(h(-5, 0), FeatureKind::Base { side: PlayerId(0) })
}

#[test]
fn bases_start_at_5_health_and_take_the_attackers_damage() {
    let mut g = base_setup().start(&[("Grunt", h(0, 0))], &[("Grunt", h(6, 0))]);
    assert_eq!(g.base_health(BASE), 5);
    assert_eq!(g.base_health(h(-5, 0)), 5);
    assert_eq!(
        g.attack(0, BASE),
        vec![
            energy(PlayerId(0), -1, 4, Spend),
            Event::Attacked {
                unit: 0,
                target: BASE
            },
            Event::BaseDamaged {
                base: BASE,
                amount: 2,
                health: 3
            },
        ]
    );
}

#[test]
fn combine_applies_to_bases() {
    let mut g = base_setup().start(&[("Twin", h(0, 0)), ("Twin", h(0, 1))], &[]);
    assert_eq!(
        g.attack(0, BASE)[2],
        Event::BaseDamaged {
            base: BASE,
            amount: 4,
            health: 1
        }
    );
}

#[test]
fn poison_and_smite_do_not_apply_to_bases() {
    let mut g = base_setup().start(&[("Viper", h(0, 0)), ("Reaper", h(1, 1))], &[]);
    let ev = g.attack(0, BASE);
    assert_eq!(
        ev[2..],
        [Event::BaseDamaged {
            base: BASE,
            amount: 1,
            health: 4
        }]
    );
    g.set_base_health(1, 3);
    assert_eq!(g.s.bases()[1].cell, g.cell(BASE));
    // Smite 2 would finish a unit left at 2; a base just loses 1.
    let ev = g.attack(1, BASE);
    assert_eq!(
        ev[2..],
        [Event::BaseDamaged {
            base: BASE,
            amount: 1,
            health: 2
        }]
    );
    assert_eq!(g.s.outcome(), None);
}

#[test]
fn armour_does_not_apply_to_bases() {
    // Bases have no Armour: a Grunt's 2 damage is all taken, while the
    // same attack on an Armour 1 unit deals 1.
    let mut g = base_setup().start(
        &[("Grunt", h(0, 0)), ("Grunt", h(1, 1))],
        &[("Tank", h(2, 0))],
    );
    assert!(g.attack(0, BASE).contains(&Event::BaseDamaged {
        base: BASE,
        amount: 2,
        health: 3
    }));
    assert!(
        g.attack(1, h(2, 0))
            .contains(&rules_common::damaged(2, 1, 7))
    );
}

#[test]
fn the_side_dealing_the_last_point_of_base_damage_wins_at_once() {
    let mut g = base_setup().start(
        &[("Brute", h(0, 0)), ("Grunt", h(1, 1))],
        &[("Grunt", h(6, 0))],
    );
    g.attack(0, BASE);
    assert_eq!(g.base_health(BASE), 1);
    assert_eq!(
        g.attack(1, BASE),
        vec![
            energy(PlayerId(0), -1, 3, Spend),
            Event::Attacked {
                unit: 1,
                target: BASE
            },
            Event::BaseDamaged {
                base: BASE,
                amount: 1,
                health: 0
            },
            Event::MatchEnded {
                outcome: Outcome::Won(PlayerId(0))
            },
        ]
    );
    assert_eq!(g.s.outcome(), Some(Outcome::Won(PlayerId(0))));
    assert_eq!(g.refuse(Command::EndTurn), RuleError::MatchOver);
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Move {
            unit: 0,
            to: h(-1, 0)
        })),
        RuleError::MatchOver
    );
}

#[test]
fn every_opposing_base_must_fall() {
    let mut g = base_setup()
        .feature(h(0, 2), FeatureKind::Base { side: PlayerId(1) })
        .start(
            &[("Brute", h(0, 0)), ("Brute", h(0, 1))],
            &[("Grunt", h(6, 0))],
        );
    g.attack(0, BASE);
    g.attack(1, h(0, 2));
    g.pass_round();
    let ev = g.attack(0, BASE);
    assert!(ev.contains(&Event::BaseDamaged {
        base: BASE,
        amount: 1,
        health: 0
    }));
    assert_eq!(g.s.outcome(), None, "one enemy base still stands");
    // A destroyed base is no target any more.
    g.pass_round();
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Attack {
            unit: 0,
            target: BASE
        })),
        RuleError::NoTarget(BASE)
    );
    let ev = g.attack(1, h(0, 2));
    assert_eq!(
        ev.last(),
        Some(&Event::MatchEnded {
            outcome: Outcome::Won(PlayerId(0))
        })
    );
}

#[test]
fn a_sides_own_base_is_no_target() {
    let mut g = base_setup().start(&[("Grunt", h(-4, 0))], &[]);
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Attack {
            unit: 0,
            target: h(-5, 0)
        })),
        RuleError::NoTarget(h(-5, 0))
    );
}

#[test]
fn an_objective_captured_at_deployment_yields_income_from_the_first_turn_start() {
    let mut g = Setup::new()
        .feature(h(0, 0), FeatureKind::Objective)
        .feature(h(6, 0), FeatureKind::Objective)
        .start(&[("Grunt", h(0, 0))], &[("Grunt", h(6, 0))]);
    assert!(g.setup_events.contains(&Event::ObjectiveCaptured {
        objective: h(0, 0),
        side: PlayerId(0)
    }));
    // Deployment comes before the first turn start: both sides get the
    // objective's income at their first turn start.
    assert_eq!(energy_events(&g.setup_events), vec![(0, 6, 6, Income)]);
    let ev = g.end_turn();
    assert_eq!(energy_events(&ev)[0], (1, 6, 6, Income));
}
