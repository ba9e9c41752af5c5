//! Fits the search bot's value weights (`bots::search::value::WEIGHTS`) to
//! the results of same-bot matches on the bundled two-player maps, and
//! prints them with how well they predict held-out games:
//! `cargo run --release -p hexwright-engine --example fit_value -- 200`.
//!
//! Each match is played from a seed far from the ladder's (100,000 on),
//! replayed, and every position at the start of a turn becomes a sample:
//! side 0's features minus side 1's, labelled with the match's result for
//! side 0 (a draw ½). Logistic regression without an intercept (the model
//! is the same from either side), by Newton's method with a little ridge.
//! Every fifth match is held out; its log loss is printed beside that of
//! the hand-set evaluation's logistic, which the search used before.

use hexwright_engine::bots::search::value::{FEATURES, NAMES, WEIGHTS, difference};
use hexwright_engine::bots::{BotKind, Evaluator, evaluate};
use hexwright_engine::format;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::logic::execute_unchecked;
use hexwright_engine::rules::scenario::Scenario;
use hexwright_engine::rules::{Command, Outcome, Roster};
use hexwright_engine::sim::{self, PlayOptions};
use rayon::prelude::*;
use std::path::Path;

type Sample = ([f64; FEATURES], f64, f64);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u64 = args.first().map_or(Ok(200), |s| s.parse())?;
    let roster = Roster::bundled();
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for name in ["twin-fords.ron", "broken-crown.ron", "ember-isles.ron"] {
        let map = format::load_map(&maps.join(name))?;
        let prepared = Scenario::for_map(map, 1, 60).prepare(&maps, &roster, name)?;
        let games: Vec<(u64, Vec<Sample>)> = (0..n)
            .into_par_iter()
            .map(|i| {
                let seed = 100_000 + i;
                let bot = if i % 2 == 0 {
                    BotKind::Planner
                } else {
                    BotKind::Greedy
                };
                let r = sim::play(&prepared, seed, [bot, bot], PlayOptions { record: true });
                let label = match r.outcome {
                    Outcome::Won(w) => f64::from(u8::from(w == PlayerId(0))),
                    Outcome::Draw => 0.5,
                };
                let (mut s, _) = prepared.new_match_with_seed(seed);
                let eval = Evaluator::new(&s);
                let mut samples = Vec::new();
                let mut events = Vec::new();
                let mut sample = |s: &hexwright_engine::rules::MatchState| {
                    if s.outcome().is_none() {
                        let hand = evaluate(s, PlayerId(0)) - evaluate(s, PlayerId(1));
                        samples.push((difference(&eval, s), hand, label));
                    }
                };
                sample(&s);
                for c in &r.commands {
                    events.clear();
                    execute_unchecked(&mut s, c, &mut events);
                    if *c == Command::EndTurn {
                        sample(&s);
                    }
                }
                (i, samples)
            })
            .collect();
        for (i, samples) in games {
            if i % 5 == 4 {
                held.extend(samples);
            } else {
                train.extend(samples);
            }
        }
    }
    println!(
        "{} training positions, {} held out",
        train.len(),
        held.len()
    );
    let w = fit(&train);
    println!("pub const WEIGHTS: [f64; FEATURES] = [");
    for (name, w) in NAMES.iter().zip(&w) {
        println!("    {w:.5}, // {name}");
    }
    println!("];");
    let loss = |p: &dyn Fn(&Sample) -> f64| {
        held.iter()
            .map(|s| {
                let q = p(s).clamp(1e-6, 1.0 - 1e-6);
                -(s.2 * q.ln() + (1.0 - s.2) * (1.0 - q).ln())
            })
            .sum::<f64>()
            / held.len().max(1) as f64
    };
    println!("held-out log loss (lower is better; 0.693 is a coin):");
    println!("  fitted now:  {:.4}", loss(&|s| predict(&w, &s.0)));
    println!("  WEIGHTS:     {:.4}", loss(&|s| predict(&WEIGHTS, &s.0)));
    println!(
        "  hand-set evaluation, logistic(d / 20): {:.4}",
        loss(&|s| logistic(s.1 / 20.0))
    );
    Ok(())
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn predict(w: &[f64; FEATURES], x: &[f64; FEATURES]) -> f64 {
    logistic(w.iter().zip(x).map(|(w, x)| w * x).sum())
}

/// Logistic regression by Newton's method, ridge 1 per feature.
fn fit(data: &[Sample]) -> [f64; FEATURES] {
    let mut w = [0.0; FEATURES];
    for _ in 0..30 {
        let mut g = [0.0; FEATURES];
        let mut h = [[0.0; FEATURES]; FEATURES];
        for (x, _, y) in data {
            let p = predict(&w, x);
            for i in 0..FEATURES {
                g[i] += (p - y) * x[i];
                for j in 0..FEATURES {
                    h[i][j] += p * (1.0 - p) * x[i] * x[j];
                }
            }
        }
        for i in 0..FEATURES {
            g[i] += w[i];
            h[i][i] += 1.0;
        }
        let step = solve(h, g);
        let mut moved = 0.0_f64;
        for i in 0..FEATURES {
            w[i] -= step[i];
            moved = moved.max(step[i].abs());
        }
        if moved < 1e-9 {
            break;
        }
    }
    w
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-12 {
            continue;
        }
        for row in 0..FEATURES {
            if row != col {
                let f = a[row][col] / d;
                let pivot_row = a[col];
                for (x, p) in a[row].iter_mut().zip(pivot_row).skip(col) {
                    *x -= f * p;
                }
                b[row] -= f * b[col];
            }
        }
    }
    std::array::from_fn(|i| {
        if a[i][i].abs() < 1e-12 {
            0.0
        } else {
            b[i] / a[i][i]
        }
    })
}
