//! Mass properties of shapes: mass, centre of mass and rotational inertia
//! about that centre, plus combining several parts into one body.
//!
//! Inertia is stored about the shape's own centre of mass (not the body
//! origin) so that parts combine with one parallel-axis shift each.

use crate::physics::geometry::shape::{Circle, Polygon, Segment, ShapeGeom};
use crate::physics::math::{cross, Real, Vec2};
use serde::{Deserialize, Serialize};
use std::f64::consts::PI;

/// Mass properties of a shape or body.
#[derive(Clone, Copy, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct MassData {
    /// Total mass (density × area).
    pub mass: Real,
    /// Centre of mass, in the same frame as the shape's coordinates.
    pub center: Vec2,
    /// Rotational inertia about `center`.
    pub inertia: Real,
}

/// A solid disc: I = m r² / 2 about its centre.
///
/// Density is taken as given; callers validate it (non-negative, finite).
pub fn circle_mass(c: &Circle, density: Real) -> MassData {
    let r2 = c.radius * c.radius;
    let mass = density * PI * r2;
    MassData {
        mass,
        center: c.center,
        inertia: 0.5 * mass * r2,
    }
}

/// Segments are two-sided lines with no thickness, hence no area and no
/// mass. The centre is the midpoint so combining stays well defined.
pub fn segment_mass(s: &Segment, _density: Real) -> MassData {
    MassData {
        mass: 0.0,
        center: 0.5 * (s.a + s.b),
        inertia: 0.0,
    }
}

/// Accumulates area, first moment and polar second moment of area about a
/// fixed reference point. Working relative to a point inside the shape keeps
/// the products small and the result accurate far from the origin.
struct Moments {
    reference: Vec2,
    area: Real,
    /// ∫ (x − reference) dA
    first: Vec2,
    /// ∫ |x − reference|² dA
    second: Real,
}

impl Moments {
    fn new(reference: Vec2) -> Moments {
        Moments {
            reference,
            area: 0.0,
            first: Vec2::ZERO,
            second: 0.0,
        }
    }

    /// Add the triangle (reference, reference + e1, reference + e2).
    ///
    /// With x = e1·u + e2·v over the unit triangle and Jacobian D = e1 × e2:
    /// area = D/2, first moment = area·(e1 + e2)/3 and
    /// ∫|x|² dA = (D/12)(e1·e1 + e1·e2 + e2·e2).
    fn add_fan_triangle(&mut self, e1: Vec2, e2: Vec2) {
        let d = cross(e1, e2);
        let area = 0.5 * d;
        self.area += area;
        self.first += area * (e1 + e2) / 3.0;
        self.second += d / 12.0 * (e1.dot(e1) + e1.dot(e2) + e2.dot(e2));
    }

    /// Add a CCW polygon given in absolute coordinates, as the fan of
    /// triangles from the reference point over every edge. The triangles are
    /// signed, so this is exact even when the reference lies outside.
    fn add_polygon(&mut self, vs: &[Vec2]) {
        let n = vs.len();
        for i in 0..n {
            let e1 = vs[i] - self.reference;
            let e2 = vs[(i + 1) % n] - self.reference;
            self.add_fan_triangle(e1, e2);
        }
    }

    /// Add a circular sector of radius `r` with its apex at `apex`, opening
    /// angle `theta` and unit bisector `dir`.
    ///
    /// About the apex: area = θr²/2, first moment = (2/3) r³ sin(θ/2) along
    /// the bisector, polar moment = θr⁴/4. Moved to the reference with
    /// ∫|x + d|² = ∫|x|² + 2 d·∫x + A|d|².
    fn add_sector(&mut self, apex: Vec2, r: Real, theta: Real, dir: Vec2) {
        let d = apex - self.reference;
        let area = 0.5 * theta * r * r;
        let first_at_apex = (2.0 / 3.0) * r * r * r * (0.5 * theta).sin() * dir;
        self.area += area;
        self.first += first_at_apex + area * d;
        self.second += 0.25 * theta * r.powi(4) + 2.0 * d.dot(first_at_apex) + area * d.dot(d);
    }

