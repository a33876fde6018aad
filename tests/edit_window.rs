//! The window's edit mode, driven as the window drives it (keys and mouse
//! frames on a `Sandbox`): Ctrl+E pauses and says so, a drag rewrites the
//! body's `x`, `y` in the file (that line only) and the reload shows it,
//! Ctrl+Z restores the file byte for byte and Ctrl+Shift+Z writes the edit
//! again, Q turns, a drag on empty space appends a box line, computed
//! arguments and files changed on disk are refused with the file untouched,
//! and O starts the editor at the selected body's line.

mod common;
use common::{frame, left_path, open_reloading, reload_now};

use physbox::app::reload::reloader::Reloader;
use physbox::app::window::sandbox::Sandbox;
use physbox::physics::{BodyId, Vec2};
use physbox::platform::Input;
use std::path::{Path, PathBuf};

const SCENE: &str = r#"scene { camera = {0, 2, 12} }
-- the floor
box { x = 0, y = -0.5, w = 20, h = 1, static = true }
local k = 2
box { name = "crate", x = -3, y = 1,   w = 1, h = 1 }  -- move me
box { name = "calc", x = k * 1.5, y = 1, w = 1, h = 1 }
"#;

fn open(name: &str) -> (Sandbox, Reloader, PathBuf) {
    open_reloading(name, SCENE, 800, 600)
}

fn reload(sb: &mut Sandbox, r: &mut Reloader, path: &Path) {
    reload_now(sb, r, path)
}

fn keys(sb: &mut Sandbox, pressed: &'static str, down: &[&'static str]) {
    let mut all = down.to_vec();
    all.push(pressed);
    frame(
        sb,
        &Input {
            pressed: vec![pressed],
            down: all,
            ..Input::default()
        },
        0.0,
    );
}

fn named(sb: &Sandbox, name: &str) -> (BodyId, Vec2, f64) {
    let w = sb.scene().world();
    let (id, b) = w
        .bodies()
        .find(|(_, b)| b.name.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no body {name}"));
    (id, b.xf.p, b.xf.q.angle())
}

fn screen(sb: &Sandbox, p: Vec2) -> (f32, f32) {
    sb.camera().to_screen(p)
}

/// Drag with the left button from world point `a` by (dx, dy) pixels.
fn drag(sb: &mut Sandbox, a: Vec2, dx: f32, dy: f32) {
    let (x, y) = screen(sb, a);
    let b = (x + dx, y + dy);
    left_path(
        sb,
        &[
            ((x, y), false),
            ((x, y), true),
            (((x + b.0) / 2.0, (y + b.1) / 2.0), true),
            (b, true),
            (b, false),
        ],
    );
}

fn notice(sb: &Sandbox) -> String {
    sb.notice().unwrap_or_default().to_string()
}

#[test]
fn drag_writes_the_line_reload_shows_it_and_undo_restores_the_file() {
    let (mut sb, mut r, path) = open("drag");
    keys(&mut sb, "e", &["ctrl"]);
    assert!(sb.in_edit_mode() && sb.is_paused());
    let (_, at, _) = named(&sb, "crate");
    drag(&mut sb, at, 60.0, -30.0);
    let edited = std::fs::read_to_string(&path).unwrap();
    let (_, moved_to, _) = named(&sb, "crate");
    assert!((moved_to - at).length() > 1.0, "the crate moved on screen");
    // Only the crate's line changed, and only its x and y literals.
    let changed: Vec<(&str, &str)> = SCENE
        .lines()
        .zip(edited.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(changed.len(), 1, "{edited}");
    let want = format!(
        "box {{ name = \"crate\", x = {}, y = {},   w = 1, h = 1 }}  -- move me",
        round(moved_to.x),
        round(moved_to.y)
    );
    assert_eq!(changed[0].1, want);
    assert!(notice(&sb).contains("x = -3 →"), "{}", notice(&sb));

    // The reload loads the file: the crate is where the file says.
    reload(&mut sb, &mut r, &path);
    let (_, p, _) = named(&sb, "crate");
    assert!((p.x - round(moved_to.x).parse::<f64>().unwrap()).abs() < 1e-9);
    assert!(sb.in_edit_mode(), "a reload keeps edit mode");

    // Ctrl+Z: the file as it was, byte for byte; Ctrl+Shift+Z: again.
    keys(&mut sb, "z", &["ctrl"]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), SCENE);
    reload(&mut sb, &mut r, &path);
    assert_eq!(named(&sb, "crate").1, Vec2::new(-3.0, 1.0));
    keys(&mut sb, "z", &["ctrl", "shift"]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), edited);
    reload(&mut sb, &mut r, &path);

    // Q turns the selected crate by 15°, written as its angle.
    let (id, p, _) = named(&sb, "crate");
    sb.select(Some(id));
    let _ = p;
    keys(&mut sb, "q", &[]);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("h = 1, angle = 0.262 }  -- move me"),
        "{text}"
    );
    reload(&mut sb, &mut r, &path);
    assert!((named(&sb, "crate").2 - 0.262).abs() < 1e-9);

    // Ctrl+E leaves: the world runs again.
    keys(&mut sb, "e", &["ctrl"]);
    assert!(!sb.in_edit_mode() && !sb.is_paused());
}

