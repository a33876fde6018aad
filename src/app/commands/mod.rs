//! The command line and everything that runs without a window: `physbox run
//! --headless`, `check`, the benchmarks, `--dump`/`--csv` export, and the
//! snapshot files the F5 key writes and `physbox FILE.json` reopens, and
//! `physbox new` (a folder of one's own scenes), and the output files
//! made ready before a run.

pub mod cli;
pub mod export;
pub mod force_bench;
pub mod headless;
pub mod new_folder;
pub mod outputs;
pub mod progress;
pub mod render_bench;
pub mod snapshot;
