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
use hexwright_engine::player::{MAX_PLAYERS, MIN_PLAYERS};
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
    /// How many players the map is for (2 to 4).
    pub players: u8,
}

impl Default for NewMapSpec {
    fn default() -> Self {
        Self {
            name: "Untitled".to_owned(),
            width: 1200.0,
            height: 800.0,
            hex_size: 32.0,
            orientation: Orientation::Pointy,
            players: hexwright_engine::map::SIDES,
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

    /// How many hexes the map will have, counted as the editor will lay
    /// them out (`None`: the parameters make no map, or too large a one).
    #[must_use]
    pub fn counted_hexes(&self) -> Option<usize> {
        let map = self.build().ok()?;
        hexwright_engine::coverage::Coverage::new(&map)
            .ok()
            .map(|c| c.hexes().len())
    }

    /// What to change when the map would hold more hexes than the limit
    /// ([`hexwright_engine::limits::MAX_GRID_HEXES`]); `None` when it fits
    /// or makes no map. A larger hex size is suggested only when one the
    /// area can hold (at most half its shorter side) is large enough.
    #[must_use]
    pub fn over_limit_advice(&self) -> Option<String> {
        let map = Map::new_empty(
            "x",
            self.orientation,
            self.hex_size,
            self.width,
            self.height,
        )
        .ok()?;
        let n = map.estimated_grid_hexes();
        let limit = hexwright_engine::limits::MAX_GRID_HEXES;
        if n <= limit as f64 {
            return None;
        }
        let largest =
            (self.width.min(self.height) / 2.0).min(hexwright_engine::limits::MAX_HEX_SIZE);
        let head = format!("About {n:.0} hexes: over the limit of {limit}");
        Some(match map.hex_size_to_fit() {
            Some(s) if s as f64 <= largest => {
                format!("{head}; use a hex size of at least {s}, or a smaller area")
            }
            _ => format!(
                "{head}; make the area smaller: even the largest hex size this area can hold ({largest:.0}) gives too many"
            ),
        })
    }

    /// The empty map, or what is wrong with the parameters.
    pub fn build(&self) -> Result<Map, String> {
        let name = self.name.trim();
        let name = if name.is_empty() { "Untitled" } else { name };
        let mut map = Map::new_empty(
            name,
            self.orientation,
            self.hex_size,
            self.width,
            self.height,
        )?;
        let players = usize::from(self.players);
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(format!(
                "a map is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"
            ));
        }
        map.players = self.players;
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
    fn over_limit_advice_suggests_only_what_can_help() {
        let spec = |width: f64, height: f64, hex_size: f64| NewMapSpec {
            width,
            height,
            hex_size,
            ..NewMapSpec::default()
        };
        assert_eq!(spec(1000.0, 800.0, 32.0).over_limit_advice(), None);
        // A square area: the hex size the engine says fits really fits.
        let big = spec(100_000.0, 100_000.0, 10.0);
        let advice = big.over_limit_advice().unwrap();
        let s: f64 = advice
            .split("at least ")
            .nth(1)
            .and_then(|t| t.split(',').next())
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("no hex size in {advice:?}"));
        assert_eq!(spec(100_000.0, 100_000.0, s).over_limit_advice(), None);
        assert!(
            spec(100_000.0, 100_000.0, s - 1.0)
                .over_limit_advice()
                .is_some()
        );
        // A long thin strip: no hex size it can hold is large enough.
        let strip = spec(1_000_000.0, 10.0, 5.0).over_limit_advice().unwrap();
        assert!(!strip.contains("at least"), "{strip}");
        assert!(strip.contains("make the area smaller"), "{strip}");
    }

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
