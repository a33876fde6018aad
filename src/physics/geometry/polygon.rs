//! Validating user polygons and building simulable convex `Polygon`s from
//! them. This is the gate between scene input and the solver: everything
//! that comes out of here is finite, counter-clockwise, convex per piece and
//! has at most `MAX_POLYGON_VERTICES` vertices per piece.

use super::decompose::decompose_concave;
use super::hull::convex_hull;
use super::piece_edges::mark_piece_edges;
use super::predicates::{
    extent, length_tolerance, point_segment_distance, remove_straight_vertices,
    segment_segment_distance, turn, twice_signed_area, Turn,
};
use crate::physics::error::{require_finite, require_positive, PhysicsError, PhysicsResult};
use crate::physics::geometry::shape::{Polygon, MAX_POLYGON_VERTICES};
use crate::physics::math::{is_finite_vec, Real, Vec2};

/// Most points accepted for one polygon. Validation and decomposition are
/// quadratic; this keeps a mistaken huge input from stalling a frame.
pub const MAX_INPUT_POINTS: usize = 1024;

fn invalid(msg: impl Into<String>) -> PhysicsError {
    PhysicsError::InvalidShape(msg.into())
}

fn zero_area() -> PhysicsError {
    invalid("polygon has zero area")
}

/// Check that `points` describe a simple polygon and return it cleaned:
/// counter-clockwise (reversed if given clockwise), without consecutive
/// duplicates and without vertices lying on the line between their
/// neighbours.
///
/// Errors (`InvalidShape` unless noted):
/// * a NaN or infinite coordinate (`NonFinite`);
/// * more than `MAX_INPUT_POINTS` points;
/// * fewer than 3 distinct points;
/// * zero area (all points on one line);
/// * edges that cross or touch each other (self-intersecting).
pub fn validate_simple_polygon(points: &[Vec2]) -> PhysicsResult<Vec<Vec2>> {
    if let Some(i) = points.iter().position(|p| !is_finite_vec(*p)) {
        let p = points[i];
        return Err(PhysicsError::NonFinite(format!(
            "polygon point {} must have finite coordinates, got ({}, {})",
            i + 1,
            p.x,
            p.y
        )));
    }
    if points.len() > MAX_INPUT_POINTS {
        return Err(invalid(format!(
            "polygon has too many points ({}, at most {MAX_INPUT_POINTS} allowed)",
            points.len()
        )));
    }
    if !extent(points).is_finite() {
        return Err(PhysicsError::NonFinite(
            "polygon coordinates are too large to compute with".into(),
        ));
    }
    let tol = length_tolerance(points);

    let mut pts = remove_consecutive_duplicates(points, tol);
    if pts.len() < 3 {
        return Err(too_few(pts.len()));
    }
    // "All on one line" is reported as zero area before anything else: it is
    // the most useful message for three collinear points.
    if convex_hull(&pts).len() < 3 {
        return Err(zero_area());
    }

    remove_straight_vertices(&mut pts, tol);
    if pts.len() < 3 {
        return Err(too_few(pts.len()));
    }
    // Crossing edges before area: a bow-tie has zero signed area but the
    // real problem is the crossing.
    if self_intersects(&pts, tol) {
        return Err(invalid(
            "polygon edges cross each other (self-intersecting)",
        ));
    }
    let area2 = twice_signed_area(&pts);
    if area2.abs() <= tol * extent(&pts) || !area2.is_finite() {
        return Err(zero_area());
    }
    if area2 < 0.0 {
        pts.reverse();
    }
    Ok(pts)
}

fn too_few(n: usize) -> PhysicsError {
    invalid(format!("polygon needs at least 3 distinct points, got {n}"))
}

/// Drop points within `tol` of the previously kept one, including the
/// wrap-around from the last point to the first.
fn remove_consecutive_duplicates(points: &[Vec2], tol: Real) -> Vec<Vec2> {
    let mut out: Vec<Vec2> = Vec::with_capacity(points.len());
    for &p in points {
        if out.last().is_none_or(|q| (p - *q).length() > tol) {
            out.push(p);
        }
    }
    while out.len() > 1 && (out[0] - out[out.len() - 1]).length() <= tol {
        out.pop();
    }
    out
}

