//! # hexwright
//!
//! The Hexwright app: a native map and scenario editor for a two-player hex
//! skirmish game, and the `hexwright` command line that runs the same engine
//! headless (`validate`, `info`, ...).
//!
//! The app lives in this library so tests can build and drive it; `main.rs`
//! only parses arguments and dispatches. All rules, geometry and validation
//! come from [`hexwright_engine`]; this crate draws, edits and reports.

pub mod action;
pub mod app;
pub mod bundled;
pub mod canvas;
pub mod cli;
pub mod command;
pub mod document;
pub mod editing;
pub mod files;
pub mod glyphs;
pub mod hex_brush;
pub mod history;
pub mod import;
pub mod load;
pub mod pack_draft;
pub mod panels;
pub mod render;
pub mod sandbox;
pub mod settings;
pub mod status;
pub mod tessellate;
pub mod theme;
pub mod tool;
pub mod view;
pub mod words;
pub mod zipped;
