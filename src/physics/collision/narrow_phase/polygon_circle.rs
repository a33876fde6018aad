//! Polygon (possibly rounded) against circle: find the polygon face the circle
//! centre is farthest outside of, then decide between that face and one of its
//! two vertices (Voronoi regions) for the normal.
//!
//! A piece of a shape cut into convex pieces (`Polygon::shared`) is one
//! part of a single surface: its cut edges are never the face, and where
//! its outline runs on into the next piece the corner is a real corner
//! only if the outline bends outwards there. A ball in a bowl made as one
//! concave polygon met the cuts as faces (a normal of (-0.03, -1.00) where
//! the surface's is (-0.42, -0.91)) and hopped at every one: 8.6 % of its
//! energy gone by the first apex.

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

    // Face of greatest separation (the circle centre's distance outside
    // it), among the faces that are surface.
    let cuts = poly.shared;
    let mut face = 0;
    let mut sep = Real::NEG_INFINITY;
    for i in (0..count).filter(|i| cuts & (1 << i) == 0) {
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
    let before_v1 = (center - v1).dot(v2 - v1) < 0.0;
    let after_v2 = (center - v2).dot(v1 - v2) < 0.0;
    let ends = [
        (
            before_v1,
            v1,
            v2,
            flush_at_v1,
            cuts & (1 << prev) != 0,
            face,
        ),
        (after_v2, v2, v1, flush_at_v2, cuts & (1 << next) != 0, next),
    ];
    for (past, v, other, flush, cut, vertex) in ends {
        if !(sep > 0.0 && past) {
            continue;
        }
        if cut {
            // The outline runs on into the next piece here. Into a hollow,
            // the face's line lies behind the next piece's face: a contact
            // with it, over one face length past the corner, stops a ball
            // at the next face instead of inside it. Outwards, the corner
            // is real.
            let hollow = poly.hollow & (1 << vertex) != 0;
            if !hollow {
                return circle_vs_point(v, radius_a, center, radius_b, speculative);
            }
            let beyond = (center - v).dot((v - other).normalize_or_zero());
            if beyond > (v - other).length() {
                return LocalManifold::default();
            }
        } else if !flush {
            return circle_vs_point(v, radius_a, center, radius_b, speculative);
        }
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
