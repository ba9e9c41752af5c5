//! Every validation rule, one crafted map each.
//!
//! [`valid_map`] is a small point-symmetric map on which `validate` reports
//! nothing at all. Each rule's case adds one defect to it (or, for the pack
//! rules, builds a pack folder in a temporary directory) and checks that
//! exactly the expected findings appear: rule id, severity and hex.
//! [`every_rule_has_a_case`] fails when a rule is added to
//! [`Rule::ALL`] without a case in [`CASES`].

use crate::common;

use common::TempDir;
use hexwright_engine::Hex;
use hexwright_engine::coverage::Coverage;
use hexwright_engine::format;
use hexwright_engine::geom::Point;
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::certificate::board_hash;
use hexwright_engine::map::{
    Coord, Feature, FeatureKind, Length, Map, Polygon, TerrainKind, TerrainPiece, TerrainShape,
    Zone,
};
use hexwright_engine::pack;
use hexwright_engine::parity::DISTANCE_MARGIN;
use hexwright_engine::player::PlayerId;
use hexwright_engine::validate::{self, DistanceField, Finding, Rule, Severity};
use std::path::Path;

// ---------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------

fn hex(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

fn feature(q: i32, r: i32, kind: FeatureKind) -> Feature {
    Feature {
        hex: hex(q, r),
        kind,
    }
}

fn zone(side: u8, hexes: &[(i32, i32)]) -> Zone {
    Zone {
        side: PlayerId(side),
        hexes: hexes.iter().map(|&(q, r)| hex(q, r)).collect(),
    }
}

fn rock(shape: TerrainShape) -> TerrainPiece {
    TerrainPiece {
        kind: TerrainKind::Rock,
        shape,
    }
}

fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> TerrainPiece {
    let points = Polygon::new(vec![
        Point::new(x0, y0),
        Point::new(x1, y0),
        Point::new(x1, y1),
        Point::new(x0, y1),
    ])
    .unwrap();
    rock(TerrainShape::Polygon { points })
}

/// A circle covering (all but slivers of) `h`.
fn circle_over(m: &Map, h: Hex) -> TerrainPiece {
    let c = m.hex_layout().center(h);
    rock(TerrainShape::Circle {
        center: Coord(c),
        radius: Length::new(10.5).unwrap(),
    })
}

/// Side 0's starting zone: a 5 x 2 block on the left.
fn zone0_hexes() -> Vec<(i32, i32)> {
    (-10..=-6).flat_map(|q| [(q, 0), (q, 1)]).collect()
}

/// The point reflection of a list of hexes about the map centre.
fn mirrored(hexes: &[(i32, i32)]) -> Vec<(i32, i32)> {
    hexes.iter().map(|&(q, r)| (-q, -r)).collect()
}

/// A small valid map: 400 x 300 area, pointy hexes of size 10 (hex `(0, 0)`
/// at the centre), no terrain, and everything point-symmetric so both sides
/// are exactly as far from every target.
fn valid_map() -> Map {
    let mut m = Map::new_empty("Valid", Orientation::Pointy, 10.0, 400.0, 300.0).unwrap();
    let z0 = zone0_hexes();
    m.zones = vec![zone(0, &z0), zone(1, &mirrored(&z0))];
    m.features = vec![
        feature(-8, -1, FeatureKind::Base { side: PlayerId(0) }),
        feature(8, 1, FeatureKind::Base { side: PlayerId(1) }),
        feature(-9, -1, FeatureKind::Barracks { side: PlayerId(0) }),
        feature(9, 1, FeatureKind::Barracks { side: PlayerId(1) }),
        feature(0, -4, FeatureKind::Objective),
        feature(0, 4, FeatureKind::Objective),
        feature(6, -6, FeatureKind::Outpost),
        feature(-6, 6, FeatureKind::Outpost),
        feature(2, 2, FeatureKind::Bush),
        feature(-2, -2, FeatureKind::Bush),
    ];
    m
}

/// An L-shaped rock wall that cuts off a pocket in the top-right corner
/// (x > 365, y < 50). Hex `(14, -8)` lies in the pocket.
fn pocket_walls() -> [TerrainPiece; 2] {
    [
        rect(335.0, -10.0, 365.0, 80.0),
        rect(335.0, 50.0, 410.0, 80.0),
    ]
}

const POCKET: (i32, i32) = (14, -8);

fn features_without(m: &Map, pred: impl Fn(&Feature) -> bool) -> Vec<Feature> {
    m.features.iter().copied().filter(|f| !pred(f)).collect()
}

fn run(map: &Map) -> Vec<Finding> {
    let coverage = Coverage::new(map).expect("test maps stay within the limits");
    validate::validate(map, &coverage)
}

/// What a case produced and what it must produce.
struct Case {
    findings: Vec<Finding>,
    expected: Vec<(Rule, Option<Hex>)>,
}

impl Case {
    fn map(map: &Map, expected: &[(Rule, Option<(i32, i32)>)]) -> Self {
        Self::found(run(map), expected)
    }

    fn found(findings: Vec<Finding>, expected: &[(Rule, Option<(i32, i32)>)]) -> Self {
        Self {
            findings,
            expected: expected
                .iter()
                .map(|&(r, h)| (r, h.map(|(q, r)| hex(q, r))))
                .collect(),
        }
    }
}

/// The documented severity of every rule (changing one is a product decision).
fn documented_severity(rule: Rule) -> Severity {
    match rule {
        Rule::ZoneCount
        | Rule::ZoneSize
        | Rule::ZoneUnusable
        | Rule::ZoneOverlap
        | Rule::ZoneBlocked
        | Rule::FeatureUnusable
        | Rule::FeatureStacked
        | Rule::BaseMissing
        | Rule::BaseUnreachable
        | Rule::OwnerInvalid
        | Rule::PlayersInvalid
        | Rule::PackMissingMap
        | Rule::PackBadPath
        | Rule::PackBadRoster => Severity::Error,
        Rule::ZoneDisconnected
        | Rule::BarracksMissing
        | Rule::ObjectiveUnreachable
        | Rule::OutpostUnreachable
        | Rule::DistanceImbalance
        | Rule::StaticFairness
        | Rule::CertificateVoid
        | Rule::CertificateWeak
        | Rule::OutpostBlind
        | Rule::GridOutsideArea
        | Rule::PackMissingPreview => Severity::Warning,
    }
}

fn key(h: Option<Hex>) -> Option<(i32, i32)> {
    h.map(|h| (h.x, h.y))
}

/// Checks that `findings` are exactly `expected` (as a multiset), each with
/// its rule's documented severity and a non-empty message.
fn assert_findings(label: &str, findings: &[Finding], expected: &[(Rule, Option<Hex>)]) {
    let mut got: Vec<(&str, Option<(i32, i32)>)> =
        findings.iter().map(|f| (f.rule.id(), key(f.hex))).collect();
    let mut want: Vec<(&str, Option<(i32, i32)>)> =
        expected.iter().map(|&(r, h)| (r.id(), key(h))).collect();
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want, "{label}: unexpected findings: {findings:#?}");
    for f in findings {
        assert_eq!(
            f.severity,
            documented_severity(f.rule),
            "{label}: severity of {}",
            f.rule
        );
        assert!(
            !f.message.trim().is_empty(),
            "{label}: {} has an empty message",
            f.rule
        );
    }
}

// ---------------------------------------------------------------------------
// One case per rule
// ---------------------------------------------------------------------------

fn zone_count_case() -> Case {
    // Side 1 has no zone.
    let mut m = valid_map();
    m.zones.retain(|z| z.side != PlayerId(1));
    Case::map(&m, &[(Rule::ZoneCount, None)])
}

fn zone_size_case() -> Case {
    // Side 0's zone loses its far corner: 9 hexes.
    let mut m = valid_map();
    m.zones[0].hexes.retain(|&h| h != hex(-10, 1));
    Case::map(&m, &[(Rule::ZoneSize, Some((-10, 0)))])
}

fn zone_unusable_case() -> Case {
    // Rock over one hex of side 0's zone.
    let mut m = valid_map();
    m.terrain.push(circle_over(&m, hex(-10, 1)));
    Case::map(&m, &[(Rule::ZoneUnusable, Some((-10, 1)))])
}

