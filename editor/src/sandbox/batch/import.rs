//! *Import batch…* in the batch tab: a batch played elsewhere — shards
//! from a cluster, or the one file `hexwright merge --out` writes — read
//! back into the tab, listed and summarised like a batch played here, each
//! match opening in the step view.
//!
//! The files are merged by the engine ([`shard::merge`]: one batch, each
//! slice once, none missing), and the batch must have been played on the
//! scenario in the sandbox (the same ruleset, map, roster, setup and round
//! limit), since a match opens by replaying its seed there.

use crate::canvas::theme;
use egui::Ui;
use hexwright_engine::bots::BotKind;
use hexwright_engine::map::Map;
use hexwright_engine::rotation::Rotation;
use hexwright_engine::rules::scenario::Prepared;
use hexwright_engine::ruleset::RulesetId;
use hexwright_engine::shard::{self, BatchId};
use hexwright_engine::sim::MatchRow;
use std::path::{Path, PathBuf};

/// A batch read from files.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The bots, in the batch's order (two seat-swapped bots in
    /// akw-rules-v1, one per seat of the first seating otherwise).
    pub bots: Vec<BotKind>,
    /// Matches in the batch.
    pub matches: usize,
    /// Its first seed.
    pub seed: u64,
    /// Its matches, in order.
    pub rows: Vec<MatchRow>,
    /// The playing time of its shards, together.
    pub seconds: f64,
    /// Where it came from, in words ("merged.json", "3 shard files").
    pub source: String,
}

/// Reads and merges `paths`, and checks that they are a batch of the
/// scenario `prepared` (made from `map`).
///
/// # Errors
/// The reason in words, naming the file: unreadable, not one whole batch,
/// or played on another scenario.
pub fn import(paths: &[PathBuf], map: &Map, prepared: &Prepared) -> Result<Imported, String> {
    let files = paths
        .iter()
        .map(|p| Ok((name(p), shard::read(p).map_err(|e| e.to_string())?)))
        .collect::<Result<Vec<_>, String>>()?;
    let merged = shard::merge(files).map_err(|e| e.to_string())?;
    let b = &merged.batch;
    let here = BatchId::new(map, prepared, &[], 0, 0).map_err(|e| e.to_string())?;
    if let Some(field) = here.scenario_differs(b) {
        return Err(format!(
            "This batch was played on another scenario: its {field} differs from the sandbox's. Open the map and settings it was played with to import it."
        ));
    }
    let bots = b
        .bots
        .iter()
        .map(|n| hexwright_engine::shard::bot_of_name(n))
        .collect::<Result<Vec<BotKind>, _>>()
        .map_err(|e| format!("An unknown bot in the batch: {e}"))?;
    let source = match paths {
        [one] => name(one),
        many => format!("{} shard files", many.len()),
    };
    Ok(Imported {
        bots,
        matches: b.matches,
        seed: b.seed,
        rows: merged.rows,
        seconds: merged.seconds,
        source,
    })
}

impl Imported {
    /// The batch it is, played in `ruleset`.
    ///
    /// # Errors
    /// An akw-rules-v1 batch without two bots.
    pub fn batch(&self, ruleset: RulesetId) -> Result<Rotation, String> {
        if ruleset == RulesetId::AkwRulesV1 && self.bots.len() != 2 {
            return Err(format!(
                "An akw-rules-v1 batch has two bots, not {}.",
                self.bots.len()
            ));
        }
        Ok(Rotation {
            matches: self.matches,
            bots: self.bots.clone(),
            seed: self.seed,
        })
    }
}

