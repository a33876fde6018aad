//! Mouse tools: drag a body, pan and zoom, spawn a circle or box at the
//! cursor, delete, toggle static ↔ dynamic, select for the inspector, and
//! clicks on empty space to the scene's `on_click`. All of them work while
//! paused (a paused drag moves the body directly).

use super::sandbox::Sandbox;
use crate::physics::id::JointId;
use crate::physics::{BodyDef, BodyId, BodyType, Circle, Polygon, ShapeDef, ShapeGeom, Vec2};
use crate::platform::Input;
use crate::render::{OverlayCmd, Rgba};
use crate::script::Scene;

/// A body held by the mouse.
pub struct Drag {
    pub body: BodyId,
    /// The grabbed point in the body's frame.
    pub local: Vec2,
    /// Where the mouse is (world).
    pub target: Vec2,
    /// The mouse joint pulling it (made at the first step of the drag).
    pub joint: Option<JointId>,
}

#[derive(Default)]
pub struct Tools {
    pub drag: Option<Drag>,
    pub selected: Option<BodyId>,
    pub hovered: Option<BodyId>,
    /// Right button: where it went down and how far it moved (a click
    /// that did not move goes to `on_click`).
    right_from: Option<(f32, f32)>,
    right_moved: f32,
    /// Circles and boxes placed by hand so far (puzzles limit them).
    pub placed: [u32; 2],
}

/// How many more of `kind` ("circle", "box") the player may place: `None`
/// when the scene sets no limits (`tools { }` absent: a free sandbox).
pub fn remaining(sb: &Sandbox, kind: &str) -> Option<u32> {
    if let (Some(p), Some(k)) = (
        &sb.puzzle,
        crate::app::puzzle::parts::PartKind::from_name(kind),
    ) {
        return Some(p.remaining(k));
    }
    let tools = sb.scene.settings().tools;
    if tools.is_empty() {
        return None;
    }
    let used = sb.tools.placed[usize::from(kind == "box")];
    Some(tools.get(kind).copied().unwrap_or(0).saturating_sub(used))
}

/// The mouse joint pulls with at most this acceleration (m/s²) times the
/// body's mass: every body follows the cursor alike on its own (the joint
/// is 5 Hz, damping ratio 0.7), and a heavy one pushes harder against
/// others — heavy things feel heavy.
const DRAG_MAX_ACCEL: f64 = 500.0;

impl Tools {
    /// Pull the dragged body toward the cursor with a mouse joint (called
    /// before every fixed step).
    pub fn before_step(&mut self, scene: &mut Scene) {
        let Some(d) = &mut self.drag else {
            return;
        };
        let mut sim = scene.sim_mut();
        let world = sim.world_mut();
        let Ok(b) = world.body(d.body) else {
            self.drag = None;
            return;
        };
        if b.body_type != BodyType::Dynamic {
            return;
        }
        let (grabbed, mass) = (b.xf.apply(d.local), b.mass);
        let moved = match d.joint {
            Some(j) => world.set_mouse_target(j, d.target).is_ok(),
            None => false,
        };
        if !moved {
            // First step of the drag, or the joint went with a reload.
            let max_force = DRAG_MAX_ACCEL * mass;
            d.joint = world.create_mouse_joint(d.body, grabbed, max_force).ok();
            if let Some(j) = d.joint {
                let _ = world.set_mouse_target(j, d.target);
            }
        }
    }

    /// Let go of the dragged body (its mouse joint goes too).
    pub fn end_drag(&mut self, scene: &mut Scene) {
        if let Some(Drag { joint: Some(j), .. }) = self.drag.take() {
            let _ = scene.sim_mut().world_mut().destroy_joint(j);
        }
    }
    /// The drag line and the selection, as overlay commands.
    pub fn overlay(&self, scene: &Scene) -> Vec<OverlayCmd> {
        let mut out = Vec::new();
        if let Some(d) = &self.drag {
            if let Ok(b) = scene.world().body(d.body) {
                let a = b.xf.apply(d.local);
                let color = Rgba::rgb(0xff, 0xff, 0xff);
                out.push(OverlayCmd::Line {
                    a,
                    b: d.target,
                    color,
                });
            }
        }
        out
    }
}

/// The cursor in the world (the scene's `mouse()` and the hovered body
/// follow it) and the wheel's zoom about it; shared by build mode.
pub fn point_and_zoom(sb: &mut Sandbox, input: &Input, (mx, my): (f32, f32)) -> Vec2 {
    let p = sb.camera.to_world(mx, my);
    sb.scene.set_mouse(p.x, p.y);
    sb.tools.hovered = sb.body_at(p);
    if input.wheel != 0.0 {
        let notches = input.wheel.signum() as f64 * (input.wheel.abs() as f64).clamp(0.5, 5.0);
        sb.camera.zoom_at(mx, my, 1.15f64.powf(notches));
    }
    p
}

fn pressed(now: bool, before: bool) -> bool {
    now && !before
}

