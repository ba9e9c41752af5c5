//! The greedy phase-rules bot.

use super::{after, card_decision, evaluator, value};
use crate::bots::Bot;
use crate::bots::eval::{Evaluator, Targets};
use crate::rules::Scratch;
use crate::rules::phase::logic::legal_into;
use crate::rules::phase::{PhaseCommand, PhaseEvent, PhaseMatch, PhaseView};
use crate::ruleset::PhaseRulesV1;

/// The card strategy of [`super::card_plan`], its highest card for ties,
/// and one-step lookahead in unit turns: it plays the unit command whose
/// result evaluates best, and ends the unit (or the slot, when no unit is
/// acting) when nothing beats the position as it is. Ties go to the
/// earlier command in legal order. It draws no random numbers.
#[derive(Debug, Default)]
pub struct PhaseGreedyBot {
    eval: Option<Evaluator>,
    scratch: Scratch,
    legal: Vec<PhaseCommand>,
    work: Option<PhaseMatch>,
    events: Vec<PhaseEvent>,
}

impl PhaseGreedyBot {
    /// A greedy bot.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
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
        let mut best: Option<(f64, &PhaseCommand)> = None;
        for cmd in &self.legal {
            if cmd.unit().is_none() || rejected.contains(cmd) {
                continue;
            }
            let v = match cmd {
                PhaseCommand::Move { unit, to } => {
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
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, cmd));
            }
        }
        match best {
            Some((v, cmd)) if v > base + 1e-9 => cmd.clone(),
            _ if s.active().is_some() => PhaseCommand::EndUnit,
            _ => PhaseCommand::EndSlot,
        }
    }
}
