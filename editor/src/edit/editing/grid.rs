//! The grid tool: the map's grid region as a polygon whose vertices are
//! dragged, added on an edge and deleted.

use super::{EditContext, Editor, Gesture, PointerEvent, PointerKind, symmetry_images};
use crate::document::command::{Change, Command};
use hexwright_engine::geom::{self, Point};
use hexwright_engine::map::{Map, Polygon};

impl Editor {
    pub(super) fn grid_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        let grid = cx.doc.map().grid.points();
        match ev.kind {
            PointerKind::Press => {
                if let Some(v) = nearest_vertex(grid, ev.world, ev.pick) {
                    self.grid_vertex = Some(v);
                    self.gesture = Gesture::GridDrag {
                        vertex: v,
                        inserted: false,
                        to: ev.world,
                    };
                } else if let Some(e) = nearest_edge(grid, ev.world, ev.pick) {
                    self.gesture = Gesture::GridDrag {
                        vertex: e + 1,
                        inserted: true,
                        to: ev.world,
                    };
                }
            }
            PointerKind::Drag => {
                if let Gesture::GridDrag { to, .. } = &mut self.gesture {
                    *to = ev.world;
                }
            }
            PointerKind::Release => {
                if let Gesture::GridDrag {
                    vertex, inserted, ..
                } = std::mem::take(&mut self.gesture)
                {
                    let mut points = grid.to_vec();
                    if vertex > points.len() || (!inserted && vertex == points.len()) {
                        return;
                    }
                    let old = (!inserted).then(|| points[vertex]);
                    if inserted {
                        points.insert(vertex, ev.world);
                    } else {
                        points[vertex] = ev.world;
                    }
                    // The symmetric corners follow, where there are some.
                    if let Some(old) = old {
                        for image in symmetry_images(cx) {
                            let image_old = image.point(old);
                            if let Some(j) = points
                                .iter()
                                .position(|p| p.distance(image_old) < 1e-6)
                                .filter(|&j| j != vertex && old.distance(image_old) > 1e-6)
                            {
                                points[j] = image.point(ev.world);
                            }
                        }
                    }
                    self.grid_vertex = Some(vertex);
                    self.set_grid(
                        cx,
                        points,
                        if inserted {
                            "Add grid corner"
                        } else {
                            "Move grid corner"
                        },
                    );
                }
            }
            PointerKind::Click | PointerKind::DoubleClick => {
                self.grid_vertex = nearest_vertex(grid, ev.world, ev.pick);
            }
        }
    }

    pub(super) fn set_grid(&mut self, cx: &mut EditContext<'_>, points: Vec<Point>, label: &str) {
        let polygon = match Polygon::new(points) {
            Ok(p) => p,
            Err(e) => return self.fail("Cannot change the grid region", e),
        };
        let before = cx.doc.map().clone();
        let after = Map {
            grid: polygon,
            ..before.clone()
        };
        if after == before {
            return;
        }
        let change = Change::Map {
            before: Box::new(before),
            after: Box::new(after),
        };
        if let Err(e) = cx
            .history
            .execute(cx.doc, Command::new(label, vec![change]))
        {
            self.fail("Cannot change the grid region", e);
        }
    }

    pub(super) fn delete_grid_vertex(&mut self, cx: &mut EditContext<'_>, vertex: usize) {
        let mut points = cx.doc.map().grid.points().to_vec();
        if points.len() <= 3 {
            self.message = Some("The grid region needs at least 3 corners".to_owned());
            return;
        }
        if vertex < points.len() {
            points.remove(vertex);
            self.grid_vertex = None;
            self.set_grid(cx, points, "Remove grid corner");
        }
    }
}

/// The corner of `ring` within `pick` of `p`, the nearest one.
pub(super) fn nearest_vertex(ring: &[Point], p: Point, pick: f64) -> Option<usize> {
    ring.iter()
        .enumerate()
        .map(|(i, q)| (i, q.distance(p)))
        .filter(|&(_, d)| d <= pick)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// The edge `i` (from corner `i` to corner `i + 1`) of `ring` within `pick`
/// of `p`, the nearest one.
pub(super) fn nearest_edge(ring: &[Point], p: Point, pick: f64) -> Option<usize> {
    (0..ring.len())
        .map(|i| {
            let j = (i + 1) % ring.len();
            (i, geom::distance_to_segment(p, ring[i], ring[j]))
        })
        .filter(|&(_, d)| d <= pick)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}
