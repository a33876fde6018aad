//! What connects bodies: joints as a line between their anchors, springs as
//! a zig-zag that stretches and squeezes with the spring, ropes as a smooth
//! curve through their points. Plain data in world coordinates (`of_world`
//! gathers them from the engine through its `DebugDraw` calls), so drawing
//! stays independent of how the engine stores joints. How a scene wants
//! each joint shown (colour, hidden, coil or line) comes in as `Looks`: the
//! engine knows nothing about it.

use super::camera::Camera;
use super::color::Rgba;
use super::paint::{fill, stroke_round};
use crate::physics::{
    Aabb, BodyId, DebugDraw, DrawFlags, DrawStyle, JointId, JointKind, JointType, Real, Transform,
    Vec2, World,
};
use tiny_skia::{PathBuilder, Pixmap};

#[derive(Clone, Debug, PartialEq)]
pub enum LinkCmd {
    /// A rigid joint between two anchors (hinge, weld, distance, slider).
    Joint { a: Vec2, b: Vec2, color: Rgba },
    /// A spring from `a` to `b` drawn with `coils` zig-zags, or as a thin
    /// line: `style` None picks by its length on screen (`coil_fits`).
    Spring {
        a: Vec2,
        b: Vec2,
        coils: u32,
        color: Rgba,
        style: Option<LinkStyle>,
    },
    /// A rope through its points, first to last.
    Rope { points: Vec<Vec2>, color: Rgba },
}

/// How a spring (or any joint asked to) is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkStyle {
    Coil,
    Line,
}

/// How the scene wants one joint or rope drawn; the default is the
/// built-in look (kind colour, shown, springs coil when they fit).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LinkLook {
    pub color: Option<Rgba>,
    pub hidden: bool,
    pub style: Option<LinkStyle>,
}

/// Where `of_world` finds each link's look: joints by id, ropes by their
/// first mass.
pub struct Looks<'a> {
    pub joint: &'a dyn Fn(JointId) -> LinkLook,
    pub rope: &'a dyn Fn(BodyId) -> LinkLook,
}

impl Looks<'_> {
    /// Every link in its built-in look.
    pub fn plain() -> Looks<'static> {
        Looks {
            joint: &|_| LinkLook::default(),
            rope: &|_| LinkLook::default(),
        }
    }
}

/// Colours: rigid joints, the mouse joint, springs, ropes.
const JOINT: Rgba = Rgba::rgb(0xf0, 0xf0, 0xf0);
const MOUSE: Rgba = Rgba::rgb(0x66, 0xdd, 0xff);
const SPRING: Rgba = Rgba::rgb(0xff, 0xc8, 0x50);
const ROPE: Rgba = Rgba::rgb(0xd8, 0xb0, 0x80);
const ANCHOR_RING: Rgba = Rgba::rgb(0xff, 0x50, 0x50);

