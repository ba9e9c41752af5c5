//! The small edits the assistant composes: move an objective, Outpost,
//! barracks, bush or base by up to [`REACH`] hexes; add or remove a bush;
//! shift a starting zone by one hex; turn a whole hex blocked (painted
//! over) or open (its whole-hex paint erased). On a symmetric map, when asked, every
//! edit is made with its images, so the map stays symmetric; otherwise one
//! side may change alone (a map whose turn order favours a side needs an
//! asymmetric fix). Every candidate leaves the map free of validation
//! errors.

use crate::coverage::Coverage;
use crate::map::board::Board;
use crate::map::hex_paint::{self, whole_hex_kind};
use crate::map::symmetry::{Image, Symmetry};
use crate::map::{Feature, FeatureKind, Map, Side, TerrainKind};
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
    /// The usable hex `at` is painted over with whole-hex terrain, so
    /// nothing stands or passes there.
    Block {
        /// Where.
        at: Hex,
    },
    /// The whole-hex terrain on `at` is erased, so the hex is usable.
    Open {
        /// Where.
        at: Hex,
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
            Self::Block { at: h } => write!(f, "block the hex at {}", at(*h)),
            Self::Open { at: h } => write!(f, "open the hex at {}", at(*h)),
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
        Change::Block { at } => Change::Block { at: image.hex(at) },
        Change::Open { at } => Change::Open { at: image.hex(at) },
    }
}

/// Whether hex `h` of `m` holds a feature or a zone hex.
fn taken(m: &Map, h: Hex) -> bool {
    m.feature_at(h).is_some() || m.zones.iter().any(|z| z.hexes.contains(&h))
}

/// The terrain kind a blocked hex is painted with: the kind the map uses
/// most, rock on a map without terrain.
fn block_kind(m: &Map) -> TerrainKind {
    TerrainKind::ALL
        .into_iter()
        .max_by_key(|&k| {
            (
                m.terrain.iter().filter(|p| p.kind == k).count(),
                k == TerrainKind::Rock,
            )
        })
        .unwrap_or(TerrainKind::Rock)
}

/// Blocks (`block`) or opens the hex `at` of `m`, whose coverage is
/// `coverage`; the new coverage, or `None` when the hex cannot change so
/// (taken, not painted whole, or still usable or unusable after).
fn repaint(m: &mut Map, coverage: &Coverage, at: Hex, block: bool) -> Option<Coverage> {
    if block {
        if !coverage.is_usable(at) || taken(m, at) {
            return None;
        }
    } else if whole_hex_kind(m, at).is_none() {
        return None;
    }
    let edits = hex_paint::paint(m, coverage, block_kind(m), &[at], !block).ok()?;
    if edits.is_empty() {
        return None;
    }
    let mut board = Board::from_parts(m.clone(), coverage.clone());
    board.apply_piece_edits(&edits).ok()?;
    let (map, cov) = board.into_parts();
    if cov.is_usable(at) == block {
        return None;
    }
    *m = map;
    Some(cov)
}

