//! Building armies from a roster: presets for every race, random legal
//! armies, and adding or removing one unit of a kind (what the sandbox's
//! army builder offers).
//!
//! Every preset and random army follows the selection rules by
//! construction (one race, at most [`ARMY_POINTS`], at least one commander
//! and none twice, at most [`MAX_DEPLOYED`] deployed, summons only in the
//! reserve pool and only for a unit that can summon them); tests check each
//! one with [`check_army`](super::scenario::check_army). [`add`] and
//! [`remove`] refuse nothing: a builder shows the rules an army breaks with
//! `check_army`.
//!
//! The default armies of a match (no armies written in the scenario) are
//! [`default_army`](super::scenario::default_army).

use super::Class;
use super::roster::{KindId, Roster};
use super::scenario::{ARMY_POINTS, Army, ArmyUnit, MAX_DEPLOYED};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The presets every race has, in menu order.
pub const PRESETS: [&str; 3] = ["Balanced", "Elite heavy", "Soldier swarm"];
/// A fourth preset for races with at least two commanders.
pub const TWO_COMMANDERS: &str = "Two commanders";

/// The classes in the order the builder lists them.
pub const CLASSES: [Class; 4] = [
    Class::Commander,
    Class::Elite,
    Class::Soldier,
    Class::Summon,
];

/// An army under construction that only accepts picks keeping it legal.
struct Builder<'a> {
    roster: &'a Roster,
    race: u16,
    units: Vec<KindId>,
    reserve: Vec<KindId>,
    points: u32,
}

impl<'a> Builder<'a> {
    fn new(roster: &'a Roster, race: u16) -> Self {
        Self {
            roster,
            race,
            units: Vec::new(),
            reserve: Vec::new(),
            points: 0,
        }
    }

    /// Whether adding one `k` keeps the army legal (summons only when a
    /// picked unit can summon them: they are useless otherwise).
    fn fits(&self, k: KindId) -> bool {
        let kind = self.roster.kind(k);
        kind.race == self.race
            && self.points + kind.def.class.points() <= ARMY_POINTS
            && match kind.def.class {
                Class::Summon => self.summonable().contains(&k),
                Class::Commander => !self.units.contains(&k) && self.units.len() < MAX_DEPLOYED,
                Class::Elite | Class::Soldier => self.units.len() < MAX_DEPLOYED,
            }
    }

    fn push(&mut self, k: KindId) -> bool {
        if !self.fits(k) {
            return false;
        }
        let class = self.roster.kind(k).def.class;
        self.points += class.points();
        if class == Class::Summon {
            self.reserve.push(k);
        } else {
            self.units.push(k);
        }
        true
    }

    /// The summon kinds the picked units can summon.
    fn summonable(&self) -> Vec<KindId> {
        self.units
            .iter()
            .filter_map(|&u| self.roster.kind(u).summon.map(|s| s.1))
            .collect()
    }

    /// Adds `kinds` in turn, round and round, until none fits or `most`
    /// were added.
    fn round_robin(&mut self, kinds: &[KindId], most: usize) {
        let mut added = 0;
        let mut misses = 0;
        let mut i = 0;
        while added < most && misses < kinds.len() {
            if self.push(kinds[i % kinds.len()]) {
                added += 1;
                misses = 0;
            } else {
                misses += 1;
            }
            i += 1;
        }
    }

    fn army(self) -> Army {
        let name = |k: KindId| self.roster.kind(k).def.name.clone();
        Army {
            race: self.roster.races[usize::from(self.race)].clone(),
            units: self
                .units
                .iter()
                .map(|&k| ArmyUnit {
                    kind: name(k),
                    at: None,
                })
                .collect(),
            reserve: self.reserve.iter().map(|&k| name(k)).collect(),
        }
    }
}

/// The kinds of `race` in `class`, in roster order.
#[must_use]
pub fn kinds_of(roster: &Roster, race: u16, class: Class) -> Vec<KindId> {
    roster
        .race_kinds(race)
        .filter(|&k| roster.kind(k).def.class == class)
        .collect()
}

