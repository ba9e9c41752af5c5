//! Nothing cut off: at 1000×700 and 1360×860, on a two- and a
//! four-player map, every widget of the rows and windows people reported
//! cut off lies wholly on screen (inside the window and, where it has
//! one, inside its panel), driven by labels with `egui_kittest`.

use egui::{Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use hexwright::app::HexwrightApp;
use hexwright::document::MapSource;
use hexwright_engine::map::symmetry::Mode;

/// The two sizes the layouts are checked at.
pub const SIZES: [Vec2; 2] = [Vec2::new(1000.0, 700.0), Vec2::new(1360.0, 860.0)];

/// The app on bundled map `name` at `size`.
fn app_at(name: &str, size: Vec2) -> Harness<'static, HexwrightApp> {
    let map = hexwright_headless::files::bundled::map(name).expect("bundled map");
    let board = hexwright_engine::board::Board::new(map).expect("a valid board");
    let app = HexwrightApp::new(board, MapSource::Bundled(name.into()));
    let mut h = Harness::builder()
        .with_size(size)
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut HexwrightApp| app.ui(ui), app);
    h.run();
    h
}

/// The topmost widget labelled each of `labels` (the tool bar's, where a
/// panel below shows the same words) lies wholly inside `within`.
fn all_inside(h: &Harness<'_, HexwrightApp>, labels: &[String], within: Rect, what: &str) {
    let mut cut = Vec::new();
    for label in labels {
        let r = h
            .query_all_by_label(label)
            .map(|n| n.rect())
            .min_by(|a, b| a.min.y.total_cmp(&b.min.y))
            .unwrap_or_else(|| panic!("{what}: no {label:?}"));
        if !within.expand(0.5).contains_rect(r) {
            cut.push(format!("{label:?} at {r:?}"));
        }
    }
    assert!(
        cut.is_empty(),
        "{what}: cut off (inside {within:?}): {cut:#?}"
    );
}

fn screen(size: Vec2) -> Rect {
    Rect::from_min_size(Pos2::ZERO, size)
}

#[test]
fn the_tool_options_rows_fit() {
    for name in ["twin-fords.ron", "four-corners.ron"] {
        for size in SIZES {
            let mut h = app_at(name, size);
            let players = h.state().document().map().player_count();
            let map = h.state().document().map().clone();
            // The brush: terrain, size, sides, zones, every symmetry mode.
            h.get_by_label("Brush").click();
            h.run();
            let mut labels: Vec<String> = Mode::ALL
                .into_iter()
                .filter(|m| m.fits(&map))
                .map(|m| m.label().to_owned())
                .collect();
            labels.extend((0..players).map(|s| format!("Side {s}")));
            labels.push("Brush size".to_owned());
            all_inside(&h, &labels, screen(size), &format!("{name} {size:?} Brush"));
            // The hexes tool: its clipboard buttons too.
            h.get_by_label("Hexes").click();
            h.run();
            labels.retain(|l| l != "Brush size");
            labels.extend(["Copy", "Paste", "Clear hexes"].map(str::to_owned));
            all_inside(&h, &labels, screen(size), &format!("{name} {size:?} Hexes"));
        }
    }
}

/// The inspector's Fairness table shows every side's column and the
/// spread on a four-player map at 1360×860, inside the inspector's column:
/// from its headings to the window's edge less the panel's margin and its
/// scroll bar (16 points), not behind them.
#[test]
fn the_four_player_fairness_table_fits_the_inspector() {
    let size = SIZES[1];
    let h = app_at("four-corners.ron", size);
    let fairness = h.get_by_label("Fairness").rect();
    let column = Rect::from_min_max(
        Pos2::new(fairness.min.x - 12.0, 0.0),
        Pos2::new(size.x - 16.0, size.y),
    );
    let mut labels: Vec<String> = (0..4).map(|s| format!("S{s}")).collect();
    labels.push("Spread".to_owned());
    for label in &labels {
        let r = h.get_by_label(label).rect();
        // Across: the inspector scrolls down, never sideways.
        assert!(
            r.min.x >= column.min.x && r.max.x <= column.max.x,
            "{label:?} at {r:?} is cut off the inspector's column {column:?}"
        );
    }
}

/// The sandbox on bundled map `name` at `size`, on tab `tab`, with the
/// right edge of its left panel (where the map canvas begins).
fn sandbox_at(name: &str, size: Vec2, tab: &str) -> (Harness<'static, HexwrightApp>, f32) {
    let mut h = app_at(name, size);
    h.get_by_label("Play").click();
    h.run();
    h.get_by_label(tab).click();
    h.run();
    let edge = h.state().canvas().rect().min.x;
    (h, edge)
}

