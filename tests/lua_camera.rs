//! The `camera` global (issue 17): read and written from Lua at load and in
//! callbacks, following a body with smoothing and an offset, the user's pan
//! pausing it, and headless pictures that fit the view once and never again.

use physbox::app::view;
use physbox::script::{Scene, SceneError, SceneOptions};
use std::path::Path;

fn load(src: &str) -> Result<Scene, SceneError> {
    Scene::from_source(Path::new("cam_test.lua"), src, &SceneOptions::default())
}

fn view_of(s: &Scene) -> (f64, f64, f64) {
    s.sim().camera().view().expect("the camera is set")
}

#[test]
fn camera_fields_are_read_and_written_at_load_and_in_callbacks() {
    let mut s = load(
        "scene { camera = {1, 2, 10} }
         print(camera.x, camera.y, camera.zoom)
         camera.zoom = 20
         function update(dt)
           if world.steps == 3 then camera.x = 7; camera.y = -1 end
         end",
    )
    .unwrap();
    assert_eq!(s.console(), vec!["1.0\t2.0\t10.0"]);
    assert_eq!(view_of(&s), (1.0, 2.0, 20.0));
    s.step(3).unwrap();
    assert_eq!(view_of(&s), (7.0, -1.0, 20.0));
    // scene { camera } from a callback moves the view too.
    let mut s = load("function update() scene { camera = {3, 4, 5} } end").unwrap();
    assert_eq!(s.sim().camera().view(), None, "no camera until one is set");
    s.step(1).unwrap();
    assert_eq!(view_of(&s), (3.0, 4.0, 5.0));
}

#[test]
fn bad_camera_values_are_errors_with_the_line() {
    for (src, want) in [
        ("camera.zoom = 0", "camera.zoom must be positive"),
        ("camera.x = 0/0", "camera.x must be a finite number"),
        ("camera.y = 'up'", "camera.y must be a number, got string"),
        ("scene { camera = {0, 0} }", "the zoom (metres visible"),
        // Not "got number": the number is the trouble, so it is named.
        (
            "scene { camera = {0/0, 0, -5} }",
            "'camera' must be {x, y, zoom} of finite numbers, got NaN at position 1",
        ),
        (
            "scene { camera = {0, 1/0, 5} }",
            "of finite numbers, got inf at position 2",
        ),
        ("scene { camera = {0, 'a', 5} }", "got string at position 2"),
        ("camera:follow(42)", "camera:follow"),
        (
            "local b = circle{r=1} camera:follow(b, {smooth = 1})",
            "'smooth' must be from 0",
        ),
        (
            "local b = circle{r=1} camera:follow(b, {smoth = 0.5})",
            "smoth",
        ),
    ] {
        let e = load(src).err().unwrap_or_else(|| panic!("{src} loaded"));
        assert!(e.message.starts_with("cam_test.lua:1:"), "{src}: {e}");
        assert!(e.message.contains(want), "{src}: {e}");
    }
}

#[test]
fn follow_tracks_the_body_with_offset_and_smoothing() {
    // A ball thrown sideways with no gravity: x grows 5 m/s.
    let src = |smooth: f64| {
        format!(
            "world.gravity = {{0, 0}}
             scene {{ camera = {{0, 0, 10}} }}
             ball = circle {{ r = 0.5, vx = 5 }}
             camera:follow(ball, {{ smooth = {smooth}, offset = {{0, 2}} }})"
        )
    };
    let mut locked = load(&src(0.0)).unwrap();
    locked.step(60).unwrap();
    let x = locked.world().bodies().next().unwrap().1.xf.p.x;
    let (cx, cy, zoom) = view_of(&locked);
    assert!(
        (cx - x).abs() < 1e-9 && (cy - 2.0).abs() < 1e-9,
        "{cx} {cy} vs {x}"
    );
    assert_eq!(zoom, 10.0);
    let mut smooth = load(&src(0.9)).unwrap();
    smooth.step(60).unwrap();
    let (sx, _, _) = view_of(&smooth);
    assert!(
        sx < x - 0.2 && sx > 0.5 * x,
        "a smooth camera lags: {sx} vs {x}"
    );
    // Unfollow: the view stays where it was.
    let mut s = load(
        &(src(0.0) + "\nfunction update() if world.steps == 10 then camera:unfollow() end end"),
    )
    .unwrap();
    s.step(10).unwrap();
    let (ux, _, _) = view_of(&s);
    // Followed for 9 steps (the 10th `update` let go before the camera moved).
    assert!((ux - 5.0 * 9.0 / 60.0).abs() < 1e-6, "{ux}");
    s.step(20).unwrap();
    assert_eq!(view_of(&s).0, ux, "after unfollow the view stays");
}

#[test]
fn the_users_pan_pauses_following_until_asked_again() {
    let mut s = load(
        "world.gravity = {0, 0}
         scene { camera = {0, 0, 10} }
         camera:follow(circle { r = 0.5, vx = 5 })",
    )
    .unwrap();
    s.sim_mut().camera_mut().user_view(-3.0, 0.0, 12.0);
    s.step(30).unwrap();
    assert_eq!(view_of(&s), (-3.0, 0.0, 12.0));
    assert!(s.sim().camera().follow_paused());
    s.sim_mut().camera_mut().follow_again();
    s.step(1).unwrap();
    let (x, _, zoom) = view_of(&s);
    assert!(x > 2.0, "{x}");
    assert_eq!(zoom, 12.0, "following keeps the user's zoom");
}

#[test]
fn headless_pictures_fit_once_and_never_again() {
    // No camera: the first picture fits the bodies; a body that flies off
    // later does not shrink the scene.
    let mut s = load(
        "box { y = -0.5, w = 10, h = 1, static = true }
         circle { y = 1, r = 0.5, vx = 200, gravity_scale = 0 }",
    )
    .unwrap();
    let mut r = physbox::render::Renderer::new();
    view::still(&mut r, &mut s, 320, 180).unwrap();
    let first = view_of(&s);
    s.step(120).unwrap();
    view::still(&mut r, &mut s, 320, 180).unwrap();
    assert_eq!(view_of(&s), first);
    // The window and the headless picture frame the scene alike.
    let cam = view::camera_of(&s, 320, 180, 1.0);
    assert!((cam.center.x - first.0).abs() < 1e-9);
    assert!((180.0 / cam.scale - first.2).abs() < 1e-9);
}
