//! Editing, driven headless with `egui_kittest` through the app's labels and
//! keys: brush and eraser strokes, zones with their counter, every feature,
//! symmetric edits, polygons and circles, moving and deleting pieces, undo
//! and redo (keys, buttons and the history panel), and the shortcut sheet.

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use hexwright::app::HexwrightApp;
use hexwright::canvas;
use hexwright::document::MapSource;
use hexwright::edit::Tool;
use hexwright_engine::Hex;
use hexwright_engine::board::Board;
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::{FeatureKind, Map, TerrainKind, TerrainShape};
use hexwright_engine::player::PlayerId;

const SIZE: Vec2 = Vec2::new(1400.0, 900.0);

fn harness(app: HexwrightApp) -> Harness<'static, HexwrightApp> {
    let mut h = Harness::builder()
        .with_size(SIZE)
        .build_ui_state(|ui, app: &mut HexwrightApp| app.ui(ui), app);
    h.run();
    h
}

/// An app on an empty 800 × 600 map of pointy hexes of size 20.
fn empty_app() -> HexwrightApp {
    let map = Map::new_empty("Blank", Orientation::Pointy, 20.0, 800.0, 600.0).unwrap();
    HexwrightApp::new(Board::new(map).unwrap(), MapSource::Unsaved)
}

fn pos_of(h: &Harness<'_, HexwrightApp>, hex: Hex) -> Pos2 {
    let app = h.state();
    canvas::hex_screen_pos(app.view(), app.canvas().rect(), app.document(), hex)
}

fn press(h: &Harness<'_, HexwrightApp>, pos: Pos2, pressed: bool) {
    h.event(Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    });
}

fn click_at(h: &mut Harness<'_, HexwrightApp>, pos: Pos2) {
    h.hover_at(pos);
    press(h, pos, true);
    press(h, pos, false);
    h.run();
}

/// A primary-button drag through `points`, a few frames per segment.
fn drag_through(h: &mut Harness<'_, HexwrightApp>, points: &[Pos2]) {
    h.hover_at(points[0]);
    press(h, points[0], true);
    h.run();
    for w in points.windows(2) {
        for step in 1..=6 {
            h.hover_at(w[0] + (w[1] - w[0]) * (step as f32 / 6.0));
            h.run();
        }
    }
    press(h, *points.last().unwrap(), false);
    h.run();
}

fn usable(h: &Harness<'_, HexwrightApp>, hex: Hex) -> bool {
    h.state().document().board().coverage().is_usable(hex)
}

fn undo(h: &mut Harness<'_, HexwrightApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
}

fn pick_tool(h: &mut Harness<'_, HexwrightApp>, tool: Tool) {
    h.key_press(tool.key());
    h.run();
    assert_eq!(h.state().settings().tools.tool, tool);
}

/// Picks a symmetry mode on the toolbar.
fn set_symmetry(h: &mut Harness<'_, HexwrightApp>, label: &str) {
    h.get_by_role_and_label(Role::Button, label).click();
    h.run();
}

#[test]
fn brush_makes_hexes_unusable_and_the_eraser_frees_them_again() {
    let mut h = harness(empty_app());
    let row = [Hex::new(-4, 0), Hex::new(0, 0), Hex::new(4, 0)];
    assert!(row.iter().all(|&x| usable(&h, x)));
    let blank = h.state().document().map().clone();
    let usable_before = h.state().document().summary().usable_hexes;

    h.get_by_role_and_label(Role::Button, "Brush").click();
    h.run();
    assert_eq!(h.state().settings().tools.tool, Tool::Brush);
    let path: Vec<Pos2> = row.iter().map(|&x| pos_of(&h, x)).collect();
    drag_through(&mut h, &path);
    assert!(
        row.iter().all(|&x| !usable(&h, x)),
        "the hexes under the stroke are unusable"
    );
    let painted = h.state().document().map().clone();
    assert!(h.state().document().summary().usable_hexes < usable_before);
    assert_eq!(h.state().history().steps().len(), 1, "one stroke, one step");
    assert!(
        h.query_by_label(&format!(
            "{} of {} hexes usable",
            h.state().document().summary().usable_hexes,
            h.state().document().summary().grid_hexes
        ))
        .is_some(),
        "the status bar shows the new count"
    );

    pick_tool(&mut h, Tool::Eraser);
    // A larger eraser so the whole stroke goes.
    h.key_press(Key::CloseBracket);
    h.run();
    drag_through(&mut h, &path);
    assert!(
        row.iter().all(|&x| usable(&h, x)),
        "erasing makes them usable again"
    );
    assert_eq!(h.state().document().summary().usable_hexes, usable_before);
    let erased = h.state().document().map().clone();

    undo(&mut h);
    assert_eq!(
        h.state().document().map(),
        &painted,
        "undo restores the stroke"
    );
    assert!(!usable(&h, Hex::ZERO));
    undo(&mut h);
    assert_eq!(
        h.state().document().map(),
        &blank,
        "undo restores the blank map"
    );
    assert!(usable(&h, Hex::ZERO));
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(h.state().document().map(), &painted, "Ctrl+Shift+Z redoes");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(h.state().document().map(), &erased, "Ctrl+Y redoes");
    let fresh = Board::new(erased).unwrap();
    assert_eq!(
        fresh.coverage().usable_hexes(),
        h.state().document().board().coverage().usable_hexes(),
        "undo and redo keep the coverage exact"
    );
}

