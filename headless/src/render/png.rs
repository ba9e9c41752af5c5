//! Pixels: an SVG picture rasterised by resvg, and images encoded as PNG.
//!
//! resvg draws with no GPU and no window. Text is set in the fonts egui
//! ships (Ubuntu Light for `sans-serif`, Hack for `monospace`), loaded from
//! memory, so a picture looks the same on a desktop, in CI and in a
//! container with no fonts installed.

use anyhow::Context as _;
use epaint::Color32;
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;
use std::sync::{Arc, OnceLock};

/// An RGBA image (unpremultiplied), row by row from the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// `width × height` pixels.
    pub pixels: Vec<Color32>,
}

impl Image {
    /// An image filled with `color`.
    #[must_use]
    pub fn new(width: usize, height: usize, color: Color32) -> Self {
        Self {
            width,
            height,
            pixels: vec![color; width * height],
        }
    }

    /// The pixel at `(x, y)`.
    #[must_use]
    pub fn get(&self, x: usize, y: usize) -> Color32 {
        self.pixels[y * self.width + x]
    }

    /// The image encoded as a PNG (8-bit RGBA).
    ///
    /// # Errors
    /// When the image is empty or encoding fails.
    pub fn png(&self) -> anyhow::Result<Vec<u8>> {
        let (w, h) = (
            u32::try_from(self.width).context("the image is too wide")?,
            u32::try_from(self.height).context("the image is too tall")?,
        );
        let data: Vec<u8> = self
            .pixels
            .iter()
            .flat_map(Color32::to_srgba_unmultiplied)
            .collect();
        // tiny-skia keeps premultiplied pixels and encodes them back
        // unpremultiplied; build the pixmap from straight RGBA.
        let mut pixmap = Pixmap::new(w, h).context("cannot make an empty image")?;
        for (dst, src) in pixmap.pixels_mut().iter_mut().zip(data.chunks_exact(4)) {
            *dst =
                resvg::tiny_skia::ColorU8::from_rgba(src[0], src[1], src[2], src[3]).premultiply();
        }
        pixmap.encode_png().context("cannot write the PNG")
    }
}

/// The fonts pictures are set in, loaded once.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_font_data(epaint_default_fonts::UBUNTU_LIGHT.to_vec());
            db.load_font_data(epaint_default_fonts::HACK_REGULAR.to_vec());
            let family = |db: &usvg::fontdb::Database, mono: bool| {
                db.faces()
                    .find(|f| f.monospaced == mono)
                    .and_then(|f| f.families.first())
                    .map(|(name, _)| name.clone())
            };
            if let Some(sans) = family(&db, false) {
                db.set_sans_serif_family(sans);
            }
            if let Some(mono) = family(&db, true) {
                db.set_monospace_family(mono);
            }
            Arc::new(db)
        })
        .clone()
}

/// `svg` drawn into a `width × height` image.
///
/// # Errors
/// When the SVG cannot be read (it is always our own) or the size is zero.
pub fn rasterise(svg: &str, width: usize, height: usize) -> anyhow::Result<Image> {
    let opts = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opts).context("cannot read the picture's SVG")?;
    let (w, h) = (
        u32::try_from(width).context("the image is too wide")?,
        u32::try_from(height).context("the image is too tall")?,
    );
    let mut pixmap = Pixmap::new(w, h).context("cannot make an empty image")?;
    let size = tree.size();
    let transform = Transform::from_scale(w as f32 / size.width(), h as f32 / size.height());
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    let pixels = pixmap
        .pixels()
        .iter()
        .map(|p| {
            let c = p.demultiply();
            Color32::from_rgba_unmultiplied(c.red(), c.green(), c.blue(), c.alpha())
        })
        .collect();
    Ok(Image {
        width,
        height,
        pixels,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_is_rasterised_with_its_text_and_round_trips_through_png() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"40\">\
                   <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\
                   <rect x=\"100\" y=\"0\" width=\"20\" height=\"40\" fill=\"#0072b2\"/>\
                   <text x=\"4\" y=\"28\" font-family=\"sans-serif\" font-size=\"24\">Hex</text>\
                   </svg>";
        let img = rasterise(svg, 120, 40).unwrap();
        assert_eq!(img.get(110, 20), Color32::from_rgb(0x00, 0x72, 0xB2));
        // The word is drawn: some pixels left of the blue bar are dark.
        let dark = (0..40)
            .flat_map(|y| (0..100).map(move |x| (x, y)))
            .filter(|&(x, y)| img.get(x, y).r() < 128)
            .count();
        assert!(dark > 40, "{dark} dark pixels: the text was not drawn");
        let bytes = img.png().unwrap();
        let back = Pixmap::decode_png(&bytes).unwrap();
        assert_eq!((back.width(), back.height()), (120, 40));
        let p = back.pixel(110, 20).unwrap().demultiply();
        assert_eq!((p.red(), p.green(), p.blue()), (0x00, 0x72, 0xB2));
    }
}
