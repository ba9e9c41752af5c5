//! The map canvas: draws the open map with the [`egui::Painter`] and turns
//! pointer and wheel input into camera moves, selection and tool
//! [`Action`]s (pointer events in world units for [`crate::edit::editing`]).
//!
//! Layers, bottom to top: map area, grid hexes (usable light, unusable dark),
//! terrain pieces (translucent, by kind), hatching on unusable hexes, the grid
//! region outline, starting zones, validation markers, features,
//! coordinates, symmetry breaks; then, every frame, the selection, the
//! tool's cursor preview and the hover outline. Only hexes inside the
//! visible part of the map are drawn, fine detail (outlines, hatching,
//! labels) is left out when hexes are too small on screen to show it, and the
//! map layers are reused from the previous frame while nothing they show
//! changed.

mod layers;
mod marks;
pub(crate) mod theme;
pub(crate) mod view;

pub use theme::ThemeChoice;

use crate::app::action::Action;
use crate::app::settings::Layers;
use crate::canvas::theme::Palette;
use crate::canvas::view::View;
use crate::document::Document;
use crate::edit::editing::{Mark, PointerEvent, PointerKind};
use crate::edit::tool::Tool;
use egui::epaint::{Mesh, Shape, Stroke};
use egui::{Color32, CursorIcon, Key, PointerButton, Pos2, Rect, Response, Sense, Ui, Vec2};
use hexwright_engine::Hex;
use hexwright_engine::geom::Point;
use hexwright_engine::symmetry::Symmetry;
use hexwright_headless::draw::overlay::{Drawn, Overlay};

/// Margin around the map when fitting it to the canvas, in screen points.
pub const FIT_MARGIN: f32 = 28.0;
/// Largest hex radius on screen when zoomed all the way in.
pub const MAX_HEX_PX: f64 = 180.0;
/// Hex radius on screen a finding is shown at, at least, when focused.
pub const FOCUS_HEX_PX: f64 = 30.0;
/// Smallest hex radius on screen, in points, at which unusable hexes are hatched.
pub const HATCH_MIN_PX: f32 = 6.0;
/// How close, in screen points, counts as "on" a point (a polygon's first corner).
pub const PICK_PX: f64 = 9.0;
/// Wheel zoom sensitivity: zoom factor `e^(k × scrolled points)`.
const WHEEL_ZOOM: f64 = 0.0025;

/// What the canvas remembers between frames (not persisted).
#[derive(Clone, Debug)]
pub struct CanvasState {
    rect: Rect,
    /// Refit when the canvas is resized, until the user moves the camera.
    follow_fit: bool,
    hovered: Option<Hex>,
    pointer_world: Option<Point>,
    /// The map layers drawn last frame, reused while nothing they depend on
    /// changed (most frames: only the hover and the cursor preview move).
    base: Option<(BaseKey, Vec<Shape>)>,
    /// Emptied meshes kept for their memory (see `Paint::pool`).
    pool: Vec<Mesh>,
}

/// Everything the map layers depend on.
#[derive(Clone, Copy, Debug, PartialEq)]
struct BaseKey {
    revision: u64,
    view: View,
    rect: Rect,
    layers: Layers,
    dark: bool,
    symmetry: Symmetry,
    overlay: Option<Overlay>,
}

impl Default for CanvasState {
    fn default() -> Self {
        Self {
            rect: Rect::NOTHING,
            follow_fit: true,
            hovered: None,
            pointer_world: None,
            base: None,
            pool: Vec::new(),
        }
    }
}

impl CanvasState {
    /// The grid hex under the pointer, if any.
    #[must_use]
    pub fn hovered(&self) -> Option<Hex> {
        self.hovered
    }

    /// The world position under the pointer, if it is over the canvas.
    #[must_use]
    pub fn pointer_world(&self) -> Option<Point> {
        self.pointer_world
    }

