//! Which hexes are usable: the board rule of document 004, computed exactly.
//!
//! A hex is **usable** when the area of `hex ∩ grid region ∖ terrain` (its
//! *free area*) is at least half of the hex's area. Exactly half is usable.
//! The comparison allows [`USABLE_TOLERANCE`] of the hex area for floating
//! point error: a hex is usable when `free ≥ (0.5 − USABLE_TOLERANCE) × area`.
//!
//! The *grid* is every hex whose intersection with the grid region has
//! positive area; hexes outside it do not exist for the game.
//!
//! [`Coverage`] keeps, for every grid hex, the list of terrain pieces whose
//! bounding box overlaps the hex, and the free area. An edit to one piece
//! recomputes only the hexes that piece touched before or touches now, so
//! painting stays fast on large maps. [`Coverage::new`] and any sequence of
//! incremental updates give identical results (a property test checks it).

use crate::geom::{self, Bbox, Point};
use crate::layout::HexLayout;
use crate::map::{LimitError, Map, TerrainShape};
use crate::shape::{self, Contour, Prepared};
use hexx::Hex;

/// Relative tolerance on the half-area test (one millionth of a hex's area).
pub const USABLE_TOLERANCE: f64 = 1.0e-6;

/// A hex's usable verdict from its free fraction.
#[must_use]
pub fn is_usable_fraction(free_fraction: f64) -> bool {
    free_fraction >= 0.5 - USABLE_TOLERANCE
}

#[derive(Clone, Debug)]
struct PreparedPiece {
    shape: Prepared,
    /// Bounding box used for the hex index (from the map's shape, so it is
    /// known without preparing).
    bbox: Bbox,
    painted: bool,
    erase: bool,
}

impl PreparedPiece {
    fn new(shape: &TerrainShape) -> Self {
        let (painted, erase) = match shape {
            TerrainShape::Stroke { erase, .. } => (true, *erase),
            _ => (false, false),
        };
        Self { shape: shape::prepare_shape(shape), bbox: shape.bbox(), painted, erase }
    }
}

/// Dense lookup from axial coordinates to grid index.
#[derive(Clone, Debug, Default)]
struct Lookup {
    qmin: i32,
    rmin: i32,
    width: usize,
    height: usize,
    cells: Vec<u32>,
}

impl Lookup {
    const NONE: u32 = u32::MAX;

    fn new(hexes: &[Hex]) -> Self {
        if hexes.is_empty() {
            return Self::default();
        }
        let qmin = hexes.iter().map(|h| h.x).min().unwrap_or(0);
        let qmax = hexes.iter().map(|h| h.x).max().unwrap_or(0);
        let rmin = hexes.iter().map(|h| h.y).min().unwrap_or(0);
        let rmax = hexes.iter().map(|h| h.y).max().unwrap_or(0);
        let width = (qmax - qmin + 1) as usize;
        let height = (rmax - rmin + 1) as usize;
        let mut cells = vec![Self::NONE; width * height];
        for (i, h) in hexes.iter().enumerate() {
            cells[(h.y - rmin) as usize * width + (h.x - qmin) as usize] = i as u32;
        }
        Self { qmin, rmin, width, height, cells }
    }

    fn get(&self, h: Hex) -> Option<usize> {
        let q = i64::from(h.x) - i64::from(self.qmin);
        let r = i64::from(h.y) - i64::from(self.rmin);
        if q < 0 || r < 0 || q >= self.width as i64 || r >= self.height as i64 {
            return None;
        }
        let v = self.cells[r as usize * self.width + q as usize];
        (v != Self::NONE).then_some(v as usize)
    }
}

/// Reusable buffers for clipping.
#[derive(Default)]
struct Scratch {
    out: Vec<Point>,
    tmp: Vec<Point>,
}

/// The usable-hex state of a map, kept up to date incrementally.
#[derive(Clone, Debug)]
pub struct Coverage {
    layout: HexLayout,
    hex_area: f64,
    hexes: Vec<Hex>,
    lookup: Lookup,
    region: Prepared,
    region_area: Vec<f64>,
    pieces: Vec<PreparedPiece>,
    hex_pieces: Vec<Vec<u32>>,
    free: Vec<f64>,
}

