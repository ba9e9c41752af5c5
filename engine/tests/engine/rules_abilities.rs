//! The eleven abilities of document 004 (Summon, Healing, Revive, Combine,
//! Active is in `rules_actions`, Armour, Poison, Range, Phasewalk, Smite,
//! Rebound), Monk passive healing and commander death penalties.

use crate::rules_common;
use hexwright_engine::rules::UnitCommand;

use hexwright_engine::Hex;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::{Command, DeathPenalty, EnergyReason, Event, RuleError, Status};
use rules_common::{Setup, damaged, energy, energy_events, h, turn_start};

use EnergyReason::{Income, Kill, OpeningBonus, Penalty, Spend};

fn summon(unit: u16, to: Hex) -> Command {
    Command::Unit(UnitCommand::Summon { unit, to })
}

fn heal(unit: u16, targets: &[u16]) -> Command {
    Command::Unit(UnitCommand::Heal {
        unit,
        targets: targets.to_vec(),
    })
}

// ---------------------------------------------------------------- Summon

#[test]
fn summon_places_a_reserve_summon_adjacent_for_one_energy_without_the_action() {
    let mut g = Setup::new().start_with_reserve(
        &[("Caller", h(0, 0))],
        &[("Dummy", h(-1, 0))],
        &["Imp", "Imp", "Imp"],
        &[],
    );
    let imp = g.kind("Imp");
    assert_eq!(g.s.reserve()[PlayerId(0)], vec![imp, imp, imp]);
    assert_eq!(
        g.run(summon(0, h(1, 0))),
        vec![
            energy(PlayerId(0), -1, 4, Spend),
            Event::Summoned {
                unit: 2,
                kind: imp,
                side: PlayerId(0),
                hex: h(1, 0),
                by: 0
            },
        ]
    );
    assert_eq!(g.s.reserve()[PlayerId(0)], vec![imp, imp]);
    // The ability did not spend the action or the move.
    g.attack(0, h(-1, 0));
    g.mv(0, h(0, 1));
    // Once per turn.
    assert_eq!(g.refuse(summon(0, h(1, 1))), RuleError::AbilityUsed(0));
    // The summon arrived this turn.
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Move {
            unit: 2,
            to: h(2, 0)
        })),
        RuleError::JustArrived(2)
    );
}

#[test]
fn summon_limit_counts_the_summoners_summons_in_play() {
    let mut g = Setup::new().start_with_reserve(
        &[("Caller", h(0, 0))],
        &[("Brute", h(2, 0))],
        &["Imp", "Imp", "Imp"],
        &[],
    );
    g.run(summon(0, h(1, 0)));
    g.pass_round();
    g.run(summon(0, h(0, 1)));
    g.pass_round();
    assert_eq!(
        g.refuse(summon(0, h(-1, 0))),
        RuleError::SummonLimit { unit: 0, limit: 2 }
    );
    // Side 1 kills the first Imp; the Caller may summon again.
    g.end_turn();
    let ev = g.attack(1, h(1, 0));
    assert!(ev.contains(&Event::Died {
        unit: 2,
        by: Some(PlayerId(1)),
        corpse: None
    }));
    g.end_turn();
    g.run(summon(0, h(-1, 0)));
    g.pass_round();
    // The reserve pool is empty now.
    assert_eq!(
        g.refuse(summon(0, h(-1, 1))),
        RuleError::ReserveEmpty {
            side: PlayerId(0),
            kind: "Imp".into()
        }
    );
}

#[test]
fn summon_needs_an_adjacent_free_hex_and_the_ability() {
    let mut g = Setup::new().start_with_reserve(
        &[("Caller", h(0, 0)), ("Grunt", h(1, 0))],
        &[],
        &["Imp"],
        &[],
    );
    assert_eq!(
        g.refuse(summon(0, h(2, 0))),
        RuleError::NotAdjacent {
            hex: h(2, 0),
            what: "the summoner"
        }
    );
    assert_eq!(
        g.refuse(summon(0, h(1, 0))),
        RuleError::Blocked {
            hex: h(1, 0),
            reason: "a unit stands there"
        }
    );
    assert_eq!(
        g.refuse(summon(1, h(2, 0))),
        RuleError::NoAbility {
            unit: 1,
            ability: "Summon"
        }
    );
    g.set_energy(PlayerId(0), 0);
    assert_eq!(
        g.refuse(summon(0, h(-1, 0))),
        RuleError::NotEnoughEnergy {
            side: PlayerId(0),
            need: 1,
            have: 0
        }
    );
}

