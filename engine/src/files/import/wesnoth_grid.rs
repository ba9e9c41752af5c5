//! Reading a Battle for Wesnoth `.map` file: rows of comma-separated
//! terrain codes, one row of hexes per line, with a one-hex border all
//! round; a code may carry a start position (`1 Kh`).
//!
//! Hexes are flat-topped in columns, and odd columns (in Wesnoth's 0-based
//! coordinates, border excluded) sit half a hex lower: "odd-q" offset
//! coordinates. [`axial`] converts them to axial coordinates so that
//! Wesnoth's neighbours ([`WesnothGrid::neighbours`]) are exactly the hex
//! grid's.

use super::ImportError;
use crate::limits;
use hexx::Hex;

/// Wesnoth's largest map side (`max_map_size()`), border included.
pub const MAX_SIDE: usize = 1000;

/// One cell of a `.map` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The terrain code.
    pub code: String,
    /// The start position written before it (`1` in `1 Kh`), if any.
    pub start: Option<String>,
    /// Its line in the file, from 1.
    pub line: usize,
}

/// A parsed `.map` file: `width` × `height` cells, border included.
#[derive(Clone, Debug)]
pub struct WesnothGrid {
    /// Cells per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    cells: Vec<Cell>,
}

impl WesnothGrid {
    /// Reads a `.map` file's text; `file` names it in errors.
    ///
    /// A legacy header (text before the first blank line without a comma)
    /// is skipped, blank lines are ignored, spaces and tabs around cells are
    /// trimmed.
    ///
    /// # Errors
    /// When the rows differ in length, a cell or code is empty or malformed,
    /// or the map is larger than Wesnoth allows.
    pub fn parse(text: &str, file: &str) -> Result<Self, ImportError> {
        if text.len() as u64 > limits::MAX_FILE_BYTES {
            return Err(ImportError::TooLarge {
                file: file.to_owned(),
                size: text.len(),
            });
        }
        let at = |line: usize, message: String| ImportError::At {
            file: file.to_owned(),
            line,
            message,
        };
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim_matches(|c: char| c.is_whitespace())))
            .collect();
        let first = lines
            .iter()
            .position(|(_, l)| !l.is_empty())
            .unwrap_or(lines.len());
        let block_end = lines[first..]
            .iter()
            .position(|(_, l)| l.is_empty())
            .map_or(lines.len(), |p| first + p);
        let header = lines[first..block_end]
            .iter()
            .all(|(_, l)| !l.contains(','));
        let body = if header && block_end < lines.len() {
            &lines[block_end..]
        } else {
            &lines[first..]
        };
        let mut cells = Vec::new();
        let mut width = None;
        let mut height = 0;
        for &(line, text) in body.iter().filter(|(_, l)| !l.is_empty()) {
            let mut row: Vec<&str> = text
                .split(',')
                .map(|c| c.trim_matches([' ', '\t']))
                .collect();
            if row.len() > 1 && row.last() == Some(&"") {
                row.pop();
            }
            if row.len() > MAX_SIDE {
                return Err(at(
                    line,
                    format!(
                        "{} cells in a row; Wesnoth allows at most {MAX_SIDE}",
                        row.len()
                    ),
                ));
            }
            match width {
                None => width = Some(row.len()),
                Some(w) if w != row.len() => {
                    return Err(at(
                        line,
                        format!(
                            "this row has {} cells, the first row {w}: a map must be a rectangle",
                            row.len()
                        ),
                    ));
                }
                Some(_) => {}
            }
            for (i, raw) in row.into_iter().enumerate() {
                cells.push(parse_cell(raw).map_err(|m| at(line, format!("cell {}: {m}", i + 1)))?);
                if let Some(c) = cells.last_mut() {
                    c.line = line;
                }
            }
            height += 1;
            if height > MAX_SIDE {
                return Err(at(line, format!("more than {MAX_SIDE} rows")));
            }
        }
        let width = width.unwrap_or(0);
        if width < 3 || height < 3 {
            return Err(ImportError::File {
                file: file.to_owned(),
                message: format!(
                    "{width} x {height} cells: a map needs at least 3 x 3 (a one-hex border round one hex)"
                ),
            });
        }
        Ok(Self {
            width,
            height,
            cells,
        })
    }

    /// The cell at file column `c` and row `r` (border included).
    #[must_use]
    pub fn cell(&self, c: usize, r: usize) -> &Cell {
        &self.cells[r * self.width + c]
    }

    /// Every playable cell (the border left out) with its Wesnoth engine
    /// coordinates `(x, y)`, row by row.
    pub fn playable(&self) -> impl Iterator<Item = ((i32, i32), &Cell)> {
        (1..self.height - 1).flat_map(move |r| {
            (1..self.width - 1).map(move |c| (((c - 1) as i32, (r - 1) as i32), self.cell(c, r)))
        })
    }

    /// Wesnoth's six neighbours of `(x, y)` (N, NE, SE, S, SW, NW), by
    /// Wesnoth's own rule: odd columns sit half a hex lower.
    #[must_use]
    pub fn neighbours((x, y): (i32, i32)) -> [(i32, i32); 6] {
        let odd = x.rem_euclid(2) == 1;
        let (up, down) = if odd { (y, y + 1) } else { (y - 1, y) };
        [
            (x, y - 1),
            (x + 1, up),
            (x + 1, down),
            (x, y + 1),
            (x - 1, down),
            (x - 1, up),
        ]
    }
}

fn parse_cell(raw: &str) -> Result<Cell, String> {
    let (start, code) = match raw.split_once(' ') {
        Some((s, c)) => (Some(s.trim().to_owned()), c.trim()),
        None => (None, raw),
    };
    if code.is_empty() {
        return Err("an empty terrain code".to_owned());
    }
    let layers_ok = code
        .split('^')
        .all(|l| l.len() <= 4 && l.chars().all(|c| c.is_ascii_graphic()));
    if !layers_ok || code.matches('^').count() > 1 {
        return Err(format!(
            "\"{code}\" is not a terrain code (a base and an optional ^overlay of at most 4 characters each)"
        ));
    }
    Ok(Cell {
        code: code.to_owned(),
        start,
        line: 0,
    })
}

/// Axial coordinates of Wesnoth's `(x, y)` (odd-q offset coordinates,
/// flat-topped hexes).
#[must_use]
pub fn axial((x, y): (i32, i32)) -> Hex {
    Hex::new(x, y - x.div_euclid(2))
}

/// Wesnoth's `(x, y)` of axial `h` (the inverse of [`axial`]).
#[must_use]
pub fn offset(h: Hex) -> (i32, i32) {
    (h.x, h.y + h.x.div_euclid(2))
}
