//! Weld joint: B is glued to A (no relative motion).
//!
//! Point: C = (cB + rB) − (cA + rA) = 0, with the hinge's J and 2×2 K.
//! Angle: C = angle(qB) − angle(qA) − θ_ref = 0, Ċ = ωB − ωA,
//!   J = [0, −1, 0, 1], K = iA + iB.
//! Solved angle first, then the point; positions projected after each drift.
//! Impulse slots: 0, 1 point; 2 angle.

use super::super::math::{Real, Vec2};
use super::constraint::{
    project_angle, project_point, solve_point, JointConstraint, Vel, IMPULSES,
};
use super::constraint::{JointStep, ProjectionImpulse};
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::solver::Phase;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, Default)]
pub struct WeldParams {
    /// Relative angle B − A at creation (filled in by `create_joint`).
    pub reference_angle: Real,
}

pub(crate) fn apply(
    c: &JointConstraint,
    _bodies: &[SolverBody],
    imp: &[Real; IMPULSES],
    v: &mut Vel,
) {
    super::constraint::apply_point_and_angle(c, imp, imp[2], v);
}

pub(crate) fn solve(
    c: &mut JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    v: &mut Vel,
    _phase: Phase,
) {
    let k = c.ia + c.ib;
    if k > 0.0 {
        let applied = -(v.3 - v.1) / k;
        c.imp[2] += applied;
        v.1 -= c.ia * applied;
        v.3 += c.ib * applied;
    }
    solve_point(c, s, bodies, v, 0, None);
}

/// Position projection: angle, then anchors.
pub(crate) fn project(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &mut [SolverBody],
) -> ProjectionImpulse {
    let angle = c.angle(bodies);
    project_angle(c, s.inv_h, bodies, angle) + project_point(c, s, bodies)
}

pub(crate) fn impulse(c: &JointConstraint) -> (Vec2, Real) {
    (Vec2::new(c.imp[0], c.imp[1]), c.imp[2])
}