fn zone_overlap_case() -> Case {
    // Both zones move to the middle and share hex (0, 0); still symmetric.
    let mut m = valid_map();
    let z0 = [
        (-5, 0),
        (-4, 0),
        (-3, 0),
        (-2, 0),
        (-1, 0),
        (-4, 1),
        (-3, 1),
        (-2, 1),
        (-1, 1),
        (0, 0),
    ];
    m.zones = vec![zone(0, &z0), zone(1, &mirrored(&z0))];
    Case::map(&m, &[(Rule::ZoneOverlap, Some((0, 0)))])
}

fn zone_blocked_case() -> Case {
    // Each side gets a second base on its own zone's far corner (mirrored,
    // so distances stay balanced).
    let mut m = valid_map();
    m.features
        .push(feature(-10, 1, FeatureKind::Base { side: PlayerId(0) }));
    m.features
        .push(feature(10, -1, FeatureKind::Base { side: PlayerId(1) }));
    Case::map(
        &m,
        &[
            (Rule::ZoneBlocked, Some((-10, 1))),
            (Rule::ZoneBlocked, Some((10, -1))),
        ],
    )
}

fn feature_unusable_case() -> Case {
    // A bush under a rock, in an empty corner of the map.
    let mut m = valid_map();
    m.terrain.push(circle_over(&m, hex(-10, 8)));
    m.features.push(feature(-10, 8, FeatureKind::Bush));
    Case::map(&m, &[(Rule::FeatureUnusable, Some((-10, 8)))])
}

fn feature_stacked_case() -> Case {
    // A bush on top of an objective.
    let mut m = valid_map();
    m.features.push(feature(0, 4, FeatureKind::Bush));
    Case::map(&m, &[(Rule::FeatureStacked, Some((0, 4)))])
}

fn base_missing_case() -> Case {
    let mut m = valid_map();
    m.features = features_without(&m, |f| f.kind == FeatureKind::Base { side: PlayerId(1) });
    Case::map(&m, &[(Rule::BaseMissing, None)])
}

fn base_unreachable_case() -> Case {
    // Side 1's base moves into the walled-off pocket: side 0 cannot get next to it.
    let mut m = valid_map();
    m.terrain.extend(pocket_walls());
    m.features = features_without(&m, |f| f.kind == FeatureKind::Base { side: PlayerId(1) });
    m.features.push(feature(
        POCKET.0,
        POCKET.1,
        FeatureKind::Base { side: PlayerId(1) },
    ));
    Case::map(&m, &[(Rule::BaseUnreachable, Some(POCKET))])
}

fn owner_invalid_case() -> Case {
    // A barracks of side 2 in open ground.
    let mut m = valid_map();
    m.features
        .push(feature(0, -8, FeatureKind::Barracks { side: PlayerId(2) }));
    Case::map(&m, &[(Rule::OwnerInvalid, Some((0, -8)))])
}

fn players_invalid_case() -> Case {
    let mut m = valid_map();
    m.players = 5;
    Case::map(&m, &[(Rule::PlayersInvalid, None)])
}

fn write_manifest(dir: &Path, maps: &[&str]) {
    let list: Vec<String> = maps.iter().map(|m| format!("{m:?}")).collect();
    let text = format!(
        "(format: 1, name: \"Test pack\", version: \"1.0.0\", maps: [{}])\n",
        list.join(", ")
    );
    std::fs::write(dir.join(pack::MANIFEST_FILE), text).unwrap();
}

fn pack_missing_map_case() -> Case {
    let tmp = TempDir::new("missing");
    format::save_atomic(&valid_map(), &tmp.path().join("a.ron")).unwrap();
    write_manifest(tmp.path(), &["a.ron", "missing.ron"]);
    let loaded = pack::load_pack(tmp.path()).unwrap();
    assert_eq!(loaded.entries.len(), 2);
    assert!(matches!(&loaded.entries[0].map, Some(Ok(m)) if *m == valid_map()));
    assert!(
        loaded.entries[1].map.is_none(),
        "a missing map has no load result"
    );
    Case::found(loaded.findings, &[(Rule::PackMissingMap, None)])
}

fn pack_bad_path_case() -> Case {
    // The manifest points outside the pack folder, at a file that exists.
    let tmp = TempDir::new("badpath");
    let dir = tmp.path().join("pack");
    std::fs::create_dir_all(&dir).unwrap();
    format::save_atomic(&valid_map(), &dir.join("a.ron")).unwrap();
    format::save_atomic(&valid_map(), &tmp.path().join("outside.ron")).unwrap();
    write_manifest(&dir, &["a.ron", "../outside.ron"]);
    let loaded = pack::load_pack(&dir).unwrap();
    assert!(
        loaded.entries[1].map.is_none(),
        "a path leaving the pack must not be read"
    );
    Case::found(loaded.findings, &[(Rule::PackBadPath, None)])
}

fn pack_missing_preview_case() -> Case {
    // A preview image that is not there, and one for a map not listed.
    let tmp = TempDir::new("preview");
    format::save_atomic(&valid_map(), &tmp.path().join("a.ron")).unwrap();
    std::fs::write(tmp.path().join("b.png"), b"\x89PNG").unwrap();
    let text = "(format: 1, name: \"Test pack\", version: \"1.0.0\", maps: [\"a.ron\"], previews: {\"a.ron\": \"a.png\", \"z.ron\": \"b.png\"})\n";
    std::fs::write(tmp.path().join(pack::MANIFEST_FILE), text).unwrap();
    let loaded = pack::load_pack(tmp.path()).unwrap();
    assert_eq!(loaded.manifest.previews.len(), 2);
    assert!(
        loaded.findings[0]
            .message
            .contains("\"a.png\" of \"a.ron\" does not exist")
    );
    assert!(
        loaded.findings[1]
            .message
            .contains("\"z.ron\", which is not one of its maps")
    );
    Case::found(
        loaded.findings,
        &[
            (Rule::PackMissingPreview, None),
            (Rule::PackMissingPreview, None),
        ],
    )
}

fn pack_bad_roster_case() -> Case {
    // The roster is a folder, and then a file that breaks roster rules.
    let tmp = TempDir::new("badroster");
    format::save_atomic(&valid_map(), &tmp.path().join("a.ron")).unwrap();
    std::fs::create_dir_all(tmp.path().join("roster.ron")).unwrap();
    let text = "(format: 1, name: \"Test pack\", version: \"1.0.0\", maps: [\"a.ron\"], roster: Some(\"roster.ron\"))\n";
    std::fs::write(tmp.path().join(pack::MANIFEST_FILE), text).unwrap();
    let loaded = pack::load_pack(tmp.path()).unwrap();
    assert!(matches!(
        &loaded.roster,
        Some(Err(pack::PackRosterError::Load(_)))
    ));
    assert!(
        loaded.findings[0].message.contains("not a regular file"),
        "{}",
        loaded.findings[0].message
    );
    std::fs::remove_dir(tmp.path().join("roster.ron")).unwrap();
    std::fs::write(
        tmp.path().join("roster.ron"),
        "(format: 1, name: \"R\", races: [])\n",
    )
    .unwrap();
    let loaded = pack::load_pack(tmp.path()).unwrap();
    assert!(matches!(
        &loaded.roster,
        Some(Err(pack::PackRosterError::Roster(_)))
    ));
    Case::found(loaded.findings, &[(Rule::PackBadRoster, None)])
}

#[test]
fn pack_bad_path_variants() {
    let tmp = TempDir::new("variants");
    let dir = tmp.path().join("pack");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    format::save_atomic(&valid_map(), &dir.join("a.ron")).unwrap();
    format::save_atomic(&valid_map(), &dir.join("sub").join("b.ron")).unwrap();
    let outside = tmp.path().join("outside.ron");
    format::save_atomic(&valid_map(), &outside).unwrap();
    let bad = |maps: &[&str]| {
        write_manifest(&dir, maps);
        let loaded = pack::load_pack(&dir).unwrap();
        loaded
            .findings
            .iter()
            .filter(|f| f.rule == Rule::PackBadPath)
            .count()
    };
    // Plain paths, in sub-folders too, are fine.
    assert_eq!(bad(&["a.ron", "sub/b.ron"]), 0);
    // Leaving the folder, absolute, empty or "." paths.
    assert_eq!(bad(&["a.ron", "sub/../../outside.ron"]), 1);
    assert_eq!(bad(&["a.ron", outside.to_str().unwrap()]), 1);
    assert_eq!(bad(&["a.ron", ""]), 1);
    assert_eq!(bad(&["./a.ron"]), 1);
    // Listed twice, also when spelled differently.
    assert_eq!(bad(&["a.ron", "a.ron"]), 1);
    assert_eq!(bad(&["sub/b.ron", "sub//b.ron"]), 1);
    assert_eq!(bad(&["a.ron", "a.ron", "a.ron"]), 2);
    // A bad path is never read, and is not also reported missing.
    write_manifest(&dir, &["../nowhere.ron"]);
    let loaded = pack::load_pack(&dir).unwrap();
    let rules: Vec<Rule> = loaded.findings.iter().map(|f| f.rule).collect();
    assert_eq!(rules, [Rule::PackBadPath]);
    assert!(loaded.entries[0].map.is_none());
}

