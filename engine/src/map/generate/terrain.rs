//! The terrain of a generated map, style by style.
//!
//! Terrain is laid in *motifs*: a piece together with its images under the
//! symmetry (a river and its turned copies, a rock and its mirror image),
//! so that a symmetric map is symmetric piece by piece and a repair can
//! take a motif out whole. Every piece keeps clear of each side's home, so
//! that a zone, a base and barracks fit there. Brush strokes carry what the
//! ways across are cut into — rivers, straits, ridges — so that eraser
//! strokes (fords, land bridges, passes) open them, as a designer would in
//! the editor.

use super::frame::Frame;
use super::{HEX_SIZE, Params, Style};
use crate::geom::Point;
use crate::map::TerrainKind::{Chasm, Forest, Rock, Water};
use crate::map::{Coord, HexList, Length, Path, Polygon, TerrainKind, TerrainPiece, TerrainShape};
use hexx::Hex;
use rand::Rng;
use std::f64::consts::{PI, TAU};

/// The distance between the centres of neighbouring hexes.
pub(super) const STEP: f64 = HEX_SIZE * 1.732_050_807_568_877_2;

/// How far every piece keeps from each side's home.
pub(super) const HOME_CLEAR: f64 = 3.4 * STEP;

/// How far every piece keeps from the centre when it holds an objective.
const CENTRE_CLEAR: f64 = 1.0 * STEP;

/// A piece with its images, laid and taken out together.
#[derive(Clone, Debug)]
pub(super) struct Motif {
    /// The pieces, in painting order.
    pub pieces: Vec<TerrainPiece>,
    /// Where each piece is (one point per piece), to find a piece's image
    /// among those already laid.
    keys: Vec<Point>,
}

/// The terrain laid so far, and the ways across it.
#[derive(Clone, Debug, Default)]
pub(super) struct Work {
    /// Every motif, in painting order.
    pub motifs: Vec<Motif>,
    /// The middle of each ford, pass and land bridge: where Outposts go.
    pub chokes: Vec<Point>,
}

impl Work {
    /// Every piece, in painting order.
    pub fn pieces(&self) -> Vec<TerrainPiece> {
        self.motifs
            .iter()
            .flat_map(|m| m.pieces.iter().cloned())
            .collect()
    }

    /// Whether a piece is already laid at `key` (as an image of another).
    fn has_key(&self, key: Point) -> bool {
        self.motifs
            .iter()
            .flat_map(|m| &m.keys)
            .any(|k| k.distance(key) < 1e-3 * STEP)
    }

    /// Lays `piece` (at `key`) and its images as one motif, each image
    /// once; nothing when the piece is already laid as another's image.
    pub fn lay(&mut self, frame: &Frame, kind: TerrainKind, shape: TerrainShape, key: Point) {
        if !self.has_key(key) {
            self.lay_again(frame, kind, shape, key);
        }
    }

    /// Lays `piece` (at `key`) and its images as one motif, even where a
    /// piece is laid already (a second cut along one way).
    pub fn lay_again(&mut self, frame: &Frame, kind: TerrainKind, shape: TerrainShape, key: Point) {
        let piece = TerrainPiece { kind, shape };
        let mut motif = Motif {
            pieces: vec![piece.clone()],
            keys: vec![key],
        };
        for image in &frame.images {
            let k = image.point(key);
            if motif.keys.iter().any(|o| o.distance(k) < 1e-3 * STEP) {
                continue;
            }
            if let Some(p) = image.piece(&piece) {
                motif.pieces.push(p);
                motif.keys.push(k);
            }
        }
        self.motifs.push(motif);
    }

