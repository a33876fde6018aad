//! Golden images: scenes rendered headless to small PNGs and compared with
//! the committed ones in tests/golden/ with a tolerance (anti-aliasing and
//! physics may differ in the last bits between machines). On a failure the
//! picture made is written next to the golden one as NAME.actual.png.
//! To accept new pictures: PHYSBOX_BLESS=1 cargo test --release --test render_golden

use physbox::app::view;
use physbox::render::image::{difference, load_png, save_png};
use physbox::render::{Renderer, Rgba};
use physbox::script::{Scene, SceneOptions};
use std::path::{Path, PathBuf};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn scene_from(name: &str, src: &str) -> Scene {
    Scene::from_source(Path::new(name), src, &SceneOptions::default()).unwrap()
}

fn scene_file(path: &str) -> Scene {
    Scene::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join(path),
        &SceneOptions::default(),
    )
    .unwrap()
}

/// Mean channel difference allowed (0..255) and share of pixels allowed to
/// differ by more than 48 in some channel.
const MEAN_TOLERANCE: f64 = 2.0;
const PIXEL_TOLERANCE: f64 = 0.01;

fn check(name: &str, scene: &mut Scene, w: u32, h: u32) {
    let mut r = Renderer::new();
    let actual = view::still(&mut r, scene, w, h).unwrap();
    let golden = golden_dir().join(format!("{name}.png"));
    let actual_path = golden_dir().join(format!("{name}.actual.png"));
    if std::env::var_os("PHYSBOX_BLESS").is_some() {
        save_png(&actual, &golden).unwrap();
        let _ = std::fs::remove_file(&actual_path);
        return;
    }
    let expected = load_png(&golden).unwrap_or_else(|e| {
        save_png(&actual, &actual_path).unwrap();
        panic!(
            "{e}: no golden picture; the one made is {} (PHYSBOX_BLESS=1 accepts it)",
            actual_path.display()
        )
    });
    let (mean, share) = difference(&expected, &actual, 48).expect("same size");
    if mean > MEAN_TOLERANCE || share > PIXEL_TOLERANCE {
        save_png(&actual, &actual_path).unwrap();
        panic!(
            "{name}: differs from {} (mean {mean:.2}, {:.2}% of pixels); see {}",
            golden.display(),
            share * 100.0,
            actual_path.display()
        );
    }
    let _ = std::fs::remove_file(&actual_path);
}

/// Every kind of thing the renderer draws, in one still picture.
const GALLERY: &str = r##"
scene { title = "gallery", camera = {0, 2, 7}, background = "#202430" }
segment { x1 = -6, y1 = 0, x2 = 6, y2 = 0 }
box { x = -3, y = 1, w = 1.4, h = 1, angle = 0.3, color = "red" }
circle { x = -1, y = 1, r = 0.6, omega = 2, color = "#40c0ff" }
polygon { x = 1, y = 0.5, points = {{-0.7, 0}, {0.7, 0}, {0.3, 1.2}, {-0.5, 1}}, color = "green" }
circle { x = 3, y = 1.5, r = 0.9, sensor = true, static = true, color = "yellow" }
local sleeper = box { x = 3, y = 3.5, w = 1, h = 0.5, color = "orange" }
sleeper.awake = false
box { x = -3, y = 3.5, w = 0.2, h = 0.2 }
function draw(g)
  g:line(-5, 3.6, -4, 4.2, "#ffffff")
  g:circle(0.5, 4.3, 0.4, "cyan")
  g:rect(2, 4.5, 1, 0.5, "magenta")
  g:text(-1.5, 3.0, "overlay text", "#ffffff")
end
"##;

#[test]
fn gallery_matches_golden() {
    let mut s = scene_from("gallery.lua", GALLERY);
    check("gallery", &mut s, 320, 200);
}

#[test]
fn showcase_after_90_steps_matches_golden() {
    let mut s = scene_file("scenes/showcase.lua");
    s.step(90).unwrap();
    check("showcase_90", &mut s, 320, 180);
}

#[test]
fn rain_after_150_steps_matches_golden() {
    let mut s = scene_file("scenes/rain.lua");
    // Early in the rain (mostly free fall): chaos has not yet amplified
    // last-digit differences between machines.
    s.step(150).unwrap();
    check("rain_150", &mut s, 256, 144);
}

fn pixel(pm: &physbox::render::Pixmap, x: u32, y: u32) -> Rgba {
    let p = pm.pixel(x, y).unwrap();
    Rgba::rgb(p.red(), p.green(), p.blue())
}

fn close(a: Rgba, b: Rgba, tol: i32) -> bool {
    (a.r as i32 - b.r as i32).abs() <= tol
        && (a.g as i32 - b.g as i32).abs() <= tol
        && (a.b as i32 - b.b as i32).abs() <= tol
}

