//! The `hexwright` binary: opens the editor with no arguments (or `edit`),
//! or runs a subcommand headless. See `hexwright --help`.

use clap::Parser as _;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = hexwright_cli::Args::parse();
    match args.editor_request() {
        Some(file) => open_editor(file),
        None => hexwright_cli::run(args),
    }
}

#[cfg(feature = "gui")]
fn open_editor(file: Option<PathBuf>) -> ExitCode {
    match hexwright::app::run(file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", hexwright_headless::report::Chain(&e));
            ExitCode::from(2)
        }
    }
}

#[cfg(not(feature = "gui"))]
fn open_editor(_file: Option<PathBuf>) -> ExitCode {
    eprintln!(
        "error: this build of hexwright has no editor (it was built without the `gui` \
         feature); every other subcommand works: see `hexwright --help`"
    );
    ExitCode::from(2)
}
