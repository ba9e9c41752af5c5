//! What the tools do with the pointer: turns canvas pointer events into
//! [`Command`]s on the [`Document`], and describes the cursor preview.
//!
//! Brush strokes are applied live, while the user paints, so the usable
//! hexes update under the brush: the stroke is kept as a few pieces of at
//! most [`CHUNK_POINTS`] points (only the last one is re-prepared as it
//! grows), and when the button is released the whole stroke — with its
//! symmetric image — is recorded as one undo step. Other tools build their
//! command when the gesture ends and run it through the [`History`].
//!
//! In a symmetry mode every edit is repeated on each of its images
//! ([`hexwright_engine::symmetry`]: one for two players, two for three,
//! three for four), zones, barracks and bases going to the side each image
//! gives them to, inside the same command.

use crate::document::Document;
use crate::document::command::{Change, Command};
use crate::document::history::History;
use crate::edit::hex_brush;
use crate::edit::tool::{Tool, ToolOptions};
use hexwright_engine::Hex;
use hexwright_engine::geom::{self, Bbox, Point};
use hexwright_engine::map::{
    Coord, Feature, FeatureKind, Length, Map, Path, Polygon, Side, TerrainKind, TerrainPiece,
    TerrainShape, Zone,
};
use hexwright_engine::symmetry::Image;
use hexwright_engine::transform;

/// Points per stroke piece while painting; longer strokes become several
/// pieces that continue one another.
pub const CHUNK_POINTS: usize = 32;
/// Stroke points are sampled this many brush radii apart.
pub const STROKE_SPACING: f64 = 0.4;

/// What happened with the pointer on the canvas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointerKind {
    /// The primary button went down and the pointer started to drag.
    Press,
    /// The pointer moved while dragging.
    Drag,
    /// The drag ended.
    Release,
    /// A click without a drag.
    Click,
    /// The second click of a double click.
    DoubleClick,
}

/// A pointer event in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointerEvent {
    /// What happened.
    pub kind: PointerKind,
    /// Where, in world units.
    pub world: Point,
    /// How far (world units) counts as "on" a point, e.g. a polygon's first
    /// corner: a few screen points at the current zoom.
    pub pick: f64,
}

/// A key the active tool may react to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToolKey {
    /// Finish the gesture (close the polygon).
    Enter,
    /// Abandon the gesture.
    Escape,
    /// Remove the last polygon corner.
    Backspace,
    /// Delete the selected piece (or clear the selected hexes).
    Delete,
    /// Copy the selected hexes' features and zones.
    Copy,
    /// Start pasting what was copied.
    Paste,
    /// Turn the paste by 60° clockwise.
    Rotate,
    /// Mirror the paste left–right.
    Mirror,
}

/// Features and zone hexes copied from a selection of hexes, relative to an
/// anchor hex.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clip {
    /// Features: offset from the anchor, kind.
    pub features: Vec<(Hex, FeatureKind)>,
    /// Zone hexes: offset from the anchor, side.
    pub zones: Vec<(Hex, Side)>,
}

impl Clip {
    /// Whether nothing was copied.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.features.is_empty() && self.zones.is_empty()
    }
}

/// How a paste is turned: `rotation` × 60° clockwise after an optional
/// left–right mirror.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PasteMode {
    /// Steps of 60°.
    pub rotation: i32,
    /// Mirrored left–right first.
    pub mirrored: bool,
}

/// Something drawn over the canvas to preview a tool, in world units.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A circle outline (brush, eraser, circle tool).
    Circle {
        /// Centre.
        center: Point,
        /// Radius.
        radius: f64,
        /// Drawn as an eraser (dashed).
        erase: bool,
    },
    /// A polyline, closed or not (polygon in progress).
    Polyline {
        /// Corners.
        points: Vec<Point>,
        /// Whether the last corner joins the first.
        closed: bool,
    },
    /// A hex the tool would change.
    Hex {
        /// Which.
        hex: Hex,
        /// For whom (tinted in the side's colour), if anyone.
        side: Option<Side>,
        /// Whether the tool would remove something there.
        remove: bool,
    },
    /// A feature the tool would place.
    Feature {
        /// Where.
        hex: Hex,
        /// What.
        kind: FeatureKind,
    },
    /// A selected hex (hex selection tool).
    Selected(Hex),
    /// A grid region corner handle.
    Handle {
        /// Where.
        at: Point,
        /// Whether it is the selected corner.
        selected: bool,
    },
    /// A suggested move of a feature (*Suggest fixes*): an arrow from where
    /// it is to where it would go, numbered by its proposal.
    Move {
        /// Where the feature is.
        from: Hex,
        /// Where it would go.
        to: Hex,
        /// What it is.
        kind: FeatureKind,
        /// The proposal's number (1 is the best).
        number: usize,
        /// Whether it is the proposal shown (drawn strong; the others faint).
        chosen: bool,
    },
    /// A terrain piece's outline, moved by an offset (select and move).
    Piece {
        /// Index into the terrain.
        index: usize,
        /// Offset in world units.
        offset: Point,
    },
}

/// One piece of a stroke being painted, with its symmetric images (their
/// indices and the images that make them).
#[derive(Clone, Debug)]
struct Chunk {
    index: usize,
    points: Vec<Point>,
    images: Vec<(usize, Image)>,
}

#[derive(Clone, Debug, Default)]
enum Gesture {
    #[default]
    Idle,
    Stroke {
        chunks: Vec<Chunk>,
        erase: bool,
        kind: TerrainKind,
        radius: f64,
    },
    Circle {
        center: Point,
        radius: f64,
    },
    Polygon {
        points: Vec<Point>,
    },
    Zones {
        before: Vec<Zone>,
        remove: bool,
        side: Side,
    },
    EraseFeatures {
        before: Vec<Feature>,
    },
    Move {
        index: usize,
        from: Point,
        to: Point,
    },
    /// A hex-brush stroke: the hexes it passed over (with their images).
    HexPaint {
        hexes: Vec<Hex>,
        last: Hex,
        erase: bool,
    },
    /// A box of hexes being dragged out from `start` to `now`.
    SelectHexes {
        start: Point,
        now: Point,
    },
    GridDrag {
        vertex: usize,
        inserted: bool,
        to: Point,
    },
}

/// What the editor needs to change the map.
pub struct EditContext<'a> {
    /// The open map.
    pub doc: &'a mut Document,
    /// Its undo history.
    pub history: &'a mut History,
    /// Tool, kind, size, side and symmetry.
    pub options: ToolOptions,
}

