//! The bodies: creating and destroying them, reading them, and every
//! setter (pose, velocity, forces, type, mass, damping, sleep, material).

use crate::physics::broad_phase::ProxyKind;
use crate::physics::error::{check_non_negative, check_vec, require_finite, PhysicsResult};
use crate::physics::math::{Real, Transform, Vec2};
use crate::physics::settings::{MAX_COORDINATE, MAX_FORCE, MAX_LINEAR_SPEED};
use crate::physics::world::body::{Body, BodyDef, BodyType};
use crate::physics::world::id::{require, BodyId};
use crate::physics::world::sleeping_islands::NO_ISLAND;
use crate::physics::world::World;

pub(crate) fn proxy_kind(t: BodyType) -> ProxyKind {
    match t {
        BodyType::Static => ProxyKind::Static,
        BodyType::Kinematic => ProxyKind::Kinematic,
        BodyType::Dynamic => ProxyKind::Dynamic,
    }
}

impl World {
    pub fn create_body(&mut self, def: &BodyDef) -> PhysicsResult<BodyId> {
        if self.bodies.len() >= self.limits.max_bodies {
            return Err(crate::physics::PhysicsError::InvalidArgument(format!(
                "too many bodies: the world holds {}, its limit (--max-bodies)",
                self.bodies.len()
            )));
        }
        check_vec("body position", def.position)?;
        require_finite("body angle", def.angle)?;
        check_vec("body velocity", def.linear_velocity)?;
        require_finite("body angular velocity", def.angular_velocity)?;
        check_non_negative("linear damping", def.linear_damping)?;
        check_non_negative("angular damping", def.angular_damping)?;
        require_finite("gravity scale", def.gravity_scale)?;
        let xf = Transform::new(clamp_position(def.position), def.angle);
        let moving = def.body_type != BodyType::Static;
        let body = Body {
            body_type: def.body_type,
            xf,
            center: xf.p,
            local_center: Vec2::ZERO,
            center0: xf.p,
            q0: xf.q,
            linear_velocity: if moving {
                clamp_speed(def.linear_velocity)
            } else {
                Vec2::ZERO
            },
            angular_velocity: if moving {
                def.angular_velocity.clamp(
                    -crate::physics::settings::MAX_ANGULAR_SPEED,
                    crate::physics::settings::MAX_ANGULAR_SPEED,
                )
            } else {
                0.0
            },
            force: Vec2::ZERO,
            torque: 0.0,
            mass: 0.0,
            inv_mass: 0.0,
            inertia: 0.0,
            inv_inertia: 0.0,
            mass_override: None,
            linear_damping: def.linear_damping,
            angular_damping: def.angular_damping,
            gravity_scale: def.gravity_scale,
            fixed_rotation: def.fixed_rotation,
            bullet: def.bullet,
            allow_sleep: def.allow_sleep,
            awake: def.awake || !def.allow_sleep,
            sleep_time: 0.0,
            max_extent: 0.0,
            min_extent: Real::MAX,
            shapes: Vec::new(),
            name: def.name.clone(),
            user_data: def.user_data,
            sleep_island: NO_ISLAND,
            ignores: [None; 2],
            rest_speed: 0.0,
        };
        let (index, generation) = self.bodies.insert(body);
        let id = BodyId { index, generation };
        self.update_mass(index);
        Ok(id)
    }

    pub fn body(&self, id: BodyId) -> PhysicsResult<&Body> {
        require(
            self.bodies.get(id.index, id.generation),
            BodyId::WHAT,
            id.index,
            id.generation,
        )
    }

    pub(crate) fn body_mut(&mut self, id: BodyId) -> PhysicsResult<&mut Body> {
        require(
            self.bodies.get_mut(id.index, id.generation),
            BodyId::WHAT,
            id.index,
            id.generation,
        )
    }

    pub fn is_alive(&self, id: BodyId) -> bool {
        self.bodies.get(id.index, id.generation).is_some()
    }

