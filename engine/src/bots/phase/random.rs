//! The random phase-rules bot.

use crate::bots::Bot;
use crate::rules::Scratch;
use crate::rules::phase::logic::legal_into;
use crate::rules::phase::{CARDS, PhaseCommand, PhaseView, Stage};
use crate::ruleset::PhaseRulesV1;
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Uniform over the legal decisions of its view: four cards drawn at
/// random (every ordered placement equally likely), a random card of the
/// hand to reveal, or any legal unit command, `EndUnit` or `EndSlot`.
#[derive(Debug)]
pub struct PhaseRandomBot {
    rng: ChaCha8Rng,
    scratch: Scratch,
    legal: Vec<PhaseCommand>,
}

impl PhaseRandomBot {
    /// A random bot drawing from `rng`.
    #[must_use]
    pub fn new(rng: ChaCha8Rng) -> Self {
        Self {
            rng,
            scratch: Scratch::default(),
            legal: Vec::new(),
        }
    }
}

impl Bot<PhaseRulesV1> for PhaseRandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn decide(&mut self, view: &PhaseView, rejected: &[PhaseCommand]) -> PhaseCommand {
        let s = &view.state;
        if s.stage() == Stage::Placing {
            let mut deck: Vec<u8> = (1..=CARDS).collect();
            deck.shuffle(&mut self.rng);
            return PhaseCommand::PlaceCards {
                player: view.player,
                cards: [deck[0], deck[1], deck[2], deck[3]],
            };
        }
        legal_into(s, &mut self.scratch, &mut self.legal);
        self.legal.retain(|c| !rejected.contains(c));
        if self.legal.is_empty() {
            return PhaseCommand::EndSlot;
        }
        let i = self.rng.random_range(0..self.legal.len());
        self.legal.swap_remove(i)
    }
}
