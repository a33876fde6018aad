//! The scene API of LUA_API.md through the library: defaults, handles,
//! world fields and queries, callbacks (including the window-only ones),
//! output, require, and the headless exports.

use physbox::app::commands::export::{dump_json, plots_csv};
use physbox::script::{DrawCmd, Outcome, Scene, SceneError, SceneOptions};
use std::path::Path;

fn load(src: &str) -> Result<Scene, SceneError> {
    Scene::from_source(Path::new("api_test.lua"), src, &SceneOptions::default())
}

/// Run `src` and return what it printed.
fn printed(src: &str) -> Vec<String> {
    load(src).unwrap_or_else(|e| panic!("{e}")).console()
}

fn one(src: &str) -> String {
    let out = printed(src);
    assert_eq!(out.len(), 1, "{out:?}");
    out[0].clone()
}

#[test]
fn constructor_defaults_match_the_contract() {
    let line = one("local b = box { w = 2, h = 1 }
         print(b.x, b.y, b.angle, b.vx, b.vy, b.omega, b.type, b.friction, b.restitution,
               b.gravity_scale, b.bullet, b.awake, b.mass, b.name, b.id)");
    assert_eq!(
        line,
        "0.0\t0.0\t0.0\t0.0\t0.0\t0.0\tdynamic\t0.6\t0.0\t1.0\tfalse\ttrue\t2.0\tnil\t1"
    );
    assert_eq!(
        one("print(segment { x1 = 0, y1 = 0, x2 = 1, y2 = 0 }.type)"),
        "static"
    );
    assert_eq!(one("print(circle { r = 1, static = true }.type)"), "static");
    assert_eq!(
        one("print(circle { r = 1, static = true, type = 'static' }.type)"),
        "static"
    );
    // A damping ratio of 0 is a contact spring that rings: allowed.
    assert_eq!(
        one("world.contact_damping = 0 print(world.contact_damping)"),
        "0.0"
    );
    assert_eq!(
        one("print(circle { r = 1, type = 'kinematic' }.type)"),
        "kinematic"
    );
    // density (kg/m²) and mass (overrides density)
    assert_eq!(one("print(box { w = 2, h = 3, density = 2 }.mass)"), "12.0");
    assert_eq!(
        one("print(box { w = 2, h = 3, density = 2, mass = 5 }.mass)"),
        "5.0"
    );
}

#[test]
fn every_common_option_is_applied() {
    let line = one(
        "local b = circle { x = 1, y = 2, r = 0.5, angle = 0.25, vx = 3, vy = 4, omega = 5,
                            friction = 0.2, restitution = 0.7, bullet = true, sensor = true,
                            fixed_rotation = true, linear_damping = 0.1, angular_damping = 0.2,
                            gravity_scale = 0.5, name = 'ball', color = 'blue', group = 3 }
         print(b.x, b.y, b.angle, b.vx, b.vy, b.omega, b.friction, b.restitution, b.bullet,
               b.gravity_scale, b.name, b.color)",
    );
    // fixed_rotation zeroes the spin.
    assert_eq!(
        line,
        "1.0\t2.0\t0.25\t3.0\t4.0\t0.0\t0.2\t0.7\ttrue\t0.5\tball\t#1e88e5"
    );
}

/// A body that cannot turn keeps no spin, however it is given one: a
/// fixed-rotation plank given `omega` by a script spun through the floor
/// for good (nothing with no inertia ever stops turning), and a dynamic
/// segment kept the `omega` it was made with.
#[test]
fn a_body_that_cannot_turn_ignores_omega() {
    let out = printed(
        "box { x = 0, y = -0.5, w = 20, h = 1, static = true }
         local plank = box { x = 0, y = 0.2, w = 2, h = 0.4, fixed_rotation = true }
         local stick = segment { x1 = 5, y1 = 3, x2 = 7, y2 = 3, type = 'dynamic', omega = 3,
                                 gravity_scale = 0 }
         local wheel = circle { x = -5, y = 3, r = 0.5, omega = 2, gravity_scale = 0 }
         world:step(10)
         plank.omega = 4
         world:step(30)
         print(plank.omega, plank.angle, string.format('%.3f', plank.y), stick.omega, stick.angle)
         wheel.omega = 3
         print(string.format('%.1f', wheel.omega), wheel.angle > 0)",
    );
    assert_eq!(out, ["0.0\t0.0\t0.200\t0.0\t0.0", "3.0\ttrue"]);
}

