//! Property tests over the hostile input surfaces: zipped packs, Tiled and
//! Wesnoth imports, shard and wave files, and output paths. Each draws
//! inputs near the shapes that broke before (names spelled two ways,
//! sizes whose product overflows, alias chains, forged rows, special
//! outputs) and mutates them; every one must come back as a result or an
//! error, never a panic, a hang or an unbounded allocation. Cases are few
//! by default so CI runs them in seconds; `PROPTEST_CASES=2000` digs
//! deeper.

use crate::common::{TempDir, proptest_config};
use hexwright_engine::format;
use hexwright_engine::import::tiled::{self, TiledOptions};
use hexwright_engine::import::wesnoth::{self, WesnothOptions};
use hexwright_engine::import::wesnoth_terrain::TerrainTable;
use hexwright_engine::pack_zip;
use hexwright_engine::shard::{self, ShardFile};
use proptest::prelude::*;
use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::OnceLock;

/// Entry names near the ones a zip must refuse or normalise.
fn entry_name() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("pack.ron".to_owned()),
        Just("a.ron".to_owned()),
        Just("d/a.ron".to_owned()),
        Just("d//a.ron".to_owned()),
        Just("d/./a.ron".to_owned()),
        Just("../a.ron".to_owned()),
        Just("/etc/a.ron".to_owned()),
        Just("d\\a.ron".to_owned()),
        Just("c:a.ron".to_owned()),
        Just("d/\u{7}\n.ron".to_owned()),
        Just("d/".to_owned()),
        "[a-z./]{1,12}",
    ]
}

