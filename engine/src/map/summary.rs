//! A summary of a map for people and tools: what `hexwright info` prints.

use crate::coverage::Coverage;
use crate::map::{FeatureKind, Map};
use serde::Serialize;
use std::collections::BTreeMap;

/// Counts and facts about one map.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Map name.
    pub name: String,
    /// Author.
    pub author: String,
    /// `pointy` or `flat`.
    pub orientation: &'static str,
    /// Hex circumradius.
    pub hex_size: f64,
    /// Area width.
    pub width: f64,
    /// Area height.
    pub height: f64,
    /// Hexes in the grid.
    pub grid_hexes: usize,
    /// Usable hexes.
    pub usable_hexes: usize,
    /// Grid hexes that are not usable.
    pub unusable_hexes: usize,
    /// Terrain pieces.
    pub terrain_pieces: usize,
    /// Features per kind (`bush`, `outpost`, `objective`, `barracks`, `base`).
    pub features: BTreeMap<&'static str, usize>,
    /// How many players the map is for.
    pub players: usize,
    /// Number of distinct hexes in each side's zone(s), by side (one entry
    /// per player of the map).
    pub zone_sizes: Vec<usize>,
}

/// One grid hex, for `hexwright info --hexes`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HexInfo {
    /// Axial q.
    pub q: i32,
    /// Axial r.
    pub r: i32,
    /// Share of the hex that is inside the grid region and uncovered.
    pub free: f64,
    /// Whether the hex is usable.
    pub usable: bool,
}

impl Summary {
    /// Summarises `map`.
    #[must_use]
    pub fn new(map: &Map, coverage: &Coverage) -> Self {
        let mut features: BTreeMap<&'static str, usize> =
            ["bush", "outpost", "objective", "barracks", "base"]
                .into_iter()
                .map(|k| (k, 0))
                .collect();
        for f in &map.features {
            *features.entry(f.kind.name()).or_default() += 1;
        }
        let zone_sizes = map
            .sides()
            .map(|s| {
                let mut hs: Vec<_> = map
                    .zones
                    .iter()
                    .filter(|z| z.side == s)
                    .flat_map(|z| z.hexes.iter().map(|h| (h.x, h.y)))
                    .collect();
                hs.sort_unstable();
                hs.dedup();
                hs.len()
            })
            .collect();
        let usable = coverage.usable_count();
        Self {
            name: map.meta.name.clone(),
            author: map.meta.author.clone(),
            orientation: map.layout.orientation.name(),
            hex_size: map.layout.hex_size.get(),
            width: map.area.width.get(),
            height: map.area.height.get(),
            grid_hexes: coverage.hexes().len(),
            usable_hexes: usable,
            unusable_hexes: coverage.hexes().len() - usable,
            terrain_pieces: map.terrain.len(),
            features,
            players: map.player_count(),
            zone_sizes,
        }
    }
}

/// Every grid hex with its free fraction and verdict, ordered by `r` then `q`.
#[must_use]
pub fn hex_table(coverage: &Coverage) -> Vec<HexInfo> {
    coverage
        .hexes()
        .iter()
        .map(|&h| {
            let free = coverage.free_fraction(h).unwrap_or(0.0);
            HexInfo {
                q: h.x,
                r: h.y,
                free,
                usable: coverage.is_usable(h),
            }
        })
        .collect()
}

/// Counts features of a kind (by name, ignoring owners).
#[must_use]
pub fn count_kind(map: &Map, kind: FeatureKind) -> usize {
    map.features
        .iter()
        .filter(|f| f.kind.name() == kind.name())
        .count()
}
