//! Filling arbitrary regions for `epaint`, which only fills convex paths
//! itself: concave polygons, holes, and boolean combinations of shapes (a
//! brush stroke minus the eraser strokes painted after it, clipped to the map
//! area).
//!
//! The plane is cut into horizontal slabs at every vertex height and at every
//! height where edges of different shapes cross. Inside a slab no edge starts,
//! ends or crosses another, so sweeping the edges left to right at the slab's
//! middle and tracking, per shape, whether we are inside it (even–odd rule)
//! tells exactly which stretches are filled; each stretch is a trapezoid
//! between two edges. Trapezoids are drawn as two triangles; vertices on a
//! slab boundary are computed the same way for the slabs above and below, so
//! the mesh shows no seams.
//!
//! The boundary of the result (for anti-aliased outlines) is the left and
//! right sides of the trapezoids plus the horizontal stretches where the
//! filled intervals above and below a slab boundary differ, chained into
//! polylines.
//!
//! Degenerate or non-finite input never panics; at worst the fill is off by a
//! sliver.

use epaint::{Color32, Mesh, Pos2};
use std::collections::HashMap;

/// A ring: corners of a closed polygon, `(x, y)`.
pub type Ring = Vec<(f64, f64)>;

/// One filled trapezoid between two edges of a slab.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Trapezoid {
    /// Top of the slab.
    pub y0: f64,
    /// Bottom of the slab.
    pub y1: f64,
    /// Left and right x at `y0`.
    pub top: (f64, f64),
    /// Left and right x at `y1`.
    pub bottom: (f64, f64),
}

impl Trapezoid {
    /// Its corners, clockwise on screen (`y` down): top-left, top-right,
    /// bottom-right, bottom-left.
    #[must_use]
    pub fn corners(&self) -> [(f64, f64); 4] {
        [
            (self.top.0, self.y0),
            (self.top.1, self.y0),
            (self.bottom.1, self.y1),
            (self.bottom.0, self.y1),
        ]
    }

    /// Its area.
    #[must_use]
    pub fn area(&self) -> f64 {
        0.5 * ((self.top.1 - self.top.0) + (self.bottom.1 - self.bottom.0)) * (self.y1 - self.y0)
    }
}

/// A filled region: trapezoids and the boundary polylines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fill {
    /// The region as trapezoids, top to bottom.
    pub trapezoids: Vec<Trapezoid>,
    /// The region's boundary as polylines (closed loops repeat their first
    /// point at the end).
    pub outline: Vec<Ring>,
}

impl Fill {
    /// Total area.
    #[must_use]
    pub fn area(&self) -> f64 {
        self.trapezoids.iter().map(Trapezoid::area).sum()
    }
}

#[derive(Clone, Copy, Debug)]
struct Edge {
    shape: usize,
    y_top: f64,
    y_bottom: f64,
    x_top: f64,
    dx_dy: f64,
}

impl Edge {
    fn x_at(&self, y: f64) -> f64 {
        self.x_top + (y - self.y_top) * self.dx_dy
    }

    fn x_range(&self) -> (f64, f64) {
        let a = self.x_top;
        let b = self.x_at(self.y_bottom);
        (a.min(b), a.max(b))
    }
}

/// Fills `rings` (one shape, even–odd rule).
#[must_use]
pub fn fill(rings: &[Ring]) -> Fill {
    combine(&[rings.to_vec()], |inside| inside[0])
}

