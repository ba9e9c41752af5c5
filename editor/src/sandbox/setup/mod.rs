//! The sandbox's scenario panel: everything a match on the open map starts
//! from — the ruleset, seed and round limit, who plays each side (a person
//! or a bot), each side's army (default armies picked from each match's
//! seed, or armies built by hand from the roster, with presets and random
//! legal armies) and where its units deploy; scenario files are saved and
//! loaded here too.
//!
//! [`Setup`] is plain state; [`Setup::show`] draws the panel and returns what
//! the sandbox has to do ([`SetupRequest`]). The selection and deployment
//! rules shown live are the engine's own ([`army_problems`], and
//! [`army::Budget`] for the points and size limits); [`Setup::prepare`] asks the engine
//! for the whole scenario, so the panel never lets a match start that the
//! engine would refuse.
//!
//! Hand deployment ([`Setup::place`]) swaps: placing a unit on a hex another
//! unit of the same army holds moves that unit to the hex the placed unit
//! held (or back to automatic deployment, if it had none).

pub(crate) mod picks;

use hexwright_engine::player::PerPlayer;
use hexwright_engine::rules::army;
use hexwright_engine::rules::army::{presets, random_army};

use crate::canvas::theme;
use crate::document::pack_draft::relative_to;
use egui::{Button, CollapsingHeader, ComboBox, DragValue, Grid, RichText, TextEdit, Ui};
use hexwright_engine::Hex;
use hexwright_engine::bots::BotKind;
use hexwright_engine::format;
use hexwright_engine::map::{Map, Side};
use hexwright_engine::pack::scenario_map_in_pack;
use hexwright_engine::rules::Command;
use hexwright_engine::rules::Rules;
use hexwright_engine::rules::roster::Roster;
use hexwright_engine::rules::scenario::{
    Army, MAX_ROUND_LIMIT, MapRef, Prepared, SCENARIO_FORMAT, Scenario, ScenarioError,
    army_problems, default_armies_for, default_army, deploy, rules_for_ruleset,
};
use hexwright_engine::rules::state::PLAYERS;
use hexwright_engine::ruleset::RulesetId;
use std::hash::BuildHasher as _;
use std::path::{Path, PathBuf};

/// The origin named in errors about the scenario being set up.
const ORIGIN: &str = "sandbox scenario";

/// Most units (deployed plus reserve) a loaded army may list: far beyond
/// the rules (10 deployed, 30 points), low enough that the panel lists them
/// all without slowing down.
pub const MAX_LOADED_UNITS: usize = 100;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Controller {
    /// A person at the sandbox.
    Human,
    /// A bot.
    Bot(BotKind),
}

/// A new seat is played by the greedy bot.
impl Default for Controller {
    fn default() -> Self {
        Self::Bot(BotKind::Greedy)
    }
}

impl Controller {
    /// Every controller, in menu order.
    pub const ALL: [Self; 5] = [
        Self::Human,
        Self::Bot(BotKind::Random),
        Self::Bot(BotKind::Greedy),
        Self::Bot(BotKind::Planner),
        Self::Bot(BotKind::Search),
    ];

    /// Its name in the panel.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Human => "Human",
            Self::Bot(BotKind::Random) => "Random bot",
            Self::Bot(BotKind::Greedy) => "Greedy bot",
            Self::Bot(BotKind::Planner) => "Planner bot",
            Self::Bot(BotKind::Search) => "Search bot",
        }
    }

    /// Its name in a scenario's `seats`: a bot's name or `human`.
    #[must_use]
    pub const fn seat_name(self) -> &'static str {
        match self {
            Self::Human => hexwright_engine::replay::HUMAN,
            Self::Bot(b) => b.name(),
        }
    }

    /// The controller a scenario's seat names, if it names one.
    #[must_use]
    pub fn from_seat_name(name: &str) -> Option<Self> {
        if name == hexwright_engine::replay::HUMAN {
            return Some(Self::Human);
        }
        name.parse().ok().map(Self::Bot)
    }
}

/// What the panel's state needs from the sandbox each frame.
#[derive(Clone, Copy, Debug)]
pub struct SetupInput<'a> {
    /// The roster matches use (the pack's own, or the bundled one).
    pub roster: &'a Roster,
    /// The open map.
    pub map: &'a Map,
    /// Each side's starting zone on the open map.
    pub zones: &'a PerPlayer<Vec<Hex>>,
    /// The open map's board, which the engine deploys armies on: what
    /// [`Setup::problems`] asks.
    pub rules: &'a Rules,
    /// Whether the system's file dialogs may be used (off in tests).
    pub native_dialogs: bool,
    /// The open map pack's folder, if a pack is open.
    pub pack_dir: Option<&'a Path>,
    /// The open map's file name inside the pack, when it is one of its maps.
    pub map_file: Option<&'a str>,
}

/// What the sandbox has to do after [`Setup::show`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupRequest {
    /// Start a match: [`Setup::prepare`] succeeded.
    Start,
    /// A scenario file was saved at `path`; when it lies inside the open
    /// pack's folder the pack should list it
    /// ([`crate::document::pack_draft::PackDraft::register_scenario`]).
    SavedScenario {
        /// The file written.
        path: PathBuf,
    },
}

/// The scenario being set up, and the panel's own form state.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Ruleset id: one of [`RulesetId::ALL`] that seats the map's players.
    pub ruleset: String,
    /// The map's player count.
    pub players: usize,
    /// Both armies, or `None` for default armies picked from each match's seed.
    pub armies: Option<PerPlayer<Army>>,
    /// Who plays each side.
    pub controllers: PerPlayer<Controller>,
    /// The match seed.
    pub seed: u64,
    /// Rounds before a draw.
    pub round_limit: u32,
    /// Commands every match starts with (from a loaded saved position).
    pub opening: Vec<Command>,
    /// The roster the armies are built from (the last one `show` saw).
    roster: Roster,
    /// The scenario file path typed in the panel.
    file: String,
    /// The pack folder the file path was last defaulted for.
    file_default_for: Option<PathBuf>,
    /// The last file operation's outcome: `Ok` news or `Err` problem.
    message: Option<Result<String, String>>,
    /// Why the last "Start match" was refused.
    start_error: Option<String>,
}

