//! Bodies through the camera with the fast path: filled in a darker shade
//! of their colour, outlined in the colour itself, a radius line on circles
//! so spin shows; sleeping bodies dimmed, sensors translucent. Shapes whose
//! boxes miss the view are skipped before any vertex is transformed.

use super::camera::Camera;
use super::color::{default_body_color, Rgba, STATIC_COLOR};
use super::interp::Poses;
use super::raster::{inset, Disc, Poly, Target};
use super::sprites::{DiscCache, MAX_CACHED_RADIUS};
use crate::physics::{Aabb, BodyId, BodyType, ShapeGeom, Vec2, World};

/// How bodies should look: the scene's colours and what is highlighted.
pub struct BodyLook<'a> {
    pub background: Rgba,
    /// The scene's colour for a body, if it gave one.
    pub color_of: &'a dyn Fn(BodyId) -> Option<Rgba>,
}

/// Outline width in pixels.
const OUTLINE: f32 = 1.5;
/// Below this size (pixels) a shape is one solid blob: an outline would
/// cover it entirely.
const MIN_OUTLINED: f32 = 5.0;

struct Paint {
    fill: Rgba,
    outline: Rgba,
}

fn paint(base: Rgba, bg: Rgba, sleeping: bool, sensor: bool) -> Paint {
    let (mut fill, mut outline) = (base.mix(bg, 0.45), base);
    if sleeping {
        fill = fill.mix(bg, 0.5);
        outline = outline.mix(bg, 0.45);
    }
    if sensor {
        fill = fill.with_alpha(56);
        outline = outline.with_alpha(150);
    }
    Paint { fill, outline }
}

/// Scratch space reused across frames (no allocation per body).
#[derive(Default)]
pub struct BodyPainter {
    verts: Vec<(f32, f32)>,
    inner: Vec<(f32, f32)>,
    discs: DiscCache,
}

impl BodyPainter {
    /// Draw every body; returns how many shapes were drawn (not culled).
    pub fn draw(
        &mut self,
        t: &mut Target,
        cam: &Camera,
        world: &World,
        poses: &Poses,
        alpha: f64,
        look: &BodyLook,
    ) -> usize {
        let view = cam.view();
        // Interpolated poses can sit up to one step behind the boxes.
        let margin = 2.0 / cam.scale.max(1e-9) + 0.5;
        let view = Aabb::new(
            view.min - Vec2::splat(margin),
            view.max + Vec2::splat(margin),
        );
        let mut drawn = 0;
        for (id, b) in world.bodies() {
            let xf = poses.pose(id, b.xf, alpha);
            let base = (look.color_of)(id).unwrap_or(if b.body_type == BodyType::Static {
                STATIC_COLOR
            } else {
                default_body_color(id.index)
            });
            let sleeping = b.body_type != BodyType::Static && !b.awake;
            for sid in &b.shapes {
                let Ok(shape) = world.shape(*sid) else {
                    continue;
                };
                if !shape.aabb.overlaps(&view) {
                    continue;
                }
                drawn += 1;
                let p = paint(base, look.background, sleeping, shape.sensor);
                match &shape.geom {
                    ShapeGeom::Circle(c) => {
                        let (cx, cy) = cam.to_screen(xf.apply(c.center));
                        let r = (c.radius * cam.scale) as f32;
                        // The body's local x axis through the centre shows its spin.
                        let rim = xf.apply(c.center + Vec2::new(c.radius, 0.0));
                        self.circle(t, (cx, cy), r, cam.to_screen(rim), &p);
                    }
                    ShapeGeom::Polygon(poly) => {
                        self.verts.clear();
                        self.verts
                            .extend(poly.verts().iter().map(|v| cam.to_screen(xf.apply(*v))));
                        self.polygon(t, &p);
                    }
                    ShapeGeom::Segment(s) => {
                        let (a, b) = (cam.to_screen(xf.apply(s.a)), cam.to_screen(xf.apply(s.b)));
                        t.line(a, b, 2.0, p.outline);
                    }
                }
            }
        }
        drawn
    }

    fn circle(&mut self, t: &mut Target, c: (f32, f32), r: f32, rim: (f32, f32), p: &Paint) {
        let disc = |r: f32| Disc {
            cx: c.0,
            cy: c.1,
            r,
        };
        if r < MIN_OUTLINED {
            let c2 = p.outline.mix(p.fill, 0.3);
            self.discs.draw(t, c, (r.max(0.6), 0.0), c2, c2);
            return;
        }
        if r <= MAX_CACHED_RADIUS {
            self.discs.draw(t, c, (r, r - OUTLINE), p.outline, p.fill);
            t.hairline(c, rim, p.outline);
        } else {
            t.fill2(&disc(r), Some(&disc(r - OUTLINE)), p.outline, p.fill);
            t.line(c, rim, OUTLINE, p.outline);
        }
    }

    fn polygon(&mut self, t: &mut Target, p: &Paint) {
        let (mut x0, mut x1, mut y0, mut y1) = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
        for &(x, y) in &self.verts {
            (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
        }
        let small = (x1 - x0).min(y1 - y0) < MIN_OUTLINED;
        if small || !inset(&self.verts, OUTLINE, &mut self.inner) {
            t.fill(&Poly::new(&self.verts), p.outline.mix(p.fill, 0.3));
            return;
        }
        t.fill2(
            &Poly::new(&self.verts),
            Some(&Poly::new(&self.inner)),
            p.outline,
            p.fill,
        );
    }
}