#[test]
fn pack_roster_path_must_stay_inside_the_pack() {
    let tmp = TempDir::new("roster");
    format::save_atomic(&valid_map(), &tmp.path().join("a.ron")).unwrap();
    let with_roster = |roster: &str| {
        let text = format!(
            "(format: 1, name: \"Test pack\", version: \"1.0.0\", maps: [\"a.ron\"], roster: Some({roster:?}))\n"
        );
        std::fs::write(tmp.path().join(pack::MANIFEST_FILE), text).unwrap();
        let loaded = pack::load_pack(tmp.path()).unwrap();
        (loaded.manifest.roster.clone(), loaded.findings)
    };
    // A missing roster is a finding too: validate reads the roster.
    let (_, findings) = with_roster("roster.ron");
    let rules: Vec<Rule> = findings.iter().map(|f| f.rule).collect();
    assert_eq!(rules, [Rule::PackBadRoster]);
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/roster.ron");
    std::fs::copy(bundled, tmp.path().join("roster.ron")).unwrap();
    let (roster, findings) = with_roster("roster.ron");
    assert_eq!(roster.as_deref(), Some("roster.ron"));
    assert!(findings.is_empty(), "{findings:?}");
    let (_, findings) = with_roster("../roster.ron");
    let rules: Vec<Rule> = findings.iter().map(|f| f.rule).collect();
    assert_eq!(rules, [Rule::PackBadPath]);
    assert!(
        findings[0].message.contains("roster"),
        "{}",
        findings[0].message
    );
}

/// Files a pack names are resolved with their links followed: a link that
/// leads outside the pack folder is never read.
#[cfg(unix)]
#[test]
fn symbolic_links_out_of_the_pack_are_refused() {
    use std::os::unix::fs::symlink;
    let tmp = TempDir::new("links");
    let outside = tmp.path().join("outside");
    let dir = tmp.path().join("pack");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir_all(&dir).unwrap();
    format::save_atomic(&valid_map(), &outside.join("m.ron")).unwrap();
    std::fs::write(outside.join("secret.ron"), "secret words here\n").unwrap();
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/roster.ron");
    std::fs::copy(&bundled, outside.join("roster.ron")).unwrap();
    format::save_atomic(&valid_map(), &dir.join("a.ron")).unwrap();
    // A file link, a folder link, a roster link.
    symlink(outside.join("secret.ron"), dir.join("passwd.ron")).unwrap();
    symlink(&outside, dir.join("dirlink")).unwrap();
    symlink(outside.join("roster.ron"), dir.join("roster.ron")).unwrap();
    // A link that stays inside is fine.
    symlink(dir.join("a.ron"), dir.join("alias.ron")).unwrap();
    std::fs::create_dir_all(dir.join("scen")).unwrap();
    std::fs::write(
        dir.join("scen/s.ron"),
        "(format: 1, map: Path(\"../dirlink/m.ron\"))\n",
    )
    .unwrap();
    std::fs::write(
        dir.join(pack::MANIFEST_FILE),
        "(format: 1, name: \"P\", version: \"1\", maps: [\"a.ron\", \"passwd.ron\", \"dirlink/m.ron\", \"alias.ron\"], scenarios: [\"scen/s.ron\"], roster: Some(\"roster.ron\"))\n",
    )
    .unwrap();
    let loaded = pack::load_pack(&dir).unwrap();
    let outside_err = |r: &Option<Result<_, format::LoadError>>| {
        matches!(r, Some(Err(format::LoadError::OutsidePack { .. })))
    };
    assert!(matches!(&loaded.entries[0].map, Some(Ok(_))));
    assert!(
        outside_err(&loaded.entries[1].map),
        "{:?}",
        loaded.entries[1].map
    );
    let message = loaded.entries[1]
        .map
        .as_ref()
        .unwrap()
        .as_ref()
        .unwrap_err()
        .to_string();
    assert!(
        !message.contains("secret"),
        "nothing of the file is quoted: {message}"
    );
    assert!(
        message.contains("resolves outside the pack folder"),
        "{message}"
    );
    assert!(
        outside_err(&loaded.entries[2].map),
        "{:?}",
        loaded.entries[2].map
    );
    assert!(
        matches!(&loaded.entries[3].map, Some(Ok(_))),
        "a link inside is read"
    );
    assert!(matches!(
        &loaded.roster,
        Some(Err(pack::PackRosterError::Load(
            format::LoadError::OutsidePack { .. }
        )))
    ));
    let rules: Vec<Rule> = loaded.findings.iter().map(|f| f.rule).collect();
    assert!(rules.contains(&Rule::PackBadRoster), "{rules:?}");
    assert!(
        rules.contains(&Rule::PackBadPath),
        "the scenario's map: {rules:?}"
    );
    // Playing the scenario refuses the outside map as well.
    let scenario =
        hexwright_engine::rules::scenario::Scenario::load(&dir.join("scen/s.ron")).unwrap();
    let err = scenario
        .prepare(
            &dir.join("scen"),
            &hexwright_engine::rules::Roster::bundled(),
            "s.ron",
        )
        .unwrap_err();
    assert!(
        err.to_string().contains("resolves outside the pack folder"),
        "{err}"
    );
}

#[test]
fn pack_map_that_fails_to_load_is_not_a_finding() {
    // A listed map that exists but is broken is a load error of that entry,
    // not a pack finding.
    let tmp = TempDir::new("broken");
    std::fs::write(tmp.path().join("broken.ron"), "(format: 1,").unwrap();
    write_manifest(tmp.path(), &["broken.ron"]);
    let loaded = pack::load_pack(tmp.path()).unwrap();
    assert!(loaded.findings.is_empty(), "{:?}", loaded.findings);
    assert!(matches!(
        &loaded.entries[0].map,
        Some(Err(format::LoadError::Syntax { .. }))
    ));
}

fn zone_disconnected_case() -> Case {
    // One hex of side 0's zone is moved away from the rest.
    let mut m = valid_map();
    for h in &mut m.zones[0].hexes {
        if *h == hex(-10, 1) {
            *h = hex(-10, -2);
        }
    }
    Case::map(&m, &[(Rule::ZoneDisconnected, Some((-10, 0)))])
}

fn barracks_missing_case() -> Case {
    let mut m = valid_map();
    m.features = features_without(&m, |f| {
        f.kind == FeatureKind::Barracks { side: PlayerId(0) }
    });
    Case::map(&m, &[(Rule::BarracksMissing, None)])
}

fn objective_unreachable_case() -> Case {
    // An objective in the walled-off pocket: neither side reaches it.
    let mut m = valid_map();
    m.terrain.extend(pocket_walls());
    m.features
        .push(feature(POCKET.0, POCKET.1, FeatureKind::Objective));
    Case::map(
        &m,
        &[
            (Rule::ObjectiveUnreachable, Some(POCKET)),
            (Rule::ObjectiveUnreachable, Some(POCKET)),
        ],
    )
}

fn outpost_unreachable_case() -> Case {
    // An Outpost in the walled-off pocket (it still sees the pocket's hexes).
    let mut m = valid_map();
    m.terrain.extend(pocket_walls());
    m.features
        .push(feature(POCKET.0, POCKET.1, FeatureKind::Outpost));
    Case::map(
        &m,
        &[
            (Rule::OutpostUnreachable, Some(POCKET)),
            (Rule::OutpostUnreachable, Some(POCKET)),
        ],
    )
}

