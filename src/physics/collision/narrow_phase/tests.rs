//! Narrow-phase tests: analytic resting/overlap cases, ordering and ids,
//! and numerical robustness (tiny, huge, degenerate and non-finite input).

use super::*;
use crate::physics::collision::manifold::{Manifold, ManifoldPoint};
use crate::physics::geometry::shape::{Circle, Polygon, Segment, ShapeGeom};
use crate::physics::math::{Real, Transform, Vec2};
use std::f64::consts::FRAC_PI_4;

const SPEC: Real = 4.0 * LINEAR_SLOP;

fn xf(x: Real, y: Real, angle: Real) -> Transform {
    Transform::new(Vec2::new(x, y), angle)
}

fn close(a: Real, b: Real, tol: Real) -> bool {
    (a - b).abs() <= tol
}

fn assert_anchors(m: &Manifold, xa: Transform, xb: Transform, tol: Real) {
    for p in m.points() {
        assert!((p.anchor_a - (p.point - xa.p)).length() <= tol, "{p:?}");
        assert!((p.anchor_b - (p.point - xb.p)).length() <= tol, "{p:?}");
    }
}

fn all_finite(m: &Manifold) -> bool {
    let ok = |p: &ManifoldPoint| {
        p.point.is_finite()
            && p.anchor_a.is_finite()
            && p.anchor_b.is_finite()
            && p.separation.is_finite()
    };
    m.count <= 2 && m.points().iter().all(ok) && (m.count == 0 || m.normal.is_finite())
}

fn ground() -> (Polygon, Transform) {
    (Polygon::make_box(5.0, 0.5), Transform::IDENTITY)
}

#[test]
fn box_resting_on_box_two_points() {
    let (g, xg) = ground();
    let b = Polygon::make_box(0.5, 0.5);
    let xb = xf(0.2, 1.0 - 0.01, 0.0);
    let m = collide_polygons(&g, xg, &b, xb, SPEC);
    assert_eq!(m.count, 2);
    assert!((m.normal - Vec2::Y).length() < 1e-12);
    let mut xs: Vec<Real> = m.points().iter().map(|p| p.point.x).collect();
    xs.sort_by(|a, b| a.total_cmp(b));
    assert!(close(xs[0], -0.3, 1e-12) && close(xs[1], 0.7, 1e-12));
    for p in m.points() {
        assert!(close(p.separation, -0.01, 1e-12));
        // Midway between the surfaces.
        assert!(close(p.point.y, 0.5 - 0.005, 1e-12));
    }
    assert_anchors(&m, xg, xb, 1e-12);
    assert_ne!(m.points[0].id, m.points[1].id);
}

#[test]
fn rotated_box_corner_on_ground_one_point() {
    let (g, xg) = ground();
    let b = Polygon::make_box(0.5, 0.5);
    let half_diag = 0.5 * 2.0_f64.sqrt();
    let xb = xf(0.0, 0.5 + half_diag - 0.002, FRAC_PI_4);
    let m = collide_polygons(&g, xg, &b, xb, SPEC);
    assert_eq!(m.count, 1);
    assert!((m.normal - Vec2::Y).length() < 1e-12);
    assert!(close(m.points[0].separation, -0.002, 1e-12));
    assert!(close(m.points[0].point.x, 0.0, 1e-12));
    assert_anchors(&m, xg, xb, 1e-12);
}

#[test]
fn tilted_box_as_a_flips_reference_but_normal_stays_a_to_b() {
    // The tilted box is A: the ground's face is the reference (flip), yet the
    // normal must point from A (box) to B (ground), i.e. down.
    let (g, xg) = ground();
    let b = Polygon::make_box(0.5, 0.5);
    let half_diag = 0.5 * 2.0_f64.sqrt();
    let xb = xf(0.0, 0.5 + half_diag - 0.002, FRAC_PI_4);
    let m = collide_polygons(&b, xb, &g, xg, SPEC);
    assert_eq!(m.count, 1);
    assert!((m.normal + Vec2::Y).length() < 1e-12);
    assert!(close(m.points[0].separation, -0.002, 1e-12));
    assert_anchors(&m, xb, xg, 1e-12);
    let straight = collide_polygons(&g, xg, &b, xb, SPEC);
    // Same features, bytes swapped.
    assert_eq!(m.points[0].id, straight.points[0].id.rotate_left(8));
}

