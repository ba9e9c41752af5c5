//! The unit inspector (stats, abilities, state) and, when a person plays
//! the side to move, the buttons for what the unit can do: abilities, the
//! spawn menu of a barracks, and End turn.

use crate::sandbox::action::SandboxAction;
use crate::sandbox::play::human::{Intent, UnitOptions};
use egui::{Grid, RichText, Ui};
use hexwright_engine::Hex;
use hexwright_engine::map::Side;
use hexwright_engine::rules::UnitCommand;
use hexwright_engine::rules::query::spawn_options;
use hexwright_engine::rules::roster::KindId;
use hexwright_engine::rules::{Command, MatchState, Status, UnitId};
use std::fmt::Write as _;

/// A kind's stats and abilities in a few lines, for the tooltips of the
/// army builder and the commander picker: what Battle for Wesnoth's unit
/// help tells before a unit is recruited.
#[must_use]
pub fn kind_stats(roster: &hexwright_engine::rules::Roster, k: KindId) -> String {
    let d = &roster.kind(k).def;
    let mut out = format!(
        "{} ({}): health {}, attack {}, range {}, move {}, sight {}",
        d.name,
        d.class.name(),
        d.health,
        d.attack,
        d.range,
        d.movement,
        d.sight
    );
    if let Some(cost) = d.cost {
        let _ = write!(out, ", spawn cost {cost} Energy");
    }
    for a in &d.abilities {
        let _ = write!(out, "\n• {a}: {}", a.effect());
    }
    if d.monk {
        out.push_str("\n• Monk: heals adjacent allies at its turn start");
    }
    if let Some(p) = &d.penalty {
        let _ = write!(out, "\nIf it dies: {p}");
    }
    out
}

/// Shows the selected unit's card.
pub fn unit_card_ui(ui: &mut Ui, s: &MatchState, id: UnitId) {
    let Some(u) = s.unit(id) else {
        return;
    };
    let kind = s.roster().kind(u.kind);
    let d = &kind.def;
    ui.label(RichText::new(format!("{} (side {})", d.name, u.side)).strong());
    ui.label(format!(
        "{} · {:?}",
        s.roster().races[usize::from(kind.race)],
        d.class
    ));
    Grid::new("unit_stats").num_columns(2).show(ui, |ui| {
        let row = |ui: &mut Ui, k: &str, v: String| {
            ui.label(k);
            ui.label(v);
            ui.end_row();
        };
        row(ui, "Health", format!("{} / {}", u.health, d.health));
        row(ui, "Attack", d.attack.to_string());
        row(ui, "Range", d.range.to_string());
        row(ui, "Movement", d.movement.to_string());
        row(ui, "Sight", d.sight.to_string());
        if let Some(cost) = d.cost {
            row(ui, "Cost", format!("{cost} Energy"));
        }
        let mut state = Vec::new();
        match u.status {
            Status::Corpse => state.push("corpse (returns next turn)".to_owned()),
            Status::Dead => state.push("dead".to_owned()),
            Status::Hidden => state.push("out of sight".to_owned()),
            Status::Alive => {}
        }
        if u.moved {
            state.push("moved".to_owned());
        }
        if u.actions > 0 {
            state.push(format!("{} / {} actions used", u.actions, kind.actions));
        }
        if u.arrived {
            state.push("arrived this turn".to_owned());
        }
        if s.is_spent(u) {
            state.push("exhausted".to_owned());
        }
        if u.poison > 0 {
            state.push(format!("poisoned ({})", u.poison));
        }
        if let Some(by) = u.summoner {
            state.push(format!("summoned by unit {by}"));
        }
        row(
            ui,
            "State",
            if state.is_empty() {
                "ready".to_owned()
            } else {
                state.join(", ")
            },
        );
    });
    if d.abilities.is_empty() && !d.monk {
        ui.label(RichText::new("No abilities").weak());
    } else {
        ui.label(RichText::new("Abilities").strong());
        for a in &d.abilities {
            ui.label(format!("• {a}: {}", a.effect()));
        }
        if d.monk {
            ui.label("• Monk: heals adjacent allies at its turn start");
        }
    }
    if let Some(p) = &d.penalty {
        ui.label(format!("If it dies: {p}"));
    }
    if !d.description.is_empty() {
        ui.label(RichText::new(&d.description).italics().weak());
    }
}

