//! The open map and everything derived from it: validation findings, the
//! summary, prepared terrain geometry and per-hex lookups.
//!
//! A [`Document`] owns a [`Board`] (map plus always-current coverage). The
//! derived data is recomputed by [`Document::refresh`], and every change bumps
//! [`Document::revision`] so views can tell when their caches are stale. The
//! editing tools that come later change the board through
//! [`Document::edit`] and get all of this for free.

pub(crate) mod command;
pub(crate) mod files;
pub(crate) mod history;
pub(crate) mod load;
pub(crate) mod pack_draft;

pub use files::NewMapSpec;

use hexwright_engine::Hex;
use hexwright_engine::board::{Board, PieceError};
use hexwright_engine::format::HexDisplay;
use hexwright_engine::geom::{self, Bbox, Point};
use hexwright_engine::layout::HexLayout;
use hexwright_engine::map::{
    Feature, FeatureKind, LimitError, Map, Meta, Side, TerrainKind, TerrainPiece, TerrainShape,
    Zone,
};
use hexwright_engine::shape::{self, Prepared};
use hexwright_engine::summary::Summary;
use hexwright_engine::validate::{Finding, Severity};
use hexwright_headless::draw::tessellate::{self, Fill, Ring, Trapezoid};
use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;

/// Where the open map came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapSource {
    /// A map of the bundled pack, by file name.
    Bundled(String),
    /// A file on disk.
    File(PathBuf),
    /// Made in the app, not saved yet.
    Unsaved,
}

impl MapSource {
    /// A short name for title bars: the file name.
    #[must_use]
    pub fn short_name(&self) -> String {
        match self {
            Self::Bundled(name) => name.clone(),
            Self::File(path) => path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
            Self::Unsaved => "untitled".to_owned(),
        }
    }
}

impl fmt::Display for MapSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Bundled(name) => write!(f, "{name} (bundled)"),
            Self::File(path) => write!(f, "{}", path.display()),
            Self::Unsaved => f.write_str("unsaved map"),
        }
    }
}

/// A terrain piece prepared for drawing and hit tests.
#[derive(Clone, Debug)]
pub struct PieceShape {
    /// Its look.
    pub kind: TerrainKind,
    /// Non-overlapping rings: outer rings positive, holes negative.
    pub prepared: Prepared,
    /// An eraser stroke (removes painted coverage; not a filled shape).
    pub eraser: bool,
    /// What shows of the piece, in world coordinates: its shape inside the
    /// map area, minus (for brush strokes) the eraser strokes painted after
    /// it. Empty for erasers.
    pub visible: Fill,
    /// Bounding box of [`PieceShape::visible`].
    pub bbox: Bbox,
}

/// What is at one hex, for the status bar and the selection panel.
#[derive(Clone, Debug, PartialEq)]
pub struct HexReport {
    /// The hex.
    pub hex: Hex,
    /// Share of the hex inside the grid region and free of terrain; `None`
    /// outside the grid.
    pub free: Option<f64>,
    /// Whether units can stand there.
    pub usable: bool,
    /// Terrain kinds overlapping the hex, in display order, without repeats.
    pub terrain: Vec<TerrainKind>,
    /// Features standing on it (more than one only in a broken map).
    pub features: Vec<FeatureKind>,
    /// Sides whose starting zone includes it.
    pub zones: Vec<Side>,
    /// Indices into [`Document::findings`] of the findings at this hex.
    pub findings: Vec<usize>,
}

impl HexReport {
    /// Whether the hex belongs to the grid.
    #[must_use]
    pub fn in_grid(&self) -> bool {
        self.free.is_some()
    }

    /// One line: `"Hex 3,-2 · 87.5% free · usable · forest · base of side 0 · zone of side 0"`.
    #[must_use]
    pub fn one_line(&self) -> String {
        let mut parts = vec![format!("Hex {}", HexDisplay(self.hex))];
        match self.free {
            None => parts.push("outside the grid".to_owned()),
            Some(f) => {
                parts.push(format!("{} free", percent(f)));
                parts.push(if self.usable {
                    "usable".to_owned()
                } else {
                    "unusable".to_owned()
                });
            }
        }
        parts.extend(self.terrain.iter().map(|k| k.name().to_owned()));
        parts.extend(self.features.iter().map(ToString::to_string));
        parts.extend(self.zones.iter().map(|s| format!("zone of side {s}")));
        match self.findings.len() {
            0 => {}
            1 => parts.push("1 finding".to_owned()),
            n => parts.push(format!("{n} findings")),
        }
        parts.join(" · ")
    }
}

