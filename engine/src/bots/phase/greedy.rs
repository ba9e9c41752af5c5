//! The greedy phase-rules bot.

use super::{after, card_decision, evaluator, value};
use crate::bots::Bot;
use crate::bots::eval::{Evaluator, Targets};
use crate::rules::Scratch;
use crate::rules::UnitCommand;
use crate::rules::phase::logic::legal_into;
use crate::rules::phase::{PhaseCommand, PhaseEvent, PhaseMatch, PhaseView};
use crate::ruleset::PhaseRulesV1;
use rand::Rng as _;
use rand_chacha::ChaCha8Rng;

/// Values closer than this are a tie.
const TIE: f64 = 1e-9;

/// The card strategy of [`super::card_plan`], its highest card for ties,
/// and one-step lookahead in unit turns: it plays the unit command whose
/// result evaluates best, and ends the unit (or the slot, when no unit is
/// acting) when nothing beats the position as it is. Equally good commands
/// are chosen between uniformly at random (from the bot's own seeded
/// stream): taking the first in legal order, which lists hexes in cell
/// order, would steer every seat's units the same way across the board and
/// favour the seats that lie that way.
#[derive(Debug)]
pub struct PhaseGreedyBot {
    rng: ChaCha8Rng,
    eval: Option<Evaluator>,
    scratch: Scratch,
    legal: Vec<PhaseCommand>,
    work: Option<PhaseMatch>,
    events: Vec<PhaseEvent>,
}

impl PhaseGreedyBot {
    /// A greedy bot breaking ties with `rng`.
    #[must_use]
    pub fn new(rng: ChaCha8Rng) -> Self {
        Self {
            rng,
            eval: None,
            scratch: Scratch::default(),
            legal: Vec::new(),
            work: None,
            events: Vec::new(),
        }
    }
}

impl Bot<PhaseRulesV1> for PhaseGreedyBot {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn decide(&mut self, view: &PhaseView, rejected: &[PhaseCommand]) -> PhaseCommand {
        let (s, me) = (&view.state, view.player);
        if let Some(cmd) = card_decision(s, me) {
            return cmd;
        }
        let eval = evaluator(&mut self.eval, s);
        let base = value(eval, s, me);
        let targets = Targets::of(s.board(), me);
        legal_into(s, &mut self.scratch, &mut self.legal);
        // The best value, its commands seen so far, and one of them chosen
        // uniformly (reservoir sampling over the ties).
        let mut best: Option<(f64, &PhaseCommand)> = None;
        let mut ties = 0u32;
        for cmd in &self.legal {
            if cmd.unit().is_none() || rejected.contains(cmd) {
                continue;
            }
            let v = match cmd {
                PhaseCommand::Unit(UnitCommand::Move { unit, to }) => {
                    let b = s.board();
                    let u = &b.units()[usize::from(*unit)];
                    let c = b.arena().cell(*to).expect("legal moves name usable hexes");
                    eval.move_delta(b, &targets, u, c).map(|d| base + d)
                }
                _ => None,
            };
            let v = v.unwrap_or_else(|| {
                value(eval, after(&mut self.work, &mut self.events, s, cmd), me)
            });
            match best {
                Some((b, _)) if v < b - TIE => {}
                Some((b, _)) if v <= b + TIE => {
                    ties += 1;
                    if self.rng.random_range(0..ties) == 0 {
                        best = Some((b, cmd));
                    }
                }
                _ => {
                    best = Some((v, cmd));
                    ties = 1;
                }
            }
        }
        match best {
            Some((v, cmd)) if v > base + TIE => cmd.clone(),
            _ if s.active().is_some() => PhaseCommand::EndUnit,
            _ => PhaseCommand::EndSlot,
        }
    }
}
