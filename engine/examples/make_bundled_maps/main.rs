//! Generates the bundled map pack, `maps/` at the repository root:
//! `pack.ron` ("Hexwright Classics") and the five maps it lists.
//!
//! ```text
//! cargo run -p hexwright-engine --example make_bundled_maps
//! ```
//!
//! Every map is built here through the engine's public API, checked
//! (coverage, validation, usable-hex count, symmetry) and only then
//! written with [`format::save_atomic`], so the files are canonical RON and
//! running the example again reproduces them byte for byte. Edit this file,
//! not the `.ron` files, to change a bundled map; `engine/tests/bundled.rs`
//! checks the committed files.
//!
//! The symmetric designs are then made fair by the edits the balance
//! assistant chose for them ([`balance`]), and each map keeps the fairness
//! certificates of the committed file that still hold for it; a design
//! change voids them, and the example says which maps need certifying
//! again.
//!
//! # Fairness by construction
//!
//! Every two-player map is point-symmetric about the centre of its map area. The
//! [`Design`] helper adds each terrain piece together with its reflection
//! `(x, y) -> (width - x, height - y)`, each feature at hex `h` together with
//! one at `-h` (barracks and bases change sides), and side 1's starting zone
//! as the negation of side 0's. The grid region is given as the first half of
//! its corners; the second half is their reflection. Coordinates are rounded
//! to quarters so that reflected values are exact. With the centre hex
//! `(0, 0)` mapping to itself, an odd number of Energy objectives puts one
//! there. Side 0 always starts on the west or north, side 1 opposite.
//!
//! # The maps
//!
//! **Twin Fords** (`twin-fords.ron`, flat hexes, the default map). A
//! chamfered rectangle cut into three bands by two meandering rivers (brush
//! strokes of water), each crossable only at two fords that an eraser stroke
//! opens in the river. Each side's home band holds its base, two barracks, a
//! wood and a rock bluff; the middle band holds the central objective, two
//! boulders (circles) and two woods on its edges. Every ford leads to an
//! Energy objective on the middle band, and one ford of each river carries an
//! Outpost, with a bush on the home bank to wait in.
//!
//! **Broken Crown** (`broken-crown.ron`, pointy hexes). A near-round field
//! around a crown of cliffs: four rock polygons with spiked outer edges ring
//! the central objective, and four one-hex breaks between them are the only
//! ways into the court, where a pair of rock pillars give cover. Bases sit on
//! the north and south rims with one barracks each; the flanks hold an Energy
//! objective beside a chasm crack (a thin brush stroke that narrows the way
//! round), an Outpost covering a break of the crown, woods and boulders.
//!
//! **Ember Isles** (`ember-isles.ron`, flat hexes). A jagged coastline holds
//! seven islands: a home island for each side, four islets and the cratered
//! central isle. Water brush strokes form the channels and the lagoon ring
//! around the centre, polygons cut two deep sounds in from the north and
//! south coasts, and chasms (craters, a fissure stroke and a rift polygon)
//! scar the rock. Narrow land bridges are the only links: home island to its
//! two islets, each islet to the central isle, so every road to the enemy
//! crosses the centre. The near islets hold an Energy objective (north-west
//! for side 0) and an Outpost guarding a bridge to the centre (south-west).
//!
//! **Three Passes** (`three-passes.ron`, pointy hexes, three players). A
//! hexagonal vale with a camp on every other rim edge: side 0 north, side 1
//! south-east, side 2 south-west. It turns onto itself by 120° about the
//! centre hex ([`DesignN`]): every piece, feature and zone of side 0's third
//! is repeated turned by 120° for side 1 and by 240° for side 2. Each camp
//! has its base against the rim, a barracks, a pond and a wood beside its
//! zone, a chasm crack and an objective ahead. A rock ridge runs in from
//! the rim between each pair of neighbours and ends at a pass held by an
//! Outpost, with a bush to wait in and a spur of rock beyond; three rock
//! pillars ring the central objective.
//!
//! **Four Corners** (`four-corners.ron`, pointy hexes, four players). A
//! chamfered field with a camp in each corner: side 0 north-west, side 1
//! north-east, side 2 south-west, side 3 south-east. It is symmetric in both
//! mirrors through the centre ([`DesignN`]): every piece, feature and zone
//! of side 0's quarter is repeated in the other three, owned by their side.
//! Each camp has its base against the rim, a barracks, a pond and a wood
//! behind its zone, a rock bluff and a chasm crack towards its neighbours;
//! between each pair of neighbours an Outpost with a bush to wait in, and a
//! forward Energy objective; four rock pillars ring the central objective.

mod balance;

