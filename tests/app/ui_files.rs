//! Files, driven headless with `egui_kittest`: New, Save As and Open through
//! the in-app path field, the title's unsaved mark, the unsaved-changes
//! prompt (new, open, close), dropped files, recent files, load errors that
//! keep the current map, and the autosave recovery file.

use crate::common;

use common::ui::type_into;
use egui::accesskit::Role;
use egui::{Key, Modifiers, Vec2, ViewportEvent, ViewportId};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use hexwright::app::HexwrightApp;
use hexwright::canvas;
use hexwright::document::MapSource;
use hexwright::edit::Tool;
use hexwright::panels::Dialog;
use hexwright::panels::UNSAVED_MARK;
use hexwright_engine::Hex;
use hexwright_engine::format;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const SIZE: Vec2 = Vec2::new(1400.0, 900.0);

fn harness(app: HexwrightApp) -> Harness<'static, HexwrightApp> {
    let mut h = Harness::builder()
        .with_size(SIZE)
        .build_ui_state(|ui, app: &mut HexwrightApp| app.ui(ui), app);
    h.run();
    h
}

/// A fresh folder for one test.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("hexwright-ui-files-{name}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// Places a bush on the centre hex: one undoable edit.
fn edit(h: &mut Harness<'_, HexwrightApp>) {
    h.key_press(Tool::Bush.key());
    h.run();
    let app = h.state();
    let hex = (0..40)
        .map(|q| Hex::new(q, 0))
        .find(|&x| {
            let d = app.document();
            d.board().coverage().is_usable(x) && d.map().feature_at(x).is_none()
        })
        .expect("a free usable hex in the middle row");
    click_hex(h, hex);
    assert!(h.state().is_dirty());
}

/// An edit (the author's name), so the map has unsaved changes.
fn make_dirty(h: &mut Harness<'_, HexwrightApp>) {
    let meta = hexwright_engine::map::Meta {
        author: "Someone".into(),
        ..h.state().document().map().meta.clone()
    };
    h.state_mut().apply(hexwright::app::Action::SetMeta(meta));
    h.run();
}

/// How the Recent menu lists `path`: its name, then its folder.
fn recent_entry(path: &Path) -> String {
    format!(
        "{} — {}",
        path.file_name().unwrap().to_string_lossy(),
        path.parent().unwrap().display()
    )
}

/// Types `text` into the focused path field, replacing what is there.
fn type_path(h: &mut Harness<'_, HexwrightApp>, text: &str) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_role_and_label(Role::TextInput, "File path")
        .type_text(text);
    h.run();
}

fn save_as(h: &mut Harness<'_, HexwrightApp>, path: &Path) {
    h.get_by_label("Save as…").click();
    h.run();
    type_path(h, &path.display().to_string());
    h.get_by_label("Save file").click();
    h.run();
}

fn open(h: &mut Harness<'_, HexwrightApp>, path: &Path) {
    h.get_by_label("Open…").click();
    h.run();
    type_path(h, &path.display().to_string());
    h.get_by_label("Open file").click();
    h.run();
}

