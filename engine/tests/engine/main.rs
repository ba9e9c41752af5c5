//! The engine's integration tests, one binary with a module per concern
//! (one binary links once, where sixteen linked sixteen times).
//!
//! Run one group with its module name, e.g.
//! `cargo test -p hexwright-engine --test engine rules_phase::`.
//! Each property test runs its own number of cases by default; set
//! `PROPTEST_CASES` to run every one of them that many times
//! (e.g. `PROPTEST_CASES=1024`) for a deeper run.

mod common;
mod phase_common;
mod rules_common;

mod analysis;
mod bots_search;
mod bundled;
mod coverage;
mod fix;
mod format;
mod formats_doc;
mod fuzz;
mod generate;
mod golden;
mod hostile;
mod hostile_strokes;
mod import;
mod ladder;
mod rules_abilities;
mod rules_actions;
mod rules_army;
mod rules_energy;
mod rules_fog;
mod rules_objectives;
mod rules_phase;
mod rules_props;
mod seats_decided;
mod validate;
