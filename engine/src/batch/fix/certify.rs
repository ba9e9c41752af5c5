//! Certifying a map at a skill level: the anytime-valid seat test
//! ([`crate::seat_test`]), the level's bot on every seat, on seeds of its
//! own — never the seeds that chose an edit — and, when it decides "fair",
//! the [`Certificate`] that says so. It asks only whether the map is fair
//! within the margin ([`Question::WithinMargin`]): a seat favoured by less
//! than the margin does not stop it, since more games may still show every
//! seat within the margin (a map at 53% is fair within 5 points, and
//! favoured too).

use super::paired::{Level, play_trace, prepare};
use crate::coverage::Coverage;
use crate::map::Map;
use crate::map::certificate::{Certificate, board_hash};
use crate::rotation::Rotation;
use crate::rules::Roster;
use crate::rules::roster::roster_hash;
use crate::rules::scenario::ScenarioError;
use crate::sequential::{Decision, Plan, Question};
use crate::standing::{Standing, games_text};
use std::sync::atomic::AtomicBool;

/// What one certification attempt found.
#[derive(Clone, Debug, PartialEq)]
pub struct Certification {
    /// The level certified.
    pub level: Level,
    /// What the seat test decided ([`Decision::Stopped`] when cancelled).
    pub decision: Decision,
    /// The test's plan (its α may be a share of the assistant's, when it
    /// may certify more than once).
    pub plan: Plan,
    /// The first seed of its games.
    pub seed: u64,
    /// Independent games played.
    pub games: usize,
    /// Each seat's mean share at the last look.
    pub shares: Vec<f64>,
    /// Each seat's interval at the last look.
    pub intervals: Vec<[f64; 2]>,
    /// The certificate, when the test decided "fair".
    pub certificate: Option<Certificate>,
    /// How many of the search's edits the map had when it was played (0
    /// outside a search): a certification older than the last edit is of
    /// another map.
    pub edits: usize,
}

impl Certification {
    /// The decision in words, with every seat's share and interval.
    #[must_use]
    pub fn sentence(&self) -> String {
        let standing = Standing::new(&self.shares, &self.intervals, self.plan.margin);
        let what = match self.decision {
            Decision::Fair => "certified: ",
            Decision::Stopped => "stopped before a decision: ",
            Decision::Undecided => "undecided at the most games: ",
            Decision::Favoured { .. } | Decision::Disfavoured { .. } => "",
        };
        format!(
            "{}: {what}{}",
            self.level,
            standing.sentence(&games_text(self.games, "fresh"))
        )
    }
}

/// What a certification plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ask<'a> {
    /// The level: its bot on every seat.
    pub level: Level,
    /// The first seed (match `i` plays `seed + i`).
    pub seed: u64,
    /// The test's α, margin and most games.
    pub plan: Plan,
    /// The date written into the certificate (`YYYY-MM-DD`).
    pub date: &'a str,
}

/// Plays the seat test on `map` as `ask` says and certifies the map when
/// it decides "fair".
///
/// # Errors
/// When a match cannot be set up on the map, or the map or roster cannot
/// be hashed.
pub fn certify(
    map: &Map,
    roster: &Roster,
    ask: &Ask<'_>,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Certification, CertifyError> {
    // Certification asks only whether the map is fair within the margin:
    // a seat favoured by less than the margin plays on.
    let plan = ask.plan.asking(Question::WithinMargin);
    let (level, seed, date) = (&ask.level, ask.seed, ask.date);
    let prepared = prepare(map, roster, level)?;
    let n = prepared.rules.arena.zones.len();
    let rotation = Rotation {
        matches: plan.max_games,
        bots: vec![level.bot; n],
        seed,
    };
    let d = crate::until_decided::play_seats_prepared(
        &prepared,
        &rotation,
        plan,
        progress,
        cancel,
        &mut |_| {},
    );
    let decision = if d.cancelled {
        Decision::Stopped
    } else {
        d.test.decision().unwrap_or(Decision::Undecided)
    };
    let (games, shares, intervals) = d.test.looks().last().map_or_else(
        || (0, vec![0.0; n], vec![[0.0, 1.0]; n]),
        |l| (l.games, l.estimates.clone(), l.intervals.clone()),
    );
    let certificate = if decision == Decision::Fair {
        Some(Certificate {
            ruleset: prepared.ruleset.to_string(),
            bot: crate::shard::bot_name(level.bot, &prepared),
            round_limit: level.round_limit,
            margin: plan.margin,
            alpha: plan.alpha,
            seed,
            games,
            shares: shares.clone(),
            intervals: intervals.clone(),
            roster: roster_hash(roster)?.to_string(),
            engine: env!("CARGO_PKG_VERSION").to_owned(),
            date: date.to_owned(),
            map: board_hash(map, &Coverage::new(map)?),
            play: play_trace(&prepared, level.bot, seed, cancel).unwrap_or_default(),
        })
    } else {
        None
    };
    Ok(Certification {
        level: *level,
        decision,
        plan,
        seed,
        games,
        shares,
        intervals,
        certificate,
        edits: 0,
    })
}

/// Why a certification cannot run.
#[derive(Debug, thiserror::Error)]
pub enum CertifyError {
    /// A match cannot be set up on the map.
    #[error(transparent)]
    Scenario(#[from] Box<ScenarioError>),
    /// The map or the roster cannot be written out to be hashed.
    #[error("cannot hash the map or roster: {0}")]
    Hash(#[from] ron::Error),
    /// The map is beyond a limit, so its usable hexes cannot be worked out.
    #[error(transparent)]
    Limit(#[from] crate::map::LimitError),
}

/// Whether `c` is a certificate of a bot that plays with other policy
/// weights than the ones this engine ships (`policy@<hash>`, or the guided
/// search's `search@<hash>`, another hash): it speaks of a bot the engine
/// no longer plays, so the assistant and the bundled maps drop it.
#[must_use]
pub fn of_other_weights(c: &Certificate) -> bool {
    c.bot
        .split_once('@')
        .is_some_and(|(_, h)| h != crate::bots::policy::weights_hash())
}

/// Whether `c`'s first games, played again on `map` by this engine, go as
/// they went when it was certified ([`Certificate::play`]): `Some(false)`
/// when the rules or the bots changed since, so that the certificate
/// speaks of games no longer played. `None` when it cannot tell: the
/// certificate keeps no trace of its games (written before they were
/// kept), was played with another roster, or names a bot this engine does
/// not play as it did (a search budget, other policy weights).
///
/// # Errors
/// When a match cannot be set up on the map, or the roster cannot be
/// hashed.
pub fn replays(c: &Certificate, map: &Map, roster: &Roster) -> Result<Option<bool>, CertifyError> {
    if c.play.is_empty() || of_other_weights(c) || roster_hash(roster)?.to_string() != c.roster {
        return Ok(None);
    }
    let name = c.bot.split('@').next().unwrap_or_default();
    let (Ok(bot), Ok(ruleset)) = (
        name.parse::<crate::bots::BotKind>(),
        c.ruleset.parse::<crate::ruleset::RulesetId>(),
    ) else {
        return Ok(None);
    };
    let level = Level {
        bot,
        round_limit: c.round_limit,
        ruleset: Some(ruleset),
    };
    let prepared = prepare(map, roster, &level)?;
    Ok(play_trace(&prepared, bot, c.seed, &AtomicBool::new(false)).map(|p| p == c.play))
}
