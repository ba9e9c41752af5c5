//! The map analysis in the editor: the *Analysis* overlay menu with the
//! legend of the overlay shown, and the *Fairness* table beside the parity
//! table — one line per figure, each player's value and the spread, uneven
//! figures highlighted; clicking a figure locates what causes it.

use crate::app::action::Action;
use crate::canvas::theme;
use egui::{Grid, RichText, Sense, Ui, vec2};
use hexwright_engine::analysis::Analysis;
use hexwright_engine::analysis::fairness::{STATIC_CAVEAT, StaticVerdict};
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
pub fn show_overlays_ui(
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
                ui.label(text);
            });
        }
    }
    actions
}

/// The fairness table under the engine's static verdict, with what static
/// figures cannot see and the simulated verdict the sandbox holds
/// (`simulated`: the sentence, and whether it was played on the map as it
/// is now); `certified` says a fairness certificate holds for the map, which
/// outweighs uneven static figures. Returns a request to locate a figure's
/// cause or to open the sandbox.
pub fn show_fairness_ui(
    ui: &mut Ui,
    a: &Analysis,
    simulated: Option<(&str, bool)>,
    certified: bool,
    document: u64,
) -> Vec<Action> {
    let mut actions = Vec::new();
    let verdict = a.fairness.verdict();
    verdict_ui(ui, &verdict, simulated, certified, &mut actions);
    if !matches!(verdict, StaticVerdict::NotComputed { .. }) {
        table_ui(ui, a, document, &mut actions);
    }
    actions
}

/// What the panel says of uneven static figures on a certified map.
pub const CERTIFIED_OUTWEIGHS: &str = "The certificate above outweighs these figures: simulated games found the map fair, and static figures never certify nor void a map. They still show where the map is uneven; click one to see its cause.";

/// The static verdict, what static figures cannot see, and the simulated
/// verdict (or a button to play one).
fn verdict_ui(
    ui: &mut Ui,
    verdict: &StaticVerdict,
    simulated: Option<(&str, bool)>,
    certified: bool,
    actions: &mut Vec<Action>,
) {
    let sentence = verdict.sentence();
    match verdict {
        StaticVerdict::Uneven { .. } if certified => {
            // fairness.md: static figures never certify, and never outweigh
            // a certificate; they still say where to look.
            ui.label(RichText::new(sentence).strong());
            ui.label(RichText::new(CERTIFIED_OUTWEIGHS).color(ui.visuals().text_color()));
        }
        StaticVerdict::Uneven { .. } => {
            ui.label(RichText::new(sentence).color(theme::ERROR));
            ui.label(RichText::new("Click a red figure to see what causes it.").weak());
        }
        StaticVerdict::Even { .. } | StaticVerdict::NotComputed { .. } => {
            ui.label(RichText::new(sentence).strong());
        }
    }
    ui.label(RichText::new(STATIC_CAVEAT).weak());
    match simulated {
        Some((v, now)) => {
            let on = if now {
                "Simulated"
            } else {
                "Simulated (on the map as it was at Play)"
            };
            ui.label(RichText::new(format!("{on}: {v}")).strong());
            if ui
                .button("Open the sandbox")
                .on_hover_text("The batch behind this verdict")
                .clicked()
            {
                actions.push(Action::Play);
            }
        }
        None => {
            if ui
                .button("Play a batch for the simulated verdict")
                .on_hover_text(
                    "Opens the sandbox: its Batch tab plays bots against each other on this map",
                )
                .clicked()
            {
                actions.push(Action::Play);
            }
        }
    }
}

/// Where the figure clicked last is remembered: one place per document
/// (`document`, [`crate::document::Document::serial`]), so a map opened or
/// generated next starts without an explanation of another map's figure.
fn explained_id(document: u64) -> egui::Id {
    egui::Id::unique(("fairness_explained", document))
}

/// The figures' table.
fn table_ui(ui: &mut Ui, a: &Analysis, document: u64, actions: &mut Vec<Action>) {
    // A narrow inspector scrolls the table sideways rather than being
    // pushed wider than the window (which cut off its edges), with a solid
    // scroll bar that shows there is more.
    ui.scope(|ui| {
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        egui::ScrollArea::horizontal()
            .id_salt("fairness_table")
            .show(ui, |ui| table_grid_ui(ui, a, document, actions));
    });
    // The figure clicked last, explained right under the table where the
    // user looks (not at the top of the inspector, scrolled away).
    let id = explained_id(document);
    if let Some(fig) = ui
        .data(|d| d.get_temp::<&'static str>(id))
        .and_then(|fid| a.fairness.figure(fid))
    {
        let favours = fig
            .favours
            .map_or_else(String::new, |p| format!(", which favours side {p}"));
        let at = a.cause(fig.id).map_or_else(String::new, |h| {
            format!(
                " What causes it most is at ({},{}), now selected and centred on the map.",
                h.x, h.y
            )
        });
        ui.label(
            RichText::new(format!(
                "{}: {}; spread {}{favours}.{at}",
                fig.label,
                fig.meaning,
                fig.spread_text(1)
            ))
            .color(if fig.is_uneven() {
                theme::ERROR
            } else {
                ui.visuals().text_color()
            }),
        );
    }
}

fn table_grid_ui(ui: &mut Ui, a: &Analysis, document: u64, actions: &mut Vec<Action>) {
    Grid::new("fairness")
        .striped(true)
        .spacing([6.0, 2.0])
        .show(ui, |ui| {
            ui.label("");
            for p in PlayerId::all(a.players) {
                ui.label(
                    RichText::new(format!("S{p}"))
                        .color(theme::side_text_color(p, ui.visuals()))
                        .strong(),
                )
                .on_hover_text(format!("Side {p}"));
            }
            ui.label(RichText::new("Spread").strong())
                .on_hover_text("The largest difference between two sides");
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
                let hover = format!(
                    "{}{favour}{}",
                    f.meaning,
                    if cause.is_some() {
                        "\nClick to show what causes it"
                    } else {
                        ""
                    }
                );
                // The whole row is clickable: the name, every value and
                // the spread.
                let mut clicked = ui
                    .add(egui::Label::new(name).sense(Sense::click()))
                    .on_hover_text(&hover)
                    .clicked();
                let cells = f
                    .values
                    .iter()
                    .map(|&v| f.value_text(v, 1))
                    .chain([f.spread_text(1)]);
                for cell in cells {
                    let text = RichText::new(cell).monospace();
                    let text = if bad { text.color(theme::ERROR) } else { text };
                    clicked |= ui
                        .add(egui::Label::new(text).sense(Sense::click()))
                        .on_hover_text(&hover)
                        .clicked();
                }
                if clicked {
                    ui.data_mut(|d| d.insert_temp(explained_id(document), f.id));
                    if let Some(h) = cause {
                        actions.push(Action::LocateHex(h));
                    }
                }
                ui.end_row();
            }
        });
}