    /// Covers each hex whole with its kind of terrain: one piece of whole
    /// hexes per kind, as its own motif (the hexes come with their images
    /// already, so the piece has none).
    pub fn fill(&mut self, hexes: &[(TerrainKind, Hex)]) {
        let mut kinds: Vec<TerrainKind> = Vec::new();
        for &(k, _) in hexes {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
        for kind in kinds {
            let list = hexes.iter().filter(|&&(k, _)| k == kind).map(|&(_, h)| h);
            let Ok(hexes) = HexList::new(list) else {
                continue;
            };
            self.motifs.push(Motif {
                pieces: vec![TerrainPiece {
                    kind,
                    shape: TerrainShape::Hexes { hexes },
                }],
                // Not a key any piece is laid at (keys are world points).
                keys: vec![Point::new(f64::INFINITY, f64::INFINITY)],
            });
        }
    }

    /// Records a choke at `p` and its images.
    fn choke(&mut self, frame: &Frame, p: Point) {
        for q in std::iter::once(p).chain(frame.images.iter().map(|i| i.point(p))) {
            if !self.chokes.iter().any(|c| c.distance(q) < 1e-3 * STEP) {
                self.chokes.push(q);
            }
        }
    }
}

/// Lays the terrain of `params.style` on `frame`.
pub(super) fn lay(frame: &Frame, params: &Params, rng: &mut impl Rng) -> Work {
    let mut work = Work::default();
    let keep = Keep::new(frame, params);
    match params.style {
        Style::OpenField => scatter(frame, &keep, &mut work, rng, 0.15),
        Style::Islands => {
            islands(frame, &keep, &mut work, rng);
            scatter(frame, &keep, &mut work, rng, 0.04);
        }
        Style::Rivers | Style::Passes => {
            let kind = if params.style == Style::Rivers {
                Water
            } else {
                Rock
            };
            if frame.anchors.len() == 2 {
                bands(frame, &keep, &mut work, rng, kind);
            } else {
                spokes(frame, &keep, &mut work, rng, kind);
            }
            scatter(frame, &keep, &mut work, rng, 0.06);
        }
    }
    work
}

/// The places terrain keeps clear of: each home, and the centre when it
/// holds an objective.
pub(super) struct Keep {
    spots: Vec<(Point, f64)>,
}

impl Keep {
    fn new(frame: &Frame, params: &Params) -> Self {
        let mut spots: Vec<(Point, f64)> = frame.anchors.iter().map(|&a| (a, HOME_CLEAR)).collect();
        if params.centre_objective {
            spots.push((frame.centre, CENTRE_CLEAR));
        }
        Self { spots }
    }

    /// Whether `shape` keeps clear of every spot.
    fn clear(&self, shape: &TerrainShape) -> bool {
        self.spots.iter().all(|&(p, d)| clearance(shape, p) > d)
    }

    /// The runs of the line `points` (a stroke of `radius`) that keep clear
    /// of every spot, each of at least two points: a barrier cut short
    /// where it would run into a home or the centre.
    fn clip(&self, points: &[Point], radius: f64) -> Vec<Vec<Point>> {
        let mut dense = Vec::new();
        for w in points.windows(2) {
            let n = (w[0].distance(w[1]) / (0.5 * STEP)).ceil().max(1.0) as u32;
            for i in 0..n {
                dense.push(w[0] + (w[1] - w[0]) * (f64::from(i) / f64::from(n)));
            }
        }
        dense.extend(points.last());
        let ok = |p: Point| {
            self.spots
                .iter()
                .all(|&(c, d)| c.distance(p) > d + radius + 0.5 * STEP)
        };
        let mut runs: Vec<Vec<Point>> = Vec::new();
        let mut run: Vec<Point> = Vec::new();
        for p in dense {
            if ok(p) {
                run.push(p);
            } else if !run.is_empty() {
                runs.push(std::mem::take(&mut run));
            }
        }
        runs.push(run);
        runs.retain(|r| r.len() >= 2);
        // Thin the runs back to about one point per two steps.
        runs.into_iter()
            .map(|r| {
                let last = r.len() - 1;
                r.into_iter()
                    .enumerate()
                    .filter(|(i, _)| i % 4 == 0 || *i == last)
                    .map(|(_, p)| p)
                    .collect()
            })
            .collect()
    }