use hexwright_engine::Hex;
use hexwright_engine::coverage::Coverage;
use hexwright_engine::format;
use hexwright_engine::geom::Point;
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::TerrainKind::{Chasm, Forest, Rock, Water};
use hexwright_engine::map::{
    Coord, Feature, FeatureKind, FormatVersion, Length, Map, Path, Polygon, TerrainKind,
    TerrainPiece, TerrainShape, Zone,
};
use hexwright_engine::pack::{MANIFEST_FILE, Manifest};
use hexwright_engine::player::PlayerId;
use hexwright_engine::summary::Summary;
use hexwright_engine::symmetry::{self, Centre, Mode, Symmetry};
use hexwright_engine::validate;
use std::collections::BTreeSet;
use std::error::Error;
use std::path::PathBuf;

/// A function that builds one bundled map.
type Builder = fn() -> Map;

/// The pack's maps, in manifest order: file name and builder. The first one
/// is the map the app opens by default.
const MAPS: [(&str, Builder); 5] = [
    ("twin-fords.ron", twin_fords),
    ("broken-crown.ron", broken_crown),
    ("ember-isles.ron", ember_isles),
    ("three-passes.ron", three_passes),
    ("four-corners.ron", four_corners),
];

/// Usable hexes every bundled two-player map must have.
const USABLE_RANGE: std::ops::RangeInclusive<usize> = 150..=400;

/// Usable hexes every bundled map for three or four players must have.
const USABLE_RANGE_MANY: std::ops::RangeInclusive<usize> = 250..=600;

/// Rounds a coordinate to a multiple of 1/4, so reflected coordinates
/// (`width - x`) are exact and the files stay short.
fn snap(v: f64) -> f64 {
    (v * 4.0).round() / 4.0
}

fn pt((x, y): (f64, f64)) -> Point {
    Point::new(snap(x), snap(y))
}

/// A polygon through `points`, snapped.
fn polygon_shape(points: &[(f64, f64)]) -> TerrainShape {
    let points = Polygon::new(points.iter().map(|&p| pt(p)).collect()).expect("polygon");
    TerrainShape::Polygon { points }
}

/// A circle, snapped.
fn circle_shape(center: (f64, f64), radius: f64) -> TerrainShape {
    TerrainShape::Circle {
        center: Coord(pt(center)),
        radius: Length::new(snap(radius)).expect("radius"),
    }
}

/// A brush stroke (an eraser when `erase`) through `points`, snapped.
fn stroke_shape(radius: f64, points: &[(f64, f64)], erase: bool) -> TerrainShape {
    TerrainShape::Stroke {
        radius: Length::new(snap(radius)).expect("radius"),
        points: Path::new(points.iter().map(|&p| pt(p)).collect()).expect("path"),
        erase,
    }
}

/// The point at `deg` degrees on the ellipse of radii `rx`, `ry` about `c`.
/// World angles: `y` grows downwards, so 90 degrees points south.
fn polar(c: (f64, f64), rx: f64, ry: f64, deg: f64) -> (f64, f64) {
    let a = deg.to_radians();
    (c.0 + rx * a.cos(), c.1 + ry * a.sin())
}

/// `steps + 1` points along the elliptic arc from `a0` to `a1` degrees.
fn arc(c: (f64, f64), rx: f64, ry: f64, a0: f64, a1: f64, steps: u32) -> Vec<(f64, f64)> {
    (0..=steps)
        .map(|i| polar(c, rx, ry, a0 + (a1 - a0) * f64::from(i) / f64::from(steps)))
        .collect()
}

/// The other side's version of a feature kind.
fn swap_side(kind: FeatureKind) -> FeatureKind {
    match kind {
        FeatureKind::Barracks { side } => FeatureKind::Barracks { side: side.next(2) },
        FeatureKind::Base { side } => FeatureKind::Base { side: side.next(2) },
        k => k,
    }
}

/// A map under construction: every piece, feature and zone is added
/// together with its point reflection about the centre of the map area.
struct Design {
    map: Map,
}

impl Design {
    /// A map whose grid region is point-symmetric: `half` lists the first
    /// half of the region's corners, the second half is their reflection.
    fn new(
        name: &str,
        orientation: Orientation,
        hex_size: f64,
        size: (f64, f64),
        half: &[(f64, f64)],
    ) -> Self {
        let mut d = Self {
            map: Map::new_empty(name, orientation, hex_size, size.0, size.1)
                .expect("valid map size"),
        };
        let first: Vec<Point> = half.iter().map(|&p| pt(p)).collect();
        let second: Vec<Point> = first.iter().map(|&p| d.mirror(p)).collect();
        d.map.grid = Polygon::new([first, second].concat()).expect("grid region");
        d
    }

