//! Map analysis: what a designer judges a competitive map by before any
//! playtest — who reaches what first, where the narrow passages are, how
//! open each area is and what the bushes hide — computed on the map's own
//! rules (usable hexes, bases block, moves of [`Movement::steps_per_action`]
//! hexes).
//!
//! [`Analysis::new`] runs every part on a valid map's [`Arena`]:
//! - [`reach`]: steps (and actions, and turns) from each player's starting
//!   zone to every hex, and each feature's distances with the margin over
//!   the nearest rival;
//! - [`territory`]: the hexes each player reaches first, ties marked;
//! - [`openness`]: each hex's distance to the nearest blocked or unusable hex;
//! - [`chokes`]: narrow passages (a watershed of the openness), with their
//!   width and how much blocking each lengthens the players' paths;
//! - [`cover`]: the bushes, and which zones and objectives each watches;
//! - [`fairness`]: one row of figures per player and the largest
//!   difference between players for each — zero on a symmetric map.
//!
//! Everything is deterministic (cells in cell order, ties broken by cell
//! index) and fast enough to run on every edit: the `analysis` criterion
//! bench times a 1,500-hex, 40-objective map.
//!
//! ```
//! use hexwright_engine::analysis::{Analysis, Movement};
//! use hexwright_engine::coverage::Coverage;
//! use hexwright_engine::format;
//!
//! // Twin Fords as designed, before its balance edits.
//! let text = include_str!("../../tests/fixtures/designs/twin-fords.ron");
//! let map = format::parse_map(text, "twin-fords").unwrap();
//! let coverage = Coverage::new(&map).unwrap();
//! let a = Analysis::new(&map, &coverage, Movement::AKW);
//! // A point-symmetric map: no figure differs between the sides.
//! assert!(a.fairness.figures.iter().all(|f| f.spread == Some(0.0)));
//! // Side 0 reaches the middle objective in as many turns as side 1.
//! let middle = a.reach.features.iter().find(|f| f.hex == hexwright_engine::Hex::ZERO).unwrap();
//! assert_eq!(middle.turns[0], middle.turns[1]);
//! ```

pub mod chokes;
pub mod cover;
pub mod fairness;
pub mod openness;
pub mod reach;
pub mod territory;

use crate::map::Map;
use crate::map::coverage::Coverage;
use crate::player::{MAX_PLAYERS, MIN_PLAYERS};
use crate::rules::arena::Arena;
use crate::ruleset::RulesetId;
use serde::Serialize;

/// Steps that mean "cannot get there".
pub const UNREACHABLE: u16 = u16::MAX;

/// How units move and see, in the terms the analysis counts in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Movement {
    /// Hexes one move action covers.
    pub steps_per_action: u8,
    /// Move actions a unit may take in one turn.
    pub actions_per_turn: u8,
    /// How far a unit sees (hex distance): what a bush watches.
    pub sight: u8,
}

impl Movement {
    /// akw-rules-v1: one move of 3 hexes a turn, sight 2.
    pub const AKW: Self = Self {
        steps_per_action: crate::rules::roster::DEFAULT_MOVEMENT,
        actions_per_turn: 1,
        sight: crate::rules::roster::DEFAULT_SIGHT,
    };
    /// phase-rules-v1: two actions a turn, each a move of 3 hexes; sight 2.
    pub const PHASE: Self = Self {
        steps_per_action: crate::rules::phase::MOVE_STEPS,
        actions_per_turn: 2,
        sight: crate::rules::roster::DEFAULT_SIGHT,
    };

    /// The movement of a ruleset.
    #[must_use]
    pub const fn of(ruleset: RulesetId) -> Self {
        match ruleset {
            RulesetId::AkwRulesV1 => Self::AKW,
            RulesetId::PhaseRulesV1 => Self::PHASE,
        }
    }

    /// The movement of the first ruleset that plays `players` players
    /// (akw-rules-v1 for two, phase-rules-v1 for three and four).
    #[must_use]
    pub fn for_players(players: usize) -> Self {
        RulesetId::for_players(players)
            .first()
            .map_or(Self::PHASE, |r| Self::of(*r))
    }

    /// Move actions needed to walk `steps` hexes.
    #[must_use]
    pub fn actions(self, steps: u16) -> Option<u16> {
        (steps != UNREACHABLE).then(|| steps.div_ceil(u16::from(self.steps_per_action.max(1))))
    }

    /// Turns needed to walk `steps` hexes.
    #[must_use]
    pub fn turns(self, steps: u16) -> Option<u16> {
        self.actions(steps)
            .map(|a| a.div_ceil(u16::from(self.actions_per_turn.max(1))))
    }
}

