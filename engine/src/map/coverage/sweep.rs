//! The covered area of one hex when inclusion–exclusion does not apply:
//! a sweep over vertical slabs, whose work is counted as it is done.
//!
//! The pieces are already clipped to the hex. Every corner's `x` cuts the
//! hex into slabs; inside a slab no corner lies, so every edge that spans
//! it is a straight line across it. Where no two of those edges cross
//! inside the slab, their order from bottom to top is the same across the
//! whole slab, so the covered length of a vertical line through it is a
//! linear function of `x`, and the slab's covered area is its width times
//! the covered length at its middle. A slab whose edges do cross (they
//! swap places between its two sides) is cut again at every crossing.
//!
//! The covered length at one `x` is found by walking up the edges in order
//! and keeping each member's winding number (a member covers a point when
//! its winding there is not zero, as with the non-zero rule): the point is
//! covered when some solid piece covers it, or when the last stroke or
//! eraser in the map's order that covers it is a stroke; and, when the
//! grid region cuts the hex, when the region covers it too.
//!
//! The work is one unit for each edge in each slab walked (counted and
//! charged before the first slab is walked), and for each pair of edges
//! found crossing and each edge of the extra slabs their crossings cut,
//! charged as they are found and before they are walked, so the time and the
//! memory of a hex are bounded by the budget whatever the pieces look like
//! (near-coincident strokes, many strokes through one point, the same
//! stroke repeated): no boolean engine runs here.

use crate::geom::Point;
use std::collections::BinaryHeap;

/// What a member is to the covered set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// A polygon, circle or whole hexes: covers where it lies.
    Solid,
    /// A brush stroke: paints where it lies, over earlier erasers.
    Paint,
    /// An eraser stroke: clears the paint of earlier strokes.
    Erase,
    /// The grid region: nothing outside it counts.
    Region,
}

/// Why the sweep stopped: the budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Exhausted {
    /// On the edges of the slabs (too many corners overlapping).
    Detail,
    /// On the crossings of edges (outlines crossing too often), with the
    /// crossings counted so far.
    Crossings(u64),
}

/// One non-vertical edge, from left to right.
#[derive(Clone, Copy, Debug)]
struct Edge {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
    /// The member whose ring it belongs to.
    member: u32,
    /// The winding change of crossing it upwards: `+1` when the ring runs
    /// left to right along it, `-1` otherwise.
    dir: i32,
}

impl Edge {
    /// `y` at `x` (exact at both ends).
    fn y_at(&self, x: f64) -> f64 {
        if x <= self.x0 {
            self.y0
        } else if x >= self.x1 {
            self.y1
        } else {
            self.y0 + (self.y1 - self.y0) * ((x - self.x0) / (self.x1 - self.x0))
        }
    }

    fn slope(&self) -> f64 {
        (self.y1 - self.y0) / (self.x1 - self.x0)
    }

    /// Where the lines of `self` and `other` cross, if they are not
    /// parallel.
    fn crossing_x(&self, other: &Self) -> Option<f64> {
        let (s, t) = (self.slope(), other.slope());
        let d = s - t;
        if d == 0.0 || !d.is_finite() {
            return None;
        }
        // y0 + s (x − x0) = y0' + t (x − x0').
        let x = (other.y0 - self.y0 + s * self.x0 - t * other.x0) / d;
        x.is_finite().then_some(x)
    }
}

/// The sweep's work units and buffers, reused from hex to hex.
#[derive(Default)]
pub(super) struct Sweep {
    edges: Vec<Edge>,
    xs: Vec<f64>,
    active: Vec<u32>,
    /// Per active edge: `y` at the slab's left side, at its right side.
    order: Vec<(f64, f64, u32)>,
    cuts: Vec<f64>,
    at: Vec<(f64, f64, u32)>,
    winding: Vec<i32>,
    roles: Vec<Role>,
    /// Paint and erase members whose winding is not zero (lazily: a member
    /// may stay after its winding returned to zero).
    painted: BinaryHeap<u32>,
}

