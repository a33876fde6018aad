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

/// Which ends of edge `(a, b, n)` another edge `(c, d, m)` covers when it
/// lies on the same line facing the other way: (start covered, end covered).
fn covered_ends((a, b, n): (Vec2, Vec2, Vec2), (c, d, m): (Vec2, Vec2, Vec2)) -> (bool, bool) {
    let length = (b - a).length();
    if n.dot(m) > -1.0 + 1e-9 || length <= FLUSH_TOLERANCE {
        return (false, false);
    }
    if n.dot(c - a).abs() > FLUSH_TOLERANCE || n.dot(d - a).abs() > FLUSH_TOLERANCE {
        return (false, false);
    }
    let t = (b - a) / length;
    let (p, q) = (t.dot(c - a), t.dot(d - a));
    let (lo, hi) = (p.min(q), p.max(q));
    let overlaps = hi.min(length) - lo.max(0.0) > FLUSH_TOLERANCE;
    (
        overlaps && lo <= FLUSH_TOLERANCE,
        overlaps && hi >= length - FLUSH_TOLERANCE,
    )
}

/// The flush bits of a polygon's `edges` that `other_edges` (a neighbour's)
/// cover: bits 2k and 2k + 1 for the start and end of edge k.
pub(crate) fn flush_marks(edges: &[(Vec2, Vec2, Vec2)], other_edges: &[(Vec2, Vec2, Vec2)]) -> u16 {
    let mut flush: u16 = 0;
    for (k, &edge) in edges.iter().enumerate() {
        for &o in other_edges {
            let (start, end) = covered_ends(edge, o);
            flush |= (u16::from(start) << (2 * k)) | (u16::from(end) << (2 * k + 1));
        }
    }
    flush
}
