//! Concave polygon → convex pieces.
//!
//! Two classic steps:
//! 1. Ear clipping triangulates the polygon. At each step the best-shaped
//!    ear is clipped (not just the first found), which avoids the long
//!    slivers that plain ear clipping produces on regular shapes.
//! 2. Hertel–Mehlhorn merging removes triangulation diagonals whenever the
//!    two pieces on either side still form a convex polygon with at most
//!    `MAX_POLYGON_VERTICES` corners. This is guaranteed to give at most four
//!    times the optimal number of pieces, and in practice close to optimal.
//!
//! Work is O(n²) in the vertex count, which `MAX_INPUT_POINTS` bounds.

use super::predicates::{
    length_tolerance, remove_straight_vertices, turn, twice_signed_area, Turn,
};
use crate::physics::geometry::shape::MAX_POLYGON_VERTICES;
use crate::physics::math::{cross, is_finite_vec, Real, Vec2};
use std::collections::BTreeMap;

/// Split a simple counter-clockwise polygon into convex pieces, each
/// counter-clockwise, with 3..=`MAX_POLYGON_VERTICES` vertices and no
/// collinear vertices. Together they cover the polygon exactly.
///
/// The input should come from `validate_simple_polygon`. Other input does not
/// panic: clockwise input is reversed, and degenerate or non-finite input
/// gives an empty list; a self-intersecting polygon gives pieces whose union
/// is unspecified.
pub fn decompose_concave(ccw_simple: &[Vec2]) -> Vec<Vec<Vec2>> {
    if ccw_simple.len() < 3 || !ccw_simple.iter().all(|p| is_finite_vec(*p)) {
        return Vec::new();
    }
    let mut pts = ccw_simple.to_vec();
    let area2 = twice_signed_area(&pts);
    if !area2.is_finite() || area2 == 0.0 {
        return Vec::new();
    }
    if area2 < 0.0 {
        pts.reverse();
    }
    let tol = length_tolerance(&pts);
    let triangles = ear_clip(&pts, tol);
    merge_triangles(&pts, &triangles, tol)
        .into_iter()
        .filter_map(|piece| {
            let mut out: Vec<Vec2> = piece.iter().map(|&i| pts[i]).collect();
            remove_straight_vertices(&mut out, tol);
            (out.len() >= 3 && out.len() <= MAX_POLYGON_VERTICES).then_some(out)
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Ear clipping
// ---------------------------------------------------------------------------

/// The remaining polygon during ear clipping, as a doubly linked ring of
/// vertex indices (so clipping is O(1) and indices stay stable for merging).
struct Ring {
    prev: Vec<usize>,
    next: Vec<usize>,
    alive: Vec<bool>,
    len: usize,
}

impl Ring {
    fn new(n: usize) -> Ring {
        Ring {
            prev: (0..n).map(|i| (i + n - 1) % n).collect(),
            next: (0..n).map(|i| (i + 1) % n).collect(),
            alive: vec![true; n],
            len: n,
        }
    }

    fn unlink(&mut self, i: usize) {
        let (p, n) = (self.prev[i], self.next[i]);
        self.next[p] = n;
        self.prev[n] = p;
        self.alive[i] = false;
        self.len -= 1;
    }
}

/// If vertex `i` is an ear of the remaining polygon, its shape quality
/// (larger is better, equilateral best); otherwise `None`.
///
/// An ear is a strictly convex corner whose triangle contains no other
/// remaining vertex, not even on its boundary (a vertex on the new diagonal
/// would make the diagonal run along the boundary).
fn ear_quality(pts: &[Vec2], ring: &Ring, i: usize, tol: Real) -> Option<Real> {
    let (p, n) = (ring.prev[i], ring.next[i]);
    let (a, b, c) = (pts[p], pts[i], pts[n]);
    if turn(a, b, c, tol) != Turn::Left {
        return None;
    }
    let mut j = ring.next[n];
    while j != p {
        let q = pts[j];
        if cross(b - a, q - a) >= 0.0 && cross(c - b, q - b) >= 0.0 && cross(a - c, q - c) >= 0.0 {
            return None;
        }
        j = ring.next[j];
    }
    let area2 = cross(b - a, c - a);
    let edges2 = (b - a).length_squared() + (c - b).length_squared() + (a - c).length_squared();
    Some(area2 / edges2)
}

/// The alive ear with the best quality; ties go to the lowest index so the
/// result does not depend on anything but the input.
fn best_ear(quality: &[Option<Real>], ring: &Ring) -> Option<usize> {
    let mut best: Option<(usize, Real)> = None;
    for (i, q) in quality.iter().enumerate() {
        if let (true, Some(q)) = (ring.alive[i], *q) {
            if best.is_none_or(|(_, bq)| q > bq) {
                best = Some((i, q));
            }
        }
    }
    best.map(|(i, _)| i)
}

/// Triangulate a simple CCW polygon. Triangles are CCW index triples.
///
/// A vertex that has become straight (on the line between its neighbours)
/// is dropped without a triangle: it would only give a zero-area triangle,
/// and the region left is unchanged.
fn ear_clip(pts: &[Vec2], tol: Real) -> Vec<[usize; 3]> {
    let n = pts.len();
    let mut ring = Ring::new(n);
    let mut quality: Vec<Option<Real>> = (0..n).map(|i| ear_quality(pts, &ring, i, tol)).collect();
    let mut triangles = Vec::with_capacity(n.saturating_sub(2));
    let push_if_positive = |tris: &mut Vec<[usize; 3]>, t: [usize; 3]| {
        if cross(pts[t[1]] - pts[t[0]], pts[t[2]] - pts[t[0]]) > 0.0 {
            tris.push(t);
        }
    };

    while ring.len > 3 {
        let mut tip = best_ear(&quality, &ring);
        if tip.is_none() {
            // Clipping can turn a neighbour-of-a-neighbour into an ear (the
            // clipped tip may have been the vertex blocking it); we only
            // refresh the tip's neighbours, so rescan everything once.
            for (i, q) in quality.iter_mut().enumerate() {
                if ring.alive[i] {
                    *q = ear_quality(pts, &ring, i, tol);
                }
            }
            tip = best_ear(&quality, &ring);
        }
        let tip = match tip {
            Some(i) => {
                push_if_positive(&mut triangles, [ring.prev[i], i, ring.next[i]]);
                i
            }
            None => {
                // No ear: either straight vertices are left, or rounding has
                // defeated the tests. Remove a straight vertex if there is
                // one, else clip the most convex corner anyway, so the loop
                // always terminates.
                let alive: Vec<usize> = (0..n).filter(|&i| ring.alive[i]).collect();
                let corner = |i: usize| (pts[ring.prev[i]], pts[i], pts[ring.next[i]]);
                let straight = alive.iter().copied().find(|&i| {
                    let (a, b, c) = corner(i);
                    turn(a, b, c, tol) == Turn::Straight
                });
                match straight {
                    Some(i) => i,
                    None => {
                        let mut best = alive[0];
                        let mut best_turn = Real::NEG_INFINITY;
                        for &i in &alive {
                            let (a, b, c) = corner(i);
                            let t = cross(b - a, c - b);
                            if t > best_turn {
                                best_turn = t;
                                best = i;
                            }
                        }
                        push_if_positive(&mut triangles, [ring.prev[best], best, ring.next[best]]);
                        best
                    }
                }
            }
        };
        let (p, nx) = (ring.prev[tip], ring.next[tip]);
        ring.unlink(tip);
        quality[tip] = None;
        quality[p] = ear_quality(pts, &ring, p, tol);
        quality[nx] = ear_quality(pts, &ring, nx, tol);
    }
    if let Some(i) = (0..n).find(|&i| ring.alive[i]) {
        push_if_positive(&mut triangles, [ring.prev[i], i, ring.next[i]]);
    }
    triangles
}

// ---------------------------------------------------------------------------
// Hertel–Mehlhorn merging
// ---------------------------------------------------------------------------

/// Merge triangles into convex pieces by deleting diagonals.
///
/// Greedy: among all diagonals whose removal keeps the piece convex and
/// small enough, remove the one that leaves the widest corners (largest
/// smallest turning angle at its two ends). That spends a reflex vertex's
/// spare angle evenly instead of letting one merge use it all up; e.g. an L
/// shape comes out as two rectangles rather than a triangle and two slivers.
/// Returns CCW index loops (they may still hold straight vertices, which the
/// caller strips).
fn merge_triangles(pts: &[Vec2], triangles: &[[usize; 3]], tol: Real) -> Vec<Vec<usize>> {
    let mut loops: Vec<Vec<usize>> = triangles.iter().map(|t| t.to_vec()).collect();
    // Union-find from triangle to the piece that absorbed it.
    let mut parent: Vec<usize> = (0..triangles.len()).collect();

    // A diagonal is an edge used by two triangles in opposite directions.
    // BTreeMap, not HashMap: iteration order must be deterministic.
    let mut edges: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for (t, tri) in triangles.iter().enumerate() {
        for k in 0..3 {
            edges.insert((tri[k], tri[(k + 1) % 3]), t);
        }
    }
    let diagonals: Vec<(usize, usize, usize, usize)> = edges
        .iter()
        .filter(|((a, b), _)| a < b)
        .filter_map(|(&(a, b), &t)| edges.get(&(b, a)).map(|&u| (a, b, t, u)))
        .collect();

    // Score of removing each diagonal now; None once it is removed or can no
    // longer be removed (pieces only grow, so a refused merge stays refused).
    let mut score: Vec<Option<Real>> = diagonals
        .iter()
        .map(|&(a, b, t, u)| try_merge(pts, &loops[t], &loops[u], a, b, tol).map(|m| m.1))
        .collect();

    loop {
        let mut best: Option<(usize, Real)> = None;
        for (k, s) in score.iter().enumerate() {
            if let Some(s) = *s {
                if best.is_none_or(|(_, bs)| s > bs) {
                    best = Some((k, s));
                }
            }
        }
        let Some((k, _)) = best else { break };
        score[k] = None;
        let (a, b, t, u) = diagonals[k];
        let (ra, rb) = (find(&mut parent, t), find(&mut parent, u));
        if ra == rb {
            continue;
        }
        let Some((merged, _)) = try_merge(pts, &loops[ra], &loops[rb], a, b, tol) else {
            continue;
        };
        parent[rb] = ra;
        loops[ra] = merged;
        loops[rb].clear();
        // Only diagonals on the grown piece change their score.
        for (k, &(a, b, t, u)) in diagonals.iter().enumerate() {
            if score[k].is_none() {
                continue;
            }
            let (pt, pu) = (find(&mut parent, t), find(&mut parent, u));
            if pt == ra || pu == ra {
                score[k] = if pt == pu {
                    None
                } else {
                    try_merge(pts, &loops[pt], &loops[pu], a, b, tol).map(|m| m.1)
                };
            }
        }
    }
    loops.into_iter().filter(|l| !l.is_empty()).collect()
}

fn find(parent: &mut [usize], mut i: usize) -> usize {
    let mut root = i;
    while parent[root] != root {
        root = parent[root];
    }
    while parent[i] != root {
        let up = parent[i];
        parent[i] = root;
        i = up;
    }
    root
}

/// Join loop `first` (holding edge a→b) with loop `second` (holding b→a)
/// across that edge, if the result is convex at `a` and `b` and has at most
/// `MAX_POLYGON_VERTICES` corners once straight vertices are ignored.
/// Returns the merged loop and the smaller turning angle at `a` and `b`.
fn try_merge(
    pts: &[Vec2],
    first: &[usize],
    second: &[usize],
    a: usize,
    b: usize,
    tol: Real,
) -> Option<(Vec<usize>, Real)> {
    let (n1, n2) = (first.len(), second.len());
    let i = (0..n1).find(|&k| first[k] == a && first[(k + 1) % n1] == b)?;
    let j = (0..n2).find(|&k| second[k] == b && second[(k + 1) % n2] == a)?;
    // first from b round to a, then second's vertices strictly between a and b.
    let mut merged: Vec<usize> = (1..=n1).map(|k| first[(i + k) % n1]).collect();
    merged.extend((2..n2).map(|k| second[(j + k) % n2]));

    let m = merged.len();
    // Turning angle at a corner, or None if it turns the wrong way.
    let corner = |at: usize| {
        let (p, v, q) = (
            pts[merged[(at + m - 1) % m]],
            pts[merged[at]],
            pts[merged[(at + 1) % m]],
        );
        if turn(p, v, q, tol) == Turn::Right {
            return None;
        }
        let (e1, e2) = (v - p, q - v);
        Some(cross(e1, e2).atan2(e1.dot(e2)))
    };
    // merged[0] is b and merged[n1 - 1] is a.
    let score = corner(0)?.min(corner(n1 - 1)?);
    let mut corners: Vec<Vec2> = merged.iter().map(|&k| pts[k]).collect();
    remove_straight_vertices(&mut corners, tol);
    (corners.len() <= MAX_POLYGON_VERTICES).then_some((merged, score))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: Real, y: Real) -> Vec2 {
        Vec2::new(x, y)
    }

    fn area(pts: &[Vec2]) -> Real {
        0.5 * twice_signed_area(pts)
    }

    /// Crossing-number point-in-polygon, for coverage checks.
    fn inside(poly: &[Vec2], q: Vec2) -> bool {
        let n = poly.len();
        let mut c = false;
        for i in 0..n {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            if (a.y > q.y) != (b.y > q.y) && q.x < a.x + (q.y - a.y) * (b.x - a.x) / (b.y - a.y) {
                c = !c;
            }
        }
        c
    }

    /// Pieces are convex, CCW, small, cover the polygon's area exactly, and
    /// sampled points are in exactly one piece iff they are in the polygon.
    fn check(poly: &[Vec2]) -> Vec<Vec<Vec2>> {
        let pieces = decompose_concave(poly);
        assert!(!pieces.is_empty());
        for p in &pieces {
            let n = p.len();
            assert!((3..=MAX_POLYGON_VERTICES).contains(&n), "piece size {n}");
            for i in 0..n {
                let c = cross(p[(i + 1) % n] - p[i], p[(i + 2) % n] - p[(i + 1) % n]);
                assert!(c > 1e-12, "piece not strictly convex: {p:?}");
            }
        }
        let total: Real = pieces.iter().map(|p| area(p)).sum();
        let expect = area(poly).abs();
        assert!(
            (total - expect).abs() <= 1e-9 * expect,
            "area {total} vs {expect}"
        );

        let lo = poly
            .iter()
            .fold(Vec2::splat(Real::INFINITY), |m, p| m.min(*p));
        let hi = poly
            .iter()
            .fold(Vec2::splat(Real::NEG_INFINITY), |m, p| m.max(*p));
        let steps = 97; // odd, irrational-ish offsets avoid hitting edges exactly
        for ix in 0..steps {
            for iy in 0..steps {
                let t = v(
                    (ix as Real + 0.37) / steps as Real,
                    (iy as Real + 0.61) / steps as Real,
                );
                let q = lo + (hi - lo) * t;
                let hits = pieces.iter().filter(|p| inside(p, q)).count();
                assert_eq!(hits, usize::from(inside(poly, q)), "at {q:?}");
            }
        }
        assert_eq!(decompose_concave(poly), pieces, "not deterministic");
        pieces
    }

    fn l_shape() -> Vec<Vec2> {
        vec![
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(2.0, 1.0),
            v(1.0, 1.0),
            v(1.0, 2.0),
            v(0.0, 2.0),
        ]
    }

    #[test]
    fn l_shape_two_pieces() {
        let pieces = check(&l_shape());
        assert_eq!(pieces.len(), 2);
    }

    #[test]
    fn u_shape() {
        let u = [
            v(0.0, 0.0),
            v(3.0, 0.0),
            v(3.0, 3.0),
            v(2.0, 3.0),
            v(2.0, 1.0),
            v(1.0, 1.0),
            v(1.0, 3.0),
            v(0.0, 3.0),
        ];
        let pieces = check(&u);
        assert!(pieces.len() <= 3);
    }

    #[test]
    fn star() {
        let pts: Vec<Vec2> = (0..10)
            .map(|i| {
                let a = i as Real * std::f64::consts::PI / 5.0 + 0.1;
                let r = if i % 2 == 0 { 2.0 } else { 0.8 };
                v(r * a.cos(), r * a.sin())
            })
            .collect();
        let pieces = check(&pts);
        assert!(pieces.len() <= 6);
    }

    #[test]
    fn comb_with_many_teeth() {
        let k = 12;
        let w = (2 * k - 1) as Real;
        let mut pts = vec![v(0.0, 0.0), v(w, 0.0)];
        for j in (0..k).rev() {
            let x = (2 * j) as Real;
            pts.push(v(x + 1.0, 3.0));
            pts.push(v(x, 3.0));
            if j > 0 {
                pts.push(v(x, 1.0));
                pts.push(v(x - 1.0, 1.0));
            }
        }
        assert_eq!(pts.len(), 48);
        assert!((area(&pts) - (w + 2.0 * k as Real)).abs() < 1e-12);
        let pieces = check(&pts);
        // One piece per tooth plus a few for the spine.
        assert!(pieces.len() <= 2 * k, "{} pieces", pieces.len());
    }

    #[test]
    fn sawtooth() {
        let teeth = 30;
        let mut pts = vec![v(0.0, 0.0), v(teeth as Real, 0.0)];
        for i in (0..teeth).rev() {
            pts.push(v(i as Real + 1.0, 2.0));
            pts.push(v(i as Real + 0.5, 1.0 + 0.3 * (i % 3) as Real));
        }
        pts.push(v(0.0, 2.0));
        check(&pts);
    }

    #[test]
    fn collinear_runs() {
        // L shape with every edge cut into 4 collinear pieces.
        let l = l_shape();
        let mut pts = Vec::new();
        for i in 0..l.len() {
            let (a, b) = (l[i], l[(i + 1) % l.len()]);
            for k in 0..4 {
                pts.push(a.lerp(b, k as Real / 4.0));
            }
        }
        let pieces = check(&pts);
        assert!(pieces.len() <= 3, "{} pieces", pieces.len());
    }

    #[test]
    fn spiral() {
        // A thick spiral: long thin concave arms.
        let turns = 60;
        let mut outer = Vec::new();
        let mut inner = Vec::new();
        for i in 0..turns {
            let a = i as Real * 0.2;
            let r = 1.0 + 0.25 * a;
            outer.push(v(r * a.cos(), r * a.sin()));
            inner.push(v((r - 0.4) * a.cos(), (r - 0.4) * a.sin()));
        }
        let mut pts = outer;
        pts.extend(inner.into_iter().rev());
        check(&pts);
    }

    #[test]
    fn convex_small_is_one_piece_and_cw_accepted() {
        let mut sq = vec![v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)];
        assert_eq!(check(&sq).len(), 1);
        sq.reverse();
        let pieces = decompose_concave(&sq);
        assert_eq!(pieces.len(), 1);
        assert!(area(&pieces[0]) > 0.0);
    }

    #[test]
    fn garbage_does_not_panic() {
        assert!(decompose_concave(&[]).is_empty());
        assert!(decompose_concave(&[v(0.0, 0.0), v(1.0, 0.0)]).is_empty());
        assert!(decompose_concave(&[v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0)]).is_empty());
        assert!(decompose_concave(&[v(0.0, 0.0), v(Real::NAN, 0.0), v(0.0, 1.0)]).is_empty());
        // Self-intersecting input: no promise about the result, only no panic.
        let _ = decompose_concave(&[
            v(0.0, 0.0),
            v(2.0, 2.0),
            v(2.0, 0.0),
            v(0.0, 2.0),
            v(1.0, -1.0),
        ]);
        let _ = decompose_concave(&[
            v(0.0, 0.0),
            v(1.0, 0.0),
            v(1.0, 0.0),
            v(0.0, 1.0),
            v(0.0, 1.0),
        ]);
    }
}
