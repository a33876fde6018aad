//! World queries: which bodies are at a point, in a box, or hit by a ray.

use crate::physics::broad_phase::KindMask;
use crate::physics::collision::ray_cast::raycast_shape;
use crate::physics::math::{Aabb, Real, Vec2};
use crate::physics::world::id::{BodyId, ShapeId};
use crate::physics::world::World;

/// The closest ray hit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayCastHit {
    pub body: BodyId,
    pub shape: ShapeId,
    pub point: Vec2,
    pub normal: Vec2,
    /// Fraction of the way from start to end.
    pub fraction: Real,
}

impl World {
    fn shape_id(&self, index: u32) -> ShapeId {
        ShapeId {
            index,
            generation: self.shapes.generation_of(index),
        }
    }

    /// Shapes whose bounding boxes overlap `aabb`, in a deterministic order.
    pub fn query_aabb(&self, aabb: Aabb) -> Vec<ShapeId> {
        let mut out = Vec::new();
        if !aabb.is_valid() {
            return out;
        }
        self.broad_phase.query(aabb, KindMask::ALL, |_, user| {
            let s = self.shapes.at(user as u32);
            if s.aabb.overlaps(&aabb) {
                out.push(self.shape_id(user as u32));
            }
            true
        });
        out.sort();
        out
    }

    /// Bodies with a shape containing the point (each body once, by id).
    pub fn query_point(&self, p: Vec2) -> Vec<BodyId> {
        let mut out: Vec<BodyId> = Vec::new();
        if !crate::physics::math::is_finite_vec(p) {
            return out;
        }
        for sid in self.query_aabb(Aabb::new(p, p)) {
            let s = self.shapes.at(sid.index);
            let b = self.bodies.at(s.body.index);
            if s.geom.contains_local(b.xf.inv_apply(p)) && !out.contains(&s.body) {
                out.push(s.body);
            }
        }
        out.sort();
        out
    }

    /// The first shape hit by the segment from `start` to `end` (sensors ignored).
    pub fn raycast(&self, start: Vec2, end: Vec2) -> Option<RayCastHit> {
        if !(crate::physics::math::is_finite_vec(start) && crate::physics::math::is_finite_vec(end))
        {
            return None;
        }
        let d = end - start;
        let mut best: Option<RayCastHit> = None;
        {
            self.broad_phase
                .ray_cast(start, d, 1.0, KindMask::ALL, |_, user, max_fraction| {
                    let s = self.shapes.at(user as u32);
                    if s.sensor {
                        return max_fraction;
                    }
                    let b = self.bodies.at(s.body.index);
                    match raycast_shape(&s.geom, b.xf, start, d) {
                        Some(hit) if hit.fraction < max_fraction => {
                            let better = best.is_none_or(|h| hit.fraction < h.fraction);
                            if better {
                                best = Some(RayCastHit {
                                    body: s.body,
                                    shape: self.shape_id(user as u32),
                                    point: hit.point,
                                    normal: hit.normal,
                                    fraction: hit.fraction,
                                });
                            }
                            hit.fraction
                        }
                        _ => max_fraction,
                    }
                });
        }
        best
    }
}
