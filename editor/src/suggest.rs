//! *Suggest fixes*: the balance assistant ([`hexwright_engine::balance_edit`])
//! in the editor. [`Suggestions`] runs it on a worker thread (it plays
//! hundreds of matches), keeps what it found together with the map it was
//! found on, draws the proposals on the canvas as arrows, and turns the one
//! the designer picks into a single undoable [`Command`].
//!
//! Proposals belong to the map they were found on: once the map differs
//! (an edit, or applying one of them) they are kept but cannot be applied,
//! and they come back when undo returns to that map.

use crate::command::{Change, Command};
use crate::document::Document;
use crate::editing::Mark;
use crate::sandbox::job::Job;
use hexwright_engine::balance_edit::{self, Assistant, BalanceEditError, Options};
use hexwright_engine::bots::BotKind;
use hexwright_engine::map::Map;
use hexwright_engine::rules::Roster;
use hexwright_engine::stats::Rate;
use std::sync::atomic::Ordering;

/// What the designer asks of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuggestForm {
    /// The two bots of every batch (side 0, side 1).
    pub bots: [BotKind; 2],
    /// How many of the fairest candidates are played.
    pub budget: usize,
    /// Matches in each candidate's batch.
    pub matches: usize,
    /// Matches of the fresh batch that checks the best proposal.
    pub verify: usize,
}

impl Default for SuggestForm {
    /// The command line's defaults (`hexwright balance-edit`).
    fn default() -> Self {
        let o = Options::default();
        Self {
            bots: o.bots,
            budget: o.budget,
            matches: o.matches,
            verify: 1000,
        }
    }
}

impl SuggestForm {
    /// The assistant's options for this form.
    #[must_use]
    pub fn options(&self) -> Options {
        Options {
            budget: self.budget.clamp(1, 64),
            matches: self.matches,
            bots: self.bots,
            ..Options::default()
        }
    }

    /// The matches a search plays at most.
    #[must_use]
    pub fn matches_asked(&self) -> usize {
        balance_edit::matches_asked(&self.options()) + self.verify
    }
}

/// What a finished search found.
#[derive(Clone, Debug)]
pub struct Found {
    /// The map the proposals edit.
    pub map: Map,
    /// What the assistant found.
    pub assistant: Assistant,
    /// The best proposal's score on a fresh batch, the figure to trust
    /// (its ranking score is flattered by being the best of several).
    pub checked: Option<Rate>,
    /// What was asked.
    pub form: SuggestForm,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// What a run was asked: the map and the form.
#[derive(Clone, Debug)]
struct Asked {
    map: Map,
    form: SuggestForm,
}

type Output = Result<(Assistant, Option<Rate>), BalanceEditError>;

/// The *Suggest fixes* state: the form, the running search and what the
/// last one found.
#[derive(Default)]
pub struct Suggestions {
    /// The form being filled in.
    pub form: SuggestForm,
    job: Job<Asked, Output>,
    found: Option<Found>,
    /// Whether `found` is about the open map, and the revision that was
    /// checked at.
    current: Option<(u64, bool)>,
    shown: Option<usize>,
    error: Option<String>,
}

impl std::fmt::Debug for Suggestions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Suggestions")
            .field("form", &self.form)
            .field("running", &self.job.is_running())
            .field(
                "found",
                &self.found.as_ref().map(|x| x.assistant.proposals.len()),
            )
            .field("shown", &self.shown)
            .finish_non_exhaustive()
    }
}

