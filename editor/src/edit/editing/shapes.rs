//! The polygon and circle tools: a terrain piece drawn point by point or
//! from a centre and a radius, with its symmetric images.

use super::{EditContext, Editor, Gesture, PointerEvent, PointerKind, symmetry_images};
use crate::document::command::{Change, Command};
use hexwright_engine::geom::Point;
use hexwright_engine::map::{Coord, Length, Polygon, TerrainPiece, TerrainShape};

impl Editor {
    pub(super) fn polygon_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        match ev.kind {
            PointerKind::Click => {
                if let Gesture::Polygon { points } = &mut self.gesture {
                    let close = points.len() >= 3 && points[0].distance(ev.world) <= ev.pick;
                    if close {
                        let points = std::mem::take(points);
                        self.gesture = Gesture::Idle;
                        self.close_polygon(cx, points);
                    } else if points.len() < hexwright_engine::limits::MAX_RING_VERTICES {
                        points.push(ev.world);
                    }
                } else {
                    self.gesture = Gesture::Polygon {
                        points: vec![ev.world],
                    };
                }
            }
            PointerKind::DoubleClick => {
                if let Gesture::Polygon { points } = std::mem::take(&mut self.gesture) {
                    self.close_polygon(cx, points);
                }
            }
            _ => {}
        }
    }

    pub(super) fn close_polygon(&mut self, cx: &mut EditContext<'_>, mut points: Vec<Point>) {
        points.dedup_by(|a, b| a.distance(*b) < 1e-9);
        if points.len() < 3 {
            self.message = Some("A polygon needs at least 3 corners".to_owned());
            return;
        }
        match Polygon::new(points) {
            Ok(polygon) => {
                let piece = TerrainPiece {
                    kind: cx.options.terrain,
                    shape: TerrainShape::Polygon { points: polygon },
                };
                self.insert_pieces(cx, "Polygon", piece);
            }
            Err(e) => self.fail("Cannot make the polygon", e),
        }
    }

    pub(super) fn circle_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        match ev.kind {
            PointerKind::Press => {
                self.gesture = Gesture::Circle {
                    center: ev.world,
                    radius: 0.0,
                };
            }
            PointerKind::Drag => {
                if let Gesture::Circle { center, radius } = &mut self.gesture {
                    *radius = center.distance(ev.world);
                }
            }
            PointerKind::Release => {
                if let Gesture::Circle { center, .. } = std::mem::take(&mut self.gesture) {
                    let radius = center.distance(ev.world);
                    match (Coord::try_from((center.x, center.y)), Length::new(radius)) {
                        (Ok(center), Some(radius)) => {
                            let piece = TerrainPiece {
                                kind: cx.options.terrain,
                                shape: TerrainShape::Circle { center, radius },
                            };
                            self.insert_pieces(cx, "Circle", piece);
                        }
                        _ => self.message = Some("Drag out a circle of some size".to_owned()),
                    }
                }
            }
            PointerKind::Click | PointerKind::DoubleClick => {}
        }
    }

    /// Appends `piece` (and its symmetric images) as one command.
    pub(super) fn insert_pieces(
        &mut self,
        cx: &mut EditContext<'_>,
        label: &str,
        piece: TerrainPiece,
    ) {
        let n = cx.doc.map().terrain.len();
        let images: Vec<TerrainPiece> = symmetry_images(cx)
            .iter()
            .filter_map(|i| i.piece(&piece))
            .collect();
        // A piece (or image) that overlaps no hex of the grid changes
        // nothing but the file: it is not added.
        let coverage = cx.doc.board().coverage();
        let pieces: Vec<TerrainPiece> = std::iter::once(piece)
            .chain(images)
            .filter(|p| coverage.overlaps_grid(&p.shape))
            .collect();
        if pieces.is_empty() {
            self.message = Some(format!(
                "The {} lies outside the grid, so nothing was added",
                label.to_lowercase()
            ));
            return;
        }
        let changes: Vec<Change> = pieces
            .into_iter()
            .enumerate()
            .map(|(k, piece)| Change::InsertPiece {
                index: n + k,
                piece,
            })
            .collect();
        if let Err(e) = cx.history.execute(cx.doc, Command::new(label, changes)) {
            self.fail("Cannot add the piece", e);
        }
    }
}
