//! Painting whole hexes: what the hex brush and the flood fill change.
//!
//! A map keeps at most one whole-hex piece per terrain kind
//! ([`crate::map::TerrainShape::Hexes`]): painting hexes of a kind adds them
//! to that kind's piece (making it when there is none) and takes them off
//! the other kinds' whole-hex pieces, so a hex is never listed twice;
//! erasing takes them off every whole-hex piece, and a piece left with no
//! hex is removed. [`paint`] returns the edits as [`PieceEdit`]s, each
//! naming the index it applies to at the moment it is applied, so the
//! editor can wrap them in one undoable command.
//!
//! [`flood`] finds the hexes a flood fill reaches: the grid hexes connected
//! to the start through hexes in the same state (free, or covered by the
//! same kind of whole hexes, or covered otherwise).

use crate::coverage::Coverage;
use crate::layout::hex_key;
use crate::map::{HexList, Map, TerrainKind, TerrainPiece, TerrainShape};
use hexx::Hex;
use std::collections::{BTreeSet, VecDeque};

/// One change to the terrain list, applied in order.
#[derive(Clone, Debug, PartialEq)]
pub enum PieceEdit {
    /// The piece at `index` becomes `piece`.
    Replace {
        /// Where.
        index: usize,
        /// The new piece.
        piece: TerrainPiece,
    },
    /// The piece at `index` is removed.
    Remove {
        /// Where.
        index: usize,
    },
    /// `piece` is appended at `index` (the end of the list).
    Insert {
        /// Where.
        index: usize,
        /// The piece.
        piece: TerrainPiece,
    },
}

/// The whole hexes of the piece at `index`, if it is a whole-hex piece.
fn hexes_of(map: &Map, index: usize) -> Option<&HexList> {
    match &map.terrain.get(index)?.shape {
        TerrainShape::Hexes { hexes } => Some(hexes),
        _ => None,
    }
}

/// The edits that paint `hexes` as whole hexes of `kind` (or, with
/// `erase`, take them off every whole-hex piece). Hexes outside the grid
/// are left out. Empty when nothing would change.
///
/// # Errors
/// When a piece would list more hexes than a piece may hold.
pub fn paint(
    map: &Map,
    coverage: &Coverage,
    kind: TerrainKind,
    hexes: &[Hex],
    erase: bool,
) -> Result<Vec<PieceEdit>, String> {
    let chosen: BTreeSet<(i32, i32)> = hexes
        .iter()
        .filter(|&&h| coverage.in_grid(h))
        .map(|&h| hex_key(h))
        .collect();
    let mut edits = Vec::new();
    let mut removed = Vec::new();
    let mut target = None;
    for index in 0..map.terrain.len() {
        let Some(list) = hexes_of(map, index) else {
            continue;
        };
        let own = !erase && map.terrain[index].kind == kind && target.is_none();
        let original: BTreeSet<(i32, i32)> = list.hexes().iter().map(|&h| hex_key(h)).collect();
        let mut now = original.clone();
        if own {
            target = Some(index);
            now.extend(chosen.iter().copied());
        } else {
            now.retain(|k| !chosen.contains(k));
        }
        if now == original {
            continue;
        }
        if now.is_empty() {
            removed.push(index);
            continue;
        }
        edits.push(PieceEdit::Replace {
            index,
            piece: TerrainPiece {
                kind: map.terrain[index].kind,
                shape: TerrainShape::Hexes {
                    hexes: HexList::new(now.into_iter().map(|(r, q)| Hex::new(q, r)))?,
                },
            },
        });
    }
    // Removals from the back, so every index still names its piece.
    for &index in removed.iter().rev() {
        edits.push(PieceEdit::Remove { index });
    }
    if !erase && target.is_none() && !chosen.is_empty() {
        edits.push(PieceEdit::Insert {
            index: map.terrain.len() - removed.len(),
            piece: TerrainPiece {
                kind,
                shape: TerrainShape::Hexes {
                    hexes: HexList::new(chosen.into_iter().map(|(r, q)| Hex::new(q, r)))?,
                },
            },
        });
    }
    Ok(edits)
}

/// The kind of whole hexes that cover `hex`, if any.
#[must_use]
pub fn whole_hex_kind(map: &Map, hex: Hex) -> Option<TerrainKind> {
    (0..map.terrain.len())
        .find(|&i| hexes_of(map, i).is_some_and(|l| l.contains(hex)))
        .map(|i| map.terrain[i].kind)
}

