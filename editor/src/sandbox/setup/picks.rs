//! Secret army picks at one screen, when more than one person plays
//! (document 004: "Pick your first commander in secret, then reveal it at
//! the same time. Then pick the rest of your army in secret."), over the
//! engine's [`Selection`].
//!
//! Each person in seat order picks behind a cover screen ("Hand over to
//! side 2 — click when only side 2's player is looking"): first a race and a
//! first commander; once every first commander is in, all are shown
//! together; then each person builds the rest of the army around its first
//! commander, again behind the cover. Bots pick through the engine's
//! default-army code when their turn comes. The engine checks every pick
//! and says why one is refused.

use crate::canvas::theme;
use crate::sandbox::setup::{Controller, kinds_ui, summary};
use egui::{Button, ComboBox, RichText, Ui};
use hexwright_engine::map::Side;
use hexwright_engine::player::{PerPlayer, PlayerId};
use hexwright_engine::rules::army;
use hexwright_engine::rules::scenario::{Army, ArmyUnit};
use hexwright_engine::rules::selection::{FirstCommander, Selection, Stage, bot_army, bot_first};
use hexwright_engine::rules::{Class, Roster};

/// What the picks panel asks of the sandbox.
#[derive(Clone, Debug, PartialEq)]
pub enum PicksRequest {
    /// Every army is picked: start the match with them, in seat order.
    Done(Vec<Army>),
    /// Back to the scenario panel.
    Cancel,
}

/// The picks under way.
#[derive(Clone, Debug)]
pub struct SecretPicks {
    selection: Selection,
    controllers: PerPlayer<Controller>,
    seed: u64,
    /// The person who said only they are looking.
    uncovered: Option<Side>,
    /// The first commander being chosen.
    first: FirstCommander,
    /// The army being built around the first commander.
    army: Option<Army>,
    /// Why the last pick was refused.
    refused: Option<String>,
    /// *Done* was pressed once on an army that leaves points unspent: the
    /// next press plays it as it is.
    short_noted: bool,
}

impl SecretPicks {
    /// Picks for `controllers` (one per player); bots draw from `seed`.
    #[must_use]
    pub fn new(controllers: PerPlayer<Controller>, seed: u64) -> Self {
        Self {
            selection: Selection::new(controllers.len()),
            controllers,
            seed,
            uncovered: None,
            first: FirstCommander::default(),
            army: None,
            refused: None,
            short_noted: false,
        }
    }

    /// The engine's selection so far.
    #[must_use]
    pub fn selection(&self) -> &Selection {
        &self.selection
    }

    /// The person whose pick waits behind the cover screen, if any.
    #[must_use]
    pub fn covered(&self) -> Option<Side> {
        let p = self.selection.to_pick()?;
        (self.controllers[p] == Controller::Human && self.uncovered != Some(p)).then_some(p)
    }

    /// Lets the bots whose turn it is pick, in seat order.
    fn bots_pick(&mut self, roster: &Roster) {
        while let Some(p) = self.selection.to_pick() {
            if self.controllers[p] == Controller::Human {
                return;
            }
            let picked = match self.selection.stage() {
                Stage::FirstCommanders => {
                    self.selection
                        .pick_first(roster, p, bot_first(roster, self.seed, p))
                }
                _ => self
                    .selection
                    .pick_army(roster, p, bot_army(roster, self.seed, p)),
            };
            if let Err(e) = picked {
                // The default-army code makes legal picks; say so if not.
                self.refused = Some(format!("side {p}'s bot: {e}"));
                return;
            }
        }
    }

    /// Draws the panel.
    pub fn show_ui(&mut self, ui: &mut Ui, roster: &Roster) -> Option<PicksRequest> {
        self.bots_pick(roster);
        if let Some(armies) = self.selection.armies() {
            return Some(PicksRequest::Done(armies));
        }
        let mut request = None;
        ui.horizontal(|ui| {
            ui.label(RichText::new("Secret army picks").strong());
            if ui.button("Cancel picks").clicked() {
                request = Some(PicksRequest::Cancel);
            }
        });
        let Some(p) = self.selection.to_pick() else {
            return request;
        };
        if self.covered() == Some(p) {
            ui.add_space(12.0);
            ui.heading(format!("Hand over to side {p}"));
            ui.label(format!(
                "Side {p} picks in secret. Click when only side {p}'s player is looking."
            ));
            if ui.button(format!("Side {p} is looking")).clicked() {
                self.uncovered = Some(p);
                self.refused = None;
                self.short_noted = false;
                self.army = None;
                self.first = FirstCommander::default();
            }
            return request;
        }
        match self.selection.stage() {
            Stage::FirstCommanders => self.first_ui(ui, roster, p),
            _ => self.rest_ui(ui, roster, p),
        }
        if let Some(why) = &self.refused {
            ui.label(RichText::new(why).color(theme::ERROR));
        }
        request
    }