// --------------------------------------------------------------- Healing

fn healing_game() -> rules_common::Game {
    let mut g = Setup::new().start(
        &[
            ("Medic", h(0, 0)),
            ("Grunt", h(1, 0)),
            ("Grunt", h(0, 1)),
            ("Grunt", h(-1, 0)),
            ("Grunt", h(3, 0)),
        ],
        &[("Dummy", h(-1, 1))],
    );
    g.set_health(1, 1);
    g.set_health(2, 4);
    g.set_health(3, 2);
    g.set_health(4, 1);
    g
}

#[test]
fn healing_heals_up_to_y_adjacent_allies_by_x_for_one_energy() {
    let mut g = healing_game();
    assert_eq!(
        g.run(heal(0, &[1, 2])),
        vec![
            energy(PlayerId(0), -1, 4, Spend),
            Event::AbilityUsed { unit: 0 },
            Event::Healed {
                unit: 1,
                amount: 2,
                health: 3,
                by: 0
            },
            // Never above the maximum.
            Event::Healed {
                unit: 2,
                amount: 1,
                health: 5,
                by: 0
            },
        ]
    );
    assert_eq!(g.refuse(heal(0, &[3])), RuleError::AbilityUsed(0));
    // Healing did not spend the action.
    g.attack(0, h(-1, 1));
}

#[test]
fn healing_targets_must_be_hurt_adjacent_living_allies() {
    let mut g = healing_game();
    let bad = |target, reason| RuleError::BadHealTarget { target, reason };
    assert_eq!(
        g.refuse(heal(0, &[1, 2, 3])),
        RuleError::HealCount { max: 2, given: 3 }
    );
    assert_eq!(
        g.refuse(heal(0, &[])),
        RuleError::HealCount { max: 2, given: 0 }
    );
    assert_eq!(g.refuse(heal(0, &[4])), bad(4, "it is not adjacent"));
    assert_eq!(
        g.refuse(heal(0, &[0])),
        bad(0, "a healer heals others, not itself")
    );
    assert_eq!(g.refuse(heal(0, &[5])), bad(5, "it is not a living ally"));
    assert_eq!(g.refuse(heal(0, &[1, 1])), bad(1, "it is listed twice"));
    g.set_health(1, 5);
    assert_eq!(g.refuse(heal(0, &[1])), bad(1, "it is at full health"));
    assert_eq!(
        g.refuse(heal(1, &[2])),
        RuleError::NoAbility {
            unit: 1,
            ability: "Healing"
        }
    );
}

#[test]
fn monk_heals_the_most_hurt_adjacent_allies_at_turn_start_for_free() {
    let mut g = Setup::new().start(
        &[
            ("Monk", h(0, 0)),
            ("Grunt", h(1, 0)),
            ("Grunt", h(0, 1)),
            ("Grunt", h(-1, 0)),
            ("Grunt", h(3, 0)),
        ],
        &[("Grunt", h(8, 0))],
    );
    g.set_health(1, 1);
    g.set_health(2, 3);
    g.set_health(3, 2);
    g.set_health(4, 1);
    g.end_turn();
    let ev = g.end_turn();
    assert_eq!(
        turn_start(&ev),
        &[
            Event::TurnStarted {
                side: PlayerId(0),
                turn: 2
            },
            energy(PlayerId(0), 5, 10, Income),
            Event::FlagsReset { side: PlayerId(0) },
            Event::Healed {
                unit: 1,
                amount: 2,
                health: 3,
                by: 0
            },
            Event::Healed {
                unit: 3,
                amount: 2,
                health: 4,
                by: 0
            },
        ]
    );
    // The Monk still has its activated Healing this turn.
    g.run(heal(0, &[2]));
}

