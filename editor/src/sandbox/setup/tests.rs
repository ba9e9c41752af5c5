//! Tests of [`super`] (`mod.rs`).

use super::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::AKW_RULES_V1;
use hexwright_engine::rules::army::presets;
use hexwright_engine::rules::scenario::{check_army, default_armies};
use hexwright_engine::rules::state::DEFAULT_ROUND_LIMIT;

/// The panel and everything its input borrows.
struct Panel {
    setup: Setup,
    roster: Roster,
    rules: Rules,
    map: Map,
    zones: PerPlayer<Vec<Hex>>,
    pack: Option<PathBuf>,
    map_file: Option<String>,
    requests: Vec<SetupRequest>,
}

fn map() -> Map {
    hexwright_headless::files::bundled::default_map().unwrap()
}

fn zones(map: &Map) -> [Vec<Hex>; 2] {
    [0, 1].map(|s| map.zone_of(PlayerId(s)).unwrap().hexes.clone())
}

fn rules(map: &Map) -> Rules {
    rules_for_ruleset(
        RulesetId::AkwRulesV1,
        map,
        Roster::bundled(),
        DEFAULT_ROUND_LIMIT,
        "test",
    )
    .unwrap()
}

fn panel(setup: Setup) -> Panel {
    let map = map();
    Panel {
        setup,
        roster: Roster::bundled(),
        rules: rules(&map),
        zones: PerPlayer::from(zones(&map)),
        map,
        pack: None,
        map_file: None,
        requests: Vec::new(),
    }
}

fn harness(p: Panel) -> Harness<'static, Panel> {
    Harness::builder()
        .with_size(egui::Vec2::new(640.0, 3200.0))
        .build_ui_state(
            |ui, p: &mut Panel| {
                let input = SetupInput {
                    roster: &p.roster,
                    map: &p.map,
                    zones: &p.zones,
                    rules: &p.rules,
                    native_dialogs: false,
                    pack_dir: p.pack.as_deref(),
                    map_file: p.map_file.as_deref(),
                };
                if let Some(r) = p.setup.show_ui(ui, &input) {
                    p.requests.push(r);
                }
            },
            p,
        )
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hexwright-setup-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&d).ok();
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn preset(roster: &Roster, race: &str, name: &str) -> Army {
    presets(roster, roster.race_by_name(race).unwrap())
        .into_iter()
        .find(|p| p.0 == name)
        .unwrap()
        .1
}

fn setup() -> Setup {
    Setup::new(&Roster::bundled(), 7)
}

#[test]
fn a_new_setup_has_default_armies_greedy_bots_and_the_default_round_limit() {
    let s = setup();
    assert_eq!(s.ruleset, AKW_RULES_V1);
    assert_eq!(s.armies, None);
    assert_eq!(s.controllers, [Controller::Bot(BotKind::Greedy); 2]);
    assert_eq!(s.round_limit, DEFAULT_ROUND_LIMIT);
    assert_eq!(s.seed, 7);
    let labels: Vec<&str> = Controller::ALL.iter().map(|c| c.label()).collect();
    assert_eq!(
        labels,
        [
            "Human",
            "Random bot",
            "Greedy bot",
            "Planner bot",
            "Search bot",
            "Policy bot"
        ]
    );
    let p = s.prepare(&map(), &Roster::bundled()).unwrap();
    assert!(p.armies.is_none());
    assert_eq!(p.seed, 7);
}