    fn meta(&mut self, description: &str, tags: &[&str]) {
        "Hexwright".clone_into(&mut self.map.meta.author);
        description.clone_into(&mut self.map.meta.description);
        self.map.meta.tags = tags.iter().map(|&t| t.to_owned()).collect();
    }

    fn mirror(&self, p: Point) -> Point {
        Point::new(
            self.map.area.width.get() - p.x,
            self.map.area.height.get() - p.y,
        )
    }

    fn mirror_shape(&self, shape: &TerrainShape) -> TerrainShape {
        hexwright_engine::transform::map_shape(shape, |p| self.mirror(p), |h| -h)
            .expect("the mirrored shape stays in range")
    }

    /// Adds a piece and, right after it, its reflection.
    fn piece(&mut self, kind: TerrainKind, shape: TerrainShape) {
        let mirrored = self.mirror_shape(&shape);
        self.map.terrain.push(TerrainPiece { kind, shape });
        self.map.terrain.push(TerrainPiece {
            kind,
            shape: mirrored,
        });
    }

    fn polygon(&mut self, kind: TerrainKind, points: &[(f64, f64)]) {
        self.piece(kind, polygon_shape(points));
    }

    fn circle(&mut self, kind: TerrainKind, center: (f64, f64), radius: f64) {
        self.piece(kind, circle_shape(center, radius));
    }

    fn stroke(&mut self, kind: TerrainKind, radius: f64, points: &[(f64, f64)]) {
        self.brush(kind, radius, points, false);
    }

    fn eraser(&mut self, kind: TerrainKind, radius: f64, points: &[(f64, f64)]) {
        self.brush(kind, radius, points, true);
    }

    fn brush(&mut self, kind: TerrainKind, radius: f64, points: &[(f64, f64)], erase: bool) {
        self.piece(kind, stroke_shape(radius, points, erase));
    }

    /// Adds a feature at `(q, r)` and its reflection at `(-q, -r)`, owned by
    /// the other side. The centre hex maps to itself and gets one feature.
    fn feature(&mut self, (q, r): (i32, i32), kind: FeatureKind) {
        let hex = Hex::new(q, r);
        self.map.features.push(Feature { hex, kind });
        if hex == Hex::ZERO {
            assert!(
                kind.side().is_none(),
                "an owned feature cannot stand on the centre hex"
            );
        } else {
            self.map.features.push(Feature {
                hex: -hex,
                kind: swap_side(kind),
            });
        }
    }

    fn features(&mut self, hexes: &[(i32, i32)], kind: FeatureKind) {
        for &h in hexes {
            self.feature(h, kind);
        }
    }

    /// Side 0's starting zone; side 1's is its reflection.
    fn zone(&mut self, hexes: &[(i32, i32)]) {
        let hexes: Vec<Hex> = hexes.iter().map(|&(q, r)| Hex::new(q, r)).collect();
        let mirrored = hexes.iter().map(|&h| -h).collect();
        self.map.zones.push(Zone {
            side: PlayerId(0),
            hexes,
        });
        self.map.zones.push(Zone {
            side: PlayerId(1),
            hexes: mirrored,
        });
    }
}

/// Twin Fords: two rivers, each crossable at two fords (see the module docs).
fn twin_fords() -> Map {
    let mut d = Design::new(
        "Twin Fords",
        Orientation::Flat,
        30.0,
        (1280.0, 800.0),
        &[
            (20.0, 140.0),
            (140.0, 20.0),
            (1140.0, 20.0),
            (1260.0, 140.0),
        ],
    );
    d.meta(
        "Two rivers split the field into three bands, and each river can be crossed only at its two fords.",
        &["rivers", "fords", "classic", "1v1"],
    );
    // The west river, painted top to bottom, and the two fords erased out of
    // it; the reflections make the east river and its fords.
    d.stroke(
        Water,
        32.0,
        &[
            (415.0, 0.0),
            (395.0, 90.0),
            (430.0, 200.0),
            (400.0, 320.0),
            (380.0, 440.0),
            (420.0, 560.0),
            (395.0, 680.0),
            (410.0, 800.0),
        ],
    );
    d.eraser(Water, 28.0, &[(330.0, 210.0), (480.0, 210.0)]);
    d.eraser(Water, 28.0, &[(330.0, 610.0), (480.0, 610.0)]);
    // The middle band: a boulder and a wood on the north edge.
    d.circle(Rock, (560.0, 300.0), 38.0);
    d.polygon(
        Forest,
        &[
            (600.0, 10.0),
            (700.0, 10.0),
            (740.0, 70.0),
            (690.0, 120.0),
            (620.0, 110.0),
            (580.0, 60.0),
        ],
    );
    // Side 0's home band: a wood to the north, a rock bluff to the south.
    d.polygon(
        Forest,
        &[
            (150.0, 110.0),
            (260.0, 120.0),
            (250.0, 200.0),
            (170.0, 210.0),
        ],
    );
    d.polygon(
        Rock,
        &[
            (210.0, 610.0),
            (290.0, 630.0),
            (300.0, 700.0),
            (240.0, 720.0),
            (200.0, 680.0),
        ],
    );

    d.feature((0, 0), FeatureKind::Objective);
    // Past the west river's north ford, and before the east river's north ford.
    d.feature((-3, -2), FeatureKind::Objective);
    d.feature((4, -5), FeatureKind::Objective);
    // On the west river's north ford, with a bush on its west bank.
    d.feature((-5, -1), FeatureKind::Outpost);
    d.features(&[(-7, 0), (-7, 6), (-1, -1), (-2, 3)], FeatureKind::Bush);
    d.feature((-12, 6), FeatureKind::Base { side: PlayerId(0) });
    d.feature((-11, 3), FeatureKind::Barracks { side: PlayerId(0) });
    d.feature((-11, 8), FeatureKind::Barracks { side: PlayerId(0) });
    d.zone(&[
        (-10, 3),
        (-10, 4),
        (-10, 5),
        (-10, 6),
        (-10, 7),
        (-9, 2),
        (-9, 3),
        (-9, 4),
        (-9, 5),
        (-9, 6),
    ]);
    d.map
}

