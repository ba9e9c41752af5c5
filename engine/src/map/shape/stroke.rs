//! Brush strokes as shapes: a stroke's parts (each disc reduced to the fans
//! its neighbours do not cover, and the rectangles between them), united
//! into its outline (`prepare_stroke`) or cut into non-overlapping convex
//! rings for the coverage (`stroke_partition`, with `Cutter`).

use super::{Contour, Polys, Prepared, union_on_grid};
use crate::geom::{self, Bbox, Point};
use crate::map::BRUSH_SEGMENTS;

/// One segment of a brush path and the rectangle it sweeps.
struct Sweep {
    /// Start point.
    a: Point,
    /// End point.
    b: Point,
    /// Unit direction from `a` to `b`.
    dir: Point,
    /// Length from `a` to `b`.
    len: f64,
    /// Half-width vector: `dir` turned a quarter, times the radius.
    normal: Point,
}

impl Sweep {
    fn new(a: Point, b: Point, radius: f64) -> Option<Self> {
        let d = b - a;
        let len = d.x.hypot(d.y);
        (len > 0.0).then(|| Self {
            a,
            b,
            dir: Point::new(d.x / len, d.y / len),
            len,
            normal: Point::new(-d.y / len * radius, d.x / len * radius),
        })
    }

    /// Position of `v` along the segment (0 at `a`, `len` at `b`) and across it.
    fn frame(&self, v: Point) -> (f64, f64) {
        let w = v - self.a;
        (
            w.x * self.dir.x + w.y * self.dir.y,
            geom::cross(self.dir, w),
        )
    }

    fn contains(&self, v: Point, radius: f64) -> bool {
        let (t, s) = self.frame(v);
        (0.0..=self.len).contains(&t) && s.abs() <= radius
    }

    /// The rectangle in positive orientation; with `midpoints`, the end
    /// midpoints `a` and `b` are extra corners, so that the rectangle shares
    /// exact vertices with its neighbours and the fans.
    fn corners(&self, midpoints: bool) -> Vec<Point> {
        let (a, b, n) = (self.a, self.b, self.normal);
        let mut c = if midpoints {
            vec![a + n, b + n, b, b - n, a - n, a]
        } else {
            vec![a + n, b + n, b - n, a - n]
        };
        if geom::signed_area(&c) < 0.0 {
            c.reverse();
        }
        c
    }
}

