//! Openings in the sandbox: the first rounds of many matches played on a
//! worker thread ([`hexwright_engine::openings`]), in either ruleset and for
//! 2 to 4 players, and drawn over the map as heatmaps — where units stood,
//! where they died (every side's units, or one side's), and which
//! objectives were taken (how often, by which side, how early).
//!
//! Colours follow a viridis-like sequential ramp (dark purple for few, yellow
//! for many), which reads the same with the common colour-vision
//! deficiencies and in grey; counts are also written on the hexes when they
//! are large enough, so the heatmap never rests on colour alone.

use crate::canvas::theme;
use crate::sandbox::job::Job;
use crate::sandbox::worker::{number_ui, seat_rows_ui, seating_rows_ui};
use egui::{Color32, Grid, Painter, Pos2, RichText, Shape, Stroke, Ui, Vec2};
use hexwright_engine::Hex;
use hexwright_engine::bots::BotKind;
use hexwright_engine::format::HexDisplay;
use hexwright_engine::openings::{self, OpeningSpec, Openings, simulate_openings};
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::scenario::Prepared;
use hexwright_engine::ruleset::{AkwRulesV1, PhaseRulesV1, RulesetId};
use std::sync::atomic::Ordering;

/// The most rounds an opening study may play.
pub const MAX_ROUNDS: u32 = 60;
/// The most runs an opening study may play.
pub const MAX_RUNS: usize = 100_000;
/// Hexes at least this large on screen (radius in points) get their count
/// written on them.
pub const LABEL_MIN_HEX_PX: f32 = 14.0;

/// What the openings panel needs from the sandbox.
pub struct OpeningsInput<'a> {
    /// The scenario the runs are played on.
    pub prepared: &'a Prepared,
    /// The bots the form starts with, one per seat.
    pub default_bots: Vec<BotKind>,
}

/// Which heatmap is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Heatmap {
    /// Unit-turns per hex.
    #[default]
    Presence,
    /// Deaths per hex.
    Deaths,
    /// How often each objective was taken.
    Objectives,
}

impl Heatmap {
    /// Every heatmap.
    pub const ALL: [Self; 3] = [Self::Presence, Self::Deaths, Self::Objectives];

    /// Its name in the panel.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Presence => "Where units stood",
            Self::Deaths => "Where units died",
            Self::Objectives => "Objectives taken",
        }
    }
}

/// The viridis colour map (matplotlib's, sampled at nine points and
/// interpolated): `t` in `0..=1`, dark purple to yellow, perceptually
/// uniform and colour-blind safe.
#[must_use]
pub fn viridis(t: f32) -> Color32 {
    const STOPS: [[u8; 3]; 9] = [
        [68, 1, 84],
        [71, 45, 123],
        [59, 82, 139],
        [44, 114, 142],
        [33, 145, 140],
        [40, 174, 128],
        [94, 201, 98],
        [170, 220, 50],
        [253, 231, 37],
    ];
    let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
    let x = t * (STOPS.len() - 1) as f32;
    let i = (x.floor() as usize).min(STOPS.len() - 2);
    let f = x - i as f32;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let mix = |k: usize| (f32::from(a[k]) + (f32::from(b[k]) - f32::from(a[k])) * f).round() as u8;
    Color32::from_rgb(mix(0), mix(1), mix(2))
}

/// Black or white, whichever reads better on `c`.
fn text_on(c: Color32) -> Color32 {
    let luma = 0.299 * f32::from(c.r()) + 0.587 * f32::from(c.g()) + 0.114 * f32::from(c.b());
    if luma > 140.0 {
        Color32::BLACK
    } else {
        Color32::WHITE
    }
}

