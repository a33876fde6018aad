//! The shapes on the bodies: adding them (validated), reading them, and
//! keeping their boxes in the broad phase up to date.

use crate::physics::broad_phase::BroadPhase;
use crate::physics::error::{check_non_negative, check_vec, PhysicsError, PhysicsResult};
use crate::physics::geometry::shape::ShapeGeom;
use crate::physics::math::{Aabb, Real, Vec2};
use crate::physics::world::bodies::proxy_kind;
use crate::physics::world::body::{BodyType, Shape, ShapeDef};
use crate::physics::world::id::{require, BodyId, ShapeId};
use crate::physics::world::World;

/// Validate a shape's geometry (sizes positive, everything finite).
pub fn validate_geom(g: &ShapeGeom) -> PhysicsResult<()> {
    match g {
        ShapeGeom::Circle(c) => {
            check_vec("circle centre", c.center)?;
            crate::physics::error::require_positive("circle radius", c.radius)?;
        }
        ShapeGeom::Polygon(p) => {
            if p.count < 3 || p.count > crate::physics::geometry::shape::MAX_POLYGON_VERTICES {
                return Err(PhysicsError::InvalidShape(format!(
                    "polygon piece must have 3 to {} vertices, got {}",
                    crate::physics::geometry::shape::MAX_POLYGON_VERTICES,
                    p.count
                )));
            }
            for v in p.verts() {
                check_vec("polygon vertex", *v)?;
            }
            check_non_negative("polygon radius", p.radius)?;
        }
        ShapeGeom::Segment(s) => {
            check_vec("segment point", s.a)?;
            check_vec("segment point", s.b)?;
            if (s.b - s.a).length() <= 0.0 {
                return Err(PhysicsError::InvalidShape(
                    "segment has zero length (both ends are the same point)".into(),
                ));
            }
        }
    }
    Ok(())
}

impl World {
    pub fn add_shape(&mut self, body: BodyId, def: &ShapeDef) -> PhysicsResult<ShapeId> {
        validate_geom(&def.geom)?;
        check_non_negative("density", def.density)?;
        check_non_negative("friction", def.friction)?;
        if let Some(sf) = def.static_friction {
            check_non_negative("static friction", sf)?;
        }
        check_non_negative("restitution", def.restitution)?;
        let b = self.body(body)?;
        let kind = proxy_kind(b.body_type);
        let on_static = b.body_type == BodyType::Static;
        let aabb = def.geom.aabb(b.xf);
        // Seam marks are the world's to find (`step/seams.rs`), never taken
        // from the caller: on a moving body they would stay wrong.
        let shape = Shape {
            body,
            geom: def.geom.without_seams(),
            density: def.density,
            friction: def.friction,
            static_friction: def.static_friction.unwrap_or(def.friction),
            restitution: def.restitution,
            sensor: def.sensor,
            group: def.group,
            user_data: def.user_data,
            proxy: Default::default(),
            aabb,
            fat_aabb: aabb,
        };
        let (index, generation) = self.shapes.insert(shape);
        self.shape_added(def.sensor, on_static);
        let proxy = self.broad_phase.create_proxy(aabb, kind, index as u64);
        let shape = self.shapes.at_mut(index);
        shape.proxy = proxy;
        shape.fat_aabb = self.broad_phase.fat_aabb(proxy);
        let id = ShapeId { index, generation };
        self.bodies.at_mut(body.index).shapes.push(id);
        if on_static {
            // One more shape only widens a static body's extents.
            self.widen_static_extents(body.index, &def.geom);
        } else {
            self.update_mass(body.index);
        }
        self.wake_body_index(body.index);
        Ok(id)
    }

    pub fn shape(&self, id: ShapeId) -> PhysicsResult<&Shape> {
        require(
            self.shapes.get(id.index, id.generation),
            ShapeId::WHAT,
            id.index,
            id.generation,
        )
    }

    pub fn shapes_of(
        &self,
        body: BodyId,
    ) -> PhysicsResult<impl Iterator<Item = (ShapeId, &Shape)>> {
        let b = self.body(body)?;
        Ok(b.shapes.iter().map(move |s| (*s, self.shapes.at(s.index))))
    }

