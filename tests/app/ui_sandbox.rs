//! The sandbox, driven headless with `egui_kittest` through the app's
//! labels: open it on the default map, step and watch the event log grow,
//! rewind and step again to the same state hashes, play a move by clicks,
//! see an illegal click's reason, switch views (fog), run a small batch,
//! and reopen a saved replay at the same final state.

use crate::common;
use hexwright_engine::rules::UnitCommand;

use common::sandbox::*;
use common::ui::type_into;
use egui::{Event, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use hexwright::app::HexwrightApp;
use hexwright::canvas;
use hexwright::sandbox::Controller;
use hexwright::sandbox::{Tab, Viewpoint};
use hexwright_engine::bots::BotKind;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::Command;

#[test]
fn play_opens_the_sandbox_and_back_returns_to_the_editor() {
    let mut h = sandbox();
    assert_eq!(
        h.state().sandbox().map(hexwright::sandbox::Sandbox::tab),
        Some(Tab::Scenario)
    );
    h.get_by_label("Back to editor").click();
    h.run();
    assert!(h.state().sandbox().is_none());
    // F5 opens it again.
    h.key_press(Key::F5);
    h.run();
    assert!(h.state().sandbox().is_some());
}

#[test]
fn stepping_grows_the_event_log() {
    let mut h = started();
    assert!(h.query_by_label("0 / 0 commands").is_some());
    for n in 1..=3 {
        h.get_by_label("Step command").click();
        h.run();
        assert_eq!(cursor(&h), n);
        assert!(h.query_by_label(&format!("{n} / {n} commands")).is_some());
    }
    let first = timeline(&h).unwrap().steps()[0].line.clone();
    assert!(first.starts_with("Round 1, side 0: "), "{first}");
    assert!(h.query_by_label(&first).is_some(), "the log shows {first}");
    // The legend explains the board's marks.
    h.get_by_label("What the marks mean").click();
    h.run();
    assert!(h.query_by_label("Summoned").is_some());
    assert!(h.query_by_label("Pending capture (dashed ring)").is_some());
}

#[test]
fn rewinding_and_stepping_again_gives_the_same_state_hashes() {
    let mut h = started();
    for _ in 0..4 {
        h.get_by_label("Step turn").click();
        h.run();
    }
    let t = timeline(&h).unwrap();
    let hashes: Vec<u64> = t.steps().iter().map(|s| s.hash).collect();
    let end = t.cursor();
    assert!(end >= 4);
    // Click a log line near the end: the cursor goes to just after it.
    let line = t.steps()[end - 3].line.clone();
    h.get_by_label(&line).click();
    h.run();
    assert_eq!(cursor(&h), end - 2);
    // Rewind to round 2 with the jump field, then step forward again.
    h.get_by_label("Go to round").click();
    h.run();
    assert_eq!(timeline(&h).unwrap().state().round(), 2);
    assert!(cursor(&h) > 0);
    while cursor(&h) < end {
        h.get_by_label("Step command").click();
        h.run();
        assert_eq!(state_hash(&h), hashes[cursor(&h) - 1]);
    }
}

#[test]
fn a_person_moves_a_unit_by_clicks() {
    let mut h = human_match();
    let (s, unit, from) = first_unit(&h);
    let to = hexwright::sandbox::UnitOptions::of(&s, unit.id).moves[0];
    click_hex(&mut h, from);
    assert_eq!(h.state().sandbox().unwrap().selected(), Some(unit.id));
    click_hex(&mut h, to);
    let t = timeline(&h).unwrap();
    assert_eq!(t.steps().len(), 1);
    assert_eq!(
        t.steps()[0].cmd,
        Command::Unit(UnitCommand::Move { unit: unit.id, to })
    );
    // End the turn with the button; the greedy bot of side 1 answers by itself.
    h.get_by_label("End turn").click();
    h.run();
    assert_eq!(timeline(&h).unwrap().state().side(), PlayerId(0));
    // The replay names the person's side `human` and re-runs to this state.
    let replay = h.state().sandbox().unwrap().replay().expect("a replay");
    assert_eq!(replay.header.players[0], "human");
    let summary = replay
        .run(&hexwright_engine::rules::Roster::bundled(), "test", None)
        .expect("the replay re-runs");
    assert_eq!(
        summary.final_hash.0,
        timeline(&h).unwrap().state().state_hash()
    );
}

#[test]
fn bots_play_on_by_themselves_after_a_person_ends_a_turn() {
    let mut h = human_match();
    h.get_by_label("End turn").click();
    h.step();
    // The bot's seat plays its turn frame by frame at the chosen speed,
    // without Play or Step, and stops when the person is to move again.
    assert!(h.state().sandbox().unwrap().is_playing());
    assert_eq!(timeline(&h).unwrap().state().side(), PlayerId(1));
    let mut frames = 0;
    while timeline(&h).unwrap().state().side() == PlayerId(1) && frames < 400 {
        h.step();
        frames += 1;
    }
    let sb = h.state().sandbox().unwrap();
    let t = sb.timeline().unwrap();
    assert_eq!(
        t.state().side(),
        PlayerId(0),
        "side 1's bot never finished its turn"
    );
    assert!(
        frames > 1,
        "the bot's turn was played at once, not at the speed"
    );
    assert!(
        t.steps().len() > 2,
        "the bot ended its turn without playing"
    );
    h.step();
    let sb = h.state().sandbox().unwrap();
    assert!(!sb.is_playing());
    assert_eq!(sb.message(), Some("Side 0's turn: your move"));
}

#[test]
fn an_illegal_click_shows_the_engines_reason() {
    let mut h = human_match();
    let (s, _, from) = first_unit(&h);
    // The usable hex farthest from the unit that shows on the canvas.
    let far = s
        .arena()
        .hexes()
        .iter()
        .copied()
        .filter(|h| s.units_at_hex(*h).next().is_none())
        .max_by_key(|h| h.unsigned_distance_to(from))
        .expect("hexes");
    click_hex(&mut h, from);
    click_hex(&mut h, far);
    assert_eq!(timeline(&h).unwrap().steps().len(), 0, "nothing was played");
    let message = h.state().sandbox().unwrap().message().unwrap().to_owned();
    assert!(message.contains("not reachable"), "{message}");
    assert!(h.query_by_label_contains("not reachable").is_some());
}

#[test]
fn switching_views_changes_what_is_drawn() {
    let mut h = started();
    for _ in 0..2 {
        h.get_by_label("Step turn").click();
        h.run();
    }
    let shapes = |h: &mut Harness<'_, HexwrightApp>| {
        h.run();
        h.output().shapes.len()
    };
    let all = shapes(&mut h);
    let sb = h.state().sandbox().unwrap();
    let (truth, fog) = sb.shown_state().unwrap();
    assert!(fog.is_none());
    h.get_by_label("Side 0's view").click();
    h.run();
    assert_eq!(
        h.state().sandbox().unwrap().viewpoint(),
        Viewpoint::Side(PlayerId(0))
    );
    let side0 = shapes(&mut h);
    let (view, fog) = h.state().sandbox().unwrap().shown_state().unwrap();
    let fog = fog.expect("a side's view has fog");
    assert!(fog.iter().any(|&v| !v), "side 0 does not see every hex");
    let seen = |s: &hexwright_engine::rules::MatchState| {
        s.units()
            .iter()
            .filter(|u| u.side == PlayerId(1) && u.on_board())
            .count()
    };
    assert!(seen(&view) < seen(&truth), "side 0 sees fewer enemy units");
    assert_ne!(all, side0, "the fog is drawn");
}

