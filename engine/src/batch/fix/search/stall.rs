//! What a step does when it keeps no edit at once: the edits a check
//! at another level refused, checked again widely ([`Search::widely`]), and
//! pairs of edits ([`Search::pairs`]).
//!
//! **Pairs, when single edits stall.** Near fair, the edits left often
//! move the games by less than a race can show, and the one that would
//! show needs another first. A step whose heats kept no edit takes the
//! raced edits that came nearer to fair without showing it (best gain
//! first, at most [`PAIR_FIRSTS`]) and, for each, races the edits of its
//! map as pairs against the current map on fresh choosing seeds: the gain
//! of a pair is measured against the map before both edits, so two small
//! moves the same way add up to one that shows. Of each race's best few
//! pairs, the first whose gain shows, nearer to fair (one that overshoots
//! fair may lead the race), and (when every level is edited) that passes
//! the checks at the other levels is made as two steps.

use super::super::edits::{Candidate, Edit, candidates};
use super::super::paired::{Gain, Games, Level, Race, deviation};
use super::super::report::{Ending, Step};
use super::super::shortlist::order;
use super::{FixError, Search, Stepped};
use crate::map::Map;

/// The most first edits a stalled step tries to pair.
pub(super) const PAIR_FIRSTS: usize = 2;

/// The heat of the first pair's race ([`Search::race_heat`]: its seeds
/// follow the heats', below the checks' seeds).
const PAIR_HEAT: u64 = 4;

/// A raced edit and the map it makes.
type Raced = (Step, Candidate);

/// What a step gathers while it races, for when it keeps no edit.
#[derive(Default)]
pub(super) struct Stall {
    /// Edits whose gain shows but which a check refused, for a wide check.
    pub refused: Vec<Raced>,
    /// Edits nearer to fair whose gain did not show, to pair, best gain
    /// first.
    pub firsts: Vec<Raced>,
    /// The last edit refused, and why: what the report shows.
    pub rejected: Option<Step>,
}

impl Stall {
    /// Keeps `record` to pair if it is worth it: raced nearer to fair on
    /// its games, its gain positive but not shown; the best
    /// [`PAIR_FIRSTS`] by gain are kept.
    pub fn offer(&mut self, record: &Step, chosen: &Candidate) {
        if record.gain.mean <= 0.0 || record.gain.helps() {
            return;
        }
        if deviation(&record.after) >= deviation(&record.before) {
            return;
        }
        self.firsts.push((record.clone(), chosen.clone()));
        self.firsts
            .sort_by(|a, b| b.0.gain.mean.total_cmp(&a.0.gain.mean));
        self.firsts.truncate(PAIR_FIRSTS);
    }
}

/// The step that makes `edit`, the race `r`'s candidate `j` at `level`:
/// its figures against the race's base, with the step's counts
/// (`(valid, raced, screened)`) and `matches` played.
pub(super) fn record(
    r: &Race,
    j: usize,
    edit: &Edit,
    level: Level,
    (valid, raced, screened): (usize, usize, (usize, usize)),
    matches: usize,
) -> Step {
    Step {
        edit: edit.clone(),
        level,
        candidates: (valid, raced),
        screened,
        before: r.base.means(),
        after: r.games[j].estimate(&r.base),
        gain: Gain::of(&r.base, &r.games[j]),
        matches,
        checks: Vec::new(),
        paired: false,
    }
}

