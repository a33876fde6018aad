//! A convex hull as the polygon routines see it: vertices, outward normals and
//! a rounding radius, already placed in the common working frame. Segments
//! become 2-vertex hulls (a capsule of radius 0) so one polygon routine serves
//! both, with edge 0 facing one side and edge 1 the other (two-sided).

use crate::physics::geometry::shape::{Polygon, MAX_POLYGON_VERTICES};
use crate::physics::math::{right_perp, Real, Transform, Vec2};

#[derive(Clone, Copy, Debug)]
pub(super) struct Hull {
    pub v: [Vec2; MAX_POLYGON_VERTICES],
    pub n: [Vec2; MAX_POLYGON_VERTICES],
    pub count: usize,
    pub radius: Real,
}

impl Hull {
    /// The polygon mapped by `xf` (rotation and translation of the working
    /// frame), then shifted by `-origin`, in one pass.
    pub fn from_polygon(poly: &Polygon, xf: Transform, origin: Vec2) -> Hull {
        Self::from_polygon_counted(poly, xf, origin, poly.count.min(MAX_POLYGON_VERTICES))
    }

    /// `from_polygon` for a polygon of `count` vertices.
    #[inline(always)]
    pub fn from_polygon_counted(poly: &Polygon, xf: Transform, origin: Vec2, count: usize) -> Hull {
        let mut h = Hull {
            v: [Vec2::ZERO; MAX_POLYGON_VERTICES],
            n: [Vec2::ZERO; MAX_POLYGON_VERTICES],
            count,
            radius: poly.radius,
        };
        for i in 0..count {
            h.v[i] = xf.apply(poly.vertices[i]) - origin;
            h.n[i] = xf.q.rotate(poly.normals[i]);
        }
        h
    }

    /// A capsule core `p1..p2` of the given radius. The caller guarantees the
    /// points are distinct (a degenerate segment is handled as a point).
    /// The polygon in its own frame, shifted by `-origin` (no rotation:
    /// the reference side of a pair needs none).
    pub fn from_local(poly: &Polygon, origin: Vec2) -> Hull {
        Self::from_local_counted(poly, origin, poly.count.min(MAX_POLYGON_VERTICES))
    }

    /// `from_local` for a polygon of `count` vertices.
    #[inline(always)]
    pub fn from_local_counted(poly: &Polygon, origin: Vec2, count: usize) -> Hull {
        let mut h = Hull {
            v: [Vec2::ZERO; MAX_POLYGON_VERTICES],
            n: poly.normals,
            count,
            radius: poly.radius,
        };
        for i in 0..count {
            h.v[i] = poly.vertices[i] - origin;
        }
        h
    }

    pub fn capsule(p1: Vec2, p2: Vec2, radius: Real) -> Hull {
        let mut h = Hull {
            v: [Vec2::ZERO; MAX_POLYGON_VERTICES],
            n: [Vec2::ZERO; MAX_POLYGON_VERTICES],
            count: 2,
            radius,
        };
        let normal = right_perp(p2 - p1).normalize_or_zero();
        h.v[0] = p1;
        h.v[1] = p2;
        h.n[0] = normal;
        h.n[1] = -normal;
        h
    }

    /// For a four-vertex hull whose opposite sides are parallel and equal
    /// (a box, however rotated): its centre and half-edge vectors `a`, `b`,
    /// the vertices being centre ∓ a ∓ b in order. `None` otherwise.
    #[inline(always)]
    pub fn parallelogram(&self) -> Option<(Vec2, Vec2, Vec2)> {
        if self.count != 4 {
            return None;
        }
        let [v0, v1, v2, v3] = [self.v[0], self.v[1], self.v[2], self.v[3]];
        let a = 0.5 * (v1 - v0);
        let b = 0.5 * (v3 - v0);
        // Opposite edges equal (to round-off of the hull's own size). Written
        // so NaN input is not a parallelogram (the general path handles it).
        let gap = (v2 - v3) - (v1 - v0);
        let scale = (v1 - v0).length_squared() + (v3 - v0).length_squared();
        let closed = gap.length_squared() <= 1e-20 * scale;
        if !closed {
            return None;
        }
        Some((0.5 * (v0 + v2), a, b))
    }

    #[inline(always)]
    pub fn next(&self, i: usize) -> usize {
        if i + 1 < self.count {
            i + 1
        } else {
            0
        }
    }

    /// Shift every vertex by `-origin` (a pure translation of the frame).
    pub fn shifted(mut self, origin: Vec2) -> Hull {
        for v in &mut self.v[..self.count] {
            *v -= origin;
        }
        self
    }
}
