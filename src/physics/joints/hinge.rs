//! Hinge (revolute) joint: B's anchor stays on A's anchor; B may turn
//! relative to A, optionally within limits and driven by a motor.
//!
//! Point: C = (cB + rB) − (cA + rA) = 0 (a 2-vector),
//!   Ċ = vB + ωB×rB − vA − ωA×rA,
//!   J = [−I, −[rA], I, [rB]] with [r] = (−r.y, r.x)ᵀ (so ω×r = [r]ω),
//!   K = J M⁻¹ Jᵀ = (mA + mB)·I + iA·[rA][rA]ᵀ + iB·[rB][rB]ᵀ
//!     = [[mA+mB + iA rA.y² + iB rB.y², −iA rA.x rA.y − iB rB.x rB.y],
//!        [·, mA+mB + iA rA.x² + iB rB.x²]].
//! Angle θ = angle(qB) − angle(qA) − θ_ref (limits and motor speed are
//! given as B's rotation relative to A, or the body's own when B is the world):
//!   motor: Ċ = ωB − ωA − speed, J = [0, −1, 0, 1], K = iA + iB,
//!          |λ| ≤ max_torque·h;
//!   lower limit: C = θ − lo ≥ 0, Ċ = ωB − ωA, λ ≥ 0;
//!   upper limit: C = hi − θ ≥ 0, Ċ = ωA − ωB, λ ≥ 0 (same K).
//! Impulse slots: 0, 1 point; 2 motor; 3 lower; 4 upper.
//! Positions: C is projected out after each drift (see `solver.rs`).

use super::super::error::{PhysicsError, PhysicsResult};
use super::super::math::{cross, Real, Vec2};
use super::constraint::{
    apply_point, clamp_correction, clamp_scalar, point_velocity, project_point, solve_point,
    solver_limits_and_motor, JointConstraint, Vel, IMPULSES, LIMITS,
};
use super::constraint::{JointStep, ProjectionImpulse};
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::solver::Phase;
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

/// `to_world`: B is the world (the limits and motor are mirrored, see
/// `solver_limits_and_motor`).
pub(crate) fn prepare(p: &HingeParams, c: &JointConstraint, to_world: bool) -> Prepared {
    let k = c.ia + c.ib;
    let (limits, motor) = solver_limits_and_motor(p.limits, p.motor, to_world);
    Prepared {
        limits,
        motor,
        axial_mass: if k > 0.0 { 1.0 / k } else { 0.0 },
    }
}

fn data(c: &JointConstraint) -> Prepared {
    match c.kind {
        super::constraint::Prepared::Hinge(p) => p,
        _ => unreachable!("hinge solver on another joint kind"),
    }
}

#[inline(always)]
pub(crate) fn apply(
    c: &JointConstraint,
    _bodies: &[SolverBody],
    imp: &[Real; IMPULSES],
    v: &mut Vel,
) {
    let axial = imp[2] + imp[3] - imp[4];
    super::constraint::apply_point_and_angle(c, imp, axial, v);
}

#[inline(always)]
pub(crate) fn solve(
    c: &mut JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    v: &mut Vel,
    _phase: Phase,
) {
    let p = data(c);
    if p.axial_mass > 0.0 {
        if let (Some(motor), None) = (p.motor, p.limits) {
            solve_motor_block(c, s, bodies, v, motor);
            return;
        }
        if let Some(motor) = p.motor {
            motor_row(c, s, v, p.axial_mass, motor);
        }
        if let Some(limits) = p.limits {
            if !limits_surely_idle(c, s.inv_h, bodies, v, p.axial_mass, limits) {
                solve_with_limits(c, s, bodies, v, p.axial_mass, limits);
            }
            return;
        }
    }
    solve_point(c, s, bodies, v, 0, None);
}