/// Mouse handling for one frame.
pub fn mouse(sb: &mut Sandbox, input: &Input) {
    if sb.puzzle.is_some() {
        // Puzzles have their own mouse: parts only, no dragging of the
        // authored bodies.
        return crate::app::puzzle::build_mode::mouse(sb, input);
    }
    let last = std::mem::take(&mut sb.last_input);
    let Some((mx, my)) = input.mouse else {
        sb.tools.hovered = None;
        release_all(sb, input);
        sb.last_input = input.clone();
        return;
    };
    let p = point_and_zoom(sb, input, (mx, my));
    let shift = input.is_down("shift");
    let ctrl = input.is_down("ctrl");
    // Left: spawn with shift / ctrl, else grab or select, else on_click.
    if pressed(input.left, last.left) {
        if shift {
            spawn(sb, p, false);
        } else if ctrl {
            spawn(sb, p, true);
        } else if let Some(id) = sb.tools.hovered {
            sb.tools.selected = Some(id);
            let body = sb.scene.world().body(id).ok().map(|b| (b.body_type, b.xf));
            if let Some((BodyType::Dynamic, xf)) = body {
                sb.tools.drag = Some(Drag {
                    body: id,
                    local: xf.q.inv_rotate(p - xf.p),
                    target: p,
                    joint: None,
                });
            }
        } else {
            sb.tools.selected = None;
            if let Err(e) = sb.scene.click(p.x, p.y, "left") {
                sb.fail(e);
            }
        }
    }
    if input.left {
        if let Some(d) = &mut sb.tools.drag {
            d.target = p;
        }
        if sb.paused {
            move_paused(sb);
        }
    } else {
        sb.tools.end_drag(&mut sb.scene);
    }
    // Middle: static ↔ dynamic.
    if pressed(input.middle, last.middle) {
        if let Some(id) = sb.tools.hovered {
            toggle_static(sb, id);
        }
    }
    // Right: pan by dragging; a click that did not move goes to on_click.
    if pressed(input.right, last.right) {
        sb.tools.right_from = Some((mx, my));
        sb.tools.right_moved = 0.0;
    } else if input.right {
        if let Some((x0, y0)) = sb.tools.right_from {
            sb.camera.pan_pixels(mx - x0, my - y0);
            sb.tools.right_moved += (mx - x0).abs() + (my - y0).abs();
            sb.tools.right_from = Some((mx, my));
        }
    } else if last.right && sb.tools.right_from.take().is_some() && sb.tools.right_moved < 4.0 {
        if let Err(e) = sb.scene.click(p.x, p.y, "right") {
            sb.fail(e);
        }
    }
    sb.last_input = input.clone();
}

fn release_all(sb: &mut Sandbox, input: &Input) {
    if !input.left {
        sb.tools.end_drag(&mut sb.scene);
    }
    if !input.right {
        sb.tools.right_from = None;
    }
}

/// While paused, a dragged body follows the cursor exactly (teleported,
/// at rest), so scenes can be arranged before they run.
fn move_paused(sb: &mut Sandbox) {
    let Some(d) = &sb.tools.drag else {
        return;
    };
    let (id, local, target) = (d.body, d.local, d.target);
    let mut sim = sb.scene.sim_mut();
    let world = sim.world_mut();
    let Ok(b) = world.body(id) else {
        return;
    };
    let q = b.xf.q;
    let angle = q.angle();
    let origin = target - q.rotate(local);
    let _ = world.set_transform(id, origin, angle);
    let _ = world.set_linear_velocity(id, Vec2::ZERO);
    let _ = world.set_angular_velocity(id, 0.0);
    drop(sim);
    sb.poses.clear();
}

/// A circle (r = 0.5 m) or a box (1 m) at `p`: scale-aware so it is never
/// invisibly small — at least 12 pixels across.
pub fn spawn(sb: &mut Sandbox, p: Vec2, is_box: bool) -> Option<BodyId> {
    let kind = if is_box { "box" } else { "circle" };
    if remaining(sb, kind) == Some(0) {
        let plural = if is_box { "boxes" } else { "circles" };
        sb.say(format!("no {plural} left to place in this scene"));
        return None;
    }
    let size = (12.0 / sb.camera.scale).max(0.5);
    let geom = if is_box {
        ShapeGeom::Polygon(Polygon::make_box(size, size))
    } else {
        ShapeGeom::Circle(Circle {
            center: Vec2::ZERO,
            radius: size,
        })
    };
    let def = BodyDef {
        position: p,
        ..BodyDef::default()
    };
    let shape = ShapeDef {
        geom,
        ..ShapeDef::default()
    };
    let id = sb.scene.sim_mut().add_body(&def, &[shape], None).ok()?;
    sb.tools.placed[usize::from(is_box)] += 1;
    Some(id)
}

/// Delete a body (the Delete key, on the body under the cursor).
pub fn delete(sb: &mut Sandbox, id: BodyId) {
    let _ = sb.scene.sim_mut().destroy(id);
    if sb.tools.selected == Some(id) {
        sb.tools.selected = None;
    }
    if sb.tools.drag.as_ref().is_some_and(|d| d.body == id) {
        sb.tools.end_drag(&mut sb.scene);
    }
    sb.tools.hovered = None;
}

/// Static ↔ dynamic (kinematic bodies become dynamic).
pub fn toggle_static(sb: &mut Sandbox, id: BodyId) {
    let mut sim = sb.scene.sim_mut();
    let Ok(b) = sim.world().body(id) else {
        return;
    };
    let to = if b.body_type == BodyType::Static {
        BodyType::Dynamic
    } else {
        BodyType::Static
    };
    let _ = sim.set_body_type(id, to);
}