    /// Where the canvas was last drawn (empty before the first frame).
    #[must_use]
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// Fits the map now if the canvas has a size, and keeps it fitted while
    /// the canvas is resized until the user moves the camera.
    pub fn fit(&mut self, view: &mut View, doc: &Document) {
        self.follow_fit = true;
        if self.rect.is_positive() {
            view.fit(self.rect, doc.map().area.bbox(), FIT_MARGIN);
        }
    }

    /// Stops following the map size (the camera was moved on purpose).
    pub fn release_fit(&mut self) {
        self.follow_fit = false;
    }

    /// Fits the map again on the next frame (a new map was opened).
    pub fn reset(&mut self) {
        self.rect = Rect::NOTHING;
        self.follow_fit = true;
        self.hovered = None;
    }
}

/// What the canvas draws with this frame.
#[derive(Clone, Copy, Debug)]
pub struct CanvasParams<'a> {
    /// The open map.
    pub doc: &'a Document,
    /// Shown layers.
    pub layers: Layers,
    /// The selected hex.
    pub selected: Option<Hex>,
    /// Colours.
    pub palette: Palette,
    /// The active tool.
    pub tool: Tool,
    /// The tool's cursor preview.
    pub marks: &'a [Mark],
    /// Hexes that break the chosen symmetry.
    pub breaks: &'a [Hex],
    /// The chosen symmetry (what `breaks` was worked out for).
    pub symmetry: Symmetry,
    /// The analysis overlay shown, and what it draws.
    pub analysis: Option<(Overlay, &'a Drawn)>,
}

/// Shows the canvas filling the available space; returns the user's requests.
pub fn show_ui(
    ui: &mut Ui,
    state: &mut CanvasState,
    view: &mut View,
    params: CanvasParams<'_>,
) -> Vec<Action> {
    let doc = params.doc;
    let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Map canvas"));

    let area = doc.map().area.bbox();
    let resized = rect != state.rect;
    state.rect = rect;
    view.set_limits(rect, area, doc.map().layout.hex_size.get(), MAX_HEX_PX);
    if state.follow_fit && resized && rect.is_positive() {
        view.fit(rect, area, FIT_MARGIN);
    }

    let mut actions = Vec::new();
    handle_input(ui, &response, state, view, rect, params, &mut actions);

    let painter = ui.painter_at(rect);
    let paint = Paint {
        painter: &painter,
        view,
        rect,
        params,
        pool: std::cell::RefCell::new(std::mem::take(&mut state.pool)),
    };
    let key = BaseKey {
        revision: doc.revision(),
        view: *view,
        rect,
        layers: params.layers,
        dark: params.palette.dark,
        symmetry: params.symmetry,
        overlay: params.analysis.map(|(o, _)| o),
    };
    match &state.base {
        Some((k, shapes)) if *k == key => painter.extend(shapes.iter().cloned()),
        _ => {
            // Last frame's meshes are ours alone again once egui has drawn
            // them: keep their memory for this frame's.
            if let Some((_, old)) = state.base.take() {
                let mut pool = paint.pool.borrow_mut();
                for shape in old {
                    if let Shape::Mesh(mesh) = shape
                        && let Ok(mut mesh) = std::sync::Arc::try_unwrap(mesh)
                    {
                        mesh.clear();
                        pool.push(mesh);
                    }
                }
                // Handed out in the order they were made, so each use gets
                // a mesh about the size it needs.
                pool.reverse();
            }
            let layer = painter.layer_id();
            let start = ui.ctx().graphics_mut(|g| g.entry(layer).next_idx());
            paint.base();
            let shapes = ui.ctx().graphics_mut(|g| {
                g.entry(layer)
                    .all_entries()
                    .skip(start.0)
                    .map(|c| c.shape.clone())
                    .collect()
            });
            state.base = Some((key, shapes));
        }
    }
    paint.overlay(state.hovered);
    state.pool = paint.pool.into_inner();
    actions
}

