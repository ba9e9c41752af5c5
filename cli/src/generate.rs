//! `hexwright generate --players N [--style ...] [--seed S] [--fair LEVEL]
//! -o map.ron`: a new map from the engine's generator
//! ([`hexwright_engine::map::generate`]), valid for every seed; with
//! `--fair`, made certified fair by the balance assistant before it is
//! written.

use super::setup::bot_list;
use anyhow::{Context, bail};
use hexwright_engine::coverage::Coverage;
use hexwright_engine::fix::{self, Options};
use hexwright_engine::format;
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::Map;
use hexwright_engine::map::generate::{self, Params, Size, Style};
use hexwright_engine::symmetry::Mode;
use hexwright_engine::transform::Axis;
use hexwright_engine::validate;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

/// The options of `hexwright generate`.
#[derive(Debug, Clone, clap::Args)]
pub struct GenerateArgs {
    /// Players, 2 to 4.
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// How big: about N grid hexes (`600`), or a map area (`1600x1000`);
    /// default 420, 480 or 640 hexes for 2, 3 or 4 players.
    #[arg(long, value_name = "N|WxH", value_parser = parse_size)]
    pub size: Option<Size>,
    /// The symmetry: `none`, `point` or `mirror` (`mirror-h` for a
    /// top-bottom mirror) for 2 players, `turn` for 3, `four-way` for 4;
    /// default the player count's (point, turn, four-way).
    #[arg(long, value_name = "MODE", value_parser = parse_symmetry)]
    pub symmetry: Option<Mode>,
    /// The terrain's character: open-field, islands, rivers or passes.
    #[arg(long, default_value = "open-field")]
    pub style: Style,
    /// Pointy or flat hexes; default flat for 2 players, pointy for more.
    #[arg(long, value_parser = parse_orientation)]
    pub orientation: Option<Orientation>,
    /// Energy objectives per side (default 2 for 2 players, 1 for more).
    #[arg(long, value_name = "N")]
    pub objectives: Option<u8>,
    /// No Energy objective on the centre hex.
    #[arg(long)]
    pub no_centre_objective: bool,
    /// Outposts per side (default 1).
    #[arg(long, value_name = "N")]
    pub outposts: Option<u8>,
    /// Bushes per side (default 3).
    #[arg(long, value_name = "N")]
    pub bushes: Option<u8>,
    /// Barracks per side (default 2 for 2 players, 1 for more).
    #[arg(long, value_name = "N")]
    pub barracks: Option<u8>,
    /// The seed: the same seed and options make the same map.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Make the map certified fair at this skill level (a bot: greedy,
    /// planner, ...) with the balance assistant before writing it; the
    /// certificate goes into the file. When a seed's map cannot be
    /// certified, the next seed's is tried (see `--tries`); without a
    /// certificate nothing is written (exit 1).
    #[arg(long, value_name = "LEVEL")]
    pub fair: Option<String>,
    /// With `--fair`: the most seeds tried, from `--seed` on. The chance of
    /// a wrong certificate (5%) is split over them, so each seed's is
    /// certified at 5% / N.
    #[arg(long, value_name = "N", default_value_t = fix::generated::DEFAULT_SEEDS)]
    pub tries: usize,
    /// The map file to write (`.ron`).
    #[arg(short, long)]
    pub out: PathBuf,
    /// Replace `--out` if it exists.
    #[arg(long)]
    pub force: bool,
}

fn parse_size(s: &str) -> Result<Size, String> {
    let bad = || format!("`{s}` is not a size: give a hex count (600) or an area (1600x1000)");
    if let Some((w, h)) = s.split_once(['x', 'X']) {
        let (width, height) = (
            w.trim().parse().map_err(|_| bad())?,
            h.trim().parse().map_err(|_| bad())?,
        );
        return Ok(Size::Area { width, height });
    }
    s.trim().parse().map(Size::Hexes).map_err(|_| bad())
}

fn parse_symmetry(s: &str) -> Result<Mode, String> {
    Ok(match s {
        "none" | "off" => Mode::Off,
        "point" => Mode::Point,
        "mirror" | "mirror-v" => Mode::Mirror(Axis::Vertical),
        "mirror-h" => Mode::Mirror(Axis::Horizontal),
        "turn" => Mode::Turn3,
        "four-way" => Mode::Mirror4,
        _ => {
            return Err(format!(
                "unknown symmetry `{s}`: use none, point, mirror, mirror-h, turn or four-way"
            ));
        }
    })
}

fn parse_orientation(s: &str) -> Result<Orientation, String> {
    match s {
        "flat" => Ok(Orientation::Flat),
        "pointy" => Ok(Orientation::Pointy),
        _ => Err(format!("unknown orientation `{s}`: use flat or pointy")),
    }
}

