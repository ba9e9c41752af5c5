//! The board as the rules see it: the usable hexes of a valid map, densely
//! indexed, with neighbour tables and the features on them.
//!
//! Rules code works on `Cell` indices (`u16`) instead of [`Hex`]es so that
//! movement and range searches are array lookups. Cells are numbered in
//! `(r, q)` order of their hexes, so every iteration over cells is
//! deterministic.

use crate::Hex;
use crate::coverage::Coverage;
use crate::layout::hex_key;
use crate::map::{FeatureKind, Map, Side};
use crate::player::PerPlayer;

/// Index of a usable hex in an [`Arena`].
pub type Cell = u16;
/// "No cell" in neighbour tables.
pub const NO_CELL: Cell = Cell::MAX;
/// How far [`Arena::near`] lists the cells around each cell.
pub const NEAR: u8 = 3;
/// Hexes within [`NEAR`] of a hex, itself included.
const NEAR_HEXES: usize = 37;

/// What stands on a cell, in the rules' terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Site {
    /// Nothing.
    Plain,
    /// A bush: hides a unit from enemies more than one hex away.
    Bush,
    /// An Outpost.
    Outpost,
    /// An Energy objective.
    Objective,
    /// A barracks owned by a side.
    Barracks(Side),
    /// A base of a side (cannot be entered).
    Base(Side),
}

/// The usable hexes of a map and what stands on them.
#[derive(Clone, Debug)]
pub struct Arena {
    hexes: Vec<Hex>,
    neighbours: Vec<[Cell; 6]>,
    /// Per cell, [`NEAR_HEXES`] slots: the usable cells within [`NEAR`],
    /// nearer first; `near_len` says how many lie within 0, 1, 2 and 3.
    near: Vec<Cell>,
    near_len: Vec<[u8; NEAR as usize + 1]>,
    sites: Vec<Site>,
    lookup: Vec<Cell>,
    q0: i32,
    r0: i32,
    width: i32,
    height: i32,
    /// Objective cells, in cell order.
    pub objectives: Vec<Cell>,
    /// Outpost cells, in cell order.
    pub outposts: Vec<Cell>,
    /// Barracks cells and owners, in cell order.
    pub barracks: Vec<(Cell, Side)>,
    /// Base cells and owners, in cell order.
    pub bases: Vec<(Cell, Side)>,
    /// Each side's starting-zone cells, in cell order.
    pub zones: PerPlayer<Vec<Cell>>,
}

impl Arena {
    /// Builds the arena of a map. Features and zone hexes that are not
    /// usable are left out (validation reports them; matches refuse maps
    /// with validation errors before this is called).
    #[must_use]
    pub fn new(map: &Map, coverage: &Coverage) -> Self {
        // One seat per player of the map (2 to 4).
        let players = map
            .player_count()
            .clamp(crate::player::MIN_PLAYERS, crate::player::MAX_PLAYERS);
        let mut hexes = coverage.usable_hexes();
        hexes.sort_by_key(|h| hex_key(*h));
        let (mut q0, mut r0, mut q1, mut r1) = (0, 0, 0, 0);
        if let Some(first) = hexes.first() {
            (q0, r0, q1, r1) = (first.x, first.y, first.x, first.y);
        }
        for h in &hexes {
            q0 = q0.min(h.x);
            q1 = q1.max(h.x);
            r0 = r0.min(h.y);
            r1 = r1.max(h.y);
        }
        let (width, height) = (q1 - q0 + 1, r1 - r0 + 1);
        let mut lookup = vec![NO_CELL; (width * height) as usize];
        for (i, h) in hexes.iter().enumerate() {
            lookup[((h.y - r0) * width + (h.x - q0)) as usize] = i as Cell;
        }
        let mut arena = Self {
            neighbours: Vec::with_capacity(hexes.len()),
            near: Vec::with_capacity(hexes.len() * NEAR_HEXES),
            near_len: Vec::with_capacity(hexes.len()),
            sites: vec![Site::Plain; hexes.len()],
            lookup,
            q0,
            r0,
            width,
            height,
            hexes,
            objectives: Vec::new(),
            outposts: Vec::new(),
            barracks: Vec::new(),
            bases: Vec::new(),
            zones: PerPlayer::splat(players, &Vec::new()),
        };
        for i in 0..arena.hexes.len() {
            let h = arena.hexes[i];
            let mut n = [NO_CELL; 6];
            for (k, d) in Hex::NEIGHBORS_COORDS.iter().enumerate() {
                n[k] = arena.cell(h + *d).unwrap_or(NO_CELL);
            }
            arena.neighbours.push(n);
            let start = arena.near.len();
            let mut len = [0; NEAR as usize + 1];
            for (r, within) in len.iter_mut().enumerate() {
                for h in h.ring(r as u32) {
                    if let Some(c) = arena.cell(h) {
                        arena.near.push(c);
                    }
                }
                *within = (arena.near.len() - start) as u8;
            }
            arena.near.resize(start + NEAR_HEXES, NO_CELL);
            arena.near_len.push(len);
        }
        for f in &map.features {
            let Some(c) = arena.cell(f.hex) else { continue };
            arena.sites[usize::from(c)] = match f.kind {
                FeatureKind::Bush => Site::Bush,
                FeatureKind::Outpost => Site::Outpost,
                FeatureKind::Objective => Site::Objective,
                FeatureKind::Barracks { side } => Site::Barracks(side),
                FeatureKind::Base { side } => Site::Base(side),
            };
        }
        for c in 0..arena.hexes.len() as Cell {
            match arena.sites[usize::from(c)] {
                Site::Objective => arena.objectives.push(c),
                Site::Outpost => arena.outposts.push(c),
                Site::Barracks(s) if s.index() < players => arena.barracks.push((c, s)),
                Site::Base(s) if s.index() < players => arena.bases.push((c, s)),
                _ => {}
            }
        }
        for z in &map.zones {
            if z.side.index() < players {
                let mut cells: Vec<Cell> = z.hexes.iter().filter_map(|h| arena.cell(*h)).collect();
                cells.sort_unstable();
                cells.dedup();
                arena.zones[z.side] = cells;
            }
        }
        arena
    }

