//! Bots for phase-rules-v1, deciding from their player's
//! [`PhaseView`](crate::rules::phase::PhaseView) only, with fixed budgets:
//!
//! - [`PhaseRandomBot`]: uniform over the legal decisions.
//! - [`PhaseGreedyBot`]: a card strategy (fast cards for the classes whose
//!   units can strike, capture or are threatened now; slow cards for the
//!   classes that do better waiting to react; the lowest for classes it has
//!   no units in, keeping middle cards in hand for ties) and one-step
//!   lookahead for unit turns on the shared evaluation.
//! - [`PhasePlannerBot`]: the same cards, and whole unit turns planned by a
//!   beam search over the unit's own actions; the unit whose planned turn
//!   gains most goes first.
//!
//! Documented in `docs/bots.md`.

mod greedy;
mod planner;
mod random;

pub use greedy::PhaseGreedyBot;
pub use planner::PhasePlannerBot;
pub use random::PhaseRandomBot;

use super::eval::Evaluator;
use super::{Bot, BotKind, HasBots, bot_rng};
use crate::map::Side;
use crate::player::PlayerId;
use crate::rules::phase::logic::{actions_for, execute_unchecked};
use crate::rules::phase::{MOVE_STEPS, PHASES, PhaseCommand, PhaseEvent, PhaseMatch, Stage};
use crate::rules::roster::Class;
use crate::ruleset::PhaseRulesV1;

/// What a point already scored is worth to the evaluation (an objective
/// held is worth 12 while held; points are kept for good).
const POINT: f64 = 6.0;

impl HasBots for PhaseRulesV1 {
    const SEARCH_BUDGET: super::SearchBudget =
        super::SearchBudget::for_ruleset(crate::ruleset::RulesetId::PhaseRulesV1);

    fn search_budget(setup: &crate::rules::scenario::Prepared) -> super::SearchBudget {
        setup.search
    }

    fn bot_with(
        kind: BotKind,
        seed: u64,
        side: Side,
        budget: super::SearchBudget,
    ) -> Box<dyn Bot<Self>> {
        let rng = bot_rng(seed, side, kind);
        match kind {
            BotKind::Random => Box::new(PhaseRandomBot::new(rng)),
            BotKind::Greedy => Box::new(PhaseGreedyBot::new(rng)),
            BotKind::Planner => Box::new(PhasePlannerBot::new()),
            BotKind::Search => Box::new(super::SearchBot::<PhaseRulesV1>::new(
                rng,
                super::SearchConfig::for_ruleset::<PhaseRulesV1>(budget),
            )),
            BotKind::Policy => Box::new(super::PolicyBot::<PhaseRulesV1>::new(rng)),
        }
    }
}

/// The evaluation of a phase-rules state for `me`: the shared board
/// evaluation plus points scored (mine minus each other player's).
pub(crate) fn value(eval: &Evaluator, s: &PhaseMatch, me: PlayerId) -> f64 {
    let mut v = eval.evaluate(s.board(), me);
    if s.board().outcome().is_none() {
        let points = s.points();
        v += POINT * f64::from(points[me]);
        for p in me.others(s.players()) {
            v -= POINT * f64::from(points[p]);
        }
    }
    v
}

/// The evaluator for `s`'s board, kept between decisions.
pub(crate) fn evaluator<'a>(slot: &'a mut Option<Evaluator>, s: &PhaseMatch) -> &'a Evaluator {
    if !slot.as_ref().is_some_and(|e| e.fits(s.board())) {
        *slot = Some(Evaluator::standing(s.board()));
    }
    slot.as_ref().expect("just set")
}

