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
//!
//! Per hex, every piece's rings are clipped to the hexagon (Sutherland–
//! Hodgman, skipping the hex edges no corner lies outside of; long rings are
//! first reduced to the chunks near the hex, and a ring with no edge near the
//! hex counts by its winding number). A hex with one piece needs nothing
//! more. With several pieces, erasers or a grid region cutting the hex, the
//! covered area is a signed sum of areas of intersections of pieces
//! (inclusion–exclusion on the indicator polynomial), each found by clipping
//! against pieces made of convex rings; only when that does not apply does
//! a sweep over vertical slabs take over, whose work is charged to the
//! map's budget as it goes ([`limits::MAX_COVERAGE_WORK`]), so no hex costs
//! more than the budget whatever its pieces look like. Brush strokes are
//! prepared as non-overlapping convex rings for this (see [`crate::shape`]).
//! A circle is a true disc: its area in a hex is computed in closed form,
//! and where it meets other pieces its part of the hex is a convex ring
//! whose arcs are tessellated finely enough that no result moves by more
//! than a few [`disc::TESSELLATION_ERROR`] of the hex (see [`crate::disc`]).

mod clip;
mod free;
mod overlap;
mod sweep;

use crate::disc;
use crate::geom::{self, Bbox, Point};
use crate::layout::HexLayout;
use crate::limits;
use crate::map::{LimitError, Map, TerrainShape};
use crate::shape;
use clip::{area_in, clip_shape};
use free::insert_sorted;
use hexx::Hex;

/// Relative tolerance on the half-area test (one millionth of a hex's area).
pub const USABLE_TOLERANCE: f64 = 1.0e-6;

/// A hex's usable verdict from its free fraction.
#[must_use]
pub fn is_usable_fraction(free_fraction: f64) -> bool {
    free_fraction >= 0.5 - USABLE_TOLERANCE
}

/// Edges per chunk of a long ring (see [`Ring::relevant`]).
const CHUNK: usize = 8;

/// Most members (pieces, and the grid region when it cuts the hex) that the
/// inclusion–exclusion path handles, and most intersection terms it
/// evaluates; beyond either, the slab sweep takes over.
const IE_MAX_MEMBERS: usize = 8;
const IE_MAX_TERMS: usize = 512;

/// One ring of a prepared shape, ready for clipping against hexes: a view
/// into its [`Shape`].
#[derive(Clone, Copy)]
struct Ring<'a> {
    points: &'a [Point],
    bbox: Bbox,
    /// Signed area of `points`.
    area: f64,
    /// For rings longer than two chunks: the box of chunk `j`, which holds
    /// the corners `j·CHUNK ..= (j + 1)·CHUNK` (wrapping to the first).
    chunks: &'a [Bbox],
}

impl<'a> Ring<'a> {
    /// The ring as far as the window with box `hb` can tell: every run of
    /// chunks lying together beyond one side of `hb` is replaced by the
    /// straight edge joining its ends. The replaced path and the edge lie in
    /// the same closed half-plane outside the window, so the winding number
    /// inside the window, and with it the clipped area, is unchanged.
    ///
    /// Also tells whether any edge may reach inside `hb`; when none does,
    /// the window lies wholly inside or wholly outside the ring.
    fn relevant<'b>(self, hb: Bbox, buf: &'b mut Vec<Point>) -> (&'b [Point], bool)
    where
        'a: 'b,
    {
        if self.chunks.is_empty() {
            if !self.bbox.contains_box(hb) {
                // The ring cannot surround the window.
                return (self.points, true);
            }
            let code = |p: Point| beyond(Bbox { min: p, max: p }, hb);
            let mut prev = code(self.points[self.points.len() - 1]);
            let mut touches = false;
            for &p in self.points {
                let c = code(p);
                touches |= c & prev == 0;
                prev = c;
            }
            return (self.points, touches);
        }
        buf.clear();
        let n = self.points.len();
        let mut run = 0u8;
        let mut touches = false;
        for (j, &b) in self.chunks.iter().enumerate() {
            let start = j * CHUNK;
            let side = beyond(b, hb);
            if side == 0 {
                buf.extend_from_slice(&self.points[start..(start + CHUNK).min(n)]);
                run = 0;
                touches = true;
            } else if run & side != 0 {
                run &= side;
            } else {
                buf.push(self.points[start]);
                run = side;
            }
        }
        (buf, touches)
    }
}

