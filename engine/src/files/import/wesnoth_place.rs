//! Placing a Wesnoth map's sides and features: bases on the start
//! positions, starting zones from the castles, barracks beside the bases,
//! villages as objectives and Outposts, forests as bushes.
//!
//! When the map's symmetry swaps the two start positions, side 1's zone
//! and barracks are the images of side 0's, and villages are picked in
//! symmetric pairs ([`super::placement`]), so a symmetric Wesnoth map gives
//! a fair Hexwright map.

use super::placement::{self, HexSet};
use super::wesnoth::{Frame, Start, ZONE_SIZE};
use super::wesnoth_symmetry::{Symmetry, world};
use super::wesnoth_terrain::{Meaning, Site};
use super::{Entry, Report};
use crate::geom::Point;
use crate::layout::hex_key;
use crate::map::{Feature, FeatureKind, Map, Zone};
use crate::player::PlayerId;
use hexx::Hex;
use std::collections::BTreeMap;
use std::fmt::Write;

/// What the placing steps share.
pub(super) struct Placer<'a> {
    cells: &'a BTreeMap<(i32, i32), Meaning>,
    frame: Frame,
    /// The symmetry, when it swaps the two sides' bases.
    mirror: Option<Symmetry>,
    bases: Vec<Hex>,
    usable: HexSet,
    castles: HexSet,
    /// Hexes with a base, barracks, objective or Outpost, or in a zone.
    taken: HexSet,
}

impl<'a> Placer<'a> {
    pub(super) fn new(
        cells: &'a BTreeMap<(i32, i32), Meaning>,
        frame: Frame,
        symmetry: Option<Symmetry>,
        sides: &[Start],
        report: &mut Report,
    ) -> Self {
        let keys = |keep: fn(&Meaning) -> bool| -> HexSet {
            cells
                .iter()
                .filter(|(_, m)| keep(m))
                .map(|(&xy, _)| hex_key(frame.hex(xy)))
                .collect()
        };
        let bases: Vec<Hex> = sides.iter().map(|&(_, xy)| frame.hex(xy)).collect();
        let swaps = |s: &Symmetry| {
            bases.len() == 2
                && frame.hex(s.image(frame.xy(bases[0]))) == bases[1]
                && frame.hex(s.image(frame.xy(bases[1]))) == bases[0]
        };
        let mirror = symmetry.filter(swaps);
        if symmetry.is_some() && mirror.is_none() {
            report.push(
                Entry::Note,
                "the symmetry does not swap the start positions, so each side's zone and barracks are placed on their own",
            );
        }
        Self {
            cells,
            frame,
            mirror,
            usable: keys(|m| m.ground.is_open()),
            castles: keys(|m| m.site.is_castle()),
            taken: bases.iter().map(|&b| hex_key(b)).collect(),
            bases,
        }
    }

    /// The image of a hex under the symmetry.
    fn image(&self, h: Hex) -> Option<Hex> {
        self.mirror
            .map(|s| self.frame.hex(s.image(self.frame.xy(h))))
    }

    /// A base on each side's start position.
    pub(super) fn bases(&self, map: &mut Map, sides: &[Start], report: &mut Report) {
        map.players = self.bases.len() as u8;
        for (i, (&base, (id, _))) in self.bases.iter().zip(sides).enumerate() {
            let side = PlayerId(i as u8);
            map.features.push(Feature {
                hex: base,
                kind: FeatureKind::Base { side },
            });
            report.push(
                Entry::Mapped,
                format!(
                    "start position {id} at {},{} -> the base of side {side}",
                    base.x, base.y
                ),
            );
        }
    }

    /// A starting zone of [`ZONE_SIZE`] hexes for each side.
    pub(super) fn zones(&mut self, map: &mut Map, report: &mut Report) {
        let image = |h: Hex| self.image(h).unwrap_or(h);
        let mut first: Option<Vec<Hex>> = None;
        let mut zones = Vec::new();
        // Each zone takes its hexes from the next side's.
        let mut taken = self.taken.clone();
        for (i, &base) in self.bases.iter().enumerate() {
            let side = PlayerId(i as u8);
            let mirrored = match &first {
                Some(z0) if self.mirror.is_some() => {
                    placement::mirrored(z0, &image, &self.usable, &taken)
                }
                _ => None,
            };
            let hexes = if let Some(h) = mirrored {
                report.push(
                    Entry::Mapped,
                    format!("the starting zone of side {side}: the image of side 0's"),
                );
                h
            } else {
                let z = placement::zone(base, &self.castles, &self.usable, &taken, ZONE_SIZE);
                let mut text = format!(
                    "the starting zone of side {side}: {} castle hexes connected to its keep",
                    z.from_castle
                );
                if z.trimmed > 0 {
                    let _ = write!(text, ", {} farther castle hexes left out", z.trimmed);
                }
                if z.hexes.len() > z.from_castle {
                    let _ = write!(
                        text,
                        ", completed with the {} nearest hexes",
                        z.hexes.len() - z.from_castle
                    );
                }
                let exact = z.from_castle == ZONE_SIZE && z.trimmed == 0;
                report.push(if exact { Entry::Mapped } else { Entry::Guessed }, text);
                z.hexes
            };
            if first.is_none() {
                first = Some(hexes.clone());
            }
            taken.extend(hexes.iter().map(|&h| hex_key(h)));
            zones.push(Zone { side, hexes });
        }
        self.taken = taken;
        map.zones.extend(zones);
    }

