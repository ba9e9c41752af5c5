//! Limits that protect the engine from hostile or broken files: each is
//! checked with a clear error instead of a hang, a huge allocation or a panic.

/// Largest map or pack manifest file read, in bytes (8 MiB).
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;
/// Largest absolute world coordinate or length.
pub const MAX_COORD: f64 = 1.0e6;
/// Smallest hex circumradius.
pub const MIN_HEX_SIZE: f64 = 1.0;
/// Largest hex circumradius.
pub const MAX_HEX_SIZE: f64 = 10_000.0;
/// Most points in one polygon or brush stroke.
pub const MAX_RING_VERTICES: usize = 4096;
/// Most vertices in the grid region and all terrain pieces together.
pub const MAX_TOTAL_VERTICES: usize = 200_000;
/// Most terrain pieces.
pub const MAX_PIECES: usize = 10_000;
/// Most features (and most zone hexes in all).
pub const MAX_FEATURES: usize = 50_000;
/// Most starting zones (a valid map has one per side).
pub const MAX_ZONES: usize = 64;
/// Most hexes a grid may hold.
pub const MAX_GRID_HEXES: usize = 60_000;
/// Largest axial coordinate (in absolute value) a stored hex may have: far
/// beyond any grid (a grid spans at most [`MAX_COORD`] units of hexes of at
/// least [`MIN_HEX_SIZE`]), and small enough that no hex arithmetic
/// overflows.
pub const MAX_HEX_COORD: u32 = 1_000_000;
/// Most maps in one pack.
pub const MAX_PACK_MAPS: usize = 1_000;
/// Most bytes of all the files a pack's manifest lists (maps, scenarios
/// and roster) together, 32 MiB: four maps at [`MAX_FILE_BYTES`]. Checked
/// from the files' sizes before any is read, so a pack's memory and
/// parsing time stay bounded whatever the number of maps.
pub const MAX_PACK_BYTES: u64 = 32 * 1024 * 1024;
/// Deepest RON nesting accepted.
pub const MAX_NESTING: usize = 64;
/// Most races in one roster.
pub const MAX_ROSTER_RACES: usize = 256;
/// Most unit kinds in one roster, over all races (kind ids are 16-bit; a
/// real roster has a few dozen).
pub const MAX_ROSTER_KINDS: usize = 4_096;
/// Most abilities listed on one unit kind (there are eleven abilities).
pub const MAX_UNIT_ABILITIES: usize = 32;
/// The budget of the usable-hex computation's sweep over a whole map, in
/// units of one edge walked across one slab: a hex where more than eight
/// pieces overlap, or concave pieces overlap, is cut into vertical slabs at
/// its pieces' corners and at the crossings of their outlines, and each
/// slab costs the edges that span it (each crossing found costs one more).
/// The units are charged before the work is done, so a map that needs
/// more is refused as too detailed (naming the hex and its pieces) after at
/// most this much work, and any map's usable hexes are computed in a
/// bounded time (`cargo bench -p hexwright-engine --bench hostile`: about
/// 0.3 s at the budget on the reference machine). The bundled maps need
/// little of it.
pub const MAX_COVERAGE_WORK: u64 = 12_000_000;
/// Most work of all brush strokes together
/// ([`crate::complexity::stroke_work`]: each point is a disc that the
/// usable-hex computation cuts against the discs it overlaps). A stroke
/// drawn in the editor, a point every 0.4 radius, costs 10 to 12 per point,
/// so this allows about 55,000 such points.
pub const MAX_STROKE_WORK: u64 = 640_000;
/// Most hex-sized squares the parts of all brush strokes may span
/// together ([`crate::complexity::stroke_reach`]: the usable-hex
/// computation clips each part of a stroke against every hex its box
/// meets). A stroke drawn in the editor spans about 12 squares per point
/// with a brush the size of a hex, so this allows about 130,000 such
/// points; a stroke whose points jump across the map spans thousands per
/// point.
pub const MAX_STROKE_REACH: u64 = 1_500_000;
/// Most crossings of the parts of all brush strokes together
/// ([`crate::complexity::stroke_crossings`]): the outline of a stroke that
/// the editor draws and `render` exports is the union of its parts, whose
/// time grows with their crossings, up to about 11 µs each where they
/// crowd into one spot (hundreds of straight parts through one point), so
/// this keeps any map's outlines within about 1.5 s on the reference
/// machine. A stroke drawn once along a path crosses about five times per
/// point, so this allows about 30,000 such points.
pub const MAX_STROKE_CROSSINGS: u64 = 150_000;
/// Most self-crossings of the polygons of more than 64 corners, in all
/// ([`crate::complexity::crossings`]): the boolean engine normalises such a
/// polygon in time that grows with its crossings (a tangle of 4,096 random
/// corners has millions and takes seconds). A simple polygon has none.
pub const MAX_POLYGON_CROSSINGS: u64 = 250_000;
/// Most pairs of nearby edges the crossing count may test over those
/// polygons, in all: it bounds the count's own time and the detail the
/// usable-hex computation meets (a spiky 4,096-corner star needs about 3
/// million).
pub const MAX_POLYGON_PAIRS: u64 = 10_000_000;
