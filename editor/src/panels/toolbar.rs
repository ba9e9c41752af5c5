//! The tool bar: one button per tool (with an icon, a tooltip and its
//! hotkey; icons only in a narrow window), the active tool's options
//! (terrain kind, brush size, side), the live "n / 10" zone counters,
//! symmetry, and undo and redo. Its height does not change with the tool:
//! the options take one line in a wide window and keep room for two in a
//! narrower one, where they wrap rather than run off its edge.

use crate::app::action::Action;
use crate::canvas::theme::{self, Palette};
use crate::document::Document;
use crate::document::history::History;
use crate::edit::editing::{Editor, ToolKey};
use crate::edit::tool::{BRUSH_RANGE, Tool, ToolOptions};
use egui::{ComboBox, RichText, Sense, Slider, Ui, Vec2};
use hexwright_engine::map::Map;
use hexwright_engine::map::TerrainKind;
use hexwright_engine::symmetry::Mode;
use hexwright_engine::validate::ZONE_SIZE;
use hexwright_headless::draw::glyphs;

/// Draws the icon of a tool that does not place a feature, in `rect`.
#[expect(clippy::too_many_lines, reason = "one small drawing per tool")]
pub fn tool_icon(painter: &egui::Painter, rect: egui::Rect, tool: Tool, color: egui::Color32) {
    use egui::{Pos2, Stroke, pos2, vec2};
    let c = rect.center();
    let r = rect.width().min(rect.height()) * 0.42;
    let stroke = Stroke::new(1.6, color);
    match tool {
        Tool::Select => {
            let pts = [
                pos2(-0.6, -0.9),
                pos2(0.6, 0.25),
                pos2(0.05, 0.3),
                pos2(0.4, 0.95),
                pos2(0.15, 1.0),
                pos2(-0.2, 0.4),
                pos2(-0.6, 0.75),
            ]
            .map(|p| c + vec2(p.x, p.y) * r);
            painter.add(egui::Shape::convex_polygon(
                vec![pts[0], pts[1], pts[2], pts[5], pts[6]],
                color,
                Stroke::NONE,
            ));
            painter.add(egui::Shape::convex_polygon(
                vec![pts[2], pts[3], pts[4], pts[5]],
                color,
                Stroke::NONE,
            ));
        }
        Tool::Brush => {
            painter.circle_filled(c + vec2(-0.25, 0.25) * r, r * 0.55, color);
            painter.line_segment([c + vec2(0.1, -0.1) * r, c + vec2(0.9, -0.9) * r], stroke);
        }
        Tool::Eraser => {
            let pts: Vec<Pos2> = (0..=24)
                .map(|i| {
                    let a = i as f32 / 24.0 * std::f32::consts::TAU;
                    c + vec2(a.cos(), a.sin()) * r * 0.85
                })
                .collect();
            painter.extend(egui::Shape::dashed_line(&pts, stroke, 2.5, 2.0));
            painter.line_segment([c + vec2(-0.4, 0.0) * r, c + vec2(0.4, 0.0) * r], stroke);
        }
        Tool::Polygon => {
            let pts: Vec<Pos2> = (0..5)
                .map(|i| {
                    let a = (i as f32 * 72.0 - 90.0).to_radians();
                    c + vec2(a.cos(), a.sin()) * r
                })
                .collect();
            painter.add(egui::Shape::closed_line(pts.clone(), stroke));
            for p in pts {
                painter.circle_filled(p, 1.8, color);
            }
        }
        Tool::Circle => {
            painter.circle_stroke(c, r * 0.9, stroke);
            painter.circle_filled(c, 1.6, color);
        }
        Tool::Zone => {
            let pts: Vec<Pos2> = (0..6)
                .map(|i| {
                    let a = (30.0 + 60.0 * i as f32).to_radians();
                    c + vec2(a.cos(), a.sin()) * r
                })
                .collect();
            painter.add(egui::Shape::convex_polygon(
                pts,
                color.gamma_multiply(0.35),
                stroke,
            ));
        }
        Tool::HexBrush | Tool::Fill => {
            let pts: Vec<Pos2> = (0..6)
                .map(|i| {
                    let a = (30.0 + 60.0 * i as f32).to_radians();
                    c + vec2(a.cos(), a.sin()) * r * 0.8
                })
                .collect();
            painter.add(egui::Shape::convex_polygon(pts, color, Stroke::NONE));
            if tool == Tool::Fill {
                // A drop falling from the bucket.
                painter.circle_filled(c + vec2(0.85, 0.75) * r, r * 0.22, color);
            }
        }
        Tool::HexSelect => {
            let pts: Vec<Pos2> = (0..6)
                .map(|i| {
                    let a = (30.0 + 60.0 * i as f32).to_radians();
                    c + vec2(a.cos(), a.sin()) * r
                })
                .collect();
            let mut closed = pts.clone();
            closed.push(pts[0]);
            painter.extend(egui::Shape::dashed_line(&closed, stroke, 2.5, 2.0));
        }
        Tool::Grid => {
            let pts = [
                c + vec2(-0.9, -0.6) * r,
                c + vec2(0.8, -0.9) * r,
                c + vec2(0.9, 0.8) * r,
                c + vec2(-0.7, 0.9) * r,
            ];
            let mut closed = pts.to_vec();
            closed.push(pts[0]);
            painter.extend(egui::Shape::dashed_line(&closed, stroke, 3.0, 2.0));
            for p in pts {
                painter.rect_filled(egui::Rect::from_center_size(p, vec2(4.0, 4.0)), 0.0, color);
            }
        }
        Tool::FeatureEraser
        | Tool::Bush
        | Tool::Outpost
        | Tool::Objective
        | Tool::Barracks
        | Tool::Base => {
            let d = r * 0.7;
            let s = Stroke::new(2.0, color);
            painter.line_segment([c - vec2(d, d), c + vec2(d, d)], s);
            painter.line_segment([c + vec2(-d, d), c + vec2(d, -d)], s);
        }
    }
}