/// Fills the region where `inside` holds, given for each shape whether the
/// point is inside it (each shape is a set of rings, even–odd rule). `inside`
/// must be false when the point is outside every shape.
#[must_use]
pub fn combine(shapes: &[Vec<Ring>], inside: impl Fn(&[bool]) -> bool) -> Fill {
    let mut edges = Vec::new();
    let mut ys = Vec::new();
    for (shape, rings) in shapes.iter().enumerate() {
        for ring in rings {
            add_ring(ring, shape, &mut edges, &mut ys);
        }
    }
    edges.sort_by(|a, b| a.y_top.total_cmp(&b.y_top));
    if shapes.len() > 1 {
        crossing_heights(&edges, &mut ys);
    }
    ys.sort_by(f64::total_cmp);
    ys.dedup();

    let mut trapezoids = Vec::new();
    let mut boundary: Vec<[(f64, f64); 2]> = Vec::new();
    let mut active: Vec<Edge> = Vec::new();
    let mut next = 0;
    let mut order: Vec<(f64, usize)> = Vec::new();
    let mut parity = vec![false; shapes.len()];
    let mut above: Vec<(f64, f64)> = Vec::new();
    let mut below: Vec<(f64, f64)> = Vec::new();
    for w in ys.windows(2) {
        let (y0, y1) = (w[0], w[1]);
        active.retain(|e| e.y_bottom > y0);
        while next < edges.len() && edges[next].y_top <= y0 {
            if edges[next].y_bottom > y0 {
                active.push(edges[next]);
            }
            next += 1;
        }
        let mid = 0.5 * (y0 + y1);
        order.clear();
        order.extend(active.iter().enumerate().map(|(i, e)| (e.x_at(mid), i)));
        order.sort_by(|a, b| a.0.total_cmp(&b.0));
        parity.fill(false);
        let mut left: Option<&Edge> = None;
        below.clear();
        for &(_, i) in &order {
            let e = &active[i];
            let before = inside(&parity);
            parity[e.shape] = !parity[e.shape];
            let after = inside(&parity);
            if !before && after {
                left = Some(e);
            } else if before
                && !after
                && let Some(l) = left.take()
            {
                let t = Trapezoid {
                    y0,
                    y1,
                    top: (l.x_at(y0), e.x_at(y0)),
                    bottom: (l.x_at(y1), e.x_at(y1)),
                };
                boundary.push([(t.top.0, y0), (t.bottom.0, y1)]);
                boundary.push([(t.top.1, y0), (t.bottom.1, y1)]);
                below.push(t.top);
                trapezoids.push(t);
            }
        }
        // Horizontal boundary at y0: where the filled intervals just above
        // and just below differ.
        horizontal_boundary(&above, &below, y0, &mut boundary);
        above.clear();
        above.extend(trapezoids.iter().rev().take(below.len()).map(|t| t.bottom));
        above.reverse();
    }
    if let Some(&y_last) = ys.last() {
        horizontal_boundary(&above, &[], y_last, &mut boundary);
    }
    Fill {
        trapezoids,
        outline: chain(&boundary),
    }
}

fn add_ring(ring: &[(f64, f64)], shape: usize, edges: &mut Vec<Edge>, ys: &mut Vec<f64>) {
    let finite = |p: (f64, f64)| p.0.is_finite() && p.1.is_finite();
    let pts: Vec<(f64, f64)> = ring.iter().copied().filter(|&p| finite(p)).collect();
    if pts.len() < 3 {
        return;
    }
    let mut prev = pts[pts.len() - 1];
    for &p in &pts {
        ys.push(p.1);
        if (prev.1 - p.1).abs() > 0.0 {
            let (a, b) = if prev.1 < p.1 { (prev, p) } else { (p, prev) };
            edges.push(Edge {
                shape,
                y_top: a.1,
                y_bottom: b.1,
                x_top: a.0,
                dx_dy: (b.0 - a.0) / (b.1 - a.1),
            });
        }
        prev = p;
    }
}

/// Adds the heights where edges of different shapes cross. `edges` is sorted
/// by `y_top`.
fn crossing_heights(edges: &[Edge], ys: &mut Vec<f64>) {
    for (i, a) in edges.iter().enumerate() {
        let (ax0, ax1) = a.x_range();
        for b in edges[i + 1..].iter().take_while(|b| b.y_top < a.y_bottom) {
            if b.shape == a.shape {
                continue;
            }
            let (bx0, bx1) = b.x_range();
            if bx1 < ax0 || ax1 < bx0 {
                continue;
            }
            // x_a(y) = x_b(y)  =>  y = (x_b0 − x_a0 + a.dx·a.y0 − b.dx·b.y0) / (a.dx − b.dx)
            let denom = a.dx_dy - b.dx_dy;
            if denom == 0.0 {
                continue;
            }
            let y = (b.x_top - a.x_top + a.dx_dy * a.y_top - b.dx_dy * b.y_top) / denom;
            let (lo, hi) = (a.y_top.max(b.y_top), a.y_bottom.min(b.y_bottom));
            if y.is_finite() && y > lo && y < hi {
                ys.push(y);
            }
        }
    }
}

