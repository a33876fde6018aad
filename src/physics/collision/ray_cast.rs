//! Ray casts against single shapes. The ray is `origin + t * translation`
//! for `t` in [0, 1]; the hit reports the first entry point, the outward
//! surface normal there and `t` as `fraction`. Rays that start inside (or
//! exactly on the boundary of) a solid shape report no hit, so a query from
//! within a body sees past it. Segments are two-sided: the normal faces the
//! ray's origin. Work happens in the shape's local frame for precision.

use crate::physics::geometry::shape::{Polygon, Segment, ShapeGeom, MAX_POLYGON_VERTICES};
use crate::physics::math::{right_perp, Real, Transform, Vec2};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    /// World point where the ray enters the shape.
    pub point: Vec2,
    /// World unit normal of the surface there.
    pub normal: Vec2,
    /// Fraction of `translation` travelled, in [0, 1].
    pub fraction: Real,
}

/// Local-frame hit: fraction and local normal.
type LocalHit = (Real, Vec2);

/// Cast a ray against a shape placed by `xf`.
pub fn raycast_shape(
    g: &ShapeGeom,
    xf: Transform,
    origin: Vec2,
    translation: Vec2,
) -> Option<RayHit> {
    let p = xf.inv_apply(origin);
    let d = xf.q.inv_rotate(translation);
    let (fraction, n) = match g {
        ShapeGeom::Circle(c) => ray_circle(c.center, c.radius, p, d),
        ShapeGeom::Segment(s) => ray_segment(s, p, d),
        ShapeGeom::Polygon(poly) => ray_polygon(poly, p, d),
    }?;
    let normal = xf.q.rotate(n);
    let ok = (0.0..=1.0).contains(&fraction) && normal.is_finite();
    ok.then(|| RayHit {
        point: origin + fraction * translation,
        normal,
        fraction,
    })
}

/// Disc of `radius` at `center`.
fn ray_circle(center: Vec2, radius: Real, p: Vec2, d: Vec2) -> Option<LocalHit> {
    let s = p - center;
    let dd = d.dot(d);
    if dd <= 0.0 || s.dot(s) <= radius * radius {
        // No motion, or starting inside (NaN falls through to the checks below).
        return None;
    }
    // Parameter of closest approach, then step back by the half chord; this
    // form avoids the cancellation of the textbook quadratic for long rays.
    let tc = -s.dot(d) / dd;
    let closest = s + tc * d;
    let h2 = radius * radius - closest.dot(closest);
    if h2 < 0.0 {
        return None;
    }
    let t = tc - (h2 / dd).sqrt();
    if !(0.0..=1.0).contains(&t) {
        return None;
    }
    let n = (s + t * d).normalize_or_zero();
    Some((t, n))
}

/// Two-sided segment.
fn ray_segment(seg: &Segment, p: Vec2, d: Vec2) -> Option<LocalHit> {
    let e = seg.b - seg.a;
    let ee = e.dot(e);
    if ee <= 0.0 {
        return None;
    }
    let n = right_perp(e).normalize_or_zero();
    let den = n.dot(d);
    if den == 0.0 {
        return None; // Parallel: a zero-thickness segment is never entered.
    }
    let t = n.dot(seg.a - p) / den;
    if !(0.0..=1.0).contains(&t) {
        return None;
    }
    let s = (p + t * d - seg.a).dot(e) / ee;
    if !(0.0..=1.0).contains(&s) {
        return None;
    }
    Some((t, if den > 0.0 { -n } else { n }))
}

fn ray_polygon(poly: &Polygon, p: Vec2, d: Vec2) -> Option<LocalHit> {
    let count = poly.count.min(MAX_POLYGON_VERTICES);
    match count {
        0 => None,
        1 => ray_circle(poly.vertices[0], poly.radius, p, d),
        _ if poly.radius > 0.0 => ray_rounded_polygon(poly, count, p, d),
        _ => ray_sharp_polygon(poly, count, p, d),
    }
}

/// Clip the ray against each edge's half-plane: the latest entering
/// crossing is the hit, unless an exit comes first.
fn ray_sharp_polygon(poly: &Polygon, count: usize, p: Vec2, d: Vec2) -> Option<LocalHit> {
    let mut lower = 0.0;
    let mut upper = 1.0;
    let mut entered = None;
    for i in 0..count {
        let n = poly.normals[i];
        let num = n.dot(poly.vertices[i] - p); // >= 0 when p is inside this edge
        let den = n.dot(d);
        if den == 0.0 {
            if num < 0.0 {
                return None; // Parallel and outside this edge.
            }
        } else if den < 0.0 && num < lower * den {
            lower = num / den;
            entered = Some(i);
        } else if den > 0.0 && num < upper * den {
            upper = num / den;
        }
        if upper < lower {
            return None;
        }
    }
    // No entering crossing: the ray started inside (or on the boundary).
    entered.map(|i| (lower, poly.normals[i]))
}