impl Suggestions {
    /// Starts a search on `map` with `roster`, replacing one that runs.
    pub fn start(&mut self, map: &Map, roster: Roster) {
        let form = self.form;
        let opts = form.options();
        let asked = Asked {
            map: map.clone(),
            form,
        };
        let map = map.clone();
        self.error = None;
        self.job
            .start(asked, form.matches_asked(), move |done, cancel| {
                let searched = balance_edit::matches_asked(&opts);
                let found = balance_edit::propose_with(
                    &map,
                    &roster,
                    &opts,
                    &|k| done.store(k, Ordering::Relaxed),
                    cancel,
                )?;
                let checked = match found.proposals.first() {
                    Some(best) if !found.cancelled => balance_edit::verify_with(
                        best,
                        &roster,
                        &opts,
                        form.verify,
                        &|k| done.store(searched + k, Ordering::Relaxed),
                        cancel,
                    )?,
                    _ => None,
                };
                Ok((found, checked))
            });
    }

    /// Takes a finished search and follows the open map: call once a frame.
    pub fn update(&mut self, doc: &Document) {
        if let Some(f) = self.job.poll() {
            match f.output {
                Ok((assistant, checked)) => {
                    self.shown = (!assistant.proposals.is_empty()).then_some(0);
                    self.found = Some(Found {
                        map: f.asked.map,
                        assistant,
                        checked,
                        form: f.asked.form,
                        seconds: f.seconds,
                    });
                    self.current = None;
                }
                Err(e) => self.error = Some(format!("Cannot suggest fixes: {e}")),
            }
        }
        let rev = doc.revision();
        if let Some(found) = &self.found
            && self.current.is_none_or(|(r, _)| r != rev)
        {
            self.current = Some((rev, found.map == *doc.map()));
        }
    }

    /// Forgets what was found and stops a search (another map was opened).
    pub fn clear(&mut self) {
        self.job = Job::default();
        self.found = None;
        self.current = None;
        self.shown = None;
        self.error = None;
    }

    /// The running search's progress bar and Cancel button (nothing when
    /// idle).
    pub fn progress_ui(&self, ui: &mut egui::Ui) {
        self.job.progress_ui(ui, "matches");
    }

