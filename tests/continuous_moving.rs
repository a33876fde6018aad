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

/// Bodies that meet in their very first step (made moving, their broad-phase
/// boxes not yet stretched along their motion) or that fly further in a
/// step than those boxes reach: each sweep finds the other by its own
/// sweep. A bullet and a box made at 100 m/s each, 0.5–3.2 m apart, passed
/// through each other in 9 of 20 such pairs; two plain boxes at 600 m/s
/// (10 m a step) too.
#[test]
fn bodies_meeting_in_their_first_step_or_faster_than_their_boxes_collide() {
    for (v, bullet) in [(100.0, true), (100.0, false), (600.0, false)] {
        let x = numbers(&format!(
            "world.gravity = {{0, 0}}
             local through, pairs_ = 0, {{}}
             for i = 0, 19 do
               local gap = 0.5 + i * 0.14 * {v} / 100
               local a = circle {{ x = 0, y = 3 * i, r = 0.05, vx = {v}, bullet = {bullet} }}
               local b = box {{ x = gap, y = 3 * i, w = 0.5, h = 0.5, vx = -{v} }}
               pairs_[#pairs_ + 1] = {{ a, b }}
             end
             world:step(5)
             for _, p in ipairs(pairs_) do
               if p[1].x > p[2].x then through = through + 1 end
             end
             print(through)"
        ));
        assert_eq!(x[0], 0.0, "v={v} bullet={bullet}: pairs passed through");
    }
}

/// A ball stopped by a wall at any speed rests against it: the impulse that
/// stopped it is not a load the contact keeps pushing with (`contact_solver::
/// HIT_SPEED`). It came to rest 6 mm off a static wall at 100 m/s, 6 cm at
/// 1000 m/s, 60 cm at 10 km/s; with a heavy free wall the two flew on
/// together 1.2 m apart.
#[test]
fn a_ball_stopped_by_a_wall_at_any_speed_rests_against_it() {
    for v in [100.0, 1000.0, 10000.0] {
        let x = numbers(&format!(
            "world.gravity = {{0, 0}}
             local wall = box {{ x = 5, w = 0.05, h = 2, static = true }}
             local ball = circle {{ x = 0, r = 0.05, vx = {v} }}
             local free = box {{ x = 5, y = 10, w = 0.01, h = 2, mass = 1000 }}
             local other = circle {{ x = 0, y = 10, r = 0.05, vx = {v} }}
             world:step(4)
             print(wall.x - 0.025 - ball.x - 0.05, ball.vx,
                   free.x - 0.005 - other.x - 0.05, free.vx - other.vx)"
        ));
        assert!(x[0].abs() < 1e-4, "v={v}: {} m off the static wall", x[0]);
        assert!(x[1].abs() < 1e-6, "v={v}: still moving at {}", x[1]);
        assert!(x[2].abs() < 1e-4, "v={v}: {} m off the free wall", x[2]);
        assert!(
            x[3].abs() < 1e-6,
            "v={v}: the free pair parting at {}",
            x[3]
        );
    }
}

/// A body turning more than half a turn in a step is swept the way it
/// turns, not the short way round: a 6 m plank spinning at 200–320 rad/s
/// (3.3–5.3 rad a step) passed through a post beside its centre every
/// step, for good, bullet or not.
#[test]
fn a_plank_spinning_more_than_half_a_turn_a_step_hits_the_post() {
    for omega in [200.0, 250.0, 320.0] {
        for bullet in [false, true] {
            let x = numbers(&format!(
                "world.gravity = {{0, 0}}
                 local plank = box {{ w = 6, h = 0.05, omega = {omega}, bullet = {bullet} }}
                 box {{ x = 0, y = 2, w = 0.1, h = 0.1, static = true }}
                 world:step(3)
                 print(plank.omega)"
            ));
            assert!(
                x[0] < 0.9 * omega,
                "omega {omega}, bullet {bullet}: still spinning at {}",
                x[0]
            );
        }
    }
}