/// Where one ring of a [`Shape`] is stored.
#[derive(Clone, Debug)]
struct RingInfo {
    points: std::ops::Range<u32>,
    chunks: std::ops::Range<u32>,
    bbox: Bbox,
    area: f64,
}

/// The sides of `hb` beyond which the whole box `b` lies, as bits
/// (left, right, top, bottom); touching the side counts as beyond.
fn beyond(b: Bbox, hb: Bbox) -> u8 {
    u8::from(b.max.x <= hb.min.x)
        | u8::from(b.min.x >= hb.max.x) << 1
        | u8::from(b.max.y <= hb.min.y) << 2
        | u8::from(b.min.y >= hb.max.y) << 3
}

/// Rings per block of a shape with many rings (see [`Shape::for_near`]).
const BLOCK: usize = 8;

/// A prepared shape as rings ready for clipping, stored flat.
#[derive(Clone, Debug, Default)]
struct Shape {
    points: Vec<Point>,
    chunks: Vec<Bbox>,
    rings: Vec<RingInfo>,
    /// For shapes with more than two blocks of rings: the box of each block
    /// of `BLOCK` consecutive rings (consecutive rings of a brush stroke lie
    /// close together).
    blocks: Vec<Bbox>,
}

impl Shape {
    fn new(polys: shape::Polys) -> Self {
        let mut shape = Self::default();
        shape.rings.reserve(polys.len());
        for i in 0..polys.len() {
            let (start, end) = polys.range(i);
            let points = &polys.pts[start..end];
            let n = points.len();
            let first_chunk = shape.chunks.len();
            if n > 2 * CHUNK {
                shape.chunks.extend((0..n.div_ceil(CHUNK)).map(|j| {
                    let a = j * CHUNK;
                    let b = (a + CHUNK).min(n);
                    let mut bb = Bbox::of(&points[a..b]);
                    bb.include(points[b % n]);
                    bb
                }));
            }
            shape.rings.push(RingInfo {
                points: start as u32..end as u32,
                chunks: first_chunk as u32..shape.chunks.len() as u32,
                bbox: Bbox::of(points),
                area: geom::signed_area(points),
            });
        }
        shape.points = polys.pts;
        if shape.rings.len() > 2 * BLOCK {
            shape.blocks = shape
                .rings
                .chunks(BLOCK)
                .map(|c| c.iter().map(|r| r.bbox).fold(Bbox::EMPTY, Bbox::union))
                .collect();
        }
        shape
    }

    fn ring(&self, info: &RingInfo) -> Ring<'_> {
        Ring {
            points: &self.points[info.points.start as usize..info.points.end as usize],
            bbox: info.bbox,
            area: info.area,
            chunks: &self.chunks[info.chunks.start as usize..info.chunks.end as usize],
        }
    }

    /// Calls `f` with every ring whose box overlaps `b`, in order.
    fn for_near(&self, b: Bbox, mut f: impl FnMut(Ring<'_>)) {
        if self.blocks.is_empty() {
            for info in &self.rings {
                if info.bbox.overlaps(b) {
                    f(self.ring(info));
                }
            }
            return;
        }
        for (j, block) in self.blocks.iter().enumerate() {
            if block.overlaps(b) {
                for info in &self.rings[j * BLOCK..((j + 1) * BLOCK).min(self.rings.len())] {
                    if info.bbox.overlaps(b) {
                        f(self.ring(info));
                    }
                }
            }
        }
    }
}