    /// Mass data for uniform `density`, inertia shifted to the centroid.
    fn into_mass(self, density: Real) -> MassData {
        if self.area <= 0.0 || !self.area.is_finite() {
            return MassData {
                mass: 0.0,
                center: self.reference,
                inertia: 0.0,
            };
        }
        let offset = self.first / self.area;
        let mass = density * self.area;
        // Parallel axis: I_centre = I_reference − m·|centre − reference|².
        let inertia = density * self.second - mass * offset.dot(offset);
        MassData {
            mass,
            center: self.reference + offset,
            inertia: inertia.max(0.0),
        }
    }
}

/// Mass of a convex counter-clockwise polygon, rounded by its `radius`.
/// (A clockwise or degenerate polygon has no positive area and gets zero
/// mass; polygons from `geometry::polygon` are always CCW.)
///
/// Sharp polygons (radius 0) use the exact triangle-fan integrals. A rounded
/// polygon is the core polygon grown by `radius` in every direction; rather
/// than Box2D's approximation (pushing the vertices out) this adds the exact
/// pieces of that Minkowski sum: one rectangle per edge and one circular
/// sector per corner, so the result is exact for any radius.
pub fn polygon_mass(p: &Polygon, density: Real) -> MassData {
    let vs = p.verts();
    if vs.is_empty() {
        return MassData::default();
    }
    // The vertex average is inside the convex polygon: a good reference.
    let reference = vs.iter().copied().sum::<Vec2>() / vs.len() as Real;
    let mut m = Moments::new(reference);
    m.add_polygon(vs);

    let r = p.radius;
    if r > 0.0 {
        let n = vs.len();
        for i in 0..n {
            let (a, b) = (vs[i], vs[(i + 1) % n]);
            let normal = p.normals[i];
            // The rectangle swept by edge a→b moved out by r (kept CCW).
            m.add_polygon(&[a, a + r * normal, b + r * normal, b]);
            // The corner at b, between this edge's normal and the next one's.
            let next_normal = p.normals[(i + 1) % n];
            let theta = cross(normal, next_normal).atan2(normal.dot(next_normal));
            let bisector = (normal + next_normal).normalize_or_zero();
            if theta > 0.0 {
                m.add_sector(b, r, theta, bisector);
            }
        }
    }
    m.into_mass(density)
}

/// Mass data of any shape.
pub fn shape_mass(g: &ShapeGeom, density: Real) -> MassData {
    match g {
        ShapeGeom::Circle(c) => circle_mass(c, density),
        ShapeGeom::Polygon(p) => polygon_mass(p, density),
        ShapeGeom::Segment(s) => segment_mass(s, density),
    }
}

