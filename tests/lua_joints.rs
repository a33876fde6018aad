//! Springs, ropes and joints from Lua (LUA_API.md "Springs, ropes and
//! joints"): constructors, the Joint handle, `on_break`, and bad input
//! reported as `file:line: message`.

use physbox::script::{Scene, SceneOptions};
use std::path::Path;

fn load(src: &str) -> Scene {
    Scene::from_source(Path::new("joints_test.lua"), src, &SceneOptions::default())
        .unwrap_or_else(|e| panic!("{e}"))
}

fn printed(src: &str) -> Vec<String> {
    load(src).console()
}

/// The error of a scene that must fail, checked to name file and line.
fn error_at(src: &str, line: u32, words: &str) {
    let e = match Scene::from_source(Path::new("joints_test.lua"), src, &SceneOptions::default()) {
        Ok(_) => panic!("expected an error for:\n{src}"),
        Err(e) => e.to_string(),
    };
    let prefix = format!("joints_test.lua:{line}: ");
    assert!(e.starts_with(&prefix), "want '{prefix}...', got '{e}'");
    assert!(e.contains(words), "want '{words}' in '{e}'");
    assert!(!e.contains("panicked"), "{e}");
}

#[test]
fn every_constructor_makes_a_working_joint() {
    let out = printed(
        "local ground = box { w = 10, h = 1, static = true }
         local a = box { x = 0, y = 3, w = 1, h = 1 }
         local b = box { x = 2, y = 3, w = 1, h = 1 }
         local c = circle { x = 4, y = 3, r = 0.2 }
         local joints = {
           hinge { a = a, b = b, at = {1, 3}, limits = {-1, 1}, motor = {0, 10} },
           distance { a = b, b = c, length = 2 },
           distance { a = c, anchor_b = {4, 6}, max = 3.5 },
           weld { a = a, b = ground, at = {0, 2} },
           slider { a = ground, b = c, at = {4, 3}, axis = {0, 1}, limits = {-1, 1} },
           spring { a = a, anchor_b = {0, 6}, k = 50, damping = 1 },
           mouse_joint { a = c, target = {5, 5}, max_force = 100 },
         }
         for _, j in ipairs(joints) do assert(j.alive) end
         world:step(60)
         local fx, fy = joints[2]:reaction_force()
         print(#joints, joints[1].kind, joints[6].kind, type(fx), fx == fx)
         print(joints[1].breaking_force)
         joints[1].breaking_force = 1e6
         print(joints[1].breaking_force, joints[1].a == a, joints[4].b == ground)
         joints[7]:set_target(3, 3)
         joints[1].motor_speed = 2
         print(joints[1].motor_speed)
         joints[2]:destroy()
         print(joints[2].alive, pcall(joints[2].destroy, joints[2]))",
    );
    assert_eq!(out[0], "7\thinge\tspring\tnumber\ttrue");
    assert_eq!(out[1], "nil");
    assert_eq!(out[2], "1000000.0\ttrue\ttrue");
    assert_eq!(out[3], "2.0");
    assert!(out[4].starts_with("false\tfalse\t"), "{}", out[4]);
    assert!(out[4].contains("destroyed"), "{}", out[4]);
}

#[test]
fn hanging_weight_reaction_is_its_weight() {
    let out = printed(
        "local bob = circle { x = 0, y = -1, r = 0.1, mass = 2 }
         local rod = distance { a = bob, anchor_b = {0, 0} }
         world:step(120)
         local fx, fy = rod:reaction_force()
         print(math.abs(fx) < 1e-9, ('%.6f'):format(fy))",
    );
    // The force on B (the world) is the weight pulling down: on the world side
    // it is −(0, 2·9.81); reported on B.
    assert_eq!(out[0], "true\t-19.620000");
}

/// A body circling on a joint in zero gravity: the joint's pull is the
/// centripetal force m·v²/r, all of it. Part of that pull is the position
/// projection pulling the body back onto the circle each substep (with the
/// velocity change it implies), and it counts as much as the solve's.
#[test]
fn a_circling_body_pulls_its_joint_with_the_whole_centripetal_force() {
    let out = printed(
        "world.gravity = {0, 0}
         world.sleep = false
         local post = box { x = 0, y = 0, w = 0.1, h = 0.1, static = true }
         local function tension(make, m, r, v, cx)
           cx = cx or 0
           local b = circle { x = cx + r, y = 0, r = 0.05, mass = m, vy = v, omega = v / r }
           local j = make(b)
           world:step(90)
           local fx, fy = j:reaction_force()
           print(('%.3f %.3f'):format(math.sqrt(fx * fx + fy * fy), m * v * v / r))
           b:destroy()
         end
         tension(function(b) return distance { a = post, b = b, anchor_a = {0, 0} } end, 3, 2, 4)
         tension(function(b) return hinge { a = post, b = b, at = {0, 0} } end, 1.5, 0.7, 2.5)
         -- A tip welded to a hub turning on a hinge: the weld holds it on
         -- its circle.
         local hub = circle { x = 20, r = 0.1, mass = 1, omega = 2.5 }
         local pin = hinge { a = hub, at = {20, 0} }
         tension(function(b) return weld { a = hub, b = b, at = {21.2, 0} } end, 0.4, 1.2, 3, 20)",
    );
    assert_eq!(out.len(), 3, "{out:?}");
    for line in &out {
        let v: Vec<f64> = line.split(' ').map(|x| x.parse().unwrap()).collect();
        assert!(
            (v[0] - v[1]).abs() < 0.01 * v[1],
            "reported {} N, m v^2/r = {} N",
            v[0],
            v[1]
        );
    }
}

/// A pendulum released from the horizontal pulls 3·m·g at the bottom of
/// its swing: a breaking force just under that breaks it, one just over
/// does not.
#[test]
fn a_swinging_pendulum_breaks_at_its_real_tension() {
    for (limit, breaks) in [(55.0, true), (62.0, false)] {
        let out = printed(&format!(
            "world.sleep = false
             local bob = circle {{ x = 1.5, y = 0, r = 0.05, mass = 2 }}
             local rod = distance {{ a = bob, anchor_b = {{0, 0}}, breaking_force = {limit} }}
             world:step(60)
             print(rod.alive)"
        ));
        // 3 m g = 58.86 N at the bottom.
        assert_eq!(
            out[0],
            if breaks { "false" } else { "true" },
            "limit {limit}"
        );
    }
}

/// A heavy load welded to the tip of a light beam rings for a while; its
/// bodies are slow enough to sleep long before the ringing has died down,
/// and sleep froze it mid-swing (the load's weld reported 472 N of 490.5 N
/// for ever, 0.5 mm of sag). They sleep once the welds' pull has settled.
#[test]
fn a_loaded_cantilever_sleeps_only_once_its_welds_have_settled() {
    let out = printed(
        "local wall = box { x = 0, y = 0, w = 0.2, h = 2, static = true }
         local beam = box { x = 1.6, y = 0, w = 3, h = 0.1, mass = 1 }
         local root = weld { a = wall, b = beam, at = {0.1, 0} }
         local load = box { x = 3.1, y = 0, w = 0.2, h = 0.2, mass = 50 }
         local tip = weld { a = beam, b = load, at = {3.1, 0} }
         world:step(600)
         local _, fy = tip:reaction_force()
         local _, gy = root:reaction_force()
         print(load.awake, beam.awake, ('%.2f %.2f %.2f'):format(fy, gy, -load.y * 1000))",
    );
    let f: Vec<&str> = out[0].split('\t').collect();
    assert_eq!(&f[..2], ["false", "false"], "asleep after 10 s: {out:?}");
    let v: Vec<f64> = f[2].split(' ').map(|x| x.parse().unwrap()).collect();
    assert!((v[0] - 490.5).abs() < 0.005 * 490.5, "tip weld {} N", v[0]);
    assert!(
        (v[1] - 500.31).abs() < 0.005 * 500.31,
        "root weld {} N",
        v[1]
    );
    assert!(v[2] < 0.2, "sag {} mm", v[2]);
}

#[test]
fn on_break_fires_exactly_once_with_the_same_handle() {
    let mut scene = load(
        "breaks = 0
         local bob = circle { x = 0, y = -1, r = 0.1, mass = 2 }
         rod = distance { a = bob, anchor_b = {0, 0}, breaking_force = 30 }
         bob.vx = 5   -- swinging needs more than 30 N: it breaks at once
         function on_break(j)
           breaks = breaks + 1
           print('broke', j == rod, j.alive, breaks)
         end",
    );
    scene.step(240).unwrap();
    let out = scene.console();
    assert_eq!(out, vec!["broke\ttrue\tfalse\t1".to_string()]);
}

#[test]
fn a_broken_or_destroyed_joint_keeps_its_kind_and_bodies() {
    // The docs' own example: `function on_break(joint) print(joint.kind) end`.
    let mut scene = load(
        "local bob = circle { x = 0, y = -1, r = 0.1, mass = 2 }
         rod = distance { a = bob, anchor_b = {0, 0}, breaking_force = 30 }
         bob.vx = 5
         function on_break(joint)
           print(joint.kind, joint.a == bob, joint.b, joint.alive)
           print(pcall(function() return joint.breaking_force end))
         end",
    );
    scene.step(240).unwrap();
    let out = scene.console();
    assert_eq!(out[0], "distance\ttrue\tnil\tfalse");
    // Everything else still says the joint is gone.
    assert!(
        out[1].starts_with(
            "false\tjoints_test.lua:6: Joint.breaking_force: this joint was destroyed"
        ),
        "{}",
        out[1]
    );
    let out = printed(
        "local a = box { x = 0, y = 0, w = 1, h = 1, static = true }
         local b = circle { x = 0, y = -1, r = 0.3 }
         local j = hinge { a = a, b = b, at = {0, 0} }
         j:destroy()
         print(j.kind, j.a == a, j.b == b, j.alive)
         print(pcall(j.anchors, j))",
    );
    assert_eq!(out[0], "hinge\ttrue\ttrue\tfalse");
    assert!(
        out[1].contains("Joint.anchors: this joint was destroyed"),
        "{}",
        out[1]
    );
}

/// A slider holds b's rotation, so where its anchor is changes nothing:
/// its motor and limits are exact for a cart anchored on its line (the
/// default, b's centre) and 16 m off it (they rang, up to 19 m/s on a
/// 3 m/s motor, and ran through the limits, when the rows were solved
/// apart). Two dynamic bodies on a slider do not turn relative to each
/// other either.
#[test]
fn a_slider_is_exact_wherever_its_anchor_is() {
    for at in ["", "at = {0, -13},", "at = {0.5, 0.3},"] {
        let out = printed(&format!(
            "world.gravity = {{0, 0}}
             local rail = box {{ x = 0, y = -1, w = 8, h = 0.1, static = true }}
             local cart = box {{ x = 0, y = 3, w = 0.5, h = 0.5, mass = 1 }}
             slider {{ a = rail, b = cart, {at} axis = {{1, 0}}, limits = {{-1, 2}}, motor = {{3, 100}} }}
             local bob = box {{ x = 0, y = 6, w = 1, h = 0.3, mass = 2 }}
             local sled = box {{ x = 0, y = 7, w = 0.3, h = 0.3, mass = 0.5, vx = 2 }}
             slider {{ a = bob, b = sled, {at} axis = {{1, 0}}, limits = {{-0.5, 0.5}} }}
             local vmax, xmax, turn = 0, -1, 0
             for i = 1, 180 do
               world:step(1)
               vmax = math.max(vmax, math.abs(cart.vx))
               xmax = math.max(xmax, cart.x)
               turn = math.max(turn, math.abs(cart.angle), math.abs(sled.angle - bob.angle))
             end
             -- Along the bob's axis (the pair tumbles once the sled hits a stop).
             local c, s = math.cos(bob.angle), math.sin(bob.angle)
             local along = (sled.x - bob.x) * c + (sled.y - bob.y) * s
             print(string.format('%.6f %.6f %.2e %.6f', vmax, xmax, turn, math.abs(along)))"
        ));
        let v: Vec<f64> = out[0].split(' ').map(|x| x.parse().unwrap()).collect();
        assert!(v[0] <= 3.0 + 1e-6, "{at}: motor speed {}", v[0]);
        assert!((v[1] - 2.0).abs() < 1e-4, "{at}: limit {}", v[1]);
        assert!(v[2] < 1e-6, "{at}: turned {}", v[2]);
        assert!(v[3] <= 0.5 + 1e-4, "{at}: sled past its limit {}", v[3]);
    }
}

/// A wheel without `at` turns about its own centre (the default is b's
/// centre, as documented; it was a's, and the tyre orbited the car).
#[test]
fn a_wheel_without_at_turns_about_its_own_centre() {
    let out = printed(
        "local ground = box { x = 0, y = -0.5, w = 60, h = 1, static = true }
         local car = box { x = 0, y = 1.5, w = 2, h = 0.4, mass = 10 }
         local tyre = circle { x = -0.8, y = 0.9, r = 0.4, mass = 1 }
         wheel { a = car, b = tyre, axis = {0, 1}, k = 800, damping = 40, motor = {-10, 50} }
         wheel { a = car, b = circle { x = 0.8, y = 0.9, r = 0.4, mass = 1 }, axis = {0, 1}, k = 800, damping = 40 }
         world:step(240)
         print(string.format('%.3f %.3f', tyre.x - car.x, car.x))",
    );
    let v: Vec<f64> = out[0].split(' ').map(|x| x.parse().unwrap()).collect();
    assert!((v[0] + 0.8).abs() < 0.02, "tyre off its place: {out:?}");
    assert!(v[1] > 5.0, "the motor drives the car: {out:?}");
}

/// A weld solves point and angle as one block: a heavy box welded under a
/// light one turns with it as one body when hit (solved one after the
/// other, the lower weld opened and the two turned apart).
#[test]
fn a_weld_holds_point_and_angle_together_under_a_hit() {
    let out = printed(
        "local ceiling = box { x = 0, y = 10.25, w = 4, h = 0.5, static = true }
         local light = box { x = 0, y = 9.5, w = 0.5, h = 0.5, mass = 1 }
         local heavy = box { x = 0, y = 8.5, w = 1, h = 1, mass = 100 }
         weld { a = ceiling, b = light, at = {0, 10} }
         local j = weld { a = light, b = heavy, at = {0, 9.1} }
         box { x = -4, y = 8.5, w = 0.5, h = 0.5, mass = 10, vx = 30, gravity_scale = 0 }
         local sep, turn = 0, 0
         for i = 1, 60 do
           world:step(1)
           local x1, y1, x2, y2 = j:anchors()
           sep = math.max(sep, math.sqrt((x2 - x1)^2 + (y2 - y1)^2))
           turn = math.max(turn, math.abs(heavy.angle - light.angle))
         end
         print(sep, turn)",
    );
    let v: Vec<f64> = out[0].split('\t').map(|x| x.parse().unwrap()).collect();
    assert!(v[0] < 0.005, "the lower weld opened {} m", v[0]);
    assert!(v[1] < 1e-3, "the boxes turned apart {} rad", v[1]);
}

#[test]
fn rope_has_its_bodies_and_length() {
    let out = printed(
        "local anchor = box { x = 0, y = 5, w = 0.2, h = 0.2, static = true }
         local r = rope { from = {0, 5}, to = {4, 5}, segments = 8, mass = 0.9, a = anchor }
         print(#r.bodies, r.first == r.bodies[1], r.last == r.bodies[9], r.bodies[1].mass)
         print(('%.6f'):format(r:length()))
         world:step(120)
         print(r:length() <= 4 * 1.01, #r.joints)
         r:destroy()
         print(#world:bodies())",
    );
    assert_eq!(out[0], "9\ttrue\ttrue\t0.1");
    assert_eq!(out[1], "4.000000");
    assert_eq!(out[2], "true\t10");
    assert_eq!(out[3], "1");
}

#[test]
fn a_rope_longer_than_its_gap_starts_at_rest_length_and_sags() {
    // Issue 17: `length` (and `slack`) lay the masses out below the line,
    // each link at its rest length: the chain's length is exactly L at
    // creation, every mass lies between the posts and below them, the ends
    // are exactly `from` and `to`; `length` = the gap is the taut rope.
    let out = printed(
        "local function check(r, x0, x1)
           local below, inside = true, true
           for k = 2, #r.bodies - 1 do
             local b = r.bodies[k]
             below = below and b.y < 5
             inside = inside and b.x > x0 and b.x < x1
           end
           local f, l = r.bodies[1], r.bodies[#r.bodies]
           print(('%.9f'):format(r:length()), below, inside, f.x, f.y, l.x, l.y)
         end
         check(rope { from = {0, 5}, to = {4, 5}, segments = 8, length = 6 }, 0, 4)
         check(rope { from = {0, 5}, to = {4, 5}, segments = 9, slack = 0.25 }, 0, 4)
         check(rope { from = {0, 5}, to = {4, 5}, segments = 3, slack = 2 }, 0, 4)
         local taut = rope { from = {0, 5}, to = {4, 5}, segments = 4, length = 4 }
         print(('%.9f %.9f'):format(taut:length(), taut.bodies[3].y))",
    );
    assert_eq!(out[0], "6.000000000\ttrue\ttrue\t0.0\t5.0\t4.0\t5.0");
    assert_eq!(out[1], "5.000000000\ttrue\ttrue\t0.0\t5.0\t4.0\t5.0");
    assert_eq!(out[2], "12.000000000\ttrue\tfalse\t0.0\t5.0\t4.0\t5.0");
    assert_eq!(out[3], "4.000000000 5.000000000");
}

#[test]
fn destroying_a_body_makes_its_joints_stale() {
    let out = printed(
        "local a = circle { x = 0, y = 0, r = 0.2 }
         local j = spring { a = a, anchor_b = {0, 1} }
         a:destroy()
         print(j.alive, pcall(j.reaction_force, j))",
    );
    assert!(out[0].starts_with("false\tfalse\t"), "{}", out[0]);
}

#[test]
fn bad_joint_input_names_file_and_line() {
    let pre = "local a = box { w = 1, h = 1 }\nlocal s1 = box { w = 1, h = 1, static = true }\nlocal s2 = box { x = 3, w = 1, h = 1, static = true }\n";
    let case = |body: &str, words: &str| error_at(&format!("{pre}{body}\n"), 4, words);
    case("hinge { a = a, b = a }", "two different bodies");
    case("weld { a = s1, b = s2 }", "both sides are static");
    case(
        "distance { a = a, anchor_b = {0, 0} }",
        "length must be a positive number",
    );
    case(
        "distance { a = a, b = s1 }",
        "length must be a positive number",
    );
    case("hinge { a = a, at = {0/0, 1} }", "'at'");
    case(
        "spring { a = a, anchor_a = {1, 0/0}, anchor_b = {0, 1} }",
        "'anchor_a'",
    );
    case("spring { a = a, anchor_b = {0, 1}, k = -5 }", "'k'");
    case(
        "spring { a = a, anchor_b = {0, 1}, damping = -1 }",
        "'damping'",
    );
    case("spring { a = a }", "'anchor_b' is required");
    case(
        "rope { from = {0, 0}, to = {1, 0}, segments = 0 }",
        "'segments'",
    );
    case("rope { from = {0, 0}, to = {1, 0}, mass = 0 }", "'mass'");
    case("rope { from = {0, 0}, to = {1, 0}, mass = -2 }", "'mass'");
    case("rope { from = {0, 0}, to = {0, 0} }", "zero length");
    // Issue 17: a rope's `length` / `slack` (at least the ends' distance).
    case(
        "rope { from = {0, 0}, to = {3, 4}, length = 4.9 }",
        "'length' must be from the distance between 'from' and 'to' (5)",
    );
    case(
        "rope { from = {0, 0}, to = {1, 0}, length = 3e9 }",
        "'length'",
    );
    case(
        "rope { from = {0, 0}, to = {1, 0}, slack = -0.1 }",
        "'slack'",
    );
    case(
        "rope { from = {0, 0}, to = {1, 0}, slack = 1e10 }",
        "'slack'",
    );
    case(
        "rope { from = {0, 0}, to = {1, 0}, length = 2, slack = 1 }",
        "'length' or 'slack', not both",
    );
    case(
        "rope { from = {0, 0}, to = {1, 0}, length = 0/0 }",
        "'length'",
    );
    case("hinge { b = a }", "'a' is required");
    case("hinge { a = a, lmits = {0, 1} }", "did you mean 'limits'");
    case("hinge { a = a, limits = {1, -1} }", "lower <= upper");
    case("slider { a = a, axis = {0, 0} }", "axis");
    case(
        "distance { a = a, anchor_b = {0, 2}, min = 3, max = 1 }",
        "min <= max",
    );
    case("hinge { a = 5 }", "must be a body");
    case(
        "local j = hinge { a = a } j.breaking_force = -1",
        "positive",
    );
}

#[test]
fn rope_pinned_at_both_ends_sags_but_holds() {
    let out = printed(
        "local l = box { x = -2, y = 5, w = 0.2, h = 0.2, static = true }
         local r = box { x = 2, y = 5, w = 0.2, h = 0.2, static = true }
         local rope_a = rope { from = {-2, 5}, to = {2, 5}, segments = 10, mass = 2, a = l, b = r }
         local rope_b = rope { from = {-2, 3}, to = {2, 3}, segments = 10, mass = 2, k = 5000,
                               damping = 1, a = l, b = r, collide = false }
         world:step(300)
         local _, mid_y = rope_a.bodies[6]:center()
         print(mid_y < 5, rope_a:length() <= 4 * 1.01, rope_b:length() > 4)
         local lx, ly = rope_a.last:center()
         print(math.abs(lx - 2) < 1e-3 and math.abs(ly - 5) < 1e-3)",
    );
    assert_eq!(out, vec!["true\ttrue\ttrue", "true"]);
}

#[test]
fn joints_take_color_hidden_and_style() {
    let out = printed(
        "local a = box { x = 0, y = 3, w = 1, h = 1 }
         local b = box { x = 2, y = 3, w = 1, h = 1 }
         local s = spring { a = a, b = b, style = 'line', color = 'red' }
         local h = hinge { a = a, b = b, at = {1, 3}, hidden = true }
         local d = distance { a = a, b = b, style = 'coil', color = '#00FF00' }
         weld { a = a, b = b, color = 'blue', hidden = false, style = 'line' }
         slider { a = a, b = b, hidden = true }
         mouse_joint { a = b, color = 'cyan' }
         local r = rope { from = {0, 6}, to = {2, 6}, segments = 2, color = 'red', hidden = true }
         print(s.style, s.color, s.hidden)
         print(h.style, h.color, h.hidden)
         print(d.style, d.color)
         s.style = 'coil'; s.color = nil; s.hidden = true
         print(s.style, s.color, s.hidden)
         s.style = nil
         print(s.style, r.links[1].hidden, r.links[1].color)
         h:destroy()
         h.color = 'white'
         print(h.color, h.hidden)",
    );
    assert_eq!(out[0], "line\t#e53935\tfalse");
    assert_eq!(out[1], "nil\tnil\ttrue");
    assert_eq!(out[2], "coil\t#00ff00");
    assert_eq!(out[3], "coil\tnil\ttrue");
    assert_eq!(out[4], "nil\ttrue\t#e53935");
    assert_eq!(out[5], "#ffffff\ttrue", "a destroyed joint keeps its look");
}

#[test]
fn bad_joint_looks_name_the_allowed_values() {
    let two = "local a = box { x = 0, y = 3, w = 1, h = 1 }\nlocal b = box { x = 2, y = 3, w = 1, h = 1 }\n";
    error_at(
        &format!("{two}spring {{ a = a, b = b, style = 'zigzag' }}"),
        3,
        "spring: 'style' must be \"coil\" or \"line\"",
    );
    error_at(
        &format!("{two}hinge {{ a = a, b = b, style = 3 }}"),
        3,
        "got number",
    );
    error_at(
        &format!("{two}weld {{ a = a, b = b, color = 'reddish' }}"),
        3,
        "weld: 'color' colour must be \"#rrggbb\" or one of black, white",
    );
    error_at(
        &format!("{two}distance {{ a = a, b = b, color = {{1, 0, 0}} }}"),
        3,
        "'color' must be a colour string",
    );
    error_at(
        &format!("{two}slider {{ a = a, b = b, hidden = 'yes' }}"),
        3,
        "'hidden' must be true or false, got string",
    );
    error_at(
        "rope { from = {0, 0}, to = {1, 0}, style = 'line' }",
        1,
        "unknown option 'style'",
    );
    error_at(
        &format!("{two}local s = spring {{ a = a, b = b }}\ns.style = 'dots'"),
        4,
        "Joint.style must be \"coil\" or \"line\"",
    );
    error_at(
        &format!("{two}local s = spring {{ a = a, b = b }}\ns.color = '#12'"),
        4,
        "Joint.color colour must be \"#rrggbb\"",
    );
    error_at(
        &format!("{two}local s = spring {{ a = a, b = b }}\ns.hidden = 1"),
        4,
        "Joint.hidden must be true or false, got number",
    );
}

/// A hinge (which keeps its bodies from colliding) holds a small box sunk
/// halfway into a bigger one. Destroyed, or broken, the two collide at
/// once: the small box is pushed up out of the big one onto its top, never
/// sinking further first (it sank 9 cm while the broad phase had not
/// reported the pair again).
#[test]
fn bodies_a_hinge_kept_apart_collide_as_soon_as_it_goes() {
    for how in ["j:destroy()", "j.breaking_force = 1e-6"] {
        let src = format!(
            "world.sleep = false
             box {{ x = 0, y = -0.5, w = 20, h = 1, static = true }}
             local a = box {{ x = 0, y = 0.5, w = 1, h = 1 }}
             local b = box {{ x = 0, y = 1.0, w = 0.6, h = 0.6 }}
             j = hinge {{ a = a, b = b, at = {{0, 1.0}} }}
             world:step(60)
             {how}
             local lowest = 10
             for i = 1, 120 do
               world:step(1)
               local _, y = b:position()
               lowest = math.min(lowest, y)
             end
             local _, y = b:position()
             print(string.format('%.4f %.4f', lowest, y))"
        );
        let out = printed(&src);
        let v: Vec<f64> = out[0].split(' ').map(|x| x.parse().unwrap()).collect();
        assert!(v[0] > 0.995, "{how}: the box sank to {}", v[0]);
        assert!(
            (v[1] - 1.3).abs() < 0.01,
            "{how}: it ends at {}, not on top",
            v[1]
        );
    }
}
