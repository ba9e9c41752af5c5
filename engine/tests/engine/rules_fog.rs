//! Fog of war: sight, bases, Outpost vision, bushes, attacks only on seen
//! targets, and `PlayerView`.

use crate::rules_common;
use hexwright_engine::rules::UnitCommand;

use hexwright_engine::map::FeatureKind;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::fog::{sees_cell, sees_units_at, visible_cells};
use hexwright_engine::rules::{Command, PlayerView, RuleError, Status};
use rules_common::{Game, Setup, damaged, h};

fn sees(g: &Game, side: u8, hex: hexwright_engine::Hex) -> bool {
    let c = g.cell(hex);
    let point = sees_units_at(&g.s, PlayerId(side), c);
    assert_eq!(point, visible_cells(&g.s, PlayerId(side))[usize::from(c)]);
    point
}

#[test]
fn a_side_sees_within_its_units_sight() {
    let g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Grunt", h(8, 0))]);
    assert!(sees(&g, 0, h(2, 0)));
    assert!(sees(&g, 0, h(-2, 2)));
    assert!(!sees(&g, 0, h(3, 0)));
    assert!(!sees(&g, 0, h(8, 0)));
}

#[test]
fn a_side_sees_within_one_of_its_bases() {
    let g = Setup::new()
        .feature(h(0, 0), FeatureKind::Base { side: PlayerId(0) })
        .start(&[("Grunt", h(8, 0))], &[]);
    assert!(sees(&g, 0, h(1, 0)));
    assert!(!sees(&g, 0, h(2, 0)));
    assert!(!sees(&g, 1, h(1, 0)));
}

#[test]
fn a_unit_attacks_only_targets_its_side_sees() {
    // The Archer (sight 2, range 3) cannot shoot a target 3 away alone...
    let mut g = Setup::new().start(
        &[("Archer", h(0, 0)), ("Grunt", h(0, 1))],
        &[("Dummy", h(3, 0))],
    );
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Attack {
            unit: 0,
            target: h(3, 0)
        })),
        RuleError::NoTarget(h(3, 0))
    );
    // ...but can once an ally sees it.
    g.mv(1, h(2, 1));
    assert!(sees(&g, 0, h(3, 0)));
    assert_eq!(g.attack(0, h(3, 0))[2..], [damaged(2, 2, 7)]);
}

#[test]
fn a_unit_in_a_bush_is_seen_only_from_the_same_or_an_adjacent_hex() {
    let bush = h(2, 0);
    let mut g = Setup::new().feature(bush, FeatureKind::Bush).start(
        &[("Archer", h(0, 0)), ("Grunt", h(0, 2))],
        &[("Dummy", bush)],
    );
    // The hex is in sight, the unit in the bush is not.
    assert!(sees_cell(&g.s, PlayerId(0), g.cell(bush)));
    assert!(!sees(&g, 0, bush));
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Attack {
            unit: 0,
            target: bush
        })),
        RuleError::NoTarget(bush)
    );
    // An adjacent ally reveals it.
    g.mv(1, h(2, 1));
    assert!(sees(&g, 0, bush));
    g.attack(0, bush);
    // And a Phasewalker in the same hex sees it too.
    let mut g = Setup::new()
        .feature(bush, FeatureKind::Bush)
        .start(&[("Wisp", h(0, 0))], &[("Dummy", bush)]);
    assert!(!sees(&g, 0, bush));
    g.mv(0, bush);
    assert!(sees(&g, 0, bush));
}

#[test]
fn a_controlled_outpost_reveals_non_bush_hexes_within_2() {
    // A Blind unit (sight 0) on the Outpost sees by the Outpost alone.
    let outpost = h(0, 0);
    let g = Setup::new()
        .feature(outpost, FeatureKind::Outpost)
        .feature(h(0, 2), FeatureKind::Bush)
        .start(
            &[("Blind", outpost)],
            &[("Dummy", h(2, 0)), ("Dummy", h(0, 2)), ("Dummy", h(3, 0))],
        );
    assert!(sees(&g, 0, outpost));
    assert!(sees(&g, 0, h(2, 0)));
    assert!(sees(&g, 0, h(-2, 1)));
    assert!(!sees(&g, 0, h(3, 0)), "radius 2 only");
    assert!(
        !sees(&g, 0, h(0, 2)),
        "bushes inside the radius stay hidden"
    );
    assert!(!sees_cell(&g.s, PlayerId(0), g.cell(h(0, 2))));
    // Without the Outpost, the Blind unit sees only its own hex.
    let g = Setup::new().start(&[("Blind", outpost)], &[("Dummy", h(2, 0))]);
    assert!(sees(&g, 0, outpost));
    assert!(!sees(&g, 0, h(1, 0)));
}

