//! Debug layers: the engine's `DebugDraw` callbacks (AABBs, contact points
//! and normals, centres of mass, velocity arrows) collected into a few
//! tiny-skia paths and stroked once each, plus the islands/sleep layer.

use super::camera::Camera;
use super::color::Rgba;
use super::paint::{fill, stroke};
use crate::physics::{
    Aabb, BodyType, DebugDraw, DrawFlags, DrawStyle, Real, Transform, Vec2, World,
};
use tiny_skia::{PathBuilder, Pixmap};

/// Which debug layers are on (each has a key in the window).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layers {
    pub aabbs: bool,
    pub contacts: bool,
    pub velocities: bool,
    pub centers_of_mass: bool,
    pub islands: bool,
    /// Rings at every joint's two anchors.
    pub joint_anchors: bool,
}

/// One debug layer, to switch with `Layers::toggle`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    Aabbs,
    Contacts,
    Velocities,
    CentersOfMass,
    Islands,
    JointAnchors,
}

impl Layers {
    /// Switch one layer on or off.
    pub fn toggle(&mut self, layer: Layer) {
        let on = match layer {
            Layer::Aabbs => &mut self.aabbs,
            Layer::Contacts => &mut self.contacts,
            Layer::Velocities => &mut self.velocities,
            Layer::CentersOfMass => &mut self.centers_of_mass,
            Layer::Islands => &mut self.islands,
            Layer::JointAnchors => &mut self.joint_anchors,
        };
        *on = !*on;
    }
}

/// Seconds of travel a velocity arrow shows.
const VELOCITY_SECONDS: f64 = 0.1;
/// Length of a contact normal, pixels.
const NORMAL_PX: f32 = 14.0;

struct Collector<'a> {
    cam: &'a Camera,
    aabbs: PathBuilder,
    points: PathBuilder,
    normals: PathBuilder,
    velocities: PathBuilder,
    axes_x: PathBuilder,
    axes_y: PathBuilder,
}

impl Collector<'_> {
    fn seg(pb: &mut PathBuilder, a: (f32, f32), b: (f32, f32)) {
        pb.move_to(a.0, a.1);
        pb.line_to(b.0, b.1);
    }
}

impl DebugDraw for Collector<'_> {
    fn polygon(&mut self, _: &[Vec2], _: Real, _: DrawStyle, _: u64) {}
    fn circle(&mut self, _: Vec2, _: Real, _: Vec2, _: DrawStyle, _: u64) {}
    fn segment(&mut self, _: Vec2, _: Vec2, _: DrawStyle, _: u64) {}

    fn aabb(&mut self, aabb: Aabb) {
        let (x0, y1) = self.cam.to_screen(aabb.min);
        let (x1, y0) = self.cam.to_screen(aabb.max);
        if let Some(r) = tiny_skia::Rect::from_ltrb(x0, y0, x1.max(x0 + 0.5), y1.max(y0 + 0.5)) {
            self.aabbs.push_rect(r);
        }
    }

    fn contact(&mut self, point: Vec2, normal: Vec2, _impulse: Real) {
        let (x, y) = self.cam.to_screen(point);
        self.points.push_circle(x, y, 2.5);
        let tip = (
            x + normal.x as f32 * NORMAL_PX,
            y - normal.y as f32 * NORMAL_PX,
        );
        Self::seg(&mut self.normals, (x, y), tip);
    }

    fn center_of_mass(&mut self, xf: Transform) {
        let c = self.cam.to_screen(xf.p);
        let len = 10.0;
        let (ax, ay) = (xf.q.c as f32 * len, xf.q.s as f32 * len);
        Self::seg(&mut self.axes_x, c, (c.0 + ax, c.1 - ay));
        Self::seg(&mut self.axes_y, c, (c.0 - ay, c.1 - ax));
    }

    fn velocity(&mut self, at: Vec2, v: Vec2) {
        let a = self.cam.to_screen(at);
        let b = self.cam.to_screen(at + v * VELOCITY_SECONDS);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1.0 {
            return;
        }
        Self::seg(&mut self.velocities, a, b);
        // Arrow head: two short strokes back from the tip.
        let (ux, uy) = (dx / len, dy / len);
        let h = len.min(8.0);
        Self::seg(
            &mut self.velocities,
            b,
            (b.0 - h * (ux + uy * 0.5), b.1 - h * (uy - ux * 0.5)),
        );
        Self::seg(
            &mut self.velocities,
            b,
            (b.0 - h * (ux - uy * 0.5), b.1 - h * (uy + ux * 0.5)),
        );
    }
}

/// Draw the layers that are on (on top of the bodies).
pub fn draw_layers(pm: &mut Pixmap, cam: &Camera, world: &World, layers: Layers) {
    let flags = DrawFlags {
        shapes: false,
        aabbs: layers.aabbs,
        contacts: layers.contacts,
        centers_of_mass: layers.centers_of_mass,
        velocities: layers.velocities,
        // Joints are drawn by `links` (always, not as a debug layer).
        joints: false,
    };
    if flags != DrawFlags::default() {
        let mut c = Collector {
            cam,
            aabbs: PathBuilder::new(),
            points: PathBuilder::new(),
            normals: PathBuilder::new(),
            velocities: PathBuilder::new(),
            axes_x: PathBuilder::new(),
            axes_y: PathBuilder::new(),
        };
        world.debug_draw(&mut c, flags);
        stroke(
            pm,
            c.aabbs,
            Rgba::rgb(0xee, 0x44, 0xee).with_alpha(170),
            1.0,
        );
        stroke(pm, c.normals, Rgba::rgb(0xff, 0xee, 0x58), 1.5);
        fill(pm, c.points, Rgba::rgb(0xff, 0x52, 0x52));
        stroke(pm, c.velocities, Rgba::rgb(0x69, 0xf0, 0xae), 1.5);
        stroke(pm, c.axes_x, Rgba::rgb(0xff, 0x52, 0x52), 1.5);
        stroke(pm, c.axes_y, Rgba::rgb(0x69, 0xf0, 0xae), 1.5);
    }
    if layers.islands {
        draw_islands(pm, cam, world);
    }
}

/// Islands and sleep: a dot on every moving body, green while awake, and
/// while asleep a colour per sleeping island (bodies that sleep together
/// share it), so island boundaries can be seen.
fn draw_islands(pm: &mut Pixmap, cam: &Camera, world: &World) {
    let mut awake = PathBuilder::new();
    let mut by_island: Vec<(u32, PathBuilder)> = Vec::new();
    for (_, b) in world.bodies() {
        if b.body_type == BodyType::Static {
            continue;
        }
        let (x, y) = cam.to_screen(b.center);
        if b.awake {
            awake.push_circle(x, y, 3.0);
        } else {
            let slot = match by_island.iter().position(|(k, _)| *k == b.sleep_island) {
                Some(i) => i,
                None => {
                    by_island.push((b.sleep_island, PathBuilder::new()));
                    by_island.len() - 1
                }
            };
            by_island[slot].1.push_circle(x, y, 3.0);
        }
    }
    fill(pm, awake, Rgba::rgb(0x69, 0xf0, 0xae));
    for (island, pb) in by_island {
        // A hue per island from a multiplicative hash of its index.
        let h = island.wrapping_mul(2_654_435_761);
        let c = Rgba::rgb(
            64 + (h >> 24) as u8 / 2,
            64 + (h >> 16) as u8 / 2,
            160 + (h >> 8) as u8 / 3,
        );
        fill(pm, pb, c);
    }
}