#[test]
fn monk_healing_never_exceeds_the_maximum() {
    let mut g = Setup::new().start(&[("Monk", h(0, 0)), ("Grunt", h(1, 0))], &[]);
    g.set_health(1, 4);
    let ev = g.pass_round();
    assert!(ev.contains(&Event::Healed {
        unit: 1,
        amount: 1,
        health: 5,
        by: 0
    }));
    assert_eq!(g.health(1), g.max_health(1));
}

// ---------------------------------------------------------------- Revive

#[test]
fn revive_leaves_a_corpse_that_returns_at_full_health_at_its_sides_next_turn_start() {
    let mut g = Setup::new().start(&[("Brute", h(0, 0))], &[("Ghoul", h(1, 0))]);
    g.set_health(1, 4);
    let ev = g.attack(0, h(1, 0));
    assert_eq!(
        ev[2..],
        [
            damaged(1, 4, 0),
            Event::Died {
                unit: 1,
                by: Some(PlayerId(0)),
                corpse: Some(3)
            },
            energy(PlayerId(0), 1, 5, Kill),
        ]
    );
    assert_eq!((g.unit(1).status, g.health(1)), (Status::Corpse, 3));
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
            Event::Revived { unit: 1, health: 5 },
        ]
    );
    assert_eq!(g.unit(1).status, Status::Alive);
    assert_eq!(g.hex_of(1), h(1, 0));
    // The revived unit acts on its turn.
    g.mv(1, h(2, 0));
}

#[test]
fn a_corpse_blocks_its_hex() {
    let mut g = Setup::new().start(
        &[("Brute", h(0, 1)), ("Grunt", h(0, 0)), ("Wisp", h(-1, 0))],
        &[("Ghoul", h(1, 0))],
    );
    g.set_health(3, 4);
    g.attack(0, h(1, 0));
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Move {
            unit: 1,
            to: h(1, 0)
        })),
        RuleError::Blocked {
            hex: h(1, 0),
            reason: "a corpse lies there"
        }
    );
    // Enemies cannot pass it (the only 3-step way to (3,0) runs over it).
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Move {
            unit: 1,
            to: h(3, 0)
        })),
        RuleError::Unreachable {
            hex: h(3, 0),
            movement: 3
        }
    );
    // Not even a Phasewalker shares a hex with a corpse.
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Move {
            unit: 2,
            to: h(1, 0)
        })),
        RuleError::Blocked {
            hex: h(1, 0),
            reason: "a corpse lies there"
        }
    );
}

#[test]
fn a_destroyed_corpse_does_not_revive() {
    let mut g = Setup::new().start(
        &[("Brute", h(0, 1)), ("Grunt", h(0, 0)), ("Grunt", h(2, -1))],
        &[("Ghoul", h(1, 0))],
    );
    g.set_health(3, 4);
    g.attack(0, h(1, 0));
    // The corpse (3 health) takes attacks like a unit.
    assert_eq!(g.attack(1, h(1, 0))[2..], [damaged(3, 2, 1)]);
    assert_eq!(
        g.attack(2, h(1, 0))[2..],
        [damaged(3, 1, 0), Event::CorpseDestroyed { unit: 3 }]
    );
    assert_eq!(g.unit(3).status, Status::Dead);
    let ev = g.end_turn();
    assert!(!ev.iter().any(|e| matches!(e, Event::Revived { .. })));
    // The hex is free again.
    g.end_turn();
    g.mv(1, h(1, 0));
}

#[test]
fn revive_works_once_per_match() {
    let mut g = Setup::new().start(&[("Brute", h(0, 0))], &[("Ghoul", h(1, 0))]);
    g.set_health(1, 4);
    g.attack(0, h(1, 0));
    g.end_turn();
    assert_eq!(g.unit(1).status, Status::Alive);
    g.end_turn();
    g.set_health(1, 4);
    assert!(g.attack(0, h(1, 0)).contains(&Event::Died {
        unit: 1,
        by: Some(PlayerId(0)),
        corpse: None
    }));
    assert_eq!(g.unit(1).status, Status::Dead);
}

