//! Balance across skill levels in the batch tab: the report of `hexwright
//! balance` ([`hexwright_engine::balance`]) played on a worker — the same
//! bot on every side, until the seat test decides, once per chosen skill
//! level — with a live chart of one line per level (the leading side's
//! share of the wins as the looks come in), a row per level and, in words,
//! whether the verdict changes with skill.

use crate::canvas::theme;
use crate::sandbox::job::Job;
use crate::sandbox::worker::number_ui;
use egui::{CollapsingHeader, Grid, RichText, Ui};
use egui_plot::{HLine, Line};
use hexwright_engine::balance::{self, Level};
use hexwright_engine::bots::BotKind;
use hexwright_engine::rules::scenario::Prepared;
use hexwright_engine::seat_test::SeatLook;
use hexwright_engine::sequential::{DEFAULT_ALPHA, DEFAULT_MARGIN, Plan};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};

/// The most matches a level may play.
const MAX_PER_LEVEL: usize = 100_000;

/// The looks of the levels as they come in: (level, look).
type LiveLooks = Arc<Mutex<Vec<(usize, SeatLook)>>>;

/// What the panel asked and what it found.
#[derive(Clone, Debug)]
struct Asked {
    skills: Vec<BotKind>,
    players: usize,
    live: LiveLooks,
}

/// The balance-across-skills section of the batch tab.
pub struct BalancePanel {
    chosen: Vec<(BotKind, bool)>,
    max: usize,
    job: Job<Asked, Vec<Level>>,
    running: Option<Asked>,
    result: Option<(Asked, Vec<Level>)>,
}

impl Default for BalancePanel {
    fn default() -> Self {
        Self {
            chosen: BotKind::ALL
                .iter()
                .map(|&b| (b, matches!(b, BotKind::Greedy | BotKind::Planner)))
                .collect(),
            max: 2_000,
            job: Job::default(),
            running: None,
            result: None,
        }
    }
}

impl BalancePanel {
    /// Chooses the skill levels and the most matches per level (the tests'
    /// shortcut for ticking the boxes).
    #[cfg(test)]
    pub fn configure(&mut self, skills: &[BotKind], max: usize) {
        for (b, on) in &mut self.chosen {
            *on = skills.contains(b);
        }
        self.max = max.clamp(1, MAX_PER_LEVEL);
    }

