//! The analysis overlays ([`hexwright_engine::analysis`]) as colours on
//! hexes, shared by `hexwright render --overlay` and the editor: territory
//! in each player's colour (ties grey), a player's reach shaded by turns,
//! openness shaded by room, chokepoints outlined with their width, and bush
//! cover (the bushes and the hexes a unit hidden in one sees).

use super::palette::side_color;
use epaint::Color32;
use hexwright_engine::Hex;
use hexwright_engine::analysis::territory::Claim;
use hexwright_engine::analysis::{Analysis, UNREACHABLE};
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::arena::Site;
use std::fmt;
use std::str::FromStr;

/// Which analysis to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// Who reaches each hex first.
    Territory,
    /// Turns from a player's zone.
    Reach(PlayerId),
    /// Chokepoints, outlined with their width.
    Chokes,
    /// Distance to the nearest blocked or unusable hex.
    Openness,
    /// Bushes and what they watch.
    Cover,
}

impl Overlay {
    /// Every overlay for a map of `players` players, in menu order.
    #[must_use]
    pub fn all(players: usize) -> Vec<Self> {
        let mut v = vec![Self::Territory];
        v.extend(PlayerId::all(players).map(Self::Reach));
        v.extend([Self::Chokes, Self::Openness, Self::Cover]);
        v
    }
}

impl fmt::Display for Overlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Territory => f.write_str("territory"),
            Self::Reach(p) => write!(f, "reach:{p}"),
            Self::Chokes => f.write_str("chokes"),
            Self::Openness => f.write_str("openness"),
            Self::Cover => f.write_str("cover"),
        }
    }
}

/// An overlay name that is none of them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown overlay `{0}`: name territory, reach:P (P a player, 0 to 3), chokes, openness or cover"
)]
pub struct UnknownOverlay(pub String);

impl FromStr for Overlay {
    type Err = UnknownOverlay;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || UnknownOverlay(s.to_owned());
        match s {
            "territory" => Ok(Self::Territory),
            "chokes" => Ok(Self::Chokes),
            "openness" => Ok(Self::Openness),
            "cover" => Ok(Self::Cover),
            _ => {
                let p = s.strip_prefix("reach:").ok_or_else(bad)?;
                let p: u8 = p.parse().map_err(|_| bad())?;
                (usize::from(p) < hexwright_engine::player::MAX_PLAYERS)
                    .then_some(Self::Reach(PlayerId(p)))
                    .ok_or_else(bad)
            }
        }
    }
}

/// What an overlay draws: a tint on hexes, outlined hex sets with a
/// label, and the legend's rows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawn {
    /// Hexes and their tint.
    pub tints: Vec<(Hex, Color32)>,
    /// Hex sets drawn outlined, with a label (a chokepoint and its width).
    pub outlines: Vec<(Vec<Hex>, String)>,
    /// Legend rows: a colour and what it means.
    pub legend: Vec<(Color32, String)>,
}

/// The colour chokepoints are outlined in.
pub const CHOKE: Color32 = Color32::from_rgb(213, 94, 0);
/// The grey of a tie.
const TIE: Color32 = Color32::from_rgba_premultiplied(90, 90, 90, 110);

fn translucent(c: Color32, alpha: u8) -> Color32 {
    let [r, g, b, _] = c.to_array();
    Color32::from_rgba_unmultiplied(r, g, b, alpha)
}

/// The viridis scale (Smith and van der Walt's, for matplotlib) at seven
/// stops: ordered in lightness and hue alike, so that neighbouring steps
/// stay apart for colour-blind eyes and in grey, and none of it is a
/// side's colour.
const VIRIDIS: [[u8; 3]; 7] = [
    [0x44, 0x01, 0x54],
    [0x44, 0x39, 0x83],
    [0x31, 0x68, 0x8E],
    [0x21, 0x91, 0x8C],
    [0x35, 0xB7, 0x79],
    [0x90, 0xD7, 0x43],
    [0xFD, 0xE7, 0x25],
];

/// The scale at `t` (0: light yellow, 1: dark violet), drawn over the map
/// at a fixed opacity.
fn scale(t: f64) -> Color32 {
    let x = (1.0 - t.clamp(0.0, 1.0)) * (VIRIDIS.len() - 1) as f64;
    let i = (x.floor() as usize).min(VIRIDIS.len() - 2);
    let f = x - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (VIRIDIS[i], VIRIDIS[i + 1]);
    Color32::from_rgba_unmultiplied(mix(a[0], b[0]), mix(a[1], b[1]), mix(a[2], b[2]), 170)
}