    /// The current id of the body in slot `index` (if alive).
    pub fn body_id_at(&self, index: u32) -> Option<BodyId> {
        self.bodies.get(index, self.bodies.generation_of(index))?;
        Some(BodyId {
            index,
            generation: self.bodies.generation_of(index),
        })
    }

    pub fn body_count(&self) -> usize {
        self.bodies.len()
    }

    /// Body slots, live or free: the bound of body indices.
    pub fn body_slots(&self) -> usize {
        self.bodies.capacity()
    }

    /// All live bodies in creation-slot order.
    pub fn body_ids(&self) -> Vec<BodyId> {
        self.bodies
            .iter()
            .map(|(index, _)| BodyId {
                index,
                generation: self.bodies.generation_of(index),
            })
            .collect()
    }

    pub fn bodies(&self) -> impl Iterator<Item = (BodyId, &Body)> {
        self.bodies.iter().map(move |(index, b)| {
            (
                BodyId {
                    index,
                    generation: self.bodies.generation_of(index),
                },
                b,
            )
        })
    }

    pub fn destroy_body(&mut self, id: BodyId) -> PhysicsResult<()> {
        let was_static = self.body(id)?.body_type == BodyType::Static;
        self.body_removed(was_static);
        self.wake_body_index(id.index);
        self.destroy_joints_of_body(id.index);
        let body = self
            .bodies
            .remove(id.index, id.generation)
            .expect("checked above");
        for sid in &body.shapes {
            if let Some(shape) = self.shapes.remove(sid.index, sid.generation) {
                self.broad_phase.destroy_proxy(shape.proxy);
                self.gone_shapes.note(*sid, id);
            }
        }
        // Contacts of the removed shapes are dropped (and their neighbours
        // woken) by the next narrow phase.
        Ok(())
    }

    pub fn body_position(&self, id: BodyId) -> Option<Vec2> {
        self.bodies.get(id.index, id.generation).map(|b| b.xf.p)
    }

    /// Move a body (origin and angle); wakes it and what touches it.
    pub fn set_transform(&mut self, id: BodyId, position: Vec2, angle: Real) -> PhysicsResult<()> {
        check_vec("position", position)?;
        require_finite("angle", angle)?;
        let b = self.body_mut(id)?;
        b.xf = Transform::new(clamp_position(position), angle);
        b.center = b.xf.apply(b.local_center);
        b.center0 = b.center;
        b.q0 = b.xf.q;
        let is_static = b.body_type == BodyType::Static;
        self.body_moved_by_hand(is_static);
        self.wake_body_index(id.index);
        self.refresh_proxies(id.index, 0.0, false);
        Ok(())
    }

    pub fn set_linear_velocity(&mut self, id: BodyId, v: Vec2) -> PhysicsResult<()> {
        check_vec("velocity", v)?;
        let b = self.body_mut(id)?;
        if b.body_type != BodyType::Static {
            b.linear_velocity = clamp_speed(v);
        }
        self.wake_body_index(id.index);
        Ok(())
    }

    pub fn set_angular_velocity(&mut self, id: BodyId, w: Real) -> PhysicsResult<()> {
        require_finite("angular velocity", w)?;
        let b = self.body_mut(id)?;
        // (A dynamic body that cannot turn ignores it: `update_mass`.)
        let turns = !(b.body_type == BodyType::Dynamic
            && b.inv_inertia == 0.0
            && (b.fixed_rotation || !b.shapes.is_empty()));
        if b.body_type != BodyType::Static && turns {
            b.angular_velocity = w.clamp(
                -crate::physics::settings::MAX_ANGULAR_SPEED,
                crate::physics::settings::MAX_ANGULAR_SPEED,
            );
        }
        self.wake_body_index(id.index);
        Ok(())
    }

