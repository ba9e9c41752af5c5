//! Army selection (document 004) and deployment: `check_army`,
//! `Scenario::prepare`, and the default armies.

use hexwright_engine::format::load_map;
use hexwright_engine::map::Map;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::UnitCommand;
use hexwright_engine::rules::roster::Class;
use hexwright_engine::rules::scenario::{
    ARMY_POINTS, Army, ArmyUnit, MAX_DEPLOYED, Scenario, ScenarioError, check_army, default_armies,
    default_army,
};
use hexwright_engine::rules::{Event, Roster, Status};
use std::path::{Path, PathBuf};

fn maps_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps")
}

/// The bundled maps akw-rules-v1 plays (the two-player ones).
fn bundled_maps() -> Vec<(String, Map)> {
    ["twin-fords.ron", "broken-crown.ron", "ember-isles.ron"]
        .iter()
        .map(|n| {
            (
                (*n).to_string(),
                load_map(&maps_dir().join(n)).expect("bundled maps load"),
            )
        })
        .collect()
}

fn army(race: &str, units: &[&str], reserve: &[&str]) -> Army {
    Army {
        race: race.into(),
        units: units
            .iter()
            .map(|k| ArmyUnit {
                kind: (*k).into(),
                at: None,
            })
            .collect(),
        reserve: reserve.iter().map(|k| (*k).into()).collect(),
    }
}

fn problems(a: &Army) -> Vec<String> {
    check_army(&Roster::bundled(), a)
}

fn has(problems: &[String], needle: &str) -> bool {
    problems.iter().any(|p| p.contains(needle))
}

#[test]
fn class_costs_are_10_4_2_1_and_an_army_has_30_points() {
    assert_eq!(
        [
            Class::Commander.points(),
            Class::Elite.points(),
            Class::Soldier.points(),
            Class::Summon.points()
        ],
        [10, 4, 2, 1]
    );
    assert_eq!(ARMY_POINTS, 30);
    // Exactly 30 points: 10 + 10 + 4 + 2 + 2 + 1 + 1.
    let full = army(
        "Dawnguard",
        &[
            "Lord Marshal",
            "High Priestess",
            "Knight",
            "Pikeman",
            "Archer",
        ],
        &["Hawk", "Hawk"],
    );
    assert_eq!(problems(&full), Vec::<String>::new());
}

#[test]
fn an_army_over_30_points_is_refused() {
    // 10 + 10 + 4 + 4 + 2 + 1 = 31.
    let p = problems(&army(
        "Dawnguard",
        &[
            "Lord Marshal",
            "High Priestess",
            "Knight",
            "Monk",
            "Pikeman",
        ],
        &["Hawk"],
    ));
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        has(&p, "costs 31 selection points; the limit is 30"),
        "{p:?}"
    );
}

#[test]
fn an_army_is_entirely_one_race() {
    let p = problems(&army("Dawnguard", &["Lord Marshal", "Ghoul"], &[]));
    assert!(has(&p, "an army must be entirely one race"), "{p:?}");
    let p = problems(&army("Dawnguard", &["Lord Marshal"], &["Spiderling"]));
    assert!(has(&p, "is not a Dawnguard unit"), "{p:?}");
    let p = problems(&army("Elves", &["Lord Marshal"], &[]));
    assert!(has(&p, "unknown race `Elves`"), "{p:?}");
}

#[test]
fn an_army_needs_at_least_one_commander() {
    let p = problems(&army("Mirefolk", &["Wraith", "Ghoul"], &[]));
    assert_eq!(
        p,
        vec!["the army has no commander; it needs at least one".to_string()]
    );
}

#[test]
fn no_commander_may_be_picked_twice() {
    let p = problems(&army("Mirefolk", &["Lich", "Lich"], &[]));
    assert!(has(&p, "Lich is picked twice"), "{p:?}");
    // Two different commanders are fine.
    assert!(problems(&army("Mirefolk", &["Lich", "Broodmother"], &[])).is_empty());
}

