//! The app's integration tests, in one test binary: every test file links
//! the whole GUI stack, so one binary links it once instead of once per
//! file (the README's test command spends most of its time compiling and
//! linking). Each file is a module and runs as it did on its own; filter
//! one with its module name, e.g. `cargo test --test app ui_sandbox::`.
//!
//! - [`ui_first_screen`], [`ui_editor`], [`ui_files`], [`ui_generate`],
//!   [`ui_sandbox`], [`ui_timeline`], [`ui_layout`]: the app driven headless by its labels with
//!   `egui_kittest`.
//! - `ui_snapshots`: pixel snapshots, behind the `snapshots` feature.

mod common;

mod ui_editor;
mod ui_files;
mod ui_first_screen;
mod ui_generate;
mod ui_layout;
mod ui_sandbox;
mod ui_snapshots;
mod ui_timeline;