#[test]
fn zone_painting_shows_the_live_counter() {
    let mut h = harness(empty_app());
    assert!(
        h.query_all_by_label("0 / 10").count() == 2,
        "both zones empty"
    );
    h.get_by_role_and_label(Role::Button, "Zone").click();
    h.run();
    let hexes = [Hex::new(-8, 0), Hex::new(-8, 1), Hex::new(-7, 0)];
    for &x in &hexes {
        let p = pos_of(&h, x);
        click_at(&mut h, p);
    }
    assert!(
        h.query_by_label("3 / 10").is_some(),
        "the counter shows 3 / 10"
    );
    assert_eq!(h.state().document().zones_of(PlayerId(0)), hexes.to_vec());
    // Dragging paints several hexes in one step.
    let path = [pos_of(&h, Hex::new(-8, 2)), pos_of(&h, Hex::new(-5, 2))];
    drag_through(&mut h, &path);
    let n = h.state().document().zones_of(PlayerId(0)).len();
    assert!(n >= 7, "{n}");
    assert!(h.query_by_label(&format!("{n} / 10")).is_some());
    assert_eq!(h.state().history().steps().len(), 4);
    // Starting on a zone hex removes instead.
    let p = pos_of(&h, Hex::new(-8, 0));
    click_at(&mut h, p);
    assert!(
        !h.state()
            .document()
            .zones_of(PlayerId(0))
            .contains(&Hex::new(-8, 0))
    );
    // Side 1 with the S key.
    h.key_press(Key::S);
    h.run();
    let p = pos_of(&h, Hex::new(8, 0));
    click_at(&mut h, p);
    assert_eq!(
        h.state().document().zones_of(PlayerId(1)),
        vec![Hex::new(8, 0)]
    );
    assert!(h.query_by_label("1 / 10").is_some());
}

#[test]
fn every_feature_can_be_placed_and_removed() {
    let mut h = harness(empty_app());
    let places = [
        (Tool::Bush, Hex::new(-2, 0), FeatureKind::Bush),
        (Tool::Outpost, Hex::new(-1, 0), FeatureKind::Outpost),
        (Tool::Objective, Hex::new(0, 0), FeatureKind::Objective),
        (
            Tool::Barracks,
            Hex::new(1, 0),
            FeatureKind::Barracks { side: PlayerId(0) },
        ),
        (
            Tool::Base,
            Hex::new(2, 0),
            FeatureKind::Base { side: PlayerId(0) },
        ),
    ];
    for (tool, hex, kind) in places {
        h.get_by_role_and_label(Role::Button, tool.label()).click();
        h.run();
        assert_eq!(h.state().settings().tools.tool, tool);
        let p = pos_of(&h, hex);
        click_at(&mut h, p);
        let map = h.state().document().map();
        assert_eq!(map.feature_at(hex).map(|f| f.kind), Some(kind), "{tool:?}");
    }
    assert_eq!(h.state().document().map().features.len(), 5);
    // Placing the base again moves it.
    let p = pos_of(&h, Hex::new(3, 1));
    click_at(&mut h, p);
    let map = h.state().document().map();
    assert!(map.feature_at(Hex::new(2, 0)).is_none());
    assert_eq!(
        map.feature_at(Hex::new(3, 1)).map(|f| f.kind),
        Some(FeatureKind::Base { side: PlayerId(0) })
    );
    // The feature eraser takes them off.
    pick_tool(&mut h, Tool::FeatureEraser);
    let p = pos_of(&h, Hex::new(-2, 0));
    click_at(&mut h, p);
    assert!(
        h.state()
            .document()
            .map()
            .feature_at(Hex::new(-2, 0))
            .is_none()
    );
    assert_eq!(h.state().document().map().features.len(), 4);
}

#[test]
fn point_symmetry_mirrors_a_base_for_the_other_side() {
    let mut h = harness(empty_app());
    set_symmetry(&mut h, "Point");
    assert_eq!(
        h.state().settings().tools.symmetry,
        hexwright_engine::symmetry::Mode::Point
    );
    pick_tool(&mut h, Tool::Base);
    let p = pos_of(&h, Hex::new(-6, 2));
    click_at(&mut h, p);
    let map = h.state().document().map();
    assert_eq!(
        map.feature_at(Hex::new(-6, 2)).map(|f| f.kind),
        Some(FeatureKind::Base { side: PlayerId(0) })
    );
    assert_eq!(
        map.feature_at(Hex::new(6, -2)).map(|f| f.kind),
        Some(FeatureKind::Base { side: PlayerId(1) }),
        "the mirrored base belongs to the other side"
    );
    assert_eq!(
        h.state().history().steps().len(),
        1,
        "one mirrored edit, one step"
    );
    assert!(h.state().symmetry_breaks().is_empty());

    // A stroke is mirrored too, as one step; the map stays symmetric.
    pick_tool(&mut h, Tool::Brush);
    let path = [pos_of(&h, Hex::new(-3, -3)), pos_of(&h, Hex::new(0, -4))];
    drag_through(&mut h, &path);
    assert_eq!(h.state().history().steps().len(), 2);
    assert!(!usable(&h, Hex::new(-3, -3)) && !usable(&h, Hex::new(3, 3)));
    assert!(h.state().symmetry_breaks().is_empty());

    // With symmetry off, a lone bush breaks it: the overlay marks it.
    h.get_by_label("Point").click();
    h.run();
    h.get_by_label("Off").click();
    h.run();
    pick_tool(&mut h, Tool::Bush);
    let p = pos_of(&h, Hex::new(1, 1));
    click_at(&mut h, p);
    set_symmetry(&mut h, "Point");
    assert_eq!(h.state().symmetry_breaks(), &[Hex::new(1, 1)]);
}