#[test]
fn save_then_open_gives_the_identical_map() {
    let dir = TempDir::new("save");
    let path = dir.path("mine.ron");
    let mut h = harness(HexwrightApp::with_default_map());
    edit(&mut h);
    assert!(h.query_by_label(UNSAVED_MARK).is_some());
    assert!(h.state().title().contains('•'), "{}", h.state().title());

    save_as(&mut h, &path);
    assert_eq!(h.state().dialog(), &Dialog::None);
    assert!(!h.state().is_dirty());
    assert!(h.query_by_label(UNSAVED_MARK).is_none());
    assert_eq!(h.state().title(), "mine.ron — Hexwright");
    assert_eq!(
        h.state().document().source(),
        &MapSource::File(path.clone())
    );
    let saved = h.state().document().map().clone();
    assert_eq!(format::load_map(&path).unwrap(), saved);
    assert_eq!(h.state().settings().recent.first(), Some(&path));

    // Saving over another existing file takes a second click.
    let other_file = dir.path("other.ron");
    std::fs::write(&other_file, "keep me").unwrap();
    h.get_by_label("Save as…").click();
    h.run();
    type_path(&mut h, &other_file.display().to_string());
    h.get_by_label("Save file").click();
    h.run();
    assert!(h.query_by_label_contains("already exists").is_some());
    assert_eq!(std::fs::read_to_string(&other_file).unwrap(), "keep me");
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(
        h.state().document().source(),
        &MapSource::File(path.clone())
    );

    // Ctrl+S saves in place.
    edit(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(!h.state().is_dirty());
    let saved = h.state().document().map().clone();

    // Open it in a fresh app: the same map.
    let mut other = harness(HexwrightApp::with_default_map());
    open(&mut other, &path);
    assert!(other.state().load_error().is_none());
    assert_eq!(other.state().document().map(), &saved);
    assert!(!other.state().is_dirty());
    assert!(other.state().history().steps().is_empty());

    // A second click on Save file replaces the other file.
    h.get_by_label("Save as…").click();
    h.run();
    type_path(&mut h, &other_file.display().to_string());
    h.get_by_label("Save file").click();
    h.run();
    h.get_by_label("Save file").click();
    h.run();
    assert_eq!(h.state().dialog(), &Dialog::None);
    assert_eq!(format::load_map(&other_file).unwrap(), saved);
    assert_eq!(h.state().document().source(), &MapSource::File(other_file));
}

#[test]
fn a_malformed_file_shows_an_error_and_keeps_the_current_map() {
    let dir = TempDir::new("bad");
    let path = dir.path("bad.ron");
    std::fs::write(&path, "(\n    format: 1,\n    meta: (name: 7),\n)\n").unwrap();
    let mut h = harness(HexwrightApp::with_default_map());
    edit(&mut h);
    let before = h.state().document().map().clone();
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    // The bundled map cannot be saved in place: Save As opens.
    assert!(matches!(h.state().dialog(), Dialog::SaveAs { .. }));
    h.get_by_label("Cancel").click();
    h.run();

    h.get_by_label("Open…").click();
    h.run();
    assert!(
        h.query_by_label("Unsaved changes").is_some(),
        "the prompt comes first"
    );
    h.get_by_label("Don't save").click();
    h.run();
    type_path(&mut h, &path.display().to_string());
    h.get_by_label("Open file").click();
    h.run();
    assert_eq!(
        h.state().document().map(),
        &before,
        "the current map is kept"
    );
    let problem = h.state().load_error().expect("the error shows");
    let (line, column) = problem.position.expect("with a line and column");
    assert_eq!(line, 3);
    assert!(
        h.query_by_label(&format!("{}:{line}:{column}", path.display()))
            .is_some()
    );
}

#[test]
fn the_unsaved_prompt_guards_new_and_close() {
    let mut h = harness(HexwrightApp::with_default_map());
    edit(&mut h);
    let name = h.state().document().map().meta.name.clone();

    h.get_by_label("New…").click();
    h.run();
    assert!(h.query_by_label("Unsaved changes").is_some());
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(
        h.state().document().map().meta.name,
        name,
        "nothing changed"
    );
    assert!(h.state().is_dirty());

    // Closing the window asks too, and does not close.
    h.input_mut()
        .viewports
        .entry(ViewportId::ROOT)
        .or_default()
        .events
        .push(ViewportEvent::Close);
    h.run();
    assert!(h.query_by_label("Unsaved changes").is_some());
    assert!(!h.state().is_closing());
    h.get_by_label("Cancel").click();
    h.run();

    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Don't save").click();
    h.run();
    assert!(h.query_by_label("New map").is_some());
    // The dialog says how many hexes the map will make (1200 × 800, size
    // 32): exactly the grid New then creates.
    let expected = hexwright::document::NewMapSpec::default()
        .counted_hexes()
        .unwrap();
    assert!((100..5000).contains(&expected), "{expected}");
    assert!(
        h.query_by_label(&format!("{expected} hexes")).is_some(),
        "the hex count is shown"
    );
    h.get_by_label("Create").click();
    h.run();
    let doc = h.state().document();
    assert_eq!(doc.summary().grid_hexes, expected, "as many as it said");
    assert_eq!(doc.map().meta.name, "Untitled");
    assert_eq!(doc.source(), &MapSource::Unsaved);
    assert!(doc.map().terrain.is_empty() && doc.map().features.is_empty());
    assert!(!h.state().is_dirty());

    // A clean map closes without asking.
    h.input_mut()
        .viewports
        .entry(ViewportId::ROOT)
        .or_default()
        .events
        .push(ViewportEvent::Close);
    h.run();
    assert_eq!(h.state().dialog(), &Dialog::None);
}

#[test]
fn the_new_dialog_reports_bad_sizes() {
    let mut h = harness(HexwrightApp::with_default_map());
    h.get_by_label("New…").click();
    h.run();
    let width = h.get_by_role_and_label(Role::SpinButton, "Map width");
    width.click();
    h.run();
    // A 1-unit wide area cannot hold a hex of size 32.
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::SpinButton, "Map width")
        .type_text("1");
    h.key_press(Key::Enter);
    h.run();
    h.get_by_label("Create").click();
    h.run();
    assert!(
        h.query_by_label_contains("cannot hold a hex").is_some(),
        "the engine's message shows"
    );
    assert!(matches!(h.state().dialog(), Dialog::New { .. }));
}

