//! `docs/formats.md` cannot rot: its first `ron` block is a complete valid
//! map, its last one a valid pack manifest, and the constants and limits it
//! quotes are the engine's.

use hexwright_engine::coverage::{Coverage, USABLE_TOLERANCE};
use hexwright_engine::map::{self, TerrainShape};
use hexwright_engine::{format, limits, pack, validate};

const DOC: &str = include_str!("../../../docs/formats.md");

/// The contents of every fenced block marked `ron`, in order.
fn ron_blocks() -> Vec<String> {
    blocks_of("ron")
}

/// The contents of every fenced block marked `lang`, in order.
fn blocks_of(lang: &str) -> Vec<String> {
    let fence = format!("```{lang}");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in DOC.lines() {
        match current.as_mut() {
            None if line.trim() == fence => current = Some(String::new()),
            None => {}
            Some(_) if line.trim() == "```" => blocks.extend(current.take()),
            Some(text) => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    assert!(
        current.is_none(),
        "unclosed {lang} block in docs/formats.md"
    );
    blocks
}

/// The shard file example is a shard file the engine reads, with the slice
/// bounds the text gives.
#[test]
fn example_shard_file_parses() {
    let blocks = blocks_of("json");
    let text = blocks.first().expect("docs/formats.md shows a shard file");
    let f: hexwright_engine::shard::ShardFile = serde_json::from_str(text).unwrap();
    assert_eq!(
        (f.format, f.shard, f.shards),
        (hexwright_engine::shard::SHARD_FORMAT, 0, 3)
    );
    let slice = hexwright_engine::shard::Shard { index: 0, count: 3 }.range(f.batch.matches);
    assert_eq!(slice.len(), 100, "the text says the first of its 100 rows");
    assert_eq!(f.rows[0].index, slice.start);
    assert!(DOC.contains(&format!(
        "{} MiB",
        hexwright_engine::shard::MAX_SHARD_BYTES >> 20
    )));
}

#[test]
fn example_map_parses_and_is_valid() {
    let blocks = ron_blocks();
    let text = blocks.first().expect("docs/formats.md has a ron block");
    let map = format::parse_map(text, "docs/formats.md").unwrap_or_else(|e| panic!("{e}"));

    // It shows every shape, the eraser, and every kind of feature it talks about.
    let shapes = |f: fn(&TerrainShape) -> bool| map.terrain.iter().filter(|t| f(&t.shape)).count();
    assert!(shapes(|s| matches!(s, TerrainShape::Polygon { .. })) > 0);
    assert!(shapes(|s| matches!(s, TerrainShape::Circle { .. })) > 0);
    assert!(shapes(|s| matches!(s, TerrainShape::Stroke { erase: false, .. })) > 0);
    assert!(shapes(TerrainShape::is_eraser) > 0);
    assert_eq!(map.zones.len(), 2);

    // It is a complete map: `hexwright validate` finds nothing.
    let coverage = Coverage::new(&map).unwrap();
    let findings = validate::validate(&map, &coverage);
    assert!(
        findings.is_empty(),
        "the example map has findings: {findings:#?}"
    );

    // The terrain matters, and so do the erasers.
    assert!(coverage.usable_count() < coverage.hexes().len());
    let mut unerased = map.clone();
    unerased.terrain.retain(|t| !t.shape.is_eraser());
    let unerased = Coverage::new(&unerased).unwrap();
    let free = |c: &Coverage| {
        c.hexes()
            .iter()
            .map(|&h| c.free_fraction(h).unwrap())
            .sum::<f64>()
    };
    assert!(free(&coverage) > free(&unerased) + 0.1);

    // Its canonical text round-trips exactly.
    let canonical = format::to_ron_string(&map).unwrap();
    let back = format::parse_map(&canonical, "canonical").unwrap();
    assert_eq!(back, map);
    assert_eq!(format::to_ron_string(&back).unwrap(), canonical);
}

#[test]
fn example_manifest_parses() {
    let blocks = ron_blocks();
    assert!(
        blocks.len() >= 2,
        "docs/formats.md shows a map and a manifest"
    );
    let text = blocks.last().unwrap();
    let manifest = pack::Manifest::parse(text, "docs/formats.md").unwrap_or_else(|e| panic!("{e}"));
    assert!(!manifest.maps.is_empty());
    assert!(
        manifest.check_paths().is_empty(),
        "{:?}",
        manifest.check_paths()
    );
}

#[test]
fn example_scenario_parses() {
    let blocks = ron_blocks();
    let text = blocks
        .iter()
        .find(|b| b.contains("opening:"))
        .expect("docs/formats.md shows a scenario with an opening");
    let s = hexwright_engine::rules::scenario::Scenario::parse(text, "docs/formats.md")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.seed, 7);
    assert_eq!(s.armies.as_ref().map(Vec::len), Some(2));
    assert_eq!(s.seats, ["human", "greedy"]);
    assert_eq!(s.opening.len(), 2);
    assert_eq!(s.opening[1], hexwright_engine::rules::Command::EndTurn);
    // Saved again it is written in format 2, and reads back the same.
    let text = hexwright_engine::format::to_ron_string(&s).unwrap();
    assert!(text.contains("format: 2,"), "{text}");
    let back = hexwright_engine::rules::scenario::Scenario::parse(&text, "again").unwrap();
    assert_eq!(back, s);
}

#[test]
fn the_format_one_scenario_example_still_reads() {
    let blocks = ron_blocks();
    let text = blocks
        .iter()
        .find(|b| b.contains("format: 1,") && b.contains("armies: Some(("))
        .expect("docs/formats.md shows a format-1 scenario");
    let s = hexwright_engine::rules::scenario::Scenario::parse(text, "docs/formats.md")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.format, 2, "read into format 2");
    let armies = s.armies.expect("two armies");
    assert_eq!(
        (armies[0].race.as_str(), armies[1].race.as_str()),
        ("Dawnguard", "Mirefolk")
    );
    assert!(s.seats.is_empty());
}

