//! Wheel joint (as Box2D's): B's anchor stays on a line through A's anchor
//! along an axis fixed in A (the suspension travel), held there by a spring
//! with damping; B turns freely, optionally driven by a motor; the travel
//! optionally within limits.
//!
//! With d = (cB + rB) − (cA + rA), axis a = qA·a_local (turns with A),
//! p = perp(a), travel s = a·d (0 at creation), the rows are the slider's
//! (see `slider.rs`) without its angle row:
//!   perpendicular (rigid): C = p·d = 0, J = [−p, −s1, p, s2],
//!     K = mA + mB + iA s1² + iB s2², s1 = (d + rA)×p, s2 = rB×p;
//!   spring (soft) and limits along the axis: C = s, J = [−a, −a1, a, a2],
//!     K = mA + mB + iA a1² + iB a2², a1 = (d + rA)×a, a2 = rB×a;
//!     force on B along a: F = −k s − c ṡ;
//!   motor: Ċ = ωB − ωA − speed, J = [0, −1, 0, 1], K = iA + iB,
//!     |λ| ≤ max_torque·h.
//! The spring is stepped as the spring joint is (`spring.rs`): half the
//! substep's impulse in each phase, implicit in ṡ, the trapezoid for a
//! spring the substep resolves and implicit Euler otherwise, so it holds
//! exactly k·s at rest (a load m sinks by m·g/k).
//! Impulse slots: 0 perpendicular; 1 spring; 2 lower; 3 upper; 4 motor.

use super::super::error::{PhysicsError, PhysicsResult};
use super::super::math::{cross, Real, Rot, Vec2};
use super::constraint::{solver_limits_and_motor, JointConstraint, Vel, IMPULSES};
use super::constraint::{JointStep, ProjectionImpulse};
use super::slider::{
    axis_frame, check_axis_joint, project_on_axis, push, solve_axis_limits, Frame, Held,
};
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::solver::Phase;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct WheelParams {
    /// Suspension axis: a world direction at creation; stored in A's frame.
    pub axis: Vec2,
    /// Suspension stiffness along the axis, N/m (0: free travel).
    pub k: Real,
    /// Suspension damping along the axis, N·s/m.
    pub damping: Real,
    /// Allowed travel along the axis (lower, upper), metres from the
    /// creation pose.
    pub limits: Option<(Real, Real)>,
    /// Motor: target angular speed of B relative to A (rad/s) and maximum
    /// torque (N·m).
    pub motor: Option<(Real, Real)>,
}

impl Default for WheelParams {
    fn default() -> Self {
        WheelParams {
            axis: Vec2::Y,
            k: 100.0,
            damping: 0.0,
            limits: None,
            motor: None,
        }
    }
}

