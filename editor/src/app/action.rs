//! What the user asked for. Panels and the canvas only read the app's state
//! while they draw and return [`Action`]s; the app applies them once the
//! frame is drawn ([`crate::app::HexwrightApp::apply`]). This keeps drawing
//! free of borrow tangles and gives the undo history one place where the map
//! changes: every map edit becomes a [`crate::document::command::Command`].

use crate::app::settings::Layer;
use crate::canvas::theme::ThemeChoice;
use crate::document::files::NewMapSpec;
use crate::edit::editing::{PointerEvent, ToolKey};
use crate::edit::tool::Tool;
use hexwright_engine::Hex;
use hexwright_engine::map::{Meta, Side, TerrainKind};
use hexwright_engine::symmetry::{Centre, Mode};
use std::path::PathBuf;

/// A change the user requested.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Show or hide a canvas layer.
    SetLayer(Layer, bool),
    /// Switch the theme.
    SetTheme(ThemeChoice),
    /// Select a hex (or clear the selection with `None`).
    SelectHex(Option<Hex>),
    /// Show an analysis overlay on the canvas (or none).
    SetOverlay(Option<hexwright_headless::draw::overlay::Overlay>),
    /// Select a hex and centre the canvas on it (a fairness figure's cause).
    LocateHex(Hex),
    /// Start *Suggest fixes* on the open map.
    SuggestFixes,
    /// Draw suggested fix `i` strongest and centre the canvas on it.
    ShowProposal(usize),
    /// Make suggested fix `i` (one undo step).
    ApplyProposal(usize),
    /// Make every suggested fix left, in order, each its own undo step.
    ApplyAllProposals,
    /// Select the finding with this index, centre the canvas on its hex and
    /// highlight it.
    FocusFinding(usize),
    /// Fit the whole map into the canvas.
    FitToMap,
    /// Zoom about the canvas centre by this factor (> 1 zooms in).
    Zoom(f64),
    /// Hide the banner about a file that could not be opened.
    DismissLoadError,

    /// Pick a tool.
    SetTool(Tool),
    /// The terrain kind new pieces get.
    SetTerrainKind(TerrainKind),
    /// Brush radius, in hex sizes.
    SetBrush(f64),
    /// Grow or shrink the brush by a factor.
    ScaleBrush(f64),
    /// The side zones, barracks and bases are made for.
    SetSide(Side),
    /// Symmetric editing mode.
    SetSymmetry(Mode),
    /// The centre symmetric editing turns or mirrors about.
    SetSymmetryCentre(Centre),
    /// The pointer did something on the canvas (for the active tool).
    Pointer(PointerEvent),
    /// A key for the active tool.
    ToolKey(ToolKey),
    /// Change the kind of terrain piece `index`.
    SetPieceKind(usize, TerrainKind),
    /// Delete the selected terrain piece.
    DeletePiece,
    /// Remove the features on a hex.
    RemoveFeatureAt(Hex),
    /// Replace the map's metadata.
    SetMeta(Meta),
    /// Resize the map area to this width and height, content centred.
    ResizeMap(f64, f64),

    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Undo or redo until this many history steps are applied.
    JumpTo(usize),
    /// Show or hide the history panel.
    ShowHistory(bool),
    /// Show or hide the keyboard shortcut sheet.
    ShowShortcuts(bool),

    /// Ask for a new map's size (after the unsaved-changes prompt).
    New,
    /// Make a new map.
    CreateMap(NewMapSpec),
    /// Ask for a file to open.
    Open,
    /// Ask where to export a picture of the map.
    ExportImage,
    /// Write a picture of the map to this `.png` or `.svg` file.
    ExportImagePath(PathBuf),
    /// Go back to the sandbox left earlier, on the map as it was then.
    ResumeSandbox,
    /// Close the sandbox left earlier and open one on the map as it is.
    FreshSandbox,
    /// Close the sandbox and its results, and go on with what the
    /// [`crate::panels::Dialog::SandboxWork`] dialog was asked for.
    DiscardSandbox,
    /// Ask where to export the map as a Tiled map.
    ExportTiled,
    /// Write the map as a Tiled map (`.tmj`) to this file, its tileset
    /// picture beside it.
    ExportTiledPath(PathBuf),
    /// Ask what to import (after the unsaved-changes prompt).
    Import,
    /// Show File → Generate.
    Generate,
    /// Make the previews of the Generate dialog: of the first seed and the
    /// next ones, or (`more`) of the seeds after the last shown.
    GeneratePreviews {
        /// Add the next seeds' previews rather than start again.
        more: bool,
    },
    /// Open the Generate dialog's map of this seed as a new unsaved map
    /// (after the unsaved-changes prompt).
    OpenGenerated(u64),
    /// Import a Battle for Wesnoth map with these choices.
    ImportWesnoth(hexwright_headless::files::import::WesnothChoices),
    /// Open this file (after the unsaved-changes prompt).
    OpenPath(PathBuf),
    /// Open this map of the bundled pack, by file name (after the
    /// unsaved-changes prompt).
    OpenBundled(String),
    /// Save to the current file (asks for one when there is none).
    Save,
    /// Ask for a file to save to.
    SaveAs,
    /// Save to this file; `true` when replacing an existing file was
    /// already confirmed (the system's dialog asks itself).
    SavePath(PathBuf, bool),
    /// Close the open dialog without doing anything.
    CloseDialog,
    /// In the unsaved-changes prompt: save, then go on.
    PromptSave,
    /// In the unsaved-changes prompt: go on without saving.
    PromptDiscard,
    /// Open the map recovered after a crash.
    Recover,
    /// Delete the recovery file without opening it.
    DiscardRecovery,

    /// Show the pack window, or ask for a pack folder when none is open.
    Pack,
    /// Open the pack in this folder (or this `pack.ron`).
    OpenPack(PathBuf),
    /// Start a new pack in this folder.
    NewPack(PathBuf),
    /// Move pack entry `i` up (`-1`) or down (`1`).
    PackShift(usize, isize),
    /// Take pack entry `i` off the list.
    PackRemove(usize),
    /// Add the open map to the pack under this file name.
    PackAdd(String),
    /// Open pack entry `i` in the editor.
    PackOpenMap(usize),
    /// Write the pack.
    PackSave,
    /// Close the pack window.
    PackClose,

    /// Open the sandbox on the open map (refused while it has validation
    /// errors).
    Play,
}
