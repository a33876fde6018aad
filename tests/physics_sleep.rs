//! Sleeping bodies wake when what holds them up goes away. Contacts between
//! two bodies that are not moving are passed over by the contact update, so
//! these edits must still reach them.

use physbox::physics::{BodyId, Vec2, World, WorldSettings};
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
