//! Which armies the batch tab plays, said in words above the form, in the
//! results and in the exported file.
//!
//! A batch plays the scenario's armies: those written in the Scenario tab,
//! or else each match's own default armies drawn from its seed. Armies
//! picked by hand in secret for one match are never played by a batch
//! unless the user asks for them with the switch this draws, so a
//! fairness reading never rests on one person's odd pick by accident.

use crate::sandbox::setup::summary;
use egui::{RichText, Ui};
use hexwright_engine::player::{PerPlayer, PlayerId};
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::army;
use hexwright_engine::rules::scenario::{Army, ArmySource, PlayedArmies};

/// The armies a batch plays: the hand-picked ones when `use_picked` and
/// there are some, else the scenario's (`scenario`: written in the
/// Scenario tab; `None`: each match's default armies).
#[must_use]
pub fn played(
    scenario: Option<&PerPlayer<Army>>,
    picked: Option<&PerPlayer<Army>>,
    use_picked: bool,
) -> PlayedArmies {
    match (picked.filter(|_| use_picked), scenario) {
        (Some(p), _) => PlayedArmies::new(ArmySource::HandPicked, p.iter().cloned().collect()),
        (None, Some(s)) => PlayedArmies::new(ArmySource::Scenario, s.iter().cloned().collect()),
        (None, None) => PlayedArmies::default(),
    }
}

/// One army in words: "side 0: Lich (10 of 30 points)".
fn army_text(roster: &Roster, side: PlayerId, a: &Army) -> String {
    let b = army::Budget::of(roster, a);
    format!(
        "side {side}: {} ({} of {} points)",
        summary(a),
        b.spent,
        b.points
    )
}

/// The armies in one line: "Armies: default, drawn from each match's seed".
#[must_use]
pub fn text(a: &PlayedArmies, roster: &Roster) -> String {
    let list = || {
        a.armies
            .iter()
            .enumerate()
            .map(|(i, army)| army_text(roster, PlayerId(i as u8), army))
            .collect::<Vec<_>>()
            .join("; ")
    };
    match a.source {
        ArmySource::Default => "Armies: default, drawn from each match's seed".to_owned(),
        ArmySource::Scenario => format!("Armies: the scenario's — {}", list()),
        ArmySource::HandPicked => format!("Armies: hand-picked for the last match — {}", list()),
    }
}

/// The line above the batch form saying which armies it plays, with the
/// switch to play the last match's hand-picked armies when there are some.
pub fn choice_ui(
    ui: &mut Ui,
    roster: &Roster,
    playing: &PlayedArmies,
    picked_exists: bool,
    use_picked: &mut bool,
) {
    if picked_exists {
        ui.checkbox(use_picked, "Play the armies picked by hand for the last match")
            .on_hover_text(
                "Off: the scenario's armies (or each match's default armies). On: every match plays the armies picked in secret, and the results and exported files say so",
            );
    }
    let line = RichText::new(text(playing, roster));
    let line = if playing.source == ArmySource::HandPicked {
        line.color(ui.visuals().warn_fg_color)
    } else {
        line.weak()
    };
    ui.label(line);
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexwright_engine::rules::scenario::ArmyUnit;

    fn lich() -> Army {
        Army {
            race: "Mirefolk".into(),
            units: vec![ArmyUnit {
                kind: "Lich".into(),
                at: None,
            }],
            reserve: Vec::new(),
        }
    }

    #[test]
    fn hand_picked_armies_are_played_only_when_asked_for() {
        let picked = PerPlayer::from_vec(vec![lich(), lich()]);
        assert_eq!(played(None, Some(&picked), false), PlayedArmies::default());
        let p = played(None, Some(&picked), true);
        assert_eq!(p.source, ArmySource::HandPicked);
        assert_eq!(p.armies.len(), 2);
        let s = played(Some(&picked), None, true);
        assert_eq!(s.source, ArmySource::Scenario);
    }

    #[test]
    fn the_armies_are_said_in_words_with_their_points() {
        let roster = Roster::bundled();
        let picked = PerPlayer::from_vec(vec![lich()]);
        let t = text(&played(None, Some(&picked), true), &roster);
        assert!(t.starts_with("Armies: hand-picked"), "{t}");
        assert!(t.contains("side 0: Lich"), "{t}");
        assert!(t.contains("of 30 points"), "{t}");
        assert_eq!(
            text(&PlayedArmies::default(), &roster),
            "Armies: default, drawn from each match's seed"
        );
    }
}
