//! `hexwright validate PATH...`: validation findings for map files, packs
//! and plain folders of maps.
//!
//! A folder with a `pack.ron` is a pack (its manifest says which maps it
//! holds). A folder without one is a plain folder: every `*.ron` file in it
//! (not in subfolders), in name order, is validated as a map, except the
//! files that are scenarios, rosters or replays, which are skipped (said on
//! stderr). A file that is none of these — a broken map — is a load failure
//! as usual, and a folder with no map at all is one too.
//!
//! A pack or folder of many large maps can take minutes (each map's usable
//! hexes are bounded by the work limits, the pack by its map count and
//! bytes, but not their product): on a terminal, a progress bar counts the
//! maps checked, and Ctrl-C stops at no cost, since nothing is written but
//! the report. There is no pack-wide time budget: a map left
//! unchecked would let a CI run pass on a map nobody validated.

use hexwright_engine::Hex;
use hexwright_engine::analysis::{Analysis, Movement};
use hexwright_engine::coverage::Coverage;
use hexwright_engine::format::{self, LoadError};
use hexwright_engine::map::Map;
use hexwright_engine::pack::{self, MANIFEST_FILE};
use hexwright_engine::replay::AnyReplay;
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::scenario::Scenario;
use hexwright_engine::validate::{self, Finding, Severity};
use rayon::prelude::*;
use serde::Serialize;
use std::io::Write;
use std::path::Path;

/// One line of output.
#[derive(Debug, Serialize)]
struct Row {
    severity: &'static str,
    rule: &'static str,
    file: String,
    hex: Option<HexJson>,
    message: String,
}

#[derive(Debug, Serialize)]
struct HexJson {
    q: i32,
    r: i32,
}

impl Row {
    fn finding(file: &str, f: &Finding) -> Self {
        Self {
            severity: f.severity.as_str(),
            rule: f.rule.id(),
            file: file.to_owned(),
            hex: f.hex.map(|h: Hex| HexJson { q: h.x, r: h.y }),
            message: f.message.clone(),
        }
    }

    fn load_failed(e: &LoadError) -> Self {
        Self {
            severity: Severity::Error.as_str(),
            rule: "load-failed",
            file: e.path().to_owned(),
            hex: None,
            message: e.to_string(),
        }
    }
}

#[derive(Default)]
struct Report {
    rows: Vec<Row>,
    /// Notes for standard error: files in a folder skipped as not maps.
    notes: Vec<String>,
    load_failed: bool,
}

/// A map's findings, or the limit its usable hexes ran into. A map with no
/// error also gets the engine's static fairness verdict
/// ([`hexwright_engine::analysis::fairness::Fairness::verdict`]) as a
/// `static-fairness` warning when its figures are uneven: the verdict the
/// editor's Fairness panel and `hexwright analyze` show.
fn check(file: &str, map: &Map) -> Result<Vec<Finding>, LoadError> {
    let coverage = Coverage::new(map).map_err(|e| LoadError::Limit {
        path: file.to_owned(),
        source: e,
    })?;
    let mut findings = validate::validate(map, &coverage);
    if !validate::has_errors(&findings) {
        let a = Analysis::new(map, &coverage, Movement::for_players(map.player_count()));
        findings.extend(a.static_finding(map));
    }
    Ok(findings)
}

impl Report {
    fn map(&mut self, file: &str, map: &Map) {
        let checked = check(file, map);
        self.add(file, checked);
    }

    fn add(&mut self, file: &str, checked: Result<Vec<Finding>, LoadError>) {
        match checked {
            Ok(findings) => {
                for f in findings {
                    self.rows.push(Row::finding(file, &f));
                }
            }
            Err(e) => self.failed(&e),
        }
    }

    fn failed(&mut self, e: &LoadError) {
        self.load_failed = true;
        self.rows.push(Row::load_failed(e));
    }

    /// A load failure that is not a file's: `message` about `file`.
    fn refused(&mut self, file: &str, message: String) {
        self.load_failed = true;
        self.rows.push(Row {
            severity: Severity::Error.as_str(),
            rule: "load-failed",
            file: file.to_owned(),
            hex: None,
            message,
        });
    }

    /// A folder without a manifest: every map file in it.
    fn folder(&mut self, dir: &Path) {
        let name = dir.display().to_string();
        let entries = match std::fs::read_dir(dir) {
            Ok(e) => e,
            Err(e) => return self.refused(&name, format!("cannot read the folder {name}: {e}")),
        };
        let mut files: Vec<_> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron") && p.is_file())
            .collect();
        files.sort();
        if files.len() > MAX_FOLDER_FILES {
            return self.refused(
                &name,
                format!(
                    "{name} has {} .ron files; a folder is checked up to {MAX_FOLDER_FILES} \
                     (give the maps as a pack with a {MANIFEST_FILE})",
                    files.len()
                ),
            );
        }
        let mut maps = 0;
        let bar = crate::progress::bar(files.len(), "files");
        for path in files {
            if let Some(b) = &bar {
                b.inc(1);
            }
            let file = path.display().to_string();
            let text = match format::read_text(&path) {
                Ok(t) => t,
                Err(e) => {
                    self.failed(&e);
                    continue;
                }
            };
            match format::parse_map(&text, &file) {
                Ok(map) => {
                    maps += 1;
                    self.map(&file, &map);
                }
                Err(e) => match other_kind(&text, &file) {
                    Some(kind) => self
                        .notes
                        .push(format!("note: skipped {file}: {kind}, not a map")),
                    None => self.failed(&e),
                },
            }
        }
        if let Some(b) = &bar {
            b.finish_and_clear();
        }
        if maps == 0 && !self.load_failed {
            self.refused(
                &name,
                format!("{name} has no {MANIFEST_FILE} and no map files (*.ron)"),
            );
        }
    }

