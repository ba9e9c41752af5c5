//! Opening maps for the app: from a file, or the bundled default map, with
//! errors kept as data ([`LoadProblem`]) for the UI to show instead of
//! panicking or quitting.

use crate::document::{Document, MapSource};
use hexwright_engine::board::Board;
use hexwright_engine::format::{self, LoadError};
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::Map;
use hexwright_headless::files::bundled;
use std::fmt;
use std::path::Path;

/// Why a map could not be opened, ready to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadProblem {
    /// The file (or bundled name) that failed.
    pub path: String,
    /// 1-based line and column of the error, when it has a position.
    pub position: Option<(usize, usize)>,
    /// What is wrong, without the path and position.
    pub message: String,
}

impl LoadProblem {
    /// From an engine load error.
    #[must_use]
    pub fn from_load_error(e: &LoadError) -> Self {
        let path = e.path().to_owned();
        let message = match e {
            LoadError::Syntax { message, .. } => message.clone(),
            other => {
                let full = other.to_string();
                full.strip_prefix(&format!("{path}: "))
                    .map_or(full.clone(), str::to_owned)
            }
        };
        Self {
            path,
            position: e.position(),
            message,
        }
    }

    /// `path:line:column`, or just the path when there is no position.
    #[must_use]
    pub fn location(&self) -> String {
        match self.position {
            Some((line, column)) => format!("{}:{line}:{column}", self.path),
            None => self.path.clone(),
        }
    }
}

impl fmt::Display for LoadProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location(), self.message)
    }
}

/// Opens the map file at `path`.
pub fn open_file(path: &Path) -> Result<Document, LoadProblem> {
    let map = format::load_map(path).map_err(|e| LoadProblem::from_load_error(&e))?;
    let board = Board::new(map).map_err(|e| LoadProblem {
        path: path.display().to_string(),
        position: None,
        message: e.to_string(),
    })?;
    Ok(Document::new(board, MapSource::File(path.to_path_buf())))
}

/// Opens the bundled default map (the first map of the bundled pack).
pub fn open_default() -> Result<Document, LoadProblem> {
    let name = bundled::manifest()
        .ok()
        .and_then(|m| m.maps.first().cloned())
        .ok_or_else(|| bundled_problem("the bundled pack lists no maps".to_owned()))?;
    open_bundled(&name)
}

/// Opens the bundled map `file` (a file name of the bundled pack).
pub fn open_bundled(file: &str) -> Result<Document, LoadProblem> {
    let map = bundled::map(file)
        .map_err(|e| bundled_problem(format!("{}", hexwright_headless::report::Chain(&e))))?;
    let board = Board::new(map).map_err(|e| bundled_problem(e.to_string()))?;
    Ok(Document::new(board, MapSource::Bundled(file.to_owned())))
}

fn bundled_problem(message: String) -> LoadProblem {
    LoadProblem {
        path: "bundled map pack".to_owned(),
        position: None,
        message,
    }
}

/// The bundled default map or, should even that fail, an empty map; never
/// fails. Also returns the problem with the default map, if any.
#[must_use]
pub fn open_default_or_empty() -> (Document, Option<LoadProblem>) {
    match open_default() {
        Ok(doc) => (doc, None),
        Err(problem) => (empty_document(), Some(problem)),
    }
}

/// A small empty map.
#[must_use]
pub fn empty_document() -> Document {
    // Constant sizes that are always in range and within limits.
    let map = Map::new_empty("Untitled", Orientation::Pointy, 32.0, 1000.0, 800.0)
        .expect("the default new-map size is valid");
    let board = Board::new(map).expect("an empty 1000 x 800 map is within the limits");
    Document::new(board, MapSource::Unsaved)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_errors_keep_line_and_column() {
        let e = format::parse_map("(\n  format: 1,\n  bogus: 3,\n)", "bad.ron").unwrap_err();
        let p = LoadProblem::from_load_error(&e);
        assert_eq!(p.path, "bad.ron");
        let (line, _) = p.position.unwrap();
        assert_eq!(line, 3);
        assert!(p.location().starts_with("bad.ron:3:"), "{}", p.location());
        assert!(!p.message.contains("bad.ron"), "{}", p.message);
    }

    #[test]
    fn missing_files_are_problems_not_panics() {
        let p = open_file(Path::new("/definitely/not/here.ron")).unwrap_err();
        assert_eq!(p.position, None);
        assert!(p.message.contains("cannot read"), "{}", p.message);
    }

    #[test]
    fn the_default_map_opens() {
        let doc = open_default().unwrap();
        assert!(matches!(doc.source(), MapSource::Bundled(_)));
    }
}
