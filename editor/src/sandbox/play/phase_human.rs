//! A person's turn in phase-rules-v1: placing the four speed cards (a card
//! dragged onto each phase, or clicked on its row), revealing a tiebreak
//! card, and each
//! unit's whole turn — pick a unit, see its moves and targets, click to
//! move or attack, use its abilities, end the unit, end the slot. As in
//! akw-rules-v1's [`crate::sandbox::play::human`], the engine decides what is legal: this
//! turns clicks into commands (illegal ones too, so the engine can say
//! why) and lists what the engine allows.

use crate::sandbox::action::SandboxAction;
use crate::sandbox::play::human::{Aim, Click, Intent, UnitOptions, aim};
use crate::sandbox::play::inspect::{summon_toggle_ui, unit_options_ui};
use crate::sandbox::play::strip::phase_title;
use egui::{RichText, Ui};
use hexwright_engine::Hex;
use hexwright_engine::map::Side;
use hexwright_engine::rules::UnitCommand;
use hexwright_engine::rules::UnitId;
use hexwright_engine::rules::phase::{CARDS, PHASES, PhaseCommand, PhaseMatch, PhaseView, Stage};
use hexwright_engine::ruleset::{PhaseRulesV1, Ruleset};

/// The cards a person has picked so far for each phase, before placing.
pub type CardDraft = [Option<u8>; 4];

/// The units of `side` that may start their turn now in `s` (the true
/// state): those with a legal command on `side`'s view, in unit order.
#[must_use]
pub fn ready_units(s: &PhaseMatch, side: Side) -> Vec<UnitId> {
    let view = PhaseView::new(s, side).state;
    let mut out: Vec<UnitId> = PhaseRulesV1::legal_commands(&view)
        .into_iter()
        .filter_map(|c| match c {
            PhaseCommand::Unit(u) => Some(u.unit()),
            _ => None,
        })
        .filter(|&u| view.board().unit(u).is_some_and(|x| x.side == side))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// What a click on `hex` means in `s` (the person's view) for the person
/// playing `side`, with `selected` selected and `intent` pending; `visible`
/// says whether the person sees units there.
#[must_use]
pub fn click(
    s: &PhaseMatch,
    side: Side,
    selected: Option<UnitId>,
    intent: &Intent,
    hex: Hex,
    visible: bool,
) -> Click<PhaseCommand> {
    let b = s.board();
    let acting = s.stage() == Stage::Acting && s.slot_player() == Some(side);
    if let Intent::Summon(unit) = intent
        && acting
    {
        return Click::Command(PhaseCommand::Unit(UnitCommand::Summon {
            unit: *unit,
            to: hex,
        }));
    }
    match aim(b, Some(side), selected, acting, hex, visible) {
        Aim::Select(u) => Click::Select(u),
        Aim::Deselect | Aim::Empty => Click::Deselect,
        Aim::Attack(unit) => Click::Command(PhaseCommand::Unit(UnitCommand::Attack {
            unit,
            target: hex,
        })),
        Aim::Move(unit) => Click::Command(PhaseCommand::Unit(UnitCommand::Move { unit, to: hex })),
    }
}

/// The person's part of the turn for `side` in `s` (the person's view):
/// the card grid, the tiebreak reveal, or the unit's and the slot's
/// buttons.
pub fn show_ui(
    ui: &mut Ui,
    s: &PhaseMatch,
    side: Side,
    draft: &mut CardDraft,
    selected: Option<UnitId>,
    intent: &Intent,
) -> Vec<SandboxAction> {
    let mut actions = Vec::new();
    match s.stage() {
        Stage::Placing => place_cards_ui(ui, side, draft, &mut actions),
        Stage::Revealing => {
            ui.label(
                RichText::new(format!("Side {side}: reveal a card to break the tie")).strong(),
            );
            ui.horizontal_wrapped(|ui| {
                for card in s.seats()[side].hand.iter() {
                    if ui.button(format!("Reveal {card}")).clicked() {
                        actions.push(SandboxAction::PlayPhase(PhaseCommand::Reveal {
                            player: side,
                            card,
                        }));
                    }
                }
            });
        }
        Stage::Acting => unit_turn_ui(ui, s, side, selected, intent, &mut actions),
    }
    actions
}

/// Puts `card` on phase `phase` of the draft, taking it off any other
/// phase it was on (a card is placed once).
pub fn drop_card(draft: &mut CardDraft, phase: usize, card: u8) {
    for c in draft.iter_mut() {
        if *c == Some(card) {
            *c = None;
        }
    }
    if let Some(slot) = draft.get_mut(phase) {
        *slot = Some(card);
    }
}

fn place_cards_ui(
    ui: &mut Ui,
    side: Side,
    draft: &mut CardDraft,
    actions: &mut Vec<SandboxAction>,
) {
    ui.label(RichText::new(format!("Side {side}: place a speed card on each phase")).strong());
    ui.label(
        RichText::new(
            "Drag a card onto a phase, or click it on the phase's row. Higher is faster; \
             the other four stay in hand for ties.",
        )
        .weak(),
    );
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        for card in 1..=CARDS {
            let placed = draft.contains(&Some(card));
            let id = egui::Id::unique(("speed_card", card));
            let r = ui
                .dnd_drag_source(id, card, |ui| {
                    let text = RichText::new(format!(" {card} ")).monospace().strong();
                    if placed {
                        // Placed on a phase: dimmed in the hand, still
                        // draggable to another phase.
                        ui.multiply_opacity(0.35);
                    }
                    egui::Frame::new()
                        .fill(ui.visuals().widgets.inactive.bg_fill)
                        .stroke(ui.visuals().widgets.inactive.bg_stroke)
                        .corner_radius(3.0)
                        .inner_margin(3.0)
                        .show(ui, |ui| {
                            ui.label(if placed { text.weak() } else { text });
                        });
                })
                .response;
            r.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Drag card {card}"))
            });
        }
    });
    for (i, class) in PHASES.iter().enumerate() {
        let (_, dropped) = ui.dnd_drop_zone::<u8, ()>(egui::Frame::new().inner_margin(3.0), |ui| {
            ui.label(phase_title(*class));
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 3.0;
                for card in 1..=CARDS {
                    let used = draft
                        .iter()
                        .enumerate()
                        .any(|(j, c)| j != i && *c == Some(card));
                    let on = draft[i] == Some(card);
                    let button = egui::Button::selectable(on, card.to_string());
                    let name = format!("{} card {card}", phase_title(*class));
                    let r = ui.add_enabled(!used, button);
                    r.widget_info(|| {
                        egui::WidgetInfo::selected(egui::Role::Button, !used, on, &name)
                    });
                    let r = r.on_hover_text(format!("Card {card} for the {}", phase_title(*class)));
                    if r.clicked() {
                        draft[i] = if on { None } else { Some(card) };
                    }
                }
            });
        });
        if let Some(card) = dropped {
            drop_card(draft, i, *card);
        }
    }
    let cards: Option<[u8; 4]> = draft
        .iter()
        .copied()
        .collect::<Option<Vec<u8>>>()
        .and_then(|v| v.try_into().ok());
    ui.horizontal(|ui| {
        if ui
            .add_enabled(cards.is_some(), egui::Button::new("Place cards"))
            .on_disabled_hover_text("Pick a card for every phase first")
            .clicked()
            && let Some(cards) = cards
        {
            actions.push(SandboxAction::PlayPhase(PhaseCommand::PlaceCards {
                player: side,
                cards,
            }));
            *draft = [None; 4];
        }
        if ui.button("Clear").clicked() {
            *draft = [None; 4];
        }
    });
}

