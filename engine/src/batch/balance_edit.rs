//! The balance assistant: proposes small edits that make a map fairer.
//!
//! A candidate edit moves one objective, Outpost, barracks or bush by up to
//! [`REACH`] hexes onto a free usable hex (and, on a symmetric map, the
//! feature's images the same way, so the map stays symmetric). Candidates
//! that leave a validation error are dropped. Each is scored first by the
//! [fairness summary](crate::analysis::fairness) — its *unevenness*, the
//! spreads of the figures in units of their tolerance — and the best
//! [`Options::budget`] are then played: a short batch of the named bots on
//! each (two-player maps). The proposals are ranked by how near side 0's
//! simulated score is to 50%, then by unevenness.
//!
//! The batch that ranks the proposals is not the one reported for the
//! best: picking the best of several noisy scores flatters it, so
//! [`verify`] plays a fresh batch (other seeds) on the chosen map, and that
//! score, with its interval, is what a designer should read.

use crate::analysis::{Analysis, Movement};
use crate::bots::BotKind;
use crate::coverage::Coverage;
use crate::map::symmetry::{self, Symmetry};
use crate::map::{FeatureKind, Map};
use crate::player::PlayerId;
use crate::rules::Roster;
use crate::rules::scenario::{Scenario, ScenarioError};
use crate::sim::{self, Batch, PlayOptions, Report};
use crate::stats::Rate;
use crate::validate::{self, Severity};
use hexx::Hex;
use std::fmt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// How far a feature may move, in hexes.
pub const REACH: u32 = 2;

/// One proposed edit: a feature moved, and its images with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// What moves.
    pub kind: FeatureKind,
    /// From where.
    pub from: Hex,
    /// To where.
    pub to: Hex,
    /// The feature's images under the map's symmetry, moved alike.
    pub images: Vec<(Hex, Hex)>,
}

impl fmt::Display for Edit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} from ({},{}) to ({},{})",
            self.kind, self.from.x, self.from.y, self.to.x, self.to.y
        )?;
        if !self.images.is_empty() {
            let moves: Vec<String> = self
                .images
                .iter()
                .map(|(a, b)| format!("({},{}) to ({},{})", a.x, a.y, b.x, b.y))
                .collect();
            let images = if moves.len() == 1 { "image" } else { "images" };
            write!(f, ", and its {images} {}", moves.join(", "))?;
        }
        Ok(())
    }
}

/// One proposal: the edit, the edited map and its scores.
#[derive(Clone, Debug)]
pub struct Proposal {
    /// The edit.
    pub edit: Edit,
    /// The map with the edit made.
    pub map: Map,
    /// The fairness summary's unevenness (0 when every figure is even).
    pub unevenness: f64,
    /// Side 0's score in the ranking batch (two-player maps).
    pub score: Option<Rate>,
}

/// What the assistant searches and plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Candidates played (the fairest by the summary).
    pub budget: usize,
    /// Matches in each ranking batch.
    pub matches: usize,
    /// The two bots.
    pub bots: [BotKind; 2],
    /// Move a symmetric map's features with their images.
    pub keep_symmetry: bool,
    /// First seed of the ranking batches.
    pub seed: u64,
    /// The round limit of each match.
    pub round_limit: u32,
    /// The most hexes examined over all candidates
    /// ([`MAX_EXAMINED_HEXES`] by default).
    pub max_examined_hexes: u64,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            budget: 8,
            matches: 200,
            bots: [BotKind::Greedy; 2],
            keep_symmetry: true,
            seed: 1,
            round_limit: crate::rules::state::DEFAULT_ROUND_LIMIT,
            max_examined_hexes: MAX_EXAMINED_HEXES,
        }
    }
}

/// What the assistant found.
#[derive(Clone, Debug)]
pub struct Assistant {
    /// The map's own unevenness and score, for comparison.
    pub before: (f64, Option<Rate>),
    /// The symmetry edits kept (off when the map has none or it was not
    /// asked for).
    pub symmetry: Symmetry,
    /// Valid candidates considered.
    pub candidates: usize,
    /// Moves there were ([`Assistant::examined`] of them examined).
    pub moves: usize,
    /// Moves examined (validated and analysed): all of them unless the map
    /// is so large that examining every one would pass
    /// [`Options::max_examined_hexes`]; then as many as fit, spread evenly.
    pub examined: usize,
    /// The proposals played, best first.
    pub proposals: Vec<Proposal>,
    /// The search was cancelled: only the candidates whose batch finished
    /// are proposed.
    pub cancelled: bool,
}

