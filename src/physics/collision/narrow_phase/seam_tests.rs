//! Narrow-phase tests for chains of static segments (`Segment::ghost_a`,
//! `ghost_b`, `owns`): at a smooth joint exactly one of the two segments
//! answers, with the face normal, from above and from below; at a bend the
//! hollow side collides with both and the hump's corner with its owner.

use super::*;
use crate::physics::geometry::shape::{Circle, Polygon, Segment};
use crate::physics::math::{Real, Transform, Vec2};

const SPEC: Real = 4.0 * LINEAR_SLOP;

/// Two segments meeting at the origin: `left` from (-1, 0), `right` on to
/// (cos, sin) of `bend` (radians, positive up). `left` owns the joint.
fn chain(bend: Real) -> (Segment, Segment) {
    let far_left = Vec2::new(-1.0, 0.0);
    let far_right = Vec2::new(bend.cos(), bend.sin());
    let mut left = Segment::new(far_left, Vec2::ZERO);
    left.ghost_b = Some(far_right);
    left.owns = 0b10;
    let mut right = Segment::new(Vec2::ZERO, far_right);
    right.ghost_a = Some(far_left);
    (left, right)
}

fn at(x: Real, y: Real, angle: Real) -> Transform {
    Transform::new(Vec2::new(x, y), angle)
}

fn ball_against(seg: &Segment, center: Vec2) -> Manifold {
    let ball = Circle {
        center: Vec2::ZERO,
        radius: 0.25,
    };
    let s = ShapeGeom::Segment(*seg);
    collide(
        &s,
        Transform::IDENTITY,
        &ShapeGeom::Circle(ball),
        at(center.x, center.y, 0.0),
        SPEC,
    )
}

fn box_against(seg: &Segment, center: Vec2) -> Manifold {
    let b = ShapeGeom::Polygon(Polygon::make_box(0.25, 0.25));
    let s = ShapeGeom::Segment(*seg);
    collide(
        &s,
        Transform::IDENTITY,
        &b,
        at(center.x, center.y, 0.0),
        SPEC,
    )
}

#[test]
fn a_ball_sunk_into_a_straight_chain_meets_one_face_and_no_corner() {
    let (left, right) = chain(0.0);
    for side in [1.0, -1.0] {
        for k in -40..=40 {
            // 5 mm into the floor (from above, then from below), centre
            // from 0.2 m before the joint to 0.2 m after it.
            let c = Vec2::new(0.005 * k as Real, side * 0.245);
            let (ml, mr) = (ball_against(&left, c), ball_against(&right, c));
            assert_eq!(ml.count + mr.count, 1, "at {c}: {ml:?} {mr:?}");
            let m = if ml.count == 1 { ml } else { mr };
            assert!(
                (m.normal - Vec2::new(0.0, side)).length() < 1e-12,
                "at {c}: {m:?}"
            );
            assert!((m.points[0].separation + 0.005).abs() < 1e-12, "{m:?}");
            // Level with the joint the owner answers; past it, the next.
            assert_eq!(ml.count == 1, k <= 0, "at {c}");
        }
    }
    // Without the marks the segment ahead has a corner there, whose normal
    // tilts back at the ball: the bump these marks remove.
    let plain = Segment::new(right.a, right.b);
    let m = ball_against(&plain, Vec2::new(-0.05, 0.245));
    assert_eq!(m.count, 1);
    assert!(m.normal.x < -0.1, "{m:?}");
}

#[test]
fn a_box_straddling_a_straight_joint_is_held_by_both_and_never_by_a_corner() {
    let (left, right) = chain(0.0);
    for side in [1.0, -1.0] {
        for k in -30..=30 {
            let c = Vec2::new(0.01 * k as Real, side * 0.245);
            let (ml, mr) = (box_against(&left, c), box_against(&right, c));
            // Its two bottom corners, each reported by the segment under it.
            assert_eq!(ml.count + mr.count, 2, "at {c}: {ml:?} {mr:?}");
            for m in [ml, mr].iter().filter(|m| m.count > 0) {
                assert!((m.normal - Vec2::new(0.0, side)).length() < 1e-12, "{m:?}");
                for p in m.points() {
                    assert!((p.separation + 0.005).abs() < 1e-12, "{m:?}");
                }
            }
            for p in ml.points() {
                assert!(p.point.x <= 0.0, "left reported {p:?}");
            }
            for p in mr.points() {
                assert!(p.point.x > 0.0, "right reported {p:?}");
            }
        }
    }
    // Without the marks, a box about to cross meets the end of the segment
    // ahead with its leading face: a contact pushing it back.
    let plain = Segment::new(right.a, right.b);
    let m = box_against(&plain, Vec2::new(-0.251, 0.245));
    assert_eq!(m.count, 1, "{m:?}");
    assert!(m.normal.x < -0.9, "{m:?}");
}

