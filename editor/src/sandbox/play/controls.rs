//! Playback: restart, step one command or one turn, step back, play and
//! pause at a chosen speed, a slider over every recorded command, and a
//! jump to any round.

use crate::sandbox::action::SandboxAction;
use crate::sandbox::play::rules::SandboxRules;
use crate::sandbox::play::timeline::Timeline;
use egui::{DragValue, Slider, Ui};

/// The round the jump field shows (kept between frames by the sandbox).
pub fn show_ui<R: SandboxRules>(
    ui: &mut Ui,
    t: &Timeline<R>,
    playing: bool,
    speed: f32,
    jump: &mut u32,
) -> Vec<SandboxAction> {
    let mut actions = Vec::new();
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Restart")
            .on_hover_text("The same match again, same seed")
            .clicked()
        {
            actions.push(SandboxAction::Restart);
        }
        if ui
            .button("New seed")
            .on_hover_text("Restart with the next seed")
            .clicked()
        {
            actions.push(SandboxAction::RestartNewSeed);
        }
        ui.separator();
        if ui
            .add_enabled(t.cursor() > 0, egui::Button::new("Step back"))
            .clicked()
        {
            actions.push(SandboxAction::Back);
        }
        let over = R::outcome(t.state()).is_some() && t.cursor() == t.steps().len();
        for stride in R::STRIDES {
            if ui
                .add_enabled(!over, egui::Button::new(stride.label()))
                .clicked()
            {
                actions.push(stride.action());
            }
        }
        if ui
            .add_enabled(
                !over || playing,
                egui::Button::new(if playing { "Pause" } else { "Play" }),
            )
            .clicked()
        {
            actions.push(SandboxAction::TogglePlay);
        }
        let mut v = speed;
        if ui
            .add(
                Slider::new(
                    &mut v,
                    crate::sandbox::session::MIN_SPEED..=crate::sandbox::session::MAX_SPEED,
                )
                .logarithmic(true)
                .suffix(" cmd/s"),
            )
            .on_hover_text(format!(
                "Playback speed: {} to {} commands a second",
                crate::sandbox::session::MIN_SPEED,
                crate::sandbox::session::MAX_SPEED
            ))
            .changed()
        {
            actions.push(SandboxAction::SetSpeed(v));
        }
        ui.separator();
        let label = ui.label("Round");
        let limit = R::board(t.state()).rules().round_limit;
        ui.add(DragValue::new(jump).range(1..=limit.max(1)))
            .labelled_by(label.id);
        if ui
            .button("Go to round")
            .on_hover_text("Jumps to the round's start, playing the bots on to it if needed")
            .clicked()
        {
            actions.push(SandboxAction::SeekRound(*jump));
        }
    });
    let n = t.steps().len();
    let mut at = t.cursor();
    ui.spacing_mut().slider_width = (ui.available_width() - 160.0).max(100.0);
    // With nothing played yet the knob sits at the left end of a greyed
    // track, not in the middle of an empty range.
    if ui
        .add_enabled(n > 0, Slider::new(&mut at, 0..=n.max(1)).text("commands"))
        .on_hover_text("Drag to rewind or go forward")
        .changed()
    {
        actions.push(SandboxAction::Seek(at));
    }
    actions
}