impl Coverage {
    /// Computes the grid and every hex's free area from scratch.
    pub fn new(map: &Map) -> Result<Self, LimitError> {
        map.check_limits()?;
        let layout = map.hex_layout();
        let hex_area = layout.hex_area();
        let region = shape::prepare_region(&map.grid, map.area.bbox());
        let mut scratch = Scratch::default();
        let mut hexes = Vec::new();
        let mut region_area = Vec::new();
        if let Some(rb) = region.bbox {
            for h in layout.hexes_overlapping(rb) {
                let corners = layout.corners(h);
                let a = prepared_area_in(&region, &corners, layout.bbox(h), &mut scratch);
                if a > hex_area * 1e-9 {
                    hexes.push(h);
                    region_area.push(a.min(hex_area));
                }
            }
        }
        let lookup = Lookup::new(&hexes);
        let n = hexes.len();
        let mut cov = Self {
            layout,
            hex_area,
            hexes,
            lookup,
            region,
            region_area,
            pieces: Vec::with_capacity(map.terrain.len()),
            hex_pieces: vec![Vec::new(); n],
            free: vec![0.0; n],
        };
        for (i, piece) in map.terrain.iter().enumerate() {
            let p = PreparedPiece::new(&piece.shape);
            for hi in cov.hex_indices_in(p.bbox) {
                cov.hex_pieces[hi].push(i as u32);
            }
            cov.pieces.push(p);
        }
        for i in 0..n {
            cov.free[i] = cov.compute_free(i, &mut scratch);
        }
        Ok(cov)
    }

    /// The layout the coverage was computed with.
    #[must_use]
    pub fn layout(&self) -> &HexLayout {
        &self.layout
    }

    /// The area of one hex.
    #[must_use]
    pub fn hex_area(&self) -> f64 {
        self.hex_area
    }

    /// Every grid hex, ordered by `r` then `q`.
    #[must_use]
    pub fn hexes(&self) -> &[Hex] {
        &self.hexes
    }

    /// Whether `hex` belongs to the grid.
    #[must_use]
    pub fn in_grid(&self, hex: Hex) -> bool {
        self.lookup.get(hex).is_some()
    }

    /// The share of `hex`'s area that is inside the grid region and not
    /// covered by terrain, in `0.0..=1.0`; `None` outside the grid.
    #[must_use]
    pub fn free_fraction(&self, hex: Hex) -> Option<f64> {
        self.lookup.get(hex).map(|i| (self.free[i] / self.hex_area).clamp(0.0, 1.0))
    }

    /// Whether `hex` is usable (see the module docs).
    #[must_use]
    pub fn is_usable(&self, hex: Hex) -> bool {
        self.free_fraction(hex).is_some_and(is_usable_fraction)
    }

    /// Number of usable hexes.
    #[must_use]
    pub fn usable_count(&self) -> usize {
        (0..self.hexes.len()).filter(|&i| is_usable_fraction(self.free[i] / self.hex_area)).count()
    }

    /// Every usable hex, ordered by `r` then `q`.
    #[must_use]
    pub fn usable_hexes(&self) -> Vec<Hex> {
        self.hexes.iter().copied().filter(|&h| self.is_usable(h)).collect()
    }

    /// Updates the coverage after a piece was inserted into `map.terrain` at
    /// `index`. Returns the grid hexes that were recomputed.
    pub fn piece_inserted(&mut self, map: &Map, index: usize) -> Vec<Hex> {
        let piece = PreparedPiece::new(&map.terrain[index].shape);
        let idx = index as u32;
        for list in &mut self.hex_pieces {
            for p in list.iter_mut() {
                if *p >= idx {
                    *p += 1;
                }
            }
        }
        let touched = self.hex_indices_in(piece.bbox);
        for &hi in &touched {
            let list = &mut self.hex_pieces[hi];
            let pos = list.partition_point(|&p| p < idx);
            list.insert(pos, idx);
        }
        self.pieces.insert(index, piece);
        self.recompute(&touched)
    }

    /// Updates the coverage after the piece at `index` was removed from
    /// `map.terrain`. Returns the grid hexes that were recomputed.
    pub fn piece_removed(&mut self, index: usize) -> Vec<Hex> {
        let old = self.pieces.remove(index);
        let idx = index as u32;
        let touched = self.hex_indices_in(old.bbox);
        for list in &mut self.hex_pieces {
            list.retain(|&p| p != idx);
            for p in list.iter_mut() {
                if *p > idx {
                    *p -= 1;
                }
            }
        }
        self.recompute(&touched)
    }

    /// Updates the coverage after the piece at `index` in `map.terrain` was
    /// replaced (moved, reshaped). Returns the grid hexes that were recomputed.
    pub fn piece_replaced(&mut self, map: &Map, index: usize) -> Vec<Hex> {
        let new = PreparedPiece::new(&map.terrain[index].shape);
        let idx = index as u32;
        let old_hexes = self.hex_indices_in(self.pieces[index].bbox);
        for &hi in &old_hexes {
            self.hex_pieces[hi].retain(|&p| p != idx);
        }
        let new_hexes = self.hex_indices_in(new.bbox);
        for &hi in &new_hexes {
            let list = &mut self.hex_pieces[hi];
            let pos = list.partition_point(|&p| p < idx);
            list.insert(pos, idx);
        }
        self.pieces[index] = new;
        let mut all = old_hexes;
        all.extend(new_hexes);
        all.sort_unstable();
        all.dedup();
        self.recompute(&all)
    }

