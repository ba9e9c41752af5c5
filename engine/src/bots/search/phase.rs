//! The search bot in phase-rules-v1: worlds from the view (other players'
//! unseen cards dealt at random, [`PhaseView::sample_world`]) and the
//! sightings; cards by the greedy card strategy (not searched); unit
//! commands ranked by one-step lookahead on the shared evaluation with
//! points; rollouts by the greedy policy; values per player.

use super::sightings::Sightings;
use super::{
    CommandKind, MAX_RANKED, PolicyTerms, Searchable, VALUE_SCALE, acting as acting_terms,
    logistic, policy_terms, tactics, terms_against_rivals,
};
use crate::bots::eval::{Evaluator, Targets};
use crate::bots::phase::{after, card_decision, evaluator, value};
use crate::player::PlayerId;
use crate::rules::UnitCommand;
use crate::rules::phase::logic::{execute_unchecked, legal_into};
use crate::rules::phase::{PhaseCommand, PhaseEvent, PhaseMatch, PhaseView};
use crate::rules::{Outcome, Scratch};
use crate::ruleset::{PhaseRulesV1, Ruleset};
use rand_chacha::ChaCha8Rng;

/// The phase-rules-v1 search bot's memory and buffers.
#[derive(Debug, Default)]
pub struct PhaseParts {
    eval: Option<Evaluator>,
    scratch: Scratch,
    legal: Vec<PhaseCommand>,
    scored: Vec<(f64, PhaseCommand)>,
    work: Option<PhaseMatch>,
    events: Vec<PhaseEvent>,
    sightings: Sightings,
}

impl PhaseParts {
    /// The unit commands of the player to move with their values, best
    /// first (stable), the end of the unit or slot among them valued as
    /// the position is; returns that value. Empty while cards are placed.
    fn score(&mut self, s: &PhaseMatch, me: PlayerId) -> f64 {
        self.scored.clear();
        let eval = evaluator(&mut self.eval, s);
        let base = value(eval, s, me);
        let targets = Targets::of(s.board(), me);
        legal_into(s, &mut self.scratch, &mut self.legal);
        for cmd in &self.legal {
            if cmd.unit().is_none() {
                continue;
            }
            let v = match cmd {
                PhaseCommand::Unit(UnitCommand::Move { unit, to }) => {
                    let b = s.board();
                    let u = &b.units()[usize::from(*unit)];
                    b.arena()
                        .cell(*to)
                        .and_then(|c| eval.move_delta(b, &targets, u, c))
                        .map(|d| base + d)
                }
                _ => None,
            };
            let v = v.unwrap_or_else(|| {
                value(eval, after(&mut self.work, &mut self.events, s, cmd), me)
            });
            self.scored.push((v, cmd.clone()));
        }
        let end = if s.active().is_some() {
            PhaseCommand::EndUnit
        } else {
            PhaseCommand::EndSlot
        };
        self.scored.push((base, end));
        self.scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        base
    }
}

impl Searchable for PhaseRulesV1 {
    type Parts = PhaseParts;

    /// Not guided: the guided search scored 46.7% of 120 two-player games
    /// [29.1, 64.2] against the ranked order at 300 playouts, not shown
    /// stronger (docs/bots.md, "Guided by the policy").
    const GUIDED: bool = false;

    fn viewer(view: &PhaseView) -> PlayerId {
        view.player
    }

    fn observe(parts: &mut PhaseParts, view: &PhaseView) {
        parts
            .sightings
            .observe(view.state.board(), view.player, view.state.turn());
    }

    fn forced(view: &PhaseView) -> Option<PhaseCommand> {
        card_decision(&view.state, view.player)
    }

    fn determinize(view: &PhaseView, parts: &mut PhaseParts, rng: &mut ChaCha8Rng) -> PhaseMatch {
        let (me, turn) = (view.player, view.state.turn());
        let sightings = &mut parts.sightings;
        view.sample_world(rng, |board, rng| sightings.imagine(board, me, turn, rng))
    }

    fn rank(parts: &mut PhaseParts, s: &PhaseMatch, out: &mut Vec<PhaseCommand>) {
        out.clear();
        let Some(me) = Self::to_move(s) else {
            return;
        };
        if let Some(cmd) = card_decision(s, me) {
            out.push(cmd);
            return;
        }
        parts.score(s, me);
        out.extend(parts.scored.iter().take(MAX_RANKED).map(|(_, c)| c.clone()));
        let end = parts.scored.last().map(|(_, c)| c.clone());
        if let Some(end) = end.filter(|e| e.unit().is_none() && !out.contains(e)) {
            out.push(end);
        }
    }

