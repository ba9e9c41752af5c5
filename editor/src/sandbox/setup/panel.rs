//! The scenario panel drawn: the match settings, who plays each side, the
//! armies (default, presets, random, the builder), the deployment list, the
//! scenario files and the start button; it returns what the sandbox has to
//! do.

use super::{Controller, Setup, SetupInput, SetupRequest, kinds_ui, os_random, summary};
use hexwright_engine::rules::army;
use hexwright_engine::rules::army::{presets, random_army};

use crate::canvas::theme;
use egui::{Button, CollapsingHeader, ComboBox, DragValue, Grid, RichText, TextEdit, Ui};
use hexwright_engine::map::Side;
use hexwright_engine::rules::Rules;
use hexwright_engine::rules::scenario::{
    Army, MAX_ROUND_LIMIT, MapRef, default_armies_for, default_army,
};
use hexwright_engine::ruleset::RulesetId;
use std::path::{Path, PathBuf};

impl Setup {
    /// Draws the panel. Returns what the sandbox has to do, if anything.
    pub fn show_ui(&mut self, ui: &mut Ui, input: &SetupInput<'_>) -> Option<SetupRequest> {
        if *input.roster != self.roster {
            self.roster = input.roster.clone();
        }
        self.default_file(input);
        let mut request = None;
        egui::ScrollArea::vertical()
            .id_salt("sandbox_setup")
            .show(ui, |ui| {
                if let Some(r) = self.start_ui(ui, input) {
                    request = Some(r);
                }
                ui.separator();
                self.match_settings_ui(ui);
                ui.separator();
                self.armies_choice_ui(ui);
                for side in input.zones.players() {
                    self.side_ui(ui, side, input.rules);
                }
                ui.separator();
                if let Some(r) = self.files_ui(ui, input) {
                    request = Some(r);
                }
            });
        request
    }

    /// Proposes a file in the pack folder when a pack is open.
    pub(super) fn default_file(&mut self, input: &SetupInput<'_>) {
        let Some(dir) = input.pack_dir else { return };
        if self.file_default_for.as_deref() == Some(dir) {
            return;
        }
        let previous = self
            .file_default_for
            .as_ref()
            .is_some_and(|d| Path::new(&self.file).starts_with(d));
        if self.file.trim().is_empty() || previous {
            let stem = input
                .map_file
                .and_then(|f| Path::new(f).file_stem())
                .map_or_else(
                    || "scenario".to_owned(),
                    |s| format!("{}-scenario", s.to_string_lossy()),
                );
            self.file = dir.join(format!("{stem}.ron")).display().to_string();
        }
        self.file_default_for = Some(dir.to_path_buf());
    }

    /// After a ruleset change, a round limit still at the old ruleset's
    /// default takes the new one's.
    pub(super) fn ruleset_changed(&mut self, before: &str) {
        if before == self.ruleset {
            return;
        }
        let limit = |id: &str| {
            id.parse::<RulesetId>()
                .ok()
                .map(RulesetId::default_round_limit)
        };
        if limit(before) == Some(self.round_limit)
            && let Some(new) = limit(&self.ruleset)
        {
            self.round_limit = new;
        }
    }

