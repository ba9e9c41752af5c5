//! The small edits the assistant composes: move an objective, Outpost,
//! barracks, bush or base by up to [`REACH`] hexes; add or remove a bush;
//! shift a starting zone by one hex. On a symmetric map, when asked, every
//! edit is made with its images, so the map stays symmetric; otherwise one
//! side may change alone (a map whose turn order favours a side needs an
//! asymmetric fix). Every candidate leaves the map free of validation
//! errors.

use crate::coverage::Coverage;
use crate::map::symmetry::{Image, Symmetry};
use crate::map::{Feature, FeatureKind, Map, Side};
use crate::validate::{self, Severity};
use hexx::Hex;
use std::fmt;

/// How far a feature may move, in hexes.
pub const REACH: u32 = 2;

/// One change to the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The feature of `kind` at `from` moves to `to`.
    Move {
        /// What moves.
        kind: FeatureKind,
        /// From where.
        from: Hex,
        /// To where.
        to: Hex,
    },
    /// A bush is planted at `at`.
    AddBush {
        /// Where.
        at: Hex,
    },
    /// The bush at `at` is cleared.
    RemoveBush {
        /// Where.
        at: Hex,
    },
    /// Side `side`'s starting zone moves by `by` (one of the six
    /// neighbour steps).
    ShiftZone {
        /// Whose zone.
        side: Side,
        /// The step.
        by: Hex,
    },
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |h: Hex| format!("({},{})", h.x, h.y);
        match self {
            Self::Move { kind, from, to } => {
                write!(f, "move the {kind} at {} to {}", at(*from), at(*to))
            }
            Self::AddBush { at: h } => write!(f, "plant a bush at {}", at(*h)),
            Self::RemoveBush { at: h } => write!(f, "clear the bush at {}", at(*h)),
            Self::ShiftZone { side, by } => {
                write!(f, "shift side {side}'s starting zone by {}", at(*by))
            }
        }
    }
}

/// One edit: a change, and its images under the symmetry kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The change.
    pub change: Change,
    /// Its images, made with it.
    pub images: Vec<Change>,
}

impl Edit {
    /// Changes made in all (the change and its images): what "smaller"
    /// means when two edits do as well.
    #[must_use]
    pub fn size(&self) -> usize {
        1 + self.images.len()
    }
}

impl fmt::Display for Edit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.change)?;
        if !self.images.is_empty() {
            let images: Vec<String> = self.images.iter().map(ToString::to_string).collect();
            write!(f, ", and its images ({})", images.join("; "))?;
        }
        Ok(())
    }
}

/// `change` as `image` maps it.
fn mapped(change: Change, image: &Image) -> Change {
    match change {
        Change::Move { kind, from, to } => Change::Move {
            kind: image.kind(kind),
            from: image.hex(from),
            to: image.hex(to),
        },
        Change::AddBush { at } => Change::AddBush { at: image.hex(at) },
        Change::RemoveBush { at } => Change::RemoveBush { at: image.hex(at) },
        Change::ShiftZone { side, by } => Change::ShiftZone {
            side: image.side(side),
            by: image.hex(by) - image.hex(Hex::ZERO),
        },
    }
}

/// Whether hex `h` of `m` holds a feature or a zone hex.
fn taken(m: &Map, h: Hex) -> bool {
    m.feature_at(h).is_some() || m.zones.iter().any(|z| z.hexes.contains(&h))
}

/// Makes `change` on `m`; `false` when it cannot be made there (nothing to
/// move, a taken or unusable hex).
fn make(m: &mut Map, coverage: &Coverage, change: Change) -> bool {
    match change {
        Change::Move { kind, from, to } => {
            if !coverage.is_usable(to) || taken(m, to) {
                return false;
            }
            match m
                .features
                .iter()
                .position(|f| f.hex == from && f.kind == kind)
            {
                Some(i) => {
                    m.features[i].hex = to;
                    true
                }
                None => false,
            }
        }
        Change::AddBush { at } => {
            if !coverage.is_usable(at) || m.feature_at(at).is_some() {
                return false;
            }
            m.features.push(Feature {
                hex: at,
                kind: FeatureKind::Bush,
            });
            true
        }
        Change::RemoveBush { at } => match m
            .features
            .iter()
            .position(|f| f.hex == at && f.kind == FeatureKind::Bush)
        {
            Some(i) => {
                m.features.remove(i);
                true
            }
            None => false,
        },
        Change::ShiftZone { side, by } => {
            let Some(z) = m.zones.iter().position(|z| z.side == side) else {
                return false;
            };
            let moved: Vec<Hex> = m.zones[z].hexes.iter().map(|&h| h + by).collect();
            let others_hold = |h: Hex| {
                m.zones
                    .iter()
                    .enumerate()
                    .any(|(i, o)| i != z && o.hexes.contains(&h))
            };
            if moved
                .iter()
                .any(|&h| !coverage.is_usable(h) || m.feature_at(h).is_some() || others_hold(h))
            {
                return false;
            }
            m.zones[z].hexes = moved;
            true
        }
    }
}

