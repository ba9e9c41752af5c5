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
//! against pieces made of convex rings; only when that does not apply do
//! exact boolean operations (`i_overlay`) take over. Brush strokes are
//! prepared as non-overlapping convex rings for this (see [`crate::shape`]).
//! A circle is a true disc: its area in a hex is computed in closed form,
//! and where it meets other pieces its part of the hex is a convex ring
//! whose arcs are tessellated finely enough that no result moves by more
//! than a few [`disc::TESSELLATION_ERROR`] of the hex (see [`crate::disc`]).

use crate::disc;
use crate::geom::{self, Bbox, Point};
use crate::layout::HexLayout;
use crate::limits;
use crate::map::{LimitError, Map, TerrainShape};
use crate::shape::{self, Contour};
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
/// evaluates; beyond either, the general boolean path takes over.
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
}

/// A hex's free area and the boolean-engine work it took
/// ([`limits::MAX_BOOLEAN_WORK`]).
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
    /// Per grid hex, the boolean-engine work its free area took.
    work: Vec<u64>,
    /// The sum of `work`, at most [`limits::MAX_BOOLEAN_WORK`].
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
                limits::MAX_BOOLEAN_WORK - cov.work_total,
            )?;
            cov.free[i] = f.free;
            cov.work[i] = f.work;
            cov.work_total += f.work;
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
    /// [`LimitError::TooDetailed`] when the map's boolean-engine budget runs
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

    /// Recomputes the hexes `indices`. When the map's boolean-engine budget
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
            let allowance = limits::MAX_BOOLEAN_WORK.saturating_sub(total + left);
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

    /// Free area of grid hex `i`. With `fast` false every hex with more
    /// than one piece takes the general boolean path (for tests).
    fn compute_free(
        &self,
        i: usize,
        scratch: &mut Scratch,
        fast: bool,
        allowance: u64,
    ) -> Result<Free, LimitError> {
        let h = self.hexes[i];
        let region_area = self.region_area[i];
        let touching = &self.hex_pieces[i];
        if touching.is_empty() {
            return Ok(Free::easy(region_area));
        }
        if self.has_whole_hexes(touching) {
            return Ok(Free::easy(0.0));
        }
        let w = Window::new(&self.layout, h);
        let full = self.hex_area * (1.0 - 1e-12);
        let inside_region = region_area >= full;

        // First pass: which pieces really overlap the hex, and how much.
        let mut hits = std::mem::take(&mut scratch.hits);
        hits.clear();
        for &p in touching {
            let piece = &self.pieces[p as usize];
            let a = piece.area_in(&w, scratch);
            if a <= 0.0 {
                continue;
            }
            if !piece.painted && a >= full {
                // A polygon or circle covers the whole hex; nothing erases it.
                scratch.hits = hits;
                return Ok(Free::easy(0.0));
            }
            hits.push(Hit {
                piece: p as usize,
                area: a,
                first: 0,
                end: 0,
            });
        }
        // A stroke or an eraser that covers the whole hex decides the painted
        // layer there: the painted pieces before it no longer matter (and an
        // eraser that covers the hex leaves nothing painted, so it goes too).
        if let Some(last) = hits
            .iter()
            .rposition(|hit| self.pieces[hit.piece].painted && hit.area >= full)
        {
            let erase = self.pieces[hits[last].piece].erase;
            let mut k = 0;
            hits.retain(|hit| {
                let keep = !self.pieces[hit.piece].painted || k > last || (k == last && !erase);
                k += 1;
                keep
            });
        }
        // Erasers only matter after some painted stroke.
        let first_paint = hits
            .iter()
            .position(|hit| self.pieces[hit.piece].painted && !self.pieces[hit.piece].erase);
        match first_paint {
            Some(fp) => {
                let mut k = 0;
                hits.retain(|hit| {
                    let keep = !self.pieces[hit.piece].erase || k > fp;
                    k += 1;
                    keep
                });
            }
            None => hits.retain(|hit| !self.pieces[hit.piece].erase),
        }
        let mut work = 0;
        let free = if hits.is_empty() {
            region_area
        } else if hits.len() == 1 && inside_region {
            (region_area - hits[0].area).max(0.0)
        } else {
            // The general case works on the pieces clipped to the hex.
            scratch.clipped.clear();
            for hit in &mut hits {
                hit.first = scratch.clipped.len();
                self.pieces[hit.piece].clip_into(&w, scratch);
                hit.end = scratch.clipped.len();
            }
            let region = if inside_region {
                None
            } else {
                let first = scratch.clipped.len();
                clip_shape(&self.region, &w, scratch);
                Some(first..scratch.clipped.len())
            };
            let fast_covered = if fast {
                self.covered_by_inclusion_exclusion(&hits, region.clone(), scratch)
            } else {
                None
            };
            let covered = if let Some(c) = fast_covered {
                c
            } else {
                match self.covered_by_boolean_ops(h, &hits, region, scratch, allowance) {
                    Ok((covered, spent)) => {
                        work = spent;
                        covered
                    }
                    Err(e) => {
                        scratch.hits = hits;
                        return Err(e);
                    }
                }
            };
            (region_area - covered).max(0.0)
        };
        scratch.hits = hits;
        Ok(Free { free, work })
    }

    /// The covered area of the hex from the clipped pieces `hits` (and the
    /// clipped grid region, when it cuts the hex), without a boolean engine.
    ///
    /// The covered set's indicator is a polynomial in the members'
    /// indicators: `1 − (1 − 1_P) · Π (1 − 1_A)` over the solid pieces `A`,
    /// where the painted layer `P` starts empty and becomes `P ∪ S` (so
    /// `1 − 1_P` is multiplied by `1 − 1_S`) for each stroke `S` and `P ∖ E`
    /// for each eraser `E`, in order. Since `1_X · 1_Y = 1_{X ∩ Y}`, its
    /// integral is a signed sum of the areas of intersections of members
    /// (inclusion–exclusion), and each intersection is computed by clipping
    /// against members made of convex rings. Returns `None` when there are
    /// too many members or terms, or an intersection of two members that are
    /// not both made of convex rings is needed.
    fn covered_by_inclusion_exclusion(
        &self,
        hits: &[Hit],
        region: Option<std::ops::Range<usize>>,
        s: &mut Scratch,
    ) -> Option<f64> {
        let k = hits.len();
        if k > IE_MAX_MEMBERS {
            return None;
        }
        // A member can clip the others when its rings are convex (the rings
        // of a prepared shape never overlap, so it is their disjoint union).
        // Members that cannot clip go first: only a subject may be concave.
        let can_clip: Vec<bool> = hits
            .iter()
            .map(|h| (h.first..h.end).all(|r| is_convex(s.clipped.ring(r))))
            .collect();
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by_key(|&i| can_clip[i]);
        let mut members: Vec<(usize, usize, bool)> = order
            .iter()
            .map(|&i| (hits[i].first, hits[i].end, can_clip[i]))
            .collect();
        let coef = self.covered_polynomial(hits, &order);

        if s.levels.len() < IE_MAX_MEMBERS + 2 {
            s.levels.resize_with(IE_MAX_MEMBERS + 2, Rings::default);
        }
        let mut levels = std::mem::take(&mut s.levels);
        let has_subject = match region {
            None => false,
            Some(r) if r.len() == 1 && is_convex(s.clipped.ring(r.start)) => {
                // Clip every member to the convex region first.
                for m in &mut members {
                    let start = s.clipped.len();
                    for ring in m.0..m.1 {
                        clip_ring_into_clipped(s, ring, r.start);
                    }
                    (m.0, m.1) = (start, s.clipped.len());
                }
                false
            }
            Some(r) => {
                // The concave region is the subject of every term.
                let root = &mut levels[0];
                root.clear();
                for ring in r {
                    root.push(s.clipped.ring(ring));
                }
                true
            }
        };
        let mut terms = Terms {
            members: &members,
            coef: &coef,
            budget: IE_MAX_TERMS,
            eps: self.hex_area * 1e-15,
            sum: 0.0,
        };
        let ok = terms.add(&mut levels, 0, 0, has_subject, s);
        let sum = terms.sum;
        s.levels = levels;
        ok.then_some(sum)
    }

    /// The coefficients, by set of members (bit `j` for `hits[order[j]]`), of
    /// the covered indicator `1 − (1 − 1_P) · Π (1 − 1_A)` without its
    /// constant term (which is zero).
    fn covered_polynomial(&self, hits: &[Hit], order: &[usize]) -> Vec<f64> {
        let size = 1usize << hits.len();
        let bit_of = |i: usize| 1usize << order.iter().position(|&o| o == i).unwrap_or(0);
        // Π (1 − 1_A) over the solid pieces.
        let mut solid = vec![0.0; size];
        solid[0] = 1.0;
        // 1 − 1_P, with strokes and erasers applied in order.
        let mut not_painted = vec![0.0; size];
        not_painted[0] = 1.0;
        for (i, hit) in hits.iter().enumerate() {
            let piece = &self.pieces[hit.piece];
            let bit = bit_of(i);
            if !piece.painted {
                times_complement(&mut solid, bit);
            } else if piece.erase {
                // 1 − 1_{P ∖ E} = N + 1_E − N · 1_E.
                for m in 0..size {
                    if m & bit != 0 {
                        not_painted[m] = f64::from(u8::from(m == bit)) - not_painted[m ^ bit];
                    }
                }
            } else {
                times_complement(&mut not_painted, bit);
            }
        }
        let mut coef = vec![0.0; size];
        for (a, &sa) in solid.iter().enumerate().filter(|&(_, &v)| v != 0.0) {
            for (b, &nb) in not_painted.iter().enumerate().filter(|&(_, &v)| v != 0.0) {
                coef[a | b] -= sa * nb;
            }
        }
        coef[0] = 0.0;
        coef
    }

    /// The covered area of the hex with exact boolean operations (`i_overlay`)
    /// on the clipped pieces: solid pieces, the painted layer with its
    /// erasers applied in order, and the grid region when it cuts the hex.
    fn covered_by_boolean_ops(
        &self,
        h: Hex,
        hits: &[Hit],
        region: Option<std::ops::Range<usize>>,
        s: &Scratch,
        allowance: u64,
    ) -> Result<(f64, u64), LimitError> {
        let contours = |first: usize, end: usize| -> Vec<Contour> {
            (first..end)
                .map(|k| s.clipped.ring(k))
                .filter(|r| r.len() >= 3 && geom::signed_area(r) != 0.0)
                .map(|r| r.iter().map(|p| [p.x, p.y]).collect())
                .collect()
        };
        let mut budget = BooleanBudget {
            spent: 0,
            allowance,
            hex: h,
        };
        let mut solid: Vec<Contour> = Vec::new();
        let mut paint: Vec<Contour> = Vec::new();
        for hit in hits {
            let piece = &self.pieces[hit.piece];
            let clipped = contours(hit.first, hit.end);
            if !piece.painted {
                solid.extend(clipped);
            } else if piece.erase {
                if !paint.is_empty() {
                    budget.charge(&[&paint, &clipped])?;
                    paint = shape::difference(&paint, &clipped);
                }
            } else {
                paint.extend(clipped);
            }
        }
        solid.extend(paint);
        let covered = match region {
            None => {
                budget.charge(&[&solid])?;
                shape::union_area(&solid)
            }
            Some(r) => {
                let region = contours(r.start, r.end);
                budget.charge(&[&solid, &region])?;
                shape::intersection_area(&solid, &region)
            }
        };
        Ok((covered, budget.spent))
    }
}

