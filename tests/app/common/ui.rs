//! Helpers shared by the `egui_kittest` tests that drive the whole app.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use hexwright::app::HexwrightApp;

/// Clicks the text field labelled `label` and types `text` into it,
/// replacing what is there.
pub fn type_into(h: &mut Harness<'_, HexwrightApp>, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_role_and_label(Role::TextInput, label)
        .type_text(text);
    h.run();
}
