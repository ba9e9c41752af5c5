//! A map's fairness certificate: the record, saved in the map file, that
//! the seat test decided "fair" at a skill level on games that were not
//! used to choose the map's edits (`fairness.md`: *certified fair*).
//!
//! The certificate says what was played (ruleset, bots, round limit, the
//! first seed and how many games), the test's margin and α, every seat's
//! share of the wins with its interval, what identifies the rules (the
//! ruleset, the roster's hash and the engine's version), the date, and the
//! hash of what its games were played on ([`board_hash`]: the player
//! count, the usable hexes, the features and the starting zones). It is
//! void when that changes: [`Certificate::holds_on`] compares the hash with
//! the map's own, which `hexwright validate` and the editor's inspector
//! report. An edit that changes none of it (the map's name, a terrain piece
//! that covers no hex) keeps the certificate. Certificates written before
//! they bound to the board hold while the whole file (without its
//! certificates) is unchanged ([`map_content_hash`]). Maps without
//! certificates load as before.
//!
//! A certificate also keeps how its first games went ([`Certificate::play`]):
//! playing them again tells whether the engine's rules and bots still play
//! the games it was certified on, which the board's hash cannot.

use super::{FeatureKind, Map};
use crate::coverage::Coverage;
use serde::{Deserialize, Serialize};

/// One skill level's certificate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certificate {
    /// The ruleset's id.
    pub ruleset: String,
    /// The bot on every seat (the skill level).
    pub bot: String,
    /// The round limit of every match.
    pub round_limit: u32,
    /// The fairness margin around each seat's fair share `1/N`.
    pub margin: f64,
    /// The chance that the decision is wrong, at most.
    pub alpha: f64,
    /// The first seed of the certifying games (match `i` used seed
    /// `seed + i`).
    pub seed: u64,
    /// Independent games played.
    pub games: usize,
    /// Each seat's share of the wins (a draw `1/N` to every seat).
    pub shares: Vec<f64>,
    /// Each seat's anytime-valid interval at the last look.
    pub intervals: Vec<[f64; 2]>,
    /// The roster's content hash.
    pub roster: String,
    /// The engine's version (`hexwright-engine` crate version).
    pub engine: String,
    /// The date the games were played (`YYYY-MM-DD`, UTC).
    pub date: String,
    /// The hash of what its games were played on ([`board_hash`]; in
    /// certificates written before they bound to the board, of the whole
    /// map without its certificates, [`map_content_hash`]).
    pub map: String,
    /// How its first games went, folded into 16 hexadecimal digits (each
    /// game's winner, length and commands): the same seeds played again by
    /// an engine whose rules and bots still play as these did give the same
    /// (`fix::replays`). A rule or a bot that changed since makes other
    /// games, and the certificate speaks of a game no longer played.
    /// Empty in certificates written before it was kept.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub play: String,
}

impl Certificate {
    /// Whether the certificate holds for `map` as it is now, whose coverage
    /// is `coverage`: its games were played on what `map` is played on.
    #[must_use]
    pub fn holds_on(&self, map: &Map, coverage: &Coverage) -> bool {
        board_hash(map, coverage) == self.map || map_content_hash(map).is_ok_and(|h| h == self.map)
    }

    /// [`Self::holds_on`], working out the map's coverage (a map beyond the
    /// limits holds no certificate).
    #[must_use]
    pub fn holds_for(&self, map: &Map) -> bool {
        Coverage::new(map).is_ok_and(|c| self.holds_on(map, &c))
    }
}

/// The hash of what a map's games are played on: the player count, the
/// usable hexes, every feature and every starting zone (each in a fixed
/// order), as 16 hexadecimal digits. The map's name, its description, the
/// terrain's pieces (but for the hexes they make unusable), the layout's
/// size and orientation are not in it: the rules never read them.
#[must_use]
pub fn board_hash(map: &Map, coverage: &Coverage) -> String {
    use std::fmt::Write as _;
    let key = |h: &hexx::Hex| (h.y, h.x);
    let mut text = format!("board v1; players {}; usable", map.player_count());
    let mut usable = coverage.usable_hexes();
    usable.sort_by_key(key);
    for h in &usable {
        let _ = write!(text, " {},{}", h.x, h.y);
    }
    let mut features: Vec<String> = map
        .features
        .iter()
        .map(|f| {
            let kind = match f.kind {
                FeatureKind::Bush => "bush".to_owned(),
                FeatureKind::Outpost => "outpost".to_owned(),
                FeatureKind::Objective => "objective".to_owned(),
                FeatureKind::Barracks { side } => format!("barracks {}", side.0),
                FeatureKind::Base { side } => format!("base {}", side.0),
            };
            format!("{},{} {kind}", f.hex.x, f.hex.y)
        })
        .collect();
    features.sort();
    let _ = write!(text, "; features {}", features.join(" "));
    let mut zones: Vec<(u8, Vec<(i32, i32)>)> = map
        .zones
        .iter()
        .map(|z| {
            let mut hexes: Vec<(i32, i32)> = z.hexes.iter().map(key).collect();
            hexes.sort_unstable();
            hexes.dedup();
            (z.side.0, hexes)
        })
        .collect();
    zones.sort();
    for (side, hexes) in zones {
        let _ = write!(text, "; zone {side}");
        for (r, q) in hexes {
            let _ = write!(text, " {q},{r}");
        }
    }
    crate::hash::Hash64(crate::hash::fnv1a64(text.as_bytes())).to_string()
}

// How a certificate reads ([`Certificate::summary`]) is the batch layer's
// one reading of seat intervals: `crate::standing`.

/// The hash of `map`'s content without its certificates: what
/// certificates written before [`board_hash`] named, and
/// [`Certificate::holds_on`] still accepts.
///
/// # Errors
/// When the map cannot be written out.
pub fn map_content_hash(map: &Map) -> Result<String, ron::Error> {
    let mut bare = map.clone();
    bare.certificates.clear();
    Ok(crate::hash::map_hash(&bare)?.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn certificate(alpha: f64) -> Certificate {
        Certificate {
            ruleset: "akw-rules-v1".to_owned(),
            bot: "greedy".to_owned(),
            round_limit: 40,
            margin: 0.05,
            alpha,
            seed: 7,
            games: 1234,
            shares: vec![0.491, 0.509],
            intervals: vec![[0.45, 0.532], [0.468, 0.55]],
            roster: String::new(),
            engine: String::new(),
            date: "2026-12-06".to_owned(),
            map: String::new(),
            play: String::new(),
        }
    }

    #[test]
    fn the_summary_gives_alpha_as_it_is() {
        let s = certificate(0.05).summary();
        assert_eq!(
            s,
            "Certified fair within ±5 points for greedy in akw-rules-v1; no side is favoured or disfavoured (side 0 49.1% [45.0, 53.2], side 1 50.9% [46.8, 55.0] over 1,234 games from seed 7, α 5%, 2026-12-06)"
        );
        let s = certificate(0.05 / 3.0).summary();
        assert!(s.contains(", α 1.67%,"), "{s}");
    }
}
