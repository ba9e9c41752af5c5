//! What makes a generated map playable, checked and repaired.
//!
//! After the terrain is laid and the zones and features placed, two checks:
//!
//! - **one field**: every zone hex and every feature lies in one connected
//!   group of usable hexes (so every base, objective and Outpost can be
//!   reached from every zone);
//! - **two routes**: between every two zones there is a way that avoids the
//!   shortest way and the hexes beside it (away from the zones
//!   themselves), so no single corridor decides the map.
//!
//! A failed check is repaired the way a designer would: an eraser stroke
//! carved along the way that should be open (which opens rivers, straits
//! and ridges, all brush strokes), and every rock, wood or pond standing
//! in that way taken out with its images. A symmetric map is carved with
//! the images of each cut, so it stays symmetric. After a few rounds of
//! repair the map keeps only its rim: an open field, which always passes.
//!
//! A symmetric map is then checked for hexes usable in one place and not
//! in its image: a piece and its image cover a hex and its image by the
//! same share only up to rounding, so a hex covered about half can fall
//! either way. Each such hex is covered whole (a piece of whole hexes of
//! the terrain nearest it), and the checks run again.

use super::frame::Frame;
use super::place::{self, Placed};
use super::terrain::{HOME_CLEAR, STEP, Work, clearance, segment_distance, stroke};
use super::{GenerateError, Params, coverage_of};
use crate::coverage::Coverage;
use crate::geom::Point;
use crate::map::{TerrainKind, TerrainShape};
use hexx::Hex;
use rand::Rng;
use std::collections::{HashMap, HashSet, VecDeque};

/// Rounds of repair before the terrain is cleared.
const REPAIRS: usize = 6;

/// Places the zones and features on `work`'s terrain, repairing the
/// terrain until the map is playable (see the module docs).
///
/// # Errors
/// A map that breaks a limit (a bug).
pub(super) fn settle(
    frame: &Frame,
    params: &Params,
    work: &mut Work,
    rng: &mut impl Rng,
) -> Result<Placed, GenerateError> {
    for round in 0..=REPAIRS {
        if round == REPAIRS {
            work.motifs.clear();
            work.chokes.clear();
        }
        let mut map = frame.map.clone();
        map.terrain = work.pieces();
        let coverage = coverage_of(&map)?;
        let placed = match place::place(frame, params, &coverage, &work.chokes, rng) {
            Ok(p) => p,
            Err(place::Cramped(side)) => {
                clear_around(work, frame.anchors[side], HOME_CLEAR * 1.2);
                continue;
            }
        };
        if let Some(way) = trouble(&coverage, &placed) {
            carve(frame, work, &coverage, &way);
        } else {
            let uneven = uneven(frame, work, &coverage);
            if uneven.is_empty() {
                return Ok(placed);
            }
            work.fill(&uneven);
        }
    }
    // The open rim always passes; this is only reached if it did not.
    let mut map = frame.map.clone();
    map.terrain.clear();
    let coverage = coverage_of(&map)?;
    place::place(frame, params, &coverage, &[], rng).map_err(|place::Cramped(side)| {
        GenerateError::Params(format!(
            "the map is too small for side {side}'s zone, base and barracks; ask for more hexes"
        ))
    })
}

/// Each usable hex whose image under one of the frame's motions is not
/// usable, with the kind of the laid piece nearest its centre (rounding
/// in the coverage's boolean operations, not the design: the pieces are
/// laid with their images).
fn uneven(frame: &Frame, work: &Work, coverage: &Coverage) -> Vec<(TerrainKind, Hex)> {
    if frame.images.is_empty() {
        return Vec::new();
    }
    let layout = coverage.layout();
    coverage
        .hexes()
        .iter()
        .copied()
        .filter(|&h| coverage.is_usable(h))
        .filter(|&h| {
            frame.images.iter().any(|i| {
                let m = i.hex(h);
                coverage.in_grid(m) && !coverage.is_usable(m)
            })
        })
        .map(|h| {
            let c = layout.center(h);
            let kind = work
                .motifs
                .iter()
                .flat_map(|m| &m.pieces)
                .filter(|p| !p.shape.is_eraser())
                .map(|p| (clearance(&p.shape, c), p.kind))
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .map_or(TerrainKind::Rock, |(_, k)| k);
            (kind, h)
        })
        .collect()
}

/// A way that must be opened: from one hex to another.
type Way = (Hex, Hex);

/// The first failed check: the way to open, or `None` when the map passes.
fn trouble(coverage: &Coverage, placed: &Placed) -> Option<Way> {
    let usable = coverage.usable_hexes();
    let groups = place::components(&usable);
    let group_of: HashMap<Hex, usize> = groups
        .iter()
        .enumerate()
        .flat_map(|(i, g)| g.iter().map(move |&h| (h, i)))
        .collect();
    let key_hexes: Vec<Hex> = placed
        .zones
        .iter()
        .flat_map(|z| z.hexes.iter().copied())
        .chain(placed.features.iter().map(|f| f.hex))
        .collect();
    let home = placed.zones.first()?.hexes.first().copied()?;
    let main = *group_of.get(&home)?;
    if let Some(&stray) = key_hexes.iter().find(|h| group_of.get(h) != Some(&main)) {
        return Some((home, stray));
    }
    let field: HashSet<Hex> = groups[main].iter().copied().collect();
    for (i, a) in placed.zones.iter().enumerate() {
        for b in &placed.zones[i + 1..] {
            if let Some(way) = one_route(&field, &a.hexes, &b.hexes) {
                return Some(way);
            }
        }
    }
    None
}

