//! # Playing a match
//!
//! The sandbox's *Match* tab: [`live`] is the match being stepped through,
//! in either ruleset ([`rules`]), as a [`timeline`] of commands; [`board`]
//! draws it over the map canvas with the engine's fog of war;
//! [`controls`] steps and plays it; [`status`] (akw-rules-v1's Energy and
//! income) and [`strip`] (phase-rules-v1's turn strip) show where it
//! stands; [`log`] tells it in words; [`inspect`] shows a unit; [`human`]
//! and [`phase_human`] are a person's turn; [`cover`] hides the screen
//! between people sharing it.

pub(crate) mod board;
pub(crate) mod controls;
pub(crate) mod cover;
pub(crate) mod human;
pub(crate) mod inspect;
pub(crate) mod live;
pub(crate) mod log;
pub(crate) mod phase_human;
pub(crate) mod rules;
pub(crate) mod status;
pub(crate) mod strip;
pub(crate) mod timeline;

pub use board::{MIN_LETTER, unit_glyph};
pub use human::{UnitOptions, spawn_targets};
pub use live::Live;
pub use strip::{card_hint, card_text, order_text};
pub use timeline::Timeline;
