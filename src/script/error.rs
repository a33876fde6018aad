//! Scene errors: every message a scene author sees names the file and line
//! (`scenes/x.lua:12: ...`). Lua's own errors already carry it (chunks are
//! named `@path`); errors raised by our Rust API functions get it from the
//! calling Lua frame, and the few errors Lua reports without a position
//! (out of memory) get the last position the watchdog sampled. A value
//! that is not a string (`error({})`, `error()`, `error(42)`) carries no
//! position either: it gets the one of the frame that raised it, read from
//! the traceback mlua attaches.

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
        mlua::Error::RuntimeError(m) => with_position(m),
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
pub fn strip_traceback(m: &str) -> String {
    match m.find("\nstack traceback:") {
        Some(i) => m[..i].to_string(),
        None => m.to_string(),
    }
}

/// The message without its traceback, prefixed with the erroring frame's
/// `file:line` (the first Lua frame of the traceback) when it names none
/// itself. `error(v)` with a value that is not a string is described as
/// such: `scene.lua:3: error called with a table value`.
fn with_position(m: &str) -> String {
    let message = strip_traceback(m);
    if has_position(&message) {
        return message;
    }
    let Some(place) = m
        .find("\nstack traceback:")
        .and_then(|i| first_lua_frame(&m[i..]))
    else {
        return message;
    };
    match non_string_value(&message) {
        Some(kind) => format!("{place}: error called with {kind}"),
        None => format!("{place}: {message}"),
    }
}

/// Does the message start with a `file:line:` position?
pub fn has_position(m: &str) -> bool {
    let first = m.lines().next().unwrap_or("");
    first.match_indices(':').any(|(i, _)| {
        let rest = &first[i + 1..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        digits > 0 && rest[digits..].starts_with(':')
    })
}

/// `file:line` of the first traceback entry that is Lua code (`[C]` frames,
/// such as `error` itself, have no line).
fn first_lua_frame(traceback: &str) -> Option<String> {
    traceback.lines().skip(1).find_map(|l| {
        let l = l.trim_start();
        if l.starts_with("[C]") || l.starts_with("(...") {
            return None;
        }
        let (place, _) = l.split_once(": in ")?;
        // Scene files and `load`ed text, not physbox's own helper chunks
        // (`coroutine.wrap`, `setmetatable`), which only pass errors on.
        let (file, _) = place.rsplit_once(':')?;
        let scene_code = file.ends_with(".lua") || file.starts_with("[string");
        (scene_code && has_position(&format!("{place}:"))).then(|| place.to_string())
    })
}

/// What `tostring` made of an error value that was not a string: Lua's
/// `error` only adds a position to strings.
fn non_string_value(m: &str) -> Option<String> {
    for kind in ["table", "function", "userdata", "thread"] {
        if let Some(addr) = m.strip_prefix(kind).and_then(|r| r.strip_prefix(": 0x")) {
            if !addr.is_empty() && addr.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Some(format!("a {kind} value (not a message string)"));
            }
        }
    }
    match m {
        "nil" => Some("no message (nil)".to_string()),
        "true" | "false" => Some(format!("the boolean {m} (not a message string)")),
        _ if m.parse::<f64>().is_ok() => Some(format!("the number {m} (not a message string)")),
        _ => None,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_string_errors_get_the_position_of_their_frame() {
        let tb = "table: 0x55d0c0ffee00\nstack traceback:\n\t[C]: in function 'error'\n\tscene.lua:3: in main chunk\n\t[C]: in ?";
        assert_eq!(
            with_position(tb),
            "scene.lua:3: error called with a table value (not a message string)"
        );
        let tb = "nil\nstack traceback:\n\t[C]: in function 'error'\n\tscenes/a b.lua:12: in function 'update'";
        assert_eq!(
            with_position(tb),
            "scenes/a b.lua:12: error called with no message (nil)"
        );
        let tb = "42\nstack traceback:\n\t[C]: in function 'error'\n\tx.lua:1: in main chunk";
        assert_eq!(
            with_position(tb),
            "x.lua:1: error called with the number 42 (not a message string)"
        );
    }

    #[test]
    fn messages_with_a_position_are_left_alone() {
        let tb =
            "x.lua:2: boom\nstack traceback:\n\t[C]: in function 'error'\n\tx.lua:2: in main chunk";
        assert_eq!(with_position(tb), "x.lua:2: boom");
        let tb = "[string \"return 1\"]:1: bad\nstack traceback:\n\tx.lua:5: in main chunk";
        assert_eq!(with_position(tb), "[string \"return 1\"]:1: bad");
        assert_eq!(with_position("no traceback here"), "no traceback here");
        // A custom error object's __tostring text gets the place too.
        let tb = "my error\nstack traceback:\n\t[C]: in function 'error'\n\tx.lua:7: in local 'f'";
        assert_eq!(with_position(tb), "x.lua:7: my error");
    }
}
