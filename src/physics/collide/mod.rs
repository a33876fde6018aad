//! Narrow phase: contact manifolds for every pair of shape kinds.
//!
//! Every routine takes the two shapes with their body transforms and a
//! speculative distance, and returns a `Manifold` whose normal points from A
//! to B. A point is reported when its separation is below the speculative
//! distance, so the solver can stop an approach before penetration happens
//! (speculative contacts). Anchors follow `ManifoldPoint`'s convention:
//! `anchor_a = point - xf_a.p`, `anchor_b = anchor_a + (xf_a.p - xf_b.p)`.
//!
//! All arithmetic happens in A's local frame (shifted near A's geometry) and is
//! converted once at the end; that keeps results finite and accurate for tiny
//! shapes and for shapes far from the world origin.

mod circles;
mod clip;
mod hull;
mod local;
mod polygon_circle;
mod polygons;
mod segment_circle;
pub(crate) mod segment_distance;
mod segment_polygon;

#[cfg(test)]
mod tests;

pub use circles::collide_circles;
pub use polygon_circle::collide_polygon_circle;
pub use polygons::collide_polygons;
pub use segment_circle::collide_segment_circle;
pub use segment_polygon::collide_segment_polygon;

use super::manifold::Manifold;
use super::math::{Real, Transform};
use super::shape::ShapeGeom;

/// Allowed overlap the solver leaves in place (metres). The narrow phase uses
/// fractions of it as geometric tolerances: when to prefer A's face, when two
/// hulls count as "apart".
pub use super::settings::LINEAR_SLOP;

/// Manifold for any pair of shapes, in the caller's order (normal A→B, ids as
/// (A feature, B feature)). Pairs implemented for one order only are computed
/// swapped and flipped back.
///
/// Segment–segment returns an empty manifold: segments have no interior, are
/// meant for static level geometry, and two of them never need to push apart.
pub fn collide(
    a: &ShapeGeom,
    xf_a: Transform,
    b: &ShapeGeom,
    xf_b: Transform,
    speculative: Real,
) -> Manifold {
    use ShapeGeom::{Circle, Polygon, Segment};
    match (a, b) {
        (Circle(ca), Circle(cb)) => collide_circles(ca, xf_a, cb, xf_b, speculative),
        (Polygon(pa), Circle(cb)) => collide_polygon_circle(pa, xf_a, cb, xf_b, speculative),
        (Circle(ca), Polygon(pb)) => {
            local::flip(collide_polygon_circle(pb, xf_b, ca, xf_a, speculative))
        }
        (Polygon(pa), Polygon(pb)) => collide_polygons(pa, xf_a, pb, xf_b, speculative),
        (Segment(sa), Circle(cb)) => collide_segment_circle(sa, xf_a, cb, xf_b, speculative),
        (Circle(ca), Segment(sb)) => {
            local::flip(collide_segment_circle(sb, xf_b, ca, xf_a, speculative))
        }
        (Segment(sa), Polygon(pb)) => collide_segment_polygon(sa, xf_a, pb, xf_b, speculative),
        (Polygon(pa), Segment(sb)) => {
            local::flip(collide_segment_polygon(sb, xf_b, pa, xf_a, speculative))
        }
        (Segment(_), Segment(_)) => Manifold::default(),
    }
}
