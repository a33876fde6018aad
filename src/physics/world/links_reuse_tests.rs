//! The solver keeps last step's links while no contact gained or lost
//! points or went and the same bodies are in the step
//! (`solver/islands.rs`, `stale.rs`): stepping with that on and with every
//! step collecting its links must give the same motion bit for bit, through
//! everything that changes the links: piles settling and waking, a body
//! destroyed, one moved by hand, retyped, made heavier, pushed.

use crate::physics::geometry::shape::{Circle, Polygon, ShapeGeom};
use crate::physics::math::{Real, Vec2};
use crate::physics::settings::WorldSettings;
use crate::physics::solver::{LINKS_REUSED_FOR_TESTS, REUSE_LINKS_FOR_TESTS};
use crate::physics::world::body::BodyType;
use crate::physics::world::test_bodies::body;
use crate::physics::world::World;

const DT: Real = 1.0 / 60.0;

/// A ten-row box pyramid and a few balls dropped beside it, with sleep on
/// (it falls asleep and is woken again); at set steps a box is destroyed,
/// one teleported, one made static and dynamic again, one made heavier,
/// one pushed. The state hash after every step.
fn run(reuse: bool) -> (Vec<u64>, u64) {
    REUSE_LINKS_FOR_TESTS.with(|r| r.set(reuse));
    LINKS_REUSED_FOR_TESTS.with(|n| n.set(0));
    let mut w = World::new(WorldSettings {
        enable_sleep: true,
        ..Default::default()
    });
    body(
        &mut w,
        BodyType::Static,
        ShapeGeom::Polygon(Polygon::make_box(20.0, 0.5)),
        Vec2::new(0.0, -0.5),
    );
    let mut boxes = Vec::new();
    for row in 0..10 {
        for k in 0..(10 - row) {
            let x = -2.25 + 0.25 * row as Real + 0.5 * k as Real;
            let y = 0.25 + 0.5 * row as Real;
            let geom = ShapeGeom::Polygon(Polygon::make_box(0.25, 0.25));
            boxes.push(body(&mut w, BodyType::Dynamic, geom, Vec2::new(x, y)).0);
        }
    }
    for k in 0..6 {
        let geom = ShapeGeom::Circle(Circle {
            center: Vec2::ZERO,
            radius: 0.2,
        });
        let at = Vec2::new(5.0 + 0.3 * k as Real, 1.0 + 0.5 * k as Real);
        body(&mut w, BodyType::Dynamic, geom, at);
    }
    let mut hashes = Vec::new();
    for step in 0..900 {
        match step {
            150 => w.destroy_body(boxes[3]).unwrap(),
            250 => w
                .set_transform(boxes[50], Vec2::new(-6.0, 3.0), 0.3)
                .unwrap(),
            350 => w.set_body_type(boxes[20], BodyType::Static).unwrap(),
            380 => w.set_body_type(boxes[20], BodyType::Dynamic).unwrap(),
            450 => w.set_mass(boxes[40], 30.0).unwrap(),
            600 => w
                .apply_impulse(boxes[0], Vec2::new(3.0, 0.0), None)
                .unwrap(),
            _ => {}
        }
        w.step(DT);
        hashes.push(w.state_hash());
    }
    let reused = LINKS_REUSED_FOR_TESTS.with(|n| n.get());
    REUSE_LINKS_FOR_TESTS.with(|r| r.set(true));
    (hashes, reused)
}

#[test]
fn keeping_the_last_steps_links_moves_everything_as_collecting_them_again() {
    let (kept, reused) = run(true);
    let (collected, none) = run(false);
    assert_eq!(none, 0);
    // The pyramid stands still between the edits: most steps keep them.
    assert!(reused > 200, "links kept in only {reused} steps");
    for (step, (a, b)) in kept.iter().zip(&collected).enumerate() {
        assert_eq!(a, b, "the motion parts at step {step}");
    }
}
