//! The batch tab's *Until decided* mode: the form's switch and settings,
//! the live chart of side 0's score and its interval narrowing look by
//! look, and the decision with its error bound — the sandbox side of
//! `hexwright simulate --until-decided` ([`hexwright_engine::sequential`]).

use crate::canvas::theme;
use crate::sandbox::worker::number_ui;
use egui::{RichText, Ui};
use egui_plot::{HLine, Line, LineStyle, Plot};
use hexwright_engine::sequential::{
    DEFAULT_ALPHA, DEFAULT_MARGIN, DEFAULT_MAX, Look, Plan, Summary,
};
use hexwright_engine::sim::Batch;
use hexwright_engine::until_decided::plan_for;
use std::sync::{Arc, Mutex, PoisonError};

/// The *Until decided* settings of the batch form.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecideForm {
    /// Whether the batch stops when decided.
    pub on: bool,
    /// The fairness margin, in percent points around 50%.
    pub margin_pct: f64,
    /// The most the chance of a wrong decision may be, in percent.
    pub alpha_pct: f64,
    /// The most matches to play before giving up undecided (the command
    /// line's `--max`, with the same default).
    pub max: usize,
}

impl Default for DecideForm {
    fn default() -> Self {
        Self {
            on: false,
            margin_pct: DEFAULT_MARGIN * 100.0,
            alpha_pct: DEFAULT_ALPHA * 100.0,
            max: DEFAULT_MAX,
        }
    }
}

impl DecideForm {
    /// The test's plan for `batch` (its matches the most to play: see
    /// [`Self::max`]).
    ///
    /// # Errors
    /// The settings are out of range (the fields keep them in range, so
    /// only a caller setting them directly sees this).
    pub fn plan(&self, batch: &Batch) -> Result<Plan, String> {
        plan_for(batch, self.alpha_pct / 100.0, self.margin_pct / 100.0).map_err(|e| {
            e.to_string()
                .replace("--alpha", "Error chance")
                .replace("--margin", "Margin")
                .replace("--max", "Most matches")
        })
    }

    /// The switch and, when on, its three settings: rows of the batch
    /// form's grid.
    pub fn rows_ui(&mut self, ui: &mut Ui, most: std::ops::RangeInclusive<usize>) {
        ui.label("");
        ui.checkbox(&mut self.on, "Until decided").on_hover_text(
            "Play in rounds and stop as soon as a sequential test says the map favours a side or is fair within the margin, or after Most matches",
        );
        ui.end_row();
        if self.on {
            number_ui(
                ui,
                "Most matches",
                &mut self.max,
                most,
                "Stop undecided after this many matches (as the command line's --max)",
            );
            number_ui(
                ui,
                "Margin (%)",
                &mut self.margin_pct,
                0.5..=45.0,
                "Fair means side 0's score within this many points of 50%",
            );
            number_ui(
                ui,
                "Error chance (%)",
                &mut self.alpha_pct,
                0.1..=50.0,
                "The most the chance of a wrong decision may be",
            );
        }
    }
}

/// Looks shared between the worker, which adds them, and the panel,
/// which draws them while the batch runs.
pub type LiveLooks = Arc<Mutex<Vec<Look>>>;

/// A copy of the looks so far.
#[must_use]
pub fn snapshot(live: &LiveLooks) -> Vec<Look> {
    live.lock().unwrap_or_else(PoisonError::into_inner).clone()
}

/// A finished batch's test: what it decided, and every look.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The decision and its evidence.
    pub summary: Summary,
    /// Every look, in order.
    pub looks: Vec<Look>,
}

/// One look in words: "Look 3: 25 games: side 0 56.0% [21.4%, 90.6%]".
#[must_use]
pub fn look_text(n: usize, l: &Look) -> String {
    format!("Look {n}: {l}")
}

/// The error bound under a decision, in words.
#[must_use]
pub fn bound_text(s: &Summary) -> String {
    format!(
        "At most {:.1}% chance that this is wrong: the interval is an anytime-valid confidence sequence, so stopping when it decides keeps the bound ({} looks).",
        s.alpha * 100.0,
        s.looks
    )
}

/// The decision, its error bound and the chart.
pub fn decision_ui(ui: &mut Ui, d: &Decision) {
    ui.label(RichText::new(d.summary.to_string()).strong());
    ui.label(RichText::new(bound_text(&d.summary)).weak());
    chart_ui(ui, "batch_decided_chart", &d.looks, d.summary.margin);
}

