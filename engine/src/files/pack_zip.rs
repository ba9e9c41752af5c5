//! Map packs shared as one `.zip` file.
//!
//! [`zip_pack`] writes a pack folder as a zip: the manifest at the root and
//! exactly the files it lists (maps, scenarios, roster, preview images),
//! after checking that the pack loads with no error. [`read_zip`] reads a
//! zipped pack back with the same path-safety rules as a folder — every
//! entry a plain relative path that stays inside the pack, no links — and
//! bounded against zip bombs: at most [`MAX_ZIP_ENTRIES`] entries, each at
//! most [`limits::MAX_FILE_BYTES`] and all together at most
//! [`limits::MAX_PACK_BYTES`] once unpacked, counted as they are unpacked
//! (a size the archive declares is never trusted). [`extract`] writes what
//! it read into a folder, where the pack loads like any other.

use crate::format::{self, LoadError};
use crate::limits;
use crate::pack::{self, MANIFEST_FILE, is_safe_relative};
use crate::validate::{self, Severity};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Most entries (files and folders) a zipped pack may hold.
pub const MAX_ZIP_ENTRIES: usize = 4 * limits::MAX_PACK_MAPS;

/// Why a zipped pack cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ZipError {
    /// The file cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// The file is not a zip archive, or a broken one.
    #[error("{path}: not a readable zip archive: {message}")]
    NotZip {
        /// The file.
        path: String,
        /// The archive reader's reason.
        message: String,
    },
    /// An entry that breaks a rule.
    #[error("{path}: the entry {entry:?} {reason}")]
    BadEntry {
        /// The archive.
        path: String,
        /// The entry's name.
        entry: String,
        /// What is wrong.
        reason: String,
    },
    /// Too many entries, or too many bytes once unpacked.
    #[error("{path}: {reason}")]
    TooLarge {
        /// The archive.
        path: String,
        /// Which limit.
        reason: String,
    },
    /// The archive has no `pack.ron` at its root.
    #[error(
        "{path}: no {MANIFEST_FILE} at the root of the archive; a zipped pack holds its manifest at the top"
    )]
    NoManifest {
        /// The archive.
        path: String,
    },
    /// The pack folder cannot be loaded.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The pack has errors; it is not zipped.
    #[error("{path}: the pack has errors, so it is not zipped: {}", errors.join("; "))]
    Invalid {
        /// The manifest.
        path: String,
        /// The errors, one line each.
        errors: Vec<String>,
    },
}

/// The files of a zipped pack: name (relative path) and bytes, in the
/// archive's order.
pub type Files = Vec<(String, Vec<u8>)>;