fn round(v: f64) -> String {
    physbox::app::edit::rewrite::number(v, 2)
}

#[test]
fn drawing_a_box_appends_a_line_and_the_reload_makes_it() {
    let (mut sb, mut r, path) = open("draw");
    keys(&mut sb, "e", &["ctrl"]);
    let n = sb.scene().world().body_count();
    drag(&mut sb, Vec2::new(2.0, 5.0), 40.0, 20.0);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with(SCENE), "the file above is kept");
    let added = &text[SCENE.len()..];
    assert!(
        added.starts_with("\n-- added from the physbox window (edit mode) --\nbox { x = "),
        "{added}"
    );
    assert_eq!(added.lines().count(), 3, "{added}");
    reload(&mut sb, &mut r, &path);
    assert_eq!(sb.scene().world().body_count(), n + 1);
    // Shift+drag: a circle, in the same block.
    let (x, y) = screen(&sb, Vec2::new(-6.0, 6.0));
    let shift = |m, left| Input {
        mouse: Some(m),
        left,
        down: vec!["shift"],
        ..Input::default()
    };
    for (m, left) in [
        ((x, y), false),
        ((x, y), true),
        ((x + 30.0, y), true),
        ((x + 30.0, y), false),
    ] {
        frame(&mut sb, &shift(m, left), 0.0);
    }
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches("-- added from the physbox window").count(), 1);
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("circle { x = -6, y = 6, r = "),
        "{text}"
    );
}

#[test]
fn computed_arguments_edits_before_the_reload_and_changed_files_are_refused() {
    let (mut sb, mut r, path) = open("refusals");
    keys(&mut sb, "e", &["ctrl"]);
    let (_, at, _) = named(&sb, "calc");
    drag(&mut sb, at, 40.0, 0.0);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), SCENE);
    let shown = physbox::script::scene::shown_path(&path);
    assert_eq!(
        notice(&sb),
        format!("x is computed at {shown}:6 — edit the file")
    );
    assert_eq!(named(&sb, "calc").1, at, "the refused move is taken back");

    // A second edit before the first is reloaded waits.
    let (_, crate_at, _) = named(&sb, "crate");
    drag(&mut sb, crate_at, 40.0, 0.0);
    let once = std::fs::read_to_string(&path).unwrap();
    assert_ne!(once, SCENE);
    let (_, now, _) = named(&sb, "crate");
    drag(&mut sb, now, 40.0, 0.0);
    assert!(notice(&sb).contains("still reloading"), "{}", notice(&sb));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), once);
    reload(&mut sb, &mut r, &path);

    // Someone else saved the file, and the reload has not come yet.
    let theirs = once.replace("-- move me", "-- their comment");
    std::fs::write(&path, &theirs).unwrap();
    let (_, now, _) = named(&sb, "crate");
    drag(&mut sb, now, 40.0, 0.0);
    assert!(notice(&sb).contains("changed on disk"), "{}", notice(&sb));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs);
    // Undo refuses too rather than overwrite their save.
    keys(&mut sb, "z", &["ctrl"]);
    assert!(notice(&sb).contains("changed on disk"), "{}", notice(&sb));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs);
}

