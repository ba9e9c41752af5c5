//! What the canvas draws for the tools: the cursor preview and the gesture
//! in progress, as [`Mark`]s.

use super::{Editor, Gesture, Mark};
use crate::document::Document;
use crate::edit::hex_brush;
use crate::edit::tool::{Tool, ToolOptions};
use hexwright_engine::Hex;
use hexwright_engine::geom::Point;
use hexwright_engine::symmetry::Image;

impl Editor {
    /// What to draw over the canvas for the active tool with the pointer at
    /// `pointer` (world units), including symmetric images.
    #[must_use]
    pub fn preview(
        &self,
        doc: &Document,
        options: &ToolOptions,
        pointer: Option<Point>,
    ) -> Vec<Mark> {
        let map = doc.map();
        let images = options.symmetry_on(map).images(map);
        let mut marks = Vec::new();
        match &self.gesture {
            Gesture::Polygon { points } => {
                let mut pts = points.clone();
                pts.extend(pointer);
                marks.push(Mark::Polyline {
                    points: pts.clone(),
                    closed: false,
                });
                for image in &images {
                    marks.push(Mark::Polyline {
                        points: pts.iter().map(|&p| image.point(p)).collect(),
                        closed: false,
                    });
                }
            }
            Gesture::Circle { center, radius } => {
                for c in std::iter::once(*center).chain(images.iter().map(|i| i.point(*center))) {
                    marks.push(Mark::Circle {
                        center: c,
                        radius: *radius,
                        erase: false,
                    });
                }
            }
            Gesture::HexPaint { hexes, erase, .. } => {
                marks.extend(hexes.iter().map(|&hex| Mark::Hex {
                    hex,
                    side: None,
                    remove: *erase,
                }));
            }
            Gesture::Move { index, from, to } => {
                marks.push(Mark::Piece {
                    index: *index,
                    offset: *to - *from,
                });
            }
            Gesture::GridDrag {
                vertex,
                inserted,
                to,
            } => {
                let mut points = map.grid.points().to_vec();
                if *inserted && *vertex <= points.len() {
                    points.insert(*vertex, *to);
                } else if let Some(p) = points.get_mut(*vertex) {
                    *p = *to;
                }
                marks.push(Mark::Polyline {
                    points,
                    closed: true,
                });
            }
            _ => {}
        }
        if options.tool == Tool::HexSelect {
            marks.extend(self.hex_selection.iter().map(|&h| Mark::Selected(h)));
            if let Gesture::SelectHexes { start, now } = self.gesture
                && start != now
            {
                marks.push(Mark::Polyline {
                    points: vec![
                        start,
                        Point::new(now.x, start.y),
                        now,
                        Point::new(start.x, now.y),
                    ],
                    closed: true,
                });
            }
        }
        if options.tool == Tool::Grid {
            marks.extend(
                map.grid
                    .points()
                    .iter()
                    .enumerate()
                    .map(|(i, &at)| Mark::Handle {
                        at,
                        selected: self.grid_vertex == Some(i),
                    }),
            );
        }
        if let (Some(i), Gesture::Idle) = (self.selected_piece, &self.gesture)
            && options.tool == Tool::Select
            && i < map.terrain.len()
        {
            marks.push(Mark::Piece {
                index: i,
                offset: Point::default(),
            });
        }
        if let Some(p) = pointer {
            self.pointer_marks(doc, options, p, &mut marks);
        }
        marks
    }

    /// The marks under the pointer at `p` for the active tool.
    pub(super) fn pointer_marks(
        &self,
        doc: &Document,
        options: &ToolOptions,
        p: Point,
        marks: &mut Vec<Mark>,
    ) {
        let first = marks.len();
        self.tool_marks(doc, options, p, marks);
        // Hexes off the grid do not exist for the game: no preview there.
        let coverage = doc.board().coverage();
        let mut k = 0;
        marks.retain(|m| {
            k += 1;
            k <= first
                || match m {
                    Mark::Hex { hex, .. } | Mark::Feature { hex, .. } => coverage.in_grid(*hex),
                    _ => true,
                }
        });
    }

    /// The marks of the active tool at `p`, on or off the grid.
    pub(super) fn tool_marks(
        &self,
        doc: &Document,
        options: &ToolOptions,
        p: Point,
        marks: &mut Vec<Mark>,
    ) {
        let map = doc.map();
        let symmetry = options.symmetry_on(map).images(map);
        let hex = doc.hex_at(p);
        // The mark at the pointer's hex and at each of its images (given
        // the image, to map owners).
        let images = |marks: &mut Vec<Mark>, mark: &dyn Fn(Hex, Option<&Image>) -> Mark| {
            marks.push(mark(hex, None));
            for image in &symmetry {
                let m = image.hex(hex);
                if m != hex {
                    marks.push(mark(m, Some(image)));
                }
            }
        };
        match options.tool {
            Tool::Brush | Tool::Eraser => {
                let radius = options.brush * map.layout.hex_size.get();
                for c in std::iter::once(p).chain(symmetry.iter().map(|i| i.point(p))) {
                    marks.push(Mark::Circle {
                        center: c,
                        radius,
                        erase: options.tool == Tool::Eraser,
                    });
                }
            }
            Tool::Zone => {
                let remove = match &self.gesture {
                    Gesture::Zones { remove, .. } => *remove,
                    _ => doc.zones_of(options.side).contains(&hex),
                };
                images(marks, &|h, image| Mark::Hex {
                    hex: h,
                    side: Some(image.map_or(options.side, |i| i.side(options.side))),
                    remove,
                });
            }
            Tool::HexSelect if self.paste.is_some() => {
                let placed = self.placed(map, hex);
                for &(h, side) in &placed.zones {
                    marks.push(Mark::Hex {
                        hex: h,
                        side: Some(side),
                        remove: false,
                    });
                }
                for &(h, kind) in &placed.features {
                    marks.push(Mark::Feature { hex: h, kind });
                }
            }
            Tool::FeatureEraser => images(marks, &|h, _| Mark::Hex {
                hex: h,
                side: None,
                remove: true,
            }),
            Tool::HexBrush => {
                let remove = match &self.gesture {
                    Gesture::HexPaint { erase, .. } => *erase,
                    _ => hex_brush::erases(map, hex, options.terrain),
                };
                images(marks, &|h, _| Mark::Hex {
                    hex: h,
                    side: None,
                    remove,
                });
            }
            Tool::Fill => {
                let mut hexes =
                    hexwright_engine::hex_paint::flood(map, doc.board().coverage(), hex);
                for image in &symmetry {
                    hexes.extend(hexwright_engine::hex_paint::flood(
                        map,
                        doc.board().coverage(),
                        image.hex(hex),
                    ));
                }
                marks.extend(hexes.into_iter().map(|h| Mark::Hex {
                    hex: h,
                    side: None,
                    remove: false,
                }));
            }
            Tool::Polygon | Tool::Circle if !self.busy() => {
                marks.push(Mark::Circle {
                    center: p,
                    radius: 0.0,
                    erase: false,
                });
            }
            tool => {
                if let Some(kind) = tool.feature(options.side) {
                    images(marks, &|h, image| Mark::Feature {
                        hex: h,
                        kind: image.map_or(kind, |i| i.kind(kind)),
                    });
                }
            }
        }
    }
}
