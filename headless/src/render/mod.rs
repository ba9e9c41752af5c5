//! Pictures of a map, drawn headless: `hexwright render`, `hexwright
//! export tiled` and the editor's *Export image…* and *Export to Tiled…*.
//!
//! One drawing, two encodings. [`svg`] draws the canvas's layers as vector
//! shapes in the canvas's colours and glyphs (usable and unusable hexes,
//! terrain, starting zones, features, validation findings) beside a legend;
//! a PNG is that SVG rasterised by resvg ([`png`]) with the editor's own
//! fonts loaded, so both files show the same picture, need no GPU, window or
//! system font, and run in a modder's CI or a container.

pub mod png;
pub mod svg;
pub mod svg_shapes;
pub mod tiled;
pub mod tileset;

use crate::draw::palette::Palette;
use anyhow::Context as _;
use hexwright_engine::map::Map;

pub use png::Image;

/// Width of the legend column, in pixels.
pub const LEGEND_WIDTH: usize = 240;
/// The narrowest and widest pictures.
pub const WIDTH_RANGE: std::ops::RangeInclusive<usize> = 480..=8192;
/// The default width.
pub const DEFAULT_WIDTH: usize = 1600;
/// The shortest picture (the legend's height).
const MIN_HEIGHT: usize = 560;

/// How to draw a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Width in pixels, legend included.
    pub width: usize,
    /// The dark palette instead of the light one.
    pub dark: bool,
    /// An analysis overlay drawn over the hexes, with its legend.
    pub overlay: Option<crate::draw::overlay::Overlay>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        Self {
            width: DEFAULT_WIDTH,
            dark: false,
            overlay: None,
        }
    }
}

impl RenderOptions {
    /// The palette drawn with.
    #[must_use]
    pub const fn palette(&self) -> Palette {
        if self.dark {
            Palette::DARK
        } else {
            Palette::LIGHT
        }
    }

    /// The picture's size for `map`: the map's proportions beside the
    /// legend.
    ///
    /// # Errors
    /// When the width is out of [`WIDTH_RANGE`].
    pub fn size(&self, map: &Map) -> anyhow::Result<(usize, usize)> {
        if !WIDTH_RANGE.contains(&self.width) {
            anyhow::bail!(
                "an image {} pixels wide: the width must be from {} to {}",
                self.width,
                WIDTH_RANGE.start(),
                WIDTH_RANGE.end()
            );
        }
        let canvas = (self.width - LEGEND_WIDTH) as f64;
        let ratio = map.area.height.get() / map.area.width.get();
        // An overlay's legend takes up to seven more rows.
        let min = MIN_HEIGHT + if self.overlay.is_some() { 160 } else { 0 };
        let height = ((canvas * ratio).ceil() as usize).clamp(min, *WIDTH_RANGE.end());
        Ok((self.width, height))
    }
}

/// A drawn picture and where the map lies in it.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The pixels.
    pub image: Image,
    /// World to picture coordinates.
    frame: svg::Frame,
}

impl Picture {
    /// The pixel at the centre of `hex` of `map`.
    #[must_use]
    pub fn pixel_of(&self, map: &Map, hex: hexwright_engine::Hex) -> (usize, usize) {
        let (x, y) = self.frame.at(map.hex_layout().center(hex));
        (x.max(0.0) as usize, y.max(0.0) as usize)
    }
}

/// The map drawn as pixels: its SVG picture ([`svg::render`]) rasterised.
///
/// # Errors
/// When the width is out of range or the map's usable hexes cannot be
/// computed.
pub fn render(map: &Map, opts: RenderOptions) -> anyhow::Result<Picture> {
    let (width, height) = opts.size(map)?;
    let text = svg::render(map, opts)?;
    let image = png::rasterise(&text, width, height)?;
    Ok(Picture {
        image,
        frame: svg::Frame::new(map, width, height),
    })
}

/// The picture of `map` as the file `path` names it (`.png` or `.svg`).
///
/// # Errors
/// When the extension is neither, or drawing fails.
pub fn file_bytes(
    map: &Map,
    path: &std::path::Path,
    opts: RenderOptions,
) -> anyhow::Result<Vec<u8>> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("png") => render(map, opts)?.image.png(),
        Some("svg") => Ok(svg::render(map, opts)?.into_bytes()),
        _ => anyhow::bail!(
            "{}: name a .png or .svg file (the extension says which to draw)",
            path.display()
        ),
    }
}

