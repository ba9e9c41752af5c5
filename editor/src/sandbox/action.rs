//! What the user asked the sandbox for. Its panels return these while they
//! draw; [`crate::sandbox::Sandbox`] applies them once the frame is drawn.

use crate::sandbox::play::human::Intent;
use crate::sandbox::play::timeline::Seat;
use hexwright_engine::Hex;
use hexwright_engine::bots::BotKind;
use hexwright_engine::map::Side;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::{Command, UnitId};
use std::path::PathBuf;

/// The sandbox's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    /// Scenario: armies, controllers, seed, deployment.
    Scenario,
    /// The match being stepped through.
    Match,
    /// Heatmaps of many openings.
    Openings,
    /// Many matches at once.
    Batch,
}

impl Tab {
    /// Every tab, in order.
    pub const ALL: [Self; 4] = [Self::Scenario, Self::Match, Self::Openings, Self::Batch];

    /// Its label.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Scenario => "Scenario",
            Self::Match => "Match",
            Self::Openings => "Openings",
            Self::Batch => "Batch",
        }
    }
}

/// Whose eyes the board is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewpoint {
    /// A side's view: its fog of war, enemy units it cannot see hidden.
    Side(Side),
    /// Everything.
    All,
}

impl Viewpoint {
    /// Every viewpoint of a match of `players`: each player's, then
    /// all-seeing.
    pub fn all(players: usize) -> impl Iterator<Item = Self> {
        PlayerId::all(players).map(Self::Side).chain([Self::All])
    }

    /// Its label.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Self::Side(s) => format!("Side {s}'s view"),
            Self::All => "All-seeing".to_owned(),
        }
    }
}

/// A file the sandbox reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileJob {
    /// Save the match as a replay.
    SaveReplay,
    /// Open a replay.
    OpenReplay,
    /// Save the position at the cursor as a scenario.
    SavePosition,
}

impl FileJob {
    /// Every file job.
    pub const ALL: [Self; 3] = [Self::SaveReplay, Self::OpenReplay, Self::SavePosition];

    /// The button label.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::SaveReplay => "Save replay",
            Self::OpenReplay => "Open replay",
            Self::SavePosition => "Save position as scenario",
        }
    }

    /// The label of its file field.
    #[must_use]
    pub const fn field_label(self) -> &'static str {
        match self {
            Self::SaveReplay => "Replay file",
            Self::OpenReplay => "Replay to open",
            Self::SavePosition => "Scenario file",
        }
    }
}

/// A request from a sandbox panel.
#[derive(Clone, Debug, PartialEq)]
pub enum SandboxAction {
    /// Back to the editor.
    Close,
    /// Show a tab.
    SetTab(Tab),
    /// Draw the board from this viewpoint.
    SetViewpoint(Viewpoint),
    /// Start a match from the scenario panel (after secret army picks
    /// when more than one person plays).
    Start,
    /// Start the match with the armies the secret picks chose.
    StartPicked,
    /// Start the match again with the same seed.
    Restart,
    /// Start the match again with the next seed.
    RestartNewSeed,
    /// Step one command.
    Step,
    /// Step to the end of the current turn.
    StepTurn,
    /// Step to the end of a unit's turn (phase-rules-v1).
    StepUnitTurn,
    /// Step to the next phase (phase-rules-v1).
    StepPhase,
    /// Step back one command.
    Back,
    /// Play or pause.
    TogglePlay,
    /// Commands per second while playing.
    SetSpeed(f32),
    /// Move the cursor to this many commands.
    Seek(usize),
    /// Move the cursor to the start of this round (1-based).
    SeekRound(u32),
    /// Hand a side to a bot or a person.
    SetSeat(Side, Seat),
    /// A click on a hex of the board.
    ClickHex(Hex),
    /// Select a unit (or none).
    SelectUnit(Option<UnitId>),
    /// Choose what the next click does.
    SetIntent(Intent),
    /// Play a command for the person to move.
    Play(Command),
    /// Play a phase-rules-v1 command for the person to move.
    PlayPhase(hexwright_engine::rules::phase::PhaseCommand),
    /// The person of this side says only they are looking: lift the cover
    /// screen of its secret decision and show its view.
    Uncover(Side),
    /// Deployment: a unit of a side (index into its army) dropped on a hex.
    Deploy(Side, usize, Hex),
    /// Read or write a file.
    File(FileJob, PathBuf),
    /// Open a match of the last batch: its seed and the bot on each seat.
    OpenBatchMatch(u64, Vec<BotKind>),
    /// The answer to "drop the recorded future?" for a person's command
    /// after a rewind: play it and drop the rest (`true`), or keep the
    /// recorded match (`false`).
    Branch(bool),
}
