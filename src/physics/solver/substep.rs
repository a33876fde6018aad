//! The stages of one substep, in order (see the step's list in
//! `world/step/mod.rs`):
//!
//! a. integrate velocities — the first half kick: half of gravity and the
//!    user forces, then damping;
//! b. warm start — half of last substep's impulses, contacts then joints;
//! c. solve — one phase over joints and contacts with the soft position
//!    bias (overlap is pushed apart);
//! d. integrate positions — the drift by the solved velocities, joints
//!    projected back onto their constraints, then the second half kick
//!    (the other half of the forces and of the warm start);
//! e. relax — the same phase without the bias (velocities only, so the
//!    push-out leaves no energy behind; friction is solved here).
//!
//! Everything here works on the solver's scratch alone, never on the world.

use crate::physics::joints::long_range;
use crate::physics::joints::solver as joint_solver;
use crate::physics::math::Real;
use crate::physics::solver::contact_constraint::ContactConstraint;
use crate::physics::solver::contact_solver as cs;
use crate::physics::solver::integrate::{
    drift, drift_and_second_half_kick, first_half_kick, remember_warm_start, second_half_kick,
};
use crate::physics::solver::scratch::SolverScratch;
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::solver::wide::contact_solver as wide;
use crate::physics::solver::Phase;

/// a. Integrate velocities: the first half kick of every body.
pub(crate) fn integrate_velocities(s: &mut SolverScratch, h: Real) {
    first_half_kick(
        &mut s.solver_bodies,
        &s.solver_info,
        &mut s.warm_change,
        0.5 * h,
    );
}

/// b. Warm start every contact (the bundled ones wide, the rest one by
/// one), keep each body's velocity change from it for the second half kick,
/// then warm start the joints (`first_substep`: the step's first).
pub(crate) fn warm_start(s: &mut SolverScratch, first_substep: bool) {
    let bundles = &mut s.bundles[..s.bundles_used];
    wide::warm_start_all(bundles, s.iterating_bundles, &mut s.solver_bodies);
    for range in s.solver_order.ranges.iter() {
        for c in s.constraints[range.start as usize..range.end as usize].iter_mut() {
            cs::warm_start(c, &mut s.solver_bodies);
        }
    }
    remember_warm_start(&s.solver_bodies, &mut s.warm_change);
    joint_solver::warm_start_joints(
        &mut s.joints,
        &s.joint_starts,
        s.joint_substep,
        &mut s.joint_warm,
        &mut s.solver_bodies,
        first_substep,
    );
}

/// c. Solve: joints and contacts with the soft bias.
pub(crate) fn solve(s: &mut SolverScratch, inv_h: Real, push: Real) {
    solve_constraints(s, inv_h, push, Phase::Solve);
}

/// d. Integrate positions: drift, project the joints' position errors out,
/// then the second half kick. Without joints there is nothing between the
/// drift and the kick, so both go in one pass over the bodies.
pub(crate) fn integrate_positions(s: &mut SolverScratch, h: Real) {
    if s.joints.is_empty() && s.reaches.is_empty() {
        drift_and_second_half_kick(
            &mut s.solver_bodies,
            &s.solver_info,
            &mut s.warm_change,
            h,
            0.5 * h,
        );
    } else {
        drift(&mut s.solver_bodies, h);
        joint_solver::project_joints(
            &s.joints,
            &s.joint_starts,
            s.joint_substep,
            (&s.iterating_joints, s.joint_passes),
            &mut s.solver_bodies,
            &mut s.joint_projection,
        );
        long_range::project(&s.reaches, &mut s.solver_bodies, 1.0 / h);
        long_range::tighten(s, 1.0 / h);
        second_half_kick(
            &mut s.solver_bodies,
            &s.solver_info,
            &mut s.warm_change,
            0.5 * h,
        );
    }
}

/// e. Relax: joints and contacts without the bias.
pub(crate) fn relax(s: &mut SolverScratch, inv_h: Real, push: Real) {
    solve_constraints(s, inv_h, push, Phase::Relax);
}