/// Side 0's score and its interval against the games played, with 50%
/// and the fairness margin marked; the last look in words under it.
pub fn chart_ui(ui: &mut Ui, id: &str, looks: &[Look], margin: f64) {
    let Some(last) = looks.last() else {
        ui.label(RichText::new("Waiting for the first look (16 games)…").weak());
        return;
    };
    let series = |f: &dyn Fn(&Look) -> f64| -> Vec<[f64; 2]> {
        looks
            .iter()
            .map(|l| [l.games as f64, 100.0 * f(l)])
            .collect()
    };
    let margin_color = ui.visuals().text_color();
    percent_plot(id, 220.0)
        .include_y(50.0 - margin * 100.0 - 5.0)
        .include_y(50.0 + margin * 100.0 + 5.0)
        .show(ui, |plot| {
            plot.hline(HLine::new("50%", 50.0).color(theme::ERROR).width(1.0));
            for (name, y) in [
                ("fair margin", 50.0 - margin * 100.0),
                ("fair margin", 50.0 + margin * 100.0),
            ] {
                plot.hline(
                    HLine::new(name, y)
                        .color(margin_color)
                        .style(LineStyle::dashed_loose())
                        .width(1.0),
                );
            }
            plot.line(
                Line::new("interval", series(&|l| l.interval[0]))
                    .color(theme::SIDE_0)
                    .width(1.0),
            );
            plot.line(
                Line::new("interval", series(&|l| l.interval[1]))
                    .color(theme::SIDE_0)
                    .width(1.0),
            );
            plot.line(
                Line::new("estimate", series(&|l| l.estimate))
                    .color(theme::SIDE_0)
                    .width(2.5),
            );
        });
    legend_ui(ui);
    ui.label(look_text(looks.len(), last));
}

/// A chart of percentages against independent games, fixed in place:
/// ticks every 10% (5% when zoomed in) labelled on the axis in the body
/// font; the lines that matter go in a legend under the chart
/// ([`swatch_ui`]), not written over the lines.
pub(super) fn percent_plot(id: &str, height: f32) -> Plot<'static> {
    Plot::new(id)
        .height(height)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .include_x(0.0)
        .x_axis_label("independent games")
        .y_grid_spacer(egui_plot::uniform_grid_spacer(|_| [5.0, 10.0, 50.0]))
        .y_axis_formatter(|mark, _| {
            if mark.step_size >= 10.0 {
                format!("{:.0}%", mark.value)
            } else {
                String::new()
            }
        })
        .y_axis_min_width(48.0)
}

/// One row of a chart's legend: a short line in `color`, then `text`.
pub(super) fn swatch_ui(ui: &mut Ui, color: egui::Color32, text: &str) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(22.0, 10.0), egui::Sense::hover());
    ui.painter().line_segment(
        [rect.left_center(), rect.right_center()],
        egui::Stroke::new(2.5, color),
    );
    ui.label(text);
    ui.add_space(8.0);
}

/// The chart's legend, under it so it never covers a line.
fn legend_ui(ui: &mut Ui) {
    ui.horizontal_wrapped(|ui| {
        swatch_ui(
            ui,
            theme::SIDE_0,
            "side 0's score (thick) and its interval, in %",
        );
        swatch_ui(ui, theme::ERROR, "50%");
        swatch_ui(ui, ui.visuals().text_color(), "fair margin (dashed)");
    });
}

#[cfg(test)]
mod tests {
    use crate::sandbox::batch::panel::tests::{
        RANDOM, TempDir, harness, prepared, save_export, wait,
    };
    use egui_kittest::kittest::Queryable as _;

