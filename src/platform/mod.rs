//! The native window (minifb) and its input, as plain data, and the file
//! watcher behind hot reload. Depends on no other module of the crate: the
//! app asks for a window, shows pixels in it, reads `Input` snapshots with
//! keys named as scenes name them, and polls settled file changes.

mod keys;
pub mod watch;
mod window;

pub use watch::{Change, FileWatcher};
pub use window::{Input, Window};
