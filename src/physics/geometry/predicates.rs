//! Small tolerant geometric predicates shared by the hull, validation and
//! decomposition code. One tolerance rule for all of them, so a point that
//! validation calls "on the line" is also "on the line" for the decomposer.

use crate::physics::math::{cross, is_finite_vec, Real, Vec2};

/// Relative part of the length tolerance: coordinates carry ~16 significant
/// digits, so 1e-9 of the set's size leaves plenty of headroom for the
/// cancellation in cross products while still being far below any feature a
/// user would draw on purpose.
const RELATIVE_TOLERANCE: Real = 1e-9;
/// Absolute floor, so a set of coincident points still gets a usable tolerance.
const ABSOLUTE_TOLERANCE: Real = 1e-12;

/// Size of the finite points' bounding box (its larger side). Infinite if
/// the coordinates are so large that their span overflows.
pub(crate) fn extent(points: &[Vec2]) -> Real {
    let mut lo = Vec2::splat(Real::INFINITY);
    let mut hi = Vec2::splat(Real::NEG_INFINITY);
    for p in points.iter().filter(|p| is_finite_vec(**p)) {
        lo = lo.min(*p);
        hi = hi.max(*p);
    }
    if lo.x > hi.x {
        return 0.0;
    }
    let d = hi - lo;
    d.x.max(d.y)
}

/// Distance below which two points are "the same" and a point is "on" a line.
pub(crate) fn length_tolerance(points: &[Vec2]) -> Real {
    (RELATIVE_TOLERANCE * extent(points)).max(ABSOLUTE_TOLERANCE)
}

/// Twice the signed area (positive for counter-clockwise).
pub(crate) fn twice_signed_area(points: &[Vec2]) -> Real {
    if points.len() < 3 {
        return 0.0;
    }
    // Measured from the first point to keep the products small.
    let o = points[0];
    let mut sum = 0.0;
    for i in 1..points.len() - 1 {
        sum += cross(points[i] - o, points[i + 1] - o);
    }
    sum
}

/// Signed distance of `p` from the line through `a`→`b`, positive on the
/// left. Falls back to the distance to `a` when `a` and `b` coincide.
pub(crate) fn line_side(a: Vec2, b: Vec2, p: Vec2) -> Real {
    let ab = b - a;
    let len = ab.length();
    if len > 0.0 {
        cross(ab, p - a) / len
    } else {
        (p - a).length()
    }
}

/// Distance from `p` to the segment `a`–`b`.
pub fn point_segment_distance(p: Vec2, a: Vec2, b: Vec2) -> Real {
    let ab = b - a;
    let len2 = ab.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p - (a + t * ab)).length()
}

/// Distance between segments `a`–`b` and `c`–`d` (0 when they cross).
pub(crate) fn segment_segment_distance(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> Real {
    let o1 = cross(b - a, c - a);
    let o2 = cross(b - a, d - a);
    let o3 = cross(d - c, a - c);
    let o4 = cross(d - c, b - c);
    let opposite = |x: Real, y: Real| (x < 0.0 && y > 0.0) || (x > 0.0 && y < 0.0);
    if opposite(o1, o2) && opposite(o3, o4) {
        return 0.0;
    }
    // Not crossing: the closest pair always involves an endpoint.
    point_segment_distance(a, c, d)
        .min(point_segment_distance(b, c, d))
        .min(point_segment_distance(c, a, b))
        .min(point_segment_distance(d, a, b))
}

/// How the boundary turns at `v` coming from `prev` and going to `next`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Turn {
    /// Strictly left (convex corner of a counter-clockwise polygon).
    Left,
    /// Within tolerance of straight, and `v` lies between its neighbours.
    Straight,
    /// Right turn, or a fold back onto itself.
    Right,
}

/// Classify the corner at `v`: compare the distance of `v` from the chord
/// `prev`–`next` with the tolerance, so the test is scale-aware.
pub(crate) fn turn(prev: Vec2, v: Vec2, next: Vec2, tol: Real) -> Turn {
    // For a CCW polygon a convex vertex lies to the right of prev→next.
    let d = -line_side(prev, next, v);
    if d > tol {
        Turn::Left
    } else if d >= -tol && (v - prev).dot(next - v) > 0.0 {
        Turn::Straight
    } else {
        Turn::Right
    }
}

/// Remove vertices that lie on the straight line between their neighbours
/// (cyclically), repeating until none are left, and stopping at 3 vertices.
pub(crate) fn remove_straight_vertices(points: &mut Vec<Vec2>, tol: Real) {
    let mut changed = true;
    while changed && points.len() > 3 {
        changed = false;
        let mut i = 0;
        while i < points.len() && points.len() > 3 {
            let n = points.len();
            let prev = points[(i + n - 1) % n];
            let next = points[(i + 1) % n];
            if turn(prev, points[i], next, tol) == Turn::Straight {
                points.remove(i);
                changed = true;
            } else {
                i += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerance_scales_with_extent() {
        let pts = [Vec2::ZERO, Vec2::new(1000.0, 10.0)];
        assert!((length_tolerance(&pts) - 1e-6).abs() < 1e-18);
        assert_eq!(length_tolerance(&[Vec2::ONE]), ABSOLUTE_TOLERANCE);
        assert_eq!(length_tolerance(&[]), ABSOLUTE_TOLERANCE);
    }

    #[test]
    fn turns() {
        let a = Vec2::ZERO;
        let b = Vec2::new(1.0, 0.0);
        assert_eq!(turn(a, b, Vec2::new(2.0, 1.0), 1e-9), Turn::Left);
        assert_eq!(turn(a, b, Vec2::new(2.0, -1.0), 1e-9), Turn::Right);
        assert_eq!(turn(a, b, Vec2::new(2.0, 1e-12), 1e-9), Turn::Straight);
        // Folding back is not "straight": it is a degenerate spike.
        assert_eq!(turn(a, b, Vec2::new(0.5, 0.0), 1e-9), Turn::Right);
    }

    #[test]
    fn segment_distances() {
        let d = segment_segment_distance(
            Vec2::ZERO,
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(0.0, 1.0),
        );
        assert_eq!(d, 0.0);
        let d = segment_segment_distance(
            Vec2::ZERO,
            Vec2::new(1.0, 0.0),
            Vec2::new(0.0, 2.0),
            Vec2::new(1.0, 2.0),
        );
        assert!((d - 2.0).abs() < 1e-15);
    }
}
