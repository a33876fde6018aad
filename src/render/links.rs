//! What connects bodies: joints as a line between their anchors, springs as
//! a zig-zag that stretches and squeezes with the spring, ropes as a smooth
//! curve through their points. Plain data in world coordinates (`of_world`
//! gathers them from the engine through its `DebugDraw` calls), so drawing
//! stays independent of how the engine stores joints.

use super::camera::Camera;
use super::color::Rgba;
use super::paint::{fill, stroke_round};
use crate::physics::{
    Aabb, DebugDraw, DrawFlags, DrawStyle, JointType, Real, Transform, Vec2, World,
};
use tiny_skia::{PathBuilder, Pixmap};

#[derive(Clone, Debug, PartialEq)]
pub enum LinkCmd {
    /// A rigid joint between two anchors (hinge, weld, distance, slider).
    Joint { a: Vec2, b: Vec2, color: Rgba },
    /// A spring from `a` to `b` drawn with `coils` zig-zags.
    Spring {
        a: Vec2,
        b: Vec2,
        coils: u32,
        color: Rgba,
    },
    /// A rope through its points, first to last.
    Rope { points: Vec<Vec2>, color: Rgba },
}

/// Colours: rigid joints, the mouse joint, springs, ropes.
const JOINT: Rgba = Rgba::rgb(0xf0, 0xf0, 0xf0);
const MOUSE: Rgba = Rgba::rgb(0x66, 0xdd, 0xff);
const SPRING: Rgba = Rgba::rgb(0xff, 0xc8, 0x50);
const ROPE: Rgba = Rgba::rgb(0xd8, 0xb0, 0x80);
const ANCHOR_RING: Rgba = Rgba::rgb(0xff, 0x50, 0x50);

/// The world's joints, springs and ropes as draw commands.
pub fn of_world(world: &World) -> Vec<LinkCmd> {
    struct Gather(Vec<LinkCmd>);
    impl DebugDraw for Gather {
        fn polygon(&mut self, _: &[Vec2], _: Real, _: DrawStyle, _: u64) {}
        fn circle(&mut self, _: Vec2, _: Real, _: Vec2, _: DrawStyle, _: u64) {}
        fn segment(&mut self, _: Vec2, _: Vec2, _: DrawStyle, _: u64) {}
        fn aabb(&mut self, _: Aabb) {}
        fn contact(&mut self, _: Vec2, _: Vec2, _: Real) {}
        fn center_of_mass(&mut self, _: Transform) {}
        fn velocity(&mut self, _: Vec2, _: Vec2) {}
        fn joint(&mut self, kind: JointType, a: Vec2, b: Vec2) {
            let color = if kind == JointType::Mouse {
                MOUSE
            } else {
                JOINT
            };
            self.0.push(LinkCmd::Joint { a, b, color });
        }
        fn spring(&mut self, a: Vec2, b: Vec2) {
            self.0.push(LinkCmd::Spring {
                a,
                b,
                coils: 6,
                color: SPRING,
            });
        }
        fn rope(&mut self, points: &[Vec2]) {
            self.0.push(LinkCmd::Rope {
                points: points.to_vec(),
                color: ROPE,
            });
        }
    }
    let mut g = Gather(Vec::new());
    let flags = DrawFlags {
        joints: true,
        ..DrawFlags::default()
    };
    world.debug_draw(&mut g, flags);
    g.0
}

/// Half-width of a spring's zig-zag, pixels.
const SPRING_HALF_WIDTH: f32 = 5.0;

/// The zig-zag of a spring from `a` to `b` (screen points): straight ends,
/// `coils` teeth in the middle.
pub fn zigzag(a: (f32, f32), b: (f32, f32), coils: u32) -> Vec<(f32, f32)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1e-3 {
        return vec![a, b];
    }
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy * SPRING_HALF_WIDTH, ux * SPRING_HALF_WIDTH);
    let teeth = 2 * coils.max(1);
    let lead = len * 0.1;
    let body = len - 2.0 * lead;
    let mut out = vec![a, (a.0 + ux * lead, a.1 + uy * lead)];
    for i in 0..teeth {
        let t = lead + body * (i as f32 + 0.5) / teeth as f32;
        let side = if i % 2 == 0 { 1.0 } else { -1.0 };
        out.push((a.0 + ux * t + nx * side, a.1 + uy * t + ny * side));
    }
    out.push((b.0 - ux * lead, b.1 - uy * lead));
    out.push(b);
    out
}

