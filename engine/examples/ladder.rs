//! Plays matches between two bots on every bundled map and prints the
//! results: `cargo run --release -p hexwright-engine --example ladder --
//! greedy random 20 [seed]` (seed 1 unless given).
//!
//! Seated like `hexwright simulate`: two different bots play seat-swapped
//! pairs (each pair one independent game); the same bot in both seats plays
//! every match from its own seed. Every interval counts independent games.

use hexwright_engine::bots::BotKind;
use hexwright_engine::format;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::Roster;
use hexwright_engine::rules::scenario::Scenario;
use hexwright_engine::ruleset::RulesetId;
use hexwright_engine::sim::{self, Batch, MatchRow, PlayOptions, Report};
use std::path::Path;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a: BotKind = args.first().map_or("greedy", String::as_str).parse()?;
    let b: BotKind = args.get(1).map_or("random", String::as_str).parse()?;
    let n: usize = args.get(2).map_or(Ok(20), |s| s.parse())?;
    let seed: u64 = args.get(3).map_or(Ok(1), |s| s.parse())?;
    let roster = Roster::bundled();
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let (mut matches, mut draws) = (0, 0);
    for name in ["twin-fords.ron", "broken-crown.ron", "ember-isles.ron"] {
        let map = format::load_map(&maps.join(name))?;
        let prepared = Scenario::for_map(map, 1, 60).prepare(&maps, &roster, name)?;
        let batch = Batch {
            matches: n,
            bots: [a, b],
            seed,
        };
        let t = Instant::now();
        let results = sim::simulate(&prepared, &batch, PlayOptions { record: false }, &|_| {});
        let rows: Vec<MatchRow> = results
            .iter()
            .enumerate()
            .map(|(i, r)| MatchRow::new(i, r))
            .collect();
        let report = Report::new(
            RulesetId::AkwRulesV1,
            &rows,
            &[a, b],
            t.elapsed().as_secs_f64(),
        );
        let rejected: u64 = results.iter().map(|r| r.rejected).sum();
        let sides = report
            .sides()
            .ok_or("an akw-rules-v1 report of two bots reads two sides")?;
        println!(
            "{name}: {} matches, {} independent games; side 0 scores {}; {}",
            report.matches,
            report.independent_games,
            sides.side_scores[PlayerId(0)],
            sides.verdict
        );
        if let Some(first) = sides.first_bot_score {
            println!("  {a} scores {first} against {b}");
        }
        println!(
            "  draws {} ({} of games); mean length {:.1} rounds; rejected commands: {rejected}",
            report.draws.wins, report.draws.rate, report.mean_rounds
        );
        matches += report.matches;
        draws += report.draws.wins;
    }
    println!("all maps: {matches} matches, {draws} draws");
    Ok(())
}