#[test]
fn circle_on_box_face_and_corner() {
    let (g, xg) = ground();
    let c = Circle {
        center: Vec2::ZERO,
        radius: 0.25,
    };
    let xc = xf(1.0, 0.75 - 0.01, 0.0);
    let m = collide_polygon_circle(&g, xg, &c, xc, SPEC);
    assert_eq!(m.count, 1);
    assert!((m.normal - Vec2::Y).length() < 1e-12);
    assert!(close(m.points[0].separation, -0.01, 1e-12));
    assert!((m.points[0].point - Vec2::new(1.0, 0.495)).length() < 1e-12);
    assert_anchors(&m, xg, xc, 1e-12);

    // Off the top-right corner, diagonally, 0.01 apart: inside speculative.
    let corner = Vec2::new(5.0, 0.5);
    let dir = Vec2::new(1.0, 1.0).normalize();
    let xc = Transform {
        p: corner + (0.25 + 0.01) * dir,
        q: Default::default(),
    };
    let m = collide_polygon_circle(&g, xg, &c, xc, SPEC);
    assert_eq!(m.count, 1);
    assert!((m.normal - dir).length() < 1e-12);
    assert!(close(m.points[0].separation, 0.01, 1e-12));
}

#[test]
fn circles_overlap_speculative_and_far() {
    let c = Circle {
        center: Vec2::new(0.1, 0.0),
        radius: 0.5,
    };
    let xa = xf(0.0, 0.0, 0.0);
    let m = collide_circles(&c, xa, &c, xf(0.9, 0.0, 0.0), SPEC);
    assert_eq!(m.count, 1);
    assert!(close(m.points[0].separation, -0.1, 1e-12));
    assert!((m.normal - Vec2::X).length() < 1e-12);
    assert!((m.points[0].point - Vec2::new(0.55, 0.0)).length() < 1e-12);

    let m = collide_circles(&c, xa, &c, xf(1.01, 0.0, 0.0), SPEC);
    assert_eq!(m.count, 1);
    assert!(close(m.points[0].separation, 0.01, 1e-12));

    let m = collide_circles(&c, xa, &c, xf(1.03, 0.0, 0.0), SPEC);
    assert_eq!(m.count, 0);

    // Coincident centres: still a finite, unit normal.
    let m = collide_circles(&c, xa, &c, xa, SPEC);
    assert_eq!(m.count, 1);
    assert!(close(m.normal.length(), 1.0, 1e-12));
    assert!(close(m.points[0].separation, -1.0, 1e-12));
}

#[test]
fn polygons_with_speculative_gap() {
    let (g, xg) = ground();
    let b = Polygon::make_box(0.5, 0.5);
    let m = collide_polygons(&g, xg, &b, xf(0.0, 1.01, 0.0), SPEC);
    assert_eq!(m.count, 2);
    for p in m.points() {
        assert!(close(p.separation, 0.01, 1e-12));
    }
    let m = collide_polygons(&g, xg, &b, xf(0.0, 1.03, 0.0), SPEC);
    assert_eq!(m.count, 0);
}

#[test]
fn corner_to_corner_gap_gives_single_vertex_contact() {
    let a = Polygon::make_box(0.5, 0.5);
    let xb = xf(1.0 + 0.006, 1.0 + 0.006, 0.0);
    let m = collide_polygons(&a, Transform::IDENTITY, &a, xb, SPEC);
    assert_eq!(m.count, 1);
    let d = 0.006 * 2.0_f64.sqrt();
    assert!(close(m.points[0].separation, d, 1e-12));
    assert!((m.normal - Vec2::new(1.0, 1.0).normalize()).length() < 1e-12);
}

#[test]
fn ids_stable_when_box_slides() {
    let (g, xg) = ground();
    let b = Polygon::make_box(0.5, 0.5);
    let ids = |x: Real| {
        let m = collide_polygons(&g, xg, &b, xf(x, 0.995, 0.0), SPEC);
        assert_eq!(m.count, 2);
        (m.points[0].id, m.points[1].id)
    };
    let first = ids(0.0);
    for k in 1..20 {
        assert_eq!(ids(0.01 * k as Real), first);
    }
}