/// The three-player mode turns every edit by 120° and 240° about the
/// chosen centre, here a hex corner: a base for side 0 gives bases for
/// sides 1 and 2, a zone hex a zone hex for each, a stroke three pieces,
/// each edit one undo step.
#[test]
fn the_three_player_turn_repeats_every_edit_for_the_other_two_sides() {
    let mut map = Map::new_empty("Three", Orientation::Pointy, 20.0, 800.0, 600.0).unwrap();
    map.players = 3;
    let mut h = harness(HexwrightApp::new(
        Board::new(map).unwrap(),
        MapSource::Unsaved,
    ));
    // Only the mode for three players is offered.
    assert!(h.query_by_label("Point").is_none());
    set_symmetry(&mut h, "Turn 120°");
    h.get_by_label("Symmetry centre").click();
    h.run();
    h.get_by_label("Hex corner").click();
    h.run();
    assert_eq!(
        h.state().settings().tools.centre,
        hexwright_engine::symmetry::Centre::Corner
    );
    pick_tool(&mut h, Tool::Base);
    let p = pos_of(&h, Hex::new(0, -6));
    click_at(&mut h, p);
    let map = h.state().document().map();
    // About the corner of (0, 0), (1, 0) and (0, 1): 120° takes (0, -6) to
    // (7, 0) and 240° to (-6, 7).
    for (hex, side) in [((0, -6), 0), ((7, 0), 1), ((-6, 7), 2)] {
        assert_eq!(
            map.feature_at(Hex::new(hex.0, hex.1)).map(|f| f.kind),
            Some(FeatureKind::Base {
                side: PlayerId(side)
            }),
            "side {side}'s base"
        );
    }
    assert_eq!(h.state().history().steps().len(), 1);

    pick_tool(&mut h, Tool::Zone);
    let p = pos_of(&h, Hex::new(1, -5));
    click_at(&mut h, p);
    let doc = h.state().document();
    for side in 0..3 {
        assert_eq!(doc.zones_of(PlayerId(side)).len(), 1, "side {side}'s zone");
    }

    pick_tool(&mut h, Tool::Brush);
    let path = [pos_of(&h, Hex::new(-2, -3)), pos_of(&h, Hex::new(0, -3))];
    drag_through(&mut h, &path);
    assert_eq!(h.state().document().map().terrain.len(), 3);
    assert_eq!(h.state().history().steps().len(), 3);
}

/// A half turn about an edge midpoint, as many real two-player maps have:
/// hex (0, 0) and its east neighbour trade places.
#[test]
fn point_symmetry_about_an_edge_midpoint() {
    let mut h = harness(empty_app());
    set_symmetry(&mut h, "Point");
    h.get_by_label("Symmetry centre").click();
    h.run();
    h.get_by_label("Edge midpoint").click();
    h.run();
    pick_tool(&mut h, Tool::Objective);
    let p = pos_of(&h, Hex::new(0, 0));
    click_at(&mut h, p);
    let map = h.state().document().map();
    assert!(map.feature_at(Hex::new(1, 0)).is_some(), "the image");
    pick_tool(&mut h, Tool::Base);
    let p = pos_of(&h, Hex::new(-6, 2));
    click_at(&mut h, p);
    assert_eq!(
        h.state()
            .document()
            .map()
            .feature_at(Hex::new(7, -2))
            .map(|f| f.kind),
        Some(FeatureKind::Base { side: PlayerId(1) })
    );
}

#[test]
fn polygon_and_circle_tools_add_terrain() {
    let mut h = harness(empty_app());
    pick_tool(&mut h, Tool::Polygon);
    let corners = [Hex::new(-6, -2), Hex::new(-2, -2), Hex::new(-4, 2)];
    for &c in &corners {
        let p = pos_of(&h, c);
        click_at(&mut h, p);
    }
    assert!(h.state().editor().busy(), "the polygon is being drawn");
    h.key_press(Key::Enter);
    h.run();
    let map = h.state().document().map();
    assert_eq!(map.terrain.len(), 1);
    assert!(
        matches!(&map.terrain[0].shape, TerrainShape::Polygon { points } if points.points().len() == 3)
    );
    assert!(!usable(&h, Hex::new(-4, -1)));

    pick_tool(&mut h, Tool::Circle);
    let path = [pos_of(&h, Hex::new(5, 0)), pos_of(&h, Hex::new(7, 0))];
    drag_through(&mut h, &path);
    let map = h.state().document().map();
    assert_eq!(map.terrain.len(), 2);
    assert!(matches!(map.terrain[1].shape, TerrainShape::Circle { .. }));
    assert!(!usable(&h, Hex::new(5, 0)) && !usable(&h, Hex::new(6, 0)));
    assert_eq!(h.state().history().steps().len(), 2);
}

#[test]
fn select_move_and_delete_a_piece() {
    let mut h = harness(empty_app());
    pick_tool(&mut h, Tool::Circle);
    let path = [pos_of(&h, Hex::new(-5, 0)), pos_of(&h, Hex::new(-4, 0))];
    drag_through(&mut h, &path);
    assert!(!usable(&h, Hex::new(-5, 0)));

    pick_tool(&mut h, Tool::Select);
    let p = pos_of(&h, Hex::new(-5, 0));
    click_at(&mut h, p);
    assert_eq!(h.state().editor().selected_piece(), Some(0));
    assert!(h.query_by_label("Terrain piece #1").is_some());

    let path = [pos_of(&h, Hex::new(-5, 0)), pos_of(&h, Hex::new(3, 0))];
    drag_through(&mut h, &path);
    assert!(usable(&h, Hex::new(-5, 0)), "the piece moved away");
    assert!(!usable(&h, Hex::new(3, 0)), "to here");

    h.key_press(Key::Delete);
    h.run();
    assert!(h.state().document().map().terrain.is_empty());
    assert!(usable(&h, Hex::new(3, 0)));
    undo(&mut h);
    assert_eq!(h.state().document().map().terrain.len(), 1);
}

