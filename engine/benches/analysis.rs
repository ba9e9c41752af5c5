//! The map analysis, recomputed as the editor does on every edit, one core:
//! `cargo bench -p hexwright-engine --bench analysis`.
//!
//! - `analysis/large_4p`: a 4-player map of about 1,500 usable hexes with
//!   40 objectives, 16 bushes and ridges of rock (the target:
//!   at most 20 ms).
//! - `analysis/four_corners`: the bundled 4-player map.

use criterion::{Criterion, criterion_group, criterion_main};
use hexwright_engine::Hex;
use hexwright_engine::analysis::{Analysis, Movement};
use hexwright_engine::coverage::Coverage;
use hexwright_engine::format;
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::{
    Feature, FeatureKind, HexList, Map, TerrainKind, TerrainPiece, TerrainShape, Zone,
};
use hexwright_engine::player::PlayerId;
use std::hint::black_box;
use std::path::Path;

/// About 1,500 usable hexes: four corner camps, rock ridges with gaps,
/// 40 objectives on a lattice, 16 bushes.
fn large_map() -> Map {
    let mut map =
        Map::new_empty("bench", Orientation::Pointy, 10.0, 760.0, 620.0).expect("an area");
    map.players = 4;
    let grid = Coverage::new(&map).expect("an empty map").usable_hexes();
    let (q0, q1) = (
        grid.iter().map(|h| h.x + h.y / 2).min().unwrap_or(0),
        grid.iter().map(|h| h.x + h.y / 2).max().unwrap_or(0),
    );
    let (r0, r1) = (
        grid.iter().map(|h| h.y).min().unwrap_or(0),
        grid.iter().map(|h| h.y).max().unwrap_or(0),
    );
    let col = |h: &Hex| h.x + h.y / 2 - q0;
    let row = |h: &Hex| h.y - r0;
    // Ridges every 9 columns, each with two gaps.
    let rock: Vec<Hex> = grid
        .iter()
        .copied()
        .filter(|h| col(h) % 9 == 4 && row(h) % 12 > 2 && row(h) % 12 < 10)
        .collect();
    map.terrain.push(TerrainPiece {
        kind: TerrainKind::Rock,
        shape: TerrainShape::Hexes {
            hexes: HexList::new(rock.iter().copied()).expect("grid hexes"),
        },
    });
    let free: Vec<Hex> = grid.iter().copied().filter(|h| !rock.contains(h)).collect();
    let corner = |cq: i32, cr: i32| {
        let mut near = free.clone();
        near.sort_by_key(|h| ((col(h) - cq).abs() + (row(h) - cr).abs(), h.y, h.x));
        near
    };
    let (w, h) = (q1 - q0, r1 - r0);
    let mut taken: Vec<Hex> = Vec::new();
    for (side, (cq, cr)) in [(1, 1), (w - 1, h - 1), (w - 1, 1), (1, h - 1)]
        .into_iter()
        .enumerate()
    {
        let near = corner(cq, cr);
        let base = near[0];
        let zone: Vec<Hex> = near[1..11].to_vec();
        taken.extend(&near[..11]);
        map.features.push(Feature {
            hex: base,
            kind: FeatureKind::Base {
                side: PlayerId(side as u8),
            },
        });
        map.zones.push(Zone {
            side: PlayerId(side as u8),
            hexes: zone,
        });
    }
    let spots: Vec<Hex> = free
        .iter()
        .copied()
        .filter(|h| !taken.contains(h) && col(h) % 6 == 2 && row(h) % 5 == 2)
        .collect();
    for (i, &hex) in spots.iter().enumerate() {
        let kind = if i % 5 == 4
            && map
                .features
                .iter()
                .filter(|f| f.kind == FeatureKind::Bush)
                .count()
                < 16
        {
            FeatureKind::Bush
        } else if map
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Objective)
            .count()
            < 40
        {
            FeatureKind::Objective
        } else {
            continue;
        };
        map.features.push(Feature { hex, kind });
    }
    map
}

fn bench(c: &mut Criterion) {
    let map = large_map();
    let coverage = Coverage::new(&map).expect("the bench map");
    let usable = coverage.usable_hexes().len();
    let objectives = map
        .features
        .iter()
        .filter(|f| f.kind == FeatureKind::Objective)
        .count();
    assert!((1400..=1700).contains(&usable), "{usable} usable hexes");
    assert_eq!(objectives, 40);
    eprintln!("large_4p: {usable} usable hexes, {objectives} objectives");
    let mut g = c.benchmark_group("analysis");
    g.bench_function("large_4p", |b| {
        b.iter(|| Analysis::new(black_box(&map), &coverage, Movement::PHASE));
    });
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let four = format::load_map(&maps.join("four-corners.ron")).expect("bundled map");
    let four_cov = Coverage::new(&four).expect("bundled map");
    g.bench_function("four_corners", |b| {
        b.iter(|| Analysis::new(black_box(&four), &four_cov, Movement::PHASE));
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
