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
    /// `width × height` pixels, four bytes each (red, green, blue, alpha,
    /// not premultiplied): what a PNG file holds, so encoding copies
    /// nothing.
    rgba: Vec<u8>,
}

impl Image {
    /// An image filled with `color`.
    #[must_use]
    pub fn new(width: usize, height: usize, color: Color32) -> Self {
        Self {
            width,
            height,
            rgba: color.to_srgba_unmultiplied().repeat(width * height),
        }
    }

    /// The pixel at `(x, y)`.
    #[must_use]
    pub fn get(&self, x: usize, y: usize) -> Color32 {
        let i = 4 * (y * self.width + x);
        let p = &self.rgba[i..i + 4];
        Color32::from_rgba_unmultiplied(p[0], p[1], p[2], p[3])
    }

    /// Sets the pixel at `(x, y)` to `color`.
    pub fn set(&mut self, x: usize, y: usize, color: Color32) {
        let i = 4 * (y * self.width + x);
        self.rgba[i..i + 4].copy_from_slice(&color.to_srgba_unmultiplied());
    }

    /// How many pixels differ between two images of one size.
    #[must_use]
    pub fn pixels_differing(&self, other: &Self) -> usize {
        self.rgba
            .chunks_exact(4)
            .zip(other.rgba.chunks_exact(4))
            .filter(|(a, b)| a != b)
            .count()
    }

    /// The image encoded as a PNG (8-bit RGBA), written straight from its
    /// bytes.
    ///
    /// # Errors
    /// When the image is empty or encoding fails.
    pub fn png(&self) -> anyhow::Result<Vec<u8>> {
        let (w, h) = (
            u32::try_from(self.width).context("the image is too wide")?,
            u32::try_from(self.height).context("the image is too tall")?,
        );
        anyhow::ensure!(w > 0 && h > 0, "cannot encode an empty image");
        let mut data = Vec::new();
        let mut encoder = png::Encoder::new(&mut data, w, h);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        // fdeflate's PNG-tuned deflate: a seventh of the default level's
        // time, for files a quarter larger on a bundled map (403 KB, not
        // 322 KB) and up to twice on a map of 56,644 hexes 8,192 pixels
        // wide (2.4 s to 0.35 s).
        encoder.set_compression(png::Compression::Fast);
        let mut writer = encoder.write_header().context("cannot write the PNG")?;
        writer
            .write_image_data(&self.rgba)
            .context("cannot write the PNG")?;
        writer.finish().context("cannot write the PNG")?;
        Ok(data)
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

/// Most bytes of SVG text read into one tree when rasterising: a picture
/// is drawn in pieces of about this size, one after the other onto the same
/// pixels, so the memory it takes does not grow with the map (usvg's tree
/// takes about fifteen times its text: 530 MB for the 35 MB picture of a
/// map of 56,644 hexes).
const PIECE_BYTES: usize = 1 << 20;

/// `svg` drawn into a `width × height` image.
///
/// The SVG must be one of our own pictures ([`super::svg::render`]): one
/// element per line, groups opened and closed on lines of their own (an
/// opening `<g …>` may carry its `<title>`). It is drawn in pieces of about
/// [`PIECE_BYTES`], cut between the elements of the top-level groups, each
/// piece with the groups it lies in opened again; as no group has an
/// opacity, a mask or a filter, every shape is painted over the ones before
/// it exactly as in one pass (a test compares the two).
///
/// # Errors
/// When the SVG cannot be read (it is always our own) or the size is zero.
pub fn rasterise(svg: &str, width: usize, height: usize) -> anyhow::Result<Image> {
    rasterise_in_pieces(svg, width, height, PIECE_BYTES)
}

pub(super) fn rasterise_in_pieces(
    svg: &str,
    width: usize,
    height: usize,
    piece_bytes: usize,
) -> anyhow::Result<Image> {
    let opts = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let (w, h) = (
        u32::try_from(width).context("the image is too wide")?,
        u32::try_from(height).context("the image is too tall")?,
    );
    let mut pixmap = Pixmap::new(w, h).context("cannot make an empty image")?;
    let mut draw = |text: &str| -> anyhow::Result<()> {
        let tree = usvg::Tree::from_str(text, &opts).context("cannot read the picture's SVG")?;
        let size = tree.size();
        let transform = Transform::from_scale(w as f32 / size.width(), h as f32 / size.height());
        resvg::render(&tree, transform, &mut pixmap.as_mut());
        Ok(())
    };
    if svg.len() <= piece_bytes {
        draw(svg)?;
        return Ok(image(pixmap, width, height));
    }
    let mut lines = svg.lines();
    let head = lines
        .next()
        .filter(|l| l.starts_with("<svg"))
        .context("the picture's SVG does not start with its <svg> element")?;
    // The groups open at this line, outermost first.
    let mut open: Vec<&str> = Vec::new();
    let mut piece = format!("{head}\n");
    let close = |piece: &mut String, open: &[&str]| {
        for _ in open {
            piece.push_str("</g>\n");
        }
        piece.push_str("</svg>\n");
    };
    for line in lines {
        let t = line.trim_start();
        if t.starts_with("</svg>") {
            break;
        }
        piece.push_str(line);
        piece.push('\n');
        if t.starts_with("</g>") {
            open.pop();
        } else if t.starts_with("<g") && !t.ends_with("/>") && !t.contains("</g>") {
            open.push(line);
        }
        if piece.len() >= piece_bytes && open.len() <= 1 {
            close(&mut piece, &open);
            draw(&piece)?;
            piece.clear();
            piece.push_str(head);
            piece.push('\n');
            for g in &open {
                piece.push_str(g);
                piece.push('\n');
            }
        }
    }
    close(&mut piece, &open);
    draw(&piece)?;
    Ok(image(pixmap, width, height))
}

/// The pixels of `pixmap`, unpremultiplied in place.
fn image(pixmap: Pixmap, width: usize, height: usize) -> Image {
    Image {
        width,
        height,
        rgba: pixmap.take_demultiplied(),
    }
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
