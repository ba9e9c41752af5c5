//! The search: small edits composed step by step until the map is
//! certified fair at the chosen level or the budget runs out.
//!
//! 1. **Already fair?** The seat test runs on the map as it is, on seeds of
//!    its own: a map it certifies needs no change, and none is proposed.
//! 2. **One step.** The valid edits are put in order (`shortlist`:
//!    by turns, what the static figures say of them and each kind of
//!    edit), screened on a few shared seeds — an edit that changes no match
//!    the level's bot plays is dropped — and the ones left raced against
//!    the current map on shared seeds ([`super::paired::race`]; when every
//!    level is edited, scored at the other cheap levels beside the step's
//!    own, so that edits that help them together lead). The
//!    winner is kept when its paired gain's interval shows it helps and it
//!    is nearer to fair (when edits are checked at the other levels, the
//!    best few are, and the one that leaves every level nearest to fair is
//!    kept); if not, the next candidates in order race once
//!    more, on fresh choosing seeds. A winner nearer to fair and within
//!    half the margin whose gain is too small to show on the choosing games
//!    is left to fresh games: it is kept only if they certify it.
//!    Otherwise the edits that came nearer to fair without showing it try
//!    a second edit each, raced as pairs against the current map
//!    (`stall`); when no pair shows either, the search stops, saying so.
//! 3. **Certify.** When the step's games put the map within half the margin
//!    of fair, the seat test runs again on fresh seeds. Each attempt uses
//!    `α / attempts`, so that over all attempts a wrong certificate is
//!    issued with chance at most `α`; the games that chose an edit never
//!    certify it.
//!
//! The seeds: step `k` chooses on seeds from `seed + k · 1,000,000` (its
//! second heat from `seed + k · 1,000,000 + 500,000`, its third and
//! fourth, with checks at other levels, 100,000 after the first two; its
//! pairs' races 200,000 after the first two; its checks at the other
//! levels from `+ 800,000`);
//! certification attempt `a` plays from `seed + 2^40 + a · 10,000,000`.

mod stall;

use super::certify::{Ask, Certification, CertifyError, certify, of_other_weights};
use super::edits::{Candidate, candidates};
use super::guard::{Check, Guard};
use super::paired::{Budget, Games, Level, deviation, race};
use super::report::{Ending, Fixed, News, Step};
use super::shortlist::order;
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
/// Seeds between two heats of one step: heat `h` starts at
/// `(h mod 2) · HEAT_SEEDS + ⌊h/2⌋ · 100,000`, below [`GUARD_START`].
const HEAT_SEEDS: u64 = 500_000;
/// Races per step: the next candidates race when a race's winner does not
/// help; twice as many when edits are checked at the other levels, which
/// refuse many winners.
const HEATS: u64 = 2;
/// Seeds between two certification attempts.
const ATTEMPT_SEEDS: u64 = 10_000_000;
/// Where a step's checks at the other levels start, after its heats'
/// seeds; each level's `GUARD_SEEDS` apart.
const GUARD_START: u64 = 800_000;
/// Seeds between two levels' checks.
const GUARD_SEEDS: u64 = 10_000;
/// Games of a check at another level, for the cheap bots and the costly
/// ones.
const GUARD_GAMES: (usize, usize) = (1024, 256);
/// The best raced candidates a step tries in turn when it checks edits at
/// the other levels (one otherwise); only those whose gain shows are
/// checked. As many are offered for pairs ([`stall`]) either way.
const FINALISTS: usize = 6;
/// The refused edits whose gain shows that a step checks again, widely
/// (allowing the other levels the whole margin), when no edit passed.
const WIDE_TRIES: usize = 2;

/// Whether a level's bot is one of the costly ones (a match takes many
/// times a greedy one's time): the planner and the search. The policy
/// plays a match in about twice a greedy one's time, so its steps race
/// as many candidates on as many games as greedy's.
fn costly(level: Level) -> bool {
    !matches!(
        level.bot,
        BotKind::Random | BotKind::Greedy | BotKind::Policy
    )
}

