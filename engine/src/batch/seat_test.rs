//! Stop when decided, for 2 to 4 seats: a sequential test of every seat's
//! share of the wins, as [`crate::sequential`] tests side 0's score in a
//! two-player batch.
//!
//! Per independent game each seat scores its share of the game's wins (a
//! win 1, a draw `1/N` to every seat; in a group of rotated seatings, the
//! mean over the group). At each look each seat's interval is its mean
//! share `± u(n) / n`, the two-player test's normal-mixture boundary at
//! error `α / N` ([`Plan::radius`]), intersected with its intervals
//! before. Each holds at every number of games at once except with chance
//! at most `α / N`, so by the union bound over the seats every interval
//! holds at once except with chance at most `α`. With two seats one share
//! is one minus the other, so one interval at error `α` serves both.
//!
//! The test stops at the first look where [`judge`] decides:
//! - a seat's interval lies above `1/N`: that seat is favoured (the one
//!   with the highest lower bound, when several are);
//! - else a seat's interval lies below `1/N`: that seat is disfavoured;
//! - every seat's interval lies within `1/N ± margin`: the map is fair;
//!
//! and otherwise plays on to [`Decision::Undecided`]. A seat is named
//! wrongly only if some interval missed, so on a map where every seat's
//! share is `1/N` a seat is named with chance at most `α`.
//!
//! A fixed batch, judged once at its end, reads its fixed-sample intervals
//! (corrected for the N seats) with the same [`judge`]: [`FixedVerdict`].

use crate::player::PlayerId;
use crate::sequential::{Decision, Plan, Question};
use crate::standing::{Standing, games_text};
use serde::{Deserialize, Serialize};

/// What seat intervals say, in the words of `fairness.md`: with `N` seats
/// (one interval each, for the seat's share of the wins),
/// - a seat whose interval lies above `1/N` is favoured (the one with the
///   highest lower bound, when several are);
/// - else a seat whose interval lies below `1/N` is disfavoured (the one
///   with the lowest upper bound);
/// - else, when every interval lies within `1/N ± margin`, the map is fair
///   within the margin;
///
/// and otherwise nothing is decided (`None`). The one reading of seat
/// intervals: the sequential test's at each look, a fixed batch's
/// ([`FixedVerdict`]), `balance`'s and the app's.
#[must_use]
pub fn judge(intervals: &[[f64; 2]], margin: f64) -> Option<Decision> {
    let fair = 1.0 / intervals.len().max(2) as f64;
    let seat = |p: usize| PlayerId(p as u8);
    if let Some(p) = (0..intervals.len())
        .filter(|&p| intervals[p][0] > fair)
        .max_by(|&a, &b| intervals[a][0].total_cmp(&intervals[b][0]))
    {
        return Some(Decision::Favoured { side: seat(p) });
    }
    if let Some(p) = (0..intervals.len())
        .filter(|&p| intervals[p][1] < fair)
        .min_by(|&a, &b| intervals[a][1].total_cmp(&intervals[b][1]))
    {
        return Some(Decision::Disfavoured { side: seat(p) });
    }
    intervals
        .iter()
        .all(|i| i[0] >= fair - margin && i[1] <= fair + margin)
        .then_some(Decision::Fair)
}

/// The seat test of a fixed batch, judged once at its end: each seat's
/// share of the wins (a win 1, a draw `1/N` to every seat, per independent
/// game) with a Wilson interval, read by [`judge`]. With two seats the
/// shares add up to 1, so one test at level `α` covers both; with `N ≥ 3`
/// each seat's interval is at level `α / N` (Bonferroni), so all hold at
/// once with chance at least `1 − α`. Looked at only once: a batch stopped
/// as soon as it says something needs [`SeatTest`] instead.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FixedVerdict {
    /// Independent games.
    pub games: usize,
    /// The chance that some interval misses.
    pub alpha: f64,
    /// The fairness margin around `1/N`.
    pub margin: f64,
    /// Each seat's mean share.
    pub shares: Vec<f64>,
    /// Each seat's interval.
    pub intervals: Vec<[f64; 2]>,
    /// What the intervals say ([`Decision::Undecided`] when nothing).
    pub decision: Decision,
}

impl Default for FixedVerdict {
    fn default() -> Self {
        Self::new(
            &[0.0, 0.0],
            0,
            crate::sequential::DEFAULT_ALPHA,
            crate::sequential::DEFAULT_MARGIN,
        )
    }
}

