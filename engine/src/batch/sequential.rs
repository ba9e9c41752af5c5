//! Stop when decided: a sequential test of side 0's score that looks at a
//! batch as it grows and stops as soon as the answer is clear.
//!
//! The batch is looked at after a fixed schedule of independent games
//! ([`Plan::looks`]: 16, then about 25% more at each look, up to the most
//! allowed). After `n` games with mean score `m` (side 0's: a win 1, a
//! draw ½, per independent game, [`crate::stats`]), the interval is
//! `m ± u(n) / n`, intersected with the intervals of the looks before,
//! where `u` is Robbins' normal-mixture boundary for sums of scores in
//! `[0, 1]` (sub-Gaussian with variance ¼ by Hoeffding's lemma; Howard,
//! Ramdas, `McAuliffe` and Sekhon, *Time-uniform, nonparametric,
//! nonasymptotic confidence sequences*, Annals of Statistics 2021, eq. 14):
//!
//! ```text
//! u(n) = sqrt((n/4 + ρ) · ln((n/4 + ρ) / ρ · (2/α)²))
//! ```
//!
//! By Ville's inequality the chance that the interval misses the true
//! score at *any* number of games is at most `α`: the intervals form an
//! anytime-valid confidence sequence, and stopping whenever it says
//! something is safe, at any look and after any number of games. The
//! mixing constant `ρ` is fixed by the plan before any game is played
//! ([`Plan::mixing`]): the one that makes the interval narrowest at a
//! quarter of the most games. (Games are independent and bounded; no other
//! assumption is made.) Against the Hoeffding bound with its error split
//! over the looks that the test used before, the interval is about a
//! quarter narrower at a few thousand games, so a decision takes about 40%
//! fewer games with the same guarantee.
//!
//! The test stops at the first look where the interval
//! - lies above 50%: side 0 is favoured ([`Decision::Favoured`]);
//! - lies below 50%: side 1 is favoured;
//! - lies within the margin of 50%: the map is fair within the margin
//!   ([`Decision::Fair`]);
//!
//! and otherwise plays on, to [`Decision::Undecided`] at the last look (a
//! batch cancelled before that reports [`Decision::Stopped`], with an
//! interval that still holds).
//! Each decision is wrong only if some interval missed the true score, so
//! the chance of a wrong decision — a favourite named when the score is
//! 50% or favours the other side, or "fair" when the score is farther than
//! the margin from 50% — is at most `α`.
//!
//! ```
//! use hexwright_engine::sequential::{Decision, Plan, Sequential};
//! use hexwright_engine::player::PlayerId;
//!
//! let plan = Plan::new(0.05, 0.05, 10_000).unwrap();
//! let mut test = Sequential::new(plan);
//! // Side 0 wins 80% of its games: decided after the first few looks.
//! let mut games = 0;
//! while let Some(next) = test.next_look() {
//!     games = next;
//!     let wins = games * 4 / 5;
//!     test.look(games, wins as f64, games);
//! }
//! assert_eq!(test.decision(), Some(Decision::Favoured { side: PlayerId(0) }));
//! assert!(games < 100);
//! ```

use crate::map::Side;
use crate::player::PlayerId;
use crate::standing::{Standing, games_text};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The default chance of a wrong decision.
pub const DEFAULT_ALPHA: f64 = 0.05;
/// The default margin: a map is fair when side 0's score is within this
/// of 50%.
pub const DEFAULT_MARGIN: f64 = 0.05;
/// The most matches a batch played until decided plays unless told
/// otherwise (the command line's `--max`, the batch tab's *Most matches*).
pub const DEFAULT_MAX: usize = 20_000;
/// Independent games at the first look.
pub const FIRST_LOOK: usize = 16;
/// Each look is at least this much larger than the one before.
pub const GROWTH: f64 = 1.25;

/// What a sequential test is asked.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// The most the chance of a wrong decision may be.
    pub alpha: f64,
    /// How close to 50% side 0's score must be for the map to be fair.
    pub margin: f64,
    /// The most independent games to play.
    pub max_games: usize,
    /// The question, which decides when the test stops.
    #[serde(default, skip_serializing_if = "Question::is_verdict")]
    pub question: Question,
}

/// What a sequential test asks, which decides when it stops. Either way
/// its intervals are the same and hold at every look, so every decision
/// is wrong with chance at most α; only the looks at which it stops
/// differ.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Question {
    /// The verdict: stop at the first look where a side is clearly
    /// favoured (or, with three or more, disfavoured), or the map is
    /// clearly fair within the margin.
    #[default]
    Verdict,
    /// Is the map fair within the margin? Stop when every interval lies
    /// within it ("fair"), or some interval lies wholly outside it (that
    /// side is favoured or disfavoured by more than the margin), or so far
    /// from fair that the most games could not show it within (the seat
    /// test: [`crate::seat_test::SeatTest`]). A side favoured by less than
    /// the margin plays on, since the map may still be shown fair within
    /// it. What certification asks.
    WithinMargin,
}

