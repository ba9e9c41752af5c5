//! Generates the bundled map pack, `maps/` at the repository root:
//! `pack.ron` ("Hexwright Classics") and the five maps it lists.
//!
//! ```text
//! cargo run -p hexwright-engine --example make_bundled_maps
//! ```
//!
//! Every map is built here through the engine's public API, checked
//! (coverage, validation, usable-hex count, symmetry) and only then
//! written with [`format::save_atomic`], so the files are canonical RON and
//! running the example again reproduces them byte for byte. Edit this file,
//! not the `.ron` files, to change a bundled map; `engine/tests/bundled.rs`
//! checks the committed files.
//!
//! The symmetric designs are then made fair by the edits the balance
//! assistant chose for them ([`balance`]), and each map keeps the fairness
//! certificates of the committed file that still hold for it; a design
//! change voids them, and the example says which maps need certifying
//! again.
//!
//! # Fairness by construction
//!
//! Every two-player map is point-symmetric about the centre of its map area. The
//! [`Design`] helper adds each terrain piece together with its reflection
//! `(x, y) -> (width - x, height - y)`, each feature at hex `h` together with
//! one at `-h` (barracks and bases change sides), and side 1's starting zone
//! as the negation of side 0's. The grid region is given as the first half of
//! its corners; the second half is their reflection. Coordinates are rounded
//! to quarters so that reflected values are exact. With the centre hex
//! `(0, 0)` mapping to itself, an odd number of Energy objectives puts one
//! there. Side 0 always starts on the west or north, side 1 opposite.
//!
//! # The maps
//!
//! **Twin Fords** (`twin-fords.ron`, flat hexes, the default map). A
//! chamfered rectangle cut into three bands by two meandering rivers (brush
//! strokes of water), each crossable only at two fords that an eraser stroke
//! opens in the river. Each side's home band holds its base, two barracks, a
//! wood and a rock bluff; the middle band holds the central objective, two
//! boulders (circles) and two woods on its edges. Every ford leads to an
//! Energy objective on the middle band, and one ford of each river carries an
//! Outpost, with a bush on the home bank to wait in.
//!
//! **Broken Crown** (`broken-crown.ron`, pointy hexes). A near-round field
//! around a crown of cliffs: four rock polygons with spiked outer edges ring
//! the central objective, and four one-hex breaks between them are the only
//! ways into the court, where a pair of rock pillars give cover. Bases sit on
//! the north and south rims with one barracks each; the flanks hold an Energy
//! objective beside a chasm crack (a thin brush stroke that narrows the way
//! round), an Outpost covering a break of the crown, woods and boulders.
//!
//! **Ember Isles** (`ember-isles.ron`, flat hexes). A jagged coastline holds
//! seven islands: a home island for each side, four islets and the cratered
//! central isle. Water brush strokes form the channels and the lagoon ring
//! around the centre, polygons cut two deep sounds in from the north and
//! south coasts, and chasms (craters, a fissure stroke and a rift polygon)
//! scar the rock. Narrow land bridges are the only links: home island to its
//! two islets, each islet to the central isle, so every road to the enemy
//! crosses the centre. The near islets hold an Energy objective (north-west
//! for side 0) and an Outpost guarding a bridge to the centre (south-west).
//!
//! **Three Passes** (`three-passes.ron`, pointy hexes, three players). A
//! hexagonal vale with a camp on every other rim edge: side 0 north, side 1
//! south-east, side 2 south-west. It turns onto itself by 120° about the
//! centre hex ([`DesignN`]): every piece, feature and zone of side 0's third
//! is repeated turned by 120° for side 1 and by 240° for side 2. Each camp
//! has its base against the rim, a barracks, a pond and a wood beside its
//! zone, a chasm crack and an objective ahead. A rock ridge runs in from
//! the rim between each pair of neighbours and ends at a pass held by an
//! Outpost, with a bush to wait in and a spur of rock beyond; three rock
//! pillars ring the central objective.
//!
//! **Four Corners** (`four-corners.ron`, pointy hexes, four players). A
//! chamfered field with a camp in each corner: side 0 north-west, side 1
//! north-east, side 2 south-west, side 3 south-east. It is symmetric in both
//! mirrors through the centre ([`DesignN`]): every piece, feature and zone
//! of side 0's quarter is repeated in the other three, owned by their side.
//! Each camp has its base against the rim, a barracks, a pond and a wood
//! behind its zone, a rock bluff and a chasm crack towards its neighbours;
//! between each pair of neighbours an Outpost with a bush to wait in, and a
//! forward Energy objective; four rock pillars ring the central objective.

mod balance;
mod design;
mod maps;

use design::swap_side;
use maps::{broken_crown, ember_isles, four_corners, three_passes, twin_fords};

use hexwright_engine::coverage::Coverage;
use hexwright_engine::format;
use hexwright_engine::map::{FormatVersion, Map};
use hexwright_engine::pack::{MANIFEST_FILE, Manifest};
use hexwright_engine::player::PlayerId;
use hexwright_engine::summary::Summary;
use hexwright_engine::symmetry::{self, Centre, Mode, Symmetry};
use hexwright_engine::validate;
use std::collections::BTreeSet;
use std::error::Error;
use std::path::PathBuf;

/// A function that builds one bundled map.
type Builder = fn() -> Map;

/// The pack's maps, in manifest order: file name and builder. The first one
/// is the map the app opens by default.
const MAPS: [(&str, Builder); 5] = [
    ("twin-fords.ron", twin_fords),
    ("broken-crown.ron", broken_crown),
    ("ember-isles.ron", ember_isles),
    ("three-passes.ron", three_passes),
    ("four-corners.ron", four_corners),
];

