//! Honest batch statistics: which matches of a batch are independent games,
//! rates with 95% intervals computed on those games, and the verdict a
//! playtester reads ("side 0 is favoured").
//!
//! A batch never counts one game twice. When both seats run the same bot,
//! every match has its own seed ([`crate::sim::Batch::game`]), so each match
//! is an independent game ([`Counting::Matches`]). When the bots differ,
//! matches come in seat-swapped pairs that share a seed (the same armies,
//! once with each bot on each side), so the two matches of a pair are
//! correlated and the *pair* is the independent game
//! ([`Counting::SeatSwappedPairs`]).
//!
//! Every rate is the mean, over independent games, of a score in `[0, 1]`:
//! for a pair, the share of its matches that count (a pair of one match, the
//! last of an odd batch, scores that match alone). Its interval is the
//! Wilson score interval on the number of independent games. For a
//! yes-or-no score that is the usual Wilson interval; for a score that
//! averages a pair, whose variance is at most `p (1 − p)`, it is
//! conservative, never too narrow.
//!
//! ```
//! use hexwright_engine::stats::{Counting, Tally};
//!
//! // Two seat-swapped pairs: side 0 won both matches of the first pair and
//! // one of the second.
//! let mut t = Tally::new(Counting::SeatSwappedPairs);
//! for (index, side0_won) in [(0, true), (1, true), (2, true), (3, false)] {
//!     t.add(index, if side0_won { 1.0 } else { 0.0 });
//! }
//! let rate = t.rate();
//! assert_eq!(t.games(), 2); // two independent games, not four
//! assert!((rate.value - 0.75).abs() < 1e-12);
//! ```

use crate::map::Side;
use crate::player::PlayerId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The two-sided 95% normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

/// A value with its 95% interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    /// Point estimate.
    pub value: f64,
    /// 95% Wilson score interval.
    pub ci95: [f64; 2],
}

impl fmt::Display for Rate {
    /// `60.0% [50.2%, 69.1%]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:.1}% [{:.1}%, {:.1}%]",
            self.value * 100.0,
            self.ci95[0] * 100.0,
            self.ci95[1] * 100.0
        )
    }
}

/// The 95% Wilson score interval of `k` successes in `n` independent trials.
///
/// ```
/// let r = hexwright_engine::stats::wilson(50, 100);
/// assert!((r.value - 0.5).abs() < 1e-12);
/// assert!((r.ci95[0] - 0.4038).abs() < 1e-3 && (r.ci95[1] - 0.5962).abs() < 1e-3);
/// ```
#[must_use]
pub fn wilson(k: usize, n: usize) -> Rate {
    wilson_mean(k as f64, n)
}

/// The two-sided normal quantile for a chance `alpha` of missing: 1.96
/// for 5%.
#[must_use]
pub fn z_for(alpha: f64) -> f64 {
    std::f64::consts::SQRT_2 * statrs::function::erf::erfc_inv(alpha.clamp(1e-300, 1.0))
}

/// The Wilson score interval at quantile `z` of the mean of `n`
/// independent scores in `[0, 1]` that add up to `total`; all of `[0, 1]`
/// with no trials.
#[must_use]
pub fn wilson_interval(total: f64, n: usize, z: f64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let n = n as f64;
    let p = (total / n).clamp(0.0, 1.0);
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// The 95% Wilson score interval of the mean of `n` independent scores in
/// `[0, 1]` that add up to `total` (whole numbers for yes-or-no trials).
/// With no trials the estimate is 0 and the interval is all of `[0, 1]`.
#[must_use]
pub fn wilson_mean(total: f64, n: usize) -> Rate {
    if n == 0 {
        return Rate {
            value: 0.0,
            ci95: [0.0, 1.0],
        };
    }
    Rate {
        value: (total / n as f64).clamp(0.0, 1.0),
        ci95: wilson_interval(total, n, Z95),
    }
}

/// Which matches of a batch make one independent game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Counting {
    /// Every match is its own game (both seats run the same bot; every match
    /// has its own seed).
    Matches,
    /// Matches `2i` and `2i + 1` share a seed with the bots swapped: the
    /// pair is one game.
    SeatSwappedPairs,
    /// Matches `n·i` to `n·i + n − 1` share a seed, with the bots rotated
    /// one seat further around the table each time: the group is one game
    /// (the two-player case is [`Counting::SeatSwappedPairs`]).
    SeatRotations(u8),
}

