//! Continuous collision between two moving bodies (docs/lua-api.md,
//! "Continuous collision"): each is swept along its own motion, so a fast
//! body meets another where both really are — a row of fast balls keeps its
//! spacing, a thin wall and a ball flying at each other collide, a fast
//! plate pushes a ball ahead of it.

use physbox::script::{Scene, SceneOptions};
use std::path::Path;

fn numbers(src: &str) -> Vec<f64> {
    let s = Scene::from_source(Path::new("ccd_test.lua"), src, &SceneOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let out = s.console();
    out.last()
        .expect("printed")
        .split('\t')
        .map(|x| x.parse().unwrap())
        .collect()
}

/// Balls flying one behind another at the same speed never meet: each keeps
/// x0 + v·t. (Swept against the follower's end pose, which lay on its path,
/// the leader was put back behind it: 45.16, 45.06, 45.06 instead of 50,
/// 48, 46 at 300 m/s.)
#[test]
fn balls_flying_in_a_row_keep_their_spacing() {
    for v in [150.0, 300.0, 1000.0] {
        let x = numbers(&format!(
            "world.gravity = {{0, 0}}
             local balls = {{}}
             for i = 1, 3 do balls[i] = circle {{ x = -2 * (i - 1), r = 0.05, vx = {v} }} end
             world:step(10)
             print(balls[1].x, balls[2].x, balls[3].x, balls[2].y)"
        ));
        let ahead = v * 10.0 / 60.0;
        for (i, xi) in x[..3].iter().enumerate() {
            let want = ahead - 2.0 * i as f64;
            assert!(
                (xi - want).abs() < 1e-9,
                "v={v}: ball {i} at {xi}, want {want}"
            );
        }
        assert_eq!(x[3], 0.0, "v={v}: pushed sideways");
    }
}

/// A ball and a thin wall flying at each other collide whether or not the
/// ball is a bullet: the ball ends on its own side, and the momentum is
/// what it was (they passed through each other at 200 m/s each).
#[test]
fn a_ball_and_a_wall_flying_at_each_other_collide() {
    for bullet in [false, true] {
        let x = numbers(&format!(
            "world.gravity = {{0, 0}}
             local w = box {{ x = 0.01, w = 0.02, h = 2, vx = -200, mass = 5 }}
             local b = circle {{ x = -2, r = 0.02, vx = 200, mass = 0.1, bullet = {bullet} }}
             world:step(60)
             print(b.x - w.x, 0.1 * b.vx + 5 * w.vx)"
        ));
        assert!(
            x[0] < 0.0,
            "bullet={bullet}: the ball passed the wall ({})",
            x[0]
        );
        assert!(
            (x[1] + 980.0).abs() < 1e-6,
            "bullet={bullet}: momentum {}",
            x[1]
        );
    }
}

/// A fast plate hitting a resting ball pushes it ahead: the ball stays in
/// front of the plate (it was put behind it, on the plate's far side).
#[test]
fn a_fast_plate_pushes_a_resting_ball_ahead_of_it() {
    let x = numbers(
        "world.gravity = {0, 0}
         local w = box { x = 0.01, w = 0.02, h = 2, vx = -300, mass = 5 }
         local b = circle { x = -2, r = 0.02, mass = 0.1 }
         local ahead = true
         for i = 1, 30 do world:step(1); ahead = ahead and b.x < w.x end
         print(ahead and 1 or 0, b.vx, w.vx)",
    );
    assert_eq!(x[0], 1.0, "the ball fell behind the plate: {x:?}");
    assert!((x[1] - x[2]).abs() < 1e-6, "they move on together: {x:?}");
}
