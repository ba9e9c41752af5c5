//! What is drawn over the layers every frame: the tools' marks (brush
//! circles, hex marks, the moves *Suggest fixes* proposes) and the selected
//! hex.

use super::Paint;
use super::theme;
use crate::edit::editing::Mark;
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
        let font = egui::FontId::proportional((px * 0.7).clamp(11.0, 18.0));
        let galley = self
            .painter
            .layout_no_wrap(number.to_string(), font, Color32::WHITE);
        let r = Rect::from_center_size(at, galley.size() + Vec2::new(4.0, 0.0));
        self.painter.rect_filled(r, 3.0, color);
        self.painter
            .galley(r.center() - galley.size() / 2.0, galley, Color32::WHITE);
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