/// The convex parts whose union is a brush stroke of at least two distinct
/// points `pts`, in path order: for each point the fans left of its disc
/// (each at most `max_fan` triangles, so at most a half disc when
/// `max_fan < BRUSH_SEGMENTS / 2`), then the rectangle to the next point
/// (with its end midpoints as extra corners when `midpoints`). Every part has
/// positive orientation.
///
/// Each disc is split into the triangles (centre, corner `k`, corner `k + 1`);
/// a triangle is left out when one neighbouring rectangle or disc (each
/// convex) holds its three corners, or when the line through the centre
/// across the next segment splits it into two parts held by the previous and
/// the next rectangle. What is left out is covered by parts that stay, so the
/// union is the same set. Containment uses plain floating point comparisons,
/// so a decision can only be off for corners within rounding error of a
/// boundary, which changes the union by slivers of rounding size.
fn stroke_parts(pts: &[Point], radius: f64, max_fan: usize, midpoints: bool) -> Vec<Vec<Point>> {
    const PREV_RECT: u8 = 1;
    const NEXT_RECT: u8 = 2;
    const PREV_DISC: u8 = 4;
    const NEXT_DISC: u8 = 8;
    let offsets = geom::regular_offsets(radius, BRUSH_SEGMENTS);
    let sweeps: Vec<Option<Sweep>> = pts
        .windows(2)
        .map(|w| Sweep::new(w[0], w[1], radius))
        .collect();
    // A disc of the polygon contains every point closer to its centre than its apothem.
    let apothem = radius * (std::f64::consts::PI / BRUSH_SEGMENTS as f64).cos();
    let in_disc = |c: Point, v: Point| {
        let w = v - c;
        w.x * w.x + w.y * w.y <= apothem * apothem
    };
    let mut parts: Vec<Vec<Point>> = Vec::with_capacity(pts.len() * 3);
    let mut corners = [0u8; BRUSH_SEGMENTS];
    let mut covered = [false; BRUSH_SEGMENTS];
    for (i, &p) in pts.iter().enumerate() {
        let prev = if i > 0 { sweeps[i - 1].as_ref() } else { None };
        let next = sweeps.get(i).and_then(Option::as_ref);
        let prev_disc = i.checked_sub(1).map(|j| pts[j]);
        let next_disc = pts.get(i + 1).copied();
        let v: [Point; BRUSH_SEGMENTS] = std::array::from_fn(|k| p + offsets[k]);
        // Which convex neighbours hold the centre and each corner.
        let mut centre = 0;
        if prev.is_some() {
            centre |= PREV_RECT;
        }
        if next.is_some() {
            centre |= NEXT_RECT;
        }
        if prev_disc.is_some_and(|c| in_disc(c, p)) {
            centre |= PREV_DISC;
        }
        if next_disc.is_some_and(|c| in_disc(c, p)) {
            centre |= NEXT_DISC;
        }
        for (k, &c) in v.iter().enumerate() {
            let mut m = 0;
            if prev.is_some_and(|s| s.contains(c, radius)) {
                m |= PREV_RECT;
            }
            if next.is_some_and(|s| s.contains(c, radius)) {
                m |= NEXT_RECT;
            }
            if prev_disc.is_some_and(|q| in_disc(q, c)) {
                m |= PREV_DISC;
            }
            if next_disc.is_some_and(|q| in_disc(q, c)) {
                m |= NEXT_DISC;
            }
            corners[k] = m;
        }
        for k in 0..BRUSH_SEGMENTS {
            let k1 = (k + 1) % BRUSH_SEGMENTS;
            covered[k] = corners[k] & corners[k1] & centre != 0
                || match (prev, next) {
                    (Some(ps), Some(ns)) => straddle_covered(ps, ns, v[k], v[k1], radius),
                    _ => false,
                };
        }
        let Some(start) = covered.iter().position(|&c| c) else {
            parts.push(v.to_vec());
            if let Some(s) = next {
                parts.push(s.corners(midpoints));
            }
            continue;
        };
        // Every run of uncovered triangles becomes fans of at most `max_fan` triangles.
        let mut fan: Vec<Point> = Vec::new();
        for j in 1..=BRUSH_SEGMENTS {
            let k = (start + j) % BRUSH_SEGMENTS;
            if (covered[k] || fan.len() > max_fan) && !fan.is_empty() {
                parts.push(std::mem::take(&mut fan));
            }
            if !covered[k] {
                if fan.is_empty() {
                    fan.push(p);
                    fan.push(v[k]);
                }
                fan.push(v[(k + 1) % BRUSH_SEGMENTS]);
            }
        }
        if !fan.is_empty() {
            parts.push(fan);
        }
        if let Some(s) = next {
            parts.push(s.corners(midpoints));
        }
    }
    parts
}

/// Prepares a brush stroke as its outline: the union of its parts (see
/// `stroke_parts`), done on a snapping grid of `unit`.
pub(super) fn prepare_stroke(points: &[Point], radius: f64, unit: f64) -> Prepared {
    let mut pts = points.to_vec();
    pts.dedup();
    if pts.len() == 1 {
        return Prepared::simple(geom::regular_polygon(pts[0], radius, BRUSH_SEGMENTS));
    }
    let contours: Vec<Contour> = stroke_parts(&pts, radius, BRUSH_SEGMENTS, true)
        .into_iter()
        .map(|p| p.iter().map(|q| [q.x, q.y]).collect())
        .collect();
    Prepared::from_shapes(union_on_grid(&contours, unit))
}