#[test]
fn o_opens_the_editor_at_the_selected_bodys_line() {
    let (mut sb, _r, path) = open("editor");
    let dir = path.parent().unwrap();
    let record = common::fake_editor(dir);
    let (id, _, _) = named(&sb, "crate");
    sb.select(Some(id));
    keys(&mut sb, "o", &[]);
    let shown = physbox::script::scene::shown_path(&path);
    let got = common::editor_opened(&record);
    assert_eq!(got.trim(), format!("{shown} 5"));
    assert!(
        notice(&sb).starts_with(&format!("opened {shown}:5")),
        "{}",
        notice(&sb)
    );
}

/// Window point of the inspector row that edits `key`, where it is drawn.
fn inspector_row(sb: &mut Sandbox, key: &str) -> (f32, f32) {
    let size = (sb.camera().width as f32, sb.camera().height as f32);
    physbox::app::window::inspector_rows::row_of(sb, size, key)
        .unwrap_or_else(|| panic!("no {key} row in the inspector"))
}

fn wheel(sb: &mut Sandbox, at: (f32, f32), notches: f32) {
    frame(
        sb,
        &Input {
            mouse: Some(at),
            wheel: notches,
            ..Input::default()
        },
        0.0,
    );
}

#[test]
fn the_wheel_on_inspector_rows_writes_friction_colour_and_mass() {
    let (mut sb, mut r, path) = open("inspector");
    keys(&mut sb, "e", &["ctrl"]);
    let (id, _, _) = named(&sb, "crate");
    sb.select(Some(id));
    let at = inspector_row(&mut sb, "friction");
    wheel(&mut sb, at, 1.0);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("w = 1, h = 1, friction = 0.65 }  -- move me"),
        "{text}"
    );
    reload(&mut sb, &mut r, &path);
    let (id, _, _) = named(&sb, "crate");
    sb.select(Some(id));
    let at = inspector_row(&mut sb, "color");
    wheel(&mut sb, at, 1.0);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("friction = 0.65, color = \"red\" }"),
        "{text}"
    );
    reload(&mut sb, &mut r, &path);
    let (id, _, _) = named(&sb, "crate");
    sb.select(Some(id));
    let at = inspector_row(&mut sb, "mass");
    wheel(&mut sb, at, -1.0);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("color = \"red\", mass = 0.909 }"), "{text}");
    // The camera did not zoom: the wheel went to the rows.
    reload(&mut sb, &mut r, &path);
    let m = sb.scene().world().body(named(&sb, "crate").0).unwrap().mass;
    assert!((m - 0.909).abs() < 1e-9, "{m}");
}

/// Click the palette's `name` button.
fn pick(sb: &mut Sandbox, name: &str) {
    use physbox::app::window::palette::{layout, TOOLS};
    let (w, h) = (sb.camera().width as f32, sb.camera().height as f32);
    let i = TOOLS.iter().position(|t| t.name() == name).unwrap();
    let (x, y, bw, bh) = layout(sb, w, h)[i];
    let c = (x + bw / 2.0, y + bh / 2.0);
    left_path(sb, &[(c, false), (c, true), (c, false)]);
    assert_eq!(notice(sb), format!("tool: {name}"));
}

