//! The map analysis in the editor: the *Analysis* overlay menu with the
//! legend of the overlay shown, and the *Fairness* table beside the parity
//! table — one line per figure, each player's value and the spread, uneven
//! figures highlighted; clicking a figure locates what causes it.

use crate::action::Action;
use crate::theme;
use egui::{Grid, RichText, Sense, Ui, vec2};
use hexwright_engine::analysis::Analysis;
use hexwright_engine::player::PlayerId;
use hexwright_headless::draw::overlay::{Drawn, Overlay};

/// The menu name of an overlay.
#[must_use]
pub fn label(o: Overlay) -> String {
    match o {
        Overlay::Territory => "Territory".to_owned(),
        Overlay::Reach(p) => format!("Reach of side {p}"),
        Overlay::Chokes => "Chokepoints".to_owned(),
        Overlay::Openness => "Openness".to_owned(),
        Overlay::Cover => "Bush cover".to_owned(),
    }
}

fn hint(o: Overlay) -> &'static str {
    match o {
        Overlay::Territory => "Who reaches each hex first from the starting zones (grey: a tie)",
        Overlay::Reach(_) => "Turns from this side's starting zone to every hex",
        Overlay::Chokes => {
            "Narrow passages whose blocking lengthens someone's way, outlined with their width"
        }
        Overlay::Openness => "Hexes to the nearest wall, edge or base: darker is more open",
        Overlay::Cover => "Bushes, and the hexes a unit hidden in one sees",
    }
}

/// The overlay menu and the shown overlay's legend; returns the choice.
pub fn show_overlays(
    ui: &mut Ui,
    current: Option<Overlay>,
    players: usize,
    drawn: Option<&Drawn>,
) -> Vec<Action> {
    let mut actions = Vec::new();
    if ui
        .radio(current.is_none(), "No overlay")
        .on_hover_text("Show the map without an analysis overlay")
        .clicked()
    {
        actions.push(Action::SetOverlay(None));
    }
    for o in Overlay::all(players) {
        if ui
            .radio(current == Some(o), label(o))
            .on_hover_text(hint(o))
            .clicked()
        {
            actions.push(Action::SetOverlay(Some(o)));
        }
    }
    if let Some(d) = drawn {
        ui.add_space(4.0);
        for (color, text) in &d.legend {
            ui.horizontal(|ui| {
                let (rect, _) = ui.allocate_exact_size(vec2(16.0, 16.0), Sense::hover());
                ui.painter().rect_filled(rect, 2.0, *color);
                ui.label(RichText::new(text).small());
            });
        }
    }
    actions
}

/// The fairness table; returns a request to locate a figure's cause.
pub fn show_fairness(ui: &mut Ui, a: &Analysis) -> Vec<Action> {
    let mut actions = Vec::new();
    let uneven = a.fairness.uneven().count();
    let summary = if uneven == 0 {
        RichText::new("Even: no figure differs between the sides.").weak()
    } else {
        RichText::new(format!(
            "{uneven} uneven figure(s), in red: click one to see why"
        ))
        .color(theme::ERROR)
    };
    ui.label(summary);
    Grid::new("fairness")
        .striped(true)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            ui.label("");
            for p in PlayerId::all(a.players) {
                ui.label(
                    RichText::new(format!("S{p}"))
                        .color(theme::side_text_color(p, ui.visuals()))
                        .small(),
                );
            }
            ui.label(RichText::new("Spread").small());
            ui.end_row();
            for f in &a.fairness.figures {
                let bad = f.is_uneven();
                let mut name = RichText::new(f.label);
                if bad {
                    name = name.color(theme::ERROR).strong();
                }
                let cause = a.cause(f.id);
                let favour = f
                    .favours
                    .map_or_else(String::new, |p| format!("; favours side {p}"));
                let response = ui
                    .add(egui::Label::new(name).sense(Sense::click()))
                    .on_hover_text(format!(
                        "{}{favour}{}",
                        f.meaning,
                        if cause.is_some() {
                            "\nClick to show what causes it"
                        } else {
                            ""
                        }
                    ));
                if response.clicked()
                    && let Some(h) = cause
                {
                    actions.push(Action::LocateHex(h));
                }
                for &v in &f.values {
                    let text = RichText::new(f.text(v, 1)).monospace();
                    ui.label(if bad { text.color(theme::ERROR) } else { text });
                }
                let spread = f.spread_text(1);
                let text = RichText::new(spread).monospace();
                ui.label(if bad { text.color(theme::ERROR) } else { text });
                ui.end_row();
            }
        });
    actions
}
