//! The program around the engine and the scripts: the command line, the
//! headless runner, benchmarks and the window (fixed-step loop, mouse
//! tools, HUD). The only module where scripts, physics, pixels and the
//! window meet.

pub mod bench;
pub mod build_mode;
pub mod cli;
pub mod clock;
pub mod export;
pub mod headless;
pub mod hud;
pub mod keys;
pub mod parts;
pub mod picker;
pub mod progress;
pub mod puzzle;
pub mod reconcile;
pub mod reload;
pub mod reload_bench;
pub mod render_bench;
pub mod sandbox;
pub mod snapshot;
pub mod solution;
pub mod tools;
pub mod verify;
pub mod view;
pub mod watch_run;
pub mod window;
