//! The sandbox's scenario panel: everything a match on the open map starts
//! from — the ruleset, seed and round limit, who plays each side (a person
//! or a bot), each side's army (default armies picked from each match's
//! seed, or armies built by hand from the roster, with presets and random
//! legal armies) and where its units deploy; scenario files are saved and
//! loaded here too.
//!
//! [`Setup`] is plain state; [`Setup::show_ui`] draws the panel and returns what
//! the sandbox has to do ([`SetupRequest`]). The selection and deployment
//! rules shown live are the engine's own ([`army_problems`], and
//! [`army::Budget`] for the points and size limits); [`Setup::prepare`] asks the engine
//! for the whole scenario, so the panel never lets a match start that the
//! engine would refuse.
//!
//! Hand deployment ([`Setup::place`]) swaps: placing a unit on a hex another
//! unit of the same army holds moves that unit to the hex the placed unit
//! held (or back to automatic deployment, if it had none).

mod panel;
pub(crate) mod picks;

use hexwright_engine::player::PerPlayer;
use hexwright_engine::rules::army;
use panel::capital;

use crate::document::pack_draft::relative_to;
use egui::{Button, Grid, RichText, Ui};
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
    pub const ALL: [Self; 6] = [
        Self::Human,
        Self::Bot(BotKind::Random),
        Self::Bot(BotKind::Greedy),
        Self::Bot(BotKind::Planner),
        Self::Bot(BotKind::Search),
        Self::Bot(BotKind::Policy),
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
            Self::Bot(BotKind::Policy) => "Policy bot",
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

/// What the sandbox has to do after [`Setup::show_ui`].
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
pub(super) fn kinds_ui(
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

#[cfg(test)]
mod tests;
