//! Bots: players that decide from their side's [`PlayerView`] only, with a
//! fixed iteration budget (never wall-clock), so every match is reproducible.
//!
//! - [`RandomBot`]: uniform over the legal commands of its view.
//! - [`GreedyBot`]: one-step lookahead on [`evaluate`].
//! - [`PlannerBot`]: online evolutionary planning over whole turns (after
//!   Justesen et al., "Playing Multi-Action Adversarial Games: Online
//!   Evolutionary Planning versus Tree Search", the Hero Academy study).
//! - [`SearchBot`]: information-set Monte Carlo tree search over whole
//!   commands on worlds sampled from its view, for both rulesets
//!   ([`search`]).
//! - [`PolicyBot`]: a small network trained to choose as the search does,
//!   without searching, for both rulesets ([`policy`]).

mod eval;
mod greedy;
pub mod phase;
mod planner;
pub mod policy;
mod random;
pub mod search;
mod spec;

pub use eval::{Evaluator, Targets, evaluate};
pub use greedy::GreedyBot;
pub use planner::{PlannerBot, PlannerConfig};
pub use policy::PolicyBot;
pub use random::RandomBot;
pub use search::{SearchBot, SearchBudget, SearchConfig};
pub use spec::{BotSpec, BotSpecError};

/// The bots by name (defined with the seats, [`crate::seat`], so the rules
/// can check a scenario's seats without the bots).
pub use crate::seat::BotKind;

use crate::map::Side;
use crate::ruleset::{AkwRulesV1, Ruleset};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A player of ruleset `R` (akw-rules-v1 unless named): it decides from its
/// player's view only.
pub trait Bot<R: Ruleset = AkwRulesV1>: Send {
    /// The bot's name (`random`, `greedy`, `planner`).
    fn name(&self) -> &'static str;

    /// The next command for the view's player. `rejected` lists commands
    /// the rules refused since the last accepted one (the view can miss
    /// hidden enemies in the way); the bot must not repeat them.
    fn decide(&mut self, view: &R::View, rejected: &[R::Command]) -> R::Command;
}

/// A ruleset whose bots can be built by kind: what a front end that lets
/// players pick bots (the sandbox) needs of a ruleset.
pub trait HasBots: Ruleset {
    /// A bot of `kind` for `side` in a match with this seed, the search
    /// bot thinking within `budget`.
    fn bot_with(kind: BotKind, seed: u64, side: Side, budget: SearchBudget) -> Box<dyn Bot<Self>>;

    /// The search bot's budget in the matches of `setup`.
    fn search_budget(setup: &Self::Setup) -> SearchBudget;

    /// A bot of `kind` for `side` in a match with this seed, at the
    /// ruleset's default budget.
    #[must_use]
    fn bot(kind: BotKind, seed: u64, side: Side) -> Box<dyn Bot<Self>> {
        Self::bot_with(kind, seed, side, Self::SEARCH_BUDGET)
    }

    /// The search bot's default budget in this ruleset.
    const SEARCH_BUDGET: SearchBudget;
}

impl HasBots for AkwRulesV1 {
    const SEARCH_BUDGET: SearchBudget =
        SearchBudget::for_ruleset(crate::ruleset::RulesetId::AkwRulesV1);

    fn bot_with(kind: BotKind, seed: u64, side: Side, budget: SearchBudget) -> Box<dyn Bot<Self>> {
        kind.build_with(seed, side, budget)
    }

    fn search_budget(setup: &crate::rules::scenario::Prepared) -> SearchBudget {
        setup.search
    }
}

impl BotKind {
    /// A bot of this kind for `side` in a match with this seed.
    #[must_use]
    pub fn build(self, seed: u64, side: Side) -> Box<dyn Bot> {
        self.build_with(seed, side, SearchBudget::default())
    }

    /// A bot of this kind for `side` in a match with this seed, the search
    /// bot thinking within `budget`.
    #[must_use]
    pub fn build_with(self, seed: u64, side: Side, budget: SearchBudget) -> Box<dyn Bot> {
        let rng = bot_rng(seed, side, self);
        match self {
            Self::Random => Box::new(RandomBot::new(rng)),
            Self::Greedy => Box::new(GreedyBot::new(rng)),
            Self::Planner => Box::new(PlannerBot::new(rng, PlannerConfig::default())),
            Self::Search => Box::new(SearchBot::<AkwRulesV1>::new(
                rng,
                SearchConfig::for_ruleset::<AkwRulesV1>(budget),
            )),
            Self::Policy => Box::new(PolicyBot::<AkwRulesV1>::new(rng)),
        }
    }
}

/// The random stream of a bot: a function of the match seed, its side and
/// its kind only.
#[must_use]
pub fn bot_rng(seed: u64, side: Side, kind: BotKind) -> ChaCha8Rng {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    r.set_stream(u64::from(side) * 16 + kind as u64 + 1);
    r
}
