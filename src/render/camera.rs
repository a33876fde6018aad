//! The camera: world metres (y up) to window pixels (y down) and back.

use crate::physics::{Aabb, Vec2};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// World point at the centre of the view.
    pub center: Vec2,
    /// Pixels per metre.
    pub scale: f64,
    pub width: u32,
    pub height: u32,
}

/// Limits that keep the maths finite whatever the wheel does.
const MIN_SCALE: f64 = 1e-3;
const MAX_SCALE: f64 = 1e5;

impl Camera {
    pub fn new(width: u32, height: u32) -> Camera {
        Camera {
            center: Vec2::ZERO,
            scale: 40.0,
            width: width.max(1),
            height: height.max(1),
        }
    }

    /// `scene { camera = {x, y, zoom} }`: centred on (x, y) with `zoom`
    /// metres visible from the bottom to the top of the view.
    pub fn look_at(&mut self, x: f64, y: f64, zoom: f64) {
        self.center = Vec2::new(x, y);
        self.scale = (self.height as f64 / zoom).clamp(MIN_SCALE, MAX_SCALE);
    }

    /// Show all of `bounds` with a margin (a fraction of the view).
    pub fn fit(&mut self, bounds: Aabb, margin: f64) {
        let size = (bounds.max - bounds.min).max(Vec2::splat(1e-3));
        let usable = 1.0 - 2.0 * margin;
        let sx = self.width as f64 * usable / size.x;
        let sy = self.height as f64 * usable / size.y;
        self.center = (bounds.min + bounds.max) * 0.5;
        self.scale = sx.min(sy).clamp(MIN_SCALE, MAX_SCALE);
    }

    /// Window size changed: keep the centre and the scale.
    pub fn resize(&mut self, width: u32, height: u32) {
        self.width = width.max(1);
        self.height = height.max(1);
    }

    #[inline]
    pub fn to_screen(&self, p: Vec2) -> (f32, f32) {
        (
            ((p.x - self.center.x) * self.scale + self.width as f64 * 0.5) as f32,
            (self.height as f64 * 0.5 - (p.y - self.center.y) * self.scale) as f32,
        )
    }

    pub fn to_world(&self, sx: f32, sy: f32) -> Vec2 {
        Vec2::new(
            (sx as f64 - self.width as f64 * 0.5) / self.scale + self.center.x,
            (self.height as f64 * 0.5 - sy as f64) / self.scale + self.center.y,
        )
    }

    /// The world rectangle the view shows.
    pub fn view(&self) -> Aabb {
        let a = self.to_world(0.0, self.height as f32);
        let b = self.to_world(self.width as f32, 0.0);
        Aabb::new(a, b)
    }

    /// Move the view by a drag of (dx, dy) pixels (the world follows the mouse).
    pub fn pan_pixels(&mut self, dx: f32, dy: f32) {
        self.center.x -= dx as f64 / self.scale;
        self.center.y += dy as f64 / self.scale;
    }

    /// Zoom by `factor`, keeping the world point under the cursor still.
    pub fn zoom_at(&mut self, sx: f32, sy: f32, factor: f64) {
        let before = self.to_world(sx, sy);
        self.scale = (self.scale * factor).clamp(MIN_SCALE, MAX_SCALE);
        let after = self.to_world(sx, sy);
        self.center += before - after;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_flips_y() {
        let mut c = Camera::new(200, 100);
        c.look_at(1.0, 2.0, 10.0);
        let (sx, sy) = c.to_screen(Vec2::new(1.0, 3.0));
        assert_eq!((sx, sy), (100.0, 40.0));
        let w = c.to_world(sx, sy);
        assert!((w - Vec2::new(1.0, 3.0)).length() < 1e-6);
    }

    #[test]
    fn zoom_keeps_the_point_under_the_cursor() {
        let mut c = Camera::new(640, 480);
        let before = c.to_world(100.0, 50.0);
        c.zoom_at(100.0, 50.0, 1.7);
        let after = c.to_world(100.0, 50.0);
        assert!((before - after).length() < 1e-9);
    }

    #[test]
    fn fit_shows_the_whole_box() {
        let mut c = Camera::new(400, 200);
        c.fit(Aabb::new(Vec2::new(-10.0, 0.0), Vec2::new(10.0, 2.0)), 0.05);
        let v = c.view();
        assert!(v.min.x <= -10.0 && v.max.x >= 10.0 && v.min.y <= 0.0 && v.max.y >= 2.0);
    }
}