/// The six corners of a hex relative to its centre, for a `to_screen` that
/// maps hex centres affinely to the screen (any orientation, zoom or flip):
/// the corner shared by a hex and two adjacent neighbours is the centroid of
/// their three centres.
#[must_use]
pub fn hex_corners(to_screen: &dyn Fn(Hex) -> Pos2) -> [Vec2; 6] {
    let c = to_screen(Hex::ZERO);
    let mut d: Vec<Vec2> = Hex::NEIGHBORS_COORDS
        .iter()
        .map(|n| to_screen(*n) - c)
        .collect();
    d.sort_by(|a, b| a.angle().total_cmp(&b.angle()));
    let mut out = [Vec2::ZERO; 6];
    for (k, corner) in out.iter_mut().enumerate() {
        *corner = (d[k] + d[(k + 1) % 6]) / 3.0;
    }
    out
}

/// One hex of a heatmap, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct HeatMark {
    /// The hex.
    pub hex: Hex,
    /// Its colour on the ramp.
    pub color: Color32,
    /// A ring (objectives) rather than a filled hex.
    pub ring: bool,
    /// The text written on it, when the hex is large enough.
    pub label: Option<String>,
}

/// The openings panel.
pub struct OpeningsPanel {
    rounds: u32,
    runs: usize,
    bots: Vec<BotKind>,
    seed: u64,
    job: Job<(), Openings>,
    result: Option<Openings>,
    heatmap: Heatmap,
    /// Whose units the presence and death heatmaps count (`None`: every
    /// side's).
    whose: Option<PlayerId>,
    show_on_map: bool,
}

impl Default for OpeningsPanel {
    fn default() -> Self {
        Self {
            rounds: 3,
            runs: 200,
            bots: Vec::new(),
            seed: 1,
            job: Job::default(),
            result: None,
            heatmap: Heatmap::Presence,
            whose: None,
            show_on_map: true,
        }
    }
}

impl OpeningsPanel {
    /// Sets the form: rounds (`1..=MAX_ROUNDS`), runs (`1..=MAX_RUNS`), the
    /// bots (one per seat of the first seating) and the first seed.
    pub fn configure(&mut self, rounds: u32, runs: usize, bots: Vec<BotKind>, seed: u64) {
        self.rounds = rounds.clamp(1, MAX_ROUNDS);
        self.runs = runs.clamp(1, MAX_RUNS);
        self.bots = bots;
        self.seed = seed;
    }

    /// Chooses whose units the presence and death heatmaps count (`None`:
    /// every side's).
    pub fn set_whose(&mut self, whose: Option<PlayerId>) {
        self.whose = whose;
    }

    /// Chooses the heatmap drawn by [`Self::paint`].
    pub fn set_heatmap(&mut self, heatmap: Heatmap) {
        self.heatmap = heatmap;
    }

    /// The heatmap drawn by [`Self::paint`].
    #[must_use]
    pub fn heatmap(&self) -> Heatmap {
        self.heatmap
    }

    /// Whether [`Self::paint`] draws anything.
    #[must_use]
    pub fn shows_on_map(&self) -> bool {
        self.show_on_map && self.result.is_some()
    }

