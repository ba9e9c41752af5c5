//! Chokepoints: the narrow passages between open areas, and what blocking
//! each one costs the players.
//!
//! The board is split into areas by a watershed of the [openness](super::openness)
//! (as Brood War map analysers do with their "altitude"): cells are taken
//! from the most open down, each joins the area of its neighbours, and a
//! cell where two areas meet is a *frontier* cell when both areas are big
//! (at least [`MIN_AREA`] cells) and rise above it (their most open cell at
//! least [`RISE`] more open than it); otherwise the smaller area merges
//! into the larger. The frontier cells, grouped into connected sets, are
//! the candidate passages; a passage's width is its number of cells.
//!
//! Each candidate is then blocked in turn and every player's steps are
//! recomputed to the targets that matter (objectives, Outposts, own
//! barracks, the others' bases and zones): a passage is a chokepoint when
//! blocking it lengthens some player's path or cuts a target off. Chokes
//! are listed most consequential first.

use super::UNREACHABLE;
use super::openness::Openness;
use super::reach::{Reach, field_masked, to_feature};
use crate::player::PlayerId;
use crate::rules::arena::{Arena, Cell, NO_CELL, Site};
use hexx::Hex;
use serde::Serialize;
use std::cmp::Reverse;

/// The fewest cells an area needs for a passage out of it to count.
pub const MIN_AREA: u32 = 10;
/// How much more open than a passage both areas must get.
pub const RISE: u16 = 1;
/// The most chokes listed.
pub const MAX_CHOKES: usize = 16;

/// One narrow passage.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Choke {
    /// Its hexes, in cell order.
    #[serde(serialize_with = "axial_list")]
    pub hexes: Vec<Hex>,
    /// Its cells.
    #[serde(skip)]
    pub cells: Vec<Cell>,
    /// Its width: the hexes a line across it holds.
    pub width: usize,
    /// Per player: the most steps blocking it adds to the way to one of the
    /// player's targets that stays reachable.
    pub detour: Vec<u16>,
    /// Per player: the targets blocking it cuts off.
    pub cut_off: Vec<usize>,
}

impl Choke {
    /// How much the passage matters: a target cut off counts as 100 steps
    /// of detour.
    #[must_use]
    pub fn impact(&self) -> u32 {
        self.detour.iter().map(|&d| u32::from(d)).sum::<u32>()
            + 100 * self.cut_off.iter().map(|&n| n as u32).sum::<u32>()
    }
}

fn axial_list<S: serde::Serializer>(hs: &[Hex], s: S) -> Result<S::Ok, S::Error> {
    use serde::Serialize as _;
    hs.iter()
        .map(|h| [h.x, h.y])
        .collect::<Vec<_>>()
        .serialize(s)
}

/// The chokepoints of `arena`, most consequential first.
#[must_use]
pub fn find(arena: &Arena, reach: &Reach, openness: &Openness) -> Vec<Choke> {
    let frontier = watershed(arena, reach, openness);
    let targets = targets(arena, reach.steps.len());
    let mut blocked = vec![false; arena.len()];
    let mut chokes: Vec<Choke> = groups(arena, &frontier)
        .into_iter()
        .filter_map(|cells| {
            for &c in &cells {
                blocked[usize::from(c)] = true;
            }
            let choke = measure(arena, reach, &targets, &blocked, cells.clone());
            for &c in &cells {
                blocked[usize::from(c)] = false;
            }
            choke.filter(|c| c.impact() > 0)
        })
        .collect();
    chokes.sort_by_key(|c| (Reverse(c.impact()), c.width, c.cells.first().copied()));
    chokes.truncate(MAX_CHOKES);
    chokes
}

