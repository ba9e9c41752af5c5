//! A strength ladder: every pair of bots plays a batch on one map, and a
//! Bradley–Terry model fitted to the results gives each bot a rating on
//! the Elo scale with a 95% interval.
//!
//! Each pair `a` against `b` is a [`Rotation`] batch: on a two-player map
//! seat-swapped pairs, on a four-player map `a, b, a, b` and `b, a, b, a`
//! (every bot once on every seat; see [`Rotation::period`]), and each
//! group of one seed counts as one independent game with `a`'s mean score in it (a win
//! 1, a draw ½, a win by a seat of `b` 0). A three-player map cannot seat
//! two bots equally and is refused.
//!
//! The fit maximises the Bradley–Terry likelihood over the independent
//! games by Hunter's MM iteration, with one virtual drawn game per pair
//! that played (so a bot that won every game still gets a finite rating).
//! Ratings are relative to the first bot listed (0 Elo); each interval is
//! ±1.96 standard errors from the observed information, for the difference
//! to that first bot.

use super::rotation::{self, Played, Rotation};
use super::stats::{Rate, Tally};
use crate::bots::{BotKind, HasBots};
use crate::player::PlayerId;
use crate::ruleset::OnBoard;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// Elo points per natural-log unit of strength.
const ELO: f64 = 400.0 / std::f64::consts::LN_10;

/// What a ladder plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LadderSpec {
    /// The bots, each once; the first is the ratings' zero.
    pub bots: Vec<BotKind>,
    /// Matches per pair of bots.
    pub matches: usize,
    /// First seed of every pair's batch.
    pub seed: u64,
}

/// Why a ladder cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LadderError {
    /// Fewer than two bots.
    #[error("a ladder needs at least two different bots, and {0} were given")]
    TooFewBots(usize),
    /// A bot named twice.
    #[error("the bot `{0}` is named twice; name each bot once")]
    Repeated(BotKind),
    /// No matches.
    #[error("a ladder needs at least one match per pair")]
    NoMatches,
    /// More matches per pair than one batch plays.
    #[error(
        "{0} matches per pair is more than one batch plays ({max}); play more as several ladders from other seeds",
        max = crate::sim::MAX_MATCHES
    )]
    TooManyMatches(usize),
    /// An odd player count.
    #[error(
        "a ladder seats two bots equally, which a {0}-player map cannot; use a map for 2 or 4 players"
    )]
    OddPlayers(usize),
}

/// One pair's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairResult {
    /// The first bot.
    pub a: BotKind,
    /// The second bot.
    pub b: BotKind,
    /// Matches played.
    pub matches: usize,
    /// Independent games.
    pub games: usize,
    /// Drawn matches.
    pub draws: usize,
    /// `a`'s mean score per game, with its 95% interval.
    pub score: Rate,
}

/// One bot's rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The bot.
    pub bot: BotKind,
    /// Its rating, Elo points above the first bot listed.
    pub elo: f64,
    /// The 95% interval of that difference (`[0, 0]` for the first bot).
    pub ci95: [f64; 2],
    /// Independent games it played.
    pub games: usize,
    /// Its mean score over them.
    pub score: f64,
}

/// A played ladder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ladder {
    /// What was played.
    pub spec: LadderSpec,
    /// Players per match.
    pub players: usize,
    /// Every pair, in the order of the bots.
    pub pairs: Vec<PairResult>,
    /// Every bot, in the order given.
    pub ratings: Vec<Rating>,
    /// Whether it was cancelled before every match finished.
    pub cancelled: bool,
}

impl Ladder {
    /// The bots from weakest to strongest rating.
    #[must_use]
    pub fn order(&self) -> Vec<BotKind> {
        let mut r: Vec<&Rating> = self.ratings.iter().collect();
        r.sort_by(|x, y| x.elo.total_cmp(&y.elo));
        r.into_iter().map(|x| x.bot).collect()
    }
}

