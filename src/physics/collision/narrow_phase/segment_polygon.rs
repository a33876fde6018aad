//! Segment against polygon. The segment is a 2-vertex hull of radius 0 whose
//! two faces point opposite ways, so the general hull routine handles it and
//! the contact works from either side (segments are two-sided).
//!
//! At a smooth end (`Segment::ghost_a`, `ghost_b`, `collision/seams.rs`)
//! the segment is extended past the joint, beyond any reach of the
//! polygon, so nothing there is an end point: a box sliding a hair into a
//! chain of segments met the end of the segment ahead with its leading
//! face, and hopped 11 cm and slowed from 4 to 0.5 m/s over 19 joints.
//! Only points over the segment's own length are kept; the neighbour
//! reports the rest (on a hollow bend both faces reach over the joint and
//! both report). Over a hump the corner itself goes unreported, so a box
//! rides each segment to its end and then tips onto the next (by at most
//! the bend, `MAX_SMOOTH_BEND`).

use super::hull::Hull;
use super::local::{flip_in_place, to_world_into, LocalManifold};
use super::polygon_circle::collide_polygon_circle_into;
use super::polygons::collide_hulls;
use super::segment_circle::{past_smooth_ends, Region};
use crate::physics::collision::manifold::Manifold;
use crate::physics::geometry::shape::{Circle, Polygon, Segment, MAX_POLYGON_VERTICES};
use crate::physics::math::{Real, Transform, Vec2};

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
    let hb = Hull::from_polygon(poly, xf, origin);
    let smooth = seg.ghost_a.is_some() || seg.ghost_b.is_some();
    let (p1, p2) = if smooth {
        extended(seg, origin, &hb, speculative)
    } else {
        (seg.a, seg.b)
    };
    let ha = Hull::capsule(p1, p2, 0.0).shifted(origin);
    let mut local = collide_hulls(&ha, &hb, speculative, Default::default());
    for p in &mut local.points[..local.count] {
        p.point += origin;
    }
    if smooth {
        keep_own_points(seg, &mut local);
    }
    to_world_into(&local, xf_a, xf_b, out);
}

/// The segment's ends, each smooth one moved out along the segment beyond
/// anything the polygon (hull `hb`, shifted by `-origin`) can reach.
fn extended(seg: &Segment, origin: Vec2, hb: &Hull, speculative: Real) -> (Vec2, Vec2) {
    let (a, b) = (seg.a - origin, seg.b - origin);
    let u = (b - a).normalize_or_zero();
    let reach = |end: Vec2| {
        let farthest = hb.v[..hb.count]
            .iter()
            .map(|v| (*v - end).length())
            .fold(0.0, Real::max);
        farthest + hb.radius + speculative.abs() + 1.0
    };
    let p1 = if seg.ghost_a.is_some() {
        a - reach(a) * u
    } else {
        a
    };
    let p2 = if seg.ghost_b.is_some() {
        b + reach(b) * u
    } else {
        b
    };
    (p1 + origin, p2 + origin)
}

/// Drop the points that lie past a smooth end: the neighbour's.
fn keep_own_points(seg: &Segment, local: &mut LocalManifold) {
    let mut kept = 0;
    for k in 0..local.count {
        let p = local.points[k];
        if past_smooth_ends(seg, p.point) == Region::Own {
            local.points[kept] = p;
            kept += 1;
        }
    }
    local.count = kept;
}
