//! A map pack being edited: the manifest's fields and its list of maps, to
//! reorder, remove from or add to, then save.
//!
//! Maps already in the pack folder stay on disk as they are: the pack
//! editor never rewrites them (open one in the editor to change it), and
//! removing one from the list only takes it out of the manifest. Only maps
//! added from the editor are written, and never over an existing file, so
//! nothing the user made is lost. The manifest is written last, atomically.

use hexwright_engine::format;
use hexwright_engine::map::{FormatVersion, Map};
use hexwright_engine::pack::{self, MANIFEST_FILE, Manifest};
use std::path::{Path, PathBuf};

/// One map listed in the pack.
#[derive(Clone, Debug, PartialEq)]
pub struct DraftEntry {
    /// Path relative to the pack folder, as listed in the manifest.
    pub name: String,
    /// A map added from the editor, to be written when the pack is saved;
    /// `None` for maps already in the folder.
    pub added: Option<Map>,
    /// Why the map in the folder cannot be read, if it cannot.
    pub problem: Option<String>,
}

/// A pack being edited.
#[derive(Clone, Debug, PartialEq)]
pub struct PackDraft {
    /// The pack folder.
    pub dir: PathBuf,
    /// Display name.
    pub name: String,
    /// The pack's own version.
    pub version: String,
    /// Who made it.
    pub author: String,
    /// Free text.
    pub description: String,
    /// The maps, in display order.
    pub entries: Vec<DraftEntry>,
    /// The pack's roster file, kept as the manifest names it.
    pub roster: Option<String>,
}

impl PackDraft {
    /// A new, empty pack to be saved in `dir`.
    #[must_use]
    pub fn new(dir: PathBuf) -> Self {
        let name = dir.file_name().map_or_else(
            || "New pack".to_owned(),
            |n| n.to_string_lossy().into_owned(),
        );
        Self {
            dir,
            name,
            version: "1.0.0".to_owned(),
            author: String::new(),
            description: String::new(),
            entries: Vec::new(),
            roster: None,
        }
    }

    /// Opens the pack in `path`: its folder, or its `pack.ron`.
    pub fn open(path: &Path) -> Result<Self, String> {
        let dir = if path.file_name().is_some_and(|n| n == MANIFEST_FILE) {
            path.parent().unwrap_or(Path::new(".")).to_path_buf()
        } else {
            path.to_path_buf()
        };
        let loaded = pack::load_pack(&dir).map_err(|e| e.to_string())?;
        let entries = loaded
            .entries
            .iter()
            .map(|e| DraftEntry {
                name: e.name.clone(),
                added: None,
                problem: match &e.map {
                    None if !pack::is_safe_relative(&e.name) => {
                        Some("not a plain path inside the pack folder".to_owned())
                    }
                    None => Some("the file does not exist".to_owned()),
                    Some(Err(err)) => Some(err.to_string()),
                    Some(Ok(_)) => None,
                },
            })
            .collect();
        let m = loaded.manifest;
        Ok(Self {
            dir,
            name: m.name,
            version: m.version,
            author: m.author,
            description: m.description,
            entries,
            roster: m.roster,
        })
    }

    /// The file of entry `i`.
    #[must_use]
    pub fn path_of(&self, i: usize) -> Option<PathBuf> {
        self.entries.get(i).map(|e| self.dir.join(&e.name))
    }

    /// Moves entry `i` one place up (`-1`) or down (`1`).
    pub fn shift(&mut self, i: usize, by: isize) {
        let Some(j) = i.checked_add_signed(by) else {
            return;
        };
        if i < self.entries.len() && j < self.entries.len() {
            self.entries.swap(i, j);
        }
    }

    /// Takes entry `i` off the list (its file stays in the folder).
    pub fn remove(&mut self, i: usize) {
        if i < self.entries.len() {
            self.entries.remove(i);
        }
    }

    /// Adds `map` under `name`, written when the pack is saved.
    pub fn add(&mut self, name: &str, map: Map) -> Result<(), String> {
        let name = name.trim();
        if !pack::is_safe_relative(name) {
            return Err(format!(
                "\"{name}\" is not a plain path inside the pack folder"
            ));
        }
        if !Path::new(name)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
        {
            return Err("a map file name ends in .ron".to_owned());
        }
        if self.entries.iter().any(|e| e.name == name) {
            return Err(format!("the pack already lists \"{name}\""));
        }
        if self.dir.join(name).exists() {
            return Err(format!(
                "{} already exists; pick another name",
                self.dir.join(name).display()
            ));
        }
        self.entries.push(DraftEntry {
            name: name.to_owned(),
            added: Some(map),
            problem: None,
        });
        Ok(())
    }

    /// The manifest as it would be saved.
    #[must_use]
    pub fn manifest(&self) -> Manifest {
        Manifest {
            format: FormatVersion,
            name: self.name.trim().to_owned(),
            version: self.version.trim().to_owned(),
            author: self.author.trim().to_owned(),
            description: self.description.trim_end().to_owned(),
            maps: self.entries.iter().map(|e| e.name.clone()).collect(),
            roster: self.roster.clone(),
        }
    }

    /// Writes the added maps, then the manifest. Added maps that were
    /// written become ordinary entries.
    pub fn save(&mut self) -> Result<(), String> {
        let manifest = self.manifest();
        if manifest.name.is_empty() || manifest.version.is_empty() {
            return Err("a pack needs a name and a version".to_owned());
        }
        if let Some(f) = manifest.check_paths().first() {
            return Err(f.message.clone());
        }
        std::fs::create_dir_all(&self.dir).map_err(|e| format!("{}: {e}", self.dir.display()))?;
        for entry in &mut self.entries {
            if let Some(map) = &entry.added {
                let path = self.dir.join(&entry.name);
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent)
                        .map_err(|e| format!("{}: {e}", parent.display()))?;
                }
                format::save_atomic(map, &path).map_err(|e| e.to_string())?;
                entry.added = None;
            }
        }
        format::save_atomic(&manifest, &self.dir.join(MANIFEST_FILE)).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("hexwright-pack-{name}-{}", std::process::id()));
        std::fs::remove_dir_all(&d).ok();
        d
    }

    #[test]
    fn a_new_pack_round_trips_and_keeps_existing_files() {
        let dir = temp("new");
        let mut draft = PackDraft::new(dir.clone());
        let map = crate::bundled::default_map().unwrap();
        draft.add("a.ron", map.clone()).unwrap();
        draft.add("sub/b.ron", map.clone()).unwrap();
        assert!(draft.add("../c.ron", map.clone()).is_err());
        assert!(draft.add("a.ron", map.clone()).is_err());
        assert!(draft.add("c.txt", map.clone()).is_err());
        draft.shift(1, -1);
        draft.save().unwrap();
        let again = PackDraft::open(&dir.join(MANIFEST_FILE)).unwrap();
        assert_eq!(again.manifest().maps, vec!["sub/b.ron", "a.ron"]);
        assert!(again.entries.iter().all(|e| e.problem.is_none()));
        assert_eq!(format::load_map(&dir.join("a.ron")).unwrap(), map);
        // Adding a name whose file exists is refused.
        let mut again = again;
        again.remove(1);
        assert!(again.add("a.ron", map).is_err(), "a.ron is still on disk");
        again.save().unwrap();
        assert!(dir.join("a.ron").exists(), "removing only unlists the map");
        std::fs::remove_dir_all(&dir).ok();
    }
}
