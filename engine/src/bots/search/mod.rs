//! The search bot, `search`: information-set Monte Carlo tree search over
//! whole commands, for akw-rules-v1 and phase-rules-v1, 2 to 4 players
//! ([`tree`] has the algorithm).
//!
//! It decides from its own view only. Hidden information is sampled, one
//! world per iteration, from what the view shows and what the bot itself
//! has seen before ([`sightings`]): enemy units out of sight are stood on
//! cells the bot cannot see near where they were last seen, other players'
//! face-down speed cards and hands are dealt from the cards they may still
//! hold. The true state is never read, so changing only what a seat cannot
//! see cannot change its decision (a test checks it).
//!
//! The budget is a number of playouts per decision ([`SearchConfig`]):
//! with the same seed and playouts a match is the same match, command for
//! command. An optional time budget (`think`) stops earlier on a slow
//! machine and so is not reproducible; batches and replays use playouts.

mod akw;
mod phase;
mod sightings;
mod terms;
mod tree;
pub mod value;

pub use akw::AkwParts;
pub use phase::PhaseParts;
pub use terms::{
    ACTING, CommandKind, PolicyTerms, TACTICS, acting, policy_terms, tactics, terms_against_rivals,
};

use super::Bot;
use crate::player::PlayerId;
use crate::ruleset::Ruleset;
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// Commands a node ranks: the best ones by one-step lookahead (the end of
/// the turn or slot always among them).
pub const MAX_RANKED: usize = 10;
/// The evaluation difference that makes a 73% favourite (logistic scale).
pub(crate) const VALUE_SCALE: f64 = 10.0;

/// The search bot's budget and knobs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Iterations per decision (the reproducible budget).
    pub playouts: u32,
    /// Stop earlier once this much time has passed (not reproducible).
    pub think: Option<Duration>,
    /// UCB1's exploration constant (values lie in 0..=1).
    pub exploration: f64,
    /// Progressive widening: a node admits `1 + widening·√visits` children.
    pub widening: f64,
    /// The most commands a new node's greedy rollout plays before the
    /// evaluation (it stops sooner, see [`Searchable::rollout`]).
    pub rollout: u8,
    /// A policy network to admit a node's commands in the order of its
    /// scores ([`crate::bots::policy`]) rather than the one-step ranking's:
    /// Expert Iteration's guided search. The same commands either way.
    /// None in [`Default`]; the bots of a ruleset are guided by the shipped
    /// weights where [`Searchable::GUIDED`] says so
    /// ([`SearchConfig::for_ruleset`]).
    pub guide: Option<&'static crate::bots::policy::Model>,
}

impl Default for SearchConfig {
    fn default() -> Self {
        Self {
            playouts: DEFAULT_PLAYOUTS,
            think: None,
            exploration: 0.15,
            widening: 0.5,
            rollout: 24,
            guide: None,
        }
    }
}

pub use crate::rules::seat::{
    DEFAULT_PLAYOUTS, DEFAULT_PLAYOUTS_PHASE, MAX_PLAYOUTS, SearchBudget,
};

impl SearchConfig {
    /// The default knobs with `budget`.
    #[must_use]
    pub fn with_budget(budget: SearchBudget) -> Self {
        Self {
            playouts: budget.playouts,
            think: budget.think,
            ..Self::default()
        }
    }

    /// The search bot's knobs in ruleset `R` with `budget`: the defaults,
    /// guided by the shipped policy weights where [`Searchable::GUIDED`]
    /// says so.
    #[must_use]
    pub fn for_ruleset<R: Searchable>(budget: SearchBudget) -> Self {
        Self {
            guide: R::GUIDED.then(crate::bots::policy::weights),
            ..Self::with_budget(budget)
        }
    }
}

/// Whether the search bot admits commands in the shipped policy's order
/// in `ruleset` ([`Searchable::GUIDED`]): its play then depends on the
/// shipped weights too.
#[must_use]
pub const fn guided(ruleset: crate::ruleset::RulesetId) -> bool {
    match ruleset {
        crate::ruleset::RulesetId::AkwRulesV1 => <crate::ruleset::AkwRulesV1 as Searchable>::GUIDED,
        crate::ruleset::RulesetId::PhaseRulesV1 => {
            <crate::ruleset::PhaseRulesV1 as Searchable>::GUIDED
        }
    }
}

/// What a ruleset gives the search: sampling worlds from a view, ranking
/// and playing commands, a rollout policy and values. Implemented for
/// both of this engine's rulesets.
pub trait Searchable: Ruleset + Sized {
    /// The bot's memory (what it has seen) and buffers.
    type Parts: Default + std::fmt::Debug + Send;

    /// Whether the search bot admits commands in the policy's order in
    /// this ruleset ([`SearchConfig::guide`]): where the guided search was
    /// measured stronger than the ranked one at the same playouts.
    const GUIDED: bool;

    /// Whose view it is.
    fn viewer(view: &Self::View) -> PlayerId;