#[derive(Clone, Debug)]
struct PreparedPiece {
    /// The rings of a polygon or stroke (empty for a circle and whole hexes).
    shape: Shape,
    /// Whole hexes: the piece covers exactly these and touches no other.
    hexes: Option<Vec<Hex>>,
    /// A circle: its centre and radius, kept exact.
    disc: Option<(Point, f64)>,
    /// Bounding box used for the hex index (from the map's shape, so it is
    /// known without preparing).
    bbox: Bbox,
    painted: bool,
    erase: bool,
}

impl PreparedPiece {
    fn new(shape: &TerrainShape, layout: &HexLayout) -> Self {
        let hex_size = layout.size;
        let (painted, erase) = match shape {
            TerrainShape::Stroke { erase, .. } => (true, *erase),
            _ => (false, false),
        };
        let (shape_rings, disc) = match shape {
            TerrainShape::Circle { center, radius } => {
                (Shape::default(), Some((center.0, radius.get())))
            }
            TerrainShape::Hexes { .. } => (Shape::default(), None),
            _ => (
                Shape::new(shape::prepare_for_coverage(shape, hex_size)),
                None,
            ),
        };
        let hexes = match shape {
            TerrainShape::Hexes { hexes } => Some(hexes.hexes().to_vec()),
            _ => None,
        };
        Self {
            shape: shape_rings,
            hexes,
            disc,
            bbox: shape.bbox(layout),
            painted,
            erase,
        }
    }

    /// The piece's area inside the hex (exact for a circle).
    fn area_in(&self, w: &Window, s: &mut Scratch) -> f64 {
        match self.disc {
            Some((c, r)) => disc::convex_area_with(c - w.center, r, &w.local, &mut s.out),
            None => area_in(&self.shape, w, s),
        }
    }

    /// Appends the piece's rings clipped to the hex to `s.clipped` (for a
    /// circle, one convex ring with its arcs tessellated, see [`disc`]).
    fn clip_into(&self, w: &Window, s: &mut Scratch) {
        match self.disc {
            Some((c, r)) => {
                disc::clip_convex(c - w.center, r, &w.local, w.area, &mut s.out);
                if s.out.len() >= 3 {
                    s.clipped.push(&s.out);
                }
            }
            None => {
                clip_shape(&self.shape, w, s);
            }
        }
    }
}

/// A hex as a convex clip window.
///
/// Clipping happens in coordinates local to the hex: subjects are moved by
/// `−center` first (exact for points near the hex, by Sterbenz's lemma, and
/// close for the rest) and clipped against `local`, the corners about the
/// origin, which are the same for every hex of a layout. So areas carry the
/// rounding of numbers of the hex's size, not of its distance from the
/// origin, and a map moved by whole hexes gets the same free fractions.
struct Window {
    /// The corners in world coordinates (for tests that clip the slow way).
    #[cfg_attr(not(test), allow(dead_code))]
    corners: [Point; 6],
    /// The corners relative to `center`.
    local: [Point; 6],
    /// `local[i + 1] − local[i]`.
    edges: [Point; 6],
    bbox: Bbox,
    center: Point,
    /// Signed area of `local`.
    area: f64,
}

impl Window {
    fn new(layout: &HexLayout, h: Hex) -> Self {
        let corners = layout.corners(h);
        let local = layout
            .corners(Hex::ZERO)
            .map(|p| p - layout.center(Hex::ZERO));
        let edges = std::array::from_fn(|i| local[(i + 1) % 6] - local[i]);
        Self {
            corners,
            local,
            edges,
            bbox: Bbox::of(&corners),
            center: layout.center(h),
            area: geom::signed_area(&local),
        }
    }

    /// `subject` moved into the window's local coordinates, into `buf`.
    fn localize<'b>(&self, subject: &[Point], buf: &'b mut Vec<Point>) -> &'b [Point] {
        buf.clear();
        buf.extend(subject.iter().map(|&p| p - self.center));
        buf
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
        Self {
            qmin,
            rmin,
            width,
            height,
            cells,
        }
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

