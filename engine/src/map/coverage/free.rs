//! How much of one hex is free: the pieces that reach it, combined exactly by
//! inclusion–exclusion while they are few and small, and by the slab sweep
//! of [`super::sweep`] (within the map's budget) when they are not.

use super::clip::{clip_ring_into_clipped, clip_rings, clip_shape, is_convex};
use super::sweep::{Budget, Exhausted, Role};
use super::{Coverage, Free, Hit, IE_MAX_MEMBERS, IE_MAX_TERMS, Rings, Scratch, Window};
use crate::map::{LimitError, PieceList};
use hexx::Hex;

impl Coverage {
    /// Free area of grid hex `i`. With `fast` false every hex with more
    /// than one piece takes the slab sweep (for tests).
    pub(super) fn compute_free(
        &self,
        i: usize,
        scratch: &mut Scratch,
        fast: bool,
        allowance: u64,
    ) -> Result<Free, LimitError> {
        let h = self.hexes[i];
        let region_area = self.region_area[i];
        let touching = &self.hex_pieces[i];
        if touching.is_empty() {
            return Ok(Free::easy(region_area));
        }
        if self.has_whole_hexes(touching) {
            return Ok(Free::easy(0.0));
        }
        let w = Window::new(&self.layout, h);
        let full = self.hex_area * (1.0 - 1e-12);
        let inside_region = region_area >= full;

        // First pass: which pieces really overlap the hex, and how much.
        let mut hits = std::mem::take(&mut scratch.hits);
        hits.clear();
        for &p in touching {
            let piece = &self.pieces[p as usize];
            let a = piece.area_in(&w, scratch);
            if a <= 0.0 {
                continue;
            }
            if !piece.painted && a >= full {
                // A polygon or circle covers the whole hex; nothing erases it.
                scratch.hits = hits;
                return Ok(Free::easy(0.0));
            }
            hits.push(Hit {
                piece: p as usize,
                area: a,
                first: 0,
                end: 0,
            });
        }
        // A stroke or an eraser that covers the whole hex decides the painted
        // layer there: the painted pieces before it no longer matter (and an
        // eraser that covers the hex leaves nothing painted, so it goes too).
        if let Some(last) = hits
            .iter()
            .rposition(|hit| self.pieces[hit.piece].painted && hit.area >= full)
        {
            let erase = self.pieces[hits[last].piece].erase;
            let mut k = 0;
            hits.retain(|hit| {
                let keep = !self.pieces[hit.piece].painted || k > last || (k == last && !erase);
                k += 1;
                keep
            });
        }
        // Erasers only matter after some painted stroke.
        let first_paint = hits
            .iter()
            .position(|hit| self.pieces[hit.piece].painted && !self.pieces[hit.piece].erase);
        match first_paint {
            Some(fp) => {
                let mut k = 0;
                hits.retain(|hit| {
                    let keep = !self.pieces[hit.piece].erase || k > fp;
                    k += 1;
                    keep
                });
            }
            None => hits.retain(|hit| !self.pieces[hit.piece].erase),
        }
        let mut work = 0;
        let free = if hits.is_empty() {
            region_area
        } else if hits.len() == 1 && inside_region {
            (region_area - hits[0].area).max(0.0)
        } else {
            // The general case works on the pieces clipped to the hex.
            scratch.clipped.clear();
            for hit in &mut hits {
                hit.first = scratch.clipped.len();
                self.pieces[hit.piece].clip_into(&w, scratch);
                hit.end = scratch.clipped.len();
            }
            let region = if inside_region {
                None
            } else {
                let first = scratch.clipped.len();
                clip_shape(&self.region, &w, scratch);
                Some(first..scratch.clipped.len())
            };
            let fast_covered = if fast {
                self.covered_by_inclusion_exclusion(&hits, region.clone(), scratch)
            } else {
                None
            };
            let covered = if let Some(c) = fast_covered {
                c
            } else {
                match self.covered_by_sweep(h, &hits, region, scratch, allowance) {
                    Ok((covered, spent)) => {
                        work = spent;
                        covered
                    }
                    Err(e) => {
                        scratch.hits = hits;
                        return Err(e);
                    }
                }
            };
            (region_area - covered).max(0.0)
        };
        scratch.hits = hits;
        Ok(Free { free, work })
    }

