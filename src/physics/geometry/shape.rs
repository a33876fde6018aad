//! Shape geometry in body-local coordinates (relative to the body origin).
//! A body owns one or more shapes (compound bodies). Concave polygons arrive
//! here already split into convex pieces (see `geometry::decompose`).

use crate::physics::math::{cross, Aabb, Real, Transform, Vec2};
use serde::{Deserialize, Serialize};

/// Most vertices a convex polygon piece may have; larger hulls are split.
pub const MAX_POLYGON_VERTICES: usize = 8;

/// A solid circle.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Circle {
    pub center: Vec2,
    pub radius: Real,
}

/// A convex polygon, counter-clockwise, with outward unit edge normals.
/// `normals[i]` is the normal of the edge from `vertices[i]` to `vertices[i + 1]`.
/// `radius` rounds the polygon (0 for sharp corners).
/// In declaration order (`repr(C)`): the count and radius first, beside the
/// first vertices, so a box's collision and bounding box read its count in
/// the line of its vertices (left to the compiler, they went after both
/// arrays, a line of their own).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[repr(C)]
pub struct Polygon {
    pub count: usize,
    pub radius: Real,
    pub vertices: [Vec2; MAX_POLYGON_VERTICES],
    pub normals: [Vec2; MAX_POLYGON_VERTICES],
    pub centroid: Vec2,
    /// Edge ends lying flush against an edge of another static shape (bit
    /// 2i: edge i's start, bit 2i + 1: its end). Set by the world for
    /// polygons on static bodies (`collision/seams.rs`): a circle rolling
    /// across such a seam between two floor tiles is not caught on the
    /// corner there (see `collision/narrow_phase/polygon_circle.rs`).
    #[serde(default)]
    pub flush: u16,
    /// Edges covered along their whole length by other static shapes (bit
    /// i: edge i): inside a tiled floor, not its surface, so no contact
    /// pushes across them (`collision/narrow_phase/polygons.rs`).
    #[serde(default)]
    pub internal: u8,
    /// Edges along which the shape this piece belongs to was cut into
    /// convex pieces (bit i: edge i): inside the outline, never a surface
    /// (`geometry/piece_edges.rs`). Set when the pieces are made, on any
    /// body type, and kept (the world's seam pass leaves it alone).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shared: u8,
    /// Vertices that are reflex corners of that outline (bit i: vertex
    /// i): where a piece's surface runs on into a neighbour piece, whether
    /// it bends into a hollow there.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hollow: u8,
}

/// A line segment (two-sided, zero thickness). Static by default in scenes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Segment {
    pub a: Vec2,
    pub b: Vec2,
    /// Where the floor carries on past `a` into another static segment
    /// (end to end, nearly straight): that neighbour's far end, in this
    /// shape's body frame (a "ghost" vertex). Set by the world for
    /// segments on static bodies (`collision/seams.rs`): a shape crossing
    /// the joint is not caught on the neighbour's end point there (see
    /// `collision/narrow_phase/segment_circle.rs`). `None`: a real end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ghost_a: Option<Vec2>,
    /// The same past `b`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ghost_b: Option<Vec2>,
    /// Of the two segments meeting at a smooth joint, the one that takes a
    /// point exactly level with the joint and, at a bend, the corner
    /// itself (bit 0: end `a`, bit 1: end `b`), so that exactly one of
    /// them reports it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub owns: u8,
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}

impl Segment {
    /// The segment from `a` to `b`, both ends real (no neighbour known).
    pub fn new(a: Vec2, b: Vec2) -> Segment {
        Segment {
            a,
            b,
            ghost_a: None,
            ghost_b: None,
            owns: 0,
        }
    }
}

/// The geometry of one shape. Kept unboxed on purpose: the narrow phase
/// reads it every step and an indirection per shape costs more than the bytes.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum ShapeGeom {
    Circle(Circle),
    Polygon(Polygon),
    Segment(Segment),
}

/// The kind of a shape, for dispatch tables and the Lua side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShapeKind {
    Circle,
    Polygon,
    Segment,
}

