//! # Batches
//!
//! The sandbox's *Batch* tab: many matches on worker threads. [`akw`]
//! plays akw-rules-v1 batches (two bots, seats swapped) and [`rotation`]
//! phase-rules-v1 batches (seats rotated among 2 to 4 players); [`armies`]
//! says which armies they play; [`decide`] plays until a sequential test
//! decides; [`balance`] runs a balance across skill levels; [`view`] shows
//! a finished batch, [`export`] writes it as CSV or JSON and [`import`]
//! reads one played elsewhere.

pub(crate) mod akw;
pub(crate) mod armies;
pub(crate) mod balance;
mod decide;
mod export;
mod import;
pub(crate) mod rotation;
mod view;

pub use export::BatchFile;
pub use rotation::RotationResults;
