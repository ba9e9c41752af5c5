//! Scores that can tell candidate maps apart: every map of a comparison
//! plays **the same seeds** — so the same default armies and the same bot
//! streams (common random numbers) — and candidates are compared with the
//! current map game by game, not as two independent noisy rates.
//!
//! A map's *deviation* is the largest distance of a seat's mean share of
//! the wins from its fair share `1/N` (the seat test's criterion). A
//! candidate's *gain* is, per game, how much it lowers the share of the
//! current map's most favoured seat (or raises its most disfavoured
//! seat's): its paired mean and interval say whether the edit helps at
//! all, on the very games where the current map was measured.
//!
//! [`race`] spends games where they decide something: successive halving
//! over the candidates, the same seeds for all, doubling the games each
//! round and keeping the better half by deviation, until one is left or
//! the games run out. A race may score its candidates at further levels
//! *beside* its own, on the same seeds: it then keeps the candidates that
//! leave all its levels nearest to fair together, so that an edit that
//! evens one level's games while it unsettles another's no longer leads.

use super::super::until_decided::seat_shares;
use crate::bots::BotKind;
use crate::map::Map;
use crate::rotation::Rotation;
use crate::rules::Roster;
use crate::rules::scenario::{Prepared, Scenario, ScenarioError};
use crate::ruleset::{AkwRulesV1, PhaseRulesV1, RulesetId};
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// One skill level's games: the bot on every seat, the round limit and
/// the ruleset (the map's first by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The bot on every seat.
    pub bot: BotKind,
    /// Rounds before a draw.
    pub round_limit: u32,
    /// The ruleset; `None`: the first that seats the map's players.
    pub ruleset: Option<RulesetId>,
}

impl std::fmt::Display for Level {
    /// The bot, and the ruleset when one is named: `planner` or
    /// `planner in phase-rules-v1`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.ruleset {
            Some(r) => write!(f, "{} in {r}", self.bot),
            None => write!(f, "{}", self.bot),
        }
    }
}

/// `map` prepared for `level`'s matches.
///
/// # Errors
/// When a match cannot be set up on the map.
pub fn prepare(map: &Map, roster: &Roster, level: &Level) -> Result<Prepared, Box<ScenarioError>> {
    // No ruleset asked: the first that seats the map's players.
    let ruleset = level
        .ruleset
        .or_else(|| RulesetId::for_players(map.player_count()).first().copied());
    let mut s = Scenario::for_map(map.clone(), 1, level.round_limit);
    if let Some(r) = ruleset {
        s = s.with_ruleset(r);
    }
    s.prepare(Path::new("."), roster, "balance")
        .map_err(Box::new)
}