/// What the boolean engine may still spend on a hex: each step is charged,
/// before it runs, the square of the corners it is given (its time grows
/// about that fast, and so can its output, which is the next step's
/// input: overlapping strokes cut by erasers can come out with every
/// crossing of their edges), and refused once the map's budget is spent.
struct BooleanBudget {
    spent: u64,
    allowance: u64,
    hex: Hex,
}

impl BooleanBudget {
    /// Charges a step on `inputs`; [`LimitError::TooDetailed`] with the
    /// step's corners when it would pass the allowance.
    fn charge(&mut self, inputs: &[&[Contour]]) -> Result<(), LimitError> {
        let corners: u64 = inputs
            .iter()
            .flat_map(|c| c.iter())
            .map(|c| c.len() as u64)
            .sum();
        self.spent = self.spent.saturating_add(corners.saturating_mul(corners));
        if self.spent > self.allowance {
            Err(LimitError::TooDetailed {
                q: self.hex.x,
                r: self.hex.y,
                corners,
            })
        } else {
            Ok(())
        }
    }
}

/// Inserts `idx` into the ascending `list`.
fn insert_sorted(list: &mut Vec<u32>, idx: u32) {
    let pos = list.partition_point(|&p| p < idx);
    list.insert(pos, idx);
}

/// Multiplies the indicator polynomial `p` (coefficients by member set) by
/// `1 − 1_X` for the member with bit `bit`: `p − p · 1_X`.
fn times_complement(p: &mut [f64], bit: usize) {
    for m in 0..p.len() {
        if m & bit != 0 {
            p[m] = -p[m ^ bit];
        }
    }
}

