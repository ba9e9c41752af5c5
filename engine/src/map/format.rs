//! Reading and writing RON files: maps and pack manifests.
//!
//! Loading is strict: unknown fields are errors, every value is range
//! checked while parsing, and [`crate::limits`] bound file size, nesting and
//! counts. Errors say which file, the line and column, and what was expected.
//! Saving writes the canonical pretty form to a temporary file beside the
//! target and renames it over the target, so a crash never leaves a
//! half-written file.

use crate::limits;
use crate::map::{LimitError, Map};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Why a file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("{path}: cannot read the file: {source}")]
    Io {
        /// The file.
        path: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// The file is larger than [`limits::MAX_FILE_BYTES`].
    #[error(
        "{path}: the file is {size} bytes; the limit is {} bytes",
        limits::MAX_FILE_BYTES
    )]
    TooLarge {
        /// The file.
        path: String,
        /// Its size.
        size: u64,
    },
    /// The files a pack lists are larger than [`limits::MAX_PACK_BYTES`]
    /// together.
    #[error(
        "{path}: the files this pack lists are {size} bytes together; the limit is {} bytes: split it into smaller packs",
        limits::MAX_PACK_BYTES
    )]
    PackTooLarge {
        /// The manifest.
        path: String,
        /// The files' total size.
        size: u64,
    },
    /// The path names something other than a regular file (a folder, a
    /// FIFO, a device or a socket): reading it could block or never end.
    #[error("{path}: not a regular file (it is {kind}); name a map, scenario or roster file")]
    NotAFile {
        /// The path.
        path: String,
        /// What it is instead: "a folder", "a FIFO", ...
        kind: &'static str,
    },
    /// A path that a pack, manifest or scenario names leads outside the
    /// pack's folder (by `..`, an absolute path or a symbolic link).
    #[error(
        "{path}: {what} \"{name}\" resolves outside the pack folder {root}; only files inside the pack can be read"
    )]
    OutsidePack {
        /// The file that names it.
        path: String,
        /// What it is: "the map", "the roster", ...
        what: &'static str,
        /// The path as written.
        name: String,
        /// The pack folder.
        root: String,
    },
    /// The text is not valid UTF-8.
    #[error("{path}: the file is not UTF-8 text (invalid byte at offset {offset})")]
    NotText {
        /// The file.
        path: String,
        /// Offset of the first invalid byte.
        offset: usize,
    },
    /// The RON text does not describe the expected value.
    #[error("{path}:{line}:{column}: {message}")]
    Syntax {
        /// The file.
        path: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What was wrong and what was expected.
        message: String,
    },
    /// The map parsed but exceeds a whole-map limit.
    #[error("{path}: {source}")]
    Limit {
        /// The file.
        path: String,
        /// The limit.
        source: LimitError,
    },
}

impl LoadError {
    /// The file the error is about.
    #[must_use]
    pub fn path(&self) -> &str {
        match self {
            Self::Io { path, .. }
            | Self::TooLarge { path, .. }
            | Self::PackTooLarge { path, .. }
            | Self::NotText { path, .. }
            | Self::NotAFile { path, .. }
            | Self::OutsidePack { path, .. }
            | Self::Syntax { path, .. }
            | Self::Limit { path, .. } => path,
        }
    }

    /// Line and column, when the error has a position.
    #[must_use]
    pub fn position(&self) -> Option<(usize, usize)> {
        match self {
            Self::Syntax { line, column, .. } => Some((*line, *column)),
            _ => None,
        }
    }
}

/// Why a file could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Serialising failed (should not happen for valid values).
    #[error("cannot encode {path} as RON: {message}")]
    Encode {
        /// The file.
        path: String,
        /// Why.
        message: String,
    },
    /// Writing or renaming failed; the previous file, if any, is intact.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The OS error.
        source: std::io::Error,
    },
}

fn ron_options() -> ron::Options {
    ron::Options::default().with_recursion_limit(limits::MAX_NESTING)
}

/// Parses RON `text` as a `T`, naming `origin` (a path or label) in errors.
pub fn parse_ron<T: DeserializeOwned>(text: &str, origin: &str) -> Result<T, LoadError> {
    if text.len() as u64 > limits::MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            path: origin.to_owned(),
            size: text.len() as u64,
        });
    }
    if text.trim().is_empty() {
        return Err(LoadError::Syntax {
            path: origin.to_owned(),
            line: 1,
            column: 1,
            message: "the file is empty; expected a RON value".to_owned(),
        });
    }
    ron_options().from_str(text).map_err(|e| {
        let (line, column) = skip_whitespace(text, (e.span.start.line, e.span.start.col));
        LoadError::Syntax {
            path: origin.to_owned(),
            line,
            column,
            message: e.code.to_string(),
        }
    })
}

