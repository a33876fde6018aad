//! Segment (a capsule of radius 0) against circle. A segment is two-sided, so
//! the normal just follows the closest point, whichever side the circle is on.
//!
//! A smooth end (`Segment::ghost_a`, `ghost_b`: another static segment
//! carries the surface on from there, `collision/seams.rs`) is no corner:
//! a ball resting a hair into the floor met the end point of the segment
//! ahead as a corner whose normal tilted back at it, and hopped at every
//! joint of a chain (0.78 m/s upwards, 3.3 cm hops). Past such an end the
//! neighbour answers; only at a bend, in the wedge above the corner that
//! neither face reaches, does the owning segment report the corner.
//!
//! On the hollow side of a bend the neighbour's face rises in front of a
//! ball still over this segment. Left to the neighbour alone, it saw the
//! ball only once the centre had crossed the joint, already sunk into its
//! face by up to the step's travel times the bend; the push-out then
//! lifted the ball for free, and a ball in a bowl of 120 segments (1°
//! bends) gained 22 % of its energy in 30 s. So past a hollow joint, over
//! the neighbour's span, a segment also reports its own face's line: in a
//! hollow each face's line lies behind the surface, so the contact never
//! pushes early, and the ball is stopped at the face instead of inside it.

use super::circles::circle_vs_point;
use super::local::{to_world_into, LocalManifold};
use crate::physics::collision::manifold::Manifold;
use crate::physics::geometry::shape::{Circle, Segment};
use crate::physics::math::{Real, Transform, Vec2};
use crate::physics::settings::LINEAR_SLOP;

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
    let local = match past_smooth_ends(seg, center) {
        Region::Own => capsule_vs_circle(seg.a, seg.b, 0.0, center, circle.radius, speculative),
        Region::Corner(v) => circle_vs_point(v, 0.0, center, circle.radius, speculative),
        Region::Line => {
            let foot = foot_on_line(seg.a, seg.b, center);
            circle_vs_point(foot, 0.0, center, circle.radius, speculative)
        }
        Region::Neighbour => LocalManifold::default(),
    };
    to_world_into(&local, xf_a, xf_b, out);
}

/// How close to level with a joint (m) a point counts as at the joint,
/// which its owner answers for: wide enough for round-off (a polygon's
/// contact on the crest of a bend is computed to lie there, give or take
/// 1e-17 m), too narrow to matter to anything resting on it.
const JOINT_BAND: Real = 1e-3 * LINEAR_SLOP;

/// Who answers for a point, as seen from one segment of a chain.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Region {
    /// This segment, as if it had no neighbours.
    Own,
    /// This segment, with the corner at a bend it owns.
    Corner(Vec2),
    /// A neighbour (or nobody: the wedge above a corner another owns).
    Neighbour,
    /// Past a joint on the hollow side of a bend, over the neighbour: the
    /// neighbour answers, and this segment's line, extended, is one more
    /// (speculative) contact (see the module doc).
    Line,
}

/// Where `q` (segment frame) lies with respect to the segment's smooth ends.
pub(super) fn past_smooth_ends(seg: &Segment, q: Vec2) -> Region {
    let ends = [
        (seg.a, seg.b, seg.ghost_a, seg.owns & 1 != 0),
        (seg.b, seg.a, seg.ghost_b, seg.owns & 2 != 0),
    ];
    for (joint, far, ghost, owns) in ends {
        let Some(ghost) = ghost else { continue };
        let region = at_joint(joint, joint - far, ghost - joint, owns, q);
        if region != Region::Own {
            return region;
        }
    }
    Region::Own
}

/// Region of `q` at a smooth joint where this segment, running along
/// `along`, meets a neighbour running on along `onward`. Within
/// `JOINT_BAND` of level with the joint the owner answers, so of two
/// neighbours exactly one does, whatever the round-off; on the hollow side
/// of a bend both faces reach over the joint and both answer.
pub(super) fn at_joint(joint: Vec2, along: Vec2, onward: Vec2, owns: bool, q: Vec2) -> Region {
    let d = q - joint;
    let past = d.dot(along.normalize_or_zero());
    if past < -JOINT_BAND {
        return Region::Own;
    }
    if past <= JOINT_BAND {
        return if owns { Region::Own } else { Region::Neighbour };
    }
    if d.dot(onward.normalize_or_zero()) > JOINT_BAND {
        let over_neighbour = d.dot(onward) <= onward.length_squared();
        return if over_neighbour && hollow_toward(along, onward, d) {
            Region::Line
        } else {
            Region::Neighbour
        };
    }
    // Past this face and short of the next: the wedge over a bend's corner.
    if owns {
        Region::Corner(joint)
    } else {
        Region::Neighbour
    }
}

/// Does the bend from `along` to `onward` turn towards the side `d` lies
/// on (the hollow of the bend)?
fn hollow_toward(along: Vec2, onward: Vec2, d: Vec2) -> bool {
    let side = Vec2::new(-along.y, along.x);
    side.dot(onward) * side.dot(d) > 0.0
}

/// The foot of the perpendicular from `q` on the line through `p1`, `p2`.
fn foot_on_line(p1: Vec2, p2: Vec2, q: Vec2) -> Vec2 {
    let e = (p2 - p1).normalize_or_zero();
    p1 + (q - p1).dot(e) * e
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
