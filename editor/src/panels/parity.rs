//! The parity table: for each side, the steps from its starting zone to the
//! objectives, Outposts, its own barracks and the enemy bases, side by
//! side. The rows and which of them differ are the engine's
//! ([`hexwright_engine::parity`]): the margin validation warns with, not
//! exact equality.

use crate::canvas::theme;
use egui::{Grid, RichText, Ui};
use hexwright_engine::board::Board;
use hexwright_engine::parity::{DISTANCE_MARGIN, ParityError, ParityRow};
use hexwright_engine::player::PlayerId;

/// The table of a board, or why it cannot be worked out.
pub type Parity = Result<Vec<ParityRow>, ParityError>;

/// Works out the table for `board`.
pub fn rows(board: &Board) -> Parity {
    hexwright_engine::parity::parity(board.map(), board.coverage())
}

fn steps_text(steps: &[Option<u32>]) -> String {
    if steps.is_empty() {
        return "—".to_owned();
    }
    steps
        .iter()
        .map(|s| s.map_or_else(|| "no path".to_owned(), |n| n.to_string()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Most distances a cell shows; the rest are in its tooltip, so a map with
/// many objectives does not widen the inspector.
const SHOWN_STEPS: usize = 4;

/// `steps_text` cut to `shown` distances, with how many more.
fn short_steps_text(steps: &[Option<u32>], shown: usize) -> String {
    if steps.len() <= shown + 1 {
        return steps_text(steps);
    }
    format!(
        "{}, … (+{})",
        steps_text(&steps[..shown]),
        steps.len() - shown
    )
}

/// Draws the table: for each measure, one line per side under it, so any
/// number of sides fits the panel's width without a cell wrapping into the
/// next row.
pub fn show_ui(ui: &mut Ui, parity: &Parity) {
    let rows = match parity {
        Err(e) => {
            ui.label(RichText::new(format!("Not computed: {e}.")).weak());
            return;
        }
        Ok(rows) if rows.is_empty() => {
            ui.label(RichText::new("Place features to compare the sides.").weak());
            return;
        }
        Ok(rows) => rows,
    };
    let players = rows.first().map_or(2, |r| r.steps.len());
    let shown = SHOWN_STEPS;
    ui.label(RichText::new("Steps from each side's starting zone").weak());
    for (i, row) in rows.iter().enumerate() {
        let differs = row.uneven();
        let label = if row.cut_off() {
            RichText::new(format!("{} (cut off)", row.label()))
                .strong()
                .color(theme::ERROR)
        } else if differs {
            RichText::new(format!("{} (differs)", row.label()))
                .strong()
                .color(theme::ERROR)
        } else {
            RichText::new(row.label()).strong()
        };
        ui.add(egui::Label::new(label).truncate())
            .on_hover_text(if row.cut_off() {
                "A side cannot reach one of these, or has fewer of them".to_owned()
            } else if differs {
                format!(
                    "The sides differ by more than {DISTANCE_MARGIN} steps here: the map may favour one side"
                )
            } else {
                format!("Every side is within {DISTANCE_MARGIN} steps of the others")
            });
        let distances = row.distances();
        Grid::new(("parity", i))
            .num_columns(2)
            .striped(true)
            .spacing([10.0, 2.0])
            .show(ui, |ui| {
                for (side, steps) in PlayerId::all(players).zip(&distances) {
                    ui.label(
                        RichText::new(format!("Side {side}"))
                            .color(theme::side_text_color(side, ui.visuals())),
                    );
                    let text = RichText::new(short_steps_text(steps, shown)).monospace();
                    let text = if differs {
                        text.color(theme::ERROR)
                    } else {
                        text
                    };
                    let drawn = ui.add(egui::Label::new(text).truncate());
                    if steps.len() > shown + 1 {
                        drawn.on_hover_text(steps_text(steps));
                    }
                    ui.end_row();
                }
            });
        ui.add_space(2.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexwright_engine::map::FeatureKind;

    #[test]
    fn long_distance_lists_are_cut_short() {
        let five: Vec<Option<u32>> = (1..=5).map(Some).collect();
        assert_eq!(short_steps_text(&five, SHOWN_STEPS), "1, 2, 3, 4, 5");
        let many: Vec<Option<u32>> = (1..=30).map(Some).chain([None]).collect();
        assert_eq!(short_steps_text(&many, SHOWN_STEPS), "1, 2, 3, 4, … (+27)");
        assert_eq!(short_steps_text(&many, 2), "1, 2, … (+29)");
    }

    #[test]
    fn the_bundled_maps_are_fair() {
        for (name, _) in hexwright_headless::files::bundled::MAPS {
            let board = Board::new(hexwright_headless::files::bundled::map(name).unwrap()).unwrap();
            let rows = rows(&board).unwrap();
            assert!(!rows.is_empty(), "{name}");
            for r in &rows {
                assert!(!r.uneven(), "{name}: {r:?}");
            }
        }
    }

    #[test]
    fn a_missing_barracks_shows_as_a_difference() {
        let mut map = hexwright_headless::files::bundled::default_map().unwrap();
        map.features
            .retain(|f| f.kind != FeatureKind::Barracks { side: PlayerId(1) });
        let rows = rows(&Board::new(map).unwrap()).unwrap();
        let barracks = rows.iter().find(|r| r.label() == "Own barracks").unwrap();
        assert!(barracks.uneven());
    }

    #[test]
    fn a_map_without_zones_says_the_table_is_not_computed() {
        let mut map = hexwright_headless::files::bundled::default_map().unwrap();
        map.zones.clear();
        let e = rows(&Board::new(map).unwrap()).unwrap_err();
        assert_eq!(e, ParityError::NoZone { side: PlayerId(0) });
    }
}
