//! Zones and features of a generated map, on the hexes the terrain leaves
//! usable.
//!
//! On a symmetric map side 0's zone and features are placed and their
//! images give every other side's, so a hex is taken for side 0 only when
//! it and all its images are usable and free. On an asymmetric map each
//! side is placed on its own, the same way. Each side places in its own
//! sector (the hexes nearer its home than any other's), so sides never
//! compete for a hex:
//!
//! - the zone: the 10 usable hexes nearest the home, grown outwards so
//!   that they are connected;
//! - the base: the hex next to the zone farthest from the centre;
//! - barracks: next to the zone, spread apart;
//! - Energy objectives: part way from the home to the centre, spread to
//!   either hand, plus one on the centre hex when asked;
//! - Outposts: at the fords, passes and land bridges of the sector, else
//!   part way out;
//! - bushes: one beside each objective and Outpost, on the home side, the
//!   rest along the way from the home to the centre.

use super::Params;
use super::frame::Frame;
use super::terrain::STEP;
use crate::coverage::Coverage;
use crate::geom::Point;
use crate::layout::HexLayout;
use crate::map::{Feature, FeatureKind, Zone};
use crate::player::PlayerId;
use crate::validate::ZONE_SIZE;
use hexx::Hex;
use rand::Rng;
use std::collections::{HashMap, HashSet, VecDeque};

/// Zones and features placed.
#[derive(Clone, Debug, Default)]
pub(super) struct Placed {
    /// One zone per side, in side order.
    pub zones: Vec<Zone>,
    /// Every feature.
    pub features: Vec<Feature>,
}

/// Why a map's zones and features could not be placed: side `0`'s home has
/// too few usable hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cramped(pub usize);

/// The hexes a placement works on.
struct Board<'a> {
    frame: &'a Frame,
    layout: HexLayout,
    usable: HashSet<Hex>,
    taken: HashSet<Hex>,
    placed: Placed,
}

impl Board<'_> {
    fn centre_of(&self, h: Hex) -> Point {
        self.layout.center(h)
    }

    /// `h` and its images (one hex per image; `h` alone without symmetry).
    fn orbit(&self, h: Hex) -> Vec<Hex> {
        std::iter::once(h)
            .chain(self.frame.images.iter().map(|i| i.hex(h)))
            .collect()
    }

    /// Whether `h` can take something for `side` (with its images on a
    /// symmetric map): usable, free, and in the side's sector.
    fn fits(&self, side: usize, h: Hex) -> bool {
        if !self.frame.strictly_in(side, self.centre_of(h)) {
            return false;
        }
        let orbit = self.orbit(h);
        orbit
            .iter()
            .all(|o| self.usable.contains(o) && !self.taken.contains(o))
            && orbit
                .iter()
                .enumerate()
                .all(|(i, o)| !orbit[..i].contains(o))
    }

    /// Puts a feature of `kind` (owned by side 0 on a symmetric map, or by
    /// `side`) on `h` and its images.
    fn put(&mut self, h: Hex, kind: FeatureKind) {
        let f = Feature { hex: h, kind };
        self.taken.insert(h);
        self.placed.features.push(f);
        for image in &self.frame.images {
            let g = image.feature(f);
            self.taken.insert(g.hex);
            self.placed.features.push(g);
        }
    }

    /// The hex that fits `side` nearest `target` (ties broken by hex order),
    /// searching the sector outwards from `target`; `None` when none fits.
    fn nearest(&self, side: usize, target: Point, exclude: &HashSet<Hex>) -> Option<Hex> {
        let start = self.layout.hex_at(target);
        let mut best: Option<(f64, Hex)> = None;
        for radius in 0..64u32 {
            for h in ring(start, radius) {
                if exclude.contains(&h) || !self.fits(side, h) {
                    continue;
                }
                let d = self.centre_of(h).distance(target);
                if best.is_none_or(|(bd, bh)| d.total_cmp(&bd).then(key(h).cmp(&key(bh))).is_lt()) {
                    best = Some((d, h));
                }
            }
            if best.is_some() {
                return best.map(|(_, h)| h);
            }
        }
        None
    }
}

fn key(h: Hex) -> (i32, i32) {
    crate::layout::hex_key(h)
}

/// The hexes at distance `radius` from `c`.
fn ring(c: Hex, radius: u32) -> Vec<Hex> {
    if radius == 0 {
        vec![c]
    } else {
        c.ring(radius).collect()
    }
}

