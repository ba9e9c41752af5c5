//! The select tool: picking a terrain piece, moving it (with its symmetric
//! images) and deleting it.

use super::{
    EditContext, Editor, Gesture, PointerEvent, PointerKind, image_pieces, piece_at,
    symmetry_images,
};
use crate::document::command::{Change, Command};
use crate::edit::tool::Tool;
use hexwright_engine::geom::Point;
use hexwright_engine::map::TerrainPiece;
use hexwright_engine::transform;

impl Editor {
    pub(super) fn select_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        match ev.kind {
            PointerKind::Click | PointerKind::DoubleClick => {
                self.selected_piece = piece_at(cx.doc, ev.world);
            }
            PointerKind::Press => {
                let hit = piece_at(cx.doc, ev.world);
                if let Some(index) = hit {
                    self.selected_piece = Some(index);
                    self.gesture = Gesture::Move {
                        index,
                        from: ev.world,
                        to: ev.world,
                    };
                }
            }
            PointerKind::Drag => {
                if let Gesture::Move { to, .. } = &mut self.gesture {
                    *to = ev.world;
                }
            }
            PointerKind::Release => {
                if let Gesture::Move { index, from, .. } = std::mem::take(&mut self.gesture) {
                    self.move_piece(cx, index, ev.world - from);
                }
            }
        }
    }

    pub(super) fn move_piece(&mut self, cx: &mut EditContext<'_>, index: usize, by: Point) {
        if by.x.abs() + by.y.abs() < 1e-9 {
            return;
        }
        let map = cx.doc.map();
        let Some(before) = map.terrain.get(index).cloned() else {
            return;
        };
        let targets = image_pieces(map, &symmetry_images(cx), index);
        let Some(shape) = transform::translate_shape(&before.shape, by.x, by.y, &map.hex_layout())
        else {
            self.message = Some("Cannot move the piece out of the coordinate range".to_owned());
            return;
        };
        let after = TerrainPiece {
            kind: before.kind,
            shape,
        };
        let mut changes = vec![Change::ReplacePiece {
            index,
            before,
            after: after.clone(),
        }];
        for (j, image) in targets {
            if let Some(moved) = image.piece(&after) {
                changes.push(Change::ReplacePiece {
                    index: j,
                    before: map.terrain[j].clone(),
                    after: moved,
                });
            }
        }
        if let Err(e) = cx
            .history
            .execute(cx.doc, Command::new("Move piece", changes))
        {
            self.fail("Cannot move the piece", e);
        }
    }

    pub(super) fn delete_selected(&mut self, cx: &mut EditContext<'_>) {
        match cx.options.tool {
            Tool::Grid => {
                if let Some(v) = self.grid_vertex {
                    self.delete_grid_vertex(cx, v);
                }
                return;
            }
            Tool::HexSelect => {
                self.clear_hexes(cx);
                return;
            }
            _ => {}
        }
        let Some(index) = self.selected_piece.take() else {
            return;
        };
        let map = cx.doc.map();
        let Some(piece) = map.terrain.get(index).cloned() else {
            return;
        };
        let mut removals = vec![(index, piece)];
        for (j, _) in image_pieces(map, &symmetry_images(cx), index) {
            removals.push((j, map.terrain[j].clone()));
        }
        // Remove the later pieces first so the earlier indices stay valid.
        removals.sort_by_key(|&(i, _)| std::cmp::Reverse(i));
        let changes = removals
            .into_iter()
            .map(|(index, piece)| Change::RemovePiece { index, piece })
            .collect();
        if let Err(e) = cx
            .history
            .execute(cx.doc, Command::new("Delete piece", changes))
        {
            self.fail("Cannot delete the piece", e);
        }
    }

    // ----- brush and eraser -----------------------------------------------
}
