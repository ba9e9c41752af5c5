//! `hexwright rules`: the ruleset's constants and the roster's races and
//! units.

use hexwright_engine::pack::PackRosterError;
use hexwright_engine::player::{MAX_PLAYERS, MIN_PLAYERS};
use hexwright_engine::replay;
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::phase::{
    ACTIONS, CARDS, DEFAULT_TURN_LIMIT, MOVE_STEPS, PHASE_RULES_V1, PHASES, SUMMON_ACTIONS,
};
use hexwright_engine::rules::roster::Class;
use hexwright_engine::rules::roster::RosterError;
use hexwright_engine::rules::scenario::{ARMY_POINTS, MAX_DEPLOYED, MAX_ROUND_LIMIT};
use hexwright_engine::rules::state::{
    AKW_RULES_V1, BASE_HEALTH, BASE_INCOME, DEFAULT_ROUND_LIMIT, ENERGY_CAP, KILL_BONUS,
    OPENING_BONUS,
};
use hexwright_engine::ruleset::RulesetId;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

/// The options of `hexwright rules`.
#[derive(Debug, Clone, clap::Args)]
pub struct RulesArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Describe this roster file instead of the bundled one.
    #[arg(long, value_name = "FILE")]
    pub roster: Option<PathBuf>,
    /// The ruleset to describe (`akw-rules-v1`, the default, or
    /// `phase-rules-v1`).
    #[arg(long, value_name = "ID")]
    pub ruleset: Option<String>,
}

/// phase-rules-v1's constants.
#[derive(Serialize)]
struct PhaseRuleset {
    id: &'static str,
    players: [usize; 2],
    cards: u8,
    phases: Vec<&'static str>,
    move_steps: u8,
    actions: u8,
    summon_actions: u8,
    base_health: u8,
    default_round_limit: u32,
    max_round_limit: u32,
    selection_points: u32,
    class_points: BTreeMap<&'static str, u32>,
    max_deployed: usize,
}

/// A ruleset's constants.
#[derive(Serialize)]
#[serde(untagged)]
enum RulesetRow {
    Akw(Ruleset),
    Phase(PhaseRuleset),
}

/// akw-rules-v1's constants.
#[derive(Serialize)]
struct Ruleset {
    id: &'static str,
    base_income: u8,
    energy_cap: u8,
    opening_bonus: u8,
    kill_bonus: u8,
    base_health: u8,
    default_round_limit: u32,
    max_round_limit: u32,
    selection_points: u32,
    class_points: BTreeMap<&'static str, u32>,
    max_deployed: usize,
}

#[derive(Serialize)]
struct UnitRow {
    name: String,
    class: &'static str,
    health: u8,
    attack: u8,
    range: u8,
    movement: u8,
    sight: u8,
    cost: Option<u8>,
    abilities: Vec<String>,
    monk: bool,
    penalty: Option<String>,
    description: String,
}

#[derive(Serialize)]
struct RaceRow {
    name: String,
    units: Vec<UnitRow>,
}

#[derive(Serialize)]
struct RosterRow {
    name: String,
    hash: String,
    races: Vec<RaceRow>,
}

#[derive(Serialize)]
struct Json {
    ruleset: RulesetRow,
    roster: RosterRow,
}

fn describe(roster: &Roster, ruleset: RulesetId) -> anyhow::Result<Json> {
    let class_points: BTreeMap<&'static str, u32> = [
        Class::Commander,
        Class::Elite,
        Class::Soldier,
        Class::Summon,
    ]
    .into_iter()
    .map(|c| (c.name(), c.points()))
    .collect();
    // One pass over the kinds, grouped by race (a roster may hold many
    // races and many kinds: no pass over one per race).
    let mut units: Vec<Vec<UnitRow>> = roster.races.iter().map(|_| Vec::new()).collect();
    for k in &roster.kinds {
        let d = &k.def;
        if let Some(list) = units.get_mut(usize::from(k.race)) {
            list.push(UnitRow {
                name: d.name.clone(),
                class: d.class.name(),
                health: d.health,
                attack: d.attack,
                range: d.range,
                movement: d.movement,
                sight: d.sight,
                cost: d.cost,
                abilities: d.abilities.iter().map(ToString::to_string).collect(),
                monk: d.monk,
                penalty: d.penalty.map(|p| p.to_string()),
                description: d.description.clone(),
            });
        }
    }
    let races = roster
        .races
        .iter()
        .zip(units)
        .map(|(name, units)| RaceRow {
            name: name.clone(),
            units,
        })
        .collect();
    let row = match ruleset {
        RulesetId::PhaseRulesV1 => RulesetRow::Phase(PhaseRuleset {
            id: PHASE_RULES_V1,
            players: [MIN_PLAYERS, MAX_PLAYERS],
            cards: CARDS,
            phases: PHASES.iter().map(|c| c.name()).collect(),
            move_steps: MOVE_STEPS,
            actions: ACTIONS,
            summon_actions: SUMMON_ACTIONS,
            base_health: BASE_HEALTH,
            default_round_limit: DEFAULT_TURN_LIMIT,
            max_round_limit: MAX_ROUND_LIMIT,
            selection_points: ARMY_POINTS,
            class_points,
            max_deployed: MAX_DEPLOYED,
        }),
        RulesetId::AkwRulesV1 => RulesetRow::Akw(Ruleset {
            id: AKW_RULES_V1,
            base_income: BASE_INCOME,
            energy_cap: ENERGY_CAP,
            opening_bonus: OPENING_BONUS,
            kill_bonus: KILL_BONUS,
            base_health: BASE_HEALTH,
            default_round_limit: DEFAULT_ROUND_LIMIT,
            max_round_limit: MAX_ROUND_LIMIT,
            selection_points: ARMY_POINTS,
            class_points,
            max_deployed: MAX_DEPLOYED,
        }),
    };
    Ok(Json {
        ruleset: row,
        roster: RosterRow {
            name: roster.name.clone(),
            hash: replay::roster_hash(roster)?.to_string(),
            races,
        },
    })
}