impl FixedVerdict {
    /// The verdict on `games` independent games whose per-seat shares add
    /// up to `totals` (one per seat).
    #[must_use]
    pub fn new(totals: &[f64], games: usize, alpha: f64, margin: f64) -> Self {
        let n = totals.len().max(2);
        let level = if n == 2 { alpha } else { alpha / n as f64 };
        let z = crate::stats::z_for(level);
        let intervals: Vec<[f64; 2]> = totals
            .iter()
            .map(|&t| crate::stats::wilson_interval(t, games, z))
            .collect();
        let shares = totals
            .iter()
            .map(|&t| {
                if games == 0 {
                    0.0
                } else {
                    (t / games as f64).clamp(0.0, 1.0)
                }
            })
            .collect();
        let decision = if games == 0 {
            Decision::Undecided
        } else {
            judge(&intervals, margin).unwrap_or(Decision::Undecided)
        };
        Self {
            games,
            alpha,
            margin,
            shares,
            intervals,
            decision,
        }
    }

    /// The verdict in one sentence, in the one reading
    /// ([`crate::standing`]), with every seat's share and the intervals'
    /// level.
    #[must_use]
    pub fn sentence(&self) -> String {
        if self.games == 0 {
            return "No game finished, so nothing can be said".to_owned();
        }
        let n = self.shares.len().max(2);
        let pct = |x: f64| crate::standing::points_text(x);
        let level = if n == 2 {
            format!("{}% intervals", pct(1.0 - self.alpha))
        } else {
            format!(
                "intervals at {}% each, corrected for {n} seats",
                pct(1.0 - self.alpha / n as f64)
            )
        };
        let standing = Standing::new(&self.shares, &self.intervals, self.margin);
        standing.sentence(&format!(
            "{}; {level}",
            games_text(self.games, "independent")
        ))
    }
}

/// One look at every seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatLook {
    /// Independent games so far.
    pub games: usize,
    /// Matches so far.
    pub matches: usize,
    /// Each seat's mean share of the wins.
    pub estimates: Vec<f64>,
    /// Each seat's interval.
    pub intervals: Vec<[f64; 2]>,
}

/// A seat test in progress.
#[derive(Clone, Debug)]
pub struct SeatTest {
    plan: Plan,
    seats: usize,
    schedule: Vec<usize>,
    looks: Vec<SeatLook>,
    decision: Option<Decision>,
}

impl SeatTest {
    /// A test of `plan` over `seats` seats (2 to 4), before any look.
    #[must_use]
    pub fn new(plan: Plan, seats: usize) -> Self {
        Self {
            schedule: plan.looks(),
            plan,
            seats: seats.max(2),
            looks: Vec::new(),
            decision: None,
        }
    }

    /// The plan.
    #[must_use]
    pub fn plan(&self) -> Plan {
        self.plan
    }

    /// Seats.
    #[must_use]
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// How many independent games the next look needs; `None` once
    /// decided.
    #[must_use]
    pub fn next_look(&self) -> Option<usize> {
        if self.decision.is_some() {
            return None;
        }
        self.schedule.get(self.looks.len()).copied()
    }

    /// Looks after `games` independent games whose per-seat shares add up
    /// to `totals`, over `matches` matches; the decision, if this look made
    /// one.
    pub fn look(&mut self, games: usize, totals: &[f64], matches: usize) -> Option<Decision> {
        if self.decision.is_some() {
            return self.decision;
        }
        let n = self.seats;
        let fair = 1.0 / n as f64;
        let j = self.looks.len() + 1;
        // With two seats one share is one minus the other: one interval
        // holds for both. With more, each seat gets α / N.
        let shares = if n == 2 { 1.0 } else { n as f64 };
        let r = self.plan.radius(self.plan.alpha / shares, games);
        let mut estimates = Vec::with_capacity(n);
        let mut intervals = Vec::with_capacity(n);
        for p in 0..n {
            let total = totals.get(p).copied().unwrap_or(0.0);
            let m = if games == 0 {
                fair
            } else {
                (total / games as f64).clamp(0.0, 1.0)
            };
            let mut interval = [(m - r).max(0.0), (m + r).min(1.0)];
            if let Some(before) = self.looks.last() {
                let b = before.intervals[p];
                let narrowed = [interval[0].max(b[0]), interval[1].min(b[1])];
                if narrowed[0] <= narrowed[1] {
                    interval = narrowed;
                }
            }
            estimates.push(m);
            intervals.push(interval);
        }
        let m = self.plan.margin;
        let asked = match self.plan.question {
            Question::Verdict => judge(&intervals, m),
            // Only "fair" (first: a seat may be favoured within the
            // margin), or a seat beyond the margin, stops the test.
            Question::WithinMargin => {
                if intervals
                    .iter()
                    .all(|i| i[0] >= fair - m && i[1] <= fair + m)
                {
                    Some(Decision::Fair)
                } else if intervals.iter().any(|i| i[0] > fair + m || i[1] < fair - m)
                    || self.hopeless(&intervals, shares)
                {
                    judge(&intervals, m)
                } else {
                    None
                }
            }
        };
        // At the last look, what the intervals say (a seat favoured within
        // the margin, when the question was only whether it is fair).
        let last = games >= self.plan.max_games || j >= self.schedule.len();
        self.decision =
            asked.or_else(|| last.then(|| judge(&intervals, m).unwrap_or(Decision::Undecided)));
        self.looks.push(SeatLook {
            games,
            matches,
            estimates,
            intervals,
        });
        self.decision
    }

