//! The endless-loop watchdog under stress (issue 19, section 1).
//!
//! The watchdog interrupts the Lua interpreter from another thread. It once
//! did so by calling `lua_sethook` from that thread, racing with the Lua
//! thread's own call-frame bookkeeping: about one run in three of a scene
//! that raised errors in `on_contact` crashed with SIGSEGV. These tests
//! interrupt the interpreter thousands of times (the running-line sampler
//! set to every 100 µs instead of 50 ms) while scene code allocates and
//! frees call frames as fast as it can, and stop endless loops in every
//! place scene code runs, many times over. A memory error here is a crash
//! of the whole test binary, which fails the run.
//!
//! `PHYSBOX_STRESS=N` multiplies the repetitions (CI runs the default);
//! `PHYSBOX_STRESS_ROUNDS=N` sets the rounds of the interrupt test alone
//! (`.ci/watchdog_race.sh` runs a short one under valgrind's helgrind,
//! which reports any access to the Lua state from another thread).

use physbox::script::{Scene, SceneOptions};
use std::path::Path;
use std::time::{Duration, Instant};

fn repeat() -> usize {
    std::env::var("PHYSBOX_STRESS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

fn rounds() -> usize {
    std::env::var("PHYSBOX_STRESS_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4 * repeat())
}

fn stress_options(time_limit: Duration) -> SceneOptions {
    SceneOptions {
        time_limit,
        sample_interval: Duration::from_micros(100),
        ..SceneOptions::default()
    }
}

fn load(src: &str, opts: &SceneOptions) -> Result<Scene, String> {
    Scene::from_source(Path::new("stress.lua"), src, opts).map_err(|e| e.message)
}

/// Issue 19's scene, smaller (the original's 2,000 polygons at one point
/// spend a minute per step in the broad phase): errors raised and caught in
/// `on_contact` on every contact, a destroyed body's handle used each time.
const CONTACT_ERRORS: &str = r#"
local list = {}
box { x = 0, y = -0.5, w = 60, h = 1, static = true }
for i = 1, 60 do list[#list + 1] = polygon { x = (i % 12) * 0.5, y = 0.6 + (i // 12) * 0.3, points = {{-0.2, 0.25}, {0.2, 0.1}, {0, -0.2}} } end
list[41]:destroy()
function on_contact(a, b, c)
  local ok, e = pcall(function() return list[41]:position() end)
  assert(not ok and tostring(e):find("destroyed"))
end
"#;

/// Call frames made and freed as fast as possible, errors with long
/// messages, and the collector shrinking the frame list, all while the
/// watchdog interrupts.
const FRAME_CHURN: &str = r##"
circle { x = 0, y = 0, r = 0.5 }
local function deep(n) if n == 0 then return 0 end return deep(n - 1) + 1 end
function update(dt)
  for i = 1, 100 do
    pcall(function() error("this body was destroyed " .. i) end)
    deep(100 + i)
    collectgarbage("step", 0)
  end
end
force(function(body, t)
  local s = 0
  for i = 1, 20 do s = s + select("#", pcall(error, "x")) end
  return 0, 0
end)
"##;

#[test]
fn interrupting_scene_code_thousands_of_times_never_corrupts_it() {
    let opts = stress_options(Duration::from_secs(5));
    let started = Instant::now();
    for round in 0..rounds() {
        let mut scene = load(CONTACT_ERRORS, &opts).unwrap_or_else(|e| panic!("{e}"));
        scene
            .step(60)
            .unwrap_or_else(|e| panic!("round {round}: {}", e.message));
        let mut churn = load(FRAME_CHURN, &opts).unwrap_or_else(|e| panic!("{e}"));
        churn
            .step(120)
            .unwrap_or_else(|e| panic!("round {round}: {}", e.message));
    }
    eprintln!(
        "{} rounds with interrupts every 100 µs in {:.1} s",
        rounds(),
        started.elapsed().as_secs_f64()
    );
}

/// Where scene code runs, each with an endless loop in it. `{LOOP}` is
/// replaced by the loop.
const PLACES: &[(&str, &str)] = &[
    ("load", "{LOOP}"),
    ("update", "function update(dt) {LOOP} end"),
    (
        "on_contact",
        "circle { x = 0, y = 0.45, r = 0.5 }\nfunction on_contact(a, b, c) {LOOP} end",
    ),
    (
        "on_sensor",
        "circle { x = 0, y = 0.45, r = 0.5 }\nbox { x = 0, y = 0.5, w = 3, h = 3, sensor = true, static = true }\nfunction on_sensor(s, b, entered) {LOOP} end",
    ),
    (
        "force field",
        "circle { x = 0, y = 3, r = 0.5 }\nforce(function(body, t) {LOOP} return 0, 0 end)",
    ),
    (
        "body force",
        "local c = circle { x = 0, y = 3, r = 0.5 }\nc.force = function(body, t) {LOOP} return 0, 0 end",
    ),
    (
        "on_break",
        "local a = circle { x = 0, y = 3, r = 0.5 }\nlocal j = distance { a = a, anchor_b = {0, 6} }\nj.breaking_force = 1e-3\nfunction on_break(joint) {LOOP} end",
    ),
    (
        "coroutine",
        "function update(dt) local co = coroutine.wrap(function() {LOOP} end) co() end",
    ),
    (
        "pcall that swallows the error",
        "function update(dt) while true do pcall(function() {LOOP} end) end end",
    ),
    (
        "deep recursion",
        "local function f(n) if n == 0 then {LOOP} end return f(n - 1) + 1 end\nfunction update(dt) f(150) end",
    ),
];

const LOOPS: &[&str] = &[
    "while true do end",
    "local t = {} while true do t[#t % 100 + 1] = tostring(#t) end",
    "local function f() return pcall(error, 'e') end while true do f() end",
];

fn stopped_with_time_limit(err: &str, place: &str) {
    assert!(
        err.contains("stress.lua:") && err.contains("without returning"),
        "{place}: want a time-limit error naming the file and line, got: {err}"
    );
}

#[test]
fn endless_loops_everywhere_scene_code_runs_are_stopped_every_time() {
    let opts = stress_options(Duration::from_millis(5));
    let floor = "box { x = 0, y = -0.5, w = 20, h = 1, static = true }\n";
    let mut runs = 0;
    let started = Instant::now();
    for _ in 0..repeat() {
        for &(place, template) in PLACES {
            for lp in LOOPS {
                for _ in 0..70 {
                    let src = format!("{floor}{}", template.replace("{LOOP}", lp));
                    runs += 1;
                    let err = match load(&src, &opts) {
                        Err(e) => e,
                        Ok(mut scene) => match scene.step(30) {
                            Err(e) => e.message,
                            Ok(()) => panic!("{place}: the loop `{lp}` was never stopped"),
                        },
                    };
                    stopped_with_time_limit(&err, place);
                }
            }
        }
    }
    eprintln!(
        "{runs} endless loops stopped in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn input_callbacks_and_draw_are_stopped_too() {
    let opts = stress_options(Duration::from_millis(15));
    for _ in 0..20 * repeat() {
        let mut scene = load(
            "function on_key(k, p) while true do end end\n\
             function on_click(x, y, b) while true do end end\n\
             function draw(g) while true do end end",
            &opts,
        )
        .unwrap();
        stopped_with_time_limit(&scene.key("a", true).unwrap_err().message, "on_key");
        stopped_with_time_limit(
            &scene.click(0.0, 0.0, "left").unwrap_err().message,
            "on_click",
        );
        stopped_with_time_limit(&scene.draw().unwrap_err().message, "draw");
        // The scene is still usable after each stop.
        scene.step(2).unwrap();
    }
}