/// What the search may do.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The level edits are chosen at (greedy by default).
    pub level: Level,
    /// Further levels to certify the result at (bots, and rulesets when
    /// the map seats more than one).
    pub also: Vec<Level>,
    /// Keep editing until the map is certified at every level, not only at
    /// [`Self::level`]: an edit for a further level is chosen on that
    /// level's games, and every level is certified again on the edited map.
    pub every_level: bool,
    /// As even as it can get within [`Self::max_steps`] edits: once the map
    /// is certified, go on with edits that bring it nearer to fair (each
    /// certified again on fresh games), and end at the certified map whose
    /// certification found it nearest to fair. The attempts are then
    /// [`Self::attempts`] more than the edits, so `α` is split finer.
    pub as_even: bool,
    /// Edit a symmetric map with its images, so it stays symmetric.
    pub keep_symmetry: bool,
    /// The most edits made.
    pub max_steps: usize,
    /// Candidates raced per step (after screening).
    pub shortlist: usize,
    /// Games each candidate plays to screen out edits that change no
    /// match, and the most candidates screened per step.
    pub screen: (usize, usize),
    /// Games per candidate in a race's first round, and at most.
    pub race_games: (usize, usize),
    /// The fairness margin around `1/N`.
    pub margin: f64,
    /// The chance of a wrong certificate, at most, over every attempt.
    pub alpha: f64,
    /// The most independent games of one certification attempt.
    pub certify_games: usize,
    /// The most certification attempts at a level (each at `α / attempts`;
    /// without [`Self::every_level`], a further level is certified once at
    /// `α`).
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
            every_level: false,
            as_even: false,
            keep_symmetry: false,
            max_steps: 4,
            shortlist: 24,
            screen: (8, 192),
            race_games: (32, 2048),
            margin: crate::sequential::DEFAULT_MARGIN,
            alpha: crate::sequential::DEFAULT_ALPHA,
            certify_games: 10_000,
            attempts: 3,
            seed: 1,
            max_examined_hexes: super::edits::MAX_EXAMINED_HEXES,
            date: String::new(),
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
    let news = |n: News<'_>| {
        if let News::Matches(k) = n {
            progress(k);
        }
    };
    fix_observed(map, roster, opts, &news, cancel)
}

/// Like [`fix`], telling `news` the matches played so far, each edit as it
/// is made and each certification as it ends, and stopping when `cancel`
/// is set.
///
/// # Errors
/// As [`fix`].
pub fn fix_observed(
    map: &Map,
    roster: &Roster,
    opts: &Options,
    news: &(dyn Fn(News<'_>) + Sync),
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
    let attempts = if opts.as_even {
        opts.attempts.max(1) + opts.max_steps
    } else {
        opts.attempts.max(1)
    };
    let levels: Vec<Level> = std::iter::once(opts.level)
        .chain(opts.also.iter().copied().filter(|l| *l != opts.level))
        .collect();
    let mut search = Search {
        roster,
        opts,
        coverage,
        tries: vec![0; levels.len()],
        levels,
        plan: Plan::new(
            opts.alpha / attempts as f64,
            opts.margin,
            opts.certify_games,
        )?,
        attempts,
        done: AtomicUsize::new(0),
        news,
        cancel,
        came_with: Vec::new(),
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
    search.came_with = std::mem::take(&mut search.out.map.certificates);
    search.run()?;
    Ok(search.out)
}

/// One search under way.
struct Search<'a> {
    roster: &'a Roster,
    /// The certificates the map came with.
    came_with: Vec<crate::map::certificate::Certificate>,
    opts: &'a Options,
    coverage: Coverage,
    /// The levels: the chosen one, then the further ones.
    levels: Vec<Level>,
    /// The plan of each attempt at a level (its share of α).
    plan: Plan,
    attempts: usize,
    /// Attempts made at each level.
    tries: Vec<usize>,
    done: AtomicUsize,
    news: &'a (dyn Fn(News<'_>) + Sync),
    cancel: &'a AtomicBool,
    out: Fixed,
}