/// The point rows and both limit rows, from the exact angle.
fn solve_with_limits(
    c: &mut JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    v: &mut Vel,
    axial_mass: Real,
    (lo, hi): (Real, Real),
) {
    let angle = c.angle(bodies);
    // The nearer limit is solved together with the point row: alone, a
    // limit row only stops the turn about the centre of mass and the point
    // row gives most of it back (a pendulum overshot its limit by 0.02 rad
    // and bounced off at 60 % of its speed).
    let (near, far) = if angle - lo <= hi - angle {
        ((3, 1.0, angle - lo), (4, -1.0, hi - angle))
    } else {
        ((4, -1.0, hi - angle), (3, 1.0, angle - lo))
    };
    limit_row(c, s.inv_h, v, axial_mass, far);
    solve_block(c, s, bodies, v, near);
}

/// The limit rows' solve when neither stop can act this time, decided from
/// bounds on the angle (`JointConstraint::angle_bounds`) without its exact
/// value: both limits' impulses are zero, the far row would stay at zero
/// and the point rows alone leave the near row's velocity non-negative.
/// Then the point rows are solved (what `solve_block`'s first branch does)
/// and true is returned; false leaves everything untouched for the exact
/// solve (`solve_with_limits`). A row's bias only grows with its gap, so a
/// row idle at the smallest gap the bounds allow is idle at the exact one.
/// Far from its stops (most of the time) a limited hinge thus skips the
/// angle's series, which sits on the chain of dependent updates through a
/// ragdoll's joints.
#[inline(always)]
fn limits_surely_idle(
    c: &mut JointConstraint,
    inv_h: Real,
    bodies: &[SolverBody],
    v: &mut Vel,
    axial_mass: Real,
    (lo, hi): (Real, Real),
) -> bool {
    if c.imp[3] != 0.0 || c.imp[4] != 0.0 {
        return false;
    }
    let Some((least, most)) = c.angle_bounds(bodies) else {
        return false;
    };
    // Which stop is near, as `solve` decides it, for every angle in range;
    // each stop's smallest gap.
    let (lower_gap, upper_gap) = (least - lo, hi - most);
    let (near, far) = if most - lo <= hi - most {
        ((1.0, lower_gap), (-1.0, upper_gap))
    } else if least - lo > hi - least {
        ((-1.0, upper_gap), (1.0, lower_gap))
    } else {
        return false;
    };
    // The far row: (0 − m·(ċ + bias)).max(0) stays 0.
    let bias = |gap: Real| JointConstraint::limit_terms(gap, inv_h).0;
    let (sign, gap) = far;
    // (Each test is written to fall through on NaN too.)
    let far_idle = axial_mass * (sign * (v.3 - v.1) + bias(gap)) >= 0.0;
    if !far_idle {
        return false;
    }
    // The near row, as `solve_block` tests it with its impulse at zero.
    let (ra, rb) = (c.ra_s, c.rb_s);
    let dp = c.point_mass.solve(-point_velocity(v, ra, rb));
    let turn = c.ib * cross(rb, dp) + c.ia * cross(ra, dp);
    let (sign, gap) = near;
    let near_idle = sign * (v.3 - v.1) + bias(gap) + sign * turn >= 0.0;
    if !near_idle {
        return false;
    }
    c.imp[0] += dp.x;
    c.imp[1] += dp.y;
    apply_point(c, ra, rb, dp, v);
    true
}

/// One limit row alone: `(slot, sign, gap)` with gap ≥ 0 when satisfied.
fn limit_row(
    c: &mut JointConstraint,
    inv_h: Real,
    v: &mut Vel,
    axial_mass: Real,
    (slot, sign, gap): (usize, Real, Real),
) {
    let (bias, ms, is) = JointConstraint::limit_terms(gap, inv_h);
    let cdot = sign * (v.3 - v.1);
    let old = c.imp[slot];
    let new = (old - axial_mass * ms * (cdot + bias) - is * old).max(0.0);
    let applied = sign * (new - old);
    c.imp[slot] = new;
    v.1 -= c.ia * applied;
    v.3 += c.ib * applied;
}

