//! Puzzles: the parts a player may place, a puzzle in play (build mode,
//! Start / Reset, recorded keys), solution files, and `physbox verify`.
//! Owns the rules that make a solution saved in the window win headless.

pub mod bin_panel;
pub mod build_mode;
pub mod parts;
pub mod play;
pub mod solution;
pub mod verify;
