//! Distance parity: for each side, the steps from its starting zone to the
//! Energy objectives, the Outposts, its own barracks and the enemy bases,
//! nearest first, and where the sides differ by more than
//! [`DISTANCE_MARGIN`] steps.
//!
//! The one reading of "is every side about as far from what it fights
//! over": validation's `distance-imbalance` warnings, the editor's parity
//! table and the distance figures of the fairness summary
//! ([`crate::analysis::fairness`]) all judge with this margin. Like every
//! static figure it does not see turn order or tempo, so it never
//! certifies a map (`fairness.md`): it points at what to change.
//!
//! ```
//! use hexwright_engine::coverage::Coverage;
//! use hexwright_engine::format;
//! use hexwright_engine::parity;
//!
//! let map = format::parse_map(include_str!("../../../maps/twin-fords.ron"), "twin-fords").unwrap();
//! let rows = parity::parity(&map, &Coverage::new(&map).unwrap()).unwrap();
//! assert!(rows.iter().all(|r| !r.uneven()), "a mirrored map is even");
//! ```

use super::coverage::Coverage;
use super::layout::hex_key;
use super::validate::DistanceField;
use super::{FeatureKind, Map, Side};
use crate::player::PlayerId;
use hexx::Hex;

/// Largest allowed difference, in steps, between two sides' distances to
/// comparable targets (the k-th nearest of a kind) before they count as
/// uneven.
pub const DISTANCE_MARGIN: u32 = 2;

/// What a row measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Energy objectives (steps to stand on one).
    Objectives,
    /// Outposts (steps to stand on one).
    Outposts,
    /// The side's own barracks (steps to stand on one).
    OwnBarracks,
    /// Every other side's base (steps to stand beside it: a base cannot be
    /// entered).
    EnemyBases,
}

impl Target {
    /// Every target, in table order.
    pub const ALL: [Self; 4] = [
        Self::Objectives,
        Self::Outposts,
        Self::OwnBarracks,
        Self::EnemyBases,
    ];

    /// Its name in a table.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Objectives => "Energy objectives",
            Self::Outposts => "Outposts",
            Self::OwnBarracks => "Own barracks",
            Self::EnemyBases => "Enemy base",
        }
    }

    /// Whether `kind` is this target for `side`.
    fn is(self, side: Side, kind: FeatureKind) -> bool {
        match self {
            Self::Objectives => kind == FeatureKind::Objective,
            Self::Outposts => kind == FeatureKind::Outpost,
            Self::OwnBarracks => kind == FeatureKind::Barracks { side },
            Self::EnemyBases => matches!(kind, FeatureKind::Base { side: s } if s != side),
        }
    }
}

/// One target kind: per side, each target's steps (nearest first; `None`:
/// no path) and hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParityRow {
    /// What the row measures.
    pub target: Target,
    /// Per side, nearest first.
    pub steps: Vec<Vec<(Option<u32>, Hex)>>,
}

/// One rank of a row on which the sides differ by more than the margin:
/// the farthest side and the nearest, each with its steps and the hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gap {
    /// The rank (0: each side's nearest).
    pub rank: usize,
    /// The side farthest from its target of that rank (the first in seat
    /// order among equals), its steps and the target.
    pub far: (Side, u32, Hex),
    /// The side nearest to its target of that rank.
    pub near: (Side, u32, Hex),
}

impl ParityRow {
    /// Its name in a table.
    #[must_use]
    pub fn label(&self) -> &'static str {
        self.target.label()
    }

    /// Per side, the steps alone.
    #[must_use]
    pub fn distances(&self) -> Vec<Vec<Option<u32>>> {
        self.steps
            .iter()
            .map(|s| s.iter().map(|&(d, _)| d).collect())
            .collect()
    }

    /// The ranks every side can reach on which the sides differ by more
    /// than [`DISTANCE_MARGIN`].
    #[must_use]
    pub fn gaps(&self) -> Vec<Gap> {
        let depth = self
            .steps
            .iter()
            .map(|s| s.iter().take_while(|(d, _)| d.is_some()).count())
            .min()
            .unwrap_or(0);
        (0..depth)
            .filter_map(|rank| {
                let at = |p: usize| {
                    let (d, h) = self.steps[p][rank];
                    (PlayerId(p as u8), d.unwrap_or(0), h)
                };
                let mut far = at(0);
                let mut near = far;
                for p in 1..self.steps.len() {
                    let x = at(p);
                    if x.1 > far.1 {
                        far = x;
                    }
                    if x.1 < near.1 {
                        near = x;
                    }
                }
                (far.1 - near.1 > DISTANCE_MARGIN).then_some(Gap { rank, far, near })
            })
            .collect()
    }

    /// Whether some side can reach a target of this kind that another
    /// cannot (at the same rank), or have different numbers of them.
    #[must_use]
    pub fn cut_off(&self) -> bool {
        let reached: Vec<usize> = self
            .steps
            .iter()
            .map(|s| s.iter().filter(|(d, _)| d.is_some()).count())
            .collect();
        let counts: Vec<usize> = self.steps.iter().map(Vec::len).collect();
        reached.windows(2).any(|w| w[0] != w[1]) || counts.windows(2).any(|w| w[0] != w[1])
    }

    /// Whether the sides differ: more than the margin at some rank, or cut
    /// off from a target another side reaches.
    #[must_use]
    pub fn uneven(&self) -> bool {
        self.cut_off() || !self.gaps().is_empty()
    }
}