#[test]
fn a_spring_dragged_between_bodies_names_the_floor_and_undoes_as_one_edit() {
    let (mut sb, mut r, path) = open("join");
    keys(&mut sb, "e", &["ctrl"]);
    pick(&mut sb, "spring");
    let joints = sb.scene().world().joint_count();
    // From the crate down to the floor (unnamed: it gets a name).
    let (_, at, _) = named(&sb, "crate");
    let (x, y) = screen(&sb, at);
    let (fx, fy) = screen(&sb, Vec2::new(-3.0, -0.5));
    left_path(
        &mut sb,
        &[
            ((x, y), false),
            ((x, y), true),
            ((fx, fy), true),
            ((fx, fy), false),
        ],
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("box { x = 0, y = -0.5, w = 20, h = 1, static = true, name = \"box1\" }\n"),
        "{text}"
    );
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with(
            "spring { a = world:find(\"crate\"), b = world:find(\"box1\"), anchor_a = {"
        ) && last.ends_with("k = 50, damping = 1 }"),
        "{last}"
    );
    reload(&mut sb, &mut r, &path);
    assert_eq!(sb.error(), None);
    assert_eq!(sb.scene().world().joint_count(), joints + 1);
    // One Ctrl+Z takes back the name and the line together.
    keys(&mut sb, "z", &["ctrl"]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), SCENE);
    reload(&mut sb, &mut r, &path);
    assert_eq!(sb.scene().world().joint_count(), joints);
    // A joint must start on a body.
    let (ex, ey) = screen(&sb, Vec2::new(0.0, 6.0));
    left_path(
        &mut sb,
        &[
            ((ex, ey), false),
            ((ex, ey), true),
            ((ex + 30.0, ey), true),
            ((ex + 30.0, ey), false),
        ],
    );
    assert!(notice(&sb).contains("starts on a body"), "{}", notice(&sb));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), SCENE);
}

#[test]
fn a_polygon_is_clicked_corner_by_corner_and_enter_closes_it() {
    let (mut sb, mut r, path) = open("polygon");
    keys(&mut sb, "e", &["ctrl"]);
    pick(&mut sb, "polygon");
    for p in [
        Vec2::new(-1.0, 5.0),
        Vec2::new(1.0, 5.0),
        Vec2::new(0.0, 6.5),
    ] {
        let c = screen(&sb, p);
        left_path(&mut sb, &[(c, false), (c, true), (c, false)]);
    }
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        SCENE,
        "nothing before Enter"
    );
    keys(&mut sb, "enter", &[]);
    let text = std::fs::read_to_string(&path).unwrap();
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("polygon { x = "), "{last}");
    assert!(last.contains("points = {{"), "{last}");
    let n = sb.scene().world().body_count();
    reload(&mut sb, &mut r, &path);
    assert_eq!(sb.error(), None);
    assert_eq!(sb.scene().world().body_count(), n + 1);
}

/// The window's whole picture, as the frame loop draws it.
fn picture(sb: &mut Sandbox) -> physbox::render::Pixmap {
    let (w, h) = (sb.camera().width, sb.camera().height);
    let mut pm = physbox::render::pixmap(w, h);
    physbox::app::window::picture::draw(sb, &mut pm);
    pm
}

/// The middle heights of the bands of text drawn in the inspector's blue
/// (its editable rows), found in the picture's pixels.
fn blue_rows(pm: &physbox::render::Pixmap) -> Vec<f32> {
    let (w, h) = (pm.width() as usize, pm.height() as usize);
    let blue = |y: usize| {
        (w / 2..w).any(|x| {
            let c = pm.pixels()[y * w + x].demultiply();
            (0x90..=0xa8).contains(&c.red())
                && (0xd4..=0xec).contains(&c.green())
                && c.blue() >= 0xf0
        })
    };
    // Rows with blue pixels, gaps of a few pixels (inside a line of
    // text) closed: one band per line.
    let ys: Vec<usize> = (0..h / 2).filter(|&y| blue(y)).collect();
    let mut bands: Vec<(usize, usize)> = Vec::new();
    for y in ys {
        match bands.last_mut() {
            Some(b) if y - b.1 <= 4 => b.1 = y,
            _ => bands.push((y, y)),
        }
    }
    bands
        .into_iter()
        .map(|(a, b)| (a + b) as f32 / 2.0)
        .collect()
}