/// The 3×3 effective mass of point + angle rows (angle row scaled by `sign`):
/// K = [[K₂, k], [kᵀ, iA + iB]], k = sign·(−iA rA.y − iB rB.y, iA rA.x + iB rB.x).
pub(crate) fn block_mass(c: &JointConstraint, ra: Vec2, rb: Vec2, sign: Real) -> [[Real; 3]; 3] {
    let (ma, ia, mb, ib) = (c.ma, c.ia, c.mb, c.ib);
    let k11 = ma + mb + ra.y * ra.y * ia + rb.y * rb.y * ib;
    let k12 = -ra.y * ra.x * ia - rb.y * rb.x * ib;
    let k22 = ma + mb + ra.x * ra.x * ia + rb.x * rb.x * ib;
    let k13 = sign * (-ra.y * ia - rb.y * ib);
    let k23 = sign * (ra.x * ia + rb.x * ib);
    let k33 = ia + ib;
    [[k11, k12, k13], [k12, k22, k23], [k13, k23, k33]]
}

/// Solve K·x = r for a symmetric K by its cofactors (one division);
/// `None` when K is singular.
pub(crate) fn solve3(k: &[[Real; 3]; 3], r: [Real; 3]) -> Option<[Real; 3]> {
    let (a, b, c) = (k[0][0], k[0][1], k[0][2]);
    let (d, e, f) = (k[1][1], k[1][2], k[2][2]);
    // Cofactors of the symmetric matrix [[a b c] [b d e] [c e f]].
    let c00 = d * f - e * e;
    let c01 = c * e - b * f;
    let c02 = b * e - c * d;
    let c11 = a * f - c * c;
    let c12 = b * c - a * e;
    let c22 = a * d - b * b;
    let det = a * c00 + b * c01 + c * c02;
    if det.abs() <= Real::MIN_POSITIVE {
        return None;
    }
    let inv = 1.0 / det;
    Some([
        inv * (c00 * r[0] + c01 * r[1] + c02 * r[2]),
        inv * (c01 * r[0] + c11 * r[1] + c12 * r[2]),
        inv * (c02 * r[0] + c12 * r[1] + c22 * r[2]),
    ])
}

/// Point rows and the near limit row together (Box2D v2's revolute block):
/// if the limit's accumulated impulse would turn negative it is set to zero
/// and the point rows are solved alone with that change accounted for.
fn solve_block(
    c: &mut JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    v: &mut Vel,
    (slot, sign, gap): (usize, Real, Real),
) {
    let (ra, rb) = (c.ra_s, c.rb_s);
    let cdot = point_velocity(v, ra, rb);
    let (bias, _, _) = JointConstraint::limit_terms(gap, s.inv_h);
    let cdot3 = sign * (v.3 - v.1) + bias;
    let old = c.imp[slot];
    if old == 0.0 {
        // Limit not pushing (the usual case, far from it): if the point rows
        // alone leave the limit row's velocity non-negative, that is the
        // block's solution (the complementarity problem has only one), and
        // the 3×3 solve is not needed.
        let dp = c.point_mass.solve(-cdot);
        let turn = c.ib * cross(rb, dp) + c.ia * cross(ra, dp);
        if cdot3 + sign * turn >= 0.0 {
            c.imp[0] += dp.x;
            c.imp[1] += dp.y;
            apply_point(c, ra, rb, dp, v);
            return;
        }
    }
    let k = block_mass(c, ra, rb, sign);
    let Some(x) = solve3(&k, [-cdot.x, -cdot.y, -cdot3]) else {
        solve_point(c, s, bodies, v, 0, None);
        return;
    };
    let (dp, dl) = if old + x[2] >= 0.0 {
        (Vec2::new(x[0], x[1]), x[2])
    } else {
        // Limit released: its impulse goes to zero; the point rows absorb it.
        let dl = -old;
        let rhs = -cdot - dl * Vec2::new(k[0][2], k[1][2]);
        (c.point_mass.solve(rhs), dl)
    };
    c.imp[0] += dp.x;
    c.imp[1] += dp.y;
    c.imp[slot] = old + dl;
    apply_point(c, ra, rb, dp, v);
    v.1 -= c.ia * sign * dl;
    v.3 += c.ib * sign * dl;
}

