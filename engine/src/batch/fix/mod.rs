//! The certifying balance assistant: it makes a map fair, not only
//! measures it.
//!
//! "Fair" and "certified fair" mean what `fairness.md` says: a map is
//! certified fair at a skill level when the anytime-valid seat test, that
//! level's bot on every seat, decides "fair within the margin" on games
//! that were not used to choose the map's edits.
//!
//! - [`edits`]: the small edits composed (feature moves, bushes planted or
//!   cleared, zone shifts, hexes blocked or opened), symmetric when asked, always valid;
//! - [`paired`]: scores on shared seeds (common random numbers), the paired
//!   gain of a candidate over the current map, and the race that spends
//!   games where they decide something;
//! - [`certify`]: the seat test on fresh seeds, and the certificate saved
//!   in the map file with how its first games went, so that [`replays`]
//!   can tell when the rules or the bots have changed since;
//! - `guard`: an edit chosen at one level checked at the others, when the
//!   search edits until every level is fair;
//! - `shortlist`: the order a step screens and races its candidates in;
//! - [`search`]: the loop — already fair? else one raced edit at a time
//!   (a pair of edits when no single one shows), certifying when the map
//!   looks fair;
//! - [`generated`]: generated maps made certified fair, trying the next
//!   seeds (with `α` split over them) when a seed's map cannot be;
//! - `report`: what it reports, at the end ([`Fixed`]) and while it runs
//!   ([`News`]).

pub mod certify;
pub mod edits;
pub mod generated;
mod guard;
pub mod paired;
mod report;
pub mod search;
mod shortlist;

pub use certify::{Ask, Certification, CertifyError, certify, of_other_weights, replays};
pub use edits::{Candidate, Change, Edit, MAX_EXAMINED_HEXES, REACH, candidates};
pub use generated::{FairGenerateError, FairGenerated, Tried, fair_generated};
pub use guard::Check;
pub use paired::{Beside, Budget, Gain, Games, Level, Race, race};
pub use report::{Ending, Fixed, News, Step};
pub use search::{FixError, Options, fix, fix_observed, fix_with};
