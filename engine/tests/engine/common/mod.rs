//! Helpers shared by the engine's integration tests.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A unique, empty temporary folder, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// Creates `hexwright-test-<pid>-<n>-<label>` under the system temp folder.
    pub fn new(label: &str) -> Self {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("hexwright-test-{}-{n}-{label}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// The names of the folder's entries, sorted.
    #[allow(dead_code)] // used by some test crates only
    pub fn entries(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A property test's configuration: `cases` by default, or as many as the
/// `PROPTEST_CASES` environment variable asks for (a deeper run:
/// `PROPTEST_CASES=1024 cargo test -p hexwright-engine --test engine`).
#[must_use]
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(cases);
    proptest::test_runner::Config {
        cases,
        ..proptest::test_runner::Config::default()
    }
}
