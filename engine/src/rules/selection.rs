//! Secret army selection at one table (document 004, "Selection"): "Pick
//! your first commander in secret, then reveal it at the same time. Then
//! pick the rest of your army in secret."
//!
//! [`Selection`] runs it for 2 to 4 players, for either turn system. As
//! with phase-rules-v1's speed cards, a secret choice made at the same time
//! is a sequence of decisions, one per player in seat order
//! ([`Selection::to_pick`]), and what each player may know of the others'
//! choices is [`Selection::first_commander`] and [`Selection::army`] asked
//! with that player as the viewer:
//!
//! 1. every player picks a race and a first commander of it; until the
//!    last one has, nobody sees another's pick;
//! 2. then all first commanders are shown together, and every player
//!    picks the rest of its army, which must keep its first commander and
//!    follow the selection rules ([`check_army`]); again nobody sees
//!    another's army until the last one is in;
//! 3. then every army is shown, and [`Selection::armies`] gives them, in
//!    seat order, for the scenario.
//!
//! Bots pick through the engine's default-army code ([`bot_first`],
//! [`bot_army`]): the first commander a default army starts with, then that
//! army, from the bot's own stream of the seed, so no bot's pick depends on
//! another player's.
//!
//! ```
//! use hexwright_engine::player::PlayerId;
//! use hexwright_engine::rules::Roster;
//! use hexwright_engine::rules::selection::{Selection, Stage, bot_army, bot_first};
//!
//! let roster = Roster::bundled();
//! let mut table = Selection::new(2);
//! for p in PlayerId::all(2) {
//!     table.pick_first(&roster, p, bot_first(&roster, 7, p)).unwrap();
//! }
//! assert_eq!(table.stage(), Stage::Rest);
//! // Player 1 now sees player 0's first commander, not yet its army.
//! assert!(table.first_commander(Some(PlayerId(1)), PlayerId(0)).is_some());
//! table.pick_army(&roster, PlayerId(0), bot_army(&roster, 7, PlayerId(0))).unwrap();
//! assert!(table.army(Some(PlayerId(1)), PlayerId(0)).is_none());
//! table.pick_army(&roster, PlayerId(1), bot_army(&roster, 7, PlayerId(1))).unwrap();
//! assert_eq!(table.armies().map(|a| a.len()), Some(2));
//! ```

use super::Class;
use super::roster::Roster;
use super::scenario::{Army, check_army, default_army};
use crate::player::{PerPlayer, PlayerId};

/// A first commander: the race of the army and the commander it starts with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FirstCommander {
    /// Race name.
    pub race: String,
    /// Commander kind name.
    pub commander: String,
}

/// Where a selection is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Players are picking their first commanders.
    FirstCommanders,
    /// The first commanders are revealed; players are picking the rest.
    Rest,
    /// Every army is picked and revealed.
    Revealed,
}

/// Why a pick is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SelectionError {
    /// The pick is not the one the selection waits for.
    #[error("player {player} cannot pick {what} now: {why}")]
    NotNow {
        /// Who tried.
        player: PlayerId,
        /// What it tried to pick.
        what: &'static str,
        /// What the selection waits for instead.
        why: String,
    },
    /// The race is not in the roster.
    #[error("unknown race `{race}` (the roster has {known})")]
    UnknownRace {
        /// The name given.
        race: String,
        /// The roster's races.
        known: String,
    },
    /// The first commander is not a commander of the race.
    #[error("`{kind}` is not a commander of the {race}")]
    NotACommander {
        /// The kind name given.
        kind: String,
        /// The race.
        race: String,
    },
    /// The army drops the first commander or changes race.
    #[error("the army must be of the {race} and keep the first commander {commander}")]
    LeavesFirstCommander {
        /// The first commander's race.
        race: String,
        /// The first commander.
        commander: String,
    },
    /// The army breaks the selection rules.
    #[error("the army breaks the selection rules: {}", .0.join("; "))]
    Illegal(Vec<String>),
}

/// A selection in progress: each player's first commander and army, as far
/// as picked.
#[derive(Clone, Debug)]
pub struct Selection {
    firsts: PerPlayer<Option<FirstCommander>>,
    armies: PerPlayer<Option<Army>>,
}