    pub(super) fn match_settings_ui(&mut self, ui: &mut Ui) {
        Grid::new("setup_match")
            .num_columns(2)
            .spacing([8.0, 4.0])
            .show(ui, |ui| {
                let label = ui.label("Ruleset");
                let before = self.ruleset.clone();
                ComboBox::from_id_salt("setup_ruleset")
                    .selected_text(self.ruleset.as_str())
                    .show_ui(ui, |ui| {
                        for r in RulesetId::ALL {
                            let refusal = r.refusal(self.players);
                            let choice = ui.add_enabled(
                                refusal.is_none(),
                                egui::Button::selectable(self.ruleset == r.id(), r.id()),
                            );
                            if let Some(why) = refusal {
                                choice.on_disabled_hover_text(why);
                            } else if choice.clicked() {
                                r.id().clone_into(&mut self.ruleset);
                            }
                        }
                    })
                    .response
                    .labelled_by(label.id)
                    .widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Ruleset")
                    });
                self.ruleset_changed(&before);
                ui.end_row();
                ui.label("Seed");
                ui.horizontal(|ui| {
                    ui.add(DragValue::new(&mut self.seed))
                        .on_hover_text("The match seed: default armies and bots follow it");
                    if ui
                        .button("New seed")
                        .on_hover_text("Pick a random seed")
                        .clicked()
                    {
                        // 53 bits, so the seed field shows it exactly.
                        self.seed = os_random(self.seed) >> 11;
                    }
                });
                ui.end_row();
                ui.label("Round limit");
                ui.add(DragValue::new(&mut self.round_limit).range(1..=MAX_ROUND_LIMIT))
                    .on_hover_text("Rounds before the match is a draw");
                ui.end_row();
            });
        if !self.opening.is_empty() {
            ui.horizontal(|ui| {
                ui.label(format!(
                    "Starts from a saved position ({} commands)",
                    self.opening.len()
                ));
                if ui
                    .button("Clear")
                    .on_hover_text("Start from the beginning instead")
                    .clicked()
                {
                    self.opening.clear();
                }
            });
        }
    }

    pub(super) fn armies_choice_ui(&mut self, ui: &mut Ui) {
        let mut default = self.armies.is_none();
        if ui
            .checkbox(&mut default, "Default armies (from the seed)")
            .on_hover_text(
                "Each match picks both armies from its seed; untick to build the armies by hand",
            )
            .changed()
        {
            self.armies = if default {
                None
            } else {
                Some(default_armies_for(&self.roster, self.seed, self.players))
            };
        }
    }

    pub(super) fn side_ui(&mut self, ui: &mut Ui, side: Side, rules: &Rules) {
        let s = side;
        let title = RichText::new(format!(
            "Side {side}: {} — {}",
            self.controllers[s].label(),
            self.army(side).race
        ))
        .color(theme::side_text_color(side, ui.visuals()))
        .strong();
        CollapsingHeader::new(title)
            .id_salt(("setup_side", side))
            .default_open(true)
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label("Played by");
                    ComboBox::from_id_salt(("setup_controller", side))
                        .selected_text(self.controllers[s].label())
                        .show_ui(ui, |ui| {
                            for c in Controller::ALL {
                                ui.selectable_value(&mut self.controllers[s], c, c.label());
                            }
                        })
                        .response
                        .widget_info(|| {
                            egui::WidgetInfo::labeled(
                                egui::Role::ComboBox,
                                true,
                                format!("Side {side} played by"),
                            )
                        });
                });
                if self.armies.is_some() {
                    self.builder_ui(ui, side, rules);
                } else {
                    let army = self.army(side);
                    ui.label(format!(
                        "This seed's army: {} — {}",
                        army.race,
                        summary(&army)
                    ));
                    ui.label(RichText::new("Deployed automatically.").weak());
                }
            });
    }

    /// The army builder of `side` (armies written by hand).
    pub(super) fn builder_ui(&mut self, ui: &mut Ui, side: Side, rules: &Rules) {
        let roster = self.roster.clone();
        let seed = self.seed;
        let problems = self.problems(side, rules);
        let Some(army) = self.armies.as_mut().and_then(|a| a.get_mut(side)) else {
            return;
        };
        // Wraps in a narrow panel rather than running past its edge.
        ui.horizontal_wrapped(|ui| {
            ui.label("Race");
            ComboBox::from_id_salt(("setup_race", side))
                .selected_text(army.race.as_str())
                .show_ui(ui, |ui| {
                    for (i, race) in roster.races.iter().enumerate() {
                        if ui.selectable_label(army.race == *race, race).clicked()
                            && army.race != *race
                        {
                            // A new race starts from its balanced preset.
                            *army = presets(&roster, i as u16).swap_remove(0).1;
                        }
                    }
                })
                .response
                .widget_info(|| {
                    egui::WidgetInfo::labeled(
                        egui::Role::ComboBox,
                        true,
                        format!("Side {side} race"),
                    )
                });
            ComboBox::from_id_salt(("setup_preset", side))
                .selected_text("Preset…")
                .show_ui(ui, |ui| {
                    if ui
                        .selectable_label(false, "Default (from the seed)")
                        .clicked()
                    {
                        *army = default_army(&roster, seed, side);
                    }
                    if let Some(race) = roster.race_by_name(&army.race) {
                        for (name, preset) in presets(&roster, race) {
                            if ui.selectable_label(false, name).clicked() {
                                *army = preset;
                            }
                        }
                    }
                })
                .response
                .widget_info(|| {
                    egui::WidgetInfo::labeled(
                        egui::Role::ComboBox,
                        true,
                        format!("Side {side} preset"),
                    )
                });
            if ui
                .button("Random legal army")
                .on_hover_text("A random race and a random legal army spending the points")
                .clicked()
            {
                *army = random_army(&roster, os_random(seed ^ u64::from(side)));
            }
        });
        let b = army::Budget::of(&roster, army);
        let color = if b.over() {
            theme::ERROR
        } else {
            ui.visuals().text_color()
        };
        ui.label(
            RichText::new(format!(
                "Points: {} / {} · deployed: {} / {}",
                b.spent, b.points, b.deployed, b.max_deployed
            ))
            .color(color),
        );
        if let Some(race) = roster.race_by_name(&army.race) {
            kinds_ui(ui, &roster, race, army, side, false);
        }
        for p in &problems {
            ui.label(RichText::new(p).color(theme::ERROR));
        }
        deployment_ui(ui, army, side);
    }

    pub(super) fn files_ui(&mut self, ui: &mut Ui, input: &SetupInput<'_>) -> Option<SetupRequest> {
        let mut request = None;
        ui.label(RichText::new("Scenario file").strong());
        ui.add(
            TextEdit::singleline(&mut self.file)
                .desired_width(f32::INFINITY)
                .hint_text("/path/to/scenario.ron"),
        )
        .on_hover_text("Scenario file");
        let typed = {
            let t = self.file.trim();
            (!t.is_empty()).then(|| PathBuf::from(t))
        };
        let folder = input.pack_dir.map(Path::to_path_buf).or_else(|| {
            typed
                .as_ref()
                .and_then(|p| p.parent())
                .filter(|d| d.is_dir())
                .map(Path::to_path_buf)
        });
        let file_name = typed.as_ref().and_then(|p| p.file_name()).map_or_else(
            || "scenario.ron".to_owned(),
            |n| n.to_string_lossy().into_owned(),
        );
        let dialog = || {
            let d = rfd::FileDialog::new().add_filter("Hexwright scenario", &["ron"]);
            match &folder {
                Some(f) => d.set_directory(f),
                None => d,
            }
        };
        ui.horizontal(|ui| {
            if ui
                .button("Save scenario…")
                .on_hover_text("Write this scenario to a file")
                .clicked()
            {
                // A typed path is used as it is; with it empty, the system's
                // dialog asks.
                let path = if input.native_dialogs && typed.is_none() {
                    dialog().set_file_name(&file_name).save_file()
                } else {
                    typed.clone()
                };
                match path {
                    Some(path) => {
                        self.file = path.display().to_string();
                        self.message = Some(match self.save_to(&path, input) {
                            Ok(s) => {
                                request = Some(SetupRequest::SavedScenario { path: path.clone() });
                                Ok(match &s.map {
                                    MapRef::Path(m) => {
                                        format!("Saved {} (map: the pack's {m})", path.display())
                                    }
                                    MapRef::Inline(_) => format!("Saved {}", path.display()),
                                })
                            }
                            Err(e) => Err(format!("Could not save the scenario: {e}")),
                        });
                    }
                    None if !input.native_dialogs => {
                        self.message = Some(Err("Type the scenario file's path first".into()));
                    }
                    None => self.message = Some(Err(crate::document::files::NOTHING_PICKED.into())),
                }
            }
            if ui
                .button("Load scenario…")
                .on_hover_text("Take the settings and armies of a scenario file")
                .clicked()
            {
                let path = if input.native_dialogs && typed.is_none() {
                    dialog().pick_file()
                } else {
                    typed.clone()
                };
                match path {
                    Some(path) => {
                        self.file = path.display().to_string();
                        self.message = Some(
                            self.load_from(&path, input.map)
                                .map_err(|e| format!("Could not load the scenario: {e}")),
                        );
                    }
                    None if !input.native_dialogs => {
                        self.message = Some(Err("Type the scenario file's path first".into()));
                    }
                    None => self.message = Some(Err(crate::document::files::NOTHING_PICKED.into())),
                }
            }
        });
        match &self.message {
            Some(Ok(m)) => {
                ui.label(RichText::new(m).weak());
            }
            Some(Err(e)) => {
                ui.label(RichText::new(e).color(theme::ERROR));
            }
            None => {}
        }
        request
    }

    pub(super) fn start_ui(&mut self, ui: &mut Ui, input: &SetupInput<'_>) -> Option<SetupRequest> {
        let blockers = self.blockers(input.rules);
        let mut request = None;
        let button = ui.add_enabled(blockers.is_empty(), Button::new("Start match"));
        let button = if blockers.is_empty() {
            button.on_hover_text("Play a match with this setup")
        } else {
            button.on_disabled_hover_text(blockers.join("\n"))
        };
        if button.clicked() {
            match self.prepare(input.map, input.roster) {
                Ok(_) => {
                    self.start_error = None;
                    request = Some(SetupRequest::Start);
                }
                Err(e) => self.start_error = Some(e),
            }
        }
        if !blockers.is_empty() {
            ui.label(
                RichText::new(format!("Cannot start: {}", blockers.join("; "))).color(theme::ERROR),
            );
        } else if let Some(e) = &self.start_error {
            ui.label(RichText::new(format!("Cannot start: {e}")).color(theme::ERROR));
        }
        request
    }
}