    /// `count` barracks per side on the free hexes nearest its base.
    pub(super) fn barracks(&mut self, map: &mut Map, count: usize, report: &mut Report) {
        if count == 0 {
            return;
        }
        let mut first: Vec<Hex> = Vec::new();
        for (i, &base) in self.bases.clone().iter().enumerate() {
            let side = PlayerId(i as u8);
            let image = |h: Hex| self.image(h).unwrap_or(h);
            let mirrored = (i == 1 && self.mirror.is_some())
                .then(|| placement::mirrored(&first, &image, &self.usable, &self.taken))
                .flatten();
            let hexes = mirrored
                .unwrap_or_else(|| placement::barracks(base, count, &self.usable, &self.taken));
            if i == 0 {
                first.clone_from(&hexes);
            }
            for &h in &hexes {
                self.taken.insert(hex_key(h));
                map.features.push(Feature {
                    hex: h,
                    kind: FeatureKind::Barracks { side },
                });
            }
            report.push(
                Entry::Guessed,
                format!(
                    "{} barracks for side {side} on the free hexes nearest its base (Wesnoth has none)",
                    hexes.len()
                ),
            );
        }
    }

    /// The villages nearest `centre` (in Wesnoth's units) become
    /// objectives, the next ones Outposts.
    pub(super) fn villages(
        &mut self,
        map: &mut Map,
        centre: Point,
        objectives: usize,
        outposts: usize,
        report: &mut Report,
    ) {
        let mut villages: Vec<(f64, Hex)> = self
            .cells
            .iter()
            .filter(|(_, m)| m.site == Site::Village && m.ground.is_open())
            .map(|(&xy, _)| (world(xy).distance(centre), self.frame.hex(xy)))
            .collect();
        villages.sort_by(|a, b| a.0.total_cmp(&b.0).then(hex_key(a.1).cmp(&hex_key(b.1))));
        let in_zones = villages
            .iter()
            .filter(|(_, h)| self.taken.contains(&hex_key(*h)))
            .count();
        let sites: Vec<Hex> = villages.iter().map(|v| v.1).collect();
        let image = |h: Hex| self.image(h).unwrap_or(h);
        let mirror: Option<placement::Image<'_>> = self.mirror.is_some().then_some(&image);
        let mut short = Vec::new();
        let mut counts = [0usize; 2];
        let mut placed = Vec::new();
        let mut taken = self.taken.clone();
        for (i, (count, kind)) in [
            (objectives, FeatureKind::Objective),
            (outposts, FeatureKind::Outpost),
        ]
        .into_iter()
        .enumerate()
        {
            let picked = placement::pick(&sites, count, mirror, &taken);
            if picked.split_pairs > 0 && picked.picked.len() < count {
                short.push(format!(
                    "{} {}s rather than {count}",
                    picked.picked.len(),
                    kind.name()
                ));
            }
            counts[i] = picked.picked.len();
            for h in picked.picked {
                taken.insert(hex_key(h));
                placed.push(Feature { hex: h, kind });
            }
        }
        self.taken = taken;
        map.features.extend(placed);
        report.push(
            Entry::Mapped,
            format!(
                "{} villages: the {} nearest the centre -> Energy objectives, the next {} -> Outposts",
                villages.len(),
                counts[0],
                counts[1]
            ),
        );
        let left = villages.len() - counts[0] - counts[1];
        if left > 0 {
            let mut text = format!("{left} villages, left as plain ground");
            if in_zones > 0 {
                let _ = write!(
                    text,
                    " ({in_zones} of them in starting zones or under barracks)"
                );
            }
            report.push(Entry::Dropped, text);
        }
        if !short.is_empty() {
            report.push(
                Entry::Note,
                format!(
                    "{}: the next villages come in symmetric pairs, and one of a pair alone would favour a side",
                    short.join(", ")
                ),
            );
        }
    }

    /// A bush on every usable forest hex where nothing else stands.
    pub(super) fn bushes(&self, map: &mut Map, report: &mut Report) {
        let mut bushes = 0;
        for (&xy, m) in self.cells {
            let h = self.frame.hex(xy);
            if m.site == Site::Forest && m.ground.is_open() && map.feature_at(h).is_none() {
                map.features.push(Feature {
                    hex: h,
                    kind: FeatureKind::Bush,
                });
                bushes += 1;
            }
        }
        if bushes > 0 {
            report.push(Entry::Mapped, format!("{bushes} forest hexes -> bushes"));
        }
    }
}
