//! Joints, springs and ropes through the Rust API: what a Lua scene cannot
//! show (Rust errors for bad definitions, stale ids, snapshots continuing
//! bit-identically, debug draw, the mouse joint, sleep and wake of joined
//! bodies, break events) and springs too stiff to measure in a scene. The
//! seeds' joint, spring and rope experiments (DESIGN.md §5) are scenes in
//! `scenes/`, checked by `tests/lua_scenes.rs`. Builders live in
//! `physbox::testbed::joints`.

use physbox::physics::{
    BodyId, DistanceParams, HingeParams, JointDef, JointId, JointKind, SpringParams, Vec2, World,
    WorldSettings,
};
use physbox::testbed::joints as jx;
use physbox::testbed::{dynamic_box, ground_box, Material};

const DT: f64 = 1.0 / 60.0;

fn center(w: &World, id: BodyId) -> Vec2 {
    w.body(id).unwrap().center
}

/// Displacement from equilibrium of a hanging spring, sampled every step.
fn spring_trace(mass: f64, k: f64, c: f64, seconds: f64) -> Vec<f64> {
    let mut w = World::new(WorldSettings::default());
    let (b, eq) = jx::hanging_spring(&mut w, 0.0, mass, k, c, 0.5);
    let steps = (seconds / DT) as usize;
    let mut xs = Vec::with_capacity(steps);
    for _ in 0..steps {
        w.step(DT);
        xs.push(center(&w, b).y - eq);
    }
    xs
}

#[test]
fn stiff_spring_is_stable_at_any_k() {
    for k in [1e3, 1e6, 1e9, 1e12] {
        let xs = spring_trace(0.05, k, 0.0, 5.0);
        let last = xs[xs.len() - 1];
        println!("k={k:e}: final displacement {last:e}");
        assert!(last.is_finite() && last.abs() < 0.5, "k={k}: {last}");
    }
    // A heavily damped soft spring creeps to rest without ringing.
    let xs = spring_trace(1.0, 10.0, 1e4, 5.0);
    let flips = xs
        .windows(3)
        .filter(|w| (w[1] - w[0]) * (w[2] - w[1]) < 0.0)
        .count();
    println!(
        "k=10 c=1e4: final displacement {:e}, direction changes {flips}",
        xs[xs.len() - 1]
    );
    assert!(xs.iter().all(|x| x.is_finite() && x.abs() <= 0.5 + 1e-9));
    assert!(flips <= 1, "an overdamped spring rang: {flips}");
}

#[test]
fn breaking_joint_breaks_once() {
    let mut w = World::new(WorldSettings::default());
    let bob = jx::ball(&mut w, Vec2::new(0.0, -1.0), 0.1, 2.0);
    let mut def = JointDef::new(
        JointKind::Distance(DistanceParams::default()),
        bob,
        None,
        Vec2::new(0.0, -1.0),
    );
    def.anchor_b = Vec2::ZERO;
    def.breaking_force = Some(30.0);
    let j = w.create_joint(&def).unwrap();
    let mut breaks = 0;
    for i in 0..240 {
        w.step(DT);
        let f = w.joint_reaction_force(j).map(|f| f.length()).unwrap_or(0.0);
        if i == 30 {
            println!(
                "hanging 2 kg: reaction {f:.4} N (weight {:.4} N)",
                2.0 * 9.81
            );
            assert!((f - 2.0 * 9.81).abs() < 1e-6, "reaction {f}");
            // A kick sideways: the swing needs more than 30 N.
            w.set_linear_velocity(bob, Vec2::new(4.0, 0.0)).unwrap();
        }
        breaks += w.events().joint_break.len();
    }
    assert_eq!(breaks, 1);
    assert!(!w.joint_is_alive(j));
    assert!(w.joint(j).is_err(), "a stale joint id is an error value");
}

/// Two 0.5 m boxes 2 m apart at height `y` (x = 0 and 2), joined centre to
/// centre by `kind`.
fn two_joined_boxes(w: &mut World, y: f64, kind: JointKind) -> (BodyId, BodyId, JointId) {
    let boxes =
        [0.0, 2.0].map(|x| dynamic_box(w, Vec2::new(x, y), 0.0, 0.5, 0.5, Material::default()));
    let mut def = JointDef::new(kind, boxes[0], Some(boxes[1]), Vec2::new(0.0, y));
    def.anchor_b = Vec2::new(2.0, y);
    let j = w.create_joint(&def).unwrap();
    (boxes[0], boxes[1], j)
}