/// The sum of inclusion–exclusion terms being evaluated.
struct Terms<'a> {
    /// Each member's clipped rings and whether they are all convex.
    members: &'a [(usize, usize, bool)],
    /// Coefficient of each set of members.
    coef: &'a [f64],
    /// Intersections left to compute before giving up.
    budget: usize,
    /// Intersections of at most this area count as empty.
    eps: f64,
    sum: f64,
}

impl Terms<'_> {
    /// Adds `coef[set] · area(subject ∩ members in set)` for every set of
    /// members that extends `mask` with members from index `from` on; the
    /// subject is `levels[0]` when `has_subject`, else the set's first
    /// member. Sets whose intersection is empty are not extended. Returns
    /// `false` when the budget runs out or a member that is not made of
    /// convex rings would have to clip.
    fn add(
        &mut self,
        levels: &mut [Rings],
        from: usize,
        mask: usize,
        has_subject: bool,
        s: &mut Scratch,
    ) -> bool {
        let Some((subject, rest)) = levels.split_first_mut() else {
            return false;
        };
        for (j, &(first, end, convex)) in self.members.iter().enumerate().skip(from) {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            let next = &mut rest[0];
            next.clear();
            let a = if has_subject {
                if !convex {
                    return false;
                }
                let mut a = 0.0;
                for k in first..end {
                    a += clip_rings(
                        subject,
                        s.clipped.ring(k),
                        next,
                        &mut s.clean,
                        &mut s.edges,
                        &mut s.out,
                        &mut s.tmp,
                    );
                }
                a
            } else {
                for k in first..end {
                    next.push(s.clipped.ring(k));
                }
                next.area()
            };
            if a <= self.eps {
                continue;
            }
            let set = mask | 1 << j;
            self.sum += self.coef[set] * a;
            if !self.add(rest, j + 1, set, true, s) {
                return false;
            }
        }
        true
    }
}

