//! Polygon against polygon (and segment against polygon, a segment being a
//! 2-vertex hull). Separating-axis test over both hulls' face normals picks a
//! reference face; the most anti-parallel face of the other hull is the
//! incident edge; clipping gives up to two points. When the hulls are apart,
//! a vertex–vertex approach is recognised and gets a single rounded contact
//! along the true closest direction instead of a misleading face normal.

use super::circles::circle_vs_point;
use super::clip::clip_edges;
use super::hull::Hull;
use super::local::{flip_in_place, to_world_into, LocalManifold};
use super::polygon_circle::collide_polygon_circle_into;
use super::segment_distance::segment_distance;
use super::LINEAR_SLOP;
use crate::physics::collision::manifold::{make_feature_id, Manifold};
use crate::physics::geometry::shape::{Circle, Polygon, MAX_POLYGON_VERTICES};
use crate::physics::math::{Real, Transform, Vec2};

/// Manifold of polygon A against polygon B (up to two points).
#[cfg(test)]
pub fn collide_polygons(
    a: &Polygon,
    xf_a: Transform,
    b: &Polygon,
    xf_b: Transform,
    speculative: Real,
) -> Manifold {
    super::local::by_value(|m| {
        collide_polygons_into(a, xf_a, b, xf_b, speculative, m);
    })
}

/// `collide_polygons` written into `out`; returns what is known of how far
/// apart the two are when there are no points (`collide_into`).
pub fn collide_polygons_into(
    a: &Polygon,
    xf_a: Transform,
    b: &Polygon,
    xf_b: Transform,
    speculative: Real,
    out: &mut Manifold,
) -> Real {
    let count_a = a.count.min(MAX_POLYGON_VERTICES);
    let count_b = b.count.min(MAX_POLYGON_VERTICES);
    if count_a == 0 || count_b == 0 {
        *out = Manifold::default();
        return 0.0;
    }
    // A one-vertex hull is a round point: reuse the circle routines.
    if count_b == 1 {
        let c = Circle {
            center: b.vertices[0],
            radius: b.radius,
        };
        return collide_polygon_circle_into(a, xf_a, &c, xf_b, speculative, out);
    }
    if count_a == 1 {
        let c = Circle {
            center: a.vertices[0],
            radius: a.radius,
        };
        let apart = collide_polygon_circle_into(b, xf_b, &c, xf_a, speculative, out);
        flip_in_place(out);
        return apart;
    }

    // Work in A's frame, shifted to A's first vertex so that coordinates stay
    // small relative to the shapes (round-off at large offsets).
    let xf = xf_a.inv_mul(xf_b);
    let origin = a.vertices[0];
    // Cuts between the pieces of one shape are inside it, as much as the
    // faces other static shapes cover.
    let seams = Seams {
        a: a.internal | a.shared,
        b: b.internal | b.shared,
    };
    // Two quadrilaterals (every box) take a copy of the same code with the
    // count fixed at four: inlined whole, its loops unrolled and its hulls
    // kept in registers, a box pair collides in 57 ns instead of 81 (same
    // arithmetic, same results to the bit; a tumbler's narrow phase ~10 %
    // faster).
    let mut local = if count_a == 4 && count_b == 4 && quads_fixed() {
        let ha = Hull::from_local_counted(a, origin, 4);
        let hb = Hull::from_polygon_counted(b, xf, origin, 4);
        collide_hulls_inline(&ha, &hb, speculative, seams)
    } else {
        let ha = Hull::from_local(a, origin);
        let hb = Hull::from_polygon(b, xf, origin);
        collide_hulls(&ha, &hb, speculative, seams)
    };
    for p in &mut local.points[..local.count] {
        p.point += origin;
    }
    to_world_into(&local, xf_a, xf_b, out)
}

