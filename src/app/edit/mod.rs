//! The edit room: window edits written back into the scene's Lua file, and
//! the same from the command line (`physbox edit`). The file stays the
//! single source of truth: every edit is a file edit, which hot reload then
//! shows.
//!
//! Why here: rewriting a scene is file I/O, which `src/physics/` may not do,
//! and it serves the window and the command line, which live in `src/app/`.
//! The Lua *parsing* (full_moon, lossless) is in `src/script/calls.rs`,
//! beside the other knowledge of Lua source, because origins need it too
//! (the first line of a call split over lines); this room only turns the
//! spans it finds into text edits and writes files.
//!
//! Files: `rewrite` (pure text edits: a literal replaced in place, a field
//! inserted, lines appended), `file_io` (atomic writes, read-only files),
//! `body_edit` (one body's constructor: find, check, rewrite, write),
//! `command` (`physbox edit`), `session` (the window's edit mode: undo,
//! redo, waiting for the reload), `editor` (opening `$EDITOR` at a line),
//! `join` (joint lines drawn from body to body).

pub mod body_edit;
pub mod command;
pub mod editor;
pub mod file_io;
pub mod join;
pub mod rewrite;
pub mod session;