/// The tools' state between frames.
#[derive(Clone, Debug, Default)]
pub struct Editor {
    gesture: Gesture,
    selected_piece: Option<usize>,
    message: Option<String>,
    hex_selection: Vec<Hex>,
    clipboard: Option<Clip>,
    paste: Option<PasteMode>,
    grid_vertex: Option<usize>,
}

impl Editor {
    /// The selected terrain piece (index into the terrain).
    #[must_use]
    pub fn selected_piece(&self) -> Option<usize> {
        self.selected_piece
    }

    /// Selects a terrain piece (or none).
    pub fn select_piece(&mut self, index: Option<usize>) {
        self.selected_piece = index;
    }

    /// Whether a gesture is under way (a stroke being painted, a polygon
    /// being drawn).
    #[must_use]
    pub fn busy(&self) -> bool {
        !matches!(self.gesture, Gesture::Idle)
    }

    /// Whether a brush stroke is being painted (validation waits for it to end).
    #[must_use]
    pub fn painting(&self) -> bool {
        matches!(self.gesture, Gesture::Stroke { .. } | Gesture::Zones { .. })
    }

    /// The last problem an edit ran into, for the status bar.
    #[must_use]
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Forgets the message.
    pub fn clear_message(&mut self) {
        self.message = None;
    }

    /// Drops any gesture and selection (a new document was opened); the
    /// clipboard stays.
    pub fn reset(&mut self) {
        let clipboard = self.clipboard.take();
        *self = Self {
            clipboard,
            ..Self::default()
        };
    }

    /// The selected hexes (hex selection tool).
    #[must_use]
    pub fn hex_selection(&self) -> &[Hex] {
        &self.hex_selection
    }

    /// What was copied.
    #[must_use]
    pub fn clipboard(&self) -> Option<&Clip> {
        self.clipboard.as_ref()
    }

    /// The paste being placed, if any.
    #[must_use]
    pub fn paste_mode(&self) -> Option<PasteMode> {
        self.paste
    }

    /// Ends any gesture cleanly (e.g. before undo or a tool change): a stroke
    /// in progress is recorded, a polygon in progress is dropped.
    pub fn finish(&mut self, cx: &mut EditContext<'_>) {
        match std::mem::take(&mut self.gesture) {
            Gesture::Stroke { chunks, .. } => record_stroke(cx, &chunks),
            Gesture::HexPaint { hexes, erase, .. } => {
                let label = if erase { "Erase hexes" } else { "Hex brush" };
                if let Err(e) = hex_brush::paint(cx, &hexes, erase, label) {
                    self.fail("Cannot paint the hexes", e);
                }
            }
            Gesture::Zones { before, .. } => {
                let after = cx.doc.map().zones.clone();
                if after != before {
                    cx.history.record(Command::new(
                        "Paint zone",
                        vec![Change::Zones { before, after }],
                    ));
                }
            }
            Gesture::EraseFeatures { before } => {
                let after = cx.doc.map().features.clone();
                if after != before {
                    cx.history.record(Command::new(
                        "Remove features",
                        vec![Change::Features { before, after }],
                    ));
                }
            }
            _ => {}
        }
    }

    /// Handles a pointer event for the active tool.
    pub fn pointer(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        self.message = None;
        match cx.options.tool {
            Tool::Select => self.select_tool(ev, cx),
            Tool::Brush | Tool::Eraser => self.brush_tool(ev, cx),
            Tool::HexBrush => self.hex_brush_tool(ev, cx),
            Tool::Fill => {
                if matches!(ev.kind, PointerKind::Press | PointerKind::Click) {
                    self.finish(cx);
                    let images = symmetry_images(cx);
                    let at = cx.doc.hex_at(ev.world);
                    if let Err(e) = hex_brush::fill(cx, at, &images) {
                        self.fail("Cannot fill", e);
                    }
                }
            }
            Tool::Polygon => self.polygon_tool(ev, cx),
            Tool::Circle => self.circle_tool(ev, cx),
            Tool::Zone => self.zone_tool(ev, cx),
            Tool::FeatureEraser => self.feature_eraser(ev, cx),
            Tool::HexSelect => self.hex_tool(ev, cx),
            Tool::Grid => self.grid_tool(ev, cx),
            Tool::Bush | Tool::Outpost | Tool::Objective | Tool::Barracks | Tool::Base => {
                if matches!(ev.kind, PointerKind::Click | PointerKind::DoubleClick) {
                    let hex = cx.doc.hex_at(ev.world);
                    if let Some(kind) = cx.options.tool.feature(cx.options.side) {
                        self.place_feature(cx, hex, kind);
                    }
                }
            }
        }
    }

    /// Handles a key for the active tool.
    pub fn key(&mut self, key: ToolKey, cx: &mut EditContext<'_>) {
        match key {
            ToolKey::Escape => {
                if let Gesture::Polygon { .. }
                | Gesture::Circle { .. }
                | Gesture::Move { .. }
                | Gesture::GridDrag { .. } = self.gesture
                {
                    self.gesture = Gesture::Idle;
                } else if self.paste.is_some() {
                    self.paste = None;
                } else {
                    self.finish(cx);
                    self.selected_piece = None;
                    self.hex_selection.clear();
                    self.grid_vertex = None;
                }
            }
            ToolKey::Copy => self.copy(cx),
            ToolKey::Paste => match &self.clipboard {
                Some(clip) if !clip.is_empty() => self.paste = Some(PasteMode::default()),
                _ => {
                    self.message = Some("Nothing to paste: select hexes and copy first".to_owned());
                }
            },
            ToolKey::Rotate => {
                if let Some(p) = &mut self.paste {
                    p.rotation = (p.rotation + 1).rem_euclid(6);
                }
            }
            ToolKey::Mirror => {
                if let Some(p) = &mut self.paste {
                    p.mirrored = !p.mirrored;
                    p.rotation = (6 - p.rotation).rem_euclid(6);
                }
            }
            ToolKey::Enter => {
                if let Gesture::Polygon { points } = std::mem::take(&mut self.gesture) {
                    self.close_polygon(cx, points);
                }
            }
            ToolKey::Backspace => {
                if let Gesture::Polygon { points } = &mut self.gesture {
                    points.pop();
                    if points.is_empty() {
                        self.gesture = Gesture::Idle;
                    }
                } else {
                    self.delete_selected(cx);
                }
            }
            ToolKey::Delete => self.delete_selected(cx),
        }
    }

    // ----- hex selection, copy and paste ----------------------------------