/// Rings stored one after another: ring `k` is `pts[starts[k]..starts[k + 1]]`
/// (the last one runs to the end).
#[derive(Default)]
struct Rings {
    pts: Vec<Point>,
    starts: Vec<usize>,
}

impl Rings {
    fn clear(&mut self) {
        self.pts.clear();
        self.starts.clear();
    }

    fn len(&self) -> usize {
        self.starts.len()
    }

    fn ring(&self, k: usize) -> &[Point] {
        let end = self.starts.get(k + 1).copied().unwrap_or(self.pts.len());
        &self.pts[self.starts[k]..end]
    }

    fn push(&mut self, ring: &[Point]) {
        self.starts.push(self.pts.len());
        self.pts.extend_from_slice(ring);
    }

    fn area(&self) -> f64 {
        (0..self.len())
            .map(|k| geom::signed_area(self.ring(k)))
            .sum()
    }
}

/// One piece that really overlaps a hex, with its area there; in the general
/// case its clipped rings are `clipped.ring(k)` for `k` in `first..end`.
#[derive(Clone, Copy)]
struct Hit {
    piece: usize,
    area: f64,
    first: usize,
    end: usize,
}

/// Reusable buffers for clipping.
#[derive(Default)]
struct Scratch {
    out: Vec<Point>,
    tmp: Vec<Point>,
    relevant: Vec<Point>,
    /// A subject moved into a window's local coordinates.
    shifted: Vec<Point>,
    /// A clip ring without near-duplicate corners.
    clean: Vec<Point>,
    edges: Vec<Point>,
    /// The rings of every piece clipped to the current hex, then the grid
    /// region's.
    clipped: Rings,
    hits: Vec<Hit>,
    /// Subjects of the inclusion–exclusion terms, one per depth.
    levels: Vec<Rings>,
    /// The slab sweep's buffers.
    sweep: sweep::Sweep,
}

/// A hex's free area and the sweep work it took
/// ([`limits::MAX_COVERAGE_WORK`]).
#[derive(Clone, Copy, Debug)]
struct Free {
    free: f64,
    work: u64,
}

impl Free {
    const fn easy(free: f64) -> Self {
        Self { free, work: 0 }
    }
}

/// The usable-hex state of a map, kept up to date incrementally.
#[derive(Clone, Debug)]
pub struct Coverage {
    layout: HexLayout,
    hex_area: f64,
    hexes: Vec<Hex>,
    /// The union of the grid hexes' boxes.
    grid_box: Bbox,
    lookup: Lookup,
    region: Shape,
    region_area: Vec<f64>,
    pieces: Vec<PreparedPiece>,
    hex_pieces: Vec<Vec<u32>>,
    free: Vec<f64>,
    /// Per grid hex, the sweep work its free area took.
    work: Vec<u64>,
    /// The sum of `work`, at most [`limits::MAX_COVERAGE_WORK`].
    work_total: u64,
}

impl Coverage {
    /// Computes the grid and every hex's free area from scratch.
    pub fn new(map: &Map) -> Result<Self, LimitError> {
        map.check_limits()?;
        let layout = map.hex_layout();
        let hex_area = layout.hex_area();
        let prepared_region = shape::prepare_region(map);
        let region_bbox = prepared_region.bbox;
        let region = Shape::new(shape::Polys::from(&prepared_region));
        let mut scratch = Scratch::default();
        let mut hexes = Vec::new();
        let mut region_area = Vec::new();
        if let Some(rb) = region_bbox {
            for h in layout.hexes_overlapping(rb) {
                let w = Window::new(&layout, h);
                let a = area_in(&region, &w, &mut scratch);
                if a > hex_area * 1e-9 {
                    hexes.push(h);
                    region_area.push(a.min(hex_area));
                }
            }
        }
        let lookup = Lookup::new(&hexes);
        let n = hexes.len();
        let grid_box = hexes
            .iter()
            .map(|&h| layout.bbox(h))
            .fold(Bbox::EMPTY, Bbox::union);
        let mut cov = Self {
            grid_box,
            layout,
            hex_area,
            hexes,
            lookup,
            region,
            region_area,
            pieces: Vec::with_capacity(map.terrain.len()),
            hex_pieces: vec![Vec::new(); n],
            free: vec![0.0; n],
            work: vec![0; n],
            work_total: 0,
        };
        for (i, piece) in map.terrain.iter().enumerate() {
            let p = PreparedPiece::new(&piece.shape, &layout);
            for hi in cov.touched_by(&p) {
                cov.hex_pieces[hi].push(i as u32);
            }
            cov.pieces.push(p);
        }
        for i in 0..n {
            let f = cov.compute_free(
                i,
                &mut scratch,
                true,
                limits::MAX_COVERAGE_WORK - cov.work_total,
            )?;
            cov.free[i] = f.free;
            cov.work[i] = f.work;
            cov.work_total += f.work;
        }
        Ok(cov)
    }

