//! physbox's own 2D rigid-body engine. No Lua, no pixels, no I/O: the rest of
//! the program drives it through `World` (the `pub use` list below is the
//! whole public surface) and reads what a step did from `World::events`.
//!
//! # Rooms
//!
//! Each room is a folder whose `mod.rs` says in three lines what it owns.
//! From the bottom up:
//!
//! - The ground floor, four files here: `math.rs` (`Real` = f64, `Vec2`,
//!   `Rot`, `Transform`, `Aabb`), `settings.rs` (the tuning constants and
//!   `WorldSettings`), `error.rs` (the one error type and argument checks),
//!   `prefetch.rs` (a cache hint for loops that reach big arrays by index).
//! - `geometry/`: shapes in body coordinates (`ShapeGeom`) and what comes
//!   from one shape alone: hulls, validation, decomposition, mass.
//! - `collision/`: two shapes at given poses — contact manifolds (the
//!   narrow phase), distance, time of impact, ray casts, seams. It knows no
//!   bodies.
//! - `broad_phase/`: which shapes may touch — fat boxes in dynamic AABB
//!   trees, and the pairs that began to overlap.
//! - `solver/`: the soft step (Box2D v3) on working copies of the awake
//!   bodies: islands, colouring, contact constraints (scalar, and eight at a
//!   time in SIMD lanes in `solver/wide/`), substep integration,
//!   restitution, RK4. It works on its own `SolverScratch`, never on the
//!   `World`.
//! - `joints/`: the joint kinds, one file each opening with its C / Ċ / J /
//!   K derivation, and their rows in the soft step.
//! - `world/`: the `World` that owns all the state (bodies, shapes,
//!   contacts, joints, the broad phase, sleeping islands, events), its
//!   methods in one file per concern, and `world/step/`, the step.
//!
//! Dependencies point down the list: `collision` uses `geometry`; `solver`
//! and `joints` read the world's records (`Body`, `Contact`, `Arena`) that
//! the step hands them, never `World`; `world` uses everything. `geometry`,
//! `collision` and `broad_phase` use nothing of `world`.
//!
//! # What flows between them in a step
//!
//! The broad phase reports pairs whose fat boxes began to overlap; the world
//! makes a `Contact` for each (`world/contact.rs`) and the narrow phase
//! (`collision`) refreshes the manifolds of the contacts with a moving body.
//! The solver takes working copies of the awake bodies (`SolverBody`), the
//! joints and the touching contacts as constraints, orders them in islands
//! and colours, runs the substeps on its copies, then the restitution pass.
//! The impulses go back into the manifolds and joints (next step's warm
//! start), the velocities and poses into the bodies; fast bodies are swept
//! (`collision::time_of_impact`) so they cannot tunnel; the shapes' proxies
//! move in the broad phase; islands at rest fall asleep; contact and sensor
//! events are collected for the caller, who reads them after the step. The
//! numbered list of stages, with the same names as the code, heads
//! `world/step/mod.rs`.
//!
//! # Where to look
//!
//! - the step, stage by stage: `world/step/mod.rs`;
//! - the contact solver: `solver/contact_solver.rs` (the readable f64
//!   reference), `solver/wide/contact_solver.rs` (the SIMD path), the
//!   substep in `solver/substep.rs`;
//! - a joint's equations: `joints/<kind>.rs`; ropes: `world/ropes.rs`;
//! - manifolds for a pair of shape kinds: `collision/narrow_phase/`;
//! - creating and editing bodies, shapes, joints: `world/bodies.rs`,
//!   `world/shapes.rs`, `world/joints.rs`;
//! - queries (point, box, ray): `world/queries.rs`; snapshots and the state
//!   hash: `world/snapshot.rs`; events: `world/events.rs`;
//! - sleep: `world/wake.rs` and `world/step/sleep.rs`; continuous collision:
//!   `world/step/continuous.rs`;
//! - defaults and tolerances: `settings.rs`.

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
    SliderParams, SpringParams, WeldParams, WheelParams,
};
pub use math::{Aabb, Real, Rot, Transform, Vec2};
pub use settings::WorldSettings;
pub use world::body::{Body, BodyDef, BodyType, Shape, ShapeDef};
pub use world::debug_draw::{DebugDraw, DrawFlags, DrawStyle};
pub use world::events::{ContactBegin, ContactEnd, SensorEvent, StepEvents};
pub use world::id::{BodyId, JointId, ShapeId};
pub use world::profile::StepProfile;
pub use world::queries::RayCastHit;
pub use world::ropes::{Rope, RopeDef, DEFAULT_INTERNAL_DAMPING, MAX_LENGTH as ROPE_MAX_LENGTH};
pub use world::{StepRefusal, World};

/// The switch and counter with which the scene tests step every example
/// scene with kept links and with links collected every step.
#[cfg(test)]
pub(crate) use solver::{LINKS_REUSED_FOR_TESTS, REUSE_LINKS_FOR_TESTS};