/// The second cell of the table row for `name`, without spaces.
fn table_value(name: &str) -> String {
    let prefix = format!("| `{name}`");
    let row = DOC
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no table row for {name}"));
    row.split('|').nth(2).unwrap().replace(' ', "")
}

#[test]
fn documented_constants_match_the_engine() {
    assert!(DOC.contains(&format!("`CIRCLE_SEGMENTS` = **{}**", map::CIRCLE_SEGMENTS)));
    assert!(
        hexwright_engine::disc::TESSELLATION_ERROR.to_bits() == 1e-8_f64.to_bits()
            && DOC.contains("`10⁻⁸·A` (`disc::TESSELLATION_ERROR`)")
            && DOC.contains("(24·10⁻⁸·A/r²)^⅓")
    );
    assert!(DOC.contains(&format!("`BRUSH_SEGMENTS` = **{}**", map::BRUSH_SEGMENTS)));
    assert!(
        USABLE_TOLERANCE.to_bits() == 1e-6_f64.to_bits()
            && DOC.contains("`USABLE_TOLERANCE` = 10⁻⁶")
    );
    assert!(map::FORMAT_VERSION == 1 && DOC.contains("only `1` is accepted"));

    assert!(table_value("MAX_FILE_BYTES").contains(&format!("({}bytes)", limits::MAX_FILE_BYTES)));
    assert!(table_value("MAX_PACK_BYTES").contains(&format!("({}bytes)", limits::MAX_PACK_BYTES)));
    assert_eq!(table_value("MAX_COORD"), format!("{}", limits::MAX_COORD));
    let sizes = table_value("MIN_HEX_SIZE");
    assert_eq!(
        sizes,
        format!("{}and{}", limits::MIN_HEX_SIZE, limits::MAX_HEX_SIZE)
    );
    for (name, value) in [
        ("MAX_RING_VERTICES", limits::MAX_RING_VERTICES),
        ("MAX_TOTAL_VERTICES", limits::MAX_TOTAL_VERTICES),
        ("MAX_PIECES", limits::MAX_PIECES),
        ("MAX_FEATURES", limits::MAX_FEATURES),
        ("MAX_GRID_HEXES", limits::MAX_GRID_HEXES),
        ("MAX_PACK_MAPS", limits::MAX_PACK_MAPS),
        ("MAX_NESTING", limits::MAX_NESTING),
    ] {
        assert_eq!(table_value(name), value.to_string(), "{name}");
    }
}