    /// The work the exact computation took over the whole map, in the
    /// units of [`limits::MAX_COVERAGE_WORK`] (which it never exceeds):
    /// how close the map's terrain is to being refused as too detailed.
    #[must_use]
    pub fn work(&self) -> u64 {
        self.work_total
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
        self.lookup
            .get(hex)
            .map(|i| (self.free[i] / self.hex_area).clamp(0.0, 1.0))
    }

    /// Whether `hex` is usable (see the module docs).
    #[must_use]
    pub fn is_usable(&self, hex: Hex) -> bool {
        self.free_fraction(hex).is_some_and(is_usable_fraction)
    }

    /// Number of usable hexes.
    #[must_use]
    pub fn usable_count(&self) -> usize {
        (0..self.hexes.len())
            .filter(|&i| is_usable_fraction(self.free[i] / self.hex_area))
            .count()
    }

    /// Every usable hex, ordered by `r` then `q`.
    #[must_use]
    pub fn usable_hexes(&self) -> Vec<Hex> {
        self.hexes
            .iter()
            .copied()
            .filter(|&h| self.is_usable(h))
            .collect()
    }

    /// Updates the coverage after a piece was inserted into `map.terrain` at
    /// `index`. Returns the grid hexes that were recomputed.
    ///
    /// # Errors
    /// [`LimitError::TooDetailed`] when the map's coverage budget runs
    /// out; the coverage is then only consistent again once the edit is
    /// undone and reported ([`Self::piece_removed`]).
    pub fn piece_inserted(&mut self, map: &Map, index: usize) -> Result<Vec<Hex>, LimitError> {
        let piece = PreparedPiece::new(&map.terrain[index].shape, &self.layout);
        let idx = index as u32;
        // Appending (the usual case while painting) shifts no index.
        if index < self.pieces.len() {
            for list in &mut self.hex_pieces {
                for p in list.iter_mut() {
                    if *p >= idx {
                        *p += 1;
                    }
                }
            }
        }
        let touched = self.touched_by(&piece);
        for &hi in &touched {
            insert_sorted(&mut self.hex_pieces[hi], idx);
        }
        self.pieces.insert(index, piece);
        self.recompute(&touched)
    }

    /// Updates the coverage after the piece at `index` was removed from
    /// `map.terrain`. Returns the grid hexes that were recomputed.
    ///
    /// # Errors
    /// [`LimitError::TooDetailed`], as [`Self::piece_inserted`] (removing a
    /// piece that covered a hex can bare more detail under it).
    pub fn piece_removed(&mut self, index: usize) -> Result<Vec<Hex>, LimitError> {
        let old = self.pieces.remove(index);
        let idx = index as u32;
        let touched = self.touched_by(&old);
        for &hi in &touched {
            self.hex_pieces[hi].retain(|&p| p != idx);
        }
        // Removing the last piece shifts no index.
        if index < self.pieces.len() {
            for list in &mut self.hex_pieces {
                for p in list.iter_mut() {
                    if *p > idx {
                        *p -= 1;
                    }
                }
            }
        }
        self.recompute(&touched)
    }

