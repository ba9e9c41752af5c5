//! # hexwright-headless
//!
//! What the Hexwright editor and the command line share that needs no
//! window, GPU or GUI toolkit:
//!
//! - [`draw`]: the palette, the glyphs of features and findings (as
//!   [`epaint`] shapes, which the editor's canvas paints and the SVG writer
//!   writes out), and the filling of concave regions;
//! - [`render`]: a map as an SVG or PNG picture, or as a Tiled map with its
//!   tileset;
//! - [`files`]: map files on disk: the bundled pack, zipped packs, imports
//!   from Battle for Wesnoth and Tiled, the roster a pack names;
//! - [`report`]: an error and its causes in one line for a person.
//!
//! It depends on the engine and never on the editor or the command line;
//! both of those depend on it.

pub mod draw;
pub mod files;
pub mod render;
pub mod report;
