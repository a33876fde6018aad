//! A scene's own drawing (`draw(g)` in Lua), in world coordinates. The
//! renderer gets plain data (no Lua): the app converts the scene's commands.

use super::camera::Camera;
use super::color::Rgba;
use super::paint::stroke;
use super::raster::Target;
use super::text::TextPainter;
use crate::physics::Vec2;
use tiny_skia::{PathBuilder, Pixmap};

#[derive(Clone, Debug, PartialEq)]
pub enum OverlayCmd {
    Line {
        a: Vec2,
        b: Vec2,
        color: Rgba,
    },
    /// Outline of a circle.
    Circle {
        center: Vec2,
        r: f64,
        color: Rgba,
    },
    /// Outline of an axis-aligned rectangle centred on `center` (like `box`).
    Rect {
        center: Vec2,
        w: f64,
        h: f64,
        color: Rgba,
    },
    /// Text with its top-left corner at `at`.
    Text {
        at: Vec2,
        text: String,
        color: Rgba,
    },
}

/// Pixel size of overlay text.
const TEXT_PX: f32 = 15.0;

pub fn draw_overlay(pm: &mut Pixmap, cam: &Camera, text: &mut TextPainter, cmds: &[OverlayCmd]) {
    for cmd in cmds {
        let mut pb = PathBuilder::new();
        let color = match cmd {
            OverlayCmd::Line { a, b, color } => {
                let (a, b) = (cam.to_screen(*a), cam.to_screen(*b));
                pb.move_to(a.0, a.1);
                pb.line_to(b.0, b.1);
                *color
            }
            OverlayCmd::Circle { center, r, color } => {
                let (x, y) = cam.to_screen(*center);
                pb.push_circle(x, y, ((r * cam.scale) as f32).max(0.5));
                *color
            }
            OverlayCmd::Rect {
                center,
                w,
                h,
                color,
            } => {
                let half = Vec2::new(w.abs() * 0.5, h.abs() * 0.5);
                let (x0, y1) = cam.to_screen(*center - half);
                let (x1, y0) = cam.to_screen(*center + half);
                if let Some(r) =
                    tiny_skia::Rect::from_ltrb(x0, y0, x1.max(x0 + 0.5), y1.max(y0 + 0.5))
                {
                    pb.push_rect(r);
                }
                *color
            }
            OverlayCmd::Text { at, text: s, color } => {
                let (x, y) = cam.to_screen(*at);
                text.draw(&mut Target::new(pm), x, y, s, TEXT_PX, *color);
                continue;
            }
        };
        stroke(pm, pb, color, 1.5);
    }
}
