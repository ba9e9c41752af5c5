//! The worst accepted inputs of each limit, and inputs just past them:
//! how long loading, the usable-hex computation, validation, the summary
//! and the per-hex table (`info --hexes`) take on each (the target is at
//! most 2 s on the reference machine, 2 cores); and a pack of 1,000 maps
//! read and validated on every core, as `hexwright validate PACK` does;
//! and the worst brush-stroke maps of issue 60 (strokes side by side, through
//! one point, crossing themselves), each checked, computed or refused, and
//! its outlines drawn as the editor and `render` draw them.
//!
//! Run with `cargo bench -p hexwright-engine --bench hostile`.

#[path = "../tests/engine/support/hostile.rs"]
mod hostile;
#[path = "../tests/engine/support/strokes.rs"]
mod strokes;

use criterion::{Criterion, criterion_group, criterion_main};
use hexwright_engine::coverage::Coverage;
use hexwright_engine::format;
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::scenario::Scenario;
use hexwright_engine::summary::{self, Summary};
use hexwright_engine::validate;
use hostile::Kind;
use rayon::prelude::*;
use std::hint::black_box;
use std::path::Path;

/// Everything `hexwright validate` and `info` do with one file.
fn run(input: &hostile::Input) -> usize {
    match input.kind {
        Kind::Map => match format::parse_map(&input.text, input.name) {
            Ok(map) => match Coverage::new(&map) {
                Ok(coverage) => {
                    let findings = validate::validate(&map, &coverage);
                    black_box(Summary::new(&map, &coverage));
                    let table = summary::hex_table(&coverage);
                    black_box(serde_json::to_string(&table).map_or(0, |t| t.len()));
                    findings.len()
                }
                Err(e) => e.to_string().len(),
            },
            Err(e) => e.to_string().len(),
        },
        Kind::Roster => Roster::parse(&input.text, input.name).map_or(0, |r| r.kinds.len()),
        Kind::Scenario => Scenario::parse(&input.text, input.name)
            .and_then(|s| s.prepare(Path::new("."), &Roster::bundled(), input.name))
            .map_or(0, |_| 1),
    }
}

/// The stroke maps of issue 60 as it measured them, and the worst accepted
/// self-crossing strokes.
const STROKE_MAPS: [(&str, strokes::Family); 9] = [
    (
        "100 strokes side by side, radius 2, 0.1 apart",
        strokes::Family::SideBySide {
            n: 100,
            radius: 0.2,
            gap: 0.1,
            wavy: true,
        },
    ),
    (
        "100 strokes meeting at one hex corner, radius 2",
        strokes::Family::ThroughOne {
            n: 100,
            radius: 0.2,
            at: 1,
        },
    ),
    (
        "400 strokes through one point, radius 8",
        strokes::Family::ThroughOne {
            n: 400,
            radius: 0.8,
            at: 2,
        },
    ),
    (
        "100 strokes side by side, radius 8",
        strokes::Family::SideBySide {
            n: 100,
            radius: 0.8,
            gap: 0.01,
            wavy: true,
        },
    ),
    (
        "100 straight strokes side by side, radius 20",
        strokes::Family::SideBySide {
            n: 100,
            radius: 2.0,
            gap: 0.1,
            wavy: false,
        },
    ),
    (
        "200 copies of one stroke, each moved up to 0.01",
        strokes::Family::Repeated {
            n: 200,
            radius: 0.5,
            jitter: Some(0.01),
        },
    ),
    (
        "199 strokes painting and erasing one path",
        strokes::Family::PaintErase {
            n: 199,
            radius: 0.5,
            end_erased: false,
        },
    ),
    (
        "one stroke of 180 parts through one point",
        strokes::Family::Asterisk {
            n: 180,
            radius: 2.0,
        },
    ),
    (
        "one stroke retracing its path 14 times",
        strokes::Family::Retrace {
            laps: 14,
            radius: 0.5,
        },
    ),
];

/// Everything `hexwright validate` does with a stroke map, and the outlines
/// the editor draws for it.
fn run_strokes(map: &hexwright_engine::map::Map) -> usize {
    if let Err(e) = map.check_limits() {
        return e.to_string().len();
    }
    let layout = map.hex_layout();
    let rings: usize = map
        .terrain
        .iter()
        .map(|p| {
            hexwright_engine::map::shape::prepare_shape(&p.shape, &layout)
                .rings
                .len()
        })
        .sum();
    match Coverage::new(map) {
        Ok(coverage) => rings + validate::validate(map, &coverage).len(),
        Err(e) => rings + e.to_string().len(),
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("hostile");
    group.sample_size(10);
    for input in hostile::inputs(true) {
        group.bench_function(input.name, |b| b.iter(|| black_box(run(&input))));
    }
    // `validate PACK` on a pack at the map limit: every map loaded, its
    // usable hexes computed and validated.
    let dir = std::env::temp_dir().join(format!("hexwright-bench-pack-{}", std::process::id()));
    if hostile::write_pack(&dir, hexwright_engine::limits::MAX_PACK_MAPS).is_ok() {
        group.bench_function("pack of 1,000 maps", |b| {
            b.iter(|| {
                let p = hexwright_engine::pack::load_pack(&dir).map_or(0, |p| {
                    // In parallel, as `hexwright validate PACK` does.
                    p.entries
                        .par_iter()
                        .filter_map(|e| e.map.as_ref()?.as_ref().ok())
                        .map(|m| Coverage::new(m).map_or(1, |c| validate::validate(m, &c).len()))
                        .sum::<usize>()
                });
                black_box(p)
            });
        });
    }
    std::fs::remove_dir_all(&dir).ok();
    group.finish();
    let mut group = c.benchmark_group("worst stroke maps");
    group.sample_size(10);
    for (name, family) in STROKE_MAPS {
        let map = strokes::stroke_family(&family);
        group.bench_function(name, |b| b.iter(|| black_box(run_strokes(&map))));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
