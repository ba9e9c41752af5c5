//! # The sandbox
//!
//! Plays full matches on the map being edited. [`Sandbox`] opens on a copy
//! of the open map once it has no validation errors, and shows four tabs
//! around the map canvas:
//!
//! - **Scenario** ([`setup`]): ruleset (those that seat the map), armies
//!   (an army builder that keeps the 30-point selection rules, presets,
//!   random legal armies), who plays each side, seed, round limit, hand
//!   deployment by dragging units on the map; scenario files; the secret
//!   army picks when several people play.
//! - **Match** ([`play`]): the match as a [`Live`] timeline of either
//!   ruleset — step one command, a unit's turn, a phase or a turn, play and
//!   pause, rewind to any point, restart; units with health bars and
//!   markers; akw-rules-v1's Energy and income or phase-rules-v1's turn
//!   strip; the board seen by each side or all-seeing, with the engine's
//!   fog of war; the event log in words; the unit inspector and a person's
//!   turn, with a cover screen for secret decisions when several people
//!   play; replays and saved positions.
//! - **Openings** ([`openings`]): heatmaps of the first rounds of many
//!   matches, in either ruleset, of every side's units or one side's.
//! - **Batch** ([`batch`]): many matches on worker threads, in either
//!   ruleset and for 2 to 4 players, shown, exported as CSV or JSON, and
//!   imported from shards played elsewhere.
//!
//! [`session`] holds the [`Sandbox`] and lays the tabs out; [`job`] and
//! [`worker`] run every tab's background work off the UI thread.
//!
//! Like the editor, panels return [`SandboxAction`]s that the
//! sandbox applies once the frame is drawn; only the engine decides what is
//! legal.

mod action;
mod batch;
pub(crate) mod job;
mod openings;
mod play;
mod session;
mod setup;
pub(crate) mod worker;

pub use action::{SandboxAction, Tab, Viewpoint};
pub use batch::{BatchFile, BatchResults};
pub use play::{
    Live, MIN_LETTER, Timeline, UnitOptions, card_hint, card_text, order_text, spawn_targets,
    unit_glyph,
};
pub use session::{OpenError, Sandbox, SandboxContext, SandboxOutput};
pub use setup::Controller;