fn handle_input(
    ui: &Ui,
    response: &Response,
    state: &mut CanvasState,
    view: &mut View,
    rect: Rect,
    params: CanvasParams<'_>,
    actions: &mut Vec<Action>,
) {
    let doc = params.doc;
    let space = ui.input(|i| i.key_down(Key::Space));
    let panning = response.dragged_by(PointerButton::Middle)
        || response.dragged_by(PointerButton::Secondary)
        || (space && response.dragged_by(PointerButton::Primary));
    if panning {
        view.pan(response.drag_delta());
        state.follow_fit = false;
        ui.ctx().set_cursor_icon(CursorIcon::Grabbing);
    } else if space && response.hovered() {
        ui.ctx().set_cursor_icon(CursorIcon::Grab);
    }

    // Once the user works on the map, it stays where it is: only the Fit
    // command re-fits it (a panel changing size no longer does).
    if response.clicked() || response.drag_started() {
        state.follow_fit = false;
    }

    state.pointer_world = None;
    state.hovered = None;
    if let Some(pos) = response.hover_pos() {
        let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta()));
        let factor = f64::from(pinch) * (f64::from(scroll.y) * WHEEL_ZOOM).exp();
        if (factor - 1.0).abs() > 1e-6 {
            view.zoom_at(rect, factor, pos);
            state.follow_fit = false;
        }
        if scroll.x != 0.0 {
            view.pan(Vec2::new(scroll.x, 0.0));
            state.follow_fit = false;
        }
        let world = view.to_world(rect, pos);
        state.pointer_world = Some(world);
        let hex = doc.hex_at(world);
        state.hovered = doc.board().coverage().in_grid(hex).then_some(hex);
    }

    if space || panning {
        return;
    }
    if params.tool != Tool::Select && response.hovered() {
        ui.ctx().set_cursor_icon(CursorIcon::Crosshair);
    }
    let pick = PICK_PX / view.scale();
    let pointer = ui.input(|i| i.pointer.interact_pos().or(i.pointer.latest_pos()));
    let send = |actions: &mut Vec<Action>, kind: PointerKind, pos: Option<Pos2>| {
        if let Some(pos) = pos {
            actions.push(Action::Pointer(PointerEvent {
                kind,
                world: view.to_world(rect, pos),
                pick,
            }));
        }
    };
    if response.drag_started_by(PointerButton::Primary) {
        send(
            actions,
            PointerKind::Press,
            ui.input(|i| i.pointer.press_origin()).or(pointer),
        );
    }
    if response.dragged_by(PointerButton::Primary) {
        send(actions, PointerKind::Drag, pointer);
    }
    if response.drag_stopped_by(PointerButton::Primary) {
        send(actions, PointerKind::Release, pointer);
    }
    if response.double_clicked() {
        send(actions, PointerKind::DoubleClick, pointer);
    } else if response.clicked() {
        if params.tool == Tool::Select {
            actions.push(Action::SelectHex(state.hovered));
        }
        send(actions, PointerKind::Click, pointer);
    }
}

/// One frame's painting.
struct Paint<'a> {
    painter: &'a egui::Painter,
    view: &'a View,
    rect: Rect,
    params: CanvasParams<'a>,
    /// Emptied meshes of an earlier frame, to reuse their memory: building
    /// large meshes in fresh memory every frame costs more in page faults
    /// than drawing them.
    pool: std::cell::RefCell<Vec<Mesh>>,
}

impl Paint<'_> {
    fn doc(&self) -> &Document {
        self.params.doc
    }

    /// An empty mesh, reusing an earlier frame's memory when there is some.
    fn mesh(&self) -> Mesh {
        self.pool.borrow_mut().pop().unwrap_or_default()
    }

    fn palette(&self) -> &Palette {
        &self.params.palette
    }

    fn screen(&self, p: Point) -> Pos2 {
        self.view.to_screen(self.rect, p)
    }

    /// Hex radius on screen.
    fn hex_px(&self) -> f32 {
        (self.doc().map().layout.hex_size.get() * self.view.scale()) as f32
    }

    fn corners(&self, hex: Hex) -> [Pos2; 6] {
        let layout = self.doc().board().coverage().layout();
        layout.corners(hex).map(|c| self.screen(c))
    }

    /// Corners pulled towards the centre by `inset` screen points.
    fn inset_corners(&self, hex: Hex, inset: f32) -> [Pos2; 6] {
        let c = self.screen(self.doc().hex_center(hex));
        let k = (1.0 - inset / self.hex_px().max(1.0)).max(0.0);
        self.corners(hex).map(|p| c + (p - c) * k)
    }
}

