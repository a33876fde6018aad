//! What force callbacks read: position and velocity of every body as the
//! step starts, by body index, copied once before the callbacks run. The hot
//! `body.x` path (`handles.rs`) reads this compact copy instead of the large
//! `Body` structs; anything that moves, pushes or destroys a body while the
//! callbacks run makes the copy stale, and reads go to the world again.

use crate::physics::World;

/// One body's state as the step starts.
#[derive(Clone, Copy, Default)]
pub(super) struct BodyAtStepStart {
    pub generation: u32,
    pub x: f64,
    pub y: f64,
    pub vx: f64,
    pub vy: f64,
    pub omega: f64,
    /// Rotation as (cos, sin): the angle's atan2 is paid only when read.
    pub rot: (f64, f64),
    pub mass: f64,
}

#[derive(Default)]
pub(super) struct ForceInputs {
    bodies: Vec<BodyAtStepStart>,
    /// The copy is current (force callbacks are running, nothing changed).
    live: bool,
}

impl ForceInputs {
    /// Copy every body's state from the world; reads use it until `expire`.
    pub fn capture(&mut self, world: &World) {
        self.bodies.clear();
        for (id, b) in world.bodies() {
            let i = id.index as usize;
            if self.bodies.len() <= i {
                self.bodies.resize(i + 1, BodyAtStepStart::default());
            }
            self.bodies[i] = BodyAtStepStart {
                generation: id.generation,
                x: b.xf.p.x,
                y: b.xf.p.y,
                vx: b.linear_velocity.x,
                vy: b.linear_velocity.y,
                omega: b.angular_velocity,
                rot: (b.xf.q.c, b.xf.q.s),
                mass: b.mass,
            };
        }
        self.live = true;
    }

    /// The callbacks are done, or something changed a body: read the world.
    pub fn expire(&mut self) {
        self.live = false;
    }

    /// Is the copy current (callbacks running, no body changed since)?
    pub fn is_live(&self) -> bool {
        self.live
    }

    /// The copied state of the body in slot `index` (check `is_live`
    /// first; a body made since has none).
    pub fn body(&self, index: u32) -> Option<&BodyAtStepStart> {
        self.bodies.get(index as usize)
    }
}