impl Counting {
    /// The game that match `index` of a batch belongs to.
    #[must_use]
    pub const fn game_of(self, index: usize) -> usize {
        match self {
            Self::Matches => index,
            Self::SeatSwappedPairs => index / 2,
            Self::SeatRotations(n) => index / if n == 0 { 1 } else { n as usize },
        }
    }

    /// How many matches make one game.
    #[must_use]
    pub const fn matches_per_game(self) -> usize {
        match self {
            Self::Matches => 1,
            Self::SeatSwappedPairs => 2,
            Self::SeatRotations(n) => {
                if n == 0 {
                    1
                } else {
                    n as usize
                }
            }
        }
    }

    /// In words, for reports: "each match is an independent game".
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            Self::Matches => "each match is an independent game (its own seed)",
            Self::SeatSwappedPairs => {
                "each seat-swapped pair (one seed, the bots on both sides) is one independent game"
            }
            Self::SeatRotations(_) => {
                "each group of rotated seatings (one seed, every bot once on every seat) is one independent game"
            }
        }
    }
}

/// Sums a per-match score in `[0, 1]` into per-game means, for a rate over
/// independent games.
#[derive(Clone, Debug)]
pub struct Tally {
    counting: Counting,
    /// Per game: the sum of its matches' scores and their count.
    games: BTreeMap<usize, (f64, u32)>,
}

impl Tally {
    /// An empty tally.
    #[must_use]
    pub fn new(counting: Counting) -> Self {
        Self {
            counting,
            games: BTreeMap::new(),
        }
    }

    /// Adds match `index`'s score (clamped to `[0, 1]`).
    pub fn add(&mut self, index: usize, score: f64) {
        let g = self.games.entry(self.counting.game_of(index)).or_default();
        g.0 += score.clamp(0.0, 1.0);
        g.1 += 1;
    }

    /// Independent games seen.
    #[must_use]
    pub fn games(&self) -> usize {
        self.games.len()
    }

    /// The mean score per game, with its 95% interval on [`Self::games`].
    #[must_use]
    pub fn rate(&self) -> Rate {
        wilson_mean(self.total(), self.games.len())
    }

    /// The scores of the games added up (each game its matches' mean).
    #[must_use]
    pub fn total(&self) -> f64 {
        self.games
            .values()
            .map(|&(sum, n)| sum / f64::from(n))
            .sum()
    }
}

/// Who a batch says the map favours, decided on side 0's score (a win
/// counts 1, a draw ½) over independent games.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Verdict {
    /// No match finished.
    NoGames,
    /// The 95% interval of the side's score lies above 50%.
    Favoured {
        /// The favoured side.
        side: Side,
        /// That side's score.
        score: Rate,
        /// Independent games behind it.
        games: usize,
    },
    /// The interval of side 0's score contains 50%.
    NoSignificantAdvantage {
        /// Side 0's score.
        score: Rate,
        /// Independent games behind it.
        games: usize,
    },
}

impl Verdict {
    /// The verdict for side 0's `score` over `games` independent games.
    #[must_use]
    pub fn from_score(score: Rate, games: usize) -> Self {
        if games == 0 {
            Self::NoGames
        } else if score.ci95[0] > 0.5 {
            Self::Favoured {
                side: PlayerId(0),
                score,
                games,
            }
        } else if score.ci95[1] < 0.5 {
            Self::Favoured {
                side: PlayerId(1),
                score: Rate {
                    value: 1.0 - score.value,
                    ci95: [1.0 - score.ci95[1], 1.0 - score.ci95[0]],
                },
                games,
            }
        } else {
            Self::NoSignificantAdvantage { score, games }
        }
    }
}

impl Verdict {
    /// Side 0's score and the number of games, if any game finished.
    #[must_use]
    pub fn side0(&self) -> Option<(Rate, usize)> {
        match *self {
            Self::NoGames => None,
            Self::Favoured { side, score, games } => Some((
                if side.index() == 0 {
                    score
                } else {
                    Rate {
                        value: 1.0 - score.value,
                        ci95: [1.0 - score.ci95[1], 1.0 - score.ci95[0]],
                    }
                },
                games,
            )),
            Self::NoSignificantAdvantage { score, games } => Some((score, games)),
        }
    }
}

