//! File → Generate…: the map generator's parameters, a grid of previews for
//! several seeds — each a thumbnail of the map with its static fairness
//! figures — *More* for the next seeds, and *Open* to start editing one as a
//! new unsaved map. The generator is the engine's
//! ([`hexwright_engine::map::generate`]); the seed and parameters go into
//! the map's metadata, so the map can be made again.

use crate::app::action::Action;
use egui::{
    Align, Color32, ComboBox, DragValue, Grid, Layout, Pos2, RichText, ScrollArea, Sense, Shape,
    Stroke, Ui, Vec2,
};
use hexwright_engine::analysis::{Analysis, Movement};
use hexwright_engine::coverage::Coverage;
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::generate::{self, MAX_HEXES, MIN_HEXES, Params, Size, Style};
use hexwright_engine::map::{FeatureKind, Map};
use hexwright_engine::symmetry::Mode;
use hexwright_headless::draw::palette::{Palette, side_color};

/// Previews made at a time (*Generate previews*, *More*).
pub const PREVIEWS: u64 = 6;

/// The size of a thumbnail, in points.
const THUMB: Vec2 = Vec2::new(190.0, 140.0);

/// The dialog's state: the parameters as set, and the previews made.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateForm {
    /// The parameters.
    pub params: Params,
    /// The first seed previewed.
    pub first_seed: u64,
    /// The previews, in seed order.
    pub previews: Vec<Preview>,
    /// The parameters the previews were made with.
    pub made_with: Option<Params>,
    /// Why the last attempt failed.
    pub error: Option<String>,
}

impl GenerateForm {
    /// The previews made with the parameters as set now: none once a
    /// parameter changed, so no preview (and no *Open*) shows a map the
    /// settings would not make.
    #[must_use]
    pub fn current(&self) -> &[Preview] {
        if self.made_with.as_ref() == Some(&self.params) {
            &self.previews
        } else {
            &[]
        }
    }
}

impl Default for GenerateForm {
    fn default() -> Self {
        Self {
            params: Params::new(2),
            first_seed: 1,
            previews: Vec::new(),
            made_with: None,
            error: None,
        }
    }
}

/// One generated map, ready to show.
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    /// Its seed.
    pub seed: u64,
    /// The map.
    pub map: Map,
    /// Each grid hex: usable, and the side whose zone holds it.
    hexes: Vec<(hexwright_engine::Hex, bool, Option<usize>)>,
    /// The usable hexes.
    pub usable: usize,
    /// The static fairness figures in a sentence.
    pub fairness: String,
}

impl Preview {
    /// The map of `params` from `seed`, with what its thumbnail shows.
    ///
    /// # Errors
    /// When the parameters are out of range (the reason, in words).
    pub fn make(params: &Params, seed: u64) -> anyhow::Result<Self> {
        let map = generate::generate(params, seed)?;
        let coverage = Coverage::new(&map)?;
        let zone_of = |h| map.zones.iter().position(|z| z.hexes.contains(&h));
        let hexes = coverage
            .hexes()
            .iter()
            .map(|&h| (h, coverage.is_usable(h), zone_of(h)))
            .collect();
        let analysis = Analysis::new(&map, &coverage, Movement::for_players(map.player_count()));
        Ok(Self {
            seed,
            usable: coverage.usable_count(),
            fairness: analysis.fairness.verdict().sentence(),
            hexes,
            map,
        })
    }
}

/// The symmetries a map for `players` players can have.
fn symmetries(players: u8) -> Vec<Mode> {
    Mode::ALL
        .into_iter()
        .filter(|m| m.players().is_none_or(|n| n == usize::from(players)))
        .collect()
}

/// The height of the dialog's body at most, in points: it keeps this
/// size (less on a smaller screen) whether or not previews are shown, so
/// it never moves under the pointer.
const BODY_HEIGHT: f32 = 620.0;

