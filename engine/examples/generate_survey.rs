//! A survey of the map generator: for each style and player count, the
//! distributions of the static analysis figures and of match length over
//! many seeds, so that the styles are visibly different and none
//! degenerates (one route only, matches that end in a draw at the round
//! limit).
//!
//! ```text
//! cargo run --release -p hexwright-engine --example generate_survey -- [SEEDS] [MATCHES] [STYLE]
//! ```
//!
//! `SEEDS` maps per style and player count (default 100), each played
//! `MATCHES` times by the greedy bot on every seat (default 2; the
//! player count's default ruleset, its round limit). Prints one Markdown
//! table row per style and player count, each figure as its median with
//! the 10th and 90th percentiles: grid and usable hexes, open share (usable
//! of grid), mean openness, chokepoints and their median width, routes
//! between the two farthest zones (ways that avoid each other and the
//! hexes beside them, up to 4), steps from a zone to its nearest Energy
//! objective, the territory spread (largest less smallest share), match
//! rounds and the share of matches drawn at the round limit. `STYLE`
//! (`open-field`, `islands`, `rivers` or `passes`) surveys that style only.

use hexwright_engine::Hex;
use hexwright_engine::analysis::{Analysis, Movement};
use hexwright_engine::coverage::Coverage;
use hexwright_engine::map::FeatureKind;
use hexwright_engine::map::generate::{Params, Style, generate};
use hexwright_engine::rotation::{self, Rotation};
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::scenario::Scenario;
use hexwright_engine::ruleset::{AkwRulesV1, PhaseRulesV1, RulesetId};
use std::collections::{HashSet, VecDeque};
use std::sync::atomic::AtomicBool;

/// The figures of one map.
#[derive(Default)]
struct Row {
    grid: Vec<f64>,
    usable: Vec<f64>,
    open: Vec<f64>,
    openness: Vec<f64>,
    chokes: Vec<f64>,
    choke_width: Vec<f64>,
    routes: Vec<f64>,
    objective: Vec<f64>,
    spread: Vec<f64>,
    rounds: Vec<f64>,
    limit_draws: Vec<f64>,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let seeds: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(100);
    let matches: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(2);
    let only: Option<Style> = args.next().and_then(|s| s.parse().ok());
    let roster = Roster::bundled();
    println!(
        "| style | players | grid hexes | open share | openness | chokes | choke width | routes | steps to an objective | territory spread | rounds | drawn at the limit |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for style in Style::ALL
        .into_iter()
        .filter(|s| only.is_none_or(|o| o == *s))
    {
        for players in 2..=4u8 {
            let mut row = Row::default();
            let params = Params {
                style,
                ..Params::new(players)
            };
            for seed in 1..=seeds {
                let map = generate(&params, seed).expect("default parameters generate");
                survey(&map, &roster, matches, seed, &mut row);
            }
            println!(
                "| {} | {players} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                style.label(),
                spread(&row.grid, 0),
                spread(&row.open, 2),
                spread(&row.openness, 1),
                spread(&row.chokes, 0),
                spread(&row.choke_width, 1),
                spread(&row.routes, 0),
                spread(&row.objective, 1),
                spread(&row.spread, 3),
                spread(&row.rounds, 1),
                mean(&row.limit_draws),
            );
        }
    }
}

/// Adds the figures of `map` to `row`.
fn survey(
    map: &hexwright_engine::map::Map,
    roster: &Roster,
    matches: usize,
    seed: u64,
    row: &mut Row,
) {
    let coverage = Coverage::new(map).expect("a generated map is within limits");
    let n = map.player_count();
    let a = Analysis::new(map, &coverage, Movement::for_players(n));
    let grid = coverage.hexes().len() as f64;
    row.grid.push(grid);
    row.usable.push(coverage.usable_count() as f64);
    row.open.push(coverage.usable_count() as f64 / grid);
    let open: Vec<f64> = a
        .openness
        .cells
        .iter()
        .filter(|&&o| o != u16::MAX)
        .map(|&o| f64::from(o))
        .collect();
    row.openness.push(mean_of(&open));
    row.chokes.push(a.chokes.len() as f64);
    let mut widths: Vec<f64> = a.chokes.iter().map(|c| c.width as f64).collect();
    widths.sort_by(f64::total_cmp);
    if let Some(&w) = widths.get(widths.len() / 2) {
        row.choke_width.push(w);
    }
    let usable: HashSet<Hex> = coverage.usable_hexes().into_iter().collect();
    let (i, j) = farthest(map);
    row.routes
        .push(routes(&usable, &map.zones[i].hexes, &map.zones[j].hexes, 4) as f64);
    for p in 0..n {
        let best = a
            .reach
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Objective)
            .filter_map(|f| f.steps[p])
            .min();
        if let Some(s) = best {
            row.objective.push(f64::from(s));
        }
    }
    let shares = &a.territory.area_share;
    let (lo, hi) = shares
        .iter()
        .fold((f64::INFINITY, 0.0f64), |(l, h), &s| (l.min(s), h.max(s)));
    row.spread.push(hi - lo);
    let ruleset = RulesetId::for_players(n)[0];
    let scenario =
        Scenario::for_map(map.clone(), seed, ruleset.default_round_limit()).with_ruleset(ruleset);
    let prepared = scenario
        .prepare(std::path::Path::new("."), roster, "generated")
        .expect("a generated map plays");
    let batch = Rotation {
        matches,
        bots: vec![hexwright_engine::bots::BotKind::Greedy; n],
        seed: seed * 1000,
    };
    let never = AtomicBool::new(false);
    let played = match ruleset {
        RulesetId::AkwRulesV1 => {
            rotation::simulate::<AkwRulesV1>(&prepared, &batch, &|_| {}, &never)
        }
        RulesetId::PhaseRulesV1 => {
            rotation::simulate::<PhaseRulesV1>(&prepared, &batch, &|_| {}, &never)
        }
    };
    for m in &played {
        row.rounds.push(f64::from(m.rounds));
        let at_limit = m.winner.is_none() && m.rounds >= prepared.rules.round_limit;
        row.limit_draws.push(if at_limit { 1.0 } else { 0.0 });
    }
}

