//! A progress line for long commands: "validating 37 / 160 maps" on
//! standard error, redrawn in place at most five times a second, only when
//! standard error is a terminal and only once the work has taken longer
//! than half a second (a quick check prints nothing extra, and a pipe or a
//! CI log never sees the line). Work units may finish on any thread.
//!
//! Ctrl-C stops such a command: the commands that show it (`validate`)
//! write nothing but their report, so stopping loses nothing.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long work runs before the line appears.
const QUIET: Duration = Duration::from_millis(500);
/// The least time between two redraws.
const EVERY: Duration = Duration::from_millis(200);

/// Where the line goes and when it is drawn.
struct Line {
    out: Box<dyn Write + Send>,
    /// When the line was last drawn (`None`: not yet).
    drawn: Option<Instant>,
}

/// Counts finished units and shows the count.
pub(crate) struct Progress {
    what: String,
    unit: String,
    total: usize,
    done: AtomicUsize,
    started: Instant,
    quiet: Duration,
    line: Option<Mutex<Line>>,
}

impl Progress {
    /// A progress line for `total` units of `unit` ("maps"), doing `what`
    /// ("validating"), on standard error when it is a terminal.
    pub fn on_stderr(what: &str, total: usize, unit: &str) -> Self {
        let out: Option<Box<dyn Write + Send>> = std::io::stderr()
            .is_terminal()
            .then(|| Box::new(std::io::stderr()) as Box<dyn Write + Send>);
        Self::new(what, total, unit, out, QUIET)
    }

    /// A progress line written to `out` (none: counting only) once `quiet`
    /// has passed.
    fn new(
        what: &str,
        total: usize,
        unit: &str,
        out: Option<Box<dyn Write + Send>>,
        quiet: Duration,
    ) -> Self {
        Self {
            what: what.to_owned(),
            unit: unit.to_owned(),
            total,
            done: AtomicUsize::new(0),
            started: Instant::now(),
            quiet,
            line: out.map(|out| Mutex::new(Line { out, drawn: None })),
        }
    }

    /// Counts one finished unit, and redraws the line when it is due.
    pub fn tick(&self) {
        let k = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        let Some(line) = &self.line else {
            return;
        };
        if self.started.elapsed() < self.quiet {
            return;
        }
        // Another thread drawing now: this count shows on the next redraw.
        let Ok(mut line) = line.try_lock() else {
            return;
        };
        let due = line.drawn.is_none_or(|t| t.elapsed() >= EVERY) || k == self.total;
        if due {
            let text = format!("\r{} {k} / {} {}", self.what, self.total, self.unit);
            // A progress line that cannot be written is no reason to stop.
            let _ = line.out.write_all(text.as_bytes());
            let _ = line.out.flush();
            line.drawn = Some(Instant::now());
        }
    }

    /// Units finished so far.
    #[cfg(test)]
    pub fn done(&self) -> usize {
        self.done.load(Ordering::Relaxed)
    }

    /// Clears the line, if it was drawn, and says how long the work took.
    pub fn finish(&self) {
        let Some(line) = &self.line else {
            return;
        };
        let mut line = line
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if line.drawn.is_some() {
            let k = self.done.load(Ordering::Relaxed);
            let text = format!(
                "\r\x1b[K{} {k} {} took {:.1} s\n",
                self.what,
                self.unit,
                self.started.elapsed().as_secs_f64()
            );
            let _ = line.out.write_all(text.as_bytes());
            let _ = line.out.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A sink the test can read afterwards.
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Sink {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    #[test]
    fn the_line_counts_every_unit_and_ends_with_the_total() {
        let sink = Sink::default();
        let p = Progress::new(
            "validating",
            3,
            "maps",
            Some(Box::new(sink.clone())),
            Duration::ZERO,
        );
        std::thread::scope(|s| {
            for _ in 0..3 {
                s.spawn(|| p.tick());
            }
        });
        assert_eq!(p.done(), 3);
        p.finish();
        let text = sink.text();
        assert!(text.starts_with("\rvalidating "), "{text:?}");
        assert!(text.contains(" / 3 maps"), "{text:?}");
        assert!(text.contains("\r\x1b[Kvalidating 3 maps took "), "{text:?}");
        assert!(text.ends_with(" s\n"), "{text:?}");
    }

    #[test]
    fn quick_work_prints_nothing() {
        let sink = Sink::default();
        let p = Progress::new(
            "validating",
            2,
            "maps",
            Some(Box::new(sink.clone())),
            Duration::from_hours(1),
        );
        p.tick();
        p.tick();
        p.finish();
        assert_eq!(p.done(), 2);
        assert_eq!(sink.text(), "");
    }
}