impl Selection {
    /// A selection for `players` players (2 to 4), nothing picked.
    #[must_use]
    pub fn new(players: usize) -> Self {
        Self {
            firsts: PerPlayer::from_fn(players, |_| None),
            armies: PerPlayer::from_fn(players, |_| None),
        }
    }

    /// The number of players.
    #[must_use]
    pub fn players(&self) -> usize {
        self.firsts.len()
    }

    /// Where the selection is.
    #[must_use]
    pub fn stage(&self) -> Stage {
        if self.firsts.iter().any(Option::is_none) {
            Stage::FirstCommanders
        } else if self.armies.iter().any(Option::is_none) {
            Stage::Rest
        } else {
            Stage::Revealed
        }
    }

    /// The next player to pick, in seat order; `None` once every army is in.
    #[must_use]
    pub fn to_pick(&self) -> Option<PlayerId> {
        let mut all = PlayerId::all(self.players());
        match self.stage() {
            Stage::FirstCommanders => all.find(|&p| self.firsts[p].is_none()),
            Stage::Rest => all.find(|&p| self.armies[p].is_none()),
            Stage::Revealed => None,
        }
    }

    /// `player` picks its race and first commander.
    ///
    /// # Errors
    /// When it is not `player`'s turn to pick a first commander, or the
    /// pick is not a commander of a race of `roster`.
    pub fn pick_first(
        &mut self,
        roster: &Roster,
        player: PlayerId,
        first: FirstCommander,
    ) -> Result<(), SelectionError> {
        self.expect(player, Stage::FirstCommanders, "a first commander")?;
        let race = roster
            .race_by_name(&first.race)
            .ok_or_else(|| SelectionError::UnknownRace {
                race: first.race.clone(),
                known: roster.races.join(", "),
            })?;
        let fits = roster.kind_by_name(&first.commander).is_some_and(|k| {
            let kind = roster.kind(k);
            kind.race == race && kind.def.class == Class::Commander
        });
        if !fits {
            return Err(SelectionError::NotACommander {
                kind: first.commander,
                race: first.race,
            });
        }
        self.firsts[player] = Some(first);
        Ok(())
    }

    /// `player` picks its whole army, first commander included.
    ///
    /// # Errors
    /// When it is not `player`'s turn to pick its army, the army is not of
    /// the first commander's race or leaves it out, or it breaks the
    /// selection rules.
    pub fn pick_army(
        &mut self,
        roster: &Roster,
        player: PlayerId,
        army: Army,
    ) -> Result<(), SelectionError> {
        self.expect(player, Stage::Rest, "the rest of its army")?;
        let first = self.firsts[player].clone().unwrap_or_default();
        if army.race != first.race || !army.units.iter().any(|u| u.kind == first.commander) {
            return Err(SelectionError::LeavesFirstCommander {
                race: first.race,
                commander: first.commander,
            });
        }
        let problems = check_army(roster, &army);
        if !problems.is_empty() {
            return Err(SelectionError::Illegal(problems));
        }
        self.armies[player] = Some(army);
        Ok(())
    }

    /// `player`'s first commander as `viewer` knows it (`None` views
    /// everything): its own once picked, another's once every first
    /// commander is in.
    #[must_use]
    pub fn first_commander(
        &self,
        viewer: Option<PlayerId>,
        player: PlayerId,
    ) -> Option<&FirstCommander> {
        let shown = viewer.is_none_or(|v| v == player) || self.stage() != Stage::FirstCommanders;
        self.firsts.get(player)?.as_ref().filter(|_| shown)
    }

    /// `player`'s army as `viewer` knows it: its own once picked, another's
    /// once every army is in.
    #[must_use]
    pub fn army(&self, viewer: Option<PlayerId>, player: PlayerId) -> Option<&Army> {
        let shown = viewer.is_none_or(|v| v == player) || self.stage() == Stage::Revealed;
        self.armies.get(player)?.as_ref().filter(|_| shown)
    }