#[test]
fn the_wheel_hits_the_inspector_rows_where_a_1280_window_draws_them() {
    // The edit-mode HUD is wide: the inspector goes below it, and the
    // hit test must follow (it used to assume the window's top edge).
    let (mut sb, mut r, path) = open_reloading("inspector_drawn", SCENE, 1280, 720);
    keys(&mut sb, "e", &["ctrl"]);
    for (key, want) in [
        ("mass", "mass = 1.1 }"),
        ("friction", "friction = 0.65 }"),
        ("restitution", "restitution = 0.05 }"),
        ("color", "color = \"red\" }"),
    ] {
        let (id, _, _) = named(&sb, "crate");
        sb.select(Some(id));
        let pm = picture(&mut sb);
        let rows = blue_rows(&pm);
        assert_eq!(rows.len(), 4, "four blue rows drawn: {rows:?}");
        let i = ["mass", "friction", "restitution", "color"]
            .iter()
            .position(|k| *k == key)
            .unwrap();
        let x = inspector_row(&mut sb, key).0;
        let zoom = sb.camera().scale;
        let before = std::fs::read_to_string(&path).unwrap();
        wheel(&mut sb, (x, rows[i]), 1.0);
        let text = std::fs::read_to_string(&path).unwrap();
        let changed: Vec<&str> = before
            .lines()
            .zip(text.lines())
            .filter(|(a, b)| a != b)
            .map(|(_, b)| b)
            .collect();
        assert_eq!(changed.len(), 1, "{key}: {} {rows:?}\n{text}", notice(&sb));
        assert!(
            changed[0].ends_with(&format!("{want}  -- move me")),
            "{key}: {}",
            changed[0]
        );
        assert!(notice(&sb).starts_with("edit: "), "{}", notice(&sb));
        assert!(
            notice(&sb).contains(&format!(": {key} = ")),
            "{key}: {}",
            notice(&sb)
        );
        assert_eq!(sb.camera().scale, zoom, "the wheel did not zoom");
        // Back to the file as it was, for the next row.
        reload(&mut sb, &mut r, &path);
        keys(&mut sb, "z", &["ctrl"]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), SCENE);
        reload(&mut sb, &mut r, &path);
    }
    // With the HUD off the inspector is not drawn, and the wheel zooms.
    keys(&mut sb, "f8", &[]);
    keys(&mut sb, "f8", &[]);
    let (id, _, _) = named(&sb, "crate");
    sb.select(Some(id));
    assert_eq!(blue_rows(&picture(&mut sb)), Vec::<f32>::new());
    let zoom = sb.camera().scale;
    wheel(&mut sb, (1200.0, 60.0), 1.0);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), SCENE);
    assert_ne!(sb.camera().scale, zoom);
}

/// A scene whose bodies end up away from where the file makes them: the
/// sun falls from y = 2 onto the floor, the plank from a tilt of 0.5 rad.
const FALLEN: &str = r#"box { x = 0, y = -0.5, w = 20, h = 1, static = true }
circle { name = "sun", x = 0, y = 2, r = 0.75 }
box { name = "plank", x = -4, y = 3, w = 2, h = 0.5, angle = 0.5 }
"#;

