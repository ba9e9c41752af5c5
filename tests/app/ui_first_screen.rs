//! The first screen, driven headless with `egui_kittest`: the app is built on
//! the bundled default map (or a deliberately broken copy of it) and checked
//! through what a person sees — labels, checkboxes, buttons — and through the
//! app's small read-only getters.

use egui::Role;
use egui::{Event, Modifiers, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use hexwright::app::HexwrightApp;
use hexwright::app::Settings;
use hexwright::canvas;
use hexwright::canvas::ThemeChoice;
use hexwright::document::MapSource;
use hexwright_engine::board::Board;
use hexwright_engine::format;
use hexwright_engine::player::PlayerId;
use hexwright_engine::validate::Rule;
use hexwright_headless::files::bundled;
use std::collections::HashMap;
use std::path::PathBuf;

const SIZE: Vec2 = Vec2::new(1400.0, 900.0);

fn harness(app: HexwrightApp) -> Harness<'static, HexwrightApp> {
    Harness::builder()
        .with_size(SIZE)
        .build_ui_state(|ui, app: &mut HexwrightApp| app.ui(ui), app)
}

fn default_app() -> HexwrightApp {
    let app = HexwrightApp::with_default_map();
    assert!(
        app.load_error().is_none(),
        "the bundled default map must open: {:?}",
        app.load_error()
    );
    app
}

/// Clicks at a screen position with the primary button.
fn click_at(h: &Harness<'_, HexwrightApp>, pos: Pos2) {
    h.hover_at(pos);
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
}

#[test]
fn default_map_shows_its_name_counts_and_validity() {
    let mut h = harness(default_app());
    h.run();
    let doc = h.state().document();
    let s = doc.summary().clone();
    assert_eq!(
        doc.source(),
        &MapSource::Bundled(bundled::manifest().unwrap().maps[0].clone())
    );

    assert!(
        h.query_all_by_label(&s.name).count() >= 1,
        "map name {:?} is shown",
        s.name
    );
    assert!(
        h.query_by_label(&format!("by {}", s.author)).is_some(),
        "author is shown"
    );
    assert!(
        h.query_by_label("Breaks the symmetry (one of its images differs)")
            .is_some(),
        "the legend explains the symmetry-break mark"
    );
    for label in [
        "Grid hexes",
        "Usable hexes",
        "Unusable hexes",
        "Terrain pieces",
    ] {
        assert!(
            h.query_by_role_and_label(Role::Label, label).is_some(),
            "{label} row is shown"
        );
    }
    for value in [
        s.grid_hexes,
        s.usable_hexes,
        s.unusable_hexes,
        s.terrain_pieces,
    ] {
        assert!(
            h.query_all_by_label(&value.to_string()).count() >= 1,
            "count {value} is shown"
        );
    }
    let status = format!("{} of {} hexes usable", s.usable_hexes, s.grid_hexes);
    assert!(
        h.query_by_label(&status).is_some(),
        "status bar shows {status:?}"
    );
    assert!(
        h.query_by_label("Valid map").is_some(),
        "the bundled map is valid"
    );
    assert!(h.query_by_label_contains("No problems found").is_some());
}

#[test]
fn toggling_a_layer_checkbox_changes_the_setting() {
    let mut h = harness(default_app());
    h.run();
    assert!(h.state().settings().layers.terrain);
    assert!(!h.state().settings().layers.coordinates);

    h.get_by_role_and_label(Role::CheckBox, "Terrain").click();
    h.run();
    assert!(
        !h.state().settings().layers.terrain,
        "clicking Terrain hides terrain"
    );
    assert_eq!(
        h.get_by_role_and_label(Role::CheckBox, "Terrain")
            .accesskit_node()
            .toggled(),
        Some(egui::accesskit::Toggled::False)
    );

    h.get_by_role_and_label(Role::CheckBox, "Coordinates")
        .click();
    h.run();
    assert!(
        h.state().settings().layers.coordinates,
        "clicking Coordinates shows them"
    );

    h.get_by_role_and_label(Role::CheckBox, "Terrain").click();
    h.run();
    assert!(
        h.state().settings().layers.terrain,
        "a second click shows terrain again"
    );
}

