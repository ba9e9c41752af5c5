//! Clipping outlines to a hex: rings against the hex's window (convex
//! Sutherland–Hodgman passes, with quick accept and reject by outcodes), the
//! areas that remain, and the winding numbers that say what is inside.

use super::{Ring, Rings, Scratch, Shape, Window};
use crate::geom::{self, Bbox, Point};

/// Clips every ring of `subject` to the convex ring `clip`, writing the
/// results to `out`; returns their total signed area.
pub(super) fn clip_rings(
    subject: &Rings,
    clip: &[Point],
    out: &mut Rings,
    clean: &mut Vec<Point>,
    edges: &mut Vec<Point>,
    buf: &mut Vec<Point>,
    tmp: &mut Vec<Point>,
) -> f64 {
    prepare_clip(clip, clean, edges);
    let clip_box = Bbox::of(clean);
    let mut a = 0.0;
    for k in 0..subject.len() {
        let ring = subject.ring(k);
        if !Bbox::of(ring).overlaps(clip_box) {
            continue;
        }
        let ra = clip_convex(ring, clean, edges, buf, tmp);
        if buf.len() >= 3 {
            out.push(buf);
            a += ra;
        }
    }
    a
}

/// The convex ring `clip` ready to clip with: into `clean` without corners
/// that repeat the one before up to rounding (`1e-12` of its size), and its
/// edges into `edges`. Clipping leaves such near-duplicates behind, and the
/// tiny edge between two of them may point backwards, which would put the
/// whole plane outside it.
pub(super) fn prepare_clip(clip: &[Point], clean: &mut Vec<Point>, edges: &mut Vec<Point>) {
    let b = Bbox::of(clip);
    let tol = 1e-12 * ((b.max.x - b.min.x) + (b.max.y - b.min.y));
    let near = |a: Point, b: Point| (a.x - b.x).abs() <= tol && (a.y - b.y).abs() <= tol;
    clean.clear();
    for &p in clip {
        if clean.last().is_none_or(|&q| !near(p, q)) {
            clean.push(p);
        }
    }
    while clean.len() > 1 && near(clean[0], clean[clean.len() - 1]) {
        clean.pop();
    }
    edges.clear();
    edges.extend((0..clean.len()).map(|i| clean[(i + 1) % clean.len()] - clean[i]));
}

/// Clips clipped ring `k` to the convex clipped ring `clip` and appends the
/// result to the clipped rings (when not empty).
pub(super) fn clip_ring_into_clipped(s: &mut Scratch, k: usize, clip: usize) {
    let mut edges = std::mem::take(&mut s.edges);
    let mut out = std::mem::take(&mut s.out);
    let mut tmp = std::mem::take(&mut s.tmp);
    let mut clean = std::mem::take(&mut s.clean);
    prepare_clip(s.clipped.ring(clip), &mut clean, &mut edges);
    clip_convex(s.clipped.ring(k), &clean, &edges, &mut out, &mut tmp);
    s.clean = clean;
    if out.len() >= 3 && geom::signed_area(&out) != 0.0 {
        s.clipped.push(&out);
    }
    s.edges = edges;
    s.out = out;
    s.tmp = tmp;
}

/// Area of `shape` inside the hex window.
pub(super) fn area_in(shape: &Shape, w: &Window, s: &mut Scratch) -> f64 {
    let mut a = 0.0;
    shape.for_near(w.bbox, |ring| a += ring_area_in(ring, w, s));
    a
}

/// The signed area of `ring ∩ hex` (see [`clip_ring`]), without building
/// the clipped polygon.
pub(super) fn ring_area_in(ring: Ring<'_>, w: &Window, s: &mut Scratch) -> f64 {
    let (subject, touches) = ring.relevant(w.bbox, &mut s.relevant);
    if !touches {
        match winding_number(w.center, subject) {
            0 => return 0.0,
            1 => return w.area,
            -1 => return -w.area,
            _ => {}
        }
    }
    let known = std::ptr::eq(subject, ring.points).then_some(ring.area);
    clip_window_area(subject, w, known, &mut s.shifted, &mut s.out, &mut s.tmp)
}

/// Clips the rings of `shape` to the hex window, appending the non-empty
/// results to `s.clipped`; returns their total signed area.
pub(super) fn clip_shape(shape: &Shape, w: &Window, s: &mut Scratch) -> f64 {
    let mut a = 0.0;
    shape.for_near(w.bbox, |ring| {
        let ra = clip_ring(ring, w, s);
        if s.out.len() >= 3 && ra != 0.0 {
            s.clipped.push(&s.out);
            a += ra;
        }
    });
    a
}