fn distance_imbalance_case() -> Case {
    // The two objectives are replaced by one at (-2, 2): 5 steps from side
    // 0's zone, 8 from side 1's (more than the margin of 2).
    let mut m = valid_map();
    m.features = features_without(&m, |f| f.kind == FeatureKind::Objective);
    m.features.push(feature(-2, 2, FeatureKind::Objective));
    Case::map(&m, &[(Rule::DistanceImbalance, Some((-2, 2)))])
}

fn static_fairness_case() -> Case {
    // The distance case's map: its one objective is nearer side 0, which
    // the analysis's figures see too (raised by `hexwright validate`).
    let mut m = valid_map();
    m.features = features_without(&m, |f| f.kind == FeatureKind::Objective);
    m.features.push(feature(-2, 2, FeatureKind::Objective));
    let coverage = Coverage::new(&m).unwrap();
    let mut findings = validate::validate(&m, &coverage);
    let a = hexwright_engine::analysis::Analysis::new(
        &m,
        &coverage,
        hexwright_engine::analysis::Movement::AKW,
    );
    let f = a.static_finding(&m).expect("uneven figures");
    assert!(f.message.starts_with("Uneven on "), "{}", f.message);
    assert!(f.message.contains("never certify"), "{}", f.message);
    // Certified fair by simulated games, the map has no static warning;
    // a void certificate does not count.
    let mut certified = m.clone();
    let hash = board_hash(&m, &coverage);
    certified.certificates.push(certificate(&hash));
    assert_eq!(a.static_finding(&certified), None);
    certified.certificates[0].map = "0".into();
    assert!(a.static_finding(&certified).is_some());
    findings.push(f);
    Case::found(
        findings,
        &[
            (Rule::DistanceImbalance, Some((-2, 2))),
            (Rule::StaticFairness, Some((-2, 2))),
        ],
    )
}

fn certificate_void_case() -> Case {
    // A certificate made for the map, then the map changed under it.
    let mut m = valid_map();
    let hash = board_hash(&m, &Coverage::new(&m).unwrap());
    m.certificates.push(certificate(&hash));
    assert!(run(&m).is_empty(), "a certificate that holds is no finding");
    m.features.push(feature(1, 1, FeatureKind::Bush));
    Case::map(&m, &[(Rule::CertificateVoid, None)])
}

/// A certificate within ±10 points: looser than certified fair.
fn certificate_weak_case() -> Case {
    let mut m = valid_map();
    let hash = board_hash(&m, &Coverage::new(&m).unwrap());
    let mut c = certificate(&hash);
    c.margin = 0.1;
    m.certificates.push(c);
    Case::map(&m, &[(Rule::CertificateWeak, None)])
}

fn certificate(map: &str) -> hexwright_engine::map::certificate::Certificate {
    hexwright_engine::map::certificate::Certificate {
        ruleset: "akw-rules-v1".into(),
        bot: "greedy".into(),
        round_limit: 60,
        margin: 0.05,
        alpha: 0.05,
        seed: 1,
        games: 1000,
        shares: vec![0.5, 0.5],
        intervals: vec![[0.45, 0.55]; 2],
        roster: "0".into(),
        engine: "0.1.0".into(),
        date: "2026-12-05".into(),
        map: map.into(),
        play: String::new(),
    }
}

/// A certificate looser than "certified fair" (a wider margin, a larger
/// α) is named as such by `validate` and in its summary, wherever it is
/// shown; one at the defaults or stricter (a search's shared α) is not.
#[test]
fn a_certificate_weaker_than_the_defaults_says_so() {
    let m = valid_map();
    let hash = board_hash(&m, &Coverage::new(&m).unwrap());
    let mut weak = m.clone();
    let mut c = certificate(&hash);
    c.margin = 0.1;
    c.alpha = 0.5;
    weak.certificates.push(c);
    let findings = run(&weak);
    let f = findings
        .iter()
        .find(|f| f.rule == Rule::CertificateWeak)
        .expect("a certificate-weak finding");
    assert!(
        f.message.contains("within ±10 points, at α 50%"),
        "{}",
        f.message
    );
    assert!(
        weak.certificates[0]
            .summary()
            .ends_with("weaker than certified fair (within ±5 points at α 5%)"),
        "{}",
        weak.certificates[0].summary()
    );
    for (margin, alpha) in [(0.05, 0.05), (0.05, 0.05 / 3.0), (0.025, 0.01)] {
        let mut strict = m.clone();
        let mut c = certificate(&hash);
        c.margin = margin;
        c.alpha = alpha;
        strict.certificates.push(c);
        assert!(
            !run(&strict).iter().any(|f| f.rule == Rule::CertificateWeak),
            "{margin} {alpha}"
        );
        assert_eq!(strict.certificates[0].weakness(), None);
    }
}

/// Rock everywhere within 50 units of hex `h`'s centre except `h` itself
/// (its bounding box): `h` stays usable, every hex around it within 2 steps
/// is unusable.
fn moat_around(m: &Map, h: Hex) -> Vec<TerrainPiece> {
    let c = m.hex_layout().center(h);
    let (hw, hh) = (10.0 * 3f64.sqrt() / 2.0, 10.0);
    vec![
        rect(c.x - 50.0, c.y - 50.0, c.x - hw, c.y + 50.0),
        rect(c.x + hw, c.y - 50.0, c.x + 50.0, c.y + 50.0),
        rect(c.x - hw, c.y - 50.0, c.x + hw, c.y - hh),
        rect(c.x - hw, c.y + hh, c.x + hw, c.y + 50.0),
    ]
}

fn outpost_blind_case() -> Case {
    // An Outpost on an island of one hex. Nobody can reach it either (a
    // blind Outpost never has a usable neighbour), hence the two
    // outpost-unreachable findings.
    let mut m = valid_map();
    let h = hex(-5, -6);
    m.terrain.extend(moat_around(&m, h));
    m.features.push(Feature {
        hex: h,
        kind: FeatureKind::Outpost,
    });
    Case::map(
        &m,
        &[
            (Rule::OutpostBlind, Some((-5, -6))),
            (Rule::OutpostUnreachable, Some((-5, -6))),
            (Rule::OutpostUnreachable, Some((-5, -6))),
        ],
    )
}

fn grid_outside_area_case() -> Case {
    // A spike of the grid region pokes out of the top edge of the area; the
    // part inside the area is unchanged.
    let mut m = valid_map();
    let p = |x, y| Point::new(x, y);
    m.grid = Polygon::new(vec![
        p(5.0, 5.0),
        p(190.0, 5.0),
        p(190.0, -20.0),
        p(210.0, -20.0),
        p(210.0, 5.0),
        p(395.0, 5.0),
        p(395.0, 295.0),
        p(5.0, 295.0),
    ])
    .unwrap();
    Case::map(&m, &[(Rule::GridOutsideArea, None)])
}

/// Rule -> the case that makes it fire. Every rule in [`Rule::ALL`] must
/// appear exactly once.
/// Builds one rule's case.
type CaseBuilder = fn() -> Case;

const CASES: &[(Rule, CaseBuilder)] = &[
    (Rule::ZoneCount, zone_count_case),
    (Rule::ZoneSize, zone_size_case),
    (Rule::ZoneUnusable, zone_unusable_case),
    (Rule::ZoneOverlap, zone_overlap_case),
    (Rule::ZoneBlocked, zone_blocked_case),
    (Rule::FeatureUnusable, feature_unusable_case),
    (Rule::FeatureStacked, feature_stacked_case),
    (Rule::BaseMissing, base_missing_case),
    (Rule::BaseUnreachable, base_unreachable_case),
    (Rule::OwnerInvalid, owner_invalid_case),
    (Rule::PlayersInvalid, players_invalid_case),
    (Rule::PackMissingMap, pack_missing_map_case),
    (Rule::PackBadPath, pack_bad_path_case),
    (Rule::PackBadRoster, pack_bad_roster_case),
    (Rule::PackMissingPreview, pack_missing_preview_case),
    (Rule::ZoneDisconnected, zone_disconnected_case),
    (Rule::BarracksMissing, barracks_missing_case),
    (Rule::ObjectiveUnreachable, objective_unreachable_case),
    (Rule::OutpostUnreachable, outpost_unreachable_case),
    (Rule::DistanceImbalance, distance_imbalance_case),
    (Rule::StaticFairness, static_fairness_case),
    (Rule::CertificateVoid, certificate_void_case),
    (Rule::CertificateWeak, certificate_weak_case),
    (Rule::OutpostBlind, outpost_blind_case),
    (Rule::GridOutsideArea, grid_outside_area_case),
];