    fn recompute(&mut self, indices: &[usize]) -> Vec<Hex> {
        let mut scratch = Scratch::default();
        for &i in indices {
            self.free[i] = self.compute_free(i, &mut scratch);
        }
        indices.iter().map(|&i| self.hexes[i]).collect()
    }

    /// Grid indices of hexes whose bounding box overlaps `b`, ascending.
    fn hex_indices_in(&self, b: Bbox) -> Vec<usize> {
        if b.is_empty() || self.hexes.is_empty() {
            return Vec::new();
        }
        let (qmin, qmax, rmin, rmax) = self.layout.axial_range(b);
        let qmin = qmin.max(self.lookup.qmin);
        let rmin = rmin.max(self.lookup.rmin);
        let qmax = qmax.min(self.lookup.qmin + self.lookup.width as i32 - 1);
        let rmax = rmax.min(self.lookup.rmin + self.lookup.height as i32 - 1);
        let mut out = Vec::new();
        for r in rmin..=rmax {
            for q in qmin..=qmax {
                let h = Hex::new(q, r);
                if let Some(i) = self.lookup.get(h)
                    && self.layout.bbox(h).overlaps(b)
                {
                    out.push(i);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Free area of grid hex `i`.
    fn compute_free(&self, i: usize, scratch: &mut Scratch) -> f64 {
        let h = self.hexes[i];
        let region_area = self.region_area[i];
        let touching = &self.hex_pieces[i];
        if touching.is_empty() {
            return region_area;
        }
        let corners = self.layout.corners(h);
        let hb = self.layout.bbox(h);
        let full = self.hex_area * (1.0 - 1e-12);
        let inside_region = region_area >= full;

        // First pass: which pieces really overlap the hex, and how much.
        let mut hits: Vec<(usize, f64)> = Vec::with_capacity(touching.len());
        for &p in touching {
            let piece = &self.pieces[p as usize];
            let a = prepared_area_in(&piece.shape, &corners, hb, scratch);
            if a <= 0.0 {
                continue;
            }
            if !piece.painted && a >= full {
                // A polygon or circle covers the whole hex; nothing erases it.
                return 0.0;
            }
            hits.push((p as usize, a));
        }
        // Erasers only matter after some painted stroke.
        let first_paint = hits.iter().position(|&(p, _)| self.pieces[p].painted && !self.pieces[p].erase);
        match first_paint {
            Some(fp) => {
                let mut k = 0;
                hits.retain(|&(p, _)| {
                    let keep = !self.pieces[p].erase || k > fp;
                    k += 1;
                    keep
                });
            }
            None => hits.retain(|&(p, _)| !self.pieces[p].erase),
        }
        if hits.is_empty() {
            return region_area;
        }
        if hits.len() == 1 && inside_region {
            return (region_area - hits[0].1).max(0.0);
        }

        // General case: exact boolean operations on the pieces clipped to the hex.
        let mut solid: Vec<Contour> = Vec::new();
        let mut paint: Vec<Contour> = Vec::new();
        for &(p, _) in &hits {
            let piece = &self.pieces[p];
            let clipped = clipped_contours(&piece.shape, &corners, hb, scratch);
            if !piece.painted {
                solid.extend(clipped);
            } else if piece.erase {
                paint = shape::difference(&paint, &clipped);
            } else {
                paint.extend(clipped);
            }
        }
        solid.extend(paint);
        let covered = if inside_region {
            shape::union_area(&solid)
        } else {
            let region = clipped_contours(&self.region, &corners, hb, scratch);
            shape::intersection_area(&solid, &region)
        };
        (region_area - covered).max(0.0)
    }
}

/// Area of `shape` inside the convex hex `corners` with box `hb`.
fn prepared_area_in(shape: &Prepared, corners: &[Point], hb: Bbox, s: &mut Scratch) -> f64 {
    let mut a = 0.0;
    for ring in &shape.rings {
        if !ring.bbox.overlaps(hb) {
            continue;
        }
        geom::clip_convex_into(&ring.points, corners, &mut s.out, &mut s.tmp);
        a += geom::signed_area(&s.out);
    }
    a
}

/// The rings of `shape` clipped to the hex, as contours.
fn clipped_contours(shape: &Prepared, corners: &[Point], hb: Bbox, s: &mut Scratch) -> Vec<Contour> {
    let mut out = Vec::new();
    for ring in &shape.rings {
        if !ring.bbox.overlaps(hb) {
            continue;
        }
        geom::clip_convex_into(&ring.points, corners, &mut s.out, &mut s.tmp);
        if s.out.len() >= 3 && geom::signed_area(&s.out) != 0.0 {
            out.push(s.out.iter().map(|p| [p.x, p.y]).collect());
        }
    }
    out
}