    /// A force at a world point, lasting one step.
    pub fn apply_force(
        &mut self,
        id: BodyId,
        force: Vec2,
        point: Option<Vec2>,
    ) -> PhysicsResult<()> {
        check_vec("force", force)?;
        if let Some(p) = point {
            check_vec("force point", p)?;
        }
        let b = self.body_mut(id)?;
        if b.body_type != BodyType::Dynamic {
            return Ok(());
        }
        b.force = clamp_force(b.force + force);
        if let Some(p) = point {
            b.torque = clamp_magnitude(
                b.torque + crate::physics::math::cross(p - b.center, force),
                MAX_FORCE,
            );
        }
        self.wake_body_index(id.index);
        Ok(())
    }

    pub fn apply_torque(&mut self, id: BodyId, torque: Real) -> PhysicsResult<()> {
        require_finite("torque", torque)?;
        let b = self.body_mut(id)?;
        if b.body_type == BodyType::Dynamic {
            b.torque = clamp_magnitude(b.torque + torque, MAX_FORCE);
        }
        self.wake_body_index(id.index);
        Ok(())
    }

    /// An instant change of momentum at a world point.
    pub fn apply_impulse(
        &mut self,
        id: BodyId,
        impulse: Vec2,
        point: Option<Vec2>,
    ) -> PhysicsResult<()> {
        check_vec("impulse", impulse)?;
        if let Some(p) = point {
            check_vec("impulse point", p)?;
        }
        let b = self.body_mut(id)?;
        if b.body_type != BodyType::Dynamic {
            return Ok(());
        }
        let impulse = clamp_force(impulse);
        b.linear_velocity = clamp_speed(b.linear_velocity + b.inv_mass * impulse);
        if let Some(p) = point {
            b.angular_velocity = clamp_magnitude(
                b.angular_velocity
                    + b.inv_inertia * crate::physics::math::cross(p - b.center, impulse),
                crate::physics::settings::MAX_ANGULAR_SPEED,
            );
        }
        self.wake_body_index(id.index);
        Ok(())
    }

    pub fn set_body_type(&mut self, id: BodyId, t: BodyType) -> PhysicsResult<()> {
        let b = self.body_mut(id)?;
        if b.body_type == t {
            return Ok(());
        }
        let from = b.body_type;
        self.body_type_changed(from, t);
        let b = self.body_mut(id)?;
        b.body_type = t;
        if t == BodyType::Static {
            b.linear_velocity = Vec2::ZERO;
            b.angular_velocity = 0.0;
        }
        let shapes = b.shapes.clone();
        self.wake_body_index(id.index);
        // Re-file the proxies in the tree for the new kind; contacts are
        // rebuilt from the new pairs.
        for sid in shapes {
            let shape = self.shapes.at_mut(sid.index);
            self.broad_phase.destroy_proxy(shape.proxy);
            shape.proxy =
                self.broad_phase
                    .create_proxy(shape.aabb, proxy_kind(t), sid.index as u64);
            shape.fat_aabb = self.broad_phase.fat_aabb(shape.proxy);
        }
        self.drop_contacts_of_body(id.index);
        self.update_mass(id.index);
        Ok(())
    }

    pub fn set_gravity_scale(&mut self, id: BodyId, s: Real) -> PhysicsResult<()> {
        require_finite("gravity scale", s)?;
        self.body_mut(id)?.gravity_scale = s;
        self.wake_body_index(id.index);
        Ok(())
    }

    pub fn set_damping(&mut self, id: BodyId, linear: Real, angular: Real) -> PhysicsResult<()> {
        check_non_negative("linear damping", linear)?;
        check_non_negative("angular damping", angular)?;
        let b = self.body_mut(id)?;
        b.linear_damping = linear;
        b.angular_damping = angular;
        Ok(())
    }

    pub fn set_fixed_rotation(&mut self, id: BodyId, fixed: bool) -> PhysicsResult<()> {
        let b = self.body_mut(id)?;
        b.fixed_rotation = fixed;
        if fixed {
            b.angular_velocity = 0.0;
        }
        self.update_mass(id.index);
        Ok(())
    }