/// True if any two edges cross or come within `tol` of each other, other
/// than neighbouring edges at their shared vertex. O(n²) with a bounding-box
/// reject; n is capped by `MAX_INPUT_POINTS`.
fn self_intersects(pts: &[Vec2], tol: Real) -> bool {
    let n = pts.len();
    let edge = |i: usize| (pts[i], pts[(i + 1) % n]);
    for i in 0..n {
        let (a, b) = edge(i);
        // Neighbouring edge: only a fold back along the shared vertex counts.
        let c = pts[(i + 2) % n];
        if n > 3
            && (point_segment_distance(c, a, b) <= tol || point_segment_distance(a, b, c) <= tol)
        {
            return true;
        }
        let lo = a.min(b) - Vec2::splat(tol);
        let hi = a.max(b) + Vec2::splat(tol);
        for j in (i + 2)..n {
            if i == 0 && j == n - 1 {
                continue; // the edge before edge 0 is its neighbour
            }
            let (c, d) = edge(j);
            if c.max(d).cmplt(lo).any() || c.min(d).cmpgt(hi).any() {
                continue;
            }
            if segment_segment_distance(a, b, c, d) <= tol {
                return true;
            }
        }
    }
    false
}

/// Validate `points` (see `validate_simple_polygon`) and cut the polygon into
/// convex pieces of at most `MAX_POLYGON_VERTICES` vertices, each rounded by
/// `radius` (0 for sharp corners).
///
/// A convex polygon gives one piece when small enough, otherwise a few fan
/// pieces sharing edges; a concave one is decomposed with ear clipping and
/// Hertel–Mehlhorn merging. The pieces exactly cover the polygon.
pub fn make_convex_pieces(points: &[Vec2], radius: Real) -> PhysicsResult<Vec<Polygon>> {
    require_finite("polygon radius", radius)?;
    if radius < 0.0 {
        return Err(invalid(format!(
            "polygon radius must be zero or a positive number, got {radius}"
        )));
    }
    let pts = validate_simple_polygon(points)?;
    let tol = length_tolerance(&pts);
    let n = pts.len();
    let convex =
        (0..n).all(|i| turn(pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n], tol) == Turn::Left);
    let pieces = if convex {
        split_convex(&pts)
    } else {
        decompose_concave(&pts)
    };
    if pieces.is_empty() {
        return Err(zero_area());
    }
    let mut pieces = pieces
        .iter()
        .map(|p| build_polygon(p, radius))
        .collect::<PhysicsResult<Vec<Polygon>>>()?;
    mark_piece_edges(&mut pieces, &pts, tol);
    Ok(pieces)
}

/// Split a convex CCW polygon into the fewest fan pieces (all sharing
/// vertex 0) of at most `MAX_POLYGON_VERTICES` vertices. The n−2 fan
/// triangles are shared out evenly so no piece is a lone sliver.
fn split_convex(pts: &[Vec2]) -> Vec<Vec<Vec2>> {
    let n = pts.len();
    if n <= MAX_POLYGON_VERTICES {
        return vec![pts.to_vec()];
    }
    let per_piece = MAX_POLYGON_VERTICES - 2;
    let triangles = n - 2;
    let count = triangles.div_ceil(per_piece);
    let (base, extra) = (triangles / count, triangles % count);
    let mut pieces = Vec::with_capacity(count);
    let mut start = 1; // first fan vertex after the hub of this piece
    for k in 0..count {
        let size = base + usize::from(k < extra);
        let mut piece = Vec::with_capacity(size + 2);
        piece.push(pts[0]);
        piece.extend_from_slice(&pts[start..=start + size]);
        pieces.push(piece);
        start += size;
    }
    pieces
}