    /// A zipped pack: unpacked, checked as a pack, its files named inside
    /// the archive.
    fn zipped(&mut self, path: &Path) {
        match hexwright_headless::files::zipped::Unzipped::open(path) {
            Ok(unzipped) => {
                let first = self.rows.len();
                self.path(unzipped.dir());
                for row in &mut self.rows[first..] {
                    row.file = unzipped.shown(&row.file);
                    row.message = unzipped.shown(&row.message);
                }
            }
            Err(e) => self.refused(
                &path.display().to_string(),
                format!("{}", hexwright_headless::report::Chain(&e)),
            ),
        }
    }

    fn path(&mut self, path: &Path) {
        if hexwright_headless::files::zipped::is_zip(path) {
            return self.zipped(path);
        }
        if path.is_dir() && !path.join(MANIFEST_FILE).exists() {
            return self.folder(path);
        }
        let is_manifest = path.file_name().is_some_and(|n| n == MANIFEST_FILE);
        if path.is_dir() || is_manifest {
            let dir = if is_manifest {
                path.parent().unwrap_or(Path::new("."))
            } else {
                path
            };
            match pack::load_pack(dir) {
                Ok(p) => {
                    let manifest_file = dir.join(MANIFEST_FILE).display().to_string();
                    for f in &p.findings {
                        self.rows.push(Row::finding(&manifest_file, f));
                    }
                    // The pack's maps are checked in parallel, reported in order.
                    let bar = crate::progress::bar(p.entries.len(), "maps");
                    let checked: Vec<_> = p
                        .entries
                        .par_iter()
                        .map(|entry| {
                            let checked = match &entry.map {
                                Some(Ok(map)) => {
                                    Some(check(&entry.path.display().to_string(), map))
                                }
                                _ => None,
                            };
                            if let Some(b) = &bar {
                                b.inc(1);
                            }
                            checked
                        })
                        .collect();
                    if let Some(b) = &bar {
                        b.finish_and_clear();
                    }
                    for (entry, result) in p.entries.iter().zip(checked) {
                        match (&entry.map, result) {
                            (_, Some(result)) => {
                                self.add(&entry.path.display().to_string(), result);
                            }
                            (Some(Err(e)), None) => self.failed(e),
                            _ => {}
                        }
                    }
                }
                Err(e) => self.failed(&e),
            }
        } else {
            match format::load_map(path) {
                Ok(map) => self.map(&path.display().to_string(), &map),
                Err(e) => self.failed(&e),
            }
        }
    }
}

/// The most `.ron` files a plain folder may hold.
const MAX_FOLDER_FILES: usize = 10_000;

/// What a `.ron` file that is not a map is, if it is one of the project's
/// other files.
fn other_kind(text: &str, file: &str) -> Option<&'static str> {
    if Scenario::parse(text, file).is_ok() {
        Some("a scenario")
    } else if Roster::parse(text, file).is_ok() {
        Some("a roster")
    } else if AnyReplay::parse(text, file).is_ok() {
        Some("a replay")
    } else {
        None
    }
}

/// Validates `paths`, writes the findings to `out`, and returns the exit
/// code: 0 no error, 1 any error, 2 a file could not be read or parsed.
pub fn run(
    paths: &[std::path::PathBuf],
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let mut report = Report::default();
    for p in paths {
        report.path(p);
    }
    for note in &report.notes {
        let _ = writeln!(err, "{note}");
    }
    let written = if json {
        serde_json::to_writer_pretty(&mut *out, &report.rows)
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(out))
    } else {
        report.rows.iter().try_for_each(|r| {
            if r.rule == "load-failed" {
                let _ = writeln!(err, "error: {}", r.message);
                return Ok(());
            }
            let hex = r
                .hex
                .as_ref()
                .map(|h| format!(":{},{}", h.q, h.r))
                .unwrap_or_default();
            writeln!(
                out,
                "{} {} {}{hex} {}",
                r.severity, r.rule, r.file, r.message
            )
        })
    };
    if let Err(e) = written {
        let _ = writeln!(err, "error: cannot write the report: {e}");
        return 2;
    }
    let has_errors = report
        .rows
        .iter()
        .any(|r| r.severity == Severity::Error.as_str());
    match (report.load_failed, has_errors) {
        (true, _) => 2,
        (false, true) => 1,
        (false, false) => 0,
    }
}