/// The name of a terrain kind with a capital letter.
#[must_use]
pub const fn terrain_label(kind: TerrainKind) -> &'static str {
    match kind {
        TerrainKind::Rock => "Rock",
        TerrainKind::Water => "Water",
        TerrainKind::Forest => "Forest",
        TerrainKind::Chasm => "Chasm",
    }
}

/// What the tool bar shows.
pub struct ToolbarParams<'a> {
    /// The open map.
    pub doc: &'a Document,
    /// Tool and options.
    pub options: &'a ToolOptions,
    /// For the undo and redo buttons.
    pub history: &'a History,
    /// For the hex selection and paste buttons.
    pub editor: &'a Editor,
    /// Colours for the feature icons.
    pub palette: &'a Palette,
}

/// Below this width the options row may take two lines, and always
/// keeps room for two, so that switching tools never moves the map below;
/// at or above it every tool's options fit on one.
const ONE_LINE_WIDTH: f32 = 1400.0;

/// Draws the tool row and the options row.
pub fn show_ui(ui: &mut Ui, p: &ToolbarParams<'_>) -> Vec<Action> {
    let mut actions = Vec::new();
    tools_row_ui(ui, p.options, p.history, p.palette, &mut actions);
    // The options wrap rather than run off the window; each group (a
    // label and its buttons) stays on one line.
    let lines = if ui.available_width() < ONE_LINE_WIDTH {
        2.0
    } else {
        1.0
    };
    let row = ui.spacing().interact_size.y;
    let height = lines * row + (lines - 1.0) * ui.spacing().item_spacing.y;
    let width = ui.available_width();
    ui.allocate_ui_with_layout(
        Vec2::new(width, height),
        egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true),
        |ui| {
            ui.set_min_size(Vec2::new(width, height));
            // Lines one widget high, not the height kept for two.
            ui.set_row_height(row);
            options_row_ui(ui, p.doc, p.options, &mut actions);
            if p.options.tool == Tool::HexSelect {
                divider(ui);
                clipboard_row_ui(ui, p.editor, &mut actions);
            }
        },
    );
    actions
}

fn clipboard_row_ui(ui: &mut Ui, editor: &Editor, actions: &mut Vec<Action>) {
    group_ui(ui, "clipboard", |ui| {
        let n = editor.hex_selection().len();
        ui.label(format!("{n} hexes selected"));
        let has_clip = editor.clipboard().is_some_and(|c| !c.is_empty());
        for (label, hint, key, enabled) in [
            (
                "Copy",
                "Copy the selected hexes' features and zones (Ctrl+C)",
                ToolKey::Copy,
                n > 0,
            ),
            (
                "Paste",
                "Place what was copied: click a hex (Ctrl+V)",
                ToolKey::Paste,
                has_clip,
            ),
            (
                "Clear hexes",
                "Remove features and zones from the selected hexes (Delete)",
                ToolKey::Delete,
                n > 0,
            ),
        ] {
            if ui
                .add_enabled(enabled, egui::Button::new(label))
                .on_hover_text(hint)
                .clicked()
            {
                actions.push(Action::ToolKey(key));
            }
        }
    });
    if let Some(mode) = editor.paste_mode() {
        divider(ui);
        group_ui(ui, "paste", |ui| {
            ui.label(format!(
                "Pasting: turned {}°{}",
                mode.rotation * 60,
                if mode.mirrored { ", mirrored" } else { "" }
            ));
            if ui
                .button("Rotate")
                .on_hover_text("Turn the paste 60° clockwise (R)")
                .clicked()
            {
                actions.push(Action::ToolKey(ToolKey::Rotate));
            }
            if ui
                .button("Mirror")
                .on_hover_text("Mirror the paste left–right (M)")
                .clicked()
            {
                actions.push(Action::ToolKey(ToolKey::Mirror));
            }
        });
    }
}

