//! `hexwright-cli`: the command line built from this package alone, with no
//! editor and no GUI dependency (`cargo install --path cli`). It has every
//! subcommand of `hexwright` but `edit`, and is what this package's tests
//! run where they need a real process (signals, shell scripts).

use clap::Parser as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    hexwright_cli::run(hexwright_cli::Args::parse())
}