#[test]
fn a_unit_killed_by_poison_at_its_turn_start_revives_only_at_its_next_turn_start() {
    let mut g = Setup::new().start(
        &[("Viper", h(0, 0)), ("Grunt", h(0, 1))],
        &[("Ghoul", h(1, 0))],
    );
    g.set_health(2, 3);
    g.attack(0, h(1, 0));
    assert_eq!((g.health(2), g.unit(2).poison), (2, 3));
    let ev = g.end_turn();
    let start = turn_start(&ev);
    assert!(start.contains(&Event::Died {
        unit: 2,
        by: Some(PlayerId(0)),
        corpse: Some(3)
    }));
    assert!(
        !start.iter().any(|e| matches!(e, Event::Revived { .. })),
        "the corpse must stay for the enemy's turn: {start:?}"
    );
    assert_eq!(g.unit(2).status, Status::Corpse);
    // Side 0 may attack the corpse during its turn.
    g.end_turn();
    assert_eq!(g.attack(1, h(1, 0))[2..], [damaged(2, 2, 1)]);
    let ev = g.end_turn();
    assert!(turn_start(&ev).contains(&Event::Revived { unit: 2, health: 5 }));
    assert_eq!(g.unit(2).poison, 0);
}

// --------------------------------------------------------------- Combine

#[test]
fn combine_doubles_damage_next_to_another_combine_ally() {
    let mut g = Setup::new().start(
        &[("Twin", h(0, 0)), ("Twin", h(0, 1))],
        &[("Dummy", h(1, 0))],
    );
    assert_eq!(g.attack(0, h(1, 0))[2..], [damaged(2, 4, 5)]);
}

