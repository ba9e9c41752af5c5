//! Reach: how far each player's starting zone is from every hex, counted
//! the way units move (steps over usable hexes; bases cannot be entered),
//! and for every objective, Outpost, barracks and base each player's
//! distance and its margin over the nearest rival.

use super::{Movement, UNREACHABLE};
use crate::map::FeatureKind;
use crate::player::PlayerId;
use crate::rules::arena::{Arena, Cell, NO_CELL, Site};
use hexx::Hex;
use serde::Serialize;
use std::collections::VecDeque;

/// Steps from each zone, and the features' distances.
#[derive(Clone, Debug, Serialize)]
pub struct Reach {
    /// Per player, per cell: steps from the player's zone
    /// ([`UNREACHABLE`] where no path leads; bases are never entered).
    #[serde(skip)]
    pub steps: Vec<Vec<u16>>,
    /// Objectives, Outposts, barracks and bases, in that order and each in
    /// cell order.
    pub features: Vec<FeatureReach>,
}

/// One feature's distances.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FeatureReach {
    /// What it is.
    pub kind: FeatureKind,
    /// Where it stands.
    #[serde(serialize_with = "super::axial")]
    pub hex: Hex,
    /// Its cell.
    #[serde(skip)]
    pub cell: Cell,
    /// Per player: steps from the zone to it (to a hex beside it, for a
    /// base, which cannot be entered); `None` when no path leads there.
    pub steps: Vec<Option<u16>>,
    /// Per player: turns to get there.
    pub turns: Vec<Option<u16>>,
    /// Per player: its steps minus the nearest rival's (negative: it gets
    /// there first); `None` when either cannot get there.
    pub margin: Vec<Option<i32>>,
}

impl FeatureReach {
    /// The players that get there first (one, or several on a tie; none
    /// when nobody can).
    #[must_use]
    pub fn first(&self) -> Vec<PlayerId> {
        let Some(best) = self.steps.iter().flatten().min() else {
            return Vec::new();
        };
        (0..self.steps.len())
            .filter(|&p| self.steps[p] == Some(*best))
            .map(|p| PlayerId(p as u8))
            .collect()
    }
}

impl Reach {
    /// The reach of every player's zone on `arena`.
    #[must_use]
    pub fn new(arena: &Arena, players: usize, movement: Movement) -> Self {
        let steps: Vec<Vec<u16>> = (0..players)
            .map(|p| {
                let zone = arena
                    .zones
                    .get(PlayerId(p as u8))
                    .map_or(&[][..], Vec::as_slice);
                field_masked(arena, zone, &[])
            })
            .collect();
        let mut features = Vec::new();
        let listed = arena
            .objectives
            .iter()
            .map(|&c| (c, FeatureKind::Objective))
            .chain(arena.outposts.iter().map(|&c| (c, FeatureKind::Outpost)))
            .chain(
                arena
                    .barracks
                    .iter()
                    .map(|&(c, side)| (c, FeatureKind::Barracks { side })),
            )
            .chain(
                arena
                    .bases
                    .iter()
                    .map(|&(c, side)| (c, FeatureKind::Base { side })),
            );
        for (cell, kind) in listed {
            let per: Vec<u16> = steps.iter().map(|f| to_feature(arena, f, cell)).collect();
            features.push(FeatureReach {
                kind,
                hex: arena.hex(cell),
                cell,
                steps: per.iter().map(|&s| known(s)).collect(),
                turns: per.iter().map(|&s| movement.turns(s)).collect(),
                margin: margins(&per),
            });
        }
        Self { steps, features }
    }

    /// Steps from `player`'s zone to `cell`.
    #[must_use]
    pub fn steps(&self, player: PlayerId, cell: Cell) -> u16 {
        self.steps
            .get(player.index())
            .and_then(|f| f.get(usize::from(cell)))
            .copied()
            .unwrap_or(UNREACHABLE)
    }
}

fn known(s: u16) -> Option<u16> {
    (s != UNREACHABLE).then_some(s)
}

/// Each player's steps minus the nearest rival's.
fn margins(per: &[u16]) -> Vec<Option<i32>> {
    (0..per.len())
        .map(|p| {
            let rival = (0..per.len())
                .filter(|&q| q != p)
                .map(|q| per[q])
                .min()
                .unwrap_or(UNREACHABLE);
            (per[p] != UNREACHABLE && rival != UNREACHABLE)
                .then(|| i32::from(per[p]) - i32::from(rival))
        })
        .collect()
}

/// Steps of `field` to `cell`: to the cell itself, or for a base (never
/// entered) to the nearest hex beside it.
pub(crate) fn to_feature(arena: &Arena, field: &[u16], cell: Cell) -> u16 {
    if matches!(arena.site(cell), Site::Base(_)) {
        arena
            .neighbours(cell)
            .iter()
            .filter(|&&n| n != NO_CELL)
            .map(|&n| field[usize::from(n)])
            .min()
            .unwrap_or(UNREACHABLE)
    } else {
        field[usize::from(cell)]
    }
}

/// Breadth-first steps from `sources` over usable hexes, bases and the
/// cells `blocked` marks never entered (an empty mask blocks nothing).
pub(crate) fn field_masked(arena: &Arena, sources: &[Cell], blocked: &[bool]) -> Vec<u16> {
    let mut dist = vec![UNREACHABLE; arena.len()];
    let mut queue = VecDeque::new();
    let passable = |c: Cell| {
        !matches!(arena.site(c), Site::Base(_))
            && !blocked.get(usize::from(c)).copied().unwrap_or(false)
    };
    for &s in sources {
        if passable(s) && dist[usize::from(s)] == UNREACHABLE {
            dist[usize::from(s)] = 0;
            queue.push_back(s);
        }
    }
    while let Some(c) = queue.pop_front() {
        let d = dist[usize::from(c)] + 1;
        for &n in arena.neighbours(c) {
            if n != NO_CELL && dist[usize::from(n)] == UNREACHABLE && passable(n) {
                dist[usize::from(n)] = d;
                queue.push_back(n);
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::super::test_maps::{at, picture};
    use super::super::{Analysis, Movement};
    use crate::map::FeatureKind;

    #[test]
    fn steps_actions_and_margins_on_a_corridor() {
        // Side 0 at the left end, side 1 at the right; the objective is 4
        // hexes from side 0's zone and 6 from side 1's.
        let (map, cov) = picture(&["0...o.....1"], 2);
        let a = Analysis::new(&map, &cov, Movement::AKW);
        let o = &a.reach.features[0];
        assert_eq!(o.kind, FeatureKind::Objective);
        assert_eq!(o.hex, at(4, 0));
        assert_eq!(o.steps, vec![Some(4), Some(6)]);
        assert_eq!(o.turns, vec![Some(2), Some(2)]);
        assert_eq!(o.margin, vec![Some(-2), Some(2)]);
        assert_eq!(o.first(), vec![crate::player::PlayerId(0)]);
    }

    #[test]
    fn bases_block_and_are_reached_from_beside() {
        // The base cuts the corridor: side 0 reaches it (from beside) but
        // nothing beyond it.
        let (map, cov) = picture(&["0..X..o"], 2);
        let a = Analysis::new(&map, &cov, Movement::AKW);
        let objective = &a.reach.features[0];
        assert_eq!(objective.steps[0], None, "behind the base");
        let base = a
            .reach
            .features
            .iter()
            .find(|f| matches!(f.kind, FeatureKind::Base { .. }))
            .expect("the base");
        assert_eq!(base.steps[0], Some(2));
        assert_eq!(base.margin[0], None, "side 1 has no zone");
    }
}