/// Why parity cannot be worked out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParityError {
    /// A side has no starting zone to count from.
    #[error("side {side} has no starting zone to count steps from")]
    NoZone {
        /// The side.
        side: Side,
    },
}

/// The parity rows of `map` (rows with no target for any side left out).
///
/// # Errors
/// [`ParityError::NoZone`] when a side has no starting zone hex.
pub fn parity(map: &Map, coverage: &Coverage) -> Result<Vec<ParityRow>, ParityError> {
    let mut fields = Vec::new();
    for side in map.sides() {
        let zone: Vec<Hex> = map
            .zones
            .iter()
            .filter(|z| z.side == side)
            .flat_map(|z| z.hexes.iter().copied())
            .collect();
        if zone.is_empty() {
            return Err(ParityError::NoZone { side });
        }
        fields.push(DistanceField::from_sources(map, coverage, &zone));
    }
    let fields: Vec<&DistanceField> = fields.iter().collect();
    Ok(rows(map, &fields))
}

/// The parity rows from each side's distance field (one per side, in seat
/// order).
#[must_use]
pub fn rows(map: &Map, fields: &[&DistanceField]) -> Vec<ParityRow> {
    Target::ALL
        .into_iter()
        .filter_map(|target| {
            let steps: Vec<Vec<(Option<u32>, Hex)>> = fields
                .iter()
                .enumerate()
                .map(|(p, field)| {
                    let side = PlayerId(p as u8);
                    let mut v: Vec<(Option<u32>, Hex)> = map
                        .features
                        .iter()
                        .filter(|f| {
                            target.is(side, f.kind)
                                && !matches!(f.kind, FeatureKind::Base { side: o } if o.index() >= fields.len())
                        })
                        .map(|f| {
                            let d = if target == Target::EnemyBases {
                                field.to_adjacent(f.hex)
                            } else {
                                field.to_hex(f.hex)
                            };
                            (d, f.hex)
                        })
                        .collect();
                    v.sort_by_key(|&(d, h)| (d.unwrap_or(u32::MAX), hex_key(h)));
                    v
                })
                .collect();
            steps
                .iter()
                .any(|s| !s.is_empty())
                .then_some(ParityRow { target, steps })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(steps: &[&[Option<u32>]]) -> ParityRow {
        ParityRow {
            target: Target::Objectives,
            steps: steps
                .iter()
                .map(|s| s.iter().map(|&d| (d, Hex::ZERO)).collect())
                .collect(),
        }
    }

    #[test]
    fn a_difference_within_the_margin_is_even_and_beyond_it_is_not() {
        assert!(!row(&[&[Some(4), Some(9)], &[Some(6), Some(9)]]).uneven());
        let r = row(&[&[Some(4), Some(9)], &[Some(4), Some(12)]]);
        assert!(r.uneven());
        let gaps = r.gaps();
        assert_eq!(gaps.len(), 1);
        assert_eq!(
            (gaps[0].rank, gaps[0].far.0, gaps[0].far.1),
            (1, PlayerId(1), 12)
        );
        assert_eq!((gaps[0].near.0, gaps[0].near.1), (PlayerId(0), 9));
    }

    #[test]
    fn a_target_one_side_cannot_reach_is_uneven() {
        let r = row(&[&[Some(4), Some(9)], &[Some(4), None]]);
        assert!(r.gaps().is_empty());
        assert!(r.cut_off() && r.uneven());
    }
}
