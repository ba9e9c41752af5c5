//! Trains the policy bot (`bots::policy`) by imitation of the search bot,
//! and writes the weights the engine ships.
//!
//! ```text
//! cargo run --release -p hexwright-engine --example train_policy -- data \
//!     [--out DIR] [--matches N] [--shard I/N] [--first K] [--guide shipped|none|FILE]
//! cargo run --release -p hexwright-engine --example train_policy -- train \
//!     [--data DIR] [--out FILE] [--epochs N] [--hidden N] [--sharpen P] [--seed S]
//! cargo run --release -p hexwright-engine --example train_policy -- guided \
//!     [--pairs N] [--seed S] [--jobs J] [--ruleset ID]
//! cargo run --release -p hexwright-engine --example train_policy -- versus A B \
//!     [--pairs N] [--seed S] [--jobs J] [--ruleset ID]
//! ```
//!
//! `data` plays matches `K..K+N` of a fixed list (default `target/policy-data`,
//! 0..200): the search bot at its default budget against itself, the
//! greedy bot or the planner, seats rotated, on the bundled maps and on
//! generated maps of every style and player count (seeds 1,000 and up; maps
//! from seed 900,000 are never trained on, for testing), in akw-rules-v1
//! for two players and phase-rules-v1 for two to four. Each search
//! decision is a line of JSON ([`bots::policy::data::Sample`]) in
//! `DIR/matches-K-L.jsonl`. `--shard I/N` plays every N-th match from the
//! I-th, so machines can share a data set, and each match is the same
//! wherever it is played. `--guide` says in what order the search admits
//! its commands ([`bots::policy::data::Guide`]): `shipped` (the default)
//! as the search bot ships, `none` in the ruleset's ranking everywhere (the
//! first round of Expert Iteration), or `FILE` guided by those weights in
//! every ruleset (a later round, guided by the round before).
//!
//! The shipped weights were made in three rounds (`weights.md` beside them):
//!
//! ```text
//! train_policy -- data --guide none --first 0 --matches 465 --out R1
//! train_policy -- data --guide none --first 1000 --matches 260 --out R1
//! train_policy -- train --data R1 --epochs 30 --sharpen 2 --out round-1.json
//! train_policy -- data --guide round-1.json --first 2000 --matches 400 --out R2
//! train_policy -- train --data R1+R2 ...  --out round-2.json  (both folders' files in one)
//! train_policy -- data --guide round-2.json --first 3000 --matches 480 --out R3
//! train_policy -- train --data R3 --epochs 30 --sharpen 16
//! ```
//!
//! `round-1.json` and `round-2.json` are `weights-round-1.json` and
//! `weights-round-2.json` in `engine/src/bots/policy/`. Rounds 1 and 2 were
//! trained on the first 44 features; round 3's data has the ten that
//! describe the acting unit as well, so `train` skips the older rounds'
//! decisions (it says how many) and round 3 is trained on its own data.
//!
//! `train` reads every `.jsonl` file in the data folder, holds out every
//! tenth match's decisions, fits the network (candle: one layer of rectified units,
//! softmax over a decision's candidates, cross-entropy against the
//! search's visit shares, each visit count raised to `--sharpen` first,
//! `AdamW`), prints how often it picks the search's
//! most visited command on the held-out decisions beside the ruleset's
//! first-ranked command (the greedy choice), and writes the weights
//! (default `engine/src/bots/policy/weights.json`) and `weights.md`
//! beside them with the data, settings and figures.
//!
//! `guided` measures Expert Iteration's second step: the search guided by
//! the policy (`SearchConfig::guided`) against the search admitting
//! commands in the ruleset's ranking, at the same playouts, in `N`
//! seat-swapped pairs (default 100) over the bundled two-player maps from
//! seed `S` (default 700,001), on `J` threads (default 2); it prints every
//! game as it ends, then the guided search's score per map and pooled with
//! Hoeffding's 95% interval over the pairs.
//!
//! `versus A B` plays the same pairs with any two players, for choosing
//! between trained weights without building them into the engine:
//! `greedy`, `planner`, `policy` and `search` as they ship,
//! `search-ranked`, `search-guided`, `policy:FILE` (the policy playing
//! those weights) or `search-guided:FILE`; it prints A's score.

