//! For the world's unit tests: a body of one shape, made in one call.

use crate::physics::geometry::shape::ShapeGeom;
use crate::physics::math::Vec2;
use crate::physics::world::body::{BodyDef, BodyType, ShapeDef};
use crate::physics::world::id::{BodyId, ShapeId};
use crate::physics::world::World;

/// A body of `body_type` at `at` with one shape of the default material
/// (density 1, friction 0.6).
pub(crate) fn body(
    w: &mut World,
    body_type: BodyType,
    geom: ShapeGeom,
    at: Vec2,
) -> (BodyId, ShapeId) {
    let b = w
        .create_body(&BodyDef {
            body_type,
            position: at,
            ..Default::default()
        })
        .unwrap();
    let s = w
        .add_shape(
            b,
            &ShapeDef {
                geom,
                ..Default::default()
            },
        )
        .unwrap();
    (b, s)
}