/// `anchors`: the joint-anchors layer, a ring at both anchors of every
/// joint and spring.
pub fn draw_links(pm: &mut Pixmap, cam: &Camera, links: &[LinkCmd], anchors: bool) {
    let mut rings = PathBuilder::new();
    for link in links {
        if let (true, LinkCmd::Joint { a, b, .. } | LinkCmd::Spring { a, b, .. }) = (anchors, link)
        {
            for p in [a, b] {
                let s = cam.to_screen(*p);
                rings.push_circle(s.0, s.1, 6.0);
            }
        }
        let mut pb = PathBuilder::new();
        match link {
            LinkCmd::Joint { a, b, color } => {
                let (a, b) = (cam.to_screen(*a), cam.to_screen(*b));
                pb.move_to(a.0, a.1);
                pb.line_to(b.0, b.1);
                stroke_round(pm, pb, *color, 2.0);
                let mut dots = PathBuilder::new();
                dots.push_circle(a.0, a.1, 3.0);
                dots.push_circle(b.0, b.1, 3.0);
                fill(pm, dots, *color);
            }
            LinkCmd::Spring { a, b, coils, color } => {
                let pts = zigzag(cam.to_screen(*a), cam.to_screen(*b), *coils);
                pb.move_to(pts[0].0, pts[0].1);
                for p in &pts[1..] {
                    pb.line_to(p.0, p.1);
                }
                stroke_round(pm, pb, *color, 1.5);
            }
            LinkCmd::Rope { points, color } => {
                let pts: Vec<(f32, f32)> = points.iter().map(|p| cam.to_screen(*p)).collect();
                if pts.len() < 2 {
                    continue;
                }
                // Catmull-Rom through the points, as cubic Béziers: smooth
                // however few links the rope has.
                pb.move_to(pts[0].0, pts[0].1);
                for i in 0..pts.len() - 1 {
                    let p0 = pts[i.saturating_sub(1)];
                    let (p1, p2) = (pts[i], pts[i + 1]);
                    let p3 = pts[(i + 2).min(pts.len() - 1)];
                    let c1 = (p1.0 + (p2.0 - p0.0) / 6.0, p1.1 + (p2.1 - p0.1) / 6.0);
                    let c2 = (p2.0 - (p3.0 - p1.0) / 6.0, p2.1 - (p3.1 - p1.1) / 6.0);
                    pb.cubic_to(c1.0, c1.1, c2.0, c2.1, p2.0, p2.1);
                }
                stroke_round(pm, pb, *color, 2.5);
            }
        }
    }
    stroke_round(pm, rings, ANCHOR_RING, 1.5);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zigzag_has_its_teeth_and_its_ends() {
        let z = zigzag((0.0, 0.0), (100.0, 0.0), 4);
        assert_eq!(z.len(), 2 + 8 + 2);
        assert_eq!(z[0], (0.0, 0.0));
        assert_eq!(*z.last().unwrap(), (100.0, 0.0));
        // Teeth alternate sides of the axis.
        assert!(z[2].1 * z[3].1 < 0.0);
    }

    #[test]
    fn links_put_pixels_between_their_ends() {
        let mut pm = Pixmap::new(100, 60).unwrap();
        let mut cam = Camera::new(100, 60);
        cam.look_at(0.0, 0.0, 6.0); // 10 px per metre
        let white = Rgba::rgb(255, 255, 255);
        draw_links(
            &mut pm,
            &cam,
            &[
                LinkCmd::Spring {
                    a: Vec2::new(-4.0, 1.5),
                    b: Vec2::new(4.0, 1.5),
                    coils: 5,
                    color: white,
                },
                LinkCmd::Rope {
                    points: vec![
                        Vec2::new(-4.0, -1.0),
                        Vec2::new(0.0, -2.0),
                        Vec2::new(4.0, -1.0),
                    ],
                    color: white,
                },
            ],
            false,
        );
        let lit = |x: u32, y0: u32, y1: u32| (y0..y1).any(|y| pm.pixel(x, y).unwrap().red() > 100);
        assert!(lit(50, 10, 20), "spring in the middle");
        assert!(lit(50, 45, 55), "rope sags through its middle point");
        assert!(!lit(50, 25, 35), "nothing between them");
    }
}
