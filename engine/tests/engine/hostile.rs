//! Hostile inputs at the limits get a result or a clear error, never a
//! panic: maps through loading, coverage, validation and the summary;
//! rosters through their checks; a scenario through `prepare`. How long
//! each takes is measured by the `hostile` benchmark, not here.

#[path = "support/hostile.rs"]
mod support;

use hexwright_engine::coverage::Coverage;
use hexwright_engine::format;
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::scenario::Scenario;
use hexwright_engine::summary::Summary;
use hexwright_engine::validate;
use std::path::Path;
use support::{Kind, inputs};

/// What one input came to: `Ok(detail)` or `Err(message)`.
fn outcome(input: &support::Input) -> Result<String, String> {
    match input.kind {
        Kind::Map => {
            let map = format::parse_map(&input.text, input.name).map_err(|e| e.to_string())?;
            let coverage = Coverage::new(&map).map_err(|e| e.to_string())?;
            let findings = validate::validate(&map, &coverage);
            let summary = Summary::new(&map, &coverage);
            Ok(format!("{} findings, {summary:?}", findings.len())
                .chars()
                .take(200)
                .collect())
        }
        Kind::Roster => Roster::parse(&input.text, input.name)
            .map(|r| format!("{} kinds", r.kinds.len()))
            .map_err(|e| e.to_string()),
        Kind::Scenario => {
            let s = Scenario::parse(&input.text, input.name).map_err(|e| e.to_string())?;
            s.prepare(Path::new("."), &Roster::bundled(), input.name)
                .map(|_| "prepared".to_string())
                .map_err(|e| e.to_string())
        }
    }
}

/// One pass over the inputs (building and checking them all takes seconds
/// in an unoptimised build).
#[test]
fn every_hostile_input_gets_a_result_or_an_error_that_names_the_limit() {
    for input in inputs(false) {
        let result = outcome(&input);
        match (input.name, &result) {
            ("65 zones", Err(e)) => {
                assert!(e.contains("65 starting zones; the limit is 64"), "{e}");
            }
            ("roster of 65,540 kinds", Err(e)) => {
                assert!(e.contains("65540 unit kinds; the limit is 4096"), "{e}");
            }
            ("scenario, 50,000 zone entries on one hex", Err(e)) => {
                assert!(e.contains("validation error"), "{e}");
            }
            ("600 brush points piled up", Err(e)) => {
                assert!(e.contains("brush strokes are too dense"), "{e}");
            }
            ("a tangle of 4,096 corners", Err(e)) => {
                assert!(e.contains("cross themselves"), "{e}");
            }
            (_, Ok(_)) => {}
            (name, Err(e)) => panic!("{name}: unexpected error {e}"),
        }
        if matches!(
            input.name,
            "65 zones"
                | "roster of 65,540 kinds"
                | "scenario, 50,000 zone entries on one hex"
                | "600 brush points piled up"
                | "a tangle of 4,096 corners"
        ) {
            assert!(result.is_err(), "{}: accepted", input.name);
        }
    }
}

/// A pack of maps at the benchmark's size: each map loads and validates,
/// and 1,000 of them (the manifest's limit) stay within the pack's byte
/// limit, so `validate PACK` reads them all.
#[test]
fn a_pack_of_many_maps_loads_map_by_map() {
    let dir = std::env::temp_dir().join(format!("hexwright-hostile-pack-{}", std::process::id()));
    support::write_pack(&dir, 20).unwrap();
    let pack = hexwright_engine::pack::load_pack(&dir).unwrap();
    assert_eq!(pack.entries.len(), 20);
    for e in &pack.entries {
        let map = e.map.as_ref().unwrap().as_ref().unwrap();
        let coverage = Coverage::new(map).unwrap();
        assert!(coverage.usable_count() > 0);
    }
    let one = std::fs::metadata(dir.join("m0.ron")).unwrap().len();
    assert!(
        one * hexwright_engine::limits::MAX_PACK_MAPS as u64
            <= hexwright_engine::limits::MAX_PACK_BYTES,
        "1,000 maps of {one} bytes exceed the pack limit"
    );
    std::fs::remove_dir_all(&dir).ok();
}
