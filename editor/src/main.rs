//! The `hexwright` binary: opens the editor with no arguments, or runs a
//! subcommand headless. See `hexwright --help`.

use clap::Parser as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = hexwright::cli::Args::parse();
    hexwright::cli::run(args)
}
