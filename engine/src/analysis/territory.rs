//! Territory: the hexes each player's units reach first from the starting
//! zones (a Voronoi partition of the board in steps), ties marked.

use super::UNREACHABLE;
use super::reach::Reach;
use crate::player::PlayerId;
use crate::rules::arena::Arena;
use serde::Serialize;

/// Who reaches a cell first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Claim {
    /// No player reaches it (cut off, or a base).
    Nobody,
    /// One player gets there strictly first.
    Player(PlayerId),
    /// Several players get there in the same number of steps (a bit per
    /// player).
    Tie(u8),
}

impl Claim {
    /// The players sharing the cell: one, several on a tie, none.
    #[must_use]
    pub fn players(self) -> Vec<PlayerId> {
        match self {
            Self::Nobody => Vec::new(),
            Self::Player(p) => vec![p],
            Self::Tie(mask) => (0..8)
                .filter(|b| mask & (1 << b) != 0)
                .map(PlayerId)
                .collect(),
        }
    }

    /// `p`'s share of the cell: 1 when it is `p`'s, 1/k on a k-way tie
    /// that includes `p`, else 0.
    #[must_use]
    pub fn share(self, p: PlayerId) -> f64 {
        match self {
            Self::Nobody => 0.0,
            Self::Player(q) => f64::from(u8::from(q == p)),
            Self::Tie(mask) => {
                if mask & (1 << p.index()) == 0 {
                    0.0
                } else {
                    1.0 / f64::from(mask.count_ones())
                }
            }
        }
    }
}

/// The claim on every cell.
#[derive(Clone, Debug, Serialize)]
pub struct Territory {
    /// Per cell, in cell order.
    #[serde(skip)]
    pub claims: Vec<Claim>,
    /// Per player: its share of the cells some player reaches (ties
    /// split evenly).
    pub area_share: Vec<f64>,
    /// Cells on a tie.
    pub tied: usize,
}

impl Territory {
    /// The territories of `reach` on `arena`.
    #[must_use]
    pub fn new(arena: &Arena, reach: &Reach) -> Self {
        let players = reach.steps.len();
        let claims: Vec<Claim> = (0..arena.len())
            .map(|c| {
                let best = reach
                    .steps
                    .iter()
                    .map(|f| f[c])
                    .min()
                    .unwrap_or(UNREACHABLE);
                if best == UNREACHABLE {
                    return Claim::Nobody;
                }
                let mask = reach
                    .steps
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| f[c] == best)
                    .fold(0_u8, |m, (p, _)| m | (1 << p));
                if mask.is_power_of_two() {
                    Claim::Player(PlayerId(mask.trailing_zeros() as u8))
                } else {
                    Claim::Tie(mask)
                }
            })
            .collect();
        let reached = claims.iter().filter(|c| **c != Claim::Nobody).count();
        let area_share = (0..players)
            .map(|p| {
                let p = PlayerId(p as u8);
                let owned: f64 = claims.iter().map(|c| c.share(p)).sum();
                if reached == 0 {
                    0.0
                } else {
                    owned / reached as f64
                }
            })
            .collect();
        let tied = claims.iter().filter(|c| matches!(c, Claim::Tie(_))).count();
        Self {
            claims,
            area_share,
            tied,
        }
    }

    /// The claim on `cell`.
    #[must_use]
    pub fn claim(&self, cell: crate::rules::arena::Cell) -> Claim {
        self.claims
            .get(usize::from(cell))
            .copied()
            .unwrap_or(Claim::Nobody)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_maps::{at, picture};
    use super::super::{Analysis, Movement};
    use super::*;

    #[test]
    fn the_middle_of_an_odd_corridor_is_a_tie() {
        // 9 hexes: 4 each side of the middle one.
        let (map, cov) = picture(&["0.......1"], 2);
        let a = Analysis::new(&map, &cov, Movement::AKW);
        let mid = a.arena.cell(at(4, 0)).expect("usable");
        assert_eq!(a.territory.claim(mid), Claim::Tie(0b11));
        let left = a.arena.cell(at(3, 0)).expect("usable");
        assert_eq!(a.territory.claim(left), Claim::Player(PlayerId(0)));
        assert_eq!(a.territory.tied, 1);
        assert_eq!(a.territory.area_share, vec![0.5, 0.5]);
    }

    #[test]
    fn a_nearer_zone_holds_more_ground() {
        // 10 hexes, side 1's zone one in from its end.
        let (map, cov) = picture(&["0.......1."], 2);
        let a = Analysis::new(&map, &cov, Movement::AKW);
        assert_eq!(a.territory.tied, 1);
        // Side 0: 4 cells and half the tie; side 1: 5 cells and half.
        assert_eq!(a.territory.area_share, vec![0.45, 0.55]);
    }

    #[test]
    fn shares_split_ties_evenly() {
        let tie = Claim::Tie(0b101);
        assert_eq!(tie.players(), vec![PlayerId(0), PlayerId(2)]);
        assert!((tie.share(PlayerId(2)) - 0.5).abs() < 1e-12);
        assert!(tie.share(PlayerId(1)).abs() < 1e-12);
    }
}