#[test]
fn a_sleeper_joined_to_a_moving_body_wakes_at_the_next_step() {
    // b sent to sleep by hand while a, joined to it, keeps falling: the
    // step wakes b first rather than let the joint pull on a sleeper.
    let mut w = World::new(WorldSettings::default());
    let kind = JointKind::Distance(Default::default());
    let (_, b, _) = two_joined_boxes(&mut w, 5.0, kind);
    w.step(DT);
    w.set_awake(b, false).unwrap();
    assert!(!w.body(b).unwrap().awake);
    w.step(DT);
    assert!(
        w.body(b).unwrap().awake,
        "woken by its joint to a moving body"
    );
    assert!(w.body(b).unwrap().xf.p.y < 5.0, "and falls with it");
}

#[test]
fn joined_bodies_sleep_and_wake_together() {
    let mut w = World::new(WorldSettings::default());
    ground_box(&mut w, Vec2::new(0.0, -0.5), 20.0, 1.0, Material::default());
    let spring = JointKind::Spring(SpringParams {
        length: None,
        k: 50.0,
        damping: 1.0,
    });
    let (a, b, j) = two_joined_boxes(&mut w, 0.25, spring);
    for _ in 0..120 {
        w.step(DT);
    }
    assert!(
        !w.body(a).unwrap().awake && !w.body(b).unwrap().awake,
        "asleep"
    );
    w.apply_impulse(a, Vec2::new(-1.0, 0.0), None).unwrap();
    assert!(w.body(b).unwrap().awake, "waking one wakes the other");
    for _ in 0..300 {
        w.step(DT);
    }
    assert!(!w.body(a).unwrap().awake && !w.body(b).unwrap().awake);
    w.destroy_joint(j).unwrap();
    assert!(
        w.body(a).unwrap().awake && w.body(b).unwrap().awake,
        "destroy wakes both"
    );
    assert!(w.destroy_joint(j).is_err());
}

#[test]
fn joined_bodies_do_not_collide_unless_asked() {
    let mut w = World::new(WorldSettings::default());
    ground_box(&mut w, Vec2::new(0.0, -0.5), 20.0, 1.0, Material::default());
    let a = dynamic_box(
        &mut w,
        Vec2::new(0.0, 1.0),
        0.0,
        1.0,
        1.0,
        Material::default(),
    );
    let b = dynamic_box(
        &mut w,
        Vec2::new(0.5, 1.0),
        0.0,
        1.0,
        1.0,
        Material::default(),
    );
    w.create_joint(&JointDef::new(
        JointKind::Hinge(HingeParams::default()),
        a,
        Some(b),
        Vec2::new(0.25, 1.0),
    ))
    .unwrap();
    for _ in 0..60 {
        w.step(DT);
    }
    let touching = w
        .contacts()
        .iter()
        .filter(|c| {
            c.touching
                && ((c.body_a == a.index && c.body_b == b.index)
                    || (c.body_a == b.index && c.body_b == a.index))
        })
        .count();
    assert_eq!(touching, 0);
}

#[test]
fn destroying_a_body_destroys_its_joints() {
    let mut w = World::new(WorldSettings::default());
    let bob = jx::hinge_pendulum(&mut w, 1.0);
    assert_eq!(w.joint_count(), 1);
    w.destroy_body(bob).unwrap();
    assert_eq!(w.joint_count(), 0);
    w.step(DT);
}