/// Breadth-first distances over `field` from `from`, avoiding `avoid`.
fn distances(field: &HashSet<Hex>, from: &[Hex], avoid: &HashSet<Hex>) -> HashMap<Hex, u32> {
    let mut dist: HashMap<Hex, u32> = from.iter().map(|&h| (h, 0)).collect();
    let mut queue: VecDeque<Hex> = from.iter().copied().collect();
    while let Some(h) = queue.pop_front() {
        let d = dist[&h];
        for n in h.all_neighbors() {
            if field.contains(&n) && !avoid.contains(&n) && !dist.contains_key(&n) {
                dist.insert(n, d + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

/// When zones `a` and `b` have a single route: the way a second one should
/// take (from `a` to `b`, round the first). The first route is one
/// shortest way; a second avoids it and the hexes beside it, away from the
/// zones.
fn one_route(field: &HashSet<Hex>, a: &[Hex], b: &[Hex]) -> Option<Way> {
    let mut parent: HashMap<Hex, Hex> = HashMap::new();
    let mut dist: HashMap<Hex, u32> = a.iter().map(|&h| (h, 0)).collect();
    let mut queue: VecDeque<Hex> = a.iter().copied().collect();
    let mut end = None;
    while let Some(h) = queue.pop_front() {
        if b.contains(&h) {
            end = Some(h);
            break;
        }
        let d = dist[&h];
        for n in h.all_neighbors() {
            if field.contains(&n) && !dist.contains_key(&n) {
                dist.insert(n, d + 1);
                parent.insert(n, h);
                queue.push_back(n);
            }
        }
    }
    let mut path = vec![end?];
    while let Some(&p) = parent.get(path.last()?) {
        path.push(p);
    }
    let near = |h: Hex| a.iter().chain(b).any(|&z| z.unsigned_distance_to(h) <= 2);
    let mut band = HashSet::new();
    for &h in &path {
        for n in std::iter::once(h).chain(h.all_neighbors()) {
            if !near(n) {
                band.insert(n);
            }
        }
    }
    let round = distances(field, a, &band);
    if b.iter().any(|h| round.contains_key(h)) {
        return None;
    }
    Some((a[0], b[0]))
}

/// Opens `way`: an eraser stroke bowed to one side of the straight line
/// between its ends (the side with less in the way), and every unerasable
/// piece in its path taken out; with the images of both on a symmetric
/// map.
fn carve(frame: &Frame, work: &mut Work, coverage: &Coverage, way: &Way) {
    let layout = coverage.layout();
    let (p, q) = (layout.center(way.0), layout.center(way.1));
    let mid = (p + q) * 0.5;
    let len = p.distance(q).max(1.0);
    let side = Point::new(-(q.y - p.y) / len, (q.x - p.x) / len);
    let bow = 0.3 * len;
    let candidates = [mid + side * bow, mid - side * bow];
    let blocked = |m: Point| -> usize {
        work.motifs
            .iter()
            .flat_map(|mo| &mo.pieces)
            .filter(|pc| !pc.shape.is_eraser())
            .filter(|pc| clearance(&pc.shape, m) < STEP)
            .count()
    };
    let via = candidates
        .into_iter()
        .filter(|&m| coverage.in_grid(layout.hex_at(m)))
        .min_by_key(|&m| blocked(m))
        .unwrap_or(mid);
    let path = [p, via, q];
    let radius = 0.7 * STEP;
    // Unerasable pieces (polygons, circles) in the way go, with their motif.
    let near = |shape: &TerrainShape| {
        path.windows(2).any(|w| {
            let c = match shape {
                TerrainShape::Circle { center, radius } => {
                    segment_distance(center.0, w[0], w[1]) - radius.get()
                }
                TerrainShape::Polygon { points } => points
                    .points()
                    .iter()
                    .map(|&v| segment_distance(v, w[0], w[1]))
                    .fold(f64::INFINITY, f64::min),
                _ => f64::INFINITY,
            };
            c < radius + 0.5 * STEP
        })
    };
    work.motifs
        .retain(|m| !m.pieces.iter().any(|pc| near(&pc.shape)));
    work.lay_again(frame, TerrainKind::Rock, stroke(radius, &path, true), via);
}

/// Takes out every motif that comes within `d` of `p`.
fn clear_around(work: &mut Work, p: Point, d: f64) {
    work.motifs.retain(|m| {
        !m.pieces
            .iter()
            .any(|pc| !pc.shape.is_eraser() && clearance(&pc.shape, p) < d)
    });
}
