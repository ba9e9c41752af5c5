//! The frame of a generated map: its area, a grid region with a ragged
//! rim, the symmetry's images, and each side's home (its *anchor*).
//!
//! The rim is a star-shaped polygon about the area's centre (hex `(0, 0)`):
//! a base shape — a wide rounded rectangle for two players, a disc for
//! three, a rounded square for four — times `1 + noise(θ)`, where the noise
//! is averaged over the symmetry's motions so that the rim is as symmetric
//! as the map. It is scaled so that the grid holds about the hexes asked
//! for (or fills the area asked for).

use super::{HEX_SIZE, Params, Size};
use crate::geom::Point;
use crate::layout::HexLayout;
use crate::map::{Map, Polygon};
use crate::player::PlayerId;
use crate::symmetry::{Centre, Image, Mode, Symmetry};
use crate::transform::Axis;
use rand::Rng;
use std::f64::consts::{PI, TAU};

/// Corners of the rim (a multiple of 12, so that every motion of every
/// symmetry maps the corners' angles onto each other).
const RIM_CORNERS: usize = 96;

/// How far from the centre each side's home lies, as a share of the rim's
/// distance in its direction.
const HOME_REACH: f64 = 0.72;

/// Hexes of size [`HEX_SIZE`] in a `width` × `height` area, about.
pub(super) fn hexes_in_area(width: f64, height: f64) -> f64 {
    let layout = HexLayout::new(crate::layout::Orientation::Flat, HEX_SIZE, Point::default());
    (width - 2.0 * HEX_SIZE).max(0.0) * (height - 2.0 * HEX_SIZE).max(0.0) / layout.hex_area()
        * 0.85
}

/// The frame of a map under construction.
pub(super) struct Frame {
    /// The map with its area, grid region and players; no terrain,
    /// features or zones yet.
    pub map: Map,
    /// The symmetry's images (none for an asymmetric map).
    pub images: Vec<Image>,
    /// Each side's home, in world coordinates.
    pub anchors: Vec<Point>,
    /// The centre of the area (of hex `(0, 0)`).
    pub centre: Point,
    /// The rim's mean distance from the centre.
    pub radius: f64,
}

impl Frame {
    /// The frame for `params` (checked), its rim drawn from `rng`.
    pub fn new(params: &Params, rng: &mut impl Rng) -> Self {
        let players = usize::from(params.players);
        let rim = Rim::new(params, rng);
        let unit = |t: f64| rim.at(t);
        let angles: Vec<f64> = (0..RIM_CORNERS)
            .map(|i| TAU * i as f64 / RIM_CORNERS as f64)
            .collect();
        let radii: Vec<f64> = angles.iter().map(|&t| unit(t)).collect();
        let (max_x, max_y) = angles
            .iter()
            .zip(&radii)
            .fold((0.0f64, 0.0f64), |(mx, my), (&t, &r)| {
                (mx.max((r * t.cos()).abs()), my.max((r * t.sin()).abs()))
            });
        let unit_area = 0.5
            * angles
                .iter()
                .zip(&radii)
                .map(|(_, r)| r * r * (TAU / RIM_CORNERS as f64).sin())
                .sum::<f64>();
        let layout = HexLayout::new(params.orientation, HEX_SIZE, Point::default());
        let scale = match params.size {
            Size::Hexes(h) => (f64::from(h) * layout.hex_area() / unit_area).sqrt(),
            Size::Area { width, height } => {
                ((width / 2.0 - HEX_SIZE) / max_x).min((height / 2.0 - HEX_SIZE) / max_y)
            }
        };
        let (width, height) = match params.size {
            Size::Hexes(_) => (
                quarter(2.0 * (scale * max_x + HEX_SIZE)),
                quarter(2.0 * (scale * max_y + HEX_SIZE)),
            ),
            Size::Area { width, height } => (width, height),
        };
        let mut map = Map::new_empty("Generated", params.orientation, HEX_SIZE, width, height)
            .unwrap_or_else(|e| unreachable!("a checked size makes an area: {e}"));
        map.players = params.players;
        let centre = map.area.center();
        let rim: Vec<Point> = angles
            .iter()
            .zip(&radii)
            .map(|(&t, &r)| {
                Point::new(
                    centre.x + scale * r * t.cos(),
                    centre.y + scale * r * t.sin(),
                )
            })
            .collect();
        map.grid = Polygon::new(rim).unwrap_or_else(|e| unreachable!("the rim is a polygon: {e}"));
        let images = Symmetry::new(params.symmetry, Centre::Hex).images(&map);
        let home = |t: f64| {
            let r = scale * unit(t) * HOME_REACH;
            Point::new(centre.x + r * t.cos(), centre.y + r * t.sin())
        };
        let first = home(home_angle(players, params.symmetry, 0));
        let anchors = (0..players)
            .map(|s| {
                if s == 0 {
                    return first;
                }
                images
                    .iter()
                    .find(|i| i.side(PlayerId(0)) == PlayerId(s as u8))
                    .map_or_else(
                        || home(home_angle(players, params.symmetry, s)),
                        |i| i.point(first),
                    )
            })
            .collect();
        let radius = scale * radii.iter().sum::<f64>() / radii.len() as f64;
        Self {
            map,
            images,
            anchors,
            centre,
            radius,
        }
    }

