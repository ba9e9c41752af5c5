//! The user's settings, persisted between runs: layer toggles, theme, tool
//! options, recent files, what the Generate dialog was last set to. (eframe also keeps the window's size and egui's
//! memory — panel widths, open sections.) Everything else — the map, the
//! camera, the selection — belongs to the session.
//!
//! Stored through eframe's persistence under [`Settings::STORAGE_KEY`]. Every
//! field has a default, so settings written by an older or newer version load
//! with the missing fields defaulted instead of failing.

use crate::canvas::theme::ThemeChoice;
use crate::edit::tool::ToolOptions;
use crate::panels::generate_dialog::GenerateForm;
use hexwright_engine::map::generate::Params;
use serde::{Deserialize, Deserializer, Serialize};
use std::path::{Path, PathBuf};

/// A layer of the map canvas that can be shown or hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layer {
    /// Terrain pieces as translucent shapes.
    Terrain,
    /// Usable hexes light, unusable hexes dark and hatched.
    Usable,
    /// Bushes, Outposts, objectives, barracks and bases.
    Features,
    /// The sides' starting zones.
    Zones,
    /// Markers on hexes with validation findings.
    Findings,
    /// Axial `q,r` labels on hexes (when zoomed in far enough).
    Coordinates,
    /// Marks on hexes that break the chosen symmetry.
    Symmetry,
}

impl Layer {
    /// Every layer, in the order the layer panel lists them.
    pub const ALL: [Self; 7] = [
        Self::Terrain,
        Self::Usable,
        Self::Features,
        Self::Zones,
        Self::Findings,
        Self::Symmetry,
        Self::Coordinates,
    ];

    /// The checkbox label.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Terrain => "Terrain",
            Self::Usable => "Usable hexes",
            Self::Features => "Features",
            Self::Zones => "Starting zones",
            Self::Findings => "Validation markers",
            Self::Coordinates => "Coordinates",
            Self::Symmetry => "Symmetry breaks",
        }
    }

    /// A one-line explanation (tooltip).
    #[must_use]
    pub const fn hint(self) -> &'static str {
        match self {
            Self::Terrain => "Terrain pieces as translucent shapes, coloured by kind",
            Self::Usable => {
                "Usable hexes light; unusable hexes (less than half free) dark and hatched"
            }
            Self::Features => "Bushes, Outposts, Energy objectives, barracks and bases",
            Self::Zones => "Each side's starting zone, in the side's colour",
            Self::Findings => "A badge on every hex with a validation error or warning",
            Self::Coordinates => "Axial q,r coordinates on each hex when zoomed in",
            Self::Symmetry => {
                "A dashed mark on every hex or object that breaks the chosen symmetry mode, and a ringed cross at its centre"
            }
        }
    }
}

/// Which canvas layers are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "one independent toggle per layer"
)]
pub struct Layers {
    /// See [`Layer::Terrain`].
    pub terrain: bool,
    /// See [`Layer::Usable`].
    pub usable: bool,
    /// See [`Layer::Features`].
    pub features: bool,
    /// See [`Layer::Zones`].
    pub zones: bool,
    /// See [`Layer::Findings`].
    pub findings: bool,
    /// See [`Layer::Coordinates`].
    pub coordinates: bool,
    /// See [`Layer::Symmetry`].
    pub symmetry: bool,
}

impl Default for Layers {
    fn default() -> Self {
        Self {
            terrain: true,
            usable: true,
            features: true,
            zones: true,
            findings: true,
            coordinates: false,
            symmetry: true,
        }
    }
}

impl Layers {
    /// Whether `layer` is shown.
    #[must_use]
    pub const fn get(self, layer: Layer) -> bool {
        match layer {
            Layer::Terrain => self.terrain,
            Layer::Usable => self.usable,
            Layer::Features => self.features,
            Layer::Zones => self.zones,
            Layer::Findings => self.findings,
            Layer::Coordinates => self.coordinates,
            Layer::Symmetry => self.symmetry,
        }
    }

