//! Events collected during a step and read after it (Box2D v3 style), so the
//! program can react (run Lua callbacks, create or destroy bodies) safely
//! between steps.

use crate::physics::math::{Real, Vec2};
use crate::physics::world::body::Body;
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

    pub(crate) fn push_end(&mut self, c: &Contact, bodies: &Arena<Body>) {
        let body_a = body_id(bodies, c.body_a);
        let body_b = body_id(bodies, c.body_b);
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

    pub(crate) fn push_begin(&mut self, c: &Contact, bodies: &Arena<Body>) {
        let body_a = body_id(bodies, c.body_a);
        let body_b = body_id(bodies, c.body_b);
        if c.sensor {
            self.sensor.push(sensor_event(c, body_a, body_b, true));
            return;
        }
        let m = &c.manifold;
        let mut point = Vec2::ZERO;
        let mut approach: Real = 0.0;
        let pts = m.points();
        for p in pts {
            point += p.point;
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
