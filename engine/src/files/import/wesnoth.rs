//! Battle for Wesnoth `.map` files turned into Hexwright maps.
//!
//! [`import`] reads the file ([`super::wesnoth_grid`]), reads every
//! terrain code ([`super::wesnoth_terrain`]), and builds the map (see
//! `docs/import.md` for every choice):
//! - the border and off-map cells (`_off^_usr`, `^_fme`) lie outside the
//!   grid region, which is traced round the other hexes
//!   ([`super::outline`]);
//! - impassable, unwalkable and deep-water hexes are covered by whole-hex
//!   terrain (Rock, Chasm, Water);
//! - the start positions become the sides' bases, each with a starting zone
//!   of 10 hexes from the castle connected to its keep, and barracks beside
//!   it; villages nearest the centre become Energy objectives, the next
//!   ones Outposts; forests become bushes ([`super::wesnoth_place`]);
//! - the map's symmetry (a half turn or a mirror) is detected
//!   ([`super::wesnoth_symmetry`]): hex `(0, 0)` is the hex nearest its
//!   centre, and side 1's things are placed as the images of side 0's.

use super::ImportError;
use super::wesnoth_grid::{WesnothGrid, axial, offset};
use super::wesnoth_place::Placer;
use super::wesnoth_scenario::ScenarioSide;
use super::wesnoth_symmetry::{Motion, Symmetry, centre_kind, detect, world};
use super::wesnoth_terrain::{Basis, Ground, Meaning, TerrainTable, by_rules};
use super::{Entry, Report, outline};
use crate::geom::Point;
use crate::layout::{HexLayout, Orientation, hex_key};
use crate::limits;
use crate::map::{HexList, Map, Meta, TerrainKind, TerrainPiece, TerrainShape};
use hexx::Hex;
use std::collections::{BTreeMap, BTreeSet};

/// A start position that became a side: its id and Wesnoth's `(x, y)`.
pub(super) type Start = (String, (i32, i32));

/// The size of a starting zone.
pub const ZONE_SIZE: usize = 10;

/// The licence of Battle for Wesnoth's maps.
pub const WESNOTH_LICENSE: &str = "GPL-2.0-or-later";

/// The choices of an import.
#[derive(Clone, Debug)]
pub struct WesnothOptions {
    /// The map's name; by default from the file name (`2p_Hamlets.map`
    /// gives "Hamlets").
    pub name: Option<String>,
    /// The file name, for the metadata and errors.
    pub file: String,
    /// The hex size of the new map.
    pub hex_size: f64,
    /// How many villages become Energy objectives, nearest the centre
    /// first.
    pub objectives: usize,
    /// How many of the next villages become Outposts.
    pub outposts: usize,
    /// Barracks per side.
    pub barracks: usize,
    /// Wesnoth's terrain table, to resolve codes by their aliases; without
    /// it the codes are read by rules (see [`super::wesnoth_terrain`]).
    pub table: Option<TerrainTable>,
    /// The scenario's sides: which start positions are used, and who are
    /// opponents. Without it every numbered start position is a side.
    pub scenario: Option<Vec<ScenarioSide>>,
}

impl Default for WesnothOptions {
    fn default() -> Self {
        Self {
            name: None,
            file: "map.map".to_owned(),
            hex_size: 28.0,
            objectives: 5,
            outposts: 2,
            barracks: 1,
            table: None,
            scenario: None,
        }
    }
}

/// An imported map and what the import did.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The map.
    pub map: Map,
    /// What was mapped, dropped and guessed.
    pub report: Report,
    /// The symmetry found, if any.
    pub symmetry: Option<Symmetry>,
    /// Each map hex's Wesnoth `(x, y)`, for checking the import.
    pub cells: BTreeMap<(i32, i32), (i32, i32)>,
}

/// Wesnoth's `(x, y)` and a map's hexes: hex `(0, 0)` is Wesnoth's
/// `origin`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    origin: Hex,
}

impl Frame {
    /// The map hex of Wesnoth's `(x, y)`.
    pub(super) fn hex(self, xy: (i32, i32)) -> Hex {
        axial(xy) - self.origin
    }

    /// Wesnoth's `(x, y)` of a map hex.
    pub(super) fn xy(self, h: Hex) -> (i32, i32) {
        offset(h + self.origin)
    }
}