#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn dropping_a_ron_file_opens_it() {
    let dir = TempDir::new("drop");
    let path = dir.path("dropped.ron");
    let mut map = hexwright_headless::files::bundled::map("ember-isles.ron").unwrap();
    map.meta.name = "Dropped isles".to_owned();
    format::save_atomic(&map, &path).unwrap();

    let mut h = harness(HexwrightApp::with_default_map());
    h.input_mut()
        .dropped_files
        .push(Arc::new(Dropped(path.clone())));
    h.run();
    assert_eq!(h.state().document().map(), &map);
    assert!(h.query_all_by_label("Dropped isles").count() >= 1);
    assert_eq!(h.state().settings().recent.first(), Some(&path));

    // Recent files reopen it after something else was opened.
    h.get_by_label("New…").click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    h.get_by_label("Recent").click();
    h.run();
    h.get_by_label(&recent_entry(&path)).click();
    h.run();
    assert_eq!(h.state().document().map().meta.name, "Dropped isles");

    let txt = dir.path("notes.txt");
    std::fs::write(&txt, "hello").unwrap();
    h.input_mut().dropped_files.push(Arc::new(Dropped(txt)));
    h.run();
    assert!(h.query_by_label_contains("is not a map file").is_some());
    assert_eq!(h.state().document().map().meta.name, "Dropped isles");
}

#[test]
fn autosave_writes_a_recovery_file_that_is_offered_next_time() {
    let dir = TempDir::new("recover");
    let recovery = dir.path("recovery.ron");
    let mut h = harness(HexwrightApp::with_default_map().with_autosave(recovery.clone(), 0.0));
    assert!(!recovery.exists(), "nothing to recover at first");
    edit(&mut h);
    h.run();
    assert!(recovery.exists(), "the edit was autosaved");
    let edited = h.state().document().map().clone();
    assert_eq!(format::load_map(&recovery).unwrap(), edited);
    drop(h); // a crash: no clean exit

    let mut h = harness(HexwrightApp::with_default_map().with_autosave(recovery.clone(), 0.0));
    assert!(h.query_by_label("Recover unsaved work?").is_some());
    h.get_by_label("Recover").click();
    h.run();
    assert_eq!(h.state().document().map(), &edited);
    assert!(
        h.state().is_dirty(),
        "the recovered map is not saved anywhere"
    );

    // Saving removes the recovery file.
    let path = dir.path("saved.ron");
    save_as(&mut h, &path);
    assert!(!recovery.exists());

    // Discard deletes it without opening it.
    files_write(&recovery);
    let mut h = harness(HexwrightApp::with_default_map().with_autosave(recovery.clone(), 0.0));
    h.get_by_label("Discard").click();
    h.run();
    assert!(!recovery.exists());
    assert_eq!(h.state().dialog(), &Dialog::None);
}

/// "Don't save", then New: the discarded edits are not written back to
/// the recovery file while the New dialog is open, so a crash there offers
/// nothing to recover.
#[test]
fn discarded_edits_are_not_recovered() {
    let dir = TempDir::new("recover-discard");
    let recovery = dir.path("recovery.ron");
    let mut h = harness(HexwrightApp::with_default_map().with_autosave(recovery.clone(), 0.0));
    edit(&mut h);
    h.run();
    assert!(recovery.exists(), "the edit was autosaved");
    h.get_by_label("New…").click();
    h.run();
    h.get_by_label("Don't save").click();
    for _ in 0..3 {
        h.run();
    }
    assert!(
        h.query_by_label("Create").is_some(),
        "the New dialog is open"
    );
    assert!(h.state().is_dirty(), "the old map is still shown");
    assert!(
        !recovery.exists(),
        "the discarded edits were autosaved again"
    );
    drop(h); // killed with the New dialog open

    let h = harness(HexwrightApp::with_default_map().with_autosave(recovery.clone(), 0.0));
    assert!(h.query_by_label("Recover unsaved work?").is_none());
}

fn files_write(path: &Path) {
    let map = hexwright_headless::files::bundled::default_map().unwrap();
    format::save_atomic(&map, path).unwrap();
}

fn click_hex(h: &mut Harness<'_, HexwrightApp>, hex: Hex) {
    let app = h.state();
    let pos = canvas::hex_screen_pos(app.view(), app.canvas().rect(), app.document(), hex);
    assert!(app.canvas().rect().contains(pos), "{hex:?} is on screen");
    h.hover_at(pos);
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.run();
}