    /// Remembers what `view` shows.
    fn observe(parts: &mut Self::Parts, view: &Self::View);

    /// A decision the bot makes without searching (phase-rules-v1's cards:
    /// the greedy card strategy), if this is one.
    fn forced(_view: &Self::View) -> Option<Self::Command> {
        None
    }

    /// One world consistent with `view` and the memory.
    fn determinize(view: &Self::View, parts: &mut Self::Parts, rng: &mut ChaCha8Rng)
    -> Self::State;

    /// The commands of the player to move in `s`, best first by one-step
    /// lookahead, at most [`MAX_RANKED`].
    fn rank(parts: &mut Self::Parts, s: &Self::State, out: &mut Vec<Self::Command>);

    /// Plays a checked command.
    fn play(parts: &mut Self::Parts, s: &mut Self::State, cmd: &Self::Command);

    /// Plays by the greedy policy, at most `n` commands, until the others
    /// have answered: akw-rules-v1 to the start of `me`'s next turn,
    /// phase-rules-v1 to the end of the table's turn.
    fn rollout(parts: &mut Self::Parts, s: &mut Self::State, me: PlayerId, n: u8);

    /// Each player's value of `s` in 0..=1 (1: won).
    fn values(parts: &mut Self::Parts, s: &Self::State, out: &mut [f64; 4]);

    /// The policy bot's description of each of `cmds` for the player to
    /// move in `s` (a view's state), one entry of `out` each (cleared
    /// first): from [`RULESET_FEATURES`] on, laid out as
    /// [`crate::bots::policy::names`] says (see [`policy_terms`]); what
    /// does not depend on the command is computed once.
    ///
    /// [`RULESET_FEATURES`]: crate::bots::policy::RULESET_FEATURES
    fn policy_features(
        parts: &mut Self::Parts,
        s: &Self::State,
        cmds: &[Self::Command],
        out: &mut Vec<[f32; crate::bots::policy::FEATURES]>,
    );
}

/// The search bot.
#[derive(Debug)]
pub struct SearchBot<R: Searchable> {
    rng: ChaCha8Rng,
    config: SearchConfig,
    parts: R::Parts,
    playouts: u64,
    /// Decisions that kept the tree of the one before.
    reused: u64,
    /// The last decision's tree, descended to the chosen command, and the
    /// hash of the view that command was expected to lead to.
    kept: Option<(tree::Tree<R::Command>, u64)>,
    /// The last decision's root commands and their visits.
    last_root: Vec<(R::Command, u32)>,
}

impl<R: Searchable> SearchBot<R> {
    /// A search bot with a budget.
    #[must_use]
    pub fn new(rng: ChaCha8Rng, config: SearchConfig) -> Self {
        Self {
            rng,
            config,
            parts: R::Parts::default(),
            playouts: 0,
            reused: 0,
            kept: None,
            last_root: Vec::new(),
        }
    }

    /// The last decision's root commands with their visits (empty when it
    /// did not search: one command to choose, or a forced one): the
    /// targets the policy bot is trained on.
    #[must_use]
    pub fn last_root(&self) -> &[(R::Command, u32)] {
        &self.last_root
    }

    /// Iterations run over every decision so far.
    #[must_use]
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// Decisions so far that searched on in the tree of the decision
    /// before (the same turn, the view as expected).
    #[must_use]
    pub fn reused(&self) -> u64 {
        self.reused
    }
}

impl<R: Searchable + 'static> Bot<R> for SearchBot<R>
where
    R::Command: Send,
{
    fn name(&self) -> &'static str {
        "search"
    }

    fn decide(&mut self, view: &R::View, rejected: &[R::Command]) -> R::Command {
        R::observe(&mut self.parts, view);
        self.last_root.clear();
        if let Some(cmd) = R::forced(view).filter(|c| !rejected.contains(c)) {
            return cmd;
        }
        let now = R::state_hash(R::view_state(view));
        let kept = self
            .kept
            .take()
            .filter(|(_, expected)| *expected == now)
            .map(|(t, _)| t);
        self.reused += u64::from(kept.is_some());
        let found = tree::search::<R>(
            view,
            rejected,
            &self.config,
            &mut self.parts,
            &mut self.rng,
            kept,
        );
        let Some(found) = found else {
            return R::pass(R::view_state(view));
        };
        self.playouts += u64::from(found.playouts);
        self.last_root = found.root;
        if let Some((tree, child)) = found.tree {
            // The view the command leads to if nothing unseen interferes:
            // the next decision keeps the subtree only if it sees just that.
            let mut next = R::view_state(view).clone();
            if R::check(&next, &found.cmd).is_ok() {
                R::play(&mut self.parts, &mut next, &found.cmd);
                if R::to_move(&next) == Some(R::viewer(view)) {
                    self.kept = Some((tree.descend(child), R::state_hash(&next)));
                }
            }
        }
        found.cmd
    }
}

/// The logistic of `x`.
pub(crate) fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}