    fn hex_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        let hex = cx.doc.hex_at(ev.world);
        if self.paste.is_some() {
            if matches!(ev.kind, PointerKind::Click | PointerKind::DoubleClick) {
                self.paste_at(cx, hex);
            }
            return;
        }
        let in_grid = cx.doc.board().coverage().in_grid(hex);
        match ev.kind {
            PointerKind::Press => {
                self.hex_selection.clear();
                if in_grid {
                    self.hex_selection.push(hex);
                }
                self.gesture = Gesture::SelectHexes {
                    start: ev.world,
                    now: ev.world,
                };
            }
            PointerKind::Drag => {
                if let Gesture::SelectHexes { start, now } = &mut self.gesture {
                    *now = ev.world;
                    self.hex_selection = box_selection(cx.doc, *start, *now);
                }
            }
            PointerKind::Release => self.gesture = Gesture::Idle,
            PointerKind::Click | PointerKind::DoubleClick => {
                if let Some(i) = self.hex_selection.iter().position(|&h| h == hex) {
                    self.hex_selection.remove(i);
                } else if in_grid {
                    self.hex_selection.push(hex);
                }
            }
        }
    }

    fn copy(&mut self, cx: &EditContext<'_>) {
        if self.hex_selection.is_empty() {
            self.message = Some("Select hexes to copy first".to_owned());
            return;
        }
        let anchor = anchor_of(&self.hex_selection);
        let map = cx.doc.map();
        let clip = Clip {
            features: map
                .features
                .iter()
                .filter(|f| self.hex_selection.contains(&f.hex))
                .map(|f| (f.hex - anchor, f.kind))
                .collect(),
            zones: map
                .zones
                .iter()
                .flat_map(|z| z.hexes.iter().map(move |&h| (h, z.side)))
                .filter(|(h, _)| self.hex_selection.contains(h))
                .map(|(h, side)| (h - anchor, side))
                .collect(),
        };
        self.message = Some(format!(
            "Copied {} and {}: Ctrl+V pastes",
            crate::words::count(clip.features.len(), "feature", "features"),
            crate::words::count(clip.zones.len(), "zone hex", "zone hexes")
        ));
        self.clipboard = Some(clip);
    }

    /// Where each copied thing lands when pasted at `at`.
    fn placed(&self, map: &Map, at: Hex) -> Clip {
        let (Some(clip), Some(mode)) = (&self.clipboard, self.paste) else {
            return Clip::default();
        };
        let place = |offset: Hex| {
            let o = if mode.mirrored {
                transform::mirror_hex(offset, map.layout.orientation, transform::Axis::Vertical)
            } else {
                offset
            };
            at + transform::rotate_hex(o, mode.rotation)
        };
        Clip {
            features: clip.features.iter().map(|&(o, k)| (place(o), k)).collect(),
            zones: clip.zones.iter().map(|&(o, s)| (place(o), s)).collect(),
        }
    }

    fn paste_at(&mut self, cx: &mut EditContext<'_>, at: Hex) {
        let map = cx.doc.map();
        let coverage = cx.doc.board().coverage();
        let placed = self.placed(map, at);
        let images = symmetry_images(cx);
        let mut features = map.features.clone();
        let mut zones = map.zones.clone();
        let mut skipped = 0;
        for &(hex, kind) in &placed.features {
            if !coverage.in_grid(hex) {
                skipped += 1;
                continue;
            }
            let f = Feature { hex, kind };
            put_feature(&mut features, f);
            for image in images.iter().map(|i| i.feature(f)).filter(|i| i.hex != hex) {
                put_feature(&mut features, image);
            }
        }
        for &(hex, side) in &placed.zones {
            if !coverage.in_grid(hex) {
                skipped += 1;
                continue;
            }
            add_zone_hex(&mut zones, hex, side);
            for image in &images {
                add_zone_hex(&mut zones, image.hex(hex), image.side(side));
            }
        }
        let changes = feature_and_zone_changes(map, features, zones);
        if let Err(e) = cx.history.execute(cx.doc, Command::new("Paste", changes)) {
            self.fail("Cannot paste", e);
        } else if skipped > 0 {
            self.message = Some(format!("{skipped} pasted hexes fell outside the grid"));
        }
    }

    fn clear_hexes(&mut self, cx: &mut EditContext<'_>) {
        let map = cx.doc.map();
        let sel = &self.hex_selection;
        let features: Vec<Feature> = map
            .features
            .iter()
            .filter(|f| !sel.contains(&f.hex))
            .copied()
            .collect();
        let mut zones = map.zones.clone();
        for z in &mut zones {
            z.hexes.retain(|h| !sel.contains(h));
        }
        zones.retain(|z| !z.hexes.is_empty());
        let changes = feature_and_zone_changes(map, features, zones);
        if let Err(e) = cx
            .history
            .execute(cx.doc, Command::new("Clear hexes", changes))
        {
            self.fail("Cannot clear the hexes", e);
        }
    }

    // ----- grid region ------------------------------------------------------

    fn grid_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        let grid = cx.doc.map().grid.points();
        match ev.kind {
            PointerKind::Press => {
                if let Some(v) = nearest_vertex(grid, ev.world, ev.pick) {
                    self.grid_vertex = Some(v);
                    self.gesture = Gesture::GridDrag {
                        vertex: v,
                        inserted: false,
                        to: ev.world,
                    };
                } else if let Some(e) = nearest_edge(grid, ev.world, ev.pick) {
                    self.gesture = Gesture::GridDrag {
                        vertex: e + 1,
                        inserted: true,
                        to: ev.world,
                    };
                }
            }
            PointerKind::Drag => {
                if let Gesture::GridDrag { to, .. } = &mut self.gesture {
                    *to = ev.world;
                }
            }
            PointerKind::Release => {
                if let Gesture::GridDrag {
                    vertex, inserted, ..
                } = std::mem::take(&mut self.gesture)
                {
                    let mut points = grid.to_vec();
                    if vertex > points.len() || (!inserted && vertex == points.len()) {
                        return;
                    }
                    let old = (!inserted).then(|| points[vertex]);
                    if inserted {
                        points.insert(vertex, ev.world);
                    } else {
                        points[vertex] = ev.world;
                    }
                    // The symmetric corners follow, where there are some.
                    if let Some(old) = old {
                        for image in symmetry_images(cx) {
                            let image_old = image.point(old);
                            if let Some(j) = points
                                .iter()
                                .position(|p| p.distance(image_old) < 1e-6)
                                .filter(|&j| j != vertex && old.distance(image_old) > 1e-6)
                            {
                                points[j] = image.point(ev.world);
                            }
                        }
                    }
                    self.grid_vertex = Some(vertex);
                    self.set_grid(
                        cx,
                        points,
                        if inserted {
                            "Add grid corner"
                        } else {
                            "Move grid corner"
                        },
                    );
                }
            }
            PointerKind::Click | PointerKind::DoubleClick => {
                self.grid_vertex = nearest_vertex(grid, ev.world, ev.pick);
            }
        }
    }

    fn set_grid(&mut self, cx: &mut EditContext<'_>, points: Vec<Point>, label: &str) {
        let polygon = match Polygon::new(points) {
            Ok(p) => p,
            Err(e) => return self.fail("Cannot change the grid region", e),
        };
        let before = cx.doc.map().clone();
        let after = Map {
            grid: polygon,
            ..before.clone()
        };
        if after == before {
            return;
        }
        let change = Change::Map {
            before: Box::new(before),
            after: Box::new(after),
        };
        if let Err(e) = cx
            .history
            .execute(cx.doc, Command::new(label, vec![change]))
        {
            self.fail("Cannot change the grid region", e);
        }
    }

    fn delete_grid_vertex(&mut self, cx: &mut EditContext<'_>, vertex: usize) {
        let mut points = cx.doc.map().grid.points().to_vec();
        if points.len() <= 3 {
            self.message = Some("The grid region needs at least 3 corners".to_owned());
            return;
        }
        if vertex < points.len() {
            points.remove(vertex);
            self.grid_vertex = None;
            self.set_grid(cx, points, "Remove grid corner");
        }
    }

    fn fail(&mut self, what: &str, e: impl std::fmt::Display) {
        self.message = Some(format!("{what}: {e}"));
    }

    // ----- select and move -------------------------------------------------

    fn select_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        match ev.kind {
            PointerKind::Click | PointerKind::DoubleClick => {
                self.selected_piece = piece_at(cx.doc, ev.world);
            }
            PointerKind::Press => {
                let hit = piece_at(cx.doc, ev.world);
                if let Some(index) = hit {
                    self.selected_piece = Some(index);
                    self.gesture = Gesture::Move {
                        index,
                        from: ev.world,
                        to: ev.world,
                    };
                }
            }
            PointerKind::Drag => {
                if let Gesture::Move { to, .. } = &mut self.gesture {
                    *to = ev.world;
                }
            }
            PointerKind::Release => {
                if let Gesture::Move { index, from, .. } = std::mem::take(&mut self.gesture) {
                    self.move_piece(cx, index, ev.world - from);
                }
            }
        }
    }

    fn move_piece(&mut self, cx: &mut EditContext<'_>, index: usize, by: Point) {
        if by.x.abs() + by.y.abs() < 1e-9 {
            return;
        }
        let map = cx.doc.map();
        let Some(before) = map.terrain.get(index).cloned() else {
            return;
        };
        let targets = image_pieces(map, &symmetry_images(cx), index);
        let Some(shape) = transform::translate_shape(&before.shape, by.x, by.y, &map.hex_layout())
        else {
            self.message = Some("Cannot move the piece out of the coordinate range".to_owned());
            return;
        };
        let after = TerrainPiece {
            kind: before.kind,
            shape,
        };
        let mut changes = vec![Change::ReplacePiece {
            index,
            before,
            after: after.clone(),
        }];
        for (j, image) in targets {
            if let Some(moved) = image.piece(&after) {
                changes.push(Change::ReplacePiece {
                    index: j,
                    before: map.terrain[j].clone(),
                    after: moved,
                });
            }
        }
        if let Err(e) = cx
            .history
            .execute(cx.doc, Command::new("Move piece", changes))
        {
            self.fail("Cannot move the piece", e);
        }
    }

    fn delete_selected(&mut self, cx: &mut EditContext<'_>) {
        match cx.options.tool {
            Tool::Grid => {
                if let Some(v) = self.grid_vertex {
                    self.delete_grid_vertex(cx, v);
                }
                return;
            }
            Tool::HexSelect => {
                self.clear_hexes(cx);
                return;
            }
            _ => {}
        }
        let Some(index) = self.selected_piece.take() else {
            return;
        };
        let map = cx.doc.map();
        let Some(piece) = map.terrain.get(index).cloned() else {
            return;
        };
        let mut removals = vec![(index, piece)];
        for (j, _) in image_pieces(map, &symmetry_images(cx), index) {
            removals.push((j, map.terrain[j].clone()));
        }
        // Remove the later pieces first so the earlier indices stay valid.
        removals.sort_by_key(|&(i, _)| std::cmp::Reverse(i));
        let changes = removals
            .into_iter()
            .map(|(index, piece)| Change::RemovePiece { index, piece })
            .collect();
        if let Err(e) = cx
            .history
            .execute(cx.doc, Command::new("Delete piece", changes))
        {
            self.fail("Cannot delete the piece", e);
        }
    }

    // ----- brush and eraser -----------------------------------------------

    fn brush_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        match ev.kind {
            PointerKind::Press => self.start_stroke(ev.world, cx),
            PointerKind::Drag => self.extend_stroke(ev.world, cx, false),
            PointerKind::Release => {
                self.extend_stroke(ev.world, cx, true);
                self.finish(cx);
            }
            PointerKind::Click | PointerKind::DoubleClick => {
                self.start_stroke(ev.world, cx);
                self.finish(cx);
            }
        }
    }

    fn start_stroke(&mut self, at: Point, cx: &mut EditContext<'_>) {
        self.finish(cx);
        let erase = cx.options.tool == Tool::Eraser;
        let radius = cx.options.brush * cx.doc.map().layout.hex_size.get();
        let kind = cx.options.terrain;
        let mut chunks = Vec::new();
        match add_chunk(cx, vec![at], erase, kind, radius) {
            Ok(chunk) => chunks.push(chunk),
            Err(e) => {
                self.fail("Cannot paint", e);
                return;
            }
        }
        self.gesture = Gesture::Stroke {
            chunks,
            erase,
            kind,
            radius,
        };
    }

    fn extend_stroke(&mut self, to: Point, cx: &mut EditContext<'_>, last: bool) {
        let Gesture::Stroke {
            chunks,
            erase,
            kind,
            radius,
        } = &mut self.gesture
        else {
            return;
        };
        let (erase, kind, radius) = (*erase, *kind, *radius);
        let Some(chunk) = chunks.last_mut() else {
            return;
        };
        let prev = *chunk.points.last().unwrap_or(&to);
        let d = prev.distance(to);
        let spacing = radius * STROKE_SPACING;
        if d < spacing && !(last && d > spacing * 0.1) {
            return;
        }
        if chunk.points.len() >= CHUNK_POINTS {
            match add_chunk(cx, vec![prev, to], erase, kind, radius) {
                Ok(c) => chunks.push(c),
                Err(e) => {
                    self.message = Some(format!("Cannot paint further: {e}"));
                    self.finish(cx);
                }
            }
            return;
        }
        chunk.points.push(to);
        let piece = stroke_piece(&chunk.points, erase, kind, radius);
        let index = chunk.index;
        if let Some(piece) = piece {
            let images: Vec<(usize, Option<TerrainPiece>)> = chunk
                .images
                .iter()
                .map(|(j, image)| (*j, image.piece(&piece)))
                .collect();
            // A point that would break a limit is left out; the stroke
            // keeps the points before it.
            if cx.doc.replace_piece(index, piece).is_ok() {
                for (j, m) in images {
                    if let Some(m) = m {
                        let _ = cx.doc.replace_piece(j, m);
                    }
                }
            }
        }
    }

    // ----- polygon and circle ---------------------------------------------

    fn polygon_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        match ev.kind {
            PointerKind::Click => {
                if let Gesture::Polygon { points } = &mut self.gesture {
                    let close = points.len() >= 3 && points[0].distance(ev.world) <= ev.pick;
                    if close {
                        let points = std::mem::take(points);
                        self.gesture = Gesture::Idle;
                        self.close_polygon(cx, points);
                    } else if points.len() < hexwright_engine::limits::MAX_RING_VERTICES {
                        points.push(ev.world);
                    }
                } else {
                    self.gesture = Gesture::Polygon {
                        points: vec![ev.world],
                    };
                }
            }
            PointerKind::DoubleClick => {
                if let Gesture::Polygon { points } = std::mem::take(&mut self.gesture) {
                    self.close_polygon(cx, points);
                }
            }
            _ => {}
        }
    }

    fn close_polygon(&mut self, cx: &mut EditContext<'_>, mut points: Vec<Point>) {
        points.dedup_by(|a, b| a.distance(*b) < 1e-9);
        if points.len() < 3 {
            self.message = Some("A polygon needs at least 3 corners".to_owned());
            return;
        }
        match Polygon::new(points) {
            Ok(polygon) => {
                let piece = TerrainPiece {
                    kind: cx.options.terrain,
                    shape: TerrainShape::Polygon { points: polygon },
                };
                self.insert_pieces(cx, "Polygon", piece);
            }
            Err(e) => self.fail("Cannot make the polygon", e),
        }
    }

    fn circle_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        match ev.kind {
            PointerKind::Press => {
                self.gesture = Gesture::Circle {
                    center: ev.world,
                    radius: 0.0,
                };
            }
            PointerKind::Drag => {
                if let Gesture::Circle { center, radius } = &mut self.gesture {
                    *radius = center.distance(ev.world);
                }
            }
            PointerKind::Release => {
                if let Gesture::Circle { center, .. } = std::mem::take(&mut self.gesture) {
                    let radius = center.distance(ev.world);
                    match (Coord::try_from((center.x, center.y)), Length::new(radius)) {
                        (Ok(center), Some(radius)) => {
                            let piece = TerrainPiece {
                                kind: cx.options.terrain,
                                shape: TerrainShape::Circle { center, radius },
                            };
                            self.insert_pieces(cx, "Circle", piece);
                        }
                        _ => self.message = Some("Drag out a circle of some size".to_owned()),
                    }
                }
            }
            PointerKind::Click | PointerKind::DoubleClick => {}
        }
    }

    /// Appends `piece` (and its symmetric images) as one command.
    fn insert_pieces(&mut self, cx: &mut EditContext<'_>, label: &str, piece: TerrainPiece) {
        let n = cx.doc.map().terrain.len();
        let images: Vec<TerrainPiece> = symmetry_images(cx)
            .iter()
            .filter_map(|i| i.piece(&piece))
            .collect();
        let mut changes = vec![Change::InsertPiece { index: n, piece }];
        for (k, image) in images.into_iter().enumerate() {
            changes.push(Change::InsertPiece {
                index: n + 1 + k,
                piece: image,
            });
        }
        if let Err(e) = cx.history.execute(cx.doc, Command::new(label, changes)) {
            self.fail("Cannot add the piece", e);
        }
    }

    fn hex_brush_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        let hex = cx.doc.hex_at(ev.world);
        let images = symmetry_images(cx);
        match ev.kind {
            PointerKind::Press | PointerKind::Click | PointerKind::DoubleClick => {
                self.finish(cx);
                let erase = hex_brush::erases(cx.doc.map(), hex, cx.options.terrain);
                let mut hexes = Vec::new();
                hex_brush::extend_stroke(&mut hexes, None, hex, &images);
                self.gesture = Gesture::HexPaint {
                    hexes,
                    last: hex,
                    erase,
                };
                if ev.kind != PointerKind::Press {
                    self.finish(cx);
                }
            }
            PointerKind::Drag | PointerKind::Release => {
                if let Gesture::HexPaint { hexes, last, .. } = &mut self.gesture {
                    hex_brush::extend_stroke(hexes, Some(*last), hex, &images);
                    *last = hex;
                }
                if ev.kind == PointerKind::Release {
                    self.finish(cx);
                }
            }
        }
    }

    // ----- zones and features ---------------------------------------------

    fn zone_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        let hex = cx.doc.hex_at(ev.world);
        let side = cx.options.side;
        match ev.kind {
            PointerKind::Press | PointerKind::Click | PointerKind::DoubleClick => {
                self.finish(cx);
                let remove = cx.doc.zones_of(side).contains(&hex);
                self.gesture = Gesture::Zones {
                    before: cx.doc.map().zones.clone(),
                    remove,
                    side,
                };
                paint_zone(cx, hex, side, remove);
                if ev.kind != PointerKind::Press {
                    self.finish(cx);
                }
            }
            PointerKind::Drag => {
                if let Gesture::Zones { remove, side, .. } = self.gesture {
                    paint_zone(cx, hex, side, remove);
                }
            }
            PointerKind::Release => {
                if let Gesture::Zones { remove, side, .. } = self.gesture {
                    paint_zone(cx, hex, side, remove);
                }
                self.finish(cx);
            }
        }
    }

    fn feature_eraser(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        let hex = cx.doc.hex_at(ev.world);
        if matches!(
            ev.kind,
            PointerKind::Press | PointerKind::Click | PointerKind::DoubleClick
        ) {
            self.finish(cx);
            self.gesture = Gesture::EraseFeatures {
                before: cx.doc.map().features.clone(),
            };
        }
        if !matches!(self.gesture, Gesture::EraseFeatures { .. }) {
            return;
        }
        let mut hexes = vec![hex];
        hexes.extend(symmetry_images(cx).iter().map(|i| i.hex(hex)));
        let features = &cx.doc.map().features;
        if features.iter().any(|f| hexes.contains(&f.hex)) {
            let kept = features
                .iter()
                .filter(|f| !hexes.contains(&f.hex))
                .copied()
                .collect();
            cx.doc.set_features(kept);
        }
        if matches!(ev.kind, PointerKind::Press | PointerKind::Drag) {
            return;
        }
        self.finish(cx);
    }

    fn place_feature(&mut self, cx: &mut EditContext<'_>, hex: Hex, kind: FeatureKind) {
        let map = cx.doc.map();
        if !cx.doc.board().coverage().in_grid(hex) {
            self.message = Some("Features stand on grid hexes only".to_owned());
            return;
        }
        let before = map.features.clone();
        let mut after = before.clone();
        let placed = Feature { hex, kind };
        put_feature(&mut after, placed);
        for image in symmetry_images(cx) {
            let image = image.feature(placed);
            if image.hex != hex {
                put_feature(&mut after, image);
            }
        }
        if after == before {
            return;
        }
        let label = format!("Place {kind}");
        if let Err(e) = cx.history.execute(
            cx.doc,
            Command::new(label, vec![Change::Features { before, after }]),
        ) {
            self.fail("Cannot place the feature", e);
        }
    }

    // ----- preview ----------------------------------------------------------

    /// What to draw over the canvas for the active tool with the pointer at
    /// `pointer` (world units), including symmetric images.
    #[must_use]
    pub fn preview(
        &self,
        doc: &Document,
        options: &ToolOptions,
        pointer: Option<Point>,
    ) -> Vec<Mark> {
        let map = doc.map();
        let images = options.symmetry_on(map).images(map);
        let mut marks = Vec::new();
        match &self.gesture {
            Gesture::Polygon { points } => {
                let mut pts = points.clone();
                pts.extend(pointer);
                marks.push(Mark::Polyline {
                    points: pts.clone(),
                    closed: false,
                });
                for image in &images {
                    marks.push(Mark::Polyline {
                        points: pts.iter().map(|&p| image.point(p)).collect(),
                        closed: false,
                    });
                }
            }
            Gesture::Circle { center, radius } => {
                for c in std::iter::once(*center).chain(images.iter().map(|i| i.point(*center))) {
                    marks.push(Mark::Circle {
                        center: c,
                        radius: *radius,
                        erase: false,
                    });
                }
            }
            Gesture::HexPaint { hexes, erase, .. } => {
                marks.extend(hexes.iter().map(|&hex| Mark::Hex {
                    hex,
                    side: None,
                    remove: *erase,
                }));
            }
            Gesture::Move { index, from, to } => {
                marks.push(Mark::Piece {
                    index: *index,
                    offset: *to - *from,
                });
            }
            Gesture::GridDrag {
                vertex,
                inserted,
                to,
            } => {
                let mut points = map.grid.points().to_vec();
                if *inserted && *vertex <= points.len() {
                    points.insert(*vertex, *to);
                } else if let Some(p) = points.get_mut(*vertex) {
                    *p = *to;
                }
                marks.push(Mark::Polyline {
                    points,
                    closed: true,
                });
            }
            _ => {}
        }
        if options.tool == Tool::HexSelect {
            marks.extend(self.hex_selection.iter().map(|&h| Mark::Selected(h)));
            if let Gesture::SelectHexes { start, now } = self.gesture
                && start != now
            {
                marks.push(Mark::Polyline {
                    points: vec![
                        start,
                        Point::new(now.x, start.y),
                        now,
                        Point::new(start.x, now.y),
                    ],
                    closed: true,
                });
            }
        }
        if options.tool == Tool::Grid {
            marks.extend(
                map.grid
                    .points()
                    .iter()
                    .enumerate()
                    .map(|(i, &at)| Mark::Handle {
                        at,
                        selected: self.grid_vertex == Some(i),
                    }),
            );
        }
        if let (Some(i), Gesture::Idle) = (self.selected_piece, &self.gesture)
            && options.tool == Tool::Select
            && i < map.terrain.len()
        {
            marks.push(Mark::Piece {
                index: i,
                offset: Point::default(),
            });
        }
        if let Some(p) = pointer {
            self.pointer_marks(doc, options, p, &mut marks);
        }
        marks
    }

    /// The marks under the pointer at `p` for the active tool.
    fn pointer_marks(
        &self,
        doc: &Document,
        options: &ToolOptions,
        p: Point,
        marks: &mut Vec<Mark>,
    ) {
        let first = marks.len();
        self.tool_marks(doc, options, p, marks);
        // Hexes off the grid do not exist for the game: no preview there.
        let coverage = doc.board().coverage();
        let mut k = 0;
        marks.retain(|m| {
            k += 1;
            k <= first
                || match m {
                    Mark::Hex { hex, .. } | Mark::Feature { hex, .. } => coverage.in_grid(*hex),
                    _ => true,
                }
        });
    }

    /// The marks of the active tool at `p`, on or off the grid.
    fn tool_marks(&self, doc: &Document, options: &ToolOptions, p: Point, marks: &mut Vec<Mark>) {
        let map = doc.map();
        let symmetry = options.symmetry_on(map).images(map);
        let hex = doc.hex_at(p);
        // The mark at the pointer's hex and at each of its images (given
        // the image, to map owners).
        let images = |marks: &mut Vec<Mark>, mark: &dyn Fn(Hex, Option<&Image>) -> Mark| {
            marks.push(mark(hex, None));
            for image in &symmetry {
                let m = image.hex(hex);
                if m != hex {
                    marks.push(mark(m, Some(image)));
                }
            }
        };
        match options.tool {
            Tool::Brush | Tool::Eraser => {
                let radius = options.brush * map.layout.hex_size.get();
                for c in std::iter::once(p).chain(symmetry.iter().map(|i| i.point(p))) {
                    marks.push(Mark::Circle {
                        center: c,
                        radius,
                        erase: options.tool == Tool::Eraser,
                    });
                }
            }
            Tool::Zone => {
                let remove = match &self.gesture {
                    Gesture::Zones { remove, .. } => *remove,
                    _ => doc.zones_of(options.side).contains(&hex),
                };
                images(marks, &|h, image| Mark::Hex {
                    hex: h,
                    side: Some(image.map_or(options.side, |i| i.side(options.side))),
                    remove,
                });
            }
            Tool::HexSelect if self.paste.is_some() => {
                let placed = self.placed(map, hex);
                for &(h, side) in &placed.zones {
                    marks.push(Mark::Hex {
                        hex: h,
                        side: Some(side),
                        remove: false,
                    });
                }
                for &(h, kind) in &placed.features {
                    marks.push(Mark::Feature { hex: h, kind });
                }
            }
            Tool::FeatureEraser => images(marks, &|h, _| Mark::Hex {
                hex: h,
                side: None,
                remove: true,
            }),
            Tool::HexBrush => {
                let remove = match &self.gesture {
                    Gesture::HexPaint { erase, .. } => *erase,
                    _ => hex_brush::erases(map, hex, options.terrain),
                };
                images(marks, &|h, _| Mark::Hex {
                    hex: h,
                    side: None,
                    remove,
                });
            }
            Tool::Fill => {
                let mut hexes =
                    hexwright_engine::hex_paint::flood(map, doc.board().coverage(), hex);
                for image in &symmetry {
                    hexes.extend(hexwright_engine::hex_paint::flood(
                        map,
                        doc.board().coverage(),
                        image.hex(hex),
                    ));
                }
                marks.extend(hexes.into_iter().map(|h| Mark::Hex {
                    hex: h,
                    side: None,
                    remove: false,
                }));
            }
            Tool::Polygon | Tool::Circle if !self.busy() => {
                marks.push(Mark::Circle {
                    center: p,
                    radius: 0.0,
                    erase: false,
                });
            }
            tool => {
                if let Some(kind) = tool.feature(options.side) {
                    images(marks, &|h, image| Mark::Feature {
                        hex: h,
                        kind: image.map_or(kind, |i| i.kind(kind)),
                    });
                }
            }
        }
    }
}

