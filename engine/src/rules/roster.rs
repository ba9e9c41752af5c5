//! The roster: races, unit kinds, their stats and abilities (document 004's
//! ability list), and commander death penalties.
//!
//! A roster is a RON file (`format: 1`). The bundled one
//! ([`Roster::bundled`]) has two races; a map pack can replace it with its
//! own (`roster: "roster.ron"` in the pack manifest). [`Roster::parse`]
//! checks every rule a roster must follow and reports each broken one.

use crate::limits;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The bundled roster's RON text.
pub const BUNDLED_ROSTER: &str = include_str!("../../data/roster.ron");

/// The roster file format this engine reads.
pub const ROSTER_FORMAT: u32 = 1;

/// Movement in hexes when a unit kind does not say (document 004: "Movespeed
/// is 3 hexes per action").
pub const DEFAULT_MOVEMENT: u8 = 3;
/// Sight in hexes when a unit kind does not say (rules notes: 2).
pub const DEFAULT_SIGHT: u8 = 2;

/// A unit's selection class; it sets the selection cost (document 004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Class {
    /// 10 selection points; has a death penalty; never spawned.
    Commander,
    /// 4 selection points; spawnable from barracks.
    Elite,
    /// 2 selection points; spawnable from barracks.
    Soldier,
    /// 1 selection point; waits in the reserve pool until summoned.
    Summon,
}

impl Class {
    /// Selection points (document 004: 10, 4, 2, 1).
    #[must_use]
    pub const fn points(self) -> u32 {
        match self {
            Self::Commander => 10,
            Self::Elite => 4,
            Self::Soldier => 2,
            Self::Summon => 1,
        }
    }

    /// Lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Commander => "commander",
            Self::Elite => "elite",
            Self::Soldier => "soldier",
            Self::Summon => "summon",
        }
    }

    /// Whether barracks can spawn this class (soldiers and elites).
    #[must_use]
    pub const fn spawnable(self) -> bool {
        matches!(self, Self::Elite | Self::Soldier)
    }
}

/// The eleven abilities of document 004.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ability {
    /// `Summon X Y`: place a summon of kind `kind` from the side's reserve
    /// pool on a free hex adjacent to the unit; at most `limit` of the
    /// summons this unit placed may be alive at once. 1 Energy, once per turn,
    /// does not spend the action.
    Summon {
        /// X.
        limit: u8,
        /// Y: the summon kind's name.
        kind: String,
    },
    /// `Healing X Y`: heal `amount` health to up to `targets` adjacent allies.
    /// 1 Energy, once per turn, does not spend the action.
    Healing {
        /// X.
        amount: u8,
        /// Y.
        targets: u8,
    },
    /// `Revive X`: when killed, leaves a corpse with X health; unless the
    /// corpse is destroyed the unit returns at full health at its side's next
    /// turn start (once per match).
    Revive(u8),
    /// Double damage when another friendly unit with Combine is adjacent.
    Combine,
    /// One extra action per turn.
    Active,
    /// `Armour X`: incoming damage reduced by X (never below 0).
    Armour(u8),
    /// `Poison X`: a hit sets the target's poison to max(poison, X).
    Poison(u8),
    /// Attacks targets up to the unit's `range` steps away.
    Range,
    /// Ignores unit collisions both ways; may share a hex with one other
    /// unit; attacks only its own hex; an attack into a shared hex hits both.
    Phasewalk,
    /// `Smite X`: an attack that leaves the target at X health or less kills it.
    Smite(u8),
    /// Once per turn, a unit that has moved may return to where it moved from.
    Rebound,
}

impl Ability {
    /// What the ability does, in words for a unit card ("heals 2 health to
    /// up to 2 adjacent allies"); its costs are the ruleset's.
    #[must_use]
    pub fn effect(&self) -> String {
        match self {
            Self::Summon { limit, kind } => format!(
                "places a {kind} from the reserve pool beside it; at most {limit} of its summons alive at once"
            ),
            Self::Healing { amount, targets } => format!(
                "heals {amount} health to up to {targets} adjacent {}",
                if *targets == 1 { "ally" } else { "allies" }
            ),
            Self::Revive(x) => format!(
                "when killed, leaves a corpse with {x} health and returns at full health at its side's next turn start unless the corpse is destroyed (once a match)"
            ),
            Self::Combine => {
                "double damage while another friendly unit with Combine is adjacent".to_owned()
            }
            Self::Active => "one extra action a turn".to_owned(),
            Self::Armour(x) => format!("incoming damage reduced by {x}"),
            Self::Poison(x) => format!("a hit poisons the target for {x}"),
            Self::Range => "attacks targets up to its range away".to_owned(),
            Self::Phasewalk => {
                "passes through units and may share a hex with one; attacks only its own hex"
                    .to_owned()
            }
            Self::Smite(x) => {
                format!("a hit that leaves the target at {x} health or less kills it")
            }
            Self::Rebound => {
                "once a turn, after moving, may return to where it moved from".to_owned()
            }
        }
    }