/// The frontier cells of the watershed (a mask over the cells).
fn watershed(arena: &Arena, reach: &Reach, openness: &Openness) -> Vec<bool> {
    const NONE: u32 = u32::MAX;
    const WALL: u32 = u32::MAX - 1;
    let mut order: Vec<Cell> = (0..arena.len() as Cell)
        .filter(|&c| !matches!(arena.site(c), Site::Base(_)))
        .collect();
    // Equally open cells in order of their distances to the zones (as a
    // sorted list, the same for a cell and its images under a symmetry
    // that swaps the players), so that a symmetric map floods alike on
    // every side; the cell breaks the remaining ties.
    let zones_key = |c: Cell| {
        let mut d = [UNREACHABLE; 4];
        for (k, f) in reach.steps.iter().take(4).enumerate() {
            d[k] = f[usize::from(c)];
        }
        d.sort_unstable();
        d
    };
    order.sort_by_key(|&c| (Reverse(openness.at(c)), zones_key(c), c));
    let mut area_of = vec![NONE; arena.len()];
    let mut parent: Vec<u32> = Vec::new();
    let mut size: Vec<u32> = Vec::new();
    let mut top: Vec<u16> = Vec::new();
    let mut frontier = vec![false; arena.len()];
    let find = |parent: &mut Vec<u32>, mut a: u32| {
        while parent[a as usize] != a {
            let up = parent[parent[a as usize] as usize];
            parent[a as usize] = up;
            a = up;
        }
        a
    };
    let mut roots: Vec<u32> = Vec::with_capacity(6);
    for c in order {
        let alt = openness.at(c);
        roots.clear();
        for &n in arena.neighbours(c) {
            if n != NO_CELL && area_of[usize::from(n)] < WALL {
                let r = find(&mut parent, area_of[usize::from(n)]);
                if !roots.contains(&r) {
                    roots.push(r);
                }
            }
        }
        roots.sort_by_key(|&r| (Reverse(size[r as usize]), r));
        let Some(&a) = roots.first() else {
            let id = parent.len() as u32;
            parent.push(id);
            size.push(1);
            top.push(alt);
            area_of[usize::from(c)] = id;
            continue;
        };
        for &b in &roots[1..] {
            let (sa, sb) = (size[a as usize], size[b as usize]);
            let low_top = top[a as usize].min(top[b as usize]);
            if sa.min(sb) >= MIN_AREA && low_top >= alt + RISE {
                frontier[usize::from(c)] = true;
            } else {
                parent[b as usize] = a;
                size[a as usize] += sb;
                top[a as usize] = top[a as usize].max(top[b as usize]);
            }
        }
        // A frontier cell belongs to neither area, so an area does not
        // reach round the far one through it.
        if frontier[usize::from(c)] {
            area_of[usize::from(c)] = WALL;
        } else {
            area_of[usize::from(c)] = a;
            size[a as usize] += 1;
        }
    }
    frontier
}

/// The frontier cells in connected groups, each in cell order, the groups
/// in the order of their first cell.
fn groups(arena: &Arena, frontier: &[bool]) -> Vec<Vec<Cell>> {
    let mut seen = vec![false; arena.len()];
    let mut out = Vec::new();
    for start in 0..arena.len() as Cell {
        if !frontier[usize::from(start)] || seen[usize::from(start)] {
            continue;
        }
        seen[usize::from(start)] = true;
        let mut group = vec![start];
        let mut i = 0;
        while i < group.len() {
            for &n in arena.neighbours(group[i]) {
                if n != NO_CELL && frontier[usize::from(n)] && !seen[usize::from(n)] {
                    seen[usize::from(n)] = true;
                    group.push(n);
                }
            }
            i += 1;
        }
        group.sort_unstable();
        out.push(group);
    }
    out
}

/// What each player needs to reach, per player: the cells of its
/// targets (a base is reached from beside, see `to_feature`).
struct Targets {
    per_player: Vec<Vec<Cell>>,
}

