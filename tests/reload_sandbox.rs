//! Hot reload applied to the window's sandbox (no window, no watcher
//! timing): keep state vs restart, what survives a reload, and failed
//! reloads that leave the old scene running.

mod common;
use common::{open_reloading, reload_now, temp_dir};

use physbox::app::reload::apply::apply;
use physbox::app::reload::mode::ReloadMode;
use physbox::app::reload::reloader::Reloader;
use physbox::app::window::tools::Spawn;
use physbox::app::window::{hud, keys, sandbox::Sandbox};
use physbox::physics::Vec2;
use physbox::platform::{Change, Input};
use physbox::render::pixmap;
use physbox::render::Layer;
use physbox::script::SceneOptions;
use std::path::{Path, PathBuf};
use std::time::Instant;

const V1: &str = r##"
box { x = 0, y = -0.5, w = 40, h = 1, static = true }
circle { name = "ball", x = 0, y = 3, r = 0.5, color = "#ff0000" }
box { name = "crate", x = 5, y = 5, w = 1, h = 1 }
"##;

/// The ball's colour changed (not its pose), the crate moved, a new circle.
const V2: &str = r##"
box { x = 0, y = -0.5, w = 40, h = 1, static = true }
circle { name = "ball", x = 0, y = 3, r = 0.5, color = "#00ff00" }
box { name = "crate", x = -5, y = 5, w = 1, h = 1 }
circle { x = 8, y = 8, r = 0.25 }
"##;

fn open(name: &str) -> (Sandbox, Reloader, PathBuf) {
    open_reloading(name, V1, 400, 300)
}

fn reload(sb: &mut Sandbox, r: &mut Reloader, path: &Path) {
    reload_now(sb, r, path)
}