/// The first position at or after the 1-based `(line, column)` `start` that
/// is not whitespace (or the end of the text). The RON parser reports some
/// errors (a value of the wrong type, trailing characters) where it stood
/// before skipping whitespace, which can be the line above the culprit.
fn skip_whitespace(text: &str, start: (usize, usize)) -> (usize, usize) {
    let mut pos = (1, 1);
    for c in text.chars() {
        if pos >= start && !c.is_whitespace() {
            return pos;
        }
        pos = if c == '\n' {
            (pos.0 + 1, 1)
        } else {
            (pos.0, pos.1 + 1)
        };
    }
    if pos >= start { pos } else { start }
}

/// What a file type is, in words, when it is not a regular file.
fn non_regular_kind(t: std::fs::FileType) -> Option<&'static str> {
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO");
        }
        if t.is_socket() {
            return Some("a socket");
        }
        if t.is_block_device() || t.is_char_device() {
            return Some("a device");
        }
    }
    Some("not a regular file")
}

/// Checks that `path` (symbolic links followed) is a regular file, so that
/// opening and reading it cannot block or run forever.
pub fn check_regular_file(path: &Path) -> Result<std::fs::Metadata, LoadError> {
    let shown = path.display().to_string();
    let meta = std::fs::metadata(path).map_err(|source| LoadError::Io {
        path: shown.clone(),
        source,
    })?;
    if let Some(kind) = non_regular_kind(meta.file_type()) {
        return Err(LoadError::NotAFile { path: shown, kind });
    }
    Ok(meta)
}

/// Reads a file as text, enforcing the size limit before reading it. Only
/// regular files are read: a folder, FIFO, device or socket is refused
/// ([`LoadError::NotAFile`]).
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    let bytes = read_bytes(path)?;
    String::from_utf8(bytes).map_err(|e| LoadError::NotText {
        path: path.display().to_string(),
        offset: e.utf8_error().valid_up_to(),
    })
}

/// Reads a file's bytes, at most [`limits::MAX_FILE_BYTES`]: only a regular
/// file, as [`read_text`] does.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, LoadError> {
    let shown = path.display().to_string();
    let meta = check_regular_file(path)?;
    if meta.len() > limits::MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            path: shown,
            size: meta.len(),
        });
    }
    // Never read more than the limit: the size in the metadata is 0 for
    // pipes and devices, and a file may grow after the check.
    let io = |source| LoadError::Io {
        path: shown.clone(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    // The path may have been swapped since the check: ask the open file.
    if let Some(kind) = non_regular_kind(file.metadata().map_err(io)?.file_type()) {
        return Err(LoadError::NotAFile {
            path: shown.clone(),
            kind,
        });
    }
    let mut bytes = Vec::new();
    file.take(limits::MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limits::MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            path: shown,
            size: bytes.len() as u64,
        });
    }
    Ok(bytes)
}

/// Parses a map from RON text.
pub fn parse_map(text: &str, origin: &str) -> Result<Map, LoadError> {
    let map: Map = parse_ron(text, origin)?;
    map.check_limits().map_err(|source| LoadError::Limit {
        path: origin.to_owned(),
        source,
    })?;
    Ok(map)
}

/// Loads a map file.
pub fn load_map(path: &Path) -> Result<Map, LoadError> {
    parse_map(&read_text(path)?, &path.display().to_string())
}

/// The canonical RON text of a value (what [`save_atomic`] writes).
pub fn to_ron_string<T: Serialize>(value: &T) -> Result<String, ron::Error> {
    let config = ron::ser::PrettyConfig::new()
        .depth_limit(3)
        .indentor("    ")
        .new_line("\n");
    let mut s = ron::ser::to_string_pretty(value, config)?;
    s.push('\n');
    Ok(s)
}

/// Writes `value` as canonical RON to `path` atomically: the text goes to a
/// temporary file in the same folder, is flushed to disk, then renamed over
/// `path`.
pub fn save_atomic<T: Serialize>(value: &T, path: &Path) -> Result<(), SaveError> {
    let shown = path.display().to_string();
    let text = to_ron_string(value).map_err(|e| SaveError::Encode {
        path: shown.clone(),
        message: e.to_string(),
    })?;
    write_atomic(path, text.as_bytes()).map_err(|source| SaveError::Io {
        path: shown,
        source,
    })
}

/// Writes `bytes` to `path` through a temporary file and a rename, so that
/// a reader never sees half a file and a failed write leaves the old one.
///
/// The temporary file is created exclusively in `path`'s folder under a
/// random name (never opening a file or link already there, so nobody who
/// can write the folder can redirect the write). An existing `path` that is
/// not a regular file — a device, a FIFO, a socket, a folder, or a link to
/// one — is refused with [`std::io::ErrorKind::InvalidInput`] rather than
/// replaced.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    check_output(path)?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // A new file gets the mode any new file gets (0o666 less the umask),
    // not a temporary file's 0o600: a map saved for others to read (a
    // shared pack, an image's maps) must stay readable by them.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp = builder.tempfile_in(&dir)?;
    // A file replaced keeps its mode.
    if let Ok(old) = std::fs::metadata(path) {
        tmp.as_file().set_permissions(old.permissions())?;
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    // The output may have become something else while the bytes were
    // written; look again just before the rename.
    check_output(path)?;
    tmp.persist(path).map(drop).map_err(|e| e.error)
}

