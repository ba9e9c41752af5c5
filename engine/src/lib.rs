//! # hexwright-engine
//!
//! The engine behind Hexwright, the map and scenario editor for a
//! two-player hex skirmish game. It is pure and deterministic and has no UI
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

pub mod board;
pub mod bots;
pub mod complexity;
pub mod coverage;
pub mod disc;
pub mod format;
pub mod geom;
pub mod hex_paint;
pub mod import;
pub mod layout;
pub mod limits;
pub mod map;
pub mod openings;
pub mod pack;
pub mod pack_zip;
pub mod player;
pub mod replay;
pub mod rotation;
pub mod rules;
pub mod ruleset;
pub mod sequential;
pub mod shape;
pub mod shard;
pub mod sim;
pub mod stats;
pub mod summary;
pub mod symmetry;
pub mod transform;
pub mod until_decided;
pub mod validate;

pub use hexx::Hex;