/// Below this width the tool buttons show their icons only (each one's
/// name is in its tooltip and read out to screen readers), so the tool bar
/// keeps to two rows: the tools, then the tool's options.
const TOOL_NAMES_WIDTH: f32 = 1500.0;

/// Draws `tool`'s icon in `rect`.
fn paint_tool_icon_ui(
    ui: &Ui,
    rect: egui::Rect,
    tool: Tool,
    options: &ToolOptions,
    palette: &Palette,
) {
    if let Some(kind) = tool.feature(options.side) {
        ui.painter()
            .extend(glyphs::feature(rect.center(), 8.5, kind, palette));
    } else {
        let color = if tool == Tool::Zone {
            theme::side_color(options.side)
        } else {
            ui.visuals().text_color()
        };
        tool_icon(ui.painter(), rect, tool, color);
    }
}

/// One tool's button: its icon and name, or its icon alone (`named`
/// unset), selected when it is the active tool.
fn tool_button_ui(
    ui: &mut Ui,
    tool: Tool,
    options: &ToolOptions,
    palette: &Palette,
    named: bool,
) -> egui::Response {
    let selected = options.tool == tool;
    if named {
        let (rect, _) = ui.allocate_exact_size(Vec2::splat(18.0), Sense::hover());
        paint_tool_icon_ui(ui, rect, tool, options, palette);
        return ui.selectable_label(selected, tool.label());
    }
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(24.0), Sense::click());
    let visuals = ui.style().interact_selectable(&response, selected);
    if selected || response.hovered() {
        ui.painter()
            .rect_filled(rect, visuals.corner_radius, visuals.weak_bg_fill);
    }
    paint_tool_icon_ui(ui, rect.shrink(3.0), tool, options, palette);
    response.widget_info(|| {
        egui::WidgetInfo::selected(egui::Role::Button, true, selected, tool.label())
    });
    response
}

fn tools_row_ui(
    ui: &mut Ui,
    options: &ToolOptions,
    history: &History,
    palette: &Palette,
    actions: &mut Vec<Action>,
) {
    let named = ui.available_width() >= TOOL_NAMES_WIDTH;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 3.0;
        for tool in Tool::ALL {
            let hint = if named {
                tool.tooltip()
            } else {
                format!("{}: {}", tool.label(), tool.tooltip())
            };
            if tool_button_ui(ui, tool, options, palette, named)
                .on_hover_text(hint)
                .clicked()
            {
                actions.push(Action::SetTool(tool));
            }
            if matches!(
                tool,
                Tool::Eraser | Tool::Circle | Tool::Zone | Tool::FeatureEraser
            ) {
                ui.separator();
            }
        }
        ui.separator();
        if ui
            .add_enabled(history.can_undo(), egui::Button::new("Undo"))
            .on_hover_text("Undo the last edit (Ctrl+Z)")
            .clicked()
        {
            actions.push(Action::Undo);
        }
        if ui
            .add_enabled(history.can_redo(), egui::Button::new("Redo"))
            .on_hover_text("Redo (Ctrl+Shift+Z or Ctrl+Y)")
            .clicked()
        {
            actions.push(Action::Redo);
        }
    });
}

/// The active tool's options, in groups that each stay on one line: the
/// terrain kind, the brush size, the side, each zone's counter, the
/// symmetry.
fn options_row_ui(ui: &mut Ui, doc: &Document, options: &ToolOptions, actions: &mut Vec<Action>) {
    let tool = options.tool;
    if tool.uses_terrain_kind() {
        ComboBox::from_label("Terrain")
            .selected_text(terrain_label(options.terrain))
            .show_ui(ui, |ui| {
                for kind in TerrainKind::ALL {
                    if ui
                        .selectable_label(options.terrain == kind, terrain_label(kind))
                        .clicked()
                    {
                        actions.push(Action::SetTerrainKind(kind));
                    }
                }
            });
        divider(ui);
    }
    if tool.is_brush() {
        let mut size = options.brush;
        if ui
            .add(
                Slider::new(&mut size, BRUSH_RANGE)
                    .logarithmic(true)
                    .text("Brush size")
                    .suffix(" hex"),
            )
            .on_hover_text("Brush radius in hex sizes ([ smaller, ] larger)")
            .changed()
        {
            actions.push(Action::SetBrush(size));
        }
        divider(ui);
    }
    group_ui(ui, "sides", |ui| side_buttons_ui(ui, doc, options, actions));
    divider(ui);
    for side in doc.map().sides() {
        group_ui(ui, ("zone", side), |ui| zone_counter_ui(ui, doc, side));
    }
    divider(ui);
    group_ui(ui, "symmetry", |ui| {
        symmetry_options_ui(ui, doc.map(), options, actions);
    });
}

