//! Openness: each hex's distance to the nearest blocked or unusable hex,
//! the room units have to manoeuvre there (the "openness" of real-time
//! strategy map analysers). A hex beside the edge of the board, a wall of terrain or a
//! base is 1; a base itself is 0.

use crate::rules::arena::{Arena, Cell, NO_CELL, Site};
use serde::Serialize;
use std::collections::VecDeque;

/// The openness of every cell.
#[derive(Clone, Debug, Serialize)]
pub struct Openness {
    /// Per cell, in cell order.
    #[serde(skip)]
    pub cells: Vec<u16>,
    /// The most open cell's openness.
    pub max: u16,
}

impl Openness {
    /// The openness of every cell of `arena`. The distance is in steps,
    /// which on usable hexes is the hex distance: the nearest wall is never
    /// behind another one.
    #[must_use]
    pub fn new(arena: &Arena) -> Self {
        let mut cells = vec![u16::MAX; arena.len()];
        let mut queue = VecDeque::new();
        let blocked = |c: Cell| c == NO_CELL || matches!(arena.site(c), Site::Base(_));
        for c in 0..arena.len() as Cell {
            let d = if matches!(arena.site(c), Site::Base(_)) {
                0
            } else if arena.neighbours(c).iter().any(|&n| blocked(n)) {
                1
            } else {
                continue;
            };
            cells[usize::from(c)] = d;
            queue.push_back(c);
        }
        while let Some(c) = queue.pop_front() {
            let d = cells[usize::from(c)] + 1;
            for &n in arena.neighbours(c) {
                if n != NO_CELL && cells[usize::from(n)] == u16::MAX {
                    cells[usize::from(n)] = d;
                    queue.push_back(n);
                }
            }
        }
        let max = cells
            .iter()
            .copied()
            .filter(|&d| d != u16::MAX)
            .max()
            .unwrap_or(0);
        Self { cells, max }
    }

    /// The openness of `cell`.
    #[must_use]
    pub fn at(&self, cell: Cell) -> u16 {
        self.cells.get(usize::from(cell)).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_maps::{at, picture};
    use super::super::{Analysis, Movement};

    #[test]
    fn openness_grows_towards_the_middle_of_a_field() {
        let rows = [
            ".......", //
            ".......", //
            ".......", //
            ".......", //
            ".......", //
        ];
        let (map, cov) = picture(&rows, 2);
        let a = Analysis::new(&map, &cov, Movement::AKW);
        let o = |i, r| a.openness.at(a.arena.cell(at(i, r)).expect("usable"));
        assert_eq!(o(0, 0), 1, "a corner");
        assert_eq!(o(3, 1), 2);
        assert_eq!(o(3, 2), 3, "the middle");
        assert_eq!(a.openness.max, 3);
    }

    #[test]
    fn a_base_is_a_wall() {
        let (map, cov) = picture(&[".........", "....X....", "........."], 2);
        let a = Analysis::new(&map, &cov, Movement::AKW);
        let o = |i, r| a.openness.at(a.arena.cell(at(i, r)).expect("usable"));
        assert_eq!(o(4, 1), 0);
        assert_eq!(o(3, 1), 1);
        assert_eq!(o(1, 1), 2);
    }
}
