//! Sleeping bodies wake when what holds them up goes away. Contacts between
//! two bodies that are not moving are passed over by the contact update, so
//! these edits must still reach them.

use physbox::physics::{BodyId, BodyType, Vec2, World, WorldSettings};
use physbox::testbed::{dynamic_box, ground_box, Material};

const DT: f64 = 1.0 / 60.0;

/// A box asleep on a static ground box; returns (world, ground, box).
fn box_asleep_on_ground() -> (World, BodyId, BodyId) {
    let mut w = World::new(WorldSettings::default());
    let ground = ground_box(&mut w, Vec2::new(0.0, -0.5), 20.0, 1.0, Material::default());
    let b = dynamic_box(
        &mut w,
        Vec2::new(0.0, 0.5),
        0.0,
        1.0,
        1.0,
        Material::default(),
    );
    for _ in 0..300 {
        w.step(DT);
    }
    assert!(!w.body(b).unwrap().awake, "the box should be asleep by now");
    (w, ground, b)
}

fn height_after_one_second(w: &mut World, b: BodyId) -> f64 {
    for _ in 0..60 {
        w.step(DT);
    }
    w.body_position(b).unwrap().y
}

#[test]
fn destroying_the_ground_wakes_what_sleeps_on_it() {
    let (mut w, ground, b) = box_asleep_on_ground();
    w.destroy_body(ground).unwrap();
    let y = height_after_one_second(&mut w, b);
    // Free fall for a second: ~4.9 m.
    assert!(y < -4.0, "the box stayed up at y = {y}");
}

#[test]
fn teleporting_the_ground_away_wakes_what_sleeps_on_it() {
    let (mut w, ground, b) = box_asleep_on_ground();
    w.set_transform(ground, Vec2::new(100.0, -0.5), 0.0)
        .unwrap();
    let y = height_after_one_second(&mut w, b);
    assert!(y < -4.0, "the box stayed up at y = {y}");
}

#[test]
fn a_sleeping_stack_stays_put_while_nothing_moves() {
    let (mut w, _, b) = box_asleep_on_ground();
    let before = w.body_position(b).unwrap();
    let y = height_after_one_second(&mut w, b);
    assert!(!w.body(b).unwrap().awake);
    assert_eq!(before.y, y);
}

/// Turning counts by the speed of the body's farthest point: a 10 m plank
/// turning at 0.02 rad/s (its ends at 0.1 m/s, under the old 2°/s limit)
/// keeps turning, while a small ball rocking at 0.1 rad/s (its rim at
/// 0.02 m/s) counts as slow.
#[test]
fn a_long_plank_turning_slowly_stays_awake_and_a_small_ball_rocking_sleeps() {
    let mut w = World::new(WorldSettings {
        gravity: Vec2::ZERO,
        ..WorldSettings::default()
    });
    let plank = dynamic_box(
        &mut w,
        Vec2::new(0.0, 0.0),
        0.0,
        10.0,
        0.2,
        Material::default(),
    );
    w.set_angular_velocity(plank, 0.02).unwrap();
    let ball =
        physbox::testbed::dynamic_circle(&mut w, Vec2::new(20.0, 0.0), 0.25, Material::default());
    w.set_angular_velocity(ball, 0.1).unwrap();
    for _ in 0..300 {
        w.step(DT);
    }
    let p = w.body(plank).unwrap();
    assert!(p.awake, "the plank froze mid-turn");
    assert!(
        (p.angular_velocity - 0.02).abs() < 1e-9,
        "{}",
        p.angular_velocity
    );
    assert!(
        !w.body(ball).unwrap().awake,
        "the rocking ball should sleep"
    );
}

/// A kinematic body moves as it was told however slowly, and carries what
/// rides on it without a nap: a 3 cm/s conveyor and a windmill at 0.01 rad/s fell asleep
/// after half a second (slower than the sleep tolerance), sleep cleared
/// their velocities, and they stood still for good, the conveyor 1.55 cm
/// along.
#[test]
fn a_slow_kinematic_body_keeps_moving_and_carries_its_load() {
    let mut w = World::new(WorldSettings::default());
    let kinematic = |w: &mut World, at: Vec2| {
        let b = dynamic_box(w, at, 0.0, 4.0, 0.2, Material::default());
        w.set_body_type(b, BodyType::Kinematic).unwrap();
        b
    };
    let conveyor = kinematic(&mut w, Vec2::ZERO);
    w.set_linear_velocity(conveyor, Vec2::new(0.03, 0.0))
        .unwrap();
    let windmill = kinematic(&mut w, Vec2::new(10.0, 0.0));
    w.set_angular_velocity(windmill, 0.01).unwrap();
    let crate_ = dynamic_box(
        &mut w,
        Vec2::new(0.0, 0.35),
        0.0,
        0.5,
        0.5,
        Material::default(),
    );
    let mut naps = 0;
    for _ in 0..600 {
        w.step(DT);
        naps += usize::from(!w.body(crate_).unwrap().awake);
    }
    let x = |w: &World, b| w.body_position(b).unwrap().x;
    let turned = w.body(windmill).unwrap().xf.q.angle();
    println!(
        "after 10 s: conveyor {:.4} m, crate {:.4} m, windmill {turned:.4} rad",
        x(&w, conveyor),
        x(&w, crate_)
    );
    assert!((x(&w, conveyor) - 0.3).abs() < 1e-9);
    assert!((turned - 0.1).abs() < 1e-9);
    // Riding it, the crate never sleeps (it fell asleep every half
    // second, stopped, and woke: 19 naps and 1.7 mm behind after 10 s).
    assert_eq!(naps, 0);
    assert!((x(&w, conveyor) - x(&w, crate_)).abs() < 2e-4);
}
