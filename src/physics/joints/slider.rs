//! Slider (prismatic) joint: B moves relative to A only along an axis fixed
//! in A, without turning; optionally within limits and driven by a motor.
//!
//! With d = (cB + rB) − (cA + rA), axis a = qA·a_local (turns with A),
//! p = perp(a):
//!   perpendicular: C = p·d = 0,   translation: s = a·d,
//!   Ċ(p·d) = p·(vB − vA) + ωB (rB×p) − ωA ((d + rA)×p)   (ṗ = ωA × p),
//!   angle: C = angle(qB) − angle(qA) − θ_ref = 0, Ċ = ωB − ωA.
//! So J_perp = [−p, −s1, p, s2] with s1 = (d + rA)×p, s2 = rB×p, and the
//! axial rows (limits, motor) J = [−a, −a1, a, a2] with a1 = (d + rA)×a,
//! a2 = rB×a. Perpendicular and angle are solved together:
//!   K = [[mA + mB + iA s1² + iB s2², iA s1 + iB s2], [·, iA + iB]],
//! axial rows: K = mA + mB + iA a1² + iB a2².
//! Impulse slots: 0 perpendicular; 1 angle; 2 lower; 3 upper; 4 motor.

use super::super::error::{PhysicsError, PhysicsResult};
use super::super::math::{cross, left_perp, Real, Rot, Vec2};
use super::constraint::{solver_limits_and_motor, JointConstraint, Vel, IMPULSES};
use super::constraint::{JointStep, ProjectionImpulse};
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::solver::Phase;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SliderParams {
    /// Slide axis: a world direction at creation; stored in A's frame.
    pub axis: Vec2,
    /// Relative angle B − A at creation (filled in by `create_joint`).
    pub reference_angle: Real,
    /// Allowed translation along the axis (lower, upper), metres from the
    /// creation pose.
    pub limits: Option<(Real, Real)>,
    /// Motor: target speed along the axis (m/s) and maximum force (N).
    pub motor: Option<(Real, Real)>,
}

impl Default for SliderParams {
    fn default() -> Self {
        SliderParams {
            axis: Vec2::X,
            reference_angle: 0.0,
            limits: None,
            motor: None,
        }
    }
}

impl SliderParams {
    pub(crate) fn validated(&self, rel_angle: Real, qa: Rot) -> PhysicsResult<SliderParams> {
        let unit = check_axis_joint("slider", self.axis, self.limits, self.motor, "force")?;
        Ok(SliderParams {
            axis: qa.inv_rotate(unit),
            reference_angle: rel_angle,
            ..*self
        })
    }
}

