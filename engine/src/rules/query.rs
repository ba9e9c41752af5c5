//! Questions a front end asks about a match, answered by the rules: how a
//! side stands as one viewer may know it, which captures are pending,
//! whether a unit is spent, what a barracks can spawn. The sandbox draws these answers and restates no rule.

use super::command::{Command, RuleError};
use super::logic::{check, legal};
use super::state::{ENERGY_CAP, MatchState, TURNS_PER_ROUND, Unit};
use crate::Hex;
use crate::map::Side;
use crate::rules::KindName;

impl MatchState {
    /// Whether a living unit has nothing left to do this turn: it arrived
    /// this turn, or it has moved and used all its actions.
    #[must_use]
    pub fn is_spent(&self, u: &Unit) -> bool {
        let kind = self.roster().kind(u.kind);
        u.alive() && (u.arrived || (u.moved && u.actions >= kind.actions))
    }

    /// The income `side` gets at its next turn start, before penalties
    /// (see [`MatchState::income`]).
    #[must_use]
    pub fn next_income(&self, side: Side) -> u8 {
        let next = if self.side() == side {
            self.turn() + TURNS_PER_ROUND
        } else {
            self.turn() + 1
        };
        self.income(side, next)
    }
}

/// How one side stands, as a viewer may know it: what its view hides is
/// `None`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideSummary {
    /// The side.
    pub side: Side,
    /// Its race's name.
    pub race: String,
    /// Its Energy bank (`None`: hidden from the viewer).
    pub energy: Option<u8>,
    /// The most Energy a bank holds.
    pub energy_cap: u8,
    /// Its income at its next turn start, before penalties.
    pub next_income: u8,
    /// The health of each of its bases, in cell order.
    pub base_health: Vec<u8>,
    /// Objectives it owns.
    pub objectives: usize,
    /// Outposts it controls.
    pub outposts: usize,
    /// Its living units (`None`: hidden from the viewer).
    pub units: Option<usize>,
}

/// `side`'s summary as `viewer` may know it (`None`: all-seeing). A side's
/// Energy and unit count are hidden from the other side; bases, objectives
/// and Outposts are in plain sight.
#[must_use]
pub fn side_summary(s: &MatchState, side: Side, viewer: Option<Side>) -> SideSummary {
    let hidden = viewer.is_some_and(|v| v != side);
    SideSummary {
        side,
        race: s.roster().races[usize::from(s.race()[side])].clone(),
        energy: (!hidden).then(|| s.energy()[side]),
        energy_cap: ENERGY_CAP,
        next_income: s.next_income(side),
        base_health: s
            .bases()
            .iter()
            .filter(|b| b.side == side)
            .map(|b| b.health)
            .collect(),
        objectives: s
            .objectives()
            .iter()
            .filter(|o| o.owner == Some(side))
            .count(),
        outposts: s
            .arena()
            .outposts
            .iter()
            .filter(|&&c| s.outpost_controller(c) == Some(side))
            .count(),
        units: (!hidden).then(|| {
            s.units()
                .iter()
                .filter(|u| u.side == side && u.alive())
                .count()
        }),
    }
}

/// A delayed capture: a unit that neutralised an enemy objective takes it
/// at its side's next turn start if it still stands there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingCapture {
    /// The objective.
    pub hex: Hex,
    /// The side that takes it.
    pub side: Side,
}

/// The pending captures `viewer` may know of (`None`: all-seeing): its own,
/// and the enemy's on objectives where it sees units. None once the match
/// is over.
#[must_use]
pub fn pending_captures(s: &MatchState, viewer: Option<Side>) -> Vec<PendingCapture> {
    if s.outcome().is_some() {
        return Vec::new();
    }
    s.objectives()
        .iter()
        .filter_map(|o| {
            let u = s.unit(o.pending?)?;
            let seen = match viewer {
                None => true,
                Some(v) => v == u.side || super::fog::sees_units_at(s, v, o.cell),
            };
            seen.then(|| PendingCapture {
                hex: s.arena().hex(o.cell),
                side: u.side,
            })
        })
        .collect()
}