#[test]
fn segment_against_box_from_both_sides() {
    let s = Segment::new(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0));
    let b = Polygon::make_box(0.5, 0.5);
    let xs = Transform::IDENTITY;
    let above = xf(1.0, 0.49, 0.0);
    let m = collide_segment_polygon(&s, xs, &b, above, SPEC);
    assert_eq!(m.count, 2);
    assert!((m.normal - Vec2::Y).length() < 1e-12);
    for p in m.points() {
        assert!(close(p.separation, -0.01, 1e-12));
    }
    assert_anchors(&m, xs, above, 1e-12);

    let below = xf(1.0, -0.49, 0.0);
    let m = collide_segment_polygon(&s, xs, &b, below, SPEC);
    assert_eq!(m.count, 2);
    assert!((m.normal + Vec2::Y).length() < 1e-12);
    for p in m.points() {
        assert!(close(p.separation, -0.01, 1e-12));
    }

    // Through the dispatcher in the other order the normal flips.
    let m2 = collide(
        &ShapeGeom::Polygon(b),
        below,
        &ShapeGeom::Segment(s),
        xs,
        SPEC,
    );
    assert_eq!(m2.count, 2);
    assert!((m2.normal - Vec2::Y).length() < 1e-12);
    assert_anchors(&m2, below, xs, 1e-12);
}

#[test]
fn segment_against_circle_both_sides_and_end() {
    let s = Segment::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0));
    let c = Circle {
        center: Vec2::ZERO,
        radius: 0.2,
    };
    let m = collide_segment_circle(&s, Transform::IDENTITY, &c, xf(0.3, -0.19, 0.0), SPEC);
    assert_eq!(m.count, 1);
    assert!((m.normal + Vec2::Y).length() < 1e-12);
    assert!(close(m.points[0].separation, -0.01, 1e-12));
    let m = collide_segment_circle(&s, Transform::IDENTITY, &c, xf(1.21, 0.0, 0.0), SPEC);
    assert_eq!(m.count, 1);
    assert!((m.normal - Vec2::X).length() < 1e-12);
    assert!(close(m.points[0].separation, 0.01, 1e-12));
}

#[test]
fn dispatcher_swaps_consistently() {
    let poly = ShapeGeom::Polygon(Polygon::make_box(0.5, 0.5));
    let circle = ShapeGeom::Circle(Circle {
        center: Vec2::new(0.1, 0.0),
        radius: 0.3,
    });
    let xp = xf(0.0, 0.0, 0.3);
    let xc = xf(0.2, 0.75, 0.0);
    let m1 = collide(&poly, xp, &circle, xc, SPEC);
    let m2 = collide(&circle, xc, &poly, xp, SPEC);
    assert_eq!(m1.count, 1);
    assert_eq!(m2.count, 1);
    assert!((m1.normal + m2.normal).length() < 1e-12);
    let (p1, p2) = (m1.points[0], m2.points[0]);
    assert!((p1.point - p2.point).length() < 1e-12);
    assert!((p1.anchor_a - p2.anchor_b).length() < 1e-12);
    assert!(close(p1.separation, p2.separation, 1e-12));
    assert_anchors(&m2, xc, xp, 1e-12);

    let seg = ShapeGeom::Segment(Segment::new(Vec2::ZERO, Vec2::X));
    assert_eq!(collide(&seg, xp, &seg, xp, SPEC).count, 0);
}

#[test]
fn rounded_polygons_account_for_radius() {
    let mut a = Polygon::make_box(0.5, 0.5);
    a.radius = 0.1;
    let xb = xf(0.0, 1.2 - 0.02, 0.0);
    let m = collide_polygons(&a, Transform::IDENTITY, &a, xb, SPEC);
    assert_eq!(m.count, 2);
    for p in m.points() {
        assert!(close(p.separation, -0.02, 1e-12));
        assert!(close(p.point.y, 0.59, 1e-12));
    }
    // Rounded corner against a rounded corner, apart: single point.
    let g = 0.21 / 2.0_f64.sqrt();
    let xb = xf(1.0 + g, 1.0 + g, 0.0);
    let m = collide_polygons(&a, Transform::IDENTITY, &a, xb, SPEC);
    assert_eq!(m.count, 1);
    let expected = 0.01;
    assert!(close(m.points[0].separation, expected, 1e-12));
}