#[test]
fn history_panel_jumps_to_any_step_and_buttons_undo() {
    let mut h = harness(empty_app());
    pick_tool(&mut h, Tool::Bush);
    for q in 0..4 {
        let p = pos_of(&h, Hex::new(q, 0));
        click_at(&mut h, p);
    }
    assert_eq!(h.state().history().steps().len(), 4);
    // The history is the inspector's last section: scroll to it first.
    h.get_by_label("History").scroll_to_me();
    h.run();
    h.get_by_label("History").click();
    h.run();
    h.get_by_label("2. Place bush").scroll_to_me();
    h.run();
    h.get_by_label("2. Place bush").click();
    h.run();
    assert_eq!(h.state().history().cursor(), 2);
    assert_eq!(h.state().document().map().features.len(), 2);
    h.get_by_label("Opened map").scroll_to_me();
    h.run();
    h.get_by_label("Opened map").click();
    h.run();
    assert!(h.state().document().map().features.is_empty());
    assert!(!h.state().is_dirty(), "back at the opened state");
    h.get_by_label("Redo").click();
    h.run();
    assert_eq!(h.state().document().map().features.len(), 1);
    h.get_by_label("Undo").click();
    h.run();
    assert!(h.state().document().map().features.is_empty());
}

/// The sheet is a reference beside the work: at any window size it stays
/// off the top bar and the tool bar, so *Play* (and every other button
/// there) can be clicked with the pointer while it is open.
#[test]
fn the_shortcut_sheet_leaves_the_bars_clickable() {
    for (w, ht) in [(1400.0, 900.0), (1000.0, 700.0), (800.0, 600.0)] {
        let mut h = Harness::builder()
            .with_size(Vec2::new(w, ht))
            .build_ui_state(
                |ui, app: &mut HexwrightApp| app.ui(ui),
                HexwrightApp::with_default_map(),
            );
        h.run();
        h.key_press(Key::F1);
        h.run();
        h.run();
        let sheet = h
            .ctx
            .memory(|m| m.area_rect(egui::Id::unique("shortcut_sheet")))
            .expect("the sheet is drawn");
        let play = h.get_by_label("Play").rect();
        assert!(
            !sheet.intersects(play),
            "{w}x{ht}: the sheet {sheet:?} covers Play {play:?}"
        );
        // Not only Play: the sheet lies wholly below the two bars, whose
        // lower one holds Undo, and so covers none of their buttons.
        let undo = h
            .query_all_by_label("Undo")
            .map(|n| n.rect())
            .min_by(|a, b| a.top().total_cmp(&b.top()))
            .expect("the tool bar's Undo");
        assert!(
            sheet.top() >= undo.bottom(),
            "{w}x{ht}: the sheet {sheet:?} reaches up into the bars (Undo {undo:?})"
        );
        for label in ["Recent", "Bundled", "Shortcuts", "Undo", "Redo"] {
            for r in h.query_all_by_label(label).map(|n| n.rect()) {
                assert!(
                    !sheet.intersects(r),
                    "{w}x{ht}: the sheet {sheet:?} covers {label} {r:?}"
                );
            }
        }
        h.get_by_label("Play").click();
        h.run();
        assert!(
            h.state().sandbox().is_some(),
            "{w}x{ht}: Play opens the sandbox"
        );
    }
}

#[test]
fn f1_shows_the_shortcut_sheet() {
    let mut h = harness(empty_app());
    assert!(h.query_by_label("Keyboard shortcuts").is_none());
    h.key_press(Key::F1);
    h.run();
    assert!(h.state().shortcuts_shown());
    assert!(h.query_by_label("Keyboard shortcuts").is_some());
    assert!(h.query_by_label("Ctrl+Shift+Z, Ctrl+Y").is_some());
    h.key_press(Key::F1);
    h.run();
    assert!(h.query_by_label("Keyboard shortcuts").is_none());
    // Esc closes it too, and it scrolls.
    h.key_press(Key::F1);
    h.run();
    assert!(h.query_by_label("Esc or F1 closes this sheet.").is_some());
    h.key_press(Key::Escape);
    h.run();
    assert!(!h.state().shortcuts_shown());
    assert!(h.query_by_label("Keyboard shortcuts").is_none());
}

#[test]
fn metadata_is_edited_as_one_undoable_step() {
    let mut h = harness(empty_app());
    h.get_by_label("Metadata").click();
    h.run();
    let author = h.get_all_by_role(Role::TextInput).nth(1).unwrap();
    author.click();
    h.run();
    h.get_all_by_role(Role::TextInput)
        .nth(1)
        .unwrap()
        .type_text("Ada");
    h.run();
    h.get_by_label("Apply").click();
    h.run();
    assert_eq!(h.state().document().map().meta.author, "Ada");
    assert!(h.query_by_label("by Ada").is_some());
    undo(&mut h);
    assert_eq!(h.state().document().map().meta.author, "");
}

#[test]
fn a_finding_click_selects_its_hex_after_an_edit() {
    // Validation follows edits live: a base on a lake hex is reported, and
    // clicking the finding selects that hex.
    let mut h = harness(empty_app());
    pick_tool(&mut h, Tool::Circle);
    let path = [pos_of(&h, Hex::new(4, 0)), pos_of(&h, Hex::new(5, 0))];
    drag_through(&mut h, &path);
    pick_tool(&mut h, Tool::Base);
    let p = pos_of(&h, Hex::new(4, 0));
    click_at(&mut h, p);
    let label = "feature-unusable at 4,0";
    h.get_by_label_contains(label).scroll_to_me();
    h.run();
    h.get_by_label_contains(label).click();
    h.run();
    assert_eq!(h.state().selected_hex(), Some(Hex::new(4, 0)));
}

