//! Applying what the user asked the sandbox for: each [`SandboxAction`]
//! its panels returned, once the frame is drawn — starting and stepping
//! matches, a person's moves and deployments, opening a batch's match — with
//! the scenario prepared as the engine prepares it.

use super::{Branch, MAX_SPEED, MIN_SPEED, Sandbox, SandboxOutput, person_to_move, seat_of};
use crate::sandbox::action::{SandboxAction, Tab, Viewpoint};
use crate::sandbox::play::cover::{self, Cover};
use crate::sandbox::play::human::{self, Click, Intent};
use crate::sandbox::play::live::{Live, Stride};
use crate::sandbox::play::log;
use crate::sandbox::play::phase_human;
use crate::sandbox::play::timeline::{Advance, Seat, Timeline};
use crate::sandbox::setup::Controller;
use crate::sandbox::setup::picks::{self, SecretPicks};
use hexwright_engine::Hex;
use hexwright_engine::bots::BotKind;
use hexwright_engine::map::Side;
use hexwright_engine::player::PerPlayer;
use hexwright_engine::rules::UnitCommand;
use hexwright_engine::rules::phase::PhaseCommand;
use hexwright_engine::rules::scenario::{ArmySource, PlayedArmies, Prepared};
use hexwright_engine::rules::{AKW_RULES_V1, Command};
use hexwright_engine::ruleset::{AkwRulesV1, PhaseRulesV1, Ruleset as _, RulesetId};

impl Sandbox {
    /// The scenario prepared from the current settings (cached).
    pub(super) fn prepared(&mut self) -> Result<&Prepared, String> {
        self.prepared_with(false)
    }

