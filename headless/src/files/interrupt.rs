//! What an interrupted process does with its files. One handler for the
//! process (SIGINT, SIGTERM and SIGHUP, as a shell's Ctrl-C, `kill` or a
//! cluster's time limit send them), installed on first use:
//!
//! - the folders a zipped pack was unpacked into ([`remove_on_interrupt`])
//!   are removed before the process exits, since drop does not run then;
//! - a long job that asked to finish its work ([`Finishing`]) is told
//!   instead ([`interrupted`]), so that it stops at its next check and
//!   writes what it has (the balance assistant writes the map as edited so
//!   far); a second signal ends the process at once.
//!
//! Without a job finishing, a signal removes the folders and ends the
//! process with status 130, as the signal would.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, Once, PoisonError};

/// Folders to remove when the process is interrupted.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
/// Jobs that finish their work when interrupted, running now.
static FINISHING: AtomicUsize = AtomicUsize::new(0);
/// Whether a signal came while a job was finishing.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Installs the handler, once. A program embedding this that set its own
/// handler keeps it: folders are then removed on drop only, and jobs are
/// never told.
fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = ctrlc::set_handler(handle);
    });
}

/// The handler: tell a finishing job the first time, else clean up and
/// exit.
fn handle() {
    if FINISHING.load(Ordering::SeqCst) > 0 && !INTERRUPTED.swap(true, Ordering::SeqCst) {
        return;
    }
    remove_live();
    std::process::exit(130);
}

fn remove_live() {
    let live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
    for dir in live.iter() {
        std::fs::remove_dir_all(dir).ok();
    }
}

/// Removes `dir` if the process is interrupted, until [`keep_on_interrupt`]
/// says otherwise.
pub fn remove_on_interrupt(dir: PathBuf) {
    install();
    LIVE.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push(dir);
}

/// No longer removes `dir` on an interrupt (it was removed already).
pub fn keep_on_interrupt(dir: &std::path::Path) {
    LIVE.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .retain(|d| d != dir);
}

/// A job that finishes its work when the process is interrupted, while it
/// lives: it watches [`interrupted`] and stops at its next check.
#[derive(Debug)]
pub struct Finishing(());

impl Finishing {
    /// Starts one.
    #[must_use]
    pub fn start() -> Self {
        install();
        FINISHING.fetch_add(1, Ordering::SeqCst);
        Self(())
    }
}

impl Drop for Finishing {
    fn drop(&mut self) {
        FINISHING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Set when the process was interrupted while a job was finishing: the
/// flag a cancellable engine call watches.
#[must_use]
pub fn interrupted() -> &'static AtomicBool {
    &INTERRUPTED
}
