//! Edit mode's keys and mouse (Ctrl+E toggles it): every change is written
//! into the scene's Lua file (`app/edit/`), and the hot reload shows it.
//! Left drag on a body moves it (its `x`, `y` are rewritten on release,
//! and its live `angle` when it turned since); Q / E turn the selected
//! body by 15° where it is (`angle`, and the live `x`, `y`); Ctrl+wheel resizes it
//! (`w`, `h` or `r`); the wheel on the inspector's blue rows changes mass,
//! friction, restitution or colour; a left drag on empty space draws a box (Shift: a
//! circle, Ctrl: a segment) appended to the file, or what the palette
//! (`palette.rs`) picked: a polygon clicked corner by corner (Enter closes),
//! a spring, distance joint, hinge or rope dragged from body to body; Ctrl+Z / Ctrl+Shift+Z undo
//! and redo as file edits. O (edit mode or not) opens `$EDITOR` at the
//! line of the body the inspector shows (selected, else hovered), or at a
//! script error's.

use super::inspector;
use super::inspector_rows;
use super::palette;
use super::pointer::went_down;
use super::sandbox::Sandbox;
use crate::app::edit::body_edit::{
    append_to_scene, edit_body, read_option, scale_body, Applied, EditError,
};
use crate::app::edit::editor;
use crate::app::edit::join::{append_joint, End};
use crate::app::edit::rewrite::number;
use crate::app::edit::session::{DrawTool, Gesture, Tool, STILL_RELOADING};
use crate::physics::{BodyId, Vec2};
use crate::platform::Input;
use crate::script::calls::Literal;

/// Turning step of Q / E.
const TURN: f64 = std::f64::consts::PI / 12.0;

/// A key edit mode (or O) takes; false leaves it to the others.
pub fn key(sb: &mut Sandbox, key: &str, input: &Input) -> bool {
    let ctrl = input.is_down("ctrl");
    match key {
        "e" if ctrl => {
            sb.toggle_edit_mode();
            true
        }
        "o" if !ctrl => open_editor(sb),
        _ if !sb.in_edit_mode() => false,
        "z" if ctrl => {
            let redo = input.is_down("shift");
            let result = sb
                .edit_parts()
                .map(|(s, scene)| if redo { s.redo(scene) } else { s.undo(scene) });
            if let Some(r) = result {
                say_result(sb, r);
            }
            true
        }
        "q" | "e" if !ctrl => {
            if let Some(id) = sb.tools().selected() {
                turn(sb, id, if key == "q" { TURN } else { -TURN });
            }
            true
        }
        "enter" | "escape" if polygon_open(sb) => {
            let gesture = sb.edit_parts().and_then(|(s, _)| s.gesture.take());
            match gesture.and_then(|g| g.drawn_line()) {
                Some(line) if key == "enter" => {
                    write(sb, |scene| {
                        append_to_scene(scene, std::slice::from_ref(&line))
                    });
                }
                None if key == "enter" => {
                    sb.say("a polygon needs 3 corners (click them, Enter closes)".into())
                }
                _ => sb.say("polygon dropped".into()),
            }
            true
        }
        "space" => {
            sb.say("edit mode: the world stays paused — Ctrl+E leaves edit mode".into());
            true
        }
        _ => false,
    }
}

/// Is a polygon's outline being clicked?
fn polygon_open(sb: &mut Sandbox) -> bool {
    sb.edit_parts()
        .is_some_and(|(s, _)| matches!(s.gesture, Some(Gesture::Polygon { .. })))
}

/// O: the editor at the line of the body the inspector shows (the
/// selected one, else the one under the cursor: build mode selects
/// nothing), else at the error's.
fn open_editor(sb: &mut Sandbox) -> bool {
    let at = inspector::shown_body(sb)
        .and_then(|id| {
            sb.scene()
                .sim()
                .origin(id)
                .map(|o| (o.file.to_string(), o.line))
        })
        .or_else(|| sb.error().and_then(editor::location_in));
    let Some((file, line)) = at else {
        if sb.world_frozen() {
            // Build mode: keys do not reach the scene, so O says why not.
            sb.say("O opens the editor at the line of the body under the cursor".into());
            return true;
        }
        return false;
    };
    let text = match editor::open(&file, line) {
        Ok(t) | Err(t) => t,
    };
    sb.say(text);
    true
}

/// Edit mode's mouse for one frame (instead of the sandbox tools).
pub fn mouse(sb: &mut Sandbox, input: &Input) {
    let mut input = input.clone();
    let size = (sb.camera().width as f32, sb.camera().height as f32);
    let row = input
        .mouse
        .filter(|_| input.wheel != 0.0)
        .and_then(|at| inspector_rows::key_at(sb, size, at));
    if let (Some(key), Some(id)) = (row, inspector::shown_body(sb)) {
        // The wheel on an inspector row changes that option.
        tweak(sb, id, key, input.wheel > 0.0);
        input.wheel = 0.0;
    }
    if input.is_down("ctrl") && input.wheel != 0.0 {
        // Ctrl+wheel sizes the selected body instead of zooming.
        if let Some(id) = sb.tools().selected() {
            resize(sb, id, 1.1f64.powf(input.wheel.signum() as f64));
        }
        input.wheel = 0.0;
    }
    let Some((last, at, p)) = sb.pointer_frame(&input) else {
        if !input.left {
            cancel(sb);
        }
        return;
    };
    if went_down(input.left, last.left) {
        begin(sb, &input, p);
    }
    if input.left {
        hold(sb, p);
    } else if last.left {
        finish(sb);
    }
    // The right button pans as everywhere (a click does nothing here).
    let _ = sb.right_button(&input, &last, at);
}

