//! Balance across skill levels: the until-decided seat test
//! ([`crate::seat_test`]) once per skill level, the same bot on every side,
//! and in words whether the verdict changes with skill — what
//! `hexwright balance` prints and the sandbox's batch tab shows.

use crate::bots::{BotKind, HasBots};
use crate::rotation::Rotation;
use crate::ruleset::OnBoard;
use crate::seat_test::SeatLook;
use crate::sequential::{Decision, Plan};
use crate::standing::Standing;
use crate::until_decided::{SeatsDecided, play_seats_until_decided};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};

/// One skill level's verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Level {
    /// The bot on every side.
    pub bot: BotKind,
    /// What the test decided ([`Decision::Stopped`] when cancelled).
    pub decision: Decision,
    /// The decision in words.
    pub verdict: String,
    /// Independent games played.
    pub games: usize,
    /// Matches played.
    pub matches: usize,
    /// Every side's share of the wins at the last look.
    pub shares: Vec<f64>,
    /// Their intervals (anytime-valid, all together at level alpha).
    pub intervals: Vec<[f64; 2]>,
    /// The fairness margin the test read them against.
    #[serde(default = "default_margin")]
    pub margin: f64,
    /// Whether it was cancelled.
    pub cancelled: bool,
}

impl Level {
    /// The level of `bot` from its played test.
    #[must_use]
    pub fn new(bot: BotKind, d: &SeatsDecided) -> Self {
        let last = d.test.looks().last();
        let decision = if d.cancelled {
            Decision::Stopped
        } else {
            d.test.decision().unwrap_or(Decision::Undecided)
        };
        let margin = d.test.plan().margin;
        let shares: Vec<f64> = last.map(|l| l.estimates.clone()).unwrap_or_default();
        let intervals: Vec<[f64; 2]> = last.map(|l| l.intervals.clone()).unwrap_or_default();
        let reading = Standing::new(&shares, &intervals, margin).headline();
        let verdict = match decision {
            Decision::Stopped => format!("stopped before a decision: {reading}"),
            Decision::Undecided => format!("undecided at the most matches: {reading}"),
            _ => reading,
        };
        Self {
            bot,
            decision,
            verdict,
            games: last.map_or(0, |l| l.games),
            matches: d.played.len(),
            shares,
            intervals,
            margin,
            cancelled: d.cancelled,
        }
    }

    /// The level of a test a cluster is still playing in waves: its
    /// figures so far, and a verdict that says the test goes on.
    #[must_use]
    pub fn so_far(bot: BotKind, d: &SeatsDecided, waves: usize) -> Self {
        Self {
            verdict: format!("not decided yet after {waves} wave(s)"),
            ..Self::new(bot, d)
        }
    }

    /// The reading in a few words (`fair`, `fair, favours side 1`,
    /// `unfair, favours side 0`), as [`Standing::short`] says it.
    #[must_use]
    pub fn short(&self) -> String {
        match self.decision {
            Decision::Stopped => "stopped".to_owned(),
            _ => self.standing().short(),
        }
    }

    /// Where the level's map stands.
    #[must_use]
    pub fn standing(&self) -> Standing {
        Standing::new(&self.shares, &self.intervals, self.margin)
    }

    /// `side 0 31.2% [25.0, 37.4], side 1 …`.
    #[must_use]
    pub fn shares_text(&self) -> String {
        self.standing().seats_text()
    }
}

fn default_margin() -> f64 {
    crate::sequential::DEFAULT_MARGIN
}

/// Whether the verdict changes with skill, in words: "The verdict is the
/// same at every level: fair." or "The verdict changes with skill: fair
/// for greedy, favours side 1 for search."
#[must_use]
pub fn summary(levels: &[Level]) -> String {
    let first = levels.first().map(Level::short);
    if levels.iter().all(|l| Some(l.short()) == first) {
        return format!(
            "The verdict is the same at every level: {}.",
            first.unwrap_or_default()
        );
    }
    let parts: Vec<String> = levels
        .iter()
        .map(|l| format!("{} for {}", l.short(), l.bot))
        .collect();
    format!("The verdict changes with skill: {}.", parts.join(", "))
}

/// Plays the until-decided seat test at each of `skills` (at most `max`
/// matches each, seeds from `seed`) on `setup` with `players` players.
/// `on_look` gets the level's index and each look; `progress` the matches
/// finished at the current level. Once `cancel` is set the level playing
/// stops and no other starts.
#[allow(clippy::too_many_arguments)] // the test's plan, and its callbacks
pub fn play<R: HasBots + OnBoard>(
    setup: &R::Setup,
    players: usize,
    skills: &[BotKind],
    plan: Plan,
    seed: u64,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
    on_look: &mut dyn FnMut(usize, &SeatLook),
) -> Vec<Level>
where
    R::Setup: Sync,
{
    let mut levels = Vec::new();
    for (i, &bot) in skills.iter().enumerate() {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        let rotation = Rotation {
            matches: plan.max_games,
            bots: vec![bot; players],
            seed,
        };
        let d = play_seats_until_decided::<R>(setup, &rotation, plan, progress, cancel, &mut |l| {
            on_look(i, l);
        });
        levels.push(Level::new(bot, &d));
    }
    levels
}

/// [`play`] on a prepared scenario in its own ruleset, with its seed and
/// player count: what the command line and the sandbox call.
pub fn play_prepared(
    prepared: &crate::rules::scenario::Prepared,
    skills: &[BotKind],
    plan: Plan,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
    on_look: &mut dyn FnMut(usize, &SeatLook),
) -> Vec<Level> {
    use crate::ruleset::{AkwRulesV1, PhaseRulesV1, RulesetId};
    let (players, seed) = (prepared.players(), prepared.seed);
    match prepared.ruleset {
        RulesetId::AkwRulesV1 => play::<AkwRulesV1>(
            prepared, players, skills, plan, seed, progress, cancel, on_look,
        ),
        RulesetId::PhaseRulesV1 => play::<PhaseRulesV1>(
            prepared, players, skills, plan, seed, progress, cancel, on_look,
        ),
    }
}