#[test]
fn deep_overlap_is_finite_and_negative() {
    let a = Polygon::make_box(1.0, 1.0);
    let b = Polygon::make_box(0.3, 0.2);
    for (x, y, ang) in [(0.0, 0.0, 0.0), (0.1, -0.2, 0.7), (0.0, 0.0, FRAC_PI_4)] {
        let m = collide_polygons(&a, Transform::IDENTITY, &b, xf(x, y, ang), SPEC);
        assert!(m.count >= 1);
        assert!(all_finite(&m));
        assert!(close(m.normal.length(), 1.0, 1e-12));
        for p in m.points() {
            assert!(p.separation < -0.5);
        }
    }
}

#[test]
fn tiny_shapes_stay_accurate() {
    let s = 1e-4;
    let a = Polygon::make_box(s, s);
    let xb = xf(0.3 * s, 2.0 * s - 1e-6, 0.0);
    let m = collide_polygons(&a, Transform::IDENTITY, &a, xb, 1e-5);
    assert_eq!(m.count, 2);
    for p in m.points() {
        assert!(close(p.separation, -1e-6, 1e-15));
    }
    let c = Circle {
        center: Vec2::ZERO,
        radius: s,
    };
    let m = collide_circles(
        &c,
        Transform::IDENTITY,
        &c,
        xf(2.0 * s - 1e-6, 0.0, 0.0),
        1e-5,
    );
    assert_eq!(m.count, 1);
    assert!(close(m.points[0].separation, -1e-6, 1e-15));
}

#[test]
fn huge_coordinates_stay_accurate() {
    let far = 1e6;
    let (g, _) = ground();
    let xg = xf(far, -far, 0.0);
    let b = Polygon::make_box(0.5, 0.5);
    let xb = xf(far + 0.2, -far + 0.99, 0.0);
    let m = collide_polygons(&g, xg, &b, xb, SPEC);
    assert_eq!(m.count, 2);
    for p in m.points() {
        assert!(close(p.separation, -0.01, 1e-9));
    }
    assert_anchors(&m, xg, xb, 1e-9);

    let s = Segment::new(Vec2::new(far - 5.0, far), Vec2::new(far + 5.0, far));
    let xc = xf(far, far + 0.49, 0.1);
    let m = collide_segment_polygon(&s, Transform::IDENTITY, &b, xc, SPEC);
    assert!(m.count >= 1 && all_finite(&m));
}

#[test]
fn degenerate_and_nonfinite_input_does_not_panic() {
    let b = Polygon::make_box(0.5, 0.5);
    let point_seg = Segment::new(Vec2::new(0.1, 0.51), Vec2::new(0.1, 0.51));
    let m = collide_segment_polygon(
        &point_seg,
        Transform::IDENTITY,
        &b,
        Transform::IDENTITY,
        SPEC,
    );
    assert_eq!(m.count, 1);
    assert!((m.normal + Vec2::Y).length() < 1e-12);
    assert!(close(m.points[0].separation, 0.01, 1e-12));

    let mut bad = b;
    bad.count = 99;
    let _ = collide_polygons(&bad, Transform::IDENTITY, &b, Transform::IDENTITY, SPEC);
    bad.count = 0;
    assert_eq!(
        collide_polygons(&bad, Transform::IDENTITY, &b, Transform::IDENTITY, SPEC).count,
        0
    );

    let nan = xf(Real::NAN, 0.0, 0.0);
    let inf = xf(Real::INFINITY, 0.0, Real::NAN);
    let shapes = [
        ShapeGeom::Polygon(b),
        ShapeGeom::Circle(Circle {
            center: Vec2::ZERO,
            radius: 0.5,
        }),
        ShapeGeom::Segment(point_seg),
    ];
    for sa in &shapes {
        for sb in &shapes {
            for (xa, xb) in [
                (nan, Transform::IDENTITY),
                (Transform::IDENTITY, inf),
                (nan, nan),
            ] {
                let _ = collide(sa, xa, sb, xb, SPEC);
            }
        }
    }
}