impl Question {
    /// Whether it is [`Question::Verdict`].
    #[must_use]
    pub fn is_verdict(&self) -> bool {
        *self == Self::Verdict
    }
}

/// Why a plan cannot be tested.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlanError {
    /// Alpha outside `(0, 0.5]`.
    #[error("--alpha {0} is not a chance of error between 0 and 0.5 (e.g. 0.05)")]
    Alpha(f64),
    /// Margin outside `(0, 0.5)`.
    #[error("--margin {0} is not a margin between 0 and 0.5 (e.g. 0.05 for 45% to 55%)")]
    Margin(f64),
    /// No game to play.
    #[error("--max must allow at least one match")]
    NoGames,
}

impl Plan {
    /// A plan, checked.
    ///
    /// # Errors
    /// When `alpha` is not in `(0, 0.5]`, `margin` not in `(0, 0.5)`, or
    /// `max_games` is 0.
    pub fn new(alpha: f64, margin: f64, max_games: usize) -> Result<Self, PlanError> {
        if !(alpha > 0.0 && alpha <= 0.5) {
            return Err(PlanError::Alpha(alpha));
        }
        if !(margin > 0.0 && margin < 0.5) {
            return Err(PlanError::Margin(margin));
        }
        if max_games == 0 {
            return Err(PlanError::NoGames);
        }
        Ok(Self {
            alpha,
            margin,
            max_games,
            question: Question::Verdict,
        })
    }

    /// The same plan asking `question`.
    #[must_use]
    pub fn asking(self, question: Question) -> Self {
        Self { question, ..self }
    }

    /// The numbers of independent games at which the test looks: 16, then
    /// each at least 25% more than the one before, the last at
    /// `max_games`. Fixed before any game is played.
    #[must_use]
    pub fn looks(&self) -> Vec<usize> {
        let mut out = Vec::new();
        let mut n = FIRST_LOOK.min(self.max_games);
        loop {
            out.push(n);
            if n >= self.max_games {
                return out;
            }
            let grown = (n as f64 * GROWTH).ceil() as usize;
            n = grown.max(n + 1).min(self.max_games);
        }
    }

    /// The games at which the interval is made narrowest: a quarter of the
    /// most, and at least the first look.
    #[must_use]
    pub fn tuned_for(&self) -> usize {
        (self.max_games / 4).max(FIRST_LOOK)
    }

    /// The mixing constant `ρ` of the normal-mixture boundary at error
    /// `alpha`: of a fine grid around `n/4` for `n` = [`Self::tuned_for`],
    /// the one whose interval is narrowest there. Depends on the plan
    /// only, never on the games.
    #[must_use]
    pub fn mixing(&self, alpha: f64) -> f64 {
        let n = self.tuned_for() as f64;
        let v = SUB_GAUSSIAN * n;
        (-150..=50)
            .map(|k| v * 10f64.powf(f64::from(k) / 50.0))
            .min_by(|a, b| boundary(alpha, n, *a).total_cmp(&boundary(alpha, n, *b)))
            .unwrap_or(v)
    }

    /// The half-width, after `games` games, of the interval for a mean
    /// score that holds at every number of games at once except with
    /// chance at most `alpha` (the plan's α, or a share of it when several
    /// intervals must hold together).
    #[must_use]
    pub fn radius(&self, alpha: f64, games: usize) -> f64 {
        if games == 0 {
            return 1.0;
        }
        boundary(alpha, games as f64, self.mixing(alpha))
    }
}

/// Hoeffding's lemma: a score in `[0, 1]` is sub-Gaussian with variance at
/// most this.
const SUB_GAUSSIAN: f64 = 0.25;

/// The normal-mixture boundary `u(n) / n` (see the module docs) at error
/// `alpha`, two-sided, with mixing constant `rho`.
fn boundary(alpha: f64, games: f64, rho: f64) -> f64 {
    let v = SUB_GAUSSIAN * games + rho;
    (v * (v / rho * (2.0 / alpha).powi(2)).ln()).sqrt() / games
}

