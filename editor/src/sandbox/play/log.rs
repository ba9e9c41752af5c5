//! The event log: one line in words per command, each clickable to move
//! the cursor there. Lines after the cursor (a rewound match's recorded
//! future) are greyed. In a side's view, enemy commands it could not see
//! are told without their details. While a person decides with the view
//! held on their side, the recorded future is not listed: it would tell
//! them what the others are about to do.

use crate::sandbox::action::SandboxAction;
use crate::sandbox::play::rules::SandboxRules;
use crate::sandbox::play::timeline::Timeline;
use egui::{RichText, ScrollArea, Ui};
use hexwright_engine::map::Side;

/// A step's line as `viewer` may read it (`None`: all-seeing), as the
/// engine tells it ([`hexwright_engine::ruleset::Ruleset::narrate`]).
#[must_use]
pub fn line_for<R: SandboxRules>(t: &Timeline<R>, i: usize, viewer: Option<Side>) -> String {
    let step = &t.steps()[i];
    if viewer.is_none() {
        return step.line.clone();
    }
    match (t.state_at(i), t.state_at(i + 1)) {
        (Some(before), Some(after)) => R::narrate(before, &step.cmd, &step.events, after, viewer),
        _ => step.line.clone(),
    }
}

/// Shows the log; scrolls to the cursor when `follow` is set. With
/// `future` unset, the steps after the cursor are left out.
pub fn show_ui<R: SandboxRules>(
    ui: &mut Ui,
    t: &Timeline<R>,
    viewer: Option<Side>,
    follow: bool,
    future: bool,
) -> Vec<SandboxAction> {
    let mut actions = Vec::new();
    let recorded = t.steps().len();
    let n = if future { recorded } else { t.cursor() };
    ui.label(format!("{} / {recorded} commands", t.cursor()));
    if n < recorded {
        ui.label(RichText::new("Later commands are hidden while a person decides.").weak());
    }
    // Plain rows (lines wrap, so their heights differ); the current line
    // scrolls into view after a step or a jump.
    ScrollArea::vertical()
        .id_salt("event_log")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (range, text) in runs((0..n).map(|i| line_for(t, i, viewer))) {
                let (first, last) = (range.start, range.end - 1);
                // The row of the cursor's last command is the current one.
                let current = (first + 1..=last + 1).contains(&t.cursor());
                let text = if range.len() > 1 {
                    format!("{text} (×{})", range.len())
                } else {
                    text
                };
                let mut rich = RichText::new(text);
                if first >= t.cursor() {
                    rich = rich.weak();
                }
                let r = ui
                    .selectable_label(current, rich)
                    .on_hover_text("Jump here");
                if current && follow {
                    r.scroll_to_me(Some(egui::Align::Center));
                }
                if r.clicked() {
                    actions.push(SandboxAction::Seek(last + 1));
                }
            }
        });
    actions
}

/// Consecutive equal lines as one (a side's view tells a run of unseen
/// enemy commands alike: "side 2 acts out of sight" once, with a count):
/// each run's step indices and its line.
fn runs(lines: impl Iterator<Item = String>) -> Vec<(std::ops::Range<usize>, String)> {
    let mut out: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for (i, line) in lines.enumerate() {
        match out.last_mut() {
            Some((range, last)) if *last == line => range.end = i + 1,
            _ => out.push((i..i + 1, line)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexwright_engine::bots::BotKind;
    use hexwright_engine::player::PlayerId;
    use hexwright_engine::rules::Command;
    use hexwright_engine::rules::Roster;
    use hexwright_engine::rules::scenario::Scenario;
    use std::path::Path;

    fn played() -> Timeline {
        let map = hexwright_headless::files::bundled::default_map().expect("bundled map");
        let p = Scenario::for_map(map, 4, 60)
            .prepare(Path::new("."), &Roster::bundled(), "test")
            .expect("valid");
        let mut t = <Timeline>::new(p, 4, [Some(BotKind::Greedy); 2]);
        t.advance_to_end(5000);
        t
    }

    #[test]
    fn runs_of_equal_lines_are_told_once() {
        let lines = ["a", "b", "b", "b", "c", "b"].map(String::from);
        let r = runs(lines.into_iter());
        assert_eq!(
            r,
            vec![
                (0..1, "a".to_owned()),
                (1..4, "b".to_owned()),
                (4..5, "c".to_owned()),
                (5..6, "b".to_owned()),
            ]
        );
    }

    #[test]
    fn a_sides_log_hides_what_it_could_not_see() {
        let t = played();
        let n = t.steps().len();
        let mut hidden = 0;
        for i in 0..n {
            let all = line_for(&t, i, None);
            let mine = line_for(&t, i, Some(PlayerId(0)));
            assert_eq!(all, t.steps()[i].line);
            let step = &t.steps()[i];
            if step.side == PlayerId(0) && step.cmd != Command::EndTurn {
                assert_eq!(mine, all, "own commands are told in full");
            }
            if step.cmd == Command::EndTurn && step.side == PlayerId(0) {
                assert!(!mine.contains("side 1 gains"), "{mine}");
            }
            if mine.contains("out of side 0's sight") {
                hidden += 1;
            }
        }
        assert!(hidden > 0, "some enemy commands were out of sight");
    }
}
