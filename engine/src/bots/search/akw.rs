//! The search bot in akw-rules-v1: worlds from the view and the sightings
//! (the enemy's unseen bank stays at the view's 0), commands ranked by the
//! greedy bot's one-step lookahead, rollouts by the greedy policy, values
//! from the shared evaluation.

use super::sightings::Sightings;
use super::{
    CommandKind, MAX_RANKED, PolicyTerms, Searchable, acting as acting_terms, policy_terms,
    tactics, terms_against_rivals, value,
};
use crate::bots::greedy::{Lookahead, best};
use crate::player::PlayerId;
use crate::rules::logic::execute_unchecked;
use crate::rules::{Command, Event, MatchState, Outcome, PlayerView};
use crate::ruleset::AkwRulesV1;
use rand_chacha::ChaCha8Rng;

/// The akw-rules-v1 search bot's memory and buffers.
#[derive(Debug, Default)]
pub struct AkwParts {
    look: Lookahead,
    scored: Vec<(f64, Command)>,
    events: Vec<Event>,
    sightings: Sightings,
}

impl Searchable for AkwRulesV1 {
    type Parts = AkwParts;

    /// Guided: 60.8% of 400 games [51.1, 70.4] against the ranked order at
    /// 400 playouts (docs/bots.md, "Guided by the policy").
    const GUIDED: bool = true;

    fn viewer(view: &PlayerView) -> PlayerId {
        view.side
    }

    fn observe(parts: &mut AkwParts, view: &PlayerView) {
        parts
            .sightings
            .observe(&view.state, view.side, view.state.turn());
    }

    fn determinize(view: &PlayerView, parts: &mut AkwParts, rng: &mut ChaCha8Rng) -> MatchState {
        let mut world = view.state.clone();
        let turn = world.turn();
        parts.sightings.imagine(&mut world, view.side, turn, rng);
        world
    }

    fn rank(parts: &mut AkwParts, s: &MatchState, out: &mut Vec<Command>) {
        out.clear();
        if s.outcome().is_some() {
            return;
        }
        parts.look.score(s, s.side(), &[], &mut parts.scored);
        // Stable: equal scores keep the legal order.
        parts.scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        out.extend(parts.scored.iter().take(MAX_RANKED).map(|(_, c)| c.clone()));
        if !out.contains(&Command::EndTurn) {
            out.push(Command::EndTurn);
        }
    }

    fn play(parts: &mut AkwParts, s: &mut MatchState, cmd: &Command) {
        parts.events.clear();
        execute_unchecked(s, cmd, &mut parts.events);
    }

    fn rollout(parts: &mut AkwParts, s: &mut MatchState, me: PlayerId, n: u8) {
        let start = s.turn();
        for _ in 0..n {
            if s.outcome().is_some() || (s.turn() > start && s.side() == me) {
                return;
            }
            let base = parts.look.score(s, s.side(), &[], &mut parts.scored);
            let cmd = best(&parts.scored, base);
            parts.events.clear();
            execute_unchecked(s, &cmd, &mut parts.events);
        }
    }

    fn values(parts: &mut AkwParts, s: &MatchState, out: &mut [f64; 4]) {
        *out = [0.0; 4];
        match s.outcome() {
            Some(Outcome::Won(w)) => out[w.index()] = 1.0,
            Some(Outcome::Draw) => {
                out[0] = 0.5;
                out[1] = 0.5;
            }
            None => {
                out[0] = value::side_0_wins(parts.look.evaluator(s), s);
                out[1] = 1.0 - out[0];
            }
        }
    }

    fn policy_features(
        parts: &mut AkwParts,
        s: &MatchState,
        cmds: &[Command],
        out: &mut Vec<[f32; crate::bots::policy::FEATURES]>,
    ) {
        out.clear();
        let me = s.side();
        let logit = |t: &[f64; value::FEATURES]| -> f64 {
            t.iter().zip(value::WEIGHTS).map(|(t, w)| t * w).sum()
        };
        let before = terms_against_rivals(parts.look.evaluator(s), s, me, 2);
        let mut next = s.clone();
        for cmd in cmds {
            next.clone_from(s);
            parts.events.clear();
            execute_unchecked(&mut next, cmd, &mut parts.events);
            let after = terms_against_rivals(parts.look.evaluator(&next), &next, me, 2);
            let gain = match next.outcome() {
                Some(Outcome::Won(w)) if w == me => WON_GAIN,
                Some(Outcome::Won(_)) => -WON_GAIN,
                _ => logit(&after) - logit(&before),
            };
            let (kind, acting) = match cmd {
                Command::EndTurn => (CommandKind::End, None),
                Command::Spawn { .. } => (CommandKind::Spawn, None),
                Command::Unit(u) => (CommandKind::of_unit(u), Some(u.unit())),
            };
            let t = PolicyTerms {
                gain,
                kind,
                before: &before,
                after: &after,
                tactics: tactics(&next, me, acting),
                acting: acting_terms(s, &next, me, acting),
            };
            let mut f = [0.0; crate::bots::policy::FEATURES];
            policy_terms(&t, &mut f);
            out.push(f);
        }
    }
}

/// The policy's value gain for a command that wins the match (one that
/// loses it, the opposite): beyond any change of the fitted value.
const WON_GAIN: f64 = 20.0;