#[test]
fn combine_needs_an_adjacent_friendly_combine_unit() {
    // A Combine ally two hexes away, a non-Combine ally beside it, or an
    // enemy Combine unit beside it: no bonus.
    type Units<'a> = &'a [(&'a str, Hex)];
    let cases: [(Units, Units); 3] = [
        (
            &[("Twin", h(0, 0)), ("Twin", h(-2, 0))],
            &[("Dummy", h(1, 0))],
        ),
        (
            &[("Twin", h(0, 0)), ("Grunt", h(0, 1))],
            &[("Dummy", h(1, 0))],
        ),
        (
            &[("Twin", h(0, 0)), ("Grunt", h(-2, 0))],
            &[("Dummy", h(1, 0)), ("Twin", h(-1, 0))],
        ),
    ];
    for (side0, side1) in cases {
        let mut g = Setup::new().start(side0, side1);
        assert_eq!(g.attack(0, h(1, 0))[2..], [damaged(2, 2, 7)]);
    }
}

#[test]
fn combine_doubles_damage_after_armour() {
    let mut g = Setup::new().start(
        &[("Twin", h(0, 0)), ("Twin", h(0, 1))],
        &[("Tank", h(1, 0))],
    );
    // (2 - 1) × 2.
    assert_eq!(g.attack(0, h(1, 0))[2..], [damaged(2, 2, 6)]);
}

// ---------------------------------------------------------------- Armour

#[test]
fn armour_reduces_incoming_damage_never_below_zero() {
    let mut g = Setup::new().start(
        &[("Grunt", h(0, 0)), ("Fury", h(0, 1))],
        &[("Tank", h(1, 0))],
    );
    assert_eq!(g.attack(0, h(1, 0))[2..], [damaged(2, 1, 7)]);
    assert_eq!(g.attack(1, h(1, 0))[2..], [damaged(2, 0, 7)]);
}

// ---------------------------------------------------------------- Poison

#[test]
fn poison_ticks_at_the_start_of_the_poisoned_sides_turn_then_falls_by_one() {
    let mut g = Setup::new().start(&[("Viper", h(0, 0))], &[("Dummy", h(1, 0))]);
    assert_eq!(
        g.attack(0, h(1, 0))[2..],
        [
            damaged(1, 1, 8),
            Event::Poisoned {
                unit: 1,
                poison: 3,
                by: PlayerId(0)
            }
        ]
    );
    let mut ticks = Vec::new();
    for _ in 0..8 {
        let ev = g.end_turn();
        let side = g.s.side();
        for e in turn_start(&ev) {
            if let Event::PoisonTicked {
                damage,
                health,
                poison,
                ..
            } = *e
            {
                ticks.push((side.0, damage, health, poison));
            }
        }
    }
    assert_eq!(ticks, vec![(1, 3, 5, 2), (1, 2, 3, 1), (1, 1, 2, 0)]);
}

#[test]
fn poison_does_not_stack() {
    let mut g = Setup::new().start(
        &[("Viper", h(0, 0)), ("Viper", h(0, 1))],
        &[("Dummy", h(1, 0))],
    );
    g.attack(0, h(1, 0));
    g.attack(1, h(1, 0));
    assert_eq!(g.unit(2).poison, 3);
    g.end_turn();
    assert_eq!(g.unit(2).poison, 2);
    g.end_turn();
    g.attack(0, h(1, 0));
    assert_eq!(g.unit(2).poison, 3, "max(2, 3), not 2 + 3");
}

#[test]
fn poison_ignores_armour() {
    let mut g = Setup::new().start(&[("Viper", h(0, 0))], &[("Tank", h(1, 0))]);
    let ev = g.attack(0, h(1, 0));
    assert_eq!(
        ev[2..],
        [
            damaged(1, 0, 8),
            Event::Poisoned {
                unit: 1,
                poison: 3,
                by: PlayerId(0)
            }
        ]
    );
    let ev = g.end_turn();
    assert!(turn_start(&ev).contains(&Event::PoisonTicked {
        unit: 1,
        damage: 3,
        health: 5,
        poison: 2
    }));
}

#[test]
fn poison_kills_credit_the_poisoner() {
    let mut g = Setup::new().start(&[("Viper", h(0, 0))], &[("Dummy", h(1, 0))]);
    g.set_health(1, 3);
    g.attack(0, h(1, 0));
    let ev = g.end_turn();
    let start = turn_start(&ev);
    let tick = start
        .iter()
        .position(|e| matches!(e, Event::PoisonTicked { .. }))
        .unwrap();
    assert_eq!(
        start[tick..],
        [
            Event::PoisonTicked {
                unit: 1,
                damage: 2,
                health: 0,
                poison: 2
            },
            Event::Died {
                unit: 1,
                by: Some(PlayerId(0)),
                corpse: None
            },
            energy(PlayerId(0), 1, 5, Kill),
        ]
    );
}

// ----------------------------------------------------------------- Range

#[test]
fn range_reaches_targets_within_its_steps() {
    let mut g = Setup::new().start(
        &[("Archer", h(0, 0)), ("Grunt", h(3, 1))],
        &[("Dummy", h(3, 0)), ("Dummy", h(4, 0))],
    );
    assert_eq!(g.attack(0, h(3, 0))[2..], [damaged(2, 2, 7)]);
    g.pass_round();
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Attack {
            unit: 0,
            target: h(4, 0)
        })),
        RuleError::OutOfRange {
            hex: h(4, 0),
            range: 3,
            steps: 4
        }
    );
}

#[test]
fn units_do_not_block_shots() {
    let mut g = Setup::new().start(
        &[("Archer", h(0, 0)), ("Grunt", h(1, 0)), ("Grunt", h(3, 1))],
        &[("Dummy", h(2, 0)), ("Dummy", h(3, 0))],
    );
    assert_eq!(g.attack(0, h(3, 0))[2..], [damaged(4, 2, 7)]);
}

#[test]
fn range_counts_steps_over_usable_hexes() {
    // (1,0) is covered: (3,0) is 3 hexes away but 4 steps.
    let mut g = Setup::new().block(h(1, 0)).start(
        &[("Archer", h(0, 0)), ("Grunt", h(3, 1))],
        &[("Dummy", h(3, 0)), ("Dummy", h(2, 0))],
    );
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Attack {
            unit: 0,
            target: h(3, 0)
        })),
        RuleError::OutOfRange {
            hex: h(3, 0),
            range: 3,
            steps: 4
        }
    );
    // (2,0) is 2 hexes away and 3 steps: in range.
    assert_eq!(g.attack(0, h(2, 0))[2..], [damaged(3, 2, 7)]);
}

