//! physbox's own 2D rigid-body engine. No Lua, no pixels, no I/O: the rest of
//! the program drives it through `World`.

pub mod broad_phase;
pub mod collide;
pub mod distance;
pub mod dynamic_tree;
pub mod error;
pub mod geometry;
pub mod manifold;
pub mod math;
pub mod raycast;
pub mod shape;
pub mod toi;

pub use error::{PhysicsError, PhysicsResult};
pub use math::{Aabb, Real, Rot, Transform, Vec2};
pub use shape::{Circle, Polygon, Segment, ShapeGeom, ShapeKind, MAX_POLYGON_VERTICES};
