//! Which body is under the cursor. A point inside a shape picks its body;
//! a segment (a ledge, a puzzle's ledge part) has no inside, so a cursor
//! within a few pixels of one picks it too — otherwise it could never be
//! hovered, selected, dragged, turned or returned to the bin.

use crate::physics::geometry::point_segment_distance;
use crate::physics::{Aabb, BodyId, ShapeGeom, Vec2, World};

/// How close, in window pixels, the cursor must come to a segment.
pub const SEGMENT_PICK_PX: f64 = 6.0;

/// The body under world point `p`: the newest whose shape contains it, else
/// the newest segment within `radius` metres.
pub fn body_at(world: &World, p: Vec2, radius: f64) -> Option<BodyId> {
    if let Some(id) = world.query_point(p).into_iter().max_by_key(|id| id.index) {
        return Some(id);
    }
    if !(radius.is_finite() && radius > 0.0) {
        return None;
    }
    let near = Aabb::new(p - Vec2::splat(radius), p + Vec2::splat(radius));
    world
        .query_aabb(near)
        .into_iter()
        .filter_map(|sid| {
            let s = world.shape(sid).ok()?;
            let ShapeGeom::Segment(seg) = &s.geom else {
                return None;
            };
            let xf = world.body(s.body).ok()?.xf;
            let (a, b) = (xf.apply(seg.a), xf.apply(seg.b));
            (point_segment_distance(p, a, b) <= radius).then_some(s.body)
        })
        .max_by_key(|id| id.index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::{BodyDef, BodyType, Segment, ShapeDef};

    #[test]
    fn a_segment_is_picked_near_its_line_and_not_far_from_it() {
        let mut w = World::default();
        let id = w
            .create_body(&BodyDef {
                body_type: BodyType::Static,
                ..BodyDef::default()
            })
            .unwrap();
        let seg = ShapeGeom::Segment(Segment::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)));
        w.add_shape(
            id,
            &ShapeDef {
                geom: seg,
                ..ShapeDef::default()
            },
        )
        .unwrap();
        assert_eq!(body_at(&w, Vec2::new(0.3, 0.04), 0.05), Some(id));
        assert_eq!(body_at(&w, Vec2::new(0.3, 0.2), 0.05), None);
        assert_eq!(body_at(&w, Vec2::new(1.2, 0.0), 0.05), None);
    }
}
