//! [`Sandbox`]: the sandbox's state and layout. It opens on a copy of the
//! map being edited (saved or not) once the engine finds no validation
//! error in it, and lays out its tabs around the same map canvas as the
//! editor: the scenario panel, the match (step-through controls, status,
//! unit inspector, human play, event log), openings heatmaps and batches.
//!
//! This file holds the state, opens it and reads it; [`apply`] applies
//! the panels' actions, [`files`] saves and opens replays and positions,
//! and [`ui`] draws the frame.

mod apply;
mod files;
mod ui;

use crate::app::settings::Layers;
use crate::canvas::CanvasState;
use crate::canvas::theme::Palette;
use crate::canvas::view::View;
use crate::document::Document;
use crate::sandbox::action::{Tab, Viewpoint};
use crate::sandbox::batch::BatchPanel;
use crate::sandbox::openings::OpeningsPanel;
use crate::sandbox::play::cover::{self, Cover};
use crate::sandbox::play::human::Intent;
use crate::sandbox::play::live::Live;
use crate::sandbox::play::phase_human::CardDraft;
use crate::sandbox::play::rules::SandboxRules;
use crate::sandbox::play::timeline::{Seat, Timeline};
use crate::sandbox::setup::picks::SecretPicks;
use crate::sandbox::setup::{Controller, Setup};
use hexwright_engine::Hex;
use hexwright_engine::bots::BotKind;
use hexwright_engine::map::{Map, Side};
use hexwright_engine::player::PerPlayer;
use hexwright_engine::replay::{HUMAN, Replay};
use hexwright_engine::rules::fog::visible_cells;
use hexwright_engine::rules::scenario::{Army, Prepared};
use hexwright_engine::rules::{Command, MatchState, Roster, UnitId};
use hexwright_engine::ruleset::RulesetId;
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
    /// The match's round the jump field last followed.
    jump_seen: u32,
    /// A person's command after a rewind that would drop the recorded
    /// future, waiting for the person to say so.
    branch: Option<Branch>,
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
}

/// A person's command played after a rewind, which would drop the
/// recorded commands after the cursor.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Branch {
    /// An akw-rules-v1 command.
    Akw(Command),
    /// A phase-rules-v1 command.
    Phase(hexwright_engine::rules::phase::PhaseCommand),
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
        .map(|n| {
            n.parse::<hexwright_engine::bots::BotSpec>()
                .ok()
                .map(|s| s.kind)
        })
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
            jump_seen: 0,
            branch: None,
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

    /// The openings panel, to set it up (tests).
    pub fn openings_mut(&mut self) -> &mut OpeningsPanel {
        &mut self.openings
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
        if self.balance.is_running() {
            out.push("a balance check across skill levels being played".to_owned());
        } else if let Some(levels) = self.balance.levels() {
            out.push(format!(
                "the results of a balance check at {} skill level{}",
                levels.len(),
                if levels.len() == 1 { "" } else { "s" }
            ));
        }
        if let Some(n) = self
            .timeline
            .as_ref()
            .map(Live::hand_played)
            .filter(|&n| n > 0)
        {
            out.push(format!(
                "a match with {n} command{} played by hand (Save replay… keeps it)",
                if n == 1 { "" } else { "s" }
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
    /// decision when played until decided).
    #[must_use]
    pub fn simulated_verdict(&self) -> Option<String> {
        self.batch.results().map(|r| match &r.decision {
            Some(d) => d.summary.to_string(),
            None => r.verdict(),
        })
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

    /// The armies the last secret picks chose, if any: the armies of the
    /// match they started, never the scenario's.
    #[must_use]
    pub fn picked(&self) -> Option<&PerPlayer<Army>> {
        self.picked.as_ref()
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::MapSource;
    use crate::sandbox::action::{FileJob, SandboxAction};
    use hexwright_engine::board::Board;
    use hexwright_engine::layout::Orientation;
    use hexwright_engine::map::{Feature, FeatureKind, Zone};
    use hexwright_engine::player::PlayerId;
    use hexwright_engine::rules::UnitCommand;
    use hexwright_engine::rules::phase::PhaseCommand;

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
                PhaseCommand::Unit(
                    UnitCommand::Move { unit, to } | UnitCommand::Attack { unit, target: to },
                ) => {
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
