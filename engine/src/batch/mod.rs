//! Batches: many matches between bots on one map, summarised honestly.
//!
//! [`sim`] plays seat-swapped akw-rules-v1 batches and [`rotation`] the
//! rotated-seat batches of phase-rules-v1; [`stats`] turns independent games
//! into rates with Wilson intervals; [`standing`] is the one
//! reading of seat intervals that every report prints; [`sequential`] and
//! [`until_decided`] stop a batch as soon as an anytime-valid test decides; [`shard`] cuts a
//! batch (or a wave of one) across machines and merges it exactly, and
//! [`study`] a ladder's pairs or a balance's skill levels;
//! [`openings`] studies how matches begin; [`ladder`] rates bots against
//! each other. This layer sits on the map, the
//! rules and the bots, and under the files. The crate root re-exports each
//! module under its old path (`hexwright_engine::sim`, ...).

pub mod balance;
pub mod fix;
pub mod ladder;
pub mod openings;
pub mod rotation;
pub mod seat_test;
pub mod sequential;
pub mod shard;
pub mod sim;
pub mod standing;
pub mod stats;
pub mod study;
pub mod until_decided;
