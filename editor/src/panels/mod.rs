//! The panels around the canvas. Each is a function that draws from
//! read-only state (or its own form state) and returns the
//! [`crate::app::Action`]s the user triggered; the app applies them
//! after the frame is drawn.
//!
//! * [`top_bar`]: file buttons, the open map, view buttons, theme.
//! * [`toolbar`]: tools, tool options, zone counters, symmetry, undo/redo.
//! * [`load_error`]: the banner shown when a file could not be opened.
//! * [`layers`] and [`legend`]: layer toggles and the legend (left side).
//! * [`inspector`]: map summary ([`map_info`]) and metadata ([`meta`]), the
//!   selected hex ([`selection`]) and piece ([`piece`]), findings
//!   ([`findings`]), parity ([`parity`]), the analysis ([`analysis`]),
//!   *Suggest fixes* ([`suggest`]) and history ([`history`]) (right side).
//! * [`dialogs`]: New, Open, Save As, unsaved changes, recovery; [`resize`]
//!   the map area; [`pack`] the map pack window.
//! * [`import_dialog`]: File → Import and the import report.
//! * [`generate_dialog`]: File → Generate: parameters, previews, Open.
//! * [`shortcuts`]: the keyboard shortcut sheet (F1).
//! * [`sizes`]: how wide the side panels may be.
//! * [`status_bar`]: the hovered hex and the map's state, at the bottom.

pub(crate) mod analysis;
pub(crate) mod dialogs;
mod findings;
pub(crate) mod generate_dialog;
mod history;
pub(crate) mod import_dialog;
pub(crate) mod inspector;
pub(crate) mod layers;
pub(crate) mod legend;
pub(crate) mod load_error;
mod map_info;
pub(crate) mod meta;
pub(crate) mod pack;
pub(crate) mod parity;
mod piece;
pub(crate) mod resize;
mod selection;
pub(crate) mod shortcuts;
pub(crate) mod sizes;
pub(crate) mod status_bar;
mod suggest;
pub(crate) mod toolbar;
pub(crate) mod top_bar;

pub use analysis::CERTIFIED_OUTWEIGHS;
pub use dialogs::Dialog;
pub use top_bar::UNSAVED_MARK;
