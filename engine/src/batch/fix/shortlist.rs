//! The order in which a step screens and races its candidates: half of
//! the places go by what the static figures say an edit does to the seats
//! the games lean towards and away from (smaller edits first among equals), half in turn
//! to each kind of edit (objective, Outpost, barracks, base and bush
//! moves, bushes planted or cleared, zone shifts, hexes blocked or
//! opened), best first within each, so that every kind is tried even where
//! the figures see nothing — they do not see turn order.

use super::edits::{Candidate, Change, Edit};
use crate::analysis::fairness::Better;
use crate::analysis::{Analysis, Movement};
use crate::coverage::Coverage;
use crate::map::{FeatureKind, Map};

/// Each seat's static advantage on `a`: the sum over the figures that
/// favour a player of how far its value lies from the others' mean, in
/// tolerances, signed so that positive helps the seat.
fn advantage(a: &Analysis, seat: usize) -> f64 {
    a.fairness
        .figures
        .iter()
        .filter_map(|f| {
            let sign = match f.better {
                Better::Higher => 1.0,
                Better::Lower => -1.0,
                Better::Neither => return None,
            };
            let mine = f.values.get(seat).copied().flatten()?;
            let others: Vec<f64> = f
                .values
                .iter()
                .enumerate()
                .filter(|(p, _)| *p != seat)
                .filter_map(|(_, v)| *v)
                .collect();
            if others.is_empty() {
                return None;
            }
            let mean = others.iter().sum::<f64>() / others.len() as f64;
            // Each figure counts at most 3 tolerances, so that no one
            // figure (bush counts, whose tolerance is small) drowns the
            // others.
            Some((sign * (mine - mean) / f.tolerance.max(1e-9)).clamp(-3.0, 3.0))
        })
        .sum()
}

/// What kind of edit an edit is: the change's kind and, for a move, the
/// feature's kind.
fn family(e: &Edit) -> (u8, u8) {
    let feature = |k: FeatureKind| match k {
        FeatureKind::Objective => 0,
        FeatureKind::Outpost => 1,
        FeatureKind::Barracks { .. } => 2,
        FeatureKind::Base { .. } => 3,
        FeatureKind::Bush => 4,
    };
    match e.change {
        Change::Move { kind, .. } => (0, feature(kind)),
        Change::AddBush { .. } => (1, 0),
        Change::RemoveBush { .. } => (2, 0),
        Change::ShiftZone { .. } => (3, 0),
        Change::Block { .. } => (4, 0),
        Change::Open { .. } => (5, 0),
    }
}

/// The first `most` of `all` in the order they are screened and raced:
/// by turns, the next by the static figures (how much an edit takes from
/// the favoured seats and gives the disfavoured ones, each seat weighed by
/// `towards`, [`super::Games::towards_fair`] of the games so far; smaller
/// edits first among equals) and the next of the next kind of edit.
pub(super) fn order(
    map: &Map,
    coverage: &Coverage,
    all: Vec<Candidate>,
    towards: &[f64],
    most: usize,
) -> Vec<Candidate> {
    let movement = Movement::for_players(map.player_count());
    let weighed = |a: &Analysis| -> f64 {
        towards
            .iter()
            .enumerate()
            .filter(|(_, w)| **w != 0.0)
            .map(|(seat, w)| w * advantage(a, seat))
            .sum()
    };
    let base = weighed(&Analysis::new(map, coverage, movement));
    // Lower is better: the favoured seats lose advantage, the others gain.
    let scores: Vec<(f64, usize)> = all
        .iter()
        .map(|c| {
            let a = Analysis::new(&c.map, c.coverage_or(coverage), movement);
            (weighed(&a) - base, c.edit.size())
        })
        .collect();
    let better = |a: &usize, b: &usize| {
        scores[*a]
            .0
            .total_cmp(&scores[*b].0)
            .then(scores[*a].1.cmp(&scores[*b].1))
            .then(a.cmp(b))
    };
    let mut by_figures: Vec<usize> = (0..all.len()).collect();
    by_figures.sort_by(better);
    let mut families: Vec<((u8, u8), Vec<usize>)> = Vec::new();
    for &i in &by_figures {
        let f = family(&all[i].edit);
        match families.iter_mut().find(|(k, _)| *k == f) {
            Some((_, v)) => v.push(i),
            None => families.push((f, vec![i])),
        }
    }
    families.sort_by_key(|(k, _)| *k);
    let mut taken = vec![false; all.len()];
    let mut picked = Vec::new();
    let (mut next_figure, mut next_family) = (0, 0);
    let total = all.len().min(most);
    while picked.len() < total {
        // The next by the figures.
        while next_figure < by_figures.len() && taken[by_figures[next_figure]] {
            next_figure += 1;
        }
        if let Some(&i) = by_figures.get(next_figure) {
            taken[i] = true;
            picked.push(i);
        }
        // The next kind's next.
        let mut tried = 0;
        while picked.len() < total && tried < families.len() {
            let (_, v) = &families[next_family];
            next_family += 1;
            if next_family == families.len() {
                next_family = 0;
            }
            tried += 1;
            if let Some(&i) = v.iter().find(|&&i| !taken[i]) {
                taken[i] = true;
                picked.push(i);
                break;
            }
        }
    }
    let mut slots: Vec<Option<Candidate>> = all.into_iter().map(Some).collect();
    picked.into_iter().filter_map(|i| slots[i].take()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::fix::edits::candidates;
    use crate::map::symmetry::Symmetry;

    #[test]
    fn every_kind_of_edit_comes_early_and_none_twice() {
        let text = include_str!("../../../tests/fixtures/designs/twin-fords.ron");
        let map = crate::format::parse_map(text, "twin-fords").unwrap();
        let coverage = Coverage::new(&map).unwrap();
        let all = candidates(&map, &coverage, Symmetry::OFF, u64::MAX);
        let n = all.len();
        let kinds: std::collections::BTreeSet<(u8, u8)> =
            all.iter().map(|c| family(&c.edit)).collect();
        let first = order(&map, &coverage, all, &[-0.5, 0.5], 2 * kinds.len());
        assert_eq!(first.len(), 2 * kinds.len());
        let early: std::collections::BTreeSet<(u8, u8)> =
            first.iter().map(|c| family(&c.edit)).collect();
        assert_eq!(early, kinds, "every kind within the first picks");
        let again = candidates(&map, &coverage, Symmetry::OFF, u64::MAX);
        let every = order(&map, &coverage, again, &[-0.5, 0.5], usize::MAX);
        assert_eq!(every.len(), n);
        for (i, c) in every.iter().enumerate() {
            assert!(
                every[..i].iter().all(|d| d.edit != c.edit),
                "{} twice",
                c.edit
            );
        }
    }
}
