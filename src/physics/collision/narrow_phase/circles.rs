//! Circle against circle: the contact normal is simply the line of centres.

use super::local::{normalize_or, to_world_into, LocalManifold};
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
pub fn collide_circles_into(
    a: &Circle,
    xf_a: Transform,
    b: &Circle,
    xf_b: Transform,
    speculative: Real,
    out: &mut Manifold,
) {
    let xf = xf_a.inv_mul(xf_b);
    let local = circle_vs_point(
        a.center,
        a.radius,
        xf.apply(b.center),
        b.radius,
        speculative,
    );
    to_world_into(&local, xf_a, xf_b, out);
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