#[test]
fn hexes_are_copied_and_pasted_rotated_and_mirrored() {
    let mut h = harness(empty_app());
    pick_tool(&mut h, Tool::Base);
    let p = pos_of(&h, Hex::new(-6, 0));
    click_at(&mut h, p);
    pick_tool(&mut h, Tool::Zone);
    let p = pos_of(&h, Hex::new(-5, 0));
    click_at(&mut h, p);

    pick_tool(&mut h, Tool::HexSelect);
    let path = [pos_of(&h, Hex::new(-6, 0)), pos_of(&h, Hex::new(-5, 0))];
    drag_through(&mut h, &path);
    assert_eq!(h.state().editor().hex_selection().len(), 2);
    assert!(h.query_by_label("2 hexes selected").is_some());
    h.key_press_modifiers(Modifiers::COMMAND, Key::C);
    h.run();
    let clip = h.state().editor().clipboard().unwrap().clone();
    assert_eq!((clip.features.len(), clip.zones.len()), (1, 1));

    h.key_press_modifiers(Modifiers::COMMAND, Key::V);
    h.run();
    assert!(h.state().editor().paste_mode().is_some());
    // Turned by 180° (R twice), pasted at (5, 0): the base lands one hex to
    // the other side of the anchor, mirrored by the half turn.
    h.key_press(Key::R);
    h.key_press(Key::R);
    h.run();
    assert!(h.query_by_label_contains("turned 120°").is_some());
    let p = pos_of(&h, Hex::new(5, 0));
    click_at(&mut h, p);
    let map = h.state().document().map();
    let anchor_hex =
        |offset: Hex| Hex::new(5, 0) + hexwright_engine::transform::rotate_hex(offset, 2);
    for (offset, kind) in &clip.features {
        assert_eq!(
            map.feature_at(anchor_hex(*offset)).map(|f| f.kind),
            Some(*kind)
        );
    }
    let (z_offset, z_side) = clip.zones[0];
    assert!(
        h.state()
            .document()
            .zones_of(z_side)
            .contains(&anchor_hex(z_offset))
    );
    assert_eq!(
        h.state().history().steps().len(),
        3,
        "the paste is one step"
    );
    undo(&mut h);
    assert_eq!(h.state().document().map().features.len(), 1);

    // Clear hexes with Delete (Esc leaves paste mode first).
    h.key_press(Key::Escape);
    h.run();
    h.key_press(Key::Delete);
    h.run();
    assert!(h.state().document().map().features.is_empty());
    assert!(h.state().document().map().zones.is_empty());
}

#[test]
fn grid_outline_and_map_size_are_editable() {
    let mut h = harness(empty_app());
    let grid_hexes = h.state().document().summary().grid_hexes;
    pick_tool(&mut h, Tool::Grid);
    let corner = h.state().document().map().grid.points()[2];
    let app = h.state();
    let from = app.view().to_screen(app.canvas().rect(), corner);
    let to = from - Vec2::new(200.0, 150.0);
    drag_through(&mut h, &[from, to]);
    assert!(h.state().document().summary().grid_hexes < grid_hexes);
    assert_eq!(h.state().history().steps().len(), 1);
    undo(&mut h);
    assert_eq!(h.state().document().summary().grid_hexes, grid_hexes);

    h.get_by_label("Map size").click();
    h.run();
    let width = h.get_by_role_and_label(Role::SpinButton, "New map width");
    width.click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::SpinButton, "New map width")
        .type_text("1000");
    h.key_press(Key::Enter);
    h.run();
    h.get_by_label("Resize map").click();
    h.run();
    let map = h.state().document().map();
    assert!((map.area.width.get() - 1000.0).abs() < 1e-9);
    assert!(h.state().document().summary().grid_hexes > grid_hexes);
    undo(&mut h);
    assert!((h.state().document().map().area.width.get() - 800.0).abs() < 1e-9);
}

#[test]
fn long_inspector_rows_and_edits_never_move_the_map() {
    // Thirty Energy objectives make the parity table's rows long. (Without
    // the bundled map's certificates: the edits void them, and a void
    // certificate's line wraps otherwise than a holding one's.)
    let mut map = hexwright_headless::files::bundled::default_map().unwrap();
    map.certificates.clear();
    let board = Board::new(map.clone()).unwrap();
    let free: Vec<Hex> = board
        .coverage()
        .usable_hexes()
        .into_iter()
        .filter(|&h| map.feature_at(h).is_none() && !map.zones.iter().any(|z| z.hexes.contains(&h)))
        .collect();
    let plain = {
        let h = harness(HexwrightApp::new(board, MapSource::Unsaved));
        h.state().canvas().rect()
    };
    for &hex in free.iter().step_by(7).take(30) {
        map.features.push(hexwright_engine::map::Feature {
            hex,
            kind: FeatureKind::Objective,
        });
    }
    let mut h = harness(HexwrightApp::new(
        Board::new(map).unwrap(),
        MapSource::Unsaved,
    ));
    assert_eq!(
        h.state().canvas().rect(),
        plain,
        "the inspector widened with the parity table and squeezed the map"
    );
    // Placing a bush (an edit, which also selects its hex and fills the
    // inspector) leaves the view exactly where it was.
    let before = *h.state().view();
    pick_tool(&mut h, Tool::Bush);
    let target = free[3];
    let at = pos_of(&h, target);
    click_at(&mut h, at);
    assert!(h.state().document().map().feature_at(target).is_some());
    assert_eq!(*h.state().view(), before);
    assert_eq!(h.state().canvas().rect(), plain);
}

