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
            (
                "48 strokes of 4,096 points jumping across the map"
                | "10,000 strokes of 19 points jumping, radii 20 to 200",
                Err(e),
            ) => {
                assert!(e.contains("reach over too much of the map"), "{e}");
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
                | "48 strokes of 4,096 points jumping across the map"
                | "10,000 strokes of 19 points jumping, radii 20 to 200"
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

/// Zip entries spelled two ways for one file (`d/a.ron`, `d//a.ron`,
/// `d/./a.ron`) are one name: refused as a repeat, not unpacked over each
/// other. Names with control characters are refused, and shown escaped.
#[test]
fn zip_names_are_normalised_before_they_are_compared() {
    use hexwright_engine::pack_zip;
    use std::io::Write as _;
    let dir = std::env::temp_dir().join(format!("hexwright-zipnames-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, entries: &[&str]| {
        let path = dir.join(name);
        let mut w = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
        w.start_file("pack.ron", zip::write::SimpleFileOptions::default())
            .unwrap();
        w.write_all(b"(format: 1, name: \"P\", version: \"1\", maps: [\"d/a.ron\"])")
            .unwrap();
        for (i, e) in entries.iter().enumerate() {
            w.start_file(*e, zip::write::SimpleFileOptions::default())
                .unwrap();
            w.write_all(format!("map {i}").as_bytes()).unwrap();
        }
        w.finish().unwrap();
        path
    };
    for second in ["d//a.ron", "d/./a.ron"] {
        let e = pack_zip::read_zip(&write("two.zip", &["d/a.ron", second]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("appears twice"), "{second}: {e}");
    }
    let files = pack_zip::read_zip(&write("one.zip", &["d/./a.ron"])).unwrap();
    assert!(files.iter().any(|(n, _)| n == "d/a.ron"), "{files:?}");
    let e = pack_zip::read_zip(&write("bell.zip", &["d/\u{7}\u{1b}[2J\n.ron"]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("control character"), "{e}");
    assert!(!e.chars().any(char::is_control), "shown escaped: {e:?}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Shard files are checked one by one as they are added: a shard given
/// twice is refused when the second copy comes, before it is kept, and a
/// forged slice count is refused before anything is built from it.
#[test]
fn a_merge_keeps_at_most_one_copy_of_each_shard() {
    use hexwright_engine::shard::{BatchId, MergeError, Merger, SHARD_FORMAT, ShardFile};
    let file = |shard, shards| ShardFile {
        format: SHARD_FORMAT,
        batch: BatchId {
            ruleset: "akw-rules-v1".into(),
            map: "0".into(),
            roster: "0".into(),
            setup: "0".into(),
            bots: vec!["greedy".into(), "random".into()],
            seed: 1,
            matches: 0,
            round_limit: 60,
        },
        shard,
        shards,
        seconds: 0.0,
        rows: Vec::new(),
        wave: None,
    };
    let mut m = Merger::default();
    m.add("a".into(), file(0, 2)).unwrap();
    let e = m.add("b".into(), file(0, 2)).unwrap_err();
    assert!(matches!(e, MergeError::Doubled { .. }), "{e}");
    for shards in [0, usize::MAX, 1_000_000_000] {
        let e = Merger::default()
            .add("f".into(), file(0, shards))
            .unwrap_err();
        assert!(matches!(e, MergeError::Invalid { .. }), "{shards}: {e}");
    }
}

/// The balance assistant on a map too large to examine every change of
/// examines as many as its bound allows, spread over every kind of change,
/// so that a step's preparation stays in seconds. (The bound is set low
/// here to make a bundled map "large".)
#[test]
fn the_balance_assistant_examines_a_bounded_share_of_a_large_map() {
    use hexwright_engine::fix::{MAX_EXAMINED_HEXES, candidates};
    use hexwright_engine::map::symmetry::Symmetry;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/twin-fords.ron");
    let map = format::load_map(&path).unwrap();
    let coverage = Coverage::new(&map).unwrap();
    let hexes = coverage.hexes().len() as u64;
    let every = candidates(&map, &coverage, Symmetry::OFF, u64::MAX);
    assert!(every.len() > 24);
    let few = candidates(&map, &coverage, Symmetry::OFF, 24 * hexes);
    assert!(!few.is_empty() && few.len() <= 24, "{}", few.len());
    // Spread over the list: more than one kind of change.
    let kinds: std::collections::HashSet<_> = few
        .iter()
        .map(|c| std::mem::discriminant(&c.edit.change))
        .collect();
    assert!(kinds.len() > 1, "{kinds:?}");
    // The default lets a bundled map have more than half its changes
    // examined.
    assert!(MAX_EXAMINED_HEXES / hexes >= every.len() as u64 / 2);
}

/// Brush strokes whose points jump across the map (the two inputs of issue
/// 41: 48 strokes of 4,096 points, 172 s; 10,000 strokes of 19 points with
/// radii 20 to 200, 29 s) overlap their neighbours little, so the stroke
/// work passed them; their reach over the map's hexes is refused now,
/// before any coverage work, with the reason.
#[test]
fn strokes_that_jump_across_the_map_are_refused_by_their_reach() {
    let mut rng = support::Rng(41);
    for (what, text) in [
        (
            "48 x 4096",
            support::jumps(&mut rng, 48, 4096, (20.0, 20.0), 3),
        ),
        (
            "10000 x 19",
            support::jumps(&mut rng, 10_000, 19, (20.0, 200.0), 2),
        ),
    ] {
        let e = format::parse_map(&text, what).unwrap_err().to_string();
        assert!(e.contains("reach over too much of the map"), "{what}: {e}");
    }
    // Under the limit, strokes jumping across the map still load.
    let text = support::jumps(&mut rng, 6, 45, (20.0, 20.0), 3);
    let map = format::parse_map(&text, "6 x 45").unwrap();
    assert!(Coverage::new(&map).is_ok());
}
