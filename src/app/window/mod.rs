//! The sandbox window: its state (`Sandbox`), the frame loop, keys, mouse
//! tools, the HUD and the scene picker. Owns everything the player sees and
//! touches between frames; it reaches puzzles and reloads through their rooms.

pub mod bindings;
pub mod edit_help;
pub mod edit_input;
pub mod error_banner;
pub mod frame_loop;
pub mod help;
pub mod hud;
pub mod inspector;
pub mod inspector_rows;
pub mod keys;
pub mod layout;
pub mod mouse;
pub mod palette;
pub mod panels;
pub mod pick;
pub mod picker;
pub mod picture;
pub mod pointer;
pub mod puzzle_input;
pub mod sandbox;
pub mod saves;
pub mod stats;
pub mod time_keys;
pub mod timeline_strip;
pub mod tools;
pub mod travel;