/// The on-map cells of a file and what the file says of them.
struct Source<'t> {
    /// Every code with its meaning and how many cells use it.
    codes: BTreeMap<&'t str, (Meaning, usize)>,
    /// The meaning of every on-map cell.
    cells: BTreeMap<(i32, i32), Meaning>,
    /// Start positions: id, cell, line.
    starts: Vec<(String, (i32, i32), usize)>,
}

fn read_cells<'t>(grid: &'t WesnothGrid, table: Option<&TerrainTable>) -> Source<'t> {
    let mut out = Source {
        codes: BTreeMap::new(),
        cells: BTreeMap::new(),
        starts: Vec::new(),
    };
    let resolver = table.map(TerrainTable::resolver);
    for (xy, cell) in grid.playable() {
        let entry = out.codes.entry(cell.code.as_str()).or_insert_with(|| {
            let m = resolver
                .as_ref()
                .map_or_else(|| by_rules(&cell.code), |r| r.meaning(&cell.code));
            (m, 0)
        });
        entry.1 += 1;
        if entry.0.ground != Ground::OffMap {
            out.cells.insert(xy, entry.0);
        }
        if let Some(id) = &cell.start {
            out.starts.push((id.clone(), xy, cell.line));
        }
    }
    out
}

/// Imports the text of a `.map` file.
///
/// # Errors
/// When the file cannot be read as a map (see [`WesnothGrid::parse`]), has
/// fewer than two start positions to use, or the map would exceed a limit.
pub fn import(text: &str, opts: &WesnothOptions) -> Result<Imported, ImportError> {
    let file = opts.file.as_str();
    let fail = |message: String| ImportError::File {
        file: file.to_owned(),
        message,
    };
    let grid = WesnothGrid::parse(text, file)?;
    let mut report = Report::default();
    let read = read_cells(&grid, opts.table.as_ref());
    let cells = &read.cells;
    if cells.len() > limits::MAX_GRID_HEXES {
        return Err(fail(format!(
            "{} hexes on the map; the limit is {}",
            cells.len(),
            limits::MAX_GRID_HEXES
        )));
    }
    report_codes(&read.codes, opts.table.is_some(), &mut report);
    let off_map = (grid.width - 2) * (grid.height - 2) - cells.len();
    report.push(
        Entry::Mapped,
        format!(
            "{} hexes: the {} x {} cells inside the one-hex border{}",
            cells.len(),
            grid.width - 2,
            grid.height - 2,
            if off_map > 0 {
                format!(", less {off_map} off-map cells")
            } else {
                String::new()
            }
        ),
    );
    report.push(
        Entry::Dropped,
        "the one-hex border, which lies outside the grid",
    );
    let sides =
        choose_sides(&read.starts, cells, opts.scenario.as_deref(), &mut report).map_err(fail)?;
    let symmetry = detect(cells);
    let centre = symmetry.map_or_else(|| middle(cells), |s| s.centre());
    report_symmetry(symmetry, centre, &mut report);
    let origin = cells
        .keys()
        .min_by(|&&a, &&b| {
            let (da, db) = (world(a).distance(centre), world(b).distance(centre));
            da.total_cmp(&db).then((a.1, a.0).cmp(&(b.1, b.0)))
        })
        .ok_or_else(|| fail("every cell is off the map".to_owned()))?;
    let frame = Frame {
        origin: axial(*origin),
    };
    let mut map = board(cells, frame, opts.hex_size, &mut report).map_err(fail)?;
    let mut placer = Placer::new(cells, frame, symmetry, &sides, &mut report);
    placer.bases(&mut map, &sides, &mut report);
    placer.zones(&mut map, &mut report);
    placer.barracks(&mut map, opts.barracks, &mut report);
    placer.villages(
        &mut map,
        centre,
        opts.objectives,
        opts.outposts,
        &mut report,
    );
    placer.bushes(&mut map, &mut report);
    report.push(
        Entry::Note,
        "movement costs and terrain defence are not carried over: every hex a unit can stand on is the same open ground here",
    );
    map.meta = meta(opts);
    // Canonical order: features and zone hexes by row, then column.
    map.features.sort_by_key(|f| hex_key(f.hex));
    for z in &mut map.zones {
        z.hexes.sort_by_key(|&h| hex_key(h));
    }
    map.check_limits().map_err(|source| ImportError::Limit {
        file: file.to_owned(),
        source,
    })?;
    Ok(Imported {
        map,
        report,
        symmetry,
        cells: cells
            .keys()
            .map(|&xy| (hex_key(frame.hex(xy)), xy))
            .collect(),
    })
}

