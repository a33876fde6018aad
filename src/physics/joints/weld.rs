//! Weld joint: B is glued to A (no relative motion).
//!
//! Point: C = (cB + rB) − (cA + rA) = 0, with the hinge's J and 2×2 K.
//! Angle: C = angle(qB) − angle(qA) − θ_ref = 0, Ċ = ωB − ωA,
//!   J = [0, −1, 0, 1], K = iA + iB.
//! Solved together as one 3×3 block; positions projected after each drift,
//! the same way.
//! Impulse slots: 0, 1 point; 2 angle.

use super::super::math::{Real, Vec2};
use super::constraint::{
    apply_point, clamp_correction, clamp_scalar, point_velocity, project_angle, project_point,
    solve_point, JointConstraint, Vel, IMPULSES, LIMITS,
};
use super::constraint::{JointStep, ProjectionImpulse};
use super::hinge::{block_mass, solve3};
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
    // Point and angle together (Box2D v2's 3×3 weld block). Solved one
    // after the other, each undid part of the other through the lever of
    // the anchors: a 1 kg box welded to the ceiling with 100 kg welded
    // under it gave way 4 cm and turned 7° when a 10 kg box hit the load
    // at 30 m/s.
    let (ra, rb) = (c.ra_s, c.rb_s);
    let cdot = point_velocity(v, ra, rb);
    let k = block_mass(c, ra, rb, 1.0);
    if let Some(x) = solve3(&k, [-cdot.x, -cdot.y, -(v.3 - v.1)]) {
        c.imp[0] += x[0];
        c.imp[1] += x[1];
        c.imp[2] += x[2];
        apply_point(c, ra, rb, Vec2::new(x[0], x[1]), v);
        v.1 -= c.ia * x[2];
        v.3 += c.ib * x[2];
        return;
    }
    // Singular (neither body turns, or both are points): one by one.
    let k = c.ia + c.ib;
    if k > 0.0 {
        let applied = -(v.3 - v.1) / k;
        c.imp[2] += applied;
        v.1 -= c.ia * applied;
        v.3 += c.ib * applied;
    }
    solve_point(c, s, bodies, v, 0, None);
}

/// Position projection: anchors and angle together (as `solve`), else
/// the angle, then the anchors.
pub(crate) fn project(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &mut [SolverBody],
) -> ProjectionImpulse {
    let angle = c.angle(bodies);
    let (ra, rb) = c.anchors(s, bodies);
    let err = clamp_correction(c.separation(s, bodies, ra, rb));
    let turn = clamp_scalar(angle, LIMITS.1);
    let k = block_mass(c, c.ra_s, c.rb_s, 1.0);
    if let Some(x) = solve3(&k, [-err.x, -err.y, -turn]) {
        return c.shift(
            s.inv_h,
            bodies,
            (c.ra_s, c.rb_s),
            Vec2::new(x[0], x[1]),
            x[2],
        );
    }
    project_angle(c, s.inv_h, bodies, angle) + project_point(c, s, bodies)
}

pub(crate) fn impulse(c: &JointConstraint) -> (Vec2, Real) {
    (Vec2::new(c.imp[0], c.imp[1]), c.imp[2])
}
