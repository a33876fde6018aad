//! Bad scenes through the real binary: each must exit non-zero with one
//! clear message naming the file and line, never panic, never hang, and
//! never touch anything outside the sandbox.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("physbox-bad-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

struct Outcome {
    code: i32,
    stderr: String,
    stdout: String,
    took: Duration,
}

fn physbox(dir: &Path, args: &[&str]) -> Outcome {
    let t = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_physbox"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    Outcome {
        code: out.status.code().unwrap_or(-1),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        took: t.elapsed(),
    }
}

/// Run `src` as `bad.lua` headless; expect exit 1 and an error line that
/// starts with `bad.lua:<line>:` and contains `words`.
fn expect_error(name: &str, src: &str, line: u32, words: &str) -> Outcome {
    expect_error_with(name, src, line, words, &[])
}

fn expect_error_with(name: &str, src: &str, line: u32, words: &str, extra: &[&str]) -> Outcome {
    let dir = temp_dir(name);
    std::fs::write(dir.join("bad.lua"), src).unwrap();
    let mut args = vec!["run", "bad.lua", "--headless", "--steps", "120"];
    args.extend_from_slice(extra);
    let out = physbox(&dir, &args);
    assert_eq!(
        out.code, 1,
        "{name}: exit code {} (stderr: {})",
        out.code, out.stderr
    );
    assert!(
        !out.stderr.contains("panicked"),
        "{name}: panicked: {}",
        out.stderr
    );
    let errors: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("error:"))
        .collect();
    assert_eq!(
        errors.len(),
        1,
        "{name}: want one error line, got: {}",
        out.stderr
    );
    // line 0: any line of bad.lua.
    let prefix = if line == 0 {
        "error: bad.lua:".to_string()
    } else {
        format!("error: bad.lua:{line}: ")
    };
    assert!(
        errors[0].starts_with(&prefix),
        "{name}: want '{prefix}...', got '{}'",
        errors[0]
    );
    assert!(
        errors[0].contains(words),
        "{name}: want '{words}' in '{}'",
        errors[0]
    );
    assert!(
        out.took < Duration::from_secs(5),
        "{name}: took {:?}",
        out.took
    );
    std::fs::remove_dir_all(&dir).ok();
    out
}

#[test]
fn syntax_error() {
    expect_error(
        "syntax",
        "local a = 1\nlocal x = = 2\n",
        2,
        "unexpected symbol",
    );
}

#[test]
fn runtime_errors_at_build_and_in_every_callback_kind() {
    expect_error(
        "build",
        "local t = nil\nprint(t.x)\n",
        2,
        "attempt to index a nil value",
    );
    expect_error(
        "update",
        "function update(dt)\n  error('boom in update')\nend\n",
        2,
        "boom in update",
    );
    let floor = "box { x = 0, y = -0.5, w = 10, h = 1, static = true }\n";
    expect_error(
        "on_contact",
        &format!("{floor}circle {{ y = 1, r = 0.5 }}\nfunction on_contact(a, b, c)\n  error('boom in on_contact')\nend\n"),
        4,
        "boom in on_contact",
    );
    expect_error(
        "on_separate",
        &format!("{floor}circle {{ y = 0.6, r = 0.5, restitution = 1, vy = -5 }}\nfunction on_separate(a, b)\n  error('boom in on_separate')\nend\n"),
        4,
        "boom in on_separate",
    );
    expect_error(
        "on_sensor",
        "box { x = 0, y = 0, w = 4, h = 4, static = true, sensor = true }\ncircle { y = 3, r = 0.2 }\nfunction on_sensor(s, b, entered)\n  error('boom in on_sensor')\nend\n",
        4,
        "boom in on_sensor",
    );
    expect_error(
        "force",
        "circle { r = 1 }\nforce(function(b, t)\n  return b.nothing_here + 1\nend)\n",
        3,
        "has no field 'nothing_here'",
    );
    expect_error(
        "per_body_force",
        "local b = circle { r = 1 }\nb.force = function(body, t)\n  error('boom in b.force')\nend\n",
        3,
        "boom in b.force",
    );
}

