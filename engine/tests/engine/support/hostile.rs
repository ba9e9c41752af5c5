//! Hostile inputs at the limits: map files (and a roster and a scenario)
//! shaped like the ones that once hung or crashed the tool. Shared by the
//! `hostile` test (every input gets a result or an error, never a panic)
//! and the `hostile` benchmark (how long each takes).
//!
//! Every input is RON text, so parsing is part of what is exercised.

use std::fmt::Write as _;

/// One hostile input: a name and the text of a file.
pub struct Input {
    /// What it is, for messages and benchmark ids.
    pub name: &'static str,
    /// What kind of file it is.
    pub kind: Kind,
    /// The file's text.
    pub text: String,
}

/// What kind of file an [`Input`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A map file.
    Map,
    /// A roster file.
    Roster,
    /// A scenario file with an inline map.
    Scenario,
}

/// splitmix64, so the inputs are the same every run.
pub struct Rng(pub u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }

    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
}

/// The head of a map: an area `w × h`, hex size `size`, the grid region
/// `grid` (corners).
fn head(w: f64, h: f64, size: f64, grid: &[(f64, f64)]) -> String {
    let corners: Vec<String> = grid
        .iter()
        .map(|(x, y)| format!("({x:?}, {y:?})"))
        .collect();
    format!(
        "(format: 1, meta: (name: \"hostile\"), layout: (orientation: Pointy, hex_size: {size:?}), area: (width: {w:?}, height: {h:?}), grid: [{}],\n",
        corners.join(", ")
    )
}

/// The area minus a margin of one hex.
fn inset(w: f64, h: f64, size: f64) -> Vec<(f64, f64)> {
    vec![
        (size, size),
        (w - size, size),
        (w - size, h - size),
        (size, h - size),
    ]
}

fn map(head: &str, terrain: &str, features: &str, zones: &str) -> String {
    format!("{head}terrain: [{terrain}],\nfeatures: [{features}],\nzones: [{zones}],\n)\n")
}

fn points(pts: &[(f64, f64)]) -> String {
    let mut s = String::from("[");
    for (i, (x, y)) in pts.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "({x:.3}, {y:.3})");
    }
    s.push(']');
    s
}

/// Axial hexes of a rhombus `-n..=n` around the centre, in a fixed shuffled
/// order.
fn hexes(n: i32, rng: &mut Rng) -> Vec<(i32, i32)> {
    let mut all: Vec<(i32, i32)> = (-n..=n)
        .flat_map(|q| (-n..=n).map(move |r| (q, r)))
        .collect();
    for i in (1..all.len()).rev() {
        let j = (rng.next() * (i + 1) as f64) as usize;
        all.swap(i, j.min(i));
    }
    all
}

/// A wandering brush path of `n` points inside `0..2000`.
fn walk(rng: &mut Rng, n: usize, step: f64, start: (f64, f64)) -> Vec<(f64, f64)> {
    let (mut x, mut y) = start;
    let mut a = 0.0f64;
    (0..n)
        .map(|_| {
            a += rng.range(-0.5, 0.5);
            x = (x + step * a.cos()).clamp(0.0, 2000.0);
            y = (y + step * a.sin()).clamp(0.0, 2000.0);
            (x, y)
        })
        .collect()
}

/// `n` paint and erase strokes of five points (every other one an eraser)
/// on a 2000 × 2000 area.
fn paint_and_erase(rng: &mut Rng, n: usize) -> String {
    let normal = head(2000.0, 2000.0, 10.0, &inset(2000.0, 2000.0, 10.0));
    let mut strokes = String::new();
    for i in 0..n {
        let start = (rng.range(0.0, 2000.0), rng.range(0.0, 2000.0));
        let path = walk(rng, 5, 20.0, start);
        let _ = write!(
            strokes,
            "(kind: Rock, shape: Stroke(radius: {:.1}, points: {}, erase: {})),",
            rng.range(5.0, 60.0),
            points(&path),
            i % 2 == 1
        );
    }
    map(&normal, &strokes, "", "")
}