#[test]
fn clicking_a_finding_centres_and_selects_its_hex() {
    // A deliberate defect: side 0's zone loses a hex, so `zone-size` fires
    // at the zone's first hex. (The bundled map's certificates are dropped,
    // or the edit would void them: a warning besides the error.)
    let mut map = bundled::default_map().unwrap();
    map.certificates.clear();
    let zone = map
        .zones
        .iter_mut()
        .find(|z| z.side == PlayerId(0))
        .expect("side 0 has a zone");
    zone.hexes.pop();
    let expected_hex = zone.hexes[0];
    let app = HexwrightApp::new(Board::new(map).unwrap(), MapSource::Unsaved);
    let mut h = harness(app);
    h.run();

    let (index, finding) = h
        .state()
        .document()
        .findings()
        .iter()
        .enumerate()
        .find(|(_, f)| f.rule == Rule::ZoneSize)
        .map(|(i, f)| (i, f.clone()))
        .expect("the defect is reported");
    assert_eq!(finding.hex, Some(expected_hex));
    let target = h.state().document().hex_center(expected_hex);
    assert!(
        h.state().view().center().distance(target) > 1.0,
        "the hex is not centred before the click"
    );
    assert_eq!(h.state().selected_hex(), None);
    assert_eq!(
        h.query_all_by_label("1 error, 0 warnings").count(),
        2,
        "findings list and status bar count the error"
    );

    let label = format!("zone-size at {},{}", expected_hex.x, expected_hex.y);
    let row = h.get_by_label_contains(&label);
    row.scroll_to_me();
    h.run();
    h.get_by_label_contains(&label).click();
    h.run();

    let app = h.state();
    assert_eq!(
        app.selected_hex(),
        Some(expected_hex),
        "the finding's hex is selected"
    );
    assert_eq!(app.selected_finding(), Some(index));
    assert!(
        app.view().center().distance(target) < 1e-6,
        "the canvas is centred on the hex"
    );
    let on_screen = canvas::hex_screen_pos(
        app.view(),
        app.canvas().rect(),
        app.document(),
        expected_hex,
    );
    assert!((on_screen - app.canvas().rect().center()).length() < 0.5);
    assert!(
        h.query_by_label(&format!("Hex {},{}", expected_hex.x, expected_hex.y))
            .is_some(),
        "the selection panel shows the hex"
    );
}