    /// Random bots draw every match at a 10-round limit, so side 0 scores
    /// exactly 50%: *Until decided* stops as soon as the interval lies
    /// within the margin, and shows the decision, its bound and the looks,
    /// not the fixed-sample verdict.
    #[test]
    fn until_decided_stops_at_the_decision_and_shows_its_chart() {
        let p = prepared(10);
        let dir = TempDir::new("batch-decide");
        let mut h = harness(&p, dir.path());
        h.state_mut().panel.configure(100, RANDOM.to_vec(), 1);
        h.run();
        h.get_by_label("Until decided").click();
        h.run();
        assert!(h.query_by_label("Margin (%)").is_some());
        assert!(h.query_by_label("Error chance (%)").is_some());
        h.state_mut().panel.configure_decide(true, 20.0, 5.0);
        h.state_mut().panel.configure_decide_max(2_000);
        h.run();
        h.get_by_label("Simulate until decided (at most 2000)")
            .click();
        h.run();
        // The worker may already have finished: only a batch still running
        // must say so.
        if h.state().panel.is_running() {
            assert!(h.query_by_label("Playing until decided").is_some());
        }
        wait(&mut h);
        let r = h.state().panel.results().expect("results");
        let d = r.decision.as_ref().expect("decided");
        assert!(!r.cancelled);
        assert_eq!(
            d.summary.decision,
            hexwright_engine::sequential::Decision::Fair
        );
        assert_eq!(r.rows.len(), d.summary.matches);
        assert!(r.rows.len() < 2_000, "stopped early: {}", r.rows.len());
        let shown = d.summary.to_string();
        assert!(shown.starts_with("Fair within ±20 points"), "{shown}");
        assert!(h.query_by_label(&shown).is_some(), "{shown}");
        assert!(h.query_by_label(&super::bound_text(&d.summary)).is_some());
        let last = super::look_text(d.looks.len(), d.looks.last().unwrap());
        assert!(h.query_by_label(&last).is_some(), "{last}");
        assert!(
            h.query_by_label_contains("95% intervals").is_none(),
            "no fixed-sample verdict after stopping early"
        );
        let wins = format!("Side 0 wins 0 of {}", r.rows.len());
        assert!(h.query_by_label(&wins).is_some(), "{wins}");
        // The exported file says what the panel says: the decision, its α
        // and margin, and every look.
        let (summary, looks) = (d.summary, d.looks.len());
        save_export(&mut h, "JSON");
        let text = std::fs::read_to_string(dir.path().join("batch.json")).unwrap();
        let export: hexwright_engine::sim::BatchExport = serde_json::from_str(&text).unwrap();
        let decided = export.until_decided.expect("the decision is exported");
        assert_eq!(
            (decided.decision, decided.alpha, decided.margin),
            (summary.decision, summary.alpha, summary.margin)
        );
        assert_eq!(
            (decided.games, decided.looks),
            (summary.games, summary.looks)
        );
        assert_eq!(export.looks.len(), looks);
    }

    /// The batch tab plays until decided as long as the command line
    /// does by default, whatever the fixed batch's match count says.
    #[test]
    fn until_decided_plays_up_to_the_command_lines_default() {
        let p = prepared(10);
        let dir = TempDir::new("batch-decide-max");
        let mut h = harness(&p, dir.path());
        h.get_by_label("Until decided").click();
        h.run();
        assert!(h.query_by_label("Most matches").is_some());
        assert!(h.query_by_label("Matches").is_none(), "one count at a time");
        let label = format!(
            "Simulate until decided (at most {})",
            hexwright_engine::sequential::DEFAULT_MAX
        );
        assert!(h.query_by_label(&label).is_some(), "{label}");
    }

    #[test]
    fn settings_out_of_range_are_refused_with_the_reason() {
        let p = prepared(10);
        let dir = TempDir::new("batch-decide-bad");
        let mut h = harness(&p, dir.path());
        h.state_mut().panel.configure(100, RANDOM.to_vec(), 1);
        h.state_mut().panel.configure_decide(true, 60.0, 5.0);
        h.state_mut().panel.start(&p);
        h.run();
        assert!(!h.state().panel.is_running());
        let e = h.state().panel.error().unwrap().to_owned();
        assert!(e.starts_with("Margin 0.6 is not a margin"), "{e}");
        assert!(h.query_by_label(&e).is_some());
    }

    /// Cancelled before a decision, the batch still reads the test's
    /// interval — the user may have stopped on what the chart showed — and
    /// says it stopped, never a fixed-sample verdict.
    #[test]
    fn a_cancelled_batch_keeps_the_tests_interval() {
        use std::time::{Duration, Instant};
        let p = prepared(10);
        let dir = TempDir::new("batch-decide-cancel");
        let mut h = harness(&p, dir.path());
        h.state_mut().panel.configure_decide_max(100_000);
        // A margin this small needs far more games than the test plays here.
        h.state_mut().panel.configure_decide(true, 0.5, 0.1);
        h.state_mut().panel.start(&p);
        let started = Instant::now();
        while h.state().panel.live_looks() < 2 {
            assert!(
                started.elapsed() < Duration::from_mins(1),
                "two looks in a minute"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        h.state().panel.cancel();
        wait(&mut h);
        let r = h.state().panel.results().expect("results");
        assert!(r.cancelled);
        let d = r.decision.as_ref().expect("the test's interval is kept");
        assert_eq!(
            d.summary.decision,
            hexwright_engine::sequential::Decision::Stopped
        );
        assert_eq!(r.rows.len(), d.summary.matches, "whole looks only");
        let shown = d.summary.to_string();
        assert!(shown.starts_with("Stopped before a decision"), "{shown}");
        assert!(h.query_by_label(&shown).is_some(), "{shown}");
        assert!(h.query_by_label_contains("95% intervals").is_none());
    }
}