#[test]
fn error_values_that_are_not_strings_name_their_line() {
    // Lua's `error` adds a position only to strings; physbox takes it from
    // the frame that raised the value.
    for (name, call, words) in [
        ("table", "error({})", "error called with a table value"),
        ("nil", "error()", "error called with no message (nil)"),
        ("number", "error(42)", "error called with the number 42"),
        ("level0", "error('no place', 0)", "no place"),
    ] {
        expect_error(name, &format!("local x = 1\n{call}\n"), 2, words);
        expect_error(
            &format!("{name}_update"),
            &format!("circle {{ r = 1 }}\nfunction update(dt)\n  {call}\nend\n"),
            3,
            words,
        );
    }
    let floor = "box { x = 0, y = -0.5, w = 10, h = 1, static = true }\n";
    expect_error(
        "table_on_contact",
        &format!("{floor}circle {{ y = 1, r = 0.5 }}\nfunction on_contact(a, b, c)\n  error({{ code = 7 }})\nend\n"),
        4,
        "error called with a table value",
    );
    // A table with __tostring keeps its text.
    expect_error(
        "tostring",
        "local e = setmetatable({}, { __tostring = function() return 'my error' end })\nerror(e)\n",
        2,
        "my error",
    );
}

#[test]
fn a_callback_name_bound_to_a_value_names_its_line() {
    expect_error(
        "update_number",
        "circle { r = 1 }\n\nupdate = 5\n",
        3,
        "update must be a function, got number",
    );
    expect_error(
        "on_break_table",
        "on_break = {}\n",
        1,
        "on_break must be a function, got table",
    );
    // Rebound while running: the file at least.
    let o = expect_error(
        "update_rebound",
        "function update(dt)\n  update = 'x'\nend\n",
        0,
        "update must be a function, got string",
    );
    assert!(o.stderr.starts_with("error: bad.lua: "), "{}", o.stderr);
}

