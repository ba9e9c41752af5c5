//! `hexwright render MAP -o map.png|map.svg [--size W] [--dark]`: a picture
//! of a map, drawn headless (no window or GPU), as the canvas draws it.

use clap::Args;
use hexwright_engine::format;
use hexwright_headless::render::{self, DEFAULT_WIDTH, RenderOptions};
use std::path::PathBuf;

/// `render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The map file (`.ron`).
    pub map: PathBuf,
    /// The picture to write: `.png` or `.svg`.
    #[arg(short, long)]
    pub out: PathBuf,
    /// Width in pixels, legend included (480 to 8192).
    #[arg(long, default_value_t = DEFAULT_WIDTH)]
    pub size: usize,
    /// Draw with the dark palette.
    #[arg(long)]
    pub dark: bool,
}

/// Runs `render`; returns the exit code (0, or 2 when the map cannot be
/// read or the picture cannot be drawn or written).
pub fn run(a: &RenderArgs) -> u8 {
    let result = format::load_map(&a.map)
        .map_err(anyhow::Error::from)
        .and_then(|map| {
            render::write(
                &map,
                &a.out,
                RenderOptions {
                    width: a.size,
                    dark: a.dark,
                },
            )
        });
    super::exit_code(result)
}
