//! Undoable edits. Every change to the map goes through a [`Command`]: a list
//! of [`Change`]s, each holding what it replaces and what it puts in place,
//! so applying and reverting are exact and need no recomputation from
//! scratch (terrain changes use the board's incremental piece insert, remove
//! and replace). One user gesture — a brush stroke, a paste, an edit and its
//! symmetric image — is one command, hence one undo step.

use crate::document::Document;
use hexwright_engine::board::PieceError;
use hexwright_engine::map::{Feature, LimitError, Map, Meta, TerrainPiece, Zone};

/// One primitive change, reversible on its own.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// A terrain piece was inserted at `index`.
    InsertPiece {
        /// Where in the painting order.
        index: usize,
        /// The piece.
        piece: TerrainPiece,
    },
    /// The terrain piece at `index` was removed.
    RemovePiece {
        /// Where it was.
        index: usize,
        /// The piece.
        piece: TerrainPiece,
    },
    /// The terrain piece at `index` was replaced.
    ReplacePiece {
        /// Where it is.
        index: usize,
        /// The piece before.
        before: TerrainPiece,
        /// The piece after.
        after: TerrainPiece,
    },
    /// The feature list was replaced.
    Features {
        /// The features before.
        before: Vec<Feature>,
        /// The features after.
        after: Vec<Feature>,
    },
    /// The zone list was replaced.
    Zones {
        /// The zones before.
        before: Vec<Zone>,
        /// The zones after.
        after: Vec<Zone>,
    },
    /// The metadata was replaced.
    Meta {
        /// Before.
        before: Meta,
        /// After.
        after: Meta,
    },
    /// The whole map was replaced (grid region, size, layout).
    Map {
        /// Before.
        before: Box<Map>,
        /// After.
        after: Box<Map>,
    },
}

impl Change {
    /// The change that undoes this one.
    #[must_use]
    pub fn inverse(&self) -> Self {
        match self.clone() {
            Self::InsertPiece { index, piece } => Self::RemovePiece { index, piece },
            Self::RemovePiece { index, piece } => Self::InsertPiece { index, piece },
            Self::ReplacePiece {
                index,
                before,
                after,
            } => Self::ReplacePiece {
                index,
                before: after,
                after: before,
            },
            Self::Features { before, after } => Self::Features {
                before: after,
                after: before,
            },
            Self::Zones { before, after } => Self::Zones {
                before: after,
                after: before,
            },
            Self::Meta { before, after } => Self::Meta {
                before: after,
                after: before,
            },
            Self::Map { before, after } => Self::Map {
                before: after,
                after: before,
            },
        }
    }

    /// Applies the change to `doc`.
    pub fn apply(&self, doc: &mut Document) -> Result<(), CommandError> {
        match self {
            Self::InsertPiece { index, piece } => doc
                .insert_piece(*index, piece.clone())
                .map_err(CommandError::Limit),
            Self::RemovePiece { index, .. } => doc
                .remove_piece(*index)
                .map(drop)
                .map_err(CommandError::from),
            Self::ReplacePiece { index, after, .. } => doc
                .replace_piece(*index, after.clone())
                .map(drop)
                .map_err(CommandError::from),
            Self::Features { after, .. } => {
                doc.set_features(after.clone());
                Ok(())
            }
            Self::Zones { after, .. } => {
                doc.set_zones(after.clone());
                Ok(())
            }
            Self::Meta { after, .. } => {
                doc.set_meta(after.clone());
                Ok(())
            }
            Self::Map { after, .. } => doc
                .set_map((**after).clone())
                .map(drop)
                .map_err(CommandError::Limit),
        }
    }
}

/// Why a command could not be applied.
#[derive(Debug)]
pub enum CommandError {
    /// The map would break a limit (too many pieces, vertices, hexes, ...).
    Limit(LimitError),
    /// A change names a terrain piece that does not exist.
    NoSuchPiece(usize),
}

impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Limit(e) => write!(f, "{e}"),
            Self::NoSuchPiece(i) => write!(f, "there is no terrain piece #{i}"),
        }
    }
}

impl std::error::Error for CommandError {}

impl From<PieceError> for CommandError {
    fn from(e: PieceError) -> Self {
        match e {
            PieceError::NoSuchPiece(i) => Self::NoSuchPiece(i),
            PieceError::Limit(e) => Self::Limit(e),
        }
    }
}

/// A named group of changes: one undo step.
#[derive(Clone, Debug, PartialEq)]
pub struct Command {
    /// What the history panel calls it ("Brush stroke", "Place base", ...).
    pub label: String,
    /// The changes, in the order they are applied.
    pub changes: Vec<Change>,
}

impl Command {
    /// A command named `label` made of `changes`.
    #[must_use]
    pub fn new(label: impl Into<String>, changes: Vec<Change>) -> Self {
        Self {
            label: label.into(),
            changes,
        }
    }