/// The "done when": a new valid map made from scratch with the mouse
/// and keys, saved, reopened, with no finding in the validation panel.
#[test]
fn a_new_valid_map_from_scratch_survives_save_and_reopen() {
    let dir = TempDir::new("scratch");
    let path = dir.path("scratch.ron");
    let mut h = harness(HexwrightApp::with_default_map());
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Create").click();
    h.run();
    assert!(
        h.query_by_label("No problems found: the map is ready to play.")
            .is_none()
    );

    // Point symmetry: everything below is mirrored for side 1.
    h.get_by_role_and_label(Role::Button, "Point").click();
    h.run();
    h.key_press(Tool::Zone.key());
    h.run();
    for q in -9..=-5 {
        for r in 0..=1 {
            click_hex(&mut h, Hex::new(q, r));
        }
    }
    assert_eq!(
        h.query_all_by_label("10 / 10").count(),
        2,
        "both zones full"
    );
    h.key_press(Tool::Base.key());
    h.run();
    click_hex(&mut h, Hex::new(-8, -2));
    h.key_press(Tool::Barracks.key());
    h.run();
    click_hex(&mut h, Hex::new(-6, -2));
    h.key_press(Tool::Objective.key());
    h.run();
    click_hex(&mut h, Hex::new(0, 0));
    h.key_press(Tool::Brush.key());
    h.run();
    let app = h.state();
    let a = canvas::hex_screen_pos(
        app.view(),
        app.canvas().rect(),
        app.document(),
        Hex::new(-2, -4),
    );
    let b = canvas::hex_screen_pos(
        app.view(),
        app.canvas().rect(),
        app.document(),
        Hex::new(2, -4),
    );
    h.hover_at(a);
    h.event(egui::Event::PointerButton {
        pos: a,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    h.run();
    for step in 1..=8 {
        h.hover_at(a + (b - a) * (step as f32 / 8.0));
        h.run();
    }
    h.event(egui::Event::PointerButton {
        pos: b,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    h.run();
    assert_eq!(
        h.state().document().map().terrain.len(),
        2,
        "the stroke and its image"
    );
    assert!(
        h.query_by_label("No problems found: the map is ready to play.")
            .is_some(),
        "{:?}",
        h.state().document().findings()
    );
    assert!(h.query_by_label("Valid map").is_some());

    save_as(&mut h, &path);
    assert!(!h.state().is_dirty());

    let mut reopened = harness(HexwrightApp::with_default_map());
    open(&mut reopened, &path);
    assert_eq!(
        reopened.state().document().map(),
        h.state().document().map()
    );
    assert!(
        reopened
            .query_by_label("No problems found: the map is ready to play.")
            .is_some()
    );
}

#[test]
fn a_map_pack_is_opened_reordered_extended_and_saved() {
    let dir = TempDir::new("pack");
    let pack_dir = dir.path("classics");
    std::fs::create_dir_all(&pack_dir).unwrap();
    std::fs::write(
        pack_dir.join("pack.ron"),
        hexwright_headless::files::bundled::MANIFEST,
    )
    .unwrap();
    for (name, text) in hexwright_headless::files::bundled::MAPS {
        std::fs::write(pack_dir.join(name), text).unwrap();
    }
    let names: Vec<String> = hexwright_headless::files::bundled::manifest().unwrap().maps;

    let mut h = harness(HexwrightApp::with_default_map());
    h.get_by_label("Pack…").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Pack folder")
        .type_text(&pack_dir.display().to_string());
    h.run();
    // Starting a new pack where one exists would lose its manifest.
    h.get_by_label("New pack").click();
    h.run();
    assert!(h.query_by_label_contains("already holds a pack").is_some());
    h.get_by_label("Open pack").click();
    h.run();
    let n = names.len();
    assert!(h.query_by_label(&format!("Maps ({n})")).is_some());
    assert!(h.query_by_label("cannot be read").is_none());

    // Move the first map down, remove the last, add the open map.
    h.get_all_by_label("Down").next().unwrap().click();
    h.run();
    h.get_all_by_label("Remove").nth(n - 1).unwrap().click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "File name for the open map in the pack")
        .click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "File name for the open map in the pack")
        .type_text("extra/mine.ron");
    h.run();
    h.get_by_label("Add the open map").click();
    h.run();
    assert!(h.query_by_label(&format!("{n}. extra/mine.ron")).is_some());
    h.get_by_label("Save pack").click();
    h.run();
    let manifest = hexwright_engine::pack::load_pack(&pack_dir).unwrap();
    let mut expected = vec![names[1].clone(), names[0].clone()];
    expected.extend(names[2..n - 1].iter().cloned());
    expected.push("extra/mine.ron".to_owned());
    assert_eq!(manifest.manifest.maps, expected);
    assert!(manifest.findings.is_empty(), "{:?}", manifest.findings);
    assert!(
        pack_dir.join(&names[n - 1]).exists(),
        "a removed map stays on disk"
    );
    assert_eq!(
        format::load_map(&pack_dir.join("extra/mine.ron")).unwrap(),
        *h.state().document().map()
    );

    // Open a pack map in the editor.
    h.get_all_by_label("Open").nth(1).unwrap().click();
    h.run();
    assert_eq!(
        h.state().document().source(),
        &MapSource::File(pack_dir.join(&names[0]))
    );
}

#[test]
fn bundled_maps_open_from_the_menu_and_the_open_dialog() {
    let mut h = harness(HexwrightApp::with_default_map());
    assert_eq!(h.state().document().map().meta.name, "Twin Fords");
    h.get_by_label("Bundled").click();
    h.run();
    h.get_by_label("Broken Crown (broken-crown.ron)").click();
    h.run();
    assert_eq!(h.state().document().map().meta.name, "Broken Crown");
    assert_eq!(
        h.state().document().source(),
        &MapSource::Bundled("broken-crown.ron".to_owned())
    );
    // The Open dialog lists them too, behind the unsaved-changes prompt.
    edit(&mut h);
    h.get_by_label("Open…").click();
    h.run();
    h.get_by_label("Don't save").click();
    h.run();
    h.get_by_label("Ember Isles (ember-isles.ron)").click();
    h.run();
    assert_eq!(h.state().dialog(), &Dialog::None);
    assert_eq!(h.state().document().map().meta.name, "Ember Isles");
    assert!(!h.state().is_dirty());
}

#[test]
fn recent_files_survive_a_restart() {
    let dir = TempDir::new("restart");
    let path = dir.path("kept.ron");
    format::save_atomic(
        &hexwright_headless::files::bundled::map("ember-isles.ron").unwrap(),
        &path,
    )
    .unwrap();
    // The settings the last run stored, as eframe hands them back.
    let mut stored = hexwright::app::Settings::default();
    stored.remember(&path);
    let mut h = harness(HexwrightApp::start(None, Some(stored.clone())));
    assert_eq!(h.state().settings().recent, vec![path.clone()]);
    h.get_by_label("Recent").click();
    h.run();
    h.get_by_label(&recent_entry(&path)).click();
    h.run();
    assert_eq!(
        h.state().document().source(),
        &MapSource::File(path.clone())
    );
    // Starting on another file puts it first and keeps the rest.
    let other = dir.path("other.ron");
    format::save_atomic(
        &hexwright_headless::files::bundled::map("twin-fords.ron").unwrap(),
        &other,
    )
    .unwrap();
    let h = harness(HexwrightApp::start(Some(&other), Some(stored)));
    assert_eq!(h.state().settings().recent, vec![other, path]);
}

#[test]
fn the_file_label_never_runs_under_the_zoom_buttons() {
    let dir = TempDir::new("narrow");
    let deep = dir.path(&format!("{}/map.ron", "a-very-long-folder-name".repeat(6)));
    std::fs::create_dir_all(deep.parent().unwrap()).unwrap();
    format::save_atomic(
        &hexwright_headless::files::bundled::map("twin-fords.ron").unwrap(),
        &deep,
    )
    .unwrap();
    for width in [1400.0, 1000.0, 760.0] {
        let mut h = Harness::builder()
            .with_size(Vec2::new(width, 700.0))
            .build_ui_state(
                |ui, app: &mut HexwrightApp| app.ui(ui),
                HexwrightApp::open(&deep),
            );
        h.run();
        let zoom_out = h.get_by_label("−").rect();
        let source = h.get_by_label_contains("a-very-long-folder-name").rect();
        assert!(
            source.max.x <= zoom_out.min.x,
            "width {width}: the file label ends at {} but − starts at {}",
            source.max.x,
            zoom_out.min.x
        );
    }
}

/// The app on a new, empty four-player map made through New.
fn new_four_player_map() -> Harness<'static, HexwrightApp> {
    let mut h = harness(HexwrightApp::with_default_map());
    h.get_by_label("New…").click();
    h.run();
    h.get_by_label("4 players").click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    h
}

/// New asks for the player count: a four-player map has four sides to
/// paint for (the picker, `S`, the zone counters), and the akw-rules-v1
/// sandbox refuses it, saying why.
#[test]
fn a_new_four_player_map_has_four_sides_and_play_says_why_it_cannot() {
    use hexwright_engine::player::PlayerId;
    let mut h = new_four_player_map();
    assert_eq!(h.state().document().map().players, 4);
    for side in 0..4 {
        assert!(
            h.query_all_by_label(&format!("Side {side}"))
                .next()
                .is_some(),
            "the side picker offers side {side}"
        );
        assert!(h.query_by_label(&format!("Zone {side}")).is_some());
    }
    assert!(h.query_all_by_label("Side 4").next().is_none());
    // S goes round the four sides.
    let mut seen = Vec::new();
    for _ in 0..5 {
        seen.push(h.state().settings().tools.side);
        h.key_press(Key::S);
        h.run();
    }
    let want: Vec<PlayerId> = [0, 1, 2, 3, 0].into_iter().map(PlayerId).collect();
    assert_eq!(seen, want);
    h.get_all_by_role_and_label(Role::Button, "Side 2")
        .next()
        .expect("the picker's Side 2")
        .click();
    h.run();
    assert_eq!(h.state().settings().tools.side, PlayerId(2));
    // Play: the map is not valid yet (no zones), so validation speaks first.
    h.get_by_label("Play").click();
    h.run();
    assert!(h.state().sandbox().is_none());
}

/// Done-when of the four-player work: a four-player map made from New with
/// the mouse and keyboard only, in the symmetry mode for four players:
/// zones, bases, barracks, objectives and Outposts placed for side 0 land
/// in all four quarters for their sides. Saved, reopened, and free of
/// findings.
#[test]
fn a_four_player_map_is_made_by_hand_saved_and_reopened_without_findings() {
    use hexwright_engine::map::FeatureKind;
    use hexwright_engine::player::PlayerId;
    let dir = TempDir::new("four");
    let path = dir.path("four.ron");
    let mut h = new_four_player_map();
    // Two-player modes are not offered on a four-player map.
    assert!(h.query_by_label("Point").is_none());
    h.get_by_role_and_label(Role::Button, "Mirror | and —")
        .click();
    h.run();
    // Side 0's quarter (upper left); the other sides' are its images in
    // the vertical mirror, the horizontal mirror, and both.
    let image = |side: u8, (q, r): (i32, i32)| -> Hex {
        let mx = |(q, r): (i32, i32)| (-q - r, r);
        let my = |(q, r): (i32, i32)| (q + r, -r);
        let (q, r) = match side {
            0 => (q, r),
            1 => mx((q, r)),
            2 => my((q, r)),
            _ => mx(my((q, r))),
        };
        Hex::new(q, r)
    };
    let zone: Vec<(i32, i32)> = (-6..=-2).flat_map(|q| [(q, -5), (q, -4)]).collect();
    assert_eq!(h.state().settings().tools.side, PlayerId(0));
    h.key_press(Tool::Zone.key());
    h.run();
    for &z in &zone {
        click_hex(&mut h, image(0, z));
    }
    for (tool, at) in [
        (Tool::Base, (-3, -7)),
        (Tool::Barracks, (-1, -7)),
        (Tool::Objective, (-3, -1)),
        (Tool::Outpost, (-1, -3)),
    ] {
        h.key_press(tool.key());
        h.run();
        click_hex(&mut h, image(0, at));
    }
    let map = h.state().document().map();
    for side in 1..4u8 {
        assert_eq!(
            map.feature_at(image(side, (-3, -7))).map(|f| f.kind),
            Some(FeatureKind::Base {
                side: PlayerId(side)
            }),
            "side {side}'s base is the image of side 0's"
        );
        assert!(map.feature_at(image(side, (-1, -3))).is_some());
    }
    assert!(h.state().symmetry_breaks().is_empty());
    let doc = h.state().document();
    assert_eq!(doc.map().players, 4);
    for side in 0..4u8 {
        assert_eq!(doc.zones_of(PlayerId(side)).len(), 10, "side {side}'s zone");
        let base = FeatureKind::Base {
            side: PlayerId(side),
        };
        assert!(doc.map().features.iter().any(|f| f.kind == base));
    }
    assert!(
        h.query_all_by_label("10 / 10").count() == 4,
        "four full zones"
    );
    assert_eq!(doc.findings(), &[], "a clean four-player map");
    save_as(&mut h, &path);
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.contains("players: 4,"), "{text}");
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label("Create").click();
    h.run();
    assert_eq!(h.state().document().map().players, 2);
    open(&mut h, &path);
    let doc = h.state().document();
    assert_eq!(doc.map().players, 4);
    assert_eq!(doc.findings(), &[]);
    assert_eq!(doc.map(), &format::load_map(&path).unwrap());
}