#[test]
fn load_behaves_as_in_plain_lua() {
    let dir = temp_dir("load");
    std::fs::write(
        dir.join("ok.lua"),
        "print(load('return math.pi')())\n\
         print(load('return x', 'n', 't', { x = 7 })())\n\
         print(pcall(load('return math.pi', 'n', 't', nil)))\n\
         local deep = 'return ' .. ('('):rep(1000) .. '1' .. (')'):rep(1000)\n\
         local f, err = load(deep)\n\
         print(f, err)\n\
         print(load('\\27Lua', 'bin', 'b'))\n",
    )
    .unwrap();
    let out = physbox(&dir, &["run", "ok.lua", "--headless", "--steps", "1"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[0], "3.1415926535898");
    assert_eq!(lines[1], "7");
    // An explicit nil environment stays nil, as in plain Lua.
    assert!(
        lines[2].starts_with("false\t[string \"n\"]:1: attempt to index a nil value"),
        "{}",
        lines[2]
    );
    // Too deep: nil and one line, no traceback.
    assert!(lines[3].starts_with("nil\t"), "{}", lines[3]);
    assert!(
        lines[3].contains("overflow") || lines[3].contains("too many"),
        "{}",
        lines[3]
    );
    assert!(!out.stdout.contains("stack traceback"), "{}", out.stdout);
    // Binary chunks stay refused whatever the mode asked for.
    assert!(lines[4].starts_with("nil\t"), "{}", lines[4]);
    assert_eq!(lines.len(), 5, "{}", out.stdout);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn endless_loops_stop_within_a_second() {
    let o = expect_error(
        "loop_build",
        "local i = 0\nwhile true do i = i + 1 end\n",
        2,
        "endless loop",
    );
    // 0.8 s limit + start-up; generous for a busy 2-core CI machine.
    assert!(o.took < Duration::from_secs(3), "took {:?}", o.took);
    expect_error(
        "loop_update",
        "function update(dt)\n  while true do end\nend\n",
        2,
        "endless loop",
    );
    expect_error(
        "loop_force",
        "circle { r = 1 }\nforce(function(b, t)\n  repeat until false\nend)\n",
        3,
        "endless loop",
    );
    expect_error(
        "loop_coroutine",
        "local co = coroutine.wrap(function()\n  while true do end\nend)\nco()\n",
        0,
        "endless loop",
    );
}

#[test]
fn a_runaway_string_pattern_is_stopped_with_its_line() {
    // Exponential backtracking inside string.find: physbox's own matcher
    // watches the clock (Lua's C one never returned, and the process had to
    // end), so it is an ordinary time-limit error naming the line.
    let o = expect_error_with(
        "pattern",
        "local s = ('a'):rep(30)\nprint(s:find(('a-'):rep(20) .. 'b'))\n",
        2,
        "without returning",
        &["--time-limit", "0.5"],
    );
    assert!(o.took < Duration::from_secs(5), "took {:?}", o.took);
}

#[test]
fn memory_bomb_is_a_lua_error() {
    expect_error_with(
        "bomb",
        "local t = {}\nfor i = 1, 1e12 do t[i] = string.rep('x', 1000) .. i end\n",
        2,
        "out of memory",
        &["--memory-limit", "64", "--time-limit", "10"],
    );
    // The default limit (512 MiB), with time enough to reach it on a busy machine.
    expect_error_with(
        "bomb_default",
        "local s = 'x'\nwhile true do s = s .. s end\n",
        2,
        "out of memory",
        &["--time-limit", "10"],
    );
}

#[test]
fn sandbox_has_no_way_out() {
    let dir = temp_dir("sentinel");
    let sentinel = dir.join("sentinel.txt");
    std::fs::write(&sentinel, "keep me").unwrap();
    let s = sentinel.display().to_string();
    expect_error(
        "io",
        &format!("local f = io.open('{s}', 'w')\n"),
        1,
        "global 'io'",
    );
    expect_error(
        "execute",
        "os.execute('touch escaped')\n",
        1,
        "field 'execute'",
    );
    expect_error(
        "remove",
        &format!("os.remove('{s}')\n"),
        1,
        "field 'remove'",
    );
    expect_error("getenv", "print(os.getenv('HOME'))\n", 1, "field 'getenv'");
    expect_error(
        "loadlib",
        "package.loadlib('libc.so.6', 'system')\n",
        1,
        "global 'package'",
    );
    expect_error("debug", "debug.sethook()\n", 1, "global 'debug'");
    expect_error("dofile", &format!("dofile('{s}')\n"), 1, "global 'dofile'");
    expect_error(
        "loadfile",
        &format!("loadfile('{s}')\n"),
        1,
        "global 'loadfile'",
    );
    expect_error("dump", "local b = string.dump(print)\n", 1, "field 'dump'");
    expect_error(
        "binary_chunk",
        "local f, err = load('\\27Lua\\84\\0\\25\\147\\r\\n\\26\\n')\nassert(f, err)\n",
        2,
        "binary chunk",
    );
    expect_error(
        "finalizer",
        "local x = setmetatable({}, {\n  __gc = function() while true do end end })\n",
        1,
        "__gc finalizers are not allowed",
    );
    expect_error("require_up", "require('../../x')\n", 1, "not a module name");
    expect_error(
        "require_abs",
        "require('/etc/passwd')\n",
        1,
        "not a module name",
    );
    expect_error(
        "require_missing",
        "require('no_such_module')\n",
        1,
        "not found",
    );
    assert_eq!(std::fs::read_to_string(&sentinel).unwrap(), "keep me");
    assert!(!dir.join("escaped").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn degenerate_and_negative_shapes() {
    expect_error(
        "r0",
        "circle { r = 0 }\n",
        1,
        "circle: 'r' must be a positive number, got 0",
    );
    expect_error(
        "rneg",
        "\ncircle { r = -1 }\n",
        2,
        "'r' must be a positive number, got -1",
    );
    expect_error(
        "w0",
        "box { w = 0, h = 1 }\n",
        1,
        "'w' must be a positive number",
    );
    expect_error("hmissing", "box { w = 1 }\n", 1, "'h' is required");
    expect_error(
        "two_points",
        "polygon { points = {{0,0},{1,0}} }\n",
        1,
        "polygon",
    );
    expect_error(
        "flat",
        "polygon { points = {{0,0},{1,1},{2,2}} }\n",
        1,
        "polygon",
    );
    expect_error(
        "bowtie",
        "polygon { points = {{0,0},{1,1},{1,0},{0,1}} }\n",
        1,
        "polygon",
    );
    expect_error(
        "segment0",
        "segment { x1 = 1, y1 = 1, x2 = 1, y2 = 1 }\n",
        1,
        "zero length",
    );
    expect_error(
        "nan",
        "circle { r = 0/0 }\n",
        1,
        "'r' must be a finite number",
    );
    expect_error(
        "huge_mass",
        "circle { r = 1, mass = -5 }\n",
        1,
        "'mass' must be a positive number",
    );
}

#[test]
fn force_returning_nan_stops_the_run() {
    expect_error(
        "nan_force",
        "circle { r = 1 }\nforce(function(b, t)\n  return 0/0, 0\nend)\n",
        2,
        "non-finite force",
    );
    expect_error(
        "string_force",
        "circle { r = 1 }\nforce(function(b, t)\n  return 'up', 0\nend)\n",
        2,
        "must return numbers",
    );
}

#[test]
fn stale_handle_is_a_clear_error() {
    expect_error(
        "stale",
        "local b = circle { r = 1 }\nb:destroy()\nprint(b.x)\n",
        3,
        "destroyed",
    );
    expect_error(
        "stale_method",
        "local b = circle { r = 1 }\nb:destroy()\nb:apply_force(1, 0)\n",
        3,
        "destroyed",
    );
    expect_error(
        "stale_set",
        "local b = circle { r = 1 }\nb:destroy()\nb.vx = 1\n",
        3,
        "destroyed",
    );
}

#[test]
fn wrong_type_for_every_option_kind() {
    let cases = [
        // A body where something else belongs is called a body (it was
        // "lightuserdata"), and a joint's example is a joint's.
        (
            "body_for_options",
            "local a = circle { r = 1 }\nhinge(a)",
            "hinge: expected a table of options like hinge { a = ..., ... }, got a body",
        ),
        (
            "body_for_number",
            "local a = circle { r = 1 }\na:apply_force(a, 1)",
            "apply_force: x must be a number, got a body",
        ),
        (
            "num",
            "circle { r = 1, x = 'left' }",
            "'x' must be a number, got string",
        ),
        (
            "size",
            "circle { r = true }",
            "'r' must be a number, got boolean",
        ),
        (
            "bool",
            "circle { r = 1, bullet = 1 }",
            "'bullet' must be true or false, got number",
        ),
        (
            "string",
            "circle { r = 1, name = 5 }",
            "'name' must be a string, got number",
        ),
        (
            "enum",
            "circle { r = 1, type = 'wobbly' }",
            "'type' must be \"dynamic\", \"static\" or \"kinematic\"",
        ),
        ("color", "circle { r = 1, color = '#12' }", "colour must be"),
        (
            "points",
            "polygon { points = 5 }",
            "'points' must be a table, got number",
        ),
        (
            "point",
            "polygon { points = {{0,0},{1},{0,1}} }",
            "'points'[2] must be a point",
        ),
        (
            "static and type",
            "circle { r = 1, static = true, type = 'dynamic' }",
            "'static = true' and type = \"dynamic\" disagree",
        ),
        (
            "point3",
            "polygon { points = {{0,0},{1,0,5},{0,1}} }",
            "'points'[2] must be a point {x, y}, got 3 numbers",
        ),
        (
            "two points",
            "polygon { points = {{0,0},{1,0}} }",
            "'points' has 2 point(s); a polygon needs at least 3",
        ),
        (
            "thin",
            "polygon { points = {{0,0},{1,0},{2,1e-6}} }",
            "'points' span 2e0 m by 1e-6 m (x by y); the smallest size is 1e-4 m",
        ),
        (
            "group",
            "circle { r = 1, group = 1.5 }",
            "'group' must be a whole number",
        ),
        (
            "nonneg",
            "circle { r = 1, friction = -1 }",
            "'friction' must not be negative",
        ),
        ("table", "box(5)", "box: expected a table of options"),
        (
            "unknown",
            "box { x = 0, widht = 2, h = 1 }",
            "box: unknown option 'widht' — did you mean 'w'?",
        ),
        (
            "field",
            "local b = circle { r = 1 }\nb.angle = {}",
            "body.angle must be a number, got table",
        ),
        (
            "field_string",
            "local b = circle { r = 1 }\nb.type = 5",
            "body.type must be a string, got number",
        ),
        (
            "field_nil",
            "local b = circle { r = 1 }\nb.name = nil\nb.type = nil",
            "body.type must be a string, got nil",
        ),
        (
            "world",
            "world.gravity = 9.81",
            "world.gravity must be a point",
        ),
        ("scene", "scene { title = 5 }", "'title' must be a string"),
        ("force", "force(42)", "force: expected a function"),
        ("plot", "plot('y', 'high')", "plot: value must be a number"),
    ];
    for (name, src, words) in cases {
        let line = src.lines().count() as u32;
        expect_error(name, &format!("{src}\n"), line, words);
    }
}

#[test]
fn good_scene_exits_zero_and_check_reports() {
    let dir = temp_dir("good");
    std::fs::write(
        dir.join("ok.lua"),
        "circle { r = 1 }\nprint('hello from lua')\n",
    )
    .unwrap();
    let out = physbox(&dir, &["run", "ok.lua", "--headless", "--steps", "10"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "hello from lua\n");
    let out = physbox(&dir, &["check", "ok.lua"]);
    assert_eq!(out.code, 0);
    std::fs::write(dir.join("bad.lua"), "circle { r = -1 }\n").unwrap();
    let out = physbox(&dir, &["check", "bad.lua"]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.starts_with("error: bad.lua:1: circle:"),
        "{}",
        out.stderr
    );
    let out = physbox(&dir, &["run", "missing.lua", "--headless"]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("missing.lua: cannot read"),
        "{}",
        out.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn usage_errors_exit_two_and_help_shows_examples() {
    let dir = std::env::temp_dir();
    assert_eq!(physbox(&dir, &["run"]).code, 2);
    assert_eq!(physbox(&dir, &["frobnicate"]).code, 2);
    assert_eq!(physbox(&dir, &["run", "x.lua", "--steps", "many"]).code, 2);
    let help = physbox(&dir, &["--help"]);
    assert_eq!(help.code, 0);
    assert!(help.stdout.contains("EXAMPLES") && help.stdout.contains("--headless"));
}

/// Issue 19 §6: numbers that are finite but absurd (and NaN in a plot)
/// stop at the line that gave them, before they make a NaN in the world.
#[test]
fn absurd_numbers_are_errors_at_their_line_not_nan_in_the_world() {
    for (code, message) in [
        ("box { w = 2, h = 1e160 }", "'h' must be from"),
        (
            "circle { r = 0.5, gravity_scale = 1e308 }",
            "'gravity_scale' must be from",
        ),
        (
            "circle { r = 0.5, restitution = 1e300 }",
            "'restitution' must be from",
        ),
        (
            "segment { x1 = 0, y1 = 0, x2 = 1.797e308, y2 = 0 }",
            "'x2' must be from",
        ),
        (
            "polygon { points = {{0, 0}, {1e300, 0}, {0, 1}} }",
            "coordinates from",
        ),
        ("circle { r = 0.5, x = -1e12 }", "'x' must be from"),
        (
            "local b = circle { r = 0.5 }\nb.vx = 1e300",
            "body.vx must be from",
        ),
        (
            "plot('n', 0/0)",
            "plot: value of 'n' must be a finite number",
        ),
        // A motor or limits out of range say so (they said "two finite
        // numbers" of two finite numbers).
        (
            "local a = circle { r = 0.5 }\nhinge { a = a, motor = {1, 1e15} }",
            "'motor' must be {speed, max_torque} with each number from -1e9 to 1e9, got {1e0, 1e15}",
        ),
        (
            "local a = circle { r = 0.5 }\nslider { a = a, limits = {-1e300, 1} }",
            "'limits' must be {lo, hi} with each number from",
        ),
        (
            "local a = circle { r = 0.5 }\nwheel { a = a, motor = {1} }",
            "'motor' must be {speed, max_torque} of finite numbers, got nil at position 2",
        ),
        // A tiny axis's numbers in a line, not 300 digits.
        (
            "local a = circle { r = 0.5 }\nwheel { a = a, axis = {1e-300, 0} }",
            "axis must be a non-zero finite vector, got (1e-300, 0e0)",
        ),
    ] {
        let text = format!("-- absurd\n{code}\n");
        let dir = std::env::temp_dir().join(format!("physbox_absurd_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("absurd.lua");
        std::fs::write(&path, &text).unwrap();
        let e = physbox::script::Scene::load(&path, &physbox::script::SceneOptions::default())
            .err()
            .unwrap_or_else(|| panic!("{code} loaded"));
        let line = if code.contains('\n') { 3 } else { 2 };
        assert!(
            e.message.contains(&format!("absurd.lua:{line}:")),
            "{code}: {e}"
        );
        assert!(e.message.contains(message), "{code}: {e}");
    }
}

/// Issue 19 §2: physics run from the scene file counts against a budget of
/// its own (the Lua time limit pauses while physics runs), so a loop of
/// huge `world:step` calls ends with its line instead of running forever.
#[test]
fn world_step_while_building_has_a_time_budget() {
    let dir = std::env::temp_dir().join(format!("physbox_stepping_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("stepping.lua");
    std::fs::write(
        &path,
        "circle { r = 1 }\nfor i = 1, 1000 do\n  world:step(10000000)\nend\n",
    )
    .unwrap();
    let opts = physbox::script::SceneOptions {
        build_step_limit: std::time::Duration::from_millis(300),
        ..Default::default()
    };
    let started = std::time::Instant::now();
    let e = physbox::script::Scene::load(&path, &opts)
        .err()
        .expect("stopped");
    assert!(
        started.elapsed().as_secs_f64() < 5.0,
        "{:?}",
        started.elapsed()
    );
    assert!(e.message.contains("stepping.lua:3: world:step"), "{e}");
    assert!(e.message.contains("more than 0.3 s"), "{e}");
    // A scene that measures (steps a few simulated seconds) is untouched.
    std::fs::write(&path, "circle { r = 1 }\nworld:step(600)\n").unwrap();
    physbox::script::Scene::load(&path, &opts).unwrap();
}

/// Issue 19 §3: `next_scene` cannot lead out of the scene's folder tree.
#[test]
fn next_scene_stays_inside_the_scene_folder() {
    let dir = std::env::temp_dir().join(format!("physbox_next_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("level.lua");
    for bad in [
        "../../../../../etc/passwd",
        "/etc/passwd",
        "../other.lua",
        "a\\\\b.lua",
        "notes.txt",
    ] {
        std::fs::write(&path, format!("\nnext_scene('{bad}')\n")).unwrap();
        let e = physbox::script::Scene::load(&path, &physbox::script::SceneOptions::default())
            .err()
            .unwrap_or_else(|| panic!("{bad} accepted"));
        assert!(e.message.contains("level.lua:2: next_scene:"), "{bad}: {e}");
    }
    for good in ["02_next.lua", "more/03.lua", "./04.lua"] {
        std::fs::write(&path, format!("next_scene('{good}')\n")).unwrap();
        physbox::script::Scene::load(&path, &physbox::script::SceneOptions::default())
            .unwrap_or_else(|e| panic!("{good}: {e}"));
    }
}
