//! *Suggest fixes*: the certifying balance assistant
//! ([`hexwright_engine::fix`]) in the editor. [`Suggestions`] runs it on a
//! worker thread (it plays thousands of matches), keeps what it found with
//! the map it searched and the map after each step, draws the steps on the
//! canvas as numbered arrows, and turns them into undoable [`Command`]s:
//! the next step, or all the steps left, each its own undo step. The last
//! step's map carries the certificate when the search certified it.
//!
//! Steps belong to the maps they were found on: the open map must be the
//! searched one or one of its steps' results for a step to apply; after any
//! other edit they are kept but cannot be applied, and they come back when
//! undo returns to one of those maps.

use crate::document::Document;
use crate::document::command::{Change, Command};
use crate::edit::editing::{EditMark, Mark};
use crate::sandbox::job::Job;
use hexwright_engine::bots::BotKind;
use hexwright_engine::coverage::Coverage;
use hexwright_engine::fix::{self, Change as FixChange, FixError, Fixed, Level, Options};
use hexwright_engine::map::Map;
use hexwright_engine::rules::Roster;
use hexwright_engine::ruleset::RulesetId;
use std::sync::atomic::Ordering;

/// What the designer asks of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent choices of the form"
)]
pub struct SuggestForm {
    /// The bot edits are chosen and certified at (on every seat).
    pub level: BotKind,
    /// Also certify the result with planner bots.
    pub also_planner: bool,
    /// With `also_planner`: keep editing until fair at both levels.
    pub every_level: bool,
    /// Once certified, go on while edits bring the map nearer to fair, and
    /// keep the certified map found nearest ([`Options::as_even`]).
    pub as_even: bool,
    /// The most edits.
    pub max_edits: usize,
    /// Keep a symmetric map symmetric (edits made with their images).
    pub keep_symmetry: bool,
}

impl Default for SuggestForm {
    /// The command line's defaults (`hexwright balance-edit`).
    fn default() -> Self {
        let o = Options::default();
        Self {
            level: o.level.bot,
            also_planner: false,
            every_level: o.every_level,
            as_even: o.as_even,
            max_edits: o.max_steps,
            keep_symmetry: o.keep_symmetry,
        }
    }
}

impl SuggestForm {
    /// The assistant's options for this form, on a map of `players`
    /// players (the round limit is its ruleset's).
    #[must_use]
    pub fn options(&self, players: usize) -> Options {
        let ruleset = RulesetId::for_players(players)
            .first()
            .copied()
            .unwrap_or(RulesetId::AkwRulesV1);
        Options {
            level: Level {
                bot: self.level,
                round_limit: ruleset.default_round_limit(),
                ruleset: None,
            },
            also: if self.also_planner && self.level != BotKind::Planner {
                vec![Level {
                    bot: BotKind::Planner,
                    round_limit: ruleset.default_round_limit(),
                    ruleset: None,
                }]
            } else {
                Vec::new()
            },
            every_level: self.also_planner && self.every_level,
            as_even: self.as_even,
            max_steps: self.max_edits.clamp(1, 32),
            keep_symmetry: self.keep_symmetry,
            date: hexwright_headless::files::today_utc(),
            ..Options::default()
        }
    }
}

