//! A finished batch, shown in the sandbox's big central area: the rates
//! with their intervals, the verdict, match lengths, first captures, and
//! the table of every match, sortable by any column and as tall as the
//! area, each row opening its match in the step view.

use crate::canvas::theme;
use crate::sandbox::batch::panel::BatchRequest;
use crate::sandbox::batch::results::{BatchResults, percent};
use egui::{Grid, RichText, Ui};
use egui_plot::{Bar, BarChart, Plot};
use hexwright_engine::format::HexDisplay;
use hexwright_engine::player::PlayerId;
use hexwright_engine::sim::{CaptureSummary, MatchRow, Reading, SeatReading, SideReading};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// A column of the matches table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// The match's number in the batch.
    Number,
    /// Its seed.
    Seed,
    /// The bot on a seat.
    Side(PlayerId),
    /// Who won (a side, or a draw).
    Winner,
    /// Rounds played.
    Rounds,
}

impl Column {
    /// Every column of a batch of `players` players, in table order.
    #[must_use]
    pub fn all(players: usize) -> Vec<Self> {
        let mut columns = vec![Self::Number, Self::Seed];
        columns.extend(PlayerId::all(players).map(Self::Side));
        columns.extend([Self::Winner, Self::Rounds]);
        columns
    }

    /// The header text.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Self::Number => "#".to_owned(),
            Self::Seed => "Seed".to_owned(),
            Self::Side(p) => format!("Side {p}"),
            Self::Winner => "Winner".to_owned(),
            Self::Rounds => "Rounds".to_owned(),
        }
    }

    const fn width(self) -> f32 {
        match self {
            Self::Number => 64.0,
            Self::Seed => 100.0,
            Self::Side(_) => 96.0,
            Self::Winner | Self::Rounds => 104.0,
        }
    }

    /// How two rows compare in this column (ties keep match order).
    fn compare(self, a: &MatchRow, b: &MatchRow) -> Ordering {
        let winner = |r: &MatchRow| r.winner().map_or(u8::MAX, u8::from);
        let bot = |r: &MatchRow, p| r.bots.get(p).map_or("", |b| b.name());
        match self {
            Self::Number => a.index.cmp(&b.index),
            Self::Seed => a.seed.cmp(&b.seed),
            Self::Side(p) => bot(a, p).cmp(bot(b, p)),
            Self::Winner => winner(a).cmp(&winner(b)),
            Self::Rounds => a.rounds.cmp(&b.rounds),
        }
    }
}

/// The table's order: a column, ascending or descending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sort {
    /// The column sorted by.
    pub column: Column,
    /// Largest first.
    pub descending: bool,
}

impl Default for Sort {
    fn default() -> Self {
        Self {
            column: Column::Number,
            descending: false,
        }
    }
}

impl Sort {
    /// The order after a click on `column`'s header: the same column flips,
    /// another sorts ascending.
    #[must_use]
    pub fn clicked(self, column: Column) -> Self {
        Self {
            column,
            descending: self.column == column && !self.descending,
        }
    }

    /// Indices into `rows` in this order; ties stay in match order.
    #[must_use]
    pub fn order(self, rows: &[MatchRow]) -> Vec<usize> {
        let mut idx: Vec<usize> = (0..rows.len()).collect();
        idx.sort_by(|&a, &b| {
            let o = self.column.compare(&rows[a], &rows[b]);
            let o = if self.descending { o.reverse() } else { o };
            o.then(rows[a].index.cmp(&rows[b].index))
        });
        idx
    }
}

/// Draws the results; returns a request to open a match.
pub fn show_ui(ui: &mut Ui, r: &BatchResults, sort: &mut Sort) -> Option<BatchRequest> {
    let n = r.report.matches;
    if let Some(source) = &r.imported {
        ui.label(format!(
            "Imported from {source}: {} (seeds from {}), {:.1} s of playing time",
            crate::words::count(r.batch.matches, "match", "matches"),
            r.batch.seed,
            r.seconds
        ));
    } else if r.cancelled {
        ui.colored_label(
            theme::ERROR,
            format!(
                "Cancelled: results of the {n} of {} matches that finished",
                r.batch.matches
            ),
        );
    } else {
        ui.strong(format!("{n} matches, {:.1} s", r.seconds));
    }
    ui.label(r.armies_text());
    if n == 0 {
        ui.label("No match finished.");
        return None;
    }
    ui.columns(2, |cols| {
        summary_ui(&mut cols[0], r);
        if r.decision.is_none() {
            cols[0].label(RichText::new(r.verdict()).strong());
        }
        lengths_chart_ui(&mut cols[1], "batch_lengths", r.lengths());
    });
    if let Some(d) = &r.decision {
        crate::sandbox::batch::decide::decision_ui(ui, d);
    }
    captures_table_ui(ui, "batch_captures", &r.captures, r.report.matches);
    ui.add_space(6.0);
    ui.label(RichText::new("Matches").strong());
    matches_table_ui(ui, r, sort)
}

