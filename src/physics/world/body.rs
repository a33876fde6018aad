//! Bodies and the shapes attached to them.

use crate::physics::broad_phase::ProxyKey;
use crate::physics::geometry::mass::MassData;
use crate::physics::geometry::shape::ShapeGeom;
use crate::physics::math::{Aabb, Real, Rot, Transform, Vec2};
use crate::physics::world::id::{BodyId, ShapeId};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BodyType {
    /// Never moves; infinite mass.
    Static,
    /// Moves by its velocity only; pushes dynamic bodies, ignores forces.
    Kinematic,
    /// Fully simulated.
    Dynamic,
}

impl BodyType {
    pub fn name(self) -> &'static str {
        match self {
            BodyType::Static => "static",
            BodyType::Kinematic => "kinematic",
            BodyType::Dynamic => "dynamic",
        }
    }
}

/// Everything needed to create a body. Shapes are added afterwards.
#[derive(Clone, Debug, PartialEq)]
pub struct BodyDef {
    pub body_type: BodyType,
    /// Body origin in world coordinates.
    pub position: Vec2,
    pub angle: Real,
    /// Velocity of the centre of mass.
    pub linear_velocity: Vec2,
    pub angular_velocity: Real,
    pub linear_damping: Real,
    pub angular_damping: Real,
    pub gravity_scale: Real,
    pub fixed_rotation: bool,
    /// Continuous collision against dynamic bodies too (not only static ones).
    pub bullet: bool,
    /// May this body ever sleep?
    pub allow_sleep: bool,
    pub awake: bool,
    pub name: Option<String>,
    /// Free for the embedding program (the Lua layer stores its handle data here).
    pub user_data: u64,
}

impl Default for BodyDef {
    fn default() -> Self {
        BodyDef {
            body_type: BodyType::Dynamic,
            position: Vec2::ZERO,
            angle: 0.0,
            linear_velocity: Vec2::ZERO,
            angular_velocity: 0.0,
            linear_damping: 0.0,
            angular_damping: 0.0,
            gravity_scale: 1.0,
            fixed_rotation: false,
            bullet: false,
            allow_sleep: true,
            awake: true,
            name: None,
            user_data: 0,
        }
    }
}

/// Everything needed to attach a shape to a body.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeDef {
    pub geom: ShapeGeom,
    /// kg/m²; ignored when the body is given an explicit mass.
    pub density: Real,
    /// Dynamic (kinetic) friction coefficient.
    pub friction: Real,
    /// Static friction coefficient; `None` means equal to `friction`.
    pub static_friction: Option<Real>,
    pub restitution: Real,
    /// Sensors report overlaps and never push.
    pub sensor: bool,
    /// Shapes sharing a non-zero group never collide with each other.
    pub group: i32,
    pub user_data: u64,
}

impl Default for ShapeDef {
    fn default() -> Self {
        ShapeDef {
            geom: ShapeGeom::Circle(crate::physics::geometry::shape::Circle {
                center: Vec2::ZERO,
                radius: 0.5,
            }),
            density: 1.0,
            friction: 0.6,
            static_friction: None,
            restitution: 0.0,
            sensor: false,
            group: 0,
            user_data: 0,
        }
    }
}

/// A shape attached to a body. In declaration order (`repr(C)`): what the
/// narrow phase reads of each shape of each contact comes first (its fat
/// box, materials, then the geometry: a circle whole within the first two
/// cache lines, a box's count and vertices in the second and third), and
/// what the proxy update reads and writes of each moving shape (both
/// boxes, the geometry) in those lines too.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[repr(C)]
pub struct Shape {
    /// The proxy's fat box in the broad phase, kept here too so the
    /// per-contact overlap check reads the shape it already has in cache
    /// instead of a tree node elsewhere in memory.
    pub fat_aabb: Aabb,
    /// World bounding box at the last update.
    pub aabb: Aabb,
    pub friction: Real,
    pub static_friction: Real,
    pub restitution: Real,
    pub geom: ShapeGeom,
    pub body: BodyId,
    pub density: Real,
    pub sensor: bool,
    pub group: i32,
    pub user_data: u64,
    /// Broad-phase proxy.
    pub proxy: ProxyKey,
}