#[test]
fn the_builder_counts_points_live_and_flags_an_illegal_army() {
    let roster = Roster::bundled();
    let mut s = setup();
    s.armies = Some(PerPlayer::from_vec(vec![
        preset(&roster, "Dawnguard", "Balanced"),
        preset(&roster, "Mirefolk", "Elite heavy"),
    ]));
    let mut h = harness(panel(s));
    h.run();
    assert!(
        h.query_by_label("Points: 30 / 30 · deployed: 9 / 10")
            .is_some()
    );
    assert!(!h.get_by_label("Start match").accesskit_node().is_disabled());
    h.get_by_label("Add Knight").click();
    h.run();
    assert!(
        h.query_by_label("Points: 34 / 30 · deployed: 10 / 10")
            .is_some()
    );
    assert!(
        h.query_by_label("the army costs 34 selection points; the limit is 30")
            .is_some()
    );
    assert!(h.get_by_label("Start match").accesskit_node().is_disabled());
    assert!(
        h.query_by_label_contains("Cannot start: the army of side 0 breaks 1 rule(s)")
            .is_some()
    );
    h.get_by_label("Add Pikeman").click();
    h.run();
    assert!(
        h.query_by_label("Points: 36 / 30 · deployed: 11 / 10")
            .is_some()
    );
    assert!(
        h.query_by_label("11 units are deployed; at most 10 fit a starting zone")
            .is_some()
    );
    // Summons go to the reserve pool and cost 1.
    h.get_by_label("Add Hawk").click();
    h.run();
    assert_eq!(h.state().setup.army(PlayerId(0)).reserve, vec!["Hawk"]);
    assert!(
        h.query_by_label("Points: 37 / 30 · deployed: 11 / 10")
            .is_some()
    );
    for kind in ["Hawk", "Pikeman", "Knight"] {
        h.get_by_label(&format!("Remove {kind}")).click();
        h.run();
    }
    assert!(
        h.query_by_label("Points: 30 / 30 · deployed: 9 / 10")
            .is_some()
    );
    assert!(h.query_by_label_contains("Cannot start").is_none());
    assert!(!h.get_by_label("Start match").accesskit_node().is_disabled());
    // No commander is a problem too.
    for _ in 0..1 {
        h.get_by_label("Remove Lord Marshal").click();
        h.run();
    }
    assert!(
        h.query_by_label("the army has no commander; it needs at least one")
            .is_some()
    );
    assert_eq!(
        check_army(&roster, &h.state().setup.army(PlayerId(1))),
        Vec::<String>::new()
    );
}

#[test]
fn start_match_asks_to_start_only_when_the_engine_accepts_the_scenario() {
    let mut h = harness(panel(setup()));
    h.run();
    h.get_by_label("Start match").click();
    h.run();
    assert_eq!(h.state().requests, vec![SetupRequest::Start]);
    // A written deployment the panel cannot see as wrong (the zone
    // passed in is wrong) is refused by the engine with its reasons.
    let p = h.state_mut();
    p.requests.clear();
    p.setup
        .place(PlayerId(0), 0, Hex::new(50, 50), &[Hex::new(50, 50)])
        .unwrap();
    p.zones[PlayerId(0)].push(Hex::new(50, 50));
    h.run();
    h.get_by_label("Start match").click();
    h.run();
    assert!(h.state().requests.is_empty());
    assert!(
        h.query_by_label_contains("not a free hex of side 0's starting zone")
            .is_some()
    );
}

#[test]
fn unticking_default_armies_writes_the_seeds_armies() {
    let mut h = harness(panel(setup()));
    h.run();
    let roster = Roster::bundled();
    h.get_by_label("Default armies (from the seed)").click();
    h.run();
    assert_eq!(h.state().setup.armies, Some(default_armies(&roster, 7)));
    h.get_by_label("Default armies (from the seed)").click();
    h.run();
    assert_eq!(h.state().setup.armies, None);
}

#[test]
fn random_legal_army_and_new_seed_buttons() {
    let roster = Roster::bundled();
    let mut s = setup();
    s.armies = Some(PerPlayer::from_vec(vec![
        preset(&roster, "Dawnguard", "Balanced"),
        preset(&roster, "Mirefolk", "Balanced"),
    ]));
    let mut h = harness(panel(s));
    h.run();
    for _ in 0..5 {
        h.get_all_by_label("Random legal army")
            .next()
            .unwrap()
            .click();
        h.run();
        assert_eq!(
            check_army(&roster, &h.state().setup.army(PlayerId(0))),
            Vec::<String>::new()
        );
    }
    let before = h.state().setup.seed;
    h.get_by_label("New seed").click();
    h.run();
    let after = h.state().setup.seed;
    assert_ne!(before, after);
    assert!(after < 1 << 53);
}