    /// Whether levels are being played.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.job.is_running()
    }

    /// The levels of the last finished run.
    #[must_use]
    pub fn levels(&self) -> Option<&[Level]> {
        self.result.as_ref().map(|(_, l)| l.as_slice())
    }

    /// Plays the chosen levels on `prepared` (like pressing the button).
    pub fn start(&mut self, prepared: &Prepared) {
        let skills: Vec<BotKind> = self
            .chosen
            .iter()
            .filter(|(_, on)| *on)
            .map(|(b, _)| *b)
            .collect();
        if skills.is_empty() {
            self.job.fail("Choose at least one skill level.".to_owned());
            return;
        }
        let plan = match Plan::new(DEFAULT_ALPHA, DEFAULT_MARGIN, self.max) {
            Ok(p) => p,
            Err(e) => {
                self.job.fail(e.to_string());
                return;
            }
        };
        let asked = Asked {
            skills: skills.clone(),
            players: prepared.players(),
            live: LiveLooks::default(),
        };
        self.running = Some(asked.clone());
        let (p, live) = (prepared.clone(), asked.live.clone());
        self.job.start(asked, self.max, move |done, cancel| {
            let progress = |k| done.store(k, Ordering::Relaxed);
            let mut on_look = |level: usize, look: &SeatLook| {
                live.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push((level, look.clone()));
            };
            balance::play_prepared(&p, &skills, plan, &progress, cancel, &mut on_look)
        });
    }

    /// Takes the levels once the worker finished; whether it still runs.
    pub fn poll(&mut self) -> bool {
        let Some(f) = self.job.poll() else {
            let running = self.job.is_running();
            if !running {
                self.running = None;
            }
            return running;
        };
        self.running = None;
        self.result = Some((f.asked, f.output));
        false
    }

    /// Draws the section: the form, the live chart while it plays, the
    /// rows and the sentence once done.
    pub fn show_ui(&mut self, ui: &mut Ui, prepared: &Prepared) {
        self.poll();
        CollapsingHeader::new("Balance across skill levels")
            .id_salt("balance_section")
            .show(ui, |ui| self.body_ui(ui, prepared));
    }

    fn body_ui(&mut self, ui: &mut Ui, prepared: &Prepared) {
        ui.label(
            RichText::new(
                "Does the verdict hold for stronger play? Each level puts the same bot on \
                 every side and plays until the seat test decides.",
            )
            .weak(),
        );
        let running = self.is_running();
        ui.add_enabled_ui(!running, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (b, on) in &mut self.chosen {
                    ui.checkbox(on, b.name());
                }
            });
            Grid::new("balance_form").num_columns(2).show(ui, |ui| {
                number_ui(
                    ui,
                    "Most matches per level",
                    &mut self.max,
                    1..=MAX_PER_LEVEL,
                    "A level stops sooner once the test decides",
                );
            });
        });
        if !running
            && self
                .chosen
                .iter()
                .any(|&(b, on)| on && b == BotKind::Search)
        {
            search_note_ui(ui, self.max);
        }
        if running {
            self.job.progress_ui(ui, "matches of this level");
        } else if ui
            .button("Check balance across skills")
            .on_hover_text("Play each chosen level on a worker thread")
            .clicked()
        {
            self.start(prepared);
        }
        if let Some(e) = self.job.error() {
            ui.colored_label(theme::ERROR, e);
        }
        if let Some((_, levels)) = &self.result {
            ui.label(RichText::new(balance::summary(levels)).strong());
        }
        if self.has_results_view() {
            ui.label(RichText::new("The chart and each level's verdict are in the middle.").weak());
        }
    }

    /// Whether there is a chart to show: a run going or finished.
    #[must_use]
    pub fn has_results_view(&self) -> bool {
        self.running.is_some() || self.result.is_some()
    }

    /// The chart, and once done each level's verdict and the sentence, for
    /// the big central area.
    pub fn results_ui(&self, ui: &mut Ui) {
        ui.heading("Balance across skill levels");
        if let Some(asked) = &self.running {
            chart_ui(ui, asked);
        } else if let Some((asked, levels)) = &self.result {
            chart_ui(ui, asked);
            for l in levels {
                ui.label(RichText::new(format!("{}: {}", l.bot, l.verdict)).strong());
                ui.label(format!(
                    "{} · {} games ({} matches)",
                    l.shares_text(),
                    l.games,
                    l.matches
                ));
            }
            ui.label(RichText::new(balance::summary(levels)).strong());
        }
    }
}

/// Seconds of one core a match between search bots takes, about: some
/// 150 decisions of ~60 ms each (`cargo bench -p hexwright-engine --bench
/// search`, docs/bots.md).
const SEARCH_SECONDS_PER_MATCH: f64 = 10.0;

/// What a search-level check costs on this machine, and where it belongs.
fn search_note_ui(ui: &mut Ui, max: usize) {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let worst =
        std::time::Duration::from_secs_f64(max as f64 * SEARCH_SECONDS_PER_MATCH / cores as f64);
    ui.label(
        RichText::new(format!(
            "The search bot takes about {SEARCH_SECONDS_PER_MATCH:.0} s of one core a match: up to {max} matches could take {} on this machine's {cores} cores (less if the test decides early). Search-level checks belong on a cluster: `hexwright simulate --shard K/N` on Slurm or Kubernetes (deploy/README.md).",
            crate::sandbox::worker::duration_text(worst)
        ))
        .color(ui.visuals().warn_fg_color),
    );
}

