//! Mouse tools of the free sandbox, as operations on the scene: drag a body
//! with a mouse joint (while paused, move it directly), select and hover for
//! the inspector, spawn a circle or box, delete, toggle static ↔ dynamic.
//! `mouse.rs` decides from the buttons which of them a frame does.

use super::pointer::{RightButton, RightDrag};
use crate::app::reload::reconcile::Remap;
use crate::physics::{
    BodyDef, BodyId, BodyType, Circle, JointId, Polygon, ShapeDef, ShapeGeom, Vec2,
};
use crate::platform::Input;
use crate::render::{OverlayCmd, Rgba};
use crate::script::Scene;

/// A body held by the mouse.
struct Drag {
    body: BodyId,
    /// The grabbed point in the body's frame.
    local: Vec2,
    /// Where the mouse is (world).
    target: Vec2,
    /// The mouse joint pulling it (made at the first step of the drag).
    joint: Option<JointId>,
}

/// What Shift+click and Ctrl+click make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spawn {
    Circle,
    Box,
}

impl Spawn {
    /// The name `tools{}` uses for it.
    pub fn name(self) -> &'static str {
        match self {
            Spawn::Circle => "circle",
            Spawn::Box => "box",
        }
    }

    fn plural(self) -> &'static str {
        match self {
            Spawn::Circle => "circles",
            Spawn::Box => "boxes",
        }
    }
}

#[derive(Default)]
pub struct Tools {
    drag: Option<Drag>,
    selected: Option<BodyId>,
    hovered: Option<BodyId>,
    right: RightDrag,
    /// Circles and boxes placed by hand so far (puzzles limit them).
    placed: [u32; 2],
}

/// The mouse joint pulls with at most this acceleration (m/s²) times the
/// body's mass: every body follows the cursor alike on its own (the joint
/// is 5 Hz, damping ratio 0.7), and a heavy one pushes harder against
/// others — heavy things feel heavy.
const DRAG_MAX_ACCEL: f64 = 500.0;

impl Tools {
    /// The body the inspector shows.
    pub fn selected(&self) -> Option<BodyId> {
        self.selected
    }

    pub fn select(&mut self, id: Option<BodyId>) {
        self.selected = id;
    }

    /// The body under the cursor.
    pub fn hovered(&self) -> Option<BodyId> {
        self.hovered
    }

    pub fn hover(&mut self, id: Option<BodyId>) {
        self.hovered = id;
    }

    /// How many `kind` were placed by hand so far.
    pub fn placed(&self, kind: Spawn) -> u32 {
        self.placed[kind as usize]
    }

    /// The tools after a keep-state reload: the selection follows its body,
    /// hand-placed counts stay with the carried bodies, and a drag (which
    /// held a joint of the old world) ends.
    pub fn carried_over(&self, remap: &Remap) -> Tools {
        Tools {
            selected: self.selected.and_then(|b| remap.get(&b).copied()),
            placed: self.placed,
            ..Tools::default()
        }
    }

    /// The right button this frame (a drag pans, a still click clicks).
    pub fn right_button(&mut self, input: &Input, last: &Input, at: (f32, f32)) -> RightButton {
        self.right.frame(input, last, at)
    }

    /// The cursor left the window: buttons released there end what they held.
    pub fn mouse_away(&mut self, scene: &mut Scene, input: &Input) {
        self.hovered = None;
        if !input.left {
            self.end_drag(scene);
        }
        self.right.released(input);
    }

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

    /// Left button down on body `id` at world point `p`: select it, and
    /// hold it if it is dynamic.
    pub fn grab(&mut self, scene: &Scene, id: BodyId, p: Vec2) {
        self.selected = Some(id);
        let body = scene.world().body(id).ok().map(|b| (b.body_type, b.xf));
        if let Some((BodyType::Dynamic, xf)) = body {
            self.drag = Some(Drag {
                body: id,
                local: xf.q.inv_rotate(p - xf.p),
                target: p,
                joint: None,
            });
        }
    }

    /// The cursor moved to `p` with the left button held.
    pub fn drag_to(&mut self, p: Vec2) {
        if let Some(d) = &mut self.drag {
            d.target = p;
        }
    }

    /// While paused, the dragged body follows the cursor exactly
    /// (teleported, at rest), so scenes can be arranged before they run.
    /// True when it moved (poses between steps are stale then).
    pub fn move_dragged(&self, scene: &mut Scene) -> bool {
        let Some(d) = &self.drag else {
            return false;
        };
        let mut sim = scene.sim_mut();
        let world = sim.world_mut();
        let Ok(b) = world.body(d.body) else {
            return false;
        };
        let q = b.xf.q;
        let origin = d.target - q.rotate(d.local);
        let _ = world.set_transform(d.body, origin, q.angle());
        let _ = world.set_linear_velocity(d.body, Vec2::ZERO);
        let _ = world.set_angular_velocity(d.body, 0.0);
        true
    }

    /// Let go of the dragged body (its mouse joint goes too).
    pub fn end_drag(&mut self, scene: &mut Scene) {
        if let Some(Drag { joint: Some(j), .. }) = self.drag.take() {
            let _ = scene.sim_mut().world_mut().destroy_joint(j);
        }
    }

    /// The drag line, as overlay commands.
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

    /// A circle (radius `size`) or a box (`size` across) at `p`, counted
    /// as placed by hand.
    pub fn spawn(&mut self, scene: &mut Scene, p: Vec2, size: f64, kind: Spawn) -> Option<BodyId> {
        let geom = match kind {
            Spawn::Box => ShapeGeom::Polygon(Polygon::make_box(size, size)),
            Spawn::Circle => ShapeGeom::Circle(Circle {
                center: Vec2::ZERO,
                radius: size,
            }),
        };
        let def = BodyDef {
            position: p,
            ..BodyDef::default()
        };
        let shape = ShapeDef {
            geom,
            ..ShapeDef::default()
        };
        let id = scene.sim_mut().add_body(&def, &[shape], None).ok()?;
        self.placed[kind as usize] += 1;
        Some(id)
    }

    /// Delete a body; the tools let go of it.
    pub fn delete(&mut self, scene: &mut Scene, id: BodyId) {
        let _ = scene.sim_mut().destroy(id);
        if self.selected == Some(id) {
            self.selected = None;
        }
        if self.drag.as_ref().is_some_and(|d| d.body == id) {
            self.end_drag(scene);
        }
        self.hovered = None;
    }
}

/// "no boxes left to place in this scene".
pub fn none_left_text(kind: Spawn) -> String {
    format!("no {} left to place in this scene", kind.plural())
}

/// Static ↔ dynamic (kinematic bodies become dynamic).
pub fn toggle_static(scene: &mut Scene, id: BodyId) {
    let mut sim = scene.sim_mut();
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