/// The checks of a joint with an axis fixed in A (slider, wheel): a
/// non-zero finite axis (returned as a unit vector), finite limits with
/// lower <= upper, a finite motor speed and a non-negative maximum
/// (`max_what`: "force" or "torque").
pub(crate) fn check_axis_joint(
    kind: &str,
    axis: Vec2,
    limits: Option<(Real, Real)>,
    motor: Option<(Real, Real)>,
    max_what: &str,
) -> PhysicsResult<Vec2> {
    let err = |m: String| Err(PhysicsError::InvalidArgument(format!("{kind}: {m}")));
    let len = axis.length();
    if !(len.is_finite() && len > 0.0) {
        return err(format!(
            "axis must be a non-zero finite vector, got ({:e}, {:e})",
            axis.x, axis.y
        ));
    }
    if let Some((lo, hi)) = limits {
        if !(lo.is_finite() && hi.is_finite()) || lo > hi {
            return err(format!(
                "limits must be finite with lower <= upper, got {{{lo}, {hi}}}"
            ));
        }
    }
    if let Some((speed, max)) = motor {
        if !(speed.is_finite() && max.is_finite() && max >= 0.0) {
            return err(format!(
                "motor needs a finite speed and a non-negative max {max_what}, got {{{speed}, {max}}}"
            ));
        }
    }
    Ok(axis / len)
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Prepared {
    /// World axis at the step start (turned with A during the step).
    pub axis0: Vec2,
    pub limits: Option<(Real, Real)>,
    pub motor: Option<(Real, Real)>,
}

/// `to_world`: B is the world (the limits and motor are mirrored, see
/// `solver_limits_and_motor`).
pub(crate) fn prepare(p: &SliderParams, qa: Rot, to_world: bool) -> Prepared {
    let (limits, motor) = solver_limits_and_motor(p.limits, p.motor, to_world);
    Prepared {
        axis0: qa.rotate(p.axis),
        limits,
        motor,
    }
}

fn data(c: &JointConstraint) -> Prepared {
    match c.kind {
        super::constraint::Prepared::Slider(p) => p,
        _ => unreachable!("slider solver on another joint kind"),
    }
}

/// Geometry now: (d, axis, perp, a1, a2, s1, s2). Shared with the wheel
/// joint, whose axis is fixed in A the same way.
pub(crate) struct Frame {
    pub d: Vec2,
    pub axis: Vec2,
    pub perp: Vec2,
    pub a1: Real,
    pub a2: Real,
    pub s1: Real,
    pub s2: Real,
}

impl Frame {
    /// Ċ of the axial row: the speed of B's anchor along the axis.
    pub fn axial_cdot(&self, v: &Vel) -> Real {
        self.axis.dot(v.2 - v.0) + self.a2 * v.3 - self.a1 * v.1
    }
}

fn frame(c: &JointConstraint, s: &JointStep, bodies: &[SolverBody]) -> Frame {
    axis_frame(c, s, bodies, data(c).axis0)
}

/// The frame of an axis that was `axis0` (world) at the step start and
/// turns with A.
pub(crate) fn axis_frame(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    axis0: Vec2,
) -> Frame {
    let (ra, rb) = c.anchors(s, bodies);
    let d = c.separation(s, bodies, ra, rb);
    let axis = c.rot_a(bodies).rotate(axis0);
    let perp = left_perp(axis);
    Frame {
        d,
        axis,
        perp,
        a1: cross(d + ra, axis),
        a2: cross(rb, axis),
        s1: cross(d + ra, perp),
        s2: cross(rb, perp),
    }
}

/// Apply (axial, perpendicular, angular) impulses.
pub(crate) fn push(
    c: &JointConstraint,
    f: &Frame,
    axial: Real,
    perp: Real,
    angular: Real,
    v: &mut Vel,
) {
    let p = axial * f.axis + perp * f.perp;
    let la = axial * f.a1 + perp * f.s1 + angular;
    let lb = axial * f.a2 + perp * f.s2 + angular;
    v.0 -= c.ma * p;
    v.1 -= c.ia * la;
    v.2 += c.mb * p;
    v.3 += c.ib * lb;
}

pub(crate) fn apply(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    imp: &[Real; IMPULSES],
    v: &mut Vel,
) {
    let f = frame(c, s, bodies);
    push(c, &f, imp[2] - imp[3] + imp[4], imp[0], imp[1], v);
}

pub(crate) fn solve(
    c: &mut JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    v: &mut Vel,
    _phase: Phase,
) {
    let p = data(c);
    let f = frame(c, s, bodies);
    let held = Held::of(c, &f);
    let axial_cdot = |v: &Vel| f.axial_cdot(v);
    if let Some((speed, max_force)) = p.motor {
        let max = max_force * s.h;
        let old = c.imp[4];
        let new = (old - held.mass * (axial_cdot(v) - speed)).clamp(-max, max);
        c.imp[4] = new;
        held.push(c, &f, new - old, v);
    }
    if let Some(limits) = p.limits {
        solve_axis_limits(c, s.inv_h, &f, held, limits, v);
    }
    // Perpendicular and angle together (rigid; positions are projected).
    let cdot = Vec2::new(f.perp.dot(v.2 - v.0) + f.s2 * v.3 - f.s1 * v.1, v.3 - v.1);
    let k11 = c.ma + c.mb + c.ia * f.s1 * f.s1 + c.ib * f.s2 * f.s2;
    let k12 = c.ia * f.s1 + c.ib * f.s2;
    let mut k22 = c.ia + c.ib;
    if k22 == 0.0 {
        // Neither body turns: the angle row is free; keep K invertible.
        k22 = 1.0;
    }
    let det = k11 * k22 - k12 * k12;
    if det.abs() <= Real::MIN_POSITIVE {
        return;
    }
    let rhs = cdot;
    let solved = Vec2::new(
        (k22 * rhs.x - k12 * rhs.y) / det,
        (k11 * rhs.y - k12 * rhs.x) / det,
    );
    let old = Vec2::new(c.imp[0], c.imp[1]);
    let impulse = -solved;
    let _ = old;
    c.imp[0] += impulse.x;
    c.imp[1] += impulse.y;
    push(c, &f, 0.0, impulse.x, impulse.y, v);
}

/// How an axial row (motor, limits) pushes: its effective mass, and the
/// angular impulse per unit of axial impulse that goes with it.
///
/// A slider holds b's rotation, so its axial rows are solved with that
/// held: each axial impulse λ comes with the angular impulse `turn`·λ that
/// keeps the relative angle, and the mass is the axial row's with the
/// angle row eliminated (its Schur complement). Solved on their own, a
/// push through an anchor off b's line of motion went mostly into turning
/// b, which the angle row then took back, pass after pass: a cart anchored
/// 0.5 m off its line ran its 3 m/s motor at 3.14 m/s, one anchored 16 m
/// off at 19 m/s and through its limits. The wheel, which b turns freely
/// on, pushes the axial row alone (`turn` 0).
#[derive(Clone, Copy)]
pub(crate) struct Held {
    pub mass: Real,
    pub turn: Real,
}

impl Held {
    /// The slider's axial rows, b's rotation relative to a held.
    fn of(c: &JointConstraint, f: &Frame) -> Held {
        Held::across(c, f.a1, f.a2)
    }

    /// A row with angular arms `arm_a` (a's) and `arm_b` (b's), the
    /// relative angle held.
    fn across(c: &JointConstraint, arm_a: Real, arm_b: Real) -> Held {
        let k = c.ma + c.mb + c.ia * arm_a * arm_a + c.ib * arm_b * arm_b;
        let k_angle = c.ia + c.ib;
        let (k, turn) = if k_angle > 0.0 {
            let k_cross = c.ia * arm_a + c.ib * arm_b;
            (k - k_cross * k_cross / k_angle, -k_cross / k_angle)
        } else {
            (k, 0.0)
        };
        Held {
            mass: if k > 0.0 { 1.0 / k } else { 0.0 },
            turn,
        }
    }

    /// An axial row alone (the wheel's): `mass` = 1 / K of the row.
    pub fn free(mass: Real) -> Held {
        Held { mass, turn: 0.0 }
    }

    /// Apply `axial` impulse along the axis with its angular share, which
    /// joins the angle row's accumulated impulse (slot 1: warm starts and
    /// reaction torques see it).
    fn push(&self, c: &mut JointConstraint, f: &Frame, axial: Real, v: &mut Vel) {
        let angular = self.turn * axial;
        if angular != 0.0 {
            c.imp[1] += angular;
        }
        push(c, f, axial, 0.0, angular, v);
    }
}

/// The lower and upper limit rows along the axis (impulse slots 2 and 3,
/// the same for the wheel joint), pushed as `held` says.
pub(crate) fn solve_axis_limits(
    c: &mut JointConstraint,
    inv_h: Real,
    f: &Frame,
    held: Held,
    (lo, hi): (Real, Real),
    v: &mut Vel,
) {
    let axial_cdot = |v: &Vel| f.axial_cdot(v);
    let axial_mass = held.mass;
    let along = f.axis.dot(f.d);
    let (bias, ms, is) = JointConstraint::limit_terms(along - lo, inv_h);
    let old = c.imp[2];
    let new = (old - axial_mass * ms * (axial_cdot(v) + bias) - is * old).max(0.0);
    c.imp[2] = new;
    held.push(c, f, new - old, v);
    let (bias, ms, is) = JointConstraint::limit_terms(hi - along, inv_h);
    let old = c.imp[3];
    let new = (old - axial_mass * ms * (-axial_cdot(v) + bias) - is * old).max(0.0);
    c.imp[3] = new;
    held.push(c, f, -(new - old), v);
}

/// Position projection: angle, perpendicular offset, violated limits.
pub(crate) fn project(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &mut [SolverBody],
) -> ProjectionImpulse {
    let angle = c.angle(bodies);
    let turned = super::constraint::project_angle(c, s.inv_h, bodies, angle);
    let p = data(c);
    turned + project_on_axis(c, s, bodies, p.axis0, p.limits, true)
}

/// Position projection of a body kept on an axis fixed in A (slider,
/// wheel): the perpendicular offset, then violated limits along the axis
/// (`hold_turn`: without turning b relative to a, as `Held`).
pub(crate) fn project_on_axis(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &mut [SolverBody],
    axis0: Vec2,
    limits: Option<(Real, Real)>,
    hold_turn: bool,
) -> ProjectionImpulse {
    let frame = |bodies: &[SolverBody]| axis_frame(c, s, bodies, axis0);
    let f = frame(bodies);
    let (ra, rb) = c.anchors(s, bodies);
    // A slider's rows turn a about d + ra (its Jacobian's arm) and hold
    // the relative angle (`Held`); the wheel's keep the anchors' arms.
    let (held, arm_a) = if hold_turn {
        (Held::across(c, f.s1, f.s2), ra + f.d)
    } else {
        let k = c.ma + c.mb + c.ia * f.s1 * f.s1 + c.ib * f.s2 * f.s2;
        (Held::free(if k > 0.0 { 1.0 / k } else { 0.0 }), ra)
    };
    let mut shoved = ProjectionImpulse::ZERO;
    if held.mass > 0.0 {
        let err = super::constraint::clamp_scalar(f.perp.dot(f.d), super::constraint::LIMITS.0);
        let lambda = -err * held.mass;
        shoved = c.shift(
            s.inv_h,
            bodies,
            (arm_a, rb),
            lambda * f.perp,
            held.turn * lambda,
        );
    }
    if let Some((lo, hi)) = limits {
        let f = frame(bodies);
        let along = f.axis.dot(f.d);
        let err = if along < lo {
            along - lo
        } else if along > hi {
            along - hi
        } else {
            return shoved;
        };
        let (held, arm_a) = if hold_turn {
            (Held::of(c, &f), c.anchors(s, bodies).0 + f.d)
        } else {
            let k = c.ma + c.mb + c.ia * f.a1 * f.a1 + c.ib * f.a2 * f.a2;
            (
                Held::free(if k > 0.0 { 1.0 / k } else { 0.0 }),
                c.anchors(s, bodies).0,
            )
        };
        if held.mass > 0.0 {
            let rb = c.anchors(s, bodies).1;
            let err = super::constraint::clamp_scalar(err, super::constraint::LIMITS.0);
            let lambda = -err * held.mass;
            // (Without a velocity change: no impulse.)
            c.nudge(bodies, arm_a, rb, lambda * f.axis, held.turn * lambda);
        }
    }
    shoved
}

pub(crate) fn impulse(c: &JointConstraint, s: &JointStep, bodies: &[SolverBody]) -> (Vec2, Real) {
    let f = frame(c, s, bodies);
    let axial = c.imp[2] - c.imp[3] + c.imp[4];
    (axial * f.axis + c.imp[0] * f.perp, c.imp[1])
}
