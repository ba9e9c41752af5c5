//! The zone tool: painting and erasing a side's starting-zone hexes, with
//! their symmetric images.

use super::{EditContext, Editor, Gesture, PointerEvent, PointerKind, symmetry_images};
use hexwright_engine::Hex;
use hexwright_engine::map::{Side, Zone};

impl Editor {
    pub(super) fn zone_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        let hex = cx.doc.hex_at(ev.world);
        let side = cx.options.side;
        match ev.kind {
            PointerKind::Press | PointerKind::Click | PointerKind::DoubleClick => {
                self.finish(cx);
                let remove = cx.doc.zones_of(side).contains(&hex);
                self.gesture = Gesture::Zones {
                    before: cx.doc.map().zones.clone(),
                    remove,
                    side,
                };
                paint_zone(cx, hex, side, remove);
                if ev.kind != PointerKind::Press {
                    self.finish(cx);
                }
            }
            PointerKind::Drag => {
                if let Gesture::Zones { remove, side, .. } = self.gesture {
                    paint_zone(cx, hex, side, remove);
                }
            }
            PointerKind::Release => {
                if let Gesture::Zones { remove, side, .. } = self.gesture {
                    paint_zone(cx, hex, side, remove);
                }
                self.finish(cx);
            }
        }
    }
}

/// Adds or removes `hex` in `side`'s zone, and each of its images in the
/// zone of the side the image gives it to.
pub(super) fn paint_zone(cx: &mut EditContext<'_>, hex: Hex, side: Side, remove: bool) {
    let mut targets = vec![(hex, side)];
    targets.extend(
        symmetry_images(cx)
            .iter()
            .map(|i| (i.hex(hex), i.side(side))),
    );
    let map = cx.doc.map();
    let coverage = cx.doc.board().coverage();
    let mut zones = map.zones.clone();
    let mut changed = false;
    for (h, s) in targets {
        if !coverage.in_grid(h) {
            continue;
        }
        let zone = match zones.iter().position(|z| z.side == s) {
            Some(i) => &mut zones[i],
            None if remove => continue,
            None => {
                zones.push(Zone {
                    side: s,
                    hexes: Vec::new(),
                });
                zones.last_mut().expect("just pushed")
            }
        };
        let has = zone.hexes.contains(&h);
        if remove && has {
            zone.hexes.retain(|&x| x != h);
            changed = true;
        } else if !remove && !has {
            zone.hexes.push(h);
            changed = true;
        }
    }
    if changed {
        zones.retain(|z| !z.hexes.is_empty());
        cx.doc.set_zones(zones);
    }
}

/// The hex of `hexes` nearest their average: the anchor of a copy.
pub(super) fn anchor_of(hexes: &[Hex]) -> Hex {
    let n = hexes.len().max(1) as f64;
    let q = hexes.iter().map(|h| f64::from(h.x)).sum::<f64>() / n;
    let r = hexes.iter().map(|h| f64::from(h.y)).sum::<f64>() / n;
    let centre = hexwright_engine::layout::cube_round(q, r);
    hexes
        .iter()
        .copied()
        .min_by_key(|h| (h.unsigned_distance_to(centre), h.y, h.x))
        .unwrap_or(centre)
}

/// Adds `hex` to `side`'s zone (creating it) if it is not there yet.
pub(super) fn add_zone_hex(zones: &mut Vec<Zone>, hex: Hex, side: Side) {
    match zones.iter_mut().find(|z| z.side == side) {
        Some(z) => {
            if !z.hexes.contains(&hex) {
                z.hexes.push(hex);
            }
        }
        None => zones.push(Zone {
            side,
            hexes: vec![hex],
        }),
    }
}
