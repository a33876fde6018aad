//! Joints drawn in the window (a drag from one body to another, or to empty
//! space for the world): one constructor line appended to the scene file,
//! `spring { a = world:find("crate"), b = world:find("ball"), ... }`. A body
//! the line must name but that has no (unique) name gets one: `name =
//! "box3"` is inserted into its constructor call, in the same write, so the
//! whole drawing is one edit to undo. The anchors are written where the
//! clicked points of the bodies are when the file builds them
//! (`file_point`), not where the bodies happen to be now.

use super::body_edit::{
    bodies_made_at, current_text, editable_origin, refused, write, Applied, EditError,
};
use super::rewrite::{append_lines, number, set_field, string, Change};
use crate::physics::{BodyId, Transform, Vec2};
use crate::script::Scene;
use std::path::PathBuf;

/// The joint kinds the palette draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JointTool {
    Spring,
    Distance,
    Hinge,
    Rope,
}

impl JointTool {
    pub fn name(self) -> &'static str {
        match self {
            JointTool::Spring => "spring",
            JointTool::Distance => "distance",
            JointTool::Hinge => "hinge",
            JointTool::Rope => "rope",
        }
    }
}

/// One end of a drawn joint: a body (and the point on it) or the world.
#[derive(Clone, Copy, Debug)]
pub struct End {
    pub body: Option<BodyId>,
    pub at: Vec2,
}

fn point(p: Vec2) -> String {
    format!("{{{}, {}}}", number(p.x, 2), number(p.y, 2))
}

/// The line for a joint from `a` to `b`, the bodies given as Lua
/// expressions (`world:find("crate")`).
pub fn joint_line(tool: JointTool, a: (&str, Vec2), b: (Option<&str>, Vec2)) -> String {
    let (ra, pa) = a;
    let (rb, pb) = b;
    let mut fields = Vec::new();
    match tool {
        JointTool::Rope => {
            fields.push(format!("from = {}", point(pa)));
            fields.push(format!("to = {}", point(pb)));
            let segments = ((pb - pa).length() / 0.25).round().clamp(2.0, 40.0);
            fields.push(format!("segments = {segments}"));
            fields.push(format!("a = {ra}"));
            if let Some(rb) = rb {
                fields.push(format!("b = {rb}"));
            }
        }
        JointTool::Hinge => {
            fields.push(format!("a = {ra}"));
            if let Some(rb) = rb {
                fields.push(format!("b = {rb}"));
            }
            fields.push(format!("at = {}", point(pb)));
        }
        JointTool::Spring | JointTool::Distance => {
            fields.push(format!("a = {ra}"));
            if let Some(rb) = rb {
                fields.push(format!("b = {rb}"));
            }
            fields.push(format!("anchor_a = {}", point(pa)));
            fields.push(format!("anchor_b = {}", point(pb)));
            if tool == JointTool::Spring {
                fields.push("k = 50, damping = 1".into());
            }
        }
    }
    format!("{} {{ {} }}", tool.name(), fields.join(", "))
}

