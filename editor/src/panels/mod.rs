//! The panels around the canvas. Each is a function that draws from
//! read-only state (or its own form state) and returns the
//! [`crate::action::Action`]s the user triggered; the app applies them after
//! the frame is drawn.
//!
//! * [`top_bar`]: file buttons, the open map, view buttons, theme.
//! * [`toolbar`]: tools, tool options, zone counters, symmetry, undo/redo.
//! * [`load_error`]: the banner shown when a file could not be opened.
//! * [`layers`]: layer toggles and the legend (left side).
//! * [`inspector`]: map summary and metadata, selection, findings, parity
//!   and history (right side).
//! * [`dialogs`]: New, Open, Save As, unsaved changes, recovery.
//! * [`import_dialog`]: File → Import and the import report.
//! * [`generate_dialog`]: File → Generate: parameters, previews, Open.
//! * [`shortcuts`]: the keyboard shortcut sheet (F1).
//! * [`sizes`]: how wide the side panels may be.

pub mod analysis;
pub mod dialogs;
pub mod findings;
pub mod generate_dialog;
pub mod history;
pub mod import_dialog;
pub mod inspector;
pub mod layers;
pub mod legend;
pub mod load_error;
pub mod map_info;
pub mod meta;
pub mod pack;
pub mod parity;
pub mod piece;
pub mod resize;
pub mod selection;
pub mod shortcuts;
pub mod sizes;
pub mod suggest;
pub mod toolbar;
pub mod top_bar;
