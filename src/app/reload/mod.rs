//! Hot reload: watching the scene's files, loading a new version, carrying
//! the live state over (reconcile), and the headless `--watch` loop and its
//! benchmark. Owns what happens between a save and the first new frame.

pub mod bench;
pub mod reconcile;
pub mod reloader;
pub mod watch_run;
