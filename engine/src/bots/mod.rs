//! Bots: players that decide from their side's [`PlayerView`] only, with a
//! fixed iteration budget (never wall-clock), so every match is reproducible.
//!
//! - [`RandomBot`]: uniform over the legal commands of its view.
//! - [`GreedyBot`]: one-step lookahead on [`evaluate`].
//! - [`PlannerBot`]: online evolutionary planning over whole turns (after
//!   Justesen et al., "Playing Multi-Action Adversarial Games: Online
//!   Evolutionary Planning versus Tree Search", the Hero Academy study).

mod eval;
mod greedy;
pub mod phase;
mod planner;
mod random;

pub use eval::{Evaluator, Targets, evaluate};
pub use greedy::GreedyBot;
pub use planner::{PlannerBot, PlannerConfig};
pub use random::RandomBot;

use crate::map::Side;
use crate::ruleset::{AkwRulesV1, Ruleset};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::str::FromStr;

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
    /// A bot of `kind` for `side` in a match with this seed.
    fn bot(kind: BotKind, seed: u64, side: Side) -> Box<dyn Bot<Self>>;
}

impl HasBots for AkwRulesV1 {
    fn bot(kind: BotKind, seed: u64, side: Side) -> Box<dyn Bot<Self>> {
        kind.build(seed, side)
    }
}

/// The bots by name.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum BotKind {
    /// [`RandomBot`] (the default: the baseline every map is first played
    /// with).
    #[default]
    Random,
    /// [`GreedyBot`].
    Greedy,
    /// [`PlannerBot`].
    Planner,
}

impl BotKind {
    /// Every bot.
    pub const ALL: [Self; 3] = [Self::Random, Self::Greedy, Self::Planner];

    /// Its name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Random => "random",
            Self::Greedy => "greedy",
            Self::Planner => "planner",
        }
    }

    /// A bot of this kind for `side` in a match with this seed.
    #[must_use]
    pub fn build(self, seed: u64, side: Side) -> Box<dyn Bot> {
        let rng = bot_rng(seed, side, self);
        match self {
            Self::Random => Box::new(RandomBot::new(rng)),
            Self::Greedy => Box::new(GreedyBot::new(rng)),
            Self::Planner => Box::new(PlannerBot::new(rng, PlannerConfig::default())),
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BotKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| format!("unknown bot `{s}` (bots: random, greedy, planner)"))
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