    fn play(parts: &mut PhaseParts, s: &mut PhaseMatch, cmd: &PhaseCommand) {
        parts.events.clear();
        execute_unchecked(s, cmd, &mut parts.events);
    }

    fn rollout(parts: &mut PhaseParts, s: &mut PhaseMatch, _me: PlayerId, n: u8) {
        let start = s.turn();
        for _ in 0..n {
            let Some(me) = Self::to_move(s) else {
                return;
            };
            if s.turn() > start {
                return;
            }
            let cmd = card_decision(s, me).unwrap_or_else(|| {
                let base = parts.score(s, me);
                match parts.scored.first() {
                    Some((v, c)) if *v > base + 1e-9 => c.clone(),
                    _ => Self::pass(s),
                }
            });
            if Self::check(s, &cmd).is_err() {
                return;
            }
            parts.events.clear();
            execute_unchecked(s, &cmd, &mut parts.events);
        }
    }

    fn values(parts: &mut PhaseParts, s: &PhaseMatch, out: &mut [f64; 4]) {
        *out = [0.0; 4];
        let n = s.players();
        match s.board().outcome() {
            Some(Outcome::Won(w)) => out[w.index()] = 1.0,
            Some(Outcome::Draw) => {
                for v in out.iter_mut().take(n) {
                    *v = 1.0 / n as f64;
                }
            }
            None => {
                let eval = evaluator(&mut parts.eval, s);
                let mut e = [0.0; 4];
                for (p, v) in e.iter_mut().enumerate().take(n) {
                    *v = value(eval, s, PlayerId(p as u8));
                }
                for p in 0..n {
                    let rival = (0..n)
                        .filter(|&q| q != p)
                        .map(|q| e[q])
                        .fold(f64::NEG_INFINITY, f64::max);
                    out[p] = logistic((e[p] - rival) / VALUE_SCALE);
                }
            }
        }
    }

    fn policy_features(
        parts: &mut PhaseParts,
        s: &PhaseMatch,
        cmds: &[PhaseCommand],
        out: &mut Vec<[f32; crate::bots::policy::FEATURES]>,
    ) {
        out.clear();
        let n = s.players();
        let me = Self::to_move(s).unwrap_or(PlayerId(0));
        // The evaluation with points, the mover's less its best rival's.
        let lead = |eval: &Evaluator, s: &PhaseMatch| {
            let mine = value(eval, s, me);
            let rival = me
                .others(n)
                .map(|p| value(eval, s, p))
                .fold(f64::NEG_INFINITY, f64::max);
            (mine - rival) / VALUE_SCALE
        };
        let eval = evaluator(&mut parts.eval, s);
        let before = terms_against_rivals(eval, s.board(), me, n);
        let lead_before = lead(eval, s);
        for cmd in cmds {
            let next = after(&mut parts.work, &mut parts.events, s, cmd);
            let eval = evaluator(&mut parts.eval, next);
            let after_terms = terms_against_rivals(eval, next.board(), me, n);
            let gain = match next.board().outcome() {
                Some(Outcome::Won(w)) if w == me => WON_GAIN,
                Some(Outcome::Won(_)) => -WON_GAIN,
                _ => lead(eval, next) - lead_before,
            };
            let (kind, acting) = match cmd {
                PhaseCommand::Unit(u) => (CommandKind::of_unit(u), Some(u.unit())),
                PhaseCommand::EndUnit | PhaseCommand::EndSlot => (CommandKind::End, None),
                PhaseCommand::PlaceCards { .. } | PhaseCommand::Reveal { .. } => {
                    (CommandKind::Other, None)
                }
            };
            let t = PolicyTerms {
                gain,
                kind,
                before: &before,
                after: &after_terms,
                tactics: tactics(next.board(), me, acting),
                acting: acting_terms(s.board(), next.board(), me, acting),
            };
            let mut f = [0.0; crate::bots::policy::FEATURES];
            policy_terms(&t, &mut f);
            out.push(f);
        }
    }
}

/// The policy's value gain for a command that wins the match (one that
/// loses it, the opposite).
const WON_GAIN: f64 = 20.0;