/// Places the zones and features of `params` on `coverage`.
///
/// # Errors
/// [`Cramped`] naming a side whose home holds too few usable hexes.
pub(super) fn place(
    frame: &Frame,
    params: &Params,
    coverage: &Coverage,
    chokes: &[Point],
    rng: &mut impl Rng,
) -> Result<Placed, Cramped> {
    let mut b = Board {
        frame,
        layout: *coverage.layout(),
        usable: coverage.usable_hexes().into_iter().collect(),
        taken: HashSet::new(),
        placed: Placed::default(),
    };
    let sides: Vec<usize> = if frame.images.is_empty() {
        (0..frame.anchors.len()).collect()
    } else {
        vec![0]
    };
    let mut zones: HashMap<usize, Vec<Hex>> = HashMap::new();
    for &s in &sides {
        let z = zone(&b, s).ok_or(Cramped(s))?;
        for &h in &z {
            for o in b.orbit(h) {
                b.taken.insert(o);
            }
        }
        zones.insert(s, z);
    }
    for &s in &sides {
        let z = &zones[&s];
        let owner = PlayerId(s as u8);
        home_features(&mut b, s, owner, z, params).ok_or(Cramped(s))?;
    }
    if params.centre_objective && b.usable.contains(&Hex::ZERO) && !b.taken.contains(&Hex::ZERO) {
        b.taken.insert(Hex::ZERO);
        b.placed.features.push(Feature {
            hex: Hex::ZERO,
            kind: FeatureKind::Objective,
        });
    }
    for &s in &sides {
        field_features(&mut b, s, params, chokes, rng);
    }
    let mut placed = b.placed;
    for s in 0..frame.anchors.len() {
        let owner = PlayerId(s as u8);
        let hexes = if let Some(z) = zones.get(&s) {
            z.clone()
        } else {
            let image = frame
                .images
                .iter()
                .find(|i| i.side(PlayerId(0)) == owner)
                .ok_or(Cramped(s))?;
            zones[&0].iter().map(|&h| image.hex(h)).collect()
        };
        placed.zones.push(Zone { side: owner, hexes });
    }
    Ok(placed)
}

/// Side `side`'s zone: the usable hexes of its sector nearest its home,
/// grown outwards from the nearest one so that they stay connected.
fn zone(b: &Board, side: usize) -> Option<Vec<Hex>> {
    let anchor = b.frame.anchors[side];
    let start = b.nearest(side, anchor, &HashSet::new())?;
    let mut zone = vec![start];
    let mut seen: HashSet<Hex> = HashSet::from([start]);
    let mut edge: Vec<Hex> = Vec::new();
    let push = |h: Hex, seen: &mut HashSet<Hex>, edge: &mut Vec<Hex>| {
        for n in h.all_neighbors() {
            if seen.insert(n) && b.fits(side, n) {
                edge.push(n);
            }
        }
    };
    push(start, &mut seen, &mut edge);
    while zone.len() < ZONE_SIZE {
        // The frontier hex nearest the home joins next.
        let (i, _) = edge.iter().enumerate().min_by(|(_, x), (_, y)| {
            let (dx, dy) = (
                b.centre_of(**x).distance(anchor),
                b.centre_of(**y).distance(anchor),
            );
            dx.total_cmp(&dy).then(key(**x).cmp(&key(**y)))
        })?;
        let h = edge.swap_remove(i);
        zone.push(h);
        push(h, &mut seen, &mut edge);
    }
    Some(zone)
}

/// The base and barracks of side `side` (owned by `owner`) beside its zone.
fn home_features(
    b: &mut Board,
    side: usize,
    owner: PlayerId,
    zone: &[Hex],
    params: &Params,
) -> Option<()> {
    let beside: Vec<Hex> = {
        let mut v: Vec<Hex> = zone
            .iter()
            .flat_map(|h| h.all_neighbors())
            .filter(|h| !zone.contains(h))
            .collect();
        v.sort_by_key(|&h| key(h));
        v.dedup();
        v
    };
    let centre = b.frame.centre;
    // The base stands a hex behind the zone, with room around it to attack
    // it from (as the bundled two-player maps have it), or else beside it.
    let behind: Vec<Hex> = {
        let mut v: Vec<Hex> = beside
            .iter()
            .flat_map(|h| h.all_neighbors())
            .filter(|h| !zone.contains(h) && !beside.contains(h))
            .collect();
        v.sort_by_key(|&h| key(h));
        v.dedup();
        v
    };
    let open_around = |h: Hex| {
        h.all_neighbors()
            .iter()
            .filter(|n| b.usable.contains(n) && !zone.contains(n))
            .count()
            >= 3
    };
    let farthest = |cands: &[Hex]| {
        cands
            .iter()
            .copied()
            .filter(|&h| b.fits(side, h) && open_around(h))
            .max_by(|&x, &y| {
                let (dx, dy) = (
                    b.centre_of(x).distance(centre),
                    b.centre_of(y).distance(centre),
                );
                dx.total_cmp(&dy).then(key(y).cmp(&key(x)))
            })
    };
    let base = farthest(&behind)
        .or_else(|| farthest(&beside))
        .or_else(|| beside.iter().copied().find(|&h| b.fits(side, h)))?;
    b.put(base, FeatureKind::Base { side: owner });
    let mut homes = vec![base];
    let near: Vec<Hex> = {
        let mut v: Vec<Hex> = beside
            .iter()
            .flat_map(|&h| std::iter::once(h).chain(h.all_neighbors()))
            .filter(|h| !zone.contains(h))
            .collect();
        v.sort_by_key(|&h| key(h));
        v.dedup();
        v
    };
    for _ in 0..params.barracks {
        // The free hex near the zone farthest from what stands there.
        let Some(h) = near
            .iter()
            .copied()
            .filter(|&h| b.fits(side, h))
            .max_by(|&x, &y| {
                let spread = |h: Hex| {
                    homes
                        .iter()
                        .map(|&o| b.centre_of(o).distance(b.centre_of(h)))
                        .fold(f64::INFINITY, f64::min)
                };
                spread(x).total_cmp(&spread(y)).then(key(y).cmp(&key(x)))
            })
        else {
            break;
        };
        b.put(h, FeatureKind::Barracks { side: owner });
        homes.push(h);
    }
    Some(())
}

