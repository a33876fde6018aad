//! The world: owns bodies, shapes, contacts and the broad phase, and is the
//! engine's whole public surface. Stepping lives in `step.rs`.

pub mod body;
pub mod contact;
pub mod debug_draw;
pub mod events;
pub mod hash;
pub mod id;
pub mod islands;
pub mod profile;
pub mod queries;
mod snapshot;
pub(crate) mod step;

use crate::physics::broad_phase::{BroadPhase, ProxyKind};
use crate::physics::error::{require_finite, PhysicsError, PhysicsResult};
use crate::physics::geometry::mass::{combine, shape_mass, MassData};
use crate::physics::geometry::shape::ShapeGeom;
use crate::physics::joints::JointStore;
use crate::physics::math::{is_finite_vec, Aabb, Real, Transform, Vec2};
use crate::physics::settings::{WorldSettings, MAX_COORDINATE, MAX_LINEAR_SPEED};
use crate::physics::world::body::{Body, BodyDef, BodyType, Shape, ShapeDef};
use crate::physics::world::contact::Contact;
use crate::physics::world::events::StepEvents;
use crate::physics::world::hash::PairMap;
use crate::physics::world::id::{require, Arena, BodyId, ShapeId};
use crate::physics::world::islands::{SleepingIslands, NO_ISLAND};
use crate::physics::world::step::StepScratch;
use serde::{Deserialize, Serialize};

#[derive(Clone, Serialize, Deserialize)]
pub struct World {
    pub settings: WorldSettings,
    pub(crate) bodies: Arena<Body>,
    pub(crate) shapes: Arena<Shape>,
    pub(crate) broad_phase: BroadPhase,
    pub(crate) contacts: Vec<Contact>,
    /// Pair key → index in `contacts` (lookups only, never iterated).
    pub(crate) pair_map: PairMap<u32>,
    pub(crate) sleeping: SleepingIslands,
    #[serde(default)]
    pub(crate) joints: JointStore,
    pub(crate) time: Real,
    pub(crate) steps: u64,
    #[serde(skip)]
    pub(crate) events: StepEvents,
    #[serde(skip)]
    pub(crate) scratch: StepScratch,
    #[serde(skip)]
    pub(crate) profile: crate::physics::world::profile::StepProfile,
    /// Set by edits that can change a contact between two bodies that are
    /// not moving (a body or shape removed, a body teleported or retyped):
    /// the next contact update then checks every contact, not only those
    /// of moving bodies. True after a restore too.
    #[serde(skip, default = "yes")]
    pub(crate) contacts_dirty: bool,
    /// Set when shapes come or go: the sensor sweep then lists the sensor
    /// shapes again (instead of scanning every shape every step).
    #[serde(skip, default = "yes")]
    pub(crate) sensors_dirty: bool,
    /// Set when static geometry changes: seams between static polygons are
    /// found again before the next step (`flush_edges`).
    #[serde(skip, default = "yes")]
    pub(crate) flush_dirty: bool,
}

fn yes() -> bool {
    true
}

impl Default for World {
    fn default() -> Self {
        World::new(WorldSettings::default())
    }
}

fn proxy_kind(t: BodyType) -> ProxyKind {
    match t {
        BodyType::Static => ProxyKind::Static,
        BodyType::Kinematic => ProxyKind::Kinematic,
        BodyType::Dynamic => ProxyKind::Dynamic,
    }
}

fn check_vec(what: &str, v: Vec2) -> PhysicsResult<Vec2> {
    if is_finite_vec(v) {
        Ok(v)
    } else {
        Err(PhysicsError::NonFinite(format!(
            "{what} must be finite, got ({}, {})",
            v.x, v.y
        )))
    }
}

