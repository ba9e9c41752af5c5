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
mod tree;
pub mod value;

pub use akw::AkwParts;
pub use phase::PhaseParts;

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

/// What a command does, for the policy's features: ends the turn (unit or
/// slot), moves, attacks, spawns or summons, or another unit command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandKind {
    /// Ends the turn, the unit's turn or the slot.
    End,
    /// Moves a unit.
    Move,
    /// Attacks.
    Attack,
    /// Spawns or summons a unit.
    Spawn,
    /// Another unit command (rebound, healing).
    Other,
}

impl CommandKind {
    /// The kind of a unit command.
    #[must_use]
    pub fn of_unit(c: &crate::rules::UnitCommand) -> Self {
        use crate::rules::UnitCommand as U;
        match c {
            U::Move { .. } => Self::Move,
            U::Attack { .. } => Self::Attack,
            U::Summon { .. } => Self::Spawn,
            _ => Self::Other,
        }
    }
}

/// What the policy's features say of a candidate, before the ruleset's
/// part is written out by [`policy_terms`].
#[derive(Clone, Copy, Debug)]
pub struct PolicyTerms<'a> {
    /// The value's change for the mover, on the logit scale.
    pub gain: f64,
    /// What the command does.
    pub kind: CommandKind,
    /// The value's terms before the command, the mover's less its rivals'.
    pub before: &'a [f64; value::FEATURES],
    /// The same after it.
    pub after: &'a [f64; value::FEATURES],
    /// [`tactics`] after it.
    pub tactics: [f64; TACTICS],
}

/// Writes the ruleset-independent part of a candidate's features.
pub fn policy_terms(t: &PolicyTerms<'_>, out: &mut [f32; crate::bots::policy::FEATURES]) {
    let base = crate::bots::policy::RULESET_FEATURES;
    out[base] = t.gain as f32;
    let k = match t.kind {
        CommandKind::End => 0,
        CommandKind::Move => 1,
        CommandKind::Attack => 2,
        CommandKind::Spawn => 3,
        CommandKind::Other => 4,
    };
    out[base + 1..base + 6].fill(0.0);
    out[base + 1 + k] = 1.0;
    let terms = base + 6;
    for i in 0..value::FEATURES {
        out[terms + i] = t.after[i] as f32;
        out[terms + value::FEATURES + i] = (t.after[i] - t.before[i]) as f32;
    }
    let tactics = terms + 2 * value::FEATURES;
    for (o, x) in out[tactics..].iter_mut().zip(t.tactics) {
        *o = x as f32;
    }
}

/// How many numbers [`tactics`] gives.
pub const TACTICS: usize = 4;

/// Threats one turn ahead, for `me` in `s`: the worth of its units an
/// enemy unit it sees could strike next turn (one within its movement and
/// range, by hex distance), the worth of the enemy units it sees that its
/// own could strike, the enemy units within reach of its bases, and
/// whether `acting` (the unit the command moves or uses) is within an
/// enemy's reach. A unit's worth is the value's (`2 + 2 × class points`).
#[must_use]
pub fn tactics(
    s: &crate::rules::MatchState,
    me: PlayerId,
    acting: Option<crate::rules::UnitId>,
) -> [f64; TACTICS] {
    use crate::rules::{Status, Unit};
    let a = s.arena();
    let def = |u: &Unit| &s.roster().kind(u.kind).def;
    let alive: Vec<(usize, &Unit)> = s
        .units()
        .iter()
        .enumerate()
        .filter(|(_, u)| u.status == Status::Alive)
        .collect();
    let reach = |u: &Unit| u32::from(def(u).movement) + u32::from(def(u).range);
    let worth = |u: &Unit| 2.0 + 2.0 * f64::from(def(u).class.points());
    // Whether a unit of a side `strikes` picks could strike `target`.
    let struck = |target: u16, strikes: &dyn Fn(PlayerId) -> bool| {
        alive
            .iter()
            .any(|(_, e)| strikes(e.side) && a.distance(e.cell, target) <= reach(e))
    };
    let mut out = [0.0; TACTICS];
    for &(i, u) in &alive {
        if u.side == me {
            if struck(u.cell, &|p| p != me) {
                out[0] += worth(u);
                if acting.is_some_and(|x| usize::from(x) == i) {
                    out[3] = 1.0;
                }
            }
        } else if struck(u.cell, &|p| p == me) {
            out[1] += worth(u);
        }
    }
    for b in s.bases().iter().filter(|b| b.side == me && b.health > 0) {
        out[2] += alive
            .iter()
            .filter(|(_, e)| e.side != me && a.distance(e.cell, b.cell) <= reach(e))
            .count() as f64;
    }
    out
}

/// The value's terms of `me` less the mean of the other `players`'.
#[must_use]
pub fn terms_against_rivals(
    eval: &crate::bots::Evaluator,
    s: &crate::rules::MatchState,
    me: PlayerId,
    players: usize,
) -> [f64; value::FEATURES] {
    let mine = value::features(eval, s, me);
    let mut rivals = [0.0; value::FEATURES];
    let others: Vec<PlayerId> = me.others(players).collect();
    for &p in &others {
        let f = value::features(eval, s, p);
        for (r, x) in rivals.iter_mut().zip(f) {
            *r += x;
        }
    }
    let n = others.len().max(1) as f64;
    std::array::from_fn(|i| mine[i] - rivals[i] / n)
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