/// Lets the sandbox's workers finish (at most two minutes).
fn settle(h: &mut Harness<'_, HexwrightApp>, busy: impl Fn(&HexwrightApp) -> bool) {
    let start = std::time::Instant::now();
    while busy(h.state()) {
        assert!(start.elapsed().as_secs() < 120, "the work finishes");
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    h.run();
}

/// Every widget labelled `label` (there is one at least) lies across
/// inside `0..=right` (it may scroll down).
fn across_inside(h: &Harness<'_, HexwrightApp>, label: &str, right: f32, what: &str) {
    let rects: Vec<Rect> = h.query_all_by_label(label).map(|n| n.rect()).collect();
    assert!(!rects.is_empty(), "{what}: no {label:?}");
    for r in rects {
        assert!(
            r.min.x >= 0.0 && r.max.x <= right + 0.5,
            "{what}: {label:?} at {r:?} runs past {right}"
        );
    }
}

/// With four players: the batch's matches table and its export path row,
/// and the phase-rules turn strip, fit their panels at both sizes.
#[test]
fn the_sandbox_fits_four_players() {
    use hexwright_engine::bots::BotKind;
    for size in SIZES {
        let what = format!("{size:?}");
        let (mut h, edge) = sandbox_at("four-corners.ron", size, "Batch");
        h.state_mut()
            .sandbox_mut()
            .unwrap()
            .batch_mut()
            .configure(4, vec![BotKind::Greedy; 4], 1);
        h.run();
        h.get_by_label("Simulate 4 matches").click();
        settle(&mut h, |a| {
            let b = a.sandbox().unwrap().batch();
            b.results().is_none() || b.is_running()
        });
        // Every column of the matches table and its Open button.
        for label in ["Side 3", "Rounds", "Open match 1"] {
            across_inside(&h, label, size.x, &what);
        }
        // The export path row: its field's buttons stay in the panel.
        h.get_by_label("Export CSV…").click();
        h.run();
        for label in ["Save", "Cancel"] {
            across_inside(&h, label, edge, &what);
        }
        // The turn strip of a phase-rules match: each side's cards in its
        // own column, none running into the next or off the panel.
        h.get_by_label("Match").click();
        h.run();
        h.get_by_label("Start match").click();
        h.run();
        for _ in 0..3 {
            h.get_by_label("Step turn").click();
            h.run();
        }
        h.get_by_label("Step phase").click();
        h.run();
        let live = h.state().sandbox().unwrap().live().unwrap();
        let s = live.phase().expect("a phase-rules match").state().clone();
        for (i, title) in ["Commanders", "Elites", "Soldiers", "Summons"]
            .into_iter()
            .enumerate()
        {
            // The strip's row of this phase: its title's line.
            let row = h
                .query_all_by_label(title)
                .map(|n| n.rect())
                .min_by(|a, b| a.min.y.total_cmp(&b.min.y))
                .unwrap_or_else(|| panic!("{what}: no row {title}"));
            let mut last = row.max.x;
            for p in hexwright_engine::player::PlayerId::all(4) {
                let text = hexwright::sandbox::card_text(&s, p, i);
                let hint = hexwright::sandbox::card_hint(&s, p, i);
                let r = h
                    .query_all_by_label(&text)
                    .map(|n| n.rect())
                    .filter(|r| (r.center().y - row.center().y).abs() < 4.0 && r.min.x >= last)
                    .min_by(|a, b| a.min.x.total_cmp(&b.min.x))
                    .unwrap_or_else(|| {
                        panic!("{what}: {title}: side {p}'s card {text:?} ({hint}) runs into the one before")
                    });
                assert!(
                    r.max.x <= edge + 0.5,
                    "{what}: side {p}'s card {text:?} at {r:?} runs off the panel ({edge})"
                );
                last = r.max.x;
            }
        }
    }
}

/// The opening study's legend keeps its words whole.
#[test]
fn the_openings_legend_fits() {
    use hexwright_engine::bots::BotKind;
    for size in SIZES {
        let (mut h, edge) = sandbox_at("twin-fords.ron", size, "Openings");
        h.state_mut()
            .sandbox_mut()
            .unwrap()
            .openings_mut()
            .configure(2, 6, vec![BotKind::Random; 2], 3);
        h.run();
        h.get_by_label("Simulate the opening").click();
        settle(&mut h, |a| {
            let o = a.sandbox().unwrap().openings();
            o.is_running() || o.result().is_none()
        });
        let o = h
            .state()
            .sandbox()
            .unwrap()
            .openings()
            .result()
            .unwrap()
            .clone();
        let legend = format!("max {} unit-turns", o.max_presence());
        across_inside(&h, &legend, edge, &format!("{size:?}"));
    }
}