use candle_core::{Device, Tensor, Var};
use candle_nn::{Linear, Module, Optimizer};
use hexwright_engine::bots::policy::data::{self, Guide, Sample};
use hexwright_engine::bots::policy::{FEATURES, Model, weights};
use hexwright_engine::bots::search::Searchable;
use hexwright_engine::bots::{Bot, BotKind, HasBots, PolicyBot, SearchBot, SearchConfig, bot_rng};
use hexwright_engine::format;
use hexwright_engine::map::Map;
use hexwright_engine::map::generate::{self, Params, Style};
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::Outcome;
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::scenario::{Prepared, Scenario};
use hexwright_engine::ruleset::{AkwRulesV1, PhaseRulesV1, RulesetId};
use hexwright_engine::sim;
use std::fmt::Write as _;
use std::io::{BufRead as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opt = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    match args.first().map(String::as_str) {
        Some("data") => {
            let out = opt("--out").map_or_else(|| root.join("target/policy-data"), PathBuf::from);
            let matches: u64 = opt("--matches").map_or(Ok(200), |s| s.parse())?;
            let first: u64 = opt("--first").map_or(Ok(0), |s| s.parse())?;
            let (shard, shards) = match opt("--shard") {
                Some(s) => {
                    let (i, n) = s
                        .split_once('/')
                        .ok_or_else(|| anyhow::anyhow!("--shard I/N"))?;
                    (i.parse::<u64>()?, n.parse::<u64>()?.max(1))
                }
                None => (0, 1),
            };
            let guide = match opt("--guide").as_deref() {
                None | Some("shipped") => Guide::AsShipped,
                Some("none") => Guide::Ranked,
                Some(file) => {
                    let text = std::fs::read_to_string(file)
                        .map_err(|e| anyhow::anyhow!("{file}: {e}"))?;
                    Guide::By(Box::leak(Box::new(Model::parse(&text)?)))
                }
            };
            make_data(&root, &out, (first, matches), (shard, shards), guide)
        }
        Some("train") => {
            let data = opt("--data").map_or_else(|| root.join("target/policy-data"), PathBuf::from);
            let out = opt("--out").map_or_else(
                || root.join("engine/src/bots/policy/weights.json"),
                PathBuf::from,
            );
            let settings = Settings {
                epochs: opt("--epochs").map_or(Ok(30), |s| s.parse())?,
                sharpen: opt("--sharpen").map_or(Ok(1.0), |s| s.parse())?,
                hidden: opt("--hidden").map_or(Ok(32), |s| s.parse())?,
                seed: opt("--seed").map_or(Ok(1), |s| s.parse())?,
            };
            train(&data, &out, &settings)
        }
        Some(which @ ("guided" | "versus")) => {
            let pairs: u64 = opt("--pairs").map_or(Ok(100), |s| s.parse())?;
            let seed: u64 = opt("--seed").map_or(Ok(700_001), |s| s.parse())?;
            let jobs: usize = opt("--jobs").map_or(Ok(2), |s| s.parse())?;
            let ruleset = match opt("--ruleset").as_deref() {
                None | Some("akw-rules-v1") => RulesetId::AkwRulesV1,
                Some("phase-rules-v1") => RulesetId::PhaseRulesV1,
                Some(other) => anyhow::bail!("unknown ruleset {other}"),
            };
            // `guided`: the search guided by the shipped weights against
            // the ranked one.
            let (players, label) = if which == "guided" {
                let search = (Player::Search(Some(weights())), Player::Search(None));
                (search, "guided search")
            } else {
                let (Some(a), Some(b)) = (args.get(1), args.get(2)) else {
                    anyhow::bail!(
                        "usage: train_policy versus PLAYER PLAYER [--pairs N] [--seed S]"
                    );
                };
                ((Player::parse(a)?, Player::parse(b)?), a.as_str())
            };
            versus(&root, ruleset, (pairs, seed, jobs), players, label)
        }
        _ => anyhow::bail!(
            "usage: train_policy data|train|guided|versus [options] (see the file's docs)"
        ),
    }
}

/// One match of the data set: its map, ruleset and seats.
struct MatchSpec {
    name: String,
    map: Map,
    ruleset: RulesetId,
    seats: Vec<BotKind>,
    seed: u64,
}

/// The bundled maps trained on.
const BUNDLED: [&str; 5] = [
    "twin-fords.ron",
    "broken-crown.ron",
    "ember-isles.ron",
    "three-passes.ron",
    "four-corners.ron",
];

