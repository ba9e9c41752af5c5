//! Fog of war: sight, bases, Outpost vision, bushes, attacks only on seen
//! targets, and `PlayerView`.

use crate::rules_common;
use hexwright_engine::rules::UnitCommand;

use hexwright_engine::map::FeatureKind;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::fog::{sees_cell, sees_units_at, visible_cells};
use hexwright_engine::rules::{Command, Event, PlayerView, RuleError, Spent, Status, narrate};
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

// What a side cannot see never refuses its command for free: a command
// legal in its view that hidden units stop is spent without effect, and
// shows them to the side for the rest of the turn (rules-notes.md, fog of
// war).

fn stopped(unit: u16, at: hexwright_engine::Hex, units: Vec<u16>) -> Event {
    Event::Stopped {
        side: PlayerId(0),
        spent: Spent::Move { unit },
        at,
        units,
    }
}

#[test]
fn a_move_onto_a_hidden_enemy_is_spent_without_effect_and_reveals_it() {
    let bush = h(2, 0);
    let mut g = Setup::new().feature(bush, FeatureKind::Bush).start(
        &[("Archer", h(0, 0)), ("Grunt", h(0, 2))],
        &[("Dummy", bush)],
    );
    assert!(!sees(&g, 0, bush));
    let before = g.s.clone();
    let cmd = Command::Unit(UnitCommand::Move { unit: 0, to: bush });
    // Legal by what side 0 knows, and listed as such: a list that left the
    // hex out would tell where the hidden unit stands.
    assert!(hexwright_engine::rules::legal(&g.s).contains(&cmd));
    let events = g.run(cmd.clone());
    assert_eq!(events, [stopped(0, bush, vec![2])]);
    // The action is used, nothing is paid, nothing moved.
    assert_eq!(g.hex_of(0), h(0, 0));
    assert!(g.unit(0).moved);
    assert_eq!(g.s.energy()[PlayerId(0)], 5);
    assert_eq!(
        g.refuse(cmd.clone()),
        RuleError::AlreadyMoved(0),
        "the move is spent"
    );
    // The side is told only that much.
    assert_eq!(
        narrate(&before, &cmd, &events, &g.s),
        "Round 1, side 0: Archer tries to move to (2,0): stopped: an enemy unit stands at (2,0)"
    );
    // The Dummy is shown to side 0 for the rest of the turn: its view holds
    // it, and the Archer may shoot it.
    assert!(g.s.revealed_to(2, PlayerId(0)));
    let view = PlayerView::new(&g.s, PlayerId(0));
    assert_eq!(view.state.units()[2].status, Status::Alive);
    assert_eq!(view.state.units_at_hex(bush).count(), 1);
    g.attack(0, bush);
    // From the next turn on it is hidden again.
    g.end_turn();
    assert!(g.s.revealed().is_empty());
    assert_eq!(
        PlayerView::new(&g.s, PlayerId(0)).state.units()[2].status,
        Status::Hidden
    );
}

#[test]
fn a_move_through_a_hidden_enemy_stops_where_it_stands() {
    // The Strider's only path of 5 steps to (5,0) runs through (3,0), out
    // of its sight.
    let mut g = Setup::new().start(&[("Strider", h(0, 0))], &[("Dummy", h(3, 0))]);
    assert!(!sees(&g, 0, h(3, 0)));
    assert_eq!(g.mv(0, h(5, 0)), [stopped(0, h(3, 0), vec![1])]);
    assert_eq!(g.hex_of(0), h(0, 0));
    assert_eq!(g.s.energy()[PlayerId(0)], 5);
    // A path around it is taken as usual: nothing to stop.
    let mut g = Setup::new().start(&[("Strider", h(0, 0))], &[("Dummy", h(3, 0))]);
    let events = g.mv(0, h(4, 0));
    assert!(matches!(events[1], Event::Moved { to, .. } if to == h(4, 0)));
    assert!(g.s.revealed().is_empty());
}