/// Build a `Polygon` from at most 8 convex CCW points, refusing anything
/// whose edges are too short to give a normal (the solver divides by them).
fn build_polygon(points: &[Vec2], radius: Real) -> PhysicsResult<Polygon> {
    if points.len() < 3 {
        return Err(too_few(points.len()));
    }
    if points.len() > MAX_POLYGON_VERTICES {
        return Err(invalid(format!(
            "convex polygon has {} vertices, at most {MAX_POLYGON_VERTICES} allowed",
            points.len()
        )));
    }
    if !points.iter().all(|p| is_finite_vec(*p)) {
        return Err(PhysicsError::NonFinite(
            "polygon coordinates must be finite numbers".into(),
        ));
    }
    let poly = Polygon::from_ccw(points, radius);
    let normals_ok = poly.normals[..poly.count]
        .iter()
        .all(|n| is_finite_vec(*n) && (n.length() - 1.0).abs() < 1e-6);
    if !normals_ok || !is_finite_vec(poly.centroid) {
        return Err(invalid(
            "polygon is too small to simulate (edges of zero length)",
        ));
    }
    Ok(poly)
}

/// A single convex polygon (radius 0) from the convex hull of `points`.
/// Fails if a point is not finite, the hull is degenerate, or it has more
/// than `MAX_POLYGON_VERTICES` corners (use `make_convex_pieces` then).
pub fn make_polygon_from_hull(points: &[Vec2]) -> PhysicsResult<Polygon> {
    if let Some(i) = points.iter().position(|p| !is_finite_vec(*p)) {
        let p = points[i];
        return Err(PhysicsError::NonFinite(format!(
            "polygon point {} must have finite coordinates, got ({}, {})",
            i + 1,
            p.x,
            p.y
        )));
    }
    if !extent(points).is_finite() {
        return Err(PhysicsError::NonFinite(
            "polygon coordinates are too large to compute with".into(),
        ));
    }
    let hull = convex_hull(points);
    if hull.len() < 3 {
        // Distinguish "not enough distinct points" from "all on one line":
        // a degenerate hull drops the in-between points of a line.
        let tol = length_tolerance(points);
        let more = points
            .iter()
            .any(|p| hull.iter().all(|h| (*p - *h).length() > tol));
        return Err(if more {
            zero_area()
        } else {
            too_few(hull.len())
        });
    }
    if hull.len() > MAX_POLYGON_VERTICES {
        return Err(invalid(format!(
            "polygon hull has {} corners, at most {MAX_POLYGON_VERTICES} allowed",
            hull.len()
        )));
    }
    build_polygon(&hull, 0.0)
}