#[test]
fn a_saved_replay_reopens_at_the_same_final_state() {
    let dir = std::env::temp_dir().join(format!("hexwright-sandbox-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("match.replay.ron");
    let mut h = started();
    // Play the match to its end.
    for _ in 0..200 {
        if timeline(&h).unwrap().state().outcome().is_some() {
            break;
        }
        h.get_by_label("Step turn").click();
        h.run();
    }
    let t = timeline(&h).unwrap();
    assert!(t.state().outcome().is_some(), "the match ends");
    let final_hash = t.state().state_hash();
    let steps = t.steps().len();
    type_into(&mut h, "Replay file", &path.display().to_string());
    h.get_by_label("Save replay").click();
    h.run();
    assert!(
        path.is_file(),
        "{:?}",
        h.state().sandbox().unwrap().message()
    );
    // The file is the replay `hexwright simulate --record` writes for the
    // same match: both are recorded by the engine.
    {
        use hexwright_engine::replay::Replay;
        use hexwright_engine::sim::{self, PlayOptions};
        let t = timeline(&h).unwrap();
        let map = hexwright_headless::files::bundled::default_map().expect("the bundled map");
        let bots = [BotKind::Greedy; 2];
        let played = sim::play(t.prepared(), t.seed(), bots, PlayOptions { record: true });
        let recorded = Replay::from_match(&played, t.prepared(), &map).expect("records");
        let text = recorded.to_ron_string().expect("encodes");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }
    h.get_by_label("Restart").click();
    h.run();
    assert_eq!(cursor(&h), 0);
    type_into(&mut h, "Replay to open", &path.display().to_string());
    h.get_by_label("Open replay").click();
    h.run();
    let t = timeline(&h).unwrap();
    assert_eq!(t.steps().len(), steps);
    assert_eq!(t.state().state_hash(), final_hash);
    assert!(
        h.query_by_label_contains("wins in round").is_some()
            || h.query_by_label_contains("Draw").is_some()
    );
    // Restart plays the replay's match again, to the same end.
    h.get_by_label("Restart").click();
    h.run();
    assert_eq!(cursor(&h), 0);
    for _ in 0..200 {
        if timeline(&h).unwrap().state().outcome().is_some() {
            break;
        }
        h.get_by_label("Step turn").click();
        h.run();
    }
    assert_eq!(state_hash(&h), final_hash);
    // Enter in the path field opens it too, like the button.
    h.get_by_label("Restart").click();
    h.run();
    assert_eq!(cursor(&h), 0);
    type_into(&mut h, "Replay to open", &path.display().to_string());
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(timeline(&h).unwrap().steps().len(), steps);
    assert_eq!(state_hash(&h), final_hash);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_map_with_validation_errors_is_refused() {
    use hexwright::document::MapSource;
    use hexwright_engine::board::Board;
    use hexwright_engine::layout::Orientation;
    use hexwright_engine::map::Map;
    let map = Map::new_empty("Blank", Orientation::Pointy, 20.0, 800.0, 600.0).unwrap();
    let mut h = harness(HexwrightApp::new(
        Board::new(map).unwrap(),
        MapSource::Unsaved,
    ));
    h.get_by_label("Play").click();
    h.run();
    assert!(h.state().sandbox().is_none());
    assert!(h.query_by_label_contains("Cannot play").is_some());
}

#[test]
fn a_bot_seat_can_be_taken_over_after_a_rewind() {
    let mut h = started();
    for _ in 0..4 {
        h.get_by_label("Step turn").click();
        h.run();
    }
    // The Round field shows the cursor's round, 3; go back to round 2.
    h.get_by_label("Round").set_value_accesskit(2.0);
    h.run();
    h.get_by_label("Go to round").click();
    h.run();
    let s = timeline(&h).unwrap().state().clone();
    assert_eq!(
        (s.round(), s.side()),
        (2, hexwright_engine::player::PlayerId(0))
    );
    h.state_mut().sandbox_mut().unwrap().apply(
        hexwright::sandbox::SandboxAction::SetSeat(PlayerId(0), None),
        0.0,
    );
    h.run();
    // Ending the turn here differs from what the bot played: it asks
    // before dropping the recorded rounds.
    h.get_by_label("End turn").click();
    h.run();
    h.get_by_label_contains("Play and drop").click();
    h.step();
    let t = timeline(&h).unwrap();
    assert_eq!(t.steps()[t.cursor() - 1].cmd, Command::EndTurn);
    assert_eq!(t.state().side(), PlayerId(1));
    assert_eq!(t.seats(), [None, Some(BotKind::Greedy)]);
    // Side 1's bot plays on by itself, back to the person.
    h.run();
    assert_eq!(timeline(&h).unwrap().state().side(), PlayerId(0));
}

#[test]
fn a_unit_is_deployed_by_dragging_it_on_the_map() {
    let mut h = sandbox();
    let sb = h.state().sandbox().unwrap();
    let map = sb.map().clone();
    let roster = hexwright_engine::rules::Roster::bundled();
    let p = sb
        .setup()
        .prepare(&map, &roster)
        .expect("the default scenario plays");
    let d = p.deployments(sb.setup().seed);
    let (_, from) = d[PlayerId(0)].units[0];
    let zone = h.state().document().zones_of(PlayerId(0));
    let free = zone
        .iter()
        .copied()
        .find(|z| d[PlayerId(0)].units.iter().all(|(_, h)| h != z) && map.feature_at(*z).is_none())
        .expect("a free hex in side 0's zone");
    let app = h.state();
    let at = |hex| canvas::hex_screen_pos(app.view(), app.canvas().rect(), app.document(), hex);
    let (a, b) = (at(from), at(free));
    h.hover_at(a);
    h.run();
    press(&h, a, true);
    h.run();
    for k in 1..=8 {
        h.hover_at(a + (b - a) * (k as f32 / 8.0));
        h.run();
    }
    press(&h, b, false);
    h.run();
    let units = h.state().sandbox().unwrap().setup().units(PlayerId(0));
    assert_eq!(
        units[0].2,
        Some(free),
        "the dragged unit stands where it was dropped"
    );
    assert!(
        units.iter().all(|u| u.2.is_some()),
        "the others are pinned where they were"
    );
    // The match starts with the unit there.
    h.get_by_label("Start match").click();
    h.run();
    let s = timeline(&h)
        .unwrap_or_else(|| panic!("{:?}", h.state().sandbox().unwrap().message()))
        .state();
    assert!(s.units_at_hex(free).any(|u| u.side == PlayerId(0)));
}

/// The sandbox's Batch tab after a batch of `matches` between `bots` from
/// `seed` has finished (at most two minutes).
/// A batch's results are never discarded without a word: opening another
/// map asks first, *Back to the sandbox* shows them again, and only
/// *Discard results* goes on.
#[test]
fn opening_another_map_asks_before_discarding_a_batch() {
    use hexwright::app::Action;
    let mut h = batch_done(4, [BotKind::Greedy, BotKind::Random], 7);
    let first = h.state().document().map().meta.name.clone();
    h.get_by_label("Back to editor").click();
    h.run();
    let open = |h: &mut Harness<'_, HexwrightApp>| {
        h.state_mut()
            .apply(Action::OpenBundled("ember-isles.ron".into()));
        h.run();
    };
    open(&mut h);
    assert!(
        h.query_by_label("Discard the sandbox's results?").is_some(),
        "it asks"
    );
    assert!(
        h.query_by_label("• the results of a batch of 4 matches")
            .is_some()
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(
        h.state().document().map().meta.name,
        first,
        "nothing opened"
    );
    open(&mut h);
    h.get_by_label("Back to the sandbox").click();
    h.run();
    let sb = h.state().sandbox().expect("the sandbox is shown again");
    assert_eq!(sb.batch().results().map(|r| r.rows.len()), Some(4));
    h.get_by_label("Back to editor").click();
    h.run();
    open(&mut h);
    h.get_by_label("Discard results").click();
    h.run();
    assert_ne!(h.state().document().map().meta.name, first, "opened");
    h.get_by_label("Play").click();
    h.run();
    let sb = h.state().sandbox().expect("a new sandbox");
    assert!(sb.held_work().is_empty(), "{:?}", sb.held_work());
}

/// The editor's Fairness panel shows the simulated verdict the sandbox
/// holds beside the static figures, and opens the sandbox behind it.
#[test]
fn the_fairness_panel_links_to_the_simulated_verdict() {
    let mut h = batch_done(4, [BotKind::Greedy, BotKind::Random], 7);
    let verdict = h
        .state()
        .sandbox()
        .unwrap()
        .simulated_verdict()
        .expect("a verdict");
    h.get_by_label("Back to editor").click();
    h.run();
    let shown = format!("Simulated: {verdict}");
    h.get_by_label(&shown).scroll_to_me();
    h.run();
    h.get_by_label("Open the sandbox").click();
    h.run();
    assert!(h.state().sandbox().is_some(), "back in the sandbox");
}

#[test]
fn a_small_batch_completes_and_any_match_opens_in_the_step_view() {
    let mut h = batch_done(4, [BotKind::Greedy, BotKind::Random], 7);
    assert!(h.query_by_label_contains("Side 0 wins").is_some());
    assert!(h.query_by_label_contains("Side 1 wins").is_some());
    let results = h.state().sandbox().unwrap().batch().results().unwrap();
    assert_eq!(results.rows.len(), 4);
    let row = results.rows[1].clone();
    h.get_by_label("Open match 2").click();
    h.run();
    let sb = h.state().sandbox().unwrap();
    assert_eq!(sb.tab(), Tab::Match);
    let t = sb.timeline().expect("the match opened");
    assert_eq!(t.seed(), row.seed);
    assert_eq!(t.state().round(), row.rounds);
    assert_eq!(t.state().outcome(), Some(row.outcome));
}

#[test]
fn a_saved_position_is_where_new_matches_start() {
    let dir = std::env::temp_dir().join(format!("hexwright-position-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("position.scenario.ron");
    let mut h = started();
    for _ in 0..3 {
        h.get_by_label("Step turn").click();
        h.run();
    }
    let position = state_hash(&h);
    let round = timeline(&h).unwrap().state().round();
    type_into(&mut h, "Scenario file", &path.display().to_string());
    h.get_by_label("Save position as scenario").click();
    h.run();
    assert!(
        path.is_file(),
        "{:?}",
        h.state().sandbox().unwrap().message()
    );
    // The file is an ordinary scenario with the opening in it.
    let scenario =
        hexwright_engine::rules::scenario::Scenario::load(&path).expect("a valid scenario");
    assert!(!scenario.opening.is_empty());
    // Restarting now starts from the position.
    h.get_by_label("Restart").click();
    h.run();
    assert_eq!(cursor(&h), 0);
    assert_eq!(state_hash(&h), position);
    assert_eq!(timeline(&h).unwrap().state().round(), round);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_person_spawns_a_unit_from_a_barracks_menu() {
    let mut h = human_match();
    let s = timeline(&h).unwrap().state().clone();
    let barracks = s
        .arena()
        .barracks
        .iter()
        .map(|&(c, side)| (s.arena().hex(c), side))
        .find(|&(hex, side)| side == PlayerId(0) && s.units_at_hex(hex).next().is_none())
        .expect("side 0 has a free barracks")
        .0;
    click_hex(&mut h, barracks);
    let heading = format!("Barracks at ({},{})", barracks.x, barracks.y);
    assert!(h.query_by_label(&heading).is_some(), "the spawn menu opens");
    // The cheapest kind side 0 can afford.
    let race = s.race()[PlayerId(0)];
    let roster = s.roster();
    let kind = roster
        .race_kinds(race)
        .map(|k| &roster.kind(k).def)
        .filter(|d| d.class.spawnable() && d.cost.unwrap_or(0) <= s.energy()[PlayerId(0)])
        .min_by_key(|d| d.cost)
        .expect("an affordable kind")
        .clone();
    let label = format!("Spawn {} ({} Energy)", kind.name, kind.cost.unwrap_or(0));
    h.get_by_label(&label).click();
    h.run();
    let to = hexwright::sandbox::spawn_targets(&s, barracks, &kind.name)[0];
    click_hex(&mut h, to);
    let t = timeline(&h).unwrap();
    assert_eq!(
        t.steps().len(),
        1,
        "{:?}",
        h.state().sandbox().unwrap().message()
    );
    assert_eq!(
        t.steps()[0].cmd,
        Command::Spawn {
            barracks,
            kind: kind.name.as_str().into(),
            to
        }
    );
    assert!(t.state().units_at_hex(to).any(|u| u.side == PlayerId(0)));
}

#[test]
fn the_number_of_matches_can_be_typed() {
    let mut h = sandbox();
    h.get_by_label("Batch").click();
    h.run();
    h.get_by_label("Matches").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label("Matches").type_text("250");
    h.key_press(Key::Enter);
    h.run();
    assert!(h.query_by_label("Simulate 250 matches").is_some());
    // One click for a thousand.
    h.get_by_label("1000").click();
    h.run();
    assert!(h.query_by_label("Simulate 1000 matches").is_some());
}

#[test]
fn the_shortcut_sheet_does_not_follow_into_the_sandbox() {
    let mut h = harness(HexwrightApp::with_default_map());
    h.key_press(egui::Key::F1);
    h.run();
    assert!(h.state().shortcuts_shown());
    // F5 plays the map while the sheet is open.
    h.key_press(egui::Key::F5);
    h.run();
    assert!(h.state().sandbox().is_some(), "the sandbox opens");
    assert!(!h.state().shortcuts_shown());
    assert!(h.query_by_label("Keyboard shortcuts").is_none());
}

#[test]
fn f_home_and_the_fit_button_fit_the_board() {
    let mut h = sandbox();
    let fitted = h.state().view().scale();
    let zoom_in = |h: &mut Harness<'static, HexwrightApp>| {
        let rect = h.state().canvas().rect();
        h.hover_at(rect.center());
        h.event(Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: Vec2::new(0.0, 240.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: Modifiers::NONE,
        });
        h.run();
        assert!(
            h.state().view().scale() > fitted * 1.01,
            "the wheel zooms in"
        );
    };
    zoom_in(&mut h);
    h.key_press(Key::F);
    h.run();
    assert!((h.state().view().scale() - fitted).abs() < 1e-9 * fitted);
    zoom_in(&mut h);
    h.key_press(Key::Home);
    h.run();
    assert!((h.state().view().scale() - fitted).abs() < 1e-9 * fitted);
    zoom_in(&mut h);
    h.get_by_label("Fit").click();
    h.run();
    assert!((h.state().view().scale() - fitted).abs() < 1e-9 * fitted);
}

#[test]
fn a_started_match_opens_fitted_and_messages_move_nothing() {
    let mut h = sandbox();
    // Zoomed in on the scenario tab, then the match starts: it opens fitted.
    let rect = h.state().canvas().rect();
    h.hover_at(rect.center());
    h.event(Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: Vec2::new(0.0, 240.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: Modifiers::NONE,
    });
    h.run();
    let zoomed = h.state().view().scale();
    h.get_by_label("Start match").click();
    h.run();
    let opened = *h.state().view();
    assert!(opened.scale() < zoomed, "still zoomed in");
    h.key_press(Key::F);
    h.run();
    assert_eq!(*h.state().view(), opened, "the match did not open fitted");
    // A message ("Match started…") and no message lay out the same.
    assert!(h.state().sandbox().unwrap().message().is_some());
    let step = h.get_by_label("Step turn").rect();
    let board = h.state().canvas().rect();
    h.get_by_label("Step command").click();
    h.run();
    h.get_by_label("Step back").click();
    h.run();
    assert_eq!(h.state().sandbox().unwrap().message(), None);
    assert_eq!(
        h.get_by_label("Step turn").rect(),
        step,
        "the controls jumped"
    );
    assert_eq!(h.state().canvas().rect(), board, "the board moved");
    assert_eq!(*h.state().view(), opened, "the board re-centred");
}

#[test]
fn units_carry_readable_letters_on_every_bundled_map_fitted() {
    for (file, _) in hexwright_headless::files::bundled::MAPS {
        let map = hexwright_headless::files::bundled::map(file).unwrap();
        let mut h = harness(HexwrightApp::new(
            hexwright_engine::board::Board::new(map).unwrap(),
            hexwright::document::MapSource::Bundled((*file).to_owned()),
        ));
        h.get_by_label("Play").click();
        h.run();
        // Every bundled map opens: two players in akw-rules-v1, three and
        // four in phase-rules-v1.
        assert!(h.state().sandbox().is_some(), "{file}");
        h.get_by_label("Start match").click();
        h.run();
        let app = h.state();
        let px = (app.document().map().layout.hex_size.get() * app.view().scale()) as f32;
        let (radius, letter) = hexwright::sandbox::unit_glyph(px);
        assert!(
            letter.is_some_and(|size| size >= hexwright::sandbox::MIN_LETTER),
            "{file}: hexes of {px} points, units of radius {radius} without a letter"
        );
    }
}

#[test]
fn batch_results_fill_the_middle_and_sort_by_any_column() {
    let mut h = batch_done(60, [BotKind::Random, BotKind::Random], 3);
    // Many rows at once in the central area, each with its Open button.
    let shown = h.query_all_by_label_contains("Open match ").count();
    assert!(shown >= 12, "only {shown} rows are shown");
    // Sorting by rounds: the first row is the shortest match.
    h.get_by_label("Rounds").click();
    h.run();
    h.get_by_label("Rounds (asc)").click();
    h.run();
    let rows = h
        .state()
        .sandbox()
        .unwrap()
        .batch()
        .results()
        .unwrap()
        .rows
        .clone();
    let longest = rows.iter().map(|r| r.rounds).max().unwrap();
    h.get_all_by_label_contains("Open match ")
        .next()
        .unwrap()
        .click();
    h.run();
    let t = timeline(&h).expect("the match opened");
    assert_eq!(
        t.state().round(),
        longest,
        "descending puts the longest match first"
    );
}

/// The sandbox on the bundled four-player map, Four Corners.
fn four_corners() -> Harness<'static, HexwrightApp> {
    let map = hexwright_headless::files::bundled::map("four-corners.ron").expect("bundled map");
    let board = hexwright_engine::board::Board::new(map).expect("a valid board");
    let app = HexwrightApp::new(
        board,
        hexwright::document::MapSource::Bundled("four-corners.ron".into()),
    );
    let mut h = harness(app);
    h.get_by_label("Play").click();
    h.run();
    assert!(h.state().sandbox().is_some(), "the sandbox opens");
    h
}

fn live<'a>(h: &'a Harness<'_, HexwrightApp>) -> &'a hexwright::sandbox::Live {
    h.state()
        .sandbox()
        .and_then(hexwright::sandbox::Sandbox::live)
        .expect("a match")
}

#[test]
fn four_bots_play_phase_rules_turn_by_turn_with_the_turn_strip() {
    use hexwright_engine::ruleset::RulesetId;
    let mut h = four_corners();
    // The map is for four: phase-rules-v1 is the ruleset.
    assert!(h.query_by_label("Ruleset").is_some());
    assert_eq!(
        h.state().sandbox().unwrap().setup().ruleset,
        RulesetId::PhaseRulesV1.id()
    );
    assert!(
        h.query_by_label("Side 3 played by").is_some(),
        "one row per player"
    );
    h.get_by_label("Start match").click();
    h.run();
    assert_eq!(live(&h).ruleset(), RulesetId::PhaseRulesV1);
    // The strip: four phases, the token holder, each player's cards.
    for title in ["Commanders", "Elites", "Soldiers", "Summons", "Hand"] {
        assert!(h.query_by_label(title).is_some(), "{title}");
    }
    assert!(
        h.query_by_label("Round 1 of 40 · side 0 places its cards")
            .is_some()
    );
    // Step the commanders' phase: every player flipped its card and the
    // order of play is shown.
    h.get_by_label("Step phase").click();
    h.run();
    let t = live(&h).phase().expect("a phase match");
    let s = t.state();
    assert_eq!(s.phase_index(), 1, "on to the elites");
    let order = hexwright::sandbox::order_text(s, 0).expect("commanders ordered");
    assert!(
        h.query_by_label(&format!("Commanders: {order}")).is_some(),
        "{order}"
    );
    for p in PlayerId::all(4) {
        let card = hexwright::sandbox::card_text(s, p, 0);
        assert!(!card.starts_with('–') && !card.starts_with('?'), "{card}");
    }
    // A whole turn, then rewind and step again to the same hash.
    h.get_by_label("Step turn").click();
    h.run();
    let (n, hash) = (live(&h).cursor(), live(&h).state_hash());
    assert_eq!(live(&h).phase().unwrap().state().round(), 2);
    assert!(h.query_by_label(&format!("{n} / {n} commands")).is_some());
    h.get_by_label("Restart").click();
    h.run();
    assert_eq!(live(&h).cursor(), 0);
    h.get_by_label("Step turn").click();
    h.run();
    assert_eq!((live(&h).cursor(), live(&h).state_hash()), (n, hash));
    for _ in 0..3 {
        h.get_by_label("Step back").click();
        h.run();
    }
    assert_eq!(live(&h).cursor(), n - 3);
    h.get_by_label("Step unit turn").click();
    h.run();
    assert!(live(&h).cursor() > n - 3);
    h.get_by_label("Step turn").click();
    h.run();
    assert_eq!((live(&h).cursor(), live(&h).state_hash()), (n, hash));
    // A player's view hides the others' hands.
    h.get_by_label("Side 2's view").click();
    h.run();
    assert_eq!(
        h.state()
            .sandbox()
            .map(hexwright::sandbox::Sandbox::viewpoint),
        Some(Viewpoint::Side(PlayerId(2)))
    );
    assert!(h.query_all_by_label("?").count() >= 3, "three hidden hands");
}

/// Steps frames until a person is to act in a unit slot of Four Corners,
/// lifting cover screens and revealing the first card of the hand on the
/// way; returns that person.
fn until_a_person_acts(h: &mut Harness<'_, HexwrightApp>) -> PlayerId {
    use hexwright_engine::rules::phase::Stage;
    for _ in 0..3000 {
        let sb = h.state().sandbox().unwrap();
        let t = live(h).phase().expect("a phase match");
        let s = t.state();
        let person = <hexwright_engine::ruleset::PhaseRulesV1 as hexwright_engine::ruleset::Ruleset>::to_move(s)
            .filter(|&p| t.seats()[p].is_none());
        match (sb.covered(), person) {
            (Some(side), _) => {
                h.get_by_label(&format!("Side {side} is looking")).click();
                h.step();
            }
            (None, Some(p)) if s.stage() == Stage::Acting => return p,
            (None, Some(p)) if s.stage() == Stage::Revealing => {
                let card = s.seats()[p].hand.iter().next().expect("a card in hand");
                h.get_by_label(&format!("Reveal {card}")).click();
            }
            (None, Some(_)) => panic!("a person to place cards, with no cover"),
            (None, None) => {}
        }
        h.step();
    }
    panic!("no person got to act");
}

/// Clicks a card for each phase on the grid, then *Place cards*.
fn place(h: &mut Harness<'_, HexwrightApp>, cards: [u8; 4]) {
    for (phase, card) in ["Commanders", "Elites", "Soldiers", "Summons"]
        .iter()
        .zip(cards)
    {
        h.get_by_label(&format!("{phase} card {card}")).click();
        h.run();
    }
    h.get_by_label("Place cards").click();
}

/// Places cards by dragging each from the hand row onto its phase's row
/// (the way a person drags with the mouse: press, move, release).
fn drag_place(h: &mut Harness<'_, HexwrightApp>, cards: [u8; 4]) {
    for (phase, card) in ["Commanders", "Elites", "Soldiers", "Summons"]
        .iter()
        .zip(cards)
    {
        let from = h.get_by_label(&format!("Drag card {card}")).rect().center();
        let to = h.get_by_label(&format!("{phase} card 4")).rect().center();
        h.hover_at(from);
        h.run();
        h.drag_at(from);
        h.run();
        for k in 1..=4 {
            h.hover_at(from + (to - from) * (k as f32 / 4.0));
            h.run();
        }
        // Release where the pointer is (`drop_at` also takes the pointer
        // away in the same frame, so no drop zone would see it).
        h.event(egui::Event::PointerButton {
            pos: to,
            button: egui::PointerButton::Primary,
            pressed: false,
            modifiers: egui::Modifiers::NONE,
        });
        h.run();
    }
    h.get_by_label("Place cards").click();
}

#[test]
fn two_people_place_cards_behind_the_cover_screen_and_play_a_unit_turn_by_clicks() {
    use hexwright::sandbox::UnitOptions;
    use hexwright_engine::rules::phase::PhaseCommand;
    let mut h = four_corners();
    let setup = h.state_mut().sandbox_mut().unwrap().setup_mut();
    setup.controllers[PlayerId(0)] = Controller::Human;
    setup.controllers[PlayerId(1)] = Controller::Human;
    // Armies written in the scenario (chosen openly): no secret picks.
    h.get_by_label("Default armies (from the seed)").click();
    h.run();
    h.get_by_label("Start match").click();
    h.run();
    // Side 0 places first, behind the cover: nothing secret is shown.
    assert_eq!(h.state().sandbox().unwrap().covered(), Some(PlayerId(0)));
    assert!(h.query_by_label("Hand over to side 0").is_some());
    assert!(h.query_by_label("Place cards").is_none());
    assert!(
        h.query_by_label("Commanders").is_none(),
        "the strip is hidden"
    );
    h.get_by_label("Side 0 is looking").click();
    h.run();
    assert_eq!(
        h.state().sandbox().unwrap().viewpoint(),
        Viewpoint::Side(PlayerId(0))
    );
    place(&mut h, [8, 2, 5, 1]);
    h.run();
    let t = live(&h).phase().unwrap();
    assert_eq!(
        t.steps()[0].cmd,
        PhaseCommand::PlaceCards {
            player: PlayerId(0),
            cards: [8, 2, 5, 1]
        }
    );
    // Side 1 is a person too: the cover comes back for it, and nothing of
    // side 0's cards shows behind it.
    assert_eq!(h.state().sandbox().unwrap().covered(), Some(PlayerId(1)));
    assert!(h.query_by_label_contains("8 for commanders").is_none());
    h.get_by_label("Side 1 is looking").click();
    h.run();
    // Side 1 drags its cards onto the phases.
    drag_place(&mut h, [7, 3, 6, 2]);
    h.step();
    assert_eq!(
        live(&h).phase().unwrap().steps()[1].cmd,
        PhaseCommand::PlaceCards {
            player: PlayerId(1),
            cards: [7, 3, 6, 2]
        },
        "dragged cards are placed on their phases"
    );
    // The bots of sides 2 and 3 place theirs by themselves.
    assert!(h.state().sandbox().unwrap().is_playing());
    let p = until_a_person_acts(&mut h);
    // A unit of the phase, moved by two clicks.
    let s = live(&h).phase().unwrap().state().clone();
    let b = s.board();
    let (unit, to) = b
        .units()
        .iter()
        .filter(|u| u.side == p && u.alive())
        .find_map(|u| {
            let o = UnitOptions::of_phase(&s, u.id);
            o.moves.first().map(|&to| (*u, to))
        })
        .expect("a unit that can move");
    let from = b.arena().hex(unit.cell);
    let before = live(&h).len();
    click_hex(&mut h, from);
    assert_eq!(h.state().sandbox().unwrap().selected(), Some(unit.id));
    click_hex(&mut h, to);
    let t = live(&h).phase().unwrap();
    assert_eq!(t.steps().len(), before + 1);
    assert_eq!(
        t.steps()[before].cmd,
        PhaseCommand::Unit(UnitCommand::Move { unit: unit.id, to })
    );
    // An illegal click says why, and plays nothing.
    let far = b
        .arena()
        .hexes()
        .iter()
        .copied()
        .filter(|x| b.units_at_hex(*x).next().is_none())
        .max_by_key(|x| x.unsigned_distance_to(to))
        .expect("hexes");
    click_hex(&mut h, far);
    assert_eq!(live(&h).len(), before + 1);
    let message = h.state().sandbox().unwrap().message().unwrap_or_default();
    assert!(message.starts_with("Not allowed ("), "{message}");
    // End the slot: the bots to act next play on by themselves.
    end_slot_and_see_a_bot_play_on(&mut h);
}

/// Clicks *End slot* and waits until the bot whose slot follows has played.
fn end_slot_and_see_a_bot_play_on(h: &mut Harness<'_, HexwrightApp>) {
    use hexwright_engine::rules::phase::PhaseCommand;
    h.get_by_label("End slot").click();
    h.step();
    let t = live(h).phase().unwrap();
    assert_eq!(
        t.steps().last().map(|s| &s.cmd),
        Some(&PhaseCommand::EndSlot)
    );
    let next =
        <hexwright_engine::ruleset::PhaseRulesV1 as hexwright_engine::ruleset::Ruleset>::to_move(
            t.state(),
        );
    let bot_next = next.is_some_and(|q| t.seats()[q].is_some());
    assert!(bot_next, "a bot's slot follows on this seed: {next:?}");
    assert!(h.state().sandbox().unwrap().is_playing());
    let ended = t.steps().len();
    for _ in 0..100 {
        h.step();
        if live(h).phase().unwrap().steps().len() > ended {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let t = live(h).phase().unwrap();
    assert!(t.steps().len() > ended, "the bot played on by itself");
}

#[test]
fn two_people_pick_armies_in_secret_then_the_match_starts_with_them() {
    use hexwright_engine::rules::selection::Stage;
    use hexwright_engine::rules::{Class, Roster, army};
    let roster = Roster::bundled();
    let commanders: Vec<String> = army::kinds_of(&roster, 0, Class::Commander)
        .into_iter()
        .map(|k| roster.kind(k).def.name.clone())
        .collect();
    let mut h = four_corners();
    let setup = h.state_mut().sandbox_mut().unwrap().setup_mut();
    setup.controllers[PlayerId(0)] = Controller::Human;
    setup.controllers[PlayerId(2)] = Controller::Human;
    h.get_by_label("Start match").click();
    h.run();
    let picks = |h: &Harness<'_, HexwrightApp>| {
        h.state()
            .sandbox()
            .unwrap()
            .picks()
            .expect("secret picks")
            .clone()
    };
    assert!(live_opt(&h).is_none(), "no match before the picks");
    // Side 0 picks its first commander behind the cover.
    assert_eq!(picks(&h).covered(), Some(PlayerId(0)));
    h.get_by_label("Side 0 is looking").click();
    h.run();
    h.get_by_label(&commanders[0]).click();
    h.run();
    h.get_by_label("Pick first commander").click();
    h.run();
    // The bot of side 1 picked by itself; side 2 is covered, and sees
    // nothing of side 0's pick once it looks.
    assert_eq!(picks(&h).covered(), Some(PlayerId(2)));
    h.get_by_label("Side 2 is looking").click();
    h.run();
    assert!(h.query_by_label_contains("Side 0: ").is_none());
    // The view stays on the side picking.
    h.get_by_label("All-seeing").click();
    h.run();
    assert_eq!(
        h.state().sandbox().unwrap().viewpoint(),
        Viewpoint::Side(PlayerId(2))
    );
    h.get_by_label(commanders.last().unwrap()).click();
    h.run();
    h.get_by_label("Pick first commander").click();
    h.run();
    // All first commanders are in: revealed together, then the rest.
    assert_eq!(picks(&h).selection().stage(), Stage::Rest);
    h.get_by_label("Side 0 is looking").click();
    h.run();
    let side2 = format!(
        "Side 2: {} — {}",
        roster.races[0],
        commanders.last().unwrap()
    );
    assert!(h.query_by_label(&side2).is_some(), "{side2}");
    // An army that leaves points unspent takes a second Done, after a note.
    h.get_by_label("Done").click();
    h.run();
    assert!(
        h.query_by_label_contains("click Done again to play this army")
            .is_some()
    );
    h.get_by_label("Done").click();
    h.run();
    h.get_by_label("Side 2 is looking").click();
    h.run();
    h.get_by_label("Done").click();
    h.run();
    h.get_by_label("Done").click();
    h.run();
    // The match starts with the picked armies.
    let live = live_opt(&h).expect("the match starts");
    let armies = h.state().sandbox().unwrap().picked().cloned().unwrap();
    assert_eq!(armies[PlayerId(0)].units.len(), 1);
    assert_eq!(armies[PlayerId(0)].units[0].kind, commanders[0]);
    assert_eq!(
        &armies[PlayerId(2)].units[0].kind,
        commanders.last().unwrap()
    );
    assert!(armies[PlayerId(1)].units.len() > 1, "a bot's default army");
    assert_eq!(
        live.board()
            .units()
            .iter()
            .filter(|u| u.side == PlayerId(0))
            .count(),
        1
    );
}

fn live_opt<'a>(h: &'a Harness<'_, HexwrightApp>) -> Option<&'a hexwright::sandbox::Live> {
    h.state()
        .sandbox()
        .and_then(hexwright::sandbox::Sandbox::live)
}

#[test]
fn a_small_four_player_batch_reports_per_seat_and_opens_a_match() {
    let mut h = four_corners();
    h.get_by_label("Batch").click();
    h.run();
    let seed = 3;
    let bots = vec![
        BotKind::Greedy,
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Random,
    ];
    let r = play_rotation_batch(&mut h, 8, bots, seed);
    assert_eq!(r.played.len(), 8);
    assert_eq!(r.report.seats.len(), 4, "a row per seat");
    // `greedy, random, greedy, random` has two distinct seatings (turned
    // two seats it is itself again), so 8 matches are four groups of two.
    assert_eq!(r.report.independent_games, 4, "four rotation groups");
    for p in 0..4 {
        let s = &r.report.seats[p];
        assert!(
            h.query_by_label_contains(&format!("Side {p}: {} wins", s.wins))
                .is_some(),
            "seat {p}"
        );
    }
    assert!(h.query_by_label_contains("Bot greedy: ").is_some());
    // Open the third match: the step view at its end, the same result.
    h.get_by_label("Open match 3").click();
    h.run();
    let m = &r.played[2];
    let message = h.state().sandbox().unwrap().message().map(str::to_owned);
    assert!(live_opt(&h).is_some(), "{message:?}");
    let t = live(&h).phase().expect("a phase match");
    assert_eq!(t.seed(), m.seed);
    assert_eq!(t.cursor(), m.commands);
    let winner = match t.state().board().outcome() {
        Some(hexwright_engine::rules::Outcome::Won(w)) => Some(w),
        _ => None,
    };
    assert_eq!(winner, m.winner);
    assert_eq!(h.state().sandbox().unwrap().tab(), Tab::Match);
}

/// Four Corners with sides 0 and 2 played by people, the armies written in
/// the scenario (no secret picks), the match started.
fn two_people_at_four_corners() -> Harness<'static, HexwrightApp> {
    let mut h = four_corners();
    let setup = h.state_mut().sandbox_mut().unwrap().setup_mut();
    setup.controllers[PlayerId(0)] = Controller::Human;
    setup.controllers[PlayerId(2)] = Controller::Human;
    h.get_by_label("Default armies (from the seed)").click();
    h.run();
    h.get_by_label("Start match").click();
    h.run();
    h
}

/// Steps frames (the bots play by themselves) until `side` is covered.
fn until_covered(h: &mut Harness<'_, HexwrightApp>, side: PlayerId) {
    for _ in 0..600 {
        if h.state().sandbox().unwrap().covered() == Some(side) {
            return;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("side {side} never got the cover screen");
}

#[test]
fn while_a_person_decides_in_secret_the_view_stays_on_their_side() {
    let mut h = two_people_at_four_corners();
    h.get_by_label("Side 0 is looking").click();
    h.run();
    place(&mut h, [8, 2, 5, 1]);
    h.run();
    until_covered(&mut h, PlayerId(2));
    h.get_by_label("Side 2 is looking").click();
    h.run();
    // Side 0's and side 1's cards are placed, face down for side 2.
    let t = live(&h).phase().unwrap();
    assert!(t.state().seats()[PlayerId(0)].placed);
    assert!(t.state().seats()[PlayerId(1)].placed);
    for other in ["All-seeing", "Side 0's view", "Side 3's view"] {
        h.get_by_label(other).click();
        h.run();
        let sb = h.state().sandbox().unwrap();
        assert_eq!(sb.viewpoint(), Viewpoint::Side(PlayerId(2)), "{other}");
        assert!(
            h.query_by_label_contains("8 for commanders").is_none(),
            "{other}: the log and message line keep side 0's cards secret"
        );
        assert!(
            h.query_all_by_label("?").count() >= 8,
            "{other}: the strip shows side 0's and side 1's cards face down"
        );
    }
    place(&mut h, [7, 3, 6, 2]);
    h.run();
    let placed = live(&h).phase().unwrap().steps().iter().any(|s| {
        s.cmd
            == hexwright_engine::rules::phase::PhaseCommand::PlaceCards {
                player: PlayerId(2),
                cards: [7, 3, 6, 2],
            }
    });
    assert!(placed, "side 2 placed from its own view");
}

/// When several people play, a person's turn is shown from that person's
/// side, behind the cover screen when someone else looked last.
#[test]
fn hot_seat_the_view_follows_the_person_to_act() {
    use hexwright_engine::rules::phase::Stage;
    let mut h = two_people_at_four_corners();
    let mut looking = None;
    let mut acted = Vec::new();
    for _ in 0..3000 {
        // A frame drawn in the state the checks below read.
        h.step();
        let sb = h.state().sandbox().unwrap();
        let t = live(&h).phase().expect("a phase match");
        let s = t.state();
        let person = <hexwright_engine::ruleset::PhaseRulesV1 as hexwright_engine::ruleset::Ruleset>::to_move(s)
            .filter(|&p| t.seats()[p].is_none());
        match (sb.covered(), person) {
            (Some(side), _) => {
                assert_eq!(Some(side), person, "only the person to act is covered");
                h.get_by_label(&format!("Side {side} is looking")).click();
                h.run();
                looking = Some(side);
            }
            (None, Some(p)) => {
                assert_eq!(
                    looking,
                    Some(p),
                    "side {p} acts at the screen side {looking:?} looked at last"
                );
                assert_eq!(sb.viewpoint(), Viewpoint::Side(p), "{:?}", s.stage());
                match s.stage() {
                    Stage::Placing if p == PlayerId(0) => place(&mut h, [8, 2, 5, 1]),
                    Stage::Placing => place(&mut h, [7, 3, 6, 2]),
                    Stage::Revealing => {
                        let card = s.seats()[p].hand.iter().next().expect("a card");
                        h.get_by_label(&format!("Reveal {card}")).click();
                    }
                    Stage::Acting => {
                        if !acted.contains(&p) {
                            acted.push(p);
                        }
                        if acted.len() == 2 {
                            return;
                        }
                        h.get_by_label("End slot").click();
                    }
                }
            }
            (None, None) => std::thread::sleep(std::time::Duration::from_millis(2)),
        }
        h.step();
    }
    panic!("both people did not get to act: {acted:?}");
}

/// Four Corners with sides 0 and 2 played by people, both of whom have
/// picked the first commander of the first race in secret: the picks wait
/// for the rest of side 0's army.
fn first_commanders_picked() -> Harness<'static, HexwrightApp> {
    use hexwright_engine::rules::{Class, Roster, army};
    let roster = Roster::bundled();
    let first = army::kinds_of(&roster, 0, Class::Commander)[0];
    let commander = roster.kind(first).def.name.clone();
    let mut h = four_corners();
    let setup = h.state_mut().sandbox_mut().unwrap().setup_mut();
    setup.controllers[PlayerId(0)] = Controller::Human;
    setup.controllers[PlayerId(2)] = Controller::Human;
    h.get_by_label("Start match").click();
    h.run();
    for side in [0, 2] {
        h.get_by_label(&format!("Side {side} is looking")).click();
        h.run();
        h.get_by_label(&commander).click();
        h.run();
        h.get_by_label("Pick first commander").click();
        h.run();
    }
    h
}

/// Secret picks in which each person keeps only its first commander; the
/// match starts with them. Returns the harness with the match started.
fn picked_one_commander() -> Harness<'static, HexwrightApp> {
    let mut h = first_commanders_picked();
    for side in [0, 2] {
        h.get_by_label(&format!("Side {side} is looking")).click();
        h.run();
        // Twice: the first press notes the unspent points.
        for _ in 0..2 {
            h.get_by_label("Done").click();
            h.run();
        }
    }
    assert!(live_opt(&h).is_some(), "the match starts with the picks");
    h
}

/// Plays a four-match phase-rules-v1 batch of `bot`s in the batch tab.
fn rotation_batch(
    h: &mut Harness<'_, HexwrightApp>,
    bot: BotKind,
) -> hexwright::sandbox::BatchResults {
    play_rotation_batch(h, 4, vec![bot; 4], 5)
}

/// Plays a phase-rules-v1 batch in the batch tab (open), waits for it
/// (at most half a minute) and returns its results.
fn play_rotation_batch(
    h: &mut Harness<'_, HexwrightApp>,
    matches: usize,
    bots: Vec<BotKind>,
    seed: u64,
) -> hexwright::sandbox::BatchResults {
    h.state_mut()
        .sandbox_mut()
        .unwrap()
        .batch_mut()
        .configure(matches, bots, seed);
    h.run();
    h.get_by_label(&format!("Simulate {matches} matches"))
        .click();
    h.run();
    for _ in 0..1500 {
        if !h.state().sandbox().unwrap().batch().is_running() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    h.run();
    h.state()
        .sandbox()
        .unwrap()
        .batch()
        .results()
        .expect("results")
        .clone()
}

fn side_0_units(h: &Harness<'_, HexwrightApp>) -> usize {
    live(h)
        .phase()
        .unwrap()
        .state_at(0)
        .unwrap()
        .board()
        .units()
        .iter()
        .filter(|u| u.side == PlayerId(0))
        .count()
}

#[test]
fn a_batch_plays_the_scenarios_armies_unless_hand_picked_ones_are_asked_for() {
    use hexwright::sandbox::BatchFile as _;
    let mut h = picked_one_commander();
    assert_eq!(side_0_units(&h), 1, "the picked match plays the pick");
    assert!(
        h.state().sandbox().unwrap().setup().armies.is_none(),
        "the scenario keeps its default armies"
    );
    h.get_by_label("Batch").click();
    h.run();
    assert!(
        h.query_by_label("Armies: default, drawn from each match's seed")
            .is_some()
    );
    let r = rotation_batch(&mut h, BotKind::Random);
    assert_eq!(
        r.armies.source,
        hexwright_engine::rules::scenario::ArmySource::Default
    );
    h.get_by_label("Open match 1").click();
    h.run();
    assert!(side_0_units(&h) > 1, "a default army, not the lone pick");

    // Playing the hand-picked armies is an explicit choice, said in the
    // results and written in the exported file.
    h.get_by_label("Batch").click();
    h.run();
    h.get_by_label("Play the armies picked by hand for the last match")
        .click();
    h.run();
    assert!(
        h.query_by_label_contains("Armies: hand-picked for the last match — side 0: ")
            .is_some()
    );
    let r = rotation_batch(&mut h, BotKind::Random);
    assert_eq!(
        r.armies.source,
        hexwright_engine::rules::scenario::ArmySource::HandPicked
    );
    assert!(
        h.query_all_by_label_contains("Armies: hand-picked").count() >= 2,
        "the form and the results both say so"
    );
    let json: serde_json::Value = serde_json::from_str(&r.json()).unwrap();
    assert_eq!(json["armies"]["source"], "hand-picked");
    assert_eq!(
        json["armies"]["armies"][0]["units"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    h.get_by_label("Open match 1").click();
    h.run();
    assert_eq!(side_0_units(&h), 1, "the batch played the pick");
}

#[test]
fn an_opened_batch_match_names_the_round_it_was_won_in() {
    let mut h = four_corners();
    h.get_by_label("Batch").click();
    h.run();
    let r = rotation_batch(&mut h, BotKind::Greedy);
    let m = r
        .played
        .iter()
        .find(|m| m.winner.is_some() && m.rounds > 1)
        .or_else(|| r.played.iter().find(|m| m.rounds > 1))
        .expect("a match longer than a round");
    h.get_by_label(&format!("Open match {}", m.index + 1))
        .click();
    h.run();
    let heading = match m.winner {
        Some(w) => format!("Side {w} wins in round {}", m.rounds),
        None => format!("Draw: the round limit ({}) was reached", m.rounds),
    };
    assert!(h.query_by_label(&heading).is_some(), "{heading}");
}

/// Back to the editor keeps the match: Play returns to it as it was, and
/// after an edit asks whether to go back to it or start on the edited map.
#[test]
fn leaving_the_sandbox_keeps_the_match_for_play() {
    let mut h = started();
    h.get_by_label("Step turn").click();
    h.run();
    let (n, hash) = (cursor(&h), state_hash(&h));
    assert!(n > 0);
    h.get_by_label("Back to editor").click();
    h.run();
    assert!(h.state().sandbox().is_none());
    h.get_by_label("Play").click();
    h.run();
    assert_eq!((cursor(&h), state_hash(&h)), (n, hash), "the same match");
    // An edit in between: Play asks.
    h.get_by_label("Back to editor").click();
    h.run();
    let meta = hexwright_engine::map::Meta {
        name: "Renamed".into(),
        ..h.state().document().map().meta.clone()
    };
    h.state_mut().apply(hexwright::app::Action::SetMeta(meta));
    h.run();
    h.get_by_label("Play").click();
    h.run();
    assert!(h.query_by_label("Back to the sandbox?").is_some());
    h.get_by_label("Back to the match").click();
    h.run();
    assert_eq!(cursor(&h), n, "back to the match on the map as it was");
    h.get_by_label("Back to editor").click();
    h.run();
    h.get_by_label("Play").click();
    h.run();
    h.get_by_label("New sandbox on the edited map").click();
    h.run();
    let sb = h.state().sandbox().expect("a new sandbox");
    assert!(sb.live().is_none(), "no match yet on the edited map");
    assert_eq!(sb.map().meta.name, "Renamed");
}

/// At 1000×700 the four-player turn strip, the hands and the file buttons
/// all fit the left panel, and the top bar's buttons the window.
#[test]
fn at_1000_by_700_the_four_player_match_panel_fits() {
    let map = hexwright_headless::files::bundled::map("four-corners.ron").expect("bundled map");
    let board = hexwright_engine::board::Board::new(map).expect("a valid board");
    let app = HexwrightApp::new(
        board,
        hexwright::document::MapSource::Bundled("four-corners.ron".into()),
    );
    let mut h = Harness::builder()
        .with_size(Vec2::new(1000.0, 700.0))
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut HexwrightApp| app.ui(ui), app);
    h.run();
    h.get_by_label("Play").click();
    h.run();
    h.get_by_label("Start match").click();
    h.run();
    h.get_by_label("Step phase").click();
    h.run();
    let board = h.state().canvas().rect();
    for label in ["Side 3", "Hand", "Save position as scenario", "Summons"] {
        for node in h.query_all_by_label(label) {
            let r = node.rect();
            if r.min.x < board.min.x {
                assert!(
                    r.max.x <= board.min.x,
                    "{label} runs under the board: {r:?} vs {board:?}"
                );
            }
        }
    }
    for label in ["All-seeing", "Fit"] {
        let r = h.get_by_label(label).rect();
        assert!(r.max.x <= 1000.0, "{label} is off the window: {r:?}");
    }
}

/// The secret army builder greys + where one more would pass the points
/// limit, and a refusal goes once the army changes.
#[test]
fn the_secret_army_builder_stops_at_the_points_limit() {
    use hexwright_engine::rules::{Class, Roster, army};
    let roster = Roster::bundled();
    let soldier = army::kinds_of(&roster, 0, Class::Soldier)[0];
    let soldier = roster.kind(soldier).def.name.clone();
    let mut h = first_commanders_picked();
    h.get_by_label("Side 0 is looking").click();
    h.run();
    let add = format!("Add {soldier}");
    let mut added = 0;
    while !h.get_by_label(&add).accesskit_node().is_disabled() {
        h.get_by_label(&add).click();
        h.run();
        added += 1;
        assert!(added < 40, "+ never stops");
    }
    let picks = h.state().sandbox().unwrap().picks().unwrap().clone();
    assert_eq!(
        picks.selection().stage(),
        hexwright_engine::rules::selection::Stage::Rest
    );
    assert!(
        h.query_by_label_contains("points left unspent").is_some()
            || h.query_by_label("Every point is spent").is_some()
    );
    let line = h
        .query_all_by_label_contains("Points: ")
        .next()
        .expect("the points line");
    let line = line
        .accesskit_node()
        .label()
        .filter(|l| !l.is_empty())
        .or_else(|| line.value())
        .unwrap_or_default();
    let spent: u32 = line
        .trim_start_matches("Points: ")
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a number in {line:?}"));
    assert!(spent <= 30, "{line}");
}

/// The batch tab offers balance across skill levels: opened, it names the
/// bots to choose and starts the levels on a worker.
#[test]
fn the_batch_tab_offers_balance_across_skill_levels() {
    let mut h = sandbox();
    h.get_by_label("Batch").click();
    h.run();
    h.get_by_label("Balance across skill levels").click();
    h.run();
    for bot in ["random", "greedy", "planner", "search"] {
        assert!(h.query_by_label(bot).is_some(), "{bot} can be chosen");
    }
    assert!(h.query_by_label("Most matches per level").is_some());
    assert!(h.query_by_label("Check balance across skills").is_some());
}