/// What the test concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Decision {
    /// The map favours this side: its score is above 50%.
    Favoured {
        /// The favoured side.
        side: Side,
    },
    /// This seat's share lies below its fair share `1/N` and no seat's
    /// lies above (only with three or more seats: with two, the other
    /// seat is favoured).
    Disfavoured {
        /// The disfavoured seat.
        side: Side,
    },
    /// Every seat's share is within the margin of its fair share `1/N`
    /// (side 0's score within the margin of 50% for two seats).
    Fair,
    /// The most games were played without a decision.
    Undecided,
    /// The batch was stopped (cancelled) before a decision; the interval
    /// still holds, as at any stopping time.
    Stopped,
}

/// One look: how far the batch had come and what the interval said.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Look {
    /// Independent games so far.
    pub games: usize,
    /// Matches so far.
    pub matches: usize,
    /// Side 0's mean score per game.
    pub estimate: f64,
    /// The confidence sequence's interval for side 0's score.
    pub interval: [f64; 2],
}

impl fmt::Display for Look {
    /// `25 games: side 0 56.0% [21.4%, 90.6%]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games: side 0 {:.1}% [{:.1}%, {:.1}%]",
            self.games,
            self.estimate * 100.0,
            self.interval[0] * 100.0,
            self.interval[1] * 100.0
        )
    }
}

/// A sequential test in progress: feed it each look's totals.
#[derive(Clone, Debug)]
pub struct Sequential {
    plan: Plan,
    schedule: Vec<usize>,
    looks: Vec<Look>,
    decision: Option<Decision>,
}

impl Sequential {
    /// A test of `plan`, before any look.
    #[must_use]
    pub fn new(plan: Plan) -> Self {
        Self {
            schedule: plan.looks(),
            plan,
            looks: Vec::new(),
            decision: None,
        }
    }

    /// The plan.
    #[must_use]
    pub fn plan(&self) -> Plan {
        self.plan
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

    /// Looks at the batch after `games` independent games whose side-0
    /// scores add up to `total`, over `matches` matches. `games` should be
    /// [`Self::next_look`] (fewer, when a batch was cut short, is still
    /// valid: the interval holds at every number of games). Returns the decision,
    /// if this look made one.
    pub fn look(&mut self, games: usize, total: f64, matches: usize) -> Option<Decision> {
        if self.decision.is_some() {
            return self.decision;
        }
        let j = self.looks.len() + 1;
        let estimate = if games == 0 {
            0.5
        } else {
            (total / games as f64).clamp(0.0, 1.0)
        };
        let r = self.plan.radius(self.plan.alpha, games);
        let mut interval = [(estimate - r).max(0.0), (estimate + r).min(1.0)];
        if let Some(before) = self.looks.last() {
            let narrowed = [
                interval[0].max(before.interval[0]),
                interval[1].min(before.interval[1]),
            ];
            // Disjoint only when a look before already missed: keep this one.
            if narrowed[0] <= narrowed[1] {
                interval = narrowed;
            }
        }
        self.looks.push(Look {
            games,
            matches,
            estimate,
            interval,
        });
        let m = self.plan.margin;
        let beyond = interval[0] > 0.5 + m || interval[1] < 0.5 - m;
        let within = interval[0] >= 0.5 - m && interval[1] <= 0.5 + m;
        let certifying = self.plan.question == Question::WithinMargin;
        self.decision = if certifying && within {
            // Fair within the margin, though perhaps favoured too.
            Some(Decision::Fair)
        } else if certifying && !beyond {
            // Favoured, perhaps, but not beyond the margin: play on, and at
            // the last look say what the interval says.
            let last = games >= self.plan.max_games || j >= self.schedule.len();
            last.then_some(if interval[0] > 0.5 {
                Decision::Favoured { side: PlayerId(0) }
            } else if interval[1] < 0.5 {
                Decision::Favoured { side: PlayerId(1) }
            } else {
                Decision::Undecided
            })
        } else if interval[0] > 0.5 {
            Some(Decision::Favoured { side: PlayerId(0) })
        } else if interval[1] < 0.5 {
            Some(Decision::Favoured { side: PlayerId(1) })
        } else if interval[0] >= 0.5 - m && interval[1] <= 0.5 + m {
            Some(Decision::Fair)
        } else if games >= self.plan.max_games || j >= self.schedule.len() {
            Some(Decision::Undecided)
        } else {
            None
        };
        self.decision
    }

    /// The decision, once made.
    #[must_use]
    pub fn decision(&self) -> Option<Decision> {
        self.decision
    }

    /// Every look so far.
    #[must_use]
    pub fn looks(&self) -> &[Look] {
        &self.looks
    }

    /// What the test found, for reports.
    #[must_use]
    pub fn summary(&self) -> Summary {
        let last = self.looks.last().copied().unwrap_or(Look {
            games: 0,
            matches: 0,
            estimate: 0.5,
            interval: [0.0, 1.0],
        });
        Summary {
            decision: self.decision.unwrap_or(Decision::Stopped),
            alpha: self.plan.alpha,
            margin: self.plan.margin,
            max_games: self.plan.max_games,
            games: last.games,
            matches: last.matches,
            looks: self.looks.len(),
            estimate: last.estimate,
            interval: last.interval,
        }
    }
}

/// A sequential test's outcome, as reports print it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// What it decided.
    pub decision: Decision,
    /// The bound on the chance that the decision is wrong.
    pub alpha: f64,
    /// The fairness margin around 50%.
    pub margin: f64,
    /// The most independent games it could have played.
    pub max_games: usize,
    /// Independent games played.
    pub games: usize,
    /// Matches played.
    pub matches: usize,
    /// Looks taken.
    pub looks: usize,
    /// Side 0's mean score per game.
    pub estimate: f64,
    /// The last interval for side 0's score.
    pub interval: [f64; 2],
}

