//! The policy bot's training data: the search bot's decisions in whole
//! matches, each as the candidates the policy would see from the same view
//! ([`super::candidates`]), the search's visits to each at its root, and
//! how the match ended for the player who decided.
//!
//! A match is played by [`crate::sim::run_match`] like any other; the
//! search seats are wrapped in a recorder that writes down each decision
//! after the search made it. Matches are independent and seeded, so a data
//! set is cut into shards like a batch (`examples/train_policy.rs`).

use super::{FEATURES, candidates};
use crate::bots::search::Searchable;
use crate::bots::{Bot, BotKind, HasBots, SearchBot, SearchConfig, bot_rng};
use crate::player::PlayerId;
use crate::rules::Outcome;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};

/// One decision of the search, as the policy learns from it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sample {
    /// Each candidate's features, in the ruleset's rank order.
    pub features: Vec<Vec<f32>>,
    /// The search's visits to each candidate at its root (0 for one it
    /// did not admit).
    pub visits: Vec<u32>,
    /// The player who decided.
    pub player: u8,
    /// Players in the match.
    pub players: u8,
    /// How the match ended for that player: 1 won, 0 lost, `1/players`
    /// a draw.
    pub score: f32,
}

/// A search seat that writes its decisions down.
struct Recorder<R: Searchable> {
    search: SearchBot<R>,
    parts: R::Parts,
    cmds: Vec<R::Command>,
    feats: Vec<[f32; FEATURES]>,
    out: Arc<Mutex<Vec<Sample>>>,
    player: u8,
    players: u8,
}

impl<R: Searchable + 'static> Bot<R> for Recorder<R>
where
    R::Command: Send,
{
    fn name(&self) -> &'static str {
        "search"
    }

    fn decide(&mut self, view: &R::View, rejected: &[R::Command]) -> R::Command {
        let cmd = self.search.decide(view, rejected);
        let root = self.search.last_root();
        if root.is_empty() {
            return cmd;
        }
        R::observe(&mut self.parts, view);
        candidates::<R>(
            &mut self.parts,
            R::view_state(view),
            rejected,
            &mut self.cmds,
            &mut self.feats,
        );
        let visits: Vec<u32> = self
            .cmds
            .iter()
            .map(|c| root.iter().find(|(r, _)| r == c).map_or(0, |(_, v)| *v))
            .collect();
        if self.cmds.len() >= 2 && visits.iter().any(|&v| v > 0) {
            let sample = Sample {
                features: self.feats.iter().map(|f| f.to_vec()).collect(),
                visits,
                player: self.player,
                players: self.players,
                score: 0.0,
            };
            self.out
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(sample);
        }
        cmd
    }
}

/// The order the recorded search admits commands in
/// ([`SearchConfig::guide`]): each round of Expert Iteration's data is
/// made by the search guided by the previous round's network.
#[derive(Clone, Copy, Debug)]
pub enum Guide {
    /// As the search bot ships ([`SearchConfig::for_ruleset`]).
    AsShipped,
    /// The ruleset's ranking, in every ruleset (the first round).
    Ranked,
    /// These weights' scores, in every ruleset.
    By(&'static super::Model),
}

impl Guide {
    /// The search's knobs with `budget` in ruleset `R`.
    #[must_use]
    pub fn config<R: Searchable>(self, budget: crate::bots::SearchBudget) -> SearchConfig {
        match self {
            Self::AsShipped => SearchConfig::for_ruleset::<R>(budget),
            Self::Ranked => SearchConfig::with_budget(budget),
            Self::By(m) => SearchConfig {
                guide: Some(m),
                ..SearchConfig::with_budget(budget)
            },
        }
    }
}

/// Plays one match of `setup` from `seed` with `seats` (one bot per
/// player), its search seats admitting commands as `guide` says, and
/// returns the decisions of its search seats, each with the match's end for
/// its player.
pub fn play<R>(setup: &R::Setup, seed: u64, seats: &[BotKind], guide: Guide) -> Vec<Sample>
where
    R: Searchable + HasBots + 'static,
    R::Command: Send,
{
    let (mut s, _) = R::start(setup, seed);
    let players = u8::try_from(seats.len()).unwrap_or(u8::MAX);
    let out = Arc::new(Mutex::new(Vec::new()));
    let mut bots: Vec<Box<dyn Bot<R>>> = seats
        .iter()
        .enumerate()
        .map(|(i, &kind)| {
            let side = PlayerId(u8::try_from(i).unwrap_or(u8::MAX));
            if kind == BotKind::Search {
                Box::new(Recorder::<R> {
                    search: SearchBot::new(
                        bot_rng(seed, side, kind),
                        guide.config::<R>(R::search_budget(setup)),
                    ),
                    parts: R::Parts::default(),
                    cmds: Vec::new(),
                    feats: Vec::new(),
                    out: Arc::clone(&out),
                    player: side.0,
                    players,
                }) as Box<dyn Bot<R>>
            } else {
                R::bot(kind, seed, side)
            }
        })
        .collect();
    let never = AtomicBool::new(false);
    crate::sim::run_match::<R>(&mut s, &mut bots, &never, |_, _, _| {});
    let outcome = R::outcome(&s);
    drop(bots);
    let mut samples = std::mem::take(&mut *out.lock().unwrap_or_else(PoisonError::into_inner));
    for x in &mut samples {
        x.score = match outcome {
            Some(Outcome::Won(w)) if w.0 == x.player => 1.0,
            Some(Outcome::Won(_)) => 0.0,
            _ => 1.0 / f32::from(players.max(1)),
        };
    }
    samples
}
