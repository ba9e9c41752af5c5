//! The sandbox's timeline, driven by its labels: a move by hand after a
//! rewind asks before it drops the recorded future, a match played by
//! hand is named before it is discarded, a batch's match opens without
//! touching the Scenario tab (and Restart replays that match), and the
//! Round field follows the cursor.

use crate::common::sandbox::{batch_done, click_hex, first_unit, human_match, started, timeline};
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use hexwright::sandbox::{Controller, SandboxAction, Tab, UnitOptions};
use hexwright_engine::bots::BotKind;

#[test]
fn a_move_by_hand_after_a_rewind_asks_before_dropping_the_recorded_future() {
    let mut h = human_match();
    h.get_by_label("End turn").click();
    h.run();
    let recorded = timeline(&h).unwrap().steps().len();
    assert!(recorded > 2, "side 1's bot played its turn");
    h.state_mut()
        .sandbox_mut()
        .unwrap()
        .apply(SandboxAction::Seek(0), 0.0);
    h.run();
    let (s, unit, from) = first_unit(&h);
    let to = UnitOptions::of(&s, unit.id).moves[0];
    let move_by_hand = |h: &mut egui_kittest::Harness<'_, hexwright::app::HexwrightApp>| {
        click_hex(h, from);
        click_hex(h, to);
    };
    move_by_hand(&mut h);
    // Nothing is dropped without a word.
    assert!(h.query_by_label("Drop the recorded future?").is_some());
    assert!(
        h.query_by_label_contains(&format!("drops the {recorded} recorded commands"))
            .is_some()
    );
    assert_eq!(timeline(&h).unwrap().steps().len(), recorded);
    h.get_by_label("Keep the recorded match").click();
    h.run();
    assert!(h.query_by_label("Drop the recorded future?").is_none());
    let t = timeline(&h).unwrap();
    assert_eq!((t.cursor(), t.steps().len()), (0, recorded));
    // Asked again (the unit is still selected), the person plays and the
    // rest goes.
    assert_eq!(h.state().sandbox().unwrap().selected(), Some(unit.id));
    click_hex(&mut h, to);
    h.get_by_label(&format!("Play and drop {recorded}")).click();
    h.run();
    let t = timeline(&h).unwrap();
    assert_eq!((t.cursor(), t.steps().len()), (1, 1));
    assert!(t.steps()[0].by_hand);
}

#[test]
fn the_discard_prompt_names_a_match_played_by_hand() {
    use hexwright::app::Action;
    let mut h = human_match();
    let (s, unit, from) = first_unit(&h);
    let to = UnitOptions::of(&s, unit.id).moves[0];
    click_hex(&mut h, from);
    click_hex(&mut h, to);
    assert_eq!(timeline(&h).unwrap().hand_played(), 1);
    h.get_by_label("Back to editor").click();
    h.run();
    h.state_mut()
        .apply(Action::OpenBundled("ember-isles.ron".into()));
    h.run();
    assert!(h.query_by_label("Discard the sandbox's results?").is_some());
    assert!(
        h.query_by_label("• a match with 1 command played by hand (Save replay… keeps it)")
            .is_some()
    );
}

#[test]
fn a_batch_match_opens_without_touching_the_scenario_and_restarts_as_itself() {
    let mut h = batch_done(4, [BotKind::Greedy, BotKind::Random], 7);
    let scenario = |h: &egui_kittest::Harness<'_, hexwright::app::HexwrightApp>| {
        let setup = h.state().sandbox().unwrap().setup();
        (setup.seed, setup.controllers)
    };
    let before = scenario(&h);
    let row = h.state().sandbox().unwrap().batch().results().unwrap().rows[1].clone();
    h.get_by_label("Open match 2").click();
    h.run();
    let sb = h.state().sandbox().unwrap();
    assert_eq!(sb.tab(), Tab::Match);
    assert_eq!(sb.timeline().unwrap().seed(), row.seed);
    assert_eq!(scenario(&h), before, "the Scenario tab keeps its settings");
    let seats = sb.timeline().unwrap().seats();
    assert_ne!(
        seats.map(|s| s.map_or(Controller::Human, Controller::Bot)),
        before.1,
        "the batch's seating differs from the scenario's here"
    );
    // Restart plays this match again, not the scenario's.
    h.get_by_label("Restart").click();
    h.run();
    let t = timeline(&h).unwrap();
    assert_eq!((t.seed(), t.cursor()), (row.seed, 0));
    assert_eq!(t.seats(), seats);
    assert_eq!(scenario(&h), before);
}

#[test]
fn the_round_field_follows_the_cursor() {
    let mut h = started();
    let round = |h: &egui_kittest::Harness<'_, hexwright::app::HexwrightApp>| {
        h.get_by_label("Round")
            .accesskit_node()
            .numeric_value()
            .expect("a number")
            .to_string()
    };
    assert_eq!(round(&h), "1");
    for _ in 0..4 {
        h.get_by_label("Step turn").click();
        h.run();
    }
    assert_eq!(timeline(&h).unwrap().state().round(), 3);
    assert_eq!(round(&h), "3");
    h.get_by_label("Step back").click();
    h.run();
    assert_eq!(round(&h), timeline(&h).unwrap().state().round().to_string());
}
