//! Hot reload: watching the scene's files and loading a new version once
//! (`reloader`), carrying the live state or a puzzle's parts over (`carry`,
//! `reconcile`), the window's side (`apply`), and `--watch` and its bench.

pub mod apply;
pub mod bench;
pub mod carry;
pub mod mode;
pub mod reconcile;
pub mod reloader;
pub mod timing;
pub mod watch_run;
