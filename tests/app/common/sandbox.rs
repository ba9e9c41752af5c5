//! Helpers for the sandbox's tests: the app at a fixed size, the sandbox
//! opened and a match started, its timeline, and clicks on hexes.

use egui::{Event, Modifiers, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use hexwright::app::HexwrightApp;
use hexwright::canvas;
use hexwright::sandbox::Controller;
use hexwright_engine::Hex;
use hexwright_engine::bots::BotKind;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::Status;

pub const SIZE: Vec2 = Vec2::new(1500.0, 950.0);

pub fn harness(app: HexwrightApp) -> Harness<'static, HexwrightApp> {
    let mut h = Harness::builder()
        .with_size(SIZE)
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut HexwrightApp| app.ui(ui), app);
    h.run();
    h
}

/// The default map with the sandbox open on it.
pub fn sandbox() -> Harness<'static, HexwrightApp> {
    let mut h = harness(HexwrightApp::with_default_map());
    h.get_by_label("Play").click();
    h.run();
    assert!(h.state().sandbox().is_some(), "the sandbox opens");
    h
}

/// The sandbox with a match of two greedy bots started (seed 1).
pub fn started() -> Harness<'static, HexwrightApp> {
    let mut h = sandbox();
    h.get_by_label("Start match").click();
    h.run();
    assert!(timeline(&h).is_some(), "the match starts");
    h
}

pub fn timeline<'a>(h: &'a Harness<'_, HexwrightApp>) -> Option<&'a hexwright::sandbox::Timeline> {
    h.state().sandbox().and_then(|s| s.timeline())
}

pub fn cursor(h: &Harness<'_, HexwrightApp>) -> usize {
    timeline(h).expect("a match").cursor()
}

pub fn state_hash(h: &Harness<'_, HexwrightApp>) -> u64 {
    timeline(h).expect("a match").state().state_hash()
}

pub fn press(h: &Harness<'_, HexwrightApp>, pos: Pos2, pressed: bool) {
    h.event(Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    });
}

pub fn click_hex(h: &mut Harness<'_, HexwrightApp>, hex: Hex) {
    let app = h.state();
    let pos = canvas::hex_screen_pos(app.view(), app.canvas().rect(), app.document(), hex);
    h.hover_at(pos);
    h.run();
    press(h, pos, true);
    press(h, pos, false);
    h.run();
}

/// A match where a person plays side 0.
pub fn human_match() -> Harness<'static, HexwrightApp> {
    let mut h = sandbox();
    h.state_mut().sandbox_mut().unwrap().setup_mut().controllers[PlayerId(0)] = Controller::Human;
    h.get_by_label("Start match").click();
    h.run();
    h
}

/// The state, side 0's first living unit and its hex.
pub fn first_unit(
    h: &Harness<'_, HexwrightApp>,
) -> (
    hexwright_engine::rules::MatchState,
    hexwright_engine::rules::Unit,
    Hex,
) {
    let s = timeline(h).unwrap().state().clone();
    let unit = *s
        .units()
        .iter()
        .find(|u| u.side == PlayerId(0) && u.status == Status::Alive)
        .expect("side 0 has units");
    let from = s.arena().hex(unit.cell);
    (s, unit, from)
}

pub fn batch_done(matches: usize, bots: [BotKind; 2], seed: u64) -> Harness<'static, HexwrightApp> {
    let mut h = sandbox();
    h.get_by_label("Batch").click();
    h.run();
    h.state_mut()
        .sandbox_mut()
        .unwrap()
        .batch_mut()
        .configure(matches, bots.to_vec(), seed);
    h.run();
    h.get_by_label(&format!("Simulate {matches} matches"))
        .click();
    let start = std::time::Instant::now();
    while h.state().sandbox().unwrap().batch().results().is_none()
        || h.state().sandbox().unwrap().batch().is_running()
    {
        assert!(start.elapsed().as_secs() < 120, "the batch finishes");
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    h.run();
    h
}
