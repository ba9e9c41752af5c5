//! Maps made elsewhere, turned into Hexwright maps.
//!
//! [`wesnoth`] reads a Battle for Wesnoth `.map` file (and, optionally, the
//! scenario `.cfg` that uses it and Wesnoth's terrain table) and builds a
//! map: its hexes with their neighbours, the blocked ones covered by
//! whole-hex terrain, forests as bushes, villages as Energy objectives and
//! Outposts, start keeps as bases with starting zones from their castles,
//! barracks beside them. Every importer returns a [`Report`] of what it
//! mapped, dropped and guessed, so a designer knows what to check.
//!
//! [`tiled`] reads Tiled's hexagonal maps (TMX or TMJ) with a mapping of
//! tiles to terrain and features, and writes a map back as a Tiled map.
//!
//! The pieces an importer needs are shared: [`outline`] turns a set of
//! hexes into the grid region that holds exactly them, and [`placement`]
//! places zones, barracks and the features picked from a list of sites,
//! mirrored between the sides when the map is symmetric.

pub mod outline;
pub mod placement;
pub mod tiled;
pub mod tiled_export;
pub mod tiled_read;
pub mod wesnoth;
pub mod wesnoth_grid;
mod wesnoth_place;
pub mod wesnoth_scenario;
pub mod wesnoth_symmetry;
pub mod wesnoth_terrain;

use crate::limits;
use crate::map::LimitError;
use std::fmt;

/// What kind of line a report holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Entry {
    /// Something of the source carried over.
    Mapped,
    /// Something of the source left out.
    Dropped,
    /// A choice the source does not make, made by the importer.
    Guessed,
    /// Anything else a designer should know.
    Note,
}

impl Entry {
    /// A lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Mapped => "mapped",
            Self::Dropped => "dropped",
            Self::Guessed => "guessed",
            Self::Note => "note",
        }
    }
}

/// One line of a report.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Line {
    /// Its kind.
    pub entry: Entry,
    /// The text, one sentence.
    pub text: String,
}

/// What an import did, line by line in the order it happened.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Report {
    /// The lines.
    pub lines: Vec<Line>,
}

impl Report {
    /// Adds a line.
    pub fn push(&mut self, entry: Entry, text: impl Into<String>) {
        self.lines.push(Line {
            entry,
            text: text.into(),
        });
    }

    /// The lines of one kind.
    pub fn of(&self, entry: Entry) -> impl Iterator<Item = &str> {
        self.lines
            .iter()
            .filter(move |l| l.entry == entry)
            .map(|l| l.text.as_str())
    }
}

impl fmt::Display for Report {
    /// One line each, `KIND text`, mapped first, then dropped, guessed and
    /// notes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for entry in [Entry::Mapped, Entry::Dropped, Entry::Guessed, Entry::Note] {
            for text in self.of(entry) {
                writeln!(f, "{:<8} {text}", entry.name())?;
            }
        }
        Ok(())
    }
}

/// Why a map made elsewhere cannot be imported.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The text is larger than a map file may be.
    #[error(
        "{file}: the file is {size} bytes; the limit is {} bytes",
        limits::MAX_FILE_BYTES
    )]
    TooLarge {
        /// The file.
        file: String,
        /// Its size.
        size: usize,
    },
    /// A problem at a place in the file.
    #[error("{file}:{line}: {message}")]
    At {
        /// The file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A problem with the whole file.
    #[error("{file}: {message}")]
    File {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// The map built exceeds a limit of Hexwright's maps.
    #[error("{file}: {source}")]
    Limit {
        /// The file.
        file: String,
        /// The limit.
        source: LimitError,
    },
}
