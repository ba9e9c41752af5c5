//! The map generator, one core: `cargo bench -p hexwright-engine --bench
//! generate`.
//!
//! - `generate/4p_1500_STYLE`: a four-player map of about 1,500 grid hexes
//!   in each style, symmetric in both mirrors (the target: at most
//!   50 ms).
//! - `generate/4p_1500_asymmetric`: the same size with no symmetry (every
//!   side placed on its own).
//! - `generate/2p_default`: the two-player defaults.

use criterion::{Criterion, criterion_group, criterion_main};
use hexwright_engine::map::generate::{Params, Size, Style, generate};
use hexwright_engine::symmetry::Mode;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("generate");
    for style in Style::ALL {
        let params = Params {
            size: Size::Hexes(1500),
            style,
            ..Params::new(4)
        };
        let mut seed = 0u64;
        g.bench_function(format!("4p_1500_{style}"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(generate(&params, seed).expect("valid parameters"))
            });
        });
    }
    let params = Params {
        size: Size::Hexes(1500),
        symmetry: Mode::Off,
        style: Style::Rivers,
        ..Params::new(4)
    };
    let mut seed = 0u64;
    g.bench_function("4p_1500_asymmetric", |b| {
        b.iter(|| {
            seed += 1;
            black_box(generate(&params, seed).expect("valid parameters"))
        });
    });
    let params = Params::new(2);
    let mut seed = 0u64;
    g.bench_function("2p_default", |b| {
        b.iter(|| {
            seed += 1;
            black_box(generate(&params, seed).expect("valid parameters"))
        });
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
