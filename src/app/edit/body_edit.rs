//! One edit of one body's constructor call, shared by `physbox edit` and
//! the window's edit mode: find the call the body came from (its origin),
//! check the file is the one the scene loaded, rewrite the literal
//! arguments, and write the file atomically. The result keeps the text
//! before and after, for undo.

use super::file_io::{read, write_atomic};
use super::rewrite::{append_lines, number, read_field, set_field, Change, Refusal};
use crate::physics::BodyId;
use crate::script::calls::Literal;
use crate::script::constructors::body_options;
use crate::script::{Origin, Scene};
use std::path::PathBuf;

/// Why an edit was not made: the command line's message (`FILE:LINE: ...`)
/// and the window's toast (`x is computed at FILE:LINE — edit the file`).
#[derive(Clone, Debug, PartialEq)]
pub struct EditError {
    pub message: String,
    pub toast: String,
}

impl From<String> for EditError {
    fn from(message: String) -> EditError {
        EditError {
            toast: message.clone(),
            message,
        }
    }
}

/// A refusal of the rewrite in `file` as an edit error.
pub fn refused(file: &str) -> impl Fn(Refusal) -> EditError + '_ {
    move |r| EditError {
        message: r.message(file),
        toast: r.toast(file),
    }
}

/// A file edit that was written.
#[derive(Clone, Debug)]
pub struct Applied {
    /// The file as origins name it (`scenes/x.lua`).
    pub file: String,
    pub path: PathBuf,
    pub before: String,
    pub after: String,
    pub changes: Vec<Change>,
    /// Lines appended at the end (drawn in the window).
    pub added: Vec<String>,
}

impl Applied {
    /// What the edit did, for a toast (`scenes/x.lua:6: x = -3.25 → 1.5`).
    pub fn summary(&self) -> String {
        let mut parts: Vec<String> = self
            .changes
            .iter()
            .map(|c| c.describe(&self.file))
            .collect();
        parts.extend(
            self.added
                .iter()
                .map(|l| format!("{}: added {l}", self.file)),
        );
        parts.join("; ")
    }
}

/// The constructor call a body came from, if it is one an edit may touch.
pub fn editable_origin(scene: &Scene, id: BodyId) -> Result<Origin, String> {
    let sim = scene.sim();
    let Some(o) = sim.origin(id).cloned() else {
        return Err("this body was not made by the scene file (the mouse or a puzzle part made it) — nothing to edit".into());
    };
    if body_options(o.kind).is_none() {
        return Err(format!(
            "{}: made by {}{{...}} — edit the file",
            o.at(),
            o.kind
        ));
    }
    Ok(o)
}

/// How many live bodies the call at `o` made (a loop or a helper called
/// several times makes more than one: editing it would move them all).
pub fn bodies_made_at(scene: &Scene, o: &Origin) -> usize {
    let sim = scene.sim();
    sim.bodies_in_order()
        .into_iter()
        .filter(|b| {
            sim.origin(*b)
                .is_some_and(|p| p.file == o.file && p.line == o.line)
        })
        .count()
}

/// The file's text now, if it is still what the scene loaded (or what the
pub fn current_text(scene: &Scene, file: &str) -> Result<String, String> {
    let path = PathBuf::from(file);
    let disk = read(&path)?;
    let loaded = scene.loaded_text(file);
    if loaded.as_deref() != Some(disk.as_str()) {
        return Err(format!(
            "{file} changed on disk since it was loaded — not editing it (the reload will show the new version)"
        ));
    }
    Ok(disk)
}

/// Set each `key = value` (Lua literal text) in the constructor of body
/// `id` and write the file. Nothing is written when any part is refused.
pub fn edit_body(
    scene: &Scene,
    id: BodyId,
    sets: &[(String, String)],
) -> Result<Applied, EditError> {
    let planned = plan_body_edit(scene, id, sets)?;
    write(scene, &planned)?;
    Ok(planned)
}

/// Write a planned edit (nothing to do when the text did not change). An
/// edit of the scene file is written only if the scene still loads with
/// it: a window edit comes back through the reload, and one that failed
/// there left a broken file on disk, the old world on screen and edit mode
/// waiting for a reload that never came (a spring between two static
/// bodies, the mass row wheeled on a static one: `mass = 0`). An edit of a
/// required file is checked the same way (it was written unchecked:
/// `physbox edit` set a module's box to `w = 0` and said it was done).
pub fn write(scene: &Scene, planned: &Applied) -> Result<(), EditError> {
    if planned.after == planned.before {
        return Ok(());
    }
    // The load error leads (`FILE:LINE: ...`, like every refusal).
    if let Err(e) = scene.loads_with(&planned.path, &planned.after) {
        return Err(EditError {
            message: format!(
                "{e} — with this edit the scene would not load, so it was not written"
            ),
            toast: format!("not written: the scene would not load with it — {e}"),
        });
    }
    write_atomic(&planned.path, &planned.after)?;
    Ok(())
}

