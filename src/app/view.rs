//! Where a scene meets the renderer: its colours, background, camera and
//! `draw(g)` commands turned into the plain data `render` takes. Shared by
//! the window, headless screenshots and the golden-image tests.

use crate::physics::{Aabb, BodyId, Vec2};
use crate::render::color::DEFAULT_BACKGROUND;
use crate::render::{
    BodyLook, Camera, Layers, LinkLook, LinkStyle, Looks, OverlayCmd, Pixmap, Poses, Renderer,
    Rgba, WorldFrame,
};
use crate::script::{DrawCmd, JointLook, JointStyle, Scene};

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

/// The scene's margins in pixels [top, right, bottom, left], shrunk so the
/// area inside keeps at least half of a `w` × `h` view each way.
pub fn margins(scene: &Scene, w: u32, h: u32) -> [f64; 4] {
    let [t, r, b, l] = scene.settings().margin;
    let fit = |a: f64, c: f64, size: u32| {
        let room = size as f64 * 0.5;
        let k = if a + c > room { room / (a + c) } else { 1.0 };
        (a * k, c * k)
    };
    let (t, b) = fit(t, b, h);
    let (l, r) = fit(l, r, w);
    [t, r, b, l]
}

/// A scene that set no camera gets one that fits every body, once, for a
/// `w` × `h` view: written into its camera, so later pictures never re-fit
/// (a body flying off does not shrink the scene to dots).
pub fn settle_camera(scene: &mut Scene, w: u32, h: u32) {
    if scene.sim().camera().view().is_some() {
        return;
    }
    let [t, r, b, l] = margins(scene, w, h);
    let (iw, ih) = ((w as f64 - l - r).max(1.0), (h as f64 - t - b).max(1.0));
    let (x, y, zoom) = match world_bounds(scene) {
        Some(bounds) => {
            let mut inner = Camera::new(iw as u32, ih as u32);
            inner.fit(bounds, 0.06);
            (inner.center.x, inner.center.y, ih / inner.scale)
        }
        None => (0.0, 0.0, 20.0),
    };
    scene.sim_mut().camera_mut().settle(x, y, zoom);
}

/// The camera a scene opens with in a `w` × `h` view: its own, else one
/// that fits every body (settled into the scene).
pub fn initial_camera(scene: &mut Scene, w: u32, h: u32) -> Camera {
    settle_camera(scene, w, h);
    camera_of(scene, w, h, 1.0)
}

/// The renderer's camera for the scene's view in a `w` × `h` picture, drawn
/// `alpha` of the way from the last step's start to its end (1 = now).
/// The scene's `x, y, zoom` frame the area inside its margins.
pub fn camera_of(scene: &Scene, w: u32, h: u32, alpha: f64) -> Camera {
    let mut cam = Camera::new(w, h);
    let sim = scene.sim();
    let state = sim.camera();
    let (Some((x, y)), Some(zoom)) = (state.center_at(alpha), state.zoom) else {
        cam.look_at(0.0, 0.0, 20.0);
        return cam;
    };
    let [t, r, b, l] = margins(scene, w, h);
    cam.look_at(x, y, zoom * h as f64 / (h as f64 - t - b).max(1.0));
    cam.center.x -= (l - r) * 0.5 / cam.scale;
    cam.center.y += (t - b) * 0.5 / cam.scale;
    cam
}

/// The user panned or zoomed to `cam`: that is the scene's view now (and
/// following waits until the user asks for it again).
pub fn user_moved_to(scene: &mut Scene, cam: &Camera) {
    let [t, r, b, l] = margins(scene, cam.width, cam.height);
    let x = cam.center.x + (l - r) * 0.5 / cam.scale;
    let y = cam.center.y - (t - b) * 0.5 / cam.scale;
    let zoom = (cam.height as f64 - t - b).max(1.0) / cam.scale;
    scene.sim_mut().camera_mut().user_view(x, y, zoom);
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

/// A scene's joint look as the renderer's.
fn link_look(look: Option<&JointLook>) -> LinkLook {
    let Some(look) = look else {
        return LinkLook::default();
    };
    LinkLook {
        color: look.color.as_deref().and_then(Rgba::parse),
        hidden: look.hidden,
        style: look.style.map(|s| match s {
            JointStyle::Coil => LinkStyle::Coil,
            JointStyle::Line => LinkStyle::Line,
        }),
    }
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
    let joint = |id| link_look(sim.joint_look(id));
    let rope = |first| link_look(sim.rope_look(first));
    let links = crate::render::links::of_world(
        sim.world(),
        &Looks {
            joint: &joint,
            rope: &rope,
        },
    );
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
/// the scene's camera (fitted once, on the first picture, if the scene set
/// none), its overlay, and a caption line.
pub fn still(
    renderer: &mut Renderer,
    scene: &mut Scene,
    width: u32,
    height: u32,
) -> Result<Pixmap, String> {
    let mut pm = crate::render::pixmap(width, height);
    settle_camera(scene, width, height);
    let cam = camera_of(scene, width, height, 1.0);
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
