//! phase-rules-v1's `legal`: every command the player to move may give,
//! in a fixed order (placements, cards to reveal, or ending the slot or
//! the unit's turn and then each unit's moves, attacks, Rebound, heals and
//! summons).

use super::check::left;
use super::{may_act, to_move};
use crate::player::PlayerId;
use crate::rules::UnitCommand;
use crate::rules::arena::Scratch;
use crate::rules::checks::{attack_targets, check_rebound, heal_choices, summon_cells};
use crate::rules::mechanics::reachable_within;
use crate::rules::phase::command::PhaseCommand;
use crate::rules::phase::state::PhaseMatch;
use crate::rules::phase::{MOVE_STEPS, Stage};
use crate::rules::state::Unit;

/// Every legal command now, in a fixed order, into `out`: every placement
/// of four distinct cards (in lexicographic order), every card of the
/// hand to reveal, or `EndSlot`, `EndUnit` (while a unit acts) and then per
/// unit that may act (by id): moves, attacks, Rebound, heals, summons.
pub fn legal_into(pm: &PhaseMatch, scratch: &mut Scratch, out: &mut Vec<PhaseCommand>) {
    out.clear();
    let Some(player) = to_move(pm) else {
        return;
    };
    match pm.stage() {
        Stage::Placing => placements(player, out),
        Stage::Revealing => out.extend(
            pm.seats()[player]
                .hand
                .iter()
                .map(|card| PhaseCommand::Reveal { player, card }),
        ),
        Stage::Acting => {
            out.push(PhaseCommand::EndSlot);
            if pm.active().is_some() {
                out.push(PhaseCommand::EndUnit);
            }
            for u in pm.board.units() {
                if may_act(pm, player, u) && pm.active().is_none_or(|a| a == u.id) {
                    unit_options(pm, u, scratch, out);
                }
            }
        }
    }
}

pub(super) fn placements(player: PlayerId, out: &mut Vec<PhaseCommand>) {
    let cards = 1..=crate::rules::phase::CARDS;
    for a in cards.clone() {
        for b in cards.clone().filter(|&b| b != a) {
            for c in cards.clone().filter(|&c| c != a && c != b) {
                for d in cards.clone().filter(|&d| d != a && d != b && d != c) {
                    out.push(PhaseCommand::PlaceCards {
                        player,
                        cards: [a, b, c, d],
                    });
                }
            }
        }
    }
}

/// What unit `u` (which may act) may do now.
pub(super) fn unit_options(
    pm: &PhaseMatch,
    u: &Unit,
    scratch: &mut Scratch,
    out: &mut Vec<PhaseCommand>,
) {
    let b = &pm.board;
    let a = b.arena();
    let unit = u.id;
    if left(pm, u) > 0 {
        reachable_within(b, u, MOVE_STEPS, scratch, |c| {
            out.push(PhaseCommand::Unit(UnitCommand::Move { unit, to: a.hex(c) }));
        });
        attack_targets(b, u, scratch, |c| {
            out.push(PhaseCommand::Unit(UnitCommand::Attack {
                unit,
                target: a.hex(c),
            }));
        });
    }
    if !pm.unit_turn(unit).rebounded && check_rebound(b, u).is_ok() {
        out.push(PhaseCommand::Unit(UnitCommand::Rebound { unit }));
    }
    if !u.ability_used {
        heal_choices(b, unit, |targets| {
            out.push(PhaseCommand::Unit(UnitCommand::Heal { unit, targets }));
        });
        summon_cells(b, u, |c| {
            out.push(PhaseCommand::Unit(UnitCommand::Summon {
                unit,
                to: a.hex(c),
            }));
        });
    }
}