/// Adds the segment `a`–`b` to `mesh` as a quad of the stroke's width: far
/// cheaper to tessellate than thousands of separate line shapes.
fn add_line(mesh: &mut Mesh, a: Pos2, b: Pos2, stroke: Stroke) {
    let d = b - a;
    // `Vec2::length` uses `hypot`, several times slower than this.
    let len = (d.x * d.x + d.y * d.y).sqrt();
    if len <= f32::EPSILON {
        return;
    }
    let n = Vec2::new(-d.y, d.x) * (stroke.width * 0.5 / len);
    let base = mesh.vertices.len() as u32;
    let color = stroke.color;
    for p in [a + n, b + n, b - n, a - n] {
        mesh.colored_vertex(p, color);
    }
    mesh.add_triangle(base, base + 1, base + 2);
    mesh.add_triangle(base, base + 2, base + 3);
}

/// Adds a convex polygon to `mesh` as a triangle fan.
fn add_convex(mesh: &mut Mesh, pts: &[Pos2], color: Color32) {
    let base = mesh.vertices.len() as u32;
    for &p in pts {
        mesh.colored_vertex(p, color);
    }
    for i in 1..pts.len().saturating_sub(1) as u32 {
        mesh.add_triangle(base, base + i, base + i + 1);
    }
}

/// Diagonal hatching lines (`x + y = k` for `k` on a screen-aligned raster,
/// so the lines of neighbouring hexes meet) clipped to the convex polygon.
pub(crate) fn hatch_into(poly: &[Pos2], spacing: f32, stroke: Stroke, out: &mut Vec<Shape>) {
    hatch_segments(poly, spacing, |seg| {
        out.push(Shape::line_segment(seg, stroke));
    });
}

/// The hatching segments of [`hatch_into`], one call each.
fn hatch_segments(poly: &[Pos2], spacing: f32, mut f: impl FnMut([Pos2; 2])) {
    let (lo, hi) = poly.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| {
        (lo.min(p.x + p.y), hi.max(p.x + p.y))
    });
    let mut level = (lo / spacing).floor() * spacing + spacing;
    while level < hi {
        let mut hits = [Pos2::ZERO; 2];
        let mut found = 0;
        for (i, &start) in poly.iter().enumerate() {
            let end = poly[(i + 1) % poly.len()];
            let (fa, fb) = (start.x + start.y - level, end.x + end.y - level);
            if (fa <= 0.0) != (fb <= 0.0) && found < 2 {
                hits[found] = start + (end - start) * (fa / (fa - fb));
                found += 1;
            }
        }
        if found == 2 {
            f(hits);
        }
        level += spacing;
    }
}

/// The screen position of a hex's centre, for tests and tools.
#[must_use]
pub fn hex_screen_pos(view: &View, rect: Rect, doc: &Document, hex: Hex) -> Pos2 {
    view.to_screen(rect, doc.hex_center(hex))
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

    #[test]
    fn hatching_stays_inside_the_polygon() {
        let square = [
            pos2(0.0, 0.0),
            pos2(20.0, 0.0),
            pos2(20.0, 20.0),
            pos2(0.0, 20.0),
        ];
        let mut shapes = Vec::new();
        hatch_into(&square, 5.0, Stroke::new(1.0, Color32::BLACK), &mut shapes);
        assert_eq!(shapes.len(), 7, "k = 5, 10, ..., 35");
        for s in &shapes {
            let r = s.visual_bounding_rect();
            assert!(
                r.min.x >= -1.0 && r.max.x <= 21.0 && r.min.y >= -1.0 && r.max.y <= 21.0,
                "{r:?}"
            );
        }
    }
}
