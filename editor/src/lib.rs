//! # hexwright
//!
//! The Hexwright editor: a native map and scenario editor for hex skirmish
//! games of 2 to 4 players, with a sandbox that plays whole matches on the
//! map being edited.
//!
//! The app lives in this library so tests can build and drive it; `main.rs`
//! parses arguments, opens the editor or hands a subcommand to the command
//! line ([`hexwright_cli`], which never sees this crate). All rules,
//! geometry and validation come from [`hexwright_engine`]; pictures, glyphs,
//! colours and map files on disk from [`hexwright_headless`], which the
//! command line shares. This crate draws, edits and reports.
//!
//! The whole library is the `gui` feature (on by default): without it the
//! binary is the command line alone.
#![cfg(feature = "gui")]

pub mod app;
pub mod canvas;
pub mod document;
pub mod edit;
pub mod panels;
pub mod sandbox;
pub mod words;