/// Reads a zipped pack (see the module docs for the rules).
///
/// # Errors
/// A [`ZipError`] naming the archive and, for a bad entry, the entry.
pub fn read_zip(path: &Path) -> Result<Files, ZipError> {
    let shown = path.display().to_string();
    let file = format::open_regular(path).map_err(|source| ZipError::Io {
        path: shown.clone(),
        source,
    })?;
    let mut archive =
        zip::ZipArchive::new(std::io::BufReader::new(file)).map_err(|e| ZipError::NotZip {
            path: shown.clone(),
            message: e.to_string(),
        })?;
    if archive.len() > MAX_ZIP_ENTRIES {
        return Err(ZipError::TooLarge {
            path: shown,
            reason: format!(
                "{} entries; a zipped pack holds at most {MAX_ZIP_ENTRIES}",
                archive.len()
            ),
        });
    }
    let bad = |entry: &str, reason: &str| ZipError::BadEntry {
        path: shown.clone(),
        entry: entry.to_owned(),
        reason: reason.to_owned(),
    };
    let mut files = Files::new();
    let mut seen = std::collections::HashSet::new();
    let mut total: u64 = 0;
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).map_err(|e| ZipError::NotZip {
            path: shown.clone(),
            message: e.to_string(),
        })?;
        let name = entry
            .name()
            .map_err(|e| ZipError::NotZip {
                path: shown.clone(),
                message: e.to_string(),
            })?
            .into_owned();
        if entry.is_dir() {
            continue;
        }
        if entry.is_symlink() {
            return Err(bad(&name, "is a link; a pack holds plain files only"));
        }
        if name.contains('\\') || name.contains(':') || !is_safe_relative(&name) {
            return Err(bad(
                &name,
                "is not a plain path inside the pack (no \"..\", no leading \"/\", no \"\\\" or \":\")",
            ));
        }
        if name.chars().any(char::is_control) {
            return Err(bad(&name, "has a control character in its name"));
        }
        // `d//a.ron` and `d/./a.ron` unpack to `d/a.ron`: one name each.
        let name = normalised(&name);
        if !seen.insert(name.clone()) {
            return Err(bad(
                &name,
                "appears twice (perhaps spelled differently, as d//a.ron or d/./a.ron)",
            ));
        }
        // Never more than the limits, whatever size the archive declares.
        let mut bytes = Vec::new();
        (&mut entry)
            .take(limits::MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| bad(&name, &format!("cannot be unpacked: {e}")))?;
        if bytes.len() as u64 > limits::MAX_FILE_BYTES {
            return Err(bad(
                &name,
                &format!(
                    "unpacks to more than {} bytes, the limit for one file",
                    limits::MAX_FILE_BYTES
                ),
            ));
        }
        total += bytes.len() as u64;
        if total > limits::MAX_PACK_BYTES {
            return Err(ZipError::TooLarge {
                path: shown,
                reason: format!(
                    "the files unpack to more than {} bytes together, the limit for a pack",
                    limits::MAX_PACK_BYTES
                ),
            });
        }
        files.push((name, bytes));
    }
    if !files.iter().any(|(n, _)| n == MANIFEST_FILE) {
        return Err(ZipError::NoManifest { path: shown });
    }
    Ok(files)
}