#[test]
fn hex_brush_paints_and_erases_whole_hexes_and_fill_fills_a_region() {
    use hexwright_engine::hex_paint::whole_hex_kind;
    let mut h = harness(empty_app());
    let blank = h.state().document().map().clone();
    h.get_by_role_and_label(Role::Button, "Hex brush").click();
    h.run();
    assert_eq!(h.state().settings().tools.tool, Tool::HexBrush);
    // A fast drag from one hex to another four away paints the hexes in
    // between too.
    let (a, b) = (Hex::new(-2, 0), Hex::new(2, 0));
    let path = [pos_of(&h, a), pos_of(&h, b)];
    drag_through(&mut h, &path);
    let line: Vec<Hex> = (-2..=2).map(|q| Hex::new(q, 0)).collect();
    for &x in &line {
        assert!(!usable(&h, x), "{x:?} is painted");
        assert_eq!(
            whole_hex_kind(h.state().document().map(), x),
            Some(TerrainKind::Rock)
        );
    }
    assert!(usable(&h, Hex::new(0, 1)), "nothing beside the stroke");
    assert_eq!(h.state().history().steps().len(), 1, "one stroke, one step");
    assert_eq!(
        h.state().document().map().terrain.len(),
        1,
        "one piece per kind"
    );
    let painted = h.state().document().map().clone();

    // Starting on a painted hex of the same kind erases.
    let path = [pos_of(&h, Hex::ZERO), pos_of(&h, Hex::new(1, 0))];
    drag_through(&mut h, &path);
    assert!(usable(&h, Hex::ZERO) && usable(&h, Hex::new(1, 0)));
    assert!(!usable(&h, Hex::new(2, 0)));
    assert_eq!(h.state().history().steps().len(), 2);

    // Fill: the free region around a hex becomes water, in one step.
    h.get_by_role_and_label(Role::Button, "Fill").click();
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "Terrain").click();
    h.run();
    // The legend names Water too.
    h.get_all_by_label("Water").next().unwrap().click();
    h.run();
    assert_eq!(h.state().settings().tools.terrain, TerrainKind::Water);
    let at = pos_of(&h, Hex::new(0, 3));
    click_at(&mut h, at);
    let doc = h.state().document();
    assert_eq!(
        whole_hex_kind(doc.map(), Hex::new(0, 3)),
        Some(TerrainKind::Water)
    );
    assert_eq!(
        whole_hex_kind(doc.map(), Hex::new(-2, 0)),
        Some(TerrainKind::Rock)
    );
    assert!(
        doc.board().coverage().usable_count() == 0,
        "every free hex was one region"
    );
    assert_eq!(h.state().history().steps().len(), 3);
    let fresh = Board::new(doc.map().clone()).unwrap();
    assert_eq!(fresh.coverage().usable_count(), 0);

    undo(&mut h);
    undo(&mut h);
    assert_eq!(
        h.state().document().map(),
        &painted,
        "undo restores the stroke"
    );
    undo(&mut h);
    assert_eq!(h.state().document().map(), &blank, "and then the blank map");
}

/// At 1000×700 every panel keeps to its own room: the inspector is beside
/// the map, not under it, and fits the window; the tool bar keeps its
/// height whatever the tool, so switching tools never moves the map.
#[test]
fn at_1000_by_700_panels_fit_and_tools_never_move_the_map() {
    let app = HexwrightApp::with_default_map();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1000.0, 700.0))
        .build_ui_state(|ui, app: &mut HexwrightApp| app.ui(ui), app);
    h.run();
    let canvas = h.state().canvas().rect();
    for label in ["Grid hexes", "Terrain pieces", "Players"] {
        let r = h.get_by_label(label).rect();
        assert!(
            r.min.x >= canvas.max.x,
            "{label} is drawn under the map: {r:?}"
        );
        assert!(r.max.x <= 1000.0, "{label} runs off the window: {r:?}");
    }
    for value in h.query_all_by_label("10 hexes") {
        let r = value.rect();
        assert!(r.max.x <= 1000.0, "the zone sizes fit: {r:?}");
    }
    // The tools, then room for two lines of options (a window this narrow
    // wraps them): the canvas starts right below.
    let undo = h.get_by_label("Undo").rect();
    assert!(canvas.min.y - undo.max.y < 64.0, "{undo:?} {canvas:?}");
    for tool in Tool::ALL {
        pick_tool(&mut h, tool);
        assert_eq!(h.state().canvas().rect(), canvas, "{tool:?} moved the map");
    }
}

/// The app on map `name` of folder `dir` (from the repository root).
fn app_on(dir: &str, name: &str) -> HexwrightApp {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(dir)
        .join(name);
    let map = hexwright_engine::format::load_map(&path).unwrap();
    HexwrightApp::new(Board::new(map).unwrap(), MapSource::Unsaved)
}

/// The app on a bundled map as designed, before its balance edits (Twin
/// Fords so is point-symmetric, and lopsided by turn order alone).
fn designed_app(name: &str) -> HexwrightApp {
    app_on("engine/tests/fixtures/designs", name)
}

/// The app on a bundled map.
fn bundled_app(name: &str) -> HexwrightApp {
    app_on("maps", name)
}