/// Broken Crown: a spiked ring of cliffs with four breaks (see the module docs).
fn broken_crown() -> Map {
    let size = (1120.0, 1000.0);
    let centre = (size.0 / 2.0, size.1 / 2.0);
    // A slightly uneven 24-gon: the northern half, from west to east.
    let radii = [
        465.0, 450.0, 470.0, 460.0, 445.0, 470.0, 470.0, 445.0, 460.0, 470.0, 450.0, 465.0,
    ];
    let half: Vec<(f64, f64)> = radii
        .iter()
        .enumerate()
        .map(|(i, &radius)| {
            polar(
                centre,
                radius * 1.05,
                radius,
                180.0 + (i as f64 + 0.5) * 15.0,
            )
        })
        .collect();
    let mut d = Design::new("Broken Crown", Orientation::Pointy, 28.0, size, &half);
    d.meta(
        "A crown of cliffs rings the central objective, and four narrow breaks in it are the only ways in.",
        &["ring", "cliffs", "king-of-the-hill", "1v1"],
    );
    // Two crown segments (south-east and south-west) and their reflections:
    // inner edge at radius 145, outer edge alternating between 190 and the
    // tips of the spikes at 250. The gaps between segments are the breaks.
    for (from, to) in [(33.0, 102.0), (118.0, 197.0)] {
        let steps = 10;
        let mut outline: Vec<(f64, f64)> = (0..=steps)
            .map(|i| {
                let radius = if i % 2 == 1 { 250.0 } else { 190.0 };
                let angle = from + (to - from) * f64::from(i) / f64::from(steps);
                polar(centre, radius, radius, angle)
            })
            .collect();
        outline.extend(arc(centre, 145.0, 145.0, to, from, 8));
        d.polygon(Rock, &outline);
    }
    // A pillar in the court, centred on hex (2, -1).
    d.circle(Rock, (632.75, 458.0), 22.0);
    // A chasm crack running west from the crown, a boulder and two woods.
    d.stroke(
        Chasm,
        15.0,
        &[
            (298.0, 500.0),
            (230.0, 530.0),
            (170.0, 500.0),
            (100.0, 520.0),
        ],
    );
    d.circle(Rock, (330.0, 170.0), 40.0);
    d.circle(Forest, (180.0, 330.0), 42.0);
    d.polygon(
        Forest,
        &[
            (760.0, 160.0),
            (860.0, 150.0),
            (900.0, 240.0),
            (820.0, 280.0),
            (750.0, 230.0),
        ],
    );

    d.feature((0, 0), FeatureKind::Objective);
    d.feature((-8, 1), FeatureKind::Objective);
    // Outside the north-west break.
    d.feature((-3, -4), FeatureKind::Outpost);
    d.features(&[(1, -2), (-5, -2), (3, -6), (8, -5)], FeatureKind::Bush);
    d.feature((5, -10), FeatureKind::Base { side: PlayerId(0) });
    d.feature((4, -9), FeatureKind::Barracks { side: PlayerId(0) });
    d.zone(&[
        (2, -8),
        (3, -8),
        (4, -8),
        (5, -8),
        (6, -8),
        (1, -7),
        (2, -7),
        (3, -7),
        (4, -7),
        (5, -7),
    ]);
    d.map
}