    /// Refresh the broad-phase boxes of a body's shapes; `dt` > 0 stretches
    /// them along the velocity so next step's speculative pairs exist.
    /// `trim`: a box much bigger than a move would give now is trimmed
    /// (`trim_fat_box`).
    pub(crate) fn refresh_proxies(&mut self, index: u32, dt: Real, trim: bool) {
        const PROXY_LOOKAHEAD: Real = 4.0;
        let b = self.bodies.at(index);
        let xf = b.xf;
        let shift = if dt > 0.0 {
            let d = b.linear_velocity * dt;
            let len = d.length();
            let cap = crate::physics::settings::MAX_SPECULATIVE_DISTANCE;
            if len > cap {
                d * (cap / len)
            } else {
                d
            }
        } else {
            Vec2::ZERO
        };
        let spin = (b.angular_velocity.abs() * dt * b.max_extent)
            .min(crate::physics::settings::MAX_SPECULATIVE_DISTANCE);
        let World {
            bodies,
            shapes,
            broad_phase,
            ..
        } = self;
        for sid in &bodies.at(index).shapes {
            let shape = shapes.at_mut(sid.index);
            let tight = shape.geom.aabb(xf);
            shape.aabb = tight;
            let swept = |d: Vec2| {
                let b = Aabb::new(tight.min + d, tight.max + d).union(&tight);
                if spin > 0.0 {
                    b.expanded(spin)
                } else {
                    b
                }
            };
            // Needed: this step's sweep. The shape keeps its proxy's fat
            // box (always the tree's, `check_restored.rs`), so while that
            // still holds the sweep — most steps of most bodies — the broad
            // phase is not asked at all.
            let needed = swept(shift);
            if shape.fat_aabb.contains(&needed) {
                if trim {
                    // A box a move would give holds `needed` and the
                    // margin: unless even that is much smaller, there is
                    // nothing to trim.
                    let margin = broad_phase.margin_for(&needed);
                    let slow = PROXY_LOOKAHEAD * shift.length() < margin;
                    let least = needed.expanded(margin);
                    if slow && area(&shape.fat_aabb) > OVERSIZED * area(&least) {
                        trim_fat_box(shape, broad_phase, needed, swept(PROXY_LOOKAHEAD * shift));
                    }
                }
                continue;
            }
            // Given when it must move anyway: four steps' sweep, so a
            // falling body is not reinserted into the tree every step.
            let ahead = swept(PROXY_LOOKAHEAD * shift);
            if broad_phase.move_proxy_ahead(shape.proxy, needed, ahead) {
                shape.fat_aabb = broad_phase.fat_aabb(shape.proxy);
            }
        }
    }
}

/// A fat box more than this many times the area of the box a move would
/// give now is trimmed to that box (`trim_fat_box`). rain's pile, with
/// 1.25: 36,400 contacts at the end instead of 46,800 (Box2D 28,600), its
/// narrow phase 13 % faster; 2 left 42,800, 1.5 39,100.
const OVERSIZED: Real = 1.25;

/// Trim a shape's fat box that outgrew its body's motion: stretched four
/// steps ahead of a fast body (rain's circles fall at up to 28 m/s, 1.9 m
/// of box) that has since come to rest in a pile, it overlaps the boxes of
/// neighbours it will never reach, and every such pair is a contact the
/// narrow phase visits each step. Given the box a move would give now
/// (`ahead`, this step's `needed`, the margin) when that is less than
/// 1/`OVERSIZED` of its area. Only slow bodies (four steps' motion within
/// the margin) are trimmed: a tumbler's boxes, always moving, would be
/// re-inserted again at once, which cost more than the pairs saved (its
/// step +3 % with every body trimmed, −2 % with slow ones only). Kept out
/// of line: most shapes never get here.
#[cold]
#[inline(never)]
fn trim_fat_box(shape: &mut Shape, broad_phase: &mut BroadPhase, needed: Aabb, ahead: Aabb) {
    let fresh = ahead
        .union(&needed)
        .expanded(broad_phase.margin_for(&needed));
    if area(&shape.fat_aabb) > OVERSIZED * area(&fresh) {
        broad_phase.refit_proxy(shape.proxy, needed, ahead);
        shape.fat_aabb = broad_phase.fat_aabb(shape.proxy);
    }
}

fn area(b: &Aabb) -> Real {
    let d = b.max - b.min;
    d.x * d.y
}