/// The work a sweep may still do, and what it did.
pub(super) struct Budget {
    /// Units spent.
    pub(super) spent: u64,
    /// Units allowed.
    pub(super) allowance: u64,
}

impl Budget {
    fn charge(&mut self, units: u64, why: Exhausted) -> Result<(), Exhausted> {
        self.spent = self.spent.saturating_add(units);
        if self.spent > self.allowance {
            Err(why)
        } else {
            Ok(())
        }
    }
}

impl Sweep {
    /// Starts a hex.
    pub(super) fn clear(&mut self) {
        self.edges.clear();
        self.roles.clear();
    }

    /// Adds a member with its rings; members are added in the map's order
    /// (the grid region anywhere).
    pub(super) fn add<'a>(&mut self, role: Role, rings: impl IntoIterator<Item = &'a [Point]>) {
        let member = self.roles.len() as u32;
        self.roles.push(role);
        for ring in rings {
            let n = ring.len();
            if n < 3 {
                continue;
            }
            for k in 0..n {
                let (a, b) = (ring[k], ring[(k + 1) % n]);
                if b.x - a.x == 0.0 {
                    // A vertical edge spans no slab.
                    continue;
                }
                let (dir, l, r) = if a.x < b.x { (1, a, b) } else { (-1, b, a) };
                self.edges.push(Edge {
                    x0: l.x,
                    y0: l.y,
                    x1: r.x,
                    y1: r.y,
                    member,
                    dir,
                });
            }
        }
    }

    /// How many corners the members have (for the error that names them).
    pub(super) fn edge_count(&self) -> u64 {
        self.edges.len() as u64
    }

    /// The covered area of the members added since [`Self::clear`],
    /// charging `budget` one unit per edge per slab walked and per crossing
    /// found, before walking them.
    pub(super) fn covered(&mut self, budget: &mut Budget) -> Result<f64, Exhausted> {
        budget.charge(self.edges.len() as u64, Exhausted::Detail)?;
        self.edges.sort_by(|e, f| e.x0.total_cmp(&f.x0));
        self.xs.clear();
        self.xs.extend(self.edges.iter().flat_map(|e| [e.x0, e.x1]));
        self.xs.sort_by(f64::total_cmp);
        self.xs.dedup();
        // The slabs' edges are counted first (each edge spans the slabs
        // from its left end to its right end) and charged all at once, so
        // a hex with too many is refused before any slab is walked.
        let slab_of = |x: f64, xs: &[f64]| xs.partition_point(|&v| v < x) as u64;
        let spans: u64 = self
            .edges
            .iter()
            .map(|e| slab_of(e.x1, &self.xs) - slab_of(e.x0, &self.xs))
            .sum();
        budget.charge(spans, Exhausted::Detail)?;
        self.winding.clear();
        self.winding.resize(self.roles.len(), 0);
        self.active.clear();
        let mut next = 0;
        let mut area = 0.0;
        let mut crossings = 0u64;
        for s in 0..self.xs.len().saturating_sub(1) {
            let (a, b) = (self.xs[s], self.xs[s + 1]);
            while next < self.edges.len() && self.edges[next].x0 <= a {
                self.active.push(next as u32);
                next += 1;
            }
            let edges = &self.edges;
            self.active.retain(|&e| edges[e as usize].x1 > a);
            if !self.active.is_empty() {
                area += self.slab(a, b, budget, &mut crossings)?;
            }
        }
        Ok(area)
    }

    /// The covered area of the slab between `a` and `b`.
    fn slab(
        &mut self,
        a: f64,
        b: f64,
        budget: &mut Budget,
        crossings: &mut u64,
    ) -> Result<f64, Exhausted> {
        self.order.clear();
        for &e in &self.active {
            let edge = &self.edges[e as usize];
            self.order.push((edge.y_at(a), edge.y_at(b), e));
        }
        // Bottom to top on the left side (edges from one corner by their
        // right side), then insertion into the order of the right side:
        // every pair that swaps crosses inside the slab.
        self.order
            .sort_by(|p, q| p.0.total_cmp(&q.0).then(p.1.total_cmp(&q.1)));
        self.cuts.clear();
        for i in 1..self.order.len() {
            let mut j = i;
            while j > 0 && self.order[j - 1].1 > self.order[j].1 {
                *crossings += 1;
                budget.charge(1, Exhausted::Crossings(*crossings))?;
                let (e, f) = (self.order[j - 1].2, self.order[j].2);
                if let Some(x) = self.edges[e as usize].crossing_x(&self.edges[f as usize])
                    && x > a
                    && x < b
                {
                    self.cuts.push(x);
                }
                self.order.swap(j - 1, j);
                j -= 1;
            }
        }
        if self.cuts.is_empty() {
            // One order across the slab: the covered length is linear.
            return Ok((b - a) * self.length_at(0.5 * (a + b)));
        }
        self.cuts.sort_by(f64::total_cmp);
        self.cuts.dedup();
        let mut cuts = std::mem::take(&mut self.cuts);
        let mut area = 0.0;
        let mut left = a;
        cuts.push(b);
        for &right in &cuts {
            if right > left {
                budget.charge(self.active.len() as u64, Exhausted::Crossings(*crossings))?;
                area += (right - left) * self.length_at(0.5 * (left + right));
            }
            left = right;
        }
        self.cuts = cuts;
        Ok(area)
    }

    /// The covered length of the vertical line at `x` (inside a slab whose
    /// edges do not cross).
    fn length_at(&mut self, x: f64) -> f64 {
        self.at.clear();
        for &e in &self.active {
            let edge = &self.edges[e as usize];
            self.at.push((edge.y_at(x), edge.slope(), e));
        }
        self.at
            .sort_by(|p, q| p.0.total_cmp(&q.0).then(p.1.total_cmp(&q.1)));
        let region = self.roles.contains(&Role::Region);
        let mut solid = 0usize;
        let mut inside_region = false;
        let mut covered = false;
        let mut from = 0.0;
        let mut length = 0.0;
        self.painted.clear();
        for &(y, _, e) in &self.at {
            let edge = self.edges[e as usize];
            let m = edge.member as usize;
            let before = self.winding[m] != 0;
            self.winding[m] += edge.dir;
            let after = self.winding[m] != 0;
            if before != after {
                match self.roles[m] {
                    Role::Solid => {
                        if after {
                            solid += 1;
                        } else {
                            solid -= 1;
                        }
                    }
                    Role::Region => inside_region = after,
                    Role::Paint | Role::Erase => {
                        if after {
                            self.painted.push(edge.member);
                        }
                    }
                }
            }
            while let Some(&top) = self.painted.peek() {
                if self.winding[top as usize] != 0 {
                    break;
                }
                self.painted.pop();
            }
            let painted = self
                .painted
                .peek()
                .is_some_and(|&top| self.roles[top as usize] == Role::Paint);
            let now = (!region || inside_region) && (solid > 0 || painted);
            if covered && !now {
                length += y - from;
            } else if now && !covered {
                from = y;
            }
            covered = now;
        }
        // Every member's winding is zero again above its top edge; clear
        // any rounding leftovers for the next line.
        for &(_, _, e) in &self.at {
            self.winding[self.edges[e as usize].member as usize] = 0;
        }
        length
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x0: f64, y0: f64, x1: f64, y1: f64) -> Vec<Point> {
        vec![
            Point::new(x0, y0),
            Point::new(x1, y0),
            Point::new(x1, y1),
            Point::new(x0, y1),
        ]
    }

    fn covered(members: &[(Role, Vec<Point>)]) -> f64 {
        let mut s = Sweep::default();
        s.clear();
        for (role, ring) in members {
            s.add(*role, [ring.as_slice()]);
        }
        let mut budget = Budget {
            spent: 0,
            allowance: u64::MAX,
        };
        s.covered(&mut budget).unwrap()
    }

    #[test]
    fn overlapping_squares_count_once() {
        let a = covered(&[
            (Role::Solid, square(0.0, 0.0, 2.0, 2.0)),
            (Role::Solid, square(1.0, 1.0, 3.0, 3.0)),
        ]);
        assert!((a - 7.0).abs() < 1e-12, "{a}");
    }

    #[test]
    fn an_eraser_clears_earlier_paint_only() {
        let a = covered(&[
            (Role::Paint, square(0.0, 0.0, 2.0, 2.0)),
            (Role::Erase, square(1.0, 0.0, 3.0, 2.0)),
            (Role::Paint, square(2.0, 0.0, 4.0, 1.0)),
        ]);
        // [0,1]×[0,2] painted, [1,2]×[0,2] erased, then [2,4]×[0,1].
        assert!((a - 4.0).abs() < 1e-12, "{a}");
        // A solid piece is not erased.
        let b = covered(&[
            (Role::Solid, square(0.0, 0.0, 1.0, 1.0)),
            (Role::Erase, square(0.0, 0.0, 1.0, 1.0)),
        ]);
        assert!((b - 1.0).abs() < 1e-12, "{b}");
    }

    #[test]
    fn crossing_triangles_are_cut_at_their_crossing() {
        // Two triangles whose slanted edges cross inside one slab.
        let t1 = vec![
            Point::new(0.0, 0.0),
            Point::new(4.0, 4.0),
            Point::new(0.0, 4.0),
        ];
        let t2 = vec![
            Point::new(0.0, 4.0),
            Point::new(4.0, 0.0),
            Point::new(4.0, 4.0),
        ];
        // Union: the square less the bottom triangle under both diagonals.
        let a = covered(&[(Role::Solid, t1), (Role::Solid, t2)]);
        assert!((a - 12.0).abs() < 1e-12, "{a}");
    }

    #[test]
    fn the_region_bounds_what_counts() {
        let a = covered(&[
            (Role::Solid, square(0.0, 0.0, 4.0, 4.0)),
            (Role::Region, square(1.0, 1.0, 2.0, 5.0)),
        ]);
        assert!((a - 3.0).abs() < 1e-12, "{a}");
    }

    #[test]
    fn a_hole_is_not_covered() {
        let mut hole = square(1.0, 1.0, 2.0, 2.0);
        hole.reverse();
        let mut s = Sweep::default();
        s.clear();
        let outer = square(0.0, 0.0, 3.0, 3.0);
        s.add(Role::Solid, [outer.as_slice(), hole.as_slice()]);
        let mut budget = Budget {
            spent: 0,
            allowance: u64::MAX,
        };
        let a = s.covered(&mut budget).unwrap();
        assert!((a - 8.0).abs() < 1e-12, "{a}");
        assert!(budget.spent > 0);
    }

    #[test]
    fn the_budget_stops_the_sweep() {
        let mut s = Sweep::default();
        s.clear();
        for k in 0..50 {
            let d = f64::from(k) * 0.01;
            let t = vec![
                Point::new(0.0, d),
                Point::new(4.0, 4.0 - d),
                Point::new(0.0, 4.0),
            ];
            s.add(Role::Paint, [t.as_slice()]);
            let u = vec![
                Point::new(0.0, 4.0 - d),
                Point::new(4.0, d),
                Point::new(4.0, 4.0),
            ];
            s.add(Role::Paint, [u.as_slice()]);
        }
        let mut budget = Budget {
            spent: 0,
            allowance: 2_000,
        };
        assert!(matches!(
            s.covered(&mut budget),
            Err(Exhausted::Crossings(_))
        ));
        assert!(budget.spent <= 2_001);
    }
}