/// Independent of the golden files: colours land where the bodies are.
#[test]
fn bodies_are_drawn_in_their_colours_where_they_are() {
    let src = r##"
scene { camera = {0, 0, 10}, background = "#000000" }
box { x = -2, y = 0, w = 2, h = 2, static = true, color = "#ff0000" }
circle { x = 2, y = 0, r = 1, static = true, color = "#0000ff" }
circle { x = 0, y = 3, r = 1, static = true, sensor = true, color = "#00ff00" }
"##;
    let mut s = scene_from("colours.lua", src);
    let mut r = Renderer::new();
    let pm = view::still(&mut r, &mut s, 200, 200).unwrap();
    // 20 px per metre, origin at the centre (100, 100).
    let bg = Rgba::rgb(0, 0, 0);
    // Fills are nearly the colour itself (15 % background); a fill as dark
    // as pure blue is lifted until it stands out from the black.
    let fill = |c: Rgba| c.mix(bg, 0.15);
    assert!(
        close(pixel(&pm, 60, 100), fill(Rgba::rgb(255, 0, 0)), 3),
        "box inside: {:?}",
        pixel(&pm, 60, 100)
    );
    let outline = pixel(&pm, 40, 100);
    assert!(
        outline.r > 200
            && outline.g > 120
            && outline.g < outline.r
            && outline.g.abs_diff(outline.b) < 8,
        "box outline, a light shade of the red: {outline:?}"
    );
    let disc = pixel(&pm, 140, 108);
    assert!(
        disc.b > 200 && disc.r < 60 && disc.r == disc.g && disc.luma() >= 0.14,
        "disc, blue lifted off the black: {disc:?}"
    );
    assert_eq!(pixel(&pm, 100, 100), bg, "between the bodies");
    assert_eq!(pixel(&pm, 190, 190), bg, "empty corner");
    // The sensor is translucent: much darker than its fill colour.
    let sensor = pixel(&pm, 100, 50);
    assert!(sensor.g > 10 && sensor.g < 60, "sensor: {sensor:?}");
}

/// A snapshot-free determinism check of the renderer: the same world gives
/// the same pixels twice.
#[test]
fn rendering_is_repeatable() {
    let mut a = scene_from("gallery.lua", GALLERY);
    let mut b = scene_from("gallery.lua", GALLERY);
    let mut r = Renderer::new();
    let pa = view::still(&mut r, &mut a, 160, 100).unwrap();
    let pb = view::still(&mut r, &mut b, 160, 100).unwrap();
    assert_eq!(pa.data(), pb.data());
}

/// Every debug layer on: AABBs, contacts, velocities, centres, islands.
#[test]
fn debug_layers_draw_over_the_world() {
    use physbox::render::{Layers, Poses};
    let mut s = scene_file("scenes/showcase.lua");
    s.step(40).unwrap();
    let cam = view::initial_camera(&mut s, 320, 180);
    let mut r = Renderer::new();
    let draw = |r: &mut Renderer, layers: Layers| {
        let mut pm = physbox::render::pixmap(320, 180);
        view::draw_scene(r, &mut pm, &s, &cam, &Poses::default(), 1.0, layers, &[]);
        pm
    };
    let plain = draw(&mut r, Layers::default());
    let all = Layers {
        aabbs: true,
        contacts: true,
        velocities: true,
        centers_of_mass: true,
        islands: true,
        joint_anchors: true,
    };
    let layered = draw(&mut r, all);
    let (_, share) = difference(&plain, &layered, 48).unwrap();
    assert!(
        share > 0.01,
        "layers changed only {:.3}% of the pixels",
        share * 100.0
    );
    // Each layer on its own changes the picture too.
    for one in [
        Layers {
            aabbs: true,
            ..Layers::default()
        },
        Layers {
            contacts: true,
            ..Layers::default()
        },
        Layers {
            velocities: true,
            ..Layers::default()
        },
        Layers {
            centers_of_mass: true,
            ..Layers::default()
        },
        Layers {
            islands: true,
            ..Layers::default()
        },
    ] {
        let pm = draw(&mut r, one);
        let (_, share) = difference(&plain, &pm, 24).unwrap();
        assert!(share > 0.0005, "{one:?} drew nothing");
    }
}

/// Joints, springs and ropes are drawn from the world, and the joint-anchor
/// layer rings their anchors.
#[test]
fn joints_springs_and_ropes_are_drawn() {
    use physbox::render::{Layers, Poses};
    let mut r = Renderer::new();
    for scene in [
        "scenes/bridge.lua",
        "scenes/springs.lua",
        "scenes/rope_weight.lua",
    ] {
        let mut s = scene_file(scene);
        s.step(10).unwrap();
        let cam = view::initial_camera(&mut s, 320, 180);
        let draw = |r: &mut Renderer, layers: Layers| {
            let mut pm = physbox::render::pixmap(320, 180);
            view::draw_scene(r, &mut pm, &s, &cam, &Poses::default(), 1.0, layers, &[]);
            pm
        };
        let links = physbox::render::links::of_world(&s.world(), &physbox::render::Looks::plain());
        assert!(
            !links.is_empty(),
            "{scene}: no joints, springs or ropes to draw"
        );
        let plain = draw(&mut r, Layers::default());
        let rings = draw(
            &mut r,
            Layers {
                joint_anchors: true,
                ..Layers::default()
            },
        );
        let (_, share) = difference(&plain, &rings, 24).unwrap();
        let ropes_only = links
            .iter()
            .all(|l| matches!(l, physbox::render::LinkCmd::Rope { .. }));
        if !ropes_only {
            assert!(share > 0.0005, "{scene}: the anchor layer drew nothing");
        }
    }
}