/// One phase over all constraints: the joints, then the big iterating
/// islands' colour groups wide (pass after pass until they converge), the
/// one-pass colour groups wide, then the small iterating islands and the
/// colouring's overflow by the scalar solver.
fn solve_constraints(s: &mut SolverScratch, inv_h: Real, push: Real, phase: Phase) {
    let SolverScratch {
        solver_bodies,
        constraints,
        solver_order,
        bundles,
        bounce_lanes,
        bundles_used,
        iterating_bundles,
        joints,
        joint_starts,
        joint_substep,
        joint_warm,
        iterating_joints,
        joint_passes,
        reaches,
        ..
    } = s;
    joint_solver::solve_joints(
        joints,
        joint_starts,
        *joint_substep,
        joint_warm,
        (iterating_joints, *joint_passes),
        solver_bodies,
        phase,
    );
    long_range::solve(reaches, solver_bodies, inv_h);
    let (iterating, single) = bundles[..*bundles_used].split_at_mut(*iterating_bundles);
    let (iterating_bounce, single_bounce) =
        bounce_lanes[..*bundles_used].split_at_mut(*iterating_bundles);
    if !iterating.is_empty() {
        let overflow = solver_order.iterating_overflow.map_or(&mut [][..], |r| {
            &mut constraints[r.start as usize..r.end as usize]
        });
        let passes = solver_order.wide_passes;
        for pass in 0..passes {
            let first = pass == 0;
            let (delta, scale) = wide::solve_iterating(
                iterating,
                iterating_bounce,
                solver_bodies,
                inv_h,
                push,
                phase,
                first,
            );
            let (o_delta, o_scale) =
                scalar_pass(overflow, solver_bodies, inv_h, push, phase, first);
            // Converged to single precision: more passes change nothing
            // the f32 lanes can hold.
            if pass + 1 < passes
                && delta.max(o_delta) <= WIDE_TOLERANCE * scale.max(o_scale) + 1e-12
            {
                break;
            }
        }
    }
    wide::solve_all(single, single_bounce, solver_bodies, inv_h, push, phase);
    for range in solver_order.ranges.iter() {
        let island = &mut constraints[range.start as usize..range.end as usize];
        let iterations = range.iterations;
        let tolerance = match phase {
            Phase::Solve => SCALAR_TOLERANCE,
            Phase::Relax => RELAX_TOLERANCE,
        };
        for it in 0..iterations {
            let (max_delta, scale) =
                scalar_pass(island, solver_bodies, inv_h, push, phase, it == 0);
            // Converged: further passes would change nothing measurable.
            if it + 1 < iterations && max_delta <= tolerance * scale + 1e-14 {
                break;
            }
        }
    }
}

/// Relative impulse change below which the wide iterating passes stop (a
/// few units of single-precision round-off).
const WIDE_TOLERANCE: Real = 1e-6;

/// Relative impulse change below which a scalar island's solve phase stops
/// iterating: the phase that carries the load, where passes stopped early
/// would let a heavy stack sag.
const SCALAR_TOLERANCE: Real = 1e-9;

/// The same for its relax phase, as the wide iterating passes: that phase
/// moves no position, and after the solve phase its passes only creep
/// (friction between masses far apart: 5000 kg on 5 kg changed each pass
/// by 3e-7 of its largest impulse, 0.999 of the pass before, so at 1e-9 it
/// ran to the budget's cap of 1,024 passes every substep: 0.47 ms a step
/// for three bodies, against 0.06). Stopped at 1e-6, the stacks of 5000 on
/// 5, 20,000 on 1 and 100,000 on 0.5 kg sink as little as before (none, 0
/// and 1.1 cm in 10 s) and rest with at most 3 mm/s left in them (1 mm/s
/// before).
const RELAX_TOLERANCE: Real = WIDE_TOLERANCE;

/// One scalar pass over `constraints`; returns (largest impulse change,
/// largest normal impulse). `first`: the phase's first pass (the relax
/// phase books the second half of the warm start once).
fn scalar_pass(
    constraints: &mut [ContactConstraint],
    bodies: &mut [SolverBody],
    inv_h: Real,
    push: Real,
    phase: Phase,
    first: bool,
) -> (Real, Real) {
    if phase == Phase::Relax && first {
        for c in constraints.iter_mut() {
            cs::count_second_half(c);
        }
    }
    let mut max_delta: Real = 0.0;
    let mut scale: Real = 0.0;
    for c in constraints.iter_mut() {
        max_delta = max_delta.max(cs::solve(c, bodies, inv_h, push, phase));
        for p in &c.points[..c.count] {
            scale = scale.max(p.normal_impulse);
        }
    }
    (max_delta, scale)
}