#[test]
fn the_opening_is_shown_and_cleared() {
    let mut s = setup();
    s.opening = vec![Command::EndTurn];
    let mut h = harness(panel(s));
    h.run();
    assert!(
        h.query_by_label("Starts from a saved position (1 commands)")
            .is_some()
    );
    h.get_by_label("Clear").click();
    h.run();
    assert!(h.state().setup.opening.is_empty());
    assert!(h.query_by_label_contains("saved position").is_none());
}

#[test]
fn place_swaps_refuses_hexes_outside_the_zone_and_auto_deploy_clears() {
    let map = map();
    let roster = Roster::bundled();
    let [z0, z1] = zones(&map);
    let mut s = setup();
    // Outside the zone: refused, nothing changes.
    assert!(s.place(PlayerId(0), 0, z1[0], &z0).is_err());
    assert!(s.place(PlayerId(2), 0, z0[0], &z0).is_err());
    assert!(s.place(PlayerId(0), 99, z0[0], &z0).is_err());
    assert_eq!(s.armies, None);
    // The first placement writes the seed's armies.
    s.place(PlayerId(0), 0, z0[0], &z0).unwrap();
    let d = default_armies(&roster, 7);
    let (a, b) = (&d[PlayerId(0)], &d[PlayerId(1)]);
    let armies = s.armies.clone().unwrap();
    assert_eq!(&armies[PlayerId(1)], b);
    assert_eq!(armies[PlayerId(0)].race, a.race);
    assert_eq!(
        s.units(PlayerId(0))[0],
        (0, a.units[0].kind.clone(), Some(z0[0]))
    );
    assert!(s.units(PlayerId(0))[1..].iter().all(|u| u.2.is_none()));
    // Placing on a taken hex swaps (the other unit had no hex: auto).
    s.place(PlayerId(0), 1, z0[0], &z0).unwrap();
    assert_eq!(s.units(PlayerId(0))[0].2, None);
    assert_eq!(s.units(PlayerId(0))[1].2, Some(z0[0]));
    s.place(PlayerId(0), 0, z0[1], &z0).unwrap();
    s.place(PlayerId(0), 0, z0[0], &z0).unwrap();
    assert_eq!(s.units(PlayerId(0))[0].2, Some(z0[0]));
    assert_eq!(s.units(PlayerId(0))[1].2, Some(z0[1]), "swapped");
    assert!(s.problems(PlayerId(0), &rules(&map)).is_empty());
    // The engine deploys them there.
    let p = s.prepare(&map, &roster).unwrap();
    let d = &p.armies.as_ref().unwrap()[PlayerId(0)];
    assert_eq!(d.units[0].1, z0[0]);
    assert_eq!(d.units[1].1, z0[1]);
    // Side 1 too, then auto-deploy clears only that side.
    s.place(PlayerId(1), 0, z1[3], &z1).unwrap();
    s.auto_deploy(PlayerId(0));
    assert!(s.units(PlayerId(0)).iter().all(|u| u.2.is_none()));
    assert_eq!(s.units(PlayerId(1))[0].2, Some(z1[3]));
    s.unplace(PlayerId(1), 0);
    assert!(s.units(PlayerId(1)).iter().all(|u| u.2.is_none()));
    // Default armies: units come from the seed, all automatic.
    let d = setup();
    assert_eq!(d.units(PlayerId(1)).len(), b.units.len());
    assert!(d.units(PlayerId(1)).iter().all(|u| u.2.is_none()));
}