#[test]
fn analysis_overlays_and_the_fairness_panel_follow_the_map() {
    let mut h = harness(designed_app("twin-fords.ron"));
    // A symmetric map: every figure even.
    h.get_by_label("Even on every static figure.")
        .scroll_to_me();
    // Static figures never certify a map, and the panel says so.
    assert!(h.query_by_label_contains("never certify a map").is_some());
    h.run();
    // Each overlay shows its legend; none by default.
    assert!(
        h.query_by_label_contains("Chokepoint, with its width")
            .is_none()
    );
    h.get_by_role_and_label(Role::RadioButton, "Chokepoints")
        .click();
    h.run();
    h.get_by_label_contains("Chokepoint, with its width (4 found)");
    h.get_by_role_and_label(Role::RadioButton, "Territory")
        .click();
    h.run();
    h.get_by_label_contains("Side 0 first (50.0%)");
    h.get_by_role_and_label(Role::RadioButton, "Reach of side 1")
        .click();
    h.run();
    h.get_by_label_contains("Side 1: 2 turns");
    h.get_by_role_and_label(Role::RadioButton, "No overlay")
        .click();
    h.run();
    assert!(h.query_by_label_contains("Side 1: 2 turns").is_none());

    // An objective painted beside side 0's zone: the figures turn uneven at
    // once, and clicking one locates the objective that causes it.
    let zone = h
        .state()
        .document()
        .map()
        .zone_of(PlayerId(0))
        .unwrap()
        .hexes[0];
    let target = {
        let doc = h.state().document();
        let map = doc.map();
        doc.board()
            .coverage()
            .usable_hexes()
            .into_iter()
            .filter(|x| {
                map.feature_at(*x).is_none() && map.zones.iter().all(|z| !z.hexes.contains(x))
            })
            .min_by_key(|x| (x.unsigned_distance_to(zone), x.y, x.x))
            .unwrap()
    };
    h.get_by_role_and_label(Role::RadioButton, "Territory")
        .click();
    h.run();
    // Twin Fords opens with its point symmetry on: off, so the objective
    // comes alone.
    h.get_by_role_and_label(Role::Button, "Off").click();
    h.run();
    pick_tool(&mut h, Tool::Objective);
    let p = pos_of(&h, target);
    click_at(&mut h, p);
    assert_eq!(
        h.state()
            .document()
            .map()
            .feature_at(target)
            .map(|f| f.kind),
        Some(FeatureKind::Objective)
    );
    h.run();
    h.get_by_label_contains("Uneven on ").scroll_to_me();
    h.run();
    pick_tool(&mut h, Tool::Select);
    h.get_by_label("Objectives first").click();
    h.run();
    assert_eq!(h.state().selected_hex(), Some(target));
    // Explained under the table, where the click was.
    let why = format!(
        "What causes it most is at ({},{}), now selected and centred on the map.",
        target.x, target.y
    );
    assert!(h.query_by_label_contains(&why).is_some(), "{why}");
}

