//! # Batches
//!
//! The sandbox's *Batch* tab: many matches on worker threads, one pipeline
//! for every ruleset and 2 to 4 players. [`panel`] holds the form and runs
//! the batch (seats rotated around the table, a two-player batch's
//! seat-swapped pairs included) and keeps its [`results`]; [`armies`] says
//! which armies they play; [`decide`] plays an akw-rules-v1 batch until a
//! sequential test decides; [`balance`] runs a balance across skill levels;
//! [`view`] shows a finished batch, [`export`] writes it as CSV or JSON and
//! [`import`] reads one played elsewhere.

pub(crate) mod armies;
pub(crate) mod balance;
mod decide;
mod export;
mod import;
pub(crate) mod panel;
mod results;
mod view;

pub use export::BatchFile;
pub use panel::{BatchInput, BatchPanel, BatchRequest};
pub use results::BatchResults;