#[test]
fn a_unit_placed_on_its_base_blocks_the_start_as_the_engine_would() {
    let mut map = map();
    let [z0, _] = zones(&map);
    // Side 0's base stands on a hex of its zone.
    let base = map
        .features
        .iter_mut()
        .find(|f| f.kind == hexwright_engine::map::FeatureKind::Base { side: PlayerId(0) })
        .unwrap();
    base.hex = z0[0];
    // Validation refuses such a map too; the board is built without it
    // to show that the setup carries the engine's deployment rule.
    let coverage = hexwright_engine::coverage::Coverage::new(&map).unwrap();
    let rules = Rules {
        arena: hexwright_engine::rules::Arena::new(&map, &coverage),
        roster: Roster::bundled(),
        round_limit: DEFAULT_ROUND_LIMIT,
    };
    let mut s = setup();
    s.place(PlayerId(0), 0, z0[0], &z0).unwrap();
    let army = s.army(PlayerId(0));
    assert!(
        deploy(&rules, &Roster::bundled(), &army, PlayerId(0)).is_err(),
        "the engine refuses the army"
    );
    let problems = s.problems(PlayerId(0), &rules);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("not a free hex"), "{problems:?}");
    assert_eq!(
        s.blockers(&rules),
        ["the army of side 0 breaks 1 rule(s)"],
        "so Start match is greyed"
    );
}

#[test]
fn the_deployment_list_shows_hexes_and_auto_deploy_clears_them() {
    let map = map();
    let [z0, _] = zones(&map);
    let mut s = setup();
    s.place(PlayerId(0), 0, z0[2], &z0).unwrap();
    let mut h = harness(panel(s));
    h.run();
    let shown = format!("({},{})", z0[2].x, z0[2].y);
    assert!(h.query_by_label(&shown).is_some());
    h.get_all_by_label("Auto-deploy").next().unwrap().click();
    h.run();
    assert!(h.query_by_label(&shown).is_none());
    assert!(
        h.state()
            .setup
            .units(PlayerId(0))
            .iter()
            .all(|u| u.2.is_none())
    );
}

#[test]
fn prepare_lists_the_problems_of_both_sides() {
    let roster = Roster::bundled();
    let map = map();
    let mut s = setup();
    let mut a = preset(&roster, "Dawnguard", "Balanced");
    a.units.remove(0);
    let mut b = preset(&roster, "Mirefolk", "Balanced");
    b.units.push(b.units[1].clone());
    s.armies = Some(PerPlayer::from_vec(vec![a, b]));
    let e = s.prepare(&map, &roster).unwrap_err();
    assert!(e.contains("The army of side 0 breaks"), "{e}");
    assert!(e.contains("no commander"), "{e}");
    assert!(e.contains("The army of side 1 breaks"), "{e}");
    assert!(e.contains("selection points"), "{e}");
    s.round_limit = 0;
    assert!(
        s.prepare(&map, &roster)
            .unwrap_err()
            .contains("round limit")
    );
}

