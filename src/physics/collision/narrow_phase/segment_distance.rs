//! Closest points between two segments. The polygon routine uses it to tell a
//! vertex–vertex approach (where a single rounded contact is right) from an
//! edge–edge one (where clipping gives two points).

use crate::physics::math::{Real, Vec2};

#[derive(Clone, Copy, Debug)]
pub(crate) struct SegmentDistance {
    /// Fractions along each segment, clamped to exactly 0 or 1 at the ends so
    /// callers can test for vertex regions with `==`.
    pub fraction1: Real,
    pub fraction2: Real,
    pub distance_squared: Real,
}

/// Closest points of `p1..q1` and `p2..q2`.
pub(crate) fn segment_distance(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> SegmentDistance {
    let d1 = q1 - p1;
    let d2 = q2 - p2;
    let r = p1 - p2;
    let dd1 = d1.dot(d1);
    let dd2 = d2.dot(d2);
    let rd1 = r.dot(d1);
    let rd2 = r.dot(d2);
    let eps = Real::EPSILON * Real::EPSILON;

    let (f1, f2);
    if dd1 < eps || dd2 < eps {
        // At least one segment is a point: project the other onto it.
        if dd1 >= eps {
            f1 = clamp01(-rd1 / dd1);
            f2 = 0.0;
        } else if dd2 >= eps {
            f1 = 0.0;
            f2 = clamp01(rd2 / dd2);
        } else {
            f1 = 0.0;
            f2 = 0.0;
        }
    } else {
        // Minimise |p1 + f1 d1 - p2 - f2 d2|²: solve for f1 with f2 free,
        // clamp, then recompute f2 and clamp, re-solving f1 if f2 clamped.
        let d12 = d1.dot(d2);
        let denom = dd1 * dd2 - d12 * d12;
        let mut a = 0.0;
        if denom > 0.0 {
            a = clamp01((d12 * rd2 - rd1 * dd2) / denom);
        }
        let mut b = (d12 * a + rd2) / dd2;
        if b < 0.0 {
            b = 0.0;
            a = clamp01(-rd1 / dd1);
        } else if b > 1.0 {
            b = 1.0;
            a = clamp01((d12 - rd1) / dd1);
        }
        f1 = a;
        f2 = b;
    }

    let closest1 = p1 + f1 * d1;
    let closest2 = p2 + f2 * d2;
    SegmentDistance {
        fraction1: f1,
        fraction2: f2,
        distance_squared: (closest1 - closest2).length_squared(),
    }
}

/// Clamp to [0, 1]; NaN maps to 0 so degenerate input stays finite.
fn clamp01(x: Real) -> Real {
    if x > 0.0 {
        if x < 1.0 {
            x
        } else {
            1.0
        }
    } else {
        0.0
    }
}
