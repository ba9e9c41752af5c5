//! Colours: the theme choice (persisted) and the canvas palette for light and
//! dark mode.
//!
//! Side colours are colour-blind-safe Okabe–Ito colours: side 0 blue
//! `#0072B2`, side 1 orange `#E69F00`, side 2 bluish green `#009E73`, side
//! 3 reddish purple `#CC79A7` (the last two only on maps for three or four
//! players, where the symmetry-break layer and the selection, which share
//! them, are told apart by their hatching and outline). Meaning never rests
//! on colour alone:
//! unusable hexes are also hatched, errors and warnings have different badge
//! shapes, and every glyph has its own silhouette.

use egui::{Color32, ThemePreference, Visuals};
use hexwright_engine::map::{Side, TerrainKind};
use hexwright_engine::player::PlayerId;
use hexwright_engine::validate::Severity;
use serde::{Deserialize, Serialize};

/// Okabe–Ito blue, the colour of side 0.
pub const SIDE_0: Color32 = Color32::from_rgb(0x00, 0x72, 0xB2);
/// Okabe–Ito orange, the colour of side 1.
pub const SIDE_1: Color32 = Color32::from_rgb(0xE6, 0x9F, 0x00);
/// Okabe–Ito bluish green, the colour of side 2.
pub const SIDE_2: Color32 = Color32::from_rgb(0x00, 0x9E, 0x73);
/// Okabe–Ito reddish purple, the colour of side 3.
pub const SIDE_3: Color32 = Color32::from_rgb(0xCC, 0x79, 0xA7);
/// Colour for an owner the map has no side for (a validation error).
pub const SIDE_INVALID: Color32 = Color32::from_rgb(0x8A, 0x8A, 0x8A);
/// Okabe–Ito vermillion, for errors.
pub const ERROR: Color32 = Color32::from_rgb(0xD5, 0x5E, 0x00);
/// Okabe–Ito yellow, for warnings (always drawn with a dark outline).
pub const WARNING: Color32 = Color32::from_rgb(0xF0, 0xE4, 0x42);
/// Okabe–Ito reddish purple, for the selected hex (distinct from both sides).
pub const SELECTION: Color32 = Color32::from_rgb(0xCC, 0x79, 0xA7);

/// Okabe–Ito bluish green, for hexes that break the chosen symmetry.
pub const SYMMETRY_BREAK: Color32 = Color32::from_rgb(0x00, 0x9E, 0x73);

/// The colour of `side`.
#[must_use]
pub const fn side_color(side: Side) -> Color32 {
    match side {
        PlayerId(0) => SIDE_0,
        PlayerId(1) => SIDE_1,
        PlayerId(2) => SIDE_2,
        PlayerId(3) => SIDE_3,
        _ => SIDE_INVALID,
    }
}

/// The colour of `side` for text on `visuals`' panels: the side colour
/// itself where it reads well, darker shades of sides 1 to 3 on light panels
/// and a lighter blue for side 0 on dark ones, so side-coloured text meets
/// WCAG AA (contrast at least 4.5 : 1) in both themes.
#[must_use]
pub fn side_text_color(side: Side, visuals: &Visuals) -> Color32 {
    match (side, visuals.dark_mode) {
        (PlayerId(1), false) => Color32::from_rgb(0xA6, 0x5E, 0x00),
        (PlayerId(2), false) => Color32::from_rgb(0x00, 0x7A, 0x58),
        (PlayerId(3), false) => Color32::from_rgb(0x9E, 0x4A, 0x7A),
        (PlayerId(0), true) => Color32::from_rgb(0x56, 0xB4, 0xE9),
        _ => side_color(side),
    }
}

/// The colour of a severity.
#[must_use]
pub const fn severity_color(severity: Severity) -> Color32 {
    match severity {
        Severity::Error => ERROR,
        Severity::Warning => WARNING,
    }
}

/// Which theme the user picked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ThemeChoice {
    /// Follow the operating system.
    #[default]
    System,
    /// Dark text on light backgrounds.
    Light,
    /// Light text on dark backgrounds.
    Dark,
}

impl ThemeChoice {
    /// Every choice, in menu order.
    pub const ALL: [Self; 3] = [Self::System, Self::Light, Self::Dark];

    /// The label shown in the UI.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::System => "System",
            Self::Light => "Light",
            Self::Dark => "Dark",
        }
    }

    /// The matching egui preference.
    #[must_use]
    pub const fn preference(self) -> ThemePreference {
        match self {
            Self::System => ThemePreference::System,
            Self::Light => ThemePreference::Light,
            Self::Dark => ThemePreference::Dark,
        }
    }
}

/// Colours the canvas is drawn with, for the current egui visuals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// Whether this is the dark palette.
    pub dark: bool,
    /// Behind everything.
    pub background: Color32,
    /// The map area rectangle.
    pub area: Color32,
    /// The map area's border.
    pub area_border: Color32,
    /// A usable hex.
    pub usable: Color32,
    /// An unusable hex.
    pub unusable: Color32,
    /// Hatching lines on unusable hexes.
    pub hatch: Color32,
    /// A hex when the usable overlay is off.
    pub neutral: Color32,
    /// Hex outlines.
    pub grid_line: Color32,
    /// The grid region's outline.
    pub region_line: Color32,
    /// Coordinate labels.
    pub coord_text: Color32,
    /// Outline of the hovered hex.
    pub hover: Color32,
    /// Dark outline around glyphs.
    pub glyph_outline: Color32,
    /// Light details inside glyphs.
    pub glyph_light: Color32,
}

