//! Map packs: a folder holding a `pack.ron` manifest and the map and
//! scenario files it lists. A modder zips the folder to share it.
//!
//! ```text
//! my-pack/
//!   pack.ron        (format, name, version, author, description, maps, scenarios)
//!   crossing.ron
//!   islands.ron
//!   scenarios/
//!     ambush.ron    (a scenario: map: Path("../crossing.ron"), armies, ...)
//! ```

use crate::format::{self, LoadError};
pub use crate::format::{MANIFEST_FILE, pack_root_of, resolve_in_pack};
use crate::limits;
use crate::map::{FormatVersion, Map};
use crate::rules::roster::{Roster, RosterError};
use crate::rules::scenario::{MapRef, Scenario, ScenarioError};
use crate::validate::{Finding, Rule};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

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
    /// Scenario files (relative to the pack folder), in display order: a
    /// map of the pack with armies, seed and round limit set up.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scenarios: Vec<String>,
    /// A preview image per map: map file → image file (both relative to the
    /// pack folder), e.g. a PNG made by `hexwright render`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub previews: BTreeMap<String, String>,
}

impl Manifest {
    /// Parses a manifest from RON text.
    pub fn parse(text: &str, origin: &str) -> Result<Self, LoadError> {
        let m: Self = format::parse_ron(text, origin)?;
        for (count, what) in [(m.maps.len(), "maps"), (m.scenarios.len(), "scenarios")] {
            if count > limits::MAX_PACK_MAPS {
                return Err(LoadError::Syntax {
                    path: origin.to_owned(),
                    line: 1,
                    column: 1,
                    message: format!(
                        "the pack lists {count} {what}; the limit is {}",
                        limits::MAX_PACK_MAPS
                    ),
                });
            }
        }
        Ok(m)
    }