fn unit_turn_ui(
    ui: &mut Ui,
    s: &PhaseMatch,
    side: Side,
    selected: Option<UnitId>,
    intent: &Intent,
    actions: &mut Vec<SandboxAction>,
) {
    let b = s.board();
    let phase = phase_title(s.phase()).to_lowercase();
    ui.label(RichText::new(format!("Side {side}'s slot · {phase}")).strong());
    match s.active().and_then(|id| b.unit(id)) {
        Some(u) => {
            ui.label(format!(
                "{} is acting: {} action(s) left",
                b.roster().kind(u.kind).def.name,
                s.unit_turn(u.id).left
            ));
        }
        None => {
            ui.label(format!("Click one of your {phase} to start its turn."));
        }
    }
    if let Some(id) = selected
        && b.unit(id).is_some_and(|u| u.side == side && u.alive())
    {
        let o = UnitOptions::of_phase(s, id);
        if let Some(cmd) = unit_options_ui(ui, b, &o) {
            actions.push(SandboxAction::PlayPhase(cmd.into()));
        }
        if !o.summons.is_empty() {
            actions.extend(summon_toggle_ui(ui, intent, id));
        }
    }
    ui.horizontal(|ui| {
        if ui
            .add_enabled(s.active().is_some(), egui::Button::new("End unit"))
            .on_hover_text("This unit is done for the turn")
            .clicked()
        {
            actions.push(SandboxAction::PlayPhase(PhaseCommand::EndUnit));
        }
        if ui
            .button("End slot")
            .on_hover_text("Your other units of this phase do nothing this turn")
            .clicked()
        {
            actions.push(SandboxAction::PlayPhase(PhaseCommand::EndSlot));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_card_goes_on_its_phase_and_leaves_any_other() {
        let mut draft: CardDraft = [None; 4];
        drop_card(&mut draft, 0, 8);
        drop_card(&mut draft, 2, 5);
        assert_eq!(draft, [Some(8), None, Some(5), None]);
        // The 8 moves from commanders to summons.
        drop_card(&mut draft, 3, 8);
        assert_eq!(draft, [None, None, Some(5), Some(8)]);
        // Another card on a phase replaces the one there.
        drop_card(&mut draft, 2, 1);
        assert_eq!(draft, [None, None, Some(1), Some(8)]);
        // A phase out of range changes nothing but taking the card off.
        drop_card(&mut draft, 9, 8);
        assert_eq!(draft, [None, None, Some(1), None]);
    }

    /// Whenever a slot has no unit acting, the units ringed for its player
    /// are that player's units of the phase's class that can act.
    #[test]
    fn the_ready_units_are_the_slot_players_units_of_the_phase() {
        use crate::sandbox::play::timeline::{Advance, Timeline};
        use hexwright_engine::bots::BotKind;
        let p = crate::sandbox::batch::panel::tests::four_corners(8);
        let mut t = Timeline::<PhaseRulesV1>::new(p, 3, [Some(BotKind::Greedy); 4]);
        let mut checked = 0;
        for _ in 0..2_000 {
            let s = t.state();
            if s.stage() == Stage::Acting
                && s.active().is_none()
                && let Some(side) = s.slot_player()
            {
                let ready = ready_units(s, side);
                for id in &ready {
                    let u = s.board().unit(*id).expect("a unit");
                    assert_eq!(u.side, side);
                    assert_eq!(s.board().roster().kind(u.kind).def.class, s.phase());
                }
                checked += usize::from(!ready.is_empty());
            }
            if t.advance() != Advance::Played {
                break;
            }
        }
        assert!(checked > 5, "{checked} slots checked");
    }
}