impl Search<'_> {
    /// When no edit of step `step` at level `l` was made: the refused
    /// edits checked again widely, then pairs after the firsts; else the
    /// step ends with no helping edit, the last rejected saying why.
    pub(super) fn stalled(
        &mut self,
        (step, l): (usize, usize),
        current: &Map,
        stall: Stall,
        guards: &mut [Option<Games>],
    ) -> Result<Stepped, FixError> {
        let Stall {
            refused,
            firsts,
            mut rejected,
        } = stall;
        if let Some(done) = self.widely((step, l), current, refused, guards, &mut rejected)? {
            return Ok(done);
        }
        if let Some(done) = self.pairs((step, l), current, firsts, guards, &mut rejected)? {
            return Ok(done);
        }
        self.out.rejected = rejected;
        Ok(Stepped::Ended(Ending::NoHelpingEdit))
    }

    /// When every edit that helps at level `l` unsettles another level:
    /// checks the `refused` ones again widely, and makes the first that
    /// keeps every other level within the whole margin (a later edit,
    /// chosen on that level's games, evens it). `None` when none passes
    /// (`rejected` then holds the last refused).
    fn widely(
        &mut self,
        (step, l): (usize, usize),
        current: &Map,
        refused: Vec<Raced>,
        guards: &mut [Option<Games>],
        rejected: &mut Option<Step>,
    ) -> Result<Option<Stepped>, FixError> {
        for (mut record, chosen) in refused {
            let Some(checks) = self.checks(step, l, current, &chosen.map, guards, true)? else {
                return Ok(Some(Stepped::Ended(Ending::Cancelled)));
            };
            let passed = checks.iter().all(|c| c.passed);
            record.checks = checks;
            if passed {
                self.keep(record, chosen);
                return Ok(Some(Stepped::Edited { certified: false }));
            }
            *rejected = Some(record);
        }
        Ok(None)
    }

    /// When no single edit's gain showed at level `l` in step `step`:
    /// races second edits after each of `firsts` against `current`, and
    /// makes the first pair that helps (see the module's words). `None`
    /// when none does (`rejected` then holds the last pair tried).
    fn pairs(
        &mut self,
        (step, l): (usize, usize),
        current: &Map,
        firsts: Vec<Raced>,
        guards: &mut [Option<Games>],
        rejected: &mut Option<Step>,
    ) -> Result<Option<Stepped>, FixError> {
        if self.out.steps.len() + 2 > self.opts.max_steps {
            return Ok(None);
        }
        let level = self.levels[l];
        let (budget, screened) = self.budget(level);
        for (i, (first, chosen)) in firsts.into_iter().enumerate() {
            if self.cancelled() {
                return Ok(Some(Stepped::Ended(Ending::Cancelled)));
            }
            let cov = chosen.coverage_or(&self.coverage);
            let all = candidates(
                &chosen.map,
                cov,
                self.out.symmetry,
                self.opts.max_examined_hexes,
            );
            let valid = all.len();
            let towards = Games::of_shares(vec![first.after.clone()]).towards_fair();
            let ordered = order(&chosen.map, cov, all, &towards, screened);
            if ordered.is_empty() {
                continue;
            }
            let r = self.race_heat(
                current,
                &ordered,
                level,
                (step, PAIR_HEAT + i as u64),
                budget,
            )?;
            if r.cancelled {
                return Ok(Some(Stepped::Ended(Ending::Cancelled)));
            }
            // The race's best few in turn, its best first: a pair that
            // overshoots fair may lead the race on the distance's estimate.
            let raced = r.rounds.first().map_or(0, |x| x.0);
            let mut made = None;
            for (rank, &j) in r.ranked.iter().take(super::FINALISTS).enumerate() {
                let second = &ordered[j];
                let counts = (valid, raced, r.screened);
                let mut record = record(&r, j, &second.edit, level, counts, r.matches);
                record.paired = true;
                let nearer = deviation(&record.after) < r.base.deviation();
                if !(nearer && record.gain.helps()) {
                    if rank == 0 {
                        *rejected = Some(record);
                    }
                    continue;
                }
                let Some(checks) = self.checks(step, l, current, &second.map, guards, false)?
                else {
                    return Ok(Some(Stepped::Ended(Ending::Cancelled)));
                };
                let passed = checks.iter().all(|c| c.passed);
                record.checks = checks;
                if passed {
                    made = Some((record, second.clone()));
                    break;
                }
                *rejected = Some(record);
            }
            if let Some((record, second)) = made {
                self.keep(first, chosen);
                self.keep(record, second);
                return Ok(Some(Stepped::Edited { certified: false }));
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::edits::{Change, Edit};
    use super::super::super::paired::Level;
    use super::*;
    use crate::bots::BotKind;
    use hexx::Hex;

    /// A raced edit taking side 0 from 55% to `after`, its gain `mean`
    /// with the interval's lower end `lo`.
    fn raced(at: i32, after: f64, mean: f64, lo: f64) -> (Step, Candidate) {
        let edit = Edit {
            change: Change::Block {
                at: Hex::new(at, 0),
            },
            images: Vec::new(),
        };
        let step = Step {
            edit: edit.clone(),
            level: Level {
                bot: BotKind::Greedy,
                round_limit: 40,
                ruleset: None,
            },
            candidates: (10, 5),
            screened: (5, 0),
            before: vec![0.55, 0.45],
            after: vec![after, 1.0 - after],
            gain: Gain {
                games: 100,
                seat: 0,
                mean,
                interval: [lo, 2.0 * mean - lo],
            },
            matches: 100,
            checks: Vec::new(),
            paired: false,
        };
        let map =
            crate::map::Map::new_empty("m", crate::layout::Orientation::Flat, 32.0, 400.0, 400.0)
                .unwrap();
        (
            step,
            Candidate {
                edit,
                map,
                coverage: None,
            },
        )
    }

    /// Of the edits that pass, the one that leaves every level nearest to
    /// fair is made: not the race's best when it drags another level to
    /// the band's edge; the first among equals.
    #[test]
    fn the_steadiest_edit_is_the_one_every_level_ends_nearest_to_fair() {
        let check = |after: f64| crate::fix::Check {
            level: Level {
                bot: BotKind::Planner,
                round_limit: 40,
                ruleset: None,
            },
            games: 256,
            before: vec![0.5, 0.5],
            after: vec![after, 1.0 - after],
            passed: true,
            wide: false,
        };
        // The race's best evens its own level, and takes the other to 46%.
        let (mut best, a) = raced(1, 0.50, 0.05, 0.02);
        best.checks = vec![check(0.46)];
        // The next is 2 points off at its own level, 1 at the other.
        let (mut next, b) = raced(2, 0.52, 0.03, 0.01);
        next.checks = vec![check(0.51)];
        assert!((best.farthest() - 0.04).abs() < 1e-12);
        assert!((next.farthest() - 0.02).abs() < 1e-12);
        let kept = super::super::steadiest(vec![(best.clone(), a.clone()), (next, b)]);
        assert_eq!(
            kept.map(|(s, _)| s.edit.change),
            Some(Change::Block { at: Hex::new(2, 0) })
        );
        let (mut twin, c) = raced(3, 0.50, 0.05, 0.02);
        twin.checks = vec![check(0.46)];
        let kept = super::super::steadiest(vec![(best, a), (twin, c)]);
        assert_eq!(
            kept.map(|(s, _)| s.edit.change),
            Some(Change::Block { at: Hex::new(1, 0) })
        );
        assert!(super::super::steadiest(Vec::new()).is_none());
    }

    /// Only edits nearer to fair whose positive gain does not show are
    /// offered for pairing, the best gains first and no more than
    /// [`PAIR_FIRSTS`].
    #[test]
    fn the_edits_offered_for_pairs_came_nearer_without_showing_it() {
        let mut stall = Stall::default();
        for (at, after, mean, lo) in [
            (1, 0.54, 0.01, -0.01),   // offered
            (2, 0.52, 0.03, 0.005),   // shows: made alone, not paired
            (3, 0.56, 0.01, -0.01),   // farther from fair
            (4, 0.54, -0.01, -0.03),  // loses
            (5, 0.53, 0.02, -0.005),  // offered, best
            (6, 0.545, 0.005, -0.02), // offered, but third
        ] {
            let (s, c) = raced(at, after, mean, lo);
            stall.offer(&s, &c);
        }
        let kept: Vec<Change> = stall.firsts.iter().map(|(s, _)| s.edit.change).collect();
        assert_eq!(
            kept,
            [
                Change::Block { at: Hex::new(5, 0) },
                Change::Block { at: Hex::new(1, 0) }
            ]
        );
        assert_eq!(PAIR_FIRSTS, 2);
    }
}
