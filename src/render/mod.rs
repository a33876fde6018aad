//! Pixels: a `&World` through a `Camera` into a tiny-skia `Pixmap`. The only
//! module that knows pixels; it never sees Lua or windows (the app hands it
//! plain data: colours, overlay commands, text lines).
//!
//! Layout: `camera`, `color`, `raster` (the fast anti-aliased convex fill
//! that draws bodies), `sprites` (cached discs), `bodies`, `interp` (poses between steps), `debug`
//! (the engine's `DebugDraw` layers), `links` (joints, springs, ropes),
//! `overlay` (a scene's `draw(g)`),
//! `text` (fontdue + embedded DejaVu Sans Mono), `widgets` (panels, plots),
//! `image` (PNG, window buffer).

pub mod bodies;
pub mod camera;
pub mod color;
pub mod debug;
pub mod highlight;
pub mod image;
pub mod interp;
pub mod links;
pub mod overlay;
pub mod paint;
pub mod raster;
pub mod sprites;
pub mod text;
pub mod widgets;

pub use bodies::BodyLook;
pub use camera::Camera;
pub use color::Rgba;
pub use debug::{Layer, Layers};
pub use interp::Poses;
pub use links::{LinkCmd, LinkLook, LinkStyle, Looks};
pub use overlay::OverlayCmd;
pub use raster::Target;
pub use tiny_skia::Pixmap;

use crate::physics::World;

/// Everything reused from frame to frame: the glyph cache and scratch space.
#[derive(Default)]
pub struct Renderer {
    pub text: text::TextPainter,
    bodies: bodies::BodyPainter,
}

/// One world frame: what to draw besides the world itself.
pub struct WorldFrame<'a> {
    pub world: &'a World,
    pub camera: &'a Camera,
    pub poses: &'a Poses,
    /// Interpolation between the previous and the current step (1 = current).
    pub alpha: f64,
    pub look: &'a BodyLook<'a>,
    pub layers: Layers,
    /// Joints, springs and ropes (drawn over the bodies).
    pub links: &'a [LinkCmd],
    pub overlay: &'a [OverlayCmd],
}

impl Renderer {
    pub fn new() -> Renderer {
        Renderer::default()
    }

    /// Background, bodies, debug layers and the scene's overlay. Returns the
    /// number of shapes drawn (the rest were off screen).
    pub fn draw_world(&mut self, pm: &mut Pixmap, f: &WorldFrame) -> usize {
        pm.fill(f.look.background.to_skia());
        let drawn = self.bodies.draw(
            &mut Target::new(pm),
            f.camera,
            f.world,
            f.poses,
            f.alpha,
            f.look,
        );
        links::draw_links(pm, f.camera, f.links, f.layers.joint_anchors);
        debug::draw_layers(pm, f.camera, f.world, f.layers);
        overlay::draw_overlay(pm, f.camera, &mut self.text, f.overlay);
        drawn
    }
}

/// A new pixmap (sizes are clamped to at least 1 × 1).
pub fn pixmap(width: u32, height: u32) -> Pixmap {
    Pixmap::new(width.max(1), height.max(1)).expect("a non-empty pixmap")
}