/// The grid hexes a flood fill from `start` reaches: `start` and every grid
/// hex connected to it through hexes in the same state as it (usable; or
/// covered by whole hexes of the same kind; or unusable otherwise), sorted
/// by row then column. Empty when `start` is not a grid hex.
#[must_use]
pub fn flood(map: &Map, coverage: &Coverage, start: Hex) -> Vec<Hex> {
    if !coverage.in_grid(start) {
        return Vec::new();
    }
    let state = |h: Hex| (coverage.is_usable(h), whole_hex_kind(map, h));
    let want = state(start);
    let mut seen = BTreeSet::from([hex_key(start)]);
    let mut queue = VecDeque::from([start]);
    while let Some(h) = queue.pop_front() {
        for n in h.all_neighbors() {
            if coverage.in_grid(n) && !seen.contains(&hex_key(n)) && state(n) == want {
                seen.insert(hex_key(n));
                queue.push_back(n);
            }
        }
    }
    seen.into_iter().map(|(r, q)| Hex::new(q, r)).collect()
}

/// Applies `edits` to `map`'s terrain (what the editor's command does, for
/// tests and tools without an undo history).
pub fn apply(map: &mut Map, edits: &[PieceEdit]) {
    for e in edits {
        match e {
            PieceEdit::Replace { index, piece } => map.terrain[*index] = piece.clone(),
            PieceEdit::Remove { index } => {
                map.terrain.remove(*index);
            }
            PieceEdit::Insert { index, piece } => map.terrain.insert(*index, piece.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Orientation;

    fn map() -> Map {
        Map::new_empty("p", Orientation::Pointy, 10.0, 200.0, 200.0).unwrap()
    }

    fn painted(m: &mut Map, kind: TerrainKind, hexes: &[Hex], erase: bool) {
        let c = Coverage::new(m).unwrap();
        let edits = paint(m, &c, kind, hexes, erase).unwrap();
        apply(m, &edits);
    }

    #[test]
    fn one_piece_per_kind_and_a_hex_in_one_piece_only() {
        let mut m = map();
        let a = [Hex::new(0, 0), Hex::new(1, 0)];
        painted(&mut m, TerrainKind::Rock, &a, false);
        assert_eq!(m.terrain.len(), 1);
        painted(&mut m, TerrainKind::Rock, &[Hex::new(2, 0)], false);
        assert_eq!(m.terrain.len(), 1);
        assert_eq!(whole_hex_kind(&m, Hex::new(2, 0)), Some(TerrainKind::Rock));
        // Water over a rock hex takes it off the rock.
        painted(&mut m, TerrainKind::Water, &[Hex::new(1, 0)], false);
        assert_eq!(m.terrain.len(), 2);
        assert_eq!(whole_hex_kind(&m, Hex::new(1, 0)), Some(TerrainKind::Water));
        // Erasing the last water hex removes the piece.
        painted(&mut m, TerrainKind::Rock, &[Hex::new(1, 0)], true);
        assert_eq!(m.terrain.len(), 1);
        assert_eq!(whole_hex_kind(&m, Hex::new(1, 0)), None);
        // Nothing to change, no edit; off-grid hexes are ignored.
        let c = Coverage::new(&m).unwrap();
        assert!(
            paint(&m, &c, TerrainKind::Rock, &[Hex::new(0, 0)], false)
                .unwrap()
                .is_empty()
        );
        assert!(
            paint(&m, &c, TerrainKind::Rock, &[Hex::new(90, 0)], false)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn a_flood_fills_the_region_of_the_start() {
        let mut m = map();
        // A wall of rock across the map, one hex wide.
        let wall: Vec<Hex> = (-8..=8i32).map(|r| Hex::new(-r.div_euclid(2), r)).collect();
        painted(&mut m, TerrainKind::Rock, &wall, false);
        let c = Coverage::new(&m).unwrap();
        let left = flood(&m, &c, Hex::new(-3, 0));
        let right = flood(&m, &c, Hex::new(3, 0));
        assert!(!left.is_empty() && !right.is_empty());
        assert!(left.iter().all(|h| !right.contains(h)));
        assert!(left.iter().all(|&h| c.is_usable(h)));
        let rock = flood(&m, &c, Hex::ZERO);
        assert!(
            rock.iter()
                .all(|&h| whole_hex_kind(&m, h) == Some(TerrainKind::Rock))
        );
        // The rest are the hexes the grid region's edge leaves unusable.
        let edge = c
            .hexes()
            .iter()
            .filter(|&&h| !c.is_usable(h) && whole_hex_kind(&m, h).is_none())
            .count();
        assert_eq!(
            left.len() + right.len() + rock.len() + edge,
            c.hexes().len()
        );
    }
}
