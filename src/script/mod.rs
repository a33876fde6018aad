//! Lua scenes (LUA_API.md): the only module that knows mlua.
//!
//! Dialect: Lua 5.4, vendored. The contract requires 5.4 syntax (integer
//! division, bitwise operators, `goto`, `<const>`), which LuaJIT (5.1) and
//! Luau lack; LuaJIT is ~10× faster on numeric loops but its compiled loops
//! never reach a hook, so it cannot honour "an endless loop stops within a
//! second"; Luau runs at about 5.4's speed. Measured numbers: README /
//! docs/lua-api.md.
//!
//! Layout: `vm` (the sandboxed Lua state), `calls` (calls in Lua source,
//! parsed with full_moon), `limits` (time and memory),
//! `patterns` (`string.find` & co. on `pattern_matcher`, which watches the
//! clock), `require`, `options` (strict option tables), `constructors`, `handles`
//! (Body handles; `body_fields`, `body_methods`), `world_api` (`world`),
//! `joints` (joints, springs, ropes; `joint_look`, how each is drawn), `forces` (and `force_inputs`, what the
//! callbacks read; `force_verlet`, their Verlet correction per source), `stepper` (one step and its callbacks), `output`
//! (scene-level functions), `draw`, `scene` (load and run), `camera` (the view and what it follows), `sim` (the world
//! and what the scene keeps beside it), `saved_state` (what a snapshot file
//! keeps), `creation` (what the file built, for keep-state reload), `origin` (the
//! file and line each body, joint and force was made at).

mod body_fields;
mod body_methods;
pub mod calls;
pub mod camera;
pub mod checkpoint;
mod clock_reads;
mod color;
pub mod constructors;
pub mod creation;
pub mod draw;
mod error;
mod force_inputs;
pub mod force_verlet;
pub mod forces;
mod handles;
mod joint_look;
mod joints;
pub mod limits;
mod lua_checkpoint;
mod options;
pub mod origin;
mod output;
mod pattern_matcher;
mod patterns;
pub mod random;
pub mod ranges;
mod require;
mod saved_state;
pub mod scene;
#[cfg(test)]
mod scene_links_tests;
pub mod sim;
mod source;
mod step_hooks;
mod stepper;
mod vm;
mod world_api;
mod world_limits;

pub use draw::DrawCmd;
pub use error::SceneError;
pub use joint_look::{JointLook, JointStyle};
pub use options::unknown_option_hint;
pub use origin::Origin;
pub use output::{is_key_name, key_names_text};
pub use saved_state::{SavedBody, SavedState};
pub use scene::{Scene, SceneOptions};
pub use sim::{Outcome, Sample, SceneSettings, Sim};