/// The mean of the cells' centres (hexes of size 1).
fn middle(cells: &BTreeMap<(i32, i32), Meaning>) -> Point {
    let n = cells.len().max(1) as f64;
    let (sx, sy) = cells.keys().fold((0.0, 0.0), |(a, b), &xy| {
        let p = world(xy);
        (a + p.x, b + p.y)
    });
    Point::new(sx / n, sy / n)
}

fn report_symmetry(symmetry: Option<Symmetry>, centre: Point, report: &mut Report) {
    match symmetry {
        Some(s) => report.push(
            Entry::Guessed,
            format!(
                "the map is symmetric under {}{} ({:.1}% of hexes agree); hex (0, 0) is the hex nearest its centre",
                s.motion.name(),
                match s.motion {
                    Motion::HalfTurn => format!(" about {}", centre_kind(centre)),
                    Motion::MirrorLeftRight => {
                        format!(" about the line through column {}", s.tx / 2 + 1)
                    }
                    Motion::MirrorTopBottom => String::new(),
                },
                s.agreement * 100.0
            ),
        ),
        None => report.push(
            Entry::Guessed,
            "no symmetry found (no half turn or mirror agrees on 90% of hexes); hex (0, 0) is the hex nearest the middle",
        ),
    }
}

/// The map's area, grid region and whole-hex terrain.
fn board(
    cells: &BTreeMap<(i32, i32), Meaning>,
    frame: Frame,
    hex_size: f64,
    report: &mut Report,
) -> Result<Map, String> {
    let probe = HexLayout::new(Orientation::Flat, hex_size, Point::default());
    let (mut mx, mut my) = (0.0f64, 0.0f64);
    for &xy in cells.keys() {
        let c = probe.center(frame.hex(xy));
        (mx, my) = (mx.max(c.x.abs()), my.max(c.y.abs()));
    }
    // Whole units, so the area reads well; hex (0, 0) stays at its centre.
    let (w, h) = (
        (2.0 * (mx + 1.5 * hex_size)).ceil(),
        (2.0 * (my + 1.5 * hex_size)).ceil(),
    );
    let mut map = Map::new_empty("import", Orientation::Flat, hex_size, w, h)?;
    let on_map: BTreeSet<(i32, i32)> = cells.keys().map(|&xy| hex_key(frame.hex(xy))).collect();
    let mut parts = outline::outline(&on_map, &map.hex_layout())?.into_iter();
    let first = parts
        .next()
        .ok_or_else(|| "every cell is off the map".to_owned())?;
    map.grid = first.outer;
    map.grid_holes = first.holes;
    map.grid_parts = parts.collect();
    if !map.grid_parts.is_empty() {
        report.push(
            Entry::Note,
            format!("the map is in {} separate parts", map.grid_parts.len() + 1),
        );
    }
    for (kind, what) in [
        (TerrainKind::Rock, "impassable"),
        (TerrainKind::Chasm, "unwalkable (chasm, lava)"),
        (TerrainKind::Water, "deep-water"),
    ] {
        let hexes: Vec<Hex> = cells
            .iter()
            .filter(|(_, m)| m.ground.terrain() == Some(kind))
            .map(|(&xy, _)| frame.hex(xy))
            .collect();
        if hexes.is_empty() {
            continue;
        }
        report.push(
            Entry::Mapped,
            format!(
                "{} {what} hexes -> whole-hex {} terrain",
                hexes.len(),
                kind.name()
            ),
        );
        map.terrain.push(TerrainPiece {
            kind,
            shape: TerrainShape::Hexes {
                hexes: HexList::new(hexes)?,
            },
        });
    }
    Ok(map)
}