/// The grid hexes a box dragged from `a` to `b` selects: those whose
/// centres lie in it, and the hexes under its two corners, in grid order.
fn box_selection(doc: &Document, a: Point, b: Point) -> Vec<Hex> {
    let coverage = doc.board().coverage();
    let layout = coverage.layout();
    let area = Bbox {
        min: Point::new(a.x.min(b.x), a.y.min(b.y)),
        max: Point::new(a.x.max(b.x), a.y.max(b.y)),
    };
    let mut hexes: Vec<Hex> = layout
        .hexes_overlapping(area.expand(layout.size))
        .into_iter()
        .filter(|&h| {
            let c = layout.center(h);
            c.x >= area.min.x && c.x <= area.max.x && c.y >= area.min.y && c.y <= area.max.y
        })
        .chain([doc.hex_at(a), doc.hex_at(b)])
        .filter(|&h| coverage.in_grid(h))
        .collect();
    hexes.sort_by_key(|&h| hexwright_engine::layout::hex_key(h));
    hexes.dedup();
    hexes
}

/// A brush stroke piece through `points`.
fn stroke_piece(
    points: &[Point],
    erase: bool,
    kind: TerrainKind,
    radius: f64,
) -> Option<TerrainPiece> {
    Some(TerrainPiece {
        kind,
        shape: TerrainShape::Stroke {
            radius: Length::new(radius)?,
            points: Path::new(points.to_vec()).ok()?,
            erase,
        },
    })
}

