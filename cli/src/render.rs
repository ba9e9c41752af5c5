//! `hexwright render MAP -o map.png|map.svg [--size W] [--dark] [--overlay
//! NAME]`: a picture of a map, drawn headless (no window or GPU), as the
//! canvas draws it, optionally with an analysis overlay.

use clap::Args;
use hexwright_engine::format;
use hexwright_headless::draw::overlay::Overlay;
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
    /// Draw an analysis overlay (see `hexwright analyze`): `territory`,
    /// `reach:P` (turns from player P's zone), `chokes`, `openness` or
    /// `cover`.
    #[arg(long, value_name = "NAME")]
    pub overlay: Option<String>,
}

/// Runs `render`; returns the exit code (0, or 2 when the map cannot be
/// read or the picture cannot be drawn or written).
pub fn run(a: &RenderArgs, err: &mut dyn std::io::Write) -> u8 {
    super::exit_code(render(a), err)
}

fn render(a: &RenderArgs) -> anyhow::Result<()> {
    format::check_output_for(&a.out, &[&a.map])
        .map_err(|e| anyhow::anyhow!("{}: cannot write the picture there: {e}", a.out.display()))?;
    let overlay = a
        .overlay
        .as_deref()
        .map(str::parse::<Overlay>)
        .transpose()?;
    let map = format::load_map(&a.map)?;
    if let Some(Overlay::Reach(p)) = overlay
        && p.index() >= map.player_count()
    {
        anyhow::bail!(
            "--overlay reach:{p}: the map is for {} players, numbered 0 to {}",
            map.player_count(),
            map.player_count() - 1
        );
    }
    render::write(
        &map,
        &a.out,
        RenderOptions {
            width: a.size,
            dark: a.dark,
            overlay,
        },
    )
}