fn check_non_negative(what: &str, v: Real) -> PhysicsResult<Real> {
    require_finite(what, v)?;
    if v < 0.0 {
        return Err(PhysicsError::InvalidArgument(format!(
            "{what} must not be negative, got {v}"
        )));
    }
    Ok(v)
}

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
    pub fn new(settings: WorldSettings) -> World {
        World {
            settings,
            bodies: Arena::default(),
            shapes: Arena::default(),
            broad_phase: BroadPhase::default(),
            contacts: Vec::new(),
            pair_map: PairMap::default(),
            sleeping: SleepingIslands::default(),
            joints: JointStore::default(),
            time: 0.0,
            steps: 0,
            events: StepEvents::default(),
            scratch: StepScratch::default(),
            profile: Default::default(),
            contacts_dirty: true,
            sensors_dirty: true,
            flush_dirty: true,
        }
    }

    /// Simulated seconds so far.
    pub fn time(&self) -> Real {
        self.time
    }

    /// Steps taken so far.
    pub fn step_count(&self) -> u64 {
        self.steps
    }

    /// Carry simulated time and step count over from another world (a
    /// keep-state reload continues the clock of the world it replaces).
    pub fn set_clock(&mut self, time: Real, steps: u64) {
        self.time = time;
        self.steps = steps;
    }

    // ----- bodies -------------------------------------------------------

    pub fn create_body(&mut self, def: &BodyDef) -> PhysicsResult<BodyId> {
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
        self.contacts_dirty = true;
        self.sensors_dirty = true;
        self.flush_dirty |= was_static;
        self.wake_body_index(id.index);
        self.destroy_joints_of_body(id.index);
        let body = self
            .bodies
            .remove(id.index, id.generation)
            .expect("checked above");
        for sid in &body.shapes {
            if let Some(shape) = self.shapes.remove(sid.index, sid.generation) {
                self.broad_phase.destroy_proxy(shape.proxy);
            }
        }
        // Contacts of the removed shapes are dropped (and their neighbours
        // woken) by the next contact update.
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
        let moved_static = b.body_type == BodyType::Static;
        self.flush_dirty |= moved_static;
        self.wake_body_index(id.index);
        self.refresh_proxies(id.index, 0.0);
        self.contacts_dirty = true;
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
        if b.body_type != BodyType::Static {
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
        b.force += force;
        if let Some(p) = point {
            b.torque += crate::physics::math::cross(p - b.center, force);
        }
        self.wake_body_index(id.index);
        Ok(())
    }

    pub fn apply_torque(&mut self, id: BodyId, torque: Real) -> PhysicsResult<()> {
        require_finite("torque", torque)?;
        let b = self.body_mut(id)?;
        if b.body_type == BodyType::Dynamic {
            b.torque += torque;
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
        b.linear_velocity = clamp_speed(b.linear_velocity + b.inv_mass * impulse);
        if let Some(p) = point {
            b.angular_velocity +=
                b.inv_inertia * crate::physics::math::cross(p - b.center, impulse);
        }
        self.wake_body_index(id.index);
        Ok(())
    }

    pub fn set_body_type(&mut self, id: BodyId, t: BodyType) -> PhysicsResult<()> {
        let b = self.body_mut(id)?;
        if b.body_type == t {
            return Ok(());
        }
        self.flush_dirty |= b.body_type == BodyType::Static || t == BodyType::Static;
        let b = self.body_mut(id)?;
        b.body_type = t;
        if t == BodyType::Static {
            b.linear_velocity = Vec2::ZERO;
            b.angular_velocity = 0.0;
        }
        let shapes = b.shapes.clone();
        self.contacts_dirty = true;
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

    // ----- shapes -------------------------------------------------------

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
        let shape = Shape {
            body,
            geom: def.geom,
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
        self.sensors_dirty |= def.sensor;
        self.flush_dirty |= on_static;
        let proxy = self.broad_phase.create_proxy(aabb, kind, index as u64);
        let shape = self.shapes.at_mut(index);
        shape.proxy = proxy;
        shape.fat_aabb = self.broad_phase.fat_aabb(proxy);
        let id = ShapeId { index, generation };
        self.bodies.at_mut(body.index).shapes.push(id);
        self.update_mass(body.index);
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

    /// Recompute mass, centre of mass and inertia from the shapes.
    pub(crate) fn update_mass(&mut self, index: u32) {
        let shapes: Vec<(ShapeGeom, Real)> = self
            .bodies
            .at(index)
            .shapes
            .iter()
            .map(|s| {
                let sh = self.shapes.at(s.index);
                (sh.geom, sh.density)
            })
            .collect();
        let b = self.bodies.at_mut(index);
        let parts: Vec<MassData> = shapes.iter().map(|(g, d)| shape_mass(g, *d)).collect();
        let mut md = combine(&parts);
        // Extents for continuous collision, from the geometric centre when massless.
        let geometric: Vec<MassData> = shapes.iter().map(|(g, _)| shape_mass(g, 1.0)).collect();
        let geo = combine(&geometric);
        let reference = if md.mass > 0.0 { md.center } else { geo.center };
        if let Some(m) = b.mass_override {
            if md.mass > 0.0 {
                let k = m / md.mass;
                md.mass = m;
                md.inertia *= k;
            } else if geo.mass > 0.0 {
                let k = m / geo.mass;
                md = MassData {
                    mass: m,
                    center: geo.center,
                    inertia: geo.inertia * k,
                };
            } else {
                md = MassData {
                    mass: m,
                    center: reference,
                    inertia: 0.0,
                };
            }
        }
        b.max_extent = 0.0;
        b.min_extent = Real::MAX;
        for (g, _) in &shapes {
            b.max_extent = b.max_extent.max(shape_extent_from(g, reference));
            b.min_extent = b.min_extent.min(shape_min_extent(g));
        }
        if shapes.is_empty() {
            b.min_extent = 0.0;
        }
        b.local_center = Vec2::ZERO;
        b.mass = 0.0;
        b.inv_mass = 0.0;
        b.inertia = 0.0;
        b.inv_inertia = 0.0;
        if b.body_type != BodyType::Dynamic {
            b.center = b.xf.p;
            b.center0 = b.center;
            if b.body_type == BodyType::Kinematic {
                b.local_center = md.center;
                b.center = b.xf.apply(md.center);
                b.center0 = b.center;
            }
            return;
        }
        if md.mass > 0.0 {
            b.mass = md.mass;
            b.inv_mass = 1.0 / md.mass;
            b.local_center = md.center;
            b.inertia = md.inertia;
            if md.inertia > 0.0 && !b.fixed_rotation {
                b.inv_inertia = 1.0 / md.inertia;
            }
        } else {
            // A dynamic body with no mass (no shapes, zero density or only
            // segments) still needs to respond: give it 1 kg, no rotation.
            b.mass = 1.0;
            b.inv_mass = 1.0;
            b.local_center = reference;
        }
        // Keep the origin fixed; the centre moves with the new local centre.
        b.center = b.xf.apply(b.local_center);
        b.center0 = b.center;
    }

    /// Refresh the broad-phase boxes of a body's shapes; `dt` > 0 stretches
    /// them along the velocity so next step's speculative pairs exist.
    pub(crate) fn refresh_proxies(&mut self, index: u32, dt: Real) {
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
            // Needed: this step's sweep. Given when it must move anyway:
            // four steps' sweep, so a falling body is not reinserted into
            // the tree every step.
            let ahead = swept(PROXY_LOOKAHEAD * shift);
            if broad_phase.move_proxy_ahead(shape.proxy, swept(shift), ahead) {
                shape.fat_aabb = broad_phase.fat_aabb(shape.proxy);
            }
        }
    }

    /// Remove every contact of a body now (used when its type changes).
    fn drop_contacts_of_body(&mut self, index: u32) {
        let mut i = 0;
        while i < self.contacts.len() {
            let c = &self.contacts[i];
            if c.body_a == index || c.body_b == index {
                self.remove_contact(i, true);
            } else {
                i += 1;
            }
        }
    }

    /// Remove contact `i` (swap-remove), fixing the pair map; emits an end
    /// event when it was touching and `events` is set.
    pub(crate) fn remove_contact(&mut self, i: usize, events: bool) {
        let c = self.contacts.swap_remove(i);
        self.pair_map.remove(&crate::physics::world::hash::pair_key(
            c.shape_a.index,
            c.shape_b.index,
        ));
        if i < self.contacts.len() {
            let moved = &self.contacts[i];
            self.pair_map.insert(
                crate::physics::world::hash::pair_key(moved.shape_a.index, moved.shape_b.index),
                i as u32,
            );
        }
        if events && c.touching {
            self.events.push_end(&c, &self.bodies);
        }
    }

    // ----- sleep --------------------------------------------------------

    /// Wake a body and the island it sleeps with.
    pub(crate) fn wake_body_index(&mut self, index: u32) {
        let b = self.bodies.at_mut(index);
        b.sleep_time = 0.0;
        if b.awake {
            return;
        }
        let island = b.sleep_island;
        b.awake = true;
        b.sleep_island = NO_ISLAND;
        if island != NO_ISLAND {
            for other in self.sleeping.take(island) {
                if let Some(ob) = self
                    .bodies
                    .slots
                    .get_mut(other as usize)
                    .and_then(|s| s.value.as_mut())
                {
                    ob.awake = true;
                    ob.sleep_time = 0.0;
                    ob.sleep_island = NO_ISLAND;
                }
            }
        }
    }

    fn sleep_body_index(&mut self, index: u32) {
        let b = self.bodies.at_mut(index);
        if b.body_type == BodyType::Static || !b.awake {
            return;
        }
        b.awake = false;
        b.linear_velocity = Vec2::ZERO;
        b.angular_velocity = 0.0;
        b.sleep_island = self.sleeping.add(vec![index]);
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

    pub fn contact_count(&self) -> usize {
        self.contacts
            .iter()
            .filter(|c| c.touching && !c.sensor)
            .count()
    }

    pub fn contacts(&self) -> &[Contact] {
        &self.contacts
    }
}

/// Keep positions inside the representable working range.
pub(crate) fn clamp_position(p: Vec2) -> Vec2 {
    p.clamp(Vec2::splat(-MAX_COORDINATE), Vec2::splat(MAX_COORDINATE))
}

/// Keep speeds below the engine's limit (absurd inputs stay finite).
pub(crate) fn clamp_speed(v: Vec2) -> Vec2 {
    let len = v.length();
    if len > MAX_LINEAR_SPEED {
        v * (MAX_LINEAR_SPEED / len)
    } else {
        v
    }
}

fn shape_extent_from(g: &ShapeGeom, c: Vec2) -> Real {
    match g {
        ShapeGeom::Circle(s) => (s.center - c).length() + s.radius,
        ShapeGeom::Polygon(p) => {
            p.verts()
                .iter()
                .map(|v| (*v - c).length())
                .fold(0.0, Real::max)
                + p.radius
        }
        ShapeGeom::Segment(s) => (s.a - c).length().max((s.b - c).length()),
    }
}

/// Half the thinnest dimension of a shape: moving more than this in a step
/// could pass through something, so continuous collision looks closer.
fn shape_min_extent(g: &ShapeGeom) -> Real {
    match g {
        ShapeGeom::Circle(s) => s.radius,
        ShapeGeom::Polygon(p) => {
            let mut m = Real::MAX;
            for i in 0..p.count {
                let d = p.normals[i].dot(p.vertices[i] - p.centroid);
                m = m.min(d);
            }
            m + p.radius
        }
        ShapeGeom::Segment(_) => 0.0,
    }
}