fn check_rule(rule: Rule) {
    let builders: Vec<_> = CASES
        .iter()
        .filter(|(r, _)| *r == rule)
        .map(|(_, b)| b)
        .collect();
    assert_eq!(
        builders.len(),
        1,
        "rule {rule} must have exactly one case in CASES"
    );
    let case = builders[0]();
    assert!(
        case.expected.iter().any(|&(r, _)| r == rule),
        "the case for {rule} does not expect {rule}"
    );
    assert_findings(rule.id(), &case.findings, &case.expected);
}

macro_rules! rule_tests {
    ($($name:ident => $rule:ident,)*) => {
        $(
            #[test]
            fn $name() {
                check_rule(Rule::$rule);
            }
        )*
    };
}

rule_tests! {
    rule_zone_count => ZoneCount,
    rule_zone_size => ZoneSize,
    rule_zone_unusable => ZoneUnusable,
    rule_zone_overlap => ZoneOverlap,
    rule_zone_blocked => ZoneBlocked,
    rule_feature_unusable => FeatureUnusable,
    rule_feature_stacked => FeatureStacked,
    rule_base_missing => BaseMissing,
    rule_base_unreachable => BaseUnreachable,
    rule_owner_invalid => OwnerInvalid,
    rule_pack_missing_map => PackMissingMap,
    rule_pack_bad_path => PackBadPath,
    rule_pack_bad_roster => PackBadRoster,
    rule_pack_missing_preview => PackMissingPreview,
    rule_zone_disconnected => ZoneDisconnected,
    rule_barracks_missing => BarracksMissing,
    rule_objective_unreachable => ObjectiveUnreachable,
    rule_outpost_unreachable => OutpostUnreachable,
    rule_distance_imbalance => DistanceImbalance,
    rule_static_fairness => StaticFairness,
    rule_certificate_void => CertificateVoid,
    rule_certificate_weak => CertificateWeak,
    rule_outpost_blind => OutpostBlind,
    rule_grid_outside_area => GridOutsideArea,
}

#[test]
fn every_rule_has_a_case() {
    for &rule in Rule::ALL {
        let n = CASES.iter().filter(|(r, _)| *r == rule).count();
        assert_eq!(
            n, 1,
            "rule {rule} has {n} cases in CASES; add exactly one (and a rule_tests! line)"
        );
    }
    assert_eq!(CASES.len(), Rule::ALL.len(), "CASES lists a rule twice");
    // Run them all here too, so a rule added to CASES without a named test
    // is still exercised.
    for &rule in Rule::ALL {
        check_rule(rule);
    }
}

#[test]
fn rule_ids_are_stable_unique_and_round_trip() {
    let ids: Vec<&str> = Rule::ALL.iter().map(|r| r.id()).collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), ids.len(), "duplicate rule ids: {ids:?}");
    for &rule in Rule::ALL {
        let id = rule.id();
        assert!(
            !id.is_empty() && id.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
            "{id} is not kebab-case"
        );
        assert_eq!(Rule::from_id(id), Some(rule));
        assert_eq!(rule.to_string(), id);
        assert_eq!(
            rule.severity(),
            documented_severity(rule),
            "severity of {id}"
        );
        assert!(!rule.summary().is_empty());
    }
    assert_eq!(Rule::from_id("no-such-rule"), None);
}

fn validation_doc() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/validation.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text of every fenced block of language `lang` in `text`.
fn fenced<'a>(text: &'a str, lang: &str) -> Vec<&'a str> {
    let open = format!("```{lang}\n");
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(&open) {
        let body = &rest[i + open.len()..];
        let end = body.find("```").expect("unclosed code block");
        out.push(&body[..end]);
        rest = &body[end + 3..];
    }
    out
}

/// The part of `doc` from the heading `heading` to the next heading of the
/// same or a higher level.
fn doc_section<'a>(doc: &'a str, heading: &str) -> &'a str {
    let start = doc
        .find(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("docs/validation.md has no \"{heading}\""));
    let body = &doc[start + heading.len() + 2..];
    let level = heading.split(' ').next().unwrap();
    let end = body
        .match_indices('\n')
        .map(|(i, _)| i + 1)
        .find(|&i| {
            body[i..].starts_with('#')
                && body[i..]
                    .split(' ')
                    .next()
                    .is_some_and(|h| h.len() <= level.len())
        })
        .unwrap_or(body.len());
    &body[..end]
}

/// The fields a documentation example replaces in the example map.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Patch {
    players: Option<u8>,
    grid: Option<Polygon>,
    terrain: Option<Vec<TerrainPiece>>,
    features: Option<Vec<Feature>>,
    zones: Option<Vec<Zone>>,
    certificates: Option<Vec<hexwright_engine::map::certificate::Certificate>>,
}

fn output_line(file: &str, f: &Finding) -> String {
    let at = f
        .hex
        .map(|h| format!(":{},{}", h.x, h.y))
        .unwrap_or_default();
    format!("{} {} {file}{at} {}", f.severity, f.rule, f.message)
}

/// The findings of a rule's documented example, as `hexwright validate` lines.
fn run_doc_example(rule: Rule, example: &Map, snippet: &str) -> Vec<String> {
    if matches!(
        rule,
        Rule::PackMissingMap | Rule::PackBadPath | Rule::PackBadRoster | Rule::PackMissingPreview
    ) {
        let tmp = TempDir::new("doc");
        let dir = tmp.path().join("my-pack");
        std::fs::create_dir_all(&dir).unwrap();
        // The roster of the pack-bad-roster example: one race without a
        // commander.
        std::fs::write(
            dir.join("roster.ron"),
            "(format: 1, name: \"Broken\", races: [(name: \"Wardens\", units: [])])\n",
        )
        .unwrap();
        std::fs::write(dir.join(pack::MANIFEST_FILE), snippet).unwrap();
        format::save_atomic(example, &dir.join("crossing.ron")).unwrap();
        let loaded = pack::load_pack(&dir).unwrap();
        let prefix = format!("{}/", tmp.path().display());
        return loaded
            .findings
            .iter()
            .map(|f| output_line("my-pack/pack.ron", f).replace(&prefix, ""))
            .collect();
    }
    let opts =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let patch: Patch = opts
        .from_str(&format!("({snippet})"))
        .unwrap_or_else(|e| panic!("{rule}: the example does not parse: {e}"));
    let mut m = example.clone();
    if let Some(n) = patch.players {
        m.players = n;
    }
    if let Some(g) = patch.grid {
        m.grid = g;
    }
    if let Some(t) = patch.terrain {
        m.terrain = t;
    }
    if let Some(f) = patch.features {
        m.features = f;
    }
    if let Some(z) = patch.zones {
        m.zones = z;
    }
    if let Some(c) = patch.certificates {
        m.certificates = c;
    }
    let mut findings = run(&m);
    if rule == Rule::StaticFairness {
        // What `hexwright validate` adds from the map analysis.
        let coverage = Coverage::new(&m).unwrap();
        let movement = hexwright_engine::analysis::Movement::for_players(m.player_count());
        findings.extend(
            hexwright_engine::analysis::Analysis::new(&m, &coverage, movement).static_finding(&m),
        );
    }
    findings
        .iter()
        .map(|f| output_line("example.ron", f))
        .collect()
}