impl Shape {
    /// The front of a shape the narrow phase asks for ahead of time: three
    /// cache lines (all of a circle's data, a box's first vertices; asking
    /// for all seven lines of every shape of every contact held up the
    /// reads the loop itself was waiting for).
    pub const NARROW_PHASE_BYTES: usize = 192;
}

/// A rigid body. In declaration order (`repr(C)`): what the narrow phase
/// reads of each body of each contact comes first, in the first cache line
/// and a half (`Body::NARROW_PHASE_BYTES`), so that the lines it asks for
/// ahead of time are those and no more.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[repr(C)]
pub struct Body {
    /// Origin transform (what the user positions).
    pub xf: Transform,
    /// World centre of mass.
    pub center: Vec2,
    pub linear_velocity: Vec2,
    pub angular_velocity: Real,
    /// Largest distance from the centre of mass to any shape point.
    pub max_extent: Real,
    pub body_type: BodyType,
    pub awake: bool,
    pub fixed_rotation: bool,
    pub bullet: bool,
    pub allow_sleep: bool,
    /// When set, mass comes from this value instead of shape densities.
    /// In the front: its tag is where `Option<Body>` (an arena slot) says
    /// whether the body is there, which every lookup reads.
    pub mass_override: Option<Real>,
    /// Index of the sleeping island this body belongs to (when asleep).
    pub sleep_island: u32,
    /// Centre of mass in body coordinates.
    pub local_center: Vec2,
    /// Centre and rotation at the start of the step (continuous collision).
    pub center0: Vec2,
    pub q0: Rot,
    /// Accumulated user force and torque, cleared after each step.
    pub force: Vec2,
    pub torque: Real,
    pub mass: Real,
    pub inv_mass: Real,
    /// Rotational inertia about the centre of mass.
    pub inertia: Real,
    pub inv_inertia: Real,
    pub linear_damping: Real,
    pub angular_damping: Real,
    pub gravity_scale: Real,
    pub sleep_time: Real,
    /// Smallest half-thickness of the body's shapes (tunnelling threshold).
    pub min_extent: Real,
    pub shapes: Vec<ShapeId>,
    pub name: Option<String>,
    pub user_data: u64,
    /// Bodies this one never collides with: a rope mass's are the bodies
    /// its rope is pinned to (`world/ropes.rs`), which a rope's end masses
    /// usually start inside. Ids, not slots, so a destroyed body's reused
    /// slot is not ignored by mistake.
    #[serde(default)]
    pub ignores: [Option<BodyId>; 2],
    /// The speed the body had when its rest timer last started
    /// (`step/sleep.rs`: a body speeding up since then does not rest).
    #[serde(default)]
    pub rest_speed: Real,
}

impl Body {
    /// The front of a body the narrow phase reads: pose, centre, velocity,
    /// extent, type and flags (`repr(C)` above).
    pub const NARROW_PHASE_BYTES: usize = std::mem::offset_of!(Body, sleep_island);

    /// Dynamic or kinematic, and awake: it can move this step.
    #[inline]
    pub fn moves(&self) -> bool {
        self.body_type != BodyType::Static && self.awake
    }

    /// Dynamic or kinematic, and asleep.
    #[inline]
    pub fn sleeps(&self) -> bool {
        self.body_type != BodyType::Static && !self.awake
    }

    pub fn is_dynamic(&self) -> bool {
        self.body_type == BodyType::Dynamic
    }

    /// Velocity of a world point attached to the body.
    pub fn velocity_at(&self, p: Vec2) -> Vec2 {
        self.linear_velocity
            + crate::physics::math::cross_sv(self.angular_velocity, p - self.center)
    }

    pub fn kinetic_energy(&self) -> Real {
        if self.body_type != BodyType::Dynamic {
            return 0.0;
        }
        0.5 * self.mass * self.linear_velocity.length_squared()
            + 0.5 * self.inertia * self.angular_velocity * self.angular_velocity
    }

    /// Mass data as the solver sees it.
    pub fn mass_data(&self) -> MassData {
        MassData {
            mass: self.mass,
            center: self.local_center,
            inertia: self.inertia,
        }
    }
}