#[test]
fn file_import_opens_a_wesnoth_map_with_its_report() {
    let map =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/wesnoth-2p/2p_Hamlets.map");
    if !map.is_file() {
        eprintln!("skipped: {} is absent", map.display());
        return;
    }
    let mut h = harness(HexwrightApp::with_default_map());
    h.get_by_label("Import…").click();
    h.run();
    assert!(matches!(h.state().dialog(), Dialog::Import { .. }));
    // Without a file, the form says what is missing.
    h.get_by_label("Import").click();
    h.run();
    assert!(h.query_by_label("Name the map file to import").is_some());
    type_into(
        &mut h,
        "Map file (.map, .tmx, .tmj)",
        &map.display().to_string(),
    );
    h.get_by_label("Import").click();
    h.run();
    let doc = h.state().document();
    assert!(
        !matches!(h.state().dialog(), Dialog::Import { .. }),
        "{:?}",
        h.state().dialog()
    );
    assert_eq!(doc.map().meta.name, "Hamlets");
    assert_eq!(doc.map().meta.license, "GPL-2.0-or-later");
    assert_eq!(doc.source(), &MapSource::Unsaved);
    assert!(h.state().is_dirty(), "an imported map is not saved yet");
    assert!(
        !doc.findings()
            .iter()
            .any(|f| f.severity == hexwright_engine::validate::Severity::Error),
        "Hamlets imports with no validation error"
    );
    assert!(matches!(h.state().dialog(), Dialog::ImportReport { .. }));
    assert!(h.query_by_label("Guessed — check these").is_some());
    assert!(
        h.query_by_label_contains("movement costs and terrain defence are not carried over")
            .is_some()
    );
    h.get_by_label("Close").click();
    h.run();
    assert_eq!(h.state().dialog(), &Dialog::None);

    // Export a picture of it.
    let dir = TempDir::new("import");
    let png = dir.path("hamlets.png");
    h.get_by_label("Export image…").click();
    h.run();
    // Absolute, like the Tiled export's default: in the working folder.
    let expected = std::path::absolute("hamlets.png").unwrap();
    assert!(
        matches!(h.state().dialog(), Dialog::ExportImage { path, .. } if Path::new(path) == expected),
        "{:?}",
        h.state().dialog()
    );
    type_path(&mut h, &png.display().to_string());
    h.get_by_label("Export image").click();
    h.run();
    assert_eq!(h.state().dialog(), &Dialog::None);
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");

    // A file that is not a map keeps the form open with the reason.
    let bad = dir.path("bad.map");
    std::fs::write(&bad, "Gg, Gg\nGg\n").unwrap();
    h.get_by_label("Import…").click();
    h.run();
    h.get_by_label("Don't save").click();
    h.run();
    type_into(
        &mut h,
        "Map file (.map, .tmx, .tmj)",
        &bad.display().to_string(),
    );
    h.get_by_label("Import").click();
    h.run();
    assert!(
        matches!(h.state().dialog(), Dialog::Import { error: Some(e), .. } if e.contains("bad.map:2") && e.contains("rectangle"))
    );
    assert_eq!(h.state().document().map().meta.name, "Hamlets");

    // The same form opens a Tiled map.
    let tmx = map.with_file_name("../tiled-hex/hexagonal-mini.tmx");
    type_into(
        &mut h,
        "Map file (.map, .tmx, .tmj)",
        &tmx.display().to_string(),
    );
    h.get_by_label("Import").click();
    h.run();
    assert_eq!(h.state().document().map().meta.name, "hexagonal mini");
    assert_eq!(h.state().document().board().coverage().hexes().len(), 400);
}

