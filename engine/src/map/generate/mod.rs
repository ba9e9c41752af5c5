//! Map generation: [`generate`] makes a valid map for 2 to 4 players from
//! [`Params`] and a seed, the same map for the same seed on every machine.
//!
//! A generated map is built the way a designer builds one in the editor, so
//! it can be edited afterwards: a grid region with a ragged rim, terrain
//! pieces (polygons, circles and brush strokes, with eraser strokes for the
//! fords, passes and land bridges), starting zones of 10 hexes, bases,
//! barracks, Energy objectives, Outposts and bushes. In rooms of its own:
//!
//! - [`frame`]: the grid region, the map area and each side's home (its
//!   *anchor*), scaled to the size asked for;
//! - [`terrain`]: the style's pieces — an open field of scattered rocks,
//!   woods and ponds; islands and straits joined by land bridges; rivers
//!   with fords; ridges with mountain passes — each kept together with its
//!   images under the symmetry, so a symmetric map is symmetric piece by
//!   piece;
//! - [`place`]: zones and features, side 0's first and then their images;
//! - [`routes`]: the checks that make every map playable — every zone,
//!   base and feature on one connected field, and more than one route
//!   between every two zones — and the repairs when a check fails (an
//!   eraser stroke carved along a blocked way, or a piece taken out).
//!
//! Every map [`generate`] returns passes [`crate::validate::validate`] with
//! no error, for every seed and every [`Params`] that [`Params::check`]
//! accepts (a property test over thousands of seeds says so).

mod frame;
mod place;
mod routes;
mod terrain;

use crate::coverage::Coverage;
use crate::layout::Orientation;
use crate::map::Map;
use crate::symmetry::Mode;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The generator's version: a map is made again from its [`Generated`]
/// record by the generator of that version (another version may make
/// another map from the same seed).
pub const GENERATOR_VERSION: u32 = 2;

/// The fewest grid hexes a generated map may have.
pub const MIN_HEXES: u32 = 150;

/// The most grid hexes a generated map may have.
pub const MAX_HEXES: u32 = 4_000;

/// The most of each feature per side.
pub const MAX_PER_SIDE: u8 = 8;

/// The terrain's character.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Style {
    /// Open ground with scattered rocks, woods and ponds.
    #[default]
    OpenField,
    /// Islands parted by straits, joined by land bridges.
    Islands,
    /// Rivers between the sides, crossed at fords.
    Rivers,
    /// Rock ridges between the sides, crossed at mountain passes.
    Passes,
}

impl Style {
    /// Every style, in menu order.
    pub const ALL: [Self; 4] = [Self::OpenField, Self::Islands, Self::Rivers, Self::Passes];

    /// The name on the command line and in files (`open-field`, ...).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::OpenField => "open-field",
            Self::Islands => "islands",
            Self::Rivers => "rivers",
            Self::Passes => "passes",
        }
    }

    /// A label for display (`Open field`, ...).
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::OpenField => "Open field",
            Self::Islands => "Islands and straits",
            Self::Rivers => "Rivers with fords",
            Self::Passes => "Mountain passes",
        }
    }
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Style {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|x| x.name() == s)
            .ok_or_else(|| {
                format!("unknown style `{s}`: use open-field, islands, rivers or passes")
            })
    }
}

/// How big a map to make.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Size {
    /// About this many grid hexes.
    Hexes(u32),
    /// A map area of this width and height (world units; hexes of size
    /// [`HEX_SIZE`]), the grid region filling it.
    Area {
        /// Width.
        width: f64,
        /// Height.
        height: f64,
    },
}

/// The hex size of generated maps (world units, centre to corner).
pub const HEX_SIZE: f64 = 32.0;

/// What to make.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Players, 2 to 4.
    pub players: u8,
    /// How big.
    pub size: Size,
    /// Pointy or flat hexes.
    pub orientation: Orientation,
    /// The symmetry: [`Mode::Off`] for an asymmetric map, or the mode for
    /// the player count (a half turn or a mirror for 2, the 120° turn for
    /// 3, both mirrors for 4).
    pub symmetry: Mode,
    /// The terrain's character.
    pub style: Style,
    /// Energy objectives per side.
    pub objectives: u8,
    /// One more Energy objective on the centre hex (a symmetric map's
    /// fixed point).
    pub centre_objective: bool,
    /// Outposts per side.
    pub outposts: u8,
    /// Bushes per side.
    pub bushes: u8,
    /// Barracks per side.
    pub barracks: u8,
}