    /// Shows or hides `layer`.
    pub const fn set(&mut self, layer: Layer, shown: bool) {
        let slot = match layer {
            Layer::Terrain => &mut self.terrain,
            Layer::Usable => &mut self.usable,
            Layer::Features => &mut self.features,
            Layer::Zones => &mut self.zones,
            Layer::Findings => &mut self.findings,
            Layer::Coordinates => &mut self.coordinates,
            Layer::Symmetry => &mut self.symmetry,
        };
        *slot = shown;
    }
}

/// How many recently used files the app remembers.
pub const RECENT_FILES: usize = 10;

/// Everything the app remembers between runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Shown canvas layers.
    pub layers: Layers,
    /// Light, dark or follow the system.
    pub theme: ThemeChoice,
    /// The active tool and its options.
    pub tools: ToolOptions,
    /// Recently opened or saved map files, most recent first.
    pub recent: Vec<PathBuf>,
    /// Whether the history panel is shown.
    pub show_history: bool,
    /// What the Generate dialog was last set to.
    #[serde(deserialize_with = "or_default")]
    pub generate: GenerateChoice,
}

/// What the Generate dialog was last set to: it opens so again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenerateChoice {
    /// The generator's parameters (players, size, style…).
    pub params: Params,
    /// The first seed previewed.
    pub first_seed: u64,
}

impl Default for GenerateChoice {
    fn default() -> Self {
        let form = GenerateForm::default();
        Self {
            params: form.params,
            first_seed: form.first_seed,
        }
    }
}

impl GenerateChoice {
    /// Remembers what `form` is set to.
    pub fn remember(&mut self, form: &GenerateForm) {
        if self.params != form.params {
            self.params.clone_from(&form.params);
        }
        self.first_seed = form.first_seed;
    }

    /// A Generate dialog set as remembered, with no previews yet.
    #[must_use]
    pub fn form(&self) -> GenerateForm {
        GenerateForm {
            params: self.params.clone(),
            first_seed: self.first_seed,
            ..GenerateForm::default()
        }
    }
}

/// A stored value, or its default when it does not read (written by a
/// version whose generator had other parameters): one field that does not
/// read must not lose every other setting.
fn or_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either<T> {
        Read(T),
        Other(serde::de::IgnoredAny),
    }
    Ok(match Either::<T>::deserialize(d)? {
        Either::Read(t) => t,
        Either::Other(_) => T::default(),
    })
}

impl Settings {
    /// The key the settings are stored under.
    pub const STORAGE_KEY: &'static str = "hexwright.settings";

    /// Puts `path` first in the recent files (with its folder, however it
    /// was typed), without repeats.
    pub fn remember(&mut self, path: &Path) {
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_FILES);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_and_get_agree_for_every_layer() {
        for layer in Layer::ALL {
            let mut l = Layers::default();
            l.set(layer, false);
            assert!(!l.get(layer));
            l.set(layer, true);
            assert!(l.get(layer));
        }
    }

    #[test]
    fn missing_fields_take_their_defaults() {
        let s: Settings = serde_json::from_str(r#"{"layers":{"terrain":false}}"#).unwrap();
        assert!(!s.layers.terrain);
        assert!(s.layers.zones);
        assert_eq!(s.theme, ThemeChoice::System);
    }

    #[test]
    fn recent_files_are_unique_most_recent_first_and_bounded() {
        let mut s = Settings::default();
        for i in 0..15 {
            s.remember(Path::new(&format!("/maps/{i}.ron")));
        }
        s.remember(Path::new("/maps/12.ron"));
        assert_eq!(s.recent.len(), RECENT_FILES);
        assert_eq!(s.recent[0], Path::new("/maps/12.ron"));
        assert_eq!(s.recent.iter().filter(|p| p.ends_with("12.ron")).count(), 1);
    }
}