    /// The ability's name as the rule documents write it.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Self::Summon { .. } => "Summon",
            Self::Healing { .. } => "Healing",
            Self::Revive(_) => "Revive",
            Self::Combine => "Combine",
            Self::Active => "Active",
            Self::Armour(_) => "Armour",
            Self::Poison(_) => "Poison",
            Self::Range => "Range",
            Self::Phasewalk => "Phasewalk",
            Self::Smite(_) => "Smite",
            Self::Rebound => "Rebound",
        }
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Summon { limit, kind } => write!(f, "Summon {limit} {kind}"),
            Self::Healing { amount, targets } => write!(f, "Healing {amount} {targets}"),
            Self::Revive(x) => write!(f, "Revive {x}"),
            Self::Armour(x) => write!(f, "Armour {x}"),
            Self::Poison(x) => write!(f, "Poison {x}"),
            Self::Smite(x) => write!(f, "Smite {x}"),
            other => f.write_str(other.name()),
        }
    }
}

/// A commander's death penalty: what its side suffers when it dies
/// (document 004), one of a small fixed set of effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DeathPenalty {
    /// The side's Energy bank loses this much at once (not below 0).
    EnergyLoss(u8),
    /// The side's next `turns` turn-start incomes are `amount` lower (not
    /// below 0). A second penalty of this kind replaces the first.
    IncomeLoss {
        /// Energy less per turn start.
        amount: u8,
        /// How many of the side's turn starts.
        turns: u8,
    },
    /// Every other living unit of the side loses this much health at once,
    /// but never below 1 (morale breaks, nobody dies of it).
    Wound(u8),
}

impl fmt::Display for DeathPenalty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::EnergyLoss(n) => write!(f, "lose {n} banked Energy"),
            Self::IncomeLoss { amount, turns } => {
                write!(f, "{amount} less income for the next {turns} turns")
            }
            Self::Wound(n) => write!(f, "every other unit loses {n} health (not below 1)"),
        }
    }
}

fn default_range() -> u8 {
    1
}
fn default_movement() -> u8 {
    DEFAULT_MOVEMENT
}
fn default_sight() -> u8 {
    DEFAULT_SIGHT
}

/// One kind of unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitKind {
    /// Unique name across the roster; scenarios and commands use it.
    pub name: String,
    /// Selection class.
    pub class: Class,
    /// Maximum (and starting) health.
    pub health: u8,
    /// Damage of an ordinary attack before Armour and Combine.
    pub attack: u8,
    /// Attack range in steps; 1 (melee) unless the kind has `Range`.
    #[serde(default = "default_range")]
    pub range: u8,
    /// Hexes per move (3 unless stated).
    #[serde(default = "default_movement")]
    pub movement: u8,
    /// Sight radius in hexes (2 unless stated).
    #[serde(default = "default_sight")]
    pub sight: u8,
    /// Energy cost to spawn from a barracks (soldiers and elites only).
    #[serde(default)]
    pub cost: Option<u8>,
    /// Abilities.
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// A Monk: at its side's turn start it applies its `Healing X Y` for
    /// free (passive healing).
    #[serde(default)]
    pub monk: bool,
    /// A commander's death penalty (commanders only, required for them).
    #[serde(default)]
    pub penalty: Option<DeathPenalty>,
    /// One line for players.
    #[serde(default)]
    pub description: String,
}

impl UnitKind {
    /// Whether the kind has an ability with this name.
    #[must_use]
    pub fn has(&self, name: &str) -> bool {
        self.abilities.iter().any(|a| a.name() == name)
    }
}

/// A race: every army is entirely one race.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Race {
    /// Unique name.
    pub name: String,
    /// Its unit kinds.
    pub units: Vec<UnitKind>,
}

