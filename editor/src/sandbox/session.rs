//! [`Sandbox`]: the sandbox's state and layout. It opens on a copy of the
//! map being edited (saved or not) once the engine finds no validation
//! error in it, and lays out its tabs around the same map canvas as the
//! editor: the scenario panel, the match (step-through controls, status,
//! unit inspector, human play, event log), openings heatmaps and batches.

use crate::app::action::Action;
use crate::app::settings::Layers;
use crate::canvas::theme::Palette;
use crate::canvas::view::View;
use crate::canvas::{self, CanvasParams, CanvasState};
use crate::document::Document;
use crate::edit::editing::PointerKind;
use crate::edit::tool::Tool;
use crate::sandbox::action::{FileJob, SandboxAction, Tab, Viewpoint};
use crate::sandbox::batch::akw::{BatchInput, BatchPanel, BatchRequest};
use crate::sandbox::batch::rotation::{RotationInput, RotationPanel, RotationRequest};
use crate::sandbox::openings::{OpeningsInput, OpeningsPanel};
use crate::sandbox::play::board::{self, BoardParams, Projection};
use crate::sandbox::play::cover::{self, Cover};
use crate::sandbox::play::human::{self, Click, Intent, UnitOptions};
use crate::sandbox::play::live::{Live, Stride};
use crate::sandbox::play::phase_human::{self, CardDraft, PhaseOptions};
use crate::sandbox::play::rules::SandboxRules;
use crate::sandbox::play::timeline::{Advance, Seat, Timeline};
use crate::sandbox::play::{controls, inspect, log, status, strip};
use crate::sandbox::setup::picks::{self, PicksRequest, SecretPicks};
use crate::sandbox::setup::{Controller, Setup, SetupInput, SetupRequest};
use egui::{CentralPanel, Frame, Margin, Panel, RichText, ScrollArea, TextEdit, Ui};
use hexwright_engine::Hex;
use hexwright_engine::bots::BotKind;
use hexwright_engine::format;
use hexwright_engine::map::{Map, Side};
use hexwright_engine::player::{PerPlayer, PlayerId};
use hexwright_engine::replay::{self, AnyReplay, HUMAN, PhaseReplay, Replay};
use hexwright_engine::rules::fog::visible_cells;
use hexwright_engine::rules::phase::{PhaseCommand, PhaseView};
use hexwright_engine::rules::scenario::{Army, ArmySource, PlayedArmies, Prepared};
use hexwright_engine::rules::{AKW_RULES_V1, Command, MatchState, Roster, UnitId};
use hexwright_engine::ruleset::{PhaseRulesV1, Ruleset as _, RulesetId};
use hexwright_engine::validate::Severity;
use std::path::{Path, PathBuf};

/// What the app must do for the sandbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SandboxOutput {
    /// Close the sandbox and show the editor.
    Close,
    /// A scenario was saved here (the app adds it to the open pack when
    /// the file is in the pack's folder).
    SavedScenario(PathBuf),
}

/// What the sandbox draws with, borrowed from the app.
#[derive(Debug)]
pub struct SandboxContext<'a> {
    /// The open map (the sandbox plays the copy it opened with).
    pub doc: &'a Document,
    /// The map canvas's state.
    pub canvas: &'a mut CanvasState,
    /// The camera.
    pub view: &'a mut View,
    /// Shown map layers.
    pub layers: Layers,
    /// Colours.
    pub palette: Palette,
    /// Whether to offer the system's file dialogs.
    pub native_dialogs: bool,
    /// The open map pack's folder, if any.
    pub pack_dir: Option<&'a Path>,
    /// The open map's file name inside that pack, if it is one of its maps.
    pub map_file: Option<&'a str>,
}

/// Why the sandbox cannot open on a map.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The map has validation errors (one line each).
    #[error("the map has {} validation error(s); fix them first:\n{}", .0.len(), .0.join("\n"))]
    Invalid(Vec<String>),
    /// The rules cannot play it (e.g. its player count), with the engine's
    /// reason.
    #[error(transparent)]
    Refused(#[from] hexwright_engine::rules::scenario::ScenarioError),
}

/// The sandbox.
#[allow(clippy::struct_excessive_bools)] // independent UI flags
pub struct Sandbox {
    map: Map,
    roster: Roster,
    /// The open map's board, which the setup's deployment checks ask.
    rules: hexwright_engine::rules::Rules,
    zones: PerPlayer<Vec<Hex>>,
    setup: Setup,
    /// The prepared scenario and the setup it was made from.
    prepared: Option<(String, Result<Prepared, String>)>,
    tab: Tab,
    timeline: Option<Live>,
    viewpoint: Viewpoint,
    selected: Option<UnitId>,
    intent: Intent,
    spawn_menu: Option<Hex>,
    playing: bool,
    speed: f32,
    next_tick: f64,
    follow_log: bool,
    jump_round: u32,
    message: Option<String>,
    batch: BatchPanel,
    balance: crate::sandbox::batch::balance::BalancePanel,
    openings: OpeningsPanel,
    /// Deployment drag: the side and army index of the unit being moved.
    drag: Option<(Side, usize)>,
    paths: [String; 3],
    outputs: Vec<SandboxOutput>,
    /// Fit the board at the next frame (a tab or a match was opened).
    fit_pending: bool,
    /// The speed cards a person has picked, before placing them.
    draft: CardDraft,
    /// Who said only they are looking (the cover screen, when several
    /// people play).
    cover: Cover,
    /// Secret army picks under way (more than one person plays).
    picks: Option<SecretPicks>,
    /// The armies the last secret picks chose. They are the match's only:
    /// the scenario keeps its armies, and batches play them only when
    /// asked to (`batch_picked`).
    picked: Option<PerPlayer<Army>>,
    /// Whether the match plays `picked` (it was started from the picks).
    match_picked: bool,
    /// Whether batches play `picked` (the batch tab's explicit choice).
    batch_picked: bool,
    /// Batches of phase-rules-v1 matches, seats rotated.
    rotation: RotationPanel,
}

impl std::fmt::Debug for Sandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sandbox")
            .field("tab", &self.tab)
            .field("timeline", &self.timeline)
            .field("viewpoint", &self.viewpoint)
            .finish_non_exhaustive()
    }
}

/// Commands a bot may play in one frame while playing (the rest next frame).
const MAX_PER_FRAME: usize = 200;

/// The slowest playback, in commands per second.
pub const MIN_SPEED: f32 = 0.5;
/// The fastest playback, in commands per second (at 60 frames a second,
/// well under [`MAX_PER_FRAME`] commands a frame).
pub const MAX_SPEED: f32 = 1_000.0;

/// The side to move when a person plays it and the match is not over.
fn person_to_move(t: &Timeline) -> Option<Side> {
    let s = t.state();
    (s.outcome().is_none() && t.seats()[s.side()].is_none()).then_some(s.side())
}

/// Who played each seat (by name, as replays keep it) and the commands up
/// to the cursor.
fn recorded<R: SandboxRules>(t: &Timeline<R>) -> (Vec<&'static str>, Vec<R::Command>) {
    let names = t
        .seats()
        .iter()
        .map(|seat| seat.map_or(HUMAN, BotKind::name))
        .collect();
    let played = t.steps()[..t.cursor()]
        .iter()
        .map(|s| s.cmd.clone())
        .collect();
    (names, played)
}

/// The timeline of a replay's commands, cursor at the end, and its seats
/// (a bot's name, or a person).
fn reopened<R: SandboxRules<Setup = Prepared, Command: serde::Serialize>>(
    r: &Replay<R::Command>,
    roster: &Roster,
    origin: &str,
) -> Result<(Timeline<R>, PerPlayer<Seat>), String> {
    let prepared = r.prepare(roster, origin).map_err(|e| e.to_string())?;
    let seats: Vec<Seat> = r
        .header
        .players
        .iter()
        .map(|n| n.parse::<BotKind>().ok())
        .collect();
    let seats = PerPlayer::from_vec(seats);
    let mut t = Timeline::<R>::with_commands(prepared, r.header.seed, seats, &r.commands)
        .map_err(|(i, e)| format!("command {i}: {e}"))?;
    t.seek(t.steps().len());
    Ok((t, seats))
}

/// The hexes (from, to) of the command before `t`'s cursor, in any
/// ruleset, when `fog` (the viewer's visible cells; `None`: all-seeing)
/// shows the hex it acted on.
fn last_move_of<R: SandboxRules>(
    t: &Timeline<R>,
    fog: Option<&[bool]>,
) -> Option<(Option<Hex>, Hex)> {
    let i = t.cursor().checked_sub(1)?;
    let before = t.state_at(i)?;
    let (from, to) = R::command_hexes(before, &t.steps()[i].cmd)?;
    match fog {
        Some(f) => {
            let c = R::board(before).arena().cell(to)?;
            f.get(usize::from(c)).copied()?.then_some((from, to))
        }
        None => Some((from, to)),
    }
}

