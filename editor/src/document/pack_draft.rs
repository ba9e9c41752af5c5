//! A map pack being edited: the manifest's fields, its list of maps (to
//! reorder, remove from or add to) and its list of scenarios (added when the
//! sandbox saves a scenario into the pack folder, or removed), then save.
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

/// One scenario listed in the pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftScenario {
    /// Path relative to the pack folder, as listed in the manifest.
    pub name: String,
    /// Why the scenario file cannot be read, if it cannot.
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
    /// The scenarios, in display order (their files are never rewritten).
    pub scenarios: Vec<DraftScenario>,
    /// Preview images by map file, kept as the manifest names them (a
    /// map's preview goes when the map is taken off the list).
    pub previews: std::collections::BTreeMap<String, String>,
    /// The zip file the pack was read from, when it was: such a pack is
    /// read only (`dir` is a temporary folder).
    pub archive: Option<PathBuf>,
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
            scenarios: Vec::new(),
            previews: std::collections::BTreeMap::new(),
            archive: None,
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
        let scenarios = loaded
            .scenarios
            .iter()
            .map(|e| DraftScenario {
                name: e.name.clone(),
                problem: match &e.scenario {
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
            scenarios,
            previews: m.previews,
            archive: None,
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

    /// Lists the scenario file `file_name` (relative to the pack folder).
    /// Returns whether it was added: `false` when the path is not a plain
    /// relative path ending in `.ron`, or the pack lists it already. The
    /// file itself is not touched; the manifest lists it once the pack is
    /// saved.
    pub fn add_scenario(&mut self, file_name: &str) -> bool {
        let name = file_name.trim();
        let ok = pack::is_safe_relative(name)
            && Path::new(name)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
            && !self.scenarios.iter().any(|s| same_path(&s.name, name));
        if ok {
            self.scenarios.push(DraftScenario {
                name: name.to_owned(),
                problem: None,
            });
        }
        ok
    }

    /// Lists the scenario file at `path` when it lies inside the pack
    /// folder (the sandbox saved it there). Returns whether it was added;
    /// `false` for a file outside the folder or one listed already.
    pub fn register_scenario(&mut self, path: &Path) -> bool {
        relative_to(&self.dir, path).is_some_and(|name| self.add_scenario(&name))
    }

    /// Takes scenario `i` off the list (its file stays in the folder).
    pub fn remove_scenario(&mut self, i: usize) {
        if i < self.scenarios.len() {
            self.scenarios.remove(i);
        }
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
            scenarios: self.scenarios.iter().map(|s| s.name.clone()).collect(),
            previews: self
                .previews
                .iter()
                .filter(|(map, _)| self.entries.iter().any(|e| &e.name == *map))
                .map(|(m, i)| (m.clone(), i.clone()))
                .collect(),
        }
    }

    /// Writes the added maps, then the manifest. Added maps that were
    /// written become ordinary entries.
    pub fn save(&mut self) -> Result<(), String> {
        if let Some(zip) = &self.archive {
            return Err(format!(
                "{} is a zipped pack, read only: unzip it into a folder to edit it",
                zip.display()
            ));
        }
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

/// Whether two relative paths name the same file (compared by components).
fn same_path(a: &str, b: &str) -> bool {
    Path::new(a).components().eq(Path::new(b).components())
}

/// `path` relative to folder `dir`, with `/` separators, when it lies inside
/// it. Both are made absolute (and resolved through links when they exist)
/// first, so `./pack/x.ron` and `/home/me/pack/x.ron` agree.
#[must_use]
pub fn relative_to(dir: &Path, path: &Path) -> Option<String> {
    let absolute = |p: &Path| -> Option<PathBuf> {
        if let Ok(c) = p.canonicalize() {
            return Some(c);
        }
        // A file not written yet: resolve its folder.
        let parent = p.parent().filter(|d| !d.as_os_str().is_empty());
        let folder = parent.map_or_else(std::env::current_dir, Path::canonicalize);
        Some(folder.ok()?.join(p.file_name()?))
    };
    let dir = dir
        .canonicalize()
        .or_else(|_| std::env::current_dir().map(|c| c.join(dir)))
        .ok()?;
    let rel = absolute(path)?.strip_prefix(&dir).ok()?.to_path_buf();
    let parts: Vec<String> = rel
        .components()
        .map(|c| match c {
            std::path::Component::Normal(n) => Some(n.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let name = parts.join("/");
    pack::is_safe_relative(&name).then_some(name)
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
        let map = hexwright_headless::files::bundled::default_map().unwrap();
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

    #[test]
    fn scenarios_are_listed_saved_reopened_and_removed() {
        let dir = temp("scenarios");
        let mut draft = PackDraft::new(dir.clone());
        draft
            .add(
                "m.ron",
                hexwright_headless::files::bundled::default_map().unwrap(),
            )
            .unwrap();
        assert!(draft.add_scenario("a.ron"));
        assert!(!draft.add_scenario("a.ron"), "listed once");
        assert!(!draft.add_scenario("./a.ron"), "not a plain path");
        assert!(!draft.add_scenario("../b.ron"));
        assert!(!draft.add_scenario("b.txt"));
        std::fs::create_dir_all(dir.join("sc")).unwrap();
        // Registering by path: inside the folder (even spelled with `..`), or not.
        assert!(draft.register_scenario(&dir.join("sc").join("..").join("sc").join("b.ron")));
        assert!(
            !draft.register_scenario(&dir.join("sc/b.ron")),
            "listed already"
        );
        assert!(!draft.register_scenario(&std::env::temp_dir().join("elsewhere.ron")));
        assert_eq!(draft.manifest().scenarios, vec!["a.ron", "sc/b.ron"]);
        let text = "(format: 1, map: Path(\"m.ron\"))";
        std::fs::write(dir.join("a.ron"), text).unwrap();
        draft.save().unwrap();
        let mut again = PackDraft::open(&dir).unwrap();
        assert_eq!(again.manifest().scenarios, vec!["a.ron", "sc/b.ron"]);
        assert_eq!(again.scenarios[0].problem, None);
        assert_eq!(
            again.scenarios[1].problem.as_deref(),
            Some("the file does not exist")
        );
        again.remove_scenario(1);
        again.remove_scenario(7);
        again.save().unwrap();
        let third = PackDraft::open(&dir).unwrap();
        assert_eq!(third.manifest().scenarios, vec!["a.ron"]);
        assert!(dir.join("a.ron").exists());
        std::fs::remove_dir_all(&dir).ok();
    }
}
