//! Ropes that rest (issue 18 §3) through the Rust API, beyond the one
//! setting `scenes/rope_rest.lua` runs: the default internal damping lets a
//! rope between two static posts settle and sleep within 20 s at other step
//! sizes and substep counts too; a rope without damping keeps moving; a cut
//! rope's halves are not damped towards each other; snapshots keep the
//! damping.

mod common;
use physbox::physics::{BodyDef, BodyId, BodyType, RopeDef, Vec2, World, WorldSettings};

fn post(w: &mut World, x: f64) -> BodyId {
    w.create_body(&BodyDef {
        body_type: BodyType::Static,
        position: Vec2::new(x, 0.0),
        ..BodyDef::default()
    })
    .unwrap()
}

/// The rope: 24 segments, 0.5 kg, pinned to posts 4 m apart.
fn two_post_rope(w: &mut World, internal_damping: f64) -> Vec<BodyId> {
    let (a, b) = (post(w, 0.0), post(w, 4.0));
    w.create_rope(&RopeDef {
        from: Vec2::new(0.0, 0.0),
        to: Vec2::new(4.0, 0.0),
        segments: 24,
        mass: 0.5,
        a: Some(a),
        b: Some(b),
        internal_damping,
        ..RopeDef::default()
    })
    .unwrap()
    .bodies
}

fn fastest(w: &World, bodies: &[BodyId]) -> f64 {
    bodies
        .iter()
        .map(|&b| w.body(b).unwrap().linear_velocity.length())
        .fold(0.0, f64::max)
}

/// Seconds until every mass sleeps (None: not within `limit` s).
fn time_to_sleep(w: &mut World, bodies: &[BodyId], dt: f64, limit: f64) -> Option<f64> {
    let steps = (limit / dt).round() as usize;
    for i in 1..=steps {
        w.step(dt);
        if bodies.iter().all(|&b| !w.body(b).unwrap().awake) {
            return Some(i as f64 * dt);
        }
    }
    None
}

#[test]
fn a_rope_between_two_posts_sleeps_within_20_s_at_any_common_step() {
    for (hz, substeps) in [(60.0, 4), (120.0, 4), (60.0, 8), (30.0, 4), (60.0, 1)] {
        let mut w = World::new(WorldSettings {
            substeps,
            ..WorldSettings::default()
        });
        let rope = two_post_rope(&mut w, RopeDef::default().internal_damping);
        let t = time_to_sleep(&mut w, &rope, 1.0 / hz, 20.0);
        println!("{hz} Hz, {substeps} substeps: asleep after {t:?} s");
        assert!(
            t.is_some(),
            "{hz} Hz, {substeps} substeps: still awake after 20 s"
        );
        // Asleep is at rest, and stays so.
        for _ in 0..120 {
            w.step(1.0 / hz);
        }
        assert!(fastest(&w, &rope) < 1e-3, "{hz} Hz: {}", fastest(&w, &rope));
    }
}

#[test]
fn without_damping_the_rope_never_rests() {
    let mut w = World::new(WorldSettings::default());
    let rope = two_post_rope(&mut w, 0.0);
    assert_eq!(time_to_sleep(&mut w, &rope, 1.0 / 60.0, 20.0), None);
}

#[test]
fn a_cut_ropes_halves_fall_freely() {
    // Cut in the middle and released with no gravity: the free half moves
    // on at its speed; only its own links' relative motion and the drag
    // act on it, never a pull towards the other half.
    let mut w = World::new(WorldSettings {
        gravity: Vec2::ZERO,
        ..WorldSettings::default()
    });
    let rope = two_post_rope(&mut w, 0.8);
    let middle = w
        .joints()
        .find(|(_, j)| j.body_a == rope[12] && j.body_b == Some(rope[13]))
        .map(|(id, _)| id)
        .unwrap();
    w.destroy_joint(middle).unwrap();
    for &b in &rope[..13] {
        w.set_linear_velocity(b, Vec2::new(0.0, 1.0)).unwrap();
    }
    w.step(1.0 / 60.0);
    let v = w.body(rope[12]).unwrap().linear_velocity;
    let u = w.body(rope[13]).unwrap().linear_velocity;
    assert!(u.length() < 1e-9, "the other half was pulled along: {u:?}");
    assert!(v.y > 0.9, "{v:?}");
}

#[test]
fn snapshots_keep_a_ropes_damping() {
    let mut w = World::new(WorldSettings::default());
    let rope = two_post_rope(&mut w, RopeDef::default().internal_damping);
    for _ in 0..60 {
        w.step(1.0 / 60.0);
    }
    let mut back = common::restored_steps_alike(&mut w, 120);
    assert!(time_to_sleep(&mut back, &rope, 1.0 / 60.0, 20.0).is_some());
}

#[test]
fn a_snapshot_with_a_negative_rope_damping_is_refused() {
    let mut w = World::new(WorldSettings::default());
    two_post_rope(&mut w, 0.8);
    let json = w
        .to_snapshot()
        .replace("\"damping\":0.8", "\"damping\":-5.0");
    assert!(json.contains("\"damping\":-5.0"), "the rope record moved");
    let err = World::from_snapshot(&json)
        .err()
        .expect("refused")
        .to_string();
    assert!(err.contains("ropes[0].damping"), "{err}");
}

/// The damping that stops a rope's swing pulls it towards the bodies it
/// hangs from, never towards standing still: a rope pinned to nothing
/// falls as any body does (the drag once held it to 12 m/s), and one
/// thrown keeps its momentum; a rope pinned at one end to a body moving at
/// a steady speed swings to rest behind it, at its speed.
#[test]
fn a_free_rope_falls_and_flies_as_any_body_does() {
    let mut w = World::new(WorldSettings::default());
    let rope = w
        .create_rope(&RopeDef {
            from: Vec2::new(0.0, 0.0),
            to: Vec2::new(2.0, 0.0),
            segments: 8,
            mass: 1.0,
            ..RopeDef::default()
        })
        .unwrap()
        .bodies;
    assert!(RopeDef::default().internal_damping > 0.0);
    for &b in &rope {
        w.set_linear_velocity(b, Vec2::new(3.0, 0.0)).unwrap();
    }
    for _ in 0..120 {
        w.step(1.0 / 60.0);
    }
    for &b in &rope {
        let v = w.body(b).unwrap().linear_velocity;
        assert!((v.y + 2.0 * 9.81).abs() < 1e-6, "{v:?}");
        assert!((v.x - 3.0).abs() < 1e-6, "{v:?}");
    }

    // Towed in zero gravity by a kinematic cart at 2 m/s: the rope ends up
    // moving with the cart, not stopped by its damping.
    let mut w = World::new(WorldSettings {
        gravity: Vec2::ZERO,
        ..WorldSettings::default()
    });
    let cart = w
        .create_body(&BodyDef {
            body_type: BodyType::Kinematic,
            linear_velocity: Vec2::new(2.0, 0.0),
            ..BodyDef::default()
        })
        .unwrap();
    let rope = w
        .create_rope(&RopeDef {
            from: Vec2::new(0.0, 0.0),
            to: Vec2::new(-2.0, 0.5),
            segments: 8,
            mass: 0.5,
            a: Some(cart),
            ..RopeDef::default()
        })
        .unwrap()
        .bodies;
    for _ in 0..1200 {
        w.step(1.0 / 60.0);
    }
    for &b in &rope {
        let v = w.body(b).unwrap().linear_velocity;
        assert!((v - Vec2::new(2.0, 0.0)).length() < 1e-3, "{v:?}");
    }
}