/// Limits past ±π: a motor turns an arm at 2 rad/s against limits
/// {-1, 5} (and the world-held one the other way against {-7, 0.5}); each
/// stops at its far limit after turning past π, through a snapshot taken
/// on the way. With the angle read modulo 2π, the arm passing π found
/// itself at −π, below −1: the limit flung it back and the world gained
/// 2,400 J from a 2.7 J motor (the arms spun at 30–60 rad/s).
#[test]
fn hinge_limits_past_half_a_turn_count_the_turns() {
    let mut w = World::new(WorldSettings {
        enable_sleep: false,
        gravity: Vec2::ZERO,
        ..WorldSettings::default()
    });
    let hinge = |limits, speed| {
        JointKind::Hinge(HingeParams {
            limits: Some(limits),
            motor: Some((speed, 100.0)),
            ..HingeParams::default()
        })
    };
    let axle = ground_box(&mut w, Vec2::ZERO, 0.1, 0.1, Material::default());
    let arm = dynamic_box(
        &mut w,
        Vec2::new(1.0, 0.0),
        0.0,
        2.0,
        0.1,
        Material::default(),
    );
    w.create_joint(&JointDef::new(
        hinge((-1.0, 5.0), 2.0),
        axle,
        Some(arm),
        Vec2::ZERO,
    ))
    .unwrap();
    let arm2 = dynamic_box(
        &mut w,
        Vec2::new(11.0, 0.0),
        0.0,
        2.0,
        0.1,
        Material::default(),
    );
    w.create_joint(&JointDef::new(
        hinge((-7.0, 0.5), -2.0),
        arm2,
        None,
        Vec2::new(10.0, 0.0),
    ))
    .unwrap();
    let (mut turned, mut turned2, mut fastest) = (0.0, 0.0, 0.0_f64);
    for step in 0..300 {
        if step == 120 {
            // Past π by now: the turn count survives a snapshot.
            w = World::from_snapshot(&w.to_snapshot()).unwrap();
        }
        w.step(DT);
        let (a, b) = (w.body(arm).unwrap(), w.body(arm2).unwrap());
        turned += a.angular_velocity * DT;
        turned2 += b.angular_velocity * DT;
        if step >= 30 {
            // (After the motor's start-up transient of the first steps.)
            fastest = fastest
                .max(a.angular_velocity.abs())
                .max(b.angular_velocity.abs());
        }
    }
    println!("turned {turned:.4} and {turned2:.4} rad, fastest {fastest:.3} rad/s");
    assert!(fastest < 2.0 + 1e-3, "{fastest}");
    assert!((turned - 5.0).abs() < 0.02, "{turned}");
    assert!((turned2 + 7.0).abs() < 0.02, "{turned2}");
    let settled = |id| w.body(id).unwrap().xf.q.angle();
    assert!((settled(arm) - (5.0 - std::f64::consts::TAU)).abs() < 1e-3);
    assert!((settled(arm2) - (std::f64::consts::TAU - 7.0)).abs() < 1e-3);
}

/// A motor turning an arm pivoted at its end (no limits, no gravity) runs
/// at its speed from the first step: solved before the pivot, a 2 m, 0.2
/// kg arm told 2 rad/s spun 2.85, 1.66, 2.12, 1.96 rad/s and came within
/// 1e-3 only after six steps. A motor too weak for the speed still gives
/// exactly its torque: α = τ / I about the pivot.
#[test]
fn a_hinge_motor_turns_an_off_centre_arm_at_its_speed_from_the_first_step() {
    let mut w = World::new(WorldSettings {
        enable_sleep: false,
        gravity: Vec2::ZERO,
        ..WorldSettings::default()
    });
    let motor = |speed, torque| {
        JointKind::Hinge(HingeParams {
            motor: Some((speed, torque)),
            ..HingeParams::default()
        })
    };
    let axle = ground_box(&mut w, Vec2::ZERO, 0.1, 0.1, Material::default());
    let arm = |w: &mut World, x: f64| {
        let id = dynamic_box(
            w,
            Vec2::new(x + 1.0, 0.0),
            0.0,
            2.0,
            0.1,
            Material::default(),
        );
        w.set_mass(id, 0.2).unwrap();
        id
    };
    let strong = arm(&mut w, 0.0);
    w.create_joint(&JointDef::new(
        motor(2.0, 100.0),
        axle,
        Some(strong),
        Vec2::ZERO,
    ))
    .unwrap();
    let weak = arm(&mut w, 10.0);
    w.create_joint(&JointDef::new(
        motor(2.0, 0.05),
        weak,
        None,
        Vec2::new(10.0, 0.0),
    ))
    .unwrap();
    let mut worst = 0.0_f64;
    for _ in 0..60 {
        w.step(DT);
        worst = worst.max((w.body(strong).unwrap().angular_velocity - 2.0).abs());
    }
    // About the pivot: m (L² + h²) / 12 + m (L/2)².
    let inertia = 0.2 * (4.0 + 0.01) / 12.0 + 0.2 * 1.0;
    let expected = 0.05 / inertia * 1.0;
    let weak_omega = w.body(weak).unwrap().angular_velocity;
    println!("strong arm: worst |ω − 2| {worst:e}; weak arm after 1 s: {weak_omega:.5} rad/s (τ/I: {expected:.5})");
    assert!(worst < 1e-3, "{worst}");
    assert!(
        (weak_omega - expected).abs() < 0.01 * expected,
        "{weak_omega} vs {expected}"
    );
}

