//! One lifecycle for the sandbox's background work: a [`Job`] is idle or
//! runs one [`Worker`] at a time; it is started with what was asked (the
//! batch, the scenario it plays, the armies), polled each frame, and hands
//! back what was asked together with what the worker made, or keeps the
//! error when the worker died. The batch panel and the openings panel
//! run through it, so starting, cancelling, progress and
//! failure behave alike in every tab.

use crate::sandbox::worker::Worker;
use egui::Ui;
use hexwright_engine::rotation::Rotation;
use hexwright_engine::rules::scenario::{PlayedArmies, Prepared};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// What the batch panel asks of a run: the batch, the scenario its
/// matches are played on, and the armies they play, as the results and
/// exports will say.
#[derive(Clone, Debug)]
pub(crate) struct BatchAsked {
    /// The batch.
    pub batch: Rotation,
    /// The scenario it plays (its matches open from it later, even when the
    /// scenario panel changed since).
    pub prepared: Prepared,
    /// The armies every match plays.
    pub armies: PlayedArmies,
}

/// A finished run: what was asked, what the worker made, and how long it took.
#[derive(Debug)]
pub(crate) struct Finished<C, T> {
    /// What [`Job::start`] was given.
    pub asked: C,
    /// What the worker made (cancelled work returns what finished).
    pub output: T,
    /// Wall-clock seconds from start to the poll that took it.
    pub seconds: f64,
}

/// Background work of one kind: at most one run at a time, and the last
/// error.
pub(crate) struct Job<C, T> {
    running: Option<(Worker<T>, C)>,
    error: Option<String>,
}

impl<C, T> Default for Job<C, T> {
    fn default() -> Self {
        Self {
            running: None,
            error: None,
        }
    }
}

impl<C, T: Send + 'static> Job<C, T> {
    /// Starts `work` on a worker thread for `total` units of work, keeping
    /// `asked` until it finishes. A run already going is cancelled (its
    /// worker stops when dropped) and replaced; the last error is cleared.
    pub fn start(
        &mut self,
        asked: C,
        total: usize,
        work: impl FnOnce(&AtomicUsize, &AtomicBool) -> T + Send + 'static,
    ) {
        self.error = None;
        self.running = Some((Worker::spawn(total, work), asked));
    }

    /// Whether a run is going.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// What the running job was asked, if one runs.
    #[must_use]
    pub fn asked(&self) -> Option<&C> {
        self.running.as_ref().map(|(_, c)| c)
    }

    /// Units of work finished by the running job (0 when idle).
    #[cfg(test)]
    #[must_use]
    pub fn done(&self) -> usize {
        self.running
            .as_ref()
            .map_or(0, |(w, _)| w.done.load(Ordering::Relaxed))
    }

    /// Asks the running job to stop; the work that finished is kept.
    pub fn cancel(&self) {
        if let Some((w, _)) = &self.running {
            w.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// The run once its worker finished: `None` while it runs, when idle,
    /// or when the worker died (then [`Self::error`] says so).
    pub fn poll(&mut self) -> Option<Finished<C, T>> {
        let outcome = self.running.as_ref()?.0.take()?;
        let (worker, asked) = self.running.take()?;
        let seconds = worker.started.elapsed().as_secs_f64();
        match outcome {
            Ok(output) => Some(Finished {
                asked,
                output,
                seconds,
            }),
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }

    /// Records an error that kept a run from starting.
    pub fn fail(&mut self, error: String) {
        self.error = Some(error);
    }

    /// Why the last run failed or could not start.
    #[must_use]
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The running job's progress bar and Cancel button (nothing when idle).
    pub fn progress_ui(&self, ui: &mut Ui, unit: &str) {
        if let Some((w, _)) = &self.running {
            w.progress_ui(ui, unit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn wait<C, T: Send + 'static>(job: &mut Job<C, T>) -> Option<Finished<C, T>> {
        let started = Instant::now();
        while job.is_running() {
            if let Some(f) = job.poll() {
                return Some(f);
            }
            assert!(started.elapsed() < Duration::from_secs(30));
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }

    #[test]
    fn a_run_hands_back_what_was_asked_with_its_output() {
        let mut job = Job::default();
        assert!(!job.is_running());
        job.start("asked", 3, |done, _| {
            done.store(3, Ordering::Relaxed);
            7
        });
        assert!(job.is_running());
        assert_eq!(job.asked(), Some(&"asked"));
        let f = wait(&mut job).expect("finished");
        assert_eq!((f.asked, f.output), ("asked", 7));
        assert!(!job.is_running());
        assert!(job.error().is_none());
        assert!(job.poll().is_none(), "taken once");
    }

    #[test]
    fn cancel_reaches_the_worker_and_keeps_its_output() {
        let mut job = Job::default();
        job.start((), 1_000_000, |done, cancel| {
            let mut k = 0;
            while !cancel.load(Ordering::Relaxed) {
                k += 1;
                done.store(k, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(1));
            }
            k
        });
        let started = Instant::now();
        while job.done() < 2 {
            assert!(started.elapsed() < Duration::from_secs(30));
            std::thread::sleep(Duration::from_millis(2));
        }
        job.cancel();
        let f = wait(&mut job).expect("a cancelled run still finishes");
        assert!(f.output >= 2);
    }

    #[test]
    fn a_worker_that_dies_leaves_an_error_and_an_idle_job() {
        let mut job: Job<(), ()> = Job::default();
        job.start((), 1, |_, _| panic!("the worker dies"));
        assert!(wait(&mut job).is_none());
        assert!(!job.is_running());
        assert_eq!(
            job.error(),
            Some("The simulation stopped with an internal error.")
        );
        job.start((), 1, |_, _| ());
        assert!(job.error().is_none(), "a new run clears the error");
        assert!(wait(&mut job).is_some());
    }
}
