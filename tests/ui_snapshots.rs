//! Pixel snapshots of the main screen, light and dark, on the bundled default
//! map. They render through wgpu on a CPU adapter (Mesa's lavapipe), so they
//! are behind the `snapshots` feature: run `scripts/snapshots` (it installs the
//! renderer on Debian), or
//! `cargo test --features snapshots --test ui_snapshots`. After an intended
//! change, `UPDATE_SNAPSHOTS=1` rewrites `tests/snapshots/*.png`; a failing
//! run leaves `*.new.png` and `*.diff.png` beside them.
#![cfg(feature = "snapshots")]

use egui::Vec2;
use egui_kittest::Harness;
use hexwright::app::HexwrightApp;
use hexwright::settings::Settings;
use hexwright::theme::ThemeChoice;

const SIZE: Vec2 = Vec2::new(1400.0, 900.0);

fn snapshot(theme: ThemeChoice, name: &str) {
    let settings = Settings {
        theme,
        ..Settings::default()
    };
    let app = HexwrightApp::with_default_map().with_settings(settings);
    let mut h = Harness::builder()
        .with_size(SIZE)
        .wgpu()
        .build_ui_state(|ui, app: &mut HexwrightApp| app.ui(ui), app);
    h.run();
    h.snapshot(name);
}

#[test]
fn main_screen_light() {
    snapshot(ThemeChoice::Light, "main_screen_light");
}

#[test]
fn main_screen_dark() {
    snapshot(ThemeChoice::Dark, "main_screen_dark");
}

/// The sandbox mid-match (greedy bots, seed 1, round 4), seen by side 0:
/// fog, units with health bars, objective owners, the status panel and the
/// event log.
#[test]
fn sandbox_side_view() {
    use hexwright::action::Action;
    use hexwright::sandbox::action::{SandboxAction, Viewpoint};
    let settings = Settings {
        theme: ThemeChoice::Dark,
        ..Settings::default()
    };
    let mut app = HexwrightApp::with_default_map().with_settings(settings);
    app.apply(Action::Play);
    let sb = app.sandbox_mut().expect("the sandbox opens");
    sb.apply(SandboxAction::Start, 0.0);
    for _ in 0..6 {
        sb.apply(SandboxAction::StepTurn, 0.0);
    }
    sb.apply(SandboxAction::SetViewpoint(Viewpoint::Side(0)), 0.0);
    let mut h = Harness::builder()
        .with_size(SIZE)
        .wgpu()
        .build_ui_state(|ui, app: &mut HexwrightApp| app.ui(ui), app);
    h.run();
    h.snapshot("sandbox_side_view");
}