/// A fraction as a percentage with one decimal: `0.875` → `"87.5%"`.
#[must_use]
pub fn percent(fraction: f64) -> String {
    format!("{:.1}%", fraction * 100.0)
}

/// The open map with its derived data.
#[derive(Debug)]
pub struct Document {
    board: Board,
    source: MapSource,
    serial: u64,
    revision: u64,
    findings: Vec<Finding>,
    summary: Summary,
    region: Prepared,
    pieces: Vec<PieceShape>,
    zones_at: HashMap<Hex, Vec<Side>>,
    findings_at: HashMap<Hex, Vec<usize>>,
    stale: bool,
}

/// How many documents this process has opened: each gets its own number.
static OPENED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl Document {
    /// Opens `board`, which came from `source`.
    #[must_use]
    pub fn new(board: Board, source: MapSource) -> Self {
        let summary = Summary::new(board.map(), board.coverage());
        let mut doc = Self {
            board,
            source,
            serial: OPENED.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            revision: 0,
            findings: Vec::new(),
            summary,
            region: Prepared::default(),
            pieces: Vec::new(),
            zones_at: HashMap::new(),
            findings_at: HashMap::new(),
            stale: true,
        };
        doc.refresh();
        doc
    }

    /// This document's number among those opened in this process: what
    /// the panels key what they remember of one document by (an
    /// explanation shown for one map is not shown for the next).
    #[must_use]
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// The board: the map and its coverage.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The map.
    #[must_use]
    pub fn map(&self) -> &Map {
        self.board.map()
    }

    /// Where the map came from.
    #[must_use]
    pub fn source(&self) -> &MapSource {
        &self.source
    }

    /// Increases with every change; caches compare it to know they are stale.
    #[must_use]
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Validation findings, errors first (the engine's order).
    #[must_use]
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// Counts and facts.
    #[must_use]
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// The grid region, prepared for drawing.
    #[must_use]
    pub fn region(&self) -> &Prepared {
        &self.region
    }

    /// Every terrain piece, prepared, in painting order.
    #[must_use]
    pub fn pieces(&self) -> &[PieceShape] {
        &self.pieces
    }

    /// Sides whose starting zone includes `hex`.
    #[must_use]
    pub fn zones_at(&self, hex: Hex) -> &[Side] {
        self.zones_at.get(&hex).map_or(&[], Vec::as_slice)
    }

    /// Every hex of `side`'s starting zone(s), in file order.
    #[must_use]
    pub fn zones_of(&self, side: Side) -> Vec<Hex> {
        self.board
            .map()
            .zones
            .iter()
            .filter(|z| z.side == side)
            .flat_map(|z| z.hexes.iter().copied())
            .collect()
    }

    /// Indices of the findings at `hex`.
    #[must_use]
    pub fn findings_at(&self, hex: Hex) -> &[usize] {
        self.findings_at.get(&hex).map_or(&[], Vec::as_slice)
    }

    /// The most serious severity among the findings at `hex`.
    #[must_use]
    pub fn worst_at(&self, hex: Hex) -> Option<Severity> {
        self.findings_at(hex)
            .iter()
            .map(|&i| self.findings[i].severity)
            .min()
    }

    /// Number of findings of `severity`.
    #[must_use]
    pub fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == severity)
            .count()
    }

    /// Hexes that hold findings, for drawing markers.
    pub fn hexes_with_findings(&self) -> impl Iterator<Item = Hex> + '_ {
        self.findings_at.keys().copied()
    }

    /// Inserts a terrain piece at `index` (clamped to the end), updating the
    /// coverage and the drawn shapes incrementally. Call
    /// [`Document::refresh_derived`] once the edits of a frame are done.
    pub fn insert_piece(&mut self, index: usize, piece: TerrainPiece) -> Result<(), LimitError> {
        let index = index.min(self.pieces.len());
        let shape = prepare_piece(&piece, &self.board.map().hex_layout());
        let eraser = shape.eraser;
        let bbox = shape.prepared.bbox.unwrap_or(Bbox::EMPTY);
        self.board.insert_piece(index, piece)?;
        self.pieces.insert(index, shape);
        update_visible(self.board.map(), &mut self.pieces, index);
        if eraser {
            update_strokes_before(self.board.map(), &mut self.pieces, index, bbox);
        }
        self.touch();
        Ok(())
    }

    /// Removes the terrain piece at `index`.
    ///
    /// # Errors
    /// When there is none, or removing it breaks the map's budget (the map
    /// is then unchanged).
    pub fn remove_piece(&mut self, index: usize) -> Result<TerrainPiece, PieceError> {
        let (piece, _) = self.board.remove_piece(index)?;
        let old = self.pieces.remove(index);
        if old.eraser {
            let bbox = old.prepared.bbox.unwrap_or(Bbox::EMPTY);
            update_strokes_before(self.board.map(), &mut self.pieces, index, bbox);
        }
        self.touch();
        Ok(piece)
    }

    /// Replaces the terrain piece at `index`, returning the old one.
    ///
    /// # Errors
    /// When there is none, or the new piece breaks a limit (the map is then
    /// unchanged).
    pub fn replace_piece(
        &mut self,
        index: usize,
        piece: TerrainPiece,
    ) -> Result<TerrainPiece, PieceError> {
        let shape = prepare_piece(&piece, &self.board.map().hex_layout());
        let (old, _) = self.board.replace_piece(index, piece)?;
        let before = std::mem::replace(&mut self.pieces[index], shape);
        update_visible(self.board.map(), &mut self.pieces, index);
        let now = &self.pieces[index];
        if before.eraser || now.eraser {
            let bbox = before
                .prepared
                .bbox
                .unwrap_or(Bbox::EMPTY)
                .union(now.prepared.bbox.unwrap_or(Bbox::EMPTY));
            update_strokes_before(self.board.map(), &mut self.pieces, index, bbox);
        }
        self.touch();
        Ok(old)
    }

    /// Replaces the features, returning the old ones.
    pub fn set_features(&mut self, features: Vec<Feature>) -> Vec<Feature> {
        let mut old = Vec::new();
        self.board
            .edit_content(|m| old = std::mem::replace(&mut m.features, features));
        self.touch();
        old
    }

    /// Replaces the starting zones, returning the old ones.
    pub fn set_zones(&mut self, zones: Vec<Zone>) -> Vec<Zone> {
        let mut old = Vec::new();
        self.board
            .edit_content(|m| old = std::mem::replace(&mut m.zones, zones));
        self.touch();
        old
    }

    /// Replaces the metadata, returning the old one.
    pub fn set_meta(&mut self, meta: Meta) -> Meta {
        let mut old = Meta::default();
        self.board
            .edit_content(|m| old = std::mem::replace(&mut m.meta, meta));
        self.touch();
        old
    }

    /// Replaces the whole map (layout, area, grid region, ...), recomputing
    /// the coverage from scratch. Returns the old map; on a limit error
    /// nothing changes.
    pub fn set_map(&mut self, map: Map) -> Result<Map, LimitError> {
        let old = self.board.map().clone();
        self.board.edit_all(|m| *m = map)?;
        self.pieces = visible_pieces(self.board.map());
        self.region = shape::prepare_region(self.board.map());
        self.touch();
        Ok(old)
    }

    /// Marks the derived data stale after an edit.
    fn touch(&mut self) {
        self.stale = true;
        self.revision += 1;
    }

    /// Whether findings, summary and lookups lag behind the last edits.
    #[must_use]
    pub fn is_stale(&self) -> bool {
        self.stale
    }

    /// Recomputes findings, summary and lookups after incremental edits, if
    /// any happened since the last time.
    pub fn refresh_derived(&mut self) {
        if !self.stale {
            return;
        }
        let map = self.board.map();
        self.findings = self.board.validate();
        self.summary = Summary::new(map, self.board.coverage());
        self.zones_at.clear();
        for z in &map.zones {
            for &h in &z.hexes {
                let sides = self.zones_at.entry(h).or_default();
                if !sides.contains(&z.side) {
                    sides.push(z.side);
                }
            }
        }
        self.findings_at.clear();
        for (i, f) in self.findings.iter().enumerate() {
            if let Some(h) = f.hex {
                self.findings_at.entry(h).or_default().push(i);
            }
        }
        self.stale = false;
        self.revision += 1;
    }

    /// Marks where the map now lives (after Save As).
    pub fn set_source(&mut self, source: MapSource) {
        self.source = source;
    }

    /// Changes the board through `edit`, then refreshes everything derived.
    pub fn edit<R>(&mut self, edit: impl FnOnce(&mut Board) -> R) -> R {
        let r = edit(&mut self.board);
        self.refresh();
        r
    }

    /// Recomputes findings, summary, prepared shapes and lookups, and bumps
    /// the revision.
    pub fn refresh(&mut self) {
        let map = self.board.map();
        self.region = shape::prepare_region(map);
        self.pieces = visible_pieces(map);
        self.stale = true;
        self.refresh_derived();
    }

    /// Everything about `hex`.
    #[must_use]
    pub fn report(&self, hex: Hex) -> HexReport {
        let map = self.board.map();
        let coverage = self.board.coverage();
        let layout = coverage.layout();
        let corners = layout.corners(hex);
        let hb = layout.bbox(hex);
        let tiny = coverage.hex_area() * 1e-6;
        let mut terrain = Vec::new();
        for piece in self.pieces.iter().filter(|p| !p.eraser) {
            if terrain.contains(&piece.kind) || !piece.bbox.overlaps(hb) {
                continue;
            }
            let overlap: f64 = piece
                .visible
                .trapezoids
                .iter()
                .filter(|t| t.y1 > hb.min.y && t.y0 < hb.max.y)
                .map(|t| geom::clipped_area(&t.corners().map(|(x, y)| Point::new(x, y)), &corners))
                .sum();
            if overlap > tiny {
                terrain.push(piece.kind);
            }
        }
        terrain.sort_by_key(|k| TerrainKind::ALL.iter().position(|a| a == k));
        HexReport {
            hex,
            free: coverage.free_fraction(hex),
            usable: coverage.is_usable(hex),
            terrain,
            features: map
                .features
                .iter()
                .filter(|f| f.hex == hex)
                .map(|f| f.kind)
                .collect(),
            zones: self.zones_at(hex).to_vec(),
            findings: self.findings_at(hex).to_vec(),
        }
    }

    /// The hex containing the world point `p`.
    #[must_use]
    pub fn hex_at(&self, p: Point) -> Hex {
        self.board.coverage().layout().hex_at(p)
    }

    /// World centre of `hex`.
    #[must_use]
    pub fn hex_center(&self, hex: Hex) -> Point {
        self.board.coverage().layout().center(hex)
    }
}

