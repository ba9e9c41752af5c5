//! [`Board`]: a map together with its always-current coverage. Edits go
//! through its methods so the usable hexes are recomputed incrementally.

use crate::coverage::Coverage;
use crate::map::hex_paint::PieceEdit;
use crate::map::{LimitError, Map, TerrainPiece};
use crate::validate::{self, Finding};
use hexx::Hex;

/// Why a terrain piece could not be removed or replaced.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PieceError {
    /// There is no piece at that index.
    #[error("there is no terrain piece #{0}")]
    NoSuchPiece(usize),
    /// The change would break a limit (see [`LimitError`]).
    #[error(transparent)]
    Limit(#[from] LimitError),
}

/// A map and its coverage, kept in step.
#[derive(Clone, Debug)]
pub struct Board {
    map: Map,
    coverage: Coverage,
}

impl Board {
    /// Computes the coverage of `map`.
    pub fn new(map: Map) -> Result<Self, LimitError> {
        let coverage = Coverage::new(&map)?;
        Ok(Self { map, coverage })
    }

    /// The map.
    #[must_use]
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The coverage.
    #[must_use]
    pub fn coverage(&self) -> &Coverage {
        &self.coverage
    }

    /// Gives the map back.
    #[must_use]
    pub fn into_map(self) -> Map {
        self.map
    }

    /// Validation findings for the current map.
    #[must_use]
    pub fn validate(&self) -> Vec<Finding> {
        validate::validate(&self.map, &self.coverage)
    }

    /// Inserts a terrain piece at `index` (clamped to the end). Returns the
    /// hexes whose free area was recomputed.
    pub fn insert_piece(
        &mut self,
        index: usize,
        piece: TerrainPiece,
    ) -> Result<Vec<Hex>, LimitError> {
        let index = index.min(self.map.terrain.len());
        self.map.terrain.insert(index, piece);
        if let Err(e) = self.map.check_limits() {
            self.map.terrain.remove(index);
            return Err(e);
        }
        match self.coverage.piece_inserted(&self.map, index) {
            Ok(hexes) => Ok(hexes),
            Err(e) => {
                self.map.terrain.remove(index);
                // The map as it was fitted the budget, so this cannot fail.
                let undone = self.coverage.piece_removed(index);
                debug_assert!(undone.is_ok(), "{undone:?}");
                Err(e)
            }
        }
    }

    /// Appends a terrain piece.
    pub fn push_piece(&mut self, piece: TerrainPiece) -> Result<Vec<Hex>, LimitError> {
        self.insert_piece(self.map.terrain.len(), piece)
    }

    /// Removes the terrain piece at `index`, returning it and the hexes
    /// recomputed.
    ///
    /// # Errors
    /// [`PieceError::NoSuchPiece`], or [`PieceError::Limit`] when removing
    /// it would bare more detail than the map's budget allows
    /// ([`LimitError::TooDetailed`]); the map is then unchanged.
    pub fn remove_piece(&mut self, index: usize) -> Result<(TerrainPiece, Vec<Hex>), PieceError> {
        if index >= self.map.terrain.len() {
            return Err(PieceError::NoSuchPiece(index));
        }
        let piece = self.map.terrain.remove(index);
        match self.coverage.piece_removed(index) {
            Ok(hexes) => Ok((piece, hexes)),
            Err(e) => {
                // Removing it bared more detail than the budget allows.
                self.map.terrain.insert(index, piece);
                let undone = self.coverage.piece_inserted(&self.map, index);
                debug_assert!(undone.is_ok(), "{undone:?}");
                Err(PieceError::Limit(e))
            }
        }
    }

    /// Replaces the terrain piece at `index`, returning the old one and the
    /// hexes recomputed.
    ///
    /// # Errors
    /// [`PieceError::NoSuchPiece`], or [`PieceError::Limit`] when the new
    /// piece breaks a limit; the map is then unchanged.
    pub fn replace_piece(
        &mut self,
        index: usize,
        piece: TerrainPiece,
    ) -> Result<(TerrainPiece, Vec<Hex>), PieceError> {
        if index >= self.map.terrain.len() {
            return Err(PieceError::NoSuchPiece(index));
        }
        let old = std::mem::replace(&mut self.map.terrain[index], piece);
        if let Err(e) = self.map.check_limits() {
            self.map.terrain[index] = old;
            return Err(PieceError::Limit(e));
        }
        match self.coverage.piece_replaced(&self.map, index) {
            Ok(hexes) => Ok((old, hexes)),
            Err(e) => {
                self.map.terrain[index] = old;
                let undone = self.coverage.piece_replaced(&self.map, index);
                debug_assert!(undone.is_ok(), "{undone:?}");
                Err(PieceError::Limit(e))
            }
        }
    }

    /// Changes anything in the map through `edit`, then recomputes the
    /// coverage from scratch (for edits to the layout, area or grid region).
    /// On a limit error the map is left unchanged.
    pub fn edit_all(&mut self, edit: impl FnOnce(&mut Map)) -> Result<(), LimitError> {
        let mut map = self.map.clone();
        edit(&mut map);
        let coverage = Coverage::new(&map)?;
        self.map = map;
        self.coverage = coverage;
        Ok(())
    }

    /// Applies whole-hex paint ([`crate::map::hex_paint::paint`]'s edits)
    /// in order, keeping the coverage in step.
    ///
    /// # Errors
    /// As [`Self::insert_piece`], [`Self::remove_piece`] and
    /// [`Self::replace_piece`]; the edits before the failing one stay made.
    pub fn apply_piece_edits(&mut self, edits: &[PieceEdit]) -> Result<(), PieceError> {
        for e in edits {
            match e {
                PieceEdit::Replace { index, piece } => {
                    self.replace_piece(*index, piece.clone())?;
                }
                PieceEdit::Remove { index } => {
                    self.remove_piece(*index)?;
                }
                PieceEdit::Insert { index, piece } => {
                    self.insert_piece(*index, piece.clone())?;
                }
            }
        }
        Ok(())
    }

    /// Gives the map and its coverage back.
    #[must_use]
    pub fn into_parts(self) -> (Map, Coverage) {
        (self.map, self.coverage)
    }

    /// A board from `map` and the coverage computed for it (the caller
    /// vouches that they agree: a clone of a board's parts).
    pub(crate) fn from_parts(map: Map, coverage: Coverage) -> Self {
        Self { map, coverage }
    }

    /// Changes features, zones or metadata; the coverage does not depend on them.
    pub fn edit_content(&mut self, edit: impl FnOnce(&mut Map)) {
        let terrain_before = self.map.terrain.len();
        edit(&mut self.map);
        debug_assert_eq!(
            terrain_before,
            self.map.terrain.len(),
            "edit_content must not touch terrain"
        );
    }
}