#[cfg(test)]
thread_local! {
    /// Off: quadrilaterals go the general way too (what a test compares
    /// the fixed-count copy with).
    pub(super) static QUADS_FIXED_FOR_TESTS: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Whether two quadrilaterals take the fixed-count copy (always, but in
/// the test that compares it with the general one).
#[inline(always)]
fn quads_fixed() -> bool {
    #[cfg(test)]
    return QUADS_FIXED_FOR_TESTS.with(|q| q.get());
    #[cfg(not(test))]
    true
}

/// The SAT value of hull 1's faces against hull 2: the largest, over faces of
/// hull 1, of the smallest signed distance of hull 2's vertices to that face.
/// Positive means a separating axis exists. Returns (face, separation);
/// every face's separation goes to `seps` (for `resting_face`).
#[inline(always)]
pub(super) fn max_separation(h1: &Hull, h2: &Hull, seps: &mut FaceSeparations) -> (usize, Real) {
    if let Some((center, a, b)) = h2.parallelogram() {
        return max_separation_from_parallelogram(h1, center, a, b, seps);
    }
    let mut best = 0;
    let mut max_sep = Real::NEG_INFINITY;
    for (i, sep) in seps[..h1.count].iter_mut().enumerate() {
        let n = h1.n[i];
        let v = h1.v[i];
        // Plain comparisons, not `f64::min` (whose NaN handling costs more
        // here); NaN input leaves `si` infinite, which reads as separated.
        let mut si = Real::INFINITY;
        for w in &h2.v[..h2.count] {
            let d = n.x * (w.x - v.x) + n.y * (w.y - v.y);
            if d < si {
                si = d;
            }
        }
        *sep = si;
        if si > max_sep {
            max_sep = si;
            best = i;
        }
    }
    (best, max_sep)
}

/// `max_separation` against a parallelogram (every box): its vertices are
/// centre ± a ± b, so the nearest one to a face is found in closed form,
/// n·(centre − v) − |n·a| − |n·b|, instead of trying all four.
#[inline(always)]
fn max_separation_from_parallelogram(
    h1: &Hull,
    center: Vec2,
    a: Vec2,
    b: Vec2,
    seps: &mut FaceSeparations,
) -> (usize, Real) {
    let mut best = 0;
    let mut max_sep = Real::NEG_INFINITY;
    for (i, sep) in seps[..h1.count].iter_mut().enumerate() {
        let n = h1.n[i];
        let si = n.dot(center - h1.v[i]) - n.dot(a).abs() - n.dot(b).abs();
        *sep = si;
        if si > max_sep {
            max_sep = si;
            best = i;
        }
    }
    (best, max_sep)
}

/// Face of `h` most opposed to `direction`: the incident edge.
#[inline(always)]
fn most_antiparallel(h: &Hull, direction: Vec2) -> usize {
    let mut best = 0;
    let mut min_dot = Real::INFINITY;
    for i in 0..h.count {
        let d = direction.dot(h.n[i]);
        if d < min_dot {
            min_dot = d;
            best = i;
        }
    }
    best
}

/// Faces of each hull covered along their whole length by other static
/// shapes (bit i: face i), from `Polygon::internal`: inside a tiled floor,
/// not its surface.
#[derive(Clone, Copy, Default)]
pub(super) struct Seams {
    pub a: u8,
    pub b: u8,
}

/// Is `n` (a direction in the hulls' frame) the inward direction of one of
/// `h`'s internal faces, i.e. would a contact along it push across a seam?
fn across_seam(h: &Hull, internal: u8, n: Vec2) -> bool {
    (0..h.count).any(|i| internal & (1 << i) != 0 && n.dot(h.n[i]) < -0.999)
}

/// `max_separation` over `h1`'s faces that are not internal.
fn best_open_face(h1: &Hull, h2: &Hull, internal: u8) -> Option<(usize, Real)> {
    let mut best = None;
    for i in (0..h1.count).filter(|i| internal & (1 << i) == 0) {
        let (n, v) = (h1.n[i], h1.v[i]);
        let si = h2.v[..h2.count]
            .iter()
            .map(|w| n.dot(*w - v))
            .fold(Real::INFINITY, Real::min);
        if best.is_none_or(|(_, s)| si > s) {
            best = Some((i, si));
        }
    }
    best
}

/// Flush faces of bodies that move (seams are marked on static geometry
/// only: moving bodies may part at any moment). A box sliding over two
/// crates standing side by side meets the second crate's corner: along
/// the crate's side face the two are apart, or a hair into each other,
/// while they rest face to face on the crates' common top within the slop.
/// The side face won the separating-axis test, and a contact along it
/// stopped the box and threw it up (1.4 m/s, an 11 cm hop at 4 m/s). So a
/// face of either hull across which the two rest within the slop, nearly
/// perpendicular to the chosen normal `chosen` (with its separation), is
/// the contact instead, clipped to where the hulls overlap along it (none
/// yet at the corner): `(on B, face, separation)`. A real side hit has no
/// such face (the hulls overlap deeply across every other face), and a
/// step no higher than the slop is ridden over.
#[inline(always)]
fn resting_face(
    hulls: [(&Hull, &FaceSeparations); 2],
    chosen: (Vec2, Real),
) -> Option<(bool, usize, Real)> {
    let (normal, separation) = chosen;
    let radius = hulls[0].0.radius + hulls[1].0.radius;
    // Only while the chosen face says the hulls are apart (the speculative
    // contact that catches the box before the corner): once they overlap
    // across it, the chosen face is the real contact (a plank lying on the
    // last few millimetres of a ledge rests on its top, it is not pushed
    // sideways), and at any speed above 0.3 m/s the box is then well over
    // the second crate, resting on its top.
    if separation - radius < 0.0 {
        return None;
    }
    let mut best: Option<(bool, usize, Real)> = None;
    for (on_b, (h, seps)) in [false, true].into_iter().zip(hulls) {
        for (i, &si) in seps[..h.count].iter().enumerate() {
            let surface = si - radius;
            if !(-LINEAR_SLOP..=0.1 * LINEAR_SLOP).contains(&surface) {
                continue;
            }
            if h.n[i].dot(normal).abs() >= 0.5 {
                continue;
            }
            if si < separation && best.is_none_or(|(_, _, s)| si > s) {
                best = Some((on_b, i, si));
            }
        }
    }
    best
}

/// Each face's SAT separation (`max_separation`), by face index.
pub(super) type FaceSeparations = [Real; MAX_POLYGON_VERTICES];

/// Two hulls (each with at least 2 vertices) in one frame.
pub(super) fn collide_hulls(a: &Hull, b: &Hull, speculative: Real, seams: Seams) -> LocalManifold {
    collide_hulls_inline(a, b, speculative, seams)
}

/// `collide_hulls`, inlined where it is called (with the hulls' vertex
/// counts known there, for boxes).
#[inline(always)]
fn collide_hulls_inline(a: &Hull, b: &Hull, speculative: Real, seams: Seams) -> LocalManifold {
    let mut seps_a = [0.0; MAX_POLYGON_VERTICES];
    let mut seps_b = [0.0; MAX_POLYGON_VERTICES];
    let (mut edge_a, mut sep_a) = max_separation(a, b, &mut seps_a);
    let (mut edge_b, mut sep_b) = max_separation(b, a, &mut seps_b);
    let radius = a.radius + b.radius;
    let limit = speculative + radius;
    let within = sep_a <= limit && sep_b <= limit;
    if !within {
        // A separating axis farther than we care about (or NaN input); how
        // far it separates bounds the distance between the hulls.
        let apart = sep_a.max(sep_b) - radius;
        return LocalManifold {
            apart: if apart.is_finite() { apart } else { 0.0 },
            ..Default::default()
        };
    }

    // Prefer A's face unless B's is clearly better. Without this bias two
    // nearly equal candidates (a box resting flat on a box) would trade the
    // reference role from step to step, changing ids and normal, and the
    // solver would lose its warm start.
    let tol = 0.1 * LINEAR_SLOP + 0.02 * sep_a.abs();
    let mut flipped = sep_b > sep_a + tol;
    let mut on_seam = false;
    // A box sliding over the seam between two floor tiles dips a hair into
    // the tile ahead, whose side face — flush against the tile behind —
    // then looks like the shallowest way out: the box was stopped dead and
    // tipped over. A reference face that is internal, or a contact that
    // would push across an internal face, gives way to the best face that
    // is really surface.
    if seams.a != 0 || seams.b != 0 {
        let reference = if flipped { b.n[edge_b] } else { a.n[edge_a] };
        let a_inside = if flipped {
            across_seam(a, seams.a, reference)
        } else {
            seams.a & (1 << edge_a) != 0
        };
        let b_inside = if flipped {
            seams.b & (1 << edge_b) != 0
        } else {
            across_seam(b, seams.b, reference)
        };
        if a_inside {
            if let Some((e, s)) = best_open_face(a, b, seams.a) {
                (edge_a, sep_a, flipped, on_seam) = (e, s, false, true);
            }
        } else if b_inside {
            if let Some((e, s)) = best_open_face(b, a, seams.b) {
                (edge_b, sep_b, flipped, on_seam) = (e, s, true, true);
            }
        }
    }
    if !on_seam {
        let chosen = if flipped {
            (b.n[edge_b], sep_b)
        } else {
            (a.n[edge_a], sep_a)
        };
        if let Some((on_b, e, s)) = resting_face([(a, &seps_a), (b, &seps_b)], chosen) {
            if on_b {
                (edge_b, sep_b, flipped) = (e, s, true);
            } else {
                (edge_a, sep_a, flipped) = (e, s, false);
            }
            // Clip along it (as at a seam): only what lies over it touches.
            on_seam = true;
        }
    }
    if flipped {
        edge_a = most_antiparallel(a, b.n[edge_b]);
    } else {
        edge_b = most_antiparallel(b, a.n[edge_a]);
    }

    // Overlapping or barely touching: the clipped face contact is right.
    // So it is at a seam: the corner–corner shortcut below would aim along
    // the seam's internal faces again (only what lies over the open face
    // touches it; the tile behind carries the rest).
    if on_seam || sep_a.max(sep_b) <= 0.1 * LINEAR_SLOP {
        return clip_edges(a, b, edge_a, edge_b, flipped, speculative);
    }

    // Apart: find where the two chosen edges are closest.
    let i11 = edge_a;
    let i12 = a.next(i11);
    let i21 = edge_b;
    let i22 = b.next(i21);
    let sd = segment_distance(a.v[i11], a.v[i12], b.v[i21], b.v[i22]);
    let distance = sd.distance_squared.sqrt();
    if distance - radius > speculative {
        return LocalManifold::default();
    }

    let clipped = clip_edges(a, b, edge_a, edge_b, flipped, speculative);
    let mut min_clipped = Real::INFINITY;
    for p in &clipped.points[..clipped.count] {
        min_clipped = min_clipped.min(p.separation);
    }

    // If two vertices are markedly closer than the clipped face points say
    // (corner passing corner), a single point along the vertex–vertex line is
    // the honest contact; otherwise keep the clipped points.
    let vertex_a = end_index(sd.fraction1, i11, i12);
    let vertex_b = end_index(sd.fraction2, i21, i22);
    if distance - radius + 0.1 * LINEAR_SLOP < min_clipped {
        if let (Some(ia), Some(ib)) = (vertex_a, vertex_b) {
            let mut m = circle_vs_point(a.v[ia], a.radius, b.v[ib], b.radius, speculative);
            if m.count == 1 {
                m.points[0].id = make_feature_id(ia, ib);
            }
            return m;
        }
    }
    clipped
}

/// Which end vertex a clamped segment fraction sits on, if any.
#[inline(always)]
fn end_index(fraction: Real, start: usize, end: usize) -> Option<usize> {
    if fraction == 0.0 {
        Some(start)
    } else if fraction == 1.0 {
        Some(end)
    } else {
        None
    }
}
