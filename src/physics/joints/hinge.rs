//! Hinge (revolute) joint: B's anchor stays on A's anchor; B may turn
//! relative to A, optionally within limits and driven by a motor.
//!
//! Point: C = (cB + rB) − (cA + rA) = 0 (a 2-vector),
//!   Ċ = vB + ωB×rB − vA − ωA×rA,
//!   J = [−I, −[rA], I, [rB]] with [r] = (−r.y, r.x)ᵀ (so ω×r = [r]ω),
//!   K = J M⁻¹ Jᵀ = (mA + mB)·I + iA·[rA][rA]ᵀ + iB·[rB][rB]ᵀ
//!     = [[mA+mB + iA rA.y² + iB rB.y², −iA rA.x rA.y − iB rB.x rB.y],
//!        [·, mA+mB + iA rA.x² + iB rB.x²]].
//! Angle θ = angle(qB) − angle(qA) − θ_ref:
//!   motor: Ċ = ωB − ωA − speed, J = [0, −1, 0, 1], K = iA + iB,
//!          |λ| ≤ max_torque·h;
//!   lower limit: C = θ − lo ≥ 0, Ċ = ωB − ωA, λ ≥ 0;
//!   upper limit: C = hi − θ ≥ 0, Ċ = ωA − ωB, λ ≥ 0 (same K).
//! Impulse slots: 0, 1 point; 2 motor; 3 lower; 4 upper.
//! Positions: C is projected out after each drift (see `solver.rs`).

use super::super::error::{PhysicsError, PhysicsResult};
use super::super::math::{Real, Vec2};
use super::super::solver_body::SolverBody;
use super::solver::{project_angle, project_point, solve_point, JointConstraint, Vel, IMPULSES};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, Default)]
pub struct HingeParams {
    /// Relative angle B − A at creation (filled in by `create_joint`).
    pub reference_angle: Real,
    /// Allowed relative rotation (lower, upper), radians from the creation pose.
    pub limits: Option<(Real, Real)>,
    /// Motor: target relative angular speed (rad/s) and maximum torque (N·m).
    pub motor: Option<(Real, Real)>,
}

impl HingeParams {
    pub(crate) fn validated(&self, rel_angle: Real) -> PhysicsResult<HingeParams> {
        if let Some((lo, hi)) = self.limits {
            if !(lo.is_finite() && hi.is_finite()) || lo > hi {
                return Err(PhysicsError::InvalidArgument(format!(
                    "hinge: limits must be finite with lower <= upper, got {{{lo}, {hi}}}"
                )));
            }
        }
        if let Some((speed, torque)) = self.motor {
            if !(speed.is_finite() && torque.is_finite() && torque >= 0.0) {
                return Err(PhysicsError::InvalidArgument(format!(
                    "hinge: motor needs a finite speed and a non-negative max torque, got {{{speed}, {torque}}}"
                )));
            }
        }
        Ok(HingeParams {
            reference_angle: rel_angle,
            ..*self
        })
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Prepared {
    pub limits: Option<(Real, Real)>,
    pub motor: Option<(Real, Real)>,
    /// 1 / (iA + iB), 0 when neither body can turn.
    pub axial_mass: Real,
}

pub(crate) fn prepare(p: &HingeParams, c: &JointConstraint) -> Prepared {
    let k = c.ia + c.ib;
    Prepared {
        limits: p.limits,
        motor: p.motor,
        axial_mass: if k > 0.0 { 1.0 / k } else { 0.0 },
    }
}

fn data(c: &JointConstraint) -> Prepared {
    match c.kind {
        super::solver::Prepared::Hinge(p) => p,
        _ => unreachable!("hinge solver on another joint kind"),
    }
}

pub(crate) fn apply(
    c: &JointConstraint,
    bodies: &[SolverBody],
    imp: &[Real; IMPULSES],
    v: &mut Vel,
) {
    let (ra, rb) = c.anchors(bodies);
    super::solver::apply_point(c, ra, rb, Vec2::new(imp[0], imp[1]), v);
    let axial = imp[2] + imp[3] - imp[4];
    v.1 -= c.ia * axial;
    v.3 += c.ib * axial;
}

pub(crate) fn solve(c: &mut JointConstraint, bodies: &[SolverBody], v: &mut Vel, _use_bias: bool) {
    let p = data(c);
    if p.axial_mass > 0.0 {
        if let Some((speed, max_torque)) = p.motor {
            let cdot = v.3 - v.1 - speed;
            let max = max_torque * c.h;
            let old = c.imp[2];
            let new = (old - p.axial_mass * cdot).clamp(-max, max);
            let applied = new - old;
            c.imp[2] = new;
            v.1 -= c.ia * applied;
            v.3 += c.ib * applied;
        }
        if let Some((lo, hi)) = p.limits {
            let angle = c.angle(bodies);
            // Lower: C = θ − lo.
            let (bias, ms, is) = c.limit_terms(angle - lo);
            let cdot = v.3 - v.1;
            let old = c.imp[3];
            let new = (old - p.axial_mass * ms * (cdot + bias) - is * old).max(0.0);
            let applied = new - old;
            c.imp[3] = new;
            v.1 -= c.ia * applied;
            v.3 += c.ib * applied;
            // Upper: C = hi − θ.
            let (bias, ms, is) = c.limit_terms(hi - angle);
            let cdot = v.1 - v.3;
            let old = c.imp[4];
            let new = (old - p.axial_mass * ms * (cdot + bias) - is * old).max(0.0);
            let applied = new - old;
            c.imp[4] = new;
            v.1 += c.ia * applied;
            v.3 -= c.ib * applied;
        }
    }
    solve_point(c, bodies, v, 0, None);
}

/// Position projection: the angle back inside violated limits, then the
/// anchors together.
pub(crate) fn project(c: &JointConstraint, bodies: &mut [SolverBody]) {
    if let Some((lo, hi)) = data(c).limits {
        let angle = c.angle(bodies);
        if angle < lo {
            project_angle(c, bodies, angle - lo);
        } else if angle > hi {
            project_angle(c, bodies, angle - hi);
        }
    }
    project_point(c, bodies);
}

/// Linear and angular impulse on B over the substep.
pub(crate) fn impulse(c: &JointConstraint) -> (Vec2, Real) {
    (
        Vec2::new(c.imp[0], c.imp[1]),
        c.imp[2] + c.imp[3] - c.imp[4],
    )
}