/// Prepares a brush stroke as non-overlapping convex rings (its parts, each
/// minus the earlier parts it overlaps), without any boolean engine; `None`
/// when the stroke overlaps itself so much that this would take too many
/// rings.
///
/// Each difference of two convex polygons is cut along the edge lines of the
/// subtracted one, so every ring is convex and the rings share their cut
/// lines exactly up to rounding. Pieces of rounding size are dropped, and so
/// are corners within rounding of the line through their neighbours (see
/// `drop_flat_corners`), so that every ring is convex beyond rounding.
pub(super) fn stroke_partition(points: &[Point], radius: f64) -> Option<Polys> {
    let mut pts = points.to_vec();
    pts.dedup();
    if pts.len() == 1 {
        return Some(Polys::from(&Prepared::simple(geom::regular_polygon(
            pts[0],
            radius,
            BRUSH_SEGMENTS,
        ))));
    }
    let parts = stroke_parts(&pts, radius, BRUSH_SEGMENTS / 2 - 1, false);
    let boxes: Vec<Bbox> = parts.iter().map(|p| Bbox::of(p)).collect();
    let budget = 16 * parts.len() + 64;
    let mut cut = Cutter {
        min_area: radius * radius * 1e-13,
        ..Cutter::default()
    };
    // Rounding moves the corners and cuts by a few units in the last place
    // of the largest coordinate; a corner this close to flat is rounding.
    let extent = pts.iter().fold(radius, |m, p| {
        m.max(p.x.abs() + radius).max(p.y.abs() + radius)
    });
    let tol = extent * 1e-13;
    let mut near = NearParts::new(&boxes, radius);
    let mut rings = Polys::default();
    let mut ring: Vec<Point> = Vec::new();
    let mut found: Vec<u32> = Vec::new();
    for (j, part) in parts.iter().enumerate() {
        near.earlier(j, &mut found);
        cut.work.clear();
        cut.work.push(part);
        for &k in &found {
            if !cut.subtract(&parts[k as usize], boxes[k as usize]) {
                break;
            }
        }
        for f in 0..cut.work.len() {
            ring.clear();
            ring.extend_from_slice(cut.work.get(f));
            drop_flat_corners(&mut ring, tol);
            if ring.len() >= 3 {
                rings.push(&ring);
            }
        }
        if rings.len() > budget {
            return None;
        }
        near.add(j);
    }
    Some(rings)
}

/// Removes the corners of a convex ring that lie within `tol` of the line
/// through the corners on either side, until none is left (so it takes out
/// near-duplicate corners too, and whittles a sliver down to fewer than three
/// corners).
///
/// Such a corner is where a cut passed within rounding error of another
/// corner or of a cut line: whether it bends in or out is up to rounding, so
/// with it the ring would be convex only up to rounding, and a very short
/// edge next to it could point anywhere. Leaving it out moves the outline by
/// at most `tol`.
fn drop_flat_corners(poly: &mut Vec<Point>, tol: f64) {
    let flat = |a: Point, b: Point, c: Point| {
        let (ab, ac) = (b - a, c - a);
        let d = geom::cross(ac, ab);
        d * d <= tol * tol * (ac.x * ac.x + ac.y * ac.y)
    };
    let mut i = 0;
    // Corners checked since the last removal; done after a full round.
    let mut kept = 0;
    while poly.len() >= 3 && kept < poly.len() {
        let n = poly.len();
        i %= n;
        if flat(poly[(i + n - 1) % n], poly[i], poly[(i + 1) % n]) {
            poly.remove(i);
            kept = 0;
            // The corner before may have become flat.
            i = (i + n - 2) % (n - 1);
        } else {
            kept += 1;
            i += 1;
        }
    }
}

/// Finds the earlier parts of a stroke whose boxes overlap a part's box:
/// directly for short strokes, through a hash grid of cells two brush radii
/// wide for long ones.
struct NearParts<'a> {
    boxes: &'a [Bbox],
    cell: f64,
    grid: Option<std::collections::HashMap<(i64, i64), Vec<u32>>>,
    /// Parts too large for the grid, checked by every query.
    big: Vec<u32>,
}

