//! Armies and where they stand: the selection rules an army is checked
//! against ([`check_army`], [`army_problems`]), the default army a seed
//! picks, and the deployment of an army on its side's starting zone
//! ([`deploy`]).

use super::{ARMY_POINTS, Army, ArmyUnit, MAX_DEPLOYED};
use crate::Hex;
use crate::map::Side;
use crate::player::PerPlayer;
use crate::rules::arena::{Cell, Site};
use crate::rules::logic::Deployment;
use crate::rules::roster::{Class, KindId, Roster};
use crate::rules::state::{PLAYERS, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub(super) fn written(d: &Deployment, roster: &Roster) -> Army {
    Army {
        race: roster.races[usize::from(d.race)].clone(),
        units: d
            .units
            .iter()
            .map(|(k, h)| ArmyUnit {
                kind: roster.kind(*k).def.name.clone(),
                at: Some((h.x, h.y)),
            })
            .collect(),
        reserve: d
            .reserve
            .iter()
            .map(|k| roster.kind(*k).def.name.clone())
            .collect(),
    }
}

/// Every selection and deployment rule `army` breaks as `side`'s army on
/// `rules`' board: what [`deploy`] refuses, one line each (empty: it
/// deploys). What a setup screen shows before a match is started.
#[must_use]
pub fn army_problems(rules: &Rules, roster: &Roster, army: &Army, side: Side) -> Vec<String> {
    deploy(rules, roster, army, side).err().unwrap_or_default()
}

/// Checks an army against the selection rules and deploys it on the side's
/// zone. Returns every problem found.
pub fn deploy(
    rules: &Rules,
    roster: &Roster,
    army: &Army,
    side: Side,
) -> Result<Deployment, Vec<String>> {
    let mut problems = check_army(roster, army);
    let Some(race) = roster.race_by_name(&army.race) else {
        return Err(problems);
    };
    let a = &rules.arena;
    let zone = &a.zones[side];
    let mut taken: Vec<Cell> = Vec::new();
    let mut placed: Vec<Option<(KindId, Cell)>> = Vec::new();
    for u in &army.units {
        let Some(k) = roster.kind_by_name(&u.kind) else {
            placed.push(None);
            continue;
        };
        match u.at {
            None => placed.push(Some((k, Cell::MAX))),
            Some((q, r)) => {
                let h = Hex::new(q, r);
                match a.cell(h) {
                    Some(c)
                        if zone.contains(&c)
                            && !taken.contains(&c)
                            && !matches!(a.site(c), Site::Base(_)) =>
                    {
                        taken.push(c);
                        placed.push(Some((k, c)));
                    }
                    Some(c) if taken.contains(&c) => {
                        problems.push(format!(
                            "{} at ({q},{r}): another unit is already deployed there",
                            u.kind
                        ));
                    }
                    _ => problems.push(format!(
                        "{} at ({q},{r}): not a free hex of side {side}'s starting zone",
                        u.kind
                    )),
                }
            }
        }
    }
    // Automatic deployment: front (nearest the enemy zone) first; soldiers in
    // front, then elites, then commanders.
    let enemy: Vec<Cell> = side
        .others(a.zones.len())
        .flat_map(|p| a.zones[p].iter().copied())
        .collect();
    let mut free: Vec<Cell> = zone
        .iter()
        .copied()
        .filter(|c| !taken.contains(c) && !matches!(a.site(*c), Site::Base(_)))
        .collect();
    free.sort_by_key(|&c| {
        (
            enemy.iter().map(|&e| a.distance(c, e)).min().unwrap_or(0),
            c,
        )
    });
    let mut auto: Vec<usize> = (0..placed.len())
        .filter(|&i| matches!(placed[i], Some((_, Cell::MAX))))
        .collect();
    auto.sort_by_key(|&i| {
        let class = placed[i].map_or(Class::Soldier, |(k, _)| roster.kind(k).def.class);
        (std::cmp::Reverse(class), i)
    });
    if auto.len() > free.len() && problems.is_empty() {
        problems.push(format!(
            "{} units to deploy but only {} free hexes in side {side}'s starting zone",
            army.units.len(),
            zone.len()
        ));
    }
    for (i, c) in auto.iter().zip(free.iter()) {
        if let Some((k, _)) = placed[*i] {
            placed[*i] = Some((k, *c));
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let units = placed
        .into_iter()
        .flatten()
        .map(|(k, c)| (k, a.hex(c)))
        .collect();
    let mut reserve: Vec<KindId> = army
        .reserve
        .iter()
        .filter_map(|n| roster.kind_by_name(n))
        .collect();
    reserve.sort_unstable();
    Ok(Deployment {
        race,
        units,
        reserve,
    })
}

/// The selection rules of document 004, without the map: one race, 30
/// points, class costs, at least one commander, no commander twice, at most
/// 10 deployed, summons only in the reserve pool.
#[must_use]
pub fn check_army(roster: &Roster, army: &Army) -> Vec<String> {
    let mut problems = Vec::new();
    let Some(race) = roster.race_by_name(&army.race) else {
        problems.push(format!(
            "unknown race `{}` (the roster has {})",
            army.race,
            roster.races.join(", ")
        ));
        return problems;
    };
    let mut points = 0;
    let mut commanders: Vec<&str> = Vec::new();
    for u in &army.units {
        let Some(k) = roster.kind_by_name(&u.kind) else {
            problems.push(format!("unknown unit kind `{}`", u.kind));
            continue;
        };
        let kind = roster.kind(k);
        points += kind.def.class.points();
        if kind.race != race {
            problems.push(format!(
                "{} is a {} unit; an army must be entirely one race ({})",
                u.kind,
                roster.races[usize::from(kind.race)],
                army.race
            ));
        }
        match kind.def.class {
            Class::Summon => problems.push(format!(
                "{} is a summon: summons go in the reserve pool, not among the deployed units",
                u.kind
            )),
            Class::Commander => {
                if commanders.contains(&u.kind.as_str()) {
                    problems.push(format!(
                        "{} is picked twice; no commander may be picked twice",
                        u.kind
                    ));
                }
                commanders.push(&u.kind);
            }
            _ => {}
        }
    }
    for name in &army.reserve {
        let Some(k) = roster.kind_by_name(name) else {
            problems.push(format!("unknown unit kind `{name}` in the reserve pool"));
            continue;
        };
        let kind = roster.kind(k);
        points += kind.def.class.points();
        if kind.race != race {
            problems.push(format!(
                "{name} in the reserve pool is not a {} unit",
                army.race
            ));
        }
        if kind.def.class != Class::Summon {
            problems.push(format!(
                "{name} in the reserve pool is a {}; only summons wait there",
                kind.def.class.name()
            ));
        }
    }
    if commanders.is_empty() {
        problems.push("the army has no commander; it needs at least one".into());
    }
    if points > ARMY_POINTS {
        problems.push(format!(
            "the army costs {points} selection points; the limit is {ARMY_POINTS}"
        ));
    }
    if army.units.len() > MAX_DEPLOYED {
        problems.push(format!(
            "{} units are deployed; at most {MAX_DEPLOYED} fit a starting zone",
            army.units.len()
        ));
    }
    problems
}

/// The default army of every player for a seed.
#[must_use]
pub fn default_armies(roster: &Roster, seed: u64) -> PerPlayer<Army> {
    default_armies_for(roster, seed, PLAYERS)
}

/// The default army of each of `players` players for a seed.
#[must_use]
pub fn default_armies_for(roster: &Roster, seed: u64, players: usize) -> PerPlayer<Army> {
    PerPlayer::from_fn(players, |side| default_army(roster, seed, side))
}

/// A legal army picked deterministically from the seed, in the secret-pick
/// order: the race and first commander first, then the rest of the army
/// (elites, soldiers, summons for the army's summoners) until no pick fits.
#[must_use]
pub fn default_army(roster: &Roster, seed: u64, side: Side) -> Army {
    let mut rng = ChaCha8Rng::seed_from_u64(
        seed ^ (0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(u64::from(side) + 1)),
    );
    let race = rng.random_range(0..roster.races.len()) as u16;
    let kinds: Vec<KindId> = roster.race_kinds(race).collect();
    let commanders: Vec<KindId> = kinds
        .iter()
        .copied()
        .filter(|&k| roster.kind(k).def.class == Class::Commander)
        .collect();
    let first = commanders[rng.random_range(0..commanders.len())];
    let mut units = vec![first];
    let mut reserve: Vec<KindId> = Vec::new();
    let mut points = Class::Commander.points();
    loop {
        let summonable: Vec<KindId> = units
            .iter()
            .filter_map(|&u| roster.kind(u).summon.map(|s| s.1))
            .collect();
        let options: Vec<KindId> = kinds
            .iter()
            .copied()
            .filter(|&k| {
                let kind = roster.kind(k);
                let cost = kind.def.class.points();
                points + cost <= ARMY_POINTS
                    && match kind.def.class {
                        Class::Commander => false,
                        Class::Summon => summonable.contains(&k) && reserve.len() < 4,
                        _ => units.len() < MAX_DEPLOYED,
                    }
            })
            .collect();
        if options.is_empty() {
            break;
        }
        let k = options[rng.random_range(0..options.len())];
        points += roster.kind(k).def.class.points();
        if roster.kind(k).def.class == Class::Summon {
            reserve.push(k);
        } else {
            units.push(k);
        }
    }
    Army {
        race: roster.races[usize::from(race)].clone(),
        units: units
            .iter()
            .map(|&k| ArmyUnit {
                kind: roster.kind(k).def.name.clone(),
                at: None,
            })
            .collect(),
        reserve: reserve
            .iter()
            .map(|&k| roster.kind(k).def.name.clone())
            .collect(),
    }
}