/// Prepares every terrain piece and works out what of it shows.
fn visible_pieces(map: &Map) -> Vec<PieceShape> {
    let mut pieces: Vec<PieceShape> = map
        .terrain
        .iter()
        .map(|p| PieceShape {
            kind: p.kind,
            prepared: shape::prepare_shape(&p.shape, &map.hex_layout()),
            eraser: p.shape.is_eraser(),
            visible: Fill::default(),
            bbox: Bbox::EMPTY,
        })
        .collect();
    for i in 0..pieces.len() {
        update_visible(map, &mut pieces, i);
    }
    pieces
}

/// A prepared piece, its visible fill not worked out yet.
fn prepare_piece(piece: &TerrainPiece, layout: &HexLayout) -> PieceShape {
    PieceShape {
        kind: piece.kind,
        prepared: shape::prepare_shape(&piece.shape, layout),
        eraser: piece.shape.is_eraser(),
        visible: Fill::default(),
        bbox: Bbox::EMPTY,
    }
}

/// Works out what shows of piece `i`: its shape inside the map area, minus
/// (for brush strokes) the erasers painted after it.
fn update_visible(map: &Map, pieces: &mut [PieceShape], i: usize) {
    let area = map.area.bbox();
    let area_ring: Ring = vec![
        (area.min.x, area.min.y),
        (area.max.x, area.min.y),
        (area.max.x, area.max.y),
        (area.min.x, area.max.y),
    ];
    let rings = |p: &Prepared| -> Vec<Ring> {
        p.rings
            .iter()
            .map(|r| r.points.iter().map(|q| (q.x, q.y)).collect())
            .collect()
    };
    let prep = &pieces[i].prepared;
    let eraser = pieces[i].eraser;
    let bbox = prep.bbox.unwrap_or(Bbox::EMPTY);
    let visible = if eraser || bbox.is_empty() {
        Fill::default()
    } else {
        let mut shapes = vec![vec![area_ring], rings(prep)];
        if matches!(map.terrain[i].shape, TerrainShape::Stroke { .. }) {
            // Erasers painted later remove this stroke's coverage.
            for later in &pieces[i + 1..] {
                if later.eraser && later.prepared.bbox.is_some_and(|b| b.overlaps(bbox)) {
                    shapes.push(rings(&later.prepared));
                }
            }
        }
        tessellate::combine(&shapes, |inside| {
            inside[0] && inside[1] && !inside[2..].iter().any(|&e| e)
        })
    };
    let bbox = Bbox::of(
        &visible
            .trapezoids
            .iter()
            .flat_map(Trapezoid::corners)
            .map(|(x, y)| Point::new(x, y))
            .collect::<Vec<_>>(),
    );
    pieces[i].visible = visible;
    pieces[i].bbox = bbox;
}