/// A roster file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RosterFile {
    /// Must be [`ROSTER_FORMAT`].
    pub format: u32,
    /// Shown in `hexwright rules`.
    pub name: String,
    /// The races.
    pub races: Vec<Race>,
}

/// Index of a unit kind in [`Roster::kinds`].
pub type KindId = u16;

/// A flattened kind with its race and fast ability lookups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    /// The kind as written.
    pub def: UnitKind,
    /// Its name as commands carry it (made once: a copy costs nothing).
    pub key: crate::rules::KindName,
    /// Index of its race in [`Roster::races`].
    pub race: u16,
    /// Precomputed ability values (0 / false when absent).
    pub armour: u8,
    /// Poison X.
    pub poison: u8,
    /// Smite X (`None` when absent; `Smite 0` is legal).
    pub smite: Option<u8>,
    /// Revive X.
    pub revive: Option<u8>,
    /// Healing X Y.
    pub healing: Option<(u8, u8)>,
    /// Summon X Y with Y resolved.
    pub summon: Option<(u8, KindId)>,
    /// Combine.
    pub combine: bool,
    /// Actions per turn (1, or 2 with Active).
    pub actions: u8,
    /// Phasewalk.
    pub phasewalk: bool,
    /// Rebound.
    pub rebound: bool,
}

/// A checked roster, ready for matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roster {
    /// Roster name.
    pub name: String,
    /// Race names, in file order.
    pub races: Vec<String>,
    /// Every kind, races in file order, kinds in file order.
    pub kinds: Vec<Kind>,
}

/// A problem with a roster file.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RosterError {
    /// Not valid RON for a roster.
    #[error("{file}:{line}:{column}: {message}")]
    Syntax {
        /// File name.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What was wrong.
        message: String,
    },
    /// Valid RON, but it breaks roster rules; one line per problem.
    #[error("{file}: the roster breaks {} rule(s):\n  {}", .problems.len(), .problems.join("\n  "))]
    Invalid {
        /// File name.
        file: String,
        /// Every problem found.
        problems: Vec<String>,
    },
}

impl Roster {
    /// The bundled roster.
    ///
    /// ```
    /// let roster = hexwright_engine::rules::Roster::bundled();
    /// assert!(roster.races.len() >= 2);
    /// assert!(roster.kind_by_name("Monk").is_some());
    /// ```
    #[must_use]
    pub fn bundled() -> Self {
        Self::parse(BUNDLED_ROSTER, "roster.ron").expect("the bundled roster is valid")
    }

    /// Parses and checks a roster file.
    pub fn parse(text: &str, file: &str) -> Result<Self, RosterError> {
        let parsed: RosterFile =
            ron::Options::default()
                .from_str(text)
                .map_err(|e| RosterError::Syntax {
                    file: file.to_string(),
                    line: e.span.start.line,
                    column: e.span.start.col,
                    message: e.code.to_string(),
                })?;
        Self::from_file(parsed, file)
    }

