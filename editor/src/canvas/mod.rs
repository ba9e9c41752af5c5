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
use egui::epaint::{Mesh, PathShape, Shape, Stroke};
use egui::{
    Align2, Color32, CursorIcon, FontId, Key, PointerButton, Pos2, Rect, Response, Sense, Ui, Vec2,
};
use hexwright_engine::Hex;
use hexwright_engine::geom::Point;
use hexwright_engine::map::{FeatureKind, Side};
use hexwright_engine::symmetry::Symmetry;
use hexwright_engine::validate::Severity;
use hexwright_headless::draw::glyphs;
use hexwright_headless::draw::overlay::{self, Drawn, Overlay};
use hexwright_headless::draw::tessellate;

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
pub fn show(
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

    /// The map's layers: everything but the selection, the hover and the
    /// cursor preview.
    fn base(&self) {
        let layers = self.params.layers;
        let visible: Vec<Hex> = self.visible_hexes();
        self.painter
            .rect_filled(self.rect, 0.0, self.palette().background);
        self.area();
        self.hexes(&visible);
        if layers.terrain {
            self.terrain();
        }
        if layers.usable {
            self.hatching(&visible);
        }
        self.region();
        if layers.zones {
            self.zones();
        }
        self.analysis();
        if layers.findings {
            self.marker_outlines();
        }
        if layers.features {
            self.features();
        }
        if layers.findings {
            self.marker_badges();
        }
        if layers.coordinates {
            self.coordinates(&visible);
        }
        if layers.symmetry {
            self.symmetry_breaks();
        }
    }

    /// What changes from frame to frame: selection, cursor preview, hover.
    fn overlay(&self, hovered: Option<Hex>) {
        if let Some(h) = self.params.selected {
            self.selection(h);
        }
        self.marks();
        if let Some(h) = hovered.filter(|&h| Some(h) != self.params.selected) {
            let pts = self.inset_corners(h, 1.0).to_vec();
            self.painter.add(Shape::closed_line(
                pts,
                Stroke::new(1.5, self.palette().hover),
            ));
        }
    }

    /// Whether a hex's centre lies in the view grown by one hex size, so
    /// that every hex with a part on screen passes.
    fn on_screen(&self) -> impl Fn(Hex) -> bool + '_ {
        let vis = self
            .view
            .visible(self.rect)
            .expand(self.doc().map().layout.hex_size.get());
        move |h| {
            let c = self.doc().hex_center(h);
            c.x >= vis.min.x && c.x <= vis.max.x && c.y >= vis.min.y && c.y <= vis.max.y
        }
    }

    fn visible_hexes(&self) -> Vec<Hex> {
        let seen = self.on_screen();
        self.doc()
            .board()
            .coverage()
            .hexes()
            .iter()
            .copied()
            .filter(|&h| seen(h))
            .collect()
    }

    /// The analysis overlay: its tints, then its outlines with their labels.
    fn analysis(&self) {
        let Some((_, d)) = self.params.analysis else {
            return;
        };
        let seen = self.on_screen();
        let mut mesh = self.mesh();
        for &(h, tint) in d.tints.iter().filter(|(h, _)| seen(*h)) {
            add_convex(&mut mesh, &self.corners(h), tint);
        }
        self.painter.add(mesh);
        let px = self.hex_px();
        let stroke = Stroke::new((px * 0.1).clamp(1.5, 3.0), overlay::CHOKE);
        for (hexes, label) in &d.outlines {
            for &h in hexes.iter().filter(|&&h| seen(h)) {
                let pts = self.inset_corners(h, stroke.width * 0.5).to_vec();
                self.painter.add(Shape::closed_line(pts, stroke));
            }
            if let Some(&h) = hexes.first().filter(|&&h| px >= 8.0 && seen(h)) {
                self.painter.text(
                    self.screen(self.doc().hex_center(h)),
                    egui::Align2::CENTER_CENTER,
                    label,
                    egui::FontId::proportional((px * 0.8).clamp(9.0, 18.0)),
                    egui::Color32::WHITE,
                );
            }
        }
    }

    fn area(&self) {
        let b = self.doc().map().area.bbox();
        let r = Rect::from_min_max(self.screen(b.min), self.screen(b.max));
        self.painter.rect(
            r,
            2.0,
            self.palette().area,
            Stroke::new(1.0, self.palette().area_border),
            egui::StrokeKind::Outside,
        );
    }

    fn hexes(&self, visible: &[Hex]) {
        let pal = self.palette();
        let coverage = self.doc().board().coverage();
        let px = self.hex_px();
        let outline = if px >= 5.0 {
            Stroke::new((px * 0.04).clamp(0.6, 1.2), pal.grid_line)
        } else {
            Stroke::NONE
        };
        let show_usable = self.params.layers.usable;
        let mut mesh = self.mesh();
        mesh.reserve_vertices(visible.len() * 6);
        mesh.reserve_triangles(visible.len() * 4);
        let mut lines = self.mesh();
        if outline != Stroke::NONE {
            lines.reserve_vertices(visible.len() * 14);
            lines.reserve_triangles(visible.len() * 7);
        }
        for &h in visible {
            let fill = if !show_usable {
                pal.neutral
            } else if coverage.is_usable(h) {
                pal.usable
            } else {
                pal.unusable
            };
            let pts = self.corners(h);
            add_convex(&mut mesh, &pts, fill);
            if outline != Stroke::NONE {
                // Every edge is shared: draw three per hex, the other three
                // come with the neighbours (and the border's own below).
                for i in 0..3 {
                    add_line(&mut lines, pts[i], pts[i + 1], outline);
                }
                let layout = coverage.layout();
                let (world, c) = (layout.corners(h), layout.center(h));
                for i in 3..6 {
                    let j = (i + 1) % 6;
                    let across = layout.hex_at(Point::new(
                        world[i].x + world[j].x - c.x,
                        world[i].y + world[j].y - c.y,
                    ));
                    if !coverage.in_grid(across) {
                        add_line(&mut lines, pts[i], pts[j], outline);
                    }
                }
            }
        }
        self.painter.add(mesh);
        if !lines.is_empty() {
            self.painter.add(lines);
        }
    }

    fn terrain(&self) {
        let vis = self.view.visible(self.rect);
        let px = self.hex_px();
        let shown: Vec<_> = self
            .doc()
            .pieces()
            .iter()
            .filter(|p| !p.eraser && p.bbox.overlaps(vis))
            .collect();
        let traps: usize = shown.iter().map(|p| p.visible.trapezoids.len()).sum();
        let segments: usize = shown
            .iter()
            .flat_map(|p| &p.visible.outline)
            .map(Vec::len)
            .sum();
        let mut mesh = self.mesh();
        mesh.reserve_vertices(traps * 4);
        mesh.reserve_triangles(traps * 2);
        let mut outlines = self.mesh();
        outlines.reserve_vertices(segments * 4);
        outlines.reserve_triangles(segments * 2);
        for piece in shown {
            let fill = self.palette().terrain_fill(piece.kind);
            tessellate::add_to_mesh(&mut mesh, &piece.visible.trapezoids, fill, |x, y| {
                self.screen(Point::new(x, y))
            });
            let stroke = Stroke::new(
                (px * 0.05).clamp(0.8, 1.6),
                self.palette().terrain_line(piece.kind),
            );
            for line in &piece.visible.outline {
                // Points closer than a screen point to the last one drawn add
                // nothing visible: skip them (the end point is always kept).
                let mut last: Option<Pos2> = None;
                for (k, &(x, y)) in line.iter().enumerate() {
                    let p = self.screen(Point::new(x, y));
                    match last {
                        None => last = Some(p),
                        Some(a) => {
                            if (p - a).length_sq() >= 1.0 || k + 1 == line.len() {
                                add_line(&mut outlines, a, p, stroke);
                                last = Some(p);
                            }
                        }
                    }
                }
            }
        }
        self.painter.add(mesh);
        self.painter.add(outlines);
    }

    fn hatching(&self, visible: &[Hex]) {
        let px = self.hex_px();
        // Below this the lines would run together; the dark fill shows alone.
        if px < HATCH_MIN_PX {
            return;
        }
        let coverage = self.doc().board().coverage();
        let spacing = (px * 0.22).clamp(4.0, 9.0);
        let stroke = Stroke::new((px * 0.035).clamp(0.7, 1.3), self.palette().hatch);
        let mut mesh = self.mesh();
        for &h in visible.iter().filter(|&&h| !coverage.is_usable(h)) {
            let pts = self.inset_corners(h, 0.5);
            hatch_segments(&pts, spacing, |[a, b]| add_line(&mut mesh, a, b, stroke));
        }
        self.painter.add(mesh);
    }

    fn region(&self) {
        let stroke = Stroke::new(1.2, self.palette().region_line);
        for ring in &self.doc().region().rings {
            let mut pts: Vec<Pos2> = ring.points.iter().map(|&p| self.screen(p)).collect();
            if let Some(&first) = pts.first() {
                pts.push(first);
            }
            self.painter
                .extend(Shape::dashed_line(&pts, stroke, 6.0, 4.0));
        }
    }

    fn zones(&self) {
        let doc = self.doc();
        let px = self.hex_px();
        let width = (px * 0.12).clamp(1.5, 3.5);
        let layout = doc.board().coverage().layout();
        // Zone hexes may lie outside the grid in a broken map: draw every zone hex.
        let seen = self.on_screen();
        for zone in &doc.map().zones {
            let side: Side = zone.side;
            let fill = self.palette().zone_fill(side);
            let color = theme::side_color(side);
            for &h in zone.hexes.iter().filter(|&&h| seen(h)) {
                let c = layout.center(h);
                self.painter.add(PathShape::convex_polygon(
                    self.corners(h).to_vec(),
                    fill,
                    Stroke::NONE,
                ));
                // Outline only the zone's border: edges whose neighbour is not in this zone.
                let inner = self.inset_corners(h, width * 0.5 + 0.5);
                let world = layout.corners(h);
                for i in 0..6 {
                    let j = (i + 1) % 6;
                    let mid = Point::new(
                        f64::midpoint(world[i].x, world[j].x),
                        f64::midpoint(world[i].y, world[j].y),
                    );
                    let across = layout.hex_at(Point::new(2.0 * mid.x - c.x, 2.0 * mid.y - c.y));
                    if !doc.zones_at(across).contains(&side) {
                        self.painter
                            .line_segment([inner[i], inner[j]], Stroke::new(width, color));
                    }
                }
            }
        }
    }

    fn features(&self) {
        let px = self.hex_px();
        let seen = self.on_screen();
        for f in self.doc().map().features.iter().filter(|f| seen(f.hex)) {
            let c = self.doc().hex_center(f.hex);
            let pos = self.screen(c);
            if px < 5.0 {
                let color = f
                    .kind
                    .side()
                    .map_or(self.palette().hover, theme::side_color);
                self.painter.circle_filled(pos, px.max(1.5), color);
            } else {
                let big = matches!(f.kind, FeatureKind::Base { .. });
                self.painter.extend(glyphs::feature(
                    pos,
                    px * if big { 0.68 } else { 0.56 },
                    f.kind,
                    self.palette(),
                ));
            }
        }
    }

    /// The hexes with findings, with their worst severity, outermost first
    /// so errors are drawn over warnings.
    fn findings_by_hex(&self) -> Vec<(Hex, Severity)> {
        let doc = self.doc();
        let mut v: Vec<(Hex, Severity)> = doc
            .hexes_with_findings()
            .filter_map(|h| doc.worst_at(h).map(|s| (h, s)))
            .collect();
        v.sort_by_key(|&(h, s)| (std::cmp::Reverse(s), h.y, h.x));
        v
    }

    fn marker_outlines(&self) {
        for (h, severity) in self.findings_by_hex() {
            let color = theme::severity_color(severity);
            let pts = self.inset_corners(h, 1.5).to_vec();
            if severity == Severity::Warning {
                // Yellow needs a dark edge to read on light backgrounds.
                self.painter.add(Shape::closed_line(
                    pts.clone(),
                    Stroke::new(3.5, self.palette().glyph_outline),
                ));
            }
            self.painter
                .add(Shape::closed_line(pts, Stroke::new(2.0, color)));
        }
    }

    fn marker_badges(&self) {
        let px = self.hex_px();
        for (h, severity) in self.findings_by_hex() {
            let c = self.screen(self.doc().hex_center(h));
            let r = (px * 0.24).clamp(5.0, 11.0);
            self.painter.extend(glyphs::marker(
                c + Vec2::new(0.52, -0.5) * px,
                r,
                severity,
                self.palette(),
            ));
        }
    }

    fn coordinates(&self, visible: &[Hex]) {
        let px = self.hex_px();
        if px < 20.0 {
            return;
        }
        let font = FontId::proportional((px * 0.26).clamp(9.0, 14.0));
        let color = self.palette().coord_text;
        for &h in visible {
            let c = self.screen(self.doc().hex_center(h));
            let pos = c + Vec2::new(0.0, px * 0.68);
            self.painter.text(
                pos,
                Align2::CENTER_CENTER,
                format!("{},{}", h.x, h.y),
                font.clone(),
                color,
            );
        }
    }

    fn symmetry_breaks(&self) {
        let px = self.hex_px();
        let stroke = Stroke::new((px * 0.08).clamp(1.2, 2.5), theme::SYMMETRY_BREAK);
        let seen = self.on_screen();
        for &h in self.params.breaks.iter().filter(|&&h| seen(h)) {
            let mut pts = self.inset_corners(h, 3.0).to_vec();
            pts.push(pts[0]);
            self.painter
                .extend(Shape::dashed_line(&pts, stroke, 4.0, 3.0));
        }
        // The point the symmetry turns or mirrors about: a ringed cross.
        if !self.params.symmetry.is_off() {
            let c = self.screen(self.params.symmetry.centre.point(self.doc().map()));
            let r = (px * 0.3).clamp(4.0, 12.0);
            self.painter.circle_stroke(c, r, stroke);
            self.painter
                .line_segment([c - egui::vec2(r, 0.0), c + egui::vec2(r, 0.0)], stroke);
            self.painter
                .line_segment([c - egui::vec2(0.0, r), c + egui::vec2(0.0, r)], stroke);
        }
    }

    fn mark_circle(&self, center: Point, radius: f64, erase: bool, line: Color32) {
        let c = self.screen(center);
        let r = (radius * self.view.scale()) as f32;
        if r < 1.0 {
            self.painter.circle_filled(c, 3.0, line);
            return;
        }
        let stroke = Stroke::new(1.5, line);
        if erase {
            let pts: Vec<Pos2> = (0..=48)
                .map(|i| {
                    let a = i as f32 / 48.0 * std::f32::consts::TAU;
                    c + Vec2::new(a.cos(), a.sin()) * r
                })
                .collect();
            self.painter
                .extend(Shape::dashed_line(&pts, stroke, 5.0, 4.0));
        } else {
            self.painter.circle_stroke(c, r, stroke);
        }
    }

    fn mark_hex(&self, hex: Hex, side: Option<Side>, remove: bool) {
        let color = side.map_or(theme::ERROR, theme::side_color);
        let pts = self.inset_corners(hex, 1.5).to_vec();
        let fill = color.gamma_multiply(if remove { 0.15 } else { 0.35 });
        self.painter
            .add(PathShape::convex_polygon(pts.clone(), fill, Stroke::NONE));
        self.painter
            .add(Shape::closed_line(pts, Stroke::new(2.0, color)));
        if remove {
            let c = self.screen(self.doc().hex_center(hex));
            let d = self.hex_px() * 0.3;
            let s = Stroke::new(2.0, color);
            self.painter
                .line_segment([c - Vec2::splat(d), c + Vec2::splat(d)], s);
            self.painter
                .line_segment([c + Vec2::new(-d, d), c + Vec2::new(d, -d)], s);
        }
    }

    /// A suggested move: an arrow from `from` to `to`, numbered where the
    /// feature would go; the shown proposal also gets a ghost of the
    /// feature there.
    fn mark_move(&self, from: Hex, to: Hex, kind: FeatureKind, number: usize, chosen: bool) {
        let pal = self.palette();
        let (a, b) = (
            self.screen(self.doc().hex_center(from)),
            self.screen(self.doc().hex_center(to)),
        );
        let px = self.hex_px().max(6.0);
        let color = if chosen {
            theme::SELECTION
        } else {
            theme::SELECTION.gamma_multiply(0.45)
        };
        let stroke = Stroke::new(if chosen { 3.0 } else { 1.5 }, color);
        let dir = (b - a).normalized();
        // The arrow stops at the ghost's edge.
        let tip = b - dir * px * 0.75;
        self.painter.line_segment([a, tip], stroke);
        let side = Vec2::new(-dir.y, dir.x) * px * 0.3;
        let back = tip - dir * px * 0.45;
        self.painter.add(PathShape::convex_polygon(
            vec![tip, back + side, back - side],
            color,
            Stroke::NONE,
        ));
        if chosen {
            self.painter
                .circle_filled(b, px * 0.7, pal.background.gamma_multiply(0.5));
            self.painter
                .extend(glyphs::feature(b, px * 0.56, kind, pal));
            self.painter
                .circle_stroke(b, px * 0.75, Stroke::new(2.0, theme::SELECTION));
        }
        // The number where the feature would go: beside the ghost for the
        // shown proposal, on the hex itself for the others.
        let at = if chosen {
            b + Vec2::new(px * 0.75, -px * 0.75)
        } else {
            b
        };
        let font = egui::FontId::proportional((px * 0.7).clamp(11.0, 18.0));
        let galley = self
            .painter
            .layout_no_wrap(number.to_string(), font, Color32::WHITE);
        let r = Rect::from_center_size(at, galley.size() + Vec2::new(4.0, 0.0));
        self.painter.rect_filled(r, 3.0, color);
        self.painter
            .galley(r.center() - galley.size() / 2.0, galley, Color32::WHITE);
    }

    fn marks(&self) {
        let pal = self.palette();
        let line = if pal.dark {
            Color32::WHITE
        } else {
            Color32::BLACK
        };
        for mark in self.params.marks {
            match mark {
                Mark::Circle {
                    center,
                    radius,
                    erase,
                } => self.mark_circle(*center, *radius, *erase, line),
                Mark::Polyline { points, closed } => {
                    let pts: Vec<Pos2> = points.iter().map(|&p| self.screen(p)).collect();
                    let stroke = Stroke::new(2.0, theme::SELECTION);
                    if *closed {
                        self.painter.add(Shape::closed_line(pts.clone(), stroke));
                    } else {
                        self.painter.add(Shape::line(pts.clone(), stroke));
                    }
                    for p in pts {
                        self.painter.circle_filled(p, 3.5, theme::SELECTION);
                    }
                }
                Mark::Hex { hex, side, remove } => self.mark_hex(*hex, *side, *remove),
                Mark::Selected(hex) => {
                    let pts = self.inset_corners(*hex, 1.0).to_vec();
                    let fill = theme::SELECTION.gamma_multiply(0.3);
                    self.painter
                        .add(PathShape::convex_polygon(pts.clone(), fill, Stroke::NONE));
                    self.painter
                        .add(Shape::closed_line(pts, Stroke::new(1.5, theme::SELECTION)));
                }
                Mark::Handle { at, selected } => {
                    let c = self.screen(*at);
                    let size = if *selected { 11.0 } else { 8.0 };
                    let r = Rect::from_center_size(c, Vec2::splat(size));
                    self.painter.rect(
                        r,
                        1.0,
                        if *selected {
                            theme::SELECTION
                        } else {
                            pal.background
                        },
                        Stroke::new(1.5, line),
                        egui::StrokeKind::Middle,
                    );
                }
                Mark::Feature { hex, kind } => {
                    let pos = self.screen(self.doc().hex_center(*hex));
                    let px = self.hex_px().max(6.0);
                    self.painter
                        .circle_filled(pos, px * 0.7, pal.background.gamma_multiply(0.5));
                    self.painter
                        .extend(glyphs::feature(pos, px * 0.56, *kind, pal));
                }
                Mark::Move {
                    from,
                    to,
                    kind,
                    number,
                    chosen,
                } => self.mark_move(*from, *to, *kind, *number, *chosen),
                Mark::Piece { index, offset } => {
                    let Some(piece) = self.doc().pieces().get(*index) else {
                        continue;
                    };
                    let stroke = Stroke::new(2.5, theme::SELECTION);
                    for ring in &piece.prepared.rings {
                        let mut pts: Vec<Pos2> = ring
                            .points
                            .iter()
                            .map(|&p| self.screen(p + *offset))
                            .collect();
                        if let Some(&first) = pts.first() {
                            pts.push(first);
                        }
                        self.painter.add(Shape::line(pts, stroke));
                    }
                }
            }
        }
    }

    /// The selected hex: a neutral outline (the palette's foreground on a
    /// halo of its background), never a side's colour, and no fill, so the
    /// zone or overlay under it stays visible.
    fn selection(&self, hex: Hex) {
        let pal = self.palette();
        let halo = if pal.dark {
            Color32::from_black_alpha(200)
        } else {
            Color32::from_white_alpha(220)
        };
        let pts = self.inset_corners(hex, 2.5).to_vec();
        self.painter
            .add(Shape::closed_line(pts.clone(), Stroke::new(7.0, halo)));
        self.painter
            .add(Shape::closed_line(pts, Stroke::new(3.5, pal.hover)));
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