/// Draws the dialog: a body of fixed size that scrolls, and Cancel below
/// it, both always on screen.
pub fn form_ui(ui: &mut Ui, form: &mut GenerateForm, actions: &mut Vec<Action>) {
    let screen = ui.ctx().content_rect();
    ui.set_width(700.0_f32.min(screen.width() - 60.0).max(300.0));
    ui.heading("Generate a map");
    // Title, margins and the Cancel row take about 110 points.
    let body = BODY_HEIGHT.min(screen.height() - 150.0).max(160.0);
    ScrollArea::vertical()
        .id_salt("generate_body")
        .auto_shrink([false, false])
        .max_height(body)
        .min_scrolled_height(body)
        .show(ui, |ui| body_ui(ui, form, actions));
    ui.add_space(8.0);
    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
        if ui.button("Cancel").clicked() {
            actions.push(Action::CloseDialog);
        }
    });
}

/// The scrolling body: parameters, buttons and previews.
fn body_ui(ui: &mut Ui, form: &mut GenerateForm, actions: &mut Vec<Action>) {
    ui.label(
        "Makes a valid map from a seed: the same seed and settings make the same map. \
         Open one to edit it as a new, unsaved map.",
    );
    params_ui(ui, form);
    if let Some(e) = form.error.as_deref() {
        ui.label(RichText::new(e).color(crate::canvas::theme::ERROR));
    }
    if form.current().is_empty() && !form.previews.is_empty() {
        ui.label(
            "The settings changed since the previews were made: \
             Generate previews to see the maps they make.",
        );
    }
    ui.horizontal(|ui| {
        if ui
            .button("Generate previews")
            .on_hover_text("Make the maps of the first seed and the next ones")
            .clicked()
        {
            actions.push(Action::GeneratePreviews { more: false });
        }
        if ui
            .button("More")
            .on_hover_text("Make the maps of the next seeds too")
            .clicked()
        {
            actions.push(Action::GeneratePreviews { more: true });
        }
    });
    if !form.current().is_empty() {
        ui.add_space(6.0);
        previews_ui(ui, form.current(), actions);
    }
}

/// The parameters' fields.
fn params_ui(ui: &mut Ui, form: &mut GenerateForm) {
    let p = &mut form.params;
    Grid::new("generate_form")
        .num_columns(4)
        .spacing([10.0, 6.0])
        .show(ui, |ui| {
            ui.label("Players");
            ui.horizontal(|ui| {
                for n in 2..=4u8 {
                    if ui
                        .selectable_label(p.players == n, format!("{n} players"))
                        .clicked()
                        && p.players != n
                    {
                        let seed_size = p.size;
                        *p = Params {
                            style: p.style,
                            ..Params::new(n)
                        };
                        if let Size::Area { .. } = seed_size {
                            p.size = seed_size;
                        }
                    }
                }
            });
            let name = ui.label("Style");
            ComboBox::from_id_salt("generate_style")
                .selected_text(p.style.label())
                .show_ui(ui, |ui| {
                    for s in Style::ALL {
                        ui.selectable_value(&mut p.style, s, s.label());
                    }
                })
                .response
                .labelled_by(name.id);
            ui.end_row();
            let name = ui.label("Symmetry");
            ComboBox::from_id_salt("generate_symmetry")
                .selected_text(p.symmetry.label())
                .show_ui(ui, |ui| {
                    for m in symmetries(p.players) {
                        ui.selectable_value(&mut p.symmetry, m, m.label())
                            .on_hover_text(m.hint());
                    }
                })
                .response
                .labelled_by(name.id);
            let name = ui.label("Hexes");
            let mut hexes = match (p.size, Params::new(p.players).size) {
                (Size::Hexes(h), _) | (_, Size::Hexes(h)) => h,
                _ => MIN_HEXES,
            };
            if ui
                .add(
                    DragValue::new(&mut hexes)
                        .range(MIN_HEXES..=MAX_HEXES)
                        .speed(5),
                )
                .labelled_by(name.id)
                .on_hover_text("About how many grid hexes the map has")
                .changed()
            {
                p.size = Size::Hexes(hexes);
            }
            ui.end_row();
            ui.label("Hexes point");
            ui.horizontal(|ui| {
                ui.selectable_value(&mut p.orientation, Orientation::Flat, "Flat");
                ui.selectable_value(&mut p.orientation, Orientation::Pointy, "Pointy");
            });
            let name = ui.label("First seed");
            ui.add(DragValue::new(&mut form.first_seed).speed(1))
                .labelled_by(name.id)
                .on_hover_text("The seed of the first preview; the others follow it");
            ui.end_row();
            for pair in [
                [
                    ("Objectives per side", &mut p.objectives),
                    ("Outposts per side", &mut p.outposts),
                ],
                [
                    ("Bushes per side", &mut p.bushes),
                    ("Barracks per side", &mut p.barracks),
                ],
            ] {
                for (label, value) in pair {
                    let name = ui.label(label);
                    ui.add(DragValue::new(value).range(0..=generate::MAX_PER_SIDE))
                        .labelled_by(name.id);
                }
                ui.end_row();
            }
            ui.label("");
            ui.checkbox(&mut p.centre_objective, "An objective on the centre hex");
            ui.end_row();
        });
}