    /// Findings about the manifest's own map and scenario lists: paths that
    /// leave the pack folder or repeat.
    #[must_use]
    pub fn check_paths(&self) -> Vec<Finding> {
        let mut out = Vec::new();
        for (list, what) in [(&self.maps, "map"), (&self.scenarios, "scenario")] {
            let mut seen = BTreeSet::new();
            for m in list {
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
                        format!("the manifest lists \"{m}\" twice; list each {what} once"),
                    ));
                }
            }
        }
        for image in self.previews.values() {
            if !is_safe_relative(image) {
                out.push(Finding::new(
                    Rule::PackBadPath,
                    None,
                    format!("the manifest names the preview image \"{image}\", which is not a plain path inside the pack folder; use a relative path without \"..\""),
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

/// One scenario entry of a loaded pack.
#[derive(Debug)]
pub struct ScenarioEntry {
    /// The path as the manifest lists it.
    pub name: String,
    /// The file on disk.
    pub path: PathBuf,
    /// The scenario, or why it could not be read (its file, line and
    /// column for a syntax error). `None` when the file is missing or its
    /// path is unsafe (reported by [`LoadedPack::findings`]). Only the file
    /// is read here: whether the scenario can be played (its map, armies,
    /// opening) is [`Scenario::prepare`]'s business.
    pub scenario: Option<Result<Scenario, ScenarioError>>,
}

impl ScenarioEntry {
    /// The scenario's display name: its file name without `.ron`.
    #[must_use]
    pub fn title(&self) -> String {
        Path::new(&self.name)
            .file_stem()
            .map_or_else(|| self.name.clone(), |s| s.to_string_lossy().into_owned())
    }
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
    /// Its scenarios, in manifest order.
    pub scenarios: Vec<ScenarioEntry>,
    /// The roster the manifest names, read and checked, or why it cannot be
    /// used; `None` when it names none (or names an unsafe path, reported
    /// in [`Self::findings`]).
    pub roster: Option<Result<Roster, PackRosterError>>,
    /// Pack-level findings (bad or missing map and scenario paths, scenario
    /// maps outside the pack folder).
    pub findings: Vec<Finding>,
}

/// The folder a path names once `.` and `..` are resolved by name only (no
/// file system access), or `None` when `..` climbs above its start.
fn normalize(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// The path of the map file that a scenario listed as `scenario` (relative
/// to the pack folder) names with `map: Path(map)`, relative to the pack
/// folder, or `None` when it leaves the pack folder.
#[must_use]
pub fn scenario_map_in_pack(scenario: &str, map: &str) -> Option<String> {
    if Path::new(map).is_absolute() {
        return None;
    }
    let base = Path::new(scenario).parent().unwrap_or(Path::new(""));
    let joined = normalize(&base.join(map))?;
    let text = joined
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/");
    is_safe_relative(&text).then_some(text)
}

/// Why a pack's roster cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum PackRosterError {
    /// The file cannot be read (missing, not a file, outside the pack).
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The file is read but is not a valid roster.
    #[error(transparent)]
    Roster(#[from] RosterError),
}

/// Reads the roster `name` that the manifest `manifest_path` of the pack in
/// `dir` names, refusing one outside the pack folder (symbolic links
/// included).
pub fn load_pack_roster(
    dir: &Path,
    name: &str,
    manifest_path: &str,
) -> Result<Roster, PackRosterError> {
    if !is_safe_relative(name) {
        return Err(LoadError::OutsidePack {
            path: manifest_path.to_owned(),
            what: "the roster",
            name: name.to_owned(),
            root: dir.display().to_string(),
        }
        .into());
    }
    let path = resolve_in_pack(dir, dir, name, manifest_path, "the roster")?;
    let text = format::read_text(&path)?;
    Ok(Roster::parse(&text, &dir.join(name).display().to_string())?)
}

/// A roster error in one line (its problems joined by `; `), for a finding.
fn one_line(e: &PackRosterError) -> String {
    match e {
        PackRosterError::Roster(RosterError::Invalid { file, problems }) => format!(
            "{file}: the roster breaks {} rule(s): {}",
            problems.len(),
            problems.join("; ")
        ),
        e => e.to_string(),
    }
}

/// Whether an error is a missing file (a finding, not a load failure).
fn is_missing(e: &LoadError) -> bool {
    matches!(e, LoadError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound)
}

/// Loads the pack in folder `dir`. Fails only when the manifest itself cannot
/// be read; each map's and each scenario's own load result is kept in its
/// entry.
pub fn load_pack(dir: &Path) -> Result<LoadedPack, LoadError> {
    let manifest_path = dir.join(MANIFEST_FILE);
    let real_manifest = resolve_in_pack(
        dir,
        dir,
        MANIFEST_FILE,
        &dir.display().to_string(),
        "the manifest",
    )?;
    let manifest = Manifest::parse(
        &format::read_text(&real_manifest).map_err(|e| rename(e, &manifest_path))?,
        &manifest_path.display().to_string(),
    )?;
    let mut findings = manifest.check_paths();
    let shown = manifest_path.display().to_string();
    let size = listed_bytes(dir, &manifest, &shown);
    if size > limits::MAX_PACK_BYTES {
        return Err(LoadError::PackTooLarge { path: shown, size });
    }
    // Maps are read and parsed in parallel (most of a big pack's time);
    // entries and findings keep the manifest's order.
    let read: Vec<(PackEntry, Option<Finding>)> = manifest
        .maps
        .par_iter()
        .map(|name| map_entry(dir, name, &shown))
        .collect();
    let mut entries = Vec::with_capacity(read.len());
    for (entry, finding) in read {
        entries.push(entry);
        findings.extend(finding);
    }
    let scenarios = manifest
        .scenarios
        .iter()
        .map(|name| scenario_entry(dir, name, &shown, &mut findings))
        .collect();
    findings.extend(preview_findings(dir, &manifest, &shown));
    let roster = manifest
        .roster
        .as_deref()
        .filter(|name| is_safe_relative(name))
        .map(|name| load_pack_roster(dir, name, &shown));
    if let (Some(Err(e)), Some(name)) = (&roster, &manifest.roster) {
        findings.push(Finding::new(
            Rule::PackBadRoster,
            None,
            format!(
                "the manifest names the roster \"{name}\", which cannot be used: {}",
                one_line(e)
            ),
        ));
    }
    Ok(LoadedPack {
        dir: dir.to_path_buf(),
        manifest,
        entries,
        scenarios,
        roster,
        findings,
    })
}

/// The total size of the files the manifest lists that can be read (the
/// others get their own errors when they are read).
fn listed_bytes(dir: &Path, manifest: &Manifest, shown: &str) -> u64 {
    manifest
        .maps
        .iter()
        .chain(&manifest.scenarios)
        .chain(&manifest.roster)
        .filter(|name| is_safe_relative(name))
        .filter_map(|name| resolve_in_pack(dir, dir, name, shown, "the file").ok())
        .filter_map(|real| std::fs::metadata(real).ok())
        .filter(std::fs::Metadata::is_file)
        .map(|m| m.len())
        .sum()
}

/// Warnings for preview images that do not exist, and for previews of maps
/// the pack does not list.
fn preview_findings(dir: &Path, manifest: &Manifest, shown: &str) -> Vec<Finding> {
    let mut out = Vec::new();
    for (map, image) in &manifest.previews {
        if !manifest.maps.contains(map) {
            out.push(Finding::new(
                Rule::PackMissingPreview,
                None,
                format!("the manifest names a preview for \"{map}\", which is not one of its maps; list the map or remove the preview"),
            ));
        }
        if is_safe_relative(image)
            && let Err(e) = resolve_in_pack(dir, dir, image, shown, "the preview image")
            && is_missing(&e)
        {
            out.push(Finding::new(
                Rule::PackMissingPreview,
                None,
                format!(
                    "the preview image \"{image}\" of \"{map}\" does not exist at {}; make it with `hexwright render {map} -o {image}` or remove it",
                    dir.join(image).display()
                ),
            ));
        }
    }
    out
}

/// The finding for a listed file that does not exist.
fn missing(what: &str, name: &str, path: &Path) -> Finding {
    Finding::new(
        Rule::PackMissingMap,
        None,
        format!(
            "the manifest lists {what}\"{name}\", but {} does not exist; add the file or remove it from the list",
            path.display()
        ),
    )
}

/// Reads the map `name` that the manifest `shown` of the pack in `dir`
/// lists; with the finding when it does not exist.
fn map_entry(dir: &Path, name: &str, shown: &str) -> (PackEntry, Option<Finding>) {
    let path = dir.join(name);
    let mut finding = None;
    let map = if is_safe_relative(name) {
        match resolve_in_pack(dir, dir, name, shown, "the map") {
            Ok(real) => Some(format::load_map(&real).map_err(|e| rename(e, &path))),
            Err(e) if is_missing(&e) => {
                finding = Some(missing("", name, &path));
                None
            }
            Err(e) => Some(Err(e)),
        }
    } else {
        None
    };
    let entry = PackEntry {
        name: name.to_owned(),
        path,
        map,
    };
    (entry, finding)
}

/// Reads the scenario `name` that the manifest `shown` of the pack in `dir`
/// lists, and checks that the map it names is inside the pack.
fn scenario_entry(
    dir: &Path,
    name: &str,
    shown: &str,
    findings: &mut Vec<Finding>,
) -> ScenarioEntry {
    let path = dir.join(name);
    let scenario = if is_safe_relative(name) {
        match resolve_in_pack(dir, dir, name, shown, "the scenario") {
            Ok(real) => Some(
                format::read_text(&real)
                    .map_err(|e| ScenarioError::from(rename(e, &path)))
                    .and_then(|text| Scenario::parse(&text, &path.display().to_string())),
            ),
            Err(e) if is_missing(&e) => {
                findings.push(missing("the scenario ", name, &path));
                None
            }
            Err(e) => Some(Err(e.into())),
        }
    } else {
        None
    };
    if let Some(Ok(Scenario {
        map: MapRef::Path(map),
        ..
    })) = &scenario
    {
        let base = path.parent().unwrap_or(dir);
        let inside = scenario_map_in_pack(name, map).is_some()
            && !matches!(
                resolve_in_pack(dir, base, map, &path.display().to_string(), "the map"),
                Err(LoadError::OutsidePack { .. })
            );
        if !inside {
            findings.push(Finding::new(
                Rule::PackBadPath,
                None,
                format!("the scenario \"{name}\" names the map \"{map}\", which is not inside the pack folder (symbolic links followed); use a path to one of the pack's maps, relative to the scenario's folder"),
            ));
        }
    }
    ScenarioEntry {
        name: name.to_owned(),
        path,
        scenario,
    }
}

/// An error about the resolved file `real`, told with the path as the pack
/// names it (`dir/name`), so messages do not show where links lead.
fn rename(e: LoadError, shown: &Path) -> LoadError {
    let path = shown.display().to_string();
    match e {
        LoadError::Io { source, .. } => LoadError::Io { path, source },
        LoadError::TooLarge { size, .. } => LoadError::TooLarge { path, size },
        LoadError::NotText { offset, .. } => LoadError::NotText { path, offset },
        LoadError::NotAFile { kind, .. } => LoadError::NotAFile { path, kind },
        LoadError::Syntax {
            line,
            column,
            message,
            ..
        } => LoadError::Syntax {
            path,
            line,
            column,
            message,
        },
        LoadError::Limit { source, .. } => LoadError::Limit { path, source },
        e @ (LoadError::OutsidePack { .. } | LoadError::PackTooLarge { .. }) => e,
    }
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

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "hexwright-engine-pack-{name}-{}",
            std::process::id()
        ));
        std::fs::remove_dir_all(&d).ok();
        d
    }

    fn manifest(scenarios: &[&str]) -> Manifest {
        Manifest {
            format: FormatVersion,
            name: "P".into(),
            version: "1".into(),
            author: String::new(),
            description: String::new(),
            maps: vec!["m.ron".into()],
            roster: None,
            scenarios: scenarios.iter().map(|s| (*s).to_owned()).collect(),
            previews: BTreeMap::new(),
        }
    }

    #[test]
    fn a_manifest_with_scenarios_round_trips() {
        let m = manifest(&["a.ron", "scenarios/b.ron"]);
        let text = format::to_ron_string(&m).unwrap();
        assert!(text.contains("scenarios"));
        assert_eq!(Manifest::parse(&text, "pack.ron").unwrap(), m);
        assert!(m.check_paths().is_empty());
        // Without scenarios the field is left out, so older manifests stay as they were.
        let bare = manifest(&[]);
        let text = format::to_ron_string(&bare).unwrap();
        assert!(!text.contains("scenarios"));
        assert_eq!(Manifest::parse(&text, "pack.ron").unwrap(), bare);
    }

    #[test]
    fn unsafe_or_repeated_scenario_paths_are_findings() {
        let m = manifest(&["../x.ron", "/abs.ron", "a.ron", "a.ron", "m.ron"]);
        let f = m.check_paths();
        assert_eq!(f.len(), 3, "{f:?}");
        assert!(f.iter().all(|f| f.rule == Rule::PackBadPath));
        assert!(f[0].message.contains("../x.ron"));
        assert!(f[2].message.contains("list each scenario once"));
    }

    #[test]
    fn a_pack_too_large_in_all_is_refused_before_any_map_is_read() {
        let dir = temp("too-large");
        std::fs::create_dir_all(&dir).unwrap();
        // Five maps of 7 MiB each (under the per-file limit): 35 MiB in all.
        let mut m = manifest(&[]);
        m.maps = (0..5).map(|i| format!("m{i}.ron")).collect();
        for name in &m.maps {
            let f = std::fs::File::create(dir.join(name)).unwrap();
            f.set_len(7 * 1024 * 1024).unwrap();
        }
        std::fs::write(dir.join(MANIFEST_FILE), format::to_ron_string(&m).unwrap()).unwrap();
        let e = load_pack(&dir).unwrap_err();
        assert!(
            matches!(e, LoadError::PackTooLarge { size, .. } if size == 35 * 1024 * 1024),
            "{e}"
        );
        assert!(e.to_string().contains("split it into smaller packs"), "{e}");
        // Four of them fit (and then fail one by one as the junk they are).
        m.maps.pop();
        std::fs::write(dir.join(MANIFEST_FILE), format::to_ron_string(&m).unwrap()).unwrap();
        let p = load_pack(&dir).unwrap();
        assert!(p.entries.iter().all(|e| matches!(e.map, Some(Err(_)))));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn too_many_scenarios_are_refused() {
        let names: Vec<String> = (0..=limits::MAX_PACK_MAPS)
            .map(|i| format!("s{i}.ron"))
            .collect();
        let mut m = manifest(&[]);
        m.scenarios = names;
        let text = format::to_ron_string(&m).unwrap();
        let e = Manifest::parse(&text, "pack.ron").unwrap_err();
        assert!(e.to_string().contains("scenarios; the limit is"), "{e}");
    }

    #[test]
    fn scenario_maps_resolve_inside_the_pack() {
        assert_eq!(
            scenario_map_in_pack("a.ron", "m.ron").as_deref(),
            Some("m.ron")
        );
        assert_eq!(
            scenario_map_in_pack("sc/a.ron", "../m.ron").as_deref(),
            Some("m.ron")
        );
        assert_eq!(
            scenario_map_in_pack("sc/a.ron", "./x/m.ron").as_deref(),
            Some("sc/x/m.ron")
        );
        assert_eq!(scenario_map_in_pack("a.ron", "../m.ron"), None);
        assert_eq!(scenario_map_in_pack("a.ron", "/etc/passwd"), None);
        assert_eq!(scenario_map_in_pack("a.ron", ""), None);
    }

    #[test]
    fn load_pack_reads_scenarios_and_keeps_each_error() {
        let dir = temp("scenarios");
        std::fs::create_dir_all(dir.join("sc")).unwrap();
        let good = "(format: 1, map: Path(\"../m.ron\"), seed: 3)";
        std::fs::write(dir.join("sc/good.ron"), good).unwrap();
        std::fs::write(dir.join("bad.ron"), "(format: 1,\n  map: Nope)").unwrap();
        std::fs::write(dir.join("out.ron"), "(format: 1, map: Path(\"../m.ron\"))").unwrap();
        let m = manifest(&[
            "sc/good.ron",
            "bad.ron",
            "missing.ron",
            "out.ron",
            "../up.ron",
        ]);
        format::save_atomic(&m, &dir.join(MANIFEST_FILE)).unwrap();
        let p = load_pack(&dir).unwrap();
        assert_eq!(p.scenarios.len(), 5);
        let s = p.scenarios[0].scenario.as_ref().unwrap().as_ref().unwrap();
        assert_eq!(s.seed, 3);
        assert_eq!(p.scenarios[0].title(), "good");
        let e = p.scenarios[1]
            .scenario
            .as_ref()
            .unwrap()
            .as_ref()
            .unwrap_err();
        assert!(e.to_string().contains("bad.ron:2:"), "{e}");
        assert!(p.scenarios[2].scenario.is_none());
        assert!(p.scenarios[4].scenario.is_none());
        let messages: Vec<&str> = p.findings.iter().map(|f| f.message.as_str()).collect();
        assert!(
            messages.iter().any(|m| m.contains("\"missing.ron\"")),
            "{messages:?}"
        );
        assert!(
            messages.iter().any(|m| m.contains("\"../up.ron\"")),
            "{messages:?}"
        );
        assert!(
            messages
                .iter()
                .any(|m| m.contains("\"out.ron\" names the map")),
            "{messages:?}"
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
