//! Spring: a Hooke spring with the user's stiffness k (N/m) and damping c
//! (N·s/m) between two anchors, solved as a soft constraint so it is stable
//! for any k and step and exact at equilibrium.
//!
//! With d = (cB + rB) − (cA + rA), ℓ = |d|, u = d/ℓ:
//!   C = ℓ − L,  Ċ = u·(vB + ωB×rB − vA − ωA×rA),
//!   J = [−u, −(rA×u), u, rB×u],  K = mA + mB + iA (rA×u)² + iB (rB×u)²,
//!   force on B: F = (−k C − c Ċ)·u.
//!
//! Time stepping. The substep's impulse is given in two halves, one in each
//! phase of the soft step — the way the solver splits gravity into two half
//! kicks — so at rest each half carries half the load and the spring holds
//! exactly k at equilibrium (λ = −h·k·C over the substep).
//!
//! Solve phase (positions at the substep start, C_n), implicit in the
//! velocity Ċ₁ the drift will use:
//!   λ₁ = −½h [k (C_n + α h Ċ₁) + c Ċ₁]
//! — Catto's soft constraint (GDC 2011): each Gauss–Seidel update is
//! Δ = −(g Ċ + ½h k C_n + λ_acc) / (1 + g K) with g = ½h (α h k + c).
//!
//! A spring the substep resolves (s = h·√(kK) ≤ ½, i.e. 12+ substeps per
//! period, and h·c·K ≤ 1) uses α = ½ and gives the same impulse again in the
//! relax phase: that is the trapezoid (implicit midpoint) rule, which keeps
//! an undamped spring's energy exactly and has a period error of O(s²)
//! (0.004 % for 1.1 Hz at 240 Hz substeps, measured).
//!
//! A stiffer (or heavily damped) spring uses α = 1 and solves the second
//! half again in the relax phase, implicitly, at the substep's end:
//!   λ₂ = −½h [k (C_{n+1} + h Ċ₂) + c Ċ₂].
//! That damps the vibration the substep cannot resolve (k = 10¹² on 50 g
//! settles) and is stable in chains, where replaying the first half lets a
//! stiff rope's links feed each other's errors and grow (measured: four
//! 10⁴ N/m links of 50 g). Chains also need several Gauss–Seidel passes
//! (see `solver.rs`).
//! Impulse slot: 0.

use super::super::error::{PhysicsError, PhysicsResult};
use super::super::math::{cross, Real, Vec2};
use super::constraint::JointStep;
use super::constraint::{point_velocity, JointConstraint, Vel, IMPULSES};
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::solver::Phase;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpringParams {
    /// Rest length; `None` = the anchors' distance at creation.
    pub length: Option<Real>,
    /// Stiffness, N/m.
    pub k: Real,
    /// Damping, N·s/m.
    pub damping: Real,
}

impl Default for SpringParams {
    fn default() -> Self {
        SpringParams {
            length: None,
            k: 100.0,
            damping: 0.0,
        }
    }
}

