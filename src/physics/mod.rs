//! physbox's own 2D rigid-body engine. No Lua, no pixels, no I/O: the rest of
//! the program drives it through `World`.

mod broad_phase;
pub mod collision;
mod error;
pub mod geometry;
mod joints;
mod math;
mod prefetch;
pub mod settings;
mod solver;
mod world;

pub use error::{PhysicsError, PhysicsResult};
pub use geometry::shape::{Circle, Polygon, Segment, ShapeGeom, ShapeKind, MAX_POLYGON_VERTICES};
pub use joints::{
    DistanceParams, HingeParams, Joint, JointBreak, JointDef, JointKind, JointType, MouseParams,
    SliderParams, SpringParams, WeldParams,
};
pub use math::{Aabb, Real, Rot, Transform, Vec2};
pub use settings::WorldSettings;
pub use world::body::{Body, BodyDef, BodyType, Shape, ShapeDef};
pub use world::debug_draw::{DebugDraw, DrawFlags, DrawStyle};
pub use world::events::{ContactBegin, ContactEnd, SensorEvent, StepEvents};
pub use world::id::{BodyId, JointId, ShapeId};
pub use world::profile::StepProfile;
pub use world::queries::RayCastHit;
pub use world::ropes::{Rope, RopeDef};
pub use world::World;