/// Writes the picture of `map` to `path` (atomically).
///
/// # Errors
/// As [`file_bytes`], or when the file cannot be written.
pub fn write(map: &Map, path: &std::path::Path, opts: RenderOptions) -> anyhow::Result<()> {
    let bytes = file_bytes(map, path, opts)?;
    hexwright_engine::format::write_atomic(path, &bytes)
        .with_context(|| format!("{}: cannot write the image", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexwright_engine::Hex;
    use hexwright_engine::coverage::Coverage;
    use hexwright_engine::map::FeatureKind;

    use epaint::Color32;

    fn close(a: Color32, b: Color32, tol: u8) -> bool {
        a.to_array()
            .iter()
            .zip(b.to_array())
            .all(|(&x, y)| x.abs_diff(y) <= tol)
    }

    #[test]
    fn a_png_of_each_bundled_map_has_its_size_and_the_canvas_colours() {
        for &(name, text) in crate::files::bundled::MAPS {
            let map = hexwright_engine::format::parse_map(text, name).unwrap();
            let opts = RenderOptions {
                width: 900,
                dark: false,
                overlay: None,
            };
            let pic = render(&map, opts).unwrap();
            let (w, h) = opts.size(&map).unwrap();
            assert_eq!((pic.image.width, pic.image.height), (w, h), "{name}");
            let bytes = pic.image.png().unwrap();
            let decoded = resvg::tiny_skia::Pixmap::decode_png(&bytes).unwrap();
            assert_eq!(
                (decoded.width() as usize, decoded.height() as usize),
                (w, h)
            );
            let coverage = Coverage::new(&map).unwrap();
            let palette = opts.palette();
            let at = |hex: Hex| {
                let (x, y) = pic.pixel_of(&map, hex);
                pic.image.get(x, y)
            };
            // A free hex with nothing on it shows the usable colour.
            let plain = coverage
                .hexes()
                .iter()
                .copied()
                .find(|&x| {
                    coverage.free_fraction(x) == Some(1.0)
                        && map.feature_at(x).is_none()
                        && !map.zones.iter().any(|z| z.hexes.contains(&x))
                })
                .unwrap();
            assert!(
                close(at(plain), palette.usable, 2),
                "{name}: {:?}",
                at(plain)
            );
            // A zone hex is tinted with its side's colour.
            let zone = &map.zones[0];
            let tinted = at(zone.hexes[0]);
            assert!(
                !close(tinted, palette.usable, 10),
                "{name}: zone {tinted:?}"
            );
            let side = crate::draw::palette::side_color(zone.side);
            let d = |c: Color32| {
                c.to_array()[..3]
                    .iter()
                    .zip(&side.to_array()[..3])
                    .map(|(&a, &b)| i32::from(a.abs_diff(b)))
                    .sum::<i32>()
            };
            assert!(
                d(tinted) < d(palette.usable),
                "{name}: the zone leans to its side's colour"
            );
            // A base's glyph is drawn on its hex.
            let base = map
                .features
                .iter()
                .find(|f| matches!(f.kind, FeatureKind::Base { .. }))
                .unwrap();
            assert!(!close(at(base.hex), palette.usable, 10), "{name}: base");
        }
    }

    #[test]
    fn a_width_out_of_range_is_refused_and_svg_names_every_hex() {
        let (name, text) = crate::files::bundled::MAPS[0];
        let map = hexwright_engine::format::parse_map(text, name).unwrap();
        let err = render(
            &map,
            RenderOptions {
                width: 10,
                dark: false,
                overlay: None,
            },
        )
        .unwrap_err();
        assert!(err.to_string().contains("from 480 to 8192"), "{err}");
        let svg = svg::render(&map, RenderOptions::default()).unwrap();
        let hexes = Coverage::new(&map).unwrap().hexes().len();
        assert_eq!(svg.matches("data-hex=").count(), hexes);
        assert_eq!(svg.matches("data-feature=").count(), map.features.len());
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        let path = std::path::Path::new("map.txt");
        assert!(file_bytes(&map, path, RenderOptions::default()).is_err());
    }

    #[test]
    fn a_picture_drawn_in_pieces_has_the_pixels_of_one_pass() {
        // Every overlay, with its text, features and findings: pieces of
        // 2 KB cut it into hundreds (inside groups that open, carry titles
        // and close), and each pixel is the one a single pass paints.
        let (name, text) = crate::files::bundled::MAPS[0];
        let map = hexwright_engine::format::parse_map(text, name).unwrap();
        for overlay in crate::draw::overlay::Overlay::all(map.player_count()) {
            let opts = RenderOptions {
                width: 700,
                dark: true,
                overlay: Some(overlay),
            };
            let (w, h) = opts.size(&map).unwrap();
            let text = svg::render(&map, opts).unwrap();
            assert!(text.len() > 40 * 2048, "{overlay}: {} bytes", text.len());
            let whole = png::rasterise_in_pieces(&text, w, h, usize::MAX).unwrap();
            let pieces = png::rasterise_in_pieces(&text, w, h, 2048).unwrap();
            let differ = whole.pixels_differing(&pieces);
            assert_eq!(differ, 0, "{overlay}: {differ} pixels differ");
        }
    }
}
