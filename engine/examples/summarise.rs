//! Loads a map, validates it and prints a summary, all through the engine's
//! public API.
//!
//! ```text
//! cargo run -p hexwright-engine --example summarise -- maps/twin-fords.ron
//! ```
//!
//! With no argument it reads `maps/twin-fords.ron`.

use hexwright_engine::coverage::Coverage;
use hexwright_engine::format;
use hexwright_engine::summary::Summary;
use hexwright_engine::validate;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let path = std::env::args_os().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../maps/twin-fords.ron"),
        PathBuf::from,
    );

    // 1. Load: errors name the file, line and column.
    let map = match format::load_map(&path) {
        Ok(map) => map,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    // 2. Compute which hexes are usable (exact polygon clipping).
    let coverage = match Coverage::new(&map) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    // 3. Summarise.
    let s = Summary::new(&map, &coverage);
    println!(
        "{} by {} ({} hexes, size {})",
        s.name, s.author, s.orientation, s.hex_size
    );
    println!(
        "  {} grid hexes: {} usable, {} unusable",
        s.grid_hexes, s.usable_hexes, s.unusable_hexes
    );
    for (kind, n) in &s.features {
        println!("  {kind}: {n}");
    }
    // 4. Validate.
    let findings = validate::validate(&map, &coverage);
    if findings.is_empty() {
        println!("  valid: no errors, no warnings");
    }
    for f in &findings {
        println!("  {f}");
    }
    if validate::has_errors(&findings) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