/// Appends a new stroke piece (and its image) to the document.
fn add_chunk(
    cx: &mut EditContext<'_>,
    points: Vec<Point>,
    erase: bool,
    kind: TerrainKind,
    radius: f64,
) -> Result<Chunk, String> {
    let piece = stroke_piece(&points, erase, kind, radius)
        .ok_or_else(|| "the brush is outside the coordinate range".to_owned())?;
    let images: Vec<(Image, TerrainPiece)> = symmetry_images(cx)
        .into_iter()
        .filter_map(|i| Some((i, i.piece(&piece)?)))
        .collect();
    let index = cx.doc.map().terrain.len();
    cx.doc
        .insert_piece(index, piece)
        .map_err(|e| e.to_string())?;
    let mut placed = Vec::new();
    for (image, m) in images {
        let j = index + 1 + placed.len();
        if let Err(e) = cx.doc.insert_piece(j, m) {
            // Take back what was just inserted, last first, so the map is
            // as it was before.
            for (k, _) in placed.iter().rev() {
                let _ = cx.doc.remove_piece(*k);
            }
            let _ = cx.doc.remove_piece(index);
            return Err(e.to_string());
        }
        placed.push((j, image));
    }
    Ok(Chunk {
        index,
        points,
        images: placed,
    })
}

