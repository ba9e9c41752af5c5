//! Cover: the bushes (a unit in one is hidden from enemies more than one
//! hex away) and what each watches — the starting zones and objectives
//! within a unit's sight of it.

use crate::player::PlayerId;
use crate::rules::arena::{Arena, Cell, Site};
use hexx::Hex;
use serde::Serialize;

/// Every bush and what it watches.
#[derive(Clone, Debug, Serialize)]
pub struct Cover {
    /// The sight counted (hex distance).
    pub sight: u8,
    /// The bushes, in cell order.
    pub bushes: Vec<Bush>,
}

/// One bush.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bush {
    /// Where it stands.
    #[serde(serialize_with = "super::axial")]
    pub hex: Hex,
    /// Its cell.
    #[serde(skip)]
    pub cell: Cell,
    /// The players whose starting zone a unit hidden in it sees.
    pub watches_zones: Vec<PlayerId>,
    /// The objectives a unit hidden in it sees, in cell order.
    #[serde(serialize_with = "hexes")]
    pub watches_objectives: Vec<Hex>,
}

fn hexes<S: serde::Serializer>(hs: &[Hex], s: S) -> Result<S::Ok, S::Error> {
    use serde::Serialize as _;
    hs.iter()
        .map(|h| [h.x, h.y])
        .collect::<Vec<_>>()
        .serialize(s)
}

impl Cover {
    /// The cover of `arena` for units that see `sight` hexes.
    #[must_use]
    pub fn new(arena: &Arena, players: usize, sight: u8) -> Self {
        // Each cell's zones as bits (player 0 the lowest), so that a bush
        // asks only the cells within its sight, not every zone cell and
        // objective of the map (thousands of each on an imported map).
        let mut zone_bits = vec![0u8; arena.len()];
        for p in PlayerId::all(players) {
            for &z in arena.zones.get(p).map_or(&[][..], Vec::as_slice) {
                zone_bits[usize::from(z)] |= 1 << p.index();
            }
        }
        let bushes = (0..arena.len() as Cell)
            .filter(|&c| arena.site(c) == Site::Bush)
            .map(|cell| {
                let mut bits = 0u8;
                let mut objectives = Vec::new();
                arena.for_each_within(cell, u32::from(sight), |c| {
                    bits |= zone_bits[usize::from(c)];
                    if arena.site(c) == Site::Objective {
                        objectives.push(c);
                    }
                });
                objectives.sort_unstable();
                Bush {
                    hex: arena.hex(cell),
                    cell,
                    watches_zones: PlayerId::all(players)
                        .filter(|p| bits & (1 << p.index()) != 0)
                        .collect(),
                    watches_objectives: objectives.into_iter().map(|o| arena.hex(o)).collect(),
                }
            })
            .collect();
        Self { sight, bushes }
    }

    /// The bushes that watch `player`'s starting zone.
    pub fn watching_zone(&self, player: PlayerId) -> impl Iterator<Item = &Bush> {
        self.bushes
            .iter()
            .filter(move |b| b.watches_zones.contains(&player))
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_maps::{at, picture};
    use super::super::{Analysis, Movement};
    use crate::player::PlayerId;

    #[test]
    fn a_bush_watches_what_lies_within_sight() {
        // Sight 2: the bush sees side 0's zone (2 away) and the near
        // objective (1 away), not the far one (4 away) or side 1's zone.
        let (map, cov) = picture(&["0.bo..o..1"], 2);
        let a = Analysis::new(&map, &cov, Movement::AKW);
        assert_eq!(a.cover.bushes.len(), 1);
        let b = &a.cover.bushes[0];
        assert_eq!(b.hex, at(2, 0));
        assert_eq!(b.watches_zones, vec![PlayerId(0)]);
        assert_eq!(b.watches_objectives, vec![at(3, 0)]);
        assert_eq!(a.cover.watching_zone(PlayerId(1)).count(), 0);
    }
}
