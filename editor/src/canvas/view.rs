//! The camera: how world coordinates (map units, `y` down) map to screen
//! points on the canvas, and how the user moves it (pan, zoom about the
//! cursor, fit to the map, centre on a hex).
//!
//! The transform is `screen = rect.center + (world − center) × scale`, kept in
//! `f64` so large maps stay exact; only the final screen point is `f32`.

use egui::{Pos2, Rect, Vec2};
use hexwright_engine::geom::{Bbox, Point};

/// Zoom factor of one `+`/`-` key press or zoom button click.
pub const ZOOM_STEP: f64 = 1.25;

/// The camera of the map canvas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    center: Point,
    scale: f64,
    min_scale: f64,
    max_scale: f64,
}

impl Default for View {
    fn default() -> Self {
        Self {
            center: Point::default(),
            scale: 1.0,
            min_scale: 1.0e-4,
            max_scale: 1.0e4,
        }
    }
}

impl View {
    /// The world point at the centre of the canvas.
    #[must_use]
    pub fn center(&self) -> Point {
        self.center
    }

    /// Screen points per world unit.
    #[must_use]
    pub fn scale(&self) -> f64 {
        self.scale
    }

    /// Screen position of the world point `p` on a canvas occupying `rect`.
    #[must_use]
    pub fn to_screen(self, rect: Rect, p: Point) -> Pos2 {
        let c = rect.center();
        Pos2::new(
            (f64::from(c.x) + (p.x - self.center.x) * self.scale) as f32,
            (f64::from(c.y) + (p.y - self.center.y) * self.scale) as f32,
        )
    }

    /// World position of the screen point `pos` on a canvas occupying `rect`.
    #[must_use]
    pub fn to_world(self, rect: Rect, pos: Pos2) -> Point {
        let c = rect.center();
        Point::new(
            self.center.x + f64::from(pos.x - c.x) / self.scale,
            self.center.y + f64::from(pos.y - c.y) / self.scale,
        )
    }

    /// The world box visible on a canvas occupying `rect`.
    #[must_use]
    pub fn visible(&self, rect: Rect) -> Bbox {
        Bbox {
            min: self.to_world(rect, rect.min),
            max: self.to_world(rect, rect.max),
        }
    }

    /// Sets the zoom range: from a quarter of the scale that fits `map` into
    /// `rect`, up to `max_hex_px` screen points per hex radius of `hex_size`.
    pub fn set_limits(&mut self, rect: Rect, map: Bbox, hex_size: f64, max_hex_px: f64) {
        let fit = fit_scale(rect, map, 0.0);
        self.min_scale = (fit * 0.25).max(1.0e-6);
        self.max_scale = (max_hex_px / hex_size.max(1.0e-6)).max(self.min_scale * 4.0);
        self.scale = self.scale.clamp(self.min_scale, self.max_scale);
    }

    /// Moves the content by `delta` screen points (a drag).
    pub fn pan(&mut self, delta: Vec2) {
        self.center.x -= f64::from(delta.x) / self.scale;
        self.center.y -= f64::from(delta.y) / self.scale;
    }

    /// Zooms by `factor` (> 1 zooms in) keeping the world point under the
    /// screen point `anchor` where it is.
    pub fn zoom_at(&mut self, rect: Rect, factor: f64, anchor: Pos2) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let before = self.to_world(rect, anchor);
        self.scale = (self.scale * factor).clamp(self.min_scale, self.max_scale);
        let after = self.to_world(rect, anchor);
        self.center.x += before.x - after.x;
        self.center.y += before.y - after.y;
    }

    /// Shows all of `bbox` centred in `rect` with `margin` screen points
    /// around it.
    pub fn fit(&mut self, rect: Rect, bbox: Bbox, margin: f32) {
        if bbox.is_empty() {
            return;
        }
        self.scale = fit_scale(rect, bbox, margin).clamp(self.min_scale, self.max_scale);
        self.center = Point::new(
            f64::midpoint(bbox.min.x, bbox.max.x),
            f64::midpoint(bbox.min.y, bbox.max.y),
        );
    }

    /// Puts the world point `p` at the centre of the canvas.
    pub fn center_on(&mut self, p: Point) {
        self.center = p;
    }

    /// Zooms in, if needed, until the scale is at least `scale`.
    pub fn zoom_to_at_least(&mut self, scale: f64) {
        self.scale = self.scale.max(scale).clamp(self.min_scale, self.max_scale);
    }
}