/// Records an applied stroke as one command.
fn record_stroke(cx: &mut EditContext<'_>, chunks: &[Chunk]) {
    let mut indices: Vec<usize> = chunks
        .iter()
        .flat_map(|c| std::iter::once(c.index).chain(c.images.iter().map(|&(j, _)| j)))
        .collect();
    indices.sort_unstable();
    let terrain = &cx.doc.map().terrain;
    let changes: Vec<Change> = indices
        .into_iter()
        .filter_map(|index| {
            terrain.get(index).map(|piece| Change::InsertPiece {
                index,
                piece: piece.clone(),
            })
        })
        .collect();
    let erase = chunks
        .first()
        .and_then(|c| cx.doc.map().terrain.get(c.index))
        .is_some_and(|p| p.shape.is_eraser());
    let label = if erase {
        "Erase stroke"
    } else {
        "Brush stroke"
    };
    cx.history.record(Command::new(label, changes));
}

/// The topmost visible terrain piece at `p`.
#[must_use]
pub fn piece_at(doc: &Document, p: Point) -> Option<usize> {
    doc.pieces()
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, piece)| {
            if piece.eraser
                || !piece
                    .prepared
                    .bbox
                    .is_some_and(|b| b.expand(1e-9).overlaps(Bbox::of(&[p])))
            {
                return None;
            }
            let winding: i32 = piece
                .prepared
                .rings
                .iter()
                .filter(|r| geom::point_in_ring(p, &r.points))
                .map(|r| {
                    if geom::signed_area(&r.points) >= 0.0 {
                        1
                    } else {
                        -1
                    }
                })
                .sum();
            (winding > 0).then_some(i)
        })
}

