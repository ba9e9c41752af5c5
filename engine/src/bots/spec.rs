//! [`BotSpec`]: a bot's name with, for the search bot, its budget, as batch
//! files name their bots (`greedy`, `search:400`, `search:400:50ms`). The
//! one reading of a bot's name for every command line, file and form.

use super::BotKind;
use super::search::MAX_PLAYOUTS;
use std::fmt;
use std::str::FromStr;

/// A bot, and the search bot's budget when the name gives one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotSpec {
    /// The bot.
    pub kind: BotKind,
    /// The search bot's playouts per decision, when given (1 to
    /// [`MAX_PLAYOUTS`]).
    pub playouts: Option<u32>,
    /// The search bot's time per decision in milliseconds, when given (1 to
    /// 60,000).
    pub think_ms: Option<u64>,
}

impl BotSpec {
    /// Whether the name gave a budget.
    #[must_use]
    pub fn has_budget(&self) -> bool {
        self.playouts.is_some() || self.think_ms.is_some()
    }
}

/// A name that is not a bot, or a budget that is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotSpecError {
    /// No bot has that name.
    #[error("unknown bot `{0}` (bots: random, greedy, planner, search, policy)")]
    Unknown(String),
    /// A budget on a bot that has none, or a budget out of range.
    #[error(
        "`{0}` is not a bot and budget: only the search bot takes one, as search:PLAYOUTS \
         (1 to {MAX_PLAYOUTS}) or search:PLAYOUTS:MSms (1 to 60000 ms)"
    )]
    BadBudget(String),
}

impl FromStr for BotSpec {
    type Err = BotSpecError;

    fn from_str(s: &str) -> Result<Self, BotSpecError> {
        let mut parts = s.trim().split(':');
        let name = parts.next().unwrap_or_default();
        let kind = BotKind::ALL
            .into_iter()
            .find(|b| b.name() == name)
            .ok_or_else(|| BotSpecError::Unknown(s.to_owned()))?;
        let bad = || BotSpecError::BadBudget(s.to_owned());
        let playouts = match parts.next() {
            None => None,
            Some(p) => Some(
                p.parse::<u32>()
                    .ok()
                    .filter(|n| (1..=MAX_PLAYOUTS).contains(n))
                    .ok_or_else(bad)?,
            ),
        };
        let think_ms = match parts.next() {
            None => None,
            Some(t) => Some(
                t.strip_suffix("ms")
                    .and_then(|ms| ms.parse::<u64>().ok())
                    .filter(|ms| (1..=60_000).contains(ms))
                    .ok_or_else(bad)?,
            ),
        };
        if parts.next().is_some() || (playouts.is_some() && kind != BotKind::Search) {
            return Err(bad());
        }
        Ok(Self {
            kind,
            playouts,
            think_ms,
        })
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.name())?;
        if let Some(p) = self.playouts {
            write!(f, ":{p}")?;
        }
        if let Some(ms) = self.think_ms {
            write!(f, ":{ms}ms")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_budgets_read_one_way() {
        let spec = |s: &str| s.parse::<BotSpec>();
        assert_eq!(spec("greedy").map(|b| b.kind), Ok(BotKind::Greedy));
        let s = spec("search:400:50ms").unwrap();
        assert_eq!(
            (s.kind, s.playouts, s.think_ms),
            (BotKind::Search, Some(400), Some(50))
        );
        assert_eq!(s.to_string(), "search:400:50ms");
        for bad in [
            "search:0",
            "search:x",
            "search:1000001",
            "search:400:0ms",
            "search:400:50",
            "search:400:50ms:1",
            "greedy:3",
        ] {
            assert!(
                matches!(spec(bad), Err(BotSpecError::BadBudget(_))),
                "{bad}"
            );
        }
        assert_eq!(
            spec("chess"),
            Err(BotSpecError::Unknown("chess".to_owned()))
        );
    }
}