    pub fn set_bullet(&mut self, id: BodyId, bullet: bool) -> PhysicsResult<()> {
        self.body_mut(id)?.bullet = bullet;
        Ok(())
    }

    pub fn set_name(&mut self, id: BodyId, name: Option<String>) -> PhysicsResult<()> {
        self.body_mut(id)?.name = name;
        Ok(())
    }

    pub fn set_user_data(&mut self, id: BodyId, data: u64) -> PhysicsResult<()> {
        self.body_mut(id)?.user_data = data;
        Ok(())
    }

    /// Give the body this total mass (shapes keep their relative densities).
    pub fn set_mass(&mut self, id: BodyId, mass: Real) -> PhysicsResult<()> {
        crate::physics::error::require_positive("mass", mass)?;
        self.body_mut(id)?.mass_override = Some(mass);
        self.update_mass(id.index);
        self.wake_body_index(id.index);
        Ok(())
    }

    pub fn set_awake(&mut self, id: BodyId, awake: bool) -> PhysicsResult<()> {
        self.body(id)?;
        if awake {
            self.wake_body_index(id.index);
        } else {
            self.sleep_body_index(id.index);
        }
        Ok(())
    }

    /// Set friction of every shape on the body.
    pub fn set_friction(&mut self, id: BodyId, friction: Real) -> PhysicsResult<()> {
        check_non_negative("friction", friction)?;
        let shapes = self.body(id)?.shapes.clone();
        for s in shapes {
            let sh = self.shapes.at_mut(s.index);
            sh.friction = friction;
            sh.static_friction = friction;
        }
        Ok(())
    }

    pub fn set_restitution(&mut self, id: BodyId, restitution: Real) -> PhysicsResult<()> {
        check_non_negative("restitution", restitution)?;
        let shapes = self.body(id)?.shapes.clone();
        for s in shapes {
            self.shapes.at_mut(s.index).restitution = restitution;
        }
        Ok(())
    }

    pub fn awake_body_count(&self) -> usize {
        self.bodies.iter().filter(|(_, b)| b.moves()).count()
    }

    // ----- measurements -------------------------------------------------

    /// Total kinetic plus gravitational potential energy of dynamic bodies (J),
    /// potential measured from y = 0 along the gravity direction.
    pub fn energy(&self) -> Real {
        let g = self.settings.gravity;
        self.bodies
            .iter()
            .filter(|(_, b)| b.body_type == BodyType::Dynamic)
            .map(|(_, b)| b.kinetic_energy() - b.mass * b.gravity_scale * g.dot(b.center))
            .sum()
    }
}

/// Keep positions inside the representable working range.
pub(crate) fn clamp_position(p: Vec2) -> Vec2 {
    Vec2::new(
        clamp_magnitude(p.x, MAX_COORDINATE),
        clamp_magnitude(p.y, MAX_COORDINATE),
    )
}

/// `x` within ±`max`; NaN becomes 0 (NaN must never reach the state).
pub(crate) fn clamp_magnitude(x: Real, max: Real) -> Real {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(-max, max)
    }
}

/// A force (or impulse) within ±`MAX_FORCE` in each component.
pub(crate) fn clamp_force(f: Vec2) -> Vec2 {
    Vec2::new(
        clamp_magnitude(f.x, MAX_FORCE),
        clamp_magnitude(f.y, MAX_FORCE),
    )
}

/// Keep speeds below the engine's limit (absurd inputs stay finite). The
/// components are bounded first: the length of (1e308, 1e308) overflows,
/// and scaling by 1e5/∞ froze the body at zero speed.
pub(crate) fn clamp_speed(v: Vec2) -> Vec2 {
    let v = Vec2::new(
        clamp_magnitude(v.x, MAX_LINEAR_SPEED),
        clamp_magnitude(v.y, MAX_LINEAR_SPEED),
    );
    let len = v.length();
    if len > MAX_LINEAR_SPEED {
        v * (MAX_LINEAR_SPEED / len)
    } else {
        v
    }
}