/// A tiny grid under one piece 10⁶ units wide, and 10,000 circles.
fn pieces(rng: &mut Rng, push: &mut impl FnMut(&'static str, Kind, String)) {
    let tiny = head(
        1.0e6,
        1.0e6,
        1.0,
        &[(10.0, 10.0), (60.0, 10.0), (60.0, 60.0), (10.0, 60.0)],
    );
    let huge = [
        (
            "huge square",
            "(kind: Rock, shape: Polygon(points: [(0.0, 0.0), (1000000.0, 0.0), (1000000.0, 1000000.0), (0.0, 1000000.0)]))",
        ),
        (
            "huge circle",
            "(kind: Rock, shape: Circle(center: (500000.0, 500000.0), radius: 499990.0))",
        ),
        (
            "huge stroke",
            "(kind: Rock, shape: Stroke(radius: 400000.0, points: [(0.0, 0.0), (1000000.0, 1000000.0)]))",
        ),
        (
            "huge eraser",
            "(kind: Rock, shape: Stroke(radius: 10.0, points: [(30.0, 30.0)])), (kind: Rock, shape: Stroke(radius: 400000.0, points: [(0.0, 0.0), (1000000.0, 1000000.0)], erase: true))",
        ),
    ];
    for (name, terrain) in huge {
        push(name, Kind::Map, map(&tiny, terrain, "", ""));
    }
    let normal = head(2000.0, 2000.0, 10.0, &inset(2000.0, 2000.0, 10.0));
    let mut circles = String::new();
    for _ in 0..10_000 {
        let _ = write!(
            circles,
            "(kind: Rock, shape: Circle(center: ({:.2}, {:.2}), radius: {:.2})),",
            rng.range(0.0, 2000.0),
            rng.range(0.0, 2000.0),
            rng.range(1.0, 200.0)
        );
    }
    push("10,000 circles", Kind::Map, map(&normal, &circles, "", ""));
    push(
        "2,000 paint and erase strokes",
        Kind::Map,
        paint_and_erase(rng, 2_000),
    );
}

/// Features and zones at their limits on a grid of about 57,000 hexes, and a
/// scenario whose inline map has 50,000 zone entries on one hex.
fn features_and_zones(rng: &mut Rng, push: &mut impl FnMut(&'static str, Kind, String)) {
    let dense = head(2000.0, 2000.0, 5.2, &inset(2000.0, 2000.0, 5.2));
    let all = hexes(120, rng);
    let mut outposts = String::new();
    for (q, r) in &all[..50_000] {
        let _ = write!(outposts, "(hex: ({q}, {r}), kind: Outpost),");
    }
    push("50,000 Outposts", Kind::Map, map(&dense, "", &outposts, ""));
    let zone = |side: usize, hs: &[(i32, i32)]| {
        let list: Vec<String> = hs.iter().map(|(q, r)| format!("({q}, {r})")).collect();
        format!("(side: {side}, hexes: [{}]),", list.join(", "))
    };
    let overlapping: String = (0..64).map(|z| zone(z % 2, &all[..781])).collect();
    push(
        "64 zones of the same 781 hexes",
        Kind::Map,
        map(&dense, "", "", &overlapping),
    );
    let too_many: String = (0..65).map(|z| zone(z % 2, &all[z..=z])).collect();
    push("65 zones", Kind::Map, map(&dense, "", "", &too_many));
    let two: String = (0..2)
        .map(|z| zone(z, &all[z * 25_000..(z + 1) * 25_000]))
        .collect();
    push(
        "2 zones of 25,000 hexes",
        Kind::Map,
        map(&dense, "", "", &two),
    );
    let one_hex = zone(0, &vec![(0, 0); 50_000]);
    push(
        "50,000 zone entries on one hex",
        Kind::Map,
        map(&dense, "", "", &one_hex),
    );
    let mut bases = String::new();
    for (i, (q, r)) in all[..25_000].iter().enumerate() {
        let _ = write!(bases, "(hex: ({q}, {r}), kind: Base(side: {})),", i % 2);
    }
    let zones: String = (0..64)
        .map(|z| {
            let hs: Vec<(i32, i32)> = all[25_000..50_000]
                .iter()
                .skip(z)
                .step_by(64)
                .copied()
                .collect();
            zone(z % 2, &hs)
        })
        .collect();
    push(
        "25,000 bases against 64 zones",
        Kind::Map,
        map(&dense, "", &bases, &zones),
    );
    let inline = map(&dense, "", "", &one_hex);
    push(
        "scenario, 50,000 zone entries on one hex",
        Kind::Scenario,
        format!("(format: 1, map: Inline({}), seed: 1)\n", inline.trim_end()),
    );
}

/// A roster of `kinds` unit kinds in one race.
fn roster(kinds: usize) -> String {
    let mut units = String::new();
    for k in 0..kinds {
        let (class, extra) = if k == 0 {
            ("Commander", "penalty: Some(Wound(1))")
        } else {
            ("Soldier", "cost: Some(2)")
        };
        let _ = write!(
            units,
            "(name: \"U{k}\", class: {class}, health: 3, attack: 1, {extra}),"
        );
    }
    format!("(format: 1, name: \"Huge\", races: [(name: \"Many\", units: [{units}])])\n")
}

/// Concave polygons of 4,096 corners overlapping: the boolean engine's
/// budget ends them.
fn stars(rng: &mut Rng) -> String {
    let normal = head(2000.0, 2000.0, 10.0, &inset(2000.0, 2000.0, 10.0));
    let mut stars = String::new();
    for _ in 0..4 {
        let c = (rng.range(200.0, 1800.0), rng.range(200.0, 1800.0));
        let pts: Vec<(f64, f64)> = (0..4096)
            .map(|i| {
                let r = if i % 2 == 1 { 300.0 } else { 150.0 };
                let a = std::f64::consts::TAU * f64::from(i) / 4096.0;
                (c.0 + r * a.cos(), c.1 + r * a.sin())
            })
            .collect();
        let _ = write!(
            stars,
            "(kind: Rock, shape: Polygon(points: {})),",
            points(&pts)
        );
    }
    map(&normal, &stars, "", "")
}

/// 48 wavy simple polygons of 4,096 corners each, overlapping in a ring
/// over the grid: 196,608 corners, just under the map's vertex limit.
fn smooth_polygons() -> String {
    let normal = head(2000.0, 2000.0, 10.0, &inset(2000.0, 2000.0, 10.0));
    let mut polys = String::new();
    for k in 0..48 {
        let t = std::f64::consts::TAU * f64::from(k) / 48.0;
        let c = (1000.0 + 600.0 * t.cos(), 1000.0 + 600.0 * t.sin());
        let pts: Vec<(f64, f64)> = (0..4096)
            .map(|i| {
                let a = std::f64::consts::TAU * f64::from(i) / 4096.0;
                let r = 120.0 + 30.0 * (9.0 * a).sin();
                (c.0 + r * a.cos(), c.1 + r * a.sin())
            })
            .collect();
        let _ = write!(
            polys,
            "(kind: Rock, shape: Polygon(points: {})),",
            points(&pts)
        );
    }
    map(&normal, &polys, "", "")
}

/// A pack of `count` maps, each a copy of a 1,000-corner map, written to
/// `dir` (the caller's temporary folder): the manifest's map limit, within
/// the pack's byte limit.
pub fn write_pack(dir: &std::path::Path, count: usize) -> std::io::Result<()> {
    let normal = head(1000.0, 1000.0, 10.0, &inset(1000.0, 1000.0, 10.0));
    let pts: Vec<(f64, f64)> = (0..1000)
        .map(|i| {
            let a = std::f64::consts::TAU * f64::from(i) / 1000.0;
            let r = 300.0 + 80.0 * (7.0 * a).sin();
            (500.0 + r * a.cos(), 500.0 + r * a.sin())
        })
        .collect();
    let text = map(
        &normal,
        &format!("(kind: Rock, shape: Polygon(points: {})),", points(&pts)),
        "",
        "",
    );
    std::fs::create_dir_all(dir)?;
    let mut names = Vec::new();
    for k in 0..count {
        let name = format!("m{k}.ron");
        std::fs::write(dir.join(&name), &text)?;
        names.push(format!("\"{name}\""));
    }
    std::fs::write(
        dir.join("pack.ron"),
        format!(
            "(format: 1, name: \"Big\", version: \"1\", author: \"\", description: \"\", maps: [{}])\n",
            names.join(", ")
        ),
    )
}

/// `n` brush strokes of `points` points `step` apart with `radius`, on a
/// 2000 × 2000 area.
fn brushes(rng: &mut Rng, n: usize, points_each: usize, step: f64, radius: f64) -> String {
    let normal = head(2000.0, 2000.0, 10.0, &inset(2000.0, 2000.0, 10.0));
    let mut strokes = String::new();
    for _ in 0..n {
        let path = walk(rng, points_each, step, (1000.0, 1000.0));
        let _ = write!(
            strokes,
            "(kind: Rock, shape: Stroke(radius: {radius:?}, points: {})),",
            points(&path)
        );
    }
    map(&normal, &strokes, "", "")
}

/// `n` brush strokes of `points_each` points that jump anywhere on a
/// 2000 × 2000 area (each part a capsule as long as the map), radii from
/// `radii`, every `erase_every`-th an eraser.
pub fn jumps(
    rng: &mut Rng,
    n: usize,
    points_each: usize,
    radii: (f64, f64),
    erase_every: usize,
) -> String {
    let normal = head(2000.0, 2000.0, 10.0, &inset(2000.0, 2000.0, 10.0));
    let mut strokes = String::new();
    for i in 0..n {
        let path: Vec<(f64, f64)> = (0..points_each)
            .map(|_| (rng.range(0.0, 2000.0), rng.range(0.0, 2000.0)))
            .collect();
        let _ = write!(
            strokes,
            "(kind: Rock, shape: Stroke(radius: {:.1}, points: {}, erase: {})),",
            rng.range(radii.0, radii.1),
            points(&path),
            i % erase_every == erase_every - 1
        );
    }
    map(&normal, &strokes, "", "")
}

/// `n` polygons of `corners` random corners each: tangles whose edges cross
/// everywhere.
fn tangles(rng: &mut Rng, n: usize, corners: usize) -> String {
    let normal = head(2000.0, 2000.0, 10.0, &inset(2000.0, 2000.0, 10.0));
    let mut polys = String::new();
    for _ in 0..n {
        let pts: Vec<(f64, f64)> = (0..corners)
            .map(|_| (rng.range(0.0, 2000.0), rng.range(0.0, 2000.0)))
            .collect();
        let _ = write!(
            polys,
            "(kind: Rock, shape: Polygon(points: {})),",
            points(&pts)
        );
    }
    map(&normal, &polys, "", "")
}

/// Every hostile input. `heavy` adds the ones that take seconds in an
/// unoptimised build (for the benchmark).
#[must_use]
pub fn inputs(heavy: bool) -> Vec<Input> {
    let mut rng = Rng(17);
    let mut out = Vec::new();
    let mut push = |name, kind, text| out.push(Input { name, kind, text });
    pieces(&mut rng, &mut push);
    features_and_zones(&mut rng, &mut push);
    // Rosters: 65,540 kinds (beyond 16-bit ids), and one race of 4,096.
    push("roster of 65,540 kinds", Kind::Roster, roster(65_540));
    push("roster of 4,096 kinds", Kind::Roster, roster(4_096));
    // Past the stroke and polygon limits: refused before any work.
    push(
        "600 brush points piled up",
        Kind::Map,
        brushes(&mut rng, 1, 600, 0.5, 200.0),
    );
    push(
        "a tangle of 4,096 corners",
        Kind::Map,
        tangles(&mut rng, 1, 4096),
    );
    // Strokes whose points jump across the map: few overlaps between
    // neighbouring points, but every part reaches over the whole map.
    push(
        "48 strokes of 4,096 points jumping across the map",
        Kind::Map,
        jumps(&mut rng, 48, 4096, (20.0, 20.0), 3),
    );
    push(
        "10,000 strokes of 19 points jumping, radii 20 to 200",
        Kind::Map,
        jumps(&mut rng, 10_000, 19, (20.0, 200.0), 2),
    );
    if heavy {
        // At the limits: the worst accepted inputs.
        push(
            "winding brush strokes at the crossing limit (7,000 points)",
            Kind::Map,
            brushes(&mut rng, 2, 3500, 6.0, 15.0),
        );
        push(
            "7 tangles of 512 corners (at the crossing limit)",
            Kind::Map,
            tangles(&mut rng, 7, 512),
        );
        push("4 stars of 4,096 corners", Kind::Map, stars(&mut rng));
        push(
            "48 polygons of 4,096 corners (the vertex limit)",
            Kind::Map,
            smooth_polygons(),
        );
        push(
            "jumping strokes at the reach limit (6 of 45 points)",
            Kind::Map,
            jumps(&mut rng, 6, 45, (20.0, 20.0), 3),
        );
        push(
            "10,000 paint and erase strokes",
            Kind::Map,
            paint_and_erase(&mut rng, 10_000),
        );
    }
    out
}