// ------------------------------------------------------------- Phasewalk

#[test]
fn phasewalk_passes_through_enemies_and_shares_a_hex() {
    let mut g = Setup::new().start(
        &[("Wisp", h(0, 0))],
        &[("Dummy", h(1, 0)), ("Dummy", h(2, 0))],
    );
    g.mv(0, h(3, 0));
    g.pass_round();
    g.mv(0, h(2, 0));
    assert_eq!(g.s.units_at_hex(h(2, 0)).count(), 2);
}

#[test]
fn phasewalk_ignores_collisions_both_ways() {
    // A unit may pass through and end on an enemy Phasewalker's hex.
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Wisp", h(1, 0))]);
    g.mv(0, h(1, 0));
    assert_eq!(g.s.units_at_hex(h(1, 0)).count(), 2);
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Wisp", h(1, 0))]);
    g.mv(0, h(3, 0));
}

#[test]
fn a_hex_holds_at_most_two_units() {
    let mut g = Setup::new().start(
        &[("Wisp", h(0, 0))],
        &[("Wisp", h(1, 0)), ("Grunt", h(1, 0))],
    );
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Move {
            unit: 0,
            to: h(1, 0)
        })),
        RuleError::Blocked {
            hex: h(1, 0),
            reason: "two units already share it"
        }
    );
}

#[test]
fn a_phasewalker_attacks_only_its_own_hex() {
    let mut g = Setup::new().start(&[("Wisp", h(0, 0))], &[("Dummy", h(1, 0))]);
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Attack {
            unit: 0,
            target: h(1, 0)
        })),
        RuleError::PhasewalkOwnHex(0)
    );
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Attack {
            unit: 0,
            target: h(0, 0)
        })),
        RuleError::NoTarget(h(0, 0))
    );
    g.mv(0, h(1, 0));
    assert_eq!(g.attack(0, h(1, 0))[2..], [damaged(1, 2, 7)]);
}

#[test]
fn an_attack_into_a_shared_hex_hits_both_units() {
    let mut g = Setup::new().start(
        &[("Grunt", h(0, 0))],
        &[("Wisp", h(1, 0)), ("Dummy", h(1, 0))],
    );
    assert_eq!(
        g.attack(0, h(1, 0))[2..],
        [damaged(1, 2, 3), damaged(2, 2, 7)]
    );
}

#[test]
fn a_phasewalker_is_attacked_safely_from_its_hex() {
    let mut g = Setup::new().start(&[("Grunt", h(1, 0))], &[("Wisp", h(1, 0))]);
    assert_eq!(g.attack(0, h(1, 0))[2..], [damaged(1, 2, 3)]);
    assert_eq!(g.health(0), 5);
}

#[test]
fn an_attack_into_a_shared_hex_also_hits_an_ally_there() {
    let mut g = Setup::new().start(
        &[("Grunt", h(0, 0)), ("Wisp", h(1, 0))],
        &[("Dummy", h(1, 0))],
    );
    assert_eq!(
        g.attack(0, h(1, 0))[2..],
        [damaged(1, 2, 3), damaged(2, 2, 7)]
    );
}

// ----------------------------------------------------------------- Smite

#[test]
fn smite_kills_a_target_left_at_x_health_or_less() {
    let mut g = Setup::new().start(
        &[("Reaper", h(0, 0))],
        &[("Dummy", h(1, 0)), ("Dummy", h(0, 1))],
    );
    g.set_health(1, 3);
    g.set_health(2, 4);
    assert_eq!(
        g.attack(0, h(1, 0))[2..],
        [
            damaged(1, 1, 2),
            Event::Died {
                unit: 1,
                by: Some(PlayerId(0)),
                corpse: None
            },
            energy(PlayerId(0), 1, 5, Kill),
        ]
    );
    g.pass_round();
    assert_eq!(g.attack(0, h(0, 1))[2..], [damaged(2, 1, 3)]);
    assert_eq!(g.unit(2).status, Status::Alive);
}

