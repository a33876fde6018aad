//! Time travel: the input log (`input_log`: every user action by step, the
//! format shared by the window, `run --inputs`, replay and puzzle
//! solutions), the `driver` that applies it to a scene, `replay` (a scene
//! re-run from its start with a log, up to a step) and the `timeline` of
//! keyframes the window keeps so any past step shows again at once;
//! `entry_errors` says in words what is wrong with an entry that does not
//! read.

pub mod bench;
pub mod driver;
pub mod entry_errors;
pub mod input_log;
pub mod replay;
pub mod timeline;