/// The batch's rates, counts and lengths, one line each, as its report's
/// reading says them.
pub fn summary_ui(ui: &mut Ui, r: &BatchResults) {
    match &r.report.reading {
        Reading::Sides(s) => sides_ui(ui, r, s),
        Reading::Seats(s) => seats_ui(ui, r, s),
    }
    ui.label(
        RichText::new(format!(
            "{}: {}",
            crate::words::count(
                r.report.independent_games,
                "independent game",
                "independent games"
            ),
            r.report.counting.describe()
        ))
        .weak(),
    );
    ui.label(format!(
        "Length: mean {:.1} rounds, median {:.1}",
        r.report.mean_rounds, r.report.median_rounds
    ));
}

/// An akw-rules-v1 batch of two bots: each side's wins, draws, and the
/// first bot's score.
fn sides_ui(ui: &mut Ui, r: &BatchResults, s: &SideReading) {
    let n = r.report.matches.max(1);
    for (side, seat) in PlayerId::all(r.report.players()).zip(&r.report.seats) {
        // A batch that stopped when decided reads the test's interval
        // only: fixed-sample intervals do not hold after stopping early.
        let text = if r.decision.is_some() {
            format!("Side {side} wins {} of {}", seat.wins, r.report.matches)
        } else {
            format!("Side {side} wins {}", seat.rate)
        };
        ui.label(RichText::new(text).color(theme::side_text_color(side, ui.visuals())));
    }
    ui.label(format!(
        "Draws: {} ({})",
        r.report.draws.wins,
        percent(r.report.draws.wins as f64 / n as f64)
    ));
    if let (Some(first), [a, b]) = (s.first_bot_score, &r.batch.bots[..]) {
        let by_bot: Vec<String> = s.bot_wins.iter().map(|(k, v)| format!("{k} {v}")).collect();
        ui.label(format!("Wins by bot: {}", by_bot.join(", ")));
        if r.decision.is_none() {
            ui.label(format!(
                "{a} scores {first} against {b} (a draw counts half)"
            ));
        }
    }
}

/// Every other batch: each seat's wins, each bot's, draws and points.
fn seats_ui(ui: &mut Ui, r: &BatchResults, s: &SeatReading) {
    for (side, seat) in PlayerId::all(r.report.players()).zip(&r.report.seats) {
        let points = s
            .mean_points
            .get(side.index())
            .map_or_else(String::new, |m| format!(", mean points {m:.1}"));
        ui.label(
            RichText::new(format!(
                "Side {side}: {} wins, {}{points}",
                seat.wins, seat.rate
            ))
            .color(theme::side_text_color(side, ui.visuals())),
        );
    }
    // With one bot in every seat, its win rate is every win: nothing to
    // compare.
    if s.by_bot.len() > 1 {
        for b in &s.by_bot {
            ui.label(format!(
                "Bot {}: {} wins, {}",
                b.bot, b.wins.wins, b.wins.rate
            ));
        }
    }
    ui.label(format!(
        "Draws: {}, {}",
        r.report.draws.wins, r.report.draws.rate
    ));
}

/// A bar chart of how many matches lasted each number of rounds.
pub(super) fn lengths_chart_ui(ui: &mut Ui, id: &str, lengths: &BTreeMap<u32, usize>) {
    ui.label("Match lengths (rounds)");
    let bars: Vec<Bar> = lengths
        .iter()
        .map(|(&rounds, &count)| {
            Bar::new(f64::from(rounds), count as f64)
                .width(0.9)
                .name(format!("{rounds} rounds"))
        })
        .collect();
    Plot::new(id)
        .height(130.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .x_axis_label("rounds")
        .y_axis_label("matches")
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("matches", bars).color(theme::SIDE_0));
        });
}

/// The first capture of each objective over `matches` matches, with a
/// column per side.
pub(super) fn captures_table_ui(
    ui: &mut Ui,
    id: &str,
    captures: &[CaptureSummary],
    matches: usize,
) {
    let Some(first) = captures.first() else {
        return;
    };
    let sides: Vec<PlayerId> = first.by_side.players().collect();
    let n = matches.max(1);
    ui.add_space(4.0);
    ui.label("Objectives: first capture");
    Grid::new(id)
        .striped(true)
        .num_columns(3 + sides.len())
        .show(ui, |ui| {
            ui.strong("Objective");
            ui.strong("Captured");
            for p in &sides {
                ui.strong(format!("Side {p}"));
            }
            ui.strong("Mean round");
            ui.end_row();
            for c in captures {
                ui.label(format!("({})", HexDisplay(c.hex)));
                ui.label(format!(
                    "{} ({})",
                    c.captured,
                    percent(c.captured as f64 / n as f64)
                ));
                for (p, k) in c.by_side.pairs() {
                    ui.label(
                        RichText::new(k.to_string()).color(theme::side_text_color(p, ui.visuals())),
                    );
                }
                ui.label(c.mean_round.map_or("–".into(), |m| format!("{m:.1}")));
                ui.end_row();
            }
        });
}

fn cell_ui(ui: &mut Ui, width: f32, text: impl Into<egui::WidgetText>) {
    ui.add_sized(
        [width, ui.spacing().interact_size.y],
        egui::Label::new(text).truncate(),
    );
}

