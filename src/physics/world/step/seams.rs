//! Find seams (stage 1 of the step): after static geometry changed (a static
//! shape added or removed, a static body moved or retyped), mark on every
//! static polygon the edge ends that lie flush against a neighbour's edge
//! (`Polygon::flush`), and on every static segment the ends where another
//! static segment carries the surface on (`Segment::ghost_a`, `ghost_b`;
//! why, in `collision/seams.rs`). Nothing runs in a step that changed no
//! static geometry.

use crate::physics::broad_phase::KindMask;
use crate::physics::collision::seams::{
    edge_cover, smooth_end, world_edges, world_ends, EdgeCover, SmoothEnd, FLUSH_TOLERANCE,
};
use crate::physics::geometry::shape::{Segment, ShapeGeom, ShapeKind};
use crate::physics::math::{Aabb, Vec2};
use crate::physics::world::body::BodyType;
use crate::physics::world::World;

impl World {
    /// Find seams, if static geometry (or `WorldSettings::smooth_seams`)
    /// changed since the last time. With the setting off, every mark is
    /// cleared: each shape's corners stand on their own.
    pub(crate) fn find_seams(&mut self) {
        if self.stale.take_seams(self.settings.smooth_seams) {
            self.mark_flush_edges();
            self.mark_smooth_segment_ends();
        }
    }

    /// The shapes of one kind whose seams are marked (by index, in index
    /// order): the static, solid ones, or none when seams are not smoothed
    /// (then the marking functions only clear the old marks).
    fn seam_candidates(&self, kind: ShapeKind) -> Vec<u32> {
        if !self.settings.smooth_seams {
            return Vec::new();
        }
        self.shapes
            .iter()
            .filter(|(_, s)| {
                s.geom.kind() == kind
                    && !s.sensor
                    && self.bodies.at(s.body.index).body_type == BodyType::Static
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// A static, solid segment's ends in world space.
    fn static_segment_ends(&self, i: u32) -> Option<[Vec2; 2]> {
        let shape = self.shapes.at(i);
        let body = self.bodies.at(shape.body.index);
        if shape.sensor || body.body_type != BodyType::Static {
            return None;
        }
        world_ends(&shape.geom, body.xf)
    }

    /// Each static segment's smooth ends (`collision::seams::smooth_end`),
    /// its neighbours found through the broad phase around each end.
    fn mark_smooth_segment_ends(&mut self) {
        let mut marks = Vec::new();
        for i in self.seam_candidates(ShapeKind::Segment) {
            let Some(ends) = self.static_segment_ends(i) else {
                continue;
            };
            let mut found = [None, None];
            for (end, slot) in found.iter_mut().enumerate() {
                let joint = Aabb::new(ends[end], ends[end]).expanded(FLUSH_TOLERANCE);
                let mut near = Vec::new();
                self.broad_phase.query(joint, KindMask::STATIC, |_, user| {
                    near.push(user as u32);
                    true
                });
                // Broad-phase order is not index order: sort, so the same
                // world always gets the same marks.
                near.sort_unstable();
                let others: Vec<(u32, [Vec2; 2])> = near
                    .into_iter()
                    .filter(|&j| j != i)
                    .filter_map(|j| Some((j, self.static_segment_ends(j)?)))
                    .collect();
                *slot = smooth_end((i, ends), end, &others);
            }
            if found != [None, None] {
                marks.push((i, found));
            }
        }
        // Every segment is written (a neighbour may have gone, or the body
        // may have started moving).
        for (_, shape) in self.shapes.iter_mut() {
            if let ShapeGeom::Segment(s) = &mut shape.geom {
                *s = Segment::new(s.a, s.b);
            }
        }
        for (i, [at_a, at_b]) in marks {
            let xf = {
                let shape = self.shapes.at(i);
                self.bodies.at(shape.body.index).xf
            };
            if let ShapeGeom::Segment(s) = &mut self.shapes.at_mut(i).geom {
                s.ghost_a = at_a.map(|e| xf.inv_apply(e.ghost));
                s.ghost_b = at_b.map(|e| xf.inv_apply(e.ghost));
                let owns = |e: Option<SmoothEnd>| e.is_some_and(|e| e.owns);
                s.owns = u8::from(owns(at_a)) | (u8::from(owns(at_b)) << 1);
            }
        }
    }

    fn mark_flush_edges(&mut self) {
        let statics = self.seam_candidates(ShapeKind::Polygon);
        let mut marks = Vec::with_capacity(statics.len());
        for &i in &statics {
            let shape = self.shapes.at(i);
            let xf = self.bodies.at(shape.body.index).xf;
            let Some(edges) = world_edges(&shape.geom, xf) else {
                continue;
            };
            let mut neighbours = Vec::new();
            let probe = shape.aabb.expanded(FLUSH_TOLERANCE);
            self.broad_phase.query(probe, KindMask::STATIC, |_, user| {
                if user as u32 != i {
                    neighbours.push(user as u32);
                }
                true
            });
            let neighbour_edges: Vec<_> = neighbours
                .into_iter()
                .map(|j| self.shapes.at(j))
                .filter(|other| !other.sensor)
                .filter_map(|other| world_edges(&other.geom, self.bodies.at(other.body.index).xf))
                .collect();
            marks.push((i, edge_cover(&edges, &neighbour_edges)));
        }
        // Every polygon is written (a neighbour may have gone).
        for (_, shape) in self.shapes.iter_mut() {
            if let ShapeGeom::Polygon(p) = &mut shape.geom {
                p.flush = 0;
                p.internal = 0;
            }
        }
        for (i, cover) in marks {
            if let ShapeGeom::Polygon(p) = &mut self.shapes.at_mut(i).geom {
                let EdgeCover { flush, internal } = cover;
                p.flush = flush;
                p.internal = internal;
            }
        }
    }
}
