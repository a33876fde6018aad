//! physbox command line: see `physbox --help` and `src/app/commands/cli.rs`.

use clap::Parser;
use physbox::app::commands::cli::{main_with, Cli};
use std::process::ExitCode;

fn main() -> ExitCode {
    main_with(Cli::parse())
}