/// Match `k` of the data set (the same on every machine).
fn spec(root: &Path, k: u64) -> anyhow::Result<MatchSpec> {
    let seed = 10_000 + k;
    // Every other match on a bundled map, the rest on generated ones.
    let (name, map) = if k.is_multiple_of(2) {
        let name = BUNDLED[(k / 2 % BUNDLED.len() as u64) as usize];
        (
            name.to_owned(),
            format::load_map(&root.join("maps").join(name))?,
        )
    } else {
        let j = k / 2;
        let mut params = Params::new([2, 2, 3, 4][(j / 4 % 4) as usize]);
        params.style = Style::ALL[(j % 4) as usize];
        let map_seed = 1_000 + j;
        (
            format!(
                "generated {} {}p seed {map_seed}",
                params.style.name(),
                params.players
            ),
            generate::generate(&params, map_seed)?,
        )
    };
    let players = map.player_count();
    let rulesets = RulesetId::for_players(players);
    let ruleset = rulesets[(k / 10) as usize % rulesets.len()];
    // The search on every seat, or on one seat against greedy or the
    // planner, that seat rotating with the match.
    let other = match k % 3 {
        0 => BotKind::Search,
        1 => BotKind::Greedy,
        _ => BotKind::Planner,
    };
    let mut seats = vec![other; players];
    seats[(k / 3) as usize % players] = BotKind::Search;
    Ok(MatchSpec {
        name,
        map,
        ruleset,
        seats,
        seed,
    })
}

