//! The sandbox's files: replays (saved, opened and checked by the engine)
//! and saved positions, with the buttons and path fields that ask for them.

use super::{Sandbox, SandboxOutput, recorded, reopened};
use crate::sandbox::action::{FileJob, SandboxAction, Tab};
use crate::sandbox::play::cover::Cover;
use crate::sandbox::play::live::Live;
use crate::sandbox::setup::Controller;
use egui::{RichText, TextEdit, Ui};
use hexwright_engine::format;
use hexwright_engine::replay::{self, AnyReplay, PhaseReplay, Replay};
use std::path::{Path, PathBuf};

impl Sandbox {
    /// The replay of the akw-rules-v1 match up to the cursor, recorded by
    /// the engine as `hexwright simulate --record` records its matches.
    pub fn replay(&self) -> Result<Replay, String> {
        let t = self.akw_match()?;
        let (names, played) = recorded(t);
        Replay::record(t.prepared(), &self.map, t.seed(), &names, &played)
            .map_err(|e| e.to_string())
    }

    /// Saves the match up to the cursor as a replay of its ruleset.
    pub(super) fn save_replay(&self, path: &Path) -> Result<String, String> {
        match self.timeline.as_ref() {
            Some(Live::Phase(t)) => {
                let (names, played) = recorded(t);
                PhaseReplay::record_phase(t.prepared(), &self.map, t.seed(), &names, &played)
                    .and_then(|r| r.save(path))
                    .map_err(|e| e.to_string())?;
            }
            _ => self.replay()?.save(path).map_err(|e| e.to_string())?,
        }
        Ok(format!("Replay saved to {}", path.display()))
    }

    pub(super) fn file(&mut self, job: FileJob, path: &Path) {
        let result: Result<String, String> = match job {
            FileJob::SaveReplay => self.save_replay(path),
            FileJob::OpenReplay => self.open_replay(path),
            FileJob::SavePosition => self.save_position(path),
        };
        self.message = Some(result.unwrap_or_else(|e| format!("{}: {e}", job.label())));
    }

    /// Opens a replay of either ruleset recorded on the open map, cursor at
    /// its end.
    pub(super) fn open_replay(&mut self, path: &Path) -> Result<String, String> {
        let origin = path.display().to_string();
        let any = AnyReplay::load(path).map_err(|e| e.to_string())?;
        let here = replay::map_hash(&self.map).map_err(|e| e.to_string())?;
        let (header, map) = match &any {
            AnyReplay::Akw(r) => (&r.header, &r.map),
            AnyReplay::Phase(r) => (&r.header, &r.map),
        };
        if header.map_hash != here {
            return Err(format!(
                "{origin} was recorded on another map (\"{}\"); open that map in the editor first",
                map.meta.name
            ));
        }
        let roster = &self.roster;
        let (live, scenario, seats, summary, n) = match any {
            AnyReplay::Akw(r) => {
                let summary = r.run(roster, &origin, None).map_err(|e| e.to_string())?;
                let (t, seats) = reopened(&r, roster, &origin)?;
                (Live::Akw(t), r.scenario(), seats, summary, r.commands.len())
            }
            AnyReplay::Phase(r) => {
                let summary = r.run(roster, &origin, None).map_err(|e| e.to_string())?;
                let (t, seats) = reopened(&r, roster, &origin)?;
                (
                    Live::Phase(t),
                    r.scenario(),
                    seats,
                    summary,
                    r.commands.len(),
                )
            }
        };
        self.timeline = Some(live);
        self.cover = Cover::new();
        // Restart plays the replay's scenario again: the panel follows it.
        self.setup.load(&scenario);
        self.setup.controllers = seats.map(|s| s.map_or(Controller::Human, Controller::Bot));
        self.tab = Tab::Match;
        self.fit_pending = true;
        self.playing = false;
        self.selected = None;
        Ok(format!("Opened {origin}: {n} commands, {}", summary.result))
    }

    pub(super) fn save_position(&mut self, path: &Path) -> Result<String, String> {
        let t = self.akw_match()?;
        let p = t.prepared();
        let mut scenario = self.setup.scenario(&self.map);
        scenario.seed = t.seed();
        scenario.round_limit = p.rules.round_limit;
        scenario.armies = Some(p.written_armies(t.seed()));
        scenario.opening = t.commands_from_setup();
        format::save_atomic(&scenario, path).map_err(|e| e.to_string())?;
        let n = scenario.opening.len();
        self.setup.load(&scenario);
        self.outputs
            .push(SandboxOutput::SavedScenario(path.to_path_buf()));
        Ok(format!(
            "Position saved to {} ({n} commands); new matches, openings and batches start from it",
            path.display()
        ))
    }

    /// Replay and position files: a path field, and the system's dialog
    /// when there is one.
    pub(super) fn files_ui(&mut self, ui: &mut Ui, native: bool) -> Vec<SandboxAction> {
        let mut actions = Vec::new();
        ui.label(RichText::new("Replays and positions").strong());
        let has_match = self.timeline.is_some();
        for (k, job) in FileJob::ALL.into_iter().enumerate() {
            let enabled = has_match || job == FileJob::OpenReplay;
            // Wraps in a narrow panel rather than running past its edge.
            ui.horizontal_wrapped(|ui| {
                let label = ui.label(job.field_label());
                let field = ui
                    .add_enabled(
                        enabled,
                        TextEdit::singleline(&mut self.paths[k])
                            .desired_width(150.0)
                            .id_salt(("sandbox_path", k)),
                    )
                    .labelled_by(label.id);
                // Enter in the field does what the button does.
                let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui
                    .add_enabled(enabled, egui::Button::new(job.label()))
                    .clicked()
                    || (enabled && entered)
                {
                    actions.push(SandboxAction::File(
                        job,
                        PathBuf::from(self.paths[k].trim()),
                    ));
                }
                if native
                    && ui
                        .add_enabled(enabled, egui::Button::new("…"))
                        .on_hover_text("Choose the file")
                        .clicked()
                {
                    let dialog = rfd::FileDialog::new().add_filter("RON", &["ron"]);
                    let picked = if job == FileJob::OpenReplay {
                        dialog.pick_file()
                    } else {
                        dialog.set_file_name(self.paths[k].as_str()).save_file()
                    };
                    if let Some(p) = picked {
                        self.paths[k] = p.display().to_string();
                        actions.push(SandboxAction::File(job, p));
                    } else {
                        self.message = Some(crate::document::files::NOTHING_PICKED.to_owned());
                    }
                }
            });
        }
        actions
    }
}