#[test]
fn every_rule_is_documented_with_a_working_example() {
    let doc = validation_doc();
    let example_text = fenced(doc_section(&doc, "## The example map"), "ron")[0];
    let example = format::parse_map(example_text, "example.ron").unwrap();
    assert_eq!(
        run(&example),
        Vec::<Finding>::new(),
        "the documented example map must be valid"
    );
    for &rule in Rule::ALL {
        let section = doc_section(&doc, &format!("### `{}`", rule.id()));
        let severity = format!("**Severity:** {}.", rule.severity());
        assert!(
            section.contains(&severity),
            "{rule}: the section does not say \"{severity}\""
        );
        let snippet = *fenced(section, "ron")
            .first()
            .unwrap_or_else(|| panic!("{rule}: no ```ron example"));
        let documented: Vec<&str> = fenced(section, "text")
            .iter()
            .flat_map(|t| t.lines())
            .collect();
        assert!(!documented.is_empty(), "{rule}: no ```text output");
        let output = run_doc_example(rule, &example, snippet);
        for line in &documented {
            assert!(
                output.iter().any(|o| o == line),
                "{rule}: documented line\n  {line}\nis not in the output:\n{output:#?}"
            );
        }
        for line in output
            .iter()
            .filter(|o| o.split(' ').nth(1) == Some(rule.id()))
        {
            assert!(
                documented.contains(&line.as_str()),
                "{rule}: output line\n  {line}\nis not documented"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// The valid map and finer points of each rule
// ---------------------------------------------------------------------------

/// A certificate binds to what the games are played on: the map's name,
/// its description and a terrain piece that overlaps no hex of the grid
/// keep it; a hex made unusable, a feature or a zone hex moved void it. A
/// certificate written before (naming the whole file's hash) holds while
/// the file is unchanged.
#[test]
fn a_certificate_binds_to_what_the_game_is_played_on() {
    use hexwright_engine::map::certificate::map_content_hash;
    let mut m = valid_map();
    let hash = board_hash(&m, &Coverage::new(&m).unwrap());
    m.certificates.push(certificate(&hash));
    let holds = |m: &Map| m.certificates[0].holds_for(m);
    assert!(holds(&m));

    let mut renamed = m.clone();
    renamed.meta.name = "Valid, renamed".into();
    renamed.meta.description = "a new description".into();
    assert!(holds(&renamed), "metadata is not played on");
    assert!(run(&renamed).is_empty());

    // Beside the grid, on the map area's corner: it covers no hex.
    let mut beside = m.clone();
    let off = rock(TerrainShape::Circle {
        center: Coord(Point::new(1.0, 1.0)),
        radius: Length::new(1.5).unwrap(),
    });
    let c = Coverage::new(&beside).unwrap();
    assert!(!c.overlaps_grid(&off.shape));
    beside.terrain.push(off);
    assert!(holds(&beside), "a piece that covers no hex changes nothing");

    let mut blocked = m.clone();
    let over = circle_over(&blocked, Hex::new(0, 0));
    assert!(c.overlaps_grid(&over.shape));
    blocked.terrain.push(over);
    assert!(!holds(&blocked), "a hex made unusable");

    let mut moved = m.clone();
    moved.features[0].hex = Hex::new(-8, 0);
    assert!(!holds(&moved), "a base moved");

    let mut zone = m.clone();
    zone.zones[0].hexes[0] = Hex::new(-3, -3);
    assert!(!holds(&zone), "a zone hex moved");

    // Written before certificates bound to the board: the whole file.
    let mut old = valid_map();
    let whole = map_content_hash(&old).unwrap();
    old.certificates.push(certificate(&whole));
    assert!(holds(&old));
    old.meta.name = "Renamed".into();
    assert!(!holds(&old));
}

/// A distance of one step reads "1 step" (issue 59, 8: it read "1 steps").
#[test]
fn a_distance_of_one_step_is_singular() {
    let mut m = valid_map();
    m.features = features_without(&m, |f| f.kind == FeatureKind::Objective);
    // Beside side 0's zone (which ends at q = -6), far from side 1's.
    m.features.push(feature(-5, 0, FeatureKind::Objective));
    let found = run(&m);
    let f = found
        .iter()
        .find(|f| f.rule == Rule::DistanceImbalance)
        .expect("the objective is nearer side 0");
    assert!(
        f.message.contains("side 0's is 1 step (at"),
        "{}",
        f.message
    );
    assert!(!f.message.contains(" 1 steps"), "{}", f.message);
}

#[test]
fn valid_map_has_no_findings() {
    let m = valid_map();
    assert_eq!(run(&m), Vec::<Finding>::new());
}

#[test]
fn valid_map_is_balanced_by_construction() {
    // The premise of the distance cases: both sides are equally far from
    // every target of the valid map (so any imbalance comes from the defect).
    let m = valid_map();
    let c = Coverage::new(&m).unwrap();
    let f0 = DistanceField::from_sources(&m, &c, &m.zones[0].hexes);
    let f1 = DistanceField::from_sources(&m, &c, &m.zones[1].hexes);
    for h in [hex(0, -4), hex(6, -6)] {
        assert_eq!(f0.to_hex(h), f1.to_hex(-h), "{h:?}");
        assert!(f0.to_hex(h).is_some());
    }
    assert_eq!(f0.to_adjacent(hex(8, 1)), f1.to_adjacent(hex(-8, -1)));
    assert_eq!(
        (f0.to_hex(hex(-2, 2)), f1.to_hex(hex(-2, 2))),
        (Some(5), Some(8))
    );
    assert_eq!(
        (f0.to_hex(hex(-1, -1)), f1.to_hex(hex(-1, -1))),
        (Some(5), Some(7))
    );
}

#[test]
fn findings_are_sorted_errors_first() {
    // Several defects at once: the order is severity, then rule, then hex.
    let mut m = valid_map();
    m.zones.retain(|z| z.side != PlayerId(1));
    m.features.push(feature(0, 4, FeatureKind::Bush));
    m.features = features_without(&m, |f| {
        f.kind == FeatureKind::Barracks { side: PlayerId(0) }
    });
    m.features.push(feature(40, 0, FeatureKind::Bush));
    let found: Vec<&str> = run(&m).iter().map(|f| f.rule.id()).collect();
    assert_eq!(
        found,
        [
            "zone-count",
            "feature-unusable",
            "feature-stacked",
            "barracks-missing"
        ]
    );
}

#[test]
fn finding_display_is_severity_rule_hex_message() {
    let f = Finding::new(Rule::FeatureStacked, Some(hex(3, -2)), "two features");
    assert_eq!(f.to_string(), "error feature-stacked 3,-2 two features");
    let f = Finding::new(Rule::BarracksMissing, None, "no barracks");
    assert_eq!(f.to_string(), "warning barracks-missing no barracks");
}

#[test]
fn zone_count_two_zones_for_one_side() {
    // A second, otherwise valid zone for side 0: the hex is the first zone's first.
    let mut m = valid_map();
    m.zones.push(zone(
        0,
        &(-4..=0).flat_map(|q| [(q, 7), (q, 8)]).collect::<Vec<_>>(),
    ));
    let found = run(&m);
    assert_findings("two zones", &found, &[(Rule::ZoneCount, Some(hex(-10, 0)))]);
    assert!(
        found[0].message.contains("2 starting zones"),
        "{}",
        found[0].message
    );
}

#[test]
fn zone_size_counts_distinct_hexes() {
    // A repeated hex does not count twice: 11 entries, 10 distinct hexes.
    let mut m = valid_map();
    m.zones[0].hexes.push(hex(-10, 0));
    assert_findings("duplicate entry", &run(&m), &[]);
    // 11 distinct hexes are one too many.
    let mut m = valid_map();
    m.zones[0].hexes.push(hex(-11, 1));
    let found = run(&m);
    assert_findings("11 hexes", &found, &[(Rule::ZoneSize, Some(hex(-10, 0)))]);
    assert!(
        found[0].message.contains("remove 1"),
        "{}",
        found[0].message
    );
    // An empty zone has no hex to point at (and side 1 reaches nothing).
    let mut m = valid_map();
    m.zones[1].hexes.clear();
    assert_findings(
        "empty zone",
        &run(&m),
        &[
            (Rule::ZoneSize, None),
            (Rule::BaseUnreachable, Some(hex(-8, -1))),
            (Rule::ObjectiveUnreachable, Some(hex(0, -4))),
            (Rule::ObjectiveUnreachable, Some(hex(0, 4))),
            (Rule::OutpostUnreachable, Some(hex(6, -6))),
            (Rule::OutpostUnreachable, Some(hex(-6, 6))),
        ],
    );
}

#[test]
fn zone_unusable_outside_the_grid() {
    // The far corner of side 0's zone is swapped for a hex left of the grid
    // (which also splits the zone).
    let mut m = valid_map();
    for h in &mut m.zones[0].hexes {
        if *h == hex(-10, 1) {
            *h = hex(-13, 1);
        }
    }
    let c = Coverage::new(&m).unwrap();
    assert!(
        !c.in_grid(hex(-13, 1)),
        "premise: (-13, 1) is outside the grid"
    );
    let found = validate::validate(&m, &c);
    assert_findings(
        "outside",
        &found,
        &[
            (Rule::ZoneUnusable, Some(hex(-13, 1))),
            (Rule::ZoneDisconnected, Some(hex(-10, 0))),
        ],
    );
    assert!(
        found[0].message.contains("outside the grid"),
        "{}",
        found[0].message
    );
}

#[test]
fn feature_unusable_outside_the_grid() {
    let mut m = valid_map();
    m.features.push(feature(40, 0, FeatureKind::Bush));
    let found = run(&m);
    assert_findings(
        "outside",
        &found,
        &[(Rule::FeatureUnusable, Some(hex(40, 0)))],
    );
    assert!(
        found[0].message.contains("outside the grid"),
        "{}",
        found[0].message
    );
}

#[test]
fn owner_invalid_for_bases_and_zones() {
    // A base of side 7 (it also blocks its hex, like any base).
    let mut m = valid_map();
    m.features
        .push(feature(0, -8, FeatureKind::Base { side: PlayerId(7) }));
    assert_findings("base", &run(&m), &[(Rule::OwnerInvalid, Some(hex(0, -8)))]);
    // A third zone, of side 2: 10 usable connected hexes of its own.
    let mut m = valid_map();
    m.zones.push(zone(
        2,
        &(-4..=0).flat_map(|q| [(q, 7), (q, 8)]).collect::<Vec<_>>(),
    ));
    assert_findings("zone", &run(&m), &[(Rule::OwnerInvalid, Some(hex(-4, 7)))]);
}

#[test]
fn distance_difference_equal_to_margin_is_fine() {
    // (-1, -1) is 5 steps from side 0 and 7 from side 1: exactly the margin.
    assert_eq!(DISTANCE_MARGIN, 2);
    let mut m = valid_map();
    m.features = features_without(&m, |f| f.kind == FeatureKind::Objective);
    m.features.push(feature(-1, -1, FeatureKind::Objective));
    assert_findings("margin", &run(&m), &[]);
}

#[test]
fn distance_imbalance_compares_sorted_lists() {
    // Each of these objectives favours one side by 6 steps, but each side
    // has one objective 3 steps away and one 9 steps away: balanced.
    let mut m = valid_map();
    m.features = features_without(&m, |f| f.kind == FeatureKind::Objective);
    m.features.push(feature(-3, 0, FeatureKind::Objective));
    m.features.push(feature(3, 0, FeatureKind::Objective));
    assert_findings("mirrored pair", &run(&m), &[]);

    // Both objectives near side 0: side 0's list is [3, 4], side 1's is
    // [8, 9]. The 1st nearest differ (3 vs 8, side 1's is at (-2, 0)), and so
    // do the 2nd (4 vs 9, side 1's is at (-3, 0)).
    let mut m = valid_map();
    m.features = features_without(&m, |f| f.kind == FeatureKind::Objective);
    m.features.push(feature(-3, 0, FeatureKind::Objective));
    m.features.push(feature(-2, 0, FeatureKind::Objective));
    let found = run(&m);
    assert_findings(
        "one-sided pair",
        &found,
        &[
            (Rule::DistanceImbalance, Some(hex(-2, 0))),
            (Rule::DistanceImbalance, Some(hex(-3, 0))),
        ],
    );
    let messages: Vec<&str> = found.iter().map(|f| f.message.as_str()).collect();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("'s nearest") && m.contains("8 steps")),
        "{messages:#?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("2nd nearest") && m.contains("9 steps")),
        "{messages:#?}"
    );
}

#[test]
fn distance_imbalance_for_outposts() {
    let mut m = valid_map();
    m.features = features_without(&m, |f| f.kind == FeatureKind::Outpost);
    m.features.push(feature(-2, 2, FeatureKind::Outpost));
    let found = run(&m);
    assert_findings(
        "outpost",
        &found,
        &[(Rule::DistanceImbalance, Some(hex(-2, 2)))],
    );
    assert!(found[0].message.contains("Outpost"), "{}", found[0].message);
}

#[test]
fn distance_imbalance_for_the_enemy_base() {
    // Side 0's base moves towards the middle: side 1 reaches it in 10 steps
    // (9 to stand next to it, 1 to attack), side 0 still needs 14 for side
    // 1's base. The finding points at the base that is too far away.
    let mut m = valid_map();
    m.features = features_without(&m, |f| f.kind == FeatureKind::Base { side: PlayerId(0) });
    m.features
        .push(feature(-4, -1, FeatureKind::Base { side: PlayerId(0) }));
    let found = run(&m);
    assert_findings(
        "base",
        &found,
        &[(Rule::DistanceImbalance, Some(hex(8, 1)))],
    );
    assert!(
        found[0].message.contains("14 steps"),
        "{}",
        found[0].message
    );
}

#[test]
fn bases_are_never_entered() {
    // A base on a zone hex is never a source.
    let mut m = valid_map();
    m.features
        .push(feature(-6, 0, FeatureKind::Base { side: PlayerId(1) }));
    let c = Coverage::new(&m).unwrap();
    let f0 = DistanceField::from_sources(&m, &c, &m.zones[0].hexes);
    assert_eq!(f0.to_hex(hex(-6, 0)), None);
    assert_eq!(f0.to_hex(hex(-6, 1)), Some(0));
}

#[test]
fn unreachable_base_is_not_reported_when_it_is_unusable() {
    // The base itself under rock: that is feature-unusable, not base-unreachable.
    let mut m = valid_map();
    m.terrain.push(circle_over(&m, hex(8, 1)));
    assert_findings(
        "unusable base",
        &run(&m),
        &[(Rule::FeatureUnusable, Some(hex(8, 1)))],
    );
}

#[test]
fn validate_survives_extreme_hex_coordinates() {
    // Files may name any i32 hex; validation must report, not overflow.
    let mut m = valid_map();
    let far = [
        hex(i32::MAX, i32::MAX),
        hex(i32::MIN, i32::MIN),
        hex(i32::MAX, i32::MIN),
        hex(i32::MIN, 0),
    ];
    for h in far {
        m.features.push(Feature {
            hex: h,
            kind: FeatureKind::Outpost,
        });
        m.features.push(Feature {
            hex: h,
            kind: FeatureKind::Base { side: PlayerId(1) },
        });
    }
    m.zones.push(Zone {
        side: PlayerId(0),
        hexes: far.to_vec(),
    });
    m.zones.push(Zone {
        side: PlayerId(1),
        hexes: far.to_vec(),
    });
    let found = run(&m);
    assert!(
        found
            .iter()
            .any(|f| f.rule == Rule::FeatureUnusable && f.hex == Some(far[0]))
    );
    assert!(
        found
            .iter()
            .any(|f| f.rule == Rule::OutpostBlind && f.hex == Some(far[1]))
    );
    assert!(found.iter().any(|f| f.rule == Rule::ZoneDisconnected));
    assert!(found.iter().any(|f| f.rule == Rule::ZoneCount));
}

// ---------------------------------------------------------------------------
// Maps for three and four players
// ---------------------------------------------------------------------------

/// The mirror image of a hex across the vertical axis through hex (0, 0)
/// (pointy hexes: x -> -x).
fn mirror_x((q, r): (i32, i32)) -> (i32, i32) {
    (-q - r, r)
}

/// The mirror image across the horizontal axis (y -> -y).
fn mirror_y((q, r): (i32, i32)) -> (i32, i32) {
    (q + r, -r)
}

/// Where a hex of side 0's quarter lies for another side.
type Image = fn((i32, i32)) -> (i32, i32);

/// A valid four-player map on the valid map's board: side 0's quarter in
/// the upper left, and its images in both mirrors for sides 1 (right), 2
/// (below) and 3 (both), so every side is exactly as far from everything.
fn four_player_map() -> Map {
    let mut m = Map::new_empty("Four", Orientation::Pointy, 10.0, 400.0, 300.0).unwrap();
    m.players = 4;
    let images: [Image; 4] = [|h| h, mirror_x, mirror_y, |h| mirror_x(mirror_y(h))];
    let zone0: Vec<(i32, i32)> = (-6..=-2).flat_map(|q| [(q, -6), (q, -5)]).collect();
    for (side, image) in images.iter().enumerate() {
        let side = side as u8;
        let hexes: Vec<(i32, i32)> = zone0.iter().map(|&h| image(h)).collect();
        m.zones.push(zone(side, &hexes));
        let (q, r) = image((-4, -8));
        m.features.push(feature(
            q,
            r,
            FeatureKind::Base {
                side: PlayerId(side),
            },
        ));
        let (q, r) = image((-2, -8));
        m.features.push(feature(
            q,
            r,
            FeatureKind::Barracks {
                side: PlayerId(side),
            },
        ));
        let (q, r) = image((-3, -1));
        m.features.push(feature(q, r, FeatureKind::Objective));
        let (q, r) = image((-1, -3));
        m.features.push(feature(q, r, FeatureKind::Outpost));
    }
    m.features.push(feature(0, 0, FeatureKind::Objective));
    m
}

/// A three-player map made by the editor's 120° turn: side 0's camp in the
/// north (zone, base, barracks, an objective, an Outpost), turned for sides
/// 1 and 2, on a hexagonal grid, with the centre objective.
fn three_player_map() -> Map {
    use hexwright_engine::symmetry::{Centre, Mode, Symmetry};
    let mut m = Map::new_empty("Three", Orientation::Pointy, 10.0, 500.0, 460.0).unwrap();
    m.players = 3;
    let rho = 9.5 * 3f64.sqrt() * 10.0;
    let c = m.area.center();
    let corners = (0..6)
        .map(|k| {
            let a = f64::from(k) * std::f64::consts::FRAC_PI_3;
            Point::new(c.x + rho * a.cos(), c.y + rho * a.sin())
        })
        .collect();
    m.grid = Polygon::new(corners).unwrap();
    let zone0: Vec<(i32, i32)> = (2..=6).flat_map(|q| [(q, -8), (q, -7)]).collect();
    m.zones.push(zone(0, &zone0));
    m.features.extend([
        feature(4, -9, FeatureKind::Base { side: PlayerId(0) }),
        feature(1, -9, FeatureKind::Barracks { side: PlayerId(0) }),
        feature(2, -4, FeatureKind::Objective),
        feature(4, -3, FeatureKind::Outpost),
    ]);
    let images = Symmetry::new(Mode::Turn3, Centre::Hex).images(&m);
    let own: Vec<Feature> = m.features.clone();
    for image in &images {
        m.zones.push(Zone {
            side: image.side(PlayerId(0)),
            hexes: m.zones[0].hexes.iter().map(|&h| image.hex(h)).collect(),
        });
        m.features.extend(own.iter().map(|&f| image.feature(f)));
    }
    m.features.push(feature(0, 0, FeatureKind::Objective));
    m
}

#[test]
fn a_three_player_map_made_by_the_turn_is_valid_and_its_rules_fire() {
    let m = three_player_map();
    assert_eq!(run(&m), Vec::<Finding>::new());
    let rules = |m: &Map| -> Vec<Rule> { run(m).into_iter().map(|f| f.rule).collect() };

    // Side 2 without a zone; a base for a fourth player who is not there.
    let mut bad = m.clone();
    bad.zones.retain(|z| z.side != PlayerId(2));
    bad.features
        .push(feature(0, 3, FeatureKind::Base { side: PlayerId(3) }));
    let found = rules(&bad);
    assert!(found.contains(&Rule::ZoneCount), "{found:?}");
    assert!(found.contains(&Rule::OwnerInvalid), "{found:?}");

    // Side 1's own objective moved far off: the sides' distances differ.
    let mut far = m.clone();
    let images = hexwright_engine::symmetry::Symmetry::new(
        hexwright_engine::symmetry::Mode::Turn3,
        hexwright_engine::symmetry::Centre::Hex,
    )
    .images(&m);
    let side1_objective = images[0].hex(Hex::new(2, -4));
    for f in &mut far.features {
        if f.hex == side1_objective {
            f.hex = Hex::new(-8, 4);
        }
    }
    assert!(rules(&far).contains(&Rule::DistanceImbalance));
}

#[test]
fn a_symmetric_four_player_map_is_valid() {
    assert_eq!(run(&four_player_map()), Vec::<Finding>::new());
}

#[test]
fn four_player_rules_check_every_side() {
    // Side 3 without its zone and base: both are missing, and nothing is
    // measured from a zone it does not have.
    let mut m = four_player_map();
    m.zones.retain(|z| z.side != PlayerId(3));
    m.features
        .retain(|f| f.kind != FeatureKind::Base { side: PlayerId(3) });
    let found = run(&m);
    let rules: Vec<&str> = found.iter().map(|f| f.rule.id()).collect();
    assert!(rules.contains(&"zone-count"), "{found:#?}");
    assert!(rules.contains(&"base-missing"), "{found:#?}");
    assert!(
        found
            .iter()
            .any(|f| f.rule == Rule::ZoneCount && f.message.contains("side 3")),
        "{found:#?}"
    );
    // Side 4 does not exist on a four-player map; side 3 does.
    let mut m = four_player_map();
    m.features
        .push(feature(0, 8, FeatureKind::Barracks { side: PlayerId(4) }));
    let found = run(&m);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].rule, Rule::OwnerInvalid);
    assert!(
        found[0]
            .message
            .contains("only sides 0 to 3 exist; set its side to 0, 1, 2 or 3"),
        "{}",
        found[0].message
    );
    // The same map read as a two-player map: sides 2 and 3 are invalid.
    let mut m = four_player_map();
    m.players = 2;
    let invalid = run(&m)
        .into_iter()
        .filter(|f| f.rule == Rule::OwnerInvalid)
        .count();
    assert_eq!(invalid, 2 * 3, "two zones, two bases, two barracks");
}

