//! Distance joint: a rigid rod between two anchors (min = max = length), or
//! with min < max a rope (only the upper bound) or a range.
//!
//! With d = (cB + rB) − (cA + rA), ℓ = |d|, u = d/ℓ:
//!   rod:   C = ℓ − L = 0,
//!   lower: C = ℓ − min ≥ 0,   upper: C = max − ℓ ≥ 0 (Ċ with the opposite sign),
//!   Ċ = u·(vB + ωB×rB − vA − ωA×rA),
//!   J = [−u, −(rA×u), u, rB×u],
//!   K = mA + mB + iA (rA×u)² + iB (rB×u)².
//! Impulse slots: 0 rod; 1 lower; 2 upper (the impulse on B is (λ0 + λ1 − λ2)·u).
//! Positions: C is projected out after each drift (see `solver.rs`).

use super::super::error::{PhysicsError, PhysicsResult};
use super::super::math::{cross, Real, Vec2};
use super::constraint::{point_velocity, JointConstraint, Vel, IMPULSES};
use super::constraint::{JointStep, ProjectionImpulse};
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::solver::Phase;
use serde::{Deserialize, Serialize};

/// Shortest length the solver uses for an axis (below it the axis is kept).
const MIN_AXIS_LENGTH: Real = 1e-9;

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, Default)]
pub struct DistanceParams {
    /// Rest length; `None` = the anchors' distance at creation.
    pub length: Option<Real>,
    /// Bounds; when neither is given the rod is rigid at `length`. With one
    /// given the other is open (0 / unbounded).
    pub min: Option<Real>,
    pub max: Option<Real>,
}

impl DistanceParams {
    pub(crate) fn validated(&self, current: Real) -> PhysicsResult<DistanceParams> {
        let err = |m: String| Err(PhysicsError::InvalidArgument(format!("distance: {m}")));
        let length = self.length.unwrap_or(current);
        if !(length.is_finite() && length > 0.0) {
            return err(format!(
                "length must be a positive number (the anchors must not coincide), got {length}"
            ));
        }
        let (min, max) = match (self.min, self.max) {
            (None, None) => (length, length),
            (lo, hi) => (lo.unwrap_or(0.0), hi.unwrap_or(Real::MAX)),
        };
        if min.is_nan() || max.is_nan() || min < 0.0 || min > max {
            return err(format!("need 0 <= min <= max, got min {min}, max {max}"));
        }
        if max <= 0.0 {
            return err(format!("max must be positive, got {max}"));
        }
        Ok(DistanceParams {
            length: Some(length.clamp(min, max)),
            min: Some(min),
            max: Some(max),
        })
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Prepared {
    pub length: Real,
    pub min: Real,
    pub max: Real,
    /// Axis at the step start (kept when the anchors coincide).
    pub axis: Vec2,
    /// Anchor-to-anchor vector at the start of the substep (set by
    /// `begin_phase`): the projection moves along it (see `project_joints`).
    pub d_s: Vec2,
}

pub(crate) fn prepare(p: &DistanceParams) -> Prepared {
    Prepared {
        length: p.length.unwrap_or(1.0),
        min: p.min.unwrap_or(0.0),
        max: p.max.unwrap_or(Real::MAX),
        axis: Vec2::X,
        d_s: Vec2::ZERO,
    }
}

fn data(c: &JointConstraint) -> Prepared {
    match c.kind {
        super::constraint::Prepared::Distance(p) => p,
        _ => unreachable!("distance solver on another joint kind"),
    }
}

/// Current axis and length.
fn axis(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    ra: Vec2,
    rb: Vec2,
) -> (Vec2, Real) {
    let d = c.separation(s, bodies, ra, rb);
    let len = d.length();
    if len > MIN_AXIS_LENGTH {
        (d / len, len)
    } else {
        (data(c).axis, len)
    }
}

pub(crate) fn apply(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    imp: &[Real; IMPULSES],
    v: &mut Vel,
) {
    // At the phase's anchors (`begin_phase`).
    let (ra, rb) = (c.ra_s, c.rb_s);
    let (u, _) = axis(c, s, bodies, ra, rb);
    let p = (imp[0] + imp[1] - imp[2]) * u;
    super::constraint::apply_point(c, ra, rb, p, v);
}

pub(crate) fn solve(
    c: &mut JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    v: &mut Vel,
    _phase: Phase,
) {
    let p = data(c);
    // Positions do not move within a phase: its anchors (`begin_phase`).
    let (ra, rb) = (c.ra_s, c.rb_s);
    let (u, len) = axis(c, s, bodies, ra, rb);
    let (rua, rub) = (cross(ra, u), cross(rb, u));
    let k = c.ma + c.mb + c.ia * rua * rua + c.ib * rub * rub;
    if k <= 0.0 {
        return;
    }
    let mass = 1.0 / k;
    let mut row = |slot: usize, sign: Real, c_err: Real, limit: bool, c: &mut JointConstraint| {
        let cdot = sign * u.dot(point_velocity(v, ra, rb));
        let (bias, ms, is) = if limit {
            JointConstraint::limit_terms(c_err, s.inv_h)
        } else {
            (0.0, 1.0, 0.0)
        };
        let old = c.imp[slot];
        let mut new = old - mass * ms * (cdot + bias) - is * old;
        if limit {
            new = new.max(0.0);
        }
        c.imp[slot] = new;
        super::constraint::apply_point(c, ra, rb, sign * (new - old) * u, v);
    };
    if p.min == p.max {
        row(0, 1.0, len - p.length, false, c);
        return;
    }
    if p.min > 0.0 {
        row(1, 1.0, len - p.min, true, c);
    }
    if p.max < Real::MAX {
        row(2, -1.0, p.max - len, true, c);
    }
}

/// Position projection: C = ℓ − L for the rod; for bounds only when one is
/// violated.
pub(crate) fn project(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &mut [SolverBody],
) -> ProjectionImpulse {
    let p = data(c);
    let (ra, rb) = c.anchors(s, bodies);
    let (u, len) = axis(c, s, bodies, ra, rb);
    let err = if p.min == p.max {
        len - p.length
    } else if len < p.min {
        len - p.min
    } else if len > p.max {
        len - p.max
    } else {
        return ProjectionImpulse::ZERO;
    };
    // Along the axis at the substep start (see `project_joints`).
    let len_s = p.d_s.length();
    let (u, ra, rb) = if len_s > MIN_AXIS_LENGTH {
        (p.d_s / len_s, c.ra_s, c.rb_s)
    } else {
        (u, ra, rb)
    };
    let (rua, rub) = (cross(ra, u), cross(rb, u));
    let k = c.ma + c.mb + c.ia * rua * rua + c.ib * rub * rub;
    if k <= 0.0 {
        return ProjectionImpulse::ZERO;
    }
    let err = super::constraint::clamp_scalar(err, super::constraint::LIMITS.0);
    // With the velocity change even for the bounds: a weight swinging on a
    // taut rope is a pendulum (moved without it, it lost 63 % of its energy
    // in 60 s; with it, 0.006 %).
    c.shift(s.inv_h, bodies, (ra, rb), (-err / k) * u, 0.0)
}

pub(crate) fn impulse(c: &JointConstraint, s: &JointStep, bodies: &[SolverBody]) -> (Vec2, Real) {
    let (ra, rb) = c.anchors(s, bodies);
    let (u, _) = axis(c, s, bodies, ra, rb);
    ((c.imp[0] + c.imp[1] - c.imp[2]) * u, 0.0)
}
