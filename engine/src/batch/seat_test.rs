//! Stop when decided, for 2 to 4 seats: a sequential test of every seat's
//! share of the wins, as [`crate::sequential`] tests side 0's score in a
//! two-player batch.
//!
//! Per independent game each seat scores its share of the game's wins (a
//! win 1, a draw `1/N` to every seat; in a group of rotated seatings, the
//! mean over the group). At look `j` each seat's interval is its mean
//! share `± sqrt(ln(2N / αⱼ) / 2n)` — Hoeffding's bound at level `αⱼ / N`,
//! with the same `αⱼ = α · 6 / (π² j²)` as the two-player test —
//! intersected with its intervals before. By the union bound over seats
//! and looks, every interval holds at once except with chance at most `α`.
//!
//! The test stops at the first look where
//! - a seat's interval lies above `1/N`: that seat is favoured (the one
//!   with the highest lower bound, when several are);
//! - every seat's interval lies within `1/N ± margin`: the map is fair;
//!
//! and otherwise plays on to [`Decision::Undecided`]. A favourite is named
//! wrongly only if some interval missed, so on a map where every seat's
//! share is `1/N` a favourite is named with chance at most `α`.

use crate::player::PlayerId;
use crate::sequential::{Decision, Plan};
use serde::{Deserialize, Serialize};

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
        let r = if games == 0 {
            1.0
        } else {
            ((2.0 * n as f64 / self.plan.alpha_at(j)).ln() / (2.0 * games as f64)).sqrt()
        };
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
        let favoured = (0..n)
            .filter(|&p| intervals[p][0] > fair)
            .max_by(|&a, &b| intervals[a][0].total_cmp(&intervals[b][0]));
        let m = self.plan.margin;
        self.decision = if let Some(p) = favoured {
            Some(Decision::Favoured {
                side: PlayerId(p as u8),
            })
        } else if intervals
            .iter()
            .all(|i| i[0] >= fair - m && i[1] <= fair + m)
        {
            Some(Decision::Fair)
        } else if games >= self.plan.max_games || j >= self.schedule.len() {
            Some(Decision::Undecided)
        } else {
            None
        };
        self.looks.push(SeatLook {
            games,
            matches,
            estimates,
            intervals,
        });
        self.decision
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

    #[test]
    fn a_fair_three_seat_map_is_found_fair_within_the_margin() {
        let plan = Plan::new(0.05, 0.1, 20_000).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        assert_eq!(run(plan, 3, &mut rng, &[1.0; 3]), Decision::Fair);
    }
}
