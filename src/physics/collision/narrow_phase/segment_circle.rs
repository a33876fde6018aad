//! Segment (a capsule of radius 0) against circle. A segment is two-sided, so
//! the normal just follows the closest point, whichever side the circle is on.

use super::circles::circle_vs_point;
use super::local::{to_world_into, LocalManifold};
use crate::physics::collision::manifold::Manifold;
use crate::physics::geometry::shape::{Circle, Segment};
use crate::physics::math::{Real, Transform, Vec2};

/// Manifold of segment A against circle B (at most one point, id 0).
#[cfg(test)]
pub fn collide_segment_circle(
    seg: &Segment,
    xf_a: Transform,
    circle: &Circle,
    xf_b: Transform,
    speculative: Real,
) -> Manifold {
    super::local::by_value(|m| collide_segment_circle_into(seg, xf_a, circle, xf_b, speculative, m))
}

/// `collide_segment_circle` written into `out`.
pub fn collide_segment_circle_into(
    seg: &Segment,
    xf_a: Transform,
    circle: &Circle,
    xf_b: Transform,
    speculative: Real,
    out: &mut Manifold,
) {
    let xf = xf_a.inv_mul(xf_b);
    let center = xf.apply(circle.center);
    let local = capsule_vs_circle(seg.a, seg.b, 0.0, center, circle.radius, speculative);
    to_world_into(&local, xf_a, xf_b, out);
}

/// Capsule core `p1..p2` with radius `radius_a` against a round point, all in
/// one frame.
pub(super) fn capsule_vs_circle(
    p1: Vec2,
    p2: Vec2,
    radius_a: Real,
    center: Vec2,
    radius_b: Real,
    speculative: Real,
) -> LocalManifold {
    let closest = closest_on_segment(p1, p2, center);
    circle_vs_point(closest, radius_a, center, radius_b, speculative)
}

/// Closest point of segment `p1..p2` to `q`. A zero-length segment is its
/// single point (the projection would divide by zero).
fn closest_on_segment(p1: Vec2, p2: Vec2, q: Vec2) -> Vec2 {
    let e = p2 - p1;
    let ee = e.dot(e);
    if ee <= 0.0 || !ee.is_finite() {
        return p1;
    }
    let t = (q - p1).dot(e) / ee;
    if t <= 0.0 {
        p1
    } else if t >= 1.0 {
        p2
    } else {
        p1 + t * e
    }
}