/// Clips every ring of `subject` to the convex ring `clip`, writing the
/// results to `out`; returns their total signed area.
fn clip_rings(
    subject: &Rings,
    clip: &[Point],
    out: &mut Rings,
    clean: &mut Vec<Point>,
    edges: &mut Vec<Point>,
    buf: &mut Vec<Point>,
    tmp: &mut Vec<Point>,
) -> f64 {
    prepare_clip(clip, clean, edges);
    let clip_box = Bbox::of(clean);
    let mut a = 0.0;
    for k in 0..subject.len() {
        let ring = subject.ring(k);
        if !Bbox::of(ring).overlaps(clip_box) {
            continue;
        }
        let ra = clip_convex(ring, clean, edges, buf, tmp);
        if buf.len() >= 3 {
            out.push(buf);
            a += ra;
        }
    }
    a
}

/// The convex ring `clip` ready to clip with: into `clean` without corners
/// that repeat the one before up to rounding (`1e-12` of its size), and its
/// edges into `edges`. Clipping leaves such near-duplicates behind, and the
/// tiny edge between two of them may point backwards, which would put the
/// whole plane outside it.
fn prepare_clip(clip: &[Point], clean: &mut Vec<Point>, edges: &mut Vec<Point>) {
    let b = Bbox::of(clip);
    let tol = 1e-12 * ((b.max.x - b.min.x) + (b.max.y - b.min.y));
    let near = |a: Point, b: Point| (a.x - b.x).abs() <= tol && (a.y - b.y).abs() <= tol;
    clean.clear();
    for &p in clip {
        if clean.last().is_none_or(|&q| !near(p, q)) {
            clean.push(p);
        }
    }
    while clean.len() > 1 && near(clean[0], clean[clean.len() - 1]) {
        clean.pop();
    }
    edges.clear();
    edges.extend((0..clean.len()).map(|i| clean[(i + 1) % clean.len()] - clean[i]));
}

/// Clips clipped ring `k` to the convex clipped ring `clip` and appends the
/// result to the clipped rings (when not empty).
fn clip_ring_into_clipped(s: &mut Scratch, k: usize, clip: usize) {
    let mut edges = std::mem::take(&mut s.edges);
    let mut out = std::mem::take(&mut s.out);
    let mut tmp = std::mem::take(&mut s.tmp);
    let mut clean = std::mem::take(&mut s.clean);
    prepare_clip(s.clipped.ring(clip), &mut clean, &mut edges);
    clip_convex(s.clipped.ring(k), &clean, &edges, &mut out, &mut tmp);
    s.clean = clean;
    if out.len() >= 3 && geom::signed_area(&out) != 0.0 {
        s.clipped.push(&out);
    }
    s.edges = edges;
    s.out = out;
    s.tmp = tmp;
}

/// Area of `shape` inside the hex window.
fn area_in(shape: &Shape, w: &Window, s: &mut Scratch) -> f64 {
    let mut a = 0.0;
    shape.for_near(w.bbox, |ring| a += ring_area_in(ring, w, s));
    a
}

/// The signed area of `ring ∩ hex` (see [`clip_ring`]), without building
/// the clipped polygon.
fn ring_area_in(ring: Ring<'_>, w: &Window, s: &mut Scratch) -> f64 {
    let (subject, touches) = ring.relevant(w.bbox, &mut s.relevant);
    if !touches {
        match winding_number(w.center, subject) {
            0 => return 0.0,
            1 => return w.area,
            -1 => return -w.area,
            _ => {}
        }
    }
    let known = std::ptr::eq(subject, ring.points).then_some(ring.area);
    clip_window_area(subject, w, known, &mut s.shifted, &mut s.out, &mut s.tmp)
}