/// A player of [`versus`]: a bot as it ships, the policy playing other
/// weights, or the search admitting its commands in a chosen order.
#[derive(Clone, Copy, Debug)]
enum Player {
    /// A bot as `R::bot` builds it (`policy` and `search` as they ship).
    Bot(BotKind),
    /// The policy playing these weights.
    Policy(&'static Model),
    /// The search at its default budget, guided by these weights or, with
    /// `None`, in the ruleset's ranking.
    Search(Option<&'static Model>),
}

impl Player {
    /// `greedy`, `planner`, `policy`, `search` (as they ship),
    /// `search-ranked`, `search-guided` (by the shipped weights),
    /// `policy:FILE` or `search-guided:FILE`.
    fn parse(text: &str) -> anyhow::Result<Self> {
        let load = |file: &str| -> anyhow::Result<&'static Model> {
            let t = std::fs::read_to_string(file).map_err(|e| anyhow::anyhow!("{file}: {e}"))?;
            Ok(Box::leak(Box::new(Model::parse(&t)?)))
        };
        Ok(match text.split_once(':') {
            Some(("policy", file)) => Self::Policy(load(file)?),
            Some(("search-guided", file)) => Self::Search(Some(load(file)?)),
            _ => match text {
                "search-ranked" => Self::Search(None),
                "search-guided" => Self::Search(Some(weights())),
                other => Self::Bot(
                    other
                        .parse()
                        .map_err(|_| anyhow::anyhow!("unknown player {other}"))?,
                ),
            },
        })
    }

    fn seat<R>(self, setup: &R::Setup, seed: u64, side: PlayerId) -> Box<dyn Bot<R>>
    where
        R: Searchable + HasBots + 'static,
        R::Command: Send,
    {
        match self {
            Self::Bot(kind) => R::bot(kind, seed, side),
            Self::Policy(m) => Box::new(PolicyBot::<R>::with_model(m)),
            Self::Search(guide) => Box::new(SearchBot::<R>::new(
                bot_rng(seed, side, BotKind::Search),
                SearchConfig {
                    guide,
                    ..SearchConfig::with_budget(R::search_budget(setup))
                },
            )),
        }
    }
}

/// The bundled two-player maps [`versus`] plays on.
const DUEL_MAPS: [&str; 3] = ["twin-fords.ron", "broken-crown.ron", "ember-isles.ron"];

/// Game `g` of [`versus`]: pair `g / 2` on map `pair % 3`, seed `seed +
/// pair`, `first` on side `g % 2`. Returns `first`'s score (1 won, 0 lost,
/// ½ a draw).
fn duel(
    root: &Path,
    ruleset: RulesetId,
    seed: u64,
    g: u64,
    (first, second): (Player, Player),
) -> anyhow::Result<(usize, f64)> {
    let pair = g / 2;
    let map_index = (pair % DUEL_MAPS.len() as u64) as usize;
    let name = DUEL_MAPS[map_index];
    let m = MatchSpec {
        name: name.to_owned(),
        map: format::load_map(&root.join("maps").join(name))?,
        ruleset,
        seats: Vec::new(),
        seed: seed + pair,
    };
    let p = prepare(root, &m)?;
    let side = (g % 2) as usize;
    let seats = if side == 0 {
        [first, second]
    } else {
        [second, first]
    };
    let score = match ruleset {
        RulesetId::AkwRulesV1 => duel_in::<AkwRulesV1>(&p, m.seed, seats, side),
        RulesetId::PhaseRulesV1 => duel_in::<PhaseRulesV1>(&p, m.seed, seats, side),
    };
    Ok((map_index, score))
}

fn duel_in<R>(setup: &R::Setup, seed: u64, seats: [Player; 2], side: usize) -> f64
where
    R: Searchable + HasBots + 'static,
    R::Command: Send,
{
    let (mut s, _) = R::start(setup, seed);
    let mut bots: Vec<Box<dyn Bot<R>>> = seats
        .iter()
        .enumerate()
        .map(|(i, p)| p.seat::<R>(setup, seed, PlayerId(i as u8)))
        .collect();
    let never = AtomicBool::new(false);
    sim::run_match::<R>(&mut s, &mut bots, &never, |_, _, _| {});
    match R::outcome(&s) {
        Some(Outcome::Won(w)) if w.index() == side => 1.0,
        Some(Outcome::Won(_)) => 0.0,
        _ => 0.5,
    }
}

/// Plays `pairs` seat-swapped pairs of `players.0` against `players.1`
/// over the bundled two-player maps, on `jobs` threads; prints each game as
/// it ends and then the first player's score per map and pooled, with
/// Hoeffding's 95% interval over the pairs.
fn versus(
    root: &Path,
    ruleset: RulesetId,
    (pairs, seed, jobs): (u64, u64, usize),
    players: (Player, Player),
    label: &str,
) -> anyhow::Result<()> {
    let next = std::sync::atomic::AtomicU64::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    let started = std::time::Instant::now();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let workers: Vec<_> = (0..jobs.max(1))
            .map(|_| {
                scope.spawn(|| -> anyhow::Result<()> {
                    loop {
                        let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if g >= 2 * pairs {
                            return Ok(());
                        }
                        let (map, score) = duel(root, ruleset, seed, g, players)?;
                        eprintln!(
                            "game {g}: {} {label} on side {}: {score} ({:.0} s)",
                            DUEL_MAPS[map],
                            g % 2,
                            started.elapsed().as_secs_f64()
                        );
                        results
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .push((g, map, score));
                    }
                })
            })
            .collect();
        for w in workers {
            w.join()
                .map_err(|_| anyhow::anyhow!("a worker panicked"))??;
        }
        Ok(())
    })?;
    let results = results
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let report = |name: &str, keep: &dyn Fn(usize) -> bool| {
        let mut per_pair = std::collections::BTreeMap::<u64, f64>::new();
        for &(g, map, score) in &results {
            if keep(map) {
                *per_pair.entry(g / 2).or_default() += score / 2.0;
            }
        }
        let n = per_pair.len() as f64;
        if n == 0.0 {
            return;
        }
        let mean = per_pair.values().sum::<f64>() / n;
        let half = ((2.0f64 / 0.05).ln() / (2.0 * n)).sqrt();
        println!(
            "{name}: {label} {:.1}% of {} games, 95% [{:.1}, {:.1}]",
            100.0 * mean,
            2.0 * n,
            100.0 * (mean - half).max(0.0),
            100.0 * (mean + half).min(1.0)
        );
    };
    for (i, name) in DUEL_MAPS.iter().enumerate() {
        report(name, &|m| m == i);
    }
    report("pooled", &|_| true);
    println!(
        "{} games in {:.0} s ({ruleset:?}, seeds {seed}..{})",
        results.len(),
        started.elapsed().as_secs_f64(),
        seed + pairs
    );
    Ok(())
}

fn prepare(root: &Path, m: &MatchSpec) -> anyhow::Result<Prepared> {
    let mut scenario = Scenario::for_map(m.map.clone(), m.seed, m.ruleset.default_round_limit());
    m.ruleset.id().clone_into(&mut scenario.ruleset);
    Ok(scenario.prepare(&root.join("maps"), &Roster::bundled(), &m.name)?)
}