/// The presets of `race`: [`PRESETS`], then [`TWO_COMMANDERS`] when the race
/// has two commanders or more. Each is legal.
#[must_use]
pub fn presets(roster: &Roster, race: u16) -> Vec<(&'static str, Army)> {
    let of = |class| kinds_of(roster, race, class);
    let (commanders, elites, soldiers, summons) = (
        of(Class::Commander),
        of(Class::Elite),
        of(Class::Soldier),
        of(Class::Summon),
    );
    let first = || {
        let mut b = Builder::new(roster, race);
        b.round_robin(&commanders, 1);
        b
    };
    let mut out = Vec::new();
    // Balanced: a commander, two elites, soldiers to fill, then summons.
    let mut b = first();
    b.round_robin(&elites, 2);
    b.round_robin(&soldiers, usize::MAX);
    b.round_robin(&elites, usize::MAX);
    b.round_robin(&summons, usize::MAX);
    out.push((PRESETS[0], b.army()));
    // Elite heavy: a commander and as many elites as fit.
    let mut b = first();
    b.round_robin(&elites, usize::MAX);
    b.round_robin(&soldiers, usize::MAX);
    b.round_robin(&summons, usize::MAX);
    out.push((PRESETS[1], b.army()));
    // Soldier swarm: a commander and as many soldiers as fit.
    let mut b = first();
    b.round_robin(&soldiers, usize::MAX);
    b.round_robin(&elites, usize::MAX);
    b.round_robin(&summons, usize::MAX);
    out.push((PRESETS[2], b.army()));
    if commanders.len() >= 2 {
        let mut b = Builder::new(roster, race);
        b.round_robin(&commanders, 2);
        b.round_robin(&soldiers, usize::MAX);
        b.round_robin(&elites, usize::MAX);
        b.round_robin(&summons, usize::MAX);
        out.push((TWO_COMMANDERS, b.army()));
    }
    out
}

/// A random legal army from `seed`: a random race, one commander (sometimes
/// two), then random picks among the kinds that still fit until none does,
/// so the points are spent as far as the rules allow.
#[must_use]
pub fn random_army(roster: &Roster, seed: u64) -> Army {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let race = rng.random_range(0..roster.races.len()) as u16;
    let commanders = kinds_of(roster, race, Class::Commander);
    let mut b = Builder::new(roster, race);
    b.push(commanders[rng.random_range(0..commanders.len())]);
    if commanders.len() > 1 && rng.random_range(0..4) == 0 {
        let others: Vec<KindId> = commanders
            .iter()
            .copied()
            .filter(|k| !b.units.contains(k))
            .collect();
        b.push(others[rng.random_range(0..others.len())]);
    }
    let kinds: Vec<KindId> = roster
        .race_kinds(race)
        .filter(|&k| roster.kind(k).def.class != Class::Commander)
        .collect();
    loop {
        let options: Vec<KindId> = kinds.iter().copied().filter(|&k| b.fits(k)).collect();
        if options.is_empty() {
            break;
        }
        b.push(options[rng.random_range(0..options.len())]);
    }
    b.army()
}

/// An army against the selection limits: points spent of
/// [`ARMY_POINTS`], units deployed of [`MAX_DEPLOYED`]. What an army
/// builder shows and greys out by; the rules themselves are
/// [`check_army`](super::scenario::check_army)'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Selection points the army's known kinds cost.
    pub spent: u32,
    /// The points an army may spend.
    pub points: u32,
    /// Units deployed (not in the reserve pool).
    pub deployed: usize,
    /// Most units an army may deploy.
    pub max_deployed: usize,
}

impl Budget {
    /// The budget of `army`.
    #[must_use]
    pub fn of(roster: &Roster, army: &Army) -> Self {
        Self {
            spent: points(roster, army),
            points: ARMY_POINTS,
            deployed: army.units.len(),
            max_deployed: MAX_DEPLOYED,
        }
    }

    /// Whether the army spends more points or deploys more units than
    /// allowed.
    #[must_use]
    pub fn over(&self) -> bool {
        self.spent > self.points || self.deployed > self.max_deployed
    }

    /// Points not spent yet (0 when over).
    #[must_use]
    pub fn left(&self) -> u32 {
        self.points.saturating_sub(self.spent)
    }

    /// Why one more unit of kind `k` would take the army past a limit, or
    /// `None` when it fits (summons go to the reserve pool, so only their
    /// points count).
    #[must_use]
    pub fn refuses(&self, roster: &Roster, k: KindId) -> Option<String> {
        let def = &roster.kind(k).def;
        let cost = def.class.points();
        if self.spent + cost > self.points {
            return Some(format!(
                "One more {} ({cost} points) would go past {} points",
                def.name, self.points
            ));
        }
        if def.class != Class::Summon && self.deployed >= self.max_deployed {
            return Some(format!(
                "One more {} would deploy more than {} units",
                def.name, self.max_deployed
            ));
        }
        None
    }
}

/// Selection points of the army's known kinds.
#[must_use]
pub fn points(roster: &Roster, army: &Army) -> u32 {
    army.units
        .iter()
        .map(|u| u.kind.as_str())
        .chain(army.reserve.iter().map(String::as_str))
        .filter_map(|n| roster.kind_by_name(n))
        .map(|k| roster.kind(k).def.class.points())
        .sum()
}

/// How many units of kind `name` the army has (deployed and in reserve).
#[must_use]
pub fn count(army: &Army, name: &str) -> usize {
    army.units.iter().filter(|u| u.kind == name).count()
        + army.reserve.iter().filter(|n| *n == name).count()
}