/// Why the assistant cannot run.
#[derive(Debug, thiserror::Error)]
pub enum BalanceEditError {
    /// The map's usable hexes cannot be computed.
    #[error(transparent)]
    Limits(#[from] crate::map::LimitError),
    /// The map has validation errors: fix them first.
    #[error("the map has {0} validation error(s); fix them first (`hexwright validate`)")]
    Invalid(usize),
    /// A match cannot be set up on the map.
    #[error(transparent)]
    Scenario(#[from] Box<ScenarioError>),
}

/// The unevenness of an analysis: the sum over the figures that favour a
/// player of their spread in units of four tolerances (a figure some
/// players cannot reach counts 10).
#[must_use]
pub fn unevenness(a: &Analysis) -> f64 {
    a.fairness
        .figures
        .iter()
        .filter(|f| f.better != crate::analysis::fairness::Better::Neither)
        .map(|f| f.spread.map_or(10.0, |s| s / (4.0 * f.tolerance)))
        .sum()
}

/// The unevenness of `map`, whose usable hexes are `coverage` (moving a
/// feature leaves them as they are, so every candidate shares them).
fn analyse(map: &Map, coverage: &Coverage) -> f64 {
    let a = Analysis::new(map, coverage, Movement::for_players(map.player_count()));
    unevenness(&a)
}

/// The symmetry `map` has ([`symmetry::detect`]).
#[must_use]
pub fn symmetry_of(map: &Map, coverage: &Coverage) -> Symmetry {
    symmetry::detect(map, coverage)
}

/// The most hexes the assistant examines, added up over the candidate
/// edits it validates and analyses (each costs about one validation and
/// one analysis of the whole map): a map of 500 hexes has every move
/// examined, and a map of 5,000 hexes 100 of them, spread evenly over its
/// features, which keeps the search to seconds before any match is played
/// (`hexwright balance-edit MAP -o OUT --matches 0 --verify 0` times it).
pub const MAX_EXAMINED_HEXES: u64 = 500_000;

/// Every valid edit of `map` under `sym`, with the edited map.
#[must_use]
pub fn candidates(map: &Map, coverage: &Coverage, sym: Symmetry) -> Vec<(Edit, Map)> {
    moves(map, coverage, sym)
        .into_iter()
        .filter(|(_, m)| is_valid(m, coverage))
        .collect()
}

/// Whether `m` has no validation error.
fn is_valid(m: &Map, coverage: &Coverage) -> bool {
    !validate::validate(m, coverage)
        .iter()
        .any(|x| x.severity == Severity::Error)
}

/// Every move of one feature (with its images under `sym`) onto a free
/// usable hex within [`REACH`], valid or not.
fn moves(map: &Map, coverage: &Coverage, sym: Symmetry) -> Vec<(Edit, Map)> {
    let images = if sym.is_off() {
        Vec::new()
    } else {
        sym.images(map)
    };
    let taken =
        |m: &Map, h: Hex| m.feature_at(h).is_some() || m.zones.iter().any(|z| z.hexes.contains(&h));
    let mut out = Vec::new();
    for (i, f) in map.features.iter().enumerate() {
        if matches!(f.kind, FeatureKind::Base { .. }) {
            continue;
        }
        for to in f.hex.range(REACH) {
            if to == f.hex || !coverage.is_usable(to) || taken(map, to) {
                continue;
            }
            let mut m = map.clone();
            m.features[i].hex = to;
            let mut moved = Vec::new();
            let mut ok = true;
            for image in &images {
                let (a, b) = (image.hex(f.hex), image.hex(to));
                if a == f.hex {
                    // Its own image (on the centre): it may only move to a
                    // hex that is its own image too.
                    ok &= b == to;
                    continue;
                }
                match m.features.iter().position(|g| g.hex == a) {
                    Some(j) if !taken(&m, b) && coverage.is_usable(b) => {
                        m.features[j].hex = b;
                        moved.push((a, b));
                    }
                    _ => ok = false,
                }
            }
            if !ok {
                continue;
            }
            let edit = Edit {
                kind: f.kind,
                from: f.hex,
                to,
                images: moved,
            };
            out.push((edit, m));
        }
    }
    out
}

/// Side 0's score over a batch of `opts.bots` on `map` from `seed`; `None`
/// on a map for more than two players.
///
/// # Errors
/// When a match cannot be set up on the map.
pub fn score(
    map: &Map,
    roster: &Roster,
    opts: &Options,
    seed: u64,
) -> Result<Option<Rate>, BalanceEditError> {
    let cancel = AtomicBool::new(false);
    Played::new(&|_| {}, &cancel).score(map, roster, opts, seed)
}

/// Progress and cancelling across the assistant's batches.
struct Played<'a> {
    done: AtomicUsize,
    progress: &'a (dyn Fn(usize) + Sync),
    cancel: &'a AtomicBool,
}

impl<'a> Played<'a> {
    fn new(progress: &'a (dyn Fn(usize) + Sync), cancel: &'a AtomicBool) -> Self {
        Self {
            done: AtomicUsize::new(0),
            progress,
            cancel,
        }
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Like [`score`], counting the matches played; `None` too when the
    /// batch was cancelled before it finished (a part batch is not kept).
    fn score(
        &self,
        map: &Map,
        roster: &Roster,
        opts: &Options,
        seed: u64,
    ) -> Result<Option<Rate>, BalanceEditError> {
        if map.player_count() != 2 || opts.matches == 0 || self.cancelled() {
            return Ok(None);
        }
        let prepared = Scenario::for_map(map.clone(), seed, opts.round_limit)
            .prepare(Path::new("."), roster, "balance-edit")
            .map_err(Box::new)?;
        let batch = Batch {
            matches: opts.matches,
            bots: opts.bots,
            seed,
        };
        let start = self.done.load(Ordering::Relaxed);
        let progress = |k: usize| (self.progress)(start + k);
        let results = sim::simulate_with_cancel(
            &prepared,
            &batch,
            PlayOptions { record: false },
            &progress,
            self.cancel,
        );
        self.done.fetch_add(results.len(), Ordering::Relaxed);
        if results.len() < opts.matches {
            return Ok(None);
        }
        let results: Vec<_> = results.into_iter().map(|(_, r)| r).collect();
        let report = Report::new(&results, opts.bots, 0.0);
        Ok(Some(report.side_scores[PlayerId(0)]))
    }
}

/// Searches the edits of `map` and plays the fairest.
///
/// # Errors
/// When the map has validation errors or a match cannot be set up.
pub fn propose(map: &Map, roster: &Roster, opts: &Options) -> Result<Assistant, BalanceEditError> {
    propose_with(map, roster, opts, &|_| {}, &AtomicBool::new(false))
}

/// The matches [`propose`] plays at most: the map's own batch and one per
/// candidate in the budget.
#[must_use]
pub fn matches_asked(opts: &Options) -> usize {
    (opts.budget.max(1) + 1) * opts.matches
}

/// Like [`propose`], reporting the matches finished so far to `progress`
/// (out of [`matches_asked`]) and stopping early when `cancel` is set: the
/// candidates whose batch finished are still ranked and returned.
///
/// # Errors
/// When the map has validation errors or a match cannot be set up.
pub fn propose_with(
    map: &Map,
    roster: &Roster,
    opts: &Options,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Assistant, BalanceEditError> {
    let coverage = Coverage::new(map)?;
    let before = analyse(map, &coverage);
    let errors = validate::validate(map, &coverage)
        .iter()
        .filter(|x| x.severity == Severity::Error)
        .count();
    if errors > 0 {
        return Err(BalanceEditError::Invalid(errors));
    }
    let sym = if opts.keep_symmetry {
        symmetry_of(map, &coverage)
    } else {
        Symmetry::OFF
    };
    let all = moves(map, &coverage, sym);
    let moves = all.len();
    let hexes = coverage.hexes().len().max(1) as u64;
    let fit = usize::try_from(opts.max_examined_hexes / hexes)
        .unwrap_or(usize::MAX)
        .max(1);
    let picked: Vec<(Edit, Map)> = if moves <= fit {
        all
    } else {
        // Evenly spread over the moves (which come feature by feature).
        all.into_iter()
            .enumerate()
            .filter(|(i, _)| i * fit / moves != (i + 1) * fit / moves)
            .map(|(_, c)| c)
            .collect()
    };
    let examined = picked.len();
    let valid: Vec<(Edit, Map)> = picked
        .into_iter()
        .filter(|(_, m)| is_valid(m, &coverage))
        .collect();
    let count = valid.len();
    let mut ranked: Vec<Proposal> = valid
        .into_iter()
        .map(|(edit, m)| Proposal {
            unevenness: analyse(&m, &coverage),
            edit,
            map: m,
            score: None,
        })
        .collect();
    // Stable: equally even edits keep the map's feature order.
    ranked.sort_by(|a, b| a.unevenness.total_cmp(&b.unevenness));
    ranked.truncate(opts.budget.max(1));
    let played = Played::new(progress, cancel);
    let before = (before, played.score(map, roster, opts, opts.seed)?);
    let batches = map.player_count() == 2 && opts.matches > 0;
    for p in &mut ranked {
        p.score = played.score(&p.map, roster, opts, opts.seed)?;
    }
    let cancelled = played.cancelled();
    if batches {
        ranked.retain(|p| p.score.is_some());
    }
    let distance = |p: &Proposal| p.score.map_or(0.0, |s| (s.value - 0.5).abs());
    ranked.sort_by(|a, b| {
        distance(a)
            .total_cmp(&distance(b))
            .then(a.unevenness.total_cmp(&b.unevenness))
    });
    Ok(Assistant {
        before,
        symmetry: sym,
        candidates: count,
        moves,
        examined,
        proposals: ranked,
        cancelled,
    })
}

/// Side 0's score on `p`'s map over a fresh batch (seeds after the ranking
/// batch's), the figure to report for the chosen proposal.
///
/// # Errors
/// When a match cannot be set up on the map.
pub fn verify(
    p: &Proposal,
    roster: &Roster,
    opts: &Options,
    matches: usize,
) -> Result<Option<Rate>, BalanceEditError> {
    verify_with(p, roster, opts, matches, &|_| {}, &AtomicBool::new(false))
}

/// Like [`verify`], reporting the matches finished to `progress` and
/// stopping when `cancel` is set (then `None`: a part batch is not kept).
///
/// # Errors
/// When a match cannot be set up on the map.
pub fn verify_with(
    p: &Proposal,
    roster: &Roster,
    opts: &Options,
    matches: usize,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Option<Rate>, BalanceEditError> {
    let fresh = Options { matches, ..*opts };
    Played::new(progress, cancel).score(&p.map, roster, &fresh, opts.seed + opts.matches as u64)
}
