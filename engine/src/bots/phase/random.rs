//! The random phase-rules bot.

use crate::bots::Bot;
use crate::rules::phase::logic::{check_with, legal_into};
use crate::rules::phase::{CARDS, MOVE_STEPS, PhaseCommand, PhaseView, Stage};
use crate::rules::{Scratch, Unit};
use crate::ruleset::PhaseRulesV1;
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Draws from the superset before listing the legal commands.
const DRAWS: usize = 48;

/// Uniform over the legal decisions of its view: four cards drawn at
/// random (every ordered placement equally likely), a random card of the
/// hand to reveal, or any legal unit command, `EndUnit` or `EndSlot`.
///
/// Unit commands are drawn, like akw-rules-v1's random bot, from a superset
/// that costs no path search — every hex within 3 steps of each unit that
/// may act as a move, every hex within its range as an attack, its Rebound,
/// Healing choices and Summon hexes — in which every legal command appears
/// exactly once; the first draw the rules accept is played (rejection
/// sampling, so exactly uniform), and after [`DRAWS`] refused draws it
/// lists the legal commands and picks among them.
#[derive(Debug)]
pub struct PhaseRandomBot {
    rng: ChaCha8Rng,
    scratch: Scratch,
    pool: Vec<PhaseCommand>,
}

impl PhaseRandomBot {
    /// A random bot drawing from `rng`.
    #[must_use]
    pub fn new(rng: ChaCha8Rng) -> Self {
        Self {
            rng,
            scratch: Scratch::default(),
            pool: Vec::new(),
        }
    }
}

/// The superset of the legal unit commands of `u` (see [`PhaseRandomBot`]).
fn candidates(view: &PhaseView, u: &Unit, out: &mut Vec<PhaseCommand>) {
    let b = view.state.board();
    let a = b.arena();
    let kind = b.roster().kind(u.kind);
    let (unit, here) = (u.id, a.hex(u.cell));
    for to in here.range(u32::from(MOVE_STEPS)) {
        if to != here && a.cell(to).is_some() {
            out.push(PhaseCommand::Move { unit, to });
        }
    }
    let reach = if kind.phasewalk { 0 } else { kind.def.range };
    for target in here.range(u32::from(reach)) {
        if a.cell(target).is_some() {
            out.push(PhaseCommand::Attack { unit, target });
        }
    }
    if kind.rebound {
        out.push(PhaseCommand::Rebound { unit });
    }
    if kind.healing.is_some() && !u.ability_used {
        crate::rules::heal_choices(b, unit, |targets| {
            out.push(PhaseCommand::Heal { unit, targets });
        });
    }
    if kind.summon.is_some() {
        for &n in a.neighbours(u.cell) {
            if n != crate::rules::arena::NO_CELL {
                out.push(PhaseCommand::Summon { unit, to: a.hex(n) });
            }
        }
    }
}

impl Bot<PhaseRulesV1> for PhaseRandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn decide(&mut self, view: &PhaseView, rejected: &[PhaseCommand]) -> PhaseCommand {
        let s = &view.state;
        match s.stage() {
            Stage::Placing => {
                let mut deck: Vec<u8> = (1..=CARDS).collect();
                deck.shuffle(&mut self.rng);
                return PhaseCommand::PlaceCards {
                    player: view.player,
                    cards: [deck[0], deck[1], deck[2], deck[3]],
                };
            }
            Stage::Revealing => {
                let hand: Vec<u8> = s.seats()[view.player].hand.iter().collect();
                if let Some(&card) = hand.get(self.rng.random_range(0..hand.len().max(1))) {
                    return PhaseCommand::Reveal {
                        player: view.player,
                        card,
                    };
                }
            }
            Stage::Acting => {}
        }
        self.pool.clear();
        self.pool.push(PhaseCommand::EndSlot);
        if s.active().is_some() {
            self.pool.push(PhaseCommand::EndUnit);
        }
        let b = s.board();
        for u in b.units() {
            let mine = u.side == view.player && u.alive() && !u.arrived;
            let may = mine
                && b.roster().kind(u.kind).def.class == s.phase()
                && !s.unit_turn(u.id).done
                && s.active().is_none_or(|a| a == u.id);
            if may {
                candidates(view, u, &mut self.pool);
            }
        }
        for _ in 0..DRAWS {
            let cmd = &self.pool[self.rng.random_range(0..self.pool.len())];
            if !rejected.contains(cmd) && check_with(s, cmd, &mut self.scratch).is_ok() {
                return cmd.clone();
            }
        }
        legal_into(s, &mut self.scratch, &mut self.pool);
        self.pool.retain(|c| !rejected.contains(c));
        if self.pool.is_empty() {
            return PhaseCommand::EndSlot;
        }
        let i = self.rng.random_range(0..self.pool.len());
        self.pool.swap_remove(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;
    use crate::player::PlayerId;
    use crate::rules::Roster;
    use crate::rules::scenario::Scenario;
    use crate::ruleset::Ruleset;
    use std::path::Path;

    #[test]
    fn the_superset_holds_every_legal_unit_command_exactly_once() {
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        let map = format::load_map(&maps.join("four-corners.ron")).unwrap();
        let scenario =
            Scenario::for_map(map, 2, 40).with_ruleset(crate::ruleset::RulesetId::PhaseRulesV1);
        let p = scenario.prepare(&maps, &Roster::bundled(), "t").unwrap();
        let (mut s, _) = PhaseRulesV1::start(&p, 2);
        let mut bot = PhaseRandomBot::new(crate::bots::bot_rng(
            2,
            PlayerId(0),
            crate::bots::BotKind::Random,
        ));
        let mut checked = 0;
        let mut events = Vec::new();
        for _ in 0..3000 {
            let Some(me) = PhaseRulesV1::to_move(&s) else {
                break;
            };
            if s.stage() == Stage::Acting {
                let view = PhaseView::new(&s, me);
                let mut pool = Vec::new();
                for u in view.state.board().units() {
                    let may = u.side == me
                        && u.alive()
                        && !u.arrived
                        && view.state.board().roster().kind(u.kind).def.class == s.phase()
                        && !s.unit_turn(u.id).done
                        && s.active().is_none_or(|a| a == u.id);
                    if may {
                        candidates(&view, u, &mut pool);
                    }
                }
                for cmd in PhaseRulesV1::legal_commands(&view.state) {
                    if cmd.unit().is_some() {
                        assert_eq!(pool.iter().filter(|c| **c == cmd).count(), 1, "{cmd}");
                        checked += 1;
                    }
                }
            }
            let view = PhaseView::new(&s, me);
            let cmd = bot.decide(&view, &[]);
            events.clear();
            if PhaseRulesV1::execute(&mut s, &cmd, &mut events).is_err() {
                let pass = PhaseRulesV1::pass(&s);
                PhaseRulesV1::execute(&mut s, &pass, &mut events).unwrap();
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