/// Combine parts of one body: total mass, mass-weighted centre, and inertia
/// about that centre (each part shifted by the parallel-axis theorem).
///
/// With zero total mass (only segments, or nothing) the centre is the plain
/// average of the parts' centres (origin if there are none) and inertia 0.
pub fn combine(parts: &[MassData]) -> MassData {
    let mass: Real = parts.iter().map(|p| p.mass).sum();
    // `!is_finite` also catches NaN.
    if !mass.is_finite() || mass <= 0.0 {
        let center = if parts.is_empty() {
            Vec2::ZERO
        } else {
            parts.iter().map(|p| p.center).sum::<Vec2>() / parts.len() as Real
        };
        return MassData {
            mass: 0.0,
            center,
            inertia: 0.0,
        };
    }
    let center = parts.iter().map(|p| p.mass * p.center).sum::<Vec2>() / mass;
    let inertia = parts
        .iter()
        .map(|p| p.inertia + p.mass * (p.center - center).length_squared())
        .sum();
    MassData {
        mass,
        center,
        inertia,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::geometry::{decompose_concave, make_box};

    fn v(x: Real, y: Real) -> Vec2 {
        Vec2::new(x, y)
    }

    fn close(a: Real, b: Real, rel: Real) -> bool {
        (a - b).abs() <= rel * a.abs().max(b.abs()).max(1e-300)
    }

    #[test]
    fn unit_box() {
        let m = polygon_mass(&Polygon::make_box(0.5, 0.5), 1.0);
        assert!(close(m.mass, 1.0, 1e-14));
        assert!(m.center.length() < 1e-15);
        assert!(close(m.inertia, 1.0 / 6.0, 1e-14));
    }

    #[test]
    fn two_by_one_box_offset_and_rotated() {
        let b = make_box(1.0, 0.5, v(10.0, -7.0), 0.8).unwrap();
        let m = polygon_mass(&b, 3.0);
        assert!(close(m.mass, 6.0, 1e-13));
        assert!((m.center - v(10.0, -7.0)).length() < 1e-12);
        assert!(close(m.inertia, 6.0 * (4.0 + 1.0) / 12.0, 1e-12));
    }

    #[test]
    fn disc() {
        let m = circle_mass(
            &Circle {
                center: v(1.0, 2.0),
                radius: 2.0,
            },
            0.5,
        );
        assert!(close(m.mass, 0.5 * PI * 4.0, 1e-15));
        assert_eq!(m.center, v(1.0, 2.0));
        assert!(close(m.inertia, 0.5 * m.mass * 4.0, 1e-15));
    }

    #[test]
    fn triangle_analytic() {
        // Right triangle legs a (x) and b (y): area ab/2, centroid (a/3, b/3),
        // I_centroid = m (a² + b²) / 18.
        let (a, b) = (3.0, 2.0);
        let p = Polygon::from_ccw(&[v(0.0, 0.0), v(a, 0.0), v(0.0, b)], 0.0);
        let m = polygon_mass(&p, 2.0);
        assert!(close(m.mass, a * b, 1e-14));
        assert!((m.center - v(a / 3.0, b / 3.0)).length() < 1e-14);
        assert!(close(m.inertia, m.mass * (a * a + b * b) / 18.0, 1e-13));
    }

    #[test]
    fn segment_is_massless() {
        let m = segment_mass(&Segment::new(v(0.0, 0.0), v(2.0, 0.0)), 5.0);
        assert_eq!(m.mass, 0.0);
        assert_eq!(m.inertia, 0.0);
        assert_eq!(m.center, v(1.0, 0.0));
        let g = ShapeGeom::Segment(Segment::new(v(0.0, 0.0), v(2.0, 0.0)));
        assert_eq!(shape_mass(&g, 5.0), m);
    }

    #[test]
    fn l_shape_from_pieces_matches_analytic() {
        let l = [
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(2.0, 1.0),
            v(1.0, 1.0),
            v(1.0, 2.0),
            v(0.0, 2.0),
        ];
        let parts: Vec<MassData> = decompose_concave(&l)
            .iter()
            .map(|p| polygon_mass(&Polygon::from_ccw(p, 0.0), 1.0))
            .collect();
        let m = combine(&parts);
        // Analytic: 2×1 rectangle at (1, 0.5) plus 1×1 square at (0.5, 1.5).
        let r1 = MassData {
            mass: 2.0,
            center: v(1.0, 0.5),
            inertia: 2.0 * 5.0 / 12.0,
        };
        let r2 = MassData {
            mass: 1.0,
            center: v(0.5, 1.5),
            inertia: 2.0 / 12.0,
        };
        let expect = combine(&[r1, r2]);
        assert!(close(expect.inertia, 11.0 / 6.0, 1e-14));
        assert!(close(m.mass, 3.0, 1e-13));
        assert!((m.center - v(5.0 / 6.0, 5.0 / 6.0)).length() < 1e-13);
        assert!(close(m.inertia, expect.inertia, 1e-12));
    }

    #[test]
    fn offset_box_through_combine() {
        // A unit box at (3, 4) combined alone: inertia about its own centre.
        let m = polygon_mass(&make_box(0.5, 0.5, v(3.0, 4.0), 0.0).unwrap(), 1.0);
        let c = combine(&[m]);
        assert!(close(c.inertia, 1.0 / 6.0, 1e-12));
        // Two unit boxes at x = ±1: I = 2·(1/6 + 1·1²).
        let a = polygon_mass(&make_box(0.5, 0.5, v(-1.0, 0.0), 0.0).unwrap(), 1.0);
        let b = polygon_mass(&make_box(0.5, 0.5, v(1.0, 0.0), 0.0).unwrap(), 1.0);
        let c = combine(&[a, b]);
        assert!(close(c.mass, 2.0, 1e-14));
        assert!(c.center.length() < 1e-14);
        assert!(close(c.inertia, 2.0 * (1.0 / 6.0 + 1.0), 1e-13));
        // Same as one 2×1 box made of two halves side by side.
        let a = polygon_mass(&make_box(0.5, 0.5, v(-0.5, 0.0), 0.0).unwrap(), 1.0);
        let b = polygon_mass(&make_box(0.5, 0.5, v(0.5, 0.0), 0.0).unwrap(), 1.0);
        assert!(close(combine(&[a, b]).inertia, 2.0 * 5.0 / 12.0, 1e-13));
    }

    #[test]
    fn combine_edge_cases() {
        assert_eq!(combine(&[]), MassData::default());
        let s = segment_mass(&Segment::new(v(0.0, 0.0), v(2.0, 2.0)), 1.0);
        let c = combine(&[s]);
        assert_eq!((c.mass, c.inertia, c.center), (0.0, 0.0, v(1.0, 1.0)));
    }

    #[test]
    fn rounded_box_exact_area() {
        let mut p = Polygon::make_box(1.0, 0.5);
        p.radius = 0.25;
        let m = polygon_mass(&p, 1.0);
        let r: Real = 0.25;
        let area = 2.0 + 6.0 * r + PI * r * r;
        assert!(close(m.mass, area, 1e-14));
        assert!(m.center.length() < 1e-14);
        // Brute-force inertia by sampling the rounded shape on a fine grid:
        // a point is inside if it is in the core or within r of an edge.
        let g = ShapeGeom::Polygon(Polygon::make_box(1.0, 0.5));
        let vs = p.verts();
        let near_edge = |q: Vec2| {
            (0..4).any(|k| {
                let (a, b) = (vs[k], vs[(k + 1) % 4]);
                let t = ((q - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
                (q - a.lerp(b, t)).length() <= r
            })
        };
        let (hx, hy) = (1.0 + r, 0.5 + r);
        let n = 1200;
        let (dx, dy) = (2.0 * hx / n as Real, 2.0 * hy / n as Real);
        let mut sum = 0.0;
        let mut a = 0.0;
        for i in 0..n {
            for j in 0..n {
                let q = v(-hx + (i as Real + 0.5) * dx, -hy + (j as Real + 0.5) * dy);
                if g.contains_local(q) || near_edge(q) {
                    sum += q.length_squared() * dx * dy;
                    a += dx * dy;
                }
            }
        }
        assert!(close(a, area, 2e-3));
        assert!(close(m.inertia, sum, 2e-3), "{} vs {}", m.inertia, sum);
    }

    #[test]
    fn rounded_tiny_core_is_a_disc() {
        let mut p = Polygon::from_ccw(&[v(5.0, 5.0), v(5.0 + 1e-6, 5.0), v(5.0, 5.0 + 1e-6)], 0.0);
        p.radius = 1.0;
        let m = polygon_mass(&p, 1.0);
        assert!(close(m.mass, PI, 1e-5));
        assert!((m.center - v(5.0, 5.0)).length() < 1e-5);
        assert!(close(m.inertia, 0.5 * PI, 1e-5));
    }

    #[test]
    fn shape_dispatch_and_non_finite() {
        let c = ShapeGeom::Circle(Circle {
            center: Vec2::ZERO,
            radius: 1.0,
        });
        assert!(close(shape_mass(&c, 1.0).mass, PI, 1e-15));
        let p = ShapeGeom::Polygon(Polygon::make_box(0.5, 0.5));
        assert!(close(shape_mass(&p, 2.0).mass, 2.0, 1e-15));
        // Non-finite input gives non-finite or zero numbers, never a panic.
        let _ = polygon_mass(&Polygon::make_box(Real::NAN, 1.0), 1.0);
        let _ = combine(&[MassData {
            mass: Real::NAN,
            center: Vec2::ZERO,
            inertia: 1.0,
        }]);
    }
}
