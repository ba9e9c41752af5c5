//! Importing real maps: every Battle for Wesnoth two-player map in
//! `../shared/data/wesnoth-2p` (skipped cleanly when that folder is absent).

use hexwright_engine::Hex;
use hexwright_engine::coverage::Coverage;
use hexwright_engine::import::wesnoth::{self, WesnothOptions};
use hexwright_engine::import::wesnoth_grid::WesnothGrid;
use hexwright_engine::import::wesnoth_terrain::{Ground, TerrainTable, by_rules};
use hexwright_engine::layout::hex_key;
use hexwright_engine::map::FeatureKind;
use hexwright_engine::validate::{self, Severity};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn data() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    if dir.join("wesnoth-2p").is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: {} is absent", dir.display());
        None
    }
}

/// Every `.map` file with its text, by name.
fn wesnoth_maps(dir: &Path) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir.join("wesnoth-2p"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "map"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

fn import(name: &str, text: &str) -> wesnoth::Imported {
    let opts = WesnothOptions {
        file: name.to_owned(),
        ..WesnothOptions::default()
    };
    wesnoth::import(text, &opts).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn every_wesnoth_map_imports_with_wesnoth_adjacency() {
    let Some(dir) = data() else { return };
    let maps = wesnoth_maps(&dir);
    assert_eq!(maps.len(), 35);
    for (name, text) in &maps {
        let imp = import(name, text);
        let by_xy: BTreeMap<(i32, i32), (i32, i32)> =
            imp.cells.iter().map(|(&k, &xy)| (xy, k)).collect();
        for (&key, &xy) in &imp.cells {
            let h = Hex::new(key.1, key.0);
            let wesnoth: BTreeSet<(i32, i32)> = WesnothGrid::neighbours(xy)
                .into_iter()
                .filter_map(|n| by_xy.get(&n).copied())
                .collect();
            let ours: BTreeSet<(i32, i32)> = h
                .all_neighbors()
                .into_iter()
                .map(hex_key)
                .filter(|k| imp.cells.contains_key(k))
                .collect();
            assert_eq!(wesnoth, ours, "{name}: the neighbours of {xy:?}");
        }
        // The grid holds exactly the hexes that are on the map.
        let coverage = Coverage::new(&imp.map).unwrap();
        let grid: BTreeSet<(i32, i32)> = coverage.hexes().iter().map(|&h| hex_key(h)).collect();
        let cells: BTreeSet<(i32, i32)> = imp.cells.keys().copied().collect();
        assert_eq!(grid, cells, "{name}: grid hexes");
        assert_eq!(imp.map.meta.license, "GPL-2.0-or-later");
        assert!(imp.map.meta.source.contains(name.trim_end_matches(".map")));
        let report = imp.report.to_string();
        assert!(report.contains("movement costs and terrain defence are not carried over"));
        // The file round-trips.
        let ron = hexwright_engine::format::to_ron_string(&imp.map).unwrap();
        assert_eq!(
            hexwright_engine::format::parse_map(&ron, name).unwrap(),
            imp.map,
            "{name}"
        );
    }
}

/// Whether side 0's zone reaches side 1's base through usable hexes.
fn connected(imp: &wesnoth::Imported, coverage: &Coverage) -> bool {
    let usable: BTreeSet<(i32, i32)> = coverage.usable_hexes().into_iter().map(hex_key).collect();
    let Some(zone) = imp.map.zones.first() else {
        return false;
    };
    let reach = hexwright_engine::import::placement::distances(&usable, &zone.hexes);
    imp.map.features.iter().all(|f| match f.kind {
        FeatureKind::Base { .. } => f
            .hex
            .all_neighbors()
            .iter()
            .any(|n| reach.contains_key(&hex_key(*n))),
        _ => true,
    })
}

#[test]
fn two_player_connected_wesnoth_maps_validate_without_errors() {
    let Some(dir) = data() else { return };
    let mut clean = Vec::new();
    let mut not = Vec::new();
    for (name, text) in wesnoth_maps(&dir) {
        let imp = import(&name, &text);
        let coverage = Coverage::new(&imp.map).unwrap();
        let findings = validate::validate(&imp.map, &coverage);
        let errors: Vec<String> = findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| format!("{} {}", f.rule.id(), f.message))
            .collect();
        let two = imp.map.players == 2;
        if two && connected(&imp, &coverage) {
            assert!(errors.is_empty(), "{name}: {errors:#?}");
            clean.push(name);
        } else {
            not.push(format!(
                "{name}: players {}, errors {errors:?}",
                imp.map.players
            ));
        }
    }
    eprintln!("validate with no error: {} maps: {clean:?}", clean.len());
    eprintln!("not two-player and connected: {not:#?}");
    assert!(clean.len() >= 30, "only {} maps validate", clean.len());
}

#[test]
fn usable_hexes_match_the_terrain_table_hex_for_hex() {
    let Some(dir) = data() else { return };
    let table =
        TerrainTable::parse_cfg(&std::fs::read_to_string(dir.join("wesnoth-terrain.cfg")).unwrap())
            .unwrap();
    assert!(table.len() > 200);
    let maps = wesnoth_maps(&dir);
    // Every code the table resolves reads the same by the built-in rules.
    let mut codes: BTreeSet<String> = BTreeSet::new();
    for (name, text) in &maps {
        let grid = WesnothGrid::parse(text, name).unwrap();
        codes.extend(grid.playable().map(|(_, c)| c.code.clone()));
    }
    let mut resolved = 0;
    for code in &codes {
        let t = table.meaning(code);
        if t.basis == hexwright_engine::import::wesnoth_terrain::Basis::Table {
            resolved += 1;
            assert_eq!(t.ground, by_rules(code).ground, "{code}");
        }
    }
    assert!(
        resolved * 10 >= codes.len() * 8,
        "{resolved} of {}",
        codes.len()
    );
    // Hex for hex: the imported usable set is the table's walkable set.
    for (name, text) in maps.iter().step_by(4) {
        let imp = import(name, text);
        let grid = WesnothGrid::parse(text, name).unwrap();
        let codes: BTreeMap<(i32, i32), String> = grid
            .playable()
            .map(|(xy, c)| (xy, c.code.clone()))
            .collect();
        let coverage = Coverage::new(&imp.map).unwrap();
        let mut checked = 0;
        for (&key, xy) in &imp.cells {
            let h = Hex::new(key.1, key.0);
            let expected = table.meaning(&codes[xy]).ground == Ground::Open;
            assert_eq!(
                coverage.is_usable(h),
                expected,
                "{name}: {xy:?} {}",
                codes[xy]
            );
            checked += 1;
        }
        assert!(checked > 100, "{name}");
    }
}

/// A small map: a 1-hex border round `rows`.
fn small(rows: &[&str]) -> String {
    let w = rows[0].split(',').count() + 2;
    let border = vec!["Xv"; w].join(", ");
    let mut out = vec![border.clone()];
    out.extend(rows.iter().map(|r| format!("Xv, {r}, Xv")));
    out.push(border);
    out.join("\n")
}

#[test]
fn broken_and_hostile_wesnoth_files_are_errors_that_say_where() {
    let opts = WesnothOptions {
        file: "t.map".to_owned(),
        ..WesnothOptions::default()
    };
    let err = |text: &str| wesnoth::import(text, &opts).unwrap_err().to_string();
    assert!(err("Gg, Gg\nGg\n").contains("t.map:2: this row has 1 cells, the first row 2"));
    assert!(err("Gg, , Gg\n").contains("t.map:1: cell 2: an empty terrain code"));
    assert!(err("Gg, Ggggg^V, Gg\n").contains("not a terrain code"));
    assert!(err("").contains("0 x 0 cells"));
    // No start positions, or only one.
    let one = small(&["1 Kh, Gg, Gg", "Gg, Gg, Gg"]);
    assert!(
        err(&one).contains("1 start position(s) to use"),
        "{}",
        err(&one)
    );
    // Too wide a row: refused before anything else is read.
    let wide = vec!["Gg"; 1001].join(",");
    assert!(err(&wide).contains("Wesnoth allows at most 1000"));
    // Too large a file.
    let huge = "Gg,".repeat(3_000_000);
    assert!(err(&huge).contains("bytes; the limit is"));
}

#[test]
fn a_small_symmetric_map_imports_exactly() {
    // Two keeps with castles, a village in the middle, a wall and a lake.
    let text = small(&[
        "Ce, Ce, Ce, Gg, Gg, Gg, Gg, Gg, Gg",
        "Ce, 1 Ke, Ce, Gs^Fp, Xu, Gg, Gg, Gg, Gg",
        "Gg, Gg, Gg, Gg, Gg, Gg, Gg, Gg, Gg",
        "Gg, Gg, Gg, Gg, Gg^Vh, Gg, Gg, Gg, Gg",
        "Gg, Gg, Gg, Gg, Gg, Gg, Gg, Gg, Gg",
        "Gg, Gg, Gg, Gg, Xu, Gs^Fp, Ce, 2 Ke, Ce",
        "Gg, Gg, Gg, Gg, Gg, Gg, Ce, Ce, Ce",
        "_off^_usr, Gg, Gg, Gg, Wo, Gg, Gg, Gg, _off^_usr",
    ]);
    let opts = WesnothOptions {
        file: "2p_Small.map".to_owned(),
        objectives: 1,
        outposts: 0,
        ..WesnothOptions::default()
    };
    let imp = wesnoth::import(&text, &opts).unwrap();
    let m = &imp.map;
    assert_eq!(m.meta.name, "Small");
    assert_eq!(imp.cells.len(), 9 * 8 - 2, "the off-map cells are left out");
    let coverage = Coverage::new(m).unwrap();
    assert_eq!(coverage.hexes().len(), 70);
    assert_eq!(coverage.usable_count(), 70 - 3, "two walls and the lake");
    let count = |k: fn(&FeatureKind) -> bool| m.features.iter().filter(|f| k(&f.kind)).count();
    assert_eq!(count(|k| matches!(k, FeatureKind::Base { .. })), 2);
    assert_eq!(count(|k| matches!(k, FeatureKind::Objective)), 1);
    // Each forest is a bush, unless a barracks took the hex.
    for xy in [(3, 1), (5, 5)] {
        let (&(r, q), _) = imp.cells.iter().find(|(_, c)| **c == xy).unwrap();
        let kind = m.feature_at(Hex::new(q, r)).map(|f| f.kind);
        assert!(
            matches!(kind, Some(FeatureKind::Bush | FeatureKind::Barracks { .. })),
            "{xy:?}: {kind:?}"
        );
    }
    assert_eq!(count(|k| matches!(k, FeatureKind::Barracks { .. })), 2);
    assert!(m.zones.iter().all(|z| z.hexes.len() == 10));
    // The village in the middle is the objective.
    let village = imp
        .cells
        .iter()
        .find(|(_, xy)| **xy == (4, 3))
        .map(|(&(r, q), _)| Hex::new(q, r))
        .unwrap();
    assert!(
        m.features
            .iter()
            .any(|f| f.hex == village && f.kind == FeatureKind::Objective)
    );
    let report = imp.report.to_string();
    assert!(
        report.contains("mapped   2 impassable hexes -> whole-hex rock terrain"),
        "{report}"
    );
    assert!(
        report.contains("mapped   1 deep-water hexes -> whole-hex water terrain"),
        "{report}"
    );
    assert!(report.contains("dropped  the one-hex border"), "{report}");
}
