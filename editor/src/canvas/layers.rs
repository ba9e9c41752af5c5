//! The map's layers, drawn into a few large meshes: the grid area, hex fills,
//! terrain, hatching, the grid region, zones, features, findings' markers,
//! coordinates, symmetry breaks and the analysis overlay.

use super::theme;
use super::{HATCH_MIN_PX, Paint, add_convex, add_line, hatch_segments};
use egui::epaint::{PathShape, Shape, Stroke};
use egui::{Align2, FontId, Pos2, Rect, Vec2};
use hexwright_engine::Hex;
use hexwright_engine::geom::Point;
use hexwright_engine::map::{FeatureKind, Side};
use hexwright_engine::validate::Severity;
use hexwright_headless::draw::glyphs;
use hexwright_headless::draw::overlay;
use hexwright_headless::draw::tessellate;

impl Paint<'_> {
    /// The map's layers: everything but the selection, the hover and the
    /// cursor preview.
    pub(super) fn base(&self) {
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
    pub(super) fn overlay(&self, hovered: Option<Hex>) {
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
    pub(super) fn on_screen(&self) -> impl Fn(Hex) -> bool + '_ {
        let vis = self
            .view
            .visible(self.rect)
            .expand(self.doc().map().layout.hex_size.get());
        move |h| {
            let c = self.doc().hex_center(h);
            c.x >= vis.min.x && c.x <= vis.max.x && c.y >= vis.min.y && c.y <= vis.max.y
        }
    }

    pub(super) fn visible_hexes(&self) -> Vec<Hex> {
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
    pub(super) fn analysis(&self) {
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

    pub(super) fn area(&self) {
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

    pub(super) fn hexes(&self, visible: &[Hex]) {
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

    pub(super) fn terrain(&self) {
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

    pub(super) fn hatching(&self, visible: &[Hex]) {
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

    pub(super) fn region(&self) {
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

    pub(super) fn zones(&self) {
        let doc = self.doc();
        let px = self.hex_px();
        let width = (px * 0.12).clamp(1.5, 3.5);
        // Zone hexes may lie outside the grid in a broken map: draw every zone hex.
        let seen = self.on_screen();
        for zone in &doc.map().zones {
            let side: Side = zone.side;
            let fill = self.palette().zone_fill(side);
            let color = theme::side_color(side);
            for &h in zone.hexes.iter().filter(|&&h| seen(h)) {
                self.painter.add(PathShape::convex_polygon(
                    self.corners(h).to_vec(),
                    fill,
                    Stroke::NONE,
                ));
            }
            // Outline only the zone's border: edges whose neighbour is not in this zone.
            for edge in self.border_edges(&zone.hexes, width * 0.5 + 0.5) {
                self.painter.line_segment(edge, Stroke::new(width, color));
            }
        }
    }

    pub(super) fn features(&self) {
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
    pub(super) fn findings_by_hex(&self) -> Vec<(Hex, Severity)> {
        let doc = self.doc();
        let mut v: Vec<(Hex, Severity)> = doc
            .hexes_with_findings()
            .filter_map(|h| doc.worst_at(h).map(|s| (h, s)))
            .collect();
        v.sort_by_key(|&(h, s)| (std::cmp::Reverse(s), h.y, h.x));
        v
    }

    pub(super) fn marker_outlines(&self) {
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

    pub(super) fn marker_badges(&self) {
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

    pub(super) fn coordinates(&self, visible: &[Hex]) {
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

    pub(super) fn symmetry_breaks(&self) {
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
}