/// What a finished search found.
#[derive(Clone, Debug)]
pub struct Found {
    /// The map searched.
    pub map: Map,
    /// What the assistant did.
    pub fixed: Fixed,
    /// The map after each step (the last with the certificates, when
    /// certified).
    pub maps: Vec<Map>,
    /// What was asked.
    pub form: SuggestForm,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl Found {
    fn new(map: Map, fixed: Fixed, form: SuggestForm, seconds: f64) -> Self {
        let mut maps = Vec::new();
        if let Ok(mut coverage) = Coverage::new(&map) {
            let mut at = map.clone();
            for s in &fixed.steps {
                match s.edit.apply(&at, &coverage) {
                    Some(next) => {
                        maps.push(next.map.clone());
                        at = next.map;
                        // A blocked or opened hex changes the usable hexes.
                        if let Some(c) = next.coverage {
                            coverage = c;
                        }
                    }
                    None => break,
                }
            }
        }
        if let Some(last) = maps.last_mut() {
            last.certificates.clone_from(&fixed.map.certificates);
        }
        Self {
            map,
            fixed,
            maps,
            form,
            seconds,
        }
    }

    /// How many steps `map` has made: 0 for the searched map, `k` for the
    /// map after step `k`; `None` for any other map.
    #[must_use]
    pub fn position(&self, map: &Map) -> Option<usize> {
        if *map == self.map {
            return Some(0);
        }
        self.maps.iter().position(|m| m == map).map(|k| k + 1)
    }
}

/// What a run was asked: the map and the form.
#[derive(Clone, Debug)]
struct Asked {
    map: Map,
    form: SuggestForm,
}

/// The *Suggest fixes* state: the form, the running search and what the
/// last one found.
#[derive(Default)]
pub struct Suggestions {
    /// The form being filled in.
    pub form: SuggestForm,
    job: Job<Asked, Result<Fixed, FixError>>,
    found: Option<Found>,
    /// The revision last looked at, and the open map's place among the
    /// steps then.
    current: Option<(u64, Option<usize>)>,
    shown: Option<usize>,
    error: Option<String>,
    /// The search's news as it runs, one line each: every edit made
    /// (`edit 1: …`) and every certification (`check: …`), as
    /// `balance-edit` prints them.
    log: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl std::fmt::Debug for Suggestions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Suggestions")
            .field("form", &self.form)
            .field("running", &self.job.is_running())
            .field("found", &self.found.as_ref().map(|x| x.fixed.steps.len()))
            .field("shown", &self.shown)
            .finish_non_exhaustive()
    }
}