impl fmt::Display for Verdict {
    /// The one reading ([`crate::standing`]) of side 0's score against the
    /// default margin.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.side0() {
            None => write!(f, "No match finished, so no side advantage can be measured"),
            Some((score, games)) => {
                let standing = crate::standing::Standing::of_side0(
                    score.value,
                    score.ci95,
                    crate::sequential::DEFAULT_MARGIN,
                );
                write!(
                    f,
                    "{}",
                    standing.sentence(&format!(
                        "{}, a draw counting half; 95% intervals",
                        crate::standing::games_text(games, "independent")
                    ))
                )
            }
        }
    }
}

/// `one` when `n` is 1, else `many`.
#[must_use]
pub const fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn a_pair_counts_once() {
        let mut t = Tally::new(Counting::SeatSwappedPairs);
        for i in 0..100 {
            t.add(i, if i % 2 == 0 { 1.0 } else { 0.0 });
        }
        assert_eq!(t.games(), 50);
        let r = t.rate();
        assert!((r.value - 0.5).abs() < 1e-12);
        // Every pair split 1–1: the interval is the conservative one on 50
        // games, wider than 100 independent matches would give.
        let per_match = wilson(50, 100);
        assert!(r.ci95[0] < per_match.ci95[0] && r.ci95[1] > per_match.ci95[1]);
        assert_eq!(r, wilson(25, 50));
    }

    #[test]
    fn matches_count_one_each() {
        let mut t = Tally::new(Counting::Matches);
        for i in 0..7 {
            t.add(i, if i < 3 { 1.0 } else { 0.0 });
        }
        assert_eq!(t.games(), 7);
        assert_eq!(t.rate(), wilson(3, 7));
    }

    #[test]
    fn an_odd_batch_scores_its_last_pair_by_its_one_match() {
        let mut t = Tally::new(Counting::SeatSwappedPairs);
        for (i, s) in [1.0, 0.0, 1.0].into_iter().enumerate() {
            t.add(i, s);
        }
        assert_eq!(t.games(), 2);
        assert!((t.rate().value - 0.75).abs() < 1e-12);
    }

    /// The interval holds: over many simulated batches of independent
    /// games with a known win probability, about 95% of the intervals
    /// contain it; and for pair means (correlated within the pair), at
    /// least that many.
    #[test]
    fn intervals_cover_the_true_rate() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for &p in &[0.3, 0.5, 0.62] {
            let trials = 4000;
            let (mut single, mut paired) = (0, 0);
            for _ in 0..trials {
                let mut a = Tally::new(Counting::Matches);
                let mut b = Tally::new(Counting::SeatSwappedPairs);
                for i in 0..60 {
                    a.add(i, f64::from(u8::from(rng.random_bool(p))));
                }
                // Pairs whose two matches are strongly correlated: the
                // second repeats the first 80% of the time.
                for pair in 0..40 {
                    let first = rng.random_bool(p);
                    let second = if rng.random_bool(0.8) {
                        first
                    } else {
                        rng.random_bool(p)
                    };
                    b.add(2 * pair, f64::from(u8::from(first)));
                    b.add(2 * pair + 1, f64::from(u8::from(second)));
                }
                let covers = |r: Rate| r.ci95[0] <= p && p <= r.ci95[1];
                single += usize::from(covers(a.rate()));
                paired += usize::from(covers(b.rate()));
            }
            let single = single as f64 / f64::from(trials);
            let paired = paired as f64 / f64::from(trials);
            assert!((0.925..=0.975).contains(&single), "p {p}: {single}");
            assert!(paired >= 0.93, "p {p}: {paired}");
        }
    }

    #[test]
    fn verdicts_read_the_interval() {
        let v = Verdict::from_score(wilson(70, 100), 100);
        assert!(
            matches!(
                v,
                Verdict::Favoured {
                    side: PlayerId(0),
                    ..
                }
            ),
            "{v:?}"
        );
        let v = Verdict::from_score(wilson(30, 100), 100);
        let Verdict::Favoured {
            side: PlayerId(1),
            score,
            ..
        } = v
        else {
            panic!("{v:?}")
        };
        assert!((score.value - 0.7).abs() < 1e-12 && score.ci95[0] > 0.5);
        let v = Verdict::from_score(wilson(55, 100), 100);
        assert!(matches!(v, Verdict::NoSignificantAdvantage { .. }));
        assert!(
            v.to_string()
                .starts_with("Undecided: no side is clearly favoured or disfavoured"),
            "{v}"
        );
        assert_eq!(Verdict::from_score(wilson(0, 0), 0), Verdict::NoGames);
        assert!(
            Verdict::from_score(wilson(1, 1), 1)
                .to_string()
                .contains("1 independent game,")
        );
    }
}