proptest! {
    #![proptest_config(proptest_config(24))]

    /// Zips of hostile names and contents, then bit-flipped: read and
    /// unpacked into a folder, or refused; the folder holds only plain
    /// files inside it.
    #[test]
    fn zipped_packs_are_read_or_refused(
        entries in prop::collection::vec((entry_name(), prop::collection::vec(any::<u8>(), 0..64)), 1..6),
        flips in prop::collection::vec((any::<usize>(), any::<u8>()), 0..4),
    ) {
        let dir = TempDir::new("fuzz-zip");
        let path = dir.path().join("p.zip");
        let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        for (name, bytes) in &entries {
            if w.start_file(name.as_str(), zip::write::SimpleFileOptions::default()).is_ok() {
                w.write_all(bytes).unwrap();
            }
        }
        let mut bytes = w.finish().unwrap().into_inner();
        for (at, x) in flips {
            if !bytes.is_empty() {
                let i = at % bytes.len();
                bytes[i] ^= x;
            }
        }
        std::fs::write(&path, &bytes).unwrap();
        if let Ok(files) = pack_zip::read_zip(&path) {
            let out = dir.path().join("out");
            std::fs::create_dir_all(&out).unwrap();
            pack_zip::extract(&files, &out).unwrap();
            let mut names: Vec<&String> = files.iter().map(|(n, _)| n).collect();
            names.sort();
            names.dedup();
            prop_assert_eq!(names.len(), files.len(), "one name per file");
            for (name, _) in &files {
                let plain = std::path::Path::new(name)
                    .components()
                    .all(|c| matches!(c, std::path::Component::Normal(_)));
                prop_assert!(plain, "{}", name);
                prop_assert!(!name.chars().any(char::is_control));
            }
        }
    }

    /// Tiled maps with sizes up to 2^64, ids of every kind, compression and
    /// trailing bytes: imported or refused.
    #[test]
    fn tiled_maps_are_imported_or_refused(
        width in prop_oneof![1u64..6, Just(4_294_967_296), Just(u64::MAX), any::<u64>()],
        height in prop_oneof![1u64..6, Just(4_294_967_296), any::<u64>()],
        gids in prop::collection::vec(prop_oneof![
            "[0-9]{1,3}", Just("-1".to_owned()), Just("rock".to_owned()),
            Just("99999999999".to_owned()), Just("4294967295".to_owned()),
        ], 0..12),
        firstgid in prop_oneof![Just("1".to_owned()), Just("-3".to_owned()), Just("0".to_owned()), Just("4294967295".to_owned())],
        cut in any::<bool>(),
        json in any::<bool>(),
    ) {
        let text = if json {
            format!(
                r#"{{"orientation":"hexagonal","width":{width},"height":{height},"tilewidth":14,"tileheight":12,"hexsidelength":6,"staggeraxis":"y","staggerindex":"odd","tilesets":[{{"firstgid":{firstgid},"tiles":[{{"id":4294967295,"properties":[{{"name":"hexwright","value":"rock"}}]}}]}}],"layers":[{{"type":"tilelayer","name":"L","data":[{}]}}]}}"#,
                gids.iter().filter(|g| g.parse::<i64>().is_ok()).cloned().collect::<Vec<_>>().join(",")
            )
        } else {
            let tiles = gids.iter().fold(String::new(), |mut t, g| {
                let _ = write!(t, r#"<tile gid="{g}"/>"#);
                t
            });
            let t = format!(
                r#"<map orientation="hexagonal" width="{width}" height="{height}" tilewidth="14" tileheight="12" hexsidelength="6" staggeraxis="y" staggerindex="odd"><tileset firstgid="{firstgid}" name="t"><tile id="4294967295"/></tileset><layer name="L"><data>{tiles}</data></layer></map>"#
            );
            if cut { t.trim_end_matches("</map>").to_owned() } else { t }
        };
        let opts = TiledOptions { file: "f".to_owned(), ..TiledOptions::default() };
        let _ = tiled::import(&text, &opts);
    }

    /// Wesnoth maps read with terrain tables whose codes are aliases of
    /// one another, in chains and cycles, each many times over.
    #[test]
    fn wesnoth_maps_with_hostile_tables_are_imported_or_refused(
        links in prop::collection::vec((0usize..24, prop::collection::vec(0usize..24, 0..6), any::<bool>()), 1..24),
        cells in prop::collection::vec(0usize..24, 4..40),
    ) {
        let code = |i: usize| format!("A{}", (b'a' + i as u8) as char);
        let mut cfg = String::new();
        for (i, (_, to, worst)) in links.iter().enumerate() {
            let mut tokens: Vec<String> = to.iter().map(|&t| code(t)).collect();
            if *worst { tokens.insert(0, "-".to_owned()); }
            let _ = writeln!(
                cfg,
                "[terrain_type]\nstring={}\naliasof={}\n[/terrain_type]",
                code(i),
                tokens.join(",")
            );
        }
        let Ok(table) = TerrainTable::parse_cfg(&cfg) else { return Ok(()) };
        let width = 6;
        let mut rows = Vec::new();
        for (k, chunk) in cells.chunks(width).enumerate() {
            let row: Vec<String> = chunk.iter().enumerate().map(|(j, &c)| {
                if k == 0 && j < 2 { format!("{} {}", j + 1, code(c)) } else { code(c) }
            }).collect();
            rows.push(row.join(", "));
        }
        let text = rows.join("\n") + "\n";
        let opts = WesnothOptions { file: "f.map".to_owned(), table: Some(table), ..WesnothOptions::default() };
        let _ = wesnoth::import(&text, &opts);
    }
}

/// A real shard file: 6 matches of greedy against random on a bundled map.
fn real_shard() -> &'static serde_json::Value {
    static SHARD: OnceLock<serde_json::Value> = OnceLock::new();
    SHARD.get_or_init(|| {
        use hexwright_engine::bots::BotKind;
        use hexwright_engine::rules::Roster;
        use hexwright_engine::rules::scenario::Scenario;
        use hexwright_engine::shard::{BatchId, SHARD_FORMAT};
        use hexwright_engine::sim::{self, Batch, MatchRow, PlayOptions};
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/twin-fords.ron");
        let map = format::load_map(&path).unwrap();
        let prepared = Scenario::for_map(map.clone(), 1, 8)
            .prepare(std::path::Path::new("."), &Roster::bundled(), "fuzz")
            .unwrap();
        let bots = [BotKind::Greedy, BotKind::Random];
        let batch = Batch {
            matches: 6,
            bots,
            seed: 1,
        };
        let rows: Vec<MatchRow> = sim::simulate_range(
            &prepared,
            &batch,
            0..6,
            PlayOptions { record: false },
            &|_| {},
            &std::sync::atomic::AtomicBool::new(false),
            &|i, r| MatchRow::new(i, &r),
        );
        let file = ShardFile {
            format: SHARD_FORMAT,
            batch: BatchId::new(&map, &prepared, &bots, 1, 6).unwrap(),
            shard: 0,
            shards: 1,
            seconds: 0.5,
            rows,
            wave: None,
        };
        serde_json::to_value(&file).unwrap()
    })
}

