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

mod brush;
mod features;
mod grid;
mod hexes;
mod marks;
mod select;
mod shapes;
mod zones;

use crate::document::Document;
use crate::document::command::{Change, Command};
use crate::document::history::History;
use crate::edit::hex_brush;
use crate::edit::tool::{Tool, ToolOptions};
use brush::record_stroke;
use hexwright_engine::Hex;
use hexwright_engine::geom::{self, Bbox, Point};
use hexwright_engine::map::{
    Feature, FeatureKind, Map, Side, TerrainKind, TerrainPiece, TerrainShape, Zone,
};
use hexwright_engine::symmetry::Image;

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
    /// A suggested edit of *Suggest fixes* other than a move, numbered by
    /// its step.
    Edit {
        /// What it changes.
        edit: EditMark,
        /// The step's number (1 is the first to make).
        number: usize,
        /// Whether it is the step shown (drawn strong; the others faint).
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

/// What a suggested edit ([`Mark::Edit`]) changes, as drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum EditMark {
    /// A starting zone shifted: its outline before (dashed), after (solid)
    /// and an arrow between them.
    Zone {
        /// Whose zone.
        side: Side,
        /// Its hexes before the step.
        before: Vec<Hex>,
        /// Its hexes after it.
        after: Vec<Hex>,
    },
    /// A hex made unusable (crossed out).
    Block(Hex),
    /// A hex made usable (outlined, with a plus).
    Open(Hex),
    /// A bush planted (its ghost).
    AddBush(Hex),
    /// A bush cleared (crossed out).
    RemoveBush(Hex),
}

impl EditMark {
    /// Where the step's number goes: the zone's new middle, or the hex.
    #[must_use]
    pub fn anchor(&self) -> Option<Hex> {
        match self {
            Self::Zone { after, .. } => middle(after),
            Self::Block(h) | Self::Open(h) | Self::AddBush(h) | Self::RemoveBush(h) => Some(*h),
        }
    }
}

/// The hex of `hexes` nearest their mean, if any.
#[must_use]
pub fn middle(hexes: &[Hex]) -> Option<Hex> {
    let n = i32::try_from(hexes.len()).ok().filter(|&n| n > 0)?;
    let sum = hexes.iter().fold(Hex::ZERO, |a, &h| a + h);
    let mean = Hex::new(sum.x / n, sum.y / n);
    hexes
        .iter()
        .copied()
        .min_by_key(|h| h.unsigned_distance_to(mean))
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
            Gesture::Stroke { chunks, .. } => {
                if let Some(note) = record_stroke(cx, &chunks) {
                    self.message = Some(note);
                }
            }
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

    fn fail(&mut self, what: &str, e: impl std::fmt::Display) {
        self.message = Some(format!("{what}: {e}"));
    }

    // ----- select and move -------------------------------------------------
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
mod tests;
