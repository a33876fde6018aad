//! The window's behaviour without a window: the sandbox is driven with
//! synthetic input and real-time steps, exactly as the frame loop does.

mod common;
use common::{frame, open, press, temp_dir};

use physbox::app::commands::snapshot;
use physbox::app::window::picture;
use physbox::app::window::tools::Spawn;
use physbox::app::window::{keys, sandbox::Sandbox};
use physbox::physics::{BodyType, Vec2};
use physbox::platform::Input;
use physbox::render::pixmap;
use physbox::script::SceneOptions;
use std::path::{Path, PathBuf};

const SCENE: &str = r##"
scene { camera = {0, 2, 10} }
box { x = 0, y = -0.5, w = 20, h = 1, static = true, name = "ground" }
ball = circle { x = 0, y = 3, r = 0.5, name = "ball" }
keys = {}
clicks = {}
function on_key(k, down) if down then keys[#keys + 1] = k; print("key " .. k) end end
function on_click(x, y, b) clicks[#clicks + 1] = b; print("click " .. b) end
function update(dt)
  if key_down("x") then print("x is down") end
end
"##;

fn ball_y(sb: &Sandbox) -> f64 {
    let w = sb.scene().world();
    let (_, b) = w
        .bodies()
        .find(|(_, b)| b.name.as_deref() == Some("ball"))
        .unwrap();
    b.xf.p.y
}

#[test]
fn real_time_steps_and_pause_stops_them() {
    let (mut sb, _) = open("pause", SCENE);
    frame(&mut sb, &Input::default(), 0.1);
    let steps = sb.scene().world().step_count();
    assert_eq!(steps, 6, "0.1 s at 60 Hz");
    frame(&mut sb, &press("space"), 0.1);
    assert!(sb.is_paused());
    let y = ball_y(&sb);
    for _ in 0..10 {
        frame(&mut sb, &Input::default(), 0.1);
    }
    assert_eq!(ball_y(&sb), y, "paused: nothing moves");
    frame(&mut sb, &press("period"), 0.0);
    assert_eq!(sb.scene().world().step_count(), steps + 1, "single step");
    assert!(ball_y(&sb) < y);
}

#[test]
fn slow_motion_and_fast_forward() {
    let (mut sb, _) = open("speed", SCENE);
    frame(&mut sb, &press("leftbracket"), 0.0);
    frame(&mut sb, &Input::default(), 0.2);
    assert_eq!(sb.scene().world().step_count(), 6, "half speed");
    frame(&mut sb, &press("rightbracket"), 0.0);
    frame(&mut sb, &press("rightbracket"), 0.0);
    frame(&mut sb, &Input::default(), 0.1);
    assert_eq!(sb.scene().world().step_count(), 6 + 12, "double speed");
}

#[test]
fn unused_keys_and_clicks_go_to_the_scene() {
    let (mut sb, _) = open("keys", SCENE);
    frame(&mut sb, &press("k"), 0.0);
    frame(&mut sb, &press("f1"), 0.0); // the app's: help
    assert!(sb.panels().help_shown());
    // A click on empty space (top left of the view) is the scene's.
    let click = Input {
        mouse: Some((5.0, 5.0)),
        left: true,
        ..Input::default()
    };
    frame(&mut sb, &click, 0.0);
    frame(
        &mut sb,
        &Input {
            mouse: Some((5.0, 5.0)),
            ..Input::default()
        },
        0.0,
    );
    // key_down sees held keys.
    frame(&mut sb, &press("x"), 1.0 / 60.0);
    let console = sb.scene().console();
    assert!(console.contains(&"key k".to_string()), "{console:?}");
    assert!(!console.iter().any(|l| l.contains("f1")), "{console:?}");
    assert!(console.contains(&"click left".to_string()), "{console:?}");
    assert!(console.iter().any(|l| l == "x is down"), "{console:?}");
}

#[test]
fn a_callback_error_pauses_and_shows_file_and_line() {
    let src = "function on_key(k, down)\n  error('boom ' .. k)\nend\n";
    let (mut sb, _) = open("error", src);
    frame(&mut sb, &press("q"), 0.0);
    let err = sb.error().map(str::to_string).expect("error shown");
    assert!(
        err.contains("scene.lua:2:") && err.contains("boom q"),
        "{err}"
    );
    assert!(sb.is_paused());
    // Drawing with the error overlay works (no panic), and R restarts.
    let mut pm = pixmap(400, 300);
    picture::draw(&mut sb, &mut pm);
    frame(&mut sb, &press("r"), 0.0);
    assert!(sb.error().is_none());
}

#[test]
fn a_world_past_its_contact_limit_pauses_with_the_error_and_stays_responsive() {
    // Issue 19 §2: an on_contact that makes a circle at one point on every
    // contact grows until the contact limit; the window shows the error and
    // pauses instead of freezing (or being killed for its memory).
    let src = "box { x = 0, y = -0.5, w = 60, h = 1, static = true }\n\
               circle { x = 0, y = 1, r = 1.5 }\n\
               function on_contact(a, b, c)\n  circle { x = 0, y = 0, r = 1.5 }\nend\n";
    let (mut sb, _) = open("contacts", src);
    let started = std::time::Instant::now();
    for _ in 0..120 {
        frame(&mut sb, &Input::default(), 1.0 / 60.0);
        if sb.error().is_some() {
            break;
        }
    }
    let err = sb.error().map(str::to_string).expect("error shown");
    assert!(
        err.contains("too many contacts") && err.contains("scene.lua:4"),
        "{err}"
    );
    assert!(sb.is_paused());
    // Still responsive: frames draw, a single step is refused again at once.
    let mut pm = pixmap(400, 300);
    picture::draw(&mut sb, &mut pm);
    sb.set_paused(false);
    frame(&mut sb, &Input::default(), 1.0 / 60.0);
    assert!(sb.is_paused() && sb.error().is_some());
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    frame(&mut sb, &press("r"), 0.0);
    assert!(sb.error().is_none(), "R restarts the scene");
}

#[test]
fn spawn_delete_toggle_and_drag_with_the_mouse() {
    let (mut sb, _) = open("tools", SCENE);
    sb.set_paused(true);
    let n0 = sb.scene().world().body_count();
    // Shift+click: a circle at the cursor (view centre = world (0, 2)).
    let at = Some((200.0, 150.0));
    let shift_click = Input {
        mouse: at,
        left: true,
        down: vec!["shift"],
        ..Input::default()
    };
    frame(&mut sb, &shift_click, 0.0);
    frame(
        &mut sb,
        &Input {
            mouse: at,
            ..Input::default()
        },
        0.0,
    );
    assert_eq!(sb.scene().world().body_count(), n0 + 1);
    let spawned = sb
        .body_at(Vec2::new(0.0, 2.0))
        .expect("spawned body under the cursor");
    // Middle click: static; again: dynamic.
    let middle = Input {
        mouse: at,
        middle: true,
        ..Input::default()
    };
    frame(&mut sb, &middle, 0.0);
    assert_eq!(
        sb.scene().world().body(spawned).unwrap().body_type,
        BodyType::Static
    );
    frame(
        &mut sb,
        &Input {
            mouse: at,
            ..Input::default()
        },
        0.0,
    );
    frame(&mut sb, &middle, 0.0);
    assert_eq!(
        sb.scene().world().body(spawned).unwrap().body_type,
        BodyType::Dynamic
    );
    // Paused drag moves the body with the cursor.
    let grab = Input {
        mouse: at,
        left: true,
        ..Input::default()
    };
    frame(
        &mut sb,
        &Input {
            mouse: at,
            ..Input::default()
        },
        0.0,
    );
    frame(&mut sb, &grab, 0.0);
    let moved = Input {
        mouse: Some((240.0, 150.0)),
        left: true,
        ..Input::default()
    };
    frame(&mut sb, &moved, 0.0);
    let x = sb.scene().world().body(spawned).unwrap().xf.p.x;
    assert!((x - 40.0 / 30.0).abs() < 1e-6, "moved to the cursor: {x}");
    // Running drag pulls toward the cursor.
    sb.set_paused(false);
    let far = Input {
        mouse: Some((340.0, 150.0)),
        left: true,
        ..Input::default()
    };
    for _ in 0..30 {
        frame(&mut sb, &far, 1.0 / 60.0);
    }
    let x = sb.scene().world().body(spawned).unwrap().xf.p.x;
    assert!(x > 3.0, "pulled toward x = 4.67: {x}");
    frame(
        &mut sb,
        &Input {
            mouse: Some((340.0, 150.0)),
            ..Input::default()
        },
        0.0,
    );
    // Delete under the cursor.
    let cursor = sb
        .camera()
        .to_screen(sb.scene().world().body(spawned).unwrap().xf.p);
    let del = Input {
        mouse: Some(cursor),
        pressed: vec!["delete"],
        down: vec!["delete"],
        ..Input::default()
    };
    frame(&mut sb, &del, 0.0);
    assert!(!sb.scene().world().is_alive(spawned));
    assert_eq!(sb.scene().world().body_count(), n0);
}

#[test]
fn wheel_zooms_at_the_cursor_and_right_drag_pans() {
    let (mut sb, _) = open("camera", SCENE);
    let before = sb.camera().to_world(100.0, 80.0);
    let scale = sb.camera().scale;
    frame(
        &mut sb,
        &Input {
            mouse: Some((100.0, 80.0)),
            wheel: 1.0,
            ..Input::default()
        },
        0.0,
    );
    assert!(sb.camera().scale > scale);
    assert!((sb.camera().to_world(100.0, 80.0) - before).length() < 1e-9);
    frame(
        &mut sb,
        &Input {
            mouse: Some((100.0, 80.0)),
            right: true,
            ..Input::default()
        },
        0.0,
    );
    frame(
        &mut sb,
        &Input {
            mouse: Some((150.0, 80.0)),
            right: true,
            ..Input::default()
        },
        0.0,
    );
    assert!(
        (sb.camera().to_world(150.0, 80.0) - before).length() < 1e-9,
        "the world follows the mouse"
    );
}

#[test]
fn screenshot_and_snapshot_keys_write_files_and_a_snapshot_continues_exactly() {
    let (mut sb, dir) = open("files", SCENE);
    for _ in 0..30 {
        frame(&mut sb, &Input::default(), 1.0 / 60.0);
    }
    let mut pm = pixmap(400, 300);
    picture::draw(&mut sb, &mut pm);
    keys::keys(&mut sb, &press("f12"), &pm);
    keys::keys(&mut sb, &press("f5"), &pm);
    let files: Vec<PathBuf> = std::fs::read_dir(dir.join("out"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let png = files
        .iter()
        .find(|p| p.extension().is_some_and(|e| e == "png"))
        .expect("a PNG");
    assert!(physbox::render::image::load_png(png).is_ok());
    let json = files
        .iter()
        .find(|p| p.extension().is_some_and(|e| e == "json"))
        .expect("a snapshot");
    // Carry on 100 steps; the snapshot, reopened, must end in the same state.
    sb.scene_mut().step(100).unwrap();
    let expected = sb.scene().world().state_hash();
    let mut again = snapshot::open(json, &SceneOptions::default()).unwrap();
    again.step(100).unwrap();
    assert_eq!(again.world().state_hash(), expected);
    let _ = Path::new(json);
}

#[test]
fn picker_lists_scenes_and_opens_one() {
    // Runs in the crate folder: scenes/ is there.
    let (mut sb, _) = open("picker", SCENE);
    frame(&mut sb, &press("tab"), 0.0);
    let picker = sb.panels().picker().expect("picker open");
    let target = picker.chosen().expect("a scene chosen").to_path_buf();
    frame(&mut sb, &press("enter"), 0.0);
    assert!(sb.panels().picker().is_none());
    assert_eq!(sb.opened(), target);
}

#[test]
fn a_scene_that_fails_to_load_opens_empty_with_its_error_and_r_retries() {
    let dir = temp_dir("broken");
    let path = dir.join("scene.lua");
    std::fs::write(&path, "box { x = 0, y = 0, w = -1, h = 1 }\n").unwrap();
    let err = Sandbox::open(&path, &SceneOptions::default(), 400, 300)
        .err()
        .unwrap();
    let mut sb = Sandbox::broken(&path, &SceneOptions::default(), err, 400, 300).unwrap();
    let shown = sb.error().map(str::to_string).unwrap();
    assert!(shown.contains("scene.lua:1:"), "{shown}");
    assert_eq!(sb.scene().world().body_count(), 0);
    std::fs::write(&path, "box { x = 0, y = 0, w = 1, h = 1 }\n").unwrap();
    frame(&mut sb, &press("r"), 0.0);
    assert!(sb.error().is_none());
    assert_eq!(sb.scene().world().body_count(), 1);
}

#[test]
fn a_puzzle_limits_what_the_player_places() {
    let src = "tools { circle = 1 }\nbox { x = 0, y = -0.5, w = 20, h = 1, static = true }\n";
    let (mut sb, _) = open("puzzle", src);
    let n0 = sb.scene().world().body_count();
    for (x, ctrl) in [(100.0, false), (150.0, false), (200.0, true)] {
        let at = Some((x, 60.0));
        let held = if ctrl { "ctrl" } else { "shift" };
        frame(
            &mut sb,
            &Input {
                mouse: at,
                left: true,
                down: vec![held],
                ..Input::default()
            },
            0.0,
        );
        frame(
            &mut sb,
            &Input {
                mouse: at,
                ..Input::default()
            },
            0.0,
        );
    }
    assert_eq!(
        sb.scene().world().body_count(),
        n0 + 1,
        "one circle, no second, no box"
    );
    assert_eq!(sb.spawns_left(Spawn::Circle), Some(0));
}

#[test]
fn extreme_zoom_and_tiny_windows_draw_without_trouble() {
    let (mut sb, _) = open("zoom", SCENE);
    for (notches, size) in [
        (60.0, (400, 300)),
        (-150.0, (400, 300)),
        (40.0, (1, 1)),
        (0.0, (3, 700)),
    ] {
        for _ in 0..5 {
            let input = Input {
                mouse: Some((10.0, 10.0)),
                wheel: notches / 5.0,
                ..Input::default()
            };
            frame(&mut sb, &input, 1.0 / 60.0);
        }
        let mut pm = pixmap(size.0, size.1);
        picture::draw(&mut sb, &mut pm);
        assert!(sb.camera().scale.is_finite() && sb.camera().scale > 0.0);
    }
}

#[test]
fn after_a_win_enter_opens_the_next_scene() {
    let (mut sb, dir) = open(
        "next",
        "next_scene('two.lua')\nfunction update() if world.steps == 3 then win('done') end end\n",
    );
    std::fs::write(dir.join("two.lua"), "box { x = 0, y = 0, w = 1, h = 1 }\n").unwrap();
    frame(&mut sb, &press("enter"), 0.0);
    assert!(
        sb.opened().ends_with("scene.lua"),
        "not won yet: Enter is the scene's"
    );
    frame(&mut sb, &Input::default(), 0.1);
    assert!(sb.scene().outcome().is_some());
    frame(&mut sb, &press("enter"), 0.0);
    assert!(
        sb.opened().ends_with("two.lua"),
        "{}",
        sb.opened().display()
    );
    assert_eq!(sb.scene().world().body_count(), 1);
}

/// The keys of README.md's key table, as the help writes them.
fn readme_keys() -> Vec<String> {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let table = readme
        .split("| key | does |")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap();
    let mut keys = Vec::new();
    for row in table.lines().skip(2) {
        let cell = row.split('|').nth(1).unwrap().trim();
        // "Q / E (puzzle build mode)": the keys, not the note.
        let cell = cell.split(" (").next().unwrap().replace('`', "");
        for k in cell
            .split([' ', ',', '/'])
            .filter(|k| !k.is_empty() && *k != "or")
        {
            keys.push(if k == "Backspace" {
                "Bksp".into()
            } else {
                k.to_string()
            });
        }
    }
    keys
}

/// F1 in a 1280 × 720 and a 960 × 600 window, on a plain scene and on
/// puzzle level 4 (it takes Space): every line of the help is inside the
/// window, below the HUD, above the timeline strip and its line, no line
/// covers another (a key column too narrow ran into the text), and every
/// key of the README's table is listed.
#[test]
fn the_help_fits_between_the_hud_and_the_strip_and_lists_every_key() {
    use physbox::app::window::hud::lay_out;
    use physbox::app::window::timeline_strip::{self, LABEL_HEIGHT};
    let wanted = readme_keys();
    assert!(wanted.len() > 30, "{wanted:?}");
    let out = temp_dir("help");
    for scene in ["scenes/gallery.lua", "scenes/puzzles/04_timing.lua"] {
        for (w, h) in [(1280u32, 720u32), (960, 600)] {
            let mut sb = Sandbox::open(Path::new(scene), &SceneOptions::default(), w, h).unwrap();
            frame(&mut sb, &Input::default(), 0.5);
            frame(&mut sb, &press("f1"), 0.0);
            let (wf, hf) = (w as f32, h as f32);
            let s = lay_out(&mut sb, wf, hf);
            let help = s.help.expect("F1 shows the help");
            let hud = s.placed.hud.unwrap();
            let strip = timeline_strip::place(wf, hf);
            assert_eq!(help.left_out, 0, "{scene} {w}x{h}");
            for (i, p) in help.pieces.iter().enumerate() {
                let r = p.at;
                let at = format!("{scene} {w}x{h}: '{}' {r:?}", p.text);
                assert!(r.x >= 0.0 && r.right() <= wf && r.y >= 0.0, "{at}");
                assert!(!r.overlaps(&hud), "{at} over the HUD {hud:?}");
                assert!(r.bottom() <= strip.y - LABEL_HEIGHT, "{at} under the strip");
                for q in &help.pieces[i + 1..] {
                    assert!(!r.overlaps(&q.at), "{at} overlaps '{}' {:?}", q.text, q.at);
                }
            }
            let keys: Vec<&str> = help
                .pieces
                .iter()
                .filter(|p| p.key)
                .flat_map(|p| p.text.split(' '))
                .collect();
            for k in &wanted {
                // A key the scene takes shows as its alternative.
                let alt = match k.as_str() {
                    "Space" => "P".to_string(),
                    _ => format!("Ctrl+{k}"),
                };
                assert!(
                    keys.contains(&k.as_str()) || keys.contains(&alt.as_str()),
                    "{scene} {w}x{h}: no '{k}' in {keys:?}"
                );
            }
            let mut pm = pixmap(w, h);
            picture::draw(&mut sb, &mut pm);
            let name = Path::new(scene).file_stem().unwrap().to_string_lossy();
            let png = out.join(format!("help-{name}-{w}x{h}.png"));
            physbox::render::image::save_png(&pm, &png).unwrap();
            eprintln!("picture: {}", png.display());
        }
    }
}

/// The full HUD says where a step's time goes: the whole step and its
/// physics on one line, the physics stages (smoothed) on the next; the
/// difference is what Lua and the timeline took.
#[test]
fn the_hud_splits_the_step_into_physics_stages_and_lua() {
    let (mut sb, _dir) = open("hud_physics", common::BUSY_LUA_PIT);
    for _ in 0..60 {
        sb.advance(1.0 / 60.0);
    }
    let lines = physbox::app::window::hud::status_lines(&sb);
    let find = |start: &str| -> String {
        lines
            .iter()
            .map(|(t, _)| t.as_str())
            .find(|t| t.starts_with(start))
            .unwrap_or_else(|| panic!("no '{start}' line in {lines:?}"))
            .to_string()
    };
    let value = |text: &str, label: &str| -> f64 {
        let at = text.find(&format!("{label} ")).unwrap() + label.len() + 1;
        let word = text[at..].split_whitespace().next().unwrap();
        word.trim_end_matches(')').parse().unwrap()
    };
    let times = find("t ");
    let stages = find("physics:");
    let (step, physics) = (value(&times, "step"), value(&times, "(physics"));
    let parts: f64 = ["collide", "islands", "prepare", "solve", "move"]
        .iter()
        .map(|l| value(&stages, l))
        .sum();
    assert!(
        physics > 0.0 && value(&stages, "collide") > 0.0,
        "{times} / {stages}"
    );
    assert!(
        (parts - physics).abs() <= 0.1 * physics + 0.005,
        "{times} / {stages}"
    );
    // 20,000 sines a step in Lua cost more than 60 balls' physics.
    assert!(step - physics > physics, "{times}");
    // Both lines fit a 960-pixel window's HUD (about 105 characters).
    assert!(
        times.len() < 100 && stages.len() < 100,
        "{times} / {stages}"
    );
}
