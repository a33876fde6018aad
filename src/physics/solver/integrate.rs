//! Integration inside a substep, kick–drift–kick: half of the external
//! acceleration before the solve phase (the first half kick), the drift by
//! the solved velocities, the other half before the relax phase (the second
//! half kick, which also re-applies the warm start's second half). Free
//! flight under constant forces is then exact (no O(h) energy wobble), and
//! the relax phase still ends each substep with contacts satisfied.

use crate::physics::math::{Real, Vec2};
use crate::physics::settings::{MAX_ANGULAR_SPEED, MAX_LINEAR_SPEED};
use crate::physics::solver::solver_body::{SolverBody, SolverBodyInfo, WarmChange};

/// The first half kick of every body (`h` is half the substep).
pub(crate) fn first_half_kick(
    bodies: &mut [SolverBody],
    info: &[SolverBodyInfo],
    warm: &mut [WarmChange],
    h: Real,
) {
    each_body(bodies, info, warm, |b, i, m| {
        first_half_kick_body(b, i, m, h)
    });
}

/// The second half kick of every body (`h` is half the substep).
pub(crate) fn second_half_kick(
    bodies: &mut [SolverBody],
    info: &[SolverBodyInfo],
    warm: &mut [WarmChange],
    h: Real,
) {
    each_body(bodies, info, warm, |b, i, m| {
        second_half_kick_body(b, i, m, h)
    });
}

/// After the warm start: keep each body's velocity change from it, to be
/// applied again by the second half kick.
pub(crate) fn remember_warm_start(bodies: &[SolverBody], warm: &mut [WarmChange]) {
    assert_eq!(warm.len(), bodies.len());
    for (b, m) in bodies[1..].iter().zip(&mut warm[1..]) {
        m.v = b.v - m.v;
        m.w = b.w - m.w;
    }
}

/// Drift by the substep `h` with the solved velocities.
pub(crate) fn drift(bodies: &mut [SolverBody], h: Real) {
    for b in bodies[1..].iter_mut() {
        drift_body(b, h);
    }
}

/// `drift`, then `second_half_kick` (by `kick_half`): one pass over the
/// bodies for both.
pub(crate) fn drift_and_second_half_kick(
    bodies: &mut [SolverBody],
    info: &[SolverBodyInfo],
    warm: &mut [WarmChange],
    h: Real,
    kick_half: Real,
) {
    each_body(bodies, info, warm, |b, i, m| {
        drift_body(b, h);
        second_half_kick_body(b, i, m, kick_half);
    });
}

/// `f` on every simulated body (not the static dummy) with its info and
/// its warm start's change. The three arrays are one per solver body (a
/// zip of a shorter one would skip bodies silently).
#[inline(always)]
fn each_body(
    bodies: &mut [SolverBody],
    info: &[SolverBodyInfo],
    warm: &mut [WarmChange],
    mut f: impl FnMut(&mut SolverBody, &SolverBodyInfo, &mut WarmChange),
) {
    assert!(info.len() == bodies.len() && warm.len() == bodies.len());
    for ((b, i), m) in bodies[1..].iter_mut().zip(&info[1..]).zip(&mut warm[1..]) {
        f(b, i, m);
    }
}

/// Half the external acceleration, then damping; remembers the velocity
/// the warm start begins from (`remember_warm_start` turns it into the warm
/// start's velocity change).
#[inline(always)]
fn first_half_kick_body(b: &mut SolverBody, i: &SolverBodyInfo, m: &mut WarmChange, h: Real) {
    if is_kinematic(i) {
        m.v = b.v;
        m.w = b.w;
        return;
    }
    let (v, w) = clamp_velocity(
        (b.v + h * i.accel) * i.linear_damping,
        (b.w + h * i.alpha) * i.angular_damping,
    );
    m.v = v;
    m.w = w;
    b.v = v;
    b.w = w;
}

/// The other half of the external acceleration (no damping), and the warm
/// start's velocity change again: its second half, added per body.
#[inline(always)]
fn second_half_kick_body(b: &mut SolverBody, i: &SolverBodyInfo, m: &mut WarmChange, h: Real) {
    if is_kinematic(i) {
        *m = WarmChange::default();
        return;
    }
    let (v, w) = clamp_velocity(b.v + h * i.accel, b.w + h * i.alpha);
    b.v = v + m.v;
    b.w = w + m.w;
}

/// Kinematic: keeps its velocity (no force, and no impulse changes it).
#[inline(always)]
fn is_kinematic(i: &SolverBodyInfo) -> bool {
    i.inv_mass == 0.0 && i.inv_i == 0.0 && i.accel == Vec2::ZERO
}

/// The engine's speed limits. Reaching the linear one is rare, so its
/// square root and division are out of line: inline, the compiler computed
/// them for every body of every kick and selected the result.
#[inline(always)]
fn clamp_velocity(v: Vec2, w: Real) -> (Vec2, Real) {
    let speed2 = v.length_squared();
    let v = if speed2 > MAX_LINEAR_SPEED * MAX_LINEAR_SPEED {
        slow_down(v, speed2)
    } else {
        v
    };
    (v, w.clamp(-MAX_ANGULAR_SPEED, MAX_ANGULAR_SPEED))
}

#[cold]
#[inline(never)]
fn slow_down(v: Vec2, speed2: Real) -> Vec2 {
    v * (MAX_LINEAR_SPEED / speed2.sqrt())
}

#[inline(always)]
fn drift_body(b: &mut SolverBody, h: Real) {
    b.dp += h * b.v;
    if b.w != 0.0 {
        b.dq = b.dq.integrate(h * b.w);
    }
}