#[test]
fn joints_drawn_between_moved_bodies_hold_the_clicked_points_after_the_reload() {
    use physbox::app::edit::join::{append_joint, End, JointTool};
    use physbox::script::{Scene, SceneOptions};
    let path = common::temp_dir("fallen").join("scene.lua");
    std::fs::write(&path, FALLEN).unwrap();
    let mut scene = Scene::load(&path, &SceneOptions::default()).unwrap();
    scene.step(300).unwrap();
    let body = |scene: &Scene, name: &str| {
        let w = scene.world();
        let (id, b) = w
            .bodies()
            .find(|(_, b)| b.name.as_deref() == Some(name))
            .unwrap();
        (id, b.xf)
    };
    let (sun, sun_xf) = body(&scene, "sun");
    let (plank, plank_xf) = body(&scene, "plank");
    assert!(
        (sun_xf.p.y - 0.75).abs() < 0.01,
        "the sun rests: {:?}",
        sun_xf.p
    );
    let turned = (plank_xf.q.angle() - 0.5).abs();
    assert!(
        turned > 0.2,
        "the plank lies otherwise than built: {turned}"
    );
    // The points clicked, in each body's own frame.
    let on_sun = Vec2::new(0.3, 0.4);
    let on_plank = Vec2::new(0.8, 0.1);
    for tool in [
        JointTool::Spring,
        JointTool::Distance,
        JointTool::Hinge,
        JointTool::Rope,
    ] {
        let from = End {
            body: Some(plank),
            at: plank_xf.apply(on_plank),
        };
        let to = End {
            body: Some(sun),
            at: sun_xf.apply(on_sun),
        };
        append_joint(&scene, tool, from, to).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let fresh = Scene::load(&path, &SceneOptions::default()).unwrap();
        std::fs::write(&path, FALLEN).unwrap();
        let (sun2, _) = body(&fresh, "sun");
        let (plank2, _) = body(&fresh, "plank");
        let w = fresh.world();
        // Where each joint holds each body, in the body's frame.
        let held = |id| -> Vec<Vec2> {
            w.joints()
                .filter_map(|(_, j)| {
                    if j.body_a == id {
                        Some(j.local_a)
                    } else if j.body_b == Some(id) {
                        Some(j.local_b)
                    } else {
                        None
                    }
                })
                .collect()
        };
        let close = |got: &[Vec2], want: Vec2| got.iter().any(|p| (*p - want).length() < 0.015);
        assert!(
            close(&held(sun2), on_sun),
            "{tool:?}: the sun is held at {:?}, clicked at {on_sun:?}\n{text}",
            held(sun2)
        );
        // A hinge has one point (where the drag ended, on the sun).
        if tool != JointTool::Hinge {
            assert!(
                close(&held(plank2), on_plank),
                "{tool:?}: the plank is held at {:?}, clicked at {on_plank:?}\n{text}",
                held(plank2)
            );
        }
    }
}

/// Drag on the screen from world point `a` to world point `b`.
fn drag_between(sb: &mut Sandbox, a: Vec2, b: Vec2) {
    let (ax, ay) = screen(sb, a);
    let (bx, by) = screen(sb, b);
    left_path(
        sb,
        &[
            ((ax, ay), false),
            ((ax, ay), true),
            ((bx, by), true),
            ((bx, by), false),
        ],
    );
}

const TWO_POSTS: &str = r#"scene { camera = {0, 2, 12} }
box { name = "left", x = -3, y = 1e0, w = 1, h = 1, static = true }  -- y as 1e0
box { name = "right", x = 3, y = 1, w = 1, h = 1, static = true }
"#;