#[test]
fn at_most_10_units_are_deployed() {
    assert_eq!(MAX_DEPLOYED, 10);
    // 10 + 10 × 2 = 30 points, but 11 units.
    let mut units = vec!["Lich"];
    units.extend(["Cutthroat"; 10]);
    let p = problems(&army("Mirefolk", &units, &[]));
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(has(&p, "11 units are deployed; at most 10"), "{p:?}");
    units.pop();
    assert!(problems(&army("Mirefolk", &units, &[])).is_empty());
}

#[test]
fn summons_go_only_in_the_reserve_pool() {
    let p = problems(&army("Dawnguard", &["Lord Marshal", "Hawk"], &[]));
    assert!(has(&p, "Hawk is a summon"), "{p:?}");
    let p = problems(&army("Dawnguard", &["Lord Marshal"], &["Knight"]));
    assert!(has(&p, "only summons wait there"), "{p:?}");
    assert!(problems(&army("Dawnguard", &["High Priestess"], &["Hawk"])).is_empty());
}

#[test]
fn prepare_reports_the_side_whose_army_breaks_the_rules() {
    let (_, map) = bundled_maps().remove(0);
    let mut scenario = Scenario::for_map(map, 1, 60);
    scenario.armies = Some(vec![
        army("Dawnguard", &["Lord Marshal"], &[]),
        army("Mirefolk", &["Wraith"], &[]),
    ]);
    let err = scenario
        .prepare(&maps_dir(), &Roster::bundled(), "test")
        .expect_err("side 1 has no commander");
    match err {
        ScenarioError::Army { side, problems, .. } => {
            assert_eq!(side, PlayerId(1));
            assert!(has(&problems, "no commander"), "{problems:?}");
        }
        other => panic!("unexpected {other}"),
    }
}

#[test]
fn written_deployments_must_be_free_hexes_of_the_sides_zone() {
    let (_, map) = bundled_maps().remove(0);
    let zone0 = map.zone_of(PlayerId(0)).unwrap().hexes.clone();
    let zone1 = map.zone_of(PlayerId(1)).unwrap().hexes.clone();
    let at = |hx: hexwright_engine::Hex| Some((hx.x, hx.y));
    let mut scenario = Scenario::for_map(map, 1, 60);
    let mut a0 = army("Dawnguard", &["Lord Marshal", "Knight"], &[]);
    a0.units[0].at = at(zone0[0]);
    a0.units[1].at = at(zone0[0]);
    let mut a1 = army("Mirefolk", &["Lich"], &[]);
    a1.units[0].at = at(zone0[1]);
    scenario.armies = Some(vec![a0.clone(), a1]);
    let err = scenario
        .prepare(&maps_dir(), &Roster::bundled(), "test")
        .unwrap_err();
    match err {
        ScenarioError::Army { side, problems, .. } => {
            assert_eq!(side, PlayerId(0));
            assert!(
                has(&problems, "another unit is already deployed there"),
                "{problems:?}"
            );
        }
        other => panic!("unexpected {other}"),
    }
    a0.units[1].at = None;
    let mut a1 = army("Mirefolk", &["Lich"], &[]);
    a1.units[0].at = at(zone0[1]);
    scenario.armies = Some(vec![a0.clone(), a1]);
    match scenario.prepare(&maps_dir(), &Roster::bundled(), "test") {
        Err(ScenarioError::Army { side, problems, .. }) => {
            assert_eq!(side, PlayerId(1));
            assert!(
                has(&problems, "not a free hex of side 1's starting zone"),
                "{problems:?}"
            );
        }
        other => panic!("unexpected {other:?}"),
    }
    let mut a1 = army("Mirefolk", &["Lich"], &["Spiderling"]);
    a1.units[0].at = at(zone1[3]);
    scenario.armies = Some(vec![a0, a1]);
    let prepared = scenario
        .prepare(&maps_dir(), &Roster::bundled(), "test")
        .expect("legal armies");
    let (s, _) = prepared.new_match();
    assert_eq!(s.arena().hex(s.units()[2].cell), zone1[3]);
    assert_eq!(s.arena().hex(s.units()[0].cell), zone0[0]);
}

