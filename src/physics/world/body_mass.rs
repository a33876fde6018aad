//! A body's mass, centre of mass, inertia and extents, from its shapes.

use crate::physics::geometry::mass::{combine, shape_mass, MassData};
use crate::physics::geometry::shape::ShapeGeom;
use crate::physics::math::{Real, Vec2};
use crate::physics::world::body::BodyType;
use crate::physics::world::World;

impl World {
    /// Recompute mass, centre of mass and inertia from the shapes.
    pub(crate) fn update_mass(&mut self, index: u32) {
        if self.bodies.at(index).body_type == BodyType::Static {
            self.update_static_extents(index);
            return;
        }
        let shapes: Vec<(ShapeGeom, Real)> = self
            .bodies
            .at(index)
            .shapes
            .iter()
            .map(|s| {
                let sh = self.shapes.at(s.index);
                (sh.geom, sh.density)
            })
            .collect();
        let b = self.bodies.at_mut(index);
        let parts: Vec<MassData> = shapes.iter().map(|(g, d)| shape_mass(g, *d)).collect();
        let mut md = combine(&parts);
        // Extents for continuous collision, from the geometric centre when massless.
        let geometric: Vec<MassData> = shapes.iter().map(|(g, _)| shape_mass(g, 1.0)).collect();
        let geo = combine(&geometric);
        let reference = if md.mass > 0.0 { md.center } else { geo.center };
        if let Some(m) = b.mass_override {
            if md.mass > 0.0 {
                let k = m / md.mass;
                md.mass = m;
                md.inertia *= k;
            } else if geo.mass > 0.0 {
                let k = m / geo.mass;
                md = MassData {
                    mass: m,
                    center: geo.center,
                    inertia: geo.inertia * k,
                };
            } else {
                md = MassData {
                    mass: m,
                    center: reference,
                    inertia: 0.0,
                };
            }
        }
        b.max_extent = 0.0;
        b.min_extent = Real::MAX;
        for (g, _) in &shapes {
            b.max_extent = b.max_extent.max(shape_extent_from(g, reference));
            b.min_extent = b.min_extent.min(shape_min_extent(g));
        }
        if shapes.is_empty() {
            b.min_extent = 0.0;
        }
        b.local_center = Vec2::ZERO;
        b.mass = 0.0;
        b.inv_mass = 0.0;
        b.inertia = 0.0;
        b.inv_inertia = 0.0;
        if b.body_type != BodyType::Dynamic {
            b.center = b.xf.p;
            b.center0 = b.center;
            if b.body_type == BodyType::Kinematic {
                b.local_center = md.center;
                b.center = b.xf.apply(md.center);
                b.center0 = b.center;
            }
            return;
        }
        if md.mass > 0.0 {
            b.mass = md.mass;
            b.inv_mass = 1.0 / md.mass;
            b.local_center = md.center;
            b.inertia = md.inertia;
            if md.inertia > 0.0 && !b.fixed_rotation {
                b.inv_inertia = 1.0 / md.inertia;
            }
        } else {
            // A dynamic body with no mass (no shapes, zero density or only
            // segments) still needs to respond: give it 1 kg, no rotation.
            b.mass = 1.0;
            b.inv_mass = 1.0;
            b.local_center = reference;
        }
        // A dynamic body that cannot turn (fixed rotation, or shapes with no
        // area: segments) keeps no spin: with no inertia nothing would ever
        // stop it, and it turned through floors for good.
        if b.inv_inertia == 0.0 && (b.fixed_rotation || !shapes.is_empty()) {
            b.angular_velocity = 0.0;
        }
        // Keep the origin fixed; the centre moves with the new local centre.
        b.center = b.xf.apply(b.local_center);
        b.center0 = b.center;
    }
}

impl World {
    /// A static body has no mass and never moves or turns: only its
    /// extents, from its origin, without the mass integrals of every shape
    /// (a level of 10,000 boxes on one ground body recomputed them all for
    /// each box added: 0.8 s, and the scene stopped as an endless loop).
    fn update_static_extents(&mut self, index: u32) {
        let (mut far, mut thin) = (0.0, Real::MAX);
        for s in &self.bodies.at(index).shapes {
            let g = &self.shapes.at(s.index).geom;
            far = Real::max(far, g.extent_from_origin());
            thin = thin.min(shape_min_extent(g));
        }
        let b = self.bodies.at_mut(index);
        b.max_extent = far;
        b.min_extent = if b.shapes.is_empty() { 0.0 } else { thin };
        b.local_center = Vec2::ZERO;
        b.mass = 0.0;
        b.inv_mass = 0.0;
        b.inertia = 0.0;
        b.inv_inertia = 0.0;
        b.center = b.xf.p;
        b.center0 = b.center;
    }

    /// `update_static_extents` after one more shape, in constant time
    /// (levels add thousands of shapes to one ground body).
    pub(crate) fn widen_static_extents(&mut self, index: u32, added: &ShapeGeom) {
        let b = self.bodies.at_mut(index);
        if b.shapes.len() <= 1 {
            self.update_static_extents(index);
            return;
        }
        b.max_extent = b.max_extent.max(added.extent_from_origin());
        b.min_extent = b.min_extent.min(shape_min_extent(added));
    }
}

fn shape_extent_from(g: &ShapeGeom, c: Vec2) -> Real {
    match g {
        ShapeGeom::Circle(s) => (s.center - c).length() + s.radius,
        ShapeGeom::Polygon(p) => {
            p.verts()
                .iter()
                .map(|v| (*v - c).length())
                .fold(0.0, Real::max)
                + p.radius
        }
        ShapeGeom::Segment(s) => (s.a - c).length().max((s.b - c).length()),
    }
}

/// Half the thinnest dimension of a shape: moving more than this in a step
/// could pass through something, so continuous collision looks closer.
fn shape_min_extent(g: &ShapeGeom) -> Real {
    match g {
        ShapeGeom::Circle(s) => s.radius,
        ShapeGeom::Polygon(p) => {
            let mut m = Real::MAX;
            for i in 0..p.count {
                let d = p.normals[i].dot(p.vertices[i] - p.centroid);
                m = m.min(d);
            }
            m + p.radius
        }
        ShapeGeom::Segment(_) => 0.0,
    }
}
