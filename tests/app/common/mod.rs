//! Helpers shared by the app's tests: [`ui`] for the tests that drive the
//! app by its labels.

pub mod ui;
