//! What the engine can show about itself. The renderer implements
//! `DebugDraw`; the engine never knows about pixels or colours, only about
//! what kind of thing it is drawing.

use crate::physics::geometry::shape::ShapeGeom;
use crate::physics::joints::JointType;
use crate::physics::math::{Aabb, Real, Transform, Vec2};
use crate::physics::world::body::BodyType;
use crate::physics::world::id::{BodyId, JointId};
use crate::physics::world::World;

/// How a shape should look, by the state of its body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawStyle {
    Static,
    Kinematic,
    Dynamic,
    Sleeping,
    Sensor,
}

/// Which layers to draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawFlags {
    pub shapes: bool,
    pub aabbs: bool,
    pub contacts: bool,
    pub centers_of_mass: bool,
    pub velocities: bool,
    /// Joints (anchor to anchor), springs and ropes.
    pub joints: bool,
}

pub trait DebugDraw {
    /// A convex polygon in world coordinates, rounded by `radius`.
    fn polygon(&mut self, vertices: &[Vec2], radius: Real, style: DrawStyle, user_data: u64);
    /// A circle; `axis` is a world unit vector fixed to the body (to show spin).
    fn circle(&mut self, center: Vec2, radius: Real, axis: Vec2, style: DrawStyle, user_data: u64);
    fn segment(&mut self, a: Vec2, b: Vec2, style: DrawStyle, user_data: u64);
    fn aabb(&mut self, aabb: Aabb);
    /// A contact point with its normal and the normal impulse of the last step.
    fn contact(&mut self, point: Vec2, normal: Vec2, impulse: Real);
    /// A body's centre of mass with its frame.
    fn center_of_mass(&mut self, xf: Transform);
    /// A velocity arrow at a point.
    fn velocity(&mut self, at: Vec2, v: Vec2);
    /// A joint: its id, its kind and its two anchors in the world (they
    /// coincide for a holding hinge or weld; a mouse joint's second anchor
    /// is its target). Springs and rope links come through `spring` and
    /// `rope`. The id lets a drawer look up how its owner wants it shown.
    fn joint(&mut self, _id: JointId, _kind: JointType, _anchor_a: Vec2, _anchor_b: Vec2) {}
    /// A spring between two anchors (drawn as a zigzag, say).
    fn spring(&mut self, _id: JointId, _anchor_a: Vec2, _anchor_b: Vec2) {}
    /// A rope through its masses' centres, first to last; `first` is the
    /// rope's first mass as made (names the rope, even once destroyed).
    fn rope(&mut self, _first: BodyId, _points: &[Vec2]) {}
}

impl World {
    pub fn debug_draw(&self, d: &mut dyn DebugDraw, flags: DrawFlags) {
        for (_, b) in self.bodies.iter() {
            for sid in &b.shapes {
                let s = self.shapes.at(sid.index);
                let style = if s.sensor {
                    DrawStyle::Sensor
                } else if b.sleeps() {
                    DrawStyle::Sleeping
                } else {
                    match b.body_type {
                        BodyType::Static => DrawStyle::Static,
                        BodyType::Kinematic => DrawStyle::Kinematic,
                        BodyType::Dynamic => DrawStyle::Dynamic,
                    }
                };
                if flags.shapes {
                    draw_shape(d, &s.geom, b.xf, style, b.user_data);
                }
                if flags.aabbs {
                    d.aabb(s.aabb);
                }
            }
            if flags.centers_of_mass && b.body_type != BodyType::Static {
                d.center_of_mass(Transform {
                    p: b.center,
                    q: b.xf.q,
                });
            }
            if flags.velocities && b.body_type != BodyType::Static {
                d.velocity(b.center, b.linear_velocity);
            }
        }
        if flags.joints {
            self.draw_joints(d);
        }
        if flags.contacts {
            for c in &self.contacts {
                if c.sensor {
                    continue;
                }
                for p in c.manifold.points() {
                    if p.separation < crate::physics::settings::LINEAR_SLOP {
                        d.contact(p.point, c.manifold.normal, p.normal_impulse);
                    }
                }
            }
        }
    }

    /// Ropes as polylines; every other joint (rope links excepted) by kind.
    fn draw_joints(&self, d: &mut dyn DebugDraw) {
        let mut in_rope = vec![false; self.bodies.capacity()];
        let mut points = Vec::new();
        for rope in &self.joints.ropes {
            points.clear();
            for id in &rope.bodies {
                if let Ok(b) = self.body(*id) {
                    points.push(b.center);
                    in_rope[id.index as usize] = true;
                }
            }
            if let (true, Some(first)) = (points.len() >= 2, rope.bodies.first()) {
                d.rope(*first, &points);
            }
        }
        for (id, j) in self.joints() {
            let rope_link = in_rope[j.body_a.index as usize]
                && j.body_b.is_some_and(|b| in_rope[b.index as usize]);
            if rope_link {
                continue;
            }
            let (a, b) = self.anchors_of(j);
            match j.joint_type() {
                JointType::Spring => d.spring(id, a, b),
                kind => d.joint(id, kind, a, b),
            }
        }
    }
}

fn draw_shape(d: &mut dyn DebugDraw, g: &ShapeGeom, xf: Transform, style: DrawStyle, user: u64) {
    match g {
        ShapeGeom::Circle(c) => d.circle(xf.apply(c.center), c.radius, xf.q.x_axis(), style, user),
        ShapeGeom::Polygon(p) => {
            let mut vs = [Vec2::ZERO; crate::physics::geometry::shape::MAX_POLYGON_VERTICES];
            for (o, v) in vs.iter_mut().zip(p.verts()) {
                *o = xf.apply(*v);
            }
            d.polygon(&vs[..p.count], p.radius, style, user);
        }
        ShapeGeom::Segment(s) => d.segment(xf.apply(s.a), xf.apply(s.b), style, user),
    }
}
