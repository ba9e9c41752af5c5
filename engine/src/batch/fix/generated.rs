//! Generated maps made certified fair: the generator's map for a seed,
//! edited and certified by the search ([`super::fix_observed`]); when a
//! seed's map cannot be certified, the next seed's, up to a bound.
//!
//! Trying several maps and keeping the first that certifies is itself a
//! choice made on the certifications' outcomes, so the chance of a wrong
//! certificate is split over the seeds that may be tried: each seed's
//! search runs at `α / seeds` (Bonferroni), and the map kept is wrongly
//! certified with a chance of at most `α` over all of them. Each seed's
//! games are its own (the search's seeds derive from the map's seed), so
//! no certification reuses another's games.

use super::report::{Ending, Fixed, News};
use super::search::{FixError, Options, fix_observed};
use crate::map::generate::{GenerateError, Params, generate};
use crate::map::symmetry::Mode;
use crate::rules::Roster;
use std::sync::atomic::{AtomicBool, Ordering};

/// The most seeds [`fair_generated`] tries by default.
pub const DEFAULT_SEEDS: usize = 4;
/// The most seeds it may be asked to try (each costs a full search).
pub const MAX_SEEDS: usize = 64;

/// One seed's map, as the search left it.
#[derive(Clone, Debug)]
pub struct Tried {
    /// The generator's seed (recorded in the map's `meta.generated`).
    pub seed: u64,
    /// The search's outcome on that seed's map.
    pub fixed: Fixed,
}

impl Tried {
    /// Whether the search certified this seed's map (or found it fair as
    /// it was).
    #[must_use]
    pub fn certified(&self) -> bool {
        matches!(self.fixed.ending, Ending::AlreadyFair | Ending::Certified)
    }
}

/// Every seed tried, in order; the last is the first certified one, or the
/// last tried when none was.
#[derive(Clone, Debug)]
pub struct FairGenerated {
    /// The seeds tried, in order.
    pub tried: Vec<Tried>,
    /// The `α` each seed's search ran at.
    pub alpha_per_seed: f64,
}

impl FairGenerated {
    /// The certified map's seed and outcome, if one was certified.
    #[must_use]
    pub fn certified(&self) -> Option<&Tried> {
        self.tried.last().filter(|t| t.certified())
    }
}

/// Why [`fair_generated`] cannot run.
#[derive(Debug, thiserror::Error)]
pub enum FairGenerateError {
    /// The parameters make no map.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// The search cannot run on a generated map.
    #[error(transparent)]
    Fix(#[from] FixError),
    /// The number of seeds to try is out of range.
    #[error("seeds to try must be 1 to {MAX_SEEDS}, not {0}")]
    Seeds(usize),
}

/// The search's seed for the map of generator seed `seed`: the same one
/// `hexwright generate --fair` has used since it first certified maps.
#[must_use]
pub fn search_seed(seed: u64) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(17)
}

/// Generates the map of `first_seed` and makes it certified fair with the
/// search at `opts` (its `seed`, `alpha` and `keep_symmetry` are set here:
/// the seed from the map's, `α / seeds`, and the symmetry kept when the
/// parameters ask for one); when the search cannot certify it, tries the
/// next seed, at most `seeds` in all. Stops early, with what it has, when
/// `cancel` is set.
///
/// # Errors
/// When the parameters make no map, `seeds` is out of range, or the
/// search cannot run.
pub fn fair_generated(
    params: &Params,
    first_seed: u64,
    seeds: usize,
    roster: &Roster,
    opts: &Options,
    news: &(dyn Fn(News<'_>) + Sync),
    cancel: &AtomicBool,
) -> Result<FairGenerated, FairGenerateError> {
    if !(1..=MAX_SEEDS).contains(&seeds) {
        return Err(FairGenerateError::Seeds(seeds));
    }
    params.check()?;
    #[allow(clippy::cast_precision_loss)] // at most MAX_SEEDS
    let alpha_per_seed = opts.alpha / seeds as f64;
    let mut out = FairGenerated {
        tried: Vec::new(),
        alpha_per_seed,
    };
    for k in 0..seeds as u64 {
        let seed = first_seed.wrapping_add(k);
        let map = generate(params, seed)?;
        let seed_opts = Options {
            alpha: alpha_per_seed,
            seed: search_seed(seed),
            keep_symmetry: params.symmetry != Mode::Off,
            ..opts.clone()
        };
        let fixed = fix_observed(&map, roster, &seed_opts, news, cancel)?;
        let tried = Tried { seed, fixed };
        let done = tried.certified();
        out.tried.push(tried);
        if done || cancel.load(Ordering::Relaxed) {
            break;
        }
    }
    Ok(out)
}