    /// Whether a study is being played.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.job.is_running()
    }

    /// The last finished study.
    #[must_use]
    pub fn result(&self) -> Option<&Openings> {
        self.result.as_ref()
    }

    /// The last error (the worker died).
    #[must_use]
    pub fn error(&self) -> Option<&str> {
        self.job.error()
    }

    /// Asks a running study to stop; the runs that finished are kept.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// Plays the study of the form on `prepared`, in its ruleset (like
    /// pressing the button). A study already running is cancelled and
    /// replaced.
    pub fn start(&mut self, prepared: &Prepared) {
        let spec = OpeningSpec {
            rounds: self.rounds.clamp(1, MAX_ROUNDS),
            runs: self.runs.clamp(1, MAX_RUNS),
            bots: self.bots.clone(),
            seed: self.seed,
        };
        let p = prepared.clone();
        self.whose = self.whose.filter(|w| w.index() < spec.bots.len());
        self.job.start((), spec.runs, move |done, cancel| {
            let progress = |k| done.store(k, Ordering::Relaxed);
            match p.ruleset {
                RulesetId::AkwRulesV1 => {
                    simulate_openings::<AkwRulesV1>(&p, &spec, &progress, cancel)
                }
                RulesetId::PhaseRulesV1 => {
                    simulate_openings::<PhaseRulesV1>(&p, &spec, &progress, cancel)
                }
            }
        });
    }

    /// Takes the result once the worker finished. Returns whether a study
    /// is still running (the caller keeps repainting while it is).
    pub fn poll(&mut self) -> bool {
        let Some(f) = self.job.poll() else {
            return self.job.is_running();
        };
        self.result = Some(f.output);
        false
    }

    /// Draws the panel.
    pub fn show_ui(&mut self, ui: &mut Ui, input: &OpeningsInput<'_>) {
        if self.bots.len() != input.default_bots.len() {
            self.bots.clone_from(&input.default_bots);
        }
        self.poll();
        ui.heading("Openings");
        ui.label(
            RichText::new(
                "Play the first rounds many times and see where units go. Runs are \
                 seated like a batch: the same bot on every seat gives every run its \
                 own seed; different bots play every rotation of the seats.",
            )
            .weak(),
        );
        let running = self.is_running();
        ui.add_enabled_ui(!running, |ui| {
            Grid::new("openings_form")
                .num_columns(2)
                .spacing([8.0, 4.0])
                .show(ui, |ui| {
                    number_ui(
                        ui,
                        "Rounds",
                        &mut self.rounds,
                        1..=MAX_ROUNDS,
                        "Rounds played in each run",
                    );
                    number_ui(
                        ui,
                        "Runs",
                        &mut self.runs,
                        1..=MAX_RUNS,
                        "How many times the opening is played",
                    );
                    if let Ok(pair) = <&mut [BotKind; 2]>::try_from(self.bots.as_mut_slice()) {
                        seating_rows_ui(ui, "openings", "runs", pair, &mut self.seed);
                    } else {
                        seat_rows_ui(
                            ui,
                            "openings",
                            &mut self.bots,
                            &mut self.seed,
                            "Group g plays with seed + g",
                        );
                    }
                });
        });
        if self.job.is_running() {
            self.job.progress_ui(ui, "runs");
        } else if ui
            .button("Simulate the opening")
            .on_hover_text("Play the first rounds on worker threads")
            .clicked()
        {
            self.start(input.prepared);
        }
        if let Some(e) = self.job.error() {
            ui.colored_label(theme::ERROR, e);
        }
        if self.result.is_some() {
            ui.separator();
            self.result_ui(ui);
        }
    }

    fn result_ui(&mut self, ui: &mut Ui) {
        let Some(o) = &self.result else {
            return;
        };
        let summary = format!(
            "{} runs of {} round{}",
            o.runs,
            o.spec.rounds,
            if o.spec.rounds == 1 { "" } else { "s" }
        );
        if o.cancelled {
            ui.colored_label(
                theme::ERROR,
                format!("Cancelled: {summary} (of {} asked)", o.spec.runs),
            );
        } else {
            ui.strong(summary);
        }
        ui.checkbox(&mut self.show_on_map, "Show heatmap on the map");
        ui.horizontal_wrapped(|ui| {
            for h in Heatmap::ALL {
                ui.radio_value(&mut self.heatmap, h, h.label());
            }
        });
        if self.heatmap != Heatmap::Objectives {
            ui.horizontal_wrapped(|ui| {
                ui.label("Whose units:");
                ui.radio_value(&mut self.whose, None, "Every side");
                for p in PlayerId::all(o.players()) {
                    ui.radio_value(
                        &mut self.whose,
                        Some(p),
                        RichText::new(format!("Side {p}"))
                            .color(theme::side_text_color(p, ui.visuals())),
                    );
                }
            });
        }
        let whose = self.whose;
        let (max, unit) = match self.heatmap {
            Heatmap::Presence => (openings::max(o.presence_of(whose)), "unit-turns"),
            Heatmap::Deaths => (openings::max(o.deaths_of(whose)), "deaths"),
            Heatmap::Objectives => (o.runs as u64, "runs"),
        };
        legend_ui(ui, max, unit);
        let of = whose.map_or_else(String::new, |p| format!(" of side {p}"));
        match self.heatmap {
            Heatmap::Presence => {
                ui.label(format!(
                    "Living units{of} counted at each of {} turn ends.",
                    o.samples
                ));
            }
            Heatmap::Deaths => {
                ui.label(format!(
                    "{} deaths{of} in all.",
                    o.deaths_of(whose).iter().sum::<u64>()
                ));
            }
            Heatmap::Objectives => objectives_table_ui(ui, o),
        }
    }

    /// The hexes the chosen heatmap marks (nothing when the heatmap is
    /// hidden or there is no result yet).
    #[must_use]
    pub fn marks(&self, hex_px: f32) -> Vec<HeatMark> {
        let Some(o) = self.result.as_ref().filter(|_| self.show_on_map) else {
            return Vec::new();
        };
        let labelled = hex_px >= LABEL_MIN_HEX_PX;
        let cells = |counts: &[u64], max: u64| -> Vec<HeatMark> {
            o.hexes
                .iter()
                .zip(counts)
                .filter(|&(_, &n)| n > 0)
                .map(|(&hex, &n)| HeatMark {
                    hex,
                    color: viridis(n as f32 / max.max(1) as f32),
                    ring: false,
                    label: labelled.then(|| n.to_string()),
                })
                .collect()
        };
        let (presence, deaths) = (o.presence_of(self.whose), o.deaths_of(self.whose));
        match self.heatmap {
            Heatmap::Presence => cells(presence, openings::max(presence)),
            Heatmap::Deaths => cells(deaths, openings::max(deaths)),
            Heatmap::Objectives => o
                .objectives
                .iter()
                .map(|obj| {
                    let share = if o.runs == 0 {
                        0.0
                    } else {
                        obj.captured() as f32 / o.runs as f32
                    };
                    HeatMark {
                        hex: obj.hex,
                        color: viridis(share),
                        ring: true,
                        label: labelled.then(|| format!("{:.0}%", share * 100.0)),
                    }
                })
                .collect(),
        }
    }

    /// Draws the chosen heatmap over the map: `to_screen` maps a hex centre
    /// to the screen, `hex_px` is the hex radius on screen. Does nothing
    /// when "Show heatmap on the map" is off.
    pub fn paint(&self, painter: &Painter, to_screen: &dyn Fn(Hex) -> Pos2, hex_px: f32) {
        let marks = self.marks(hex_px);
        if marks.is_empty() {
            return;
        }
        let corners = hex_corners(to_screen);
        let font = egui::FontId::proportional((hex_px * 0.55).clamp(8.0, 18.0));
        for m in marks {
            let centre = to_screen(m.hex);
            if m.ring {
                let width = (hex_px * 0.18).max(2.0);
                painter.circle_stroke(
                    centre,
                    hex_px * 0.8,
                    Stroke::new(width + 2.0, Color32::from_black_alpha(160)),
                );
                painter.circle_stroke(centre, hex_px * 0.8, Stroke::new(width, m.color));
                if let Some(text) = m.label {
                    let pos = centre + Vec2::new(0.0, hex_px * 0.95);
                    let bg = Color32::from_black_alpha(170);
                    let galley = painter.layout_no_wrap(text, font.clone(), Color32::WHITE);
                    let rect = egui::Align2::CENTER_TOP
                        .anchor_size(pos, galley.size())
                        .expand(2.0);
                    painter.rect_filled(rect, 3.0, bg);
                    painter.galley(rect.min + Vec2::splat(2.0), galley, Color32::WHITE);
                }
            } else {
                let points: Vec<Pos2> = corners.iter().map(|c| centre + *c).collect();
                painter.add(Shape::convex_polygon(
                    points,
                    m.color.gamma_multiply(0.7),
                    Stroke::new(1.0, m.color),
                ));
                if let Some(text) = m.label {
                    painter.text(
                        centre,
                        egui::Align2::CENTER_CENTER,
                        text,
                        font.clone(),
                        text_on(m.color),
                    );
                }
            }
        }
    }
}

