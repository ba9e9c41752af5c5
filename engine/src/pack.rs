//! Map packs: a folder holding a `pack.ron` manifest and the map files it
//! lists. A modder zips the folder to share it.
//!
//! ```text
//! my-pack/
//!   pack.ron        (format, name, version, author, description, maps)
//!   crossing.ron
//!   islands.ron
//! ```

use crate::format::{self, LoadError};
use crate::limits;
use crate::map::{FormatVersion, Map};
use crate::validate::{Finding, Rule};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

/// The manifest file name inside a pack folder.
pub const MANIFEST_FILE: &str = "pack.ron";

/// A pack manifest (`pack.ron`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Format version; always 1.
    pub format: FormatVersion,
    /// Display name.
    pub name: String,
    /// The pack's own version, e.g. `1.0.0`.
    pub version: String,
    /// Who made it.
    #[serde(default)]
    pub author: String,
    /// Free text.
    #[serde(default)]
    pub description: String,
    /// Map files, relative to the pack folder, in display order.
    pub maps: Vec<String>,
    /// A roster file (relative to the pack folder) that replaces the
    /// bundled roster for matches on the pack's maps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roster: Option<String>,
}

impl Manifest {
    /// Parses a manifest from RON text.
    pub fn parse(text: &str, origin: &str) -> Result<Self, LoadError> {
        let m: Self = format::parse_ron(text, origin)?;
        if m.maps.len() > limits::MAX_PACK_MAPS {
            return Err(LoadError::Syntax {
                path: origin.to_owned(),
                line: 1,
                column: 1,
                message: format!(
                    "the pack lists {} maps; the limit is {}",
                    m.maps.len(),
                    limits::MAX_PACK_MAPS
                ),
            });
        }
        Ok(m)
    }

    /// Findings about the manifest's own map list: paths that leave the
    /// pack folder or repeat.
    #[must_use]
    pub fn check_paths(&self) -> Vec<Finding> {
        let mut out = Vec::new();
        let mut seen = BTreeSet::new();
        for m in &self.maps {
            if !is_safe_relative(m) {
                out.push(Finding::new(
                    Rule::PackBadPath,
                    None,
                    format!("the manifest lists \"{m}\", which is not a plain path inside the pack folder; use a relative path without \"..\""),
                ));
            } else if !seen.insert(Path::new(m).components().collect::<PathBuf>()) {
                // Compared by components, so `a//b.ron` and `a/b.ron/` repeat `a/b.ron`.
                out.push(Finding::new(
                    Rule::PackBadPath,
                    None,
                    format!("the manifest lists \"{m}\" twice; list each map once"),
                ));
            }
        }
        if let Some(r) = &self.roster
            && !is_safe_relative(r)
        {
            out.push(Finding::new(
                Rule::PackBadPath,
                None,
                format!("the manifest names the roster \"{r}\", which is not a plain path inside the pack folder; use a relative path without \"..\""),
            ));
        }
        out
    }
}

/// Whether `p` is a relative path that stays inside its folder.
#[must_use]
pub fn is_safe_relative(p: &str) -> bool {
    let path = Path::new(p);
    !p.is_empty() && path.components().all(|c| matches!(c, Component::Normal(_)))
}

/// One map entry of a loaded pack.
#[derive(Debug)]
pub struct PackEntry {
    /// The path as the manifest lists it.
    pub name: String,
    /// The file on disk.
    pub path: PathBuf,
    /// The map, or why it could not be loaded. `None` when the file is missing
    /// or its path is unsafe (reported by [`LoadedPack::findings`]).
    pub map: Option<Result<Map, LoadError>>,
}

/// A pack read from a folder.
#[derive(Debug)]
pub struct LoadedPack {
    /// The folder.
    pub dir: PathBuf,
    /// The manifest.
    pub manifest: Manifest,
    /// Its maps, in manifest order.
    pub entries: Vec<PackEntry>,
    /// Pack-level findings (bad or missing map paths).
    pub findings: Vec<Finding>,
}

/// Loads the pack in folder `dir`. Fails only when the manifest itself cannot
/// be read; each map's own load result is kept in its entry.
pub fn load_pack(dir: &Path) -> Result<LoadedPack, LoadError> {
    let manifest_path = dir.join(MANIFEST_FILE);
    let manifest = Manifest::parse(
        &format::read_text(&manifest_path)?,
        &manifest_path.display().to_string(),
    )?;
    let mut findings = manifest.check_paths();
    let mut entries = Vec::new();
    for name in &manifest.maps {
        let path = dir.join(name);
        let map = if !is_safe_relative(name) {
            None
        } else if path.is_file() {
            Some(format::load_map(&path))
        } else {
            findings.push(Finding::new(
                Rule::PackMissingMap,
                None,
                format!("the manifest lists \"{name}\", but {} does not exist; add the file or remove it from the list", path.display()),
            ));
            None
        };
        entries.push(PackEntry {
            name: name.clone(),
            path,
            map,
        });
    }
    Ok(LoadedPack {
        dir: dir.to_path_buf(),
        manifest,
        entries,
        findings,
    })
}

/// Writes a pack folder: the manifest and every map, each atomically.
pub fn save_pack(dir: &Path, manifest: &Manifest, maps: &[Map]) -> Result<(), format::SaveError> {
    std::fs::create_dir_all(dir).map_err(|source| format::SaveError::Io {
        path: dir.display().to_string(),
        source,
    })?;
    for (name, map) in manifest.maps.iter().zip(maps) {
        if !is_safe_relative(name) {
            return Err(format::SaveError::Io {
                path: name.clone(),
                source: std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    "map path leaves the pack folder",
                ),
            });
        }
        format::save_atomic(map, &dir.join(name))?;
    }
    format::save_atomic(manifest, &dir.join(MANIFEST_FILE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsafe_paths_are_rejected() {
        assert!(is_safe_relative("a.ron"));
        assert!(is_safe_relative("sub/a.ron"));
        assert!(!is_safe_relative("../a.ron"));
        assert!(!is_safe_relative("/etc/passwd"));
        assert!(!is_safe_relative("./a.ron"));
        assert!(!is_safe_relative(""));
    }
}