/// The world's joints, springs and ropes as draw commands, each in the
/// look `looks` gives it (hidden ones left out).
pub fn of_world(world: &World, looks: &Looks) -> Vec<LinkCmd> {
    struct Gather<'l, 'a, 'w>(Vec<LinkCmd>, &'l Looks<'a>, &'w World);
    impl DebugDraw for Gather<'_, '_, '_> {
        fn polygon(&mut self, _: &[Vec2], _: Real, _: DrawStyle, _: u64) {}
        fn circle(&mut self, _: Vec2, _: Real, _: Vec2, _: DrawStyle, _: u64) {}
        fn segment(&mut self, _: Vec2, _: Vec2, _: DrawStyle, _: u64) {}
        fn aabb(&mut self, _: Aabb) {}
        fn contact(&mut self, _: Vec2, _: Vec2, _: Real) {}
        fn center_of_mass(&mut self, _: Transform) {}
        fn velocity(&mut self, _: Vec2, _: Vec2) {}
        fn joint(&mut self, id: JointId, kind: JointType, a: Vec2, b: Vec2) {
            let look = (self.1.joint)(id);
            if look.hidden {
                return;
            }
            if let Some(top) = strut_top(self.2, id, a) {
                // A wheel's suspension: a spring from the strut's top
                // (fixed in A) down to the wheel's centre.
                self.0.push(LinkCmd::Spring {
                    a: top,
                    b,
                    coils: SPRING_COILS,
                    color: look.color.unwrap_or(SPRING),
                    style: look.style,
                });
                return;
            }
            let plain = if kind == JointType::Mouse {
                MOUSE
            } else {
                JOINT
            };
            let color = look.color.unwrap_or(plain);
            // A rigid joint asked to coil is drawn like a spring.
            self.0.push(match look.style {
                Some(LinkStyle::Coil) => LinkCmd::Spring {
                    a,
                    b,
                    coils: SPRING_COILS,
                    color,
                    style: look.style,
                },
                _ => LinkCmd::Joint { a, b, color },
            });
        }
        fn spring(&mut self, id: JointId, a: Vec2, b: Vec2) {
            let look = (self.1.joint)(id);
            if look.hidden {
                return;
            }
            self.0.push(LinkCmd::Spring {
                a,
                b,
                coils: SPRING_COILS,
                color: look.color.unwrap_or(SPRING),
                style: look.style,
            });
        }
        fn rope(&mut self, first: BodyId, points: &[Vec2]) {
            let look = (self.1.rope)(first);
            if look.hidden {
                return;
            }
            self.0.push(LinkCmd::Rope {
                points: points.to_vec(),
                color: look.color.unwrap_or(ROPE),
            });
        }
    }
    let mut g = Gather(Vec::new(), looks, world);
    let flags = DrawFlags {
        joints: true,
        ..DrawFlags::default()
    };
    world.debug_draw(&mut g, flags);
    g.0
}

/// Length of a wheel joint's drawn strut at rest, metres.
const STRUT: Real = 0.5;

/// The top of a wheel joint's strut: A's anchor `a` moved back along the
/// suspension axis (the wheel hangs at the other end); `None` for other
/// kinds.
fn strut_top(world: &World, id: JointId, a: Vec2) -> Option<Vec2> {
    let j = world.joint(id).ok()?;
    let JointKind::Wheel(p) = &j.kind else {
        return None;
    };
    let q = world.body(j.body_a).ok()?.xf.q;
    Some(a + q.rotate(p.axis) * STRUT)
}

/// Zig-zags in a spring's coil.
const SPRING_COILS: u32 = 6;
/// A coil shorter than this on screen is drawn as a line: its teeth would
/// merge into a solid smear (a dense spring net turned into a block).
const MIN_COIL_PX: f32 = 24.0;
/// The least room one tooth of the zig-zag needs along the spring, pixels.
const PX_PER_TOOTH: f32 = 2.5;

/// Whether a spring `len` pixels long has room for `coils` readable
/// zig-zags (the teeth fill the middle 80 %).
pub fn coil_fits(len: f32, coils: u32) -> bool {
    let teeth = 2 * coils.max(1);
    len >= MIN_COIL_PX && len * 0.8 >= teeth as f32 * PX_PER_TOOTH
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
            LinkCmd::Spring {
                a,
                b,
                coils,
                color,
                style,
            } => {
                let (a, b) = (cam.to_screen(*a), cam.to_screen(*b));
                let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
                let coil = match style {
                    Some(LinkStyle::Coil) => true,
                    Some(LinkStyle::Line) => false,
                    None => coil_fits(len, *coils),
                };
                let pts = if coil {
                    zigzag(a, b, *coils)
                } else {
                    vec![a, b]
                };
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
    fn short_springs_are_lines_long_ones_coil() {
        assert!(!coil_fits(20.0, 6), "under the floor");
        assert!(!coil_fits(30.0, 6), "12 teeth need 37.5 px");
        assert!(coil_fits(40.0, 6));
        assert!(coil_fits(24.0, 1));
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
                    style: None,
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