/// Buttons for a person playing the side to move, with `selected` chosen.
pub fn human_actions_ui(
    ui: &mut Ui,
    s: &MatchState,
    selected: Option<UnitId>,
    intent: &Intent,
    spawn_menu: Option<Hex>,
) -> Vec<SandboxAction> {
    let mut actions = Vec::new();
    let side: Side = s.side();
    ui.label(
        RichText::new(format!(
            "Your turn (side {side}) · {} Energy",
            s.energy()[side]
        ))
        .strong(),
    );
    if let Some(id) = selected
        && s.unit(id).is_some_and(|u| u.side == side && u.alive())
    {
        let o = UnitOptions::of(s, id);
        if let Some(cmd) = unit_options_ui(ui, s, &o) {
            actions.push(SandboxAction::Play(cmd.into()));
        }
        if !o.summons.is_empty() {
            actions.extend(summon_toggle_ui(ui, intent, id));
        }
    }
    if let Some(b) = spawn_menu {
        ui.separator();
        ui.label(RichText::new(format!("Barracks at ({},{})", b.x, b.y)).strong());
        for option in spawn_options(s, b) {
            let label = format!("Spawn {} ({} Energy)", option.kind, option.cost);
            let chosen = matches!(intent, Intent::Spawn { barracks, kind } if *barracks == b && *kind == option.kind);
            let r = ui.add_enabled(
                option.refusal.is_none(),
                egui::Button::selectable(chosen, label),
            );
            let r = match &option.refusal {
                None => r.on_hover_text("Then click a highlighted hex"),
                Some(why) => r.on_disabled_hover_text(why.to_string()),
            };
            if r.clicked() {
                actions.push(SandboxAction::SetIntent(Intent::Spawn {
                    barracks: b,
                    kind: option.kind,
                }));
            }
        }
    }
    ui.separator();
    if ui.button("End turn").clicked() {
        actions.push(SandboxAction::Play(Command::EndTurn));
    }
    actions
}

/// A Healing button's label: "Heal" and the targets' kinds.
#[must_use]
pub fn heal_label(s: &MatchState, targets: &[UnitId]) -> String {
    let names: Vec<String> = targets
        .iter()
        .filter_map(|t| s.unit(*t))
        .map(|t| s.roster().kind(t.kind).def.name.clone())
        .collect();
    format!("Heal {}", names.join(", "))
}

/// What the selected unit may do, in either ruleset: how many hexes it may
/// move to and attack, and a button for its Rebound and each Healing it
/// may give (`s`: the board, to name the healed units). Returns the
/// command of the button clicked.
pub fn unit_options_ui(ui: &mut Ui, s: &MatchState, o: &UnitOptions) -> Option<UnitCommand> {
    ui.label(format!(
        "{} hexes to move to, {} targets",
        o.moves.len(),
        o.attacks.len()
    ));
    let mut clicked = None;
    if let Some(cmd) = &o.rebound
        && ui.button("Rebound").clicked()
    {
        clicked = Some(cmd.clone());
    }
    for cmd in &o.heals {
        if let UnitCommand::Heal { targets, .. } = cmd
            && ui.button(heal_label(s, targets)).clicked()
        {
            clicked = Some(cmd.clone());
        }
    }
    clicked
}

/// The *Summon…* toggle of unit `id`: the next click on the board picks
/// where its summon goes.
pub fn summon_toggle_ui(ui: &mut Ui, intent: &Intent, id: UnitId) -> Option<SandboxAction> {
    let on = *intent == Intent::Summon(id);
    let next = if on {
        Intent::Normal
    } else {
        Intent::Summon(id)
    };
    ui.selectable_label(on, "Summon…")
        .on_hover_text("Then click a highlighted hex next to the unit")
        .clicked()
        .then_some(SandboxAction::SetIntent(next))
}