/// The colours of the levels' lines, in order (Okabe and Ito's
/// colour-blind-safe set, none of them a side's or the fair line's).
const LEVEL_COLOURS: [egui::Color32; 4] = [
    egui::Color32::from_rgb(0x56, 0xB4, 0xE9),
    egui::Color32::from_rgb(0xD5, 0x5E, 0x00),
    egui::Color32::from_rgb(0x00, 0x9E, 0x73),
    egui::Color32::from_rgb(0xCC, 0x79, 0xA7),
];

/// One line per level: the leading side's share of the wins at each look,
/// with the fair share `1/N`; the legend under it, never over a line.
fn chart_ui(ui: &mut Ui, asked: &Asked) {
    let looks = asked
        .live
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone();
    let fair = 100.0 / asked.players.max(1) as f64;
    let fair_colour = ui.visuals().text_color();
    crate::sandbox::batch::decide::percent_plot("balance_chart", 240.0)
        .include_y(0.0)
        .include_y(fair * 2.0)
        .show(ui, |plot| {
            plot.hline(
                HLine::new("fair share", fair)
                    .color(fair_colour)
                    .style(egui_plot::LineStyle::dashed_loose())
                    .width(1.5),
            );
            for (i, bot) in asked.skills.iter().enumerate() {
                let points: Vec<[f64; 2]> = looks
                    .iter()
                    .filter(|(level, _)| *level == i)
                    .map(|(_, l)| {
                        let lead = l.estimates.iter().copied().fold(0.0, f64::max);
                        [l.games as f64, 100.0 * lead]
                    })
                    .collect();
                plot.line(
                    Line::new(bot.name(), points)
                        .color(LEVEL_COLOURS[i % LEVEL_COLOURS.len()])
                        .width(2.5),
                );
            }
        });
    ui.horizontal_wrapped(|ui| {
        let swatch = |ui: &mut Ui, color: egui::Color32, text: String| {
            crate::sandbox::batch::decide::swatch_ui(ui, color, &text);
        };
        for (i, bot) in asked.skills.iter().enumerate() {
            swatch(
                ui,
                LEVEL_COLOURS[i % LEVEL_COLOURS.len()],
                format!("{}: the leading side's share of the wins, in %", bot.name()),
            );
        }
        swatch(ui, fair_colour, format!("fair share ({fair:.0}%, dashed)"));
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sandbox::batch::panel::tests::four_corners;
    use egui::Vec2;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;
    use std::time::{Duration, Instant};

    #[test]
    fn balance_across_skills_plays_each_level_and_says_whether_the_verdict_changes() {
        let p = four_corners(6);
        let mut h = Harness::builder()
            .with_size(Vec2::new(520.0, 1200.0))
            .with_max_steps(16)
            .build_ui_state(
                |ui, panel: &mut BalancePanel| {
                    panel.show_ui(ui, &p);
                    // The sandbox draws the results in its central area.
                    if panel.has_results_view() {
                        panel.results_ui(ui);
                    }
                },
                BalancePanel::default(),
            );
        h.run();
        h.get_by_label("Balance across skill levels").click();
        h.run();
        h.state_mut()
            .configure(&[BotKind::Random, BotKind::Greedy], 32);
        h.run();
        h.get_by_label("Check balance across skills").click();
        h.run();
        let started = Instant::now();
        while h.state_mut().poll() {
            assert!(started.elapsed() < Duration::from_mins(2));
            std::thread::sleep(Duration::from_millis(20));
        }
        h.run();
        let levels = h.state().levels().expect("levels").to_vec();
        assert_eq!(
            levels.iter().map(|l| l.bot).collect::<Vec<_>>(),
            [BotKind::Random, BotKind::Greedy]
        );
        for l in &levels {
            assert!(l.matches <= 32);
            let row = format!("{}: {}", l.bot, l.verdict);
            assert!(h.query_by_label(&row).is_some(), "{row}");
        }
        let sentence = balance::summary(&levels);
        assert!(h.query_all_by_label(&sentence).count() >= 1, "{sentence}");
        assert!(sentence.starts_with("The verdict"));
        assert!(
            h.query_by_label("random: the leading side's share of the wins, in %")
                .is_some()
        );
    }
}
