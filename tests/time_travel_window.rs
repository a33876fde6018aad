//! The timeline in the sandbox, driven as the window drives it: record,
//! scrub, step back and forth, branch, replay on save, the ghost. Every
//! "shows the exact state" claim is checked against a fresh headless run of
//! the same file with the same inputs (equal state hashes).

mod common;
use common::{frame, open_reloading, press, reload_now};

use physbox::app::history::input_log::Entry;
use physbox::app::history::replay::Replay;
use physbox::app::reload::mode::ReloadMode;
use physbox::app::window::sandbox::Sandbox;
use physbox::app::window::timeline_strip;
use physbox::platform::Input;
use physbox::script::{Scene, SceneOptions};
use std::path::Path;

const SCENE: &str = r#"
box { x = 0, y = -0.5, w = 30, h = 1, static = true }
local balls = {}
for i = 1, 30 do balls[#balls + 1] = circle { x = (i % 6) - 2.5, y = 1 + i * 0.5, r = 0.3 } end
local kicks = 0
function on_key(k, down)
  if k == "k" and down then
    kicks = kicks + 1
    for _, b in ipairs(balls) do b:apply_impulse(0.2 * kicks, 1) end
  end
end
force(function(b) return 0.5 * math.sin(world.time), 0 end)
"#;

/// The hash of a fresh run of `path` to `step` with `log`.
fn fresh_hash(path: &Path, log: &[Entry], step: u64) -> u64 {
    let scene = Scene::load(path, &SceneOptions::default()).unwrap();
    let r = Replay::run(scene, log.to_vec(), step).unwrap();
    let hash = r.scene.world().state_hash();
    hash
}

fn run_seconds(sb: &mut Sandbox, seconds: f64) {
    let frames = (seconds * 60.0).round() as usize;
    for _ in 0..frames {
        frame(sb, &Input::default(), 1.0 / 60.0);
    }
}

fn step(sb: &Sandbox) -> u64 {
    sb.scene().world().step_count()
}

#[test]
fn scrubbing_shows_the_exact_recorded_state_and_steps_both_ways() {
    let (mut sb, _r, path) = open_reloading("tw_scrub", SCENE, 800, 600);
    run_seconds(&mut sb, 1.0);
    frame(&mut sb, &press("k"), 1.0 / 60.0);
    run_seconds(&mut sb, 2.0);
    let end = step(&sb);
    assert!(end >= 170, "about 3 s recorded, got {end} steps");
    assert_eq!(sb.timeline().span(), (0, end));
    let log = sb.timeline().log().to_vec();
    assert!(log.iter().any(|e| matches!(&e.action,
        physbox::app::history::input_log::Action::Key { key, .. } if key == "k")));

    for target in [37, 100, 61, 0, end - 1, 5] {
        sb.seek(target);
        assert_eq!(step(&sb), target);
        assert!(sb.is_paused());
        assert_eq!(
            sb.scene().world().state_hash(),
            fresh_hash(&path, &log, target),
            "step {target} must be the state the run had then"
        );
    }
    // , and . step along the recorded run.
    sb.seek(50);
    frame(&mut sb, &press("comma"), 0.0);
    assert_eq!(step(&sb), 49);
    frame(&mut sb, &press("period"), 0.0);
    frame(&mut sb, &press("period"), 0.0);
    assert_eq!(step(&sb), 51);
    assert_eq!(sb.scene().world().state_hash(), fresh_hash(&path, &log, 51));
    frame(&mut sb, &press("home"), 0.0);
    assert_eq!(step(&sb), 0);
    frame(&mut sb, &press("end"), 0.0);
    assert_eq!(step(&sb), end);
    assert!(sb.timeline().diverged.is_none());
}

#[test]
fn dragging_on_the_strip_scrubs() {
    let (mut sb, _r, _path) = open_reloading("tw_strip", SCENE, 800, 600);
    run_seconds(&mut sb, 2.0);
    let end = step(&sb);
    let r = timeline_strip::place(800.0, 600.0);
    let y = r.y + r.h / 2.0;
    let at = |x: f32, left: bool| Input {
        mouse: Some((x, y)),
        left,
        ..Input::default()
    };
    frame(&mut sb, &at(r.x + r.w / 2.0, false), 0.0);
    frame(&mut sb, &at(r.x + r.w / 2.0, true), 0.0);
    let mid = step(&sb);
    assert!((mid as i64 - end as i64 / 2).abs() <= 1, "{mid} of {end}");
    frame(&mut sb, &at(r.x + r.w / 4.0, true), 0.0);
    assert!(
        (step(&sb) as i64 - end as i64 / 4).abs() <= 1,
        "{} of {end}",
        step(&sb)
    );
    frame(&mut sb, &at(r.x + r.w / 4.0, false), 0.0);
    assert!(sb.is_paused(), "scrubbing pauses");
    assert_eq!(sb.timeline().span().1, end, "scrubbing keeps the future");
}

#[test]
fn running_on_from_the_past_branches() {
    let (mut sb, _r, path) = open_reloading("tw_branch", SCENE, 800, 600);
    run_seconds(&mut sb, 2.0);
    sb.seek(40);
    frame(&mut sb, &press("space"), 0.0); // run again
    assert!(!sb.is_paused());
    run_seconds(&mut sb, 0.5);
    let (first, last) = sb.timeline().span();
    assert_eq!(first, 0);
    assert!(
        (40..=75).contains(&last),
        "the old future is gone: span ends at {last}"
    );
    assert!(
        sb.notice().unwrap_or("").contains("branched"),
        "{:?}",
        sb.notice()
    );
    // A key pressed after branching is in the log at its step, and the
    // branch is still exactly reproducible.
    frame(&mut sb, &press("k"), 1.0 / 60.0);
    run_seconds(&mut sb, 0.3);
    let now = step(&sb);
    let log = sb.timeline().log().to_vec();
    assert_eq!(
        sb.scene().world().state_hash(),
        fresh_hash(&path, &log, now)
    );
}

#[test]
fn replay_on_save_runs_the_new_version_with_the_inputs_and_keeps_a_ghost() {
    let (mut sb, mut r, path) = open_reloading("tw_replay", SCENE, 800, 600);
    // F10 twice: keep state → restart → replay.
    frame(&mut sb, &press("f10"), 0.0);
    frame(&mut sb, &press("f10"), 0.0);
    assert_eq!(sb.reload_mode(), ReloadMode::Replay);
    run_seconds(&mut sb, 0.5);
    frame(&mut sb, &press("k"), 1.0 / 60.0);
    run_seconds(&mut sb, 1.0);
    let at = step(&sb);
    let log = sb.timeline().log().to_vec();

    let new_src = SCENE.replace(
        "apply_impulse(0.2 * kicks, 1)",
        "apply_impulse(-0.5 * kicks, 2)",
    );
    std::fs::write(&path, &new_src).unwrap();
    reload_now(&mut sb, &mut r, &path);
    assert_eq!(
        step(&sb),
        at,
        "the new version continues from the same step"
    );
    assert_eq!(
        sb.scene().world().state_hash(),
        fresh_hash(&path, &log, at),
        "as if the file had always said this"
    );
    assert!(
        sb.notice().unwrap_or("").contains("replayed"),
        "{:?}",
        sb.notice()
    );
    assert!(sb.timeline().reloads().contains(&at));
    let kept: Vec<u64> = sb.timeline().keyframe_steps().map(|(s, _)| s).collect();
    assert!(
        (30..at).step_by(30).all(|s| kept.contains(&s)),
        "the replay recorded the new version's keyframes: {kept:?}"
    );
    // The history of the new version can be scrubbed right away.
    sb.seek(at / 2);
    assert_eq!(
        sb.scene().world().state_hash(),
        fresh_hash(&path, &log, at / 2)
    );
    sb.seek(at);
    // G toggles the ghost; it runs in lockstep while the new version runs.
    frame(&mut sb, &press("space"), 0.0);
    run_seconds(&mut sb, 0.2);
    frame(&mut sb, &press("g"), 0.0);
    assert!(
        sb.notice().unwrap_or("").contains("hidden"),
        "{:?}",
        sb.notice()
    );
}

#[test]
fn a_broken_replay_keeps_the_old_version_running_with_the_error() {
    let (mut sb, mut r, path) = open_reloading("tw_replay_fail", SCENE, 800, 600);
    sb.set_reload_mode(ReloadMode::Replay);
    run_seconds(&mut sb, 1.0);
    let before = step(&sb);
    let broken = format!(
        "{SCENE}\nfunction update() if world.time > 0.5 then error('late failure') end end\n"
    );
    std::fs::write(&path, broken).unwrap();
    reload_now(&mut sb, &mut r, &path);
    let e = sb.error().unwrap_or("").to_string();
    assert!(
        e.contains("late failure") && e.contains("during replay"),
        "{e}"
    );
    assert!(e.contains("scene.lua:"), "{e}");
    run_seconds(&mut sb, 0.2);
    assert!(step(&sb) > before, "the old version runs on");
}

#[test]
fn a_scene_that_reads_the_clock_is_reported_when_a_rerun_differs() {
    let src = r#"
box { x = 0, y = -0.5, w = 30, h = 1, static = true }
local b = circle { x = 0, y = 2, r = 0.5 }
function update(dt)
  b:apply_force((os.clock() * 1e6) % 7 - 3.5, 0)
end
"#;
    let (mut sb, _r, _path) = open_reloading("tw_clock", src, 800, 600);
    run_seconds(&mut sb, 1.5);
    sb.seek(10);
    sb.seek(45);
    let e = sb.error().unwrap_or("").to_string();
    assert!(
        e.contains("not deterministic") && e.contains("step 30"),
        "{e}"
    );
    assert!(
        e.contains("os.clock() at") && e.contains("scene.lua:5"),
        "{e}"
    );
}

#[test]
fn the_strips_label_and_the_replay_toast_keep_clear_of_the_plots_and_the_world() {
    use physbox::app::window::hud::lay_out;
    let src = format!("{SCENE}\nfunction update() plot(\"x of ball 1\", balls[1].x) end\n");
    let (mut sb, mut r, path) = open_reloading("tw_layout", &src, 1280, 720);
    sb.set_reload_mode(ReloadMode::Replay);
    run_seconds(&mut sb, 1.5);
    std::fs::write(&path, src.replace("0.5 * math.sin", "-1.5 * math.sin")).unwrap();
    reload_now(&mut sb, &mut r, &path);
    // The toast goes on the bottom row beside the plots (it used to sit
    // above them, over the bodies).
    let placed = lay_out(&mut sb, 1280.0, 720.0).placed;
    let (toast, plots) = (placed.notice.unwrap(), placed.plots.unwrap());
    assert!(sb.notice().unwrap().starts_with("replayed"));
    assert!(
        toast.bottom() > plots.y && !toast.overlaps(&plots),
        "{toast:?} {plots:?}"
    );
    // A past step: the strip's label shows, and the plots keep above it.
    run_seconds(&mut sb, 1.0);
    let s = step(&sb);
    sb.seek(s / 2);
    let strip = timeline_strip::place(1280.0, 720.0);
    let plots = lay_out(&mut sb, 1280.0, 720.0).placed.plots.unwrap();
    assert!(
        plots.bottom() <= strip.y - timeline_strip::LABEL_HEIGHT,
        "{plots:?} {strip:?}"
    );
    let mut pm = physbox::render::pixmap(1280, 720);
    physbox::app::window::picture::draw(&mut sb, &mut pm);
    let out = path.with_file_name("past.png");
    physbox::render::image::save_png(&pm, &out).unwrap();
}

/// The longest trail segment the ghost's overlay draws, and whether it
/// draws the ghost at all.
fn ghost_drawn(sb: &mut Sandbox) -> (bool, f64) {
    let cmds = sb.ghost_overlay();
    let longest = cmds
        .iter()
        .filter_map(|c| match c {
            // Trails are the fainter lines (outlines: alpha 0xa0).
            physbox::render::OverlayCmd::Line { a, b, color } if color.a == 0x70 => {
                Some((*a - *b).length())
            }
            _ => None,
        })
        .fold(0.0, f64::max);
    (!cmds.is_empty(), longest)
}

#[test]
fn the_ghost_follows_a_seek_and_its_trails_break_there() {
    let (mut sb, mut r, path) = open_reloading("tw_ghost_seek", SCENE, 800, 600);
    sb.set_reload_mode(ReloadMode::Replay);
    run_seconds(&mut sb, 1.0);
    frame(&mut sb, &press("k"), 1.0 / 60.0);
    run_seconds(&mut sb, 0.5);
    let at = step(&sb);
    let old = path.with_file_name("old.lua");
    std::fs::write(&old, SCENE).unwrap();
    let new_src = SCENE.replace("0.5 * math.sin", "-1.5 * math.sin");
    std::fs::write(&path, &new_src).unwrap();
    reload_now(&mut sb, &mut r, &path);
    assert_eq!(step(&sb), at);
    // Both run on in lockstep.
    assert!(!sb.is_paused());
    run_seconds(&mut sb, 0.5);
    let end = step(&sb);
    assert!(end >= at + 25, "{end}");
    let log = sb.timeline().log().to_vec();
    let ghost = |sb: &mut Sandbox| sb.travel_mut().ghost_state().expect("a ghost");
    assert_eq!(ghost(&mut sb), (end, fresh_hash(&old, &log, end)));
    let (drawn, longest) = ghost_drawn(&mut sb);
    assert!(drawn && longest > 0.0 && longest < 0.5, "{longest}");
    // Back in time, before and after the reload: the ghost is the previous
    // version at that step, exactly, and no trail joins where things were
    // to where they are now.
    for target in [at / 2, at + 7, end - 1] {
        sb.seek(target);
        assert_eq!(
            ghost(&mut sb),
            (target, fresh_hash(&old, &log, target)),
            "the ghost at step {target}"
        );
        assert_eq!(
            sb.scene().world().state_hash(),
            fresh_hash(&path, &log, target)
        );
        assert_eq!(ghost_drawn(&mut sb), (true, 0.0), "at step {target}");
    }
    frame(&mut sb, &press("end"), 0.0);
    assert_eq!(ghost(&mut sb), (end, fresh_hash(&old, &log, end)));
    // Stepping on from the end: the trails grow again, a step at a time.
    for _ in 0..3 {
        frame(&mut sb, &press("period"), 0.0);
    }
    assert_eq!(ghost(&mut sb).0, end + 3);
    let (drawn, longest) = ghost_drawn(&mut sb);
    assert!(drawn && longest > 0.0 && longest < 0.5, "{longest}");
    // Hidden, it is not stepped; shown again, it catches up.
    frame(&mut sb, &press("g"), 0.0);
    for _ in 0..5 {
        frame(&mut sb, &press("period"), 0.0);
    }
    assert_eq!(ghost(&mut sb).0, end + 3);
    assert_eq!(ghost_drawn(&mut sb), (false, 0.0));
    frame(&mut sb, &press("g"), 0.0);
    let log = sb.timeline().log().to_vec();
    assert_eq!(ghost(&mut sb), (end + 8, fresh_hash(&old, &log, end + 8)));
}

#[test]
fn the_strips_label_is_readable_over_a_light_body() {
    // A light grey floor along the bottom of the view, under the label's
    // line: the label's grey letters were drawn straight onto it (no
    // panel), and could not be read.
    let src = "scene { camera = {0, 0, 10} }\nbox { x = 0, y = -4.8, w = 30, h = 1, static = true, color = \"#c8c8c8\" }\ncircle { x = 0, y = 3, r = 0.5 }\n";
    let (mut sb, _r, _path) = open_reloading("tw_label_panel", src, 800, 600);
    run_seconds(&mut sb, 1.0);
    let s = step(&sb);
    sb.seek(s / 2);
    let mut pm = physbox::render::pixmap(800, 600);
    physbox::app::window::picture::draw(&mut sb, &mut pm);
    let strip = timeline_strip::place(800.0, 600.0);
    // Just right of the label's first letters' left edge, along its band:
    // the floor's colour must not show there.
    let (x0, y0) = (
        strip.x as u32 + 1,
        (strip.y - timeline_strip::LABEL_HEIGHT) as u32,
    );
    let light = (y0..y0 + timeline_strip::LABEL_HEIGHT as u32 - 2)
        .filter(|y| {
            let c = pm.pixel(x0, *y).unwrap();
            c.red() > 150 && c.green() > 150 && c.blue() > 150
        })
        .count();
    // (It would be the floor everywhere there without the panel.)
    let floor = pm.pixel(790, 575).unwrap();
    assert!(floor.red() > 150, "the floor is under the label's line");
    assert_eq!(light, 0, "the label is on a dark panel");
}