#[test]
fn snapshot_with_joints_continues_bit_identically() {
    let mut w = World::new(WorldSettings::default());
    jx::hung_boxes(&mut w, 1.0, 100.0, 30.0);
    jx::hanging_rope(&mut w, Vec2::new(5.0, 10.0), 10, 0.1, 0.2, None, 0.0);
    jx::hanging_spring(&mut w, -5.0, 1.0, 100.0, 0.5, 0.3);
    for _ in 0..30 {
        w.step(DT);
    }
    let snap = w.to_snapshot();
    let mut r = World::from_snapshot(&snap).unwrap();
    assert_eq!(r.state_hash(), w.state_hash());
    for _ in 0..60 {
        w.step(DT);
        r.step(DT);
    }
    assert_eq!(r.state_hash(), w.state_hash());
}

#[test]
fn bad_joints_are_errors() {
    let mut w = World::new(WorldSettings::default());
    let g1 = ground_box(&mut w, Vec2::ZERO, 1.0, 1.0, Material::default());
    let g2 = ground_box(&mut w, Vec2::new(3.0, 0.0), 1.0, 1.0, Material::default());
    let a = dynamic_box(
        &mut w,
        Vec2::new(0.0, 3.0),
        0.0,
        1.0,
        1.0,
        Material::default(),
    );
    let hinge = JointKind::Hinge(HingeParams::default());
    assert!(w
        .create_joint(&JointDef::new(hinge.clone(), a, Some(a), Vec2::ZERO))
        .is_err());
    assert!(w
        .create_joint(&JointDef::new(hinge.clone(), g1, Some(g2), Vec2::ZERO))
        .is_err());
    assert!(w
        .create_joint(&JointDef::new(
            hinge.clone(),
            a,
            None,
            Vec2::new(f64::NAN, 0.0)
        ))
        .is_err());
    let zero = JointDef::new(
        JointKind::Distance(DistanceParams::default()),
        a,
        None,
        Vec2::new(0.0, 3.0),
    );
    assert!(w.create_joint(&zero).is_err(), "zero length rod");
    let neg = JointDef::new(
        JointKind::Spring(SpringParams {
            length: Some(1.0),
            k: -1.0,
            damping: 0.0,
        }),
        a,
        None,
        Vec2::ZERO,
    );
    assert!(w.create_joint(&neg).is_err());
}

#[test]
fn mouse_joint_drags_a_body_to_its_target() {
    let mut w = World::new(WorldSettings::default());
    ground_box(&mut w, Vec2::new(0.0, -0.5), 20.0, 1.0, Material::default());
    let b = dynamic_box(
        &mut w,
        Vec2::new(0.0, 0.5),
        0.0,
        1.0,
        1.0,
        Material::default(),
    );
    let m = w.body(b).unwrap().mass;
    let j = w
        .create_mouse_joint(b, Vec2::new(0.0, 0.5), 1000.0 * m)
        .unwrap();
    w.set_mouse_target(j, Vec2::new(3.0, 2.0)).unwrap();
    for _ in 0..180 {
        w.step(DT);
    }
    let p = center(&w, b);
    println!("mouse joint: body at {p:?} (target (3, 2))");
    assert!((p - Vec2::new(3.0, 2.0)).length() < 0.05, "{p:?}");
    // A weak mouse joint cannot lift a heavy body.
    w.destroy_joint(j).unwrap();
    let weak = w.create_mouse_joint(b, p, 0.5 * m * 9.81).unwrap();
    w.set_mouse_target(weak, p + Vec2::new(0.0, 3.0)).unwrap();
    for _ in 0..120 {
        w.step(DT);
    }
    assert!(center(&w, b).y < 0.6, "lifted with half its weight");
    let hinge = jx::hinge_pendulum(&mut w, 1.0);
    let hj = w.joints().find(|(_, jt)| jt.body_a == hinge).unwrap().0;
    assert!(
        w.set_mouse_target(hj, Vec2::ZERO).is_err(),
        "not a mouse joint"
    );
}