#[test]
fn body_fields_write_and_methods_work() {
    let out = printed(
        "world.gravity = {0, 0}
         local b = box { w = 2, h = 2, name = 'b' }
         b.x = 3; b.y = 4; b.angle = math.pi / 2; b.vx = 1; b.vy = 2; b.omega = 0.5
         print(b:position()); print(b:velocity()); print(b.omega)
         print(b:world_point(1, 0))
         print(b:local_point(3, 5))
         print(b:kinetic_energy())
         b.type = 'static'; print(b.type, b.vx)
         b.name = 'renamed'; print(world:find('renamed') == b, world:find('b'))
         b.color = '#00ff00'; print(b.color)
         b.friction = 0.9; b.restitution = 0.1; print(b.friction, b.restitution)
         b.gravity_scale = 2; b.bullet = true; print(b.gravity_scale, b.bullet)",
    );
    assert_eq!(out[0], "3.0\t4.0");
    assert_eq!(out[1], "1.0\t2.0");
    assert_eq!(out[2], "0.5");
    let wp: Vec<f64> = out[3].split('\t').map(|s| s.parse().unwrap()).collect();
    assert!(
        (wp[0] - 3.0).abs() < 1e-12 && (wp[1] - 5.0).abs() < 1e-12,
        "{wp:?}"
    );
    let lp: Vec<f64> = out[4].split('\t').map(|s| s.parse().unwrap()).collect();
    assert!((lp[0] - 1.0).abs() < 1e-12 && lp[1].abs() < 1e-12, "{lp:?}");
    // ½ m v² + ½ I ω², m = 4, I = m (w² + h²) / 12 = 8/3
    let ke: f64 = out[5].parse().unwrap();
    assert!((ke - (0.5 * 4.0 * 5.0 + 0.5 * 8.0 / 3.0 * 0.25)).abs() < 1e-12);
    assert_eq!(out[6], "static\t0.0");
    assert_eq!(out[7], "true\tnil");
    assert_eq!(out[8], "#00ff00");
    assert_eq!(out[9], "0.9\t0.1");
    assert_eq!(out[10], "2.0\ttrue");
}

#[test]
fn read_only_fields_refuse_writes() {
    for f in ["mass", "inertia", "id"] {
        let e = load(&format!("local b = circle {{ r = 1 }}\nb.{f} = 3"))
            .err()
            .unwrap();
        assert!(e.message.contains(&format!("body.{f} is read only")), "{e}");
    }
    let e = load("world.time = 3").err().unwrap();
    assert!(
        e.message
            .starts_with("api_test.lua:1: world.time is read only"),
        "{e}"
    );
}

#[test]
fn forces_impulses_and_torque_move_bodies() {
    let out = printed(
        "world.gravity = {0, 0}
         local a = circle { r = 1, mass = 2 }
         local b = circle { x = 5, r = 1, mass = 2 }
         local c = circle { x = 10, r = 1 }
         a:apply_force(120, 0)          -- one step: dv = F/m dt = 1
         b:apply_impulse(4, 0)          -- dv = J/m = 2
         c:apply_torque(1)
         world:step(1)
         print(a.vx, b.vx, c.omega > 0)",
    );
    let v: Vec<&str> = out[0].split('\t').collect();
    assert!((v[0].parse::<f64>().unwrap() - 1.0).abs() < 1e-9, "{v:?}");
    assert!((v[1].parse::<f64>().unwrap() - 2.0).abs() < 1e-9, "{v:?}");
    assert_eq!(v[2], "true");
}

#[test]
fn compound_bodies_and_concave_polygons() {
    let out = printed(
        "local b = box { w = 1, h = 1 }
         b:add_box { x = 0, y = 1, w = 2, h = 0.1, angle = 0 }
         b:add_circle { x = 0.5, y = 0, r = 0.2, density = 3 }
         b:add_polygon { points = {{0,0},{1,0},{0,1}} }
         print(b.mass > 1.2)
         local cx, cy = b:center(); print(cx ~= b.x or cy ~= b.y)
         local l = polygon { points = {{0,0},{2,0},{2,1},{1,1},{1,2},{0,2}} }  -- an L: concave
         print(l.mass)",
    );
    assert_eq!(out[0], "true");
    assert_eq!(out[1], "true");
    assert_eq!(out[2], "3.0");
}

#[test]
fn handles_are_identities_and_stale_ones_fail() {
    let out = printed(
        "local a = circle { r = 1, name = 'a' }
         local set = { [a] = 'yes' }
         print(set[world:find('a')], world:bodies()[1] == a, tostring(a), type(a))
         a:destroy()
         print(pcall(function() return a.x end))
         local b = circle { r = 1 }   -- may reuse a's slot: a stays dead
         print(pcall(function() return a.y end), b.id)",
    );
    assert_eq!(out[0], "yes\ttrue\tBody(1 'a')\tuserdata");
    assert_eq!(
        out[1],
        "false\tapi_test.lua:5: body 'a' (api_test.lua:1) was destroyed (its handle is no longer valid)"
    );
    assert!(out[2].starts_with("false\t"), "{}", out[2]);
    assert!(out[2].ends_with("\t2"), "{}", out[2]);
}

#[test]
fn world_fields_read_and_write() {
    let out = printed(
        "print(world.gravity[1], world.gravity[2], world.dt, world.substeps, world.sleep,
               world.integrator, world.contact_hertz, world.contact_damping, world.bounds,
               world.time, world.steps)
         world.gravity = {1, -2}; world.dt = 1/120; world.substeps = 8; world.sleep = false
         world.integrator = 'rk4'; world.contact_hertz = 60; world.contact_damping = 5
         world.bounds = {-10, -10, 10, 10}
         print(world.gravity[1], world.gravity[2], world.dt, world.substeps, world.sleep,
               world.integrator, world.contact_hertz, world.contact_damping, #world.bounds)
         world:step(3); print(world.steps, world.time)",
    );
    assert_eq!(
        out[0],
        "0.0\t-9.81\t0.016666666666667\t4\ttrue\teuler\t30.0\t10.0\tnil\t0.0\t0"
    );
    assert_eq!(
        out[1],
        "1.0\t-2.0\t0.0083333333333333\t8\tfalse\trk4\t60.0\t5.0\t4"
    );
    assert_eq!(out[2], "3\t0.025");
    let e = load("world.dt = -1").err().unwrap();
    assert!(e.message.contains("world.dt must be in (0, 1]"), "{e}");
    let e = load("world.integrator = 'verlet'").err().unwrap();
    assert!(e.message.contains("\"euler\" or \"rk4\""), "{e}");
    // The switches, on by default.
    for (flag, bad, kind) in [
        ("keep_manifolds", "1", "number"),
        ("smooth_seams", "'no'", "string"),
    ] {
        let out = printed(&format!(
            "print(world.{flag}); world.{flag} = false; print(world.{flag})"
        ));
        assert_eq!(out, ["true", "false"], "{flag}");
        let e = load(&format!("world.{flag} = {bad}")).err().unwrap();
        let want = format!("world.{flag} must be true or false, got {kind}");
        assert!(e.message.contains(&want), "{e}");
    }
}