/// A safe relative path (see [`is_safe_relative`]) in one spelling: its
/// parts joined by single `/`, with no `.` part.
fn normalised(name: &str) -> String {
    Path::new(name)
        .components()
        .filter_map(|c| match c {
            std::path::Component::Normal(part) => Some(part.to_string_lossy()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Writes `files` (checked by [`read_zip`]) into the folder `dir`.
///
/// # Errors
/// When a file cannot be written.
pub fn extract(files: &Files, dir: &Path) -> Result<(), ZipError> {
    for (name, bytes) in files {
        let path = dir.join(name);
        let io = |source| ZipError::Io {
            path: path.display().to_string(),
            source,
        };
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io)?;
        }
        std::fs::write(&path, bytes).map_err(io)?;
    }
    Ok(())
}

/// The pack in folder `dir` as a zip archive: the manifest and the files it
/// lists. The pack is loaded and validated first; a pack with any error
/// (a missing or broken file, a map with validation errors) is refused.
///
/// # Errors
/// [`ZipError::Invalid`] with every error, or a read failure.
pub fn zip_pack(dir: &Path) -> Result<Vec<u8>, ZipError> {
    zip_pack_read(dir).map(|(bytes, _)| bytes)
}

/// [`zip_pack`], and every file it read.
fn zip_pack_read(dir: &Path) -> Result<(Vec<u8>, Vec<PathBuf>), ZipError> {
    let loaded = pack::load_pack(dir)?;
    let manifest_path = dir.join(MANIFEST_FILE).display().to_string();
    let mut errors: Vec<String> = loaded
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| f.message.clone())
        .collect();
    for e in &loaded.entries {
        match &e.map {
            Some(Ok(map)) => {
                let findings = crate::coverage::Coverage::new(map)
                    .map(|c| validate::validate(map, &c))
                    .map_err(|l| format!("{}: {l}", e.name));
                match findings {
                    Ok(f) if validate::has_errors(&f) => errors.push(format!(
                        "{} has validation errors (run hexwright validate on it)",
                        e.name
                    )),
                    Ok(_) => {}
                    Err(msg) => errors.push(msg),
                }
            }
            Some(Err(err)) => errors.push(err.to_string()),
            None => {}
        }
    }
    if !errors.is_empty() {
        return Err(ZipError::Invalid {
            path: manifest_path,
            errors,
        });
    }
    let m = &loaded.manifest;
    let mut names: Vec<&String> = m.maps.iter().chain(&m.scenarios).chain(&m.roster).collect();
    names.extend(
        m.previews
            .values()
            .filter(|image| dir.join(image.as_str()).is_file()),
    );
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .unix_permissions(0o644);
    let zip_err = |e: zip::result::ZipError| ZipError::NotZip {
        path: manifest_path.clone(),
        message: e.to_string(),
    };
    let mut read = Vec::new();
    for name in std::iter::once(&MANIFEST_FILE.to_owned()).chain(names) {
        let real = pack::resolve_in_pack(dir, dir, name, &manifest_path, "the file")?;
        let bytes = format::read_bytes(&real)?;
        read.push(real);
        out.start_file(name.as_str(), options).map_err(zip_err)?;
        out.write_all(&bytes).map_err(|source| ZipError::Io {
            path: name.clone(),
            source,
        })?;
    }
    let cursor = out.finish().map_err(zip_err)?;
    Ok((cursor.into_inner(), read))
}

/// Writes the zip of the pack in `dir` to `to` (atomically).
///
/// # Errors
/// As [`zip_pack`], or when the file cannot be written.
pub fn write_zip(dir: &Path, to: &Path) -> Result<(), ZipError> {
    let io = |source| ZipError::Io {
        path: to.display().to_string(),
        source,
    };
    format::check_output_for(to, &[&dir.join(MANIFEST_FILE)]).map_err(io)?;
    let (bytes, read) = zip_pack_read(dir)?;
    let read: Vec<&Path> = read.iter().map(PathBuf::as_path).collect();
    format::check_not_input(to, &read).map_err(io)?;
    format::write_atomic(to, &bytes).map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder for one test, removed afterwards.
    struct Tmp(std::path::PathBuf);

    impl Tmp {
        fn new(name: &str) -> Self {
            let d =
                std::env::temp_dir().join(format!("hexwright-zip-{name}-{}", std::process::id()));
            std::fs::remove_dir_all(&d).ok();
            std::fs::create_dir_all(&d).unwrap();
            Self(d)
        }
    }

    impl Drop for Tmp {
        fn drop(&mut self) {
            std::fs::remove_dir_all(&self.0).ok();
        }
    }

    fn bundled() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps")
    }

    /// A hostile archive: its name, its entries (file name, bytes), and
    /// what the error says.
    type Case<'a> = (&'a str, Vec<(&'a str, Vec<u8>)>, &'a str);

    /// A zip of `entries` (name, bytes), written by hand.
    fn zip_of(path: &Path, entries: &[(&str, &[u8])]) {
        let mut w = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
        let o = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, bytes) in entries {
            w.start_file(*name, o).unwrap();
            w.write_all(bytes).unwrap();
        }
        w.finish().unwrap();
    }

    #[test]
    fn a_pack_zips_and_unzips_to_the_same_maps() {
        let tmp = Tmp::new("roundtrip");
        let zip = tmp.0.join("classics.zip");
        write_zip(&bundled(), &zip).unwrap();
        let files = read_zip(&zip).unwrap();
        assert_eq!(files[0].0, MANIFEST_FILE);
        let out = tmp.0.join("out");
        extract(&files, &out).unwrap();
        let (a, b) = (
            pack::load_pack(&bundled()).unwrap(),
            pack::load_pack(&out).unwrap(),
        );
        assert_eq!(a.manifest, b.manifest);
        assert!(b.findings.is_empty());
        for (x, y) in a.entries.iter().zip(&b.entries) {
            assert_eq!(
                x.map.as_ref().unwrap().as_ref().unwrap(),
                y.map.as_ref().unwrap().as_ref().unwrap()
            );
        }
        // Only the listed files: nothing else of the folder.
        assert_eq!(files.len(), 1 + a.manifest.maps.len());
    }

    #[test]
    fn hostile_archives_are_refused_with_the_reason() {
        let tmp = Tmp::new("hostile");
        let manifest: &[u8] = b"(format: 1, name: \"P\", version: \"1\", maps: [\"a.ron\"])";
        let cases: Vec<Case<'_>> = vec![
            (
                "traversal",
                vec![
                    ("pack.ron", manifest.to_vec()),
                    ("../evil.ron", b"x".to_vec()),
                ],
                "not a plain path",
            ),
            (
                "absolute",
                vec![
                    ("pack.ron", manifest.to_vec()),
                    ("/etc/evil", b"x".to_vec()),
                ],
                "not a plain path",
            ),
            (
                "backslash",
                vec![
                    ("pack.ron", manifest.to_vec()),
                    ("..\\evil.ron", b"x".to_vec()),
                ],
                "not a plain path",
            ),
            (
                "nomanifest",
                vec![("a.ron", b"x".to_vec())],
                "no pack.ron at the root",
            ),
            (
                "bomb",
                vec![
                    ("pack.ron", manifest.to_vec()),
                    ("a.ron", vec![b' '; limits::MAX_FILE_BYTES as usize + 10]),
                ],
                "unpacks to more than",
            ),
        ];
        for (name, entries, expect) in cases {
            let path = tmp.0.join(format!("{name}.zip"));
            let entries: Vec<(&str, &[u8])> =
                entries.iter().map(|(n, b)| (*n, b.as_slice())).collect();
            zip_of(&path, &entries);
            let err = match read_zip(&path) {
                Ok(_) => panic!("{name}: accepted"),
                Err(e) => e.to_string(),
            };
            assert!(err.contains(expect), "{name}: {err}");
        }
        // The compressed bomb is small on disk.
        assert!(std::fs::metadata(tmp.0.join("bomb.zip")).unwrap().len() < 100_000);
        // Not a zip at all.
        let junk = tmp.0.join("junk.zip");
        std::fs::write(&junk, b"this is not a zip").unwrap();
        assert!(
            read_zip(&junk)
                .unwrap_err()
                .to_string()
                .contains("not a readable zip archive")
        );
        // Too many entries.
        let many: Vec<String> = (0..=MAX_ZIP_ENTRIES).map(|i| format!("f{i}.ron")).collect();
        let entries: Vec<(&str, &[u8])> = many.iter().map(|n| (n.as_str(), &b""[..])).collect();
        let path = tmp.0.join("many.zip");
        zip_of(&path, &entries);
        assert!(
            read_zip(&path)
                .unwrap_err()
                .to_string()
                .contains("entries; a zipped pack holds at most")
        );
    }

    #[test]
    fn a_pack_with_errors_is_not_zipped() {
        let tmp = Tmp::new("invalid");
        let text = std::fs::read_to_string(bundled().join("twin-fords.ron")).unwrap();
        let mut map = format::parse_map(&text, "t").unwrap();
        map.zones[0].hexes.pop();
        format::save_atomic(&map, &tmp.0.join("a.ron")).unwrap();
        std::fs::write(
            tmp.0.join(MANIFEST_FILE),
            "(format: 1, name: \"P\", version: \"1\", maps: [\"a.ron\", \"missing.ron\"])",
        )
        .unwrap();
        let err = zip_pack(&tmp.0).unwrap_err().to_string();
        assert!(err.contains("the pack has errors"), "{err}");
        assert!(err.contains("missing.ron"), "{err}");
        assert!(err.contains("a.ron has validation errors"), "{err}");
    }
}