/// Of the edits that help at their level and pass the checks at the
/// others, the one whose farthest level from fair after it is nearest
/// ([`Step::farthest`]): an edit that helps at every level before one that
/// helps at its own and leaves another near the band's edge. The first
/// (the race's best) among equals.
fn steadiest(passing: Vec<(Step, Candidate)>) -> Option<(Step, Candidate)> {
    passing
        .into_iter()
        .min_by(|a, b| a.0.farthest().total_cmp(&b.0.farthest()))
}

/// A map certified at every level on the way, kept when the search goes
/// on to make it more even ([`Options::as_even`]).
struct Certified {
    /// How far from fair its farthest level's certification found it.
    farthest: f64,
    /// The edits made to reach it.
    steps: usize,
    map: Map,
    coverage: Coverage,
}

/// What one step did.
enum Stepped {
    /// An edit was made (and, near fair, already certified at its level).
    Edited {
        /// Whether fresh games certified it at the step's level.
        certified: bool,
    },
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
    /// the further levels (or, with `every_level`, edits for them too).
    fn run(&mut self) -> Result<(), FixError> {
        let held = if self.opts.every_level {
            self.levels.len()
        } else {
            1
        };
        // Whether each level is certified on the map as it is now.
        let mut fair = vec![false; held];
        // The level of the last step, while it did not look fair yet.
        let mut pending: Option<usize> = None;
        // With `as_even`, the certified map nearest to fair so far.
        let mut best: Option<Certified> = None;
        self.out.ending = loop {
            if self.cancelled() {
                break Ending::Cancelled;
            }
            let failing = match pending {
                Some(l) => Some(l),
                None => self.first_failing(&mut fair)?,
            };
            let Some(l) = failing else {
                let ending = if self.out.steps.is_empty() {
                    Ending::AlreadyFair
                } else {
                    Ending::Certified
                };
                if !self.opts.as_even {
                    break ending;
                }
                let farthest = self.farthest_certified(held);
                if best.as_ref().is_none_or(|b| farthest < b.farthest) {
                    best = Some(Certified {
                        farthest,
                        steps: self.out.steps.len(),
                        map: self.out.map.clone(),
                        coverage: self.coverage.clone(),
                    });
                }
                if self.out.steps.len() >= self.opts.max_steps {
                    break ending;
                }
                // Certified: an edit at the chosen level that brings it
                // nearer to fair, certified again in turn.
                match self.step(self.out.steps.len(), 0)? {
                    Stepped::Ended(Ending::Cancelled) => break Ending::Cancelled,
                    Stepped::Ended(_) => break ending,
                    Stepped::Edited { certified } => {
                        fair.fill(false);
                        fair[0] = certified;
                        continue;
                    }
                }
            };
            if l == usize::MAX || self.out.steps.len() >= self.opts.max_steps {
                break Ending::OutOfBudget;
            }
            if self.cancelled() {
                break Ending::Cancelled;
            }
            match self.step(self.out.steps.len(), l)? {
                // No edit helps the map as it is: if it was not checked
                // since its last edit (it did not look fair yet), fresh
                // games say whether it already is.
                Stepped::Ended(Ending::NoHelpingEdit) if pending.is_some() => {
                    if self.first_failing(&mut fair)?.is_none() {
                        break Ending::Certified;
                    }
                    break Ending::NoHelpingEdit;
                }
                Stepped::Ended(e) => break e,
                Stepped::Edited { certified } => {
                    fair.fill(false);
                    fair[l] = certified;
                    let near = self
                        .out
                        .steps
                        .last()
                        .is_some_and(|s| deviation(&s.after) <= self.opts.margin / 2.0);
                    let last = self.out.steps.len() == self.opts.max_steps;
                    // Certify only when the map looks fair (or the edits
                    // ran out): attempts are few.
                    pending = (!certified && !near && !last).then_some(l);
                }
            }
        };
        let cancelled = self.out.ending == Ending::Cancelled;
        if let Some(b) = best {
            self.restore(b);
        }
        // The map as it ends keeps the certificates it earned, even when
        // not every level certified it (or the search stopped early).
        self.certificates();
        let certified = matches!(self.out.ending, Ending::AlreadyFair | Ending::Certified);
        if certified && !self.opts.every_level && !cancelled {
            self.also()?;
        }
        Ok(())
    }

