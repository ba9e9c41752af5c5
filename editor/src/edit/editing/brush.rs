//! The brushes: a round brush stroke, applied live in chunks and recorded as
//! one command when the button is released, and the hex brush and flood
//! fill.

use super::{
    CHUNK_POINTS, Chunk, EditContext, Editor, Gesture, PointerEvent, PointerKind, STROKE_SPACING,
    symmetry_images,
};
use crate::document::command::{Change, Command};
use crate::edit::hex_brush;
use crate::edit::tool::Tool;
use hexwright_engine::geom::Point;
use hexwright_engine::map::{Length, Path, TerrainKind, TerrainPiece, TerrainShape};
use hexwright_engine::symmetry::Image;

impl Editor {
    pub(super) fn brush_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        match ev.kind {
            PointerKind::Press => self.start_stroke(ev.world, cx),
            PointerKind::Drag => self.extend_stroke(ev.world, cx, false),
            PointerKind::Release => {
                self.extend_stroke(ev.world, cx, true);
                self.finish(cx);
            }
            PointerKind::Click | PointerKind::DoubleClick => {
                self.start_stroke(ev.world, cx);
                self.finish(cx);
            }
        }
    }

    pub(super) fn start_stroke(&mut self, at: Point, cx: &mut EditContext<'_>) {
        self.finish(cx);
        let erase = cx.options.tool == Tool::Eraser;
        let radius = cx.options.brush * cx.doc.map().layout.hex_size.get();
        let kind = cx.options.terrain;
        let mut chunks = Vec::new();
        match add_chunk(cx, vec![at], erase, kind, radius) {
            Ok(chunk) => chunks.push(chunk),
            Err(e) => {
                self.fail("Cannot paint", e);
                return;
            }
        }
        self.gesture = Gesture::Stroke {
            chunks,
            erase,
            kind,
            radius,
        };
    }

    pub(super) fn extend_stroke(&mut self, to: Point, cx: &mut EditContext<'_>, last: bool) {
        let Gesture::Stroke {
            chunks,
            erase,
            kind,
            radius,
        } = &mut self.gesture
        else {
            return;
        };
        let (erase, kind, radius) = (*erase, *kind, *radius);
        let Some(chunk) = chunks.last_mut() else {
            return;
        };
        let prev = *chunk.points.last().unwrap_or(&to);
        let d = prev.distance(to);
        let spacing = radius * STROKE_SPACING;
        if d < spacing && !(last && d > spacing * 0.1) {
            return;
        }
        if chunk.points.len() >= CHUNK_POINTS {
            match add_chunk(cx, vec![prev, to], erase, kind, radius) {
                Ok(c) => chunks.push(c),
                Err(e) => {
                    self.message = Some(format!("Cannot paint further: {e}"));
                    self.finish(cx);
                }
            }
            return;
        }
        chunk.points.push(to);
        let piece = stroke_piece(&chunk.points, erase, kind, radius);
        let index = chunk.index;
        if let Some(piece) = piece {
            let images: Vec<(usize, Option<TerrainPiece>)> = chunk
                .images
                .iter()
                .map(|(j, image)| (*j, image.piece(&piece)))
                .collect();
            // A point that would break a limit is left out; the stroke
            // keeps the points before it.
            if cx.doc.replace_piece(index, piece).is_ok() {
                for (j, m) in images {
                    if let Some(m) = m {
                        let _ = cx.doc.replace_piece(j, m);
                    }
                }
            }
        }
    }

    // ----- polygon and circle ---------------------------------------------

    pub(super) fn hex_brush_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        let hex = cx.doc.hex_at(ev.world);
        let images = symmetry_images(cx);
        match ev.kind {
            PointerKind::Press | PointerKind::Click | PointerKind::DoubleClick => {
                self.finish(cx);
                let erase = hex_brush::erases(cx.doc.map(), hex, cx.options.terrain);
                let mut hexes = Vec::new();
                hex_brush::extend_stroke(&mut hexes, None, hex, &images);
                self.gesture = Gesture::HexPaint {
                    hexes,
                    last: hex,
                    erase,
                };
                if ev.kind != PointerKind::Press {
                    self.finish(cx);
                }
            }
            PointerKind::Drag | PointerKind::Release => {
                if let Gesture::HexPaint { hexes, last, .. } = &mut self.gesture {
                    hex_brush::extend_stroke(hexes, Some(*last), hex, &images);
                    *last = hex;
                }
                if ev.kind == PointerKind::Release {
                    self.finish(cx);
                }
            }
        }
    }

    // ----- zones and features ---------------------------------------------
}

