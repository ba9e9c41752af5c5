//! The panels around the canvas. Each is a function that draws from
//! read-only state and returns the [`crate::action::Action`]s the user
//! triggered; the app applies them after the frame is drawn.
//!
//! * [`top_bar`]: app name, open map, view buttons, theme.
//! * [`load_error`]: the banner shown when a file could not be opened.
//! * [`layers`]: layer toggles and the legend (left side).
//! * [`inspector`]: map summary, findings and the selected hex (right side).

pub mod findings;
pub mod inspector;
pub mod layers;
pub mod legend;
pub mod load_error;
pub mod map_info;
pub mod selection;
pub mod top_bar;