/// The motor row alone: the accumulated impulse towards the motor's speed,
/// within its torque.
#[inline(always)]
fn motor_row(
    c: &mut JointConstraint,
    s: &JointStep,
    v: &mut Vel,
    axial_mass: Real,
    (speed, max_torque): (Real, Real),
) {
    let cdot = v.3 - v.1 - speed;
    let max = max_torque * s.h;
    let old = c.imp[2];
    let new = (old - axial_mass * cdot).clamp(-max, max);
    let applied = new - old;
    c.imp[2] = new;
    v.1 -= c.ia * applied;
    v.3 += c.ib * applied;
}

/// Point rows and the motor row together (a motor without limits): solved
/// one after the other, the motor's torque turned the body about its
/// centre of mass and the point rows then gave much of that turn back, so
/// an arm pivoted at its end overshot the motor's speed for its first
/// steps (a 2 m, 0.2 kg box told 2 rad/s: 2.85, 1.66, 2.12, 1.96 rad/s,
/// within 1e-3 only after six steps). Together, the relative spin is the
/// motor's speed after one solve. The motor's accumulated impulse stays
/// within its torque; when the bound cuts it, the point rows absorb the
/// difference, as a released limit's do (`solve_block`).
fn solve_motor_block(
    c: &mut JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    v: &mut Vel,
    (speed, max_torque): (Real, Real),
) {
    let (ra, rb) = (c.ra_s, c.rb_s);
    let cdot = point_velocity(v, ra, rb);
    let cdot3 = v.3 - v.1 - speed;
    let k = block_mass(c, ra, rb, 1.0);
    let Some(x) = solve3(&k, [-cdot.x, -cdot.y, -cdot3]) else {
        // (Singular: the motor row alone, then the point rows.)
        motor_row(c, s, v, data(c).axial_mass, (speed, max_torque));
        solve_point(c, s, bodies, v, 0, None);
        return;
    };
    let max = max_torque * s.h;
    let old = c.imp[2];
    let wanted = old + x[2];
    let (dp, dm) = if (-max..=max).contains(&wanted) {
        (Vec2::new(x[0], x[1]), x[2])
    } else {
        // Torque-bound: the motor gives what it can; the point rows take
        // the rest of the block.
        let dm = wanted.clamp(-max, max) - old;
        let rhs = -cdot - dm * Vec2::new(k[0][2], k[1][2]);
        (c.point_mass.solve(rhs), dm)
    };
    c.imp[0] += dp.x;
    c.imp[1] += dp.y;
    c.imp[2] = old + dm;
    apply_point(c, ra, rb, dp, v);
    v.1 -= c.ia * dm;
    v.3 += c.ib * dm;
}

/// Position projection: with a violated limit, point and angle together
/// (the block above, on positions); else the anchors together.
#[inline(always)]
pub(crate) fn project(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &mut [SolverBody],
) -> ProjectionImpulse {
    if let Some((lo, hi)) = data(c)
        .limits
        .filter(|&(lo, hi)| !c.surely_within(bodies, lo, hi))
    {
        let angle = c.angle(bodies);
        let violated = if angle < lo {
            Some((1.0, angle - lo))
        } else if angle > hi {
            Some((-1.0, hi - angle))
        } else {
            None
        };
        if let Some((sign, gap)) = violated {
            let (ra, rb) = c.anchors(s, bodies);
            let err = clamp_correction(c.separation(s, bodies, ra, rb));
            let (ra_s, rb_s) = (c.ra_s, c.rb_s);
            let k = block_mass(c, ra_s, rb_s, sign);
            let gap = clamp_scalar(gap, LIMITS.1);
            if let Some(x) = solve3(&k, [-err.x, -err.y, -gap]) {
                return c.shift(
                    s.inv_h,
                    bodies,
                    (ra_s, rb_s),
                    Vec2::new(x[0], x[1]),
                    sign * x[2],
                );
            }
        }
    }
    project_point(c, s, bodies)
}