/// What `overlay` draws for `a` (a player the map does not have draws
/// nothing).
#[must_use]
pub fn draw(a: &Analysis, overlay: Overlay) -> Drawn {
    let hexes = a.arena.hexes();
    let mut d = Drawn::default();
    match overlay {
        Overlay::Territory => {
            for (c, claim) in a.territory.claims.iter().enumerate() {
                let tint = match claim {
                    Claim::Nobody => continue,
                    Claim::Player(p) => translucent(side_color(*p), 110),
                    Claim::Tie(_) => TIE,
                };
                d.tints.push((hexes[c], tint));
            }
            for p in PlayerId::all(a.players) {
                let share = a.territory.area_share[p.index()];
                d.legend.push((
                    translucent(side_color(p), 110),
                    format!("Side {p} first ({:.1}%)", 100.0 * share),
                ));
            }
            d.legend
                .push((TIE, format!("Tie ({} hexes)", a.territory.tied)));
        }
        Overlay::Reach(p) => reach(a, p, &mut d),
        Overlay::Openness => {
            let most = a.openness.max.max(1);
            // Open is light, cramped dark.
            let at = |o: u16| scale(1.0 - f64::from(o) / f64::from(most));
            for (c, &o) in a.openness.cells.iter().enumerate() {
                d.tints.push((hexes[c], at(o)));
            }
            for o in legend_steps(most) {
                d.legend
                    .push((at(o), format!("Openness {o} (hexes to a wall)")));
            }
        }
        Overlay::Chokes => {
            for c in &a.chokes {
                d.outlines.push((c.hexes.clone(), format!("{}", c.width)));
                for &h in &c.hexes {
                    d.tints.push((h, translucent(CHOKE, 120)));
                }
            }
            d.legend.push((
                translucent(CHOKE, 120),
                format!("Chokepoint, with its width ({} found)", a.chokes.len()),
            ));
        }
        Overlay::Cover => cover(a, &mut d),
    }
    d
}

/// A player's turns from its zone, strong near and faint far.
fn reach(a: &Analysis, p: PlayerId, d: &mut Drawn) {
    let hexes = a.arena.hexes();
    let Some(field) = a.reach.steps.get(p.index()) else {
        return;
    };
    let turns: Vec<Option<u16>> = field.iter().map(|&s| a.movement.turns(s)).collect();
    let most = turns.iter().flatten().copied().max().unwrap_or(0).max(1);
    // Near is light, far dark: every turn its own step of the scale.
    let at = |t: u16| {
        if most <= 1 {
            scale(0.0)
        } else {
            scale(f64::from(t.saturating_sub(1)) / f64::from(most - 1))
        }
    };
    for (c, t) in turns.iter().enumerate() {
        if let Some(t) = t {
            d.tints.push((hexes[c], at(*t)));
        }
    }
    for t in legend_steps(most) {
        let word = if t == 1 { "turn" } else { "turns" };
        d.legend.push((at(t), format!("Side {p}: {t} {word}")));
    }
    let cut_off = field
        .iter()
        .enumerate()
        .any(|(c, &s)| s == UNREACHABLE && !matches!(a.arena.site(c as u16), Site::Base(_)));
    if cut_off {
        d.legend.push((
            Color32::TRANSPARENT,
            format!("Untinted: side {p} cannot get there"),
        ));
    }
}

/// The bushes and the hexes a unit hidden in one sees.
fn cover(a: &Analysis, d: &mut Drawn) {
    let hexes = a.arena.hexes();
    let sight = u32::from(a.cover.sight);
    // Yellow (Okabe and Ito's), not blue: blue is water and side 0.
    let watched = translucent(Color32::from_rgb(0xF0, 0xE4, 0x42), 120);
    let bush = translucent(Color32::from_rgb(0, 110, 60), 170);
    // The hexes within sight of a bush, found from the bushes (a few dozen
    // hexes each), not by asking every hex about every bush.
    let mut seen = vec![false; hexes.len()];
    for b in &a.cover.bushes {
        a.arena
            .for_each_within(b.cell, sight, |c| seen[usize::from(c)] = true);
    }
    for (c, &h) in hexes.iter().enumerate() {
        if a.arena.site(c as u16) == Site::Bush {
            d.tints.push((h, bush));
        } else if seen[c] {
            d.tints.push((h, watched));
        }
    }
    d.legend.push((bush, "Bush: hides a unit".to_owned()));
    d.legend.push((
        watched,
        format!("Seen from a bush (sight {})", a.cover.sight),
    ));
}