impl<'a> NearParts<'a> {
    /// Most cells a box may span along each axis to go into the grid.
    const MAX_SPAN: f64 = 16.0;

    fn new(boxes: &'a [Bbox], radius: f64) -> Self {
        let grid = (boxes.len() > 64).then(std::collections::HashMap::new);
        let all = boxes.iter().copied().fold(Bbox::EMPTY, Bbox::union);
        let extent = (all.max.x - all.min.x).max(all.max.y - all.min.y);
        Self {
            boxes,
            cell: (2.0 * radius).max(extent / 256.0),
            grid,
            big: Vec::new(),
        }
    }

    /// Whether `b` spans few enough cells for the grid.
    fn fits(&self, b: Bbox) -> bool {
        let c = self.cell;
        (b.max.x / c).floor() - (b.min.x / c).floor() <= Self::MAX_SPAN
            && (b.max.y / c).floor() - (b.min.y / c).floor() <= Self::MAX_SPAN
    }

    fn cells(&self, b: Bbox) -> impl Iterator<Item = (i64, i64)> + use<> {
        let c = self.cell;
        let (x0, x1) = ((b.min.x / c).floor() as i64, (b.max.x / c).floor() as i64);
        let (y0, y1) = ((b.min.y / c).floor() as i64, (b.max.y / c).floor() as i64);
        (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| (x, y)))
    }

    /// The earlier parts overlapping part `j`, ascending.
    fn earlier(&self, j: usize, out: &mut Vec<u32>) {
        out.clear();
        let b = self.boxes[j];
        let overlapping = |k: &u32| self.boxes[*k as usize].overlaps(b);
        match &self.grid {
            Some(grid) if self.fits(b) => {
                for c in self.cells(b) {
                    if let Some(list) = grid.get(&c) {
                        out.extend(list.iter().filter(|k| overlapping(k)));
                    }
                }
                out.extend(self.big.iter().filter(|k| overlapping(k)));
                out.sort_unstable();
                out.dedup();
            }
            _ => out.extend((0..j as u32).filter(overlapping)),
        }
    }

    fn add(&mut self, j: usize) {
        let b = self.boxes[j];
        if self.grid.is_none() {
            return;
        }
        if !self.fits(b) {
            self.big.push(j as u32);
            return;
        }
        let cells: Vec<(i64, i64)> = self.cells(b).collect();
        if let Some(grid) = &mut self.grid {
            for c in cells {
                grid.entry(c).or_default().push(j as u32);
            }
        }
    }
}

/// Cuts convex pieces out of convex polygons, reusing its buffers.
#[derive(Default)]
struct Cutter {
    /// The pieces so far.
    work: Polys,
    next: Polys,
    rest: Vec<Point>,
    inside: Vec<Point>,
    sides: Vec<f64>,
    /// Pieces of at most this area are dropped.
    min_area: f64,
}

impl Cutter {
    /// Replaces every piece by the piece minus the convex polygon `c` (with
    /// box `cb`); returns whether any piece is left.
    fn subtract(&mut self, c: &[Point], cb: Bbox) -> bool {
        self.next.clear();
        for f in 0..self.work.len() {
            let piece = self.work.get(f);
            if !Bbox::of(piece).overlaps(cb) {
                self.next.push(piece);
                continue;
            }
            self.rest.clear();
            self.rest.extend_from_slice(piece);
            self.subtract_one(c);
        }
        std::mem::swap(&mut self.work, &mut self.next);
        self.work.len() > 0
    }

