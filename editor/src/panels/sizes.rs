//! How wide the side panels may be: a fixed range, narrowed in a small
//! window so that the map in the middle keeps room.
//!
//! The range is recomputed every frame from the window's width, and egui
//! clamps a panel's width to it, so a width saved in a larger window (or
//! dragged to a bad size) comes back in range on the next start.

use std::ops::RangeInclusive;

/// The widths a side panel may take in a window `window` points wide: from
/// `min` to `max`, but never more than `share` of the window (and never
/// less than `min`).
#[must_use]
pub fn side_range(window: f32, min: f32, max: f32, share: f32) -> RangeInclusive<f32> {
    min..=(window * share).clamp(min, max)
}

/// The editor's layers panel (left).
#[must_use]
pub fn layers(window: f32) -> RangeInclusive<f32> {
    side_range(window, 170.0, 360.0, 0.24)
}

/// The editor's inspector (right).
#[must_use]
pub fn inspector(window: f32) -> RangeInclusive<f32> {
    side_range(window, 240.0, 560.0, 0.3)
}

/// The sandbox's left panel (setup, tabs, status).
#[must_use]
pub fn sandbox_left(window: f32) -> RangeInclusive<f32> {
    side_range(window, 240.0, 560.0, 0.28)
}

/// The sandbox's right panel (unit card, log).
#[must_use]
pub fn sandbox_right(window: f32) -> RangeInclusive<f32> {
    side_range(window, 240.0, 600.0, 0.24)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panels_leave_the_map_room_in_small_windows() {
        // A wide window allows the full range.
        assert_eq!(inspector(2400.0), 240.0..=560.0);
        // At the smallest window both editor panels together leave the map
        // more than 300 of 720 points.
        let (l, r) = (layers(720.0), inspector(720.0));
        assert!(720.0 - *l.end() - *r.end() > 300.0);
        // In between, at most the share.
        assert!((*inspector(1000.0).end() - 300.0).abs() < 1e-3);
    }
}
