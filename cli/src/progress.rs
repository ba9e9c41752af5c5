//! Progress bars for long commands (indicatif): drawn on standard error
//! when it is a terminal, absent otherwise, so pipes and CI logs never see
//! them. Work units may finish on any thread (`ProgressBar::inc` is
//! thread-safe).
//!
//! Ctrl-C stops such a command; `validate` writes nothing but its report,
//! so stopping it loses nothing.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// A bar for `total` units of `unit` ("matches", "maps") on a terminal.
pub(crate) fn bar(total: usize, unit: &str) -> Option<ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(total as u64);
        let template =
            format!("{{bar:40}} {{pos}}/{{len}} {unit}, {{elapsed}} elapsed, ~{{eta}} left");
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style);
        }
        bar
    })
}

/// A counter of `unit` for work of no known total (a search that stops
/// when it decides), on a terminal.
pub(crate) fn spinner(unit: &str) -> Option<ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new_spinner();
        let template = format!("{{spinner}} {{pos}} {unit} played, {{elapsed}} elapsed");
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style);
        }
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        bar
    })
}