/// A JSON number or value a forger might write.
fn forged_value() -> impl Strategy<Value = serde_json::Value> {
    prop_oneof![
        any::<u64>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        (0u64..8).prop_map(serde_json::Value::from),
        Just(serde_json::json!(-1.5)),
        Just(serde_json::json!([])),
        Just(serde_json::json!({"Won": 5})),
        Just(serde_json::json!("phase-rules-v1")),
        Just(serde_json::json!(["greedy", "greedy", "greedy"])),
        Just(
            serde_json::json!({"index": 1, "start": 0, "end": 6, "plan": {"alpha": -1.0, "margin": 0.9, "max_games": 0}})
        ),
    ]
}

/// The paths of a shard file's fields a forger might change.
const FIELDS: [&str; 14] = [
    "/shard",
    "/shards",
    "/seconds",
    "/batch/matches",
    "/batch/bots",
    "/batch/ruleset",
    "/batch/round_limit",
    "/rows/0/outcome",
    "/rows/0/bots",
    "/rows/1/rounds",
    "/rows/2/seed",
    "/rows/3/index",
    "/rows/0/points",
    "/wave",
];

proptest! {
    #![proptest_config(proptest_config(64))]

    /// Shard and wave files with forged fields: merged (and reported) or
    /// refused, never a panic.
    #[test]
    fn forged_shard_files_are_merged_or_refused(
        edits in prop::collection::vec((0..FIELDS.len(), forged_value()), 1..4),
    ) {
        let mut v = real_shard().clone();
        for (field, value) in edits {
            let (parent, key) = FIELDS[field].rsplit_once('/').unwrap();
            let target = if parent.is_empty() { Some(&mut v) } else { v.pointer_mut(parent) };
            if let Some(serde_json::Value::Object(o)) = target {
                o.insert(key.to_owned(), value);
            } else if let Some(serde_json::Value::Array(a)) = v.pointer_mut(parent)
                && let Ok(i) = key.parse::<usize>()
                && i < a.len()
            {
                a[i] = value;
            }
        }
        let Ok(file) = serde_json::from_value::<ShardFile>(v) else { return Ok(()) };
        let wave = file.wave.is_some();
        let files = vec![("f".to_owned(), file)];
        if wave {
            let _ = shard::merge_waves(files);
        } else if let Ok(merged) = shard::merge(files) {
            let bots: Vec<_> = merged.batch.bots.iter().map(|b| b.parse().unwrap()).collect();
            for ruleset in hexwright_engine::ruleset::RulesetId::ALL {
                let _ = hexwright_engine::sim::Report::new(ruleset, &merged.rows, &bots, merged.seconds);
            }
        }
    }

    /// Outputs of every kind: a write replaces a regular file or a dangling
    /// link, and refuses a folder, a FIFO or a link to either, leaving it.
    #[test]
    fn outputs_are_written_or_refused_never_replaced_when_special(kind in 0usize..6) {
        use std::os::unix::fs::symlink;
        let dir = TempDir::new("fuzz-out");
        let out = dir.path().join("out");
        let target = dir.path().join("target");
        let made = match kind {
            0 => true,
            1 => { std::fs::write(&out, "old").unwrap(); true }
            2 => { std::fs::create_dir(&out).unwrap(); true }
            3 => std::process::Command::new("mkfifo").arg(&out).status().is_ok_and(|s| s.success()),
            4 => { std::fs::create_dir(&target).unwrap(); symlink(&target, &out).unwrap(); true }
            _ => { symlink(&target, &out).unwrap(); true }
        };
        if !made { return Ok(()) }
        let result = format::write_atomic(&out, b"new");
        match kind {
            0 | 1 | 5 => {
                prop_assert!(result.is_ok(), "{:?}", result);
                prop_assert_eq!(std::fs::read(&out).unwrap(), b"new".to_vec());
            }
            _ => {
                prop_assert!(result.is_err());
                prop_assert!(!std::fs::symlink_metadata(&out).unwrap().file_type().is_file());
            }
        }
        // No temporary file is left behind.
        let left = std::fs::read_dir(dir.path()).unwrap()
            .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().ends_with(".tmp"))
            .count();
        prop_assert_eq!(left, 0);
    }
}
