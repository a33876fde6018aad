//! The seams inside one shape. A concave polygon (or a convex one with more
//! than `MAX_POLYGON_VERTICES` corners) becomes several convex pieces of one
//! body, and each piece has edges the user never drew: the diagonals along
//! which it was cut. To the user the outline is one surface, so such an
//! edge must never be a contact face, and where the outline runs on from a
//! piece into its neighbour the narrow phase needs to know whether it bends
//! into a hollow there (`Polygon::shared`, `Polygon::hollow`; used in
//! `collision/narrow_phase/polygon_circle.rs` and `polygons.rs`).
//!
//! Found once, in body coordinates, when the pieces are made: they are
//! fixed to the body, static or moving (the world's seam pass only sees
//! static shapes, and a ball rolling over a moving concave body met the
//! same internal edges).

use super::predicates::{point_segment_distance, turn, Turn};
use crate::physics::geometry::shape::{Polygon, MAX_POLYGON_VERTICES};
use crate::physics::math::{Real, Vec2};

/// Mark on every piece the edges that are not part of `outline` (the
/// shape's counter-clockwise outline) and the corners that are reflex
/// corners of the outline.
pub(crate) fn mark_piece_edges(pieces: &mut [Polygon], outline: &[Vec2], tol: Real) {
    if pieces.len() < 2 {
        return;
    }
    let n = outline.len();
    let on_outline = |p: Vec2| {
        (0..n).any(|i| point_segment_distance(p, outline[i], outline[(i + 1) % n]) <= tol)
    };
    let reflex = |v: Vec2| {
        (0..n).any(|i| {
            outline[i] == v
                && turn(outline[(i + n - 1) % n], v, outline[(i + 1) % n], tol) == Turn::Right
        })
    };
    for piece in pieces.iter_mut() {
        let count = piece.count.min(MAX_POLYGON_VERTICES);
        let (mut shared, mut hollow) = (0u8, 0u8);
        for i in 0..count {
            let (a, b) = (piece.vertices[i], piece.vertices[(i + 1) % count]);
            // A cut runs through the inside: its middle is off the outline.
            if !on_outline(0.5 * (a + b)) {
                shared |= 1 << i;
            }
            if reflex(a) {
                hollow |= 1 << i;
            }
        }
        piece.shared = shared;
        piece.hollow = hollow;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: Real, y: Real) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn an_l_shape_has_one_cut_shared_by_both_pieces_and_one_hollow_corner() {
        let outline = [
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(2.0, 1.0),
            v(1.0, 1.0),
            v(1.0, 2.0),
            v(0.0, 2.0),
        ];
        let mut pieces = crate::physics::geometry::make_convex_pieces(&outline, 0.0).unwrap();
        assert_eq!(pieces.len(), 2);
        mark_piece_edges(&mut pieces, &outline, 1e-9);
        for p in &pieces {
            assert_eq!(p.shared.count_ones(), 1, "one cut per piece: {p:?}");
            let corner = (0..p.count).find(|&i| p.vertices[i] == v(1.0, 1.0));
            let hollow: Vec<usize> = (0..p.count).filter(|&i| p.hollow & (1 << i) != 0).collect();
            assert_eq!(hollow, corner.into_iter().collect::<Vec<_>>());
        }
    }
}
