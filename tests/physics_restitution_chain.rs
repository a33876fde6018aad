//! A row of perfectly elastic balls struck at one end (Newton's cradle
//! without strings): however the impacts fall within a step, the row never
//! ends with more energy than it was given, and with gaps wide enough for
//! one impact per step the momentum passes cleanly to the last ball.

use physbox::physics::{BodyId, Vec2, World, WorldSettings};
use physbox::testbed::{dynamic_circle, Material};

const SPEED: f64 = 2.62;

/// Five balls of radius 0.25, `gap` apart, the first moving at `SPEED`;
/// run 2 s without gravity. Returns (final velocities, energy / initial).
fn strike_row(gap: f64) -> (Vec<f64>, f64) {
    let mut w = World::new(WorldSettings {
        gravity: Vec2::ZERO,
        ..WorldSettings::default()
    });
    let m = Material {
        restitution: 1.0,
        friction: 0.0,
        ..Material::default()
    };
    let ids: Vec<BodyId> = (0..5)
        .map(|i| dynamic_circle(&mut w, Vec2::new(i as f64 * (0.5 + gap), 0.0), 0.25, m))
        .collect();
    w.set_linear_velocity(ids[0], Vec2::new(SPEED, 0.0))
        .unwrap();
    let energy = |w: &World| -> f64 {
        ids.iter()
            .map(|&id| {
                let b = w.body(id).unwrap();
                0.5 * b.mass * b.linear_velocity.length_squared()
            })
            .sum()
    };
    let e0 = energy(&w);
    for _ in 0..120 {
        w.step(1.0 / 60.0);
    }
    let v = ids
        .iter()
        .map(|&id| w.body(id).unwrap().linear_velocity.x)
        .collect();
    (v, energy(&w) / e0)
}

#[test]
fn a_struck_row_never_gains_energy() {
    for gap in [0.0, 0.001, 0.01, 0.02, 0.04, 0.1] {
        let (v, ratio) = strike_row(gap);
        println!("gap {gap}: velocities {v:.3?}, energy ratio {ratio:.4}");
        assert!(ratio <= 1.0 + 1e-9, "gap {gap}: energy grew {ratio}");
    }
}

#[test]
fn a_row_with_room_between_impacts_passes_the_speed_on() {
    let (v, ratio) = strike_row(0.04);
    assert!((v[4] - SPEED).abs() < 0.01 * SPEED, "{v:?}");
    assert!(v[..4].iter().all(|x| x.abs() < 0.01 * SPEED), "{v:?}");
    assert!((ratio - 1.0).abs() < 0.01, "energy ratio {ratio}");
}
