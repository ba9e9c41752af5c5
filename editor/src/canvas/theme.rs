//! The theme: the user's choice (persisted), the palette for egui's visuals,
//! and side colours for text on egui's panels. The colours themselves are
//! [`hexwright_headless::draw::palette`]'s, re-exported here.

use egui::{Color32, ThemePreference, Visuals};
use hexwright_engine::map::Side;
use hexwright_engine::player::PlayerId;
pub use hexwright_headless::draw::palette::*;
use serde::{Deserialize, Serialize};

/// The palette for `visuals` (light or dark).
#[must_use]
pub fn palette_for(visuals: &Visuals) -> Palette {
    if visuals.dark_mode {
        Palette::DARK
    } else {
        Palette::LIGHT
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
    fn theme_choice_round_trips_through_serde() {
        for t in ThemeChoice::ALL {
            let s = serde_json::to_string(&t).unwrap();
            assert_eq!(serde_json::from_str::<ThemeChoice>(&s).unwrap(), t);
        }
    }
}