/// Random bits from the OS (through the standard library's randomly keyed
/// hasher), for the panel's "New seed" and "Random legal army" buttons only:
/// nothing deterministic depends on them.
fn os_random(salt: u64) -> u64 {
    std::collections::hash_map::RandomState::new().hash_one(salt)
}

impl Setup {
    /// Default armies from `seed`, both sides played by the greedy bot, the
    /// default round limit.
    #[must_use]
    pub fn new(roster: &Roster, seed: u64) -> Self {
        Self::for_players(roster, seed, PLAYERS)
    }

    /// [`Self::new`] for a map of `players` players: the first ruleset
    /// that seats them, and its round limit.
    #[must_use]
    pub fn for_players(roster: &Roster, seed: u64, players: usize) -> Self {
        let ruleset = RulesetId::ALL
            .into_iter()
            .find(|r| r.refusal(players).is_none())
            .unwrap_or(RulesetId::AkwRulesV1);
        Self {
            ruleset: ruleset.id().to_owned(),
            players,
            armies: None,
            controllers: PerPlayer::splat(players, &Controller::default()),
            seed,
            round_limit: ruleset.default_round_limit(),
            opening: Vec::new(),
            roster: roster.clone(),
            file: String::new(),
            file_default_for: None,
            message: None,
            start_error: None,
        }
    }

    /// The army of `side`: the written one, or the default one from the seed.
    #[must_use]
    pub fn army(&self, side: Side) -> Army {
        match &self.armies {
            Some(a) => a
                .get(side)
                .cloned()
                .unwrap_or_else(|| default_army(&self.roster, self.seed, side)),
            None => default_army(&self.roster, self.seed, side),
        }
    }

    /// The scenario with the map written inline.
    #[must_use]
    pub fn scenario(&self, map: &Map) -> Scenario {
        self.scenario_with(MapRef::Inline(Box::new(map.clone())))
    }

    fn scenario_with(&self, map: MapRef) -> Scenario {
        Scenario {
            format: SCENARIO_FORMAT,
            map,
            ruleset: self.ruleset.clone(),
            round_limit: self.round_limit,
            seed: self.seed,
            armies: self.armies.as_ref().map(|a| a.iter().cloned().collect()),
            seats: self
                .controllers
                .iter()
                .map(|c| c.seat_name().to_owned())
                .collect(),
            opening: self.opening.clone(),
        }
    }

    /// The scenario as saved at `file`: when `file` lies inside the pack
    /// folder `pack_dir` and the open map is the pack's `map_file`, the map
    /// is written as a path to that file (relative to the scenario's
    /// folder); otherwise inline.
    #[must_use]
    pub fn scenario_for_file(
        &self,
        map: &Map,
        file: &Path,
        pack_dir: Option<&Path>,
        map_file: Option<&str>,
    ) -> Scenario {
        if let (Some(dir), Some(map_file)) = (pack_dir, map_file)
            && let Some(name) = relative_to(dir, file)
        {
            let depth = name.matches('/').count();
            let path = format!("{}{map_file}", "../".repeat(depth));
            if scenario_map_in_pack(&name, &path).as_deref() == Some(map_file) {
                return self.scenario_with(MapRef::Path(path));
            }
        }
        self.scenario(map)
    }

    /// Checks everything and prepares a match on `map`. The error lists
    /// every problem (both sides' armies when both break rules).
    pub fn prepare(&self, map: &Map, roster: &Roster) -> Result<Prepared, String> {
        let scenario = self.scenario(map);
        match scenario.prepare(Path::new("."), roster, ORIGIN) {
            Ok(p) => Ok(p),
            Err(ScenarioError::Army { .. }) if self.armies.is_some() => {
                Err(self.army_problems(map, roster))
            }
            Err(e) => Err(e.to_string()),
        }
    }

    /// Both sides' selection and deployment problems, one line each.
    fn army_problems(&self, map: &Map, roster: &Roster) -> String {
        let ruleset = self.ruleset.parse().unwrap_or(RulesetId::AkwRulesV1);
        let rules = match rules_for_ruleset(ruleset, map, roster.clone(), self.round_limit, ORIGIN)
        {
            Ok(r) => r,
            Err(e) => return e.to_string(),
        };
        let mut lines = Vec::new();
        for side in map.sides() {
            if let Err(problems) = deploy(&rules, roster, &self.army(side), side) {
                lines.push(format!(
                    "The army of side {side} breaks {} rule(s):",
                    problems.len()
                ));
                lines.extend(problems.iter().map(|p| format!("  {p}")));
            }
        }
        lines.join("\n")
    }

    /// Takes the ruleset, round limit, seed, armies and opening of
    /// `scenario` (not its map: the sandbox plays the open map).
    pub fn load(&mut self, scenario: &Scenario) {
        self.ruleset.clone_from(&scenario.ruleset);
        self.round_limit = scenario.round_limit;
        self.seed = scenario.seed;
        self.armies = scenario.armies.clone().map(PerPlayer::from_vec);
        if !scenario.seats.is_empty() {
            // One seat per player of the open map, whatever the file lists.
            self.controllers = PerPlayer::from_fn(self.players, |p| {
                scenario
                    .seats
                    .get(p.index())
                    .and_then(|n| Controller::from_seat_name(n))
                    .unwrap_or_default()
            });
        }
        self.opening.clone_from(&scenario.opening);
        self.start_error = None;
    }