fn begin(sb: &mut Sandbox, input: &Input, p: Vec2) {
    let (w, h) = (sb.camera().width as f32, sb.camera().height as f32);
    if let Some(tool) = input.mouse.and_then(|at| palette::tool_at(sb, w, h, at)) {
        if let Some((s, _)) = sb.edit_parts() {
            s.tool = tool;
            s.gesture = None;
        }
        return sb.say(format!("tool: {}", tool.name()));
    }
    let (shift, ctrl) = (input.is_down("shift"), input.is_down("ctrl"));
    let picked = sb.edit_parts().map(|(s, _)| s.tool);
    let Some(picked) = picked else {
        return;
    };
    let hovered = sb.tools().hovered();
    let gesture = match (picked, hovered) {
        (Tool::Joint(tool), Some(body)) => {
            sb.select(Some(body));
            Gesture::Join {
                tool,
                from: End {
                    body: Some(body),
                    at: p,
                },
                to: p,
            }
        }
        (Tool::Joint(tool), None) => {
            return sb.say(format!(
                "a {} starts on a body: drag from one body to another (or to empty space)",
                tool.name()
            ));
        }
        (_, Some(body)) if !shift && !ctrl => {
            sb.select(Some(body));
            let Ok(origin) = sb.scene().world().body(body).map(|b| b.xf.p) else {
                return;
            };
            Gesture::Move {
                body,
                offset: p - origin,
                start: origin,
            }
        }
        (Tool::Shape(DrawTool::Polygon), _) if !shift && !ctrl => {
            sb.select(None);
            let mut points = match sb.edit_parts().and_then(|(s, _)| s.gesture.take()) {
                Some(Gesture::Polygon { points }) => points,
                _ => Vec::new(),
            };
            points.push(p);
            Gesture::Polygon { points }
        }
        (Tool::Shape(shape), _) => {
            sb.select(None);
            let tool = if shift {
                DrawTool::Circle
            } else if ctrl {
                DrawTool::Segment
            } else {
                shape
            };
            Gesture::Draw {
                tool,
                from: p,
                to: p,
            }
        }
    };
    if let Some((s, _)) = sb.edit_parts() {
        s.gesture = Some(gesture);
    }
}

fn hold(sb: &mut Sandbox, p: Vec2) {
    let Some((s, _)) = sb.edit_parts() else {
        return;
    };
    match &mut s.gesture {
        Some(Gesture::Move { body, offset, .. }) => {
            let (body, to) = (*body, p - *offset);
            place(sb, body, to);
        }
        Some(Gesture::Draw { to, .. }) | Some(Gesture::Join { to, .. }) => *to = p,
        Some(Gesture::Polygon { .. }) | None => {}
    }
}

/// Put a body's origin at `to`, at rest (what a move shows until the
/// reload brings the file's version).
fn place(sb: &mut Sandbox, body: BodyId, to: Vec2) {
    {
        let mut sim = sb.scene_mut().sim_mut();
        let world = sim.world_mut();
        let Ok(angle) = world.body(body).map(|b| b.xf.q.angle()) else {
            return;
        };
        let _ = world.set_transform(body, to, angle);
        let _ = world.set_linear_velocity(body, Vec2::ZERO);
        let _ = world.set_angular_velocity(body, 0.0);
    }
    sb.world_edited();
}

/// The button went up: write what the gesture made.
fn finish(sb: &mut Sandbox) {
    let Some((s, _)) = sb.edit_parts() else {
        return;
    };
    let Some(gesture) = s.gesture.take() else {
        return;
    };
    match gesture {
        Gesture::Move { body, start, .. } => {
            let Ok(now) = sb.scene().world().body(body).map(|b| b.xf.p) else {
                return;
            };
            if (now - start).length() < 1e-9 {
                return; // a click: it only selects
            }
            let angle = sb
                .scene()
                .world()
                .body(body)
                .map_or(0.0, |b| b.xf.q.angle());
            let mut sets = vec![("x".to_string(), number(now.x, 2))];
            sets.push(("y".to_string(), number(now.y, 2)));
            sets.extend(pose_field(sb, body, "angle", number(angle, 3)));
            if !write(sb, |scene| edit_body(scene, body, &sets)) {
                place(sb, body, start);
            }
        }
        draw @ Gesture::Draw { .. } => {
            if let Some(line) = draw.drawn_line() {
                write(sb, |scene| {
                    append_to_scene(scene, std::slice::from_ref(&line))
                });
            }
        }
        Gesture::Join { tool, from, to } => {
            let target = sb.body_at(to).filter(|b| Some(*b) != from.body);
            let end = End {
                body: target,
                at: to,
            };
            write(sb, |scene| append_joint(scene, tool, from, end));
        }
        // Corners are clicked one by one: the polygon waits for Enter.
        polygon @ Gesture::Polygon { .. } => {
            if let Some((s, _)) = sb.edit_parts() {
                s.gesture = Some(polygon);
            }
        }
    }
}

