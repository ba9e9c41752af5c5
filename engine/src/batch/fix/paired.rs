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
//! the games run out.

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

/// Each match's seat shares (a win 1, a draw `1/N` to every seat) for
/// matches `range` from `seed` (match `i` plays seed `seed + i`), the
/// level's bot on every seat; `None` when cancelled before all finished.
#[must_use]
pub fn shares(
    prepared: &Prepared,
    bot: BotKind,
    seed: u64,
    range: Range<usize>,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Option<Vec<Vec<f64>>> {
    let n = prepared.rules.arena.zones.len();
    let rotation = Rotation {
        matches: range.end,
        bots: vec![bot; n],
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
    Some(played.iter().map(|p| seat_shares(p.winner, n)).collect())
}

/// A map's games so far: each game's seat shares, in seed order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Games {
    /// Per game, per seat.
    pub shares: Vec<Vec<f64>>,
}

impl Games {
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
        let fair = 1.0 / self.seats() as f64;
        self.means()
            .iter()
            .map(|m| (m - fair).abs())
            .fold(0.0, f64::max)
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
}

/// A paired comparison of a candidate with the current map on the same
/// games: the mean per-game gain towards fair on the current map's
/// leaning seat, with a 95% normal interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gain {
    /// Games compared.
    pub games: usize,
    /// The seat compared (the current map's leaning one).
    pub seat: usize,
    /// The mean gain: how many points of share the candidate takes from a
    /// favoured seat (or gives a disfavoured one), per game.
    pub mean: f64,
    /// Its 95% interval.
    pub interval: [f64; 2],
}

impl Gain {
    /// The gain of `cand` over `base` (the same seeds, game by game).
    #[must_use]
    pub fn of(base: &Games, cand: &Games) -> Self {
        let (seat, sign) = base.leaning_seat();
        let n = base.len().min(cand.len());
        let d: Vec<f64> = (0..n)
            .map(|i| sign * (base.shares[i][seat] - cand.shares[i][seat]))
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

/// How a race went.
#[derive(Clone, Debug, PartialEq)]
pub struct Race {
    /// The current map's games.
    pub base: Games,
    /// Each candidate's games (the ones dropped early have fewer).
    pub games: Vec<Games>,
    /// The candidate left, by index; `None` with no candidate.
    pub best: Option<usize>,
    /// Candidates alive at each round, with the games they had played.
    pub rounds: Vec<(usize, usize)>,
    /// Matches played in all.
    pub matches: usize,
    /// Whether `cancel` stopped it.
    pub cancelled: bool,
}

/// Successive halving over `candidates` against `base` on the same seeds
/// from `seed`: round `k` brings every map alive to `first · 2^k` games
/// (at most `most`), then keeps the better half by deviation (ties: the
/// earlier candidate, so smaller edits listed first win them). The last
/// one left plays on, with the base, up to `most` games, so its paired
/// gain is measured as finely as the budget allows.
///
/// # Errors
/// When a match cannot be set up on a map.
#[allow(clippy::too_many_arguments)]
pub fn race(
    base: &Map,
    candidates: &[Map],
    roster: &Roster,
    level: &Level,
    seed: u64,
    (first, most): (usize, usize),
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Race, Box<ScenarioError>> {
    let done = std::sync::atomic::AtomicUsize::new(0);
    let count = |k: usize| progress(done.fetch_add(k, std::sync::atomic::Ordering::Relaxed) + k);
    let base_prepared = prepare(base, roster, level)?;
    let prepared: Vec<Prepared> = candidates
        .iter()
        .map(|m| prepare(m, roster, level))
        .collect::<Result<_, _>>()?;
    let mut out = Race {
        base: Games::default(),
        games: vec![Games::default(); candidates.len()],
        best: None,
        rounds: Vec::new(),
        matches: 0,
        cancelled: false,
    };
    let mut alive: Vec<usize> = (0..candidates.len()).collect();
    let mut target = first.max(1).min(most.max(1));
    loop {
        let mut play = |p: &Prepared, g: &mut Games| -> bool {
            let range = g.len()..target;
            let k = range.len();
            match shares(p, level.bot, seed, range, &|_| {}, cancel) {
                Some(s) => {
                    g.shares.extend(s);
                    out.matches += k;
                    count(k);
                    true
                }
                None => false,
            }
        };
        if !play(&base_prepared, &mut out.base) {
            out.cancelled = true;
            break;
        }
        for &i in &alive {
            if !play(&prepared[i], &mut out.games[i]) {
                out.cancelled = true;
                break;
            }
        }
        if out.cancelled {
            break;
        }
        out.rounds.push((alive.len(), target));
        alive.sort_by(|&a, &b| {
            out.games[a]
                .deviation()
                .total_cmp(&out.games[b].deviation())
                .then(a.cmp(&b))
        });
        if target >= most || alive.is_empty() {
            break;
        }
        alive.truncate(alive.len().div_ceil(2));
        target = (target * 2).min(most);
    }
    out.best = alive.first().copied();
    Ok(out)
}