impl Summary {
    /// Where the map stands at the last look, in the one reading.
    #[must_use]
    pub fn standing(&self) -> Standing {
        Standing::of_side0(self.estimate, self.interval, self.margin)
    }
}

impl fmt::Display for Summary {
    /// The decision in one sentence, with its evidence, in the one
    /// reading ([`crate::standing`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reading = self
            .standing()
            .sentence(&games_text(self.games, "independent"));
        match self.decision {
            Decision::Favoured { .. } | Decision::Disfavoured { .. } | Decision::Fair => {
                write!(f, "{reading}")
            }
            Decision::Undecided => write!(f, "Undecided after the most games allowed: {reading}"),
            Decision::Stopped => write!(
                f,
                "Stopped before a decision: {reading}; the interval holds at any stopping time"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Runs the test on games drawn by `game` until it decides.
    fn run(plan: Plan, rng: &mut ChaCha8Rng, game: impl Fn(&mut ChaCha8Rng) -> f64) -> Summary {
        let mut t = Sequential::new(plan);
        let (mut games, mut total) = (0, 0.0);
        while let Some(next) = t.next_look() {
            while games < next {
                total += game(rng);
                games += 1;
            }
            t.look(games, total, games);
        }
        t.summary()
    }

    #[test]
    fn looks_grow_by_a_quarter_and_end_at_the_most() {
        let plan = Plan::new(0.05, 0.05, 100).unwrap();
        assert_eq!(plan.looks(), [16, 20, 25, 32, 40, 50, 63, 79, 99, 100]);
        assert_eq!(Plan::new(0.05, 0.05, 3).unwrap().looks(), [3]);
    }

    /// The normal-mixture interval: narrowest near the games it is tuned
    /// for (against other mixing constants), narrower than the Hoeffding
    /// interval with the error split over looks that it replaced, wider
    /// than a fixed-sample Hoeffding interval (the price of looking at
    /// every number of games), shrinking as games grow, wider at a
    /// smaller α.
    #[test]
    fn the_mixture_interval_is_tight_where_tuned_and_pays_for_looking() {
        let plan = Plan::new(0.05, 0.05, 10_000).unwrap();
        assert_eq!(plan.tuned_for(), 2_500);
        let rho = plan.mixing(0.05);
        let at = |n: f64, rho: f64| boundary(0.05, n, rho);
        assert!(at(2_500.0, rho) <= at(2_500.0, rho * 3.0));
        assert!(at(2_500.0, rho) <= at(2_500.0, rho / 3.0));
        let hoeffding_fixed = |n: f64, a: f64| ((2.0 / a).ln() / (2.0 * n)).sqrt();
        // The old test's look 25 was at 5,000 games or so.
        let spent = 0.05 * 6.0 / (std::f64::consts::PI.powi(2) * 25.0 * 25.0);
        let r = plan.radius(0.05, 5_000);
        assert!(r < 0.8 * hoeffding_fixed(5_000.0, spent), "{r}");
        assert!(r > hoeffding_fixed(5_000.0, 0.05), "{r}");
        assert!(plan.radius(0.05, 10_000) < r);
        assert!(plan.radius(0.01, 5_000) > r);
        assert!((plan.radius(0.05, 0) - 1.0).abs() < f64::EPSILON);
    }

    /// 20,000 games at 53%: the verdict names side 0; certification,
    /// which asks only whether the score is within the margin, says fair.
    /// At 58% both name side 0.
    #[test]
    fn certification_says_fair_of_a_favourite_within_the_margin() {
        let plan = Plan::new(0.05, 0.05, 40_000).unwrap();
        let asked = plan.asking(Question::WithinMargin);
        let at = |plan: Plan, total: f64| Sequential::new(plan).look(20_000, total, 20_000);
        let side0 = Some(Decision::Favoured { side: PlayerId(0) });
        assert_eq!(at(plan, 10_600.0), side0);
        assert_eq!(at(asked, 10_600.0), Some(Decision::Fair));
        assert_eq!(at(plan, 11_600.0), side0);
        assert_eq!(at(asked, 11_600.0), side0);
        // Within reach of the margin and short of the last look: on.
        assert_eq!(Sequential::new(asked).look(2_000, 1_100.0, 2_000), None);
    }

    #[test]
    fn bad_plans_are_refused() {
        assert_eq!(Plan::new(0.0, 0.05, 10), Err(PlanError::Alpha(0.0)));
        assert_eq!(Plan::new(0.6, 0.05, 10), Err(PlanError::Alpha(0.6)));
        assert!(matches!(
            Plan::new(f64::NAN, 0.05, 10),
            Err(PlanError::Alpha(_))
        ));
        assert_eq!(Plan::new(0.05, 0.5, 10), Err(PlanError::Margin(0.5)));
        assert_eq!(Plan::new(0.05, 0.05, 0), Err(PlanError::NoGames));
    }

    /// The false-favourite rate on exactly fair games (wins, losses and
    /// draws with side 0 scoring 50% on average) is at most alpha, over
    /// many seeded runs; and "fair" is then what it decides.
    #[test]
    fn fair_games_name_a_favourite_at_most_alpha_of_the_time() {
        let plan = Plan::new(0.1, 0.1, 5_000).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(15);
        let runs = 2_000;
        let (mut favourite, mut fair) = (0, 0);
        for _ in 0..runs {
            let s = run(plan, &mut rng, |r| match r.random_range(0..10) {
                0..4 => 1.0,
                4..8 => 0.0,
                _ => 0.5,
            });
            favourite += usize::from(matches!(s.decision, Decision::Favoured { .. }));
            fair += usize::from(s.decision == Decision::Fair);
        }
        assert!(
            favourite as f64 <= plan.alpha * runs as f64,
            "{favourite} of {runs}"
        );
        assert!(fair >= runs * 9 / 10, "{fair} of {runs}");
    }

    /// A lopsided score is found for the right side, early.
    #[test]
    fn lopsided_games_decide_for_the_right_side() {
        let plan = Plan::new(0.05, 0.05, 10_000).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for (p, side) in [(0.7, PlayerId(0)), (0.3, PlayerId(1))] {
            for _ in 0..200 {
                let s = run(plan, &mut rng, |r| f64::from(u8::from(r.random_bool(p))));
                assert_eq!(s.decision, Decision::Favoured { side }, "{s:?}");
                assert!(s.games <= 400, "{s:?}");
            }
        }
    }

    /// "Fair" is wrong only when the score is beyond the margin: with side
    /// 0 scoring 58% and a margin of 5%, "fair" comes at most alpha of the
    /// time.
    #[test]
    fn fair_within_the_margin_is_rarely_said_of_an_unfair_map() {
        let plan = Plan::new(0.1, 0.05, 3_000).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let runs = 400;
        let mut fair = 0;
        for _ in 0..runs {
            let s = run(plan, &mut rng, |r| f64::from(u8::from(r.random_bool(0.58))));
            fair += usize::from(s.decision == Decision::Fair);
        }
        assert!(
            fair as f64 <= plan.alpha * f64::from(runs),
            "{fair} of {runs}"
        );
    }

    #[test]
    fn the_interval_narrows_and_the_summary_says_why() {
        let plan = Plan::new(0.05, 0.05, 200).unwrap();
        let mut t = Sequential::new(plan);
        t.look(16, 8.0, 16);
        t.look(60, 30.0, 60);
        let [a, b] = [t.looks()[0].interval, t.looks()[1].interval];
        assert!(b[0] >= a[0] && b[1] <= a[1] && b[1] - b[0] < a[1] - a[0]);
        assert_eq!(t.decision(), None);
        let s = t.summary();
        assert_eq!((s.games, s.looks, s.decision), (60, 2, Decision::Stopped));
        assert!(
            s.to_string()
                .starts_with("Stopped before a decision: Undecided"),
            "{s}"
        );
        let text = Summary {
            decision: Decision::Fair,
            interval: [0.46, 0.54],
            ..s
        }
        .to_string();
        assert!(
            text.starts_with(
                "Fair within ±5 points; no side is favoured or disfavoured (side 0 50.0% ["
            ),
            "{text}"
        );
    }
}