/// Clips `ring` to the hex window, writing `ring ∩ hex` to `s.out`; returns
/// its signed area. When no edge of the ring comes near the hex, the hex is
/// wholly inside or outside the ring, which its winding number around the
/// hex centre tells.
pub(super) fn clip_ring(ring: Ring<'_>, w: &Window, s: &mut Scratch) -> f64 {
    let (subject, touches) = ring.relevant(w.bbox, &mut s.relevant);
    if !touches {
        s.out.clear();
        match winding_number(w.center, subject) {
            0 => return 0.0,
            1 => {
                s.out.extend_from_slice(&w.local);
                return w.area;
            }
            -1 => {
                s.out.extend(w.local.iter().rev());
                return -w.area;
            }
            _ => {}
        }
    }
    clip_window(subject, w, &mut s.shifted, &mut s.out, &mut s.tmp)
}

/// How many times `ring` winds around `p` (positive orientation counts +1).
pub(super) fn winding_number(p: Point, ring: &[Point]) -> i32 {
    let mut wn = 0;
    let mut a = ring[ring.len() - 1];
    for &b in ring {
        if a.y <= p.y {
            if b.y > p.y && geom::cross(b - a, p - a) > 0.0 {
                wn += 1;
            }
        } else if b.y <= p.y && geom::cross(b - a, p - a) < 0.0 {
            wn -= 1;
        }
        a = b;
    }
    wn
}

/// Sutherland–Hodgman clipping of `subject` against the convex ring `clip`
/// (positive orientation, `edges[i] = clip[i + 1] − clip[i]`), writing the
/// result to `out`; returns its signed area (see [`geom::clip_convex_into`]).
///
/// Each corner of the subject is first tested against every clip edge. When
/// all corners lie outside one edge the result is empty; clip edges with no
/// corner outside are skipped (clipping against them keeps every corner),
/// so a subject inside the window is returned as it is.
pub(super) fn clip_convex(
    subject: &[Point],
    clip: &[Point],
    edges: &[Point],
    out: &mut Vec<Point>,
    tmp: &mut Vec<Point>,
) -> f64 {
    out.clear();
    if subject.is_empty() {
        return 0.0;
    }
    if clip.len() > 64 {
        geom::clip_convex_into(subject, clip, out, tmp);
        return geom::signed_area(out);
    }
    let mut all_out = u64::MAX;
    let mut any_out = 0u64;
    for &v in subject {
        let mut m = 0u64;
        for (i, (&a, &e)) in clip.iter().zip(edges).enumerate() {
            m |= u64::from(geom::cross(e, v - a) < 0.0) << i;
        }
        all_out &= m;
        any_out |= m;
    }
    clip_passes(subject, clip, edges, all_out, any_out, out, tmp, false)
}

/// The corner tests of [`clip_convex`] against a hex window, unrolled:
/// which window edges have every corner of `subject` (in the window's local
/// coordinates) outside, and which have some corner outside.
pub(super) fn window_codes(subject: &[Point], w: &Window) -> (u64, u64) {
    let mut all_out = u64::MAX;
    let mut any_out = 0u64;
    for &v in subject {
        let mut m = 0u64;
        for i in 0..6 {
            m |= u64::from(geom::cross(w.edges[i], v - w.local[i]) < 0.0) << i;
        }
        all_out &= m;
        any_out |= m;
    }
    (all_out, any_out)
}

/// [`clip_convex`] against a hex window: `subject` in world coordinates,
/// the result in `out` in the window's local coordinates (`shifted` is a
/// buffer).
pub(super) fn clip_window(
    subject: &[Point],
    w: &Window,
    shifted: &mut Vec<Point>,
    out: &mut Vec<Point>,
    tmp: &mut Vec<Point>,
) -> f64 {
    out.clear();
    if subject.is_empty() {
        return 0.0;
    }
    let subject = w.localize(subject, shifted);
    let (all_out, any_out) = window_codes(subject, w);
    clip_passes(
        subject, &w.local, &w.edges, all_out, any_out, out, tmp, false,
    )
}