/// Clips the rings of `shape` to the hex window, appending the non-empty
/// results to `s.clipped`; returns their total signed area.
fn clip_shape(shape: &Shape, w: &Window, s: &mut Scratch) -> f64 {
    let mut a = 0.0;
    shape.for_near(w.bbox, |ring| {
        let ra = clip_ring(ring, w, s);
        if s.out.len() >= 3 && ra != 0.0 {
            s.clipped.push(&s.out);
            a += ra;
        }
    });
    a
}

/// Clips `ring` to the hex window, writing `ring ∩ hex` to `s.out`; returns
/// its signed area. When no edge of the ring comes near the hex, the hex is
/// wholly inside or outside the ring, which its winding number around the
/// hex centre tells.
fn clip_ring(ring: Ring<'_>, w: &Window, s: &mut Scratch) -> f64 {
    let (subject, touches) = ring.relevant(w.bbox, &mut s.relevant);
    if !touches {
        s.out.clear();
        match winding_number(w.center, subject) {
            0 => return 0.0,
            1 => {
                s.out.extend_from_slice(&w.local);
                return w.area;
            }
            -1 => {
                s.out.extend(w.local.iter().rev());
                return -w.area;
            }
            _ => {}
        }
    }
    clip_window(subject, w, &mut s.shifted, &mut s.out, &mut s.tmp)
}

/// How many times `ring` winds around `p` (positive orientation counts +1).
fn winding_number(p: Point, ring: &[Point]) -> i32 {
    let mut wn = 0;
    let mut a = ring[ring.len() - 1];
    for &b in ring {
        if a.y <= p.y {
            if b.y > p.y && geom::cross(b - a, p - a) > 0.0 {
                wn += 1;
            }
        } else if b.y <= p.y && geom::cross(b - a, p - a) < 0.0 {
            wn -= 1;
        }
        a = b;
    }
    wn
}

/// Sutherland–Hodgman clipping of `subject` against the convex ring `clip`
/// (positive orientation, `edges[i] = clip[i + 1] − clip[i]`), writing the
/// result to `out`; returns its signed area (see [`geom::clip_convex_into`]).
///
/// Each corner of the subject is first tested against every clip edge. When
/// all corners lie outside one edge the result is empty; clip edges with no
/// corner outside are skipped (clipping against them keeps every corner),
/// so a subject inside the window is returned as it is.
fn clip_convex(
    subject: &[Point],
    clip: &[Point],
    edges: &[Point],
    out: &mut Vec<Point>,
    tmp: &mut Vec<Point>,
) -> f64 {
    out.clear();
    if subject.is_empty() {
        return 0.0;
    }
    if clip.len() > 64 {
        geom::clip_convex_into(subject, clip, out, tmp);
        return geom::signed_area(out);
    }
    let mut all_out = u64::MAX;
    let mut any_out = 0u64;
    for &v in subject {
        let mut m = 0u64;
        for (i, (&a, &e)) in clip.iter().zip(edges).enumerate() {
            m |= u64::from(geom::cross(e, v - a) < 0.0) << i;
        }
        all_out &= m;
        any_out |= m;
    }
    clip_passes(subject, clip, edges, all_out, any_out, out, tmp, false)
}

/// The corner tests of [`clip_convex`] against a hex window, unrolled:
/// which window edges have every corner of `subject` (in the window's local
/// coordinates) outside, and which have some corner outside.
fn window_codes(subject: &[Point], w: &Window) -> (u64, u64) {
    let mut all_out = u64::MAX;
    let mut any_out = 0u64;
    for &v in subject {
        let mut m = 0u64;
        for i in 0..6 {
            m |= u64::from(geom::cross(w.edges[i], v - w.local[i]) < 0.0) << i;
        }
        all_out &= m;
        any_out |= m;
    }
    (all_out, any_out)
}

/// [`clip_convex`] against a hex window: `subject` in world coordinates,
/// the result in `out` in the window's local coordinates (`shifted` is a
/// buffer).
fn clip_window(
    subject: &[Point],
    w: &Window,
    shifted: &mut Vec<Point>,
    out: &mut Vec<Point>,
    tmp: &mut Vec<Point>,
) -> f64 {
    out.clear();
    if subject.is_empty() {
        return 0.0;
    }
    let subject = w.localize(subject, shifted);
    let (all_out, any_out) = window_codes(subject, w);
    clip_passes(
        subject, &w.local, &w.edges, all_out, any_out, out, tmp, false,
    )
}

