//! The program around the engine and the scripts: the command line, the
//! headless runner and benchmarks. (The window joins here later.)

pub mod bench;
pub mod cli;
pub mod export;
pub mod headless;
pub mod progress;