/// Every part of the analysis of one map.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The movement counted in.
    pub movement: Movement,
    /// Players of the map.
    pub players: usize,
    /// Steps from each zone to every cell, and each feature's distances.
    pub reach: reach::Reach,
    /// Who reaches each cell first.
    pub territory: territory::Territory,
    /// Each cell's distance to the nearest blocked or unusable hex.
    pub openness: openness::Openness,
    /// Narrow passages, most consequential first.
    pub chokes: Vec<chokes::Choke>,
    /// Bushes and what they watch.
    pub cover: cover::Cover,
    /// One row per player and the largest differences.
    pub fairness: fairness::Fairness,
    /// The board the cells index (not serialised: hexes are written out).
    #[serde(skip)]
    pub arena: Arena,
}

impl Analysis {
    /// Analyses a map. A map with validation errors is analysed as far as
    /// it goes (features off usable hexes are left out, an unreachable hex
    /// is [`UNREACHABLE`]).
    #[must_use]
    pub fn new(map: &Map, coverage: &Coverage, movement: Movement) -> Self {
        let arena = Arena::new(map, coverage);
        let players = map.player_count().clamp(MIN_PLAYERS, MAX_PLAYERS);
        Self::of_arena(arena, players, movement)
    }

    /// Analyses a board the rules already built.
    #[must_use]
    pub fn of_arena(arena: Arena, players: usize, movement: Movement) -> Self {
        let reach = reach::Reach::new(&arena, players, movement);
        let territory = territory::Territory::new(&arena, &reach);
        let openness = openness::Openness::new(&arena);
        let chokes = chokes::find(&arena, &reach, &openness);
        let cover = cover::Cover::new(&arena, players, movement.sight);
        let fairness = fairness::Fairness::new(&arena, &reach, &territory, &openness, &cover);
        Self {
            movement,
            players,
            reach,
            territory,
            openness,
            chokes,
            cover,
            fairness,
            arena,
        }
    }
}

impl Analysis {
    /// The static fairness verdict of `map` (the map analysed) as a
    /// validation warning ([`crate::validate::Rule::StaticFairness`]) when
    /// the figures are uneven, at the cause of the first uneven figure;
    /// `None` otherwise, and `None` when a fairness certificate holds for
    /// the map: simulated games certified it, and static figures never
    /// outweigh them (`fairness.md`). What `hexwright validate` adds to a
    /// map's findings.
    #[must_use]
    pub fn static_finding(&self, map: &crate::map::Map) -> Option<crate::validate::Finding> {
        let verdict = self.fairness.verdict();
        if !matches!(verdict, fairness::StaticVerdict::Uneven { .. })
            || map.certificates.iter().any(|c| c.holds_for(map))
        {
            return None;
        }
        let hex = self.fairness.uneven().next().and_then(|f| self.cause(f.id));
        Some(crate::validate::Finding::new(
            crate::validate::Rule::StaticFairness,
            hex,
            format!("{} {}", verdict.sentence(), fairness::STATIC_CAVEAT),
        ))
    }
}

/// Writes a hex as its axial `[q, r]`.
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's serialize_with passes a reference
pub(crate) fn axial<S: serde::Serializer>(h: &hexx::Hex, s: S) -> Result<S::Ok, S::Error> {
    [h.x, h.y].serialize(s)
}

impl Analysis {
    /// The hex that does most to make figure `id` of the summary what it
    /// is, to show a designer where to look: for the objective, Outpost,
    /// base and barracks figures the feature of that kind whose players'
    /// distances differ most; for territory the most consequential
    /// chokepoint; for the bush figures the bush that watches a zone (or
    /// lies in one player's territory). `None` when nothing stands out.
    #[must_use]
    pub fn cause(&self, id: &str) -> Option<hexx::Hex> {
        use crate::map::FeatureKind;
        let most_uneven = |pick: &dyn Fn(FeatureKind) -> bool| {
            self.reach
                .features
                .iter()
                .filter(|f| pick(f.kind))
                .max_by_key(|f| {
                    let known: Vec<u16> = f.steps.iter().flatten().copied().collect();
                    let spread = if known.len() < f.steps.len() {
                        u16::MAX
                    } else {
                        known.iter().max().copied().unwrap_or(0)
                            - known.iter().min().copied().unwrap_or(0)
                    };
                    // The first of equals, in cell order.
                    (spread, std::cmp::Reverse(f.cell))
                })
                .map(|f| f.hex)
        };
        match id {
            "objectives_first" | "nearest_objective" | "mean_objective" => {
                most_uneven(&|k| k == FeatureKind::Objective)
            }
            "outposts_first" => most_uneven(&|k| k == FeatureKind::Outpost),
            "enemy_base" | "base_exposure" => {
                most_uneven(&|k| matches!(k, FeatureKind::Base { .. }))
            }
            "own_barracks" => most_uneven(&|k| matches!(k, FeatureKind::Barracks { .. })),
            "territory" => self.chokes.first().and_then(|c| c.hexes.first().copied()),
            "zone_watched" => self
                .cover
                .bushes
                .iter()
                .find(|b| !b.watches_zones.is_empty())
                .map(|b| b.hex),
            "bushes_first" => self
                .cover
                .bushes
                .iter()
                .find(|b| matches!(self.territory.claim(b.cell), territory::Claim::Player(_)))
                .map(|b| b.hex),
            _ => None,
        }
    }
}