/// Adds one unit of kind `k`: summons to the reserve pool, the others to the
/// deployed units (deployed automatically). Nothing is refused here: the
/// panel shows the rules the army breaks.
pub fn add(roster: &Roster, army: &mut Army, k: KindId) {
    let kind = &roster.kind(k).def;
    if kind.class == Class::Summon {
        army.reserve.push(kind.name.clone());
    } else {
        army.units.push(ArmyUnit {
            kind: kind.name.clone(),
            at: None,
        });
    }
}

/// Removes the last unit of kind `name` (from the reserve pool first).
/// Returns whether there was one.
pub fn remove(army: &mut Army, name: &str) -> bool {
    if let Some(i) = army.reserve.iter().rposition(|n| n == name) {
        army.reserve.remove(i);
        return true;
    }
    if let Some(i) = army.units.iter().rposition(|u| u.kind == name) {
        army.units.remove(i);
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::scenario::check_army;

    #[test]
    fn the_budget_refuses_what_check_army_would_refuse() {
        let roster = Roster::bundled();
        for race in 0..roster.races.len() as u16 {
            for (_, army) in presets(&roster, race) {
                let b = Budget::of(&roster, &army);
                assert!(!b.over() && check_army(&roster, &army).is_empty());
                for k in roster.race_kinds(race) {
                    let mut more = army.clone();
                    add(&roster, &mut more, k);
                    let refused = b.refuses(&roster, k).is_some();
                    let over = Budget::of(&roster, &more).over();
                    assert_eq!(refused, over, "{:?} + {}", army, roster.kind(k).def.name);
                    if over {
                        assert!(!check_army(&roster, &more).is_empty());
                    }
                }
            }
        }
    }

    #[test]
    fn every_preset_of_every_bundled_race_is_legal() {
        let roster = Roster::bundled();
        for race in 0..roster.races.len() as u16 {
            let presets = presets(&roster, race);
            assert!(presets.len() >= 3);
            let names: Vec<&str> = presets.iter().map(|p| p.0).collect();
            assert_eq!(&names[..3], &PRESETS);
            for (name, army) in &presets {
                assert_eq!(army.race, roster.races[usize::from(race)]);
                assert_eq!(check_army(&roster, army), Vec::<String>::new(), "{name}");
                assert!(
                    points(&roster, army) >= ARMY_POINTS - 2,
                    "{name} spends its points: {army:?}"
                );
            }
            // The presets differ from each other.
            for (i, a) in presets.iter().enumerate() {
                for b in &presets[i + 1..] {
                    assert_ne!(a.1, b.1, "{} and {}", a.0, b.0);
                }
            }
        }
    }

    #[test]
    fn two_hundred_random_armies_are_legal_and_vary() {
        let roster = Roster::bundled();
        let mut races = std::collections::BTreeSet::new();
        let mut two_commanders = 0;
        let mut armies = std::collections::BTreeSet::new();
        for seed in 0..200 {
            let army = random_army(&roster, seed);
            assert_eq!(check_army(&roster, &army), Vec::<String>::new(), "{army:?}");
            // Full: no further non-commander pick would fit.
            let race = roster.race_by_name(&army.race).unwrap();
            let spent = points(&roster, &army);
            let cheapest_left = roster
                .race_kinds(race)
                .map(|k| roster.kind(k).def.class)
                .filter(|&c| c == Class::Soldier || c == Class::Elite)
                .map(Class::points)
                .min()
                .unwrap();
            assert!(
                spent + cheapest_left > ARMY_POINTS || army.units.len() == MAX_DEPLOYED,
                "{army:?} leaves points unspent"
            );
            races.insert(army.race.clone());
            if army
                .units
                .iter()
                .filter(|u| {
                    roster.kind(roster.kind_by_name(&u.kind).unwrap()).def.class == Class::Commander
                })
                .count()
                == 2
            {
                two_commanders += 1;
            }
            armies.insert(format!("{army:?}"));
        }
        assert_eq!(races.len(), roster.races.len(), "every race comes up");
        assert!(two_commanders > 0, "two commanders come up too");
        assert!(armies.len() > 100, "random armies vary: {}", armies.len());
        assert_eq!(random_army(&roster, 9), random_army(&roster, 9));
    }

    #[test]
    fn add_and_remove_go_to_the_right_list() {
        let roster = Roster::bundled();
        let mut army = Army {
            race: "Dawnguard".into(),
            units: Vec::new(),
            reserve: Vec::new(),
        };
        add(&roster, &mut army, roster.kind_by_name("Hawk").unwrap());
        add(&roster, &mut army, roster.kind_by_name("Knight").unwrap());
        add(&roster, &mut army, roster.kind_by_name("Knight").unwrap());
        assert_eq!(army.reserve, vec!["Hawk"]);
        assert_eq!(count(&army, "Knight"), 2);
        assert_eq!(points(&roster, &army), 9);
        assert!(remove(&mut army, "Knight"));
        assert!(remove(&mut army, "Hawk"));
        assert!(!remove(&mut army, "Hawk"));
        assert_eq!(count(&army, "Knight"), 1);
        assert_eq!(points(&roster, &army), 4);
    }
}