    /// Checks a parsed roster file.
    pub fn from_file(parsed: RosterFile, file: &str) -> Result<Self, RosterError> {
        check_size(&parsed, file)?;
        let mut problems = Vec::new();
        if parsed.format != ROSTER_FORMAT {
            problems.push(format!(
                "format is {}, this engine reads format {ROSTER_FORMAT}",
                parsed.format
            ));
        }
        if parsed.races.is_empty() {
            problems.push("there are no races".into());
        }
        let mut names: BTreeSet<&str> = BTreeSet::new();
        let mut races: BTreeMap<&str, usize> = BTreeMap::new();
        for race in &parsed.races {
            *races.entry(race.name.as_str()).or_default() += 1;
        }
        let mut told: BTreeSet<&str> = BTreeSet::new();
        for race in &parsed.races {
            if races.get(race.name.as_str()).copied().unwrap_or(0) > 1
                && told.insert(race.name.as_str())
            {
                problems.push(format!("race `{}` is defined twice", race.name));
            }
            if !race.units.iter().any(|u| u.class == Class::Commander) {
                problems.push(format!("race `{}` has no commander", race.name));
            }
            let by_name: BTreeMap<&str, &UnitKind> =
                race.units.iter().map(|u| (u.name.as_str(), u)).collect();
            for u in &race.units {
                if !names.insert(u.name.as_str()) {
                    problems.push(format!("unit `{}` is defined twice", u.name));
                }
                check_kind(race, &by_name, u, &mut problems);
            }
        }
        if !problems.is_empty() {
            return Err(RosterError::Invalid {
                file: file.to_string(),
                problems,
            });
        }
        // Within the limits, kind and race indexes fit their 16-bit types.
        let ids: BTreeMap<&str, KindId> = parsed
            .races
            .iter()
            .flat_map(|r| &r.units)
            .enumerate()
            .map(|(i, u)| (u.name.as_str(), i as KindId))
            .collect();
        let mut kinds = Vec::new();
        for (ri, race) in parsed.races.iter().enumerate() {
            for u in &race.units {
                let mut k = Kind {
                    def: u.clone(),
                    key: crate::rules::KindName::new(&u.name),
                    race: ri as u16,
                    armour: 0,
                    poison: 0,
                    smite: None,
                    revive: None,
                    healing: None,
                    summon: None,
                    combine: false,
                    actions: 1,
                    phasewalk: false,
                    rebound: false,
                };
                for a in &u.abilities {
                    match a {
                        Ability::Summon { limit, kind } => {
                            // Checked above: the kind is a unit of this
                            // roster, and names are unique.
                            if let Some(&id) = ids.get(kind.as_str()) {
                                k.summon = Some((*limit, id));
                            }
                        }
                        Ability::Healing { amount, targets } => {
                            k.healing = Some((*amount, *targets));
                        }
                        Ability::Revive(x) => k.revive = Some(*x),
                        Ability::Combine => k.combine = true,
                        Ability::Active => k.actions = 2,
                        Ability::Armour(x) => k.armour = *x,
                        Ability::Poison(x) => k.poison = *x,
                        Ability::Range => {}
                        Ability::Phasewalk => k.phasewalk = true,
                        Ability::Smite(x) => k.smite = Some(*x),
                        Ability::Rebound => k.rebound = true,
                    }
                }
                kinds.push(k);
            }
        }
        Ok(Self {
            name: parsed.name,
            races: parsed.races.into_iter().map(|r| r.name).collect(),
            kinds,
        })
    }

    /// A kind by name.
    #[must_use]
    pub fn kind_by_name(&self, name: &str) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| k.def.name == name)
            .map(|i| i as KindId)
    }

    /// A race by name.
    #[must_use]
    pub fn race_by_name(&self, name: &str) -> Option<u16> {
        self.races.iter().position(|r| r == name).map(|i| i as u16)
    }

    /// The kind with this id.
    #[must_use]
    pub fn kind(&self, id: KindId) -> &Kind {
        &self.kinds[usize::from(id)]
    }

    /// The kinds of a race, in file order.
    pub fn race_kinds(&self, race: u16) -> impl Iterator<Item = KindId> + '_ {
        self.kinds
            .iter()
            .enumerate()
            .filter(move |(_, k)| k.race == race)
            .map(|(i, _)| i as KindId)
    }
}

/// Refuses a roster larger than the limits before any other check (kind
/// ids are 16-bit, and later checks look kinds up by name).
fn check_size(parsed: &RosterFile, file: &str) -> Result<(), RosterError> {
    let kinds: usize = parsed.races.iter().map(|r| r.units.len()).sum();
    let abilities = parsed
        .races
        .iter()
        .flat_map(|r| &r.units)
        .map(|u| u.abilities.len())
        .max()
        .unwrap_or(0);
    let mut too_many = Vec::new();
    if parsed.races.len() > limits::MAX_ROSTER_RACES {
        too_many.push(format!(
            "{} races; the limit is {}",
            parsed.races.len(),
            limits::MAX_ROSTER_RACES
        ));
    }
    if kinds > limits::MAX_ROSTER_KINDS {
        too_many.push(format!(
            "{kinds} unit kinds; the limit is {}",
            limits::MAX_ROSTER_KINDS
        ));
    }
    if abilities > limits::MAX_UNIT_ABILITIES {
        too_many.push(format!(
            "a unit with {abilities} abilities; the limit is {}",
            limits::MAX_UNIT_ABILITIES
        ));
    }
    if too_many.is_empty() {
        Ok(())
    } else {
        Err(RosterError::Invalid {
            file: file.to_string(),
            problems: too_many,
        })
    }
}