/// A vertical line between groups, one line high (a plain separator in a
/// wrapping row would take the height of every line).
fn divider(ui: &mut Ui) {
    let height = ui.spacing().interact_size.y;
    let width = ui.spacing().item_spacing.x * 2.0;
    ui.allocate_ui_with_layout(
        Vec2::new(width, height),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_max_height(height);
            ui.separator();
        },
    );
}

/// Lays out `add` as one group in a wrapping row: on the next line when
/// it would not fit on this one (as wide as it was last frame), so a label
/// is never parted from its buttons.
fn group_ui(ui: &mut Ui, salt: impl egui::AsIdSalt, add: impl FnOnce(&mut Ui)) {
    let id = ui.scope_id().with(salt);
    let width: Option<f32> = ui.data(|d| d.get_temp(id));
    if width.is_some_and(|w| w > ui.available_size_before_wrap().x) {
        ui.end_row();
    }
    let used = ui.horizontal(add).response.rect.width();
    ui.data_mut(|d| d.insert_temp(id, used));
}

/// "Side" and a button per side.
fn side_buttons_ui(ui: &mut Ui, doc: &Document, options: &ToolOptions, actions: &mut Vec<Action>) {
    ui.label("Side")
        .on_hover_text("The side zones, barracks and bases are made for (S switches)");
    // With three or four players the buttons show the number alone,
    // so the row fits; their accessible names stay "Side N".
    let compact = doc.map().player_count() > 2;
    for side in doc.map().sides() {
        // On the selection highlight the side's colour would not read:
        // the selected side is in strong text, the others in their colour.
        let shown = if compact {
            side.to_string()
        } else {
            format!("Side {side}")
        };
        let text = RichText::new(shown);
        let text = if options.side == side {
            text.strong().color(ui.visuals().strong_text_color())
        } else {
            text.color(theme::side_text_color(side, ui.visuals()))
        };
        let selected = options.side == side;
        let response = ui
            .selectable_label(selected, text)
            .on_hover_text(format!("Paint and place for side {side} (S switches)"));
        response.widget_info(|| {
            egui::WidgetInfo::selected(egui::Role::Button, true, selected, format!("Side {side}"))
        });
        if response.clicked() {
            actions.push(Action::SetSide(side));
        }
    }
}

/// "Zone N" and its live "n / 10".
fn zone_counter_ui(ui: &mut Ui, doc: &Document, side: hexwright_engine::map::Side) {
    let mut hexes = doc.zones_of(side);
    hexes.sort_unstable_by_key(|h| (h.y, h.x));
    hexes.dedup();
    let n = hexes.len();
    let color = if n == ZONE_SIZE {
        ui.visuals().text_color()
    } else {
        theme::ERROR
    };
    ui.label(
        RichText::new(format!("Zone {side}")).color(theme::side_text_color(side, ui.visuals())),
    );
    ui.label(
        RichText::new(format!("{n} / {ZONE_SIZE}"))
            .monospace()
            .color(color),
    )
    .on_hover_text(format!(
        "Hexes in side {side}'s starting zone; a valid zone has exactly {ZONE_SIZE}"
    ));
}

/// The symmetry modes made for the map's player count, and the centre when
/// the mode can use more than one.
fn symmetry_options_ui(ui: &mut Ui, map: &Map, options: &ToolOptions, actions: &mut Vec<Action>) {
    let on = options.symmetry_on(map);
    ui.label("Symmetry").on_hover_text(format!(
        "Repeat every edit on each of its images, owners mapped; the modes shown are those for {} players",
        map.player_count()
    ));
    for mode in Mode::ALL.into_iter().filter(|m| m.fits(map)) {
        if ui
            .selectable_label(on.mode == mode, mode.label())
            .on_hover_text(mode.hint())
            .clicked()
        {
            actions.push(Action::SetSymmetry(mode));
        }
    }
    let centres = on.mode.centres(map.layout.orientation);
    if centres.len() > 1 {
        egui::ComboBox::from_id_salt("symmetry-centre")
            .selected_text(on.centre.label())
            .show_ui(ui, |ui| {
                for centre in centres {
                    if ui
                        .selectable_label(on.centre == centre, centre.label())
                        .clicked()
                    {
                        actions.push(Action::SetSymmetryCentre(centre));
                    }
                }
            })
            .response
            .on_hover_text(
                "The point the symmetry turns or mirrors about: the centre hex of the map \
                 area, the midpoint of one of its edges, or one of its corners",
            )
            .widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Symmetry centre")
            });
    }
}
