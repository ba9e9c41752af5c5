//! Tests of [`super`] (`editing.rs`).

use super::*;
use crate::document::MapSource;
use hexwright_engine::board::Board;
use hexwright_engine::layout::Orientation;
use hexwright_engine::player::PlayerId;

fn doc() -> Document {
    let map = Map::new_empty("T", Orientation::Pointy, 10.0, 400.0, 300.0).unwrap();
    Document::new(Board::new(map).unwrap(), MapSource::Unsaved)
}

fn ev(kind: PointerKind, x: f64, y: f64) -> PointerEvent {
    PointerEvent {
        kind,
        world: Point::new(x, y),
        pick: 3.0,
    }
}

/// Runs `f` with a fresh editor and history on `d`, with `options`.
fn session(
    d: &mut Document,
    options: ToolOptions,
    f: impl FnOnce(&mut Editor, &mut EditContext<'_>),
) {
    let mut h = History::new();
    let mut e = Editor::default();
    let mut cx = EditContext {
        doc: d,
        history: &mut h,
        options,
    };
    f(&mut e, &mut cx);
}

#[test]
fn a_drag_selects_the_hexes_in_its_box() {
    let mut d = doc();
    let options = ToolOptions {
        tool: Tool::HexSelect,
        ..ToolOptions::default()
    };
    session(&mut d, options, |e, cx| {
        let (a, b) = (Hex::new(-3, -1), Hex::new(2, 2));
        let (pa, pb) = (cx.doc.hex_center(a), cx.doc.hex_center(b));
        e.pointer(ev(PointerKind::Press, pa.x, pa.y), cx);
        e.pointer(ev(PointerKind::Drag, pb.x, pb.y), cx);
        // The box shows while dragging.
        let marks = e.preview(cx.doc, &cx.options, Some(pb));
        assert!(
            marks
                .iter()
                .any(|m| matches!(m, Mark::Polyline { closed: true, points } if points.len() == 4))
        );
        e.pointer(ev(PointerKind::Release, pb.x, pb.y), cx);
        let layout = *cx.doc.board().coverage().layout();
        let (lo, hi) = (
            Point::new(pa.x.min(pb.x), pa.y.min(pb.y)),
            Point::new(pa.x.max(pb.x), pa.y.max(pb.y)),
        );
        let mut expected: Vec<Hex> = cx
            .doc
            .board()
            .coverage()
            .hexes()
            .iter()
            .copied()
            .filter(|&h| {
                let c = layout.center(h);
                c.x >= lo.x && c.x <= hi.x && c.y >= lo.y && c.y <= hi.y
            })
            .collect();
        expected.sort_by_key(|&h| hexwright_engine::layout::hex_key(h));
        let mut got = e.hex_selection().to_vec();
        got.sort_by_key(|&h| hexwright_engine::layout::hex_key(h));
        assert!(got.contains(&a) && got.contains(&b));
        assert_eq!(got, expected);
        assert!(got.len() >= 12, "{}", got.len());
    });
}

#[test]
fn cursor_previews_stay_on_the_grid() {
    let d = doc();
    let e = Editor::default();
    for tool in [Tool::Zone, Tool::FeatureEraser, Tool::Outpost] {
        let options = ToolOptions {
            tool,
            ..ToolOptions::default()
        };
        // Off the grid (outside the map area), then on it.
        let off = e.preview(&d, &options, Some(Point::new(-60.0, -60.0)));
        assert!(
            !off.iter()
                .any(|m| matches!(m, Mark::Hex { .. } | Mark::Feature { .. })),
            "{tool:?}: {off:?}"
        );
        let on = e.preview(&d, &options, Some(Point::new(200.0, 150.0)));
        assert!(
            on.iter()
                .any(|m| matches!(m, Mark::Hex { .. } | Mark::Feature { .. })),
            "{tool:?}: {on:?}"
        );
    }
}

#[test]
fn a_long_stroke_is_one_undo_step_of_several_chunks() {
    let mut d = doc();
    let options = ToolOptions {
        tool: Tool::Brush,
        ..ToolOptions::default()
    };
    session(&mut d, options, |e, cx| {
        e.pointer(ev(PointerKind::Press, 20.0, 150.0), cx);
        for i in 1..=100 {
            e.pointer(ev(PointerKind::Drag, 20.0 + f64::from(i) * 3.5, 150.0), cx);
        }
        e.pointer(ev(PointerKind::Release, 380.0, 150.0), cx);
        assert!(!e.busy());
        let pieces = cx.doc.map().terrain.len();
        assert!(pieces > 1, "the stroke was cut into chunks: {pieces}");
        assert_eq!(cx.history.steps().len(), 1);
        let usable = cx.doc.board().coverage().usable_count();
        let fresh = Board::new(cx.doc.map().clone()).unwrap();
        assert_eq!(fresh.coverage().usable_count(), usable);
        cx.history.undo(cx.doc);
        assert!(cx.doc.map().terrain.is_empty());
    });
}

#[test]
fn point_symmetry_places_the_other_sides_base() {
    let mut d = doc();
    let options = ToolOptions {
        tool: Tool::Base,
        symmetry: hexwright_engine::symmetry::Mode::Point,
        ..ToolOptions::default()
    };
    session(&mut d, options, |e, cx| {
        let at = cx.doc.hex_center(Hex::new(-6, 1));
        e.pointer(ev(PointerKind::Click, at.x, at.y), cx);
        let f = &cx.doc.map().features;
        assert!(f.contains(&Feature {
            hex: Hex::new(-6, 1),
            kind: FeatureKind::Base { side: PlayerId(0) }
        }));
        assert!(f.contains(&Feature {
            hex: Hex::new(6, -1),
            kind: FeatureKind::Base { side: PlayerId(1) }
        }));
        assert_eq!(cx.history.steps().len(), 1);
    });
}

#[test]
fn copy_and_paste_rotated_and_mirrored() {
    let mut d = doc();
    d.set_features(vec![
        Feature {
            hex: Hex::new(0, 0),
            kind: FeatureKind::Bush,
        },
        Feature {
            hex: Hex::new(1, 0),
            kind: FeatureKind::Outpost,
        },
    ]);
    let options = ToolOptions {
        tool: Tool::HexSelect,
        ..ToolOptions::default()
    };
    session(&mut d, options, |e, cx| {
        // Three hexes in a row: the middle one, (0, 0), is the anchor.
        for hex in [Hex::new(-1, 0), Hex::new(0, 0), Hex::new(1, 0)] {
            let p = cx.doc.hex_center(hex);
            e.pointer(ev(PointerKind::Click, p.x, p.y), cx);
        }
        e.key(ToolKey::Copy, cx);
        assert_eq!(e.clipboard().unwrap().features.len(), 2);
        assert_eq!(
            e.message(),
            Some("Copied 2 features and 0 zone hexes: Ctrl+V pastes")
        );
        e.key(ToolKey::Paste, cx);
        e.key(ToolKey::Rotate, cx);
        let at = Hex::new(-5, 2);
        let p = cx.doc.hex_center(at);
        e.pointer(ev(PointerKind::Click, p.x, p.y), cx);
        // The anchor (0,0) lands on `at`, (1,0) turned 60° lands on at + (0,1).
        let map = cx.doc.map();
        assert_eq!(map.feature_at(at).map(|f| f.kind), Some(FeatureKind::Bush));
        assert_eq!(
            map.feature_at(at + Hex::new(0, 1)).map(|f| f.kind),
            Some(FeatureKind::Outpost)
        );
        assert_eq!(cx.history.steps().len(), 1, "one paste, one step");
        e.key(ToolKey::Mirror, cx);
        let at = Hex::new(5, -2);
        let p = cx.doc.hex_center(at);
        e.pointer(ev(PointerKind::Click, p.x, p.y), cx);
        // The turned paste mirrored left-right: (0,1) becomes (-1,1).
        assert_eq!(
            cx.doc
                .map()
                .feature_at(at + Hex::new(-1, 1))
                .map(|f| f.kind),
            Some(FeatureKind::Outpost)
        );
    });
}

#[test]
fn dragging_a_grid_corner_changes_the_region_in_one_step() {
    let mut d = doc();
    let options = ToolOptions {
        tool: Tool::Grid,
        ..ToolOptions::default()
    };
    session(&mut d, options, |e, cx| {
        let grid_hexes = cx.doc.board().coverage().hexes().len();
        let corner = cx.doc.map().grid.points()[2];
        e.pointer(ev(PointerKind::Press, corner.x, corner.y), cx);
        e.pointer(ev(PointerKind::Drag, 200.0, 150.0), cx);
        e.pointer(ev(PointerKind::Release, 200.0, 150.0), cx);
        assert_eq!(cx.doc.map().grid.points()[2], Point::new(200.0, 150.0));
        assert!(cx.doc.board().coverage().hexes().len() < grid_hexes);
        assert_eq!(cx.history.steps().len(), 1);
        // Dragging an edge adds a corner; Delete removes the selected one.
        let mid = Point::new(200.0, cx.doc.map().grid.points()[0].y);
        e.pointer(ev(PointerKind::Press, mid.x, mid.y), cx);
        e.pointer(ev(PointerKind::Release, mid.x, mid.y - 2.0), cx);
        assert_eq!(cx.doc.map().grid.points().len(), 5);
        e.key(ToolKey::Delete, cx);
        assert_eq!(cx.doc.map().grid.points().len(), 4);
        cx.history.jump_to(cx.doc, 0);
        assert_eq!(cx.doc.board().coverage().hexes().len(), grid_hexes);
    });
}

#[test]
fn polygon_closes_on_its_first_corner() {
    let mut d = doc();
    let options = ToolOptions {
        tool: Tool::Polygon,
        ..ToolOptions::default()
    };
    session(&mut d, options, |e, cx| {
        for (x, y) in [
            (100.0, 100.0),
            (200.0, 100.0),
            (150.0, 200.0),
            (101.0, 101.0),
        ] {
            e.pointer(ev(PointerKind::Click, x, y), cx);
        }
        assert!(!e.busy());
        assert_eq!(cx.doc.map().terrain.len(), 1);
        assert!(matches!(
            &cx.doc.map().terrain[0].shape,
            TerrainShape::Polygon { points } if points.points().len() == 3
        ));
    });
}
