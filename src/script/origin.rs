//! Where a body, joint or force was created: the file and line of the
//! constructor call, read from Lua's debug info as the call runs.
//!
//! Lua 5.4 gives a running call the line of its opening `{` or `(` (the
//! call instruction's line; see `funcargs` in lparser.c), which is the
//! line where the call starts unless the name and the brace are on
//! different lines (`box` / `{` below it). Only then is the file parsed
//! (`calls.rs`, once per file) to find the line of the name. A body made inside a function (a helper, a loop's body is
//! not one) also remembers the line in the scene file that called it: the
//! outermost frame of the scene file on the stack.

use super::sim::SceneContext;
use mlua::Lua;
use std::fmt;
use std::rc::Rc;

/// A file as it was loaded, with what finding a call's first line needs.
pub struct LoadedText {
    pub text: Rc<str>,
    /// Byte offset of each line's start.
    line_starts: Vec<usize>,
    /// (line of `{`/`(`, line of the name) of calls split over lines,
    /// parsed the first time it is needed.
    openings: Option<Vec<(usize, usize)>>,
}

impl LoadedText {
    pub fn new(text: &str) -> LoadedText {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LoadedText {
            text: Rc::from(text),
            line_starts,
            openings: None,
        }
    }

    /// The line a call reported at `line` starts on: the same, unless the
    /// line opens with the call's `{` or `(` and its name is above.
    fn call_start(&mut self, line: u32) -> u32 {
        let Some(&at) = self.line_starts.get(line as usize - 1) else {
            return line;
        };
        let first = self.text[at..]
            .trim_start_matches([' ', '\t'])
            .chars()
            .next();
        if !matches!(first, Some('{' | '(')) {
            return line;
        }
        let text = self.text.clone();
        let openings = self
            .openings
            .get_or_insert_with(|| super::calls::late_openings(&text).unwrap_or_default());
        openings
            .iter()
            .filter(|(open, _)| *open == line as usize)
            .map(|(_, start)| *start as u32)
            .max()
            .unwrap_or(line)
    }
}

/// Remember a loaded file's text under its chunk name.
pub(super) fn remember_text(ctx: &SceneContext, file: String, text: &str) {
    ctx.texts.borrow_mut().insert(file, LoadedText::new(text));
}

/// Where the call at `file:line` starts.
fn start_line(ctx: &SceneContext, file: &str, line: u32) -> u32 {
    match ctx.texts.borrow_mut().get_mut(file) {
        Some(t) if line > 0 => t.call_start(line),
        _ => line,
    }
}

/// The creation site of a body, joint or force field.
#[derive(Clone, Debug, PartialEq)]
pub struct Origin {
    /// The constructor: "box", "circle", ..., "spring", "rope", "force".
    pub kind: &'static str,
    /// The file as the scene was given (`scenes/x.lua`), or the module file.
    pub file: Rc<str>,
    pub line: u32,
    /// For a call inside a function: the scene file's line that led there.
    pub call_site: Option<(Rc<str>, u32)>,
}

impl Origin {
    /// `file:line` (what `body.source` reads).
    pub fn at(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }

    /// `file:line`, and `(called from file:line)` when made in a function.
    pub fn describe(&self) -> String {
        match &self.call_site {
            Some((f, l)) => format!("{} (called from {f}:{l})", self.at()),
            None => self.at(),
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.at())
    }
}

/// How deep to look for the scene file's frame.
const MAX_LEVELS: usize = 64;

/// The origin of a `kind` call running now; `None` when no Lua code of a
/// file is on the stack (bodies made by the window or a reload).
pub fn capture(lua: &Lua, kind: &'static str, scene_file: &Rc<str>) -> Option<Origin> {
    let mut innermost: Option<(usize, Rc<str>, u32)> = None;
    let mut outer_scene: Option<(usize, u32)> = None;
    for level in 0..MAX_LEVELS {
        let frame = lua.inspect_stack(level, |d| {
            let src = d.source();
            let file = src.source.as_deref().and_then(|s| s.strip_prefix('@'))?;
            let line = u32::try_from(d.current_line()?).ok()?;
            Some((intern(file, scene_file), line))
        });
        let Some(frame) = frame else { break };
        let Some((file, line)) = frame else { continue };
        if Rc::ptr_eq(&file, scene_file) {
            outer_scene = Some((level, line));
        }
        if innermost.is_none() {
            innermost = Some((level, file, line));
        }
    }
    let (level, file, line) = innermost?;
    let call_site = outer_scene
        .filter(|(l, _)| *l != level)
        .map(|(_, line)| (scene_file.clone(), line));
    Some(Origin {
        kind,
        file,
        line,
        call_site,
    })
}

/// The origin of a `kind` call made by the running scene code, with lines
/// where the calls start.
pub fn here(lua: &Lua, kind: &'static str) -> Option<Origin> {
    let ctx = lua.app_data_ref::<SceneContext>()?;
    let mut o = capture(lua, kind, &ctx.scene_file)?;
    o.line = start_line(&ctx, &o.file, o.line);
    if let Some((f, l)) = &mut o.call_site {
        *l = start_line(&ctx, f, *l);
    }
    Some(o)
}

/// The scene file's shared name when `file` is it, else a new one.
fn intern(file: &str, scene_file: &Rc<str>) -> Rc<str> {
    if file == &**scene_file {
        scene_file.clone()
    } else {
        Rc::from(file)
    }
}