#[test]
fn malformed_file_shows_the_error_position_and_keeps_the_default_map() {
    let text = "(\n    format: 1,\n    meta: (name: \"Broken\"),\n    layout: (orientation: Sideways, hex_size: 10.0),\n)\n";
    let path: PathBuf =
        std::env::temp_dir().join(format!("hexwright-ui-bad-{}.ron", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let (line, column) = format::load_map(&path)
        .unwrap_err()
        .position()
        .expect("a syntax error has a position");
    assert_eq!(line, 4, "the error is on the layout line");

    let app = HexwrightApp::open(&path);
    let mut h = harness(app);
    h.run();
    std::fs::remove_file(&path).ok();

    let default_name = bundled::default_map().unwrap().meta.name;
    assert_eq!(
        h.state().document().map().meta.name,
        default_name,
        "the default map is still loaded"
    );
    let problem = h.state().load_error().expect("the error is kept");
    assert_eq!(problem.position, Some((line, column)));
    let location = format!("{}:{line}:{column}", path.display());
    assert!(
        h.query_by_label(&location).is_some(),
        "the banner shows {location}"
    );
    assert!(
        h.query_by_label_contains(&format!("Line {line}, column {column}: "))
            .is_some()
    );
    assert!(
        h.query_by_label_contains(&format!("Showing {default_name}"))
            .is_some()
    );

    h.get_by_label("Dismiss").click();
    h.run();
    assert!(h.state().load_error().is_none());
    assert!(h.query_by_label(&location).is_none(), "the banner is gone");
}

#[test]
fn missing_file_shows_the_error_without_a_position() {
    let path = std::env::temp_dir().join("hexwright-ui-no-such-map.ron");
    let mut h = harness(HexwrightApp::open(&path));
    h.run();
    let problem = h.state().load_error().expect("the error is kept");
    assert_eq!(problem.position, None);
    assert!(h.query_by_label_contains("cannot read the file").is_some());
}

#[test]
fn hovering_and_clicking_a_hex_on_the_canvas() {
    let mut h = harness(default_app());
    h.run();
    let app = h.state();
    let base = app
        .document()
        .map()
        .features
        .iter()
        .find(|f| f.kind.side() == Some(PlayerId(0)) && f.kind.name() == "base")
        .unwrap()
        .hex;
    let pos = canvas::hex_screen_pos(app.view(), app.canvas().rect(), app.document(), base);
    assert!(
        app.canvas().rect().contains(pos),
        "the fitted map shows the base"
    );

    h.hover_at(pos);
    h.run();
    assert_eq!(h.state().canvas().hovered(), Some(base));
    let status = h.state().document().report(base).one_line();
    assert!(status.contains("base of side 0"), "{status}");
    assert!(
        h.query_by_label(&status).is_some(),
        "the status bar shows {status:?}"
    );

    click_at(&h, pos);
    h.run();
    assert_eq!(h.state().selected_hex(), Some(base));

    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(h.state().selected_hex(), None, "Esc clears the selection");
}

#[test]
fn zoom_buttons_and_fit_key() {
    let mut h = harness(default_app());
    h.run();
    let fitted = h.state().view().scale();
    h.get_by_label("+").click();
    h.run();
    let zoomed = h.state().view().scale();
    assert!(zoomed > fitted * 1.2, "{zoomed} > {fitted}");
    h.get_by_label("−").click();
    h.get_by_label("−").click();
    h.run();
    assert!(h.state().view().scale() < fitted, "zoomed out past the fit");
    h.key_press(egui::Key::F);
    h.run();
    assert!(
        (h.state().view().scale() - fitted).abs() < 1e-9,
        "F fits the map again"
    );
}

#[test]
fn wheel_zooms_about_the_cursor() {
    let mut h = harness(default_app());
    h.run();
    let rect = h.state().canvas().rect();
    let anchor = rect.center() + Vec2::new(120.0, -80.0);
    let world_before = h.state().view().to_world(rect, anchor);
    let scale_before = h.state().view().scale();
    h.hover_at(anchor);
    h.event(Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: Vec2::new(0.0, 120.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: Modifiers::NONE,
    });
    h.run();
    let view = h.state().view();
    assert!(view.scale() > scale_before, "wheel up zooms in");
    assert!(
        view.to_world(rect, anchor).distance(world_before) < 1e-3,
        "the point under the cursor stays put"
    );
}

/// A storage in memory, standing in for eframe's file storage.
#[derive(Default)]
struct MemoryStorage(HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

#[test]
fn settings_are_saved_and_restored() {
    let mut h = harness(default_app());
    h.run();
    h.get_by_role_and_label(Role::CheckBox, "Starting zones")
        .click();
    h.get_by_label("Dark").click();
    h.run();
    let mut storage = MemoryStorage::default();
    eframe::App::save(h.state_mut(), &mut storage);
    let restored: Settings =
        eframe::get_value(&storage, Settings::STORAGE_KEY).expect("settings were saved");
    assert!(!restored.layers.zones);
    assert_eq!(restored.theme, ThemeChoice::Dark);
    let app = HexwrightApp::with_default_map().with_settings(restored.clone());
    assert_eq!(app.settings(), &restored);
}

#[test]
fn every_bundled_map_draws_without_panicking() {
    for (name, _) in bundled::MAPS {
        let map = bundled::map(name).unwrap();
        let mut h = harness(HexwrightApp::new(
            Board::new(map).unwrap(),
            MapSource::Bundled((*name).to_owned()),
        ));
        h.run();
        // Zoom far in and out: fine detail (hatching, labels) switches on and off.
        h.get_by_role_and_label(Role::CheckBox, "Coordinates")
            .click();
        for _ in 0..12 {
            h.get_by_label("+").click();
        }
        h.run();
        for _ in 0..20 {
            h.get_by_label("−").click();
        }
        h.run();
    }
}

#[test]
fn right_drag_and_space_drag_pan_the_map() {
    let mut h = harness(default_app());
    h.run();
    let rect = h.state().canvas().rect();
    let start = rect.center();
    let drag = |h: &mut Harness<'_, HexwrightApp>, button: PointerButton, by: Vec2| {
        h.hover_at(start);
        h.event(Event::PointerButton {
            pos: start,
            button,
            pressed: true,
            modifiers: Modifiers::NONE,
        });
        h.run();
        for step in 1..=5 {
            h.hover_at(start + by * (step as f32 / 5.0));
            h.run();
        }
        h.event(Event::PointerButton {
            pos: start + by,
            button,
            pressed: false,
            modifiers: Modifiers::NONE,
        });
        h.run();
    };

    let world = h.state().view().to_world(rect, start);
    drag(&mut h, PointerButton::Secondary, Vec2::new(80.0, 40.0));
    let moved = h.state().view().to_screen(rect, world);
    assert!(
        (moved - start - Vec2::new(80.0, 40.0)).length() < 1.0,
        "right-drag moves the map with the pointer: {moved:?}"
    );
    assert_eq!(h.state().selected_hex(), None, "panning does not select");

    let world = h.state().view().to_world(rect, start);
    h.key_down(egui::Key::Space);
    drag(&mut h, PointerButton::Primary, Vec2::new(-60.0, 30.0));
    h.key_up(egui::Key::Space);
    h.run();
    let moved = h.state().view().to_screen(rect, world);
    assert!(
        (moved - start - Vec2::new(-60.0, 30.0)).length() < 1.0,
        "space+drag pans: {moved:?}"
    );
    assert_eq!(h.state().selected_hex(), None, "space+drag does not select");
}
