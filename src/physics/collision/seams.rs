//! Seams between static shapes. Two floor tiles side by side share an edge
//! line: each tile's edge at the seam lies flush against the other's, with
//! opposite normals. To a circle rolling across, the tile ahead has a
//! corner there whose normal tilts back at it — a "ghost" bump that cost a
//! ball 7 % of its speed per seam. The world marks the ends of such edges
//! on static polygons (`Polygon::flush`), and circle contacts treat a
//! corner next to a flush edge as part of the face beside it.
//!
//! This file is the geometry of it; the world pass that finds neighbouring
//! static polygons and writes their marks runs before a step whenever
//! static geometry changed (`world/step/seams.rs`).

use crate::physics::geometry::shape::{ShapeGeom, MAX_POLYGON_VERTICES};
use crate::physics::math::{Real, Transform, Vec2};
use crate::physics::settings::LINEAR_SLOP;

/// How far apart two edge lines may be, and how much two edges must
/// overlap, to count as one surface (m).
pub(crate) const FLUSH_TOLERANCE: Real = 0.5 * LINEAR_SLOP;

/// A static polygon's edges in world space: (start, end, outward normal).
pub(crate) fn world_edges(geom: &ShapeGeom, xf: Transform) -> Option<Vec<(Vec2, Vec2, Vec2)>> {
    let ShapeGeom::Polygon(p) = geom else {
        return None;
    };
    let n = p.count.min(MAX_POLYGON_VERTICES);
    Some(
        (0..n)
            .map(|i| {
                let a = xf.apply(p.vertices[i]);
                let b = xf.apply(p.vertices[(i + 1) % n]);
                (a, b, xf.q.rotate(p.normals[i]))
            })
            .collect(),
    )
}

/// The stretch of edge `(a, b, n)` that another edge `(c, d, m)` covers when
/// it lies on the same line facing the other way: distances along the edge
/// from `a`, clipped to the edge.
fn covered_span(
    (a, b, n): (Vec2, Vec2, Vec2),
    (c, d, m): (Vec2, Vec2, Vec2),
) -> Option<(Real, Real)> {
    let length = (b - a).length();
    if n.dot(m) > -1.0 + 1e-9 || length <= FLUSH_TOLERANCE {
        return None;
    }
    if n.dot(c - a).abs() > FLUSH_TOLERANCE || n.dot(d - a).abs() > FLUSH_TOLERANCE {
        return None;
    }
    let t = (b - a) / length;
    let (p, q) = (t.dot(c - a), t.dot(d - a));
    let (lo, hi) = (p.min(q).max(0.0), p.max(q).min(length));
    (hi - lo > FLUSH_TOLERANCE).then_some((lo, hi))
}

/// What a static polygon's neighbours cover of its edges.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct EdgeCover {
    /// Edge ends lying against a neighbour's edge: bits 2k and 2k + 1 for
    /// the start and end of edge k (`Polygon::flush`).
    pub flush: u16,
    /// Edges covered along their whole length, by one neighbour or several
    /// side by side: bit k (`Polygon::internal`). Only these are inside the
    /// static geometry. A floor with a wall standing on each end has both
    /// ends of its top edge covered, but its middle is open: treating it as
    /// internal let every box fall through the floor.
    pub internal: u8,
}

/// How `neighbours` (each a list of edges) cover `edges`.
pub(crate) fn edge_cover(
    edges: &[(Vec2, Vec2, Vec2)],
    neighbours: &[Vec<(Vec2, Vec2, Vec2)>],
) -> EdgeCover {
    let mut cover = EdgeCover::default();
    let mut spans: Vec<(Real, Real)> = Vec::new();
    for (k, &edge) in edges.iter().enumerate() {
        spans.clear();
        for other in neighbours {
            spans.extend(other.iter().filter_map(|&o| covered_span(edge, o)));
        }
        if spans.is_empty() {
            continue;
        }
        let length = (edge.1 - edge.0).length();
        let start = spans.iter().any(|s| s.0 <= FLUSH_TOLERANCE);
        let end = spans.iter().any(|s| s.1 >= length - FLUSH_TOLERANCE);
        cover.flush |= (u16::from(start) << (2 * k)) | (u16::from(end) << (2 * k + 1));
        // Whole length: the spans, in order, leave no gap wider than the
        // tolerance from 0 to the end.
        spans.sort_by(|x, y| x.0.total_cmp(&y.0));
        let mut reached: Real = 0.0;
        for &(lo, hi) in spans.iter() {
            if lo > reached + FLUSH_TOLERANCE {
                break;
            }
            reached = reached.max(hi);
        }
        if reached >= length - FLUSH_TOLERANCE {
            cover.internal |= 1 << k;
        }
    }
    cover
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(a: (f64, f64), b: (f64, f64), n: (f64, f64)) -> (Vec2, Vec2, Vec2) {
        (
            Vec2::new(a.0, a.1),
            Vec2::new(b.0, b.1),
            Vec2::new(n.0, n.1),
        )
    }

    #[test]
    fn a_floor_with_walls_on_both_ends_keeps_its_top_open() {
        // The floor's top edge runs from x = 16 to -16 (counter-clockwise),
        // facing up; each wall's bottom edge covers one metre at an end.
        let top = edge((16.0, 0.0), (-16.0, 0.0), (0.0, 1.0));
        let left_wall = vec![edge((-16.0, 0.0), (-15.0, 0.0), (0.0, -1.0))];
        let right_wall = vec![edge((15.0, 0.0), (16.0, 0.0), (0.0, -1.0))];
        let c = edge_cover(&[top], &[left_wall, right_wall]);
        assert_eq!(c.flush, 0b11, "both ends lie against a wall");
        assert_eq!(c.internal, 0, "the middle of the floor is open");
    }

    #[test]
    fn an_edge_covered_by_two_neighbours_side_by_side_is_internal() {
        let top = edge((2.0, 0.0), (0.0, 0.0), (0.0, 1.0));
        let a = vec![edge((0.0, 0.0), (1.0, 0.0), (0.0, -1.0))];
        let b = vec![edge((1.0, 0.0), (2.0, 0.0), (0.0, -1.0))];
        assert_eq!(edge_cover(&[top], &[a.clone(), b]).internal, 1);
        assert_eq!(edge_cover(&[top], &[a]).internal, 0);
    }
}
