//! The wheel joint from Lua, measured as a user would: a load on its
//! suspension sinks by m·g/k, a car on wheel joints drives on its motor,
//! and the wheels never leave their axes.

use physbox::script::{Scene, SceneOptions};
use std::path::Path;

fn run(src: &str) -> Vec<f64> {
    let scene = Scene::from_source(Path::new("wheel_test.lua"), src, &SceneOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let out = scene.console();
    let line = out.last().expect("the scene prints its numbers");
    line.split('\t')
        .map(|x| x.parse().unwrap_or_else(|_| panic!("not a number: {line}")))
        .collect()
}

/// A mass hung on a vertical wheel joint from a static base sinks to
/// m·g/k: soft (resolved by the substep) and stiff (not resolved).
#[test]
fn a_load_sinks_by_its_static_deflection() {
    for (k, damping) in [(400.0, 30.0), (2.0e5, 400.0)] {
        let v = run(&format!(
            "world.gravity = {{0, -9.81}}
             local base = box {{ x = 0, y = 5, w = 1, h = 0.2, static = true }}
             local load = circle {{ x = 0, y = 4, r = 0.3, density = 4 }}
             local j = wheel {{ a = base, b = load, at = {{0, 4}}, axis = {{0, 1}}, k = {k}, damping = {damping} }}
             world:step(600)
             local ax, ay, bx, by = j:anchors()
             print(by - ay, -load.mass * 9.81 / {k}, bx - ax)"
        ));
        let (sag, expected, drift) = (v[0], v[1], v[2]);
        assert!(
            ((sag - expected) / expected).abs() < 0.02,
            "k = {k}: sank {sag} m, m·g/k = {expected} m"
        );
        assert!(drift.abs() < 1e-6, "k = {k}: off the axis by {drift} m");
    }
}

/// A car: a chassis on two wheel joints, the rear one motorised. It
/// settles on its springs by (M·g/2)/k each, then drives on flat ground,
/// and no wheel leaves its axis by 1 mm.
const CAR: &str = "
world.gravity = {0, -9.81}
box { x = 20, y = -0.5, w = 80, h = 1, static = true, friction = 0.9 }
local chassis = box { x = 0, y = 1.2, w = 2.4, h = 0.4, density = 2 }
local rear = circle { x = -0.8, y = 0.6, r = 0.4, friction = 1.2 }
local front = circle { x = 0.8, y = 0.6, r = 0.4, friction = 1.2 }
local k = 800
local motor = wheel { a = chassis, b = rear, at = {-0.8, 0.6}, axis = {0, 1}, k = k, damping = 40,
                      motor = {0, 40} }
local free = wheel { a = chassis, b = front, at = {0.8, 0.6}, axis = {0, 1}, k = k, damping = 40 }
local drift = 0
local function measure()
  for _, j in ipairs({motor, free}) do
    local ax, ay, bx, by = j:anchors()
    local c, s = math.cos(chassis.angle), math.sin(chassis.angle)
    drift = math.max(drift, math.abs((bx - ax) * c + (by - ay) * s))
  end
end
for _ = 1, 180 do world:step(1); measure() end
local _, ay, _, by = motor:anchors()
local _, fy, _, gy = free:anchors()
local sag = ((by - ay) + (gy - fy)) / 2
local x0 = chassis.x
motor.motor_speed = -8
for _ = 1, 240 do world:step(1); measure() end
-- The chassis sinks towards its wheels: B's anchor rises relative to A's.
print(sag, chassis.mass * 9.81 / 2 / k, chassis.x - x0, drift, rear.omega)
";

#[test]
fn a_car_on_wheel_joints_settles_drives_and_keeps_its_wheels_on_their_axes() {
    let v = run(CAR);
    let (sag, expected, driven, drift, spin) = (v[0], v[1], v[2], v[3], v[4]);
    assert!(
        ((sag - expected) / expected).abs() < 0.03,
        "the suspension sank {sag} m, (M·g/2)/k = {expected} m"
    );
    // 8 rad/s on 0.4 m wheels is 3.2 m/s; 4 s with the start: > 8 m.
    assert!(driven > 8.0, "drove only {driven} m in 4 s");
    assert!((spin + 8.0).abs() < 0.5, "rear wheel spins at {spin} rad/s");
    assert!(drift < 1e-3, "a wheel left its axis by {drift} m");
}

/// Travel limits hold a load that the spring alone would let sink further.
#[test]
fn travel_limits_stop_the_suspension() {
    let v = run("world.gravity = {0, -9.81}
         local base = box { x = 0, y = 5, w = 1, h = 0.2, static = true }
         local load = circle { x = 0, y = 4, r = 0.3, density = 4 }
         local j = wheel { a = base, b = load, at = {0, 4}, axis = {0, 1}, k = 10, damping = 5,
                           limits = {-0.25, 0.25} }
         world:step(300)
         local _, ay, _, by = j:anchors()
         print(by - ay)");
    assert!(
        (v[0] + 0.25).abs() < 5e-3,
        "travel {} m, limit -0.25 m",
        v[0]
    );
}

#[test]
fn bad_wheel_options_name_the_line() {
    let cases = [
        (
            "wheel { a = a, b = b, axis = {0, 0} }",
            "axis must be a non-zero",
        ),
        ("wheel { a = a, b = b, k = -1 }", "'k'"),
        (
            "wheel { a = a, b = b, motor = {1} }",
            "'motor' must be {speed, max_torque}",
        ),
        ("wheel { a = a, b = b, limits = {1, -1} }", "lower <= upper"),
        ("wheel { a = a, b = b, frequency = 4 }", "frequency"),
    ];
    for (line, words) in cases {
        let src = format!(
            "local a = box {{ x = 0, y = 2, w = 2, h = 0.4 }}\n\
             local b = circle {{ x = 0, y = 1, r = 0.3 }}\n{line}\n"
        );
        let e =
            match Scene::from_source(Path::new("wheel_test.lua"), &src, &SceneOptions::default()) {
                Ok(_) => panic!("expected an error for {line}"),
                Err(e) => e.to_string(),
            };
        assert!(e.starts_with("wheel_test.lua:3: "), "{e}");
        assert!(e.contains(words), "want '{words}' in '{e}'");
    }
}
