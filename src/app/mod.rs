//! The program around the engine and the scripts, in six rooms: `window/`
//! (the sandbox window), `puzzle/` (parts, build mode, solutions), `reload/`
//! (hot reload), `history/` (time travel: the input log, replay, the
//! timeline of keyframes), `commands/` (the command line and what runs
//! headless) and `edit/` (window edits written back into the scene file).
//!
//! The only module where scripts, physics, pixels and the window meet. Two
//! small files serve several rooms: `clock` (the fixed-step accumulator) and
//! `view` (a scene turned into the plain data the renderer draws).

pub mod clock;
pub mod commands;
pub mod edit;
pub mod history;
pub mod puzzle;
pub mod reload;
pub mod view;
pub mod window;