impl Suggestions {
    /// Starts a search on `map` with `roster`, replacing one that runs.
    pub fn start(&mut self, map: &Map, roster: Roster) {
        let form = self.form;
        let opts = form.options(map.player_count());
        let asked = Asked {
            map: map.clone(),
            form,
        };
        let map = map.clone();
        self.error = None;
        // The total is not known (the search stops when it decides): the
        // bar counts up to a generous bound.
        let bound = (opts.max_steps + 1) * 20_000;
        let log = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        self.log = std::sync::Arc::clone(&log);
        self.job.start(asked, bound, move |done, cancel| {
            let edits = std::sync::atomic::AtomicUsize::new(0);
            let news = |n: fix::News<'_>| {
                let line = match n {
                    fix::News::Matches(k) => {
                        done.store(k, Ordering::Relaxed);
                        return;
                    }
                    fix::News::Step(s) => {
                        let k = edits.fetch_add(1, Ordering::Relaxed) + 1;
                        format!("edit {k}: {}", s.sentence())
                    }
                    fix::News::Certification(c) => format!("check: {}", c.sentence()),
                };
                if let Ok(mut lines) = log.lock() {
                    lines.push(line);
                }
            };
            fix::fix_observed(&map, &roster, &opts, &news, cancel)
        });
    }

    /// Takes a finished search and follows the open map: call once a frame.
    pub fn update(&mut self, doc: &Document) {
        if let Some(f) = self.job.poll() {
            match f.output {
                Ok(fixed) => {
                    self.shown = (!fixed.steps.is_empty()).then_some(0);
                    self.found = Some(Found::new(f.asked.map, fixed, f.asked.form, f.seconds));
                    self.current = None;
                }
                Err(e) => self.error = Some(format!("Cannot suggest fixes: {e}")),
            }
        }
        let rev = doc.revision();
        if let Some(found) = &self.found
            && self.current.is_none_or(|(r, _)| r != rev)
        {
            self.current = Some((rev, found.position(doc.map())));
        }
    }

    /// Forgets what was found and stops a search (another map was opened).
    pub fn clear(&mut self) {
        self.job = Job::default();
        self.log = std::sync::Arc::default();
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

    /// The running (or last) search's news so far, one line each: `edit
    /// N: …` for each edit made, `check: …` for each certification.
    #[must_use]
    pub fn log(&self) -> Vec<String> {
        self.log.lock().map(|l| l.clone()).unwrap_or_default()
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

    /// How many of the steps the open map has made (as of the last
    /// [`Self::update`]); `None` when it is none of the steps' maps.
    #[must_use]
    pub fn position(&self) -> Option<usize> {
        self.current.and_then(|(_, p)| p)
    }

    /// Whether what was found is about the open map: it is the searched
    /// map or one of the steps' results.
    #[must_use]
    pub fn is_current(&self) -> bool {
        self.found.is_some() && self.position().is_some()
    }

    /// The step drawn strongest on the map.
    #[must_use]
    pub fn shown(&self) -> Option<usize> {
        self.shown
    }

    /// Shows step `i` strongest on the map.
    pub fn show_ui(&mut self, i: usize) {
        if self.found.as_ref().is_some_and(|f| i < f.fixed.steps.len()) {
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

    /// The steps not made yet as canvas marks, each numbered by its step
    /// (every symmetric image too), the shown one strongest: an arrow per
    /// moved feature, a zone's outline before and after with an arrow, a
    /// hex blocked or cleared crossed out, a hex opened outlined, a bush
    /// planted as its ghost. None when they are not about the open map.
    #[must_use]
    pub fn marks(&self) -> Vec<Mark> {
        let (Some(found), Some(at)) = (self.found.as_ref(), self.position()) else {
            return Vec::new();
        };
        let mut marks = Vec::new();
        for (i, s) in found.fixed.steps.iter().enumerate().skip(at) {
            let chosen = self.shown == Some(i);
            let number = i + 1;
            // The map as it is before this step.
            let before = match i {
                0 => Some(&found.map),
                _ => found.maps.get(i - 1),
            };
            for c in std::iter::once(&s.edit.change).chain(&s.edit.images) {
                marks.extend(change_mark(c, before, number, chosen));
            }
        }
        // The shown step last, so it is drawn on top.
        marks.sort_by_key(|m| {
            matches!(
                m,
                Mark::Move { chosen: true, .. } | Mark::Edit { chosen: true, .. }
            )
        });
        marks
    }

    /// Where step `i` acts, to centre the view on.
    #[must_use]
    pub fn step_hex(&self, i: usize) -> Option<hexwright_engine::Hex> {
        let s = self.found.as_ref()?.fixed.steps.get(i)?;
        Some(match s.edit.change {
            FixChange::Move { from, .. } => from,
            FixChange::AddBush { at }
            | FixChange::RemoveBush { at }
            | FixChange::Block { at }
            | FixChange::Open { at } => at,
            FixChange::ShiftZone { side, .. } => self
                .found
                .as_ref()?
                .map
                .zone_of(side)
                .and_then(|z| z.hexes.first().copied())?,
        })
    }

    /// The command that makes step `i` on `doc`: one undo step. `None`
    /// unless the open map has made exactly the steps before it.
    #[must_use]
    pub fn command(&self, i: usize, doc: &Document) -> Option<Command> {
        let found = self.found.as_ref()?;
        if found.position(doc.map())? != i {
            return None;
        }
        let step = found.fixed.steps.get(i)?;
        let after = found.maps.get(i)?;
        Some(Command::new(
            format!("Suggested fix {}: {}", i + 1, step.edit),
            vec![Change::Map {
                before: Box::new(doc.map().clone()),
                after: Box::new(after.clone()),
            }],
        ))
    }
}

/// The canvas mark of one change a step makes on `before` (the map
/// before the step), numbered `number`; `None` for a zone shift when
/// `before` has no such zone.
fn change_mark(c: &FixChange, before: Option<&Map>, number: usize, chosen: bool) -> Option<Mark> {
    let edit = match *c {
        FixChange::Move { kind, from, to } => {
            return Some(Mark::Move {
                from,
                to,
                kind,
                number,
                chosen,
            });
        }
        FixChange::AddBush { at } => EditMark::AddBush(at),
        FixChange::RemoveBush { at } => EditMark::RemoveBush(at),
        FixChange::Block { at } => EditMark::Block(at),
        FixChange::Open { at } => EditMark::Open(at),
        FixChange::ShiftZone { side, by } => {
            let z = before?.zone_of(side)?;
            EditMark::Zone {
                side,
                before: z.hexes.clone(),
                after: z.hexes.iter().map(|&h| h + by).collect(),
            }
        }
    };
    Some(Mark::Edit {
        edit,
        number,
        chosen,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::MapSource;
    use hexwright_engine::board::Board;
    use hexwright_engine::fix::Ending;
    use hexwright_engine::map::FeatureKind;
    use std::time::{Duration, Instant};

    /// A bundled map as designed, before its balance edits (Twin Fords so
    /// favours side 1 by turn order alone).
    fn doc(name: &str) -> Document {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("engine/tests/fixtures/designs")
            .join(name);
        let map = hexwright_engine::format::load_map(&path).unwrap();
        Document::new(Board::new(map).unwrap(), MapSource::Unsaved)
    }

    fn wait(s: &mut Suggestions, doc: &Document) {
        let started = Instant::now();
        while s.is_running() {
            assert!(started.elapsed() < Duration::from_mins(5));
            std::thread::sleep(Duration::from_millis(5));
            s.update(doc);
        }
        s.update(doc);
    }

    /// Twin Fords as designed favours side 1 at greedy level: the search
    /// finds steps, draws them, and each applies as one undo step in order,
    /// the last leaving the certificate in the map.
    #[test]
    fn a_search_certifies_and_its_steps_apply_in_order() {
        let d = doc("twin-fords.ron");
        let mut s = Suggestions::default();
        s.start(d.map(), Roster::bundled());
        wait(&mut s, &d);
        let found = s.found().expect("found");
        assert_eq!(
            found.fixed.ending,
            Ending::Certified,
            "{}",
            found.fixed.verdict()
        );
        let n = found.fixed.steps.len();
        assert!(n >= 1);
        assert_eq!(found.maps.len(), n);
        // The news came as the search went: each edit, each certification.
        let log = s.log();
        assert_eq!(log.iter().filter(|l| l.starts_with("edit ")).count(), n);
        assert_eq!(
            log.iter().filter(|l| l.starts_with("check: ")).count(),
            found.fixed.attempts.len() + found.fixed.also.len()
        );
        assert_eq!(s.position(), Some(0));
        assert_eq!(s.shown(), Some(0));
        assert!(s.step_hex(0).is_some());
        assert!(
            s.command(1, &d).is_none() || n == 1,
            "step 2 needs step 1 first"
        );
        let mut d = d;
        let mut applied = Vec::new();
        for i in 0..n {
            let cmd = s.command(i, &d).expect("the next step");
            assert!(cmd.label.starts_with(&format!("Suggested fix {}", i + 1)));
            cmd.apply(&mut d).unwrap();
            s.update(&d);
            assert_eq!(s.position(), Some(i + 1));
            applied.push(cmd);
        }
        assert_eq!(
            d.map().certificates.len(),
            1,
            "the certificate came with the last step"
        );
        assert!(d.map().certificates[0].holds_for(d.map()));
        assert!(s.marks().is_empty(), "no step left to draw");
        // Undone: the steps are back.
        for cmd in applied.iter().rev() {
            for c in cmd.changes.iter().rev() {
                c.inverse().apply(&mut d).unwrap();
            }
        }
        s.update(&d);
        assert_eq!(s.position(), Some(0));
        s.clear();
        assert!(s.found().is_none());
    }

    #[test]
    fn an_invalid_map_gets_an_error_not_steps() {
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

    /// Every kind of suggested edit has its mark, numbered by its step: a
    /// zone shift its outline before and after (not one long zone), a hex
    /// blocked or opened and a bush planted or cleared their own.
    #[test]
    fn every_kind_of_edit_is_drawn_with_its_number() {
        use hexwright_engine::Hex;
        use hexwright_engine::player::PlayerId;
        let map = doc("twin-fords.ron").map().clone();
        let side = PlayerId(0);
        let zone = map.zone_of(side).unwrap().hexes.clone();
        let by = Hex::new(1, 0);
        let at = Hex::new(2, -1);
        let shift = FixChange::ShiftZone { side, by };
        assert_eq!(
            change_mark(&shift, Some(&map), 3, true),
            Some(Mark::Edit {
                edit: EditMark::Zone {
                    side,
                    before: zone.clone(),
                    after: zone.iter().map(|&h| h + by).collect(),
                },
                number: 3,
                chosen: true,
            })
        );
        for (change, edit) in [
            (FixChange::Block { at }, EditMark::Block(at)),
            (FixChange::Open { at }, EditMark::Open(at)),
            (FixChange::AddBush { at }, EditMark::AddBush(at)),
            (FixChange::RemoveBush { at }, EditMark::RemoveBush(at)),
        ] {
            let mark = change_mark(&change, Some(&map), 2, false);
            assert_eq!(
                mark,
                Some(Mark::Edit {
                    edit: edit.clone(),
                    number: 2,
                    chosen: false
                })
            );
            assert_eq!(edit.anchor(), Some(at), "the number sits on the hex");
        }
        // The number of a zone shift sits inside the zone where it goes.
        let Some(Mark::Edit { edit, .. }) = change_mark(&shift, Some(&map), 1, false) else {
            unreachable!()
        };
        let anchor = edit.anchor().unwrap();
        assert!(zone.iter().map(|&h| h + by).any(|h| h == anchor));
    }
}