/// The previews, three to a row (fewer where three do not fit).
fn previews_ui(ui: &mut Ui, previews: &[Preview], actions: &mut Vec<Action>) {
    let palette = crate::canvas::theme::palette_for(ui.visuals());
    let fit = ((ui.available_width() + 12.0) / (THUMB.x + 12.0)).floor();
    let columns = if fit >= 3.0 {
        3
    } else if fit >= 2.0 {
        2
    } else {
        1
    };
    Grid::new("generate_previews")
        .num_columns(columns)
        .spacing([12.0, 12.0])
        .show(ui, |ui| {
            for (i, p) in previews.iter().enumerate() {
                ui.vertical(|ui| {
                    ui.set_width(THUMB.x);
                    thumbnail_ui(ui, p, &palette);
                    ui.label(RichText::new(format!("Seed {}", p.seed)).strong());
                    ui.label(format!("{} usable hexes", p.usable));
                    ui.label(RichText::new(&p.fairness).small());
                    if ui
                        .button(format!("Open seed {}", p.seed))
                        .on_hover_text("Edit this map as a new, unsaved map")
                        .clicked()
                    {
                        actions.push(Action::OpenGenerated(p.seed));
                    }
                });
                if (i + 1) % columns == 0 {
                    ui.end_row();
                }
            }
        });
}

/// A small picture of a preview: usable and unusable hexes, the zones in
/// their sides' colours, and the features as dots.
fn thumbnail_ui(ui: &mut Ui, p: &Preview, palette: &Palette) {
    let (rect, _) = ui.allocate_exact_size(THUMB, Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, palette.area);
    let map = &p.map;
    let (w, h) = (map.area.width.get(), map.area.height.get());
    let scale = (rect.width() / w as f32).min(rect.height() / h as f32);
    let origin = rect.center() - Vec2::new(w as f32, h as f32) * scale / 2.0;
    let at = |q: hexwright_engine::geom::Point| -> Pos2 {
        origin + Vec2::new(q.x as f32, q.y as f32) * scale
    };
    let layout = map.hex_layout();
    for &(hex, usable, zone) in &p.hexes {
        let fill = match (usable, zone) {
            (_, Some(s)) => side_color(hexwright_engine::player::PlayerId(s as u8)),
            (true, None) => palette.usable,
            (false, None) => palette.unusable,
        };
        let corners = layout.corners(hex).iter().map(|&c| at(c)).collect();
        painter.add(Shape::convex_polygon(corners, fill, Stroke::NONE));
    }
    let r = (scale * layout.size as f32 * 0.55).max(1.5);
    for f in &map.features {
        let c = at(layout.center(f.hex));
        let color = match f.kind {
            FeatureKind::Bush => Color32::from_rgb(0x3C, 0x8D, 0x3F),
            FeatureKind::Outpost => Color32::WHITE,
            FeatureKind::Objective => Color32::from_rgb(0xE8, 0xB0, 0x2A),
            FeatureKind::Barracks { side } | FeatureKind::Base { side } => side_color(side),
        };
        painter.circle(c, r, color, Stroke::new(0.8, Color32::from_gray(40)));
    }
}