/// The cursor left the window with the button up: a move ends where it is
/// (written), a drawing is dropped.
fn cancel(sb: &mut Sandbox) {
    if let Some((s, _)) = sb.edit_parts() {
        if matches!(s.gesture, Some(Gesture::Draw { .. })) {
            s.gesture = None;
        }
    }
    finish(sb);
}

/// Q / E: the body turns where it is shown. A call whose pose changed is
/// put where the file says by the reload (every pose field), so the turn
/// writes the live `x`, `y` too: a crate that had fallen to the floor was
/// turned and put back at its spawn point in the air.
fn turn(sb: &mut Sandbox, id: BodyId, by: f64) {
    let Ok((p, angle)) = sb
        .scene()
        .world()
        .body(id)
        .map(|b| (b.xf.p, b.xf.q.angle()))
    else {
        return;
    };
    let mut sets = pose_field(sb, id, "x", number(p.x, 2));
    sets.extend(pose_field(sb, id, "y", number(p.y, 2)));
    sets.push(("angle".to_string(), number(angle + by, 3)));
    write(sb, |scene| edit_body(scene, id, &sets));
}

/// `key = value` for a move or a turn to write beside the field it is
/// about, so the reload keeps the body's live pose: when the call writes
/// `key` as a number (one equal to `value` is left as written), or leaves
/// it out and `value` is not its default 0. A computed one is left alone:
/// the edit it goes with is still made.
fn pose_field(sb: &Sandbox, id: BodyId, key: &str, value: String) -> Vec<(String, String)> {
    let wanted = match read_option(sb.scene(), id, key) {
        Ok(Some(Literal::Number(_))) => true,
        Ok(None) => value.parse::<f64>().is_ok_and(|v| v != 0.0),
        _ => false,
    };
    if wanted {
        vec![(key.to_string(), value)]
    } else {
        Vec::new()
    }
}

/// Colours the wheel steps through on the inspector's colour row.
const COLORS: &[&str] = &[
    "red", "orange", "yellow", "green", "cyan", "blue", "purple", "white", "gray",
];

/// One wheel notch on the inspector row of `key` (`up`: away from the user).
fn tweak(sb: &mut Sandbox, id: BodyId, key: &str, up: bool) {
    let sign = if up { 1.0 } else { -1.0 };
    let value = {
        let scene = sb.scene();
        let world = scene.world();
        let Ok(b) = world.body(id) else {
            return;
        };
        let shape = world
            .shapes_of(id)
            .ok()
            .and_then(|mut s| s.next().map(|(_, s)| (s.friction, s.restitution)));
        match (key, shape) {
            ("mass", _) => number(b.mass * 1.1f64.powf(sign), 3),
            ("friction", Some((f, _))) => number((f + 0.05 * sign).clamp(0.0, 2.0), 2),
            ("restitution", Some((_, e))) => number((e + 0.05 * sign).clamp(0.0, 1.0), 2),
            _ => String::new(),
        }
    };
    let value = if key == "color" {
        let now = match read_option(sb.scene(), id, "color") {
            Ok(Some(Literal::Str(c))) => COLORS.iter().position(|n| *n == c),
            Ok(_) => None,
            Err(e) => return sb.say(e.toast),
        };
        let next = match now {
            Some(i) => (i as i64 + sign as i64).rem_euclid(COLORS.len() as i64) as usize,
            None => 0,
        };
        crate::app::edit::rewrite::string(COLORS[next])
    } else {
        value
    };
    if value.is_empty() {
        return;
    }
    let sets = [(key.to_string(), value)];
    write(sb, |scene| edit_body(scene, id, &sets));
}

fn resize(sb: &mut Sandbox, id: BodyId, factor: f64) {
    write(sb, |scene| scale_body(scene, id, factor));
}

/// Make one file edit (when the last has been reloaded), record it for
/// undo and say what changed or why not. True when written.
fn write(
    sb: &mut Sandbox,
    edit: impl FnOnce(&crate::script::Scene) -> Result<Applied, EditError>,
) -> bool {
    let Some((s, scene)) = sb.edit_parts() else {
        return false;
    };
    let result = if s.ready(scene) {
        edit(scene).map(|applied| {
            let text = applied.summary();
            s.record(applied);
            text
        })
    } else {
        Err(STILL_RELOADING.to_string().into())
    };
    let ok = result.is_ok();
    say_result(sb, result);
    ok
}

fn say_result(sb: &mut Sandbox, r: Result<String, EditError>) {
    match r {
        Ok(text) => sb.say(format!("edit: {text}")),
        Err(e) => sb.say(e.toast),
    }
}