/// The seat a controller takes.
#[must_use]
pub fn seat_of(c: Controller) -> Seat {
    match c {
        Controller::Human => None,
        Controller::Bot(b) => Some(b),
    }
}

impl Sandbox {
    /// Opens the sandbox on `doc`'s map with `roster`; refuses, saying why,
    /// when the map has validation errors.
    pub fn open(doc: &Document, roster: Roster) -> Result<Self, OpenError> {
        let errors: Vec<String> = doc
            .findings()
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(ToString::to_string)
            .collect();
        if !errors.is_empty() {
            return Err(OpenError::Invalid(errors));
        }
        let map = doc.map().clone();
        // The rules refuse what validation misses (a player count no
        // ruleset seats, a roster problem).
        let players = map.player_count();
        let ruleset = RulesetId::ALL
            .into_iter()
            .find(|r| r.refusal(players).is_none())
            .unwrap_or(RulesetId::AkwRulesV1);
        let rules = hexwright_engine::rules::scenario::rules_for_ruleset(
            ruleset,
            &map,
            roster.clone(),
            ruleset.default_round_limit(),
            "the open map",
        )
        .map_err(OpenError::Refused)?;
        let zones = PerPlayer::from_fn(players, |side| doc.zones_of(side));
        let setup = Setup::for_players(&roster, 1, players);
        Ok(Self {
            map,
            roster,
            rules,
            zones,
            setup,
            prepared: None,
            tab: Tab::Scenario,
            timeline: None,
            viewpoint: Viewpoint::All,
            selected: None,
            intent: Intent::Normal,
            spawn_menu: None,
            playing: false,
            speed: 8.0,
            next_tick: 0.0,
            follow_log: true,
            jump_round: 2,
            message: None,
            batch: BatchPanel::default(),
            balance: crate::sandbox::batch::balance::BalancePanel::default(),
            openings: OpeningsPanel::default(),
            drag: None,
            paths: [
                "match.replay.ron".to_owned(),
                "match.replay.ron".to_owned(),
                "position.scenario.ron".to_owned(),
            ],
            outputs: Vec::new(),
            fit_pending: true,
            draft: [None; 4],
            cover: Cover::new(),
            picks: None,
            picked: None,
            match_picked: false,
            batch_picked: false,
            rotation: RotationPanel::default(),
        })
    }

    /// The shown tab.
    #[must_use]
    pub fn tab(&self) -> Tab {
        self.tab
    }

    /// The match being stepped through, if one started.
    #[must_use]
    pub fn timeline(&self) -> Option<&Timeline> {
        self.timeline.as_ref().and_then(Live::akw)
    }

    /// The match being stepped through, in either ruleset.
    #[must_use]
    pub fn live(&self) -> Option<&Live> {
        self.timeline.as_ref()
    }

    /// The scenario settings.
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The scenario settings, to change them (tests).
    pub fn setup_mut(&mut self) -> &mut Setup {
        &mut self.setup
    }

    /// The batch panel.
    #[must_use]
    pub fn batch(&self) -> &BatchPanel {
        &self.batch
    }

    /// The batch panel, to set it up (tests).
    pub fn batch_mut(&mut self) -> &mut BatchPanel {
        &mut self.batch
    }

    /// The openings panel.
    #[must_use]
    pub fn openings(&self) -> &OpeningsPanel {
        &self.openings
    }

    /// The viewpoint the board is drawn from.
    #[must_use]
    pub fn viewpoint(&self) -> Viewpoint {
        self.viewpoint
    }

    /// The selected unit.
    #[must_use]
    pub fn selected(&self) -> Option<UnitId> {
        self.selected
    }

    /// What closing the sandbox would lose, one line each: batches,
    /// balance checks and opening studies, running or finished (the match
    /// itself is not listed: its replay is one click away and it replays
    /// from its seed).
    #[must_use]
    pub fn held_work(&self) -> Vec<String> {
        let mut out = Vec::new();
        let matches = |n: usize| format!("{n} {}", if n == 1 { "match" } else { "matches" });
        if self.batch.is_running() {
            out.push("a batch being played".to_owned());
        } else if let Some(r) = self.batch.results() {
            let how = if r.decision.is_some() {
                " played until decided"
            } else {
                ""
            };
            out.push(format!(
                "the results of a batch of {}{how}",
                matches(r.rows.len())
            ));
        }
        if self.rotation.is_running() {
            out.push("a rotated batch being played".to_owned());
        } else if let Some(r) = self.rotation.results() {
            out.push(format!(
                "the results of a rotated batch of {}",
                matches(r.played.len())
            ));
        }
        if self.balance.is_running() {
            out.push("a balance check across skill levels being played".to_owned());
        } else if let Some(levels) = self.balance.levels() {
            out.push(format!(
                "the results of a balance check at {} skill level{}",
                levels.len(),
                if levels.len() == 1 { "" } else { "s" }
            ));
        }
        if self.openings.is_running() {
            out.push("an opening study being played".to_owned());
        } else if self.openings.result().is_some() {
            out.push("the results of an opening study".to_owned());
        }
        out
    }

    /// The simulated verdict the sandbox holds, in one sentence, for the
    /// editor's Fairness panel: the last finished batch's (its sequential
    /// decision when played until decided), else the rotated batch's.
    #[must_use]
    pub fn simulated_verdict(&self) -> Option<String> {
        if let Some(r) = self.batch.results() {
            return Some(match &r.decision {
                Some(d) => d.summary.to_string(),
                None => r.verdict(),
            });
        }
        self.rotation
            .results()
            .map(|r| format!("{}.", r.report.verdict.sentence()))
    }