#[test]
fn gravity_scale_and_damping_act_as_documented() {
    let mut w = World::new(WorldSettings {
        enable_sleep: false,
        ..WorldSettings::default()
    });
    let floaty = jx::ball(&mut w, Vec2::new(0.0, 0.0), 0.1, 1.0);
    w.set_gravity_scale(floaty, 0.5).unwrap();
    let drag = jx::ball(&mut w, Vec2::new(5.0, 0.0), 0.1, 1.0);
    w.set_damping(drag, 2.0, 3.0).unwrap();
    w.set_gravity_scale(drag, 0.0).unwrap();
    w.set_linear_velocity(drag, Vec2::new(1.0, 0.0)).unwrap();
    w.set_angular_velocity(drag, 1.0).unwrap();
    for _ in 0..60 {
        w.step(DT);
    }
    let y = center(&w, floaty).y;
    assert!((y + 0.5 * 0.5 * 9.81).abs() < 1e-9, "half gravity: {y}");
    let v = w.body(drag).unwrap().linear_velocity.x;
    let om = w.body(drag).unwrap().angular_velocity;
    println!(
        "1 s of damping 2/s: v = {v:.5} (exp: {:.5}); angular 3/s: {om:.5} (exp: {:.5})",
        (-2.0f64).exp(),
        (-3.0f64).exp()
    );
    assert!((v - (-2.0f64).exp()).abs() < 0.01, "linear damping {v}");
    assert!((om - (-3.0f64).exp()).abs() < 0.01, "angular damping {om}");
}

#[derive(Default)]
struct Recorder {
    joints: usize,
    springs: usize,
    ropes: Vec<usize>,
}

impl physbox::physics::DebugDraw for Recorder {
    fn polygon(&mut self, _: &[Vec2], _: f64, _: physbox::physics::DrawStyle, _: u64) {}
    fn circle(&mut self, _: Vec2, _: f64, _: Vec2, _: physbox::physics::DrawStyle, _: u64) {}
    fn segment(&mut self, _: Vec2, _: Vec2, _: physbox::physics::DrawStyle, _: u64) {}
    fn aabb(&mut self, _: physbox::physics::Aabb) {}
    fn contact(&mut self, _: Vec2, _: Vec2, _: f64) {}
    fn center_of_mass(&mut self, _: physbox::physics::Transform) {}
    fn velocity(&mut self, _: Vec2, _: Vec2) {}
    fn joint(&mut self, _: JointId, _: physbox::physics::JointType, _: Vec2, _: Vec2) {
        self.joints += 1;
    }
    fn spring(&mut self, _: JointId, _: Vec2, _: Vec2) {
        self.springs += 1;
    }
    fn rope(&mut self, _: BodyId, points: &[Vec2]) {
        self.ropes.push(points.len());
    }
}

#[test]
fn debug_draw_shows_joints_springs_and_ropes() {
    let mut w = World::new(WorldSettings::default());
    jx::hung_boxes(&mut w, 1.0, 10.0, 0.0);
    jx::hanging_spring(&mut w, 5.0, 1.0, 10.0, 0.0, 0.0);
    jx::hanging_rope(&mut w, Vec2::new(-5.0, 5.0), 6, 0.1, 0.2, None, 0.0);
    let mut r = Recorder::default();
    w.debug_draw(
        &mut r,
        physbox::physics::DrawFlags {
            joints: true,
            ..Default::default()
        },
    );
    // Two hinges and the rope's pin; the rope's links and tether are its polyline.
    assert_eq!((r.joints, r.springs, r.ropes.clone()), (3, 1, vec![6]));
}

