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

    // With unsaved changes, opening another asks first.
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
        &generate(&Params::new(2), 2).unwrap()
    );
    let g = h.state().document().map().meta.generated.clone().unwrap();
    assert_eq!((g.seed, g.params.style), (2, Style::OpenField));
}