    /// Pushes `rest` minus `c` onto `next` as convex pieces: the part of
    /// `rest` outside one edge of `c`, then the part inside it but outside
    /// another edge, and so on, taking first the edge with most of what is
    /// left outside it, which keeps the pieces few.
    #[allow(clippy::many_single_char_names)]
    fn subtract_one(&mut self, c: &[Point]) {
        let n = c.len();
        let mut done = 0u64;
        loop {
            let m = self.rest.len();
            let mut best: Option<(usize, usize)> = None;
            for i in 0..n {
                if done & (1 << i) != 0 {
                    continue;
                }
                let (a, e) = (c[i], c[(i + 1) % n] - c[i]);
                let (mut outside, mut inside) = (0, 0);
                for &v in &self.rest {
                    let s = geom::cross(e, v - a);
                    outside += usize::from(s < 0.0);
                    inside += usize::from(s > 0.0);
                }
                if outside == 0 {
                    done |= 1 << i;
                } else if inside == 0 {
                    // Nothing left is inside this edge, so nothing is in `c`.
                    self.next.push(&self.rest);
                    return;
                } else if best.is_none_or(|(_, o)| outside > o) {
                    best = Some((i, outside));
                }
            }
            let Some((i, _)) = best else {
                // What is left lies inside `c`.
                return;
            };
            done |= 1 << i;
            let (a, e) = (c[i], c[(i + 1) % n] - c[i]);
            self.sides.clear();
            self.sides
                .extend(self.rest.iter().map(|&v| geom::cross(e, v - a)));
            self.inside.clear();
            let outside_start = self.next.pts.len();
            for k in 0..m {
                let (p, q) = (self.rest[k], self.rest[(k + 1) % m]);
                let (sp, sq) = (self.sides[k], self.sides[(k + 1) % m]);
                if sp >= 0.0 {
                    self.inside.push(p);
                }
                if sp <= 0.0 {
                    self.next.pts.push(p);
                }
                if (sp > 0.0 && sq < 0.0) || (sp < 0.0 && sq > 0.0) {
                    let x = p + (q - p) * (sp / (sp - sq));
                    self.inside.push(x);
                    self.next.pts.push(x);
                }
            }
            if piece_area(&self.next.pts[outside_start..]) > self.min_area {
                self.next.ends.push(self.next.pts.len());
            } else {
                self.next.pts.truncate(outside_start);
            }
            std::mem::swap(&mut self.rest, &mut self.inside);
            if piece_area(&self.rest) <= self.min_area {
                // What is left is a sliver, and so is whatever of it lies
                // outside the other edges of `c`.
                return;
            }
        }
    }
}

/// Signed area of a small polygon, summed about its first corner: the
/// shoelace formula on coordinates far from the origin rounds each term by
/// more than the whole area of a sliver, and may even get its sign wrong.
pub(super) fn piece_area(poly: &[Point]) -> f64 {
    let Some(&o) = poly.first() else {
        return 0.0;
    };
    let s: f64 = poly
        .windows(2)
        .map(|w| geom::cross(w[0] - o, w[1] - o))
        .sum();
    0.5 * s
}

/// Whether the triangle (`prev.b`, `v`, `w`) is covered by the rectangles of
/// the previous and next segments together: the line across `next` at its
/// start splits it into a part held by `next` and a part held by `prev`.
fn straddle_covered(prev: &Sweep, next: &Sweep, v: Point, w: Point, radius: f64) -> bool {
    let (tv, _) = next.frame(v);
    let (tw, _) = next.frame(w);
    let (ahead, behind, ta, tb) = if tv >= 0.0 && tw < 0.0 {
        (v, w, tv, tw)
    } else if tw >= 0.0 && tv < 0.0 {
        (w, v, tw, tv)
    } else {
        return false;
    };
    if !next.contains(ahead, radius) || !prev.contains(behind, radius) {
        return false;
    }
    // Where the edge crosses the line across `next` at its start.
    let c = ahead + (behind - ahead) * (ta / (ta - tb));
    let (_, s) = next.frame(c);
    s.abs() <= radius && prev.contains(c, radius)
}

