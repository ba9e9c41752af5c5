//! # The sandbox
//!
//! Plays full matches on the map being edited. [`Sandbox`] opens on a copy
//! of the open map once it has no validation errors, and shows four tabs
//! around the map canvas:
//!
//! - **Scenario** ([`setup`]): ruleset (those that seat the map), armies (an army builder that keeps
//!   the 30-point selection rules, presets, random legal armies), who plays
//!   each side, seed, round limit, hand deployment by dragging units on the
//!   map; scenario files.
//! - **Match**: the match as a [`live::Live`] timeline of either ruleset
//!   ([`rules`]) — step one command, a unit's turn, a phase or a turn, play
//!   and pause, rewind to any point, restart; units with health bars and
//!   markers; akw-rules-v1's Energy and income ([`status`]) or
//!   phase-rules-v1's turn strip ([`strip`]); the board seen by each side or
//!   all-seeing, with the engine's fog of war ([`board`]); the event log in
//!   words ([`log`]); the unit inspector and a person's turn ([`inspect`],
//!   [`human`], [`phase_human`], with a cover screen for secret decisions
//!   when several people play); replays and saved positions.
//! - **Openings** ([`openings`]): heatmaps of the first rounds of many
//!   matches, in either ruleset, of every side's units or one side's.
//! - **Batch** ([`batch`]; [`rotation_batch`] for phase-rules-v1, seats
//!   rotated among 2 to 4 players): many matches on worker threads, shown
//!   by [`batch_view`] and exported as CSV or JSON ([`export`]).
//!
//! Like the editor, panels return [`action::SandboxAction`]s that the
//! sandbox applies once the frame is drawn; only the engine decides what is
//! legal.

pub mod action;
pub mod armies;
pub mod balance;
pub mod batch;
pub mod batch_import;
pub mod batch_view;
pub mod board;
pub mod controls;
pub mod cover;
pub mod decide;
pub mod export;
pub mod human;
pub mod inspect;
pub(crate) mod job;
pub mod live;
pub mod log;
pub mod openings;
pub mod phase_human;
pub mod picks;
pub mod rotation_batch;
pub mod rules;
pub mod session;
pub mod setup;
pub mod status;
pub mod strip;
pub mod timeline;
pub mod worker;

pub use session::{OpenError, Sandbox, SandboxContext, SandboxOutput};