fn legend_ui(ui: &mut Ui, max: u64, unit: &str) {
    ui.horizontal(|ui| {
        ui.label("0");
        // The scale gives way to its words in a narrow panel.
        let text = format!("max {max} {unit}");
        let font = egui::TextStyle::Body.resolve(ui.style());
        let words = ui
            .painter()
            .layout_no_wrap(text.clone(), font, egui::Color32::WHITE)
            .size()
            .x;
        let room = ui.available_width() - words - 2.0 * ui.spacing().item_spacing.x - 2.0;
        let (rect, _) = ui.allocate_exact_size(
            Vec2::new(room.clamp(30.0, 140.0), 12.0),
            egui::Sense::hover(),
        );
        let steps = 28;
        let w = rect.width() / steps as f32;
        for i in 0..steps {
            let r = egui::Rect::from_min_size(
                rect.min + Vec2::new(i as f32 * w, 0.0),
                Vec2::new(w + 0.5, rect.height()),
            );
            ui.painter()
                .rect_filled(r, 0.0, viridis(i as f32 / (steps - 1) as f32));
        }
        ui.label(text);
    });
}

/// The objectives: how often each was captured, by whom first (one
/// coloured count per side in one narrow column, so four sides fit the
/// panel) and when; then the first captures by round.
fn objectives_table_ui(ui: &mut Ui, o: &Openings) {
    if o.objectives.is_empty() {
        ui.label("The map has no objectives.");
        return;
    }
    let runs = o.runs.max(1) as f64;
    let players = o.players();
    let sides: Vec<String> = PlayerId::all(players)
        .map(|p| format!("side {p}"))
        .collect();
    Grid::new("openings_objectives")
        .striped(true)
        .num_columns(4)
        .show(ui, |ui| {
            ui.strong("Objective").on_hover_text("The objective's hex");
            ui.strong("Captured")
                .on_hover_text("Share of runs in which it was captured at all");
            ui.strong("First by side").on_hover_text(format!(
                "Runs in which each side captured it first: {}",
                sides.join(" · ")
            ));
            ui.strong("Mean round")
                .on_hover_text("Mean round of its first capture, over the runs that captured it");
            ui.end_row();
            for obj in &o.objectives {
                ui.label(format!("({})", HexDisplay(obj.hex)));
                ui.label(format!("{:.1}%", obj.captured() as f64 / runs * 100.0));
                ui.horizontal(|ui| {
                    ui.spacing_mut().item_spacing.x = 4.0;
                    for (i, (p, n)) in obj.by_side.pairs().enumerate() {
                        if i > 0 {
                            ui.label(RichText::new("·").weak());
                        }
                        ui.label(
                            RichText::new(n.to_string())
                                .color(theme::side_text_color(p, ui.visuals())),
                        )
                        .on_hover_text(format!("Runs in which side {p} captured it first"));
                    }
                });
                ui.label(obj.mean_round().map_or("–".into(), |m| format!("{m:.1}")));
                ui.end_row();
            }
        });
    ui.add_space(4.0);
    ui.strong("First captures by round")
        .on_hover_text("Runs whose first capture of it fell in round 1, 2, 3, …");
    Grid::new("openings_by_round")
        .striped(true)
        .num_columns(2)
        .show(ui, |ui| {
            for obj in &o.objectives {
                ui.label(format!("({})", HexDisplay(obj.hex)));
                ui.add(egui::Label::new(per_round(obj)).truncate())
                    .on_hover_text("Runs whose first capture of it came in round 1, 2, …");
                ui.end_row();
            }
        });
}

/// Runs whose first capture of `obj` fell in round 1, 2, … (any side).
fn per_round(obj: &openings::ObjectiveOpening) -> String {
    let counts: Vec<String> = obj
        .first_round
        .iter()
        .map(|c| c.iter().sum::<usize>().to_string())
        .collect();
    counts.join(" · ")
}

#[cfg(test)]
mod tests;