#[test]
fn circle_centre_inside_polygon_uses_nearest_face() {
    let b = Polygon::make_box(1.0, 0.5);
    let c = Circle {
        center: Vec2::ZERO,
        radius: 0.1,
    };
    let xc = xf(0.3, 0.4, 0.0);
    let m = collide_polygon_circle(&b, Transform::IDENTITY, &c, xc, SPEC);
    assert_eq!(m.count, 1);
    assert!((m.normal - Vec2::Y).length() < 1e-12);
    assert!(close(m.points[0].separation, -0.2, 1e-12));
}

#[test]
fn segment_end_against_box_corner() {
    let s = Segment::new(Vec2::new(-1.0, 0.0), Vec2::new(0.0, 0.0));
    let b = Polygon::make_box(0.5, 0.5);
    // Box's lower-left corner diagonally off the segment's right end.
    let xb = xf(0.5 + 0.01, 0.5 + 0.01, 0.0);
    let m = collide_segment_polygon(&s, Transform::IDENTITY, &b, xb, SPEC);
    assert_eq!(m.count, 1);
    assert!((m.normal - Vec2::new(1.0, 1.0).normalize()).length() < 1e-12);
    assert!(close(m.points[0].separation, 0.01 * 2.0_f64.sqrt(), 1e-12));
    assert_anchors(&m, Transform::IDENTITY, xb, 1e-12);
}

#[test]
fn results_are_deterministic() {
    let a = ShapeGeom::Polygon(Polygon::make_box(0.7, 0.3));
    let b = ShapeGeom::Polygon(Polygon::make_offset_box(0.4, 0.4, Vec2::new(0.1, 0.0), 0.2));
    let xa = xf(0.1, 0.2, 0.3);
    let xb = xf(0.5, 0.9, -0.4);
    let m1 = collide(&a, xa, &b, xb, SPEC);
    let m2 = collide(&a, xa, &b, xb, SPEC);
    assert_eq!(m1, m2);
    assert!(m1.count >= 1);
}

/// Two quadrilaterals take a copy of the polygon routine with the count
/// fixed at four (`polygons.rs`): over many poses — boxes resting, sliding,
/// apart, corner to corner; a rounded box, a kite, an offset box — it gives
/// the general routine's manifold to the bit.
#[test]
fn quadrilaterals_collide_as_the_general_polygon_routine_does() {
    use super::polygons::QUADS_FIXED_FOR_TESTS;
    let quads = [
        Polygon::make_box(0.5, 0.5),
        Polygon::make_box(1.5, 0.25),
        Polygon::make_offset_box(0.4, 0.3, Vec2::new(0.2, -0.1), 0.3),
        Polygon::from_ccw(
            &[
                Vec2::new(0.0, -0.6),
                Vec2::new(0.5, 0.0),
                Vec2::new(0.0, 0.4),
                Vec2::new(-0.5, 0.0),
            ],
            0.0,
        ),
        Polygon {
            radius: 0.05,
            ..Polygon::make_box(0.3, 0.3)
        },
    ];
    let mut seed = 7u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 11) as Real / (1u64 << 53) as Real
    };
    let mut with_points = 0;
    for k in 0..4000 {
        let (a, b) = (&quads[k % quads.len()], &quads[(k / 3) % quads.len()]);
        let xa = xf(next() * 20.0 - 10.0, next() * 20.0 - 10.0, next() * 6.3);
        let spread = 0.5 + 1.5 * next();
        let xb = xf(
            xa.p.x + spread * (next() - 0.5) * 2.0,
            xa.p.y + spread * (next() - 0.5) * 2.0,
            if k % 4 == 0 {
                xa.q.angle()
            } else {
                next() * 6.3
            },
        );
        let (mut fixed, mut general) = (Manifold::default(), Manifold::default());
        let apart_fixed = polygons::collide_polygons_into(a, xa, b, xb, 0.05, &mut fixed);
        QUADS_FIXED_FOR_TESTS.with(|q| q.set(false));
        let apart_general = polygons::collide_polygons_into(a, xa, b, xb, 0.05, &mut general);
        QUADS_FIXED_FOR_TESTS.with(|q| q.set(true));
        assert_eq!(fixed, general, "pose {k}");
        assert_eq!(apart_fixed.to_bits(), apart_general.to_bits(), "pose {k}");
        with_points += usize::from(fixed.count > 0);
    }
    assert!((1000..3500).contains(&with_points), "{with_points}");
}