    /// Whether the most games could not show every seat within the
    /// margin: some seat's interval, at its point nearest to `1/N`, lies
    /// farther from it than the margin less the half-width the most games
    /// would give. The true share lies in the interval (but with chance
    /// α), so playing on would almost surely end undecided; stopping then
    /// changes nothing of the guarantee, since it never says "fair".
    fn hopeless(&self, intervals: &[[f64; 2]], shares: f64) -> bool {
        let fair = 1.0 / self.seats as f64;
        let most = self
            .plan
            .radius(self.plan.alpha / shares, self.plan.max_games);
        intervals.iter().any(|i| {
            let nearest = (i[0] - fair).max(fair - i[1]).max(0.0);
            nearest > 0.0 && nearest + most > self.plan.margin
        })
    }

    /// The decision, once made.
    #[must_use]
    pub fn decision(&self) -> Option<Decision> {
        self.decision
    }

    /// Every look so far.
    #[must_use]
    pub fn looks(&self) -> &[SeatLook] {
        &self.looks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Runs a test on games whose winner `game` draws.
    fn run(plan: Plan, seats: usize, rng: &mut ChaCha8Rng, weights: &[f64]) -> Decision {
        let mut t = SeatTest::new(plan, seats);
        let mut totals = vec![0.0; seats];
        let mut games = 0;
        while let Some(next) = t.next_look() {
            while games < next {
                let mut x = rng.random::<f64>() * weights.iter().sum::<f64>();
                let mut winner = seats - 1;
                for (p, w) in weights.iter().enumerate() {
                    if x < *w {
                        winner = p;
                        break;
                    }
                    x -= w;
                }
                totals[winner] += 1.0;
                games += 1;
            }
            t.look(games, &totals, games);
        }
        t.decision().unwrap_or(Decision::Stopped)
    }

    #[test]
    fn four_seats_at_30_and_23_percent_are_judged_against_a_fair_share() {
        // 600 games: side 0 won 181 (30.2%), the others 140, 141, 138.
        let v = FixedVerdict::new(&[181.0, 140.0, 141.0, 138.0], 600, 0.05, 0.05);
        assert_eq!(
            v.decision,
            Decision::Favoured { side: PlayerId(0) },
            "{v:?}"
        );
        // Side 0's interval overlaps the others', yet lies above 25%.
        assert!(v.intervals[0][0] < v.intervals[1][1]);
        assert!(v.intervals[0][0] > 0.25);
        assert!(
            v.sentence().starts_with("Side 0 is favoured"),
            "{}",
            v.sentence()
        );
        // Corrected for four seats: wider than a lone 95% interval.
        let lone = crate::stats::wilson_mean(181.0, 600);
        assert!(v.intervals[0][0] < lone.ci95[0]);
    }

    #[test]
    fn a_seat_below_its_share_with_none_above_is_disfavoured() {
        let d = judge(&[[0.30, 0.36], [0.30, 0.36], [0.20, 0.30]], 0.05);
        assert_eq!(d, Some(Decision::Disfavoured { side: PlayerId(2) }));
        let fair = judge(&[[0.30, 0.36], [0.30, 0.36], [0.30, 0.36]], 0.05);
        assert_eq!(fair, Some(Decision::Fair));
        assert_eq!(judge(&[[0.3, 0.45], [0.25, 0.4], [0.25, 0.4]], 0.05), None);
    }

    #[test]
    fn fixed_verdicts_on_fair_four_seat_maps_err_no_more_often_than_alpha() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let wrong = (0..400)
            .filter(|_| {
                let mut totals = [0.0; 4];
                for _ in 0..300 {
                    totals[rng.random_range(0..4)] += 1.0;
                }
                let v = FixedVerdict::new(&totals, 300, 0.05, 0.05);
                matches!(
                    v.decision,
                    Decision::Favoured { .. } | Decision::Disfavoured { .. }
                )
            })
            .count();
        // At most 5% of 400 by the bound, with room for chance.
        assert!(wrong <= 20 + 12, "{wrong} of 400");
    }