#[test]
fn hinge_limits_and_motor_work() {
    use physbox::physics::{SliderParams, WeldParams};
    let mut w = World::new(WorldSettings {
        enable_sleep: false,
        ..WorldSettings::default()
    });
    // A pendulum released horizontal with limits ±0.5 rad from there.
    let bob = dynamic_box(
        &mut w,
        Vec2::new(1.0, 0.0),
        0.0,
        0.2,
        0.2,
        Material::default(),
    );
    w.create_joint(&JointDef::new(
        JointKind::Hinge(HingeParams {
            limits: Some((-0.5, 0.5)),
            ..HingeParams::default()
        }),
        bob,
        None,
        Vec2::ZERO,
    ))
    .unwrap();
    // A wheel driven at 5 rad/s by a motor of at most 100 N·m.
    let wheel = jx::ball(&mut w, Vec2::new(5.0, 0.0), 0.5, 2.0);
    w.create_joint(&JointDef::new(
        JointKind::Hinge(HingeParams {
            motor: Some((5.0, 100.0)),
            ..HingeParams::default()
        }),
        wheel,
        None,
        Vec2::new(5.0, 0.0),
    ))
    .unwrap();
    // A cart on a horizontal slider within ±1 m, pushed at 5 m/s.
    let cart = dynamic_box(
        &mut w,
        Vec2::new(10.0, 0.0),
        0.0,
        0.5,
        0.3,
        Material::default(),
    );
    w.create_joint(&JointDef::new(
        JointKind::Slider(SliderParams {
            axis: Vec2::X,
            limits: Some((-1.0, 1.0)),
            ..SliderParams::default()
        }),
        cart,
        None,
        Vec2::new(10.0, 0.0),
    ))
    .unwrap();
    w.set_linear_velocity(cart, Vec2::new(5.0, 0.0)).unwrap();
    // A box welded to the world off its centre.
    let shelf = dynamic_box(
        &mut w,
        Vec2::new(15.0, 0.0),
        0.0,
        2.0,
        0.2,
        Material::default(),
    );
    w.create_joint(&JointDef::new(
        JointKind::Weld(WeldParams::default()),
        shelf,
        None,
        Vec2::new(14.0, 0.0),
    ))
    .unwrap();
    let (mut worst_angle, mut worst_cart, mut worst_shelf): (f64, f64, f64) = (0.0, 0.0, 0.0);
    for _ in 0..240 {
        w.step(DT);
        let b = w.body(bob).unwrap();
        // The bob's angle about the pivot, from where it started.
        let a = b.center.y.atan2(b.center.x);
        worst_angle = worst_angle.max(a.abs());
        let c = w.body(cart).unwrap();
        worst_cart = worst_cart
            .max((c.center.x - 10.0).abs() - 1.0)
            .max(c.center.y.abs())
            .max(c.xf.q.angle().abs());
        let s = w.body(shelf).unwrap();
        worst_shelf = worst_shelf.max((s.center - Vec2::new(15.0, 0.0)).length());
    }
    let omega = w.body(wheel).unwrap().angular_velocity;
    println!("hinge limit ±0.5: max |angle| {worst_angle:.5}; motor 5 rad/s: {omega:.6}; slider overshoot {worst_cart:e}; weld drift {worst_shelf:e}");
    assert!(worst_angle < 0.5 + 0.01, "{worst_angle}");
    assert!((omega - 5.0).abs() < 1e-6, "{omega}");
    assert!(worst_cart < 0.01, "{worst_cart}");
    assert!(worst_shelf < 1e-3, "{worst_shelf}");
}

#[test]
fn distance_range_and_rope_bounds() {
    let mut w = World::new(WorldSettings::default());
    let a = jx::ball(&mut w, Vec2::new(0.0, -1.5), 0.1, 1.0);
    let mut def = JointDef::new(
        JointKind::Distance(DistanceParams {
            length: None,
            min: Some(1.0),
            max: Some(2.0),
        }),
        a,
        None,
        Vec2::new(0.0, -1.5),
    );
    def.anchor_b = Vec2::ZERO;
    w.create_joint(&def).unwrap();
    w.set_linear_velocity(a, Vec2::new(0.0, 6.0)).unwrap();
    let (mut lo, mut hi): (f64, f64) = (10.0, 0.0);
    for _ in 0..300 {
        w.step(DT);
        let d = center(&w, a).length();
        lo = lo.min(d);
        hi = hi.max(d);
    }
    println!("distance range [1, 2]: seen [{lo:.5}, {hi:.5}]");
    assert!(lo > 1.0 - 1e-3 && hi < 2.0 + 1e-3, "[{lo}, {hi}]");
}

#[test]
fn pinned_rope_swinging_onto_the_ground_loses_energy() {
    let mut w = World::new(WorldSettings::default());
    ground_box(&mut w, Vec2::new(0.0, -0.5), 30.0, 1.0, Material::default());
    for k in [None, Some(1e4)] {
        let pin = w
            .create_body(&physbox::physics::BodyDef {
                body_type: physbox::physics::BodyType::Static,
                position: Vec2::new(-2.0, 4.0),
                ..Default::default()
            })
            .unwrap();
        w.create_rope(&physbox::physics::RopeDef {
            from: Vec2::new(-2.0, 4.0),
            to: Vec2::new(6.0, 4.0),
            segments: 40,
            mass: 4.0,
            radius: 0.05,
            k,
            damping: 1.0,
            a: Some(pin),
            ..Default::default()
        })
        .unwrap();
    }
    let e0 = w.energy();
    let mut hi = e0;
    for _ in 0..600 {
        w.step(DT);
        hi = hi.max(w.energy());
    }
    println!("two pinned ropes hitting the ground: energy {e0:.2} J at the start, at most {hi:.2} J, {:.2} J after 10 s", w.energy());
    assert!(hi <= e0 * 1.001, "gained energy: {e0} -> {hi}");
}