/// A box of half-extents `hx`, `hy`, centred at `center` and rotated by
/// `angle` radians. Sizes must be finite and positive.
pub fn make_box(hx: Real, hy: Real, center: Vec2, angle: Real) -> PhysicsResult<Polygon> {
    require_positive("box half-width", hx)?;
    require_positive("box half-height", hy)?;
    require_finite("box centre x", center.x)?;
    require_finite("box centre y", center.y)?;
    require_finite("box angle", angle)?;
    let poly = Polygon::make_offset_box(hx, hy, center, angle);
    build_polygon(poly.verts(), 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::math::cross;

    fn v(x: Real, y: Real) -> Vec2 {
        Vec2::new(x, y)
    }

    fn message(r: PhysicsResult<impl std::fmt::Debug>) -> String {
        match r {
            Err(PhysicsError::InvalidShape(m)) => m,
            other => panic!("expected InvalidShape, got {other:?}"),
        }
    }

    fn area(pts: &[Vec2]) -> Real {
        0.5 * twice_signed_area(pts)
    }

    fn assert_convex_ccw(p: &Polygon) {
        let vs = p.verts();
        let n = vs.len();
        assert!((3..=MAX_POLYGON_VERTICES).contains(&n));
        for i in 0..n {
            let c = cross(vs[(i + 1) % n] - vs[i], vs[(i + 2) % n] - vs[(i + 1) % n]);
            assert!(c > 0.0, "not strictly convex at {i}: {vs:?}");
        }
    }

    #[test]
    fn nan_point_rejected() {
        let r = validate_simple_polygon(&[v(0.0, 0.0), v(Real::NAN, 0.0), v(0.0, 1.0)]);
        assert!(matches!(r, Err(PhysicsError::NonFinite(_))));
        let r = make_convex_pieces(&[v(0.0, 0.0), v(1.0, Real::INFINITY), v(0.0, 1.0)], 0.0);
        assert!(matches!(r, Err(PhysicsError::NonFinite(_))));
    }

    #[test]
    fn too_few_points() {
        let m = message(validate_simple_polygon(&[v(0.0, 0.0), v(1.0, 0.0)]));
        assert_eq!(m, "polygon needs at least 3 distinct points, got 2");
        let m = message(validate_simple_polygon(&[]));
        assert_eq!(m, "polygon needs at least 3 distinct points, got 0");
        // Duplicates do not count as distinct points.
        let m = message(validate_simple_polygon(&[
            v(0.0, 0.0),
            v(1.0, 0.0),
            v(1.0, 0.0),
            v(0.0, 0.0),
        ]));
        assert_eq!(m, "polygon needs at least 3 distinct points, got 2");
    }

    #[test]
    fn collinear_points_have_zero_area() {
        let m = message(validate_simple_polygon(&[
            v(0.0, 0.0),
            v(1.0, 1.0),
            v(2.0, 2.0),
        ]));
        assert_eq!(m, "polygon has zero area");
        let m = message(validate_simple_polygon(&[
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(1.0, 0.0),
        ]));
        assert_eq!(m, "polygon has zero area");
    }

    #[test]
    fn duplicates_removed() {
        let pts = [
            v(0.0, 0.0),
            v(0.0, 0.0),
            v(1.0, 0.0),
            v(1.0, 1.0),
            v(1.0, 1.0 + 1e-15),
            v(0.0, 1.0),
            v(0.0, 0.0),
        ];
        let out = validate_simple_polygon(&pts).unwrap();
        assert_eq!(out.len(), 4);
        assert!((area(&out) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn bow_tie_rejected() {
        let pts = [v(0.0, 0.0), v(1.0, 1.0), v(1.0, 0.0), v(0.0, 1.0)];
        let m = message(validate_simple_polygon(&pts));
        assert_eq!(m, "polygon edges cross each other (self-intersecting)");
    }

    #[test]
    fn touching_and_folded_rejected() {
        // A vertex touching a non-neighbouring edge.
        let pts = [
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(2.0, 2.0),
            v(1.0, 0.0),
            v(0.0, 2.0),
        ];
        assert!(message(validate_simple_polygon(&pts)).contains("self-intersecting"));
        // A zero-width spike folding back on itself.
        let pts = [
            v(0.0, 0.0),
            v(1.0, 0.0),
            v(3.0, 0.0),
            v(1.0, 0.0),
            v(0.0, 1.0),
        ];
        assert!(validate_simple_polygon(&pts).is_err());
    }

    #[test]
    fn cw_input_reversed_and_collinear_removed() {
        let cw = [
            v(0.0, 0.0),
            v(0.0, 1.0),
            v(1.0, 1.0),
            v(1.0, 0.5),
            v(1.0, 0.0),
            v(0.5, 0.0),
        ];
        let out = validate_simple_polygon(&cw).unwrap();
        assert_eq!(out.len(), 4);
        assert!(area(&out) > 0.0);
        assert!((area(&out) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn too_many_points_rejected() {
        let pts: Vec<Vec2> = (0..MAX_INPUT_POINTS + 1)
            .map(|i| {
                let a = i as Real / (MAX_INPUT_POINTS + 1) as Real * std::f64::consts::TAU;
                v(a.cos(), a.sin())
            })
            .collect();
        assert!(message(validate_simple_polygon(&pts)).contains("too many points"));
    }

    #[test]
    fn huge_coordinates_do_not_panic() {
        let pts = [v(-1e308, 0.0), v(1e308, 0.0), v(0.0, 1e308)];
        assert!(validate_simple_polygon(&pts).is_err());
        assert!(make_convex_pieces(&pts, 0.0).is_err());
        assert!(make_polygon_from_hull(&pts).is_err());
    }

    #[test]
    fn small_convex_is_one_piece() {
        let pts = [v(0.0, 0.0), v(2.0, 0.0), v(2.0, 1.0), v(0.0, 1.0)];
        let pieces = make_convex_pieces(&pts, 0.1).unwrap();
        assert_eq!(pieces.len(), 1);
        assert_eq!(pieces[0].radius, 0.1);
        assert_convex_ccw(&pieces[0]);
    }

    #[test]
    fn twelve_gon_split_into_small_pieces() {
        let n = 12;
        let pts: Vec<Vec2> = (0..n)
            .map(|i| {
                let a = i as Real * std::f64::consts::TAU / n as Real;
                v(2.0 * a.cos(), 2.0 * a.sin())
            })
            .collect();
        let pieces = make_convex_pieces(&pts, 0.0).unwrap();
        assert_eq!(pieces.len(), 2);
        let total: Real = pieces.iter().map(|p| area(p.verts())).sum();
        assert!((total - area(&pts)).abs() <= 1e-12 * area(&pts));
        for p in &pieces {
            assert_convex_ccw(p);
        }
    }

    #[test]
    fn large_convex_split_evenly() {
        for n in [9, 14, 15, 40, 100] {
            let pts: Vec<Vec2> = (0..n)
                .map(|i| {
                    let a = i as Real * std::f64::consts::TAU / n as Real;
                    v(a.cos(), a.sin())
                })
                .collect();
            let pieces = make_convex_pieces(&pts, 0.0).unwrap();
            assert_eq!(pieces.len(), (n - 2usize).div_ceil(6));
            let total: Real = pieces.iter().map(|p| area(p.verts())).sum();
            assert!((total - area(&pts)).abs() <= 1e-12 * area(&pts));
            for p in &pieces {
                assert_convex_ccw(p);
            }
        }
    }

    #[test]
    fn concave_pieces_cover_area() {
        let l = [
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(2.0, 1.0),
            v(1.0, 1.0),
            v(1.0, 2.0),
            v(0.0, 2.0),
        ];
        let pieces = make_convex_pieces(&l, 0.0).unwrap();
        assert!(pieces.len() >= 2);
        let total: Real = pieces.iter().map(|p| area(p.verts())).sum();
        assert!((total - 3.0).abs() < 1e-12);
        for p in &pieces {
            assert_convex_ccw(p);
        }
    }

    #[test]
    fn bad_radius() {
        let pts = [v(0.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)];
        assert!(message(make_convex_pieces(&pts, -1.0)).contains("radius"));
        assert!(matches!(
            make_convex_pieces(&pts, Real::NAN),
            Err(PhysicsError::NonFinite(_))
        ));
    }

    #[test]
    fn hull_polygon() {
        let pts = [
            v(0.0, 0.0),
            v(1.0, 0.0),
            v(0.5, 0.2),
            v(1.0, 1.0),
            v(0.0, 1.0),
        ];
        let p = make_polygon_from_hull(&pts).unwrap();
        assert_eq!(p.count, 4);
        assert_convex_ccw(&p);
        assert!(message(make_polygon_from_hull(&[v(0.0, 0.0), v(1.0, 1.0)])).contains("at least 3"));
        assert_eq!(
            message(make_polygon_from_hull(&[
                v(0.0, 0.0),
                v(1.0, 1.0),
                v(2.0, 2.0)
            ])),
            "polygon has zero area"
        );
        let circle: Vec<Vec2> = (0..12)
            .map(|i| {
                let a = i as Real * std::f64::consts::TAU / 12.0;
                v(a.cos(), a.sin())
            })
            .collect();
        assert!(message(make_polygon_from_hull(&circle)).contains("at most 8"));
        assert!(matches!(
            make_polygon_from_hull(&[v(Real::NAN, 0.0), v(1.0, 0.0), v(0.0, 1.0)]),
            Err(PhysicsError::NonFinite(_))
        ));
    }

    #[test]
    fn boxes() {
        let b = make_box(1.0, 0.5, v(2.0, 3.0), 0.3).unwrap();
        assert_convex_ccw(&b);
        assert!((area(b.verts()) - 2.0).abs() < 1e-12);
        assert!((b.centroid - v(2.0, 3.0)).length() < 1e-12);
        assert_eq!(
            message(make_box(-1.0, 1.0, Vec2::ZERO, 0.0)),
            "box half-width must be a positive number, got -1"
        );
        assert_eq!(
            message(make_box(1.0, 0.0, Vec2::ZERO, 0.0)),
            "box half-height must be a positive number, got 0"
        );
        assert!(matches!(
            make_box(Real::NAN, 1.0, Vec2::ZERO, 0.0),
            Err(PhysicsError::NonFinite(_))
        ));
        assert!(matches!(
            make_box(1.0, 1.0, Vec2::ZERO, Real::INFINITY),
            Err(PhysicsError::NonFinite(_))
        ));
        assert!(make_box(1e-320, 1e-320, Vec2::ZERO, 0.0).is_err());
        assert!(make_box(1e308, 1e308, v(1e308, 0.0), 0.0).is_err());
    }

    /// Tiny deterministic generator for the randomized tests.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> Real {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 >> 11) as Real / (1u64 << 53) as Real
        }
    }

    #[test]
    fn random_star_shaped_polygons_decompose_exactly() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut checked = 0;
        for case in 0..300 {
            let n = 3 + (rng.next() * 60.0) as usize;
            let scale = 10f64.powi(case % 7 - 3);
            let offset = v(rng.next() * 100.0 * scale, rng.next() * 100.0 * scale);
            // Increasing angles and positive radii: always a simple polygon.
            let mut angles: Vec<Real> =
                (0..n).map(|_| rng.next() * std::f64::consts::TAU).collect();
            angles.sort_by(|a, b| a.total_cmp(b));
            let pts: Vec<Vec2> = angles
                .iter()
                .map(|&a| offset + scale * (0.2 + rng.next()) * v(a.cos(), a.sin()))
                .collect();
            let Ok(clean) = validate_simple_polygon(&pts) else {
                continue; // random angles can coincide or line up
            };
            checked += 1;
            let pieces = make_convex_pieces(&pts, 0.0).unwrap();
            let total: Real = pieces.iter().map(|p| area(p.verts())).sum();
            let expect = area(&clean);
            assert!(
                (total - expect).abs() <= 1e-9 * expect,
                "case {case}: {total} vs {expect}"
            );
            for p in &pieces {
                assert_convex_ccw(p);
            }
        }
        assert!(checked > 250, "only {checked} random polygons were valid");
    }

    #[test]
    fn random_garbage_never_panics() {
        let mut rng = Rng(12345);
        let specials = [
            Real::NAN,
            Real::INFINITY,
            -Real::INFINITY,
            0.0,
            1e308,
            -1e308,
            1e-320,
        ];
        for _ in 0..2000 {
            let n = (rng.next() * 12.0) as usize;
            let pts: Vec<Vec2> = (0..n)
                .map(|_| {
                    let mut c = || {
                        if rng.next() < 0.05 {
                            specials[(rng.next() * specials.len() as Real) as usize]
                        } else {
                            (rng.next() * 4.0).round() - 2.0
                        }
                    };
                    v(c(), c())
                })
                .collect();
            let _ = validate_simple_polygon(&pts);
            if let Ok(pieces) = make_convex_pieces(&pts, 0.0) {
                for p in &pieces {
                    assert_convex_ccw(p);
                }
            }
            let _ = make_polygon_from_hull(&pts);
            let _ = crate::physics::geometry::decompose_concave(&pts);
        }
    }

    #[test]
    fn largest_allowed_concave_polygon() {
        // A 1024-point star: 512 reflex vertices, the worst case we accept.
        let n = MAX_INPUT_POINTS;
        let pts: Vec<Vec2> = (0..n)
            .map(|i| {
                let a = i as Real * std::f64::consts::TAU / n as Real;
                let r = if i % 2 == 0 { 10.0 } else { 9.0 };
                v(r * a.cos(), r * a.sin())
            })
            .collect();
        let pieces = make_convex_pieces(&pts, 0.0).unwrap();
        let total: Real = pieces.iter().map(|p| area(p.verts())).sum();
        assert!((total - area(&pts)).abs() <= 1e-9 * area(&pts));
    }
}