/// The seating of a pair's batch for `players` players: `a, b, a, b`.
///
/// # Errors
/// An odd player count.
pub fn seating(a: BotKind, b: BotKind, players: usize) -> Result<Vec<BotKind>, LadderError> {
    if players % 2 == 1 {
        return Err(LadderError::OddPlayers(players));
    }
    Ok((0..players)
        .map(|p| if p % 2 == 0 { a } else { b })
        .collect())
}

/// Checks a spec before playing it.
///
/// # Errors
/// What is wrong with it.
pub fn check(spec: &LadderSpec, players: usize) -> Result<(), LadderError> {
    if spec.bots.len() < 2 {
        return Err(LadderError::TooFewBots(spec.bots.len()));
    }
    for (i, b) in spec.bots.iter().enumerate() {
        if spec.bots[..i].contains(b) {
            return Err(LadderError::Repeated(*b));
        }
    }
    if spec.matches == 0 {
        return Err(LadderError::NoMatches);
    }
    if spec.matches > crate::sim::MAX_MATCHES {
        return Err(LadderError::TooManyMatches(spec.matches));
    }
    seating(spec.bots[0], spec.bots[1], players).map(|_| ())
}

/// Plays every pair of `spec` on `setup` (rayon's pool, match by match) and
/// fits the ratings. `progress` gets the matches finished in all; a
/// cancelled ladder rates the matches that finished.
///
/// # Errors
/// The spec cannot be played on `players` players.
pub fn play<R: HasBots + OnBoard>(
    setup: &R::Setup,
    players: usize,
    spec: &LadderSpec,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Ladder, LadderError>
where
    R::Setup: Sync,
{
    check(spec, players)?;
    let mut pairs = Vec::new();
    let mut done_before = 0;
    let mut cancelled = false;
    for (a, b) in pairs_of(&spec.bots) {
        let rotation = pair_batch(spec, a, b, players)?;
        let base = done_before;
        let played = rotation::simulate::<R>(setup, &rotation, &|k| progress(base + k), cancel);
        done_before += played.len();
        cancelled |= played.len() < spec.matches;
        pairs.push(pair_result(a, b, &rotation, &played));
    }
    Ok(from_pairs(spec, players, pairs, cancelled))
}

/// Every pair of `bots`, in order: the first with each after it, then the
/// second, and so on.
#[must_use]
pub fn pairs_of(bots: &[BotKind]) -> Vec<(BotKind, BotKind)> {
    bots.iter()
        .enumerate()
        .flat_map(|(i, &a)| bots[i + 1..].iter().map(move |&b| (a, b)))
        .collect()
}

/// The batch the pair `a`, `b` of `spec` plays on `players` players.
///
/// # Errors
/// An odd player count.
pub fn pair_batch(
    spec: &LadderSpec,
    a: BotKind,
    b: BotKind,
    players: usize,
) -> Result<Rotation, LadderError> {
    Ok(Rotation {
        matches: spec.matches,
        bots: seating(a, b, players)?,
        seed: spec.seed,
    })
}

/// The pair `a`, `b`'s results from the matches `played` of its batch
/// `rotation` (in the batch's order): `a`'s mean score per independent
/// game, a draw counting half.
#[must_use]
pub fn pair_result(a: BotKind, b: BotKind, rotation: &Rotation, played: &[Played]) -> PairResult {
    let mut tally = Tally::new(rotation.counting());
    let mut draws = 0;
    for m in played {
        let score = match m.winner {
            None => {
                draws += 1;
                0.5
            }
            Some(w) if m.seating.get(w.index()) == Some(&a) => 1.0,
            Some(_) => 0.0,
        };
        tally.add(m.index, score);
    }
    PairResult {
        a,
        b,
        matches: played.len(),
        games: tally.games(),
        draws,
        score: tally.rate(),
    }
}

/// The ladder of `spec` on `players` players from its pairs' results (in
/// [`pairs_of`]'s order): the ratings fitted to them.
#[must_use]
pub fn from_pairs(
    spec: &LadderSpec,
    players: usize,
    pairs: Vec<PairResult>,
    cancelled: bool,
) -> Ladder {
    let ratings = fit(&spec.bots, &pairs);
    Ladder {
        spec: spec.clone(),
        players,
        pairs,
        ratings,
        cancelled,
    }
}

/// [`play`] on a prepared scenario in its own ruleset.
///
/// # Errors
/// The spec cannot be played on the scenario's players.
pub fn play_prepared(
    prepared: &crate::rules::scenario::Prepared,
    spec: &LadderSpec,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Ladder, LadderError> {
    use crate::ruleset::{AkwRulesV1, PhaseRulesV1, RulesetId};
    let players = prepared.players();
    match prepared.ruleset {
        RulesetId::AkwRulesV1 => play::<AkwRulesV1>(prepared, players, spec, progress, cancel),
        RulesetId::PhaseRulesV1 => play::<PhaseRulesV1>(prepared, players, spec, progress, cancel),
    }
}

/// The Bradley–Terry ratings of `bots` from `pairs` (see the module docs).
#[must_use]
pub fn fit(bots: &[BotKind], pairs: &[PairResult]) -> Vec<Rating> {
    let n = bots.len();
    let index = |b: BotKind| bots.iter().position(|&x| x == b);
    // Games and wins per ordered pair, with one virtual draw per pair.
    let mut games = vec![vec![0.0f64; n]; n];
    let mut wins = vec![0.0f64; n];
    let mut played = vec![0usize; n];
    let mut scored = vec![0.0f64; n];
    for p in pairs {
        let (Some(i), Some(j)) = (index(p.a), index(p.b)) else {
            continue;
        };
        if p.games == 0 {
            continue;
        }
        let g = p.games as f64;
        let w = p.score.value * g;
        games[i][j] += g + 1.0;
        games[j][i] += g + 1.0;
        wins[i] += w + 0.5;
        wins[j] += g - w + 0.5;
        played[i] += p.games;
        played[j] += p.games;
        scored[i] += w;
        scored[j] += g - w;
    }
    let mut pi = vec![1.0f64; n];
    for _ in 0..10_000 {
        let mut change = 0.0f64;
        for i in 0..n {
            let denom: f64 = (0..n)
                .filter(|&j| j != i && games[i][j] > 0.0)
                .map(|j| games[i][j] / (pi[i] + pi[j]))
                .sum();
            if denom > 0.0 {
                let next = wins[i] / denom;
                change = change.max((next.ln() - pi[i].ln()).abs());
                pi[i] = next;
            }
        }
        // Keep the scale fixed (the likelihood only sees ratios).
        let mean_log = pi.iter().map(|p| p.ln()).sum::<f64>() / n as f64;
        for p in &mut pi {
            *p = (p.ln() - mean_log).exp();
        }
        if change < 1e-12 {
            break;
        }
    }
    let theta: Vec<f64> = pi.iter().map(|p| p.ln()).collect();
    // Observed information of the strengths, the first bot held fixed.
    let m = n.saturating_sub(1);
    let mut info = vec![vec![0.0f64; m]; m];
    for i in 0..n {
        for j in 0..n {
            if i == j || games[i][j] == 0.0 {
                continue;
            }
            let p = pi[i] / (pi[i] + pi[j]);
            let h = games[i][j] * p * (1.0 - p);
            if i > 0 {
                info[i - 1][i - 1] += h;
                if j > 0 {
                    info[i - 1][j - 1] -= h;
                }
            }
        }
    }
    let cov = invert(info);
    bots.iter()
        .enumerate()
        .map(|(i, &bot)| {
            let elo = (theta[i] - theta[0]) * ELO;
            let half = if i == 0 {
                0.0
            } else {
                cov.as_ref().map_or(f64::INFINITY, |c| {
                    1.96 * c[i - 1][i - 1].max(0.0).sqrt() * ELO
                })
            };
            Rating {
                bot,
                elo,
                ci95: [elo - half, elo + half],
                games: played[i],
                score: if played[i] == 0 {
                    0.0
                } else {
                    scored[i] / played[i] as f64
                },
            }
        })
        .collect()
}

/// The inverse of a small square matrix by Gauss–Jordan elimination;
/// `None` when it is singular (a bot that played no one).
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for k in 0..n {
            a[col][k] /= d;
            inv[col][k] /= d;
        }
        for r in 0..n {
            if r != col {
                let f = a[r][col];
                if f != 0.0 {
                    for k in 0..n {
                        a[r][k] -= f * a[col][k];
                        inv[r][k] -= f * inv[col][k];
                    }
                }
            }
        }
    }
    Some(inv)
}

