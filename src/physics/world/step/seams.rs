//! Find seams (stage 1 of the step): after static geometry changed (a static
//! shape added or removed, a static body moved or retyped), mark on every
//! static polygon the edge ends that lie flush against a neighbour's edge
//! (`Polygon::flush`; why, in `collision/seams.rs`).

use crate::physics::broad_phase::KindMask;
use crate::physics::collision::seams::{edge_cover, world_edges, EdgeCover, FLUSH_TOLERANCE};
use crate::physics::geometry::shape::ShapeGeom;
use crate::physics::world::body::BodyType;
use crate::physics::world::World;

impl World {
    /// Find seams, if static geometry changed since the last time.
    pub(crate) fn find_seams(&mut self) {
        if self.stale.take_seams() {
            self.mark_flush_edges();
        }
    }

    fn mark_flush_edges(&mut self) {
        let statics: Vec<u32> = self
            .shapes
            .iter()
            .filter(|(_, s)| {
                matches!(s.geom, ShapeGeom::Polygon(_))
                    && !s.sensor
                    && self.bodies.at(s.body.index).body_type == BodyType::Static
            })
            .map(|(i, _)| i)
            .collect();
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