    /// The last message (an illegal command's reason, a saved file, …).
    #[must_use]
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Whether a match is playing by itself.
    #[must_use]
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// The map the sandbox plays.
    #[must_use]
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The state drawn for the viewpoint (a side's view hides what it
    /// cannot see), and the cells that side sees.
    #[must_use]
    pub fn shown_state(&self) -> Option<(MatchState, Option<Vec<bool>>)> {
        let t = self.timeline.as_ref()?;
        Some(match self.viewpoint {
            Viewpoint::All => (t.board().clone(), None),
            Viewpoint::Side(side) => (
                t.board_for(Some(side)),
                Some(visible_cells(t.board(), side)),
            ),
        })
    }

    /// The scenario prepared from the current settings (cached).
    fn prepared(&mut self) -> Result<&Prepared, String> {
        self.prepared_with(false)
    }

    /// The scenario prepared from the current settings, with the armies
    /// picked in secret instead of the scenario's when `picked` and there
    /// are some (cached).
    fn prepared_with(&mut self, picked: bool) -> Result<&Prepared, String> {
        let armies = match &self.picked {
            Some(p) if picked => Some(p),
            _ => self.setup.armies.as_ref(),
        };
        let key = format!(
            "{:?}",
            (
                &self.setup.ruleset,
                armies,
                self.setup.seed,
                self.setup.round_limit,
                &self.setup.opening
            )
        );
        if self.prepared.as_ref().is_none_or(|(k, _)| *k != key) {
            let mut setup = self.setup.clone();
            setup.armies = armies.cloned();
            let p = setup.prepare(&self.map, &self.roster);
            self.prepared = Some((key, p));
        }
        match &self.prepared {
            Some((_, Ok(p))) => Ok(p),
            Some((_, Err(e))) => Err(e.clone()),
            None => Err("no scenario".to_owned()),
        }
    }

    /// The armies the last secret picks chose, if any: the armies of the
    /// match they started, never the scenario's.
    #[must_use]
    pub fn picked(&self) -> Option<&PerPlayer<Army>> {
        self.picked.as_ref()
    }

    /// The armies batches play now, as their results say.
    fn batch_armies(&self) -> PlayedArmies {
        crate::sandbox::batch::armies::played(
            self.setup.armies.as_ref(),
            self.picked.as_ref(),
            self.batch_picked,
        )
    }

    /// The seats the scenario panel chose.
    fn seats(&self) -> PerPlayer<Seat> {
        self.setup.controllers.map(|&c| seat_of(c))
    }

    /// Whether the scenario's batches are phase-rules-v1's (seats rotated).
    fn phase_batch(&mut self) -> bool {
        self.prepared()
            .is_ok_and(|p| p.ruleset == RulesetId::PhaseRulesV1)
    }

    /// A bot per seat for the batch form (a person's seat gets the greedy
    /// bot).
    fn seat_bots(&self) -> Vec<BotKind> {
        self.seats()
            .iter()
            .map(|s| s.unwrap_or(BotKind::Greedy))
            .collect()
    }

    /// Opens a match of a phase-rules-v1 batch at its end: the batch's
    /// scenario, seed and seating replayed.
    fn open_rotation_match(&mut self, seed: u64, seating: &[BotKind]) {
        // The batch's own scenario: its armies, even if the form changed.
        let batch = self.rotation.prepared().cloned();
        let p = match batch.map_or_else(|| self.prepared().cloned(), Ok) {
            Ok(p) => p,
            Err(e) => {
                self.message = Some(format!("Cannot open that match: {e}"));
                return;
            }
        };
        self.match_picked = self
            .rotation
            .results()
            .is_some_and(|r| r.armies.source == ArmySource::HandPicked);
        let never = std::sync::atomic::AtomicBool::new(false);
        let Some((_, commands, _)) =
            hexwright_engine::rotation::play::<PhaseRulesV1>(&p, seed, seating, &never)
        else {
            return;
        };
        let seats: PerPlayer<Seat> =
            PerPlayer::from_vec(seating.iter().map(|&b| Some(b)).collect());
        match Timeline::<PhaseRulesV1>::with_commands(p, seed, seats, &commands) {
            Ok(mut t) => {
                t.seek(t.steps().len());
                self.timeline = Some(Live::Phase(t));
                self.setup.seed = seed;
                self.setup.controllers =
                    seats.map(|s| s.map_or(Controller::Human, Controller::Bot));
                self.tab = Tab::Match;
                self.fit_pending = true;
                self.playing = false;
                self.selected = None;
                let names: Vec<&str> = seating.iter().map(|b| b.name()).collect();
                self.message = Some(format!(
                    "Batch match with seed {seed}: {}",
                    names.join(", ")
                ));
            }
            Err((i, e)) => self.message = Some(format!("Cannot open that match: command {i}: {e}")),
        }
    }

    /// Bots for panels that need two (a person's seat gets the greedy bot).
    fn bots(&self) -> [BotKind; 2] {
        let seats = self.seats();
        let bot = |i: u8| {
            seats
                .get(PlayerId(i))
                .copied()
                .flatten()
                .unwrap_or(BotKind::Greedy)
        };
        [bot(0), bot(1)]
    }

    /// Applies one request.
    #[allow(clippy::too_many_lines)] // one arm per action
    pub fn apply(&mut self, action: SandboxAction, now: f64) {
        match action {
            SandboxAction::Close => self.outputs.push(SandboxOutput::Close),
            SandboxAction::SetTab(tab) => {
                self.fit_pending |= self.tab != tab;
                self.tab = tab;
            }
            SandboxAction::SetViewpoint(v) => match self.held_view() {
                Some(side) if v != Viewpoint::Side(side) => {
                    self.message = Some(format!(
                        "Side {side} decides: the view stays on side {side} until it has"
                    ));
                }
                _ => self.viewpoint = v,
            },
            SandboxAction::Start
                if self.setup.armies.is_none() && picks::needed(self.setup.controllers) =>
            {
                self.picks = Some(SecretPicks::new(self.setup.controllers, self.setup.seed));
                self.message = Some(
                    "Secret picks: each person picks a first commander, then the rest".to_owned(),
                );
            }
            SandboxAction::Start => {
                self.match_picked = false;
                self.start(self.setup.seed);
            }
            SandboxAction::StartPicked => {
                self.match_picked = true;
                self.start(self.setup.seed);
            }
            SandboxAction::Restart => {
                if let Some(t) = &self.timeline {
                    let seed = t.seed();
                    self.start(seed);
                }
            }
            SandboxAction::RestartNewSeed => {
                let seed = self
                    .timeline
                    .as_ref()
                    .map_or(self.setup.seed, Live::seed)
                    .wrapping_add(1);
                self.setup.seed = seed;
                self.start(seed);
            }
            SandboxAction::Step => self.step(Stride::Command),
            SandboxAction::StepUnitTurn => self.step(Stride::UnitTurn),
            SandboxAction::StepPhase => self.step(Stride::Phase),
            SandboxAction::StepTurn => self.step(Stride::Turn),
            SandboxAction::Back => {
                self.playing = false;
                self.message = None;
                if let Some(t) = &mut self.timeline {
                    t.seek(t.cursor().saturating_sub(1));
                }
                self.after_move();
            }
            SandboxAction::TogglePlay => {
                self.playing = !self.playing;
                self.next_tick = now;
            }
            SandboxAction::SetSpeed(v) => self.speed = v.clamp(MIN_SPEED, MAX_SPEED),
            SandboxAction::Seek(i) => {
                self.playing = false;
                self.message = None;
                if let Some(t) = &mut self.timeline {
                    t.seek(i);
                }
                self.after_move();
            }
            SandboxAction::SeekRound(round) => {
                self.playing = false;
                self.message = None;
                if let Some(t) = &mut self.timeline {
                    // Fast-forwards through bots' moves when the round is
                    // not played yet.
                    match t.go_to_round(round) {
                        Advance::Played => {}
                        Advance::WaitingForHuman(side) => {
                            self.message = Some(format!(
                                "Stopped before round {round}: side {side} is played by a person"
                            ));
                        }
                        Advance::Over => {
                            self.message = Some(format!(
                                "The match ended before round {round}: {}",
                                t.outcome_text().unwrap_or_default()
                            ));
                        }
                    }
                }
                self.after_move();
            }
            SandboxAction::SetSeat(side, seat) => {
                if let Some(t) = &mut self.timeline {
                    t.set_seat(side, seat);
                }
                self.setup.controllers[side] = seat.map_or(Controller::Human, Controller::Bot);
            }
            SandboxAction::ClickHex(hex) => self.click(hex, now),
            SandboxAction::SelectUnit(u) => {
                self.selected = u;
                self.intent = Intent::Normal;
            }
            SandboxAction::SetIntent(i) => self.intent = i,
            SandboxAction::Play(cmd) => self.play(cmd, now),
            SandboxAction::PlayPhase(cmd) => self.play_phase(cmd, now),
            SandboxAction::Uncover(side) => {
                self.cover.uncover(side);
                self.viewpoint = Viewpoint::Side(side);
                // The last line was told to whoever looked before.
                self.message = None;
            }
            SandboxAction::Deploy(side, i, hex) => self.deploy(side, i, hex),
            SandboxAction::File(job, path) => self.file(job, &path),
            SandboxAction::OpenBatchMatch(seed, bots) => self.open_batch_match(seed, bots),
            SandboxAction::OpenRotationMatch(seed, seating) => {
                self.open_rotation_match(seed, &seating);
            }
        }
    }

    /// Starts a match of the scenario with `seed`.
    fn start(&mut self, seed: u64) {
        let seats = self.seats();
        let picked = self.match_picked;
        match self.prepared_with(picked) {
            Ok(p) => {
                let p = p.clone();
                self.timeline = Some(Live::new(p, seed, seats));
                self.cover = Cover::new();
                self.fit_pending |= self.tab != Tab::Match;
                self.tab = Tab::Match;
                self.playing = false;
                self.selected = None;
                self.intent = Intent::Normal;
                self.spawn_menu = None;
                self.message = Some(format!("Match started with seed {seed}"));
            }
            Err(e) => self.message = Some(format!("Cannot start: {e}")),
        }
    }

    fn step(&mut self, stride: Stride) {
        self.playing = false;
        let Some(t) = &mut self.timeline else {
            return;
        };
        match t.advance(stride) {
            Advance::WaitingForHuman(side) => {
                self.message = Some(format!(
                    "Side {side} is played by a person: make a move or end the turn"
                ));
            }
            Advance::Over => {
                self.message = t.outcome_text();
            }
            Advance::Played => {}
        }
        self.after_move();
    }

    /// Clears what belonged to the previous position.
    fn after_move(&mut self) {
        if let Some(t) = &self.timeline {
            self.cover.after_move(t);
        }
        self.hold_view();
        self.intent = Intent::Normal;
        self.spawn_menu = None;
        self.follow_log = true;
        if let (Some(t), Some(id)) = (&self.timeline, self.selected)
            && t.board().unit(id).is_none_or(|u| !u.on_board())
        {
            self.selected = None;
        }
    }

    /// The side a person plays now, if the side to move is a person's.
    fn human_to_move(&self) -> Option<Side> {
        cover::person_to_move(self.timeline.as_ref()?)
    }

    /// The side whose eyes the screen is held on while it decides (see
    /// [`cover`]): a person picking an army in secret, making a secret
    /// decision, or moving while several people share the screen. The
    /// other viewpoints cannot be chosen meanwhile.
    #[must_use]
    pub fn held_view(&self) -> Option<Side> {
        if let Some(p) = &self.picks {
            let side = p.selection().to_pick()?;
            return (self.setup.controllers.get(side) == Some(&Controller::Human)).then_some(side);
        }
        cover::held_view(self.timeline.as_ref()?)
    }

    /// Draws the screen from the held side's eyes, if one is held.
    fn hold_view(&mut self) {
        if let Some(side) = self.held_view() {
            self.viewpoint = Viewpoint::Side(side);
        }
    }

    /// The phase-rules-v1 batch panel.
    #[must_use]
    pub fn rotation(&self) -> &RotationPanel {
        &self.rotation
    }

    /// The phase-rules-v1 batch panel, to set its form.
    pub fn rotation_mut(&mut self) -> &mut RotationPanel {
        &mut self.rotation
    }

    /// The secret army picks under way, if any.
    #[must_use]
    pub fn picks(&self) -> Option<&SecretPicks> {
        self.picks.as_ref()
    }

    /// The person whose decision is hidden behind the cover screen: when
    /// several people play, each secret decision (card placement, tiebreak
    /// reveal), and each turn of a person other than the one who looked
    /// last, waits until that person says only they are looking.
    #[must_use]
    pub fn covered(&self) -> Option<Side> {
        self.cover.covered(self.timeline.as_ref()?)
    }

    /// Plays a person's phase-rules-v1 command. When the next to decide is
    /// a bot, the bots play on by themselves at the chosen speed (from one
    /// beat after `now`) until a person is to decide again.
    fn play_phase(&mut self, cmd: PhaseCommand, now: f64) {
        let Some(Live::Phase(t)) = &mut self.timeline else {
            return;
        };
        let Some(side) = PhaseRulesV1::to_move(t.state()) else {
            return;
        };
        if t.seats()[side].is_some() {
            self.message = Some(format!(
                "Side {side} is played by a bot: hand it to a person (Played by) to decide for it"
            ));
            return;
        }
        let unit = cmd
            .unit()
            .and_then(|id| t.state().board().unit(id))
            .map(|u| format!(" ({})", t.state().board().roster().kind(u.kind).def.name));
        match t.play(cmd) {
            Ok(()) => {
                // Told as the person who played may know it: the next to
                // decide may be another person at the same screen.
                self.message = Some(log::line_for(t, t.cursor() - 1, Some(side)));
                let next = PhaseRulesV1::to_move(t.state());
                if next.is_some_and(|p| t.seats()[p].is_some()) {
                    self.playing = true;
                    self.next_tick = now + 1.0 / f64::from(self.speed.max(MIN_SPEED));
                }
                if t.state().active().is_none() {
                    self.selected = None;
                }
                self.after_move();
            }
            Err(e) => {
                self.message = Some(format!("Not allowed{}: {e}", unit.unwrap_or_default()));
            }
        }
    }

    /// Plays a person's command. After a person ends a turn, the bots to
    /// move next play on by themselves at the chosen speed (from one beat
    /// after `now`), until a person is to move again or the match ends.
    #[allow(clippy::needless_pass_by_value)] // the command is cloned into the timeline
    fn play(&mut self, cmd: Command, now: f64) {
        let Some(t) = self.timeline.as_mut().and_then(Live::akw_mut) else {
            return;
        };
        if person_to_move(t).is_none() {
            self.message = Some(format!(
                "Side {} is played by a bot: hand it to a person (Played by) to move for it",
                t.state().side()
            ));
            return;
        }
        match t.play(cmd.clone()) {
            Ok(()) => {
                self.message = Some(t.steps()[t.cursor() - 1].line.clone());
                if cmd == Command::EndTurn {
                    self.selected = None;
                    if t.state().outcome().is_none() && person_to_move(t).is_none() {
                        self.playing = true;
                        self.next_tick = now + 1.0 / f64::from(self.speed.max(MIN_SPEED));
                    }
                }
                self.after_move();
            }
            Err(e) => {
                // Name the unit the command is about, then the engine's reason.
                let s = t.state();
                let who = match &cmd {
                    Command::Move { unit, .. }
                    | Command::Attack { unit, .. }
                    | Command::Rebound { unit }
                    | Command::Heal { unit, .. }
                    | Command::Summon { unit, .. } => s
                        .unit(*unit)
                        .map(|u| format!(" ({})", s.roster().kind(u.kind).def.name)),
                    Command::Spawn { kind, .. } => Some(format!(" ({kind})")),
                    Command::EndTurn => None,
                };
                self.message = Some(format!("Not allowed{}: {e}", who.unwrap_or_default()));
            }
        }
    }

    fn click(&mut self, hex: Hex, now: f64) {
        if self.tab != Tab::Match {
            return;
        }
        let Some(t) = &self.timeline else {
            return;
        };
        let s = t.board();
        let person = self.human_to_move();
        let viewer = match self.viewpoint {
            Viewpoint::Side(v) => Some(v),
            Viewpoint::All => None,
        };
        let visible = match viewer {
            Some(v) => s
                .arena()
                .cell(hex)
                .is_some_and(|c| hexwright_engine::rules::fog::sees_units_at(s, v, c)),
            None => true,
        };
        if let (Live::Phase(t), Some(side)) = (t, person) {
            match phase_human::click(t.state(), side, self.selected, &self.intent, hex, visible) {
                Click::Select(u) => self.selected = Some(u),
                Click::Deselect | Click::Barracks(_) => self.selected = None,
                Click::Command(cmd) => self.play_phase(cmd, now),
            }
            self.intent = Intent::Normal;
            return;
        }
        match human::click(
            s,
            person.filter(|_| t.akw().is_some()),
            self.selected,
            &self.intent,
            hex,
            visible,
        ) {
            Click::Select(u) => {
                self.selected = Some(u);
                self.intent = Intent::Normal;
                self.spawn_menu = None;
            }
            Click::Deselect => {
                self.selected = None;
                self.intent = Intent::Normal;
                self.spawn_menu = None;
            }
            Click::Barracks(b) => {
                self.selected = None;
                self.spawn_menu = Some(b);
                self.message = Some(format!(
                    "Barracks at ({},{}): choose a unit to spawn in the panel on the right",
                    b.x, b.y
                ));
            }
            Click::Command(cmd) => self.play(cmd, now),
        }
    }

    fn deploy(&mut self, side: Side, i: usize, hex: Hex) {
        // Pin the side's units where they stand now, so moving one does not
        // shuffle the others.
        let seed = self.setup.seed;
        let pins: Vec<Hex> = match self.prepared() {
            Ok(p) => p.deployments(seed)[side]
                .units
                .iter()
                .map(|(_, h)| *h)
                .collect(),
            Err(e) => {
                self.message = Some(format!("Cannot deploy: {e}"));
                return;
            }
        };
        let zone = self.zones[side].clone();
        let already = self.setup.units(side);
        if already.iter().any(|(_, _, at)| at.is_none()) {
            for (j, h) in pins.iter().enumerate() {
                if let Err(e) = self.setup.place(side, j, *h, &zone) {
                    self.message = Some(format!("Cannot deploy: {e}"));
                    return;
                }
            }
        }
        match self.setup.place(side, i, hex, &zone) {
            Ok(()) => {
                self.message = Some(format!(
                    "Side {side}: unit {} deployed at ({},{})",
                    i + 1,
                    hex.x,
                    hex.y
                ));
            }
            Err(e) => self.message = Some(format!("Cannot deploy there: {e}")),
        }
    }

    fn open_batch_match(&mut self, seed: u64, bots: PerPlayer<BotKind>) {
        // The batch's own scenario: the panel may have changed since.
        let p = match self.batch.prepared().cloned() {
            Some(p) => p,
            None => match self.prepared() {
                Ok(p) => p.clone(),
                Err(e) => {
                    self.message = Some(format!("Cannot open that match: {e}"));
                    return;
                }
            },
        };
        // Restart replays the batch's armies too.
        self.match_picked = self
            .batch
            .results()
            .is_some_and(|r| r.armies.source == ArmySource::HandPicked);
        let result = hexwright_engine::sim::play(
            &p,
            seed,
            bots,
            hexwright_engine::sim::PlayOptions { record: true },
        );
        let seats = bots.map(|&b| Some(b));
        match Timeline::with_commands(p, seed, seats, &result.commands) {
            Ok(mut t) => {
                // Restart plays this match again: the scenario panel follows it.
                self.setup.seed = seed;
                self.setup.controllers = bots.map(|&b| Controller::Bot(b));
                t.seek(t.steps().len());
                self.timeline = Some(Live::Akw(t));
                self.tab = Tab::Match;
                self.fit_pending = true;
                self.playing = false;
                self.selected = None;
                let seating: Vec<String> = bots
                    .pairs()
                    .map(|(p, b)| format!("{b} (side {p})"))
                    .collect();
                self.message = Some(format!(
                    "Batch match with seed {seed}: {}",
                    seating.join(" vs ")
                ));
            }
            Err((i, e)) => self.message = Some(format!("Cannot open that match: command {i}: {e}")),
        }
    }

    /// The akw-rules-v1 match, for what only that ruleset has (openings,
    /// saved positions).
    fn akw_match(&self) -> Result<&Timeline, String> {
        match self.timeline.as_ref() {
            None => Err("no match to save".to_owned()),
            Some(Live::Akw(t)) => Ok(t),
            Some(Live::Phase(_)) => Err(format!(
                "a position is a scenario opening, which only {AKW_RULES_V1} plays"
            )),
        }
    }

    /// The replay of the akw-rules-v1 match up to the cursor, recorded by
    /// the engine as `hexwright simulate --record` records its matches.
    pub fn replay(&self) -> Result<Replay, String> {
        let t = self.akw_match()?;
        let (names, played) = recorded(t);
        Replay::record(t.prepared(), &self.map, t.seed(), &names, &played)
            .map_err(|e| e.to_string())
    }

    /// Saves the match up to the cursor as a replay of its ruleset.
    fn save_replay(&self, path: &Path) -> Result<String, String> {
        match self.timeline.as_ref() {
            Some(Live::Phase(t)) => {
                let (names, played) = recorded(t);
                PhaseReplay::record_phase(t.prepared(), &self.map, t.seed(), &names, &played)
                    .and_then(|r| r.save(path))
                    .map_err(|e| e.to_string())?;
            }
            _ => self.replay()?.save(path).map_err(|e| e.to_string())?,
        }
        Ok(format!("Replay saved to {}", path.display()))
    }

    fn file(&mut self, job: FileJob, path: &Path) {
        let result: Result<String, String> = match job {
            FileJob::SaveReplay => self.save_replay(path),
            FileJob::OpenReplay => self.open_replay(path),
            FileJob::SavePosition => self.save_position(path),
        };
        self.message = Some(result.unwrap_or_else(|e| format!("{}: {e}", job.label())));
    }

    /// Opens a replay of either ruleset recorded on the open map, cursor at
    /// its end.
    fn open_replay(&mut self, path: &Path) -> Result<String, String> {
        let origin = path.display().to_string();
        let any = AnyReplay::load(path).map_err(|e| e.to_string())?;
        let here = replay::map_hash(&self.map).map_err(|e| e.to_string())?;
        let (header, map) = match &any {
            AnyReplay::Akw(r) => (&r.header, &r.map),
            AnyReplay::Phase(r) => (&r.header, &r.map),
        };
        if header.map_hash != here {
            return Err(format!(
                "{origin} was recorded on another map (\"{}\"); open that map in the editor first",
                map.meta.name
            ));
        }
        let roster = &self.roster;
        let (live, scenario, seats, summary, n) = match any {
            AnyReplay::Akw(r) => {
                let summary = r.run(roster, &origin, None).map_err(|e| e.to_string())?;
                let (t, seats) = reopened(&r, roster, &origin)?;
                (Live::Akw(t), r.scenario(), seats, summary, r.commands.len())
            }
            AnyReplay::Phase(r) => {
                let summary = r.run(roster, &origin, None).map_err(|e| e.to_string())?;
                let (t, seats) = reopened(&r, roster, &origin)?;
                (
                    Live::Phase(t),
                    r.scenario(),
                    seats,
                    summary,
                    r.commands.len(),
                )
            }
        };
        self.timeline = Some(live);
        self.cover = Cover::new();
        // Restart plays the replay's scenario again: the panel follows it.
        self.setup.load(&scenario);
        self.setup.controllers = seats.map(|s| s.map_or(Controller::Human, Controller::Bot));
        self.tab = Tab::Match;
        self.fit_pending = true;
        self.playing = false;
        self.selected = None;
        Ok(format!("Opened {origin}: {n} commands, {}", summary.result))
    }

    fn save_position(&mut self, path: &Path) -> Result<String, String> {
        let t = self.akw_match()?;
        let p = t.prepared();
        let mut scenario = self.setup.scenario(&self.map);
        scenario.seed = t.seed();
        scenario.round_limit = p.rules.round_limit;
        scenario.armies = Some(p.written_armies(t.seed()));
        scenario.opening = t.commands_from_setup();
        format::save_atomic(&scenario, path).map_err(|e| e.to_string())?;
        let n = scenario.opening.len();
        self.setup.load(&scenario);
        self.outputs
            .push(SandboxOutput::SavedScenario(path.to_path_buf()));
        Ok(format!(
            "Position saved to {} ({n} commands); new matches, openings and batches start from it",
            path.display()
        ))
    }

    /// Plays bot commands while playing, and polls the worker panels.
    fn tick(&mut self, ui: &Ui) {
        let now = ui.input(|i| i.time);
        let mut busy = self.batch.poll();
        busy |= self.openings.poll();
        busy |= self.rotation.poll();
        if self.playing {
            let interval = 1.0 / f64::from(self.speed.max(MIN_SPEED));
            let mut n = 0;
            while self.playing && now >= self.next_tick && n < MAX_PER_FRAME {
                self.next_tick += interval;
                n += 1;
                let Some(t) = &mut self.timeline else {
                    self.playing = false;
                    break;
                };
                match t.advance(Stride::Command) {
                    Advance::Played => {}
                    Advance::Over => {
                        self.playing = false;
                        self.message = t.outcome_text();
                    }
                    Advance::WaitingForHuman(side) => {
                        self.playing = false;
                        self.message = Some(format!("Side {side}'s turn: your move"));
                    }
                }
                self.after_move();
            }
            if now > self.next_tick + 1.0 {
                // Far behind (a slow frame): do not try to catch up.
                self.next_tick = now;
            }
            if self.playing {
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_secs_f64(
                        (self.next_tick - now).clamp(0.0, 1.0),
                    ));
            }
        }
        if busy {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
    }

    /// Draws the sandbox into `ui`; returns what the app must do.
    #[allow(clippy::too_many_lines)] // the layout of every panel in one place
    #[allow(clippy::needless_pass_by_value)] // the context is the frame's borrow of the app
    pub fn ui(&mut self, ui: &mut Ui, mut cx: SandboxContext<'_>) -> Vec<SandboxOutput> {
        self.tick(ui);
        self.hold_view();
        let held = self.held_view();
        let now = ui.input(|i| i.time);
        let mut actions = Vec::new();
        let mut fit = std::mem::take(&mut self.fit_pending);
        let frame = Frame::side_top_panel(ui.style()).inner_margin(Margin::symmetric(10, 5));
        Panel::top("sandbox_bar").frame(frame).show(ui, |ui| {
            // Wraps in a narrow window rather than running off its edge.
            ui.horizontal_wrapped(|ui| {
                if ui
                    .button("Back to editor")
                    .on_hover_text("Close the sandbox (Esc)")
                    .clicked()
                {
                    actions.push(SandboxAction::Close);
                }
                ui.separator();
                ui.label(RichText::new(format!("Sandbox · {}", self.map.meta.name)).strong());
                ui.separator();
                for tab in Tab::ALL {
                    if ui.selectable_label(self.tab == tab, tab.label()).clicked() {
                        actions.push(SandboxAction::SetTab(tab));
                    }
                }
                ui.separator();
                ui.label("View:");
                for v in Viewpoint::all(self.zones.len()) {
                    let free = held.is_none_or(|side| v == Viewpoint::Side(side));
                    let button = ui
                        .add_enabled(
                            free,
                            egui::Button::selectable(self.viewpoint == v, v.label()),
                        )
                        .on_disabled_hover_text(
                            "A person decides in secret: the view stays on their side",
                        );
                    if button.clicked() {
                        actions.push(SandboxAction::SetViewpoint(v));
                    }
                }
                ui.separator();
                fit |= ui
                    .button("Fit")
                    .on_hover_text("Fit the board into the view (F or Home)")
                    .clicked();
            });
        });
        fit |= !ui.ctx().egui_wants_keyboard_input()
            && ui.input(|i| {
                i.modifiers.is_none()
                    && (i.key_pressed(egui::Key::F) || i.key_pressed(egui::Key::Home))
            });
        if fit {
            cx.canvas.fit(cx.view, cx.doc);
        }
        // The message line is always there, one line high, so the controls
        // and the board do not move when a message comes or goes.
        let covered = self.covered();
        Panel::bottom("sandbox_message")
            .frame(frame)
            .show(ui, |ui| {
                // Nothing of the last decision shows behind the cover.
                let m = match covered {
                    Some(_) => "",
                    None => self.message.as_deref().unwrap_or(""),
                };
                let line = ui.add(egui::Label::new(m).truncate());
                if !m.is_empty() {
                    line.on_hover_text(m);
                }
            });
        if self.tab == Tab::Match
            && let Some(t) = &self.timeline
        {
            Panel::bottom("sandbox_controls")
                .frame(frame)
                .show(ui, |ui| {
                    let (playing, speed, jump) = (self.playing, self.speed, &mut self.jump_round);
                    actions.extend(match t {
                        Live::Akw(t) => controls::show(ui, t, playing, speed, jump),
                        Live::Phase(t) => controls::show(ui, t, playing, speed, jump),
                    });
                });
        }
        let viewer = match self.viewpoint {
            Viewpoint::Side(s) => Some(s),
            Viewpoint::All => None,
        };
        let window = ui.ctx().content_rect().width();
        Panel::left("sandbox_left")
            .resizable(true)
            .default_size(300.0)
            .size_range(crate::panels::sizes::sandbox_left(window))
            .show(ui, |ui| {
                // Both ways: a grid wider than the panel (the turn strip
                // of four players) scrolls rather than being cut off.
                let width = ui.available_width();
                ScrollArea::both()
                    .id_salt("sandbox_left_scroll")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        // Text wraps at the panel's width all the same.
                        ui.set_max_width(width);
                        ui.add_space(6.0);
                        match self.tab {
                            Tab::Scenario if self.picks.is_some() => {
                                let picked =
                                    self.picks.as_mut().and_then(|p| p.show(ui, &self.roster));
                                match picked {
                                    Some(PicksRequest::Done(armies)) => {
                                        self.picks = None;
                                        self.picked = Some(PerPlayer::from_vec(armies));
                                        actions.push(SandboxAction::StartPicked);
                                    }
                                    Some(PicksRequest::Cancel) => self.picks = None,
                                    None => {}
                                }
                            }
                            Tab::Scenario => {
                                let input = SetupInput {
                                    roster: &self.roster,
                                    map: &self.map,
                                    zones: &self.zones,
                                    rules: &self.rules,
                                    native_dialogs: cx.native_dialogs,
                                    pack_dir: cx.pack_dir,
                                    map_file: cx.map_file,
                                };
                                match self.setup.show(ui, &input) {
                                    Some(SetupRequest::Start) => actions.push(SandboxAction::Start),
                                    Some(SetupRequest::SavedScenario { path }) => {
                                        self.outputs.push(SandboxOutput::SavedScenario(path));
                                    }
                                    None => {}
                                }
                                ui.separator();
                                ui.label(
                                    RichText::new(
                                        "Drag a unit on the map to another hex of its side's \
                                         starting zone to deploy it by hand.",
                                    )
                                    .weak(),
                                );
                            }
                            Tab::Match => {
                                if let Some(side) = covered {
                                    ui.label(
                                        RichText::new(format!(
                                            "Side {side} decides in secret: hand over."
                                        ))
                                        .strong(),
                                    );
                                } else if let Some(t) = &self.timeline {
                                    actions.extend(match t {
                                        Live::Akw(t) => status::show(ui, t, viewer),
                                        Live::Phase(t) => strip::show(ui, t, viewer),
                                    });
                                    egui::CollapsingHeader::new("What the marks mean")
                                        .id_salt("sandbox_legend")
                                        .show(ui, board::legend);
                                } else {
                                    ui.label("No match yet.");
                                    if ui.button("Start match").clicked() {
                                        actions.push(SandboxAction::Start);
                                    }
                                }
                                ui.separator();
                                actions.extend(self.files_ui(ui, cx.native_dialogs));
                            }
                            Tab::Openings => {
                                let bots = self.seat_bots();
                                match self.prepared() {
                                    Ok(p) => {
                                        let p = p.clone();
                                        self.openings.show(
                                            ui,
                                            &OpeningsInput {
                                                prepared: &p,
                                                default_bots: bots,
                                            },
                                        );
                                    }
                                    Err(e) => {
                                        ui.colored_label(crate::canvas::theme::ERROR, e);
                                    }
                                }
                            }
                            Tab::Batch => {
                                let bots = self.bots();
                                let running = self.batch.is_running() || self.rotation.is_running();
                                ui.add_enabled_ui(!running, |ui| {
                                    crate::sandbox::batch::armies::choice_ui(
                                        ui,
                                        &self.roster,
                                        &self.batch_armies(),
                                        self.picked.is_some(),
                                        &mut self.batch_picked,
                                    );
                                });
                                ui.separator();
                                let armies = self.batch_armies();
                                match self.prepared_with(self.batch_picked) {
                                    Ok(p) if p.ruleset == RulesetId::PhaseRulesV1 => {
                                        let p = p.clone();
                                        self.rotation.show(
                                            ui,
                                            &RotationInput {
                                                prepared: &p,
                                                armies: &armies,
                                                map: &self.map,
                                                default_bots: self.seat_bots(),
                                                native_dialogs: cx.native_dialogs,
                                                export_dir: cx.pack_dir,
                                            },
                                        );
                                        ui.separator();
                                        self.balance.show(ui, &p);
                                    }
                                    Ok(p) => {
                                        let p = p.clone();
                                        self.batch.show(
                                            ui,
                                            &BatchInput {
                                                prepared: &p,
                                                armies: &armies,
                                                map: &self.map,
                                                default_bots: bots,
                                                native_dialogs: cx.native_dialogs,
                                                export_dir: cx.pack_dir,
                                            },
                                        );
                                        ui.separator();
                                        self.balance.show(ui, &p);
                                    }
                                    Err(e) => {
                                        ui.colored_label(crate::canvas::theme::ERROR, e);
                                    }
                                }
                            }
                        }
                    });
            });
        if self.tab == Tab::Match
            && let Some(t) = &self.timeline
        {
            let person = self.human_to_move();
            Panel::right("sandbox_right")
                .resizable(true)
                .default_size(310.0)
                .size_range(crate::panels::sizes::sandbox_right(window))
                .show(ui, |ui| {
                    ui.add_space(6.0);
                    // A side's view shows the card of units that side sees.
                    let seen = self.selected.filter(|&id| {
                        let s = t.board();
                        match viewer {
                            None => true,
                            Some(v) => s.unit(id).is_some_and(|u| {
                                u.side == v
                                    || hexwright_engine::rules::fog::sees_units_at(s, v, u.cell)
                            }),
                        }
                    });
                    if let Some(id) = seen {
                        inspect::unit_card(ui, t.board(), id);
                        ui.separator();
                    }
                    match (t, person) {
                        (Live::Akw(t), Some(_)) => {
                            actions.extend(inspect::human_actions(
                                ui,
                                t.state(),
                                self.selected,
                                &self.intent,
                                self.spawn_menu,
                            ));
                            ui.separator();
                        }
                        (Live::Phase(t), Some(side)) if covered.is_none() => {
                            let view = PhaseView::new(t.state(), side).state;
                            actions.extend(phase_human::show(
                                ui,
                                &view,
                                side,
                                &mut self.draft,
                                self.selected,
                                &self.intent,
                            ));
                            ui.separator();
                        }
                        _ => {}
                    }
                    ui.label(RichText::new("Event log").strong());
                    if covered.is_some() {
                        ui.label("Hidden while a secret decision waits.");
                        return;
                    }
                    actions.extend(match t {
                        Live::Akw(t) => log::show(ui, t, viewer, self.follow_log, held.is_none()),
                        Live::Phase(t) => log::show(ui, t, viewer, self.follow_log, held.is_none()),
                    });
                });
            self.follow_log = false;
        }
        if let Some(side) = covered.filter(|_| self.tab == Tab::Match) {
            // A secret decision at a table of several people: only the
            // person to decide may look.
            CentralPanel::default().show(ui, |ui| {
                ui.vertical_centered(|ui| {
                    ui.add_space(ui.available_height() / 3.0);
                    ui.heading(format!("Hand over to side {side}"));
                    ui.label(format!(
                        "Side {side} decides in secret. Click when only side {side}'s player is looking."
                    ));
                    if ui.button(format!("Side {side} is looking")).clicked() {
                        actions.push(SandboxAction::Uncover(side));
                    }
                });
            });
        } else if self.tab == Tab::Batch && self.batch_results_view() {
            // A batch's results and the balance check's chart take the big
            // central area: the balance check on top (it is shorter), the
            // batch's table under it.
            CentralPanel::default().show(ui, |ui| {
                if self.balance.has_results_view() {
                    self.balance.results_ui(ui);
                    ui.separator();
                }
                if self.phase_batch() {
                    if self.rotation.results().is_some()
                        && let Some(RotationRequest::OpenMatch { seed, seating }) =
                            self.rotation.show_results(ui)
                    {
                        actions.push(SandboxAction::OpenRotationMatch(seed, seating));
                    }
                } else if self.batch.has_results_view()
                    && let Some(BatchRequest::OpenMatch { seed, bots }) =
                        self.batch.show_results(ui)
                {
                    actions.push(SandboxAction::OpenBatchMatch(seed, bots));
                }
            });
        } else {
            self.board_ui(ui, &mut cx, &mut actions);
        }
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) && !ui.ctx().egui_wants_keyboard_input() {
            // Esc first drops a pending choice or the selection, then leaves.
            if self.intent != Intent::Normal || self.selected.is_some() || self.spawn_menu.is_some()
            {
                actions.push(SandboxAction::SelectUnit(None));
                self.spawn_menu = None;
            } else {
                actions.push(SandboxAction::Close);
            }
        }
        let changed = !actions.is_empty();
        for a in actions {
            self.apply(a, now);
        }
        if changed {
            ui.ctx().request_repaint();
        }
        std::mem::take(&mut self.outputs)
    }

    /// Whether the Batch tab's central area shows results (a batch's, or
    /// the balance check's) rather than the board.
    fn batch_results_view(&mut self) -> bool {
        self.balance.has_results_view()
            || if self.phase_batch() {
                self.rotation.results().is_some()
            } else {
                self.batch.has_results_view()
            }
    }

    /// The board in the central area: the map, the tab's drawing on it, and
    /// clicks and drags on it.
    fn board_ui(
        &mut self,
        ui: &mut Ui,
        cx: &mut SandboxContext<'_>,
        actions: &mut Vec<SandboxAction>,
    ) {
        CentralPanel::no_frame().show(ui, |ui| {
            let params = CanvasParams {
                doc: cx.doc,
                layers: cx.layers,
                selected: None,
                palette: cx.palette,
                tool: Tool::Select,
                marks: &[],
                breaks: &[],
                symmetry: hexwright_engine::symmetry::Symmetry::OFF,
                analysis: None,
            };
            let canvas_actions = canvas::show(ui, cx.canvas, cx.view, params);
            let proj = Projection {
                doc: cx.doc,
                view: cx.view,
                rect: cx.canvas.rect(),
            };
            for a in canvas_actions {
                match a {
                    Action::SelectHex(Some(h)) => actions.push(SandboxAction::ClickHex(h)),
                    Action::Pointer(ev) if self.tab == Tab::Scenario => {
                        let hex = cx.doc.hex_at(ev.world);
                        match ev.kind {
                            PointerKind::Press => self.drag = self.deployed_at(hex),
                            PointerKind::Release => {
                                if let Some((side, i)) = self.drag.take() {
                                    actions.push(SandboxAction::Deploy(side, i, hex));
                                }
                            }
                            _ => {}
                        }
                    }
                    _ => {}
                }
            }
            let painter = ui.painter_at(proj.rect);
            self.paint(&painter, &proj, &cx.palette);
        });
    }

    /// The side and army index of the unit deployed on `hex` (scenario tab).
    fn deployed_at(&mut self, hex: Hex) -> Option<(Side, usize)> {
        let seed = self.setup.seed;
        let p = self.prepared().ok()?;
        let d = p.deployments(seed);
        d.pairs().find_map(|(side, d)| {
            d.units
                .iter()
                .position(|(_, h)| *h == hex)
                .map(|i| (side, i))
        })
    }

    fn paint(&mut self, painter: &egui::Painter, proj: &Projection<'_>, palette: &Palette) {
        match self.tab {
            // During secret picks no army is known yet: the map alone, not
            // the default armies that will not be played.
            Tab::Scenario => {
                if let Some(s) = self.scenario_board() {
                    board::paint(
                        painter,
                        proj,
                        &BoardParams {
                            shown: &s,
                            fog: None,
                            selected: None,
                            reach: &[],
                            targets: &[],
                            ready: &[],
                            last: None,
                            palette,
                        },
                    );
                }
            }
            Tab::Openings => {
                let to_screen = |h: Hex| proj.center(h);
                self.openings.paint(painter, &to_screen, proj.hex_px());
            }
            Tab::Match | Tab::Batch => {
                let Some((shown, fog)) = self.shown_state() else {
                    return;
                };
                let (reach, targets) = self.highlights();
                let ready = self.ready_units();
                let last = self.last_move(fog.as_deref());
                board::paint(
                    painter,
                    proj,
                    &BoardParams {
                        shown: &shown,
                        fog: fog.as_deref(),
                        selected: self.selected,
                        reach: &reach,
                        targets: &targets,
                        ready: &ready,
                        last,
                        palette,
                    },
                );
            }
        }
    }

    /// What the Scenario tab draws on the map: the armies deployed as the
    /// setup stands; nothing during secret picks, when no army is known
    /// yet (the default armies would not be played).
    fn scenario_board(&mut self) -> Option<MatchState> {
        if self.picks.is_some() {
            return None;
        }
        let seed = self.setup.seed;
        let p = self.prepared().ok()?;
        Some(p.setup(seed).0)
    }

    /// The last command's hexes (from, to), when the viewer could see them.
    fn last_move(&self, fog: Option<&[bool]>) -> Option<(Option<Hex>, Hex)> {
        match self.timeline.as_ref()? {
            Live::Akw(t) => last_move_of(t, fog),
            Live::Phase(t) => last_move_of(t, fog),
        }
    }

    /// The hexes of the units a person may start a turn with now: in
    /// phase-rules-v1, when a person's slot has no unit acting and none is
    /// selected (computed on that person's view).
    fn ready_units(&self) -> Vec<Hex> {
        let Some(Live::Phase(t)) = &self.timeline else {
            return Vec::new();
        };
        let s = t.state();
        let Some(side) = self.human_to_move() else {
            return Vec::new();
        };
        if self.selected.is_some() || s.active().is_some() {
            return Vec::new();
        }
        let b = s.board();
        crate::sandbox::play::phase_human::ready_units(s, side)
            .into_iter()
            .filter_map(|id| b.unit(id).map(|u| b.arena().hex(u.cell)))
            .collect()
    }

    /// The hexes to highlight: the selected unit's moves and targets when
    /// it belongs to the side to move, or where a summon or spawn can go.
    fn highlights(&self) -> (Vec<Hex>, Vec<Hex>) {
        if let Some(Live::Phase(t)) = &self.timeline {
            let s = t.state();
            return match (&self.intent, self.selected) {
                (Intent::Summon(id), _) => (PhaseOptions::of(s, *id).summons, Vec::new()),
                (_, Some(id))
                    if s.board()
                        .unit(id)
                        .is_some_and(|u| Some(u.side) == s.slot_player()) =>
                {
                    let o = PhaseOptions::of(s, id);
                    (o.moves, o.attacks)
                }
                _ => (Vec::new(), Vec::new()),
            };
        }
        let Some(t) = self.timeline.as_ref().and_then(Live::akw) else {
            return (Vec::new(), Vec::new());
        };
        let s = t.state();
        // On a bot's turn the intent is always Normal: the selected unit's
        // reach shows for study.
        match &self.intent {
            Intent::Summon(id) => (UnitOptions::of(s, *id).summons, Vec::new()),
            Intent::Spawn { barracks, kind } => {
                (human::spawn_targets(s, *barracks, kind), Vec::new())
            }
            Intent::Normal => match self.selected {
                Some(id) if s.unit(id).is_some_and(|u| u.side == s.side()) => {
                    let o = UnitOptions::of(s, id);
                    (o.moves, o.attacks)
                }
                _ => (Vec::new(), Vec::new()),
            },
        }
    }

    /// Replay and position files: a path field, and the system's dialog
    /// when there is one.
    fn files_ui(&mut self, ui: &mut Ui, native: bool) -> Vec<SandboxAction> {
        let mut actions = Vec::new();
        ui.label(RichText::new("Replays and positions").strong());
        let has_match = self.timeline.is_some();
        for (k, job) in FileJob::ALL.into_iter().enumerate() {
            let enabled = has_match || job == FileJob::OpenReplay;
            // Wraps in a narrow panel rather than running past its edge.
            ui.horizontal_wrapped(|ui| {
                let label = ui.label(job.field_label());
                let field = ui
                    .add_enabled(
                        enabled,
                        TextEdit::singleline(&mut self.paths[k])
                            .desired_width(150.0)
                            .id_salt(("sandbox_path", k)),
                    )
                    .labelled_by(label.id);
                // Enter in the field does what the button does.
                let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui
                    .add_enabled(enabled, egui::Button::new(job.label()))
                    .clicked()
                    || (enabled && entered)
                {
                    actions.push(SandboxAction::File(
                        job,
                        PathBuf::from(self.paths[k].trim()),
                    ));
                }
                if native
                    && ui
                        .add_enabled(enabled, egui::Button::new("…"))
                        .on_hover_text("Choose the file")
                        .clicked()
                {
                    let dialog = rfd::FileDialog::new().add_filter("RON", &["ron"]);
                    let picked = if job == FileJob::OpenReplay {
                        dialog.pick_file()
                    } else {
                        dialog.set_file_name(self.paths[k].as_str()).save_file()
                    };
                    if let Some(p) = picked {
                        self.paths[k] = p.display().to_string();
                        actions.push(SandboxAction::File(job, p));
                    } else {
                        self.message = Some(crate::document::files::NOTHING_PICKED.to_owned());
                    }
                }
            });
        }
        actions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::MapSource;
    use hexwright_engine::board::Board;
    use hexwright_engine::layout::Orientation;
    use hexwright_engine::map::{Feature, FeatureKind, Zone};

    /// A valid four-player map: one quarter and its images in both mirrors.
    fn four_player_map() -> Map {
        let mut m = Map::new_empty("Four", Orientation::Pointy, 10.0, 400.0, 300.0).unwrap();
        m.players = 4;
        let mirror_x = |(q, r): (i32, i32)| (-q - r, r);
        let mirror_y = |(q, r): (i32, i32)| (q + r, -r);
        let image = |side: u8, h: (i32, i32)| match side {
            0 => h,
            1 => mirror_x(h),
            2 => mirror_y(h),
            _ => mirror_x(mirror_y(h)),
        };
        let at = |(q, r): (i32, i32)| Hex::new(q, r);
        for side in 0..4u8 {
            let p = PlayerId(side);
            m.zones.push(Zone {
                side: p,
                hexes: (-6..=-2)
                    .flat_map(|q| [(q, -6), (q, -5)])
                    .map(|h| at(image(side, h)))
                    .collect(),
            });
            for (h, kind) in [
                ((-4, -8), FeatureKind::Base { side: p }),
                ((-2, -8), FeatureKind::Barracks { side: p }),
                ((-3, -1), FeatureKind::Objective),
                ((-1, -3), FeatureKind::Outpost),
            ] {
                m.features.push(Feature {
                    hex: at(image(side, h)),
                    kind,
                });
            }
        }
        m
    }

    #[test]
    fn a_four_player_map_opens_in_phase_rules_and_bots_play_it_step_by_step() {
        let doc = Document::new(Board::new(four_player_map()).unwrap(), MapSource::Unsaved);
        assert!(doc.findings().is_empty(), "{:#?}", doc.findings());
        let mut sb = Sandbox::open(&doc, Roster::bundled()).expect("opens");
        assert_eq!(sb.setup().ruleset, "phase-rules-v1");
        assert_eq!(sb.setup().controllers.len(), 4);
        assert!(sb.setup().blockers(&sb.rules).is_empty());
        sb.apply(SandboxAction::Start, 0.0);
        let live = sb.live().expect("a match");
        assert_eq!(live.ruleset(), RulesetId::PhaseRulesV1);
        sb.apply(SandboxAction::StepPhase, 0.0);
        let after_phase = sb.live().unwrap().cursor();
        assert!(
            after_phase > 4,
            "four placements and the first phase: {after_phase}"
        );
        sb.apply(SandboxAction::StepTurn, 0.0);
        let live = sb.live().unwrap();
        let (n, hash) = (live.cursor(), live.state_hash());
        assert_eq!(
            live.phase().unwrap().state().round(),
            2,
            "on to the second turn"
        );
        // Rewind and step again: the same states come back.
        sb.apply(SandboxAction::Seek(0), 0.0);
        sb.apply(SandboxAction::StepTurn, 0.0);
        assert_eq!(sb.live().unwrap().cursor(), n);
        assert_eq!(sb.live().unwrap().state_hash(), hash);
        // Its replay saves and reopens at the same state.
        let dir = std::env::temp_dir().join(format!("hexwright-phase-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("four.replay.ron");
        sb.apply(SandboxAction::File(FileJob::SaveReplay, path.clone()), 0.0);
        assert!(
            sb.message().is_some_and(|m| m.starts_with("Replay saved")),
            "{:?}",
            sb.message()
        );
        sb.apply(SandboxAction::Seek(0), 0.0);
        sb.apply(SandboxAction::File(FileJob::OpenReplay, path), 0.0);
        assert!(
            sb.message().is_some_and(|m| m.starts_with("Opened")),
            "{:?}",
            sb.message()
        );
        let live = sb.live().unwrap();
        assert_eq!(
            (live.ruleset(), live.cursor(), live.state_hash()),
            (RulesetId::PhaseRulesV1, n, hash)
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn secret_picks_show_no_default_army_on_the_map() {
        let doc = Document::new(Board::new(four_player_map()).unwrap(), MapSource::Unsaved);
        let mut sb = Sandbox::open(&doc, Roster::bundled()).expect("opens");
        let before = sb.scenario_board().expect("the setup's armies");
        assert!(!before.units().is_empty());
        sb.setup.controllers = PerPlayer::from_fn(4, |_| Controller::Human);
        sb.apply(SandboxAction::Start, 0.0);
        assert!(sb.picks.is_some(), "people pick their armies in secret");
        assert!(sb.scenario_board().is_none(), "no army is drawn");
    }

    #[test]
    fn go_to_round_plays_the_bots_on_to_a_round_not_played_yet() {
        let map = hexwright_headless::files::bundled::default_map().unwrap();
        let doc = Document::new(Board::new(map).unwrap(), MapSource::Unsaved);
        let mut sb = Sandbox::open(&doc, Roster::bundled()).expect("opens");
        sb.apply(SandboxAction::Start, 0.0);
        assert_eq!(sb.live().unwrap().round(), 1);
        sb.apply(SandboxAction::SeekRound(4), 0.0);
        let live = sb.live().unwrap();
        assert_eq!(live.round(), 4, "{:?}", sb.message());
        let at = live.cursor();
        assert_eq!(live.round_start(4), Some(at), "at the round's start");
        // Back to a round already played: a seek, and forward again.
        sb.apply(SandboxAction::SeekRound(2), 0.0);
        assert_eq!(sb.live().unwrap().round(), 2);
        sb.apply(SandboxAction::SeekRound(4), 0.0);
        assert_eq!(sb.live().unwrap().cursor(), at);
        // Past the end of a match: it says how it ended.
        sb.apply(SandboxAction::SeekRound(10_000), 0.0);
        assert!(
            sb.message()
                .is_some_and(|m| m.starts_with("The match ended before round 10000")),
            "{:?}",
            sb.message()
        );
    }

    #[test]
    fn the_last_move_of_a_phase_match_is_marked_from_the_unit_to_its_hex() {
        let doc = Document::new(Board::new(four_player_map()).unwrap(), MapSource::Unsaved);
        let mut sb = Sandbox::open(&doc, Roster::bundled()).expect("opens");
        sb.apply(SandboxAction::Start, 0.0);
        let (mut moves, mut off_board) = (0, 0);
        for _ in 0..400 {
            sb.apply(SandboxAction::Step, 0.0);
            let t = sb.live().unwrap().phase().unwrap();
            let i = t.cursor() - 1;
            let before = t.state_at(i).unwrap().board();
            let expected = match t.steps()[i].cmd {
                PhaseCommand::Move { unit, to } | PhaseCommand::Attack { unit, target: to } => {
                    moves += 1;
                    let from = before.unit(unit).map(|u| before.arena().hex(u.cell));
                    assert!(from.is_some());
                    Some((from, to))
                }
                PhaseCommand::PlaceCards { .. } | PhaseCommand::EndSlot => {
                    off_board += 1;
                    None
                }
                _ => continue,
            };
            assert_eq!(sb.last_move(None), expected);
            // A viewer who sees nothing sees no mark.
            let blind = vec![false; before.arena().len()];
            assert_eq!(sb.last_move(Some(&blind)), None);
        }
        assert!(
            moves > 0 && off_board > 0,
            "{moves} moves, {off_board} off the board"
        );
    }
}