impl Edit {
    /// `map` with the edit made; `None` when a change or an image cannot be
    /// made.
    #[must_use]
    pub fn apply(&self, map: &Map, coverage: &Coverage) -> Option<Map> {
        let mut m = map.clone();
        m.certificates.clear();
        for &c in std::iter::once(&self.change).chain(&self.images) {
            if !make(&mut m, coverage, c) {
                return None;
            }
        }
        Some(m)
    }
}

/// The edit `change` makes under `sym`: its distinct images with it.
fn with_images(change: Change, images: &[Image]) -> Edit {
    let mut out: Vec<Change> = Vec::new();
    for image in images {
        let c = mapped(change, image);
        if c != change && !out.contains(&c) {
            out.push(c);
        }
    }
    Edit {
        change,
        images: out,
    }
}

/// The six neighbour steps.
const STEPS: [Hex; 6] = Hex::NEIGHBORS_COORDS;

/// Every change of `map` the assistant may try, before images and
/// validation: feature moves within [`REACH`], bushes planted on free
/// usable hexes or cleared, and zone shifts by one hex.
fn changes(map: &Map, coverage: &Coverage) -> Vec<Change> {
    let mut out = Vec::new();
    for f in &map.features {
        for to in f.hex.range(REACH) {
            if to != f.hex && coverage.is_usable(to) && !taken(map, to) {
                out.push(Change::Move {
                    kind: f.kind,
                    from: f.hex,
                    to,
                });
            }
        }
        if f.kind == FeatureKind::Bush {
            out.push(Change::RemoveBush { at: f.hex });
        }
    }
    for h in coverage.usable_hexes() {
        if map.feature_at(h).is_none() && !taken(map, h) {
            out.push(Change::AddBush { at: h });
        }
    }
    for z in &map.zones {
        for by in STEPS {
            out.push(Change::ShiftZone { side: z.side, by });
        }
    }
    out
}

/// Whether `m` has no validation error.
fn is_valid(m: &Map, coverage: &Coverage) -> bool {
    !validate::validate(m, coverage)
        .iter()
        .any(|x| x.severity == Severity::Error)
}

/// Every valid edit of `map` (with its images under `sym`), with the
/// edited map; `keep` says which of the changes to look at (their index
/// in the full list, and how many there are), so a large map can look at
/// an evenly spread part.
#[must_use]
pub fn candidates(
    map: &Map,
    coverage: &Coverage,
    sym: Symmetry,
    keep: &dyn Fn(usize, usize) -> bool,
) -> Vec<(Edit, Map)> {
    let images = if sym.is_off() {
        Vec::new()
    } else {
        sym.images(map)
    };
    let all = changes(map, coverage);
    let n = all.len();
    let mut seen: Vec<Edit> = Vec::new();
    let mut out = Vec::new();
    for (i, c) in all.into_iter().enumerate() {
        if !keep(i, n) {
            continue;
        }
        let edit = with_images(c, &images);
        // An image's edit is the same edit: look at it once.
        if seen.iter().any(|e| {
            e.size() == edit.size()
                && std::iter::once(&e.change)
                    .chain(&e.images)
                    .all(|x| x == &edit.change || edit.images.contains(x))
        }) {
            continue;
        }
        if let Some(m) = edit.apply(map, coverage)
            && is_valid(&m, coverage)
        {
            seen.push(edit.clone());
            out.push((edit, m));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::symmetry;

    fn twin_fords() -> (Map, Coverage) {
        let text = include_str!("../../../../maps/twin-fords.ron");
        let map = crate::format::parse_map(text, "twin-fords").unwrap();
        let coverage = Coverage::new(&map).unwrap();
        (map, coverage)
    }

    #[test]
    fn every_candidate_is_valid_and_symmetric_when_asked() {
        let (map, coverage) = twin_fords();
        let sym = symmetry::detect(&map, &coverage);
        assert!(!sym.is_off());
        let all = |_: usize, _: usize| true;
        let kept = candidates(&map, &coverage, sym, &all);
        assert!(kept.len() > 50, "{}", kept.len());
        for (e, m) in &kept {
            assert!(is_valid(m, &coverage), "{e}");
            assert!(
                symmetry::breaks(m, &coverage, sym).is_empty(),
                "{e} breaks it"
            );
            assert_eq!(e.size(), 2, "{e}: one image under point symmetry");
        }
        // Without symmetry, single changes, more of them.
        let free = candidates(&map, &coverage, Symmetry::OFF, &all);
        assert!(free.len() > kept.len());
        assert!(free.iter().all(|(e, _)| e.images.is_empty()));
        let kinds = |c: &Change| std::mem::discriminant(c);
        for want in [
            Change::AddBush { at: Hex::ZERO },
            Change::RemoveBush { at: Hex::ZERO },
            Change::ShiftZone {
                side: crate::player::PlayerId(0),
                by: Hex::ZERO,
            },
        ] {
            assert!(
                free.iter().any(|(e, _)| kinds(&e.change) == kinds(&want)),
                "{want:?}"
            );
        }
        // Bases move too.
        assert!(free.iter().any(|(e, _)| matches!(
            e.change,
            Change::Move {
                kind: FeatureKind::Base { .. },
                ..
            }
        )));
    }
}