/// Linear and angular impulse on B over the substep.
pub(crate) fn impulse(c: &JointConstraint) -> (Vec2, Real) {
    (
        Vec2::new(c.imp[0], c.imp[1]),
        c.imp[2] + c.imp[3] - c.imp[4],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::joints::constraint::{JointStart, PointMass, Prepared as Kind, Substep};
    use crate::physics::math::Rot;

    /// The shortcut past the exact angle solves every pose and velocity as
    /// the exact solve does: a random limited hinge, often right at or
    /// beyond its stops, with the stops' impulses often zero.
    #[test]
    fn a_hinge_whose_limits_are_surely_idle_solves_as_the_exact_path() {
        let seed = std::cell::Cell::new(0x9e37_79b9_7f4a_7c15_u64);
        let next = || {
            let mut x = seed.get();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            seed.set(x);
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut took_shortcut = 0;
        for _ in 0..100_000 {
            let r = |scale: f64| (2.0 * next() - 1.0) * scale;
            let (ma, ia, mb, ib) = (r(1.0).abs(), r(2.0).abs(), r(1.0).abs(), r(2.0).abs());
            let (ra, rb) = (Vec2::new(r(0.5), r(0.5)), Vec2::new(r(0.5), r(0.5)));
            let start = JointStart {
                ra0: ra,
                rb0: rb,
                dc0: Vec2::ZERO,
            };
            let step = Substep::new(1.0 / 240.0);
            let step = step.at(&start);
            let mut c = JointConstraint {
                joint: 0,
                a: 1,
                b: 2,
                ma,
                ia,
                mb,
                ib,
                angle0: r(1.0),
                ra_s: ra,
                rb_s: rb,
                point_mass: PointMass::default(),
                settling: false,
                imp: [r(1.0), r(1.0), 0.0, 0.0, 0.0],
                kind: Kind::Weld,
            };
            c.point_mass = PointMass::new(&c, ra, rb);
            let mut bodies = [SolverBody::STATIC; 3];
            bodies[1].dq = Rot::from_angle(r(0.2));
            bodies[2].dq = Rot::from_angle(r(0.2));
            let angle = c.angle(&bodies);
            // Stops around the angle: far, within a hair, or passed.
            let stop = |side: f64| match (4.0 * next()) as u32 {
                0 => angle + side * 1e-13 * next(),
                1 => angle - side * 0.01 * next(),
                _ => angle + side * next(),
            };
            let (lo, hi) = (stop(-1.0), stop(1.0));
            if lo > hi {
                continue;
            }
            if next() < 0.2 {
                c.imp[3 + (next() < 0.5) as usize] = r(1.0).abs();
            }
            let v: Vel = (
                Vec2::new(r(3.0), r(3.0)),
                r(5.0),
                Vec2::new(r(3.0), r(3.0)),
                r(5.0),
            );
            let axial_mass = 1.0 / (ia + ib);
            let (mut fast, mut exact) = (c.clone(), c.clone());
            let (mut v_fast, mut v_exact) = (v, v);
            if limits_surely_idle(
                &mut fast,
                step.inv_h,
                &bodies,
                &mut v_fast,
                axial_mass,
                (lo, hi),
            ) {
                took_shortcut += 1;
            } else {
                solve_with_limits(&mut fast, &step, &bodies, &mut v_fast, axial_mass, (lo, hi));
            }
            solve_with_limits(
                &mut exact,
                &step,
                &bodies,
                &mut v_exact,
                axial_mass,
                (lo, hi),
            );
            assert_eq!(fast.imp, exact.imp);
            assert_eq!(v_fast, v_exact);
        }
        assert!(took_shortcut > 20_000, "{took_shortcut}");
    }
}
