//! The one stable hash of the engine: FNV-1a 64, written as 16 hexadecimal
//! digits ([`Hash64`]). Replays, shard files and batch ids name maps,
//! rosters and states by it, so it never changes between versions.

use crate::format;
use crate::map::Map;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::hash::Hasher;

/// A 64-bit hash written as 16 lower-case hexadecimal digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Hash64(pub u64);

impl fmt::Display for Hash64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl TryFrom<String> for Hash64 {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        if s.len() != 16 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(format!(
                "`{}` is not a hash: expected 16 hexadecimal digits",
                s.chars().take(40).collect::<String>()
            ));
        }
        u64::from_str_radix(&s, 16)
            .map(Self)
            .map_err(|e| format!("`{s}` is not a hash: {e}"))
    }
}

impl From<Hash64> for String {
    fn from(h: Hash64) -> Self {
        h.to_string()
    }
}

/// FNV-1a 64 of some bytes.
#[must_use]
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h = fnv::FnvHasher::default();
    h.write(bytes);
    h.finish()
}

/// The content hash of a map: FNV-1a 64 of its canonical text
/// ([`format::to_ron_string`]).
pub fn map_hash(map: &Map) -> Result<Hash64, ron::Error> {
    Ok(Hash64(fnv1a64(format::to_ron_string(map)?.as_bytes())))
}