fn make_data(
    root: &Path,
    out: &Path,
    (first, matches): (u64, u64),
    (shard, shards): (u64, u64),
    guide: Guide,
) -> anyhow::Result<()> {
    std::fs::create_dir_all(out)?;
    let path = out.join(format!(
        "matches-{first}-{}-shard-{shard}-of-{shards}.jsonl",
        first + matches
    ));
    let mut file = std::io::BufWriter::new(
        std::fs::OpenOptions::new()
            .create_new(true)
            .write(true)
            .open(&path)?,
    );
    let started = std::time::Instant::now();
    let mut decisions = 0usize;
    for k in (first..first + matches).filter(|k| k % shards == shard) {
        let m = spec(root, k)?;
        let p = prepare(root, &m)?;
        let samples: Vec<Sample> = match m.ruleset {
            RulesetId::AkwRulesV1 => data::play::<AkwRulesV1>(&p, m.seed, &m.seats, guide),
            RulesetId::PhaseRulesV1 => data::play::<PhaseRulesV1>(&p, m.seed, &m.seats, guide),
        };
        for s in &samples {
            serde_json::to_writer(&mut file, &(k, s))?;
            file.write_all(b"\n")?;
        }
        file.flush()?;
        decisions += samples.len();
        eprintln!(
            "match {k}: {} in {}, {:?}: {} decisions ({decisions} in all, {:.0} s)",
            m.name,
            m.ruleset,
            m.seats,
            samples.len(),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// The training's settings.
struct Settings {
    epochs: usize,
    sharpen: f64,
    hidden: usize,
    seed: u64,
}

/// The decisions of the data set: `(match, sample)`.
fn read_data(dir: &Path) -> anyhow::Result<Vec<(u64, Sample)>> {
    let mut out = Vec::new();
    let mut skipped = 0usize;
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    for f in files {
        for line in std::io::BufReader::new(std::fs::File::open(&f)?).lines() {
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            let (k, s): (u64, Sample) = serde_json::from_str(&line)?;
            if s.features.iter().all(|f| f.len() == FEATURES) && s.visits.len() == s.features.len()
            {
                out.push((k, s));
            } else {
                skipped += 1;
            }
        }
    }
    if skipped > 0 {
        eprintln!(
            "{skipped} decisions skipped: not described by this engine's {FEATURES} features \
             (data made before features were added)"
        );
    }
    Ok(out)
}

/// Decisions as padded tensors: features `B × K × F` (normalised), the
/// targets `B × K` (visits to the power `sharpen`, as shares: 1 gives the
/// search's visit shares, more leans to its most visited commands), and a
/// mask `B × K` (0 for a candidate, -1e9 for padding).
fn tensors(
    samples: &[&Sample],
    mean: &[f32],
    scale: &[f32],
    sharpen: f64,
    dev: &Device,
) -> anyhow::Result<(Tensor, Tensor, Tensor)> {
    let k = samples.iter().map(|s| s.visits.len()).max().unwrap_or(1);
    let b = samples.len();
    let mut x = vec![0.0f32; b * k * FEATURES];
    let mut t = vec![0.0f32; b * k];
    let mut mask = vec![-1e9f32; b * k];
    for (i, s) in samples.iter().enumerate() {
        let total: f64 = s.visits.iter().map(|&v| f64::from(v).powf(sharpen)).sum();
        for (j, (f, &v)) in s.features.iter().zip(&s.visits).enumerate() {
            for (c, &fc) in f.iter().enumerate() {
                x[(i * k + j) * FEATURES + c] = (fc - mean[c]) * scale[c];
            }
            t[i * k + j] = (f64::from(v).powf(sharpen) / total.max(1e-12)) as f32;
            mask[i * k + j] = 0.0;
        }
    }
    Ok((
        Tensor::from_vec(x, (b, k, FEATURES), dev)?,
        Tensor::from_vec(t, (b, k), dev)?,
        Tensor::from_vec(mask, (b, k), dev)?,
    ))
}

/// Each feature's mean over the candidates of `fit`, and the scale that
/// makes its spread 1 (0 for a feature that never changes).
fn normalisation(fit: &[&Sample]) -> (Vec<f32>, Vec<f32>) {
    let mut sum = vec![0.0f64; FEATURES];
    let mut sq = vec![0.0f64; FEATURES];
    let mut n = 0.0f64;
    for f in fit.iter().flat_map(|s| &s.features) {
        for c in 0..FEATURES {
            sum[c] += f64::from(f[c]);
            sq[c] += f64::from(f[c]) * f64::from(f[c]);
        }
        n += 1.0;
    }
    let mean: Vec<f64> = sum.iter().map(|m| m / n.max(1.0)).collect();
    let scale = (0..FEATURES)
        .map(|c| {
            let var = sq[c] / n.max(1.0) - mean[c] * mean[c];
            if var > 1e-12 {
                (1.0 / var.sqrt()) as f32
            } else {
                0.0
            }
        })
        .collect();
    (mean.iter().map(|&m| m as f32).collect(), scale)
}

/// `n` first weights from the seed (candle's CPU generator cannot be
/// seeded): uniform in ±1/√fan-in, as a linear layer starts.
fn first_weights(draw: &mut u64, n: usize, fan_in: usize) -> Vec<f32> {
    let bound = 1.0 / (fan_in as f64).sqrt();
    (0..n)
        .map(|_| {
            *draw ^= *draw << 13;
            *draw ^= *draw >> 7;
            *draw ^= *draw << 17;
            ((*draw >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0) as f32 * bound as f32
        })
        .collect()
}

/// Fits the network to `fit`, printing each epoch's loss on it and on
/// `held`; returns the weights as the engine reads them.
fn fit_network(fit: &[&Sample], held: &[&Sample], settings: &Settings) -> anyhow::Result<Model> {
    let (mean, scale) = normalisation(fit);
    let dev = Device::Cpu;
    let mut draw = settings.seed.max(1);
    let h = settings.hidden;
    let var = |v: Vec<f32>, shape: &[usize]| -> candle_core::Result<Var> {
        Var::from_tensor(&Tensor::from_vec(v, shape, &dev)?)
    };
    let w1 = var(
        first_weights(&mut draw, h * FEATURES, FEATURES),
        &[h, FEATURES],
    )?;
    let b1 = var(first_weights(&mut draw, h, FEATURES), &[h])?;
    let w2 = var(first_weights(&mut draw, h, h), &[1, h])?;
    let b2 = var(first_weights(&mut draw, 1, h), &[1])?;
    let l1 = Linear::new(w1.as_tensor().clone(), Some(b1.as_tensor().clone()));
    let l2 = Linear::new(w2.as_tensor().clone(), Some(b2.as_tensor().clone()));
    // Softmax over a decision's candidates, against the search's shares.
    let loss_of = |x: &Tensor, t: &Tensor, mask: &Tensor| -> candle_core::Result<Tensor> {
        let (b, k, _) = x.dims3()?;
        let hidden = l1.forward(&x.reshape((b * k, FEATURES))?)?.relu()?;
        let scores = l2.forward(&hidden)?.reshape((b, k))?;
        let logp = candle_nn::ops::log_softmax(&(scores + mask)?, 1)?;
        (t * logp)?.sum_all()?.neg()? / b as f64
    };
    let mut opt = candle_nn::AdamW::new(
        vec![w1.clone(), b1.clone(), w2.clone(), b2.clone()],
        candle_nn::ParamsAdamW {
            lr: LEARNING_RATE,
            weight_decay: WEIGHT_DECAY,
            ..Default::default()
        },
    )?;
    let (hx, ht, hm) = tensors(held, &mean, &scale, settings.sharpen, &dev)?;
    let mut order: Vec<usize> = (0..fit.len()).collect();
    for epoch in 0..settings.epochs {
        // A fixed shuffle per epoch, so a run is reproducible.
        for i in (1..order.len()).rev() {
            let j = (first_weights(&mut draw, 1, 1)[0].abs() * (i + 1) as f32) as usize;
            order.swap(i, j.min(i));
        }
        let mut total = 0.0;
        for chunk in order.chunks(BATCH) {
            let part: Vec<&Sample> = chunk.iter().map(|&i| fit[i]).collect();
            let (x, t, m) = tensors(&part, &mean, &scale, settings.sharpen, &dev)?;
            let loss = loss_of(&x, &t, &m)?;
            opt.backward_step(&loss)?;
            total += loss.to_scalar::<f32>()? * part.len() as f32;
        }
        let held_loss = loss_of(&hx, &ht, &hm)?.to_scalar::<f32>()?;
        eprintln!(
            "epoch {epoch}: training loss {:.4}, held-out loss {held_loss:.4}",
            total / fit.len() as f32
        );
    }
    let model = Model {
        format: hexwright_engine::bots::policy::model::WEIGHTS_FORMAT,
        mean,
        scale,
        w1: w1.as_tensor().to_vec2::<f32>()?,
        b1: b1.as_tensor().to_vec1::<f32>()?,
        w2: w2.as_tensor().to_vec2::<f32>()?.remove(0),
        b2: b2.as_tensor().to_vec1::<f32>()?[0],
    };
    // Through the engine's own reader, as it will be played.
    Ok(Model::parse(&serde_json::to_string(&model)?)?)
}

/// Decisions per training step.
const BATCH: usize = 256;
/// The optimiser's step size.
const LEARNING_RATE: f64 = 3e-3;
/// The optimiser's weight decay.
const WEIGHT_DECAY: f64 = 1e-4;

/// The share of `held` decisions (in percent) where `pick` chooses a
/// command the search visited most.
fn agreement(held: &[&Sample], pick: &dyn Fn(&Sample) -> usize) -> f64 {
    let hits = held
        .iter()
        .filter(|s| s.visits[pick(s)] == s.visits.iter().copied().max().unwrap_or(0))
        .count();
    100.0 * hits as f64 / held.len().max(1) as f64
}

/// The candidate `model` scores highest (the earlier on a tie), as the
/// bot plays.
fn best(model: &Model, s: &Sample) -> usize {
    let mut best = (0, f32::NEG_INFINITY);
    for (i, f) in s.features.iter().enumerate() {
        let x: [f32; FEATURES] = f.as_slice().try_into().unwrap_or([0.0; FEATURES]);
        let v = model.score(&x);
        if v > best.1 {
            best = (i, v);
        }
    }
    best.0
}

fn train(data: &Path, out: &Path, settings: &Settings) -> anyhow::Result<()> {
    let all = read_data(data)?;
    let matches: std::collections::BTreeSet<u64> = all.iter().map(|(k, _)| *k).collect();
    let held: Vec<&Sample> = all
        .iter()
        .filter(|(k, _)| k % 10 == 9)
        .map(|(_, s)| s)
        .collect();
    let fit: Vec<&Sample> = all
        .iter()
        .filter(|(k, _)| k % 10 != 9)
        .map(|(_, s)| s)
        .collect();
    anyhow::ensure!(
        !held.is_empty() && !fit.is_empty(),
        "{}: too few matches to hold some out (every match numbered 9 mod 10 is held out)",
        data.display()
    );
    let model = fit_network(&fit, &held, settings)?;
    let policy = agreement(&held, &|s| best(&model, s));
    let greedy = agreement(&held, &|_| 0);
    std::fs::write(out, serde_json::to_string(&model)?)?;
    let mut md = String::new();
    let _ = writeln!(md, "# The policy bot's weights\n");
    let _ = writeln!(
        md,
        "Written by `cargo run --release -p hexwright-engine --example train_policy -- train {}` \
         from the data of `train_policy -- data` (see the example's docs for the matches).\n",
        std::env::args().skip(2).collect::<Vec<_>>().join(" ")
    );
    // The matches as `data` runs that make them again.
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &k in &matches {
        match runs.last_mut() {
            Some((_, end)) if *end == k => *end = k + 1,
            _ => runs.push((k, k + 1)),
        }
    }
    let commands: Vec<String> = runs
        .iter()
        .map(|(a, b)| format!("`train_policy -- data --first {a} --matches {}`", b - a))
        .collect();
    let _ = writeln!(
        md,
        "- Data: {} decisions of {} matches ({} held out: the matches numbered 9 mod 10), \
         made by {}.",
        all.len(),
        matches.len(),
        held.len(),
        commands.join(" and ")
    );
    let _ = writeln!(
        md,
        "- Network: {FEATURES} features, {} rectified units, one score; AdamW (step {LEARNING_RATE}, \
         weight decay {WEIGHT_DECAY}), batches of {BATCH}, {} epochs, targets the visits \
         to the power {}, seed {}.",
        settings.hidden, settings.epochs, settings.sharpen, settings.seed
    );
    let _ = writeln!(
        md,
        "- Held out: the policy picks a command the search visited most in {policy:.1}% of \
         decisions; the ruleset's first-ranked command (the greedy choice) in {greedy:.1}%."
    );
    std::fs::write(out.with_file_name("weights.md"), md)?;
    println!("held-out agreement with the search: policy {policy:.1}%, first-ranked {greedy:.1}%");
    Ok(())
}