/// Usable hexes every bundled two-player map must have.
const USABLE_RANGE: std::ops::RangeInclusive<usize> = 150..=400;

/// Usable hexes every bundled map for three or four players must have.
const USABLE_RANGE_MANY: std::ops::RangeInclusive<usize> = 250..=600;

/// Checks everything the bundled maps promise; the error says what is wrong.
fn check(file: &str, map: &Map) -> Result<Coverage, String> {
    let coverage = Coverage::new(map).map_err(|e| format!("{file}: {e}"))?;
    let findings = validate::validate(map, &coverage);
    if !findings.is_empty() {
        let lines: Vec<String> = findings.iter().map(|f| format!("  {f}")).collect();
        return Err(format!(
            "{file} has validation findings:\n{}",
            lines.join("\n")
        ));
    }
    let usable = coverage.usable_count();
    let range = if map.players == 2 {
        USABLE_RANGE
    } else {
        USABLE_RANGE_MANY
    };
    if !range.contains(&usable) {
        return Err(format!(
            "{file} has {usable} usable hexes; bundled maps for {} players need {range:?}",
            map.players
        ));
    }
    if map.players > 2 {
        // The symmetry the editor offers for the player count: no hex
        // breaks it.
        let mode = if map.players == 3 {
            Mode::Turn3
        } else {
            Mode::Mirror4
        };
        let breaks = symmetry::breaks(map, &coverage, Symmetry::new(mode, Centre::Hex));
        if !breaks.is_empty() {
            return Err(format!(
                "{file}: {} hexes break the symmetry {}, e.g. {:?}",
                breaks.len(),
                mode.label(),
                breaks[0]
            ));
        }
        return Ok(coverage);
    }
    let features: BTreeSet<(i32, i32, String)> = map
        .features
        .iter()
        .map(|f| (f.hex.x, f.hex.y, format!("{:?}", f.kind)))
        .collect();
    for f in &map.features {
        let m = -f.hex;
        if !features.contains(&(m.x, m.y, format!("{:?}", swap_side(f.kind)))) {
            return Err(format!(
                "{file}: the {} at {},{} has no mirror image at {},{}",
                f.kind, f.hex.x, f.hex.y, m.x, m.y
            ));
        }
    }
    let zone = |side| -> BTreeSet<(i32, i32)> {
        map.zone_of(side)
            .map(|z| z.hexes.iter().map(|h| (h.x, h.y)).collect())
            .unwrap_or_default()
    };
    if zone(PlayerId(1))
        != zone(PlayerId(0))
            .into_iter()
            .map(|(q, r)| (-q, -r))
            .collect()
    {
        return Err(format!(
            "{file}: side 1's zone is not the reflection of side 0's"
        ));
    }
    Ok(coverage)
}

fn main() -> Result<(), Box<dyn Error>> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../maps"));
    // Check every map before writing any, so a broken design changes nothing:
    // the symmetric design, then the map with its balance edits.
    let mut maps: Vec<(&str, Map)> = Vec::new();
    let mut summaries = Vec::new();
    for &(file, build) in &MAPS {
        let design = build();
        check(file, &design)?;
        let mut map = balance::apply(file, design, balance::edits_for(file))?;
        let coverage = Coverage::new(&map).map_err(|e| format!("{file}: {e}"))?;
        let findings = validate::validate(&map, &coverage);
        if let Some(f) = findings.first() {
            return Err(
                format!("{file} has a validation finding after its balance edits: {f}").into(),
            );
        }
        let old = std::fs::read_to_string(dir.join(file))
            .ok()
            .and_then(|text| format::parse_map(&text, file).ok());
        let (kept, void) = balance::carry_certificates(&mut map, old.as_ref())?;
        if void > 0 {
            println!(
                "{file}: {void} fairness certificates no longer hold (the map changed, or they were made with policy weights no longer shipped); certify it again with `hexwright balance-edit`"
            );
        }
        if kept > 0 {
            println!("{file}: {kept} fairness certificates carried over");
        }
        summaries.push(Summary::new(&map, &coverage));
        maps.push((file, map));
    }
    std::fs::create_dir_all(&dir)?;
    for ((file, map), s) in maps.iter().zip(&summaries) {
        format::save_atomic(map, &dir.join(file))?;
        let features: Vec<String> = s.features.iter().map(|(k, n)| format!("{n} {k}")).collect();
        println!(
            "{file}: {} ({} hexes), {} grid hexes, {} usable, {} unusable, {} terrain pieces; {}",
            s.name,
            s.orientation,
            s.grid_hexes,
            s.usable_hexes,
            s.unusable_hexes,
            s.terrain_pieces,
            features.join(", ")
        );
    }
    let manifest = Manifest {
        format: FormatVersion,
        name: "Hexwright Classics".to_owned(),
        version: "1.0.0".to_owned(),
        author: "Hexwright".to_owned(),
        description: "Five original maps that ship with Hexwright: three for two players (rivers and fords, a broken crown of cliffs, volcanic islands), one for three (a vale parted by ridges) and one for four (a camp in each corner).".to_owned(),
        maps: maps.iter().map(|(file, _)| (*file).to_owned()).collect(),
        roster: None,
        scenarios: Vec::new(),
        previews: std::collections::BTreeMap::new(),
    };
    format::save_atomic(&manifest, &dir.join(MANIFEST_FILE))?;
    println!("wrote {}", dir.join(MANIFEST_FILE).display());
    Ok(())
}