/// Opening a symmetric map turns its symmetry on; an asymmetric one turns
/// it off.
#[test]
fn an_opened_map_is_edited_with_the_symmetry_it_has() {
    use hexwright_engine::symmetry::Mode;
    let h = harness(designed_app("ember-isles.ron"));
    let tools = &h.state().settings().tools;
    assert_eq!(
        tools.symmetry,
        Mode::Point,
        "Ember Isles as designed is point-symmetric"
    );
    let mut h = harness(bundled_app("four-corners.ron"));
    assert_ne!(h.state().settings().tools.symmetry, Mode::Off);
    // Made lopsided, then opened: off.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("engine/tests/fixtures/designs/ember-isles.ron");
    let mut map = hexwright_engine::format::load_map(&path).unwrap();
    let objective = map
        .features
        .iter()
        .position(|f| f.kind == FeatureKind::Objective && f.hex != Hex::ZERO)
        .unwrap();
    map.features.remove(objective);
    let dir = std::env::temp_dir().join(format!("hexwright-sym-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lopsided = dir.join("lopsided.ron");
    hexwright_engine::format::save_atomic(&map, &lopsided).unwrap();
    h.state_mut()
        .apply(hexwright::app::Action::OpenPath(lopsided));
    h.run();
    assert_eq!(h.state().settings().tools.symmetry, Mode::Off);
    std::fs::remove_dir_all(&dir).ok();
}

/// A map without starting zones: the Fairness panel and the parity table
/// say their figures cannot be computed, never "even".
#[test]
fn the_fairness_panel_says_when_its_figures_cannot_be_computed() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/twin-fords.ron");
    let mut map = hexwright_engine::format::load_map(&path).unwrap();
    map.zones.clear();
    let mut h = harness(HexwrightApp::new(
        Board::new(map).unwrap(),
        MapSource::Unsaved,
    ));
    h.run();
    h.get_by_label("Not computed: side 0 has no starting zone to measure from.")
        .scroll_to_me();
    h.run();
    assert!(
        h.query_by_label_contains("Not computed: side 0 has no starting zone to count steps from")
            .is_some(),
        "the parity table too"
    );
    assert!(h.query_by_label_contains("Even").is_none());
    assert!(h.query_by_label("−0").is_none() && h.query_by_label("-0").is_none());
}

/// Types `text` into the number field labelled `label`.
fn type_number(h: &mut Harness<'_, HexwrightApp>, label: &str, text: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(label).type_text(text);
    h.key_press(Key::Enter);
    h.run();
}

#[test]
fn suggest_fixes_runs_in_the_background_and_applies_the_chosen_fix_as_one_undo_step() {
    let mut h = harness(designed_app("twin-fords.ron"));
    let before = h.state().document().map().clone();
    h.get_by_label("Suggest fixes").scroll_to_me();
    h.run();
    h.get_by_label("Suggest fixes").click();
    h.run();
    type_number(&mut h, "Most edits", "2");
    // The section's button (the header is the first "Suggest fixes").
    h.get_all_by_label("Suggest fixes").last().unwrap().click();
    h.run();
    let start = std::time::Instant::now();
    while h.state().suggestions().is_running() || h.state().suggestions().found().is_none() {
        assert!(start.elapsed().as_secs() < 300, "the search finishes");
        assert!(h.state().suggestions().error().is_none());
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    h.run();
    let found = h.state().suggestions().found().unwrap().clone();
    let f = &found.fixed;
    // Twin Fords favours side 1 at greedy level; one edit certifies it.
    let before_fix = f.attempts[0].sentence();
    assert!(
        before_fix.to_lowercase().contains("side 1 is favoured by "),
        "{before_fix}"
    );
    h.get_by_label(&format!("Before: {before_fix}"));
    // The search's news, as it came: each edit and each certification.
    let log = h.state().suggestions().log();
    assert_eq!(
        log.iter().filter(|l| l.starts_with("edit ")).count(),
        f.steps.len(),
        "{log:?}"
    );
    assert!(
        log.iter().any(|l| l.starts_with("check: greedy")),
        "{log:?}"
    );
    h.get_by_label(&format!("Search log ({} lines)", log.len()))
        .click();
    h.run();
    h.get_by_label(&log[0]);
    h.get_by_label(&f.verdict());
    assert!(f.verdict().starts_with("Fair after"), "{}", f.verdict());
    let first = &f.steps[0];
    h.get_by_label(&format!("1. {}", first.edit));
    assert_eq!(h.state().suggestions().shown(), Some(0));
    // Show centres the view where the step acts (as far as the view may
    // go: a zone at the map's edge stays on screen).
    let at = h.state().suggestions().step_hex(0).unwrap();
    let rect = h.state().canvas().rect();
    let off = |h: &Harness<'_, HexwrightApp>| (pos_of(h, at) - rect.center()).length();
    let far = off(&h);
    h.get_by_label("Show fix 1").scroll_to_me();
    h.run();
    h.get_by_label("Show fix 1").click();
    h.run();
    assert!(rect.contains(pos_of(&h, at)));
    assert!(off(&h) < far.max(1.0), "{} -> {}", far, off(&h));

    // Applying makes the step, one undo step, with the certificate.
    h.get_by_label("Apply fix 1").click();
    h.run();
    assert_eq!(*h.state().document().map(), found.maps[0]);
    let steps = h.state().history().steps();
    assert_eq!(steps.len(), 1, "one undo step");
    assert_eq!(steps[0].label, format!("Suggested fix 1: {}", first.edit));
    if f.steps.len() == 1 {
        let cert = &h.state().document().map().certificates[0];
        assert!(cert.holds_for(h.state().document().map()));
        // The inspector shows it.
        h.get_by_label_contains("Certified fair within ±5 points for greedy");
    }
    // One undo puts the map back, and the steps with it.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(*h.state().document().map(), before);
    h.run();
    assert!(h.query_by_label_contains("The map changed since").is_none());
    assert_eq!(h.state().suggestions().position(), Some(0));
}

/// A certificate binds to what the game is played on (issue 59, 2): a brush
/// stroke on the canvas beside the grid records nothing, leaves the map
/// saved and says why; renaming the map keeps every certificate, and the
/// inspector shows each in the one reading.
#[test]
fn edits_that_change_no_hex_keep_the_certificates() {
    let mut h = harness(bundled_app("twin-fords.ron"));
    // Zoomed out, so the canvas shows room beside the grid.
    for _ in 0..3 {
        h.key_press(Key::Minus);
        h.run();
    }
    let before = h.state().document().map().clone();
    assert!(!before.certificates.is_empty());
    assert!(before.certificates.iter().all(|c| c.holds_for(&before)));
    // Three hexes left of the grid's leftmost hex, and down from there.
    let leftmost = h
        .state()
        .document()
        .board()
        .coverage()
        .hexes()
        .iter()
        .copied()
        .min_by(|a, b| pos_of(&h, *a).x.total_cmp(&pos_of(&h, *b).x))
        .unwrap();
    let step = (pos_of(&h, Hex::new(1, 0)) - pos_of(&h, Hex::ZERO)).length();
    let from = pos_of(&h, leftmost) - Vec2::new(3.0 * step, 0.0);
    let to = from + Vec2::new(0.0, 2.0 * step);
    let rect = h.state().canvas().rect();
    assert!(
        rect.contains(from) && rect.contains(to),
        "{rect:?} {from:?}"
    );
    pick_tool(&mut h, Tool::Brush);
    drag_through(&mut h, &[from, to]);
    assert_eq!(h.state().document().map(), &before, "nothing painted");
    assert!(h.state().history().steps().is_empty(), "nothing recorded");
    assert!(!h.state().is_dirty());
    assert_eq!(
        h.state().message(),
        Some("The stroke lies outside the grid, so nothing was painted")
    );

    // Renamed: the games are played on the same board.
    h.get_by_label("Metadata").click();
    h.run();
    h.get_all_by_role(Role::TextInput).next().unwrap().click();
    h.run();
    h.get_all_by_role(Role::TextInput)
        .next()
        .unwrap()
        .type_text(" II");
    h.run();
    h.get_by_label("Apply").click();
    h.run();
    let renamed = h.state().document().map().clone();
    assert_ne!(renamed.meta.name, before.meta.name);
    assert!(renamed.certificates.iter().all(|c| c.holds_for(&renamed)));
    for c in &renamed.certificates {
        h.get_by_label(&c.summary()).scroll_to_me();
        assert!(
            c.summary()
                .starts_with("Certified fair within ±5 points for ")
        );
    }
    assert!(h.query_by_label_contains("Void: the certificate").is_none());
}

/// On a certified map whose static figures are uneven (Three Passes, after
/// its balance edits), the panel says the certificate outweighs them
/// rather than calling them a problem in red.
#[test]
fn a_certificate_outweighs_uneven_static_figures() {
    let mut h = harness(bundled_app("three-passes.ron"));
    h.get_by_label_contains("Uneven on ").scroll_to_me();
    h.run();
    h.get_by_label(hexwright::panels::CERTIFIED_OUTWEIGHS);
    assert!(
        h.query_by_label("Click a red figure to see what causes it.")
            .is_none()
    );
}

/// The explanation of a clicked figure belongs to its map (issue 59, 8):
/// a map opened next does not show it.
#[test]
fn a_figure_explained_on_one_map_is_not_shown_on_the_next() {
    use hexwright::app::Action;
    let mut h = harness(bundled_app("three-passes.ron"));
    h.get_by_label_contains("Uneven on ").scroll_to_me();
    h.run();
    pick_tool(&mut h, Tool::Select);
    h.get_by_label("Outposts first").click();
    h.run();
    assert!(h.query_by_label_contains("Outposts first: ").is_some());
    h.state_mut()
        .apply(Action::OpenBundled("broken-crown.ron".into()));
    h.run();
    assert_eq!(h.state().document().map().meta.name, "Broken Crown");
    h.run();
    assert!(h.query_by_label_contains("Outposts first: ").is_none());
}