    /// Every army, in seat order, once all are revealed.
    #[must_use]
    pub fn armies(&self) -> Option<Vec<Army>> {
        self.armies.iter().cloned().collect()
    }

    fn expect(
        &self,
        player: PlayerId,
        stage: Stage,
        what: &'static str,
    ) -> Result<(), SelectionError> {
        let refuse = |why: String| Err(SelectionError::NotNow { player, what, why });
        if player.index() >= self.players() {
            return refuse(format!("the table has {} players", self.players()));
        }
        let now = self.stage();
        if now != stage {
            return refuse(match now {
                Stage::FirstCommanders => "first commanders are being picked".into(),
                Stage::Rest => "the first commanders are already revealed".into(),
                Stage::Revealed => "every army is already picked".into(),
            });
        }
        match self.to_pick() {
            Some(next) if next == player => Ok(()),
            Some(next) => refuse(format!("player {next} picks first")),
            None => refuse("nobody is to pick".into()),
        }
    }
}

/// A bot's first commander: the one its default army starts with.
#[must_use]
pub fn bot_first(roster: &Roster, seed: u64, player: PlayerId) -> FirstCommander {
    let army = default_army(roster, seed, player);
    FirstCommander {
        commander: army
            .units
            .first()
            .map(|u| u.kind.clone())
            .unwrap_or_default(),
        race: army.race,
    }
}

