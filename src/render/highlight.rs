//! The outline of one body drawn over everything (hovered or selected in
//! the window), with tiny-skia: one body, so speed does not matter.

use super::camera::Camera;
use super::color::Rgba;
use super::interp::Poses;
use super::paint::stroke;
use crate::physics::{BodyId, ShapeGeom, World};
use tiny_skia::{PathBuilder, Pixmap};

#[allow(clippy::too_many_arguments)]
pub fn highlight(
    pm: &mut Pixmap,
    cam: &Camera,
    world: &World,
    id: BodyId,
    poses: &Poses,
    alpha: f64,
    color: Rgba,
    width: f32,
) {
    let Ok(body) = world.body(id) else {
        return;
    };
    let xf = poses.pose(id, body.xf, alpha);
    let mut pb = PathBuilder::new();
    for (_, shape) in world.shapes_of(id).into_iter().flatten() {
        match &shape.geom {
            ShapeGeom::Circle(c) => {
                let (x, y) = cam.to_screen(xf.apply(c.center));
                pb.push_circle(x, y, ((c.radius * cam.scale) as f32).max(2.0) + width * 0.5);
            }
            ShapeGeom::Polygon(p) => {
                for (i, v) in p.verts().iter().enumerate() {
                    let (x, y) = cam.to_screen(xf.apply(*v));
                    if i == 0 {
                        pb.move_to(x, y);
                    } else {
                        pb.line_to(x, y);
                    }
                }
                pb.close();
            }
            ShapeGeom::Segment(s) => {
                let (a, b) = (cam.to_screen(xf.apply(s.a)), cam.to_screen(xf.apply(s.b)));
                pb.move_to(a.0, a.1);
                pb.line_to(b.0, b.1);
            }
        }
    }
    stroke(pm, pb, color, width);
}
