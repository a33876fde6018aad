//! Room `collision`: what two shapes at given poses do to each other — the
//! narrow phase (contact manifolds with feature ids), GJK distance, time of
//! impact, ray casts, and the seams between static shapes. Knows no bodies.
//!
//! - `narrow_phase/`: one file per pair of shape kinds; `collide_into`
//!   dispatches, writing into a contact's `Manifold` (`manifold.rs`);
//! - `distance.rs`: GJK between two convex proxies;
//! - `time_of_impact.rs`: when two sweeping shapes first touch
//!   (conservative advancement), for continuous collision and sensors;
//! - `ray_cast.rs`: a ray against one shape;
//! - `seams.rs`: which edge ends of neighbouring static polygons lie flush,
//!   and where static segments end to end carry one surface on.

pub(crate) mod distance;
pub(crate) mod manifold;
pub(crate) mod narrow_phase;
pub(crate) mod ray_cast;
pub(crate) mod seams;
pub(crate) mod time_of_impact;

pub use narrow_phase::collide;
