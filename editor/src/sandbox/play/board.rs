//! Draws a match over the map canvas: fog of war, objectives, Outposts,
//! barracks and bases with their owners, units with health bars and
//! markers, and the selected unit's reachable hexes and targets.
//!
//! The map itself (hexes, terrain, features) is drawn by
//! [`crate::canvas`]; this paints on top with the same camera.

use crate::canvas::theme::{self, Palette};
use crate::canvas::view::View;
use crate::document::Document;
use egui::epaint::{PathShape, Stroke};
use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Vec2};
use hexwright_engine::Hex;
use hexwright_engine::rules::roster::KindId;
use hexwright_engine::rules::{Class, MatchState, Roster, Status, Unit, UnitId};

/// From hexes to the screen, with the canvas's camera.
#[derive(Clone, Copy, Debug)]
pub struct Projection<'a> {
    /// The open map.
    pub doc: &'a Document,
    /// The camera.
    pub view: &'a View,
    /// Where the canvas is.
    pub rect: Rect,
}

impl Projection<'_> {
    /// A hex's centre on screen.
    #[must_use]
    pub fn center(&self, hex: Hex) -> Pos2 {
        self.view.to_screen(self.rect, self.doc.hex_center(hex))
    }

    /// A hex's corners on screen.
    #[must_use]
    pub fn corners(&self, hex: Hex) -> [Pos2; 6] {
        let layout = self.doc.board().coverage().layout();
        layout
            .corners(hex)
            .map(|c| self.view.to_screen(self.rect, c))
    }

    /// Hex radius on screen, in points.
    #[must_use]
    pub fn hex_px(&self) -> f32 {
        (self.doc.map().layout.hex_size.get() * self.view.scale()) as f32
    }
}

/// What to draw.
#[derive(Clone, Copy, Debug)]
pub struct BoardParams<'a> {
    /// The state drawn: the truth, or a side's view of it.
    pub shown: &'a MatchState,
    /// Cells the viewing side sees (`None`: all-seeing).
    pub fog: Option<&'a [bool]>,
    /// The selected unit.
    pub selected: Option<UnitId>,
    /// Where the selected unit (or the chosen spawn) can go.
    pub reach: &'a [Hex],
    /// What the selected unit can attack.
    pub targets: &'a [Hex],
    /// The units a person may start a turn with now (phase-rules-v1, no
    /// unit acting yet): ringed, so "click one of your elites" shows which.
    pub ready: &'a [Hex],
    /// The last command's hexes (from, to), to show what just happened.
    pub last: Option<(Option<Hex>, Hex)>,
    /// Colours.
    pub palette: &'a Palette,
}

/// Darkening over hexes the viewing side cannot see.
const FOG_LIGHT: Color32 = Color32::from_rgba_premultiplied(20, 24, 32, 120);
const FOG_DARK: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 150);
/// Reachable hexes: a faint fill of the text colour (no side's colour, so
/// a move never reads as a zone), outlined in the text colour.
fn reach_fill(dark: bool) -> Color32 {
    if dark {
        Color32::from_white_alpha(36)
    } else {
        Color32::from_black_alpha(30)
    }
}

/// The outline of reachable hexes.
fn reach_stroke(dark: bool) -> Stroke {
    Stroke::new(
        2.0,
        if dark {
            Color32::from_gray(235)
        } else {
            Color32::from_gray(25)
        },
    )
}
/// Poison marker (Okabe–Ito bluish green).
const POISON: Color32 = Color32::from_rgb(0x00, 0x9E, 0x73);