/// The northern half of the Ember Isles coastline, from west to east.
const EMBER_COAST: [(f64, f64); 16] = [
    (30.0, 470.0),
    (50.0, 300.0),
    (110.0, 200.0),
    (90.0, 120.0),
    (200.0, 60.0),
    (330.0, 90.0),
    (420.0, 40.0),
    (560.0, 70.0),
    (640.0, 30.0),
    (760.0, 50.0),
    (880.0, 30.0),
    (980.0, 80.0),
    (1090.0, 50.0),
    (1200.0, 110.0),
    (1300.0, 140.0),
    (1340.0, 260.0),
];

/// Ember Isles: seven islands joined by land bridges (see the module docs).
fn ember_isles() -> Map {
    let mut d = Design::new(
        "Ember Isles",
        Orientation::Flat,
        28.0,
        (1400.0, 860.0),
        &EMBER_COAST,
    );
    d.meta(
        "Volcanic islands joined by narrow land bridges, where every road to the enemy crosses the cratered central isle.",
        &["islands", "water", "chasms", "1v1"],
    );
    let c = (700.0, 430.0);
    // The channel west of side 0's home island, in three parts: the gaps
    // between them are the bridges to the north-west and south-west islets.
    d.stroke(Water, 34.0, &[(370.0, 0.0), (350.0, 60.0), (375.0, 130.0)]);
    d.stroke(
        Water,
        34.0,
        &[
            (360.0, 265.0),
            (340.0, 330.0),
            (365.0, 430.0),
            (345.0, 530.0),
            (360.0, 590.0),
        ],
    );
    d.stroke(
        Water,
        34.0,
        &[(370.0, 725.0), (350.0, 800.0), (365.0, 860.0)],
    );
    // A strait from that channel to the lagoon ring, between the two islets.
    d.stroke(Water, 34.0, &[(365.0, 430.0), (470.0, 430.0)]);
    // The west and north arcs of the lagoon ring; the gaps are the bridges
    // to the central isle.
    d.stroke(Water, 30.0, &arc(c, 230.0, 175.0, 150.0, 210.0, 6));
    d.stroke(Water, 30.0, &arc(c, 230.0, 175.0, 240.0, 300.0, 6));
    // The north sound, splitting the northern islets.
    d.polygon(
        Water,
        &[
            (620.0, 0.0),
            (780.0, 0.0),
            (740.0, 120.0),
            (720.0, 240.0),
            (680.0, 240.0),
            (660.0, 120.0),
        ],
    );
    // A lagoon and a fissure on the home island.
    d.circle(Water, (170.0, 250.0), 45.0);
    d.stroke(
        Chasm,
        14.0,
        &[
            (120.0, 150.0),
            (180.0, 170.0),
            (230.0, 140.0),
            (290.0, 160.0),
        ],
    );
    // A crater on the central isle, a rift on the north-west islet, a wood
    // on the north-east islet.
    d.circle(Chasm, (630.0, 390.0), 26.0);
    d.polygon(
        Chasm,
        &[
            (560.0, 130.0),
            (590.0, 150.0),
            (615.0, 140.0),
            (605.0, 175.0),
            (575.0, 200.0),
            (565.0, 170.0),
        ],
    );
    d.polygon(
        Forest,
        &[
            (860.0, 100.0),
            (960.0, 110.0),
            (940.0, 190.0),
            (850.0, 170.0),
        ],
    );

    d.feature((0, 0), FeatureKind::Objective);
    // On the north-west islet.
    d.feature((-5, -3), FeatureKind::Objective);
    // On the south-west islet, at its bridge to the central isle.
    d.feature((-4, 5), FeatureKind::Outpost);
    d.features(&[(-1, -2), (2, -7), (-6, -1), (-10, 2)], FeatureKind::Bush);
    d.feature((-15, 7), FeatureKind::Base { side: PlayerId(0) });
    d.feature((-13, 4), FeatureKind::Barracks { side: PlayerId(0) });
    d.feature((-13, 9), FeatureKind::Barracks { side: PlayerId(0) });
    d.zone(&[
        (-13, 6),
        (-13, 7),
        (-13, 8),
        (-12, 5),
        (-12, 6),
        (-12, 7),
        (-12, 8),
        (-11, 5),
        (-11, 6),
        (-11, 7),
    ]);
    d.map
}

/// A map for three or four players under construction: everything is
/// added for side 0 and repeated by every image of the map's [`Symmetry`]
/// (the editor's symmetry modes), owned by the side the image gives it to.
/// Four players: both mirrors through the centre of the map area (side 0
/// north-west, 1 north-east, 2 south-west, 3 south-east). Three players:
/// turns of 120° about it (side 0 north, then clockwise).
struct DesignN {
    map: Map,
    images: Vec<symmetry::Image>,
}

