//! The five bundled maps, one builder each (see the example's front page
//! for what each one is).

use super::design::{Design, DesignN, arc, polar};
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::TerrainKind::{Chasm, Forest, Rock, Water};
use hexwright_engine::map::{FeatureKind, Map};
use hexwright_engine::player::PlayerId;

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

/// Twin Fords: two rivers, each crossable at two fords (see the module docs).
pub(super) fn twin_fords() -> Map {
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
pub(super) fn broken_crown() -> Map {
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

/// Ember Isles: seven islands joined by land bridges (see the module docs).
pub(super) fn ember_isles() -> Map {
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

/// Four Corners: a camp in each corner for four players (see the module
/// docs).
pub(super) fn four_corners() -> Map {
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
pub(super) fn three_passes() -> Map {
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