/// Pushes the horizontal segments at `y` covered by exactly one of the two
/// sorted, disjoint interval lists.
fn horizontal_boundary(a: &[(f64, f64)], b: &[(f64, f64)], y: f64, out: &mut Vec<[(f64, f64); 2]>) {
    let mut events: Vec<(f64, usize)> = Vec::with_capacity(2 * (a.len() + b.len()));
    for (list, which) in [(a, 0), (b, 1)] {
        for &(l, r) in list {
            events.push((l, which));
            events.push((r, which));
        }
    }
    events.sort_by(|p, q| p.0.total_cmp(&q.0));
    let mut inside = [false, false];
    let mut start = None;
    for (x, which) in events {
        let was = inside[0] != inside[1];
        inside[which] = !inside[which];
        let now = inside[0] != inside[1];
        match (was, now) {
            (false, true) => start = Some(x),
            (true, false) => {
                if let Some(s) = start.take() {
                    let eps = 1e-9 * (s.abs() + x.abs() + 1.0);
                    if x - s > eps {
                        out.push([(s, y), (x, y)]);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Joins segments that share endpoints into polylines.
fn chain(segments: &[[(f64, f64); 2]]) -> Vec<Ring> {
    let extent = segments
        .iter()
        .flatten()
        .fold(1.0_f64, |m, p| m.max(p.0.abs()).max(p.1.abs()));
    let q = 1.0e9 / extent;
    let key = |p: (f64, f64)| ((p.0 * q).round() as i64, (p.1 * q).round() as i64);
    let mut at: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    for (i, s) in segments.iter().enumerate() {
        if key(s[0]) == key(s[1]) {
            continue;
        }
        at.entry(key(s[0])).or_default().push(i);
        at.entry(key(s[1])).or_default().push(i);
    }
    let mut used = vec![false; segments.len()];
    let mut lines = Vec::new();
    for start in 0..segments.len() {
        if used[start] || key(segments[start][0]) == key(segments[start][1]) {
            continue;
        }
        used[start] = true;
        let mut line = vec![segments[start][0], segments[start][1]];
        // Extend forwards from the last point, then backwards from the first.
        for forwards in [true, false] {
            loop {
                let end = if forwards {
                    line[line.len() - 1]
                } else {
                    line[0]
                };
                let next = at
                    .get(&key(end))
                    .and_then(|v| v.iter().copied().find(|&i| !used[i]));
                let Some(i) = next else { break };
                used[i] = true;
                let s = segments[i];
                let other = if key(s[0]) == key(end) { s[1] } else { s[0] };
                if forwards {
                    line.push(other);
                } else {
                    line.insert(0, other);
                }
            }
        }
        lines.push(line);
    }
    lines
}

/// Appends trapezoids to `mesh` in one colour, mapping each point through
/// `to_screen`.
pub fn add_to_mesh(
    mesh: &mut Mesh,
    traps: &[Trapezoid],
    color: Color32,
    to_screen: impl Fn(f64, f64) -> Pos2,
) {
    mesh.reserve_vertices(traps.len() * 4);
    mesh.reserve_triangles(traps.len() * 2);
    for t in traps {
        let base = mesh.vertices.len() as u32;
        for (x, y) in t.corners() {
            mesh.colored_vertex(to_screen(x, y), color);
        }
        mesh.add_triangle(base, base + 1, base + 2);
        mesh.add_triangle(base, base + 2, base + 3);
    }
}

/// A filled mesh of one simple polygon given in screen points (for small,
/// possibly concave glyphs).
#[must_use]
pub fn polygon_mesh(points: &[Pos2], color: Color32) -> Mesh {
    let ring: Ring = points
        .iter()
        .map(|p| (f64::from(p.x), f64::from(p.y)))
        .collect();
    let mut mesh = Mesh::default();
    add_to_mesh(&mut mesh, &fill(&[ring]).trapezoids, color, |x, y| {
        Pos2::new(x as f32, y as f32)
    });
    mesh
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64, y: f64, s: f64) -> Ring {
        vec![(x, y), (x + s, y), (x + s, y + s), (x, y + s)]
    }

    fn outline_length(f: &Fill) -> f64 {
        f.outline
            .iter()
            .flat_map(|l| l.windows(2))
            .map(|w| (w[1].0 - w[0].0).hypot(w[1].1 - w[0].1))
            .sum()
    }

    #[test]
    fn square_with_hole() {
        let mut hole = square(1.0, 1.0, 1.0);
        hole.reverse();
        let f = fill(&[square(0.0, 0.0, 3.0), hole]);
        assert!((f.area() - 8.0).abs() < 1e-12);
        assert!(
            (outline_length(&f) - 16.0).abs() < 1e-9,
            "{}",
            outline_length(&f)
        );
        assert_eq!(f.outline.len(), 2, "outer loop and hole loop");
    }

    #[test]
    fn concave_u_shape() {
        let u = vec![
            (0.0, 0.0),
            (1.0, 0.0),
            (1.0, 2.0),
            (2.0, 2.0),
            (2.0, 0.0),
            (3.0, 0.0),
            (3.0, 3.0),
            (0.0, 3.0),
        ];
        let f = fill(&[u]);
        assert!((f.area() - 7.0).abs() < 1e-12);
        assert!((outline_length(&f) - 16.0).abs() < 1e-9);
        assert_eq!(f.outline.len(), 1);
    }

    #[test]
    fn difference_and_intersection_of_crossing_shapes() {
        // A diamond minus a square that cuts through its edges at slanted crossings.
        let diamond = vec![(2.0, 0.0), (4.0, 2.0), (2.0, 4.0), (0.0, 2.0)];
        let cut = square(1.0, 1.0, 4.0);
        let diff = combine(&[vec![diamond.clone()], vec![cut.clone()]], |p| {
            p[0] && !p[1]
        });
        let both = combine(&[vec![diamond], vec![cut]], |p| p[0] && p[1]);
        // The diamond has area 8; the square cuts off the two corner
        // triangles left of x = 1 and above y = 1, of area 1 each.
        assert!((both.area() - 6.0).abs() < 1e-9, "{}", both.area());
        assert!((diff.area() - 2.0).abs() < 1e-9, "{}", diff.area());
    }

    #[test]
    fn clipping_to_a_box_adds_the_box_edge_to_the_outline() {
        let tall = square(1.0, -5.0, 2.0); // x 1..3, y -5..-3
        let tall = vec![tall[0], tall[1], (3.0, 5.0), (1.0, 5.0)]; // x 1..3, y -5..5
        let area = square(0.0, 0.0, 10.0);
        let f = combine(&[vec![area], vec![tall]], |p| p[0] && p[1]);
        assert!((f.area() - 10.0).abs() < 1e-12);
        assert!(
            (outline_length(&f) - 14.0).abs() < 1e-9,
            "{}",
            outline_length(&f)
        );
    }

    #[test]
    fn degenerate_input_does_not_panic() {
        assert!(fill(&[vec![(0.0, 0.0), (1.0, 1.0)]]).trapezoids.is_empty());
        let _ = fill(&[vec![(0.0, 0.0), (f64::NAN, 1.0), (2.0, 2.0), (0.0, 3.0)]]);
        let _ = fill(&[vec![(0.0, 0.0), (f64::INFINITY, 1.0), (2.0, 2.0)]]);
        assert!(fill(&[]).trapezoids.is_empty());
    }
}
