//! The helpers the bundled maps are drawn with: coordinates rounded to
//! quarters, shapes, and the symmetric designs — [`Design`] (point symmetry
//! for two players) and [`DesignN`] (turns or mirrors for three and four) —
//! that add every piece, feature and zone together with its images.

use hexwright_engine::Hex;
use hexwright_engine::geom::Point;
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::{
    Coord, Feature, FeatureKind, Length, Map, Path, Polygon, TerrainKind, TerrainPiece,
    TerrainShape, Zone,
};
use hexwright_engine::player::PlayerId;
use hexwright_engine::symmetry::{self, Centre, Mode, Symmetry};

/// Rounds a coordinate to a multiple of 1/4, so reflected coordinates
/// (`width - x`) are exact and the files stay short.
pub(super) fn snap(v: f64) -> f64 {
    (v * 4.0).round() / 4.0
}

pub(super) fn pt((x, y): (f64, f64)) -> Point {
    Point::new(snap(x), snap(y))
}

/// A polygon through `points`, snapped.
pub(super) fn polygon_shape(points: &[(f64, f64)]) -> TerrainShape {
    let points = Polygon::new(points.iter().map(|&p| pt(p)).collect()).expect("polygon");
    TerrainShape::Polygon { points }
}

/// A circle, snapped.
pub(super) fn circle_shape(center: (f64, f64), radius: f64) -> TerrainShape {
    TerrainShape::Circle {
        center: Coord(pt(center)),
        radius: Length::new(snap(radius)).expect("radius"),
    }
}

/// A brush stroke (an eraser when `erase`) through `points`, snapped.
pub(super) fn stroke_shape(radius: f64, points: &[(f64, f64)], erase: bool) -> TerrainShape {
    TerrainShape::Stroke {
        radius: Length::new(snap(radius)).expect("radius"),
        points: Path::new(points.iter().map(|&p| pt(p)).collect()).expect("path"),
        erase,
    }
}

/// The point at `deg` degrees on the ellipse of radii `rx`, `ry` about `c`.
/// World angles: `y` grows downwards, so 90 degrees points south.
pub(super) fn polar(c: (f64, f64), rx: f64, ry: f64, deg: f64) -> (f64, f64) {
    let a = deg.to_radians();
    (c.0 + rx * a.cos(), c.1 + ry * a.sin())
}

/// `steps + 1` points along the elliptic arc from `a0` to `a1` degrees.
pub(super) fn arc(
    c: (f64, f64),
    rx: f64,
    ry: f64,
    a0: f64,
    a1: f64,
    steps: u32,
) -> Vec<(f64, f64)> {
    (0..=steps)
        .map(|i| polar(c, rx, ry, a0 + (a1 - a0) * f64::from(i) / f64::from(steps)))
        .collect()
}

/// The other side's version of a feature kind.
pub(super) fn swap_side(kind: FeatureKind) -> FeatureKind {
    match kind {
        FeatureKind::Barracks { side } => FeatureKind::Barracks { side: side.next(2) },
        FeatureKind::Base { side } => FeatureKind::Base { side: side.next(2) },
        k => k,
    }
}

/// A map under construction: every piece, feature and zone is added
/// together with its point reflection about the centre of the map area.
pub(super) struct Design {
    pub(super) map: Map,
}