/// The signed area of `subject ∩ hex window`, without building the clipped
/// polygon; `known` is the subject's own signed area when it is known.
pub(super) fn clip_window_area(
    subject: &[Point],
    w: &Window,
    known: Option<f64>,
    shifted: &mut Vec<Point>,
    out: &mut Vec<Point>,
    tmp: &mut Vec<Point>,
) -> f64 {
    if subject.is_empty() {
        return 0.0;
    }
    let subject = w.localize(subject, shifted);
    let (all_out, any_out) = window_codes(subject, w);
    if all_out == 0 && any_out == 0 {
        return known.unwrap_or_else(|| geom::signed_area(subject));
    }
    clip_passes(
        subject, &w.local, &w.edges, all_out, any_out, out, tmp, true,
    )
}

/// The Sutherland–Hodgman passes of [`clip_convex`], given which clip edges
/// have all subject corners outside (`all_out`) and which have some outside
/// (`any_out`). The clipped polygon is left in `out`, except with
/// `area_only`, where the last pass only sums its area.
#[allow(clippy::too_many_arguments)]
pub(super) fn clip_passes(
    subject: &[Point],
    clip: &[Point],
    edges: &[Point],
    all_out: u64,
    any_out: u64,
    out: &mut Vec<Point>,
    tmp: &mut Vec<Point>,
    area_only: bool,
) -> f64 {
    out.clear();
    if all_out != 0 {
        return 0.0;
    }
    if any_out == 0 {
        out.extend_from_slice(subject);
        return geom::signed_area(out);
    }
    let last = 63 - any_out.leading_zeros() as usize;
    // Whether `out` holds the polygon clipped so far (else it is `subject`).
    let mut clipped = false;
    for (i, (&a, &edge)) in clip.iter().zip(edges).enumerate() {
        if any_out & (1 << i) == 0 {
            continue;
        }
        if area_only && i == last {
            let input: &[Point] = if clipped { out } else { subject };
            return clipped_area_against(input, a, edge);
        }
        if clipped {
            geom::clip_half_plane(out, a, edge, tmp);
            std::mem::swap(out, tmp);
        } else {
            geom::clip_half_plane(subject, a, edge, out);
            clipped = true;
        }
        if out.is_empty() {
            return 0.0;
        }
    }
    geom::signed_area(out)
}

/// The signed area of what [`geom::clip_half_plane`] would output.
pub(super) fn clipped_area_against(input: &[Point], a: Point, edge: Point) -> f64 {
    // The shoelace sum about the first point emitted, so its terms are of
    // the polygon's size (see `geom::signed_area`).
    let mut first: Option<Point> = None;
    let mut last = Point::default();
    let mut sum = 0.0;
    let mut emit = |p: Point| {
        match first {
            None => first = Some(p),
            Some(f) => sum += geom::cross(last - f, p - f),
        }
        last = p;
    };
    let mut prev = input[input.len() - 1];
    let mut prev_side = geom::cross(edge, prev - a);
    for &cur in input {
        let cur_side = geom::cross(edge, cur - a);
        let cur_in = cur_side >= 0.0;
        if cur_in != (prev_side >= 0.0) {
            let t = prev_side / (prev_side - cur_side);
            emit(prev + (cur - prev) * t);
        }
        if cur_in {
            emit(cur);
        }
        prev = cur;
        prev_side = cur_side;
    }
    if first.is_some() { sum * 0.5 } else { 0.0 }
}

/// Whether `ring` is a convex polygon in positive orientation: every turn
/// goes left or straight on (up to rounding), it never doubles back, and its
/// area is positive. Rings clipped from the simple rings of a prepared shape
/// wind at most once, so these local checks are enough.
pub(super) fn is_convex(ring: &[Point]) -> bool {
    let n = ring.len();
    if n < 3 || geom::signed_area(ring) <= 0.0 {
        return false;
    }
    let edge = |i: usize| ring[(i + 1) % n] - ring[i];
    let mut prev: Option<Point> = (0..n).rev().map(edge).find(|e| e.x != 0.0 || e.y != 0.0);
    let Some(_) = prev else {
        return false;
    };
    for i in 0..n {
        let e = edge(i);
        if e.x == 0.0 && e.y == 0.0 {
            continue;
        }
        let p = prev.unwrap_or(e);
        let c = geom::cross(p, e);
        let scale = (p.x.abs() + p.y.abs()) * (e.x.abs() + e.y.abs());
        if c < -1e-12 * scale || (c <= 1e-12 * scale && p.x * e.x + p.y * e.y < 0.0) {
            return false;
        }
        prev = Some(e);
    }
    true
}
