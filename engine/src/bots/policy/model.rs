//! The policy network: features normalised, one hidden layer of rectified
//! units, one score. Its weights are a JSON file (`weights.json`, written
//! by `examples/train_policy.rs`), shipped inside the engine.

use super::FEATURES;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The version of the weights file.
pub const WEIGHTS_FORMAT: u32 = 1;

/// The shipped weights file.
const SHIPPED: &str = include_str!("weights.json");

/// A two-layer scoring network.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Model {
    /// Always [`WEIGHTS_FORMAT`].
    pub format: u32,
    /// Subtracted from each feature it reads: the first `mean.len()` of
    /// [`FEATURES`] (features are only ever appended, so weights trained
    /// before a feature was added still read the ones they know).
    pub mean: Vec<f32>,
    /// Then each feature is multiplied by this.
    pub scale: Vec<f32>,
    /// The hidden layer: one row of weights per unit, one per feature read.
    pub w1: Vec<Vec<f32>>,
    /// The hidden units' biases.
    pub b1: Vec<f32>,
    /// The output's weight on each hidden unit.
    pub w2: Vec<f32>,
    /// The output's bias.
    pub b2: f32,
}

/// A weights file that is not one.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// Not JSON of the right shape.
    #[error("the policy weights cannot be read: {0}")]
    Json(#[from] serde_json::Error),
    /// A format this engine does not read.
    #[error("the policy weights are format {0}; this engine reads format {WEIGHTS_FORMAT}")]
    Format(u32),
    /// Sizes that do not fit together.
    #[error("the policy weights do not fit together: {0}")]
    Shape(&'static str),
    /// A weight that is not a finite number.
    #[error("the policy weights hold a number that is not finite")]
    NotFinite,
}

impl Model {
    /// Reads a weights file and checks its shape.
    ///
    /// # Errors
    /// When it is not a [`Model`] of 1 to [`FEATURES`] inputs with finite
    /// weights.
    pub fn parse(text: &str) -> Result<Self, ModelError> {
        let m: Self = serde_json::from_str(text)?;
        if m.format != WEIGHTS_FORMAT {
            return Err(ModelError::Format(m.format));
        }
        let hidden = m.b1.len();
        if hidden == 0 {
            return Err(ModelError::Shape("no hidden units"));
        }
        let inputs = m.mean.len();
        if inputs == 0 || inputs > FEATURES {
            return Err(ModelError::Shape(
                "the weights read no feature, or more than this engine describes",
            ));
        }
        if m.scale.len() != inputs {
            return Err(ModelError::Shape(
                "the normalisation is not one number per feature",
            ));
        }
        if m.w1.len() != hidden || m.w1.iter().any(|r| r.len() != inputs) {
            return Err(ModelError::Shape(
                "the hidden layer is not one row of weights per unit",
            ));
        }
        if m.w2.len() != hidden {
            return Err(ModelError::Shape(
                "the output is not one weight per hidden unit",
            ));
        }
        let all = m
            .mean
            .iter()
            .chain(&m.scale)
            .chain(m.w1.iter().flatten())
            .chain(&m.b1)
            .chain(&m.w2)
            .chain(std::iter::once(&m.b2));
        if all.clone().any(|w| !w.is_finite()) {
            return Err(ModelError::NotFinite);
        }
        Ok(m)
    }

    /// How many features it reads (the first ones of [`FEATURES`]).
    #[must_use]
    pub fn inputs(&self) -> usize {
        self.mean.len()
    }

    /// The score of a candidate described by `x` (higher is better).
    /// Plain multiplications and additions in a fixed order, so the same
    /// on every machine.
    #[must_use]
    pub fn score(&self, x: &[f32; FEATURES]) -> f32 {
        let mut z = [0.0f32; FEATURES];
        for (k, zk) in z.iter_mut().enumerate().take(self.inputs()) {
            *zk = (x[k] - self.mean[k]) * self.scale[k];
        }
        let mut out = self.b2;
        for ((row, b), w) in self.w1.iter().zip(&self.b1).zip(&self.w2) {
            let mut h = *b;
            for (wk, zk) in row.iter().zip(&z) {
                h += wk * zk;
            }
            out += w * h.max(0.0);
        }
        out
    }
}

/// The shipped weights, read once.
///
/// # Panics
/// Never for the shipped file: a test reads it.
#[must_use]
pub fn weights() -> &'static Model {
    static MODEL: OnceLock<Model> = OnceLock::new();
    MODEL.get_or_init(|| Model::parse(SHIPPED).expect("the shipped policy weights are valid"))
}

/// The shipped weights' hash (16 hexadecimal digits of FNV-1a over the
/// file): batches played with other weights carry another, so they never
/// merge.
#[must_use]
pub fn weights_hash() -> String {
    use std::hash::Hasher as _;
    let mut h = fnv::FnvHasher::default();
    h.write(SHIPPED.as_bytes());
    format!("{:016x}", h.finish())
}
