//! The native window (minifb) and its input, as plain data. Depends on no
//! other module of the crate: the app asks for a window, shows pixels in it
//! and reads `Input` snapshots with keys named as scenes name them.

mod keys;
mod window;

pub use window::{Input, Window};
