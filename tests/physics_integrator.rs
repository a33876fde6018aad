//! `Integrator::Rk4` (seed 000 §4.1, table 4.1): force-only motion by RK4,
//! contacts and joints still by the solver. §5's free-fall row (rk4 error
//! < 1e-9 over 10 s) is measured from `scenes/free_fall.lua` by
//! `tests/lua_scenes.rs`.

use physbox::physics::settings::Integrator;
use physbox::physics::{BodyDef, Vec2, World, WorldSettings};
use physbox::testbed::joints as jx;

fn world(integrator: Integrator) -> World {
    World::new(WorldSettings {
        integrator,
        ..WorldSettings::default()
    })
}

#[test]
fn rk4_integrates_damping_to_fourth_order() {
    // v' = −g − c·v: v(t) = −(g/c)(1 − e^{−ct}), y(t) = −(g/c)(t − (1 − e^{−ct})/c).
    let (g, c, t_end): (f64, f64, f64) = (9.81, 1.0, 5.0);
    let exact = -(g / c) * (t_end - (1.0 - (-c * t_end).exp()) / c);
    let mut errors = Vec::new();
    for integrator in [Integrator::Euler, Integrator::Rk4] {
        let mut w = world(integrator);
        let b = w
            .create_body(&BodyDef {
                linear_damping: c,
                ..BodyDef::default()
            })
            .unwrap();
        w.set_mass(b, 1.0).unwrap();
        for _ in 0..(t_end * 60.0) as usize {
            w.step(1.0 / 60.0);
        }
        let y = w.body(b).unwrap().center.y;
        println!("{integrator:?}: damped fall after {t_end} s: y = {y:.10}, exact {exact:.10}, error {:e}", (y - exact).abs());
        errors.push((y - exact).abs());
    }
    assert!(errors[1] < 1e-8, "rk4 error {}", errors[1]);
    assert!(errors[1] < errors[0] / 1000.0);
}

#[test]
fn rk4_leaves_contacts_and_joints_to_the_solver() {
    let mut w = world(Integrator::Rk4);
    physbox::testbed::ground_box(&mut w, Vec2::new(0.0, -0.5), 10.0, 1.0, Default::default());
    let ball = jx::ball(&mut w, Vec2::new(0.0, 1.0), 0.25, 1.0);
    let bob = jx::hinge_pendulum(&mut w, 1.0);
    for _ in 0..600 {
        w.step(1.0 / 60.0);
    }
    let y = w.body(ball).unwrap().center.y;
    assert!((y - 0.25).abs() < 0.01, "ball rests on the ground: {y}");
    let r = w.body(bob).unwrap().center.length();
    assert!((r - 1.0).abs() < 1e-6, "pendulum length {r}");
}
