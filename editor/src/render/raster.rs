//! A software rasteriser for egui's tessellated output: what lets the
//! canvas be drawn to an image with no window and no GPU.
//!
//! egui hands over triangles with per-vertex colours (premultiplied alpha,
//! in gamma space) and texture coordinates into its textures (the font
//! atlas); anti-aliasing is already in the meshes as feathered edges. Each
//! triangle is filled pixel by pixel, inside its clip rectangle: a pixel is
//! covered when its centre lies in the triangle, its colour is the
//! interpolated vertex colour times the bilinearly sampled texel, and it is
//! blended over what is there as egui expects (`src + dst · (1 − src.a)`).

use egui::epaint::{ClippedPrimitive, ImageData, Primitive, TextureId, Vertex};
use egui::{Color32, TexturesDelta};
use std::collections::BTreeMap;

/// An RGBA image, premultiplied, row by row from the top.
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
}

/// The textures egui asked for, kept up to date from its deltas.
#[derive(Default)]
pub struct Textures {
    images: BTreeMap<u64, Image>,
}

fn key(id: TextureId) -> u64 {
    match id {
        TextureId::Managed(n) => n,
        TextureId::User(n) => n | 1 << 63,
    }
}

impl Textures {
    /// Applies one frame's texture changes.
    pub fn apply(&mut self, delta: &TexturesDelta) {
        for (id, d) in delta
            .set
            .iter()
            .flat_map(|(id, ds)| ds.iter().map(move |d| (id, d)))
        {
            let ImageData::Color(img) = &d.image;
            let [w, h] = img.size;
            match d.pos {
                None => {
                    self.images.insert(
                        key(*id),
                        Image {
                            width: w,
                            height: h,
                            pixels: img.pixels.clone(),
                        },
                    );
                }
                Some([x0, y0]) => {
                    if let Some(t) = self.images.get_mut(&key(*id)) {
                        for y in 0..h.min(t.height.saturating_sub(y0)) {
                            for x in 0..w.min(t.width.saturating_sub(x0)) {
                                t.pixels[(y0 + y) * t.width + x0 + x] = img.pixels[y * w + x];
                            }
                        }
                    }
                }
            }
        }
        for id in &delta.free {
            self.images.remove(&key(*id));
        }
    }

    /// The texel at `uv` (0 to 1), sampled bilinearly; white for a missing
    /// texture.
    fn sample(&self, id: TextureId, u: f32, v: f32) -> [f32; 4] {
        let Some(t) = self.images.get(&key(id)) else {
            return [1.0; 4];
        };
        let x = (u * t.width as f32 - 0.5).clamp(0.0, (t.width - 1) as f32);
        let y = (v * t.height as f32 - 0.5).clamp(0.0, (t.height - 1) as f32);
        let (x0, y0) = (x.floor() as usize, y.floor() as usize);
        let (x1, y1) = ((x0 + 1).min(t.width - 1), (y0 + 1).min(t.height - 1));
        let (fx, fy) = (x - x0 as f32, y - y0 as f32);
        let px = |x: usize, y: usize| rgba(t.pixels[y * t.width + x]);
        let (a, b, c, d) = (px(x0, y0), px(x1, y0), px(x0, y1), px(x1, y1));
        std::array::from_fn(|i| {
            let top = a[i] + (b[i] - a[i]) * fx;
            let bottom = c[i] + (d[i] - c[i]) * fx;
            top + (bottom - top) * fy
        })
    }
}

fn rgba(c: Color32) -> [f32; 4] {
    let [r, g, b, a] = c.to_array();
    [r, g, b, a].map(|v| f32::from(v) / 255.0)
}

/// Draws `primitives` onto `image` (points are pixels: one pixel per
/// point).
pub fn draw(image: &mut Image, primitives: &[ClippedPrimitive], textures: &Textures) {
    for p in primitives {
        let Primitive::Mesh(mesh) = &p.primitive else {
            continue;
        };
        let clip = p.clip_rect;
        for tri in mesh.indices.chunks_exact(3) {
            let v = [0, 1, 2].map(|i| mesh.vertices[tri[i] as usize]);
            fill_triangle(image, &v, clip, mesh.texture_id, textures);
        }
    }
}

fn fill_triangle(
    image: &mut Image,
    v: &[Vertex; 3],
    clip: egui::Rect,
    texture: TextureId,
    textures: &Textures,
) {
    let (a, b, c) = (v[0].pos, v[1].pos, v[2].pos);
    let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    if area.abs() < 1e-12 {
        return;
    }
    let min_x = a.x.min(b.x).min(c.x).max(clip.min.x).max(0.0);
    let max_x =
        a.x.max(b.x)
            .max(c.x)
            .min(clip.max.x)
            .min(image.width as f32);
    let min_y = a.y.min(b.y).min(c.y).max(clip.min.y).max(0.0);
    let max_y =
        a.y.max(b.y)
            .max(c.y)
            .min(clip.max.y)
            .min(image.height as f32);
    if min_x >= max_x || min_y >= max_y {
        return;
    }
    let colors = v.map(|x| rgba(x.color));
    for y in (min_y.floor() as usize)..(max_y.ceil() as usize).min(image.height) {
        let py = y as f32 + 0.5;
        if py < min_y || py > max_y {
            continue;
        }
        for x in (min_x.floor() as usize)..(max_x.ceil() as usize).min(image.width) {
            let px = x as f32 + 0.5;
            if px < min_x || px > max_x {
                continue;
            }
            // Barycentric weights of the pixel centre.
            let w0 = ((b.x - px) * (c.y - py) - (b.y - py) * (c.x - px)) / area;
            let w1 = ((c.x - px) * (a.y - py) - (c.y - py) * (a.x - px)) / area;
            let w2 = 1.0 - w0 - w1;
            if w0 < 0.0 || w1 < 0.0 || w2 < 0.0 {
                continue;
            }
            let u = w0 * v[0].uv.x + w1 * v[1].uv.x + w2 * v[2].uv.x;
            let t = w0 * v[0].uv.y + w1 * v[1].uv.y + w2 * v[2].uv.y;
            let tex = textures.sample(texture, u, t);
            let src: [f32; 4] = std::array::from_fn(|i| {
                (w0 * colors[0][i] + w1 * colors[1][i] + w2 * colors[2][i]) * tex[i]
            });
            let dst = rgba(image.pixels[y * image.width + x]);
            let out: [u8; 4] = std::array::from_fn(|i| {
                ((src[i] + dst[i] * (1.0 - src[3])) * 255.0)
                    .round()
                    .clamp(0.0, 255.0) as u8
            });
            image.pixels[y * image.width + x] =
                Color32::from_rgba_premultiplied(out[0], out[1], out[2], out[3]);
        }
    }
}