impl GenerateArgs {
    /// The generator's parameters: the player count's defaults, with what
    /// was given.
    #[must_use]
    pub fn params(&self) -> Params {
        let d = Params::new(self.players);
        Params {
            size: self.size.unwrap_or(d.size),
            orientation: self.orientation.unwrap_or(d.orientation),
            symmetry: self.symmetry.unwrap_or(d.symmetry),
            style: self.style,
            objectives: self.objectives.unwrap_or(d.objectives),
            centre_objective: !self.no_centre_objective,
            outposts: self.outposts.unwrap_or(d.outposts),
            bushes: self.bushes.unwrap_or(d.bushes),
            barracks: self.barracks.unwrap_or(d.barracks),
            ..d
        }
    }
}

/// Runs `generate`; returns the exit code (0; 1 when `--fair` found no
/// certificate; 2 for bad input or a file that cannot be written).
pub fn run(args: &GenerateArgs, out: &mut dyn Write, err: &mut (dyn Write + Send)) -> u8 {
    let result = generate_map(args, out, &Mutex::new(&mut *err));
    match result {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(e) => {
            super::report_error(err, &e);
            2
        }
    }
}

fn generate_map(
    args: &GenerateArgs,
    out: &mut dyn Write,
    err: &Mutex<&mut (dyn Write + Send)>,
) -> anyhow::Result<bool> {
    if args.out.exists() && !args.force {
        bail!(
            "{} exists: give another --out, or --force to replace it",
            args.out.display()
        );
    }
    format::check_output_for(&args.out, &[])
        .with_context(|| format!("{}: cannot write the map there", args.out.display()))?;
    let params = args.params();
    let map = match &args.fair {
        None => generate::generate(&params, args.seed)?,
        Some(level) => match fair_map(args, &params, level, out, err)? {
            Some(map) => map,
            None => return Ok(false),
        },
    };
    let coverage = Coverage::new(&map)?;
    let findings = validate::validate(&map, &coverage);
    format::save_atomic(&map, &args.out)
        .with_context(|| format!("{}: cannot write the map", args.out.display()))?;
    writeln!(
        out,
        "wrote {}: {} ({} players, {}), {} hexes, {} usable, {} features",
        args.out.display(),
        map.meta.name,
        map.players,
        params.symmetry.label(),
        coverage.hexes().len(),
        coverage.usable_count(),
        map.features.len()
    )?;
    super::import::write_findings(out, &args.out.display().to_string(), &findings)?;
    Ok(true)
}

/// The map of the first seed from `--seed` that the balance assistant
/// certifies fair at `level`, having said what it did to each seed tried;
/// `None` (having said why) when none was certified.
fn fair_map(
    args: &GenerateArgs,
    params: &Params,
    level: &str,
    out: &mut dyn Write,
    err: &Mutex<&mut (dyn Write + Send)>,
) -> anyhow::Result<Option<Map>> {
    let bots = bot_list(&[level.to_owned()])?;
    let opts = Options {
        level: fix::Level {
            bot: bots[0],
            ..Options::default().level
        },
        date: hexwright_headless::files::today_utc(),
        ..Options::default()
    };
    let roster = super::roster(None, None)?;
    let bar = super::progress::spinner("matches");
    let edits = std::sync::atomic::AtomicUsize::new(0);
    let news = |n: fix::News<'_>| super::balance_edit::tell(bar.as_ref(), &edits, err, n);
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let result = fix::fair_generated(
        params, args.seed, args.tries, &roster, &opts, &news, &cancel,
    );
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let result = result?;
    let seed_opts = Options {
        alpha: result.alpha_per_seed,
        ..opts
    };
    for tried in &result.tried {
        writeln!(out, "Seed {}:", tried.seed)?;
        super::balance_edit::words(out, &tried.fixed.map.meta.name, &tried.fixed, &seed_opts)?;
    }
    let Some(kept) = result.certified() else {
        writeln!(
            out,
            "Nothing written: the balance assistant could not certify the maps of seeds {} to {} fair at {level} (each at alpha {:.4}); try another --seed or more --tries.",
            args.seed,
            args.seed.wrapping_add(result.tried.len() as u64 - 1),
            result.alpha_per_seed
        )?;
        return Ok(None);
    };
    if kept.seed != args.seed {
        writeln!(
            out,
            "Kept seed {}: the maps of the seeds before it could not be certified. The file records seed {} (`--seed {}` with these options makes this map again).",
            kept.seed, kept.seed, kept.seed
        )?;
    }
    Ok(Some(kept.fixed.map.clone()))
}
