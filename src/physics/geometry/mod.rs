//! Room `geometry`: shapes in body coordinates (`ShapeGeom`: circle, convex
//! polygon, segment) and what is computed from one shape alone — convex
//! hulls, polygon validation, concave decomposition, mass properties.
//!
//! User-supplied points become simulable shapes here (`make_convex_pieces`).
//! Everything here is deterministic (no hashing, stable orderings) and never
//! panics on user input: bad input comes back as a `PhysicsError` with a
//! message a scene author can act on.

mod decompose;
mod hull;
pub(crate) mod mass;
mod piece_edges;
mod polygon;
mod predicates;
pub(crate) mod shape;

pub use decompose::decompose_concave;
pub use hull::convex_hull;
pub use mass::{circle_mass, combine, polygon_mass, segment_mass, shape_mass, MassData};
pub use polygon::{
    make_box, make_convex_pieces, make_polygon_from_hull, validate_simple_polygon, MAX_INPUT_POINTS,
};
pub use predicates::point_segment_distance;