#[test]
fn default_armies_are_legal_for_many_seeds() {
    let roster = Roster::bundled();
    for seed in 0..300 {
        let armies = default_armies(&roster, seed);
        assert_eq!(armies.len(), 2);
        let (a0, a1) = (armies[PlayerId(0)].clone(), armies[PlayerId(1)].clone());
        for a in [&a0, &a1] {
            assert_eq!(check_army(&roster, a), Vec::<String>::new(), "seed {seed}");
            // The first pick is the commander.
            let first = roster.kind_by_name(&a.units[0].kind).unwrap();
            assert_eq!(roster.kind(first).def.class, Class::Commander);
        }
        // Each side's army depends on the seed and its side only.
        assert_eq!(default_army(&roster, seed, PlayerId(0)), a0);
        assert_eq!(default_army(&roster, seed, PlayerId(1)), a1);
    }
}

#[test]
fn default_armies_deploy_on_every_bundled_map() {
    let roster = Roster::bundled();
    for (name, map) in bundled_maps() {
        let prepared = Scenario::for_map(map, 0, 60)
            .prepare(&maps_dir(), &roster, &name)
            .expect("bundled maps are playable");
        for seed in 0..40 {
            let (s, events) = prepared.new_match_with_seed(seed);
            let a = s.arena();
            let mut cells = Vec::new();
            for u in s.units() {
                assert_eq!(u.status, Status::Alive);
                let side = u.side;
                assert!(a.zones[side].contains(&u.cell), "{name} seed {seed}");
                assert_ne!(roster.kind(u.kind).def.class, Class::Summon);
                assert_eq!(roster.kind(u.kind).race, s.race()[side]);
                cells.push(u.cell);
            }
            cells.sort_unstable();
            let n = cells.len();
            cells.dedup();
            assert_eq!(cells.len(), n, "one unit per hex");
            for side in PlayerId::all(2) {
                assert!(s.units().iter().filter(|u| u.side == side).count() <= 10);
                for &k in &s.reserve()[side] {
                    assert_eq!(roster.kind(k).def.class, Class::Summon);
                }
            }
            assert!(events.iter().any(|e| matches!(
                e,
                Event::TurnStarted {
                    side: PlayerId(0),
                    turn: 0
                }
            )));
        }
    }
}

#[test]
fn prepare_refuses_other_rulesets_and_bad_round_limits() {
    let (_, map) = bundled_maps().remove(0);
    let mut scenario = Scenario::for_map(map, 1, 60);
    scenario.ruleset = "speed-cards".into();
    assert!(matches!(
        scenario.prepare(&maps_dir(), &Roster::bundled(), "t"),
        Err(ScenarioError::Ruleset { .. })
    ));
    scenario.ruleset = "akw-rules-v1".into();
    scenario.round_limit = 0;
    assert!(matches!(
        scenario.prepare(&maps_dir(), &Roster::bundled(), "t"),
        Err(ScenarioError::RoundLimit { found: 0, .. })
    ));
}