    /// How far from fair the map as it is lies at its farthest level, by
    /// the last certification of each of the `held` levels on it.
    fn farthest_certified(&self, held: usize) -> f64 {
        let edits = self.out.steps.len();
        (0..held)
            .filter_map(|l| {
                let made = if l == 0 {
                    &self.out.attempts
                } else {
                    &self.out.also
                };
                made.iter()
                    .rfind(|c| c.level == self.levels[l] && c.edits == edits)
                    .map(|c| deviation(&c.shares))
            })
            .fold(0.0, f64::max)
    }

    /// Ends at the certified map `b` ([`Options::as_even`]), unless the map
    /// as it is was certified and found as near to fair: the edits after it
    /// are taken back.
    fn restore(&mut self, b: Certified) {
        let now_certified = matches!(self.out.ending, Ending::AlreadyFair | Ending::Certified);
        if now_certified && b.steps == self.out.steps.len() {
            return;
        }
        self.out.steps.truncate(b.steps);
        self.out.map = b.map;
        self.coverage = b.coverage;
        self.out.ending = if b.steps == 0 {
            Ending::AlreadyFair
        } else {
            Ending::Certified
        };
    }

    /// Certifies the levels not yet fair on the map as it is, in order,
    /// until one fails: its index (`usize::MAX` when its attempts ran
    /// out), or `None` when every level is certified.
    fn first_failing(&mut self, fair: &mut [bool]) -> Result<Option<usize>, FixError> {
        for (l, ok) in fair.iter_mut().enumerate() {
            if *ok {
                continue;
            }
            if self.tries[l] >= self.attempts {
                return Ok(Some(usize::MAX));
            }
            *ok = self.attempt(l)?;
            if !*ok {
                return Ok(Some(l));
            }
        }
        Ok(None)
    }

    /// The certificates of the map as it ends: the last certification at
    /// each level held, when it was of this very map and fair, beside the
    /// certificates the map came with that still hold on it (the map
    /// unchanged) at the levels not certified again. A certificate at the
    /// policy's level with other weights than the shipped ones is dropped:
    /// it speaks of a bot this engine no longer plays.
    fn certificates(&mut self) {
        let Ok(coverage) = crate::coverage::Coverage::new(&self.out.map) else {
            return;
        };
        let hash = crate::map::certificate::board_hash(&self.out.map, &coverage);
        let mut found: Vec<crate::map::certificate::Certificate> = self
            .came_with
            .iter()
            .filter(|c| c.holds_on(&self.out.map, &coverage) && !of_other_weights(c))
            .cloned()
            .collect();
        for c in self.out.attempts.iter().chain(&self.out.also) {
            if let Some(cert) = &c.certificate
                && cert.map == hash
            {
                found.retain(|x| !(x.bot == cert.bot && x.ruleset == cert.ruleset));
                found.push(cert.clone());
            }
        }
        self.out.map.certificates = found;
    }

    /// One certification attempt at level `l`, on its own seeds; whether
    /// it certified.
    fn attempt(&mut self, l: usize) -> Result<bool, FixError> {
        let a = self.tries[l] as u64;
        self.tries[l] += 1;
        // The chosen level's attempts first; each further level's far
        // from them.
        let slot = if l == 0 { a } else { 100 * l as u64 + a };
        let ask = Ask {
            level: self.levels[l],
            seed: self.opts.seed + CERTIFY_SEEDS + slot * ATTEMPT_SEEDS,
            plan: self.plan,
            date: &self.opts.date,
        };
        let c = self.certify(&ask)?;
        let fair = c.decision == Decision::Fair;
        if l == 0 {
            self.out.attempts.push(c);
        } else {
            self.out.also.push(c);
        }
        Ok(fair)
    }