    /// Updates the coverage after the piece at `index` in `map.terrain` was
    /// replaced (moved, reshaped). Returns the grid hexes that were recomputed.
    ///
    /// # Errors
    /// [`LimitError::TooDetailed`], as [`Self::piece_inserted`].
    pub fn piece_replaced(&mut self, map: &Map, index: usize) -> Result<Vec<Hex>, LimitError> {
        let new = PreparedPiece::new(&map.terrain[index].shape, &self.layout);
        let idx = index as u32;
        let old_hexes = self.touched_by(&self.pieces[index]);
        for &hi in &old_hexes {
            self.hex_pieces[hi].retain(|&p| p != idx);
        }
        let new_hexes = self.touched_by(&new);
        for &hi in &new_hexes {
            insert_sorted(&mut self.hex_pieces[hi], idx);
        }
        self.pieces[index] = new;
        let mut all = old_hexes;
        all.extend(new_hexes);
        all.sort_unstable();
        all.dedup();
        self.recompute(&all)
    }

    /// Recomputes the hexes `indices`. When the map's coverage budget
    /// runs out on one of them, stops there with the error; `work_total`
    /// stays the sum of `work`, so recomputing the same hexes after undoing
    /// the edit restores the coverage.
    fn recompute(&mut self, indices: &[usize]) -> Result<Vec<Hex>, LimitError> {
        let mut scratch = Scratch::default();
        let before: u64 = indices.iter().map(|&i| self.work[i]).sum();
        let mut left = before;
        let mut total = self.work_total - before;
        for &i in indices {
            left -= self.work[i];
            let allowance = limits::MAX_COVERAGE_WORK.saturating_sub(total + left);
            match self.compute_free(i, &mut scratch, true, allowance) {
                Ok(f) => {
                    self.free[i] = f.free;
                    self.work[i] = f.work;
                    total += f.work;
                }
                Err(e) => {
                    self.work_total = total + left + self.work[i];
                    return Err(e);
                }
            }
        }
        self.work_total = total;
        Ok(indices.iter().map(|&i| self.hexes[i]).collect())
    }

    /// Grid indices of the hexes `piece` may cover, ascending: its own
    /// hexes for whole hexes, else those whose box overlaps the piece's.
    fn touched_by(&self, piece: &PreparedPiece) -> Vec<usize> {
        match &piece.hexes {
            Some(hexes) => {
                let mut out: Vec<usize> =
                    hexes.iter().filter_map(|&h| self.lookup.get(h)).collect();
                out.sort_unstable();
                out
            }
            None => self.hex_indices_in(piece.bbox),
        }
    }

    /// Grid indices of hexes whose bounding box overlaps `b`, ascending.
    /// Only the part of `b` over the grid is searched, so a piece far larger
    /// than the grid costs what the grid costs.
    fn hex_indices_in(&self, b: Bbox) -> Vec<usize> {
        let mut out = Vec::new();
        if self.hexes.is_empty() || !b.overlaps(self.grid_box) {
            return out;
        }
        let b = Bbox {
            min: Point::new(
                b.min.x.max(self.grid_box.min.x),
                b.min.y.max(self.grid_box.min.y),
            ),
            max: Point::new(
                b.max.x.min(self.grid_box.max.x),
                b.max.y.min(self.grid_box.max.y),
            ),
        };
        self.layout
            .for_each_hex_overlapping(b, |h| out.extend(self.lookup.get(h)));
        out.sort_unstable();
        out
    }

    /// Whether one of `pieces` is whole hexes: they are listed only on the
    /// hexes they cover, and nothing erases them.
    fn has_whole_hexes(&self, pieces: &[u32]) -> bool {
        pieces
            .iter()
            .any(|&p| self.pieces[p as usize].hexes.is_some())
    }
}

#[cfg(test)]
mod tests;