    /// Lays the clear runs of a barrier along `points`.
    fn barrier(
        &self,
        frame: &Frame,
        work: &mut Work,
        kind: TerrainKind,
        radius: f64,
        points: &[Point],
    ) {
        for run in self.clip(points, radius) {
            let key = run[run.len() / 2];
            work.lay(frame, kind, stroke(radius, &run, false), key);
        }
    }
}

/// The distance from `p` to the region `shape` covers, about (negative
/// inside a polygon or circle).
pub(super) fn clearance(shape: &TerrainShape, p: Point) -> f64 {
    match shape {
        TerrainShape::Circle { center, radius } => center.0.distance(p) - radius.get(),
        TerrainShape::Polygon { points } => {
            let pts = points.points();
            if inside(pts, p) {
                return -1.0;
            }
            (0..pts.len())
                .map(|i| segment_distance(p, pts[i], pts[(i + 1) % pts.len()]))
                .fold(f64::INFINITY, f64::min)
        }
        TerrainShape::Stroke { radius, points, .. } => {
            let pts = points.points();
            let d = if pts.len() == 1 {
                pts[0].distance(p)
            } else {
                pts.windows(2)
                    .map(|w| segment_distance(p, w[0], w[1]))
                    .fold(f64::INFINITY, f64::min)
            };
            d - radius.get()
        }
        TerrainShape::Hexes { .. } => f64::INFINITY,
    }
}

/// Whether `p` lies inside the polygon `pts` (even-odd).
fn inside(pts: &[Point], p: Point) -> bool {
    let mut inside = false;
    let n = pts.len();
    for i in 0..n {
        let (a, b) = (pts[i], pts[(i + n - 1) % n]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
    }
    inside
}

/// The distance from `p` to the segment `a`–`b`.
pub(super) fn segment_distance(p: Point, a: Point, b: Point) -> f64 {
    let ab = b - a;
    let len2 = ab.x * ab.x + ab.y * ab.y;
    if len2 <= 0.0 {
        return p.distance(a);
    }
    let t = (((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / len2).clamp(0.0, 1.0);
    p.distance(a + ab * t)
}

/// A brush stroke of `radius` along `points`.
pub(super) fn stroke(radius: f64, points: &[Point], erase: bool) -> TerrainShape {
    TerrainShape::Stroke {
        radius: length(radius),
        points: Path::new(points.to_vec())
            .unwrap_or_else(|e| unreachable!("a generated stroke has 1 to a few points: {e}")),
        erase,
    }
}

fn circle(center: Point, radius: f64) -> TerrainShape {
    TerrainShape::Circle {
        center: Coord(center),
        radius: length(radius),
    }
}

fn length(v: f64) -> Length {
    Length::new(v.max(1.0)).unwrap_or_else(|| unreachable!("a generated length is in range"))
}

/// A point at `angle` and `distance` from `from`.
fn polar(from: Point, angle: f64, distance: f64) -> Point {
    Point::new(
        from.x + distance * angle.cos(),
        from.y + distance * angle.sin(),
    )
}

/// A random point within `reach` of the rim's mean radius about the centre.
fn somewhere(frame: &Frame, rng: &mut impl Rng, reach: f64) -> Point {
    let a = rng.random_range(0.0..TAU);
    let d = frame.radius * reach * rng.random_range(0.0f64..1.0).sqrt();
    polar(frame.centre, a, d)
}

/// Scatters rocks, woods, ponds and chasm cracks until they cover about
/// `share` of the map.
fn scatter(frame: &Frame, keep: &Keep, work: &mut Work, rng: &mut impl Rng, share: f64) {
    let target = share * PI * frame.radius * frame.radius;
    let copies = (frame.images.len() + 1) as f64;
    let mut covered = 0.0;
    let mut tries = 0;
    while covered < target && tries < 400 {
        tries += 1;
        let at = somewhere(frame, rng, 0.95);
        let (kind, shape, area) = match rng.random_range(0..10) {
            0..=3 => {
                let r = STEP * rng.random_range(0.6..1.5);
                let corners = rng.random_range(6..10);
                let turn = rng.random_range(0.0..TAU);
                let pts: Vec<Point> = (0..corners)
                    .map(|i| {
                        let a = turn + TAU * f64::from(i) / f64::from(corners);
                        polar(at, a, r * rng.random_range(0.6..1.0))
                    })
                    .collect();
                let shape = TerrainShape::Polygon {
                    points: Polygon::new(pts)
                        .unwrap_or_else(|e| unreachable!("a rock has 6 to 9 corners: {e}")),
                };
                (Rock, shape, 0.6 * PI * r * r)
            }
            4..=6 => {
                let r = STEP * rng.random_range(0.7..1.6);
                (Forest, circle(at, r), PI * r * r)
            }
            7 | 8 => {
                let r = STEP * rng.random_range(0.6..1.2);
                (Water, circle(at, r), PI * r * r)
            }
            _ => {
                let a = rng.random_range(0.0..TAU);
                let len = STEP * rng.random_range(1.5..3.5);
                let mid = polar(at, a + rng.random_range(-0.6..0.6), len / 2.0);
                let pts = [at, mid, polar(mid, a, len / 2.0)];
                let r = STEP * 0.4;
                (Chasm, stroke(r, &pts, false), 2.0 * r * len)
            }
        };
        if !keep.clear(&shape) || work.chokes.iter().any(|&c| clearance(&shape, c) < STEP) {
            continue;
        }
        work.lay(frame, kind, shape, at);
        covered += area * copies;
    }
}

/// A meandering line from `a` to `b`: `pieces` segments, each inner point
/// moved sideways by up to `wander` (none when `straight`).
fn meander(a: Point, b: Point, pieces: u32, wander: f64, rng: &mut impl Rng) -> Vec<Point> {
    let d = b - a;
    let len = a.distance(b).max(1e-9);
    let side = Point::new(-d.y / len, d.x / len);
    (0..=pieces)
        .map(|i| {
            let t = f64::from(i) / f64::from(pieces);
            let off = if i == 0 || i == pieces || wander == 0.0 {
                0.0
            } else {
                rng.random_range(-wander..wander)
            };
            a + d * t + side * off
        })
        .collect()
}

/// Whether `p` is fixed by some motion of the symmetry (it lies on a
/// mirror line, or is the centre of a turn).
fn fixed(frame: &Frame, p: Point) -> bool {
    frame
        .images
        .iter()
        .any(|i| i.point(p).distance(p) < 1e-3 * STEP)
}

/// A cut across a barrier (a river or a ridge) at `at` along the barrier's
/// direction `along`: an eraser stroke of `radius` across it.
fn cut(frame: &Frame, work: &mut Work, kind: TerrainKind, at: Point, along: f64, radius: f64) {
    let across = along + PI / 2.0;
    let pts = [
        polar(at, across, -1.8 * STEP),
        polar(at, across, 1.8 * STEP),
    ];
    work.lay(frame, kind, stroke(radius, &pts, true), at);
    work.choke(frame, at);
}

/// Two barriers across a two-player map, between the homes, each cut at
/// two places: rivers with fords, or ridges with passes.
fn bands(frame: &Frame, keep: &Keep, work: &mut Work, rng: &mut impl Rng, kind: TerrainKind) {
    let (a0, a1) = (frame.anchors[0], frame.anchors[1]);
    let axis = a1 - a0;
    let span = a0.distance(a1);
    let dir = axis.y.atan2(axis.x);
    let along = dir + PI / 2.0;
    let half = frame.radius * 1.6;
    let (width, cut_r) = barrier_widths(kind, rng);
    // Each barrier lies between its home's clearing and the centre's.
    let near = CENTRE_CLEAR + width + STEP;
    let room = (span / 2.0 - HOME_CLEAR - near - width - STEP).max(0.0);
    let mut barriers = Vec::new();
    for which in 0..2 {
        if which == 1 && !frame.images.is_empty() {
            break; // the second barrier is the first's image
        }
        let out = near + room * rng.random_range(0.2..0.8);
        let t = 0.5 - out / span.max(1.0);
        let mid = if which == 0 {
            a0 + axis * t
        } else {
            a1 - axis * t
        };
        let ends = (polar(mid, along, -half), polar(mid, along, half));
        let pts = meander(ends.0, ends.1, 10, 0.35 * STEP, rng);
        barriers.push((mid, pts));
    }
    for (_, pts) in &barriers {
        keep.barrier(frame, work, kind, width, pts);
    }
    for (mid, _) in barriers {
        let spread = rng.random_range(0.18..0.3) * span;
        for sign in [-1.0, 1.0] {
            let at = polar(mid, along, sign * spread);
            cut(frame, work, kind, at, along, cut_r);
        }
    }
}

/// The barrier's half-width and its cuts' radius.
///
/// A barrier must be wider than a hex in every direction (a hex is unusable
/// only when more than half of it is covered), so its half-width is at least
/// 0.8 of a step; a cut opens one to two hexes.
fn barrier_widths(kind: TerrainKind, rng: &mut impl Rng) -> (f64, f64) {
    match kind {
        Water => (STEP * rng.random_range(0.8..0.95), STEP * 0.9),
        _ => (STEP * rng.random_range(0.9..1.05), STEP * 0.8),
    }
}

/// Barriers from near the centre out past the rim between each two
/// neighbouring homes (three or four players), each cut once; the open
/// middle is the other way round.
fn spokes(frame: &Frame, keep: &Keep, work: &mut Work, rng: &mut impl Rng, kind: TerrainKind) {
    let c = frame.centre;
    let mut angles: Vec<f64> = frame
        .anchors
        .iter()
        .map(|a| (a.y - c.y).atan2(a.x - c.x))
        .collect();
    angles.sort_by(f64::total_cmp);
    let (width, cut_r) = barrier_widths(kind, rng);
    let inner = frame.radius * rng.random_range(0.22..0.3);
    let mut laid = Vec::new();
    for (i, &a) in angles.iter().enumerate() {
        let b = angles.get(i + 1).copied().unwrap_or(angles[0] + TAU);
        let mid = f64::midpoint(a, b);
        let start = polar(c, mid, inner);
        let end = polar(c, mid, frame.radius * 1.25);
        let key = polar(c, mid, frame.radius * 0.6);
        if work.has_key(key) {
            continue;
        }
        let wander = if fixed(frame, key) { 0.0 } else { 0.3 * STEP };
        let pts = meander(start, end, 8, wander, rng);
        keep.barrier(frame, work, kind, width, &pts);
        laid.push((mid, key));
    }
    for (mid, key) in laid {
        let at = if fixed(frame, key) {
            key
        } else {
            polar(c, mid, frame.radius * rng.random_range(0.5..0.7))
        };
        cut(frame, work, kind, at, mid, cut_r);
    }
}

/// Islands: a home island for each side, one in the centre and islets
/// between, parted by straits (water strokes along the borders between
/// islands) and joined by land bridges.
fn islands(frame: &Frame, keep: &Keep, work: &mut Work, rng: &mut impl Rng) {
    let c = frame.centre;
    let mut isles: Vec<Point> = frame.anchors.clone();
    isles.push(c);
    let per_side = if frame.radius > 14.0 * STEP { 2 } else { 1 };
    let sides = if frame.images.is_empty() {
        frame.anchors.len()
    } else {
        1
    };
    for s in 0..sides {
        let a = frame.anchors[s];
        let home = (a.y - c.y).atan2(a.x - c.x);
        for k in 0..per_side {
            let turn = if per_side == 1 {
                rng.random_range(0.45..0.75)
            } else {
                [-1.0, 1.0][k] * rng.random_range(0.45..0.8)
            };
            let p = polar(c, home + turn, frame.radius * rng.random_range(0.5..0.62));
            for q in std::iter::once(p).chain(frame.images.iter().map(|i| i.point(p))) {
                if !isles.iter().any(|o| o.distance(q) < 2.0 * STEP) {
                    isles.push(q);
                }
            }
        }
    }
    // Neighbouring islands share a border: the segment of their bisector
    // nearer to them than to any other island (a Gabriel pair).
    let n = isles.len();
    let mut borders = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (p, q) = (isles[i], isles[j]);
            let m = (p + q) * 0.5;
            let r = p.distance(q) / 2.0;
            if (0..n).any(|k| k != i && k != j && isles[k].distance(m) < r) {
                continue;
            }
            borders.push((i, j, m));
        }
    }
    let reach = frame.radius * 1.5;
    let mut corners: Vec<Point> = Vec::new();
    for &(i, j, m) in &borders {
        let d = isles[j] - isles[i];
        let along = d.x.atan2(-d.y);
        let radius = STEP * rng.random_range(0.8..0.95);
        // The border runs along the bisector until another island is as near.
        let mut ends = [m, m];
        for (e, sign) in ends.iter_mut().zip([-1.0, 1.0]) {
            let mut t = 0.0;
            while t < reach {
                let p = polar(m, along, sign * (t + STEP * 0.5));
                let own = p.distance(isles[i]);
                if (0..n).any(|k| k != i && k != j && isles[k].distance(p) < own) {
                    let corner = polar(m, along, sign * t);
                    if !corners.iter().any(|q| q.distance(corner) < 1.5 * STEP) {
                        corners.push(corner);
                    }
                    break;
                }
                t += STEP * 0.5;
            }
            // Short of the corner where borders meet, so that no two
            // straits overlap there (many strokes over one point make the
            // coverage's boolean operations slow): a lake closes the gap.
            *e = polar(m, along, sign * (t - radius - 0.3 * STEP).max(0.0));
        }
        if ends[0].distance(ends[1]) < STEP {
            continue;
        }
        let wander = if fixed(frame, m) { 0.0 } else { 0.25 * STEP };
        let pieces = ((ends[0].distance(ends[1]) / (2.0 * STEP)).ceil() as u32).max(2);
        let pts = meander(ends[0], ends[1], pieces, wander, rng);
        keep.barrier(frame, work, Water, radius, &pts);
    }
    // A lake where straits meet, wide enough to close the gaps their ends
    // leave (an end stops at most 1.25 steps short of the corner).
    for q in corners {
        let lake = lake(q, LAKE * STEP);
        if keep.clear(&lake) {
            work.lay(frame, Water, lake, q);
        }
    }
    let bridges = bridged(frame, &isles, &borders, rng);
    for (&(i, j, m), _) in borders.iter().zip(&bridges).filter(|(_, b)| **b) {
        let d = isles[j] - isles[i];
        let along = d.x.atan2(-d.y);
        // Where the straight way between the islands crosses the strait.
        cut(frame, work, Water, m, along, STEP * 0.9);
    }
}

/// The radius of a lake where straits meet, in steps.
const LAKE: f64 = 1.75;

/// A lake of `radius` at `centre`: the regular octagon around that circle.
/// A polygon of few corners rather than a true circle, whose many edges
/// crossing the straits' strokes made the coverage's boolean operations
/// (run again at every repair) three times slower for the whole map.
fn lake(centre: Point, radius: f64) -> TerrainShape {
    let corner = radius / (PI / 8.0).cos();
    let pts: Vec<Point> = (0..8)
        .map(|i| polar(centre, PI / 8.0 + TAU * f64::from(i) / 8.0, corner))
        .collect();
    TerrainShape::Polygon {
        points: Polygon::new(pts).unwrap_or_else(|e| unreachable!("a lake has 8 corners: {e}")),
    }
}

/// Which borders get a land bridge: as few as keep the islands joined two
/// ways through different islands (the bridge graph stays biconnected, so
/// no single island or bridge decides the map), found by dropping borders
/// with their images in a random order while it does. Borders of the
/// centre island (the last but the islets) are always bridged.
fn bridged(
    frame: &Frame,
    isles: &[Point],
    borders: &[(usize, usize, Point)],
    rng: &mut impl Rng,
) -> Vec<bool> {
    let centre = frame.anchors.len();
    let mut keep = vec![true; borders.len()];
    // Each border with its images (the borders whose middles are its
    // middle's images).
    let mut classes: Vec<Vec<usize>> = Vec::new();
    for (k, &(_, _, m)) in borders.iter().enumerate() {
        if classes.iter().any(|c| c.contains(&k)) {
            continue;
        }
        let mut class = vec![k];
        for image in &frame.images {
            let q = image.point(m);
            if let Some(o) = borders.iter().position(|b| b.2.distance(q) < 0.1 * STEP)
                && !class.contains(&o)
            {
                class.push(o);
            }
        }
        classes.push(class);
    }
    let mut order: Vec<usize> = (0..classes.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    for c in order {
        let class = &classes[c];
        if class
            .iter()
            .any(|&k| borders[k].0 == centre || borders[k].1 == centre)
        {
            continue;
        }
        for &k in class {
            keep[k] = false;
        }
        if !biconnected(isles.len(), borders, &keep) {
            for &k in class {
                keep[k] = true;
            }
        }
    }
    keep
}

/// Whether the graph of `n` islands joined by the kept borders stays
/// connected with any one island taken out (and is connected).
fn biconnected(n: usize, borders: &[(usize, usize, Point)], keep: &[bool]) -> bool {
    let connected = |without: Option<usize>| {
        let start = (0..n).find(|&v| Some(v) != without);
        let Some(start) = start else { return true };
        let mut seen = vec![false; n];
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(v) = stack.pop() {
            for (&(a, b, _), _) in borders.iter().zip(keep).filter(|(_, k)| **k) {
                let w = if a == v {
                    b
                } else if b == v {
                    a
                } else {
                    continue;
                };
                if Some(w) != without && !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        (0..n).all(|v| seen[v] || Some(v) == without)
    };
    connected(None) && (0..n).all(|v| connected(Some(v)))
}