    /// Whether `p` lies strictly nearer side `side`'s home than any other.
    pub fn strictly_in(&self, side: usize, p: Point) -> bool {
        let d = self.anchors[side].distance(p);
        self.anchors
            .iter()
            .enumerate()
            .all(|(s, a)| s == side || a.distance(p) > d + 1e-6 * self.radius)
    }
}

/// The rim's distance from the centre in each direction, before scaling:
/// the base shape times `1 + noise`, the noise averaged over the
/// symmetry's motions.
struct Rim {
    shape: (f64, f64, f64),
    motions: Vec<AngleMotion>,
    terms: Vec<(f64, f64, f64)>,
    amplitude: f64,
}

impl Rim {
    fn new(params: &Params, rng: &mut impl Rng) -> Self {
        let terms = (1..=6)
            .map(|k| {
                let a = rng.random_range(-1.0..1.0) / f64::from(k);
                (f64::from(k), a, rng.random_range(0.0..TAU))
            })
            .collect();
        Self {
            shape: base_shape(usize::from(params.players), params.symmetry),
            motions: angle_motions(params.symmetry),
            terms,
            amplitude: match params.style {
                super::Style::Islands => 0.14,
                _ => 0.07,
            },
        }
    }

    /// The distance in direction `t`.
    fn at(&self, t: f64) -> f64 {
        let sum: f64 = self
            .motions
            .iter()
            .map(|m| {
                let u = m(t);
                self.terms
                    .iter()
                    .map(|(k, a, p)| a * (k * u + p).cos())
                    .sum::<f64>()
            })
            .sum();
        let noise = self.amplitude * sum / self.motions.len() as f64;
        let (ax, ay, power) = self.shape;
        let (c, s) = (t.cos().abs() / ax, t.sin().abs() / ay);
        (c.powf(power) + s.powf(power)).powf(-1.0 / power) * (1.0 + noise)
    }
}

/// Rounds to a quarter, so that sizes print short.
fn quarter(v: f64) -> f64 {
    (v * 4.0).ceil() / 4.0
}

/// The base shape: half-width, half-height and the superellipse power.
fn base_shape(players: usize, mode: Mode) -> (f64, f64, f64) {
    match (players, mode) {
        (2, Mode::Mirror(Axis::Horizontal)) => (1.0, 1.45, 4.0),
        (2, _) => (1.45, 1.0, 4.0),
        (3, _) => (1.0, 1.0, 2.0),
        _ => (1.0, 1.0, 3.0),
    }
}

/// The direction of side `side`'s home (world angles: `y` grows
/// downwards, so angles grow clockwise on screen).
fn home_angle(players: usize, mode: Mode, side: usize) -> f64 {
    match (players, mode) {
        (2, Mode::Mirror(Axis::Horizontal)) => [-PI / 2.0, PI / 2.0][side],
        (2, _) => [PI, 0.0][side],
        (3, _) => -PI / 2.0 + TAU / 3.0 * side as f64,
        // Reading order: north-west, north-east, south-west, south-east.
        _ => [-0.75 * PI, -0.25 * PI, 0.75 * PI, 0.25 * PI][side],
    }
}

/// An angle's images under a symmetry's motions (the identity first).
type AngleMotion = fn(f64) -> f64;

/// The motions of `mode` acting on directions.
fn angle_motions(mode: Mode) -> Vec<AngleMotion> {
    let id: AngleMotion = |t| t;
    match mode {
        Mode::Off => vec![id],
        Mode::Point => vec![id, |t| t + PI],
        Mode::Mirror(Axis::Vertical) => vec![id, |t| PI - t],
        Mode::Mirror(Axis::Horizontal) => vec![id, |t| -t],
        Mode::Turn3 => vec![id, |t| t + TAU / 3.0, |t| t + 2.0 * TAU / 3.0],
        Mode::Mirror4 => vec![id, |t| PI - t, |t| -t, |t| t + PI],
    }
}
