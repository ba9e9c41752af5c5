//! The parity table: for each side, the steps from its starting zone to the
//! objectives, Outposts, its own barracks and the enemy base, side by side;
//! rows where the sides differ are highlighted.

use crate::theme;
use egui::{Grid, RichText, Ui};
use hexwright_engine::board::Board;
use hexwright_engine::map::{FeatureKind, Side};
use hexwright_engine::player::PlayerId;
use hexwright_engine::validate::DistanceField;

/// One row: what is measured and, per side, the sorted step counts
/// (`None`: unreachable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParityRow {
    /// What the row measures.
    pub label: &'static str,
    /// Per side, the steps to each such feature, sorted.
    pub steps: Vec<Vec<Option<u32>>>,
}

impl ParityRow {
    /// Whether the sides differ.
    #[must_use]
    pub fn differs(&self) -> bool {
        self.steps.windows(2).any(|w| w[0] != w[1])
    }
}

/// Works out the table for `board`; empty when a side has no zone.
#[must_use]
pub fn rows(board: &Board) -> Vec<ParityRow> {
    let map = board.map();
    let fields: Vec<DistanceField> = map
        .sides()
        .map(|side| {
            let zone: Vec<_> = map
                .zones
                .iter()
                .filter(|z| z.side == side)
                .flat_map(|z| z.hexes.iter().copied())
                .collect();
            DistanceField::from_sources(map, board.coverage(), &zone)
        })
        .collect();
    let mut out = Vec::new();
    let mut row =
        |label: &'static str, pick: &dyn Fn(Side, FeatureKind) -> bool, adjacent: bool| {
            let steps: Vec<Vec<Option<u32>>> = map
                .sides()
                .map(|side| {
                    let field = &fields[side.index()];
                    let mut v: Vec<Option<u32>> = map
                        .features
                        .iter()
                        .filter(|f| pick(side, f.kind))
                        .map(|f| {
                            if adjacent {
                                field.to_adjacent(f.hex)
                            } else {
                                field.to_hex(f.hex)
                            }
                        })
                        .collect();
                    v.sort_unstable_by_key(|s| s.unwrap_or(u32::MAX));
                    v
                })
                .collect();
            if steps.iter().any(|s| !s.is_empty()) {
                out.push(ParityRow { label, steps });
            }
        };
    row(
        "Energy objectives",
        &|_, k| k == FeatureKind::Objective,
        false,
    );
    row("Outposts", &|_, k| k == FeatureKind::Outpost, false);
    row(
        "Own barracks",
        &|side, k| k == FeatureKind::Barracks { side },
        false,
    );
    row(
        "Enemy base",
        &|side, k| matches!(k, FeatureKind::Base { side: s } if s != side),
        true,
    );
    out
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
pub fn show(ui: &mut Ui, rows: &[ParityRow]) {
    if rows.is_empty() {
        ui.label(RichText::new("Place features and zones to compare the sides.").weak());
        return;
    }
    let players = rows.first().map_or(2, |r| r.steps.len());
    let shown = SHOWN_STEPS;
    ui.label(RichText::new("Steps from each side's starting zone").weak());
    for (i, row) in rows.iter().enumerate() {
        let differs = row.differs();
        let label = if differs {
            RichText::new(format!("{} (differs)", row.label))
                .strong()
                .color(theme::ERROR)
        } else {
            RichText::new(row.label).strong()
        };
        ui.add(egui::Label::new(label).truncate())
            .on_hover_text(if differs {
                "The sides differ here: the map may favour one side"
            } else {
                "Every side is the same number of steps away"
            });
        Grid::new(("parity", i))
            .num_columns(2)
            .striped(true)
            .spacing([10.0, 2.0])
            .show(ui, |ui| {
                for (side, steps) in PlayerId::all(players).zip(&row.steps) {
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
            let rows = rows(&board);
            assert!(!rows.is_empty(), "{name}");
            for r in &rows {
                assert!(!r.differs(), "{name}: {r:?}");
            }
        }
    }

    #[test]
    fn a_missing_barracks_shows_as_a_difference() {
        let mut map = hexwright_headless::files::bundled::default_map().unwrap();
        map.features
            .retain(|f| f.kind != FeatureKind::Barracks { side: PlayerId(1) });
        let rows = rows(&Board::new(map).unwrap());
        let barracks = rows.iter().find(|r| r.label == "Own barracks").unwrap();
        assert!(barracks.differs());
    }
}
