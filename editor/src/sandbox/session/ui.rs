//! The sandbox's frame: playback ticks, the tabs and their panels, the
//! board over the map canvas with its marks, and the batch results in the
//! central area.

use super::{MAX_PER_FRAME, MIN_SPEED, Sandbox, SandboxContext, SandboxOutput, last_move_of};
use crate::app::action::Action;
use crate::canvas::theme::Palette;
use crate::canvas::{self, CanvasParams};
use crate::edit::editing::PointerKind;
use crate::edit::tool::Tool;
use crate::sandbox::action::{SandboxAction, Tab, Viewpoint};
use crate::sandbox::batch::{BatchInput, BatchRequest};
use crate::sandbox::openings::OpeningsInput;
use crate::sandbox::play::board::{self, BoardParams, Projection};
use crate::sandbox::play::human::{self, Intent, UnitOptions};
use crate::sandbox::play::live::{Live, Stride};
use crate::sandbox::play::phase_human;
use crate::sandbox::play::timeline::Advance;
use crate::sandbox::play::{controls, inspect, log, status, strip};
use crate::sandbox::setup::picks::PicksRequest;
use crate::sandbox::setup::{SetupInput, SetupRequest};
use egui::{CentralPanel, Frame, Margin, Panel, RichText, ScrollArea, Ui};
use hexwright_engine::Hex;
use hexwright_engine::map::Side;
use hexwright_engine::player::PerPlayer;
use hexwright_engine::rules::MatchState;
use hexwright_engine::rules::phase::PhaseView;

