//! Whether a terrain piece would overlap the grid at all: a piece that
//! overlaps no hex (inside the grid region) changes nothing the game is
//! played on, and the editor does not record it.

use super::clip::{clip_shape, is_convex};
use super::{Coverage, PreparedPiece, Scratch, Window};
use crate::geom;
use crate::map::TerrainShape;

impl Coverage {
    /// Whether `shape` would overlap some hex of the grid, inside the grid
    /// region, by a positive area. Where the region's edge cuts a hex in a
    /// shape this cannot clip exactly (not convex), the piece counts as
    /// overlapping, so a piece that matters is never called outside.
    #[must_use]
    pub fn overlaps_grid(&self, shape: &TerrainShape) -> bool {
        let piece = PreparedPiece::new(shape, &self.layout);
        let touched = self.touched_by(&piece);
        if piece.hexes.is_some() {
            // Whole hexes: exactly the grid hexes it names.
            return !touched.is_empty();
        }
        let mut s = Scratch::default();
        let tiny = self.hex_area * 1e-12;
        let full = self.hex_area * (1.0 - 1e-12);
        touched.into_iter().any(|i| {
            if self.region_area[i] <= tiny {
                return false;
            }
            let w = Window::new(&self.layout, self.hexes[i]);
            if piece.area_in(&w, &mut s).abs() <= tiny {
                return false;
            }
            if self.region_area[i] >= full {
                return true;
            }
            // The region's edge cuts this hex: the piece must meet the
            // region's part of it.
            s.clipped.clear();
            piece.clip_into(&w, &mut s);
            let pieces = s.clipped.len();
            clip_shape(&self.region, &w, &mut s);
            let region = pieces..s.clipped.len();
            if !region.clone().all(|r| is_convex(s.clipped.ring(r))) {
                return true;
            }
            (0..pieces).any(|a| {
                region
                    .clone()
                    .any(|r| geom::clipped_area(s.clipped.ring(a), s.clipped.ring(r)).abs() > tiny)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::coverage::Coverage;
    use crate::geom::Point;
    use crate::layout::Orientation;
    use crate::map::{Coord, Length, Map, TerrainShape};

    fn circle(x: f64, y: f64, r: f64) -> TerrainShape {
        TerrainShape::Circle {
            center: Coord(Point::new(x, y)),
            radius: Length::new(r).unwrap(),
        }
    }

    /// The empty map's grid lies half a hex inside its 400 × 300 area: a
    /// circle on the area's corner overlaps no hex, one that reaches over
    /// the grid's edge does, as does one in the middle or one far larger
    /// than the grid.
    #[test]
    fn only_pieces_that_reach_the_grid_overlap_it() {
        let m = Map::new_empty("m", Orientation::Pointy, 10.0, 400.0, 300.0).unwrap();
        let c = Coverage::new(&m).unwrap();
        assert!(!c.overlaps_grid(&circle(1.0, 1.0, 1.5)));
        assert!(!c.overlaps_grid(&circle(-500.0, -500.0, 20.0)));
        assert!(c.overlaps_grid(&circle(200.0, 150.0, 3.0)));
        assert!(c.overlaps_grid(&circle(1.0, 150.0, 6.0)));
        assert!(c.overlaps_grid(&circle(200.0, 150.0, 5_000.0)));
    }
}
