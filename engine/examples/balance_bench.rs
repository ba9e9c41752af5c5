//! The balance assistant's benchmark: lopsided variants of the bundled
//! maps (features moved towards one side, a base moved, bushes piled on one
//! side; two, three and four players), each run through
//! [`hexwright_engine::fix`], with the verdict before, the edits, the
//! verdict after, the matches and the time, and the share certified fair.
//!
//! ```text
//! cargo run --release -p hexwright-engine --example balance_bench            # every variant
//! cargo run --release -p hexwright-engine --example balance_bench -- twin    # names containing "twin"
//! ```
//!
//! Each variant is built deterministically from its map; the assistant's
//! seeds are its defaults. Run it in the background: a variant takes from
//! seconds (greedy, two players) to minutes.

use hexwright_engine::coverage::Coverage;
use hexwright_engine::fix::{self, Ending, Options};
use hexwright_engine::format;
use hexwright_engine::map::{FeatureKind, Map};
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::Roster;
use std::path::Path;
use std::time::Instant;

/// A named variant of a bundled map.
struct Variant {
    name: String,
    map: Map,
}

fn bundled(file: &str) -> Map {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    format::load_map(&dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Moves the `k`-th feature of `kind` (in file order) one hex towards side
/// 0's zone, where the hex is free and usable.
fn towards_side0(map: &mut Map, kind: FeatureKind, k: usize, steps: u32) {
    let coverage = Coverage::new(map).expect("bundled");
    let Some(zone) = map.zone_of(PlayerId(0)).map(|z| z.hexes[0]) else {
        return;
    };
    let Some(i) = map
        .features
        .iter()
        .enumerate()
        .filter(|(_, f)| f.kind == kind)
        .nth(k)
        .map(|(i, _)| i)
    else {
        return;
    };
    for _ in 0..steps {
        let at = map.features[i].hex;
        let next = at
            .all_neighbors()
            .into_iter()
            .filter(|&h| {
                coverage.is_usable(h)
                    && map.feature_at(h).is_none()
                    && map.zones.iter().all(|z| !z.hexes.contains(&h))
            })
            .min_by_key(|h| (h.unsigned_distance_to(zone), h.x, h.y));
        match next {
            Some(h) if h.unsigned_distance_to(zone) < at.unsigned_distance_to(zone) => {
                map.features[i].hex = h;
            }
            _ => break,
        }
    }
}

fn variants() -> Vec<Variant> {
    let mut out = Vec::new();
    let mut add = |name: &str, file: &str, edit: &dyn Fn(&mut Map)| {
        let mut map = bundled(file);
        edit(&mut map);
        name.clone_into(&mut map.meta.name);
        out.push(Variant {
            name: name.to_owned(),
            map,
        });
    };
    for (file, short) in [
        ("twin-fords.ron", "twin"),
        ("ember-isles.ron", "ember"),
        ("broken-crown.ron", "crown"),
    ] {
        add(&format!("{short}: as bundled"), file, &|_| {});
        add(
            &format!("{short}: an objective 3 hexes towards side 0"),
            file,
            &|m| {
                towards_side0(m, FeatureKind::Objective, 0, 3);
            },
        );
        add(
            &format!("{short}: two objectives 2 hexes towards side 0"),
            file,
            &|m| {
                towards_side0(m, FeatureKind::Objective, 0, 2);
                towards_side0(m, FeatureKind::Objective, 1, 2);
            },
        );
        add(
            &format!("{short}: an Outpost 2 hexes towards side 0"),
            file,
            &|m| {
                towards_side0(m, FeatureKind::Outpost, 0, 2);
            },
        );
    }
    for (file, short) in [
        ("three-passes.ron", "passes"),
        ("four-corners.ron", "corners"),
    ] {
        add(&format!("{short}: as bundled"), file, &|_| {});
        add(
            &format!("{short}: an objective 3 hexes towards side 0"),
            file,
            &|m| {
                towards_side0(m, FeatureKind::Objective, 0, 3);
            },
        );
    }
    out
}

fn main() {
    let filter = std::env::args().nth(1).unwrap_or_default();
    let roster = Roster::bundled();
    let opts = Options {
        date: "bench".to_owned(),
        ..Options::default()
    };
    println!("| variant | before | edits | after | matches | time |");
    println!("|---|---|---|---|---|---|");
    let (mut runs, mut certified) = (0_u32, 0_u32);
    for v in variants().into_iter().filter(|v| v.name.contains(&filter)) {
        let start = Instant::now();
        let result = fix::fix(&v.map, &roster, &opts);
        let secs = start.elapsed().as_secs_f64();
        runs += 1;
        match result {
            Ok(f) => {
                let before = f
                    .attempts
                    .first()
                    .map_or_else(String::new, hexwright_engine::fix::Certification::sentence);
                let edits: Vec<String> = f.steps.iter().map(|s| s.edit.to_string()).collect();
                let ok = matches!(f.ending, Ending::AlreadyFair | Ending::Certified);
                certified += u32::from(ok);
                println!(
                    "| {} | {before} | {} | {} | {} | {secs:.1} s |",
                    v.name,
                    if edits.is_empty() {
                        "none".to_owned()
                    } else {
                        edits.join("; ")
                    },
                    f.verdict(),
                    f.matches
                );
                for s in &f.steps {
                    eprintln!("  {}: {}", v.name, s.sentence());
                }
                if let Some(s) = &f.rejected {
                    eprintln!("  {}: best rejected: {}", v.name, s.sentence());
                }
            }
            Err(e) => println!("| {} | error: {e} | | | | {secs:.1} s |", v.name),
        }
    }
    println!(
        "\nCertified fair at greedy level: {certified} of {runs} ({:.0}%)",
        100.0 * f64::from(certified) / f64::from(runs.max(1))
    );
}