pub(super) fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Each deployed unit with its hand-placed hex or "auto", and Auto-deploy.
pub(super) fn deployment_ui(ui: &mut Ui, army: &mut Army, side: Side) {
    ui.horizontal(|ui| {
        ui.label(RichText::new("Deployment").strong());
        if ui
            .add_enabled(
                army.units.iter().any(|u| u.at.is_some()),
                Button::new("Auto-deploy").small(),
            )
            .on_hover_text("Deploy every unit of this side automatically, front first")
            .clicked()
        {
            for u in &mut army.units {
                u.at = None;
            }
        }
    });
    ui.label(
        RichText::new("Drag units on the map to place them by hand.")
            .weak()
            .small(),
    );
    Grid::new(("setup_deployment", side))
        .num_columns(3)
        .spacing([6.0, 2.0])
        .show(ui, |ui| {
            for (i, u) in army.units.iter_mut().enumerate() {
                ui.label(format!("{}. {}", i + 1, u.kind));
                match u.at {
                    Some((q, r)) => {
                        ui.label(format!("({q},{r})"));
                        let b = ui
                            .add(Button::new("auto").small())
                            .on_hover_text("Deploy this unit automatically");
                        b.widget_info(|| {
                            egui::WidgetInfo::labeled(
                                egui::Role::Button,
                                true,
                                format!("Deploy unit {} of side {side} automatically", i + 1),
                            )
                        });
                        if b.clicked() {
                            u.at = None;
                        }
                    }
                    None => {
                        ui.label(RichText::new("auto").weak());
                    }
                }
                ui.end_row();
            }
        });
}
