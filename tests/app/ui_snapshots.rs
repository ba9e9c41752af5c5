//! Pixel snapshots of the main screens at the two window sizes the layout is
//! checked at (1400×900 and 1000×700): the editor light and dark on the
//! bundled default map, the sandbox mid-match seen by one side, and a
//! four-player phase-rules-v1 match with its turn strip. They render through
//! wgpu on a CPU adapter (Mesa's lavapipe), so they are behind the
//! `snapshots` feature: run `scripts/snapshots` (it installs the renderer on
//! Debian), or `cargo test --features snapshots --test app ui_snapshots::`. After
//! an intended change, `UPDATE_SNAPSHOTS=1` rewrites `tests/snapshots/*.png`;
//! a failing run leaves `*.new.png` and `*.diff.png` beside them.
#![cfg(feature = "snapshots")]

use egui::Vec2;
use egui_kittest::Harness;
use hexwright::app::Action;
use hexwright::app::HexwrightApp;
use hexwright::app::Settings;
use hexwright::canvas::ThemeChoice;
use hexwright::sandbox::{SandboxAction, Viewpoint};
use hexwright_engine::player::PlayerId;

const LARGE: Vec2 = Vec2::new(1400.0, 900.0);
const SMALL: Vec2 = Vec2::new(1000.0, 700.0);

fn settings(theme: ThemeChoice) -> Settings {
    Settings {
        theme,
        ..Settings::default()
    }
}

fn snapshot(app: HexwrightApp, size: Vec2, name: &str) {
    let mut h = Harness::builder()
        .with_size(size)
        .wgpu()
        .build_ui_state(|ui, app: &mut HexwrightApp| app.ui(ui), app);
    h.run();
    h.snapshot(name);
}

fn main_screen(theme: ThemeChoice, size: Vec2, name: &str) {
    let app = HexwrightApp::with_default_map().with_settings(settings(theme));
    snapshot(app, size, name);
}

#[test]
fn main_screen_light() {
    main_screen(ThemeChoice::Light, LARGE, "main_screen_light");
}

#[test]
fn main_screen_dark() {
    main_screen(ThemeChoice::Dark, LARGE, "main_screen_dark");
}

#[test]
fn main_screen_dark_small() {
    main_screen(ThemeChoice::Dark, SMALL, "main_screen_dark_1000x700");
}

/// The sandbox mid-match (greedy bots, seed 1, round 4), seen by side 0:
/// fog, units with health bars, objective owners, the status panel and the
/// event log.
fn sandbox_side_view(size: Vec2, name: &str) {
    let mut app = HexwrightApp::with_default_map().with_settings(settings(ThemeChoice::Dark));
    app.apply(Action::Play);
    let sb = app.sandbox_mut().expect("the sandbox opens");
    sb.apply(SandboxAction::Start, 0.0);
    for _ in 0..6 {
        sb.apply(SandboxAction::StepTurn, 0.0);
    }
    sb.apply(
        SandboxAction::SetViewpoint(Viewpoint::Side(PlayerId(0))),
        0.0,
    );
    snapshot(app, size, name);
}

#[test]
fn sandbox_side_view_large() {
    sandbox_side_view(LARGE, "sandbox_side_view");
}

#[test]
fn sandbox_side_view_small() {
    sandbox_side_view(SMALL, "sandbox_side_view_1000x700");
}

/// Four Corners in phase-rules-v1, four greedy bots, three turns in: the
/// turn strip with four players' cards and hands, seen by all.
fn four_players(size: Vec2, name: &str) {
    let map = hexwright_headless::files::bundled::map("four-corners.ron").expect("bundled map");
    let board = hexwright_engine::board::Board::new(map).expect("a valid board");
    let mut app = HexwrightApp::new(
        board,
        hexwright::document::MapSource::Bundled("four-corners.ron".into()),
    )
    .with_settings(settings(ThemeChoice::Dark));
    app.apply(Action::Play);
    let sb = app.sandbox_mut().expect("the sandbox opens");
    sb.apply(SandboxAction::Start, 0.0);
    for _ in 0..3 {
        sb.apply(SandboxAction::StepTurn, 0.0);
    }
    sb.apply(SandboxAction::StepPhase, 0.0);
    snapshot(app, size, name);
}

#[test]
fn four_players_large() {
    four_players(LARGE, "four_players");
}

#[test]
fn four_players_small() {
    four_players(SMALL, "four_players_1000x700");
}

/// A new map made with New (unsaved: the mark beside its name).
fn new_map(size: Vec2, name: &str) {
    use egui_kittest::kittest::Queryable as _;
    let app = HexwrightApp::with_default_map().with_settings(settings(ThemeChoice::Dark));
    let mut h = Harness::builder()
        .with_size(size)
        .wgpu()
        .build_ui_state(|ui, app: &mut HexwrightApp| app.ui(ui), app);
    h.run();
    h.get_by_label("New…").click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    h.snapshot(name);
}

#[test]
fn new_map_large() {
    new_map(LARGE, "new_map");
}

#[test]
fn new_map_small() {
    new_map(SMALL, "new_map_1000x700");
}

/// The batch tab after a batch played until decided: the armies it played,
/// the decision and the chart with its percentage axis and legend.
fn decided_batch(size: Vec2, name: &str) {
    use egui_kittest::kittest::Queryable as _;
    use hexwright_engine::bots::BotKind;
    let app = HexwrightApp::with_default_map().with_settings(settings(ThemeChoice::Dark));
    let mut h = Harness::builder()
        .with_size(size)
        .wgpu()
        .build_ui_state(|ui, app: &mut HexwrightApp| app.ui(ui), app);
    h.run();
    h.get_by_label("Play").click();
    h.run();
    let sb = h.state_mut().sandbox_mut().expect("the sandbox opens");
    sb.setup_mut().round_limit = 10;
    sb.batch_mut().configure(100, vec![BotKind::Random; 2], 1);
    sb.batch_mut().configure_decide(true, 20.0, 5.0);
    h.get_by_label("Batch").click();
    h.run();
    h.get_by_label_contains("Simulate until decided").click();
    h.run();
    for _ in 0..3000 {
        if !h.state().sandbox().unwrap().batch().is_running() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    h.run();
    h.snapshot(name);
}

#[test]
fn decided_batch_large() {
    decided_batch(LARGE, "decided_batch");
}

#[test]
fn decided_batch_small() {
    decided_batch(SMALL, "decided_batch_1000x700");
}

/// The Scenario tab of Four Corners with side 0's army written out, as
/// the army builder shows it.
#[test]
fn scenario_tab_small() {
    use egui_kittest::kittest::Queryable as _;
    let map = hexwright_headless::files::bundled::map("four-corners.ron").expect("bundled map");
    let board = hexwright_engine::board::Board::new(map).expect("a valid board");
    let app = HexwrightApp::new(
        board,
        hexwright::document::MapSource::Bundled("four-corners.ron".into()),
    )
    .with_settings(settings(ThemeChoice::Dark));
    let mut h = Harness::builder()
        .with_size(SMALL)
        .wgpu()
        .build_ui_state(|ui, app: &mut HexwrightApp| app.ui(ui), app);
    h.run();
    h.get_by_label("Play").click();
    h.run();
    h.get_by_label("Default armies (from the seed)").click();
    h.run();
    h.snapshot("scenario_tab_1000x700");
}