    /// Certifies the map as it is now as `ask` says, counting the games and
    /// telling the news.
    fn certify(&mut self, ask: &Ask<'_>) -> Result<Certification, FixError> {
        let before = self.done.load(Ordering::Relaxed);
        let news = self.news;
        let mut c = certify(
            &self.out.map,
            self.roster,
            ask,
            &|k| news(News::Matches(before + k)),
            self.cancel,
        )?;
        c.edits = self.out.steps.len();
        self.played(c.games);
        (self.news)(News::Certification(&c));
        Ok(c)
    }

    /// The further levels of a map certified at the chosen one, each once
    /// on its own seeds at the full α.
    fn also(&mut self) -> Result<(), FixError> {
        for l in 1..self.levels.len() {
            let ask = Ask {
                level: self.levels[l],
                seed: self.opts.seed + CERTIFY_SEEDS + (100 * l as u64) * ATTEMPT_SEEDS,
                plan: Plan::new(self.opts.alpha, self.opts.margin, self.opts.certify_games)?,
                date: &self.opts.date,
            };
            let c = self.certify(&ask)?;
            if let Some(cert) = &c.certificate {
                let certs = &mut self.out.map.certificates;
                certs.retain(|x| !(x.bot == cert.bot && x.ruleset == cert.ruleset));
                certs.push(cert.clone());
            }
            self.out.also.push(c);
        }
        Ok(())
    }

    /// How a step at `level` spends its games: the options' budget, or for
    /// the costly bots a third of the field, half the games and half the
    /// screening.
    fn budget(&self, level: Level) -> (Budget, usize) {
        let o = self.opts;
        let full = Budget {
            screen: o.screen.0,
            field: o.shortlist.max(1),
            first: o.race_games.0,
            most: o.race_games.1,
        };
        if !costly(level) {
            return (full, o.screen.1.max(full.field));
        }
        let field = full.field.div_ceil(3).max(2);
        (
            Budget {
                screen: full.screen.div_ceil(2),
                field,
                first: full.first,
                most: (full.most / 2).max(full.first),
            },
            o.screen.1.div_ceil(4).max(field),
        )
    }

