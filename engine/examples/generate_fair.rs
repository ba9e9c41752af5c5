//! Fair by construction: generated maps made certified fair by the balance
//! assistant (as `hexwright generate --fair greedy` does), then checked by
//! an independent until-decided batch on fresh seeds.
//!
//! ```text
//! cargo run --release -p hexwright-engine --example generate_fair -- [RUNS] [ALPHA]
//! ```
//!
//! For `RUNS` runs (default 20) of 2, 3 and 4 players (the generator's
//! defaults), [`fair_generated`] does what `generate --fair greedy --seed S`
//! does, `S` = 1, 5, 9, ... (so no two runs share a seed): the assistant
//! edits and certifies each seed's map at the greedy level, trying the next
//! seed (up to 4, each at `α / 4`) when it cannot; each certified map is then played by greedy on every seat on
//! seeds no certification used, until the seat test (at `ALPHA`, default
//! 0.05, the margin 5 points) decides. The map is *called unfair* when a
//! seat's interval lies wholly outside `1/N ± margin`. Prints a line per
//! map and, per player count, how many were certified and how many of
//! those the independent batch called unfair, against the `α` share one
//! would expect at most; exits 1 when the calls exceed `α` of the
//! certified maps (rounded up) in any player count.

use hexwright_engine::bots::BotKind;
use hexwright_engine::fix::generated::DEFAULT_SEEDS;
use hexwright_engine::fix::{Options, fair_generated};
use hexwright_engine::map::generate::Params;
use hexwright_engine::rotation::Rotation;
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::scenario::Scenario;
use hexwright_engine::ruleset::RulesetId;
use hexwright_engine::sequential::{DEFAULT_MARGIN, Plan, Question};
use hexwright_engine::until_decided::play_seats_prepared;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The most games of the independent batch.
const MAX_GAMES: usize = 10_000;

fn main() {
    let mut args = std::env::args().skip(1);
    let runs: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(20);
    let alpha: f64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(0.05);
    let roster = Roster::bundled();
    let mut over = false;
    for players in 2..=4u8 {
        let (mut certified, mut unfair, mut retried) = (0usize, 0usize, 0usize);
        for run in 0..runs {
            // Runs never share a seed: each tries its own `DEFAULT_SEEDS`.
            let first = 1 + run * DEFAULT_SEEDS as u64;
            let started = Instant::now();
            let opts = Options {
                date: "2026-12-06".to_owned(),
                ..Options::default()
            };
            let result = match fair_generated(
                &Params::new(players),
                first,
                DEFAULT_SEEDS,
                &roster,
                &opts,
                &|_| {},
                &AtomicBool::new(false),
            ) {
                Ok(r) => r,
                Err(e) => {
                    println!("{players} players, seeds from {first}: the assistant failed: {e}");
                    continue;
                }
            };
            let tried: Vec<String> = result
                .tried
                .iter()
                .map(|t| {
                    format!(
                        "seed {} after {} edit(s): {}",
                        t.seed,
                        t.fixed.steps.len(),
                        t.fixed.verdict()
                    )
                })
                .collect();
            let Some(kept) = result.certified() else {
                println!(
                    "{players} players, seeds from {first}: none certified ({:.0} s): {}",
                    started.elapsed().as_secs_f64(),
                    tried.join(" | ")
                );
                continue;
            };
            certified += 1;
            retried += usize::from(result.tried.len() > 1);
            let (called, text) = independent(&kept.fixed.map, &roster, kept.seed, alpha);
            unfair += usize::from(called);
            println!(
                "{players} players, seeds from {first}: kept seed {} of {} tried, after {} edit(s); fresh seeds: {text} ({:.0} s)",
                kept.seed,
                result.tried.len(),
                kept.fixed.steps.len(),
                started.elapsed().as_secs_f64()
            );
        }
        let allowed = (alpha * certified as f64).ceil() as usize;
        println!(
            "{players} players: {certified} of {runs} certified ({retried} on a later seed); the independent batch called {unfair} of them unfair (at most {allowed} expected at alpha {alpha})"
        );
        over |= unfair > allowed;
    }
    std::process::exit(i32::from(over));
}

/// Plays `map` until the seat test decides on seeds far from any the
/// assistant used: whether it calls the map unfair, and the verdict in
/// words.
fn independent(
    map: &hexwright_engine::map::Map,
    roster: &Roster,
    seed: u64,
    alpha: f64,
) -> (bool, String) {
    let n = map.player_count();
    let ruleset = RulesetId::for_players(n)[0];
    let prepared = Scenario::for_map(map.clone(), 1, ruleset.default_round_limit())
        .with_ruleset(ruleset)
        .prepare(std::path::Path::new("."), roster, "generated")
        .expect("a generated map plays");
    let rotation = Rotation {
        matches: MAX_GAMES,
        bots: vec![BotKind::Greedy; n],
        seed: 7_000_000_000 + seed * 1_000_000,
    };
    let plan = Plan::new(alpha, DEFAULT_MARGIN, MAX_GAMES)
        .expect("a plan")
        .asking(Question::WithinMargin);
    let d = play_seats_prepared(
        &prepared,
        &rotation,
        plan,
        &|_| {},
        &AtomicBool::new(false),
        &mut |_| {},
    );
    let fair = 1.0 / n as f64;
    let last = d.test.looks().last().cloned();
    let called = last.as_ref().is_some_and(|l| {
        l.intervals
            .iter()
            .any(|i| i[0] > fair + DEFAULT_MARGIN || i[1] < fair - DEFAULT_MARGIN)
    });
    let text = last.map_or_else(
        || "no look".to_owned(),
        |l| {
            let shares: Vec<String> = l
                .estimates
                .iter()
                .zip(&l.intervals)
                .map(|(e, i)| {
                    format!(
                        "{:.1}% [{:.1}, {:.1}]",
                        e * 100.0,
                        i[0] * 100.0,
                        i[1] * 100.0
                    )
                })
                .collect();
            format!(
                "{} after {} games: {}",
                if called { "unfair" } else { "not unfair" },
                l.games,
                shares.join(", ")
            )
        },
    );
    (called, text)
}
