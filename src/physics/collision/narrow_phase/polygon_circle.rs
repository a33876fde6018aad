//! Polygon (possibly rounded) against circle: find the polygon face the circle
//! centre is farthest outside of, then decide between that face and one of its
//! two vertices (Voronoi regions) for the normal.

use super::circles::circle_vs_point;
use super::local::{to_world_into, LocalManifold};
use crate::physics::collision::manifold::Manifold;
use crate::physics::geometry::shape::{Circle, Polygon, MAX_POLYGON_VERTICES};
use crate::physics::math::{Real, Transform, Vec2};

/// Manifold of polygon A against circle B (at most one point, id 0).
#[cfg(test)]
pub fn collide_polygon_circle(
    poly: &Polygon,
    xf_a: Transform,
    circle: &Circle,
    xf_b: Transform,
    speculative: Real,
) -> Manifold {
    super::local::by_value(|m| {
        collide_polygon_circle_into(poly, xf_a, circle, xf_b, speculative, m);
    })
}

/// `collide_polygon_circle` written into `out`.
pub fn collide_polygon_circle_into(
    poly: &Polygon,
    xf_a: Transform,
    circle: &Circle,
    xf_b: Transform,
    speculative: Real,
    out: &mut Manifold,
) -> Real {
    let xf = xf_a.inv_mul(xf_b);
    let center = xf.apply(circle.center);
    let local = polygon_vs_circle(poly, center, circle.radius, speculative);
    to_world_into(&local, xf_a, xf_b, out)
}

/// Polygon in its own frame against a round point in that frame.
pub(super) fn polygon_vs_circle(
    poly: &Polygon,
    center: Vec2,
    radius_b: Real,
    speculative: Real,
) -> LocalManifold {
    let count = poly.count.min(MAX_POLYGON_VERTICES);
    let radius_a = poly.radius;
    if count == 0 {
        return LocalManifold::default();
    }
    if count == 1 {
        // A one-vertex "polygon" is a round point.
        return circle_vs_point(poly.vertices[0], radius_a, center, radius_b, speculative);
    }

    // Face of greatest separation (the circle centre's distance outside it).
    let mut face = 0;
    let mut sep = Real::NEG_INFINITY;
    for i in 0..count {
        let s = poly.normals[i].dot(center - poly.vertices[i]);
        if s > sep {
            sep = s;
            face = i;
        }
    }
    if sep > radius_a + radius_b + speculative || !sep.is_finite() {
        // Too far (or non-finite input): nothing to report. The centre's
        // distance outside a face bounds its distance to the polygon.
        return LocalManifold {
            apart: if sep.is_finite() {
                sep - radius_a - radius_b
            } else {
                0.0
            },
            ..Default::default()
        };
    }

    let v1 = poly.vertices[face];
    let v2 = poly.vertices[if face + 1 < count { face + 1 } else { 0 }];
    // Outside the face's span and outside the polygon: the nearest feature is
    // a vertex and the normal points from it to the centre. Inside the polygon
    // (sep <= 0) the face normal is always the shortest way out.
    // A corner where the neighbouring edge lies flush against another
    // static shape is no corner to the circle: the surface carries on
    // there (two floor tiles side by side), so the face's own normal
    // holds. The corner's normal would tilt back towards the circle and
    // stop a ball rolling over the seam (it lost 7 % of its speed per
    // seam).
    let prev = if face == 0 { count - 1 } else { face - 1 };
    let next = if face + 1 < count { face + 1 } else { 0 };
    let flush_at_v1 = poly.flush & (1 << (2 * prev + 1)) != 0;
    let flush_at_v2 = poly.flush & (1 << (2 * next)) != 0;
    let before_v1 = !flush_at_v1 && (center - v1).dot(v2 - v1) < 0.0;
    let after_v2 = !flush_at_v2 && (center - v2).dot(v1 - v2) < 0.0;
    if sep > 0.0 && before_v1 {
        return circle_vs_point(v1, radius_a, center, radius_b, speculative);
    }
    if sep > 0.0 && after_v2 {
        return circle_vs_point(v2, radius_a, center, radius_b, speculative);
    }

    // Face region.
    let normal = poly.normals[face];
    let mut m = LocalManifold::with_normal(normal);
    let on_a = center + (radius_a - sep) * normal;
    let on_b = center - radius_b * normal;
    m.push(
        0.5 * (on_a + on_b),
        sep - radius_a - radius_b,
        0,
        speculative,
    );
    m
}
