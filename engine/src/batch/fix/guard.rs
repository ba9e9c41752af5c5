//! Guarding the other levels: when the search edits until a map is fair at
//! every level asked, an edit chosen on one level's games is checked on
//! each other level's before it is made. The current map and the edited
//! one play the same seeds at that level, and the edit is refused when it
//! pushes that level measurably away from fair, beyond half the margin.
//! Without this, an edit that fixes greedy play can undo a planner fix
//! (and the next one the greedy fix), and the search goes round in circles.
//!
//! When every edit that helps is refused so, a *wide* check lets a level go
//! as far as the margin itself: the rulesets may pull a map opposite ways
//! (an edit that evens planner games in one ruleset unsettles greedy games
//! in the other), and the way out is two edits, the second chosen on the
//! unsettled level's games and guarded in turn — typically one its games
//! see and the first level's do not, such as a barracks, which only one
//! ruleset uses.

use super::paired::{Games, Level, deviation, prepare, shares};
use crate::map::Map;
use crate::rules::Roster;
use crate::rules::scenario::ScenarioError;
use std::sync::atomic::AtomicBool;

/// An edit checked at another level, on the same games for both maps.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// The level checked.
    pub level: Level,
    /// Games each map played.
    pub games: usize,
    /// The current map's seat shares.
    pub before: Vec<f64>,
    /// The edited map's (estimated with the current map's games as a
    /// control).
    pub after: Vec<f64>,
    /// Whether the edit passed: the level stays within half the margin of
    /// fair (the whole margin when [`Self::wide`]), or is not measurably
    /// farther from fair than before.
    pub passed: bool,
    /// Whether a wide check let the edit pass by its allowance alone: the
    /// level goes beyond half the margin from fair, and stays within it.
    pub wide: bool,
}

impl Check {
    /// The check in words.
    #[must_use]
    pub fn sentence(&self) -> String {
        let pct = super::paired::percents;
        format!(
            "{} {}: seats {} -> {} on the same {} games",
            match (self.passed, self.wide) {
                (true, false) => "checked at",
                (true, true) => "allowed within the margin (a later edit evens it) at",
                (false, _) => "refused: farther from fair at",
            },
            self.level,
            pct(&self.before),
            pct(&self.after),
            self.games
        )
    }
}

/// What a guard check plays.
pub struct Guard<'a> {
    /// The roster of both maps' matches.
    pub roster: &'a Roster,
    /// The level checked.
    pub level: Level,
    /// The first seed (match `i` plays `seed + i`).
    pub seed: u64,
    /// Games each map plays.
    pub games: usize,
    /// The fairness margin.
    pub margin: f64,
    /// Whether the level may go as far as the whole margin from fair, not
    /// only half of it (see the module's words).
    pub wide: bool,
}

impl Guard<'_> {
    /// How far from fair the level may go whatever the edit does.
    fn limit(&self) -> f64 {
        if self.wide {
            self.margin
        } else {
            self.margin / 2.0
        }
    }

    /// The current map's games at the level; `None` when cancelled.
    ///
    /// # Errors
    /// When a match cannot be set up on the map.
    pub fn base(
        &self,
        current: &Map,
        cancel: &AtomicBool,
    ) -> Result<Option<Games>, Box<ScenarioError>> {
        let p = prepare(current, self.roster, &self.level)?;
        Ok(shares(
            &p,
            self.level.bot,
            self.seed,
            0..self.games,
            &|_| {},
            cancel,
        ))
    }

    /// Checks `edited` against the current map's `base` games; `None` when
    /// cancelled.
    ///
    /// # Errors
    /// When a match cannot be set up on the edited map.
    pub fn check(
        &self,
        base: &Games,
        edited: &Map,
        cancel: &AtomicBool,
    ) -> Result<Option<Check>, Box<ScenarioError>> {
        let p = prepare(edited, self.roster, &self.level)?;
        let Some(cand) = shares(
            &p,
            self.level.bot,
            self.seed,
            0..base.len(),
            &|_| {},
            cancel,
        ) else {
            return Ok(None);
        };
        let before = base.means();
        let after = cand.estimate(base);
        let passed = passes(base, &cand, &after, self.limit());
        let narrow = passes(base, &cand, &after, self.margin / 2.0);
        Ok(Some(Check {
            level: self.level,
            games: base.len().min(cand.len()),
            passed,
            wide: passed && !narrow,
            before,
            after,
        }))
    }
}

/// Whether `cand` (estimated as `after`) keeps its level within `limit`
/// of fair, or is not measurably farther from fair than `base` on the seat
/// it leans on most: its paired distance from fair grows by less than 1.96
/// standard errors.
fn passes(base: &Games, cand: &Games, after: &[f64], limit: f64) -> bool {
    if deviation(after) <= limit {
        return true;
    }
    let (seat, sign) = Games::of_shares(vec![after.to_vec()]).leaning_seat();
    let n = base.len().min(cand.len());
    if n < 2 {
        return true;
    }
    let fair = 1.0 / after.len().max(1) as f64;
    // Per game, how much farther from fair the edit puts that seat.
    let d: Vec<f64> = (0..n)
        .map(|i| sign * (cand.shares[i][seat] - base.shares[i][seat]))
        .collect();
    let nf = n as f64;
    let mean = d.iter().sum::<f64>() / nf;
    let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (nf - 1.0);
    let before = sign * (base.means()[seat] - fair);
    let worse = sign * (after[seat] - fair) - before;
    worse <= 1.96 * (var / nf).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(wins: &[usize]) -> Games {
        Games::of_shares(
            wins.iter()
                .map(|&w| {
                    if w == 0 {
                        vec![1.0, 0.0]
                    } else {
                        vec![0.0, 1.0]
                    }
                })
                .collect(),
        )
    }

    #[test]
    fn an_edit_that_stays_near_fair_passes() {
        // 50 of 100 to side 0 before, 51 after: within half the margin.
        let base = games(&(0..100).map(|i| i % 2).collect::<Vec<_>>());
        let mut w: Vec<usize> = (0..100).map(|i| i % 2).collect();
        w[1] = 0;
        let cand = games(&w);
        let after = cand.estimate(&base);
        assert!(passes(&base, &cand, &after, 0.025));
    }

    #[test]
    fn an_edit_that_pushes_a_level_away_from_fair_is_refused() {
        // Side 0 wins 50 of 100 before; after, 20 more of the same games.
        let base = games(&(0..100).map(|i| i % 2).collect::<Vec<_>>());
        let w: Vec<usize> = (0..100).map(|i| if i < 40 { 0 } else { i % 2 }).collect();
        let cand = games(&w);
        let after = cand.estimate(&base);
        assert!((after[0] - 0.7).abs() < 1e-9);
        assert!(!passes(&base, &cand, &after, 0.025));
        // A wide check allows it only within the whole margin.
        assert!(!passes(&base, &cand, &after, 0.05));
        assert!(passes(&base, &cand, &after, 0.25));
    }

    #[test]
    fn an_unfair_level_not_measurably_worse_passes() {
        // 60 of 100 before, 61 after: far from fair, but not measurably
        // farther.
        let base_w: Vec<usize> = (0..100).map(|i| usize::from(i >= 60)).collect();
        let mut w = base_w.clone();
        w[60] = 0;
        let (base, cand) = (games(&base_w), games(&w));
        let after = cand.estimate(&base);
        assert!(passes(&base, &cand, &after, 0.025));
    }
}