fn report_codes(codes: &BTreeMap<&str, (Meaning, usize)>, table: bool, report: &mut Report) {
    let list = |basis: Basis| -> Vec<String> {
        codes
            .iter()
            .filter(|(_, (m, _))| m.basis == basis)
            .map(|(c, (m, n))| format!("{c} ({n}, {})", m.ground.name()))
            .collect()
    };
    if table {
        let by_rules = list(Basis::Rules);
        if !by_rules.is_empty() {
            report.push(
                Entry::Guessed,
                format!(
                    "codes the terrain table does not resolve, read by their letters: {}",
                    by_rules.join(", ")
                ),
            );
        }
    }
    let unknown: Vec<String> = codes
        .iter()
        .filter(|(_, (m, _))| m.basis == Basis::Unknown)
        .map(|(c, (_, n))| format!("{c} ({n})"))
        .collect();
    if !unknown.is_empty() {
        report.push(
            Entry::Guessed,
            format!(
                "unknown terrain codes, taken as open ground: {}",
                unknown.join(", ")
            ),
        );
    }
}

/// The start positions that become sides, in side order: the scenario's
/// sides that have a start on the map, one per team, or every numbered
/// start; at most four.
fn choose_sides(
    starts: &[(String, (i32, i32), usize)],
    cells: &BTreeMap<(i32, i32), Meaning>,
    scenario: Option<&[ScenarioSide]>,
    report: &mut Report,
) -> Result<Vec<Start>, String> {
    let mut numbered: Vec<(u32, (i32, i32))> = Vec::new();
    for (id, xy, line) in starts {
        match id.parse::<u32>() {
            Ok(n) if cells.contains_key(xy) => numbered.push((n, *xy)),
            Ok(n) => report.push(
                Entry::Dropped,
                format!("start position {n} (line {line}) is off the map"),
            ),
            Err(_) => report.push(
                Entry::Dropped,
                format!("the named location \"{id}\" (line {line})"),
            ),
        }
    }
    numbered.sort_unstable();
    numbered.dedup_by_key(|(n, _)| *n);
    let mut chosen: Vec<(u32, (i32, i32))> = match scenario {
        None => numbered,
        Some(sides) => {
            let mut sides: Vec<&ScenarioSide> = sides.iter().collect();
            sides.sort_by_key(|s| s.number);
            let mut teams: Vec<&str> = Vec::new();
            let mut out = Vec::new();
            for s in sides {
                let Some(&(_, xy)) = numbered.iter().find(|(n, _)| *n == s.number) else {
                    report.push(
                        Entry::Dropped,
                        format!(
                            "side {} of the scenario: the map has no start position {}",
                            s.number, s.number
                        ),
                    );
                    continue;
                };
                if let Some(team) = s.team.as_deref() {
                    if teams.contains(&team) {
                        report.push(
                            Entry::Dropped,
                            format!("side {} of the scenario: an ally of an earlier side (team {team}); every side here is an opponent", s.number),
                        );
                        continue;
                    }
                    teams.push(team);
                }
                out.push((s.number, xy));
            }
            out
        }
    };
    if chosen.len() > crate::player::MAX_PLAYERS {
        for (n, _) in &chosen[crate::player::MAX_PLAYERS..] {
            report.push(
                Entry::Dropped,
                format!("start position {n}: a map has at most four players"),
            );
        }
        chosen.truncate(crate::player::MAX_PLAYERS);
    }
    if chosen.len() < 2 {
        return Err(format!(
            "{} start position(s) to use; a map needs one per side and at least two sides",
            chosen.len()
        ));
    }
    Ok(chosen
        .into_iter()
        .map(|(n, xy)| (n.to_string(), xy))
        .collect())
}

fn meta(opts: &WesnothOptions) -> Meta {
    let stem = std::path::Path::new(&opts.file)
        .file_stem()
        .map_or_else(|| opts.file.clone(), |s| s.to_string_lossy().into_owned());
    let name = opts.name.clone().unwrap_or_else(|| {
        let base = stem.strip_prefix("2p_").unwrap_or(&stem);
        base.replace('_', " ")
    });
    Meta {
        name,
        author: "Battle for Wesnoth contributors".to_owned(),
        description: format!(
            "Imported from the Battle for Wesnoth map {stem}.map by hexwright import wesnoth."
        ),
        tags: vec!["wesnoth".to_owned(), "imported".to_owned()],
        source: format!("Battle for Wesnoth, {stem}.map"),
        license: WESNOTH_LICENSE.to_owned(),
        generated: None,
    }
}