fn targets(arena: &Arena, players: usize) -> Targets {
    let per_player = (0..players)
        .map(|p| {
            let me = PlayerId(p as u8);
            let mut t: Vec<Cell> = arena.objectives.clone();
            t.extend(&arena.outposts);
            t.extend(arena.barracks.iter().filter(|b| b.1 == me).map(|b| b.0));
            t.extend(arena.bases.iter().filter(|b| b.1 != me).map(|b| b.0));
            for q in me.others(players) {
                if let Some(z) = arena.zones.get(q) {
                    t.extend(z.iter().take(1));
                }
            }
            t
        })
        .collect();
    Targets { per_player }
}

/// The detours blocking `cells` makes; `None` when it leaves nothing to
/// compare (every target inside the passage).
fn measure(
    arena: &Arena,
    reach: &Reach,
    targets: &Targets,
    blocked: &[bool],
    cells: Vec<Cell>,
) -> Option<Choke> {
    let players = reach.steps.len();
    let mut detour = vec![0_u16; players];
    let mut cut_off = vec![0_usize; players];
    let mut compared = false;
    for p in 0..players {
        let me = PlayerId(p as u8);
        let zone = arena.zones.get(me).map_or(&[][..], Vec::as_slice);
        let after = field_masked(arena, zone, blocked);
        for &t in &targets.per_player[p] {
            if blocked[usize::from(t)] {
                continue;
            }
            let before = to_feature(arena, &reach.steps[p], t);
            if before == UNREACHABLE {
                continue;
            }
            compared = true;
            let now = to_feature(arena, &after, t);
            if now == UNREACHABLE {
                cut_off[p] += 1;
            } else {
                detour[p] = detour[p].max(now.saturating_sub(before));
            }
        }
    }
    compared.then(|| Choke {
        hexes: cells.iter().map(|&c| arena.hex(c)).collect(),
        width: cells.len(),
        cells,
        detour,
        cut_off,
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_maps::{at, picture};
    use super::super::{Analysis, Movement};

    /// Two open fields joined by a corridor `width` hexes wide and 3 long,
    /// an objective in each field.
    fn dumbbell(width: usize) -> Vec<String> {
        let mut rows = Vec::new();
        for r in 0..7 {
            let corridor = r >= 3 && r < 3 + width;
            let mid = if corridor { "..." } else { "###" };
            let (left, right) = if r == 3 {
                ("0...o..", "..o...1")
            } else {
                (".......", ".......")
            };
            rows.push(format!("{left}{mid}{right}"));
        }
        rows
    }

    fn analyse(rows: &[String]) -> Analysis {
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (map, cov) = picture(&rows, 2);
        Analysis::new(&map, &cov, Movement::AKW)
    }

    #[test]
    fn a_one_hex_corridor_is_a_choke_that_cuts() {
        let a = analyse(&dumbbell(1));
        let c = a.chokes.first().expect("the corridor");
        assert_eq!(c.width, 1, "{c:?}");
        let corridor = [at(7, 3), at(8, 3), at(9, 3)];
        assert!(c.hexes.iter().all(|h| corridor.contains(h)), "{c:?}");
        // Blocking it cuts each side off from the far objective, the far
        // zone: both players alike.
        assert_eq!(c.cut_off, vec![2, 2]);
    }

    #[test]
    fn a_wider_corridor_is_a_wider_choke() {
        let a = analyse(&dumbbell(3));
        let c = a.chokes.first().expect("the corridor");
        assert_eq!(c.width, 3, "{c:?}");
        // In the corridor or at its mouths.
        let near = |h: &hexx::Hex| (6..=10).any(|i| (3..6).any(|r| at(i, r) == *h));
        assert!(c.hexes.iter().all(near), "{c:?}");
        assert_eq!(c.cut_off, vec![2, 2]);
    }

    #[test]
    fn an_open_field_has_no_choke() {
        let rows: Vec<String> = (0..7)
            .map(|r| {
                if r == 3 {
                    "0...o.....o...1".to_owned()
                } else {
                    ".".repeat(15)
                }
            })
            .collect();
        let a = analyse(&rows);
        assert!(a.chokes.is_empty(), "{:?}", a.chokes);
    }
}
