//! The undo history: the applied [`Command`]s, a cursor into them, and
//! jumping to any step. Holds at least [`HISTORY_LIMIT`] steps; older ones
//! are forgotten first.

use crate::document::Document;
use crate::document::command::{Command, CommandError};

/// How many steps the history keeps.
pub const HISTORY_LIMIT: usize = 500;

/// The commands applied to the open document, and those undone.
#[derive(Clone, Debug, Default)]
pub struct History {
    /// Every remembered command; `steps[..cursor]` are applied.
    steps: Vec<Command>,
    cursor: usize,
    /// Steps forgotten at the start because of the limit.
    forgotten: usize,
    /// The cursor position (counting forgotten steps) that matches the file
    /// on disk, if it is still reachable.
    saved_at: Option<usize>,
}

impl History {
    /// An empty history whose state is the saved one.
    #[must_use]
    pub fn new() -> Self {
        Self {
            saved_at: Some(0),
            ..Self::default()
        }
    }

    /// Applies `cmd` to `doc` and records it, dropping what was undone.
    /// Empty commands are ignored.
    pub fn execute(&mut self, doc: &mut Document, cmd: Command) -> Result<(), CommandError> {
        if cmd.is_empty() {
            return Ok(());
        }
        cmd.apply(doc)?;
        self.record(cmd);
        Ok(())
    }

    /// Records a command that was already applied (a brush stroke applied
    /// while the user painted it).
    pub fn record(&mut self, cmd: Command) {
        if cmd.is_empty() {
            return;
        }
        self.steps.truncate(self.cursor);
        if self
            .saved_at
            .is_some_and(|s| s > self.forgotten + self.cursor)
        {
            self.saved_at = None;
        }
        self.steps.push(cmd);
        self.cursor += 1;
        if self.steps.len() > HISTORY_LIMIT {
            self.steps.remove(0);
            self.cursor -= 1;
            self.forgotten += 1;
        }
    }

    /// Undoes the last applied command; returns its label.
    pub fn undo(&mut self, doc: &mut Document) -> Option<String> {
        if self.cursor == 0 {
            return None;
        }
        let cmd = &self.steps[self.cursor - 1];
        cmd.revert(doc).ok()?;
        self.cursor -= 1;
        Some(cmd.label.clone())
    }

    /// Redoes the next undone command; returns its label.
    pub fn redo(&mut self, doc: &mut Document) -> Option<String> {
        let cmd = self.steps.get(self.cursor)?;
        cmd.apply(doc).ok()?;
        self.cursor += 1;
        Some(cmd.label.clone())
    }

    /// Undoes or redoes until `step` commands are applied (`0`: the oldest
    /// remembered state).
    pub fn jump_to(&mut self, doc: &mut Document, step: usize) {
        let step = step.min(self.steps.len());
        while self.cursor > step {
            if self.undo(doc).is_none() {
                break;
            }
        }
        while self.cursor < step {
            if self.redo(doc).is_none() {
                break;
            }
        }
    }

    /// Whether there is something to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether there is something to redo.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.cursor < self.steps.len()
    }

    /// The remembered commands, oldest first.
    #[must_use]
    pub fn steps(&self) -> &[Command] {
        &self.steps
    }

    /// How many of [`History::steps`] are applied.
    #[must_use]
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Marks the current state as the one saved on disk.
    pub fn mark_saved(&mut self) {
        self.saved_at = Some(self.forgotten + self.cursor);
    }

    /// Marks the current state as not saved anywhere (a recovered map).
    pub fn mark_unsaved(&mut self) {
        self.saved_at = None;
    }

    /// Whether the document differs from the file it was opened from or
    /// last saved to.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.saved_at != Some(self.forgotten + self.cursor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::MapSource;
    use crate::document::command::Change;
    use hexwright_engine::board::Board;
    use hexwright_engine::map::Meta;

    fn doc() -> Document {
        let map = hexwright_headless::files::bundled::default_map().unwrap();
        Document::new(Board::new(map).unwrap(), MapSource::Unsaved)
    }

    fn rename(doc: &Document, name: &str) -> Command {
        let before = doc.map().meta.clone();
        let after = Meta {
            name: name.to_owned(),
            ..before.clone()
        };
        Command::new(
            format!("Rename to {name}"),
            vec![Change::Meta { before, after }],
        )
    }

    #[test]
    fn undo_redo_and_jump_walk_the_steps() {
        let mut d = doc();
        let mut h = History::new();
        let original = d.map().meta.name.clone();
        for i in 0..5 {
            let c = rename(&d, &format!("n{i}"));
            h.execute(&mut d, c).unwrap();
        }
        assert!(h.is_dirty());
        assert_eq!(d.map().meta.name, "n4");
        assert_eq!(h.undo(&mut d).as_deref(), Some("Rename to n4"));
        assert_eq!(d.map().meta.name, "n3");
        h.redo(&mut d);
        assert_eq!(d.map().meta.name, "n4");
        h.jump_to(&mut d, 0);
        assert_eq!(d.map().meta.name, original);
        assert!(!h.is_dirty(), "back at the saved state");
        h.jump_to(&mut d, 2);
        assert_eq!(d.map().meta.name, "n1");
        // A new command drops the undone ones.
        let c = rename(&d, "x");
        h.execute(&mut d, c).unwrap();
        assert_eq!(h.steps().len(), 3);
        assert!(!h.can_redo());
    }

    #[test]
    fn keeps_the_last_history_limit_steps() {
        let mut d = doc();
        let mut h = History::new();
        for i in 0..HISTORY_LIMIT + 20 {
            let c = rename(&d, &format!("n{i}"));
            h.execute(&mut d, c).unwrap();
        }
        assert_eq!(h.steps().len(), HISTORY_LIMIT);
        let mut undone = 0;
        while h.undo(&mut d).is_some() {
            undone += 1;
        }
        assert_eq!(undone, HISTORY_LIMIT);
        assert_eq!(d.map().meta.name, "n19");
        assert!(h.is_dirty(), "the saved state was forgotten");
    }
}
