//! Segment against polygon. The segment is a 2-vertex hull of radius 0 whose
//! two faces point opposite ways, so the general hull routine handles it and
//! the contact works from either side (segments are two-sided).

use super::hull::Hull;
use super::local::{flip_in_place, to_world_into};
use super::polygon_circle::collide_polygon_circle_into;
use super::polygons::collide_hulls;
use crate::physics::collision::manifold::Manifold;
use crate::physics::geometry::shape::{Circle, Polygon, Segment, MAX_POLYGON_VERTICES};
use crate::physics::math::{Real, Transform};

/// Manifold of segment A against polygon B (up to two points). Ids use the
/// segment's vertex/edge index (0 or 1) as A's feature.
#[cfg(test)]
pub fn collide_segment_polygon(
    seg: &Segment,
    xf_a: Transform,
    poly: &Polygon,
    xf_b: Transform,
    speculative: Real,
) -> Manifold {
    super::local::by_value(|m| collide_segment_polygon_into(seg, xf_a, poly, xf_b, speculative, m))
}

/// `collide_segment_polygon` written into `out`.
pub fn collide_segment_polygon_into(
    seg: &Segment,
    xf_a: Transform,
    poly: &Polygon,
    xf_b: Transform,
    speculative: Real,
    out: &mut Manifold,
) {
    let count_b = poly.count.min(MAX_POLYGON_VERTICES);
    let length_sq = (seg.b - seg.a).length_squared();
    let scale = seg.a.abs().max_element().max(seg.b.abs().max_element());
    let degenerate = !(length_sq > (Real::EPSILON * scale).powi(2) && length_sq.is_finite());
    if count_b == 0 {
        *out = Manifold::default();
        return;
    }
    if degenerate || count_b == 1 {
        // A zero-length segment is a point: collide it as a zero-radius circle.
        // (A 1-vertex polygon is likewise a round point.)
        if count_b == 1 {
            let c = Circle {
                center: poly.vertices[0],
                radius: poly.radius,
            };
            super::segment_circle::collide_segment_circle_into(
                seg,
                xf_a,
                &c,
                xf_b,
                speculative,
                out,
            );
            return;
        }
        let c = Circle {
            center: seg.a,
            radius: 0.0,
        };
        collide_polygon_circle_into(poly, xf_b, &c, xf_a, speculative, out);
        flip_in_place(out);
        return;
    }

    // A's frame, shifted to the segment's first point for round-off.
    let xf = xf_a.inv_mul(xf_b);
    let origin = seg.a;
    let ha = Hull::capsule(seg.a, seg.b, 0.0).shifted(origin);
    let hb = Hull::from_polygon(poly, xf, origin);
    let mut local = collide_hulls(&ha, &hb, speculative, Default::default());
    for p in &mut local.points[..local.count] {
        p.point += origin;
    }
    to_world_into(&local, xf_a, xf_b, out);
}