    /// Whether a search runs.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.job.is_running()
    }

    /// What the last search found.
    #[must_use]
    pub fn found(&self) -> Option<&Found> {
        self.found.as_ref()
    }

    /// Whether what was found is about the open map (as of the last
    /// [`Self::update`]).
    #[must_use]
    pub fn is_current(&self) -> bool {
        self.found.is_some() && self.current.is_some_and(|(_, c)| c)
    }

    /// The proposal drawn strongest on the map.
    #[must_use]
    pub fn shown(&self) -> Option<usize> {
        self.shown
    }

    /// Shows proposal `i` strongest on the map.
    pub fn show(&mut self, i: usize) {
        if self
            .found
            .as_ref()
            .is_some_and(|f| i < f.assistant.proposals.len())
        {
            self.shown = Some(i);
        }
    }

    /// Why the last search could not run or failed.
    #[must_use]
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref().or(self.job.error())
    }

    /// Fails a search before it starts (no roster, say).
    pub fn fail(&mut self, error: String) {
        self.error = Some(error);
    }

    /// The proposals as canvas marks: an arrow per moved feature, numbered,
    /// the shown one strongest; none when they are not about the open map.
    #[must_use]
    pub fn marks(&self) -> Vec<Mark> {
        let Some(found) = self.found.as_ref().filter(|_| self.is_current()) else {
            return Vec::new();
        };
        let mut marks = Vec::new();
        for (i, p) in found.assistant.proposals.iter().enumerate() {
            let chosen = self.shown == Some(i);
            let moves =
                std::iter::once((p.edit.from, p.edit.to)).chain(p.edit.images.iter().copied());
            for (from, to) in moves {
                marks.push(Mark::Move {
                    from,
                    to,
                    kind: p.edit.kind,
                    number: i + 1,
                    chosen,
                });
            }
        }
        // The shown proposal last, so it is drawn on top.
        marks.sort_by_key(|m| matches!(m, Mark::Move { chosen: true, .. }));
        marks
    }

    /// The command that makes proposal `i` on `doc`: one undo step that
    /// moves the feature and its images. `None` when the proposals are not
    /// about the open map or `i` is not one of them.
    #[must_use]
    pub fn command(&self, i: usize, doc: &Document) -> Option<Command> {
        let found = self.found.as_ref()?;
        if found.map != *doc.map() {
            return None;
        }
        let p = found.assistant.proposals.get(i)?;
        Some(Command::new(
            format!("Suggested fix: {}", p.edit),
            vec![Change::Features {
                before: doc.map().features.clone(),
                after: p.map.features.clone(),
            }],
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::MapSource;
    use hexwright_engine::board::Board;
    use hexwright_engine::map::FeatureKind;
    use std::time::{Duration, Instant};

    fn doc(name: &str) -> Document {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("maps")
            .join(name);
        let map = hexwright_engine::format::load_map(&path).unwrap();
        Document::new(Board::new(map).unwrap(), MapSource::Unsaved)
    }

    fn wait(s: &mut Suggestions, doc: &Document) {
        let started = Instant::now();
        while s.is_running() {
            assert!(started.elapsed() < Duration::from_mins(2));
            std::thread::sleep(Duration::from_millis(5));
            s.update(doc);
        }
        s.update(doc);
    }

    #[test]
    fn a_search_proposes_marks_and_commands_for_the_map_it_ran_on() {
        let d = doc("twin-fords.ron");
        let mut s = Suggestions {
            form: SuggestForm {
                bots: [BotKind::Random; 2],
                budget: 2,
                matches: 2,
                verify: 2,
            },
            ..Suggestions::default()
        };
        assert_eq!(s.form.matches_asked(), 3 * 2 + 2);
        s.start(d.map(), Roster::bundled());
        wait(&mut s, &d);
        let found = s.found().expect("found");
        assert_eq!(found.assistant.proposals.len(), 2);
        assert!(found.checked.is_some(), "the best is checked afresh");
        assert!(s.is_current());
        assert_eq!(s.shown(), Some(0));
        let marks = s.marks();
        // Twin Fords is symmetric: every edit moves a feature and its image.
        assert_eq!(marks.len(), 4);
        assert!(matches!(
            marks.last(),
            Some(Mark::Move {
                number: 1,
                chosen: true,
                ..
            })
        ));
        s.show(1);
        assert!(matches!(
            s.marks().last(),
            Some(Mark::Move { number: 2, .. })
        ));
        s.show(9);
        assert_eq!(s.shown(), Some(1), "not a proposal: nothing changes");

        let cmd = s.command(0, &d).expect("a command");
        let p = &s.found().unwrap().assistant.proposals[0];
        assert!(cmd.label.contains(&p.edit.to_string()), "{}", cmd.label);
        assert!(s.command(5, &d).is_none());

        // Applied, the map differs: the proposals are kept but neither
        // drawn nor applied again; undone, they are back.
        let mut d = d;
        cmd.apply(&mut d).unwrap();
        s.update(&d);
        assert!(!s.is_current());
        assert!(s.marks().is_empty());
        assert!(s.command(0, &d).is_none());
        for c in cmd.changes.iter().rev() {
            c.inverse().apply(&mut d).unwrap();
        }
        s.update(&d);
        assert!(s.is_current(), "the same map again");
        s.clear();
        assert!(s.found().is_none());
    }

    #[test]
    fn an_invalid_map_gets_an_error_not_proposals() {
        let mut d = doc("twin-fords.ron");
        let mut map = d.map().clone();
        map.features
            .retain(|f| !matches!(f.kind, FeatureKind::Base { .. }));
        d = Document::new(Board::new(map).unwrap(), MapSource::Unsaved);
        let mut s = Suggestions::default();
        s.start(d.map(), Roster::bundled());
        wait(&mut s, &d);
        assert!(s.found().is_none());
        let e = s.error().expect("an error");
        assert!(e.contains("validation error"), "{e}");
    }
}
