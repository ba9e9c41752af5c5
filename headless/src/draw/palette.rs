//! Colours: the palette the canvas and the pictures are drawn with, for light
//! and dark mode, and the side and severity colours.
//!
//! Side colours are colour-blind-safe Okabe–Ito colours: side 0 blue
//! `#0072B2`, side 1 orange `#E69F00`, side 2 bluish green `#009E73`, side
//! 3 reddish purple `#CC79A7` (the last two only on maps for three or four
//! players, where the symmetry-break layer and the selection, which share
//! them, are told apart by their hatching and outline). Meaning never rests
//! on colour alone:
//! unusable hexes are also hatched, errors and warnings have different badge
//! shapes, and every glyph has its own silhouette.

use epaint::Color32;
use hexwright_engine::map::{Side, TerrainKind};
use hexwright_engine::player::PlayerId;
use hexwright_engine::validate::Severity;

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

/// The colour of a severity.
#[must_use]
pub const fn severity_color(severity: Severity) -> Color32 {
    match severity {
        Severity::Error => ERROR,
        Severity::Warning => WARNING,
    }
}

/// Colours the canvas and the pictures are drawn with.
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

    #[test]
    fn side_colours_are_okabe_ito() {
        assert_eq!(side_color(PlayerId(0)).to_hex(), "#0072b2ff");
        assert_eq!(side_color(PlayerId(1)).to_hex(), "#e69f00ff");
        assert_eq!(side_color(PlayerId(7)), SIDE_INVALID);
    }
}
