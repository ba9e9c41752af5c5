//! The editing tools: which one is active, what each is called, its hotkey
//! and tooltip, and the options they share (terrain kind, brush size, side,
//! symmetry). The options persist with the settings; what a tool does with
//! the pointer lives in [`crate::edit::editing`].

use egui::Key;
use hexwright_engine::map::Map;
use hexwright_engine::map::{FeatureKind, Side, TerrainKind};
use hexwright_engine::player::PlayerId;
use hexwright_engine::symmetry::{Centre, Mode, Symmetry};
use serde::{Deserialize, Serialize};

/// An editing tool.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tool {
    /// Select hexes and terrain pieces; drag a selected piece to move it.
    #[default]
    Select,
    /// Paint terrain with a round brush.
    Brush,
    /// Erase painted (brush) terrain.
    Eraser,
    /// Paint whole hexes of terrain.
    HexBrush,
    /// Fill a region of hexes with whole hexes of terrain.
    Fill,
    /// Click the corners of a terrain polygon.
    Polygon,
    /// Drag out a round piece of terrain.
    Circle,
    /// Paint the active side's starting zone.
    Zone,
    /// Place bushes.
    Bush,
    /// Place Outposts.
    Outpost,
    /// Place Energy objectives.
    Objective,
    /// Place the active side's barracks.
    Barracks,
    /// Place (move) the active side's base.
    Base,
    /// Remove features.
    FeatureEraser,
    /// Select hexes to copy, paste (rotated, mirrored) or clear.
    HexSelect,
    /// Edit the grid region's outline.
    Grid,
}

impl Tool {
    /// Every tool, in toolbar order.
    pub const ALL: [Self; 16] = [
        Self::Select,
        Self::Brush,
        Self::Eraser,
        Self::HexBrush,
        Self::Fill,
        Self::Polygon,
        Self::Circle,
        Self::Zone,
        Self::Bush,
        Self::Outpost,
        Self::Objective,
        Self::Barracks,
        Self::Base,
        Self::FeatureEraser,
        Self::HexSelect,
        Self::Grid,
    ];

    /// The name on the toolbar.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Select => "Select",
            Self::Brush => "Brush",
            Self::Eraser => "Eraser",
            Self::HexBrush => "Hex brush",
            Self::Fill => "Fill",
            Self::Polygon => "Polygon",
            Self::Circle => "Circle",
            Self::Zone => "Zone",
            Self::Bush => "Bush",
            Self::Outpost => "Outpost",
            Self::Objective => "Objective",
            Self::Barracks => "Barracks",
            Self::Base => "Base",
            Self::FeatureEraser => "Remove feature",
            Self::HexSelect => "Hexes",
            Self::Grid => "Grid outline",
        }
    }

    /// The hotkey that picks the tool.
    #[must_use]
    pub const fn key(self) -> Key {
        match self {
            Self::Select => Key::V,
            Self::Brush => Key::B,
            Self::Eraser => Key::E,
            Self::HexBrush => Key::W,
            Self::Fill => Key::Q,
            Self::Polygon => Key::P,
            Self::Circle => Key::C,
            Self::Zone => Key::Z,
            Self::Bush => Key::Num1,
            Self::Outpost => Key::Num2,
            Self::Objective => Key::Num3,
            Self::Barracks => Key::Num4,
            Self::Base => Key::Num5,
            Self::FeatureEraser => Key::X,
            Self::HexSelect => Key::H,
            Self::Grid => Key::G,
        }
    }

    /// What the tool does (tooltip), without the hotkey.
    #[must_use]
    pub const fn hint(self) -> &'static str {
        match self {
            Self::Select => {
                "Select a hex or a terrain piece; drag a selected piece to move it, Delete removes it"
            }
            Self::Brush => "Paint terrain with a round brush ([ and ] change its size)",
            Self::Eraser => "Erase brush-painted terrain ([ and ] change the size)",
            Self::HexBrush => {
                "Paint whole hexes of terrain; start on a hex of the same kind to erase whole hexes instead"
            }
            Self::Fill => {
                "Fill the region of hexes around the clicked one (free, or of one kind of whole hexes) with whole hexes"
            }
            Self::Polygon => {
                "Click the corners of a terrain polygon; click the first corner, double-click or press Enter to close it"
            }
            Self::Circle => "Drag from the centre to draw a round piece of terrain",
            Self::Zone => {
                "Paint the active side's starting zone; start on a zone hex to remove hexes instead"
            }
            Self::Bush => "Place a bush (hides units from enemies further than one hex)",
            Self::Outpost => "Place an Outpost (reveals the hexes around it)",
            Self::Objective => "Place an Energy objective (+1 Energy income for its owner)",
            Self::Barracks => "Place a barracks for the active side",
            Self::Base => "Place the active side's base (moves it if it exists)",
            Self::FeatureEraser => "Click or drag over hexes to remove their features",
            Self::HexSelect => {
                "Drag a box to select the hexes in it, click to add or remove one; Ctrl+C copies their features and zones, Ctrl+V pastes (R rotates, M mirrors), Delete clears them"
            }
            Self::Grid => {
                "Drag a corner of the grid region to move it, drag an edge to add a corner; Delete removes the clicked corner"
            }
        }
    }

    /// Tooltip with the hotkey.
    #[must_use]
    pub fn tooltip(self) -> String {
        format!("{} ({})", self.hint(), self.key().symbol_or_name())
    }

    /// The feature the tool places, for the active `side`.
    #[must_use]
    pub const fn feature(self, side: Side) -> Option<FeatureKind> {
        match self {
            Self::Bush => Some(FeatureKind::Bush),
            Self::Outpost => Some(FeatureKind::Outpost),
            Self::Objective => Some(FeatureKind::Objective),
            Self::Barracks => Some(FeatureKind::Barracks { side }),
            Self::Base => Some(FeatureKind::Base { side }),
            _ => None,
        }
    }

    /// Whether the tool paints terrain with the brush.
    #[must_use]
    pub const fn is_brush(self) -> bool {
        matches!(self, Self::Brush | Self::Eraser)
    }

    /// Whether the tool uses the active side.
    #[must_use]
    pub const fn uses_side(self) -> bool {
        matches!(self, Self::Zone | Self::Barracks | Self::Base)
    }

    /// Whether the tool makes terrain of the chosen kind.
    #[must_use]
    pub const fn uses_terrain_kind(self) -> bool {
        matches!(
            self,
            Self::Brush | Self::HexBrush | Self::Fill | Self::Polygon | Self::Circle
        )
    }
}