/// A bot's army: its default army, which starts with [`bot_first`].
#[must_use]
pub fn bot_army(roster: &Roster, seed: u64, player: PlayerId) -> Army {
    default_army(roster, seed, player)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::scenario::ArmyUnit;

    fn first_of(roster: &Roster, race: u16) -> FirstCommander {
        let k = roster
            .race_kinds(race)
            .find(|&k| roster.kind(k).def.class == Class::Commander)
            .unwrap();
        FirstCommander {
            race: roster.races[usize::from(race)].clone(),
            commander: roster.kind(k).def.name.clone(),
        }
    }

    /// An army of just the first commander (legal: 10 points).
    fn just(first: &FirstCommander) -> Army {
        Army {
            race: first.race.clone(),
            units: vec![ArmyUnit {
                kind: first.commander.clone(),
                at: None,
            }],
            reserve: Vec::new(),
        }
    }

    #[test]
    fn picks_go_in_seat_order_and_stay_secret_until_all_are_in() {
        let roster = Roster::bundled();
        let mut t = Selection::new(3);
        let (p0, p1, p2) = (PlayerId(0), PlayerId(1), PlayerId(2));
        assert_eq!((t.stage(), t.to_pick()), (Stage::FirstCommanders, Some(p0)));
        let early = t.pick_first(&roster, p1, first_of(&roster, 0));
        assert_eq!(
            early.unwrap_err().to_string(),
            "player 1 cannot pick a first commander now: player 0 picks first"
        );
        t.pick_first(&roster, p0, first_of(&roster, 0)).unwrap();
        t.pick_first(&roster, p1, first_of(&roster, 1)).unwrap();
        // Player 2 has not picked: each sees its own pick only.
        assert_eq!(t.first_commander(Some(p2), p0), None);
        assert_eq!(t.first_commander(Some(p1), p0), None);
        assert_eq!(t.first_commander(Some(p0), p0), Some(&first_of(&roster, 0)));
        assert!(t.first_commander(None, p1).is_some(), "all-seeing");
        t.pick_first(&roster, p2, first_of(&roster, 0)).unwrap();
        // Revealed together.
        assert_eq!((t.stage(), t.to_pick()), (Stage::Rest, Some(p0)));
        assert_eq!(t.first_commander(Some(p2), p1), Some(&first_of(&roster, 1)));
        let again = t.pick_first(&roster, p0, first_of(&roster, 0));
        assert_eq!(
            again.unwrap_err().to_string(),
            "player 0 cannot pick a first commander now: the first commanders are already revealed"
        );
        for p in PlayerId::all(3) {
            let first = t.first_commander(None, p).unwrap().clone();
            t.pick_army(&roster, p, just(&first)).unwrap();
            if p != p2 {
                assert_eq!(t.army(Some(p2), p), None, "army {p} hidden from 2");
                assert_eq!(t.army(Some(p), p), Some(&just(&first)));
                assert_eq!(t.armies(), None);
            }
        }
        assert_eq!((t.stage(), t.to_pick()), (Stage::Revealed, None));
        assert_eq!(t.army(Some(p0), p2), Some(&just(&first_of(&roster, 0))));
        assert_eq!(t.armies().unwrap().len(), 3);
    }

    #[test]
    fn refused_picks_say_why() {
        let roster = Roster::bundled();
        let mut t = Selection::new(2);
        let (p0, p1) = (PlayerId(0), PlayerId(1));
        let unknown = FirstCommander {
            race: "Nobody".into(),
            commander: "X".into(),
        };
        assert!(matches!(
            t.pick_first(&roster, p0, unknown),
            Err(SelectionError::UnknownRace { .. })
        ));
        let soldier = roster
            .race_kinds(0)
            .find(|&k| roster.kind(k).def.class == Class::Soldier)
            .unwrap();
        let not_commander = FirstCommander {
            race: roster.races[0].clone(),
            commander: roster.kind(soldier).def.name.clone(),
        };
        assert!(matches!(
            t.pick_first(&roster, p0, not_commander),
            Err(SelectionError::NotACommander { .. })
        ));
        let other_race = FirstCommander {
            race: roster.races[0].clone(),
            commander: first_of(&roster, 1).commander,
        };
        assert!(matches!(
            t.pick_first(&roster, p0, other_race),
            Err(SelectionError::NotACommander { .. })
        ));
        assert!(matches!(
            t.pick_first(&roster, PlayerId(2), first_of(&roster, 0)),
            Err(SelectionError::NotNow { .. })
        ));
        assert!(matches!(
            t.pick_army(&roster, p0, just(&first_of(&roster, 0))),
            Err(SelectionError::NotNow { .. })
        ));
        t.pick_first(&roster, p0, first_of(&roster, 0)).unwrap();
        t.pick_first(&roster, p1, first_of(&roster, 0)).unwrap();
        // Another race's army, or one without the first commander.
        assert!(matches!(
            t.pick_army(&roster, p0, just(&first_of(&roster, 1))),
            Err(SelectionError::LeavesFirstCommander { .. })
        ));
        let mut without = bot_army(&roster, 3, p0);
        without.race.clone_from(&roster.races[0]);
        without
            .units
            .retain(|u| u.kind != first_of(&roster, 0).commander);
        assert!(matches!(
            t.pick_army(&roster, p0, without),
            Err(SelectionError::LeavesFirstCommander { .. })
        ));
        // Over 30 points: the selection rules' own reason.
        let mut heavy = just(&first_of(&roster, 0));
        let elite = roster
            .race_kinds(0)
            .find(|&k| roster.kind(k).def.class == Class::Elite)
            .unwrap();
        for _ in 0..6 {
            heavy.units.push(ArmyUnit {
                kind: roster.kind(elite).def.name.clone(),
                at: None,
            });
        }
        let err = t.pick_army(&roster, p0, heavy).unwrap_err();
        assert!(matches!(err, SelectionError::Illegal(_)), "{err}");
        assert!(err.to_string().contains("30"), "{err}");
        assert_eq!(t.to_pick(), Some(p0), "a refused pick changes nothing");
    }

    #[test]
    fn bots_pick_their_default_armies_whatever_the_others_pick() {
        let roster = Roster::bundled();
        for players in 2..=4 {
            for seed in 0..40 {
                let mut t = Selection::new(players);
                for p in PlayerId::all(players) {
                    t.pick_first(&roster, p, bot_first(&roster, seed, p))
                        .unwrap();
                }
                for p in PlayerId::all(players) {
                    let army = bot_army(&roster, seed, p);
                    assert_eq!(army.units[0].kind, bot_first(&roster, seed, p).commander);
                    t.pick_army(&roster, p, army).unwrap();
                }
                let armies = t.armies().unwrap();
                let defaults = crate::rules::scenario::default_armies_for(&roster, seed, players);
                assert_eq!(armies, defaults.iter().cloned().collect::<Vec<_>>());
            }
        }
    }
}