/// Paints the match.
pub fn paint(painter: &Painter, proj: &Projection<'_>, p: &BoardParams<'_>) {
    let s = p.shown;
    let arena = s.arena();
    let px = proj.hex_px();
    if let Some(fog) = p.fog {
        let color = if p.palette.dark { FOG_DARK } else { FOG_LIGHT };
        for (c, &seen) in fog.iter().enumerate() {
            if !seen {
                let h = arena.hex(c as u16);
                painter.add(PathShape::convex_polygon(
                    proj.corners(h).to_vec(),
                    color,
                    Stroke::NONE,
                ));
            }
        }
    }
    sites(painter, proj, s);
    for &h in p.reach {
        painter.add(PathShape::convex_polygon(
            inset(proj, h, 0.12),
            reach_fill(p.palette.dark),
            reach_stroke(p.palette.dark),
        ));
    }
    if let Some((from, to)) = p.last {
        let stroke = Stroke::new(2.5, theme::SELECTION);
        if let Some(from) = from
            && from != to
        {
            painter.arrow(
                proj.center(from),
                proj.center(to) - proj.center(from),
                stroke,
            );
        }
        painter.add(PathShape::closed_line(inset(proj, to, 0.05), stroke));
    }
    // Units sharing a hex (Phasewalk) are drawn side by side.
    let mut shown_at: Vec<(u16, u8)> = Vec::new();
    for u in s.units().iter().filter(|u| u.on_board()) {
        let k = if let Some((_, n)) = shown_at.iter_mut().find(|(c, _)| *c == u.cell) {
            *n += 1;
            *n - 1
        } else {
            shown_at.push((u.cell, 1));
            0
        };
        let offset = Vec2::new(f32::from(k) * px * 0.45, 0.0);
        let selected = (p.selected == Some(u.id)).then_some(p.palette);
        unit(
            painter,
            proj.center(arena.hex(u.cell)) + offset,
            px,
            s,
            u,
            selected,
        );
    }
    for &h in p.ready {
        // A dashed ring in the palette's foreground: no side's colour.
        let c = proj.center(h);
        dashed_ring(painter, c, px * 0.78, 8, Stroke::new(2.5, p.palette.hover));
    }
    for &h in p.targets {
        let c = proj.center(h);
        let stroke = Stroke::new(3.0, theme::ERROR);
        painter.circle_stroke(c, px * 0.62, stroke);
        let d = px * 0.3;
        painter.line_segment(
            [c + Vec2::new(-d, 0.0) * 2.4, c + Vec2::new(-d, 0.0)],
            stroke,
        );
        painter.line_segment([c + Vec2::new(d, 0.0) * 2.4, c + Vec2::new(d, 0.0)], stroke);
    }
}

fn inset(proj: &Projection<'_>, h: Hex, k: f32) -> Vec<Pos2> {
    let c = proj.center(h);
    proj.corners(h)
        .iter()
        .map(|&p| c + (p - c) * (1.0 - k))
        .collect()
}

/// Owners of objectives, Outposts, barracks; base health; pending captures.
fn sites(painter: &Painter, proj: &Projection<'_>, s: &MatchState) {
    let arena = s.arena();
    let px = proj.hex_px();
    let font = FontId::proportional((px * 0.34).clamp(9.0, 16.0));
    for o in s.objectives() {
        let c = proj.center(arena.hex(o.cell));
        if let Some(owner) = o.owner {
            painter.circle_stroke(c, px * 0.78, Stroke::new(4.0, theme::side_color(owner)));
        }
        if let Some(p) = o.pending
            && let Some(u) = s.unit(p)
        {
            // A dashed ring: the capture completes at that side's turn start.
            dashed_ring(
                painter,
                c,
                px * 0.9,
                6,
                Stroke::new(3.0, theme::side_color(u.side)),
            );
        }
    }
    for &cell in &arena.outposts {
        if let Some(side) = s.outpost_controller(cell) {
            let c = proj.center(arena.hex(cell));
            painter.circle_stroke(c, px * 0.78, Stroke::new(3.0, theme::side_color(side)));
        }
    }
    for b in s.bases() {
        let c = proj.center(arena.hex(b.cell));
        // Health on a badge above the base, in the side's colour.
        let pos = c + Vec2::new(0.0, -px * 0.95);
        let badge = Rect::from_center_size(pos, Vec2::new(font.size * 1.6, font.size * 1.3));
        painter.rect_filled(badge, 3.0, theme::side_color(b.side));
        painter.rect_stroke(
            badge,
            3.0,
            Stroke::new(1.0, Color32::BLACK),
            egui::StrokeKind::Inside,
        );
        painter.text(
            pos,
            Align2::CENTER_CENTER,
            b.health.to_string(),
            font.clone(),
            Color32::BLACK,
        );
    }
}

/// The letters a unit is drawn with: [`kind_initials`] of its kind. Its
/// class shows in its outline ([`class_outline`]), not in the letters.
#[must_use]
pub fn unit_letter(s: &MatchState, u: &Unit) -> String {
    kind_initials(s.roster(), u.kind)
}

/// A kind's short name, unique in the roster: the initials of a name of
/// several words ("LM" for Lord Marshal), else its first two letters ("Li"
/// for Lich), longer where two kinds would share it.
#[must_use]
pub fn kind_initials(roster: &Roster, k: KindId) -> String {
    let short = |name: &str, n: usize| -> String {
        let words: Vec<&str> = name.split_whitespace().collect();
        if words.len() > 1 && n == 2 {
            words
                .iter()
                .take(2)
                .filter_map(|w| w.chars().next())
                .flat_map(char::to_uppercase)
                .collect()
        } else {
            let compact: String = name.chars().filter(|c| !c.is_whitespace()).collect();
            let mut chars = compact.chars();
            let first = chars.next().map(|c| c.to_uppercase().collect::<String>());
            first.unwrap_or_default() + &chars.take(n - 1).collect::<String>()
        }
    };
    let name = &roster.kind(k).def.name;
    for n in 2..=4 {
        let mine = short(name, n);
        let shared = roster
            .kinds
            .iter()
            .enumerate()
            .any(|(o, kind)| o != usize::from(k) && short(&kind.def.name, n) == mine);
        if !shared {
            return mine;
        }
    }
    short(name, 4)
}