    #[test]
    fn a_lopsided_four_seat_map_is_decided_for_its_favourite() {
        let plan = Plan::new(0.05, 0.05, 5_000).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let d = run(plan, 4, &mut rng, &[0.5, 0.2, 0.15, 0.15]);
        assert_eq!(d, Decision::Favoured { side: PlayerId(0) });
    }

    #[test]
    fn a_fair_map_names_a_favourite_no_more_often_than_alpha() {
        // 200 fair four-seat batches of up to 400 games at alpha 0.1: a
        // wrong favourite in at most 10% of them (the bound), plus room for
        // chance in 200 draws.
        let plan = Plan::new(0.1, 0.05, 400).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let wrong = (0..200)
            .filter(|_| matches!(run(plan, 4, &mut rng, &[1.0; 4]), Decision::Favoured { .. }))
            .count();
        assert!(wrong <= 20 + 10, "{wrong} of 200");
    }

    /// A map at 53% is favoured and fair within 5 points at once: the
    /// verdict stops at "favoured", certification plays on to "fair"; a
    /// map at 62% stops certification as soon as it lies beyond the
    /// margin.
    #[test]
    fn certification_plays_on_past_a_favourite_within_the_margin() {
        let plan = Plan::new(0.05, 0.05, 40_000).unwrap();
        let asked = plan.asking(Question::WithinMargin);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let leaning = [0.53, 0.47];
        assert_eq!(
            run(plan, 2, &mut rng, &leaning),
            Decision::Favoured { side: PlayerId(0) }
        );
        assert_eq!(run(asked, 2, &mut rng, &leaning), Decision::Fair);
        let mut t = SeatTest::new(asked, 2);
        // 1,000 games at 62%: beyond the margin, decided.
        assert_eq!(
            t.look(1_000, &[620.0, 380.0], 1_000),
            Some(Decision::Favoured { side: PlayerId(0) })
        );
        // 1,000 games at 53%: favoured, within reach of the margin: on.
        let mut t = SeatTest::new(asked, 2);
        assert_eq!(t.look(1_000, &[530.0, 470.0], 1_000), None);
        // At the last look, what the intervals say.
        let last = Plan::new(0.05, 0.05, 1_000)
            .unwrap()
            .asking(Question::WithinMargin);
        let mut t = SeatTest::new(last, 2);
        assert_eq!(
            t.look(1_000, &[560.0, 440.0], 1_000),
            Some(Decision::Favoured { side: PlayerId(0) })
        );
    }

    /// A map at 57% cannot be shown within 5 points by 10,000 games:
    /// certification stops once its interval says so, long before the
    /// most games, naming the favourite.
    #[test]
    fn certification_stops_when_the_most_games_could_not_show_fair() {
        let plan = Plan::new(0.05, 0.05, 10_000)
            .unwrap()
            .asking(Question::WithinMargin);
        let mut t = SeatTest::new(plan, 2);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut totals = [0.0; 2];
        let mut games = 0;
        while let Some(next) = t.next_look() {
            while games < next {
                totals[usize::from(rng.random::<f64>() >= 0.57)] += 1.0;
                games += 1;
            }
            t.look(games, &totals, games);
        }
        assert_eq!(t.decision(), Some(Decision::Favoured { side: PlayerId(0) }));
        assert!(games < 6_000, "{games}");
        // 53%: within reach; it plays on.
        let mut t = SeatTest::new(plan, 2);
        assert_eq!(t.look(5_000, &[2_650.0, 2_350.0], 5_000), None);
    }

    /// The guarantee certification rests on: a map whose seats lie beyond
    /// the margin (a seat at 57%, margin 5 points) is certified fair at
    /// most α of the time, even though certification plays on past a
    /// favourite.
    #[test]
    fn certification_calls_a_map_beyond_the_margin_fair_no_more_often_than_alpha() {
        let plan = Plan::new(0.1, 0.05, 2_000)
            .unwrap()
            .asking(Question::WithinMargin);
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let wrong = (0..200)
            .filter(|_| run(plan, 2, &mut rng, &[0.57, 0.43]) == Decision::Fair)
            .count();
        assert!(wrong <= 20 + 10, "{wrong} of 200");
        let wrong4 = (0..200)
            .filter(|_| run(plan, 4, &mut rng, &[0.31, 0.23, 0.23, 0.23]) == Decision::Fair)
            .count();
        assert!(wrong4 <= 20 + 10, "{wrong4} of 200");
    }

    #[test]
    fn a_fair_three_seat_map_is_found_fair_within_the_margin() {
        let plan = Plan::new(0.05, 0.1, 20_000).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        assert_eq!(run(plan, 3, &mut rng, &[1.0; 3]), Decision::Fair);
    }
}
