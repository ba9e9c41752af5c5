//! Files above the map format: map packs ([`pack`], zipped in
//! [`pack_zip`]), maps made by other programs ([`import`]: Battle for
//! Wesnoth, Tiled), and replays of whole matches ([`replay`]). The top
//! layer: it reads and writes what the layers below define. The crate root
//! re-exports each module under its old path (`hexwright_engine::pack`, ...).

pub mod import;
pub mod pack;
pub mod pack_zip;
pub mod replay;