/// Why a barracks cannot spawn a kind now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpawnRefusal {
    /// The rules refuse it (wrong turn, used barracks, too little Energy…).
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// Every hex next to the barracks is taken.
    #[error("no free hex next to the barracks")]
    NoFreeHex,
}

/// One kind a barracks could spawn, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpawnOption {
    /// The kind's name.
    pub kind: String,
    /// Its Energy cost.
    pub cost: u8,
    /// The hexes it may be spawned on now (empty when refused).
    pub targets: Vec<Hex>,
    /// Why it cannot be spawned now, when `targets` is empty.
    pub refusal: Option<SpawnRefusal>,
}

/// The kinds the side to move may spawn at the barracks on `barracks`
/// (its race's soldiers and elites, in roster order), each with its legal
/// targets or the reason it is refused.
#[must_use]
pub fn spawn_options(s: &MatchState, barracks: Hex) -> Vec<SpawnOption> {
    let race = s.race()[s.side()];
    let legal = legal(s);
    s.roster()
        .race_kinds(race)
        .map(|k| &s.roster().kind(k).def)
        .filter(|kd| kd.class.spawnable())
        .map(|kd| {
            let targets: Vec<Hex> = legal
                .iter()
                .filter_map(|c| match c {
                    Command::Spawn {
                        barracks: b,
                        kind,
                        to,
                    } if *b == barracks && *kind == kd.name => Some(*to),
                    _ => None,
                })
                .collect();
            let refusal = targets.is_empty().then(|| {
                let probe = Command::Spawn {
                    barracks,
                    kind: KindName::new(&kd.name),
                    to: barracks,
                };
                check(s, &probe).map_or_else(SpawnRefusal::Rule, |()| SpawnRefusal::NoFreeHex)
            });
            SpawnOption {
                kind: kd.name.clone(),
                cost: kd.cost.unwrap_or(0),
                targets,
                refusal,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;
    use crate::player::PlayerId;
    use crate::rules::scenario::{Prepared, Scenario};
    use crate::rules::state::BASE_INCOME;
    use crate::rules::{EnergyReason, Event, Roster, Status, execute};
    use std::path::Path;

    fn prepared(file: &str) -> Prepared {
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        let map = format::load_map(&maps.join(file)).unwrap();
        Scenario::for_map(map, 3, 20)
            .prepare(&maps, &Roster::bundled(), "t")
            .unwrap()
    }

    fn play(s: &mut MatchState, cmd: &Command) {
        let mut events: Vec<Event> = Vec::new();
        execute(s, cmd, &mut events).unwrap();
    }

    #[test]
    fn a_unit_is_spent_after_moving_and_acting_or_arriving() {
        let (s, _) = prepared("twin-fords.ron").new_match();
        let side = s.side();
        let u = *s
            .units()
            .iter()
            .find(|u| u.side == side && u.alive())
            .unwrap();
        assert!(!s.is_spent(&u));
        let mut moved = u;
        moved.moved = true;
        assert!(!s.is_spent(&moved), "moved but actions left");
        moved.actions = s.roster().kind(u.kind).actions;
        assert!(s.is_spent(&moved));
        let mut arrived = u;
        arrived.arrived = true;
        assert!(s.is_spent(&arrived));
        arrived.status = Status::Dead;
        assert!(!s.is_spent(&arrived), "only living units are spent");
    }

    #[test]
    fn next_income_reads_the_next_turn_start_of_each_side() {
        let (mut s, _) = prepared("twin-fords.ron").new_match();
        let mover = s.side();
        let other = mover.next(2);
        assert_eq!(s.next_income(mover), s.income(mover, s.turn() + 2));
        assert_eq!(s.next_income(other), s.income(other, s.turn() + 1));
        assert!(s.next_income(mover) >= BASE_INCOME);
        play(&mut s, &Command::EndTurn);
        assert_eq!(s.next_income(other), s.income(other, s.turn() + 2));
    }

    #[test]
    fn a_summary_hides_the_enemys_bank_and_units_from_a_side() {
        let (s, _) = prepared("twin-fords.ron").new_match();
        let all = side_summary(&s, PlayerId(1), None);
        assert_eq!(all.energy, Some(s.energy()[PlayerId(1)]));
        assert_eq!(all.energy_cap, ENERGY_CAP);
        assert_eq!(
            all.units,
            Some(
                s.units()
                    .iter()
                    .filter(|u| u.side == PlayerId(1) && u.alive())
                    .count()
            )
        );
        assert_eq!(
            all.base_health.len(),
            s.bases().iter().filter(|b| b.side == PlayerId(1)).count()
        );
        let seen_by_0 = side_summary(&s, PlayerId(1), Some(PlayerId(0)));
        assert_eq!((seen_by_0.energy, seen_by_0.units), (None, None));
        assert_eq!(seen_by_0.base_health, all.base_health);
        assert_eq!(side_summary(&s, PlayerId(1), Some(PlayerId(1))), all);
    }

    #[test]
    fn spawn_options_list_targets_or_the_reason() {
        let (mut s, _) = prepared("twin-fords.ron").new_match();
        let Some(&(cell, owner)) = s.arena().barracks.first() else {
            panic!("twin-fords has barracks");
        };
        let hex = s.arena().hex(cell);
        if s.side() != owner {
            play(&mut s, &Command::EndTurn);
        }
        let options = spawn_options(&s, hex);
        assert!(!options.is_empty());
        for o in &options {
            let k = s.roster().kind_by_name(&o.kind).unwrap();
            assert!(s.roster().kind(k).def.class.spawnable());
            assert_eq!(o.targets.is_empty(), o.refusal.is_some(), "{o:?}");
            for &to in &o.targets {
                let cmd = Command::Spawn {
                    barracks: hex,
                    kind: KindName::new(&o.kind),
                    to,
                };
                assert_eq!(check(&s, &cmd), Ok(()));
            }
        }
        // With an empty bank every kind that costs Energy is refused by
        // the rules, with their reason.
        let bank = s.energy()[owner];
        s.apply(&Event::Energy {
            side: owner,
            delta: -i16::from(bank),
            bank: 0,
            reason: EnergyReason::Spend,
        });
        for o in spawn_options(&s, hex).into_iter().filter(|o| o.cost > 0) {
            assert!(
                matches!(
                    o.refusal,
                    Some(SpawnRefusal::Rule(RuleError::NotEnoughEnergy { .. }))
                ),
                "{o:?}"
            );
        }
        // The other side's barracks is not the mover's.
        play(&mut s, &Command::EndTurn);
        for o in spawn_options(&s, hex) {
            assert!(matches!(
                o.refusal,
                Some(SpawnRefusal::Rule(RuleError::NotYourBarracks { .. }))
            ));
        }
    }

    #[test]
    fn pending_captures_are_told_to_the_sides_that_may_know() {
        let (mut s, _) = prepared("twin-fords.ron").new_match();
        let unit = s
            .units()
            .iter()
            .find(|u| u.side == PlayerId(1) && u.alive())
            .unwrap()
            .id;
        let hex = s.arena().hex(s.objectives()[0].cell);
        s.apply(&Event::ObjectiveNeutralised {
            objective: hex,
            unit,
        });
        let all = pending_captures(&s, None);
        assert_eq!(
            all,
            vec![PendingCapture {
                hex,
                side: PlayerId(1)
            }]
        );
        assert_eq!(pending_captures(&s, Some(PlayerId(1))), all);
        let seen = super::super::fog::sees_units_at(&s, PlayerId(0), s.objectives()[0].cell);
        assert_eq!(
            pending_captures(&s, Some(PlayerId(0))).len(),
            usize::from(seen)
        );
    }
}
