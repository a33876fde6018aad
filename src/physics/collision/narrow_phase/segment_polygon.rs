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
//! both report). Where the joint is a hump for the polygon (the chain
//! bends away from it), a straight extension would miss the crest: a 2 m
//! box laid on a 4° hump sagged 3.5 cm around it. There the segment and
//! its neighbour's face make one triangle, so the crest is a corner the
//! polygon rests on, reported by the segment owning the joint.

use super::hull::Hull;
use super::local::{flip_in_place, to_world_into, LocalManifold};
use super::polygon_circle::collide_polygon_circle_into;
use super::polygons::collide_hulls;
use super::segment_circle::{past_smooth_ends, Region};
use crate::physics::collision::manifold::Manifold;
use crate::physics::geometry::shape::{Circle, Polygon, Segment, MAX_POLYGON_VERTICES};
use crate::physics::math::{cross, Real, Transform, Vec2};

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
    super::local::by_value(|m| {
        collide_segment_polygon_into(seg, xf_a, poly, xf_b, speculative, m);
    })
}

/// `collide_segment_polygon` written into `out`; returns the separating
/// axis's bound on the distance when there are no points (`collide_into`),
/// for a segment without smooth ends (whose hull follows the polygon).
pub fn collide_segment_polygon_into(
    seg: &Segment,
    xf_a: Transform,
    poly: &Polygon,
    xf_b: Transform,
    speculative: Real,
    out: &mut Manifold,
) -> Real {
    let count_b = poly.count.min(MAX_POLYGON_VERTICES);
    let length_sq = (seg.b - seg.a).length_squared();
    let scale = seg.a.abs().max_element().max(seg.b.abs().max_element());
    let degenerate = !(length_sq > (Real::EPSILON * scale).powi(2) && length_sq.is_finite());
    if count_b == 0 {
        *out = Manifold::default();
        return 0.0;
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
            return 0.0;
        }
        let c = Circle {
            center: seg.a,
            radius: 0.0,
        };
        collide_polygon_circle_into(poly, xf_b, &c, xf_a, speculative, out);
        flip_in_place(out);
        return 0.0;
    }

    // A's frame, shifted to the segment's first point for round-off.
    let xf = xf_a.inv_mul(xf_b);
    let origin = seg.a;
    let hb = Hull::from_polygon(poly, xf, origin);
    let smooth = seg.ghost_a.is_some() || seg.ghost_b.is_some();
    let ha = if !smooth {
        Hull::capsule(seg.a, seg.b, 0.0).shifted(origin)
    } else {
        let (p1, p2) = extended(seg, origin, &hb, speculative);
        let centroid = xf.apply(poly.centroid);
        match hump_under(seg, centroid) {
            Some(hump) => hump.hull(p1, p2, &hb, origin, speculative),
            None => Hull::capsule(p1, p2, 0.0).shifted(origin),
        }
    };
    let mut local = collide_hulls(&ha, &hb, speculative, Default::default());
    for p in &mut local.points[..local.count] {
        p.point += origin;
    }
    if smooth {
        keep_own_points(seg, &mut local);
    }
    let apart = to_world_into(&local, xf_a, xf_b, out);
    if smooth {
        0.0
    } else {
        apart
    }
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

/// A smooth end that bends away from the polygon: seen from the
/// polygon, a hump whose crest is the joint.
struct Hump {
    /// 0: end `a`, 1: end `b`.
    end: usize,
    joint: Vec2,
    /// The neighbour's direction on from the joint.
    onward: Vec2,
}

/// Smallest bend (sine) treated as a hump: below it the crest would cut
/// less than 0.1 mm into a 2 m box held by the straight segment alone.
const MIN_HUMP: Real = 1e-4;

/// The smooth end whose joint is a hump for a polygon centred at
/// `centroid` (segment frame), the nearer one if both are.
fn hump_under(seg: &Segment, centroid: Vec2) -> Option<Hump> {
    let ends = [(seg.a, seg.b, seg.ghost_a), (seg.b, seg.a, seg.ghost_b)];
    let mut best: Option<(Real, Hump)> = None;
    for (end, (joint, far, ghost)) in ends.into_iter().enumerate() {
        let Some(ghost) = ghost else { continue };
        let along = (joint - far).normalize_or_zero();
        let onward = (ghost - joint).normalize_or_zero();
        let turn = cross(along, onward);
        let side = cross(along, centroid - joint);
        // A turn to the left is a hump for what lies on the right.
        if turn.abs() < MIN_HUMP || turn * side >= 0.0 {
            continue;
        }
        let distance = (centroid - joint).length();
        if best.as_ref().is_none_or(|(d, _)| distance < *d) {
            best = Some((distance, Hump { end, joint, onward }));
        }
    }
    best.map(|(_, hump)| hump)
}

impl Hump {
    /// The surface around the crest as the polygon meets it: this segment
    /// (from `p1` to `p2`, smooth ends already extended) and the
    /// neighbour's face on from the joint, as one triangle. Its third side
    /// lies beyond the polygon's reach on the far side. Shifted by
    /// `-origin`, like `hb`.
    fn hull(&self, p1: Vec2, p2: Vec2, hb: &Hull, origin: Vec2, speculative: Real) -> Hull {
        let back = if self.end == 0 { p2 } else { p1 };
        let joint = self.joint - origin;
        let farthest = hb.v[..hb.count]
            .iter()
            .map(|v| (*v - joint).length())
            .fold(0.0, Real::max);
        let reach = farthest + hb.radius + speculative.abs() + 1.0;
        let ahead = self.joint + reach * self.onward;
        let mut tri = [back, self.joint, ahead];
        if cross(self.joint - back, ahead - self.joint) < 0.0 {
            tri.reverse();
        }
        Hull::from_local(&Polygon::from_ccw(&tri, 0.0), origin)
    }
}

/// Drop the points that lie past a smooth end: the neighbour's.
fn keep_own_points(seg: &Segment, local: &mut LocalManifold) {
    let mut kept = 0;
    for k in 0..local.count {
        let p = local.points[k];
        // Judged where it lies on the segment's side (a point is midway
        // between the surfaces: under a crest, sunk into the box, that is
        // past the joint). The wedge over a hump's crest is the crest's:
        // kept by the segment that owns the joint.
        let on_segment = p.point - 0.5 * p.separation * local.normal;
        if matches!(
            past_smooth_ends(seg, on_segment),
            Region::Own | Region::Corner(_)
        ) {
            local.points[kept] = p;
            kept += 1;
        }
    }
    local.count = kept;
}