    /// Whether it changes nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// Applies every change in order. When one fails, the ones already
    /// applied are reverted, so the document is left as it was.
    pub fn apply(&self, doc: &mut Document) -> Result<(), CommandError> {
        for (i, change) in self.changes.iter().enumerate() {
            if let Err(e) = change.apply(doc) {
                for done in self.changes[..i].iter().rev() {
                    // Reverting what was just applied cannot fail.
                    done.inverse().apply(doc).ok();
                }
                return Err(e);
            }
        }
        Ok(())
    }

    /// Reverts every change in reverse order.
    pub fn revert(&self, doc: &mut Document) -> Result<(), CommandError> {
        self.inverse().apply(doc)
    }

    /// The command that undoes this one.
    #[must_use]
    pub fn inverse(&self) -> Self {
        Self {
            label: self.label.clone(),
            changes: self.changes.iter().rev().map(Change::inverse).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::MapSource;
    use hexwright_engine::Hex;
    use hexwright_engine::board::Board;
    use hexwright_engine::geom::Point;
    use hexwright_engine::map::{Coord, FeatureKind, Length, Path, TerrainKind, TerrainShape};

    fn doc() -> Document {
        let map = hexwright_headless::files::bundled::default_map().unwrap();
        Document::new(Board::new(map).unwrap(), MapSource::Unsaved)
    }

    fn stroke(x: f64, erase: bool) -> TerrainPiece {
        TerrainPiece {
            kind: TerrainKind::Forest,
            shape: TerrainShape::Stroke {
                radius: Length::new(30.0).unwrap(),
                points: Path::new(vec![Point::new(x, 300.0), Point::new(x + 200.0, 320.0)])
                    .unwrap(),
                erase,
            },
        }
    }

    #[test]
    fn apply_then_revert_restores_the_exact_map_and_coverage() {
        let mut d = doc();
        let before = d.map().clone();
        let usable_before = d.board().coverage().usable_hexes();
        let n = d.map().terrain.len();
        let cmd = Command::new(
            "mixed",
            vec![
                Change::InsertPiece {
                    index: n,
                    piece: stroke(300.0, false),
                },
                Change::InsertPiece {
                    index: n + 1,
                    piece: stroke(350.0, true),
                },
                Change::ReplacePiece {
                    index: 0,
                    before: d.map().terrain[0].clone(),
                    after: TerrainPiece {
                        kind: TerrainKind::Chasm,
                        shape: TerrainShape::Circle {
                            center: Coord(Point::new(40.0, 40.0)),
                            radius: Length::new(10.0).unwrap(),
                        },
                    },
                },
                Change::Features {
                    before: d.map().features.clone(),
                    after: vec![Feature {
                        hex: Hex::ZERO,
                        kind: FeatureKind::Bush,
                    }],
                },
            ],
        );
        cmd.apply(&mut d).unwrap();
        d.refresh_derived();
        assert_ne!(d.map(), &before);
        assert_ne!(d.board().coverage().usable_hexes(), usable_before);
        cmd.revert(&mut d).unwrap();
        d.refresh_derived();
        assert_eq!(d.map(), &before);
        assert_eq!(d.board().coverage().usable_hexes(), usable_before);
    }

    #[test]
    fn a_failing_change_leaves_the_document_unchanged() {
        let mut d = doc();
        let before = d.map().clone();
        let cmd = Command::new(
            "bad",
            vec![
                Change::InsertPiece {
                    index: 0,
                    piece: stroke(300.0, false),
                },
                Change::RemovePiece {
                    index: 10_000,
                    piece: stroke(0.0, false),
                },
            ],
        );
        assert!(matches!(
            cmd.apply(&mut d),
            Err(CommandError::NoSuchPiece(10_000))
        ));
        assert_eq!(d.map(), &before);
    }

    #[test]
    fn incremental_piece_edits_draw_like_a_fresh_document() {
        let mut d = doc();
        let n = d.map().terrain.len();
        d.insert_piece(n, stroke(300.0, false)).unwrap();
        d.insert_piece(n + 1, stroke(320.0, true)).unwrap();
        d.replace_piece(n + 1, stroke(330.0, true)).unwrap();
        d.remove_piece(0).unwrap();
        let fresh = Document::new(Board::new(d.map().clone()).unwrap(), MapSource::Unsaved);
        assert_eq!(d.pieces().len(), fresh.pieces().len());
        for (a, b) in d.pieces().iter().zip(fresh.pieces()) {
            assert!((a.visible.area() - b.visible.area()).abs() < 1e-6);
        }
        assert_eq!(
            d.board().coverage().usable_hexes(),
            fresh.board().coverage().usable_hexes()
        );
    }
}
