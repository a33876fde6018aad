//! Time travel: checkpoints come back bit for bit (Lua variables included),
//! replays with an input log equal a fresh run of the same file with the
//! same inputs, and `--watch --replay` says so with the state hash.

mod common;
use common::temp_dir;

use physbox::app::history::driver::{step_once, Driver};
use physbox::app::history::input_log::{self, Entry};
use physbox::app::history::replay::Replay;
use physbox::script::{Scene, SceneOptions};
use std::path::Path;
use std::process::Command;

/// A scene whose physics depends on Lua state: a counter in an upvalue, a
/// table that grows, math.random, a per-body force closure, and on_key.
const STATEFUL: &str = r#"
box { x = 0, y = -0.5, w = 30, h = 1, static = true }
local balls = {}
for i = 1, 12 do balls[#balls + 1] = circle { x = (i % 4) - 1.5, y = 1 + i * 0.6, r = 0.3 } end
local ticks, pushes = 0, {}
local kicks = 0
function update(dt)
  ticks = ticks + 1
  if ticks % 25 == 0 then
    pushes[#pushes + 1] = math.random() * 4 - 2
    circle { x = pushes[#pushes], y = 8, r = 0.2 }
  end
  plot("ticks", ticks)
end
balls[1].force = function(b) return #pushes * 0.5, 0 end
function on_key(k, down)
  if k == "space" and down then
    kicks = kicks + 1
    for _, b in ipairs(balls) do b:apply_impulse(0, kicks) end
  end
end
"#;

const INPUTS: &str = r#"{"inputs": [
 {"step": 30, "key": "space", "pressed": true},
 {"step": 31, "key": "space", "pressed": false},
 {"step": 55, "spawn": "box", "at": [0, 6], "size": 0.5},
 {"step": 70, "grab": {"kind": "circle", "nth": 3}, "at": [0.5, 3]},
 {"step": 71, "drag_to": [2, 5]},
 {"step": 90, "let_go": true},
 {"step": 100, "key": "space", "pressed": true},
 {"step": 120, "toggle": {"kind": "circle", "nth": 5}},
 {"step": 130, "delete": {"kind": "circle", "nth": 6}}
]}"#;

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// `physbox run s.lua --headless --steps N --inputs in.json` in `dir`:
/// its exit code and stderr (where the summary line goes).
fn run_headless(dir: &Path, steps: &str) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_physbox"))
        .current_dir(dir)
        .args([
            "run",
            "s.lua",
            "--headless",
            "--steps",
            steps,
            "--inputs",
            "in.json",
        ])
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn run_to(scene: &mut Scene, driver: &mut Driver, log: &[Entry], next: &mut usize, step: u64) {
    while scene.world().step_count() < step {
        step_once(scene, driver, log, next).unwrap();
    }
}

#[test]
fn a_checkpoint_comes_back_bit_for_bit_with_its_lua_state() {
    let dir = temp_dir("tt_checkpoint");
    let scene_path = write(&dir, "s.lua", STATEFUL);
    let log = input_log::load(&write(&dir, "in.json", INPUTS)).unwrap();
    let opts = SceneOptions::default();

    // The uninterrupted run.
    let mut fresh = Scene::load(&scene_path, &opts).unwrap();
    let (mut d, mut next) = (Driver::default(), 0);
    run_to(&mut fresh, &mut d, &log, &mut next, 200);
    let want = fresh.world().state_hash();

    // Run past a checkpoint, go back to it, run again.
    let mut scene = Scene::load(&scene_path, &opts).unwrap();
    let (mut d, mut next) = (Driver::default(), 0);
    run_to(&mut scene, &mut d, &log, &mut next, 60);
    let cp = scene.checkpoint().unwrap();
    let (d_at, next_at) = (d.clone(), next);
    run_to(&mut scene, &mut d, &log, &mut next, 200);
    assert_eq!(scene.world().state_hash(), want, "the run itself");
    let bodies_at_200 = scene.world().body_count();

    scene.restore_checkpoint(&cp).unwrap();
    assert_eq!(scene.world().step_count(), 60);
    assert_eq!(scene.world().state_hash(), cp.hash);
    assert!(scene.world().body_count() < bodies_at_200);
    let plotted = scene.plots()[0].1.len();
    assert_eq!(plotted, 60, "plots go back to the checkpoint");
    let (mut d, mut next) = (d_at, next_at);
    run_to(&mut scene, &mut d, &log, &mut next, 200);
    assert_eq!(
        scene.world().state_hash(),
        want,
        "after going back 140 steps and re-running, the state must be the uninterrupted run's"
    );
}

#[test]
fn replay_equals_a_fresh_run_with_the_same_inputs() {
    let dir = temp_dir("tt_replay");
    let scene_path = write(&dir, "s.lua", STATEFUL);
    let log = input_log::load(&write(&dir, "in.json", INPUTS)).unwrap();
    let opts = SceneOptions::default();
    let scene = Scene::load(&scene_path, &opts).unwrap();
    let r = Replay::run(scene, log.clone(), 180).unwrap();
    assert_eq!(r.scene.world().step_count(), 180);
    assert_eq!(r.dropped, 0);

    let (code, text) = run_headless(&dir, "180");
    assert_eq!(code, Some(0), "{text}");
    let hash = format!("state_hash={:016x}", r.scene.world().state_hash());
    assert!(text.contains(&hash), "want {hash} in: {text}");

    // The inputs matter: without them the hash differs.
    let bare = Command::new(env!("CARGO_BIN_EXE_physbox"))
        .current_dir(&dir)
        .args(["run", "s.lua", "--headless", "--steps", "180"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&bare.stderr).contains(&hash));
}

#[test]
fn an_input_whose_body_is_gone_is_dropped_and_counted() {
    let dir = temp_dir("tt_dropped");
    // The new version builds only two circles: "nth 3", "5" and "6" are gone.
    let fewer = STATEFUL.replace("for i = 1, 12", "for i = 1, 2");
    let scene_path = write(&dir, "s.lua", &fewer);
    let log = input_log::load(&write(&dir, "in.json", INPUTS)).unwrap();
    let scene = Scene::load(&scene_path, &SceneOptions::default()).unwrap();
    let r = Replay::run(scene, log, 150).unwrap();
    assert_eq!(r.dropped, 3, "grab, toggle and delete name missing circles");
}

#[test]
fn a_failed_replay_says_when() {
    let dir = temp_dir("tt_failed");
    let broken = format!("{STATEFUL}\nfunction on_contact() error('boom') end\n");
    let scene_path = write(&dir, "s.lua", &broken);
    let scene = Scene::load(&scene_path, &SceneOptions::default()).unwrap();
    let e = match Replay::run(scene, Vec::new(), 600) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("the replay must fail"),
    };
    assert!(e.contains("s.lua:") && e.contains("boom"), "{e}");
    assert!(e.contains("during replay") && e.contains("at t = "), "{e}");
}

#[test]
fn a_bad_input_log_names_the_entry() {
    let dir = temp_dir("tt_badlog");
    write(&dir, "s.lua", "circle { r = 1 }");
    write(
        &dir,
        "in.json",
        r#"[{"step": 5, "key": "a", "pressed": true}, {"step": 2, "key": "a", "pressed": false}]"#,
    );
    let (code, text) = run_headless(&dir, "10");
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("in.json") && text.contains("entry 2"),
        "{text}"
    );
}

