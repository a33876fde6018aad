//! Circle against circle: the contact normal is simply the line of centres.

use super::local::{normalize_or, LocalManifold};
use crate::physics::collision::manifold::Manifold;
use crate::physics::geometry::shape::Circle;
use crate::physics::math::{Real, Transform, Vec2};

/// Manifold of two circles (at most one point, id 0).
#[cfg(test)]
pub fn collide_circles(
    a: &Circle,
    xf_a: Transform,
    b: &Circle,
    xf_b: Transform,
    speculative: Real,
) -> Manifold {
    super::local::by_value(|m| collide_circles_into(a, xf_a, b, xf_b, speculative, m))
}

/// `collide_circles` written into `out`.
///
/// Unlike the other pair routines this one works in world orientation
/// from A's origin instead of in A's frame: two centres need no frame, and
/// skipping the round trip (into A's frame and back, through a
/// `LocalManifold`) halved the cost of a ball pit's contacts. The numbers
/// stay as small as in A's frame: both centres are taken relative to A's
/// origin before anything else, so bodies far from the world origin keep
/// their precision.
pub fn collide_circles_into(
    a: &Circle,
    xf_a: Transform,
    b: &Circle,
    xf_b: Transform,
    speculative: Real,
    out: &mut Manifold,
) {
    let center_a = xf_a.q.rotate(a.center);
    let center_b = xf_b.q.rotate(b.center) + (xf_b.p - xf_a.p);
    let d = center_b - center_a;
    let len = d.length();
    // Coincident centres have no preferred direction; "up" in A's frame is
    // as good as any and keeps the answer deterministic.
    let (normal, dist) = if len > Real::EPSILON * 16.0 && len.is_finite() {
        (d / len, len)
    } else {
        let len = if len.is_finite() { len } else { 0.0 };
        (xf_a.q.rotate(Vec2::Y), len)
    };
    let separation = dist - a.radius - b.radius;
    out.normal = normal;
    // A circle pair has at most one point, so its manifold's second point
    // stays as the contact was created (all zero); only the first is
    // written, in full (what `to_world_into` writes for the others).
    let live = separation < speculative;
    out.count = live as usize;
    let p = &mut out.points[0];
    if live {
        // Midway between the two surfaces, so both bodies see one point.
        let anchor_a = center_a + (a.radius + 0.5 * separation) * normal;
        p.point = xf_a.p + anchor_a;
        p.anchor_a = anchor_a;
        p.anchor_b = anchor_a + (xf_a.p - xf_b.p);
        p.separation = separation;
    } else {
        p.point = Vec2::ZERO;
        p.anchor_a = Vec2::ZERO;
        p.anchor_b = Vec2::ZERO;
        p.separation = 0.0;
    }
    p.id = 0;
    p.normal_impulse = 0.0;
    p.tangent_impulse = 0.0;
    p.total_normal_impulse = 0.0;
    p.normal_velocity = 0.0;
    p.persisted = false;
    p.load = 0.0;
}

/// Two round points (centre + radius) in one frame. Shared by the circle and
/// segment routines, which reduce to this once the closest core point is known.
pub(super) fn circle_vs_point(
    center_a: Vec2,
    radius_a: Real,
    center_b: Vec2,
    radius_b: Real,
    speculative: Real,
) -> LocalManifold {
    // Coincident centres have no preferred direction; "up" in A's frame is as
    // good as any and keeps the answer deterministic.
    let (normal, dist) = normalize_or(center_b - center_a, Vec2::Y);
    let separation = dist - radius_a - radius_b;
    let mut m = LocalManifold::with_normal(normal);
    // Midway between the two surfaces so both bodies see the same point.
    let on_a = center_a + radius_a * normal;
    let on_b = center_b - radius_b * normal;
    m.push(0.5 * (on_a + on_b), separation, 0, speculative);
    m
}