/// The header (click to sort) and the rows, filling the height left.
/// The columns' widths: as [`Column::width`] where the area allows, and
/// narrower (never below two thirds) in a smaller one, so that four
/// players' columns and *Open* fit beside the panels at 1000 points.
fn column_widths(columns: &[Column], available: f32, spacing: f32) -> Vec<f32> {
    // Room for the Open button and the gaps between cells.
    let room = available - 56.0 - spacing * (columns.len() as f32 + 1.0);
    let natural: f32 = columns.iter().map(|c| c.width()).sum();
    let scale = (room / natural).clamp(2.0 / 3.0, 1.0);
    columns
        .iter()
        .map(|c| (c.width() * scale).floor())
        .collect()
}

fn matches_table_ui(ui: &mut Ui, r: &BatchResults, sort: &mut Sort) -> Option<BatchRequest> {
    let columns = Column::all(r.report.players());
    let widths = column_widths(&columns, ui.available_width(), ui.spacing().item_spacing.x);
    ui.horizontal(|ui| {
        for (&column, &width) in columns.iter().zip(&widths) {
            let arrow = match (sort.column == column, sort.descending) {
                (true, false) => " (asc)",
                (true, true) => " (desc)",
                (false, _) => "",
            };
            let header = ui
                .add_sized(
                    [width, ui.spacing().interact_size.y],
                    egui::Button::selectable(
                        sort.column == column,
                        RichText::new(format!("{}{arrow}", column.label())).strong(),
                    ),
                )
                .on_hover_text(format!("Sort the matches by {}", column.label()));
            if header.clicked() {
                *sort = sort.clicked(column);
            }
        }
    });
    let order = sort.order(&r.rows);
    let mut request = None;
    let row_height = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
    egui::ScrollArea::vertical()
        .id_salt("batch_matches")
        .auto_shrink([false, false])
        .max_height(ui.available_height().max(row_height * 8.0))
        .show_rows(ui, row_height, order.len(), |ui, range| {
            for &i in &order[range] {
                let row = &r.rows[i];
                ui.horizontal(|ui| {
                    let winner = match row.winner() {
                        Some(s) => RichText::new(format!("side {s}"))
                            .color(theme::side_text_color(s, ui.visuals())),
                        None => RichText::new("draw"),
                    };
                    let mut texts = vec![
                        RichText::new((row.index + 1).to_string()),
                        RichText::new(row.seed.to_string()),
                    ];
                    texts.extend(row.bots.iter().map(|b| RichText::new(b.name())));
                    texts.extend([winner, RichText::new(row.rounds.to_string())]);
                    for (width, t) in widths.iter().zip(texts) {
                        cell_ui(ui, *width, t);
                    }
                    let seating: Vec<String> = row.bots.iter().map(ToString::to_string).collect();
                    let open = ui.button("Open").on_hover_text(format!(
                        "Replay match {} (seed {}, {}) in the sandbox",
                        row.index + 1,
                        row.seed,
                        seating.join(" vs ")
                    ));
                    // Named for screen readers and tests: which match.
                    open.widget_info(|| {
                        egui::WidgetInfo::labeled(
                            egui::Role::Button,
                            true,
                            format!("Open match {}", row.index + 1),
                        )
                    });
                    if open.clicked() {
                        request = Some(BatchRequest::OpenMatch {
                            seed: row.seed,
                            seating: row.bots.iter().copied().collect(),
                        });
                    }
                });
            }
        });
    request
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexwright_engine::bots::BotKind;
    use hexwright_engine::rules::state::Outcome;

    fn row(index: usize, seed: u64, rounds: u32, winner: Option<u8>) -> MatchRow {
        MatchRow {
            index,
            seed,
            bots: [BotKind::Greedy, BotKind::Random].into(),
            outcome: match winner {
                Some(side) => Outcome::Won(PlayerId(side)),
                None => Outcome::Draw,
            },
            rounds,
            rejected: 0,
            first_captures: Vec::new(),
            points: Vec::new(),
        }
    }

    #[test]
    fn headers_sort_ascending_then_descending_with_ties_in_match_order() {
        let rows = vec![
            row(0, 30, 12, Some(1)),
            row(1, 10, 9, None),
            row(2, 20, 12, Some(0)),
            row(3, 40, 7, Some(1)),
        ];
        let by_rounds = Sort::default().clicked(Column::Rounds);
        assert_eq!(by_rounds.order(&rows), [3, 1, 0, 2]);
        let flipped = by_rounds.clicked(Column::Rounds);
        assert!(flipped.descending);
        assert_eq!(flipped.order(&rows), [0, 2, 1, 3]);
        assert_eq!(flipped.clicked(Column::Seed).order(&rows), [1, 2, 0, 3]);
        // Side 0's wins, side 1's, then draws.
        assert_eq!(
            Sort::default().clicked(Column::Winner).order(&rows),
            [2, 0, 3, 1]
        );
        assert_eq!(Sort::default().order(&rows), [0, 1, 2, 3]);
    }
}
