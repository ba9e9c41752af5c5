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
