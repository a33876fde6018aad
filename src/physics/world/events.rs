//! Events collected during a step and read after it (Box2D v3 style), so the
//! program can react (run Lua callbacks, create or destroy bodies) safely
//! between steps.

use crate::physics::math::{Real, Vec2};
use crate::physics::world::body::{Body, Shape};
use crate::physics::world::contact::Contact;
use crate::physics::world::id::{Arena, BodyId, ShapeId};

/// Two shapes started touching.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactBegin {
    pub shape_a: ShapeId,
    pub shape_b: ShapeId,
    pub body_a: BodyId,
    pub body_b: BodyId,
    /// World contact point and normal (from A to B).
    pub point: Vec2,
    pub normal: Vec2,
    /// Speed at which they approached along the normal (m/s, ≥ 0).
    pub approach_speed: Real,
}

/// Two shapes stopped touching (or one of them was destroyed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactEnd {
    pub shape_a: ShapeId,
    pub shape_b: ShapeId,
    pub body_a: BodyId,
    pub body_b: BodyId,
}

/// A shape entered or left a sensor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SensorEvent {
    pub sensor_shape: ShapeId,
    pub visitor_shape: ShapeId,
    pub sensor_body: BodyId,
    pub visitor_body: BodyId,
    pub entered: bool,
}

#[derive(Clone, Debug, Default)]
pub struct StepEvents {
    pub contact_begin: Vec<ContactBegin>,
    pub contact_end: Vec<ContactEnd>,
    pub sensor: Vec<SensorEvent>,
    /// Joints that broke this step (already destroyed).
    pub joint_break: Vec<crate::physics::joints::JointBreak>,
}

/// The bodies that events name: live ones by their slot, destroyed ones
/// by the shapes they had.
///
/// A contact knows its bodies by slot. When a body is destroyed its
/// contacts end in the next step (`drop_dead_contact`), and by then a body
/// created in a callback may have taken the slot: the end event named that
/// new body (a scene destroying a pickup in `on_sensor` and spawning the
/// next got the exit event with the new pickup, 8 m away). So a destroyed
/// body's shapes are remembered with its id until the narrow phase has
/// ended their contacts.
#[derive(Clone, Debug, Default)]
pub(crate) struct GoneShapes(std::collections::HashMap<ShapeId, BodyId>);

impl GoneShapes {
    pub fn note(&mut self, shape: ShapeId, body: BodyId) {
        self.0.insert(shape, body);
    }

    /// After the narrow phase: every contact of these shapes has ended.
    pub fn forget(&mut self) {
        self.0.clear();
    }
}

impl crate::physics::world::World {
    /// What this step's events name bodies by.
    pub(crate) fn event_bodies(&self) -> EventBodies<'_> {
        EventBodies {
            bodies: &self.bodies,
            shapes: &self.shapes,
            gone: &self.gone_shapes,
        }
    }
}

/// What an event names a contact's bodies by (see `GoneShapes`).
pub(crate) struct EventBodies<'a> {
    pub bodies: &'a Arena<Body>,
    pub shapes: &'a Arena<Shape>,
    pub gone: &'a GoneShapes,
}

impl EventBodies<'_> {
    pub fn of(&self, c: &Contact) -> (BodyId, BodyId) {
        (
            self.body(c.body_a, c.shape_a),
            self.body(c.body_b, c.shape_b),
        )
    }

    fn body(&self, index: u32, shape: ShapeId) -> BodyId {
        if !self.shapes.is_live(shape.index, shape.generation) {
            if let Some(&body) = self.gone.0.get(&shape) {
                return body;
            }
        }
        body_id(self.bodies, index)
    }
}

/// The id of the body in a slot, or a dead id when it is gone (its
/// generation no longer matches any live body, so handles report "destroyed").
pub(crate) fn body_id(bodies: &Arena<Body>, index: u32) -> BodyId {
    let generation = bodies.slots.get(index as usize).map_or(0, |s| {
        if s.value.is_some() {
            s.generation
        } else {
            s.generation.wrapping_sub(1)
        }
    });
    BodyId { index, generation }
}

impl StepEvents {
    pub fn clear(&mut self) {
        self.contact_begin.clear();
        self.contact_end.clear();
        self.sensor.clear();
        self.joint_break.clear();
    }

    /// `(body_a, body_b)`: the contact's bodies as `EventBodies::of`
    /// names them.
    pub(crate) fn push_end(&mut self, c: &Contact, (body_a, body_b): (BodyId, BodyId)) {
        if c.sensor {
            self.sensor.push(sensor_event(c, body_a, body_b, false));
        } else {
            self.contact_end.push(ContactEnd {
                shape_a: c.shape_a,
                shape_b: c.shape_b,
                body_a,
                body_b,
            });
        }
    }

    /// `now`: the contact's two bodies as the step leaves them, when known:
    /// the point is then where the surfaces touch at the step's end. The
    /// manifold's own point is from the step's start, midway across the
    /// gap a speculative contact sees: a ball landing at 19 m/s reported
    /// its contact 10 cm above the floor it came to rest on.
    pub(crate) fn push_begin(
        &mut self,
        c: &Contact,
        (body_a, body_b): (BodyId, BodyId),
        now: Option<(&Body, &Body)>,
    ) {
        if c.sensor {
            self.sensor.push(sensor_event(c, body_a, body_b, true));
            return;
        }
        let m = &c.manifold;
        let mut point = Vec2::ZERO;
        let mut approach: Real = 0.0;
        let pts = m.points();
        for p in pts {
            point += match now {
                // Each anchor (from its body's centre, in the step start's
                // axes) carried along with its body; the midpoint of the two.
                Some((a, b)) => {
                    let on_a = a.center + a.q0.inv_mul(a.xf.q).rotate(p.anchor_a);
                    let on_b = b.center + b.q0.inv_mul(b.xf.q).rotate(p.anchor_b);
                    0.5 * (on_a + on_b)
                }
                None => p.point,
            };
            approach = approach.max(-p.normal_velocity);
        }
        if !pts.is_empty() {
            point /= pts.len() as Real;
        }
        self.contact_begin.push(ContactBegin {
            shape_a: c.shape_a,
            shape_b: c.shape_b,
            body_a,
            body_b,
            point,
            normal: m.normal,
            approach_speed: approach.max(0.0),
        });
    }
}

fn sensor_event(c: &Contact, body_a: BodyId, body_b: BodyId, entered: bool) -> SensorEvent {
    // Shape A is the sensor: update pairs (`world/step/pairs.rs`) creates a
    // sensor contact sensor first.
    SensorEvent {
        sensor_shape: c.shape_a,
        visitor_shape: c.shape_b,
        sensor_body: body_a,
        visitor_body: body_b,
        entered,
    }
}
