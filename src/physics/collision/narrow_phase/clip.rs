//! Edge clipping: the two-point manifold of a reference face and the incident
//! edge of the other hull. The incident edge is trimmed to the reference
//! face's span and each surviving end becomes a contact point.

use super::hull::Hull;
use super::local::LocalManifold;
use crate::physics::collision::manifold::make_feature_id;
use crate::physics::math::{left_perp, Real};

/// Clip hull B's `edge_b` against hull A's `edge_a` (or the other way round
/// when `flip`, i.e. B owns the reference face). The normal is always A→B and
/// ids always read (A feature, B feature) so they stay stable whichever face
/// wins: the reference face contributes its edge's start/end vertex index and
/// the incident hull the vertex that produced the point.
#[inline(always)]
pub(super) fn clip_edges(
    a: &Hull,
    b: &Hull,
    edge_a: usize,
    edge_b: usize,
    flip: bool,
    speculative: Real,
) -> LocalManifold {
    let (reference, incident, ref_edge, inc_edge) = if flip {
        (b, a, edge_b, edge_a)
    } else {
        (a, b, edge_a, edge_b)
    };
    let i11 = ref_edge;
    let i12 = reference.next(i11);
    let i21 = inc_edge;
    let i22 = incident.next(i21);

    let normal = reference.n[i11];
    let v11 = reference.v[i11];
    let v12 = reference.v[i12];
    let v21 = incident.v[i21];
    let v22 = incident.v[i22];

    // Coordinates along the reference edge (CCW: the edge runs along the
    // normal's left perpendicular). The incident edge runs the other way, so
    // its second vertex is the lower end.
    let tangent = left_perp(normal);
    let lower1 = 0.0;
    let upper1 = (v12 - v11).dot(tangent);
    let upper2 = (v21 - v11).dot(tangent);
    let lower2 = (v22 - v11).dot(tangent);

    // No overlap of the spans, or non-finite input: nothing to clip.
    let overlap = upper2 >= lower1 && upper1 >= lower2;
    if !overlap {
        return LocalManifold::default();
    }

    let span = upper2 - lower2;
    let tiny = Real::EPSILON * (upper1.abs() + span.abs() + 1.0);
    let v_lower = if lower2 < lower1 && span > tiny {
        v22.lerp(v21, (lower1 - lower2) / span)
    } else {
        v22
    };
    let v_upper = if upper2 > upper1 && span > tiny {
        v22.lerp(v21, (upper1 - lower2) / span)
    } else {
        v21
    };

    let sep_lower = (v_lower - v11).dot(normal);
    let sep_upper = (v_upper - v11).dot(normal);
    let r1 = reference.radius;
    let r2 = incident.radius;
    let radius = r1 + r2;
    // Move each point to the middle between the two (rounded) surfaces.
    let p_lower = v_lower + 0.5 * (r1 - r2 - sep_lower) * normal;
    let p_upper = v_upper + 0.5 * (r1 - r2 - sep_upper) * normal;

    let mut m;
    if flip {
        m = LocalManifold::with_normal(-normal);
        m.push(
            p_upper,
            sep_upper - radius,
            make_feature_id(i21, i12),
            speculative,
        );
        m.push(
            p_lower,
            sep_lower - radius,
            make_feature_id(i22, i11),
            speculative,
        );
    } else {
        m = LocalManifold::with_normal(normal);
        m.push(
            p_lower,
            sep_lower - radius,
            make_feature_id(i11, i22),
            speculative,
        );
        m.push(
            p_upper,
            sep_upper - radius,
            make_feature_id(i12, i21),
            speculative,
        );
    }
    m
}
