//! Spring: a Hooke spring with the user's stiffness k (N/m) and damping c
//! (N·s/m) between two anchors, solved as a soft constraint so it is stable
//! for any k and step and exact at equilibrium.
//!
//! With d = (cB + rB) − (cA + rA), ℓ = |d|, u = d/ℓ:
//!   C = ℓ − L,  Ċ = u·(vB + ωB×rB − vA − ωA×rA),
//!   J = [−u, −(rA×u), u, rB×u],  K = mA + mB + iA (rA×u)² + iB (rB×u)²,
//!   force on B: F = (−k C − c Ċ)·u.
//!
//! Time stepping: the θ-method over a substep h. The impulse of the substep
//!   λ = h [(1 − θ) F_n + θ F_{n+1}]
//! is split between the two phases of the soft step so the drift uses the
//! θ-weighted velocity v_s = (1 − θ) v_n + θ v_{n+1}, i.e. positions follow
//! the same θ rule. Solve phase (positions at the substep start, C_n):
//!   λ_s = −θh [k C_n + (θhk + c) Ċ_s]
//! — implicit in Ċ_s: Catto's soft constraint (GDC 2011) with step θh, so
//! each Gauss–Seidel update is Δ = −(g Ċ + θhk C_n + λ_acc) / (1 + g K) with
//! g = θh(θhk + c). Relax phase: for one spring the θ rule's whole impulse
//! is λ = λ_s / θ, so the relax phase tops the accumulated impulse up to
//! that (a replay, not a new solve: see `solve`).
//! At rest λ = −hkC: exactly k at equilibrium, for any θ.
//!
//! θ = ½ (trapezoid) conserves an undamped spring's energy exactly and has
//! a tiny period error, so it is used for springs the substep resolves
//! (s = h·√(kK) ≤ ¼); unresolved ones (s ≥ 1) get θ = 1 (implicit Euler),
//! which damps modes far above the substep rate instead of ringing or, in a
//! chain, growing; θ goes linearly in s between the two.
//! Heavy damping (hcK > 2) raises θ to 1 − 1/(hcK) so the damper never
//! flips the sign of the velocity it damps.
//! Impulse slot: 0.

use super::super::error::{PhysicsError, PhysicsResult};
use super::super::math::{cross, Real, Vec2};
use super::super::solver_body::{SolverBody, SolverBodyInfo};
use super::solver::{point_velocity, JointConstraint, Vel, IMPULSES};
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
    /// C and Ċ at the start of the current substep, Ċ of its drift.
    pub c_n: Real,
    pub cdot_n: Real,
    pub cdot_s: Real,
    /// Impulse of this substep's solve phase.
    pub lambda_s: Real,
}

/// Up to this h·ω (12+ substeps per period) the spring is resolved: the
/// trapezoid, which keeps its energy; stiffer springs are implicit in both
/// halves (see the module doc).
const RESOLVED: Real = 0.5;

/// Shortest length for which the axis is recomputed.
const MIN_AXIS_LENGTH: Real = 1e-9;

pub(crate) fn prepare(p: &SpringParams, c: &JointConstraint, bodies: &[SolverBody]) -> Prepared {
    let (ra, rb) = c.anchors(bodies);
    let d = c.separation(bodies, ra, rb);
    let axis = if d.length() > MIN_AXIS_LENGTH {
        d.normalize()
    } else {
        Vec2::Y
    };
    let (rua, rub) = (cross(ra, axis), cross(rb, axis));
    let kk = c.ma + c.mb + c.ia * rua * rua + c.ib * rub * rub;
    let h = c.h;
    // s = h·ω of the spring alone; a chain's highest mode is up to 2× that.
    let s = (h * h * p.k * kk).sqrt();
    Prepared {
        k: p.k,
        c: p.damping,
        length: p.length.unwrap_or(0.0),
        alpha: if s <= RESOLVED { 0.5 } else { 1.0 },
        replay: s <= RESOLVED,
        axis,
        c_n: 0.0,
        cdot_n: 0.0,
        cdot_s: 0.0,
        lambda_s: 0.0,
    }
}