#[cfg(test)]
pub(crate) mod test_maps {
    //! Small hand-made boards for the analysis tests: a string picture, one
    //! row per `r`, one character per `q` (offset so rows line up):
    //! `.` usable, `#` unusable, `0`-`3` a zone hex of that player, `o` an
    //! objective, `p` an Outpost, `b` a bush, `B` a barracks of side 0,
    //! `X` a base of side 1.

    use crate::layout::Orientation;
    use crate::map::coverage::Coverage;
    use crate::map::{
        Feature, FeatureKind, HexList, Map, TerrainKind, TerrainPiece, TerrainShape, Zone,
    };
    use crate::player::PlayerId;
    use hexx::Hex;
    use std::collections::BTreeSet;

    /// The hex of a picture's row `r`, column `i` (rows shifted so that a
    /// picture's columns line up, two hexes in from the area's corner).
    pub fn at(i: usize, r: usize) -> Hex {
        let (i, r) = (i as i32 + 2, r as i32 + 2);
        Hex::new(i - r / 2, r)
    }

    /// The map of a picture; `players` zones come from the digits. Every
    /// other hex of the grid is covered by rock.
    pub fn picture(rows: &[&str], players: u8) -> (Map, Coverage) {
        let mut map =
            Map::new_empty("test", Orientation::Pointy, 10.0, 1200.0, 800.0).expect("a valid area");
        map.players = players;
        let mut zones: Vec<Vec<Hex>> = vec![Vec::new(); usize::from(players)];
        let mut usable = BTreeSet::new();
        for (r, row) in rows.iter().enumerate() {
            for (i, ch) in row.chars().enumerate() {
                let h = at(i, r);
                if ch == '#' || ch == ' ' {
                    continue;
                }
                usable.insert((h.y, h.x));
                let kind = match ch {
                    'o' => Some(FeatureKind::Objective),
                    'p' => Some(FeatureKind::Outpost),
                    'b' => Some(FeatureKind::Bush),
                    'B' => Some(FeatureKind::Barracks { side: PlayerId(0) }),
                    'X' => Some(FeatureKind::Base { side: PlayerId(1) }),
                    d @ '0'..='3' => {
                        zones[d as usize - '0' as usize].push(h);
                        None
                    }
                    _ => None,
                };
                if let Some(kind) = kind {
                    map.features.push(Feature { kind, hex: h });
                }
            }
        }
        let open = Coverage::new(&map).expect("an empty map");
        let rock: Vec<Hex> = open
            .usable_hexes()
            .into_iter()
            .filter(|h| !usable.contains(&(h.y, h.x)))
            .collect();
        map.terrain.push(TerrainPiece {
            kind: TerrainKind::Rock,
            shape: TerrainShape::Hexes {
                hexes: HexList::new(rock).expect("grid hexes"),
            },
        });
        for (i, hexes) in zones.into_iter().enumerate() {
            map.zones.push(Zone {
                side: PlayerId(i as u8),
                hexes,
            });
        }
        let coverage = Coverage::new(&map).expect("a small test map");
        (map, coverage)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_and_turns_round_up() {
        assert_eq!(Movement::AKW.actions(0), Some(0));
        assert_eq!(Movement::AKW.actions(4), Some(2));
        assert_eq!(Movement::AKW.turns(7), Some(3));
        assert_eq!(Movement::PHASE.turns(7), Some(2));
        assert_eq!(Movement::PHASE.turns(6), Some(1));
        assert_eq!(Movement::PHASE.turns(UNREACHABLE), None);
    }

    #[test]
    fn the_cause_of_an_uneven_objective_figure_is_that_objective() {
        let (map, cov) = test_maps::picture(&["0.o...o...1"], 2);
        let a = Analysis::new(&map, &cov, Movement::AKW);
        // Objective 2 is 2 and 8 steps away; objective 6 is 6 and 4.
        assert_eq!(a.cause("objectives_first"), Some(test_maps::at(2, 0)));
        assert_eq!(a.cause("openness"), None);
    }

    #[test]
    fn the_movement_follows_the_player_count() {
        assert_eq!(Movement::for_players(2), Movement::AKW);
        assert_eq!(Movement::for_players(4), Movement::PHASE);
    }
}