#[test]
fn smite_applies_even_when_armour_stops_all_damage() {
    let mut g = Setup::new().start(&[("Reaper", h(0, 0))], &[("Tank", h(1, 0))]);
    g.set_health(1, 2);
    let ev = g.attack(0, h(1, 0));
    assert_eq!(ev[2], damaged(1, 0, 2));
    assert!(ev.contains(&Event::Died {
        unit: 1,
        by: Some(PlayerId(0)),
        corpse: None
    }));
}

// --------------------------------------------------------------- Rebound

#[test]
fn rebound_takes_back_the_move_for_free_once() {
    let mut g = Setup::new().start(&[("Hopper", h(0, 0))], &[]);
    g.mv(0, h(2, 0));
    assert_eq!(
        g.run(Command::Unit(UnitCommand::Rebound { unit: 0 })),
        vec![Event::Rebounded {
            unit: 0,
            from: h(2, 0),
            to: h(0, 0)
        }]
    );
    assert_eq!(g.s.energy()[PlayerId(0)], 4);
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Rebound { unit: 0 })),
        RuleError::NothingToRebound(0)
    );
    // The move stays spent.
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Move {
            unit: 0,
            to: h(1, 0)
        })),
        RuleError::AlreadyMoved(0)
    );
}

#[test]
fn rebound_needs_a_move_this_turn_and_the_ability() {
    let mut g = Setup::new().start(&[("Hopper", h(0, 0)), ("Grunt", h(0, 2))], &[]);
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Rebound { unit: 0 })),
        RuleError::NothingToRebound(0)
    );
    g.mv(1, h(1, 2));
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Rebound { unit: 1 })),
        RuleError::NoAbility {
            unit: 1,
            ability: "Rebound"
        }
    );
    g.mv(0, h(1, 0));
    g.pass_round();
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Rebound { unit: 0 })),
        RuleError::NothingToRebound(0)
    );
}

#[test]
fn rebound_after_an_attack_and_only_to_a_free_hex() {
    let mut g = Setup::new().start(
        &[("Hopper", h(0, 0)), ("Grunt", h(-1, 0))],
        &[("Dummy", h(3, 0))],
    );
    g.mv(0, h(2, 0));
    g.attack(0, h(3, 0));
    g.mv(1, h(0, 0));
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Rebound { unit: 0 })),
        RuleError::Blocked {
            hex: h(0, 0),
            reason: "a unit stands there"
        }
    );
    let mut g = Setup::new().start(&[("Hopper", h(0, 0))], &[("Dummy", h(3, 0))]);
    g.mv(0, h(2, 0));
    g.attack(0, h(3, 0));
    g.run(Command::Unit(UnitCommand::Rebound { unit: 0 }));
    assert_eq!(g.hex_of(0), h(0, 0));
}

// ------------------------------------------------------- Death penalties

#[test]
fn energy_loss_penalty_takes_banked_energy_not_below_zero() {
    for (bank, delta, left) in [(10, -4, 6), (3, -3, 0)] {
        let mut g = Setup::new().start(&[("Brute", h(0, 0))], &[("Chief", h(1, 0))]);
        g.set_energy(PlayerId(1), bank);
        g.set_health(1, 4);
        let ev = g.attack(0, h(1, 0));
        assert_eq!(
            ev[3..],
            [
                Event::Died {
                    unit: 1,
                    by: Some(PlayerId(0)),
                    corpse: None
                },
                energy(PlayerId(0), 1, 5, Kill),
                Event::Penalty {
                    side: PlayerId(1),
                    commander: 1,
                    penalty: DeathPenalty::EnergyLoss(4)
                },
                energy(PlayerId(1), delta, left, Penalty),
            ]
        );
    }
}