    /// One step: order, screen and race the candidates; keep the winner
    /// if it helps (or, near fair, if fresh games certify it).
    fn step(&mut self, step: usize, l: usize) -> Result<Stepped, FixError> {
        let opts = self.opts;
        let level = self.levels[l];
        let (budget, screened) = self.budget(level);
        let current = self.out.map.clone();
        let all = candidates(
            &current,
            &self.coverage,
            self.out.symmetry,
            opts.max_examined_hexes,
        );
        let valid = all.len();
        if valid == 0 {
            return Ok(Stepped::Ended(Ending::NoHelpingEdit));
        }
        let (cov, towards) = (&self.coverage, self.leaning(level));
        let ordered = order(&current, cov, all, &towards, screened);
        // Heats: when the first race's winner does not help, the next
        // candidates in order race on fresh choosing seeds.
        let (mut consumed, mut matches, mut seen) = (0, 0, (0, 0));
        let mut stall = stall::Stall::default();
        // The current map's games at each other level, once checked.
        let mut guards: Vec<Option<Games>> = vec![None; self.levels.len()];
        let heats = if self.guarded() { 2 * HEATS } else { HEATS };
        for heat in 0..heats {
            let rest = &ordered[consumed..];
            if rest.is_empty() {
                break;
            }
            let r = self.race_heat(&current, rest, level, (step, heat), budget)?;
            if r.cancelled {
                return Ok(Stepped::Ended(Ending::Cancelled));
            }
            matches += r.matches;
            seen = (seen.0 + r.screened.0, seen.1 + r.screened.1);
            let raced = r.rounds.first().map_or(0, |x| x.0);
            consumed += if budget.screen > 0 {
                r.screened.0
            } else {
                raced
            };
            if r.best.is_none() {
                continue;
            }
            // The race's best alone; with checks at the other levels, the
            // best few, checked.
            let finalists = if self.guarded() { FINALISTS } else { 1 };
            let mut passing = Vec::new();
            // The best few are offered for pairs even when only the best
            // is tried alone.
            for (rank, &j) in r.ranked.iter().take(FINALISTS).enumerate() {
                if self.cancelled() {
                    return Ok(Stepped::Ended(Ending::Cancelled));
                }
                let chosen = rest[j].clone();
                let mut record =
                    stall::record(&r, j, &chosen.edit, level, (valid, raced, seen), matches);
                let (gain, after) = (record.gain, record.after.clone());
                let nearer = deviation(&after) < r.base.deviation();
                // Near fair, but the gain is too small to show on the
                // choosing games: fresh games decide (the race's best only).
                let near = rank == 0
                    && deviation(&after) <= opts.margin / 2.0
                    && self.tries[l] < self.attempts;
                if rank >= finalists || !nearer || !(gain.helps() || near) {
                    stall.offer(&record, &chosen);
                    if rank == 0 {
                        stall.rejected = Some(record);
                    }
                    continue;
                }
                let Some(checks) =
                    self.checks(step, l, &current, &chosen.map, &mut guards, false)?
                else {
                    return Ok(Stepped::Ended(Ending::Cancelled));
                };
                let passed = checks.iter().all(|c| c.passed);
                record.checks = checks;
                if !passed {
                    if gain.helps() && stall.refused.len() < WIDE_TRIES {
                        stall.refused.push((record.clone(), chosen));
                    }
                    stall.rejected = Some(record);
                    continue;
                }
                if gain.helps() {
                    passing.push((record, chosen));
                    continue;
                }
                if let Some(done) = self.try_certified(l, record.clone(), chosen.clone())? {
                    return Ok(done);
                }
                stall.offer(&record, &chosen);
                stall.rejected = Some(record);
            }
            // Of the edits that help and pass, the one that leaves every
            // level nearest to fair (the first, unchecked).
            if let Some((record, chosen)) = steadiest(passing) {
                self.keep(record, chosen);
                return Ok(Stepped::Edited { certified: false });
            }
        }
        self.stalled((step, l), &current, stall, &mut guards)
    }

    /// Races the candidates `rest` against `current` at `level` on the
    /// choosing seeds of `(step, heat)`, counting the matches.
    fn race_heat(
        &mut self,
        current: &Map,
        rest: &[Candidate],
        level: Level,
        (step, heat): (usize, u64),
        budget: Budget,
    ) -> Result<super::paired::Race, FixError> {
        let seed = self.opts.seed
            + step as u64 * STEP_SEEDS
            + (heat % 2) * HEAT_SEEDS
            + (heat / 2) * 100_000;
        let maps: Vec<Map> = rest.iter().map(|c| c.map.clone()).collect();
        let before = self.done.load(Ordering::Relaxed);
        let news = self.news;
        let r = race(
            current,
            &maps,
            self.roster,
            &level,
            &self.beside(level),
            seed,
            budget,
            &|k| news(News::Matches(before + k)),
            self.cancel,
        )?;
        self.played(r.matches);
        Ok(r)
    }

    /// Whether edits are checked at the other levels before they are made:
    /// when the search edits until every level is fair.
    fn guarded(&self) -> bool {
        self.opts.every_level && self.levels.len() > 1
    }