impl DesignN {
    /// A four-player map whose grid region is a rectangle with its corners
    /// cut by `chamfer`, `inset` inside the area.
    fn four(name: &str, hex_size: f64, size: (f64, f64), inset: f64, chamfer: f64) -> Self {
        let (w, h) = size;
        let (a, c) = (inset, inset + chamfer);
        let corners = [
            (c, a),
            (w - c, a),
            (w - a, c),
            (w - a, h - c),
            (w - c, h - a),
            (c, h - a),
            (a, h - c),
            (a, c),
        ];
        let region = corners.iter().map(|&p| pt(p)).collect();
        Self::new(name, 4, Mode::Mirror4, hex_size, size, region)
    }

    /// A three-player map whose grid region is the hexagon holding the
    /// hexes at most `radius` steps from the centre hex.
    fn three(name: &str, hex_size: f64, radius: i32, margin: f64) -> Self {
        // The region's corners lie half a hex beyond the corner hexes, so
        // the ring `radius` is in and the next ring out.
        let rho = (f64::from(radius) + 0.5) * 3f64.sqrt() * hex_size;
        // The area: the region and a margin, rounded up to whole tens.
        let tens = |v: f64| (v / 10.0).ceil() * 10.0;
        let size = (
            tens(2.0 * (rho + margin)),
            tens(3f64.sqrt() * rho + 2.0 * margin),
        );
        let c = (size.0 / 2.0, size.1 / 2.0);
        let region = (0..6)
            .map(|k| {
                let (x, y) = polar(c, rho, rho, f64::from(k) * 60.0);
                Point::new(x, y)
            })
            .collect();
        Self::new(name, 3, Mode::Turn3, hex_size, size, region)
    }

    fn new(
        name: &str,
        players: u8,
        mode: Mode,
        hex_size: f64,
        size: (f64, f64),
        region: Vec<Point>,
    ) -> Self {
        let mut map = Map::new_empty(name, Orientation::Pointy, hex_size, size.0, size.1)
            .expect("valid map size");
        map.players = players;
        map.grid = Polygon::new(region).expect("grid region");
        let images = Symmetry::new(mode, Centre::Hex).images(&map);
        Self { map, images }
    }

    fn meta(&mut self, description: &str, tags: &[&str]) {
        "Hexwright".clone_into(&mut self.map.meta.author);
        description.clone_into(&mut self.map.meta.description);
        self.map.meta.tags = tags.iter().map(|&t| t.to_owned()).collect();
    }

    /// The world centre of hex `(q, r)`.
    fn at(&self, (q, r): (i32, i32)) -> (f64, f64) {
        let p = self.map.hex_layout().center(Hex::new(q, r));
        (p.x, p.y)
    }

    /// Adds a piece and its images.
    fn piece(&mut self, kind: TerrainKind, shape: TerrainShape) {
        let piece = TerrainPiece { kind, shape };
        let images: Vec<TerrainPiece> = self
            .images
            .iter()
            .map(|i| i.piece(&piece).expect("images stay in range"))
            .collect();
        self.map.terrain.push(piece);
        self.map.terrain.extend(images);
    }

    fn polygon(&mut self, kind: TerrainKind, points: &[(f64, f64)]) {
        self.piece(kind, polygon_shape(points));
    }

    fn circle(&mut self, kind: TerrainKind, center: (f64, f64), radius: f64) {
        self.piece(kind, circle_shape(center, radius));
    }

    fn stroke(&mut self, kind: TerrainKind, radius: f64, points: &[(f64, f64)]) {
        self.piece(kind, stroke_shape(radius, points, false));
    }

    /// Adds a feature of side 0's and its images; an owned feature's images
    /// belong to the sides the images give it to. A hex that is its own
    /// image (the centre) gets one feature.
    fn feature(&mut self, (q, r): (i32, i32), kind: FeatureKind) {
        let f = Feature {
            hex: Hex::new(q, r),
            kind,
        };
        let images: Vec<Feature> = self.images.iter().map(|i| i.feature(f)).collect();
        for f in std::iter::once(f).chain(images) {
            if self.map.feature_at(f.hex).is_none() {
                self.map.features.push(f);
            }
        }
    }

    /// Side 0's starting zone; the other sides' are its images.
    fn zone(&mut self, hexes: &[(i32, i32)]) {
        let zone = Zone {
            side: PlayerId(0),
            hexes: hexes.iter().map(|&(q, r)| Hex::new(q, r)).collect(),
        };
        let images: Vec<Zone> = self
            .images
            .iter()
            .map(|i| Zone {
                side: i.side(zone.side),
                hexes: zone.hexes.iter().map(|&h| i.hex(h)).collect(),
            })
            .collect();
        self.map.zones.push(zone);
        self.map.zones.extend(images);
    }
}