    fn first_ui(&mut self, ui: &mut Ui, roster: &Roster, p: Side) {
        ui.label(RichText::new(format!("Side {p}: pick your first commander")).strong());
        ui.label(RichText::new("The others see it when every first commander is in.").weak());
        if roster.race_by_name(&self.first.race).is_none() {
            self.first.race = roster.races.first().cloned().unwrap_or_default();
        }
        ui.horizontal(|ui| {
            ui.label("Race");
            ComboBox::from_id_salt(("picks_race", p))
                .selected_text(self.first.race.as_str())
                .show_ui(ui, |ui| {
                    for race in &roster.races {
                        if ui
                            .selectable_label(self.first.race == *race, race)
                            .clicked()
                        {
                            self.first.race.clone_from(race);
                            self.first.commander.clear();
                        }
                    }
                })
                .response
                .widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::ComboBox, true, format!("Side {p} race"))
                });
        });
        let race = roster.race_by_name(&self.first.race).unwrap_or(0);
        for k in army::kinds_of(roster, race, Class::Commander) {
            let name = &roster.kind(k).def.name;
            if ui
                .selectable_label(self.first.commander == *name, name)
                .on_hover_text(crate::sandbox::play::inspect::kind_stats(roster, k))
                .clicked()
            {
                self.first.commander.clone_from(name);
            }
        }
        let chosen = !self.first.commander.is_empty();
        if ui
            .add_enabled(chosen, Button::new("Pick first commander"))
            .clicked()
        {
            match self.selection.pick_first(roster, p, self.first.clone()) {
                Ok(()) => {
                    self.uncovered = None;
                    self.refused = None;
                }
                Err(e) => self.refused = Some(e.to_string()),
            }
        }
    }

    fn rest_ui(&mut self, ui: &mut Ui, roster: &Roster, p: Side) {
        ui.label(RichText::new("First commanders").strong());
        for q in PlayerId::all(self.selection.players()) {
            if let Some(f) = self.selection.first_commander(Some(p), q) {
                ui.label(
                    RichText::new(format!("Side {q}: {} — {}", f.race, f.commander))
                        .color(theme::side_text_color(q, ui.visuals())),
                );
            }
        }
        ui.separator();
        ui.label(RichText::new(format!("Side {p}: pick the rest of your army")).strong());
        let first = self
            .selection
            .first_commander(Some(p), p)
            .cloned()
            .unwrap_or_default();
        let army = self.army.get_or_insert_with(|| Army {
            race: first.race.clone(),
            units: vec![ArmyUnit {
                kind: first.commander.clone(),
                at: None,
            }],
            reserve: Vec::new(),
        });
        // Fixed lines: the points, what is left, and the army, each on one
        // line whatever it says, so the buttons below never move.
        let budget = army::Budget::of(roster, army);
        let (spent, points, left) = (budget.spent, budget.points, budget.left());
        ui.label(format!("Points: {spent} / {points}"));
        let status = if left == 0 {
            RichText::new("Every point is spent").weak()
        } else {
            RichText::new(format!("{left} points left unspent")).color(ui.visuals().warn_fg_color)
        };
        ui.label(status);
        let line = summary(army);
        ui.add(egui::Label::new(RichText::new(&line).weak()).truncate())
            .on_hover_text(line);
        if let Some(race) = roster.race_by_name(&army.race)
            && kinds_ui(ui, roster, race, army, p, true)
        {
            // An old refusal or note is about another army.
            self.refused = None;
            self.short_noted = false;
        }
        if ui.button("Done").clicked() {
            if left > 0 && !self.short_noted {
                self.short_noted = true;
                self.refused = Some(format!(
                    "Only {spent} of {points} points are spent: click Done again to play this army as it is"
                ));
                return;
            }
            let army = army.clone();
            match self.selection.pick_army(roster, p, army) {
                Ok(()) => {
                    self.uncovered = None;
                    self.refused = None;
                    self.short_noted = false;
                    self.army = None;
                }
                Err(e) => self.refused = Some(e.to_string()),
            }
        }
    }
}

/// Whether the players' seats call for secret picks: more than one person
/// (the sandbox runs them when the armies are not written in the
/// scenario: written armies were chosen openly and are played as they are).
#[must_use]
pub fn needed(controllers: PerPlayer<Controller>) -> bool {
    controllers
        .iter()
        .filter(|c| **c == Controller::Human)
        .count()
        > 1
}