fn body(sb: &Sandbox, name: &str) -> (Vec2, Vec2) {
    let w = sb.scene().world();
    let (_, b) = w
        .bodies()
        .find(|(_, b)| b.name.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no body {name}"));
    (b.xf.p, b.linear_velocity)
}

#[test]
fn keep_state_keeps_live_bodies_moves_edited_ones_and_carries_placed_ones() {
    let (mut sb, mut r, path) = open("keep");
    sb.set_speed(0.5);
    sb.toggle_layer(Layer::Aabbs);
    for _ in 0..30 {
        sb.advance(1.0 / 30.0);
    }
    sb.spawn(Vec2::new(-8.0, 6.0), Spawn::Circle).unwrap();
    let (ball_p, ball_v) = body(&sb, "ball");
    assert!(
        ball_p.y < 2.9 && ball_v.y < -0.5,
        "the ball fell: {ball_p:?}"
    );
    let time = sb.scene().world().time();
    let camera = (sb.camera().center, sb.camera().scale);
    let crate_id = sb
        .scene()
        .world()
        .bodies()
        .find(|(_, b)| b.name.as_deref() == Some("crate"))
        .unwrap()
        .0;
    sb.select(Some(crate_id));

    std::fs::write(&path, V2).unwrap();
    reload(&mut sb, &mut r, &path);

    let toast = sb.notice().unwrap().to_string();
    assert!(
        toast.starts_with("reloaded in ")
            && toast.ends_with("— kept 2, moved 1, new 1, removed 0, carried over 1"),
        "{toast}"
    );
    // Unchanged arguments: the live pose and velocity, exactly.
    let (p, v) = body(&sb, "ball");
    assert!((p - ball_p).length() < 1e-12 && (v - ball_v).length() < 1e-12);
    // Changed arguments: the file's new values.
    let (p, _) = body(&sb, "crate");
    assert_eq!(p, Vec2::new(-5.0, 5.0));
    // Colours come from the new file.
    let w = sb.scene().world();
    let ball = w
        .bodies()
        .find(|(_, b)| b.name.as_deref() == Some("ball"))
        .unwrap()
        .0;
    drop(w);
    let colour = sb.scene().sim().color(ball).map(str::to_string);
    assert_eq!(colour.as_deref(), Some("#00ff00"));
    // The selection follows its body into the new world.
    let selected = sb.tools().selected().expect("still selected");
    assert_eq!(
        sb.scene().world().body(selected).unwrap().name.as_deref(),
        Some("crate")
    );
    // Ground, ball, crate, the new circle and the one placed by hand.
    assert_eq!(sb.scene().world().body_count(), 5);
    // Clock, camera, speed and layers carry over.
    assert!((sb.scene().world().time() - time).abs() < 1e-12);
    assert_eq!((sb.camera().center, sb.camera().scale), camera);
    assert_eq!(sb.speed(), 0.5);
    assert!(sb.layers().aabbs);
    assert!(sb.error().is_none());
}

#[test]
fn restart_mode_and_f10() {
    let (mut sb, mut r, path) = open("restart");
    let pm = pixmap(400, 300);
    let f10 = Input {
        pressed: vec!["f10"],
        ..Input::default()
    };
    keys::keys(&mut sb, &f10, &pm);
    assert_eq!(sb.reload_mode(), ReloadMode::Restart);
    assert!(hud::status_lines(&sb)
        .iter()
        .any(|(l, _)| l.starts_with("reload: restart")));
    for _ in 0..30 {
        sb.advance(1.0 / 30.0);
    }
    sb.set_paused(true);
    std::fs::write(&path, V2).unwrap();
    reload(&mut sb, &mut r, &path);
    assert!(sb.notice().unwrap().ends_with("— restarted"));
    assert_eq!(sb.scene().world().time(), 0.0);
    assert_eq!(body(&sb, "ball").0, Vec2::new(0.0, 3.0));
    assert!(sb.is_paused(), "pause survives a reload");
    // F10 cycles: restart → replay → keep state.
    keys::keys(&mut sb, &f10, &pm);
    assert_eq!(sb.reload_mode(), ReloadMode::Replay);
    assert!(hud::status_lines(&sb)
        .iter()
        .any(|(l, _)| l.starts_with("reload: replay")));
    keys::keys(&mut sb, &f10, &pm);
    assert_eq!(sb.reload_mode(), ReloadMode::KeepState);
}

#[test]
fn a_failed_reload_keeps_the_old_scene_running_and_the_next_good_save_clears_it() {
    let (mut sb, mut r, path) = open("fail");
    std::fs::write(&path, "circle { r = 1 }\ncircle { r = -1 }\n").unwrap();
    reload(&mut sb, &mut r, &path);
    let err = sb.error().map(str::to_string).expect("error on screen");
    assert!(err.contains("scene.lua:2:"), "{err}");
    assert!(
        sb.error_is_from_reload() && !sb.is_paused(),
        "the old scene keeps running"
    );
    let t = sb.scene().world().time();
    sb.advance(0.1);
    assert!(sb.scene().world().time() > t);
    assert_eq!(
        sb.scene().world().body_count(),
        3,
        "still the first version"
    );
    std::fs::write(&path, V2).unwrap();
    reload(&mut sb, &mut r, &path);
    assert!(sb.error().is_none() && !sb.error_is_from_reload());
    assert_eq!(sb.scene().world().body_count(), 4);
}

#[test]
fn a_good_reload_clears_a_runtime_error_and_runs_again() {
    let (mut sb, mut r, path) = open("runtime");
    std::fs::write(&path, format!("{V1}function update() error('boom') end\n")).unwrap();
    reload(&mut sb, &mut r, &path);
    sb.advance(0.1);
    assert!(sb.is_paused() && sb.error().unwrap().contains("boom"));
    std::fs::write(&path, V1).unwrap();
    reload(&mut sb, &mut r, &path);
    assert!(sb.error().is_none() && !sb.is_paused());
}

#[test]
fn a_scene_that_failed_to_open_comes_up_with_its_camera_on_the_first_good_save() {
    let dir = temp_dir("broken");
    let path = dir.join("scene.lua");
    std::fs::write(&path, "box { w = 1 }\n").unwrap();
    let err = Sandbox::open(&path, &SceneOptions::default(), 400, 300)
        .err()
        .expect("fails");
    let mut sb = Sandbox::broken(&path, &SceneOptions::default(), err, 400, 300).unwrap();
    let mut r = Reloader::new(sb.scene());
    std::fs::write(&path, format!("scene {{ camera = {{3, 4, 10}} }}\n{V1}")).unwrap();
    reload(&mut sb, &mut r, &path);
    assert!(sb.error().is_none() && !sb.is_paused());
    assert_eq!(sb.camera().center, Vec2::new(3.0, 4.0));
    assert_eq!(sb.scene().world().body_count(), 3);
}

#[test]
fn keep_state_brings_destroyed_bodies_back_from_the_file_and_carries_bodies_callbacks_made() {
    let dir = temp_dir("live");
    let path = dir.join("scene.lua");
    let src = r#"
box { x = 0, y = -0.5, w = 40, h = 1, static = true }
local doomed = circle { name = "doomed", x = 3, y = 3, r = 0.5 }
local n = 0
function update()
  n = n + 1
  if n == 5 then doomed:destroy() end
  if n == 10 then circle { name = "late", x = -3, y = 3, r = 0.3, color = "cyan" } end
end
"#;
    std::fs::write(&path, src).unwrap();
    let mut sb = Sandbox::open(&path, &SceneOptions::default(), 400, 300).unwrap();
    let mut r = Reloader::new(sb.scene());
    sb.step(20);
    assert_eq!(sb.scene().world().body_count(), 2); // ground and "late"
    let late = body(&sb, "late");
    std::fs::write(&path, src.replace("w = 40", "w = 50")).unwrap();
    reload(&mut sb, &mut r, &path);
    let toast = sb.notice().unwrap().to_string();
    assert!(
        toast.ends_with("kept 1, moved 0, new 1, removed 0, carried over 1"),
        "{toast}"
    );
    assert_eq!(
        body(&sb, "doomed").0,
        Vec2::new(3.0, 3.0),
        "back from the file"
    );
    assert_eq!(body(&sb, "late"), late, "carried over exactly");
    let source = {
        let sim = sb.scene().sim();
        let (id, _) = sim
            .world()
            .bodies()
            .find(|(_, b)| b.name.as_deref() == Some("late"))
            .unwrap();
        sim.origin(id).map(|o| o.at())
    };
    assert!(
        source
            .as_deref()
            .is_some_and(|s| s.ends_with("scene.lua:8")),
        "the carried body's source: {source:?}"
    );
    // The new Lua state's handle is good: its update destroys it again.
    sb.step(10);
    assert!(sb.error().is_none(), "{:?}", sb.error());
    assert_eq!(sb.scene().world().body_count(), 3);
}

const LEVEL_V1: &str = r##"
tools { spring = 1, box = 1 }
box { x = 0, y = -0.5, w = 40, h = 1, static = true }
box { name = "target", x = 6, y = 0.5, w = 1, h = 1, static = true }
"##;

/// The author moved the target.
const LEVEL_V2: &str = r##"
tools { spring = 1, box = 1 }
box { x = 0, y = -0.5, w = 40, h = 1, static = true }
box { name = "target", x = 8, y = 0.5, w = 1, h = 1, static = true }
"##;

#[test]
fn a_puzzle_level_reloads_into_build_mode_with_the_players_parts_placed_again() {
    use physbox::app::puzzle::parts::{Part, PartKind};
    let dir = temp_dir("puzzle");
    let path = dir.join("level.lua");
    std::fs::write(&path, LEVEL_V1).unwrap();
    let mut sb = Sandbox::open(&path, &SceneOptions::default(), 400, 300).unwrap();
    let mut r = Reloader::new(sb.scene());
    let spring = Part {
        kind: PartKind::Spring,
        x: -3.0,
        y: 0.5,
        angle: 0.0,
    };
    sb.place_part(spring).unwrap();
    let joints = sb.scene().world().joint_count();
    assert!(joints > 0, "the springboard holds its plate with joints");
    // Start, run a while, then the author saves a new version.
    sb.start_puzzle();
    sb.step(30);
    std::fs::write(&path, LEVEL_V2).unwrap();
    reload(&mut sb, &mut r, &path);
    assert!(sb.error().is_none(), "{:?}", sb.error());
    let p = sb.build_mode().expect("still a puzzle").puzzle();
    assert!(
        p.is_building(),
        "back in build mode, at the authored layout"
    );
    assert_eq!(p.parts().len(), 1);
    assert_eq!(p.parts()[0].part.x, -3.0);
    assert_eq!(sb.scene().world().step_count(), 0);
    assert_eq!(
        sb.scene().world().joint_count(),
        joints,
        "the springboard keeps its joints"
    );
    assert_eq!(body(&sb, "target").0.x, 8.0, "the level is the new file");
    // Restart mode: the new level with no parts placed (as R).
    sb.set_reload_mode(ReloadMode::Restart);
    std::fs::write(&path, LEVEL_V1).unwrap();
    reload(&mut sb, &mut r, &path);
    let p = sb.build_mode().expect("still a puzzle").puzzle();
    assert!(p.is_building() && p.parts().is_empty());
    assert_eq!(body(&sb, "target").0.x, 6.0);
}

/// The author moved the target again, and the file says which version ran.
const LEVEL_V3: &str = r##"
tools { spring = 1, box = 1 }
box { x = 0, y = -0.5, w = 40, h = 1, static = true }
box { name = "target", x = 10, y = 0.5, w = 1, h = 1, static = true }
"##;

#[test]
fn a_keep_state_reload_of_a_puzzle_level_loads_the_file_once() {
    use physbox::app::puzzle::parts::{Part, PartKind};
    let dir = temp_dir("puzzle-once");
    let path = dir.join("level.lua");
    std::fs::write(&path, LEVEL_V1).unwrap();
    let mut sb = Sandbox::open(&path, &SceneOptions::default(), 400, 300).unwrap();
    let mut r = Reloader::new(sb.scene());
    let spring = Part {
        kind: PartKind::Spring,
        x: -3.0,
        y: 0.5,
        angle: 0.0,
    };
    sb.place_part(spring).unwrap();
    sb.start_puzzle();
    sb.step(30);
    // The watcher reports a save; the reloader runs the file (load 1).
    std::fs::write(&path, format!("{LEVEL_V2}print('loaded v2')\n")).unwrap();
    let change = Change {
        paths: vec![path.clone()],
        first_event: Instant::now(),
        settled: Instant::now(),
    };
    let (_, attempt) = r.handle(&change, sb.scene(), sb.options());
    // The file changes on disk before the new version takes over: a second
    // load would run this one.
    std::fs::write(&path, format!("{LEVEL_V3}print('loaded v3')\n")).unwrap();
    apply(&mut sb, attempt.expect("a reload attempt"));
    assert!(sb.error().is_none(), "{:?}", sb.error());
    assert_eq!(
        sb.scene().console(),
        vec!["loaded v2".to_string()],
        "the scene that runs is the one the reloader loaded, run once"
    );
    assert_eq!(body(&sb, "target").0.x, 8.0);
    let p = sb.build_mode().expect("still a puzzle").puzzle();
    assert!(p.is_building(), "back in build mode");
    assert_eq!(p.parts().len(), 1, "with the player's part placed again");
    assert_eq!(
        sb.scene().world().step_count(),
        0,
        "from the authored layout"
    );
    assert!(
        sb.notice()
            .unwrap()
            .ends_with("— build mode, 1 part placed again"),
        "{:?}",
        sb.notice()
    );
}

#[test]
fn plots_read_on_through_a_keep_state_reload_and_start_empty_on_restart() {
    let dir = temp_dir("plots");
    let path = dir.join("scene.lua");
    let scene = |colour: &str| {
        format!(
            "ball = circle {{ name = 'ball', x = 0, y = 3, r = 0.5, color = '{colour}' }}\n\
             function update() plot('height', ball.y) end\n"
        )
    };
    std::fs::write(&path, scene("#ff0000")).unwrap();
    let mut sb = Sandbox::open(&path, &SceneOptions::default(), 400, 300).unwrap();
    let mut r = Reloader::new(sb.scene());
    for _ in 0..20 {
        sb.advance(1.0 / 60.0);
    }
    let before = sb.scene().sim().plots()[0].1.len();
    assert!(before >= 15, "{before}");
    std::fs::write(&path, scene("#00ff00")).unwrap();
    reload(&mut sb, &mut r, &path);
    let after = sb.scene().sim().plots()[0].1.clone();
    assert_eq!(after.len(), before, "the series reads on");
    for _ in 0..10 {
        sb.advance(1.0 / 60.0);
    }
    let on = sb.scene().sim().plots()[0].1.clone();
    assert!(on.len() > before, "{} samples", on.len());
    assert!(
        on.windows(2).all(|w| w[0].step < w[1].step),
        "one series, in step order"
    );
    // Restart: the new run's series only.
    sb.set_reload_mode(ReloadMode::Restart);
    std::fs::write(&path, scene("#0000ff")).unwrap();
    reload(&mut sb, &mut r, &path);
    assert!(sb.scene().sim().plots().iter().all(|(_, s)| s.is_empty()));
}

/// What README's "What the timeline spans" says: a keep-state reload starts
/// the timeline again at the reload (its mark at the strip's left edge,
/// Home goes there); the run goes on from there.
#[test]
fn a_keep_state_reload_starts_the_timeline_at_the_reload() {
    let (mut sb, mut r, path) = open("timeline");
    for _ in 0..40 {
        sb.advance(1.0 / 60.0);
    }
    let at = sb.scene().world().step_count();
    assert_eq!(sb.timeline().span(), (0, at));
    std::fs::write(&path, V2).unwrap();
    reload(&mut sb, &mut r, &path);
    assert_eq!(sb.timeline().span(), (at, at));
    assert!(sb.timeline().reloads().contains(&at));
    for _ in 0..20 {
        sb.advance(1.0 / 60.0);
    }
    let end = sb.scene().world().step_count();
    sb.seek(0);
    assert_eq!(sb.scene().world().step_count(), at, "Home goes to the save");
    sb.seek(end);
    assert_eq!(sb.scene().world().step_count(), end);
}

/// A reload in build mode that leaves a placed part overlapping the new
/// layout says why in the window's reload message (it went to stdout
/// only; the toast said "0 parts placed again").
#[test]
fn a_part_that_cannot_go_back_after_a_reload_says_why_in_the_window() {
    use physbox::app::puzzle::parts::{Part, PartKind};
    let level = "tools { box = 1 }\nbox { x = 0, y = -0.5, w = 40, h = 1, static = true }\n";
    let (mut sb, mut r, path) = open_reloading("part-refused", level, 400, 300);
    sb.place_part(Part {
        kind: PartKind::Box,
        x: 2.0,
        y: 2.0,
        angle: 0.0,
    })
    .unwrap();
    let wall =
        format!("{level}box {{ name = 'wall', x = 2, y = 2, w = 1, h = 3, static = true }}\n");
    std::fs::write(&path, wall).unwrap();
    reload_now(&mut sb, &mut r, &path);
    let p = sb.build_mode().expect("still a puzzle").puzzle();
    assert!(p.parts().is_empty());
    let notice = sb.notice().unwrap();
    assert!(
        notice.contains("0 parts placed again; a part could not go back: a box at (2.00, 2.00) would overlap 'wall'"),
        "{notice}"
    );
}

/// A rope's masses are the file's: a keep-state reload matches them with
/// the new version's (they were carried over beside the new rope, 17 more
/// bodies a save, and the new rope, straight as the file draws it, threw
/// the live weight up from 1 m to 8 m). A rope a callback makes is live
/// state and is still carried over.
#[test]
fn keep_state_keeps_a_swinging_rope_as_it_is() {
    let dir = temp_dir("rope");
    let path = dir.join("scene.lua");
    let src = r#"
local post = box { x = 0, y = 5, w = 0.2, h = 0.2, static = true }
local w = circle { x = 4, y = 5, r = 0.3, mass = 5, name = "weight" }
rope { from = {0, 5}, to = {4, 5}, segments = 16, mass = 0.2, a = post, b = w }
"#;
    std::fs::write(&path, src).unwrap();
    let mut sb = Sandbox::open(&path, &SceneOptions::default(), 400, 300).unwrap();
    let mut r = Reloader::new(sb.scene());
    sb.step(40);
    let count = sb.scene().world().body_count();
    assert_eq!(count, 19, "post, weight, 17 rope masses");
    let before = body(&sb, "weight");
    let energy = sb.scene().world().energy();
    std::fs::write(&path, format!("{src}-- a comment\n")).unwrap();
    reload(&mut sb, &mut r, &path);
    let toast = sb.notice().unwrap().to_string();
    assert!(
        toast.ends_with("kept 19, moved 0, new 0, removed 0"),
        "{toast}"
    );
    assert_eq!(sb.scene().world().body_count(), count);
    assert_eq!(body(&sb, "weight"), before, "the weight where it was");
    sb.step(30);
    let after = sb.scene().world().energy();
    assert!(
        (after - energy).abs() < 0.02 * energy.abs(),
        "energy {energy} -> {after}"
    );
    assert!(
        body(&sb, "weight").0.y < 5.0,
        "not thrown above its release"
    );

    // Made by a callback: carried over, and not matched with the file's.
    let live = format!(
        "{src}function update() if world.steps == {} then rope {{ from = {{-3, 6}}, to = {{-1, 6}}, segments = 4 }} end end\n",
        sb.scene().world().step_count() + 2
    );
    std::fs::write(&path, &live).unwrap();
    reload(&mut sb, &mut r, &path);
    sb.step(5);
    assert_eq!(sb.scene().world().body_count(), count + 5);
    std::fs::write(&path, format!("{live}-- again\n")).unwrap();
    reload(&mut sb, &mut r, &path);
    let toast = sb.notice().unwrap().to_string();
    assert!(
        toast.ends_with("kept 19, moved 0, new 0, removed 0, carried over 5"),
        "{toast}"
    );
    assert_eq!(sb.scene().world().body_count(), count + 5);
}

/// A save caught half way, the file truncated and the rest still to come:
/// the empty file is refused like a broken save (loaded, it would remove
/// every body and the rest of the save would bring them back from the
/// file, live state lost).
#[test]
fn an_emptied_scene_file_is_a_save_still_being_written() {
    let (mut sb, mut r, path) = open("emptied");
    sb.step(30);
    let ball = body(&sb, "ball");
    std::fs::write(&path, "").unwrap();
    reload(&mut sb, &mut r, &path);
    let err = sb.error().map(str::to_string).expect("error on screen");
    assert!(err.contains("scene.lua:1: the file is empty"), "{err}");
    assert_eq!(
        sb.scene().world().body_count(),
        3,
        "still the first version"
    );
    assert_eq!(body(&sb, "ball"), ball);
    std::fs::write(&path, V1).unwrap();
    reload(&mut sb, &mut r, &path);
    assert!(sb.error().is_none());
    let toast = sb.notice().unwrap().to_string();
    assert!(
        toast.contains("kept 3, moved 0, new 0, removed 0"),
        "{toast}"
    );
    assert_eq!(body(&sb, "ball"), ball, "live state kept");
}
