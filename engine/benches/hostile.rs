//! The worst accepted inputs of each limit, and inputs just past them:
//! how long loading, the usable-hex computation, validation, the summary
//! and the per-hex table (`info --hexes`) take on each (the target is at
//! most 2 s on the reference machine, 2 cores); and a pack of 1,000 maps
//! read and validated on every core, as `hexwright validate PACK` does.
//!
//! Run with `cargo bench -p hexwright-engine --bench hostile`.

#[path = "../tests/engine/support/hostile.rs"]
mod hostile;

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
}

criterion_group!(benches, bench);
criterion_main!(benches);
