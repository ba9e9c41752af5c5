//! File → Generate, driven headless with `egui_kittest` by its labels:
//! previews of several seeds, *More* for the next ones, the player count
//! and style changed, and *Open* starting a new unsaved map that is the
//! generator's map of that seed, after the unsaved-changes prompt.

use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use hexwright::app::HexwrightApp;
use hexwright::document::MapSource;
use hexwright::panels::Dialog;
use hexwright_engine::map::generate::{Params, Style, generate};

fn harness(app: HexwrightApp) -> Harness<'static, HexwrightApp> {
    let mut h = Harness::builder()
        .with_size(Vec2::new(1400.0, 1400.0))
        .build_ui_state(|ui, app: &mut HexwrightApp| app.ui(ui), app);
    h.run();
    h
}

// Buttons in the dialog are pressed through accessibility (as a screen
// reader would): the previews scroll, so a pointer click would need the
// grid scrolled to them first.

fn previews(h: &Harness<'_, HexwrightApp>) -> Vec<u64> {
    match h.state().dialog() {
        Dialog::Generate(form) => form.previews.iter().map(|p| p.seed).collect(),
        other => panic!("the Generate dialog is not open: {other:?}"),
    }
}

#[test]
fn generate_previews_seeds_and_opens_one_as_a_new_map() {
    let mut h = harness(HexwrightApp::with_default_map());
    h.get_by_label("Generate…").click();
    h.run();
    assert!(previews(&h).is_empty());
    h.get_by_label("4 players").click();
    h.run();
    h.get_by_label("Generate previews").click_accesskit();
    h.run();
    assert_eq!(previews(&h), [1, 2, 3, 4, 5, 6]);
    for seed in 1..=6 {
        assert!(h.query_by_label(&format!("Seed {seed}")).is_some());
    }
    // Each preview says what its static fairness figures say.
    let Dialog::Generate(form) = h.state().dialog() else {
        unreachable!()
    };
    for p in &form.previews {
        assert!(p.fairness.contains("static figure"), "{}", p.fairness);
        assert!(h.query_all_by_label(&p.fairness).next().is_some());
    }
    h.get_by_label("More").click_accesskit();
    h.run();
    assert_eq!(previews(&h), (1..=12).collect::<Vec<u64>>());
    h.get_by_label("Open seed 8").click_accesskit();
    h.run();
    // The map opens as a new unsaved map, the generator's map of seed 8.
    assert_eq!(h.state().dialog(), &Dialog::None);
    let doc = h.state().document();
    assert_eq!(doc.source(), &MapSource::Unsaved);
    assert!(h.state().is_dirty());
    let expected = generate(&Params::new(4), 8).unwrap();
    assert_eq!(doc.map(), &expected);
    assert!(
        h.query_by_label_contains("Generated a map from seed 8")
            .is_some()
    );
    assert!(
        !doc.findings()
            .iter()
            .any(|f| f.severity == hexwright_engine::validate::Severity::Error)
    );

    // With unsaved changes, opening another asks first. The dialog opens
    // as it was last set: four players.
    h.get_by_label("Generate…").click();
    h.run();
    h.get_by_label("Generate previews").click_accesskit();
    h.run();
    h.get_by_label("Open seed 2").click_accesskit();
    h.run();
    assert!(matches!(h.state().dialog(), Dialog::Unsaved { .. }));
    h.get_by_label("Don't save").click();
    h.run();
    assert_eq!(
        h.state().document().map(),
        &generate(&Params::new(4), 2).unwrap()
    );
    let g = h.state().document().map().meta.generated.clone().unwrap();
    assert_eq!((g.seed, g.params.style), (2, Style::OpenField));
}

/// The dialog's parameters, and how many previews show (made with them).
fn form(h: &Harness<'_, HexwrightApp>) -> (Params, usize) {
    match h.state().dialog() {
        Dialog::Generate(form) => (form.params.clone(), form.current().len()),
        other => panic!("the Generate dialog is not open: {other:?}"),
    }
}

#[test]
fn changed_settings_hide_the_previews_they_would_not_make() {
    let mut h = harness(HexwrightApp::with_default_map());
    h.get_by_label("Generate…").click();
    h.run();
    h.get_by_label("Generate previews").click_accesskit();
    h.run();
    assert!(h.query_by_label("Open seed 1").is_some());
    // Two players to four: the two-player previews go, with a word why,
    // so no Open can open a map of the settings before.
    h.get_by_label("4 players").click();
    h.run();
    assert!(h.query_by_label("Open seed 1").is_none());
    assert!(h.query_by_label("Seed 1").is_none());
    assert!(
        h.query_by_label_contains("The settings changed since the previews were made")
            .is_some()
    );
    h.get_by_label("Generate previews").click_accesskit();
    h.run();
    assert_eq!(form(&h).1, 6);
    h.get_by_label("Open seed 1").click_accesskit();
    h.run();
    assert_eq!(h.state().document().map().player_count(), 4);
    assert_eq!(
        h.state().document().map(),
        &generate(&Params::new(4), 1).unwrap()
    );
}

#[test]
fn the_dialog_opens_as_it_was_last_set() {
    let mut h = harness(HexwrightApp::with_default_map());
    h.get_by_label("Generate…").click();
    h.run();
    h.get_by_label("3 players").click();
    h.run();
    let other = Style::ALL
        .into_iter()
        .find(|&s| s != Params::new(3).style)
        .unwrap();
    h.get_by_label("Style").click();
    h.run();
    h.get_by_label(other.label()).click();
    h.run();
    assert_eq!(form(&h).0.style, other);
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(h.state().dialog(), &Dialog::None);
    h.get_by_label("Generate…").click();
    h.run();
    let (params, _) = form(&h);
    assert_eq!((params.players, params.style), (3, other));
    // And so in the next run: the settings keep it.
    assert_eq!(h.state().settings().generate.params, params);
}

#[test]
fn the_dialog_keeps_its_place_and_fits_a_small_screen() {
    let mut h = Harness::builder()
        .with_size(Vec2::new(1000.0, 700.0))
        .build_ui_state(
            |ui, app: &mut HexwrightApp| app.ui(ui),
            HexwrightApp::with_default_map(),
        );
    h.run();
    h.get_by_label("Generate…").click();
    h.run();
    let heading = h.get_by_label("Generate a map").rect();
    let cancel = h.get_by_label("Cancel").rect();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, Vec2::new(1000.0, 700.0));
    assert!(screen.contains_rect(heading), "{heading:?}");
    assert!(screen.contains_rect(cancel), "{cancel:?}");
    h.get_by_label("Generate previews").click_accesskit();
    h.run();
    h.get_by_label("More").click_accesskit();
    h.run();
    assert_eq!(form(&h).1, 12);
    // Twelve previews later, the dialog has not moved or grown.
    assert_eq!(h.get_by_label("Generate a map").rect(), heading);
    assert_eq!(h.get_by_label("Cancel").rect(), cancel);
}