    /// Deploys unit `unit` of `side` on `hex` by hand. `hex` must be in
    /// `zone` (the side's starting zone). If another unit of the same army
    /// stands there, the two swap: it takes the placed unit's old hex, or
    /// goes back to automatic deployment if the placed unit had none.
    /// Default armies become written ones (the current seed's) first.
    pub fn place(&mut self, side: Side, unit: usize, hex: Hex, zone: &[Hex]) -> Result<(), String> {
        if side.index() >= self.players {
            return Err(format!("there is no side {side}"));
        }
        if !zone.contains(&hex) {
            return Err(format!(
                "({},{}) is not in side {side}'s starting zone",
                hex.x, hex.y
            ));
        }
        let mut armies = self
            .armies
            .clone()
            .unwrap_or_else(|| default_armies_for(&self.roster, self.seed, self.players));
        let Some(army) = armies.get_mut(side) else {
            return Err(format!("there is no side {side}"));
        };
        let units = &mut army.units;
        let Some(old) = units.get(unit).map(|u| u.at) else {
            return Err(format!("side {side}'s army has no unit {unit}"));
        };
        let target = Some((hex.x, hex.y));
        if let Some(other) = units
            .iter()
            .enumerate()
            .position(|(i, u)| i != unit && u.at == target)
        {
            units[other].at = old;
        }
        units[unit].at = target;
        self.armies = Some(armies);
        Ok(())
    }

    /// Puts unit `unit` of `side` back to automatic deployment.
    pub fn unplace(&mut self, side: Side, unit: usize) {
        if let Some(u) = self
            .armies
            .as_mut()
            .and_then(|a| a.get_mut(side))
            .and_then(|a| a.units.get_mut(unit))
        {
            u.at = None;
        }
    }

    /// Deploys every unit of `side` automatically (clears each `at`).
    pub fn auto_deploy(&mut self, side: Side) {
        if let Some(a) = self.armies.as_mut().and_then(|a| a.get_mut(side)) {
            for u in &mut a.units {
                u.at = None;
            }
        }
    }

    /// The deployed units of `side` in army order: index, kind name, and
    /// the hex placed by hand (`None`: deployed automatically).
    #[must_use]
    pub fn units(&self, side: Side) -> Vec<(usize, String, Option<Hex>)> {
        self.army(side)
            .units
            .into_iter()
            .enumerate()
            .map(|(i, u)| (i, u.kind, u.at.map(|(q, r)| Hex::new(q, r))))
            .collect()
    }

    /// Every selection and deployment rule the army of `side` breaks on
    /// `rules`' board, as the engine finds them ([`army_problems`]); empty
    /// for default armies (they are legal by construction).
    #[must_use]
    pub fn problems(&self, side: Side, rules: &Rules) -> Vec<String> {
        match self.armies.as_ref().and_then(|a| a.get(side)) {
            Some(army) => army_problems(rules, &self.roster, army, side),
            None => Vec::new(),
        }
    }

    /// Why a match cannot start yet, without building it: bad settings or
    /// armies the engine would refuse on `rules`' board. Empty when "Start
    /// match" may be tried.
    #[must_use]
    pub fn blockers(&self, rules: &Rules) -> Vec<String> {
        let mut out = Vec::new();
        match self.ruleset.parse::<RulesetId>() {
            Err(e) => out.push(e.to_string()),
            Ok(r) => out.extend(r.refusal(self.players)),
        }
        if !(1..=MAX_ROUND_LIMIT).contains(&self.round_limit) {
            out.push(format!(
                "round limit {} is out of range (1 to {MAX_ROUND_LIMIT})",
                self.round_limit
            ));
        }
        for side in rules.arena.zones.players() {
            let n = self.problems(side, rules).len();
            if n > 0 {
                out.push(format!("the army of side {side} breaks {n} rule(s)"));
            }
        }
        out
    }

    /// Writes the scenario to `path` atomically (see
    /// [`Self::scenario_for_file`] for how the map is written).
    pub fn save_to(&self, path: &Path, input: &SetupInput<'_>) -> Result<Scenario, String> {
        let scenario = self.scenario_for_file(input.map, path, input.pack_dir, input.map_file);
        format::save_atomic(&scenario, path).map_err(|e| e.to_string())?;
        Ok(scenario)
    }

    /// Reads the scenario file at `path` and takes its settings
    /// ([`Self::load`]). Returns a note for the panel; the error names the
    /// file, and the line and column for a syntax error. Nothing changes
    /// when it fails.
    pub fn load_from(&mut self, path: &Path, map: &Map) -> Result<String, String> {
        let scenario = Scenario::load(path).map_err(|e| e.to_string())?;
        if let Some(armies) = &scenario.armies {
            for (side, army) in armies.iter().enumerate() {
                let n = army.units.len() + army.reserve.len();
                if n > MAX_LOADED_UNITS {
                    return Err(format!(
                        "{}: the army of side {side} lists {n} units; the limit is {MAX_LOADED_UNITS}",
                        path.display()
                    ));
                }
            }
        }
        self.load(&scenario);
        let shown = path.display();
        Ok(match &scenario.map {
            MapRef::Path(p) => {
                format!("Loaded {shown} (its map is {p}; the sandbox plays the open map)")
            }
            MapRef::Inline(m) if **m != *map => format!(
                "Loaded {shown} (its map differs from the open map, which the sandbox plays)"
            ),
            MapRef::Inline(_) => format!("Loaded {shown}"),
        })
    }