fn name(p: &Path) -> String {
    p.file_name().map_or_else(
        || p.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The *Import batch…* button, and its path field when no dialog opens.
#[derive(Debug, Default)]
pub struct ImportForm {
    /// The path field is open.
    open: bool,
    path: String,
    /// The last import's error.
    error: Option<String>,
}

impl ImportForm {
    /// Records the outcome of an import.
    pub fn done(&mut self, outcome: Result<(), String>) {
        self.error = outcome.err();
        if self.error.is_none() {
            self.open = false;
        }
    }

    /// Draws the button (and the path field); returns the files chosen.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        native_dialogs: bool,
        dir: Option<&Path>,
    ) -> Option<Vec<PathBuf>> {
        let mut chosen = None;
        if ui
            .button("Import batch…")
            .on_hover_text("Read a batch played elsewhere: the file `hexwright merge --out` writes, or all its shard files")
            .clicked()
        {
            self.error = None;
            if native_dialogs {
                let mut dialog = rfd::FileDialog::new().add_filter("Batch (JSON)", &["json"]);
                if let Some(dir) = dir {
                    dialog = dialog.set_directory(dir);
                }
                match dialog.pick_files() {
                    Some(files) if !files.is_empty() => chosen = Some(files),
                    _ => {
                        self.error = Some(crate::document::files::NOTHING_PICKED.into());
                        self.open = true;
                    }
                }
            } else {
                self.open = true;
            }
        }
        if self.open {
            match super::path_row_ui(
                ui,
                &mut self.path,
                "/path/to/merged.json",
                "The batch file to read; several shard files separated by ;",
                "Import",
                "Do not import",
            ) {
                super::PathRow::Go => {
                    let files: Vec<PathBuf> = self
                        .path
                        .split(';')
                        .map(str::trim)
                        .filter(|p| !p.is_empty())
                        .map(PathBuf::from)
                        .collect();
                    if files.is_empty() {
                        self.error = Some("Type a file path first.".into());
                    } else {
                        chosen = Some(files);
                    }
                }
                super::PathRow::Cancel => self.open = false,
                super::PathRow::Idle => {}
            }
        }
        if let Some(e) = &self.error {
            ui.colored_label(theme::ERROR, e);
        }
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sandbox::batch::panel::BatchRequest;
    use crate::sandbox::batch::panel::tests::{State, TempDir, default_map, harness, prepared};
    use egui::accesskit::Role;
    use egui_kittest::kittest::Queryable as _;
    use hexwright_engine::shard::{SHARD_FORMAT, Shard, ShardFile};
    use hexwright_engine::sim::Batch;
    use hexwright_engine::sim::{self, PlayOptions};
    use std::sync::atomic::AtomicBool;

    /// Plays `batch` on `p` and writes it as `n` shard files into `dir`.
    fn shards(dir: &Path, p: &Prepared, map: &Map, batch: &Batch, n: usize) -> Vec<String> {
        let rows = sim::simulate_each(
            p,
            batch,
            PlayOptions { record: false },
            &|_| {},
            &AtomicBool::new(false),
            &|i, r| MatchRow::new(i, &r),
        );
        let id = BatchId::new(map, p, &batch.bots, batch.seed, batch.matches).unwrap();
        (0..n)
            .map(|index| {
                let range = Shard { index, count: n }.range(batch.matches);
                let file = ShardFile {
                    format: SHARD_FORMAT,
                    batch: id.clone(),
                    shard: index,
                    shards: n,
                    seconds: 0.5,
                    rows: rows[range].to_vec(),
                    wave: None,
                };
                let path = dir.join(format!("shard-{index}.json"));
                std::fs::write(&path, serde_json::to_string(&file).unwrap()).unwrap();
                path.display().to_string()
            })
            .collect()
    }

    fn import_by_path(h: &mut egui_kittest::Harness<'_, State>, paths: &str) {
        h.get_by_label("Import batch…").click();
        h.run();
        h.get_by_role(Role::TextInput).click();
        h.run();
        h.get_by_role(Role::TextInput).type_text(paths);
        h.run();
        h.get_by_label("Import").click();
        h.run();
    }

    /// Shards played elsewhere are merged, listed like a batch played here,
    /// and each match opens as the very match listed.
    #[test]
    fn imported_shards_are_listed_and_their_matches_open() {
        let p = prepared(10);
        let tmp = TempDir::new("batch-import");
        let batch = Batch {
            matches: 6,
            bots: [BotKind::Greedy, BotKind::Random],
            seed: 9,
        };
        let files = shards(tmp.path(), &p, default_map(), &batch, 2);
        let mut h = harness(&p, tmp.path());
        h.run();
        import_by_path(&mut h, &files.join(";"));
        let r = h.state().panel.results().expect("imported");
        assert_eq!(r.imported.as_deref(), Some("2 shard files"));
        let b = &r.batch;
        assert_eq!(
            (b.matches, &b.bots[..], b.seed, r.rows.len()),
            (6, &batch.bots[..], 9, 6)
        );
        assert!(!r.cancelled);
        assert!(
            h.query_by_label_contains("Imported from 2 shard files: 6 matches")
                .is_some()
        );
        assert_eq!(h.query_all_by_label_contains("Open match ").count(), 6);
        h.get_by_label("Open match 4").click();
        h.run();
        let row = h.state().panel.results().unwrap().rows[3].clone();
        let Some(BatchRequest::OpenMatch { seed, seating }) = h.state().request.clone() else {
            panic!("Open makes a request");
        };
        let bots = hexwright_engine::player::PerPlayer::from_vec(seating);
        assert_eq!((seed, bots), (row.seed, row.bots));
        let replay = sim::play(&p, seed, bots, PlayOptions { record: false });
        assert_eq!(MatchRow::new(3, &replay), row);
    }

    /// A missing shard, a batch of another map and a file that is not a
    /// batch are refused, saying why.
    #[test]
    fn batches_of_other_scenarios_or_missing_shards_are_refused() {
        let p = prepared(10);
        let tmp = TempDir::new("batch-import-bad");
        let batch = Batch {
            matches: 4,
            bots: [BotKind::Random; 2],
            seed: 1,
        };
        let files = shards(tmp.path(), &p, default_map(), &batch, 2);
        let mut h = harness(&p, tmp.path());
        h.run();
        import_by_path(&mut h, &files[0]);
        let shown = "shards 1 of 2 are missing: run them and merge again";
        assert!(h.query_by_label(shown).is_some(), "{shown}");
        assert!(h.state().panel.results().is_none());

        let other_map = hexwright_headless::files::bundled::map("ember-isles.ron").unwrap();
        let other = hexwright_engine::rules::scenario::Scenario::for_map(other_map.clone(), 1, 10)
            .prepare(
                Path::new("."),
                &hexwright_engine::rules::Roster::bundled(),
                "x",
            )
            .unwrap();
        let dir = tmp.path().join("other");
        std::fs::create_dir_all(&dir).unwrap();
        let files = shards(&dir, &other, &other_map, &batch, 1);
        let e = h
            .state_mut()
            .panel
            .import_files(&[PathBuf::from(&files[0])], default_map(), &p);
        assert!(e.unwrap_err().contains("its map differs"));

        let junk = tmp.path().join("junk.json");
        std::fs::write(&junk, "{\"rows\": 3}").unwrap();
        let e = h.state_mut().panel.import_files(&[junk], default_map(), &p);
        assert!(e.unwrap_err().contains("junk.json: not a shard file"));
    }
}
