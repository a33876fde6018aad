//! Seams between static shapes. Two floor tiles side by side share an edge
//! line: each tile's edge at the seam lies flush against the other's, with
//! opposite normals. To a circle rolling across, the tile ahead has a
//! corner there whose normal tilts back at it — a "ghost" bump that cost a
//! ball 7 % of its speed per seam. The world marks the ends of such edges
//! on static polygons (`Polygon::flush`), and circle contacts treat a
//! corner next to a flush edge as part of the face beside it.
//!
//! Static segments laid end to end (a floor drawn as a chain of lines)
//! have the same bump: the segment ahead ends in a point right where the
//! ball or box arrives. Where exactly two segments meet and run on nearly
//! straight, each gets the other's far end as a "ghost" vertex
//! (`Segment::ghost_a`, `ghost_b`), and the segment routines leave what
//! lies past the joint to the neighbour instead of colliding with the end
//! point (`narrow_phase/segment_circle.rs`, `segment_polygon.rs`).
//!
//! This file is the geometry of it; the world pass that finds neighbouring
//! static shapes and writes their marks runs before a step whenever static
//! geometry changed (`world/step/seams.rs`).

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

/// The sharpest bend (rad) at which two static segments meeting end to end
/// still make one surface. Over such a joint a shape is not caught on the
/// neighbour's end point; a sharper bend is a real corner and collides as
/// one. Small on purpose: a box crossing a smooth bend is held by each
/// segment only over that segment's own length, so at a bend of θ it tips
/// onto the next one early, by up to θ (see `segment_polygon.rs`).
pub(crate) const MAX_SMOOTH_BEND: Real = 5.0 * std::f64::consts::PI / 180.0;

/// Whether a segment running along `along` into a joint and its neighbour
/// running on from there along `onward` make one surface (nearly straight).
/// Symmetric: the neighbour, seen the other way (`-onward`, `-along`),
/// gets the same answer from the same products.
pub(crate) fn continues(along: Vec2, onward: Vec2) -> bool {
    let d = along.dot(onward);
    let cos = MAX_SMOOTH_BEND.cos();
    d > 0.0 && d * d >= cos * cos * along.length_squared() * onward.length_squared()
}

/// A static segment's ends in world space.
pub(crate) fn world_ends(geom: &ShapeGeom, xf: Transform) -> Option<[Vec2; 2]> {
    let ShapeGeom::Segment(s) = geom else {
        return None;
    };
    let (a, b) = (xf.apply(s.a), xf.apply(s.b));
    // Shorter than the tolerance, both ends would match one joint.
    ((b - a).length() > 2.0 * FLUSH_TOLERANCE).then_some([a, b])
}

/// What the seam pass writes on one end of a static segment: the
/// neighbour's far end (world space) and whether this segment owns the
/// joint (`Segment::owns`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SmoothEnd {
    pub ghost: Vec2,
    pub owns: bool,
}

/// End `end` (0: `a`, 1: `b`) of segment `ends`, against the ends of the
/// other static segments near it, `(key, ends)` each (`key` orders the
/// shapes for ownership: the lower key owns the joint). Smooth when exactly
/// one other segment ends there and the two continue one surface; a joint
/// of three or more segments is left as real corners.
pub(crate) fn smooth_end(
    (key, ends): (u32, [Vec2; 2]),
    end: usize,
    others: &[(u32, [Vec2; 2])],
) -> Option<SmoothEnd> {
    let joint = ends[end];
    let mut found = None;
    for &(other_key, other) in others.iter().filter(|o| o.0 != key) {
        for k in 0..2 {
            if (other[k] - joint).length() <= FLUSH_TOLERANCE {
                if found.is_some() {
                    return None;
                }
                found = Some((other_key, other[k], other[1 - k]));
            }
        }
    }
    let (other_key, near, far) = found?;
    let along = joint - ends[1 - end];
    continues(along, far - near).then_some(SmoothEnd {
        ghost: far,
        owns: key < other_key,
    })
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

    fn v(x: f64, y: f64) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn two_segments_end_to_end_share_a_smooth_joint_whichever_way_they_run() {
        let left = (3, [v(-1.0, 0.0), v(0.0, 0.0)]);
        // The right one drawn backwards (its `b` at the joint), 1 mm off.
        let right = (7, [v(1.0, 0.0), v(0.001, 0.0)]);
        let l = smooth_end(left, 1, &[right]).expect("left's b is smooth");
        let r = smooth_end(right, 1, &[left]).expect("right's b is smooth");
        assert_eq!(l.ghost, v(1.0, 0.0));
        assert_eq!(r.ghost, v(-1.0, 0.0));
        assert!(l.owns && !r.owns, "exactly one owns the joint");
        assert_eq!(smooth_end(left, 0, &[right]), None, "left's a is free");
    }

    #[test]
    fn a_real_corner_a_gap_or_a_junction_is_not_smooth() {
        let floor = (0, [v(-1.0, 0.0), v(0.0, 0.0)]);
        let bend = |deg: f64| {
            let r = deg.to_radians();
            (1, [v(0.0, 0.0), v(r.cos(), r.sin())])
        };
        assert!(smooth_end(floor, 1, &[bend(4.0)]).is_some());
        assert!(smooth_end(floor, 1, &[bend(-4.0)]).is_some());
        assert_eq!(smooth_end(floor, 1, &[bend(6.0)]), None, "a ramp");
        assert_eq!(smooth_end(floor, 1, &[bend(90.0)]), None, "a wall");
        let apart = (1, [v(0.01, 0.0), v(1.0, 0.0)]);
        assert_eq!(smooth_end(floor, 1, &[apart]), None, "a 1 cm gap");
        let wall = (2, [v(0.0, 0.0), v(0.0, 1.0)]);
        assert_eq!(
            smooth_end(floor, 1, &[bend(0.0), wall]),
            None,
            "three segments meet"
        );
    }
}
