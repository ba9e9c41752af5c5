//! The hex tool: selecting hexes (click, shift, box), copying, cutting,
//! clearing and pasting them, with their terrain, features and zones.

use super::features::put_feature;
use super::zones::{add_zone_hex, anchor_of};
use super::{
    Clip, EditContext, Editor, Gesture, PointerEvent, PointerKind, feature_and_zone_changes,
    symmetry_images,
};
use crate::document::Document;
use crate::document::command::Command;
use hexwright_engine::Hex;
use hexwright_engine::geom::{Bbox, Point};
use hexwright_engine::map::{Feature, Map};
use hexwright_engine::transform;

impl Editor {
    pub(super) fn hex_tool(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        let hex = cx.doc.hex_at(ev.world);
        if self.paste.is_some() {
            if matches!(ev.kind, PointerKind::Click | PointerKind::DoubleClick) {
                self.paste_at(cx, hex);
            }
            return;
        }
        let in_grid = cx.doc.board().coverage().in_grid(hex);
        match ev.kind {
            PointerKind::Press => {
                self.hex_selection.clear();
                if in_grid {
                    self.hex_selection.push(hex);
                }
                self.gesture = Gesture::SelectHexes {
                    start: ev.world,
                    now: ev.world,
                };
            }
            PointerKind::Drag => {
                if let Gesture::SelectHexes { start, now } = &mut self.gesture {
                    *now = ev.world;
                    self.hex_selection = box_selection(cx.doc, *start, *now);
                }
            }
            PointerKind::Release => self.gesture = Gesture::Idle,
            PointerKind::Click | PointerKind::DoubleClick => {
                if let Some(i) = self.hex_selection.iter().position(|&h| h == hex) {
                    self.hex_selection.remove(i);
                } else if in_grid {
                    self.hex_selection.push(hex);
                }
            }
        }
    }

    pub(super) fn copy(&mut self, cx: &EditContext<'_>) {
        if self.hex_selection.is_empty() {
            self.message = Some("Select hexes to copy first".to_owned());
            return;
        }
        let anchor = anchor_of(&self.hex_selection);
        let map = cx.doc.map();
        let clip = Clip {
            features: map
                .features
                .iter()
                .filter(|f| self.hex_selection.contains(&f.hex))
                .map(|f| (f.hex - anchor, f.kind))
                .collect(),
            zones: map
                .zones
                .iter()
                .flat_map(|z| z.hexes.iter().map(move |&h| (h, z.side)))
                .filter(|(h, _)| self.hex_selection.contains(h))
                .map(|(h, side)| (h - anchor, side))
                .collect(),
        };
        self.message = Some(format!(
            "Copied {} and {}: Ctrl+V pastes",
            crate::words::count(clip.features.len(), "feature", "features"),
            crate::words::count(clip.zones.len(), "zone hex", "zone hexes")
        ));
        self.clipboard = Some(clip);
    }

    /// Where each copied thing lands when pasted at `at`.
    pub(super) fn placed(&self, map: &Map, at: Hex) -> Clip {
        let (Some(clip), Some(mode)) = (&self.clipboard, self.paste) else {
            return Clip::default();
        };
        let place = |offset: Hex| {
            let o = if mode.mirrored {
                transform::mirror_hex(offset, map.layout.orientation, transform::Axis::Vertical)
            } else {
                offset
            };
            at + transform::rotate_hex(o, mode.rotation)
        };
        Clip {
            features: clip.features.iter().map(|&(o, k)| (place(o), k)).collect(),
            zones: clip.zones.iter().map(|&(o, s)| (place(o), s)).collect(),
        }
    }

    pub(super) fn paste_at(&mut self, cx: &mut EditContext<'_>, at: Hex) {
        let map = cx.doc.map();
        let coverage = cx.doc.board().coverage();
        let placed = self.placed(map, at);
        let images = symmetry_images(cx);
        let mut features = map.features.clone();
        let mut zones = map.zones.clone();
        let mut skipped = 0;
        for &(hex, kind) in &placed.features {
            if !coverage.in_grid(hex) {
                skipped += 1;
                continue;
            }
            let f = Feature { hex, kind };
            put_feature(&mut features, f);
            for image in images.iter().map(|i| i.feature(f)).filter(|i| i.hex != hex) {
                put_feature(&mut features, image);
            }
        }
        for &(hex, side) in &placed.zones {
            if !coverage.in_grid(hex) {
                skipped += 1;
                continue;
            }
            add_zone_hex(&mut zones, hex, side);
            for image in &images {
                add_zone_hex(&mut zones, image.hex(hex), image.side(side));
            }
        }
        let changes = feature_and_zone_changes(map, features, zones);
        if let Err(e) = cx.history.execute(cx.doc, Command::new("Paste", changes)) {
            self.fail("Cannot paste", e);
        } else if skipped > 0 {
            self.message = Some(format!("{skipped} pasted hexes fell outside the grid"));
        }
    }

    pub(super) fn clear_hexes(&mut self, cx: &mut EditContext<'_>) {
        let map = cx.doc.map();
        let sel = &self.hex_selection;
        let features: Vec<Feature> = map
            .features
            .iter()
            .filter(|f| !sel.contains(&f.hex))
            .copied()
            .collect();
        let mut zones = map.zones.clone();
        for z in &mut zones {
            z.hexes.retain(|h| !sel.contains(h));
        }
        zones.retain(|z| !z.hexes.is_empty());
        let changes = feature_and_zone_changes(map, features, zones);
        if let Err(e) = cx
            .history
            .execute(cx.doc, Command::new("Clear hexes", changes))
        {
            self.fail("Cannot clear the hexes", e);
        }
    }

    // ----- grid region ------------------------------------------------------
}

/// The grid hexes a box dragged from `a` to `b` selects: those whose
/// centres lie in it, and the hexes under its two corners, in grid order.
pub(super) fn box_selection(doc: &Document, a: Point, b: Point) -> Vec<Hex> {
    let coverage = doc.board().coverage();
    let layout = coverage.layout();
    let area = Bbox {
        min: Point::new(a.x.min(b.x), a.y.min(b.y)),
        max: Point::new(a.x.max(b.x), a.y.max(b.y)),
    };
    let mut hexes: Vec<Hex> = layout
        .hexes_overlapping(area.expand(layout.size))
        .into_iter()
        .filter(|&h| {
            let c = layout.center(h);
            c.x >= area.min.x && c.x <= area.max.x && c.y >= area.min.y && c.y <= area.max.y
        })
        .chain([doc.hex_at(a), doc.hex_at(b)])
        .filter(|&h| coverage.in_grid(h))
        .collect();
    hexes.sort_by_key(|&h| hexwright_engine::layout::hex_key(h));
    hexes.dedup();
    hexes
}
