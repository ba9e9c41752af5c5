//! The bundled map pack (`maps/` in the repository), embedded in the binary
//! so the app works from any directory.

use anyhow::Context as _;
use hexwright_engine::format;
use hexwright_engine::map::Map;
use hexwright_engine::pack::Manifest;

/// The manifest text (`maps/pack.ron`).
pub const MANIFEST: &str = include_str!("../../../maps/pack.ron");

/// Every bundled map file: `(file name, RON text)`, in manifest order.
pub const MAPS: &[(&str, &str)] = &[
    (
        "twin-fords.ron",
        include_str!("../../../maps/twin-fords.ron"),
    ),
    (
        "broken-crown.ron",
        include_str!("../../../maps/broken-crown.ron"),
    ),
    (
        "ember-isles.ron",
        include_str!("../../../maps/ember-isles.ron"),
    ),
    (
        "three-passes.ron",
        include_str!("../../../maps/three-passes.ron"),
    ),
    (
        "four-corners.ron",
        include_str!("../../../maps/four-corners.ron"),
    ),
];

/// The bundled pack's manifest.
pub fn manifest() -> anyhow::Result<Manifest> {
    Manifest::parse(MANIFEST, "bundled:pack.ron").context("the bundled pack manifest is broken")
}

/// Parses the bundled map `file` (as listed in the manifest).
pub fn map(file: &str) -> anyhow::Result<Map> {
    let (_, text) = MAPS
        .iter()
        .find(|(name, _)| *name == file)
        .with_context(|| format!("no bundled map named {file}"))?;
    Ok(format::parse_map(text, &format!("bundled:{file}"))?)
}

/// The map the app opens by default: the first map of the bundled pack.
pub fn default_map() -> anyhow::Result<Map> {
    let manifest = manifest()?;
    let first = manifest
        .maps
        .first()
        .context("the bundled pack lists no maps")?;
    map(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexwright_engine::coverage::Coverage;
    use hexwright_engine::validate;

    #[test]
    fn embedded_files_match_the_manifest() {
        let manifest = manifest().unwrap();
        let embedded: Vec<&str> = MAPS.iter().map(|(n, _)| *n).collect();
        assert_eq!(manifest.maps, embedded);
    }

    #[test]
    fn every_bundled_map_is_valid() {
        for (name, _) in MAPS {
            let m = map(name).unwrap();
            let c = Coverage::new(&m).unwrap();
            assert_eq!(validate::validate(&m, &c), vec![], "{name}");
        }
        assert!(default_map().is_ok());
    }
}
