//! World-wide tuning values. Defaults follow Box2D v3's soft step (4 substeps,
//! contact hertz 30, damping ratio 10, push-out 3 m/s) with changes noted.

use super::math::{Real, Vec2};
use serde::{Deserialize, Serialize};

/// Collision tolerance: shapes closer than this count as touching.
pub const LINEAR_SLOP: Real = 0.005;
/// Speculative contact distance for bodies at rest (Box2D: 4 × slop). Moving
/// bodies get more: their relative travel in the step (see `contact.rs`).
pub const SPECULATIVE_DISTANCE: Real = 4.0 * LINEAR_SLOP;
/// Upper bound on the velocity-based speculative margin; beyond it the time of
/// impact stage takes over (large margins make ghost contacts).
pub const MAX_SPECULATIVE_DISTANCE: Real = 1.0;
/// Speed limit on any body, m/s: far beyond anything physical a scene needs,
/// it keeps absurd inputs (1e9 m/s) finite.
pub const MAX_LINEAR_SPEED: Real = 1.0e5;
/// Angular speed limit, rad/s.
pub const MAX_ANGULAR_SPEED: Real = 1.0e5;
/// Largest force (N), torque (N·m) and impulse (N·s) a body accumulates or
/// is given: with the smallest mass the scene API allows (1e-6 kg) that is
/// an acceleration the speed limit cuts anyway, far from overflowing.
pub const MAX_FORCE: Real = 1.0e15;
/// Positions are clamped to this box so nothing overflows.
pub const MAX_COORDINATE: Real = 1.0e9;
/// Default most bodies a world holds (`World::set_limits`): far beyond any
/// scene, well before memory runs out.
pub const DEFAULT_MAX_BODIES: usize = 100_000;
/// Default most contacts: ~1 KB each with the solver's copy, so about half
/// a gigabyte. 3,000 circles made at one point make 4.5 million pairs
/// (14.6 s and 4.4 GB for one step before this limit).
pub const DEFAULT_MAX_CONTACTS: usize = 500_000;

/// How big a world may grow: creating a body past `max_bodies` is an error,
/// and a step that would need more than `max_contacts` contacts is refused
/// (see `World::step_refusal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorldLimits {
    pub max_bodies: usize,
    pub max_contacts: usize,
}

impl Default for WorldLimits {
    fn default() -> Self {
        WorldLimits {
            max_bodies: DEFAULT_MAX_BODIES,
            max_contacts: DEFAULT_MAX_CONTACTS,
        }
    }
}

/// How long a body must be slow before its island may sleep.
pub const TIME_TO_SLEEP: Real = 0.5;
/// Below this speed a body counts as slow: its centre's speed, and the
/// speed its turning gives its farthest point (`step/sleep.rs`).
pub const LINEAR_SLEEP_TOLERANCE: Real = 0.05;
/// Nor may a slow body turn faster than this (rad/s, a turn in 12.6 s),
/// however small.
pub const MAX_RESTING_SPIN: Real = 0.5;
/// Tangential speed below which the static friction coefficient applies.
pub const STICK_SPEED: Real = 0.01;
/// Work budget (constraint-point solves per phase, over the whole step): a
/// scene with few contacts iterates until converged, up to this budget, so
/// extreme mass ratios (1000:1 stacks) settle instead of sinking.
pub const SMALL_ISLAND_BUDGET: usize = 8192;
/// Iteration cap for one island in one phase.
pub const MAX_ISLAND_ITERATIONS: usize = 1024;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WorldSettings {
    pub gravity: Vec2,
    /// Solver substeps per step.
    pub substeps: u32,
    /// Contact stiffness (Hz) and damping ratio of soft contacts.
    pub contact_hertz: Real,
    pub contact_damping_ratio: Real,
    /// Maximum speed at which overlap is pushed apart (m/s).
    pub contact_push_speed: Real,
    /// Approach speeds below this do not bounce (m/s).
    pub restitution_threshold: Real,
    pub enable_sleep: bool,
    pub enable_continuous: bool,
    pub enable_warm_starting: bool,
    /// Solve big one-pass islands eight constraints at a time in single
    /// precision (SIMD, as Box2D). Off: everything in the double-precision
    /// scalar solver (slower; the same motion to f32 round-off).
    #[serde(default = "default_true")]
    pub wide_solver: bool,
    /// Keep a contact's manifold (polygons and segments), its points carried along by the bodies,
    /// while the two have moved less than half a millimetre relative to
    /// each other since it was computed, and a pair without points while
    /// a separating axis says they are still apart (persistent manifolds,
    /// `world/manifold_reuse.rs`). Off: the narrow phase runs for every
    /// contact of a moving body every step.
    #[serde(default = "default_true")]
    pub keep_manifolds: bool,
    /// Treat the seams between flush static shapes (a floor of tiles, a
    /// wall of bricks, segments end to end) as the one surface they make,
    /// so that nothing sliding or rolling across catches on a tile's
    /// corner (`collision/seams.rs`). Off: each shape's corners stand on
    /// their own, as in engines without seam handling (Box2D's tiled
    /// floors catch rolling balls this way): for experiments and
    /// comparisons.
    #[serde(default = "default_true")]
    pub smooth_seams: bool,
    /// RK4 for force-only motion of bodies with no contact or joint this
    /// step (see `solver/rk4.rs`).
    pub integrator: Integrator,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Integrator {
    /// Symplectic Euler inside the substepped solver (default).
    Euler,
    /// Classic Runge–Kutta for bodies with no contacts (free flight under
    /// gravity and forces); contacts are still solved once per step.
    Rk4,
}

impl Default for WorldSettings {
    fn default() -> Self {
        WorldSettings {
            gravity: Vec2::new(0.0, -9.81),
            substeps: 4,
            contact_hertz: 30.0,
            contact_damping_ratio: 10.0,
            contact_push_speed: 3.0,
            restitution_threshold: 0.5,
            enable_sleep: true,
            enable_continuous: true,
            enable_warm_starting: true,
            wide_solver: true,
            keep_manifolds: true,
            smooth_seams: true,
            integrator: Integrator::Euler,
        }
    }
}

fn default_true() -> bool {
    true
}
