//! What is drawn over the layers every frame: the tools' marks (brush
//! circles, hex marks, the moves *Suggest fixes* proposes) and the selected
//! hex.

use super::Paint;
use super::theme;
use crate::edit::editing::{EditMark, Mark, middle};
use egui::epaint::{PathShape, Shape, Stroke};
use egui::{Color32, Pos2, Rect, Vec2};
use hexwright_engine::Hex;
use hexwright_engine::geom::Point;
use hexwright_engine::map::{FeatureKind, Side};
use hexwright_headless::draw::glyphs;

impl Paint<'_> {
    pub(super) fn mark_circle(&self, center: Point, radius: f64, erase: bool, line: Color32) {
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

    pub(super) fn mark_hex(&self, hex: Hex, side: Option<Side>, remove: bool) {
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
    pub(super) fn mark_move(
        &self,
        from: Hex,
        to: Hex,
        kind: FeatureKind,
        number: usize,
        chosen: bool,
    ) {
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
        self.badge(at, number, color);
    }

    /// A step's number on a small tag of `color`, centred on `at`.
    fn badge(&self, at: Pos2, number: usize, color: Color32) {
        let px = self.hex_px().max(6.0);
        let font = egui::FontId::proportional((px * 0.7).clamp(11.0, 18.0));
        let galley = self
            .painter
            .layout_no_wrap(number.to_string(), font, Color32::WHITE);
        let r = Rect::from_center_size(at, galley.size() + Vec2::new(4.0, 0.0));
        self.painter.rect_filled(r, 3.0, color);
        self.painter
            .galley(r.center() - galley.size() / 2.0, galley, Color32::WHITE);
    }

    /// The edges of `hexes` with no neighbour in the set, on screen, each
    /// pulled `inset` points inside its hex.
    pub(super) fn border_edges(&self, hexes: &[Hex], inset: f32) -> Vec<[Pos2; 2]> {
        let layout = self.doc().board().coverage().layout();
        let set: std::collections::HashSet<Hex> = hexes.iter().copied().collect();
        let mut edges = Vec::new();
        for &h in hexes {
            let c = layout.center(h);
            let inner = self.inset_corners(h, inset);
            let world = layout.corners(h);
            for i in 0..6 {
                let j = (i + 1) % 6;
                let mid = Point::new(
                    f64::midpoint(world[i].x, world[j].x),
                    f64::midpoint(world[i].y, world[j].y),
                );
                let across = layout.hex_at(Point::new(2.0 * mid.x - c.x, 2.0 * mid.y - c.y));
                if !set.contains(&across) {
                    edges.push([inner[i], inner[j]]);
                }
            }
        }
        edges
    }

    /// An arrow from `a` to `b`, its head at `b`.
    fn arrow(&self, a: Pos2, b: Pos2, stroke: Stroke) {
        let px = self.hex_px().max(6.0);
        let dir = (b - a).normalized();
        self.painter.line_segment([a, b], stroke);
        let side = Vec2::new(-dir.y, dir.x) * px * 0.3;
        let back = b - dir * px * 0.45;
        self.painter.add(PathShape::convex_polygon(
            vec![b, back + side, back - side],
            stroke.color,
            Stroke::NONE,
        ));
    }

    /// A suggested edit other than a move, numbered by its step: a zone's
    /// outline before (dashed) and after (solid, in the marks' colour) with
    /// an arrow between their middles; a hex blocked or a bush cleared crossed out; a hex
    /// opened outlined with a plus; a bush planted as its ghost.
    pub(super) fn mark_edit(&self, edit: &EditMark, number: usize, chosen: bool) {
        let pal = self.palette();
        let px = self.hex_px().max(6.0);
        let color = if chosen {
            theme::SELECTION
        } else {
            theme::SELECTION.gamma_multiply(0.45)
        };
        let centre = |h: Hex| self.screen(self.doc().hex_center(h));
        match edit {
            EditMark::Zone {
                side: _,
                before,
                after,
            } => {
                // The zone layer draws the zone as it is, in its side's
                // colour: the zone it would become is in the marks' colour,
                // and where it is now dashed over it, so the two never read
                // as one long zone.
                let width = if chosen { 3.0 } else { 1.5 };
                let line = if pal.dark {
                    Color32::WHITE
                } else {
                    Color32::BLACK
                };
                for h in after {
                    let pts = self.inset_corners(*h, 1.0).to_vec();
                    self.painter.add(PathShape::convex_polygon(
                        pts,
                        color.gamma_multiply(if chosen { 0.35 } else { 0.15 }),
                        Stroke::NONE,
                    ));
                }
                for edge in self.border_edges(after, 1.0) {
                    self.painter
                        .line_segment(edge, Stroke::new(width + 1.0, color));
                }
                for [a, b] in self.border_edges(before, 3.0) {
                    self.painter.extend(Shape::dashed_line(
                        &[a, b],
                        Stroke::new(1.5, line),
                        4.0,
                        3.0,
                    ));
                }
                if let (Some(from), Some(to)) = (middle(before), middle(after))
                    && from != to
                {
                    let (a, b) = (centre(from), centre(to));
                    let dir = (b - a).normalized();
                    self.arrow(a, b - dir * px * 0.5, Stroke::new(width, color));
                }
            }
            EditMark::Block(h) | EditMark::RemoveBush(h) => self.mark_hex(*h, None, true),
            EditMark::Open(h) => {
                let pts = self.inset_corners(*h, 1.5).to_vec();
                self.painter
                    .add(Shape::closed_line(pts, Stroke::new(2.0, color)));
                let (c, d) = (centre(*h), px * 0.35);
                let s = Stroke::new(2.0, color);
                self.painter
                    .line_segment([c - Vec2::new(d, 0.0), c + Vec2::new(d, 0.0)], s);
                self.painter
                    .line_segment([c - Vec2::new(0.0, d), c + Vec2::new(0.0, d)], s);
            }
            EditMark::AddBush(h) => {
                let pos = centre(*h);
                self.painter
                    .circle_filled(pos, px * 0.7, pal.background.gamma_multiply(0.5));
                self.painter
                    .extend(glyphs::feature(pos, px * 0.56, FeatureKind::Bush, pal));
                self.painter
                    .circle_stroke(pos, px * 0.75, Stroke::new(2.0, color));
            }
        }
        if let Some(h) = edit.anchor() {
            self.badge(centre(h) + Vec2::new(px * 0.75, -px * 0.75), number, color);
        }
    }

    pub(super) fn marks(&self) {
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
                Mark::Edit {
                    edit,
                    number,
                    chosen,
                } => self.mark_edit(edit, *number, *chosen),
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
    pub(super) fn selection(&self, hex: Hex) {
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
