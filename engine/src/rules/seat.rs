//! Who sits in a seat: one of the engine's bots ([`BotKind`], by name) or a
//! person ([`HUMAN`]). Scenarios and replays name their seats this way; the
//! bots themselves ([`crate::bots`]) build a player of each kind. The names
//! live here, in the rules layer, so checking a scenario's seats needs no
//! bot.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The search bot's playouts per decision in akw-rules-v1 unless told
/// otherwise (about 60 ms a decision on one core).
pub const DEFAULT_PLAYOUTS: u32 = 400;
/// The same in phase-rules-v1, whose four-player rollouts cost more (about
/// 80 ms a decision on one core).
pub const DEFAULT_PLAYOUTS_PHASE: u32 = 300;
/// The most playouts a decision may be given.
pub const MAX_PLAYOUTS: u32 = 1_000_000;

/// How long the search bot may think per decision: playouts (reproducible)
/// and, optionally, a time limit that stops it earlier (not reproducible).
/// The other bots have fixed budgets and ignore it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchBudget {
    /// Playouts per decision.
    pub playouts: u32,
    /// Stop a decision once this much time has passed.
    pub think: Option<Duration>,
}

impl Default for SearchBudget {
    fn default() -> Self {
        Self::for_ruleset(crate::ruleset::RulesetId::AkwRulesV1)
    }
}

impl SearchBudget {
    /// The default budget in `ruleset`: its default playouts, no time limit.
    #[must_use]
    pub const fn for_ruleset(ruleset: crate::ruleset::RulesetId) -> Self {
        Self {
            playouts: match ruleset {
                crate::ruleset::RulesetId::AkwRulesV1 => DEFAULT_PLAYOUTS,
                crate::ruleset::RulesetId::PhaseRulesV1 => DEFAULT_PLAYOUTS_PHASE,
            },
            think: None,
        }
    }
}

/// The seat name of a person, besides the engine's bots' names.
pub const HUMAN: &str = "human";

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
    /// [`crate::bots::RandomBot`] (the default: the baseline every map is first played
    /// with).
    #[default]
    Random,
    /// [`crate::bots::GreedyBot`].
    Greedy,
    /// [`crate::bots::PlannerBot`].
    Planner,
    /// [`crate::bots::SearchBot`].
    Search,
    /// [`crate::bots::PolicyBot`].
    Policy,
}

impl BotKind {
    /// Every bot.
    pub const ALL: [Self; 5] = [
        Self::Random,
        Self::Greedy,
        Self::Planner,
        Self::Search,
        Self::Policy,
    ];

    /// Its name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Random => "random",
            Self::Greedy => "greedy",
            Self::Planner => "planner",
            Self::Search => "search",
            Self::Policy => "policy",
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
    /// A bot's name, exactly: a name with a budget (`search:400`) is read
    /// by [`crate::bots::BotSpec`], never here with its budget dropped.
    fn from_str(s: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| {
                format!("unknown bot `{s}` (bots: random, greedy, planner, search, policy)")
            })
    }
}
