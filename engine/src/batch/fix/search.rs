//! The search: small edits composed step by step until the map is
//! certified fair at the chosen level or the budget runs out.
//!
//! 1. **Already fair?** The seat test runs on the map as it is, on seeds of
//!    its own: a map it certifies needs no change, and none is proposed.
//! 2. **One step.** The valid edits are shortlisted — half by what the
//!    static figures say of them (those that take most from the seat the
//!    games favour, smaller edits first), half spread over the rest for
//!    variety — and raced against the current map on shared seeds
//!    ([`super::paired::race`]). The winner is kept only when its paired
//!    gain's interval shows it helps and it is nearer to fair; otherwise
//!    the search stops, saying so.
//! 3. **Certify.** When the step's games put the map within half the margin
//!    of fair, the seat test runs again on fresh seeds. Each attempt uses
//!    `α / attempts`, so that over all attempts a wrong certificate is
//!    issued with chance at most `α`; the games that chose an edit never
//!    certify it.
//!
//! The seeds: step `k` chooses on seeds from `seed + k · 1,000,000`;
//! certification attempt `a` plays from `seed + 2^40 + a · 10,000,000`.

use super::certify::{Ask, Certification, CertifyError, certify};
use super::edits::{Edit, candidates};
use super::paired::{Gain, Games, Level, race};
use crate::analysis::fairness::Better;
use crate::analysis::{Analysis, Movement};
use crate::bots::BotKind;
use crate::coverage::Coverage;
use crate::map::Map;
use crate::map::symmetry::{self, Symmetry};
use crate::rules::Roster;
use crate::sequential::{Decision, Plan};
use crate::validate::{self, Severity};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Seeds between two steps' choosing games.
const STEP_SEEDS: u64 = 1_000_000;
/// Where certification seeds start, far from any choosing seed.
const CERTIFY_SEEDS: u64 = 1 << 40;
/// Seeds between two certification attempts.
const ATTEMPT_SEEDS: u64 = 10_000_000;

/// What the search may do.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The level edits are chosen at (greedy by default).
    pub level: Level,
    /// Further levels to certify the result at.
    pub also: Vec<BotKind>,
    /// Edit a symmetric map with its images, so it stays symmetric.
    pub keep_symmetry: bool,
    /// The most edits made.
    pub max_steps: usize,
    /// Candidates raced per step.
    pub shortlist: usize,
    /// Games per candidate in a race's first round, and at most.
    pub race_games: (usize, usize),
    /// The fairness margin around `1/N`.
    pub margin: f64,
    /// The chance of a wrong certificate, at most, over every attempt.
    pub alpha: f64,
    /// The most independent games of one certification attempt.
    pub certify_games: usize,
    /// The most certification attempts at the chosen level.
    pub attempts: usize,
    /// The first seed.
    pub seed: u64,
    /// The most hexes examined over the candidates of a step (each costs a
    /// validation and an analysis of the map).
    pub max_examined_hexes: u64,
    /// The date written into certificates (`YYYY-MM-DD`).
    pub date: String,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            level: Level {
                bot: BotKind::Greedy,
                round_limit: crate::rules::state::DEFAULT_ROUND_LIMIT,
                ruleset: None,
            },
            also: Vec::new(),
            keep_symmetry: false,
            max_steps: 4,
            shortlist: 24,
            race_games: (32, 2048),
            margin: crate::sequential::DEFAULT_MARGIN,
            alpha: crate::sequential::DEFAULT_ALPHA,
            certify_games: 10_000,
            attempts: 3,
            seed: 1,
            max_examined_hexes: crate::balance_edit::MAX_EXAMINED_HEXES,
            date: String::new(),
        }
    }
}

/// One edit made, with the figures that chose it.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The edit.
    pub edit: Edit,
    /// Valid candidates there were, and how many were raced.
    pub candidates: (usize, usize),
    /// The current map's seat shares on the step's games.
    pub before: Vec<f64>,
    /// The edited map's, on the same games.
    pub after: Vec<f64>,
    /// The paired gain on the leaning seat.
    pub gain: Gain,
    /// Matches the step played.
    pub matches: usize,
}