#[test]
fn a_spawn_or_summon_onto_a_hidden_enemy_is_spent_and_nothing_is_paid() {
    // Barracks give no sight: the Dummy beside it is hidden.
    let mut g = Setup::new()
        .feature(h(-4, 0), FeatureKind::Barracks { side: PlayerId(0) })
        .start(&[("Grunt", h(2, 0))], &[("Dummy", h(-5, 0))]);
    let spawn = Command::Spawn {
        barracks: h(-4, 0),
        kind: "Grunt".into(),
        to: h(-5, 0),
    };
    assert_eq!(
        g.run(spawn),
        [Event::Stopped {
            side: PlayerId(0),
            spent: Spent::Spawn { barracks: h(-4, 0) },
            at: h(-5, 0),
            units: vec![1],
        }]
    );
    assert_eq!(g.s.energy()[PlayerId(0)], 6);
    assert_eq!(
        g.refuse(Command::Spawn {
            barracks: h(-4, 0),
            kind: "Grunt".into(),
            to: h(-4, 0),
        }),
        RuleError::BarracksUsed(h(-4, 0))
    );
    // A summoner that sees nothing next to it (sight 0) summons onto an
    // enemy it cannot see.
    let roster = hexwright_engine::rules::Roster::parse(
        &crate::rules_common::TEST_ROSTER.replace(
            r#"(name: "Caller", class: Elite, health: 6, attack: 1,"#,
            r#"(name: "Caller", class: Elite, health: 6, attack: 1, sight: 0,"#,
        ),
        "blind-caller.ron",
    )
    .expect("valid roster");
    let mut g = Setup::new().with_roster(roster).start_with_reserve(
        &[("Caller", h(0, 0))],
        &[("Dummy", h(1, 0))],
        &["Imp"],
        &[],
    );
    assert!(!sees(&g, 0, h(1, 0)));
    assert_eq!(
        g.run(Command::Unit(UnitCommand::Summon {
            unit: 0,
            to: h(1, 0)
        })),
        [Event::Stopped {
            side: PlayerId(0),
            spent: Spent::Summon { unit: 0 },
            at: h(1, 0),
            units: vec![1],
        }]
    );
    assert!(g.unit(0).ability_used);
    assert_eq!(g.s.energy()[PlayerId(0)], 5);
    assert_eq!(
        g.s.reserve()[PlayerId(0)].len(),
        1,
        "the Imp stays in reserve"
    );
}

#[test]
fn a_unit_the_side_sees_still_refuses_a_move_for_nothing() {
    // Only what the side cannot see is paid for: a seen unit refuses.
    let mut g = Setup::new().start(&[("Grunt", h(0, 0))], &[("Dummy", h(1, 0))]);
    assert_eq!(
        g.refuse(Command::Unit(UnitCommand::Move {
            unit: 0,
            to: h(1, 0)
        })),
        RuleError::Blocked {
            hex: h(1, 0),
            reason: "a unit stands there"
        }
    );
}

#[test]
fn phase_rules_stop_a_move_onto_a_hidden_enemy_for_one_action() {
    use crate::phase_common::start_phase;
    use hexwright_engine::rules::phase::{PhaseCommand, PhaseEvent};
    use hexwright_engine::rules::roster::Class;
    let bush = h(2, 0);
    let setup = Setup::new().feature(bush, FeatureKind::Bush);
    let mut g = start_phase(
        &setup,
        &[
            (&[("Captain", h(-6, 0)), ("Grunt", h(0, 0))], &[]),
            (&[("Captain", h(6, 3)), ("Dummy", bush)], &[]),
        ],
        0,
    );
    g.place_all(&[[1, 2, 8, 3], [2, 1, 7, 4]]);
    while g.s.phase() != Class::Soldier {
        g.end_slot();
    }
    assert_eq!(g.s.slot_player(), Some(PlayerId(0)));
    assert_eq!(
        g.mv(1, bush),
        [
            PhaseEvent::UnitStarted {
                unit: 1,
                actions: 2
            },
            PhaseEvent::Board(stopped(1, bush, vec![3])),
            PhaseEvent::ActionSpent { unit: 1, left: 1 },
        ]
    );
    assert_eq!(g.hex_of(1), h(0, 0));
    assert!(g.s.board().revealed_to(3, PlayerId(0)));
    // Shown to the side: its view holds the Dummy, and the Grunt's second
    // action may strike it once next to it... or move elsewhere.
    let view = hexwright_engine::rules::phase::PhaseView::new(&g.s, PlayerId(0));
    assert_eq!(view.state.board().units()[3].status, Status::Alive);
    g.mv(1, h(1, 0));
    assert_eq!(g.hex_of(1), h(1, 0));
    // Hidden again from the next turn on (the Grunt next to the bush now
    // sees it anyway, so look from farther).
    g.run(PhaseCommand::EndSlot);
    g.finish_turn();
    assert!(g.s.board().revealed().is_empty());
}