#[test]
fn income_loss_penalty_lowers_the_next_incomes() {
    let mut g = Setup::new().start(
        &[("Brute", h(0, 0))],
        &[("Warlord", h(1, 0)), ("Grunt", h(6, 0))],
    );
    g.set_health(1, 4);
    let ev = g.attack(0, h(1, 0));
    assert_eq!(
        ev.last(),
        Some(&Event::PenaltyIncome {
            side: PlayerId(1),
            amount: 2,
            turns: 2
        })
    );
    let ev = g.end_turn();
    assert_eq!(
        turn_start(&ev)[1..4],
        [
            Event::IncomePenaltyUsed {
                side: PlayerId(1),
                turns_left: 1
            },
            energy(PlayerId(1), 3, 3, Income),
            energy(PlayerId(1), 1, 4, OpeningBonus),
        ]
    );
    let ev = g.pass_round();
    assert_eq!(
        turn_start(&ev)[1..3],
        [
            Event::IncomePenaltyUsed {
                side: PlayerId(1),
                turns_left: 0
            },
            energy(PlayerId(1), 3, 7, Income),
        ]
    );
    let ev = g.pass_round();
    assert_eq!(energy_events(&ev), vec![(1, 5, 12, Income)]);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::IncomePenaltyUsed { .. }))
    );
}

#[test]
fn wound_penalty_hurts_every_other_unit_but_never_below_one() {
    let mut g = Setup::new().start(
        &[("Brute", h(0, 0))],
        &[
            ("Captain", h(1, 0)),
            ("Grunt", h(5, 0)),
            ("Dummy", h(5, 1)),
            ("Imp", h(5, 2)),
        ],
    );
    g.set_health(1, 4);
    g.set_health(3, 2);
    g.set_health(4, 1);
    let ev = g.attack(0, h(1, 0));
    let p = ev
        .iter()
        .position(|e| matches!(e, Event::Penalty { .. }))
        .unwrap();
    assert_eq!(
        ev[p..],
        [
            Event::Penalty {
                side: PlayerId(1),
                commander: 1,
                penalty: DeathPenalty::Wound(2)
            },
            damaged(2, 2, 3),
            damaged(3, 1, 1),
        ]
    );
    assert_eq!(g.health(4), 1);
    // Side 0 is not affected.
    assert_eq!(g.health(0), 8);
}

#[test]
fn a_reviving_commander_suffers_its_penalty_once_per_death() {
    let mut g = Setup::new().start(
        &[("Brute", h(0, 0)), ("Brute", h(0, 1))],
        &[("Lich", h(1, 0))],
    );
    g.set_energy(PlayerId(1), 10);
    g.set_health(2, 4);
    let ev = g.attack(0, h(1, 0));
    assert!(ev.contains(&Event::Penalty {
        side: PlayerId(1),
        commander: 2,
        penalty: DeathPenalty::EnergyLoss(2)
    }));
    // Destroying the corpse is not a second death.
    let ev = g.attack(1, h(1, 0));
    assert!(ev.contains(&Event::CorpseDestroyed { unit: 2 }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Penalty { .. })));
    assert_eq!(g.s.energy()[PlayerId(1)], 8);
}

#[test]
fn healing_and_summon_share_one_activated_ability_per_turn() {
    // The bundled High Priestess has both; she uses one of them a turn.
    let mut g = Setup::new()
        .with_roster(hexwright_engine::rules::Roster::bundled())
        .start_with_reserve(
            &[("High Priestess", h(0, 0)), ("Knight", h(1, 0))],
            &[],
            &["Hawk"],
            &[],
        );
    g.set_health(1, 5);
    g.run(heal(0, &[1]));
    assert_eq!(g.refuse(summon(0, h(-1, 0))), RuleError::AbilityUsed(0));
    g.pass_round();
    g.run(summon(0, h(-1, 0)));
    assert_eq!(g.refuse(heal(0, &[1])), RuleError::AbilityUsed(0));
}

#[test]
fn bases_do_not_block_shots() {
    // The only 3-step line from (0,0) to (3,0) crosses the base at (1,0).
    let mut g = Setup::new()
        .feature(
            h(1, 0),
            hexwright_engine::map::FeatureKind::Base { side: PlayerId(1) },
        )
        .start(
            &[("Archer", h(0, 0)), ("Grunt", h(3, 1))],
            &[("Dummy", h(3, 0))],
        );
    assert_eq!(g.attack(0, h(3, 0))[2..], [damaged(2, 2, 7)]);
}