/// How often the outlines of a brush stroke's parts cross one another (the
/// parts its outline unites, see [`prepare_stroke`]), counting at most
/// `cap`, and the middle of the grid cell where most of them are.
///
/// The parts are sorted into square cells of `cell` units by their boxes;
/// only parts whose boxes share a cell and overlap are compared, edge by
/// edge, and a crossing counts in the cell that holds it. The parts in
/// cells and the edge pairs compared count towards
/// [`WORK_PER_CROSSING`]` · cap` units of work: once that is spent the
/// count stops and reports `cap`, so the count itself takes bounded time
/// and memory.
pub(crate) fn stroke_crossings(
    points: &[Point],
    radius: f64,
    cell: f64,
    cap: u64,
) -> (u64, Option<Point>) {
    let mut pts = points.to_vec();
    pts.dedup();
    if pts.len() < 2 || cell.is_nan() || cell <= 0.0 {
        return (0, None);
    }
    let budget = cap.saturating_mul(WORK_PER_CROSSING);
    let mut work = 0u64;
    let parts = stroke_parts(&pts, radius, BRUSH_SEGMENTS, true);
    let boxes: Vec<Bbox> = parts.iter().map(|p| Bbox::of(p)).collect();
    let key = |v: f64| (v / cell).floor().clamp(-1.0e9, 1.0e9) as i64;
    let mut entries: Vec<(i64, i64, u32)> = Vec::new();
    for (k, b) in boxes.iter().enumerate() {
        let (x0, x1, y0, y1) = (key(b.min.x), key(b.max.x), key(b.min.y), key(b.max.y));
        let n = (x1 - x0 + 1)
            .unsigned_abs()
            .saturating_mul((y1 - y0 + 1).unsigned_abs());
        work = work.saturating_add(n);
        if work > budget {
            return (cap, Some(boxes[k].min));
        }
        for x in x0..=x1 {
            for y in y0..=y1 {
                entries.push((x, y, k as u32));
            }
        }
    }
    entries.sort_unstable();
    let mut count = 0u64;
    let mut most = (0u64, None);
    for group in entries.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
        let (cx, cy) = (group[0].0, group[0].1);
        let here = count;
        for (i, &(_, _, k)) in group.iter().enumerate() {
            for &(_, _, l) in &group[i + 1..] {
                let (a, b) = (&parts[k as usize], &parts[l as usize]);
                work += 1;
                if !boxes[k as usize].overlaps(boxes[l as usize]) {
                    continue;
                }
                work += (a.len() * b.len()) as u64;
                if work > budget {
                    return (cap, most.1);
                }
                for (i, &p) in a.iter().enumerate() {
                    let q = a[(i + 1) % a.len()];
                    for (j, &r) in b.iter().enumerate() {
                        let t = b[(j + 1) % b.len()];
                        if let Some(x) = proper_crossing(p, q, r, t)
                            && key(x.x) == cx
                            && key(x.y) == cy
                        {
                            count += 1;
                        }
                    }
                }
            }
        }
        if count - here > most.0 {
            let mid = Point::new((cx as f64 + 0.5) * cell, (cy as f64 + 0.5) * cell);
            most = (count - here, Some(mid));
        }
        if count >= cap {
            return (cap, most.1);
        }
    }
    (count, most.1)
}

/// The work [`stroke_crossings`] may do per crossing it may count: most
/// pairs of edges it compares do not cross (over a hundred pairs per crossing
/// where straight parts pile up at one point).
pub(crate) const WORK_PER_CROSSING: u64 = 256;

/// Where segments `p`–`q` and `r`–`s` cross, strictly inside both.
fn proper_crossing(p: Point, q: Point, r: Point, s: Point) -> Option<Point> {
    let (d1, d2) = (q - p, s - r);
    let denom = geom::cross(d1, d2);
    if denom == 0.0 {
        return None;
    }
    let t = geom::cross(r - p, d2) / denom;
    let u = geom::cross(r - p, d1) / denom;
    (t > 0.0 && t < 1.0 && u > 0.0 && u < 1.0).then(|| p + d1 * t)
}