/// Append a `tool` joint from `a` to `b` to the scene file (naming the
/// bodies first where they need it) and write it.
pub fn append_joint(scene: &Scene, tool: JointTool, a: End, b: End) -> Result<Applied, EditError> {
    let Some(body_a) = a.body else {
        return Err("a joint starts on a body: drag from a body"
            .to_string()
            .into());
    };
    if Some(body_a) == b.body {
        return Err("drag from one body to another (or to empty space)"
            .to_string()
            .into());
    }
    let file = crate::script::scene::shown_path(scene.path());
    let before = current_text(scene, &file)?;
    // (body, name to give it or None when it has one) for each end.
    let mut ends = vec![naming(scene, body_a)?];
    if let Some(body_b) = b.body {
        ends.push(naming(scene, body_b)?);
    }
    // Insert the new names, the later line first so earlier lines stay put.
    let mut to_name: Vec<(u32, &'static str, String)> = Vec::new();
    for (id, name) in &ends {
        if let Some(name) = name {
            let o = editable_origin(scene, *id)?;
            if o.file.as_ref() != file {
                return Err(format!(
                    "{}: the body is made in another file — give it a name there",
                    o.at()
                )
                .into());
            }
            if bodies_made_at(scene, &o) > 1 {
                return Err(format!(
                    "{}: this call makes several bodies — give them names in the file to join one",
                    o.at()
                )
                .into());
            }
            to_name.push((o.line, o.kind, name.clone()));
        }
    }
    to_name.sort_by_key(|x| std::cmp::Reverse(x.0));
    let mut text = before.clone();
    let mut changes: Vec<Change> = Vec::new();
    for (line, kind, name) in &to_name {
        let (t, c) = set_field(&text, kind, *line as usize, "name", &string(name))
            .map_err(refused(&file))?;
        text = t;
        changes.push(c);
    }
    let reference = |i: usize| {
        let (id, given) = &ends[i];
        let name = given.clone().unwrap_or_else(|| {
            scene
                .world()
                .body(*id)
                .ok()
                .and_then(|b| b.name.clone())
                .unwrap_or_default()
        });
        format!("world:find({})", string(&name))
    };
    let ra = reference(0);
    let rb = (ends.len() > 1).then(|| reference(1));
    let line = joint_line(
        tool,
        (&ra, file_point(scene, a)),
        (rb.as_deref(), file_point(scene, b)),
    );
    let after = append_lines(&text, std::slice::from_ref(&line)).map_err(|r| r.message(&file))?;
    let planned = Applied {
        path: PathBuf::from(&file),
        file,
        before,
        after,
        changes,
        added: vec![line],
    };
    write(scene, &planned)?;
    Ok(planned)
}

/// Where the point `end.at` (of the body as it is now) is when the file
/// builds that body: the anchors written are world points at creation
/// time, and the body may have moved (or been moved) since. The point is
/// taken in the body's frame now and mapped through the pose the file
/// gives it (`x`, `y`, `angle` as the constructor got them), so the
/// reloaded joint holds the point of the body the user clicked. A world
/// end, or a body the file did not build (placed with the mouse, made by
/// a callback), keeps the point as it is.
pub fn file_point(scene: &Scene, end: End) -> Vec2 {
    let Some(id) = end.body else {
        return end.at;
    };
    let sim = scene.sim();
    let (Some(c), Ok(body)) = (
        sim.creations().iter().find(|c| c.body == id),
        sim.world().body(id),
    ) else {
        return end.at;
    };
    let local = body.xf.inv_apply(end.at);
    let built = Transform::new(Vec2::new(c.args.x, c.args.y), c.args.angle);
    built.apply(local)
}

/// The body and, when it has no name only it has, the name to give it.
fn naming(scene: &Scene, id: BodyId) -> Result<(BodyId, Option<String>), EditError> {
    let world = scene.world();
    let names: Vec<Option<String>> = world.bodies().map(|(_, b)| b.name.clone()).collect();
    let own = world
        .body(id)
        .map_err(|_| "the body is gone".to_string())?
        .name
        .clone();
    if let Some(n) = own {
        if names
            .iter()
            .filter(|x| x.as_deref() == Some(n.as_str()))
            .count()
            == 1
        {
            return Ok((id, None));
        }
    }
    let kind = scene.sim().origin(id).map_or("body", |o| o.kind);
    let stable = scene.sim().stable_id(id);
    let mut k = 0;
    let name = loop {
        let candidate = if k == 0 {
            format!("{kind}{stable}")
        } else {
            format!("{kind}{stable}_{k}")
        };
        if !names
            .iter()
            .any(|x| x.as_deref() == Some(candidate.as_str()))
        {
            break candidate;
        }
        k += 1;
    };
    Ok((id, Some(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joint_lines_read_like_hand_written_ones() {
        let a = ("world:find(\"crate\")", Vec2::new(1.0, 2.0));
        let b = (Some("world:find(\"ball\")"), Vec2::new(3.456, -1.0));
        assert_eq!(
            joint_line(JointTool::Spring, a, b),
            "spring { a = world:find(\"crate\"), b = world:find(\"ball\"), anchor_a = {1, 2}, anchor_b = {3.46, -1}, k = 50, damping = 1 }"
        );
        assert_eq!(
            joint_line(JointTool::Hinge, a, (None, Vec2::new(1.0, 3.0))),
            "hinge { a = world:find(\"crate\"), at = {1, 3} }"
        );
        assert_eq!(
            joint_line(JointTool::Rope, a, b),
            "rope { from = {1, 2}, to = {3.46, -1}, segments = 16, a = world:find(\"crate\"), b = world:find(\"ball\") }"
        );
    }
}