impl Params {
    /// The defaults for `players` players: about 420, 480 or 640 hexes,
    /// symmetric (a half turn, the 120° turn, both mirrors), an open field,
    /// two objectives per side for two players and one for more, and one
    /// in the centre, one Outpost and three bushes per side, two barracks
    /// per side for two players and one for more. (With fewer objectives
    /// or hexes, two greedy bots draw most two-player matches at the round
    /// limit: `generate_survey` measures it.)
    #[must_use]
    pub fn new(players: u8) -> Self {
        let n = u32::from(players.clamp(2, 4));
        Self {
            players,
            size: Size::Hexes(match n {
                2 => 420,
                3 => 480,
                _ => 640,
            }),
            orientation: if n == 2 {
                Orientation::Flat
            } else {
                Orientation::Pointy
            },
            symmetry: match n {
                2 => Mode::Point,
                3 => Mode::Turn3,
                _ => Mode::Mirror4,
            },
            style: Style::OpenField,
            objectives: if n == 2 { 2 } else { 1 },
            centre_objective: true,
            outposts: 1,
            bushes: 3,
            barracks: if n == 2 { 2 } else { 1 },
        }
    }

    /// Whether the parameters can be generated.
    ///
    /// # Errors
    /// What is out of range, in words.
    pub fn check(&self) -> Result<(), GenerateError> {
        let bad = |what: String| Err(GenerateError::Params(what));
        if !(2..=4).contains(&self.players) {
            return bad(format!(
                "{} players: a map is for 2 to 4 players",
                self.players
            ));
        }
        if let Some(n) = self.symmetry.players()
            && n != usize::from(self.players)
        {
            return bad(format!(
                "the symmetry `{}` is for {n} players, not {}",
                self.symmetry.label(),
                self.players
            ));
        }
        match self.size {
            Size::Hexes(h) if !(MIN_HEXES..=MAX_HEXES).contains(&h) => {
                return bad(format!(
                    "{h} hexes: a generated map has {MIN_HEXES} to {MAX_HEXES}"
                ));
            }
            Size::Area { width, height } => {
                let hexes = frame::hexes_in_area(width, height);
                let inside = (f64::from(MIN_HEXES)..=f64::from(MAX_HEXES)).contains(&hexes);
                if !(width.is_finite() && height.is_finite() && inside) {
                    return bad(format!(
                        "an area of {width} x {height} holds about {hexes:.0} hexes of size {HEX_SIZE}; a generated map has {MIN_HEXES} to {MAX_HEXES}"
                    ));
                }
            }
            Size::Hexes(_) => {}
        }
        for (name, n) in [
            ("objectives", self.objectives),
            ("outposts", self.outposts),
            ("bushes", self.bushes),
            ("barracks", self.barracks),
        ] {
            if n > MAX_PER_SIDE {
                return bad(format!(
                    "{n} {name} per side: at most {MAX_PER_SIDE} per side"
                ));
            }
        }
        Ok(())
    }
}

/// How a map was generated, kept in its metadata so that it can be made
/// again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Generated {
    /// The generator's version ([`GENERATOR_VERSION`]).
    pub version: u32,
    /// The seed.
    pub seed: u64,
    /// The parameters.
    pub params: Params,
}

/// Why a map cannot be generated.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GenerateError {
    /// A parameter is out of range.
    #[error("cannot generate this map: {0}")]
    Params(String),
    /// The map made breaks a limit on maps (a bug of the generator).
    #[error("the generated map breaks a limit: {0}")]
    Limit(#[from] crate::map::LimitError),
}

/// A valid map for `params` from `seed`: the same map for the same seed
/// and parameters on every machine (see the module docs).
///
/// # Errors
/// [`GenerateError::Params`] when [`Params::check`] refuses the parameters.
pub fn generate(params: &Params, seed: u64) -> Result<Map, GenerateError> {
    params.check()?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let frame = frame::Frame::new(params, &mut rng);
    let mut work = terrain::lay(&frame, params, &mut rng);
    let placed = routes::settle(&frame, params, &mut work, &mut rng)?;
    let mut map = frame.map.clone();
    map.terrain = work.pieces();
    map.zones = placed.zones;
    map.features = placed.features;
    map.meta.name = format!("{} {seed}", params.style.label());
    "Hexwright generator".clone_into(&mut map.meta.author);
    map.meta.description = describe(params, seed);
    map.meta.tags = vec![
        "generated".to_owned(),
        params.style.name().to_owned(),
        format!("{}-players", params.players),
    ];
    map.meta.generated = Some(Box::new(Generated {
        version: GENERATOR_VERSION,
        seed,
        params: params.clone(),
    }));
    Ok(map)
}

/// The map's description in words.
fn describe(params: &Params, seed: u64) -> String {
    let symmetry = match params.symmetry {
        Mode::Off => "no symmetry".to_owned(),
        m => format!("symmetry {}", m.label()),
    };
    format!(
        "{} for {} players ({symmetry}), generated from seed {seed}: {} objective(s), {} Outpost(s), {} bush(es) and {} barracks per side{}.",
        params.style.label(),
        params.players,
        params.objectives,
        params.outposts,
        params.bushes,
        params.barracks,
        if params.centre_objective {
            ", and an objective in the centre"
        } else {
            ""
        }
    )
}

/// The coverage of `map` (a generated map stays far inside every limit).
fn coverage_of(map: &Map) -> Result<Coverage, GenerateError> {
    Ok(Coverage::new(map)?)
}

#[cfg(test)]
mod tests;