/// `edit_body` without the write: the new text and what changed.
pub fn plan_body_edit(
    scene: &Scene,
    id: BodyId,
    sets: &[(String, String)],
) -> Result<Applied, EditError> {
    let origin = editable_origin(scene, id)?;
    let file = origin.file.to_string();
    let allowed = body_options(origin.kind).unwrap_or_default();
    for (key, _) in sets {
        if !allowed.contains(&key.as_str()) {
            let hint = crate::script::unknown_option_hint(key, &allowed);
            return Err(format!(
                "{}: {} has no option '{key}'{hint}",
                origin.at(),
                origin.kind
            )
            .into());
        }
    }
    let before = current_text(scene, &file)?;
    let mut after = before.clone();
    let mut changes = Vec::new();
    for (key, value) in sets {
        if same_number(&after, &origin, key, value) {
            continue;
        }
        let (text, change) = set_field(&after, origin.kind, origin.line as usize, key, value)
            .map_err(refused(&file))?;
        after = text;
        // A value set to what it was is no change worth reporting.
        if change.old.as_deref() != Some(change.new.as_str()) {
            changes.push(change);
        }
    }
    // (After the fields: a computed one is the better reason to give.)
    let same = bodies_made_at(scene, &origin);
    if same > 1 {
        return Err(format!(
            "{}: this {} call makes {same} bodies (a loop or a helper) — edit the file",
            origin.at(),
            origin.kind
        )
        .into());
    }
    let path = PathBuf::from(&file);
    Ok(Applied {
        file,
        path,
        before,
        after,
        changes,
        added: Vec::new(),
    })
}

/// Does option `key` already hold the number `value` (Lua literal text)?
/// Then its spelling stays: a drag along x writes `y` too, and must not
/// turn `y = 2e0` or `y = 0x10` into `2` and `16`.
fn same_number(text: &str, origin: &Origin, key: &str, value: &str) -> bool {
    let (negative, digits) = match value.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, value),
    };
    let Some(v) = crate::script::calls::lua_number(digits) else {
        return false;
    };
    let new = if negative { -v } else { v };
    matches!(
        read_field(text, origin.kind, origin.line as usize, key),
        Ok(Some(Literal::Number(old))) if old == new
    )
}

/// Append constructor `lines` to the scene file, in the block at its end
/// marked as added from the window, and write it.
pub fn append_to_scene(scene: &Scene, lines: &[String]) -> Result<Applied, EditError> {
    let file = crate::script::scene::shown_path(scene.path());
    let before = current_text(scene, &file)?;
    let after = append_lines(&before, lines).map_err(|r| r.message(&file))?;
    let planned = Applied {
        path: PathBuf::from(&file),
        file,
        before,
        after,
        changes: Vec::new(),
        added: lines.to_vec(),
    };
    write(scene, &planned)?;
    Ok(planned)
}

/// Scale a box's `w` and `h` or a circle's `r` in its constructor call by
/// `factor` (the window's Ctrl+wheel), and write the file.
pub fn scale_body(scene: &Scene, id: BodyId, factor: f64) -> Result<Applied, EditError> {
    let origin = editable_origin(scene, id)?;
    let keys: &[&str] = match origin.kind {
        "box" => &["w", "h"],
        "circle" => &["r"],
        other => {
            return Err(format!(
                "{}: a {other} has no size to scale — edit the file",
                origin.at()
            )
            .into())
        }
    };
    let file = origin.file.to_string();
    let text = current_text(scene, &file)?;
    let mut sets = Vec::new();
    for key in keys {
        let value =
            read_field(&text, origin.kind, origin.line as usize, key).map_err(refused(&file))?;
        let Some(Literal::Number(v)) = value else {
            return Err(format!(
                "{}: {key} is not a number written in the call — edit the file",
                origin.at()
            )
            .into());
        };
        sets.push((key.to_string(), number((v * factor).max(0.01), 3)));
    }
    edit_body(scene, id, &sets)
}

/// The literal value of option `key` in body `id`'s constructor call, as the
/// file on disk has it (`None`: the option is not written).
pub fn read_option(scene: &Scene, id: BodyId, key: &str) -> Result<Option<Literal>, EditError> {
    let origin = editable_origin(scene, id)?;
    let file = origin.file.to_string();
    let text = current_text(scene, &file)?;
    read_field(&text, origin.kind, origin.line as usize, key).map_err(refused(&file))
}