/// How a unit's class shows on its disc: commanders a thick gold ring,
/// elites a white inner ring, soldiers and summons none.
#[must_use]
pub fn class_outline(class: Class, r: f32) -> Option<(f32, Stroke)> {
    match class {
        Class::Commander => Some((r + 2.0, Stroke::new(3.0, COMMANDER_RING))),
        Class::Elite => Some((r * 0.78, Stroke::new(1.5, Color32::WHITE))),
        Class::Soldier | Class::Summon => None,
    }
}

/// The ring around commanders.
const COMMANDER_RING: Color32 = Color32::from_rgb(0xe8, 0xb0, 0x1c);

/// The smallest letter drawn on a unit, in points: below it the letter is
/// left out rather than drawn unreadably.
pub const MIN_LETTER: f32 = 6.0;

/// A unit's disc radius and the size of its letter (if one is drawn) for a
/// hex radius of `px` points. The disc grows to most of the hex (its
/// inner circle is `0.87·px`) so that on a whole map fitted into the view
/// the letters stay readable.
#[must_use]
pub fn unit_glyph(px: f32) -> (f32, Option<f32>) {
    let r = (px * 0.7).max((px * 0.8).min(7.0));
    let letter = (r * 0.95).min(28.0);
    (r, (letter >= MIN_LETTER).then_some(letter))
}

/// Draws unit `u` at `c`; `selected` carries the palette when it is the
/// selected unit (a neutral ring, never a side's colour).
fn unit(painter: &Painter, c: Pos2, px: f32, s: &MatchState, u: &Unit, selected: Option<&Palette>) {
    let (r, letter) = unit_glyph(px);
    let color = theme::side_color(u.side);
    let kind = s.roster().kind(u.kind);
    if u.status == Status::Corpse {
        let stroke = Stroke::new(3.0, Color32::from_gray(120));
        painter.circle_stroke(c, r * 0.8, stroke);
        let d = r * 0.55;
        painter.line_segment([c - Vec2::splat(d), c + Vec2::splat(d)], stroke);
        painter.line_segment([c + Vec2::new(-d, d), c + Vec2::new(d, -d)], stroke);
        return;
    }
    let fill = if s.is_spent(u) {
        color.gamma_multiply(0.45)
    } else {
        color
    };
    if let Some(pal) = selected {
        painter.circle_stroke(c, r + 5.0, Stroke::new(5.0, pal.background));
        painter.circle_stroke(c, r + 5.0, Stroke::new(2.5, pal.hover));
    }
    painter.circle_filled(c, r, fill);
    let outline = if u.summoner.is_some() {
        // Summoned units: a white ring.
        Stroke::new(2.5, Color32::WHITE)
    } else {
        Stroke::new(1.5, Color32::BLACK)
    };
    painter.circle_stroke(c, r, outline);
    if let Some((radius, stroke)) = class_outline(kind.def.class, r) {
        painter.circle_stroke(c, radius, stroke);
    }
    if let Some(size) = letter {
        painter.text(
            c,
            Align2::CENTER_CENTER,
            unit_letter(s, u),
            FontId::proportional(size),
            Color32::BLACK,
        );
    }
    // Health bar under the unit.
    let max = kind.def.health.max(1);
    let w = r * 1.8;
    let h = (r * 0.22).max(3.0);
    let top = c + Vec2::new(-w / 2.0, r + 2.0);
    let bar = Rect::from_min_size(top, Vec2::new(w, h));
    painter.rect_filled(bar, 1.0, Color32::from_gray(40));
    let frac = f32::from(u.health.min(max)) / f32::from(max);
    let green = Color32::from_rgb(0x4c, 0xc0, 0x4c);
    let colour = if frac > 0.5 {
        green
    } else if frac > 0.25 {
        theme::WARNING
    } else {
        theme::ERROR
    };
    painter.rect_filled(
        Rect::from_min_size(top, Vec2::new(w * frac, h)),
        1.0,
        colour,
    );
    if u.poison > 0 {
        let p = c + Vec2::new(r * 0.85, -r * 0.85);
        painter.circle_filled(p, (r * 0.3).max(3.0), POISON);
        if px >= 14.0 {
            painter.text(
                p,
                Align2::CENTER_CENTER,
                u.poison.to_string(),
                FontId::proportional((r * 0.4).max(7.0)),
                Color32::WHITE,
            );
        }
    }
}

