//! The outline of a set of hexes: the grid region that holds exactly those
//! hexes, as polygons with holes.
//!
//! Every side of a hex in the set whose neighbour is not in the set is a
//! boundary edge, directed as the hex's corners run (positive orientation).
//! Three hexes meet at every corner, so a corner on the boundary has exactly
//! one boundary edge leaving it, and the edges chain into closed rings
//! without choices: rings wound like the hexes are outlines, rings wound
//! the other way are holes. Corners are matched by the three hexes that
//! share them, never by comparing floating-point positions.

use crate::geom::{self, Point};
use crate::layout::{HexLayout, hex_key};
use crate::map::{GridPart, Polygon};
use hexx::Hex;
use std::collections::{BTreeMap, BTreeSet};

/// A corner of the hex lattice, named by the three hexes that share it
/// (sorted by row, then column).
type CornerKey = [(i32, i32); 3];

/// For each corner `k` of a hex, the two axial directions of the
/// neighbours that share it.
fn corner_neighbours(layout: &HexLayout) -> [[Hex; 2]; 6] {
    let corners = layout.corners(Hex::ZERO);
    std::array::from_fn(|k| {
        let mut dirs: Vec<Hex> = Hex::NEIGHBORS_COORDS.to_vec();
        dirs.sort_by(|a, b| {
            let da = layout.center(*a).distance(corners[k]);
            let db = layout.center(*b).distance(corners[k]);
            da.total_cmp(&db)
        });
        [dirs[0], dirs[1]]
    })
}

fn corner_key(h: Hex, pair: [Hex; 2]) -> CornerKey {
    let mut k = [hex_key(h), hex_key(h + pair[0]), hex_key(h + pair[1])];
    k.sort_unstable();
    k
}

/// The grid region holding exactly `hexes` in `layout`: its parts (each an
/// outline with its holes), largest first. Empty when `hexes` is.
///
/// # Errors
/// When a ring has more corners than a polygon may hold
/// ([`crate::limits::MAX_RING_VERTICES`]).
pub fn outline(hexes: &BTreeSet<(i32, i32)>, layout: &HexLayout) -> Result<Vec<GridPart>, String> {
    let pairs = corner_neighbours(layout);
    let inside = |h: Hex| hexes.contains(&hex_key(h));
    // Boundary edges by the corner they leave: (point there, corner reached).
    let mut edges: BTreeMap<CornerKey, (Point, CornerKey)> = BTreeMap::new();
    for &(r, q) in hexes {
        let h = Hex::new(q, r);
        let corners = layout.corners(h);
        for k in 0..6 {
            let next = (k + 1) % 6;
            // The side from corner k to k + 1 faces the neighbour both share.
            let Some(&facing) = pairs[k].iter().find(|d| pairs[next].contains(d)) else {
                continue;
            };
            if !inside(h + facing) {
                edges.insert(
                    corner_key(h, pairs[k]),
                    (corners[k], corner_key(h, pairs[next])),
                );
            }
        }
    }
    let mut rings: Vec<Vec<Point>> = Vec::new();
    while let Some((&start, _)) = edges.iter().next() {
        let mut ring = Vec::new();
        let mut at = start;
        while let Some((p, to)) = edges.remove(&at) {
            ring.push(p);
            at = to;
        }
        rings.push(ring);
    }
    let (mut outers, holes): (Vec<Vec<Point>>, Vec<Vec<Point>>) =
        rings.into_iter().partition(|r| geom::signed_area(r) > 0.0);
    outers.sort_by(|a, b| geom::signed_area(b).total_cmp(&geom::signed_area(a)));
    let mut parts: Vec<(Vec<Point>, Vec<Vec<Point>>)> =
        outers.into_iter().map(|o| (o, Vec::new())).collect();
    for hole in holes {
        // The smallest outline around the hole holds it.
        if let Some(part) = parts
            .iter_mut()
            .filter(|(o, _)| geom::point_in_ring(hole[0], o))
            .min_by(|a, b| geom::signed_area(&a.0).total_cmp(&geom::signed_area(&b.0)))
        {
            part.1.push(hole);
        }
    }
    parts
        .into_iter()
        .map(|(outer, holes)| {
            Ok(GridPart {
                outer: Polygon::new(outer).map_err(|e| format!("the grid's outline: {e}"))?,
                holes: holes
                    .into_iter()
                    .map(|h| Polygon::new(h).map_err(|e| format!("a hole in the grid: {e}")))
                    .collect::<Result<_, _>>()?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Orientation;

    fn set(hexes: &[Hex]) -> BTreeSet<(i32, i32)> {
        hexes.iter().map(|&h| hex_key(h)).collect()
    }

    #[test]
    fn one_hex_is_its_hexagon() {
        for o in [Orientation::Pointy, Orientation::Flat] {
            let layout = HexLayout::new(o, 10.0, Point::new(50.0, 50.0));
            let parts = outline(&set(&[Hex::ZERO]), &layout).unwrap();
            assert_eq!(parts.len(), 1);
            assert!(parts[0].holes.is_empty());
            let a = geom::signed_area(parts[0].outer.points());
            assert!((a - layout.hex_area()).abs() < 1e-9);
        }
    }

    #[test]
    fn a_ring_of_hexes_has_a_hole_and_an_island_is_a_part() {
        let layout = HexLayout::new(Orientation::Flat, 10.0, Point::new(0.0, 0.0));
        let mut hexes: Vec<Hex> = Hex::ZERO.ring(2).collect();
        hexes.push(Hex::new(9, 0));
        let parts = outline(&set(&hexes), &layout).unwrap();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].holes.len(), 1);
        assert!(parts[1].holes.is_empty());
        let hole = geom::signed_area(parts[0].holes[0].points()).abs();
        // The hole is the 7 hexes of radius 1.
        assert!((hole - 7.0 * layout.hex_area()).abs() < 1e-6);
        let outer = geom::signed_area(parts[0].outer.points());
        assert!((outer - 19.0 * layout.hex_area()).abs() < 1e-6);
    }
}