    /// Number of usable hexes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    /// Whether there are no usable hexes.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// The cell of a hex, if it is usable.
    #[must_use]
    pub fn cell(&self, h: Hex) -> Option<Cell> {
        let (q, r) = (h.x - self.q0, h.y - self.r0);
        if q < 0 || r < 0 || q >= self.width || r >= self.height {
            return None;
        }
        let c = self.lookup[(r * self.width + q) as usize];
        (c != NO_CELL).then_some(c)
    }

    /// The hex of a cell.
    #[must_use]
    pub fn hex(&self, c: Cell) -> Hex {
        self.hexes[usize::from(c)]
    }

    /// All usable hexes in cell order.
    #[must_use]
    pub fn hexes(&self) -> &[Hex] {
        &self.hexes
    }

    /// The usable neighbours of a cell ([`NO_CELL`] where there is none).
    #[must_use]
    pub fn neighbours(&self, c: Cell) -> &[Cell; 6] {
        &self.neighbours[usize::from(c)]
    }

    /// The usable cells within `r` hexes of `c` (hex distance, whatever
    /// lies between), `c` first and nearer ones before farther ones; `None`
    /// when `r` is beyond [`NEAR`]. A table lookup: no search, no hashing.
    #[must_use]
    pub fn near(&self, c: Cell, r: u8) -> Option<&[Cell]> {
        let len = *self.near_len[usize::from(c)].get(usize::from(r))?;
        let start = usize::from(c) * NEAR_HEXES;
        Some(&self.near[start..start + usize::from(len)])
    }

    /// Calls `f` for every usable cell within `r` hexes of `c` (hex
    /// distance): from the table of [`Self::near`] when `r` is within
    /// [`NEAR`], nearer cells first; otherwise by walking the hexes around.
    pub fn for_each_within(&self, c: Cell, r: u32, mut f: impl FnMut(Cell)) {
        if let Some(near) = u8::try_from(r).ok().and_then(|r| self.near(c, r)) {
            near.iter().copied().for_each(f);
        } else {
            for h in self.hex(c).range(r) {
                if let Some(n) = self.cell(h) {
                    f(n);
                }
            }
        }
    }

    /// What stands on a cell.
    #[must_use]
    pub fn site(&self, c: Cell) -> Site {
        self.sites[usize::from(c)]
    }

    /// Hex distance between two cells (straight-line, ignoring terrain).
    #[must_use]
    pub fn distance(&self, a: Cell, b: Cell) -> u32 {
        self.hex(a).unsigned_distance_to(self.hex(b))
    }

    /// Whether a side has a base adjacent to or on this cell.
    #[must_use]
    pub fn base_of(&self, c: Cell) -> Option<Side> {
        match self.site(c) {
            Site::Base(s) => Some(s),
            _ => None,
        }
    }

    /// Steps over usable hexes from `from` to every cell within `max` steps,
    /// with nothing blocking (the way range is counted). Calls `f(cell,
    /// steps)` for each, `from` included at 0, in breadth-first order.
    pub fn within_steps(
        &self,
        from: Cell,
        max: u8,
        scratch: &mut Scratch,
        mut f: impl FnMut(Cell, u8),
    ) {
        scratch.begin(self.len());
        scratch.queue.clear();
        scratch.mark(from);
        scratch.queue.push((from, 0));
        let mut head = 0;
        while head < scratch.queue.len() {
            let (c, d) = scratch.queue[head];
            head += 1;
            f(c, d);
            if d == max {
                continue;
            }
            for &n in self.neighbours(c) {
                if n != NO_CELL && !scratch.seen(n) {
                    scratch.mark(n);
                    scratch.queue.push((n, d + 1));
                }
            }
        }
    }
}

/// Reusable buffers for searches (generation-stamped visited marks).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    stamp: Vec<u32>,
    generation: u32,
    /// Breadth-first queue.
    pub queue: Vec<(Cell, u8)>,
}

impl Scratch {
    /// Starts a new search over `n` cells.
    pub fn begin(&mut self, n: usize) {
        if self.stamp.len() < n {
            self.stamp.resize(n, 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    /// Marks a cell seen.
    pub fn mark(&mut self, c: Cell) {
        self.stamp[usize::from(c)] = self.generation;
    }

    /// Whether a cell was seen in this search.
    #[must_use]
    pub fn seen(&self, c: Cell) -> bool {
        self.stamp[usize::from(c)] == self.generation
    }
}
