//! # hexwright-engine
//!
//! The engine behind Hexwright, the map and scenario editor for hex
//! skirmish games of 2 to 4 players. It is pure and deterministic and has no UI
//! dependency: the `hexwright` app and CLI, tests and modders' tools all use
//! it the same way.
//!
//! Data flows one way: a RON map file is parsed into a [`map::Map`]
//! ([`format`]), its usable hexes are computed exactly by
//! [`coverage::Coverage`], and [`validate`] reports every broken constraint
//! as a [`validate::Finding`]. Map packs (a folder with a manifest) are read
//! and written by [`pack`].
//!
//! Matches on a valid map are played by [`rules`] (akw-rules-v1: commands are
//! checked, executed into events, and events applied), seen through each
//! side's fog of war ([`rules::PlayerView`]), decided by [`bots`], run in
//! seat-swapped batches by [`sim`] and recorded by [`replay`].
//!
//! The modules are grouped in layers, each using only the ones before it:
//! [`map`] (the model, geometry, coverage, symmetry, the RON format,
//! validation) → [`rules`] (both rulesets, fog, scenarios, seats) →
//! [`bots`] → [`batch`] (batches, statistics, sequential tests, shards,
//! openings) → [`files`] (packs, imports, replays). Every module is also
//! re-exported at the root under its own name (`hexwright_engine::coverage`).
//!
//! ```
//! use hexwright_engine::{coverage::Coverage, format, validate};
//!
//! let text = r#"(
//!     format: 1,
//!     meta: (name: "Tiny"),
//!     layout: (orientation: Pointy, hex_size: 10.0),
//!     area: (width: 100.0, height: 100.0),
//!     grid: [(10.0, 10.0), (90.0, 10.0), (90.0, 90.0), (10.0, 90.0)],
//!     terrain: [(kind: Water, shape: Circle(center: (50.0, 50.0), radius: 12.0))],
//! )"#;
//! let map = format::parse_map(text, "tiny.ron").unwrap();
//! let coverage = Coverage::new(&map).unwrap();
//! // The lake in the middle makes the centre hex unusable.
//! assert!(!coverage.is_usable(hexx::Hex::ZERO));
//! assert!(coverage.usable_count() > 0);
//! let findings = validate::validate(&map, &coverage);
//! assert!(validate::has_errors(&findings)); // no zones, no bases yet
//! ```

pub mod analysis;
pub mod batch;
pub mod bots;
pub mod files;
pub mod map;
pub mod rules;

// The modules under their paths from before the layers: every one is still
// `hexwright_engine::<name>`.
pub use batch::{
    balance, fix, ladder, openings, rotation, seat_test, sequential, shard, sim, standing, stats,
    study, until_decided,
};
pub use files::{import, pack, pack_zip, replay};
pub use map::{
    board, complexity, coverage, disc, format, geom, hash, hex_paint, layout, limits, parity,
    player, shape, summary, symmetry, transform, validate,
};
pub use rules::{ruleset, seat};

pub use hexx::Hex;