#[test]
fn four_player_distances_compare_the_farthest_side_with_the_nearest() {
    // Side 2's quarter objective moves far away: side 2 is the far side.
    let mut m = four_player_map();
    let moved = mirror_y((-3, -1));
    for f in &mut m.features {
        if (f.hex.x, f.hex.y) == moved {
            f.hex = hex(9, 1);
        }
    }
    let found = run(&m);
    let imbalance: Vec<&Finding> = found
        .iter()
        .filter(|f| f.rule == Rule::DistanceImbalance)
        .collect();
    assert!(!imbalance.is_empty(), "{found:#?}");
    assert!(
        imbalance.iter().all(|f| f.severity == Severity::Warning),
        "{imbalance:#?}"
    );
}

#[test]
fn a_base_walled_off_from_one_of_three_players_is_unreachable() {
    // Three players: the four-player map without side 3. Then a ring of rock
    // around side 2's base shuts it off from everyone.
    let mut m = four_player_map();
    m.players = 3;
    m.zones.retain(|z| z.side != PlayerId(3));
    m.features.retain(|f| f.kind.side() != Some(PlayerId(3)));
    let base2 = m
        .features
        .iter()
        .find(|f| f.kind == FeatureKind::Base { side: PlayerId(2) })
        .unwrap()
        .hex;
    assert!(
        run(&m).iter().all(|f| f.severity == Severity::Warning),
        "three players on the same board: only warnings (the missing fourth quarter unbalances distances)"
    );
    for n in Hex::new(base2.x, base2.y).all_neighbors() {
        let piece = circle_over(&m, n);
        m.terrain.push(piece);
    }
    let found = run(&m);
    let unreachable: Vec<&Finding> = found
        .iter()
        .filter(|f| f.rule == Rule::BaseUnreachable)
        .collect();
    assert_eq!(
        unreachable.len(),
        2,
        "sides 0 and 1 cannot reach it: {found:#?}"
    );
    assert!(unreachable.iter().all(|f| f.hex == Some(base2)));
}

#[test]
fn akw_rules_v1_refuses_a_valid_four_player_map_by_its_player_count() {
    use hexwright_engine::rules::Roster;
    use hexwright_engine::rules::scenario::{ScenarioError, rules_for};
    match rules_for(&four_player_map(), Roster::bundled(), 60, "four.ron") {
        Err(e @ ScenarioError::Players { found: 4, .. }) => {
            let text = e.to_string();
            assert!(text.contains("akw-rules-v1 plays exactly 2"), "{text}");
        }
        other => panic!("{other:?}"),
    }
}