/// Smallest and largest brush radius, in hex sizes.
pub const BRUSH_RANGE: std::ops::RangeInclusive<f64> = 0.2..=8.0;

/// Options the tools share; persisted with the settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ToolOptions {
    /// The active tool.
    pub tool: Tool,
    /// The kind of terrain the brush, polygon and circle make.
    pub terrain: TerrainKind,
    /// Brush and eraser radius, in hex sizes.
    pub brush: f64,
    /// The side zones, barracks and bases are made for.
    pub side: Side,
    /// Symmetric editing: the mode chosen.
    pub symmetry: Mode,
    /// The centre the symmetry turns or mirrors about.
    pub centre: Centre,
}

impl Default for ToolOptions {
    fn default() -> Self {
        Self {
            tool: Tool::Select,
            terrain: TerrainKind::Rock,
            brush: 0.8,
            side: PlayerId(0),
            symmetry: Mode::Off,
            centre: Centre::Hex,
        }
    }
}

impl ToolOptions {
    /// The symmetry edits on `map` follow: the chosen mode about the chosen
    /// centre when the mode is made for the map's player count (and the
    /// centre works for the mode on its grid), otherwise off.
    #[must_use]
    pub fn symmetry_on(&self, map: &Map) -> Symmetry {
        if !self.symmetry.fits(map) {
            return Symmetry::OFF;
        }
        let centres = self.symmetry.centres(map.layout.orientation);
        let centre = if centres.contains(&self.centre) {
            self.centre
        } else {
            Centre::Hex
        };
        Symmetry::new(self.symmetry, centre)
    }

    /// Grows (`factor > 1`) or shrinks the brush, within [`BRUSH_RANGE`].
    pub fn scale_brush(&mut self, factor: f64) {
        self.brush = (self.brush * factor).clamp(*BRUSH_RANGE.start(), *BRUSH_RANGE.end());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_tool_has_its_own_hotkey_and_label() {
        let keys: HashSet<_> = Tool::ALL.iter().map(|t| t.key()).collect();
        let labels: HashSet<_> = Tool::ALL.iter().map(|t| t.label()).collect();
        assert_eq!(keys.len(), Tool::ALL.len());
        assert_eq!(labels.len(), Tool::ALL.len());
        // F fits the map, S switches the side, R and M rotate and mirror a
        // paste: no tool may take them.
        for taken in [Key::F, Key::S, Key::R, Key::M] {
            assert!(!keys.contains(&taken), "{taken:?}");
        }
    }

    #[test]
    fn the_symmetry_follows_the_maps_player_count_and_grid() {
        use hexwright_engine::layout::Orientation;
        let mut map = Map::new_empty("S", Orientation::Pointy, 10.0, 300.0, 300.0).unwrap();
        let mut o = ToolOptions {
            symmetry: Mode::Turn3,
            centre: Centre::Corner,
            ..ToolOptions::default()
        };
        // A three-player mode does nothing on a two-player map.
        assert_eq!(o.symmetry_on(&map), Symmetry::OFF);
        map.players = 3;
        assert_eq!(
            o.symmetry_on(&map),
            Symmetry::new(Mode::Turn3, Centre::Corner)
        );
        // No 120° turn about an edge midpoint: the hex centre instead.
        o.centre = Centre::Edge;
        assert_eq!(o.symmetry_on(&map), Symmetry::new(Mode::Turn3, Centre::Hex));
        o.symmetry = Mode::Off;
        assert!(o.symmetry_on(&map).is_off());
    }

    #[test]
    fn brush_size_stays_in_range() {
        let mut o = ToolOptions::default();
        for _ in 0..100 {
            o.scale_brush(1.5);
        }
        assert!((o.brush - BRUSH_RANGE.end()).abs() < 1e-12);
        for _ in 0..100 {
            o.scale_brush(0.5);
        }
        assert!((o.brush - BRUSH_RANGE.start()).abs() < 1e-12);
    }
}