    /// The levels a race at `level` scores its candidates at beside its
    /// own: when every level is edited, the other cheap ones (greedy and
    /// the policy, in each ruleset; the costly ones are only checked), so
    /// that the race keeps the edits that help them all together.
    fn beside(&self, level: Level) -> Vec<Level> {
        if !self.guarded() {
            return Vec::new();
        }
        self.levels
            .iter()
            .copied()
            .filter(|l| *l != level && !costly(*l))
            .collect()
    }

    /// Checks the edit of `current` into `edited`, chosen at level `l` in
    /// step `step`, at every other level (none unless [`Self::guarded`]);
    /// `guards` keeps the current map's games at each level across the
    /// step's checks; `wide` checks allow the whole margin. `None` when
    /// cancelled.
    fn checks(
        &mut self,
        step: usize,
        l: usize,
        current: &Map,
        edited: &Map,
        guards: &mut [Option<Games>],
        wide: bool,
    ) -> Result<Option<Vec<Check>>, FixError> {
        if !self.guarded() {
            return Ok(Some(Vec::new()));
        }
        let mut out = Vec::new();
        // The cheap levels first: a refusal there spares the costly games.
        let mut others: Vec<usize> = (0..self.levels.len()).filter(|&g| g != l).collect();
        others.sort_by_key(|&g| costly(self.levels[g]));
        for g in others {
            let level = self.levels[g];
            let guard = Guard {
                roster: self.roster,
                level,
                seed: self.opts.seed
                    + step as u64 * STEP_SEEDS
                    + GUARD_START
                    + g as u64 * GUARD_SEEDS,
                games: if costly(level) {
                    GUARD_GAMES.1
                } else {
                    GUARD_GAMES.0
                },
                margin: self.opts.margin,
                wide,
            };
            if guards[g].is_none() {
                let Some(base) = guard.base(current, self.cancel)? else {
                    return Ok(None);
                };
                self.played(base.len());
                guards[g] = Some(base);
            }
            let Some(base) = guards[g].as_ref() else {
                return Ok(None);
            };
            let Some(check) = guard.check(base, edited, self.cancel)? else {
                return Ok(None);
            };
            self.played(check.games);
            let passed = check.passed;
            out.push(check);
            // One level refusing it is enough.
            if !passed {
                break;
            }
        }
        Ok(Some(out))
    }

    /// Which way is fair at `level`, seat by seat
    /// ([`Games::towards_fair`]): from the last step's games at that level,
    /// else its last certification attempt's.
    fn leaning(&self, level: Level) -> Vec<f64> {
        let latest = self
            .out
            .steps
            .last()
            .filter(|s| s.level == level)
            .map(|s| s.after.clone())
            .or_else(|| {
                self.out
                    .attempts
                    .iter()
                    .chain(&self.out.also)
                    .rfind(|c| c.level == level)
                    .map(|c| c.shares.clone())
            })
            .unwrap_or_default();
        Games::of_shares(vec![latest]).towards_fair()
    }

    /// Makes the step `record` and certifies the map at level `l` on fresh
    /// games: the step made and certified, or the step taken back (`None`)
    /// when they do not certify it, or the search cancelled.
    fn try_certified(
        &mut self,
        l: usize,
        record: Step,
        chosen: Candidate,
    ) -> Result<Option<Stepped>, FixError> {
        let kept = self.out.map.clone();
        let coverage = self.coverage.clone();
        self.keep(record, chosen);
        if self.attempt(l)? {
            return Ok(Some(Stepped::Edited { certified: true }));
        }
        self.out.steps.pop();
        self.out.map = kept;
        self.coverage = coverage;
        Ok(self
            .cancelled()
            .then_some(Stepped::Ended(Ending::Cancelled)))
    }

    /// Makes the step: the map (and its coverage) become the candidate's.
    fn keep(&mut self, record: Step, chosen: Candidate) {
        (self.news)(News::Step(&record));
        self.out.steps.push(record);
        if let Some(c) = chosen.coverage {
            self.coverage = c;
        }
        self.out.map = chosen.map;
    }
}
