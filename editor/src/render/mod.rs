//! Pictures of a map, drawn headless: `hexwright render` and the editor's
//! *Export image…*.
//!
//! A PNG is the canvas itself: one egui frame is run with no window, the
//! canvas ([`crate::canvas::show`]) drawing the whole map beside the legend
//! ([`crate::panels::legend::show`]), and egui's triangles are filled by a
//! software rasteriser ([`raster`]), so the picture has the canvas's look
//! (usable and unusable hexes, terrain, zones, features, findings) and
//! needs no GPU, which lets it run in a modder's CI. An SVG ([`svg`]) draws
//! the same layers as vector shapes in the same colours.

pub mod raster;
pub mod svg;
pub mod svg_shapes;
pub mod tiled;
pub mod tileset;

use crate::canvas::{self, CanvasParams, CanvasState};
use crate::document::{Document, MapSource};
use crate::panels::legend;
use crate::settings::Layers;
use crate::theme::Palette;
use crate::tool::Tool;
use crate::view::View;
use anyhow::Context as _;
use egui::{Rect, RichText, UiBuilder, pos2, vec2};
use hexwright_engine::board::Board;
use hexwright_engine::map::Map;
use hexwright_engine::symmetry::Symmetry;
use raster::{Image, Textures};

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
}

impl Default for RenderOptions {
    fn default() -> Self {
        Self {
            width: DEFAULT_WIDTH,
            dark: false,
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
        let height = ((canvas * ratio).ceil() as usize).clamp(MIN_HEIGHT, *WIDTH_RANGE.end());
        Ok((self.width, height))
    }
}

/// A drawn picture and where the map lies in it.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The pixels.
    pub image: Image,
    /// The canvas's view when it was drawn.
    view: View,
    /// The canvas's rectangle in the picture.
    canvas: Rect,
}

impl Picture {
    /// The pixel at the centre of `hex` of `map`.
    #[must_use]
    pub fn pixel_of(&self, map: &Map, hex: hexwright_engine::Hex) -> (usize, usize) {
        let p = self
            .view
            .to_screen(self.canvas, map.hex_layout().center(hex));
        (p.x.max(0.0) as usize, p.y.max(0.0) as usize)
    }
}

/// The map drawn as the canvas draws it, with the legend.
///
/// # Errors
/// When the width is out of range or the map's usable hexes cannot be
/// computed.
pub fn render(map: &Map, opts: RenderOptions) -> anyhow::Result<Picture> {
    let (width, height) = opts.size(map)?;
    let board = Board::new(map.clone()).context("cannot compute the map's usable hexes")?;
    let doc = Document::new(board, MapSource::Unsaved);
    let palette = opts.palette();
    let ctx = egui::Context::default();
    ctx.set_visuals(if opts.dark {
        egui::Visuals::dark()
    } else {
        egui::Visuals::light()
    });
    let screen = Rect::from_min_size(pos2(0.0, 0.0), vec2(width as f32, height as f32));
    let mut textures = Textures::default();
    let mut state = CanvasState::default();
    let mut view = View::default();
    let mut output = None;
    // The first frame loads the fonts; the second draws with them.
    for _ in 0..2 {
        let input = egui::RawInput {
            screen_rect: Some(screen),
            ..egui::RawInput::default()
        };
        let mut out = ctx.run_ui(input, |ui| {
            ui.painter().rect_filled(screen, 0.0, palette.background);
            let canvas_rect = Rect::from_min_size(
                pos2(0.0, 0.0),
                vec2((width - LEGEND_WIDTH) as f32, height as f32),
            );
            let mut child = ui.new_child(UiBuilder::new().max_rect(canvas_rect));
            let params = CanvasParams {
                doc: &doc,
                layers: Layers::default(),
                selected: None,
                palette,
                tool: Tool::Select,
                marks: &[],
                breaks: &[],
                symmetry: Symmetry::OFF,
            };
            let _ = canvas::show(&mut child, &mut state, &mut view, params);
            let legend_rect = Rect::from_min_max(
                pos2(canvas_rect.max.x + 8.0, 8.0),
                pos2(width as f32 - 8.0, height as f32 - 8.0),
            );
            let mut child = ui.new_child(UiBuilder::new().max_rect(legend_rect));
            child.label(RichText::new(&map.meta.name).strong().size(16.0));
            child.add_space(6.0);
            legend::show(&mut child, &palette, map.player_count());
        });
        textures.apply(&out.textures_delta);
        out.textures_delta.clear();
        output = Some(out);
    }
    let out = output.context("no frame was drawn")?;
    let primitives = ctx.tessellate(out.shapes, 1.0);
    let mut image = Image::new(width, height, palette.background);
    raster::draw(&mut image, &primitives, &textures);
    Ok(Picture {
        image,
        view,
        canvas: state.rect(),
    })
}

/// `image` encoded as a PNG (8-bit RGBA).
///
/// # Errors
/// When encoding fails.
pub fn png(image: &Image) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    {
        let mut enc = ::png::Encoder::new(&mut bytes, image.width as u32, image.height as u32);
        enc.set_color(::png::ColorType::Rgba);
        enc.set_depth(::png::BitDepth::Eight);
        let mut writer = enc.write_header().context("cannot start the PNG")?;
        let data: Vec<u8> = image
            .pixels
            .iter()
            .flat_map(egui::Color32::to_srgba_unmultiplied)
            .collect();
        writer
            .write_image_data(&data)
            .context("cannot write the PNG")?;
    }
    Ok(bytes)
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
        Some("png") => png(&render(map, opts)?.image),
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

    fn close(a: egui::Color32, b: egui::Color32, tol: u8) -> bool {
        a.to_array()
            .iter()
            .zip(b.to_array())
            .all(|(&x, y)| x.abs_diff(y) <= tol)
    }

    #[test]
    fn a_png_of_each_bundled_map_has_its_size_and_the_canvas_colours() {
        for &(name, text) in crate::bundled::MAPS {
            let map = hexwright_engine::format::parse_map(text, name).unwrap();
            let opts = RenderOptions {
                width: 900,
                dark: false,
            };
            let pic = render(&map, opts).unwrap();
            let (w, h) = opts.size(&map).unwrap();
            assert_eq!((pic.image.width, pic.image.height), (w, h), "{name}");
            let bytes = png(&pic.image).unwrap();
            let decoder = ::png::Decoder::new(std::io::Cursor::new(&bytes));
            let info = decoder.read_info().unwrap().info().clone();
            assert_eq!((info.width as usize, info.height as usize), (w, h));
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
            let side = crate::theme::side_color(zone.side);
            let d = |c: egui::Color32| {
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
        let (name, text) = crate::bundled::MAPS[0];
        let map = hexwright_engine::format::parse_map(text, name).unwrap();
        let err = render(
            &map,
            RenderOptions {
                width: 10,
                dark: false,
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
}