/// The images of the symmetry edits follow.
fn symmetry_images(cx: &EditContext<'_>) -> Vec<Image> {
    let map = cx.doc.map();
    cx.options.symmetry_on(map).images(map)
}

/// The pieces that are images of piece `index`, each with the image that
/// makes it: for every image, the first other piece (not yet taken) that
/// matches the image of piece `index`. Images without such a piece are
/// left out.
fn image_pieces(map: &Map, images: &[Image], index: usize) -> Vec<(usize, Image)> {
    let Some(piece) = map.terrain.get(index) else {
        return Vec::new();
    };
    let mut out: Vec<(usize, Image)> = Vec::new();
    for image in images {
        let Some(want) = image.piece(piece) else {
            continue;
        };
        if let Some(j) = map.terrain.iter().enumerate().position(|(j, p)| {
            j != index && !out.iter().any(|&(k, _)| k == j) && shapes_match(p, &want)
        }) {
            out.push((j, *image));
        }
    }
    out
}

/// Whether two pieces are equal up to rounding of their coordinates.
fn shapes_match(a: &TerrainPiece, b: &TerrainPiece) -> bool {
    if a.kind != b.kind {
        return false;
    }
    let close = |p: Point, q: Point| p.distance(q) < 1e-6;
    match (&a.shape, &b.shape) {
        (TerrainShape::Polygon { points: p }, TerrainShape::Polygon { points: q }) => {
            p.points().len() == q.points().len()
                && p.points()
                    .iter()
                    .zip(q.points())
                    .all(|(&x, &y)| close(x, y))
        }
        (
            TerrainShape::Circle {
                center: c1,
                radius: r1,
            },
            TerrainShape::Circle {
                center: c2,
                radius: r2,
            },
        ) => close(c1.0, c2.0) && (r1.get() - r2.get()).abs() < 1e-9,
        (
            TerrainShape::Stroke {
                radius: r1,
                points: p1,
                erase: e1,
            },
            TerrainShape::Stroke {
                radius: r2,
                points: p2,
                erase: e2,
            },
        ) => {
            e1 == e2
                && (r1.get() - r2.get()).abs() < 1e-9
                && p1.points().len() == p2.points().len()
                && p1
                    .points()
                    .iter()
                    .zip(p2.points())
                    .all(|(&x, &y)| close(x, y))
        }
        _ => false,
    }
}

