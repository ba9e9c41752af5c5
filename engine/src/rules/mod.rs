//! # Rules: akw-rules-v1
//!
//! The rules engine, built like a battle core: a [`Command`] (intent) is
//! [`check`]ed (a typed [`RuleError`] says why not), [`execute`]d into
//! [`Event`]s, and each event is applied by [`MatchState::apply`], the only
//! code that changes a match. Events are serde-able, so every match can be
//! recorded, replayed and told in words.
//!
//! Everything is deterministic: no hash-map iteration, cells and units in
//! fixed order, no randomness in the rules themselves (bots draw from streams
//! seeded by the match seed).
//!
//! - [`roster`]: races, unit kinds, abilities, death penalties (RON).
//! - [`arena`]: the usable hexes of a valid map, densely indexed.
//! - [`state`]: the match state; [`event`]; [`command`].
//! - [`mechanics`]: what every turn system shares — paths, stopping,
//!   attack targets, and the event-making steps (arrivals, moves, attacks,
//!   deaths and penalties, captures, Outposts, healing, poison, Revive),
//!   with hooks for what differs; akw-rules-v1's Energy, income and turn
//!   start are its own module beside it.
//! - [`logic`]: akw-rules-v1's `check`, `execute`, `legal`.
//! - [`phase`]: phase-rules-v1, the speed-card phase turn system of
//!   document 004, over the same shared board and mechanics.
//! - [`fog`]: what each side sees; [`PlayerView`].
//! - [`scenario`]: scenarios, army selection, default armies.
//! - [`narrate`]: a command and its events told in one line of words, for
//!   everyone or for one side.
//! - [`query`]: what a front end asks of a state (a side's summary as a
//!   viewer knows it, pending captures, spent units, spawn options, rounds).
//! - [`army`]: building legal armies (presets, random armies, one unit more
//!   or less).
//! - [`selection`]: secret army selection at one table — first commanders
//!   picked in secret and revealed together, then the rest in secret.

mod akw;
pub mod arena;
pub mod army;
mod checks;
pub mod command;
pub mod event;
pub mod fog;
pub mod logic;
pub mod mechanics;
pub mod narrate;
pub mod phase;
pub mod query;
pub mod roster;
pub mod ruleset;
pub mod scenario;
pub mod seat;
pub mod selection;
pub mod state;

pub use arena::{Arena, Cell, Scratch};
pub use checks::{heal_choice_count, heal_choices, nth_heal_choice};
pub use command::{Command, KindName, RuleError, UnitCommand};
pub use event::{EnergyReason, Event, Spent};
pub use fog::PlayerView;
pub use logic::{Deployment, check, execute, legal, start};
pub use narrate::narrate;
pub use roster::{Ability, Class, DeathPenalty, Roster};
pub use state::{AKW_RULES_V1, MatchState, Outcome, Rules, Status, Unit, UnitId};
