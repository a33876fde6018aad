//! The per-step working copy of a moving body that the solver iterates on,
//! split in two arrays: what every constraint pass reads and writes
//! (`SolverBody`, one 64-byte cache line) and what only the per-body loops
//! need (`SolverBodyInfo`). Index 0 of both is a dummy for static bodies
//! (zero velocity, zero inverse mass), so constraint loops need no branches.

use crate::physics::math::{Real, Rot, Vec2};

#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub struct SolverBody {
    pub v: Vec2,
    pub w: Real,
    /// Keeps `v, w` in the first 32 bytes: the wide solver stores them with
    /// one 256-bit write (see `wide/gather.rs`), which lands here too.
    pub pad: Real,
    /// Position and rotation change since the start of the step.
    pub dp: Vec2,
    pub dq: Rot,
}

/// One cache line per body (`repr(C)`, aligned): the per-body loops read
/// it whole.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub struct SolverBodyInfo {
    pub inv_mass: Real,
    pub inv_i: Real,
    /// Acceleration from gravity and user forces (for exact restitution).
    pub accel: Vec2,
    /// Velocity damping factors per substep, 1 / (1 + h·damping).
    pub linear_damping: Real,
    pub angular_damping: Real,
    /// Angular acceleration from user torque.
    pub alpha: Real,
    /// Body slot index (u32::MAX for the dummy).
    pub body: u32,
}

/// Velocity change of a body's warm start this substep (before the warm
/// start: the velocity it started from), added again before the relax
/// phase (`integrate.rs`). Beside `SolverBodyInfo`, not in it: each
/// substep writes it twice (the first kick, after the warm start), and in
/// the info it dirtied every body's record (88 bytes then), which the
/// substeps otherwise only read.
#[derive(Clone, Copy, Debug, Default)]
pub struct WarmChange {
    pub v: Vec2,
    pub w: Real,
}

const _: () = assert!(std::mem::size_of::<SolverBodyInfo>() == 64);

impl SolverBody {
    pub const STATIC: SolverBody = SolverBody {
        v: Vec2::ZERO,
        w: 0.0,
        pad: 0.0,
        dp: Vec2::ZERO,
        dq: Rot::IDENTITY,
    };
}

impl SolverBodyInfo {
    pub const STATIC: SolverBodyInfo = SolverBodyInfo {
        inv_mass: 0.0,
        inv_i: 0.0,
        accel: Vec2::ZERO,
        linear_damping: 1.0,
        angular_damping: 1.0,
        alpha: 0.0,
        body: u32::MAX,
    };
}