/// How much it pays `me` to play `class` early this turn, or `None` when
/// it has no living unit of the class: 2 per unit that can reach an enemy
/// unit or base with its actions (a kill or base damage before anyone
/// reacts), 1 per unit an enemy unit could reach (strike or step away
/// first), 1 per unit that can reach an objective it does not own.
fn urgency(s: &PhaseMatch, me: PlayerId, class: Class) -> Option<u32> {
    let b = s.board();
    let a = b.arena();
    let mine: Vec<_> = b
        .units()
        .iter()
        .filter(|u| u.side == me && u.alive() && b.roster().kind(u.kind).def.class == class)
        .collect();
    if mine.is_empty() {
        return None;
    }
    let mut score = 0;
    for u in mine {
        let kind = b.roster().kind(u.kind);
        let here = a.hex(u.cell);
        let actions = u32::from(actions_for(s, u));
        let walk = u32::from(MOVE_STEPS) * actions;
        let strike = u32::from(MOVE_STEPS) * actions.saturating_sub(1) + u32::from(kind.def.range);
        let enemy_units = b
            .units()
            .iter()
            .filter(|e| e.side != me && e.alive() && e.cell != crate::rules::arena::NO_CELL);
        let mut can_strike = b.bases().iter().any(|base| {
            base.side != me
                && base.health > 0
                && a.hex(base.cell).unsigned_distance_to(here) <= strike
        });
        let mut threatened = false;
        for e in enemy_units {
            let d = a.hex(e.cell).unsigned_distance_to(here);
            can_strike |= d <= strike;
            let reach = u32::from(MOVE_STEPS) * 2 + u32::from(b.roster().kind(e.kind).def.range);
            threatened |= d <= reach;
        }
        let objective = b
            .objectives()
            .iter()
            .any(|o| o.owner != Some(me) && a.hex(o.cell).unsigned_distance_to(here) <= walk);
        score += 2 * u32::from(can_strike) + u32::from(threatened) + u32::from(objective);
    }
    Some(score)
}

/// The greedy and planner bots' cards: urgent classes take the highest
/// cards, most urgent first; classes without units the lowest; classes
/// with units but nothing urgent the next lowest (they do better moving
/// after the others). The cards left — the middle ones — stay in hand for
/// ties.
fn card_plan(s: &PhaseMatch, me: PlayerId) -> [u8; 4] {
    let scores: Vec<(usize, Option<u32>)> = PHASES
        .iter()
        .enumerate()
        .map(|(i, &c)| (i, urgency(s, me, c)))
        .collect();
    let mut cards = [0u8; 4];
    let mut urgent: Vec<(usize, u32)> = scores
        .iter()
        .filter_map(|&(i, u)| u.filter(|&u| u > 0).map(|u| (i, u)))
        .collect();
    urgent.sort_by_key(|&(i, u)| (std::cmp::Reverse(u), i));
    for (k, (i, _)) in urgent.iter().enumerate() {
        cards[*i] = 8 - k as u8;
    }
    let mut low = 1;
    for wanted in [None, Some(0)] {
        for &(i, u) in &scores {
            if u == wanted {
                cards[i] = low;
                low += 1;
            }
        }
    }
    cards
}

/// The card a tied bot reveals: its highest (a tie it loses costs a slot,
/// and the card is spent only for this turn).
fn reveal_card(s: &PhaseMatch, me: PlayerId) -> PhaseCommand {
    PhaseCommand::Reveal {
        player: me,
        card: s.seats()[me].hand.iter().last().unwrap_or(1),
    }
}

/// The greedy and planner bots' decision while cards are placed or a tie
/// is broken: [`card_plan`] and [`reveal_card`]; `None` while units act.
pub(crate) fn card_decision(s: &PhaseMatch, me: PlayerId) -> Option<PhaseCommand> {
    match s.stage() {
        Stage::Placing => Some(PhaseCommand::PlaceCards {
            player: me,
            cards: card_plan(s, me),
        }),
        Stage::Revealing => Some(reveal_card(s, me)),
        Stage::Acting => None,
    }
}

/// `cmd` played on a copy of `s` kept in `work`.
pub(crate) fn after<'a>(
    work: &'a mut Option<PhaseMatch>,
    events: &mut Vec<PhaseEvent>,
    s: &PhaseMatch,
    cmd: &PhaseCommand,
) -> &'a PhaseMatch {
    let w = match work {
        Some(w) => {
            w.clone_from(s);
            w
        }
        None => work.insert(s.clone()),
    };
    events.clear();
    execute_unchecked(w, cmd, events);
    w
}
