//! akw-rules-v1 Energy and turns: banks, income, the cap, the opening
//! bonus, the kill bonus, the turn-start order and the round limit.

use crate::rules_common;
use hexwright_engine::rules::UnitCommand;

use hexwright_engine::map::FeatureKind;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::{Command, EnergyReason, Event, Outcome, RuleError};
use rules_common::{Setup, damaged, energy, energy_events, h, turn_start};

use EnergyReason::{Income, Kill, OpeningBonus, Spend};

#[test]
fn banks_start_at_zero_and_side_0_moves_first() {
    let g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Grunt", h(3, 0))]);
    let grunt = g.kind("Grunt");
    assert_eq!(
        g.setup_events,
        vec![
            Event::Army {
                side: PlayerId(0),
                race: 0
            },
            Event::Deployed {
                unit: 0,
                kind: grunt,
                side: PlayerId(0),
                hex: h(0, 0)
            },
            Event::Army {
                side: PlayerId(1),
                race: 0
            },
            Event::Deployed {
                unit: 1,
                kind: grunt,
                side: PlayerId(1),
                hex: h(3, 0)
            },
            Event::TurnStarted {
                side: PlayerId(0),
                turn: 0
            },
            // From 0: the first income shows the bank started empty.
            energy(PlayerId(0), 5, 5, Income),
            Event::FlagsReset { side: PlayerId(0) },
        ]
    );
    assert_eq!(g.s.energy().as_slice(), &[5, 0]);
    assert_eq!(g.s.side(), PlayerId(0));
}

#[test]
fn sides_alternate_turns() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Grunt", h(3, 0))]);
    for turn in 1..6 {
        let ev = g.end_turn();
        let side = (turn % 2) as u8;
        let prev = PlayerId(side).next(2);
        assert_eq!(ev[0], Event::TurnEnded { side: prev });
        assert_eq!(
            ev[1],
            Event::TurnStarted {
                side: PlayerId(side),
                turn
            }
        );
        assert_eq!(g.s.side(), PlayerId(side));
        // A unit of the side not to move cannot be commanded.
        let other = u16::from(side == 0);
        assert_eq!(
            g.refuse(Command::Unit(UnitCommand::Move {
                unit: other,
                to: h(1, 2)
            })),
            RuleError::NotYourUnit {
                unit: other,
                owner: prev,
                turn: PlayerId(side)
            }
        );
    }
}

#[test]
fn income_is_five_plus_objectives_plus_barracks() {
    // Side 0 owns two barracks (one occupied by an enemy unit) and captures
    // an objective; an Outpost it holds gives no income.
    let mut g = Setup::new()
        .feature(h(-3, 0), FeatureKind::Barracks { side: PlayerId(0) })
        .feature(h(-3, 2), FeatureKind::Barracks { side: PlayerId(0) })
        .feature(h(5, 0), FeatureKind::Barracks { side: PlayerId(1) })
        .feature(h(1, 0), FeatureKind::Objective)
        .feature(h(0, 2), FeatureKind::Outpost)
        .start(
            &[("Grunt", h(0, 0)), ("Grunt", h(0, 1))],
            &[("Grunt", h(-3, 2)), ("Grunt", h(6, 0))],
        );
    // Turn 0: 5 + 2 barracks (the enemy on one does not matter).
    assert_eq!(energy_events(&g.setup_events), vec![(0, 7, 7, Income)]);
    g.mv(0, h(1, 0));
    g.mv(1, h(0, 2));
    let ev = g.end_turn();
    // Side 1: 5 + its barracks + the opening bonus.
    assert_eq!(
        energy_events(&ev),
        vec![(1, 6, 6, Income), (1, 1, 7, OpeningBonus)]
    );
    let ev = g.end_turn();
    // Turn 2: 5 + 1 objective + 2 barracks = 8 (the Outpost adds nothing).
    assert_eq!(energy_events(&ev), vec![(0, 8, 13, Income)]);
}

#[test]
fn opening_bonus_only_on_side_1_first_turn() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Grunt", h(3, 0))]);
    let mut bonuses = Vec::new();
    for _ in 0..6 {
        let ev = g.end_turn();
        let side = g.s.side();
        let turn = g.s.turn();
        for (s, delta, _, reason) in energy_events(&ev) {
            if reason == OpeningBonus {
                bonuses.push((s, delta, turn));
            }
            assert_eq!(s, side.0);
        }
    }
    assert_eq!(bonuses, vec![(1, 1, 1)]);
    // Side 1: 5 + 1, then 5 a turn; side 0: 5 a turn.
    assert_eq!(g.s.energy().as_slice(), &[15, 15]);
}

#[test]
fn opening_bonus_follows_income_in_order() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Grunt", h(3, 0))]);
    let ev = g.end_turn();
    assert_eq!(
        turn_start(&ev),
        &[
            Event::TurnStarted {
                side: PlayerId(1),
                turn: 1
            },
            energy(PlayerId(1), 5, 5, Income),
            energy(PlayerId(1), 1, 6, OpeningBonus),
            Event::FlagsReset { side: PlayerId(1) },
        ]
    );
}

#[test]
fn income_is_capped_at_15() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Grunt", h(3, 0))]);
    g.set_energy(PlayerId(0), 12);
    let ev = g.pass_round();
    assert_eq!(energy_events(&ev), vec![(0, 3, 15, Income)]);
    let ev = g.pass_round();
    assert_eq!(energy_events(&ev), vec![(0, 0, 15, Income)]);
}