impl Design {
    /// A map whose grid region is point-symmetric: `half` lists the first
    /// half of the region's corners, the second half is their reflection.
    pub(super) fn new(
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

    pub(super) fn meta(&mut self, description: &str, tags: &[&str]) {
        "Hexwright".clone_into(&mut self.map.meta.author);
        description.clone_into(&mut self.map.meta.description);
        self.map.meta.tags = tags.iter().map(|&t| t.to_owned()).collect();
    }

    pub(super) fn mirror(&self, p: Point) -> Point {
        Point::new(
            self.map.area.width.get() - p.x,
            self.map.area.height.get() - p.y,
        )
    }

    pub(super) fn mirror_shape(&self, shape: &TerrainShape) -> TerrainShape {
        hexwright_engine::transform::map_shape(shape, |p| self.mirror(p), |h| -h)
            .expect("the mirrored shape stays in range")
    }

    /// Adds a piece and, right after it, its reflection.
    pub(super) fn piece(&mut self, kind: TerrainKind, shape: TerrainShape) {
        let mirrored = self.mirror_shape(&shape);
        self.map.terrain.push(TerrainPiece { kind, shape });
        self.map.terrain.push(TerrainPiece {
            kind,
            shape: mirrored,
        });
    }

    pub(super) fn polygon(&mut self, kind: TerrainKind, points: &[(f64, f64)]) {
        self.piece(kind, polygon_shape(points));
    }

    pub(super) fn circle(&mut self, kind: TerrainKind, center: (f64, f64), radius: f64) {
        self.piece(kind, circle_shape(center, radius));
    }

    pub(super) fn stroke(&mut self, kind: TerrainKind, radius: f64, points: &[(f64, f64)]) {
        self.brush(kind, radius, points, false);
    }

    pub(super) fn eraser(&mut self, kind: TerrainKind, radius: f64, points: &[(f64, f64)]) {
        self.brush(kind, radius, points, true);
    }

    pub(super) fn brush(
        &mut self,
        kind: TerrainKind,
        radius: f64,
        points: &[(f64, f64)],
        erase: bool,
    ) {
        self.piece(kind, stroke_shape(radius, points, erase));
    }

    /// Adds a feature at `(q, r)` and its reflection at `(-q, -r)`, owned by
    /// the other side. The centre hex maps to itself and gets one feature.
    pub(super) fn feature(&mut self, (q, r): (i32, i32), kind: FeatureKind) {
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

    pub(super) fn features(&mut self, hexes: &[(i32, i32)], kind: FeatureKind) {
        for &h in hexes {
            self.feature(h, kind);
        }
    }

    /// Side 0's starting zone; side 1's is its reflection.
    pub(super) fn zone(&mut self, hexes: &[(i32, i32)]) {
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

/// A map for three or four players under construction: everything is
/// added for side 0 and repeated by every image of the map's [`Symmetry`]
/// (the editor's symmetry modes), owned by the side the image gives it to.
/// Four players: both mirrors through the centre of the map area (side 0
/// north-west, 1 north-east, 2 south-west, 3 south-east). Three players:
/// turns of 120° about it (side 0 north, then clockwise).
pub(super) struct DesignN {
    pub(super) map: Map,
    images: Vec<symmetry::Image>,
}

impl DesignN {
    /// A four-player map whose grid region is a rectangle with its corners
    /// cut by `chamfer`, `inset` inside the area.
    pub(super) fn four(
        name: &str,
        hex_size: f64,
        size: (f64, f64),
        inset: f64,
        chamfer: f64,
    ) -> Self {
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
    pub(super) fn three(name: &str, hex_size: f64, radius: i32, margin: f64) -> Self {
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

    pub(super) fn new(
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

    pub(super) fn meta(&mut self, description: &str, tags: &[&str]) {
        "Hexwright".clone_into(&mut self.map.meta.author);
        description.clone_into(&mut self.map.meta.description);
        self.map.meta.tags = tags.iter().map(|&t| t.to_owned()).collect();
    }

    /// The world centre of hex `(q, r)`.
    pub(super) fn at(&self, (q, r): (i32, i32)) -> (f64, f64) {
        let p = self.map.hex_layout().center(Hex::new(q, r));
        (p.x, p.y)
    }

    /// Adds a piece and its images.
    pub(super) fn piece(&mut self, kind: TerrainKind, shape: TerrainShape) {
        let piece = TerrainPiece { kind, shape };
        let images: Vec<TerrainPiece> = self
            .images
            .iter()
            .map(|i| i.piece(&piece).expect("images stay in range"))
            .collect();
        self.map.terrain.push(piece);
        self.map.terrain.extend(images);
    }

    pub(super) fn polygon(&mut self, kind: TerrainKind, points: &[(f64, f64)]) {
        self.piece(kind, polygon_shape(points));
    }

    pub(super) fn circle(&mut self, kind: TerrainKind, center: (f64, f64), radius: f64) {
        self.piece(kind, circle_shape(center, radius));
    }

    pub(super) fn stroke(&mut self, kind: TerrainKind, radius: f64, points: &[(f64, f64)]) {
        self.piece(kind, stroke_shape(radius, points, false));
    }

    /// Adds a feature of side 0's and its images; an owned feature's images
    /// belong to the sides the images give it to. A hex that is its own
    /// image (the centre) gets one feature.
    pub(super) fn feature(&mut self, (q, r): (i32, i32), kind: FeatureKind) {
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
    pub(super) fn zone(&mut self, hexes: &[(i32, i32)]) {
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
