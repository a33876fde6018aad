//! Bodies through the camera with the fast path: filled (opaque) in nearly
//! their own colour, made just light or dark enough to stand out from the
//! background, and outlined in a lighter or darker shade of the fill —
//! whichever differs more from both the fill and the background — so every
//! colour reads on any background (`#333333` wheels on the dark default
//! were invisible with translucent fills). A radius line on circles shows
//! spin; sleeping bodies are dimmed, sensors translucent. Shapes whose
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

/// How much of the background is mixed into a fill (softens pure colours).
const FILL_BACKGROUND: f32 = 0.15;
/// How much closer to the background a sleeping body's fill is.
const SLEEP_DIM: f32 = 0.4;
/// Least luma difference between a fill and the background.
const MIN_FILL_CONTRAST: f32 = 0.15;
/// How far an outline may go from its fill towards white or black: the
/// shades tried, as fractions of the way.
const OUTLINE_SHIFTS: [f32; 6] = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8];

struct Paint {
    fill: Rgba,
    outline: Rgba,
}

impl Paint {
    /// The one colour of a shape too small to outline: its fill, which
    /// already stands out from the background (a sensor's translucent fill
    /// would vanish: the outline shaded towards it instead).
    fn blob(&self) -> Rgba {
        if self.fill.a == 255 {
            self.fill
        } else {
            self.outline.mix(self.fill, 0.3)
        }
    }
}

fn paint(base: Rgba, bg: Rgba, sleeping: bool, sensor: bool) -> Paint {
    let mut fill = base.mix(bg, FILL_BACKGROUND);
    if sleeping {
        fill = fill.mix(bg, SLEEP_DIM);
    }
    fill = fill.contrasting(bg, MIN_FILL_CONTRAST);
    let mut outline = outline_for(fill, bg);
    if sensor {
        fill = fill.with_alpha(56);
        outline = outline.with_alpha(150);
    }
    Paint { fill, outline }
}

/// The lighter or darker shade of `fill` whose luma is farthest from both
/// the fill's and the background's (the nearer of the two counts): a light
/// outline on a dark fill, and on a light fill over a dark background a
/// shade halfway down, apart from both.
fn outline_for(fill: Rgba, bg: Rgba) -> Rgba {
    let apart = |c: Rgba| {
        (c.luma() - fill.luma())
            .abs()
            .min((c.luma() - bg.luma()).abs())
    };
    let mut best = (fill, -1.0);
    for toward in [Rgba::rgb(255, 255, 255), Rgba::rgb(0, 0, 0)] {
        for t in OUTLINE_SHIFTS {
            let c = fill.mix(toward, t);
            if apart(c) > best.1 {
                best = (c, apart(c));
            }
        }
    }
    best.0
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
            let c2 = p.blob();
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
            t.fill(&Poly::new(&self.verts), p.blob());
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