/// Adds or removes `hex` in `side`'s zone, and each of its images in the
/// zone of the side the image gives it to.
fn paint_zone(cx: &mut EditContext<'_>, hex: Hex, side: Side, remove: bool) {
    let mut targets = vec![(hex, side)];
    targets.extend(
        symmetry_images(cx)
            .iter()
            .map(|i| (i.hex(hex), i.side(side))),
    );
    let map = cx.doc.map();
    let coverage = cx.doc.board().coverage();
    let mut zones = map.zones.clone();
    let mut changed = false;
    for (h, s) in targets {
        if !coverage.in_grid(h) {
            continue;
        }
        let zone = match zones.iter().position(|z| z.side == s) {
            Some(i) => &mut zones[i],
            None if remove => continue,
            None => {
                zones.push(Zone {
                    side: s,
                    hexes: Vec::new(),
                });
                zones.last_mut().expect("just pushed")
            }
        };
        let has = zone.hexes.contains(&h);
        if remove && has {
            zone.hexes.retain(|&x| x != h);
            changed = true;
        } else if !remove && !has {
            zone.hexes.push(h);
            changed = true;
        }
    }
    if changed {
        zones.retain(|z| !z.hexes.is_empty());
        cx.doc.set_zones(zones);
    }
}

/// The hex of `hexes` nearest their average: the anchor of a copy.
fn anchor_of(hexes: &[Hex]) -> Hex {
    let n = hexes.len().max(1) as f64;
    let q = hexes.iter().map(|h| f64::from(h.x)).sum::<f64>() / n;
    let r = hexes.iter().map(|h| f64::from(h.y)).sum::<f64>() / n;
    let centre = hexwright_engine::layout::cube_round(q, r);
    hexes
        .iter()
        .copied()
        .min_by_key(|h| (h.unsigned_distance_to(centre), h.y, h.x))
        .unwrap_or(centre)
}

/// Adds `hex` to `side`'s zone (creating it) if it is not there yet.
fn add_zone_hex(zones: &mut Vec<Zone>, hex: Hex, side: Side) {
    match zones.iter_mut().find(|z| z.side == side) {
        Some(z) => {
            if !z.hexes.contains(&hex) {
                z.hexes.push(hex);
            }
        }
        None => zones.push(Zone {
            side,
            hexes: vec![hex],
        }),
    }
}

/// The corner of `ring` within `pick` of `p`, the nearest one.
fn nearest_vertex(ring: &[Point], p: Point, pick: f64) -> Option<usize> {
    ring.iter()
        .enumerate()
        .map(|(i, q)| (i, q.distance(p)))
        .filter(|&(_, d)| d <= pick)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// The edge `i` (from corner `i` to corner `i + 1`) of `ring` within `pick`
/// of `p`, the nearest one.
fn nearest_edge(ring: &[Point], p: Point, pick: f64) -> Option<usize> {
    (0..ring.len())
        .map(|i| {
            let j = (i + 1) % ring.len();
            (i, geom::distance_to_segment(p, ring[i], ring[j]))
        })
        .filter(|&(_, d)| d <= pick)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// Puts `f` on its hex, replacing what stood there; a base replaces its
/// side's other base (so placing a base moves it).
fn put_feature(features: &mut Vec<Feature>, f: Feature) {
    features.retain(|g| {
        g.hex != f.hex && !(matches!(f.kind, FeatureKind::Base { .. }) && g.kind == f.kind)
    });
    features.push(f);
}

/// The changes that turn `map`'s features and zones into these (none for
/// what is unchanged).
fn feature_and_zone_changes(map: &Map, features: Vec<Feature>, zones: Vec<Zone>) -> Vec<Change> {
    let mut changes = Vec::new();
    if features != map.features {
        changes.push(Change::Features {
            before: map.features.clone(),
            after: features,
        });
    }
    if zones != map.zones {
        changes.push(Change::Zones {
            before: map.zones.clone(),
            after: zones,
        });
    }
    changes
}

#[cfg(test)]
mod tests {
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
            assert!(marks.iter().any(
                |m| matches!(m, Mark::Polyline { closed: true, points } if points.len() == 4)
            ));
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
}