impl Polygon {
    /// Build from vertices already convex and counter-clockwise (no checks
    /// beyond what the arithmetic needs; validation lives in `geometry`).
    pub fn from_ccw(points: &[Vec2], radius: Real) -> Polygon {
        debug_assert!(points.len() >= 3 && points.len() <= MAX_POLYGON_VERTICES);
        let count = points.len();
        let mut vertices = [Vec2::ZERO; MAX_POLYGON_VERTICES];
        let mut normals = [Vec2::ZERO; MAX_POLYGON_VERTICES];
        vertices[..count].copy_from_slice(points);
        for i in 0..count {
            let edge = vertices[(i + 1) % count] - vertices[i];
            normals[i] = Vec2::new(edge.y, -edge.x).normalize_or_zero();
        }
        Polygon {
            vertices,
            normals,
            count,
            radius,
            centroid: polygon_centroid(&vertices[..count]),
            flush: 0,
            internal: 0,
            shared: 0,
            hollow: 0,
        }
    }

    /// An axis-aligned box of half-extents `hx`, `hy` centred on the origin.
    pub fn make_box(hx: Real, hy: Real) -> Polygon {
        Polygon::from_ccw(
            &[
                Vec2::new(-hx, -hy),
                Vec2::new(hx, -hy),
                Vec2::new(hx, hy),
                Vec2::new(-hx, hy),
            ],
            0.0,
        )
    }

    /// A box of half-extents `hx`, `hy`, centred at `center` and rotated by `angle`.
    pub fn make_offset_box(hx: Real, hy: Real, center: Vec2, angle: Real) -> Polygon {
        let xf = Transform::new(center, angle);
        let pts = [
            xf.apply(Vec2::new(-hx, -hy)),
            xf.apply(Vec2::new(hx, -hy)),
            xf.apply(Vec2::new(hx, hy)),
            xf.apply(Vec2::new(-hx, hy)),
        ];
        Polygon::from_ccw(&pts, 0.0)
    }

    #[inline]
    pub fn verts(&self) -> &[Vec2] {
        &self.vertices[..self.count]
    }
}

/// Area centroid of a simple polygon (any winding).
pub fn polygon_centroid(vs: &[Vec2]) -> Vec2 {
    let origin = vs[0];
    let mut area = 0.0;
    let mut c = Vec2::ZERO;
    for i in 1..vs.len() - 1 {
        let e1 = vs[i] - origin;
        let e2 = vs[i + 1] - origin;
        let a = 0.5 * cross(e1, e2);
        c += a * (e1 + e2) / 3.0;
        area += a;
    }
    if area.abs() > 0.0 {
        origin + c / area
    } else {
        origin
    }
}

impl ShapeGeom {
    /// The same geometry without the seam marks the world writes on static
    /// shapes (`Polygon::flush`, `Segment::ghost_a`, ...): a shape arrives
    /// without them, and only the world's seam pass may set them.
    pub fn without_seams(mut self) -> ShapeGeom {
        match &mut self {
            ShapeGeom::Circle(_) => {}
            ShapeGeom::Polygon(p) => {
                p.flush = 0;
                p.internal = 0;
            }
            ShapeGeom::Segment(s) => *s = Segment::new(s.a, s.b),
        }
        self
    }

    /// How far the surface lies outside the shape's core (a point, a
    /// segment, a polygon): a circle's radius, a polygon's corner radius.
    pub fn rounding(&self) -> Real {
        match self {
            ShapeGeom::Circle(c) => c.radius,
            ShapeGeom::Polygon(p) => p.radius,
            ShapeGeom::Segment(_) => 0.0,
        }
    }

    pub fn kind(&self) -> ShapeKind {
        match self {
            ShapeGeom::Circle(_) => ShapeKind::Circle,
            ShapeGeom::Polygon(_) => ShapeKind::Polygon,
            ShapeGeom::Segment(_) => ShapeKind::Segment,
        }
    }