impl WheelParams {
    pub(crate) fn validated(&self, qa: Rot) -> PhysicsResult<WheelParams> {
        let unit = check_axis_joint("wheel", self.axis, self.limits, self.motor, "torque")?;
        for (name, x, unit) in [("k", self.k, "N/m"), ("damping", self.damping, "N·s/m")] {
            if !(x.is_finite() && x >= 0.0) {
                return Err(PhysicsError::InvalidArgument(format!(
                    "wheel: {name} must be a non-negative number ({unit}), got {x}"
                )));
            }
        }
        Ok(WheelParams {
            axis: qa.inv_rotate(unit),
            ..*self
        })
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Prepared {
    /// World axis at the step start (turned with A during the step).
    pub axis0: Vec2,
    pub k: Real,
    pub c: Real,
    pub limits: Option<(Real, Real)>,
    pub motor: Option<(Real, Real)>,
    /// 1 / (iA + iB), 0 when neither body can turn.
    pub spin_mass: Real,
    /// Where the solve phase evaluates the spring: s_n + α·h·ṡ (½: the
    /// trapezoid; 1: implicit Euler), and whether the relax phase replays
    /// the first half (see `spring.rs`).
    pub alpha: Real,
    pub replay: bool,
    /// Travel at the start of the current substep.
    pub s_n: Real,
    /// Spring impulse of this substep's solve phase.
    pub lambda_s: Real,
}

/// Up to this h·ω the substep resolves the suspension (as `spring.rs`).
const RESOLVED: Real = 0.5;

/// `to_world`: B is the world (limits and motor mirrored, see
/// `solver_limits_and_motor`).
pub(crate) fn prepare(
    p: &WheelParams,
    c: &JointConstraint,
    s: &JointStep,
    qa: Rot,
    to_world: bool,
) -> Prepared {
    let (limits, motor) = solver_limits_and_motor(p.limits, p.motor, to_world);
    let axis0 = qa.rotate(p.axis);
    let start = s.start;
    let d = start.dc0 + start.rb0 - start.ra0;
    let (a1, a2) = (cross(d + start.ra0, axis0), cross(start.rb0, axis0));
    let kk = c.ma + c.mb + c.ia * a1 * a1 + c.ib * a2 * a2;
    let stiffness = (s.h * s.h * p.k * kk).sqrt();
    let resolved = stiffness <= RESOLVED && s.h * p.damping * kk <= 1.0;
    let spin = c.ia + c.ib;
    Prepared {
        axis0,
        k: p.k,
        c: p.damping,
        limits,
        motor,
        spin_mass: if spin > 0.0 { 1.0 / spin } else { 0.0 },
        alpha: if resolved { 0.5 } else { 1.0 },
        replay: resolved,
        s_n: 0.0,
        lambda_s: 0.0,
    }
}

fn data(c: &JointConstraint) -> Prepared {
    match &c.kind {
        super::constraint::Prepared::Wheel(p) => **p,
        _ => unreachable!("wheel solver on another joint kind"),
    }
}

fn data_mut(c: &mut JointConstraint) -> &mut Prepared {
    match &mut c.kind {
        super::constraint::Prepared::Wheel(p) => p,
        _ => unreachable!("wheel solver on another joint kind"),
    }
}

fn frame(c: &JointConstraint, s: &JointStep, bodies: &[SolverBody]) -> Frame {
    axis_frame(c, s, bodies, data(c).axis0)
}

/// Remember the travel at the substep start (before the warm start).
pub(crate) fn begin_substep(c: &mut JointConstraint, s: &JointStep, bodies: &[SolverBody]) {
    let f = frame(c, s, bodies);
    data_mut(c).s_n = f.axis.dot(f.d);
}

pub(crate) fn apply(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    imp: &[Real; IMPULSES],
    v: &mut Vel,
) {
    let f = frame(c, s, bodies);
    push(c, &f, imp[1] + imp[2] - imp[3], imp[0], imp[4], v);
}

pub(crate) fn solve(
    c: &mut JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    v: &mut Vel,
    phase: Phase,
) {
    let p = data(c);
    let f = frame(c, s, bodies);
    let axial_k = c.ma + c.mb + c.ia * f.a1 * f.a1 + c.ib * f.a2 * f.a2;
    if axial_k > 0.0 && (p.k > 0.0 || p.c > 0.0) {
        solve_spring(c, s.h, &f, axial_k, v, phase);
    }
    if let (Some((speed, max_torque)), true) = (p.motor, p.spin_mass > 0.0) {
        let cdot = v.3 - v.1 - speed;
        let max = max_torque * s.h;
        let old = c.imp[4];
        let new = (old - p.spin_mass * cdot).clamp(-max, max);
        c.imp[4] = new;
        push(c, &f, 0.0, 0.0, new - old, v);
    }
    if let (Some(limits), true) = (p.limits, axial_k > 0.0) {
        solve_axis_limits(c, s.inv_h, &f, Held::free(1.0 / axial_k), limits, v);
    }
    // The wheel stays on its axis: rigid, solved last.
    let k = c.ma + c.mb + c.ia * f.s1 * f.s1 + c.ib * f.s2 * f.s2;
    if k > 0.0 {
        let cdot = f.perp.dot(v.2 - v.0) + f.s2 * v.3 - f.s1 * v.1;
        let delta = -cdot / k;
        c.imp[0] += delta;
        push(c, &f, 0.0, delta, 0.0, v);
    }
}

/// The suspension's half of the substep's impulse for this phase: the solve
/// phase evaluates the spring at s_n + α·h·ṡ; the relax phase replays that
/// (resolved spring) or solves its own half at the substep's end.
fn solve_spring(
    c: &mut JointConstraint,
    h: Real,
    f: &Frame,
    axial_k: Real,
    v: &mut Vel,
    phase: Phase,
) {
    let p = data(c);
    let old = c.imp[1];
    let delta = match phase {
        Phase::Relax if p.replay => 2.0 * p.lambda_s - old,
        _ => {
            let (alpha, s, given) = if phase == Phase::Relax {
                (1.0, f.axis.dot(f.d), old - p.lambda_s)
            } else {
                (p.alpha, p.s_n, old)
            };
            let g = 0.5 * h * (alpha * h * p.k + p.c);
            -(g * f.axial_cdot(v) + 0.5 * h * p.k * s + given) / (1.0 + g * axial_k)
        }
    };
    if phase == Phase::Solve {
        data_mut(c).lambda_s = old + delta;
    }
    c.imp[1] = old + delta;
    push(c, f, delta, 0.0, 0.0, v);
}

/// Position projection: back onto the axis, and inside violated limits.
pub(crate) fn project(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &mut [SolverBody],
) -> ProjectionImpulse {
    let p = data(c);
    project_on_axis(c, s, bodies, p.axis0, p.limits, false)
}

/// Linear and angular impulse on B over the substep.
pub(crate) fn impulse(c: &JointConstraint, s: &JointStep, bodies: &[SolverBody]) -> (Vec2, Real) {
    let f = frame(c, s, bodies);
    let axial = c.imp[1] + c.imp[2] - c.imp[3];
    (axial * f.axis + c.imp[0] * f.perp, c.imp[4])
}
