//! Work off the UI thread: [`Worker`] runs a batch or openings simulation
//! on its own thread with a progress counter and a cancel flag, so the
//! window never freezes; and the small form widgets the batch and openings
//! panels share.

use egui::{Button, ComboBox, DragValue, ProgressBar, RichText, Ui};
use hexwright_engine::bots::BotKind;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

/// A worker thread playing matches, and how to talk to it.
pub(crate) struct Worker<T> {
    /// Finished units of work (matches, runs).
    pub done: Arc<AtomicUsize>,
    /// Set to stop early.
    pub cancel: Arc<AtomicBool>,
    /// Units of work asked for.
    pub total: usize,
    /// When it started.
    pub started: Instant,
    rx: Receiver<T>,
}

impl<T: Send + 'static> Worker<T> {
    /// Starts `work` on a new thread; it gets the progress counter and the
    /// cancel flag.
    pub fn spawn(
        total: usize,
        work: impl FnOnce(&AtomicUsize, &AtomicBool) -> T + Send + 'static,
    ) -> Self {
        let done = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let (d, c) = (done.clone(), cancel.clone());
        std::thread::spawn(move || {
            // The receiver is gone when the panel was dropped: nothing to do.
            let _ = tx.send(work(&d, &c));
        });
        Self {
            done,
            cancel,
            total,
            started: Instant::now(),
            rx,
        }
    }

    /// The result once the thread finished; `Err` when it died.
    pub fn take(&self) -> Option<Result<T, String>> {
        match self.rx.try_recv() {
            Ok(t) => Some(Ok(t)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                Some(Err("The simulation stopped with an internal error.".into()))
            }
        }
    }

    /// Shows "k / n" and a Cancel button.
    pub fn progress_ui(&self, ui: &mut Ui, unit: &str) {
        let k = self.done.load(Ordering::Relaxed).min(self.total);
        let cancelling = self.cancel.load(Ordering::Relaxed);
        ui.horizontal(|ui| {
            let fraction = if self.total == 0 {
                1.0
            } else {
                k as f32 / self.total as f32
            };
            ui.add(
                ProgressBar::new(fraction)
                    .desired_width(180.0)
                    .text(format!("{k} / {}", self.total)),
            )
            .on_hover_text(format!("{unit} finished"));
            if ui
                .add_enabled(!cancelling, Button::new("Cancel"))
                .on_hover_text(format!("Stop now and keep the {unit} that finished"))
                .clicked()
            {
                self.cancel.store(true, Ordering::Relaxed);
            }
        });
        if cancelling {
            ui.label(RichText::new("Cancelling…").weak());
        } else if let Some(left) = time_left(self.started.elapsed(), k, self.total) {
            ui.label(
                RichText::new(format!(
                    "{} elapsed · at most about {} left at this pace",
                    duration_text(self.started.elapsed()),
                    duration_text(left)
                ))
                .weak(),
            );
        }
        // Progress comes from another thread: look again soon.
        ui.ctx().request_repaint_after(Duration::from_millis(100));
    }
}

/// The time `total − done` more units take at the pace of `done` units in
/// `elapsed`; `None` before the first unit finishes.
#[must_use]
pub fn time_left(elapsed: Duration, done: usize, total: usize) -> Option<Duration> {
    (done > 0).then(|| elapsed.mul_f64(total.saturating_sub(done) as f64 / done as f64))
}

/// A duration in words a person reads at a glance: "45 s", "12 min",
/// "3.5 h".
#[must_use]
pub fn duration_text(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 90.0 {
        format!("{s:.0} s")
    } else if s < 90.0 * 60.0 {
        format!("{:.0} min", s / 60.0)
    } else {
        format!("{:.1} h", s / 3600.0)
    }
}

impl<T> Drop for Worker<T> {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The rows of a seat-swapped form in a two-column grid: bot 1, bot 2 and
/// the first seed. `what` names the unit of work ("matches", "runs").
pub(crate) fn seating_rows_ui(
    ui: &mut Ui,
    id: &str,
    what: &str,
    bots: &mut [BotKind; 2],
    seed: &mut u64,
) {
    for (i, bot) in bots.iter_mut().enumerate() {
        let n = i + 1;
        ui.label(format!("Bot {n}"));
        bot_combo_ui(
            ui,
            &format!("{id}_bot_{n}"),
            &format!("Bot {n} (side {i} in even {what})"),
            bot,
        );
        ui.end_row();
    }
    seed_row_ui(ui, seed, "Pair i plays with seed + i");
}

/// The rows of a rotated-seats form in a two-column grid: a bot per seat
/// of the first seating, and the first seed (`seed_hint` says what it
/// seeds).
pub(crate) fn seat_rows_ui(
    ui: &mut Ui,
    id: &str,
    bots: &mut [BotKind],
    seed: &mut u64,
    seed_hint: &str,
) {
    for (p, bot) in bots.iter_mut().enumerate() {
        ui.label(format!("Bot {}", p + 1));
        bot_combo_ui(
            ui,
            &format!("{id}_bot_{p}"),
            &format!("Side {p} in the first seating"),
            bot,
        );
        ui.end_row();
    }
    seed_row_ui(ui, seed, seed_hint);
}

/// The first-seed row of a batch form.
fn seed_row_ui(ui: &mut Ui, seed: &mut u64, hint: &str) {
    number_ui(ui, "First seed", seed, 0..=u64::MAX, hint);
}

/// A combo box choosing a bot.
pub(crate) fn bot_combo_ui(ui: &mut Ui, id: &str, label: &str, bot: &mut BotKind) {
    ComboBox::from_id_salt(id)
        .selected_text(bot.name())
        .show_ui(ui, |ui| {
            for b in BotKind::ALL {
                ui.selectable_value(bot, b, b.name());
            }
        })
        .response
        .on_hover_text(label);
}

/// A labelled number field (named for screen readers and tests).
pub(crate) fn number_ui<N: egui::emath::Numeric>(
    ui: &mut Ui,
    label: &str,
    value: &mut N,
    range: std::ops::RangeInclusive<N>,
    hint: &str,
) {
    let l = ui.label(label);
    ui.add(DragValue::new(value).range(range).speed(1.0))
        .labelled_by(l.id)
        .on_hover_text(hint);
    ui.end_row();
}
