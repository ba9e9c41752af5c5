//! A map's fairness certificate: the record, saved in the map file, that
//! the seat test decided "fair" at a skill level on games that were not
//! used to choose the map's edits (`fairness.md`: *certified fair*).
//!
//! The certificate says what was played (ruleset, bots, round limit, the
//! first seed and how many games), the test's margin and α, every seat's
//! share of the wins with its interval, what identifies the rules (the
//! ruleset, the roster's hash and the engine's version), the date, and the
//! hash of the map it was made for. It is void when the map changes:
//! [`Certificate::holds_for`] compares that hash with the map's own
//! (computed without its certificates), which `hexwright validate` and the
//! editor's inspector report. Maps without certificates load as before.

use super::Map;
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
    /// The hash of the map it was made for, without its certificates
    /// ([`map_content_hash`]).
    pub map: String,
}

impl Certificate {
    /// Whether the certificate was made for `map` as it is now.
    #[must_use]
    pub fn holds_for(&self, map: &Map) -> bool {
        map_content_hash(map).is_ok_and(|h| h == self.map)
    }

    /// The certificate in one line: "fair within ±5.0% for greedy in
    /// akw-rules-v1 (α 5%, 1,234 games: 49.1% [45.0, 53.2], …)".
    #[must_use]
    pub fn summary(&self) -> String {
        let seats = seats_text(&self.shares, &self.intervals);
        format!(
            "certified fair within ±{:.1}% for {} in {} (α {}%, {} games from seed {}, {}): {}",
            100.0 * self.margin,
            self.bot,
            self.ruleset,
            // A search's attempts share α: 5% / 3 is 1.67%, not "2%".
            format!("{:.2}", 100.0 * self.alpha)
                .trim_end_matches('0')
                .trim_end_matches('.'),
            self.games,
            self.seed,
            self.date,
            seats
        )
    }
}

/// Every seat's share with its interval, in percent: "side 0 49.1% [45.0,
/// 53.2], side 1 …" — how certificates and certification reports say it.
#[must_use]
pub fn seats_text(shares: &[f64], intervals: &[[f64; 2]]) -> String {
    shares
        .iter()
        .zip(intervals)
        .enumerate()
        .map(|(p, (s, [lo, hi]))| {
            format!(
                "side {p} {:.1}% [{:.1}, {:.1}]",
                100.0 * s,
                100.0 * lo,
                100.0 * hi
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The hash of `map`'s content without its certificates: what a
/// certificate names and [`Certificate::holds_for`] checks.
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
        }
    }

    #[test]
    fn the_summary_gives_alpha_as_it_is() {
        let s = certificate(0.05).summary();
        assert!(s.starts_with("certified fair within ±5.0% for greedy in akw-rules-v1 (α 5%, 1234 games from seed 7, 2026-12-06): side 0 49.1%"), "{s}");
        let s = certificate(0.05 / 3.0).summary();
        assert!(s.contains("(α 1.67%,"), "{s}");
    }
}
