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
//!
//! Seams between static shapes are marked on the shapes by the world
//! (`collision/seams.rs`) and read here: flush polygon edges in
//! `polygon_circle.rs` and `polygons.rs`, smooth ends of segments laid end
//! to end in `segment_circle.rs` and `segment_polygon.rs` (tests of those
//! in `seam_tests.rs`).

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
mod seam_tests;
#[cfg(test)]
mod tests;

// One function per pair returning its manifold by value, for the tests (the
// engine writes into a contact's manifold in place: `collide_into`).
#[cfg(test)]
use {
    circles::collide_circles, polygon_circle::collide_polygon_circle, polygons::collide_polygons,
    segment_circle::collide_segment_circle, segment_polygon::collide_segment_polygon,
};

use crate::physics::collision::manifold::Manifold;
use crate::physics::geometry::shape::ShapeGeom;
use crate::physics::math::{Real, Transform};

/// Allowed overlap the solver leaves in place (metres). The narrow phase uses
/// fractions of it as geometric tolerances: when to prefer A's face, when two
/// hulls count as "apart".
pub use crate::physics::settings::LINEAR_SLOP;

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
    let mut m = Manifold::default();
    collide_into(a, xf_a, b, xf_b, speculative, &mut m);
    m
}

/// `collide`, written straight into `out` (each pair function returns into
/// it directly: no copy of the whole manifold per contact per step).
///
/// Returns, for a pair left without points, a lower bound on the distance
/// between the shapes' surfaces when a separating axis proved one (polygon
/// pairs, polygon–circle and polygon–segment without smooth ends that were
/// farther apart than `speculative`), else 0. `Contact::update` keeps such a pair without points, without
/// the narrow phase, while the bodies have not closed that distance
/// (`world/manifold_reuse.rs`).
pub fn collide_into(
    a: &ShapeGeom,
    xf_a: Transform,
    b: &ShapeGeom,
    xf_b: Transform,
    speculative: Real,
    out: &mut Manifold,
) -> Real {
    use ShapeGeom::{Circle, Polygon, Segment};
    let s = speculative;
    match (a, b) {
        (Circle(ca), Circle(cb)) => {
            circles::collide_circles_into(ca, xf_a, cb, xf_b, s, out);
            0.0
        }
        (Polygon(pa), Circle(cb)) => {
            polygon_circle::collide_polygon_circle_into(pa, xf_a, cb, xf_b, s, out)
        }
        (Circle(ca), Polygon(pb)) => {
            let apart = polygon_circle::collide_polygon_circle_into(pb, xf_b, ca, xf_a, s, out);
            local::flip_in_place(out);
            apart
        }
        (Polygon(pa), Polygon(pb)) => polygons::collide_polygons_into(pa, xf_a, pb, xf_b, s, out),
        (Segment(sa), Circle(cb)) => {
            segment_circle::collide_segment_circle_into(sa, xf_a, cb, xf_b, s, out);
            0.0
        }
        (Circle(ca), Segment(sb)) => {
            segment_circle::collide_segment_circle_into(sb, xf_b, ca, xf_a, s, out);
            local::flip_in_place(out);
            0.0
        }
        (Segment(sa), Polygon(pb)) => {
            segment_polygon::collide_segment_polygon_into(sa, xf_a, pb, xf_b, s, out)
        }
        (Polygon(pa), Segment(sb)) => {
            let apart = segment_polygon::collide_segment_polygon_into(sb, xf_b, pa, xf_a, s, out);
            local::flip_in_place(out);
            apart
        }
        (Segment(_), Segment(_)) => {
            *out = Manifold::default();
            0.0
        }
    }
}