#[test]
fn a_saved_scenario_loads_back_identical() {
    let dir = temp("round-trip");
    let path = dir.join("mine.ron");
    let roster = Roster::bundled();
    let mut s = setup();
    s.seed = 12_345;
    s.round_limit = 77;
    s.armies = Some(PerPlayer::from_vec(vec![
        preset(&roster, "Mirefolk", "Soldier swarm"),
        preset(&roster, "Dawnguard", "Elite heavy"),
    ]));
    let z0 = zones(&map())[0].clone();
    s.place(PlayerId(0), 2, z0[4], &z0).unwrap();
    s.opening = vec![Command::EndTurn];
    let expected = s.scenario(&map());
    // Through the panel: the typed path, "Save scenario…".
    let mut h = harness(panel(s));
    h.run();
    h.state_mut().setup.file = path.display().to_string();
    h.get_by_label("Save scenario…").click();
    h.run();
    assert_eq!(
        h.state().requests,
        vec![SetupRequest::SavedScenario { path: path.clone() }]
    );
    assert!(h.query_by_label_contains("Saved ").is_some());
    assert_eq!(Scenario::load(&path).unwrap(), expected);
    // A fresh panel loads it back.
    let mut h = harness(panel(Setup::new(&roster, 1)));
    h.run();
    h.state_mut().setup.file = path.display().to_string();
    h.get_by_label("Load scenario…").click();
    h.run();
    assert!(h.query_by_label_contains("Loaded ").is_some());
    assert_eq!(h.state().setup.scenario(&map()), expected);
    assert!(
        h.query_by_label("Starts from a saved position (1 commands)")
            .is_some()
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn saving_into_the_pack_folder_writes_the_maps_path() {
    let dir = temp("pack");
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    let map = map();
    let mut p = panel(setup());
    p.pack = Some(dir.clone());
    p.map_file = Some("twin-fords.ron".into());
    let mut h = harness(p);
    h.run();
    // The path defaults to the pack folder.
    assert_eq!(
        h.state().setup.file,
        dir.join("twin-fords-scenario.ron").display().to_string()
    );
    h.get_by_label("Save scenario…").click();
    h.run();
    let top = Scenario::load(&dir.join("twin-fords-scenario.ron")).unwrap();
    assert_eq!(top.map, MapRef::Path("twin-fords.ron".into()));
    // In a subfolder, the path climbs back to the pack folder.
    let nested = dir.join("scenarios").join("a.ron");
    h.state_mut().setup.file = nested.display().to_string();
    h.get_by_label("Save scenario…").click();
    h.run();
    let s = Scenario::load(&nested).unwrap();
    assert_eq!(s.map, MapRef::Path("../twin-fords.ron".into()));
    // The pack lists it when the app registers the saved path.
    let mut draft = crate::document::pack_draft::PackDraft::new(dir.clone());
    for r in &h.state().requests {
        let SetupRequest::SavedScenario { path } = r else {
            panic!("{r:?}")
        };
        assert!(draft.register_scenario(path));
    }
    assert_eq!(
        draft.manifest().scenarios,
        vec!["twin-fords-scenario.ron", "scenarios/a.ron"]
    );
    // Outside the pack folder, or a map that is not the pack's: inline.
    let other = temp("pack-outside").join("b.ron");
    h.state_mut().setup.file = other.display().to_string();
    h.get_by_label("Save scenario…").click();
    h.run();
    assert_eq!(
        Scenario::load(&other).unwrap().map,
        MapRef::Inline(Box::new(map.clone()))
    );
    let s = h
        .state()
        .setup
        .scenario_for_file(&map, &nested, Some(&dir), None);
    assert_eq!(s.map, MapRef::Inline(Box::new(map)));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(other.parent().unwrap()).ok();
}

#[test]
fn hostile_scenario_files_give_errors_with_positions_and_never_panic() {
    let dir = temp("hostile");
    let map = map();
    let deep = format!("(format: 1, map: {}", "Inline(".repeat(5000));
    let many_units = format!(
        "(format: 1, map: Path(\"m.ron\"), armies: Some(((race: \"Dawnguard\", units: [{}]), (race: \"Mirefolk\", units: []))))",
        "(kind: \"Knight\"),".repeat(MAX_LOADED_UNITS + 1)
    );
    let cases: Vec<(&str, Vec<u8>, Option<&str>)> = vec![
        (
            "syntax.ron",
            b"(format: 1,\n  map: Path(\"x.ron\"),\n  seed: \"seven\",\n)".to_vec(),
            Some(":3:"),
        ),
        (
            "unknown.ron",
            b"(format: 1, map: Path(\"x.ron\"), cheat: true)".to_vec(),
            Some(":1:"),
        ),
        (
            "truncated.ron",
            b"(format: 1, map: Path(\"x.ron\"), armies: Some((".to_vec(),
            Some(":1:"),
        ),
        (
            "negative.ron",
            b"(format: 1, map: Path(\"x.ron\"), seed: -1)".to_vec(),
            Some(":1:"),
        ),
        (
            "huge.ron",
            b"(format: 1, map: Path(\"x.ron\"), round_limit: 99999999999999999999)".to_vec(),
            Some(":1:"),
        ),
        ("deep.ron", deep.into_bytes(), Some(":1:")),
        ("binary.ron", vec![0xff, 0xfe, 0, 1, 2], None),
        ("empty.ron", Vec::new(), Some(":1:1")),
        (
            "format.ron",
            b"(format: 9, map: Path(\"x.ron\"))".to_vec(),
            None,
        ),
        ("many.ron", many_units.into_bytes(), None),
        ("missing.ron", Vec::new(), None),
    ];
    for (name, bytes, position) in cases {
        let path = dir.join(name);
        if name != "missing.ron" {
            std::fs::write(&path, bytes).unwrap();
        }
        let mut s = setup();
        let before = s.scenario(&map);
        let e = s.load_from(&path, &map).unwrap_err();
        assert!(e.contains(&path.display().to_string()), "{name}: {e}");
        if let Some(p) = position {
            assert!(e.contains(p), "{name}: {e}");
        }
        assert_eq!(s.scenario(&map), before, "{name}: nothing changes");
    }
    // The panel shows the error with its position.
    let mut h = harness(panel(setup()));
    h.run();
    h.state_mut().setup.file = dir.join("syntax.ron").display().to_string();
    h.get_by_label("Load scenario…").click();
    h.run();
    let shown = format!("{}:3:", dir.join("syntax.ron").display());
    assert!(h.query_by_label_contains(&shown).is_some());
    assert!(
        h.query_by_label_contains("Could not load the scenario")
            .is_some()
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn loading_takes_the_settings_but_not_the_map() {
    let roster = Roster::bundled();
    let mut other = map();
    other.meta.name = "Another".into();
    let mut source = setup();
    source.seed = 99;
    source.armies = Some(PerPlayer::from_vec(vec![
        preset(&roster, "Mirefolk", "Balanced"),
        preset(&roster, "Mirefolk", "Soldier swarm"),
    ]));
    let scenario = source.scenario(&other);
    let mut s = setup();
    s.controllers = [Controller::Human, Controller::Bot(BotKind::Planner)].into();
    s.load(&scenario);
    assert_eq!(s.seed, 99);
    assert_eq!(s.armies, source.armies);
    assert_eq!(
        s.controllers, source.controllers,
        "the scenario's seats say who plays"
    );
    // A scenario without seats (format 1, or hand-written) keeps them.
    let mut unseated = scenario.clone();
    unseated.seats.clear();
    s.controllers = [Controller::Human, Controller::Bot(BotKind::Planner)].into();
    s.load(&unseated);
    assert_eq!(
        s.controllers[PlayerId(0)],
        Controller::Human,
        "controllers stay"
    );
    assert_eq!(s.scenario(&map()).map, MapRef::Inline(Box::new(map())));
}

#[test]
fn a_loaded_scenario_gives_one_seat_per_player_of_the_map() {
    let roster = Roster::bundled();
    let mut s = Setup::for_players(&roster, 1, 4);
    let mut scenario =
        s.scenario(&hexwright_headless::files::bundled::map("four-corners.ron").unwrap());
    scenario.seats = vec!["human".into(), "random".into()];
    s.load(&scenario);
    assert_eq!(s.controllers.len(), 4);
    assert_eq!(s.controllers[PlayerId(0)], Controller::Human);
    assert_eq!(s.controllers[PlayerId(1)], Controller::Bot(BotKind::Random));
    assert_eq!(s.controllers[PlayerId(3)], Controller::default());
    scenario.seats = vec!["greedy".into(); 6];
    s.load(&scenario);
    assert_eq!(s.controllers.len(), 4, "extra seats are dropped");
}