impl SpringParams {
    pub(crate) fn validated(&self, current: Real) -> PhysicsResult<SpringParams> {
        let err = |m: String| Err(PhysicsError::InvalidArgument(format!("spring: {m}")));
        if !(self.k.is_finite() && self.k >= 0.0) {
            return err(format!(
                "k must be a non-negative number (N/m), got {}",
                self.k
            ));
        }
        if !(self.damping.is_finite() && self.damping >= 0.0) {
            return err(format!(
                "damping must be a non-negative number (N·s/m), got {}",
                self.damping
            ));
        }
        let length = self.length.unwrap_or(current);
        if !(length.is_finite() && length >= 0.0) {
            return err(format!(
                "length must be a non-negative number, got {length}"
            ));
        }
        Ok(SpringParams {
            length: Some(length),
            ..*self
        })
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Prepared {
    pub k: Real,
    pub c: Real,
    pub length: Real,
    /// Where the solve phase evaluates the spring: C_n + α·h·Ċ (½: the
    /// trapezoid; 1: the end of the substep, implicit Euler).
    pub alpha: Real,
    /// Second half replayed (resolved spring) or solved again.
    pub replay: bool,
    /// Axis at the step start (used when the anchors coincide).
    pub axis: Vec2,
    /// C at the start of the current substep.
    pub c_n: Real,
    /// Impulse of this substep's solve phase.
    pub lambda_s: Real,
}

/// Up to this h·ω (12+ substeps per period) the spring is resolved (see the
/// module doc).
const RESOLVED: Real = 0.5;

/// Shortest length for which the axis is recomputed.
const MIN_AXIS_LENGTH: Real = 1e-9;

pub(crate) fn prepare(
    p: &SpringParams,
    c: &JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
) -> Prepared {
    let (ra, rb) = c.anchors(s, bodies);
    let d = c.separation(s, bodies, ra, rb);
    let axis = if d.length() > MIN_AXIS_LENGTH {
        d.normalize()
    } else {
        Vec2::Y
    };
    let (rua, rub) = (cross(ra, axis), cross(rb, axis));
    let kk = c.ma + c.mb + c.ia * rua * rua + c.ib * rub * rub;
    let h = s.h;
    // s = h·ω of the spring alone; x = h·c·K its damping per substep.
    let s = (h * h * p.k * kk).sqrt();
    let resolved = s <= RESOLVED && h * p.damping * kk <= 1.0;
    Prepared {
        k: p.k,
        c: p.damping,
        length: p.length.unwrap_or(0.0),
        alpha: if resolved { 0.5 } else { 1.0 },
        replay: resolved,
        axis,
        c_n: 0.0,
        lambda_s: 0.0,
    }
}

fn data(c: &JointConstraint) -> Prepared {
    match c.kind {
        super::constraint::Prepared::Spring(p) => p,
        _ => unreachable!("spring solver on another joint kind"),
    }
}

/// Axis, length, anchors and effective mass now.
fn geometry(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
) -> (Vec2, Real, Vec2, Vec2, Real) {
    let (ra, rb) = c.anchors(s, bodies);
    let d = c.separation(s, bodies, ra, rb);
    let len = d.length();
    let u = if len > MIN_AXIS_LENGTH {
        d / len
    } else {
        data(c).axis
    };
    let (rua, rub) = (cross(ra, u), cross(rb, u));
    let k = c.ma + c.mb + c.ia * rua * rua + c.ib * rub * rub;
    (u, len, ra, rb, k)
}

/// Remember C at the substep start (before the warm start).
pub(crate) fn begin_substep(c: &mut JointConstraint, s: &JointStep, bodies: &[SolverBody]) {
    let (_, len, _, _, _) = geometry(c, s, bodies);
    if let super::constraint::Prepared::Spring(p) = &mut c.kind {
        p.c_n = len - p.length;
    }
}

pub(crate) fn apply(
    c: &JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    imp: &[Real; IMPULSES],
    v: &mut Vel,
) {
    let (u, _, ra, rb, _) = geometry(c, s, bodies);
    super::constraint::apply_point(c, ra, rb, imp[0] * u, v);
}

pub(crate) fn solve(
    c: &mut JointConstraint,
    s: &JointStep,
    bodies: &[SolverBody],
    v: &mut Vel,
    phase: Phase,
) {
    let p = data(c);
    let (u, len, ra, rb, kk) = geometry(c, s, bodies);
    if kk <= 0.0 || (p.k == 0.0 && p.c == 0.0) {
        return;
    }
    let h = s.h;
    let cdot = u.dot(point_velocity(v, ra, rb));
    let old = c.imp[0];
    let delta = if phase == Phase::Solve {
        // First half of the substep's impulse, implicit in Ċ: the spring
        // evaluated at C_n + α·h·Ċ.
        let g = 0.5 * h * (p.alpha * h * p.k + p.c);
        -(g * cdot + 0.5 * h * p.k * p.c_n + old) / (1.0 + g * kk)
    } else if p.replay {
        // Resolved spring: the trapezoid's second half equals the first.
        2.0 * p.lambda_s - old
    } else {
        // Unresolved spring: the second half solved again, implicitly, at
        // C_{n+1} + h·Ċ (stable in chains, damps what h cannot resolve).
        let g = 0.5 * h * (h * p.k + p.c);
        -(g * cdot + 0.5 * h * p.k * (len - p.length) + (old - p.lambda_s)) / (1.0 + g * kk)
    };
    if phase == Phase::Solve {
        if let super::constraint::Prepared::Spring(q) = &mut c.kind {
            q.lambda_s = old + delta;
        }
    }
    c.imp[0] = old + delta;
    super::constraint::apply_point(c, ra, rb, delta * u, v);
}

pub(crate) fn impulse(c: &JointConstraint, s: &JointStep, bodies: &[SolverBody]) -> (Vec2, Real) {
    let (u, _, _, _, _) = geometry(c, s, bodies);
    (c.imp[0] * u, 0.0)
}
