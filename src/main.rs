//! physbox command line: see `physbox --help` and `src/app/commands/cli.rs`.

use clap::Parser;
use physbox::app::commands::cli::{main_with, Cli};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    if !cli.opens_window() {
        // A printing command piped into `head` stops quietly when the reader
        // goes, as Unix tools do, instead of failing on the next line.
        // SAFETY: restoring the default action of one signal, before any
        // thread is started.
        unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
    }
    main_with(cli)
}