#[test]
fn on_the_hollow_side_of_a_bend_both_segments_collide() {
    // The right segment rises 4°: from above the joint is a hollow.
    let (left, right) = chain(4.0_f64.to_radians());
    let c = Vec2::new(-0.01, 0.249);
    let (ml, mr) = (ball_against(&left, c), ball_against(&right, c));
    assert_eq!((ml.count, mr.count), (1, 1), "{ml:?} {mr:?}");
    assert!((ml.normal - Vec2::Y).length() < 1e-12);
    let up_the_slope = Vec2::new(-(4.0_f64.to_radians().sin()), 4.0_f64.to_radians().cos());
    assert!((mr.normal - up_the_slope).length() < 1e-12, "{mr:?}");
    // A box in the hollow, resting on the left, its right corner 5 cm
    // past the joint and a little into the slope: each segment holds the
    // corner over it.
    let (bl, br) = (
        box_against(&left, Vec2::new(-0.2, 0.25)),
        box_against(&right, Vec2::new(-0.2, 0.25)),
    );
    assert_eq!(bl.count, 1, "{bl:?}");
    assert!(bl.points[0].point.x < -0.4, "{bl:?}");
    assert_eq!(br.count, 1, "{br:?}");
    assert!((br.normal - up_the_slope).length() < 1e-12, "{br:?}");
}

#[test]
fn over_a_hump_the_owner_reports_the_corner_and_only_it() {
    // The right segment falls 4°: from above the joint is a hump. Just
    // past the left face and short of the right one: the wedge over it.
    let (left, right) = chain(-(4.0_f64.to_radians()));
    let c = Vec2::new(0.005, 0.249);
    let (ml, mr) = (ball_against(&left, c), ball_against(&right, c));
    assert_eq!((ml.count, mr.count), (1, 0), "{ml:?} {mr:?}");
    assert!((ml.normal - c.normalize()).length() < 1e-12, "{ml:?}");
    // Had the right segment owned the joint, it would answer instead.
    let (mut left2, mut right2) = (left, right);
    left2.owns = 0;
    right2.owns = 0b01;
    let (ml, mr) = (ball_against(&left2, c), ball_against(&right2, c));
    assert_eq!((ml.count, mr.count), (0, 1), "{ml:?} {mr:?}");
    // From below the same joint is a hollow: both faces reach over it.
    let c = Vec2::new(-0.01, -0.249);
    let (ml, mr) = (ball_against(&left, c), ball_against(&right, c));
    assert_eq!((ml.count, mr.count), (1, 1), "{ml:?} {mr:?}");
}

#[test]
fn a_segment_without_marks_keeps_its_corners() {
    // A box beside the end of a lone segment, level with it, is pushed
    // sideways: the end is a real corner (a wall's top, a ledge).
    let lone = Segment::new(Vec2::new(-1.0, 0.0), Vec2::ZERO);
    let m = box_against(&lone, Vec2::new(0.251, 0.1));
    assert_eq!(m.count, 1, "{m:?}");
    assert!((m.normal - Vec2::X).length() < 1e-12, "{m:?}");
    let m = ball_against(&lone, Vec2::new(0.2, 0.2));
    assert!(
        (m.normal - Vec2::new(1.0, 1.0).normalize()).length() < 1e-12,
        "{m:?}"
    );
}

#[test]
fn a_box_on_a_hump_rests_on_the_crest_reported_once() {
    // The right segment falls 4°. A level box, 2 mm into the left
    // segment, its middle just past the crest: held at its rear corner
    // and at the crest, both by the left segment (it owns the joint); the
    // right one, under the box's front half, reports nothing.
    let (left, right) = chain(-(4.0_f64.to_radians()));
    let c = Vec2::new(0.1, 0.248);
    let (ml, mr) = (box_against(&left, c), box_against(&right, c));
    assert_eq!((ml.count, mr.count), (2, 0), "{ml:?} {mr:?}");
    assert!((ml.normal - Vec2::Y).length() < 1e-12, "{ml:?}");
    let mut xs: Vec<Real> = ml.points().iter().map(|p| p.point.x).collect();
    xs.sort_by(Real::total_cmp);
    assert!((xs[0] + 0.15).abs() < 1e-9 && xs[1].abs() < 1e-9, "{ml:?}");
    for p in ml.points() {
        assert!((p.separation + 0.002).abs() < 1e-12, "{ml:?}");
    }
    // Tipped 4° onto the right segment, the box rests on the crest and on
    // the right segment's face.
    let tipped = Transform::new(Vec2::new(0.1, 0.245), -(4.0_f64.to_radians()));
    let b = ShapeGeom::Polygon(Polygon::make_box(0.25, 0.25));
    let m = |s: &Segment| {
        collide(
            &ShapeGeom::Segment(*s),
            Transform::IDENTITY,
            &b,
            tipped,
            SPEC,
        )
    };
    let (ml, mr) = (m(&left), m(&right));
    assert_eq!(ml.count + mr.count, 2, "{ml:?} {mr:?}");
    for m in [ml, mr].iter().filter(|m| m.count > 0) {
        let n = Vec2::new((4.0_f64.to_radians()).sin(), (4.0_f64.to_radians()).cos());
        assert!((m.normal - n).length() < 1e-9, "{m:?}");
    }
}