#[test]
fn opening_bonus_is_capped_at_15() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Grunt", h(3, 0))]);
    g.set_energy(PlayerId(1), 10);
    let ev = g.end_turn();
    assert_eq!(
        energy_events(&ev),
        vec![(1, 5, 15, Income), (1, 0, 15, OpeningBonus)]
    );
}

#[test]
fn defeating_an_enemy_unit_awards_one_energy() {
    let mut g = Setup::new().start(&[("Brute", h(0, 0))], &[("Grunt", h(1, 0))]);
    g.set_health(1, 3);
    let ev = g.attack(0, h(1, 0));
    assert_eq!(
        ev,
        vec![
            energy(PlayerId(0), -1, 4, Spend),
            Event::Attacked {
                unit: 0,
                target: h(1, 0)
            },
            damaged(1, 3, 0),
            Event::Died {
                unit: 1,
                by: Some(PlayerId(0)),
                corpse: None
            },
            energy(PlayerId(0), 1, 5, Kill),
        ]
    );
}

#[test]
fn kill_bonus_is_capped_at_15() {
    // Two enemies share a hex (one is a Phasewalker): one attack kills both.
    let mut g = Setup::new().start(
        &[("Brute", h(0, 0))],
        &[("Wisp", h(1, 0)), ("Grunt", h(1, 0))],
    );
    g.set_energy(PlayerId(0), 15);
    g.set_health(1, 2);
    g.set_health(2, 2);
    let ev = g.attack(0, h(1, 0));
    assert_eq!(
        energy_events(&ev),
        vec![(0, -1, 14, Spend), (0, 1, 15, Kill), (0, 0, 15, Kill)]
    );
    assert_eq!(g.s.energy()[PlayerId(0)], 15);
}

#[test]
fn energy_never_goes_below_zero_and_commands_need_it() {
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Dummy", h(1, 0))]);
    g.set_energy(PlayerId(0), 0);
    let need = RuleError::NotEnoughEnergy {
        side: PlayerId(0),
        need: 1,
        have: 0,
    };
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Move {
            unit: 0,
            to: h(-1, 0)
        })),
        need
    );
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Attack {
            unit: 0,
            target: h(1, 0)
        })),
        need
    );
}

/// The turn-start order of the rules notes: captures, income, flags and
/// spawn reset, poison, revival, Monk healing — all in one turn start.
#[test]
fn turn_start_order_is_capture_income_flags_poison_revive_monk() {
    let obj = h(2, 0);
    let mut g = Setup::new().feature(obj, FeatureKind::Objective).start(
        &[
            ("Hopper", h(0, 0)),
            ("Brute", h(5, 0)),
            ("Grunt", h(6, -1)),
            ("Viper", h(5, 2)),
        ],
        &[
            ("Grunt", h(3, 0)),
            ("Ghoul", h(6, 0)),
            ("Dummy", h(6, 1)),
            ("Monk", h(7, 1)),
        ],
    );
    // Turn 0: side 0 captures the objective and hops back off it.
    g.mv(0, obj);
    g.run(Command::Unit(UnitCommand::Rebound { unit: 0 }));
    assert_eq!(g.objective(obj), (Some(PlayerId(0)), None));
    g.end_turn();
    // Turn 1: side 1 neutralises it.
    g.mv(4, obj);
    assert_eq!(g.objective(obj), (None, Some(4)));
    g.end_turn();
    // Turn 2: side 0 kills the Ghoul (a corpse) and poisons the Dummy.
    g.attack(1, h(6, 0));
    let ev = g.attack(2, h(6, 0));
    assert!(ev.contains(&Event::Died {
        unit: 5,
        by: Some(PlayerId(0)),
        corpse: Some(3)
    }));
    g.attack(3, h(6, 1));
    assert_eq!((g.health(6), g.unit(6).poison), (8, 3));
    let ev = g.end_turn();
    assert_eq!(
        turn_start(&ev),
        &[
            Event::TurnStarted {
                side: PlayerId(1),
                turn: 3
            },
            Event::ObjectiveCaptured {
                objective: obj,
                side: PlayerId(1)
            },
            // Bank 6 - 1 for the move; the objective resolved at this very
            // turn start yields nothing yet.
            energy(PlayerId(1), 5, 10, Income),
            Event::FlagsReset { side: PlayerId(1) },
            Event::PoisonTicked {
                unit: 6,
                damage: 3,
                health: 5,
                poison: 2
            },
            Event::Revived { unit: 5, health: 5 },
            Event::Healed {
                unit: 6,
                amount: 2,
                health: 7,
                by: 7
            },
        ]
    );
}

#[test]
fn round_limit_reached_is_a_draw() {
    let mut g = Setup::new()
        .limit(2)
        .start(&[("Grunt", h(0, 0))], &[("Grunt", h(3, 0))]);
    g.end_turn();
    g.end_turn();
    let ev = g.end_turn();
    assert_eq!(
        ev[1],
        Event::TurnStarted {
            side: PlayerId(1),
            turn: 3
        }
    );
    assert_eq!(g.s.round(), 2);
    let ev = g.end_turn();
    assert_eq!(
        ev,
        vec![
            Event::TurnEnded { side: PlayerId(1) },
            Event::MatchEnded {
                outcome: Outcome::Draw
            }
        ]
    );
    assert_eq!(g.s.outcome(), Some(Outcome::Draw));
    assert_eq!(g.refuse(Command::EndTurn), RuleError::MatchOver);
}
