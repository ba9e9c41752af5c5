//! The policy bot, `policy`: a small network distilled from the search bot
//! (Expert Iteration, Anthony, Tian and Barber 2017), for akw-rules-v1 and
//! phase-rules-v1, 2 to 4 players.
//!
//! It decides as the search's root does, without searching: the commands
//! the ruleset ranks first by one-step lookahead on the bot's view
//! ([`Searchable::rank`], at most [`MAX_RANKED`] and the end of the turn),
//! each described by [`FEATURES`] numbers ([`features`]: its rank, its
//! kind, the fitted value's gain, the value's terms after it for the
//! player and its rivals, the threats one turn ahead and what it does with
//! the unit it moves or uses), are scored by a two-layer network, and the
//! best score is played. The network was trained to give the search's visit
//! counts at the root of its decisions (see `weights.md` beside this file,
//! and `cargo run --release -p hexwright-engine --example train_policy`).
//!
//! It reads only its view, as the search does: the view's own state is
//! ranked, never a sampled or true world. Inference is plain `f32`
//! arithmetic in a fixed order with rectifiers (no library call whose last bit
//! may differ between machines), so the same view gives the same command on
//! any machine and any `--jobs`.

pub mod data;
pub mod model;

pub use model::{Model, ModelError, weights, weights_hash};

use super::Bot;
use super::search::{MAX_RANKED, Searchable};
use rand_chacha::ChaCha8Rng;

/// How many numbers describe one candidate command.
pub const FEATURES: usize = 54;

/// Where the ruleset's part of a candidate's features starts: the ones
/// before are its rank, written here.
pub const RULESET_FEATURES: usize = 2;

/// The features' names, in order (the value's terms are
/// [`crate::bots::search::value::NAMES`]).
#[must_use]
pub fn names() -> Vec<String> {
    let terms = super::search::value::NAMES;
    let mut v: Vec<String> = [
        "ranked first",
        "rank / 10",
        "value gain (logit)",
        "ends the turn, unit or slot",
        "moves",
        "attacks",
        "spawns or summons",
        "another unit command",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    v.extend(terms.iter().map(|t| format!("after: {t}")));
    v.extend(terms.iter().map(|t| format!("change: {t}")));
    v.extend(
        [
            "after: worth of own units in enemy reach",
            "after: worth of enemy units in own reach",
            "after: enemy units in reach of own bases",
            "after: the acting unit in enemy reach",
            "acting: enemy units that could strike it",
            "acting: own units that could reach it",
            "acting: worth / 10",
            "acting: health share",
            "acting: in a bush",
            "acting: on an objective or Outpost",
            "acting: hexes nearer an objective not owned",
            "acting: hexes nearer an enemy base",
            "acting: hexes nearer an enemy unit",
            "acting: hexes nearer an own base",
        ]
        .iter()
        .map(|s| (*s).to_owned()),
    );
    v
}

/// The candidates of the player to move in `s` (a view's state), ranked by
/// the ruleset, less `rejected`, and their features: `cmds[i]` is
/// described by `feats[i]`. Shared by the bot and the training data, so
/// the network sees in play exactly what it was trained on.
pub fn candidates<R: Searchable>(
    parts: &mut R::Parts,
    s: &R::State,
    rejected: &[R::Command],
    cmds: &mut Vec<R::Command>,
    feats: &mut Vec<[f32; FEATURES]>,
) {
    R::rank(parts, s, cmds);
    cmds.retain(|c| !rejected.contains(c));
    R::policy_features(parts, s, cmds, feats);
    for (i, f) in feats.iter_mut().enumerate() {
        f[0] = f32::from(u8::from(i == 0));
        f[1] = i as f32 / MAX_RANKED as f32;
    }
}

/// The policy bot.
#[derive(Debug)]
pub struct PolicyBot<R: Searchable> {
    parts: R::Parts,
    model: &'static Model,
    cmds: Vec<R::Command>,
    feats: Vec<[f32; FEATURES]>,
}

impl<R: Searchable> PolicyBot<R> {
    /// A policy bot playing the shipped weights. It draws no random
    /// numbers: the stream is taken for a uniform signature with the other
    /// bots, and so that a later version may sample.
    #[must_use]
    pub fn new(_rng: ChaCha8Rng) -> Self {
        Self::with_model(weights())
    }

    /// A policy bot playing `model`.
    #[must_use]
    pub fn with_model(model: &'static Model) -> Self {
        Self {
            parts: R::Parts::default(),
            model,
            cmds: Vec::new(),
            feats: Vec::new(),
        }
    }
}

impl<R: Searchable + 'static> Bot<R> for PolicyBot<R>
where
    R::Command: Send,
{
    fn name(&self) -> &'static str {
        "policy"
    }

    fn decide(&mut self, view: &R::View, rejected: &[R::Command]) -> R::Command {
        R::observe(&mut self.parts, view);
        if let Some(cmd) = R::forced(view).filter(|c| !rejected.contains(c)) {
            return cmd;
        }
        let s = R::view_state(view);
        candidates::<R>(
            &mut self.parts,
            s,
            rejected,
            &mut self.cmds,
            &mut self.feats,
        );
        let best = self
            .feats
            .iter()
            .enumerate()
            .map(|(i, f)| (i, self.model.score(f)))
            // The highest score; the earlier rank on a tie.
            .fold(None::<(usize, f32)>, |b, (i, v)| match b {
                Some((_, bv)) if bv >= v => b,
                _ => Some((i, v)),
            });
        match best {
            Some((i, _)) => self.cmds.swap_remove(i),
            None => R::pass(s),
        }
    }
}

#[cfg(test)]
mod tests;
