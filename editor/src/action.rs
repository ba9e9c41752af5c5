//! What the user asked for. Panels and the canvas only read the app's state
//! while they draw and return [`Action`]s; the app applies them once the
//! frame is drawn ([`crate::app::HexwrightApp::apply`]). This keeps drawing
//! free of borrow tangles and gives the future undo stack and scripting one
//! place where state changes.

use crate::settings::Layer;
use crate::theme::ThemeChoice;
use hexwright_engine::Hex;

/// A change the user requested.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// Show or hide a canvas layer.
    SetLayer(Layer, bool),
    /// Switch the theme.
    SetTheme(ThemeChoice),
    /// Select a hex (or clear the selection with `None`).
    SelectHex(Option<Hex>),
    /// Select the finding with this index, centre the canvas on its hex and
    /// highlight it.
    FocusFinding(usize),
    /// Fit the whole map into the canvas.
    FitToMap,
    /// Zoom about the canvas centre by this factor (> 1 zooms in).
    Zoom(f64),
    /// Hide the banner about a file that could not be opened.
    DismissLoadError,
}