/// Four Corners: a camp in each corner for four players (see the module
/// docs).
fn four_corners() -> Map {
    let mut d = DesignN::four("Four Corners", 30.0, (1320.0, 990.0), 15.0, 120.0);
    d.meta(
        "Four camps in the corners of one field, each between two neighbours, with four rock pillars around the central objective.",
        &["four players", "ffa", "corners"],
    );
    // Side 0's camp in the north-west; the base against the rim.
    d.feature((-6, -8), FeatureKind::Base { side: PlayerId(0) });
    d.feature((-2, -8), FeatureKind::Barracks { side: PlayerId(0) });
    let zone: Vec<(i32, i32)> = (-6..=-2).flat_map(|q| [(q, -7), (q, -6)]).collect();
    d.zone(&zone);
    d.circle(Water, (150.0, 330.0), 40.0);
    d.polygon(
        Forest,
        &[
            (250.0, 265.0),
            (330.0, 255.0),
            (350.0, 305.0),
            (300.0, 335.0),
            (245.0, 310.0),
        ],
    );
    d.polygon(
        Rock,
        &[
            (495.0, 165.0),
            (565.0, 160.0),
            (580.0, 215.0),
            (520.0, 235.0),
        ],
    );
    d.stroke(Chasm, 9.0, &[(430.0, 95.0), (470.0, 70.0), (505.0, 75.0)]);
    // Towards the neighbours: an Outpost with a bush, a forward objective.
    d.feature((-8, -1), FeatureKind::Outpost);
    d.feature((-7, -2), FeatureKind::Bush);
    d.feature((-4, -2), FeatureKind::Bush);
    d.feature((-2, -3), FeatureKind::Objective);
    // The centre: an objective ringed by four pillars.
    d.feature((0, 0), FeatureKind::Objective);
    d.circle(Rock, (590.0, 420.0), 26.0);
    d.map
}

/// Three Passes: three camps on the rim of a hexagonal vale for three
/// players (see the module docs).
fn three_passes() -> Map {
    let mut d = DesignN::three("Three Passes", 30.0, 12, 30.0);
    d.meta(
        "Three camps on the rim of a hexagonal vale; a rock ridge with one pass, held by an Outpost, parts each pair of neighbours, and three pillars ring the central objective.",
        &["three players", "ffa", "passes"],
    );
    // Side 0's camp in the north; the base against the rim.
    d.feature((6, -12), FeatureKind::Base { side: PlayerId(0) });
    d.feature((2, -12), FeatureKind::Barracks { side: PlayerId(0) });
    let zone: Vec<(i32, i32)> = (3..=7).flat_map(|q| [(q, -11), (q, -10)]).collect();
    d.zone(&zone);
    let pond = d.at((0, -11));
    d.circle(Water, pond, 38.0);
    let wood = d.at((10, -11));
    d.polygon(
        Forest,
        &[
            (wood.0 - 45.0, wood.1 - 30.0),
            (wood.0 + 35.0, wood.1 - 35.0),
            (wood.0 + 50.0, wood.1 + 20.0),
            (wood.0 - 5.0, wood.1 + 40.0),
            (wood.0 - 50.0, wood.1 + 15.0),
        ],
    );
    let (a, b) = (d.at((11, -8)), d.at((10, -6)));
    d.stroke(Chasm, 9.0, &[a, (a.0 - 12.0, f64::midpoint(a.1, b.1)), b]);
    // The ridge towards side 1, from the rim to the pass.
    let (rim, end) = (d.at((12, -6)), d.at((8, -4)));
    d.stroke(Rock, 24.0, &[rim, end]);
    // The pass: an Outpost, a bush on this side to wait in, and past it a
    // short spur of rock.
    d.feature((6, -3), FeatureKind::Outpost);
    d.feature((5, -4), FeatureKind::Bush);
    d.feature((1, -5), FeatureKind::Bush);
    let spur = d.at((4, -2));
    d.circle(Rock, spur, 24.0);
    // The home objective, ahead of the zone.
    d.feature((3, -6), FeatureKind::Objective);
    // The centre: an objective ringed by three pillars.
    d.feature((0, 0), FeatureKind::Objective);
    let pillar = d.at((1, -2));
    d.circle(Rock, pillar, 22.0);
    d.map
}