#[test]
fn queries_energy_and_bounds() {
    let out = printed(
        "world.gravity = {0, -10}
         local g = box { x = 0, y = -0.5, w = 10, h = 1, static = true, name = 'ground' }
         local b = circle { x = 2, y = 3, r = 0.5, mass = 1, name = 'ball' }
         local hits = world:query_point(2, 3)
         print(#hits, hits[1] == b, #world:query_point(50, 50))
         local body, x, y, nx, ny, f = world:raycast(2, 10, 2, -10)
         print(body == b, y, nx, ny, f)
         print(world:raycast(100, 10, 100, 5))
         print(world:energy())       -- m g h = 1 * 10 * 3
         world.bounds = {-5, -5, 5, 5}
         b.x = 20
         world:step(1)
         print(#world:bodies(), pcall(function() return b.x end))",
    );
    assert_eq!(out[0], "1\ttrue\t0");
    let r: Vec<&str> = out[1].split('\t').collect();
    assert_eq!(r[0], "true");
    assert!((r[1].parse::<f64>().unwrap() - 3.5).abs() < 1e-9, "{r:?}");
    assert_eq!((r[2], r[3]), ("0.0", "1.0"));
    assert_eq!(out[2], "nil");
    assert!((out[3].parse::<f64>().unwrap() - 30.0).abs() < 1e-9);
    assert!(out[4].starts_with("1\tfalse\t"), "{}", out[4]);
}

#[test]
fn events_reach_callbacks_after_the_step() {
    let mut s = load(
        "box { x = 0, y = -0.5, w = 10, h = 1, static = true, name = 'floor' }
         local ball = circle { y = 0.7, r = 0.5, vy = -3, restitution = 1, name = 'ball' }
         box { x = 3, y = 0.5, w = 1, h = 1, static = true, sensor = true, name = 'gate' }
         circle { x = 3, y = 2, r = 0.2, name = 'visitor' }
         local log = {}
         function on_contact(a, b, c)
           -- callbacks may create and destroy bodies freely
           circle { x = 100, y = 100, r = 0.1 }:destroy()
           log[#log + 1] = ('contact %s %s n=(%.0f,%.0f) %s'):format(a.name, b.name, c.nx, c.ny, tostring(c.speed > 2))
         end
         function on_separate(a, b) log[#log + 1] = ('separate %s %s'):format(a.name, b.name) end
         function on_sensor(s, b, entered) log[#log + 1] = ('sensor %s %s %s'):format(s.name, b.name, tostring(entered)) end
         local steps = 0
         function update(dt)
           steps = steps + 1
           if steps == 90 then
             print(steps, dt)
             for _, l in ipairs(log) do print(l) end
           end
         end",
    )
    .unwrap();
    s.step(90).unwrap();
    let out = s.console();
    assert_eq!(out[0], "90\t0.016666666666667");
    let has = |p: &str| out.iter().any(|l| l.starts_with(p));
    assert!(
        has("contact floor ball n=(0,1) true") || has("contact ball floor n=(0,-1) true"),
        "{out:?}"
    );
    assert!(has("separate"), "{out:?}");
    assert!(has("sensor gate visitor true"), "{out:?}");
}

/// A body destroyed in a callback while it touches something: the end
/// event of that contact comes in the next step and names the destroyed
/// body, not the body created in its slot meanwhile (collect a pickup,
/// spawn the next one: the exit came with the new pickup, 8 m away).
#[test]
fn end_events_of_a_destroyed_body_name_it_not_its_successor() {
    let mut s = load(
        "local zone = box { x = 0, y = 2, w = 1, h = 1, sensor = true, static = true, name = 'zone' }
         local floor = box { x = 20, y = 0, w = 4, h = 1, static = true, name = 'floor' }
         pickup = circle { x = 0, y = 5, r = 0.2, name = 'pickup' }
         rock = circle { x = 20, y = 3, r = 0.2, name = 'rock' }
         local function describe(b)
           return b == pickup and 'pickup' or b == rock and 'rock'
             or (pcall(function() return b.name end) and b.name or 'a destroyed body')
         end
         function on_sensor(zone, b, entered)
           print('sensor', describe(b), entered)
           if entered and b == pickup then
             b:destroy()
             circle { x = 8, y = 1, r = 0.2, name = 'next pickup', gravity_scale = 0 }
           end
         end
         function on_contact(a, b)
           local other = a.name == 'floor' and b or a
           print('contact', describe(other))
           if other == rock then
             other:destroy()
             circle { x = 30, y = 5, r = 0.2, name = 'next rock', gravity_scale = 0 }
           end
         end
         function on_separate(a, b)
           local x, y = describe(a), describe(b)
           print('separate', x == 'floor' and y or x)
         end",
    )
    .unwrap();
    s.step(120).unwrap();
    let out = s.console();
    assert!(out.contains(&"sensor\tpickup\ttrue".to_string()), "{out:?}");
    assert!(
        out.contains(&"sensor\tpickup\tfalse".to_string()),
        "{out:?}"
    );
    assert!(out.contains(&"contact\trock".to_string()), "{out:?}");
    assert!(out.contains(&"separate\trock".to_string()), "{out:?}");
    assert_eq!(out.len(), 4, "nothing about the new bodies: {out:?}");
}

/// The end events of a body the scene destroyed name it by a handle that
/// still answers `alive`, `name` and `source` (every read of one stopped
/// the scene: `on_separate(a, b) print(b.name) end` after a coin was
/// picked up), and nothing else.
#[test]
fn a_destroyed_body_still_tells_its_name_source_and_that_it_is_gone() {
    let mut s = load(
        "local floor = box { x = 0, y = -0.5, w = 10, h = 1, static = true, name = 'floor' }
         local coin = circle { x = 0, y = 0.2, r = 0.2, name = 'coin' }
         local pebble = circle { x = 2, y = 0.2, r = 0.2 }
         function on_separate(a, b)
           print('separate', a.name, a.alive, b.name, b.alive, b.source)
           print(pcall(function() return b.x end))
         end
         function update()
           if world.steps == 10 then coin:destroy() pebble:destroy() end
         end",
    )
    .unwrap();
    s.step(20).unwrap();
    let out = s.console();
    assert_eq!(
        out[..2],
        [
            "separate\tfloor\ttrue\tcoin\tfalse\tapi_test.lua:2".to_string(),
            "false\tapi_test.lua:6: body 'coin' (api_test.lua:2) was destroyed (its handle is no longer valid)".to_string(),
        ],
        "{out:?}"
    );
    assert_eq!(
        out[2], "separate\tfloor\ttrue\tnil\tfalse\tapi_test.lua:3",
        "{out:?}"
    );
    assert_eq!(out.len(), 4, "{out:?}");
    let alive =
        printed("local b = circle { r = 1 } print(b.alive, pcall(function() b.alive = false end))");
    assert_eq!(
        alive[0],
        "true\tfalse\tapi_test.lua:1: body.alive is read only"
    );
}

#[test]
fn force_fields_and_per_body_forces() {
    let out = printed(
        "world.gravity = {0, 0}
         local a = circle { r = 0.5, mass = 1 }
         local b = circle { x = 5, r = 0.5, mass = 1 }
         local c = circle { x = 10, r = 0.5, mass = 1 }
         local seen_t
         local f = force(function(body, t) seen_t = t return 60, 0 end, { a, b })
         b.force = function(body, t) return 0, 60, 0 end
         world:step(1)
         print(a.vx, a.vy, b.vx, b.vy, c.vx, seen_t)
         local d = circle { x = 20, r = 0.5 }
         local g = force(function(body, t) return 0, 0 end, { d, c })
         d:destroy()                    -- a listed body may go away
         world:step(1)
         g:destroy()
         f:destroy(); b.force = nil
         world:step(1)
         print(a.vx, b.vy)
         print(pcall(f.destroy, f))",
    );
    assert_eq!(out[0], "1.0\t0.0\t1.0\t1.0\t0.0\t0.0");
    assert_eq!(out[1], "2.0\t2.0"); // one more step under both forces
    assert_eq!(
        out[2],
        "false\tapi_test.lua:18: this force field was already destroyed"
    );
}

/// Each force source's total impulse is what it gave step by step
/// (Σ F·dt), also when it starts or stops while another acts on the same
/// body: the Verlet correction is kept per source (a body pushed by two
/// fields, one of them destroyed, came up ½·F·dt short).
#[test]
fn each_force_gives_its_whole_impulse_while_others_act_too() {
    let out = printed(
        "world.gravity = {0, 0}
         local a = circle { r = 0.5, mass = 1 }
         local f = force(function(body, t) return 60, 0 end, { a })
         local g = force(function(body, t) return 0, 60 end, { a })
         a.force = function(body, t) return 30, 30 + 60 * t end
         world:step(3)
         g:destroy()                      -- stops while f acts
         local k = force(function(body, t) return 0, -60 end, { a })
         world:step(2)                    -- k started while f acts
         k:destroy()
         a.force = nil
         world:step(2)                    -- f alone, still acting
         print(string.format('%.12f %.12f', a.vx, a.vy))
         f:destroy()
         world:step(1)
         print(string.format('%.12f %.12f', a.vx, a.vy))",
    );
    // f: 7 steps of 1 m/s; a.force: 5 steps of 0.5 m/s in x, and in y
    // 0.5 + t at t = 0, 1/60, …, 4/60 (2.5 + 1/6); g: 3 steps of 1 m/s;
    // k: 2 steps of -1 m/s.
    let vx = 7.0 + 2.5;
    let vy = 2.5 + 10.0 / 60.0 + 3.0 - 2.0;
    assert_eq!(out[0], format!("{vx:.12} {vy:.12}"), "while f acts");
    assert_eq!(out[1], format!("{vx:.12} {vy:.12}"), "after");
}

/// A body that keeps speeding up is not resting, however slow: a box on a
/// 30° incline whose friction (0.57) nearly holds it accelerates at
/// g(sin θ − μ cos θ) = 0.06 m/s² and slides as far as theory says. It
/// stayed below the sleep tolerance for most of a second, fell asleep after
/// 8 mm and never moved again.
#[test]
fn a_box_speeding_up_slowly_on_an_incline_does_not_fall_asleep() {
    let out = printed(
        "local th, mu = math.rad(30), 0.57
         box { x = 0, y = 0, w = 200, h = 1, angle = -th, static = true, friction = mu }
         local b = box { x = math.sin(th) * 0.75, y = math.cos(th) * 0.75, w = 0.5, h = 0.5,
                         angle = -th, friction = mu }
         local x0, y0 = b.x, b.y
         world:step(300)
         local a = 9.81 * (math.sin(th) - mu * math.cos(th))
         print(math.sqrt((b.x - x0)^2 + (b.y - y0)^2), 0.5 * a * 5^2, tostring(b.awake))",
    );
    let v: Vec<&str> = out[0].split('\t').collect();
    let (travel, theory): (f64, f64) = (v[0].parse().unwrap(), v[1].parse().unwrap());
    assert!((travel / theory - 1.0).abs() < 0.01, "{out:?}");
    assert_eq!(v[2], "true");
}

/// A misspelt world field names the one meant, as constructors do.
#[test]
fn a_misspelt_world_field_suggests_the_right_one() {
    let e = load("world.substep = 8").err().unwrap();
    assert_eq!(
        e.message,
        "api_test.lua:1: world has no field 'substep' — did you mean 'substeps'?"
    );
    let e = load("local g = world.gravty").err().unwrap();
    assert!(e.message.ends_with("did you mean 'gravity'?"), "{e}");
    let e = load("local z = world.zzzzzz").err().unwrap();
    assert!(e.message.ends_with("world has no field 'zzzzzz'"), "{e}");
}

#[test]
fn world_step_is_for_building_only() {
    let mut s = load("function update(dt) world:step(1) end").unwrap();
    let e = s.step(1).err().unwrap();
    assert!(
        e.message
            .starts_with("api_test.lua:1: world:step can only be called while the scene builds"),
        "{e}"
    );
}

#[test]
fn output_functions_and_scene_settings() {
    let mut s = load(
        "scene { title = 'T', camera = {1, 2, 3}, background = '#102030' }
         tools { circle = 3, box = 2 }
         next_scene('other.lua')
         message('hello')
         function update(dt)
           plot('t', world.time)
           if world.steps == 3 then win('solved') end
         end",
    )
    .unwrap();
    s.step(3).unwrap();
    let st = s.settings();
    assert_eq!(st.title.as_deref(), Some("T"));
    assert_eq!(s.sim().camera().view(), Some((1.0, 2.0, 3.0)));
    assert_eq!(st.background.as_deref(), Some("#102030"));
    assert_eq!(st.tools.get("circle"), Some(&3));
    assert_eq!(st.tools.get("box"), Some(&2));
    assert_eq!(st.next_scene.as_deref(), Some("other.lua"));
    assert_eq!(s.console(), vec!["hello", "WIN: solved"]);
    assert_eq!(s.outcome(), Some(Outcome::Won("solved".into())));
    // The first verdict decides: a time-out in the same step (or later)
    // prints, but the level stays won.
    let mut late = load("function update() win('first') lose('out of time') end").unwrap();
    late.step(2).unwrap();
    assert_eq!(late.outcome(), Some(Outcome::Won("first".into())));
    assert!(late.console().contains(&"LOSE: out of time".to_string()));
    let csv = plots_csv(&s);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "series,time,step,value");
    assert_eq!(lines.len(), 4);
    assert!(lines[1].starts_with("t,0.01666"), "{csv}");
    let mut s = load("lose('too slow')").unwrap();
    s.step(1).unwrap();
    assert_eq!(s.console(), vec!["LOSE: too slow"]);
}

#[test]
fn dump_has_the_documented_shape() {
    let mut s = load("circle { x = 1, y = 2, r = 0.5, name = 'ball' }").unwrap();
    s.step(60).unwrap();
    let j = dump_json(&s);
    assert!((j["time"].as_f64().unwrap() - 1.0).abs() < 1e-9);
    assert_eq!(j["steps"], 60);
    let b = &j["bodies"][0];
    assert_eq!(b["id"], 1);
    assert_eq!(b["name"], "ball");
    assert_eq!(b["type"], "dynamic");
    for k in ["x", "y", "angle", "vx", "vy", "omega"] {
        assert!(b[k].is_f64(), "{k} missing in {b}");
    }
    assert!(b["awake"].is_boolean());
    assert!(b["y"].as_f64().unwrap() < 2.0);
}

#[test]
fn window_callbacks_are_stored_and_fire_on_demand() {
    let mut s = load(
        "keys, clicks = {}, {}
         function on_key(key, pressed) print('key', key, pressed, key_down(key)) end
         function on_click(x, y, button) print('click', x, y, button, mouse()) end
         function draw(g)
           g:line(0, 0, 1, 1, 'red'); g:circle(0, 0, 2); g:rect(0, 0, 1, 2, '#00ff00'); g:text(1, 1, 'hi')
         end",
    )
    .unwrap();
    for name in ["on_key", "on_click", "draw"] {
        assert!(s.has_callback(name), "{name}");
    }
    s.step(10).unwrap(); // headless steps never fire them
    assert!(s.console().is_empty());
    s.key("space", true).unwrap();
    s.set_mouse(1.5, 2.5);
    s.click(1.0, 2.0, "left").unwrap();
    assert_eq!(
        s.console(),
        vec!["key\tspace\ttrue\ttrue", "click\t1.0\t2.0\tleft\t1.5\t2.5"]
    );
    let cmds = s.draw().unwrap();
    assert_eq!(cmds.len(), 4);
    assert!(matches!(&cmds[0], DrawCmd::Line { color, .. } if color == "#e53935"));
    assert!(matches!(&cmds[3], DrawCmd::Text { text, .. } if text == "hi"));
    // errors in them carry the line too
    let mut s = load("function draw(g)\n  g:line(0, 0, 'x', 1)\nend").unwrap();
    let e = s.draw().err().unwrap();
    assert!(
        e.message.starts_with("api_test.lua:2: g:line: argument 3"),
        "{e}"
    );
    let mut s = load("function draw(g)\n  g:line(0, 0, 1, 1, 5)\nend").unwrap();
    let e = s.draw().err().unwrap();
    assert!(
        e.message
            .starts_with("api_test.lua:2: g:line: colour must be a string, got number"),
        "{e}"
    );
    let mut s = load("function on_key(k, p)\n  error('bad key')\nend").unwrap();
    assert!(s
        .key("a", true)
        .err()
        .unwrap()
        .message
        .starts_with("api_test.lua:2: bad key"));
    let mut s = load("function on_click(x, y, b)\n  error('bad click')\nend").unwrap();
    assert!(s
        .click(0.0, 0.0, "right")
        .err()
        .unwrap()
        .message
        .starts_with("api_test.lua:2: bad click"));
    let e = load("on_key = 5").err().unwrap();
    assert!(e.message.contains("on_key must be a function"), "{e}");
    let e = load("print(key_down('hyperspace'))").err().unwrap();
    assert!(e.message.contains("unknown key name"), "{e}");
}

#[test]
fn require_finds_the_scene_folder_and_scripts_only() {
    let root = std::env::temp_dir().join(format!("physbox-require-{}", std::process::id()));
    let scenes = root.join("scenes");
    let scripts = root.join("scripts");
    std::fs::create_dir_all(scenes.join("lib")).unwrap();
    std::fs::create_dir_all(&scripts).unwrap();
    std::fs::write(scenes.join("helper.lua"), "return { n = 1 }").unwrap();
    std::fs::write(scenes.join("lib/deep.lua"), "return 'deep'").unwrap();
    std::fs::write(
        scripts.join("shared.lua"),
        "loaded_count = (loaded_count or 0) + 1\nreturn { n = 2 }",
    )
    .unwrap();
    std::fs::write(scripts.join("broken.lua"), "local x = \nreturn x").unwrap();
    std::fs::write(root.join("outside.lua"), "return 'escaped'").unwrap();
    std::fs::write(
        scenes.join("main.lua"),
        "print(require('helper').n, require('shared').n, require('lib.deep'), require('shared').n, loaded_count)",
    )
    .unwrap();
    let s = Scene::load(&scenes.join("main.lua"), &SceneOptions::default()).unwrap();
    assert_eq!(s.console(), vec!["1\t2\tdeep\t2\t1"]);
    assert_eq!(s.sources().len(), 4);
    // A scene in a subfolder still finds the project's scripts/.
    std::fs::create_dir_all(scenes.join("puzzles")).unwrap();
    std::fs::write(scenes.join("puzzles/p.lua"), "print(require('shared').n)").unwrap();
    let s = Scene::load(&scenes.join("puzzles/p.lua"), &SceneOptions::default()).unwrap();
    assert_eq!(s.console(), vec!["2"]);
    std::fs::write(scenes.join("up.lua"), "require('..outside')").unwrap();
    let e = Scene::load(&scenes.join("up.lua"), &SceneOptions::default())
        .err()
        .unwrap();
    assert!(e.message.contains("not a module name"), "{e}");
    std::fs::write(scenes.join("bad.lua"), "\nrequire('broken')").unwrap();
    let e = Scene::load(&scenes.join("bad.lua"), &SceneOptions::default())
        .err()
        .unwrap();
    assert!(e.message.contains("broken.lua:2:"), "{e}");
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn pcall_gets_readable_errors() {
    let out = printed(
        "local ok, err = pcall(box, { w = -1, h = 1 })
         print(ok, tostring(err))
         message(err)",
    );
    assert_eq!(
        out[0],
        "false\tapi_test.lua:1: box: 'w' must be a positive number, got -1"
    );
    assert_eq!(
        out[1],
        "api_test.lua:1: box: 'w' must be a positive number, got -1"
    );
}

#[test]
fn lua_54_syntax_runs() {
    let out = printed(
        "local x <const> = 7 // 2
         local y = 6 & 3 | 8 ~ 1
         local n = 0
         for i = 1, 3 do
           if i == 2 then goto continue end
           n = n + i
           ::continue::
         end
         print(x, y, n, math.type(1), utf8.char(72, 105))",
    );
    assert_eq!(out[0], "3\t11\t4\tinteger\tHi");
}

#[test]
fn bench_command_measures_a_small_field() {
    let (field, per_body) = physbox::app::commands::force_bench::force_field(200, 3).unwrap();
    assert!(field >= 0.0 && per_body >= 0.0 && field.is_finite());
}

/// `physbox bench` steps its scene 5 + 3 × `--steps` times (305 by
/// default). Its bodies must never meet: started at rest in the field they
/// all reached the origin at step ~298, and `bench --bodies 10000` failed
/// with more than 500,000 contacts. Same scene builder and spacing, fewer
/// bodies, the default run and twelve times as long (2.5 turns).
#[test]
fn bench_scene_bodies_never_meet_however_long_it_runs() {
    use physbox::app::commands::force_bench::scene_source;
    for mode in ["field", "per_body"] {
        let mut scene = Scene::from_source(
            Path::new("bench.lua"),
            &scene_source(400, mode),
            &SceneOptions::default(),
        )
        .unwrap();
        let spread = |scene: &Scene| {
            let p: Vec<(f64, f64)> = scene
                .world()
                .bodies()
                .map(|(_, b)| (b.xf.p.x, b.xf.p.y))
                .collect();
            let mut closest = f64::MAX;
            for (i, a) in p.iter().enumerate() {
                for b in &p[i + 1..] {
                    closest = closest.min((a.0 - b.0).hypot(a.1 - b.1));
                }
            }
            let farthest = p.iter().map(|a| a.0.hypot(a.1)).fold(0.0, f64::max);
            (closest, farthest)
        };
        let (_, start_radius) = spread(&scene);
        let mut steps = 0;
        while steps < 5 + 3 * 1200 {
            scene.step(5).unwrap();
            steps += 5;
            let (closest, farthest) = spread(&scene);
            assert!(
                closest > 2.9 && scene.world().contact_count() == 0,
                "{mode}: bodies {closest:.3} m apart at step {steps}"
            );
            // The grid turns in place: it neither falls in nor flies off.
            assert!(
                (farthest / start_radius - 1.0).abs() < 0.02,
                "{mode}: grid radius {farthest:.2} m at step {steps}, {start_radius:.2} m at the start"
            );
        }
    }
}

#[test]
fn editor_annotations_cover_every_global() {
    let meta = std::fs::read_to_string("scripts/physbox.lua").unwrap();
    let names = [
        "circle",
        "box",
        "polygon",
        "segment",
        "force",
        "scene",
        "message",
        "win",
        "lose",
        "tools",
        "next_scene",
        "plot",
        "key_down",
        "mouse",
    ];
    for n in names {
        assert!(
            meta.contains(&format!("function {n}(")),
            "scripts/physbox.lua lacks {n}"
        );
        let src = format!("assert(type({n}) == 'function', '{n} missing')");
        load(&src).unwrap_or_else(|e| panic!("{e}"));
    }
    for m in ["bodies", "find", "query_point", "raycast", "energy", "step"] {
        assert!(
            meta.contains(&format!("function world:{m}(")),
            "world:{m} undocumented"
        );
    }
    for m in [
        "position",
        "velocity",
        "center",
        "apply_force",
        "apply_impulse",
        "apply_torque",
        "world_point",
        "local_point",
        "kinetic_energy",
        "destroy",
        "add_circle",
        "add_box",
        "add_polygon",
    ] {
        assert!(
            meta.contains(&format!("function Body:{m}(")),
            "Body:{m} undocumented"
        );
        let src = format!("local b = circle {{ r = 1 }}\nassert(type(b.{m}) == 'function')");
        load(&src).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    // Requiring the annotation file is refused: it would overwrite the API.
    let e = Scene::from_source(
        Path::new("scenes/x.lua"),
        "require('physbox')",
        &SceneOptions::default(),
    )
    .err()
    .unwrap();
    assert!(e.message.contains("editor annotation file"), "{e}");
}

#[test]
fn destroyed_bodies_leave_force_lists_and_sleep_switch_wakes() {
    let mut s = load(
        "world.gravity = {0, 0}
         local a = circle { r = 1 }
         local b = circle { x = 5, r = 1 }
         a.force = function(body, t) return 1, 0 end
         b.force = function(body, t) return 0, 1 end
         world:step(1)
         a:destroy()
         world:step(1)
         print(b.vy > 0)
         b.force = nil
         b.force = nil
         world:step(1)",
    )
    .unwrap();
    s.step(5).unwrap();
    assert_eq!(s.console(), vec!["true"]);
    assert_eq!(s.sim().forced_body_count(), 0);
    let mut s = load(
        "box { x = 0, y = -0.5, w = 10, h = 1, static = true }
         local b = box { y = 0.5, w = 1, h = 1 }
         world:step(120)
         print(b.awake)
         world.sleep = false
         print(b.awake)",
    )
    .unwrap();
    s.step(1).unwrap();
    assert_eq!(s.console(), vec!["false", "true"]);
}

#[test]
fn a_body_world_bounds_removed_says_so() {
    let mut s = load(
        "world.bounds = {-5, -5, 5, 5}
         ball = circle { r = 0.2, y = 4.9 , vy = 30, gravity_scale = 0, name = 'ball' }
         doomed = box { w = 1, h = 1, static = true }
         function update()
           if world.steps == 1 then doomed:destroy() end
           if world.steps == 3 then print(pcall(function() return ball.x end)) end
           if world.steps == 3 then print(pcall(function() return doomed.x end)) end
         end",
    )
    .unwrap();
    s.step(3).unwrap();
    let out = s.console();
    assert!(
        out[0].contains("body 'ball' (api_test.lua:2) left the world bounds"),
        "{out:?}"
    );
    assert!(out[1].contains("destroyed"), "{out:?}");
    assert!(!out[1].contains("bounds"), "{out:?}");
}

#[test]
fn misspelt_body_fields_get_a_did_you_mean_and_density_zero_is_an_error() {
    let e = load("local b = circle { r = 1 }\nb:apply_forc(1, 0)")
        .err()
        .unwrap();
    assert!(
        e.message
            .contains("Body has no field 'apply_forc' — did you mean 'apply_force'?"),
        "{e}"
    );
    let e = load("local b = circle { r = 1 }\nb.omgea = 2")
        .err()
        .unwrap();
    assert!(e.message.contains("did you mean 'omega'?"), "{e}");
    let e = load("circle { r = 1, density = 0 }").err().unwrap();
    assert!(
        e.message
            .contains("'density' must be a positive number, got 0"),
        "{e}"
    );
}

/// A script's respawn: a crate destroyed and made again at once, in the
/// same spot, every 40 steps. The new crate takes the old one's slots; it
/// must still rest on the floor from its first step (it used to sink
/// 1.2 cm, its pair with the floor lost under the old contact's key).
#[test]
fn a_crate_respawned_in_place_rests_on_the_floor() {
    let line = one("world.sleep = false
         box { x = 0, y = -0.5, w = 20, h = 1, static = true }
         local crate = box { x = 0, y = 0.5, w = 1, h = 1 }
         local lowest = 1
         for step = 1, 400 do
           if step % 40 == 0 then
             crate:destroy()
             crate = box { x = 0, y = 0.5, w = 1, h = 1 }
           end
           world:step(1)
           local _, y = crate:position()
           lowest = math.min(lowest, y)
         end
         print(string.format('%.4f', lowest))");
    let lowest: f64 = line.parse().unwrap();
    assert!(lowest > 0.495, "the crate sank to y = {lowest}");
}

/// A scene saved with a byte order mark, or starting with a `#!` line,
/// runs as the `lua` interpreter runs it, its errors at the right line.
#[test]
fn a_bom_and_a_shebang_line_are_read_as_lua_reads_them() {
    assert_eq!(one("\u{feff}print('bom')"), "bom");
    assert_eq!(one("#!/usr/bin/env lua\nprint('hash')"), "hash");
    let e = load("\u{feff}#!/usr/bin/env lua\n\nerror('here')\n")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("api_test.lua:3: here"), "{e}");
}

/// Scenes and the modules they require are read as bytes, as `lua` reads
/// a file: a Latin-1 comment or string (not UTF-8) was refused with
/// "cannot read the scene: stream did not contain valid UTF-8". Errors keep
/// their file:line; `edit` (which splices text) refuses such a file at the
/// first line that is not UTF-8, and leaves it as it was.
#[test]
fn a_scene_that_is_not_utf8_runs_as_lua_runs_it() {
    let dir = std::env::temp_dir().join(format!("physbox-latin1-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let scene = dir.join("latin1.lua");
    let src: &[u8] = b"-- caf\xe9\nlocal m = require('mod')\ncircle { x = 0, y = 1, r = 0.3, name = 'crate' }\nprint(#'\xe9t\xe9', m)\n";
    std::fs::write(&scene, src).unwrap();
    std::fs::write(dir.join("mod.lua"), b"-- na\xefve\nreturn #'\xef'\n").unwrap();
    let s = Scene::load(&scene, &SceneOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.console(), vec!["3\t1"]);
    assert_eq!(s.world().body_count(), 1);
    let broken = dir.join("broken.lua");
    std::fs::write(&broken, b"-- caf\xe9\n\nerror('here')\n").unwrap();
    let e = Scene::load(&broken, &SceneOptions::default())
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("broken.lua:3: here"), "{e}");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_physbox"))
        .current_dir(&dir)
        .args(["edit", "latin1.lua", "--body", "crate", "--set", "x=1"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("latin1.lua:1: cannot edit the file: it is not UTF-8 text"),
        "{err}"
    );
    assert_eq!(std::fs::read(&scene).unwrap(), src);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `on_contact`'s point is where the surfaces touch as the step leaves
/// them, not the midpoint of the speculative gap at the step's start (a
/// ball landing at 19 m/s reported its contact 10 cm above the floor, a
/// tilted box 1.5 cm).
#[test]
fn a_contact_point_is_on_the_surfaces() {
    let out = printed(
        "segment { x1 = -10, y1 = 0, x2 = 10, y2 = 0 }
         circle { x = 0, y = 20, r = 0.5, name = 'ball' }
         box { x = 3, y = 5, w = 1, h = 0.5, angle = 0.3, name = 'tilted' }
         function on_contact(a, b, c)
           print(b.name or a.name, string.format('%.4f', math.abs(c.y)))
         end
         world:step(200)",
    );
    assert_eq!(out.len(), 2, "{out:?}");
    for line in &out {
        let y: f64 = line.split('\t').nth(1).unwrap().parse().unwrap();
        assert!(y < 0.003, "{line}: off the floor");
    }
}