#[test]
fn an_edit_the_scene_would_not_load_with_is_not_written_and_the_next_one_is() {
    // Before: a spring between two static bodies was appended, the reload
    // failed ("both sides are static"), and edit mode then said "the last
    // edit is still reloading" to every edit and every Ctrl+Z.
    let (mut sb, mut r, path) = open_reloading("unloadable", TWO_POSTS, 800, 600);
    keys(&mut sb, "e", &["ctrl"]);
    pick(&mut sb, "spring");
    drag_between(&mut sb, Vec2::new(-3.0, 1.0), Vec2::new(3.0, 1.0));
    assert!(notice(&sb).contains("would not load"), "{}", notice(&sb));
    assert!(
        notice(&sb).contains("both sides are static"),
        "{}",
        notice(&sb)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), TWO_POSTS);
    // The next edit is made at once: a drag along x writes x and leaves
    // y's `1e0` as written (it was rewritten `1`).
    pick(&mut sb, "box");
    drag(&mut sb, Vec2::new(-3.0, 1.0), 40.0, 0.0);
    let text = std::fs::read_to_string(&path).unwrap();
    let line = text.lines().nth(1).unwrap();
    assert!(line.starts_with("box { name = \"left\", x = -"), "{text}");
    assert!(
        line.ends_with(", y = 1e0, w = 1, h = 1, static = true }  -- y as 1e0"),
        "{text}"
    );
    reload(&mut sb, &mut r, &path);
    assert_eq!(sb.error(), None);
}

#[test]
fn a_reload_that_fails_after_a_window_edit_lets_ctrl_z_take_it_back() {
    // The edit loads when it is written, then a required file breaks
    // before the reload: the reload fails. Ctrl+Z used to answer "still
    // reloading" for good; now it restores the file.
    let dir = common::temp_dir("edit-reload-fails");
    let path = dir.join("scene.lua");
    let src = "local m = require(\"m\")\nscene { camera = {0, 2, 12} }\nbox { name = \"crate\", x = -3, y = 1, w = 1, h = m.h }\n";
    std::fs::write(dir.join("m.lua"), "return { h = 1 }\n").unwrap();
    std::fs::write(&path, src).unwrap();
    let opts = physbox::script::SceneOptions::default();
    let mut sb = Sandbox::open(&path, &opts, 800, 600).unwrap();
    let mut r = Reloader::new(sb.scene());
    keys(&mut sb, "e", &["ctrl"]);
    drag(&mut sb, Vec2::new(-3.0, 1.0), 40.0, 0.0);
    assert_ne!(std::fs::read_to_string(&path).unwrap(), src);
    std::fs::write(dir.join("m.lua"), "error(\"broken\")\n").unwrap();
    reload(&mut sb, &mut r, &path);
    assert!(sb.error().is_some_and(|e| e.contains("broken")));
    keys(&mut sb, "z", &["ctrl"]);
    assert!(notice(&sb).starts_with("edit: undo:"), "{}", notice(&sb));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), src);
}

#[test]
fn q_turns_a_fallen_body_where_it_lies_not_back_at_its_spawn_point() {
    // Before: Q wrote only `angle`; the reload then took every pose field
    // from the call whose pose had changed, and the crate resting on the
    // floor jumped back to its spawn point 2.5 m up.
    let src = "scene { camera = {0, 2, 12} }\nbox { x = 0, y = -0.5, w = 20, h = 1, static = true }\nbox { name = \"crate\", x = -2, y = 3, w = 1, h = 1 }\n";
    let (mut sb, mut r, path) = open_reloading("turn-fallen", src, 800, 600);
    for _ in 0..30 {
        frame(&mut sb, &Input::default(), 0.1);
    }
    let (id, lying, _) = named(&sb, "crate");
    assert!(lying.y < 0.6, "the crate fell to the floor: {lying:?}");
    keys(&mut sb, "e", &["ctrl"]);
    sb.select(Some(id));
    keys(&mut sb, "q", &[]);
    let text = std::fs::read_to_string(&path).unwrap();
    let line = text.lines().nth(2).unwrap();
    assert_eq!(
        line,
        format!(
            "box {{ name = \"crate\", x = -2, y = {}, w = 1, h = 1, angle = 0.262 }}",
            round(lying.y)
        ),
        "x is left as written (the same number), y is where the crate lies"
    );
    reload(&mut sb, &mut r, &path);
    let (_, p, a) = named(&sb, "crate");
    assert!((p - lying).length() < 0.01, "{p:?} vs {lying:?}");
    assert!((a - 0.262).abs() < 1e-9);
}
