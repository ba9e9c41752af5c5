//! The random phase-rules bot.

use crate::bots::Bot;
use crate::rules::UnitCommand;
use crate::rules::arena::{Cell, NO_CELL};
use crate::rules::phase::logic::{check_with, legal_into};
use crate::rules::phase::{CARDS, MOVE_STEPS, PhaseCommand, PhaseView, Stage};
use crate::rules::{Scratch, Unit, UnitId};
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
/// Unit commands are drawn, like akw-rules-v1's random bot, from a
/// [`Superset`] that costs no path search, in which every legal command
/// appears exactly once; the first draw the rules accept is played
/// (rejection sampling, so exactly uniform), and after [`DRAWS`] refused
/// draws it lists the legal commands and picks among them.
#[derive(Debug)]
pub struct PhaseRandomBot {
    rng: ChaCha8Rng,
    scratch: Scratch,
    superset: Superset,
}

impl PhaseRandomBot {
    /// A random bot drawing from `rng`.
    #[must_use]
    pub fn new(rng: ChaCha8Rng) -> Self {
        Self {
            rng,
            scratch: Scratch::default(),
            superset: Superset::default(),
        }
    }
}

/// The moves and attacks of one unit, drawn by index from the arena's
/// table of near cells instead of being listed.
#[derive(Clone, Copy, Debug)]
struct Reach {
    unit: UnitId,
    cell: Cell,
    /// Every other usable hex within [`MOVE_STEPS`].
    moves: usize,
    /// Attack range, when the usable hexes within it are drawn by index.
    range: u8,
    attacks: usize,
}

/// A superset of the legal unit commands of the player to act: for each
/// unit that may act, every hex within 3 hexes as a move and every hex
/// within its range as an attack (while it has an action left), its
/// Rebound (with a move to take back), its Healing choices and Summon hexes
/// (ability unused), plus `EndUnit` and `EndSlot`. Moves and attacks are
/// counted, not listed, so building it costs a few table lookups per unit.
#[derive(Debug, Default)]
struct Superset {
    listed: Vec<PhaseCommand>,
    reaches: Vec<Reach>,
    len: usize,
}

impl Superset {
    fn build(&mut self, view: &PhaseView) {
        self.listed.clear();
        self.reaches.clear();
        let s = &view.state;
        self.listed.push(PhaseCommand::EndSlot);
        if s.active().is_some() {
            self.listed.push(PhaseCommand::EndUnit);
        }
        let b = s.board();
        for u in b.units() {
            let may = u.side == view.player
                && u.alive()
                && !u.arrived
                && b.roster().kind(u.kind).def.class == s.phase()
                && !s.unit_turn(u.id).done
                && s.active().is_none_or(|a| a == u.id);
            if may {
                self.add(view, u);
            }
        }
        self.len = self.listed.len()
            + self
                .reaches
                .iter()
                .map(|r| r.moves + r.attacks)
                .sum::<usize>();
    }

    fn add(&mut self, view: &PhaseView, u: &Unit) {
        let s = &view.state;
        let b = s.board();
        let a = b.arena();
        let kind = b.roster().kind(u.kind);
        let turn = s.unit_turn(u.id);
        let unit = u.id;
        if !turn.started || turn.left > 0 {
            let reach = if kind.phasewalk { 0 } else { kind.def.range };
            let moves = a.near(u.cell, MOVE_STEPS).map_or(0, |n| n.len() - 1);
            let attacks = if let Some(near) = a.near(u.cell, reach) {
                near.len()
            } else {
                let here = a.hex(u.cell);
                for target in here.range(u32::from(reach)) {
                    if a.cell(target).is_some() {
                        self.listed
                            .push(PhaseCommand::Unit(UnitCommand::Attack { unit, target }));
                    }
                }
                0
            };
            self.reaches.push(Reach {
                unit,
                cell: u.cell,
                moves,
                range: reach,
                attacks,
            });
        }
        if kind.rebound && !turn.rebounded && u.came_from.is_some() {
            self.listed
                .push(PhaseCommand::Unit(UnitCommand::Rebound { unit }));
        }
        if kind.healing.is_some() && !u.ability_used {
            crate::rules::heal_choices(b, unit, |targets| {
                self.listed
                    .push(PhaseCommand::Unit(UnitCommand::Heal { unit, targets }));
            });
        }
        if kind.summon.is_some() && !u.ability_used {
            for &n in a.neighbours(u.cell) {
                if n != NO_CELL {
                    self.listed.push(PhaseCommand::Unit(UnitCommand::Summon {
                        unit,
                        to: a.hex(n),
                    }));
                }
            }
        }
    }

    /// The `i`-th command, `i` below `self.len`.
    fn get(&self, view: &PhaseView, mut i: usize) -> PhaseCommand {
        if let Some(cmd) = self.listed.get(i) {
            return cmd.clone();
        }
        i -= self.listed.len();
        let a = view.state.board().arena();
        for r in &self.reaches {
            if i < r.moves {
                let near = a.near(r.cell, MOVE_STEPS).unwrap_or_default();
                let to = a.hex(near[1 + i]);
                return PhaseCommand::Unit(UnitCommand::Move { unit: r.unit, to });
            }
            i -= r.moves;
            if i < r.attacks {
                let near = a.near(r.cell, r.range).unwrap_or_default();
                let target = a.hex(near[i]);
                return PhaseCommand::Unit(UnitCommand::Attack {
                    unit: r.unit,
                    target,
                });
            }
            i -= r.attacks;
        }
        PhaseCommand::EndSlot
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
                let mut deck: [u8; CARDS as usize] = std::array::from_fn(|i| i as u8 + 1);
                deck.shuffle(&mut self.rng);
                return PhaseCommand::PlaceCards {
                    player: view.player,
                    cards: [deck[0], deck[1], deck[2], deck[3]],
                };
            }
            Stage::Revealing => {
                let hand = s.seats()[view.player].hand;
                let held = hand.iter().count();
                if let Some(card) = hand.iter().nth(self.rng.random_range(0..held.max(1))) {
                    return PhaseCommand::Reveal {
                        player: view.player,
                        card,
                    };
                }
            }
            Stage::Acting => {}
        }
        self.superset.build(view);
        for _ in 0..DRAWS {
            let cmd = self
                .superset
                .get(view, self.rng.random_range(0..self.superset.len));
            if !rejected.contains(&cmd) && check_with(s, &cmd, &mut self.scratch).is_ok() {
                return cmd;
            }
        }
        let pool = &mut self.superset.listed;
        legal_into(s, &mut self.scratch, pool);
        pool.retain(|c| !rejected.contains(c));
        if pool.is_empty() {
            return PhaseCommand::EndSlot;
        }
        let i = self.rng.random_range(0..pool.len());
        pool.swap_remove(i)
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
                let mut superset = Superset::default();
                superset.build(&view);
                let pool: Vec<PhaseCommand> =
                    (0..superset.len).map(|i| superset.get(&view, i)).collect();
                for cmd in &pool {
                    let n = pool.iter().filter(|c| *c == cmd).count();
                    assert_eq!(n, 1, "{cmd} {n} times in the superset");
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