/// Runs `rules`, printing to `out`; returns the exit code: 0, 1 when the
/// roster is read but breaks roster rules, 2 when it cannot be read or
/// parsed.
pub fn run(args: &RulesArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let ruleset = match args.ruleset.as_deref().map(str::parse::<RulesetId>) {
        None => Ok(RulesetId::AkwRulesV1),
        Some(r) => r.map_err(anyhow::Error::from),
    };
    let result = ruleset
        .and_then(|ruleset| Ok((ruleset, super::roster(args.roster.as_deref(), None)?)))
        .and_then(|(ruleset, roster)| describe(&roster, ruleset))
        .and_then(|j| {
            if args.json {
                serde_json::to_writer(&mut *out, &j)?;
                writeln!(out)?;
            } else {
                write_text(out, &j)?;
            }
            Ok(())
        });
    match result {
        Ok(()) => 0,
        Err(e) => {
            super::report_error(err, &e);
            let invalid = e.chain().any(|c| {
                matches!(
                    c.downcast_ref::<RosterError>(),
                    Some(RosterError::Invalid { .. })
                ) || matches!(
                    c.downcast_ref::<PackRosterError>(),
                    Some(PackRosterError::Roster(RosterError::Invalid { .. }))
                )
            });
            if invalid { 1 } else { 2 }
        }
    }
}

fn write_text(out: &mut dyn Write, j: &Json) -> std::io::Result<()> {
    let r = match &j.ruleset {
        RulesetRow::Akw(r) => r,
        RulesetRow::Phase(p) => return write_phase_text(out, p, j),
    };
    writeln!(out, "Ruleset {}", r.id)?;
    writeln!(
        out,
        "  Energy: income {} per turn start (+1 per captured objective and owned barracks), bank cap {}, side 1 opening bonus {}, kill bonus {}",
        r.base_income, r.energy_cap, r.opening_bonus, r.kill_bonus
    )?;
    writeln!(
        out,
        "  Bases: {} health; a match is a draw after {} rounds unless the scenario says otherwise (at most {})",
        r.base_health, r.default_round_limit, r.max_round_limit
    )?;
    let classes: Vec<String> = r
        .class_points
        .iter()
        .map(|(c, p)| format!("{c} {p}"))
        .collect();
    writeln!(
        out,
        "  Armies: {} selection points ({}), at most {} deployed",
        r.selection_points,
        classes.join(", "),
        r.max_deployed
    )?;
    write_roster(out, j)
}

fn write_phase_text(out: &mut dyn Write, p: &PhaseRuleset, j: &Json) -> std::io::Result<()> {
    writeln!(
        out,
        "Ruleset {} ({} to {} players)",
        p.id, p.players[0], p.players[1]
    )?;
    writeln!(
        out,
        "  Turns: each player places {} of its cards 1 to {} face down, one per class; phases {}; higher cards move first, ties broken by a revealed card, then the token",
        p.phases.len(),
        p.cards,
        p.phases.join(", ")
    )?;
    writeln!(
        out,
        "  Units: {} actions per turn (summons {}, Active +1); a move is up to {} hexes; abilities cost no action",
        p.actions, p.summon_actions, p.move_steps
    )?;
    writeln!(
        out,
        "  No Energy: objectives score 1 point per turn; bases {} health; a player whose bases all fall is eliminated; after {} turns (at most {}) the most points win",
        p.base_health, p.default_round_limit, p.max_round_limit
    )?;
    let classes: Vec<String> = p
        .class_points
        .iter()
        .map(|(c, n)| format!("{c} {n}"))
        .collect();
    writeln!(
        out,
        "  Armies: {} selection points ({}), at most {} deployed",
        p.selection_points,
        classes.join(", "),
        p.max_deployed
    )?;
    write_roster(out, j)
}

fn write_roster(out: &mut dyn Write, j: &Json) -> std::io::Result<()> {
    writeln!(out)?;
    writeln!(out, "Roster \"{}\" (hash {})", j.roster.name, j.roster.hash)?;
    for race in &j.roster.races {
        writeln!(out)?;
        writeln!(out, "{}", race.name)?;
        for u in &race.units {
            let cost = u
                .cost
                .map_or_else(String::new, |c| format!(", spawn cost {c}"));
            writeln!(
                out,
                "  {} ({}{}): health {}, attack {}, range {}, movement {}, sight {}{cost}",
                u.name,
                u.class,
                if u.monk { ", Monk" } else { "" },
                u.health,
                u.attack,
                u.range,
                u.movement,
                u.sight,
            )?;
            if !u.abilities.is_empty() {
                writeln!(out, "    abilities: {}", u.abilities.join(", "))?;
            }
            if let Some(p) = &u.penalty {
                writeln!(out, "    death penalty: {p}")?;
            }
            if !u.description.is_empty() {
                writeln!(out, "    {}", u.description)?;
            }
        }
    }
    Ok(())
}