fn data(c: &JointConstraint) -> Prepared {
    match c.kind {
        super::solver::Prepared::Spring(p) => p,
        _ => unreachable!("spring solver on another joint kind"),
    }
}

/// Axis, length, anchors and effective mass now.
fn geometry(c: &JointConstraint, bodies: &[SolverBody]) -> (Vec2, Real, Vec2, Vec2, Real) {
    let (ra, rb) = c.anchors(bodies);
    let d = c.separation(bodies, ra, rb);
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

/// Body velocities with the given per-body offsets taken out.
fn velocities_without(
    c: &JointConstraint,
    bodies: &[SolverBody],
    info: &[SolverBodyInfo],
    kick: Real,
    warm: bool,
) -> Vel {
    let (a, b) = (&bodies[c.a as usize], &bodies[c.b as usize]);
    let (ia, ib) = (&info[c.a as usize], &info[c.b as usize]);
    let w = if warm { 1.0 } else { 0.0 };
    (
        a.v - kick * ia.accel - w * ia.warm_v,
        a.w - kick * ia.alpha - w * ia.warm_w,
        b.v - kick * ib.accel - w * ib.warm_v,
        b.w - kick * ib.alpha - w * ib.warm_w,
    )
}

/// Remember C and Ċ at the substep start (called after the first half
/// kick, before the warm start: the kick is taken back out of Ċ).
pub(crate) fn begin_substep(
    c: &mut JointConstraint,
    bodies: &[SolverBody],
    info: &[SolverBodyInfo],
) {
    let (u, len, ra, rb, _) = geometry(c, bodies);
    let v = velocities_without(c, bodies, info, 0.5 * c.h, false);
    let cdot = u.dot(point_velocity(&v, ra, rb));
    if let super::solver::Prepared::Spring(p) = &mut c.kind {
        p.c_n = len - p.length;
        p.cdot_n = cdot;
    }
}

/// Before the relax phase: the relative speed the drift used (the second
/// kick and the warm start's second half taken back out).
pub(crate) fn begin_relax(c: &mut JointConstraint, bodies: &[SolverBody], info: &[SolverBodyInfo]) {
    let (u, _, ra, rb, _) = geometry(c, bodies);
    let v = velocities_without(c, bodies, info, 0.5 * c.h, true);
    let cdot = u.dot(point_velocity(&v, ra, rb));
    if let super::solver::Prepared::Spring(p) = &mut c.kind {
        p.cdot_s = cdot;
    }
}

pub(crate) fn apply(
    c: &JointConstraint,
    bodies: &[SolverBody],
    imp: &[Real; IMPULSES],
    v: &mut Vel,
) {
    let (u, _, ra, rb, _) = geometry(c, bodies);
    super::solver::apply_point(c, ra, rb, imp[0] * u, v);
}

pub(crate) fn solve(c: &mut JointConstraint, bodies: &[SolverBody], v: &mut Vel, use_bias: bool) {
    let p = data(c);
    let (u, len, ra, rb, kk) = geometry(c, bodies);
    if kk <= 0.0 || (p.k == 0.0 && p.c == 0.0) {
        return;
    }
    let h = c.h;
    let cdot = u.dot(point_velocity(v, ra, rb));
    let old = c.imp[0];
    let delta = if use_bias {
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
    if use_bias {
        if let super::solver::Prepared::Spring(q) = &mut c.kind {
            q.lambda_s = old + delta;
        }
    }
    c.imp[0] = old + delta;
    super::solver::apply_point(c, ra, rb, delta * u, v);
}

pub(crate) fn impulse(c: &JointConstraint, bodies: &[SolverBody]) -> (Vec2, Real) {
    let (u, _, _, _, _) = geometry(c, bodies);
    (c.imp[0] * u, 0.0)
}
