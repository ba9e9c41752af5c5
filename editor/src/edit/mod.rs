//! # Editing
//!
//! The tools and what they do to the open map: [`tool`] names the tools
//! (label, hotkey, cursor); [`editing`] turns the canvas's pointer events
//! into undoable commands and draws their marks; [`hex_brush`] paints whole
//! hexes and floods; [`suggest`] runs the certifying balance assistant
//! (*Suggest fixes*) whose edits the user applies as commands.

pub(crate) mod editing;
mod hex_brush;
pub(crate) mod suggest;
pub(crate) mod tool;

pub use tool::Tool;
