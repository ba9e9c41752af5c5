//! Placing what a source map does not say exactly: starting zones of the
//! right size, barracks, and a number of features picked from a list of
//! sites.
//!
//! Everything works on the set of usable hexes, by steps between
//! neighbouring usable hexes, with ties broken by row then column, so the
//! result is deterministic. When the map is symmetric between two sides,
//! the caller passes the symmetry (`image`): side 1 then gets the image of
//! what side 0 got wherever that image is free, so imported maps stay fair.

use crate::layout::hex_key;
use hexx::Hex;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Hexes as a set of [`hex_key`]s.
pub type HexSet = BTreeSet<(i32, i32)>;

/// The symmetry that maps side 0's things onto side 1's.
pub type Image<'a> = &'a dyn Fn(Hex) -> Hex;

fn hex((r, q): (i32, i32)) -> Hex {
    Hex::new(q, r)
}

/// Steps from the nearest of `from` to every usable hex reachable from
/// them (through usable hexes; `from` itself need not be usable).
#[must_use]
pub fn distances(usable: &HexSet, from: &[Hex]) -> BTreeMap<(i32, i32), u32> {
    let mut dist = BTreeMap::new();
    let mut queue = VecDeque::new();
    for &h in from {
        if dist.insert(hex_key(h), 0).is_none() {
            queue.push_back(h);
        }
    }
    while let Some(h) = queue.pop_front() {
        let d = dist[&hex_key(h)];
        for n in h.all_neighbors() {
            let k = hex_key(n);
            if usable.contains(&k) && !dist.contains_key(&k) {
                dist.insert(k, d + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

/// Usable hexes nearest to `from` first (then by row and column), that
/// pass `ok`.
fn nearest(usable: &HexSet, from: &[Hex], ok: impl Fn(Hex) -> bool) -> Vec<Hex> {
    let mut v: Vec<(u32, (i32, i32))> = distances(usable, from)
        .into_iter()
        .map(|(k, d)| (d, k))
        .filter(|&(_, k)| usable.contains(&k) && ok(hex(k)))
        .collect();
    v.sort_unstable();
    v.into_iter().map(|(_, k)| hex(k)).collect()
}

/// How a starting zone was made.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ZoneMade {
    /// The zone's hexes.
    pub hexes: Vec<Hex>,
    /// How many of them are castle hexes connected to the keep.
    pub from_castle: usize,
    /// Castle hexes connected to the keep left out (the zone was full).
    pub trimmed: usize,
}

/// A starting zone of `size` hexes for the base at `base`: the castle hexes
/// connected to it through castle hexes (not the base itself), nearest
/// first; trimmed to `size` when there are more, completed with the nearest
/// free usable hexes when there are fewer. Hexes in `taken` are never used.
#[must_use]
pub fn zone(base: Hex, castles: &HexSet, usable: &HexSet, taken: &HexSet, size: usize) -> ZoneMade {
    let castle_usable: HexSet = castles.intersection(usable).copied().collect();
    let connected = distances(&castle_usable, &[base]);
    let free = |h: Hex| h != base && !taken.contains(&hex_key(h));
    let castle_hexes: Vec<Hex> = nearest(usable, &[base], |h| {
        free(h) && connected.contains_key(&hex_key(h))
    });
    let trimmed = castle_hexes.len().saturating_sub(size);
    let mut hexes: Vec<Hex> = castle_hexes.into_iter().take(size).collect();
    let from_castle = hexes.len();
    // Complete by growing from the zone, nearest to the base first.
    while hexes.len() < size {
        let mut seeds = hexes.clone();
        seeds.push(base);
        let chosen: HexSet = hexes.iter().map(|&h| hex_key(h)).collect();
        let from_base = distances(usable, &[base]);
        let mut next: Vec<(u32, (i32, i32))> = seeds
            .iter()
            .flat_map(|h| h.all_neighbors())
            .map(hex_key)
            .filter(|k| usable.contains(k) && !chosen.contains(k) && free(hex(*k)))
            .map(|k| (from_base.get(&k).copied().unwrap_or(u32::MAX), k))
            .collect();
        next.sort_unstable();
        match next.first() {
            Some(&(_, k)) => hexes.push(hex(k)),
            None => break,
        }
    }
    ZoneMade {
        hexes,
        from_castle,
        trimmed,
    }
}

/// The image under `image` of `hexes`, when every image is usable and not
/// in `taken`.
#[must_use]
pub fn mirrored(
    hexes: &[Hex],
    image: Image<'_>,
    usable: &HexSet,
    taken: &HexSet,
) -> Option<Vec<Hex>> {
    hexes
        .iter()
        .map(|&h| image(h))
        .map(|h| (usable.contains(&hex_key(h)) && !taken.contains(&hex_key(h))).then_some(h))
        .collect()
}

/// `count` barracks for the base at `base`: the free usable hexes nearest
/// to it, not in `taken`.
#[must_use]
pub fn barracks(base: Hex, count: usize, usable: &HexSet, taken: &HexSet) -> Vec<Hex> {
    nearest(usable, &[base], |h| {
        h != base && !taken.contains(&hex_key(h))
    })
    .into_iter()
    .take(count)
    .collect()
}

/// What [`pick`] chose.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picked {
    /// The sites picked, in the order they were.
    pub picked: Vec<Hex>,
    /// Symmetric pairs of sites passed over because only one of the pair
    /// would have fitted.
    pub split_pairs: usize,
}

/// Picks up to `count` of `sites` (in order of preference), skipping those
/// in `taken`. With `image`, a site and its image (when that is a site too)
/// are picked together, or not at all when only one would fit.
#[must_use]
pub fn pick(sites: &[Hex], count: usize, image: Option<Image<'_>>, taken: &HexSet) -> Picked {
    let is_site: HexSet = sites.iter().map(|&h| hex_key(h)).collect();
    let mut out = Picked::default();
    let mut used = taken.clone();
    for &s in sites {
        if out.picked.len() >= count {
            break;
        }
        if used.contains(&hex_key(s)) {
            continue;
        }
        let partner = image
            .map(|f| f(s))
            .filter(|&p| p != s && is_site.contains(&hex_key(p)) && !used.contains(&hex_key(p)));
        match partner {
            Some(p) if out.picked.len() + 2 <= count => {
                out.picked.extend([s, p]);
                used.extend([hex_key(s), hex_key(p)]);
            }
            Some(p) => {
                out.split_pairs += 1;
                used.extend([hex_key(s), hex_key(p)]);
            }
            None => {
                out.picked.push(s);
                used.insert(hex_key(s));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn disc(radius: u32) -> HexSet {
        Hex::ZERO.range(radius).map(hex_key).collect()
    }

    #[test]
    fn a_zone_takes_connected_castles_and_completes_them() {
        let usable = disc(5);
        let base = Hex::new(-3, 0);
        let castles: HexSet = [base, Hex::new(-3, 1), Hex::new(-2, 0), Hex::new(4, 0)]
            .into_iter()
            .map(hex_key)
            .collect();
        let z = zone(base, &castles, &usable, &HexSet::new(), 10);
        assert_eq!(z.hexes.len(), 10);
        assert_eq!(z.from_castle, 2, "the far castle is not connected");
        assert!(!z.hexes.contains(&base));
        assert!(z.hexes[..2].contains(&Hex::new(-3, 1)));
        // Trimmed when the castle is bigger than the zone.
        let big: HexSet = Hex::ZERO.range(3).map(hex_key).collect();
        let z = zone(Hex::ZERO, &big, &usable, &HexSet::new(), 10);
        assert_eq!((z.from_castle, z.trimmed), (10, 26));
        assert!(
            z.hexes
                .iter()
                .all(|h| h.unsigned_distance_to(Hex::ZERO) <= 2)
        );
    }

    #[test]
    fn pairs_are_picked_together() {
        let sites = [
            Hex::new(1, 0),
            Hex::new(-1, 0),
            Hex::new(0, 0),
            Hex::new(3, 0),
            Hex::new(-3, 0),
        ];
        let image = |h: Hex| -h;
        let p = pick(&sites, 4, Some(&image), &HexSet::new());
        assert_eq!(
            p.picked,
            vec![Hex::new(1, 0), Hex::new(-1, 0), Hex::new(0, 0)]
        );
        assert_eq!(p.split_pairs, 1);
        let p = pick(&sites, 5, Some(&image), &HexSet::new());
        assert_eq!(p.picked.len(), 5);
        let p = pick(&sites, 2, None, &[hex_key(Hex::new(1, 0))].into());
        assert_eq!(p.picked, vec![Hex::new(-1, 0), Hex::new(0, 0)]);
    }
}
