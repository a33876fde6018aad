//! Scene errors: every message a scene author sees names the file and line
//! (`scenes/x.lua:12: ...`). Lua's own errors already carry it (chunks are
//! named `@path`); errors raised by our Rust API functions get it from the
//! calling Lua frame, and the few errors Lua reports without a position
//! (out of memory) get the last position the watchdog sampled.

use mlua::Lua;
use std::fmt;

/// A scene that failed to load or whose callback failed.
#[derive(Debug, Clone, PartialEq)]
pub struct SceneError {
    pub message: String,
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SceneError {}

impl SceneError {
    pub fn new(message: impl Into<String>) -> SceneError {
        SceneError {
            message: message.into(),
        }
    }

    /// The one-line (plus traceback-free) message for an mlua error.
    pub fn from_lua(err: &mlua::Error, memory_hint: Option<String>) -> SceneError {
        SceneError::new(describe(err, memory_hint.as_deref()))
    }
}

fn describe(err: &mlua::Error, memory_hint: Option<&str>) -> String {
    match err {
        mlua::Error::CallbackError { cause, .. } => describe(cause, memory_hint),
        mlua::Error::WithContext { cause, .. } => describe(cause, memory_hint),
        mlua::Error::RuntimeError(m) => strip_traceback(m),
        mlua::Error::SyntaxError { message, .. } => strip_traceback(message),
        mlua::Error::MemoryError(_) => match memory_hint {
            Some(w) => format!("{w}: out of memory: {}", crate::script::limits::MEMORY_HELP),
            None => format!("out of memory: {}", crate::script::limits::MEMORY_HELP),
        },
        other => other.to_string(),
    }
}

/// mlua appends a traceback to runtime errors; the scene author wants the
/// one line that names the place.
fn strip_traceback(m: &str) -> String {
    match m.find("\nstack traceback:") {
        Some(i) => m[..i].to_string(),
        None => m.to_string(),
    }
}

/// `file:line` of the innermost Lua function on the stack (the scene code
/// that called into Rust), or `None` when no Lua code is running.
pub fn lua_position(lua: &Lua) -> Option<String> {
    for level in 0..16 {
        let found = lua.inspect_stack(level, |d| {
            // Only chunks named after files (`@path`) count: mlua's own
            // helpers and physbox's prelude chunks are skipped.
            let src = d.source();
            let from_file = src.source.as_deref().is_some_and(|s| s.starts_with('@'));
            match (from_file, src.short_src, d.current_line()) {
                (true, Some(s), Some(l)) => Some(format!("{s}:{l}")),
                _ => None,
            }
        });
        match found {
            None => return None,
            Some(Some(p)) => return Some(p),
            Some(None) => continue,
        }
    }
    None
}

/// A Lua error for a mistake in the scene, prefixed with its position.
pub fn scene_err(lua: &Lua, msg: impl fmt::Display) -> mlua::Error {
    match lua_position(lua) {
        Some(p) => mlua::Error::RuntimeError(format!("{p}: {msg}")),
        None => mlua::Error::RuntimeError(msg.to_string()),
    }
}