/// Recomputes what shows of the brush strokes before `index` that an
/// eraser within `bbox` at `index` may cut.
fn update_strokes_before(map: &Map, pieces: &mut [PieceShape], index: usize, bbox: Bbox) {
    for j in 0..index.min(pieces.len()) {
        let stroke = matches!(map.terrain[j].shape, TerrainShape::Stroke { .. });
        if stroke && !pieces[j].eraser && pieces[j].prepared.bbox.is_some_and(|b| b.overlaps(bbox))
        {
            update_visible(map, pieces, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexwright_engine::layout::Orientation;
    use hexwright_engine::map::{Coord, Length};
    use hexwright_engine::player::PlayerId;

    fn doc() -> Document {
        let mut map = Map::new_empty("Test", Orientation::Pointy, 10.0, 200.0, 200.0).unwrap();
        map.terrain.push(TerrainPiece {
            kind: TerrainKind::Water,
            shape: TerrainShape::Circle {
                center: Coord(Point::new(100.0, 100.0)),
                radius: Length::new(12.0).unwrap(),
            },
        });
        map.features.push(Feature {
            hex: Hex::new(2, 0),
            kind: FeatureKind::Base { side: PlayerId(0) },
        });
        map.zones.push(Zone {
            side: PlayerId(1),
            hexes: vec![Hex::new(0, 0)],
        });
        Document::new(Board::new(map).unwrap(), MapSource::Unsaved)
    }

    #[test]
    fn report_names_terrain_features_zones_and_findings() {
        let d = doc();
        let centre = d.report(Hex::ZERO);
        assert!(!centre.usable);
        assert_eq!(centre.terrain, vec![TerrainKind::Water]);
        assert_eq!(centre.zones, vec![PlayerId(1)]);
        assert!(
            !centre.findings.is_empty(),
            "the zone on the lake is a finding"
        );
        let line = centre.one_line();
        assert!(line.starts_with("Hex 0,0 · "), "{line}");
        assert!(
            line.contains("water") && line.contains("zone of side 1"),
            "{line}"
        );

        let base = d.report(Hex::new(2, 0));
        assert_eq!(base.features, vec![FeatureKind::Base { side: PlayerId(0) }]);
        assert!(base.terrain.is_empty());
        assert!(base.one_line().contains("base of side 0"));

        let far = d.report(Hex::new(100, 100));
        assert!(!far.in_grid());
        assert!(far.one_line().contains("outside the grid"));
    }

    #[test]
    fn edits_bump_the_revision() {
        let mut d = doc();
        let r = d.revision();
        d.edit(|b| b.edit_content(|m| m.zones.clear()));
        assert!(d.revision() > r);
        assert!(d.zones_at(Hex::ZERO).is_empty());
    }

    #[test]
    fn visible_fill_matches_the_prepared_shape() {
        // For every bundled piece: the drawn area equals the engine's prepared
        // area, except where it is clipped to the map area or erased.
        for (name, _) in hexwright_headless::files::bundled::MAPS {
            let map = hexwright_headless::files::bundled::map(name).unwrap();
            let doc = Document::new(Board::new(map).unwrap(), MapSource::Unsaved);
            let area = doc.map().area.bbox();
            for (i, p) in doc.pieces().iter().enumerate() {
                let prepared = p.prepared.area();
                let drawn = p.visible.area();
                let inside = p.prepared.bbox.is_some_and(|b| area.contains_box(b));
                let erased = doc.pieces()[i + 1..].iter().any(|q| q.eraser);
                if p.eraser {
                    assert!(drawn.abs() < 1e-9, "{name} #{i}: erasers are not drawn");
                } else if inside && !erased {
                    assert!(
                        (drawn - prepared).abs() <= 1e-6 * prepared,
                        "{name} #{i}: drawn {drawn}, prepared {prepared}"
                    );
                } else {
                    assert!(
                        drawn <= prepared * (1.0 + 1e-6),
                        "{name} #{i}: drawn {drawn} > prepared {prepared}"
                    );
                    assert!(drawn > 0.0, "{name} #{i}: something of the piece shows");
                }
            }
        }
    }
}
