//! Mouse joint: pulls a point of body A towards a target in the world with
//! a soft spring (frequency and damping ratio, independent of the body's
//! mass) whose force is capped — what dragging with the mouse needs.
//!
//! With B the world at the target t: C = t − (cA + rA) (a 2-vector),
//!   Ċ = −(vA + ωA×rA), J = [−I, −[rA], 0, 0],
//!   K = mA·I + iA·[rA][rA]ᵀ (the hinge's K with B static).
//! Soft in both phases (Box2D's `b2MakeSoft` from hertz, ζ and h), with the
//! accumulated impulse's length capped at max_force·h.
//! Impulse slots: 0, 1 linear.

use super::super::error::{PhysicsError, PhysicsResult};
use super::super::math::{Real, Vec2};
use super::constraint::JointStep;
use super::constraint::{solve_point, JointConstraint, Vel, IMPULSES};
use crate::physics::solver::softness::Softness;
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::solver::Phase;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MouseParams {
    /// Largest force (N) the joint may apply.
    pub max_force: Real,
    /// Stiffness (Hz) and damping ratio of the pull.
    pub hertz: Real,
    pub damping_ratio: Real,
}

impl Default for MouseParams {
    fn default() -> Self {
        MouseParams {
            max_force: 1000.0,
            hertz: 5.0,
            damping_ratio: 0.7,
        }
    }
}

impl MouseParams {
    pub(crate) fn validated(&self) -> PhysicsResult<MouseParams> {
        let ok = |x: Real| x.is_finite() && x >= 0.0;
        if !(ok(self.max_force) && ok(self.hertz) && ok(self.damping_ratio)) || self.hertz == 0.0 {
            return Err(PhysicsError::InvalidArgument(format!(
                "mouse joint: max_force and damping ratio must be >= 0 and hertz > 0, got {:?}",
                self
            )));
        }
        Ok(*self)
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Prepared {
    pub soft: Softness,
    pub max_impulse: Real,
}

pub(crate) fn prepare(p: &MouseParams, s: &JointStep) -> Prepared {
    Prepared {
        soft: Softness::new(p.hertz, p.damping_ratio, s.h),
        max_impulse: p.max_force * s.h,
    }
}

fn data(c: &JointConstraint) -> Prepared {
    match c.kind {
        super::constraint::Prepared::Mouse(p) => p,
        _ => unreachable!("mouse solver on another joint kind"),
    }
}

pub(crate) fn apply(
    c: &JointConstraint,
    _bodies: &[SolverBody],
    imp: &[Real; IMPULSES],
    v: &mut Vel,
) {
    super::constraint::apply_point_and_angle(c, imp, 0.0, v);
}

pub(crate) fn solve(
    c: &mut JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    v: &mut Vel,
    _phase: Phase,
) {
    let max = data(c).max_impulse;
    solve_point(c, s, bodies, v, 0, Some(max));
}

pub(crate) fn impulse(c: &JointConstraint) -> (Vec2, Real) {
    (Vec2::new(c.imp[0], c.imp[1]), 0.0)
}