    /// The covered area of the hex from the clipped pieces `hits` (and the
    /// clipped grid region, when it cuts the hex), without a boolean engine.
    ///
    /// The covered set's indicator is a polynomial in the members'
    /// indicators: `1 − (1 − 1_P) · Π (1 − 1_A)` over the solid pieces `A`,
    /// where the painted layer `P` starts empty and becomes `P ∪ S` (so
    /// `1 − 1_P` is multiplied by `1 − 1_S`) for each stroke `S` and `P ∖ E`
    /// for each eraser `E`, in order. Since `1_X · 1_Y = 1_{X ∩ Y}`, its
    /// integral is a signed sum of the areas of intersections of members
    /// (inclusion–exclusion), and each intersection is computed by clipping
    /// against members made of convex rings. Returns `None` when there are
    /// too many members or terms, or an intersection of two members that are
    /// not both made of convex rings is needed.
    pub(super) fn covered_by_inclusion_exclusion(
        &self,
        hits: &[Hit],
        region: Option<std::ops::Range<usize>>,
        s: &mut Scratch,
    ) -> Option<f64> {
        let k = hits.len();
        if k > IE_MAX_MEMBERS {
            return None;
        }
        // A member can clip the others when its rings are convex (the rings
        // of a prepared shape never overlap, so it is their disjoint union).
        // Members that cannot clip go first: only a subject may be concave.
        let can_clip: Vec<bool> = hits
            .iter()
            .map(|h| (h.first..h.end).all(|r| is_convex(s.clipped.ring(r))))
            .collect();
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by_key(|&i| can_clip[i]);
        let mut members: Vec<(usize, usize, bool)> = order
            .iter()
            .map(|&i| (hits[i].first, hits[i].end, can_clip[i]))
            .collect();
        let coef = self.covered_polynomial(hits, &order);

        if s.levels.len() < IE_MAX_MEMBERS + 2 {
            s.levels.resize_with(IE_MAX_MEMBERS + 2, Rings::default);
        }
        let mut levels = std::mem::take(&mut s.levels);
        let has_subject = match region {
            None => false,
            Some(r) if r.len() == 1 && is_convex(s.clipped.ring(r.start)) => {
                // Clip every member to the convex region first.
                for m in &mut members {
                    let start = s.clipped.len();
                    for ring in m.0..m.1 {
                        clip_ring_into_clipped(s, ring, r.start);
                    }
                    (m.0, m.1) = (start, s.clipped.len());
                }
                false
            }
            Some(r) => {
                // The concave region is the subject of every term.
                let root = &mut levels[0];
                root.clear();
                for ring in r {
                    root.push(s.clipped.ring(ring));
                }
                true
            }
        };
        let mut terms = Terms {
            members: &members,
            coef: &coef,
            budget: IE_MAX_TERMS,
            eps: self.hex_area * 1e-15,
            sum: 0.0,
        };
        let ok = terms.add(&mut levels, 0, 0, has_subject, s);
        let sum = terms.sum;
        s.levels = levels;
        ok.then_some(sum)
    }

    /// The coefficients, by set of members (bit `j` for `hits[order[j]]`), of
    /// the covered indicator `1 − (1 − 1_P) · Π (1 − 1_A)` without its
    /// constant term (which is zero).
    pub(super) fn covered_polynomial(&self, hits: &[Hit], order: &[usize]) -> Vec<f64> {
        let size = 1usize << hits.len();
        let bit_of = |i: usize| 1usize << order.iter().position(|&o| o == i).unwrap_or(0);
        // Π (1 − 1_A) over the solid pieces.
        let mut solid = vec![0.0; size];
        solid[0] = 1.0;
        // 1 − 1_P, with strokes and erasers applied in order.
        let mut not_painted = vec![0.0; size];
        not_painted[0] = 1.0;
        for (i, hit) in hits.iter().enumerate() {
            let piece = &self.pieces[hit.piece];
            let bit = bit_of(i);
            if !piece.painted {
                times_complement(&mut solid, bit);
            } else if piece.erase {
                // 1 − 1_{P ∖ E} = N + 1_E − N · 1_E.
                for m in 0..size {
                    if m & bit != 0 {
                        not_painted[m] = f64::from(u8::from(m == bit)) - not_painted[m ^ bit];
                    }
                }
            } else {
                times_complement(&mut not_painted, bit);
            }
        }
        let mut coef = vec![0.0; size];
        for (a, &sa) in solid.iter().enumerate().filter(|&(_, &v)| v != 0.0) {
            for (b, &nb) in not_painted.iter().enumerate().filter(|&(_, &v)| v != 0.0) {
                coef[a | b] -= sa * nb;
            }
        }
        coef[0] = 0.0;
        coef
    }

