//! Convex hull of a point cloud (Andrew's monotone chain).
//!
//! Monotone chain is used rather than quickhull because it only needs a sort
//! and a stack, so its output order is fully determined by the input values
//! (no recursion order or hashing to worry about).

use super::predicates::{length_tolerance, remove_straight_vertices};
use crate::physics::math::{cross, is_finite_vec, Real, Vec2};
use std::cmp::Ordering;

/// Counter-clockwise convex hull of `points`, starting at the lowest-x
/// (then lowest-y) point.
///
/// * Non-finite points are ignored (validation reports them elsewhere).
/// * Points closer than a tolerance (1e-9 of the set's extent, at least
///   1e-12) are merged, so near-duplicates cannot create zero-length edges.
/// * Points within that tolerance of a hull edge are dropped, so the result
///   has no collinear vertices.
///
/// A result with fewer than 3 points means the set is degenerate: empty,
/// one point, or (for two points) all points on one line, given as the two
/// extreme points.
pub fn convex_hull(points: &[Vec2]) -> Vec<Vec2> {
    let finite: Vec<Vec2> = points
        .iter()
        .copied()
        .filter(|p| is_finite_vec(*p))
        .collect();
    let tol = length_tolerance(&finite);
    let sorted = sorted_unique(&finite, tol);
    if sorted.len() < 3 {
        return sorted;
    }

    // Lower chain left→right, then upper chain right→left; each keeps only
    // points that make a clear left turn.
    let mut hull: Vec<Vec2> = Vec::with_capacity(sorted.len() + 1);
    for &p in &sorted {
        push_keeping_left_turns(&mut hull, p, tol, 2);
    }
    let lower_len = hull.len() + 1;
    for &p in sorted.iter().rev().skip(1) {
        push_keeping_left_turns(&mut hull, p, tol, lower_len);
    }
    // The last point pushed is the first point again.
    hull.pop();

    if hull.len() < 3 {
        // Every point was within tolerance of one line.
        return hull;
    }
    // The chain tests cannot see the corner at the starting point; clean it
    // (and anything else) cyclically.
    remove_straight_vertices(&mut hull, tol);
    hull
}

/// Push `p`, first popping points that would not make a left turn of more
/// than `tol` (measured as the popped point's distance outside the chord).
/// `floor` is the smallest stack length popping may reduce to, so the upper
/// chain never eats into the lower one.
fn push_keeping_left_turns(hull: &mut Vec<Vec2>, p: Vec2, tol: Real, floor: usize) {
    while hull.len() >= floor {
        let a = hull[hull.len() - 2];
        let b = hull[hull.len() - 1];
        let chord = p - a;
        if cross(b - a, chord) > tol * chord.length() {
            break;
        }
        hull.pop();
    }
    hull.push(p);
}

/// Sort lexicographically and merge points closer than `tol`. The first
/// point (in sorted order) of a close group survives, which makes the choice
/// independent of the input order.
fn sorted_unique(points: &[Vec2], tol: Real) -> Vec<Vec2> {
    let mut sorted = points.to_vec();
    sorted.sort_by(|a, b| match a.x.total_cmp(&b.x) {
        Ordering::Equal => a.y.total_cmp(&b.y),
        o => o,
    });
    let mut kept: Vec<Vec2> = Vec::with_capacity(sorted.len());
    for p in sorted {
        // Only kept points with x within `tol` can be close; they sit at the
        // end of `kept` because it is sorted by x.
        let close = kept
            .iter()
            .rev()
            .take_while(|k| p.x - k.x <= tol)
            .any(|k| (p - *k).length() <= tol);
        if !close {
            kept.push(p);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::geometry::predicates::twice_signed_area;

    fn v(x: Real, y: Real) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn square_with_interior_and_edge_points() {
        let pts = [
            v(0.5, 0.5),
            v(1.0, 1.0),
            v(0.0, 0.0),
            v(1.0, 0.0),
            v(0.5, 0.0), // on an edge
            v(0.0, 1.0),
            v(0.2, 0.7),
            v(1.0, 0.5), // on an edge
        ];
        let h = convex_hull(&pts);
        assert_eq!(h, vec![v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)]);
        assert!(twice_signed_area(&h) > 0.0);
    }

    #[test]
    fn duplicates_merged() {
        let pts = [
            v(0.0, 0.0),
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(2.0, 1e-13),
            v(1.0, 1.0),
            v(1.0, 1.0 + 1e-12),
        ];
        let h = convex_hull(&pts);
        assert_eq!(h.len(), 3);
    }

    #[test]
    fn degenerate_sets() {
        assert!(convex_hull(&[]).is_empty());
        assert_eq!(convex_hull(&[v(1.0, 2.0)]).len(), 1);
        assert_eq!(convex_hull(&[v(1.0, 2.0), v(1.0, 2.0)]).len(), 1);
        let line = [v(0.0, 0.0), v(1.0, 1.0), v(3.0, 3.0), v(2.0, 2.0)];
        assert_eq!(convex_hull(&line), vec![v(0.0, 0.0), v(3.0, 3.0)]);
    }

    #[test]
    fn non_finite_ignored() {
        let pts = [
            v(0.0, 0.0),
            v(Real::NAN, 1.0),
            v(1.0, 0.0),
            v(Real::INFINITY, 0.0),
            v(0.0, 1.0),
        ];
        assert_eq!(convex_hull(&pts).len(), 3);
    }

    #[test]
    fn circle_points_in_any_order_give_same_hull() {
        let n = 16;
        let mut pts: Vec<Vec2> = (0..n)
            .map(|i| {
                let a = i as Real * std::f64::consts::TAU / n as Real;
                v(a.cos(), a.sin())
            })
            .collect();
        let h1 = convex_hull(&pts);
        pts.reverse();
        pts.rotate_left(5);
        let h2 = convex_hull(&pts);
        assert_eq!(h1.len(), n);
        assert_eq!(h1, h2);
        for i in 0..n {
            let a = h1[i];
            let b = h1[(i + 1) % n];
            let c = h1[(i + 2) % n];
            assert!(cross(b - a, c - b) > 0.0);
        }
    }

    #[test]
    fn collinear_start_corner_removed() {
        // The lowest-leftmost point lies on the left edge between two others.
        let pts = [v(0.0, -1.0), v(0.0, 0.0), v(0.0, 1.0), v(1.0, 0.0)];
        let h = convex_hull(&pts);
        assert_eq!(h.len(), 3);
    }

    #[test]
    fn random_clouds_are_enclosed() {
        let mut state: u64 = 0xDEAD_BEEF;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as Real / (1u64 << 53) as Real
        };
        for _ in 0..200 {
            let n = 1 + (next() * 40.0) as usize;
            // Coarse coordinates make many duplicates and collinear runs.
            let pts: Vec<Vec2> = (0..n)
                .map(|_| v((next() * 6.0).round(), (next() * 6.0).round()))
                .collect();
            let h = convex_hull(&pts);
            if h.len() < 3 {
                continue;
            }
            let m = h.len();
            for i in 0..m {
                let (a, b, c) = (h[i], h[(i + 1) % m], h[(i + 2) % m]);
                assert!(cross(b - a, c - b) > 0.0, "not strictly convex");
                for p in &pts {
                    assert!(cross(b - a, *p - a) >= -1e-12, "point outside hull");
                }
            }
        }
    }
}
