//! The picture of an exported Tiled map's tileset: one hexagon per tile in
//! the canvas's colours (open ground, each terrain, each feature, each
//! side's base, barracks and zone), so the map looks right when opened in
//! Tiled.

use super::png::Image;
use crate::draw::palette::{self as theme, Palette};
use epaint::Color32;
use hexwright_engine::import::tiled::{TILESET_COLUMNS, TileMeaning};
use hexwright_engine::map::FeatureKind;

fn color(t: TileMeaning, p: &Palette) -> Color32 {
    let opaque = |c: Color32| {
        let [r, g, b, _] = c.to_srgba_unmultiplied();
        Color32::from_rgb(r, g, b)
    };
    match t {
        TileMeaning::Open | TileMeaning::Void => p.usable,
        TileMeaning::Terrain(k) => opaque(p.terrain_fill(k)),
        TileMeaning::Feature(FeatureKind::Bush) => Color32::from_rgb(0x3F, 0xA3, 0x4D),
        TileMeaning::Feature(FeatureKind::Outpost) => Color32::WHITE,
        TileMeaning::Feature(FeatureKind::Objective) => theme::WARNING,
        TileMeaning::Feature(FeatureKind::Base { side } | FeatureKind::Barracks { side }) => {
            theme::side_color(side)
        }
        TileMeaning::Zone(side) => opaque(p.zone_fill(side)),
    }
}

/// The tileset image: `tiles` in rows of [`TILESET_COLUMNS`], each a
/// hexagon of `width` × `height` pixels (flat-topped when `flat`);
/// features are drawn smaller, on a clear ground, so they read as marks
/// over the terrain layer.
#[must_use]
pub fn image(tiles: &[TileMeaning], width: usize, height: usize, flat: bool) -> Image {
    let rows = tiles.len().div_ceil(TILESET_COLUMNS);
    let palette = Palette::LIGHT;
    let mut img = Image::new(width * TILESET_COLUMNS, height * rows, Color32::TRANSPARENT);
    for (i, &t) in tiles.iter().enumerate() {
        let (ox, oy) = (
            (i % TILESET_COLUMNS) * width,
            (i / TILESET_COLUMNS) * height,
        );
        let scale = if matches!(t, TileMeaning::Feature(_)) {
            0.5
        } else {
            1.0
        };
        let c = color(t, &palette);
        for y in 0..height {
            for x in 0..width {
                // Position relative to the centre, in units of the half
                // extents.
                let u = ((x as f64 + 0.5) / width as f64 - 0.5) * 2.0 / scale;
                let v = ((y as f64 + 0.5) / height as f64 - 0.5) * 2.0 / scale;
                let inside = if flat {
                    v.abs() <= 1.0 && u.abs() + v.abs() * 0.5 <= 1.0
                } else {
                    u.abs() <= 1.0 && v.abs() + u.abs() * 0.5 <= 1.0
                };
                if inside {
                    img.set(ox + x, oy + y, c);
                }
            }
        }
    }
    img
}