/// Who won, as the seat's bot: for reports.
#[must_use]
pub fn winner_bot(seating: &[BotKind], winner: Option<PlayerId>) -> Option<BotKind> {
    winner.and_then(|w| seating.get(w.index()).copied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::stats::wilson_mean;

    fn pair(a: BotKind, b: BotKind, games: usize, score: f64) -> PairResult {
        PairResult {
            a,
            b,
            matches: games * 2,
            games,
            draws: 0,
            score: wilson_mean(score * games as f64, games),
        }
    }

    use BotKind::{Greedy, Planner, Random};

    #[test]
    fn an_even_pair_rates_equal_and_a_stronger_bot_higher() {
        let r = fit(&[Random, Greedy], &[pair(Random, Greedy, 100, 0.5)]);
        assert!(r[1].elo.abs() < 1e-6, "{r:?}");
        assert!(r[1].ci95[0] < 0.0 && r[1].ci95[1] > 0.0);
        // 76% against the first: about 200 Elo (the virtual draw pulls in).
        let r = fit(&[Random, Greedy], &[pair(Random, Greedy, 200, 0.24)]);
        assert!((r[1].elo - 200.0).abs() < 10.0, "{r:?}");
        assert!(r[1].ci95[0] > 100.0, "{r:?}");
        assert!(r[0].ci95.iter().all(|x| x.abs() < 1e-12));
        assert_eq!((r[0].games, r[1].games), (200, 200));
    }

    #[test]
    fn a_perfect_record_gets_a_finite_rating_and_a_chain_orders_the_bots() {
        let r = fit(
            &[Random, Greedy, Planner],
            &[
                pair(Random, Greedy, 50, 0.0),
                pair(Random, Planner, 50, 0.0),
                pair(Greedy, Planner, 50, 0.3),
            ],
        );
        assert!(r.iter().all(|x| x.elo.is_finite() && x.ci95[1].is_finite()));
        assert!(r[0].elo < r[1].elo && r[1].elo < r[2].elo, "{r:?}");
    }

    #[test]
    fn bad_specs_are_refused_with_the_reason() {
        let spec = |bots: Vec<BotKind>, matches| LadderSpec {
            bots,
            matches,
            seed: 1,
        };
        assert_eq!(
            check(&spec(vec![Greedy], 4), 2),
            Err(LadderError::TooFewBots(1))
        );
        assert_eq!(
            check(&spec(vec![Greedy, Greedy], 4), 2),
            Err(LadderError::Repeated(Greedy))
        );
        assert_eq!(
            check(&spec(vec![Greedy, Random], 0), 2),
            Err(LadderError::NoMatches)
        );
        assert_eq!(
            check(&spec(vec![Greedy, Random], 1_000_000_000_000), 2),
            Err(LadderError::TooManyMatches(1_000_000_000_000))
        );
        assert_eq!(
            check(&spec(vec![Greedy, Random], 4), 3),
            Err(LadderError::OddPlayers(3))
        );
        assert_eq!(check(&spec(vec![Greedy, Random], 4), 4), Ok(()));
        assert_eq!(
            seating(Greedy, Random, 4),
            Ok(vec![Greedy, Random, Greedy, Random])
        );
    }
}