#[test]
fn a_zipped_pack_opens_read_only_and_its_maps_open_as_unsaved_copies() {
    let dir = TempDir::new("zipped");
    let zip = dir.path("classics.zip");
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    hexwright_engine::pack_zip::write_zip(&maps, &zip).unwrap();
    let names = hexwright_headless::files::bundled::manifest().unwrap().maps;
    let mut h = harness(HexwrightApp::with_default_map());
    h.get_by_label("Pack…").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Pack folder")
        .type_text(&zip.display().to_string());
    h.run();
    h.get_by_label("Open pack").click();
    h.run();
    assert!(
        h.query_by_label(&format!("Maps ({})", names.len()))
            .is_some()
    );
    assert!(h.query_by_label_contains("read only").is_some());
    assert!(h.query_by_label("Save pack").is_none());
    assert!(h.query_by_label("Remove").is_none());
    h.get_all_by_label("Open").nth(1).unwrap().click();
    h.run();
    let expected = format::parse_map(
        hexwright_headless::files::bundled::MAPS
            .iter()
            .find(|(n, _)| *n == names[1])
            .unwrap()
            .1,
        "x",
    )
    .unwrap();
    assert_eq!(h.state().document().map(), &expected);
    assert_eq!(h.state().document().source(), &MapSource::Unsaved);
    assert!(h.state().is_dirty(), "a copy from a zip asks to be saved");
}