    /// The covered area of the hex by the slab sweep (see [`super::sweep`])
    /// on the clipped pieces: solid pieces, the painted layer with its
    /// erasers applied in order, and the grid region when it cuts the hex.
    /// Returns the area and the work it took; when that would pass
    /// `allowance`, the error names the hex and the pieces there.
    pub(super) fn covered_by_sweep(
        &self,
        h: Hex,
        hits: &[Hit],
        region: Option<std::ops::Range<usize>>,
        s: &mut Scratch,
        allowance: u64,
    ) -> Result<(f64, u64), LimitError> {
        let mut sweep = std::mem::take(&mut s.sweep);
        sweep.clear();
        for hit in hits {
            let piece = &self.pieces[hit.piece];
            let role = match (piece.painted, piece.erase) {
                (false, _) => Role::Solid,
                (true, false) => Role::Paint,
                (true, true) => Role::Erase,
            };
            sweep.add(role, (hit.first..hit.end).map(|k| s.clipped.ring(k)));
        }
        if let Some(r) = region {
            sweep.add(Role::Region, r.map(|k| s.clipped.ring(k)));
        }
        let mut budget = Budget {
            spent: 0,
            allowance,
        };
        let result = sweep.covered(&mut budget);
        let corners = sweep.edge_count();
        s.sweep = sweep;
        result.map(|a| (a, budget.spent)).map_err(|why| {
            let pieces = PieceList::of(hits.iter().map(|hit| hit.piece));
            match why {
                Exhausted::Detail => LimitError::TooDetailed {
                    q: h.x,
                    r: h.y,
                    corners,
                    pieces,
                },
                Exhausted::Crossings(crossings) => LimitError::TooTangled {
                    q: h.x,
                    r: h.y,
                    crossings,
                    pieces,
                },
            }
        })
    }
}

/// Inserts `idx` into the ascending `list`.
pub(super) fn insert_sorted(list: &mut Vec<u32>, idx: u32) {
    let pos = list.partition_point(|&p| p < idx);
    list.insert(pos, idx);
}

/// Multiplies the indicator polynomial `p` (coefficients by member set) by
/// `1 − 1_X` for the member with bit `bit`: `p − p · 1_X`.
pub(super) fn times_complement(p: &mut [f64], bit: usize) {
    for m in 0..p.len() {
        if m & bit != 0 {
            p[m] = -p[m ^ bit];
        }
    }
}

/// The sum of inclusion–exclusion terms being evaluated.
struct Terms<'a> {
    /// Each member's clipped rings and whether they are all convex.
    members: &'a [(usize, usize, bool)],
    /// Coefficient of each set of members.
    coef: &'a [f64],
    /// Intersections left to compute before giving up.
    budget: usize,
    /// Intersections of at most this area count as empty.
    eps: f64,
    sum: f64,
}

impl Terms<'_> {
    /// Adds `coef[set] · area(subject ∩ members in set)` for every set of
    /// members that extends `mask` with members from index `from` on; the
    /// subject is `levels[0]` when `has_subject`, else the set's first
    /// member. Sets whose intersection is empty are not extended. Returns
    /// `false` when the budget runs out or a member that is not made of
    /// convex rings would have to clip.
    fn add(
        &mut self,
        levels: &mut [Rings],
        from: usize,
        mask: usize,
        has_subject: bool,
        s: &mut Scratch,
    ) -> bool {
        let Some((subject, rest)) = levels.split_first_mut() else {
            return false;
        };
        for (j, &(first, end, convex)) in self.members.iter().enumerate().skip(from) {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            let next = &mut rest[0];
            next.clear();
            let a = if has_subject {
                if !convex {
                    return false;
                }
                let mut a = 0.0;
                for k in first..end {
                    a += clip_rings(
                        subject,
                        s.clipped.ring(k),
                        next,
                        &mut s.clean,
                        &mut s.edges,
                        &mut s.out,
                        &mut s.tmp,
                    );
                }
                a
            } else {
                for k in first..end {
                    next.push(s.clipped.ring(k));
                }
                next.area()
            };
            if a <= self.eps {
                continue;
            }
            let set = mask | 1 << j;
            self.sum += self.coef[set] * a;
            if !self.add(rest, j + 1, set, true, s) {
                return false;
            }
        }
        true
    }
}
