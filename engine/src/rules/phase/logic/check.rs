//! phase-rules-v1's `check`: whether a command is legal now, with the
//! reason when it is not (the stage, who decides, the acting unit and its
//! actions left, then the shared checks of the board).

use super::{actions_for, class_of, to_move};
use crate::player::PlayerId;
use crate::rules::UnitCommand;
use crate::rules::arena::Scratch;
use crate::rules::checks::{
    check_attack, check_heal_targets, check_move_to, check_rebound, check_summon_at, healing_of,
    summon_of,
};
use crate::rules::command::RuleError;
use crate::rules::phase::command::{PhaseCommand, PhaseError};
use crate::rules::phase::state::PhaseMatch;
use crate::rules::phase::{MOVE_STEPS, Stage};
use crate::rules::state::{Unit, UnitId};

pub(super) fn stage_is(
    pm: &PhaseMatch,
    stage: Stage,
    command: &'static str,
) -> Result<(), PhaseError> {
    if pm.stage() == stage {
        Ok(())
    } else {
        Err(PhaseError::WrongStage {
            command,
            waiting: pm.stage(),
        })
    }
}

pub(super) fn decider(pm: &PhaseMatch, player: PlayerId) -> Result<(), PhaseError> {
    match to_move(pm) {
        Some(to_move) if to_move != player => Err(PhaseError::NotYourDecision { player, to_move }),
        _ => Ok(()),
    }
}

/// The unit `id` if it may act now: it belongs to the slot's player, is
/// alive, of the phase's class, did not arrive this turn, is not done, and
/// no other unit is in the middle of its turn.
pub(super) fn acting_unit(pm: &PhaseMatch, id: UnitId) -> Result<&Unit, PhaseError> {
    stage_is(pm, Stage::Acting, "a unit's action")?;
    let u = pm.board.unit(id).ok_or(RuleError::NoSuchUnit(id))?;
    let slot = pm.slot_player().unwrap_or_default();
    if u.side != slot {
        return Err(PhaseError::NotYourUnit {
            unit: id,
            owner: u.side,
            slot,
        });
    }
    if !u.alive() {
        return Err(RuleError::NotAlive(id).into());
    }
    let class = class_of(pm, u);
    if class != pm.phase() {
        return Err(PhaseError::WrongPhase {
            unit: id,
            class,
            phase: pm.phase(),
        });
    }
    if u.arrived {
        return Err(RuleError::JustArrived(id).into());
    }
    if pm.unit_turn(id).done {
        return Err(PhaseError::UnitDone(id));
    }
    if let Some(active) = pm.active()
        && active != id
    {
        return Err(PhaseError::UnitInProgress { unit: id, active });
    }
    Ok(u)
}

/// The actions unit `u` has left (all of them before it starts).
pub(super) fn left(pm: &PhaseMatch, u: &Unit) -> u8 {
    let t = pm.unit_turn(u.id);
    if t.started {
        t.left
    } else {
        actions_for(pm, u)
    }
}

pub(super) fn has_action(pm: &PhaseMatch, u: &Unit) -> Result<(), PhaseError> {
    if left(pm, u) == 0 {
        Err(PhaseError::NoActionLeft(u.id))
    } else {
        Ok(())
    }
}

/// Checks a command against the rules.
///
/// # Errors
/// The first rule it breaks.
pub fn check(pm: &PhaseMatch, cmd: &PhaseCommand) -> Result<(), PhaseError> {
    check_with(pm, cmd, &mut Scratch::default())
}

/// [`check`] with reusable search buffers.
///
/// # Errors
/// The first rule it breaks.
pub fn check_with(
    pm: &PhaseMatch,
    cmd: &PhaseCommand,
    scratch: &mut Scratch,
) -> Result<(), PhaseError> {
    if pm.board.outcome().is_some() {
        return Err(PhaseError::MatchOver);
    }
    let b = &pm.board;
    match cmd {
        PhaseCommand::PlaceCards { player, cards } => {
            stage_is(pm, Stage::Placing, "placing cards")?;
            if pm.seats().get(*player).is_some_and(|s| s.placed) {
                return Err(PhaseError::AlreadyPlaced(*player));
            }
            decider(pm, *player)?;
            for (i, &c) in cards.iter().enumerate() {
                if !crate::rules::phase::Cards::is_card(c) {
                    return Err(PhaseError::NoSuchCard(c));
                }
                if cards[..i].contains(&c) {
                    return Err(PhaseError::CardTwice(c));
                }
            }
            Ok(())
        }
        PhaseCommand::Reveal { player, card } => {
            stage_is(pm, Stage::Revealing, "revealing a card")?;
            decider(pm, *player)?;
            if !crate::rules::phase::Cards::is_card(*card) {
                return Err(PhaseError::NoSuchCard(*card));
            }
            if !pm.seats()[*player].hand.contains(*card) {
                return Err(PhaseError::NotInHand {
                    player: *player,
                    card: *card,
                });
            }
            Ok(())
        }
        PhaseCommand::EndUnit => {
            stage_is(pm, Stage::Acting, "ending a unit's turn")?;
            pm.active().map(|_| ()).ok_or(PhaseError::NoUnitActive)
        }
        PhaseCommand::EndSlot => stage_is(pm, Stage::Acting, "ending the slot"),
        PhaseCommand::Unit(UnitCommand::Move { unit, to }) => {
            let u = acting_unit(pm, *unit)?;
            has_action(pm, u)?;
            check_move_to(b, u, *to, MOVE_STEPS, scratch)?;
            Ok(())
        }
        PhaseCommand::Unit(UnitCommand::Attack { unit, target }) => {
            let u = acting_unit(pm, *unit)?;
            has_action(pm, u)?;
            check_attack(b, u, *target, scratch)?;
            Ok(())
        }
        PhaseCommand::Unit(UnitCommand::Heal { unit, targets }) => {
            let u = acting_unit(pm, *unit)?;
            let (_, max) = healing_of(b, u)?;
            if u.ability_used {
                return Err(PhaseError::AbilityUsed {
                    unit: *unit,
                    ability: "Healing",
                });
            }
            Ok(check_heal_targets(b, u, targets, max)?)
        }
        PhaseCommand::Unit(UnitCommand::Summon { unit, to }) => {
            let u = acting_unit(pm, *unit)?;
            let summon = summon_of(b, u)?;
            if u.ability_used {
                return Err(PhaseError::AbilityUsed {
                    unit: *unit,
                    ability: "Summon",
                });
            }
            Ok(check_summon_at(b, u, summon, *to)?)
        }
        PhaseCommand::Unit(UnitCommand::Rebound { unit }) => {
            let u = acting_unit(pm, *unit)?;
            if pm.unit_turn(*unit).rebounded {
                return Err(PhaseError::AbilityUsed {
                    unit: *unit,
                    ability: "Rebound",
                });
            }
            check_rebound(b, u)?;
            Ok(())
        }
    }
}
