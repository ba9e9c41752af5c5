//! Files for the app: new-map parameters, saving (atomic, canonical RON),
//! the window title, and the recovery file written by autosave.
//!
//! Autosave writes the open map to a recovery file (in eframe's storage
//! folder) a few seconds after an edit, while there are unsaved changes.
//! A clean save, or closing without saving on purpose, deletes it; a file
//! left behind means the app did not close cleanly, and the next start
//! offers to open it.

use crate::document::MapSource;
use hexwright_engine::format;
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::Map;
use std::path::{Path, PathBuf};

/// Seconds after the last edit before the recovery file is written.
pub const AUTOSAVE_DELAY: f64 = 5.0;

/// Said when the system's file dialog comes back without a file: it was
/// cancelled, or it could not open at all (no desktop portal, say), which
/// the dialog library cannot tell apart.
pub const NOTHING_PICKED: &str = "No file was chosen. If no system dialog appeared, it cannot open here: type the path in the field.";

/// What the New dialog asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct NewMapSpec {
    /// Map name.
    pub name: String,
    /// Area width, world units.
    pub width: f64,
    /// Area height, world units.
    pub height: f64,
    /// Hex circumradius, world units.
    pub hex_size: f64,
    /// Pointy or flat hexes.
    pub orientation: Orientation,
}

impl Default for NewMapSpec {
    fn default() -> Self {
        Self {
            name: "Untitled".to_owned(),
            width: 1200.0,
            height: 800.0,
            hex_size: 32.0,
            orientation: Orientation::Pointy,
        }
    }
}

impl NewMapSpec {
    /// About how many hexes the map will have (the estimate the grid limit
    /// is checked against), or `None` when the parameters make no map.
    #[must_use]
    pub fn estimated_hexes(&self) -> Option<f64> {
        Map::new_empty(
            "x",
            self.orientation,
            self.hex_size,
            self.width,
            self.height,
        )
        .ok()
        .map(|m| m.estimated_grid_hexes())
    }

    /// The empty map, or what is wrong with the parameters.
    pub fn build(&self) -> Result<Map, String> {
        let name = self.name.trim();
        let name = if name.is_empty() { "Untitled" } else { name };
        let map = Map::new_empty(
            name,
            self.orientation,
            self.hex_size,
            self.width,
            self.height,
        )?;
        map.check_limits().map_err(|e| e.to_string())?;
        Ok(map)
    }
}

/// Saves `map` to `path` atomically, in canonical form.
pub fn save_map(map: &Map, path: &Path) -> Result<(), String> {
    format::save_atomic(map, path).map_err(|e| e.to_string())
}

/// The window title: map file name, an unsaved mark, and the app name.
#[must_use]
pub fn title(source: &MapSource, dirty: bool) -> String {
    format!(
        "{}{} — Hexwright",
        source.short_name(),
        if dirty { " •" } else { "" }
    )
}

/// Where autosave writes, in eframe's storage folder for the app; `None`
/// when there is no such folder.
#[must_use]
pub fn default_recovery_path() -> Option<PathBuf> {
    eframe::storage_dir("hexwright").map(|d| d.join("recovery.ron"))
}

/// Writes the recovery file (creating its folder).
pub fn write_recovery(map: &Map, path: &Path) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    save_map(map, path)
}

/// Deletes the recovery file, if any.
pub fn remove_recovery(path: &Path) {
    // A missing file is fine; any other failure only means the offer to
    // recover comes back next time.
    std::fs::remove_file(path).ok();
}

/// Whether `path` looks like a map file the app can open.
#[must_use]
pub fn is_map_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_map_parameters_are_checked_by_the_engine() {
        assert!(NewMapSpec::default().build().is_ok());
        let tiny = NewMapSpec {
            hex_size: 0.5,
            ..NewMapSpec::default()
        };
        assert!(tiny.build().unwrap_err().contains("hex_size"));
        let huge = NewMapSpec {
            width: 1.0e6,
            height: 1.0e6,
            hex_size: 1.0,
            ..NewMapSpec::default()
        };
        assert!(huge.build().is_err(), "too many hexes");
    }

    #[test]
    fn title_shows_the_file_and_the_unsaved_mark() {
        let src = MapSource::File(PathBuf::from("/maps/twin.ron"));
        assert_eq!(title(&src, false), "twin.ron — Hexwright");
        assert_eq!(title(&src, true), "twin.ron • — Hexwright");
    }

    #[test]
    fn only_ron_files_are_maps() {
        assert!(is_map_file(Path::new("a/b.RON")));
        assert!(!is_map_file(Path::new("a/b.txt")));
    }
}
