//! Integration inside a substep, kick–drift–kick: half of the external
//! acceleration before the solve phase, the drift by the solved velocities,
//! the other half (and the warm start's second half) before the relax phase.

use crate::physics::math::{Real, Vec2};
use crate::physics::settings::{MAX_ANGULAR_SPEED, MAX_LINEAR_SPEED};
use crate::physics::solver::solver_body::{SolverBody, SolverBodyInfo};

/// The first half kick of a substep, every body (see `kick_body`).
pub(crate) fn kick(bodies: &mut [SolverBody], info: &mut [SolverBodyInfo], h: Real) {
    for (b, i) in bodies[1..].iter_mut().zip(info[1..].iter_mut()) {
        kick_body(b, i, h, true);
    }
}

/// Half a velocity update (`h` is half the substep). The first kick of a
/// substep applies damping and remembers the velocity before the warm start;
/// the second adds the warm start's velocity change again (its second half).
#[inline(always)]
fn kick_body(b: &mut SolverBody, i: &mut SolverBodyInfo, h: Real, first: bool) {
    let with_damping = first;
    if i.inv_mass == 0.0 && i.inv_i == 0.0 && i.accel == Vec2::ZERO {
        // Kinematic: keeps its velocity (and no impulse changes it).
        i.warm_v = if first { b.v } else { Vec2::ZERO };
        i.warm_w = if first { b.w } else { 0.0 };
        return;
    }
    let mut v = b.v + h * i.accel;
    let mut w = b.w + h * i.alpha;
    if with_damping {
        v *= i.linear_damping;
        w *= i.angular_damping;
    }
    let speed2 = v.length_squared();
    if speed2 > MAX_LINEAR_SPEED * MAX_LINEAR_SPEED {
        v *= MAX_LINEAR_SPEED / speed2.sqrt();
    }
    w = w.clamp(-MAX_ANGULAR_SPEED, MAX_ANGULAR_SPEED);
    if first {
        i.warm_v = v;
        i.warm_w = w;
    } else {
        v += i.warm_v;
        w += i.warm_w;
    }
    b.v = v;
    b.w = w;
}

/// After the warm start: keep each body's velocity change from it, to be
/// applied again before the relax phase.
pub(crate) fn remember_warm_start(bodies: &[SolverBody], info: &mut [SolverBodyInfo]) {
    for (b, i) in bodies[1..].iter().zip(info[1..].iter_mut()) {
        i.warm_v = b.v - i.warm_v;
        i.warm_w = b.w - i.warm_w;
    }
}

/// Drift by the substep `h` with the solved velocities.
pub(crate) fn drift(bodies: &mut [SolverBody], h: Real) {
    for b in bodies[1..].iter_mut() {
        drift_body(b, h);
    }
}

#[inline(always)]
fn drift_body(b: &mut SolverBody, h: Real) {
    b.dp += h * b.v;
    if b.w != 0.0 {
        b.dq = b.dq.integrate(h * b.w);
    }
}

/// The second half kick of a substep, every body (see `kick_body`).
pub(crate) fn second_kick(bodies: &mut [SolverBody], info: &mut [SolverBodyInfo], h: Real) {
    for (b, i) in bodies[1..].iter_mut().zip(info[1..].iter_mut()) {
        kick_body(b, i, h, false);
    }
}

/// `drift`, then `second_kick` (`kick_half`): one pass over the bodies for
/// both.
pub(crate) fn drift_and_kick(
    bodies: &mut [SolverBody],
    info: &mut [SolverBodyInfo],
    h: Real,
    kick_half: Real,
) {
    for (b, i) in bodies[1..].iter_mut().zip(info[1..].iter_mut()) {
        drift_body(b, h);
        kick_body(b, i, kick_half, false);
    }
}