/// Each match's seat shares (a win 1, a draw `1/N` to every seat) and
/// trace for matches `range` from `seed` (match `i` plays seed
/// `seed + i`), the level's bot on every seat; `None` when cancelled
/// before all finished.
#[must_use]
pub fn shares(
    prepared: &Prepared,
    bot: BotKind,
    seed: u64,
    range: Range<usize>,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Option<Games> {
    let n = prepared.rules.arena.zones.len();
    let played = played(prepared, bot, seed, range, progress, cancel)?;
    Some(Games {
        shares: played.iter().map(|p| seat_shares(p.winner, n)).collect(),
        traces: played.iter().map(trace).collect(),
    })
}

/// Matches `range` from `seed` (match `i` plays seed `seed + i`), the
/// level's bot on every seat, in order; `None` when cancelled before all
/// finished.
fn played(
    prepared: &Prepared,
    bot: BotKind,
    seed: u64,
    range: Range<usize>,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Option<Vec<crate::rotation::Played>> {
    let rotation = Rotation {
        matches: range.end,
        bots: vec![bot; prepared.rules.arena.zones.len()],
        seed,
    };
    let want = range.len();
    let mut played = match prepared.ruleset {
        RulesetId::AkwRulesV1 => crate::rotation::simulate_range::<AkwRulesV1>(
            prepared, &rotation, range, progress, cancel,
        ),
        RulesetId::PhaseRulesV1 => crate::rotation::simulate_range::<PhaseRulesV1>(
            prepared, &rotation, range, progress, cancel,
        ),
    };
    if played.len() < want {
        return None;
    }
    played.sort_by_key(|p| p.index);
    Some(played)
}

/// How the first [`PLAY_GAMES`] games of a certification at `bot` from
/// `seed` went, folded into 16 hexadecimal digits with a hash that is the
/// same on every machine ([`crate::map::certificate::Certificate::play`]);
/// `None` when cancelled.
#[must_use]
pub fn play_trace(
    prepared: &Prepared,
    bot: BotKind,
    seed: u64,
    cancel: &AtomicBool,
) -> Option<String> {
    use std::fmt::Write as _;
    let games = played(prepared, bot, seed, 0..PLAY_GAMES, &|_| {}, cancel)?;
    let mut text = String::from("play v1");
    for p in &games {
        let winner = p
            .winner
            .map_or_else(|| "draw".to_owned(), |w| w.0.to_string());
        let _ = write!(
            text,
            "; {winner} {} {} {}",
            p.rounds, p.commands, p.rejected
        );
    }
    Some(crate::hash::Hash64(crate::hash::fnv1a64(text.as_bytes())).to_string())
}

/// Games a certificate's [`play_trace`] folds.
pub const PLAY_GAMES: usize = 8;

/// A match's trace: its winner, length and commands folded into one
/// number. Two maps whose matches on the same seed have the same trace
/// almost surely played the same match.
fn trace(p: &crate::rotation::Played) -> u64 {
    use std::hash::{Hash as _, Hasher as _};
    let mut h = std::hash::DefaultHasher::new();
    (p.winner.map(|w| w.0), p.rounds, p.commands, p.rejected).hash(&mut h);
    h.finish()
}

/// A map's games so far: each game's seat shares and trace, in seed order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Games {
    /// Per game, per seat.
    pub shares: Vec<Vec<f64>>,
    /// Per game, its trace (winner, length and commands folded together).
    pub traces: Vec<u64>,
}

impl Games {
    /// Games made of shares alone (no traces).
    #[must_use]
    pub fn of_shares(shares: Vec<Vec<f64>>) -> Self {
        Self {
            shares,
            traces: Vec::new(),
        }
    }

    /// Adds `more` after these games.
    pub fn extend(&mut self, more: Self) {
        self.shares.extend(more.shares);
        self.traces.extend(more.traces);
    }

    /// Whether every game played matches `base`'s game on the same seed:
    /// an edit that changes no match at the level.
    #[must_use]
    pub fn same_as(&self, base: &Self) -> bool {
        !self.traces.is_empty() && self.traces.iter().zip(&base.traces).all(|(a, b)| a == b)
    }

    /// Each seat's share estimated with `base`'s games as a control: the
    /// base's mean over all its games plus the mean paired difference on
    /// the games both played. An edit that changes few matches is measured
    /// almost as finely as the base.
    #[must_use]
    pub fn estimate(&self, base: &Self) -> Vec<f64> {
        let n = self.len().min(base.len());
        let nf = n.max(1) as f64;
        base.means()
            .iter()
            .enumerate()
            .map(|(p, m)| {
                m + (0..n)
                    .map(|i| self.shares[i][p] - base.shares[i][p])
                    .sum::<f64>()
                    / nf
            })
            .collect()
    }

    /// What the race ranks by: over the seats, the largest unbiased
    /// estimate of the squared distance from `1/N` — the estimate's square
    /// less its variance. A plain distance would favour edits that change
    /// few matches: a noisy estimate lies farther from fair on average
    /// than its true value, so a good edit measured on few games looks
    /// worse than one that changes nothing.
    #[must_use]
    pub fn score_against(&self, base: &Self) -> f64 {
        let n = self.len().min(base.len());
        let fair = 1.0 / self.seats().max(1) as f64;
        let variance = |xs: &mut dyn Iterator<Item = f64>, k: usize| {
            let v: Vec<f64> = xs.collect();
            let m = v.iter().sum::<f64>() / k.max(1) as f64;
            let ss = v.iter().map(|x| (x - m).powi(2)).sum::<f64>();
            ss / (k.max(2) - 1) as f64 / k.max(1) as f64
        };
        self.estimate(base)
            .iter()
            .enumerate()
            .map(|(p, e)| {
                let paired = variance(
                    &mut (0..n).map(|i| self.shares[i][p] - base.shares[i][p]),
                    n,
                );
                let own = variance(&mut base.shares.iter().map(|g| g[p]), base.len());
                (e - fair).powi(2) - paired - own
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }
    /// Games played.
    #[must_use]
    pub fn len(&self) -> usize {
        self.shares.len()
    }

    /// Whether none was played.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.shares.is_empty()
    }

    /// Seats.
    #[must_use]
    pub fn seats(&self) -> usize {
        self.shares.first().map_or(2, Vec::len)
    }

    /// Each seat's mean share.
    #[must_use]
    pub fn means(&self) -> Vec<f64> {
        let n = self.len().max(1) as f64;
        (0..self.seats())
            .map(|p| self.shares.iter().map(|g| g[p]).sum::<f64>() / n)
            .collect()
    }

    /// The largest distance of a seat's mean share from `1/N`.
    #[must_use]
    pub fn deviation(&self) -> f64 {
        deviation(&self.means())
    }

    /// The seat farthest from its fair share, and which way: `+1` above
    /// (favoured), `-1` below.
    #[must_use]
    pub fn leaning_seat(&self) -> (usize, f64) {
        let fair = 1.0 / self.seats().max(1) as f64;
        let means = self.means();
        if means.is_empty() {
            return (0, 1.0);
        }
        let p = (0..means.len())
            .max_by(|&a, &b| (means[a] - fair).abs().total_cmp(&(means[b] - fair).abs()))
            .unwrap_or(0);
        (p, if means[p] >= fair { 1.0 } else { -1.0 })
    }

    /// Which way is fair, seat by seat: each seat's distance from `1/N`
    /// (positive above it), scaled so that the distances add up to 1 in
    /// absolute value. A gain along it takes share from every favoured seat
    /// and gives it to every disfavoured one, each in proportion to how far
    /// it is from fair; with two seats it is half a point on one and half
    /// against the other. A map exactly at fair leans on its first seat.
    #[must_use]
    pub fn towards_fair(&self) -> Vec<f64> {
        let fair = 1.0 / self.seats().max(1) as f64;
        let d: Vec<f64> = self.means().iter().map(|m| m - fair).collect();
        let total: f64 = d.iter().map(|x| x.abs()).sum();
        if total > 0.0 {
            return d.iter().map(|x| x / total).collect();
        }
        let (seat, sign) = self.leaning_seat();
        let mut w = vec![0.0; self.seats()];
        if let Some(x) = w.get_mut(seat) {
            *x = sign;
        }
        w
    }
}

/// Shares as percentages, comma-separated: `43.0%, 57.0%`.
pub(super) fn percents(shares: &[f64]) -> String {
    shares
        .iter()
        .map(|x| format!("{:.1}%", 100.0 * x))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The largest distance of a share from its fair share `1/N`.
#[must_use]
pub fn deviation(shares: &[f64]) -> f64 {
    let fair = 1.0 / shares.len().max(1) as f64;
    shares.iter().map(|s| (s - fair).abs()).fold(0.0, f64::max)
}

/// A paired comparison of a candidate with the current map on the same
/// games: the mean per-game gain towards fair along
/// [`Games::towards_fair`], with a 95% normal interval. Every seat counts,
/// each as far as it is from fair: with two seats this is the leaning
/// seat's share moved towards fair; with more, an edit that evens the
/// seats behind counts as well as one that checks the seat ahead.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gain {
    /// Games compared.
    pub games: usize,
    /// The current map's leaning seat (the one farthest from fair).
    pub seat: usize,
    /// The mean gain: how many points of share the candidate moves from
    /// the favoured seats to the disfavoured ones, per game, each seat
    /// weighed by its distance from fair.
    pub mean: f64,
    /// Its 95% interval.
    pub interval: [f64; 2],
}

impl Gain {
    /// The gain of `cand` over `base` (the same seeds, game by game).
    #[must_use]
    pub fn of(base: &Games, cand: &Games) -> Self {
        let (seat, _) = base.leaning_seat();
        let w = base.towards_fair();
        let n = base.len().min(cand.len());
        // With two seats the weights are ±½ and the shares add up to 1, so
        // this is the leaning seat's own change, twice half of it.
        let d: Vec<f64> = (0..n)
            .map(|i| {
                w.iter()
                    .zip(base.shares[i].iter().zip(&cand.shares[i]))
                    .map(|(w, (b, c))| w * (b - c))
                    .sum::<f64>()
            })
            .collect();
        let nf = n.max(1) as f64;
        let mean = d.iter().sum::<f64>() / nf;
        let var = if n > 1 {
            d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (nf - 1.0)
        } else {
            0.25
        };
        let half = 1.96 * (var / nf).sqrt();
        Self {
            games: n,
            seat,
            mean,
            interval: [mean - half, mean + half],
        }
    }

    /// Whether the interval shows the candidate helps.
    #[must_use]
    pub fn helps(&self) -> bool {
        self.interval[0] > 0.0
    }
}

/// How a race spends its games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Games each candidate plays to tell whether it changes any match at
    /// all (0: no screening, every candidate races).
    pub screen: usize,
    /// The most candidates raced after screening.
    pub field: usize,
    /// Games per candidate in the first round.
    pub first: usize,
    /// Games the base and the last candidate play.
    pub most: usize,
}

/// A race's games at a level it scores beside its own.
#[derive(Clone, Debug, PartialEq)]
pub struct Beside {
    /// The level.
    pub level: Level,
    /// The current map's games there.
    pub base: Games,
    /// Each candidate's games there, as many as at the race's own level.
    pub games: Vec<Games>,
}

/// How a race went.
#[derive(Clone, Debug, PartialEq)]
pub struct Race {
    /// The current map's games.
    pub base: Games,
    /// The games at the levels scored beside the race's own, in the order
    /// asked.
    pub beside: Vec<Beside>,
    /// Each candidate's games (the ones dropped early have fewer; the ones
    /// never screened, none).
    pub games: Vec<Games>,
    /// The candidate left, by index; `None` with no live candidate.
    pub best: Option<usize>,
    /// Every raced candidate, best first: the last round's in its order,
    /// then each earlier round's dropped ones in theirs.
    pub ranked: Vec<usize>,
    /// Candidates screened, and how many of them changed no match.
    pub screened: (usize, usize),
    /// Candidates alive at each round, with the games they had played.
    pub rounds: Vec<(usize, usize)>,
    /// Matches played in all.
    pub matches: usize,
    /// Whether `cancel` stopped it.
    pub cancelled: bool,
}

/// One race under way.
struct Racing<'a> {
    level: &'a Level,
    seed: u64,
    progress: &'a (dyn Fn(usize) + Sync),
    cancel: &'a AtomicBool,
    out: Race,
}

