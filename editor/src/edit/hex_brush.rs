//! The hex brush and the flood fill: whole hexes painted as one undoable
//! command each.
//!
//! The engine decides what changes ([`hexwright_engine::hex_paint`]: one
//! whole-hex piece per terrain kind, a hex in one piece only); this turns
//! its edits into [`Change`]s. A hex-brush drag collects the hexes it
//! passes over (with the hexes in between, so a fast drag leaves no gap, and
//! their symmetric images), previews them, and paints them when the button
//! is released.

use crate::document::command::{Change, Command};
use crate::edit::editing::EditContext;
use hexwright_engine::Hex;
use hexwright_engine::hex_paint::{self, PieceEdit};
use hexwright_engine::map::Map;
use hexwright_engine::symmetry::Image;

/// Adds to `hexes` the hexes from `from` to `to` (a line, both ends
/// included) and their images under `images`, keeping each once.
pub fn extend_stroke(hexes: &mut Vec<Hex>, from: Option<Hex>, to: Hex, images: &[Image]) {
    let line: Vec<Hex> = match from {
        Some(f) if f != to => f.line_to(to).collect(),
        _ => vec![to],
    };
    for h in line {
        for x in std::iter::once(h).chain(images.iter().map(|i| i.hex(h))) {
            if !hexes.contains(&x) {
                hexes.push(x);
            }
        }
    }
}

/// Whether a hex-brush stroke that starts on `hex` erases: it does when the
/// hex already holds whole hexes of the kind being painted.
#[must_use]
pub fn erases(map: &Map, hex: Hex, kind: hexwright_engine::map::TerrainKind) -> bool {
    hex_paint::whole_hex_kind(map, hex) == Some(kind)
}

/// Paints `hexes` as whole hexes of the active kind (or erases them) as one
/// command labelled `label`. Nothing happens when nothing would change.
///
/// # Errors
/// A message when the hexes cannot be painted (a limit of the map).
pub fn paint(
    cx: &mut EditContext<'_>,
    hexes: &[Hex],
    erase: bool,
    label: &str,
) -> Result<(), String> {
    let map = cx.doc.map();
    let edits = hex_paint::paint(
        map,
        cx.doc.board().coverage(),
        cx.options.terrain,
        hexes,
        erase,
    )?;
    if edits.is_empty() {
        return Ok(());
    }
    let changes = changes(map, &edits);
    cx.history
        .execute(cx.doc, Command::new(label, changes))
        .map_err(|e| e.to_string())
}

/// Fills the region of `at` ([`hex_paint::flood`]), and of each of its
/// symmetric images, with whole hexes of the active kind, as one command.
///
/// # Errors
/// As [`paint`].
pub fn fill(cx: &mut EditContext<'_>, at: Hex, images: &[Image]) -> Result<(), String> {
    let map = cx.doc.map();
    let coverage = cx.doc.board().coverage();
    let mut hexes = hex_paint::flood(map, coverage, at);
    for image in images {
        for h in hex_paint::flood(map, coverage, image.hex(at)) {
            if !hexes.contains(&h) {
                hexes.push(h);
            }
        }
    }
    paint(cx, &hexes, false, "Fill")
}

/// The engine's edits as reversible changes, each holding what it replaces.
fn changes(map: &Map, edits: &[PieceEdit]) -> Vec<Change> {
    let mut terrain = map.terrain.clone();
    let mut out = Vec::with_capacity(edits.len());
    for e in edits {
        match e {
            PieceEdit::Replace { index, piece } => {
                let before = std::mem::replace(&mut terrain[*index], piece.clone());
                out.push(Change::ReplacePiece {
                    index: *index,
                    before,
                    after: piece.clone(),
                });
            }
            PieceEdit::Remove { index } => out.push(Change::RemovePiece {
                index: *index,
                piece: terrain.remove(*index),
            }),
            PieceEdit::Insert { index, piece } => {
                terrain.insert(*index, piece.clone());
                out.push(Change::InsertPiece {
                    index: *index,
                    piece: piece.clone(),
                });
            }
        }
    }
    out
}