/// The roster tables of `docs/rules.md` describe the bundled roster.
#[test]
fn the_roster_tables_in_the_rules_reference_match_the_bundled_roster() {
    use hexwright_engine::rules::DeathPenalty;
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules.md"))
            .expect("docs/rules.md");
    let roster = Roster::bundled();
    for k in &roster.kinds {
        let d = &k.def;
        let prefix = format!("| {} | {} |", d.name, d.class.name());
        let line = doc
            .lines()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no roster row for {}", d.name));
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let range = if k.phasewalk {
            "its own hex only".to_string()
        } else {
            d.range.to_string()
        };
        let cost = d.cost.map_or("—".to_string(), |c| c.to_string());
        let mut abilities: Vec<String> = d.abilities.iter().map(ToString::to_string).collect();
        if d.monk {
            abilities.push("Monk".into());
        }
        let abilities = if abilities.is_empty() {
            "—".to_string()
        } else {
            abilities.join(", ")
        };
        assert_eq!(
            cells[3..11],
            [
                d.class.points().to_string(),
                d.health.to_string(),
                d.attack.to_string(),
                range,
                d.movement.to_string(),
                d.sight.to_string(),
                cost,
                abilities,
            ],
            "{}",
            d.name
        );
        let penalty = cells[11];
        let ok = match d.penalty {
            None => penalty == "—",
            Some(DeathPenalty::EnergyLoss(n)) => penalty.starts_with(&format!("EnergyLoss {n}")),
            Some(DeathPenalty::Wound(n)) => penalty.starts_with(&format!("Wound {n}")),
            Some(DeathPenalty::IncomeLoss { amount, turns }) => penalty.contains(&format!(
                "{amount} less income for the side's next {turns} turn starts"
            )),
        };
        assert!(ok, "{}: penalty cell `{penalty}`", d.name);
    }
}

/// A scenario of the first bundled map with default armies from `seed`,
/// written out (as the sandbox saves a position), and this opening.
fn with_opening(seed: u64, opening: Vec<hexwright_engine::rules::Command>) -> Scenario {
    let (_, map) = bundled_maps().remove(0);
    let roster = Roster::bundled();
    let plain = Scenario::for_map(map.clone(), seed, 60)
        .prepare(Path::new("."), &roster, "test")
        .expect("valid");
    let mut s = Scenario::for_map(map, seed, 60);
    s.armies = Some(plain.written_armies(seed));
    s.opening = opening;
    s
}

#[test]
fn an_opening_is_played_before_every_match_whatever_the_seed() {
    use hexwright_engine::rules::{Command, legal};
    let roster = Roster::bundled();
    let start = with_opening(3, Vec::new())
        .prepare(Path::new("."), &roster, "test")
        .expect("valid")
        .new_match()
        .0;
    let first = legal(&start)
        .into_iter()
        .find(|c| matches!(c, Command::Unit(UnitCommand::Move { .. })))
        .expect("side 0 can move");
    let opening = vec![first.clone(), Command::EndTurn];
    let mut expected = start.clone();
    for c in &opening {
        hexwright_engine::rules::execute(&mut expected, c, &mut Vec::new()).expect("legal");
    }
    let p = with_opening(3, opening)
        .prepare(Path::new("."), &roster, "test")
        .expect("the opening is legal");
    assert_eq!(p.new_match().0.state_hash(), expected.state_hash());
    assert_eq!(p.new_match().0.side(), PlayerId(1));
    // Another seed: same armies, same opening, same position (the seed
    // only changes the bots' streams).
    let other = p.new_match_with_seed(99).0;
    assert_eq!(other.units(), expected.units());
    assert_eq!(other.turn(), expected.turn());
}

#[test]
fn an_illegal_opening_is_refused_with_its_index_and_reason() {
    use hexwright_engine::rules::Command;
    let roster = Roster::bundled();
    let bad = Command::Unit(UnitCommand::Move {
        unit: 9999,
        to: hexwright_engine::Hex::ZERO,
    });
    let err = with_opening(3, vec![Command::EndTurn, bad])
        .prepare(Path::new("."), &roster, "pos.ron")
        .expect_err("no unit 9999");
    assert!(
        matches!(err, ScenarioError::Opening { index: 1, .. }),
        "{err}"
    );
    let text = err.to_string();
    assert!(
        text.contains("pos.ron") && text.contains("opening command 1") && text.contains("9999"),
        "{text}"
    );
}