#[test]
fn empty_or_enemy_held_outposts_give_no_vision() {
    let outpost = h(0, 0);
    let mut g = Setup::new().feature(outpost, FeatureKind::Outpost).start(
        &[("Blind", h(1, 0))],
        &[("Dummy", h(-2, 0)), ("Grunt", h(8, 0))],
    );
    assert!(!sees(&g, 0, h(-2, 0)), "empty Outpost");
    g.mv(0, outpost);
    assert!(sees(&g, 0, h(-2, 0)));
}

#[test]
fn an_enemy_held_outpost_gives_its_controller_vision_only() {
    let outpost = h(0, 0);
    let g = Setup::new()
        .feature(outpost, FeatureKind::Outpost)
        .start(&[("Blind", h(6, 0))], &[("Blind", outpost)]);
    assert!(sees(&g, 1, h(2, 0)));
    assert!(!sees(&g, 0, h(2, 0)));
    assert!(!sees(&g, 0, outpost));
}

#[test]
fn outpost_vision_does_not_change_attack_range() {
    let outpost = h(0, 0);
    let mut g = Setup::new()
        .feature(outpost, FeatureKind::Outpost)
        .start(&[("Blind", outpost)], &[("Dummy", h(2, 0))]);
    assert!(sees(&g, 0, h(2, 0)));
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Attack {
            unit: 0,
            target: h(2, 0)
        })),
        RuleError::OutOfRange {
            hex: h(2, 0),
            range: 1,
            steps: 2
        }
    );
}

#[test]
fn bases_are_public_targets() {
    // A base is attacked even where no unit of the attacker's side sees
    // units (bases, base health and objective owners are public).
    let mut g = Setup::new()
        .feature(h(1, 0), FeatureKind::Base { side: PlayerId(1) })
        .start(&[("Blind", h(0, 0))], &[]);
    assert!(!sees_cell(&g.s, PlayerId(0), g.cell(h(1, 0))));
    g.attack(0, h(1, 0));
    assert_eq!(g.base_health(h(1, 0)), 4);
}

#[test]
fn player_view_hides_unseen_enemies_and_their_bank() {
    let mut g = Setup::new().start_with_reserve(
        &[("Grunt", h(0, 0))],
        &[("Grunt", h(2, 0)), ("Grunt", h(6, 0))],
        &[],
        &["Imp"],
    );
    g.set_energy(PlayerId(1), 9);
    let view = PlayerView::new(&g.s, PlayerId(0));
    assert_eq!(view.side, PlayerId(0));
    assert_eq!(view.state.units()[1].status, Status::Alive);
    assert_eq!(view.state.units()[2].status, Status::Hidden);
    assert_eq!(view.state.units_at_hex(h(6, 0)).count(), 0);
    assert_eq!(view.state.energy().as_slice(), &[5, 0]);
    assert!(view.state.reserve()[PlayerId(1)].is_empty());
    // Its own view hides nothing of its own.
    let own = PlayerView::new(&g.s, PlayerId(1));
    assert_eq!(own.state.units()[1].status, Status::Alive);
    assert_eq!(own.state.energy()[PlayerId(1)], 9);
}

#[test]
fn a_base_next_to_a_bush_reveals_a_unit_in_it() {
    let g = Setup::new()
        .feature(h(0, 0), FeatureKind::Base { side: PlayerId(0) })
        .feature(h(1, 0), FeatureKind::Bush)
        .feature(h(0, 2), FeatureKind::Bush)
        .start(
            &[("Grunt", h(6, 0))],
            &[("Dummy", h(1, 0)), ("Dummy", h(0, 2))],
        );
    assert!(sees(&g, 0, h(1, 0)));
    assert!(!sees(&g, 0, h(0, 2)));
}