/// A brush stroke piece through `points`.
pub(super) fn stroke_piece(
    points: &[Point],
    erase: bool,
    kind: TerrainKind,
    radius: f64,
) -> Option<TerrainPiece> {
    Some(TerrainPiece {
        kind,
        shape: TerrainShape::Stroke {
            radius: Length::new(radius)?,
            points: Path::new(points.to_vec()).ok()?,
            erase,
        },
    })
}

/// Appends a new stroke piece (and its image) to the document.
pub(super) fn add_chunk(
    cx: &mut EditContext<'_>,
    points: Vec<Point>,
    erase: bool,
    kind: TerrainKind,
    radius: f64,
) -> Result<Chunk, String> {
    let piece = stroke_piece(&points, erase, kind, radius)
        .ok_or_else(|| "the brush is outside the coordinate range".to_owned())?;
    let images: Vec<(Image, TerrainPiece)> = symmetry_images(cx)
        .into_iter()
        .filter_map(|i| Some((i, i.piece(&piece)?)))
        .collect();
    let index = cx.doc.map().terrain.len();
    cx.doc
        .insert_piece(index, piece)
        .map_err(|e| e.to_string())?;
    let mut placed = Vec::new();
    for (image, m) in images {
        let j = index + 1 + placed.len();
        if let Err(e) = cx.doc.insert_piece(j, m) {
            // Take back what was just inserted, last first, so the map is
            // as it was before.
            for (k, _) in placed.iter().rev() {
                let _ = cx.doc.remove_piece(*k);
            }
            let _ = cx.doc.remove_piece(index);
            return Err(e.to_string());
        }
        placed.push((j, image));
    }
    Ok(Chunk {
        index,
        points,
        images: placed,
    })
}

/// Records an applied stroke as one command. Its pieces that overlap no
/// hex of the grid (painted on the empty canvas beside it, or a symmetric
/// image that falls off the grid) are taken back and not recorded: they
/// would change nothing but the file. Returns what to tell the user when
/// the whole stroke fell outside the grid.
pub(super) fn record_stroke(cx: &mut EditContext<'_>, chunks: &[Chunk]) -> Option<String> {
    let mut indices: Vec<usize> = chunks
        .iter()
        .flat_map(|c| std::iter::once(c.index).chain(c.images.iter().map(|&(j, _)| j)))
        .collect();
    indices.sort_unstable();
    let erase = chunks
        .first()
        .and_then(|c| cx.doc.map().terrain.get(c.index))
        .is_some_and(|p| p.shape.is_eraser());
    let outside: Vec<usize> = indices
        .iter()
        .copied()
        .filter(|&i| {
            cx.doc
                .map()
                .terrain
                .get(i)
                .is_some_and(|p| !cx.doc.board().coverage().overlaps_grid(&p.shape))
        })
        .collect();
    for &i in outside.iter().rev() {
        let _ = cx.doc.remove_piece(i);
    }
    // The pieces kept move down by the ones taken back before them.
    let kept: Vec<usize> = indices
        .iter()
        .filter(|i| !outside.contains(i))
        .map(|&i| i - outside.iter().filter(|&&o| o < i).count())
        .collect();
    if kept.is_empty() {
        return (!indices.is_empty())
            .then(|| "The stroke lies outside the grid, so nothing was painted".to_owned());
    }
    let terrain = &cx.doc.map().terrain;
    let changes: Vec<Change> = kept
        .into_iter()
        .filter_map(|index| {
            terrain.get(index).map(|piece| Change::InsertPiece {
                index,
                piece: piece.clone(),
            })
        })
        .collect();
    let label = if erase {
        "Erase stroke"
    } else {
        "Brush stroke"
    };
    cx.history.record(Command::new(label, changes));
    None
}
