//! The planning phase-rules bot.

use super::{after, card_decision, evaluator, value};
use crate::bots::Bot;
use crate::bots::eval::Evaluator;
use crate::rules::phase::logic::legal_into;
use crate::rules::phase::{PhaseCommand, PhaseEvent, PhaseMatch, PhaseView};
use crate::rules::{Scratch, UnitId};
use crate::ruleset::PhaseRulesV1;
use std::collections::VecDeque;

/// States kept at each depth of a unit's search.
const BEAM: usize = 6;
/// Most commands in a planned unit turn (actions plus abilities).
const DEPTH: usize = 5;

/// The card strategy of [`super::card_plan`], and whole unit turns: for
/// each unit that may act it searches the unit's own turn — moves,
/// attacks and abilities in any order, until the unit ends — with a beam
/// of the [`BEAM`] best states per step on the shared evaluation, and
/// plays the unit whose best turn gains most, command by command. When no
/// unit's turn gains anything it ends the slot. A command the rules refuse
/// (a hidden enemy) makes it plan again. It draws no random numbers.
#[derive(Debug, Default)]
pub struct PhasePlannerBot {
    eval: Option<Evaluator>,
    scratch: Scratch,
    legal: Vec<PhaseCommand>,
    events: Vec<PhaseEvent>,
    work: Option<PhaseMatch>,
    plan: VecDeque<PhaseCommand>,
    /// The unit the plan is for, and the state hash it was made on.
    planned: Option<(UnitId, u64)>,
}

impl PhasePlannerBot {
    /// A planner.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The best turn of `unit` on `s` for `me` and its value.
    fn search(
        &mut self,
        s: &PhaseMatch,
        me: crate::player::PlayerId,
        unit: UnitId,
    ) -> (f64, Vec<PhaseCommand>) {
        let eval = evaluator(&mut self.eval, s);
        let mut best = (value(eval, s, me), Vec::new());
        let mut beam: Vec<(f64, PhaseMatch, Vec<PhaseCommand>)> =
            vec![(best.0, s.clone(), Vec::new())];
        for _ in 0..DEPTH {
            let mut next: Vec<(f64, PhaseMatch, Vec<PhaseCommand>)> = Vec::new();
            for (_, state, seq) in &beam {
                if !seq.is_empty() && state.active() != Some(unit) {
                    continue;
                }
                legal_into(state, &mut self.scratch, &mut self.legal);
                for cmd in self.legal.iter().filter(|c| c.unit() == Some(unit)) {
                    let w = after(&mut self.work, &mut self.events, state, cmd);
                    let v = value(eval, w, me);
                    let mut line = seq.clone();
                    line.push(cmd.clone());
                    if v > best.0 + 1e-9 {
                        best = (v, line.clone());
                    }
                    next.push((v, w.clone(), line));
                }
            }
            if next.is_empty() {
                break;
            }
            next.sort_by(|a, b| b.0.total_cmp(&a.0));
            next.truncate(BEAM);
            beam = next;
        }
        best
    }

    /// A new plan for the slot: the unit whose best turn gains most.
    fn replan(&mut self, s: &PhaseMatch, me: crate::player::PlayerId, rejected: &[PhaseCommand]) {
        self.plan.clear();
        self.planned = None;
        let eval = evaluator(&mut self.eval, s);
        let base = value(eval, s, me);
        legal_into(s, &mut self.scratch, &mut self.legal);
        let mut units: Vec<UnitId> = self.legal.iter().filter_map(PhaseCommand::unit).collect();
        units.dedup();
        let mut best: Option<(f64, UnitId, Vec<PhaseCommand>)> = None;
        for u in units {
            let (v, line) = self.search(s, me, u);
            if line.first().is_some_and(|c| rejected.contains(c)) {
                continue;
            }
            if v > base + 1e-9 && best.as_ref().is_none_or(|b| v > b.0) {
                best = Some((v, u, line));
            }
        }
        if let Some((_, u, line)) = best {
            self.plan = line.into();
            self.planned = Some((u, s.state_hash()));
        }
    }
}

impl Bot<PhaseRulesV1> for PhasePlannerBot {
    fn name(&self) -> &'static str {
        "planner"
    }

    fn decide(&mut self, view: &PhaseView, rejected: &[PhaseCommand]) -> PhaseCommand {
        let (s, me) = (&view.state, view.player);
        if let Some(cmd) = card_decision(s, me) {
            return cmd;
        }
        // Go on with the plan while it fits: its unit is the one acting (or
        // about to start) and the next command is still legal.
        let fits =
            self.planned
                .is_some_and(|(u, _)| s.active().is_none_or(|a| a == u))
                && self.plan.front().is_some_and(|c| {
                    !rejected.contains(c) && crate::rules::phase::check(s, c).is_ok()
                });
        if !fits {
            self.replan(s, me, rejected);
        }
        if let Some(cmd) = self.plan.pop_front() {
            return cmd;
        }
        if s.active().is_some() {
            PhaseCommand::EndUnit
        } else {
            PhaseCommand::EndSlot
        }
    }
}
