//! The event log: one line in words per command, each clickable to move
//! the cursor there. Lines after the cursor (a rewound match's recorded
//! future) are greyed. In a side's view, enemy commands it could not see
//! are told without their details.

use super::action::SandboxAction;
use super::timeline::{Step, Timeline};
use egui::{RichText, ScrollArea, Ui};
use hexwright_engine::Hex;
use hexwright_engine::map::Side;
use hexwright_engine::rules::fog::sees_cell;
use hexwright_engine::rules::{Command, MatchState};

/// The hex a command is about (where it ends or strikes), if any.
#[must_use]
pub fn command_hex(before: &MatchState, cmd: &Command) -> Option<Hex> {
    match cmd {
        Command::Move { to, .. } | Command::Summon { to, .. } | Command::Spawn { to, .. } => {
            Some(*to)
        }
        Command::Attack { target, .. } => Some(*target),
        Command::Rebound { unit } | Command::Heal { unit, .. } => {
            before.unit(*unit).map(|u| before.arena().hex(u.cell))
        }
        Command::EndTurn => None,
    }
}

/// A step's line as `viewer` may read it (`None`: all-seeing).
#[must_use]
pub fn line_for(t: &Timeline, i: usize, viewer: Option<Side>) -> String {
    let step: &Step = &t.steps()[i];
    let Some(side) = viewer else {
        return step.line.clone();
    };
    if step.side == side || step.cmd == Command::EndTurn {
        return step.line.clone();
    }
    let (Some(before), Some(after)) = (t.state_at(i), t.state_at(i + 1)) else {
        return step.line.clone();
    };
    let seen = command_hex(before, &step.cmd)
        .and_then(|h| after.arena().cell(h))
        .is_some_and(|c| sees_cell(before, side, c) || sees_cell(after, side, c));
    if seen {
        step.line.clone()
    } else {
        format!(
            "Round {}, side {}: acts out of side {side}'s sight",
            step.round, step.side
        )
    }
}

/// Shows the log; scrolls to the cursor when `follow` is set.
pub fn show(ui: &mut Ui, t: &Timeline, viewer: Option<Side>, follow: bool) -> Vec<SandboxAction> {
    let mut actions = Vec::new();
    let n = t.steps().len();
    ui.label(format!("{} / {n} commands", t.cursor()));
    // Plain rows (lines wrap, so their heights differ); the current line
    // scrolls into view after a step or a jump.
    ScrollArea::vertical()
        .id_salt("event_log")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for i in 0..n {
                let text = line_for(t, i, viewer);
                let current = i + 1 == t.cursor();
                let mut rich = RichText::new(text);
                if i >= t.cursor() {
                    rich = rich.weak();
                }
                let r = ui
                    .selectable_label(current, rich)
                    .on_hover_text("Jump here");
                if current && follow {
                    r.scroll_to_me(Some(egui::Align::Center));
                }
                if r.clicked() {
                    actions.push(SandboxAction::Seek(i + 1));
                }
            }
        });
    actions
}