    /// Draws the panel. Returns what the sandbox has to do, if anything.
    pub fn show(&mut self, ui: &mut Ui, input: &SetupInput<'_>) -> Option<SetupRequest> {
        if *input.roster != self.roster {
            self.roster = input.roster.clone();
        }
        self.default_file(input);
        let mut request = None;
        egui::ScrollArea::vertical()
            .id_salt("sandbox_setup")
            .show(ui, |ui| {
                if let Some(r) = self.start(ui, input) {
                    request = Some(r);
                }
                ui.separator();
                self.match_settings(ui);
                ui.separator();
                self.armies_choice(ui);
                for side in input.zones.players() {
                    self.side(ui, side, input.rules);
                }
                ui.separator();
                if let Some(r) = self.files(ui, input) {
                    request = Some(r);
                }
            });
        request
    }

    /// Proposes a file in the pack folder when a pack is open.
    fn default_file(&mut self, input: &SetupInput<'_>) {
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
    fn ruleset_changed(&mut self, before: &str) {
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

    fn match_settings(&mut self, ui: &mut Ui) {
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

    fn armies_choice(&mut self, ui: &mut Ui) {
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

    fn side(&mut self, ui: &mut Ui, side: Side, rules: &Rules) {
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
                    self.builder(ui, side, rules);
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
    fn builder(&mut self, ui: &mut Ui, side: Side, rules: &Rules) {
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
            kinds(ui, &roster, race, army, side, false);
        }
        for p in &problems {
            ui.label(RichText::new(p).color(theme::ERROR));
        }
        deployment(ui, army, side);
    }

    fn files(&mut self, ui: &mut Ui, input: &SetupInput<'_>) -> Option<SetupRequest> {
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

    fn start(&mut self, ui: &mut Ui, input: &SetupInput<'_>) -> Option<SetupRequest> {
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

/// "Lord Marshal, 2 Knight, 3 Pikeman; reserve: 2 Hawk".
pub(super) fn summary(army: &Army) -> String {
    let group = |names: Vec<&str>| {
        let mut out: Vec<(usize, &str)> = Vec::new();
        for n in names {
            match out.iter_mut().find(|(_, m)| *m == n) {
                Some(e) => e.0 += 1,
                None => out.push((1, n)),
            }
        }
        out.iter()
            .map(|(c, n)| {
                if *c == 1 {
                    (*n).to_owned()
                } else {
                    format!("{c} {n}")
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let units = group(army.units.iter().map(|u| u.kind.as_str()).collect());
    if army.reserve.is_empty() {
        units
    } else {
        format!(
            "{units}; reserve: {}",
            group(army.reserve.iter().map(String::as_str).collect())
        )
    }
}

/// The race's kinds by class, each with its count and − / + buttons.
/// The builder's rows: each kind of `race` with its count and − and +
/// buttons. With `capped`, + is refused (greyed, saying why) where one more
/// would go past a limit ([`army::Budget::refuses`]). Returns whether the
/// army changed.
pub(super) fn kinds(
    ui: &mut Ui,
    roster: &Roster,
    race: u16,
    army: &mut Army,
    side: Side,
    capped: bool,
) -> bool {
    let mut changed = false;
    let budget = army::Budget::of(roster, army);
    Grid::new(("setup_kinds", side))
        .num_columns(2)
        .spacing([6.0, 2.0])
        .show(ui, |ui| {
            for class in army::CLASSES {
                let ids = army::kinds_of(roster, race, class);
                if ids.is_empty() {
                    continue;
                }
                let where_ = if class == hexwright_engine::rules::Class::Summon {
                    ", reserve"
                } else {
                    ""
                };
                ui.label(
                    RichText::new(format!(
                        "{}s ({} pts{where_})",
                        capital(class.name()),
                        class.points()
                    ))
                    .weak(),
                );
                ui.end_row();
                for k in ids {
                    let name = roster.kind(k).def.name.clone();
                    let n = army::count(army, &name);
                    ui.label(&name)
                        .on_hover_text(crate::sandbox::play::inspect::kind_stats(roster, k));
                    // − count + side by side: two narrow columns, so the
                    // builder fits a narrow panel.
                    ui.horizontal(|ui| {
                        ui.spacing_mut().item_spacing.x = 4.0;
                        let minus = ui
                            .add_enabled(n > 0, Button::new("−").small())
                            .on_hover_text(format!("One {name} less"));
                        minus.widget_info(|| {
                            egui::WidgetInfo::labeled(
                                egui::Role::Button,
                                n > 0,
                                format!("Remove {name}"),
                            )
                        });
                        if minus.clicked() {
                            army::remove(army, &name);
                            changed = true;
                        }
                        ui.label(format!("× {n}"));
                        let refused = capped.then(|| budget.refuses(roster, k)).flatten();
                        let fits = refused.is_none();
                        let plus = ui
                            .add_enabled(fits, Button::new("+").small())
                            .on_hover_text(format!("One {name} more"))
                            .on_disabled_hover_text(refused.unwrap_or_default());
                        plus.widget_info(|| {
                            egui::WidgetInfo::labeled(
                                egui::Role::Button,
                                fits,
                                format!("Add {name}"),
                            )
                        });
                        if plus.clicked() {
                            army::add(roster, army, k);
                            changed = true;
                        }
                    });
                    ui.end_row();
                }
            }
        });
    changed
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Each deployed unit with its hand-placed hex or "auto", and Auto-deploy.
fn deployment(ui: &mut Ui, army: &mut Army, side: Side) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::Harness;
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    use hexwright_engine::player::PlayerId;
    use hexwright_engine::rules::AKW_RULES_V1;
    use hexwright_engine::rules::scenario::{check_army, default_armies};
    use hexwright_engine::rules::state::DEFAULT_ROUND_LIMIT;

    /// The panel and everything its input borrows.
    struct Panel {
        setup: Setup,
        roster: Roster,
        rules: Rules,
        map: Map,
        zones: PerPlayer<Vec<Hex>>,
        pack: Option<PathBuf>,
        map_file: Option<String>,
        requests: Vec<SetupRequest>,
    }

    fn map() -> Map {
        hexwright_headless::files::bundled::default_map().unwrap()
    }

    fn zones(map: &Map) -> [Vec<Hex>; 2] {
        [0, 1].map(|s| map.zone_of(PlayerId(s)).unwrap().hexes.clone())
    }

    fn rules(map: &Map) -> Rules {
        rules_for_ruleset(
            RulesetId::AkwRulesV1,
            map,
            Roster::bundled(),
            DEFAULT_ROUND_LIMIT,
            "test",
        )
        .unwrap()
    }

    fn panel(setup: Setup) -> Panel {
        let map = map();
        Panel {
            setup,
            roster: Roster::bundled(),
            rules: rules(&map),
            zones: PerPlayer::from(zones(&map)),
            map,
            pack: None,
            map_file: None,
            requests: Vec::new(),
        }
    }

    fn harness(p: Panel) -> Harness<'static, Panel> {
        Harness::builder()
            .with_size(egui::Vec2::new(640.0, 3200.0))
            .build_ui_state(
                |ui, p: &mut Panel| {
                    let input = SetupInput {
                        roster: &p.roster,
                        map: &p.map,
                        zones: &p.zones,
                        rules: &p.rules,
                        native_dialogs: false,
                        pack_dir: p.pack.as_deref(),
                        map_file: p.map_file.as_deref(),
                    };
                    if let Some(r) = p.setup.show(ui, &input) {
                        p.requests.push(r);
                    }
                },
                p,
            )
    }

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("hexwright-setup-{name}-{}", std::process::id()));
        std::fs::remove_dir_all(&d).ok();
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn preset(roster: &Roster, race: &str, name: &str) -> Army {
        presets(roster, roster.race_by_name(race).unwrap())
            .into_iter()
            .find(|p| p.0 == name)
            .unwrap()
            .1
    }

    fn setup() -> Setup {
        Setup::new(&Roster::bundled(), 7)
    }

    #[test]
    fn a_new_setup_has_default_armies_greedy_bots_and_the_default_round_limit() {
        let s = setup();
        assert_eq!(s.ruleset, AKW_RULES_V1);
        assert_eq!(s.armies, None);
        assert_eq!(s.controllers, [Controller::Bot(BotKind::Greedy); 2]);
        assert_eq!(s.round_limit, DEFAULT_ROUND_LIMIT);
        assert_eq!(s.seed, 7);
        let labels: Vec<&str> = Controller::ALL.iter().map(|c| c.label()).collect();
        assert_eq!(
            labels,
            [
                "Human",
                "Random bot",
                "Greedy bot",
                "Planner bot",
                "Search bot"
            ]
        );
        let p = s.prepare(&map(), &Roster::bundled()).unwrap();
        assert!(p.armies.is_none());
        assert_eq!(p.seed, 7);
    }

    #[test]
    fn the_builder_counts_points_live_and_flags_an_illegal_army() {
        let roster = Roster::bundled();
        let mut s = setup();
        s.armies = Some(PerPlayer::from_vec(vec![
            preset(&roster, "Dawnguard", "Balanced"),
            preset(&roster, "Mirefolk", "Elite heavy"),
        ]));
        let mut h = harness(panel(s));
        h.run();
        assert!(
            h.query_by_label("Points: 30 / 30 · deployed: 9 / 10")
                .is_some()
        );
        assert!(!h.get_by_label("Start match").accesskit_node().is_disabled());
        h.get_by_label("Add Knight").click();
        h.run();
        assert!(
            h.query_by_label("Points: 34 / 30 · deployed: 10 / 10")
                .is_some()
        );
        assert!(
            h.query_by_label("the army costs 34 selection points; the limit is 30")
                .is_some()
        );
        assert!(h.get_by_label("Start match").accesskit_node().is_disabled());
        assert!(
            h.query_by_label_contains("Cannot start: the army of side 0 breaks 1 rule(s)")
                .is_some()
        );
        h.get_by_label("Add Pikeman").click();
        h.run();
        assert!(
            h.query_by_label("Points: 36 / 30 · deployed: 11 / 10")
                .is_some()
        );
        assert!(
            h.query_by_label("11 units are deployed; at most 10 fit a starting zone")
                .is_some()
        );
        // Summons go to the reserve pool and cost 1.
        h.get_by_label("Add Hawk").click();
        h.run();
        assert_eq!(h.state().setup.army(PlayerId(0)).reserve, vec!["Hawk"]);
        assert!(
            h.query_by_label("Points: 37 / 30 · deployed: 11 / 10")
                .is_some()
        );
        for kind in ["Hawk", "Pikeman", "Knight"] {
            h.get_by_label(&format!("Remove {kind}")).click();
            h.run();
        }
        assert!(
            h.query_by_label("Points: 30 / 30 · deployed: 9 / 10")
                .is_some()
        );
        assert!(h.query_by_label_contains("Cannot start").is_none());
        assert!(!h.get_by_label("Start match").accesskit_node().is_disabled());
        // No commander is a problem too.
        for _ in 0..1 {
            h.get_by_label("Remove Lord Marshal").click();
            h.run();
        }
        assert!(
            h.query_by_label("the army has no commander; it needs at least one")
                .is_some()
        );
        assert_eq!(
            check_army(&roster, &h.state().setup.army(PlayerId(1))),
            Vec::<String>::new()
        );
    }

    #[test]
    fn start_match_asks_to_start_only_when_the_engine_accepts_the_scenario() {
        let mut h = harness(panel(setup()));
        h.run();
        h.get_by_label("Start match").click();
        h.run();
        assert_eq!(h.state().requests, vec![SetupRequest::Start]);
        // A written deployment the panel cannot see as wrong (the zone
        // passed in is wrong) is refused by the engine with its reasons.
        let p = h.state_mut();
        p.requests.clear();
        p.setup
            .place(PlayerId(0), 0, Hex::new(50, 50), &[Hex::new(50, 50)])
            .unwrap();
        p.zones[PlayerId(0)].push(Hex::new(50, 50));
        h.run();
        h.get_by_label("Start match").click();
        h.run();
        assert!(h.state().requests.is_empty());
        assert!(
            h.query_by_label_contains("not a free hex of side 0's starting zone")
                .is_some()
        );
    }

    #[test]
    fn unticking_default_armies_writes_the_seeds_armies() {
        let mut h = harness(panel(setup()));
        h.run();
        let roster = Roster::bundled();
        h.get_by_label("Default armies (from the seed)").click();
        h.run();
        assert_eq!(h.state().setup.armies, Some(default_armies(&roster, 7)));
        h.get_by_label("Default armies (from the seed)").click();
        h.run();
        assert_eq!(h.state().setup.armies, None);
    }

    #[test]
    fn random_legal_army_and_new_seed_buttons() {
        let roster = Roster::bundled();
        let mut s = setup();
        s.armies = Some(PerPlayer::from_vec(vec![
            preset(&roster, "Dawnguard", "Balanced"),
            preset(&roster, "Mirefolk", "Balanced"),
        ]));
        let mut h = harness(panel(s));
        h.run();
        for _ in 0..5 {
            h.get_all_by_label("Random legal army")
                .next()
                .unwrap()
                .click();
            h.run();
            assert_eq!(
                check_army(&roster, &h.state().setup.army(PlayerId(0))),
                Vec::<String>::new()
            );
        }
        let before = h.state().setup.seed;
        h.get_by_label("New seed").click();
        h.run();
        let after = h.state().setup.seed;
        assert_ne!(before, after);
        assert!(after < 1 << 53);
    }

    #[test]
    fn the_opening_is_shown_and_cleared() {
        let mut s = setup();
        s.opening = vec![Command::EndTurn];
        let mut h = harness(panel(s));
        h.run();
        assert!(
            h.query_by_label("Starts from a saved position (1 commands)")
                .is_some()
        );
        h.get_by_label("Clear").click();
        h.run();
        assert!(h.state().setup.opening.is_empty());
        assert!(h.query_by_label_contains("saved position").is_none());
    }

    #[test]
    fn place_swaps_refuses_hexes_outside_the_zone_and_auto_deploy_clears() {
        let map = map();
        let roster = Roster::bundled();
        let [z0, z1] = zones(&map);
        let mut s = setup();
        // Outside the zone: refused, nothing changes.
        assert!(s.place(PlayerId(0), 0, z1[0], &z0).is_err());
        assert!(s.place(PlayerId(2), 0, z0[0], &z0).is_err());
        assert!(s.place(PlayerId(0), 99, z0[0], &z0).is_err());
        assert_eq!(s.armies, None);
        // The first placement writes the seed's armies.
        s.place(PlayerId(0), 0, z0[0], &z0).unwrap();
        let d = default_armies(&roster, 7);
        let (a, b) = (&d[PlayerId(0)], &d[PlayerId(1)]);
        let armies = s.armies.clone().unwrap();
        assert_eq!(&armies[PlayerId(1)], b);
        assert_eq!(armies[PlayerId(0)].race, a.race);
        assert_eq!(
            s.units(PlayerId(0))[0],
            (0, a.units[0].kind.clone(), Some(z0[0]))
        );
        assert!(s.units(PlayerId(0))[1..].iter().all(|u| u.2.is_none()));
        // Placing on a taken hex swaps (the other unit had no hex: auto).
        s.place(PlayerId(0), 1, z0[0], &z0).unwrap();
        assert_eq!(s.units(PlayerId(0))[0].2, None);
        assert_eq!(s.units(PlayerId(0))[1].2, Some(z0[0]));
        s.place(PlayerId(0), 0, z0[1], &z0).unwrap();
        s.place(PlayerId(0), 0, z0[0], &z0).unwrap();
        assert_eq!(s.units(PlayerId(0))[0].2, Some(z0[0]));
        assert_eq!(s.units(PlayerId(0))[1].2, Some(z0[1]), "swapped");
        assert!(s.problems(PlayerId(0), &rules(&map)).is_empty());
        // The engine deploys them there.
        let p = s.prepare(&map, &roster).unwrap();
        let d = &p.armies.as_ref().unwrap()[PlayerId(0)];
        assert_eq!(d.units[0].1, z0[0]);
        assert_eq!(d.units[1].1, z0[1]);
        // Side 1 too, then auto-deploy clears only that side.
        s.place(PlayerId(1), 0, z1[3], &z1).unwrap();
        s.auto_deploy(PlayerId(0));
        assert!(s.units(PlayerId(0)).iter().all(|u| u.2.is_none()));
        assert_eq!(s.units(PlayerId(1))[0].2, Some(z1[3]));
        s.unplace(PlayerId(1), 0);
        assert!(s.units(PlayerId(1)).iter().all(|u| u.2.is_none()));
        // Default armies: units come from the seed, all automatic.
        let d = setup();
        assert_eq!(d.units(PlayerId(1)).len(), b.units.len());
        assert!(d.units(PlayerId(1)).iter().all(|u| u.2.is_none()));
    }

    #[test]
    fn a_unit_placed_on_its_base_blocks_the_start_as_the_engine_would() {
        let mut map = map();
        let [z0, _] = zones(&map);
        // Side 0's base stands on a hex of its zone.
        let base = map
            .features
            .iter_mut()
            .find(|f| f.kind == hexwright_engine::map::FeatureKind::Base { side: PlayerId(0) })
            .unwrap();
        base.hex = z0[0];
        // Validation refuses such a map too; the board is built without it
        // to show that the setup carries the engine's deployment rule.
        let coverage = hexwright_engine::coverage::Coverage::new(&map).unwrap();
        let rules = Rules {
            arena: hexwright_engine::rules::Arena::new(&map, &coverage),
            roster: Roster::bundled(),
            round_limit: DEFAULT_ROUND_LIMIT,
        };
        let mut s = setup();
        s.place(PlayerId(0), 0, z0[0], &z0).unwrap();
        let army = s.army(PlayerId(0));
        assert!(
            deploy(&rules, &Roster::bundled(), &army, PlayerId(0)).is_err(),
            "the engine refuses the army"
        );
        let problems = s.problems(PlayerId(0), &rules);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("not a free hex"), "{problems:?}");
        assert_eq!(
            s.blockers(&rules),
            ["the army of side 0 breaks 1 rule(s)"],
            "so Start match is greyed"
        );
    }

    #[test]
    fn the_deployment_list_shows_hexes_and_auto_deploy_clears_them() {
        let map = map();
        let [z0, _] = zones(&map);
        let mut s = setup();
        s.place(PlayerId(0), 0, z0[2], &z0).unwrap();
        let mut h = harness(panel(s));
        h.run();
        let shown = format!("({},{})", z0[2].x, z0[2].y);
        assert!(h.query_by_label(&shown).is_some());
        h.get_all_by_label("Auto-deploy").next().unwrap().click();
        h.run();
        assert!(h.query_by_label(&shown).is_none());
        assert!(
            h.state()
                .setup
                .units(PlayerId(0))
                .iter()
                .all(|u| u.2.is_none())
        );
    }

    #[test]
    fn prepare_lists_the_problems_of_both_sides() {
        let roster = Roster::bundled();
        let map = map();
        let mut s = setup();
        let mut a = preset(&roster, "Dawnguard", "Balanced");
        a.units.remove(0);
        let mut b = preset(&roster, "Mirefolk", "Balanced");
        b.units.push(b.units[1].clone());
        s.armies = Some(PerPlayer::from_vec(vec![a, b]));
        let e = s.prepare(&map, &roster).unwrap_err();
        assert!(e.contains("The army of side 0 breaks"), "{e}");
        assert!(e.contains("no commander"), "{e}");
        assert!(e.contains("The army of side 1 breaks"), "{e}");
        assert!(e.contains("selection points"), "{e}");
        s.round_limit = 0;
        assert!(
            s.prepare(&map, &roster)
                .unwrap_err()
                .contains("round limit")
        );
    }

    #[test]
    fn a_saved_scenario_loads_back_identical() {
        let dir = temp("round-trip");
        let path = dir.join("mine.ron");
        let roster = Roster::bundled();
        let mut s = setup();
        s.seed = 12_345;
        s.round_limit = 77;
        s.armies = Some(PerPlayer::from_vec(vec![
            preset(&roster, "Mirefolk", "Soldier swarm"),
            preset(&roster, "Dawnguard", "Elite heavy"),
        ]));
        let z0 = zones(&map())[0].clone();
        s.place(PlayerId(0), 2, z0[4], &z0).unwrap();
        s.opening = vec![Command::EndTurn];
        let expected = s.scenario(&map());
        // Through the panel: the typed path, "Save scenario…".
        let mut h = harness(panel(s));
        h.run();
        h.state_mut().setup.file = path.display().to_string();
        h.get_by_label("Save scenario…").click();
        h.run();
        assert_eq!(
            h.state().requests,
            vec![SetupRequest::SavedScenario { path: path.clone() }]
        );
        assert!(h.query_by_label_contains("Saved ").is_some());
        assert_eq!(Scenario::load(&path).unwrap(), expected);
        // A fresh panel loads it back.
        let mut h = harness(panel(Setup::new(&roster, 1)));
        h.run();
        h.state_mut().setup.file = path.display().to_string();
        h.get_by_label("Load scenario…").click();
        h.run();
        assert!(h.query_by_label_contains("Loaded ").is_some());
        assert_eq!(h.state().setup.scenario(&map()), expected);
        assert!(
            h.query_by_label("Starts from a saved position (1 commands)")
                .is_some()
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn saving_into_the_pack_folder_writes_the_maps_path() {
        let dir = temp("pack");
        std::fs::create_dir_all(dir.join("scenarios")).unwrap();
        let map = map();
        let mut p = panel(setup());
        p.pack = Some(dir.clone());
        p.map_file = Some("twin-fords.ron".into());
        let mut h = harness(p);
        h.run();
        // The path defaults to the pack folder.
        assert_eq!(
            h.state().setup.file,
            dir.join("twin-fords-scenario.ron").display().to_string()
        );
        h.get_by_label("Save scenario…").click();
        h.run();
        let top = Scenario::load(&dir.join("twin-fords-scenario.ron")).unwrap();
        assert_eq!(top.map, MapRef::Path("twin-fords.ron".into()));
        // In a subfolder, the path climbs back to the pack folder.
        let nested = dir.join("scenarios").join("a.ron");
        h.state_mut().setup.file = nested.display().to_string();
        h.get_by_label("Save scenario…").click();
        h.run();
        let s = Scenario::load(&nested).unwrap();
        assert_eq!(s.map, MapRef::Path("../twin-fords.ron".into()));
        // The pack lists it when the app registers the saved path.
        let mut draft = crate::document::pack_draft::PackDraft::new(dir.clone());
        for r in &h.state().requests {
            let SetupRequest::SavedScenario { path } = r else {
                panic!("{r:?}")
            };
            assert!(draft.register_scenario(path));
        }
        assert_eq!(
            draft.manifest().scenarios,
            vec!["twin-fords-scenario.ron", "scenarios/a.ron"]
        );
        // Outside the pack folder, or a map that is not the pack's: inline.
        let other = temp("pack-outside").join("b.ron");
        h.state_mut().setup.file = other.display().to_string();
        h.get_by_label("Save scenario…").click();
        h.run();
        assert_eq!(
            Scenario::load(&other).unwrap().map,
            MapRef::Inline(Box::new(map.clone()))
        );
        let s = h
            .state()
            .setup
            .scenario_for_file(&map, &nested, Some(&dir), None);
        assert_eq!(s.map, MapRef::Inline(Box::new(map)));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::remove_dir_all(other.parent().unwrap()).ok();
    }

    #[test]
    fn hostile_scenario_files_give_errors_with_positions_and_never_panic() {
        let dir = temp("hostile");
        let map = map();
        let deep = format!("(format: 1, map: {}", "Inline(".repeat(5000));
        let many_units = format!(
            "(format: 1, map: Path(\"m.ron\"), armies: Some(((race: \"Dawnguard\", units: [{}]), (race: \"Mirefolk\", units: []))))",
            "(kind: \"Knight\"),".repeat(MAX_LOADED_UNITS + 1)
        );
        let cases: Vec<(&str, Vec<u8>, Option<&str>)> = vec![
            (
                "syntax.ron",
                b"(format: 1,\n  map: Path(\"x.ron\"),\n  seed: \"seven\",\n)".to_vec(),
                Some(":3:"),
            ),
            (
                "unknown.ron",
                b"(format: 1, map: Path(\"x.ron\"), cheat: true)".to_vec(),
                Some(":1:"),
            ),
            (
                "truncated.ron",
                b"(format: 1, map: Path(\"x.ron\"), armies: Some((".to_vec(),
                Some(":1:"),
            ),
            (
                "negative.ron",
                b"(format: 1, map: Path(\"x.ron\"), seed: -1)".to_vec(),
                Some(":1:"),
            ),
            (
                "huge.ron",
                b"(format: 1, map: Path(\"x.ron\"), round_limit: 99999999999999999999)".to_vec(),
                Some(":1:"),
            ),
            ("deep.ron", deep.into_bytes(), Some(":1:")),
            ("binary.ron", vec![0xff, 0xfe, 0, 1, 2], None),
            ("empty.ron", Vec::new(), Some(":1:1")),
            (
                "format.ron",
                b"(format: 9, map: Path(\"x.ron\"))".to_vec(),
                None,
            ),
            ("many.ron", many_units.into_bytes(), None),
            ("missing.ron", Vec::new(), None),
        ];
        for (name, bytes, position) in cases {
            let path = dir.join(name);
            if name != "missing.ron" {
                std::fs::write(&path, bytes).unwrap();
            }
            let mut s = setup();
            let before = s.scenario(&map);
            let e = s.load_from(&path, &map).unwrap_err();
            assert!(e.contains(&path.display().to_string()), "{name}: {e}");
            if let Some(p) = position {
                assert!(e.contains(p), "{name}: {e}");
            }
            assert_eq!(s.scenario(&map), before, "{name}: nothing changes");
        }
        // The panel shows the error with its position.
        let mut h = harness(panel(setup()));
        h.run();
        h.state_mut().setup.file = dir.join("syntax.ron").display().to_string();
        h.get_by_label("Load scenario…").click();
        h.run();
        let shown = format!("{}:3:", dir.join("syntax.ron").display());
        assert!(h.query_by_label_contains(&shown).is_some());
        assert!(
            h.query_by_label_contains("Could not load the scenario")
                .is_some()
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn loading_takes_the_settings_but_not_the_map() {
        let roster = Roster::bundled();
        let mut other = map();
        other.meta.name = "Another".into();
        let mut source = setup();
        source.seed = 99;
        source.armies = Some(PerPlayer::from_vec(vec![
            preset(&roster, "Mirefolk", "Balanced"),
            preset(&roster, "Mirefolk", "Soldier swarm"),
        ]));
        let scenario = source.scenario(&other);
        let mut s = setup();
        s.controllers = [Controller::Human, Controller::Bot(BotKind::Planner)].into();
        s.load(&scenario);
        assert_eq!(s.seed, 99);
        assert_eq!(s.armies, source.armies);
        assert_eq!(
            s.controllers, source.controllers,
            "the scenario's seats say who plays"
        );
        // A scenario without seats (format 1, or hand-written) keeps them.
        let mut unseated = scenario.clone();
        unseated.seats.clear();
        s.controllers = [Controller::Human, Controller::Bot(BotKind::Planner)].into();
        s.load(&unseated);
        assert_eq!(
            s.controllers[PlayerId(0)],
            Controller::Human,
            "controllers stay"
        );
        assert_eq!(s.scenario(&map()).map, MapRef::Inline(Box::new(map())));
    }

    #[test]
    fn a_loaded_scenario_gives_one_seat_per_player_of_the_map() {
        let roster = Roster::bundled();
        let mut s = Setup::for_players(&roster, 1, 4);
        let mut scenario =
            s.scenario(&hexwright_headless::files::bundled::map("four-corners.ron").unwrap());
        scenario.seats = vec!["human".into(), "random".into()];
        s.load(&scenario);
        assert_eq!(s.controllers.len(), 4);
        assert_eq!(s.controllers[PlayerId(0)], Controller::Human);
        assert_eq!(s.controllers[PlayerId(1)], Controller::Bot(BotKind::Random));
        assert_eq!(s.controllers[PlayerId(3)], Controller::default());
        scenario.seats = vec!["greedy".into(); 6];
        s.load(&scenario);
        assert_eq!(s.controllers.len(), 4, "extra seats are dropped");
    }
}
