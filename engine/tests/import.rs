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