/// Checks everything the bundled maps promise; the error says what is wrong.
fn check(file: &str, map: &Map) -> Result<Coverage, String> {
    let coverage = Coverage::new(map).map_err(|e| format!("{file}: {e}"))?;
    let findings = validate::validate(map, &coverage);
    if !findings.is_empty() {
        let lines: Vec<String> = findings.iter().map(|f| format!("  {f}")).collect();
        return Err(format!(
            "{file} has validation findings:\n{}",
            lines.join("\n")
        ));
    }
    let usable = coverage.usable_count();
    let range = if map.players == 2 {
        USABLE_RANGE
    } else {
        USABLE_RANGE_MANY
    };
    if !range.contains(&usable) {
        return Err(format!(
            "{file} has {usable} usable hexes; bundled maps for {} players need {range:?}",
            map.players
        ));
    }
    if map.players > 2 {
        // The symmetry the editor offers for the player count: no hex
        // breaks it.
        let mode = if map.players == 3 {
            Mode::Turn3
        } else {
            Mode::Mirror4
        };
        let breaks = symmetry::breaks(map, &coverage, Symmetry::new(mode, Centre::Hex));
        if !breaks.is_empty() {
            return Err(format!(
                "{file}: {} hexes break the symmetry {}, e.g. {:?}",
                breaks.len(),
                mode.label(),
                breaks[0]
            ));
        }
        return Ok(coverage);
    }
    let features: BTreeSet<(i32, i32, String)> = map
        .features
        .iter()
        .map(|f| (f.hex.x, f.hex.y, format!("{:?}", f.kind)))
        .collect();
    for f in &map.features {
        let m = -f.hex;
        if !features.contains(&(m.x, m.y, format!("{:?}", swap_side(f.kind)))) {
            return Err(format!(
                "{file}: the {} at {},{} has no mirror image at {},{}",
                f.kind, f.hex.x, f.hex.y, m.x, m.y
            ));
        }
    }
    let zone = |side| -> BTreeSet<(i32, i32)> {
        map.zone_of(side)
            .map(|z| z.hexes.iter().map(|h| (h.x, h.y)).collect())
            .unwrap_or_default()
    };
    if zone(PlayerId(1))
        != zone(PlayerId(0))
            .into_iter()
            .map(|(q, r)| (-q, -r))
            .collect()
    {
        return Err(format!(
            "{file}: side 1's zone is not the reflection of side 0's"
        ));
    }
    Ok(coverage)
}

fn main() -> Result<(), Box<dyn Error>> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../maps"));
    // Check every map before writing any, so a broken design changes nothing:
    // the symmetric design, then the map with its balance edits.
    let mut maps: Vec<(&str, Map)> = Vec::new();
    let mut summaries = Vec::new();
    for &(file, build) in &MAPS {
        let design = build();
        check(file, &design)?;
        let mut map = balance::apply(file, design, balance::edits_for(file))?;
        let coverage = Coverage::new(&map).map_err(|e| format!("{file}: {e}"))?;
        let findings = validate::validate(&map, &coverage);
        if let Some(f) = findings.first() {
            return Err(
                format!("{file} has a validation finding after its balance edits: {f}").into(),
            );
        }
        let old = std::fs::read_to_string(dir.join(file))
            .ok()
            .and_then(|text| format::parse_map(&text, file).ok());
        let (kept, void) = balance::carry_certificates(&mut map, old.as_ref())?;
        if void > 0 {
            println!(
                "{file}: {void} fairness certificates no longer hold (the map changed); certify it again with `hexwright balance-edit`"
            );
        }
        if kept > 0 {
            println!("{file}: {kept} fairness certificates carried over");
        }
        summaries.push(Summary::new(&map, &coverage));
        maps.push((file, map));
    }
    std::fs::create_dir_all(&dir)?;
    for ((file, map), s) in maps.iter().zip(&summaries) {
        format::save_atomic(map, &dir.join(file))?;
        let features: Vec<String> = s.features.iter().map(|(k, n)| format!("{n} {k}")).collect();
        println!(
            "{file}: {} ({} hexes), {} grid hexes, {} usable, {} unusable, {} terrain pieces; {}",
            s.name,
            s.orientation,
            s.grid_hexes,
            s.usable_hexes,
            s.unusable_hexes,
            s.terrain_pieces,
            features.join(", ")
        );
    }
    let manifest = Manifest {
        format: FormatVersion,
        name: "Hexwright Classics".to_owned(),
        version: "1.0.0".to_owned(),
        author: "Hexwright".to_owned(),
        description: "Five original maps that ship with Hexwright: three for two players (rivers and fords, a broken crown of cliffs, volcanic islands), one for three (a vale parted by ridges) and one for four (a camp in each corner).".to_owned(),
        maps: maps.iter().map(|(file, _)| (*file).to_owned()).collect(),
        roster: None,
        scenarios: Vec::new(),
        previews: std::collections::BTreeMap::new(),
    };
    format::save_atomic(&manifest, &dir.join(MANIFEST_FILE))?;
    println!("wrote {}", dir.join(MANIFEST_FILE).display());
    Ok(())
}