/// The signed area of `subject ∩ hex window`, without building the clipped
/// polygon; `known` is the subject's own signed area when it is known.
fn clip_window_area(
    subject: &[Point],
    w: &Window,
    known: Option<f64>,
    shifted: &mut Vec<Point>,
    out: &mut Vec<Point>,
    tmp: &mut Vec<Point>,
) -> f64 {
    if subject.is_empty() {
        return 0.0;
    }
    let subject = w.localize(subject, shifted);
    let (all_out, any_out) = window_codes(subject, w);
    if all_out == 0 && any_out == 0 {
        return known.unwrap_or_else(|| geom::signed_area(subject));
    }
    clip_passes(
        subject, &w.local, &w.edges, all_out, any_out, out, tmp, true,
    )
}

/// The Sutherland–Hodgman passes of [`clip_convex`], given which clip edges
/// have all subject corners outside (`all_out`) and which have some outside
/// (`any_out`). The clipped polygon is left in `out`, except with
/// `area_only`, where the last pass only sums its area.
#[allow(clippy::too_many_arguments)]
fn clip_passes(
    subject: &[Point],
    clip: &[Point],
    edges: &[Point],
    all_out: u64,
    any_out: u64,
    out: &mut Vec<Point>,
    tmp: &mut Vec<Point>,
    area_only: bool,
) -> f64 {
    out.clear();
    if all_out != 0 {
        return 0.0;
    }
    if any_out == 0 {
        out.extend_from_slice(subject);
        return geom::signed_area(out);
    }
    let last = 63 - any_out.leading_zeros() as usize;
    // Whether `out` holds the polygon clipped so far (else it is `subject`).
    let mut clipped = false;
    for (i, (&a, &edge)) in clip.iter().zip(edges).enumerate() {
        if any_out & (1 << i) == 0 {
            continue;
        }
        if area_only && i == last {
            let input: &[Point] = if clipped { out } else { subject };
            return clipped_area_against(input, a, edge);
        }
        if clipped {
            geom::clip_half_plane(out, a, edge, tmp);
            std::mem::swap(out, tmp);
        } else {
            geom::clip_half_plane(subject, a, edge, out);
            clipped = true;
        }
        if out.is_empty() {
            return 0.0;
        }
    }
    geom::signed_area(out)
}

/// The signed area of what [`geom::clip_half_plane`] would output.
fn clipped_area_against(input: &[Point], a: Point, edge: Point) -> f64 {
    // The shoelace sum about the first point emitted, so its terms are of
    // the polygon's size (see `geom::signed_area`).
    let mut first: Option<Point> = None;
    let mut last = Point::default();
    let mut sum = 0.0;
    let mut emit = |p: Point| {
        match first {
            None => first = Some(p),
            Some(f) => sum += geom::cross(last - f, p - f),
        }
        last = p;
    };
    let mut prev = input[input.len() - 1];
    let mut prev_side = geom::cross(edge, prev - a);
    for &cur in input {
        let cur_side = geom::cross(edge, cur - a);
        let cur_in = cur_side >= 0.0;
        if cur_in != (prev_side >= 0.0) {
            let t = prev_side / (prev_side - cur_side);
            emit(prev + (cur - prev) * t);
        }
        if cur_in {
            emit(cur);
        }
        prev = cur;
        prev_side = cur_side;
    }
    if first.is_some() { sum * 0.5 } else { 0.0 }
}