impl Step {
    /// The step in words, with its figures.
    #[must_use]
    pub fn sentence(&self) -> String {
        let pct = |v: &[f64]| {
            v.iter()
                .map(|x| format!("{:.1}%", 100.0 * x))
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!(
            "{}: seats {} -> {} on the same {} games; side {} gains {:+.1} points [{:+.1}, {:+.1}] towards fair ({} matches, {} of {} valid edits raced)",
            self.edit,
            pct(&self.before),
            pct(&self.after),
            self.gain.games,
            self.gain.seat,
            100.0 * self.gain.mean,
            100.0 * self.gain.interval[0],
            100.0 * self.gain.interval[1],
            self.matches,
            self.candidates.1,
            self.candidates.0
        )
    }
}

/// Why the search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The map was certified fair as it was: no change needed.
    AlreadyFair,
    /// The edited map was certified fair.
    Certified,
    /// No raced edit helped measurably.
    NoHelpingEdit,
    /// The steps (or certification attempts) ran out before a certificate.
    OutOfBudget,
    /// Cancelled.
    Cancelled,
}

/// What the search did.
#[derive(Clone, Debug, PartialEq)]
pub struct Fixed {
    /// The map with the edits made, and its certificates when certified.
    pub map: Map,
    /// The edits, in order.
    pub steps: Vec<Step>,
    /// Every certification attempt at the chosen level, in order.
    pub attempts: Vec<Certification>,
    /// The best raced edit of the step that found none good enough, with
    /// its figures: why the search stopped there.
    pub rejected: Option<Step>,
    /// The certifications at the further levels (of a certified map).
    pub also: Vec<Certification>,
    /// The symmetry kept (off when not asked or the map has none).
    pub symmetry: Symmetry,
    /// Why it ended.
    pub ending: Ending,
    /// Matches played in all.
    pub matches: usize,
}

impl Fixed {
    /// The outcome in one sentence.
    #[must_use]
    pub fn verdict(&self) -> String {
        let last = self.attempts.last().map(Certification::sentence);
        match self.ending {
            Ending::AlreadyFair => format!("No change needed: {}", last.unwrap_or_default()),
            Ending::Certified => format!(
                "Fair after {} edit{}: {}",
                self.steps.len(),
                if self.steps.len() == 1 { "" } else { "s" },
                last.unwrap_or_default()
            ),
            Ending::NoHelpingEdit => format!(
                "Not certified: no edit raced helped measurably after {} edit{} (last check: {})",
                self.steps.len(),
                if self.steps.len() == 1 { "" } else { "s" },
                last.unwrap_or_else(|| "none".into())
            ),
            Ending::OutOfBudget => format!(
                "Not certified within {} edit{} (last check: {})",
                self.steps.len(),
                if self.steps.len() == 1 { "" } else { "s" },
                last.unwrap_or_else(|| "none".into())
            ),
            Ending::Cancelled => "Cancelled before a certificate".to_owned(),
        }
    }
}

