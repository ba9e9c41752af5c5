//! Which roster a command plays with: a file named on the command line, the
//! one a map pack names, or the bundled roster.

use anyhow::Context as _;
use hexwright_engine::format;
use hexwright_engine::pack::{self, MANIFEST_FILE};
use hexwright_engine::rules::Roster;
use std::path::Path;

/// The roster to play with: the file `explicit` when given; otherwise the
/// roster named by the `pack.ron` beside `near` (a map or scenario in a map
/// pack), if it names one; otherwise the bundled roster.
pub fn roster(explicit: Option<&Path>, near: Option<&Path>) -> anyhow::Result<Roster> {
    let load = |path: &Path| -> anyhow::Result<Roster> {
        let text = format::read_text(path)?;
        Ok(Roster::parse(&text, &path.display().to_string())?)
    };
    if let Some(path) = explicit {
        return load(path);
    }
    let Some(dir) = near.and_then(Path::parent) else {
        return Ok(Roster::bundled());
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let manifest = dir.join(MANIFEST_FILE);
    if !manifest.is_file() {
        return Ok(Roster::bundled());
    }
    let shown = manifest.display().to_string();
    let probe = pack::Manifest::parse(&format::read_text(&manifest)?, &shown)?;
    match probe.roster {
        None => Ok(Roster::bundled()),
        Some(name) => pack::load_pack_roster(dir, &name, &shown)
            .with_context(|| format!("{shown} names the roster \"{name}\"")),
    }
}