/// A map prepared for the race's own level and for each level beside it.
type Ready = Vec<Prepared>;

impl Racing<'_> {
    /// The games of candidate `which` (the base when `None`) at level `k`
    /// (0: the race's own, then the levels beside it).
    fn games(&mut self, which: Option<usize>, k: usize) -> &mut Games {
        match (which, k) {
            (None, 0) => &mut self.out.base,
            (Some(i), 0) => &mut self.out.games[i],
            (None, k) => &mut self.out.beside[k - 1].base,
            (Some(i), k) => &mut self.out.beside[k - 1].games[i],
        }
    }

    /// Brings a map (prepared as `ready`) to `target` games at every
    /// level; `false` when cancelled.
    fn play(&mut self, ready: &Ready, which: Option<usize>, target: usize) -> bool {
        for (k, p) in ready.iter().enumerate() {
            let bot = if k == 0 {
                self.level.bot
            } else {
                self.out.beside[k - 1].level.bot
            };
            let have = self.games(which, k).len();
            if have >= target {
                continue;
            }
            let Some(more) = shares(p, bot, self.seed, have..target, &|_| {}, self.cancel) else {
                self.out.cancelled = true;
                return false;
            };
            let n = more.len();
            self.games(which, k).extend(more);
            self.out.matches += n;
            (self.progress)(self.out.matches);
        }
        true
    }

    /// What the race ranks candidate `i` by: over its levels, the sum of
    /// [`Games::score_against`] (each level's estimated squared distance
    /// from fair after the edit).
    fn score(&self, i: usize) -> f64 {
        self.out.games[i].score_against(&self.out.base)
            + self
                .out
                .beside
                .iter()
                .map(|b| b.games[i].score_against(&b.base))
                .sum::<f64>()
    }
}