/// Why the search cannot run.
#[derive(Debug, thiserror::Error)]
pub enum FixError {
    /// The map's usable hexes cannot be computed.
    #[error(transparent)]
    Limits(#[from] crate::map::LimitError),
    /// The map has validation errors: fix them first.
    #[error("the map has {0} validation error(s); fix them first (`hexwright validate`)")]
    Invalid(usize),
    /// A match cannot be set up, or a hash cannot be made.
    #[error(transparent)]
    Certify(#[from] CertifyError),
    /// The options make no test.
    #[error("invalid test settings: {0}")]
    Plan(#[from] crate::sequential::PlanError),
}

impl From<Box<crate::rules::scenario::ScenarioError>> for FixError {
    fn from(e: Box<crate::rules::scenario::ScenarioError>) -> Self {
        Self::Certify(CertifyError::Scenario(e))
    }
}

/// Each seat's static advantage on `a`: the sum over the figures that
/// favour a player of how far its value lies from the others' mean, in
/// tolerances, signed so that positive helps the seat.
fn advantage(a: &Analysis, seat: usize) -> f64 {
    a.fairness
        .figures
        .iter()
        .filter_map(|f| {
            let sign = match f.better {
                Better::Higher => 1.0,
                Better::Lower => -1.0,
                Better::Neither => return None,
            };
            let mine = f.values.get(seat).copied().flatten()?;
            let others: Vec<f64> = f
                .values
                .iter()
                .enumerate()
                .filter(|(p, _)| *p != seat)
                .filter_map(|(_, v)| *v)
                .collect();
            if others.is_empty() {
                return None;
            }
            let mean = others.iter().sum::<f64>() / others.len() as f64;
            // Each figure counts at most 3 tolerances, so that no one
            // figure (bush counts, whose tolerance is small) drowns the
            // others.
            Some((sign * (mine - mean) / f.tolerance.max(1e-9)).clamp(-3.0, 3.0))
        })
        .sum()
}

/// What kind of edit an edit is, for a shortlist with every kind in it:
/// the change's kind and, for a move, the feature's kind.
fn family(e: &Edit) -> (u8, u8) {
    use super::edits::Change;
    let feature = |k: crate::map::FeatureKind| match k {
        crate::map::FeatureKind::Objective => 0,
        crate::map::FeatureKind::Outpost => 1,
        crate::map::FeatureKind::Barracks { .. } => 2,
        crate::map::FeatureKind::Base { .. } => 3,
        crate::map::FeatureKind::Bush => 4,
    };
    match e.change {
        Change::Move { kind, .. } => (0, feature(kind)),
        Change::AddBush { .. } => (1, 0),
        Change::RemoveBush { .. } => (2, 0),
        Change::ShiftZone { .. } => (3, 0),
    }
}

/// A candidate edit and the map it makes.
type Candidate = (Edit, Map);
/// The candidates of one kind of edit ([`family`]).
type Family = ((u8, u8), Vec<Candidate>);

/// The candidates to race: half by what the figures say they do to the
/// leaning seat (`seat`, `lean` +1 favoured, -1 disfavoured), smaller
/// edits first among equals; the other half taken in turn from each kind
/// of edit (objective, Outpost, barracks, base and bush moves, bushes
/// planted or cleared, zone shifts), best first within each, so every
/// kind is tried.
fn shortlist(
    map: &Map,
    coverage: &Coverage,
    all: Vec<(Edit, Map)>,
    (seat, lean): (usize, f64),
    size: usize,
) -> Vec<(Edit, Map)> {
    if all.len() <= size {
        return all;
    }
    let movement = Movement::for_players(map.player_count());
    let base = advantage(&Analysis::new(map, coverage, movement), seat);
    let mut scored: Vec<(f64, usize, (Edit, Map))> = all
        .into_iter()
        .map(|(e, m)| {
            let a = Analysis::new(&m, coverage, movement);
            // Lower is better: the favoured seat loses advantage.
            let s = lean * (advantage(&a, seat) - base);
            (s, e.size(), (e, m))
        })
        .collect();
    scored.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let by_figures = size.div_ceil(2);
    let rest = scored.split_off(by_figures.min(scored.len()));
    let mut out: Vec<(Edit, Map)> = scored.into_iter().map(|(_, _, c)| c).collect();
    // The rest by family, each family best first; then round robin.
    let mut families: Vec<Family> = Vec::new();
    for (_, _, c) in rest {
        let f = family(&c.0);
        match families.iter_mut().find(|(k, _)| *k == f) {
            Some((_, v)) => v.push(c),
            None => families.push((f, vec![c])),
        }
    }
    families.sort_by_key(|(k, _)| *k);
    for v in &mut families {
        v.1.reverse();
    }
    while out.len() < size && families.iter().any(|(_, v)| !v.is_empty()) {
        for (_, v) in &mut families {
            if out.len() < size
                && let Some(c) = v.pop()
            {
                out.push(c);
            }
        }
    }
    out
}

/// Searches edits of `map` until it is certified fair at `opts.level`.
///
/// # Errors
/// When the map has validation errors, a match cannot be set up, or the
/// test settings are invalid.
pub fn fix(map: &Map, roster: &Roster, opts: &Options) -> Result<Fixed, FixError> {
    fix_with(map, roster, opts, &|_| {}, &AtomicBool::new(false))
}

/// Like [`fix`], reporting the matches played so far to `progress` and
/// stopping when `cancel` is set.
///
/// # Errors
/// As [`fix`].
pub fn fix_with(
    map: &Map,
    roster: &Roster,
    opts: &Options,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Fixed, FixError> {
    let coverage = Coverage::new(map)?;
    let errors = validate::validate(map, &coverage)
        .iter()
        .filter(|x| x.severity == Severity::Error)
        .count();
    if errors > 0 {
        return Err(FixError::Invalid(errors));
    }
    let sym = if opts.keep_symmetry {
        symmetry::detect(map, &coverage)
    } else {
        Symmetry::OFF
    };
    let attempts = opts.attempts.max(1);
    let mut search = Search {
        roster,
        opts,
        coverage,
        plan: Plan::new(
            opts.alpha / attempts as f64,
            opts.margin,
            opts.certify_games,
        )?,
        attempts,
        done: AtomicUsize::new(0),
        progress,
        cancel,
        out: Fixed {
            map: map.clone(),
            steps: Vec::new(),
            attempts: Vec::new(),
            rejected: None,
            also: Vec::new(),
            symmetry: sym,
            ending: Ending::OutOfBudget,
            matches: 0,
        },
    };
    search.out.map.certificates.clear();
    search.run()?;
    Ok(search.out)
}

/// One search under way.
struct Search<'a> {
    roster: &'a Roster,
    opts: &'a Options,
    coverage: Coverage,
    /// The plan of each attempt at the chosen level (its share of α).
    plan: Plan,
    attempts: usize,
    done: AtomicUsize,
    progress: &'a (dyn Fn(usize) + Sync),
    cancel: &'a AtomicBool,
    out: Fixed,
}

/// What one step did.
enum Stepped {
    /// An edit was made.
    Edited,
    /// The search ends, for this reason.
    Ended(Ending),
}

impl Search<'_> {
    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Counts `k` matches played.
    fn played(&mut self, k: usize) {
        self.done.fetch_add(k, Ordering::Relaxed);
        self.out.matches += k;
    }

    /// Already fair? Else edits, certifying when the map looks fair; then
    /// the further levels.
    fn run(&mut self) -> Result<(), FixError> {
        if self.attempt()? {
            self.out.ending = Ending::AlreadyFair;
        } else {
            for step in 0..self.opts.max_steps {
                if self.cancelled() {
                    self.out.ending = Ending::Cancelled;
                    break;
                }
                match self.step(step)? {
                    Stepped::Ended(e) => {
                        self.out.ending = e;
                        break;
                    }
                    Stepped::Edited => {}
                }
                let promising = self
                    .out
                    .steps
                    .last()
                    .is_some_and(|s| deviation(&s.after) <= self.opts.margin / 2.0);
                let last = step + 1 == self.opts.max_steps;
                if (promising || last) && self.out.attempts.len() < self.attempts {
                    if self.attempt()? {
                        self.out.ending = Ending::Certified;
                        break;
                    }
                    if self.cancelled() {
                        self.out.ending = Ending::Cancelled;
                        break;
                    }
                }
            }
        }
        if matches!(self.out.ending, Ending::AlreadyFair | Ending::Certified) {
            if let Some(c) = self.out.attempts.last().and_then(|c| c.certificate.clone()) {
                self.out.map.certificates.push(c);
            }
            self.also()?;
        }
        Ok(())
    }

    /// One certification attempt at the chosen level, on its own seeds;
    /// whether it certified.
    fn attempt(&mut self) -> Result<bool, FixError> {
        let a = self.out.attempts.len() as u64;
        let ask = Ask {
            level: self.opts.level,
            seed: self.opts.seed + CERTIFY_SEEDS + a * ATTEMPT_SEEDS,
            plan: self.plan,
            date: &self.opts.date,
        };
        let c = self.certify(&ask)?;
        let fair = c.decision == Decision::Fair;
        self.out.attempts.push(c);
        Ok(fair)
    }

    /// Certifies the map as it is now as `ask` says, counting the games.
    fn certify(&mut self, ask: &Ask<'_>) -> Result<Certification, FixError> {
        let before = self.done.load(Ordering::Relaxed);
        let progress = self.progress;
        let c = certify(
            &self.out.map,
            self.roster,
            ask,
            &|k| progress(before + k),
            self.cancel,
        )?;
        self.played(c.games);
        Ok(c)
    }

    /// The further levels, each on its own seeds at the full α.
    fn also(&mut self) -> Result<(), FixError> {
        for (k, &bot) in self.opts.also.iter().enumerate() {
            let ask = Ask {
                level: Level {
                    bot,
                    ..self.opts.level
                },
                seed: self.opts.seed + CERTIFY_SEEDS + (100 + k as u64) * ATTEMPT_SEEDS,
                plan: Plan::new(self.opts.alpha, self.opts.margin, self.opts.certify_games)?,
                date: &self.opts.date,
            };
            let c = self.certify(&ask)?;
            if let Some(cert) = &c.certificate {
                self.out.map.certificates.push(cert.clone());
            }
            self.out.also.push(c);
        }
        Ok(())
    }

    /// One step: shortlist, race, keep the winner if it helps.
    fn step(&mut self, step: usize) -> Result<Stepped, FixError> {
        let opts = self.opts;
        let current = self.out.map.clone();
        let hexes = self.coverage.hexes().len().max(1) as u64;
        let fit = usize::try_from(opts.max_examined_hexes / hexes)
            .unwrap_or(usize::MAX)
            .max(1);
        let keep = |i: usize, n: usize| n <= fit || i * fit / n != (i + 1) * fit / n;
        let all = candidates(&current, &self.coverage, self.out.symmetry, &keep);
        let valid = all.len();
        if valid == 0 {
            return Ok(Stepped::Ended(Ending::NoHelpingEdit));
        }
        // Which seat leans: from the last step's games, else the last
        // certification attempt's.
        let latest = self
            .out
            .steps
            .last()
            .map(|s| s.after.clone())
            .or_else(|| self.out.attempts.last().map(|c| c.shares.clone()))
            .unwrap_or_default();
        let lean = Games {
            shares: vec![latest],
        }
        .leaning_seat();
        let short = shortlist(&current, &self.coverage, all, lean, opts.shortlist.max(1));
        let raced = short.len();
        let maps: Vec<Map> = short.iter().map(|(_, m)| m.clone()).collect();
        let before = self.done.load(Ordering::Relaxed);
        let progress = self.progress;
        let r = race(
            &current,
            &maps,
            self.roster,
            &opts.level,
            opts.seed + step as u64 * STEP_SEEDS,
            opts.race_games,
            &|k| progress(before + k),
            self.cancel,
        )?;
        self.played(r.matches);
        if r.cancelled {
            return Ok(Stepped::Ended(Ending::Cancelled));
        }
        let Some(best) = r.best else {
            return Ok(Stepped::Ended(Ending::NoHelpingEdit));
        };
        let gain = Gain::of(&r.base, &r.games[best]);
        let n = r.games[best].len();
        let base_same = Games {
            shares: r.base.shares[..n].to_vec(),
        };
        let nearer = r.games[best].deviation() < base_same.deviation();
        let (edit, edited) = short.into_iter().nth(best).expect("raced");
        let record = Step {
            edit,
            candidates: (valid, raced),
            before: base_same.means(),
            after: r.games[best].means(),
            gain,
            matches: r.matches,
        };
        if !(gain.helps() && nearer) {
            self.out.rejected = Some(record);
            return Ok(Stepped::Ended(Ending::NoHelpingEdit));
        }
        self.out.steps.push(record);
        self.out.map = edited;
        Ok(Stepped::Edited)
    }
}

/// The largest distance of a share from its fair share.
fn deviation(shares: &[f64]) -> f64 {
    let fair = 1.0 / shares.len().max(1) as f64;
    shares.iter().map(|s| (s - fair).abs()).fold(0.0, f64::max)
}
