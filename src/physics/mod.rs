//! physbox's own 2D rigid-body engine. No Lua, no pixels, no I/O: the rest of
//! the program drives it through `World`.

pub mod body;
pub mod broad_phase;
mod ccd;
pub mod collide;
pub mod contact;
mod contact_setup;
pub mod contact_solver;
mod contact_solver_wide;
pub mod debug_draw;
pub mod distance;
pub mod dynamic_tree;
pub mod error;
pub mod events;
mod flush_edges;
pub mod geometry;
mod graph_color;
pub mod hash;
pub mod id;
mod integrator;
pub mod island;
pub mod joints;
pub mod manifold;
pub mod math;
mod prefetch;
pub mod profile;
pub mod query;
pub mod raycast;
mod sensor_sweep;
pub mod settings;
pub mod shape;
mod snapshot;
pub mod softness;
pub mod solver_body;
mod solver_order;
mod step;
pub mod toi;
mod wide;
mod wide_bodies;
pub mod world;

pub use body::{Body, BodyDef, BodyType, Shape, ShapeDef};
pub use debug_draw::{DebugDraw, DrawFlags, DrawStyle};
pub use error::{PhysicsError, PhysicsResult};
pub use events::{ContactBegin, ContactEnd, SensorEvent, StepEvents};
pub use id::{BodyId, JointId, ShapeId};
pub use joints::{
    DistanceParams, HingeParams, Joint, JointBreak, JointDef, JointKind, JointType, MouseParams,
    Rope, RopeDef, SliderParams, SpringParams, WeldParams,
};
pub use math::{Aabb, Real, Rot, Transform, Vec2};
pub use profile::StepProfile;
pub use query::RayCastHit;
pub use settings::WorldSettings;
pub use shape::{Circle, Polygon, Segment, ShapeGeom, ShapeKind, MAX_POLYGON_VERTICES};
pub use world::World;