/// The scale that fits `bbox` into `rect` with `margin` on every side.
fn fit_scale(rect: Rect, bbox: Bbox, margin: f32) -> f64 {
    let w = f64::from((rect.width() - 2.0 * margin).max(1.0));
    let h = f64::from((rect.height() - 2.0 * margin).max(1.0));
    let bw = (bbox.max.x - bbox.min.x).max(1.0e-9);
    let bh = (bbox.max.y - bbox.min.y).max(1.0e-9);
    (w / bw).min(h / bh)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect() -> Rect {
        Rect::from_min_size(Pos2::new(100.0, 50.0), Vec2::new(800.0, 600.0))
    }

    fn map() -> Bbox {
        Bbox {
            min: Point::new(0.0, 0.0),
            max: Point::new(1000.0, 500.0),
        }
    }

    #[test]
    fn screen_and_world_round_trip() {
        let mut v = View::default();
        v.fit(rect(), map(), 20.0);
        let p = Point::new(123.0, 456.0);
        let back = v.to_world(rect(), v.to_screen(rect(), p));
        assert!(back.distance(p) < 1e-3, "{back:?}");
    }

    #[test]
    fn fit_shows_the_whole_map_centred() {
        let mut v = View::default();
        v.fit(rect(), map(), 20.0);
        let tl = v.to_screen(rect(), map().min);
        let br = v.to_screen(rect(), map().max);
        assert!(rect().shrink(19.9).contains(tl) && rect().shrink(19.9).contains(br));
        assert!((f32::midpoint(tl.x, br.x) - rect().center().x).abs() < 0.01);
        assert!(
            (br.x - tl.x - 760.0).abs() < 0.01,
            "width-limited fit fills the width"
        );
    }

    #[test]
    fn zoom_keeps_the_point_under_the_cursor() {
        let mut v = View::default();
        v.set_limits(rect(), map(), 10.0, 400.0);
        v.fit(rect(), map(), 0.0);
        let anchor = Pos2::new(300.0, 200.0);
        let before = v.to_world(rect(), anchor);
        v.zoom_at(rect(), 2.0, anchor);
        assert!(v.to_world(rect(), anchor).distance(before) < 1e-6);
        assert!((v.scale() - 1.6).abs() < 1e-9);
    }

    #[test]
    fn zoom_is_clamped() {
        let mut v = View::default();
        v.set_limits(rect(), map(), 10.0, 400.0);
        v.fit(rect(), map(), 0.0);
        for _ in 0..100 {
            v.zoom_at(rect(), 0.5, rect().center());
        }
        assert!((v.scale() - 0.2).abs() < 1e-9, "a quarter of the fit scale");
        for _ in 0..100 {
            v.zoom_at(rect(), 2.0, rect().center());
        }
        assert!((v.scale() - 40.0).abs() < 1e-9, "400 px per 10-unit hex");
        v.zoom_at(rect(), f64::NAN, rect().center());
        assert!((v.scale() - 40.0).abs() < 1e-9);
    }

    #[test]
    fn pan_moves_the_content_with_the_pointer() {
        let mut v = View::default();
        v.fit(rect(), map(), 0.0);
        let p = Point::new(500.0, 250.0);
        let before = v.to_screen(rect(), p);
        v.pan(Vec2::new(30.0, -10.0));
        let after = v.to_screen(rect(), p);
        assert!((after - before - Vec2::new(30.0, -10.0)).length() < 1e-3);
    }
}
