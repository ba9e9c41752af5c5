//! `hexwright info MAP`: a map's layout, hex counts, features and zones.

use hexwright_engine::coverage::Coverage;
use hexwright_engine::format;
use hexwright_engine::summary::{self, HexInfo, Summary};
use serde::Serialize;
use std::io::Write;
use std::path::Path;

#[derive(Serialize)]
struct Json<'a> {
    #[serde(flatten)]
    summary: &'a Summary,
    #[serde(skip_serializing_if = "Option::is_none")]
    hexes: Option<Vec<HexInfo>>,
}

/// Prints the summary of the map at `path` to `out`; returns the exit code
/// (0, or 2 when the map cannot be loaded).
pub fn run(path: &Path, json: bool, hexes: bool, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    if path.is_dir() {
        let _ = writeln!(
            err,
            "error: {} is a folder; `info` takes one map file (name one of the pack's maps)",
            path.display()
        );
        return 2;
    }
    let shown = path.display().to_string();
    let result = format::load_map(path)
        .map_err(|e| e.to_string())
        .and_then(|map| {
            Coverage::new(&map)
                .map(|c| (map, c))
                .map_err(|e| format!("{shown}: {e}"))
        });
    let (map, coverage) = match result {
        Ok(v) => v,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return 2;
        }
    };
    let s = Summary::new(&map, &coverage);
    let table = hexes.then(|| summary::hex_table(&coverage));
    let written = if json {
        serde_json::to_writer_pretty(
            &mut *out,
            &Json {
                summary: &s,
                hexes: table,
            },
        )
        .map_err(std::io::Error::from)
        .and_then(|()| writeln!(out))
    } else {
        write_text(out, &s, table.as_deref())
    };
    match written {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(err, "error: cannot write the summary: {e}");
            2
        }
    }
}

fn write_text(out: &mut dyn Write, s: &Summary, table: Option<&[HexInfo]>) -> std::io::Result<()> {
    writeln!(out, "Name:      {}", s.name)?;
    if !s.author.is_empty() {
        writeln!(out, "Author:    {}", s.author)?;
    }
    writeln!(out, "Layout:    {}, hex size {}", s.orientation, s.hex_size)?;
    writeln!(out, "Area:      {} x {}", s.width, s.height)?;
    writeln!(
        out,
        "Hexes:     {} in grid, {} usable, {} unusable",
        s.grid_hexes, s.usable_hexes, s.unusable_hexes
    )?;
    writeln!(out, "Terrain:   {} pieces", s.terrain_pieces)?;
    let features: Vec<String> = s.features.iter().map(|(k, n)| format!("{k} {n}")).collect();
    writeln!(out, "Features:  {}", features.join(", "))?;
    let zones: Vec<String> = s
        .zone_sizes
        .iter()
        .enumerate()
        .map(|(i, n)| format!("side {i}: {n} hexes"))
        .collect();
    writeln!(out, "Players:   {}", s.players)?;
    writeln!(out, "Zones:     {}", zones.join(", "))?;
    if let Some(table) = table {
        writeln!(out)?;
        writeln!(out, "{:>5} {:>5} {:>8}  usable", "q", "r", "free")?;
        for h in table {
            writeln!(
                out,
                "{:>5} {:>5} {:>7.2}%  {}",
                h.q,
                h.r,
                h.free * 100.0,
                if h.usable { "yes" } else { "no" }
            )?;
        }
    }
    Ok(())
}
