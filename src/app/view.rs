//! Where a scene meets the renderer: its colours, background, camera and
//! `draw(g)` commands turned into the plain data `render` takes. Shared by
//! the window, headless screenshots and the golden-image tests.

use crate::physics::{Aabb, BodyId, Vec2};
use crate::render::color::DEFAULT_BACKGROUND;
use crate::render::{
    BodyLook, Camera, Layers, OverlayCmd, Pixmap, Poses, Renderer, Rgba, WorldFrame,
};
use crate::script::{DrawCmd, Scene};

/// The scene's background colour.
pub fn background(scene: &Scene) -> Rgba {
    scene
        .settings()
        .background
        .as_deref()
        .and_then(Rgba::parse)
        .unwrap_or(DEFAULT_BACKGROUND)
}

/// The box around every shape (None for an empty world).
pub fn world_bounds(scene: &Scene) -> Option<Aabb> {
    let world = scene.world();
    let mut out: Option<Aabb> = None;
    for (id, _) in world.bodies() {
        for (_, s) in world.shapes_of(id).into_iter().flatten() {
            out = Some(match out {
                None => s.aabb,
                Some(a) => Aabb::new(a.min.min(s.aabb.min), a.max.max(s.aabb.max)),
            });
        }
    }
    out
}

/// The camera a scene opens with: its `scene { camera }`, else one that
/// fits every body.
pub fn initial_camera(scene: &Scene, width: u32, height: u32) -> Camera {
    let mut cam = Camera::new(width, height);
    if let Some((x, y, zoom)) = scene.settings().camera {
        cam.look_at(x, y, zoom);
    } else if let Some(b) = world_bounds(scene) {
        cam.fit(b, 0.06);
    } else {
        cam.look_at(0.0, 0.0, 20.0);
    }
    cam
}

fn color(s: &str) -> Rgba {
    Rgba::parse(s).unwrap_or(Rgba::rgb(255, 255, 255))
}

/// A scene's `draw(g)` commands as renderer data.
pub fn overlay(cmds: &[DrawCmd]) -> Vec<OverlayCmd> {
    cmds.iter()
        .map(|c| match c {
            DrawCmd::Line {
                x1,
                y1,
                x2,
                y2,
                color: k,
            } => OverlayCmd::Line {
                a: Vec2::new(*x1, *y1),
                b: Vec2::new(*x2, *y2),
                color: color(k),
            },
            DrawCmd::Circle { x, y, r, color: k } => OverlayCmd::Circle {
                center: Vec2::new(*x, *y),
                r: *r,
                color: color(k),
            },
            DrawCmd::Rect {
                x,
                y,
                w,
                h,
                color: k,
            } => OverlayCmd::Rect {
                center: Vec2::new(*x, *y),
                w: *w,
                h: *h,
                color: color(k),
            },
            DrawCmd::Text {
                x,
                y,
                text,
                color: k,
            } => OverlayCmd::Text {
                at: Vec2::new(*x, *y),
                text: text.clone(),
                color: color(k),
            },
        })
        .collect()
}

/// Draw the scene's world (bodies, layers, overlay) into `pm`.
#[allow(clippy::too_many_arguments)]
pub fn draw_scene(
    renderer: &mut Renderer,
    pm: &mut Pixmap,
    scene: &Scene,
    camera: &Camera,
    poses: &Poses,
    alpha: f64,
    layers: Layers,
    overlay: &[OverlayCmd],
) -> usize {
    let background = background(scene);
    let sim = scene.sim();
    let color_of = |id: BodyId| sim.color(id).and_then(Rgba::parse);
    let look = BodyLook {
        background,
        color_of: &color_of,
    };
    let links = crate::render::links::of_world(sim.world());
    renderer.draw_world(
        pm,
        &WorldFrame {
            world: sim.world(),
            camera,
            poses,
            alpha,
            look: &look,
            layers,
            links: &links,
            overlay,
        },
    )
}

/// A still picture of the scene as it is now, as headless runs save it:
/// the opening camera, the scene's overlay, and a caption line.
pub fn still(
    renderer: &mut Renderer,
    scene: &mut Scene,
    width: u32,
    height: u32,
) -> Result<Pixmap, String> {
    let mut pm = crate::render::pixmap(width, height);
    let cam = initial_camera(scene, width, height);
    let cmds = scene.draw().map_err(|e| e.to_string())?;
    let poses = Poses::default();
    draw_scene(
        renderer,
        &mut pm,
        scene,
        &cam,
        &poses,
        1.0,
        Layers::default(),
        &overlay(&cmds),
    );
    let caption = caption(scene);
    let mut t = crate::render::Target::new(&mut pm);
    crate::render::widgets::panel(
        &mut t,
        &mut renderer.text,
        4.0,
        4.0,
        &[(caption, crate::render::widgets::TEXT)],
        13.0,
    );
    Ok(pm)
}

/// "title — t = 1.23 s, 40 bodies" for pictures and the window title.
pub fn caption(scene: &Scene) -> String {
    let title = scene
        .settings()
        .title
        .unwrap_or_else(|| crate::script::scene::shown_path(scene.path()));
    let w = scene.world();
    format!("{title} — t = {:.2} s, {} bodies", w.time(), w.body_count())
}