fn check_kind(
    race: &Race,
    by_name: &BTreeMap<&str, &UnitKind>,
    u: &UnitKind,
    problems: &mut Vec<String>,
) {
    let n = &u.name;
    if u.name.trim().is_empty() {
        problems.push(format!(
            "race `{}` has a unit with an empty name",
            race.name
        ));
    }
    if u.health == 0 {
        problems.push(format!("unit `{n}`: health must be at least 1"));
    }
    if u.movement == 0 || u.movement > 8 {
        problems.push(format!("unit `{n}`: movement must be 1 to 8"));
    }
    if u.sight > 8 {
        problems.push(format!("unit `{n}`: sight must be 0 to 8"));
    }
    let ranged = u.has("Range");
    if ranged && !(2..=8).contains(&u.range) {
        problems.push(format!("unit `{n}`: a unit with Range needs range 2 to 8"));
    }
    if !ranged && u.range != 1 {
        problems.push(format!(
            "unit `{n}`: range {} needs the Range ability (melee is 1)",
            u.range
        ));
    }
    match (u.class.spawnable(), u.cost) {
        (true, None) => problems.push(format!(
            "unit `{n}`: a {} needs an Energy `cost` for barracks spawns",
            u.class.name()
        )),
        (true, Some(0)) => problems.push(format!("unit `{n}`: cost must be at least 1")),
        (false, Some(_)) => problems.push(format!(
            "unit `{n}`: a {} is never spawned from barracks, so it has no cost",
            u.class.name()
        )),
        _ => {}
    }
    match (u.class == Class::Commander, u.penalty) {
        (true, None) => problems.push(format!("unit `{n}`: a commander needs a death `penalty`")),
        (false, Some(_)) => {
            problems.push(format!("unit `{n}`: only commanders have a death penalty"));
        }
        _ => {}
    }
    if u.monk && !u.has("Healing") {
        problems.push(format!(
            "unit `{n}`: a Monk needs a Healing ability to heal with"
        ));
    }
    let mut listed = BTreeSet::new();
    let mut twice = false;
    for a in &u.abilities {
        if !listed.insert(a.name()) && !twice {
            problems.push(format!("unit `{n}`: ability {} is listed twice", a.name()));
            twice = true;
        }
        match a {
            Ability::Summon { limit, kind } => {
                if *limit == 0 {
                    problems.push(format!("unit `{n}`: Summon needs a limit of at least 1"));
                }
                match by_name.get(kind.as_str()) {
                    Some(k) if k.class == Class::Summon => {}
                    Some(_) => {
                        problems.push(format!("unit `{n}`: Summon kind `{kind}` is not a summon"));
                    }
                    None => problems.push(format!(
                        "unit `{n}`: Summon kind `{kind}` is not a unit of race `{}`",
                        race.name
                    )),
                }
            }
            Ability::Healing { amount, targets } if *amount == 0 || *targets == 0 => {
                problems.push(format!(
                    "unit `{n}`: Healing needs an amount and a target count of at least 1"
                ));
            }
            Ability::Revive(0) => problems.push(format!(
                "unit `{n}`: Revive needs a corpse health of at least 1"
            )),
            Ability::Poison(0) => problems.push(format!("unit `{n}`: Poison needs at least 1")),
            Ability::Phasewalk if ranged => {
                problems.push(format!(
                    "unit `{n}`: a Phasewalker attacks only its own hex, so it cannot have Range"
                ));
            }
            _ => {}
        }
    }
}

/// A roster written back as a roster file (races and kinds in order).
#[must_use]
pub fn roster_file(roster: &Roster) -> RosterFile {
    RosterFile {
        format: ROSTER_FORMAT,
        name: roster.name.clone(),
        races: roster
            .races
            .iter()
            .enumerate()
            .map(|(i, name)| Race {
                name: name.clone(),
                units: roster
                    .kinds
                    .iter()
                    .filter(|k| usize::from(k.race) == i)
                    .map(|k| k.def.clone())
                    .collect(),
            })
            .collect(),
    }
}

/// The content hash of a roster: FNV-1a 64 of the canonical text of
/// [`roster_file`], so comments and layout of the file do not matter.
pub fn roster_hash(roster: &Roster) -> Result<crate::hash::Hash64, ron::Error> {
    Ok(crate::hash::Hash64(crate::hash::fnv1a64(
        crate::format::to_ron_string(&roster_file(roster))?.as_bytes(),
    )))
}