/// A map exported to Tiled comes back through File → Import at its own
/// hex size unless the user changes the field.
#[test]
fn a_tiled_import_keeps_the_files_hex_size_unless_changed() {
    let map = hexwright_headless::files::bundled::map("four-corners.ron").expect("bundled map");
    assert!((map.layout.hex_size.get() - 30.0).abs() < 1e-9);
    let dir = TempDir::new("tiled-size");
    let tmj = dir.path("corners.tmj");
    let board = hexwright_engine::board::Board::new(map.clone()).unwrap();
    let mut h = harness(HexwrightApp::new(
        board,
        MapSource::Bundled("four-corners.ron".into()),
    ));
    // Export to Tiled from the File commands, next to Export image.
    h.get_by_label("Export to Tiled…").click();
    h.run();
    type_path(&mut h, &tmj.display().to_string());
    h.get_by_label("Export to Tiled").click();
    h.run();
    assert_eq!(h.state().dialog(), &Dialog::None);
    assert!(tmj.is_file() && dir.path("corners-tiles.png").is_file());
    let import = |h: &mut Harness<'_, HexwrightApp>| {
        h.get_by_label("Import…").click();
        h.run();
        if h.query_by_label("Don't save").is_some() {
            h.get_by_label("Don't save").click();
            h.run();
        }
        type_into(h, "Map file (.map, .tmx, .tmj)", &tmj.display().to_string());
    };
    import(&mut h);
    assert!(h.query_by_label_contains("the file's own").is_some());
    h.get_by_label("Import").click();
    h.run();
    let size = h.state().document().map().layout.hex_size.get();
    assert!((size - 30.0).abs() < 1e-9, "the file's hex size: {size}");
    let sorted = |f: &[hexwright_engine::map::Feature]| {
        let mut v: Vec<String> = f.iter().map(|x| format!("{x:?}")).collect();
        v.sort();
        v
    };
    assert_eq!(
        sorted(&h.state().document().map().features),
        sorted(&map.features),
        "the same features come back"
    );
    // A size the user types wins.
    h.get_by_label("Close").click();
    h.run();
    import(&mut h);
    h.get_by_label("Hex size of the new map").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label("Hex size of the new map").type_text("44");
    h.key_press(Key::Enter);
    h.run();
    h.get_by_label("Import").click();
    h.run();
    let size = h.state().document().map().layout.hex_size.get();
    assert!((size - 44.0).abs() < 1e-9, "the typed hex size: {size}");
}