/// Makes `change` on `m`, whose coverage is `own` when an earlier change
/// repainted terrain, else `base`; `false` when it cannot be made there
/// (nothing to move, a taken or unusable hex).
fn make(m: &mut Map, own: &mut Option<Coverage>, base: &Coverage, change: Change) -> bool {
    let coverage = own.as_ref().unwrap_or(base);
    match change {
        Change::Block { at } | Change::Open { at } => {
            match repaint(m, coverage, at, matches!(change, Change::Block { .. })) {
                Some(c) => {
                    *own = Some(c);
                    true
                }
                None => false,
            }
        }
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

/// A candidate edit and the map it makes.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The edit.
    pub edit: Edit,
    /// The edited map.
    pub map: Map,
    /// The edited map's coverage, when the edit repainted terrain (else
    /// the original map's holds).
    pub coverage: Option<Coverage>,
}

impl Candidate {
    /// The edited map's coverage: its own, or `base` (the original map's)
    /// when the edit left the terrain alone.
    #[must_use]
    pub fn coverage_or<'a>(&'a self, base: &'a Coverage) -> &'a Coverage {
        self.coverage.as_ref().unwrap_or(base)
    }
}

impl Edit {
    /// `map` (whose coverage is `coverage`) with the edit made; `None` when
    /// a change or an image cannot be made.
    #[must_use]
    pub fn apply(&self, map: &Map, coverage: &Coverage) -> Option<Candidate> {
        let mut m = map.clone();
        m.certificates.clear();
        let mut own = None;
        for &c in std::iter::once(&self.change).chain(&self.images) {
            if !make(&mut m, &mut own, coverage, c) {
                return None;
            }
        }
        Some(Candidate {
            edit: self.clone(),
            map: m,
            coverage: own,
        })
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
/// usable hexes or cleared, zone shifts by one hex, free usable hexes
/// blocked and whole-hex terrain opened.
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
    let free: Vec<Hex> = coverage
        .usable_hexes()
        .into_iter()
        .filter(|&h| !taken(map, h))
        .collect();
    out.extend(free.iter().map(|&at| Change::AddBush { at }));
    for z in &map.zones {
        for by in STEPS {
            out.push(Change::ShiftZone { side: z.side, by });
        }
    }
    out.extend(free.iter().map(|&at| Change::Block { at }));
    out.extend(
        coverage
            .hexes()
            .iter()
            .filter(|&&h| !coverage.is_usable(h) && whole_hex_kind(map, h).is_some())
            .map(|&at| Change::Open { at }),
    );
    out
}

/// Whether `m` has no validation error.
fn is_valid(m: &Map, coverage: &Coverage) -> bool {
    !validate::validate(m, coverage)
        .iter()
        .any(|x| x.severity == Severity::Error)
}

/// The most hexes the assistant examines per step, added up over the
/// candidate edits it validates and analyses (each costs about one
/// validation and one analysis of the whole map): a map of 500 hexes has
/// about a thousand changes examined, and a map of 5,000 hexes 100 of
/// them, spread evenly over the list, which keeps a step's preparation to
/// seconds before any match is played.
pub const MAX_EXAMINED_HEXES: u64 = 500_000;

/// Every valid edit of `map` (with its images under `sym`), with the
/// edited map. When the changes times the map's hexes exceed
/// `max_examined_hexes`, as many changes as fit are examined, spread
/// evenly over the list (so over every kind of change).
#[must_use]
pub fn candidates(
    map: &Map,
    coverage: &Coverage,
    sym: Symmetry,
    max_examined_hexes: u64,
) -> Vec<Candidate> {
    let hexes = coverage.hexes().len().max(1) as u64;
    let fit = usize::try_from(max_examined_hexes / hexes)
        .unwrap_or(usize::MAX)
        .max(1);
    let keep = |i: usize, n: usize| n <= fit || i * fit / n != (i + 1) * fit / n;
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
        if let Some(c) = edit.apply(map, coverage)
            && is_valid(&c.map, c.coverage_or(coverage))
        {
            seen.push(edit);
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::symmetry;

    fn twin_fords() -> (Map, Coverage) {
        let text = include_str!("../../../tests/fixtures/designs/twin-fords.ron");
        let map = crate::format::parse_map(text, "twin-fords").unwrap();
        let coverage = Coverage::new(&map).unwrap();
        (map, coverage)
    }

    #[test]
    fn every_candidate_is_valid_and_symmetric_when_asked() {
        let (map, coverage) = twin_fords();
        let sym = symmetry::detect(&map, &coverage);
        assert!(!sym.is_off());
        let kept = candidates(&map, &coverage, sym, u64::MAX);
        assert!(kept.len() > 50, "{}", kept.len());
        for c in &kept {
            let (e, m) = (&c.edit, &c.map);
            let cov = c.coverage_or(&coverage);
            assert!(is_valid(m, cov), "{e}");
            assert!(symmetry::breaks(m, cov, sym).is_empty(), "{e} breaks it");
            assert_eq!(e.size(), 2, "{e}: one image under point symmetry");
        }
        // Without symmetry, single changes, more of them.
        let free = candidates(&map, &coverage, Symmetry::OFF, u64::MAX);
        assert!(free.len() > kept.len());
        assert!(free.iter().all(|c| c.edit.images.is_empty()));
        let kinds = |c: &Change| std::mem::discriminant(c);
        for want in [
            Change::AddBush { at: Hex::ZERO },
            Change::RemoveBush { at: Hex::ZERO },
            Change::ShiftZone {
                side: crate::player::PlayerId(0),
                by: Hex::ZERO,
            },
            Change::Block { at: Hex::ZERO },
        ] {
            assert!(
                free.iter().any(|c| kinds(&c.edit.change) == kinds(&want)),
                "{want:?}"
            );
        }
        // Bases move too.
        assert!(free.iter().any(|c| matches!(
            c.edit.change,
            Change::Move {
                kind: FeatureKind::Base { .. },
                ..
            }
        )));
    }

    #[test]
    fn a_blocked_hex_can_be_opened_again_and_the_coverage_follows() {
        let (map, coverage) = twin_fords();
        let free = candidates(&map, &coverage, Symmetry::OFF, u64::MAX);
        let blocked = free
            .iter()
            .find(|c| matches!(c.edit.change, Change::Block { .. }))
            .expect("a hex to block");
        let Change::Block { at } = blocked.edit.change else {
            unreachable!()
        };
        let cov = blocked.coverage.as_ref().expect("its own coverage");
        assert!(coverage.is_usable(at) && !cov.is_usable(at));
        assert_eq!(cov.usable_count() + 1, coverage.usable_count());
        // The coverage kept in step is the one computed afresh.
        let fresh = Coverage::new(&blocked.map).unwrap();
        assert_eq!(fresh.usable_hexes(), cov.usable_hexes());
        // Opening it gives the map's usable hexes back.
        let again = candidates(&blocked.map, cov, Symmetry::OFF, u64::MAX);
        let opened = again
            .iter()
            .find(|c| c.edit.change == Change::Open { at })
            .expect("the blocked hex can be opened");
        let reopened = opened.coverage_or(cov);
        assert_eq!(reopened.usable_hexes(), coverage.usable_hexes());
        assert_eq!(
            opened.edit.to_string(),
            format!("open the hex at ({},{})", at.x, at.y)
        );
        // A hex covered by shapes other than whole hexes is never "opened".
        assert!(again.iter().all(|c| match c.edit.change {
            Change::Open { at: h } => h == at,
            _ => true,
        }));
    }
}