/// Whether `ring` is a convex polygon in positive orientation: every turn
/// goes left or straight on (up to rounding), it never doubles back, and its
/// area is positive. Rings clipped from the simple rings of a prepared shape
/// wind at most once, so these local checks are enough.
fn is_convex(ring: &[Point]) -> bool {
    let n = ring.len();
    if n < 3 || geom::signed_area(ring) <= 0.0 {
        return false;
    }
    let edge = |i: usize| ring[(i + 1) % n] - ring[i];
    let mut prev: Option<Point> = (0..n).rev().map(edge).find(|e| e.x != 0.0 || e.y != 0.0);
    let Some(_) = prev else {
        return false;
    };
    for i in 0..n {
        let e = edge(i);
        if e.x == 0.0 && e.y == 0.0 {
            continue;
        }
        let p = prev.unwrap_or(e);
        let c = geom::cross(p, e);
        let scale = (p.x.abs() + p.y.abs()) * (e.x.abs() + e.y.abs());
        if c < -1e-12 * scale || (c <= 1e-12 * scale && p.x * e.x + p.y * e.y < 0.0) {
            return false;
        }
        prev = Some(e);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Orientation;
    use crate::map::{Coord, Length, Path, Polygon, TerrainKind, TerrainPiece};

    /// splitmix64, for deterministic random maps.
    struct Rng(u64);

    impl Rng {
        fn unit(&mut self) -> f64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
        }

        fn range(&mut self, lo: f64, hi: f64) -> f64 {
            lo + (hi - lo) * self.unit()
        }

        fn point(&mut self, size: f64) -> Point {
            Point::new(self.range(0.0, size), self.range(0.0, size))
        }
    }

    fn random_shape(rng: &mut Rng, size: f64) -> TerrainShape {
        let kind = rng.unit();
        if kind < 0.3 {
            let c = rng.point(size);
            let n = 3 + (rng.unit() * 8.0) as usize;
            let base = rng.range(5.0, 40.0);
            let pts = (0..n)
                .map(|i| {
                    let a = std::f64::consts::TAU * (i as f64 + rng.range(-0.3, 0.3)) / n as f64;
                    let r = base * rng.range(0.3, 1.0);
                    Point::new(c.x + r * a.cos(), c.y + r * a.sin())
                })
                .collect();
            TerrainShape::Polygon {
                points: Polygon::new(pts).unwrap(),
            }
        } else if kind < 0.55 {
            TerrainShape::Circle {
                center: Coord(rng.point(size)),
                radius: Length::new(rng.range(3.0, 30.0)).unwrap(),
            }
        } else {
            let mut p = rng.point(size);
            let n = 1 + (rng.unit() * 12.0) as usize;
            let radius = rng.range(2.0, 15.0);
            let mut dir = rng.range(0.0, std::f64::consts::TAU);
            let mut pts = vec![p];
            for _ in 1..n {
                dir += rng.range(-1.5, 1.5);
                let step = rng.range(0.0, 2.0) * radius;
                p = Point::new(p.x + step * dir.cos(), p.y + step * dir.sin());
                pts.push(p);
            }
            TerrainShape::Stroke {
                radius: Length::new(radius).unwrap(),
                points: Path::new(pts).unwrap(),
                erase: rng.unit() < 0.25,
            }
        }
    }

    fn random_map(seed: u64, orientation: Orientation, pieces: usize) -> Map {
        let mut rng = Rng(seed);
        let mut m = Map::new_empty("t", orientation, 8.0, 200.0, 200.0).unwrap();
        if seed % 2 == 1 {
            // A concave grid region (an L shape with a notch).
            m.grid = Polygon::new(vec![
                Point::new(3.0, 3.0),
                Point::new(197.0, 3.0),
                Point::new(197.0, 90.3),
                Point::new(101.7, 90.3),
                Point::new(101.7, 197.0),
                Point::new(3.0, 197.0),
            ])
            .unwrap();
        }
        m.terrain = (0..pieces)
            .map(|_| TerrainPiece {
                kind: TerrainKind::Rock,
                shape: random_shape(&mut rng, 200.0),
            })
            .collect();
        m
    }

    #[test]
    fn fast_paths_match_the_boolean_engine() {
        let mut general = 0;
        for seed in 0..12u64 {
            let orientation = if seed % 3 == 0 {
                Orientation::Flat
            } else {
                Orientation::Pointy
            };
            let map = random_map(seed, orientation, 40);
            let cov = Coverage::new(&map).unwrap();
            let mut scratch = Scratch::default();
            for i in 0..cov.hexes.len() {
                let fast = cov
                    .compute_free(i, &mut scratch, true, u64::MAX)
                    .unwrap()
                    .free;
                let slow = cov
                    .compute_free(i, &mut scratch, false, u64::MAX)
                    .unwrap()
                    .free;
                assert!(
                    (fast - slow).abs() <= 1e-9 * cov.hex_area,
                    "seed {seed} hex {:?}: fast {fast} slow {slow}",
                    cov.hexes[i]
                );
                general += usize::from(cov.hex_pieces[i].len() > 1);
            }
        }
        assert!(general > 1000, "only {general} hexes with several pieces");
    }

    #[test]
    fn ring_fast_paths_clip_to_the_same_area() {
        let mut rng = Rng(7);
        let layout = HexLayout::new(Orientation::Pointy, 6.0, Point::new(100.0, 100.0));
        let mut scratch = Scratch::default();
        let mut inside = 0;
        for _ in 0..50 {
            // A wiggly ring: a star with many corners (or a few).
            let c = rng.point(200.0);
            let n = 3 + (rng.unit() * 200.0) as usize;
            let pts: Vec<Point> = (0..n)
                .map(|i| {
                    let a = std::f64::consts::TAU * i as f64 / n as f64;
                    let r = rng.range(20.0, 80.0);
                    Point::new(c.x + r * a.cos(), c.y + r * a.sin())
                })
                .collect();
            let reversed: Vec<Point> = pts.iter().rev().copied().collect();
            let shapes = [pts.clone(), reversed].map(|points| {
                let bbox = Bbox::of(&points);
                Shape::new(shape::Polys::from(&shape::Prepared {
                    rings: vec![shape::Ring { points, bbox }],
                    bbox: Some(bbox),
                }))
            });
            let (ring, hole) = (
                shapes[0].ring(&shapes[0].rings[0]),
                shapes[1].ring(&shapes[1].rings[0]),
            );
            assert_eq!(ring.chunks.is_empty(), n <= 2 * CHUNK);
            for q in -12..12 {
                for r in -12..12 {
                    let w = Window::new(&layout, Hex::new(q, r));
                    let fast = clip_ring(ring, &w, &mut scratch);
                    let slow = geom::clipped_area(&pts, &w.corners);
                    assert!((fast - slow).abs() <= 1e-9, "{fast} vs {slow}");
                    assert!((geom::signed_area(&scratch.out) - fast).abs() <= 1e-9);
                    let area_only = ring_area_in(ring, &w, &mut scratch);
                    assert!((area_only - slow).abs() <= 1e-9, "{area_only} vs {slow}");
                    let (_, touches) = ring.relevant(w.bbox, &mut scratch.relevant);
                    inside += usize::from(!touches && fast > 0.0);
                    // The ring reversed (a hole) clips to the opposite area.
                    let fast = clip_ring(hole, &w, &mut scratch);
                    assert!((fast + slow).abs() <= 1e-9, "{fast} vs {slow}");
                }
            }
        }
        assert!(inside > 100, "only {inside} hexes took the inside path");
    }

    #[test]
    #[allow(clippy::many_single_char_names)]
    fn skipping_clip_edges_and_summing_areas_change_nothing() {
        let mut rng = Rng(11);
        let layout = HexLayout::new(Orientation::Flat, 10.0, Point::default());
        let w = Window::new(&layout, Hex::ZERO);
        for _ in 0..2000 {
            let c = Point::new(rng.range(-20.0, 20.0), rng.range(-20.0, 20.0));
            let n = 3 + (rng.unit() * 10.0) as usize;
            let pts: Vec<Point> = (0..n)
                .map(|i| {
                    let a = std::f64::consts::TAU * i as f64 / n as f64;
                    let r = rng.range(1.0, 15.0);
                    Point::new(c.x + r * a.cos(), c.y + r * a.sin())
                })
                .collect();
            let (mut out, mut tmp) = (Vec::new(), Vec::new());
            let fast = clip_convex(&pts, &w.corners, &w.edges, &mut out, &mut tmp);
            let slow = geom::clipped_area(&pts, &w.corners);
            assert!((fast - slow).abs() <= 1e-12, "{fast} vs {slow}");
            assert!((geom::signed_area(&out) - fast).abs() <= 1e-12);
            let mut shifted = Vec::new();
            let area_only = clip_window_area(&pts, &w, None, &mut shifted, &mut out, &mut tmp);
            let window = clip_window(&pts, &w, &mut shifted, &mut out, &mut tmp);
            assert!((window - slow).abs() <= 1e-12, "{window} vs {slow}");
            assert!((area_only - slow).abs() <= 1e-12, "{area_only} vs {slow}");
        }
    }

    #[test]
    fn convexity_test() {
        let sq = |pts: &[(f64, f64)]| {
            pts.iter()
                .map(|&(x, y)| Point::new(x, y))
                .collect::<Vec<_>>()
        };
        assert!(is_convex(&sq(&[
            (0.0, 0.0),
            (1.0, 0.0),
            (1.0, 1.0),
            (0.0, 1.0)
        ])));
        // Collinear and repeated corners are fine.
        assert!(is_convex(&sq(&[
            (0.0, 0.0),
            (0.5, 0.0),
            (1.0, 0.0),
            (1.0, 0.0),
            (1.0, 1.0),
            (0.0, 1.0)
        ])));
        // Clockwise, concave, and doubling back are not.
        assert!(!is_convex(&sq(&[
            (0.0, 0.0),
            (0.0, 1.0),
            (1.0, 1.0),
            (1.0, 0.0)
        ])));
        assert!(!is_convex(&sq(&[
            (0.0, 0.0),
            (2.0, 0.0),
            (2.0, 2.0),
            (1.0, 0.5),
            (0.0, 2.0)
        ])));
        assert!(!is_convex(&sq(&[
            (0.0, 0.0),
            (2.0, 0.0),
            (1.0, 0.0),
            (2.0, 0.0),
            (2.0, 2.0),
            (0.0, 2.0)
        ])));
        // Two squares joined by a bridge along an edge (a clipped "U").
        assert!(!is_convex(&sq(&[
            (0.0, 0.0),
            (1.0, 0.0),
            (1.0, 1.0),
            (2.0, 1.0),
            (2.0, 0.0),
            (3.0, 0.0),
            (3.0, 2.0),
            (2.0, 2.0),
            (1.0, 2.0),
            (0.0, 2.0)
        ])));
    }
}