impl Sandbox {
    /// Plays bot commands while playing, and polls the worker panels.
    pub(super) fn tick(&mut self, ui: &Ui) {
        let now = ui.input(|i| i.time);
        let mut busy = self.batch.poll();
        busy |= self.openings.poll();
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
                    // The Round field follows the match's round as the
                    // cursor moves; what a person types stays until then.
                    let round = t.round();
                    if self.jump_seen != round {
                        self.jump_seen = round;
                        self.jump_round = round;
                    }
                    let (playing, speed, jump) = (self.playing, self.speed, &mut self.jump_round);
                    actions.extend(match t {
                        Live::Akw(t) => controls::show_ui(ui, t, playing, speed, jump),
                        Live::Phase(t) => controls::show_ui(ui, t, playing, speed, jump),
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
                                let picked = self
                                    .picks
                                    .as_mut()
                                    .and_then(|p| p.show_ui(ui, &self.roster));
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
                                match self.setup.show_ui(ui, &input) {
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
                                        Live::Akw(t) => status::show_ui(ui, t, viewer),
                                        Live::Phase(t) => strip::show_ui(ui, t, viewer),
                                    });
                                    egui::CollapsingHeader::new("What the marks mean")
                                        .id_salt("sandbox_legend")
                                        .show(ui, board::legend_ui);
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
                                        self.openings.show_ui(
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
                                let running = self.batch.is_running();
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
                                    Ok(p) => {
                                        let p = p.clone();
                                        self.batch.show_ui(
                                            ui,
                                            &BatchInput {
                                                prepared: &p,
                                                armies: &armies,
                                                map: &self.map,
                                                default_bots: self.seat_bots(),
                                                native_dialogs: cx.native_dialogs,
                                                export_dir: cx.pack_dir,
                                            },
                                        );
                                        ui.separator();
                                        self.balance.show_ui(ui, &p);
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
                            Some(v) => s.unit(id).is_some_and(|u| s.knows_of(v, u)),
                        }
                    });
                    if let Some(id) = seen {
                        inspect::unit_card_ui(ui, t.board(), id);
                        ui.separator();
                    }
                    match (t, person) {
                        (Live::Akw(t), Some(_)) => {
                            actions.extend(inspect::human_actions_ui(
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
                            actions.extend(phase_human::show_ui(
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
                        Live::Akw(t) => {
                            log::show_ui(ui, t, viewer, self.follow_log, held.is_none())
                        }
                        Live::Phase(t) => {
                            log::show_ui(ui, t, viewer, self.follow_log, held.is_none())
                        }
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
                if self.batch.has_results_view()
                    && let Some(BatchRequest::OpenMatch { seed, seating }) =
                        self.batch.show_results_ui(ui)
                {
                    actions.push(SandboxAction::OpenBatchMatch(seed, seating));
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
        if let Some(answer) = self.branch_ui(ui) {
            actions.push(SandboxAction::Branch(answer));
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
    pub(super) fn batch_results_view(&mut self) -> bool {
        self.balance.has_results_view() || self.batch.has_results_view()
    }

    /// The board in the central area: the map, the tab's drawing on it, and
    /// clicks and drags on it.
    pub(super) fn board_ui(
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
            let canvas_actions = canvas::show_ui(ui, cx.canvas, cx.view, params);
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
    pub(super) fn deployed_at(&mut self, hex: Hex) -> Option<(Side, usize)> {
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

    pub(super) fn paint(
        &mut self,
        painter: &egui::Painter,
        proj: &Projection<'_>,
        palette: &Palette,
    ) {
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
    pub(super) fn scenario_board(&mut self) -> Option<MatchState> {
        if self.picks.is_some() {
            return None;
        }
        let seed = self.setup.seed;
        let p = self.prepared().ok()?;
        Some(p.setup(seed).0)
    }

    /// The last command's hexes (from, to), when the viewer could see them.
    pub(super) fn last_move(&self, fog: Option<&[bool]>) -> Option<(Option<Hex>, Hex)> {
        match self.timeline.as_ref()? {
            Live::Akw(t) => last_move_of(t, fog),
            Live::Phase(t) => last_move_of(t, fog),
        }
    }

    /// The hexes of the units a person may start a turn with now: in
    /// phase-rules-v1, when a person's slot has no unit acting and none is
    /// selected (computed on that person's view).
    pub(super) fn ready_units(&self) -> Vec<Hex> {
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
    pub(super) fn highlights(&self) -> (Vec<Hex>, Vec<Hex>) {
        if let Some(Live::Phase(t)) = &self.timeline {
            let s = t.state();
            return match (&self.intent, self.selected) {
                (Intent::Summon(id), _) => (UnitOptions::of_phase(s, *id).summons, Vec::new()),
                (_, Some(id))
                    if s.board()
                        .unit(id)
                        .is_some_and(|u| Some(u.side) == s.slot_player()) =>
                {
                    let o = UnitOptions::of_phase(s, id);
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
}

impl Sandbox {
    /// Asks whether a person's command after a rewind may drop the
    /// recorded future; the answer once given (`true`: play it).
    fn branch_ui(&self, ui: &mut Ui) -> Option<bool> {
        let branch = self.branch.as_ref()?;
        let t = self.timeline.as_ref()?;
        let (what, drops) = match (branch, t) {
            (super::Branch::Akw(cmd), Live::Akw(t)) => (cmd.to_string(), t.would_drop(cmd)),
            (super::Branch::Phase(cmd), Live::Phase(t)) => (cmd.to_string(), t.would_drop(cmd)),
            _ => return Some(false),
        };
        let mut answer = None;
        let modal = egui::Modal::new(egui::Id::unique("sandbox_branch")).show(ui.ctx(), |ui| {
            ui.set_width(440.0);
            ui.heading("Drop the recorded future?");
            ui.label(format!(
                "The match is rewound to command {} of {}. Playing {what} here starts \
                 a new line and drops the {drops} recorded command{} after it. \
                 Save replay… first to keep them.",
                t.cursor(),
                t.len(),
                if drops == 1 { "" } else { "s" },
            ));
            ui.add_space(8.0);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui
                    .button("Keep the recorded match")
                    .on_hover_text("Play nothing; the recorded commands stay")
                    .clicked()
                {
                    answer = Some(false);
                }
                if ui
                    .button(format!("Play and drop {drops}"))
                    .on_hover_text("Play the command here; the commands after it are gone")
                    .clicked()
                {
                    answer = Some(true);
                }
            });
        });
        if answer.is_none() && modal.should_close() {
            answer = Some(false);
        }
        answer
    }
}