/// A ring of `dashes` dashes (as long as the gaps) of radius `r` about `c`.
fn dashed_ring(painter: &Painter, c: Pos2, r: f32, dashes: usize, stroke: Stroke) {
    let n = 2 * dashes;
    for i in (0..n).step_by(2) {
        let a0 = i as f32 / n as f32 * std::f32::consts::TAU;
        let a1 = (i + 1) as f32 / n as f32 * std::f32::consts::TAU;
        painter.line_segment([c + Vec2::angled(a0) * r, c + Vec2::angled(a1) * r], stroke);
    }
}

/// What the board's marks mean, drawn as they appear on the map.
pub fn legend_ui(ui: &mut egui::Ui) {
    let row = |ui: &mut egui::Ui, text: &str, draw: &dyn Fn(&Painter, Pos2)| {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(Vec2::splat(20.0), egui::Sense::hover());
            draw(ui.painter(), rect.center());
            ui.label(text);
        });
    };
    let r = 7.0;
    row(ui, "Unit (side colour, its initials)", &|p, c| {
        p.circle_filled(c, r, theme::SIDE_0);
        p.circle_stroke(c, r, Stroke::new(1.5, Color32::BLACK));
    });
    for (class, text) in [
        (Class::Commander, "Commander (gold ring)"),
        (Class::Elite, "Elite (white inner ring)"),
    ] {
        row(ui, text, &|p, c| {
            p.circle_filled(c, r, theme::SIDE_0);
            p.circle_stroke(c, r, Stroke::new(1.5, Color32::BLACK));
            if let Some((radius, stroke)) = class_outline(class, r) {
                p.circle_stroke(c, radius, stroke);
            }
        });
    }
    row(ui, "Exhausted: moved and acted, or arrived", &|p, c| {
        p.circle_filled(c, r, theme::SIDE_0.gamma_multiply(0.45));
    });
    row(ui, "Summoned", &|p, c| {
        p.circle_filled(c, r, theme::SIDE_0);
        p.circle_stroke(c, r, Stroke::new(2.5, Color32::WHITE));
    });
    row(ui, "Poisoned (number: poison left)", &|p, c| {
        p.circle_filled(c, r, theme::SIDE_0);
        p.circle_filled(c + Vec2::new(r * 0.85, -r * 0.85), 3.5, POISON);
    });
    row(ui, "Corpse (returns next turn)", &|p, c| {
        let s = Stroke::new(2.0, Color32::from_gray(120));
        p.circle_stroke(c, r * 0.8, s);
        p.line_segment([c - Vec2::splat(4.0), c + Vec2::splat(4.0)], s);
        p.line_segment([c + Vec2::new(-4.0, 4.0), c + Vec2::new(4.0, -4.0)], s);
    });
    row(
        ui,
        "Objective or Outpost held (ring in the owner's colour)",
        &|p, c| {
            p.circle_stroke(c, r + 1.0, Stroke::new(3.0, theme::SIDE_1));
        },
    );
    row(ui, "Pending capture (dashed ring)", &|p, c| {
        dashed_ring(p, c, r + 1.0, 6, Stroke::new(2.5, theme::SIDE_1));
    });
    let dark = ui.visuals().dark_mode;
    row(ui, "Where the selected unit can move", &|p, c| {
        p.circle_filled(c, r, reach_fill(dark));
        p.circle_stroke(c, r, reach_stroke(dark));
    });
    row(
        ui,
        "A unit you may start a turn with (dashed ring)",
        &|p, c| {
            let ink = if dark { Color32::WHITE } else { Color32::BLACK };
            dashed_ring(p, c, r + 1.0, 8, Stroke::new(2.0, ink));
        },
    );
    row(ui, "What it can attack", &|p, c| {
        p.circle_stroke(c, r, Stroke::new(2.5, theme::ERROR));
    });
    row(ui, "Out of the viewing side's sight", &|p, c| {
        p.rect_filled(
            egui::Rect::from_center_size(c, Vec2::splat(14.0)),
            2.0,
            FOG_DARK,
        );
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_the_bundled_roster_has_its_own_initials() {
        let roster = Roster::bundled();
        let all: Vec<String> = (0..roster.kinds.len())
            .map(|k| kind_initials(&roster, k as KindId))
            .collect();
        let mut unique = all.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), all.len(), "{all:?}");
        let of = |name: &str| kind_initials(&roster, roster.kind_by_name(name).unwrap());
        assert_eq!(of("Lord Marshal"), "LM");
        assert_ne!(of("Lich"), of("Lord Marshal"));
        assert!(
            all.iter().all(|s| (2..=4).contains(&s.chars().count())),
            "{all:?}"
        );
    }
}
