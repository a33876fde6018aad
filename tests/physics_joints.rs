//! DESIGN.md §5 joint, spring and rope targets (seeds 000, 003, 004), run
//! headless with the numbers checked. Builders live in `physbox::testbed::joints`.

use physbox::physics::{
    BodyId, DistanceParams, HingeParams, JointDef, JointKind, SpringParams, Vec2, World,
    WorldSettings,
};
use physbox::testbed::joints as jx;
use physbox::testbed::{dynamic_box, ground_box, Material};
use std::f64::consts::PI;

const DT: f64 = 1.0 / 60.0;

fn center(w: &World, id: BodyId) -> Vec2 {
    w.body(id).unwrap().center
}

/// Times at which `x` crosses zero going up (linear interpolation).
fn upward_crossings(xs: &[f64], dt: f64) -> Vec<f64> {
    let mut out = Vec::new();
    for i in 1..xs.len() {
        if xs[i - 1] < 0.0 && xs[i] >= 0.0 {
            let f = -xs[i - 1] / (xs[i] - xs[i - 1]);
            out.push((i as f64 - 1.0 + f) * dt);
        }
    }
    out
}

/// Local maxima (parabola through the three samples around each).
fn peaks(xs: &[f64]) -> Vec<f64> {
    let mut out = Vec::new();
    for i in 1..xs.len() - 1 {
        if xs[i] > xs[i - 1] && xs[i] >= xs[i + 1] && xs[i] > 0.0 {
            let (y0, y1, y2) = (xs[i - 1], xs[i], xs[i + 1]);
            let denom = y0 - 2.0 * y1 + y2;
            let t = if denom.abs() > 1e-15 {
                0.5 * (y0 - y2) / denom
            } else {
                0.0
            };
            out.push(y1 - 0.25 * (y0 - y2) * t);
        }
    }
    out
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
fn undamped_spring_period_matches_theory() {
    for (m, k) in [(2.0f64, 50.0f64), (1.0, 400.0), (0.5, 5.0)] {
        let theory = 2.0 * PI * (m / k).sqrt();
        let xs = spring_trace(m, k, 0.0, 12.0 * theory);
        let ups = upward_crossings(&xs, DT);
        let n = ups.len() - 1;
        let period = (ups[n] - ups[0]) / n as f64;
        let err = (period - theory).abs() / theory;
        let ps = peaks(&xs);
        let keep = ps[ps.len() - 1] / ps[0];
        println!(
            "m={m} k={k}: period {period:.6} s, theory {theory:.6} s, error {:.4}%, amplitude kept {keep:.5} over {} periods",
            100.0 * err,
            ps.len() - 1
        );
        assert!(err < 0.005, "period error {err}");
        assert!(keep > 0.98, "an undamped spring lost amplitude: {keep}");
    }
}

#[test]
fn damped_spring_decays_per_period_as_theory() {
    for (m, k, c) in [(2.0f64, 50.0f64, 1.0f64), (1.0, 100.0, 2.0)] {
        let wn = (k / m).sqrt();
        let zeta = c / (2.0 * (k * m).sqrt());
        let td = 2.0 * PI / (wn * (1.0 - zeta * zeta).sqrt());
        let theory = (-zeta * wn * td).exp();
        let xs = spring_trace(m, k, c, 6.0 * td);
        let ps = peaks(&xs);
        let ratios: Vec<f64> = ps.windows(2).map(|p| p[1] / p[0]).collect();
        let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
        let err = (mean - theory).abs() / theory;
        println!(
            "m={m} k={k} c={c}: decay per period {mean:.5}, theory {theory:.5}, error {:.3}%",
            100.0 * err
        );
        for r in &ratios {
            assert!((r - theory).abs() / theory < 0.03, "ratio {r} vs {theory}");
        }
    }
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
fn hinge_pendulum_keeps_its_energy_for_a_minute() {
    let mut w = World::new(WorldSettings::default());
    let bob = jx::hinge_pendulum(&mut w, 1.0);
    let e0 = w.energy();
    let (mut lo, mut hi, mut max_ke) = (e0, e0, 0.0f64);
    for _ in 0..(60.0 / DT) as usize {
        w.step(DT);
        let e = w.energy();
        lo = lo.min(e);
        hi = hi.max(e);
        max_ke = max_ke.max(w.body(bob).unwrap().kinetic_energy());
    }
    let dev = (hi - e0).max(e0 - lo) / max_ke;
    println!(
        "hinge pendulum 60 s: energy within {:+.4}% / {:+.4}% of max KE {max_ke:.4} J",
        100.0 * (lo - e0) / max_ke,
        100.0 * (hi - e0) / max_ke
    );
    assert!(dev < 0.005, "energy deviation {dev}");
}

#[test]
fn heavy_pendulum_rod_does_not_stretch() {
    let mut w = World::new(WorldSettings::default());
    let length = 1.0;
    let (bob, _) = jx::heavy_pendulum(&mut w, 5000.0, length);
    let mut worst: f64 = 0.0;
    for _ in 0..(20.0 / DT) as usize {
        w.step(DT);
        let len = center(&w, bob).length();
        worst = worst.max((len - length).abs() / length);
    }
    println!("5000 kg pendulum: max relative rod stretch {worst:e}");
    assert!(worst < 1e-4, "stretch {worst}");
}

#[test]
fn hung_boxes_hold_when_hit() {
    let mut w = World::new(WorldSettings::default());
    let (joints, _) = jx::hung_boxes(&mut w, 1.0, 100.0, 30.0);
    let mut worst: f64 = 0.0;
    for _ in 0..(5.0 / DT) as usize {
        w.step(DT);
        for &j in &joints {
            let (a, b) = w.joint_anchors(j).unwrap();
            worst = worst.max((a - b).length());
        }
    }
    println!(
        "hung boxes hit at 30 m/s: max anchor separation {:.3} mm",
        1000.0 * worst
    );
    assert!(worst < 0.01, "separation {worst}");
}

#[test]
fn hooke_rope_hangs_with_hookes_stretch() {
    // Sleep off: a resting rope falls asleep with its last micro-oscillation
    // frozen in (±2 µm on the bottom link, whose expected stretch is 49 µm).
    let mut w = World::new(WorldSettings {
        enable_sleep: false,
        ..WorldSettings::default()
    });
    let (n, each, link, k) = (80u32, 0.05, 0.1, 1e4);
    let rope = jx::hanging_rope(&mut w, Vec2::new(0.0, 20.0), n, each, link, Some(k), 2.0);
    for _ in 0..(40.0 / DT) as usize {
        w.step(DT);
    }
    let g = 9.81;
    let mut worst: f64 = 0.0;
    let mut worst_at = 0;
    let mut speed: f64 = 0.0;
    for i in 0..(n as usize - 1) {
        let a = center(&w, rope.bodies[i]);
        let b = center(&w, rope.bodies[i + 1]);
        let stretch = (b - a).length() - link;
        let below = (n as usize - 1 - i) as f64 * each * g;
        let expected = below / k;
        let err = (stretch - expected).abs() / expected;
        if err > worst {
            worst = err;
            worst_at = i;
        }
        speed = speed.max(w.body(rope.bodies[i]).unwrap().linear_velocity.length());
    }
    println!("80-mass Hooke rope at 60 Hz: worst link stretch error {:.4}% of (weight below)/k (link {worst_at} from the top), max speed {speed:e} m/s", 100.0 * worst);
    assert!(worst < 0.02, "stretch error {worst}");
    assert!(speed < 1e-2, "rope still moving: {speed}");
}

#[test]
fn inextensible_rope_holds_a_heavy_weight() {
    let mut w = World::new(WorldSettings::default());
    let rope = jx::hanging_rope(&mut w, Vec2::new(0.0, 10.0), 21, 1.0 / 21.0, 0.2, None, 0.0);
    let last = *rope.bodies.last().unwrap();
    let p = center(&w, last);
    let weight = dynamic_box(
        &mut w,
        p - Vec2::new(0.0, 0.3),
        0.0,
        0.4,
        0.4,
        Material::default(),
    );
    w.set_mass(weight, 20.0).unwrap();
    w.create_joint(&JointDef::new(
        JointKind::Hinge(HingeParams::default()),
        last,
        Some(weight),
        p,
    ))
    .unwrap();
    // Swing it sideways too.
    w.set_linear_velocity(weight, Vec2::new(3.0, 0.0)).unwrap();
    let rest = 4.0;
    let mut worst: f64 = 0.0;
    for _ in 0..(20.0 / DT) as usize {
        w.step(DT);
        let len = w.chain_length(&rope.bodies).unwrap();
        worst = worst.max(len / rest - 1.0);
    }
    println!(
        "inextensible rope, 20 kg weight: max stretch {:.4}%",
        100.0 * worst
    );
    assert!(worst < 0.01, "stretch {worst}");
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

#[test]
fn joined_bodies_sleep_and_wake_together() {
    let mut w = World::new(WorldSettings::default());
    ground_box(&mut w, Vec2::new(0.0, -0.5), 20.0, 1.0, Material::default());
    let a = dynamic_box(
        &mut w,
        Vec2::new(0.0, 0.25),
        0.0,
        0.5,
        0.5,
        Material::default(),
    );
    let b = dynamic_box(
        &mut w,
        Vec2::new(2.0, 0.25),
        0.0,
        0.5,
        0.5,
        Material::default(),
    );
    let mut def = JointDef::new(
        JointKind::Spring(SpringParams {
            length: None,
            k: 50.0,
            damping: 1.0,
        }),
        a,
        Some(b),
        Vec2::new(0.0, 0.25),
    );
    def.anchor_b = Vec2::new(2.0, 0.25);
    let j = w.create_joint(&def).unwrap();
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
    fn joint(&mut self, _: physbox::physics::JointType, _: Vec2, _: Vec2) {
        self.joints += 1;
    }
    fn spring(&mut self, _: Vec2, _: Vec2) {
        self.springs += 1;
    }
    fn rope(&mut self, points: &[Vec2]) {
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
