//! The metadata editor: name, author, description, tags, source and
//! licence. The text typed
//! is kept in a [`MetaForm`] (UI state); leaving a field or pressing Apply
//! turns the change into one undoable edit.

use crate::app::action::Action;
use egui::{Grid, TextEdit, Ui};
use hexwright_engine::map::Meta;

/// The text in the metadata fields.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MetaForm {
    /// Name field.
    pub name: String,
    /// Author field.
    pub author: String,
    /// Description field.
    pub description: String,
    /// Tags, comma separated.
    pub tags: String,
    /// Source field: where the map comes from.
    pub source: String,
    /// Licence field.
    pub license: String,
    /// The metadata the form was last filled from.
    loaded: Option<Meta>,
}

impl MetaForm {
    /// Fills the form from `meta` when the map's metadata changed (undo,
    /// another file) and the user is not typing.
    pub fn sync(&mut self, meta: &Meta, typing: bool) {
        if self.loaded.as_ref() == Some(meta) || typing {
            return;
        }
        self.name.clone_from(&meta.name);
        self.author.clone_from(&meta.author);
        self.description.clone_from(&meta.description);
        self.tags = meta.tags.join(", ");
        self.source.clone_from(&meta.source);
        self.license.clone_from(&meta.license);
        self.loaded = Some(meta.clone());
    }

    /// The metadata as typed.
    #[must_use]
    pub fn meta(&self) -> Meta {
        Meta {
            name: self.name.trim().to_owned(),
            author: self.author.trim().to_owned(),
            description: self.description.trim_end().to_owned(),
            tags: self
                .tags
                .split(',')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
                .collect(),
            source: self.source.trim().to_owned(),
            license: self.license.trim().to_owned(),
            // Not a field: how the map was generated stays as it was.
            generated: self.loaded.as_ref().and_then(|m| m.generated.clone()),
        }
    }
}

/// Draws the form; returns [`Action::SetMeta`] when a change is committed.
pub fn show_ui(ui: &mut Ui, form: &mut MetaForm, current: &Meta) -> Vec<Action> {
    let mut actions = Vec::new();
    let mut commit = false;
    let mut typing = false;
    Grid::new("meta_form")
        .num_columns(2)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            let mut field = |ui: &mut Ui, label: &str, text: &mut String, multi: bool| {
                let name = ui.label(label);
                let edit = if multi {
                    TextEdit::multiline(text).desired_rows(2)
                } else {
                    TextEdit::singleline(text)
                };
                let r = ui
                    .add(edit.desired_width(f32::INFINITY))
                    .labelled_by(name.id);
                commit |= r.lost_focus();
                typing |= r.has_focus();
                ui.end_row();
            };
            field(ui, "Name", &mut form.name, false);
            field(ui, "Author", &mut form.author, false);
            field(ui, "Description", &mut form.description, true);
            field(ui, "Tags", &mut form.tags, false);
            field(ui, "Source", &mut form.source, false);
            field(ui, "Licence", &mut form.license, false);
        });
    let changed = form.meta() != *current;
    if changed
        && ui
            .button("Apply")
            .on_hover_text("Save the metadata into the map")
            .clicked()
    {
        commit = true;
    }
    if commit && changed && !form.meta().name.is_empty() {
        actions.push(Action::SetMeta(form.meta()));
    }
    form.sync(current, typing);
    actions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_split_on_commas_and_trimmed() {
        let mut f = MetaForm::default();
        f.sync(&Meta::default(), false);
        f.name = " Fords ".to_owned();
        f.tags = "1v1, rivers,, small ".to_owned();
        let m = f.meta();
        assert_eq!(m.name, "Fords");
        assert_eq!(m.tags, vec!["1v1", "rivers", "small"]);
    }
}