/// Objectives, Outposts and bushes of side `side`.
fn field_features(
    b: &mut Board,
    side: usize,
    params: &Params,
    chokes: &[Point],
    rng: &mut impl Rng,
) {
    let anchor = b.frame.anchors[side];
    let centre = b.frame.centre;
    let way = centre - anchor;
    let len = anchor.distance(centre).max(1.0);
    let across = Point::new(-way.y / len, way.x / len);
    let none = HashSet::new();
    let mut cover = Vec::new();
    let k = params.objectives;
    for j in 0..k {
        let spread = if k == 1 {
            rng.random_range(-0.3..0.3)
        } else {
            -0.45 + 0.9 * f64::from(j) / f64::from(k - 1)
        };
        let t = anchor + way * rng.random_range(0.4..0.62) + across * (spread * len);
        if let Some(h) = b.nearest(side, t, &none) {
            b.put(h, FeatureKind::Objective);
            cover.push(h);
        }
    }
    let mut own: Vec<Point> = chokes
        .iter()
        .copied()
        .filter(|&c| b.frame.strictly_in(side, c))
        .collect();
    own.sort_by(|x, y| {
        let score = |p: Point| (p.distance(anchor) / len - 0.65).abs();
        score(*x).total_cmp(&score(*y))
    });
    for j in 0..usize::from(params.outposts) {
        let t = own.get(j).copied().unwrap_or_else(|| {
            anchor
                + way * rng.random_range(0.55..0.75)
                + across * (rng.random_range(-0.4..0.4) * len)
        });
        if let Some(h) = b.nearest(side, t, &none) {
            b.put(h, FeatureKind::Outpost);
            cover.push(h);
        }
    }
    let mut left = usize::from(params.bushes);
    for h in cover {
        if left == 0 {
            break;
        }
        // Beside the feature, a step towards home.
        let p = b.centre_of(h);
        let t = p + (anchor - p) * (1.5 * STEP / p.distance(anchor).max(1.0));
        if let Some(g) = b.nearest(side, t, &none) {
            b.put(g, FeatureKind::Bush);
            left -= 1;
        }
    }
    for _ in 0..left {
        let t = anchor
            + way * rng.random_range(0.3..0.7)
            + across * (rng.random_range(-0.35..0.35) * len);
        if let Some(g) = b.nearest(side, t, &none) {
            b.put(g, FeatureKind::Bush);
        }
    }
}

/// The connected groups of `hexes` (each sorted), largest first.
pub(super) fn components(hexes: &[Hex]) -> Vec<Vec<Hex>> {
    let set: HashSet<Hex> = hexes.iter().copied().collect();
    let mut seen: HashSet<Hex> = HashSet::new();
    let mut out = Vec::new();
    for &h in hexes {
        if !seen.insert(h) {
            continue;
        }
        let mut group = vec![h];
        let mut queue = VecDeque::from([h]);
        while let Some(x) = queue.pop_front() {
            for n in x.all_neighbors() {
                if set.contains(&n) && seen.insert(n) {
                    group.push(n);
                    queue.push_back(n);
                }
            }
        }
        group.sort_by_key(|&g| key(g));
        out.push(group);
    }
    out.sort_by(|a, b| b.len().cmp(&a.len()).then(key(a[0]).cmp(&key(b[0]))));
    out
}