    /// The scenario prepared from the current settings, with the armies
    /// picked in secret instead of the scenario's when `picked` and there
    /// are some (cached).
    pub(super) fn prepared_with(&mut self, picked: bool) -> Result<&Prepared, String> {
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

    /// The armies batches play now, as their results say.
    pub(super) fn batch_armies(&self) -> PlayedArmies {
        crate::sandbox::batch::armies::played(
            self.setup.armies.as_ref(),
            self.picked.as_ref(),
            self.batch_picked,
        )
    }

    /// The seats the scenario panel chose.
    pub(super) fn seats(&self) -> PerPlayer<Seat> {
        self.setup.controllers.map(|&c| seat_of(c))
    }

    /// A bot per seat for the batch form (a person's seat gets the greedy
    /// bot).
    pub(super) fn seat_bots(&self) -> Vec<BotKind> {
        self.seats()
            .iter()
            .map(|s| s.unwrap_or(BotKind::Greedy))
            .collect()
    }

    /// Opens a match of the last batch at its end, on the batch's own
    /// scenario (its armies, even if the form changed since): its seed and
    /// seating replayed.
    pub(super) fn open_batch_match(&mut self, seed: u64, seating: Vec<BotKind>) {
        let batch = self.batch.prepared().cloned();
        let p = match batch.map_or_else(|| self.prepared().cloned(), Ok) {
            Ok(p) => p,
            Err(e) => {
                self.message = Some(format!("Cannot open that match: {e}"));
                return;
            }
        };
        // Restart replays the batch's armies too.
        self.match_picked = self
            .batch
            .results()
            .is_some_and(|r| r.armies.source == ArmySource::HandPicked);
        match p.ruleset {
            RulesetId::AkwRulesV1 => {
                self.open_akw_batch_match(p, seed, PerPlayer::from_vec(seating));
            }
            RulesetId::PhaseRulesV1 => self.open_phase_batch_match(p, seed, &seating),
        }
    }

    /// Opens a phase-rules-v1 batch match at its end.
    fn open_phase_batch_match(&mut self, p: Prepared, seed: u64, seating: &[BotKind]) {
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
                // The Scenario tab keeps its settings: Restart replays
                // this match from the timeline's own.
                self.timeline = Some(Live::Phase(t));
                self.branch = None;
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
                // The match's seed and seats (a batch's match too) on the
                // scenario as set: from a position saved since, if any.
                if let Some(t) = &self.timeline {
                    let (seed, seats) = (t.seed(), t.seats());
                    self.start_seated(seed, seats);
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
            SandboxAction::Play(cmd) => self.play(cmd, now, false),
            SandboxAction::PlayPhase(cmd) => self.play_phase(cmd, now, false),
            SandboxAction::Branch(go) => match self.branch.take() {
                Some(Branch::Akw(cmd)) if go => self.play(cmd, now, true),
                Some(Branch::Phase(cmd)) if go => self.play_phase(cmd, now, true),
                _ => self.message = Some("The recorded match is kept".to_owned()),
            },
            SandboxAction::Uncover(side) => {
                self.cover.uncover(side);
                self.viewpoint = Viewpoint::Side(side);
                // The last line was told to whoever looked before.
                self.message = None;
            }
            SandboxAction::Deploy(side, i, hex) => self.deploy(side, i, hex),
            SandboxAction::File(job, path) => self.file(job, &path),
            SandboxAction::OpenBatchMatch(seed, seating) => self.open_batch_match(seed, seating),
        }
    }

    /// Starts a match of the scenario with `seed`.
    pub(super) fn start(&mut self, seed: u64) {
        let seats = self.seats();
        self.start_seated(seed, seats);
    }

    /// Starts a match of the scenario as set with `seed` and `seats`.
    fn start_seated(&mut self, seed: u64, seats: PerPlayer<Seat>) {
        let picked = self.match_picked;
        match self.prepared_with(picked) {
            Ok(p) => {
                let live = Live::new(p.clone(), seed, seats);
                self.begin(live, format!("Match started with seed {seed}"));
            }
            Err(e) => self.message = Some(format!("Cannot start: {e}")),
        }
    }

    /// Shows `live` from its start on the Match tab, saying `message`.
    fn begin(&mut self, live: Live, message: String) {
        self.timeline = Some(live);
        self.cover = Cover::new();
        self.fit_pending |= self.tab != Tab::Match;
        self.tab = Tab::Match;
        self.playing = false;
        self.selected = None;
        self.intent = Intent::Normal;
        self.spawn_menu = None;
        self.branch = None;
        self.message = Some(message);
    }

    pub(super) fn step(&mut self, stride: Stride) {
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
    pub(super) fn after_move(&mut self) {
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
    pub(super) fn human_to_move(&self) -> Option<Side> {
        cover::person_to_move(self.timeline.as_ref()?)
    }

    /// Draws the screen from the held side's eyes, if one is held.
    pub(super) fn hold_view(&mut self) {
        if let Some(side) = self.held_view() {
            self.viewpoint = Viewpoint::Side(side);
        }
    }

    /// Plays a person's phase-rules-v1 command. When the next to decide is
    /// a bot, the bots play on by themselves at the chosen speed (from one
    /// beat after `now`) until a person is to decide again.
    pub(super) fn play_phase(&mut self, cmd: PhaseCommand, now: f64, confirmed: bool) {
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
        if !confirmed && t.would_drop(&cmd) > 0 && PhaseRulesV1::check(t.state(), &cmd).is_ok() {
            self.playing = false;
            self.branch = Some(Branch::Phase(cmd));
            return;
        }
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
    pub(super) fn play(&mut self, cmd: Command, now: f64, confirmed: bool) {
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
        if !confirmed && t.would_drop(&cmd) > 0 && AkwRulesV1::check(t.state(), &cmd).is_ok() {
            self.playing = false;
            self.branch = Some(Branch::Akw(cmd));
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
                    Command::Unit(
                        UnitCommand::Move { unit, .. }
                        | UnitCommand::Attack { unit, .. }
                        | UnitCommand::Rebound { unit }
                        | UnitCommand::Heal { unit, .. }
                        | UnitCommand::Summon { unit, .. },
                    ) => s
                        .unit(*unit)
                        .map(|u| format!(" ({})", s.roster().kind(u.kind).def.name)),
                    Command::Spawn { kind, .. } => Some(format!(" ({kind})")),
                    Command::EndTurn => None,
                };
                self.message = Some(format!("Not allowed{}: {e}", who.unwrap_or_default()));
            }
        }
    }

    pub(super) fn click(&mut self, hex: Hex, now: f64) {
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
            // The viewer knows of every unit there: it sees them, or they
            // stopped one of its commands this turn.
            Some(v) => s
                .arena()
                .cell(hex)
                .is_some_and(|c| s.units_at(c).all(|u| s.knows_of(v, u))),
            None => true,
        };
        if let (Live::Phase(t), Some(side)) = (t, person) {
            match phase_human::click(t.state(), side, self.selected, &self.intent, hex, visible) {
                Click::Select(u) => self.selected = Some(u),
                Click::Deselect | Click::Barracks(_) => self.selected = None,
                Click::Command(cmd) => self.play_phase(cmd, now, false),
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
            Click::Command(cmd) => self.play(cmd, now, false),
        }
    }

    pub(super) fn deploy(&mut self, side: Side, i: usize, hex: Hex) {
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

    /// Opens an akw-rules-v1 batch match at its end.
    fn open_akw_batch_match(&mut self, p: Prepared, seed: u64, bots: PerPlayer<BotKind>) {
        let result = hexwright_engine::sim::play(
            &p,
            seed,
            bots,
            hexwright_engine::sim::PlayOptions { record: true },
        );
        let seats = bots.map(|&b| Some(b));
        match Timeline::with_commands(p, seed, seats, &result.commands) {
            Ok(mut t) => {
                // The Scenario tab keeps its settings: Restart replays
                // this match from the timeline's own.
                t.seek(t.steps().len());
                self.timeline = Some(Live::Akw(t));
                self.branch = None;
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
    pub(super) fn akw_match(&self) -> Result<&Timeline, String> {
        match self.timeline.as_ref() {
            None => Err("no match to save".to_owned()),
            Some(Live::Akw(t)) => Ok(t),
            Some(Live::Phase(_)) => Err(format!(
                "a position is a scenario opening, which only {AKW_RULES_V1} plays"
            )),
        }
    }
}
