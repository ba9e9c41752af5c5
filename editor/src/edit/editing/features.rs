//! The feature tools: placing a base, barracks, Outpost, Energy objective or
//! bush (with its symmetric images) and erasing features.

use super::{EditContext, Editor, Gesture, PointerEvent, PointerKind, symmetry_images};
use crate::document::command::{Change, Command};
use hexwright_engine::Hex;
use hexwright_engine::map::{Feature, FeatureKind};

impl Editor {
    pub(super) fn feature_eraser(&mut self, ev: PointerEvent, cx: &mut EditContext<'_>) {
        let hex = cx.doc.hex_at(ev.world);
        if matches!(
            ev.kind,
            PointerKind::Press | PointerKind::Click | PointerKind::DoubleClick
        ) {
            self.finish(cx);
            self.gesture = Gesture::EraseFeatures {
                before: cx.doc.map().features.clone(),
            };
        }
        if !matches!(self.gesture, Gesture::EraseFeatures { .. }) {
            return;
        }
        let mut hexes = vec![hex];
        hexes.extend(symmetry_images(cx).iter().map(|i| i.hex(hex)));
        let features = &cx.doc.map().features;
        if features.iter().any(|f| hexes.contains(&f.hex)) {
            let kept = features
                .iter()
                .filter(|f| !hexes.contains(&f.hex))
                .copied()
                .collect();
            cx.doc.set_features(kept);
        }
        if matches!(ev.kind, PointerKind::Press | PointerKind::Drag) {
            return;
        }
        self.finish(cx);
    }

    pub(super) fn place_feature(&mut self, cx: &mut EditContext<'_>, hex: Hex, kind: FeatureKind) {
        let map = cx.doc.map();
        if !cx.doc.board().coverage().in_grid(hex) {
            self.message = Some("Features stand on grid hexes only".to_owned());
            return;
        }
        let before = map.features.clone();
        let mut after = before.clone();
        let placed = Feature { hex, kind };
        put_feature(&mut after, placed);
        for image in symmetry_images(cx) {
            let image = image.feature(placed);
            if image.hex != hex {
                put_feature(&mut after, image);
            }
        }
        if after == before {
            return;
        }
        let label = format!("Place {kind}");
        if let Err(e) = cx.history.execute(
            cx.doc,
            Command::new(label, vec![Change::Features { before, after }]),
        ) {
            self.fail("Cannot place the feature", e);
        }
    }

    // ----- preview ----------------------------------------------------------
}

/// Puts `f` on its hex, replacing what stood there; a base replaces its
/// side's other base (so placing a base moves it).
pub(super) fn put_feature(features: &mut Vec<Feature>, f: Feature) {
    features.retain(|g| {
        g.hex != f.hex && !(matches!(f.kind, FeatureKind::Base { .. }) && g.kind == f.kind)
    });
    features.push(f);
}