/// Races `candidates` against `base` on the same seeds from `seed`:
///
/// 1. the base plays `budget.most` games;
/// 2. **screening**: candidates in order play `budget.screen` games each,
///    and those whose every match is the base's match (the edit changes
///    nothing the level's bot does) are dropped, until `budget.field`
///    candidates are left that change something;
/// 3. **successive halving**: round `k` brings every candidate alive to
///    `first · 2^k` games (at most `most`), then keeps the better half by
///    [`Games::score_against`] (the squared deviation, estimated with the
///    base as a control and less its variance; ties: the earlier candidate, so smaller edits
///    listed first win them);
/// 4. the last one left plays on to `most` games, so its paired gain is
///    measured as finely as the budget allows.
///
/// With levels `beside` the race's own, the base and every candidate in
/// the field also play as many games at each of them on the same seeds,
/// and the halving keeps the better half by the sum of the levels' scores
/// (screening still asks whether an edit changes a match at the race's own
/// level).
///
/// # Errors
/// When a match cannot be set up on a map.
#[allow(clippy::too_many_arguments)]
pub fn race(
    base: &Map,
    candidates: &[Map],
    roster: &Roster,
    level: &Level,
    beside: &[Level],
    seed: u64,
    budget: Budget,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Race, Box<ScenarioError>> {
    let most = budget.most.max(1);
    let mut r = Racing {
        level,
        seed,
        progress,
        cancel,
        out: Race {
            base: Games::default(),
            beside: beside
                .iter()
                .map(|l| Beside {
                    level: *l,
                    base: Games::default(),
                    games: vec![Games::default(); candidates.len()],
                })
                .collect(),
            games: vec![Games::default(); candidates.len()],
            best: None,
            ranked: Vec::new(),
            screened: (0, 0),
            rounds: Vec::new(),
            matches: 0,
            cancelled: false,
        },
    };
    let ready = |m: &Map| -> Result<Ready, Box<ScenarioError>> {
        std::iter::once(level)
            .chain(beside)
            .map(|l| prepare(m, roster, l))
            .collect()
    };
    let base_ready = ready(base)?;
    if !r.play(&base_ready, None, most) {
        return Ok(r.out);
    }
    // Screening, in order, until the field is full: at the race's own
    // level only.
    let field = budget.field.max(1);
    let mut alive: Vec<(usize, Ready)> = Vec::new();
    for (i, m) in candidates.iter().enumerate() {
        if alive.len() >= field {
            break;
        }
        let mut p = ready(m)?;
        if budget.screen > 0 {
            let rest = p.split_off(1);
            if !r.play(&p, Some(i), budget.screen.min(most)) {
                return Ok(r.out);
            }
            p.extend(rest);
            r.out.screened.0 += 1;
            if r.out.games[i].same_as(&r.out.base) {
                r.out.screened.1 += 1;
                continue;
            }
        }
        alive.push((i, p));
    }
    // Successive halving.
    let mut target = budget.first.max(budget.screen).max(1).min(most);
    let mut dropped: Vec<Vec<usize>> = Vec::new();
    while !alive.is_empty() {
        for (i, p) in &alive {
            if !r.play(p, Some(*i), target) {
                return Ok(r.out);
            }
        }
        r.out.rounds.push((alive.len(), target));
        alive.sort_by(|a, b| r.score(a.0).total_cmp(&r.score(b.0)).then(a.0.cmp(&b.0)));
        if target >= most || alive.len() == 1 {
            break;
        }
        let out = alive.split_off(alive.len().div_ceil(2));
        dropped.push(out.into_iter().map(|(i, _)| i).collect());
        target = (target * 2).min(most);
    }
    r.out.ranked = alive.iter().map(|(i, _)| *i).collect();
    r.out.ranked.extend(dropped.into_iter().rev().flatten());
    if let Some((i, p)) = alive.first() {
        if !r.play(p, Some(*i), most) {
            return Ok(r.out);
        }
        r.out.best = Some(*i);
    }
    Ok(r.out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games won by the seats listed, in order, out of `seats`.
    fn won(seats: usize, winners: &[usize]) -> Games {
        Games::of_shares(
            winners
                .iter()
                .map(|&w| (0..seats).map(|p| f64::from(u8::from(p == w))).collect())
                .collect(),
        )
    }

    #[test]
    fn with_two_seats_the_gain_is_the_leaning_seats_own_change() {
        // Side 0 wins 6 of 10; the edit hands two of its wins to side 1.
        let ten = |w: [usize; 10]| won(2, &w.repeat(10));
        let base = ten([0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
        let cand = ten([0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
        let w = base.towards_fair();
        assert!(
            (w[0] - 0.5).abs() < 1e-12 && (w[1] + 0.5).abs() < 1e-12,
            "{w:?}"
        );
        let g = Gain::of(&base, &cand);
        assert!((g.mean - 0.2).abs() < 1e-12, "{g:?}");
        assert!(g.helps());
    }

    /// Four seats, seat 2 ahead and seat 1 behind: an edit that moves
    /// wins from seat 2 to seat 1 gains; one that only moves wins between
    /// the two fair seats gains nothing; the opposite of the first loses.
    #[test]
    fn with_four_seats_every_seat_counts_by_its_distance_from_fair() {
        let mut winners = Vec::new();
        for _ in 0..10 {
            winners.extend([0, 1, 2, 2, 2, 3, 0, 3, 1, 2, 0, 3, 2, 1, 0, 3, 2, 2, 0, 3]);
        }
        let base = won(4, &winners);
        let w = base.towards_fair();
        assert!(w[2] > 0.0 && w[1] < 0.0, "{w:?}");
        assert!((w.iter().map(|x| x.abs()).sum::<f64>() - 1.0).abs() < 1e-12);
        let swap = |from: usize, to: usize, every: usize| {
            let mut moved = winners.clone();
            for (i, x) in moved.iter_mut().enumerate() {
                if *x == from && i % every == 0 {
                    *x = to;
                }
            }
            won(4, &moved)
        };
        let evens = Gain::of(&base, &swap(2, 1, 2));
        assert!(evens.mean > 0.0 && evens.helps(), "{evens:?}");
        let beside = Gain::of(&base, &swap(0, 3, 2));
        assert!(beside.mean.abs() < 0.01, "{beside:?}");
        let worse = Gain::of(&base, &swap(1, 2, 1));
        assert!(worse.mean < 0.0, "{worse:?}");
    }
}