/// The two zones farthest apart (by their first hexes).
fn farthest(map: &hexwright_engine::map::Map) -> (usize, usize) {
    let mut best = (0, 1, 0);
    for i in 0..map.zones.len() {
        for j in i + 1..map.zones.len() {
            let d = map.zones[i].hexes[0].unsigned_distance_to(map.zones[j].hexes[0]);
            if d > best.2 {
                best = (i, j, d);
            }
        }
    }
    (best.0, best.1)
}

/// Routes from `a` to `b`: each a shortest way avoiding the earlier ones
/// and the hexes beside them (away from the zones), up to `most`.
fn routes(usable: &HashSet<Hex>, a: &[Hex], b: &[Hex], most: usize) -> usize {
    let near = |h: Hex| a.iter().chain(b).any(|&z| z.unsigned_distance_to(h) <= 2);
    let mut avoid: HashSet<Hex> = HashSet::new();
    for k in 0..most {
        let mut parent = std::collections::HashMap::new();
        let mut seen: HashSet<Hex> = a.iter().copied().collect();
        let mut queue: VecDeque<Hex> = a.iter().copied().collect();
        let mut end = None;
        while let Some(h) = queue.pop_front() {
            if b.contains(&h) {
                end = Some(h);
                break;
            }
            for n in h.all_neighbors() {
                if usable.contains(&n) && !avoid.contains(&n) && seen.insert(n) {
                    parent.insert(n, h);
                    queue.push_back(n);
                }
            }
        }
        let Some(mut h) = end else {
            return k;
        };
        loop {
            for x in std::iter::once(h).chain(h.all_neighbors()) {
                if !near(x) {
                    avoid.insert(x);
                }
            }
            match parent.get(&h) {
                Some(&p) => h = p,
                None => break,
            }
        }
    }
    most
}

fn mean_of(v: &[f64]) -> f64 {
    if v.is_empty() {
        0.0
    } else {
        v.iter().sum::<f64>() / v.len() as f64
    }
}

/// `median [p10, p90]`.
fn spread(v: &[f64], decimals: usize) -> String {
    if v.is_empty() {
        return "–".to_owned();
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let at = |q: f64| s[((s.len() - 1) as f64 * q).round() as usize];
    format!(
        "{:.*} [{:.*}, {:.*}]",
        decimals,
        at(0.5),
        decimals,
        at(0.1),
        decimals,
        at(0.9)
    )
}

fn mean(v: &[f64]) -> String {
    format!("{:.0}%", 100.0 * mean_of(v))
}
