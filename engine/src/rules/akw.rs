//! akw-rules-v1's own mechanics beside the shared ones: Energy (banks
//! capped at 15, spending, kill bonus, the opening bonus), income with its
//! penalties, and the order of a turn start. The kill bonus, the Energy and
//! income penalties and "the last enemy base fell" are its [`Hooks`].

use super::event::{EnergyReason, Event};
use super::mechanics::{Exec, Hooks};
use super::roster::DeathPenalty;
use super::state::{ENERGY_CAP, KILL_BONUS, OPENING_BONUS, Outcome};
use crate::map::Side;
use crate::player::PlayerId;

/// akw-rules-v1's answers to the shared mechanics' questions.
pub(super) struct Akw;

impl Hooks for Akw {
    fn killed(x: &mut Exec<'_, Self>, killer: Side) {
        x.energy(killer, i16::from(KILL_BONUS), EnergyReason::Kill);
    }

    fn penalty(x: &mut Exec<'_, Self>, side: Side, penalty: DeathPenalty) {
        match penalty {
            DeathPenalty::EnergyLoss(n) => {
                x.energy(side, -i16::from(n), EnergyReason::Penalty);
            }
            DeathPenalty::IncomeLoss { amount, turns } => {
                x.emit(Event::PenaltyIncome {
                    side,
                    amount,
                    turns,
                });
            }
            DeathPenalty::Wound(_) => {}
        }
    }

    fn base_fell(x: &mut Exec<'_, Self>, attacker: Side) {
        if x.s
            .bases()
            .iter()
            .all(|b| b.side == attacker || b.health == 0)
        {
            x.emit(Event::MatchEnded {
                outcome: Outcome::Won(attacker),
            });
        }
    }
}

impl Exec<'_, Akw> {
    /// Changes `side`'s bank by `delta`, within 0 and the cap.
    pub(super) fn energy(&mut self, side: Side, delta: i16, reason: EnergyReason) {
        let bank = self.s.energy()[side];
        let new = (i16::from(bank) + delta).clamp(0, i16::from(ENERGY_CAP)) as u8;
        self.emit(Event::Energy {
            side,
            delta: i16::from(new) - i16::from(bank),
            bank: new,
            reason,
        });
    }

    /// The start of `side`'s turn `turn`, in the rules' order.
    pub(super) fn start_turn(&mut self, side: Side, turn: u32) {
        self.emit(Event::TurnStarted { side, turn });
        // 1. Pending captures held until now resolve.
        self.resolve_captures(side);
        // 2. Income (objectives captured before this turn start only).
        let mut income = i16::from(self.s.income(side, turn));
        let (loss, left) = self.s.income_loss()[side];
        if left > 0 {
            income = (income - i16::from(loss)).max(0);
            self.emit(Event::IncomePenaltyUsed {
                side,
                turns_left: left - 1,
            });
        }
        self.energy(side, income, EnergyReason::Income);
        if side == PlayerId(1) && turn == 1 {
            self.energy(side, i16::from(OPENING_BONUS), EnergyReason::OpeningBonus);
        }
        // 3. Flags and barracks spawn use.
        self.emit(Event::FlagsReset { side });
        let corpses = self.corpses(side);
        // 4. Poison ticks.
        self.poison_ticks(side);
        // 5. Corpses revive: those left before this turn start began (a
        // unit that poison kills now lies there until its side's next turn
        // start, so the enemy gets a turn to destroy the corpse).
        self.revive(corpses);
        // 6. Monk passive healing.
        self.monk_healing(side);
    }
}