/// At most five evenly spaced values from 1 to `most` for a legend.
fn legend_steps(most: u16) -> Vec<u16> {
    let n = most.min(5);
    let mut v: Vec<u16> = (1..=n)
        .map(|i| ((u32::from(i) * u32::from(most)).div_ceil(u32::from(n))) as u16)
        .collect();
    v.dedup();
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexwright_engine::analysis::Movement;
    use hexwright_engine::coverage::Coverage;

    fn analysis(name: &str) -> Analysis {
        let (_, text) = crate::files::bundled::MAPS
            .iter()
            .find(|(n, _)| n.contains(name))
            .expect("a bundled map");
        let map = hexwright_engine::format::parse_map(text, name).expect("bundled");
        let coverage = Coverage::new(&map).expect("bundled");
        Analysis::new(&map, &coverage, Movement::for_players(map.player_count()))
    }

    #[test]
    fn names_round_trip_and_bad_ones_say_what_is_known() {
        for o in Overlay::all(4) {
            assert_eq!(o.to_string().parse::<Overlay>(), Ok(o));
        }
        let err = "reach:9".parse::<Overlay>().unwrap_err();
        assert!(err.to_string().contains("territory, reach:P"), "{err}");
        assert!("heat".parse::<Overlay>().is_err());
    }

    #[test]
    fn each_overlay_tints_what_it_shows() {
        let a = analysis("three-passes");
        let usable = a.arena.len();
        let territory = draw(&a, Overlay::Territory);
        assert_eq!(
            territory.tints.len(),
            usable - a.arena.bases.len(),
            "every hex but the bases is someone's or a tie"
        );
        assert_eq!(territory.legend.len(), 4, "three sides and the tie");
        let reach = draw(&a, Overlay::Reach(PlayerId(1)));
        assert_eq!(reach.tints.len(), usable - a.arena.bases.len());
        let chokes = draw(&a, Overlay::Chokes);
        assert_eq!(chokes.outlines.len(), a.chokes.len());
        assert!(
            chokes
                .outlines
                .iter()
                .all(|(h, w)| w == &h.len().to_string())
        );
        let open = draw(&a, Overlay::Openness);
        assert_eq!(open.tints.len(), usable);
        let cover = draw(&a, Overlay::Cover);
        assert!(cover.tints.len() > a.cover.bushes.len());
        assert!(draw(&a, Overlay::Reach(PlayerId(3))).tints.is_empty());
    }

    #[test]
    fn legend_steps_span_the_range() {
        assert_eq!(legend_steps(3), vec![1, 2, 3]);
        assert_eq!(legend_steps(10), vec![2, 4, 6, 8, 10]);
        assert_eq!(legend_steps(1), vec![1]);
    }

    /// Relative luminance (0 to 255) of a colour's RGB.
    fn luma(c: Color32) -> f64 {
        let [r, g, b, _] = c.to_srgba_unmultiplied();
        0.2126 * f64::from(r) + 0.7152 * f64::from(g) + 0.0722 * f64::from(b)
    }

    #[test]
    fn neighbouring_steps_of_reach_and_openness_stay_apart_in_lightness() {
        for name in ["twin-fords", "four-corners"] {
            let a = analysis(name);
            for overlay in [Overlay::Reach(PlayerId(0)), Overlay::Openness] {
                let legend = draw(&a, overlay).legend;
                let colours: Vec<Color32> = legend
                    .iter()
                    .map(|(c, _)| *c)
                    .filter(|c| c.a() > 0)
                    .collect();
                assert!(colours.len() >= 2, "{name} {overlay}");
                for w in colours.windows(2) {
                    let d = (luma(w[0]) - luma(w[1])).abs();
                    // Grey-scale apart, so no hue is needed to tell them.
                    assert!(d >= 20.0, "{name} {overlay}: {w:?} differ by {d:.1}");
                }
            }
            // Cover's "seen from a bush" is not blue (water, side 0).
            let cover = draw(&a, Overlay::Cover).legend;
            let [r, g, b, _] = cover[1].0.to_srgba_unmultiplied();
            assert!(b < r && b < g, "{:?}", cover[1]);
        }
    }
}