/// Refuses an output path that exists and is not a regular file (or a link
/// to one): writing there would replace a device, FIFO, socket or folder.
///
/// # Errors
/// [`std::io::ErrorKind::InvalidInput`] naming what the path is.
pub fn check_output(path: &Path) -> std::io::Result<()> {
    match std::fs::metadata(path) {
        // Nothing there, or a dangling link (the rename replaces the link).
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
        Ok(m) => non_regular_kind(m.file_type()).map_or(Ok(()), |what| {
            Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("it exists and is {what}, not a regular file; refusing to replace it"),
            ))
        }),
    }
}

/// Refuses an output that is one of the command's `inputs` (the same file,
/// however it is named: a link, `./`, `..`): writing it would destroy what
/// the command reads, as `pack zip DIR -o DIR/pack.ron` did.
///
/// # Errors
/// [`std::io::ErrorKind::InvalidInput`] naming the input.
pub fn check_not_input(out: &Path, inputs: &[&Path]) -> std::io::Result<()> {
    for input in inputs {
        // Either may not exist yet: then they are not one file.
        if same_file::is_same_file(out, input).unwrap_or(false) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!(
                    "it is one of the command's inputs ({}); write somewhere else",
                    input.display()
                ),
            ));
        }
    }
    Ok(())
}

/// Refuses, before any work is done, an output that could not be written:
/// one that is not a regular file ([`check_output`]), one of the command's
/// `inputs` ([`check_not_input`]), or one in a folder where no file can be
/// made (a missing or read-only folder, `/proc`): a temporary file is made
/// there and removed, as [`write_atomic`] will.
///
/// # Errors
/// Why the output cannot be written.
pub fn check_output_for(out: &Path, inputs: &[&Path]) -> std::io::Result<()> {
    check_output(out)?;
    check_not_input(out, inputs)?;
    let dir = match out.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let probe = tempfile::Builder::new()
        .prefix(".hexwright-check.")
        .tempfile_in(&dir)
        .map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!("no file can be written in {}: {e}", dir.display()),
            )
        })?;
    drop(probe);
    Ok(())
}

/// Opens `path` for reading only if it is a regular file (links followed):
/// a FIFO, device, socket or folder is refused before it is opened, so
/// that opening it cannot block, and checked again on the open file.
///
/// # Errors
/// [`std::io::ErrorKind::InvalidInput`] for a file that is not regular, or
/// the OS error.
pub fn open_regular(path: &Path) -> std::io::Result<std::fs::File> {
    let refuse = |what: &str| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("it is {what}, not a regular file"),
        )
    };
    if let Some(what) = non_regular_kind(std::fs::metadata(path)?.file_type()) {
        return Err(refuse(what));
    }
    let file = std::fs::File::open(path)?;
    if let Some(what) = non_regular_kind(file.metadata()?.file_type()) {
        return Err(refuse(what));
    }
    Ok(file)
}

/// A short display of a hex as `q,r`.
pub struct HexDisplay(pub hexx::Hex);

impl fmt::Display for HexDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.0.x, self.0.y)
    }
}

/// The manifest file name inside a pack folder.
pub const MANIFEST_FILE: &str = "pack.ron";

/// The pack folder a file or folder `path` lies in: the nearest folder, at
/// `path` itself (when it is a folder) or above it, that holds a
/// [`MANIFEST_FILE`]. `None` outside any pack.
#[must_use]
pub fn pack_root_of(path: &Path) -> Option<PathBuf> {
    let start = std::fs::canonicalize(path).ok()?;
    let start = if start.is_dir() {
        start.as_path()
    } else {
        start.parent()?
    };
    start
        .ancestors()
        .find(|dir| dir.join(MANIFEST_FILE).is_file())
        .map(Path::to_path_buf)
}

/// Resolves `name`, a path written in the file `origin` relative to the
/// folder `base`, and checks that what it reaches — every `..` and symbolic
/// link followed — lies inside the pack folder `root`. Returns the resolved
/// path; a missing file is an [`LoadError::Io`] error of kind `NotFound`.
///
/// `what` names the thing in errors ("the map", "the roster").
pub fn resolve_in_pack(
    root: &Path,
    base: &Path,
    name: &str,
    origin: &str,
    what: &'static str,
) -> Result<PathBuf, LoadError> {
    let outside = || LoadError::OutsidePack {
        path: origin.to_owned(),
        what,
        name: name.to_owned(),
        root: root.display().to_string(),
    };
    if Path::new(name).is_absolute() {
        return Err(outside());
    }
    let io = |path: &Path, source| LoadError::Io {
        path: path.display().to_string(),
        source,
    };
    let real_root = std::fs::canonicalize(root).map_err(|e| io(root, e))?;
    let target = base.join(name);
    let real = std::fs::canonicalize(&target).map_err(|e| io(&target, e))?;
    if real.starts_with(&real_root) {
        Ok(real)
    } else {
        Err(outside())
    }
}
