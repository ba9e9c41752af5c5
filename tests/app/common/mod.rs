//! Helpers shared by the app's tests: [`ui`] for the tests that drive the
//! app by its labels, [`sandbox`] for the sandbox's.

pub mod sandbox;
pub mod ui;
