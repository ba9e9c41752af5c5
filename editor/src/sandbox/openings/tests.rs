//! Tests of [`super`] (`editor/src/sandbox/openings.rs`).

use super::*;
use crate::sandbox::batch::panel::tests::prepared;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use std::time::{Duration, Instant};

const RANDOM: [BotKind; 2] = [BotKind::Random, BotKind::Random];

fn random() -> Vec<BotKind> {
    RANDOM.to_vec()
}

fn harness(p: &Prepared) -> Harness<'_, OpeningsPanel> {
    Harness::builder()
        .with_size(Vec2::new(640.0, 1200.0))
        // A study that finishes within the click's run lays out its
        // tables there too, which takes egui a few sizing passes.
        .with_max_steps(16)
        .build_ui_state(
            move |ui, panel: &mut OpeningsPanel| {
                let input = OpeningsInput {
                    prepared: p,
                    default_bots: random(),
                };
                egui::ScrollArea::vertical().show(ui, |ui| panel.show_ui(ui, &input));
            },
            OpeningsPanel::default(),
        )
}

fn wait(h: &mut Harness<'_, OpeningsPanel>) {
    let started = Instant::now();
    while h.state_mut().poll() {
        assert!(
            started.elapsed() < Duration::from_mins(1),
            "the study did not finish in a minute"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    h.run();
}

/// A pointy-top layout of radius `s` (y down).
fn pointy(s: f32) -> impl Fn(Hex) -> Pos2 {
    move |h: Hex| {
        let (q, r) = (h.x as f32, h.y as f32);
        Pos2::new(100.0 + s * 3f32.sqrt() * (q + r / 2.0), 100.0 + s * 1.5 * r)
    }
}

/// A flat-top layout of radius `s`, y up.
fn flat(s: f32) -> impl Fn(Hex) -> Pos2 {
    move |h: Hex| {
        let (q, r) = (h.x as f32, h.y as f32);
        Pos2::new(50.0 + s * 1.5 * q, 300.0 - s * 3f32.sqrt() * (r + q / 2.0))
    }
}

#[test]
fn the_opening_study_runs_and_shows_its_heatmaps() {
    let p = prepared(60);
    let mut h = harness(&p);
    h.run();
    assert!(h.query_by_label("Simulate the opening").is_some());
    assert!(h.state().result().is_none());
    h.state_mut().configure(2, 6, random(), 3);
    h.get_by_label("Simulate the opening").click();
    h.run();
    wait(&mut h);
    let o = h.state().result().expect("a result").clone();
    assert_eq!(o.runs, 6);
    assert_eq!(o.spec.rounds, 2);
    assert!(!o.cancelled);
    assert_eq!(o.samples, 6 * 4, "two rounds: four turn ends per run");
    assert!(h.query_by_label("6 runs of 2 rounds").is_some());
    for label in Heatmap::ALL.map(Heatmap::label) {
        assert!(h.query_by_label(label).is_some(), "{label}");
    }
    let legend = format!("max {} unit-turns", o.max_presence());
    assert!(h.query_by_label(&legend).is_some(), "{legend}");

    h.get_by_label("Where units died").click();
    h.run();
    assert_eq!(h.state().heatmap(), Heatmap::Deaths);
    assert!(h.query_by_label_contains("deaths in all").is_some());

    h.get_by_label("Objectives taken").click();
    h.run();
    assert_eq!(h.state().heatmap(), Heatmap::Objectives);
    assert!(h.query_by_label("max 6 runs").is_some());
    for column in [
        "Objective",
        "Captured",
        "First by side",
        "Mean round",
        "First captures by round",
    ] {
        assert!(h.query_by_label(column).is_some(), "column {column}");
    }
    // Each objective's per-round counts add up to its captures.
    for obj in &o.objectives {
        let per_round: Vec<String> = obj
            .first_round
            .iter()
            .map(|c| (c[PlayerId(0)] + c[PlayerId(1)]).to_string())
            .collect();
        assert_eq!(per_round.len(), 2);
        let text = per_round.join(" · ");
        assert_eq!(text, super::per_round(obj));
        assert!(h.query_all_by_label(&text).count() >= 1, "{text}");
    }
    for obj in &o.objectives {
        let share = format!("{:.1}%", obj.captured() as f64 / o.runs as f64 * 100.0);
        assert!(h.query_all_by_label(&share).count() >= 1, "{share}");
    }
    let marks = h.state().marks(20.0);
    assert_eq!(marks.len(), o.objectives.len());
    assert!(marks.iter().all(|m| m.ring && m.label.is_some()));

    // The checkbox hides the heatmap.
    assert!(h.state().shows_on_map());
    h.get_by_label("Show heatmap on the map").click();
    h.run();
    assert!(!h.state().shows_on_map());
    assert!(h.state().marks(20.0).is_empty());
}

#[test]
fn marks_follow_the_counts() {
    let p = prepared(60);
    let mut panel = OpeningsPanel::default();
    assert!(panel.marks(30.0).is_empty(), "nothing before a study");
    panel.configure(3, 4, random(), 1);
    panel.start(&p);
    let started = Instant::now();
    while panel.poll() {
        assert!(started.elapsed() < Duration::from_mins(1));
        std::thread::sleep(Duration::from_millis(10));
    }
    let o = panel.result().unwrap().clone();
    let marks = panel.marks(30.0);
    let hot = o.presence.iter().filter(|&&n| n > 0).count();
    assert_eq!(marks.len(), hot);
    let max = o.max_presence();
    for m in &marks {
        let n = o.at(&o.presence, m.hex);
        assert_eq!(m.label.as_deref(), Some(n.to_string().as_str()));
        assert_eq!(m.color, viridis(n as f32 / max as f32));
        assert!(!m.ring);
    }
    assert!(marks.iter().any(|m| m.color == viridis(1.0)));
    // Small hexes get no text.
    assert!(
        panel
            .marks(LABEL_MIN_HEX_PX - 1.0)
            .iter()
            .all(|m| m.label.is_none())
    );
    panel.set_heatmap(Heatmap::Deaths);
    let deaths = o.deaths.iter().filter(|&&n| n > 0).count();
    assert_eq!(panel.marks(30.0).len(), deaths);

    // Painting draws on any painter without trouble, in both layouts.
    let mut h = Harness::new_ui_state(
        |ui, panel: &mut OpeningsPanel| {
            panel.set_heatmap(Heatmap::Presence);
            panel.paint(ui.painter(), &pointy(24.0), 24.0);
            panel.set_heatmap(Heatmap::Objectives);
            panel.paint(ui.painter(), &flat(8.0), 8.0);
        },
        panel,
    );
    h.run();
}

#[test]
fn cancel_keeps_the_finished_runs() {
    let p = prepared(60);
    let mut h = harness(&p);
    h.state_mut().configure(60, 20_000, random(), 1);
    h.state_mut().start(&p);
    h.run();
    assert!(h.query_by_label_contains(" / 20000").is_some());
    h.get_by_label("Cancel").click();
    h.run();
    wait(&mut h);
    let o = h.state().result().expect("partial result");
    assert!(o.cancelled);
    assert!(o.runs < 20_000);
    assert!(h.query_by_label_contains("Cancelled:").is_some());
}

#[test]
fn hex_corners_lie_on_the_hex_in_any_layout() {
    for (to_screen, s) in [
        (&pointy(10.0) as &dyn Fn(Hex) -> Pos2, 10.0),
        (&flat(7.0) as &dyn Fn(Hex) -> Pos2, 7.0),
    ] {
        let c = hex_corners(to_screen);
        for k in 0..6 {
            assert!((c[k].length() - s).abs() < 1e-3, "{:?}", c[k]);
            let side = (c[(k + 1) % 6] - c[k]).length();
            assert!((side - s).abs() < 1e-3, "side {side}");
        }
    }
}

#[test]
fn viridis_runs_from_purple_to_yellow() {
    assert_eq!(viridis(0.0), Color32::from_rgb(68, 1, 84));
    assert_eq!(viridis(1.0), Color32::from_rgb(253, 231, 37));
    assert_eq!(viridis(-1.0), viridis(0.0));
    assert_eq!(viridis(2.0), viridis(1.0));
    assert_eq!(viridis(f32::NAN), viridis(0.0));
    // Lightness grows along the ramp (it reads in grey too).
    let luma =
        |c: Color32| 0.299 * f32::from(c.r()) + 0.587 * f32::from(c.g()) + 0.114 * f32::from(c.b());
    let mut last = -1.0;
    for i in 0..=20 {
        let l = luma(viridis(i as f32 / 20.0));
        assert!(l > last, "step {i}");
        last = l;
    }
    assert_eq!(text_on(viridis(0.0)), Color32::WHITE);
    assert_eq!(text_on(viridis(1.0)), Color32::BLACK);
}

#[test]
fn a_four_player_phase_study_shows_each_sides_heatmap() {
    let p = crate::sandbox::batch::panel::tests::four_corners(40);
    let mut h = Harness::builder()
        .with_size(Vec2::new(720.0, 1400.0))
        .with_max_steps(16)
        .build_ui_state(
            |ui, panel: &mut OpeningsPanel| {
                let input = OpeningsInput {
                    prepared: &p,
                    default_bots: vec![BotKind::Greedy; 4],
                };
                egui::ScrollArea::vertical().show(ui, |ui| panel.show_ui(ui, &input));
            },
            OpeningsPanel::default(),
        );
    h.run();
    // One bot per seat in the form.
    for k in 1..=4 {
        assert!(h.query_by_label(&format!("Bot {k}")).is_some(), "bot {k}");
    }
    h.get_by_label("Simulate the opening").click();
    h.run();
    wait(&mut h);
    let o = h.state().result().expect("a result").clone();
    assert_eq!(o.players(), 4);
    assert_eq!(o.spec.bots, vec![BotKind::Greedy; 4]);
    assert!(o.samples > 0);
    let all = h.state().marks(30.0);
    assert_eq!(all.len(), o.presence.iter().filter(|&&n| n > 0).count());
    for side in 0..4u8 {
        h.get_by_label(&format!("Side {side}")).click();
        h.run();
        let counts = o.presence_of(Some(PlayerId(side)));
        let marks = h.state().marks(30.0);
        assert_eq!(marks.len(), counts.iter().filter(|&&n| n > 0).count());
        assert!(!marks.is_empty(), "side {side} stood somewhere");
        let max = openings::max(counts);
        for m in &marks {
            let n = o.at(counts, m.hex);
            assert_eq!(m.label.as_deref(), Some(n.to_string().as_str()));
            assert_eq!(m.color, viridis(n as f32 / max as f32));
        }
        let legend = format!("max {max} unit-turns");
        assert!(h.query_by_label(&legend).is_some(), "{legend}");
    }
    h.get_by_label("Every side").click();
    h.run();
    assert_eq!(h.state().marks(30.0), all);
    h.get_by_label("Objectives taken").click();
    h.run();
    // A count per side in the one column, four sides and all.
    assert!(h.query_by_label("First by side").is_some());
    let first = &o.objectives[0];
    for (p, n) in first.by_side.pairs() {
        let count = n.to_string();
        assert!(
            h.query_all_by_label(&count).count() >= 1,
            "side {p}: {count}"
        );
    }
    assert_eq!(first.by_side.pairs().count(), 4);
}