    /// World bounding box of the shape placed by `xf`.
    pub fn aabb(&self, xf: Transform) -> Aabb {
        match self {
            ShapeGeom::Circle(c) => {
                let p = xf.apply(c.center);
                let r = Vec2::splat(c.radius);
                Aabb::new(p - r, p + r)
            }
            ShapeGeom::Polygon(poly) => {
                let mut lo = xf.apply(poly.vertices[0]);
                let mut hi = lo;
                for v in &poly.vertices[1..poly.count] {
                    let w = xf.apply(*v);
                    lo = lo.min(w);
                    hi = hi.max(w);
                }
                let r = Vec2::splat(poly.radius);
                Aabb::new(lo - r, hi + r)
            }
            ShapeGeom::Segment(s) => {
                let a = xf.apply(s.a);
                let b = xf.apply(s.b);
                Aabb::new(a.min(b), a.max(b))
            }
        }
    }

    /// Does the local-space shape contain the local point `p`?
    pub fn contains_local(&self, p: Vec2) -> bool {
        match self {
            ShapeGeom::Circle(c) => (p - c.center).length_squared() <= c.radius * c.radius,
            ShapeGeom::Polygon(poly) => {
                let mut max_sep = Real::NEG_INFINITY;
                for i in 0..poly.count {
                    let s = poly.normals[i].dot(p - poly.vertices[i]);
                    max_sep = max_sep.max(s);
                }
                if max_sep <= 0.0 {
                    return true;
                }
                if max_sep > poly.radius {
                    return false;
                }
                // Rounded polygon, point in the rounding band: inside when
                // within `radius` of the core's boundary (the corners are
                // arcs, not the square corners of the offset edges).
                let r2 = poly.radius * poly.radius;
                (0..poly.count).any(|i| {
                    let a = poly.vertices[i];
                    let b = poly.vertices[(i + 1) % poly.count];
                    let e = b - a;
                    let t = ((p - a).dot(e) / e.length_squared()).clamp(0.0, 1.0);
                    (p - (a + t * e)).length_squared() <= r2
                })
            }
            ShapeGeom::Segment(_) => false,
        }
    }

    /// Largest distance of any shape point from the body origin (used for
    /// continuous collision and sanity bounds).
    pub fn extent_from_origin(&self) -> Real {
        match self {
            ShapeGeom::Circle(c) => c.center.length() + c.radius,
            // One square root: the root of the largest square is the
            // largest root.
            ShapeGeom::Polygon(p) => {
                let far = p
                    .verts()
                    .iter()
                    .map(|v| v.length_squared())
                    .fold(0.0, Real::max);
                far.sqrt() + p.radius
            }
            ShapeGeom::Segment(s) => s.a.length_squared().max(s.b.length_squared()).sqrt(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounded_box_contains_points_inside_its_arcs_only() {
        let mut poly = Polygon::make_box(1.0, 1.0);
        poly.radius = 0.5;
        let shape = ShapeGeom::Polygon(poly);
        assert!(shape.contains_local(Vec2::new(0.0, 0.0)));
        assert!(
            shape.contains_local(Vec2::new(1.4, 0.0)),
            "in the side band"
        );
        assert!(!shape.contains_local(Vec2::new(1.6, 0.0)));
        // Beyond the corner arc but inside the square offset corner.
        assert!(!shape.contains_local(Vec2::new(1.45, 1.45)));
        assert!(shape.contains_local(Vec2::new(1.3, 1.3)));
    }

    #[test]
    fn box_normals_point_out() {
        let b = Polygon::make_box(1.0, 0.5);
        assert_eq!(b.count, 4);
        assert_eq!(b.normals[0], Vec2::new(0.0, -1.0));
        assert_eq!(b.normals[1], Vec2::new(1.0, 0.0));
        assert!(b.centroid.length() < 1e-15);
        let g = ShapeGeom::Polygon(b);
        assert!(g.contains_local(Vec2::new(0.9, 0.4)));
        assert!(!g.contains_local(Vec2::new(1.1, 0.0)));
    }

    #[test]
    fn rotated_aabb() {
        let g = ShapeGeom::Polygon(Polygon::make_box(1.0, 1.0));
        let bb = g.aabb(Transform::new(
            Vec2::new(2.0, 0.0),
            std::f64::consts::FRAC_PI_4,
        ));
        let r = 2.0_f64.sqrt();
        assert!((bb.max.x - (2.0 + r)).abs() < 1e-12);
        assert!((bb.min.y + r).abs() < 1e-12);
    }
}