/// A rounded polygon is the core hull swept by a disc: its boundary is the
/// edges pushed out by the radius plus an arc at each vertex. The first hit is
/// the earliest entry through any of those pieces.
fn ray_rounded_polygon(poly: &Polygon, count: usize, p: Vec2, d: Vec2) -> Option<LocalHit> {
    let r = poly.radius;
    if distance_outside(poly, count, p) <= r {
        return None; // Starts inside the rounded shape.
    }
    let mut best: Option<LocalHit> = None;
    let mut keep = |h: Option<LocalHit>| {
        if let Some(h) = h {
            if best.is_none_or(|b| h.0 < b.0) {
                best = Some(h);
            }
        }
    };
    for i in 0..count {
        let n = poly.normals[i];
        let v1 = poly.vertices[i];
        let v2 = poly.vertices[if i + 1 < count { i + 1 } else { 0 }];
        // Only the outside face of the pushed-out edge can be entered.
        if n.dot(d) < 0.0 {
            let offset = Segment::new(v1 + r * n, v2 + r * n);
            keep(ray_segment(&offset, p, d).map(|(t, _)| (t, n)));
        }
        keep(ray_circle(v1, r, p, d));
    }
    best
}

/// Distance from `p` to the core polygon (0 inside).
fn distance_outside(poly: &Polygon, count: usize, p: Vec2) -> Real {
    let mut inside = true;
    let mut best = Real::INFINITY;
    for i in 0..count {
        let v1 = poly.vertices[i];
        let v2 = poly.vertices[if i + 1 < count { i + 1 } else { 0 }];
        if poly.normals[i].dot(p - v1) > 0.0 {
            inside = false;
        }
        let e = v2 - v1;
        let ee = e.dot(e);
        let t = if ee > 0.0 {
            ((p - v1).dot(e) / ee).clamp(0.0, 1.0)
        } else {
            0.0
        };
        best = best.min((p - (v1 + t * e)).length());
    }
    if inside {
        0.0
    } else {
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::geometry::shape::Circle;

    /// A bare circle's ray cast.
    fn raycast_circle(
        c: &Circle,
        xf: Transform,
        origin: Vec2,
        translation: Vec2,
    ) -> Option<RayHit> {
        raycast_shape(&ShapeGeom::Circle(*c), xf, origin, translation)
    }
    use std::f64::consts::FRAC_PI_4;

    fn near(a: Vec2, b: Vec2) -> bool {
        (a - b).length() < 1e-12
    }

    #[test]
    fn circle_hit_miss_inside_short() {
        let c = ShapeGeom::Circle(Circle {
            center: Vec2::new(0.5, 0.0),
            radius: 0.5,
        });
        let xf = Transform::new(Vec2::new(2.0, 0.0), 0.0);
        let h = raycast_shape(&c, xf, Vec2::ZERO, Vec2::new(4.0, 0.0)).unwrap();
        assert!((h.fraction - 0.5).abs() < 1e-12);
        assert!(near(h.point, Vec2::new(2.0, 0.0)));
        assert!(near(h.normal, -Vec2::X));
        assert!(raycast_shape(&c, xf, Vec2::new(0.0, 0.6), Vec2::new(4.0, 0.0)).is_none());
        assert!(raycast_shape(&c, xf, Vec2::new(2.5, 0.0), Vec2::new(4.0, 0.0)).is_none());
        assert!(raycast_shape(&c, xf, Vec2::ZERO, Vec2::new(1.9, 0.0)).is_none());
        assert!(raycast_shape(&c, xf, Vec2::ZERO, Vec2::ZERO).is_none());
    }

    #[test]
    fn rotated_box() {
        let b = ShapeGeom::Polygon(Polygon::make_box(0.5, 0.5));
        let xf = Transform::new(Vec2::new(0.0, 3.0), FRAC_PI_4);
        let h = raycast_shape(&b, xf, Vec2::ZERO, Vec2::new(0.0, 10.0)).unwrap();
        let corner_y = 3.0 - 0.5 * 2.0_f64.sqrt();
        assert!((h.point.y - corner_y).abs() < 1e-12);
        assert!((h.fraction - corner_y / 10.0).abs() < 1e-12);
        assert!((h.normal.length() - 1.0).abs() < 1e-12 && h.normal.y < 0.0);
        // Face hit with exact normal.
        let xf = Transform::new(Vec2::new(3.0, 0.0), 0.0);
        let h = raycast_shape(&b, xf, Vec2::new(0.0, 0.2), Vec2::new(5.0, 0.0)).unwrap();
        assert!(near(h.normal, -Vec2::X));
        assert!((h.fraction - 0.5).abs() < 1e-12);
        // From inside: no hit. Parallel outside: no hit.
        assert!(raycast_shape(&b, xf, Vec2::new(3.0, 0.0), Vec2::new(5.0, 0.0)).is_none());
        assert!(raycast_shape(&b, xf, Vec2::new(0.0, 0.6), Vec2::new(5.0, 0.0)).is_none());
    }

    #[test]
    fn rounded_box_corner_and_face() {
        let mut poly = Polygon::make_box(0.5, 0.5);
        poly.radius = 0.1;
        let g = ShapeGeom::Polygon(poly);
        // Face: enters at x = -0.6.
        let h = raycast_shape(
            &g,
            Transform::IDENTITY,
            Vec2::new(-2.0, 0.0),
            Vec2::new(4.0, 0.0),
        )
        .unwrap();
        assert!((h.point.x + 0.6).abs() < 1e-12);
        assert!(near(h.normal, -Vec2::X));
        // Diagonal at the corner: enters on the arc.
        let dir = Vec2::new(1.0, 1.0).normalize();
        let h = raycast_shape(&g, Transform::IDENTITY, -2.0 * dir, 4.0 * dir).unwrap();
        let expect = -(0.5 * 2.0_f64.sqrt() + 0.1);
        assert!((h.point.dot(dir) - expect).abs() < 1e-12);
        assert!(near(h.normal, -dir));
        // Passing just outside the rounded corner misses, just inside hits.
        let o = Vec2::new(-2.0, 0.5 + 0.1 * 0.999);
        assert!(raycast_shape(&g, Transform::IDENTITY, o, Vec2::new(4.0, 0.0)).is_some());
        let o = Vec2::new(-2.0, 0.6001);
        assert!(raycast_shape(&g, Transform::IDENTITY, o, Vec2::new(4.0, 0.0)).is_none());
    }

    #[test]
    fn segment_two_sided() {
        let s = ShapeGeom::Segment(Segment::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)));
        let h = raycast_shape(
            &s,
            Transform::IDENTITY,
            Vec2::new(0.2, 1.0),
            Vec2::new(0.0, -2.0),
        )
        .unwrap();
        assert!(near(h.normal, Vec2::Y));
        assert!((h.fraction - 0.5).abs() < 1e-12);
        let h = raycast_shape(
            &s,
            Transform::IDENTITY,
            Vec2::new(0.2, -1.0),
            Vec2::new(0.0, 2.0),
        )
        .unwrap();
        assert!(near(h.normal, -Vec2::Y));
        assert!(raycast_shape(
            &s,
            Transform::IDENTITY,
            Vec2::new(1.5, 1.0),
            Vec2::new(0.0, -2.0)
        )
        .is_none());
        assert!(raycast_shape(
            &s,
            Transform::IDENTITY,
            Vec2::new(-2.0, 0.0),
            Vec2::new(4.0, 0.0)
        )
        .is_none());
    }

    #[test]
    fn far_from_origin() {
        let b = ShapeGeom::Polygon(Polygon::make_box(0.5, 0.5));
        let xf = Transform::new(Vec2::new(1e6, 1e6), 0.3);
        let o = Vec2::new(1e6 - 5.0, 1e6);
        let h = raycast_shape(&b, xf, o, Vec2::new(10.0, 0.0)).unwrap();
        assert!(h.fraction > 0.4 && h.fraction < 0.46);
        assert!(h.point.is_finite() && (h.normal.length() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn bad_input_does_not_panic() {
        let mut poly = Polygon::make_box(0.5, 0.5);
        let nan = Vec2::new(Real::NAN, 0.0);
        for r in [0.0, 0.1] {
            poly.radius = r;
            for count in [0, 1, 2, 99] {
                poly.count = count;
                let g = ShapeGeom::Polygon(poly);
                let _ = raycast_shape(&g, Transform::IDENTITY, nan, Vec2::X);
                let _ = raycast_shape(&g, Transform::IDENTITY, Vec2::new(-2.0, 0.0), nan);
                let _ = raycast_shape(
                    &g,
                    Transform::IDENTITY,
                    Vec2::new(-2.0, 0.0),
                    Vec2::new(4.0, 0.0),
                );
            }
        }
        let c = Circle {
            center: Vec2::ZERO,
            radius: 1.0,
        };
        assert!(raycast_circle(&c, Transform::IDENTITY, nan, Vec2::X).is_none());
    }
}
