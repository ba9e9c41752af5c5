//! Helpers shared by the integration tests: run the built `hexwright`
//! binary, read its output, make scratch folders; [`ui`] for the tests that
//! drive the app.
#![allow(dead_code)] // each test crate uses its own subset

pub mod ui;

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs the built binary with `args`.
pub fn hexwright(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexwright"))
        .args(args)
        .output()
        .expect("run hexwright")
}

/// The workspace root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A bundled map's path, as an argument.
pub fn map(name: &str) -> String {
    root().join("maps").join(name).display().to_string()
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh, empty scratch folder, unique to this test crate and process.
pub fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "hexwright-{}-{name}-{}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