/// The unsaved mark keeps clear of the zoom buttons at every width, even
/// beside a long map name.
#[test]
fn the_unsaved_mark_never_runs_under_the_zoom_buttons() {
    for width in [1600.0, 1400.0, 1000.0, 760.0] {
        let mut map = hexwright_headless::files::bundled::map("twin-fords.ron").unwrap();
        map.meta.name = "A map with a very long name indeed, longer than any bar".repeat(2);
        let board = hexwright_engine::board::Board::new(map).unwrap();
        let mut h = Harness::builder()
            .with_size(Vec2::new(width, 700.0))
            .build_ui_state(
                |ui, app: &mut HexwrightApp| app.ui(ui),
                HexwrightApp::new(board, MapSource::Unsaved),
            );
        h.run();
        // An edit makes it dirty.
        make_dirty(&mut h);
        let mark = h.get_by_label(UNSAVED_MARK).rect();
        let zoom_out = h.get_by_label("−").rect();
        assert!(
            mark.max.x <= zoom_out.min.x,
            "width {width}: the mark ends at {} but − starts at {}",
            mark.max.x,
            zoom_out.min.x
        );
    }
}

/// A map never saved is named by its own name in the save prompt; New
/// clears the status bar; an exported PNG has the editor's dark look.
#[test]
fn the_prompt_names_the_map_new_clears_the_status_and_pictures_follow_the_theme() {
    use hexwright::app::Settings;
    use hexwright::canvas::ThemeChoice;
    let mut map = hexwright_headless::files::bundled::map("twin-fords.ron").unwrap();
    map.meta.name = "Harbour Run".into();
    let board = hexwright_engine::board::Board::new(map).unwrap();
    let app = HexwrightApp::new(board, MapSource::Unsaved).with_settings(Settings {
        theme: ThemeChoice::Dark,
        ..Settings::default()
    });
    let mut h = harness(app);
    let dir = TempDir::new("prompt");
    let png = dir.path("dark.png");
    h.get_by_label("Export image…").click();
    h.run();
    type_path(&mut h, &png.display().to_string());
    h.get_by_label("Export image").click();
    h.run();
    assert!(
        h.state()
            .message()
            .is_some_and(|m| m.starts_with("Exported"))
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let px = &buf[..info.line_size.min(4)];
    let luma = u32::from(px[0]) + u32::from(px[1]) + u32::from(px[2]);
    assert!(luma < 3 * 90, "a dark picture from the dark editor: {px:?}");
    // An edit, then New: the prompt names the map, not "untitled".
    make_dirty(&mut h);
    h.get_by_label("New…").click();
    h.run();
    assert!(
        h.query_by_label("Save the changes to “Harbour Run” first?")
            .is_some()
    );
    h.get_by_label("Don't save").click();
    h.run();
    h.get_by_label("Create").click();
    h.run();
    assert_eq!(
        h.state().message(),
        None,
        "New starts with a clear status bar"
    );
}

/// A map whose terrain would take the exact engine minutes (a hundred
/// strokes side by side, a fraction of a unit apart: issue 60) opens at
/// once: the app says which hex is too detailed and why, and keeps the
/// map it had. (The refusal is bounded by the work budget, not by a clock:
/// a test that hung here would be the bug.)
#[test]
fn a_map_too_tangled_to_compute_is_refused_with_its_hex() {
    let tmp = TempDir::new("tangled");
    let mut map = hexwright_headless::files::bundled::default_map().unwrap();
    let mut offset = 0.0;
    for k in 0..100 {
        let points: Vec<hexwright_engine::geom::Point> = (0..150)
            .map(|j| {
                let x = 200.0 + 5.0 * f64::from(j);
                hexwright_engine::geom::Point::new(
                    x,
                    400.0 + 40.0 * (f64::from(j) / 10.0).sin() + offset,
                )
            })
            .collect();
        offset += 0.1 + 0.1 * f64::from(k % 4);
        map.terrain.push(hexwright_engine::map::TerrainPiece {
            kind: hexwright_engine::map::TerrainKind::Forest,
            shape: hexwright_engine::map::TerrainShape::Stroke {
                radius: hexwright_engine::map::Length::new(16.0).unwrap(),
                points: hexwright_engine::map::Path::new(points).unwrap(),
                erase: false,
            },
        });
    }
    let path = tmp.path("tangled.ron");
    hexwright_engine::format::save_atomic(&map, &path).unwrap();
    let h = harness(HexwrightApp::start(Some(&path), None));
    let problem = h.state().load_error().expect("the map is refused");
    assert!(
        problem
            .message
            .contains("too detailed to compute in bounded time"),
        "{}",
        problem.message
    );
    assert!(h.query_by_label_contains("too detailed").is_some());
    assert_ne!(h.state().document().map(), &map, "another map is shown");
}