/// A key no scene could ever receive is refused, the message listing the
/// names there are ("nosuchkey" was taken and did nothing).
#[test]
fn an_unknown_key_name_is_refused_listing_the_keys() {
    let dir = temp_dir("tt_nosuchkey");
    write(&dir, "s.lua", "circle { r = 1 }");
    write(
        &dir,
        "in.json",
        r#"{"keys": [{"step": 10, "key": "nosuchkey", "pressed": true}]}"#,
    );
    let (code, text) = run_headless(&dir, "20");
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("in.json: key 1 ('nosuchkey' at step 10) is not a key name; the keys are \"a\"..\"z\", \"0\"..\"9\", \"f1\"..\"f12\", left, right, up, down, space"),
        "{text}"
    );
    assert!(
        text.contains("period") && text.contains("backquote"),
        "{text}"
    );
}

/// An entry that matches no action says what it lacks, with the file's
/// line and column ("data did not match any variant of untagged enum
/// Action" before, with neither).
#[test]
fn a_malformed_entry_names_what_it_lacks_and_where() {
    let dir = temp_dir("tt_malformed");
    write(&dir, "s.lua", "circle { r = 1 }");
    for (text, want) in [
        (
            r#"{"keys":[{"step":10,"key":"right"}]}"#,
            r#"in.json:1:34: not an input log: entry 1 (step 10): a "key" entry needs "pressed": true or false"#,
        ),
        (
            "[\n {\"step\": 1, \"let_go\": true},\n {\"step\": 5, \"spawn\": \"box\", \"at\": [0, 1]}\n]",
            r#"in.json:3:42: not an input log: entry 2 (step 5): a "spawn" entry needs "size": a number"#,
        ),
        (
            r#"{"inputs":[{"step":2,"drag_to":"here"}]}"#,
            r#"entry 1 (step 2): "drag_to" must be a point [x, y], got "here""#,
        ),
    ] {
        write(&dir, "in.json", text);
        let (code, out) = run_headless(&dir, "20");
        assert_eq!(code, Some(1), "{out}");
        assert!(out.contains(want), "{text}: {out}");
        assert!(!out.contains("untagged"), "{out}");
    }
}