impl Palette {
    /// The palette for `visuals` (light or dark).
    #[must_use]
    pub fn for_visuals(visuals: &Visuals) -> Self {
        if visuals.dark_mode {
            Self::DARK
        } else {
            Self::LIGHT
        }
    }

    /// The light palette.
    pub const LIGHT: Self = Self {
        dark: false,
        background: Color32::from_rgb(0xDD, 0xE0, 0xE4),
        area: Color32::from_rgb(0xEE, 0xEC, 0xE6),
        area_border: Color32::from_rgb(0xA9, 0xAC, 0xB2),
        usable: Color32::from_rgb(0xFB, 0xFA, 0xF5),
        unusable: Color32::from_rgb(0x9C, 0x9F, 0xA6),
        hatch: Color32::from_rgba_unmultiplied_const(0x20, 0x22, 0x26, 0x8C),
        neutral: Color32::from_rgb(0xF5, 0xF3, 0xEC),
        grid_line: Color32::from_rgb(0xB9, 0xB7, 0xAF),
        region_line: Color32::from_rgb(0x6E, 0x72, 0x7A),
        coord_text: Color32::from_rgb(0x5C, 0x60, 0x68),
        hover: Color32::from_rgb(0x20, 0x22, 0x26),
        glyph_outline: Color32::from_rgb(0x1E, 0x1E, 0x1E),
        glyph_light: Color32::WHITE,
    };

    /// The dark palette.
    pub const DARK: Self = Self {
        dark: true,
        background: Color32::from_rgb(0x16, 0x18, 0x1B),
        area: Color32::from_rgb(0x22, 0x25, 0x2A),
        area_border: Color32::from_rgb(0x4A, 0x4F, 0x57),
        usable: Color32::from_rgb(0x3A, 0x3F, 0x47),
        unusable: Color32::from_rgb(0x17, 0x19, 0x1C),
        hatch: Color32::from_rgba_unmultiplied_const(0xA0, 0xA6, 0xB0, 0xA0),
        neutral: Color32::from_rgb(0x33, 0x37, 0x3D),
        grid_line: Color32::from_rgb(0x52, 0x58, 0x61),
        region_line: Color32::from_rgb(0x9A, 0xA0, 0xA8),
        coord_text: Color32::from_rgb(0xB4, 0xBA, 0xC2),
        hover: Color32::from_rgb(0xF2, 0xF2, 0xF2),
        glyph_outline: Color32::from_rgb(0x0E, 0x0E, 0x0E),
        glyph_light: Color32::WHITE,
    };

    /// Translucent fill of a terrain piece.
    #[must_use]
    pub fn terrain_fill(&self, kind: TerrainKind) -> Color32 {
        let (c, alpha) = match kind {
            TerrainKind::Rock => (Color32::from_rgb(0x8B, 0x6F, 0x55), 150),
            TerrainKind::Water => (Color32::from_rgb(0x3C, 0x9B, 0xDA), 150),
            TerrainKind::Forest => (Color32::from_rgb(0x1F, 0x8A, 0x5B), 150),
            TerrainKind::Chasm => (Color32::from_rgb(0x3B, 0x2A, 0x4E), 185),
        };
        Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), alpha)
    }

    /// Outline of a terrain piece.
    #[must_use]
    pub fn terrain_line(&self, kind: TerrainKind) -> Color32 {
        match kind {
            TerrainKind::Rock => Color32::from_rgb(0x5E, 0x47, 0x33),
            TerrainKind::Water => Color32::from_rgb(0x1D, 0x6A, 0xA5),
            TerrainKind::Forest => Color32::from_rgb(0x11, 0x5E, 0x3C),
            TerrainKind::Chasm if self.dark => Color32::from_rgb(0x9A, 0x86, 0xC0),
            TerrainKind::Chasm => Color32::from_rgb(0x22, 0x14, 0x30),
        }
    }

    /// Translucent fill of a starting-zone hex.
    #[must_use]
    pub fn zone_fill(&self, side: Side) -> Color32 {
        let c = side_color(side);
        Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), if self.dark { 110 } else { 85 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG relative luminance of an sRGB colour.
    fn luminance(c: Color32) -> f64 {
        let lin = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.040_45 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
    }

    fn contrast(a: Color32, b: Color32) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn side_text_meets_wcag_aa_in_both_themes() {
        for visuals in [Visuals::light(), Visuals::dark()] {
            for side in 0..4 {
                let text = side_text_color(PlayerId(side), &visuals);
                for bg in [visuals.panel_fill, visuals.window_fill] {
                    let c = contrast(text, bg);
                    assert!(
                        c >= 4.5,
                        "side {side} on {bg:?} (dark {}): {c:.2}",
                        visuals.dark_mode
                    );
                }
            }
        }
        // The plain orange does not, which is why side 1 has its own text colour.
        assert!(contrast(SIDE_1, Visuals::light().panel_fill) < 4.5);
    }

    #[test]
    fn side_colours_are_okabe_ito() {
        assert_eq!(side_color(PlayerId(0)).to_hex(), "#0072b2ff");
        assert_eq!(side_color(PlayerId(1)).to_hex(), "#e69f00ff");
        assert_eq!(side_color(PlayerId(7)), SIDE_INVALID);
    }

    #[test]
    fn theme_choice_round_trips_through_serde() {
        for t in ThemeChoice::ALL {
            let s = serde_json::to_string(&t).unwrap();
            assert_eq!(serde_json::from_str::<ThemeChoice>(&s).unwrap(), t);
        }
    }
}
